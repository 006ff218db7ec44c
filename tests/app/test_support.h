/* test_support.h — helpers the app test suites share.
 *
 * Contract: test_app_new makes a headless App (software renderer, the given
 * size) on the source tree's data and optionally a settings file (its store,
 * store.h, is then ceki.db beside it; in memory otherwise); the test
 * frees it with app_destroy. The event helpers push real SDL_Events onto
 * SDL's queue and run them through app_pump_events, as the main loop does.
 * Paths returned by test_temp_dir live until the next call.
 */
#ifndef CEKI_TEST_SUPPORT_H
#define CEKI_TEST_SUPPORT_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "app_loop.h"
#include "scene.h"
#include "scenes.h"
#include "ui.h"

App *test_app_new(int width, int height, const char *settings_path);
/* A fresh empty directory under the build tree, named after `name` and
 * this process (no other process shares it); removed when the process
 * ends. */
const char *test_temp_dir(const char *name);

void test_key(App *app, SDL_Keycode key, Uint16 mod);
void test_mouse_move(App *app, int x, int y);
void test_mouse_down(App *app, int x, int y);
void test_mouse_up(App *app, int x, int y);
/* Any button, with SDL's count of clicks in a row (2: a double-click). */
void test_mouse_button(App *app, Uint32 type, Uint8 which, Uint8 clicks, int x, int y);
/* Moves to, presses and releases the centre of a rectangle. */
void test_click_rect(App *app, SDL_Rect r);
/* Clicks the top scene's widget with this name; fails the test if absent. */
void test_click_named(App *app, const char *name);

/* The name of the top scene ("" when none). */
const char *test_top_scene(const App *app);
/* The name of the focused widget of the top scene ("" when none). */
const char *test_focus_name(const App *app);

bool test_file_exists(const char *path);
/* Writes len bytes to path, failing the test when it cannot. */
void test_write_file(const char *path, const char *data, size_t len);
/* Reads up to size - 1 bytes of path into buf, NUL-terminated; the count. */
size_t test_read_file(const char *path, char *buf, size_t size);

/* What the screen says: draws the stack once with the text cache emptied
 * and returns every line of text copied to the screen, one per line of the
 * result, in drawing order (a line drawn twice appears twice). It is read
 * where the words become pixels: test_support.c stands in for SDL_ttf's
 * TTF_RenderUTF8_Blended and SDL's SDL_CreateTextureFromSurface,
 * SDL_DestroyTexture and SDL_RenderCopy, noting which texture holds which
 * line, and hands every call on to the library's own function. The text
 * lives until the next call. */
const char *test_screen_text(App *app);
/* The pixels of r in the frame drawn now, the whole stack drawn again
 * (malloc'd, r.w * r.h of them, ARGB8888). */
Uint32 *test_frame_pixels(App *app, SDL_Rect r);
/* True when the text of the last test_screen_text holds needle, its lines
 * joined by spaces (a wrapped sentence reads whole). */
bool test_screen_says(const char *needle);
/* Where the last test_screen_text drew the lines holding needle (one
 * drawn line each, not a wrapped sentence): up to max of them in out, in
 * drawing order; returns how many there were. */
int test_screen_text_rects(const char *needle, SDL_Rect *out, int max);
/* Fails, showing the screen's text, unless the screen (`scene_name` names it
 * in the message) says what the format makes. */
void test_expect_says(App *app, const char *scene_name, const char *format, ...);
/* The same, failing when the screen DOES say it. */
void test_expect_not_says(App *app, const char *scene_name, const char *format, ...);

/* A session of cfg with the person in seat 0 and computers of every level
 * (random, greedy, strong, in turn) in the others, thinking with no time
 * budget; fails the test if the core refuses the game. */
struct Session *test_session_new(const GameConfig *cfg);

#endif
