/* score_pei.c — Pèi's combination scoring (RULES.md §3.11–3.13).
 *
 * The five combinations, their members and their per-card rates:
 *
 *   combination   members          pei  pei-magelang  pei-chinese
 *   bunci ireng   C1 C2 C3 [C4..]  13   30            13
 *   bunci abang   OT RF S9         13   30            13
 *   pang kéyang   WF S8 M9         12   20            12
 *   pang picis    C8 S2 M2         11   20            11
 *   macan         C9 S1 M1         10   10            10
 *
 * A combination is formed when the pile holds at least one copy of each
 * member kind (for bunci ireng: C1..Ck, k >= 3, unbroken). In pei and
 * pei-magelang every further copy of a member kind scores the rate too; in
 * pei-chinese a combination counts one copy of each member, and the other
 * copies score face value. Every card outside a combination scores its face
 * value (honours 1).
 *
 * C8 and C9 may serve a bunci ireng run or pang picis / macan. Each copy is
 * counted once, and we take the assignment with the highest total: the run
 * length k, whether pang picis and macan are formed, and where each spare
 * copy of C8 / C9 goes are all chosen to maximise the score. A run stopped
 * before C8 because its C8 went to pang picis is "broken" there, so it cannot
 * go on to C9 either. Rates are all >= 10 and face values <= 9, so forming a
 * combination never costs points except through this overlap.
 *
 * Reading: kinds outside the Ceki deck (the French cards) are ignored; they
 * cannot occur in a Pèi pile. When two assignments give the same total, the
 * one with the longer run (then the one forming pang picis, then macan) is
 * shown.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "score.h"
#include "status.h"

enum { COMBO_IRENG, COMBO_ABANG, COMBO_KEYANG, COMBO_PICIS, COMBO_MACAN, COMBO_COUNT };

typedef struct PeiCombo {
    const char *label;
    Card members[3]; /* bunci ireng: its first three; the run goes on in coins */
} PeiCombo;

static const PeiCombo pei_combos[COMBO_COUNT] = {
    [COMBO_IRENG] = {N_("bunci ireng (black thirteen)"), {CARD_C1, CARD_C1 + 1, CARD_C1 + 2}},
    [COMBO_ABANG] = {N_("bunci abang (red thirteen)"), {CARD_OT, CARD_RF, CARD_S1 + 8}},
    [COMBO_KEYANG] = {N_("pang k\xc3\xa9yang (k\xc3\xa9yang set)"),
                      {CARD_WF, CARD_S1 + 7, CARD_M1 + 8}},
    [COMBO_PICIS] = {N_("pang picis (coin set)"), {CARD_C1 + 7, CARD_S1 + 1, CARD_M1 + 1}},
    [COMBO_MACAN] = {N_("macan (tiger)"), {CARD_C1 + 8, CARD_S1, CARD_M1}},
};

static const int pei_rates[][COMBO_COUNT] = {
    [PEI_RATES_SURAKARTA] = {13, 13, 12, 11, 10},
    [PEI_RATES_MAGELANG] = {30, 30, 20, 20, 10},
    [PEI_RATES_CHINESE] = {13, 13, 12, 11, 10},
};

/* One way of counting the pile: alloc[c][k] copies of kind k score in
 * combination c (formed[c]); face[k] copies score face value. */
typedef struct PeiAssign {
    bool formed[COMBO_COUNT];
    int run; /* bunci ireng length, 0 when not formed */
    int alloc[COMBO_COUNT][CARD_CEKI_KINDS];
    int face[CARD_CEKI_KINDS];
    int total;
} PeiAssign;

static bool pei_is_member(int combo, int run, Card k)
{
    if (combo == COMBO_IRENG)
        return k < CARD_C1 + run; /* CARD_C1 is 0: the coins come first */
    for (int i = 0; i < 3; i++) {
        if (pei_combos[combo].members[i] == k)
            return true;
    }
    return false;
}

/* Counts the pile for a given run length and choice of pang picis / macan.
 * Returns false when that choice is not possible with these cards. */
static bool pei_assign(const int n[CARD_CEKI_KINDS], const int rates[COMBO_COUNT], bool extras,
                       int run, bool picis, bool macan, PeiAssign *a)
{
    memset(a, 0, sizeof *a);
    a->run = run;
    a->formed[COMBO_IRENG] = run >= 3;
    a->formed[COMBO_PICIS] = picis;
    a->formed[COMBO_MACAN] = macan;
    for (int c = COMBO_ABANG; c <= COMBO_KEYANG; c++) {
        a->formed[c] = true;
        for (int i = 0; i < 3; i++)
            a->formed[c] = a->formed[c] && n[pei_combos[c].members[i]] > 0;
    }
    /* One copy of every member kind of every formed combination. */
    int left[CARD_CEKI_KINDS];
    memcpy(left, n, sizeof left);
    for (int c = 0; c < COMBO_COUNT; c++) {
        if (!a->formed[c])
            continue;
        for (int k = 0; k < CARD_CEKI_KINDS; k++) {
            if (!pei_is_member(c, run, (Card)k))
                continue;
            if (left[k] == 0)
                return false;
            left[k]--;
            a->alloc[c][k] = 1;
        }
    }
    /* Spare copies: to the best-paying formed combination holding the kind
     * (not in pei-chinese), else face value. */
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int best = -1;
        for (int c = 0; extras && c < COMBO_COUNT; c++) {
            if (a->formed[c] && pei_is_member(c, run, (Card)k) &&
                (best < 0 || rates[c] > rates[best]))
                best = c;
        }
        if (best >= 0)
            a->alloc[best][k] += left[k];
        else
            a->face[k] = left[k];
    }
    a->total = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int c = 0; c < COMBO_COUNT; c++)
            a->total += a->alloc[c][k] * rates[c];
        a->total += a->face[k] * card_face_value((Card)k);
    }
    return true;
}

static void pei_group_add(ScoreGroup *grp, Card k, int copies)
{
    for (int i = 0; i < copies && grp->ncards < CEKI_MAX_DECK; i++)
        grp->cards[grp->ncards++] = k;
}

static void pei_fill_breakdown(const PeiAssign *a, const int rates[COMBO_COUNT],
                               ScoreBreakdown *out)
{
    out->ngroups = 0;
    out->total = a->total;
    for (int c = 0; c < COMBO_COUNT; c++) {
        if (!a->formed[c])
            continue;
        ScoreGroup *grp = &out->groups[out->ngroups++];
        grp->kind = SCORE_COMBINATION;
        snprintf(grp->label, sizeof grp->label, "%s", pei_combos[c].label);
        grp->ncards = 0;
        grp->points = 0;
        for (int k = 0; k < CARD_CEKI_KINDS; k++) {
            pei_group_add(grp, (Card)k, a->alloc[c][k]);
            grp->points += a->alloc[c][k] * rates[c];
        }
    }
    int face_cards = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        face_cards += a->face[k];
    if (face_cards > 0) {
        ScoreGroup *grp = &out->groups[out->ngroups++];
        grp->kind = SCORE_FACE;
        snprintf(grp->label, sizeof grp->label, N_("face value"));
        grp->ncards = 0;
        grp->points = 0;
        for (int k = 0; k < CARD_CEKI_KINDS; k++) {
            pei_group_add(grp, (Card)k, a->face[k]);
            grp->points += a->face[k] * card_face_value((Card)k);
        }
    }
}

int score_pei(VariantId variant, const uint8_t counts[CARD_KIND_LIMIT], ScoreBreakdown *out)
{
    const VariantDesc *v = variant_get(variant);
    if (!v || v->score != SCORE_RULE_PEI)
        return 0;
    const int *rates = pei_rates[v->pei_rates];
    bool extras = !v->pei_once;
    int n[CARD_CEKI_KINDS];
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        n[k] = counts ? counts[k] : 0;

    int longest = 0; /* the longest unbroken coin run from C1 */
    while (longest < 9 && n[CARD_C1 + longest] > 0)
        longest++;
    bool picis_ok = n[CARD_S1 + 1] > 0 && n[CARD_M1 + 1] > 0 && n[CARD_C1 + 7] > 0;
    bool macan_ok = n[CARD_S1] > 0 && n[CARD_M1] > 0 && n[CARD_C1 + 8] > 0;

    /* No run, no pang picis, no macan: always possible. */
    PeiAssign best;
    PeiAssign cand;
    pei_assign(n, rates, extras, 0, false, false, &best);
    for (int run = longest; run >= 0; run--) {
        if (run > 0 && run < 3)
            continue;
        for (int p = picis_ok ? 1 : 0; p >= 0; p--) {
            for (int m = macan_ok ? 1 : 0; m >= 0; m--) {
                if (!pei_assign(n, rates, extras, run, p == 1, m == 1, &cand))
                    continue;
                if (cand.total > best.total)
                    best = cand;
            }
        }
    }
    if (out)
        pei_fill_breakdown(&best, rates, out);
    return best.total;
}
