/* The command line: the --screenshot contract and its errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "args.h"

static bool parse(AppArgs *out, char *err, size_t size, const char *const *argv)
{
    int argc = 0;
    while (argv[argc] != NULL) {
        argc++;
    }
    return args_parse(argc, (char **)argv, out, err, size);
}

static void test_full_line(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *argv[] = {"ceki",      "--screenshot", "x.png",          "--scene", "gallery",
                          "--variant", "pei",          "--seed",         "42",      "--players",
                          "3",         "--deck-style", "western-spades", "--size",  "2560x1600",
                          NULL};
    assert_true(parse(&a, err, sizeof err, argv));
    assert_string_equal(a.screenshot, "x.png");
    assert_int_equal(a.scene, SCENE_GALLERY);
    assert_int_equal(a.variant, VARIANT_PEI);
    assert_true(a.seed_given);
    assert_int_equal(a.seed, 42);
    assert_int_equal(a.players, 3);
    assert_int_equal(a.deck_style, STYLE_WESTERN_SPADES);
    assert_int_equal(a.width, 2560);
    assert_int_equal(a.height, 1600);
}

static void test_defaults(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *argv[] = {"ceki", "--screenshot", "x.png", NULL};
    assert_true(parse(&a, err, sizeof err, argv));
    assert_int_equal(a.scene, SCENE_TITLE);
    assert_int_equal(a.width, 1280);
    assert_int_equal(a.height, 800);
    assert_false(a.seed_given);
    const char *none[] = {"ceki", NULL};
    assert_true(parse(&a, err, sizeof err, none));
    assert_null(a.screenshot);
}

/* The largest seed there is, 2^64 - 1, is taken as it is. */
static void test_largest_seed(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *argv[] = {"ceki", "--seed", "18446744073709551615", NULL};
    assert_true(parse(&a, err, sizeof err, argv));
    assert_true(a.seed_given);
    assert_true(a.seed == UINT64_MAX);
}

static void test_known_but_unbuilt_scenes_parse(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *table[] = {"ceki", "--screenshot", "x.png", "--scene", "table", NULL};
    assert_true(parse(&a, err, sizeof err, table));
    assert_int_equal(a.scene, SCENE_TABLE);
    const char *learn[] = {"ceki", "--screenshot", "x.png", "--scene", "learn", NULL};
    assert_true(parse(&a, err, sizeof err, learn));
    assert_int_equal(a.scene, SCENE_LEARN);
}

/* --autoplay plays instantly unless --speed asks to watch it move. */
static void test_autoplay_speed(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *plain[] = {"ceki", "--autoplay", NULL};
    assert_true(parse(&a, err, sizeof err, plain));
    assert_int_equal(a.speed, ANIM_INSTANT);
    const char *slow[] = {"ceki", "--autoplay", "--speed", "slow", "--variant", "kings", NULL};
    assert_true(parse(&a, err, sizeof err, slow));
    assert_int_equal(a.speed, ANIM_SLOW);
    assert_int_equal(a.variant, VARIANT_KINGS);
}

/* --autoplay-after N: a window's test switch, -1 when not given. */
static void test_autoplay_after(void **state)
{
    (void)state;
    AppArgs a;
    char err[256];
    const char *plain[] = {"ceki", NULL};
    assert_true(parse(&a, err, sizeof err, plain));
    assert_int_equal(a.autoplay_after, -1);
    const char *four[] = {"ceki", "--autoplay-after", "4", NULL};
    assert_true(parse(&a, err, sizeof err, four));
    assert_int_equal(a.autoplay_after, 4);
    assert_false(a.autoplay);
    const char *none[] = {"ceki", "--autoplay-after", "0", NULL};
    assert_true(parse(&a, err, sizeof err, none));
    assert_int_equal(a.autoplay_after, 0);
}

static void test_errors(void **state)
{
    (void)state;
    struct {
        const char *argv[8];
        const char *says;
    } cases[] = {
        {{"ceki", "--scene", "casino", NULL}, "unknown scene 'casino'"},
        {{"ceki", "--deck-style", "tarot", NULL}, "unknown deck style 'tarot'"},
        {{"ceki", "--variant", "poker", NULL}, "unknown variant 'poker'"},
        {{"ceki", "--size", "12x", NULL}, "--size"},
        {{"ceki", "--size", "10x10", NULL}, "--size"},
        {{"ceki", "--seed", "-3", NULL}, "--seed"},
        {{"ceki", "--seed", "18446744073709551616", NULL}, "from 0 to 18446744073709551615"},
        {{"ceki", "--seed", "+11", NULL}, "--seed wants a whole number"},
        {{"ceki", "--seed", " 11", NULL}, "--seed wants a whole number"},
        {{"ceki", "--players", "+3", NULL}, "--players"},
        {{"ceki", "--players", "7", NULL}, "--players"},
        {{"ceki", "--variant", "thothit", "--players", "4", NULL}, "thothit is for 3 players"},
        {{"ceki", "--variant", "thothit-kuna", "--players", "5", NULL}, "4 or 6"},
        {{"ceki", "--screenshot", NULL}, "needs a value"},
        {{"ceki", "--fast", NULL}, "unknown option"},
        {{"ceki", "--autoplay", "--speed", "warp", NULL}, "unknown speed 'warp'"},
        {{"ceki", "--autoplay-after", "-1", NULL}, "--autoplay-after wants a number"},
        {{"ceki", "--autoplay-after", "10001", NULL}, "--autoplay-after wants a number"},
        {{"ceki", "--autoplay-after", "2", "--autoplay", NULL}, "--autoplay-after is for a window"},
        {{"ceki", "--autoplay-after", "2", "--join", "127.0.0.1:7157", NULL},
         "--autoplay-after is for a window"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        AppArgs a;
        char err[256] = "";
        assert_false(parse(&a, err, sizeof err, cases[i].argv));
        if (strstr(err, cases[i].says) == NULL) {
            fail_msg("case %zu: '%s' does not say '%s'", i, err, cases[i].says);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_line),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_largest_seed),
        cmocka_unit_test(test_known_but_unbuilt_scenes_parse),
        cmocka_unit_test(test_autoplay_speed),
        cmocka_unit_test(test_autoplay_after),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
