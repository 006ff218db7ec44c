/* net_table.c — the app at a network table (net_table.h): the host run in
 * the app with the person's seat as a connection without sockets, or a
 * client of another app's or a ceki-server's host, reconnecting by itself.
 *
 * Both ways the person's SeatFeed receives the host's messages for that
 * seat; what is not the seat's business (a table's id, the list of tables,
 * chat, refusals of a join or a start) is kept here. Time: the host's clock
 * starts at 0 when the table is made and follows the now_ms of the polls
 * from the first one on, so a restored table's grace periods start when it
 * is hosted again, whatever the app's clock reads (plus what
 * net_table_skip_time moved it on). */
#include "net_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "i18n.h"
#include "net_address.h"

/* The person's connection at the host: a transport number is serial << 12
 * | slot with the serial from 1, so one with serial 0 is never the
 * transport's. */
#define NET_TABLE_LOCAL_CONN 0x0FFFu
#define NET_TABLE_MAX_PEERS 64
#define NET_TABLE_EVENTS_PER_POLL 512 /* transport events handled in one poll at most */
#define NET_TABLE_LOCAL_PER_POLL 4096 /* host messages to the person in one poll at most */
#define NET_TABLE_QUEUE_FIRST 16
#define NET_TABLE_BACKOFF_FIRST_MS 250u
#define NET_TABLE_BACKOFF_MAX_MS 4000u
#define NET_TABLE_GIVE_UP_MS (10u * 60u * 1000u) /* retrying for 10 minutes (at least 2) */
#define NET_TABLE_UNREACHABLE_MS 15000u          /* retrying this long: the host is gone */
#define NET_TABLE_CHAT_KEEP 64
#define NET_TABLE_ERR_MAX 512

/* Messages kept in order: [head, n) waiting; every slot keeps its NetMsg
 * once made. A slot is reused only once the queue is settled (empty). */
typedef struct MsgQueue {
    NetMsg **msg;
    int head, n, cap;
} MsgQueue;

struct NetTable {
    bool hosting, failed;
    char error[NET_TABLE_ERR_MAX];
    NetTableFailure failure;
    NetReason refusal;
    SeatFeed *feed;
    NetMsg *msg, *out;
    uint32_t now, base; /* the last poll's now_ms; the first one's */
    uint32_t skipped;   /* hosting: ms the host's clock was moved on (net_table_skip_time) */
    bool polled;
    char table[NET_TABLE_ID_MAX + 1];
    char token[NET_TOKEN_LEN + 1];
    char name[NET_NAME_MAX + 1];
    char key[NET_KEY_LEN + 1]; /* a private table's key, "" for an open one */
    bool welcomed, creator, open;
    bool watch;     /* joins (and joins again) as a spectator */
    int want_seat;  /* the seat a new join asks for (-1: any) */
    NetMsg *create; /* on a server: the CREATE to send once connected, NULL after */
    /* hosting */
    Host *host;
    NetServer *server;
    uint16_t port;
    MsgQueue local; /* the host's messages to the person, waiting for the pump */
    /* joining */
    NetClient *client;
    NetConn conn;
    NetAddress address;
    bool up;        /* conn is connected */
    bool answered;  /* it was once */
    bool lost;      /* retrying */
    bool host_gone; /* the host said it stops, or stayed out of reach */
    bool choosing;  /* connected without a table */
    uint32_t lost_at, next_try, backoff;
    NetTables tables;
    bool has_tables;
    MsgQueue feedq; /* the feed's messages held back (stepwise) */
    bool stepwise;
    uint32_t acked; /* stepwise: the feed's move number the caller took in */
    NetChat chat[NET_TABLE_CHAT_KEEP];
    int chat_head, chat_n;
    NetClockState clock; /* the turn clock as the last VIEW, UPDATE or SEATS told it */
    long clock_told;     /* how many have told it */
};

static void table_say(char *err, size_t err_size, const char *why)
{
    if (err != NULL && err_size > 0) {
        snprintf(err, err_size, "%s", why);
    }
}

static void table_fail(NetTable *t, const char *why)
{
    t->failed = true;
    if (t->failure == NET_TABLE_FAIL_NONE) {
        t->failure = NET_TABLE_FAIL_OTHER;
    }
    snprintf(t->error, sizeof t->error, "%s", why);
}

/* The host refused or closed it for good, for this reason. */
static void table_fail_refused(NetTable *t, NetReason why)
{
    t->failure = NET_TABLE_FAIL_REFUSED;
    t->refusal = why;
    table_fail(t, net_table_reason_text(why, t->key[0] != '\0'));
}

/* The host's clock: 0 at the start, then the polls' now_ms. */
static uint64_t table_host_now(const NetTable *t)
{
    return (t->polled ? (uint64_t)(uint32_t)(t->now - t->base) : 0) + t->skipped;
}

/* ---- queues of messages ------------------------------------------------------ */

static bool mq_push(MsgQueue *q, const NetMsg *m)
{
    if (q->n == q->cap) {
        int cap = q->cap > 0 ? q->cap * 2 : NET_TABLE_QUEUE_FIRST;
        NetMsg **grown = realloc(q->msg, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        for (int i = q->cap; i < cap; i++) {
            grown[i] = NULL;
        }
        q->msg = grown;
        q->cap = cap;
    }
    if (q->msg[q->n] == NULL && (q->msg[q->n] = malloc(sizeof *m)) == NULL) {
        return false;
    }
    *q->msg[q->n++] = *m;
    return true;
}

static void mq_settle(MsgQueue *q)
{
    if (q->head == q->n) {
        q->head = q->n = 0;
    }
}

static void mq_free(MsgQueue *q)
{
    for (int i = 0; i < q->cap; i++) {
        free(q->msg[i]);
    }
    free(q->msg);
    memset(q, 0, sizeof *q);
}

/* Whether the feed may be handed m now. Stepwise, an update waits while
 * the feed holds a move the caller has not taken in; one that did not move
 * the feed on (a resync in flight) does not hold the next back, so the
 * whole view that follows always comes. */
static bool feed_may_take(const NetTable *t, const NetMsg *m)
{
    return !t->stepwise || m->type != NET_MSG_UPDATE || seat_feed_move_no(t->feed) == t->acked;
}

/* The held messages the feed may take now, in order. */
static void feed_drain(NetTable *t)
{
    while (t->feedq.head < t->feedq.n && feed_may_take(t, t->feedq.msg[t->feedq.head])) {
        seat_feed_receive(t->feed, t->feedq.msg[t->feedq.head++]);
    }
    mq_settle(&t->feedq);
}

/* A message for the feed: handed over at once, or held behind the ones
 * held already (stepwise). */
static void feed_push(NetTable *t, const NetMsg *m)
{
    if (t->feedq.head == t->feedq.n && feed_may_take(t, m)) {
        seat_feed_receive(t->feed, m);
    } else {
        mq_push(&t->feedq, m);
    }
}

/* ---- what arrives for the person ------------------------------------------ */

static void table_keep_chat(NetTable *t, const NetChat *c)
{
    int slot = (t->chat_head + t->chat_n) % NET_TABLE_CHAT_KEEP;
    t->chat[slot] = *c;
    if (t->chat_n < NET_TABLE_CHAT_KEEP) {
        t->chat_n++;
    } else {
        t->chat_head = (t->chat_head + 1) % NET_TABLE_CHAT_KEEP;
    }
}

static bool table_send(NetTable *t, const NetMsg *m)
{
    return seat_feed_send(t->feed, m);
}

static void table_send_join(NetTable *t, const char *table, const char *token, int seat)
{
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_JOIN;
    snprintf(t->out->u.join.table, sizeof t->out->u.join.table, "%s", table);
    snprintf(t->out->u.join.token, sizeof t->out->u.join.token, "%s", token);
    t->out->u.join.seat = (int8_t)(t->watch ? -1 : seat);
    t->out->u.join.watch = t->watch;
    memcpy(t->out->u.join.name, t->name, sizeof t->out->u.join.name);
    if (token[0] == '\0') {
        memcpy(t->out->u.join.key, t->key, sizeof t->out->u.join.key);
    }
    table_send(t, t->out);
}

/* A refusal: of a seat or a table, the end; of a start or a computer seat,
 * a notice; of a move or a resync, the feed's. */
static void table_refused(NetTable *t, const NetMsg *m)
{
    const NetRefused *r = &m->u.refused;
    NetReason why = r->refusal < NET_REASON_COUNT ? (NetReason)r->refusal : NET_REASON_NONE;
    if (r->what == NET_MSG_JOIN || r->what == NET_MSG_CREATE) {
        table_fail_refused(t, why);
    } else if (r->what == NET_MSG_MOVE || r->what == NET_MSG_RESYNC) {
        feed_push(t, m);
    } else {
        snprintf(t->error, sizeof t->error, "%s", net_table_reason_text(why, false));
    }
}

static void table_welcomed(NetTable *t, const NetMsg *m)
{
    memcpy(t->token, m->u.welcome.token, sizeof t->token);
    memcpy(t->table, m->u.welcome.table, sizeof t->table);
    memcpy(t->address.table, m->u.welcome.table, sizeof t->address.table);
    memcpy(t->key, m->u.welcome.key, sizeof t->key);
    t->open = t->key[0] == '\0';
    t->creator = m->u.welcome.creator;
    t->welcomed = true;
    t->choosing = false;
    t->lost = t->host_gone = false;
    t->lost_at = 0;
    t->backoff = NET_TABLE_BACKOFF_FIRST_MS;
    t->error[0] = '\0';
    feed_push(t, m);
}

/* The clock as it stands, from every message that carries it, when it
 * arrives (an update the feed is handed later is timed from now). */
static void table_keep_clock(NetTable *t, const NetMsg *m)
{
    const NetClockState *c = m->type == NET_MSG_VIEW     ? &m->u.view.clock
                             : m->type == NET_MSG_UPDATE ? &m->u.update.clock
                             : m->type == NET_MSG_SEATS  ? &m->u.seats.clock
                                                         : NULL;
    if (c != NULL) {
        t->clock = *c;
        t->clock_told++;
    }
}

static void table_deliver(NetTable *t, const NetMsg *m)
{
    table_keep_clock(t, m);
    switch ((NetMsgType)m->type) {
    case NET_MSG_CREATED:
        memcpy(t->table, m->u.created.table, sizeof t->table);
        memcpy(t->key, m->u.created.key, sizeof t->key);
        table_send_join(t, t->table, "", t->want_seat);
        break;
    case NET_MSG_TABLES:
        t->tables = m->u.tables;
        t->has_tables = true;
        break;
    case NET_MSG_CHAT: table_keep_chat(t, &m->u.chat); break;
    case NET_MSG_REFUSED: table_refused(t, m); break;
    case NET_MSG_WELCOME: table_welcomed(t, m); break;
    case NET_MSG_PING:
    case NET_MSG_PONG: break;
    default: feed_push(t, m); break;
    }
}

/* ---- hosting: the host's outbox and the person's connection --------------- */

static void outbox_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    NetTable *t = ctx;
    if (conn != NET_TABLE_LOCAL_CONN) {
        net_server_send(t->server, conn, msg);
        return;
    }
    mq_push(&t->local, msg);
}

static void outbox_drop(void *ctx, HostConn conn, NetReason why)
{
    NetTable *t = ctx;
    if (conn != NET_TABLE_LOCAL_CONN) {
        net_server_drop(t->server, conn, why);
    } else if (why == NET_REASON_NO_TABLE) {
        table_fail(t, _("That table is not kept on this computer any more."));
    } else {
        table_fail(t, _("The host refused your own seat."));
    }
}

static void outbox_log(void *ctx, const char *line)
{
    (void)ctx;
    if (getenv("CEKI_NET_TRACE") != NULL) {
        fprintf(stderr, "ceki: host: %s\n", line);
    }
}

/* The person's messages reach the host at once, each followed by a tick
 * (a move is told once it is kept, host.h). */
static bool local_link_send(void *ctx, uint32_t conn, const NetMsg *msg)
{
    NetTable *t = ctx;
    if (t->failed) {
        return false;
    }
    host_received(t->host, conn, msg, table_host_now(t));
    host_tick(t->host, table_host_now(t));
    return true;
}

/* Hands the queued messages to the person, in order; a resync's answer
 * queued meanwhile comes in the same pump. */
static void local_pump(NetTable *t)
{
    for (int n = 0; t->local.head < t->local.n && n < NET_TABLE_LOCAL_PER_POLL; n++) {
        table_deliver(t, t->local.msg[t->local.head++]);
    }
    mq_settle(&t->local);
}

static void host_handle(NetTable *t, const NetEvent *ev)
{
    uint64_t now = table_host_now(t);
    switch (ev->kind) {
    case NET_EVENT_CONNECT: host_connected(t->host, ev->conn, now); break;
    case NET_EVENT_MESSAGE: host_received(t->host, ev->conn, t->msg, now); break;
    case NET_EVENT_DISCONNECT: host_disconnected(t->host, ev->conn, now); break;
    default: break;
    }
}

static void host_poll(NetTable *t)
{
    NetEvent ev;
    for (int n = 0; n < NET_TABLE_EVENTS_PER_POLL; n++) {
        memset(&ev, 0, sizeof ev);
        if (!net_server_poll(t->server, 0, &ev, t->msg)) {
            break;
        }
        host_handle(t, &ev);
    }
    host_tick(t->host, table_host_now(t));
    net_server_flush(t->server);
    local_pump(t);
}

/* ---- making and freeing ------------------------------------------------------ */

static NetTable *table_new(const char *name, bool hosting, SeatFeedLink *link)
{
    NetTable *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return NULL;
    }
    t->hosting = hosting;
    t->backoff = NET_TABLE_BACKOFF_FIRST_MS;
    snprintf(t->name, sizeof t->name, "%s", name != NULL ? name : "");
    t->msg = malloc(sizeof *t->msg);
    t->out = malloc(sizeof *t->out);
    link->ctx = t;
    t->feed = seat_feed_create(link);
    if (t->msg == NULL || t->out == NULL || t->feed == NULL) {
        net_table_destroy(t);
        return NULL;
    }
    return t;
}

void net_table_destroy(NetTable *t)
{
    if (t == NULL) {
        return;
    }
    if (t->host != NULL) {
        host_destroy(t->host); /* the journal closes: every move is in it */
    }
    net_server_destroy(t->server); /* everyone is told NET_REASON_SHUTDOWN */
    net_client_destroy(t->client); /* the host is told NET_REASON_LEAVING */
    mq_free(&t->local);
    mq_free(&t->feedq);
    seat_feed_destroy(t->feed);
    free(t->msg);
    free(t->out);
    free(t->create);
    free(t);
}

/* ---- hosting ------------------------------------------------------------------ */

/* The CREATE of a table of opt's rules, into m. */
static void table_create_msg(NetMsg *m, const NetHostOptions *opt, const char *name)
{
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATE;
    NetCreate *c = &m->u.create;
    c->rules = opt->rules;
    c->has_seed = opt->has_seed;
    c->seed = opt->seed;
    c->autostart = false;
    c->open = opt->open;
    memcpy(c->name, name, sizeof c->name);
}

/* The person's seat: the first NET_SEAT_LOCAL; -1 when there is none. */
static int rules_local_seat(const NetTableRules *r)
{
    for (int s = 0; s < r->players && s < CEKI_MAX_SEATS; s++) {
        if (r->seat_kind[s] == NET_SEAT_LOCAL) {
            return s;
        }
    }
    return -1;
}

static bool host_open(NetTable *t, const NetHostOptions *opt, char *err, size_t err_size)
{
    char e[NET_TABLE_ERR_MAX] = "";
    uint16_t port = opt->any_port ? 0 : opt->port != 0 ? opt->port : NET_DEFAULT_PORT;
    NetServerOptions so = {.bind = opt->bind,
                           .port = port,
                           .max_peers = NET_TABLE_MAX_PEERS,
                           .timeout_ms = NET_PEER_TIMEOUT_MIN_MS};
    t->server = net_server_create(&so, e, sizeof e);
    if (t->server != NULL) { /* a silent friend is seen away within seconds (net_transport.h) */
        net_server_set_timeouts(t->server, NET_PEER_TIMEOUT_MIN_MS, NET_PEER_TIMEOUT_MAX_MS);
    }
    if (t->server == NULL) {
        snprintf(err, err_size, _("The table cannot be offered on port %u: %s"), (unsigned)port, e);
        return false;
    }
    t->port = net_server_port(t->server);
    HostOptions ho = {.data_dir = opt->data_dir,
                      .grace_ms = opt->grace_ms,
                      .allow_seed = opt->has_seed,
                      .claim_ms = opt->claim_ms ? opt->claim_ms : HOST_CLAIM_MS_DEFAULT};
    HostOutbox out = {t, outbox_send, outbox_drop, outbox_log};
    t->host = host_create(&ho, &out, 0, e, sizeof e);
    if (t->host == NULL) {
        snprintf(err, err_size, _("The table's journal cannot be opened: %s"), e);
        return false;
    }
    host_connected(t->host, NET_TABLE_LOCAL_CONN, 0);
    return true;
}

/* A hosted table made or resumed: the person seated, else its reason. */
static NetTable *host_seated(NetTable *t, char *err, size_t err_size)
{
    local_pump(t);
    if (!t->failed && t->welcomed) {
        return t;
    }
    table_say(err, err_size,
              t->error[0] != '\0' ? t->error
                                  : _("The table could not be set up on this computer."));
    net_table_destroy(t);
    return NULL;
}

static NetTable *host_begin(const NetHostOptions *opt, int seat, char *err, size_t err_size)
{
    SeatFeedLink link = {NULL, NET_TABLE_LOCAL_CONN, local_link_send};
    NetTable *t = table_new(opt->name, true, &link);
    if (t == NULL) {
        table_say(err, err_size, _("out of memory"));
        return NULL;
    }
    t->want_seat = seat;
    if (!host_open(t, opt, err, err_size)) {
        net_table_destroy(t);
        return NULL;
    }
    return t;
}

NetTable *net_table_host(const NetHostOptions *opt, char *err, size_t err_size)
{
    int seat = opt != NULL ? rules_local_seat(&opt->rules) : -1;
    if (seat < 0) {
        table_say(err, err_size, _("A table you host needs a seat for you."));
        return NULL;
    }
    NetTable *t = host_begin(opt, seat, err, err_size);
    if (t == NULL) {
        return NULL;
    }
    table_create_msg(t->out, opt, t->name);
    table_send(t, t->out); /* CREATED comes back; the person then sits in `seat` */
    return host_seated(t, err, err_size);
}

NetTable *net_table_resume(const NetHostOptions *opt, const NetTicket *ticket, char *err,
                           size_t err_size)
{
    if (opt == NULL || ticket == NULL || opt->data_dir == NULL || !ticket->hosting ||
        ticket->address.table[0] == '\0' || ticket->token[0] == '\0') {
        table_say(err, err_size, _("There is no table of yours to host again."));
        return NULL;
    }
    NetTable *t = host_begin(opt, -1, err, err_size);
    if (t == NULL) {
        return NULL;
    }
    table_send_join(t, ticket->address.table, ticket->token, -1);
    return host_seated(t, err, err_size);
}

/* ---- joining ------------------------------------------------------------------ */

static bool client_link_send(void *ctx, uint32_t conn, const NetMsg *msg)
{
    NetTable *t = ctx;
    (void)conn;
    return t->conn != 0 && t->up && net_client_send(t->client, t->conn, msg);
}

static bool client_connect(NetTable *t, char *err, size_t err_size)
{
    char hp[NET_ADDRESS_HOST_MAX + 8];
    char e[NET_TABLE_ERR_MAX] = "";
    snprintf(hp, sizeof hp, "%s:%u", t->address.host, (unsigned)t->address.port);
    t->conn = net_client_connect(t->client, hp, e, sizeof e);
    if (t->conn == 0) {
        snprintf(err, err_size, _("%s cannot be reached: %s"), hp, e);
        return false;
    }
    return true;
}

/* A client of the host at a, not yet connecting. */
static NetTable *client_new(const NetAddress *a, const char *name, char *err, size_t err_size)
{
    if (a == NULL || a->host[0] == '\0' || a->port == 0) {
        table_say(err, err_size, _("That is not an address to join."));
        return NULL;
    }
    SeatFeedLink link = {NULL, 0, client_link_send};
    NetTable *t = table_new(name, false, &link);
    if (t == NULL) {
        table_say(err, err_size, _("out of memory"));
        return NULL;
    }
    t->address = *a;
    memcpy(t->key, a->key, sizeof t->key);
    t->want_seat = -1;
    return t;
}

/* Connects t (made by client_new); NULL with the sentence when it cannot. */
static NetTable *client_start(NetTable *t, char *err, size_t err_size)
{
    char e[NET_TABLE_ERR_MAX] = "";
    NetClientOptions co = {.max_conns = 1, .timeout_ms = NET_PEER_TIMEOUT_MIN_MS};
    t->client = net_client_create(&co, e, sizeof e);
    if (t->client != NULL) {
        net_client_set_timeouts(t->client, NET_PEER_TIMEOUT_MIN_MS, NET_PEER_TIMEOUT_MAX_MS);
    }
    if (t->client == NULL) {
        snprintf(err, err_size, "%s", e);
    }
    if (t->client == NULL || !client_connect(t, err, err_size)) {
        net_table_destroy(t);
        return NULL;
    }
    return t;
}

NetTable *net_table_join(const NetAddress *a, const char *token, const char *name, char *err,
                         size_t err_size)
{
    NetTable *t = client_new(a, name, err, err_size);
    if (t == NULL) {
        return NULL;
    }
    snprintf(t->token, sizeof t->token, "%s", token != NULL ? token : "");
    return client_start(t, err, err_size);
}

NetTable *net_table_watch(const NetAddress *a, const char *name, char *err, size_t err_size)
{
    NetTable *t = client_new(a, name, err, err_size);
    if (t == NULL) {
        return NULL;
    }
    t->watch = true;
    return client_start(t, err, err_size);
}

NetTable *net_table_make_on(const NetAddress *server, const NetHostOptions *opt, char *err,
                            size_t err_size)
{
    int seat = opt != NULL ? rules_local_seat(&opt->rules) : -1;
    if (seat < 0) {
        table_say(err, err_size, _("A table you make needs a seat for you."));
        return NULL;
    }
    NetAddress a = *server;
    a.table[0] = a.key[0] = '\0';
    NetTable *t = client_new(&a, opt->name, err, err_size);
    if (t == NULL) {
        return NULL;
    }
    t->want_seat = seat;
    if ((t->create = malloc(sizeof *t->create)) == NULL) {
        table_say(err, err_size, _("out of memory"));
        net_table_destroy(t);
        return NULL;
    }
    table_create_msg(t->create, opt, t->name);
    t->create->u.create.rules.seat_kind[seat] = NET_SEAT_NET; /* a server has no screen */
    return client_start(t, err, err_size);
}

/* Whether a connection closed for this reason is closed for good: the
 * host will not take it back. Admission's refusals (busy, too fast, full)
 * end a first join; a seat already held tries again. */
static bool bye_final(const NetTable *t, NetReason why)
{
    switch (why) {
    case NET_REASON_NONE:
    case NET_REASON_LEAVING:
    case NET_REASON_SHUTDOWN: return false;
    case NET_REASON_BUSY:
    case NET_REASON_ADDRESS_BUSY:
    case NET_REASON_TOO_FAST:
    case NET_REASON_FULL: return !t->welcomed;
    default: return why < NET_REASON_COUNT;
    }
}

static void client_backoff(NetTable *t)
{
    t->next_try = t->now + t->backoff;
    t->backoff =
        t->backoff * 2 < NET_TABLE_BACKOFF_MAX_MS ? t->backoff * 2 : NET_TABLE_BACKOFF_MAX_MS;
}

/* A new join nobody answered: said, with what is most often in the way (a
 * router in front of the host that lets nobody in) and what gets round it.
 * Going back to a seat (a token), the host was there once: it may have
 * closed the table. */
static void client_no_answer(NetTable *t)
{
    if (t->token[0] != '\0') {
        char e[NET_TABLE_ERR_MAX];
        snprintf(e, sizeof e, _("The table at %s:%u does not answer; its host may have closed it."),
                 t->address.host, (unsigned)t->address.port);
        t->failure = NET_TABLE_FAIL_NO_ANSWER;
        table_fail(t, e);
        return;
    }
    int n = snprintf(t->error, sizeof t->error, _("Nobody answered at %s:%u."), t->address.host,
                     (unsigned)t->address.port);
    size_t at = n > 0 && (size_t)n < sizeof t->error - 1 ? (size_t)n : 0;
    t->error[at++] = ' ';
    snprintf(t->error + at, sizeof t->error - at,
             _("The host may be behind a router that lets nobody in: play through a server, or "
               "ask the host to forward port %u on their router."),
             (unsigned)t->address.port);
    t->failed = true;
    t->failure = NET_TABLE_FAIL_NO_ANSWER;
}

/* The connection is gone: the end, or trying again with a wait that grows. */
static void client_lost(NetTable *t, NetReason why)
{
    bool was_up = t->up;
    t->up = false;
    t->conn = 0;
    if (t->failed || seat_feed_record(t->feed, NULL) != NULL) {
        return; /* the match is over: nothing to come back to */
    }
    if (bye_final(t, why)) {
        table_fail_refused(t, why);
        return;
    }
    if (!was_up && !t->lost && t->token[0] == '\0') {
        client_no_answer(t);
        return;
    }
    if (!t->lost) {
        t->lost = true;
        t->lost_at = t->now;
    }
    uint32_t away = t->now - t->lost_at;
    if (why == NET_REASON_SHUTDOWN ||
        (!was_up && (away >= NET_TABLE_UNREACHABLE_MS || !t->welcomed))) {
        t->host_gone = true;
    }
    if (away > NET_TABLE_GIVE_UP_MS) {
        t->failure = NET_TABLE_FAIL_GAVE_UP;
        table_fail(t, _("The host stayed out of reach, so the table was left."));
        return;
    }
    client_backoff(t);
}

bool net_table_try_again(NetTable *t)
{
    if (t == NULL || !t->failed || t->failure != NET_TABLE_FAIL_GAVE_UP) {
        return false;
    }
    t->failed = false;
    t->failure = NET_TABLE_FAIL_NONE;
    t->error[0] = '\0';
    t->lost = t->host_gone = true;
    t->lost_at = t->now;
    t->backoff = NET_TABLE_BACKOFF_FIRST_MS;
    t->next_try = t->now;
    return true;
}

static void client_handle(NetTable *t, const NetEvent *ev)
{
    if (ev->conn == 0 || ev->conn != t->conn) {
        return;
    }
    if (ev->kind == NET_EVENT_CONNECT) {
        t->up = true;
        t->answered = true;
        if (t->create != NULL) {
            table_send(t, t->create); /* CREATED comes back, then the seat is taken */
            free(t->create);
            t->create = NULL;
        } else if (t->address.table[0] != '\0') {
            table_send_join(t, t->address.table, t->token, -1);
        } else {
            t->choosing = true;
            memset(t->out, 0, sizeof *t->out);
            t->out->type = NET_MSG_LIST;
            table_send(t, t->out);
        }
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        table_deliver(t, t->msg);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        client_lost(t, ev->reason);
    }
}

/* A first seat still being waited for: a new join's (its seat, or a
 * server's list of tables), or a rejoin's with a token that no host has
 * seated yet (tried again meanwhile). The wait NET_TABLE_NO_ANSWER_MS
 * bounds both. */
static bool client_first_wait(const NetTable *t)
{
    return !t->hosting && !t->failed && !t->welcomed && !t->choosing &&
           (!t->lost || t->token[0] != '\0');
}

/* A first seat not given within NET_TABLE_NO_ANSWER_MS is given up (ENet
 * itself would give up only at its retry after 15 s; a rejoin's retries
 * would go on for minutes): nothing answered, what answered gave no seat,
 * or the table a token was for is not there any more. */
static void client_bound_wait(NetTable *t)
{
    if (!client_first_wait(t) || t->now - t->base < NET_TABLE_NO_ANSWER_MS) {
        return;
    }
    if (!t->answered || t->token[0] != '\0') {
        client_no_answer(t);
    } else {
        table_fail(t, _("The table answered, but gave no seat in time; try again."));
    }
    if (t->conn != 0) {
        net_client_disconnect(t->client, t->conn, NET_REASON_LEAVING);
    }
    t->conn = 0;
    t->up = t->lost = false;
}

static void client_poll(NetTable *t)
{
    if (t->conn == 0 && t->lost && !t->failed && (int32_t)(t->now - t->next_try) >= 0) {
        char e[NET_TABLE_ERR_MAX] = "";
        if (!client_connect(t, e, sizeof e)) {
            client_backoff(t);
        }
    }
    NetEvent ev;
    for (int n = 0; n < NET_TABLE_EVENTS_PER_POLL; n++) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(t->client, 0, &ev, t->msg)) {
            break;
        }
        client_handle(t, &ev);
    }
    net_client_flush(t->client);
    client_bound_wait(t);
}

/* ---- every frame ---------------------------------------------------------------- */

void net_table_poll(NetTable *t, uint32_t now_ms)
{
    if (t == NULL) {
        return;
    }
    if (!t->polled) {
        t->polled = true;
        t->base = now_ms;
    }
    t->now = now_ms;
    if (t->hosting) {
        host_poll(t);
    } else {
        client_poll(t);
    }
}

NetTableState net_table_state(const NetTable *t)
{
    if (t == NULL || t->failed) {
        return NET_TABLE_FAILED;
    }
    if (seat_feed_record(t->feed, NULL) != NULL) {
        return NET_TABLE_OVER;
    }
    if (t->lost && t->welcomed) {
        return t->host_gone ? NET_TABLE_HOST_GONE : NET_TABLE_RECONNECTING;
    }
    if (t->welcomed) {
        return seat_feed_seats(t->feed)->started ? NET_TABLE_PLAYING : NET_TABLE_WAITING;
    }
    return t->choosing ? NET_TABLE_CHOOSING : NET_TABLE_CONNECTING;
}

const char *net_table_error(const NetTable *t)
{
    if (t == NULL) {
        return "";
    }
    if (t->lost && !t->welcomed && !t->failed) {
        return ""; /* still the first connection, tried again */
    }
    if (t->lost && t->host_gone && !t->failed) {
        return _("The host left; waiting for it.");
    }
    if (t->lost && !t->failed) {
        return _("The connection dropped; joining again.");
    }
    return t->error;
}

void net_table_stepwise(NetTable *t, bool on)
{
    if (t != NULL) {
        t->stepwise = on;
        t->acked = seat_feed_move_no(t->feed);
        feed_drain(t);
    }
}

void net_table_next_update(NetTable *t)
{
    if (t != NULL) {
        t->acked = seat_feed_move_no(t->feed);
        feed_drain(t);
    }
}

NetTableFailure net_table_failure(const NetTable *t)
{
    return t != NULL && t->failed ? t->failure : NET_TABLE_FAIL_NONE;
}

NetReason net_table_refusal(const NetTable *t)
{
    return net_table_failure(t) == NET_TABLE_FAIL_REFUSED ? t->refusal : NET_REASON_NONE;
}

uint32_t net_table_wait_left_ms(const NetTable *t)
{
    if (t == NULL || !client_first_wait(t)) {
        return 0;
    }
    uint32_t waited = t->polled ? t->now - t->base : 0;
    return waited < NET_TABLE_NO_ANSWER_MS ? NET_TABLE_NO_ANSWER_MS - waited : 0;
}

bool net_table_is_host(const NetTable *t)
{
    return t != NULL && t->hosting;
}

bool net_table_is_creator(const NetTable *t)
{
    return t != NULL && t->welcomed && (t->hosting || t->creator);
}

bool net_table_is_private(const NetTable *t)
{
    return t != NULL && t->key[0] != '\0';
}

uint16_t net_table_port(const NetTable *t)
{
    return t != NULL ? (t->hosting ? t->port : t->address.port) : 0;
}

SeatFeed *net_table_feed(NetTable *t)
{
    return t != NULL && t->welcomed ? t->feed : NULL;
}

int net_table_seat(const NetTable *t)
{
    return t != NULL && t->welcomed ? seat_feed_seat(t->feed) : -1;
}

const NetSeats *net_table_seats(const NetTable *t)
{
    return t != NULL ? seat_feed_seats(t->feed) : NULL;
}

bool net_table_skip_time(NetTable *t, uint32_t ms)
{
    if (t == NULL || !t->hosting || t->failed || !t->welcomed) {
        return false;
    }
    t->skipped += ms;
    host_tick(t->host, table_host_now(t));
    bool asked = seat_feed_ask_view(t->feed);
    local_pump(t);
    return asked;
}

const NetClockState *net_table_clock(const NetTable *t, long *told)
{
    if (told != NULL) {
        *told = t != NULL ? t->clock_told : 0;
    }
    return t != NULL ? &t->clock : NULL;
}

const NetTableRules *net_table_rules(const NetTable *t)
{
    return t != NULL ? seat_feed_rules(t->feed) : NULL;
}

/* A hosted table's address: the first of this machine's (loopback when
 * there is no other). */
static void host_address(const NetTable *t, NetAddress *out)
{
    char list[1][NET_ADDR_TEXT_MAX];
    memset(out, 0, sizeof *out);
    if (net_address_list(t->port, list, 1) < 1 || !net_address_parse(list[0], out, NULL, 0)) {
        snprintf(out->host, sizeof out->host, "127.0.0.1");
        out->port = t->port;
    }
    memcpy(out->table, t->table, sizeof out->table);
}

void net_table_where(const NetTable *t, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    buf[0] = '\0';
    if (t == NULL) {
        return;
    }
    NetAddress a = t->address;
    if (t->hosting) {
        host_address(t, &a);
    }
    snprintf(buf, size, "%s:%u", a.host, (unsigned)a.port);
}

bool net_table_ticket(const NetTable *t, NetTicket *out)
{
    if (t == NULL || !t->welcomed || out == NULL || t->watch) {
        return false;
    }
    memset(out, 0, sizeof *out);
    if (t->hosting) {
        host_address(t, &out->address);
    } else {
        out->address = t->address;
    }
    memcpy(out->address.table, t->table, sizeof out->address.table);
    memcpy(out->token, t->token, sizeof out->token);
    out->hosting = t->hosting;
    return true;
}

int net_table_addresses(const NetTable *t, char out[][NET_ADDR_TEXT_MAX], int cap)
{
    return t != NULL && t->hosting ? net_address_list(t->port, out, cap) : 0;
}

bool net_table_invite(const NetTable *t, char *buf, size_t size)
{
    if (t == NULL || !t->welcomed || buf == NULL || size == 0) {
        return false;
    }
    NetAddress a;
    if (t->hosting) {
        host_address(t, &a);
    } else {
        a = t->address;
        memcpy(a.table, t->table, sizeof a.table);
    }
    memcpy(a.key, t->key, sizeof a.key);
    net_address_format_invite(&a, buf, size);
    return true;
}

/* ---- the creator's requests, choosing a table, chat ------------------------------ */

bool net_table_seat_ai(NetTable *t, int seat, NetSeatKind kind)
{
    if (t == NULL || !t->welcomed || seat < 0 || seat >= CEKI_MAX_SEATS ||
        (kind != NET_SEAT_RANDOM && kind != NET_SEAT_GREEDY && kind != NET_SEAT_STRONG)) {
        return false;
    }
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_SEAT_AI;
    t->out->u.seat_ai.seat = (int8_t)seat;
    t->out->u.seat_ai.kind = (uint8_t)kind;
    return table_send(t, t->out);
}

bool net_table_stand_in(NetTable *t, bool on)
{
    int seat = net_table_seat(t);
    if (seat < 0) {
        return false;
    }
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_STAND_IN;
    t->out->u.stand_in.seat = (int8_t)seat;
    t->out->u.stand_in.on = on;
    return table_send(t, t->out);
}

bool net_table_start(NetTable *t)
{
    if (t == NULL || !t->welcomed) {
        return false;
    }
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_START;
    return table_send(t, t->out);
}

const NetTables *net_table_tables(const NetTable *t)
{
    return t != NULL && t->has_tables ? &t->tables : NULL;
}

bool net_table_list(NetTable *t)
{
    if (t == NULL || t->hosting || !t->choosing || !t->up) {
        return false;
    }
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_LIST;
    return table_send(t, t->out);
}

static bool table_pick(NetTable *t, const char *table_id, bool watch);

bool net_table_pick_watch(NetTable *t, const char *table_id)
{
    return table_pick(t, table_id, true);
}

bool net_table_pick(NetTable *t, const char *table_id)
{
    return table_pick(t, table_id, false);
}

bool net_table_watching(const NetTable *t)
{
    return t != NULL && t->welcomed && seat_feed_watching(t->feed);
}

/* A listed table taken: a seat, or (watch) a spectator's place. */
static bool table_pick(NetTable *t, const char *table_id, bool watch)
{
    NetAddress a;
    memset(&a, 0, sizeof a);
    if (t == NULL || t->hosting || !t->choosing || !t->up || table_id == NULL ||
        table_id[0] == '\0' || strlen(table_id) > NET_TABLE_ID_MAX ||
        strspn(table_id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") !=
            strlen(table_id)) {
        return false;
    }
    snprintf(t->address.table, sizeof t->address.table, "%s", table_id);
    t->key[0] = '\0'; /* a listed table is open */
    t->watch = watch;
    table_send_join(t, t->address.table, "", -1);
    return true;
}

/* Characters of UTF-8 text (bytes that do not start a sequence aside). */
static size_t utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s != '\0'; s++) {
        n += ((unsigned char)*s & 0xC0u) != 0x80u;
    }
    return n;
}

bool net_table_say(NetTable *t, const char *line)
{
    if (t == NULL || !t->welcomed || line == NULL || line[0] == '\0' ||
        utf8_chars(line) > NET_CHAT_MAX || strlen(line) >= sizeof t->out->u.chat.text) {
        return false;
    }
    memset(t->out, 0, sizeof *t->out);
    t->out->type = NET_MSG_CHAT;
    t->out->u.chat.seat = (int8_t)seat_feed_seat(t->feed);
    memcpy(t->out->u.chat.text, line, strlen(line) + 1);
    return table_send(t, t->out);
}

int net_table_take_chat(NetTable *t, NetChat *out, int cap)
{
    int n = 0;
    while (t != NULL && out != NULL && n < cap && t->chat_n > 0) {
        out[n++] = t->chat[t->chat_head];
        t->chat_head = (t->chat_head + 1) % NET_TABLE_CHAT_KEEP;
        t->chat_n--;
    }
    return n;
}
