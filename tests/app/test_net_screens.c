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
#include "net_screens.h"
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
    bool fail_host;
    int makes, lists;          /* net_table_make_on, net_table_list */
    NetAddress made_on;        /* the last net_table_make_on's server */
    bool creator, private_key; /* a joiner that made the table; a table with a key */
    NetTableFailure failure;
    NetReason refusal;
    uint32_t wait_left_ms;
    char error[480];   /* net_table_error when failed; "" for the fake's own */
    bool error_always; /* ... and in every state, as a real table says a dropped connection */
    int says;
    char said[NET_CHAT_MAX * 4 + 1];
    NetChat incoming[4];
    int nincoming;
    int my_seat;         /* the person's own seat (net_table_seat) */
    bool watch;          /* joined or picked as a spectator */
    int watches;         /* net_table_watch */
    NetClockState clock; /* net_table_clock */
    long clock_told;
    int tries_again; /* net_table_try_again */
} Fake;

static Fake fake;

bool net_address_parse(const char *text, NetAddress *out, char *err, size_t err_size)
{
    NetAddress a;
    memset(&a, 0, sizeof a);
    const char *p = strncmp(text, "ceki://", 7) == 0 ? text + 7 : text;
    const char *colon = strchr(p, ':');
    unsigned port = 0;
    char rest[NET_TABLE_ID_MAX + 1] = "";
    if (colon == NULL || colon == p || (size_t)(colon - p) > NET_ADDRESS_HOST_MAX ||
        sscanf(colon + 1, "%5u%16[^?]", &port, rest) < 1 || port == 0 || port > 65535 ||
        (rest[0] != '\0' && rest[0] != '/')) {
        snprintf(err, err_size, "Not an address: %s", text);
        return false;
    }
    memcpy(a.host, p, (size_t)(colon - p));
    a.port = (uint16_t)port;
    snprintf(a.table, sizeof a.table, "%s", rest[0] == '/' ? rest + 1 : "");
    const char *key = strstr(text, "?key=");
    if (key != NULL) {
        snprintf(a.key, sizeof a.key, "%s", key + 5);
    }
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
    fake.private_key = !opt->open;
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

NetTable *net_table_watch(const NetAddress *a, const char *name, char *err, size_t err_size)
{
    NetTable *t = net_table_join(a, NULL, name, err, err_size);
    fake.joins--;
    fake.watches++;
    fake.watch = true;
    return t;
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
    if (fake.state != NET_TABLE_FAILED && !fake.error_always) {
        return "";
    }
    return fake.error[0] != '\0' ? fake.error : "No answer from that address.";
}

NetTableFailure net_table_failure(const NetTable *t)
{
    (void)t;
    return fake.state == NET_TABLE_FAILED ? fake.failure : NET_TABLE_FAIL_NONE;
}

bool net_table_try_again(NetTable *t)
{
    (void)t;
    if (fake.state != NET_TABLE_FAILED || fake.failure != NET_TABLE_FAIL_GAVE_UP) {
        return false;
    }
    fake.state = NET_TABLE_HOST_GONE;
    fake.failure = NET_TABLE_FAIL_NONE;
    fake.tries_again++;
    return true;
}

NetReason net_table_refusal(const NetTable *t)
{
    (void)t;
    return fake.state == NET_TABLE_FAILED ? fake.refusal : NET_REASON_NONE;
}

uint32_t net_table_wait_left_ms(const NetTable *t)
{
    return t != NULL && fake.state == NET_TABLE_CONNECTING ? fake.wait_left_ms : 0;
}

bool net_table_is_creator(const NetTable *t)
{
    (void)t;
    return fake.host || fake.creator;
}

bool net_table_is_private(const NetTable *t)
{
    (void)t;
    return fake.private_key;
}

void net_table_where(const NetTable *t, char *buf, size_t size)
{
    (void)t;
    snprintf(buf, size, "%s:%u", fake.host ? "192.168.1.20" : fake.joined.host,
             fake.host ? fake.host_opt.port : fake.joined.port);
}

NetTable *net_table_make_on(const NetAddress *server, const NetHostOptions *opt, char *err,
                            size_t err_size)
{
    (void)err;
    (void)err_size;
    fake.makes++;
    fake.made_on = *server;
    fake.host_opt = *opt;
    fake.rules = opt->rules;
    fake.state = NET_TABLE_CONNECTING;
    fake.creator = true;
    fake.private_key = !opt->open;
    fake.seats.players = opt->rules.players;
    for (int i = 0; i < opt->rules.players; i++) {
        NetSeat *s = &fake.seats.seat[i];
        s->kind =
            opt->rules.seat_kind[i] == NET_SEAT_LOCAL ? NET_SEAT_NET : opt->rules.seat_kind[i];
        s->state = opt->rules.seat_kind[i] == NET_SEAT_NET ? NET_SEAT_EMPTY : NET_SEAT_HERE;
        snprintf(s->name, sizeof s->name, "%s",
                 opt->rules.seat_kind[i] == NET_SEAT_LOCAL ? opt->name : "");
    }
    return open_fake(false);
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

bool net_table_stand_in(NetTable *t, bool on)
{
    (void)t;
    (void)on;
    return false;
}

int net_table_seat(const NetTable *t)
{
    (void)t;
    return fake.state == NET_TABLE_CONNECTING ? -1 : fake.my_seat;
}

const NetSeats *net_table_seats(const NetTable *t)
{
    (void)t;
    return &fake.seats;
}

bool net_table_skip_time(NetTable *t, uint32_t ms)
{
    (void)t;
    (void)ms;
    return false; /* the fake has no host whose clock could move on */
}

const NetClockState *net_table_clock(const NetTable *t, long *told)
{
    (void)t;
    if (told != NULL) {
        *told = fake.clock_told;
    }
    return &fake.clock;
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
    out->address.port = fake.host_opt.port != 0 ? fake.host_opt.port : 7157;
    snprintf(out->address.table, sizeof out->address.table, "t1");
    memset(out->token, 'b', NET_TOKEN_LEN); /* the seat's, as a real table gives it */
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

#define FAKE_KEY "0123456789abcdef0123456789abcdef"

bool net_table_invite(const NetTable *t, char *buf, size_t size)
{
    (void)t;
    if (fake.state == NET_TABLE_CONNECTING) {
        return false; /* not seated yet */
    }
    if (fake.makes > 0) {
        snprintf(buf, size, "ceki://%s:%u/t1%s", fake.made_on.host, fake.made_on.port,
                 fake.private_key ? "?key=" FAKE_KEY : "");
        return true;
    }
    snprintf(buf, size, "ceki://192.168.1.20:%u/t1%s", fake.host_opt.port,
             fake.private_key ? "?key=" FAKE_KEY : "");
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
    fake.watch = false;
    return true;
}

bool net_table_pick_watch(NetTable *t, const char *table_id)
{
    (void)t;
    snprintf(fake.picked, sizeof fake.picked, "%s", table_id);
    fake.watch = true;
    return true;
}

bool net_table_watching(const NetTable *t)
{
    (void)t;
    return fake.watch && fake.state != NET_TABLE_CONNECTING && fake.state != NET_TABLE_CHOOSING;
}

bool net_table_list(NetTable *t)
{
    (void)t;
    fake.lists++;
    return fake.state == NET_TABLE_CHOOSING;
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

static int app_w = 1280, app_h = 800; /* the window of the tests that save screenshots */

static App *new_app(void)
{
    memset(&fake, 0, sizeof fake);
    App *app = test_app_new(app_w, app_h, NULL);
    /* The clipboard is SDL's video part's, which the headless app does
     * not start (app_destroy's SDL_Quit ends it again). */
    assert_int_equal(SDL_InitSubSystem(SDL_INIT_VIDEO), 0);
    return app;
}

/* The screen as it is now, as NAME-WxH.png in the tests' output folder. */
static void shot(App *app, const char *name)
{
    char png[600], err[200] = "";
    snprintf(png, sizeof png, "%s/%s-%dx%d.png", CEKI_TEST_OUT_DIR, name, app_w, app_h);
    assert_true(app_save_png(app, png, err, sizeof err));
}

static void open_scene(App *app, SceneId id)
{
    char why[200] = "";
    assert_true(scene_stack_push(app, id, why, sizeof why));
    assert_string_equal(test_top_scene(app), scene_name(id));
}

/* Typed as the system sends it: in events of a few bytes each (an SDL
 * text event holds at most 31), never cut inside a character. */
static void type_text(App *app, const char *text)
{
    enum { CHUNK = 16 };
    size_t len = strlen(text);
    for (size_t at = 0; at < len;) {
        size_t n = SDL_min((size_t)CHUNK, len - at);
        while (at + n < len && ((unsigned char)text[at + n] & 0xc0) == 0x80) {
            n++;
        }
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_TEXTINPUT;
        memcpy(e.text.text, text + at, n);
        assert_int_equal(SDL_PushEvent(&e), 1);
        app_pump_events(app);
        at += n;
    }
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

/* The name typed on Play with friends is the one Host a table offers
 * (it offered the login name: "root" after "Ana" was typed). */
static void test_join_name_carried_to_host(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_JOIN);
    test_click_named(app, "Your name");
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "Ana");
    test_click_named(app, "Host a table");
    assert_string_equal(app->settings.player_name, "Ana");
    close_app(app);
}

/* Private by default: the table hosted here needs its key; Who may join
 * makes it open. The waiting room says who may join, shows the invite with
 * its key and copies it; a private table is announced on no network. */
static void test_host_private_or_open(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    assert_true(describes(app, "where=0 open=0"));
    test_screen_text(app);
    assert_true(test_screen_says("Only with the invite (private)"));
    assert_true(test_screen_says("This computer"));
    assert_true(ui_find_named(ui_of_top_scene(app), "Where")->disabled); /* no server yet */
    test_click_named(app, "Open the table");
    assert_false(fake.host_opt.open);
    assert_string_equal(test_top_scene(app), "waiting");
    step(app, 2);
    assert_true(describes(app, "private=1"));
    test_screen_text(app);
    assert_true(test_screen_says("Private: only friends with this invite link can join"));
    test_click_named(app, "Copy the invite link");
    char *clip = SDL_GetClipboardText();
    assert_string_equal(clip, "ceki://192.168.1.20:7157/t1?key=" FAKE_KEY);
    SDL_free(clip);
    test_key(app, SDLK_ESCAPE, 0);
    close_app(app);

    app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    test_click_named(app, "Who may join");
    assert_true(describes(app, "open=1"));
    test_screen_text(app);
    assert_true(test_screen_says("Anyone (open)"));
    test_click_named(app, "Open the table");
    assert_true(fake.host_opt.open);
    step(app, 2);
    assert_true(describes(app, "private=0"));
    test_screen_text(app);
    assert_true(test_screen_says("Open: anyone on this network sees the table"));
    assert_true(test_screen_says("192.168.1.20:7157")); /* the addresses, for an open table */
    close_app(app);
}

/* A table made on one of the person's servers: Where chooses it (no port
 * then), the person's seat asked for as theirs, followed until seated
 * (with a Cancel), then the waiting room as its creator: the invite with
 * the key, computers for empty seats, Start. */
static void test_host_on_server(void **state)
{
    (void)state;
    App *app = new_app();
    Settings st = app->settings;
    char why[160];
    assert_true(settings_server_add(&st, "play.example.org:7200", "Club Ceki", why, sizeof why));
    app_set_settings(app, &st);
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Port"));
    test_click_named(app, "Where");
    assert_true(describes(app, "where=1"));
    test_screen_text(app);
    assert_true(test_screen_says("Club Ceki"));
    assert_true(test_screen_says("The table is listed nowhere"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Port")); /* a server has its own */
    test_click_named(app, "Open the table");
    assert_int_equal(fake.makes, 1);
    assert_int_equal(fake.hosts, 0);
    assert_string_equal(fake.made_on.host, "play.example.org");
    assert_int_equal(fake.made_on.port, 7200);
    assert_false(fake.host_opt.open);
    assert_int_equal(fake.host_opt.rules.seat_kind[0], NET_SEAT_LOCAL);
    assert_int_equal(fake.host_opt.rules.seat_kind[1], NET_SEAT_NET);
    step(app, 1);
    assert_string_equal(test_top_scene(app), "host"); /* still being made */
    assert_true(describes(app, "making=1"));
    test_screen_text(app);
    assert_true(test_screen_says("Making the table on Club Ceki"));
    /* Cancel stops it; Open again, and this time it is seated. */
    test_click_named(app, "Cancel");
    assert_false(fake.live);
    test_click_named(app, "Open the table");
    assert_int_equal(fake.makes, 2);
    fake.state = NET_TABLE_WAITING;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    step(app, 1);
    assert_true(describes(app, "host=0 "));
    assert_true(describes(app, "creator=1 private=1"));
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Start the match"));
    assert_non_null(ui_find_named(ui, "Seat 2: a computer"));
    test_screen_text(app);
    assert_true(test_screen_says("You \xc2\xb7 Here")); /* the person's own seat */
    test_click_named(app, "Copy the invite link");
    char *clip = SDL_GetClipboardText();
    assert_string_equal(clip, "ceki://play.example.org:7200/t1?key=" FAKE_KEY);
    SDL_free(clip);
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
    assert_true(test_screen_says("Waiting for a friend"));

    /* Copy puts the invite, with its key, on the clipboard. */
    test_click_named(app, "Copy the invite link");
    char *clip = SDL_GetClipboardText();
    assert_string_equal(clip, "ceki://192.168.1.20:7157/t1?key=" FAKE_KEY);
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
                 ui_find_named(ui_of_top_scene(app), "Computer's level")->id);
        test_key(app, SDLK_RIGHT, 0); /* greedy -> strong */
        snprintf(name, sizeof name, "Seat %d: a computer", empty + 1);
        test_click_named(app, name);
        assert_int_equal(fake.seat_ai_seat, empty);
        assert_int_equal(fake.seat_ai_kind, NET_SEAT_STRONG);
    }
    step(app, 1);
    assert_true(describes(app, "taken=3") || describes(app, "taken=4"));
    assert_false(ui_find_named(ui_of_top_scene(app), "Start the match")->disabled);
    /* No seat left to give: no level for one (it read "Computers play:
     * Greedy" under a seat taken by a random computer). */
    for (int i = 0; i < fake.seats.players; i++) {
        assert_int_not_equal(fake.seats.seat[i].state, NET_SEAT_EMPTY);
    }
    assert_null(ui_find_named(ui_of_top_scene(app), "Computer's level"));
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

/* Hosting again offers the seats chosen the last time: a friend and a
 * strong computer stay so when the game is picked again from the setup
 * (which, for a network game, would make every seat a friend). */
static void test_host_again_same_seats(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    assert_true(app->setup.config.players >= 3);
    open_scene(app, SCENE_HOST);
    test_mouse_move(app, 0, 0);
    const Ui *ui = ui_of_top_scene(app);
    ui_focus((Ui *)ui, ui_find_named(ui, "Seat 3")->id);
    test_key(app, SDLK_RIGHT, 0); /* greedy -> strong */
    assert_int_equal(app->setup.level[2], AI_STRONG);
    test_click_named(app, "Open the table");
    assert_string_equal(test_top_scene(app), "waiting");
    test_key(app, SDLK_ESCAPE, 0); /* leave the room: the table closes */
    assert_string_equal(test_top_scene(app), "title");
    assert_true(app->setup.network);
    app_setup_variant(app, VARIANT_PEI); /* the game picked again */
    open_scene(app, SCENE_HOST);
    assert_true(app->setup.remote[1]);
    assert_false(app->setup.remote[2]);
    assert_int_equal(app->setup.level[2], AI_STRONG);
    test_screen_text(app);
    assert_true(test_screen_says("Computer (strong)"));
    close_app(app);
}

/* A friend's table for Pèi for three, in its waiting room, everyone
 * here: app->net the fake, seat 0 the host's own person, this window seat 1. */
static void joiner_room_table(App *app)
{
    app->net = open_fake(false);
    fake.state = NET_TABLE_WAITING;
    fake.rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.seats.players = 3;
    for (int i = 0; i < 3; i++) {
        fake.seats.seat[i] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    }
    fake.seats.seat[0].kind = NET_SEAT_LOCAL;
    fake.my_seat = 1;
}

/* A joiner's room: no host controls, the state in words. */
static void test_waiting_room_joiner(void **state)
{
    (void)state;
    App *app = new_app();
    joiner_room_table(app);
    fake.seats.seat[2].state = NET_SEAT_AWAY;
    fake.seats.seat[2].grace_ms = 41500;
    snprintf(fake.seats.seat[0].name, sizeof fake.seats.seat[0].name, "Ana");  /* the host */
    snprintf(fake.seats.seat[1].name, sizeof fake.seats.seat[1].name, "Budi"); /* this window */
    open_scene(app, SCENE_WAITING);
    const Ui *ui = ui_of_top_scene(app);
    assert_null(ui_find_named(ui, "Start the match"));
    assert_null(ui_find_named(ui, "Seat 1: a computer"));
    assert_non_null(ui_find_named(ui, "Copy the invite link")); /* a friend may pass it on */
    test_screen_text(app);
    assert_true(test_screen_says("Waiting for the host to start."));
    assert_true(test_screen_says("Reconnecting: 42 seconds left"));
    assert_true(test_screen_says("The host \xc2\xb7 Here"));
    assert_true(test_screen_says("You \xc2\xb7 Here"));
    assert_true(test_screen_says("A friend \xc2\xb7 Reconnecting"));
    shot(app, "waiting-joiner");
    /* Cut off from the host: said once (the table's error, which says it
     * again in other words while it reconnects, is left out). */
    fake.state = NET_TABLE_RECONNECTING;
    fake.error_always = true;
    snprintf(fake.error, sizeof fake.error, "The connection dropped; joining again.");
    test_screen_text(app);
    assert_true(test_screen_says("Connection lost; reconnecting"));
    assert_false(test_screen_says("joining again"));
    close_app(app);
}

/* A seat in the waiting room is kept in the store as the room opens (a
 * program killed there finds Rejoin on its title): a friend's, back to
 * the same seat, which the host holds for them, and the host's own table,
 * hosted again from its journal. Back lets it go (a friend gives the seat
 * up, a host stops the table), while a way back to another table is left
 * alone. */
static void test_waiting_room_seat_kept(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("net-screens-waiting-kept");
    char path[1100];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    for (int other = 0; other < 3; other++) {
        memset(&fake, 0, sizeof fake);
        App *app = test_app_new(app_w, app_h, path);
        assert_true(store_persistent(app->store));
        net_ticket_forget(app->store);
        NetTicket kept;
        char err[200] = "";
        joiner_room_table(app);
        bool host = other == 2; /* the host's own room: its table, hosted here, kept too */
        fake.host = host;
        fake.my_seat = host ? 0 : 1;
        open_scene(app, SCENE_WAITING);
        assert_true(net_ticket_load(app->store, &kept));
        assert_string_equal(kept.address.table, "t1");
        assert_int_equal(kept.hosting, host);
        if (other == 1) { /* the kept one is another table's by now */
            assert_true(net_address_parse("127.0.0.1:7157/t9", &kept.address, err, sizeof err));
            assert_true(net_ticket_save(app->store, &kept, "pei", err, sizeof err));
        }
        test_click_named(app, "Back");
        assert_string_not_equal(test_top_scene(app), "waiting");
        assert_int_equal(net_ticket_load(app->store, &kept), other == 1);
        close_app(app);
    }
}

/* The turn clock: relaxed at first, stepped to quick it reaches the
 * table's rules and is kept, so the next table is offered quick; the
 * waiting room says it. */
static void test_host_clock_choice(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    assert_true(describes(app, "clock=relaxed"));
    test_screen_text(app);
    assert_true(test_screen_says("Relaxed: 60 s a move + 5 min bank"));
    ui_focus((Ui *)ui_of_top_scene(app), ui_find_named(ui_of_top_scene(app), "Turn clock")->id);
    test_key(app, SDLK_RIGHT, 0); /* normal */
    test_key(app, SDLK_RIGHT, 0); /* quick */
    assert_true(describes(app, "clock=quick"));
    test_screen_text(app);
    assert_true(test_screen_says("Quick: 10 s a move + 30 s bank"));
    test_click_named(app, "Open the table");
    assert_int_equal(fake.host_opt.rules.clock.move_ms, NET_CLOCK_QUICK_MOVE_MS);
    assert_int_equal(fake.host_opt.rules.clock.bank_ms, NET_CLOCK_QUICK_BANK_MS);
    assert_int_equal(app->settings.table_clock, TABLE_CLOCK_QUICK);
    step(app, 2);
    test_screen_text(app);
    assert_true(test_screen_says("Quick: 10 s a move + 30 s bank"));
    test_key(app, SDLK_ESCAPE, 0);
    open_scene(app, SCENE_HOST); /* again: the last one offered */
    assert_true(describes(app, "clock=quick"));
    test_key(app, SDLK_ESCAPE, 0);
    close_app(app);

    /* None: no clock at all; the room says so. */
    app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    app->settings.table_clock = TABLE_CLOCK_NONE;
    open_scene(app, SCENE_HOST);
    test_screen_text(app);
    assert_true(test_screen_says("No turn clock"));
    test_click_named(app, "Open the table");
    assert_int_equal(fake.host_opt.rules.clock.move_ms, 0);
    assert_int_equal(fake.host_opt.rules.clock.bank_ms, 0);
    step(app, 2);
    test_screen_text(app);
    assert_true(test_screen_says("No turn clock"));
    close_app(app);
}

/* ---- joining ------------------------------------------------------------ */

static void test_join_typed_and_bad(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    assert_true(describes(app, "field=1")); /* the address is ready for typing */
    assert_string_equal(test_focus_name(app), "Invite or address");

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

/* An invite opened from elsewhere (ceki ceki://...): with no name kept, the
 * join screen has the address and waits on the name field, saying the
 * friends will see it (it joined at once under the login name, unasked,
 * in the walkthrough); Join then joins under the name typed, which is
 * kept. With a name kept, the invite is joined at once. */
static void test_invite_link_asks_name_first(void **state)
{
    (void)state;
    App *app = new_app();
    assert_string_equal(app->settings.player_name, ""); /* none kept */
    snprintf(app->join_link, sizeof app->join_link, "ceki://192.168.1.20:7157/t1");
    open_scene(app, SCENE_JOIN);
    assert_int_equal(fake.joins, 0);
    assert_string_equal(test_focus_name(app), "Your name");
    test_screen_text(app);
    assert_true(test_screen_says("Your friends will see you by this name."));
    assert_true(test_screen_says("ceki://192.168.1.20:7157/t1"));
    shot(app, "join-invite-name");
    for (int i = 0; i < NET_NAME_MAX; i++) {
        test_key(app, SDLK_BACKSPACE, 0); /* the login name offered in it */
    }
    type_text(app, "Budi");
    test_click_named(app, "Join");
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.table, "t1");
    assert_string_equal(fake.join_name, "Budi");
    assert_string_equal(app->settings.player_name, "Budi");
    close_app(app);

    app = new_app();
    Settings st = app->settings;
    snprintf(st.player_name, sizeof st.player_name, "Sari");
    app_set_settings(app, &st);
    snprintf(app->join_link, sizeof app->join_link, "ceki://192.168.1.20:7157/t1");
    open_scene(app, SCENE_JOIN);
    assert_int_equal(fake.joins, 1); /* at once */
    assert_string_equal(fake.join_name, "Sari");
    assert_string_equal(fake.joined.table, "t1");
    close_app(app);
}

/* A pasted invite longer than its field scrolls inside it: nothing of it
 * is drawn past the field's right edge (it ran over the panel's border
 * and into the open tables' panel), and the caret stays in sight. */
static void test_join_long_invite_kept_in_field(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    step(app, 1);
    SDL_Rect beyond = app_rect(app, 756, 152, 70, 42); /* right of the field, level with it */
    Uint32 *empty = test_frame_pixels(app, beyond);
    assert_int_equal(SDL_SetClipboardText("ceki://192.0.2.2:7157/WFEWVfLA?key="
                                          "a098f29ba56ab40b217428e1aaae9861"),
                     0);
    test_key(app, SDLK_v, KMOD_LCTRL);
    step(app, 1);
    Uint32 *longer = test_frame_pixels(app, beyond);
    assert_memory_equal(empty, longer, (size_t)beyond.w * (size_t)beyond.h * sizeof *empty);
    free(empty);
    free(longer);
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
    test_click_named(app, "Back");
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
    assert_true(ui_find_named(ui, "Join full")->disabled);
    assert_false(ui_find_named(ui, "Join open1")->disabled);
    /* A friend who was sent an address is never offered a table of their own here. */
    assert_null(ui_find_named(ui, "Open a new table"));
    test_screen_text(app);
    assert_true(test_screen_says("2 seats free of 4"));
    assert_false(test_screen_says("Open a new table"));

    /* The list is asked for again, by itself and with Look again. */
    int lists = fake.lists;
    for (int i = 0; i < 6 * 60; i++) {
        app_update(app, 1.0 / 60.0);
    }
    assert_true(fake.lists > lists);
    lists = fake.lists;
    test_click_named(app, "Look again");
    assert_int_equal(fake.lists, lists + 1);

    test_click_named(app, "Join open1");
    assert_string_equal(fake.picked, "open1");
    assert_true(describes(app, "asked=1"));
    fake.state = NET_TABLE_WAITING;
    fake.rules = fake.tables.table[1].rules;
    fake.seats.players = 4;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    close_app(app);

    /* No open table: said, with where private ones are. */
    app = new_app();
    app->net = open_fake(false);
    fake.state = NET_TABLE_CHOOSING;
    open_scene(app, SCENE_LOBBY);
    test_screen_text(app);
    assert_true(test_screen_says("No open table on this server just now."));
    assert_true(test_screen_says("a private table is joined with the invite link"));
    close_app(app);
}

/* ---- servers, the title's way in, the bounded wait, refusals ------------- */

/* The servers screen: empty at first; one typed in (an invite pasted keeps
 * only its server) is saved and listed on the join screen, where a click
 * lists its open tables; a bad address is said; Remove takes it away. */
static void test_servers_list(void **state)
{
    (void)state;
    App *app = new_app();
    assert_int_equal(app->settings.nservers, 0); /* the program names none */
    open_scene(app, SCENE_JOIN);
    test_screen_text(app);
    assert_true(test_screen_says("Your servers"));
    assert_true(test_screen_says("None yet."));
    test_click_named(app, "Add a server");
    assert_string_equal(test_top_scene(app), "servers");
    assert_true(describes(app, "field=1"));
    type_text(app, "Club Ceki");
    test_key(app, SDLK_RETURN, 0); /* on to the address */
    assert_true(describes(app, "field=2"));
    type_text(app, "nowhere");
    test_key(app, SDLK_RETURN, 0);
    assert_true(describes(app, "error=1"));
    assert_int_equal(app->settings.nservers, 0);
    test_screen_text(app);
    assert_true(test_screen_says("A server's address reads HOST:PORT"));
    test_key(app, SDLK_u, KMOD_CTRL);
    type_text(app, "ceki://play.example.org:7200/t9?key=0123456789abcdef0123456789abcdef");
    test_click_named(app, "Add the server");
    assert_int_equal(app->settings.nservers, 1);
    assert_string_equal(app->settings.servers[0].address, "play.example.org:7200");
    assert_string_equal(app->settings.servers[0].name, "Club Ceki");
    assert_true(describes(app, "servers=1"));
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "join");
    test_screen_text(app);
    assert_true(test_screen_says("Club Ceki"));
    assert_true(test_screen_says("play.example.org:7200"));
    test_click_named(app, "play.example.org:7200");
    assert_int_equal(fake.joins, 1);
    assert_string_equal(fake.joined.host, "play.example.org");
    assert_int_equal(fake.joined.port, 7200);
    assert_string_equal(fake.joined.table, "");
    fake.state = NET_TABLE_CHOOSING;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "lobby");
    test_screen_text(app);
    assert_true(test_screen_says("Club Ceki")); /* the lobby says which server, by its name */
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "join");
    test_click_named(app, "Add or remove servers");
    test_click_named(app, "Remove play.example.org:7200");
    assert_int_equal(app->settings.nservers, 0);
    close_app(app);
}

/* Play with friends is on the title, and leads to the join screen with a
 * way to host. */
static void test_title_play_with_friends(void **state)
{
    (void)state;
    App *app = new_app();
    test_click_named(app, "Play with friends");
    assert_string_equal(test_top_scene(app), "join");
    test_screen_text(app);
    assert_true(test_screen_says("Play with friends"));
    test_click_named(app, "Host a table");
    assert_string_equal(test_top_scene(app), "variants");
    assert_true(app->setup.network);
    close_app(app);
}

/* A join nothing answers: the seconds left counted down, a Cancel, and
 * when it gives up the words that say why and the stable field of the
 * state log (join_failed=no-answer). Esc while joining stops the join,
 * and only a second one leaves the screen. */
static void test_join_bounded_wait(void **state)
{
    (void)state;
    App *app = new_app();
    open_scene(app, SCENE_JOIN);
    type_text(app, "ceki://203.0.113.9:7157/t1?key=" FAKE_KEY);
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(fake.joined.key, FAKE_KEY);
    fake.wait_left_ms = NET_TABLE_NO_ANSWER_MS;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("It gives up in 12 seconds."));
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Cancel"));
    assert_true(describes(app, "wait_left=12 "));
    fake.wait_left_ms = 1200;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("It gives up in 2 seconds."));
    char said[480];
    snprintf(said, sizeof said, "%s",
             "Nobody answered at 203.0.113.9:7157. When a friend hosts on their own computer, "
             "their router may let nobody in from outside.");
    snprintf(fake.error, sizeof fake.error, "%s", said);
    fake.failure = NET_TABLE_FAIL_NO_ANSWER;
    fake.state = NET_TABLE_FAILED;
    step(app, 1);
    assert_false(fake.live);
    assert_true(describes(app, "join_failed=no-answer"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Cancel"));
    test_screen_text(app);
    assert_true(test_screen_says("router may let nobody in"));

    /* Cancel by its button, and by Esc. */
    fake.state = NET_TABLE_CONNECTING;
    fake.error[0] = '\0';
    test_click_named(app, "Join");
    assert_true(fake.live);
    test_click_named(app, "Cancel");
    assert_false(fake.live);
    assert_string_equal(test_top_scene(app), "join");
    test_key(app, SDLK_RETURN, 0);
    assert_true(fake.live);
    test_key(app, SDLK_ESCAPE, 0);
    assert_false(fake.live);
    assert_string_equal(test_top_scene(app), "join");
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");
    close_app(app);
}

/* Every reason a host may give is said in words on the join screen, in
 * English, Indonesian and Javanese (translated, never the English left in
 * another language), and a private table's refusal tells a missing key
 * from a wrong one. */
static void test_every_refusal_in_words(void **state)
{
    (void)state;
    static const Language langs[] = {LANGUAGE_ENGLISH, LANGUAGE_INDONESIAN, LANGUAGE_JAVANESE};
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        App *app = new_app();
        Settings st = app->settings;
        st.language = langs[l];
        app_set_settings(app, &st);
        open_scene(app, SCENE_JOIN);
        for (int r = NET_REASON_NONE; r < NET_REASON_COUNT; r++) {
            for (int key = 0; key < 2; key++) {
                const char *words = net_table_reason_text((NetReason)r, key == 1);
                assert_true(strlen(words) > 10);
                if (langs[l] != LANGUAGE_ENGLISH) {
                    i18n_set_language(LANGUAGE_ENGLISH);
                    char english[480];
                    snprintf(english, sizeof english, "%s",
                             net_table_reason_text((NetReason)r, key == 1));
                    i18n_set_language(langs[l]);
                    assert_string_not_equal(english, net_table_reason_text((NetReason)r, key == 1));
                }
                snprintf(fake.error, sizeof fake.error, "%s", words);
                fake.failure = NET_TABLE_FAIL_REFUSED;
                fake.refusal = (NetReason)r;
                fake.state = NET_TABLE_CONNECTING;
                test_key(app, SDLK_u, KMOD_CTRL);
                type_text(app, key ? "ceki://10.0.0.1:7157/t1?key=" FAKE_KEY
                                   : "ceki://10.0.0.1:7157/t1");
                test_key(app, SDLK_RETURN, 0);
                fake.state = NET_TABLE_FAILED;
                step(app, 1);
                assert_true(describes(app, "join_failed=refused"));
                test_screen_text(app);
                char first[40]; /* the words' start: a line of the wrapped text */
                snprintf(first, sizeof first, "%.20s", words);
                assert_true(test_screen_says(first));
            }
        }
        assert_string_not_equal(net_table_reason_text(NET_REASON_WRONG_KEY, false),
                                net_table_reason_text(NET_REASON_WRONG_KEY, true));
        close_app(app);
    }
    i18n_set_language(LANGUAGE_ENGLISH);
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

/* The countdown: the running seat's move time first, then its bank, never
 * below zero; another seat has a whole move's time; low under 10 s in all. */
static void test_clock_countdown(void **state)
{
    (void)state;
    NetClock quick = {NET_CLOCK_QUICK_MOVE_MS, NET_CLOCK_QUICK_BANK_MS};
    NetClockState told = {
        .on = true, .running = 1, .move_left_ms = 4000, .players = 3, .bank_ms = {30000, 12000, 0}};
    NetClockShown c;
    char text[64];
    net_screens_clock_left(&told, &quick, 1, 0, &c);
    assert_true(c.on && c.running && !c.low);
    assert_int_equal(c.move_ms, 4000);
    assert_int_equal(c.bank_ms, 12000);
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "0:04 + 0:12");
    net_screens_clock_left(&told, &quick, 1, 2500, &c); /* 1.5 s of move time: shown 2 */
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "0:02 + 0:12");
    net_screens_clock_left(&told, &quick, 1, 7000, &c); /* 3 s into the bank */
    assert_int_equal(c.move_ms, 0);
    assert_int_equal(c.bank_ms, 9000);
    assert_true(c.low);
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "Hurry! 0:00 + 0:09");
    net_screens_clock_left(&told, &quick, 1, 60000, &c); /* long past: nothing, not less */
    assert_int_equal(c.move_ms + c.bank_ms, 0);
    net_screens_clock_left(&told, &quick, 0, 7000, &c); /* not running: a whole move, its bank */
    assert_true(c.on && !c.running && !c.low);
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "0:10 + 0:30");
    net_screens_clock_left(&told, &quick, 2, 0, &c); /* an empty bank waiting is not low */
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "0:10 + 0:00");
    net_screens_clock_left(&told, &quick, 3, 0, &c); /* no such seat */
    assert_false(c.on);
    told.on = false;
    net_screens_clock_left(&told, &quick, 1, 0, &c);
    assert_false(c.on);
    net_screens_clock_text(&c, text, sizeof text);
    assert_string_equal(text, "");
    net_screens_clock_time(300000, text, sizeof text);
    assert_string_equal(text, "5:00");
    NetClock odd = {2000, 4000}; /* ceki-cli table --clock 2+4 */
    net_screens_clock_words(&odd, text, sizeof text);
    assert_string_equal(text, "2 s a move + 4 s bank");
    NetClock relaxed = net_screens_clock(TABLE_CLOCK_RELAXED);
    net_screens_clock_short(&relaxed, text, sizeof text);
    assert_string_equal(text, "60 s + 5 min");
}

/* Each person's time under their plate, counting down on the window's
 * clock from what the host told; low in words; a seat the clock handed
 * to the computer says so. */
static void test_clock_on_plates(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.rules = (NetTableRules){.variant = VARIANT_THOTHIT, .players = 2};
    fake.rules.clock = net_screens_clock(TABLE_CLOCK_QUICK);
    fake.seats.seat[0] = (NetSeat){.kind = NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    fake.seats.seat[1] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    fake.clock = (NetClockState){
        .on = true, .running = 1, .move_left_ms = 3000, .players = 2, .bank_ms = {30000, 8000}};
    fake.clock_told = 1;
    step(app, 1);
    assert_int_equal(t->clock.told, 1);
    test_screen_text(app);
    assert_true(test_screen_says("0:10 + 0:30"));       /* the person's, waiting */
    assert_true(test_screen_says("0:03 + 0:08"));       /* the friend's, running */
    assert_true(test_screen_says("clock 10 s + 30 s")); /* the top bar's rules */
    step(app, 5 * 60 + 30); /* five and a half seconds on this window's clock */
    test_screen_text(app);
    assert_true(test_screen_says("Hurry! 0:00 + 0:06"));
    fake.seats.seat[1].state = NET_SEAT_STAND_IN; /* three moves made by the clock */
    fake.seats.seat[1].stand_in = NET_STAND_IN_CLOCK;
    fake.clock.running = -1;
    fake.clock_told = 2;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Out of time; a computer plays"));
    assert_false(test_screen_says("Hurry!"));
    close_app(app);
}

/* No plate's word is drawn over the banner saying this window is cut off
 * (the Indonesian walkthrough, the host killed: a friend's word under
 * "Sambungan putus" at 1280x800): Pèi for three, Thothit Kuna for four,
 * the friends' seats played by a computer as they asked, in English and
 * Indonesian, at 1280x800 and 2560x1600. */
static void cut_off_banner_left_clear(VariantId v, int players, Language lang, const char *banner,
                                      const char *plate)
{
    App *app = new_app();
    i18n_set_language(lang);
    app_setup_variant(app, v);
    app->setup.config.players = players;
    app->setup.config.seed = 5;
    app->setup.seed_given = true;
    open_scene(app, SCENE_TABLE);
    app->net = open_fake(false);
    fake.rules = (NetTableRules){.variant = (uint8_t)v, .players = (uint8_t)players};
    fake.seats.players = players;
    fake.seats.seat[0] = (NetSeat){.kind = NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    for (int i = 1; i < players; i++) {
        fake.seats.seat[i] = (NetSeat){
            .kind = NET_SEAT_NET, .state = NET_SEAT_STAND_IN, .stand_in = NET_STAND_IN_OWN};
    }
    fake.state = NET_TABLE_RECONNECTING;
    step(app, 1);
    test_screen_text(app);
    TableState *t = table_top(app);
    SDL_Rect box = table_cut_off_banner(app, t), said, p[8];
    assert_false(SDL_RectEmpty(&box));
    assert_int_equal(test_screen_text_rects(banner, &said, 1), 1);
    assert_true(SDL_HasIntersection(&box, &said)); /* its words are in it */
    int n = test_screen_text_rects(plate, p, 8);
    assert_int_equal(n, players - 1); /* every friend's plate says it */
    for (int i = 0; i < n; i++) {
        if (SDL_HasIntersection(&box, &p[i])) {
            fail_msg("'%s' at %d,%d %dx%d under the banner at %d,%d %dx%d", plate, p[i].x, p[i].y,
                     p[i].w, p[i].h, box.x, box.y, box.w, box.h);
        }
    }
    i18n_set_language(LANGUAGE_ENGLISH);
    close_app(app);
}

static void test_cut_off_banner_left_clear(void **state)
{
    (void)state;
    static const struct {
        VariantId v;
        int players;
    } tables[] = {{VARIANT_PEI, 3}, {VARIANT_THOTHIT_KUNA, 4}};
    for (int big = 0; big < 2; big++) {
        app_w = big ? 2560 : 1280;
        app_h = big ? 1600 : 800;
        for (int k = 0; k < 2; k++) {
            cut_off_banner_left_clear(tables[k].v, tables[k].players, LANGUAGE_ENGLISH,
                                      "Connection lost", "A computer plays, as asked");
            cut_off_banner_left_clear(tables[k].v, tables[k].players, LANGUAGE_INDONESIAN,
                                      "Sambungan putus", "Komputer bermain, sesuai permintaan");
        }
    }
    app_w = 1280;
    app_h = 800;
}

/* Cut off from the table (the host gone, or reconnecting), no clock runs
 * there: the one drawn stands still where it was, however long the wait,
 * and runs on from there once the table is back (it went on counting
 * down, 0:41 to 0:23 under the host-gone panel, in the walkthrough). */
static void test_clock_stands_still_while_cut_off(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.rules = (NetTableRules){.variant = VARIANT_THOTHIT, .players = 2};
    fake.rules.clock = net_screens_clock(TABLE_CLOCK_RELAXED);
    fake.seats.seat[0] = (NetSeat){.kind = NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    fake.seats.seat[1] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    fake.clock = (NetClockState){
        .on = true, .running = 1, .move_left_ms = 41000, .players = 2, .bank_ms = {300000, 300000}};
    fake.clock_told = 1;
    step(app, 1);
    assert_int_equal(t->clock.told, 1);
    test_screen_text(app);
    assert_true(test_screen_says("0:41 + 5:00"));
    step(app, 2 * 60 + 6); /* two seconds and a little with the host there */
    test_screen_text(app);
    assert_true(test_screen_says("0:39 + 5:00"));
    fake.state = NET_TABLE_HOST_GONE;
    step(app, 18 * 60); /* eighteen seconds with the host gone */
    test_screen_text(app);
    assert_true(test_screen_says("0:39 + 5:00"));
    fake.state = NET_TABLE_RECONNECTING;
    step(app, 5 * 60);
    test_screen_text(app);
    assert_true(test_screen_says("0:39 + 5:00"));
    fake.state = NET_TABLE_PLAYING; /* back, nothing told yet: on from where it stood */
    step(app, 3 * 60);
    test_screen_text(app);
    assert_true(test_screen_says("0:36 + 5:00"));
    fake.clock.move_left_ms = 50000; /* the host's own word wins */
    fake.clock_told = 2;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("0:50 + 5:00"));
    close_app(app);
}

/* The players' table names who watches it in its top bar, in the
 * person's language, the first names and how many more; nothing while
 * nobody watches. */
static void test_table_lists_watchers(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.rules = (NetTableRules){.variant = VARIANT_THOTHIT, .players = 2};
    fake.seats.seat[0] = (NetSeat){.kind = NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    fake.seats.seat[1] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    step(app, 1);
    test_screen_text(app);
    assert_false(test_screen_says("Watching"));
    char who[NET_WATCHERS_TEXT_MAX];
    table_net_watchers(app, t, who, sizeof who);
    assert_string_equal(who, "");
    fake.seats.nwatchers = 2;
    snprintf(fake.seats.watcher[0], sizeof fake.seats.watcher[0], "Sari");
    snprintf(fake.seats.watcher[1], sizeof fake.seats.watcher[1], "Dewi");
    app->dirty = true;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Watching: Sari, Dewi"));
    shot(app, "table-watchers-en");
    static const char *const more[] = {"Ani", "Tono", "Budi"};
    for (int i = 0; i < 3; i++) {
        snprintf(fake.seats.watcher[2 + i], sizeof fake.seats.watcher[0], "%s", more[i]);
    }
    fake.seats.nwatchers = 5;
    table_net_watchers(app, t, who, sizeof who);
    assert_string_equal(who, "Watching: Sari, Dewi, Ani, Tono and 1 more");
    i18n_set_language(LANGUAGE_INDONESIAN);
    app->dirty = true;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Menonton: Sari, Dewi, Ani, Tono dan 1 lainnya"));
    shot(app, "table-watchers-id");
    i18n_set_language(LANGUAGE_JAVANESE);
    app->dirty = true;
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Nonton: Sari, Dewi, Ani, Tono lan 1 liyan"));
    shot(app, "table-watchers-jv");
    fake.seats.nwatchers = 0; /* they left */
    app->dirty = true;
    step(app, 1);
    test_screen_text(app);
    assert_false(test_screen_says("Nonton"));
    i18n_set_language(LANGUAGE_ENGLISH);
    close_app(app);
}

/* A friend's table whose host left: a panel says so with Leave and Keep
 * waiting (focused); Keep waiting closes it and the banner counts the wait
 * on; the host back closes it and says so, and the card the friend had
 * picked up is still picked up; the host gone again, Leave goes to the
 * title, the table closed. At a ceki-server's table (no seat is a host's
 * screen) "host gone" is the server itself gone: the panel names the
 * server; a person who leaves there is only a seat away, and a toast says
 * the table plays on. Screenshots in English and Indonesian. */
static void host_gone_panel(bool server, const char *name)
{
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.rules = (NetTableRules){.variant = VARIANT_THOTHIT, .players = 2};
    fake.seats.seat[0] =
        (NetSeat){.kind = server ? NET_SEAT_NET : NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    fake.seats.seat[1] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    snprintf(fake.seats.seat[0].name, sizeof fake.seats.seat[0].name, "Ana");
    snprintf(fake.seats.seat[1].name, sizeof fake.seats.seat[1].name, "Budi");
    fake.my_seat = 1;
    for (int i = 0; i < 4000 && !table_waits_for_person(app); i++) {
        step(app, 1);
    }
    assert_true(table_waits_for_person(app));
    Move moves[GAME_MAX_MOVES];
    assert_true(table_legal(t, moves, GAME_MAX_MOVES) > 0);
    int x = 0, y = 0;
    assert_true(table_card_point(app, FZ_HAND, moves[0].card, 0, &x, &y));
    test_mouse_down(app, x, y); /* the friend's move, half made: a card picked up */
    test_mouse_up(app, x, y);
    int picked = t->selected;
    assert_true(picked >= 0);
    if (server) { /* another seat leaves a server's table: it plays on */
        fake.seats.seat[0].state = NET_SEAT_AWAY;
        step(app, 2);
        assert_int_equal(t->dialog, DLG_NONE);
        test_screen_text(app);
        assert_true(test_screen_says("Ana left. The server plays on"));
        fake.seats.seat[0].state = NET_SEAT_HERE;
        step(app, 2);
    }

    fake.state = NET_TABLE_HOST_GONE;
    step(app, 2);
    assert_int_equal(t->dialog, DLG_HOST_GONE);
    assert_true(describes(app, "dialog=host-gone"));
    assert_string_equal(test_focus_name(app), "Keep waiting");
    test_screen_text(app);
    assert_true(test_screen_says(server ? "The server stopped answering" : "The host left"));
    assert_true(test_screen_says("so far"));
    assert_true(test_screen_says("Rejoin the table"));
    for (int lang = 0; lang < 2; lang++) {
        i18n_set_language(lang == 0 ? LANGUAGE_ENGLISH : LANGUAGE_INDONESIAN);
        table_relayout(app, t); /* the buttons' names in the language shown */
        app_draw(app);
        char shot_name[80];
        snprintf(shot_name, sizeof shot_name, "%s-%s", name, lang == 0 ? "en" : "id");
        shot(app, shot_name);
    }
    i18n_set_language(LANGUAGE_ENGLISH);
    table_relayout(app, t);
    test_click_named(app, "Keep waiting");
    assert_int_equal(t->dialog, DLG_NONE);
    /* The move finished while the host is away is not made (nobody would
     * answer it), and the card stays picked up. */
    int made = session_moves(t->session);
    assert_false(table_try_move(app, t, &moves[0]));
    assert_int_equal(session_moves(t->session), made);
    assert_int_equal(t->selected, picked);
    test_screen_text(app);
    assert_true(test_screen_says("The host is away"));
    step(app, 65 * 60); /* a minute and five seconds more */
    test_screen_text(app);
    assert_true(test_screen_says("waiting for it (1:0"));
    assert_string_equal(test_top_scene(app), "table");

    fake.state = NET_TABLE_PLAYING; /* back */
    step(app, 2);
    assert_int_equal(t->dialog, DLG_NONE);
    test_screen_text(app);
    assert_true(test_screen_says("The host is back"));
    assert_int_equal(t->selected, picked); /* the half-made move is still there */

    fake.state = NET_TABLE_HOST_GONE; /* gone again: Leave */
    step(app, 2);
    assert_int_equal(t->dialog, DLG_HOST_GONE);
    test_click_named(app, "Leave");
    app_settle(app);
    assert_string_equal(test_top_scene(app), "title");
    assert_false(fake.live); /* the table closed with the table screen */
    close_app(app);
}

/* The host stayed away so long that the window stopped trying (10
 * minutes): the panel says so, and never "the host is back" (it said so,
 * closed, and left the person on "Your turn" at a dead table, in the
 * walkthrough); Try again waits on, Leave goes. A table closed for good
 * offers only Leave, with the reason. */
static void test_host_gone_given_up(void **state)
{
    (void)state;
    App *app = new_app();
    TableState *t = net_table_scene(app);
    fake.rules = (NetTableRules){.variant = VARIANT_THOTHIT, .players = 2};
    fake.seats.seat[0] = (NetSeat){.kind = NET_SEAT_LOCAL, .state = NET_SEAT_HERE};
    fake.seats.seat[1] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    fake.my_seat = 1;
    fake.tries_again = 0;
    step(app, 2);
    fake.state = NET_TABLE_HOST_GONE;
    step(app, 2);
    test_click_named(app, "Keep waiting");
    assert_int_equal(t->dialog, DLG_NONE);
    step(app, 60);
    fake.state = NET_TABLE_FAILED; /* ten minutes on: the window stopped trying */
    fake.failure = NET_TABLE_FAIL_GAVE_UP;
    snprintf(fake.error, sizeof fake.error, "The host stayed out of reach, so the table was left.");
    step(app, 2);
    assert_int_equal(t->dialog, DLG_HOST_GONE); /* said again, though Keep waiting closed it */
    test_screen_text(app);
    assert_false(test_screen_says("The host is back"));
    assert_true(test_screen_says("The host did not come back"));
    assert_true(test_screen_says("stopped trying after 10 minutes"));
    assert_string_equal(test_focus_name(app), "Try again");
    shot(app, "table-host-given-up");
    test_click_named(app, "Try again");
    assert_int_equal(fake.tries_again, 1);
    assert_int_equal(t->dialog, DLG_NONE);
    step(app, 2);
    test_screen_text(app);
    assert_true(test_screen_says("The host left; waiting for it"));
    assert_false(test_screen_says("The host is back"));

    fake.state = NET_TABLE_FAILED; /* closed for good: only Leave */
    fake.failure = NET_TABLE_FAIL_REFUSED;
    snprintf(fake.error, sizeof fake.error, "The host closed the table.");
    step(app, 2);
    assert_int_equal(t->dialog, DLG_HOST_GONE);
    test_screen_text(app);
    assert_true(test_screen_says("The table is closed"));
    assert_true(
        test_screen_says("The host closed the table. Leave takes you to the title screen."));
    assert_false(test_screen_says("Try again"));
    assert_false(test_screen_says("Keep waiting"));
    assert_string_equal(test_focus_name(app), "Leave");
    test_key(app, SDLK_RETURN, 0);
    app_settle(app);
    assert_string_equal(test_top_scene(app), "title");
    fake.error[0] = '\0';
    fake.failure = NET_TABLE_FAIL_NONE;
    close_app(app);
}

static void test_host_gone_panel(void **state)
{
    (void)state;
    host_gone_panel(false, "table-host-gone");
    host_gone_panel(true, "table-server-gone");
    app_w = 2560;
    app_h = 1600;
    host_gone_panel(false, "table-host-gone");
    app_w = 1280;
    app_h = 800;
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
    assert_int_equal(t->chat.nlines, 2); /* the line and this window's note of the mute */
    assert_int_equal(t->chat.lines[1].seat, TABLE_CHAT_NOTE);
    assert_true(t->chat.lines[1].muted && t->chat.lines[1].about == 1);

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

/* A new app whose store keeps a ticket back to 127.0.0.1:7157/t1, a
 * friend's table (seat token 'a'...), on its title screen. */
static App *title_with_ticket(void)
{
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
    return app;
}

/* A ticket back to a network match: the title offers to rejoin first, and
 * rejoining goes through the join screen to the waiting room. */
static void test_title_rejoin(void **state)
{
    (void)state;
    App *app = title_with_ticket();
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

/* A ticket back to a table this computer hosted: the title says it is the
 * person's own table, on its port, in their language (it read "Rejoin the
 * table at 192.0.2.2", as if a friend's). */
static void title_own_table_at(int w, int h)
{
    app_w = w;
    app_h = h;
    App *app = new_app();
    NetTicket t;
    memset(&t, 0, sizeof t);
    char err[200] = "";
    assert_true(net_address_parse("192.0.2.2:7158/t1", &t.address, err, sizeof err));
    memset(t.token, 'a', NET_TOKEN_LEN);
    t.hosting = true;
    assert_true(net_ticket_save(app->store, &t, "pei", err, sizeof err));
    static const struct {
        Language lang;
        const char *says, *name;
    } langs[] = {{LANGUAGE_ENGLISH, "Your own table, hosted here on port 7158", "en"},
                 {LANGUAGE_INDONESIAN, "Meja Anda sendiri, dibuka di sini pada port 7158", "id"},
                 {LANGUAGE_JAVANESE,
                  "M\xc3\xa9ja samp\xc3\xa9yan dh\xc3\xa9w\xc3\xa9, dibukak ing "
                  "k\xc3\xa9n\xc3\xa9 ing port 7158",
                  "jv"}};
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        i18n_set_language(langs[l].lang);
        char why[200];
        scene_stack_clear(app);
        assert_true(scene_stack_push(app, SCENE_TITLE, why, sizeof why));
        step(app, 1);
        test_screen_text(app);
        assert_true(test_screen_says(langs[l].says));
        assert_false(test_screen_says("192.0.2.2"));
        char name[64];
        snprintf(name, sizeof name, "title-own-table-%s", langs[l].name);
        shot(app, name);
    }
    i18n_set_language(LANGUAGE_ENGLISH);
    close_app(app);
    app_w = 1280;
    app_h = 800;
}

static void test_title_own_table(void **state)
{
    (void)state;
    title_own_table_at(1280, 800);
    title_own_table_at(2560, 1600);
}

/* Going back to a table whose host has gone: the join screen, once the
 * table fails, returns to the title, which says why and offers to try
 * again or forget the table; trying again joins again; forgetting takes
 * Rejoin off the title. */
static void test_title_rejoin_gone(void **state)
{
    (void)state;
    App *app = title_with_ticket();
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "join");
    fake.state = NET_TABLE_FAILED;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "title");
    assert_false(fake.live);
    assert_string_equal(test_focus_name(app), "Try again");
    test_screen_text(app);
    assert_true(test_screen_says("No answer from that address."));
    assert_true(test_screen_says("Forget the table"));
    shot(app, "title-rejoin-gone");
    test_key(app, SDLK_RETURN, 0); /* Try again */
    assert_int_equal(fake.joins, 2);
    assert_string_equal(test_top_scene(app), "join");
    assert_int_equal(fake.state, NET_TABLE_CONNECTING);
    fake.state = NET_TABLE_FAILED;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "title");
    test_key(app, SDLK_RIGHT, 0); /* beside Try again */
    assert_string_equal(test_focus_name(app), "Forget the table");
    test_key(app, SDLK_RETURN, 0);
    NetTicket left;
    assert_false(net_ticket_load(app->store, &left));
    test_screen_text(app);
    assert_false(test_screen_says("Rejoin the table"));
    assert_false(test_screen_says("Try again"));
    assert_false(test_screen_says("Forget the table"));
    assert_false(test_screen_says("No answer from that address."));
    close_app(app);
}

/* Going back to a table whose match has ended meanwhile (or that was
 * closed): the title says so, and offers no Try again, which could only
 * be refused again; the ticket is let go. */
static void test_title_rejoin_over(void **state)
{
    (void)state;
    static const NetReason gone[] = {NET_REASON_CLOSED_OVER, NET_REASON_CLOSED_ABANDONED};
    for (int i = 0; i < 2; i++) {
        memset(&fake, 0, sizeof fake);
        App *app = title_with_ticket();
        test_key(app, SDLK_RETURN, 0); /* Rejoin the table */
        assert_string_equal(test_top_scene(app), "join");
        snprintf(fake.error, sizeof fake.error, "%s", net_table_reason_text(gone[i], false));
        fake.failure = NET_TABLE_FAIL_REFUSED;
        fake.refusal = gone[i];
        fake.state = NET_TABLE_FAILED;
        step(app, 1);
        assert_string_equal(test_top_scene(app), "title");
        NetTicket left;
        assert_false(net_ticket_load(app->store, &left));
        test_screen_text(app);
        assert_true(test_screen_says(net_table_reason_text(gone[i], false)));
        assert_false(test_screen_says("Try again"));
        assert_false(test_screen_says("Forget the table"));
        assert_false(test_screen_says("Rejoin the table"));
        if (i == 0) {
            shot(app, "title-rejoin-over");
        }
        close_app(app);
    }
}

static void test_table_lists_watchers(void **state);

/* The two screens above again at 2560x1600, for their screenshots, and
 * the players' table naming who watches. */
static void test_large_screens(void **state)
{
    app_w = 2560;
    app_h = 1600;
    test_waiting_room_joiner(state);
    test_title_rejoin_gone(state);
    test_table_lists_watchers(state);
    app_w = 1280;
    app_h = 800;
}

/* ---- spectators ---------------------------------------------------------- */

/* Who may watch follows private or open until it is chosen, and the table
 * is made with it. */
static void test_host_who_may_watch(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_HOST);
    assert_true(describes(app, "open=0 ") && describes(app, "watch=0 ")); /* private: nobody */
    test_click_named(app, "Who may join");
    assert_true(describes(app, "open=1 ") && describes(app, "watch=1 ")); /* open: everyone */
    test_click_named(app, "Who may join");
    assert_true(describes(app, "open=0 ") && describes(app, "watch=0 "));
    test_click_named(app, "Who may watch"); /* chosen: no longer follows */
    test_click_named(app, "Who may watch");
    assert_true(describes(app, "watch=2"));
    test_screen_text(app);
    assert_true(test_screen_says("Everyone, hands shown a round late"));
    test_click_named(app, "Who may join");
    assert_true(describes(app, "open=1 ") && describes(app, "watch=2 "));
    test_click_named(app, "Open the table");
    assert_int_equal(fake.hosts, 1);
    assert_int_equal(fake.host_opt.rules.watch, NET_WATCH_HANDS_LATE);
    close_app(app);
}

/* The watch screen of a match under way: "Watching", the spectators, the
 * chat's reach, and nothing that acts: no hand, no move, no hint, no
 * computer for one's seat. */
static void watch_screen_checks(App *app)
{
    assert_string_equal(test_top_scene(app), "watch");
    const Ui *ui = ui_of_top_scene(app);
    for (int i = 0; i < ui->count; i++) {
        const char *name = ui->widgets[i].name;
        assert_true(strcmp(name, "Chat") == 0 || strcmp(name, "Log") == 0 ||
                    strcmp(name, "Show hands") == 0 || strcmp(name, "Stop watching") == 0);
    }
    test_screen_text(app);
    assert_true(test_screen_says("Watching"));
    assert_true(test_screen_says("Tono"));
    assert_true(test_screen_says("Chat, to spectators only"));
    assert_true(describes(app, "watching=1"));
    type_text(app, "x");
    test_click_named(app, "Chat");
    type_text(app, "apik");
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(fake.said, "apik");
    fake.state = NET_TABLE_OVER; /* after the match: to everyone */
    step(app, 1);
    test_screen_text(app);
    assert_true(test_screen_says("Chat, to everyone at the table"));
    int destroys = fake.destroys;
    test_click_named(app, "Stop watching"); /* one click, nothing asked */
    step(app, 1);
    assert_int_equal(fake.destroys, destroys + 1);
    assert_string_not_equal(test_top_scene(app), "watch");
}

/* Watch on the join screen and beside Join in a server's list: a table
 * that takes no spectators cannot be watched; a watched one goes from the
 * waiting room (which lists the spectators) to the watch screen. */
static void test_watch_from_lists(void **state)
{
    (void)state;
    App *app = new_app();
    app_setup_variant(app, VARIANT_PEI);
    open_scene(app, SCENE_JOIN);
    type_text(app, "127.0.0.1:7157");
    test_click_named(app, "Watch");
    assert_int_equal(fake.watches, 1);
    fake.state = NET_TABLE_CHOOSING;
    fake.tables.count = 2;
    fake.tables.table[0] = (NetTableEntry){.table = "closed", .free_seats = 1};
    fake.tables.table[0].rules = (NetTableRules){.variant = VARIANT_PEI, .players = 3};
    fake.tables.table[1] = (NetTableEntry){.table = "seen", .started = true, .watchers = 1};
    fake.tables.table[1].rules =
        (NetTableRules){.variant = VARIANT_PEI, .players = 3, .watch = NET_WATCH_PUBLIC};
    step(app, 2);
    assert_string_equal(test_top_scene(app), "lobby");
    const Ui *ui = ui_of_top_scene(app);
    assert_true(ui_find_named(ui, "Watch closed")->disabled);
    assert_false(ui_find_named(ui, "Watch seen")->disabled);
    test_click_named(app, "Watch seen");
    assert_string_equal(fake.picked, "seen");
    assert_true(fake.watch);
    fake.rules = fake.tables.table[1].rules;
    fake.seats.players = 3;
    for (int i = 0; i < 3; i++) {
        fake.seats.seat[i] = (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_HERE};
    }
    fake.seats.nwatchers = 1;
    snprintf(fake.seats.watcher[0], sizeof fake.seats.watcher[0], "Tono");
    fake.state = NET_TABLE_WAITING;
    step(app, 1);
    assert_string_equal(test_top_scene(app), "waiting");
    assert_true(describes(app, "watching=1 watchers=1"));
    test_screen_text(app);
    assert_true(test_screen_says("1 spectator: Tono"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Start the match"));
    fake.state = NET_TABLE_PLAYING;
    step(app, 1);
    watch_screen_checks(app);
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
        cmocka_unit_test(test_join_name_carried_to_host),
        cmocka_unit_test(test_waiting_room_host),
        cmocka_unit_test(test_waiting_room_leave),
        cmocka_unit_test(test_host_again_same_seats),
        cmocka_unit_test(test_waiting_room_joiner),
        cmocka_unit_test(test_waiting_room_seat_kept),
        cmocka_unit_test(test_join_typed_and_bad),
        cmocka_unit_test(test_join_paste_invite),
        cmocka_unit_test(test_invite_link_asks_name_first),
        cmocka_unit_test(test_join_long_invite_kept_in_field),
        cmocka_unit_test(test_join_back_while_connecting),
        cmocka_unit_test(test_join_found_on_network),
        cmocka_unit_test(test_lobby),
        cmocka_unit_test(test_servers_list),
        cmocka_unit_test(test_title_play_with_friends),
        cmocka_unit_test(test_join_bounded_wait),
        cmocka_unit_test(test_every_refusal_in_words),
        cmocka_unit_test(test_host_private_or_open),
        cmocka_unit_test(test_host_on_server),
        cmocka_unit_test(test_host_clock_choice),
        cmocka_unit_test(test_clock_countdown),
        cmocka_unit_test(test_clock_on_plates),
        cmocka_unit_test(test_table_lists_watchers),
        cmocka_unit_test(test_host_gone_panel),
        cmocka_unit_test(test_cut_off_banner_left_clear),
        cmocka_unit_test(test_host_gone_given_up),
        cmocka_unit_test(test_clock_stands_still_while_cut_off),
        cmocka_unit_test(test_chat_input),
        cmocka_unit_test(test_chat_lines_and_mute),
        cmocka_unit_test(test_chat_through_events),
        cmocka_unit_test(test_setup_two_ways),
        cmocka_unit_test(test_settings_name),
        cmocka_unit_test(test_title_rejoin),
        cmocka_unit_test(test_title_rejoin_gone),
        cmocka_unit_test(test_title_rejoin_over),
        cmocka_unit_test(test_title_own_table),
        cmocka_unit_test(test_large_screens),
        cmocka_unit_test(test_host_who_may_watch),
        cmocka_unit_test(test_watch_from_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
