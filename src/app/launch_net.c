/* launch_net.c — a network table from the command line (launch.h, issue
 * 29): --host, --join (or a ceki:// link) and --rejoin. The table is made
 * and waited for until its match starts (the host starts it once every
 * seat is taken), then the window plays it as any other: the session
 * plays from the table's feed (session_create_net).
 *
 * Coming back: the ticket of the table is kept in the player's store (with
 * --as-person, or in a window); the same command started again, or
 * --rejoin, goes back to that table with it, and it is dropped once the
 * match is over.
 *
 * CEKI_NET_TRACE=1 prints what the tests of whole programs check, one line
 * each on stderr: "net: seated S at move M round R hand H" on taking the
 * seat, "net: move M round R hand H" after each move, "net: seat S here",
 * "net: seat S away N s" (the countdown, each second), "net: seat S
 * computer", and "net: STATE" when the table's state changes; the same in
 * a window that joined or hosted through its screens (launch_window_watched).
 * With --autoplay-after N a window says each of the person's own moves
 * ("ceki: the person's move K: MOVE") until the N-th, then "ceki: playing
 * for the person after their N moves". */
#define _POSIX_C_SOURCE 200809L
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_loop.h"
#include "i18n.h"
#include "launch.h"
#include "net_table.h"
#include "net_ticket.h"
#include "session.h"
#include "store.h"

#define NET_LAUNCH_WAIT_MS (10u * 60u * 1000u) /* the longest wait for the match to start */
#define NET_LAUNCH_PAUSE_MS 5u
#define NET_LAUNCH_ERR_MAX 512
#define NET_LAUNCH_HAND_TEXT (OBS_MAX_HAND * 3 + 1)
#define NET_LAUNCH_MS_PER_S 1000u

/* What the trace printed last (one table at a time per program). */
typedef struct NetTrace {
    bool on;
    bool over_seen;         /* the ticket was dropped at the match's end */
    const Session *session; /* the session traced (a new one is said "seated") */
    NetTableState state;
    uint32_t move;
    uint8_t seat_state[CEKI_MAX_SEATS];
    uint32_t away_s[CEKI_MAX_SEATS];
    bool person;
} NetTrace;

static NetTrace net_trace_state = {.state = NET_TABLE_FAILED};

/* --autoplay-after N in a window: the person's own moves counted at the
 * session being played, and how many are left to them. */
typedef struct PersonMoves {
    int after; /* -1: the program never plays for the person */
    const Session *session;
    int seen;  /* moves of the history already looked at */
    int made;  /* of them the person's own (not the stock turns) */
    bool said; /* "playing for the person" was said */
} PersonMoves;

static PersonMoves person_moves = {.after = -1};

static const char *net_state_name(NetTableState st)
{
    static const char *const names[] = {"connecting",   "choosing",  "waiting", "playing",
                                        "reconnecting", "host gone", "over",    "failed"};
    return (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "?";
}

/* The player's name at the table: the system's user name. */
static void net_person_name(char *out, size_t size)
{
    const char *keys[] = {"USER", "LOGNAME", "USERNAME"};
    const char *name = NULL;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && (name == NULL || name[0] == '\0'); i++) {
        name = getenv(keys[i]);
    }
    snprintf(out, size, "%s", name != NULL && name[0] != '\0' ? name : "Ceki");
}

/* The person's hand, sorted, as hex bytes. */
static void net_hand_text(const Observation *o, char *out, size_t size)
{
    Card hand[OBS_MAX_HAND];
    int n = o->hand_count[o->seat] < OBS_MAX_HAND ? o->hand_count[o->seat] : OBS_MAX_HAND;
    memcpy(hand, o->hand, (size_t)n * sizeof hand[0]);
    for (int i = 1; i < n; i++) {
        for (int j = i; j > 0 && hand[j - 1] > hand[j]; j--) {
            Card c = hand[j];
            hand[j] = hand[j - 1];
            hand[j - 1] = c;
        }
    }
    out[0] = '\0';
    size_t at = 0;
    for (int i = 0; i < n && at + 3 < size; i++) {
        at += (size_t)snprintf(out + at, size - at, "%s%02x", i > 0 ? " " : "", (unsigned)hand[i]);
    }
    if (n == 0) {
        snprintf(out, size, "-");
    }
}

static void net_trace_move(Session *s, NetTable *nt, const char *what)
{
    SeatFeed *f = net_table_feed(nt);
    const Observation *o = seat_feed_view(f);
    if (o == NULL) {
        return;
    }
    char hand[NET_LAUNCH_HAND_TEXT];
    net_hand_text(o, hand, sizeof hand);
    net_trace_state.move = seat_feed_move_no(f);
    fprintf(stderr, "net: %s%u round %d hand %s\n", what, (unsigned)net_trace_state.move,
            game_round_number(session_game(s)), hand);
}

static void net_trace_seats(NetTable *nt)
{
    const NetSeats *seats = net_table_seats(nt);
    for (int s = 0; seats != NULL && s < seats->players; s++) {
        const NetSeat *seat = &seats->seat[s];
        uint32_t left = (seat->grace_ms + NET_LAUNCH_MS_PER_S - 1) / NET_LAUNCH_MS_PER_S;
        bool changed = seat->state != net_trace_state.seat_state[s] ||
                       (seat->state == NET_SEAT_AWAY && left != net_trace_state.away_s[s]);
        net_trace_state.seat_state[s] = seat->state;
        net_trace_state.away_s[s] = left;
        if (!changed) {
            continue;
        }
        if (seat->state == NET_SEAT_AWAY) {
            fprintf(stderr, "net: seat %d away %u s\n", s + 1, (unsigned)left);
        } else if (seat->state == NET_SEAT_STAND_IN) {
            fprintf(stderr, "net: seat %d computer\n", s + 1);
        } else if (seat->state == NET_SEAT_HERE) {
            fprintf(stderr, "net: seat %d here\n", s + 1);
        }
    }
}

/* The seat taken, said once for each session (the window's screens make
 * a new one on joining, rejoining or hosting again). */
static void net_trace_seated(Session *s, NetTable *nt)
{
    char what[48];
    snprintf(what, sizeof what, "seated %d at move ", seat_feed_seat(net_table_feed(nt)) + 1);
    net_trace_move(s, nt, what);
    net_trace_state.session = s;
}

/* CEKI_NET_TRACE's lines for the table being played, once a frame. */
static void net_trace(App *app)
{
    NetTable *nt = session_net_table(app->session);
    if (nt != NULL && net_trace_state.on) {
        if (app->session != net_trace_state.session) {
            net_trace_seated(app->session, nt);
        }
        NetTableState st = net_table_state(nt);
        if (st != net_trace_state.state) {
            fprintf(stderr, "net: %s\n", net_state_name(st));
            net_trace_state.state = st;
        }
        net_trace_seats(nt);
        if (seat_feed_move_no(net_table_feed(nt)) != net_trace_state.move) {
            net_trace_move(app->session, nt, "move ");
        }
    }
}

/* The driver of a network run, once a frame: the trace, the ticket
 * dropped at the match's end, and --as-person's moves. */
static void net_driver(App *app)
{
    net_trace(app);
    NetTable *nt = session_net_table(app->session);
    if (nt != NULL && !net_trace_state.over_seen && game_match_over(session_game(app->session))) {
        net_trace_state.over_seen = true;
        net_ticket_forget(app->store);
    }
    if (net_trace_state.person) {
        launch_play_for_person(app);
    }
}

/* ---- making the table ------------------------------------------------------ */

static NetTable *net_host(App *app, const AppArgs *args, char *err, size_t err_size)
{
    NetHostOptions o;
    memset(&o, 0, sizeof o);
    GameConfig cfg = game_config_default(args->variant, args->seed);
    if (args->players != 0) {
        cfg.players = args->players;
    }
    o.rules.variant = (uint8_t)cfg.variant;
    o.rules.players = (uint8_t)cfg.players;
    o.rules.options = cfg.options;
    o.rules.rounds = (uint16_t)cfg.rounds;
    o.rules.stakes = (uint8_t)cfg.stakes;
    for (int s = 0; s < cfg.players; s++) {
        o.rules.seat_kind[s] = args->nseats > 0 ? args->seat_kind[s]
                               : s == 0         ? NET_SEAT_LOCAL
                                                : NET_SEAT_NET;
    }
    o.port = args->port;
    o.has_seed = args->seed_given;
    o.seed = args->seed;
    o.open = !args->private_table;
    net_person_name(o.name, sizeof o.name);
    NetAddress server;
    if (args->server != NULL) {
        return net_address_parse(args->server, &server, err, err_size)
                   ? net_table_make_on(&server, &o, err, err_size)
                   : NULL;
    }
    static char dir[1024];
    if (store_persistent(app->store) && net_ticket_data_dir(dir, sizeof dir)) {
        o.data_dir = dir;
    }
    return net_table_host(&o, err, err_size);
}

/* The kept ticket, when it is for the table these arguments name. */
static bool net_ticket_fits(App *app, const AppArgs *args, NetTicket *t)
{
    if (!store_persistent(app->store) || !net_ticket_load(app->store, t)) {
        return false;
    }
    if (args->rejoin) {
        return true;
    }
    if (args->host) {
        return args->server == NULL && t->hosting &&
               (args->port == 0 || args->port == t->address.port);
    }
    NetAddress a;
    return !t->hosting && net_address_parse(args->join, &a, NULL, 0) &&
           strcmp(a.host, t->address.host) == 0 && a.port == t->address.port &&
           (a.table[0] == '\0' || strcmp(a.table, t->address.table) == 0);
}

/* The table: the kept ticket's when it fits (*rejoining), else a new one. */
static NetTable *net_open(App *app, const AppArgs *args, bool *rejoining, char *err,
                          size_t err_size)
{
    char name[NET_NAME_MAX + 1];
    net_person_name(name, sizeof name);
    NetTicket t;
    *rejoining = net_ticket_fits(app, args, &t);
    if (*rejoining) {
        fprintf(stderr, "ceki: going back to the table at %s:%u/%s\n", t.address.host,
                (unsigned)t.address.port, t.address.table);
        NetTable *nt = net_ticket_rejoin(&t, name, err, err_size);
        if (nt != NULL || args->rejoin) {
            return nt;
        }
        fprintf(stderr, "ceki: %s\n", err);
        net_ticket_forget(app->store);
        *rejoining = false;
    } else if (args->rejoin) {
        snprintf(err, err_size, "%s", _("There is no table to go back to."));
        return NULL;
    }
    if (args->host) {
        return net_host(app, args, err, err_size);
    }
    NetAddress a;
    if (!net_address_parse(args->join, &a, err, err_size)) {
        return NULL;
    }
    return net_table_join(&a, NULL, name, err, err_size);
}

static bool net_seats_filled(const NetTable *nt)
{
    const NetSeats *seats = net_table_seats(nt);
    for (int s = 0; seats != NULL && s < seats->players; s++) {
        if (seats->seat[s].state == NET_SEAT_EMPTY) {
            return false;
        }
    }
    return seats != NULL && seats->players > 0;
}

/* Joining a server without a table: the first open one with a free seat. */
static void net_pick_first(NetTable *nt, bool *picked)
{
    const NetTables *list = net_table_tables(nt);
    for (int i = 0; list != NULL && !*picked && i < list->count; i++) {
        if (list->table[i].free_seats > 0 && !list->table[i].started) {
            *picked = net_table_pick(nt, list->table[i].table);
        }
    }
}

static void net_say_where(NetTable *nt)
{
    char addr[NET_TABLE_ADDRESSES_MAX][NET_ADDR_TEXT_MAX];
    char invite[NET_ADDRESS_INVITE_MAX] = "";
    int n = net_table_addresses(nt, addr, NET_TABLE_ADDRESSES_MAX);
    net_table_invite(nt, invite, sizeof invite);
    fprintf(stderr, "ceki: hosting on port %u; invite %s; addresses", (unsigned)net_table_port(nt),
            invite);
    for (int i = 0; i < n; i++) {
        fprintf(stderr, " %s", addr[i]);
    }
    fprintf(stderr, "\n");
}

/* A table made on a server, once seated there: where, and its invite. */
static void net_say_made(NetTable *nt)
{
    char where[NET_ADDR_TEXT_MAX + NET_ADDRESS_HOST_MAX] = "";
    char invite[NET_ADDRESS_INVITE_MAX] = "";
    net_table_where(nt, where, sizeof where);
    net_table_invite(nt, invite, sizeof invite);
    fprintf(stderr, "ceki: table made on %s; invite %s\n", where, invite);
}

/* Polls until the match runs (the host starting it once the seats are
 * filled); false with the table's reason when it failed or took too long,
 * or with *stopped when the program was asked to end (SIGTERM, SIGINT). */
static bool net_wait_start(NetTable *nt, bool *stopped, char *err, size_t err_size)
{
    uint32_t start = SDL_GetTicks();
    bool picked = false, started = false, said = net_table_is_host(nt);
    for (uint32_t i = 0; i < NET_LAUNCH_WAIT_MS / NET_LAUNCH_PAUSE_MS &&
                         SDL_GetTicks() - start < NET_LAUNCH_WAIT_MS;
         i++) {
        if (SDL_QuitRequested()) {
            *stopped = true;
            snprintf(err, err_size, "%s", _("Stopped before the match started."));
            return false;
        }
        net_table_poll(nt, SDL_GetTicks());
        NetTableState st = net_table_state(nt);
        if (st == NET_TABLE_FAILED) {
            snprintf(err, err_size, "%s", net_table_error(nt));
            return false;
        }
        if (st == NET_TABLE_CHOOSING) {
            net_pick_first(nt, &picked);
        }
        if (st == NET_TABLE_WAITING && !said && net_table_is_creator(nt)) {
            said = true;
            net_say_made(nt);
        }
        if (st == NET_TABLE_WAITING && net_table_is_creator(nt) && !started &&
            net_seats_filled(nt)) {
            started = net_table_start(nt);
        }
        if ((st == NET_TABLE_PLAYING || st == NET_TABLE_OVER) &&
            seat_feed_has_view(net_table_feed(nt))) {
            return true;
        }
        SDL_Delay(NET_LAUNCH_PAUSE_MS);
    }
    snprintf(err, err_size, "%s", _("The match did not start."));
    return false;
}

/* The session of the table, the ticket kept, the App set to play it. */
static bool net_seat_app(App *app, const AppArgs *args, NetTable *nt, char *err, size_t err_size)
{
    SessionSeats seats;
    memset(&seats, 0, sizeof seats);
    int me = seat_feed_seat(net_table_feed(nt));
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        seats.level[s] = args->level;
        seats.human[s] = s == me && (!args->autoplay || args->as_person);
    }
    CekiStatus st = CEKI_OK;
    Session *session = session_create_net(nt, &seats, &st);
    if (session == NULL) {
        snprintf(err, err_size, "%s", _(ceki_status_text(st)));
        return false;
    }
    NetTicket t;
    char why[200];
    const NetTableRules *r = net_table_rules(nt);
    if (store_persistent(app->store) && net_table_ticket(nt, &t) &&
        !net_ticket_save(app->store, &t, variant_get((VariantId)r->variant)->key, why,
                         sizeof why)) {
        fprintf(stderr, "ceki: the way back to this table was not kept: %s\n", why);
    }
    app->session = session;
    if (args->autoplay) {
        app->settings.anim_speed = args->speed;
    }
    app->table_run.autoplay = args->autoplay && !args->as_person;
    app->table_run.exit_at_end = args->exit_at_end;
    app->table_run.level = args->level;
    net_trace_state.on = getenv("CEKI_NET_TRACE") != NULL;
    net_trace_state.person = args->as_person;
    app->driver = net_driver;
    if (net_trace_state.on) {
        net_trace_seated(session, nt);
    }
    return true;
}

/* The person's own moves at the session being played since the driver
 * first saw it (a stock turn the table makes for them not counted). */
static int person_moves_made(const Session *s)
{
    int count = 0;
    const Move *h = session_history(s, &count);
    if (s != person_moves.session) {
        person_moves = (PersonMoves){.after = person_moves.after, .session = s, .seen = count};
    }
    if (count < person_moves.seen) {
        person_moves.seen = 0; /* the history was begun again */
    }
    int me = session_viewer(s);
    for (int i = person_moves.seen; h != NULL && i < count; i++) {
        if (h[i].seat == me && h[i].type != MOVE_TURN) {
            person_moves.made++;
            if (!person_moves.said) {
                char text[MOVE_TEXT_MAX];
                fprintf(stderr, "ceki: the person's move %d: %s\n", person_moves.made,
                        move_format(&h[i], text));
            }
        }
    }
    person_moves.seen = count;
    return person_moves.made;
}

/* The driver of a window opened with CEKI_NET_TRACE or --autoplay-after:
 * the trace of a network table joined or hosted through the screens, and
 * the person's moves made for them once they made their own N. */
static void window_driver(App *app)
{
    net_trace(app);
    if (person_moves.after >= 0 && app->session != NULL &&
        person_moves_made(app->session) >= person_moves.after) {
        if (!person_moves.said) {
            person_moves.said = true;
            fprintf(stderr, "ceki: playing for the person after their %d moves\n",
                    person_moves.made);
        }
        launch_play_for_person(app);
    }
}

int launch_window_watched(const AppArgs *args)
{
    char err[NET_LAUNCH_ERR_MAX] = "";
    App *app = launch_make_app(args, true, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "ceki: %s\n", err);
        return 1;
    }
    net_trace_state.on = getenv("CEKI_NET_TRACE") != NULL;
    person_moves.after = args->autoplay_after;
    app->table_run.exit_at_end = true;
    app->driver = window_driver;
    return launch_run(app, args);
}

int launch_net(const AppArgs *args)
{
    char err[NET_LAUNCH_ERR_MAX] = "";
    bool person = args->as_person || !args->autoplay;
    App *app = launch_make_app(args, person, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "ceki: %s\n", err);
        return 1;
    }
    bool rejoining = false;
    NetTable *nt = net_open(app, args, &rejoining, err, sizeof err);
    if (nt != NULL && net_table_is_host(nt)) {
        net_say_where(nt);
    }
    bool stopped = false;
    bool ok = nt != NULL && net_wait_start(nt, &stopped, err, sizeof err);
    if (!ok && !stopped && rejoining && !args->rejoin) { /* that table is gone: a new one */
        fprintf(stderr, "ceki: %s\n", err);
        net_table_destroy(nt);
        net_ticket_forget(app->store);
        nt = net_open(app, args, &rejoining, err, sizeof err);
        ok = nt != NULL && net_wait_start(nt, &stopped, err, sizeof err);
    }
    ok = ok && net_seat_app(app, args, nt, err, sizeof err);
    if (!ok) {
        fprintf(stderr, "ceki: %s\n", err);
        net_table_destroy(nt);
        app_destroy(app);
        return stopped ? 0 : 1; /* asked to end: ended as asked */
    }
    AppArgs table = *args;
    table.variant = (VariantId)net_table_rules(nt)->variant;
    table.seed_given = false;
    table.players = 0;
    table.scene = SCENE_TABLE;
    return launch_run(app, &table);
}
