/* scene_table.c — the card table: the scene class and the flow of play.
 *
 * Who does what: a person decides through input (scene_table_input.c);
 * a computer seat thinks in the session's thread and its move is applied
 * once the table has shown everything before it and a short pause (scaled
 * by the animation speed) has let people follow; a forced stock turn of a
 * person (MOVE_TURN) is made for them after the same pause (a click on the
 * stock or Space makes it at once), but not at a network table once the
 * host's clock has moved for them and they have not acted since
 * (session_host_moved_own); the next round starts on a click or a
 * key when a person plays, by itself after a pause when only computers do;
 * watch-only games (Kings, Thothit Yogyakarta, Thit-Thit-Dulit) play their
 * forced moves while "Play" is on, or one at a time with "Step".
 */
#include "scene_table.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "card_names.h"
#include "journal.h"
#include "learn.h"
#include "net_screens.h"
#include "paths.h"
#include "pei.h"
#include "scene.h"
#include "scenes.h"
#include "variant_text.h"

double table_beat(const App *app)
{
    return anim_speed_seconds(app->settings.anim_speed);
}

bool table_seat_is_person(const TableState *t, int seat)
{
    const SessionSeats *seats = session_seats(t->session);
    return seat >= 0 && seat < t->players && seats->human[seat] && !t->watch &&
           !session_stand_in(t->session, seat); /* a computer plays it for them for now */
}

bool table_stood_in(const TableState *t)
{
    return t->session != NULL && session_stand_in(t->session, t->view.viewer);
}

bool table_can_hand_over(const TableState *t)
{
    if (t->watch || t->guide.on || t->autoplay || t->session == NULL ||
        game_match_over(session_game(t->session))) {
        return false;
    }
    if (session_net_table(t->session) != NULL) {
        return table_stood_in(t) || table_net_can_stand_in(t);
    }
    return session_human_count(t->session) == 1; /* not hot-seat: the others play on */
}

/* The level a computer plays the person's seat at: the strongest computer
 * seat's at the table (as the host's stand-in does), else greedy. */
static AiLevel stand_in_level(const TableState *t)
{
    const SessionSeats *seats = session_seats(t->session);
    int best = -1;
    for (int s = 0; s < t->players && s < CEKI_MAX_SEATS; s++) {
        if (!seats->human[s] && (int)seats->level[s] > best) {
            best = (int)seats->level[s];
        }
    }
    return best >= 0 && best < AI_LEVEL_COUNT ? (AiLevel)best : AI_GREEDY;
}

void table_hand_over(App *app, TableState *t)
{
    if (!table_can_hand_over(t) || table_stood_in(t)) {
        return;
    }
    if (session_net_table(t->session) != NULL) {
        if (table_net_own_stand_in(app, t, true)) {
            app_show_toast(app, _("A computer plays your seat now; make a move to take it back."));
        }
        return;
    }
    session_set_stand_in(t->session, t->view.viewer, true, stand_in_level(t));
    t->hint_state = HINT_NONE;
    t->held.by = HELD_NONE;
    table_clear_selection(t);
    app_show_toast(app, _("A computer plays your seat now; make a move to take it back."));
    app->dirty = true;
}

void table_take_back(App *app, TableState *t)
{
    if (!table_stood_in(t)) {
        return;
    }
    if (session_net_table(t->session) != NULL) {
        table_net_own_stand_in(app, t, false);
    }
    session_set_stand_in(t->session, t->view.viewer, false, AI_GREEDY);
    if (t->held.by == HELD_COMPUTER) {
        t->held.by = HELD_NONE; /* its thought for the person's seat is not made */
    }
    app_show_toast(app, _("You play your seat again."));
    app->dirty = true;
}

bool table_has_person(const TableState *t)
{
    return !t->autoplay && (session_human_count(t->session) > 0 || t->watch);
}

int table_legal(const TableState *t, Move *out, int cap)
{
    return game_legal_moves(session_game(t->session), out, cap);
}

bool table_settled(const TableState *t)
{
    if (t->evq_n > 0 || session_pending_events(t->session) > 0) {
        return false;
    }
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && (s->moving || s->zone == TZ_FLY || s->zone == TZ_MEET)) {
            return false;
        }
    }
    return true;
}

bool table_viewer_decides(const TableState *t)
{
    const Game *g = session_game(t->session);
    if (game_match_over(g) || t->watch) {
        return false;
    }
    int to = game_to_move(g);
    return to == t->view.viewer && table_seat_is_person(t, to);
}

void table_refresh_obs(TableState *t)
{
    game_observe(session_game(t->session), t->view.viewer, &t->obs);
}

void table_card_label(const TableState *t, Card c, char *buf, size_t size)
{
    /* Words, not suit signs: the interface font has none. */
    if (!card_is_valid(c)) {
        snprintf(buf, size, "?");
    } else if (card_is_french(c)) {
        snprintf(buf, size, "%s", card_name_english(c));
    } else {
        card_western_name(c, t->style, buf, size);
        if (buf[0] == '\0') {
            snprintf(buf, size, "%s", card_name_english(c));
        }
    }
}

void table_seat_name(const TableState *t, int seat, char *buf, size_t size)
{
    const NetSeats *seats = t->board ? net_table_seats(t->board_net) : NULL;
    if (seats != NULL && seat >= 0 && seat < seats->players) {
        const NetSeat *n = &seats->seat[seat]; /* a spectator's board: the host's names */
        snprintf(buf, size, "%s",
                 n->name[0] != '\0' ? n->name : net_screens_kind_text((NetSeatKind)n->kind));
        return;
    }
    session_seat_name(t->session, seat, buf, size);
}

/* ---- layout and widgets -------------------------------------------------- */

static void add_button(App *app, TableState *t, int id, float *x, float y, float w, float h,
                       bool disabled, const char *name, bool primary)
{
    (void)app;
    SDL_Rect r = {(int)*x, (int)y, (int)w, (int)h};
    ui_add(&t->ui, primary ? WIDGET_PRIMARY : WIDGET_BUTTON, id, r, disabled, name);
    *x += w;
}

/* The prompt bar: its buttons' size and spacing (in ui units) and how
 * many it may hold. */
#define PROMPT_MAX_BUTTONS 24
#define PROMPT_BUTTON_W 150.0f
#define PROMPT_BUTTON_MIN_SHARE 0.7f /* of PROMPT_BUTTON_W, however short the name */
#define PROMPT_GAP 8.0f
#define PROMPT_MARGIN 2.0f /* above and below the buttons */
#define PROMPT_FONT 17.0f
#define PROMPT_PADDING 36.0f /* around a button's name */

/* The prompt's buttons, collected before they are placed (right-aligned). */
typedef struct PromptButtons {
    int ids[PROMPT_MAX_BUTTONS];
    char names[PROMPT_MAX_BUTTONS][48];
    bool primary[PROMPT_MAX_BUTTONS];
    int n;
} PromptButtons;

/* Adds one button, its name made from a format. */
static void prompt_add(PromptButtons *b, int id, bool primary, const char *fmt, ...)
{
    if (b->n >= PROMPT_MAX_BUTTONS) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->names[b->n], sizeof b->names[b->n], fmt, ap);
    va_end(ap);
    b->ids[b->n] = id;
    b->primary[b->n] = primary;
    b->n++;
}

/* Fishing's hand phase: "Trail" once a card that may trail is picked up. */
static void prompt_trail(const TableState *t, const Move *moves, int nm, PromptButtons *b)
{
    if (t->selected < 0) {
        return;
    }
    Card c = t->view.sprites[t->selected].card;
    bool trail = false;
    for (int i = 0; i < nm; i++) {
        trail = trail || (moves[i].card == c && moves[i].target == CARD_NONE);
    }
    if (trail) {
        prompt_add(b, W_TRAIL, true, _("Trail"));
    }
}

/* Kowah's draw, declaration and claim: a button per kind of legal move. */
static void prompt_kowah(const TableState *t, const Move *moves, int nm, PromptButtons *b)
{
    char kind[32];
    for (int i = 0; i < nm; i++) {
        if (t->obs.phase == PHASE_DRAW && moves[i].type == MOVE_DRAW_STOCK) {
            prompt_add(b, W_DRAW, true, _("Draw from the stock"));
        } else if (t->obs.phase == PHASE_DRAW && moves[i].type == MOVE_DRAW_DISCARD) {
            prompt_add(b, W_TAKE_DISCARD, false, _("Take the discard"));
        } else if (t->obs.phase == PHASE_DECLARE && moves[i].type == MOVE_DECLARE) {
            table_card_label(t, moves[i].card, kind, sizeof kind);
            prompt_add(b, W_DECLARE + moves[i].card, true, _("Show %s"), kind);
        } else if (t->obs.phase == PHASE_CLAIM && moves[i].type == MOVE_CLAIM) {
            table_card_label(t, moves[i].card, kind, sizeof kind);
            prompt_add(b, W_CLAIM, true, _("Claim %s"), kind);
        }
    }
    if (t->obs.phase == PHASE_DECLARE || t->obs.phase == PHASE_CLAIM) {
        prompt_add(b, W_PASS, false, _("Pass"));
    }
}

/* The buttons of the viewer's own decision, by the game's phase. */
static void prompt_decision(const TableState *t, PromptButtons *b)
{
    Move moves[GAME_MAX_MOVES];
    int nm = SDL_min(table_legal(t, moves, GAME_MAX_MOVES), GAME_MAX_MOVES);
    switch (t->obs.phase) {
    case PHASE_HAND: prompt_trail(t, moves, nm, b); break;
    case PHASE_STOCK:
        /* It turns by itself after a pause, but at a guided game's step. */
        prompt_add(b, W_TURN, true, t->guide.on ? _("Turn the stock") : _("Turn it now"));
        break;
    case PHASE_DRAW:
    case PHASE_DECLARE:
    case PHASE_CLAIM: prompt_kowah(t, moves, nm, b); break;
    default: break;
    }
}

/* What the prompt offers in each phase of whose turn it is. */
static void prompt_collect(const TableState *t, PromptButtons *b)
{
    TablePhase phase = table_turn_phase(t);
    if (t->guide.on && t->guide.hold) {
        return; /* the guide's Continue is the one way on while it speaks */
    }
    switch (phase) {
    case TP_MATCH_OVER:
        /* Again at a network table is a new table with friends, not a game
         * on this computer against its computers. */
        prompt_add(b, W_AGAIN, true, "%s",
                   session_net_table(t->session) != NULL ? _("Play with friends")
                                                         : _("Play again"));
        prompt_add(b, W_LEAVE, false, _("Leave"));
        break;
    case TP_ROUND_OVER:
        if (table_has_person(t)) {
            prompt_add(b, W_NEXT, true, "%s",
                       t->v->engine == ENGINE_KOWAH ? _("Next hand") : _("Next round"));
        }
        break;
    case TP_WATCH_PLAYING:
    case TP_WATCH_PAUSED:
        prompt_add(b, W_PLAY, true, "%s", phase == TP_WATCH_PLAYING ? _("Pause") : _("Play"));
        prompt_add(b, W_STEP, false, _("Step"));
        break;
    case TP_AWAITING_PERSON:
    case TP_STOCK_TURN: prompt_decision(t, b); break;
    default: break;
    }
}

/* The prompt bar's buttons for what the viewer may do now. */
static void prompt_buttons(App *app, TableState *t)
{
    const TlRect pr = t->layout.prompt;
    float u = app->ui;
    float h = pr.h - 2 * PROMPT_MARGIN * u, y = pr.y + PROMPT_MARGIN * u, gap = PROMPT_GAP * u;
    PromptButtons b = {.n = 0};
    prompt_collect(t, &b);
    float total = 0;
    float widths[PROMPT_MAX_BUTTONS];
    for (int i = 0; i < b.n; i++) {
        int tw = 0, th = 0;
        text_measure(app->text, b.names[i], PROMPT_FONT * u, TEXT_BOLD, &tw, &th);
        widths[i] =
            SDL_max(PROMPT_BUTTON_W * u * PROMPT_BUTTON_MIN_SHARE, (float)tw + PROMPT_PADDING * u);
        total += widths[i] + (i > 0 ? gap : 0);
    }
    float x = pr.x + pr.w - total;
    for (int i = 0; i < b.n; i++) {
        add_button(app, t, b.ids[i], &x, y, widths[i], h, false, b.names[i], b.primary[i]);
        x += gap;
    }
}

/* The panel of the table's dialogs, in pixels (scene_table_draw.c draws it). */
SDL_Rect table_dialog_panel(const App *app)
{
    int w = app_px(app, 560), h = app_px(app, 240);
    SDL_Rect panel = {app->width / 2 - w / 2, app->height / 2 - h / 2 - app_px(app, 20), w, h};
    return panel;
}

/* The menu's rows and the host-gone panel (ui units). */
#define MENU_W 460
#define MENU_ROW_H 48
#define MENU_ROW_GAP 10
#define MENU_HEAD_H 86 /* above the first row: the heading */
#define GONE_W 620
#define GONE_H 300

int table_menu_rows(const TableState *t, int ids[6], const char *names[6])
{
    int n = 0;
    ids[n] = W_MENU_BACK;
    names[n++] = _("Back to the game");
    ids[n] = W_MENU_RULES;
    names[n++] = _("Rules of this game");
    ids[n] = W_MENU_SETTINGS;
    names[n++] = _("Settings");
    if (table_can_hand_over(t)) {
        ids[n] = W_MENU_COMPUTER;
        names[n++] = table_stood_in(t) ? _("Take my seat back") : _("Let the computer play for me");
    }
    ids[n] = W_MENU_LEAVE;
    names[n++] = t->guide.on ? _("Leave the guided game") : _("Leave the table");
    return n;
}

SDL_Rect table_dialog_panel_of(const App *app, const TableState *t)
{
    if (t->dialog == DLG_MENU) {
        int ids[6];
        const char *names[6];
        int n = table_menu_rows(t, ids, names);
        int w = app_px(app, MENU_W),
            h = app_px(app, MENU_HEAD_H + n * (MENU_ROW_H + MENU_ROW_GAP) + 16);
        return (SDL_Rect){app->width / 2 - w / 2, app->height / 2 - h / 2, w, h};
    }
    if (t->dialog == DLG_HOST_GONE) {
        int w = app_px(app, GONE_W), h = app_px(app, GONE_H);
        return (SDL_Rect){app->width / 2 - w / 2, app->height / 2 - h / 2 - app_px(app, 20), w, h};
    }
    return table_dialog_panel(app);
}

/* The menu: a column of rows, back to the game first (and focused). */
static void menu_buttons(App *app, TableState *t)
{
    float u = app->ui;
    SDL_Rect panel = table_dialog_panel_of(app, t);
    int ids[6];
    const char *names[6];
    int n = table_menu_rows(t, ids, names);
    float w = (float)panel.w - 2 * 26 * u, x0 = (float)panel.x + 26 * u;
    float y = (float)panel.y + MENU_HEAD_H * u;
    for (int i = 0; i < n; i++) {
        float x = x0;
        add_button(app, t, ids[i], &x, y, w, MENU_ROW_H * u, false, names[i], i == 0);
        y += (MENU_ROW_H + MENU_ROW_GAP) * u;
    }
}

#define LEAVE3_W 172 /* each of the Leave dialog's three buttons (ui units) */

static void dialog_buttons(App *app, TableState *t)
{
    float u = app->ui;
    SDL_Rect panel = table_dialog_panel_of(app, t);
    float cx = (float)panel.x + (float)panel.w / 2;
    float bw = 220 * u, bh = 50 * u, y = (float)(panel.y + panel.h) - 26 * u - bh;
    float x = cx - bw - 8 * u;
    switch (t->dialog) {
    case DLG_MENU: menu_buttons(app, t); break;
    case DLG_HOST_GONE: {
        const char *wait = table_net_gone_wait_label(app, t);
        bw = 250 * u;
        x = wait != NULL ? cx - bw - 8 * u : cx - bw / 2;
        add_button(app, t, W_GONE_LEAVE, &x, y, bw, bh, false, _("Leave"), wait == NULL);
        x += 16 * u;
        if (wait != NULL) {
            add_button(app, t, W_GONE_WAIT, &x, y, bw, bh, false, wait, true);
        }
        break;
    }
    case DLG_FORFEIT:
        add_button(app, t, W_DLG_YES, &x, y, bw, bh, false, _("Take it anyway"), false);
        x += 16 * u;
        add_button(app, t, W_DLG_NO, &x, y, bw, bh, false, _("Cancel"), true);
        break;
    case DLG_NEW:
        add_button(app, t, W_DLG_YES, &x, y, bw, bh, false, _("New game"), false);
        x += 16 * u;
        add_button(app, t, W_DLG_NO, &x, y, bw, bh, false, _("Stay"), true);
        break;
    case DLG_LEAVE:
        if (table_net_can_stand_in(t)) { /* three ways: leave, a computer plays, stay */
            bw = LEAVE3_W * u;
            x = cx - 1.5f * bw - 8 * u;
            add_button(app, t, W_DLG_YES, &x, y, bw, bh, false,
                       table_net_hosts_friends(t) ? _("Stop and leave") : _("Leave"), false);
            x += 8 * u;
            add_button(app, t, W_DLG_ALT, &x, y, bw, bh, false, _("Computer plays"), false);
            x += 8 * u;
            add_button(app, t, W_DLG_NO, &x, y, bw, bh, false, _("Stay"), true);
            break;
        }
        add_button(app, t, W_DLG_YES, &x, y, bw, bh, false, _("Leave"), false);
        x += 16 * u;
        add_button(app, t, W_DLG_NO, &x, y, bw, bh, false, _("Stay"), true);
        break;
    case DLG_COVER: {
        char name[32], label[48];
        table_seat_name(t, t->cover_seat, name, sizeof name);
        snprintf(label, sizeof label, _("I am ready (%s)"), name);
        float w = 340 * u;
        x = cx - w / 2;
        add_button(app, t, W_DLG_YES, &x, y, w, bh, false, label, true);
        break;
    }
    default: break;
    }
}

void table_band_ranks(const TableState *t, const TlSpec *spec, int out[TL_SIDES])
{
    table_layout_band_ranks(spec, t->view.role, out);
}

void table_relayout(App *app, TableState *t)
{
    const VariantDesc *v = t->v;
    TlSpec spec = table_layout_spec_of(
        v, t->players, (float)app->width - table_guide_width(app, t), (float)app->height, app->ui,
        card_art_aspect(t->style,
                        v->deck == DECK_FRENCH_NO_KINGS ? card_french(SUIT_SPADES, 1) : CARD_C1));
    spec.bottom_seat = t->view.viewer;
    spec.reversed = t->view.reversed;
    spec.narrow_sides = t->guide.on; /* the guide's column takes its room from them */
    table_band_ranks(t, &spec, spec.band_ranks);
    table_layout_compute(&spec, &t->layout);
    t->layout_w = app->width;
    t->layout_h = app->height;
    if (t->board) {
        view_place(app, t); /* a spectator's board has no widgets */
        return;
    }

    int focus = t->ui.focus;
    ui_clear(&t->ui);
    if (t->dialog != DLG_NONE) {
        dialog_buttons(app, t);
    } else {
        float u = app->ui;
        TlRect b = t->layout.buttons;
        float h = b.h - 6 * u, y = b.y + 3 * u, gap = 8 * u;
        struct {
            int id;
            const char *name;
            bool show;
            bool disabled;
        } top[] = {
            {W_HINT, _("Hint"), !t->watch && !t->guide.on && session_human_count(t->session) > 0,
             !table_viewer_decides(t)}, /* a guided game's guide says each move */
            {W_UNDO, _("Undo"), !t->watch && session_human_count(t->session) > 0,
             !session_can_undo(t->session)},
            {W_LOG, _("Log"), true, false},
            {W_RULES, _("Rules"), true, false},
            {W_CARDS, _("Cards"), v->deck != DECK_FRENCH_NO_KINGS, false},
            {W_MENU, _("Menu"), true, false},
        };
        int shown = 0;
        for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
            shown += top[i].show;
        }
        float w = SDL_min(110 * u, (b.w - (float)(shown - 1) * gap) / (float)shown);
        float x = b.x + b.w - (float)shown * w - (float)(shown - 1) * gap;
        for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
            if (top[i].show) {
                add_button(app, t, top[i].id, &x, y, w, h, top[i].disabled, top[i].name, false);
                x += gap;
            }
        }
        prompt_buttons(app, t);
        if (t->guide.on && t->guide.hold) {
            ui_add(&t->ui, WIDGET_PRIMARY, W_GUIDE_CONTINUE, table_guide_button(app, t), false,
                   _("Continue"));
        }
        table_net_widgets(app, t); /* the plates at a table with friends */
    }
    t->ui.focus = focus;
    if (ui_find(&t->ui, focus) == NULL || (t->dialog != DLG_NONE && t->ui.focus < W_DLG_YES)) {
        t->ui.focus = t->dialog == DLG_NONE        ? -1
                      : t->dialog == DLG_COVER     ? W_DLG_YES
                      : t->dialog == DLG_MENU      ? W_MENU_BACK
                      : t->dialog == DLG_HOST_GONE ? W_GONE_WAIT
                                                   : W_DLG_NO;
        if (t->dialog == DLG_HOST_GONE && ui_find(&t->ui, t->ui.focus) == NULL) {
            t->ui.focus = W_GONE_LEAVE; /* a closed table: nothing to wait for */
        }
        if (!t->focus_in_ui && t->dialog == DLG_NONE) {
            t->ui.focus = -1;
        }
    }
    view_place(app, t);
}

/* ---- moves ------------------------------------------------------------ */

/* The legal move matching m (with its flags), or false. */
static bool find_legal(const TableState *t, const Move *m, Move *out)
{
    Move moves[GAME_MAX_MOVES];
    int n = table_legal(t, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (move_equal(&moves[i], m)) {
            *out = moves[i];
            return true;
        }
    }
    return false;
}

#define REASON_SECONDS 4.0 /* how long a refusal's reason stays on the status line */

static void show_reason(App *app, TableState *t, const char *why)
{
    snprintf(t->reason, sizeof t->reason, "%s",
             why != NULL && why[0] ? why : _("Not possible now."));
    t->reason_until = app->now + REASON_SECONDS;
    app_show_toast(app, t->reason);
}

/* Applies a move now (any seat); false with the reason shown. */
/* The cards of a seat's hand, counted by kind. */
static void count_hand(const TableState *t, int seat, int count[CARD_KIND_LIMIT])
{
    Observation *o = &((TableState *)t)->obs;
    game_observe(session_game(t->session), seat, o);
    memset(count, 0, sizeof(int) * CARD_KIND_LIMIT);
    for (int i = 0; i < o->hand_count[seat] && i < OBS_MAX_HAND; i++) {
        if (o->hand[i] < CARD_KIND_LIMIT) {
            count[o->hand[i]]++;
        }
    }
}

static void save_game(App *app, TableState *t);
static void record_stats(App *app, TableState *t);

static bool apply_now(App *app, TableState *t, const Move *m)
{
    const char *why = NULL;
    /* Kowah names a stock draw only to those it is shown to: the drawer's
     * own card is read from their hand, for the view to show it. */
    bool own_draw = m->type == MOVE_DRAW_STOCK && m->seat == t->view.viewer;
    Card discard_top =
        t->obs.discard_count > 0 ? t->obs.discard[t->obs.discard_count - 1] : CARD_NONE;
    int before[CARD_KIND_LIMIT];
    if (own_draw) {
        count_hand(t, m->seat, before);
    }
    CekiStatus st = session_apply(t->session, m, &why);
    if (st == CEKI_OK && own_draw) {
        int after[CARD_KIND_LIMIT];
        count_hand(t, m->seat, after);
        for (int k = 0; k < CARD_KIND_LIMIT; k++) {
            if (after[k] > before[k]) {
                if (t->view.nown_draws < 8) {
                    t->view.own_draws[t->view.nown_draws++] = (Card)k;
                }
                t->drawn = (Card)k;
                break;
            }
        }
    }
    if (st == CEKI_OK && m->seat == t->view.viewer) {
        if (m->type == MOVE_DRAW_DISCARD) {
            t->drawn = discard_top;
        } else if (!own_draw) {
            t->drawn = CARD_NONE;
        }
        t->drawn_focus = t->drawn != CARD_NONE;
    }
    if (st != CEKI_OK) {
        show_reason(app, t, _(why != NULL ? why : ceki_status_text(st)));
        return false;
    }
    /* The journal: the game in progress is written after every move, so a
     * crash or a kill loses at most the move in flight. A round this move
     * ended is counted in the same transaction: both are kept, or neither. */
    char err[256];
    bool together = store_begin(app->store, err, sizeof err);
    record_stats(app, t);
    save_game(app, t);
    if (together && !store_commit(app->store, err, sizeof err)) {
        char msg[320];
        snprintf(msg, sizeof msg, _("The game was not saved: %s"), err);
        app_report(app, msg);
    }
    if (t->guide.on && m->type != MOVE_NEXT_ROUND && table_seat_is_person(t, m->seat)) {
        t->guide.steps++;        /* the guided game's step was made: its words are done with, */
        t->guide.text[0] = '\0'; /* and the panel tells the table's status until the next */
        t->guide.why[0] = '\0';
        t->guide.refusal[0] = '\0';
    }
    t->reason[0] = '\0'; /* a refusal is about the position before this move */
    t->synced = false;
    t->hint_state = HINT_NONE;
    if (t->held.by == HELD_COMPUTER) {
        t->held.by = HELD_NONE;
    }
    t->arrowed = false;
    if (m->seat == t->view.viewer) {
        /* The person's next decision starts the keyboard from the hand,
         * not from where this one left the focus. */
        t->focus_zone = FZ_NONE;
        t->focus_sprite = -1;
        t->focus_in_ui = false; /* a button pressed by Tab has done its work */
    }
    table_clear_selection(t);
    view_take_events(t);
    /* What is asked of the viewer now (the cards on show catch up later). */
    table_refresh_obs(t);
    return true;
}

/* The viewer's own move: checked against the rules, held while cards move
 * (one at most), asked about first when it forfeits the win. */
static bool person_move(App *app, TableState *t, const Move *m)
{
    Move legal;
    if (!find_legal(t, m, &legal)) {
        show_reason(app, t, _(game_explain_illegal(session_game(t->session), m)));
        table_guide_refused(app, t, t->reason);
        return false;
    }
    if (!table_guide_allows(app, t, &legal)) {
        return false; /* the guide's panel says why */
    }
    if (!table_settled(t)) {
        if (t->held.by != HELD_NONE) {
            return false; /* one held move at most: never two */
        }
        t->held = (HeldMove){HELD_PERSON, legal};
        return true;
    }
    if (legal.flags & MOVE_FLAG_FORFEIT) {
        t->dialog = DLG_FORFEIT;
        t->dialog_move = legal;
        table_relayout(app, t);
        return false;
    }
    return apply_now(app, t, &legal);
}

bool table_try_move(App *app, TableState *t, const Move *m)
{
    if (t->host_gone_at >= 0 && table_seat_is_person(t, m->seat)) {
        /* Nobody would answer it: the move is not sent, and what the
         * person has picked up stays picked up for when the host is back. */
        show_reason(app, t, _("The host is away: make your move once it is back."));
        return false;
    }
    switch (table_phase(t)) {
    case TP_ASKING:
    case TP_HANDOFF: return false; /* only the dialog's buttons answer */
    case TP_AWAITING_PERSON:
    case TP_STOCK_TURN: return person_move(app, t, m);
    case TP_ROUND_OVER:
        if (table_viewer_decides(t)) {
            return person_move(app, t, m); /* the viewer starts the next round */
        }
        if (m->type == MOVE_NEXT_ROUND) {
            return apply_now(app, t, m); /* anyone at the table may */
        }
        break;
    default: break;
    }
    show_reason(app, t, _("Wait for your turn."));
    return false;
}

/* ---- flow ------------------------------------------------------------- */

static void save_game(App *app, TableState *t)
{
    if (t->autoplay || t->session == NULL) {
        return; /* the computers' own runs keep nothing (a guided game is kept while it runs) */
    }
    char err[256];
    if (!journal_write(app->store, t->session, app->settings.replays_kept, err, sizeof err)) {
        char msg[320];
        snprintf(msg, sizeof msg, _("The game was not saved: %s"), err);
        app_report(app, msg);
    }
}

_Static_assert(STATS_LEVELS == AI_LEVEL_COUNT, "the statistics count every computer level");

/* Counts a finished round (and match) in the player's statistics, once
 * each: games with one person at the table, not the computers' own runs,
 * under the strongest computer level at the table. */
static void record_stats(App *app, TableState *t)
{
    const Game *g = session_game(t->session);
    bool match = game_match_over(g);
    if (t->autoplay || t->guide.on || (!match && !game_round_over(g))) {
        return; /* a guided game is a lesson, not a game of the statistics */
    }
    bool round = game_round_number(g) > t->stats_round;
    bool new_match = match && !t->stats_match;
    int you = -1;
    const SessionSeats *seats = session_seats(t->session);
    if ((round || new_match) && stats_counts_game(g, seats->human, &you)) {
        int levels[CEKI_MAX_SEATS];
        for (int i = 0; i < CEKI_MAX_SEATS; i++) {
            levels[i] = (int)seats->level[i];
        }
        app_record_stats(app, g, session_match_id(t->session), you,
                         stats_level_of(g, seats->human, levels), round, new_match);
    }
    t->stats_round = SDL_max(t->stats_round, game_round_number(g));
    t->stats_match = t->stats_match || match;
}

static const char *score_word(const TableState *t, int n)
{
    switch (t->v->match_kind) {
    case MATCHKIND_KINGS: return n == 1 ? "King" : "Kings";
    case MATCHKIND_HANDS_WON: return n == 1 ? "hand won" : "hands won";
    default: return n == 1 ? "point" : "points";
    }
}

static void print_standings(TableState *t)
{
    const Game *g = session_game(t->session);
    Observation *o = &t->obs;
    game_observe(g, t->view.viewer, o);
    printf("%s, %d round%s\n", t->v->name, game_round_number(g),
           game_round_number(g) == 1 ? "" : "s");
    for (int s = 0; s < t->players; s++) {
        printf("Seat %d: %d %s", s + 1, o->match_score[s], score_word(t, o->match_score[s]));
        if (variant_has_stakes(t->v) && game_config(g)->stakes != STAKES_NONE) {
            printf(" (%+d units)", o->units[s]);
        }
        printf("\n");
    }
    int winners = 0;
    char line[200] = "";
    for (int s = 0; s < t->players; s++) {
        if (o->match_winner[s]) {
            char seat[24];
            snprintf(seat, sizeof seat, "%sSeat %d", winners > 0 ? ", " : "", s + 1);
            strncat(line, seat, sizeof line - strlen(line) - 1);
            winners++;
        }
    }
    printf("%s: %s\n", winners > 1 ? "Winners" : "Winner", winners > 0 ? line : "none");
    fflush(stdout);
}

/* The first human seat that must act, for the hot-seat cover. */
static int human_to_move(const TableState *t)
{
    const Game *g = session_game(t->session);
    int to = game_to_move(g);
    return table_seat_is_person(t, to) ? to : -1;
}

static void set_viewer(App *app, TableState *t, int seat)
{
    if (t->view.viewer == seat) {
        return;
    }
    t->view.viewer = seat;
    session_set_viewer(t->session, seat);
    table_clear_selection(t);
    t->focus_sprite = -1;
    table_refresh_obs(t);
    table_relayout(app, t);
    int mends = t->view.mends;
    view_sync(app, t, false); /* another seat's view: built afresh */
    t->view.mends = mends;
}

/* The pause after every automatic move, in beats of a card movement, so
 * people can follow. */
#define PAUSE_BEATS 2.0

/* Makes the first legal move (a watch-only game's forced move, the next
 * round of a table without a person) and pauses after it. */
static void play_forced(App *app, TableState *t)
{
    Move moves[4];
    if (table_legal(t, moves, 4) > 0) {
        apply_now(app, t, &moves[0]);
    }
    t->wait = table_beat(app) * PAUSE_BEATS;
}

/* Undo (or a load) replaced the game: it is shown afresh, and nothing
 * pending from before stays. */
static void follow_replaced_game(TableState *t)
{
    if (session_generation(t->session) == t->generation) {
        return;
    }
    t->generation = session_generation(t->session);
    t->evq_n = 0;
    t->replaced = true;
    view_drop_flights(t);
    t->held.by = HELD_NONE;
    t->synced = false;
}

/* The keyboard's focus goes to the first pool card a turned stock card may
 * take. */
static void focus_first_take(TableState *t)
{
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int k = 0; k < n; k++) {
        if (table_is_target(t, ids[k])) {
            t->focus_zone = FZ_POOL;
            t->focus_sprite = ids[k];
            return;
        }
    }
}

/* Once nothing moves, the view catches up with the game (a replaced game
 * by mending). Returns whether nothing moves then. */
static bool sync_when_settled(App *app, TableState *t)
{
    bool settled = table_settled(t);
    if (!settled || t->synced) {
        return settled;
    }
    table_refresh_obs(t);
    int mends = t->view.mends;
    view_sync(app, t, true);
    if (t->replaced) {
        t->view.mends = mends; /* a replaced game is shown by mending */
        t->replaced = false;
    }
    t->synced = true;
    table_relayout(app, t);
    if (table_turn_phase(t) == TP_AWAITING_PERSON && t->obs.phase == PHASE_STOCK_TAKE) {
        focus_first_take(t);
    }
    return table_settled(t);
}

/* The match is over: once the cards rest and the pause is past, it is
 * saved and its results shown (or, run headless, printed). */
static bool flow_match_over(App *app, TableState *t, double dt, bool settled, SceneAction *act)
{
    if (!settled || t->end_done) {
        return !settled;
    }
    if (t->wait > 0) {
        t->wait -= dt;
        return true;
    }
    t->end_done = true;
    save_game(app, t);
    if (t->exit_at_end) {
        print_standings(t);
        app->quit = true;
    } else if (table_has_person(t)) {
        t->result_round = game_round_number(session_game(t->session));
        app->table_run.result_guided = t->guide.on;
        *act = scene_push(SCENE_RESULT);
    }
    return false;
}

/* What starts whatever still moves: a computer thinks as soon as it is its
 * turn, a wanted hint is looked for, the hot-seat cover goes up as soon as
 * another person must decide (what moves meanwhile is theirs to see
 * afterwards), and a finished thought is taken. */
static void think_ahead(App *app, TableState *t)
{
    TablePhase turn = table_turn_phase(t);
    bool computer = turn == TP_COMPUTER_THINKING;
    if (computer && t->held.by != HELD_COMPUTER && !session_thinking(t->session)) {
        session_think_start(t->session, false);
    }
    if (app->settings.coach && !t->guide.on && t->hint_state == HINT_NONE &&
        turn == TP_AWAITING_PERSON && t->dialog == DLG_NONE && table_viewer_decides(t)) {
        t->hint_state = HINT_WANTED; /* the coach: a hint on every turn of the person's */
    }
    if (t->hint_state == HINT_WANTED && !session_thinking(t->session) && table_viewer_decides(t)) {
        if (session_think_start(t->session, true) != CEKI_OK) {
            t->hint_state = HINT_NONE;
        }
    }
    if (t->hotseat && turn == TP_OTHER_PERSON && t->dialog == DLG_NONE) {
        t->cover_seat = game_to_move(session_game(t->session));
        t->dialog = DLG_COVER;
        table_clear_selection(t);
        table_relayout(app, t);
    }
    Move m;
    bool was_hint = false;
    if (!session_think_poll(t->session, &m, &was_hint)) {
        return;
    }
    if (was_hint) {
        if (t->hint_state == HINT_WANTED && table_viewer_decides(t)) {
            t->hint = m;
            t->hint_state = HINT_SHOWN;
            ai_why_explain(session_game(t->session), m.seat, &m, &t->coach);
            app->dirty = true;
        } else if (t->hint_state == HINT_WANTED) {
            t->hint_state = HINT_NONE;
        }
    } else if (computer && m.seat == game_to_move(session_game(t->session))) {
        t->held = (HeldMove){HELD_COMPUTER, m};
    }
}

/* The round is over: with a person here its result screen, once the pause
 * is past (the next round starts there or by "Next round"); without, the
 * next round after the pause. */
static bool flow_round_over(App *app, TableState *t, bool paused, SceneAction *act)
{
    const Game *g = session_game(t->session);
    if (table_has_person(t)) {
        if (t->result_round != game_round_number(g)) {
            if (paused) {
                return true;
            }
            t->result_round = game_round_number(g);
            app->table_run.result_guided = t->guide.on;
            *act = scene_push(SCENE_RESULT);
        }
        return false;
    }
    if (!paused) {
        play_forced(app, t);
    }
    return true;
}

/* A watch-only game: its forced moves while playing, one per Step. */
static bool flow_watch(App *app, TableState *t, TablePhase phase, bool paused)
{
    bool playing = phase == TP_WATCH_PLAYING;
    if ((playing && !paused) || t->watch_mode == WATCH_STEP) {
        play_forced(app, t);
        if (t->watch_mode == WATCH_STEP) {
            t->watch_mode = WATCH_PAUSED;
        }
    }
    return playing;
}

/* A computer's move, once thought and the pause is past. */
static bool flow_computer(App *app, TableState *t, bool paused)
{
    if (t->held.by == HELD_COMPUTER && !paused) {
        t->held.by = HELD_NONE;
        Move mv = t->held.move;
        apply_now(app, t, &mv);
        t->wait = table_beat(app) * PAUSE_BEATS;
    }
    return true;
}

/* A person's turn, unless a dialog is open: the move held while cards
 * moved, or the forced stock turn made for them after the pause. */
static bool flow_person(App *app, TableState *t, TablePhase phase, bool paused)
{
    TablePhase now = table_phase(t);
    if (now == TP_ASKING || now == TP_HANDOFF) {
        return false; /* a question or the hand-off cover waits for its answer */
    }
    if (t->held.by == HELD_PERSON) {
        t->held.by = HELD_NONE;
        Move q = t->held.move;
        table_try_move(app, t, &q);
        return true;
    }
    if (phase == TP_STOCK_TURN && !t->guide.on && t->host_gone_at < 0 &&
        !session_host_moved_own(t->session)) {
        /* (the guide waits for the person's turn; a gone host for its
         * return; a person whose clock ran out, not seen since, for them
         * or the clock: such a turn made here would reset the host's
         * count of the clock's moves, and they were never stood in for) */
        if (!paused) {
            int to = game_to_move(session_game(t->session));
            Move turn = {
                .type = MOVE_TURN, .seat = (uint8_t)to, .card = CARD_NONE, .target = CARD_NONE};
            apply_now(app, t, &turn);
            t->turned_for_person = session_moves(t->session);
            t->wait = table_beat(app) * PAUSE_BEATS;
        }
        return true;
    }
    return t->hint_state == HINT_WANTED;
}

/* The automatic steps of the game, by its phase; returns true while waiting
 * on a timer or a thought (the loop must keep running). *act may ask for
 * another screen. */
static bool flow(App *app, TableState *t, double dt, SceneAction *act)
{
    follow_replaced_game(t);
    if (t->frozen) {
        return false;
    }
    bool settled = sync_when_settled(app, t);
    if (!settled) {
        t->wait = table_beat(app) * PAUSE_BEATS;
    }
    record_stats(app, t);
    if (settled && table_guide_holds(app, t)) {
        return false; /* the guide's words wait for Continue */
    }
    TablePhase phase = table_play_phase(t);
    if (phase == TP_MATCH_OVER) {
        return flow_match_over(app, t, dt, settled, act);
    }
    think_ahead(app, t);
    if (!settled) {
        return true;
    }
    if (t->wait > 0) {
        t->wait -= dt;
    }
    bool paused = t->wait > 0;
    switch (phase) {
    case TP_ROUND_OVER: return flow_round_over(app, t, paused, act);
    case TP_WATCH_PLAYING:
    case TP_WATCH_PAUSED: return flow_watch(app, t, phase, paused);
    case TP_COMPUTER_THINKING: return flow_computer(app, t, paused);
    default: return flow_person(app, t, phase, paused);
    }
}

/* ---- the scene class ---------------------------------------------------- */

/* Screenshots: random players make a few moves first, so the table shows a
 * round under way; deterministic for the seed. */
static void preplay(TableState *t, int moves)
{
    /* CEKI_TABLE_UNTIL=claim: on until the person may claim a card (Kowah). */
    const char *until = SDL_getenv("CEKI_TABLE_UNTIL");
    bool until_claim = until != NULL && strcmp(until, "claim") == 0;
    AiPlayer *ai = ai_create(AI_RANDOM, session_config(t->session)->seed ^ 0x5eedULL);
    int done = 0;
    for (int i = 0; i < 4000; i++) {
        const Game *g = session_game(t->session);
        if (game_match_over(g) || game_round_over(g)) {
            break;
        }
        int to = game_to_move(g);
        if (until_claim) {
            Observation o;
            game_observe(g, to, &o);
            if (to == t->view.viewer && o.phase == PHASE_CLAIM) {
                break;
            }
        } else if (done >= moves && (t->watch || to == t->view.viewer)) {
            GamePhase phase = PHASE_HAND;
            Observation o;
            game_observe(g, to, &o);
            phase = o.phase;
            if (t->watch || phase == PHASE_HAND || phase == PHASE_DRAW || phase == PHASE_DISCARD) {
                break;
            }
        }
        /* Each seat's player sees only its own seat's view. */
        Game *mine = session_seat_game(t->session, to);
        Move m;
        bool ok = mine != NULL && ai_choose(ai, mine, to, &m) == CEKI_OK;
        game_destroy(mine);
        if (!ok || session_apply(t->session, &m, NULL) != CEKI_OK) {
            break;
        }
        done++;
    }
    ai_destroy(ai);
    GameEvent drop[256];
    while (session_take_events(t->session, drop, 256) > 0) {
    }
}

/* The event a screenshot stops at: $CEKI_TABLE_UNTIL = seating (Pèi's
 * seating draw), cut (a Kings cut decided) or sit-out (a Totit tie-break
 * hand); -1 for anything else. */
static int moment_event(const char *name)
{
    static const struct {
        const char *name;
        EventType type;
    } moments[] = {{"seating", EV_SEATING}, {"cut", EV_CUT_WON}, {"sit-out", EV_SIT_OUT}};
    for (size_t i = 0; name != NULL && i < sizeof moments / sizeof moments[0]; i++) {
        if (strcmp(name, moments[i].name) == 0) {
            return (int)moments[i].type;
        }
    }
    return -1;
}

/* Takes the session's new events into the round being kept (from its
 * EV_ROUND_START on); true once `type` was among them, the kept events then
 * ending with it and the events of its kind or EV_ROLE just after it. */
static bool keep_round_events(TableState *t, int type, GameEvent *kept, int *n, int cap)
{
    GameEvent buf[256];
    int got = 0;
    bool found = false;
    while (!found && (got = session_take_events(t->session, buf, 256)) > 0) {
        for (int i = 0; i < got; i++) {
            bool after = *n > 0 && (kept[*n - 1].type == type || kept[*n - 1].type == EV_ROLE);
            if (found && !(after && (buf[i].type == type || buf[i].type == EV_ROLE))) {
                break;
            }
            if (buf[i].type == EV_ROUND_START) {
                *n = 0;
            }
            if (*n < cap) {
                kept[(*n)++] = buf[i];
            }
            found = found || buf[i].type == type;
        }
    }
    return found;
}

/* Random players play until the moment's event happens; the table then
 * shows the round from its start up to that moment, and stays there. */
static bool preplay_until(TableState *t, int type)
{
    AiPlayer *ai = ai_create(AI_RANDOM, session_config(t->session)->seed ^ 0x5eedULL);
    GameEvent *kept = malloc(sizeof t->evq);
    int n = 0, cap = (int)(sizeof t->evq / sizeof t->evq[0]);
    bool found = false;
    for (int i = 0; kept != NULL && ai != NULL && i < 100000; i++) {
        found = keep_round_events(t, type, kept, &n, cap);
        const Game *g = session_game(t->session);
        if (found || game_match_over(g)) {
            break;
        }
        Move m;
        Game *mine = session_seat_game(t->session, game_to_move(g));
        bool ok = game_round_over(g)
                      ? session_legal_moves(t->session, &m, 1) == 1
                      : mine != NULL && ai_choose(ai, mine, game_to_move(g), &m) == CEKI_OK;
        game_destroy(mine);
        if (!ok || session_apply(t->session, &m, NULL) != CEKI_OK) {
            break;
        }
    }
    for (int i = 0; found && i < n; i++) {
        t->evq[i] = kept[i];
    }
    t->evq_head = 0;
    t->evq_n = found ? n : 0;
    free(kept);
    ai_destroy(ai);
    return found;
}

/* The session of the table: the one the title resumed (*resumed), or a new
 * one dealt from app->setup; NULL (said in a toast) when it cannot start. */
static Session *open_session(App *app, const TableState *t, bool *resumed)
{
    const GameSetup *setup = &app->setup;
    *resumed = app->session != NULL;
    if (*resumed) {
        return app->session; /* Resume: the title loaded the saved game */
    }
    SessionSeats seats = {0};
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        seats.human[s] = !t->autoplay && !t->watch && setup->human[s];
        seats.level[s] = t->autoplay ? app->table_run.level : setup->level[s];
    }
    seats.reseed_each_move = app->table_run.guided; /* the guided line, move by move */
    CekiStatus status = CEKI_OK;
    Session *session = session_create(&setup->config, &seats, &status);
    if (session == NULL) {
        char msg[200];
        snprintf(msg, sizeof msg, _("The game could not start: %s"), _(ceki_status_text(status)));
        app_show_toast(app, msg);
        return NULL;
    }
    app->session = session;
    return session;
}

/* Nothing picked, dragged, hovered, peeked or focused yet; the first
 * person's seat is shown (seat 0 when only computers play). */
static void start_idle(App *app, TableState *t)
{
    t->drawn = CARD_NONE;
    t->drawn_focus = false;
    t->arrowed = false;
    t->selected = -1;
    t->drag_sprite = -1;
    t->hover_sprite = -1;
    t->peek_sprite = -1;
    t->focus_sprite = -1;
    t->cover_seat = -1;
    t->host_gone_at = -1;
    t->turned_for_person = -1;
    t->watch_mode = t->watch && app->table_run.preplay == 0 ? WATCH_PLAYING : WATCH_PAUSED;
    view_reset(t);
    t->view.viewer = 0;
    for (int s = 0; s < t->players; s++) {
        if (session_seats(t->session)->human[s] && !t->watch) {
            t->view.viewer = s;
            break;
        }
    }
    session_set_viewer(t->session, t->view.viewer);
}

/* CEKI_TABLE_HINT=1 with a screenshot: the hint and its reasons shown for
 * the viewer, found by the strong player on an iteration budget (the same
 * picture on every machine; the table's H asks it for a time budget). */
#define SCREENSHOT_HINT_ITERATIONS 400
static void screenshot_hint(TableState *t)
{
    const char *want = SDL_getenv("CEKI_TABLE_HINT");
    const Game *g = session_game(t->session);
    if (want == NULL || atoi(want) <= 0 || !table_viewer_decides(t) || game_round_over(g)) {
        return;
    }
    AiPlayer *ai = ai_create(AI_STRONG, game_config(g)->seed);
    ai_set_budget_iterations(ai, SCREENSHOT_HINT_ITERATIONS);
    if (ai != NULL && ai_why_hint(ai, g, game_to_move(g), &t->coach) == CEKI_OK) {
        t->hint = t->coach.move;
        t->hint_state = HINT_SHOWN;
    }
    ai_destroy(ai);
}

/* Screenshots: random players play on to a moment ($CEKI_TABLE_UNTIL, the
 * table then frozen there) or for a few moves. */
static void preplay_for_screenshot(App *app, TableState *t)
{
    t->log_open = app->table_run.preplay > 0 && SDL_getenv("CEKI_TABLE_LOG") != NULL;
    if (app->table_run.preplay > 0 && SDL_getenv("CEKI_TABLE_MENU") != NULL) {
        t->dialog = DLG_MENU; /* the table's menu open, for its screenshot */
    }
    int moment = app->table_run.preplay > 0 ? moment_event(SDL_getenv("CEKI_TABLE_UNTIL")) : -1;
    if (moment >= 0) {
        t->frozen = preplay_until(t, moment);
        if (!t->frozen) {
            fprintf(stderr, "ceki: CEKI_TABLE_UNTIL: that moment did not come in this match\n");
        }
    } else if (app->table_run.preplay > 0) {
        preplay(t, app->table_run.preplay);
        t->synced = false;
        screenshot_hint(t);
    }
}

/* The first view: a frozen moment as its events tell it, a game played on
 * or resumed as it stands, a new one by its deal's events. */
static void show_first_view(App *app, TableState *t, bool resumed)
{
    table_refresh_obs(t);
    table_relayout(app, t);
    if (t->frozen) {
        t->synced = true; /* the moment is shown as its events tell it */
    } else if (app->table_run.preplay > 0 || resumed) {
        GameEvent drop[256];
        while (session_take_events(t->session, drop, 256) > 0) {
        }
        view_sync(app, t, false);
        t->view.mends = 0;
        t->synced = true;
    } else {
        view_take_events(t);
    }
    if (t->hotseat) {
        int first = human_to_move(t);
        if (first >= 0) {
            set_viewer(app, t, first);
        }
    }
}

static bool table_enter(App *app, void *state)
{
    TableState *t = state;
    ui_init(&t->ui);
    t->v = app_variant(app);
    t->watch = variant_is_watch_only(t->v);
    t->autoplay = app->table_run.autoplay;
    t->exit_at_end = app->table_run.exit_at_end;
    bool resumed = false;
    t->session = open_session(app, t, &resumed);
    if (t->session == NULL) {
        return false;
    }
    t->generation = session_generation(t->session);
    const Game *g = session_game(t->session);
    if (resumed && (game_round_over(g) || game_match_over(g))) {
        /* A saved game at a round's end: that round was counted when it ended. */
        t->stats_round = game_round_number(g);
        t->stats_match = game_match_over(g);
    }
    t->players = game_players(g);
    t->style = app_deck_style(app);
    t->settings_style = settings_style_for(&app->settings, t->v);
    t->hotseat = session_human_count(t->session) >= 2;
    start_idle(app, t);
    table_guide_begin(app, t);
    preplay_for_screenshot(app, t);
    show_first_view(app, t, resumed);
    return true;
}

static void table_leave(App *app, void *state)
{
    TableState *t = state;
    if (t->session != NULL) {
        session_think_cancel(t->session);
        save_game(app, t);
        journal_leave(app->store, t->session); /* another copy may take it up now */
        if (app->session == t->session) {
            app->session = NULL;
        }
        session_destroy(t->session);
        t->session = NULL;
    }
    table_net_leave(app);
}

static void table_resume(App *app, void *state)
{
    TableState *t = state;
    DeckStyle chosen = settings_style_for(&app->settings, t->v);
    if (chosen != t->settings_style) { /* the card art was changed in the Settings */
        t->settings_style = chosen;
        app->setup.style = chosen;
    }
    t->style = app_deck_style(app);
    table_relayout(app, t);
}

/* While cards move the layout follows the hands' sizes and the buttons
 * their state; a change there is drawn whole (a frame in which only cards
 * glide redraws just their paths). */
static void relayout_while_moving(App *app, TableState *t)
{
    TableLayout was = t->layout;
    Ui ui_was = t->ui;
    table_relayout(app, t);
    size_t from = offsetof(TableLayout, top_bar);
    size_t size = offsetof(TableLayout, pool_card_h) + sizeof(float) - from;
    bool same = memcmp((const char *)&was + from, (const char *)&t->layout + from, size) == 0 &&
                ui_was.count == t->ui.count;
    for (int i = 0; same && i < t->ui.count; i++) {
        const Widget *a = &ui_was.widgets[i], *b = &t->ui.widgets[i];
        same = a->kind == b->kind && a->id == b->id && a->disabled == b->disabled &&
               SDL_RectEquals(&a->rect, &b->rect) && strcmp(a->name, b->name) == 0;
    }
    if (!same) {
        app->dirty = true;
    }
}

/* Design units of room around the words' places (badges and frames at
 * their edges). */
#define WORDS_MARGIN 24

/* Redraws where the words that follow the game are drawn: the prompt,
 * every button, every seat's plate. */
static void damage_words(App *app, const TableState *t)
{
    int m = app_px(app, WORDS_MARGIN);
    SDL_Rect places[1 + CEKI_MAX_SEATS + UI_MAX_WIDGETS];
    int n = 0;
    places[n++] = table_rect(t->layout.prompt);
    for (int s = 0; s < t->players && s < CEKI_MAX_SEATS; s++) {
        places[n++] = table_rect(t->layout.seats[s].plate);
    }
    for (int i = 0; i < t->ui.count && i < UI_MAX_WIDGETS; i++) {
        places[n++] = t->ui.widgets[i].rect;
    }
    for (int i = 0; i < n; i++) {
        SDL_Rect r = places[i];
        app_damage(app, (SDL_Rect){r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m});
    }
}

/* What table_update looks at to know that the frame must change. */
enum {
    SEEN_THINKING,
    SEEN_TO_MOVE,
    SEEN_MOVES,
    SEEN_ROUND,
    SEEN_SETTLED,
    SEEN_DECIDES,
    SEEN_FOCUS_ZONE,
    SEEN_FOCUS_CARD,
    SEEN_COUNT
};
_Static_assert(sizeof((TableState *)0)->drawn_seen == SEEN_COUNT * sizeof(int),
               "the table keeps every look at the game");

/* Whether only the words changed between two looks at the game: the round
 * goes on, no person decides before or after, the keyboard focus stays,
 * nothing but the table is shown and the move log is closed. The cards
 * are then redrawn where they move (their own damage), and only the words'
 * places need drawing again. */
static bool only_words_changed(const TableState *t, const int was[SEEN_COUNT],
                               const int now[SEEN_COUNT])
{
    const Game *g = session_game(t->session);
    return was[SEEN_ROUND] == now[SEEN_ROUND] && !was[SEEN_DECIDES] && !now[SEEN_DECIDES] &&
           was[SEEN_FOCUS_ZONE] == now[SEEN_FOCUS_ZONE] &&
           was[SEEN_FOCUS_CARD] == now[SEEN_FOCUS_CARD] && !game_round_over(g) &&
           !game_match_over(g) && t->dialog == DLG_NONE && !t->log_open &&
           t->hint_state == HINT_NONE && t->drawn_status[0] != '\0';
}

/* The status line, the seat to move, a seat's "thinking" and whether the
 * person may act follow the game, the computer's thread and the cards
 * coming to rest, which change without an input: when the game moves on or
 * what they say changes, the frame is drawn whole, or only where the words
 * are when nothing else follows from the change (only_words_changed). */
static void redraw_when_words_change(App *app, TableState *t)
{
    char status[sizeof t->drawn_status];
    table_status_text(t, status, sizeof status);
    const Game *g = session_game(t->session);
    int moves = session_moves(t->session);
    int seen[SEEN_COUNT] = {[SEEN_THINKING] = session_thinking(t->session),
                            [SEEN_TO_MOVE] = game_to_move(g),
                            [SEEN_MOVES] = moves,
                            [SEEN_ROUND] = game_round_number(g) * 2 + game_round_over(g),
                            [SEEN_SETTLED] = table_settled(t),
                            [SEEN_DECIDES] = table_viewer_decides(t),
                            [SEEN_FOCUS_ZONE] = (int)t->focus_zone,
                            [SEEN_FOCUS_CARD] = t->focus_sprite};
    if (strcmp(status, t->drawn_status) != 0 || memcmp(seen, t->drawn_seen, sizeof seen) != 0) {
        if (only_words_changed(t, t->drawn_seen, seen)) {
            damage_words(app, t);
        } else {
            app->dirty = true;
        }
        snprintf(t->drawn_status, sizeof t->drawn_status, "%s", status);
        memcpy(t->drawn_seen, seen, sizeof seen);
    }
}

/* Autoplay at instant speed: the steps and the milliseconds one frame may
 * play on for. */
#define AUTOPLAY_STEPS 4096
#define AUTOPLAY_FRAME_MS 40

static SceneAction table_update(App *app, void *state, double dt)
{
    TableState *t = state;
    SceneAction act = scene_stay();
    bool moving = false, waiting = false;
    table_net_update(app, t);
    if (t->layout_w != app->width || t->layout_h != app->height) {
        /* The window changed size (the window manager, fullscreen): lay the
         * table out again at once; the cards glide to their new places. */
        table_relayout(app, t);
        view_place(app, t);
        app->dirty = true;
    }
    t->animated = table_beat(app) > 0;
    /* Autoplay at instant speed: play on within one frame (up to a few
     * milliseconds), waiting for the thinking thread here rather than
     * drawing a frame per poll. */
    Uint64 start = SDL_GetTicks64();
    for (int step = 0; step < AUTOPLAY_STEPS; step++) {
        if (!t->frozen) {
            view_take_events(t);
        }
        moving = view_advance(app, t, step == 0 ? dt : 0);
        waiting = flow(app, t, step == 0 ? dt : 0, &act);
        if (!t->autoplay || t->animated || act.kind != SCENE_STAY || app->quit || moving ||
            SDL_GetTicks64() - start > AUTOPLAY_FRAME_MS) {
            break;
        }
        if (session_thinking(t->session)) {
            SDL_Delay(1);
        } else if (!waiting) {
            break;
        }
    }
    if (t->reason[0] != '\0' && app->now > t->reason_until) {
        t->reason[0] = '\0';
        app->dirty = true;
    }
    /* Frames while something moves on screen; while the table only waits
     * (a beat between events, a computer thinking) it is updated at frame
     * rate and drawn when that changes something. */
    if (view_in_motion(t)) {
        app->animating = true;
    } else if (moving || waiting || session_thinking(t->session)) {
        app->ticking = true;
    }
    if (t->drawn_focus && !moving && table_settled(t)) {
        /* The card just drawn takes the keyboard focus, so Enter discards
         * it and the arrows start from it. */
        int ids[TV_MAX_SPRITES];
        int n = view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
        for (int k = n - 1; k >= 0; k--) {
            if (t->view.sprites[ids[k]].card == t->drawn) {
                t->focus_zone = FZ_HAND;
                t->focus_sprite = ids[k];
                break;
            }
        }
        t->drawn_focus = false;
        app->dirty = true;
    }
    if (moving) {
        relayout_while_moving(app, t);
    }
    redraw_when_words_change(app, t);
    return act;
}

static SceneAction table_event(App *app, void *state, const SDL_Event *e)
{
    TableState *t = state;
    if (table_net_event(app, t, e)) {
        return scene_stay(); /* the chat line's */
    }
    if (e->type == SDL_WINDOWEVENT) {
        table_relayout(app, t);
        return scene_stay();
    }
    return table_input(app, t, e);
}

static void table_draw_scene(App *app, void *state, SDL_Renderer *r)
{
    TableState *t = state;
    table_draw(app, t, r);
    table_net_draw(app, t);
}

static const Ui *table_widgets(const void *state)
{
    return &((const TableState *)state)->ui;
}

/* For tests driving the real window ($CEKI_STATE_LOG): the layout's size,
 * the moves made, the dialog, the move log and the peek, whether the person
 * decides, a point on a hand card that may be played, and the status line. */
/* The pool sprite drawn over part of pool sprite `s` (found by hitting
 * points of its rectangle), or -1. */
static int covering_sprite(const TableState *t, int s)
{
    SDL_Rect r = view_rect(&t->view.sprites[s]);
    for (int fy = 1; fy < 10; fy++) {
        for (int fx = 1; fx < 10; fx++) {
            FocusZone z = FZ_NONE;
            int hit = table_hit_card(t, r.x + r.w * fx / 10, r.y + r.h * fy / 10, &z);
            if (hit >= 0 && hit != s && z == FZ_POOL) {
                return hit;
            }
        }
    }
    return -1;
}

/* For the window test (tests/app/window_e2e.sh), when the person decides:
 * " covered=HX,HY>TX,TY:CARD", a hand card and a visible point of a pool
 * card it may take that another card partly covers; " hidden=X,Y,W,H
 * shown=X,Y,W,H", the covered and the visible part of a red-stamped pool
 * card (the colour-blind cue must draw only on the second); " last=MOVE". */
static void describe_covers(App *app, const TableState *t, const Move *legal, int n, char *out,
                            size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    if (!(table_viewer_decides(t) && table_settled(t))) {
        return;
    }
    for (int i = 0; i < n && at == 0; i++) {
        if (legal[i].type != MOVE_PLAY || legal[i].target == CARD_NONE) {
            continue;
        }
        for (int s = 0; s < TV_MAX_SPRITES; s++) {
            const Sprite *sp = &t->view.sprites[s];
            int hx, hy, tx, ty;
            if (!sp->used || sp->zone != TZ_POOL || sp->card != legal[i].target ||
                covering_sprite(t, s) < 0 ||
                !table_card_point(app, FZ_HAND, legal[i].card, 0, &hx, &hy) ||
                !table_card_point(app, FZ_POOL, legal[i].target, 0, &tx, &ty)) {
                continue;
            }
            char code[CARD_TEXT_MAX];
            at += (size_t)snprintf(out + at, size - at, " covered=%d,%d>%d,%d:%s", hx, hy, tx, ty,
                                   card_format(legal[i].target, code));
            break;
        }
    }
    for (int s = 0; s < TV_MAX_SPRITES && at < size; s++) {
        const Sprite *sp = &t->view.sprites[s];
        int c = sp->used && sp->zone == TZ_POOL && card_is_red_stamped(sp->card)
                    ? covering_sprite(t, s)
                    : -1;
        if (c < 0 || card_is_red_stamped(t->view.sprites[c].card)) {
            continue; /* (a stamped card over it would show its own cue) */
        }
        SDL_Rect r = view_rect(sp), o = view_rect(&t->view.sprites[c]), hidden;
        if (!SDL_IntersectRect(&r, &o, &hidden) || o.x <= r.x + 8) {
            continue;
        }
        /* Two pixels in from every edge: the shadows' soft edges are alike. */
        SDL_Rect shown = {r.x + 1, r.y + 1, o.x - r.x - 3, r.h - 2};
        at += (size_t)snprintf(out + at, size - at, " hidden=%d,%d,%d,%d shown=%d,%d,%d,%d",
                               hidden.x + 2, hidden.y + 2, hidden.w - 4, hidden.h - 4, shown.x,
                               shown.y, shown.w, shown.h);
        break;
    }
    const Move *last = session_last_move(t->session);
    char text[MOVE_TEXT_MAX];
    if (last != NULL && at < size) {
        at += (size_t)snprintf(out + at, size - at, " last=%s", move_format(last, text));
    }
    /* The prompt's buttons, Name@x,y (spaces as '_'), for clicking them. */
    for (int i = 0; i < t->ui.count && at < size; i++) {
        const Widget *w = &t->ui.widgets[i];
        if (w->id < W_TRAIL || w->id >= W_DLG_YES || w->disabled) {
            continue;
        }
        at += (size_t)snprintf(out + at, size - at, "%s",
                               at > 0 && strstr(out, " buttons=") ? "|" : " buttons=");
        for (const char *c = w->name; *c != '\0' && at + 1 < size; c++) {
            out[at++] = *c == ' ' ? '_' : *c;
        }
        out[at] = '\0';
        if (at < size) {
            at += (size_t)snprintf(out + at, size - at, "@%d,%d", w->rect.x + w->rect.w / 2,
                                   w->rect.y + w->rect.h / 2);
        }
    }
}

static void table_describe(App *app, void *state, char *buf, size_t size)
{
    TableState *t = state;
    static const char *const dialogs[] = {"none",  "forfeit", "leave",    "new",
                                          "cover", "menu",    "host-gone"};
    int moves = session_moves(t->session);
    int x = -1, y = -1;
    Move legal[GAME_MAX_MOVES];
    int n = table_viewer_decides(t) ? table_legal(t, legal, GAME_MAX_MOVES) : 0;
    for (int i = 0; i < n && i < GAME_MAX_MOVES && x < 0; i++) {
        if (legal[i].type == MOVE_PLAY || legal[i].type == MOVE_DISCARD) {
            if (!table_card_point(app, FZ_HAND, legal[i].card, 0, &x, &y)) {
                x = y = -1;
            }
        }
    }
    char status[200], extra[200];
    table_status_text(t, status, sizeof status);
    describe_covers(app, t, legal, n, extra, sizeof extra);
    snprintf(buf, size,
             "layout=%dx%d match=%s moves=%d dialog=%s log=%d peek=%d decides=%d card=%d,%d%s "
             "status=%s",
             t->layout_w, t->layout_h, session_match_id(t->session), moves,
             (unsigned)t->dialog < sizeof dialogs / sizeof dialogs[0] ? dialogs[t->dialog] : "?",
             t->log_open, t->peek_sprite >= 0, table_viewer_decides(t) && table_settled(t), x, y,
             extra, status);
}

const SceneClass scene_table_class = {
    .describe = table_describe,
    .name = "table",
    .state_size = sizeof(TableState),
    .enter = table_enter,
    .leave = table_leave,
    .resume = table_resume,
    .handle_event = table_event,
    .update = table_update,
    .draw = table_draw_scene,
    .widgets = table_widgets,
};

/* ---- buttons (called by the input) -------------------------------------- */

/* After an undo or a redo replaced the game: the journal follows, the view
 * mends to the position now shown, and nothing pending from before stays. */
static void after_rewind(App *app, TableState *t, const char *said)
{
    save_game(app, t);
    t->reason[0] = '\0'; /* the status speaks of the position now shown */
    GameEvent drop[256];
    while (session_take_events(t->session, drop, 256) > 0) {
    }
    t->evq_n = 0;
    t->turned_for_person = -1;
    t->held.by = HELD_NONE;
    t->hint_state = HINT_NONE;
    t->drawn = CARD_NONE;
    t->drawn_focus = false;
    table_clear_selection(t);
    t->generation = session_generation(t->session);
    view_drop_flights(t);
    table_refresh_obs(t);
    view_sync(app, t, true);
    t->view.mends = 0; /* shown by mending */
    t->synced = true;
    view_log(t, "%s", said);
}

/* The prompt's buttons that make a move of one type for the seat to move. */
static const struct {
    int id;
    MoveType type;
} move_buttons[] = {
    {W_TURN, MOVE_TURN},       {W_NEXT, MOVE_NEXT_ROUND},
    {W_DRAW, MOVE_DRAW_STOCK}, {W_TAKE_DISCARD, MOVE_DRAW_DISCARD},
    {W_PASS, MOVE_PASS},
};

/* A button of the prompt that makes a move (none for another id). */
static void move_button(App *app, TableState *t, int id)
{
    int to = game_to_move(session_game(t->session));
    Move m = {.seat = (uint8_t)(to < 0 ? 0 : to), .card = CARD_NONE, .target = CARD_NONE};
    for (size_t i = 0; i < sizeof move_buttons / sizeof move_buttons[0]; i++) {
        if (move_buttons[i].id == id) {
            m.type = (uint8_t)move_buttons[i].type;
            table_try_move(app, t, &m);
            return;
        }
    }
    if (id == W_TRAIL && t->selected >= 0) {
        m.type = MOVE_PLAY;
        m.card = t->view.sprites[t->selected].card;
        table_try_move(app, t, &m);
    } else if (id == W_CLAIM) {
        Move moves[8];
        int n = table_legal(t, moves, 8);
        for (int i = 0; i < n && i < 8; i++) {
            if (moves[i].type == MOVE_CLAIM) {
                table_try_move(app, t, &moves[i]);
            }
        }
    } else if (id >= W_DECLARE && id < W_DECLARE + CARD_CEKI_KINDS) {
        m.type = MOVE_DECLARE;
        m.card = (Card)(id - W_DECLARE);
        table_try_move(app, t, &m);
    }
}

/* The next deck style (Ceki, western clubs, western spades), said in a toast. */
static void next_deck_style(App *app, TableState *t)
{
    t->style = deck_style_step(t->style, 1);
    app->setup.style = t->style;
    char msg[80];
    snprintf(msg, sizeof msg, _("Cards: %s"), deck_style_name(t->style));
    app_show_toast(app, msg);
}

/* The next match's seed from this one's (a 64-bit linear congruential step). */
#define SEED_MULTIPLIER 6364136223846793005ULL
#define SEED_INCREMENT 1442695040888963407ULL

/* As the result screen's New match: the new table deals afresh from
 * app->setup; this one destroys its own session as it leaves. */
static SceneAction play_again(App *app)
{
    TableState *t = table_top(app);
    if (t != NULL && session_net_table(t->session) != NULL) {
        return scene_replace(SCENE_JOIN); /* host or join a table again */
    }
    app->session = NULL;
    if (t != NULL && t->guide.on) {
        app->table_run.guided = true; /* the same guided deal again */
        return scene_replace(SCENE_TABLE);
    }
    app->setup.config.seed = app->setup.config.seed * SEED_MULTIPLIER + SEED_INCREMENT;
    return scene_replace(SCENE_TABLE);
}

/* "Yes" to the open dialog: the forfeiting move made, the table left, a new
 * game, or the screen shown to the next person. */
static SceneAction dialog_yes(App *app, TableState *t)
{
    TableDialog was = t->dialog;
    t->dialog = DLG_NONE;
    switch (was) {
    case DLG_FORFEIT: {
        Move fm = t->dialog_move;
        apply_now(app, t, &fm);
        break;
    }
    case DLG_LEAVE: return scene_pop();
    case DLG_NEW: return play_again(app);
    case DLG_COVER: {
        int seat = t->cover_seat;
        t->view.viewer = -1;
        set_viewer(app, t, seat);
        break;
    }
    default: break;
    }
    table_relayout(app, t);
    return scene_stay();
}

/* The top bar's buttons and the watch controls: what they change. */
static void table_control(App *app, TableState *t, int id)
{
    switch (id) {
    case W_HINT:
        if (table_viewer_decides(t) && !t->guide.on) {
            t->hint_state = HINT_WANTED;
        }
        break;
    case W_UNDO:
        if (session_can_undo(t->session) && session_undo(t->session) == CEKI_OK) {
            after_rewind(app, t, _("Undone."));
        }
        break;
    case W_REDO:
        if (session_can_redo(t->session) && session_redo(t->session) == CEKI_OK) {
            after_rewind(app, t, _("Redone."));
        }
        break;
    case W_CARDS: next_deck_style(app, t); break;
    case W_MENU: t->dialog = DLG_MENU; break;
    case W_MENU_BACK: t->dialog = DLG_NONE; break;
    case W_MENU_LEAVE: t->dialog = DLG_LEAVE; break;
    case W_MENU_COMPUTER:
        t->dialog = DLG_NONE;
        if (table_stood_in(t)) {
            table_take_back(app, t);
        } else {
            table_hand_over(app, t);
        }
        break;
    case W_GONE_WAIT:
        if (table_net_gone_wait(app, t)) {
            t->dialog = DLG_NONE; /* the banner counts the wait on */
        }
        break;
    case W_LOG: table_log_toggle(t); break;
    case W_PLAY:
        t->watch_mode = t->watch_mode == WATCH_PLAYING ? WATCH_PAUSED : WATCH_PLAYING;
        break;
    case W_STEP: t->watch_mode = WATCH_STEP; break;
    case W_DLG_NO: t->dialog = DLG_NONE; break;
    case W_DLG_ALT:
        t->dialog = DLG_NONE;
        table_net_stand_in(app, t);
        break;
    default: move_button(app, t, id); break;
    }
}

SceneAction table_button(App *app, TableState *t, int id)
{
    if (table_net_button(app, t, id)) {
        return scene_stay();
    }
    switch (id) {
    case W_MENU_RULES:
        t->dialog = DLG_NONE; /* the rules over the table, as its Rules button */
        table_relayout(app, t);
        learn_push_overlay(app, t->v->id);
        return scene_stay();
    case W_RULES:
        /* The rules over the table; the game waits below. */
        learn_push_overlay(app, t->v->id);
        return scene_stay();
    case W_MENU_SETTINGS:
        /* The settings over the table; what changes there shows here at once
         * (table_resume takes the card art, every word is drawn anew). */
        t->dialog = DLG_NONE;
        table_relayout(app, t);
        return scene_push(SCENE_SETTINGS);
    case W_GONE_LEAVE: return scene_pop(); /* the ticket stays: Rejoin on the title */
    case W_AGAIN: return play_again(app);
    case W_LEAVE: return scene_pop();
    case W_DLG_YES: return dialog_yes(app, t);
    case W_GUIDE_CONTINUE: table_guide_continue(app, t); break;
    default: table_control(app, t, id); break;
    }
    table_relayout(app, t);
    return scene_stay();
}

/* ---- for tests ------------------------------------------------------------ */

TableState *table_top(App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || top->cls != &scene_table_class) {
        return NULL;
    }
    return top->state;
}

const Game *table_game(App *app)
{
    TableState *t = table_top(app);
    return t != NULL ? session_game(t->session) : NULL;
}

bool table_waits_for_person(App *app)
{
    TableState *t = table_top(app);
    if (t == NULL || !table_settled(t) || !t->synced) {
        return false;
    }
    /* The viewer's own decision with no dialog open; also a round's end
     * when the viewer is the seat to start the next one, and a stock turn
     * the table leaves to them (the host moved for them, not seen since). */
    TablePhase phase = table_phase(t);
    return phase == TP_AWAITING_PERSON || (phase == TP_ROUND_OVER && table_viewer_decides(t)) ||
           (phase == TP_STOCK_TURN && session_host_moved_own(t->session));
}

SDL_Rect table_rect(TlRect r)
{
    SDL_Rect out = {(int)(r.x + 0.5f), (int)(r.y + 0.5f), (int)(r.w + 0.5f), (int)(r.h + 0.5f)};
    return out;
}

bool table_card_rect(App *app, FocusZone zone, Card c, int n, SDL_Rect *out)
{
    TableState *t = table_top(app);
    if (t == NULL) {
        return false;
    }
    int ids[TV_MAX_SPRITES];
    int count = zone == FZ_HAND ? view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES)
                                : view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int i = 0; i < count; i++) {
        const Sprite *s = &t->view.sprites[ids[i]];
        if (s->card == c && n-- == 0) {
            *out = view_rect(s);
            return true;
        }
    }
    return false;
}

void table_focus(App *app, FocusZone *zone, Card *c)
{
    TableState *t = table_top(app);
    *zone = FZ_NONE;
    *c = CARD_NONE;
    if (t != NULL && (t->focus_zone == FZ_STOCK || t->focus_zone == FZ_DISCARD)) {
        *zone = t->focus_zone; /* a pile: no card of its own */
        return;
    }
    if (t == NULL || t->focus_sprite < 0 || !t->view.sprites[t->focus_sprite].used) {
        return;
    }
    *zone = t->focus_zone;
    *c = t->view.sprites[t->focus_sprite].card;
}

bool table_card_point(App *app, FocusZone zone, Card c, int n, int *x, int *y)
{
    TableState *t = table_top(app);
    SDL_Rect r;
    if (t == NULL || !table_card_rect(app, zone, c, n, &r)) {
        return false;
    }
    /* The sprite itself, to check hits against. */
    int ids[TV_MAX_SPRITES];
    int count = zone == FZ_HAND ? view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES)
                                : view_pool_order(t, ids, TV_MAX_SPRITES);
    int want = -1;
    for (int i = 0, k = n; i < count; i++) {
        if (t->view.sprites[ids[i]].card == c && k-- == 0) {
            want = ids[i];
            break;
        }
    }
    for (int fy = 1; fy < 10; fy++) {
        for (int fx = 1; fx < 10; fx++) {
            int px = r.x + r.w * fx / 10, py = r.y + r.h * fy / 10;
            FocusZone z = FZ_NONE;
            if (table_hit_card(t, px, py, &z) == want && z == zone) {
                *x = px;
                *y = py;
                return true;
            }
        }
    }
    return false;
}

bool table_free_pool_point(App *app, int *x, int *y)
{
    TableState *t = table_top(app);
    if (t == NULL || tl_empty(t->layout.pool)) {
        return false;
    }
    SDL_Rect p = table_rect(t->layout.pool);
    for (int fy = 1; fy < 20; fy++) {
        for (int fx = 1; fx < 20; fx++) {
            int px = p.x + p.w * fx / 20, py = p.y + p.h * fy / 20;
            FocusZone z = FZ_NONE;
            if (table_hit_card(t, px, py, &z) < 0 && ui_hit(&t->ui, px, py) < 0 &&
                !tl_contains(t->layout.stock, (float)px, (float)py)) {
                *x = px;
                *y = py;
                return true;
            }
        }
    }
    return false;
}

static bool centre_of(TlRect r, int *x, int *y)
{
    if (tl_empty(r)) {
        return false;
    }
    *x = (int)(r.x + r.w / 2);
    *y = (int)(r.y + r.h / 2);
    return true;
}

bool table_stock_point(App *app, int *x, int *y)
{
    TableState *t = table_top(app);
    return t != NULL && centre_of(t->layout.stock, x, y);
}

bool table_discard_point(App *app, int *x, int *y)
{
    TableState *t = table_top(app);
    return t != NULL && centre_of(t->layout.discard, x, y);
}
