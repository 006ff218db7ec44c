/* scene_setup.c — setting up a game: players, who sits where, the deck
 * style and the variant's rule options. Fills app->setup; Start opens the
 * table. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "scenes.h"
#include "session.h"
#include "ui.h"
#include "variant_text.h"

enum {
    SETUP_PLAYERS = 1,
    SETUP_STYLE,
    SETUP_STAKES,
    SETUP_ROUNDS,
    SETUP_WHERE,           /* on this computer, or with friends over the network */
    SETUP_SEAT_KIND = 10,  /* + seat */
    SETUP_SEAT_LEVEL = 20, /* + seat */
    SETUP_OPTION = 30,     /* + index in variant_options() */
    SETUP_BACK = 100,
    SETUP_START,
    SETUP_LEARN,
    SETUP_RESUME,
    SETUP_JOIN
};

#define SETUP_MAX_ROWS 16
#define FORM_TOP 150.0f         /* design units: the first row, when not scrolled */
#define FORM_VIEW_TOP 136.0f    /* the rows are seen between here ... */
#define FORM_VIEW_BOTTOM 722.0f /* ... and here (the form's panel, 124 to 736) */
#define FORM_PITCH 58.0f        /* a row and the gap to the next */
#define ROW_H 46.0f             /* a row's widgets */
#define CAPTION_Y 50.0f         /* a row's caption, below its widget */
#define CAPTION_PX 14.0f
#define CAPTION_W 664.0f
#define CAPTION_GAP 12.0f   /* under a caption, before the next row */
#define WHEEL_STEP 48.0f    /* design units a notch of the wheel scrolls */
#define SCROLL_MARGIN 10.0f /* a focused row is scrolled this far into view */
#define DECK_TOP 356.0f     /* design units: the deck's preview starts no higher */
#define DECK_GAP 14.0f      /* ... and keeps this far from the words and the buttons */
#define DECK_MIN_H 60.0f
#define SETUP_MAX_ROUNDS 20

typedef struct SetupRow {
    char label[40];
    char caption[320]; /* a line under the row, or "" */
    int ids[2];
    int n;
    float y; /* design units, as scrolled */
} SetupRow;

typedef struct SetupState {
    Ui ui;
    SetupRow rows[SETUP_MAX_ROWS];
    int row_count;
    /* Start was pressed while an unfinished game is saved: say which, and
     * start only on a second press (anything else keeps it). */
    bool confirm;
    char unfinished[96];
    /* This game's game in progress, if any (the store keeps one a game). */
    bool in_progress;
    /* None to resume, but one another copy of the program plays: said, not
     * offered, and a new game here is a match of its own beside it. */
    bool elsewhere;
    char progress_match[STORE_ID_LEN + 1];
    /* The form's rows scroll when they are taller than its panel. */
    float scroll;     /* design units */
    float max_scroll; /* 0: they fit */
} SetupState;

static const char *const OPEN_ELSEWHERE = N_("This game is open in another window.");

/* Games with no decisions: every seat plays itself. */
static bool watch_only(const VariantDesc *v)
{
    return v->turn == TURN_STOCK_ONLY || v->turn == TURN_KINGS;
}

static bool has_rounds(const VariantDesc *v)
{
    return v->match_kind == MATCHKIND_ROUNDS || v->match_kind == MATCHKIND_HANDS_WON;
}

static bool has_stakes(const VariantDesc *v)
{
    return v->start == START_PEI;
}

static bool jung_applies(const GameSetup *s)
{
    return s->config.stakes == STAKES_RAMPUNG || s->config.stakes == STAKES_PAREWANAN;
}

static SetupRow *add_row(SetupState *s, const char *label, float *y, float pitch)
{
    SetupRow *row = &s->rows[s->row_count++];
    *row = (SetupRow){.n = 0, .y = *y};
    snprintf(row->label, sizeof row->label, "%s", label);
    *y += pitch;
    return row;
}

/* A widget of a row, named after the row ("Seat 2", "Seat 2 level"). */
static void add_widget(App *app, SetupState *s, SetupRow *row, WidgetKind kind, int id, int col,
                       int cols, bool disabled)
{
    char name[48];
    snprintf(name, sizeof name, "%s%s", row->label, col == 1 ? " level" : "");
    float x = 330, w = 410;
    if (cols == 2) {
        w = 200;
        x += (float)col * 210;
    }
    ui_add(&s->ui, kind, id, app_rect(app, x, (float)row->y, w, ROW_H), disabled, name);
    row->ids[row->n++] = id;
}

static const char *start_label(const GameSetup *g, const SetupState *s)
{
    return g->network ? _("Host a table") : s->confirm ? _("Start a new game") : _("Start game");
}

/* A caption's height in design units, as draw_form wraps it. */
static float caption_height(App *app, const char *caption)
{
    TextStyle cap = app_text_style(app, CAPTION_PX, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect box = app_rect(app, 76, 0, CAPTION_W, 0);
    return (float)text_draw_wrapped(app->text, NULL, caption, &cap, box, TEXT_LEFT, 1.0f) / app->ui;
}

/* The form's rows from FORM_TOP less the scroll; returns the bottom of the
 * last one, its caption included (design units, as scrolled). */
static float layout_rows(App *app, SetupState *s)
{
    const VariantDesc *v = app_variant(app);
    const GameSetup *g = &app->setup;
    float y = FORM_TOP - s->scroll;
    bool watch = watch_only(v);
    SetupRow *row = add_row(s, _("Play"), &y, FORM_PITCH);
    add_widget(app, s, row, WIDGET_CHOICE, SETUP_WHERE, 0, 1, watch);
    row = add_row(s, _("Players"), &y, FORM_PITCH);
    add_widget(app, s, row, WIDGET_CHOICE, SETUP_PLAYERS, 0, 1, v->min_players == v->max_players);
    for (int seat = 0; seat < g->config.players && !g->network; seat++) {
        char label[40];
        snprintf(label, sizeof label, _("Seat %d"), seat + 1);
        row = add_row(s, label, &y, FORM_PITCH);
        add_widget(app, s, row, WIDGET_CHOICE, SETUP_SEAT_KIND + seat, 0, 2, watch);
        add_widget(app, s, row, WIDGET_CHOICE, SETUP_SEAT_LEVEL + seat, 1, 2,
                   watch || g->human[seat]);
    }
    row = add_row(s, _("Deck style"), &y, FORM_PITCH);
    add_widget(app, s, row, WIDGET_CHOICE, SETUP_STYLE, 0, 1, v->deck == DECK_FRENCH_NO_KINGS);
    if (has_stakes(v)) {
        row = add_row(s, _("Stakes"), &y, FORM_PITCH);
        add_widget(app, s, row, WIDGET_CHOICE, SETUP_STAKES, 0, 1, false);
    }
    if (has_rounds(v)) {
        row = add_row(s, v->match_kind == MATCHKIND_HANDS_WON ? _("Hands") : _("Rounds"), &y,
                      FORM_PITCH);
        add_widget(app, s, row, WIDGET_CHOICE, SETUP_ROUNDS, 0, 1, false);
    }
    int count = 0;
    const VariantOption *options = variant_options(&count);
    for (int k = 0; k < count; k++) {
        if (!(v->options & options[k].bit)) {
            continue;
        }
        char label[40];
        snprintf(label, sizeof label, "%s", _(options[k].name));
        label[0] = (char)toupper((unsigned char)label[0]);
        row = add_row(s, label, &y, CAPTION_Y);
        bool disabled = options[k].bit == OPTION_JUNG && !jung_applies(g);
        snprintf(row->caption, sizeof row->caption, "%s%s", _(options[k].summary),
                 disabled ? _(" Only with rampung or parewanan stakes.") : "");
        y += caption_height(app, row->caption) + CAPTION_GAP;
        add_widget(app, s, row, WIDGET_TOGGLE, SETUP_OPTION + k, 0, 1, disabled);
    }
    const SetupRow *last = &s->rows[s->row_count - 1];
    return last->caption[0] != '\0' ? y - CAPTION_GAP : (float)last->y + ROW_H;
}

static void layout(App *app, SetupState *s)
{
    const GameSetup *g = &app->setup;
    ui_clear(&s->ui);
    s->row_count = 0;
    ui_add_back(app, &s->ui, SETUP_BACK);
    float bottom = layout_rows(app, s) + s->scroll;
    /* As much room under the last row as over the first. */
    s->max_scroll = SDL_max(0.0f, bottom + (FORM_TOP - FORM_VIEW_TOP) - FORM_VIEW_BOTTOM);
    if (s->scroll > s->max_scroll || s->scroll < 0) {
        /* Fewer rows than when it scrolled (players, stakes): lay them out again. */
        s->scroll = SDL_clamp(s->scroll, 0.0f, s->max_scroll);
        ui_clear(&s->ui);
        s->row_count = 0;
        ui_add_back(app, &s->ui, SETUP_BACK);
        layout_rows(app, s);
    }
    if (s->in_progress && !g->network) {
        ui_add(&s->ui, WIDGET_BUTTON, SETUP_RESUME, app_rect(app, 848, 500, 340, 48), false,
               _("Resume it"));
    }
    if (g->network) {
        ui_add(&s->ui, WIDGET_BUTTON, SETUP_JOIN, app_rect(app, 848, 544, 340, 48), false,
               _("Join a friend's table"));
    }
    ui_add(&s->ui, WIDGET_BUTTON, SETUP_LEARN, app_rect(app, 848, 606, 340, 48), false,
           _("How do I play this?"));
    ui_add(&s->ui, WIDGET_PRIMARY, SETUP_START, app_rect(app, 848, 668, 340, 54), false,
           start_label(g, s));
    ui_fix_focus(&s->ui);
}

/* Whether this game has a game in progress (asked of the store when the
 * screen shows, and again when a table over it leaves). */
static void check_progress(App *app, SetupState *s)
{
    StoreGame saved;
    const char *key = variant_get(app->setup.config.variant)->key;
    s->in_progress = app->session == NULL && journal_newest(app->store, key, &saved);
    s->elsewhere = app->session == NULL && !s->in_progress &&
                   journal_newest_elsewhere(app->store, key, &saved);
    s->confirm = s->confirm && s->in_progress;
    if (s->in_progress || s->elsewhere) {
        memcpy(s->progress_match, saved.match, sizeof s->progress_match);
        journal_caption(&saved, s->unfinished, sizeof s->unfinished);
    }
}

static void setup_resume(App *app, void *state)
{
    SetupState *s = state;
    check_progress(app, s);
    layout(app, s);
}

static bool setup_enter(App *app, void *state)
{
    SetupState *s = state;
    ui_init(&s->ui);
    if (watch_only(app_variant(app))) {
        app->setup.network = false; /* nobody decides: nothing to play together */
    }
    /* $CEKI_SETUP_NETWORK=1 (screenshots): the Play row on friends over the network. */
    const char *network = getenv("CEKI_SETUP_NETWORK");
    if (network != NULL && network[0] == '1' && !watch_only(app_variant(app))) {
        app->setup.network = true;
    }
    check_progress(app, s);
    /* $CEKI_SETUP_CONFIRM (screenshots): as after a first Start. */
    const char *confirm = getenv("CEKI_SETUP_CONFIRM");
    s->confirm = s->in_progress && confirm != NULL && confirm[0] == '1';
    layout(app, s);
    ui_focus(&s->ui, SETUP_START);
    return true;
}

/* The next player count the variant allows, stepping by dir. */
static int step_players(const VariantDesc *v, int players, int dir)
{
    int span = v->max_players - v->min_players + 1;
    for (int k = 1; k <= span; k++) {
        int n = v->min_players + ((players - v->min_players + dir * k) % span + span) % span;
        if (variant_players_ok(v, n)) {
            return n;
        }
    }
    return players;
}

static int wrap(int value, int dir, int count)
{
    return ((value + dir) % count + count) % count;
}

static void change(App *app, int id, int dir)
{
    GameSetup *g = &app->setup;
    const VariantDesc *v = app_variant(app);
    if (id == SETUP_WHERE) {
        g->network = !g->network;
    } else if (id == SETUP_PLAYERS) {
        g->config.players = step_players(v, g->config.players, dir);
    } else if (id == SETUP_STYLE) {
        g->style = deck_style_step(g->style, dir);
    } else if (id == SETUP_STAKES) {
        g->config.stakes = (StakeScheme)wrap((int)g->config.stakes, dir, STAKES_COUNT);
        if (!jung_applies(g)) {
            g->config.options &= ~(uint32_t)OPTION_JUNG;
        }
    } else if (id == SETUP_ROUNDS) {
        int rounds = g->config.rounds > 0 ? g->config.rounds : v->default_rounds;
        g->config.rounds = wrap(rounds - 1, dir, SETUP_MAX_ROUNDS) + 1;
    } else if (id >= SETUP_SEAT_KIND && id < SETUP_SEAT_KIND + CEKI_MAX_SEATS) {
        g->human[id - SETUP_SEAT_KIND] = !g->human[id - SETUP_SEAT_KIND];
    } else if (id >= SETUP_SEAT_LEVEL && id < SETUP_SEAT_LEVEL + CEKI_MAX_SEATS) {
        AiLevel *level = &g->level[id - SETUP_SEAT_LEVEL];
        *level = (AiLevel)wrap((int)*level, dir, AI_LEVEL_COUNT);
    } else if (id >= SETUP_OPTION && id < SETUP_OPTION + 16) {
        int count = 0;
        const VariantOption *options = variant_options(&count);
        int k = id - SETUP_OPTION;
        if (k < count) {
            bool on = (g->config.options & options[k].bit) != 0;
            bool want = dir == 0 ? !on : dir > 0;
            g->config.options =
                want ? (g->config.options | options[k].bit) : (g->config.options & ~options[k].bit);
        }
    }
}

static SceneAction start(App *app, SetupState *s)
{
    GameSetup *g = &app->setup;
    /* A new game replaces the one of this game in progress: ask first (the
     * second press), then let it go. */
    if (g->network) {
        return scene_push(SCENE_HOST); /* who sits where, the port: the host screen */
    }
    const char *key = variant_get(g->config.variant)->key;
    if (s->in_progress) {
        if (!s->confirm) {
            s->confirm = true;
            return scene_stay();
        }
        char err[200];
        if (!store_game_drop_variant(app->store, key, err, sizeof err)) {
            app_show_toast(app, err);
            return scene_stay();
        }
        s->in_progress = false;
    }
    s->confirm = false;
    if (!g->seed_given) {
        g->config.seed = SDL_GetPerformanceCounter();
    }
    CekiStatus status = game_config_check(&g->config);
    if (status != CEKI_OK) {
        app_show_toast(app, _(ceki_status_text(status)));
        return scene_stay();
    }
    return scene_push(SCENE_TABLE);
}

/* Where the form's rows are seen (pixels). */
static SDL_Rect form_view(App *app)
{
    return app_rect(app, 44, FORM_VIEW_TOP, 740, FORM_VIEW_BOTTOM - FORM_VIEW_TOP);
}

/* While the rows scroll: a thin rail at the panel's right, its thumb the
 * part of them in view. */
static void draw_scrollbar(App *app, const SetupState *s)
{
    if (s->max_scroll <= 0) {
        return;
    }
    float view = FORM_VIEW_BOTTOM - FORM_VIEW_TOP, whole = view + s->max_scroll;
    SDL_Rect rail = app_rect(app, 770, FORM_VIEW_TOP + 8, 5, view - 16);
    SDL_Rect thumb = rail;
    thumb.h = SDL_max(app_px(app, 24), (int)((float)rail.h * view / whole));
    thumb.y = rail.y + (int)((float)(rail.h - thumb.h) * s->scroll / s->max_scroll);
    paint_round_rect(app->paint, app->renderer, rail, rail.w / 2, paint_rgba(255, 255, 255, 30));
    paint_round_rect(app->paint, app->renderer, thumb, thumb.w / 2, paint_rgba(236, 196, 100, 200));
}

/* The row of a widget, or NULL when it is none of the form's. */
static const SetupRow *row_of(const SetupState *s, int id)
{
    for (int i = 0; i < s->row_count; i++) {
        for (int k = 0; k < s->rows[i].n; k++) {
            if (s->rows[i].ids[k] == id) {
                return &s->rows[i];
            }
        }
    }
    return NULL;
}

/* The focused row scrolled into view, its caption with it. */
static void scroll_to_focus(App *app, SetupState *s)
{
    const SetupRow *row = row_of(s, s->ui.focus);
    if (row == NULL || s->max_scroll <= 0) {
        return;
    }
    float top = row->y - SCROLL_MARGIN;
    float bottom =
        row->y + (row->caption[0] != '\0' ? CAPTION_Y + caption_height(app, row->caption) : ROW_H) +
        SCROLL_MARGIN;
    float by = 0;
    if (top < FORM_VIEW_TOP) {
        by = top - FORM_VIEW_TOP;
    } else if (bottom > FORM_VIEW_BOTTOM) {
        by = bottom - FORM_VIEW_BOTTOM;
    }
    if (by != 0) {
        s->scroll = SDL_clamp(s->scroll + by, 0.0f, s->max_scroll);
        layout(app, s);
    }
}

/* A pointer over the form's column but outside where its rows are seen
 * (over a row scrolled out of view): not the row's. */
static bool pointer_off_form(App *app, const SDL_Event *e)
{
    int x = 0, y = 0;
    if (e->type == SDL_MOUSEMOTION) {
        x = e->motion.x, y = e->motion.y;
    } else if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) {
        x = e->button.x, y = e->button.y;
    } else {
        return false;
    }
    SDL_Rect view = form_view(app);
    return x >= view.x && x < view.x + view.w && (y < view.y || y >= view.y + view.h);
}

static SceneAction setup_event(App *app, void *state, const SDL_Event *e)
{
    SetupState *s = state;
    layout(app, s);
    if (e->type == SDL_MOUSEWHEEL && s->max_scroll > 0) {
        s->scroll = SDL_clamp(s->scroll - (float)e->wheel.y * WHEEL_STEP, 0.0f, s->max_scroll);
        layout(app, s);
        app->dirty = true;
        return scene_stay();
    }
    if (pointer_off_form(app, e)) {
        return scene_stay();
    }
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (e->type == SDL_KEYDOWN) {
        scroll_to_focus(app, s); /* the keyboard's row is always seen */
    }
    const Widget *w = ui_find(&s->ui, ev.id);
    if (s->confirm && ev.kind != UI_NONE && ev.kind != UI_FOCUS &&
        !(ev.kind == UI_ACTIVATE && ev.id == SETUP_START)) {
        s->confirm = false; /* anything else keeps the saved game */
        if (ev.kind == UI_BACK) {
            return scene_stay();
        }
    }
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == SETUP_BACK) {
            return scene_pop();
        }
        if (ev.id == SETUP_START) {
            return start(app, s);
        }
        if (ev.id == SETUP_JOIN) {
            return scene_push(SCENE_JOIN);
        }
        if (ev.id == SETUP_LEARN) {
            return scene_push(SCENE_LEARN); /* the rules of app->setup's variant */
        }
        if (ev.id == SETUP_RESUME) {
            scene_resume_match(app, s->progress_match);
            return scene_stay();
        }
        if (w != NULL && w->kind == WIDGET_TOGGLE) {
            change(app, ev.id, 0);
        }
        break;
    case UI_DECREASE:
    case UI_INCREASE: change(app, ev.id, ev.kind == UI_INCREASE ? 1 : -1); break;
    default: break;
    }
    layout(app, s); /* the rows may have changed (players, stakes) */
    return scene_stay();
}

static const char *level_name(AiLevel level)
{
    switch (level) {
    case AI_RANDOM: return _("Random");
    case AI_GREEDY: return _("Greedy");
    case AI_STRONG: return _("Strong");
    default: return "";
    }
}

static void value_text(App *app, int id, char *buf, size_t size)
{
    const GameSetup *g = &app->setup;
    const VariantDesc *v = app_variant(app);
    buf[0] = '\0';
    if (id == SETUP_WHERE) {
        snprintf(buf, size, "%s",
                 g->network ? _("With friends over the network") : _("On this computer"));
    } else if (id == SETUP_PLAYERS) {
        snprintf(buf, size, "%d", g->config.players);
    } else if (id == SETUP_STYLE) {
        snprintf(buf, size, "%s", deck_style_name(g->style));
    } else if (id == SETUP_STAKES) {
        snprintf(buf, size, "%s", stake_scheme_name(g->config.stakes));
    } else if (id == SETUP_ROUNDS) {
        snprintf(buf, size, "%d", g->config.rounds > 0 ? g->config.rounds : v->default_rounds);
    } else if (id >= SETUP_SEAT_KIND && id < SETUP_SEAT_KIND + CEKI_MAX_SEATS) {
        bool watch = watch_only(v);
        snprintf(buf, size, "%s",
                 watch                            ? _("Plays itself")
                 : g->human[id - SETUP_SEAT_KIND] ? _("Person")
                                                  : _("Computer"));
    } else if (id >= SETUP_SEAT_LEVEL && id < SETUP_SEAT_LEVEL + CEKI_MAX_SEATS) {
        int seat = id - SETUP_SEAT_LEVEL;
        snprintf(buf, size, "%s",
                 g->human[seat] || watch_only(v) ? "\xe2\x80\x93" : level_name(g->level[seat]));
    }
}

static void draw_form(App *app, SetupState *s)
{
    SDL_Renderer *r = app->renderer;
    ui_draw_panel(app, app_rect(app, 44, 124, 740, 612));
    SDL_Rect view = form_view(app);
    SDL_RenderSetClipRect(r, &view); /* rows scrolled out of it are not drawn */
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    int count = 0;
    const VariantOption *options = variant_options(&count);
    for (int i = 0; i < s->row_count; i++) {
        const SetupRow *row = &s->rows[i];
        ui_draw_label(app, &s->ui, row->ids[0], row->label, label_x);
        for (int k = 0; k < row->n; k++) {
            int id = row->ids[k];
            const Widget *w = ui_find(&s->ui, id);
            if (w->kind == WIDGET_TOGGLE) {
                int opt = id - SETUP_OPTION;
                bool on = opt < count && (app->setup.config.options & options[opt].bit) != 0;
                ui_draw_toggle(app, &s->ui, id, on);
            } else {
                char value[64];
                value_text(app, id, value, sizeof value);
                ui_draw_choice(app, &s->ui, id, value);
            }
        }
        if (row->caption[0] != '\0') {
            TextStyle cap = app_text_style(app, CAPTION_PX, TEXT_REGULAR, UI_INK_SOFT);
            SDL_Rect box = app_rect(app, 76, row->y + CAPTION_Y, CAPTION_W, 0);
            text_draw_wrapped(app->text, r, row->caption, &cap, box, TEXT_LEFT, 1.0f);
        }
    }
    SDL_RenderSetClipRect(r, NULL);
    draw_scrollbar(app, s);
}

/* One line on what each computer level in play does (ai_level_summary),
 * from y (pixels) down, while it stays above `bottom`. */
static void draw_levels(App *app, int x, int y, int w, int bottom)
{
    bool used[AI_LEVEL_COUNT] = {false};
    for (int seat = 0; seat < app->setup.config.players && !watch_only(app_variant(app)); seat++) {
        if (!app->setup.human[seat])
            used[app->setup.level[seat]] = true;
    }
    TextStyle note = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    for (int l = 0; l < AI_LEVEL_COUNT; l++) {
        const char *line = _(ai_level_summary((AiLevel)l));
        if (!used[l] || y + text_draw_wrapped(app->text, NULL, line, &note, (SDL_Rect){x, y, w, 0},
                                              TEXT_LEFT, 1.0f) >
                            bottom)
            continue;
        y += text_draw_wrapped(app->text, app->renderer, line, &note, (SDL_Rect){x, y, w, 0},
                               TEXT_LEFT, 1.0f);
    }
}

/* The deck as it will look, centred between top and bottom (pixels): as
 * large as it fits there, never over the buttons below. */
static void draw_deck(App *app, const GameSetup *g, const VariantDesc *v, int top, int bottom)
{
    SDL_Renderer *r = app->renderer;
    DeckStyle style = g->style;
    Card sample[4] = {CARD_OT, CARD_WF, CARD_C1 + 6, CARD_M1 + 2};
    if (v->deck == DECK_FRENCH_NO_KINGS) {
        style = variant_style(v, style);
        sample[0] = card_french(SUIT_HEARTS, 1);
        sample[1] = card_french(SUIT_CLUBS, 12);
        sample[2] = card_french(SUIT_DIAMONDS, 7);
        sample[3] = card_french(SUIT_SPADES, 11);
    }
    float want = style == STYLE_CEKI ? 200.0f : 150.0f;
    float ch = SDL_min(want, (float)(bottom - top) / app->ui);
    if (ch < DECK_MIN_H) {
        return; /* no room for a preview worth the name */
    }
    float scale = ch / want;
    float cw = (float)(ch * card_art_aspect(style, sample[0]));
    float step = (style == STYLE_CEKI ? 70.0f : 64.0f) * scale;
    float left = 1016 - (cw + 3 * step) / 2;
    float y = ((float)(top + bottom) / 2 - (float)app_rect(app, 0, 0, 0, 0).y) / app->ui - ch / 2;
    for (int i = 0; i < 4; i++) {
        SDL_Rect cr = app_rect(app, left + (float)i * step, y, cw, ch);
        card_art_draw(app->cards, r, style, sample[i], cr, app_card_flags(app));
    }
}

/* In place of the deck: the game of this kind in progress, and a line
 * under it (what may be done with it) in `colour`. */
static void draw_unfinished(App *app, const SetupState *s, const char *says, SDL_Color colour)
{
    SDL_Rect box = app_rect(app, 832, 376, 372, 112);
    ui_draw_panel(app, box);
    int x = box.x + app_px(app, 18), w = box.w - app_px(app, 36);
    int y = box.y + app_px(app, 14);
    char line[300];
    TextStyle head = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    snprintf(line, sizeof line, _("In progress: %s"), s->unfinished);
    y += text_draw_wrapped(app->text, app->renderer, line, &head, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                           1.05f);
    y += app_px(app, 6);
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, colour);
    text_draw_wrapped(app->text, app->renderer, says, &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                      1.05f);
}

/* The game of this kind another copy plays: said, not offered. */
static void draw_open_elsewhere(App *app, const SetupState *s)
{
    draw_unfinished(app, s, _(OPEN_ELSEWHERE), UI_INK_SOFT);
}

/* The game of this kind in progress, to resume, and after a first Start,
 * what a second one does to it. */
static void draw_in_progress(App *app, const SetupState *s)
{
    draw_unfinished(app, s,
                    s->confirm ? _("Press Start again to drop it and deal a new game; Esc "
                                   "keeps it.")
                               : _("Resume it where you left off, or start a new game in its "
                                   "place."),
                    s->confirm ? UI_WARN : UI_INK_SOFT);
    ui_draw_button(app, &s->ui, SETUP_RESUME, _("Resume it"));
}

static void draw_summary(App *app, SetupState *s)
{
    SDL_Renderer *r = app->renderer;
    const VariantDesc *v = app_variant(app);
    const GameSetup *g = &app->setup;
    SDL_Rect panel = app_rect(app, 804, 124, 424, 612);
    ui_draw_panel(app, panel);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = panel.y + app_px(app, 22);
    if (v->javanese[0] != '\0') {
        TextStyle jav = app_text_style(app, 30, TEXT_REGULAR, UI_GOLD);
        SDL_Rect j = text_draw(app->text, r, v->javanese, &jav, x, y, TEXT_LEFT);
        y = j.y + j.h;
    }
    TextStyle body = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
    y += text_draw_wrapped(app->text, r, _(v->summary), &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                           1.05f);

    /* Who plays. */
    int people = 0;
    for (int i = 0; i < g->config.players; i++) {
        people += g->human[i];
    }
    char who[120];
    if (g->network) {
        snprintf(who, sizeof who, "%s",
                 _("You host the table; the next screen says who takes each seat."));
    } else if (watch_only(v)) {
        snprintf(who, sizeof who, _("%d seats; the cards decide everything, you watch."),
                 g->config.players);
    } else if (people == 0) {
        snprintf(who, sizeof who, _("%d computer players; you watch."), g->config.players);
    } else if (people == 1) {
        int coms = g->config.players - 1;
        snprintf(who, sizeof who,
                 P_("You and %d computer player.", "You and %d computer players.", coms), coms);
    } else {
        int coms = g->config.players - people;
        snprintf(who, sizeof who,
                 P_("%d people at one screen and %d computer player.",
                    "%d people at one screen and %d computer players.", coms),
                 people, coms);
    }
    TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    y += app_px(app, 12);
    y += text_draw_wrapped(app->text, r, who, &ink, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    if (!g->network) {
        draw_levels(app, x, y + app_px(app, 6), w, app_rect(app, 0, 356, 0, 0).y);
    }

    if (s->in_progress && !g->network) {
        draw_in_progress(app, s);
    } else if (s->elsewhere && !g->network) {
        draw_open_elsewhere(app, s);
    } else {
        /* Between the words above and the first button below. */
        const Widget *below = ui_find(&s->ui, g->network ? SETUP_JOIN : SETUP_LEARN);
        int gap = app_px(app, DECK_GAP);
        int top = SDL_max(y + gap, app_rect(app, 0, DECK_TOP, 0, 0).y);
        draw_deck(app, g, v, top, below != NULL ? below->rect.y - gap : top);
    }
    ui_draw_button(app, &s->ui, SETUP_LEARN, _("How do I play this?"));
    ui_draw_button(app, &s->ui, SETUP_JOIN, _("Join a friend's table"));
    ui_draw_button(app, &s->ui, SETUP_START, start_label(g, s));
}

static void setup_draw(App *app, void *state, SDL_Renderer *r)
{
    SetupState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    char title[96];
    snprintf(title, sizeof title, _("Set up %s"), _(app_variant(app)->name));
    ui_draw_heading(app, title, _("Who plays, with which cards, and by which rules"));
    draw_form(app, s);
    draw_summary(app, s);
    ui_draw_button(app, &s->ui, SETUP_BACK, _("Back"));
    static const char *const hints[] = {"arrows", N_("Move"),   "leftright", N_("Change"),
                                        "Enter",  N_("Select"), "Esc",       N_("Back")};
    ui_draw_hints(app, hints, 4);
}

static const Ui *setup_widgets(const void *state)
{
    return &((const SetupState *)state)->ui;
}

const SceneClass scene_setup_class = {
    .name = "setup",
    .state_size = sizeof(SetupState),
    .enter = setup_enter,
    .resume = setup_resume,
    .handle_event = setup_event,
    .draw = setup_draw,
    .widgets = setup_widgets,
};
