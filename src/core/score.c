/* score.c — every scoring rule but Pèi's (score_pei.c), from card counts;
 * the variant names its rule (VariantDesc.score). */
#include "score.h"
#include "status.h"

#include <stdio.h>
#include <string.h>

static void group_add_to(ScoreBreakdown *out, ScoreGroupKind kind, const char *label, Card card,
                         int copies, int points)
{
    /* Merge with an existing group of the same kind and label. */
    ScoreGroup *grp = NULL;
    for (int i = 0; i < out->ngroups; i++) {
        if (out->groups[i].kind == kind && strcmp(out->groups[i].label, label) == 0) {
            grp = &out->groups[i];
            break;
        }
    }
    if (!grp) {
        if (out->ngroups == SCORE_MAX_GROUPS)
            return;
        grp = &out->groups[out->ngroups++];
        grp->kind = (uint8_t)kind;
        snprintf(grp->label, sizeof grp->label, "%s", label);
        grp->ncards = 0;
        grp->points = 0;
    }
    for (int i = 0; i < copies && grp->ncards < CEKI_MAX_DECK; i++)
        grp->cards[grp->ncards++] = card;
    grp->points += points;
}

/* Adds cards to the breakdown's group of that kind and label (skipped on the
 * fast path, when there is no breakdown). */
#define group_add(out, kind, label, card, copies, points)                                          \
    do {                                                                                           \
        if ((out) && (copies) > 0)                                                                 \
            group_add_to(out, kind, label, card, copies, points);                                  \
    } while (0)

/* Sackson, Totit, Totit (Denexa): one point an identical pair; Sackson's
 * advanced scoring makes a pair of 9s worth 3 and a pair of rank 1 worth 2. */
static int score_pairs(const uint8_t *counts, bool advanced, ScoreBreakdown *out)
{
    int total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int pairs = counts[k] / 2;
        int each = 1;
        ScoreGroupKind kind = SCORE_PAIR;
        const char *label = N_("identical pair (1)");
        if (advanced && card_rank((Card)k) == 9) {
            each = 3;
            kind = SCORE_PAIR_NINES;
            label = N_("pair of 9s (3)");
        } else if (advanced && card_rank((Card)k) == 1) {
            each = 2;
            kind = SCORE_PAIR_ONES;
            label = N_("pair of rank 1 (2)");
        }
        total += pairs * each;
        group_add(out, kind, label, (Card)k, pairs * 2, pairs * each);
        group_add(out, SCORE_NOTHING, N_("no score"), (Card)k, counts[k] % 2, 0);
    }
    return total;
}

/* Thothit and the Chinese game: pairs 10 (red-stamped 20) and a red-stamped
 * single 10. Enthit (`fours`) adds four of a kind: 50, red-stamped 100. */
/* score_red_pairs without a breakdown: the playouts' and the engine's path. */
static int red_pairs_total(const uint8_t *counts, bool fours)
{
    int total = 0;
    /* Written without branches on the counts: they are as good as random. */
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int n = counts[k];
        int red = card_is_red_stamped((Card)k);
        int nfours = fours ? n / 4 : 0;
        n -= nfours * 4;
        total += nfours * (50 + 50 * red) + n / 2 * (10 + 10 * red) + n % 2 * 10 * red;
    }
    return total;
}

static int score_red_pairs(const uint8_t *counts, bool fours, ScoreBreakdown *out)
{
    if (!out)
        return red_pairs_total(counts, fours);
    int total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int n = counts[k];
        bool red = card_is_red_stamped((Card)k);
        if (fours && n >= 4) {
            int nfours = n / 4, pts = nfours * (red ? 100 : 50);
            total += pts;
            group_add(out, SCORE_FOUR,
                      red ? N_("red-stamped four (100)") : N_("four of a kind (50)"), (Card)k,
                      nfours * 4, pts);
            n %= 4;
        }
        int pairs = n / 2, single = n % 2;
        if (red) {
            total += pairs * 20 + single * 10;
            group_add(out, SCORE_RED_PAIR, N_("red-stamped pair (20)"), (Card)k, pairs * 2,
                      pairs * 20);
            group_add(out, SCORE_RED_SINGLE, N_("red-stamped single (10)"), (Card)k, single,
                      single * 10);
        } else {
            total += pairs * 10;
            group_add(out, SCORE_PAIR, N_("pair (10)"), (Card)k, pairs * 2, pairs * 10);
            group_add(out, SCORE_NOTHING, N_("no score"), (Card)k, single, 0);
        }
    }
    return total;
}

/* Thothit Kuna: split each kind's copies into groups of 4, 3 (and 2 for
 * red-stamped kinds) to make the most points. */
static int score_kuna(const uint8_t *counts, ScoreBreakdown *out)
{
    int total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int n = counts[k];
        bool red = card_is_red_stamped((Card)k);
        int v4 = red ? 20 : 10, v3 = red ? 10 : 5, v2 = red ? 1 : 0;
        int best = -1, b4 = 0, b3 = 0, b2 = 0;
        for (int f = 0; f * 4 <= n; f++) {
            for (int t = 0; f * 4 + t * 3 <= n; t++) {
                int p = (n - f * 4 - t * 3) / 2;
                int pts = f * v4 + t * v3 + p * v2;
                if (pts > best) {
                    best = pts;
                    b4 = f;
                    b3 = t;
                    b2 = v2 ? p : 0;
                }
            }
        }
        total += best;
        group_add(out, SCORE_FOUR, red ? N_("red-stamped four (20)") : N_("four of a kind (10)"),
                  (Card)k, b4 * 4, b4 * v4);
        group_add(out, SCORE_THREE, red ? N_("red-stamped three (10)") : N_("three of a kind (5)"),
                  (Card)k, b3 * 3, b3 * v3);
        group_add(out, SCORE_RED_PAIR, N_("red-stamped pair (1)"), (Card)k, b2 * 2, b2 * v2);
        group_add(out, SCORE_NOTHING, N_("no score"), (Card)k, n - b4 * 4 - b3 * 3 - b2 * 2, 0);
    }
    return total;
}

/* Thothit (Yogyakarta), Thit-Thit-Dulit: 10 an identical pair, 10 a
 * red-stamped card. */
static int score_yogyakarta(const uint8_t *counts, ScoreBreakdown *out)
{
    int total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int n = counts[k], pairs = n / 2;
        bool red = card_is_red_stamped((Card)k);
        int pts = pairs * 10 + (red ? n * 10 : 0);
        total += pts;
        if (red) {
            group_add(out, SCORE_RED_PAIR, N_("red-stamped pair (10 + 10 + 10)"), (Card)k,
                      pairs * 2, pairs * 30);
            group_add(out, SCORE_RED_CARD, N_("red-stamped card (10)"), (Card)k, n % 2,
                      (n % 2) * 10);
        } else {
            group_add(out, SCORE_PAIR, N_("identical pair (10)"), (Card)k, pairs * 2, pairs * 10);
            group_add(out, SCORE_NOTHING, N_("no score"), (Card)k, n % 2, 0);
        }
    }
    return total;
}

static int score_kings(const uint8_t *counts, ScoreBreakdown *out)
{
    int total = 0;
    for (int k = CARD_FRENCH_FIRST; k < CARD_FRENCH_END; k++) {
        total += counts[k];
        group_add(out, SCORE_COUNT, N_("captured cards (1 each)"), (Card)k, counts[k], counts[k]);
    }
    return total;
}

/* The Pèi rule reads its rates from the variant; the others need only the
 * counts and the options. */
static int score_rule_pei(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                          ScoreBreakdown *out)
{
    (void)options;
    return score_pei(v->id, counts, out);
}

static int score_rule_red_pairs(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                                ScoreBreakdown *out)
{
    (void)options;
    return score_red_pairs(counts, v->score == SCORE_RULE_ENTHIT, out);
}

static int score_rule_pairs(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                            ScoreBreakdown *out)
{
    (void)v;
    return score_pairs(counts, (options & OPTION_ADVANCED) != 0, out);
}

static int score_rule_kuna(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                           ScoreBreakdown *out)
{
    (void)v;
    (void)options;
    return score_kuna(counts, out);
}

static int score_rule_yogyakarta(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                                 ScoreBreakdown *out)
{
    (void)v;
    (void)options;
    return score_yogyakarta(counts, out);
}

static int score_rule_kings(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                            ScoreBreakdown *out)
{
    (void)v;
    (void)options;
    return score_kings(counts, out);
}

#ifdef CEKI_GUIDE_VARIANT
/* The guide's rule: an identical pair 2; of what is left of a rank, any two
 * cards make a pair worth 1. */
static int score_rule_guide(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                            ScoreBreakdown *out)
{
    (void)v;
    (void)options;
    int total = 0;
    Card odd[10] = {0}; /* per rank, a kind left without its twin (CARD_NONE: none) */
    for (int r = 0; r < 10; r++)
        odd[r] = CARD_NONE;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int pairs = counts[k] / 2, rank = card_rank((Card)k);
        total += pairs * 2;
        group_add(out, SCORE_PAIR, "identical pair (2)", (Card)k, pairs * 2, pairs * 2);
        if (counts[k] % 2 == 0)
            continue;
        if (odd[rank] == CARD_NONE) {
            odd[rank] = (Card)k;
            continue;
        }
        total += 1;
        group_add(out, SCORE_PAIR, "same-rank pair (1)", odd[rank], 1, 1);
        group_add(out, SCORE_PAIR, "same-rank pair (1)", (Card)k, 1, 0);
        odd[rank] = CARD_NONE;
    }
    for (int r = 0; r < 10; r++)
        group_add(out, SCORE_NOTHING, "no score", odd[r], odd[r] != CARD_NONE ? 1 : 0, 0);
    return total;
}
#endif

typedef int (*ScoreFn)(const VariantDesc *v, uint32_t options, const uint8_t *counts,
                       ScoreBreakdown *out);

/* One function per ScoreRule (variant.h); NULL: nothing scores. */
static const ScoreFn score_rules[SCORE_RULE_COUNT] = {
    [SCORE_RULE_RED_PAIRS] = score_rule_red_pairs,
    [SCORE_RULE_ENTHIT] = score_rule_red_pairs,
    [SCORE_RULE_PAIRS] = score_rule_pairs,
    [SCORE_RULE_KUNA] = score_rule_kuna,
    [SCORE_RULE_YOGYAKARTA] = score_rule_yogyakarta,
    [SCORE_RULE_KINGS] = score_rule_kings,
    [SCORE_RULE_PEI] = score_rule_pei,
#ifdef CEKI_GUIDE_VARIANT
    [SCORE_RULE_GUIDE] = score_rule_guide,
#endif
};

int score_counts(VariantId variant, uint32_t options, const uint8_t counts[CARD_KIND_LIMIT],
                 ScoreBreakdown *out)
{
    if (out) {
        out->ngroups = 0;
        out->total = 0;
    }
    const VariantDesc *v = variant_get(variant);
    ScoreFn fn = v && (unsigned)v->score < SCORE_RULE_COUNT ? score_rules[v->score] : NULL;
    int total = fn ? fn(v, options, counts, out) : 0;
    if (out)
        out->total = total;
    return total;
}

int score_pile(VariantId variant, uint32_t options, const Card *pile, int n, ScoreBreakdown *out)
{
    uint8_t counts[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < n; i++) {
        if (pile[i] < CARD_KIND_LIMIT && counts[pile[i]] < 255)
            counts[pile[i]]++;
    }
    return score_counts(variant, options, counts, out);
}
