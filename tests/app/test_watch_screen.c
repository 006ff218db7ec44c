/* test_watch_screen.c — the watch screen follows a real table as the
 * players' table would show it.
 *
 * The test hosts a Thothit table on 127.0.0.1 that everyone may watch (the
 * host's seat played by the test, first legal move; two computers), and
 * the app watches it (net_table_watch, the watch screen on top, cards
 * moving at the normal speed). Whenever the screen's table is at rest and
 * shows the view the spectator holds, every card face it draws is one the
 * spectator's WatchView shows, and each seat's hidden cards are backs, as
 * many as the view counts. Moves arriving make cards glide. The host never
 * leaves, so no toast says it is back. The screen is drawn throughout.
 * Every wait is bounded in polls and time. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app_loop.h"
#include "net_table.h"
#include "scene_table.h"
#include "scenes.h"
#include "test_support.h"
#include "watch_view.h"

#define WAIT_POLLS 3000    /* polls for the spectator to be welcomed, the match to start */
#define PLAY_POLLS 30000   /* polls of the match being watched, at most */
#define PLAY_SECONDS 120.0 /* wall time, at most (a loaded machine) */
#define RESTS_WANTED 10    /* moments at rest checked before the test is content */
#define PATIENCE 2000      /* polls the host's person waits for a moment at rest */

static void rest(void)
{
    struct timespec ts = {0, 1000000L};
    nanosleep(&ts, NULL);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static NetTable *host_table(void)
{
    NetHostOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.rules.variant = VARIANT_THOTHIT;
    opt.rules.players = 3;
    opt.rules.rounds = 3;
    opt.rules.seat_kind[0] = NET_SEAT_LOCAL;
    opt.rules.seat_kind[1] = NET_SEAT_GREEDY;
    opt.rules.seat_kind[2] = NET_SEAT_GREEDY;
    opt.rules.watch = NET_WATCH_PUBLIC;
    opt.open = true;
    opt.any_port = true;
    opt.bind = "127.0.0.1";
    opt.has_seed = true;
    opt.seed = 5;
    snprintf(opt.name, sizeof opt.name, "Sari");
    char err[200] = "";
    NetTable *t = net_table_host(&opt, err, sizeof err);
    if (t == NULL) {
        fail_msg("net_table_host: %s", err);
    }
    return t;
}

static NetTable *watcher_join(NetTable *host)
{
    char invite[NET_ADDRESS_INVITE_MAX], err[200] = "";
    NetAddress a;
    assert_true(net_table_invite(host, invite, sizeof invite));
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    a.port = net_table_port(host);
    NetTable *w = net_table_watch(&a, "Dewi", err, sizeof err);
    if (w == NULL) {
        fail_msg("net_table_watch: %s", err);
    }
    return w;
}

/* The host's person moves: its first legal move, once for each move number. */
static void host_play(NetTable *host, uint32_t *answered)
{
    SeatFeed *f = net_table_feed(host);
    int n = 0;
    const Move *moves = seat_feed_moves(f, &n);
    uint32_t at = seat_feed_move_no(f);
    if (n > 0 && seat_feed_has_view(f) && (*answered != at || at == 0)) {
        seat_feed_send_move(f, &moves[0]);
        *answered = at;
    }
}

/* Starts the match once the spectator is welcomed; polls until it shows. */
static void start_watched(NetTable *host, NetTable *watcher)
{
    bool started = false;
    for (int i = 0; i < WAIT_POLLS; i++) {
        net_table_poll(host, SDL_GetTicks());
        net_table_poll(watcher, SDL_GetTicks());
        const NetSeats *seats = net_table_seats(host);
        if (!started && seats != NULL && seats->nwatchers == 1 &&
            net_table_state(host) == NET_TABLE_WAITING) {
            started = net_table_start(host);
        }
        if (started && seat_feed_has_view(net_table_feed(watcher))) {
            return;
        }
        rest();
    }
    fail_msg("the watched match did not start");
}

static bool board_moving(const TableState *b)
{
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        if (b->view.sprites[i].used && b->view.sprites[i].moving) {
            return true;
        }
    }
    return false;
}

/* The board at rest shows the spectator's view: its faces are the view's,
 * its hidden cards backs in the view's counts. */
static void check_rest(const TableState *b, const WatchView *w)
{
    static Card faces[TV_MAX_SPRITES + CEKI_MAX_SEATS * CEKI_MAX_DECK + CEKI_MAX_DECK + 8];
    static Card shown[WATCH_CARDS_MAX];
    int nf = table_board_faces(b, faces, (int)(sizeof faces / sizeof faces[0]));
    int ns = watch_view_cards(w, shown, WATCH_CARDS_MAX);
    int left[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < ns; i++) {
        left[shown[i]]++;
    }
    for (int i = 0; i < nf; i++) {
        if (faces[i] >= CARD_KIND_LIMIT || left[faces[i]]-- <= 0) {
            fail_msg("the watch screen draws card %d, which the spectator was not shown", faces[i]);
        }
    }
    for (int s = 0; s < w->players; s++) {
        int ids[TV_MAX_SPRITES];
        int n = view_hand_order(b, s, ids, TV_MAX_SPRITES);
        assert_int_equal(n, w->hand_count[s]);
        for (int k = 0; k < n; k++) {
            assert_false(b->view.sprites[ids[k]].shown);
        }
    }
}

/* The app's watch screen on a started match of host_table's, its cards
 * moving at the normal pace; the host's table and the spectator's. */
static App *app_watching(NetTable **host, NetTable **watcher)
{
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = ANIM_NORMAL;
    *host = host_table();
    *watcher = watcher_join(*host);
    start_watched(*host, *watcher);
    app->net = *watcher;
    char why[200] = "";
    assert_true(scene_stack_push(app, SCENE_WATCH, why, sizeof why));
    return app;
}

static void test_watch_follows_the_table(void **state)
{
    (void)state;
    NetTable *host = NULL, *watcher = NULL;
    App *app = app_watching(&host, &watcher);
    uint32_t answered = 0;
    int rests = 0, glides = 0;
    uint32_t checked = UINT32_MAX;
    int waited = 0, host_back = 0;
    double until = seconds_now() + PLAY_SECONDS;
    for (int i = 0; i < PLAY_POLLS && seconds_now() < until && rests < RESTS_WANTED; i++) {
        net_table_poll(host, SDL_GetTicks());
        /* The host's person moves once the screen has shown the table at
         * rest (or after a while): computers move at once. */
        if (checked == seat_feed_move_no(net_table_feed(watcher)) || ++waited > PATIENCE) {
            host_play(host, &answered);
            waited = 0;
        }
        app_update(app, 1.0 / 60.0);
        host_back += strcmp(app->toast, "The host is back; play goes on.") == 0;
        TableState *b = watch_board_top(app);
        assert_non_null(b);
        bool moving = board_moving(b);
        glides += moving;
        if (i % 8 == 0) {
            app_draw(app);
        }
        SeatFeed *f = net_table_feed(watcher);
        WatchView w;
        uint32_t move = seat_feed_move_no(f);
        if (!moving && b->evq_n == 0 && move != checked &&
            watch_view_read(seat_feed_view(f), seat_feed_hands(f, NULL), &w)) {
            app_update(app, 1.0 / 60.0); /* the view shown, if it came meanwhile */
            if (!board_moving(b) && b->evq_n == 0 && seat_feed_move_no(f) == move &&
                b->obs.history.total == w.history.total) {
                check_rest(b, &w);
                checked = move;
                rests++;
            }
        }
        rest();
    }
    fprintf(stderr, "watched: %d moments at rest, %d frames moving, move %u\n", rests, glides,
            (unsigned)seat_feed_move_no(net_table_feed(watcher)));
    assert_true(rests >= RESTS_WANTED);
    assert_true(glides > 0);        /* the moves' cards glided */
    assert_int_equal(host_back, 0); /* the host never left: nothing said it came back */
    char says[300];
    scene_describe(app, says, sizeof says);
    assert_non_null(strstr(says, "watching=1"));
    scene_stack_pop(app); /* Stop watching: the spectator's table goes */
    assert_null(app->net);
    net_table_destroy(host);
    app_destroy(app);
}

static unsigned said_number(App *app, const char *key)
{
    char says[400];
    scene_describe(app, says, sizeof says);
    const char *at = strstr(says, key);
    assert_non_null(at);
    return (unsigned)strtoul(at + strlen(key), NULL, 10);
}

/* A spectator whose screen fell far behind a brisk match (seen on a
 * loaded machine: 138 moves behind after a minute) is put in step with
 * the table at once, not shown every move it missed one by one: some 20
 * moves come while the screen is not drawn, and within a second of the
 * screen's frames it shows the table as it is. */
static void test_watch_catches_up(void **state)
{
    (void)state;
    NetTable *host = NULL, *watcher = NULL;
    App *app = app_watching(&host, &watcher);
    for (int i = 0; i < 60; i++) {
        app_update(app, 1.0 / 60.0); /* the first view shown */
    }
    uint32_t answered = 0;
    SeatFeed *f = net_table_feed(watcher);
    uint32_t start = seat_feed_move_no(f);
    for (int i = 0; i < WAIT_POLLS && seat_feed_move_no(f) < start + 20; i++) {
        net_table_poll(host, SDL_GetTicks());
        host_play(host, &answered);
        net_table_poll(watcher, SDL_GetTicks());
        rest();
    }
    uint32_t now = seat_feed_move_no(f);
    assert_true(now >= start + 20);
    assert_true(said_number(app, " shown_move=") + 10 < now);
    for (int i = 0; i < 60 && said_number(app, " shown_move=") != now; i++) {
        app_update(app, 1.0 / 60.0);
    }
    assert_int_equal(said_number(app, " shown_move="), now);
    scene_stack_pop(app);
    net_table_destroy(host);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_watch_follows_the_table),
        cmocka_unit_test(test_watch_catches_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
