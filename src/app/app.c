#include "app.h"

#include <SDL_image.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_load.h"
#include "paths.h"
#include "store.h"

int app_px(const App *app, float units)
{
    return (int)lroundf(units * app->ui);
}

SDL_Rect app_rect(const App *app, float x, float y, float w, float h)
{
    SDL_Rect r = {app->stage.x + app_px(app, x), app->stage.y + app_px(app, y), app_px(app, w),
                  app_px(app, h)};
    return r;
}

TextStyle app_text_style(const App *app, float size, TextWeight weight, SDL_Color color)
{
    TextStyle s = {size * app->ui, weight, color};
    return s;
}

const VariantDesc *app_variant(const App *app)
{
    const VariantDesc *v = variant_get(app->setup.config.variant);
    return v != NULL ? v : variant_get(VARIANT_DEFAULT);
}

void app_setup_variant(App *app, VariantId id)
{
    GameSetup *s = &app->setup;
    s->config = game_config_default(id, s->config.seed);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        s->human[i] = i == 0;
        s->level[i] = AI_GREEDY;
    }
    s->style = settings_style_for(&app->settings, variant_get(id));
}

DeckStyle app_deck_style(const App *app)
{
    return app->setup.style;
}

unsigned app_card_flags(const App *app)
{
    unsigned flags = 0;
    if (app_variant(app)->scores_red_stamps) {
        flags |= CARD_RED_STAMP;
    }
    if (app->settings.colour_cue) {
        flags |= CARD_COLOUR_CUE;
    }
    return flags;
}

void app_show_toast(App *app, const char *message)
{
    snprintf(app->toast, sizeof app->toast, "%s", message);
    app->toast_until = app->now + 3.0;
    app->dirty = true;
}

void app_report(App *app, const char *message)
{
    app_show_toast(app, message);
    app->toast_until = app->now + 6.0;
    fprintf(stderr, "ceki: %s\n", message);
}

/* Recomputes sizes and the UI scale from the renderer's output. */
void app_update_metrics(App *app)
{
    int w = app->width, h = app->height;
    app->dpi = 1.0f;
    if (app->window != NULL) {
        int ww = 0, wh = 0;
        SDL_GetRendererOutputSize(app->renderer, &w, &h);
        SDL_GetWindowSize(app->window, &ww, &wh);
        if (ww > 0) {
            app->dpi = (float)w / (float)ww;
        }
    }
    if ((w != app->width || h != app->height) && app->cards != NULL) {
        card_art_forget_unused(app->cards); /* faces at the old sizes */
    }
    app->width = w;
    app->height = h;
    float scale = SDL_min((float)w / APP_DESIGN_W, (float)h / APP_DESIGN_H);
    app->ui = scale < 0.25f ? 0.25f : scale;
    int sw = (int)lroundf(APP_DESIGN_W * app->ui), sh = (int)lroundf(APP_DESIGN_H * app->ui);
    app->stage = (SDL_Rect){(w - sw) / 2, (h - sh) / 2, sw, sh};
    app->dirty = true;
}

static bool save_settings(App *app)
{
    if (app->settings_path[0] == '\0' || !app->settings_kept) {
        return true;
    }
    char err[256];
    if (!settings_save(app->settings_path, &app->settings, err, sizeof err)) {
        char msg[300];
        snprintf(msg, sizeof msg, _("Settings not saved: %s"), err);
        app_report(app, msg);
        return false;
    }
    return true;
}

static const char *locale_dir(void)
{
    static char dir[1100];
    paths_find_locale_dir(dir, sizeof dir);
    return dir;
}

static void load_settings(App *app)
{
    if (app->settings_path[0] == '\0') {
        settings_defaults(&app->settings);
        i18n_init(locale_dir(), app->settings.language);
        return;
    }
    char why[200];
    SettingsLoad result = settings_load(app->settings_path, &app->settings, why, sizeof why);
    i18n_init(locale_dir(), app->settings.language); /* the notices below in their language */
    if (result == SETTINGS_UNREADABLE) {
        /* It may be whole: never replaced; this run's changes stay in memory. */
        app->settings_kept = false;
        snprintf(app->notice, sizeof app->notice,
                 _("Your settings file could not be read (%s); it was left as it is, and changes "
                   "to the settings will not be kept this time."),
                 why);
    } else if (result == SETTINGS_DAMAGED) {
        snprintf(app->notice, sizeof app->notice,
                 _("Your settings file was damaged (%s); the defaults are back in place."), why);
        /* Keep the damaged file for whoever wants to look (never over an
         * earlier kept copy), then write defaults. */
        char bad[1200];
        if (file_keep_aside(app->settings_path, bad, sizeof bad)) {
            const char *base = strrchr(bad, '/');
            size_t at = strlen(app->notice);
            snprintf(app->notice + at, sizeof app->notice - at,
                     _(" The old file was kept as %.60s."), base != NULL ? base + 1 : bad);
        }
        save_settings(app);
    }
}

static void add_notice(App *app, const char *text)
{
    size_t n = strlen(app->notice);
    if (text[0] != '\0') {
        snprintf(app->notice + n, sizeof app->notice - n, "%s%s", n > 0 ? " " : "", text);
    }
}

/* The store (store.h): opened, the files of earlier versions moved in once,
 * the statistics read; whatever went wrong reported after the settings. */
static bool open_store(App *app, const AppConfig *cfg)
{
    char notice[600];
    app->store = store_open(cfg->store_path, notice, sizeof notice);
    if (app->store == NULL) {
        return false;
    }
    add_notice(app, notice);
    if (store_persistent(app->store)) {
        StoreMigration from = {cfg->stats_path, cfg->old_save_path, cfg->old_replay_dir};
        if (!store_migrate(app->store, &from, notice, sizeof notice)) {
            snprintf(notice, sizeof notice,
                     _("The files of an earlier version could not be moved in yet; they were left "
                       "as they are."));
        }
        add_notice(app, notice);
    }
    char err[256];
    stats_clear(&app->stats);
    if (!store_stats(app->store, &app->stats, err, sizeof err)) {
        snprintf(notice, sizeof notice, _("Your statistics could not be read: %s."), err);
        add_notice(app, notice);
    }
    return true;
}

static void stats_not_saved(App *app, const char *err)
{
    char msg[300];
    snprintf(msg, sizeof msg, _("Statistics not saved: %s"), err);
    app_report(app, msg);
}

void app_record_stats(App *app, const Game *g, const char *match, int you, int level, bool round,
                      bool match_end)
{
    StatsOutcome r;
    if (!stats_outcome(g, you, &r) || (match_end && !r.match_over)) {
        return;
    }
    const char *key = variant_get(r.variant)->key;
    char err[256];
    bool ok = !round || store_add_round(app->store, match, r.round, key, level, r.round_score,
                                        r.round_won, err, sizeof err);
    ok = ok && (!match_end || store_add_match(app->store, match, key, level, r.match_won, r.staked,
                                              r.units, err, sizeof err));
    if (!ok) {
        stats_not_saved(app, err);
    }
    Stats now;
    if (store_stats(app->store, &now, err, sizeof err)) {
        app->stats = now;
    }
}

void app_reset_stats_of(App *app, VariantId v)
{
    if ((unsigned)v >= VARIANT_COUNT) {
        return;
    }
    char err[256];
    if (!store_stats_reset(app->store, variant_get(v)->key, err, sizeof err)) {
        stats_not_saved(app, err);
        return;
    }
    memset(&app->stats.v[v], 0, sizeof app->stats.v[v]);
    memset(&app->stats.lv[v], 0, sizeof app->stats.lv[v]);
}

void app_reset_stats(App *app)
{
    char err[256];
    if (!store_stats_reset(app->store, NULL, err, sizeof err)) {
        stats_not_saved(app, err);
        return;
    }
    stats_clear(&app->stats);
}

void app_set_settings(App *app, const Settings *s)
{
    bool fullscreen_changed = s->fullscreen != app->settings.fullscreen;
    if (s->deck_style != app->settings.deck_style && app->cards != NULL) {
        card_art_forget_unused(app->cards); /* the other style's faces */
    }
    bool language_changed = s->language != app->settings.language;
    app->settings = *s;
    if (language_changed) {
        i18n_set_language(s->language); /* every screen reads its words anew when drawn */
    }
    if (fullscreen_changed && app->window != NULL) {
        SDL_SetWindowFullscreen(app->window, s->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        app_update_metrics(app);
    }
    save_settings(app);
    app->dirty = true;
}

/* The window's icon: the program's scalable icon, from the source tree or
 * from where `cmake --install` puts it beside the data (share/icons). A
 * missing icon leaves the system's default. */
static void set_window_icon(App *app)
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
            SDL_SetWindowIcon(app->window, icon);
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

static bool open_window(App *app, const AppConfig *cfg, char *err, size_t err_size)
{
    int w = cfg->width > 0 ? cfg->width : 1280, h = cfg->height > 0 ? cfg->height : 800;
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && (w > usable.w || h > usable.h)) {
        float fit = SDL_min((float)usable.w / (float)w, (float)usable.h / (float)h) * 0.9f;
        w = (int)((float)w * fit);
        h = (int)((float)h * fit);
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (app->settings.fullscreen) {
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    }
    app->window =
        SDL_CreateWindow("Ceki", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (app->window == NULL) {
        snprintf(err, err_size, "cannot open a window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(app->window, APP_MIN_W, APP_MIN_H);
    set_window_icon(app);
    if (!want_software_renderer(&app->settings)) {
        app->renderer = SDL_CreateRenderer(app->window, -1,
                                           SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    }
    if (app->renderer == NULL) {
        /* Drawn into the window's own framebuffer, never through OpenGL. */
        SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT);
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
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
    if (app->renderer == NULL) {
        snprintf(err, err_size, "cannot create a renderer: %s", SDL_GetError());
        return false;
    }
    return true;
}

static bool open_target(App *app, int w, int h, char *err, size_t err_size)
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
        /* Textures belong to the old renderer. */
        text_clear_cache(app->text);
        paint_clear_cache(app->paint);
        card_art_reset(app->cards);
        SDL_DestroyRenderer(app->renderer);
    }
    SDL_FreeSurface(app->target);
    app->target = target;
    app->renderer = r;
    app->keeps_frame = true;
    app->width = w;
    app->height = h;
    return true;
}

bool app_resize_target(App *app, int width, int height)
{
    char err[256];
    if (!app->headless || !open_target(app, width, height, err, sizeof err)) {
        return false;
    }
    app_update_metrics(app);
    return true;
}

App *app_context_create(const AppConfig *cfg, char *err, size_t err_size)
{
    /* Smooth scaling and rotation of card textures (the title's fan, a
     * card shown from another size while its own is made). */
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    Uint32 systems = cfg->headless ? SDL_INIT_EVENTS : SDL_INIT_VIDEO | SDL_INIT_EVENTS;
    if (SDL_Init(systems) != 0) {
        snprintf(err, err_size, "SDL: %s", SDL_GetError());
        return NULL;
    }
    App *app = calloc(1, sizeof *app);
    if (app == NULL) {
        snprintf(err, err_size, "out of memory");
        SDL_Quit();
        return NULL;
    }
    app->headless = cfg->headless;
    app->gallery_style = STYLE_COUNT;
    if (cfg->data_dir != NULL) {
        snprintf(app->data_dir, sizeof app->data_dir, "%s", cfg->data_dir);
    } else if (!paths_find_data_dir(app->data_dir, sizeof app->data_dir)) {
        snprintf(err, err_size,
                 _("cannot find the program's data (fonts, card art); last looked in %s"),
                 app->data_dir);
        app_context_destroy(app);
        return NULL;
    }
    if (cfg->settings_path != NULL) {
        snprintf(app->settings_path, sizeof app->settings_path, "%s", cfg->settings_path);
    }
    app->settings_kept = true;
    load_settings(app);
    if (!open_store(app, cfg)) {
        snprintf(err, err_size, "out of memory");
        app_context_destroy(app);
        return NULL;
    }

    char dir[1100];
    snprintf(dir, sizeof dir, "%s/fonts", app->data_dir);
    app->text = text_create(dir, err, err_size);
    app->paint = paint_create();
    snprintf(dir, sizeof dir, "%s/assets/cards", app->data_dir);
    app->cards = app->paint != NULL && app->text != NULL
                     ? card_art_create(dir, app->paint, app->text)
                     : NULL;
    if (app->text == NULL || app->paint == NULL || app->cards == NULL) {
        if (app->text != NULL) {
            snprintf(err, err_size, "out of memory");
        }
        app_context_destroy(app);
        return NULL;
    }
    bool opened = cfg->headless ? open_target(app, cfg->width > 0 ? cfg->width : 1280,
                                              cfg->height > 0 ? cfg->height : 800, err, err_size)
                                : open_window(app, cfg, err, err_size);
    if (!opened) {
        app_context_destroy(app);
        return NULL;
    }
    app_update_metrics(app);
    app_setup_variant(app, VARIANT_DEFAULT);
    return app;
}

void app_context_destroy(App *app)
{
    if (app == NULL) {
        return;
    }
    store_close(app->store);
    card_art_destroy(app->cards);
    paint_destroy(app->paint);
    text_destroy(app->text);
    if (app->renderer != NULL) {
        SDL_DestroyRenderer(app->renderer);
    }
    if (app->window != NULL) {
        SDL_DestroyWindow(app->window);
    }
    SDL_FreeSurface(app->target);
    free(app);
    SDL_Quit();
}

void app_damage(App *app, SDL_Rect r)
{
    SDL_Rect all = {0, 0, app->width, app->height};
    if (!SDL_IntersectRect(&r, &all, &r)) {
        return;
    }
    /* Joined with a rectangle it overlaps or nearly touches, or with the
     * last one when the list is full. */
    for (int i = 0; i < app->ndamage; i++) {
        SDL_Rect near = app->damage[i];
        near.x -= 16;
        near.y -= 16;
        near.w += 32;
        near.h += 32;
        if (SDL_HasIntersection(&near, &r)) {
            SDL_UnionRect(&app->damage[i], &r, &app->damage[i]);
            return;
        }
    }
    if (app->ndamage == APP_MAX_DAMAGE) {
        SDL_UnionRect(&app->damage[APP_MAX_DAMAGE - 1], &r, &app->damage[APP_MAX_DAMAGE - 1]);
        return;
    }
    app->damage[app->ndamage++] = r;
}

/* What a window's renderer has drawn, read back (any renderer). */
static SDL_Surface *read_window(App *app)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, app->width, app->height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s != NULL && SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels,
                                          s->pitch) != 0) {
        SDL_FreeSurface(s);
        s = NULL;
    }
    return s;
}

/* A PNG is encoded into memory first (SDL_image does not report a failed
 * write), then written whole with every call checked (settings_write_atomic):
 * a full disk gives an error and leaves no half file. */
typedef struct PngBuffer {
    unsigned char *data;
    size_t len, cap, at;
    bool failed;
} PngBuffer;

static size_t SDLCALL png_write(SDL_RWops *rw, const void *p, size_t size, size_t n)
{
    PngBuffer *b = rw->hidden.unknown.data1;
    size_t add = size * n;
    if (b->at + add > b->cap) {
        size_t cap = SDL_max(b->cap * 2, b->at + add + 65536);
        unsigned char *grown = realloc(b->data, cap);
        if (grown == NULL) {
            b->failed = true;
            return 0;
        }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->at, p, add);
    b->at += add;
    b->len = SDL_max(b->len, b->at);
    return n;
}

static Sint64 SDLCALL png_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    PngBuffer *b = rw->hidden.unknown.data1;
    Sint64 base = whence == RW_SEEK_SET   ? 0
                  : whence == RW_SEEK_CUR ? (Sint64)b->at
                                          : (Sint64)b->len;
    if (base + offset < 0 || base + offset > (Sint64)b->len) {
        return -1;
    }
    b->at = (size_t)(base + offset);
    return (Sint64)b->at;
}

static int SDLCALL png_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw);
    return 0;
}

static bool encode_png(SDL_Surface *shot, PngBuffer *b)
{
    SDL_RWops *rw = SDL_AllocRW();
    if (rw == NULL) {
        return false;
    }
    rw->write = png_write;
    rw->seek = png_seek;
    rw->close = png_close;
    rw->hidden.unknown.data1 = b;
    return IMG_SavePNG_RW(shot, rw, 1) == 0 && !b->failed && b->len > 0;
}

bool app_save_png(App *app, const char *path, char *err, size_t err_size)
{
    SDL_RenderFlush(app->renderer);
    SDL_Surface *shot = app->target != NULL ? app->target : read_window(app);
    if (shot == NULL) {
        snprintf(err, err_size, "cannot read what was drawn: %s", SDL_GetError());
        return false;
    }
    PngBuffer png = {0};
    bool ok = encode_png(shot, &png);
    if (!ok) {
        snprintf(err, err_size, "cannot encode the PNG: %s", IMG_GetError());
    } else {
        ok = settings_write_atomic(path, (const char *)png.data, png.len, err, err_size);
    }
    free(png.data);
    if (shot != app->target) {
        SDL_FreeSurface(shot);
    }
    return ok;
}
