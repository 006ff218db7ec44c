/* ai_eval.c — fast evaluations for the computer players: the score of a
 * captured pile per scoring family (equal to score_counts, which the tests
 * check, but without building a breakdown), what a capture adds, what a
 * trailed card gives away, and Kowah's hand shape. */
#include <string.h>

#include "ai_internal.h"

/* ---- the pile score ----------------------------------------------------- */

static ScoreRule rule_of(VariantId v)
{
    const VariantDesc *d = variant_get(v);
    return d != NULL ? d->score : SCORE_RULE_NONE;
}

/* The rules that score each kind on its own, which kind_points knows. */
static bool separable(VariantId v)
{
    switch (rule_of(v)) {
    case SCORE_RULE_RED_PAIRS:
    case SCORE_RULE_ENTHIT:
    case SCORE_RULE_PAIRS:
    case SCORE_RULE_KUNA:
    case SCORE_RULE_YOGYAKARTA:
    case SCORE_RULE_KINGS: return true;
    default: return false;
    }
}

/* A rule this file has no fast form of: the core's own count. */
static bool generic(VariantId v)
{
    return !separable(v) && rule_of(v) != SCORE_RULE_PEI && rule_of(v) != SCORE_RULE_NONE;
}

/* Points of n copies of kind k in a pile, for the families that score each
 * kind on its own (RULES.md §3.1–3.10). */
static int kind_points(VariantId v, uint32_t options, int k, int n)
{
    bool red = k == CARD_OT || k == CARD_RF || k == CARD_S1 + 8; /* card_is_red_stamped */
    switch (rule_of(v)) {
    case SCORE_RULE_RED_PAIRS: return red ? 20 * (n / 2) + 10 * (n % 2) : 10 * (n / 2);
    case SCORE_RULE_PAIRS: {
        if (!card_is_ceki((Card)k))
            return 0;
        int each = 1;
        if (options & OPTION_ADVANCED)
            each = card_rank((Card)k) == 9 ? 3 : card_rank((Card)k) == 1 ? 2 : 1;
        return each * (n / 2);
    }
    case SCORE_RULE_ENTHIT: {
        int pts = (n / 4) * (red ? 100 : 50);
        n %= 4;
        return pts + (red ? 20 * (n / 2) + 10 * (n % 2) : 10 * (n / 2));
    }
    case SCORE_RULE_KUNA: {
        int v4 = red ? 20 : 10, v3 = red ? 10 : 5, v2 = red ? 1 : 0;
        int best = 0;
        for (int f = 0; f * 4 <= n; f++) {
            for (int t = 0; f * 4 + t * 3 <= n; t++) {
                int pts = f * v4 + t * v3 + ((n - f * 4 - t * 3) / 2) * v2;
                best = pts > best ? pts : best;
            }
        }
        return best;
    }
    case SCORE_RULE_YOGYAKARTA: return 10 * (n / 2) + (red ? 10 * n : 0);
    case SCORE_RULE_KINGS: return card_is_french((Card)k) ? n : 0;
    default: return 0;
    }
}

/* Pèi (score_pei.c): the same maximum over run length and the pang picis /
 * macan choice, computed from counts without building assignments. */
enum { PEI_IRENG, PEI_ABANG, PEI_KEYANG, PEI_PICIS, PEI_MACAN };
static const int pei_rate_table[][5] = {
    [PEI_RATES_SURAKARTA] = {13, 13, 12, 11, 10},
    [PEI_RATES_MAGELANG] = {30, 30, 20, 20, 10},
    [PEI_RATES_CHINESE] = {13, 13, 12, 11, 10},
};
#define C_(n) ((Card)(CARD_C1 + (n)-1))
#define S_(n) ((Card)(CARD_S1 + (n)-1))
#define M_(n) ((Card)(CARD_M1 + (n)-1))

/* card_face_value for Ceki kinds: C/S/M 1..9, honours 1. */
static int face(Card k)
{
    return k < CARD_OT ? k % 9 + 1 : 1;
}

/* Bonus over face value for `copies` of kind k scoring at `rate`. */
static int rate_bonus(int rate, Card k, int copies)
{
    return copies * (rate - face(k));
}

typedef struct PeiRates {
    const int *r;
    bool extras; /* further copies of a member kind score the rate too */
} PeiRates;

static PeiRates pei_rates(VariantId v)
{
    const VariantDesc *d = variant_get(v);
    return (PeiRates){pei_rate_table[d->pei_rates], !d->pei_once};
}

static const Card pei_abang[3] = {CARD_OT, CARD_RF, S_(9)};
static const Card pei_keyang[3] = {CARD_WF, S_(8), M_(9)};

/* bunci abang and pang kéyang share no kind with anything: their bonus over
 * face value on their own. */
static int pei_trio(const PeiRates *pr, int combo, const Card trio[3], const uint8_t *n)
{
    if (!n[trio[0]] || !n[trio[1]] || !n[trio[2]])
        return 0;
    int bonus = 0;
    for (int i = 0; i < 3; i++)
        bonus += rate_bonus(pr->r[combo], trio[i], pr->extras ? n[trio[i]] : 1);
    return bonus;
}

static bool pei_in_trio(const Card trio[3], Card k)
{
    return k == trio[0] || k == trio[1] || k == trio[2];
}

/* bunci ireng, pang picis and macan, tied by C8 and C9: the best bonus. */
static bool pei_in_coupled(Card k)
{
    return k <= C_(9) || k == S_(1) || k == M_(1) || k == S_(2) || k == M_(2);
}

static int pei_coupled(const PeiRates *pr, const uint8_t *n)
{
    const int *r = pr->r;
    bool extras = pr->extras;
    int longest = 0;
    while (longest < 9 && n[C_(longest + 1)] > 0)
        longest++;
    bool picis_ok = n[S_(2)] && n[M_(2)] && n[C_(8)];
    bool macan_ok = n[S_(1)] && n[M_(1)] && n[C_(9)];
    /* A run only gains by stopping early to free its C8 or C9. */
    int runs[3], nruns = 0;
    runs[nruns++] = longest >= 3 ? longest : 0;
    if (longest >= 8)
        runs[nruns++] = 7;
    if (longest >= 9)
        runs[nruns++] = 8;
    int picis = 0, macan = 0;
    if (picis_ok)
        picis = rate_bonus(r[PEI_PICIS], S_(2), extras ? n[S_(2)] : 1) +
                rate_bonus(r[PEI_PICIS], M_(2), extras ? n[M_(2)] : 1);
    if (macan_ok)
        macan = rate_bonus(r[PEI_MACAN], S_(1), extras ? n[S_(1)] : 1) +
                rate_bonus(r[PEI_MACAN], M_(1), extras ? n[M_(1)] : 1);
    int best = 0;
    for (int i = 0; i < nruns; i++) {
        int run = runs[i];
        int low = 0; /* C1..C7 of the run */
        for (int c = 1; c <= run && c <= 7; c++)
            low += rate_bonus(r[PEI_IRENG], C_(c), extras ? n[C_(c)] : 1);
        for (int p = 0; p <= (picis_ok ? 1 : 0); p++) {
            for (int m = 0; m <= (macan_ok ? 1 : 0); m++) {
                int need8 = (run >= 8) + p, need9 = (run >= 9) + m;
                if (n[C_(8)] < need8 || n[C_(9)] < need9)
                    continue;
                int bonus = low + (p ? picis : 0) + (m ? macan : 0);
                /* C8 and C9: one copy per combination using it, spares to the
                 * best-paying one (pei, pei-magelang) or face value. */
                const struct {
                    Card k;
                    bool in_run;
                    bool other;
                    int other_rate;
                    int need;
                } shared[2] = {{C_(8), run >= 8, p == 1, r[PEI_PICIS], need8},
                               {C_(9), run >= 9, m == 1, r[PEI_MACAN], need9}};
                for (int j = 0; j < 2; j++) {
                    int top = 0;
                    if (shared[j].in_run) {
                        bonus += rate_bonus(r[PEI_IRENG], shared[j].k, 1);
                        top = r[PEI_IRENG];
                    }
                    if (shared[j].other) {
                        bonus += rate_bonus(shared[j].other_rate, shared[j].k, 1);
                        top = shared[j].other_rate > top ? shared[j].other_rate : top;
                    }
                    if (extras && top > 0)
                        bonus += rate_bonus(top, shared[j].k, n[shared[j].k] - shared[j].need);
                }
                best = bonus > best ? bonus : best;
            }
        }
    }
    return best;
}

static int pei_score(VariantId v, const uint8_t *n)
{
    PeiRates pr = pei_rates(v);
    int base = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        base += n[k] * face((Card)k);
    return base + pei_trio(&pr, PEI_ABANG, pei_abang, n) +
           pei_trio(&pr, PEI_KEYANG, pei_keyang, n) + pei_coupled(&pr, n);
}

/* What adding a and b adds: face values, and the change of only the
 * combination blocks they belong to. n is restored. */
static int pei_gain(VariantId v, uint8_t *n, Card a, Card b)
{
    if (!card_is_ceki(a) || !card_is_ceki(b))
        return 0;
    PeiRates pr = pei_rates(v);
    int gain = face(a) + face(b);
    bool abang = pei_in_trio(pei_abang, a) || pei_in_trio(pei_abang, b);
    bool keyang = pei_in_trio(pei_keyang, a) || pei_in_trio(pei_keyang, b);
    bool coupled = pei_in_coupled(a) || pei_in_coupled(b);
    int before = (abang ? pei_trio(&pr, PEI_ABANG, pei_abang, n) : 0) +
                 (keyang ? pei_trio(&pr, PEI_KEYANG, pei_keyang, n) : 0) +
                 (coupled ? pei_coupled(&pr, n) : 0);
    n[a]++;
    n[b]++;
    int after = (abang ? pei_trio(&pr, PEI_ABANG, pei_abang, n) : 0) +
                (keyang ? pei_trio(&pr, PEI_KEYANG, pei_keyang, n) : 0) +
                (coupled ? pei_coupled(&pr, n) : 0);
    n[a]--;
    n[b]--;
    return gain + after - before;
}

int ai_pile_score(VariantId v, uint32_t options, const uint8_t counts[CARD_KIND_LIMIT])
{
    if (generic(v))
        return score_counts(v, options, counts, NULL);
    if (!separable(v))
        return rule_of(v) == SCORE_RULE_PEI ? pei_score(v, counts) : 0;
    int total = 0;
    bool french = variant_get(v)->deck == DECK_FRENCH_NO_KINGS;
    int first = french ? CARD_FRENCH_FIRST : 0;
    int end = french ? CARD_FRENCH_END : CARD_CEKI_KINDS;
    for (int k = first; k < end; k++) {
        if (counts[k])
            total += kind_points(v, options, k, counts[k]);
    }
    return total;
}

int ai_capture_gain(VariantId v, uint32_t options, uint8_t counts[CARD_KIND_LIMIT], int base,
                    Card a, Card b)
{
    if (a >= CARD_KIND_LIMIT || b >= CARD_KIND_LIMIT)
        return 0;
    if (separable(v)) {
        if (a == b)
            return kind_points(v, options, a, counts[a] + 2) -
                   kind_points(v, options, a, counts[a]);
        return kind_points(v, options, a, counts[a] + 1) - kind_points(v, options, a, counts[a]) +
               kind_points(v, options, b, counts[b] + 1) - kind_points(v, options, b, counts[b]);
    }
    if (generic(v)) {
        counts[a]++;
        counts[b]++;
        int after = score_counts(v, options, counts, NULL);
        counts[a]--;
        counts[b]--;
        return after - base;
    }
    return rule_of(v) == SCORE_RULE_PEI ? pei_gain(v, counts, a, b) : 0;
}

double ai_card_worth(VariantId v, uint32_t options, Card k)
{
    if (k >= CARD_KIND_LIMIT)
        return 0.0;
    if (separable(v))
        return (kind_points(v, options, k, 2) - kind_points(v, options, k, 0)) / 2.0;
    if (generic(v)) { /* half of what a pair of it scores alone */
        uint8_t pair[CARD_KIND_LIMIT] = {0};
        pair[k] = 2;
        return score_counts(v, options, pair, NULL) / 2.0;
    }
    if (rule_of(v) != SCORE_RULE_PEI || !card_is_ceki(k))
        return 0.0;
    /* Pèi: face value, and half of what a combination would add. */
    const int *r = pei_rate_table[variant_get(v)->pei_rates];
    int rate = 0;
    if (k <= C_(9))
        rate = r[PEI_IRENG];
    if (k == CARD_OT || k == CARD_RF || k == S_(9))
        rate = r[PEI_ABANG];
    if (k == CARD_WF || k == S_(8) || k == M_(9))
        rate = r[PEI_KEYANG];
    if (k == S_(2) || k == M_(2))
        rate = r[PEI_PICIS];
    if (k == S_(1) || k == M_(1))
        rate = r[PEI_MACAN];
    int fv = face(k);
    return fv + (rate > fv ? (rate - fv) * 0.5 : 0.0);
}

/* ---- Kowah's hand shape -------------------------------------------------- */

/* Cards of an eight-card checki hand the hand already holds, for the best
 * target hand: A (two triplets by rank and an identical pair) or B (a
 * triplet and five of one rank: two identical pairs and a fifth card
 * identical to neither). */
static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* The kinds of each rank: ranks 2..9 have C, S, M; rank 1 also the honours. */
static int kinds_of_rank(int r, Card out[6])
{
    int n = 0;
    out[n++] = C_(r);
    out[n++] = S_(r);
    out[n++] = M_(r);
    if (r == 1) {
        out[n++] = CARD_OT;
        out[n++] = CARD_WF;
        out[n++] = CARD_RF;
    }
    return n;
}

/* Shape B kept: five of rank R (pairs of kinds i and j; a fifth), then
 * the best triplet of another rank (`other`) or of R itself. */
static int kowah_kept_b(const uint8_t c[CARD_CEKI_KINDS], const int rank[10], int R, int other)
{
    Card kinds[6];
    int nk = kinds_of_rank(R, kinds);
    int best = 0;
    for (int i = 0; i < nk; i++) {
        int pa = min_int(2, c[kinds[i]]);
        for (int j = i; j < nk; j++) {
            int pb = min_int(2, c[kinds[j]] - (i == j ? pa : 0));
            int fifth = 0;
            for (int f = 0; f < nk && !fifth; f++) {
                if (f != i && f != j && c[kinds[f]] > 0)
                    fifth = 1;
            }
            int five = pa + pb + fifth;
            int same = min_int(3, rank[R] - five);
            int kept = five + (same > other ? same : other);
            best = kept > best ? kept : best;
        }
    }
    return best;
}

static int kowah_kept(const uint8_t c[CARD_CEKI_KINDS])
{
    int rank[10] = {0};
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        rank[k < CARD_OT ? k % 9 + 1 : 1] += c[k];
    /* The three best triplet contributions min(3, rank[r]) and the best
     * six-of-a-rank, to replace one rank's figure quickly. */
    int t3[10], top[3] = {0, 0, 0}, top_r[3] = {0, 0, 0};
    for (int r = 1; r <= 9; r++) {
        t3[r] = min_int(3, rank[r]);
        for (int i = 0; i < 3; i++) {
            if (t3[r] > top[i]) {
                for (int j = 2; j > i; j--) {
                    top[j] = top[j - 1];
                    top_r[j] = top_r[j - 1];
                }
                top[i] = t3[r];
                top_r[i] = r;
                break;
            }
        }
    }
    int best = 0;
    /* A: the pair p, two triplets from what is left (or six of one rank). */
    for (int p = 0; p < CARD_CEKI_KINDS; p++) {
        int pair = min_int(2, c[p]);
        int rp = p < CARD_OT ? p % 9 + 1 : 1;
        int adj = min_int(3, rank[rp] - pair);
        /* best two among the t3 with rank rp replaced by adj */
        int a = 0, b = 0;
        for (int i = 0, used = 0; i < 3 && used < 2; i++) {
            if (top_r[i] == rp)
                continue;
            if (used++ == 0)
                a = top[i];
            else
                b = top[i];
        }
        if (adj > a) {
            b = a;
            a = adj;
        } else if (adj > b) {
            b = adj;
        }
        int six = min_int(6, rank[rp] - pair);
        for (int r = 1; r <= 9; r++) {
            if (r != rp)
                six = six > min_int(6, rank[r]) ? six : min_int(6, rank[r]);
        }
        int kept = pair + (a + b > six ? a + b : six);
        best = kept > best ? kept : best;
    }
    /* B: five of rank R (pairs a, b; a fifth f), then a triplet. */
    for (int R = 1; R <= 9; R++) {
        if (rank[R] < 2)
            continue;  /* at most one card of the five: A does as well */
        int other = 0; /* the best triplet of another rank */
        for (int i = 0; i < 3; i++) {
            if (top_r[i] != R) {
                other = top[i];
                break;
            }
        }
        int kept = kowah_kept_b(c, rank, R, other);
        best = kept > best ? kept : best;
    }
    return best > 8 ? 8 : best;
}

int ai_kowah_missing(const uint8_t counts[CARD_CEKI_KINDS])
{
    return 8 - kowah_kept(counts);
}

double ai_kowah_shape(const uint8_t counts[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS])
{
    double value = -10.0 * ai_kowah_missing(counts);
    /* Tie-breaks: identical pairs and rank groups whose missing copies are
     * still live. */
    int rank_live[10] = {0}, rank_held[10] = {0};
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int live = 4 - counts[k] - seen[k];
        live = live < 0 ? 0 : live;
        rank_live[card_rank((Card)k)] += live;
        rank_held[card_rank((Card)k)] += counts[k];
        if (counts[k] >= 2)
            value += 1.0 + 0.3 * live;
        else if (counts[k] == 1)
            value += 0.1 * live;
    }
    for (int r = 1; r <= 9; r++) {
        if (rank_held[r] >= 2)
            value += 0.05 * rank_live[r];
    }
    return value;
}
