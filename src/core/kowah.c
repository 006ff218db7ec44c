/* kowah.c — the Kowah engine (RULES.md §4) behind the Game API, the
 * checki analysis of kowah.h and its query of why a hand ended.
 *
 * A hand: the dealer rotates clockwise (to the next seat; the first dealer is
 * the last seat, so seat 0 starts), deals eight cards to each player and
 * leaves the rest as the stock. On a turn the player draws (the stock, or the
 * top of the discard pile when there is one), then discards one card. A
 * player whose eight cards are then checki may declare (MOVE_DECLARE with the
 * pair's kind) or not (MOVE_PASS). Cards open to claims are offered to each
 * declared player they would win for, one at a time in play order after the
 * drawer or discarder (MOVE_CLAIM or MOVE_PASS); the first claim wins.
 *
 * Readings (RULES.md is silent):
 * - A stock draw is shown to all while any other player has declared (the
 *   source: once someone has declared, an opponent's stock draws are shown).
 * - A declared player draws from the stock; it takes the discard top only
 *   when that card wins (a claim it passed earlier); a drawn card that does
 *   not win is the only card it may discard.
 * - A declared player's own draw wins at once, before anyone else could
 *   claim it.
 * - The discarder decides on declaring before the others decide on claiming
 *   the discard.
 * - "The stock runs out": the hand ends, with no winner, when a turn should
 *   begin and the stock is empty. The last stock card can still win, and the
 *   discard after it can still be claimed.
 * - Players who keep taking the discard top never empty the stock, so the
 *   hand could go on for ever: it also ends with no winner when a turn should
 *   begin after KOWAH_MAX_IDLE_TURNS turns in a row begun with the discard.
 * - A match is GameConfig.rounds hands (dealt hands, won or not); the most
 *   hands won wins the match, equal tops share; a match in which no hand was
 *   won has no winner.
 */
#include "kowah.h"
#include "status.h"

#include <string.h>

#include "game_internal.h"

/* ---- checki analysis ------------------------------------------------------ */

static bool checki_counts(const Card hand[KOWAH_HAND], int c[CARD_CEKI_KINDS])
{
    memset(c, 0, sizeof(int) * CARD_CEKI_KINDS);
    for (int i = 0; i < KOWAH_HAND; i++) {
        if (!card_is_ceki(hand[i]))
            return false;
        c[hand[i]]++;
    }
    return true;
}

/* Ceki's rank classes are 1..CHECKI_TOP_RANK; a triplet is CHECKI_TRIPLET
 * cards of one class. */
enum { CHECKI_TOP_RANK = 9, CHECKI_TRIPLET = 3 };

/* Rank-class counts of what is left, ranks 1..9. */
static void checki_ranks(const int c[CARD_CEKI_KINDS], int r[CHECKI_TOP_RANK + 1])
{
    memset(r, 0, sizeof(int) * (CHECKI_TOP_RANK + 1));
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        r[card_rank((Card)k)] += c[k];
}

/* Shape A with `pair` as the identical pair: the other six cards make two
 * triplets, i.e. every rank holds 0, 3 or 6 of them. */
static bool checki_shape_a(const int c[CARD_CEKI_KINDS], int pair)
{
    if (c[pair] < 2)
        return false;
    int left[CARD_CEKI_KINDS];
    memcpy(left, c, sizeof left);
    left[pair] -= 2;
    int r[CHECKI_TOP_RANK + 1];
    checki_ranks(left, r);
    for (int i = 1; i <= CHECKI_TOP_RANK; i++) {
        if (r[i] % CHECKI_TRIPLET != 0)
            return false;
    }
    return true;
}

/* Shape B with pairs p, q (p <= q) and fifth card f, all of one rank, f
 * identical to neither: the other three cards are one triplet. */
static bool checki_shape_b(const int c[CARD_CEKI_KINDS], int p, int q, int f)
{
    if (f == p || f == q || card_rank((Card)p) != card_rank((Card)q) ||
        card_rank((Card)p) != card_rank((Card)f))
        return false;
    int left[CARD_CEKI_KINDS];
    memcpy(left, c, sizeof left);
    left[p] -= 2;
    left[q] -= 2;
    left[f] -= 1;
    if (left[p] < 0 || left[q] < 0 || left[f] < 0)
        return false;
    int r[CHECKI_TOP_RANK + 1];
    checki_ranks(left, r);
    for (int i = 1; i <= CHECKI_TOP_RANK; i++) {
        if (r[i] != 0 && r[i] != CHECKI_TRIPLET)
            return false;
    }
    return true;
}

/* decl[k]: k may be declared; win[k][j]: with k declared, a copy of j wins. */
static int checki_analyse(const Card hand[KOWAH_HAND], bool decl[CARD_CEKI_KINDS],
                          uint32_t win[CARD_CEKI_KINDS])
{
    int c[CARD_CEKI_KINDS];
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        decl[k] = false;
        win[k] = 0;
    }
    if (!hand || !checki_counts(hand, c))
        return 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (checki_shape_a(c, k)) {
            decl[k] = true;
            win[k] |= 1u << k;
        }
    }
    for (int p = 0; p < CARD_CEKI_KINDS; p++) {
        if (c[p] < 2)
            continue;
        for (int q = p; q < CARD_CEKI_KINDS; q++) {
            if (c[q] < 2 || card_rank((Card)q) != card_rank((Card)p))
                continue;
            for (int f = 0; f < CARD_CEKI_KINDS; f++) {
                if (c[f] == 0 || !checki_shape_b(c, p, q, f))
                    continue;
                decl[p] = decl[q] = true;
                win[p] |= 1u << p | 1u << q;
                win[q] |= 1u << p | 1u << q;
            }
        }
    }
    int n = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        n += decl[k];
    return n;
}

bool kowah_is_checki(const Card hand[KOWAH_HAND])
{
    return kowah_declarations(hand, NULL) > 0;
}

int kowah_declarations(const Card hand[KOWAH_HAND], bool declare[CARD_CEKI_KINDS])
{
    bool decl[CARD_CEKI_KINDS];
    uint32_t win[CARD_CEKI_KINDS];
    int n = checki_analyse(hand, decl, win);
    if (declare)
        memcpy(declare, decl, sizeof decl);
    return n;
}

bool kowah_winning_kinds(const Card hand[KOWAH_HAND], Card pair, bool wins[CARD_CEKI_KINDS])
{
    bool decl[CARD_CEKI_KINDS];
    uint32_t win[CARD_CEKI_KINDS];
    checki_analyse(hand, decl, win);
    bool ok = card_is_ceki(pair) && decl[pair];
    for (int k = 0; wins && k < CARD_CEKI_KINDS; k++)
        wins[k] = ok && (win[pair] >> k & 1u);
    return ok;
}

bool kowah_checki_waits(const Card hand[KOWAH_HAND], bool waits[CARD_CEKI_KINDS])
{
    bool decl[CARD_CEKI_KINDS];
    uint32_t win[CARD_CEKI_KINDS];
    int n = checki_analyse(hand, decl, win);
    uint32_t any = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        any |= decl[k] ? win[k] : 0;
    int c[CARD_CEKI_KINDS] = {0};
    if (n > 0)
        checki_counts(hand, c);
    for (int k = 0; waits && k < CARD_CEKI_KINDS; k++)
        waits[k] = (any >> k & 1u) && c[k] < 4;
    return n > 0;
}

/* ---- hands and the discard pile -------------------------------------------- */

static void hand_add(Game *g, int seat, Card c)
{
    Card *h = g->hand[seat];
    int i = g->hand_n[seat]++;
    while (i > 0 && h[i - 1] > c) {
        h[i] = h[i - 1];
        i--;
    }
    h[i] = c;
}

static bool hand_remove(Game *g, int seat, Card c)
{
    Card *h = g->hand[seat];
    for (int i = 0; i < g->hand_n[seat]; i++) {
        if (h[i] == c) {
            memmove(h + i, h + i + 1, (size_t)(g->hand_n[seat] - i - 1));
            g->hand_n[seat]--;
            return true;
        }
    }
    return false;
}

static bool hand_holds(const Game *g, int seat, Card c)
{
    for (int i = 0; i < g->hand_n[seat]; i++) {
        if (g->hand[seat][i] == c)
            return true;
    }
    return false;
}

static Card discard_top(const Game *g)
{
    const KowahState *k = &g->kowah;
    return k->discard_n > 0 ? k->discard[k->discard_n - 1] : CARD_NONE;
}

static bool declared(const Game *g, int seat)
{
    return g->kowah.exposed[seat] != CARD_NONE;
}

static bool wins_with(const Game *g, int seat, Card c)
{
    return declared(g, seat) && card_is_ceki(c) && (g->kowah.wins[seat] >> c & 1u);
}

/* The first declared seat after `from` (in play order, `from` excluded),
 * starting after `after`, for whom c wins; -1 if none. */
static int next_claimant(const Game *g, int from, int after, Card c)
{
    int start = ((after - from) % g->n + g->n) % g->n; /* steps from `from` already asked */
    for (int step = start + 1; step < g->n; step++) {
        int s = (from + step) % g->n;
        if (wins_with(g, s, c))
            return s;
    }
    return -1;
}

/* ---- hands and the match ---------------------------------------------------- */

static void start_hand(Game *g)
{
    KowahState *k = &g->kowah;
    g->round++;
    g->dealer = g->round == 1 ? g->n - 1 : (g->dealer + 1) % g->n;
    g->starter = (g->dealer + 1) % g->n;
    game_clear_seats(g);
    for (int s = 0; s < g->n; s++) {
        g->role[s] = s == g->dealer ? ROLE_DEALER : ROLE_NONE;
        k->exposed[s] = CARD_NONE;
        k->wins[s] = 0;
    }
    game_event(g, EV_ROLE, g->dealer, CARD_NONE, CARD_NONE, ROLE_DEALER);
    game_event(g, EV_ROUND_START, g->dealer, CARD_NONE, CARD_NONE, g->round);
    g->pool_n = 0;
    g->aside_n = 0;
    g->turned = CARD_NONE;
    g->stock_last_public = CARD_NONE;
    k->discard_n = 0;
    k->drawn = CARD_NONE;
    k->shown_draw = CARD_NONE;
    k->offered = CARD_NONE;
    k->offer_from = -1;
    k->offer_is_discard = false;
    k->winner = -1;
    k->idle_turns = 0;
    game_public_reset(g);

    Card deck[CEKI_MAX_DECK];
    int n = g->deck_n;
    memcpy(deck, g->deck, (size_t)n);
    rng_shuffle(&g->rng, deck, n);
    int top = n;
    for (int i = 0; i < KOWAH_HAND; i++) {
        for (int j = 0; j < g->n; j++) {
            int s = (g->starter + j) % g->n;
            Card c = deck[--top];
            hand_add(g, s, c);
            game_event(g, EV_DEAL_HAND, s, c, CARD_NONE, 0);
        }
    }
    memcpy(g->stock, deck, (size_t)top);
    g->stock_n = top;
    game_event(g, EV_DEAL_STOCK, -1, CARD_NONE, CARD_NONE, top);

    k->turn_seat = g->starter;
    g->to_move = g->starter;
    g->phase = PHASE_DRAW;
}

static void end_hand(Game *g)
{
    g->phase = PHASE_ROUND_OVER;
    g->to_move = (g->dealer + 1) % g->n; /* the next dealer */
    if (g->round < g->cfg.rounds)
        return;
    int best = 0;
    for (int s = 0; s < g->n; s++)
        best = g->match_score[s] > best ? g->match_score[s] : best;
    for (int s = 0; s < g->n; s++)
        g->match_winner[s] = best > 0 && g->match_score[s] == best;
    game_end_match(g);
}

static void win_hand(Game *g, int seat, Card c)
{
    g->kowah.winner = seat;
    g->kowah.offered = CARD_NONE;
    g->kowah.shown_draw = CARD_NONE;
    for (int s = 0; s < g->n; s++) {
        g->round_score[s] = s == seat;
        g->round_winner[s] = s == seat;
        game_event(g, EV_ROUND_SCORED, s, CARD_NONE, CARD_NONE, g->round_score[s]);
    }
    g->match_score[seat]++;
    game_event(g, EV_ROUND_WON, seat, c, CARD_NONE, g->match_score[seat]);
    end_hand(g);
}

/* Whether the hand must end with no winner as a turn begins, and why: the
 * stock is out, or too many turns in a row began with the discard top. */
static KowahHandEnd dry_hand(const Game *g)
{
    if (g->stock_n == 0)
        return KOWAH_HAND_STOCK_OUT;
    if (g->kowah.idle_turns >= KOWAH_MAX_IDLE_TURNS)
        return KOWAH_HAND_IDLE;
    return KOWAH_HAND_NOT_OVER;
}

/* The turn of `seat` is over: the next seat draws, unless the stock is out. */
static void next_turn(Game *g, int seat)
{
    KowahState *k = &g->kowah;
    g->turns_taken[seat]++;
    k->drawn = CARD_NONE;
    k->shown_draw = CARD_NONE;
    k->offered = CARD_NONE;
    k->offer_from = -1;
    if (dry_hand(g) != KOWAH_HAND_NOT_OVER) {
        for (int s = 0; s < g->n; s++)
            game_event(g, EV_ROUND_SCORED, s, CARD_NONE, CARD_NONE, 0);
        game_event(g, EV_HAND_DRAWN, -1, CARD_NONE, CARD_NONE, g->round);
        end_hand(g);
        return;
    }
    k->turn_seat = (seat + 1) % g->n;
    g->to_move = k->turn_seat;
    g->phase = PHASE_DRAW;
}

/* Offers c (drawn or discarded by `from`) to the declared seats it wins for;
 * false when there is no one to ask. */
static bool offer(Game *g, int from, Card c, bool is_discard)
{
    int q = next_claimant(g, from, from, c);
    if (q < 0)
        return false;
    KowahState *k = &g->kowah;
    k->offered = c;
    k->offer_from = from;
    k->offer_is_discard = is_discard;
    g->phase = PHASE_CLAIM;
    g->to_move = q;
    return true;
}

/* After the discard (and the decision on declaring): claims, then the next turn. */
static void after_discard(Game *g, int seat)
{
    if (!offer(g, seat, discard_top(g), true))
        next_turn(g, seat);
}

void kowah_start_match(Game *g)
{
    g->round = 0;
    g->dealer = -1;
    g->starter = 0;
    g->match_over = false;
    for (int s = 0; s < g->n; s++) {
        g->match_score[s] = 0;
        g->match_winner[s] = false;
    }
    start_hand(g);
}

/* ---- moves ------------------------------------------------------------------ */

int kowah_legal_moves(const Game *g, Move *out, int cap)
{
    const KowahState *k = &g->kowah;
    int seat = g->to_move;
    int n = 0;
#define PUSH(type_, card_)                                                                         \
    do {                                                                                           \
        if (n < cap)                                                                               \
            out[n] = (Move){.type = (uint8_t)(type_),                                              \
                            .seat = (uint8_t)seat,                                                 \
                            .card = (card_),                                                       \
                            .target = CARD_NONE};                                                  \
        n++;                                                                                       \
    } while (0)
    switch (g->phase) {
    case PHASE_DRAW:
        if (g->stock_n > 0)
            PUSH(MOVE_DRAW_STOCK, CARD_NONE);
        if (k->discard_n > 0 && (!declared(g, seat) || wins_with(g, seat, discard_top(g))))
            PUSH(MOVE_DRAW_DISCARD, CARD_NONE);
        break;
    case PHASE_DISCARD:
        if (declared(g, seat)) {
            PUSH(MOVE_DISCARD, k->drawn);
        } else {
            /* Each kind once, in card order (a determinized hand may be unsorted). */
            bool held[CARD_CEKI_KINDS] = {false};
            for (int i = 0; i < g->hand_n[seat]; i++) {
                if (card_is_ceki(g->hand[seat][i]))
                    held[g->hand[seat][i]] = true;
            }
            for (int c = 0; c < CARD_CEKI_KINDS; c++) {
                if (held[c])
                    PUSH(MOVE_DISCARD, (Card)c);
            }
        }
        break;
    case PHASE_DECLARE: {
        bool decl[CARD_CEKI_KINDS];
        kowah_declarations(g->hand[seat], decl);
        for (int c = 0; c < CARD_CEKI_KINDS; c++) {
            if (decl[c])
                PUSH(MOVE_DECLARE, (Card)c);
        }
        PUSH(MOVE_PASS, CARD_NONE);
        break;
    }
    case PHASE_CLAIM:
        PUSH(MOVE_CLAIM, k->offered);
        PUSH(MOVE_PASS, CARD_NONE);
        break;
    default: break;
    }
#undef PUSH
    return n;
}

const char *kowah_explain_illegal(const Game *g, const Move *m)
{
    const KowahState *k = &g->kowah;
    int seat = g->to_move;
    switch (g->phase) {
    case PHASE_DRAW:
        if (m->type == MOVE_DRAW_DISCARD) {
            if (k->discard_n == 0)
                return N_("The discard pile is empty: draw from the stock.");
            return N_("After declaring checki you take the discard only when it wins; draw from "
                      "the stock.");
        }
        return N_("Draw a card first, from the stock or the discard pile.");
    case PHASE_DISCARD:
        if (m->type != MOVE_DISCARD)
            return N_("Discard a card to end your turn.");
        if (!hand_holds(g, seat, m->card))
            return N_("That card is not in your hand.");
        return N_("Your hand is declared: discard the card you drew.");
    case PHASE_DECLARE:
        if (m->type == MOVE_DECLARE)
            return N_("That is not an identical pair you can show for this checki hand.");
        return N_("Declare checki by showing a pair, or pass.");
    case PHASE_CLAIM:
        if (m->type == MOVE_CLAIM)
            return N_("Only the card on offer can be claimed.");
        return N_("Claim the card to win, or pass.");
    default: return N_("That is not possible now.");
    }
}

/* MOVE_DRAW_STOCK: the top of the stock, which wins at once, is offered to
 * claims or leaves the drawer to discard. */
static void apply_draw_stock(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    int seat = m->seat;
    Card c = g->stock[--g->stock_n];
    hand_add(g, seat, c);
    k->drawn = c;
    k->idle_turns = 0;
    if (wins_with(g, seat, c)) {
        game_public_add(g, PUB_DRAW, seat, c, CARD_NONE, 0); /* it wins: shown */
        game_event(g, EV_DRAWN, seat, c, CARD_NONE, 0);
        win_hand(g, seat, c);
        return;
    }
    bool shown = false;
    for (int s = 0; s < g->n; s++)
        shown = shown || (s != seat && declared(g, s));
    k->shown_draw = shown ? c : CARD_NONE;
    game_public_add(g, PUB_DRAW, seat, k->shown_draw, CARD_NONE, 0);
    game_event(g, EV_DRAWN, seat, k->shown_draw, CARD_NONE, 0);
    if (!offer(g, seat, c, false)) {
        g->phase = PHASE_DISCARD;
        g->to_move = seat;
    }
}

/* MOVE_DRAW_DISCARD: the discard top, which wins at once or leaves the
 * drawer to discard. */
static void apply_draw_discard(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    int seat = m->seat;
    Card c = k->discard[--k->discard_n];
    hand_add(g, seat, c);
    k->drawn = c;
    k->shown_draw = CARD_NONE;
    k->idle_turns++;
    game_public_add(g, PUB_TAKE_DISCARD, seat, c, CARD_NONE, 0);
    game_event(g, EV_DRAWN, seat, c, CARD_NONE, 1);
    if (wins_with(g, seat, c)) {
        win_hand(g, seat, c);
        return;
    }
    g->phase = PHASE_DISCARD;
    g->to_move = seat;
}

/* MOVE_DISCARD: the card onto the pile; a checki hand may then declare. */
static void apply_discard(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    int seat = m->seat;
    hand_remove(g, seat, m->card);
    k->discard[k->discard_n++] = m->card;
    k->drawn = CARD_NONE;
    k->shown_draw = CARD_NONE;
    game_public_add(g, PUB_DISCARD, seat, m->card, CARD_NONE, 0);
    game_event(g, EV_DISCARDED, seat, m->card, CARD_NONE, 0);
    if (!declared(g, seat) && kowah_is_checki(g->hand[seat])) {
        g->phase = PHASE_DECLARE;
        g->to_move = seat;
    } else {
        after_discard(g, seat);
    }
}

/* MOVE_DECLARE: the pair exposed and the kinds that now win kept. */
static void apply_declare(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    int seat = m->seat;
    bool wins[CARD_CEKI_KINDS];
    kowah_winning_kinds(g->hand[seat], m->card, wins);
    k->exposed[seat] = m->card;
    k->wins[seat] = 0;
    for (int c = 0; c < CARD_CEKI_KINDS; c++)
        k->wins[seat] |= wins[c] ? 1u << c : 0;
    game_public_add(g, PUB_DECLARE, seat, m->card, CARD_NONE, 0);
    game_event(g, EV_DECLARED, seat, m->card, CARD_NONE, 0);
    after_discard(g, seat);
}

/* MOVE_PASS: not declaring goes on to the claims; not claiming asks the
 * next declared seat, else play goes on. */
static void apply_pass(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    if (g->phase == PHASE_DECLARE) {
        after_discard(g, m->seat);
        return;
    }
    int q = next_claimant(g, k->offer_from, m->seat, k->offered);
    if (q >= 0) {
        g->to_move = q;
    } else if (k->offer_is_discard) {
        next_turn(g, k->offer_from);
    } else {
        k->offered = CARD_NONE;
        g->phase = PHASE_DISCARD;
        g->to_move = k->turn_seat;
    }
}

/* MOVE_CLAIM: the card on offer taken, and the hand won with it. */
static void apply_claim(Game *g, const Move *m)
{
    KowahState *k = &g->kowah;
    int seat = m->seat;
    Card c = k->offered;
    int from = k->offer_from;
    if (k->offer_is_discard)
        k->discard_n--;
    else
        hand_remove(g, from, c);
    hand_add(g, seat, c);
    game_public_add(g, PUB_CLAIM, seat, c, (Card)from, k->offer_is_discard ? PUB_FLAG_DISCARD : 0);
    game_event(g, EV_CLAIMED, seat, c, (Card)from, k->offer_is_discard ? 1 : 0);
    win_hand(g, seat, c);
}

/* MOVE_NEXT_ROUND: the next hand dealt. */
static void apply_next_round(Game *g, const Move *m)
{
    (void)m;
    start_hand(g);
}

/* Kowah's moves, each with what it does; other types do nothing. */
static void (*const kowah_moves[MOVE_PASS + 1])(Game *g, const Move *m) = {
    [MOVE_DRAW_STOCK] = apply_draw_stock,
    [MOVE_DRAW_DISCARD] = apply_draw_discard,
    [MOVE_DISCARD] = apply_discard,
    [MOVE_DECLARE] = apply_declare,
    [MOVE_PASS] = apply_pass,
    [MOVE_CLAIM] = apply_claim,
    [MOVE_NEXT_ROUND] = apply_next_round,
};

void kowah_apply(Game *g, const Move *m)
{
    if (m->type < sizeof kowah_moves / sizeof kowah_moves[0] && kowah_moves[m->type] != NULL)
        kowah_moves[m->type](g, m);
}

KowahHandEnd kowah_hand_end(const Game *g)
{
    if (!g || g->v->engine != ENGINE_KOWAH ||
        (g->phase != PHASE_ROUND_OVER && g->phase != PHASE_MATCH_OVER))
        return KOWAH_HAND_NOT_OVER;
    return g->kowah.winner >= 0 ? KOWAH_HAND_WON : dry_hand(g);
}

void kowah_observe(const Game *g, int seat, Observation *out)
{
    const KowahState *k = &g->kowah;
    if (seat >= 0)
        memcpy(out->hand, g->hand[seat], (size_t)g->hand_n[seat]);
    memcpy(out->discard, k->discard, (size_t)k->discard_n);
    out->discard_count = k->discard_n;
    for (int s = 0; s < g->n; s++)
        out->exposed[s] = k->exposed[s];
    out->shown_draw = k->shown_draw;
    out->drawn = seat >= 0 && seat == k->turn_seat ? k->drawn : CARD_NONE;
    out->idle_turns = k->idle_turns;
}
