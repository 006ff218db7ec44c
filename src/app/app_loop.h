/* app_loop.h — the program's main loop over the App and its scenes.
 *
 * Contract: app_create makes the context (app.h) and opens the title scene
 * on it; app_destroy leaves every scene, then frees the context. The loop
 * redraws only when something changed (`dirty`) or a scene asks for frames
 * (`animating`: something moves; card art pending) and otherwise waits for
 * the platform's next event (platform.h): for one frame's time when a scene
 * waits on a clock or a thread with nothing moving (`ticking`: it is
 * updated, not drawn, unless that makes it dirty), else until an event.
 * Its time (the dt of app_update) is the platform's clock: real on a
 * window, virtual headless. Budgets of work within one frame (card faces
 * made, autoplay moves) measure real time, since they are about the
 * processor. This is the one module that knows both the App and the scene
 * machine and widgets above it.
 */
#ifndef CEKI_APP_APP_LOOP_H
#define CEKI_APP_APP_LOOP_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"

/* NULL on failure with a reason in err: the context and the title scene. */
App *app_create(const AppConfig *cfg, char *err, size_t err_size);
void app_destroy(App *app);

/* Feeds one event through the app (quit, resize) and the top scene. */
void app_handle_event(App *app, const SDL_Event *event);
/* Handles every event the platform has now and returns how many. */
int app_pump_events(App *app);
void app_update(App *app, double dt);
/* Draws one frame into the renderer (not presented). */
void app_draw(App *app);
/* Draws the next frame: whole when `dirty` (or there is nothing to limit it
 * to), else only the damaged rectangles, each drawn with everything beneath
 * and above it clipped to it. Returns how many rectangles were drawn and
 * puts them in `out` (0: the whole frame). Clears `dirty` and the damage. */
int app_draw_frame(App *app, SDL_Rect *out, int cap);
/* How long the loop waits for input when nothing is to be drawn, in ms:
 * 500 when all is still, a frame while a scene ticks, and at most 20 at a
 * network table (hosting, joining or seated), whose connection is
 * serviced between waits. */
int app_input_wait_ms(const App *app);
/* Headless: updates and draws until nothing is pending, as a screenshot
 * wants it. */
void app_settle(App *app);
/* The interactive loop until quit; returns the exit status. */
int app_run(App *app);

#endif
