/* scene_table_draw.c — drawing the table: felt, seats, piles, stock, pool,
 * hands, cards in flight, the prompt bar and the table's dialogs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_names.h"
#include "coach_text.h"
#include "kowah.h"
#include "net_screens.h"
#include "pei.h"
#include "scene_table.h"
#include "variant_text.h"

#define INK_DIM ((SDL_Color){200, 214, 204, 255})

static SDL_Rect R(TlRect r)
{
    return table_rect(r);
}

static TextStyle style(App *app, float size, TextWeight w, SDL_Color c)
{
    return app_text_style(app, size, w, c);
}

static unsigned card_flags(App *app, const TableState *t)
{
    unsigned f = 0;
    if (t->v->scores_red_stamps) {
        f |= CARD_RED_STAMP;
    }
    if (app->settings.colour_cue) {
        f |= CARD_COLOUR_CUE;
    }
    return f;
}

static DeckStyle draw_style(const TableState *t)
{
    return variant_style(t->v, t->style);
}

/* The card used for a face-down card of this deck. */
static Card back_card(const TableState *t)
{
    return t->v->deck == DECK_FRENCH_NO_KINGS ? card_french(SUIT_SPADES, 1) : CARD_C1;
}

static void draw_card(App *app, const TableState *t, Card c, SDL_Rect r, unsigned flags)
{
    if (c == CARD_NONE) {
        c = back_card(t);
        flags |= CARD_FACE_DOWN;
    }
    card_art_draw(app->cards, app->renderer, draw_style(t), c, r, card_flags(app, t) | flags);
}

/* A small round badge with a number or a word. */
static void badge(App *app, int cx, int cy, const char *text, SDL_Color bg, SDL_Color ink)
{
    TextStyle s = style(app, 13, TEXT_BOLD, ink);
    int w = 0, h = 0;
    text_measure(app->text, text, s.px, s.weight, &w, &h);
    int bh = app_px(app, 20);
    int bw = SDL_max(bh, w + app_px(app, 12));
    SDL_Rect b = {cx - bw / 2, cy - bh / 2, bw, bh};
    paint_shadow(app->paint, app->renderer, b, bh / 2, app_px(app, 4), paint_rgba(0, 0, 0, 90));
    paint_round_rect(app->paint, app->renderer, b, bh / 2, bg);
    text_draw_in(app->text, app->renderer, text, &s, b, TEXT_CENTER);
}

/* A darker, framed patch of the felt; nothing lies under it but the felt. */
static void soft_panel(App *app, SDL_Rect r, int alpha)
{
    paint_felt_panel(app->paint, app->renderer, r, app_px(app, 12),
                     paint_rgba(4, 22, 14, (Uint8)alpha), SDL_max(1, app_px(app, 1)),
                     paint_rgba(255, 255, 255, 18));
}

static const char *role_label(GameRole role)
{
    switch (role) {
    case ROLE_RAJA: return "raja";
    case ROLE_PATIH: return "patih";
    case ROLE_UNYIK: return "unyik";
    default: return NULL;
    }
}

/* What a role means at this table, for the tooltip of its tag. */
static const char *role_tip(const TableState *t, GameRole role)
{
    bool pei = t->v->start == START_PEI;
    switch (role) {
    case ROLE_RAJA:
        return pei ? _("Raja: plays first. The pool's 9s and 1s are laid out before this seat.")
                   : _("Raja: plays first this round.");
    case ROLE_PATIH:
        return pei ? _("Patih: plays second, and alone sees the stock card drawn second to last. "
                       "The 8s and 2s are laid out before this seat.")
                   : _("Patih: plays after the raja.");
    case ROLE_UNYIK:
        return pei ? _("Unyik: plays last and draws the face-up stock card last. The 7s, 3s and "
                       "5s are laid out before this seat.")
                   : _("Unyik: plays last; the unyik dealt this round.");
    default: return NULL;
    }
}

/* Notes a tooltip for `at` when the pointer is on it. */
static void offer_tip(TableState *t, SDL_Rect at, const char *text)
{
    SDL_Point p = {t->mouse_x, t->mouse_y};
    if (text != NULL && t->pointer_used && SDL_PointInRect(&p, &at)) {
        snprintf(t->tip, sizeof t->tip, "%s", text);
        t->tip_at = at;
    }
}

#define PEI_LABEL_RANKS_PX 14.0f /* a Pèi band's ranks */
#define PEEK_NOTE_PX 13.0f       /* the note beside the card a seat alone has seen */
#define PEEK_NOTE_W 118.0f       /* ... and its width */
#define PEI_LABEL_WHOSE_PX 13.0f /* ... and whose side it is */

static void draw_tip(App *app, TableState *t)
{
    if (t->tip[0] == '\0' || t->dialog != DLG_NONE) {
        return;
    }
    TextStyle s = style(app, 14, TEXT_REGULAR, UI_INK);
    int pad = app_px(app, 10), w = app_px(app, 320);
    int h = text_draw_wrapped(app->text, NULL, t->tip, &s, (SDL_Rect){0, 0, w - 2 * pad, 0},
                              TEXT_LEFT, 1.1f) +
            2 * pad;
    int x = SDL_clamp(t->tip_at.x, 0, SDL_max(0, app->width - w));
    int y = t->tip_at.y + t->tip_at.h + app_px(app, 6);
    if (y + h > app->height) {
        y = SDL_max(0, t->tip_at.y - h - app_px(app, 6));
    }
    SDL_Rect box = {x, y, w, h};
    paint_shadow(app->paint, app->renderer, box, app_px(app, 8), app_px(app, 10),
                 paint_rgba(0, 0, 0, 120));
    paint_round_rect(app->paint, app->renderer, box, app_px(app, 8), paint_rgba(20, 44, 32, 255));
    paint_round_frame(app->paint, app->renderer, box, app_px(app, 8), SDL_max(1, app_px(app, 1)),
                      UI_GOLD);
    text_draw_wrapped(app->text, app->renderer, t->tip, &s,
                      (SDL_Rect){x + pad, y + pad, w - 2 * pad, 0}, TEXT_LEFT, 1.1f);
}

/* ---- the top bar ---------------------------------------------------------- */

/* Kowah: the cards that would win for the viewer's hand once `pair` is
 * declared (RULES.md §4: in the first shape only the shown pair waits),
 * as "the Old Thousand" or "4 of Coins or 4 of Strings"; "" when none. */
static void waits_text(const TableState *t, Card pair, char *buf, size_t size)
{
    const Observation *o = &t->obs;
    bool wins[CARD_CEKI_KINDS];
    buf[0] = '\0';
    if (o->hand_count[o->seat] != KOWAH_HAND || !kowah_winning_kinds(o->hand, pair, wins)) {
        return;
    }
    size_t at = 0;
    for (int k = 0; k < CARD_CEKI_KINDS && at < size; k++) {
        if (wins[k]) {
            char name[48];
            table_card_label(t, (Card)k, name, sizeof name);
            at += (size_t)snprintf(buf + at, size - at, "%s%s", at ? _(" or ") : "", name);
        }
    }
}

static void round_text(const TableState *t, char *buf, size_t size)
{
    const Game *g = session_game(t->session);
    const GameConfig *cfg = game_config(g);
    int round = game_round_number(g);
    switch (t->v->match_kind) {
    case MATCHKIND_ROUNDS:
        snprintf(buf, size, _("Round %d of %d"), round,
                 cfg->rounds > 0 ? cfg->rounds : t->v->default_rounds);
        break;
    case MATCHKIND_HANDS_WON:
        snprintf(buf, size, _("Hand %d of %d"), round,
                 cfg->rounds > 0 ? cfg->rounds : t->v->default_rounds);
        break;
    case MATCHKIND_EACH_DEALS:
    case MATCHKIND_EACH_DEALS_UNTIED:
        if (round <= t->players) {
            snprintf(buf, size, _("Deal %d of %d"), round, t->players);
        } else {
            snprintf(buf, size, _("Deal %d (tie-break)"), round);
        }
        break;
    case MATCHKIND_KINGS: {
        int won = 0;
        for (int s = 0; s < t->players; s++) {
            won += t->obs.match_score[s];
        }
        snprintf(buf, size,
                 P_("Round %d \xc2\xb7 %d King left", "Round %d \xc2\xb7 %d Kings left", 4 - won),
                 round, 4 - won);
        break;
    }
    }
}

/* Where the top bar's buttons begin (the bar's right end without them). */
static int top_buttons_x(const TableState *t, SDL_Rect bar)
{
    int x = bar.x + bar.w;
    for (int id = W_HINT; id <= W_MENU; id++) {
        const Widget *w = ui_find(&t->ui, id);
        x = w != NULL ? SDL_min(x, w->rect.x) : x;
    }
    return x;
}

#define TOP_INFO_MAX 4

/* At a table with friends that has a turn clock, one more line that says
 * it: the longest before it and the clock's numbers. How many lines now. */
static int info_add_clock(const App *app, const TableState *t, char info[][200], int n)
{
    NetTable *net = session_net_table(t->session);
    net = net != NULL ? net : app->net; /* the screens' table while they hold it */
    const NetTableRules *rules = net != NULL ? net_table_rules(net) : NULL;
    if (rules == NULL || rules->clock.move_ms == 0 || n >= TOP_INFO_MAX) {
        return n;
    }
    char clock[64], more[96];
    net_screens_clock_short(&rules->clock, clock, sizeof clock);
    snprintf(more, sizeof more, _(" \xc2\xb7 clock %s"), clock);
    memcpy(info[n], info[n - 1], sizeof info[n]);
    strncat(info[n], more, sizeof info[n] - strlen(info[n]) - 1);
    return n + 1;
}

/* At a table with friends that people watch, who they are, at the right
 * of the top bar's room for words (box), at most half of it; the pixels
 * taken from its width (0: nobody watches). */
static int draw_watchers(App *app, const TableState *t, SDL_Rect box)
{
    char who[NET_WATCHERS_TEXT_MAX];
    table_net_watchers(app, t, who, sizeof who);
    if (who[0] == '\0' || box.w <= 0) {
        return 0;
    }
    TextStyle s = style(app, 14, TEXT_REGULAR, UI_GOLD_LIGHT);
    int w = 0, h = 0;
    text_measure(app->text, who, s.px, s.weight, &w, &h);
    w = SDL_min(w, box.w / 2);
    SDL_Rect at = {box.x + box.w - w, box.y, w, box.h};
    text_draw_in(app->text, app->renderer, who, &s, at, TEXT_RIGHT);
    return w + app_px(app, 16);
}

static void draw_top_bar(App *app, TableState *t)
{
    SDL_Rect bar = R(t->layout.top_bar);
    TextStyle title = style(app, 22, TEXT_BOLD, UI_INK);
    SDL_Rect tr = text_draw_in(app->text, app->renderer, _(t->v->name), &title,
                               (SDL_Rect){bar.x + app_px(app, 6), bar.y, bar.w, bar.h}, TEXT_LEFT);
    /* The round, then the stakes, the pot and the clock while they fit before the
     * buttons (a guided game's table is narrower). */
    char info[TOP_INFO_MAX][200], round[96];
    round_text(t, round, sizeof round);
    if (t->guide.on) {
        /* A lesson, never taken for a game of the player's. */
        snprintf(info[0], sizeof info[0], _("Guided game \xc2\xb7 %s"), round);
    } else {
        snprintf(info[0], sizeof info[0], "%s", round);
    }
    int n = 1;
    const GameConfig *cfg = game_config(session_game(t->session));
    if (variant_has_stakes(t->v) && cfg->stakes != STAKES_NONE) {
        char more[64];
        snprintf(more, sizeof more, _(" \xc2\xb7 stakes: %s"), stake_scheme_name(cfg->stakes));
        memcpy(info[1], info[0], sizeof info[1]);
        strncat(info[1], more, sizeof info[1] - strlen(info[1]) - 1);
        n = 2;
        if (t->obs.pot > 0) {
            snprintf(more, sizeof more, _(" \xc2\xb7 pot %d"), t->obs.pot);
            memcpy(info[2], info[1], sizeof info[2]);
            strncat(info[2], more, sizeof info[2] - strlen(info[2]) - 1);
            n = 3;
        }
    }
    n = info_add_clock(app, t, info, n);
    TextStyle small = style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect box = {tr.x + tr.w + app_px(app, 16), bar.y, 0, bar.h};
    box.w = top_buttons_x(t, bar) - app_px(app, 12) - box.x;
    box.w -= draw_watchers(app, t, box);
    int pick = n - 1, w = 0, h = 0;
    for (; pick > 0; pick--) {
        text_measure(app->text, info[pick], small.px, small.weight, &w, &h);
        if (w <= box.w) {
            break;
        }
    }
    text_draw_in(app->text, app->renderer, info[pick], &small, box, TEXT_LEFT);
}

/* ---- seats ------------------------------------------------------------------- */

#define ROLE_CHIP_PX 13.0f      /* a role's tag on a plate */
#define ROLE_CHIP_PAD 14        /* ... its width beyond its word */
#define PLATE_MARK_H 20         /* the tag's and the dealer's disc's height */
#define PLATE_NAME_GAP 8        /* between the name and the first mark */
#define PLATE_MARK_GAP 6        /* between the tag and the disc */
#define PLATE_LEAST_SHARE 0.65f /* a plate's words get no smaller than this of their size */

/* The width of a role's tag, in pixels (0: the seat has no role). */
static int role_chip_w(App *app, const TableState *t, int seat)
{
    const char *role = role_label(t->view.role[seat]);
    if (role == NULL) {
        return 0;
    }
    TextStyle rs = style(app, ROLE_CHIP_PX, TEXT_BOLD, UI_ON_GOLD);
    int w = 0, h = 0;
    text_measure(app->text, role, rs.px, rs.weight, &w, &h);
    return w + app_px(app, ROLE_CHIP_PAD);
}

/* A role's tag after a seat's name at x on line; returns where the next
 * mark goes (x unchanged when the tag does not fit before right). */
static int draw_role_chip(App *app, TableState *t, int seat, SDL_Rect line, int x, int right)
{
    GameRole r = t->view.role[seat];
    const char *role = role_label(r);
    if (role == NULL) {
        return x;
    }
    TextStyle rs = style(app, ROLE_CHIP_PX, TEXT_BOLD, UI_ON_GOLD);
    SDL_Rect chip = {x, line.y + (line.h - app_px(app, PLATE_MARK_H)) / 2,
                     role_chip_w(app, t, seat), app_px(app, PLATE_MARK_H)};
    if (chip.x + chip.w > right) {
        return x;
    }
    paint_round_rect(app->paint, app->renderer, chip, chip.h / 2, UI_GOLD);
    text_draw_in(app->text, app->renderer, role, &rs, chip, TEXT_CENTER);
    offer_tip(t, chip, role_tip(t, r));
    return chip.x + chip.w + app_px(app, PLATE_MARK_GAP);
}

/* The dealer's disc at x on line, when it fits before right. */
static void draw_dealer_disc(App *app, SDL_Rect line, int x, int right)
{
    int d = app_px(app, PLATE_MARK_H);
    if (x + d > right) {
        return;
    }
    SDL_Rect disc = {x, line.y + (line.h - d) / 2, d, d};
    paint_round_rect(app->paint, app->renderer, disc, d / 2, paint_rgba(245, 240, 225, 255));
    TextStyle ds = style(app, 12, TEXT_BOLD, paint_rgba(40, 40, 40, 255));
    /* TRANSLATORS: the dealer's mark on a seat, one letter. */
    text_draw_in(app->text, app->renderer, _("D"), &ds, disc, TEXT_CENTER);
}

/* Appends more to the plate's line in buf. */
static void plate_add(char *buf, size_t size, const char *more)
{
    strncat(buf, more, size - strlen(buf) - 1);
}

/* The table's stakes (a spectator's board: the watched table's rules). */
static int table_stakes(const TableState *t)
{
    return t->board ? t->board_stakes : (int)game_config(session_game(t->session))->stakes;
}

/* A seat's scores on its plate: the match's, the round's, its coins. */
static void plate_scores(const TableState *t, int seat, char *info, size_t size)
{
    const Observation *o = &t->obs;
    char more[40], this_round[32];
    if (t->v->match_kind == MATCHKIND_KINGS) {
        snprintf(info, size, _("Kings %d \xc2\xb7 captured %d"), o->match_score[seat],
                 t->view.pile_n[seat]);
    } else if (t->v->match_kind == MATCHKIND_HANDS_WON) {
        snprintf(info, size, _("Hands won %d"), o->match_score[seat]);
    } else {
        snprintf(info, size, _("Total %d"), o->match_score[seat]);
        if (t->view.round_scored && !t->view.sitting_out[seat]) { /* it played no hand */
            snprintf(this_round, sizeof this_round, _(" \xc2\xb7 this round %d"),
                     t->view.round_score[seat]);
            plate_add(info, size, this_round);
        }
    }
    if (variant_has_stakes(t->v) && table_stakes(t) != STAKES_NONE) {
        snprintf(more, sizeof more, _(" \xc2\xb7 %+d coins"), o->units[seat]);
        plate_add(info, size, more);
    }
}

/* A seat's second line: its scores and its state (a declared pair and what
 * it waits for, forfeited, sitting out, thinking); returns its colour. */
static SDL_Color plate_info(const TableState *t, int seat, bool to_move, char *info, size_t size)
{
    const TableView *v = &t->view;
    SDL_Color ic = INK_DIM;
    plate_scores(t, seat, info, size);
    if (v->exposed[seat] != CARD_NONE) {
        /* What the person's hand waits for is in the status line at each
         * draw: on the plate it did not fit beside the score. */
        plate_add(info, size, _(" \xc2\xb7 checki declared"));
        ic = UI_GOLD_LIGHT;
    }
    if (v->forfeited[seat]) {
        plate_add(info, size, _(" \xc2\xb7 forfeited"));
        ic = UI_WARN;
    }
    if (v->sitting_out[seat]) {
        plate_add(info, size, _(" \xc2\xb7 sits out: not tied for the lead"));
        ic = UI_WARN;
    }
    bool thinking = to_move && session_thinking(t->session) && !table_viewer_decides(t) &&
                    !t->watch && game_to_move(session_game(t->session)) != t->view.viewer &&
                    !table_net_cut_off(t) && /* cut off from the table: no one seen thinking */
                    !table_net_seat_away(t, seat); /* nor a person whose connection dropped */
    if (thinking) {
        plate_add(info, size, _(" \xc2\xb7 thinking\xe2\x80\xa6"));
    }
    return ic;
}

/* Kings won, as small crowns of cards on the plate's right. */
static void draw_plate_kings(App *app, const TableView *v, int seat, SDL_Rect p, int pad)
{
    if (v->kings[seat] <= 0) {
        return;
    }
    int h = p.h - app_px(app, 10);
    int w = (int)(h * card_art_aspect(STYLE_FRENCH, v->king_cards[seat][0]));
    for (int k = 0; k < v->kings[seat]; k++) {
        SDL_Rect kr = {p.x + p.w - pad - w - k * (w * 2 / 3), p.y + app_px(app, 5), w, h};
        card_art_draw(app->cards, app->renderer, STYLE_FRENCH, v->king_cards[seat][k], kr, 0);
    }
}

/* A line of a plate made smaller, down to PLATE_LEAST_SHARE of its size,
 * rather than leave its room of w pixels (the width does not shrink quite
 * in step with the size: measured again). */
static void fit_to_width(App *app, const char *words, TextStyle *s, int w)
{
    int tw = 0, th = 0;
    text_measure(app->text, words, s->px, s->weight, &tw, &th);
    float least = s->px * PLATE_LEAST_SHARE;
    while (tw > w && tw > 0 && s->px > least) {
        s->px = fmaxf(s->px * (float)SDL_max(w, 1) / (float)tw * 0.98f, least);
        text_measure(app->text, words, s->px, s->weight, &tw, &th);
    }
}

/* Whether seat is to move in a round being played (a spectator's board:
 * as its view says). */
static bool seat_to_move(const TableState *t, int seat)
{
    if (t->board) {
        const Observation *o = &t->obs;
        return o->to_move == seat && o->phase != PHASE_ROUND_OVER && o->phase != PHASE_MATCH_OVER;
    }
    const Game *g = session_game(t->session);
    return game_to_move(g) == seat && !game_round_over(g) && !game_match_over(g);
}

/* A seat's plate: name, role and dealer's mark, then scores and state. */
static void draw_plate(App *app, TableState *t, int seat)
{
    SDL_Rect p = R(t->layout.seats[seat].plate);
    if (p.w <= 0) {
        return;
    }
    bool to_move = seat_to_move(t, seat);
    soft_panel(app, p, to_move ? 200 : 150);
    if (to_move) {
        paint_round_frame(app->paint, app->renderer, p, app_px(app, 12), SDL_max(2, app_px(app, 2)),
                          UI_GOLD);
    }
    int pad = app_px(app, 10);
    char name[64];
    table_seat_name(t, seat, name, sizeof name);
    TextStyle ns = style(app, 17, TEXT_BOLD, to_move ? UI_GOLD_LIGHT : UI_INK);
    SDL_Rect line1 = {p.x + pad, p.y + app_px(app, 4), p.w - 2 * pad, p.h / 2};
    /* The role's tag and the dealer's disc keep their room: a long name
     * (a narrow side column) is made smaller for them. */
    int chip = role_chip_w(app, t, seat);
    int marks = (chip > 0 ? app_px(app, PLATE_NAME_GAP) + chip : 0) +
                (t->view.dealer == seat ? app_px(app, chip > 0 ? PLATE_MARK_GAP : PLATE_NAME_GAP) +
                                              app_px(app, PLATE_MARK_H)
                                        : 0);
    fit_to_width(app, name, &ns, line1.w - marks);
    SDL_Rect nr = text_draw_in(app->text, app->renderer, name, &ns, line1, TEXT_LEFT);
    int x = draw_role_chip(app, t, seat, line1, nr.x + nr.w + app_px(app, PLATE_NAME_GAP),
                           p.x + p.w - pad);
    if (t->view.dealer == seat) {
        draw_dealer_disc(app, line1, x, p.x + p.w - pad);
    }
    char info[160] = "";
    TextStyle is = style(app, 14, TEXT_REGULAR, plate_info(t, seat, to_move, info, sizeof info));
    SDL_Rect line2 = {p.x + pad, p.y + p.h / 2, p.w - 2 * pad, p.h / 2 - app_px(app, 4)};
    fit_to_width(app, info, &is, line2.w);
    text_draw_in(app->text, app->renderer, info, &is, line2, TEXT_LEFT);
    draw_plate_kings(app, &t->view, seat, p, pad);
}

/* A visible pile's cards overlap in rows, in parts of a card: each shows at
 * least PILE_SHOW of its width (or, in as many rows as fit, the index
 * corner: PILE_INDEX_CEKI / PILE_INDEX_WIDE), rows overlap by PILE_ROW, and
 * cards lie at most PILE_SPREAD apart; they shrink down to PILE_MIN_H
 * pixels. A face-down pile shows a layer more past PILE_LAYER2 and
 * PILE_LAYER3 cards. */
#define PILE_SHOW 0.6f
#define PILE_INDEX_CEKI 0.36f
#define PILE_INDEX_WIDE 0.26f
#define PILE_ROW 0.55f
#define PILE_SPREAD 1.02f
#define PILE_MIN_H 16
#define PILE_LAYER2 6
#define PILE_LAYER3 20

/* A face-down pile of n cards of height ch centred in area: a few layers
 * and its count. */
static void draw_hidden_pile(App *app, TableState *t, TlRect area, int n, float ch)
{
    float aspect = (float)t->layout.spec.aspect;
    TlRect c = {area.x + (area.w - ch * aspect) / 2, area.y + (area.h - ch) / 2, ch * aspect, ch};
    int layers = n > PILE_LAYER3 ? 3 : (n > PILE_LAYER2 ? 2 : 1);
    for (int k = layers - 1; k >= 0; k--) {
        SDL_Rect r = R(c);
        r.x += k * app_px(app, 3);
        r.y -= k * app_px(app, 3);
        draw_card(app, t, CARD_NONE, r, k > 0 ? CARD_NO_SHADOW : 0);
    }
    char cnt[16];
    snprintf(cnt, sizeof cnt, "%d", n);
    SDL_Rect r = R(c);
    badge(app, r.x + r.w, r.y + app_px(app, 4), cnt, UI_GOLD, UI_ON_GOLD);
}

/* A visible pile's cards by kind, identical cards together; returns how many. */
static int pile_by_kind(const TableView *v, int seat, Card cards[CEKI_MAX_DECK])
{
    int n = v->pile_n[seat];
    int count[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < n && i < CEKI_MAX_DECK; i++) {
        if (v->pile[seat][i] < CARD_KIND_LIMIT) {
            count[v->pile[seat][i]]++;
        }
    }
    int k = 0;
    for (int c = 0; c < CARD_KIND_LIMIT; c++) {
        for (int j = 0; j < count[c] && k < CEKI_MAX_DECK; j++) {
            cards[k++] = (Card)c;
        }
    }
    return k;
}

/* A visible pile of n cards face up by kind, overlapping in rows (as
 * board_pile places them), with its count. */
static void draw_visible_pile(App *app, TableState *t, int seat, SDL_Rect area, float ch)
{
    float aspect = (float)t->layout.spec.aspect;
    Card cards[CEKI_MAX_DECK];
    int k = pile_by_kind(&t->view, seat, cards);
    BoardPile p = {.aspect = aspect,
                   .max_h = ch,
                   .min_h = PILE_MIN_H,
                   .show = PILE_SHOW,
                   .least = aspect < 0.5f ? PILE_INDEX_CEKI : PILE_INDEX_WIDE,
                   .row = PILE_ROW,
                   .spread = PILE_SPREAD};
    TlRect at = {(float)area.x, (float)area.y, (float)area.w, (float)area.h};
    TlRect rects[CEKI_MAX_DECK], block;
    board_pile(at, &p, k, rects, &block);
    for (int i = 0; i < k; i++) {
        draw_card(app, t, cards[i], R(rects[i]), CARD_NO_SHADOW);
    }
    char cnt[16];
    snprintf(cnt, sizeof cnt, "%d", t->view.pile_n[seat]);
    badge(app, (int)(block.x + block.w) - app_px(app, 12), (int)block.y + app_px(app, 4), cnt,
          UI_GOLD, UI_ON_GOLD);
}

/* A pile of face-down cards with its count, or a visible pile laid out by kind. */
static void draw_pile(App *app, TableState *t, int seat)
{
    const TlSeat *z = &t->layout.seats[seat];
    const TableView *v = &t->view;
    int n = v->pile_n[seat];
    SDL_Rect area = R(z->pile);
    if (area.w <= 0 || area.h <= 0 || t->v->engine == ENGINE_KOWAH) {
        return;
    }
    float ch = board_quantize(fminf(t->layout.small_card_h, (float)area.h));
    if (n == 0) {
        TextStyle s = style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
        text_draw_in(app->text, app->renderer, _("no captures yet"), &s, area, TEXT_CENTER);
    } else if (v->pile_visible[seat] && v->pile[seat][0] != CARD_NONE) {
        draw_visible_pile(app, t, seat, area, ch);
    } else {
        draw_hidden_pile(app, t, z->pile, n, ch);
    }
}

static void draw_hand_count(App *app, TableState *t, int seat)
{
    if (seat == t->view.viewer) {
        return;
    }
    int ids[TV_MAX_SPRITES];
    int n = view_hand_order(t, seat, ids, TV_MAX_SPRITES);
    if (n == 0 || tl_empty(t->layout.seats[seat].hand)) {
        return;
    }
    const Sprite *last = &t->view.sprites[ids[n - 1]];
    char cnt[16];
    snprintf(cnt, sizeof cnt, "%d", n);
    badge(app, (int)(last->x + last->w) - app_px(app, 10), (int)(last->y + app_px(app, 4)), cnt,
          paint_rgba(245, 240, 225, 255), paint_rgba(30, 30, 30, 255));
}

/* ---- middle ------------------------------------------------------------------ */

/* The private peek, for its seat only: the card beside the spot, a note of
 * what it is, and a tooltip saying it whole. */
static void draw_peek_note(App *app, TableState *t, SDL_Rect r)
{
    const TableView *v = &t->view;
    if (v->peek != CARD_NONE && t->obs.peek != CARD_NONE) {
        SDL_Rect sp = R(t->layout.spot);
        SDL_Rect pr = {sp.x + sp.w + sp.w / 2, r.y, r.w, r.h};
        draw_card(app, t, t->obs.peek, pr, 0);
        TextStyle ns = style(app, PEEK_NOTE_PX, TEXT_REGULAR, UI_GOLD_LIGHT);
        const char *note = t->obs.peek_depth == 1
                               ? _("only you have seen it: the stock's last card")
                               : _("only you have seen it: drawn second to last");
        SDL_Rect box = {pr.x + pr.w + app_px(app, 8), pr.y, app_px(app, PEEK_NOTE_W), pr.h};
        const WordsFit fit = {1.0f, 0.92f, 9.0f};
        table_words_fit(app, note, &ns, box, &fit);
        int h = text_draw_wrapped(app->text, app->renderer, note, &ns, box, TEXT_LEFT, 1.0f);
        /* What it means, on the card and its note. */
        SDL_Rect at = {pr.x, pr.y, box.x + box.w - pr.x, SDL_max(pr.h, h)};
        offer_tip(t, at,
                  t->obs.peek_depth == 1
                      ? _("Your private look at the stock: nobody else has seen this card. The "
                          "stock is drawn from the bottom, so it is the last card drawn: the one "
                          "you turn on your last turn.")
                      : _("Your private look at the stock: nobody else has seen this card. The "
                          "stock is drawn from the bottom and its face-up card comes last, so "
                          "this one is drawn second to last: the one you turn on your last "
                          "turn."));
    }
}

static void draw_stock(App *app, TableState *t)
{
    const TableView *v = &t->view;
    TlRect sr = t->layout.stock;
    if (tl_empty(sr)) {
        return;
    }
    SDL_Rect r = R(sr);
    int n = v->stock;
    bool focus = t->focus_zone == FZ_STOCK && !t->focus_in_ui && !t->pointer_used;
    if (n > 0) {
        int layers = n > 30 ? 3 : (n > 8 ? 2 : 1);
        for (int k = layers - 1; k >= 0; k--) {
            SDL_Rect lr = r;
            lr.x += k * app_px(app, 2);
            lr.y -= k * app_px(app, 2);
            draw_card(app, t, CARD_NONE, lr, k > 0 ? CARD_NO_SHADOW : 0);
        }
    } else {
        paint_round_frame(app->paint, app->renderer, r, app_px(app, 8), SDL_max(1, app_px(app, 1)),
                          paint_rgba(255, 255, 255, 40));
    }
    /* Pèi: the last card lies face up on the stock, drawn last. */
    if (v->stock_last_public != CARD_NONE && n > 0) {
        SDL_Rect fr = {r.x + r.w / 3, r.y - r.h / 6, r.w, r.h};
        draw_card(app, t, v->stock_last_public, fr, 0);
    }
    char cnt[24];
    snprintf(cnt, sizeof cnt, "%d", n);
    badge(app, r.x + r.w, r.y + app_px(app, 4), cnt, paint_rgba(245, 240, 225, 255),
          paint_rgba(30, 30, 30, 255));
    TextStyle s = style(app, 12.5f, TEXT_REGULAR, UI_INK_SOFT);
    const char *label = _("stock");
    if (t->v->start == START_PEI) {
        label = v->stock_last_public != CARD_NONE && n > 0
                    ? _("stock, drawn from the bottom; the face-up card comes last")
                    : _("stock, drawn from the bottom");
    }
    if (t->v->start == START_PEI) {
        /* Beside the stock, above the bottom band of the pool: smaller
         * where its lines would reach that band (a small window, a long
         * language). */
        TlRect bands[TL_SIDES], centre;
        table_layout_pei_bands(&t->layout, bands, &centre);
        int top = r.y + app_px(app, 2), bottom = R(bands[TL_BOTTOM]).y - app_px(app, 4);
        SDL_Rect box = {r.x - app_px(app, 172), top, app_px(app, 160), SDL_max(0, bottom - top)};
        const WordsFit fit = {1.0f, 0.92f, 9.0f};
        /* What still does not fit at the smallest size: the overflow watch
         * notes it (text_draw_wrapped, box.h). */
        table_words_fit(app, label, &s, box, &fit);
        text_draw_wrapped(app->text, app->renderer, label, &s, box, TEXT_RIGHT, 1.0f);
    } else {
        text_draw(app->text, app->renderer, label, &s, r.x + r.w / 2, r.y - app_px(app, 20),
                  TEXT_CENTER);
    }
    if (focus) {
        ui_draw_focus_ring(app, r, app_px(app, 8));
    }
    draw_peek_note(app, t, r);
}

static void draw_discard(App *app, TableState *t)
{
    TlRect dr = t->layout.discard;
    if (tl_empty(dr)) {
        return;
    }
    const TableView *v = &t->view;
    SDL_Rect r = R(dr);
    if (v->discard_n > 0) {
        if (v->discard_n > 1) {
            SDL_Rect under = {r.x + app_px(app, 3), r.y - app_px(app, 3), r.w, r.h};
            draw_card(app, t, v->discard[v->discard_n - 2], under, CARD_NO_SHADOW);
        }
        draw_card(app, t, v->discard[v->discard_n - 1], r, 0);
    } else {
        paint_round_frame(app->paint, app->renderer, r, app_px(app, 8), SDL_max(1, app_px(app, 1)),
                          paint_rgba(255, 255, 255, 40));
    }
    TextStyle s = style(app, 12.5f, TEXT_REGULAR, UI_INK_SOFT);
    text_draw(app->text, app->renderer, _("discard"), &s, r.x + r.w / 2, r.y - app_px(app, 22),
              TEXT_CENTER);
    char cnt[16];
    snprintf(cnt, sizeof cnt, "%d", v->discard_n);
    badge(app, r.x + r.w, r.y + app_px(app, 4), cnt, paint_rgba(245, 240, 225, 255),
          paint_rgba(30, 30, 30, 255));
    if (t->drag == DRAG_DRAGGING && t->obs.phase == PHASE_DISCARD && table_viewer_decides(t)) {
        /* the dragged card's one place to go */
        paint_glow(app->paint, app->renderer, r, app_px(app, 8), app_px(app, 12),
                   paint_rgba(255, 214, 110, 150));
        paint_round_frame(app->paint, app->renderer, r, app_px(app, 8), SDL_max(2, app_px(app, 2)),
                          UI_GOLD_LIGHT);
    }
    if (t->focus_zone == FZ_DISCARD && !t->focus_in_ui && !t->pointer_used) {
        ui_draw_focus_ring(app, r, app_px(app, 8));
    }
    /* A draw shown to all (a declared player may claim it). */
    int spot_ids[8];
    if (t->obs.shown_draw != CARD_NONE && view_spot_sprites(t, spot_ids, 8) > 0) {
        SDL_Rect sr = R(t->layout.spot);
        TextStyle ns = style(app, 12.5f, TEXT_REGULAR, UI_GOLD_LIGHT);
        text_draw(app->text, app->renderer, _("shown draw"), &ns, sr.x + sr.w / 2,
                  sr.y - app_px(app, 22), TEXT_CENTER);
    }
}

/* What a Pèi band is: its ranks and whose side it lies before, in a line
 * each at the band's top left (both bands across and down the sides), and
 * a tooltip saying it in a sentence. */
static void draw_pei_band_label(App *app, TableState *t, int side, SDL_Rect b)
{
    const TableLayout *l = &t->layout;
    const char *whose = _("dealer's side");
    GameRole role = ROLE_DEALER;
    for (int s = 0; s < t->players; s++) {
        if ((int)l->seats[s].side == side && t->view.role[s] != ROLE_NONE) {
            role = t->view.role[s];
            whose = role_label(role);
        }
    }
    int ranks[3];
    int nr = pei_pool_ranks(role, ranks);
    char line[32] = "", tip[300];
    for (int i = 0; i < nr; i++) {
        size_t at = strlen(line);
        snprintf(line + at, sizeof line - at, "%s%d", i > 0 ? " " : "", ranks[i]);
    }
    TextStyle rs = style(app, PEI_LABEL_RANKS_PX, TEXT_BOLD, UI_INK_SOFT);
    TextStyle ws = style(app, PEI_LABEL_WHOSE_PX, TEXT_REGULAR, UI_INK_SOFT);
    int x = b.x + app_px(app, 6), y = b.y + app_px(app, 4);
    SDL_Rect r1 = text_draw(app->text, app->renderer, line, &rs, x, y, TEXT_LEFT);
    SDL_Rect r2 = text_draw(app->text, app->renderer, whose, &ws, x, r1.y + r1.h, TEXT_LEFT);
    if (nr < 2) {
        return;
    }
    if (role == ROLE_DEALER && nr == 3) {
        snprintf(tip, sizeof tip,
                 _("The pool's %ds, %ds and %ds lie here, on the dealer's side: the fourth seat, "
                   "who only deals and counts (the program does)."),
                 ranks[0], ranks[1], ranks[2]);
    } else if (role == ROLE_DEALER) {
        snprintf(tip, sizeof tip,
                 _("The pool's %ds and %ds lie here, on the dealer's side: the fourth seat, who "
                   "only deals and counts (the program does)."),
                 ranks[0], ranks[1]);
    } else if (nr == 3) {
        snprintf(tip, sizeof tip, _("The pool's %ds, %ds and %ds lie here, before the %s."),
                 ranks[0], ranks[1], ranks[2], whose);
    } else {
        snprintf(tip, sizeof tip, _("The pool's %ds and %ds lie here, before the %s."), ranks[0],
                 ranks[1], whose);
    }
    SDL_Rect at;
    SDL_UnionRect(&r1, &r2, &at);
    offer_tip(t, at, tip);
}

static void draw_pool_area(App *app, TableState *t)
{
    const TableLayout *l = &t->layout;
    if (tl_empty(l->pool)) {
        return;
    }
    bool drop = t->drag == DRAG_DRAGGING || t->selected >= 0;
    if (t->v->start == START_PEI) {
        TlRect bands[TL_SIDES], centre;
        table_layout_pei_bands(l, bands, &centre);
        for (int side = 0; side < TL_SIDES; side++) {
            SDL_Rect b = R(bands[side]);
            soft_panel(app, b, drop ? 80 : 50);
            draw_pei_band_label(app, t, side, b);
        }
        return;
    }
    SDL_Rect p = R(l->pool);
    soft_panel(app, p, drop ? 80 : 45);
    if (drop && t->drag == DRAG_DRAGGING) {
        paint_round_frame(app->paint, app->renderer, p, app_px(app, 12), SDL_max(1, app_px(app, 2)),
                          paint_rgba(255, 214, 110, 90));
    }
}

/* ---- sprites ------------------------------------------------------------------- */

static bool hint_card(const TableState *t, const Sprite *s, bool pool)
{
    if (t->hint_state != HINT_SHOWN) {
        return false;
    }
    if (pool) {
        return t->hint.target != CARD_NONE && s->card == t->hint.target;
    }
    return t->hint.card != CARD_NONE && s->card == t->hint.card;
}

static void draw_sprite(App *app, TableState *t, int i, unsigned extra)
{
    const Sprite *s = &t->view.sprites[i];
    SDL_Rect r = view_rect(s);
    if (r.w <= 0) {
        return;
    }
    draw_card(app, t, s->shown ? s->card : CARD_NONE, r, extra);
}

/* What sprite i, drawn now, paints opaque (card_art_opaque); empty if
 * nothing or unknown. */
static SDL_Rect sprite_opaque(App *app, const TableState *t, int i)
{
    const Sprite *s = &t->view.sprites[i];
    SDL_Rect r = view_rect(s);
    Card c = s->shown ? s->card : CARD_NONE;
    unsigned flags = card_flags(app, t);
    if (c == CARD_NONE) {
        c = back_card(t);
        flags |= CARD_FACE_DOWN;
    }
    return card_art_opaque(app->cards, draw_style(t), c, r, flags);
}

/* Draws sprite i of a row, pile or fan leaving out what sprite `over`
 * (-1: none), drawn later in the same frame, covers with opaque pixels:
 * in a fan most of each card is hidden by the next, and drawing it there
 * would be work for nothing. What is left of the card's extent (with its
 * shadow and glow) is up to four bands around the covered part, each drawn
 * within the frame's own clip; the picture is the same. */
static void draw_sprite_under(App *app, TableState *t, int i, unsigned flags, int over)
{
    SDL_Rect r = view_rect(&t->view.sprites[i]);
    SDL_Rect o = over >= 0 ? sprite_opaque(app, t, over) : (SDL_Rect){0, 0, 0, 0};
    int m = r.w / 8 + 4; /* the shadow (1.5 blur below) and the glow (2 frame widths) */
    SDL_Rect bands[4] = {{r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m}};
    SDL_Rect hid;
    if (r.w <= 0 || o.w <= 0 || o.h <= 0 || !SDL_IntersectRect(&bands[0], &o, &hid)) {
        draw_sprite(app, t, i, flags);
        return;
    }
    int nbands = paint_region_cut(bands, 1, (int)(sizeof bands / sizeof bands[0]), hid);
    SDL_Renderer *rr = app->renderer;
    bool clipped = SDL_RenderIsClipEnabled(rr);
    SDL_Rect was = {0, 0, app->width, app->height};
    if (clipped) {
        SDL_RenderGetClipRect(rr, &was);
    }
    for (int b = 0; b < nbands; b++) {
        SDL_Rect part;
        if (SDL_IntersectRect(&bands[b], &was, &part)) {
            SDL_RenderSetClipRect(rr, &part);
            draw_sprite(app, t, i, flags);
        }
    }
    SDL_RenderSetClipRect(rr, clipped ? &was : NULL);
}

/* The pool's cards, lit as targets of the card in hand or of a hint, with
 * the hover glow and the keyboard focus. */
static void draw_pool_sprites(App *app, TableState *t, bool deciding, bool lit_any)
{
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int k = 0; k < n; k++) {
        int i = ids[k];
        unsigned f = 0;
        bool target = deciding && lit_any && table_is_target(t, i);
        if (target || (deciding && hint_card(t, &t->view.sprites[i], true))) {
            f |= CARD_HIGHLIGHT;
        } else if (deciding && lit_any && t->drag == DRAG_DRAGGING) {
            f |= CARD_DIM;
        }
        draw_sprite_under(app, t, i, f, k + 1 < n ? ids[k + 1] : -1);
        if (t->hover_sprite == i && target) {
            SDL_Rect r = view_rect(&t->view.sprites[i]);
            paint_glow(app->paint, app->renderer, r, app_px(app, 6), app_px(app, 10),
                       paint_rgba(255, 214, 110, 120));
        }
        if (t->focus_zone == FZ_POOL && t->focus_sprite == i && !t->focus_in_ui &&
            !t->pointer_used) {
            ui_draw_focus_ring(app, view_rect(&t->view.sprites[i]), app_px(app, 6));
        }
    }
}

/* The other seats' hands, each with its count. */
static void draw_other_hands(App *app, TableState *t)
{
    int ids[TV_MAX_SPRITES];
    for (int seat = 0; seat < t->players; seat++) {
        if (seat == t->view.viewer) {
            continue;
        }
        int m = view_hand_order(t, seat, ids, TV_MAX_SPRITES);
        for (int k = 0; k < m; k++) {
            draw_sprite_under(app, t, ids[k], k > 0 ? CARD_NO_SHADOW : 0,
                              k + 1 < m ? ids[k + 1] : -1);
        }
        draw_hand_count(app, t, seat);
    }
}

/* Whether one of the legal moves plays or discards card. */
static bool card_playable(const Move *moves, int n, Card card)
{
    for (int j = 0; j < n && j < GAME_MAX_MOVES; j++) {
        if ((moves[j].type == MOVE_PLAY || moves[j].type == MOVE_DISCARD) &&
            moves[j].card == card) {
            return true;
        }
    }
    return false;
}

/* The viewer's hand: cards that cannot be played dimmed, the picked and
 * hinted ones lit, a declared pair marked, the keyboard focus (the dragged
 * card is drawn last). */
static void draw_own_hand(App *app, TableState *t, bool deciding)
{
    int ids[TV_MAX_SPRITES];
    Move moves[GAME_MAX_MOVES];
    int nm = deciding ? table_legal(t, moves, GAME_MAX_MOVES) : 0;
    bool choosing = deciding && (t->obs.phase == PHASE_HAND || t->obs.phase == PHASE_DISCARD);
    int m = view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    for (int k = 0; k < m; k++) {
        int i = ids[k];
        if (i == t->drag_sprite && t->drag == DRAG_DRAGGING) {
            continue;
        }
        const Sprite *s = &t->view.sprites[i];
        unsigned f = 0;
        if (choosing && !card_playable(moves, nm, s->card)) {
            f |= CARD_DIM;
        }
        if (i == t->selected || (deciding && hint_card(t, s, false))) {
            f |= CARD_HIGHLIGHT;
        }
        draw_sprite_under(app, t, i, f, k + 1 < m ? ids[k + 1] : -1);
        if (s->exposed) {
            SDL_Rect r = view_rect(s);
            badge(app, r.x + r.w / 2, r.y + r.h - app_px(app, 10), _("shown"), UI_GOLD, UI_ON_GOLD);
        }
        if (t->focus_zone == FZ_HAND && t->focus_sprite == i && !t->focus_in_ui &&
            !t->pointer_used) {
            ui_draw_focus_ring(app, view_rect(s), app_px(app, 6));
        }
    }
}

/* The cards between places, ceremony cards under those flying, meeting and
 * in the spot (lit when the viewer may take it). */
static void draw_passing(App *app, TableState *t, bool deciding)
{
    for (int zone = TZ_CEREMONY; zone >= TZ_SPOT; zone--) {
        for (int i = 0; i < TV_MAX_SPRITES; i++) {
            const Sprite *s = &t->view.sprites[i];
            if (!s->used || s->zone != zone) {
                continue;
            }
            unsigned f = 0;
            if (zone == TZ_SPOT && t->obs.phase == PHASE_STOCK_TAKE && deciding) {
                f |= CARD_HIGHLIGHT;
            }
            draw_sprite(app, t, i, f);
        }
    }
}

static void draw_sprites(App *app, TableState *t)
{
    bool deciding = table_viewer_decides(t) && t->dialog == DLG_NONE;
    bool lit_any = t->drag == DRAG_DRAGGING || t->selected >= 0 || t->obs.phase == PHASE_STOCK_TAKE;
    draw_pool_sprites(app, t, deciding, lit_any);
    draw_other_hands(app, t);
    draw_own_hand(app, t, deciding);
    draw_passing(app, t, deciding);
    /* The dragged card above everything. */
    if (t->drag == DRAG_DRAGGING && t->drag_sprite >= 0) {
        SDL_Rect r = view_rect(&t->view.sprites[t->drag_sprite]);
        paint_shadow(app->paint, app->renderer,
                     (SDL_Rect){r.x + r.w / 10, r.y + r.h / 12, r.w, r.h}, app_px(app, 8),
                     app_px(app, 14), paint_rgba(0, 0, 0, 110));
        draw_sprite(app, t, t->drag_sprite, 0);
    }
}

/* What a seat's ceremony cards decide, under them: the sum of a seating or
 * starting draw, or the winner of a cut (RULES.md §3.8, §3.11). */
static void draw_ceremony_labels(App *app, TableState *t)
{
    const TableView *v = &t->view;
    for (int seat = 0; seat < t->players; seat++) {
        SDL_Rect box = view_ceremony_box(t, seat);
        if (box.w == 0) {
            continue;
        }
        char text[48];
        SDL_Color bg = paint_rgba(30, 40, 36, 230), ink = UI_INK;
        if (v->cut[seat] != CARD_NONE) {
            if (seat != v->cut_winner) {
                continue;
            }
            snprintf(text, sizeof text,
                     v->cut_for_match ? _("wins the cut and the match")
                                      : _("wins the cut and the King"));
            paint_glow(app->paint, app->renderer, box, app_px(app, 6), app_px(app, 12),
                       paint_rgba(255, 214, 110, 150));
            bg = UI_GOLD;
            ink = UI_ON_GOLD;
        } else {
            /* "sum 11, then 8": a redraw among tied players adds its sum. */
            int len = snprintf(text, sizeof text, "%s",
                               t->v->start == START_PEI ? _("sum") : _("counts"));
            for (int k = 0; k < v->ceremony_draws[seat] && len < (int)sizeof text; k++) {
                len += snprintf(text + len, sizeof text - (size_t)len, "%s %d",
                                k == 0 ? "" : _(", then"), v->ceremony_value[seat][k]);
            }
        }
        badge(app, box.x + box.w / 2, box.y + box.h - app_px(app, 12), text, bg, ink);
    }
}

/* ---- the prompt bar --------------------------------------------------------------- */

/* The seat's name without its " · level" tail, for a sentence. */
static void status_seat_name(const TableState *t, int seat, char *name, size_t size)
{
    table_seat_name(t, seat, name, size);
    char *dot = strstr(name, " \xc2\xb7");
    if (dot != NULL) {
        *dot = '\0';
    }
}

/* The hint found for the viewer, in words. */
static void status_hint(const TableState *t, char *buf, size_t size)
{
    char a[48], b[48], mv[MOVE_TEXT_MAX], waits[120];
    table_card_label(t, t->hint.card, a, sizeof a);
    table_card_label(t, t->hint.target, b, sizeof b);
    switch (t->hint.type) {
    case MOVE_PLAY:
        if (t->hint.target != CARD_NONE) {
            snprintf(buf, size, _("Hint: take %s with %s."), b, a);
        } else {
            snprintf(buf, size, _("Hint: lay %s in the pool."), a);
        }
        return;
    case MOVE_TAKE: snprintf(buf, size, _("Hint: take %s with the turned card."), b); return;
    case MOVE_DRAW_STOCK: snprintf(buf, size, _("Hint: draw from the stock.")); return;
    case MOVE_DRAW_DISCARD: snprintf(buf, size, _("Hint: take the discard.")); return;
    case MOVE_DISCARD: snprintf(buf, size, _("Hint: discard %s."), a); return;
    case MOVE_DECLARE:
        waits_text(t, t->hint.card, waits, sizeof waits);
        snprintf(buf, size,
                 _("Hint: declare checki, showing the pair of %s; it then waits for %s."), a,
                 waits);
        return;
    case MOVE_CLAIM: snprintf(buf, size, _("Hint: claim %s."), a); return;
    case MOVE_PASS: snprintf(buf, size, _("Hint: pass.")); return;
    case MOVE_TURN: snprintf(buf, size, _("Hint: turn the stock.")); return;
    default: snprintf(buf, size, _("Hint: %s"), move_format(&t->hint, mv)); return;
    }
}

/* Whether the viewer's legal moves hold a trail and a capture, of card c
 * (CARD_NONE: of any card): the prompt offers only what the core allows. */
static void hand_choices(const TableState *t, Card c, bool *trail, bool *take)
{
    Move moves[GAME_MAX_MOVES];
    int n = SDL_min(table_legal(t, moves, GAME_MAX_MOVES), GAME_MAX_MOVES);
    *trail = *take = false;
    for (int i = 0; i < n; i++) {
        if (moves[i].type == MOVE_PLAY && (c == CARD_NONE || moves[i].card == c)) {
            *trail = *trail || moves[i].target == CARD_NONE;
            *take = *take || moves[i].target != CARD_NONE;
        }
    }
}

/* Fishing's hand phase: what to do with a card, picked up or not. */
static void status_hand(const TableState *t, char *buf, size_t size)
{
    const Observation *o = &t->obs;
    char kind[48];
    bool trail = false, take = false;
    if (t->selected >= 0) {
        Card c = t->view.sprites[t->selected].card;
        hand_choices(t, c, &trail, &take);
        table_card_label(t, c, kind, sizeof kind);
        if (take && trail) {
            snprintf(buf, size,
                     _("%s picked up: click a lit card to take it, or the pool to trail."), kind);
        } else if (take) {
            snprintf(buf, size, _("%s picked up: it must take a card it matches: click a lit one."),
                     kind);
        } else if (trail) {
            snprintf(buf, size,
                     _("%s picked up: nothing here matches it; click the pool to trail "
                       "it (or press T)."),
                     kind);
        } else {
            snprintf(buf, size, _("%s picked up: it cannot be played now. Esc puts it back."),
                     kind);
        }
        return;
    }
    hand_choices(t, CARD_NONE, &trail, &take);
    if (o->first_turn[o->seat] && t->v->first_turn_identical) {
        snprintf(buf, size, _("Your first turn: a card takes only its identical twin."));
    } else if (take && !trail) {
        snprintf(buf, size,
                 _("Your turn: a card that can take must take: drag one onto a pool card it "
                   "matches."));
    } else if (trail && !take) {
        snprintf(buf, size,
                 _("Your turn: no card of yours matches; drag one onto the pool to "
                   "trail."));
    } else if (t->v->compulsory == COMPULSORY_PLAYED) {
        snprintf(buf, size,
                 _("Your turn: drag a card onto a pool card it matches (it must take), or one "
                   "that matches nothing onto the pool to trail."));
    } else {
        snprintf(buf, size,
                 _("Your turn: drag a card onto a pool card to take it, or onto the pool to "
                   "trail."));
    }
}

/* Kowah's discard: the card just drawn, and how to discard. */
static void status_discard(const TableState *t, char *buf, size_t size)
{
    char kind[48];
    if (t->drawn != CARD_NONE) {
        table_card_label(t, t->drawn, kind, sizeof kind);
        snprintf(buf, size,
                 _("You drew %s%s. Discard a card: drag it to the discard pile, or select it "
                   "and press Enter."),
                 kind, t->obs.shown_draw == t->drawn ? _(" (shown to all)") : "");
    } else {
        snprintf(buf, size,
                 _("Discard a card: drag it to the discard pile, or select it and press Enter."));
    }
}

/* The viewer's decision, by the game's phase. */
static void status_decision(const TableState *t, char *buf, size_t size)
{
    char kind[48], kind_waits[160];
    switch (t->obs.phase) {
    case PHASE_HAND: status_hand(t, buf, size); return;
    case PHASE_STOCK:
        if (t->guide.on) {
            snprintf(buf, size, "%s", _("Turn the stock: click it or press Space."));
        } else {
            snprintf(buf, size, "%s",
                     _("The stock turns by itself in a moment (a click on it or Space: at "
                       "once)."));
        }
        return;
    case PHASE_STOCK_TAKE:
        table_card_label(t, t->obs.turned, kind, sizeof kind);
        snprintf(buf, size, _("The turned %s matches several pool cards: choose the one it takes."),
                 kind);
        return;
    case PHASE_DRAW:
        if (t->view.exposed[t->obs.seat] != CARD_NONE) {
            waits_text(t, t->view.exposed[t->obs.seat], kind_waits, sizeof kind_waits);
            if (kind_waits[0] != '\0') {
                snprintf(buf, size, _("Your turn: draw. Your checki waits for %s."), kind_waits);
                return;
            }
        }
        snprintf(buf, size, _("Your turn: draw from the stock, or take the discard."));
        return;
    case PHASE_DISCARD: status_discard(t, buf, size); return;
    case PHASE_DECLARE: snprintf(buf, size, _("Checki! Show a pair to declare, or pass.")); return;
    case PHASE_CLAIM:
        snprintf(buf, size, _("That card completes your hand: claim it, or pass."));
        return;
    default: buf[0] = '\0'; return;
    }
}

void table_status_text(const TableState *t, char *buf, size_t size)
{
    char name[64];
    int to = game_to_move(session_game(t->session));
    if (t->reason[0] != '\0') {
        snprintf(buf, size, "%s", t->reason); /* a refusal, while it lasts */
        return;
    }
    if (t->guide.on && t->guide.hold) {
        snprintf(buf, size, "%s", _("The guide waits: press Continue or Enter."));
        return;
    }
    switch (table_play_phase(t)) {
    case TP_MATCH_OVER: snprintf(buf, size, _("The match is over.")); return;
    case TP_ROUND_OVER:
        snprintf(buf, size, "%s",
                 t->v->engine == ENGINE_KOWAH ? _("The hand is over.") : _("The round is over."));
        return;
    case TP_ANIMATING: snprintf(buf, size, "%s", t->view.log[0]); return;
    case TP_WATCH_PLAYING:
        snprintf(buf, size, "%s", t->view.log[0][0] ? t->view.log[0] : _("Watching."));
        return;
    case TP_WATCH_PAUSED:
        status_seat_name(t, to, name, sizeof name);
        snprintf(buf, size, _("Paused: %s turns next. Play, or Step one turn at a time."), name);
        return;
    case TP_COMPUTER_THINKING:
        if (to == t->view.viewer && table_stood_in(t)) {
            snprintf(buf, size, "%s", _("The computer is choosing your move\xe2\x80\xa6"));
            return;
        }
        /* fall through */
    case TP_OTHER_PERSON:
        status_seat_name(t, to, name, sizeof name);
        if (table_net_seat_away(t, to)) {
            snprintf(buf, size,
                     _("%s's connection dropped: the table waits for them to come back."), name);
            return;
        }
        snprintf(buf, size, _("%s is thinking\xe2\x80\xa6"), name);
        return;
    default: break; /* the viewer's turn */
    }
    if (t->hint_state == HINT_SHOWN) {
        status_hint(t, buf, size);
    } else if (t->hint_state == HINT_WANTED) {
        snprintf(buf, size, _("Looking for a good move\xe2\x80\xa6"));
    } else {
        status_decision(t, buf, size);
    }
}

/* With the coach's line beside it, the most of the prompt's width the
 * hint's own sentence takes. */
#define PROMPT_HINT_SHARE 0.34f
#define PROMPT_HINT_MOST 0.55f

static void draw_prompt(App *app, TableState *t)
{
    SDL_Rect p = R(t->layout.prompt);
    char text[400];
    table_status_text(t, text, sizeof text);
    const char *note = session_hint_note(t->session);
    if (t->hint_state == HINT_SHOWN && t->reason[0] == '\0' && note != NULL && note[0] != '\0') {
        /* The hint came from a weaker player than the strong one: say so. */
        strncat(text, " ", sizeof text - strlen(text) - 1);
        strncat(text, note, sizeof text - strlen(text) - 1);
    }
    int buttons_left = p.x + p.w;
    for (int i = 0; i < t->ui.count; i++) {
        const Widget *w = &t->ui.widgets[i];
        if (w->id >= W_TRAIL && w->id < W_DLG_YES) {
            buttons_left = SDL_min(buttons_left, w->rect.x);
        }
    }
    SDL_Color c = t->reason[0] != '\0' ? UI_WARN : UI_INK;
    TextStyle s = style(app, 17, TEXT_REGULAR, c);
    SDL_Rect box = {p.x + app_px(app, 8), p.y, buttons_left - p.x - app_px(app, 16), p.h};
    char coach[COACH_TEXT_MAX];
    bool coached = t->dialog == DLG_NONE && table_coach_line(t, coach, sizeof coach);
    int full = box.w;
    int tw = 0, th = 0;
    text_measure(app->text, text, s.px, s.weight, &tw, &th);
    if (coached) { /* the hint's sentence as it needs, within its shares; the why the rest */
        int least = (int)((float)full * PROMPT_HINT_SHARE);
        box.w = SDL_min((int)((float)full * PROMPT_HINT_MOST), SDL_max(least, tw));
    }
    while (tw > box.w && s.px > 9 * app->ui) {
        s.px *= 0.92f;
        text_measure(app->text, text, s.px, s.weight, &tw, &th);
    }
    text_draw_in(app->text, app->renderer, text, &s, box, TEXT_LEFT);
    if (coached) {
        int gap = app_px(app, 14);
        SDL_Rect why = {box.x + SDL_min(tw, box.w) + gap, p.y, 0, p.h};
        why.w = box.x + full - why.x;
        table_coach_draw(app, coach, why);
    }
}

static void draw_buttons(App *app, TableState *t)
{
    for (int i = 0; i < t->ui.count; i++) {
        const Widget *w = &t->ui.widgets[i];
        if (w->kind != WIDGET_ITEM) { /* items: the plates at a table with friends (_net.c) */
            ui_draw_button(app, &t->ui, w->id, w->name);
        }
    }
}

/* ---- overlays ----------------------------------------------------------------------- */

static void draw_die(App *app, SDL_Rect r, int value)
{
    paint_shadow(app->paint, app->renderer, r, r.w / 6, app_px(app, 6), paint_rgba(0, 0, 0, 110));
    paint_round_rect(app->paint, app->renderer, r, r.w / 6, paint_rgba(250, 246, 236, 255));
    static const int pips[7][9] = {{0},
                                   {0, 0, 0, 0, 1, 0, 0, 0, 0},
                                   {1, 0, 0, 0, 0, 0, 0, 0, 1},
                                   {1, 0, 0, 0, 1, 0, 0, 0, 1},
                                   {1, 0, 1, 0, 0, 0, 1, 0, 1},
                                   {1, 0, 1, 0, 1, 0, 1, 0, 1},
                                   {1, 0, 1, 1, 0, 1, 1, 0, 1}};
    if (value < 1 || value > 6) {
        return;
    }
    int d = r.w / 5;
    for (int k = 0; k < 9; k++) {
        if (!pips[value][k]) {
            continue;
        }
        int cx = r.x + r.w * (1 + 2 * (k % 3)) / 6, cy = r.y + r.h * (1 + 2 * (k / 3)) / 6;
        SDL_Rect pip = {cx - d / 2, cy - d / 2, d, d};
        paint_round_rect(app->paint, app->renderer, pip, d / 2,
                         value == 1 || value == 4 ? paint_rgba(190, 30, 40, 255)
                                                  : paint_rgba(30, 30, 30, 255));
    }
}

/* pei-chinese: the dice and how each packet was used, while the round opens. */
static void draw_packets(App *app, TableState *t)
{
    const TableView *v = &t->view;
    if (!v->dice_shown && !v->packets_shown) {
        return;
    }
    TlRect bands[TL_SIDES], centre;
    table_layout_pei_bands(&t->layout, bands, &centre);
    SDL_Rect c = R(centre);
    int pad = app_px(app, 8);
    int w = SDL_min(c.w, app_px(app, 460));
    int d = SDL_min(app_px(app, 30), (c.h - 3 * pad) / 2);
    int h = 2 * d + 3 * pad + app_px(app, 8);
    SDL_Rect panel = {c.x + (c.w - w) / 2, c.y + (c.h - h) / 2, w, h};
    ui_draw_panel(app, panel);
    paint_round_rect(app->paint, app->renderer, panel, app_px(app, 16), paint_rgba(7, 24, 17, 150));
    if (v->dice_shown) {
        draw_die(app, (SDL_Rect){panel.x + pad, panel.y + pad, d, d}, v->dice[0]);
        draw_die(app, (SDL_Rect){panel.x + 2 * pad + d, panel.y + pad, d, d}, v->dice[1]);
        char sum[80];
        snprintf(sum, sizeof sum, _("%d: counted round the packets"), v->dice[0] + v->dice[1]);
        TextStyle s = style(app, 13, TEXT_REGULAR, UI_INK_SOFT);
        text_draw_in(app->text, app->renderer, sum, &s,
                     (SDL_Rect){panel.x + 3 * pad + 2 * d, panel.y + pad, panel.w, d}, TEXT_LEFT);
    }
    int pw = (panel.w - 2 * pad) / 8;
    for (int k = 1; k <= 8; k++) {
        SDL_Rect b = {panel.x + pad + (k - 1) * pw, panel.y + 2 * pad + d, pw - app_px(app, 4),
                      d + app_px(app, 8)};
        int use = v->packet_use[k];
        SDL_Color col = use == PEI_PACKET_STOCK + 1  ? paint_rgba(90, 100, 96, 255)
                        : use == PEI_PACKET_POOL + 1 ? paint_rgba(40, 120, 80, 255)
                                                     : paint_rgba(200, 160, 70, 255);
        paint_round_rect(app->paint, app->renderer, b, app_px(app, 5), col);
        const char *what = "";
        if (use == PEI_PACKET_STOCK + 1) {
            what = _("stock");
        } else if (use == PEI_PACKET_POOL + 1) {
            what = _("pool");
        } else if (use == PEI_PACKET_HAND + 1 && v->packet_seat[k] >= 0) {
            const char *r = role_label(v->role[v->packet_seat[k]]);
            what = r != NULL ? r : _("hand");
        }
        char label[32];
        snprintf(label, sizeof label, "%d %s", k, what);
        TextStyle ws = style(app, 11.5f, TEXT_BOLD, UI_INK);
        text_draw_in(app->text, app->renderer, label, &ws, b, TEXT_CENTER);
    }
}

#define SUMMARY_CELL 48 /* the text of one figure in the summary */

/* The round's summary panel, centred on the pool (or the stock and spot
 * when there is none). */
static SDL_Rect summary_panel(App *app, const TableState *t)
{
    const TableLayout *l = &t->layout;
    TlRect mid = l->pool;
    if (tl_empty(mid)) {
        mid = (TlRect){l->stock.x - l->stock.w, l->stock.y, l->spot.x + l->spot.w * 2 - l->stock.x,
                       l->stock.h};
    }
    int w = SDL_min((int)mid.w, app_px(app, 560));
    int rows = t->players + 3;
    int lh = app_px(app, 26);
    int h = SDL_min((int)l->spec.height - 2 * app_px(app, 40), lh * rows + app_px(app, 40));
    SDL_Rect panel = {(int)(mid.x + (mid.w - (float)w) / 2), (int)(mid.y + (mid.h - (float)h) / 2),
                      w, h};
    return panel;
}

/* A winner's name in the summary: "You win the hand", "Computer 2 wins
 * the match". */
static void summary_winner(const TableState *t, int s, bool over, char *name, size_t size)
{
    bool you =
        session_seats(t->session)->human[s] && session_human_count(t->session) == 1 && !t->watch;
    const char *format = over ? (you ? _("%s win the match") : _("%s wins the match"))
                         : t->v->engine == ENGINE_KOWAH
                             ? (you ? _("%s win the hand") : _("%s wins the hand"))
                             : (you ? _("%s win") : _("%s wins"));
    char plain[64];
    snprintf(plain, sizeof plain, "%s", name);
    snprintf(name, size, format, plain);
}

/* A seat's round and match figures in the summary's two columns. */
static void summary_figures(const TableState *t, int s, char a[SUMMARY_CELL], char b[SUMMARY_CELL])
{
    const Observation *o = &t->obs;
    if (t->v->match_kind == MATCHKIND_KINGS) {
        snprintf(a, SUMMARY_CELL, "%d", t->view.pile_n[s]);
        snprintf(b, SUMMARY_CELL, P_("%d King", "%d Kings", o->match_score[s]), o->match_score[s]);
    } else if (t->v->match_kind == MATCHKIND_HANDS_WON) {
        snprintf(a, SUMMARY_CELL, "%s", o->round_winner[s] ? _("won") : "\xe2\x80\x93");
        snprintf(b, SUMMARY_CELL, "%d won", o->match_score[s]);
    } else {
        snprintf(a, SUMMARY_CELL, "%d", o->round_score[s]);
        snprintf(b, SUMMARY_CELL, "%d", o->match_score[s]);
    }
    if (variant_has_stakes(t->v) && game_config(session_game(t->session))->stakes != STAKES_NONE) {
        char u[24];
        snprintf(u, sizeof u, P_("  %+d coin", "  %+d coins", abs(o->units[s])), o->units[s]);
        strncat(b, u, SUMMARY_CELL - strlen(b) - 1);
    }
}

/* One seat's row of the summary at y, in columns c[0..2]. */
static void draw_summary_row(App *app, const TableState *t, int s, bool over, const int c[3], int y)
{
    const Observation *o = &t->obs;
    char name[64], a[SUMMARY_CELL], b[SUMMARY_CELL];
    table_seat_name(t, s, name, sizeof name);
    bool won = over ? o->match_winner[s] : o->round_winner[s];
    TextStyle rs = style(app, 16, won ? TEXT_BOLD : TEXT_REGULAR, won ? UI_GOLD_LIGHT : UI_INK);
    if (won) {
        summary_winner(t, s, over, name, sizeof name);
    }
    if (o->forfeited[s]) {
        strncat(name, _(" (forfeited)"), sizeof name - strlen(name) - 1);
    }
    summary_figures(t, s, a, b);
    text_draw(app->text, app->renderer, name, &rs, c[0], y, TEXT_LEFT);
    text_draw(app->text, app->renderer, a, &rs, c[1], y, TEXT_LEFT);
    text_draw(app->text, app->renderer, b, &rs, c[2], y, TEXT_LEFT);
}

/* The summary's title and column heads from y; returns the y below them. */
static int draw_summary_head(App *app, const TableState *t, bool over, const int c[3], int y)
{
    int lh = app_px(app, 26);
    TextStyle hs = style(app, 20, TEXT_BOLD, UI_GOLD);
    char head[96];
    if (over) {
        snprintf(head, sizeof head, _("The match is over"));
    } else {
        snprintf(head, sizeof head,
                 t->v->engine == ENGINE_KOWAH ? _("Hand %d is over") : _("Round %d is over"),
                 t->obs.round);
    }
    text_draw(app->text, app->renderer, head, &hs, c[0], y, TEXT_LEFT);
    y += lh + app_px(app, 6);
    TextStyle cs = style(app, 13, TEXT_BOLD, UI_INK_SOFT);
    text_draw(app->text, app->renderer, _("seat"), &cs, c[0], y, TEXT_LEFT);
    text_draw(app->text, app->renderer,
              t->v->match_kind == MATCHKIND_KINGS ? _("captured")
              : t->v->engine == ENGINE_KOWAH      ? _("this hand")
                                                  : _("this round"),
              &cs, c[1], y, TEXT_LEFT);
    text_draw(app->text, app->renderer, _("match"), &cs, c[2], y, TEXT_LEFT);
    return y + lh * 3 / 4;
}

/* At a round's or the match's end, once the cards are still: who won, each
 * seat's figures, and the last thing that happened. */
static void draw_summary(App *app, TableState *t)
{
    const Game *g = session_game(t->session);
    if (!(game_round_over(g) || game_match_over(g)) || !table_settled(t)) {
        return;
    }
    bool over = game_match_over(g);
    SDL_Rect panel = summary_panel(app, t);
    ui_draw_solid_panel(app, panel); /* no card left on the table shows through the figures */
    int lh = app_px(app, 26), w = panel.w;
    int x = panel.x + app_px(app, 22);
    const int c[3] = {x, x + w * 45 / 100, x + w * 68 / 100};
    int y = draw_summary_head(app, t, over, c, panel.y + app_px(app, 14));
    for (int s = 0; s < t->players; s++) {
        draw_summary_row(app, t, s, over, c, y);
        y += lh;
    }
    TextStyle ls = style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    if (y + lh <= panel.y + panel.h) {
        text_draw(app->text, app->renderer, t->view.log[0], &ls, c[0], y + app_px(app, 6),
                  TEXT_LEFT);
    }
}

static void draw_dialog(App *app, TableState *t)
{
    if (t->dialog == DLG_NONE) {
        return;
    }
    SDL_Renderer *r = app->renderer;
    if (t->dialog == DLG_COVER) {
        paint_felt(app->paint, r, app->width, app->height);
    } else {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        paint_fill_rect(r, (SDL_Rect){0, 0, app->width, app->height}, paint_rgba(0, 0, 0, 130));
    }
    SDL_Rect panel = table_dialog_panel_of(app, t);
    ui_draw_solid_panel(app, panel); /* the prompt and the cards beneath do not show through */
    char head[120] = "", body[400] = "";
    switch (t->dialog) {
    case DLG_MENU: snprintf(head, sizeof head, "%s", _("Menu")); break;
    case DLG_HOST_GONE: table_net_gone_words(app, t, head, sizeof head, body, sizeof body); break;
    case DLG_FORFEIT: {
        char a[48], b[48], with[80];
        table_card_label(t, t->dialog_move.target, b, sizeof b);
        if (t->dialog_move.type == MOVE_TAKE) {
            snprintf(with, sizeof with, _("the turned card"));
        } else {
            table_card_label(t, t->dialog_move.card, a, sizeof a);
            snprintf(with, sizeof with, "%s", a);
        }
        snprintf(head, sizeof head, _("Taking %s forfeits your win"), b);
        snprintf(body, sizeof body,
                 _("The pool holds a pair of %s and another card of its rank. Taking from the pair "
                   "now is allowed, but then you cannot win this round (your score still counts). "
                   "Take it with %s anyway?"),
                 b, with);
        break;
    }
    case DLG_NEW:
        snprintf(head, sizeof head, _("Start a new game?"));
        snprintf(body, sizeof body, "%s",
                 _("This match ends here, unfinished and not counted, and a new one of the same "
                   "game with the same players is dealt."));
        break;
    case DLG_LEAVE:
        snprintf(head, sizeof head, "%s",
                 t->guide.on ? _("Leave the guided game?") : _("Leave the table?"));
        snprintf(body, sizeof body, "%s",
                 table_net_hosts_friends(t)
                     ? _("Your friends are playing at your table: leave and stop it, or let a "
                         "computer play your seat?")
                 : table_net_can_stand_in(t)
                     ? _("While you are away a computer plays your seat; Rejoin the table on the "
                         "title screen takes you back.")
                 : t->autoplay ? _("The match stops here.")
                 : t->guide.on
                     ? _("It waits where you leave it: its page in Learn goes on from here or "
                         "starts it again. Your own games are not touched.")
                     : _("The game is saved; Resume on the title screen takes you back to it."));
        break;
    case DLG_COVER: {
        char name[64];
        table_seat_name(t, t->cover_seat, name, sizeof name);
        snprintf(head, sizeof head, _("%s to play"), name);
        snprintf(body, sizeof body,
                 _("Pass the screen to %s. The cards stay hidden until they are ready."), name);
        break;
    }
    default: break;
    }
    TextStyle hs = style(app, 24, TEXT_BOLD, UI_INK);
    TextStyle bs = style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    int pad = app_px(app, 26);
    text_draw(app->text, r, head, &hs, panel.x + pad, panel.y + pad, TEXT_LEFT);
    text_draw_wrapped(
        app->text, r, body, &bs,
        (SDL_Rect){panel.x + pad, panel.y + pad + app_px(app, 40), panel.w - 2 * pad, 0}, TEXT_LEFT,
        1.1f);
    draw_buttons(app, t);
}

/* The card the right button holds, whole and a half larger, over the rest. */
#define PEEK_SCALE 1.5f

static void draw_peek(App *app, TableState *t)
{
    int i = t->peek_sprite;
    if (i < 0 || i >= TV_MAX_SPRITES || !t->view.sprites[i].used) {
        return;
    }
    const Sprite *s = &t->view.sprites[i];
    SDL_Rect r = view_rect(s);
    int w = (int)((float)r.w * PEEK_SCALE), h = (int)((float)r.h * PEEK_SCALE);
    int x = SDL_clamp(r.x + r.w / 2 - w / 2, 0, SDL_max(0, app->width - w));
    int y = SDL_clamp(r.y + r.h / 2 - h / 2, 0, SDL_max(0, app->height - h));
    SDL_Rect big = {x, y, w, h};
    paint_shadow(app->paint, app->renderer, big, app_px(app, 8), app_px(app, 16),
                 paint_rgba(0, 0, 0, 140));
    draw_card(app, t, s->shown ? s->card : CARD_NONE, big, 0);
}

static void draw_pops(App *app, TableState *t)
{
    const TableView *v = &t->view;
    for (int k = 0; k < v->npops; k++) {
        double f = v->pops[k].t / TV_POP_SECONDS;
        SDL_Rect p = R(t->layout.seats[v->pops[k].seat].plate);
        SDL_Color c = v->pops[k].gain ? UI_GOLD_LIGHT : UI_WARN;
        c.a = (Uint8)(255 * (f < 0.7 ? 1.0 : (1.0 - f) / 0.3));
        TextStyle s = style(app, 22, TEXT_BOLD, c);
        int y = p.y + p.h / 2 - (int)(f * (double)app_px(app, 46));
        text_draw(app->text, app->renderer, v->pops[k].text, &s, p.x + p.w - app_px(app, 12), y,
                  TEXT_RIGHT);
    }
}

/* ---- the frame ------------------------------------------------------------------------ */

/* A card's inside smaller than this is not cut out of the felt: each cut
 * adds up to three pieces, each a few copies more to set up, and saves
 * copying 2 ns a pixel (a 128 x 128 inside saves about 30 us). */
#define INSIDE_MIN_PIXELS 16384
#define BACKGROUND_PARTS 24 /* pieces the felt is drawn in, at most */

/* The felt, less the pool's panel when that panel will cover its place
 * with opaque pixels (draw_pool_area draws it next): a large window's pool
 * would otherwise be painted twice. */
static void draw_felt(App *app, const TableState *t)
{
    SDL_Rect pool = R(t->layout.pool);
    if (t->dialog != DLG_COVER && t->v->start != START_PEI && !tl_empty(t->layout.pool) &&
        paint_felt_panel_covers(app->paint, app->renderer, pool)) {
        paint_felt_around(app->paint, app->renderer, app->width, app->height, pool);
    } else {
        ui_draw_background(app);
    }
}

/* Keeps the opaque inside of sprite i, where it meets `within`, in out
 * when it is worth cutting out of the felt (a card seen to be too small or
 * elsewhere is not looked up). */
static int keep_inside(App *app, const TableState *t, int i, SDL_Rect within, SDL_Rect *out, int n,
                       int cap)
{
    SDL_Rect r = view_rect(&t->view.sprites[i]), hid;
    if (n >= cap || (long)r.w * r.h < INSIDE_MIN_PIXELS || !SDL_HasIntersection(&r, &within)) {
        return n;
    }
    SDL_Rect o = sprite_opaque(app, t, i);
    if (SDL_IntersectRect(&o, &within, &hid) && (long)hid.w * hid.h >= INSIDE_MIN_PIXELS) {
        out[n++] = hid;
    }
    return n;
}

/* The opaque insides (card_art_opaque) of the cards draw_sprites draws,
 * where they meet `within`: the pool's, every hand's and those between
 * places. Whatever lies under them is covered, whatever it is. */
static int card_insides(App *app, const TableState *t, SDL_Rect within, SDL_Rect *out, int cap)
{
    int ids[TV_MAX_SPRITES];
    int n = 0;
    int m = view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int k = 0; k < m; k++) {
        n = keep_inside(app, t, ids[k], within, out, n, cap);
    }
    for (int seat = 0; seat < t->players; seat++) {
        m = view_hand_order(t, seat, ids, TV_MAX_SPRITES);
        for (int k = 0; k < m; k++) {
            n = keep_inside(app, t, ids[k], within, out, n, cap);
        }
    }
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone >= TZ_SPOT && s->zone <= TZ_CEREMONY) {
            n = keep_inside(app, t, i, within, out, n, cap);
        }
    }
    return n;
}

static int larger_first(const void *a, const void *b)
{
    const SDL_Rect *x = a, *y = b;
    long ax = (long)x->w * x->h, ay = (long)y->w * y->h;
    return (ay > ax) - (ay < ax);
}

/* Where the felt and the pool's panel are drawn in this pass: its clip
 * less the opaque insides of the cards drawn later in the frame, which
 * cover them (a large window's moving cards would otherwise have the felt
 * copied under them first at every frame, as many pixels again as the
 * cards themselves). The largest insides are cut out first, as many as
 * BACKGROUND_PARTS pieces allow. Returns the count of parts; 0 when
 * nothing is cut out (draw as usual). */
static int background_parts(App *app, const TableState *t, SDL_Rect parts[BACKGROUND_PARTS])
{
    SDL_Rect was = {0, 0, app->width, app->height};
    if (SDL_RenderIsClipEnabled(app->renderer)) {
        SDL_RenderGetClipRect(app->renderer, &was);
    }
    SDL_Rect holes[TV_MAX_SPRITES];
    int nh = card_insides(app, t, was, holes, TV_MAX_SPRITES);
    if (nh == 0) {
        return 0;
    }
    qsort(holes, (size_t)nh, sizeof holes[0], larger_first);
    parts[0] = was;
    int n = 1;
    for (int i = 0; i < nh; i++) {
        n = paint_region_cut(parts, n, BACKGROUND_PARTS, holes[i]);
    }
    return n;
}

typedef void (*LayerFn)(App *app, TableState *t);

/* Draws a layer in each of the parts (none: as usual), then puts the
 * pass's clip back. */
static void draw_in_parts(App *app, TableState *t, const SDL_Rect *parts, int n, LayerFn layer)
{
    if (n == 0) {
        layer(app, t);
        return;
    }
    SDL_Renderer *rr = app->renderer;
    bool clipped = SDL_RenderIsClipEnabled(rr);
    SDL_Rect was = {0, 0, 0, 0};
    if (clipped) {
        SDL_RenderGetClipRect(rr, &was);
    }
    for (int i = 0; i < n; i++) {
        SDL_RenderSetClipRect(rr, &parts[i]);
        layer(app, t);
    }
    SDL_RenderSetClipRect(rr, clipped ? &was : NULL);
}

static void draw_felt_layer(App *app, TableState *t)
{
    draw_felt(app, t);
}

/* A computer plays the viewer's seat: a banner at the top saying how to
 * take it back, and (at a table on this computer; a network table's plate
 * has the host's word for it) a badge over the viewer's plate. */
SDL_Rect table_stood_in_banner(App *app, const TableState *t)
{
    if (!table_stood_in(t)) {
        return (SDL_Rect){0, 0, 0, 0};
    }
    bool cut_off = table_net_cut_off(t); /* that banner is drawn where this one goes */
    return app_rect(app, 320, cut_off ? 116 : 66, 640, 44);
}

static void draw_stood_in(App *app, TableState *t)
{
    if (!table_stood_in(t)) {
        return;
    }
    SDL_Rect box = table_stood_in_banner(app, t);
    ui_draw_solid_panel(app, box);
    TextStyle ink = style(app, 16, TEXT_BOLD, UI_GOLD_LIGHT);
    const char *says = _("A computer plays your seat. Make a move, or Menu > Take my seat back.");
    fit_to_width(app, says, &ink, box.w - app_px(app, 24));
    text_draw_in(app->text, app->renderer, says, &ink, box, TEXT_CENTER);
    if (session_net_table(t->session) != NULL) {
        return;
    }
    SDL_Rect p = R(t->layout.seats[t->view.viewer].plate);
    if (p.w <= 0) {
        return;
    }
    const char *badge = _("Computer playing");
    TextStyle bs = style(app, 13, TEXT_BOLD, UI_INK);
    int w = 0, h = 0;
    text_measure(app->text, badge, bs.px, bs.weight, &w, &h);
    int pad = app_px(app, 6);
    SDL_Rect b = {p.x, p.y - h - pad - app_px(app, 4), w + 2 * pad, h + pad};
    paint_round_rect(app->paint, app->renderer, b, app_px(app, 6), paint_rgba(60, 70, 90, 230));
    text_draw_in(app->text, app->renderer, badge, &bs, b, TEXT_CENTER);
}

/* The felt, the top bar (when asked), the pool, the seats' plates and
 * piles, the stock, the discard pile and the cards, with what is drawn on
 * them (a peek, ceremony sums, rising scores, Pèi's packets). */
static void draw_board(App *app, TableState *t, bool top_bar)
{
    SDL_Rect parts[BACKGROUND_PARTS];
    int np = background_parts(app, t, parts);
    draw_in_parts(app, t, parts, np, draw_felt_layer);
    if (top_bar) {
        draw_top_bar(app, t);
    }
    /* Pèi's four bands carry labels: drawn whole, not again in every piece. */
    draw_in_parts(app, t, parts, t->v->start == START_PEI ? 0 : np, draw_pool_area);
    for (int s = 0; s < t->players; s++) {
        draw_plate(app, t, s);
        draw_pile(app, t, s);
    }
    draw_stock(app, t);
    draw_discard(app, t);
    if (tl_empty(t->layout.stock) && t->view.aside > 0) {
        SDL_Rect sp = R(t->layout.spot);
        char aside[48];
        snprintf(aside, sizeof aside, _("%d set aside"), t->view.aside);
        TextStyle s = style(app, 12.5f, TEXT_REGULAR, UI_INK_FAINT);
        text_draw(app->text, app->renderer, aside, &s, sp.x + sp.w / 2,
                  sp.y + sp.h + app_px(app, 6), TEXT_CENTER);
    }
    draw_sprites(app, t);
    draw_peek(app, t);
    draw_ceremony_labels(app, t);
    draw_pops(app, t);
    draw_packets(app, t);
}

void table_draw_board(App *app, TableState *t)
{
    t->tip[0] = '\0';
    draw_board(app, t, false);
}

void table_draw(App *app, TableState *t, SDL_Renderer *r)
{
    (void)r;
    t->tip[0] = '\0';
    if (t->dialog == DLG_COVER) {
        draw_felt(app, t);
        draw_dialog(app, t);
        return;
    }
    draw_board(app, t, true);
    draw_summary(app, t);
    draw_prompt(app, t);
    table_guide_draw(app, t);
    draw_stood_in(app, t);
    table_net_draw_plates(app, t);
    if (t->dialog == DLG_NONE) {
        draw_buttons(app, t);
        table_log_draw(app, t);
        draw_tip(app, t);
    } else {
        table_log_draw(app, t);
        draw_dialog(app, t);
    }
}
