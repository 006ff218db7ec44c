/* test_abuse.c — bad input against a real ceki-server.
 *
 * Starts the ceki-server given as argv[1] on 127.0.0.1 with a port the
 * system chooses (--port 0; the port is read from its "listening on" log
 * line), makes a table of network seats and plays the match with bot
 * clients over the ENet transport (greedy players seeded with their
 * WELCOME's ai_seed, choosing on game_from_view of the view kept from the
 * updates), while raw clients send ABUSE_TOTAL bad messages:
 * - undecodable: random bytes, truncated messages, messages with bytes
 *   left over, mutated messages (each checked not to decode) — the peer is
 *   dropped with NET_REASON_GARBAGE;
 * - oversized (over NET_MAX_PACKET) followed by a LIST: the transport
 *   does not deliver it and drops the peer with NET_REASON_GARBAGE (it sees
 *   the fragment's total length as the datagram arrives), well before any
 *   timeout (ABUSE_PEER_DEADLINE_S);
 * - well-formed moves from a peer without a seat (NET_REASON_NOT_SEATED)
 *   and, from a peer seated at a table of its own, moves for another seat
 *   and out-of-turn/stale moves (NET_REASON_NOT_YOUR_TURN, _STALE): each
 *   refused, then the peer is dropped with NET_REASON_ABUSE;
 * - a join with a forged token (NET_REASON_NO_SEAT) or to no table
 *   (NET_REASON_NO_TABLE);
 * - and the match's own bots send other seats' moves and moves out of
 *   turn, each refused, never enough to be dropped.
 * Then: the match ended and its record holds exactly the moves of the same
 * match played offline (ceki-cli match: game_seat_ai_seed's greedy players
 * on a local game); every bad peer was dropped with the reason expected;
 * the server still answers a new client, its RSS grew by less than
 * ABUSE_RSS_GROWTH_MAX_KB (ABUSE_RSS_GROWTH_ASAN_MAX_KB in an ASan build),
 * and it ends cleanly on SIGTERM.
 * Each raw peer has a socket of its own, kept ABUSE_LINGER_S after it is
 * gone (see abuse_close): with several connections on one socket, or a
 * port given again too soon, ENet took an earlier connection's disconnect,
 * reason and all, for a later one's.
 * Only 127.0.0.1. Every wait has a deadline; the test ends by itself.
 * Exit status 0 and "N passed, 0 failed" when every check holds.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "game.h"
#include "host_test_support.h"
#include "net_transport.h"
#include "proto.h"
#include "record.h"

#define ABUSE_TOTAL 10000                   /* bad messages sent in all */
#define ABUSE_PEERS_AT_ONCE 32              /* raw connections open at once */
#define ABUSE_REFUSALS_TO_DROP 65           /* the host drops a peer past 64 refusals in a row */
#define ABUSE_BOT_BAD_MAX 8                 /* a bot's bad moves between two of its own moves */
#define ABUSE_RSS_GROWTH_MAX_KB (16 * 1024) /* what the server's RSS may grow by */
/* ... when it is built with AddressSanitizer, which keeps freed memory in
 * quarantine and stacks on the heap (22 MB of growth measured with CI's
 * ASAN_OPTIONS, 1.1 MB without ASan) */
#define ABUSE_RSS_GROWTH_ASAN_MAX_KB (96 * 1024)
#define ABUSE_PEER_DEADLINE_S 15.0 /* one raw peer, from connect to drop */
#define ABUSE_DEADLINE_S 240.0     /* the whole test */
#define ABUSE_START_DEADLINE_S 15.0
#define ABUSE_STOP_DEADLINE_S 15.0
#define ABUSE_MAX_MOVES 20000
#define ABUSE_SEED 0x5EEDC0FFEE123457ull
#define ABUSE_LOOPBACK "127.0.0.1"
#define ABUSE_LOG_LINE 512
#define ABUSE_WRONG_TOLD 20   /* wrong drops said, at most */
#define ABUSE_CYCLE 100       /* peers: one sends refused moves, two join wrong, */
                              /* nine send an oversized packet, the rest garbage */
#define ABUSE_LINGER_S 12.0   /* a closed peer's socket is kept this long (see abuse_close) */
#define ABUSE_LINGER_MAX 4096 /* sockets kept at most (fewer if the fd limit is lower) */
#define ABUSE_FD_SPARE 256    /* descriptors left for everything else */

static int checks_passed, checks_failed;

static void check(bool ok, const char *fmt, ...)
{
    if (ok) {
        checks_passed++;
        return;
    }
    checks_failed++;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* A failure the test cannot go on from. */
static void die(const char *what)
{
    fprintf(stderr, "FAIL: %s\n%d passed, %d failed\n", what, checks_passed, checks_failed + 1);
    exit(1);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* ---- the server process ---- */

typedef struct Server {
    pid_t pid;
    bool asan; /* built with AddressSanitizer (libasan mapped) */
    char log_path[64];
    unsigned port;
    long rss_start_kb, rss_max_kb;
} Server;

static long server_rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    }
    if (f)
        fclose(f);
    return kb;
}

static bool server_maps_asan(pid_t pid)
{
    char path[64], line[ABUSE_LOG_LINE];
    snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
    FILE *f = fopen(path, "r");
    bool asan = false;
    while (f && !asan && fgets(line, sizeof line, f))
        asan = strstr(line, "libasan") != NULL;
    if (f)
        fclose(f);
    return asan;
}

/* The port of the "listening on 127.0.0.1:PORT" line, or 0 not yet. */
static unsigned server_read_port(const Server *sv)
{
    FILE *f = fopen(sv->log_path, "r");
    char line[ABUSE_LOG_LINE];
    unsigned port = 0;
    const char *key = "listening on " ABUSE_LOOPBACK ":";
    while (f && port == 0 && fgets(line, sizeof line, f)) {
        const char *at = strstr(line, key);
        if (at)
            port = (unsigned)strtoul(at + strlen(key), NULL, 10);
    }
    if (f)
        fclose(f);
    return port;
}

static void server_start(Server *sv, const char *exe)
{
    snprintf(sv->log_path, sizeof sv->log_path, "/tmp/ceki-abuse-XXXXXX");
    int fd = mkstemp(sv->log_path);
    if (fd < 0)
        die("mkstemp");
    sv->pid = fork();
    if (sv->pid < 0)
        die("fork");
    if (sv->pid == 0) {
        dup2(fd, STDERR_FILENO);
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        /* The raw peers all come from 127.0.0.1: trusted, so what is
         * tested is what the host makes of their messages, not admission. */
        execl(exe, exe, "--bind", ABUSE_LOOPBACK, "--port", "0", "--allow-seed", "--grace", "3600",
              "--trust", ABUSE_LOOPBACK, (char *)NULL);
        _exit(127);
    }
    close(fd);
    double start = hts_seconds();
    while (sv->port == 0 && hts_seconds() - start < ABUSE_START_DEADLINE_S) {
        int status = 0;
        if (waitpid(sv->pid, &status, WNOHANG) == sv->pid)
            die("ceki-server ended at its start");
        sv->port = server_read_port(sv);
        if (sv->port == 0)
            sleep_ms(10);
    }
    if (sv->port == 0)
        die("ceki-server did not say its port in time");
    sv->rss_start_kb = server_rss_kb(sv->pid);
    sv->asan = server_maps_asan(sv->pid);
    sv->rss_max_kb = sv->rss_start_kb;
}

static void server_sample(Server *sv)
{
    long kb = server_rss_kb(sv->pid);
    if (kb > sv->rss_max_kb)
        sv->rss_max_kb = kb;
}

/* SIGTERM: it must end cleanly (status 0) within the deadline. */
static void server_stop(Server *sv)
{
    int status = 0;
    check(waitpid(sv->pid, &status, WNOHANG) == 0, "ceki-server is still up at the end");
    kill(sv->pid, SIGTERM);
    double start = hts_seconds();
    pid_t got = 0;
    while ((got = waitpid(sv->pid, &status, WNOHANG)) == 0 &&
           hts_seconds() - start < ABUSE_STOP_DEADLINE_S)
        sleep_ms(10);
    if (got == 0) {
        kill(sv->pid, SIGKILL);
        waitpid(sv->pid, &status, 0);
        check(false, "ceki-server did not stop on SIGTERM");
    } else {
        check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "ceki-server ended with status 0");
    }
    if (checks_failed == 0)
        unlink(sv->log_path);
    else
        fprintf(stderr, "the server's log: %s\n", sv->log_path);
}

/* ---- the match's bots ---- */

typedef struct Bot {
    NetConn conn;
    HtsSeat s;          /* its seat, view, moves, player and record chunks */
    int bad_since_move; /* bad moves sent since its own last move */
    long bad_sent, refused;
} Bot;

typedef struct Match {
    NetClient *client;
    GameConfig cfg;
    NetConn creator;
    char table[NET_TABLE_ID_MAX + 1];
    Bot bot[CEKI_MAX_SEATS];
    int nbots;
    int expected_moves; /* the offline match's */
    Game *offline;
    Game *recorded; /* from NET_MSG_RECORD */
    int records;
    long refusals_wrong; /* refusals of a kind a bot's bad move cannot get */
    NetMsg *msg;
    char addr[NET_ADDR_TEXT_MAX];
} Match;

static NetTableRules match_rules(const GameConfig *cfg, uint8_t others)
{
    NetTableRules r;
    memset(&r, 0, sizeof r);
    r.variant = (uint8_t)cfg->variant;
    r.players = (uint8_t)cfg->players;
    r.options = cfg->options;
    r.rounds = (uint16_t)cfg->rounds;
    r.stakes = (uint8_t)cfg->stakes;
    for (int s = 1; s < cfg->players; s++)
        r.seat_kind[s] = others;
    r.seat_kind[0] = NET_SEAT_NET;
    return r;
}

/* What `ceki-cli match` plays: greedy players seeded per seat. */
static Game *offline_match(const GameConfig *cfg)
{
    Game *g = hts_play_cli_match(cfg, ABUSE_MAX_MOVES);
    if (!g)
        die("the offline match did not end");
    return g;
}

static Bot *match_bot(Match *m, NetConn conn)
{
    for (int i = 0; i < m->nbots; i++) {
        if (m->bot[i].conn == conn)
            return &m->bot[i];
    }
    return NULL;
}

static void match_send(Match *m, NetConn conn, const NetMsg *msg)
{
    if (!net_client_send(m->client, conn, msg))
        die("a bot's message did not send");
}

static void match_on_connect(Match *m, NetConn conn)
{
    NetMsg *msg = m->msg;
    memset(msg, 0, sizeof *msg);
    if (conn == m->creator) {
        msg->type = NET_MSG_CREATE;
        msg->u.create.rules = match_rules(&m->cfg, NET_SEAT_NET);
        msg->u.create.has_seed = true;
        msg->u.create.seed = m->cfg.seed;
        msg->u.create.autostart = true;
        msg->u.create.open = true;
        snprintf(msg->u.create.name, sizeof msg->u.create.name, "creator");
    } else {
        Bot *b = match_bot(m, conn);
        if (!b)
            die("a connection nobody made");
        msg->type = NET_MSG_JOIN;
        memcpy(msg->u.join.table, m->table, sizeof msg->u.join.table);
        msg->u.join.seat = (int8_t)(b - m->bot);
        snprintf(msg->u.join.name, sizeof msg->u.join.name, "bot %d", (int)(b - m->bot));
    }
    match_send(m, conn, msg);
}

static void match_connect_bots(Match *m)
{
    char err[128] = "";
    m->nbots = m->cfg.players;
    for (int i = 0; i < m->nbots; i++) {
        m->bot[i].s.seat = -1;
        m->bot[i].conn = net_client_connect(m->client, m->addr, err, sizeof err);
        if (!m->bot[i].conn)
            die(err);
    }
}

static void bot_on_update(Match *m, Bot *b, const NetUpdate *u)
{
    Observation *next = malloc(sizeof *next);
    if (!next)
        die("out of memory");
    bool ok = hts_seat_apply_update(&b->s, u, next);
    check(ok, "bot %d: the update's delta makes the view its hash names", b->s.seat);
    if (!ok) { /* ask for the whole view again */
        NetMsg *r = m->msg;
        memset(r, 0, sizeof *r);
        r->type = NET_MSG_RESYNC;
        b->s.have_view = false;
        match_send(m, b->conn, r);
    }
    free(next);
}

/* A chunk of the record; once a seat has them all, the record is read. */
static void bot_on_record(Match *m, Bot *b, const NetRecord *r)
{
    check(net_record_join(&b->s.record_join, r) == NET_OK, "bot %d: a record chunk that follows",
          b->s.seat);
    if (!net_record_join_done(&b->s.record_join))
        return;
    char err[RECORD_ERROR_MAX] = "";
    m->records++;
    Game *g = hts_record_game(&b->s.record_join, err, sizeof err);
    check(g != NULL, "the record reads%s%s", err[0] ? ": " : "", err);
    if (g && !m->recorded)
        m->recorded = g;
    else
        game_destroy(g);
}

static void bot_on_message(Match *m, Bot *b, const NetMsg *msg)
{
    switch ((NetMsgType)msg->type) {
    case NET_MSG_WELCOME:
        check(hts_seat_welcome(&b->s, &msg->u.welcome, AI_GREEDY), "bot %d: a player",
              msg->u.welcome.seat);
        check(msg->u.welcome.ai_seed == game_seat_ai_seed(m->cfg.seed, b->s.seat),
              "bot %d: the WELCOME's ai_seed", b->s.seat);
        break;
    case NET_MSG_VIEW: hts_seat_take_view(&b->s, &msg->u.view); break;
    case NET_MSG_UPDATE: bot_on_update(m, b, &msg->u.update); break;
    case NET_MSG_REFUSED:
        b->refused++;
        m->refusals_wrong += msg->u.refused.refusal != NET_REASON_NOT_YOUR_TURN &&
                             msg->u.refused.refusal != NET_REASON_STALE;
        break;
    case NET_MSG_RECORD: bot_on_record(m, b, &msg->u.record); break;
    default: break;
    }
}

/* One event of the match's client. */
static void match_on_event(Match *m, const NetEvent *ev, const NetMsg *msg)
{
    if (ev->kind == NET_EVENT_CONNECT) {
        match_on_connect(m, ev->conn);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        fprintf(stderr, "connection %u gone: %s\n", (unsigned)ev->conn,
                net_reason_text(ev->reason));
        die("a bot's connection went");
    } else if (ev->kind == NET_EVENT_MESSAGE && ev->conn == m->creator) {
        if (msg->type == NET_MSG_CREATED) {
            memcpy(m->table, msg->u.created.table, sizeof m->table);
            match_connect_bots(m);
        } else if (msg->type == NET_MSG_REFUSED) {
            die(msg->u.refused.reason);
        }
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        Bot *b = match_bot(m, ev->conn);
        if (b)
            bot_on_message(m, b, msg);
    }
}

/* Another bot sends b's move (another seat's) and the same move as its own
 * (out of turn, or stale once b's move is made): both refused. */
static int match_bad_moves(Match *m, Bot *b, const Move *mv)
{
    Bot *o = &m->bot[(b->s.seat + 1) % m->nbots];
    if (o == b || o->bad_since_move + 2 > ABUSE_BOT_BAD_MAX)
        return 0;
    NetMsg *msg = m->msg;
    memset(msg, 0, sizeof *msg);
    msg->type = NET_MSG_MOVE;
    msg->u.move.move_no = o->s.move_no;
    msg->u.move.move = *mv;
    match_send(m, o->conn, msg);
    msg->u.move.move.seat = (uint8_t)o->s.seat;
    match_send(m, o->conn, msg);
    o->bad_since_move += 2;
    o->bad_sent += 2;
    return 2;
}

/* The bot to move chooses on the game rebuilt from its view, and moves.
 * Returns the bad messages sent on the way. */
static int match_play(Match *m, bool may_move)
{
    int bad = 0;
    for (int i = 0; may_move && i < m->nbots; i++) {
        Bot *b = &m->bot[i];
        if (!b->s.ai || !hts_seat_to_move(&b->s))
            continue;
        Move mv;
        if (hts_seat_choose(&b->s, &m->cfg, &mv) != CEKI_OK)
            die("a bot could not choose on its view");
        bad += match_bad_moves(m, b, &mv);
        NetMsg *msg = m->msg;
        memset(msg, 0, sizeof *msg);
        msg->type = NET_MSG_MOVE;
        msg->u.move.move_no = b->s.move_no;
        msg->u.move.move = mv;
        match_send(m, b->conn, msg);
        b->s.nmoves = 0;
        b->bad_since_move = 0;
    }
    return bad;
}

/* ---- the raw peers ---- */

typedef enum PeerKind {
    PEER_RANDOM = 0, /* random bytes */
    PEER_TRUNCATED,  /* a message cut short */
    PEER_TRAILING,   /* a message with bytes left over */
    PEER_MUTATED,    /* a message with bytes changed */
    PEER_OVERSIZED,  /* over NET_MAX_PACKET, then a truncated message */
    PEER_UNSEATED,   /* moves without a seat */
    PEER_SEATED,     /* another seat's and stale moves at a table of its own */
    PEER_TOKEN,      /* a join with a forged token */
    PEER_NO_TABLE,   /* a join to a table that is not there */
    PEER_KIND_COUNT
} PeerKind;

typedef struct Peer {
    NetClient *client; /* its own socket, as a real peer has */
    NetConn conn;      /* 0: a free slot */
    PeerKind kind;
    double started;
    bool joined;   /* PEER_SEATED: its VIEW came */
    long refusals; /* REFUSED received */
    bool wrong_refusal;
} Peer;

typedef struct Lingering {
    NetClient *client;
    double until;
} Lingering;

typedef struct Abuse {
    Lingering *linger; /* a ring of closed peers' sockets, oldest at linger_head */
    int linger_cap, linger_head, nlinger;
    Peer peer[ABUSE_PEERS_AT_ONCE];
    long sent;                       /* bad messages sent */
    long peers;                      /* raw peers made */
    long dropped[PEER_KIND_COUNT];   /* with the reason expected */
    long wrong_bye[PEER_KIND_COUNT]; /* with another reason */
    long kind_sent[PEER_KIND_COUNT]; /* bad messages by kind */
    long refusals;                   /* REFUSED received by raw peers */
    long wrong_refusals;
    long wrong_told; /* wrong drops said on stderr */
    uint64_t rng;
    NetTableRules rules; /* PEER_SEATED's tables */
    const char *addr, *table;
    NetMsg *msg;
    uint8_t *buf;
} Abuse;

static uint64_t abuse_rand(Abuse *a)
{
    a->rng ^= a->rng << 13; /* xorshift64 */
    a->rng ^= a->rng >> 7;
    a->rng ^= a->rng << 17;
    return a->rng;
}

/* Which kind the n-th peer is: most send one undecodable message, a few
 * send many well-formed wrong ones (ABUSE_REFUSALS_TO_DROP each). */
static PeerKind abuse_kind(long n)
{
    long at = n % ABUSE_CYCLE;
    if (at == 0)
        return (n / ABUSE_CYCLE) % 2 ? PEER_SEATED : PEER_UNSEATED;
    if (at == 1 || at == 2)
        return at == 1 ? PEER_TOKEN : PEER_NO_TABLE;
    if (at % 11 == 0)
        return PEER_OVERSIZED;
    return (PeerKind)(at % (PEER_MUTATED + 1));
}

static NetReason abuse_expected_bye(PeerKind k)
{
    switch (k) {
    case PEER_UNSEATED:
    case PEER_SEATED: return NET_REASON_ABUSE;
    case PEER_TOKEN: return NET_REASON_NO_SEAT;
    case PEER_NO_TABLE: return NET_REASON_NO_TABLE;
    default: return NET_REASON_GARBAGE;
    }
}

/* A well-formed message of some type, encoded into a->buf. */
static size_t abuse_valid(Abuse *a)
{
    NetMsg *m = a->msg;
    memset(m, 0, sizeof *m);
    uint64_t r = abuse_rand(a);
    if (r % 3 == 0) {
        m->type = NET_MSG_MOVE;
        m->u.move.move_no = (uint32_t)(r >> 8) % 1000u;
        m->u.move.move.type = (uint8_t)((r >> 20) % 3);
        m->u.move.move.seat = (uint8_t)((r >> 24) % 3);
        m->u.move.move.card = (Card)((r >> 28) % 30);
        m->u.move.move.target = CARD_NONE;
    } else if (r % 3 == 1) {
        m->type = NET_MSG_JOIN;
        snprintf(m->u.join.table, sizeof m->u.join.table, "%s", a->table);
        m->u.join.seat = -1;
        snprintf(m->u.join.name, sizeof m->u.join.name, "peer %lu", (unsigned long)(r >> 40));
    } else {
        m->type = NET_MSG_CHAT;
        snprintf(m->u.chat.text, sizeof m->u.chat.text, "halo %lu", (unsigned long)(r >> 32));
    }
    size_t len = net_encode(m, a->buf, NET_MAX_PACKET);
    if (len < 2)
        die("a well-formed message did not encode");
    return len;
}

/* Bytes of `kind` that do not decode, in a->buf. */
static size_t abuse_garbage(Abuse *a, PeerKind kind)
{
    for (int tries = 0; tries < 1000; tries++) {
        size_t len = 0;
        if (kind == PEER_RANDOM) {
            len = 1 + abuse_rand(a) % 64;
            for (size_t i = 0; i < len; i++)
                a->buf[i] = (uint8_t)abuse_rand(a);
        } else if (kind == PEER_TRAILING) {
            len = abuse_valid(a);
            for (size_t extra = 1 + abuse_rand(a) % 8; extra > 0; extra--)
                a->buf[len++] = (uint8_t)abuse_rand(a);
        } else if (kind == PEER_MUTATED) {
            len = abuse_valid(a);
            for (int flips = 1 + (int)(abuse_rand(a) % 3); flips > 0; flips--)
                a->buf[abuse_rand(a) % len] ^= (uint8_t)(1 + abuse_rand(a) % 255);
        } else { /* truncated */
            len = abuse_valid(a);
            len = 1 + abuse_rand(a) % (len - 1);
        }
        if (net_decode(a->buf, len, a->msg) != NET_OK)
            return len;
    }
    die("no undecodable bytes in 1000 tries");
    return 0;
}

static void abuse_raw(Abuse *a, Peer *p, const void *bytes, size_t len, bool reliable)
{
    if (!net_client_send_raw(p->client, p->conn, NET_CHANNEL_GAME, bytes, len, reliable))
        die("a raw send failed");
    a->sent++;
    a->kind_sent[p->kind]++;
}

static void abuse_send(Abuse *a, Peer *p, const NetMsg *m, bool bad)
{
    size_t len = net_encode(m, a->buf, NET_MAX_PACKET);
    if (len == 0)
        die("a message did not encode");
    if (bad) {
        abuse_raw(a, p, a->buf, len, true);
    } else if (!net_client_send_raw(p->client, p->conn, NET_CHANNEL_GAME, a->buf, len, true)) {
        die("a raw send failed");
    }
}

/* ABUSE_REFUSALS_TO_DROP well-formed moves no seat may make: from a peer
 * without a seat, or for another seat / answering an old position. */
static void abuse_wrong_moves(Abuse *a, Peer *p, int seat)
{
    NetMsg *m = malloc(sizeof *m);
    if (!m)
        die("out of memory");
    for (int i = 0; i < ABUSE_REFUSALS_TO_DROP; i++) {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_MOVE;
        m->u.move.move_no = i % 2 ? 0u : 100000u + (uint32_t)i;
        m->u.move.move.type = (uint8_t)(i % 3);
        m->u.move.move.seat = (uint8_t)(seat >= 0 ? (seat + 1 + i % 2) % a->rules.players : i % 4);
        m->u.move.move.card = (Card)(i % CARD_CEKI_KINDS);
        m->u.move.move.target = CARD_NONE;
        abuse_send(a, p, m, true);
    }
    free(m);
}

/* The peer is connected: it sends what its kind sends. */
static void abuse_on_connect(Abuse *a, Peer *p)
{
    NetMsg *m = a->msg;
    /* Over NET_MAX_PACKET: the server drops the peer with NET_REASON_GARBAGE
     * as its first fragment arrives; the LIST after it may be answered or
     * not, depending on which comes first. */
    if (p->kind == PEER_OVERSIZED) {
        size_t big = NET_MAX_PACKET + 1 + abuse_rand(a) % 1000;
        uint8_t *bytes = calloc(1, big);
        if (!bytes)
            die("out of memory");
        bytes[0] = NET_PROTOCOL_VERSION;
        bytes[1] = NET_MSG_CHAT;
        abuse_raw(a, p, bytes, big, true);
        free(bytes);
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_LIST;
        abuse_send(a, p, m, false);
    } else if (p->kind <= PEER_MUTATED) {
        size_t len = abuse_garbage(a, p->kind);
        abuse_raw(a, p, a->buf, len, true);
    } else if (p->kind == PEER_UNSEATED) {
        abuse_wrong_moves(a, p, -1);
    } else if (p->kind == PEER_SEATED) {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_CREATE;
        m->u.create.rules = a->rules;
        m->u.create.autostart = true;
        m->u.create.open = true;
        snprintf(m->u.create.name, sizeof m->u.create.name, "peer");
        abuse_send(a, p, m, false);
    } else {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_JOIN;
        snprintf(m->u.join.table, sizeof m->u.join.table, "%s",
                 p->kind == PEER_TOKEN ? a->table : "nosuchtable");
        if (p->kind == PEER_TOKEN)
            memset(m->u.join.token, 'f', NET_TOKEN_LEN);
        m->u.join.seat = -1;
        snprintf(m->u.join.name, sizeof m->u.join.name, "peer");
        abuse_send(a, p, m, true);
    }
}

static void abuse_on_message(Abuse *a, Peer *p, const NetMsg *msg)
{
    NetMsg *m = a->msg;
    if (msg->type == NET_MSG_CREATED && p->kind == PEER_SEATED) {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_JOIN;
        memcpy(m->u.join.table, msg->u.created.table, sizeof m->u.join.table);
        m->u.join.seat = 0;
        snprintf(m->u.join.name, sizeof m->u.join.name, "peer");
        abuse_send(a, p, m, false);
    } else if (msg->type == NET_MSG_VIEW && p->kind == PEER_SEATED && !p->joined) {
        p->joined = true;
        abuse_wrong_moves(a, p, 0);
    } else if (msg->type == NET_MSG_REFUSED) {
        p->refusals++;
        uint8_t r = msg->u.refused.refusal;
        bool ok = p->kind == PEER_UNSEATED ? r == NET_REASON_NOT_SEATED
                                           : p->kind == PEER_SEATED &&
                                                 (r == NET_REASON_NOT_YOUR_TURN ||
                                                  r == NET_REASON_STALE || r == NET_REASON_ILLEGAL);
        p->wrong_refusal = p->wrong_refusal || !ok;
    }
}

static void abuse_on_event(Abuse *a, Peer *p, const NetEvent *ev, const NetMsg *msg)
{
    if (p->conn != ev->conn)
        die("an event of no raw peer");
    if (ev->kind == NET_EVENT_CONNECT) {
        abuse_on_connect(a, p);
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        abuse_on_message(a, p, msg);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        bool ok = ev->reason == abuse_expected_bye(p->kind);
        if (!ok && a->wrong_told++ < ABUSE_WRONG_TOLD)
            fprintf(stderr, "peer %u of kind %d dropped after %.2f s with %s (by us %d, %s)\n",
                    (unsigned)p->conn, (int)p->kind, hts_seconds() - p->started,
                    net_reason_text(ev->reason), (int)ev->by_us, net_status_text(ev->status));
        a->dropped[p->kind] += ok;
        a->wrong_bye[p->kind] += !ok;
        a->refusals += p->refusals;
        a->wrong_refusals += p->wrong_refusal;
        p->conn = 0; /* its client is closed by abuse_fill */
    }
}

/* Closes the sockets that lingered long enough. */
static void abuse_linger_expire(Abuse *a, bool all)
{
    while (a->nlinger > 0 && (all || hts_seconds() > a->linger[a->linger_head].until)) {
        net_client_destroy(a->linger[a->linger_head].client);
        a->linger_head = (a->linger_head + 1) % a->linger_cap;
        a->nlinger--;
    }
}

/* A gone peer's socket is kept open ABUSE_LINGER_S, longer than the
 * server's silent-peer timeout, so the system cannot give its port to a
 * new peer while the server may still resend to it: ENet would take the
 * old connection's retransmitted disconnect (with its reason) for the new
 * one's (seen here: a join told GARBAGE). False when the ring is full. */
static bool abuse_close(Abuse *a, Peer *p)
{
    abuse_linger_expire(a, false);
    if (a->nlinger == a->linger_cap)
        return false;
    int at = (a->linger_head + a->nlinger) % a->linger_cap;
    a->linger[at].client = p->client;
    a->linger[at].until = hts_seconds() + ABUSE_LINGER_S;
    a->nlinger++;
    p->client = NULL;
    return true;
}

/* New peers in free slots while bad messages are still to be sent; a peer
 * that is not dropped in time fails the test. Returns peers still open. */
static int abuse_fill(Abuse *a)
{
    int open = 0;
    char err[128] = "";
    for (int i = 0; i < ABUSE_PEERS_AT_ONCE; i++) {
        Peer *p = &a->peer[i];
        if (p->conn && hts_seconds() - p->started > ABUSE_PEER_DEADLINE_S) {
            fprintf(stderr, "a raw peer of kind %d, %ld refusals\n", (int)p->kind, p->refusals);
            die("a raw peer was not dropped in time");
        }
        if (!p->conn && p->client && !abuse_close(a, p))
            continue;                                           /* no room for another socket yet */
        if (!p->conn && a->sent < ABUSE_TOTAL && a->table[0]) { /* once the match's table is made */
            memset(p, 0, sizeof *p);
            p->kind = abuse_kind(a->peers++);
            p->started = hts_seconds();
            NetClientOptions co = {1, 0, 2 * NET_MAX_PACKET, 10000, NULL};
            p->client = net_client_create(&co, err, sizeof err);
            p->conn = p->client ? net_client_connect(p->client, a->addr, err, sizeof err) : 0;
            if (!p->conn)
                die(err);
        }
        open += p->conn != 0;
    }
    return open;
}

/* ---- the run ---- */

/* Up to `n` events of a client, the first waiting up to wait_ms. */
static void pump_match(Match *m, uint32_t wait_ms, int n, NetMsg *msg)
{
    NetEvent ev;
    for (int i = 0; i < n; i++) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(m->client, i == 0 ? wait_ms : 0, &ev, msg))
            return;
        match_on_event(m, &ev, msg);
    }
}

/* Every open raw peer's events, up to n each. */
static void pump_abuse(Abuse *a, int n, NetMsg *msg)
{
    NetEvent ev;
    for (int k = 0; k < ABUSE_PEERS_AT_ONCE; k++) {
        Peer *p = &a->peer[k];
        for (int i = 0; p->conn && i < n; i++) {
            memset(&ev, 0, sizeof ev);
            if (!net_client_poll(p->client, 0, &ev, msg))
                break;
            abuse_on_event(a, p, &ev, msg);
        }
    }
}

static bool match_over(const Match *m)
{
    return m->records == m->nbots && m->nbots > 0;
}

/* The match moves on at the pace of the abuse, so the two overlap; its
 * last move waits until every raw peer is gone, so the forged token's join
 * finds the table still on (an over table answers NET_REASON_NO_TABLE). */
static bool match_may_move(const Match *m, const Abuse *a, int open)
{
    long made = 0; /* as far as the furthest bot knows */
    for (int i = 0; i < m->nbots; i++)
        made = (long)m->bot[i].s.move_no > made ? (long)m->bot[i].s.move_no : made;
    if (made + 1 >= m->expected_moves)
        return a->sent >= ABUSE_TOTAL && open == 0;
    return a->sent >= ABUSE_TOTAL || made * ABUSE_TOTAL <= a->sent * (long)m->expected_moves;
}

static void run(Match *m, Abuse *a, Server *sv)
{
    NetMsg *msg = malloc(sizeof *msg);
    if (!msg)
        die("out of memory");
    double start = hts_seconds();
    long bot_bad = 0;
    for (long turn = 0;; turn++) {
        if (hts_seconds() - start > ABUSE_DEADLINE_S)
            die("the run did not end in time");
        pump_match(m, 1, 64, msg);
        pump_abuse(a, 16, msg);
        int open = abuse_fill(a);
        bot_bad += match_play(m, match_may_move(m, a, open));
        if (turn % 64 == 0)
            server_sample(sv);
        if (match_over(m) && a->sent >= ABUSE_TOTAL && open == 0)
            break;
    }
    server_sample(sv);
    /* A refusal of a bad move sent just before the last move may come after
     * the record (another connection): wait for it, within a deadline. */
    long bot_refused = -1;
    for (double drain = hts_seconds(); hts_seconds() - drain < ABUSE_STOP_DEADLINE_S;) {
        bot_refused = 0;
        for (int i = 0; i < m->nbots; i++)
            bot_refused += m->bot[i].refused;
        if (bot_refused >= bot_bad)
            break;
        pump_match(m, 10, 64, msg);
    }
    printf("the match: %d moves, its bots sent %ld moves out of turn or for another seat, "
           "%ld refused\n",
           m->expected_moves, bot_bad, bot_refused);
    check(bot_refused == bot_bad, "every bad move of a bot was refused (%ld of %ld)", bot_refused,
          bot_bad);
    check(m->refusals_wrong == 0, "the bots' bad moves refused as another seat's or stale");
    printf("%.1f s\n", hts_seconds() - start);
    free(msg);
}

static void report_abuse(const Abuse *a)
{
    static const char *const names[PEER_KIND_COUNT] = {"random bytes",
                                                       "truncated",
                                                       "bytes left over",
                                                       "mutated",
                                                       "oversized, then a LIST",
                                                       "moves without a seat",
                                                       "another seat's / stale moves",
                                                       "forged token",
                                                       "no such table"};
    long wrong = 0;
    printf("raw peers: %ld, bad messages sent: %ld (refusals received %ld)\n", a->peers, a->sent,
           a->refusals);
    for (int k = 0; k < PEER_KIND_COUNT; k++) {
        printf("  %-30s %6ld messages, %5ld peers dropped with %s, %ld otherwise\n", names[k],
               a->kind_sent[k], a->dropped[k], net_reason_text(abuse_expected_bye((PeerKind)k)),
               a->wrong_bye[k]);
        wrong += a->wrong_bye[k];
        check(a->dropped[k] > 0, "some peer of kind %s was dropped", names[k]);
    }
    check(a->sent >= ABUSE_TOTAL, "%d bad messages were sent", ABUSE_TOTAL);
    check(wrong == 0, "every raw peer was dropped with the reason its messages earn");
    check(a->wrong_refusals == 0, "every refusal a raw peer got names its fault");
}

/* The record's moves are the offline match's, one by one. */
static void check_record(const Match *m)
{
    check(m->records == m->nbots, "every seat got the record");
    if (!m->recorded)
        return;
    int na = 0, nb = 0;
    game_history(m->recorded, &na);
    game_history(m->offline, &nb);
    bool same = game_config(m->recorded)->seed == m->cfg.seed &&
                hts_moves_differ_at(m->recorded, m->offline) < 0;
    check(same, "the record's %d moves are the offline match's %d", na, nb);
}

/* A new client still gets an answer: the list of tables. */
static void check_server_answers(const char *addr)
{
    char err[128] = "";
    NetClientOptions co = {1, 0, 0, 5000, NULL};
    NetClient *c = net_client_create(&co, err, sizeof err);
    if (!c)
        die(err);
    NetConn conn = net_client_connect(c, addr, err, sizeof err);
    NetMsg *msg = calloc(1, sizeof *msg);
    if (!conn || !msg)
        die("a last client");
    bool listed = false;
    double start = hts_seconds();
    NetEvent ev;
    while (!listed && hts_seconds() - start < ABUSE_START_DEADLINE_S) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(c, 10, &ev, msg))
            continue;
        if (ev.kind == NET_EVENT_CONNECT) {
            memset(msg, 0, sizeof *msg);
            msg->type = NET_MSG_LIST;
            net_client_send(c, conn, msg);
        } else if (ev.kind == NET_EVENT_MESSAGE && msg->type == NET_MSG_TABLES) {
            listed = true;
            printf("after it all the server lists %d open tables\n", msg->u.tables.count);
        } else if (ev.kind == NET_EVENT_DISCONNECT) {
            break;
        }
    }
    check(listed, "the server still answers a new client");
    free(msg);
    net_client_destroy(c);
}

static void setup(Match *m, Abuse *a, const Server *sv)
{
    char err[128] = "";
    snprintf(m->addr, sizeof m->addr, "%s:%u", ABUSE_LOOPBACK, sv->port);
    m->cfg = game_config_default(VARIANT_THOTHIT, ABUSE_SEED);
    m->offline = offline_match(&m->cfg);
    game_history(m->offline, &m->expected_moves);
    NetClientOptions mo = {CEKI_MAX_SEATS + 1, 0, 0, 10000, NULL};
    m->client = net_client_create(&mo, err, sizeof err);
    m->msg = malloc(sizeof *m->msg);
    a->msg = malloc(sizeof *a->msg);
    a->buf = malloc(2 * NET_MAX_PACKET);
    if (!m->client || !m->msg || !a->msg || !a->buf)
        die(err[0] ? err : "out of memory");
    a->rng = ABUSE_SEED;
    struct rlimit fds = {0, 0};
    a->linger_cap = ABUSE_LINGER_MAX;
    if (getrlimit(RLIMIT_NOFILE, &fds) == 0 && fds.rlim_cur != RLIM_INFINITY &&
        fds.rlim_cur < (rlim_t)(ABUSE_LINGER_MAX + ABUSE_FD_SPARE))
        a->linger_cap =
            fds.rlim_cur > 2 * ABUSE_FD_SPARE ? (int)fds.rlim_cur - ABUSE_FD_SPARE : ABUSE_FD_SPARE;
    a->linger = calloc((size_t)a->linger_cap, sizeof *a->linger);
    if (!a->linger)
        die("out of memory");
    a->rules = match_rules(&m->cfg, NET_SEAT_GREEDY);
    a->addr = m->addr;
    a->table = m->table;
    m->creator = net_client_connect(m->client, m->addr, err, sizeof err);
    if (!m->creator)
        die(err);
}

static void teardown(Match *m, Abuse *a)
{
    net_client_destroy(m->client);
    for (int i = 0; i < ABUSE_PEERS_AT_ONCE; i++)
        net_client_destroy(a->peer[i].client);
    abuse_linger_expire(a, true);
    free(a->linger);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        hts_seat_free(&m->bot[i].s);
    }
    game_destroy(m->offline);
    game_destroy(m->recorded);
    free(m->msg);
    free(a->msg);
    free(a->buf);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_abuse PATH-TO-ceki-server\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    static Match m;
    static Abuse a;
    Server sv;
    memset(&sv, 0, sizeof sv);
    server_start(&sv, argv[1]);
    printf("ceki-server pid %d on %s:%u, RSS %ld kB at the start\n", (int)sv.pid, ABUSE_LOOPBACK,
           sv.port, sv.rss_start_kb);
    setup(&m, &a, &sv);
    run(&m, &a, &sv);
    report_abuse(&a);
    check_record(&m);
    check_server_answers(m.addr);
    server_sample(&sv);
    long bound = sv.asan ? ABUSE_RSS_GROWTH_ASAN_MAX_KB : ABUSE_RSS_GROWTH_MAX_KB;
    printf("ceki-server RSS: %ld kB at the start, %ld kB at most (growth bound %ld kB%s)\n",
           sv.rss_start_kb, sv.rss_max_kb, bound, sv.asan ? ", AddressSanitizer" : "");
    check(sv.rss_start_kb > 0 && sv.rss_max_kb - sv.rss_start_kb < bound,
          "the server's RSS stayed bounded");
    teardown(&m, &a);
    server_stop(&sv);
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
