/* scene_gallery.c — every card of a pack, grouped by suit, with its names:
 * English, Javanese where the rules give one, and the Western equivalent. */
#include <stdio.h>
#include <string.h>

#include "card_names.h"
#include "scenes.h"
#include "ui.h"
#include "variant_text.h"

/* A tab per deck style (its id is GALLERY_TAB + the style); cards use their
 * Card value. */
enum { GALLERY_TAB = 200, GALLERY_BACK = 300 };

/* The deck style draws the French pack (Kings) rather than Ceki kinds. */
static bool is_french(DeckStyle style)
{
    return deck_style_get(style) != NULL && deck_style_get(style)->art == ART_FRENCH;
}

typedef struct GalleryState {
    Ui ui;
    DeckStyle style;
    Card shown; /* the card the detail panel shows */
} GalleryState;

/* Cards of a row (a suit) of the style's grid; returns how many. */
static int row_cards(DeckStyle style, int row, Card *out)
{
    if (is_french(style)) {
        for (int rank = 1; rank <= 13; rank++) {
            out[rank - 1] = card_french((CardSuit)(SUIT_SPADES + row), rank);
        }
        return 13;
    }
    if (row < 3) {
        for (int n = 1; n <= 9; n++) {
            out[n - 1] = card_ceki((CardSuit)row, n);
        }
        return 9;
    }
    out[0] = CARD_OT;
    out[1] = CARD_WF;
    out[2] = CARD_RF;
    return 3;
}

/* The rectangle of the card at (row, col) of the grid, in design units. */
static SDL_FRect cell(DeckStyle style, int row, int col)
{
    bool french = is_french(style);
    float left = 196, top = 196, row_h = 132;
    float cell_w = french ? 50.0f : 72.0f;
    float card_h = 100;
    float card_w =
        (float)(card_h * card_art_aspect(style, french ? card_french(SUIT_SPADES, 1) : CARD_C1));
    if (card_w > cell_w - 6) {
        card_w = cell_w - 6;
        card_h = (float)(card_w /
                         card_art_aspect(style, french ? card_french(SUIT_SPADES, 1) : CARD_C1));
    }
    SDL_FRect r = {left + (float)col * cell_w + (cell_w - card_w) / 2,
                   top + (float)row * row_h + (100 - card_h) / 2, card_w, card_h};
    return r;
}

static void layout(App *app, GalleryState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, GALLERY_BACK);
    for (int t = 0; t < STYLE_COUNT; t++) {
        ui_add(&s->ui, WIDGET_ITEM, GALLERY_TAB + t,
               app_rect(app, 60 + (float)t * 180, 128, 172, 42), false,
               _(deck_style_get((DeckStyle)t)->tab));
    }
    for (int row = 0; row < 4; row++) {
        Card cards[13];
        int n = row_cards(s->style, row, cards);
        for (int col = 0; col < n; col++) {
            SDL_FRect c = cell(s->style, row, col);
            char name[CARD_TEXT_MAX];
            ui_add(&s->ui, WIDGET_ITEM, cards[col], app_rect(app, c.x, c.y, c.w, c.h), false,
                   card_format(cards[col], name));
        }
    }
    ui_fix_focus(&s->ui);
}

static void set_style(GalleryState *s, DeckStyle style)
{
    bool was_french = is_french(s->style);
    s->style = style;
    if (was_french != (is_french(style))) {
        s->shown = is_french(style) ? card_french(SUIT_SPADES, 1) : CARD_OT;
    }
}

static bool gallery_enter(App *app, void *state)
{
    GalleryState *s = state;
    ui_init(&s->ui);
    DeckStyle style = app->gallery_style;
    if (style >= STYLE_COUNT) {
        style = settings_style_for(&app->settings, NULL);
    }
    s->style = style;
    s->shown = is_french(style) ? card_french(SUIT_SPADES, 1) : CARD_OT;
    layout(app, s);
    ui_focus(&s->ui, s->shown);
    return true;
}

static SceneAction gallery_event(App *app, void *state, const SDL_Event *e)
{
    GalleryState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.id >= 0 && card_is_valid((Card)ev.id) && ev.id < GALLERY_TAB) {
        s->shown = (Card)ev.id;
    }
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == GALLERY_BACK) {
            return scene_pop();
        }
        if (ev.id >= GALLERY_TAB && ev.id < GALLERY_TAB + STYLE_COUNT) {
            set_style(s, (DeckStyle)(ev.id - GALLERY_TAB));
            layout(app, s);
        }
        break;
    default: break;
    }
    return scene_stay();
}

static void draw_tabs(App *app, GalleryState *s)
{
    for (int t = 0; t < STYLE_COUNT; t++) {
        int id = GALLERY_TAB + t;
        bool selected = (DeckStyle)t == s->style;
        ui_draw_item(app, &s->ui, id, selected);
        const Widget *w = ui_find(&s->ui, id);
        TextStyle style = app_text_style(app, 16, selected ? TEXT_BOLD : TEXT_REGULAR,
                                         selected ? UI_INK : UI_INK_SOFT);
        text_draw_in(app->text, app->renderer, _(deck_style_get((DeckStyle)t)->tab), &style,
                     w->rect, TEXT_CENTER);
    }
}

static unsigned card_flags(const App *app)
{
    return CARD_RED_STAMP | (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
}

static SDL_Color suit_color(CardSuit suit)
{
    bool red = suit == SUIT_HEARTS || suit == SUIT_DIAMONDS;
    return red ? (SDL_Color){236, 104, 96, 255} : UI_INK;
}

/* Under each card its notation, or for a western pack its rank and suit
 * sign as printed on the card. */
static void draw_caption(App *app, const GalleryState *s, Card c, SDL_Rect card)
{
    bool shown = c == s->shown;
    TextStyle small = app_text_style(app, 13, shown ? TEXT_BOLD : TEXT_REGULAR,
                                     shown ? UI_GOLD_LIGHT : UI_INK_SOFT);
    int y = card.y + card.h + app_px(app, 6);
    int cx = card.x + card.w / 2;
    CardSuit suit = SUIT_NONE;
    int rank = 0;
    if (card_western_equivalent(c, s->style, &suit, &rank)) {
        int tw = 0, th = 0, icon = app_px(app, 12), gap = app_px(app, 2);
        const char *label = card_rank_label(rank);
        text_measure(app->text, label, small.px, small.weight, &tw, &th);
        int x = cx - (tw + gap + icon) / 2;
        text_draw(app->text, app->renderer, label, &small, x, y, TEXT_LEFT);
        SDL_Rect at = {x + tw + gap, y + (th - icon) / 2, icon, icon};
        paint_suit(app->paint, app->renderer, suit, at, shown ? UI_GOLD_LIGHT : suit_color(suit));
        return;
    }
    char text[CARD_TEXT_MAX];
    text_draw(app->text, app->renderer, card_format(c, text), &small, cx, y, TEXT_CENTER);
}

static void draw_grid(App *app, GalleryState *s)
{
    SDL_Renderer *r = app->renderer;
    for (int row = 0; row < 4; row++) {
        Card cards[13];
        int n = row_cards(s->style, row, cards);
        CardSuit suit = card_suit(cards[0]);
        SDL_Rect label = app_rect(app, 64, 196 + (float)row * 132, 120, 100);
        TextStyle name = app_text_style(app, 18, TEXT_BOLD, UI_INK);
        TextStyle jav = app_text_style(app, 15, TEXT_REGULAR, UI_GOLD);
        SDL_Rect at = text_draw(app->text, r, card_suit_name(suit), &name, label.x,
                                label.y + app_px(app, 24), TEXT_LEFT);
        if (card_suit_javanese(suit)[0] != '\0') {
            text_draw(app->text, r, card_suit_javanese(suit), &jav, label.x, at.y + at.h,
                      TEXT_LEFT);
        }
        /* The French suit sign of the row, on a western or French pack. */
        CardSuit sign = SUIT_NONE;
        int rank = 0;
        if (suit >= SUIT_SPADES) {
            sign = suit;
        } else if (!card_western_equivalent(cards[0], s->style, &sign, &rank)) {
            sign = SUIT_NONE;
        }
        if (sign != SUIT_NONE) {
            int iy = at.y + at.h + app_px(app, 4);
            if (card_suit_javanese(suit)[0] != '\0') {
                iy += app_px(app, 22);
            }
            SDL_Rect icon = {label.x, iy, app_px(app, 20), app_px(app, 20)};
            paint_suit(app->paint, r, sign, icon, suit_color(sign));
        }
        for (int col = 0; col < n; col++) {
            const Widget *w = ui_find(&s->ui, cards[col]);
            unsigned flags = card_flags(app) | (s->ui.focus == cards[col] ? CARD_HIGHLIGHT : 0);
            card_art_draw(app->cards, r, s->style, cards[col], w->rect, flags);
            draw_caption(app, s, cards[col], w->rect);
        }
    }
}

static void draw_details(App *app, GalleryState *s)
{
    SDL_Renderer *r = app->renderer;
    Card c = s->shown;
    SDL_Rect panel = app_rect(app, 900, 124, 328, 612);
    ui_draw_panel(app, panel);
    bool western = deck_style_get(s->style)->art == ART_WESTERN;
    bool stamped = card_is_red_stamped(c);
    /* The card large; a western red-stamped kind shows plain and stamped. */
    float ch = deck_style_get(s->style)->art == ART_CEKI ? 232.0f : 190.0f;
    float cw = (float)(ch * card_art_aspect(s->style, c));
    unsigned flags = app->settings.colour_cue ? CARD_COLOUR_CUE : 0;
    if (western && stamped) {
        ch = 170.0f;
        cw = (float)(ch * card_art_aspect(s->style, c));
        card_art_draw(app->cards, r, s->style, c, app_rect(app, 1064 - cw - 8, 148, cw, ch), flags);
        card_art_draw(app->cards, r, s->style, c, app_rect(app, 1064 + 8, 148, cw, ch),
                      flags | CARD_RED_STAMP);
    } else {
        card_art_draw(app->cards, r, s->style, c, app_rect(app, 1064 - cw / 2, 148, cw, ch),
                      flags | CARD_RED_STAMP);
    }
    int x = panel.x + app_px(app, 26), w = panel.w - app_px(app, 52);
    int y = app_rect(app, 0, 148 + ch + 16, 0, 0).y;
    TextStyle title = app_text_style(app, 22, TEXT_BOLD, UI_INK);
    SDL_Rect t = text_draw(app->text, r, card_name_english(c), &title, x, y, TEXT_LEFT);
    y = t.y + t.h + app_px(app, 8);
    if (card_name_javanese(c)[0] != '\0') {
        y = ui_draw_fact(app, x, y, w, _("JAVANESE"), card_name_javanese(c), UI_INK);
    }
    if (card_is_ceki(c)) {
        CardSuit suit = card_suit(c);
        char suit_text[64];
        if (card_suit_javanese(suit)[0] != '\0') {
            snprintf(suit_text, sizeof suit_text, "%s (%s)", card_suit_name(suit),
                     card_suit_javanese(suit));
        } else {
            snprintf(suit_text, sizeof suit_text, "%s", card_suit_name(suit));
        }
        char rank_text[64];
        if (suit == SUIT_HONOURS) {
            snprintf(rank_text, sizeof rank_text, _("1, like the three 1s"));
        } else {
            snprintf(rank_text, sizeof rank_text, "%d", card_rank(c));
        }
        y = ui_draw_fact(app, x, y, w, _("SUIT"), suit_text, UI_INK);
        y = ui_draw_fact(app, x, y, w, _("RANK"), rank_text, UI_INK);
        char western_text[128], clubs[48], spades[48];
        card_western_name(c, STYLE_WESTERN_CLUBS, clubs, sizeof clubs);
        card_western_name(c, STYLE_WESTERN_SPADES, spades, sizeof spades);
        if (western) {
            card_western_name(c, s->style, western_text, sizeof western_text);
        } else if (strcmp(clubs, spades) == 0) {
            snprintf(western_text, sizeof western_text, "%s", clubs);
        } else {
            snprintf(western_text, sizeof western_text, _("%s (clubs pack), %s (spades pack)"),
                     clubs, spades);
        }
        y = ui_draw_fact(app, x, y, w, _("WESTERN CARD"), western_text, UI_INK);
        if (stamped) {
            ui_draw_fact(app, x, y, w, _("RED STAMP"),
                         western ? _("Shown where the game scores it (right)")
                                 : _("Yes, one of the three"),
                         UI_WARN);
        }
    } else {
        y = ui_draw_fact(app, x, y, w, _("PACK"), _("French, for Kings"), UI_INK);
        if (card_rank(c) == 13) {
            ui_draw_fact(app, x, y, w, _("IN KINGS"),
                         _("Set aside as a trophy for the rounds' winners"), UI_INK);
        }
    }
}

static void gallery_draw(App *app, void *state, SDL_Renderer *r)
{
    GalleryState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    ui_draw_heading(app, _("Card gallery"), _("Every card of the pack, with its names"));
    ui_draw_panel(app, app_rect(app, 44, 184, 840, 552));
    draw_tabs(app, s);
    draw_grid(app, s);
    draw_details(app, s);
    ui_draw_button(app, &s->ui, GALLERY_BACK, _("Back"));
    static const char *const hints[] = {"arrows", N_("Look through"), "Enter", N_("Choose pack"),
                                        "Esc",    N_("Back")};
    ui_draw_hints(app, hints, 3);
}

static const Ui *gallery_widgets(const void *state)
{
    return &((const GalleryState *)state)->ui;
}

const SceneClass scene_gallery_class = {
    .name = "gallery",
    .state_size = sizeof(GalleryState),
    .enter = gallery_enter,
    .handle_event = gallery_event,
    .draw = gallery_draw,
    .widgets = gallery_widgets,
};
