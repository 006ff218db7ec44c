/* ceki-server — hosts network tables in the foreground.
 *
 * A loop over the ENet transport's server (net_transport.h) feeding the
 * authoritative host (host.h): what a peer sends goes to the host, what the
 * host hands its outbox goes to the peers. One line per event on stderr.
 * SIGTERM and SIGINT end it cleanly: the host's journal is closed once
 * every move applied is in it (the batch in flight and the rest), then
 * every peer is told NET_REASON_SHUTDOWN. Started by systemd (Type=notify),
 * it says when it listens, feeds the unit's watchdog from its loop and says
 * when it stops (notify.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host.h"
#include "net_transport.h"
#include "notify.h"
#include "proto.h"

#define SERVER_ERR_MAX 256
#define SERVER_POLL_MAX_MS 50       /* the longest wait for a packet between ticks */
#define SERVER_EVENTS_PER_TICK 4096 /* events handled before the host's timers run */
#define SERVER_ROUND_US 1000u       /* the shortest round of the loop (server_run) */
#define SERVER_MAX_PEERS 4000
#define SERVER_GRACE_MAX_S 86400L
#define SERVER_PORT_MAX 65535L
/* A peer heard nothing from for this long is pinged (ENet's default is 500
 * ms). Each ping is two datagrams; at 3,000 peers the default made some
 * 12,000 datagrams a second, more than the game's own. A silent peer is
 * so noticed within about 1.5 + 2.5 s (NET_PEER_TIMEOUT_MIN_MS). */
#define SERVER_PEER_PING_MS 1500u
/* Told to the service manager this often within its watchdog's interval. */
#define SERVER_WATCHDOG_PINGS 2u
#define SERVER_STATUS_MAX 160
/* The default --max-tables: measured, a table costs 11 kB waiting for its
 * people, 35 kB playing with two strong computers, 75 kB at most (six
 * seats, five strong computers); 1,500 of the largest and 4,000 peers
 * (some 35 MB) stay under 150 MB. */
#define SERVER_MAX_TABLES 1500
#define SERVER_MAX_TABLES_MAX 1000000L
#define SERVER_TABLE_IDLE_S 900L
#define SERVER_TABLE_IDLE_MAX_S 604800L /* a week */
#define SERVER_TRUSTED_MAX 16
#define SERVER_PER_ADDRESS_SHARE 4   /* one address holds at most a quarter of the peers */
#define SERVER_AWAY_REPORT_MS 10000u /* peers turned away are summed up this often */

typedef struct ServerArgs {
    const char *bind;
    long port;
    const char *data_dir;
    long grace_s;
    long claim_s; /* Kowah's claim window; 0: none */
    bool allow_seed;
    long max_peers;
    long max_tables;
    long table_idle_s;
    HostAddr trusted[SERVER_TRUSTED_MAX];
    int ntrusted;
} ServerArgs;

typedef struct Server {
    NetServer *net;
    Host *host;
    NetMsg *msg;                 /* one message at a time, off the stack (some 20 kB) */
    long away[NET_REASON_COUNT]; /* peers turned away since the last report, by reason */
    uint64_t away_report_at;
    uint64_t watchdog_ms; /* the service manager's watchdog; 0: none */
    uint64_t pinged_ms;   /* when it was last told the loop turns */
} Server;

static volatile sig_atomic_t server_stop_signal = 0;

static void server_on_signal(int sig)
{
    server_stop_signal = sig;
}

static uint64_t server_now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void server_log(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "ceki-server: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
}

/* ---- the host's outbox ---- */

static void outbox_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    Server *sv = ctx;
    net_server_send(sv->net, conn, msg);
}

static void outbox_drop(void *ctx, HostConn conn, NetReason why)
{
    Server *sv = ctx;
    fprintf(stderr, "ceki-server: conn %u dropped: %s\n", (unsigned)conn, net_reason_text(why));
    net_server_drop(sv->net, conn, why);
}

static void outbox_log(void *ctx, const char *line)
{
    (void)ctx;
    server_log("%s%s", line, "");
}

/* ---- arguments ---- */

static int server_usage(FILE *to)
{
    fprintf(to,
            "usage: ceki-server [--port P] [--bind ADDR] [--data DIR] [--grace SECONDS]\n"
            "                   [--claim SECONDS] [--allow-seed] [--max-peers N]\n"
            "                   [--max-tables N] [--table-idle SECONDS] [--trust ADDR]...\n"
            "       ceki-server --version\n"
            "Hosts Ceki tables over UDP (ENet) in the foreground; logs to stderr.\n"
            "  --port P         UDP port (default %d; 0: any free port, logged)\n"
            "  --bind ADDR      IPv4 address to listen on (default 0.0.0.0: every interface)\n"
            "  --data DIR       keep every table in DIR/ so a restart has them back\n"
            "                   (default: nothing is kept)\n"
            "  --grace SECONDS  how long an absent person's seat waits before a computer\n"
            "                   plays it (default %u)\n"
            "  --claim SECONDS  how long a person may think over a Kowah claim before the\n"
            "                   host passes for them (default %u; 0: no limit)\n"
            "  --allow-seed     let `ceki-cli table --seed` fix the deal (tests only)\n"
            "  --max-peers N    connections held at once (default %d); a quarter of them\n"
            "                   at most are kept for connections at no table\n"
            "  --max-tables N   tables held at once (default %d, under 150 MB)\n"
            "  --table-idle SECONDS  a table not started, or whose match everyone left,\n"
            "                   is closed after this (default %ld)\n"
            "  --trust ADDR     connections from this IPv4 address are not limited\n"
            "                   (load tests; up to %d of them)\n",
            NET_DEFAULT_PORT, HOST_GRACE_MS_DEFAULT / 1000u, HOST_CLAIM_MS_DEFAULT / 1000u,
            SERVER_MAX_PEERS, SERVER_MAX_TABLES, SERVER_TABLE_IDLE_S, SERVER_TRUSTED_MAX);
    return to == stdout ? 0 : 2;
}

static bool parse_long(const char *text, long lo, long hi, long *out)
{
    char *end = NULL;
    if (!text || !*text)
        return false;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* An IPv4 address to trust, in host byte order. */
static bool parse_trust(ServerArgs *a, const char *val)
{
    struct in_addr in;
    if (a->ntrusted == SERVER_TRUSTED_MAX || inet_pton(AF_INET, val, &in) != 1)
        return false;
    a->trusted[a->ntrusted++] = ntohl(in.s_addr);
    return true;
}

static int bad_value(const char *opt, const char *val)
{
    fprintf(stderr, "ceki-server: %s: '%s' is not a valid value\n", opt, val ? val : "");
    return 2;
}

static int parse_value(ServerArgs *a, const char *opt, const char *val)
{
    if (!val)
        return bad_value(opt, val);
    if (strcmp(opt, "--port") == 0)
        return parse_long(val, 0, SERVER_PORT_MAX, &a->port) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--grace") == 0)
        return parse_long(val, 1, SERVER_GRACE_MAX_S, &a->grace_s) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--claim") == 0)
        return parse_long(val, 0, NET_CLAIM_MS_MAX / 1000u, &a->claim_s) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--max-peers") == 0)
        return parse_long(val, 1, NET_TRANSPORT_MAX_PEERS, &a->max_peers) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--max-tables") == 0)
        return parse_long(val, 1, SERVER_MAX_TABLES_MAX, &a->max_tables) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--table-idle") == 0)
        return parse_long(val, 1, SERVER_TABLE_IDLE_MAX_S, &a->table_idle_s) ? 0
                                                                             : bad_value(opt, val);
    if (strcmp(opt, "--trust") == 0)
        return parse_trust(a, val) ? 0 : bad_value(opt, val);
    if (strcmp(opt, "--bind") == 0)
        a->bind = val;
    else
        a->data_dir = val;
    return 0;
}

/* 0: run; 1: printed what was asked (--version, --help); 2: bad arguments. */
static int parse_args(int argc, char **argv, ServerArgs *a)
{
    static const char *const with_value[] = {"--port",       "--bind",       "--data",
                                             "--grace",      "--claim",      "--max-peers",
                                             "--max-tables", "--table-idle", "--trust"};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--version") == 0) {
            printf("ceki-server %s protocol %u\n", CEKI_VERSION, NET_PROTOCOL_VERSION);
            return 1;
        }
        if (strcmp(arg, "--help") == 0)
            return server_usage(stdout) == 0 ? 1 : 2;
        if (strcmp(arg, "--allow-seed") == 0) {
            a->allow_seed = true;
            continue;
        }
        bool known = false;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0] && !known; k++)
            known = strcmp(arg, with_value[k]) == 0;
        if (!known) {
            fprintf(stderr, "ceki-server: unexpected argument '%s'\n", arg);
            return server_usage(stderr);
        }
        int st = parse_value(a, arg, i + 1 < argc ? argv[i + 1] : NULL);
        if (st != 0)
            return st;
        i++;
    }
    return 0;
}

/* ---- the loop ---- */

static void server_handle(Server *sv, const NetEvent *ev)
{
    uint64_t now = server_now_ms();
    switch (ev->kind) {
    case NET_EVENT_CONNECT:
        fprintf(stderr, "ceki-server: conn %u connected from %s\n", (unsigned)ev->conn, ev->peer);
        host_connected_from(sv->host, ev->conn, ev->addr, now);
        break;
    case NET_EVENT_MESSAGE: host_received(sv->host, ev->conn, sv->msg, now); break;
    case NET_EVENT_DISCONNECT:
        if (ev->by_us)
            fprintf(stderr, "ceki-server: conn %u dropped: %s (%s)\n", (unsigned)ev->conn,
                    net_reason_text(ev->reason), net_status_text(ev->status));
        else
            fprintf(stderr, "ceki-server: conn %u gone: %s\n", (unsigned)ev->conn,
                    net_reason_text(ev->reason));
        host_disconnected(sv->host, ev->conn, now);
        break;
    case NET_EVENT_TURNED_AWAY: sv->away[ev->reason < NET_REASON_COUNT ? ev->reason : 0]++; break;
    default: break;
    }
}

/* One line every SERVER_AWAY_REPORT_MS for the peers turned away
 * meanwhile, by reason (a flood would make a line each otherwise). */
static void server_report_away(Server *sv, uint64_t now)
{
    if (now < sv->away_report_at)
        return;
    sv->away_report_at = now + SERVER_AWAY_REPORT_MS;
    for (int r = 0; r < NET_REASON_COUNT; r++) {
        if (sv->away[r])
            fprintf(stderr, "ceki-server: %ld peers turned away: %s\n", sv->away[r],
                    net_reason_text((NetReason)r));
        sv->away[r] = 0;
    }
}

/* The transport's question before a new peer gets a slot. */
static NetReason server_admit(void *ctx, uint32_t addr)
{
    Server *sv = ctx;
    return sv->host ? host_admit(sv->host, addr, server_now_ms()) : NET_REASON_BUSY;
}

static uint32_t server_wait_ms(const Server *sv)
{
    uint64_t now = server_now_ms(), due = host_next_due(sv->host);
    if (due <= now)
        return 0;
    return due - now < SERVER_POLL_MAX_MS ? (uint32_t)(due - now) : SERVER_POLL_MAX_MS;
}

static uint64_t server_now_us(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* The rest of SERVER_ROUND_US since `start_us`, asleep: what arrives
 * meanwhile waits in the socket's buffer for the next round. */
static void server_pace(uint64_t start_us)
{
    uint64_t now = server_now_us();
    if (now >= start_us + SERVER_ROUND_US)
        return;
    struct timespec ts = {0, (long)(start_us + SERVER_ROUND_US - now) * 1000L};
    nanosleep(&ts, NULL);
}

/* Tells a watchdog that asked for it that the loop still turns. */
static void server_watchdog(Server *sv)
{
    if (sv->watchdog_ms == 0)
        return;
    uint64_t now = server_now_ms();
    if (now - sv->pinged_ms < sv->watchdog_ms / SERVER_WATCHDOG_PINGS)
        return;
    sv->pinged_ms = now;
    notify_send("WATCHDOG=1");
}

/* Rounds: wait for a packet or the host's next timer, handle what came,
 * let the host tick (it writes the tables changed since the last tick in
 * one transaction, one fsync, and then tells their moves), send.
 * A round begins at most every SERVER_ROUND_US: each ENet service visits
 * every peer and each host_tick every table, so at 3,000 peers a round per
 * packet cost more than the packets (tests/bench/net_load.sh). */
static void server_run(Server *sv)
{
    NetEvent ev;
    while (!server_stop_signal) {
        memset(&ev, 0, sizeof ev);
        bool got = net_server_poll(sv->net, server_wait_ms(sv), &ev, sv->msg);
        uint64_t start = server_now_us();
        for (int n = 0; got && n < SERVER_EVENTS_PER_TICK && !server_stop_signal; n++) {
            server_handle(sv, &ev);
            memset(&ev, 0, sizeof ev);
            got = net_server_poll(sv->net, 0, &ev, sv->msg);
        }
        if (got)
            server_handle(sv, &ev);
        host_tick(sv->host, server_now_ms());
        net_server_flush(sv->net);
        server_watchdog(sv);
        server_report_away(sv, server_now_ms());
        server_pace(start);
    }
}

/* Listening, with its journal open: the service manager may send players. */
static void server_notify_ready(Server *sv, const ServerArgs *a)
{
    char state[SERVER_STATUS_MAX];
    snprintf(state, sizeof state, "READY=1\nSTATUS=listening on %s:%u (UDP)",
             a->bind ? a->bind : "0.0.0.0", (unsigned)net_server_port(sv->net));
    if (!notify_send(state))
        fprintf(stderr, "ceki-server: could not tell the service manager it is ready: %s\n",
                strerror(errno));
    sv->watchdog_ms = notify_watchdog_ms();
    sv->pinged_ms = server_now_ms();
}

static void server_report_start(const Server *sv, const ServerArgs *a)
{
    fprintf(stderr,
            "ceki-server: listening on %s:%u (UDP), protocol %u, data %s, grace %ld s, "
            "claims %ld s, at most %ld tables, idle tables closed after %ld s%s%s\n",
            a->bind ? a->bind : "0.0.0.0", (unsigned)net_server_port(sv->net), NET_PROTOCOL_VERSION,
            a->data_dir ? a->data_dir : "(none: tables are not kept)", a->grace_s, a->claim_s,
            a->max_tables, a->table_idle_s, a->ntrusted ? ", some addresses trusted" : "",
            a->allow_seed ? ", fixed seeds allowed" : "");
}

static bool server_open(Server *sv, const ServerArgs *a)
{
    char err[SERVER_ERR_MAX] = "";
    NetServerOptions nopt = {a->bind,
                             (uint16_t)a->port,
                             (int)a->max_peers,
                             NET_PEER_TIMEOUT_MIN_MS, /* as the app's host (net_transport.h) */
                             server_admit,
                             sv,
                             (int)a->max_peers / SERVER_PER_ADDRESS_SHARE};
    sv->msg = calloc(1, sizeof *sv->msg);
    sv->net = sv->msg ? net_server_create(&nopt, err, sizeof err) : NULL;
    if (!sv->net) {
        fprintf(stderr, "ceki-server: cannot listen: %s\n", sv->msg ? err : "out of memory");
        return false;
    }
    net_server_set_ping(sv->net, SERVER_PEER_PING_MS);
    net_server_set_timeouts(sv->net, NET_PEER_TIMEOUT_MIN_MS, NET_PEER_TIMEOUT_MAX_MS);
    HostLimits limits = host_limits_default((int)a->max_peers);
    HostOptions hopt = {.data_dir = a->data_dir,
                        .grace_ms = (uint32_t)a->grace_s * 1000u,
                        .allow_seed = a->allow_seed,
                        .max_tables = (int)a->max_tables,
                        .claim_ms = (uint32_t)a->claim_s * 1000u,
                        .limits = &limits,
                        .table_idle_ms = (uint32_t)a->table_idle_s * 1000u,
                        .trusted = a->trusted,
                        .ntrusted = a->ntrusted};
    HostOutbox out = {sv, outbox_send, outbox_drop, outbox_log};
    sv->host = host_create(&hopt, &out, server_now_ms(), err, sizeof err);
    if (!sv->host) {
        fprintf(stderr, "ceki-server: cannot open the tables' store: %s\n", err);
        return false;
    }
    return true;
}

/* What the server did, at its end (the load benchmark reads it). */
static void server_report_end(const Server *sv)
{
    HostCounts hc;
    memset(&hc, 0, sizeof hc);
    host_counts(sv->host, &hc);
    NetStats ns = net_server_stats(sv->net);
    fprintf(stderr,
            "ceki-server: %d tables (%d live), %ld moves, %ld refused, %ld resyncs; sent %" PRIu64
            " messages (%" PRIu64 " bytes), received %" PRIu64 " (%" PRIu64 " bytes), %" PRIu64
            " peers dropped for garbage\n",
            hc.tables, hc.tables_live, hc.moves, hc.refused, hc.resyncs, ns.sent_msgs,
            ns.sent_bytes, ns.recv_msgs, ns.recv_bytes, ns.garbage);
    fprintf(stderr,
            "ceki-server: %ld tables closed unused, %ld finished and gone; %" PRIu64
            " peers turned away before a slot, %ld connections refused or dropped by admission, "
            "%ld wrong "
            "keys\n",
            hc.closed_idle, hc.closed_over, ns.turned_away, hc.turned_away, hc.wrong_keys);
}

static void server_close(Server *sv)
{
    if (sv->host)
        host_destroy(sv->host); /* closes the journal: every move is in it */
    if (sv->net)
        net_server_destroy(sv->net);
    free(sv->msg);
}

int main(int argc, char **argv)
{
    ServerArgs a = {.port = NET_DEFAULT_PORT,
                    .grace_s = HOST_GRACE_MS_DEFAULT / 1000u,
                    .claim_s = HOST_CLAIM_MS_DEFAULT / 1000u,
                    .max_peers = SERVER_MAX_PEERS,
                    .max_tables = SERVER_MAX_TABLES,
                    .table_idle_s = SERVER_TABLE_IDLE_S};
    int st = parse_args(argc, argv, &a);
    if (st != 0)
        return st == 1 ? 0 : st;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = server_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* One write per log line, not one per piece of it (3,000 peers joining
     * log some 10,000 lines); each line still leaves when it ends. */
    setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
    Server sv;
    memset(&sv, 0, sizeof sv);
    bool ok = server_open(&sv, &a);
    if (ok) {
        server_report_start(&sv, &a);
        server_notify_ready(&sv, &a);
        server_run(&sv);
        notify_send("STOPPING=1");
        fprintf(stderr, "ceki-server: stopping (signal %d)\n", (int)server_stop_signal);
        server_report_end(&sv);
    }
    server_close(&sv);
    return ok ? 0 : 1;
}
