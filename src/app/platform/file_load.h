/* file_load.h — reading a whole data file (a font, a card face) safely.
 *
 * Contract: file_load returns the file's bytes in a buffer the caller frees
 * with free(), and its size in *size, or NULL with a one-line reason for the
 * player in why[] when the path is not a regular file (a directory, a
 * device such as /dev/zero, a FIFO), is larger than `max` bytes, or cannot
 * be read whole (permission, I/O error). It never reads more than `max`
 * bytes, so nothing it is pointed at can exhaust the memory. No SDL here.
 */
#ifndef CEKI_APP_FILE_LOAD_H
#define CEKI_APP_FILE_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#define FILE_LOAD_FONT_MAX (32u << 20) /* the Noto fonts are under 1 MB */
#define FILE_LOAD_ART_MAX (4u << 20)   /* a card face's SVG is a few kB */

void *file_load(const char *path, size_t max, size_t *size, char *why, size_t why_size);

/* Moves a damaged file out of the way, never over anything: to
 * PATH.damaged, or PATH.damaged-2, -3 ... when that name is taken (by a
 * file, a directory or a symlink, even a dangling one). The new name is
 * claimed first with O_CREAT | O_EXCL, then the file is renamed onto that
 * claim, so not even a second copy of the program keeping a file aside at
 * the same moment can overwrite an earlier kept copy. True with the name
 * in kept_as; false (and PATH left where it was) when no name could be
 * claimed or the rename failed. */
bool file_keep_aside(const char *path, char *kept_as, size_t size);

#endif
