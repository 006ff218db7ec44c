/* scene_settings.c — the player's preferences, applied and saved at once,
 * with a preview of the cards as they will look. */
#include <stdio.h>

#include "net_screens.h"
#include "scenes.h"
#include "stats.h"
#include "ui.h"
#include "variant_text.h"

enum {
    SET_LANGUAGE = 1,
    SET_STYLE,
    SET_SPEED,
    SET_CUE,
    SET_COACH,
    SET_DISPLAY,
    SET_RENDERER,
    SET_STATS,
    SET_NAME = 50, /* the name others see at a network table, under the preview */
    SET_BACK = 100
};

typedef struct SettingsState {
    Ui ui;
    bool confirm_reset;         /* "Reset statistics" was pressed once */
    float row_y[SET_STATS + 1]; /* design units: each row's top, from its caption's height */
    float cap_h[SET_STATS + 1]; /* and its caption's */
    float cap_px;               /* the captions' type size */
    TextField name;             /* Your name (empty: the system's user name) */
    bool name_active;           /* typing goes to it */
} SettingsState;

static const char *const labels[] = {
    "",          N_("Language"), N_("Deck style"), N_("Animation speed"), N_("Colour-blind cue"),
    N_("Coach"), N_("Display"),  N_("Drawing"),    N_("Statistics")};
enum {
    ROW_TOP = 140,
    ROW_BOTTOM = 728,
    CONTROL_H = 44,
    CAPTION_GAP = 4,
    ROW_GAP = 12,
    ROW_GAP_LEAST = 4, /* rows close up this far before the captions shrink past 11 */
    CAPTION_W = 420
};

static const char *caption_of(const App *app, const SettingsState *s, int id)
{
    const Settings *st = &app->settings;
    switch (id) {
    case SET_LANGUAGE:
        return st->language == LANGUAGE_SYSTEM ? _("As the computer is set; changes at once.")
                                               : _("Changes every screen at once.");
    case SET_STYLE: return _("Used for new games; the setup screen can change it per game.");
    case SET_SPEED: return _("How fast cards move at the table. Instant skips the motion.");
    case SET_CUE:
        return _("Marks red-stamped cards with a star badge and a frame, not colour alone.");
    case SET_COACH: return _("On each of your turns, a good move is lit and explained.");
    case SET_DISPLAY: return _("F11 or Alt+Enter switches at any time.");
    case SET_RENDERER:
        return st->renderer == RENDERER_AUTO
                   ? _("Graphics card if any, else software; from the next start.")
               : st->renderer == RENDERER_SOFTWARE
                   ? _("Same pictures in far less memory; from the next start.")
                   : _("Draws with the graphics card; from the next start.");
    case SET_STATS:
        return s->confirm_reset ? _("Every game's counts go back to zero. Esc keeps them.")
               : stats_any(&app->stats)
                   ? _("Your rounds, matches and winning runs, shown when you choose a game.")
                   : _("Nothing recorded yet: finish a round against the computer.");
    default: return "";
    }
}

/* Every caption a row can show, so that its height does not change when
 * its value does (a click must not move the rows under the pointer). */
static int captions_of(int id, const char *out[3])
{
    switch (id) {
    case SET_LANGUAGE:
        out[0] = _("As the computer is set; changes at once.");
        out[1] = _("Changes every screen at once.");
        return 2;
    case SET_RENDERER:
        out[0] = _("Graphics card if any, else software; from the next start.");
        out[1] = _("Same pictures in far less memory; from the next start.");
        out[2] = _("Draws with the graphics card; from the next start.");
        return 3;
    case SET_STATS:
        out[0] = _("Every game's counts go back to zero. Esc keeps them.");
        out[1] = _("Your rounds, matches and winning runs, shown when you choose a game.");
        out[2] = _("Nothing recorded yet: finish a round against the computer.");
        return 3;
    default: return 0;
    }
}

/* Rows stack down the panel, each as tall as its longest caption needs in
 * the language shown; when they would run past the panel the captions'
 * type is made smaller. */
static bool place_rows_at(App *app, SettingsState *s, float row_gap);

static void place_rows(App *app, SettingsState *s)
{
    for (float gap = ROW_GAP; gap >= ROW_GAP_LEAST; gap -= 2) {
        if (place_rows_at(app, s, gap)) {
            return;
        }
    }
}

/* The rows with this gap between them, the captions' type as large as
 * fits; false when even the smallest does not. */
static bool place_rows_at(App *app, SettingsState *s, float row_gap)
{
    for (float px = 14; px >= 11; px -= 1) {
        TextStyle cap = app_text_style(app, px, TEXT_REGULAR, UI_INK_SOFT);
        float y = ROW_TOP;
        for (int id = SET_LANGUAGE; id <= SET_STATS; id++) {
            SDL_Rect box = app_rect(app, 0, 0, CAPTION_W, 0);
            const char *all[3];
            int n = captions_of(id, all);
            if (n == 0) {
                all[n++] = caption_of(app, s, id);
            }
            int h = 0;
            for (int k = 0; k < n; k++) {
                h = SDL_max(h,
                            text_draw_wrapped(app->text, NULL, all[k], &cap, box, TEXT_LEFT, 1.0f));
            }
            s->row_y[id] = y;
            s->cap_h[id] = (float)h / app->ui + 1;
            y += CONTROL_H + CAPTION_GAP + s->cap_h[id] + row_gap;
        }
        s->cap_px = px;
        if (y - row_gap <= ROW_BOTTOM) {
            return true;
        }
    }
    return false;
}

static void layout(App *app, SettingsState *s)
{
    place_rows(app, s);
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, SET_BACK);
    for (int id = SET_LANGUAGE; id <= SET_RENDERER; id++) {
        WidgetKind kind = id == SET_CUE || id == SET_COACH ? WIDGET_TOGGLE : WIDGET_CHOICE;
        ui_add(&s->ui, kind, id, app_rect(app, 330, s->row_y[id], 380, CONTROL_H), false,
               _(labels[id]));
    }
    ui_add(&s->ui, WIDGET_BUTTON, SET_STATS,
           app_rect(app, 330, s->row_y[SET_STATS], 380, CONTROL_H), !stats_any(&app->stats),
           _("Reset statistics"));
    ui_add(&s->ui, WIDGET_ITEM, SET_NAME, app_rect(app, 832, 676, 368, CONTROL_H), false,
           _("Your name"));
    ui_fix_focus(&s->ui);
}

static bool settings_enter(App *app, void *state)
{
    SettingsState *s = state;
    ui_init(&s->ui);
    text_field_init(&s->name, SETTINGS_NAME_MAX);
    text_field_limit_bytes(&s->name, SETTINGS_NAME_MAX);
    text_field_set(&s->name, app->settings.player_name);
    layout(app, s);
    ui_focus(&s->ui, SET_LANGUAGE);
    return true;
}

/* Typing into Your name: kept at once; Enter or Esc leave the field.
 * true when the field took the event. */
static bool name_event(App *app, SettingsState *s, const SDL_Event *e)
{
    if (!s->name_active) {
        return false;
    }
    TextFieldResult r = text_field_handle(&s->name, e);
    if (r == TEXT_FIELD_SUBMIT || r == TEXT_FIELD_CANCEL) {
        s->name_active = false;
    }
    if (r != TEXT_FIELD_IGNORED) {
        net_screens_keep_name(app, s->name.text);
        app->dirty = true;
    }
    return r != TEXT_FIELD_IGNORED;
}

/* The style preference cycles: each game's own, then the packs offered for
 * the Ceki games in their table's order. */
static DeckStyle step_style(DeckStyle style, int dir)
{
    DeckStyle first = deck_style_step(STYLE_COUNT, 1);
    DeckStyle last = deck_style_step(first, -1);
    if (style == SETTINGS_STYLE_VARIANT) {
        return dir > 0 ? first : last;
    }
    if ((dir > 0 && style == last) || (dir < 0 && style == first)) {
        return SETTINGS_STYLE_VARIANT;
    }
    return deck_style_step(style, dir);
}

static void change(App *app, int id, int dir)
{
    Settings s = app->settings;
    switch (id) {
    case SET_LANGUAGE:
        s.language =
            (Language)(((int)s.language + (dir < 0 ? -1 : 1) + LANGUAGE_COUNT) % LANGUAGE_COUNT);
        break;
    case SET_STYLE: s.deck_style = step_style(s.deck_style, dir); break;
    case SET_SPEED:
        s.anim_speed = (AnimSpeed)(((int)s.anim_speed + dir + ANIM_COUNT) % ANIM_COUNT);
        break;
    case SET_CUE: s.colour_cue = dir == 0 ? !s.colour_cue : dir > 0; break;
    case SET_COACH: s.coach = dir == 0 ? !s.coach : dir > 0; break;
    case SET_DISPLAY: s.fullscreen = !s.fullscreen; break;
    case SET_RENDERER:
        s.renderer = (RendererChoice)(((int)s.renderer + (dir < 0 ? -1 : 1) + RENDERER_COUNT) %
                                      RENDERER_COUNT);
        break;
    default: return;
    }
    if (!settings_equal(&s, &app->settings)) {
        app_set_settings(app, &s);
    }
}

static SceneAction settings_event(App *app, void *state, const SDL_Event *e)
{
    SettingsState *s = state;
    layout(app, s);
    if (name_event(app, s, e)) {
        return scene_stay();
    }
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_FOCUS && e->type == SDL_KEYDOWN) {
        s->name_active = ev.id == SET_NAME;
    }
    if (ev.kind == UI_ACTIVATE && ev.id == SET_NAME) {
        s->name_active = true;
        app->dirty = true;
        return scene_stay();
    }
    if (s->confirm_reset && ev.kind != UI_NONE && ev.id != SET_STATS) {
        /* Going anywhere else keeps the statistics. */
        s->confirm_reset = false;
        app->dirty = true;
        if (ev.kind == UI_BACK) {
            return scene_stay();
        }
    }
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == SET_BACK) {
            return scene_pop();
        }
        if (ev.id == SET_STATS) {
            if (s->confirm_reset) {
                app_reset_stats(app);
                app_show_toast(app, _("Statistics reset: every game starts again from zero."));
                s->confirm_reset = false;
                layout(app, s);
                ui_focus(&s->ui, SET_BACK);
            } else {
                s->confirm_reset = true;
            }
            app->dirty = true;
            break;
        }
        change(app, ev.id, 0);
        break;
    case UI_DECREASE:
    case UI_INCREASE: change(app, ev.id, ev.kind == UI_INCREASE ? 1 : -1); break;
    default: break;
    }
    return scene_stay();
}

static void draw_caption(App *app, const SettingsState *s, int id)
{
    TextStyle cap = app_text_style(app, s->cap_px, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect box =
        app_rect(app, 330, s->row_y[id] + CONTROL_H + CAPTION_GAP, CAPTION_W, s->cap_h[id]);
    text_draw_wrapped(app->text, app->renderer, caption_of(app, s, id), &cap, box, TEXT_LEFT, 1.0f);
}

static void draw_preview(App *app)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect panel = app_rect(app, 804, 124, 424, 612);
    ui_draw_panel(app, panel);
    TextStyle head = app_text_style(app, 13, TEXT_BOLD, UI_GOLD);
    text_draw(app->text, r, _("PREVIEW"), &head, panel.x + app_px(app, 28),
              panel.y + app_px(app, 24), TEXT_LEFT);
    DeckStyle style = settings_style_for(&app->settings, NULL);
    static const Card cards[4] = {CARD_OT, CARD_RF, CARD_S1 + 8, CARD_C1 + 4};
    unsigned flags = CARD_RED_STAMP | (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
    float ch = deck_style_get(style)->art == ART_CEKI ? 215.0f : 150.0f;
    float cw = (float)(ch * card_art_aspect(style, CARD_OT));
    float gap = deck_style_get(style)->art == ART_CEKI ? 16.0f : 12.0f;
    float bottom = 0;
    if (deck_style_get(style)->art == ART_CEKI) {
        float left = 1016 - (4 * cw + 3 * gap) / 2;
        for (int i = 0; i < 4; i++) {
            card_art_draw(app->cards, r, style, cards[i],
                          app_rect(app, left + (float)i * (cw + gap), 196, cw, ch), flags);
        }
        bottom = 196 + ch;
    } else {
        float left = 1016 - (2 * cw + gap) / 2;
        for (int i = 0; i < 4; i++) {
            float x = left + (float)(i % 2) * (cw + gap), y = 190 + (float)(i / 2) * (ch + 24);
            card_art_draw(app->cards, r, style, cards[i], app_rect(app, x, y, cw, ch), flags);
            bottom = y + ch;
        }
    }
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    char note[400];
    if (app->settings.deck_style == SETTINGS_STYLE_VARIANT) {
        snprintf(note, sizeof note, "%s",
                 _("Each game uses the cards it was described with: Ceki cards for the Javanese "
                   "games, Western substitutes for the published ones. The three red-stamped "
                   "cards and a black one."));
    } else {
        snprintf(note, sizeof note,
                 _("%s The three red-stamped cards (Old Thousand, Red Flower, 9 of Strings) and "
                   "a black one."),
                 deck_style_about(app->settings.deck_style));
    }
    SDL_Rect box = app_rect(app, 832, bottom + 30, 368, 0);
    text_draw_wrapped(app->text, r, note, &body, box, TEXT_LEFT, 1.05f);
}

/* Your name, under the preview: what others see at a network table. */
static void draw_name(App *app, const SettingsState *s)
{
    TextStyle head = app_text_style(app, 13, TEXT_BOLD, UI_GOLD);
    SDL_Rect at = app_rect(app, 832, 650, 0, 0);
    text_draw(app->text, app->renderer, _("YOUR NAME AT A NETWORK TABLE"), &head, at.x, at.y,
              TEXT_LEFT);
    net_screens_draw_field(app, &s->ui, SET_NAME, &s->name, s->name_active,
                           _("Empty: your login name"));
}

static void settings_draw(App *app, void *state, SDL_Renderer *r)
{
    SettingsState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    ui_draw_heading(app, _("Settings"), _("Saved as soon as you change them"));
    ui_draw_panel(app, app_rect(app, 44, 124, 740, 612));
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    for (int id = SET_LANGUAGE; id <= SET_STATS; id++) {
        ui_draw_label(app, &s->ui, id, _(labels[id]), label_x);
    }
    const Settings *st = &app->settings;
    ui_draw_choice(app, &s->ui, SET_LANGUAGE, language_name(st->language));
    ui_draw_choice(app, &s->ui, SET_STYLE, deck_style_name(st->deck_style));
    ui_draw_choice(app, &s->ui, SET_SPEED, anim_speed_name(st->anim_speed));
    ui_draw_toggle(app, &s->ui, SET_CUE, st->colour_cue);
    ui_draw_toggle(app, &s->ui, SET_COACH, st->coach);
    ui_draw_choice(app, &s->ui, SET_DISPLAY, st->fullscreen ? _("Full screen") : _("Window"));
    ui_draw_choice(app, &s->ui, SET_RENDERER, renderer_name(st->renderer));
    ui_draw_button(app, &s->ui, SET_STATS,
                   s->confirm_reset ? _("Press again to reset") : _("Reset statistics"));
    for (int id = SET_LANGUAGE; id <= SET_STATS; id++) {
        draw_caption(app, s, id);
    }
    draw_preview(app);
    draw_name(app, s);
    ui_draw_button(app, &s->ui, SET_BACK, _("Back"));
    static const char *const hints[] = {"arrows",     N_("Move"), "leftright",
                                        N_("Change"), "Esc",      N_("Back")};
    ui_draw_hints(app, hints, 3);
}

static const Ui *settings_widgets(const void *state)
{
    return &((const SettingsState *)state)->ui;
}

const SceneClass scene_settings_class = {
    .name = "settings",
    .state_size = sizeof(SettingsState),
    .enter = settings_enter,
    .handle_event = settings_event,
    .draw = settings_draw,
    .widgets = settings_widgets,
};
