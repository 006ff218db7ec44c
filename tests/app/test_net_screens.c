#define _POSIX_C_SOURCE 200809L /* setenv */
/* test_net_screens.c — the screens of a table with friends:
 * hosting, joining (typed, pasted, a bad address, a table found on the
 * local network over 127.0.0.1), a server's open tables and the waiting
 * room, driven by keyboard and mouse as a person would.
 *
 * The network table under them is a fake defined here (every function of
 * net_table.h the screens call; the linker takes these before the
 * library's): it records what the screens asked and lets the test set the
 * table's state, seats and tables, so each screen's part is checked alone
 * and nothing leaves this machine. The real table is tested in
 * test_net_table.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "discovery.h"
#include "net_table.h"
#include "net_ticket.h"
#include "scene_table.h"
#include "test_support.h"

/* ---- the fake table ---------------------------------------------------- */

struct NetTable {
    int unused;
};

typedef struct Fake {
    NetTable table;
    bool live;
    NetTableState state;
    bool host;
    NetSeats seats;
    NetTableRules rules;
    NetTables tables;
    NetHostOptions host_opt; /* the last net_table_host */
    NetAddress joined;       /* the last net_table_join */
    char join_name[NET_NAME_MAX + 1];
    int hosts, joins, destroys, starts, polls;
    int seat_ai_seat;
    NetSeatKind seat_ai_kind;
    char picked[NET_TABLE_ID_MAX + 1];
    NetTableRules created;
    bool create_called;
    bool fail_host;
    int says;
    char said[NET_CHAT_MAX * 4 + 1];
    NetChat incoming[4];
    int nincoming;
} Fake;

static Fake fake;

bool net_address_parse(const char *text, NetAddress *out, char *err, size_t err_size)
{
    NetAddress a;
    memset(&a, 0, sizeof a);
    const char *p = strncmp(text, "ceki://", 7) == 0 ? text + 7 : text;
    const char *colon = strchr(p, ':');
    unsigned port = 0;
    char rest[NET_TABLE_ID_MAX] = "";
    if (colon == NULL || colon == p || (size_t)(colon - p) > NET_ADDRESS_HOST_MAX ||
        sscanf(colon + 1, "%5u%15s", &port, rest) < 1 || port == 0 || port > 65535 ||
        (rest[0] != '\0' && rest[0] != '/')) {
        snprintf(err, err_size, "Not an address: %s", text);
        return false;
    }
    memcpy(a.host, p, (size_t)(colon - p));
    a.port = (uint16_t)port;
    snprintf(a.table, sizeof a.table, "%s", rest[0] == '/' ? rest + 1 : "");
    *out = a;
    return true;
}

void net_address_format_invite(const NetAddress *a, char *buf, size_t size)
{
    snprintf(buf, size, "ceki://%s:%u/%s", a->host, a->port, a->table);
}

static NetTable *open_fake(bool host)
{
    assert_false(fake.live); /* one table at a time */
    fake.live = true;
    fake.host = host;
    return &fake.table;
}

NetTable *net_table_host(const NetHostOptions *opt, char *err, size_t err_size)
{
    fake.hosts++;
    fake.host_opt = *opt;
    if (fake.fail_host) {
        snprintf(err, err_size, "Port %u is in use.", opt->port);
        return NULL;
    }
    fake.rules = opt->rules;
    fake.state = NET_TABLE_WAITING;
    fake.seats.players = opt->rules.players;
    for (int i = 0; i < opt->rules.players; i++) {
        NetSeat *s = &fake.seats.seat[i];
        s->kind = opt->rules.seat_kind[i];
        s->state = s->kind == NET_SEAT_NET ? NET_SEAT_EMPTY : NET_SEAT_HERE;
        snprintf(s->name, sizeof s->name, "%s", s->kind == NET_SEAT_LOCAL ? opt->name : "");
    }
    return open_fake(true);
}

NetTable *net_table_resume(const NetHostOptions *opt, const NetTicket *t, char *err,
                           size_t err_size)
{
    (void)opt;
    (void)t;
    snprintf(err, err_size, "not in the fake");
    return NULL;
}

NetTable *net_table_join(const NetAddress *a, const char *token, const char *name, char *err,
                         size_t err_size)
{
    (void)token;
    (void)err;
    (void)err_size;
    fake.joins++;
    fake.joined = *a;
    snprintf(fake.join_name, sizeof fake.join_name, "%s", name);
    fake.state = NET_TABLE_CONNECTING;
    return open_fake(false);
}

void net_table_destroy(NetTable *t)
{
    if (t != NULL) {
        assert_ptr_equal(t, &fake.table);
        fake.live = false;
        fake.destroys++;
    }
}

void net_table_poll(NetTable *t, uint32_t now_ms)
{
    (void)now_ms;
    assert_ptr_equal(t, &fake.table);
    fake.polls++;
}

NetTableState net_table_state(const NetTable *t)
{
    (void)t;
    return fake.state;
}

const char *net_table_error(const NetTable *t)
{
    (void)t;
    return fake.state == NET_TABLE_FAILED ? "No answer from that address." : "";
}

void net_table_stepwise(NetTable *t, bool on)
{
    (void)t;
    (void)on;
}

void net_table_next_update(NetTable *t)
{
    (void)t;
}

uint16_t net_table_port(const NetTable *t)
{
    (void)t;
    return fake.host_opt.port;
}

bool net_table_is_host(const NetTable *t)
{
    (void)t;
    return fake.host;
}

SeatFeed *net_table_feed(NetTable *t)
{
    (void)t;
    return NULL;
}

const NetSeats *net_table_seats(const NetTable *t)
{
    (void)t;
    return &fake.seats;
}

const NetTableRules *net_table_rules(const NetTable *t)
{
    (void)t;
    return fake.seats.players > 0 ? &fake.rules : NULL;
}

bool net_table_ticket(const NetTable *t, NetTicket *out)
{
    (void)t;
    memset(out, 0, sizeof *out);
    snprintf(out->address.host, sizeof out->address.host, "127.0.0.1");
    out->address.port = fake.host_opt.port;
    snprintf(out->address.table, sizeof out->address.table, "t1");
    out->hosting = fake.host;
    return fake.seats.players > 0;
}

int net_table_addresses(const NetTable *t, char out[][NET_ADDR_TEXT_MAX], int cap)
{
    (void)t;
    const char *all[] = {"192.168.1.20", "127.0.0.1"};
    int n = 0;
    for (; n < 2 && n < cap; n++) {
        snprintf(out[n], NET_ADDR_TEXT_MAX, "%s:%u", all[n], fake.host_opt.port);
    }
    return n;
}

bool net_table_invite(const NetTable *t, char *buf, size_t size)
{
    (void)t;
    snprintf(buf, size, "ceki://192.168.1.20:%u/t1", fake.host_opt.port);
    return true;
}

bool net_table_seat_ai(NetTable *t, int seat, NetSeatKind kind)
{
    (void)t;
    fake.seat_ai_seat = seat;
    fake.seat_ai_kind = kind;
    if (seat < 0 || seat >= fake.seats.players || fake.seats.seat[seat].state != NET_SEAT_EMPTY) {
        return false;
    }
    fake.seats.seat[seat].kind = (uint8_t)kind;
    fake.seats.seat[seat].state = NET_SEAT_HERE;
    return true;
}

bool net_table_start(NetTable *t)
{
    (void)t;
    fake.starts++;
    for (int i = 0; i < fake.seats.players; i++) {
        if (fake.seats.seat[i].state == NET_SEAT_EMPTY) {
            return false;
        }
    }
    fake.state = NET_TABLE_PLAYING;
    return true;
}

const NetTables *net_table_tables(const NetTable *t)
{
    (void)t;
    return fake.state == NET_TABLE_CHOOSING ? &fake.tables : NULL;
}

bool net_table_pick(NetTable *t, const char *table_id)
{
    (void)t;
    snprintf(fake.picked, sizeof fake.picked, "%s", table_id);
    return true;
}

bool net_table_create_remote(NetTable *t, const NetTableRules *rules)
{
    (void)t;
    fake.created = *rules;
    fake.create_called = true;
    return true;
}

bool net_table_say(NetTable *t, const char *line)
{
    (void)t;
    fake.says++;
    snprintf(fake.said, sizeof fake.said, "%s", line);
    return true;
}

int net_table_take_chat(NetTable *t, NetChat *out, int cap)
{
    (void)t;
    int n = SDL_min(cap, fake.nincoming);
    memcpy(out, fake.incoming, sizeof out[0] * (size_t)n);
    fake.nincoming = 0;
    return n;
}

/* ---- the app with the network screens ------------------------------------ */

static App *new_app(void)
{
    memset(&fake, 0, sizeof fake);
    App *app = test_app_new(1280, 800, NULL);
    /* The clipboard is SDL's video part's, which the headless app does
     * not start (app_destroy's SDL_Quit ends it again). */
    assert_int_equal(SDL_InitSubSystem(SDL_INIT_VIDEO), 0);
    return app;
}

static void open_scene(App *app, SceneId id)
{
    char why[200] = "";
    assert_true(scene_stack_push(app, id, why, sizeof why));
    assert_string_equal(test_top_scene(app), scene_name(id));
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

static void step(App *app, int frames)
{
    for (int i = 0; i < frames; i++) {
        app_update(app, 1.0 / 60.0);
    }
}

/* The top scene's describe words hold `words`. */
static bool describes(App *app, const char *words)
{
    char buf[300];
    scene_describe(app, buf, sizeof buf);
    return strstr(buf, words) != NULL;
}

static void close_app(App *app)
{
    app_destroy(app);
    assert_false(fake.live); /* whatever table the screens opened is closed */
}

/* ---- hosting ------------------------------------------------------------ */

static void test_host_layout_and_open(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    int players = app->setup.config.players;
    open_scene(app, SCENE_HOST);
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Your name"));
    assert_non_null(ui_find_named(ui, "Port"));
    assert_non_null(ui_find_named(ui, "Open the table"));
    assert_true(ui_find_named(ui, "Seat 1")->disabled); /* you, at this screen */
    assert_false(ui_find_named(ui, "Seat 2")->disabled);
    assert_string_equal(test_focus_name(app), "Open the table");
    /* Seat 2 waits for a friend; the others are computers. */
    assert_true(app->setup.remote[1]);
    test_screen_text(app);
    assert_true(test_screen_says("A friend"));

    /* The keyboard: up to seat 3, right makes it a friend too. */
    test_mouse_move(app, 0, 0);
    ui_focus((Ui *)ui_of_top_scene(app), ui_find_named(ui, "Seat 3")->id);
    assert_false(app->setup.remote[2]);
    test_key(app, SDLK_RIGHT, 0); /* greedy -> strong */
    assert_int_equal(app->setup.level[2], AI_STRONG);
    test_key(app, SDLK_LEFT, 0);
    test_key(app, SDLK_LEFT, 0);
    test_key(app, SDLK_LEFT, 0); /* -> greedy -> random -> a friend */
    assert_true(app->setup.remote[2]);

    /* A bad port is said and nothing is hosted. */
    test_click_named(app, "Port");
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "99999");
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.hosts, 0);
    assert_true(describes(app, "error=1"));
    test_screen_text(app);
    assert_true(test_screen_says("The port is a number from 1 to 65535."));

    /* A port in use: the host's sentence, still nothing open. */
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "7300");
    fake.fail_host = true;
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.hosts, 1);
    assert_null(app->net);
    test_screen_text(app);
    assert_true(test_screen_says("Port 7300 is in use."));

    /* Open: the rules and kinds from the screen, the name, the port. */
    fake.fail_host = false;
    test_click_named(app, "Open the table");
    assert_int_equal(fake.hosts, 2);
    assert_non_null(app->net);
    assert_int_equal(fake.host_opt.port, 7300);
    assert_int_equal(fake.host_opt.rules.players, players);
    assert_int_equal(fake.host_opt.rules.variant, VARIANT_PEI);
    assert_int_equal(fake.host_opt.rules.seat_kind[0], NET_SEAT_LOCAL);
    assert_int_equal(fake.host_opt.rules.seat_kind[1], NET_SEAT_NET);
    assert_int_equal(fake.host_opt.rules.seat_kind[2], NET_SEAT_NET);
    assert_true(fake.host_opt.name[0] != '\0');
    assert_string_equal(test_top_scene(app), "waiting");
    close_app(app);
}

/* Typing goes to the field last chosen, not to whatever the mouse is over. */
static void test_host_name_field(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    test_click_named(app, "Your name");
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "Sri");
    const Widget *open = ui_find_named(ui_of_top_scene(app), "Open the table");
    test_mouse_move(app, open->rect.x + 4, open->rect.y + 4);
    type_text(app, "ati");
    test_key(app, SDLK_h, 0); /* a letter key: the field's, no screen key */
    test_click_named(app, "Open the table");
    assert_string_equal(fake.host_opt.name, "Sriati");
    assert_string_equal(app->settings.player_name, "Sriati");
    close_app(app);
}

/* ---- the waiting room ---------------------------------------------------- */

static App *hosted_app(void)
{
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    test_click_named(app, "Open the table");
    assert_string_equal(test_top_scene(app), "waiting");
    return app;
}

static void test_waiting_room_host(void **state)
{
    (void)state;
    App *app = hosted_app();
    step(app, 3);
    assert_true(fake.polls >= 3);
    const Ui *ui = ui_of_top_scene(app);
    assert_true(ui_find_named(ui, "Start the match")->disabled); /* seat 2 is empty */
    test_screen_text(app);
    assert_true(test_screen_says("ceki://192.168.1.20:7157/t1"));
    assert_true(test_screen_says("192.168.1.20:7157"));
    assert_true(test_screen_says("Waiting for a friend"));

    /* Copy puts the invite on the clipboard. */
    test_click_named(app, "Copy the invite link");
    char *clip = SDL_GetClipboardText();
    assert_string_equal(clip, "ceki://192.168.1.20:7157/t1");
    SDL_free(clip);

    /* A friend arrives; the last empty seat goes to a strong computer. */
    fake.seats.seat[1].state = NET_SEAT_HERE;
    snprintf(fake.seats.seat[1].name, sizeof fake.seats.seat[1].name, "Bayu");
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Bayu"));
    int empty = -1;
    for (int i = 0; i < fake.seats.players; i++) {
        if (fake.seats.seat[i].state == NET_SEAT_EMPTY) {
            empty = i;
        }
    }
    if (empty >= 0) {
        char name[48];
        ui_focus((Ui *)ui_of_top_scene(app),
                 ui_find_named(ui_of_top_scene(app), "Computers play")->id);
        test_key(app, SDLK_RIGHT, 0); /* greedy -> strong */
        snprintf(name, sizeof name, "Seat %d: a computer", empty + 1);
        test_click_named(app, name);
        assert_int_equal(fake.seat_ai_seat, empty);
        assert_int_equal(fake.seat_ai_kind, NET_SEAT_STRONG);
    }
    step(app, 1);
    assert_true(describes(app, "taken=3") || describes(app, "taken=4"));
    assert_false(ui_find_named(ui_of_top_scene(app), "Start the match")->disabled);
    close_app(app);
}

/* Esc leaves: the table is closed and the screen before shows again. */
static void test_waiting_room_leave(void **state)
{
    (void)state;
    App *app = hosted_app();
    test_key(app, SDLK_ESCAPE, 0);
    assert_false(fake.live);
    assert_null(app->net);
    assert_string_equal(test_top_scene(app), "title");
    close_app(app);
}

/* A joiner's room: no host controls, the state in words. */
static void test_waiting_room_joiner(void **state)
{
    (void)state;
    App *app = new_app();
    app->net = open_fake(false);
    fake.state = NET_TABLE_WAITING;
    fake.rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.seats.players = 3;
    for (int i = 0; i < 3; i++) {
        fake.seats.seat[i] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    }
    fake.seats.seat[2].state = NET_SEAT_AWAY;
    fake.seats.seat[2].grace_ms = 41500;
    open_scene(app, SCENE_WAITING);
    const Ui *ui = ui_of_top_scene(app);
    assert_null(ui_find_named(ui, "Start the match"));
    assert_null(ui_find_named(ui, "Copy the invite link"));
    test_screen_text(app);
    assert_true(test_screen_says("Waiting for the host to start."));
    assert_true(test_screen_says("Reconnecting: 42 seconds left"));
    close_app(app);
}

/* ---- joining ------------------------------------------------------------ */

static void test_join_typed_and_bad(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    assert_true(describes(app, "field=1")); /* the address is ready for typing */
    assert_string_equal(test_focus_name(app), "Address or invite");

    /* Enter on nothing, then on a bad address: said, nothing joined. */
    test_key(app, SDLK_RETURN, 0);
    assert_true(describes(app, "error=1"));
    type_text(app, "my friend");
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.joins, 0);
    assert_null(app->net);
    test_screen_text(app);
    assert_true(test_screen_says("Not an address: my friend"));

    /* Keys a screen would use are the field's while it is open. */
    test_key(app, SDLK_u, KMOD_CTRL);
    assert_true(describes(app, "error=0"));
    type_text(app, "10.0.0.7:7157");
    test_key(app, SDLK_BACKSPACE, 0);
    type_text(app, "8");
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.host, "10.0.0.7");
    assert_int_equal(fake.joined.port, 7158);
    assert_true(describes(app, "connecting=1"));

    /* No answer: said, and the address is there to try again. */
    fake.state = NET_TABLE_FAILED;
    step(app, 1);
    assert_false(fake.live);
    assert_null(app->net);
    test_screen_text(app);
    assert_true(test_screen_says("No answer from that address."));
    close_app(app);
}

/* Ctrl+V pastes an invite; seated, the waiting room takes over. */
static void test_join_paste_invite(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    assert_int_equal(SDL_SetClipboardText("ceki://192.168.1.20:7157/t1\n"), 0);
    test_key(app, SDLK_v, KMOD_LCTRL);
    test_click_named(app, "Join");
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.table, "t1");
    step(app, 2);
    assert_string_equal(test_top_scene(app), "join"); /* still connecting */
    fake.rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.seats.players = 3;
    fake.state = NET_TABLE_WAITING;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    assert_true(fake.live);
    close_app(app);
}

/* Back while connecting gives the connection up. */
static void test_join_back_while_connecting(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    type_text(app, "127.0.0.1:7157");
    test_key(app, SDLK_RETURN, 0);
    assert_true(fake.live);
    test_key(app, SDLK_ESCAPE, 0);
    assert_false(fake.live);
    assert_string_equal(test_top_scene(app), "title");
    close_app(app);
}

/* A table announced on 127.0.0.1 is listed; choosing it joins it. */
static void test_join_found_on_network(void **state)
{
    (void)state;
    char err[200] = "";
    DiscoveryAnnouncer *a = discovery_announcer_open("127.0.0.1", 0, err, sizeof err);
    assert_non_null(a);
    DiscoveryTable t = {.port = 7311, .variant = VARIANT_PEI, .players = 4, .free_seats = 1};
    snprintf(t.table, sizeof t.table, "ab12");
    snprintf(t.name, sizeof t.name, "Wulan");
    assert_true(discovery_announcer_set(a, &t));
    char port[8];
    snprintf(port, sizeof port, "%u", discovery_announcer_port(a));
    setenv("CEKI_DISCOVERY_PORT", port, 1);
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    for (int i = 0; i < 400 && !describes(app, "found=1"); i++) { /* 2 s at most */
        discovery_announcer_poll(a);
        step(app, 1);
        SDL_Delay(5);
    }
    assert_true(describes(app, "found=1"));
    test_screen_text(app);
    assert_true(test_screen_says("Wulan"));
    test_click_named(app, "127.0.0.1:7311/ab12");
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.host, "127.0.0.1");
    assert_int_equal(fake.joined.port, 7311);
    assert_string_equal(fake.joined.table, "ab12");
    close_app(app);
    discovery_announcer_close(a);
    setenv("CEKI_DISCOVERY_PORT", "0", 1);
}

/* ---- a server's open tables ---------------------------------------------- */

static void test_lobby(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_JOIN);
    type_text(app, "127.0.0.1:7157");
    test_key(app, SDLK_RETURN, 0);
    fake.state = NET_TABLE_CHOOSING;
    fake.tables.count = 2;
    fake.tables.table[0] = (NetTableEntry){.table = "full", .free_seats = 0, .started = true};
    fake.tables.table[0].rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.tables.table[1] = (NetTableEntry){.table = "open1", .free_seats = 2};
    fake.tables.table[1].rules = (NetTableRules){.variant = VARIANT_PEI, .players = 4};
    step(app, 1);
    assert_string_equal(test_top_scene(app), "lobby");
    step(app, 1);
    const Ui *ui = ui_of_top_scene(app);
    assert_true(ui_find_named(ui, "full")->disabled);
    assert_false(ui_find_named(ui, "open1")->disabled);
    test_screen_text(app);
    assert_true(test_screen_says("2 seats free of 4"));

    test_click_named(app, "open1");
    assert_string_equal(fake.picked, "open1");
    assert_true(describes(app, "asked=1"));

    /* Or a new table of the game set up, every seat for a person. */
    test_click_named(app, "Open a new table"); /* disabled while asked: nothing */
    assert_false(fake.create_called);
    close_app(app);

    app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    app->net = open_fake(false);
    fake.state = NET_TABLE_CHOOSING;
    open_scene(app, SCENE_LOBBY);
    test_screen_text(app);
    assert_true(test_screen_says("No table is open on this server yet."));
    test_click_named(app, "Open a new table");
    assert_true(fake.create_called);
    assert_int_equal(fake.created.variant, VARIANT_PEI);
    for (int i = 0; i < fake.created.players; i++) {
        assert_int_equal(fake.created.seat_kind[i], NET_SEAT_NET);
    }
    fake.state = NET_TABLE_WAITING;
    fake.rules = fake.created;
    fake.seats.players = fake.created.players;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    close_app(app);
}

/* ---- chat at the table ---------------------------------------------------- */

static bool chat_key(App *app, TableState *t, SDL_Keycode key, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = key;
    e.key.keysym.mod = mod;
    bool taken = table_net_event(app, t, &e);
    e.type = SDL_KEYUP;
    table_net_event(app, t, &e);
    return taken;
}

static bool chat_text(App *app, TableState *t, const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    return table_net_event(app, t, &e);
}

static TableState *net_table_scene(App *app)
{
    app_setup_variant(app, VARIANT_THOTHIT);
    app->setup.config.seed = 5;
    app->setup.seed_given = true;
    open_scene(app, SCENE_TABLE);
    app->net = open_fake(false);
    fake.state = NET_TABLE_PLAYING;
    fake.seats.players = 2;
    TableState *t = table_top(app);
    assert_non_null(t);
    return t;
}

/* T opens the line (its own letter not typed), every key is the line's
 * while it is open, at most NET_CHAT_MAX characters, Enter sends, Esc
 * closes; without a network table T is not taken. */
static void test_chat_input(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    NetTable *net = app->net;
    app->net = NULL;
    assert_false(chat_key(app, t, SDLK_t, 0)); /* a table on this computer: the trail key */
    app->net = net;
    assert_true(chat_key(app, t, SDLK_t, 0));
    assert_true(t->chat.open);
    assert_true(chat_text(app, t, "t")); /* the T that opened it */
    assert_int_equal(t->chat.line.len, 0);
    TableHint hint = t->hint_state;
    bool log = t->log_open;
    const SDL_Keycode table_keys[] = {SDLK_h, SDLK_l, SDLK_u, SDLK_SPACE, SDLK_TAB, SDLK_LEFT};
    for (size_t i = 0; i < sizeof table_keys / sizeof table_keys[0]; i++) {
        assert_true(chat_key(app, t, table_keys[i], 0));
    }
    assert_int_equal(t->hint_state, hint);
    assert_int_equal(t->log_open, log);
    for (int i = 0; i < 25; i++) {
        assert_true(chat_text(app, t, "halo kanca")); /* 250 characters typed */
    }
    assert_int_equal(text_field_chars(&t->chat.line), NET_CHAT_MAX);
    assert_true(chat_key(app, t, SDLK_RETURN, 0));
    assert_false(t->chat.open);
    assert_int_equal(fake.says, 1);
    assert_int_equal((int)strlen(fake.said), NET_CHAT_MAX);

    /* Ctrl+Enter opens it too; Esc closes it and sends nothing. */
    assert_true(chat_key(app, t, SDLK_RETURN, KMOD_LCTRL));
    assert_true(t->chat.open);
    assert_true(chat_text(app, t, "t")); /* not the opening T: typed */
    assert_int_equal(t->chat.line.len, 1);
    assert_true(chat_key(app, t, SDLK_ESCAPE, 0));
    assert_false(t->chat.open);
    assert_int_equal(fake.says, 1);
    /* A mouse event is not the line's. */
    SDL_Event motion;
    memset(&motion, 0, sizeof motion);
    motion.type = SDL_MOUSEMOTION;
    assert_true(chat_key(app, t, SDLK_t, 0));
    assert_false(table_net_event(app, t, &motion));
    close_app(app);
}

/* Lines received show, and a muted seat's do not. */
static void test_chat_lines_and_mute(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.incoming[0] = (NetChat){.seat = 1, .text = "sugeng enjang"};
    fake.nincoming = 1;
    table_net_update(app, t);
    assert_int_equal(t->chat.nlines, 1);
    assert_string_equal(t->chat.lines[0].text, "sugeng enjang");
    test_screen_text(app);
    assert_true(test_screen_says("sugeng enjang"));

    assert_true(chat_key(app, t, SDLK_t, 0));
    assert_true(chat_text(app, t, "/mute 2"));
    assert_true(chat_key(app, t, SDLK_RETURN, 0));
    assert_true(t->chat.muted[1]);
    assert_int_equal(fake.says, 0); /* a command stays here */
    fake.incoming[0] = (NetChat){.seat = 1, .text = "muted line"};
    fake.nincoming = 1;
    table_net_update(app, t);
    assert_int_equal(t->chat.nlines, 1);

    assert_true(chat_key(app, t, SDLK_t, 0));
    assert_true(chat_text(app, t, "/mute 9"));
    assert_true(chat_key(app, t, SDLK_RETURN, 0));
    assert_true(t->chat.note[0] != '\0'); /* no such seat: said */
    close_app(app);
}

/* Through the window's own events: T opens the line at a network table,
 * the keys then type, Enter sends. */
static void test_chat_through_events(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    test_key(app, SDLK_t, 0);
    assert_true(t->chat.open);
    type_text(app, "monggo");
    test_key(app, SDLK_h, 0);
    assert_int_equal(t->hint_state, HINT_NONE);
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.says, 1);
    assert_string_equal(fake.said, "monggo");
    close_app(app);
}

/* The setup offers the two ways: on this computer, or with friends (then
 * Start hosts and Join a friend's table joins). */
static void test_setup_two_ways(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_SETUP);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Seat 2"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Join a friend's table"));
    test_mouse_move(app, 0, 0);
    ui_focus((Ui *)ui_of_top_scene(app), ui_find_named(ui_of_top_scene(app), "Play")->id);
    test_key(app, SDLK_RIGHT, 0);
    assert_true(app->setup.network);
    assert_null(ui_find_named(ui_of_top_scene(app), "Seat 2")); /* the host screen's now */
    test_screen_text(app);
    assert_true(test_screen_says("With friends over the network"));
    test_click_named(app, "Host a table");
    assert_string_equal(test_top_scene(app), "host");
    test_key(app, SDLK_ESCAPE, 0);
    test_click_named(app, "Join a friend's table");
    assert_string_equal(test_top_scene(app), "join");
    close_app(app);
}

/* Settings > Your name: typed into at once, Esc leaves the field first. */
static void test_settings_name(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_SETTINGS);
    test_click_named(app, "Your name");
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "Dewi");
    assert_string_equal(app->settings.player_name, "Dewi");
    test_key(app, SDLK_l, 0); /* a letter key is the field's, not the screen's */
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "settings");
    test_key(app, SDLK_u, KMOD_CTRL); /* no longer typing: nothing changes */
    assert_string_equal(app->settings.player_name, "Dewi");
    open_scene(app, SCENE_JOIN);
    test_screen_text(app);
    assert_true(test_screen_says("Dewi")); /* the join screen's name field */
    close_app(app);
}

/* A ticket back to a network match: the title offers to rejoin first, and
 * rejoining goes through the join screen to the waiting room. */
static void test_title_rejoin(void **state)
{
    (void)state;
    App *app = new_app();
    NetTicket t;
    memset(&t, 0, sizeof t);
    char err[200] = "";
    assert_true(net_address_parse("127.0.0.1:7157/t1", &t.address, err, sizeof err));
    memset(t.token, 'a', NET_TOKEN_LEN);
    assert_true(net_ticket_save(app->store, &t, "pei", err, sizeof err));
    char why[200];
    scene_stack_clear(app);
    assert_true(scene_stack_push(app, SCENE_TITLE, why, sizeof why));
    assert_string_equal(test_focus_name(app), "Rejoin the table");
    test_screen_text(app);
    assert_true(test_screen_says("127.0.0.1"));
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.table, "t1");
    assert_string_equal(test_top_scene(app), "join");
    fake.rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.seats.players = 3;
    fake.state = NET_TABLE_WAITING;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    close_app(app);
}

int main(void)
{
    /* Discovery listens and asks on 127.0.0.1 only, where the system
     * chooses the port. */
    setenv("CEKI_DISCOVERY_TO", "127.0.0.1", 1);
    setenv("CEKI_DISCOVERY_PORT", "0", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host_layout_and_open),
        cmocka_unit_test(test_host_name_field),
        cmocka_unit_test(test_waiting_room_host),
        cmocka_unit_test(test_waiting_room_leave),
        cmocka_unit_test(test_waiting_room_joiner),
        cmocka_unit_test(test_join_typed_and_bad),
        cmocka_unit_test(test_join_paste_invite),
        cmocka_unit_test(test_join_back_while_connecting),
        cmocka_unit_test(test_join_found_on_network),
        cmocka_unit_test(test_lobby),
        cmocka_unit_test(test_chat_input),
        cmocka_unit_test(test_chat_lines_and_mute),
        cmocka_unit_test(test_chat_through_events),
        cmocka_unit_test(test_setup_two_ways),
        cmocka_unit_test(test_settings_name),
        cmocka_unit_test(test_title_rejoin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
