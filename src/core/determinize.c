/* determinize.c — game_determinize (game.h): a copy of a game in which every
 * card a seat cannot see is dealt again at random.
 *
 * What the seat cannot see (RULES.md §5): the other players' hands, the stock
 * order, the face-down captured piles of the others and the cards set aside.
 * What stays where it is, because the seat knows it:
 * - its own hand, the pool, every face-up captured pile, the turned card;
 * - Pèi's turned-up last stock card (stock[0], drawn last) while the stock
 *   still holds it, and the seat's own private peek at stock[peek_depth-1];
 * - Kowah: the discard pile, each declared pair (two copies of the exposed
 *   kind stay in their owner's hand) and a shown stock draw (it stays in the
 *   hand of the player who drew it).
 * Public facts about the hidden cards are kept too:
 * - a captured pile is made of captures, two cards of one rank class each
 *   (identical cards where the variant matches only those), so a face-down
 *   pile is dealt again as pairs of one rank;
 * - Kowah: a declared hand is a checki hand in which the exposed kind can be
 *   declared, so it is dealt again as one (and its winning kinds follow).
 *
 * With a memory (game_determinize_known) the cards a seat watched another
 * player capture stay in that player's face-down pile; only the rest of the
 * pile is dealt again. The memory is first checked against the real pile:
 * one that does not fit it is ignored for that pile (see game.h), so a wrong
 * memory never breaks the conservation of cards.
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
static double choose3(int n)
{
    return n >= 3 ? n * (n - 1) * (n - 2) / 6.0 : 0.0;
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

/* Six cards that with two copies of `pair` make a checki hand in which
 * `pair` can be declared: shape A (two triplets by rank) or shape B (the
 * pair is one of two identical pairs of five of its rank, plus a triplet).
 * Returns false when the unseen cards cannot make one. */
static bool deal_checki_rest(Unseen *u, Rng *rng, Card pair, Card out[6])
{
    enum { MAX_SHAPES = 9 * 9 + 6 * 6 * 9 };
    struct {
        int shape, a, b, t;
        double w;
    } cand[MAX_SHAPES];
    int nc = 0;
    double total = 0.0;
    int ranks[10];
    for (int r = 1; r <= 9; r++)
        ranks[r] = unseen_rank(u, r);
    for (int r1 = 1; r1 <= 9; r1++) {
        for (int r2 = r1; r2 <= 9; r2++) {
            double w = r1 == r2 ? choose3(ranks[r1]) * choose3(ranks[r1] - 3) / 2.0
                                : choose3(ranks[r1]) * choose3(ranks[r2]);
            if (w > 0.0) {
                cand[nc].shape = 0;
                cand[nc].a = r1;
                cand[nc].b = r2;
                cand[nc].t = 0;
                cand[nc].w = w;
                total += w;
                nc++;
            }
        }
    }
    int pr = card_rank(pair);
    for (int f2 = 0; f2 < CARD_CEKI_KINDS; f2++) { /* the other pair */
        if (card_rank((Card)f2) != pr || u->count[f2] < 2)
            continue;
        for (int f5 = 0; f5 < CARD_CEKI_KINDS; f5++) { /* the fifth card */
            if (card_rank((Card)f5) != pr || f5 == f2 || f5 == pair || u->count[f5] < 1)
                continue;
            for (int t = 1; t <= 9; t++) {
                int left = ranks[t] - (t == pr ? 3 : 0);
                double w = choose2(u->count[f2]) * u->count[f5] * choose3(left);
                if (w > 0.0 && nc < MAX_SHAPES) {
                    cand[nc].shape = 1;
                    cand[nc].a = f2;
                    cand[nc].b = f5;
                    cand[nc].t = t;
                    cand[nc].w = w;
                    total += w;
                    nc++;
                }
            }
        }
    }
    if (nc == 0)
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
    if (cand[c].shape == 0) {
        for (int i = 0; i < 3; i++)
            out[i] = unseen_take(u, rng, cand[c].a);
        for (int i = 3; i < 6; i++)
            out[i] = unseen_take(u, rng, cand[c].b);
    } else {
        out[0] = unseen_take_kind(u, (Card)cand[c].a);
        out[1] = unseen_take_kind(u, (Card)cand[c].a);
        out[2] = unseen_take_kind(u, (Card)cand[c].b);
        for (int i = 3; i < 6; i++)
            out[i] = unseen_take(u, rng, cand[c].t);
    }
    return true;
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

/* Kowah: everything but the seat's own hand, the discard pile, the declared
 * pairs and a shown draw is dealt again; declared hands stay checki. */
static void determinize_kowah(Game *c, const Game *g, int seat, Rng *rng)
{
    const KowahState *k = &g->kowah;
    Unseen u;
    unseen_init(&u, g);
    /* Fixed cards in each other hand: the declared pair, a shown draw. */
    Card fixed[CEKI_MAX_SEATS][3];
    int nfixed[CEKI_MAX_SEATS] = {0};
    bool hidden_draw[CEKI_MAX_SEATS] = {false};
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        if (k->exposed[s] != CARD_NONE) {
            fixed[s][nfixed[s]++] = k->exposed[s];
            fixed[s][nfixed[s]++] = k->exposed[s];
        }
        if (s == k->turn_seat && k->drawn != CARD_NONE && g->hand_n[s] > KOWAH_HAND) {
            if (k->shown_draw != CARD_NONE && k->shown_draw == k->drawn)
                fixed[s][nfixed[s]++] = k->drawn;
            else
                hidden_draw[s] = true;
        }
        uint8_t keep[CARD_KIND_LIMIT] = {0};
        for (int i = 0; i < nfixed[s]; i++)
            keep[fixed[s][i]]++;
        for (int i = 0; i < g->hand_n[s]; i++) {
            Card x = g->hand[s][i];
            if (x < CARD_KIND_LIMIT && keep[x] > 0)
                keep[x]--;
            else
                unseen_add(&u, x);
        }
    }
    for (int i = 0; i < g->stock_n; i++)
        unseen_add(&u, g->stock[i]);

    /* Declared hands first: eight locked cards (the pair and six more), then
     * a hidden draw if this is their turn. */
    Card hand[CEKI_MAX_SEATS][OBS_MAX_HAND];
    int hn[CEKI_MAX_SEATS] = {0};
    Card drawn_card = CARD_NONE;
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        for (int i = 0; i < nfixed[s]; i++)
            hand[s][hn[s]++] = fixed[s][i];
        if (k->exposed[s] == CARD_NONE)
            continue;
        Card rest[6];
        Unseen backup = u;
        if (deal_checki_rest(&u, rng, k->exposed[s], rest)) {
            bool ok = true;
            for (int i = 0; i < 6; i++)
                ok = ok && rest[i] != CARD_NONE;
            if (ok) {
                for (int i = 0; i < 6; i++)
                    hand[s][hn[s]++] = rest[i];
                continue;
            }
        }
        u = backup; /* cannot happen with a real declared hand; deal plainly */
    }
    /* The rest, shuffled: the other hands' open slots, then the stock. */
    Card rest[CEKI_MAX_DECK];
    int n = unseen_shuffled(&u, rng, rest);
    int next = 0;
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        int want = g->hand_n[s];
        if (hidden_draw[s])
            want--; /* the draw comes last, below */
        while (hn[s] < want && next < n)
            hand[s][hn[s]++] = rest[next++];
        if (hidden_draw[s] && next < n) {
            drawn_card = rest[next++];
            hand[s][hn[s]++] = drawn_card;
        }
    }
    for (int i = 0; i < c->stock_n && next < n; i++)
        c->stock[i] = rest[next++];

    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        /* The locked eight decide what wins for a declared hand. */
        if (k->exposed[s] != CARD_NONE && hn[s] >= KOWAH_HAND) {
            Card eight[KOWAH_HAND];
            int m = 0;
            bool skipped_draw = false;
            for (int i = 0; i < hn[s] && m < KOWAH_HAND; i++) {
                /* the fixed shown draw sits at index 2; a hidden one is last */
                bool is_draw = s == k->turn_seat && k->drawn != CARD_NONE && !skipped_draw &&
                               g->hand_n[s] > KOWAH_HAND &&
                               ((!hidden_draw[s] && i == 2) || (hidden_draw[s] && i == hn[s] - 1));
                if (is_draw) {
                    skipped_draw = true;
                    continue;
                }
                eight[m++] = hand[s][i];
            }
            bool wins[CARD_CEKI_KINDS];
            c->kowah.wins[s] = 0;
            if (m == KOWAH_HAND && kowah_winning_kinds(eight, k->exposed[s], wins)) {
                for (int x = 0; x < CARD_CEKI_KINDS; x++)
                    c->kowah.wins[s] |= wins[x] ? 1u << x : 0;
            } else {
                c->kowah.wins[s] = 1u << k->exposed[s];
            }
        }
        if (s == k->turn_seat && hidden_draw[s])
            c->kowah.drawn = drawn_card;
        sort_cards(hand[s], hn[s]);
        memcpy(c->hand[s], hand[s], (size_t)hn[s]);
        c->hand_n[s] = hn[s];
    }
}

/* ---- fishing ---------------------------------------------------------------- */

/* How many cards of seat s's pile the memory names, when they are all in
 * the real pile (each kind at most as often as the pile holds it); 0 when
 * the memory does not fit, so that it is ignored as a whole. known[] gets
 * the remembered copies of each kind. */
static int remembered(const Game *g, int s, const PileMemory *mem, int known[CARD_KIND_LIMIT])
{
    memset(known, 0, sizeof(int) * CARD_KIND_LIMIT);
    if (!mem || !mem->known[s] || mem->count[s] <= 0 || mem->count[s] > g->captured_n[s])
        return 0;
    int have[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < g->captured_n[s]; i++) {
        if (g->captured[s][i] < CARD_KIND_LIMIT)
            have[g->captured[s][i]]++;
    }
    for (int i = 0; i < mem->count[s]; i++) {
        Card k = mem->known[s][i];
        if (k >= CARD_KIND_LIMIT || ++known[k] > have[k]) {
            memset(known, 0, sizeof(int) * CARD_KIND_LIMIT);
            return 0;
        }
    }
    return mem->count[s];
}

static void determinize_fishing(Game *c, const Game *g, int seat, Rng *rng, const PileMemory *mem)
{
    Unseen u;
    unseen_init(&u, g);
    int nknown[CEKI_MAX_SEATS] = {0};
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        for (int i = 0; i < g->hand_n[s]; i++)
            unseen_add(&u, g->hand[s][i]);
        if (!pile_visible_to(g, s, seat)) {
            /* The pile's unremembered part: the pile less what is remembered. */
            int known[CARD_KIND_LIMIT];
            nknown[s] = remembered(g, s, mem, known);
            for (int i = 0; i < g->captured_n[s]; i++)
                unseen_add(&u, g->captured[s][i]);
            for (int k = 0; k < CARD_KIND_LIMIT; k++) {
                for (int j = 0; j < known[k]; j++)
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

    /* Face-down piles first: the remembered cards in the memory's order,
     * then the rest as captures of one rank each. */
    bool identical = g->v->match == MATCH_IDENTICAL;
    for (int s = 0; s < g->n; s++) {
        if (pile_visible_to(g, s, seat))
            continue;
        int k = nknown[s];
        if (k > 0)
            memcpy(c->captured[s], mem->known[s], (size_t)k);
        deal_pile(&u, rng, c->captured[s] + k, g->captured_n[s] - k, identical);
    }
    /* The rest, shuffled, into the hands, the stock and the set-aside cards. */
    Card rest[CEKI_MAX_DECK];
    int n = unseen_shuffled(&u, rng, rest);
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
    return game_determinize_known(g, seat, seed, NULL);
}

Game *game_determinize_known(const Game *g, int seat, uint64_t seed, const PileMemory *memory)
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
        determinize_fishing(c, g, seat, &rng, memory);
    rng_seed(&c->rng, rng_next(&rng));
    c->cfg.seed = rng_next(&rng);
    if (c->events && c->events_cap > 0) /* they name hidden cards */
        memset(c->events, 0, (size_t)c->events_cap * sizeof *c->events);
    c->events_n = 0;
    c->history_n = 0;
    c->keep_history = false;
    return c;
}
