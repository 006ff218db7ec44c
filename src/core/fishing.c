/* fishing.c — the one engine for every fishing variant (RULES.md §3).
 *
 * Everything variant-specific comes from the VariantDesc: the deck, the deal,
 * the turn shape, the match rule, the first-turn rule, compulsory capture, the
 * capture order, and the start and match rules. Pèi's extra ceremony lives in
 * pei.c behind the hooks marked "Pèi".
 */
#include <string.h>

#include "game_internal.h"
#include "pei.h"
#include "status.h"

#define KINGS_TURNED 2 /* Kings: cards turned a turn, and after a pair taken at the deal */

/* ---- small helpers ---- */

/* Removes the last copy of c, keeping the order of the others: one walk
 * from the end that shifts each card left until it meets c. */
static bool remove_card(Card *cards, int *n, Card c)
{
    Card carry = CARD_NONE;
    int i = *n - 1;
    for (; i >= 0; i--) {
        Card here = cards[i];
        cards[i] = carry;
        carry = here;
        if (here == c)
            break;
    }
    if (i < 0) { /* not there: put every card back */
        for (int j = 0; j < *n; j++) {
            Card here = cards[j];
            cards[j] = carry;
            carry = here;
        }
        return false;
    }
    (*n)--;
    return true;
}

/* ---- sets of kinds, one bit a kind (CARD_KIND_LIMIT <= 128) ---- */

enum { KIND_WORD_BITS = 64 };
_Static_assert(CARD_KIND_LIMIT <= 2 * KIND_WORD_BITS, "a kind set is two words");

static inline uint64_t kind_bit(int k)
{
    return UINT64_C(1) << (k % KIND_WORD_BITS);
}

/* The lowest set bit of a non-zero word. */
static inline int lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* The kinds of the same rank class as c. */
static void rank_set(Card c, uint64_t out[2])
{
    out[0] = out[1] = 0;
    if (c < CARD_CEKI_KINDS) {
        /* C, S and M of one number lie 9 apart; rank 1 adds the honours. */
        int r = c < CARD_OT ? c % 9 : 0;
        out[0] = (kind_bit(CARD_C1) | kind_bit(CARD_S1) | kind_bit(CARD_M1)) << r;
        if (r == 0)
            out[0] |= kind_bit(CARD_OT) | kind_bit(CARD_WF) | kind_bit(CARD_RF);
        return;
    }
    int r = (c - CARD_FRENCH_FIRST) % 13; /* the four suits lie 13 apart */
    for (int s = 0; s < 4; s++) {
        int k = CARD_FRENCH_FIRST + s * 13 + r;
        out[k / KIND_WORD_BITS] |= kind_bit(k);
    }
}

void fishing_pool_push(Game *g, Card c)
{
    g->pool[g->pool_n++] = c;
    g->pool_kinds[c]++;
    g->pool_set[c / KIND_WORD_BITS] |= kind_bit(c);
}

void fishing_pool_remove(Game *g, Card c)
{
    if (remove_card(g->pool, &g->pool_n, c) && --g->pool_kinds[c] == 0)
        g->pool_set[c / KIND_WORD_BITS] &= ~kind_bit(c);
}

void fishing_pool_recount(Game *g)
{
    memset(g->pool_kinds, 0, sizeof g->pool_kinds);
    g->pool_set[0] = g->pool_set[1] = 0;
    for (int i = 0; i < g->pool_n; i++) {
        Card c = g->pool[i];
        g->pool_kinds[c]++;
        g->pool_set[c / KIND_WORD_BITS] |= kind_bit(c);
    }
}

/* Kinds of the same rank class as c, in card order. */
static int same_rank_kinds(Card c, Card out[6])
{
    if (c < CARD_OT) {
        int r = c % 9; /* C, S and M of one number lie 9 apart */
        out[0] = (Card)r;
        out[1] = (Card)(r + 9);
        out[2] = (Card)(r + 18);
        if (r != 0)
            return 3;
        out[3] = CARD_OT;
        out[4] = CARD_WF;
        out[5] = CARD_RF;
        return 6;
    }
    if (c < CARD_CEKI_KINDS) {
        memcpy(out, (const Card[6]){0, 9, 18, CARD_OT, CARD_WF, CARD_RF}, 6);
        return 6;
    }
    int r = (c - CARD_FRENCH_FIRST) % 13; /* the four suits lie 13 apart */
    for (int s = 0; s < 4; s++)
        out[s] = (Card)(CARD_FRENCH_FIRST + s * 13 + r);
    return 4;
}

/* An identical pair of `k` in the pool beside another card of its rank that
 * is not identical to it (RULES.md §3.2, §3.10 and its Decision). */
static bool pair_has_odd_card(Card k, const uint8_t *pc)
{
    if (pc[k] < 2)
        return false;
    Card kinds[6];
    int n = same_rank_kinds(k, kinds);
    for (int i = 0; i < n; i++) {
        if (kinds[i] != k && pc[kinds[i]] > 0)
            return true;
    }
    return false;
}

enum { TARGETS_MAX = 6 }; /* the most kinds of one rank class */

typedef struct Targets {
    Card kind[TARGETS_MAX];
    uint8_t flags[TARGETS_MAX];
    int n;
} Targets;

/* The pool kinds card c may capture for seat, after the first-turn rule and
 * the capture order. */
/* Whether seat's cards capture only their identical twins now. */
static bool identical_only(const Game *g, int seat)
{
    const VariantDesc *v = g->v;
    return v->match == MATCH_IDENTICAL || (v->first_turn_identical && g->turns_taken[seat] == 0);
}

/* The pool kinds card c matches (its twin only when `identical`). */
static inline void match_set_of(const Game *g, Card c, bool identical, uint64_t out[2])
{
    if (identical) {
        out[0] = out[1] = 0;
        out[c / KIND_WORD_BITS] = kind_bit(c);
    } else if (c < CARD_CEKI_KINDS) {
        /* C, S and M of one number lie 9 apart; rank 1 adds the honours. */
        static const uint64_t three =
            UINT64_C(1) << CARD_C1 | UINT64_C(1) << CARD_S1 | UINT64_C(1) << CARD_M1;
        static const uint64_t honours =
            UINT64_C(1) << CARD_OT | UINT64_C(1) << CARD_WF | UINT64_C(1) << CARD_RF;
        int r = c < CARD_OT ? c % 9 : 0;
        out[0] = r ? three << r : three | honours;
        out[1] = 0;
    } else {
        rank_set(c, out);
    }
    out[0] &= g->pool_set[0];
    out[1] &= g->pool_set[1];
}

/* The pool kinds card c matches for seat, after the first-turn rule only. */
static void match_set(const Game *g, int seat, Card c, uint64_t out[2])
{
    match_set_of(g, c, identical_only(g, seat), out);
}

static Targets capture_targets(const Game *g, int seat, Card c, const uint8_t *pc)
{
    Targets t = {.kind = {0}, .flags = {0}, .n = 0};
    const VariantDesc *v = g->v;
    uint64_t want[2];
    match_set(g, seat, c, want);
    /* The pool's kinds of that class, in card order. */
    for (int w = 0; w < 2; w++) {
        for (uint64_t bits = want[w]; bits && t.n < TARGETS_MAX; bits &= bits - 1)
            t.kind[t.n++] = (Card)(w * KIND_WORD_BITS + lowest_bit(bits));
    }
    if (t.n <= 1 && v->order != ORDER_CHINESE_FORFEIT && v->order != ORDER_DENEXA_ODD)
        return t;
    switch (v->order) {
    case ORDER_FREE: break;
    case ORDER_TOTIT_TIERS: {
        /* Tier 0: another suit; 1: same suit, not identical; 2: the twin. */
        int best = 3;
        int tier[6];
        for (int i = 0; i < t.n; i++) {
            tier[i] = card_suit(t.kind[i]) != card_suit(c) ? 0 : t.kind[i] != c ? 1 : 2;
            if (tier[i] < best)
                best = tier[i];
        }
        int m = 0;
        for (int i = 0; i < t.n; i++) {
            if (tier[i] == best)
                t.kind[m++] = t.kind[i];
        }
        t.n = m;
        break;
    }
    case ORDER_DENEXA_ODD: {
        int m = 0;
        Card keep[6];
        for (int i = 0; i < t.n; i++) {
            if (!pair_has_odd_card(t.kind[i], pc))
                keep[m++] = t.kind[i];
        }
        /* Decision (see README): when every match is a pair held back by an
         * odd card (two pairs of one rank), none can go first, so the hold
         * lifts and any match may be taken. */
        if (m > 0) {
            memcpy(t.kind, keep, (size_t)m);
            t.n = m;
        }
        break;
    }
    case ORDER_CHINESE_FORFEIT:
        for (int i = 0; i < t.n; i++)
            t.flags[i] = pair_has_odd_card(t.kind[i], pc) ? MOVE_FLAG_FORFEIT : 0;
        break;
    }
    return t;
}

static bool seat_can_act(const Game *g, int s)
{
    if (g->sitting_out[s])
        return false;
    if (g->hand_n[s] > 0)
        return true;
    TurnShape ts = g->v->turn;
    return ts != TURN_HAND_ONLY && g->stock_n > 0;
}

/* ---- round setup ---- */

static void deal_to_hand(Game *g, int seat, Card c)
{
    g->hand[seat][g->hand_n[seat]++] = c;
    game_event(g, EV_DEAL_HAND, seat, c, CARD_NONE, 0);
}

/* Keeps in[] only the seats with the best value; returns the leader when
 * there is exactly one, else -1 (the tied leaders draw again). */
static int keep_leaders(const Game *g, bool *in, const int *value)
{
    int best = -1, leaders = 0, leader = -1;
    for (int s = 0; s < g->n; s++) {
        if (in[s] && value[s] > best)
            best = value[s];
    }
    for (int s = 0; s < g->n; s++) {
        in[s] = in[s] && value[s] == best;
        if (in[s]) {
            leaders++;
            leader = s;
        }
    }
    return leaders == 1 ? leader : -1;
}

/* The shuffled deck the seating and start ceremonies draw from; it is
 * shuffled again when spent. */
typedef struct CeremonyDeck {
    Card card[CEKI_MAX_DECK];
    int n, top;
} CeremonyDeck;

static void ceremony_deck_init(Game *g, CeremonyDeck *d)
{
    d->n = g->deck_n;
    memcpy(d->card, g->deck, (size_t)d->n);
    rng_shuffle(&g->rng, d->card, d->n);
    d->top = d->n;
}

/* `seat` draws two cards; returns the sum of their face values (its last
 * digit with mod10). Each card is an EV_CEREMONY_CARD with the sum so far. */
static int ceremony_draw_two(Game *g, CeremonyDeck *d, int seat, bool mod10)
{
    int sum = 0;
    for (int i = 0; i < 2; i++) {
        if (d->top == 0) {
            d->top = d->n;
            rng_shuffle(&g->rng, d->card, d->n);
        }
        Card c = d->card[--d->top];
        sum += card_face_value(c);
        game_event(g, EV_CEREMONY_CARD, seat, c, CARD_NONE, mod10 ? sum % 10 : sum);
    }
    return mod10 ? sum % 10 : sum;
}

/* Thothit's first raja: every seat draws two cards, the last digit of the
 * sum counts; tied leaders draw again. */
static int ceremony_two_cards(Game *g)
{
    CeremonyDeck d;
    ceremony_deck_init(g, &d);
    bool in[CEKI_MAX_SEATS];
    for (int s = 0; s < g->n; s++)
        in[s] = true;
    for (;;) {
        int value[CEKI_MAX_SEATS] = {0};
        for (int s = 0; s < g->n; s++) {
            if (in[s])
                value[s] = ceremony_draw_two(g, &d, s, true);
        }
        int leader = keep_leaders(g, in, value);
        if (leader >= 0)
            return leader;
    }
}

/* Orders seats[0..k) by the sums of two drawn cards, highest first; the
 * seats of each tied sum draw again among themselves (RULES.md §3.11). */
static void pei_order_by_draw(Game *g, CeremonyDeck *d, int *seats, int k)
{
    if (k < 2)
        return;
    int sum[CEKI_MAX_SEATS];
    for (int i = 0; i < k; i++)
        sum[i] = ceremony_draw_two(g, d, seats[i], false);
    for (int i = 1; i < k; i++) { /* stable: equal sums keep their order */
        for (int j = i; j > 0 && sum[j] > sum[j - 1]; j--) {
            int t = sum[j];
            sum[j] = sum[j - 1];
            sum[j - 1] = t;
            t = seats[j];
            seats[j] = seats[j - 1];
            seats[j - 1] = t;
        }
    }
    for (int i = 0; i < k;) {
        int j = i + 1;
        while (j < k && sum[j] == sum[i])
            j++;
        pei_order_by_draw(g, d, seats + i, j - i);
        i = j;
    }
}

/* Pèi's seating draw: the sums give raja, patih and unyik; the players then
 * sit so that play runs raja -> patih -> unyik. Returns the raja. */
static int pei_seating_draw(Game *g)
{
    CeremonyDeck d;
    ceremony_deck_init(g, &d);
    int order[CEKI_MAX_SEATS];
    for (int s = 0; s < g->n; s++)
        order[s] = s;
    pei_order_by_draw(g, &d, order, g->n);
    g->dir = order[1] == (order[0] + 1) % g->n ? 1 : -1;
    game_event(g, EV_SEATING, order[0], CARD_NONE, CARD_NONE, g->dir);
    return order[0];
}

/* The first seat after `seat` in the order of play that plays this round. */
static int next_active(const Game *g, int seat)
{
    for (int i = 1; i <= g->n; i++) {
        int s = game_seat_after(g, seat, i);
        if (!g->sitting_out[s])
            return s;
    }
    return seat;
}

/* The dealer rotates; in Totit's tie-break hands it passes among the tied. */
static int next_dealer(const Game *g)
{
    return g->round == 1 ? g->n - 1 : next_active(g, g->dealer);
}

/* Totit (RULES.md §3.9): once everyone has dealt, only the players tied for
 * the lead play further hands. Returns how many play this round. */
static int mark_sitting_out(Game *g)
{
    bool tiebreak = g->v->match_kind == MATCHKIND_EACH_DEALS_UNTIED && g->round > g->n;
    int best = g->match_score[0], playing = 0;
    for (int s = 1; s < g->n; s++)
        best = g->match_score[s] > best ? g->match_score[s] : best;
    for (int s = 0; s < g->n; s++) {
        g->sitting_out[s] = tiebreak && g->match_score[s] != best;
        playing += !g->sitting_out[s];
    }
    return playing;
}

/* A random card of the deck drawn for counting (next raja, first player). */
static Card draw_counting_card(Game *g, int seat)
{
    Card c = g->deck[rng_below(&g->rng, (uint32_t)g->deck_n)];
    game_event(g, EV_CEREMONY_CARD, seat, c, CARD_NONE, card_rank(c));
    return c;
}

static void set_raja_roles(Game *g, int raja)
{
    for (int s = 0; s < g->n; s++)
        g->role[s] = ROLE_NONE;
    g->role[raja] = ROLE_RAJA;
    g->role[game_seat_after(g, raja, 1)] = ROLE_PATIH;
    g->role[game_seat_after(g, raja, -1)] = ROLE_UNYIK;
    g->starter = raja;
    g->dealer = game_seat_after(g, raja, -1); /* the unyik deals */
    for (int s = 0; s < g->n; s++) {
        if (g->role[s] != ROLE_NONE)
            game_event(g, EV_ROLE, s, CARD_NONE, CARD_NONE, g->role[s]);
    }
}

/* The first tied winner of the last round in play order after the last
 * starter (RULES.md §3.6, Decision). */
static int last_winner_after(const Game *g, int from)
{
    for (int i = 1; i <= g->n; i++) {
        int s = game_seat_after(g, from, i);
        if (g->round_winner[s])
            return s;
    }
    return from;
}

static void choose_start(Game *g)
{
    const VariantDesc *v = g->v;
    switch (v->start) {
    case START_RAJA_COUNT:
        if (g->round == 1) {
            set_raja_roles(g, ceremony_two_cards(g));
        } else {
            /* The unyik draws rank r and counts r seats from the raja. */
            int unyik = (g->starter + g->n - 1) % g->n;
            int r = card_rank(draw_counting_card(g, unyik));
            set_raja_roles(g, (g->starter + r - 1) % g->n);
        }
        break;
    case START_PEI:
        if (g->round == 1) {
            set_raja_roles(g, pei_seating_draw(g));
        } else {
            /* The lowest scorer becomes unyik and deals next; among tied
             * lowest, the first in play order after the last raja. */
            int low = pei_next_unyik(g->round_score, g->starter, g->dir);
            set_raja_roles(g, game_seat_after(g, low, 1));
        }
        break;
    case START_DEALER_LEFT:
        g->dealer = next_dealer(g);
        g->starter = next_active(g, g->dealer);
        for (int s = 0; s < g->n; s++)
            g->role[s] = s == g->dealer ? ROLE_DEALER : ROLE_NONE;
        game_event(g, EV_ROLE, g->dealer, CARD_NONE, CARD_NONE, ROLE_DEALER);
        break;
    case START_DRAW_COUNT:
        g->dealer = -1;
        if (g->round == 1) {
            int r = card_rank(draw_counting_card(g, 0));
            g->starter = (r - 1) % g->n;
        } else {
            g->starter = last_winner_after(g, g->starter);
        }
        break;
    }
}

/* Kings: the seat takes the pool's first pair of equal rank (the first
 * card that has a partner, with its first partner) into its pile, in the
 * open; false when the pool holds no pair. */
static bool kings_take_pair(Game *g, int seat)
{
    for (int i = 0; i < g->pool_n; i++) {
        for (int j = i + 1; j < g->pool_n; j++) {
            if (card_rank(g->pool[i]) != card_rank(g->pool[j]))
                continue;
            Card a = g->pool[i], b = g->pool[j];
            fishing_pool_remove(g, b);
            fishing_pool_remove(g, a);
            g->captured[seat][g->captured_n[seat]++] = a;
            g->captured[seat][g->captured_n[seat]++] = b;
            game_public_add(g, PUB_PAIR, seat, a, b, 0);
            game_event(g, EV_PAIR_TAKEN, seat, a, b, 0);
            return true;
        }
    }
    return false;
}

/* Kings: while the pool holds a pair, the dealer takes it and turns more. */
static void kings_clear_deal_pairs(Game *g)
{
    while (kings_take_pair(g, g->dealer)) {
        for (int k = 0; k < KINGS_TURNED && g->stock_n > 0; k++) {
            Card c = g->stock[--g->stock_n];
            fishing_pool_push(g, c);
            game_event(g, EV_DEAL_POOL, -1, c, CARD_NONE, 0);
        }
    }
}

static void start_round(Game *g)
{
    const VariantDesc *v = g->v;
    g->round++;
    int playing = mark_sitting_out(g);
    choose_start(g);
    game_event(g, EV_ROUND_START, g->dealer, CARD_NONE, CARD_NONE, g->round);
    for (int s = 0; s < g->n; s++) {
        if (g->sitting_out[s])
            game_event(g, EV_SIT_OUT, s, CARD_NONE, CARD_NONE, g->match_score[s]);
    }

    Card deck[CEKI_MAX_DECK];
    int n = g->deck_n;
    memcpy(deck, g->deck, (size_t)n);
    rng_shuffle(&g->rng, deck, n);
    if (v->start == START_PEI)
        pei_prepare_deck(g, deck, n); /* Pèi: pei-chinese's packets and dice */
    int top = n;
    game_clear_seats(g);
    g->pool_n = 0;
    fishing_pool_recount(g);
    game_public_reset(g);
    g->aside_n = 0;
    g->turned = CARD_NONE;
    g->stock_last_public = CARD_NONE;

    int hand = variant_hand_size(v, playing);
    for (int i = 0; i < hand; i++) {
        for (int k = 0; k < g->n; k++) {
            int seat = game_seat_after(g, g->starter, k);
            if (!g->sitting_out[seat])
                deal_to_hand(g, seat, deck[--top]);
        }
    }
    int pool = variant_pool_size(v, playing);
    for (int i = 0; i < pool && top > 0; i++) {
        fishing_pool_push(g, deck[--top]);
        game_event(g, EV_DEAL_POOL, -1, g->pool[g->pool_n - 1], CARD_NONE, 0);
    }
    if (v->turn == TURN_HAND_ONLY) {
        memcpy(g->aside, deck, (size_t)top);
        g->aside_n = top;
        g->stock_n = 0;
        game_event(g, EV_SET_ASIDE, -1, CARD_NONE, CARD_NONE, top);
    } else {
        memcpy(g->stock, deck, (size_t)top);
        g->stock_n = top;
        game_event(g, EV_DEAL_STOCK, -1, CARD_NONE, CARD_NONE, top);
    }
    if (v->turn == TURN_KINGS)
        kings_clear_deal_pairs(g);
    if (v->start == START_PEI)
        pei_after_deal(g); /* Pèi: the turned-up last card and the peeks */

    g->to_move = g->starter;
    g->phase = g->hand_n[g->starter] > 0 ? PHASE_HAND : PHASE_STOCK;
}

void fishing_start_match(Game *g)
{
    g->round = 0;
    g->kings_left = 4;
    g->starter = 0;
    g->dealer = -1;
    for (int s = 0; s < g->n; s++)
        g->match_score[s] = 0;
    start_round(g);
}

/* ---- end of round and match ---- */

static int kings_cut(Game *g, const bool *tied)
{
    Card deck[CEKI_MAX_DECK];
    int n = g->deck_n;
    memcpy(deck, g->deck, (size_t)n);
    bool in[CEKI_MAX_SEATS];
    memcpy(in, tied, sizeof in);
    for (;;) {
        rng_shuffle(&g->rng, deck, n);
        int top = n;
        int value[CEKI_MAX_SEATS] = {0};
        for (int s = 0; s < g->n; s++) {
            if (!in[s])
                continue;
            Card c = deck[--top];
            value[s] = card_rank(c) == 1 ? 14 : card_rank(c); /* aces high */
            game_event(g, EV_CUT, s, c, CARD_NONE, value[s]);
        }
        int leader = keep_leaders(g, in, value);
        if (leader >= 0)
            return leader;
    }
}

/* Kings (RULES.md §3.8): players tied for most Kings cut for the match. */
static void kings_cut_match_tie(Game *g)
{
    int tied = 0;
    for (int s = 0; s < g->n; s++)
        tied += g->match_winner[s];
    if (tied < 2)
        return;
    int winner = kings_cut(g, g->match_winner);
    for (int s = 0; s < g->n; s++)
        g->match_winner[s] = s == winner;
    game_event(g, EV_CUT_WON, winner, CARD_NONE, CARD_NONE, 1);
}

static void mark_best(const Game *g, const int *score, const bool *eligible, bool *out)
{
    int best = 0;
    bool any = false;
    for (int s = 0; s < g->n; s++) {
        if (eligible[s] && (!any || score[s] > best)) {
            best = score[s];
            any = true;
        }
    }
    for (int s = 0; s < g->n; s++)
        out[s] = any && eligible[s] && score[s] == best;
}

static bool match_finished(Game *g)
{
    const VariantDesc *v = g->v;
    switch (v->match_kind) {
    case MATCHKIND_ROUNDS:
    case MATCHKIND_HANDS_WON: return g->round >= g->cfg.rounds;
    case MATCHKIND_EACH_DEALS: return g->round >= g->n;
    case MATCHKIND_EACH_DEALS_UNTIED: {
        if (g->round < g->n)
            return false;
        int best = g->match_score[0], tied = 0;
        for (int s = 1; s < g->n; s++)
            best = g->match_score[s] > best ? g->match_score[s] : best;
        for (int s = 0; s < g->n; s++)
            tied += g->match_score[s] == best;
        /* More rounds while the top is tied; a hundred extra rounds is the
         * guard against a tie that never breaks (then the leaders share). */
        return tied == 1 || g->round >= g->n + 100;
    }
    case MATCHKIND_KINGS: return g->kings_left == 0;
    }
    return true;
}

static void end_round(Game *g)
{
    const VariantDesc *v = g->v;
    bool eligible[CEKI_MAX_SEATS] = {false};
    for (int s = 0; s < g->n; s++) {
        g->round_score[s] =
            score_pile(g->cfg.variant, g->cfg.options, g->captured[s], g->captured_n[s], NULL);
        eligible[s] = !g->forfeited[s] && !g->sitting_out[s];
        game_event(g, EV_ROUND_SCORED, s, CARD_NONE, CARD_NONE, g->round_score[s]);
    }
    mark_best(g, g->round_score, eligible, g->round_winner);
    if (v->start == START_PEI)
        pei_settle_round(g); /* Pèi: stakes and the carried pot */
    if (v->match_kind == MATCHKIND_KINGS) {
        int tied = 0, winner = 0;
        for (int s = 0; s < g->n; s++) {
            if (g->round_winner[s]) {
                tied++;
                winner = s;
            }
        }
        if (tied > 1) {
            winner = kings_cut(g, g->round_winner);
            game_event(g, EV_CUT_WON, winner, CARD_NONE, CARD_NONE, 0);
        }
        for (int s = 0; s < g->n; s++)
            g->round_winner[s] = s == winner;
        static const CardSuit king_suits[4] = {SUIT_SPADES, SUIT_HEARTS, SUIT_DIAMONDS, SUIT_CLUBS};
        Card king = card_french(king_suits[4 - g->kings_left], 13);
        g->kings_left--;
        g->match_score[winner]++;
        game_event(g, EV_KING_WON, winner, king, CARD_NONE, g->match_score[winner]);
    } else {
        for (int s = 0; s < g->n; s++)
            g->match_score[s] += g->round_score[s];
    }
    for (int s = 0; s < g->n; s++) {
        if (g->round_winner[s])
            game_event(g, EV_ROUND_WON, s, CARD_NONE, CARD_NONE, g->round_score[s]);
    }
    g->phase = PHASE_ROUND_OVER;
    g->to_move = g->starter;
    if (match_finished(g)) {
        bool all[CEKI_MAX_SEATS] = {false};
        for (int s = 0; s < g->n; s++)
            all[s] = true;
        mark_best(g, g->match_score, all, g->match_winner);
        if (v->match_kind == MATCHKIND_KINGS)
            kings_cut_match_tie(g);
        game_end_match(g);
    }
}

static void end_turn(Game *g, int seat)
{
    g->turns_taken[seat]++;
    for (int i = 1; i <= g->n; i++) {
        int s = game_seat_after(g, seat, i);
        if (seat_can_act(g, s)) {
            g->to_move = s;
            g->phase = g->hand_n[s] > 0 ? PHASE_HAND : PHASE_STOCK;
            return;
        }
    }
    end_round(g);
}

/* ---- moves ---- */

static void take(Game *g, int seat, Card card, Card target, uint8_t flags, bool turned)
{
    fishing_pool_remove(g, target);
    g->captured[seat][g->captured_n[seat]++] = card;
    g->captured[seat][g->captured_n[seat]++] = target;
    game_public_add(g, PUB_CAPTURE, seat, card, target, turned ? PUB_FLAG_TURNED : 0);
    game_event(g, EV_CAPTURED, seat, card, target, 0);
    if ((flags & MOVE_FLAG_FORFEIT) && !g->forfeited[seat]) {
        g->forfeited[seat] = true;
        game_event(g, EV_FORFEIT, seat, card, target, 0);
    }
}

static void trail(Game *g, int seat, Card card, bool turned)
{
    fishing_pool_push(g, card);
    game_public_add(g, PUB_TRAIL, seat, card, CARD_NONE, turned ? PUB_FLAG_TURNED : 0);
    game_event(g, EV_TRAILED, seat, card, CARD_NONE, 0);
}

/* Kings: turn two, then take every pair of equal rank in the pool. */
static void kings_turn(Game *g, int seat)
{
    for (int k = 0; k < KINGS_TURNED && g->stock_n > 0; k++) {
        Card c = g->stock[--g->stock_n];
        game_event(g, EV_TURNED, seat, c, CARD_NONE, 0);
        fishing_pool_push(g, c);
    }
    while (kings_take_pair(g, seat)) {
    }
}

/* fishing_legal_moves in the hand phase where any match may be taken and
 * the compulsory rule looks at the played card only (Thothit and most of
 * its family): the same moves in the same order, without the capture-order
 * machinery. */
static int free_order_hand_moves(const Game *g, Move *out, int cap)
{
    int seat = g->to_move, n = 0;
    uint64_t seen[2] = {0, 0}; /* kinds already listed */
    bool may_trail_matched = g->v->compulsory == COMPULSORY_NONE;
    bool identical = identical_only(g, seat);
    Move scratch[TARGETS_MAX + 1]; /* where the moves go when out[] is full */
    for (int i = 0; i < g->hand_n[seat]; i++) {
        Card c = g->hand[seat][i];
        if (seen[c / KIND_WORD_BITS] & kind_bit(c))
            continue;
        seen[c / KIND_WORD_BITS] |= kind_bit(c);
        Card kinds[TARGETS_MAX];
        int nk = identical ? (kinds[0] = c, 1) : same_rank_kinds(c, kinds);
        /* Each candidate is written and counted only when it is in the pool:
         * no branch on the cards, which are as good as random. */
        Move *dst = cap - n > TARGETS_MAX ? out + n : scratch;
        int added = 0;
        for (int j = 0; j < nk; j++) {
            dst[added] = (Move){.type = MOVE_PLAY,
                                .seat = (uint8_t)seat,
                                .card = c,
                                .target = kinds[j],
                                .flags = 0};
            added += (g->pool_set[kinds[j] / KIND_WORD_BITS] >> (kinds[j] % KIND_WORD_BITS)) & 1u;
        }
        dst[added] = (Move){
            .type = MOVE_PLAY, .seat = (uint8_t)seat, .card = c, .target = CARD_NONE, .flags = 0};
        added += added == 0 || may_trail_matched;
        if (dst == scratch) { /* near the end of out[]: copy what fits */
            for (int j = 0; j < added && n + j < cap; j++)
                out[n + j] = scratch[j];
        }
        n += added;
    }
    return n;
}

int fishing_legal_moves(const Game *g, Move *out, int cap)
{
    int seat = g->to_move;
    int n = 0;
    const uint8_t *pc = g->pool_kinds;
#define PUSH(...)                                                                                  \
    do {                                                                                           \
        if (n < cap)                                                                               \
            out[n] = (Move){__VA_ARGS__};                                                          \
        n++;                                                                                       \
    } while (0)
    switch (g->phase) {
    case PHASE_HAND: {
        if (g->v->order == ORDER_FREE && g->v->compulsory != COMPULSORY_ANY)
            return free_order_hand_moves(g, out, cap);
        uint64_t seen[2] = {0, 0}; /* kinds already listed */
        Targets t[OBS_MAX_HAND];
        Card kinds[OBS_MAX_HAND];
        int nk = 0;
        bool any_capture = false;
        for (int i = 0; i < g->hand_n[seat]; i++) {
            Card c = g->hand[seat][i];
            uint64_t bit = UINT64_C(1) << (c & 63);
            if (seen[c >> 6] & bit)
                continue;
            seen[c >> 6] |= bit;
            kinds[nk] = c;
            t[nk] = capture_targets(g, seat, c, pc);
            any_capture = any_capture || t[nk].n > 0;
            nk++;
        }
        CompulsoryKind comp = g->v->compulsory;
        for (int i = 0; i < nk; i++) {
            for (int j = 0; j < t[i].n; j++)
                PUSH(.type = MOVE_PLAY, .seat = (uint8_t)seat, .card = kinds[i],
                     .target = t[i].kind[j], .flags = t[i].flags[j]);
            bool may_trail = comp == COMPULSORY_NONE ||
                             (comp == COMPULSORY_PLAYED && t[i].n == 0) ||
                             (comp == COMPULSORY_ANY && !any_capture);
            if (may_trail)
                PUSH(.type = MOVE_PLAY, .seat = (uint8_t)seat, .card = kinds[i],
                     .target = CARD_NONE);
        }
        break;
    }
    case PHASE_STOCK:
        PUSH(.type = MOVE_TURN, .seat = (uint8_t)seat, .card = CARD_NONE, .target = CARD_NONE);
        break;
    case PHASE_STOCK_TAKE: {
        Targets t = capture_targets(g, seat, g->turned, pc);
        for (int j = 0; j < t.n; j++)
            PUSH(.type = MOVE_TAKE, .seat = (uint8_t)seat, .card = CARD_NONE, .target = t.kind[j],
                 .flags = t.flags[j]);
        break;
    }
    default: break;
    }
#undef PUSH
    return n;
}
/* The capture the move names: its target, with the flags the targets give
 * it, into *legal; false when `target` is not among the targets. */
static bool take_target(const Targets *t, Card target, Move *legal)
{
    for (int i = 0; i < t->n; i++) {
        if (t->kind[i] == target) {
            legal->target = target;
            legal->flags = t->flags[i];
            return true;
        }
    }
    return false;
}

bool fishing_find_legal(const Game *g, const Move *m, Move *found)
{
    int seat = g->to_move;
    if (m->seat != seat)
        return false;
    const uint8_t *pc = g->pool_kinds;
    Move legal = {.type = m->type, .seat = (uint8_t)seat, .card = CARD_NONE, .target = CARD_NONE};
    switch (g->phase) {
    case PHASE_HAND: {
        if (m->type != MOVE_PLAY || m->card >= CARD_KIND_LIMIT)
            return false;
        bool in_hand = false;
        for (int i = 0; i < g->hand_n[seat] && !in_hand; i++)
            in_hand = g->hand[seat][i] == m->card;
        if (!in_hand)
            return false;
        Targets t = capture_targets(g, seat, m->card, pc);
        legal.card = m->card;
        if (m->target != CARD_NONE) {
            if (!take_target(&t, m->target, &legal))
                return false;
            break;
        }
        /* A trail: allowed by the compulsory-capture rule? */
        CompulsoryKind comp = g->v->compulsory;
        if (comp == COMPULSORY_PLAYED && t.n > 0)
            return false;
        if (comp == COMPULSORY_ANY) {
            for (int i = 0; i < g->hand_n[seat]; i++) {
                if (capture_targets(g, seat, g->hand[seat][i], pc).n > 0)
                    return false;
            }
        }
        break;
    }
    case PHASE_STOCK:
        if (m->type != MOVE_TURN || m->card != CARD_NONE || m->target != CARD_NONE)
            return false;
        break;
    case PHASE_STOCK_TAKE: {
        if (m->type != MOVE_TAKE || m->card != CARD_NONE || m->target >= CARD_KIND_LIMIT)
            return false;
        Targets t = capture_targets(g, seat, g->turned, pc);
        if (!take_target(&t, m->target, &legal))
            return false;
        break;
    }
    default: return false;
    }
    if (found)
        *found = legal;
    return true;
}

const char *fishing_explain_illegal(const Game *g, const Move *m)
{
    int seat = g->to_move;
    switch (g->phase) {
    case PHASE_STOCK: return N_("Turn the next card of the stock first.");
    case PHASE_STOCK_TAKE:
        return m->type == MOVE_TAKE ? N_("The turned card cannot take that card.")
                                    : N_("Choose which pool card the turned card takes.");
    case PHASE_HAND: break;
    default: return N_("That is not possible now.");
    }
    if (m->type != MOVE_PLAY)
        return N_("Play a card from your hand.");
    bool in_hand = false;
    for (int i = 0; i < g->hand_n[seat]; i++)
        in_hand = in_hand || g->hand[seat][i] == m->card;
    if (!in_hand)
        return N_("That card is not in your hand.");
    const uint8_t *pc = g->pool_kinds;
    Targets t = capture_targets(g, seat, m->card, pc);
    bool first = g->v->first_turn_identical && g->turns_taken[seat] == 0;
    if (m->target == CARD_NONE) {
        if (t.n > 0)
            return N_("A card that can capture must capture; it cannot be laid in the pool.");
        return N_("You must capture with a card that can: another card of your hand can capture.");
    }
    if (pc[m->target] == 0)
        return N_("That card is not in the pool.");
    if (g->v->match == MATCH_IDENTICAL && m->target != m->card)
        return N_("In this game a card captures only its identical twin.");
    if (card_rank(m->target) != card_rank(m->card))
        return N_("A card captures only a card of the same rank.");
    if (first && m->target != m->card)
        return N_("On your first turn a card captures only its identical twin.");
    if (g->v->order == ORDER_TOTIT_TIERS)
        return N_("Take a card of another suit first; the same suit comes next, the twin last.");
    if (g->v->order == ORDER_DENEXA_ODD)
        return N_(
            "That pair has an odd card beside it in the pool: the odd card must be taken first.");
    return N_("That capture is not allowed.");
}

void fishing_apply(Game *g, const Move *m)
{
    int seat = m->seat;
    switch ((MoveType)m->type) {
    case MOVE_PLAY:
        remove_card(g->hand[seat], &g->hand_n[seat], m->card);
        game_event(g, EV_PLAYED, seat, m->card, CARD_NONE, 0);
        if (m->target != CARD_NONE)
            take(g, seat, m->card, m->target, m->flags, false);
        else
            trail(g, seat, m->card, false);
        if (g->v->turn == TURN_HAND_THEN_STOCK && g->stock_n > 0)
            g->phase = PHASE_STOCK;
        else
            end_turn(g, seat);
        break;
    case MOVE_TURN: {
        if (g->v->turn == TURN_KINGS) {
            kings_turn(g, seat);
            end_turn(g, seat);
            break;
        }
        Card c = g->stock[--g->stock_n];
        if (g->v->start == START_PEI)
            pei_after_stock_draw(g); /* Pèi: what was shown has left the stock */
        game_event(g, EV_TURNED, seat, c, CARD_NONE, 0);
        const uint8_t *pc = g->pool_kinds;
        Targets t = capture_targets(g, seat, c, pc);
        if (t.n == 0) {
            trail(g, seat, c, true);
        } else if (t.n == 1) {
            take(g, seat, c, t.kind[0], t.flags[0], true);
        } else {
            g->turned = c;
            g->phase = PHASE_STOCK_TAKE;
            break;
        }
        end_turn(g, seat);
        break;
    }
    case MOVE_TAKE:
        take(g, seat, g->turned, m->target, m->flags, true);
        g->turned = CARD_NONE;
        end_turn(g, seat);
        break;
    case MOVE_NEXT_ROUND: start_round(g); break;
    default: break;
    }
}

CekiStatus fishing_setup_position(Game *g, const Card *hand, int nhand, const Card *pool, int npool,
                                  bool first_turn)
{
    int left[CARD_KIND_LIMIT];
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        left[k] = variant_copies_of(g->v, g->n, (Card)k);
    for (int i = 0; i < nhand + npool; i++) {
        Card c = i < nhand ? hand[i] : pool[i - nhand];
        if (c >= CARD_KIND_LIMIT || left[c] == 0)
            return CEKI_ERR_IMPOSSIBLE;
        left[c]--;
    }
    if (npool > CEKI_MAX_DECK)
        return CEKI_ERR_ARG;
    g->events_n = 0;
    for (int s = 0; s < g->n; s++) {
        g->hand_n[s] = 0;
        g->captured_n[s] = 0;
        g->turns_taken[s] = first_turn ? 0 : 1;
        g->forfeited[s] = false;
    }
    memcpy(g->hand[0], hand, (size_t)nhand);
    g->hand_n[0] = nhand;
    memcpy(g->pool, pool, (size_t)npool);
    g->pool_n = npool;
    fishing_pool_recount(g);
    game_public_reset(g);
    Card *rest = g->v->turn == TURN_HAND_ONLY ? g->aside : g->stock;
    int n = 0;
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        for (int i = 0; i < left[k]; i++)
            rest[n++] = (Card)k;
    }
    rng_shuffle(&g->rng, rest, n);
    g->aside_n = g->v->turn == TURN_HAND_ONLY ? n : 0;
    g->stock_n = g->v->turn == TURN_HAND_ONLY ? 0 : n;
    g->turned = CARD_NONE;
    g->to_move = 0;
    g->starter = 0;
    g->phase = PHASE_HAND;
    return CEKI_OK;
}
