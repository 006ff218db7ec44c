/* sim_net.c — the network between the clients and the hosts (sim.h).
 *
 * What is modelled, and why. The host and its clients speak over ENet's
 * reliable, ordered channels (proto.h: the game on one, chat on another).
 * ENet retransmits lost datagrams, drops duplicates and puts packets back
 * in order, so within a live connection nothing a side sends is lost,
 * doubled or overtaken on its channel: what the network does to datagrams
 * shows only as delay. So a link here delivers each channel in order, each
 * message after the link's latency plus a random jitter (never before one
 * sent earlier on that channel); the two channels may overtake each other.
 * What ENet cannot hide is a connection that dies: the path breaks, a side
 * is killed, or a delay outlasts the peer timeout. Then what is in flight
 * is lost from some moment on (the datagrams already past the break still
 * arrive), and each side learns the connection is gone only when its own
 * timeout runs out, sending into the void meanwhile. A side that closes on
 * purpose (the host dropping a peer, a client leaving) sends what it queued
 * first, then the disconnect with its reason, which is what ENet's
 * disconnect_later does (net_transport.c). A new connection is a new link
 * with a new number, as the transport's numbering by slot and generation
 * gives. Datagram loss, duplication and reordering below ENet are left to
 * ENet and to the UDP shim of tests/e2e.
 *
 * Admission, as ceki-server's transport does it: a CONNECT reaching the
 * host is first put to host_admit with the client's address. Refused, the
 * client hears the reason (a disconnect) and the host never has the
 * connection; past NET_REFUSALS_A_SECOND refusals to one address in a
 * second the CONNECT is dropped unanswered and the client's attempt times
 * out. Admitted, the host is told host_connected_from, which may still
 * drop it with a reason, and the client sees the link up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define NET_CONNECT_MS 5000u     /* ceki-cli's wait to reach a server (cli_net.h) */
#define NET_REFUSALS_A_SECOND 10 /* the transport's NET_REFUSALS_PER_S */
#define NET_SECOND_MS 1000u
#define NET_LINKS_FIRST 64

SimLink *net_link(const World *w, uint32_t id)
{
    return id >= 1 && id <= w->nlinks ? w->links[id - 1] : NULL;
}

static SimLink *net_new_link(World *w, SimClient *c)
{
    if (w->nlinks == w->links_cap) {
        uint32_t cap = w->links_cap ? w->links_cap * 2 : NET_LINKS_FIRST;
        SimLink **links = realloc(w->links, cap * sizeof *links);
        if (!links)
            return NULL;
        w->links = links;
        w->links_cap = cap;
    }
    SimLink *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    w->links[w->nlinks++] = l;
    l->id = w->nlinks;
    l->client = c->index;
    l->host = c->host;
    l->host_epoch = w->host[c->host].epoch;
    l->cutoff[0] = l->cutoff[1] = SIM_NEVER;
    l->latency_ms = w->latency_ms + sim_rng_below(&w->rng, w->jitter_ms + 1);
    l->table = l->seat = -1;
    w->stats.links++;
    return l;
}

static void net_queue_link(World *w, SimLink *l, SimEventKind kind, SimSide side, uint64_t after,
                           NetReason why)
{
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.side = (uint8_t)side;
    e.a = l->id;
    e.reason = (uint8_t)why;
    sim_at(w, after, &e);
}

void net_connect(World *w, SimClient *c)
{
    SimLink *l = net_new_link(w, c);
    if (!l) {
        sim_fail(w, "sim", "out of memory for a link");
        return;
    }
    c->link = l->id;
    const SimHost *sh = &w->host[c->host];
    bool reach = sh->h != NULL && !c->net_down;
    if (!reach) { /* nobody answers: the connect attempt times out */
        l->broken = true;
        l->cutoff[0] = l->cutoff[1] = w->now;
        net_queue_link(w, l, SIM_EV_BYE, SIM_TO_CLIENT, NET_CONNECT_MS, NET_REASON_NONE);
        return;
    }
    net_queue_link(w, l, SIM_EV_UP, SIM_TO_HOST, l->latency_ms, NET_REASON_NONE);
}

static uint8_t net_channel_of(uint8_t type)
{
    return type == NET_MSG_CHAT ? NET_CHANNEL_CHAT : NET_CHANNEL_GAME;
}

/* When a message sent now on l's way `to` and channel ch arrives. */
static uint64_t net_arrival(World *w, SimLink *l, SimSide to, uint8_t ch)
{
    uint64_t at = w->now + l->latency_ms + sim_rng_below(&w->rng, w->jitter_ms + 1);
    if (at < l->last_at[to][ch])
        at = l->last_at[to][ch]; /* never before what was sent earlier on the channel */
    l->last_at[to][ch] = at;
    return at;
}

void net_send_bytes(World *w, SimLink *l, SimSide to, const uint8_t *bytes, size_t len)
{
    if ((to == SIM_TO_HOST && l->client_gone) || (to == SIM_TO_CLIENT && l->host_gone))
        return; /* a side that closed sends nothing more */
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_DELIVER;
    e.side = (uint8_t)to;
    e.a = l->id;
    e.channel = net_channel_of(len > 1 ? bytes[1] : 0);
    e.bytes = malloc(len);
    if (!e.bytes) {
        sim_fail(w, "sim", "out of memory for a message");
        return;
    }
    memcpy(e.bytes, bytes, len);
    e.len = (uint32_t)len;
    e.at = net_arrival(w, l, to, e.channel);
    l->in_flight[to]++;
    sim_at(w, e.at - w->now, &e);
}

void net_send(World *w, SimLink *l, SimSide to, const NetMsg *m)
{
    size_t len = net_encode(m, w->buf, NET_MAX_PACKET);
    if (len == 0) {
        sim_fail(w, "sim", "a client's message of type %d does not encode", m->type);
        return;
    }
    net_send_bytes(w, l, to, w->buf, len);
}

/* Each end learns the link is gone after its timeout; `to_host`, `to_client`:
 * from when what travels that way is lost. */
static void net_break(World *w, SimLink *l, uint64_t to_host, uint64_t to_client)
{
    if (to_host < l->cutoff[SIM_TO_HOST])
        l->cutoff[SIM_TO_HOST] = to_host;
    if (to_client < l->cutoff[SIM_TO_CLIENT])
        l->cutoff[SIM_TO_CLIENT] = to_client;
    if (l->broken)
        return;
    l->broken = true;
    if (l->host_open && !l->host_gone)
        net_queue_link(w, l, SIM_EV_BYE, SIM_TO_HOST, w->peer_timeout_ms, NET_REASON_NONE);
    if (!l->client_gone)
        net_queue_link(w, l, SIM_EV_BYE, SIM_TO_CLIENT, w->client_timeout_ms, NET_REASON_NONE);
}

void net_cut(World *w, SimLink *l)
{
    w->stats.cuts++;
    net_break(w, l, w->now + sim_rng_below(&w->rng, l->latency_ms + 1),
              w->now + sim_rng_below(&w->rng, l->latency_ms + 1));
}

void net_host_drop(World *w, SimLink *l, NetReason why)
{
    l->host_open = false;
    l->host_gone = true;
    if (l->broken || l->client_gone)
        return;
    l->broken = true;
    uint64_t at = w->now + l->latency_ms;
    if (at < l->last_at[SIM_TO_CLIENT][NET_CHANNEL_GAME])
        at = l->last_at[SIM_TO_CLIENT][NET_CHANNEL_GAME]; /* after what it queued */
    l->cutoff[SIM_TO_HOST] = w->now;
    net_queue_link(w, l, SIM_EV_BYE, SIM_TO_CLIENT, at - w->now, why);
}

void net_client_close(World *w, SimLink *l, bool leaving)
{
    l->client_gone = true;
    l->client_open = false;
    l->cutoff[SIM_TO_CLIENT] = w->now;
    if (l->broken)
        return;
    l->broken = true;
    if (!l->host_open || l->host_gone)
        return;
    if (!leaving) { /* killed: what it sent is on the wire; the host times out */
        l->cutoff[SIM_TO_HOST] = w->now + sim_rng_below(&w->rng, l->latency_ms + 1);
        net_queue_link(w, l, SIM_EV_BYE, SIM_TO_HOST, w->peer_timeout_ms, NET_REASON_NONE);
        return;
    }
    uint64_t at = w->now + l->latency_ms;
    if (at < l->last_at[SIM_TO_HOST][NET_CHANNEL_GAME])
        at = l->last_at[SIM_TO_HOST][NET_CHANNEL_GAME];
    net_queue_link(w, l, SIM_EV_BYE, SIM_TO_HOST, at - w->now, NET_REASON_LEAVING);
}

void net_host_died(World *w, SimHost *sh)
{
    for (uint32_t i = 0; i < w->nlinks; i++) {
        SimLink *l = w->links[i];
        if (l->host != sh->index || l->host_epoch != sh->epoch || l->host_gone)
            continue;
        l->host_open = false;
        l->host_gone = true;
        net_break(w, l, w->now, w->now + sim_rng_below(&w->rng, l->latency_ms + 1));
    }
}

bool net_quiet(const SimLink *l)
{
    return l->in_flight[0] == 0 && l->in_flight[1] == 0;
}

/* ---- events ---- */

static bool net_host_takes(const World *w, const SimLink *l)
{
    const SimHost *sh = &w->host[l->host];
    return sh->h != NULL && sh->epoch == l->host_epoch && l->host_open && !l->host_gone;
}

static void net_deliver(World *w, const SimEvent *e, SimLink *l)
{
    l->in_flight[e->side]--;
    bool to_host = e->side == SIM_TO_HOST;
    if (e->at > l->cutoff[e->side] || (to_host ? !net_host_takes(w, l) : l->client_gone)) {
        w->stats.lost++;
        if (w->trace)
            fprintf(w->trace, "         (lost)\n");
        return;
    }
    NetStatus st = net_decode(e->bytes, e->len, w->msg);
    if (st != NET_OK) {
        sim_fail(w, "codec", "a message of %u bytes to the %s does not decode: %s", e->len,
                 to_host ? "host" : "client", net_status_text(st));
        return;
    }
    w->stats.delivered++;
    if (to_host) {
        host_sim_receive(w, &w->host[l->host], l, w->msg);
        return;
    }
    const NetRecord *r = &w->msg->u.record;
    if (w->msg->type == NET_MSG_RECORD && r->offset + r->len == r->total)
        l->record_whole = true;
    client_on_msg(w, &w->client[l->client], l, w->msg);
}

/* Whether the transport still answers a refused CONNECT from a's address
 * this second (else it drops it unheard). */
static bool net_refusal_told(World *w, SimHost *sh, SimAddr *a)
{
    uint64_t second = host_sim_now(w, sh) / NET_SECOND_MS;
    int i = sh->index;
    if (a->refuse_second[i] != second) {
        a->refuse_second[i] = second;
        a->refusals[i] = 0;
    }
    return a->refusals[i]++ < NET_REFUSALS_A_SECOND;
}

/* The client's CONNECT reaches the host: refused (the client hears why, or
 * nothing), or the host has the connection and the client sees it up. */
static void net_host_up(World *w, SimLink *l)
{
    SimHost *sh = &w->host[l->host];
    if (l->broken || sh->h == NULL || sh->epoch != l->host_epoch)
        return;
    SimClient *c = &w->client[l->client];
    SimAddr *a = &w->addrs[c->addr];
    NetReason why = host_sim_admit(w, sh, l);
    if (why != NET_REASON_NONE) {
        w->stats.admitted_away++;
        l->host_gone = true;
        l->broken = true;
        l->cutoff[SIM_TO_HOST] = w->now;
        bool told = net_refusal_told(w, sh, a);
        net_queue_link(w, l, SIM_EV_BYE, SIM_TO_CLIENT, told ? l->latency_ms : NET_CONNECT_MS,
                       told ? why : NET_REASON_NONE);
        return;
    }
    l->host_open = true;
    net_queue_link(w, l, SIM_EV_UP, SIM_TO_CLIENT, l->latency_ms, NET_REASON_NONE);
    host_sim_connected(w, sh, l);
}

static void net_up(World *w, const SimEvent *e, SimLink *l)
{
    if (e->side == SIM_TO_HOST) {
        if (e->at <= l->cutoff[SIM_TO_HOST])
            net_host_up(w, l);
        return;
    }
    if (l->broken || l->client_gone)
        return;
    l->client_open = true;
    client_on_up(w, &w->client[l->client], l);
}

static void net_bye(World *w, const SimEvent *e, SimLink *l)
{
    if (e->side == SIM_TO_HOST) {
        if (!net_host_takes(w, l))
            return;
        l->host_open = false;
        l->host_gone = true;
        host_sim_disconnected(w, &w->host[l->host], l);
        return;
    }
    if (l->client_gone)
        return;
    l->client_open = false;
    l->client_gone = true;
    client_on_bye(w, &w->client[l->client], l, (NetReason)e->reason);
}

void net_event(World *w, const SimEvent *e)
{
    SimLink *l = net_link(w, e->a);
    if (!l)
        return;
    if (e->kind == SIM_EV_DELIVER)
        net_deliver(w, e, l);
    else if (e->kind == SIM_EV_UP)
        net_up(w, e, l);
    else
        net_bye(w, e, l);
}
