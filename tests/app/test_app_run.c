/* The program's own main loop (app_run) on the headless platform
 * (platform.h), driven only by scripted input: a person's evening from the
 * title, a match of Thothit played to its end by mouse while the
 * computers think on their thread, the result screens, the statistics and
 * the replay of that match, learn mode, and the window closed. The script
 * is asked for input whenever the loop has none, looks at what the screen
 * shows (the top scene and its widgets, as a person looks) and answers
 * with mouse clicks and keys. Nothing calls the scenes directly: what is
 * checked is what the loop did with the events. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app_loop.h"
#include "platform.h"
#include "scene_table.h"
#include "session.h"
#include "test_support.h"

/* What the person does at a step, once the screen shows `scene`. */
typedef enum {
    DO_CLICK, /* click the widget named `what` */
    DO_KEY,   /* press `key` */
    DO_MATCH, /* play the match on the table to its end */
    DO_QUIT,  /* close the window */
} Act;

typedef struct Step {
    const char *scene; /* the screen the step expects */
    Act act;
    const char *what;
    SDL_Keycode key;
} Step;

static const Step evening[] = {
    {"title", DO_CLICK, "Play", 0},
    {"variants", DO_CLICK, "thothit", 0},
    {"setup", DO_CLICK, "Start game", 0},
    {"table", DO_MATCH, NULL, 0},
    {"result", DO_CLICK, "Main menu", 0},
    {"title", DO_CLICK, "Statistics", 0},
    {"stats", DO_KEY, NULL, SDLK_ESCAPE},
    {"title", DO_CLICK, "Replays", 0},
    {"replay", DO_KEY, NULL, SDLK_RETURN},
    {"replay", DO_CLICK, "Last move", 0},
    {"replay", DO_KEY, NULL, SDLK_ESCAPE},
    {"replay", DO_KEY, NULL, SDLK_ESCAPE},
    {"title", DO_CLICK, "Learn the games", 0},
    {"learn", DO_KEY, NULL, SDLK_ESCAPE},
    {"title", DO_QUIT, NULL, 0},
};
#define EVENING_STEPS (int)(sizeof evening / sizeof evening[0])

/* Generous bounds on the loop's questions (a match takes some thousands)
 * and on the virtual time the evening may take (it takes minutes). */
#define MAX_ASKS 2000000L
#define MAX_VIRTUAL_SECONDS 3600.0

typedef struct Person {
    int step;
    long asks;
    char failure[300]; /* "" while all went as expected */
    int results;       /* result screens seen */
    int tries;         /* moves tried at this decision of the person */
    int moves_before;  /* moves made when the first key was tried */
    bool seed_set;
    bool saw_export; /* the replay viewer offered Export once a game was open */
} Person;

static int moves_made(const App *app)
{
    int n = 0;
    session_history(app->session, &n);
    return n;
}

static void key_event(SDL_Event *out, SDL_Keycode key, Uint32 type)
{
    *out = (SDL_Event){.type = type};
    out->key.keysym.sym = key;
    out->key.keysym.scancode = SDL_GetScancodeFromKey(key);
    out->key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
}

/* Answers with a key press; its release is posted behind it. */
static bool press(App *app, SDL_Keycode key, SDL_Event *out)
{
    SDL_Event up;
    key_event(&up, key, SDL_KEYUP);
    app->platform->post(app, &up);
    key_event(out, key, SDL_KEYDOWN);
    return true;
}

/* Posts a click at (x, y) as a mouse makes it: onto, down, up. */
static void post_click(App *app, int x, int y)
{
    SDL_Event e = {.type = SDL_MOUSEMOTION};
    e.motion.x = x;
    e.motion.y = y;
    app->platform->post(app, &e);
    e = (SDL_Event){.type = SDL_MOUSEBUTTONDOWN};
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    e.button.state = SDL_PRESSED;
    app->platform->post(app, &e);
    e.type = SDL_MOUSEBUTTONUP;
    e.button.state = SDL_RELEASED;
    app->platform->post(app, &e);
}

/* Answers with a click on a widget: moved onto, pressed, released. */
static bool click(App *app, Person *p, const char *name, SDL_Event *out)
{
    const Ui *ui = ui_of_top_scene(app);
    const Widget *w = ui != NULL ? ui_find_named(ui, name) : NULL;
    if (w == NULL) {
        snprintf(p->failure, sizeof p->failure, "no '%s' to click on the %s screen", name,
                 test_top_scene(app));
        *out = (SDL_Event){.type = SDL_QUIT};
        return true;
    }
    post_click(app, w->rect.x + w->rect.w / 2, w->rect.y + w->rect.h / 2);
    return app->platform->next_event(app, out, 0);
}

/* The person's decision as a mouse player makes it: one of the legal
 * moves (a different one each time the table is asked again without a
 * move made), by a click on the card and a click on what it takes or on
 * the pool's free space, or a click on the card a stock card takes. */
static bool person_turn(App *app, Person *p, SDL_Event *out)
{
    if (moves_made(app) != p->moves_before) {
        p->tries = 0;
        p->moves_before = moves_made(app);
    }
    Move moves[GAME_MAX_MOVES];
    int n = session_legal_moves(app->session, moves, GAME_MAX_MOVES);
    if (n <= 0) {
        return false;
    }
    const Move *m = &moves[(p->tries++ * 7 + p->moves_before) % n];
    int x0, y0, x1, y1;
    bool placed =
        m->type == MOVE_TAKE
            ? table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1)
            : table_card_point(app, FZ_HAND, m->card, 0, &x0, &y0) &&
                  (m->target != CARD_NONE ? table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1)
                                          : table_free_pool_point(app, &x1, &y1));
    if (!placed) {
        return false;
    }
    if (m->type != MOVE_TAKE) {
        post_click(app, x0, y0);
    }
    post_click(app, x1, y1);
    return app->platform->next_event(app, out, 0);
}

/* The match step: the person's decisions by mouse, Next round on each
 * result, done on the result of the match's last round. */
static bool play_match(App *app, Person *p, SDL_Event *out, bool *done)
{
    const char *top = test_top_scene(app);
    if (strcmp(top, "result") == 0) {
        p->results++;
        if (game_match_over(session_game(app->session))) {
            *done = true;
            return false;
        }
        return click(app, p, "Next round", out);
    }
    TableState *t = table_top(app);
    if (t != NULL && t->dialog == DLG_FORFEIT) {
        return click(app, p, "Take it anyway", out);
    }
    if (t != NULL && table_waits_for_person(app)) {
        return person_turn(app, p, out);
    }
    return false; /* the computers think, the cards move: wait */
}

/* Records a failure and ends the run: by a quit event, and by the App's
 * flag in case the loop no longer takes events. */
static bool fail_and_quit(Person *p, SDL_Event *out, const char *why, App *app)
{
    snprintf(p->failure, sizeof p->failure, "step %d: %s (the %s screen is shown)", p->step, why,
             test_top_scene(app));
    *out = (SDL_Event){.type = SDL_QUIT};
    app->quit = true;
    return true;
}

static bool act(App *app, Person *p, const Step *s, SDL_Event *out)
{
    switch (s->act) {
    case DO_CLICK: p->step++; return click(app, p, s->what, out);
    case DO_KEY: p->step++; return press(app, s->key, out);
    case DO_QUIT:
        p->step++;
        *out = (SDL_Event){.type = SDL_QUIT};
        return true;
    case DO_MATCH: {
        bool done = false;
        bool answered = play_match(app, p, out, &done);
        if (done) {
            p->step++;
        }
        return answered;
    }
    }
    return false;
}

/* The script the headless platform asks (PlatformScript). */
static bool person_script(App *app, void *ctx, SDL_Event *out)
{
    Person *p = ctx;
    if (p->failure[0] != '\0' || p->step >= EVENING_STEPS) {
        app->quit = app->quit || p->asks++ > MAX_ASKS; /* the quit was not taken */
        return false;
    }
    if (++p->asks > MAX_ASKS || app->now > MAX_VIRTUAL_SECONDS) {
        return fail_and_quit(p, out, "the evening did not end", app);
    }
    const Step *s = &evening[p->step];
    bool on_table = s->act == DO_MATCH && strcmp(test_top_scene(app), "result") == 0;
    if (strcmp(test_top_scene(app), s->scene) != 0 && !on_table) {
        char why[120];
        snprintf(why, sizeof why, "expected the %s screen", s->scene);
        return fail_and_quit(p, out, why, app);
    }
    if (strcmp(s->scene, "setup") == 0 && !p->seed_set) {
        app->setup.config.seed = 20261126; /* a fixed deal, as a seed typed in */
        app->setup.seed_given = true;
        p->seed_set = true;
    }
    if (strcmp(s->scene, "replay") == 0 && s->act == DO_CLICK) {
        p->saw_export = ui_find_named(ui_of_top_scene(app), "Export") != NULL;
    }
    return act(app, p, s, out);
}

static void test_an_evening_through_the_main_loop(void **state)
{
    (void)state;
    char settings[600];
    snprintf(settings, sizeof settings, "%s/settings.txt", test_temp_dir("app_run"));
    App *app = test_app_new(1280, 800, settings);
    app->settings.anim_speed = ANIM_FAST;
    Person person = {0};
    platform_headless_script(app, person_script, &person);

    assert_int_equal(app_run(app), 0);

    if (person.failure[0] != '\0') {
        fail_msg("%s", person.failure);
    }
    assert_int_equal(person.step, EVENING_STEPS);
    assert_true(app->quit);
    assert_true(person.saw_export);
    /* Every round of the match ended on a result screen, and was counted
     * once in the statistics, with the match. */
    const VariantStats *vs = stats_of(&app->stats, variant_find("thothit")->id, -1);
    assert_non_null(vs);
    assert_true(person.results >= 3); /* every player of three deals once */
    assert_int_equal(vs->rounds, person.results);
    assert_int_equal(vs->matches, 1);
    /* The loop drew and showed frames, and its clock ran on the platform's
     * virtual time: minutes of play, with no real waiting for them. */
    assert_true(platform_headless_frames(app) > 100);
    assert_true(app->now > 10.0);
    printf("an evening of %.0f s on the virtual clock, %ld frames\n", app->now,
           platform_headless_frames(app));
    app_destroy(app);
}

/* A script that only counts the loop's questions, and ends a loop that
 * keeps asking (one that no longer takes the quit it was given). */
static bool count_asks(App *app, void *ctx, SDL_Event *out)
{
    (void)out;
    long *asks = ctx;
    if (++*asks > 1000) {
        app->quit = true;
    }
    return false;
}

/* Input posted to the platform reaches the top scene through the loop, and
 * the loop's waits pass on the virtual clock. */
static void test_posted_input_and_the_virtual_clock(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    double before = app->platform->clock(app);
    SDL_Event e;
    assert_false(app->platform->next_event(app, &e, 500)); /* nothing: half a second passes */
    assert_true(app->platform->clock(app) - before >= 0.5);
    key_event(&e, SDLK_DOWN, SDL_KEYDOWN);
    assert_true(app->platform->post(app, &e));
    const char *focus_before = test_focus_name(app);
    char was[64];
    snprintf(was, sizeof was, "%s", focus_before);
    assert_int_equal(app_pump_events(app), 1);
    assert_string_not_equal(test_focus_name(app), was); /* Down moved the focus */
    e = (SDL_Event){.type = SDL_QUIT};
    assert_true(app->platform->post(app, &e));
    long asks = 0;
    platform_headless_script(app, count_asks, &asks);
    assert_int_equal(app_run(app), 0);
    assert_true(app->quit);
    assert_true(asks <= 1); /* the quit was taken at once: the loop asked at most once more */
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_posted_input_and_the_virtual_clock),
        cmocka_unit_test(test_an_evening_through_the_main_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
