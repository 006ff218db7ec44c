/* platform_headless.c — the program with no window (platform.h): a
 * software renderer on a surface, a virtual clock, scripted input. */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "platform.h"

#define HEADLESS_QUEUE 256 /* events posted and not yet taken */

typedef struct HeadlessState {
    SDL_Surface *target;
    double clock; /* virtual seconds */
    SDL_Event queue[HEADLESS_QUEUE];
    int head, count;
    PlatformScript script;
    void *script_ctx;
    long frames;
} HeadlessState;

static HeadlessState *state_of(const App *app)
{
    return app->platform == &platform_headless ? app->platform_state : NULL;
}

/* A surface of w x h and a software renderer on it, replacing the old. */
static bool open_target(App *app, HeadlessState *hs, int w, int h, char *err, size_t err_size)
{
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = target != NULL ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (r == NULL) {
        snprintf(err, err_size, "cannot create a %dx%d software renderer: %s", w, h,
                 SDL_GetError());
        SDL_FreeSurface(target);
        return false;
    }
    if (app->renderer != NULL) {
        SDL_DestroyRenderer(app->renderer);
    }
    SDL_FreeSurface(hs->target);
    hs->target = target;
    app->renderer = r;
    app->keeps_frame = true;
    app->vsync = false;
    return true;
}

static bool headless_open(App *app, const AppConfig *cfg, char *err, size_t err_size)
{
    HeadlessState *hs = calloc(1, sizeof *hs);
    if (hs == NULL) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    app->platform_state = hs;
    return open_target(app, hs, cfg->width > 0 ? cfg->width : 1280,
                       cfg->height > 0 ? cfg->height : 800, err, err_size);
}

static void headless_close(App *app)
{
    HeadlessState *hs = app->platform_state;
    if (app->renderer != NULL) {
        SDL_DestroyRenderer(app->renderer);
        app->renderer = NULL;
    }
    if (hs != NULL) {
        SDL_FreeSurface(hs->target);
    }
    free(hs);
    app->platform_state = NULL;
}

static double headless_clock(App *app)
{
    return state_of(app)->clock;
}

/* The queue, then the script, then SDL's own queue (a signal's quit); with
 * nothing to give, a wait passes on the virtual clock and yields the
 * processor a moment to the computer players' thread. */
static bool headless_next_event(App *app, SDL_Event *e, int timeout_ms)
{
    HeadlessState *hs = state_of(app);
    if (hs->count > 0) {
        *e = hs->queue[hs->head];
        hs->head = (hs->head + 1) % HEADLESS_QUEUE;
        hs->count--;
        return true;
    }
    if (hs->script != NULL && hs->script(app, hs->script_ctx, e)) {
        return true;
    }
    if (SDL_PollEvent(e) == 1) {
        return true;
    }
    if (timeout_ms > 0) {
        hs->clock += timeout_ms / 1000.0;
        SDL_Delay(1);
    }
    return false;
}

static bool headless_post(App *app, const SDL_Event *e)
{
    HeadlessState *hs = state_of(app);
    if (hs->count == HEADLESS_QUEUE) {
        return false;
    }
    hs->queue[(hs->head + hs->count) % HEADLESS_QUEUE] = *e;
    hs->count++;
    return true;
}

static void headless_sleep(App *app, double seconds)
{
    if (seconds > 0) {
        state_of(app)->clock += seconds;
    }
}

static void headless_present(App *app, const SDL_Rect *parts, int nparts)
{
    (void)parts;
    (void)nparts;
    SDL_RenderFlush(app->renderer);
    state_of(app)->frames++;
}

static void headless_measure(App *app, int *w, int *h, float *dpi)
{
    const HeadlessState *hs = state_of(app);
    *w = hs->target->w;
    *h = hs->target->h;
    *dpi = 1.0f;
}

static void headless_set_fullscreen(App *app, bool on)
{
    (void)app;
    (void)on; /* no window: the surface keeps its size */
}

static void headless_keep_minimum_size(App *app)
{
    (void)app; /* the surface is the size the caller asked for */
}

static SDL_Surface *headless_read_pixels(App *app)
{
    SDL_RenderFlush(app->renderer);
    return state_of(app)->target;
}

const PlatformOps platform_headless = {
    .name = "headless",
    .headless = true,
    .open = headless_open,
    .close = headless_close,
    .clock = headless_clock,
    .next_event = headless_next_event,
    .post = headless_post,
    .sleep = headless_sleep,
    .present = headless_present,
    .measure = headless_measure,
    .set_fullscreen = headless_set_fullscreen,
    .keep_minimum_size = headless_keep_minimum_size,
    .read_pixels = headless_read_pixels,
};

void platform_headless_script(App *app, PlatformScript script, void *ctx)
{
    HeadlessState *hs = state_of(app);
    if (hs != NULL) {
        hs->script = script;
        hs->script_ctx = ctx;
    }
}

bool platform_headless_resize(App *app, int width, int height, char *err, size_t err_size)
{
    HeadlessState *hs = state_of(app);
    if (hs == NULL) {
        snprintf(err, err_size, "only a headless program has a surface to resize");
        return false;
    }
    return open_target(app, hs, width, height, err, err_size);
}

SDL_Surface *platform_headless_surface(const App *app)
{
    const HeadlessState *hs = state_of(app);
    return hs != NULL ? hs->target : NULL;
}

long platform_headless_frames(const App *app)
{
    const HeadlessState *hs = state_of(app);
    return hs != NULL ? hs->frames : 0;
}

/* A window's pixels are a copy to free; the headless surface is kept. */
void platform_release_pixels(App *app, SDL_Surface *pixels)
{
    if (pixels != NULL && pixels != platform_headless_surface(app)) {
        SDL_FreeSurface(pixels);
    }
}
