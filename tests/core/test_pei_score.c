/* test_pei_score.c — Pèi combination scoring (RULES.md §3.11–3.13). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "score.h"

/* Scores a space-separated list of cards for a Pèi form. */
static int score_text(VariantId v, const char *text, ScoreBreakdown *out)
{
    Card cards[CEKI_MAX_DECK];
    size_t n = 0;
    assert_int_equal(card_list_parse(text, cards, CEKI_MAX_DECK, &n, NULL), CEKI_OK);
    uint8_t counts[CARD_KIND_LIMIT];
    memset(counts, 0, sizeof counts);
    for (size_t i = 0; i < n; i++)
        counts[cards[i]]++;
    int fast = score_pei(v, counts, NULL);
    ScoreBreakdown *bd = out ? out : test_malloc(sizeof *bd);
    int slow = score_pei(v, counts, bd);
    assert_int_equal(fast, slow);
    assert_int_equal(bd->total, slow);
    /* The groups add up to the total and hold every card once. */
    int sum = 0;
    int cards_in_groups = 0;
    for (int g = 0; g < bd->ngroups; g++) {
        sum += bd->groups[g].points;
        cards_in_groups += bd->groups[g].ncards;
    }
    assert_int_equal(sum, slow);
    assert_int_equal(cards_in_groups, (int)n);
    if (!out)
        test_free(bd);
    return slow;
}

static int pei(const char *t)
{
    return score_text(VARIANT_PEI, t, NULL);
}
static int magelang(const char *t)
{
    return score_text(VARIANT_PEI_MAGELANG, t, NULL);
}
static int chinese(const char *t)
{
    return score_text(VARIANT_PEI_CHINESE, t, NULL);
}

/* Finds the group with this label prefix; NULL if none. */
static const ScoreGroup *find_group(const ScoreBreakdown *bd, const char *prefix)
{
    for (int g = 0; g < bd->ngroups; g++) {
        if (strncmp(bd->groups[g].label, prefix, strlen(prefix)) == 0)
            return &bd->groups[g];
    }
    return NULL;
}

static void group_is(const ScoreGroup *grp, int kind, const char *cards, int points)
{
    assert_non_null(grp);
    assert_int_equal(grp->kind, kind);
    char buf[512];
    card_list_format(grp->cards, (size_t)grp->ncards, buf, sizeof buf);
    assert_string_equal(buf, cards);
    assert_int_equal(grp->points, points);
}

static void test_empty_pile(void **state)
{
    (void)state;
    uint8_t counts[CARD_KIND_LIMIT] = {0};
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    assert_int_equal(score_pei(VARIANT_PEI, counts, bd), 0);
    assert_int_equal(bd->ngroups, 0);
    assert_int_equal(bd->total, 0);
    test_free(bd);
}

static void test_face_values(void **state)
{
    (void)state;
    /* No combination: face values, honours 1. */
    assert_int_equal(pei("C4 S5 M9 OT WF RF"), 4 + 5 + 9 + 1 + 1 + 1);
    assert_int_equal(pei("C1 C2"), 3);
    assert_int_equal(pei("OT RF"), 2);
    assert_int_equal(pei("C8 S2"), 10);
}

static void test_bunci_ireng(void **state)
{
    (void)state;
    assert_int_equal(pei("C1 C2 C3"), 39);
    assert_int_equal(pei("C1 C2 C3 C4"), 52);
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7"), 91);
    /* Decision: 13 a card, so all nine make 117. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C9"), 117);
    /* A broken run stops: C5 after a gap is face value. */
    assert_int_equal(pei("C1 C2 C3 C5"), 39 + 5);
    /* Not from C1: no combination. */
    assert_int_equal(pei("C2 C3 C4"), 9);
    assert_int_equal(magelang("C1 C2 C3 C4"), 120);
    assert_int_equal(chinese("C1 C2 C3 C4"), 52);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "C1 C2 C3 C5 S7", bd);
    assert_int_equal(bd->ngroups, 2);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C2 C3", 39);
    assert_string_equal(bd->groups[0].label, "bunci ireng (black thirteen)");
    group_is(&bd->groups[1], SCORE_FACE, "C5 S7", 12);
    assert_string_equal(bd->groups[1].label, "face value");
    test_free(bd);
}

static void test_bunci_abang(void **state)
{
    (void)state;
    assert_int_equal(pei("OT RF S9"), 39);
    assert_int_equal(magelang("OT RF S9"), 90);
    assert_int_equal(chinese("OT RF S9"), 39);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "S9 OT RF", bd);
    group_is(find_group(bd, "bunci abang"), SCORE_COMBINATION, "S9 OT RF", 39);
    assert_string_equal(bd->groups[0].label, "bunci abang (red thirteen)");
    test_free(bd);
}

static void test_pang_keyang(void **state)
{
    (void)state;
    assert_int_equal(pei("WF S8 M9"), 36);
    assert_int_equal(magelang("WF S8 M9"), 60);
    assert_int_equal(chinese("WF S8 M9"), 36);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "WF S8 M9", bd);
    group_is(find_group(bd, "pang k\xc3\xa9yang"), SCORE_COMBINATION, "S8 M9 WF", 36);
    test_free(bd);
}

static void test_pang_picis(void **state)
{
    (void)state;
    assert_int_equal(pei("C8 S2 M2"), 33);
    assert_int_equal(magelang("C8 S2 M2"), 60);
    assert_int_equal(chinese("C8 S2 M2"), 33);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "C8 S2 M2", bd);
    group_is(find_group(bd, "pang picis"), SCORE_COMBINATION, "C8 S2 M2", 33);
    test_free(bd);
}

static void test_macan(void **state)
{
    (void)state;
    /* Decision: macan is C9 S1 M1. */
    assert_int_equal(pei("C9 S1 M1"), 30);
    assert_int_equal(magelang("C9 S1 M1"), 30);
    assert_int_equal(chinese("C9 S1 M1"), 30);
    /* The seed's text order (C1 S9 M1) is not a combination. */
    assert_int_equal(pei("C1 S9 M1"), 1 + 9 + 1);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "C9 S1 M1", bd);
    group_is(find_group(bd, "macan"), SCORE_COMBINATION, "C9 S1 M1", 30);
    assert_string_equal(bd->groups[0].label, "macan (tiger)");
    test_free(bd);
}

static void test_all_five(void **state)
{
    (void)state;
    /* Run to C7, then C8 and C9 go to pang picis and macan. */
    const char *pile = "C1 C2 C3 C4 C5 C6 C7 C8 C9 OT RF S9 WF S8 M9 S2 M2 S1 M1";
    assert_int_equal(pei(pile), 91 + 39 + 36 + 33 + 30);
    assert_int_equal(magelang(pile), 7 * 30 + 90 + 60 + 60 + 30);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, pile, bd);
    assert_int_equal(bd->ngroups, 5);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C2 C3 C4 C5 C6 C7", 91);
    group_is(&bd->groups[1], SCORE_COMBINATION, "S9 OT RF", 39);
    group_is(&bd->groups[2], SCORE_COMBINATION, "S8 M9 WF", 36);
    group_is(&bd->groups[3], SCORE_COMBINATION, "C8 S2 M2", 33);
    group_is(&bd->groups[4], SCORE_COMBINATION, "C9 S1 M1", 30);
    test_free(bd);
}

static void test_extra_copies(void **state)
{
    (void)state;
    assert_int_equal(pei("C1 C1 C2 C3"), 52);
    assert_int_equal(pei("OT OT RF S9"), 52);
    assert_int_equal(pei("OT OT OT OT RF S9"), 78);
    assert_int_equal(magelang("OT OT RF S9"), 120);
    assert_int_equal(pei("WF WF S8 M9 M9"), 60);
    assert_int_equal(magelang("C8 S2 S2 M2"), 80);
    assert_int_equal(pei("C9 S1 M1 M1"), 40);
    /* Copies of a kind without its combination are face value. */
    assert_int_equal(pei("OT OT RF"), 3);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "C1 C1 C2 C3 C4 C4", bd);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C1 C2 C3 C4 C4", 78);
    test_free(bd);
}

static void test_chinese_one_copy(void **state)
{
    (void)state;
    /* One copy of each member counts; the others are face value. */
    assert_int_equal(chinese("C1 C1 C2 C3"), 39 + 1);
    assert_int_equal(chinese("OT OT RF S9"), 39 + 1);
    assert_int_equal(chinese("S9 S9 OT RF"), 39 + 9);
    assert_int_equal(chinese("WF S8 S8 M9"), 36 + 8);
    assert_int_equal(chinese("C8 S2 M2 M2"), 33 + 2);
    assert_int_equal(chinese("C9 C9 S1 M1"), 30 + 9);
    /* The run still extends over distinct coins. */
    assert_int_equal(chinese("C1 C2 C3 C4 C4 C5"), 65 + 4);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI_CHINESE, "OT OT RF S9", bd);
    group_is(&bd->groups[0], SCORE_COMBINATION, "S9 OT RF", 39);
    group_is(&bd->groups[1], SCORE_FACE, "OT", 1);
    test_free(bd);
}

static void test_overlap_c8(void **state)
{
    (void)state;
    /* One C8: run to C8 (104) + S2 M2 face (4) = 108, or run to C7 (91) +
     * pang picis (33) = 124. The better one counts. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 S2 M2"), 124);
    /* Two C8: one for each. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C8 S2 M2"), 104 + 33);
    /* Three C8: the spare one scores at the better rate (the run's 13). */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C8 C8 S2 M2"), 104 + 13 + 33);
    assert_int_equal(magelang("C1 C2 C3 C4 C5 C6 C7 C8 C8 C8 S2 M2"), 240 + 30 + 60);
    /* pei-chinese: the spare copy is face value. */
    assert_int_equal(chinese("C1 C2 C3 C4 C5 C6 C7 C8 C8 C8 S2 M2"), 104 + 8 + 33);
    /* No run reaching C8: no conflict at all. */
    assert_int_equal(pei("C1 C2 C3 C8 S2 M2"), 39 + 33);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI, "C1 C2 C3 C4 C5 C6 C7 C8 S2 M2", bd);
    assert_int_equal(bd->ngroups, 2);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C2 C3 C4 C5 C6 C7", 91);
    group_is(&bd->groups[1], SCORE_COMBINATION, "C8 S2 M2", 33);
    test_free(bd);
}

static void test_overlap_c9(void **state)
{
    (void)state;
    /* pei: run to C8 (104) + macan (30) = 134 beats the full run (117) with
     * S1 M1 at face (2) = 119. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1"), 134);
    /* pei-magelang: the full run (270 + 2) beats run to C8 + macan (240 + 30). */
    assert_int_equal(magelang("C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1"), 272);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    score_text(VARIANT_PEI_MAGELANG, "C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1", bd);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C2 C3 C4 C5 C6 C7 C8 C9", 270);
    group_is(&bd->groups[1], SCORE_FACE, "S1 M1", 2);
    score_text(VARIANT_PEI, "C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1", bd);
    group_is(&bd->groups[0], SCORE_COMBINATION, "C1 C2 C3 C4 C5 C6 C7 C8", 104);
    group_is(&bd->groups[1], SCORE_COMBINATION, "C9 S1 M1", 30);
    test_free(bd);
    /* Two C9: both. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C9 C9 S1 M1"), 117 + 30);
}

static void test_overlap_both(void **state)
{
    (void)state;
    /* One C8, one C9, with pang picis and macan possible: the run stops at C7. */
    const char *pile = "C1 C2 C3 C4 C5 C6 C7 C8 C9 S2 M2 S1 M1";
    assert_int_equal(pei(pile), 91 + 33 + 30);
    assert_int_equal(magelang(pile), 210 + 60 + 30);
    /* Giving C8 to pang picis breaks the run: C9 cannot then join it. With
     * pang picis possible but no macan, pei: run to C7 + picis + C9 face. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C9 S2 M2"), 91 + 33 + 9);
    /* pei-magelang: run to C7 + picis (210 + 60 + 9) beats the full run (270 + 4). */
    assert_int_equal(magelang("C1 C2 C3 C4 C5 C6 C7 C8 C9 S2 M2"), 279);
    /* Two C8, one C9, macan possible: run to C8, picis, macan. */
    assert_int_equal(pei("C1 C2 C3 C4 C5 C6 C7 C8 C8 C9 S2 M2 S1 M1"), 104 + 33 + 30);
}

static void test_magelang_rates(void **state)
{
    (void)state;
    /* Each rate of the Magelang table. */
    assert_int_equal(magelang("C9 S1 M1"), 30);    /* macan 10 */
    assert_int_equal(magelang("C8 S2 M2"), 60);    /* pang picis 20 */
    assert_int_equal(magelang("WF S8 M9"), 60);    /* pang kéyang 20 */
    assert_int_equal(magelang("C1 C2 C3"), 90);    /* bunci ireng 30 */
    assert_int_equal(magelang("OT RF S9"), 90);    /* bunci abang 30 */
    assert_int_equal(magelang("C5 S5 M5 WF"), 16); /* face values as pei */
}

static void test_whole_deck_pile(void **state)
{
    (void)state;
    /* All 120 cards in one pile (4 of each): every combination with every
     * copy; the rest face value. Two forms agree with a hand count. */
    uint8_t counts[CARD_KIND_LIMIT] = {0};
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        counts[k] = 4;
    /* pei: combos cover C1..C9, OT RF S9, WF S8 M9, S2 M2, S1 M1 (22 kinds,
     * but C8/C9 in the run), 88 cards at their rates. The run takes C1..C9
     * with spare C8 C9 copies; picis and macan take one each. */
    int run = 9 * 13 * 4 - 2 * 13; /* C1..C9, less one C8 and one C9 */
    int abang = 12 * 13;
    int keyang = 12 * 12;
    int picis = 11 * (1 + 4 + 4);
    int macan = 10 * (1 + 4 + 4);
    int face = 4 * (3 + 4 + 5 + 6 + 7) /* S3..S7 */ + 4 * (3 + 4 + 5 + 6 + 7 + 8) /* M3..M8 */;
    assert_int_equal(score_pei(VARIANT_PEI, counts, NULL),
                     run + abang + keyang + picis + macan + face);
    ScoreBreakdown *bd = test_malloc(sizeof *bd);
    int total = score_pei(VARIANT_PEI_CHINESE, counts, bd);
    assert_int_equal(total, bd->total);
    int n = 0;
    for (int g = 0; g < bd->ngroups; g++)
        n += bd->groups[g].ncards;
    assert_int_equal(n, 120);
    test_free(bd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_pile),      cmocka_unit_test(test_face_values),
        cmocka_unit_test(test_bunci_ireng),     cmocka_unit_test(test_bunci_abang),
        cmocka_unit_test(test_pang_keyang),     cmocka_unit_test(test_pang_picis),
        cmocka_unit_test(test_macan),           cmocka_unit_test(test_all_five),
        cmocka_unit_test(test_extra_copies),    cmocka_unit_test(test_chinese_one_copy),
        cmocka_unit_test(test_overlap_c8),      cmocka_unit_test(test_overlap_c9),
        cmocka_unit_test(test_overlap_both),    cmocka_unit_test(test_magelang_rates),
        cmocka_unit_test(test_whole_deck_pile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
