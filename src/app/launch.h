/* launch.h — from a parsed command line to a running program.
 *
 * Contract: launch_apply puts the options of AppArgs into a new App (the
 * variant, players, seed and deck style of the game being set up; the
 * gallery's style) and opens the asked-for scene over the title, failing
 * with a reason when that scene is not available. launch_screenshot renders
 * it headless, settled, into the PNG and returns the exit status (0 on
 * success; errors on stderr); a table is shown mid-round (random players make
 * a few moves first, the same for the same seed). launch_window runs the
 * interactive program. launch_autoplay opens the table with a computer in
 * every seat and runs the event loop until the match ends (with
 * --exit-at-end, which prints the standings) or the window is closed; in a
 * window where SDL_VIDEODRIVER gives one, else headless.
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
int launch_autoplay(const AppArgs *args);
/* --import: each file (a replay, a save or a bare game record) checked and
 * kept among the player's replays, or refused with the reason; --export:
 * every kept replay written into the folder as a record file. One line per
 * file on stdout; exit 1 when any file failed, 0 otherwise. */
int launch_records(const AppArgs *args);

/* ---- shared with launch_net.c -------------------------------------------- */

/* Applies the options to the App and runs it until quit; then closes it.
 * The exit status. */
int launch_run(App *app, const AppArgs *args);
/* The App of a command-line run (headless under SDL's dummy driver), with
 * the player's store and files when `person`. NULL with a reason. */
App *launch_make_app(const AppArgs *args, bool person, char *err, size_t err_size);
/* --as-person's driver: a person's action at the table, once a frame. */
void launch_play_for_person(App *app);
/* A network table (--host, --join, a ceki:// link, --rejoin; launch_net.c):
 * the table made and waited for until its match starts, then played in
 * the window like any other. The exit status. */
int launch_net(const AppArgs *args);
/* --autoplay-after N (launch_net.c): the window as launch_window opens
 * it, for tests that drive it from outside: the person's moves made for
 * them after their own N, the standings printed at the match's end, and
 * CEKI_NET_TRACE's lines for a network table joined or hosted through the
 * screens. The exit status. */
int launch_window_watched(const AppArgs *args);

#endif
