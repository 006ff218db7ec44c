/* scene_learn_guided.c — a guided first game of Thothit: one round with a
 * fixed deal, the learner as raja against two computer players. Each of
 * the learner's steps has a prompt built from the legal moves; each move of
 * the computer players is shown one at a time (Continue) and told from the
 * game's events, with a remark when it makes an identical pair. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "learn_internal.h"

#define GUIDED_PROMPT_MIN 120 /* design units: the prompt's box at least ... */
#define GUIDED_PROMPT_MAX 230 /* ... and, with its type made smaller first, at most */
#define GUIDED_LOG_MIN 100    /* the room left for the latest steps at least */
#define GUIDED_LEFT_W 560     /* design units: the board's column; the right one has the rest */
#define GUIDED_GUTTER 24      /* between the two columns */
#define GUIDED_BOARD_TOP 56   /* the board (or scored pile) below the top of the opponents' row */
#define GUIDED_BUTTON_H 42    /* the step and start-over buttons */
#define GUIDED_PROMPT_PAD 12  /* the prompt's text inside its box, left and right */
#define GUIDED_VERDICT_H 76   /* a refused move's verdict box */
#define GUIDED_LOG_PAD 10     /* the steps' text inside their box, left and right */
#define GUIDED_LOG_SLOT 8     /* rich-text slots of the steps start here (0 prompt, 1 verdict) */

/* A deal where the learner is the raja, plays first, and holds both a card
 * with its twin in the pool and cards that only match by rank. */
#define GUIDED_SEED 12u

#define U(p, units) app_px((p)->app, (units))

static const char *seat_name(const LearnSeatNames *names, int seat, char *buf, size_t size)
{
    snprintf(buf, size, "%s", names->name[seat]);
    return buf;
}

/* The told events of the last apply go to the log, with remarks. */
static void guided_log(LearnState *s, LearnBoard *b)
{
    int count = 0;
    const GameEvent *ev = game_events(b->game, &count);
    LearnSeatNames names;
    learn_seat_names(b->game, b->human, &names);
    LearnStep told[24];
    int n = 0;
    learn_tell_events(ev, count, &names, s->style, told, &n, 24);
    int k = 0;
    for (int i = 0; i < count && k < n; i++) {
        char probe[240];
        if (!learn_describe_event(&ev[i], &names, s->style, probe, sizeof probe)) {
            continue;
        }
        LearnStep *st = &told[k++];
        if (ev[i].type != EV_CAPTURED) {
            continue;
        }
        /* What the pair scores, or its red-stamped card alone, by the core. */
        const Card pair[2] = {ev[i].card, ev[i].card2};
        Card red = card_is_red_stamped(ev[i].card2) ? ev[i].card2 : ev[i].card;
        size_t len = strlen(st->text);
        if (ev[i].card == ev[i].card2) {
            int pts = score_pile(VARIANT_DEFAULT, 0, pair, 2, NULL);
            snprintf(
                st->text + len, sizeof st->text - len,
                card_is_red_stamped(ev[i].card)
                    ? P_(" A red-stamped pair: %d point.", " A red-stamped pair: %d points.", pts)
                    : P_(" An identical pair: %d point.", " An identical pair: %d points.", pts),
                pts);
        } else if (card_is_red_stamped(red)) {
            snprintf(st->text + len, sizeof st->text - len,
                     _(" A red-stamped card scores %d even alone."),
                     score_pile(VARIANT_DEFAULT, 0, &red, 1, NULL));
        }
    }
    for (int i = 0; i < n; i++) {
        if (b->nlog == LEARN_LOG) {
            memmove(b->log, b->log + 1, sizeof b->log[0] * (LEARN_LOG - 1));
            b->nlog--;
        }
        b->log[b->nlog++] = told[i];
    }
}

static void add_note(LearnBoard *b, const char *text)
{
    if (b->nlog == LEARN_LOG) {
        memmove(b->log, b->log + 1, sizeof b->log[0] * (LEARN_LOG - 1));
        b->nlog--;
    }
    LearnStep *st = &b->log[b->nlog++];
    memset(st, 0, sizeof *st);
    snprintf(st->text, sizeof st->text, "%s", text);
}

void learn_guided_start(App *app, LearnState *s, LearnBoard *b)
{
    (void)app;
    GameConfig cfg = game_config_default(VARIANT_DEFAULT, GUIDED_SEED);
    cfg.rounds = 1;
    b->game = game_create(&cfg, NULL);
    b->human = 0;
    for (int seat = 1; seat < cfg.players; seat++) {
        b->ai[seat] = ai_create(AI_GREEDY, GUIDED_SEED * 31u + (uint64_t)seat);
    }
    if (b->game == NULL) {
        return;
    }
    for (int seat = 1; seat < cfg.players; seat++) {
        ai_watch(b->ai[seat], b->game, NULL, 0); /* they remember the captures they watch */
    }
    learn_board_refresh(b);
    add_note(b, _("A first game of *Thothit*, one round. You are the *raja* and play first; the "
                  "*patih* sits on your right and plays next, then the *unyik*, who dealt."));
    learn_guided_update_prompt(s, b);
}

static Observation *observe(const LearnBoard *b)
{
    Observation *o = malloc(sizeof *o);
    if (o != NULL && game_observe(b->game, b->human, o) != CEKI_OK) {
        free(o);
        o = NULL;
    }
    return o;
}

void learn_guided_update_prompt(LearnState *s, LearnBoard *b)
{
    char *out = b->prompt;
    size_t size = sizeof b->prompt;
    if (b->game == NULL) {
        snprintf(out, size, _("The guided game could not be dealt."));
        return;
    }
    Observation *o = observe(b);
    if (o == NULL) {
        return;
    }
    LearnSeatNames names;
    learn_seat_names(b->game, b->human, &names);
    char who[40];
    if (o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER) {
        snprintf(out, size,
                 _("The round is over. You scored *%d*, the patih *%d* and the unyik *%d*. An "
                   "identical pair counted *%d*, a red-stamped pair *%d* and a red-stamped card "
                   "on its own *%d*. Press *Play again* to start over."),
                 o->round_score[0], o->round_score[1], o->round_score[2],
                 learn_pile_score(VARIANT_DEFAULT, 0, "C5 C5"),
                 learn_pile_score(VARIANT_DEFAULT, 0, "OT OT"),
                 learn_pile_score(VARIANT_DEFAULT, 0, "OT"));
    } else if (o->to_move != b->human) {
        seat_name(&names, o->to_move, who, sizeof who);
        snprintf(out, size,
                 _("It is %s's turn. Press *Continue* to see each of their moves; the list below "
                   "explains what happened."),
                 who);
    } else if (o->phase == PHASE_STOCK) {
        snprintf(out, size,
                 _("Now turn the top card of the stock, the _bukakan_. It captures by itself if it "
                   "can%s. Press *Turn the stock card*."),
                 o->first_turn[b->human] ? _(", and on your first turn only its twin") : "");
    } else if (o->phase == PHASE_STOCK_TAKE) {
        char name[48];
        learn_card_name(o->turned, s->style, name, sizeof name);
        snprintf(out, size,
                 _("The turned *%s* matches more than one pool card. Click the one it should take; "
                   "they are lit."),
                 name);
    } else {
        /* The hand phase: which cards can capture, and what. */
        char list[300] = "";
        int capturing = 0;
        for (int i = 0; i < b->nhand; i++) {
            bool dup = false;
            for (int k = 0; k < i; k++) {
                dup = dup || b->hand[k] == b->hand[i];
            }
            Card t[16];
            bool may_trail = false;
            int n = dup ? 0 : learn_legal_targets(b->game, b->hand[i], t, NULL, 16, &may_trail);
            if (n == 0) {
                continue;
            }
            char a[48], c[48], one[140];
            learn_card_name(b->hand[i], s->style, a, sizeof a);
            learn_card_name(t[0], s->style, c, sizeof c);
            snprintf(one, sizeof one, _("%s*%s* can take the *%s*%s"), capturing == 0 ? "" : "; ",
                     a, c, n > 1 ? _(" or another of its rank") : "");
            strncat(list, one, sizeof list - strlen(list) - 1);
            capturing++;
        }
        bool first = o->first_turn[b->human];
        if (capturing == 0) {
            snprintf(out, size,
                     _("Your turn. %sNone of your cards can capture, so whichever you play stays "
                       "in the pool: pick one and press *Lay it in the pool*, or drag it there."),
                     first ? _("On a first turn a card may take only its identical twin. ") : "");
        } else {
            snprintf(out, size,
                     _("Your turn.%s Here, %s. Drag a card onto a pool card to capture; a card "
                       "that can capture must."),
                     first ? _(" On your first turn a card may take only its identical twin.") : "",
                     list);
        }
    }
    free(o);
}

/* At the end of the round: where the learner's points came from, by the
 * core's breakdown of the pile. */
static void tell_own_pile(LearnBoard *b)
{
    ScoreBreakdown *sb = malloc(sizeof *sb);
    if (sb == NULL || game_score_seat(b->game, b->human, sb) != CEKI_OK) {
        free(sb);
        return;
    }
    char text[240];
    size_t at = (size_t)snprintf(text, sizeof text, _("Your pile:"));
    int shown = 0;
    for (int i = 0; i < sb->ngroups && at < sizeof text; i++) {
        if (sb->groups[i].points <= 0) {
            continue;
        }
        at += (size_t)snprintf(text + at, sizeof text - at, "%s %s *%+d*", shown ? "," : "",
                               _(sb->groups[i].label), sb->groups[i].points);
        shown++;
    }
    if (at < sizeof text) {
        snprintf(text + at, sizeof text - at, _("%s; *%d* in all."),
                 shown ? "" : _(" nothing scored"), sb->total);
    }
    add_note(b, text);
    free(sb);
}

void learn_guided_after(App *app, LearnState *s, LearnBoard *b)
{
    (void)app;
    /* Every move of the guided game comes through here: the computer
     * players watch what it did. */
    for (int seat = 0; seat < CEKI_MAX_SEATS; seat++) {
        ai_watch(b->ai[seat], b->game, NULL, 0);
    }
    guided_log(s, b);
    if (game_round_over(b->game) || game_match_over(b->game)) {
        tell_own_pile(b);
    }
    learn_board_refresh(b);
    learn_guided_update_prompt(s, b);
}

void learn_guided_continue(App *app, LearnState *s, LearnBoard *b)
{
    if (b->game == NULL || game_match_over(b->game) || game_round_over(b->game)) {
        return;
    }
    int seat = game_to_move(b->game);
    if (seat == b->human || seat < 0) {
        b->verdict = (LearnVerdict){.made = true, .legal = true};
        snprintf(b->verdict.text, sizeof b->verdict.text,
                 _("It is your move: the prompt says what you can do."));
        return;
    }
    Move m;
    if (b->ai[seat] == NULL || ai_choose(b->ai[seat], b->game, seat, &m) != CEKI_OK) {
        if (!learn_pick_move(b->game, &m)) {
            return;
        }
    }
    if (game_apply(b->game, &m) != CEKI_OK) {
        return;
    }
    b->verdict = (LearnVerdict){0};
    learn_guided_after(app, s, b);
    app->dirty = true;
}

void learn_guided_turn_stock(App *app, LearnState *s, LearnBoard *b)
{
    if (b->game == NULL || game_to_move(b->game) != b->human) {
        return;
    }
    Move m = {.type = MOVE_TURN, .seat = (uint8_t)b->human, .card = CARD_NONE, .target = CARD_NONE};
    if (!game_is_legal(b->game, &m)) {
        b->verdict = (LearnVerdict){.made = true, .legal = false};
        snprintf(b->verdict.text, sizeof b->verdict.text, _("Not now. %s"),
                 _(game_explain_illegal(b->game, &m)));
        s->last_verdict = b->verdict;
        return;
    }
    game_apply(b->game, &m);
    b->verdict = (LearnVerdict){0};
    learn_guided_after(app, s, b);
    app->dirty = true;
}

bool learn_guided_take(App *app, LearnState *s, LearnBoard *b, Card target)
{
    if (b->kind != BOARD_GUIDED || b->game == NULL || game_to_move(b->game) != b->human) {
        return false;
    }
    Move m = {.type = MOVE_TAKE, .seat = (uint8_t)b->human, .card = CARD_NONE, .target = target};
    Move any[GAME_MAX_MOVES];
    int n = game_legal_moves(b->game, any, GAME_MAX_MOVES);
    if (n <= 0 || any[0].type != MOVE_TAKE) {
        return false;
    }
    if (!game_is_legal(b->game, &m)) {
        b->verdict = (LearnVerdict){.made = true, .legal = false};
        snprintf(b->verdict.text, sizeof b->verdict.text, _("Not allowed. %s"),
                 _(game_explain_illegal(b->game, &m)));
        s->last_verdict = b->verdict;
        app->dirty = true;
        return true;
    }
    game_apply(b->game, &m);
    b->verdict = (LearnVerdict){0};
    learn_guided_after(app, s, b);
    app->dirty = true;
    return true;
}

/* ---- drawing ------------------------------------------------------------------------------- */

static void opponents(LearnPass *p, const LearnBoard *b, const Observation *o, int x, int y, int w)
{
    LearnSeatNames names;
    learn_seat_names(b->game, b->human, &names);
    int ch = learn_card_h(p->s, CARD_C1, 46);
    int cw = learn_card_w(p->s, CARD_C1, ch);
    int col = w / 2;
    TextStyle st = app_text_style(p->app, 14, TEXT_REGULAR, UI_INK);
    TextStyle dim = app_text_style(p->app, 13, TEXT_REGULAR, UI_INK_SOFT);
    int k = 0;
    for (int seat = 0; seat < o->players; seat++) {
        if (seat == b->human) {
            continue;
        }
        int cx = x + k * col;
        int shown = SDL_min(o->hand_count[seat], 7);
        SDL_Rect fan = {cx, y, col, ch};
        for (int i = 0; i < shown; i++) {
            SDL_Rect r =
                learn_line_card(p->s, CARD_C1, fan, ch, U(p, 6), shown, i, BOARD_LEFT | BOARD_TOP);
            if (p->draw) {
                card_art_draw(p->app->cards, p->app->renderer, p->s->style, CARD_C1, r,
                              CARD_FACE_DOWN);
            }
        }
        int tx = cx + (shown > 0 ? (shown - 1) * U(p, 6) + cw : 0) + U(p, 10);
        char who[40], line[120];
        snprintf(who, sizeof who, "%s", names.title[seat]);
        snprintf(line, sizeof line, "%s%s", who, o->to_move == seat ? _(" (to move)") : "");
        TextStyle name = st;
        if (o->to_move == seat) {
            name.color = UI_GOLD_LIGHT;
            name.weight = TEXT_BOLD;
        }
        learn_text_at(p, line, name, tx, y, col - (tx - cx) - U(p, 8));
        snprintf(line, sizeof line, _("%d in hand, %d captured"), o->hand_count[seat],
                 o->captured_count[seat]);
        learn_text_at(p, line, dim, tx, y + U(p, 20), col - (tx - cx) - U(p, 8));
        k++;
    }
}

/* The learner's pile as the rules engine scored it, once the round is over. */
static void scored_pile(LearnPass *p, const LearnBoard *b, int x, int top, int w)
{
    ScoreBreakdown *sb = malloc(sizeof *sb);
    LearnScoreView *view = malloc(sizeof *view);
    if (sb != NULL && view != NULL && game_score_seat(b->game, b->human, sb) == CEKI_OK &&
        learn_score_view_of(sb, view)) {
        char head[80];
        snprintf(head, sizeof head, _("YOUR CAPTURED PILE, SCORED: %d POINTS"), view->total);
        learn_label(p, head, app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD),
                    (SDL_Rect){x, top, w, U(p, 16)}, TEXT_LEFT);
        learn_score_groups(p, view, x, top + U(p, 24), w, 62);
    }
    free(sb);
    free(view);
}

/* The stock card just turned up, at the right of the hand's row. */
static void turned_card(LearnPass *p, Card turned, int right, int y, int ch)
{
    LearnState *s = p->s;
    int cw = learn_card_w(s, turned, ch);
    SDL_Rect r = learn_line_card(s, turned, (SDL_Rect){right - cw, y, cw, ch}, ch, cw, 1, 0,
                                 BOARD_RIGHT | BOARD_TOP);
    if (p->draw) {
        card_art_draw(p->app->cards, p->app->renderer, s->style, turned, r,
                      learn_card_flags(p->app, s) | CARD_HIGHLIGHT);
    }
    learn_label(p, _("TURNED"), app_text_style(p->app, 12, TEXT_BOLD, UI_GOLD),
                (SDL_Rect){r.x - U(p, 70), r.y, U(p, 64), U(p, 16)}, TEXT_RIGHT);
}

/* The left column: the others, then the pool and hand (or the scored pile),
 * the stock's count and the turned card. */
static void left_column(LearnPass *p, int block, LearnBoard *b, const Observation *o, int x, int y)
{
    int left_w = U(p, GUIDED_LEFT_W);
    opponents(p, b, o, x, y, left_w);
    int ch = learn_card_h(p->s, CARD_C1, 70);
    BoardGeom geo = {0};
    int top = y + U(p, GUIDED_BOARD_TOP);
    bool round_over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    if (round_over) {
        scored_pile(p, b, x, top, left_w);
        geo.hand_y = top;
    } else {
        learn_board_cards(p, block, b, x, top, left_w, ch, &geo);
    }
    TextStyle soft = app_text_style(p->app, 13.5f, TEXT_REGULAR, UI_INK_SOFT);
    char line[160];
    snprintf(line, sizeof line, _("Stock: %d   Your captured pile: %d"), o->stock_count,
             o->captured_count[b->human]);
    if (!round_over) {
        learn_label(p, line, soft, (SDL_Rect){x + U(p, 200), top, left_w - U(p, 200), U(p, 16)},
                    TEXT_RIGHT);
    }
    if (o->turned != CARD_NONE) {
        turned_card(p, o->turned, x + left_w, geo.hand_y, ch);
    }
}

/* The prompt's box, sized to its text: a long prompt gets smaller type
 * before the box may grow past GUIDED_PROMPT_MAX (the steps below keep
 * their room). Returns the box's height. */
static int prompt_box(LearnPass *p, int block, const LearnBoard *b, int rx, int ry, int rw)
{
    LearnState *s = p->s;
    char prompt[600];
    learn_expand_cards(b->prompt, s->style, prompt, sizeof prompt);
    LearnPass measure = *p;
    measure.draw = false;
    static const float sizes[] = {15.0f, 14.0f, 13.0f, 12.0f};
    TextStyle ps = app_text_style(p->app, sizes[0], TEXT_REGULAR, UI_INK);
    int text_h = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        ps = app_text_style(p->app, sizes[k], TEXT_REGULAR, UI_INK);
        text_h = learn_rich(&measure, block, 0, prompt, ps, rx + U(p, GUIDED_PROMPT_PAD), 0,
                            rw - U(p, 2 * GUIDED_PROMPT_PAD), 1.25f);
        if (text_h + U(p, 20) <= U(p, GUIDED_PROMPT_MAX)) {
            break;
        }
    }
    int prompt_h = SDL_max(U(p, GUIDED_PROMPT_MIN), text_h + U(p, 20));
    if (text_h + U(p, 10) > prompt_h) {
        learn_overflow(s, prompt, prompt_h, text_h + U(p, 10));
    }
    if (p->draw) {
        paint_round_rect(p->app->paint, p->app->renderer, (SDL_Rect){rx, ry, rw, prompt_h},
                         U(p, 12), paint_rgba(236, 196, 100, 30));
    }
    learn_rich(p, block, 0, prompt, ps, rx + U(p, GUIDED_PROMPT_PAD), ry + U(p, 10),
               rw - U(p, 2 * GUIDED_PROMPT_PAD), 1.25f);
    return prompt_h;
}

/* One button for the next step, whatever it is, and a way to start over.
 * Returns the y below them. */
static int step_buttons(LearnPass *p, int block, const LearnBoard *b, const Observation *o, int rx,
                        int ry, int rw)
{
    bool mine = o->to_move == b->human;
    bool over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    int bh = U(p, GUIDED_BUTTON_H);
    if (over) {
        learn_button(p, learn_block_id(block, PART_RESET), (SDL_Rect){rx, ry, rw, bh},
                     _("Play again"), true, false);
    } else if (!mine) {
        learn_button(p, learn_block_id(block, PART_STEP), (SDL_Rect){rx, ry, rw, bh}, _("Continue"),
                     true, false);
    } else if (o->phase == PHASE_STOCK) {
        learn_button(p, learn_block_id(block, PART_RUN), (SDL_Rect){rx, ry, rw, bh},
                     _("Turn the stock card"), true, false);
    } else if (o->phase == PHASE_HAND) {
        learn_button(p, learn_block_id(block, PART_TRAIL), (SDL_Rect){rx, ry, rw, bh},
                     _("Lay it in the pool"), false, b->selected < 0);
    }
    ry += bh + U(p, 8);
    if (!over) {
        learn_button(p, learn_block_id(block, PART_RESET), (SDL_Rect){rx, ry, rw, bh},
                     _("Start over"), false, false);
        ry += bh + U(p, 10);
    }
    return ry;
}

/* How many of the latest steps fit in log_h (at least one). */
static int log_fits(LearnPass *p, int block, const LearnBoard *b, TextStyle ls, int rx, int rw,
                    int log_h)
{
    int shown = SDL_min(b->nlog, 4);
    LearnPass m = *p;
    m.draw = false;
    while (shown > 1) {
        int total = 0;
        for (int i = b->nlog - shown; i < b->nlog; i++) {
            total += learn_rich(&m, block, GUIDED_LOG_SLOT + (i % LEARN_LOG), b->log[i].text, ls,
                                rx + U(p, GUIDED_LOG_PAD), 0, rw - U(p, 2 * GUIDED_LOG_PAD), 1.2f) +
                     U(p, 6);
        }
        if (total <= log_h - U(p, 16)) {
            break;
        }
        shown--;
    }
    return shown;
}

/* Below the buttons: a refused move's verdict, then as many of the latest
 * steps as fit, newest at the bottom, down to the area's bottom. */
static void steps_log(LearnPass *p, int block, const LearnBoard *b, int rx, int ry, int rw,
                      int bottom)
{
    int log_h = bottom - ry;
    if (log_h < U(p, GUIDED_LOG_MIN)) { /* the steps must keep a readable room */
        learn_overflow(p->s, "the guided game's steps", log_h, U(p, GUIDED_LOG_MIN));
    }
    if (b->verdict.made && !b->verdict.legal) {
        learn_verdict_box(p, block, 1, &b->verdict, "", rx, ry, rw, U(p, GUIDED_VERDICT_H));
        ry += U(p, GUIDED_VERDICT_H + 8);
        log_h -= U(p, GUIDED_VERDICT_H + 8);
    }
    if (p->draw) {
        paint_round_rect(p->app->paint, p->app->renderer, (SDL_Rect){rx, ry, rw, log_h}, U(p, 10),
                         paint_rgba(255, 255, 255, 12));
    }
    TextStyle ls = app_text_style(p->app, 13.5f, TEXT_REGULAR, UI_INK);
    int shown = log_fits(p, block, b, ls, rx, rw, log_h);
    int ly = ry + U(p, 8);
    for (int i = b->nlog - shown; i < b->nlog; i++) {
        ly += learn_rich(p, block, GUIDED_LOG_SLOT + (i % LEARN_LOG), b->log[i].text, ls,
                         rx + U(p, GUIDED_LOG_PAD), ly, rw - U(p, 2 * GUIDED_LOG_PAD), 1.2f) +
              U(p, 6);
    }
}

void learn_guided_pass(LearnPass *p, int block, LearnBoard *b, SDL_Rect area)
{
    if (b->game == NULL) {
        return;
    }
    Observation *o = observe(b);
    if (o == NULL) {
        return;
    }
    left_column(p, block, b, o, area.x, area.y);
    /* The right column: prompt, buttons, what happened. */
    int rx = area.x + U(p, GUIDED_LEFT_W) + U(p, GUIDED_GUTTER);
    int rw = area.w - U(p, GUIDED_LEFT_W) - U(p, GUIDED_GUTTER);
    int ry = area.y;
    ry += prompt_box(p, block, b, rx, ry, rw) + U(p, 10);
    ry = step_buttons(p, block, b, o, rx, ry, rw);
    steps_log(p, block, b, rx, ry, rw, area.y + area.h);
    free(o);
}
