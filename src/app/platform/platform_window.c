/* platform_window.c — the program in an SDL window (platform.h). */
#include <SDL_image.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "platform.h"

typedef struct WindowState {
    SDL_Window *window;
    Uint64 freq, start;
} WindowState;

static SDL_Window *window_of(const App *app)
{
    const WindowState *w = app->platform_state;
    return w != NULL ? w->window : NULL;
}

/* The window's icon: the program's scalable icon, from the source tree or
 * from where `cmake --install` puts it beside the data (share/icons). A
 * missing icon leaves the system's default. */
static void set_window_icon(App *app, SDL_Window *window)
{
    static const char *const places[] = {
        "packaging/icons/io.github.ceki.Ceki.svg",
        "../icons/hicolor/scalable/apps/io.github.ceki.Ceki.svg",
    };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        char path[1300];
        snprintf(path, sizeof path, "%s/%s", app->data_dir, places[i]);
        SDL_Surface *icon = IMG_Load(path);
        if (icon != NULL) {
            SDL_SetWindowIcon(window, icon);
            SDL_FreeSurface(icon);
            return;
        }
    }
}

/* Whether the machine has a graphics card to draw with: a DRI render node.
 * Without one, OpenGL would itself be a software rasteriser (llvmpipe,
 * softpipe, swrast) that draws what SDL's software renderer draws, for
 * some 50 MB more; LIBGL_ALWAYS_SOFTWARE says the same. Nothing of OpenGL
 * is loaded to find out. */
static bool has_graphics_card(void)
{
    const char *sw = SDL_getenv("LIBGL_ALWAYS_SOFTWARE");
    if (sw != NULL && sw[0] != '\0' && strcmp(sw, "0") != 0) {
        return false;
    }
    glob_t nodes;
    bool found = glob("/dev/dri/renderD*", 0, NULL, &nodes) == 0 && nodes.gl_pathc > 0;
    globfree(&nodes);
    return found;
}

/* SDL_RENDER_DRIVER wins (SDL reads it itself); then the setting; Auto
 * draws in software where there is no graphics card. */
static bool want_software_renderer(const Settings *s)
{
    const char *driver = SDL_getenv("SDL_RENDER_DRIVER");
    if (driver != NULL && driver[0] != '\0') {
        return strcmp(driver, "software") == 0;
    }
    switch (s->renderer) {
    case RENDERER_ACCELERATED: return false;
    case RENDERER_SOFTWARE: return true;
    default: return !has_graphics_card();
    }
}

/* The first size: as asked, shrunk to fit the screen. */
static void first_size(const AppConfig *cfg, int *w, int *h)
{
    *w = cfg->width > 0 ? cfg->width : 1280;
    *h = cfg->height > 0 ? cfg->height : 800;
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && (*w > usable.w || *h > usable.h)) {
        float fit = SDL_min((float)usable.w / (float)*w, (float)usable.h / (float)*h) * 0.9f;
        *w = (int)((float)*w * fit);
        *h = (int)((float)*h * fit);
    }
}

static void open_renderer(App *app, SDL_Window *window)
{
    if (!want_software_renderer(&app->settings)) {
        app->renderer =
            SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    }
    if (app->renderer == NULL) {
        /* Drawn into the window's own framebuffer, never through OpenGL. */
        SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT);
        app->renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    }
    SDL_RendererInfo info = {0};
    /* SDL's software renderer reports PRESENTVSYNC but presents at once:
     * only a graphics card's vsync paces the frames. */
    app->vsync = app->renderer != NULL && SDL_GetRendererInfo(app->renderer, &info) == 0 &&
                 (info.flags & SDL_RENDERER_PRESENTVSYNC) && !(info.flags & SDL_RENDERER_SOFTWARE);
    /* The software renderer draws into the window's own surface, which
     * keeps every pixel between frames; a graphics card's back buffer does
     * not. */
    app->keeps_frame = app->renderer != NULL && (info.flags & SDL_RENDERER_SOFTWARE);
}

static bool window_open(App *app, const AppConfig *cfg, char *err, size_t err_size)
{
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, err_size, "SDL: %s", SDL_GetError());
        return false;
    }
    WindowState *ws = calloc(1, sizeof *ws);
    if (ws == NULL) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    app->platform_state = ws;
    ws->freq = SDL_GetPerformanceFrequency();
    ws->start = SDL_GetPerformanceCounter();
    int w, h;
    first_size(cfg, &w, &h);
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (app->settings.fullscreen) {
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    }
    ws->window =
        SDL_CreateWindow("Ceki", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (ws->window == NULL) {
        snprintf(err, err_size, "cannot open a window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(ws->window, APP_MIN_W, APP_MIN_H);
    set_window_icon(app, ws->window);
    open_renderer(app, ws->window);
    if (app->renderer == NULL) {
        snprintf(err, err_size, "cannot create a renderer: %s", SDL_GetError());
        return false;
    }
    return true;
}

static void window_close(App *app)
{
    WindowState *ws = app->platform_state;
    if (app->renderer != NULL) {
        SDL_DestroyRenderer(app->renderer);
        app->renderer = NULL;
    }
    if (ws != NULL && ws->window != NULL) {
        SDL_DestroyWindow(ws->window);
    }
    free(ws);
    app->platform_state = NULL;
}

static double window_clock(App *app)
{
    const WindowState *ws = app->platform_state;
    return (double)(SDL_GetPerformanceCounter() - ws->start) / (double)ws->freq;
}

static bool window_next_event(App *app, SDL_Event *e, int timeout_ms)
{
    (void)app;
    return timeout_ms > 0 ? SDL_WaitEventTimeout(e, timeout_ms) == 1 : SDL_PollEvent(e) == 1;
}

static bool window_post(App *app, const SDL_Event *e)
{
    (void)app;
    SDL_Event copy = *e;
    return SDL_PushEvent(&copy) == 1;
}

static void window_sleep(App *app, double seconds)
{
    (void)app;
    if (seconds > 0) {
        SDL_Delay((Uint32)(seconds * 1000.0));
    }
}

static void window_present(App *app, const SDL_Rect *parts, int nparts)
{
    if (nparts > 0) {
        /* Only what was drawn again goes to the screen. */
        SDL_RenderFlush(app->renderer);
        SDL_UpdateWindowSurfaceRects(window_of(app), parts, nparts);
    } else {
        SDL_RenderPresent(app->renderer);
    }
}

static void window_measure(App *app, int *w, int *h, float *dpi)
{
    int ww = 0, wh = 0;
    SDL_GetRendererOutputSize(app->renderer, w, h);
    SDL_GetWindowSize(window_of(app), &ww, &wh);
    *dpi = ww > 0 ? (float)*w / (float)ww : 1.0f;
}

static void window_set_fullscreen(App *app, bool on)
{
    SDL_SetWindowFullscreen(window_of(app), on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

/* Some window managers (and xdotool) resize below the minimum the window
 * declares: the window is grown back, so every variant stays usable. */
static void window_keep_minimum_size(App *app)
{
    SDL_Window *window = window_of(app);
    if (SDL_GetWindowFlags(window) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_MAXIMIZED)) {
        return;
    }
    int w = 0, h = 0;
    SDL_GetWindowSize(window, &w, &h);
    if (w < APP_MIN_W || h < APP_MIN_H) {
        SDL_SetWindowSize(window, SDL_max(w, APP_MIN_W), SDL_max(h, APP_MIN_H));
    }
}

/* What a window's renderer has drawn, read back (any renderer). */
static SDL_Surface *window_read_pixels(App *app)
{
    SDL_RenderFlush(app->renderer);
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, app->width, app->height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s != NULL && SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels,
                                          s->pitch) != 0) {
        SDL_FreeSurface(s);
        s = NULL;
    }
    return s;
}

const PlatformOps platform_window = {
    .name = "window",
    .headless = false,
    .open = window_open,
    .close = window_close,
    .clock = window_clock,
    .next_event = window_next_event,
    .post = window_post,
    .sleep = window_sleep,
    .present = window_present,
    .measure = window_measure,
    .set_fullscreen = window_set_fullscreen,
    .keep_minimum_size = window_keep_minimum_size,
    .read_pixels = window_read_pixels,
};
