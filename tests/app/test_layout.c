/* The table's layout (table_layout.c; its cards placed by board.c), pure
 * arithmetic: zones inside the window and apart from each other for 2 to 6
 * seats at three sizes, card sizes that follow the window, and pools and
 * hands of any size that fit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "table_layout.h"

static const int sizes[][2] = {{1280, 800}, {1024, 640}, {3840, 2160}, {2000, 800}, {2560, 1080}};

/* The kinds of table the variants need. */
typedef struct Shape {
    const char *name;
    bool hands, stock, discard, dealer_side;
    int hand_max;
    int min_players, max_players;
} Shape;

static const Shape shapes[] = {
    {"thothit", true, true, false, false, 7, 3, 3},   {"kuna", true, true, false, false, 20, 4, 6},
    {"sackson", true, false, false, false, 11, 2, 6}, {"watch", false, true, false, false, 0, 2, 6},
    {"pei", true, true, false, true, 14, 3, 3},       {"kowah", true, true, true, false, 9, 2, 4},
};

static float unit_for(int w, int h)
{
    float a = (float)w / 1280.0f, b = (float)h / 800.0f;
    return a < b ? a : b;
}

static TlSpec spec_for(const Shape *s, int w, int h, int players, int bottom, double aspect,
                       bool clockwise)
{
    TlSpec spec = {.width = (float)w,
                   .height = (float)h,
                   .unit = unit_for(w, h),
                   .players = players,
                   .bottom_seat = bottom,
                   .clockwise = clockwise,
                   .dealer_side = s->dealer_side,
                   .aspect = aspect,
                   .hands = s->hands,
                   .stock = s->stock,
                   .discard = s->discard,
                   .hand_max = s->hand_max};
    return spec;
}

static void expect_inside(TlRect r, TlRect outer, const char *what, const char *ctx)
{
    if (tl_empty(r)) {
        return;
    }
    if (!tl_inside(r, outer)) {
        fail_msg("%s: %s (%.1f,%.1f %.1fx%.1f) is not inside (%.1f,%.1f %.1fx%.1f)", ctx, what,
                 (double)r.x, (double)r.y, (double)r.w, (double)r.h, (double)outer.x,
                 (double)outer.y, (double)outer.w, (double)outer.h);
    }
}

static void expect_apart(TlRect a, TlRect b, const char *wa, const char *wb, const char *ctx)
{
    if (tl_overlaps(a, b)) {
        fail_msg("%s: %s (%.1f,%.1f %.1fx%.1f) overlaps %s (%.1f,%.1f %.1fx%.1f)", ctx, wa,
                 (double)a.x, (double)a.y, (double)a.w, (double)a.h, wb, (double)b.x, (double)b.y,
                 (double)b.w, (double)b.h);
    }
}

static void check_layout(const TableLayout *l, const char *ctx)
{
    TlRect window = {0, 0, l->spec.width, l->spec.height};
    int n = l->spec.players;
    /* The zones of the table, by name. */
    TlRect zones[32];
    char names[32][32];
    int nz = 0;
#define ZONE(r, ...)                                                                               \
    do {                                                                                           \
        zones[nz] = (r);                                                                           \
        snprintf(names[nz], sizeof names[nz], __VA_ARGS__);                                        \
        nz++;                                                                                      \
    } while (0)
    ZONE(l->top_bar, "top bar");
    ZONE(l->prompt, "prompt");
    if (l->spec.dealer_side) {
        /* Pèi: the pool's bands and the centre (stock, spot). */
        TlRect bands[TL_SIDES], centre;
        table_layout_pei_bands(l, bands, &centre);
        for (int s = 0; s < TL_SIDES; s++) {
            expect_inside(bands[s], l->pool, "pool band", ctx);
            for (int k = s + 1; k < TL_SIDES; k++) {
                expect_apart(bands[s], bands[k], "pool band", "pool band", ctx);
            }
            expect_apart(bands[s], l->stock, "pool band", "stock", ctx);
            expect_apart(bands[s], l->spot, "pool band", "spot", ctx);
        }
        expect_inside(l->stock, centre, "stock", ctx);
        ZONE(l->pool, "pool");
    } else {
        ZONE(l->pool, "pool");
        ZONE(l->stock, "stock");
        ZONE(l->spot, "spot");
        ZONE(l->discard, "discard");
    }
    for (int s = 0; s < n; s++) {
        const TlSeat *z = &l->seats[s];
        ZONE(z->zone, "seat %d", s);
        expect_inside(z->plate, z->zone, "plate", ctx);
        expect_inside(z->hand, z->zone, "hand", ctx);
        expect_inside(z->pile, z->zone, "pile", ctx);
        expect_apart(z->plate, z->hand, "plate", "hand", ctx);
        expect_apart(z->plate, z->pile, "plate", "pile", ctx);
        expect_apart(z->hand, z->pile, "hand", "pile", ctx);
        assert_false(tl_empty(z->plate));
        assert_false(tl_empty(z->pile));
        if (l->spec.hands) {
            assert_false(tl_empty(z->hand));
            assert_true(z->card_h > 0);
        }
    }
    for (int i = 0; i < nz; i++) {
        expect_inside(zones[i], window, names[i], ctx);
        for (int k = i + 1; k < nz; k++) {
            expect_apart(zones[i], zones[k], names[i], names[k], ctx);
        }
    }
#undef ZONE
    /* The viewer sits at the bottom; nobody else does. */
    for (int s = 0; s < n; s++) {
        bool bottom = s == l->spec.bottom_seat;
        assert_int_equal(l->seats[s].side == TL_BOTTOM, bottom);
    }
    if (l->spec.stock) {
        assert_false(tl_empty(l->stock));
    }
    assert_false(tl_empty(l->spot));
    if (l->spec.discard) {
        assert_false(tl_empty(l->discard));
    } else {
        assert_false(tl_empty(l->pool));
    }
}

static void test_zones_apart_and_inside(void **state)
{
    (void)state;
    const double aspects[] = {0.4, 250.0 / 350.0};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        const Shape *shape = &shapes[si];
        for (int players = shape->min_players; players <= shape->max_players; players++) {
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                for (int a = 0; a < 2; a++) {
                    for (int bottom = 0; bottom < players; bottom++) {
                        for (int cw = 0; cw < 2; cw++) {
                            char ctx[160];
                            snprintf(ctx, sizeof ctx,
                                     "%s, %d players, %dx%d, aspect %.2f, seat %d, %s", shape->name,
                                     players, sizes[z][0], sizes[z][1], aspects[a], bottom,
                                     cw ? "clockwise" : "counter-clockwise");
                            TlSpec spec = spec_for(shape, sizes[z][0], sizes[z][1], players, bottom,
                                                   aspects[a], cw == 1);
                            TableLayout l;
                            table_layout_compute(&spec, &l);
                            check_layout(&l, ctx);
                        }
                    }
                }
            }
        }
    }
}

static void test_seats_in_play_order(void **state)
{
    (void)state;
    const Shape *s = &shapes[1];
    /* Counter-clockwise: the next seat is to the viewer's right. */
    TlSpec spec = spec_for(s, 1280, 800, 4, 0, 0.4, false);
    assert_int_equal(table_layout_side_of(&spec, 1), TL_RIGHT);
    assert_int_equal(table_layout_side_of(&spec, 2), TL_TOP);
    assert_int_equal(table_layout_side_of(&spec, 3), TL_LEFT);
    spec.clockwise = true;
    assert_int_equal(table_layout_side_of(&spec, 1), TL_LEFT);
    assert_int_equal(table_layout_side_of(&spec, 3), TL_RIGHT);
    /* Seen from seat 2 the table turns. */
    spec.bottom_seat = 2;
    assert_int_equal(table_layout_side_of(&spec, 2), TL_BOTTOM);
    assert_int_equal(table_layout_side_of(&spec, 3), TL_LEFT);
    /* Six seats: right, three along the top in play order, left. */
    spec = spec_for(s, 1280, 800, 6, 0, 0.4, false);
    TableLayout l;
    table_layout_compute(&spec, &l);
    assert_int_equal(l.seats[1].side, TL_RIGHT);
    assert_int_equal(l.seats[5].side, TL_LEFT);
    for (int k = 2; k <= 4; k++) {
        assert_int_equal(l.seats[k].side, TL_TOP);
    }
    /* Counter-clockwise: play runs right to left along the top. */
    assert_true(l.seats[2].zone.x > l.seats[3].zone.x);
    assert_true(l.seats[3].zone.x > l.seats[4].zone.x);
    /* Pèi: the seats take three sides of the square, the dealer the fourth. */
    spec = spec_for(&shapes[4], 1280, 800, 3, 0, 0.4, false);
    assert_int_equal(table_layout_side_of(&spec, 1), TL_RIGHT);
    assert_int_equal(table_layout_side_of(&spec, 2), TL_TOP);
    /* The dealer's side is the one no seat takes, seen from any seat and
     * after a seating draw that turned the order of play. */
    for (int bottom = 0; bottom < 3; bottom++) {
        for (int reversed = 0; reversed < 2; reversed++) {
            spec.bottom_seat = bottom;
            spec.reversed = reversed;
            table_layout_compute(&spec, &l);
            TlSide dealer = table_layout_dealer_side(&l);
            assert_int_equal(dealer, TL_LEFT);
            for (int k = 0; k < 3; k++) {
                assert_int_not_equal(l.seats[k].side, dealer);
            }
        }
    }
}

static void test_cards_scale_with_the_window(void **state)
{
    (void)state;
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        float hand[3], small[3];
        for (int z = 0; z < 3; z++) {
            TlSpec spec = spec_for(&shapes[si], sizes[z][0], sizes[z][1], shapes[si].min_players, 0,
                                   0.4, false);
            TableLayout l;
            table_layout_compute(&spec, &l);
            hand[z] = l.hand_card_h;
            small[z] = l.small_card_h;
        }
        /* 1024x640 < 1280x800 < 3840x2160 */
        assert_true(small[1] < small[0] && small[0] < small[2]);
        assert_true(small[2] > 2.0f * small[0]);
        if (shapes[si].hands) {
            assert_true(hand[1] < hand[0] && hand[0] < hand[2]);
            assert_true(hand[2] > 2.0f * hand[0]);
        }
    }
}

/* A window wider than 16:10 gives the cards more height (wide
 * windows once left them as small as at 1280x800); every zone still fits
 * (test_zones_apart_and_inside lays out the wide sizes too). */
static void test_cards_grow_in_wide_windows(void **state)
{
    (void)state;
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        if (shapes[si].dealer_side) {
            continue; /* Pèi's pool bands keep their share (test_pei_pool_grows_with_the_window) */
        }
        TableLayout normal, wide;
        TlSpec spec = spec_for(&shapes[si], 1280, 800, shapes[si].min_players, 0, 0.4, false);
        table_layout_compute(&spec, &normal);
        spec = spec_for(&shapes[si], 2000, 800, shapes[si].min_players, 0, 0.4, false);
        table_layout_compute(&spec, &wide);
        assert_true(wide.small_card_h > normal.small_card_h);
        if (shapes[si].hands) {
            assert_true(wide.hand_card_h > normal.hand_card_h * 1.1f);
        }
    }
}

/* Pèi's pool lies in bands a third of the middle's height: a window larger
 * (2560x1000 against 1280x800, 1.25 times as tall) grows the pool's bands
 * and the stock as much as the hand, and never the hand alone. */
static void test_pei_pool_grows_with_the_window(void **state)
{
    (void)state;
    const Shape *pei = &shapes[4];
    assert_string_equal(pei->name, "pei");
    TableLayout normal, large;
    TlSpec spec = spec_for(pei, 1280, 800, 3, 0, 0.4, false);
    table_layout_compute(&spec, &normal);
    spec = spec_for(pei, 2560, 1000, 3, 0, 0.4, false);
    table_layout_compute(&spec, &large);
    TlRect nb[TL_SIDES], lb[TL_SIDES], nc, lc;
    table_layout_pei_bands(&normal, nb, &nc);
    table_layout_pei_bands(&large, lb, &lc);
    float grow = unit_for(2560, 1000) / unit_for(1280, 800);
    float band = lb[TL_BOTTOM].h / nb[TL_BOTTOM].h, stock = large.stock.h / normal.stock.h;
    float hand = large.hand_card_h / normal.hand_card_h;
    printf("2560x1000 over 1280x800: the window's unit x%.2f, a band x%.2f, the stock x%.2f, the "
           "hand x%.2f\n",
           (double)grow, (double)band, (double)stock, (double)hand);
    assert_true(band >= grow * 0.97f);
    assert_true(stock >= grow * 0.97f);
    assert_true(hand <= band * 1.05f);
}

static void test_hand_rows_fit(void **state)
{
    (void)state;
    for (int z = 0; z < 3; z++) {
        TlSpec spec = spec_for(&shapes[1], sizes[z][0], sizes[z][1], 6, 0, 0.4, false);
        TableLayout l;
        table_layout_compute(&spec, &l);
        const TlSeat *me = &l.seats[0];
        TlRect prev = {0};
        for (int i = 0; i < 20; i++) {
            TlRect r = board_row(me->hand, 0.4, me->card_h, 20, i, 1.04f, BOARD_ARC);
            expect_inside(r, me->zone, "hand card", "20-card hand");
            if (i > 0) {
                /* Overlapping, but the index corner of the one under shows. */
                assert_true(r.x - prev.x >= r.w * 0.3f);
            }
            prev = r;
        }
    }
}

/* A realistic 120-card pool: Thothit Kuna with six players deals 20 per
 * player; rank 1 (honours and 1s) is twice as common as any other. */
static void kuna_pool(int *groups)
{
    const int counts[9] = {24, 12, 12, 12, 12, 12, 12, 12, 12};
    for (int i = 0; i < 9; i++) {
        groups[i] = counts[i];
    }
}

static void test_big_pool_fits(void **state)
{
    (void)state;
    int groups[9];
    kuna_pool(groups);
    for (int z = 0; z < 3; z++) {
        for (int a = 0; a < 2; a++) {
            double aspect = a == 0 ? 0.4 : 250.0 / 350.0;
            TlSpec spec = spec_for(&shapes[1], sizes[z][0], sizes[z][1], 6, 0, aspect, false);
            TableLayout l;
            table_layout_compute(&spec, &l);
            BoardGroups g = {.aspect = aspect,
                             .max_h = l.pool_card_h,
                             .min_h = 18,
                             .peek = 0.22f,
                             .gap = 6,
                             .centre = true};
            TlRect cards[120];
            float h = board_groups(l.pool, &g, groups, 9, cards);
            char ctx[80];
            snprintf(ctx, sizeof ctx, "120-card pool at %dx%d, aspect %.2f", sizes[z][0],
                     sizes[z][1], aspect);
            assert_true(h >= 18);
            /* Readable: at 1280x800 a card is still over 50 pixels high. */
            if (z == 0) {
                assert_true(h >= 50);
            }
            int k = 0;
            for (int gi = 0; gi < 9; gi++) {
                for (int j = 0; j < groups[gi]; j++, k++) {
                    expect_inside(cards[k], l.pool, "pool card", ctx);
                    assert_true(cards[k].h == h);
                }
            }
            /* Groups never overlap each other. */
            k = 0;
            for (int gi = 0; gi < 9; gi++) {
                int other = 0;
                for (int gk = 0; gk < 9; gk++) {
                    for (int j = 0; j < groups[gk]; j++, other++) {
                        if (gk == gi) {
                            continue;
                        }
                        for (int m = 0; m < groups[gi]; m++) {
                            expect_apart(cards[k + m], cards[other], "card", "card of another rank",
                                         ctx);
                        }
                    }
                }
                k += groups[gi];
            }
        }
    }
}

static void test_groups_in_rows(void **state)
{
    (void)state;
    /* A tall narrow band (Pèi's side): groups one under another. */
    TlRect band = {100, 50, 160, 400};
    int groups[2] = {7, 5};
    BoardGroups g = {.aspect = 0.4,
                     .max_h = 150,
                     .min_h = 18,
                     .peek = 0.34f,
                     .gap = 6,
                     .rows = true,
                     .centre = true};
    TlRect cards[12];
    float h = board_groups(band, &g, groups, 2, cards);
    assert_true(h > 40);
    for (int i = 0; i < 12; i++) {
        expect_inside(cards[i], band, "card", "rows");
    }
    /* The second group lies below the first. */
    assert_true(cards[7].y >= cards[0].y + cards[0].h);
    /* Within a group, each card steps right and its index shows. */
    assert_true(cards[1].x > cards[0].x && cards[1].y == cards[0].y);
}

/* Any groups in any area: whenever the cards are above the smallest size,
 * every card lies inside the area and groups never overlap. */
static void test_groups_always_fit(void **state)
{
    (void)state;
    uint32_t x = 12345;
    for (int trial = 0; trial < 3000; trial++) {
        x = x * 1103515245u + 12345u;
        int ng = 1 + (int)((x >> 8) % 9);
        int groups[9], total = 0;
        for (int i = 0; i < ng; i++) {
            x = x * 1103515245u + 12345u;
            groups[i] = 1 + (int)((x >> 9) % 8);
            total += groups[i];
        }
        x = x * 1103515245u + 12345u;
        TlRect area = {10, 20, 120.0f + (float)((x >> 7) % 700), 100.0f + (float)((x >> 17) % 500)};
        bool rows = (x >> 3) & 1;
        double aspect = (x >> 4) & 1 ? 0.4 : 250.0 / 350.0;
        BoardGroups g = {.aspect = aspect,
                         .max_h = 160,
                         .min_h = 20,
                         .peek = rows ? 0.34f : 0.2f,
                         .gap = 8,
                         .rows = rows,
                         .centre = (x >> 5) & 1};
        TlRect cards[72];
        float h = board_groups(area, &g, groups, ng, cards);
        if (h <= g.min_h) {
            continue;
        }
        char ctx[120];
        snprintf(ctx, sizeof ctx, "trial %d: %d groups in %.0fx%.0f%s", trial, ng, (double)area.w,
                 (double)area.h, rows ? " (rows)" : "");
        int k = 0;
        for (int gi = 0; gi < ng; gi++) {
            for (int j = 0; j < groups[gi]; j++) {
                expect_inside(cards[k + j], area, "card", ctx);
                int other = 0;
                for (int gk = 0; gk < ng; gk++) {
                    for (int m = 0; m < groups[gk]; m++, other++) {
                        if (gk != gi) {
                            expect_apart(cards[k + j], cards[other], "card", "another group's",
                                         ctx);
                        }
                    }
                }
            }
            k += groups[gi];
        }
        assert_int_equal(k, total);
    }
}

static void test_quantized_sizes(void **state)
{
    (void)state;
    /* Many wanted heights, few drawn heights. */
    float last = -1;
    int distinct = 0;
    for (int h = 40; h <= 240; h++) {
        float q = board_quantize((float)h);
        assert_true(q <= (float)h && q > (float)h * 0.9f);
        if (q != last) {
            distinct++;
            last = q;
        }
    }
    assert_true(distinct < 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zones_apart_and_inside),
        cmocka_unit_test(test_seats_in_play_order),
        cmocka_unit_test(test_cards_scale_with_the_window),
        cmocka_unit_test(test_cards_grow_in_wide_windows),
        cmocka_unit_test(test_pei_pool_grows_with_the_window),
        cmocka_unit_test(test_hand_rows_fit),
        cmocka_unit_test(test_big_pool_fits),
        cmocka_unit_test(test_groups_in_rows),
        cmocka_unit_test(test_groups_always_fit),
        cmocka_unit_test(test_quantized_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
