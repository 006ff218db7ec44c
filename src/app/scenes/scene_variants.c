/* scene_variants.c — choosing a game: the list of every variant and the
 * details of the one in focus. */
#include <stdio.h>

#include "scenes.h"
#include "stats.h"
#include "ui.h"
#include "variant_text.h"

enum { VARIANTS_BACK = 100, VARIANTS_CHOOSE = 101 };

typedef struct VariantsState {
    Ui ui;
    VariantId shown; /* the variant the detail panel shows */
} VariantsState;

static const float ROW_H = 42.0f;

static void layout(App *app, VariantsState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, VARIANTS_BACK);
    for (int i = 0; i < VARIANT_COUNT; i++) {
        ui_add(&s->ui, WIDGET_ITEM, i, app_rect(app, 60, 138 + (float)i * ROW_H, 540, ROW_H - 4),
               false, variant_get((VariantId)i)->key);
    }
    ui_add(&s->ui, WIDGET_PRIMARY, VARIANTS_CHOOSE, app_rect(app, 930, 670, 280, 52), false,
           _("Set up this game"));
    ui_fix_focus(&s->ui);
}

static bool variants_enter(App *app, void *state)
{
    VariantsState *s = state;
    ui_init(&s->ui);
    s->shown = app->setup.config.variant;
    layout(app, s);
    ui_focus(&s->ui, (int)s->shown);
    return true;
}

static SceneAction choose(App *app, VariantId id)
{
    if (id != app->setup.config.variant) {
        app_setup_variant(app, id);
    }
    return scene_push(SCENE_SETUP);
}

static SceneAction variants_event(App *app, void *state, const SDL_Event *e)
{
    VariantsState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.id >= 0 && ev.id < VARIANT_COUNT) {
        s->shown = (VariantId)ev.id;
    }
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == VARIANTS_BACK) {
            return scene_pop();
        }
        return choose(app, s->shown);
    default: return scene_stay();
    }
}

static void draw_row(App *app, VariantsState *s, int i)
{
    const VariantDesc *v = variant_get((VariantId)i);
    const Widget *w = ui_find(&s->ui, i);
    ui_draw_item(app, &s->ui, i, (VariantId)i == s->shown);
    SDL_Renderer *r = app->renderer;
    TextStyle name = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    SDL_Rect box = {w->rect.x + app_px(app, 20), w->rect.y, w->rect.w, w->rect.h};
    SDL_Rect drawn = text_draw_in(app->text, r, _(v->name), &name, box, TEXT_LEFT);
    if (v->javanese[0] != '\0') {
        TextStyle jav = app_text_style(app, 15, TEXT_REGULAR, UI_GOLD);
        SDL_Rect jbox = {drawn.x + drawn.w + app_px(app, 12), w->rect.y, 0, w->rect.h};
        text_draw_in(app->text, r, v->javanese, &jav, jbox, TEXT_LEFT);
    }
    char players[32];
    variant_text_players(v, players, sizeof players);
    TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect pbox = {w->rect.x, w->rect.y, w->rect.w - app_px(app, 18), w->rect.h};
    text_draw_in(app->text, r, players, &soft, pbox, TEXT_RIGHT);
}

/* The player's statistics for this game, at the bottom left of the panel
 * beside the button, growing upwards. */
static void draw_record(App *app, const VariantDesc *v)
{
    SDL_Renderer *r = app->renderer;
    char lines[4][STATS_LINE_MAX];
    int n = stats_lines(&app->stats, v->id, lines, 4);
    const char *label = _("YOUR RECORD");
    if (variant_is_watch_only(v)) {
        n = 1;
        snprintf(lines[0], sizeof lines[0], _("Not kept: this game plays itself"));
    }
    TextStyle lab = app_text_style(app, 12.5f, TEXT_BOLD, UI_GOLD);
    TextStyle val = app_text_style(app, 15, TEXT_REGULAR, n > 1 ? UI_INK : UI_INK_SOFT);
    SDL_Rect box = app_rect(app, 668, 0, 244, 0);
    int label_h = text_line_height(app->text, lab.px, lab.weight, false);
    int h = label_h;
    for (int i = 0; i < n; i++) {
        h += text_draw_wrapped(app->text, NULL, lines[i], &val, box, TEXT_LEFT, 1.0f);
    }
    int y = app_rect(app, 0, 722, 0, 0).y - h;
    text_draw(app->text, r, label, &lab, box.x, y, TEXT_LEFT);
    y += label_h;
    for (int i = 0; i < n; i++) {
        box.y = y;
        y += text_draw_wrapped(app->text, r, lines[i], &val, box, TEXT_LEFT, 1.0f);
    }
}

static void draw_details(App *app, VariantsState *s)
{
    const VariantDesc *v = variant_get(s->shown);
    SDL_Renderer *r = app->renderer;
    SDL_Rect panel = app_rect(app, 636, 124, 592, 612);
    ui_draw_panel(app, panel);
    int x = panel.x + app_px(app, 32), w = panel.w - app_px(app, 64);
    int y = panel.y + app_px(app, 24);
    TextStyle title = app_text_style(app, 30, TEXT_BOLD, UI_INK);
    SDL_Rect t = text_draw(app->text, r, _(v->name), &title, x, y, TEXT_LEFT);
    y = t.y + t.h;
    if (v->javanese[0] != '\0') {
        TextStyle jav = app_text_style(app, 26, TEXT_REGULAR, UI_GOLD);
        SDL_Rect j = text_draw(app->text, r, v->javanese, &jav, x, y - app_px(app, 4), TEXT_LEFT);
        y = j.y + j.h;
    }
    y += app_px(app, 8);
    TextStyle summary = app_text_style(app, 19, TEXT_REGULAR, UI_INK_SOFT);
    y += text_draw_wrapped(app->text, r, _(v->summary), &summary, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                           1.05f);
    y += app_px(app, 16);

    /* Facts on the left, a few cards of its pack on the right. */
    int facts_w = w - app_px(app, 210);
    char players[32], deck[96];
    variant_text_players(v, players, sizeof players);
    variant_text_deck(v, deck, sizeof deck);
    int fy = y;
    fy = ui_draw_fact(app, x, fy, facts_w, _("PLAYERS"), players, UI_INK);
    fy = ui_draw_fact(app, x, fy, facts_w, _("CARDS"), deck, UI_INK);
    fy = ui_draw_fact(app, x, fy, facts_w, _("A TURN"), variant_text_turn(v), UI_INK);
    fy = ui_draw_fact(app, x, fy, facts_w, _("CAPTURES"), variant_text_capture(v), UI_INK);
    ui_draw_fact(app, x, fy, facts_w, _("CAPTURED CARDS"), variant_text_piles(v), UI_INK);

    DeckStyle style = settings_style_for(&app->settings, v);
    Card sample[3] = {CARD_OT, CARD_C1 + 4, CARD_S1 + 8};
    if (v->deck == DECK_FRENCH_NO_KINGS) {
        sample[0] = card_french(SUIT_HEARTS, 1);
        sample[1] = card_french(SUIT_SPADES, 12);
        sample[2] = card_french(SUIT_DIAMONDS, 7);
    }
    unsigned flags = (v->scores_red_stamps ? CARD_RED_STAMP : 0) |
                     (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
    float ch = deck_style_get(style)->art == ART_CEKI ? 170.0f : 118.0f;
    float cw = (float)(ch * card_art_aspect(style, sample[0]));
    for (int i = 0; i < 3; i++) {
        SDL_Rect cr =
            app_rect(app, 1124 - cw / 2 + (float)(i - 1) * (cw * 0.55f),
                     (deck_style_get(style)->art == ART_CEKI ? 356 : 380) + (float)i * 12, cw, ch);
        card_art_draw(app->cards, r, style, sample[i], cr, flags);
    }
    draw_record(app, v);
    ui_draw_button(app, &s->ui, VARIANTS_CHOOSE, _("Set up this game"));
}

static void variants_draw(App *app, void *state, SDL_Renderer *r)
{
    VariantsState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    ui_draw_heading(app, _("Choose a game"), _("Every game of the Ceki family the program knows"));
    ui_draw_panel(app, app_rect(app, 44, 124, 572, 612));
    for (int i = 0; i < VARIANT_COUNT; i++) {
        draw_row(app, s, i);
    }
    draw_details(app, s);
    ui_draw_button(app, &s->ui, VARIANTS_BACK, _("Back"));
    static const char *const hints[] = {"arrows",     N_("Choose"), "Enter",
                                        N_("Set up"), "Esc",        N_("Back")};
    ui_draw_hints(app, hints, 3);
}

static const Ui *variants_widgets(const void *state)
{
    return &((const VariantsState *)state)->ui;
}

const SceneClass scene_variants_class = {
    .name = "variants",
    .state_size = sizeof(VariantsState),
    .enter = variants_enter,
    .handle_event = variants_event,
    .draw = variants_draw,
    .widgets = variants_widgets,
};
