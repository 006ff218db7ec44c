/* paths.h — where the program finds its data and keeps the player's files.
 *
 * Contract: the data directory holds fonts/ and assets/. It is, in order:
 * $CEKI_DATA_DIR when set (an override, used as given); the installed
 * <binary dir>/../share/ceki; the source tree the build came from. A
 * candidate counts only if fonts/NotoSans-Regular.ttf is in it. Player
 * files live in one folder, <XDG data home>/ceki/ (SDL_GetPrefPath with no
 * organisation); earlier versions used .../ceki/ceki/, whose files
 * paths_move_old_data moves up once.
 */
#ifndef CEKI_APP_PATHS_H
#define CEKI_APP_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* False when none was found; out then names every place tried, the
 * installed one first (for the message that says where it looked). */
bool paths_find_data_dir(char *out, size_t size);
/* The gettext locale directory: $CEKI_LOCALE_DIR, <binary>/../share/locale
 * when installed (it holds ceki.mo), else the build tree's. */
void paths_find_locale_dir(char *out, size_t size);
/* The full path of a file in the player's preference directory; false when
 * SDL cannot give one. */
bool paths_pref_file(const char *name, char *out, size_t size);
/* Moves the player's files from the old doubled folder (.../ceki/ceki/)
 * into the data folder, once: a file already in the new folder is never
 * replaced (the old one then stays where it was). Returns how many moved. */
int paths_move_old_data(void);

#endif
