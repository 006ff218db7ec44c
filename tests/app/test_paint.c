/* paint_region_cut: a region less the rectangles cut out of it, as the
 * table draws its felt around the cards that cover it. Checked pixel by
 * pixel on a small grid against the same region painted by hand, for
 * seeded random cuts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "paint.h"

#define GRID 64    /* the grid's side, in pixels */
#define TRIALS 400 /* random regions tried */
#define CUTS 12    /* holes cut out of each */

static uint32_t next_random(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* A rectangle anywhere around the grid, partly outside it at times. */
static SDL_Rect random_rect(uint32_t *s)
{
    SDL_Rect r = {(int)(next_random(s) % (GRID + 16)) - 8, (int)(next_random(s) % (GRID + 16)) - 8,
                  (int)(next_random(s) % (GRID / 2)), (int)(next_random(s) % (GRID / 2))};
    return r;
}

static void mark(unsigned char grid[GRID][GRID], SDL_Rect r, unsigned char value)
{
    for (int y = SDL_max(0, r.y); y < SDL_min(GRID, r.y + r.h); y++) {
        for (int x = SDL_max(0, r.x); x < SDL_min(GRID, r.x + r.w); x++) {
            grid[y][x] = value;
        }
    }
}

/* Every pixel of the region lies in exactly one part, none outside it. */
static void assert_covers(const SDL_Rect *parts, int n, unsigned char want[GRID][GRID])
{
    static unsigned char count[GRID][GRID];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++) {
        assert_true(parts[i].w > 0 && parts[i].h > 0);
        for (int y = parts[i].y; y < parts[i].y + parts[i].h; y++) {
            for (int x = parts[i].x; x < parts[i].x + parts[i].w; x++) {
                assert_true(x >= 0 && x < GRID && y >= 0 && y < GRID);
                count[y][x]++;
            }
        }
    }
    for (int y = 0; y < GRID; y++) {
        for (int x = 0; x < GRID; x++) {
            assert_int_equal(count[y][x], want[y][x]);
        }
    }
}

static void test_cut_leaves_the_region_less_the_holes(void **state)
{
    (void)state;
    uint32_t seed = 31;
    static unsigned char want[GRID][GRID];
    int cut_some = 0, refused = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        SDL_Rect parts[PAINT_REGION_MAX] = {{4, 2, GRID - 10, GRID - 3}};
        int n = 1;
        memset(want, 0, sizeof want);
        mark(want, parts[0], 1);
        int cap = 4 + trial % (PAINT_REGION_MAX - 4);
        for (int c = 0; c < CUTS; c++) {
            SDL_Rect hole = random_rect(&seed);
            SDL_Rect before[PAINT_REGION_MAX];
            memcpy(before, parts, sizeof parts);
            int m = paint_region_cut(parts, n, cap, hole);
            assert_true(m <= cap);
            if (m == n && memcmp(before, parts, sizeof(SDL_Rect) * (size_t)n) == 0) {
                /* Refused (too many pieces) or nothing to cut: unchanged. */
                SDL_Rect hid;
                bool meets = false;
                for (int i = 0; i < n; i++) {
                    meets = meets || SDL_IntersectRect(&parts[i], &hole, &hid);
                }
                if (!meets) {
                    continue;
                }
                refused++;
                continue;
            }
            mark(want, hole, 0);
            n = m;
            cut_some++;
        }
        assert_covers(parts, n, want);
    }
    /* The seeds tried both kinds of cut. */
    assert_true(cut_some > TRIALS);
    assert_true(refused > 0);
}

static void test_cut_of_the_whole_leaves_nothing(void **state)
{
    (void)state;
    SDL_Rect parts[PAINT_REGION_MAX] = {{10, 10, 20, 20}, {40, 10, 5, 5}};
    int n = paint_region_cut(parts, 2, PAINT_REGION_MAX, (SDL_Rect){0, 0, 35, 35});
    assert_int_equal(n, 1);
    assert_int_equal(parts[0].x, 40);
    assert_int_equal(parts[0].w, 5);
    n = paint_region_cut(parts, n, PAINT_REGION_MAX, (SDL_Rect){40, 10, 5, 5});
    assert_int_equal(n, 0);
}

static void test_cut_in_the_middle_makes_four_bands(void **state)
{
    (void)state;
    SDL_Rect parts[PAINT_REGION_MAX] = {{0, 0, 30, 30}};
    int n = paint_region_cut(parts, 1, 3, (SDL_Rect){10, 10, 10, 10});
    assert_int_equal(n, 1); /* four would not fit in 3: unchanged */
    assert_int_equal(parts[0].w, 30);
    n = paint_region_cut(parts, 1, 4, (SDL_Rect){10, 10, 10, 10});
    assert_int_equal(n, 4);
    long area = 0;
    for (int i = 0; i < n; i++) {
        area += (long)parts[i].w * parts[i].h;
    }
    assert_int_equal(area, 30 * 30 - 10 * 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_leaves_the_region_less_the_holes),
        cmocka_unit_test(test_cut_of_the_whole_leaves_nothing),
        cmocka_unit_test(test_cut_in_the_middle_makes_four_bands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
