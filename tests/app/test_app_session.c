/* A whole session of the program, headless, by scripted input only — what a
 * player does on a first evening: from the title through the menus to a
 * game's setup, a match of Totit played to its end by keyboard (the
 * computers thinking on their thread), the result screens, then the
 * statistics, the replay of that match, learn mode and the settings, and
 * out. Each step checks what the screen then shows; the player's store is a
 * real file, read again by a second start.
 *
 * Here the test steps the App itself (app_update with its own dt, events
 * handed to the loop's app_handle_event) to check each screen between
 * steps; test_app_run.c plays an evening through the real main loop
 * (app_run) on the headless platform (platform.h) with scripted input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "scene_table.h"
#include "session.h"
#include "test_support.h"

/* One step of the loop; lets a thinking computer's thread run. */
static void step(App *app, double dt)
{
    app_update(app, dt);
    if (app->session != NULL && session_thinking(app->session)) {
        SDL_Delay(1);
    }
}

static void expect_scene(const App *app, const char *name)
{
    if (strcmp(test_top_scene(app), name) != 0) {
        fail_msg("expected the %s screen, the %s screen is shown", name, test_top_scene(app));
    }
}

static bool has_widget(const App *app, const char *name)
{
    return ui_find_named(ui_of_top_scene(app), name) != NULL;
}

/* Title > Play > Totit > Set up > Start, all by mouse. */
static void open_totit_table(App *app)
{
    expect_scene(app, "title");
    test_click_named(app, "Play");
    expect_scene(app, "variants");
    test_click_named(app, "totit"); /* a click on a game sets it up */
    expect_scene(app, "setup");
    app->setup.config.seed = 20261126; /* the deal the test knows nothing of, but fixed */
    app->setup.seed_given = true;
    test_click_named(app, "Start game");
    expect_scene(app, "table");
    assert_non_null(app->session);
}

static int moves_made(const App *app)
{
    int n = 0;
    session_history(app->session, &n);
    return n;
}

/* The person's turn as a keyboard player takes it: Enter on the focused
 * card (its best capture); if that made no move, T to lay it in the pool;
 * if not even that (the card may not be laid), the next card, or down from
 * the pool to the hand. */
static void person_turn(App *app)
{
    static const SDL_Keycode tries[] = {SDLK_RETURN, SDLK_t, SDLK_RIGHT, SDLK_DOWN};
    int before = moves_made(app);
    for (size_t k = 0; k < sizeof tries / sizeof tries[0]; k++) {
        test_key(app, tries[k], KMOD_NONE);
        if (moves_made(app) != before || !table_waits_for_person(app)) {
            return;
        }
    }
}

/* Plays the match: Enter for each of the person's decisions, Next round
 * on each result. Returns the rounds seen on the result screen. */
static int play_match_by_keyboard(App *app)
{
    int results = 0;
    for (int i = 0; i < 100000; i++) {
        const char *top = test_top_scene(app);
        if (strcmp(top, "result") == 0) {
            results++;
            const Game *g = session_game(app->session);
            assert_true(game_round_over(g));
            if (game_match_over(g)) {
                assert_true(has_widget(app, "New match"));
                return results;
            }
            test_click_named(app, "Next round");
            expect_scene(app, "table");
        } else if (strcmp(top, "table") == 0 && table_waits_for_person(app)) {
            person_turn(app);
        }
        step(app, 0.05);
    }
    fail_msg("the match did not end");
    return results;
}

static void test_a_first_evening(void **state)
{
    (void)state;
    char settings[600];
    snprintf(settings, sizeof settings, "%s/settings.txt", test_temp_dir("session"));
    App *app = test_app_new(1280, 800, settings);
    app->settings.anim_speed = ANIM_FAST;

    open_totit_table(app);
    int players = game_players(session_game(app->session));
    int rounds = play_match_by_keyboard(app);
    assert_true(rounds >= players); /* every player deals once */
    const Game *g = session_game(app->session);
    assert_int_equal(game_round_number(g), rounds);

    /* Back to the title: the match is over, so nothing waits to resume. */
    expect_scene(app, "result");
    test_click_named(app, "Main menu");
    expect_scene(app, "title");
    assert_false(has_widget(app, "Resume game"));

    /* Statistics: the rounds and the match, counted once each. */
    const VariantStats *vs = stats_of(&app->stats, VARIANT_TOTIT, -1);
    assert_non_null(vs);
    assert_int_equal(vs->rounds, rounds);
    assert_int_equal(vs->matches, 1);
    test_click_named(app, "Statistics");
    expect_scene(app, "stats");
    test_key(app, SDLK_ESCAPE, KMOD_NONE);
    expect_scene(app, "title");

    /* Replays: the match is there; the viewer opens it at its start and
     * goes to its last move. */
    test_click_named(app, "Replays");
    expect_scene(app, "replay");
    assert_false(has_widget(app, "Export"));
    test_key(app, SDLK_RETURN, KMOD_NONE);
    assert_true(has_widget(app, "Export"));
    assert_true(has_widget(app, "Last move"));
    test_click_named(app, "Last move");
    step(app, 0.05);
    test_key(app, SDLK_ESCAPE, KMOD_NONE); /* back to the list */
    test_key(app, SDLK_ESCAPE, KMOD_NONE);
    expect_scene(app, "title");

    /* Learn, then the settings: the language changes the title at once. */
    test_click_named(app, "Learn the games");
    expect_scene(app, "learn");
    test_key(app, SDLK_ESCAPE, KMOD_NONE);
    expect_scene(app, "title");
    test_click_named(app, "Settings");
    expect_scene(app, "settings");
    Settings s = app->settings;
    s.language = LANGUAGE_INDONESIAN;
    app_set_settings(app, &s);
    test_key(app, SDLK_ESCAPE, KMOD_NONE);
    expect_scene(app, "title");
    assert_true(has_widget(app, "Pelajari permainan"));
    app_destroy(app);

    /* A second start finds the same statistics and the language. */
    app = test_app_new(1280, 800, settings);
    vs = stats_of(&app->stats, VARIANT_TOTIT, -1);
    assert_int_equal(vs->rounds, rounds);
    assert_int_equal(vs->matches, 1);
    assert_true(has_widget(app, "Pelajari permainan"));
    s = app->settings;
    s.language = LANGUAGE_ENGLISH;
    app_set_settings(app, &s);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_first_evening),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
