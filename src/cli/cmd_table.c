/* cmd_table.c — `ceki-cli table` (contract in cli_netcmd.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_net.h"
#include "cli_netcmd.h"
#include "cli_util.h"

#define TABLE_LIST_MAX 256

static const char *const seat_kind_keys[NET_SEAT_KIND_COUNT] = {"net", "local", "random", "greedy",
                                                                "strong"};

typedef struct TableArgs {
    const char *connect, *bind;
    GameConfig cfg;
    bool has_seed;
    bool private_table;
    const char *seats;
    NetClock clock;
    int watch; /* NetWatch, or -1: as the table is (open: public, private: none) */
} TableArgs;

static const char *const watch_keys[NET_WATCH_COUNT] = {"none", "public", "hands-late"};

static int table_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: table: %s\n", why);
    fprintf(stderr, "usage: ceki-cli table --connect HOST:PORT --variant V [--players N] "
                    "[--seed S] [--seats LIST] [--scheme NAME] [--option NAME]... [--private] "
                    "[--clock SECONDS+BANK|none] [--watch none|public|hands-late] "
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
        st = 0;
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
