/* test_stakes.c — Pèi's pool layout, placing and stakes (pei.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pei.h"

static PeiStakes settle(StakeScheme scheme, bool jung, int a, int b, int c, int pot)
{
    const int scores[PEI_PLAYERS] = {a, b, c};
    PeiStakes st;
    assert_int_equal(pei_settle_stakes(scheme, jung, scores, pot, &st), CEKI_OK);
    /* Money is conserved: what the players gained the pot lost. */
    int sum = st.net[0] + st.net[1] + st.net[2];
    assert_int_equal(sum, pot - st.pot);
    assert_true(st.pot >= 0);
    return st;
}

static void net_is(const PeiStakes *st, int a, int b, int c)
{
    assert_int_equal(st->net[0], a);
    assert_int_equal(st->net[1], b);
    assert_int_equal(st->net[2], c);
}

/* Units paid from payer to payee for this reason, summed. */
static int paid(const PeiStakes *st, int payer, int payee, PeiPayReason reason)
{
    int units = 0;
    for (int i = 0; i < st->npay; i++) {
        if (st->pay[i].payer == payer && st->pay[i].payee == payee && st->pay[i].reason == reason)
            units += st->pay[i].units;
    }
    return units;
}

static void test_pool_layout(void **state)
{
    (void)state;
    assert_int_equal(pei_pool_side(9), ROLE_RAJA);
    assert_int_equal(pei_pool_side(1), ROLE_RAJA);
    assert_int_equal(pei_pool_side(8), ROLE_PATIH);
    assert_int_equal(pei_pool_side(2), ROLE_PATIH);
    assert_int_equal(pei_pool_side(7), ROLE_UNYIK);
    assert_int_equal(pei_pool_side(3), ROLE_UNYIK);
    assert_int_equal(pei_pool_side(5), ROLE_UNYIK);
    assert_int_equal(pei_pool_side(6), ROLE_DEALER);
    assert_int_equal(pei_pool_side(4), ROLE_DEALER);
    assert_int_equal(pei_pool_side(0), ROLE_NONE);
    assert_int_equal(pei_pool_side(10), ROLE_NONE);
    int r[3] = {0};
    assert_int_equal(pei_pool_ranks(ROLE_UNYIK, r), 3);
    assert_int_equal(r[0], 7);
    assert_int_equal(r[1], 3);
    assert_int_equal(r[2], 5);
    assert_int_equal(pei_pool_ranks(ROLE_RAJA, r), 2);
    assert_int_equal(r[0], 9);
    assert_int_equal(r[1], 1);
    assert_int_equal(pei_pool_ranks(ROLE_NONE, r), 0);
    /* Every rank lies on exactly one side. */
    int seen[10] = {0};
    const GameRole sides[4] = {ROLE_RAJA, ROLE_PATIH, ROLE_UNYIK, ROLE_DEALER};
    for (int s = 0; s < 4; s++) {
        int n = pei_pool_ranks(sides[s], r);
        for (int i = 0; i < n; i++) {
            seen[r[i]]++;
            assert_int_equal(pei_pool_side(r[i]), sides[s]);
        }
    }
    for (int rank = 1; rank <= 9; rank++)
        assert_int_equal(seen[rank], 1);
}

static void test_ceremony_order(void **state)
{
    (void)state;
    int order[3];
    bool tied[3];
    const int sums[3] = {7, 15, 11};
    assert_true(pei_ceremony_order(sums, order, tied));
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 2);
    assert_int_equal(order[2], 0);
    const int tie[3] = {9, 12, 9};
    assert_false(pei_ceremony_order(tie, order, tied));
    assert_int_equal(order[0], 1);
    assert_true(tied[0]);
    assert_false(tied[1]);
    assert_true(tied[2]);
}

static void test_placing(void **state)
{
    (void)state;
    int place[3];
    pei_place((const int[3]){354, 322, 275}, place);
    assert_int_equal(place[0], PEI_NGETE);
    assert_int_equal(place[1], PEI_TENGAH);
    assert_int_equal(place[2], PEI_KETE);
    pei_place((const int[3]){100, 300, 200}, place);
    assert_int_equal(place[0], PEI_KETE);
    assert_int_equal(place[1], PEI_NGETE);
    assert_int_equal(place[2], PEI_TENGAH);
    /* Shared places: a tie for first, a tie for last, all equal. */
    pei_place((const int[3]){300, 300, 100}, place);
    assert_int_equal(place[0], PEI_NGETE);
    assert_int_equal(place[1], PEI_NGETE);
    assert_int_equal(place[2], PEI_KETE);
    pei_place((const int[3]){300, 100, 100}, place);
    assert_int_equal(place[0], PEI_NGETE);
    assert_int_equal(place[1], PEI_KETE);
    assert_int_equal(place[2], PEI_KETE);
    pei_place((const int[3]){200, 200, 200}, place);
    assert_int_equal(place[0], PEI_NGETE);
    assert_int_equal(place[1], PEI_NGETE);
    assert_int_equal(place[2], PEI_NGETE);
    assert_string_equal(pei_place_name(PEI_NGETE), "nget\xc3\xa9");
    assert_string_equal(pei_place_key(PEI_NGETE), "ngete");
    assert_string_equal(pei_place_name(PEI_TENGAH), "tengah");
    assert_string_equal(pei_place_name(PEI_KETE), "kete");
}

static void test_next_unyik(void **state)
{
    (void)state;
    /* The kete becomes unyik. */
    assert_int_equal(pei_next_unyik((const int[3]){300, 200, 100}, 0, 1), 2);
    assert_int_equal(pei_next_unyik((const int[3]){100, 200, 300}, 0, 1), 0);
    assert_int_equal(pei_next_unyik((const int[3]){200, 100, 300}, 2, 1), 1);
    /* Tied kete: the first in play order after the raja. */
    assert_int_equal(pei_next_unyik((const int[3]){300, 100, 100}, 0, 1), 1);
    assert_int_equal(pei_next_unyik((const int[3]){100, 300, 100}, 1, 1), 2);
    assert_int_equal(pei_next_unyik((const int[3]){100, 300, 100}, 2, 1), 0);
    assert_int_equal(pei_next_unyik((const int[3]){200, 200, 200}, 0, 1), 1);
    /* Play reversed by the seating draw: after seat 0 comes seat 2. */
    assert_int_equal(pei_next_unyik((const int[3]){300, 100, 100}, 0, -1), 2);
    assert_int_equal(pei_next_unyik((const int[3]){200, 200, 200}, 0, -1), 2);
    assert_int_equal(pei_next_unyik((const int[3]){100, 300, 100}, 1, -1), 0);
}

static void test_none(void **state)
{
    (void)state;
    PeiStakes st = settle(STAKES_NONE, false, 354, 322, 275, 0);
    assert_int_equal(st.npay, 0);
    net_is(&st, 0, 0, 0);
    assert_int_equal(st.pot, 0);
    /* jung is ignored outside rampung and parewanan. */
    st = settle(STAKES_NONE, true, 354, 322, 275, 0);
    assert_int_equal(st.npay, 0);
}

static void test_wudon(void **state)
{
    (void)state;
    PeiStakes st = settle(STAKES_WUDON, false, 300, 200, 100, 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(paid(&st, i, PEI_POT, PEI_PAY_ANTE), 2);
    assert_int_equal(paid(&st, PEI_POT, 0, PEI_PAY_WUDON_FIRST), 4);
    assert_int_equal(paid(&st, PEI_POT, 1, PEI_PAY_WUDON_SECOND), 2);
    net_is(&st, 2, 0, -2);
    assert_int_equal(st.pot, 0);
    /* 350 or more takes all. */
    st = settle(STAKES_WUDON, false, 120, 350, 200, 0);
    assert_int_equal(paid(&st, PEI_POT, 1, PEI_PAY_WUDON_ALL), 6);
    net_is(&st, -2, 4, -2);
    /* Ties pool the prizes of their positions. */
    st = settle(STAKES_WUDON, false, 300, 300, 100, 0);
    net_is(&st, 1, 1, -2);
    st = settle(STAKES_WUDON, false, 300, 100, 100, 0);
    net_is(&st, 2, -1, -1);
    st = settle(STAKES_WUDON, false, 200, 200, 200, 0);
    net_is(&st, 0, 0, 0);
    st = settle(STAKES_WUDON, false, 360, 360, 100, 0);
    net_is(&st, 1, 1, -2);
}

static void test_rampung(void **state)
{
    (void)state;
    /* té lumrah: the kete scored 200 or more, pays 1. */
    PeiStakes st = settle(STAKES_RAMPUNG, false, 300, 250, 220, 0);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_TE_LUMRAH), 1);
    assert_int_equal(st.npay, 1);
    net_is(&st, 1, 0, -1);
    /* té mati: under 200, pays 2; the tengah pays no té. */
    st = settle(STAKES_RAMPUNG, false, 300, 250, 199, 0);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_TE_MATI), 2);
    net_is(&st, 2, 0, -2);
    /* belahan: ngeté with 350 or more, both others pay 2. */
    st = settle(STAKES_RAMPUNG, false, 250, 350, 150, 0);
    assert_int_equal(paid(&st, 0, 1, PEI_PAY_BELAHAN), 2);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_BELAHAN), 2);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_TE_MATI), 2);
    net_is(&st, -2, 6, -4);
    /* patang atusan: 400 or more, 2 more each (with belahan). */
    st = settle(STAKES_RAMPUNG, false, 400, 210, 205, 0);
    assert_int_equal(paid(&st, 1, 0, PEI_PAY_PATANG_ATUSAN), 2);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_PATANG_ATUSAN), 2);
    assert_int_equal(paid(&st, 1, 0, PEI_PAY_BELAHAN), 2);
    net_is(&st, 1 + 4 + 4, -4, -5);
    /* Ties: two ngeté each get the kete's té; tied ngeté owe each other nothing. */
    st = settle(STAKES_RAMPUNG, false, 300, 300, 100, 0);
    net_is(&st, 2, 2, -4);
    st = settle(STAKES_RAMPUNG, false, 380, 380, 250, 0);
    net_is(&st, 1 + 2, 1 + 2, -6);
    /* Two kete each pay the ngeté. */
    st = settle(STAKES_RAMPUNG, false, 300, 150, 150, 0);
    net_is(&st, 4, -2, -2);
    st = settle(STAKES_RAMPUNG, false, 250, 250, 250, 0);
    assert_int_equal(st.npay, 0);
}

static void test_jung_seed_example(void **state)
{
    (void)state;
    /* The seed: 354 / 322 / 275 → 4, 8 and 5 units. */
    PeiStakes st = settle(STAKES_RAMPUNG, true, 354, 322, 275, 0);
    assert_int_equal(paid(&st, 1, 0, PEI_PAY_JUNG), 4);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_JUNG), 8);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_JUNG), 5);
    /* With té lumrah (1) and belahan (2 from each). */
    net_is(&st, 1 + 2 + 2 + 4 + 8, -2 - 4 + 5, -1 - 2 - 8 - 5);
    /* The same in another order. */
    st = settle(STAKES_RAMPUNG, true, 275, 354, 322, 0);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_JUNG), 4);
    assert_int_equal(paid(&st, 0, 1, PEI_PAY_JUNG), 8);
    assert_int_equal(paid(&st, 0, 2, PEI_PAY_JUNG), 5);
    /* Rounded up; equal scores pay nothing. */
    st = settle(STAKES_RAMPUNG, true, 300, 300, 290, 0);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_JUNG), 1);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_JUNG), 1);
    assert_int_equal(paid(&st, 0, 1, PEI_PAY_JUNG) + paid(&st, 1, 0, PEI_PAY_JUNG), 0);
    st = settle(STAKES_RAMPUNG, true, 300, 280, 270, 0);
    assert_int_equal(paid(&st, 1, 0, PEI_PAY_JUNG), 2);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_JUNG), 3);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_JUNG), 1);
    /* Without the option, no jung. */
    st = settle(STAKES_RAMPUNG, false, 354, 322, 275, 0);
    assert_int_equal(paid(&st, 2, 1, PEI_PAY_JUNG), 0);
}

static void test_parewanan(void **state)
{
    (void)state;
    /* wudon and rampung together. */
    PeiStakes st = settle(STAKES_PAREWANAN, false, 360, 250, 220, 0);
    assert_int_equal(paid(&st, PEI_POT, 0, PEI_PAY_WUDON_ALL), 6);
    assert_int_equal(paid(&st, 2, 0, PEI_PAY_TE_LUMRAH), 1);
    assert_int_equal(paid(&st, 1, 0, PEI_PAY_BELAHAN), 2);
    net_is(&st, 4 + 5, -2 - 2, -2 - 3);
    st = settle(STAKES_PAREWANAN, true, 354, 322, 275, 0);
    net_is(&st, 4 + 17, -2 - 1, -2 - 16);
    st = settle(STAKES_PAREWANAN, false, 300, 200, 100, 0);
    net_is(&st, 2 + 2, 0, -2 - 2);
}

static void test_nir(void **state)
{
    (void)state;
    /* No 400: everyone antes, the pot grows. */
    PeiStakes st = settle(STAKES_NIR, false, 350, 200, 100, 0);
    net_is(&st, -2, -2, -2);
    assert_int_equal(st.pot, 6);
    st = settle(STAKES_NIR, false, 390, 200, 100, 6);
    assert_int_equal(st.pot, 12);
    /* A 400 takes the whole pot, this round's antes included. */
    st = settle(STAKES_NIR, false, 150, 410, 200, 12);
    assert_int_equal(paid(&st, PEI_POT, 1, PEI_PAY_NIR), 18);
    net_is(&st, -2, 16, -2);
    assert_int_equal(st.pot, 0);
    /* Two at the top with 400 or more share it; an odd unit stays. */
    st = settle(STAKES_NIR, false, 420, 420, 100, 0);
    net_is(&st, 1, 1, -2);
    assert_int_equal(st.pot, 0);
    st = settle(STAKES_NIR, false, 420, 420, 100, 1);
    assert_int_equal(st.pot, 1);
    /* Only the top scorer takes it, even if another also reached 400. */
    st = settle(STAKES_NIR, false, 410, 430, 100, 6);
    net_is(&st, -2, 10, -2);
}

static void test_jedhil(void **state)
{
    (void)state;
    /* First round: the pot is empty, so all ante, then 1st takes 2, 2nd 1. */
    PeiStakes st = settle(STAKES_JEDHIL, false, 300, 200, 100, 0);
    assert_int_equal(paid(&st, PEI_POT, 0, PEI_PAY_JEDHIL_FIRST), 2);
    assert_int_equal(paid(&st, PEI_POT, 1, PEI_PAY_JEDHIL_SECOND), 1);
    net_is(&st, 0, -1, -2);
    assert_int_equal(st.pot, 3);
    /* The pot can pay 3: no antes. */
    st = settle(STAKES_JEDHIL, false, 100, 300, 200, 3);
    assert_int_equal(paid(&st, 0, PEI_POT, PEI_PAY_ANTE), 0);
    net_is(&st, 0, 2, 1);
    assert_int_equal(st.pot, 0);
    /* 350 or more: 3 for 1st; the pot (3) cannot pay 4, so all ante first. */
    st = settle(STAKES_JEDHIL, false, 360, 200, 100, 3);
    assert_int_equal(paid(&st, 1, PEI_POT, PEI_PAY_ANTE), 2);
    assert_int_equal(paid(&st, PEI_POT, 0, PEI_PAY_JEDHIL_FIRST), 3);
    net_is(&st, 1, -1, -2);
    assert_int_equal(st.pot, 5);
    /* A 400: as nir, antes then the whole pot. */
    st = settle(STAKES_JEDHIL, false, 100, 200, 400, 5);
    assert_int_equal(paid(&st, PEI_POT, 2, PEI_PAY_NIR), 11);
    net_is(&st, -2, -2, 9);
    assert_int_equal(st.pot, 0);
    /* Ties: 1st and 2nd pool 3 and split it, the odd unit stays. */
    st = settle(STAKES_JEDHIL, false, 300, 300, 100, 10);
    net_is(&st, 1, 1, 0);
    assert_int_equal(st.pot, 8);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    PeiStakes st;
    memset(&st, 0x5a, sizeof st);
    PeiStakes before = st;
    assert_int_equal(pei_settle_stakes(STAKES_COUNT, false, (const int[3]){1, 2, 3}, 0, &st),
                     CEKI_ERR_ARG);
    assert_int_equal(pei_settle_stakes(STAKES_NIR, false, (const int[3]){1, -2, 3}, 0, &st),
                     CEKI_ERR_ARG);
    assert_int_equal(pei_settle_stakes(STAKES_NIR, false, (const int[3]){1, 2, 3}, -1, &st),
                     CEKI_ERR_ARG);
    assert_int_equal(pei_settle_stakes(STAKES_NIR, false, NULL, 0, &st), CEKI_ERR_ARG);
    assert_int_equal(pei_settle_stakes(STAKES_NIR, false, (const int[3]){1, 2, 3}, 0, NULL),
                     CEKI_ERR_ARG);
    assert_memory_equal(&st, &before, sizeof st);
    assert_string_equal(pei_reason_key(PEI_PAY_TE_LUMRAH), "te-lumrah");
    assert_string_equal(pei_reason_key(PEI_PAY_COUNT), "?");
    assert_string_equal(pei_reason_label(-1), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_layout), cmocka_unit_test(test_ceremony_order),
        cmocka_unit_test(test_placing),     cmocka_unit_test(test_next_unyik),
        cmocka_unit_test(test_none),        cmocka_unit_test(test_wudon),
        cmocka_unit_test(test_rampung),     cmocka_unit_test(test_jung_seed_example),
        cmocka_unit_test(test_parewanan),   cmocka_unit_test(test_nir),
        cmocka_unit_test(test_jedhil),      cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
