/* The round result screen: it settles and draws for a finished round of
 * every kind of variant at 1280x800 and 2560x1600 (the images are written
 * to the build tree to be looked at), "Next round" deals on through the
 * session, at the end of a match "Main menu" goes back to the title, and a
 * Kowah hand nobody won says why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kowah.h"
#include "session.h"
#include "test_support.h"

typedef struct Case {
    VariantId variant;
    int players;
    StakeScheme stakes;
    uint32_t options;
    uint64_t seed;
} Case;

static const Case cases[] = {
    {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 5},
    {VARIANT_THOTHIT_CHINESE, 3, STAKES_NONE, 0, 6},
    {VARIANT_THOTHIT_SACKSON, 6, STAKES_NONE, OPTION_ADVANCED, 7},
    {VARIANT_ENTHIT, 3, STAKES_NONE, 0, 8},
    {VARIANT_THOTHIT_KUNA, 6, STAKES_NONE, 0, 9},
    {VARIANT_THOTHIT_KUNA, 4, STAKES_NONE, 0, 10},
    {VARIANT_THOTHIT_YOGYAKARTA, 3, STAKES_NONE, 0, 11},
    {VARIANT_THIT_THIT_DULIT, 2, STAKES_NONE, 0, 12},
    {VARIANT_KINGS, 6, STAKES_NONE, 0, 13},
    {VARIANT_TOTIT, 4, STAKES_NONE, 0, 14},
    {VARIANT_TOTIT_DENEXA, 2, STAKES_NONE, 0, 15},
    {VARIANT_PEI, 3, STAKES_PAREWANAN, OPTION_JUNG, 16},
    {VARIANT_PEI_MAGELANG, 3, STAKES_JEDHIL, 0, 17},
    {VARIANT_PEI_CHINESE, 3, STAKES_NIR, 0, 18},
    {VARIANT_KOWAH, 4, STAKES_NONE, 0, 19},
};

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random moves until the round is over (or, with `match`, the match). */
static void play(Session *s, bool match, uint64_t seed)
{
    uint64_t x = seed * 7919 + 1;
    Move moves[GAME_MAX_MOVES];
    for (int guard = 0; guard < 200000; guard++) {
        const Game *g = session_game(s);
        if (game_match_over(g) || (!match && game_round_over(g))) {
            break;
        }
        int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
        assert_true(n > 0);
        Move m = moves[next(&x) % (uint64_t)(n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES)];
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    GameEvent sink[256];
    while (session_take_events(s, sink, 256) > 0) {
    }
}

static Session *make(const Case *c)
{
    GameConfig cfg = game_config_default(c->variant, c->seed);
    cfg.players = c->players;
    cfg.stakes = c->stakes;
    cfg.options = c->options;
    SessionSeats seats = {.ai_budget_ms = 0};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = i == 0;
        seats.level[i] = (AiLevel)(i % AI_LEVEL_COUNT);
    }
    CekiStatus st = CEKI_ERR_ARG;
    Session *s = session_create(&cfg, &seats, &st);
    assert_int_equal(st, CEKI_OK);
    return s;
}

static void shoot(App *app, const char *name)
{
    char path[700], err[300];
    snprintf(path, sizeof path, "%s/%s.png", CEKI_TEST_OUT_DIR, name);
    assert_true(app_save_png(app, path, err, sizeof err));
}

static void show(App *app, Session *s, const char *name)
{
    app_setup_variant(app, game_variant(session_game(s))->id);
    app->session = s;
    char why[200];
    if (!scene_stack_push(app, SCENE_RESULT, why, sizeof why)) {
        fail_msg("result screen refused: %s", why);
    }
    assert_string_equal(test_top_scene(app), "result");
    app_settle(app);
    assert_false(app->animating);
    assert_false(card_art_pending(app->cards));
    shoot(app, name);
}

static void test_round_results(void **state)
{
    (void)state;
    const int sizes[][2] = {{1280, 800}, {2560, 1600}};
    for (size_t z = 0; z < 2; z++) {
        /* One App per size: the card art rasterised once serves every case. */
        App *app = test_app_new(sizes[z][0], sizes[z][1], NULL);
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            const Case *c = &cases[k];
            /* The large size for the variants the brief names. */
            bool big = c->variant == VARIANT_THOTHIT || c->variant == VARIANT_THOTHIT_KUNA ||
                       c->variant == VARIANT_PEI || c->variant == VARIANT_KINGS ||
                       c->variant == VARIANT_TOTIT;
            if (z == 1 && !big) {
                continue;
            }
            Session *s = make(c);
            play(s, false, c->seed);
            const Game *g = session_game(s);
            assert_true(game_round_over(g));
            bool over = game_match_over(g);
            char name[120];
            snprintf(name, sizeof name, "result-%s-%d-%d", variant_get(c->variant)->key, c->players,
                     sizes[z][0]);
            show(app, s, name);
            const Ui *ui = ui_of_top_scene(app);
            assert_non_null(ui);
            if (over) {
                assert_non_null(ui_find_named(ui, "New match"));
                assert_non_null(ui_find_named(ui, "Main menu"));
                scene_stack_pop(app);
            } else {
                const char *label = c->variant == VARIANT_KOWAH ? "Next hand" : "Next round";
                assert_non_null(ui_find_named(ui, label));
                /* The primary action has the focus: Enter deals on. */
                int round = game_round_number(g);
                if (z == 0) {
                    test_key(app, SDLK_RETURN, 0);
                } else {
                    test_click_named(app, label);
                }
                assert_string_equal(test_top_scene(app), "title");
                assert_int_equal(game_round_number(session_game(s)), round + 1);
                assert_false(game_round_over(session_game(s)));
                /* The new deal waits in the queue for the table. */
                assert_true(session_pending_events(s) > 0);
            }
            app->session = NULL;
            session_destroy(s);
        }
        app_destroy(app);
    }
}

static void test_match_over(void **state)
{
    (void)state;
    const Case match_cases[] = {
        {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 21},      {VARIANT_KINGS, 4, STAKES_NONE, 0, 22},
        {VARIANT_PEI, 3, STAKES_WUDON, 0, 23},         {VARIANT_TOTIT, 3, STAKES_NONE, 0, 24},
        {VARIANT_THOTHIT_KUNA, 6, STAKES_NONE, 0, 25},
    };
    for (size_t k = 0; k < sizeof match_cases / sizeof match_cases[0]; k++) {
        const Case *c = &match_cases[k];
        Session *s = make(c);
        play(s, true, c->seed);
        assert_true(game_match_over(session_game(s)));
        App *app = test_app_new(1280, 800, NULL);
        char name[120];
        snprintf(name, sizeof name, "match-%s-%d", variant_get(c->variant)->key, c->players);
        show(app, s, name);
        const Ui *ui = ui_of_top_scene(app);
        assert_null(ui_find_named(ui, "Next round"));
        assert_non_null(ui_find_named(ui, "New match"));
        /* Esc does not leave a finished match by accident. */
        test_key(app, SDLK_ESCAPE, 0);
        assert_string_equal(test_top_scene(app), "result");
        /* Main menu: back to the title, every screen above it gone. */
        char why[200];
        app->session = s;
        assert_true(scene_stack_push(app, SCENE_SETTINGS, why, sizeof why));
        scene_stack_pop(app);
        test_click_named(app, "Main menu");
        assert_string_equal(test_top_scene(app), "title");
        assert_int_equal(app->scenes.count, 1);
        app->session = NULL;
        app_destroy(app);
        session_destroy(s);
    }
}

static void test_on_its_own(void **state)
{
    (void)state;
    /* Opened with no game (ceki --screenshot --scene result): it plays a
     * round of the set-up game itself and shows that. */
    App *app = test_app_new(1280, 800, NULL);
    app_setup_variant(app, VARIANT_PEI);
    app->setup.config.seed = 4;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_RESULT, why, sizeof why));
    app_settle(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Next round"));
    test_click_named(app, "Next round");
    assert_string_equal(test_top_scene(app), "title");
    app_destroy(app);
}

/* Kowah seats that never declare and only take the discard top and throw
 * it back: the hand ends with no winner after KOWAH_MAX_IDLE_TURNS turns,
 * the stock not empty, and the screen says so (result-kowah-idle.png). */
static void test_kowah_hand_nobody_won(void **state)
{
    (void)state;
    const Case c = {VARIANT_KOWAH, 2, STAKES_NONE, 0, 31};
    Session *s = make(&c);
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    Card taken = CARD_NONE;
    for (int guard = 0; !game_round_over(session_game(s)); guard++) {
        assert_true(guard < 2000);
        const Game *g = session_game(s);
        Move moves[GAME_MAX_MOVES];
        int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
        assert_true(n > 0);
        Move m = moves[0];
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DRAW_DISCARD || moves[i].type == MOVE_PASS ||
                (moves[i].type == MOVE_DISCARD && moves[i].card == taken)) {
                m = moves[i];
            }
        }
        if (m.type == MOVE_DRAW_DISCARD) {
            assert_int_equal(game_observe(g, m.seat, o), CEKI_OK);
            taken = o->discard[o->discard_count - 1];
        }
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    free(o);
    GameEvent sink[256];
    while (session_take_events(s, sink, 256) > 0) {
    }
    assert_int_equal(kowah_hand_end(session_game(s)), KOWAH_HAND_IDLE);
    App *app = test_app_new(1280, 800, NULL);
    show(app, s, "result-kowah-idle");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Next hand"));
    app->session = NULL;
    app_destroy(app);
    session_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_results),
        cmocka_unit_test(test_match_over),
        cmocka_unit_test(test_on_its_own),
        cmocka_unit_test(test_kowah_hand_nobody_won),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
