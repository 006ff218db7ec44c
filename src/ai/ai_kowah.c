/* ai_kowah.c — Kowah decisions (RULES.md §4) from a seat's observation: the
 * greedy level's hand-shape rule, which also plays everyone's moves in the
 * playouts, and the strong player's judgement of live winning copies
 * (contracts in ai_internal.h). */
#include <string.h>

#include "ai_internal.h"
#include "kowah.h"

/* ---- what the seat holds and knows ----------------------------------------- */

static void hand_counts(const Observation *o, uint8_t c[CARD_CEKI_KINDS])
{
    memset(c, 0, CARD_CEKI_KINDS);
    for (int i = 0; i < o->hand_count[o->seat]; i++) {
        if (card_is_ceki(o->hand[i]))
            c[o->hand[i]]++;
    }
}

/* Copies in the discard pile. */
static void seen_discarded(const Observation *o, uint8_t seen[CARD_CEKI_KINDS])
{
    memset(seen, 0, CARD_CEKI_KINDS);
    for (int i = 0; i < o->discard_count; i++) {
        if (card_is_ceki(o->discard[i]))
            seen[o->discard[i]]++;
    }
}

/* The greedy rule's copies out of reach: the discard pile and the others'
 * declared pairs. */
static void seen_plain(const Observation *o, uint8_t seen[CARD_CEKI_KINDS])
{
    seen_discarded(o, seen);
    for (int s = 0; s < o->players; s++) {
        if (s != o->seat && card_is_ceki(o->exposed[s]))
            seen[o->exposed[s]] += 2;
    }
}

/* The strong judgement's: the discard pile and every card the public
 * history puts in another hand (declared pairs included). */
static void seen_known(const Observation *o, uint8_t seen[CARD_CEKI_KINDS])
{
    seen_discarded(o, seen);
    for (int s = 0; s < o->players; s++) {
        for (int k = 0; s != o->seat && k < CARD_CEKI_KINDS; k++)
            seen[k] = (uint8_t)(seen[k] + o->history.hand[s][k]);
    }
}

static int live_copies(const uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS], int k)
{
    int live = AI_KOWAH_COPIES - c[k] - seen[k];
    return live > 0 ? live : 0;
}

static int find_move(const Move *moves, int n, MoveType type)
{
    for (int i = 0; i < n; i++) {
        if (moves[i].type == type)
            return i;
    }
    return -1;
}

/* ---- the greedy rule --------------------------------------------------------- */

/* The best shape after discarding one card from c (nine cards). */
static double best_after_discard(uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS],
                                 const Observation *o, Card *which)
{
    double best = -1e18;
    if (which)
        *which = CARD_NONE;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        double v = ai_kowah_shape(c, seen);
        c[k]++;
        /* Never hand a declared opponent its winning copy. */
        for (int s = 0; s < o->players; s++) {
            if (s != o->seat && o->exposed[s] == k)
                v -= 100.0;
        }
        if (v > best) {
            best = v;
            if (which)
                *which = (Card)k;
        }
    }
    return best;
}

/* Declare (it is the only way to win), showing the pair with the most live
 * winning copies: a pair whose other copies are gone waits in vain. */
static int greedy_declare(const uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS],
                          const Move *moves, int n)
{
    int pick = -1, best = -1;
    for (int i = 0; i < n; i++) {
        if (moves[i].type != MOVE_DECLARE || !card_is_ceki(moves[i].card))
            continue;
        Card k = moves[i].card;
        int live = AI_KOWAH_COPIES - c[k] - seen[k];
        if (live > best) {
            best = live;
            pick = i;
        }
    }
    return pick;
}

static int greedy_draw(const Observation *o, uint8_t c[CARD_CEKI_KINDS],
                       const uint8_t seen[CARD_CEKI_KINDS], const Move *moves, int n, bool guard)
{
    int stock = find_move(moves, n, MOVE_DRAW_STOCK);
    int discard = find_move(moves, n, MOVE_DRAW_DISCARD);
    if (discard < 0)
        return stock >= 0 ? stock : 0;
    if (stock < 0)
        return discard;
    Card top = o->discard_count > 0 ? o->discard[o->discard_count - 1] : CARD_NONE;
    if (!card_is_ceki(top) || (guard && o->idle_turns >= AI_KOWAH_IDLE_GUARD))
        return stock;
    if (o->exposed[o->seat] != CARD_NONE)
        return discard; /* declared: the discard is offered only when it wins */
    double now = ai_kowah_shape(c, seen);
    c[top]++;
    double with = best_after_discard(c, seen, o, NULL);
    c[top]--;
    return with > now + 0.5 ? discard : stock;
}

int ai_kowah_pick(const Observation *o, const Move *moves, int n, Rng *rng, bool guard)
{
    uint8_t c[CARD_CEKI_KINDS], seen[CARD_CEKI_KINDS];
    hand_counts(o, c);
    seen_plain(o, seen);
    int claim = find_move(moves, n, MOVE_CLAIM);
    if (claim >= 0)
        return claim; /* claim and win whenever possible */
    int pick = -1;
    switch (o->phase) {
    case PHASE_DECLARE: pick = greedy_declare(c, seen, moves, n); break;
    case PHASE_DRAW: pick = greedy_draw(o, c, seen, moves, n, guard); break;
    case PHASE_DISCARD: {
        Card which = CARD_NONE;
        best_after_discard(c, seen, o, &which);
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DISCARD && moves[i].card == which)
                pick = i;
        }
        break;
    }
    default: break;
    }
    return pick >= 0 ? pick : (int)rng_below(rng, (uint32_t)n);
}

/* ---- the strong judgement ----------------------------------------------------- */

/* Measured against two greedy players (3 players, 4,000 hands, seeds 1 and
 * 2, 36.8 % on average): a seat shown the true hands of the others (exact
 * live copies, nothing else changed) wins 37.8 % / 38.6 %, and one that also
 * knows the stock order (each move played out exactly to the end) 93 % of
 * 1,000 hands: what is missing is the stock order, not the card counting.
 * None of these moved the judgement beyond the noise (about 1 point):
 * weights of the acceptance and the shape x3 or /3, taking the discard on
 * its gain over the average stock draw, taking the discard to slow the
 * stock while an opponent waits (-3 points), not declaring a hand with one
 * live winning copy early in the hand, and a look ahead of 24 sampled
 * futures of the seat's own draws among the judgement's near-best discards
 * (-1 to +1 point; over all discards, -10 points). Later (2,000 hands,
 * seeds 9 and 1: 38.0 % / 36.9 % before): keeping back what the next
 * player would take from the discard pile, judged on 48 hands dealt to it
 * from the unseen cards around what its play showed, at a cost of 20 or 60
 * per certain take: 38.2 % / 36.7 % and 37.6 % / 36.3 %. A seat that sees
 * the other hands and plays each of its moves out in 64 futures of the
 * stock (the same for every move, greedy play after it) won 38.5 % of 200
 * hands. */

/* A checki hand with live winning copies, worth more with each copy. */
#define CHECKI_BASE 50.0
#define OUTS_WEIGHT 10.0
/* A hand short of checki: each missing card, each live copy that would
 * bring it nearer, and the greedy shape's tie-breaks. A checki hand whose
 * winning copies are all gone counts as one card short. */
#define MISSING_WEIGHT 100.0
#define ACCEPT_WEIGHT 1.0
#define SHAPE_WEIGHT 0.1
/* Discarding the kind a declared player shows hands it the win; one of its
 * rank may complete a hidden second pair (shape B). */
#define FEED_EXPOSED 1000.0
#define FEED_RANK 4.0
#define DRAW_MARGIN 0.5
#define RIVAL_OUTS 2.2

/* The eight cards of c (counts of an eight-card hand), in card order. */
static int counts_to_hand(const uint8_t c[CARD_CEKI_KINDS], Card hand[KOWAH_HAND])
{
    int m = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int j = 0; j < c[k] && m < KOWAH_HAND; j++)
            hand[m++] = (Card)k;
    }
    return m;
}

/* The declaration of an eight-card hand that waits on most live copies;
 * of equal ones, the one showing the kind with fewer live copies. *outs
 * gets the live winning copies (-1 when the hand is not checki). */
static Card best_declaration(const uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS],
                             int *outs)
{
    Card hand[KOWAH_HAND];
    bool decl[CARD_CEKI_KINDS];
    *outs = -1;
    if (counts_to_hand(c, hand) != KOWAH_HAND || kowah_declarations(hand, decl) == 0)
        return CARD_NONE;
    Card best = CARD_NONE;
    int best_key = -1;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        bool wins[CARD_CEKI_KINDS];
        if (!decl[k] || !kowah_winning_kinds(hand, (Card)k, wins))
            continue;
        int o = 0;
        for (int w = 0; w < CARD_CEKI_KINDS; w++)
            o += wins[w] ? live_copies(c, seen, w) : 0;
        int key = o * (AI_KOWAH_COPIES + 1) + (AI_KOWAH_COPIES - live_copies(c, seen, k));
        if (key > best_key) {
            best_key = key;
            best = (Card)k;
            *outs = o;
        }
    }
    return best;
}

/* The chance-like worth of a declared hand waiting on `outs` live copies
 * against two rivals still building (RIVAL_OUTS), scaled so that two
 * outs count 1. */
static double outs_worth(int outs)
{
    if (outs <= 0)
        return 0.0;
    double two = 2.0 / (2.0 + RIVAL_OUTS);
    return outs / (outs + RIVAL_OUTS) / two;
}

/* The most live winning copies of a checki hand c (nine cards) keeps after
 * one discard; -1 when none is checki. */
static int completion_outs(uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS])
{
    if (ai_kowah_missing(c) != 0)
        return -1;
    uint8_t gone[CARD_CEKI_KINDS];
    memcpy(gone, seen, CARD_CEKI_KINDS);
    int best = -1;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        gone[k]++;
        int outs = -1;
        best_declaration(c, gone, &outs);
        best = outs > best ? outs : best;
        gone[k]--;
        c[k]++;
    }
    return best;
}

/* Live copies that would bring an eight-card hand nearer to checki; one
 * card short, each weighed by the winning copies the checki hand it makes
 * would wait on. */
static double acceptance(uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS],
                         int missing)
{
    double total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int live = live_copies(c, seen, k);
        if (!live)
            continue;
        c[k]++;
        if (missing == 1)
            total += live * outs_worth(completion_outs(c, seen));
        else if (ai_kowah_missing(c) < missing)
            total += live;
        c[k]--;
    }
    return total;
}

/* The worth of an eight-card hand to its owner: a checki hand by its live
 * winning copies (any of them beats every hand still short of checki);
 * otherwise the cards missing, then the live copies that would bring it
 * nearer, then the greedy shape's tie-breaks. */
static double strong_value(uint8_t c[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS])
{
    int missing = ai_kowah_missing(c);
    if (missing == 0) {
        int outs = 0;
        best_declaration(c, seen, &outs);
        if (outs > 0)
            return CHECKI_BASE + OUTS_WEIGHT * outs;
        missing = 1; /* every winning copy is gone */
    }
    return -MISSING_WEIGHT * missing + ACCEPT_WEIGHT * acceptance(c, seen, missing) +
           SHAPE_WEIGHT * ai_kowah_shape(c, seen);
}

/* What discarding kind k gives the declared players. */
static double feeding(const Observation *o, int k)
{
    double cost = 0.0;
    for (int s = 0; s < o->players; s++) {
        Card e = o->exposed[s];
        if (s == o->seat || !card_is_ceki(e))
            continue;
        if (e == k)
            cost += FEED_EXPOSED;
        else if (card_rank(e) == card_rank((Card)k))
            cost += FEED_RANK;
    }
    return cost;
}

/* The best discard from c (nine cards) and what the hand is then worth. */
static double strong_discard(const Observation *o, uint8_t c[CARD_CEKI_KINDS],
                             const uint8_t seen[CARD_CEKI_KINDS], Card *which)
{
    double best = -1e18;
    *which = CARD_NONE;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        double v = strong_value(c, seen) - feeding(o, k);
        c[k]++;
        if (v > best) {
            best = v;
            *which = (Card)k;
        }
    }
    return best;
}

static int strong_draw(const Observation *o, uint8_t c[CARD_CEKI_KINDS],
                       const uint8_t seen[CARD_CEKI_KINDS], const Move *moves, int n)
{
    int stock = find_move(moves, n, MOVE_DRAW_STOCK);
    int discard = find_move(moves, n, MOVE_DRAW_DISCARD);
    if (discard < 0 || stock < 0)
        return discard < 0 ? stock : discard;
    Card top = o->discard[o->discard_count - 1];
    if (o->exposed[o->seat] != CARD_NONE)
        return discard; /* declared: the discard is offered only when it wins */
    if (!card_is_ceki(top))
        return stock;
    Card which = CARD_NONE;
    double now = strong_value(c, seen);
    c[top]++;
    double with = strong_discard(o, c, seen, &which);
    c[top]--;
    return with > now + DRAW_MARGIN ? discard : stock;
}

int ai_kowah_pick_strong(const Observation *o, const Move *moves, int n)
{
    uint8_t c[CARD_CEKI_KINDS], seen[CARD_CEKI_KINDS];
    hand_counts(o, c);
    seen_known(o, seen);
    int pick = find_move(moves, n, MOVE_CLAIM);
    if (pick >= 0)
        return pick;
    Card which = CARD_NONE;
    switch (o->phase) {
    case PHASE_DECLARE: {
        int outs = 0;
        which = best_declaration(c, seen, &outs);
        if (outs <= 0) /* every winning copy is gone: keep the hand free */
            return find_move(moves, n, MOVE_PASS) >= 0 ? find_move(moves, n, MOVE_PASS) : 0;
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DECLARE && moves[i].card == which)
                return i;
        }
        return 0;
    }
    case PHASE_DRAW: return strong_draw(o, c, seen, moves, n);
    case PHASE_DISCARD:
        strong_discard(o, c, seen, &which);
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DISCARD && moves[i].card == which)
                return i;
        }
        return 0;
    default: return 0;
    }
}
