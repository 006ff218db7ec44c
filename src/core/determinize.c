/* determinize.c — game_determinize (game.h): a copy of a game in which every
 * card a seat cannot see is dealt again at random.
 *
 * What the seat cannot see (RULES.md §5): the other players' hands, the stock
 * order, the face-down captured piles of the others and the cards set aside.
 * What stays where it is, because the seat knows it:
 * - its own hand, the pool, every face-up captured pile, the turned card;
 * - Pèi's turned-up last stock card (stock[0], drawn last) while the stock
 *   still holds it, and the seat's own private peek at stock[peek_depth-1];
 * - Kowah: the discard pile.
 * The public history of the round (game.h, RULES.md §5 Decision) says more:
 * - every card seen going into a face-down pile stays in that pile (every
 *   capture is made face up, so in practice the whole pile); what it does not
 *   name is dealt again as captures of one rank each (identical cards where
 *   the variant matches only those);
 * - Kowah: a card known to be in a hand (taken from the discard, a shown
 *   draw, the declared pair) stays in that hand; a declared hand is dealt
 *   again as a checki hand in which the exposed kind can be declared and that
 *   holds those known cards (its winning kinds follow from it).
 *
 * game_determinize_believing also takes a computer player's belief about
 * the others' hands (kinds a seat is taken not to hold); the shuffled cards
 * are then swapped, slot by slot, until each hand holds none it is believed
 * not to hold, as far as the unseen cards allow.
 *
 * How: the hidden cards are counted by kind (so only their multiset matters,
 * never how they really lie), an Rng seeded from `seed` deals the structured
 * parts first (face-down piles pair by pair, declared Kowah hands shape by
 * shape, each choice weighted by the number of ways the unseen cards allow),
 * then shuffles the rest into the remaining slots in a fixed order. Other
 * players' private peeks are rewritten to the card now at their depth, the
 * game's own Rng is reseeded (so the next deal does not leak the real one),
 * the config seed is replaced, and the copy keeps neither history nor events.
 */
#include <string.h>

#include "game_internal.h"
#include "kowah.h"

static bool pile_visible_to(const Game *g, int owner, int seat)
{
    if (owner == seat || g->v->captured_face_up)
        return true;
    return (g->v->options & OPTION_FACE_UP) && (g->cfg.options & OPTION_FACE_UP);
}

/* ---- the unseen cards as counts ----------------------------------------- */

typedef struct Unseen {
    int count[CARD_KIND_LIMIT];
    int by_rank[16];               /* unseen cards per rank class */
    uint8_t rank[CARD_KIND_LIMIT]; /* card_rank of each kind, 0 for none */
    int lo, hi;                    /* the kinds of the deck lie in [lo, hi) */
    uint8_t of_rank[16][6];        /* the kinds of each rank class */
    int nof_rank[16];
    int total;
} Unseen;

static void unseen_init(Unseen *u, const Game *g)
{
    memset(u, 0, sizeof *u);
    bool french = g->v->deck == DECK_FRENCH_NO_KINGS;
    u->lo = french ? CARD_FRENCH_FIRST : 0;
    u->hi = french ? CARD_FRENCH_END : CARD_CEKI_KINDS;
    for (int k = u->lo; k < u->hi; k++) {
        int r = card_rank((Card)k);
        u->rank[k] = (uint8_t)r;
        if (r > 0 && r < 16 && u->nof_rank[r] < 6)
            u->of_rank[r][u->nof_rank[r]++] = (uint8_t)k;
    }
}

static void unseen_add(Unseen *u, Card c)
{
    if (c >= u->lo && c < u->hi) {
        u->count[c]++;
        u->by_rank[u->rank[c]]++;
        u->total++;
    }
}

/* Every card still unseen, shuffled into out; how many. */
static int unseen_shuffled(const Unseen *u, Rng *rng, Card out[CEKI_MAX_DECK])
{
    int n = 0;
    for (int x = u->lo; x < u->hi; x++) {
        for (int j = 0; j < u->count[x]; j++)
            out[n++] = (Card)x;
    }
    rng_shuffle(rng, out, n);
    return n;
}

static Card unseen_remove(Unseen *u, int k)
{
    u->count[k]--;
    u->by_rank[u->rank[k]]--;
    u->total--;
    return (Card)k;
}

/* Removes and returns one card chosen uniformly among the unseen cards of a
 * rank class (or of any rank for -1); CARD_NONE if there is none. */
static Card unseen_take(Unseen *u, Rng *rng, int rank)
{
    int n = rank < 0 ? u->total : u->by_rank[rank];
    if (n <= 0)
        return CARD_NONE;
    int i = (int)rng_below(rng, (uint32_t)n);
    if (rank >= 0) {
        for (int j = 0; j < u->nof_rank[rank]; j++) {
            int k = u->of_rank[rank][j];
            if (i < u->count[k])
                return unseen_remove(u, k);
            i -= u->count[k];
        }
        return CARD_NONE;
    }
    for (int k = u->lo; k < u->hi; k++) {
        if (i < u->count[k])
            return unseen_remove(u, k);
        i -= u->count[k];
    }
    return CARD_NONE;
}

static Card unseen_take_kind(Unseen *u, Card k)
{
    if (k >= CARD_KIND_LIMIT || u->count[k] == 0)
        return CARD_NONE;
    return unseen_remove(u, k);
}

static int unseen_rank(const Unseen *u, int rank)
{
    return rank >= 0 && rank < 16 ? u->by_rank[rank] : 0;
}

static double choose2(int n)
{
    return n >= 2 ? n * (n - 1) / 2.0 : 0.0;
}

/* A uniform double in [0, 1). */
static double rng_unit(Rng *rng)
{
    return (double)(rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- fishing: a face-down pile as pairs of one rank ----------------------- */

static void deal_pile(Unseen *u, Rng *rng, Card *pile, int n, bool identical)
{
    int i = 0;
    for (; i + 1 < n; i += 2) {
        double w[CARD_KIND_LIMIT];
        double total = 0.0;
        /* By rank class (ranks 1..13), or by kind when only twins capture. */
        int slots = identical ? CARD_KIND_LIMIT : 14;
        for (int r = 0; r < slots; r++) {
            w[r] = identical ? choose2(u->count[r]) : r == 0 ? 0.0 : choose2(unseen_rank(u, r));
            total += w[r];
        }
        if (total <= 0.0)
            break;
        double x = rng_unit(rng) * total;
        int pick = slots - 1;
        for (int r = 0; r < slots; r++) {
            if (x < w[r] && w[r] > 0.0) {
                pick = r;
                break;
            }
            x -= w[r];
        }
        while (w[pick] <= 0.0)
            pick--;
        if (identical) {
            pile[i] = unseen_take_kind(u, (Card)pick);
            pile[i + 1] = unseen_take_kind(u, (Card)pick);
        } else {
            pile[i] = unseen_take(u, rng, pick);
            pile[i + 1] = unseen_take(u, rng, pick);
        }
    }
    for (; i < n; i++)
        pile[i] = unseen_take(u, rng, -1);
}

/* ---- Kowah: a declared hand dealt again as a checki hand ------------------ */

/* n choose k for the small k of a hand. */
static double choose(int n, int k)
{
    if (k < 0 || n < k)
        return 0.0;
    double c = 1.0;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* One way to make the six cards beside the declared pair: shape A (two
 * triplets of ranks a <= b) or shape B (the other pair of kind a, a fifth
 * card of kind b, a triplet of rank t). */
typedef struct CheckiShape {
    int shape, a, b, t;
    double w;
} CheckiShape;

enum { MAX_SHAPES = 9 * 9 + 6 * 6 * 9 };

/* The known cards (`extra`) by rank, and how many of kind k. */
static void extra_ranks(const uint8_t extra[CARD_CEKI_KINDS], int by_rank[10], int *total)
{
    memset(by_rank, 0, sizeof(int) * 10);
    *total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        by_rank[card_rank((Card)k)] += extra[k];
        *total += extra[k];
    }
}

/* Shape A candidates that can hold every extra card, weighted by the ways
 * the unseen cards complete them. */
static int shapes_a(const Unseen *u, const uint8_t extra[CARD_CEKI_KINDS], CheckiShape *out)
{
    int er[10], ne = 0, nc = 0;
    extra_ranks(extra, er, &ne);
    for (int r1 = 1; r1 <= 9; r1++) {
        for (int r2 = r1; r2 <= 9; r2++) {
            int inside = er[r1] + (r2 != r1 ? er[r2] : 0);
            double w = 0.0;
            if (inside == ne && r1 == r2)
                w = 10.0 * choose(unseen_rank(u, r1), 6 - er[r1]);
            else if (inside == ne)
                w = choose(unseen_rank(u, r1), 3 - er[r1]) * choose(unseen_rank(u, r2), 3 - er[r2]);
            if (w > 0.0)
                out[nc++] = (CheckiShape){.shape = 0, .a = r1, .b = r2, .t = 0, .w = w};
        }
    }
    return nc;
}

/* Shape B candidates (the declared pair of kind `pair` is one of the two
 * pairs) that can hold every extra card: extras of kind a fill the other
 * pair first, of kind b the fifth card, the rest must be of rank t. */
static int shapes_b(const Unseen *u, Card pair, const uint8_t extra[CARD_CEKI_KINDS],
                    CheckiShape *out, int cap)
{
    int er[10], ne = 0, nc = 0, pr = card_rank(pair);
    extra_ranks(extra, er, &ne);
    for (int f2 = 0; f2 < CARD_CEKI_KINDS; f2++) {
        if (card_rank((Card)f2) != pr) /* the same kind as the pair: four of it */
            continue;
        for (int f5 = 0; f5 < CARD_CEKI_KINDS; f5++) {
            if (card_rank((Card)f5) != pr || f5 == f2 || f5 == pair)
                continue;
            int a = extra[f2] < 2 ? extra[f2] : 2, b = extra[f5] < 1 ? extra[f5] : 1;
            for (int t = 1; t <= 9; t++) {
                int et = er[t] - (t == pr ? a + b : 0); /* extras left for the triplet */
                if (ne - a - b != et || et > 3)
                    continue;
                int left = unseen_rank(u, t) - (t == pr ? (2 - a) + (1 - b) : 0);
                double w = choose(u->count[f2], 2 - a) * choose(u->count[f5], 1 - b) *
                           choose(left, 3 - et);
                if (w > 0.0 && nc < cap)
                    out[nc++] = (CheckiShape){.shape = 1, .a = f2, .b = f5, .t = t, .w = w};
            }
        }
    }
    return nc;
}

/* Six cards that with two copies of `pair` make a checki hand in which
 * `pair` can be declared and that hold every card `extra` names (cards known
 * to be in the hand, not in `u`), each shape weighted by the number of ways
 * the unseen cards allow. False when there is none. */

/* Writes one card of a six-card hand; counts past six without writing, so the
 * caller's m == 6 check still tells a hand that did not fit. */
static void put_card(Card out[6], int *m, Card c)
{
    if (*m < 6)
        out[*m] = c;
    (*m)++;
}
static bool deal_checki_rest(Unseen *u, Rng *rng, Card pair, const uint8_t extra[CARD_CEKI_KINDS],
                             Card out[6])
{
    CheckiShape cand[MAX_SHAPES];
    int nc = shapes_a(u, extra, cand);
    nc += shapes_b(u, pair, extra, cand + nc, MAX_SHAPES - nc);
    double total = 0.0;
    for (int i = 0; i < nc; i++)
        total += cand[i].w;
    if (nc == 0 || total <= 0.0)
        return false;
    double x = rng_unit(rng) * total;
    int c = nc - 1;
    for (int i = 0; i < nc; i++) {
        if (x < cand[i].w) {
            c = i;
            break;
        }
        x -= cand[i].w;
    }
    /* The extras first, then the unseen cards each slot still needs. */
    int m = 0;
    int left[CARD_CEKI_KINDS];
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        left[k] = extra[k];
        for (int j = 0; j < extra[k]; j++)
            put_card(out, &m, (Card)k);
    }
    int er[10], ne = 0;
    extra_ranks(extra, er, &ne);
    if (cand[c].shape == 0) {
        int r1 = cand[c].a, r2 = cand[c].b;
        int need1 = r1 == r2 ? 6 - er[r1] : 3 - er[r1], need2 = r1 == r2 ? 0 : 3 - er[r2];
        for (int i = 0; i < need1; i++)
            put_card(out, &m, unseen_take(u, rng, r1));
        for (int i = 0; i < need2; i++)
            put_card(out, &m, unseen_take(u, rng, r2));
    } else {
        int a = left[cand[c].a] < 2 ? left[cand[c].a] : 2;
        int b = left[cand[c].b] < 1 ? left[cand[c].b] : 1;
        for (int i = a; i < 2; i++)
            put_card(out, &m, unseen_take_kind(u, (Card)cand[c].a));
        for (int i = b; i < 1; i++)
            put_card(out, &m, unseen_take_kind(u, (Card)cand[c].b));
        int et = er[cand[c].t] - (cand[c].t == card_rank(pair) ? a + b : 0);
        for (int i = et; i < 3; i++)
            put_card(out, &m, unseen_take(u, rng, cand[c].t));
    }
    return m == 6;
}

static void sort_cards(Card *cards, int n)
{
    for (int i = 1; i < n; i++) {
        Card c = cards[i];
        int j = i - 1;
        while (j >= 0 && cards[j] > c) {
            cards[j + 1] = cards[j];
            j--;
        }
        cards[j + 1] = c;
    }
}

/* Copies of each kind seat s is known by all to hold (the public history),
 * never more than it holds. */
static void known_in_hand(const Game *g, int s, uint8_t out[CARD_CEKI_KINDS])
{
    uint8_t have[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < g->hand_n[s]; i++) {
        if (g->hand[s][i] < CARD_KIND_LIMIT)
            have[g->hand[s][i]]++;
    }
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        out[k] = g->pub.hand[s][k] < have[k] ? g->pub.hand[s][k] : have[k];
}

/* Whether every seat saw the card seat s drew this turn: a shown stock draw
 * or the discard top (the draw is the history's last entry until the
 * discard). */
static bool draw_is_known(const Game *g, int s)
{
    const PublicHistory *p = &g->pub;
    if (p->total == 0)
        return false;
    const PublicEntry *e = &p->entry[(p->total - 1) % PUBLIC_HISTORY_MAX];
    return e->seat == s &&
           (e->kind == PUB_TAKE_DISCARD || (e->kind == PUB_DRAW && e->card != CARD_NONE));
}

/* A declared hand's locked eight dealt again: the pair, then six cards that
 * make checki with it and hold every card `extra` names (known to be in the
 * hand; they are not in `u`); when the unseen cards allow none, the extras
 * and any unseen cards (the known cards stay in the hand either way). */
static void deal_declared(Unseen *u, Rng *rng, Card pair, const uint8_t extra[CARD_CEKI_KINDS],
                          Card eight[KOWAH_HAND])
{
    eight[0] = eight[1] = pair;
    Unseen backup = *u;
    if (deal_checki_rest(u, rng, pair, extra, eight + 2)) {
        bool ok = true;
        for (int i = 2; i < KOWAH_HAND; i++)
            ok = ok && eight[i] != CARD_NONE;
        if (ok)
            return;
    }
    *u = backup; /* cannot happen with a real declared hand */
    int m = 2;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int j = 0; j < extra[k] && m < KOWAH_HAND; j++)
            eight[m++] = (Card)k;
    }
    while (m < KOWAH_HAND)
        eight[m++] = unseen_take(u, rng, -1);
}

/* What one other seat's hand keeps in a Kowah redeal. */
typedef struct KowahSeat {
    uint8_t known[CARD_CEKI_KINDS]; /* publicly known copies (the history) */
    bool has_draw;                  /* it is this seat's turn and it has drawn */
    bool hidden_draw;               /* ... a card nobody else saw */
    Card hand[OBS_MAX_HAND];
    int n;
} KowahSeat;

/* Declared seat s: the locked eight (wins recomputed from them), then a
 * draw everyone saw. */
static void redeal_declared(Game *c, const Game *g, int s, KowahSeat *ks, Unseen *u, Rng *rng)
{
    Card pair = g->kowah.exposed[s];
    uint8_t extra[CARD_CEKI_KINDS];
    memcpy(extra, ks->known, sizeof extra);
    extra[pair] = extra[pair] >= 2 ? (uint8_t)(extra[pair] - 2) : 0;
    Card drawn = g->kowah.drawn;
    if (ks->has_draw && !ks->hidden_draw && card_is_ceki(drawn) && extra[drawn] > 0)
        extra[drawn]--;
    Card eight[KOWAH_HAND];
    deal_declared(u, rng, pair, extra, eight);
    bool wins[CARD_CEKI_KINDS];
    c->kowah.wins[s] = 1u << pair;
    if (kowah_winning_kinds(eight, pair, wins)) {
        c->kowah.wins[s] = 0;
        for (int x = 0; x < CARD_CEKI_KINDS; x++)
            c->kowah.wins[s] |= wins[x] ? 1u << x : 0;
    }
    memcpy(ks->hand, eight, sizeof eight);
    ks->n = KOWAH_HAND;
    if (ks->has_draw && !ks->hidden_draw)
        ks->hand[ks->n++] = drawn;
}

/* Kowah: everything but the seat's own hand, the discard pile and what the
 * public history puts in a hand (cards taken from the discard, shown draws,
 * declared pairs) is dealt again; declared hands stay checki. */
static void determinize_kowah(Game *c, const Game *g, int seat, Rng *rng)
{
    const KowahState *k = &g->kowah;
    Unseen u;
    unseen_init(&u, g);
    KowahSeat ks[CEKI_MAX_SEATS];
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        known_in_hand(g, s, ks[s].known);
        ks[s].has_draw = s == k->turn_seat && k->drawn != CARD_NONE && g->hand_n[s] > KOWAH_HAND;
        ks[s].hidden_draw = ks[s].has_draw && !draw_is_known(g, s);
        ks[s].n = 0;
        uint8_t keep[CARD_CEKI_KINDS];
        memcpy(keep, ks[s].known, sizeof keep);
        for (int i = 0; i < g->hand_n[s]; i++) {
            Card x = g->hand[s][i];
            if (card_is_ceki(x) && keep[x] > 0)
                keep[x]--;
            else
                unseen_add(&u, x);
        }
    }
    for (int i = 0; i < g->stock_n; i++)
        unseen_add(&u, g->stock[i]);
    /* Declared hands first, then the known cards of the others. */
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        if (k->exposed[s] != CARD_NONE) {
            redeal_declared(c, g, s, &ks[s], &u, rng);
            continue;
        }
        for (int x = 0; x < CARD_CEKI_KINDS; x++) {
            for (int j = 0; j < ks[s].known[x]; j++)
                ks[s].hand[ks[s].n++] = (Card)x;
        }
    }
    /* The rest, shuffled: the other hands' open slots (a hidden draw last),
     * then the stock. */
    Card rest[CEKI_MAX_DECK];
    int n = unseen_shuffled(&u, rng, rest);
    int next = 0;
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        int want = g->hand_n[s] - (ks[s].hidden_draw ? 1 : 0);
        while (ks[s].n < want && next < n)
            ks[s].hand[ks[s].n++] = rest[next++];
        if (ks[s].hidden_draw && next < n) {
            c->kowah.drawn = rest[next];
            ks[s].hand[ks[s].n++] = rest[next++];
        }
        sort_cards(ks[s].hand, ks[s].n);
        memcpy(c->hand[s], ks[s].hand, (size_t)ks[s].n);
        c->hand_n[s] = ks[s].n;
    }
    for (int i = 0; i < c->stock_n && next < n; i++)
        c->stock[i] = rest[next++];
}

/* ---- fishing ---------------------------------------------------------------- */

/* Copies of each kind the history saw going into seat s's pile (never more
 * than the pile holds); how many in all. */
static int pile_known(const Game *g, int s, int known[CARD_KIND_LIMIT])
{
    int have[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < g->captured_n[s]; i++) {
        if (g->captured[s][i] < CARD_KIND_LIMIT)
            have[g->captured[s][i]]++;
    }
    int total = 0;
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        known[k] = g->pub.pile[s][k] < have[k] ? g->pub.pile[s][k] : have[k];
        total += known[k];
    }
    return total;
}

/* Whose hand slot rest[i] fills: off[s] .. off[s] + len[s]; -1 for the
 * stock and the set-aside cards. */
static int slot_owner(int i, const int off[CEKI_MAX_SEATS], const int len[CEKI_MAX_SEATS],
                      int players)
{
    for (int s = 0; s < players; s++) {
        if (len[s] > 0 && i >= off[s] && i < off[s] + len[s])
            return s;
    }
    return -1;
}

#define BELIEF_TRIES 64

/* Swaps each card a hand is believed not to hold with an unseen card that
 * both places allow (up to BELIEF_TRIES random looks a card). */
static void honour_belief(Card *rest, int n, const int off[CEKI_MAX_SEATS],
                          const int len[CEKI_MAX_SEATS], int players, const DealBelief *b, Rng *rng)
{
    for (int s = 0; s < players; s++) {
        for (int i = off[s]; i < off[s] + len[s]; i++) {
            for (int t = 0; t < BELIEF_TRIES && b->avoid[s][rest[i]]; t++) {
                int j = (int)rng_below(rng, (uint32_t)n);
                int q = slot_owner(j, off, len, players);
                if (q == s || b->avoid[s][rest[j]] || (q >= 0 && b->avoid[q][rest[i]]))
                    continue;
                Card x = rest[i];
                rest[i] = rest[j];
                rest[j] = x;
            }
        }
    }
}

/* The rest of the unseen cards, shuffled (and swapped around a belief),
 * into the others' hands, the stock and the set-aside cards. */
static void deal_rest(Game *c, const Game *g, int seat, const Unseen *u,
                      const bool fixed_stock[CEKI_MAX_DECK], Rng *rng, const DealBelief *belief)
{
    Card rest[CEKI_MAX_DECK];
    int n = unseen_shuffled(u, rng, rest);
    int off[CEKI_MAX_SEATS] = {0}, len[CEKI_MAX_SEATS] = {0}, at = 0;
    for (int s = 0; s < g->n; s++) {
        off[s] = at;
        len[s] = s == seat ? 0 : g->hand_n[s];
        at += len[s];
    }
    if (belief && at <= n)
        honour_belief(rest, n, off, len, g->n, belief, rng);
    int next = 0;
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        for (int i = 0; i < g->hand_n[s] && next < n; i++)
            c->hand[s][i] = rest[next++];
    }
    for (int i = 0; i < g->stock_n && next < n; i++) {
        if (!fixed_stock[i])
            c->stock[i] = rest[next++];
    }
    for (int i = 0; i < g->aside_n && next < n; i++)
        c->aside[i] = rest[next++];
}

static void determinize_fishing(Game *c, const Game *g, int seat, Rng *rng,
                                const DealBelief *belief)
{
    Unseen u;
    unseen_init(&u, g);
    int known[CEKI_MAX_SEATS][CARD_KIND_LIMIT] = {{0}};
    int nknown[CEKI_MAX_SEATS] = {0};
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        for (int i = 0; i < g->hand_n[s]; i++)
            unseen_add(&u, g->hand[s][i]);
        if (!pile_visible_to(g, s, seat)) {
            /* The part of the pile the history does not name. */
            nknown[s] = pile_known(g, s, known[s]);
            for (int i = 0; i < g->captured_n[s]; i++)
                unseen_add(&u, g->captured[s][i]);
            for (int k = 0; k < CARD_KIND_LIMIT; k++) {
                for (int j = 0; j < known[s][k]; j++)
                    unseen_remove(&u, k);
            }
        }
    }
    bool fixed_stock[CEKI_MAX_DECK] = {false};
    if (g->stock_last_public != CARD_NONE && g->stock_n > 0)
        fixed_stock[0] = true;
    int own_depth = g->peek[seat] != CARD_NONE ? g->peek_depth[seat] : 0;
    if (own_depth >= 1 && own_depth <= g->stock_n)
        fixed_stock[own_depth - 1] = true;
    for (int i = 0; i < g->stock_n; i++) {
        if (!fixed_stock[i])
            unseen_add(&u, g->stock[i]);
    }
    for (int i = 0; i < g->aside_n; i++)
        unseen_add(&u, g->aside[i]);

    /* Face-down piles first: the cards the history names, then the rest as
     * captures of one rank each. */
    bool identical = g->v->match == MATCH_IDENTICAL;
    for (int s = 0; s < g->n; s++) {
        if (pile_visible_to(g, s, seat))
            continue;
        if (nknown[s] == g->captured_n[s])
            continue; /* the history names the whole pile, capture by capture, as it lies */
        int m = 0;
        for (int k = 0; k < CARD_KIND_LIMIT; k++) {
            for (int j = 0; j < known[s][k]; j++)
                c->captured[s][m++] = (Card)k;
        }
        deal_pile(&u, rng, c->captured[s] + nknown[s], g->captured_n[s] - nknown[s], identical);
    }
    deal_rest(c, g, seat, &u, fixed_stock, rng, belief);

    /* The others' peeks follow the cards now at their depth. */
    for (int s = 0; s < g->n; s++) {
        if (s == seat || c->peek[s] == CARD_NONE)
            continue;
        int d = c->peek_depth[s];
        c->peek[s] = d >= 1 && d <= c->stock_n ? c->stock[d - 1] : CARD_NONE;
    }
}

Game *game_determinize(const Game *g, int seat, uint64_t seed)
{
    return game_determinize_believing(g, seat, seed, NULL);
}

Game *game_determinize_believing(const Game *g, int seat, uint64_t seed, const DealBelief *belief)
{
    if (!g || seat < 0 || seat >= g->n)
        return NULL;
    Game *c = game_clone(g, false);
    if (!c)
        return NULL;
    Rng rng;
    rng_seed(&rng, seed);
    if (g->v->engine == ENGINE_KOWAH)
        determinize_kowah(c, g, seat, &rng);
    else
        determinize_fishing(c, g, seat, &rng, belief);
    rng_seed(&c->rng, rng_next(&rng));
    c->cfg.seed = rng_next(&rng);
    if (c->events && c->events_cap > 0) /* they name hidden cards */
        memset(c->events, 0, (size_t)c->events_cap * sizeof *c->events);
    c->events_n = 0;
    c->history_n = 0;
    c->keep_history = false;
    return c;
}
