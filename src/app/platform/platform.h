/* platform.h — what the program asks of the machine, as one small table of
 * functions: a place to draw (the App's renderer), the clock, the player's
 * input, showing a frame, the drawable size and fullscreen.
 *
 * Contract: the App reaches the window, the clock and the input only
 * through app->platform (app.c opens it, app_loop.c runs on it); scenes
 * never do. Two implementations:
 *   platform_window    an SDL window with a graphics card's or SDL's
 *                      software renderer, SDL's event queue, the
 *                      performance counter, vsync or a frame cap;
 *   platform_headless  SDL's software renderer on a surface in memory, a
 *                      virtual clock that advances only when the loop
 *                      waits or sleeps (so a test's minute of play takes
 *                      what drawing it takes), and input from a queue and
 *                      from a script the loop asks whenever the queue is
 *                      empty (platform_headless_script): the same app_run
 *                      a person's window runs, driven by a test.
 * Both reach SDL's own queue too, so a system's quit (a signal) is heard.
 */
#ifndef CEKI_APP_PLATFORM_H
#define CEKI_APP_PLATFORM_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct App App;
typedef struct AppConfig AppConfig;

typedef struct PlatformOps {
    const char *name; /* "window" or "headless" */
    bool headless;    /* nothing is shown: draw every card face at once */
    /* Opens the drawing target: sets app->renderer, app->keeps_frame and
     * app->vsync, and the platform's own state; false with a reason. */
    bool (*open)(App *app, const AppConfig *cfg, char *err, size_t err_size);
    void (*close)(App *app);   /* destroys the renderer and the target */
    double (*clock)(App *app); /* seconds, only ever increasing */
    /* The next input event, waiting at most timeout_ms for one (0: do
     * not wait); false when there is none. */
    bool (*next_event)(App *app, SDL_Event *e, int timeout_ms);
    bool (*post)(App *app, const SDL_Event *e); /* an event for next_event */
    void (*sleep)(App *app, double seconds);
    /* Shows what was drawn: the whole frame (nparts 0) or those parts. */
    void (*present)(App *app, const SDL_Rect *parts, int nparts);
    /* The drawable size in pixels and pixels per window coordinate. */
    void (*measure)(App *app, int *w, int *h, float *dpi);
    void (*set_fullscreen)(App *app, bool on);
    /* After a resize: grows a window a window manager made smaller than
     * the program's minimum (APP_MIN_W x APP_MIN_H) back to it. */
    void (*keep_minimum_size)(App *app);
    /* The pixels drawn so far, for a screenshot: a surface the caller
     * frees with platform_release_pixels, or NULL with SDL's error. */
    SDL_Surface *(*read_pixels)(App *app);
} PlatformOps;

extern const PlatformOps platform_window;
extern const PlatformOps platform_headless;

void platform_release_pixels(App *app, SDL_Surface *pixels);

/* ---- headless only ------------------------------------------------------- */

/* Asked for input whenever the queue is empty: puts an event in *out and
 * returns true, or returns false (nothing now; the loop goes on). */
typedef bool (*PlatformScript)(App *app, void *ctx, SDL_Event *out);
void platform_headless_script(App *app, PlatformScript script, void *ctx);
/* A new size for the surface (a new renderer: the caller forgets its
 * textures first). */
bool platform_headless_resize(App *app, int width, int height, char *err, size_t err_size);
/* The surface drawn into, and how many frames were presented (NULL and 0
 * on a window). */
SDL_Surface *platform_headless_surface(const App *app);
long platform_headless_frames(const App *app);

#endif
