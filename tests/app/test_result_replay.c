/* The title's "Resume game" and "Replays", a damaged save reported and
 * kept aside, and the replay screen: the list of finished games, stepping
 * and playing a record, opening one by path; what the viewer shows at each
 * step and what the list shows of the store, read from the text drawn
 * (test_screen_text). The player's files go to a directory of the build
 * tree (XDG_DATA_HOME). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "journal.h"
#include "paths.h"
#include "scene_table.h"
#include "session.h"
#include "test_support.h"

static char settings_path[700];

/* A fresh home for the player's files, and an App that keeps them. */
static App *app_with_files(const char *name, int w, int h)
{
    const char *dir = test_temp_dir(name);
    setenv("XDG_DATA_HOME", dir, 1);
    snprintf(settings_path, sizeof settings_path, "%s/settings.txt", dir);
    return test_app_new(w, h, settings_path);
}

static Session *played(VariantId v, int players, uint64_t seed, bool to_end)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players > 0) {
        cfg.players = players;
    }
    SessionSeats seats = {.ai_budget_ms = 0};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = i == 0;
        seats.level[i] = AI_RANDOM;
    }
    Session *s = session_create(&cfg, &seats, NULL);
    assert_non_null(s);
    uint64_t x = seed + 77;
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; i < (to_end ? 200000 : 60) && !game_match_over(session_game(s)); i++) {
        int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        assert_int_equal(
            session_apply(s, &moves[x % (uint64_t)(n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES)], NULL),
            CEKI_OK);
    }
    return s;
}

static void shoot(App *app, const char *name)
{
    char path[700], err[300];
    snprintf(path, sizeof path, "%s/%s.png", CEKI_TEST_OUT_DIR, name);
    app_settle(app);
    assert_true(app_save_png(app, path, err, sizeof err));
}

/* The journal: after every move made at the table (the person's and the
 * computers'), the store holds exactly the moves made, so a kill at any
 * instant loses at most the move in flight. */
static void test_journal_after_every_move(void **state)
{
    (void)state;
    App *app = app_with_files("files-journal", 1280, 800);
    app->settings.anim_speed = ANIM_INSTANT;
    app_setup_variant(app, VARIANT_THOTHIT);
    app->setup.config.seed = 21;
    app->setup.seed_given = true;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        app->setup.human[i] = i == 0;
        app->setup.level[i] = AI_RANDOM;
    }
    char why[200], err[300];
    assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
    int checked = 0, last = -1;
    for (int i = 0; i < 200000 && checked < 12; i++) {
        app_update(app, 0.05);
        if (strcmp(test_top_scene(app), "table") != 0) {
            break;
        }
        int n = session_moves(app->session);
        if (n != last && n > 0) {
            /* A move was made since the last look: the store has it. */
            Session *back =
                journal_resume(app->store, session_match_id(app->session), err, sizeof err);
            if (back == NULL) {
                fail_msg("after %d moves the saved game does not load: %s", n, err);
            }
            int m = 0;
            session_history(back, &m);
            assert_int_equal(m, n);
            session_destroy(back);
            last = n;
            checked++;
        }
        if (table_waits_for_person(app)) {
            Move moves[GAME_MAX_MOVES];
            assert_true(session_legal_moves(app->session, moves, GAME_MAX_MOVES) > 0);
            assert_true(table_try_move(app, table_top(app), &moves[0]));
        }
    }
    assert_true(checked >= 12);
    app_destroy(app);
}

/* Earlier versions kept the player's files in .../ceki/ceki/: they move up
 * into the one data folder once, and a file already there is kept. */
static void test_old_data_folder_moves_up(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("files-old-folder");
    setenv("XDG_DATA_HOME", dir, 1);
    char old[1100], path[1200], text[64];
    snprintf(old, sizeof old, "%s/ceki", dir);
    assert_int_equal(mkdir(old, 0700) == 0 || errno == EEXIST, 1);
    snprintf(old, sizeof old, "%s/ceki/ceki", dir);
    assert_int_equal(mkdir(old, 0700) == 0 || errno == EEXIST, 1);
    snprintf(path, sizeof path, "%s/stats.txt", old);
    test_write_file(path, "old stats", 9);
    snprintf(path, sizeof path, "%s/settings.txt", old);
    test_write_file(path, "old settings", 12);
    snprintf(path, sizeof path, "%s/ceki/settings.txt", dir);
    test_write_file(path, "new settings", 12);
    assert_int_equal(paths_move_old_data(), 1);
    snprintf(path, sizeof path, "%s/ceki/stats.txt", dir);
    test_read_file(path, text, sizeof text);
    assert_string_equal(text, "old stats");
    snprintf(path, sizeof path, "%s/ceki/settings.txt", dir);
    test_read_file(path, text, sizeof text);
    assert_string_equal(text, "new settings"); /* never replaced */
    snprintf(path, sizeof path, "%s/settings.txt", old);
    assert_true(test_file_exists(path)); /* the old one stays where it was */
    assert_int_equal(paths_move_old_data(), 0);
}

static void test_title_resume(void **state)
{
    (void)state;
    App *app = app_with_files("files-resume", 1280, 800);
    const Ui *ui = ui_of_top_scene(app);
    assert_null(ui_find_named(ui, "Resume game"));
    assert_non_null(ui_find_named(ui, "Replays"));
    app_destroy(app);

    /* A game saved: the title offers it first. */
    app = app_with_files("files-resume", 1280, 800);
    char err[300];
    Session *s = played(VARIANT_THOTHIT, 3, 4, false);
    assert_true(journal_write(app->store, s, 0, err, sizeof err));
    char match[STORE_ID_LEN + 1];
    snprintf(match, sizeof match, "%s", session_match_id(s));
    session_destroy(s);
    app_destroy(app);
    app = test_app_new(1280, 800, settings_path);
    ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Resume game"));
    assert_string_equal(test_focus_name(app), "Resume game");
    shoot(app, "title-resume");
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "table");
    assert_string_equal(session_match_id(app->session), match);
    scene_stack_pop(app);
    StoreGame g[2];
    assert_int_equal(store_games(app->store, NULL, g, 2), 1); /* still there to resume */
    /* A game in progress that does not read: reported, kept among the
     * replays as damaged, not offered again. */
    const char *broken = "# ceki-save 1\n# seats human random\nceki-record 1\nvariant thothit\n";
    assert_true(
        store_game_put(app->store, match, "thothit", 1, broken, strlen(broken), err, sizeof err));
    app_destroy(app);
    app = test_app_new(1280, 800, settings_path);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Resume game"));
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "title");
    assert_non_null(strstr(app->notice, "could not be resumed"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Resume game"));
    assert_int_equal(store_games(app->store, NULL, g, 2), 0);
    StoreReplay r[2];
    assert_int_equal(store_replays(app->store, r, 2, 0), 1);
    assert_true(r[0].damaged);
    shoot(app, "title-damaged-save");
    app_destroy(app);
}

static void test_replays(void **state)
{
    (void)state;
    App *app = app_with_files("files-replays", 1280, 800);
    /* No finished games yet. */
    test_click_named(app, "Replays");
    assert_string_equal(test_top_scene(app), "replay");
    shoot(app, "replays-empty");
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");

    /* Two finished games kept. */
    Session *a = played(VARIANT_THOTHIT, 3, 5, true);
    Session *b = played(VARIANT_THOTHIT_KUNA, 6, 6, true);
    char err[300];
    assert_true(journal_write(app->store, a, 0, err, sizeof err));
    assert_true(journal_write(app->store, b, 0, err, sizeof err));
    assert_true(journal_write(app->store, b, 0, err, sizeof err)); /* the same game once */
    test_click_named(app, "Replays");
    const Ui *ui = ui_of_top_scene(app);
    int items = 0;
    for (int i = 0; i < ui->count; i++) {
        items += ui->widgets[i].kind == WIDGET_ITEM;
    }
    assert_int_equal(items, 2);
    shoot(app, "replays-list");
    /* How many are kept: a setting, changed here and saved at once. */
    const Widget *keep = ui_find_named(ui, "Keep");
    assert_non_null(keep);
    ui_focus((Ui *)ui, keep->id);
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->settings.replays_kept, 10000);
    char saved[512] = "";
    test_read_file(settings_path, saved, sizeof saved);
    assert_non_null(strstr(saved, "replays_kept=10000"));
    test_key(app, SDLK_LEFT, 0);
    assert_int_equal(app->settings.replays_kept, 1000);
    ui = ui_of_top_scene(app);
    for (int i = 0; i < ui->count; i++) {
        if (ui->widgets[i].kind == WIDGET_ITEM) {
            ui_focus((Ui *)ui, ui->widgets[i].id); /* back on the newest game */
            break;
        }
    }
    /* Open the one focused, step, play, go back to the list. */
    test_key(app, SDLK_RETURN, 0);
    ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Play"));
    for (int i = 0; i < 40; i++) {
        test_key(app, SDLK_RIGHT, 0);
    }
    shoot(app, "replay-step-40");
    test_key(app, SDLK_LEFT, 0);
    test_key(app, SDLK_END, 0);
    shoot(app, "replay-end");
    test_key(app, SDLK_HOME, 0);
    test_click_named(app, "Play");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Pause"));
    for (int i = 0; i < 20; i++) {
        app_update(app, 0.3);
    }
    /* Playing: updated at frame rate, drawn only when a move is taken. */
    assert_true(app->ticking);
    assert_false(app->animating);
    test_key(app, SDLK_SPACE, 0);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Play"));
    /* Export writes the record where the toast says, and it reads back as
     * the same game. */
    test_click_named(app, "Export");
    assert_non_null(strstr(app->toast, "Saved as"));
    const char *slash = strstr(app->toast, "/exports/");
    assert_non_null(slash);
    char exported[1200];
    snprintf(exported, sizeof exported, "%s/ceki%s", getenv("XDG_DATA_HOME"), slash);
    Session *back = session_load_record(exported, err, sizeof err);
    assert_non_null(back);
    assert_string_equal(session_match_id(back), session_match_id(b));
    session_destroy(back);
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "replay");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Thothit"));
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");
    session_destroy(a);
    session_destroy(b);
    app_destroy(app);
}

static void test_replay_by_path(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("replay-by-path");
    const struct {
        VariantId v;
        int players;
        int w, h;
    } cases[] = {
        {VARIANT_THOTHIT_KUNA, 6, 1280, 800}, {VARIANT_PEI, 3, 2560, 1600},
        {VARIANT_KOWAH, 4, 1280, 800},        {VARIANT_KINGS, 5, 1280, 800},
        {VARIANT_TOTIT, 3, 1280, 800},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Session *s = played(cases[k].v, cases[k].players, 40 + k, true);
        char path[1400], err[300];
        assert_true(session_archive_to(s, dir, path, sizeof path, err, sizeof err));
        App *app = test_app_new(cases[k].w, cases[k].h, NULL);
        app_setup_variant(app, cases[k].v);
        snprintf(app->replay_path, sizeof app->replay_path, "%.1000s", path);
        char why[200];
        assert_true(scene_stack_push(app, SCENE_REPLAY, why, sizeof why));
        assert_string_equal(app->replay_path, "");
        assert_non_null(ui_find_named(ui_of_top_scene(app), "Play"));
        for (int i = 0; i < 37; i++) {
            test_key(app, SDLK_RIGHT, 0);
        }
        char name[120];
        snprintf(name, sizeof name, "replay-%s-%d-%d", variant_get(cases[k].v)->key,
                 cases[k].players, cases[k].w);
        shoot(app, name);
        /* Back and forth land on the same position. */
        test_key(app, SDLK_END, 0);
        test_key(app, SDLK_HOME, 0);
        test_key(app, SDLK_ESCAPE, 0);
        assert_string_equal(test_top_scene(app), "title");
        app_destroy(app);
        session_destroy(s);
    }

    /* A file that is not a game: the screen says so. */
    App *app = test_app_new(1280, 800, NULL);
    char bad[700];
    snprintf(bad, sizeof bad, "%s/bad.txt", dir);
    FILE *f = fopen(bad, "wb");
    fputs("nonsense\n", f);
    fclose(f);
    snprintf(app->replay_path, sizeof app->replay_path, "%s", bad);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_REPLAY, why, sizeof why));
    assert_null(ui_find_named(ui_of_top_scene(app), "Play"));
    shoot(app, "replay-bad-file");
    app_destroy(app);
}

/* The viewer at move k of the record shows "k of n", move k marked in the
 * list with who made it and what it was, and each seat's captured count
 * and match score as the game stood after k moves (worked out here by
 * applying the first k moves of the record to a fresh game). */
static void check_position(App *app, const Session *rec, int k)
{
    const Game *played_game = session_game(rec);
    int n = 0;
    const Move *moves = game_history(played_game, &n);
    GameConfig cfg = *game_config(played_game);
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    for (int i = 0; i < k; i++) {
        assert_int_equal(game_apply(g, &moves[i]), CEKI_OK);
    }
    test_expect_says(app, "replay", "Moves %d of %d", k, n);
    if (k > 0) {
        const Move *m = &moves[k - 1];
        char who[40], a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
        session_seat_name(rec, m->seat, who, sizeof who);
        card_format(m->card, a);
        card_format(m->target, b);
        if (m->type == MOVE_PLAY && m->target != CARD_NONE) {
            test_expect_says(app, "replay", "%d %s %s takes %s", k, who, a, b);
        } else if (m->type == MOVE_PLAY) {
            test_expect_says(app, "replay", "%d %s %s to the pool", k, who, a);
        } else {
            test_expect_says(app, "replay", "%d %s ", k, who);
        }
    }
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(g, 0, o), CEKI_OK);
    for (int seat = 0; seat < game_players(g); seat++) {
        if (game_round_over(g)) {
            test_expect_says(app, "replay", "captured %d  \xc2\xb7  round %d%s  \xc2\xb7  match %d",
                             o->captured_count[seat], o->round_score[seat],
                             o->round_winner[seat] ? " (won)" : "", o->match_score[seat]);
        } else {
            test_expect_says(app, "replay", "captured %d  \xc2\xb7  match %d",
                             o->captured_count[seat], o->match_score[seat]);
        }
    }
    free(o);
    game_destroy(g);
}

/* A copy of the screen's pixels. */
static SDL_Surface *pixels(App *app)
{
    app_draw(app);
    SDL_Surface *copy =
        SDL_ConvertSurfaceFormat(platform_headless_surface(app), SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(copy);
    return copy;
}

static bool same_pixels(const SDL_Surface *a, const SDL_Surface *b)
{
    if (a->w != b->w || a->h != b->h) {
        return false;
    }
    for (int y = 0; y < a->h; y++) {
        if (memcmp((const Uint8 *)a->pixels + y * a->pitch, (const Uint8 *)b->pixels + y * b->pitch,
                   (size_t)a->w * 4) != 0) {
            return false;
        }
    }
    return true;
}

/* Stepping a record: forward, back, Home and End show the position of the
 * move count they land on, and a position reached going back (rebuilt from
 * an earlier checkpoint) is drawn pixel for pixel as when it was reached
 * going forward; the cards differ from one move to the next. */
static void test_replay_steps(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("replay-steps");
    Session *rec = played(VARIANT_THOTHIT, 3, 61, true);
    int n = 0;
    session_history(rec, &n);
    assert_true(n > 80);
    char path[1400], err[300], why[200];
    assert_true(session_archive_to(rec, dir, path, sizeof path, err, sizeof err));
    App *app = test_app_new(1280, 800, NULL);
    app_setup_variant(app, VARIANT_THOTHIT);
    snprintf(app->replay_path, sizeof app->replay_path, "%.1000s", path);
    assert_true(scene_stack_push(app, SCENE_REPLAY, why, sizeof why));
    check_position(app, rec, 0);
    for (int i = 0; i < 70; i++) {
        test_key(app, SDLK_RIGHT, 0);
    }
    check_position(app, rec, 70);
    SDL_Surface *forward = pixels(app);
    test_key(app, SDLK_RIGHT, 0);
    check_position(app, rec, 71);
    SDL_Surface *next = pixels(app);
    assert_false(same_pixels(forward, next));
    test_key(app, SDLK_END, 0);
    check_position(app, rec, n);
    for (int i = n; i > 70; i--) {
        test_key(app, SDLK_LEFT, 0);
    }
    check_position(app, rec, 70);
    SDL_Surface *back = pixels(app);
    assert_true(same_pixels(forward, back));
    test_click_named(app, "Step back");
    check_position(app, rec, 69);
    test_click_named(app, "Step forward");
    test_click_named(app, "Step forward");
    check_position(app, rec, 71);
    test_click_named(app, "First move");
    check_position(app, rec, 0);
    test_key(app, SDLK_LEFT, 0); /* nothing before the first */
    check_position(app, rec, 0);
    test_click_named(app, "Last move");
    check_position(app, rec, n);
    test_key(app, SDLK_RIGHT, 0); /* nor after the last */
    check_position(app, rec, n);
    SDL_FreeSurface(forward);
    SDL_FreeSurface(next);
    SDL_FreeSurface(back);
    app_destroy(app);
    session_destroy(rec);
}

/* The list: one row per finished game the store keeps, newest first, with
 * its variant, players and moves; the side panel gives the focused game's
 * final standings, its winner first in gold. A game still in progress is
 * not listed. */
static void test_replay_list_shows_the_store(void **state)
{
    (void)state;
    App *app = app_with_files("files-replay-list", 1280, 800);
    Session *games[3] = {played(VARIANT_PEI, 3, 71, true), played(VARIANT_KINGS, 4, 72, true),
                         played(VARIANT_THOTHIT, 3, 73, false)};
    char err[300];
    for (int i = 0; i < 3; i++) {
        assert_true(journal_write(app->store, games[i], 0, err, sizeof err));
    }
    test_click_named(app, "Replays");
    assert_string_equal(test_top_scene(app), "replay");
    const Ui *ui = ui_of_top_scene(app);
    int items = 0;
    for (int i = 0; i < ui->count; i++) {
        items += ui->widgets[i].kind == WIDGET_ITEM;
    }
    assert_int_equal(items, 2);
    assert_non_null(ui_find_named(ui, "Pèi"));
    assert_non_null(ui_find_named(ui, "Kings"));
    assert_null(ui_find_named(ui, "Thothit"));
    for (int i = 0; i < 2; i++) {
        int moves = 0;
        session_history(games[i], &moves);
        test_expect_says(app, "replay", "%d players  \xc2\xb7  %d moves",
                         game_players(session_game(games[i])), moves);
    }
    /* Down to the Pèi game (the older one): its standings at the side. */
    const Widget *pei = ui_find_named(ui, "Pèi");
    ui_focus((Ui *)ui, pei->id);
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(session_game(games[0]), 0, o), CEKI_OK);
    test_expect_says(app, "replay", "Final standings after %d rounds",
                     game_round_number(session_game(games[0])));
    for (int seat = 0; seat < 3; seat++) {
        char who[40];
        session_seat_name(games[0], seat, who, sizeof who);
        test_expect_says(app, "replay", "%s %d", who, o->match_score[seat]);
    }
    free(o);
    /* Enter opens it at its start. */
    test_key(app, SDLK_RETURN, 0);
    check_position(app, games[0], 0);
    for (int i = 0; i < 3; i++) {
        session_destroy(games[i]);
    }
    app_destroy(app);
}

/* Keeps a game of v (played to its end or not) as the player's game in
 * progress, then opens the setup of v. */
static void save_then_set_up(App *app, VariantId v, bool to_end)
{
    char err[300], why[200];
    Session *s = played(v, 3, 4, to_end);
    assert_true(journal_write(app->store, s, 0, err, sizeof err));
    session_destroy(s);
    app_setup_variant(app, v);
    assert_true(scene_stack_push(app, SCENE_SETUP, why, sizeof why));
    app_draw(app);
}

/* Starting a new game while an unfinished one is saved asks first: the
 * first Start names the saved game and changes nothing, Esc keeps it (the
 * setup stays), a second Start deals the new game. With no saved game, or
 * a finished one, Start starts at once. */
static void test_new_game_asks_before_replacing_the_saved_one(void **state)
{
    (void)state;
    App *app = app_with_files("files-replace", 1280, 800);
    save_then_set_up(app, VARIANT_PEI, false);
    StoreGame g[2];
    assert_int_equal(store_games(app->store, "pei", g, 2), 1);
    test_click_named(app, "Start game");
    assert_string_equal(test_top_scene(app), "setup");
    app_draw(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Start a new game"));
    shoot(app, "setup-replace-asks");
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "setup");
    app_draw(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Start game"));
    assert_int_equal(store_games(app->store, "pei", g, 2), 1); /* kept */
    test_click_named(app, "Start game");
    app_draw(app);
    test_click_named(app, "Start a new game");
    assert_string_equal(test_top_scene(app), "table");
    assert_int_equal(store_games(app->store, "pei", g, 2), 0); /* let go */
    /* Back on the setup, nothing is offered to resume any more. */
    scene_stack_pop(app);
    assert_string_equal(test_top_scene(app), "setup");
    app_draw(app);
    assert_null(ui_find_named(ui_of_top_scene(app), "Resume it"));
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Start game"));
    app_destroy(app);

    /* A game of another variant in progress is not this one's: Start
     * starts at once and the other stays. A finished match is nothing to
     * lose either. */
    app = app_with_files("files-replace-other", 1280, 800);
    save_then_set_up(app, VARIANT_PEI, false);
    scene_stack_pop(app);
    save_then_set_up(app, VARIANT_THOTHIT, true);
    assert_int_equal(store_games(app->store, NULL, g, 2), 1);
    test_click_named(app, "Start game");
    assert_string_equal(test_top_scene(app), "table");
    assert_int_equal(store_games(app->store, "pei", g, 2), 1);
    /* The Pèi game is offered on Pèi's setup, and Resume it takes it up. */
    scene_stack_pop(app);
    scene_stack_pop(app);
    assert_int_equal(store_games(app->store, "pei", g, 2), 1);
    app_setup_variant(app, VARIANT_PEI);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_SETUP, why, sizeof why));
    app_draw(app);
    shoot(app, "setup-in-progress");
    test_click_named(app, "Resume it");
    assert_string_equal(test_top_scene(app), "table");
    assert_string_equal(session_match_id(app->session), g[0].match);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_journal_after_every_move),
        cmocka_unit_test(test_old_data_folder_moves_up),
        cmocka_unit_test(test_title_resume),
        cmocka_unit_test(test_new_game_asks_before_replacing_the_saved_one),
        cmocka_unit_test(test_replays),
        cmocka_unit_test(test_replay_by_path),
        cmocka_unit_test(test_replay_steps),
        cmocka_unit_test(test_replay_list_shows_the_store),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
