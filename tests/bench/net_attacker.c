/* net_attacker — the attacks of tests/bench/net_attack.sh (a benchmark's
 * tool, not a test): one kind of attack on a ceki-server from addresses of
 * 127.0.0.0/8, for a number of seconds, then one line of what it got.
 *
 *   net_attacker --connect HOST:PORT --from ADDR [--addresses N] --seconds S
 *                KIND [ARG]
 *
 * The addresses are ADDR and the N - 1 after it (127.0.0.2, 127.0.0.3, ...),
 * one socket each. KIND:
 *   idle N      holds N connections that never say a word, opening each
 *               again as soon as it is closed or refused;
 *   connects R  opens R new connections a second, each held as idle;
 *   create      asks for tables as fast as the server answers (a few in
 *               flight per address), again after every answer;
 *   keys TABLE  joins the private TABLE with wrong keys, 10,000 at most,
 *               again on a new connection whenever one is closed;
 *   chat        sits at a table of its own and says a line every
 *               millisecond, coming back with its token when dropped.
 * The line: "attack KIND: peak held P connections, held at the end E,
 * tables T, seats S, sent M, refused F, closed C (reasons: R xN ...)" where
 * P is the most connections it held at once, T the tables the server made
 * for it, S the seats it got at a table not its own, and the reasons the
 * NetReason numbers of its refusals and closed connections.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net_transport.h"
#include "proto.h"

#define ATK_ADDRESSES_MAX 64
#define ATK_POLL_MS 1
#define ATK_CREATE_IN_FLIGHT 4
#define ATK_KEYS_MAX 10000
#define ATK_REASONS 64
#define ATK_ERR_MAX 256
#define ATK_RETRY_MS 100u
#define ATK_SLOTS 4096 /* a connection's slot is its number's low 12 bits */

typedef enum AtkKind { ATK_IDLE, ATK_CONNECTS, ATK_CREATE, ATK_KEYS, ATK_CHAT } AtkKind;

typedef struct AtkSide {
    NetClient *c;
    int live;          /* connections open or being opened */
    int held;          /* connections the server accepted, still open */
    NetConn talk;      /* the one that asks (create, keys, chat), 0: none */
    int in_flight;     /* create: questions not yet answered */
    uint64_t retry_at; /* no new connection before this */
    char token[NET_TOKEN_LEN + 1];
    char table[NET_TABLE_ID_MAX + 1];
    NetConn accepted[ATK_SLOTS]; /* by slot: the connection the server took */
} AtkSide;

typedef struct Atk {
    AtkKind kind;
    const char *connect;
    long arg;
    const char *table;
    int nsides;
    AtkSide side[ATK_ADDRESSES_MAX];
    uint64_t start, end, next_open;
    int next_side;
    int peak;
    long tables, seats, sent, refused, closed;
    long reasons[ATK_REASONS];
    NetMsg *in, *out;
} Atk;

static uint64_t atk_now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static int atk_usage(void)
{
    fprintf(stderr, "usage: net_attacker --connect HOST:PORT --from ADDR [--addresses N] "
                    "--seconds S idle N|connects R|create|keys TABLE|chat\n");
    return 2;
}

/* The slot number inside a connection's number (net_transport.c). */
static size_t atk_slot(NetConn c)
{
    return c & (ATK_SLOTS - 1u);
}

static void atk_note(Atk *a, int reason)
{
    a->reasons[reason >= 0 && reason < ATK_REASONS ? reason : 0]++;
}

static int atk_held(const Atk *a)
{
    int n = 0;
    for (int i = 0; i < a->nsides; i++)
        n += a->side[i].held;
    return n;
}

/* A new connection from side i (0 when the client has no room). */
static NetConn atk_open(Atk *a, int i)
{
    char err[ATK_ERR_MAX] = "";
    NetConn c = net_client_connect(a->side[i].c, a->connect, err, sizeof err);
    if (c)
        a->side[i].live++;
    return c;
}

static void atk_send(Atk *a, int i, NetConn c)
{
    if (net_client_send(a->side[i].c, c, a->out))
        a->sent++;
}

static void atk_ask_table(Atk *a, int i, bool for_chat)
{
    memset(a->out, 0, sizeof *a->out);
    a->out->type = NET_MSG_CREATE;
    NetCreate *cr = &a->out->u.create;
    cr->rules.variant = (uint8_t)VARIANT_THOTHIT;
    cr->rules.players = 3;
    for (int s = 0; s < 3; s++)
        cr->rules.seat_kind[s] = for_chat && s > 0 ? NET_SEAT_GREEDY : NET_SEAT_NET;
    cr->autostart = true;
    cr->open = for_chat;
    snprintf(cr->name, sizeof cr->name, "attacker");
    atk_send(a, i, a->side[i].talk);
}

static void atk_join(Atk *a, int i, const char *table, const char *token, const char *key)
{
    memset(a->out, 0, sizeof *a->out);
    a->out->type = NET_MSG_JOIN;
    snprintf(a->out->u.join.table, sizeof a->out->u.join.table, "%s", table);
    snprintf(a->out->u.join.token, sizeof a->out->u.join.token, "%s", token);
    snprintf(a->out->u.join.key, sizeof a->out->u.join.key, "%s", key);
    a->out->u.join.seat = -1;
    snprintf(a->out->u.join.name, sizeof a->out->u.join.name, "attacker");
    atk_send(a, i, a->side[i].talk);
}

/* A wrong secret: 32 hex digits nobody was given. */
static void atk_wrong_secret(char out[NET_TOKEN_LEN + 1], long n)
{
    snprintf(out, NET_TOKEN_LEN + 1, "%016lx%016lx", (unsigned long)n * 2654435761ul,
             (unsigned long)n ^ 0x5bd1e995ul);
}

static void atk_keys_next(Atk *a, int i)
{
    if (a->sent >= ATK_KEYS_MAX)
        return;
    char wrong[NET_TOKEN_LEN + 1];
    atk_wrong_secret(wrong, a->sent);
    atk_join(a, i, a->table, "", wrong);
}

/* The server accepted a connection of side i. */
static void atk_on_connect(Atk *a, int i, NetConn c)
{
    AtkSide *s = &a->side[i];
    s->held++;
    s->accepted[atk_slot(c)] = c;
    if (c != s->talk)
        return;
    if (a->kind == ATK_CREATE) {
        for (; s->in_flight < ATK_CREATE_IN_FLIGHT; s->in_flight++)
            atk_ask_table(a, i, false);
    } else if (a->kind == ATK_KEYS) {
        atk_keys_next(a, i);
    } else if (a->kind == ATK_CHAT) {
        if (s->token[0])
            atk_join(a, i, s->table, s->token, "");
        else
            atk_ask_table(a, i, true);
    }
}

static void atk_on_message(Atk *a, int i, NetConn c)
{
    AtkSide *s = &a->side[i];
    const NetMsg *m = a->in;
    if (c != s->talk)
        return;
    if (m->type == NET_MSG_REFUSED) {
        a->refused++;
        atk_note(a, m->u.refused.refusal);
    }
    if (m->type == NET_MSG_CREATED)
        a->tables++;
    if (a->kind == ATK_CREATE && (m->type == NET_MSG_CREATED || m->type == NET_MSG_REFUSED))
        atk_ask_table(a, i, false);
    else if (a->kind == ATK_KEYS && m->type == NET_MSG_REFUSED)
        atk_keys_next(a, i);
    else if (a->kind == ATK_KEYS && m->type == NET_MSG_WELCOME)
        a->seats++;
    else if (a->kind == ATK_CHAT && m->type == NET_MSG_CREATED) {
        snprintf(s->table, sizeof s->table, "%s", m->u.created.table);
        atk_join(a, i, s->table, "", "");
    } else if (a->kind == ATK_CHAT && m->type == NET_MSG_WELCOME)
        snprintf(s->token, sizeof s->token, "%s", m->u.welcome.token);
}

static void atk_on_gone(Atk *a, int i, NetConn c, const NetEvent *ev)
{
    AtkSide *s = &a->side[i];
    s->live--;
    if (s->accepted[atk_slot(c)] == c) {
        s->accepted[atk_slot(c)] = 0;
        s->held--;
    }
    a->closed++;
    atk_note(a, (int)ev->reason);
    if (c == s->talk) {
        s->talk = 0;
        s->in_flight = 0;
        s->retry_at = atk_now_ms() + ATK_RETRY_MS;
    }
}

/* Keeps each side's connections open as its kind wants. */
static void atk_open_more(Atk *a, uint64_t now)
{
    for (int i = 0; i < a->nsides; i++) {
        AtkSide *s = &a->side[i];
        bool talker = a->kind == ATK_CREATE || a->kind == ATK_KEYS || a->kind == ATK_CHAT;
        if (talker && s->talk == 0 && now >= s->retry_at &&
            !(a->kind == ATK_KEYS && a->sent >= ATK_KEYS_MAX))
            s->talk = atk_open(a, i);
    }
    if (a->kind == ATK_IDLE) {
        long want = (a->arg + a->nsides - 1) / a->nsides;
        for (int i = 0; i < a->nsides; i++) {
            for (int n = 0; a->side[i].live < want && n < 64; n++)
                if (!atk_open(a, i))
                    break;
        }
    }
    if (a->kind == ATK_CONNECTS && a->arg > 0) {
        uint64_t gap = a->arg >= 1000 ? 1 : 1000u / (uint64_t)a->arg;
        for (int n = 0; now >= a->next_open && n < 64; n++) {
            atk_open(a, a->next_side);
            a->next_side = (a->next_side + 1) % a->nsides;
            a->next_open += gap;
        }
    }
}

static void atk_chat(Atk *a)
{
    for (int i = 0; i < a->nsides; i++) {
        AtkSide *s = &a->side[i];
        if (!s->talk || !s->token[0] || !net_client_connected(s->c, s->talk))
            continue;
        memset(a->out, 0, sizeof *a->out);
        a->out->type = NET_MSG_CHAT;
        snprintf(a->out->u.chat.text, sizeof a->out->u.chat.text, "line %ld", a->sent);
        atk_send(a, i, s->talk);
    }
}

static void atk_poll(Atk *a, int i)
{
    NetEvent ev;
    AtkSide *s = &a->side[i];
    for (int n = 0; n < 256; n++) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(s->c, n == 0 ? ATK_POLL_MS : 0, &ev, a->in))
            return;
        if (ev.kind == NET_EVENT_CONNECT)
            atk_on_connect(a, i, ev.conn);
        else if (ev.kind == NET_EVENT_MESSAGE)
            atk_on_message(a, i, ev.conn);
        else if (ev.kind == NET_EVENT_DISCONNECT)
            atk_on_gone(a, i, ev.conn, &ev);
    }
}

static void atk_run(Atk *a)
{
    a->start = atk_now_ms();
    a->end = a->start + (uint64_t)a->end;
    a->next_open = a->start;
    while (atk_now_ms() < a->end) {
        uint64_t now = atk_now_ms();
        atk_open_more(a, now);
        if (a->kind == ATK_CHAT)
            atk_chat(a);
        for (int i = 0; i < a->nsides; i++) {
            atk_poll(a, i);
            net_client_flush(a->side[i].c);
        }
        int held = atk_held(a);
        a->peak = held > a->peak ? held : a->peak;
    }
}

static void atk_report(const Atk *a, const char *kind)
{
    printf("attack %s: peak held %d connections, held at the end %d, tables %ld, seats %ld, sent "
           "%ld, refused %ld, closed %ld (reasons:",
           kind, a->peak, atk_held(a), a->tables, a->seats, a->sent, a->refused, a->closed);
    for (int r = 0; r < ATK_REASONS; r++) {
        if (a->reasons[r])
            printf(" %d x%ld", r, a->reasons[r]);
    }
    printf(")\n");
}

/* The sides' clients, from --from and the addresses after it. */
static bool atk_open_sides(Atk *a, const char *from, int conns)
{
    struct in_addr first;
    if (inet_pton(AF_INET, from, &first) != 1)
        return false;
    for (int i = 0; i < a->nsides; i++) {
        struct in_addr ad = {htonl(ntohl(first.s_addr) + (uint32_t)i)};
        char text[INET_ADDRSTRLEN] = "", err[ATK_ERR_MAX] = "";
        inet_ntop(AF_INET, &ad, text, sizeof text);
        NetClientOptions opt = {conns, 0, 0, 5000, text};
        a->side[i].c = net_client_create(&opt, err, sizeof err);
        if (!a->side[i].c) {
            fprintf(stderr, "net_attacker: %s: %s\n", text, err);
            return false;
        }
    }
    return true;
}

static int atk_parse(Atk *a, int argc, char **argv, const char **from, const char **kind)
{
    a->nsides = 1;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(o, "--connect") == 0 && v)
            a->connect = v, i++;
        else if (strcmp(o, "--from") == 0 && v)
            *from = v, i++;
        else if (strcmp(o, "--addresses") == 0 && v)
            a->nsides = atoi(v), i++;
        else if (strcmp(o, "--seconds") == 0 && v)
            a->end = (uint64_t)atol(v) * 1000u, i++;
        else if (!*kind) {
            *kind = o;
            if (v && (strcmp(o, "idle") == 0 || strcmp(o, "connects") == 0))
                a->arg = atol(v), i++;
            else if (v && strcmp(o, "keys") == 0)
                a->table = v, i++;
        } else
            return atk_usage();
    }
    if (!a->connect || !*from || !*kind || a->nsides < 1 || a->nsides > ATK_ADDRESSES_MAX)
        return atk_usage();
    return 0;
}

int main(int argc, char **argv)
{
    static Atk a;
    const char *from = NULL, *kind = NULL;
    if (atk_parse(&a, argc, argv, &from, &kind) != 0)
        return 2;
    static const char *const kinds[] = {"idle", "connects", "create", "keys", "chat"};
    int k = 0;
    while (k < 5 && strcmp(kind, kinds[k]) != 0)
        k++;
    if (k == 5 || (k == ATK_KEYS && !a.table))
        return atk_usage();
    a.kind = (AtkKind)k;
    a.in = calloc(1, sizeof *a.in);
    a.out = calloc(1, sizeof *a.out);
    int conns = a.kind == ATK_IDLE || a.kind == ATK_CONNECTS ? NET_TRANSPORT_MAX_PEERS : 4;
    if (!a.in || !a.out || !atk_open_sides(&a, from, conns))
        return 1;
    atk_run(&a);
    atk_report(&a, kind);
    for (int i = 0; i < a.nsides; i++)
        net_client_destroy(a.side[i].c);
    free(a.in);
    free(a.out);
    return 0;
}
