/* test_net_flow.c — the network screens over the real network table
 * (net_table.h) on 127.0.0.1: the app hosts a Thothit table from the host
 * screen, a friend (a network table in the test) joins it, the waiting
 * room starts the match, the table takes over playing from the session's
 * feed, chat comes through, and the friend's seat shows its connection on
 * its plate when the friend goes. Every wait is bounded in polls and time. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "net_table.h"
#include "scene_table.h"
#include "session.h"
#include "test_support.h"

#define WAIT_POLLS 3000 /* at most 3000 frames of 1 ms rest: some 10 s */
#define PORT_TRIES 5

typedef bool (*Cond)(App *app, NetTable *friend_table);

static void rest(void)
{
    struct timespec ts = {0, 1000000L};
    nanosleep(&ts, NULL);
}

/* Frames of the app and polls of the friend's table until cond holds. */
static bool pump(App *app, NetTable *friend_table, Cond cond)
{
    for (int i = 0; i < WAIT_POLLS; i++) {
        if (cond(app, friend_table)) {
            return true;
        }
        app_update(app, 1.0 / 60.0);
        if (friend_table != NULL) {
            net_table_poll(friend_table, SDL_GetTicks());
        }
        rest();
    }
    return cond(app, friend_table);
}

/* A UDP port on 127.0.0.1 nobody uses this moment. */
static uint16_t free_port(void)
{
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in at = {.sin_family = AF_INET, .sin_port = 0};
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof at;
    assert_int_equal(bind(fd, (struct sockaddr *)&at, sizeof at), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&at, &len), 0);
    close(fd);
    return ntohs(at.sin_port);
}

static void type_text(App *app, const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    assert_int_equal(SDL_PushEvent(&e), 1);
    app_pump_events(app);
}

static bool describes(App *app, const char *words)
{
    char buf[400];
    scene_describe(app, buf, sizeof buf);
    return strstr(buf, words) != NULL;
}

static bool friend_seated(App *app, NetTable *f)
{
    return net_table_state(f) == NET_TABLE_WAITING && describes(app, "taken=3");
}

static bool at_table(App *app, NetTable *f)
{
    (void)f;
    return strcmp(test_top_scene(app), "table") == 0;
}

static bool chat_came(App *app, NetTable *f)
{
    (void)f;
    TableState *t = table_top(app);
    return t != NULL && t->chat.nlines > 0;
}

static bool friend_gone(App *app, NetTable *f)
{
    (void)f;
    const NetSeats *seats = net_table_seats(session_net_table(app->session));
    return seats != NULL && seats->seat[1].state != NET_SEAT_HERE;
}

static bool host_stood_in(App *app, NetTable *f)
{
    (void)f;
    const NetSeat *host = &net_table_seats(session_net_table(app->session))->seat[0];
    return host->state == NET_SEAT_STAND_IN && host->stand_in == NET_STAND_IN_OWN;
}

/* Hosts from the host screen at a free port (another may take it between
 * the look and the bind: tried again, a bounded number of times). */
static void host_from_screen(App *app)
{
    char why[200] = "";
    assert_true(scene_stack_push(app, SCENE_HOST, why, sizeof why));
    for (int i = 0; i < PORT_TRIES && strcmp(test_top_scene(app), "host") == 0; i++) {
        char port[8];
        snprintf(port, sizeof port, "%u", free_port());
        test_click_named(app, "Port");
        test_key(app, SDLK_u, KMOD_CTRL);
        type_text(app, port);
        test_click_named(app, "Open the table");
    }
    assert_string_equal(test_top_scene(app), "waiting");
}

/* The app at 1280x800 set up for three-handed Thothit, its cards moving
 * at `pace`. */
static App *thothit_app(AnimSpeed pace)
{
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = pace;
    app_setup_variant(app, VARIANT_THOTHIT);
    app->setup.config.players = 3;
    return app;
}

/* The move log (L) covers the friend's plate on the right, and what the
 * plate says of the friend's connection with it: the badge was drawn over
 * the log (as the friend's clock was over its title in the walkthrough). */
static void plate_under_log(App *app, const char *one, const char *other)
{
    SDL_Rect b[4];
    const char *says = test_screen_text_rects(one, b, 4) > 0 ? one : other;
    TableState *t = table_top(app);
    test_key(app, SDLK_l, 0);
    SDL_Rect log;
    assert_true(table_log_panel(app, t, &log));
    test_screen_text(app);
    int n = SDL_min(test_screen_text_rects(says, b, 4), 4);
    for (int i = 0; i < n; i++) {
        if (SDL_HasIntersection(&b[i], &log)) {
            fail_msg("'%s' at %d,%d %dx%d over the log at %d,%d %dx%d", says, b[i].x, b[i].y,
                     b[i].w, b[i].h, log.x, log.y, log.w, log.h);
        }
    }
    test_key(app, SDLK_l, 0);
}

static void test_host_join_start_chat(void **state)
{
    (void)state;
    App *app = thothit_app(ANIM_NORMAL);
    host_from_screen(app);
    char invite[120] = "";
    assert_true(net_table_invite(app->net, invite, sizeof invite));
    NetAddress a;
    char err[200] = "";
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    snprintf(a.host, sizeof a.host, "127.0.0.1"); /* the invite names the first address */
    NetTable *f = net_table_join(&a, NULL, "Bayu", err, sizeof err);
    assert_non_null(f);
    assert_true(pump(app, f, friend_seated));
    char png[600];
    test_screen_text(app);
    assert_true(test_screen_says("Bayu"));

    test_click_named(app, "Start the match");
    assert_true(pump(app, f, at_table));
    assert_null(app->net); /* the session holds it now */
    assert_non_null(session_net_table(app->session));

    assert_true(net_table_say(f, "sugeng sonten"));
    assert_true(pump(app, f, chat_came));
    assert_string_equal(table_top(app)->chat.lines[0].text, "sugeng sonten");

    /* The friend goes: their plate says so in the host's window. */
    net_table_destroy(f);
    assert_true(pump(app, NULL, friend_gone));
    test_screen_text(app);
    assert_true(test_screen_says("Reconnecting") || test_screen_says("Away; a computer plays"));
    snprintf(png, sizeof png, "%s/net-table-friend-away.png", CEKI_TEST_OUT_DIR);
    assert_true(app_save_png(app, png, err, sizeof err));
    plate_under_log(app, "Reconnecting", "Away");

    /* The host's Leave asks first: stop the table for the friend, or let
     * a computer play the host's seat; the computer then plays it. */
    test_click_named(app, "Menu");
    test_click_named(app, "Leave the table");
    test_screen_text(app);
    assert_true(test_screen_says("Your friends are playing at your table"));
    assert_true(test_screen_says("Stop and leave"));
    assert_true(test_screen_says("Computer plays"));
    snprintf(png, sizeof png, "%s/net-table-host-leave.png", CEKI_TEST_OUT_DIR);
    assert_true(app_save_png(app, png, err, sizeof err));
    test_click_named(app, "Computer plays");
    assert_string_equal(test_top_scene(app), "table");
    assert_true(pump(app, NULL, host_stood_in));

    app_destroy(app);
}

/* Hosts from the host screen; a friend, Bayu, joins by the invite; the
 * host starts the match and the app is at the table. The friend's table. */
static NetTable *friend_at_table(App *app)
{
    host_from_screen(app);
    char invite[120] = "";
    assert_true(net_table_invite(app->net, invite, sizeof invite));
    NetAddress a;
    char err[200] = "";
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    NetTable *f = net_table_join(&a, NULL, "Bayu", err, sizeof err);
    assert_non_null(f);
    assert_true(pump(app, f, friend_seated));
    test_click_named(app, "Start the match");
    assert_true(pump(app, f, at_table));
    return f;
}

/* The moves of a seat in the match so far, as the app's session has them. */
static int seat_moves(App *app, int seat)
{
    int n = 0, count = 0;
    const Move *h = session_history(app->session, &n);
    for (int i = 0; i < n; i++) {
        count += h[i].seat == seat && h[i].type != MOVE_NEXT_ROUND;
    }
    return count;
}

/* The friend answers its turn with its first legal move (the host judges
 * it); a round's end goes on at once. */
static void friend_moves(NetTable *f)
{
    SeatFeed *feed = net_table_feed(f);
    int n = 0;
    const Move *moves = seat_feed_moves(feed, &n);
    static uint32_t answered = UINT32_MAX;
    uint32_t at = seat_feed_move_no(feed);
    if (n > 0 && seat_feed_has_view(feed) && answered != at) {
        Move m = moves[0];
        if (seat_feed_send_move(feed, &m)) {
            answered = at;
        }
    }
}

static int own_before; /* the person's moves when the computer took their seat */

static bool own_seat_played_for(App *app, NetTable *f)
{
    friend_moves(f);
    return host_stood_in(app, f) && table_stood_in(table_top(app)) &&
           seat_moves(app, 0) >= own_before + 3;
}

static bool friend_stood_in(App *app, NetTable *f)
{
    friend_moves(f);
    const NetSeats *ns = net_table_seats(session_net_table(app->session));
    for (int i = 1; i < ns->players; i++) {
        if (ns->seat[i].state == NET_SEAT_STAND_IN && ns->seat[i].stand_in == NET_STAND_IN_OWN) {
            return true;
        }
    }
    return false;
}

/* No plate's word is drawn over the banner saying a computer plays the
 * viewer's seat (in Indonesian, a friend's "Komputer bermain, sesuai
 * permintaan" covered its end at 1280x800). */
static void banner_left_clear(App *app, const char *banner, const char *plate)
{
    test_screen_text(app);
    SDL_Rect b[4], p[8];
    int nb = SDL_min(test_screen_text_rects(banner, b, 4), 4);
    int n = SDL_min(test_screen_text_rects(plate, p, 8), 8);
    assert_true(nb >= 1);
    assert_true(n >= 2); /* the viewer's plate and the friend's */
    for (int k = 0; k < nb; k++) {
        for (int i = 0; i < n; i++) {
            if (SDL_HasIntersection(&b[k], &p[i])) {
                fail_msg("'%s' at %d,%d %dx%d over the banner at %d,%d %dx%d", plate, p[i].x,
                         p[i].y, p[i].w, p[i].h, b[k].x, b[k].y, b[k].w, b[k].h);
            }
        }
    }
}

static bool own_seat_back(App *app, NetTable *f)
{
    friend_moves(f);
    const NetSeat *host = &net_table_seats(session_net_table(app->session))->seat[0];
    return host->state == NET_SEAT_HERE && !table_stood_in(table_top(app)) &&
           table_waits_for_person(app);
}

/* The menu's "Let the computer play for me" at a table with a friend: the
 * host's stand-in plays the person's own seat (NET_STAND_IN_OWN) while
 * they watch, its moves taken in as theirs; the banner says so; "Take my
 * seat back" gives it back and the table waits for its person again. */
static void test_menu_own_stand_in(void **state)
{
    (void)state;
    App *app = thothit_app(ANIM_INSTANT);
    NetTable *f = friend_at_table(app);
    char err[200] = "";
    TableState *t = table_top(app);
    assert_non_null(t);
    own_before = seat_moves(app, 0);
    test_click_named(app, "Menu");
    test_click_named(app, "Let the computer play for me");
    assert_true(pump(app, f, own_seat_played_for));
    test_screen_text(app);
    assert_true(test_screen_says("A computer plays your seat"));
    assert_true(test_screen_says("A computer plays, as asked")); /* the plate, as the host says */
    char png[600];
    snprintf(png, sizeof png, "%s/net-table-own-stand-in.png", CEKI_TEST_OUT_DIR);
    assert_true(app_save_png(app, png, err, sizeof err));
    /* The friend asks too: both plates say so, clear of the banner. */
    assert_true(net_table_stand_in(f, true));
    assert_true(pump(app, f, friend_stood_in));
    banner_left_clear(app, "A computer plays your seat", "A computer plays, as asked");
    i18n_set_language(LANGUAGE_INDONESIAN);
    banner_left_clear(app, "Komputer memainkan kursi Anda", "Komputer bermain, sesuai permintaan");
    snprintf(png, sizeof png, "%s/net-table-both-stood-in-id.png", CEKI_TEST_OUT_DIR);
    assert_true(app_save_png(app, png, err, sizeof err));
    i18n_set_language(LANGUAGE_ENGLISH);
    assert_true(net_table_stand_in(f, false));

    test_click_named(app, "Menu");
    test_click_named(app, "Take my seat back");
    assert_true(pump(app, f, own_seat_back));
    int mine = seat_moves(app, 0);
    for (int i = 0; i < 300; i++) {
        app_update(app, 1.0 / 60.0);
        net_table_poll(f, SDL_GetTicks());
        friend_moves(f);
        rest();
    }
    assert_int_equal(seat_moves(app, 0), mine); /* nobody plays it but its person */
    net_table_destroy(f);
    app_destroy(app);
}

static bool on_results(App *app, NetTable *f)
{
    (void)f;
    return strcmp(test_top_scene(app), "result") == 0;
}

static bool in_round_two(App *app, NetTable *f)
{
    (void)f;
    const Game *g = session_game(app->session);
    return strcmp(test_top_scene(app), "table") == 0 && game_round_number(g) == 2;
}

/* The host's own seat played by a computer (the menu's "Let the computer
 * play for me") when round 1 ends with that seat to start round 2: the
 * host's stand-in starts it at once, and the host's window still shows
 * round 1's results, staying on them while the person reads, and goes on
 * to round 2 with Next round. Seen in the walkthrough: each Next round
 * showed round 1's results again (da174d6, mended in dda927f); then, in
 * this test, round 1's results were never shown (session_poll took the
 * stand-in's Next round in) and the host saw only the match's end. */
static void test_stood_in_host_next_round(void **state)
{
    (void)state;
    App *app = thothit_app(ANIM_FAST);
    app->setup.config.rounds = 2;
    app->setup.config.seed = 4; /* round 1 ends with the host's seat to deal round 2 */
    app->setup.seed_given = true;
    NetTable *f = friend_at_table(app);
    test_click_named(app, "Menu");
    test_click_named(app, "Let the computer play for me");
    assert_true(net_table_stand_in(f, true)); /* the friend's seat too: nobody waits */
    assert_true(pump(app, f, on_results));
    /* Round 1's results, though the host's stand-in dealt round 2 at once
     * for the host's seat, which starts it (seed 4): the table's feed
     * holds it back for them. */
    assert_int_equal(game_round_number(session_game(app->session)), 1);
    assert_int_equal(game_to_move(session_game(app->session)), 0);
    /* The person reads the results a while (the host plays on meanwhile). */
    for (int i = 0; i < 300; i++) {
        app_update(app, 1.0 / 60.0);
        net_table_poll(f, SDL_GetTicks());
        rest();
    }
    assert_string_equal(test_top_scene(app), "result");
    assert_int_equal(game_round_number(session_game(app->session)), 1);
    test_click_named(app, "Next round");
    assert_true(pump(app, f, in_round_two));
    net_table_destroy(f);
    app_destroy(app);
}

int main(void)
{
    /* The table listens, and discovery listens and asks, on 127.0.0.1 only. */
    setenv("CEKI_DISCOVERY_TO", "127.0.0.1", 1);
    setenv("CEKI_DISCOVERY_PORT", "0", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host_join_start_chat),
        cmocka_unit_test(test_menu_own_stand_in),
        cmocka_unit_test(test_stood_in_host_next_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
