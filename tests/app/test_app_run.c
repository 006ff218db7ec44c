/* The program's own main loop (app_run) on the headless platform
 * (platform.h), driven only by scripted input: a person's evening from the
 * title, a match of Thothit played to its end by mouse while the
 * computers think on their thread, the result screens, the statistics and
 * the replay of that match, learn mode, and the window closed. The script
 * is asked for input whenever the loop has none, looks at what the screen
 * shows (the top scene and its widgets, as a person looks) and answers
 * with mouse clicks and keys. Nothing calls the scenes directly: what is
 * checked is what the loop did with the events. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_loop.h"
#include "platform.h"
#include "scene_table.h"
#include "session.h"
#include "store.h"
#include "test_support.h"
#include "variant_text.h"

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
/* The click that brings a window to the front also acts (a card clicked
 * in the window behind another was not picked up: SDL drops that click on
 * X11 unless told), and the environment's own setting still decides. */
static void test_the_focusing_click_acts(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    const char *hint = SDL_GetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH);
    assert_non_null(hint);
    assert_string_equal(hint, "1");
    app_destroy(app);
    setenv("SDL_MOUSE_FOCUS_CLICKTHROUGH", "0", 1);
    app = test_app_new(1280, 800, NULL);
    assert_false(SDL_GetHintBoolean(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, SDL_TRUE));
    app_destroy(app);
    unsetenv("SDL_MOUSE_FOCUS_CLICKTHROUGH");
}

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

/* ---- a lesson beside a game of the player's ---------------------------------------- */

/* What the person does at a step of the lesson's evenings. */
typedef enum {
    L_CLICK,  /* click the widget named `what` */
    L_KEY,    /* press `key` */
    L_RIGHT,  /* step the choice named `what` on by a click on its right arrow */
    L_PLAY,   /* make `n` decisions at a table of the player's own */
    L_LESSON, /* go on through the guided game until the session has `n` moves */
    L_CHECK,  /* look at the screen: `check` says whether it is what it must be */
    L_QUIT,
} LessonAct;

#define LESSON_WAITS 50 /* asks a click waits for its widget to be laid out */
#define LESSON_W 800    /* the window of the lesson's evenings */
#define LESSON_H 500

struct LessonRun;
typedef bool (*LessonCheck)(App *app, struct LessonRun *r, char *why, size_t size);

typedef struct LessonStep {
    const char *scene;
    LessonAct act;
    const char *what;
    SDL_Keycode key;
    int n;
    LessonCheck check;
} LessonStep;

typedef struct LessonRun {
    const LessonStep *steps;
    int nsteps;
    int step;
    long asks;
    int decisions;                 /* made at this L_PLAY step */
    int waits;                     /* asks waited for a widget to click */
    Person person;                 /* the player's own table, by mouse (person_turn) */
    char game[STORE_ID_LEN + 1];   /* the player's own match, as left */
    int game_moves;                /* ... and its moves */
    char lesson[STORE_ID_LEN + 1]; /* the guided game's match */
    int lesson_moves;              /* ... and its moves, as left */
    StakeScheme stakes;            /* the player's setup, before the lesson */
    int rounds;
    char failure[400];
} LessonRun;

static bool lesson_fail(App *app, LessonRun *r, SDL_Event *out, const char *why)
{
    snprintf(r->failure, sizeof r->failure, "step %d: %s (the %s screen is shown)", r->step, why,
             test_top_scene(app));
    *out = (SDL_Event){.type = SDL_QUIT};
    app->quit = true;
    return true;
}

/* A click on the right arrow of a choice (its right end steps it on). */
static bool click_right_arrow(App *app, LessonRun *r, const char *name, SDL_Event *out)
{
    const Widget *w = ui_find_named(ui_of_top_scene(app), name);
    if (w == NULL) {
        char why[120];
        snprintf(why, sizeof why, "no '%s' to step", name);
        return lesson_fail(app, r, out, why);
    }
    post_click(app, w->rect.x + w->rect.w - app_px(app, 12), w->rect.y + w->rect.h / 2);
    return app->platform->next_event(app, out, 0);
}

/* The guide's step made as a mouse player makes it: the card and what it
 * takes (or the pool's free space), the card a turned card takes, the stock. */
static bool guided_step_by_mouse(App *app, TableState *t, SDL_Event *out)
{
    const Move *m = &t->guide.step.move;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool two = m->type == MOVE_PLAY;
    bool ok =
        m->type == MOVE_TURN   ? table_stock_point(app, &x1, &y1)
        : m->type == MOVE_TAKE ? table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1)
        : two                  ? table_card_point(app, FZ_HAND, m->card, 0, &x0, &y0) &&
                    (m->target != CARD_NONE ? table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1)
                                            : table_free_pool_point(app, &x1, &y1))
              : false;
    if (!ok) {
        return false;
    }
    if (two) {
        post_click(app, x0, y0);
    }
    post_click(app, x1, y1);
    return app->platform->next_event(app, out, 0);
}

/* The guided game, on until its session has n moves: Enter where the guide
 * waits for Continue, the guide's own step where it waits for the person. */
static bool go_on_with_lesson(App *app, LessonRun *r, int n, SDL_Event *out, bool *done)
{
    TableState *t = table_top(app);
    if (t == NULL || !t->guide.on) {
        return lesson_fail(app, r, out, "the table is not the guided game");
    }
    if (session_moves(app->session) >= n && table_settled(t)) {
        *done = true;
        return false;
    }
    if (t->guide.hold) {
        return press(app, SDLK_RETURN, out);
    }
    if (table_guide_waits(t) && t->hint_state == HINT_SHOWN &&
        t->guide.step_at == session_moves(app->session)) {
        return guided_step_by_mouse(app, t, out);
    }
    return false; /* the computers think, the cards move: wait */
}

static bool lesson_act(App *app, LessonRun *r, const LessonStep *s, SDL_Event *out)
{
    bool done = false, answered = false;
    char why[300] = "";
    switch (s->act) {
    case L_CLICK:
        if (ui_find_named(ui_of_top_scene(app), s->what) == NULL && r->waits++ < LESSON_WAITS) {
            return false; /* the screen is laid out at its next frame */
        }
        r->step++;
        r->waits = 0;
        return click(app, &r->person, s->what, out);
    case L_KEY: r->step++; return press(app, s->key, out);
    case L_RIGHT: r->step++; return click_right_arrow(app, r, s->what, out);
    case L_QUIT:
        r->step++;
        *out = (SDL_Event){.type = SDL_QUIT};
        return true;
    case L_CHECK:
        if (!s->check(app, r, why, sizeof why)) {
            if (r->waits++ < LESSON_WAITS) {
                return false; /* the screen is laid out at its next frame */
            }
            return lesson_fail(app, r, out, why);
        }
        r->step++;
        r->waits = 0;
        return false;
    case L_PLAY: {
        TableState *t = table_top(app);
        if (r->decisions >= s->n && t != NULL && table_waits_for_person(app)) {
            r->step++;
            r->decisions = 0;
            return false;
        }
        int before = session_moves(app->session);
        answered = t != NULL && table_waits_for_person(app) && person_turn(app, &r->person, out);
        r->decisions += answered && before >= 0;
        return answered;
    }
    case L_LESSON:
        answered = go_on_with_lesson(app, r, s->n, out, &done);
        if (done) {
            r->step++;
        }
        return answered;
    }
    return false;
}

static bool lesson_script(App *app, void *ctx, SDL_Event *out)
{
    LessonRun *r = ctx;
    if (r->failure[0] != '\0' || r->person.failure[0] != '\0' || r->step >= r->nsteps) {
        app->quit = app->quit || r->asks++ > MAX_ASKS;
        return false;
    }
    if (++r->asks > MAX_ASKS || app->now > MAX_VIRTUAL_SECONDS) {
        return lesson_fail(app, r, out, "the evening did not end");
    }
    const LessonStep *s = &r->steps[r->step];
    if (strcmp(test_top_scene(app), s->scene) != 0) {
        char why[120];
        snprintf(why, sizeof why, "expected the %s screen", s->scene);
        return lesson_fail(app, r, out, why);
    }
    if (strcmp(s->scene, "setup") == 0 && !r->person.seed_set) {
        app->setup.config.seed = 20261201; /* a fixed deal, as a seed typed in */
        app->setup.seed_given = true;
        r->person.seed_set = true;
    }
    return lesson_act(app, r, s, out);
}

/* Runs the steps through app_run on an App whose store is the file beside
 * `settings`; fails the test with what went wrong. */
static void run_lesson_evening(const char *settings, LessonRun *r)
{
    /* A small window and no motion: the frames cost little (the evening's
     * own test is the one at 1280x800). */
    App *app = test_app_new(LESSON_W, LESSON_H, settings);
    app->settings.anim_speed = ANIM_INSTANT;
    platform_headless_script(app, lesson_script, r);
    assert_int_equal(app_run(app), 0);
    app_destroy(app);
    if (r->failure[0] != '\0' || r->person.failure[0] != '\0') {
        fail_msg("%s%s", r->failure, r->person.failure);
    }
    assert_int_equal(r->step, r->nsteps);
}

/* The player's own game, as it is left. */
static bool note_game(App *app, LessonRun *r, char *why, size_t size)
{
    TableState *t = table_top(app);
    if (t == NULL || t->guide.on || session_moves(app->session) == 0) {
        snprintf(why, size, "no game of the player's with moves at the table");
        return false;
    }
    snprintf(r->game, sizeof r->game, "%s", session_match_id(app->session));
    r->game_moves = session_moves(app->session);
    return true;
}

/* The guided game, as it is left: labelled a lesson, never "saved" as a game. */
static bool note_lesson(App *app, LessonRun *r, char *why, size_t size)
{
    TableState *t = table_top(app);
    if (t == NULL || !t->guide.on) {
        snprintf(why, size, "the table is not the guided game");
        return false;
    }
    snprintf(r->lesson, sizeof r->lesson, "%s", session_match_id(app->session));
    r->lesson_moves = session_moves(app->session);
    test_screen_text(app);
    if (!test_screen_says("Guided game")) {
        snprintf(why, size, "the guided game's top bar does not say it is one: %.200s",
                 test_screen_text(app));
        return false;
    }
    return true;
}

static bool leave_asks_for_a_lesson(App *app, LessonRun *r, char *why, size_t size)
{
    (void)r;
    test_screen_text(app);
    if (test_screen_says("The game is saved") || !test_screen_says("Leave the guided game?")) {
        snprintf(why, size, "leaving the lesson asks as for a game: %.300s", test_screen_text(app));
        return false;
    }
    return true;
}

static bool leave_asks_for_a_game(App *app, LessonRun *r, char *why, size_t size)
{
    (void)r;
    test_screen_text(app);
    if (!test_screen_says("The game is saved")) {
        snprintf(why, size, "leaving the game does not say it is saved");
        return false;
    }
    return true;
}

/* Resumed from the title: the player's own game, where it was left. */
static bool the_game_again(App *app, LessonRun *r, char *why, size_t size)
{
    TableState *t = table_top(app);
    if (t == NULL || t->guide.on || strcmp(session_match_id(app->session), r->game) != 0 ||
        session_moves(app->session) != r->game_moves) {
        snprintf(why, size, "Resume opened %s at move %d (a lesson: %d), not the game %s at %d",
                 app->session != NULL ? session_match_id(app->session) : "nothing",
                 app->session != NULL ? session_moves(app->session) : -1, t != NULL && t->guide.on,
                 r->game, r->game_moves);
        return false;
    }
    return true;
}

/* Learn's guided page, with the lesson left in the middle to go on with. */
static bool learn_offers_the_lesson(App *app, LessonRun *r, char *why, size_t size)
{
    (void)r;
    if (ui_find_named(ui_of_top_scene(app), "Go on with the guided game") == NULL ||
        ui_find_named(ui_of_top_scene(app), "Start it again") == NULL) {
        snprintf(why, size, "the guided page does not offer to go on with the lesson");
        return false;
    }
    return true;
}

/* Gone on with from Learn: the lesson, where it was left. */
static bool the_lesson_again(App *app, LessonRun *r, char *why, size_t size)
{
    TableState *t = table_top(app);
    if (t == NULL || !t->guide.on || strcmp(session_match_id(app->session), r->lesson) != 0 ||
        session_moves(app->session) != r->lesson_moves) {
        snprintf(why, size, "Learn went on with %s at move %d, not the lesson %s at %d",
                 app->session != NULL ? session_match_id(app->session) : "nothing",
                 app->session != NULL ? session_moves(app->session) : -1, r->lesson,
                 r->lesson_moves);
        return false;
    }
    return true;
}

static const LessonStep game_then_lesson[] = {
    {"title", L_CLICK, "Play", 0, 0, NULL},
    {"variants", L_CLICK, "pei", 0, 0, NULL},
    {"setup", L_CLICK, "Start game", 0, 0, NULL},
    {"table", L_PLAY, NULL, 0, 3, NULL},
    {"table", L_CHECK, NULL, 0, 0, note_game},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the table", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, leave_asks_for_a_game},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"setup", L_CLICK, "Back", 0, 0, NULL},
    {"variants", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"title", L_CLICK, "Learn the games", 0, 0, NULL},
    {"learn", L_CLICK, "guided", 0, 0, NULL},
    {"learn", L_CLICK, "Start the guided game", 0, 0, NULL},
    {"table", L_LESSON, NULL, 0, 6, NULL},
    {"table", L_CHECK, NULL, 0, 0, note_lesson},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the guided game", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, leave_asks_for_a_lesson},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"learn", L_CHECK, NULL, 0, 0, learn_offers_the_lesson},
    {"learn", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"title", L_CLICK, "Resume game", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, the_game_again},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the table", 0, 0, NULL},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"title", L_QUIT, NULL, 0, 0, NULL},
};

/* The program started again (after a quit, or a kill: the store is the
 * same file): the title resumes the game, Learn goes on with the lesson. */
static const LessonStep started_again[] = {
    {"title", L_CLICK, "Resume game", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, the_game_again},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the table", 0, 0, NULL},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"title", L_CLICK, "Learn the games", 0, 0, NULL},
    {"learn", L_CLICK, "guided", 0, 0, NULL},
    {"learn", L_CHECK, NULL, 0, 0, learn_offers_the_lesson},
    {"learn", L_CLICK, "Go on with the guided game", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, the_lesson_again},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the guided game", 0, 0, NULL},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"learn", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"title", L_QUIT, NULL, 0, 0, NULL},
};

#define STEPS_OF(a) (int)(sizeof(a) / sizeof(a)[0])

/* A game of Pèi in progress, then Pèi's guided game: the guided game is
 * labelled a lesson, and never said to be "saved" as a game; the title's
 * Resume takes the player back to their own game, at the move it was left,
 * before and after the program is started again; Learn goes on with the
 * lesson where it was left. */
static void test_a_lesson_never_takes_the_games_place(void **state)
{
    (void)state;
    char settings[600];
    snprintf(settings, sizeof settings, "%s/settings.txt", test_temp_dir("lesson_apart"));
    LessonRun r = {.steps = game_then_lesson, .nsteps = STEPS_OF(game_then_lesson)};
    run_lesson_evening(settings, &r);
    LessonRun again = {.steps = started_again, .nsteps = STEPS_OF(started_again)};
    memcpy(again.game, r.game, sizeof again.game);
    again.game_moves = r.game_moves;
    memcpy(again.lesson, r.lesson, sizeof again.lesson);
    again.lesson_moves = r.lesson_moves;
    run_lesson_evening(settings, &again);
    printf("the game %.8s at move %d and the lesson %.8s at move %d, both kept apart\n", r.game,
           r.game_moves, r.lesson, r.lesson_moves);
}

/* The player's setup of Pèi, as chosen before the lesson. */
static bool note_setup(App *app, LessonRun *r, char *why, size_t size)
{
    r->stakes = app->setup.config.stakes;
    r->rounds = app->setup.config.rounds;
    if (r->stakes == STAKES_NONE || r->rounds != 4) {
        snprintf(why, size, "the setup did not take the person's stakes and rounds");
        return false;
    }
    return true;
}

/* The setup shows the player's own choices, and offers no lesson to resume. */
static bool setup_as_chosen(App *app, LessonRun *r, char *why, size_t size)
{
    if (app->setup.config.stakes != r->stakes || app->setup.config.rounds != r->rounds) {
        snprintf(why, size, "the setup shows stakes '%s' and %d rounds, not '%s' and %d",
                 stake_scheme_name(app->setup.config.stakes), app->setup.config.rounds,
                 stake_scheme_name(r->stakes), r->rounds);
        return false;
    }
    if (ui_find_named(ui_of_top_scene(app), "Resume it") != NULL) {
        snprintf(why, size, "the setup offers the lesson as the game to resume");
        return false;
    }
    return true;
}

/* The game dealt from the setup is the player's, with their choices. */
static bool table_as_chosen(App *app, LessonRun *r, char *why, size_t size)
{
    TableState *t = table_top(app);
    const GameConfig *c = app->session != NULL ? game_config(session_game(app->session)) : NULL;
    if (t == NULL || t->guide.on || c == NULL || c->stakes != r->stakes || c->rounds != r->rounds) {
        snprintf(why, size, "the game started is not the one set up");
        return false;
    }
    return true;
}

static const LessonStep setup_then_lesson[] = {
    {"title", L_CLICK, "Play", 0, 0, NULL},
    {"variants", L_CLICK, "pei", 0, 0, NULL},
    {"setup", L_RIGHT, "Stakes", 0, 0, NULL},
    {"setup", L_RIGHT, "Rounds", 0, 0, NULL},
    {"setup", L_CHECK, NULL, 0, 0, note_setup},
    {"setup", L_CLICK, "How do I play this?", 0, 0, NULL},
    {"learn", L_CLICK, "guided", 0, 0, NULL},
    {"learn", L_CLICK, "Start the guided game", 0, 0, NULL},
    {"table", L_LESSON, NULL, 0, 6, NULL},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the guided game", 0, 0, NULL},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"learn", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"setup", L_CHECK, NULL, 0, 0, setup_as_chosen},
    {"setup", L_CLICK, "Start game", 0, 0, NULL},
    {"table", L_CHECK, NULL, 0, 0, table_as_chosen},
    {"table", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"table", L_CLICK, "Leave the table", 0, 0, NULL},
    {"table", L_CLICK, "Leave", 0, 0, NULL},
    {"setup", L_CLICK, "Back", 0, 0, NULL},
    {"variants", L_KEY, NULL, SDLK_ESCAPE, 0, NULL},
    {"title", L_QUIT, NULL, 0, 0, NULL},
};

/* The guided game is dealt from a setup of its own: the player's stakes
 * and rounds of Pèi are theirs before and after it, the setup offers no
 * lesson as its game in progress, and Start deals the game set up. */
static void test_a_lesson_leaves_the_setup_alone(void **state)
{
    (void)state;
    char settings[600];
    snprintf(settings, sizeof settings, "%s/settings.txt", test_temp_dir("lesson_setup"));
    LessonRun r = {.steps = setup_then_lesson, .nsteps = STEPS_OF(setup_then_lesson)};
    run_lesson_evening(settings, &r);
}

int main(void)
{
    const char *only = getenv("CEKI_TEST_FILTER"); /* only the tests it matches */
    if (only != NULL && only[0] != '\0') {
        cmocka_set_test_filter(only);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_posted_input_and_the_virtual_clock),
        cmocka_unit_test(test_the_focusing_click_acts),
        cmocka_unit_test(test_an_evening_through_the_main_loop),
        cmocka_unit_test(test_a_lesson_never_takes_the_games_place),
        cmocka_unit_test(test_a_lesson_leaves_the_setup_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
