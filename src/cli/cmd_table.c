/* cmd_table.c — `ceki-cli table` (contract in cli_netcmd.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "cli_args.h"
#include "cli_net.h"
#include "cli_netcmd.h"
#include "cli_util.h"

#define TABLE_LIST_MAX 256
#define TABLE_STALL_MAX_S 3600L           /* --hand-stalled's longest wait */
#define TABLE_STAY_MAX_MS (4u * 3600000u) /* a creator who stays leaves after this at most */
#define TABLE_POLL_MS 10u

static const char *const seat_kind_keys[NET_SEAT_KIND_COUNT] = {"net", "local", "random", "greedy",
                                                                "strong"};

typedef struct TableArgs {
    const char *connect, *bind;
    GameConfig cfg;
    bool has_seed;
    bool private_table;
    const char *seats;
    NetClock clock;
    int watch;    /* NetWatch, or -1: as the table is (open: public, private: none) */
    long stall_s; /* --hand-stalled: seconds a person may keep the match waiting (0: leave) */
} TableArgs;

static const char *const watch_keys[NET_WATCH_COUNT] = {"none", "public", "hands-late"};

static int table_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: table: %s\n", why);
    fprintf(stderr,
            "usage: ceki-cli table --connect HOST:PORT --variant V [--players N] "
            "[--seed S] [--seats LIST] [--scheme NAME] [--option NAME]... [--private] "
            "[--clock SECONDS+BANK|none] [--watch none|public|hands-late] [--hand-stalled S] "
            "[--bind ADDR]\n");
    return 2;
}

static bool parse_seat_kind(const char *key, uint8_t *out)
{
    for (int k = 0; k < NET_SEAT_KIND_COUNT; k++) {
        if (k != NET_SEAT_LOCAL && strcmp(key, seat_kind_keys[k]) == 0) {
            *out = (uint8_t)k;
            return true;
        }
    }
    fprintf(stderr, "ceki-cli: table: '%s' is not a seat (net, random, greedy, strong)\n", key);
    return false;
}

/* One entry per seat, or one for every seat. */
static bool parse_seats(const char *text, int players, uint8_t kinds[CEKI_MAX_SEATS])
{
    uint8_t got[CEKI_MAX_SEATS] = {0};
    int n = 0;
    char list[TABLE_LIST_MAX];
    snprintf(list, sizeof list, "%s", text);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (n == CEKI_MAX_SEATS) {
            fprintf(stderr, "ceki-cli: table: --seats lists more than %d seats\n", CEKI_MAX_SEATS);
            return false;
        }
        if (!parse_seat_kind(tok, &got[n++]))
            return false;
    }
    if (n != 1 && n != players) {
        fprintf(stderr, "ceki-cli: table: --seats lists %d seats for %d players\n", n, players);
        return false;
    }
    for (int s = 0; s < players; s++)
        kinds[s] = got[n == 1 ? 0 : s];
    return true;
}

/* --clock SECONDS+BANK (seconds a move, then a bank in seconds) or none. */
static int parse_clock(const char *text, NetClock *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(text, "none") == 0)
        return 0;
    char move[TABLE_LIST_MAX];
    snprintf(move, sizeof move, "%s", text);
    char *plus = strchr(move, '+');
    long move_s = 0, bank_s = 0;
    if (plus)
        *plus = '\0';
    if (!plus ||
        !cli_parse_long(move, NET_CLOCK_MOVE_MIN_MS / 1000, NET_CLOCK_MOVE_MAX_MS / 1000,
                        &move_s) ||
        !cli_parse_long(plus + 1, 0, NET_CLOCK_BANK_MAX_MS / 1000, &bank_s))
        return table_usage("--clock takes SECONDS+BANK (1 to 600 seconds a move, a bank of 0 to "
                           "3600 seconds) or none");
    out->move_ms = (uint32_t)move_s * 1000u;
    out->bank_ms = (uint32_t)bank_s * 1000u;
    return 0;
}

static int parse_watch(const char *text, int *out)
{
    for (int w = 0; w < NET_WATCH_COUNT; w++) {
        if (strcmp(text, watch_keys[w]) == 0) {
            *out = w;
            return 0;
        }
    }
    return table_usage("--watch takes none, public or hands-late");
}

static int parse_one(TableArgs *a, const VariantDesc **v, const char *arg, const char *val)
{
    if (strcmp(arg, "--connect") == 0) {
        a->connect = val;
    } else if (strcmp(arg, "--clock") == 0) {
        return parse_clock(val, &a->clock);
    } else if (strcmp(arg, "--watch") == 0) {
        return parse_watch(val, &a->watch);
    } else if (strcmp(arg, "--hand-stalled") == 0) {
        return cli_parse_long(val, 1, TABLE_STALL_MAX_S, &a->stall_s)
                   ? 0
                   : table_usage("--hand-stalled takes seconds (1 to 3600)");
    } else if (strcmp(arg, "--bind") == 0) {
        a->bind = val;
    } else if (strcmp(arg, "--variant") == 0) {
        *v = cli_find_variant(val);
        if (!*v)
            return 2;
        a->cfg = game_config_default((*v)->id, a->cfg.seed);
        a->cfg.players = cli_default_players(*v);
    } else if (!*v) {
        return table_usage("--variant comes before the rules' options");
    } else if (strcmp(arg, "--players") == 0) {
        return cli_parse_players(*v, val, &a->cfg.players) ? 0 : 2;
    } else if (strcmp(arg, "--seed") == 0) {
        a->has_seed = true;
        return cli_parse_seed("table", val, &a->cfg.seed) ? 0 : 2;
    } else if (strcmp(arg, "--seats") == 0) {
        a->seats = val;
    } else if (strcmp(arg, "--scheme") == 0) {
        return cli_parse_scheme("table", *v, val, &a->cfg.stakes) ? 0 : 2;
    } else if (strcmp(arg, "--option") == 0) {
        return cli_parse_option(*v, val, &a->cfg.options) ? 0 : 2;
    } else {
        fprintf(stderr, "ceki-cli: table: unexpected argument '%s'\n", arg);
        return 2;
    }
    return 0;
}

static int parse_table_args(int argc, char **argv, TableArgs *a, NetCreate *c)
{
    const VariantDesc *v = NULL;
    int st = 0;
    for (int i = 1; i < argc && st == 0; i += 2) {
        if (strcmp(argv[i], "--private") == 0) {
            a->private_table = true;
            i--; /* a flag: no value */
            continue;
        }
        st = i + 1 < argc ? parse_one(a, &v, argv[i], argv[i + 1])
                          : table_usage("an option lacks its value");
    }
    if (st != 0)
        return st;
    if (!a->connect || !v)
        return table_usage("needs --connect HOST:PORT and --variant V");
    if (game_config_check(&a->cfg) != CEKI_OK) {
        fprintf(stderr, "ceki-cli: table: the rules do not allow that set-up\n");
        return 2;
    }
    c->rules.variant = (uint8_t)a->cfg.variant;
    c->rules.players = (uint8_t)a->cfg.players;
    c->rules.options = a->cfg.options;
    c->rules.rounds = (uint16_t)a->cfg.rounds;
    c->rules.stakes = (uint8_t)a->cfg.stakes;
    if (!parse_seats(a->seats ? a->seats : "net", a->cfg.players, c->rules.seat_kind))
        return 2;
    c->has_seed = a->has_seed;
    c->seed = a->cfg.seed;
    c->autostart = true;
    c->open = !a->private_table;
    c->rules.clock = a->clock;
    c->rules.watch = (uint8_t)(a->watch >= 0 ? a->watch
                               : c->open     ? NET_WATCH_PUBLIC
                                             : NET_WATCH_NONE);
    snprintf(c->name, sizeof c->name, "ceki-cli");
    return 0;
}

/* ---- the creator who stays (--hand-stalled) ---- */

typedef struct TableStay {
    BotSeat view; /* the table as a spectator sees it */
    bool started;
    uint32_t move_no;   /* the last move seen */
    uint64_t since;     /* when it was seen, or the match started */
    uint32_t handed_at; /* the move number at which a seat was last handed over */
    int handed;         /* seats handed over */
} TableStay;

/* One message while the creator watches; false when it ends the stay. */
static bool table_stay_message(TableStay *st, const NetMsg *m, uint64_t now, NetMsg *reply,
                               NetClient *c, NetConn conn)
{
    if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_JOIN) {
        fprintf(stderr, "ceki-cli: table: the server refused to show the table: %s\n",
                m->u.refused.reason);
        return false;
    }
    if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_STAND_IN)
        fprintf(stderr, "ceki-cli: table: the server refused the hand-over: %s\n",
                m->u.refused.reason);
    if (m->type == NET_MSG_SEATS && m->u.seats.started && !st->started) {
        st->started = true;
        st->since = now;
    }
    if (botseat_receive(&st->view, m, now, reply))
        net_client_send(c, conn, reply);
    if (st->view.have_view && st->view.move_no != st->move_no) {
        st->move_no = st->view.move_no;
        st->since = now;
    }
    return true;
}

/* The person to move has kept the match waiting stall_s: their seat to the
 * computer (once a move). */
static void table_stay_due(TableStay *st, const TableArgs *a, uint64_t now, NetMsg *out,
                           NetClient *c, NetConn conn)
{
    int seat = st->view.have_view ? st->view.view->to_move : -1;
    bool due = st->started && !st->view.over && seat >= 0 && st->handed_at != st->move_no + 1 &&
               now - st->since >= (uint64_t)a->stall_s * 1000u;
    if (!due)
        return;
    memset(out, 0, sizeof *out);
    out->type = NET_MSG_STAND_IN;
    out->u.stand_in.seat = (int8_t)seat;
    out->u.stand_in.on = true;
    net_client_send(c, conn, out);
    st->handed_at = st->move_no + 1;
    st->handed++;
    printf("handed: seat %d at move %u\n", seat, (unsigned)st->move_no);
    fflush(stdout);
}

/* The creator watches its table and hands over whoever keeps it waiting,
 * until the match is over. */
static bool table_stay(const TableArgs *a, NetClient *c, NetConn conn, const NetCreated *cr,
                       NetMsg *msg)
{
    TableStay st;
    memset(&st, 0, sizeof st);
    NetMsg *reply = calloc(1, sizeof *reply);
    bool ok = reply && botseat_init(&st.view, AI_RANDOM, 0);
    if (ok) {
        botseat_join_msg(&st.view, cr->table, cr->key, reply);
        reply->u.join.watch = true;
        ok = net_client_send(c, conn, reply);
    }
    uint64_t end = cli_now_ms() + TABLE_STAY_MAX_MS;
    NetEvent ev;
    while (ok && !st.view.over && cli_now_ms() < end) {
        memset(&ev, 0, sizeof ev);
        bool got = net_client_poll(c, TABLE_POLL_MS, &ev, msg);
        if (got && ev.kind == NET_EVENT_DISCONNECT)
            ok = false;
        else if (got && ev.kind == NET_EVENT_MESSAGE)
            ok = table_stay_message(&st, msg, cli_now_ms(), reply, c, conn);
        table_stay_due(&st, a, cli_now_ms(), reply, c, conn);
    }
    if (ok && st.view.over)
        printf("over: %d seats handed to the computer\n", st.handed);
    botseat_free(&st.view);
    free(reply);
    return ok && st.view.over;
}

static int create_table(const TableArgs *a, NetMsg *msg)
{
    NetClient *c = cli_net_client("table", 1, a->bind);
    NetConn conn = c ? cli_net_connect("table", c, a->connect) : 0;
    bool ok = conn && net_client_send(c, conn, msg);
    ok = ok && cli_net_wait("table", c, conn, CLI_NET_ANSWER_MS, msg);
    int st = 1;
    if (ok && msg->type == NET_MSG_CREATED) {
        const NetCreated *cr = &msg->u.created;
        printf("table: %s\n", cr->table);
        if (!cr->open)
            printf("key: %s\ninvite: ceki://%s/%s?key=%s\n", cr->key, a->connect, cr->table,
                   cr->key);
        fflush(stdout);
        NetCreated made = *cr;
        st = a->stall_s == 0 || table_stay(a, c, conn, &made, msg) ? 0 : 1;
    } else if (ok && msg->type == NET_MSG_REFUSED) {
        fprintf(stderr, "ceki-cli: table: the server refused: %s\n", msg->u.refused.reason);
    } else if (ok) {
        fprintf(stderr, "ceki-cli: table: an unexpected answer from the server\n");
    }
    if (conn)
        net_client_disconnect(c, conn, NET_REASON_LEAVING);
    if (c)
        net_client_destroy(c);
    return st;
}

int cli_cmd_table(int argc, char **argv)
{
    TableArgs a;
    memset(&a, 0, sizeof a);
    a.watch = -1;
    NetMsg *msg = calloc(1, sizeof *msg);
    if (!msg)
        return 1;
    msg->type = NET_MSG_CREATE;
    int st = parse_table_args(argc, argv, &a, &msg->u.create);
    if (st == 0)
        st = create_table(&a, msg);
    free(msg);
    return st;
}
