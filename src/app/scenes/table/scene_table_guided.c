/* scene_table_guided.c — the guided first game at the real table (issue
 * 30): a table session dealt from guided_line.h's fixed deal, with the
 * guide's panel beside the table. At each of the person's turns it says
 * what to do and why (the reasons ai_why gives, in coach_text's words),
 * lights the card and target as the hint does, and waits: only that move
 * is taken, any other is refused with the core's reason or with why the
 * step is the lesson. The computers' moves glide as usual; the moments of
 * the game (captures, the seating draw, roles, peeks, cuts, tie-breaks,
 * stakes, declarations, claims, the count) are told from the events and
 * wait for Continue. At the round's end the score is told line by line
 * from the core's breakdown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_names.h"
#include "coach_text.h"
#include "guided_line.h"
#include "scene_table.h"

#define GUIDE_PANEL_W 220.0f /* design units: the panel's width, right of the table */
#define GUIDE_MARGIN 8.0f    /* around the panel */
#define GUIDE_PARTS_SHARE 1  /* a part after the first keeps a third of the words' height */
#define GUIDE_PAD 14.0f      /* inside the panel */
#define GUIDE_TITLE_PX 13.0f /* the panel's heading */
#define GUIDE_TEXT_PX 15.5f  /* what to do, what happened */
#define GUIDE_MIN_PX 10.0f   /* the smallest the words may be made to fit */
#define GUIDE_SHRINK 0.94f   /* each step smaller */
#define GUIDE_SPACING 1.15f  /* line spacing */
#define GUIDE_BUTTON_H 46.0f /* Continue */
#define GUIDE_GAP 10.0f      /* between the panel's parts */
#define GUIDE_KINDS_NAMED 3  /* a score group's kinds named in the count, at most */
#define GUIDE_OTHERS_TOLD 2  /* the others' plain captures the guide stops for */

/* ---- words --------------------------------------------------------------------------- */

static void append(char *buf, size_t size, const char *text)
{
    size_t at = strlen(buf);
    if (at + 1 < size) {
        snprintf(buf + at, size - at, "%s%s", at > 0 ? "\n" : "", text);
    }
}

/* As append, on the same line (after a space) when `same_line`. */
static void append_inline(char *buf, size_t size, const char *text, bool same_line)
{
    size_t at = strlen(buf);
    if (!same_line || at == 0) {
        append(buf, size, text);
    } else if (at + 1 < size) {
        snprintf(buf + at, size - at, "%s%s", buf[at - 1] == '\n' ? "" : " ", text);
    }
}

/* The opening words: the game in one line from its descriptor. */
static void say_opening(const TableState *t, char *buf, size_t size)
{
    const char *how = "";
    switch (t->v->turn) {
    case TURN_HAND_THEN_STOCK:
        how = t->v->start != START_PEI
                  ? _("A turn has two halves: play a card from your hand, then turn the top card "
                      "of the stock, which plays as a hand card would. A card captures a pool "
                      "card it matches.")
              : t->v->unyik_peeks
                  ? _("A turn has two halves: play a card from your hand, then turn a stock card, "
                      "which plays as a hand card would. The stock is drawn from the bottom. A "
                      "card captures a pool card it matches.")
                  : _("A turn has two halves: play a card from your hand, then turn a stock card, "
                      "which plays as a hand card would. The stock is drawn from the bottom: the "
                      "card face up on top comes last. A card captures a pool card it matches.");
        break;
    case TURN_HAND_ONLY:
        how = _("A turn is one card from your hand: it captures a pool card it matches, or "
                "stays in the pool.");
        break;
    case TURN_KINGS:
    case TURN_STOCK_ONLY:
        how = _("Nobody decides in this game: the cards play themselves. Watch what happens; "
                "the guide stops at each moment that matters.");
        break;
    case TURN_DRAW_DISCARD:
        how = _("A turn is a draw, then a discard: the first draw of a hand from the stock, later "
                "ones from the stock or the discard pile. Once your eight cards form a checki "
                "hand you may declare it, showing a pair; then a third card of a waiting pair "
                "wins.");
        break;
    }
    char rules[400] = "";
    if (t->v->first_turn_identical) {
        append(rules, sizeof rules,
               _("On your first turn a card may take only its identical twin."));
    }
    if (t->v->compulsory == COMPULSORY_PLAYED) {
        append(rules, sizeof rules,
               _("A card played or turned that can capture must; which card you play is yours."));
    } else if (t->v->compulsory == COMPULSORY_ANY) {
        append(rules, sizeof rules,
               _("While any card in your hand can capture, you must play one that does."));
    }
    int role = t->guide.seat >= 0 ? (int)t->obs.role[t->guide.seat] : ROLE_NONE;
    if (role != ROLE_NONE && card_role_name(role)[0] != '\0') {
        char you[80];
        snprintf(you, sizeof you, _("You are the %s."), card_role_name(role));
        append(rules, sizeof rules, you);
    }
    for (char *nl = strchr(rules, '\n'); nl != NULL; nl = strchr(nl, '\n')) {
        *nl = ' ';
    }
    snprintf(buf, size,
             _("A first game of %s, dealt the same way every time. %s %s\nThe guide says each "
               "move and why, lights the cards, and waits for you. Press Continue to start."),
             _(t->v->name), how, rules);
}

/* Why two rank-1 cards that look nothing alike match (an honour and a 1,
 * or two honours): appended to a step that takes one with the other. */
static void say_rank_one(const TableState *t, Card a, Card b, char *buf, size_t size)
{
    bool honour = (card_is_ceki(a) && card_suit(a) == SUIT_HONOURS) ||
                  (card_is_ceki(b) && card_suit(b) == SUIT_HONOURS);
    if (!honour || a == b || !card_is_ceki(a) || !card_is_ceki(b) || card_rank(a) != 1 ||
        card_rank(b) != 1) {
        return;
    }
    char wf[64], rf[64], ot[64], line[400];
    table_card_label(t, CARD_WF, wf, sizeof wf);
    table_card_label(t, CARD_RF, rf, sizeof rf);
    table_card_label(t, CARD_OT, ot, sizeof ot);
    snprintf(line, sizeof line,
             _("They match: the three honours (%s, %s, %s) count as 1s, and all 1s are one "
               "rank."),
             wf, rf, ot);
    size_t at = strlen(buf);
    if (at + 1 < size) {
        snprintf(buf + at, size - at, " %s", line);
    }
}

/* What the step asks, with how to do it by mouse and by keyboard. */
static void say_step(const TableState *t, const Move *m, char *buf, size_t size)
{
    char a[64], b[64];
    table_card_label(t, m->card, a, sizeof a);
    table_card_label(t, m->target, b, sizeof b);
    switch (m->type) {
    case MOVE_PLAY:
        if (m->target != CARD_NONE) {
            snprintf(buf, size,
                     _("Take the %s with your %s: drag your card onto it, or press Enter on your "
                       "card, then Enter on the lit pool card."),
                     b, a);
            say_rank_one(t, m->card, m->target, buf, size);
        } else {
            snprintf(buf, size,
                     _("Lay your %s in the pool: drag it to the pool's free space, or press Enter "
                       "on it, then T."),
                     a);
        }
        return;
    case MOVE_TURN:
        snprintf(buf, size, "%s",
                 t->v->start == START_PEI
                     ? _("Turn the bottom card of the stock (Pèi draws from the bottom): click "
                         "the stock, or press Space.")
                     : _("Turn the top card of the stock: click the stock, or press Space."));
        return;
    case MOVE_TAKE:
        snprintf(buf, size,
                 _("The turned card matches more than one pool card and takes one of your "
                   "choice: take the %s (click it, or press Enter twice)."),
                 b);
        return;
    case MOVE_DRAW_STOCK:
        snprintf(buf, size, "%s", _("Draw from the stock: click it, or press Space."));
        return;
    case MOVE_DRAW_DISCARD:
        snprintf(buf, size,
                 _("Take the %s from the discard pile: click it, or press Enter on the lit "
                   "button."),
                 a);
        return;
    case MOVE_DISCARD:
        snprintf(buf, size,
                 _("Discard your %s: drag it onto the discard pile, or press Enter on it."), a);
        return;
    case MOVE_DECLARE:
        snprintf(buf, size,
                 _("Declare checki by laying your pair of the %s face up: click Show %s, or "
                   "press Enter on the lit button."),
                 a, a);
        return;
    case MOVE_CLAIM:
        snprintf(buf, size, _("Claim the %s: click Claim %s, or press Enter on the lit button."), a,
                 a);
        return;
    case MOVE_PASS:
        snprintf(buf, size, "%s", _("Pass: click Pass, or press Enter on the lit button."));
        return;
    default: snprintf(buf, size, "%s", _("Make the lit move.")); return;
    }
}

/* Totit's tie for the lead: who plays the tie-break hand, at what total
 * (the core's match scores), and who sits it out (`out`; NULL: the person). */
static void say_tie(const TableState *t, const char *out, char *buf, size_t size)
{
    const Game *g = session_game(t->session);
    Observation *o = malloc(sizeof *o);
    char tied[160] = "";
    int total = -1, n = 0;
    for (int s = 0; o != NULL && s < t->players; s++) {
        if (game_sitting_out(g, s) || (total < 0 && game_observe(g, s, o) != CEKI_OK)) {
            continue;
        }
        total = o->match_score[s];
        char who[48];
        table_seat_name(t, s, who, sizeof who);
        size_t at = strlen(tied);
        snprintf(tied + at, sizeof tied - at, "%s%s", n++ > 0 ? _(" and ") : "", who);
    }
    free(o);
    if (out == NULL) {
        snprintf(buf, size,
                 _("A tie for the lead: %s have %d each. Only they play a tie-break hand, and "
                   "you watch it; it adds to their totals until one leads."),
                 tied, total);
    } else {
        snprintf(buf, size,
                 _("A tie for the lead: %s have %d each. Only they play a tie-break hand, and %s "
                   "sits it out; it adds to their totals until one leads."),
                 tied, total, out);
    }
}

/* Kings' tie, before its first cut card (ev[0], of n events): who cut, at
 * how many captured cards (the core's round scores), and for what. */
static void say_cut_begins(const TableState *t, const GameEvent *ev, int n, char *buf, size_t size)
{
    char tied[200] = "";
    bool seen[CEKI_MAX_SEATS] = {false}, for_match = false;
    int first = ev[0].seat;
    for (int i = 0; i < n; i++) {
        for_match = for_match || (ev[i].type == EV_CUT_WON && ev[i].value == 1);
        if (ev[i].type != EV_CUT || ev[i].seat < 0 || ev[i].seat >= CEKI_MAX_SEATS ||
            seen[ev[i].seat]) {
            continue; /* a second pass of cards (tied again) names nobody new */
        }
        seen[ev[i].seat] = true;
        char who[48];
        table_seat_name(t, ev[i].seat, who, sizeof who);
        size_t at = strlen(tied);
        snprintf(tied + at, sizeof tied - at, "%s%s", at > 0 ? _(" and ") : "", who);
    }
    if (for_match) {
        snprintf(buf, size,
                 _("A tie for most Kings: %s cut for the match. Each turns a card from a fresh "
                   "shuffle; the highest rank wins, the Ace high."),
                 tied);
    } else {
        snprintf(buf, size,
                 _("A tie for the King: %s have %d cards each, so they cut. Each turns a card "
                   "from a fresh shuffle; the highest rank takes the King, the Ace high."),
                 tied, game_round_score(session_game(t->session), first));
    }
}

/* A seat's Pèi role, named ("patih"); "" where there is none. */
static const char *role_of(const TableState *t, int seat)
{
    int role = seat >= 0 && seat < CEKI_MAX_SEATS ? (int)t->obs.role[seat] : ROLE_NONE;
    return role != ROLE_NONE ? card_role_name(role) : "";
}

/* One event of a moment in a sentence; false for an event that is none. */
static bool say_event(const TableState *t, const GameEvent *e, char *buf, size_t size)
{
    char who[48], a[64], b[64];
    table_seat_name(t, e->seat >= 0 ? e->seat : 0, who, sizeof who);
    table_card_label(t, e->card, a, sizeof a);
    table_card_label(t, e->card2, b, sizeof b);
    bool mine = e->seat == t->guide.seat;
    switch (e->type) {
    case EV_CAPTURED:
        if (mine) {
            return false; /* the person's own capture was the step */
        }
        if (e->card == e->card2) { /* two copies of one card */
            snprintf(buf, size, _("%s took the %s with another %s."), who, b, a);
        } else {
            snprintf(buf, size, _("%s took the %s with the %s."), who, b, a);
        }
        return true;
    case EV_SEATING:
        snprintf(buf, size, "%s",
                 _("The seating draw: each player drew two cards. The highest sum of face values "
                   "(an honour counts 1) is raja, the next patih, the lowest unyik; ties draw "
                   "again. The seats follow that order of play."));
        return true;
    case EV_ROLE:
        if (e->value != ROLE_RAJA) {
            return false;
        }
        if (mine) {
            return false; /* the opening words gave the person's role */
        }
        snprintf(buf, size, _("%s is the raja and leads the round."), who);
        return true;
    case EV_TURNED:
        if (!mine) {
            return false;
        }
        snprintf(buf, size,
                 _("You turned the %s from the stock: it plays as a card from your hand would, "
                   "taking a pool card it matches or staying in the pool."),
                 a);
        return true;
    case EV_PEEK:
        if (e->seat < 0) {
            return false;
        }
        if (mine) {
            snprintf(buf, size,
                     t->obs.peek_depth == 1
                         ? _("Only you saw the %s: the stock's last card, the one you turn on "
                             "your last turn.")
                         : _("Only you saw the %s: the stock card drawn second to last, the one "
                             "you turn on your last turn."),
                     a);
        } else if (role_of(t, e->seat)[0] != '\0') {
            snprintf(buf, size,
                     _("%s, the %s, looked at a stock card that only they may see: the one they "
                       "turn on their last turn."),
                     who, role_of(t, e->seat));
        } else {
            snprintf(buf, size, _("%s looked at a stock card that only they may see."), who);
        }
        return true;
    default: break;
    }
    return false;
}

static bool say_event_end(const TableState *t, const GameEvent *e, char *buf, size_t size);

/* The moments of the ceremonies, the stakes and the ties. */
static bool say_event_more(const TableState *t, const GameEvent *e, char *buf, size_t size)
{
    char who[48], to[48], a[64];
    table_seat_name(t, e->seat >= 0 ? e->seat : 0, who, sizeof who);
    table_card_label(t, e->card, a, sizeof a);
    bool mine = e->seat == t->guide.seat;
    switch (e->type) {
    case EV_STAKE_PAID:
        if (e->seat < 0 || e->card2 == CARD_NONE || (int)e->card2 >= t->players) {
            return false;
        }
        table_seat_name(t, (int)e->card2, to, sizeof to);
        if (mine) {
            snprintf(buf, size,
                     P_("Stakes: you pay %s %d unit.", "Stakes: you pay %s %d units.", e->value),
                     to, e->value);
        } else if ((int)e->card2 == t->guide.seat) {
            snprintf(buf, size,
                     P_("Stakes: %s pays you %d unit.", "Stakes: %s pays you %d units.", e->value),
                     who, e->value);
        } else {
            snprintf(buf, size,
                     P_("Stakes: %s pays %s %d unit.", "Stakes: %s pays %s %d units.", e->value),
                     who, to, e->value);
        }
        return true;
    case EV_SIT_OUT: say_tie(t, mine ? NULL : who, buf, size); return true;
    case EV_CUT:
        if (mine) {
            snprintf(buf, size, _("You turn the %s."), a);
        } else {
            snprintf(buf, size, _("%s turns the %s."), who, a);
        }
        return true;
    case EV_CUT_WON:
        if (mine) {
            snprintf(buf, size, "%s", _("You win the cut."));
        } else {
            snprintf(buf, size, _("%s wins the cut."), who);
        }
        return true;
    default: return say_event_end(t, e, buf, size);
    }
}

/* The moments of Kings' Kings and Kowah's hands. */
static bool say_event_end(const TableState *t, const GameEvent *e, char *buf, size_t size)
{
    char who[48], a[64];
    table_seat_name(t, e->seat >= 0 ? e->seat : 0, who, sizeof who);
    table_card_label(t, e->card, a, sizeof a);
    bool mine = e->seat == t->guide.seat;
    switch (e->type) {
    case EV_KING_WON:
        if (mine) {
            snprintf(buf, size, _("You win the %s."), a);
        } else {
            snprintf(buf, size, _("%s wins the %s."), who, a);
        }
        return true;
    case EV_DECLARED:
        if (mine) {
            snprintf(buf, size,
                     _("You declare checki, laying your pair of the %s face up. Your hand is now "
                       "locked: each turn you draw and, unless the card wins, discard it at once. "
                       "A winning card can also be claimed when another player draws it from the "
                       "stock or discards it."),
                     a);
        } else {
            snprintf(buf, size, _("%s declares checki with a pair of the %s: one card more wins."),
                     who, a);
        }
        return true;
    case EV_CLAIMED:
        if (mine) {
            snprintf(buf, size, _("You claim the %s and win the hand."), a);
        } else {
            snprintf(buf, size, _("%s claims the %s and wins the hand."), who, a);
        }
        return true;
    case EV_HAND_DRAWN:
        snprintf(buf, size, "%s", _("The stock ran out: nobody won this hand."));
        return true;
    default: break;
    }
    return false;
}

/* The kinds a score group holds, named ("8 of Hearts, 6 of Diamonds"),
 * when they are few enough to read; "" otherwise. */
static void group_kinds(const TableState *t, const ScoreGroup *g, char *buf, size_t size)
{
    Card seen[GUIDE_KINDS_NAMED];
    int n = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->ncards; i++) {
        bool known = false;
        for (int k = 0; k < n; k++) {
            known = known || seen[k] == g->cards[i];
        }
        if (!known && n == GUIDE_KINDS_NAMED) {
            buf[0] = '\0'; /* too many to name */
            return;
        }
        if (!known) {
            seen[n++] = g->cards[i];
            char name[64];
            table_card_label(t, g->cards[i], name, sizeof name);
            size_t at = strlen(buf);
            snprintf(buf + at, size - at, "%s%s", n > 1 ? ", " : "", name);
        }
    }
}

/* The count, line by line from the core's breakdown of the guided seat's
 * pile, then every seat's round score. */
static void say_count(const TableState *t, char *buf, size_t size)
{
    const Game *g = session_game(t->session);
    ScoreBreakdown *sb = malloc(sizeof *sb);
    char line[600] = "", one[240], kinds[240];
    snprintf(line, sizeof line, "%s", _("The count:"));
    int told = 0;
    int seat = t->guide.seat >= 0 ? t->guide.seat : t->view.viewer; /* whose pile is told */
    /* No pile to count in a game that plays itself (every seat's total
     * follows) or for Totit's tie-break onlooker. */
    bool onlooker = t->guide.seat < 0 || game_sitting_out(g, seat) ||
                    t->v->match_kind == MATCHKIND_HANDS_WON; /* Kowah counts hands, not piles */
    int groups = sb != NULL && game_score_seat(g, seat, sb) == CEKI_OK ? sb->ngroups : 0;
    for (int i = 0; i < groups; i++) {
        const ScoreGroup *gr = &sb->groups[i];
        if (gr->points <= 0) {
            continue;
        }
        group_kinds(t, gr, kinds, sizeof kinds);
        if (kinds[0] != '\0') {
            snprintf(one, sizeof one, P_("%s: %s, %d point", "%s: %s, %d points", gr->points),
                     _(gr->label), kinds, gr->points);
        } else {
            snprintf(one, sizeof one, P_("%s: %d point", "%s: %d points", gr->points), _(gr->label),
                     gr->points);
        }
        size_t at = strlen(line);
        snprintf(line + at, sizeof line - at, "%s %s", told++ > 0 ? ";" : "", one);
    }
    if (told == 0) {
        size_t at = strlen(line);
        snprintf(line + at, sizeof line - at, " %s", _("nothing scored."));
    }
    free(sb);
    if (!onlooker) {
        append(buf, size, line);
    }
    line[0] = '\0';
    for (int s = 0; s < t->players; s++) {
        if (game_sitting_out(g, s)) {
            continue; /* a tie-break hand's onlooker */
        }
        char who[48];
        table_seat_name(t, s, who, sizeof who);
        snprintf(one, sizeof one, _("%s: %d this round."), who, game_round_score(g, s));
        size_t at = strlen(line);
        snprintf(line + at, sizeof line - at, "%s%s", at > 0 ? " " : "", one);
    }
    append(buf, size, line);
    append(buf, size, _("Press Continue for the results."));
}

/* ---- the guide's state ---------------------------------------------------------------- */

static int moves_made(const TableState *t)
{
    int n = 0;
    session_history(t->session, &n);
    return n;
}

void table_guide_begin(App *app, TableState *t)
{
    /* A guided game started from Learn, or one resumed after the program
     * ended mid-lesson (its save says so: session_seats' reseed_each_move). */
    t->guide.on = app->table_run.guided || session_seats(t->session)->reseed_each_move;
    app->table_run.guided = false;
    if (!t->guide.on) {
        return;
    }
    /* The person's seat; none in a game that plays itself (its words then
     * name every seat, the one shown included). */
    t->guide.seat = table_seat_is_person(t, t->view.viewer) ? t->view.viewer : -1;
    t->guide.seed = session_config(t->session)->seed;
    t->guide.step_at = -1;
    t->guide.hold = true;
    table_refresh_obs(t); /* the person's role, before the deal is shown */
    int n = 0;
    const Move *made = session_history(t->session, &n);
    for (int i = 0; made != NULL && i < n; i++) {
        t->guide.steps +=
            t->guide.seat >= 0 && made[i].seat == t->guide.seat && made[i].type != MOVE_NEXT_ROUND;
    }
    if (n > 0) { /* resumed after the program ended mid-lesson */
        snprintf(t->guide.text, sizeof t->guide.text,
                 _("The guided game of %s goes on where it was left. Press Continue."),
                 _(t->v->name));
    } else {
        say_opening(t, t->guide.text, sizeof t->guide.text);
    }
    t->guide.auto_steps = app->table_run.guided_steps;
    app->table_run.guided_steps = 0;
}

/* The step for the move now to be made, worked out once per move. */
static bool guide_fresh_step(TableState *t)
{
    int now = moves_made(t);
    if (t->guide.step_at == now) {
        return true;
    }
    const Game *g = session_game(t->session);
    if (game_to_move(g) != t->guide.seat ||
        guided_step(g, t->guide.seat, t->guide.seed, (uint32_t)now, &t->guide.step) != CEKI_OK) {
        return false;
    }
    t->guide.step_at = now;
    return true;
}

/* The keyboard's focus on the step's card (the hand's, or the pool card
 * the turned card takes), so Enter goes where the guide points. */
static void guide_focus_step(TableState *t, const Move *m)
{
    /* A decision made with a button: the keyboard goes to that button
     * (guide_focus_button, once the prompt shows it), so Enter presses it. */
    t->guide.button = m->type == MOVE_DECLARE        ? W_DECLARE + m->card
                      : m->type == MOVE_CLAIM        ? W_CLAIM
                      : m->type == MOVE_PASS         ? W_PASS
                      : m->type == MOVE_DRAW_DISCARD ? W_TAKE_DISCARD
                                                     : 0;
    if (t->guide.button == 0) {
        t->focus_in_ui = false; /* the cards have the keyboard for this step */
    }
    bool pool = m->type == MOVE_TAKE;
    Card want = pool ? m->target : m->card;
    if ((m->type != MOVE_PLAY && m->type != MOVE_DISCARD && !pool) || want == CARD_NONE) {
        return;
    }
    int ids[TV_MAX_SPRITES];
    int n = pool ? view_pool_order(t, ids, TV_MAX_SPRITES)
                 : view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    for (int k = 0; k < n; k++) {
        if (t->view.sprites[ids[k]].card == want) {
            t->focus_zone = pool ? FZ_POOL : FZ_HAND;
            t->focus_sprite = ids[k];
            t->drawn_focus = false; /* not the card just drawn: the step's */
            return;
        }
    }
}

/* The step shown: its words, its reasons, its cards lit as a hint's. */
static void guide_show_step(TableState *t)
{
    guide_focus_step(t, &t->guide.step.move);
    say_step(t, &t->guide.step.move, t->guide.text, sizeof t->guide.text);
    coach_text(&t->guide.step, t->style, t->guide.why, sizeof t->guide.why);
    t->hint = t->guide.step.move;
    t->coach = t->guide.step;
    t->hint_state = HINT_SHOWN;
}

/* Pèi's stake payments of a batch of events, summed per payer and payee
 * (a scheme pays in several parts; the results screen shows them). */
static void stakes_note(TableState *t, const GameEvent *e)
{
    int to = (int)e->card2;
    if (e->seat < 0 || e->seat >= CEKI_MAX_SEATS || e->card2 == CARD_NONE || to >= t->players) {
        return;
    }
    t->guide.paid[e->seat][to] += e->value;
}

/* The summed payments told in one line, and forgotten. */
static void stakes_say(TableState *t)
{
    char line[400] = "", one[160];
    for (int from = 0; from < t->players; from++) {
        for (int to = 0; to < t->players; to++) {
            int units = t->guide.paid[from][to];
            if (units <= 0) {
                continue;
            }
            GameEvent e = {.type = EV_STAKE_PAID, .seat = from, .card2 = (Card)to, .value = units};
            if (say_event_more(t, &e, one, sizeof one)) {
                size_t at = strlen(line);
                snprintf(line + at, sizeof line - at, "%s%s", at > 0 ? " " : "", one);
            }
            t->guide.paid[from][to] = 0;
        }
    }
    if (line[0] != '\0') {
        append(t->guide.told, sizeof t->guide.told, line);
    }
}

void table_guide_note(TableState *t, const GameEvent *ev, int n)
{
    if (!t->guide.on) {
        return;
    }
    char line[300];
    for (int i = 0; i < n; i++) {
        if (ev[i].type == EV_TURNED && ev[i].seat == t->guide.seat &&
            t->guide.turns_told++ >= GUIDE_OTHERS_TOLD) {
            continue; /* how a turned card plays is said twice, not every turn */
        }
        if (ev[i].type == EV_STAKE_PAID) {
            stakes_note(t, &ev[i]);
            continue; /* told summed once the round's payments are all in */
        }
        bool plain = ev[i].type == EV_CAPTURED && ev[i].seat != t->guide.seat;
        if (plain && t->guide.others_told >= GUIDE_OTHERS_TOLD) {
            continue; /* the status line tells the rest as they happen */
        }
        if (plain && ++t->guide.others_told == GUIDE_OTHERS_TOLD &&
            say_event(t, &ev[i], line, sizeof line)) {
            append(t->guide.told, sizeof t->guide.told, line);
            append(t->guide.told, sizeof t->guide.told,
                   _("From here on the others' captures are told above the hand without "
                     "stopping; the guide stops for what is new."));
            continue;
        }
        bool cut = ev[i].type == EV_CUT || ev[i].type == EV_CUT_WON, inline_cut = false;
        if (ev[i].type == EV_CUT && !t->guide.cutting) {
            say_cut_begins(t, &ev[i], n - i, line, sizeof line);
            append(t->guide.told, sizeof t->guide.told, line);
            append(t->guide.told, sizeof t->guide.told, ""); /* the cards on a line of their own */
            inline_cut = true;
        }
        inline_cut = inline_cut || (cut && t->guide.cutting);
        t->guide.cutting = ev[i].type == EV_CUT || (t->guide.cutting && ev[i].type != EV_CUT_WON);
        if (say_event(t, &ev[i], line, sizeof line) ||
            say_event_more(t, &ev[i], line, sizeof line)) {
            append_inline(t->guide.told, sizeof t->guide.told, line, inline_cut);
        }
        t->guide.counted = t->guide.counted || ev[i].type == EV_ROUND_SCORED;
    }
    stakes_say(t);
}

/* The step's button focused once the prompt has laid it out. */
static void guide_focus_button(TableState *t)
{
    if (t->guide.button > 0 && ui_find(&t->ui, t->guide.button) != NULL) {
        ui_focus(&t->ui, t->guide.button);
        t->focus_in_ui = t->ui.focus == t->guide.button;
        t->guide.button = 0;
    }
}

bool table_guide_holds(App *app, TableState *t)
{
    if (!t->guide.on) {
        return false;
    }
    guide_focus_button(t);
    if (t->guide.auto_steps > 0) {
        table_guide_auto(app, t);
        app->ticking = true; /* the next steps follow without input */
    }
    if (!t->guide.hold) {
        if (t->guide.counted && t->guide.told[0] == '\0') { /* the moments first, then the count */
            say_count(t, t->guide.told, sizeof t->guide.told);
            t->guide.counted = false;
        }
        if (t->guide.told[0] != '\0') {
            snprintf(t->guide.text, sizeof t->guide.text, "%s", t->guide.told);
            t->guide.told[0] = '\0';
            t->guide.why[0] = '\0';
            t->guide.hold = true;
        } else if (table_viewer_decides(t) && guide_fresh_step(t) && t->hint_state != HINT_SHOWN) {
            guide_show_step(t);
            app->dirty = true;
        }
        if (t->guide.hold) {
            table_relayout(app, t);
            app->dirty = true;
        }
    }
    return t->guide.hold;
}

void table_guide_continue(App *app, TableState *t)
{
    if (!t->guide.on || !t->guide.hold) {
        return;
    }
    t->guide.hold = false;
    t->guide.continues++;
    t->guide.text[0] = '\0';
    t->guide.why[0] = '\0';
    t->guide.refusal[0] = '\0';
    t->hint_state = HINT_NONE;
    table_relayout(app, t);
    app->dirty = true;
}

bool table_guide_allows(App *app, TableState *t, const Move *m)
{
    if (!t->guide.on || m->type == MOVE_NEXT_ROUND) {
        return true;
    }
    char why[GUIDE_TEXT_MAX];
    if (t->guide.hold) {
        snprintf(why, sizeof why, "%s", _("First read the guide, then press Continue."));
    } else if (!guide_fresh_step(t) || move_equal(m, &t->guide.step.move)) {
        t->guide.refusal[0] = '\0';
        return true;
    } else {
        char reason[COACH_TEXT_MAX];
        coach_text(&t->guide.step, t->style, reason, sizeof reason);
        snprintf(why, sizeof why, _("The game allows that move, but the lesson is the lit one. %s"),
                 reason);
    }
    t->guide.refusals++;
    snprintf(t->guide.refusal, sizeof t->guide.refusal, "%s", why);
    snprintf(t->reason, sizeof t->reason, "%s",
             t->guide.hold ? _("First read the guide, then press Continue.")
                           : _("Not the guide's move: the panel says why."));
    t->reason_until = app->now + 4.0;
    app->dirty = true;
    return false;
}

void table_guide_refused(App *app, TableState *t, const char *why)
{
    if (t->guide.on) {
        app->toast[0] = '\0'; /* the panel says it, where the toast would cover the panel */
        t->guide.refusals++;
        snprintf(t->guide.refusal, sizeof t->guide.refusal, _("%s Try again."), why);
    }
}

bool table_guide_waits(const TableState *t)
{
    TablePhase phase = table_phase(t);
    return t->guide.on && !t->guide.hold && table_settled(t) && t->synced &&
           (phase == TP_AWAITING_PERSON || phase == TP_STOCK_TURN);
}

/* CEKI_LEARN_STEPS (screenshots): the next step made for the person, a
 * Continue or the guide's own move, once the table waits for it. */
void table_guide_auto(App *app, TableState *t)
{
    if (t->guide.hold) {
        t->guide.auto_steps--;
        table_guide_continue(app, t);
    } else if (table_guide_waits(t) && guide_fresh_step(t)) {
        t->guide.auto_steps--;
        Move m = t->guide.step.move;
        table_try_move(app, t, &m);
    }
}

/* ---- the panel ------------------------------------------------------------------------ */

float table_guide_width(const App *app, const TableState *t)
{
    return t->guide.on ? GUIDE_PANEL_W * app->ui : 0.0f;
}

SDL_Rect table_guide_panel(const App *app, const TableState *t)
{
    int w = (int)table_guide_width(app, t), m = app_px(app, GUIDE_MARGIN);
    return (SDL_Rect){app->width - w, m, w - m, app->height - 2 * m};
}

SDL_Rect table_guide_button(const App *app, const TableState *t)
{
    SDL_Rect p = table_guide_panel(app, t);
    int pad = app_px(app, GUIDE_PAD), h = app_px(app, GUIDE_BUTTON_H);
    return (SDL_Rect){p.x + pad, p.y + p.h - pad - h, p.w - 2 * pad, h};
}

/* The words in `area`, smaller until they fit (the overflow watch notes
 * what still does not). Returns the height used. */
static int guide_words(App *app, const char *words, SDL_Color c, SDL_Rect area, bool draw)
{
    TextStyle s = app_text_style(app, GUIDE_TEXT_PX, TEXT_REGULAR, c);
    const WordsFit fit = {GUIDE_SPACING, GUIDE_SHRINK, GUIDE_MIN_PX};
    int h = table_words_fit(app, words, &s, area, &fit);
    if (draw) {
        SDL_Rect box = {area.x, area.y, area.w, SDL_min(h, area.h)};
        text_draw_wrapped(app->text, app->renderer, words, &s, h > area.h ? area : box, TEXT_LEFT,
                          GUIDE_SPACING);
    }
    return SDL_min(h, area.h);
}

/* The panel's heading: the guide and the step's number. */
static void guide_title(App *app, const TableState *t, SDL_Rect at)
{
    TextStyle head = app_text_style(app, GUIDE_TITLE_PX, TEXT_BOLD, UI_GOLD);
    char title[120];
    snprintf(title, sizeof title, _("GUIDED GAME \xc2\xb7 STEP %d"),
             t->guide.steps + t->guide.continues + 1);
    text_draw_in(app->text, app->renderer, title, &head, at, TEXT_LEFT);
}

/* The words' heights in a column of `area`: what to do (or what happened)
 * first, then why and a refusal, each given at most its share of what is
 * left while the others need room. */
static void guide_column(App *app, const TableState *t, const char *main, SDL_Rect area)
{
    int gap = app_px(app, GUIDE_GAP);
    const char *parts[3] = {main, t->guide.why, t->guide.refusal};
    SDL_Color colours[3] = {UI_INK, UI_GOLD, UI_WARN};
    int n = 0;
    for (int i = 0; i < 3; i++) {
        n += parts[i][0] != '\0';
    }
    int y = area.y, bottom = area.y + area.h;
    for (int i = 0; i < 3; i++) {
        if (parts[i][0] == '\0') {
            continue;
        }
        /* Each part may take all that is left, less a share for those after it. */
        int after = --n;
        int room = bottom - y - after * (bottom - area.y) / (GUIDE_PARTS_SHARE * 3);
        SDL_Rect r = {area.x, y, area.w, SDL_max(0, room)};
        y += guide_words(app, parts[i], colours[i], r, true) + gap * 2;
    }
}

void table_guide_draw(App *app, TableState *t)
{
    if (!t->guide.on) {
        return;
    }
    SDL_Rect p = table_guide_panel(app, t);
    paint_round_rect(app->paint, app->renderer, p, app_px(app, 12), paint_rgba(0, 0, 0, 90));
    int pad = app_px(app, GUIDE_PAD), gap = app_px(app, GUIDE_GAP);
    SDL_Rect button = table_guide_button(app, t);
    SDL_Rect tr = {p.x + pad, p.y + pad, p.w - 2 * pad, app_px(app, 20)};
    guide_title(app, t, tr);
    int top = tr.y + tr.h + gap, bottom = button.y - gap;
    char status[400];
    const char *main = t->guide.text;
    if (main[0] == '\0') {
        table_status_text(t, status, sizeof status);
        main = status;
    }
    guide_column(app, t, main, (SDL_Rect){tr.x, top, tr.w, bottom - top});
}
