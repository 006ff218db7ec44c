/* pei.c — Pèi's pool layout, placing and stakes (see pei.h for the readings). */
#include "pei.h"
#include "status.h"

#include <string.h>

#include "game_internal.h"

/* ---- the pool laid out by rank ------------------------------------------ */

GameRole pei_pool_side(int rank)
{
    switch (rank) {
    case 9:
    case 1: return ROLE_RAJA;
    case 8:
    case 2: return ROLE_PATIH;
    case 7:
    case 3:
    case 5: return ROLE_UNYIK;
    case 6:
    case 4: return ROLE_DEALER;
    default: return ROLE_NONE;
    }
}

int pei_pool_ranks(GameRole side, int ranks[3])
{
    static const int raja[] = {9, 1};
    static const int patih[] = {8, 2};
    static const int unyik[] = {7, 3, 5};
    static const int dealer[] = {6, 4};
    const int *src = NULL;
    int n = 0;
    switch (side) {
    case ROLE_RAJA: src = raja, n = 2; break;
    case ROLE_PATIH: src = patih, n = 2; break;
    case ROLE_UNYIK: src = unyik, n = 3; break;
    case ROLE_DEALER: src = dealer, n = 2; break;
    case ROLE_NONE: break;
    }
    for (int i = 0; i < n; i++)
        ranks[i] = src[i];
    return n;
}

/* ---- the seat ceremony --------------------------------------------------- */

bool pei_ceremony_order(const int sums[PEI_PLAYERS], int order[PEI_PLAYERS], bool tied[PEI_PLAYERS])
{
    bool all_clear = true;
    for (int i = 0; i < PEI_PLAYERS; i++) {
        order[i] = i;
        tied[i] = false;
        for (int j = 0; j < PEI_PLAYERS; j++) {
            if (j != i && sums[j] == sums[i])
                tied[i] = true;
        }
        all_clear = all_clear && !tied[i];
    }
    /* Stable sort by sum, highest first (three items: insertion sort). */
    for (int i = 1; i < PEI_PLAYERS; i++) {
        for (int j = i; j > 0 && sums[order[j]] > sums[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    return all_clear;
}

/* ---- placing --------------------------------------------------------------- */

void pei_place(const int scores[PEI_PLAYERS], int place[PEI_PLAYERS])
{
    int hi = scores[0];
    int lo = scores[0];
    for (int i = 1; i < PEI_PLAYERS; i++) {
        hi = scores[i] > hi ? scores[i] : hi;
        lo = scores[i] < lo ? scores[i] : lo;
    }
    for (int i = 0; i < PEI_PLAYERS; i++)
        place[i] = scores[i] == hi ? PEI_NGETE : scores[i] == lo ? PEI_KETE : PEI_TENGAH;
}

const char *pei_place_name(int place)
{
    switch (place) {
    case PEI_NGETE: return "nget\xc3\xa9";
    case PEI_TENGAH: return "tengah";
    case PEI_KETE: return "kete";
    default: return "?";
    }
}

const char *pei_place_key(int place)
{
    switch (place) {
    case PEI_NGETE: return "ngete";
    case PEI_TENGAH: return "tengah";
    case PEI_KETE: return "kete";
    default: return "?";
    }
}

int pei_next_unyik(const int scores[PEI_PLAYERS], int raja, int dir)
{
    int place[PEI_PLAYERS];
    pei_place(scores, place);
    int lowest = PEI_NGETE; /* the worst place anyone holds */
    for (int i = 0; i < PEI_PLAYERS; i++)
        lowest = place[i] > lowest ? place[i] : lowest;
    /* The first in play order after the raja: patih, unyik, then raja. */
    for (int i = 1; i <= PEI_PLAYERS; i++) {
        int seat = ((raja + dir * i) % PEI_PLAYERS + PEI_PLAYERS) % PEI_PLAYERS;
        if (place[seat] == lowest)
            return seat;
    }
    return raja; /* not reached */
}

/* ---- stakes ---------------------------------------------------------------- */

static void stakes_pay(PeiStakes *st, int payer, int payee, int units, PeiPayReason reason)
{
    if (units <= 0 || payer == payee || st->npay >= PEI_MAX_PAYMENTS)
        return;
    PeiPayment *p = &st->pay[st->npay++];
    p->payer = (int8_t)payer;
    p->payee = (int8_t)payee;
    p->units = units;
    p->reason = (uint8_t)reason;
    if (payer == PEI_POT)
        st->pot -= units;
    else
        st->net[payer] -= units;
    if (payee == PEI_POT)
        st->pot += units;
    else
        st->net[payee] += units;
}

static void stakes_ante(PeiStakes *st)
{
    for (int i = 0; i < PEI_PLAYERS; i++)
        stakes_pay(st, i, PEI_POT, PEI_ANTE, PEI_PAY_ANTE);
}

/* Players ordered by score, highest first (ties in index order). */
static void stakes_positions(const int scores[PEI_PLAYERS], int by_pos[PEI_PLAYERS])
{
    for (int i = 0; i < PEI_PLAYERS; i++)
        by_pos[i] = i;
    for (int i = 1; i < PEI_PLAYERS; i++) {
        for (int j = i; j > 0 && scores[by_pos[j]] > scores[by_pos[j - 1]]; j--) {
            int t = by_pos[j];
            by_pos[j] = by_pos[j - 1];
            by_pos[j - 1] = t;
        }
    }
}

/* Pays prize[pos] (positions 1st, 2nd, 3rd) from the pot; tied players pool
 * the prizes of the positions they span and split them, the remainder stays
 * in the pot. reason[pos] labels each position's payment. */
static void stakes_prizes(PeiStakes *st, const int scores[PEI_PLAYERS],
                          const int prize[PEI_PLAYERS], const PeiPayReason reason[PEI_PLAYERS])
{
    int by_pos[PEI_PLAYERS];
    stakes_positions(scores, by_pos);
    int pos = 0;
    while (pos < PEI_PLAYERS) {
        int end = pos + 1;
        while (end < PEI_PLAYERS && scores[by_pos[end]] == scores[by_pos[pos]])
            end++;
        int pooled = 0;
        for (int q = pos; q < end; q++)
            pooled += prize[q];
        int share = pooled / (end - pos);
        for (int q = pos; q < end; q++)
            stakes_pay(st, PEI_POT, by_pos[q], share, reason[pos]);
        pos = end;
    }
}

static void stakes_wudon(PeiStakes *st, const int scores[PEI_PLAYERS], int hi)
{
    stakes_ante(st);
    int pot = PEI_ANTE * PEI_PLAYERS; /* 6: ⅔ is 4, ⅓ is 2 */
    if (hi >= 350) {
        static const PeiPayReason r[PEI_PLAYERS] = {PEI_PAY_WUDON_ALL, PEI_PAY_WUDON_ALL,
                                                    PEI_PAY_WUDON_ALL};
        const int prize[PEI_PLAYERS] = {pot, 0, 0};
        stakes_prizes(st, scores, prize, r);
    } else {
        static const PeiPayReason r[PEI_PLAYERS] = {PEI_PAY_WUDON_FIRST, PEI_PAY_WUDON_SECOND,
                                                    PEI_PAY_WUDON_SECOND};
        const int prize[PEI_PLAYERS] = {pot * 2 / 3, pot - pot * 2 / 3, 0};
        stakes_prizes(st, scores, prize, r);
    }
}

static void stakes_rampung(PeiStakes *st, const int scores[PEI_PLAYERS], int hi, bool jung)
{
    const int *place = st->place;
    /* té: every kete pays every ngeté. */
    for (int k = 0; k < PEI_PLAYERS; k++) {
        if (place[k] != PEI_KETE)
            continue;
        for (int w = 0; w < PEI_PLAYERS; w++) {
            if (place[w] != PEI_NGETE)
                continue;
            if (scores[k] >= 200)
                stakes_pay(st, k, w, 1, PEI_PAY_TE_LUMRAH);
            else
                stakes_pay(st, k, w, 2, PEI_PAY_TE_MATI);
        }
    }
    /* belahan and patang atusan: every other player pays every ngeté. */
    for (int tier = 0; tier < 2; tier++) {
        if (hi < (tier == 0 ? 350 : 400))
            continue;
        for (int o = 0; o < PEI_PLAYERS; o++) {
            if (place[o] == PEI_NGETE)
                continue;
            for (int w = 0; w < PEI_PLAYERS; w++) {
                if (place[w] == PEI_NGETE)
                    stakes_pay(st, o, w, 2, tier == 0 ? PEI_PAY_BELAHAN : PEI_PAY_PATANG_ATUSAN);
            }
        }
    }
    if (!jung)
        return;
    /* jung: each lower player pays each higher one, per 10 points, rounded
     * up. Higher payees first, as the source tells it. */
    int by_pos[PEI_PLAYERS];
    stakes_positions(scores, by_pos);
    for (int a = 0; a < PEI_PLAYERS; a++) {
        for (int b = a + 1; b < PEI_PLAYERS; b++) {
            int hi_p = by_pos[a];
            int lo_p = by_pos[b];
            int diff = scores[hi_p] - scores[lo_p];
            stakes_pay(st, lo_p, hi_p, (diff + 9) / 10, PEI_PAY_JUNG);
        }
    }
}

/* Whole pot to the top scorer(s); the remainder of a split stays. */
static void stakes_jackpot(PeiStakes *st, const int scores[PEI_PLAYERS])
{
    int by_pos[PEI_PLAYERS];
    stakes_positions(scores, by_pos);
    int top = 1;
    while (top < PEI_PLAYERS && scores[by_pos[top]] == scores[by_pos[0]])
        top++;
    int share = st->pot / top;
    for (int q = 0; q < top; q++)
        stakes_pay(st, PEI_POT, by_pos[q], share, PEI_PAY_NIR);
}

CekiStatus pei_settle_stakes(StakeScheme scheme, bool jung, const int scores[PEI_PLAYERS], int pot,
                             PeiStakes *out)
{
    if (!scores || !out || (int)scheme < 0 || scheme >= STAKES_COUNT || pot < 0)
        return CEKI_ERR_ARG;
    for (int i = 0; i < PEI_PLAYERS; i++) {
        if (scores[i] < 0)
            return CEKI_ERR_ARG;
    }
    PeiStakes st;
    memset(&st, 0, sizeof st);
    pei_place(scores, st.place);
    st.pot = pot;
    int hi = scores[0];
    for (int i = 1; i < PEI_PLAYERS; i++)
        hi = scores[i] > hi ? scores[i] : hi;

    switch (scheme) {
    case STAKES_NONE: break;
    case STAKES_WUDON: stakes_wudon(&st, scores, hi); break;
    case STAKES_RAMPUNG: stakes_rampung(&st, scores, hi, jung); break;
    case STAKES_PAREWANAN:
        stakes_wudon(&st, scores, hi);
        stakes_rampung(&st, scores, hi, jung);
        break;
    case STAKES_NIR:
        stakes_ante(&st);
        if (hi >= 400)
            stakes_jackpot(&st, scores);
        break;
    case STAKES_JEDHIL:
        if (hi >= 400) {
            stakes_ante(&st);
            stakes_jackpot(&st, scores);
        } else {
            static const PeiPayReason r[PEI_PLAYERS] = {PEI_PAY_JEDHIL_FIRST, PEI_PAY_JEDHIL_SECOND,
                                                        PEI_PAY_JEDHIL_SECOND};
            const int prize[PEI_PLAYERS] = {hi >= 350 ? 3 : 2, 1, 0};
            if (st.pot < prize[0] + prize[1])
                stakes_ante(&st);
            stakes_prizes(&st, scores, prize, r);
        }
        break;
    case STAKES_COUNT: break;
    }
    *out = st;
    return CEKI_OK;
}

static const char *const reason_keys[PEI_PAY_COUNT] = {
    [PEI_PAY_ANTE] = "ante",
    [PEI_PAY_WUDON_FIRST] = "wudon-first",
    [PEI_PAY_WUDON_SECOND] = "wudon-second",
    [PEI_PAY_WUDON_ALL] = "wudon-all",
    [PEI_PAY_TE_LUMRAH] = "te-lumrah",
    [PEI_PAY_TE_MATI] = "te-mati",
    [PEI_PAY_BELAHAN] = "belahan",
    [PEI_PAY_PATANG_ATUSAN] = "patang-atusan",
    [PEI_PAY_JUNG] = "jung",
    [PEI_PAY_NIR] = "nir",
    [PEI_PAY_JEDHIL_FIRST] = "jedhil-first",
    [PEI_PAY_JEDHIL_SECOND] = "jedhil-second",
};

static const char *const reason_labels[PEI_PAY_COUNT] = {
    [PEI_PAY_ANTE] = N_("stake into the pot"),
    [PEI_PAY_WUDON_FIRST] = N_("wudon: two thirds of the pot"),
    [PEI_PAY_WUDON_SECOND] = N_("wudon: a third of the pot"),
    [PEI_PAY_WUDON_ALL] = N_("wudon: the whole pot (350 or more)"),
    [PEI_PAY_TE_LUMRAH] = N_("t\xc3\xa9 lumrah (last, with 200 or more)"),
    [PEI_PAY_TE_MATI] = N_("t\xc3\xa9 mati (last, under 200)"),
    [PEI_PAY_BELAHAN] = N_("belahan (winner with 350 or more)"),
    [PEI_PAY_PATANG_ATUSAN] = N_("patang atusan (winner with 400 or more)"),
    [PEI_PAY_JUNG] = N_("jung (a unit per ten points)"),
    [PEI_PAY_NIR] = N_("nir: the whole pot (400 or more)"),
    [PEI_PAY_JEDHIL_FIRST] = N_("jedhil: first's share of the pot"),
    [PEI_PAY_JEDHIL_SECOND] = N_("jedhil: second's share of the pot"),
};

const char *pei_reason_key(int reason)
{
    return reason >= 0 && reason < PEI_PAY_COUNT ? reason_keys[reason] : "?";
}

const char *pei_reason_label(int reason)
{
    return reason >= 0 && reason < PEI_PAY_COUNT ? reason_labels[reason] : "?";
}

/* ---- engine hooks ------------------------------------------------------------ */

enum { PEI_PACKETS = 8, PEI_PACKET_SIZE = 14, PEI_DECK = 120 };

static int pei_seat_of(const Game *g, GameRole role)
{
    for (int s = 0; s < g->n; s++) {
        if (g->role[s] == role)
            return s;
    }
    return -1;
}

void pei_prepare_deck(Game *g, Card *deck, int n)
{
    if (!g->v->packet_deal || n != PEI_DECK || g->n != PEI_PLAYERS)
        return;
    int d1 = 1 + (int)rng_below(&g->rng, 6);
    int d2 = 1 + (int)rng_below(&g->rng, 6);
    game_event(g, EV_DICE, -1, (Card)d1, (Card)d2, d1 + d2);
    int first = (d1 + d2 - 1) % PEI_PACKETS; /* 0-based packet where the count stops */
    int use_of[PEI_PACKETS];
    int owner[PEI_PACKETS];
    for (int i = 0; i < PEI_PACKETS; i++) {
        int p = (first + i) % PEI_PACKETS;
        use_of[p] = i < 3 ? PEI_PACKET_STOCK : i < 5 ? PEI_PACKET_POOL : PEI_PACKET_HAND;
        owner[p] = i < 5 ? -1 : game_seat_after(g, g->starter, i - 5);
    }
    Card out[PEI_DECK];
    int top = PEI_DECK;
    /* Hands, as the ordinary deal takes them: one card to each seat in turn
     * from the raja, from the top (the end) of the deck. */
    for (int i = 0; i < PEI_PACKET_SIZE; i++) {
        for (int k = 0; k < PEI_PLAYERS; k++) {
            int seat = game_seat_after(g, g->starter, k);
            for (int p = 0; p < PEI_PACKETS; p++) {
                if (owner[p] == seat)
                    out[--top] = deck[p * PEI_PACKET_SIZE + i];
            }
        }
    }
    /* The pool: its two packets, then the loose cards. */
    for (int i = 0; i < PEI_PACKETS; i++) {
        int p = (first + i) % PEI_PACKETS;
        if (use_of[p] != PEI_PACKET_POOL)
            continue;
        for (int j = 0; j < PEI_PACKET_SIZE; j++)
            out[--top] = deck[p * PEI_PACKET_SIZE + j];
    }
    for (int j = PEI_PACKETS * PEI_PACKET_SIZE; j < PEI_DECK; j++)
        out[--top] = deck[j];
    /* The stock: its three packets, the first drawn first. */
    for (int i = 0; i < PEI_PACKETS; i++) {
        int p = (first + i) % PEI_PACKETS;
        if (use_of[p] != PEI_PACKET_STOCK)
            continue;
        for (int j = 0; j < PEI_PACKET_SIZE; j++)
            out[--top] = deck[p * PEI_PACKET_SIZE + j];
    }
    for (int i = 0; i < PEI_PACKETS; i++) {
        int p = (first + i) % PEI_PACKETS;
        game_event(g, EV_PACKET, owner[p], (Card)(p + 1), CARD_NONE, use_of[p]);
    }
    game_event(g, EV_PACKET, -1, 0, CARD_NONE, PEI_PACKET_POOL);
    memcpy(deck, out, sizeof out);
}

void pei_after_deal(Game *g)
{
    if (g->stock_n == 0)
        return;
    if (g->v->unyik_peeks) {
        int unyik = pei_seat_of(g, ROLE_UNYIK);
        if (unyik >= 0) {
            g->peek[unyik] = g->stock[0];
            g->peek_depth[unyik] = 1;
            game_event(g, EV_PEEK, unyik, g->stock[0], CARD_NONE, 1);
        }
        return;
    }
    g->stock_last_public = g->stock[0];
    game_event(g, EV_PEEK, -1, g->stock[0], CARD_NONE, 1);
    int patih = pei_seat_of(g, ROLE_PATIH);
    if (patih >= 0 && g->stock_n >= 2) {
        g->peek[patih] = g->stock[1];
        g->peek_depth[patih] = 2;
        game_event(g, EV_PEEK, patih, g->stock[1], CARD_NONE, 2);
    }
}

void pei_after_stock_draw(Game *g)
{
    if (g->stock_n == 0)
        g->stock_last_public = CARD_NONE;
    for (int s = 0; s < g->n; s++) {
        if (g->peek_depth[s] > g->stock_n) {
            g->peek[s] = CARD_NONE;
            g->peek_depth[s] = 0;
        }
    }
}

void pei_settle_round(Game *g)
{
    PeiStakes st;
    bool jung = (g->cfg.options & OPTION_JUNG) != 0;
    if (g->n != PEI_PLAYERS ||
        pei_settle_stakes(g->cfg.stakes, jung, g->round_score, g->pot, &st) != CEKI_OK)
        return;
    for (int s = 0; s < PEI_PLAYERS; s++)
        g->units[s] += st.net[s];
    g->pot = st.pot;
    for (int i = 0; i < st.npay; i++) {
        const PeiPayment *p = &st.pay[i];
        game_event(g, EV_STAKE_PAID, p->payer, (Card)p->reason,
                   p->payee == PEI_POT ? CARD_NONE : (Card)p->payee, p->units);
    }
}
