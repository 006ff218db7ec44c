#include "app.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_load.h"
#include "paths.h"
#include "store.h"

/* Joining two damaged rectangles may draw this many pixels per pixel of
 * the new one's width and height beyond their areas (a strip that thick
 * along it): nearly touching rectangles are joined ... */
#define DAMAGE_JOIN_SLACK 16
/* ... and at least APP_DAMAGE_PASS_PIXELS (app.h). */

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
        s->remote[i] = s->network && i > 0;
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
    int w = 0, h = 0;
    app->platform->measure(app, &w, &h, &app->dpi);
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
    size_t before = strlen(app->notice);
    add_notice(app, notice);
    if (!store_persistent(app->store)) { /* what add_notice wrote, as it stands there */
        const char *said = app->notice + before;
        snprintf(app->store_said, sizeof app->store_said, "%s", said + (said[0] == ' '));
    }
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

void app_check_store(App *app)
{
    if (app->store_said[0] == '\0' || !store_persistent(app->store)) {
        return;
    }
    char *at = strstr(app->notice, app->store_said);
    if (at != NULL) {
        size_t n = strlen(app->store_said);
        if (at > app->notice && at[-1] == ' ') {
            at--, n++; /* and the space add_notice put before it */
        } else if (at[n] == ' ') {
            n++; /* or, first in the notice, the one before the next */
        }
        memmove(at, at + n, strlen(at + n) + 1);
    }
    app->store_said[0] = '\0';
    char err[256];
    Stats now;
    if (store_stats(app->store, &now, err, sizeof err)) {
        app->stats = now;
    }
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
    if (fullscreen_changed && app->platform_state != NULL) {
        app->platform->set_fullscreen(app, s->fullscreen);
        app_update_metrics(app);
    }
    save_settings(app);
    app->dirty = true;
}

bool app_resize_target(App *app, int width, int height)
{
    if (app->platform != &platform_headless) {
        return false;
    }
    /* Textures belong to the old renderer. */
    text_clear_cache(app->text);
    paint_clear_cache(app->paint);
    card_art_reset(app->cards);
    char err[256];
    if (!platform_headless_resize(app, width, height, err, sizeof err)) {
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
    /* The click that brings the window to the front also acts, as in the
     * desktop's other programs: by default SDL drops it on X11, so a card
     * clicked in a window behind another was not picked up, nor a button
     * pressed (seen with two windows at one table). The environment's
     * SDL_MOUSE_FOCUS_CLICKTHROUGH still decides when it is set. */
    SDL_SetHintWithPriority(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1", SDL_HINT_DEFAULT);
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        snprintf(err, err_size, "SDL: %s", SDL_GetError());
        return NULL;
    }
    App *app = calloc(1, sizeof *app);
    if (app == NULL) {
        snprintf(err, err_size, "out of memory");
        SDL_Quit();
        return NULL;
    }
    app->platform = cfg->headless ? &platform_headless : &platform_window;
    app->gallery_style = STYLE_COUNT;
    if (cfg->data_dir != NULL) {
        snprintf(app->data_dir, sizeof app->data_dir, "%s", cfg->data_dir);
    } else if (!paths_find_data_dir(app->data_dir, sizeof app->data_dir)) {
        snprintf(err, err_size, _("cannot find the program's data (fonts, card art); looked in %s"),
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
    if (!app->platform->open(app, cfg, err, err_size)) {
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
    app->platform->close(app);
    free(app);
    SDL_Quit();
}

/* Pixels two rectangles would draw for nothing if they were joined into
 * one around both: what the joined one covers beyond their own areas. */
static long damage_waste(SDL_Rect a, SDL_Rect b)
{
    SDL_Rect u;
    SDL_UnionRect(&a, &b, &u);
    return (long)u.w * u.h - (long)a.w * a.h - (long)b.w * b.h;
}

void app_damage(App *app, SDL_Rect r)
{
    SDL_Rect all = {0, 0, app->width, app->height};
    if (!SDL_IntersectRect(&r, &all, &r)) {
        return;
    }
    /* Joined with a rectangle when that costs little (they overlap much or
     * lie side by side): rectangles far apart stay apart, so that two
     * corners of the window changing does not redraw all between them.
     * Overlapping ones are each drawn whole, which draws the same pixels
     * twice. With the list full, joined with the one it wastes least with. */
    int best = -1;
    long best_waste = 0;
    for (int i = 0; i < app->ndamage; i++) {
        long waste = damage_waste(app->damage[i], r);
        if (best < 0 || waste < best_waste) {
            best = i;
            best_waste = waste;
        }
    }
    long slack = SDL_max((long)DAMAGE_JOIN_SLACK * (r.w + r.h), (long)APP_DAMAGE_PASS_PIXELS);
    if (best >= 0 && (best_waste <= slack || app->ndamage == APP_MAX_DAMAGE)) {
        SDL_UnionRect(&app->damage[best], &r, &app->damage[best]);
        return;
    }
    app->damage[app->ndamage++] = r;
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
    SDL_Surface *shot = app->platform->read_pixels(app);
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
    platform_release_pixels(app, shot);
    return ok;
}
