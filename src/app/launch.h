/* launch.h — from a parsed command line to a running program.
 *
 * Contract: launch_apply puts the options of AppArgs into a new App (the
 * variant, players, seed and deck style of the game being set up; the
 * gallery's style) and opens the asked-for scene over the title, failing
 * with a reason when that scene is not available. launch_screenshot renders
 * it headless, settled, into the PNG and returns the exit status (0 on
 * success; errors on stderr). launch_window runs the interactive program.
 */
#ifndef CEKI_APP_LAUNCH_H
#define CEKI_APP_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>

#include "app.h"
#include "args.h"

bool launch_apply(App *app, const AppArgs *args, char *err, size_t err_size);
int launch_screenshot(const AppArgs *args);
int launch_window(const AppArgs *args);

#endif
