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

#include <stddef.h>

#define FILE_LOAD_FONT_MAX (32u << 20) /* the Noto fonts are under 1 MB */
#define FILE_LOAD_ART_MAX (4u << 20)   /* a card face's SVG is a few kB */

void *file_load(const char *path, size_t max, size_t *size, char *why, size_t why_size);

#endif
