/* cmd_bot.c — `ceki-cli bot` (contract in cli_netcmd.h). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "cli_net.h"
#include "cli_netcmd.h"
#include "cli_util.h"

#define BOT_BACKOFF_FIRST_MS 100u
#define BOT_BACKOFF_MAX_MS 2000u
#define BOT_POLL_MS 10u
#define BOT_LINGER_MS 200u
#define BOT_THINK_MAX_MS 600000L
#define BOT_ERR_MAX 256
#define BOT_PATH_MAX 4096

typedef struct BotArgs {
    const char *connect, *table, *token_file, *dump_file, *bind, *key;
    AiLevel level;
    long think_ms;
    bool watch; /* a spectator: no seat, no level, no token */
} BotArgs;

typedef struct BotRun {
    BotArgs a;
    NetClient *c;
    NetConn conn;
    BotSeat seat;
    NetMsg *msg, *reply;
    FILE *dump;
    uint64_t lost_at, next_try;
    uint32_t backoff;
    long reconnects;
    bool failed;
} BotRun;

static volatile sig_atomic_t bot_stop_signal = 0;

static void bot_on_signal(int sig)
{
    bot_stop_signal = sig;
}

static int bot_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: bot: %s\n", why);
    fprintf(stderr, "usage: ceki-cli bot --connect HOST:PORT --table ID --level "
                    "random|greedy|strong [--key KEY] [--token FILE] [--think MS] [--dump FILE] "
                    "[--bind ADDR]\n"
                    "       ceki-cli bot --connect HOST:PORT --table ID --watch [--key KEY] "
                    "[--dump FILE] [--bind ADDR]\n");
    return 2;
}

static int parse_one(BotArgs *a, const char *arg, const char *val)
{
    if (strcmp(arg, "--connect") == 0)
        a->connect = val;
    else if (strcmp(arg, "--table") == 0)
        a->table = val;
    else if (strcmp(arg, "--bind") == 0)
        a->bind = val;
    else if (strcmp(arg, "--key") == 0)
        a->key = val;
    else if (strcmp(arg, "--token") == 0)
        a->token_file = val;
    else if (strcmp(arg, "--dump") == 0)
        a->dump_file = val;
    else if (strcmp(arg, "--level") == 0)
        a->level = ai_level_find(val);
    else if (strcmp(arg, "--think") == 0)
        return cli_parse_long(val, 0, BOT_THINK_MAX_MS, &a->think_ms)
                   ? 0
                   : bot_usage("--think takes milliseconds (0 to 600000)");
    else {
        fprintf(stderr, "ceki-cli: bot: unexpected argument '%s'\n", arg);
        return 2;
    }
    return 0;
}

static int parse_bot_args(int argc, char **argv, BotArgs *a)
{
    a->level = AI_LEVEL_COUNT;
    int st = 0;
    for (int i = 1; i < argc && st == 0; i += 2) {
        if (strcmp(argv[i], "--watch") == 0) {
            a->watch = true;
            i--; /* a flag: no value */
            continue;
        }
        st = i + 1 < argc ? parse_one(a, argv[i], argv[i + 1])
                          : bot_usage("an option lacks its value");
    }
    if (st == 0 && a->watch && (a->level != AI_LEVEL_COUNT || a->token_file || a->think_ms))
        st = bot_usage("--watch takes no --level, --token or --think");
    if (st == 0 && a->watch)
        a->level = AI_RANDOM; /* never asked to choose */
    if (st == 0 && (!a->connect || !a->table))
        st = bot_usage("needs --connect HOST:PORT and --table ID");
    if (st == 0 && a->level == AI_LEVEL_COUNT)
        st = bot_usage("--level takes random, greedy or strong");
    if (st == 0 && strlen(a->table) > NET_TABLE_ID_MAX)
        st = bot_usage("that is not a table id");
    if (st == 0 && a->key && strlen(a->key) != NET_KEY_LEN)
        st = bot_usage("a key is 32 hex digits");
    return st;
}

/* ---- the token file ---- */

static void token_load(const char *path, char token[NET_TOKEN_LEN + 1])
{
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f)
        return;
    char line[NET_TOKEN_LEN + 8] = "";
    if (fgets(line, sizeof line, f)) {
        line[strcspn(line, " \r\n")] = '\0';
        snprintf(token, NET_TOKEN_LEN + 1, "%s", line);
    }
    fclose(f);
}

/* Written whole or not at all (a new file renamed over the old). */
static bool token_save(const char *path, const char *token)
{
    char tmp[BOT_PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.new", path) >= (int)sizeof tmp)
        return false;
    FILE *f = fopen(tmp, "w");
    if (!f)
        return false;
    bool ok = fprintf(f, "%s\n", token) > 0;
    ok = fclose(f) == 0 && ok;
    return ok && rename(tmp, path) == 0;
}

static void dump_message(BotRun *r, const NetEvent *ev)
{
    if (!r->dump)
        return;
    uint8_t len[4] = {(uint8_t)(ev->len >> 24), (uint8_t)(ev->len >> 16), (uint8_t)(ev->len >> 8),
                      (uint8_t)ev->len};
    fwrite(len, 1, sizeof len, r->dump);
    fwrite(ev->data, 1, ev->len, r->dump);
    fflush(r->dump);
}

/* ---- the connection ---- */

static void bot_fail(BotRun *r, const char *why, const char *detail)
{
    fprintf(stderr, "ceki-cli: bot: %s%s%s\n", why, detail ? ": " : "", detail ? detail : "");
    r->failed = true;
}

/* Tries again after a wait that doubles up to BOT_BACKOFF_MAX_MS. */
static void bot_lost(BotRun *r, uint64_t now)
{
    r->conn = 0;
    botseat_lost(&r->seat);
    if (r->lost_at == 0)
        r->lost_at = now;
    r->next_try = now + r->backoff;
    r->backoff = r->backoff * 2 < BOT_BACKOFF_MAX_MS ? r->backoff * 2 : BOT_BACKOFF_MAX_MS;
}

static void bot_try_connect(BotRun *r, uint64_t now)
{
    if (r->lost_at && now - r->lost_at > CLI_BOT_RETRY_MS) {
        bot_fail(r, "the server stayed out of reach", r->a.connect);
        return;
    }
    if (now < r->next_try)
        return;
    char err[BOT_ERR_MAX] = "";
    r->conn = net_client_connect(r->c, r->a.connect, err, sizeof err);
    if (!r->conn) {
        fprintf(stderr, "ceki-cli: bot: %s (trying again)\n", err);
        bot_lost(r, now);
    }
}

/* A disconnect the bot cannot mend by coming back. */
static bool bye_is_final(NetReason why)
{
    return why == NET_REASON_VERSION || why == NET_REASON_NO_TABLE || why == NET_REASON_NO_SEAT ||
           why == NET_REASON_REPLACED || why == NET_REASON_GARBAGE || why == NET_REASON_ABUSE ||
           why == NET_REASON_CUT_OFF ||
           (why >= NET_REASON_CLOSED_EMPTY && why <= NET_REASON_CLOSED_OVER);
}

static void bot_message(BotRun *r, const NetEvent *ev, uint64_t now)
{
    dump_message(r, ev);
    const NetMsg *m = r->msg;
    if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_JOIN) {
        bot_fail(r, r->a.watch ? "the server refused the spectator" : "the server refused the seat",
                 m->u.refused.reason);
        return;
    }
    if (m->type == NET_MSG_WELCOME) {
        if (r->a.token_file && strcmp(r->seat.token, m->u.welcome.token) != 0 &&
            !token_save(r->a.token_file, m->u.welcome.token))
            fprintf(stderr, "ceki-cli: bot: cannot keep the token in %s\n", r->a.token_file);
        if (r->lost_at)
            r->reconnects++;
        r->lost_at = 0;
        r->backoff = BOT_BACKOFF_FIRST_MS;
    }
    if (botseat_receive(&r->seat, m, now, r->reply))
        net_client_send(r->c, r->conn, r->reply);
}

static void bot_event(BotRun *r, const NetEvent *ev, uint64_t now)
{
    if (ev->conn != r->conn || r->conn == 0)
        return;
    if (ev->kind == NET_EVENT_CONNECT) {
        botseat_join_msg(&r->seat, r->a.table, r->a.key, r->reply);
        if (r->a.watch) {
            r->reply->u.join.watch = true;
            snprintf(r->reply->u.join.name, sizeof r->reply->u.join.name, "watcher");
        }
        net_client_send(r->c, r->conn, r->reply);
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        bot_message(r, ev, now);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        if (bye_is_final(ev->reason))
            bot_fail(r, "the server closed the seat", net_reason_text(ev->reason));
        else
            bot_lost(r, now);
    }
}

static void bot_loop(BotRun *r)
{
    NetEvent ev;
    while (!r->seat.over && !r->failed) {
        if (bot_stop_signal) {
            bot_fail(r, "stopped: the seat is left", NULL);
            break;
        }
        uint64_t now = cli_now_ms();
        if (r->conn == 0)
            bot_try_connect(r, now);
        memset(&ev, 0, sizeof ev);
        if (net_client_poll(r->c, BOT_POLL_MS, &ev, r->msg))
            bot_event(r, &ev, cli_now_ms());
        if (r->conn && net_client_connected(r->c, r->conn) &&
            botseat_due(&r->seat, cli_now_ms(), r->reply))
            net_client_send(r->c, r->conn, r->reply);
        if (r->seat.failed != CEKI_OK)
            bot_fail(r, "the computer player could not choose a move from the view",
                     ceki_status_text(r->seat.failed));
    }
}

/* A while for the goodbye to be acknowledged (ENet sends it again until
 * it is), so the host sees the seat left rather than waiting for a timeout. */
static void bot_linger(BotRun *r)
{
    NetEvent ev;
    uint64_t end = cli_now_ms() + BOT_LINGER_MS;
    while (cli_now_ms() < end)
        net_client_poll(r->c, BOT_POLL_MS, &ev, r->msg);
}

static int bot_finish(BotRun *r)
{
    if (r->failed)
        return 1;
    char err[BOT_ERR_MAX] = "";
    char *text = botseat_finish(&r->seat, err, sizeof err);
    if (!text) {
        fprintf(stderr, "ceki-cli: bot: %s\n", err);
        return 1;
    }
    fputs(text, stdout);
    fflush(stdout);
    free(text);
    fprintf(stderr, "bot: seat %d, resyncs %ld, refused %ld, reconnects %ld, transcript %s\n",
            r->seat.seat, r->seat.resyncs, r->seat.refused, r->reconnects,
            botseat_read_live(&r->seat) ? "read live" : "from the record");
    if (r->seat.clock_seen)
        fprintf(stderr, "clock: running for this seat %ld times, bank left at least %u ms\n",
                r->seat.clock_running, (unsigned)r->seat.clock_bank_low);
    return 0;
}

int cli_cmd_bot(int argc, char **argv)
{
    BotRun r;
    memset(&r, 0, sizeof r);
    int st = parse_bot_args(argc, argv, &r.a);
    if (st != 0)
        return st;
    r.msg = malloc(sizeof *r.msg);
    r.reply = malloc(sizeof *r.reply);
    r.backoff = BOT_BACKOFF_FIRST_MS;
    bool ok = r.msg && r.reply && botseat_init(&r.seat, r.a.level, (uint32_t)r.a.think_ms);
    if (ok && r.a.dump_file && !(r.dump = fopen(r.a.dump_file, "ab"))) {
        fprintf(stderr, "ceki-cli: bot: cannot open %s\n", r.a.dump_file);
        ok = false;
    }
    token_load(r.a.token_file, r.seat.token);
    r.c = ok ? cli_net_client("bot", 1, r.a.bind) : NULL;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = bot_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    if (r.c) {
        bot_loop(&r);
        st = bot_finish(&r);
        if (r.conn)
            net_client_disconnect(r.c, r.conn, NET_REASON_LEAVING);
        bot_linger(&r);
        net_client_destroy(r.c);
    } else {
        st = 1;
    }
    if (r.dump)
        fclose(r.dump);
    botseat_free(&r.seat);
    free(r.msg);
    free(r.reply);
    return st;
}
