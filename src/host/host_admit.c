/* host_admit.c — the connections the host knows, the addresses they come
 * from, and the admission rules (host.h, "Admission"; host_internal.h).
 *
 * A limit of the form "this many at once, then one more every P ms" is a
 * bucket: one number, the moment it was (or will be) empty. It holds
 * (now - empty) / P tokens, never more than it holds at once; taking one
 * moves that moment on by P. A new bucket is full.
 *
 * The addresses live in an open-addressing table (linear probing, keyed
 * by the address), swept every HOST_ADDR_SWEEP_MS of what is left of them
 * once nothing of theirs runs (no connection, every bucket full, not cut
 * off): so an address costs memory only while it is doing something.
 */
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

#define ADMIT_ADDRS_FIRST 64
#define ADMIT_HASH 2654435761u /* Knuth's multiplier */
#define ADMIT_LOBBY_SHARE 4    /* a quarter of the connections may sit at no table */

HostLimits host_limits_default(int max_conns)
{
    HostLimits l = {.hello_ms = 5000u,
                    .lobby_ms = 60000u,
                    .lobby_max = max_conns > 0 ? max_conns / ADMIT_LOBBY_SHARE : 0,
                    .addr_lobby_max = 16,
                    .addr_connects = 50,
                    .addr_connect_ms = 50u,
                    .addr_tables = 20,
                    .addr_table_ms = 3000u,
                    .addr_waiting = 8,
                    .addr_wrong = 10,
                    .addr_wrong_ms = 60000u,
                    .cut_off_ms = 600000u,
                    .watch_max = max_conns > 0 ? max_conns / ADMIT_LOBBY_SHARE : 0,
                    .addr_watch_max = 16,
                    .table_watch_max = 32};
    return l;
}

/* ---- buckets ---- */

static int64_t admit_full(int burst, uint32_t every_ms, uint64_t now)
{
    return (int64_t)now - (int64_t)burst * (int64_t)every_ms;
}

/* Takes a token of the bucket `empty` (burst at once, one every every_ms);
 * false, and nothing changed, when it has none. */
static bool admit_take(int64_t *empty, int burst, uint32_t every_ms, uint64_t now)
{
    int64_t full = admit_full(burst, every_ms, now);
    int64_t e = *empty < full ? full : *empty;
    if ((int64_t)now - e < (int64_t)every_ms)
        return false;
    *empty = e + (int64_t)every_ms;
    return true;
}

static bool admit_bucket_full(int64_t empty, int burst, uint32_t every_ms, uint64_t now)
{
    return empty <= admit_full(burst, every_ms, now);
}

/* ---- addresses ---- */

static size_t admit_home(HostAddr addr, int cap)
{
    return (size_t)(addr * ADMIT_HASH) & (size_t)(cap - 1);
}

static HostAddrInfo *admit_find(const Host *h, HostAddr addr)
{
    for (size_t i = h->addrs_cap ? admit_home(addr, h->addrs_cap) : 0, k = 0;
         k < (size_t)h->addrs_cap; k++, i = (i + 1) & (size_t)(h->addrs_cap - 1)) {
        if (h->addrs[i].addr == addr)
            return &h->addrs[i];
        if (h->addrs[i].addr == 0)
            return NULL;
    }
    return NULL;
}

static void admit_put(HostAddrInfo *table, int cap, const HostAddrInfo *a)
{
    size_t i = admit_home(a->addr, cap);
    while (table[i].addr != 0)
        i = (i + 1) & (size_t)(cap - 1);
    table[i] = *a;
}

/* The table again at `cap` slots with only the addresses `keep` says. */
static bool admit_rehash(Host *h, int cap, uint64_t now, bool sweep)
{
    HostAddrInfo *table = calloc((size_t)cap, sizeof *table);
    if (!table)
        return false;
    const HostLimits *l = &h->limits;
    int n = 0;
    for (int i = 0; i < h->addrs_cap; i++) {
        const HostAddrInfo *a = &h->addrs[i];
        bool idle =
            a->conns == 0 && a->cut_until <= now &&
            admit_bucket_full(a->connects_empty, l->addr_connects, l->addr_connect_ms, now) &&
            admit_bucket_full(a->tables_empty, l->addr_tables, l->addr_table_ms, now) &&
            admit_bucket_full(a->wrong_empty, l->addr_wrong, l->addr_wrong_ms, now);
        if (a->addr == 0 || (sweep && idle))
            continue;
        admit_put(table, cap, a);
        n++;
    }
    free(h->addrs);
    h->addrs = table;
    h->addrs_cap = cap;
    h->naddrs = n;
    return true;
}

/* addr's figures, made (every bucket full) when it has none; NULL when
 * out of memory. */
static HostAddrInfo *admit_addr(Host *h, HostAddr addr, uint64_t now)
{
    HostAddrInfo *a = admit_find(h, addr);
    if (a)
        return a;
    if ((h->naddrs + 1) * 2 > h->addrs_cap &&
        !admit_rehash(h, h->addrs_cap ? h->addrs_cap * 2 : ADMIT_ADDRS_FIRST, now, false))
        return NULL;
    const HostLimits *l = &h->limits;
    HostAddrInfo fresh = {
        .addr = addr,
        .connects_empty = admit_full(l->addr_connects, l->addr_connect_ms, now),
        .tables_empty = admit_full(l->addr_tables, l->addr_table_ms, now),
        .wrong_empty = admit_full(l->addr_wrong, l->addr_wrong_ms, now),
    };
    admit_put(h->addrs, h->addrs_cap, &fresh);
    h->naddrs++;
    return admit_find(h, addr);
}

bool admit_limited(const Host *h, HostAddr addr)
{
    if (!h->limited || addr == 0)
        return false;
    for (int i = 0; i < h->ntrusted; i++) {
        if (h->trusted[i] == addr)
            return false;
    }
    return true;
}

bool admit_init(Host *h, const HostOptions *opt)
{
    h->limited = opt->limits != NULL;
    if (opt->limits)
        h->limits = *opt->limits;
    h->conns_due = UINT64_MAX;
    if (opt->ntrusted > 0 && opt->trusted) {
        h->trusted = malloc((size_t)opt->ntrusted * sizeof *h->trusted);
        if (!h->trusted)
            return false;
        memcpy(h->trusted, opt->trusted, (size_t)opt->ntrusted * sizeof *h->trusted);
        h->ntrusted = opt->ntrusted;
    }
    return true;
}

void admit_free(Host *h)
{
    free(h->addrs);
    free(h->trusted);
}

/* ---- connections ---- */

HostConnInfo *admit_conn(Host *h, HostConn conn)
{
    for (int i = 0; i < h->nconns; i++) {
        if (h->conns[i].conn == conn)
            return &h->conns[i];
    }
    return NULL;
}

NetReason admit_check(Host *h, HostAddr addr, uint64_t now, bool take)
{
    if (!admit_limited(h, addr))
        return NET_REASON_NONE;
    const HostLimits *l = &h->limits;
    HostAddrInfo *a = admit_addr(h, addr, now);
    if (!a)
        return NET_REASON_BUSY;
    if (a->cut_until > now)
        return NET_REASON_CUT_OFF;
    if (l->lobby_max > 0 && h->lobby >= l->lobby_max)
        return NET_REASON_BUSY;
    if (a->lobby >= l->addr_lobby_max)
        return NET_REASON_ADDRESS_BUSY;
    if (take && !admit_take(&a->connects_empty, l->addr_connects, l->addr_connect_ms, now))
        return NET_REASON_TOO_FAST;
    return NET_REASON_NONE;
}

/* The earliest deadline of ci (UINT64_MAX: none). */
static uint64_t admit_deadline(const Host *h, const HostConnInfo *ci)
{
    if (!ci->addr || ci->table)
        return UINT64_MAX;
    return ci->since + (ci->hello ? h->limits.lobby_ms : h->limits.hello_ms);
}

static void admit_count_lobby(Host *h, HostAddr addr, int by)
{
    HostAddrInfo *a = admit_find(h, addr);
    h->lobby += by;
    if (a)
        a->lobby += by;
}

/* One spectator more or fewer, of ci's address and in all. */
static void admit_count_watching(Host *h, const HostConnInfo *ci, int by)
{
    h->watching += by;
    HostAddrInfo *a = ci->addr ? admit_find(h, ci->addr) : NULL;
    if (a)
        a->watching += by;
}

HostConnInfo *admit_add(Host *h, HostConn conn, HostAddr addr, uint64_t now)
{
    if (h->nconns == h->conns_cap) {
        int cap = h->conns_cap ? h->conns_cap * 2 : ADMIT_ADDRS_FIRST;
        HostConnInfo *conns = realloc(h->conns, (size_t)cap * sizeof *conns);
        if (!conns)
            return NULL;
        h->conns = conns;
        h->conns_cap = cap;
    }
    HostAddr limited = admit_limited(h, addr) ? addr : 0;
    HostAddrInfo *a = limited ? admit_addr(h, limited, now) : NULL;
    if (limited && !a)
        return NULL;
    HostConnInfo *ci = &h->conns[h->nconns++];
    memset(ci, 0, sizeof *ci);
    ci->conn = conn;
    ci->addr = limited;
    ci->seat = -1;
    ci->since = now;
    ci->chat_empty = admit_full(HOST_CHAT_BURST, HOST_CHAT_EVERY_MS, now);
    if (a) {
        a->conns++;
        admit_count_lobby(h, limited, 1);
        uint64_t due = admit_deadline(h, ci);
        h->conns_due = due < h->conns_due ? due : h->conns_due;
    }
    return ci;
}

void admit_remove(Host *h, HostConnInfo *ci)
{
    if (ci->watching)
        admit_count_watching(h, ci, -1);
    if (ci->addr) {
        HostAddrInfo *a = admit_find(h, ci->addr);
        if (a)
            a->conns--;
        if (!ci->table)
            admit_count_lobby(h, ci->addr, -1);
    }
    *ci = h->conns[--h->nconns];
}

void admit_drop(Host *h, HostConn conn, NetReason why)
{
    HostConnInfo *ci = admit_conn(h, conn);
    if (ci)
        admit_remove(h, ci);
    send_log(h, "connection %u dropped: %s", (unsigned)conn, net_reason_text(why));
    h->out.drop(h->out.ctx, conn, why);
}

void admit_sit(Host *h, HostConnInfo *ci, HostTable *t, int seat)
{
    if (ci->addr && !ci->table)
        admit_count_lobby(h, ci->addr, -1);
    ci->table = t;
    ci->seat = seat;
    ci->watching = seat < 0;
    if (ci->watching)
        admit_count_watching(h, ci, 1);
}

NetReason admit_watch(const Host *h, const HostConnInfo *ci, const HostTable *t)
{
    const HostLimits *l = &h->limits;
    int table_max = h->limited && l->table_watch_max > 0 && l->table_watch_max < NET_MAX_WATCHERS
                        ? l->table_watch_max
                        : NET_MAX_WATCHERS;
    if (t->nwatchers >= table_max)
        return NET_REASON_WATCHERS_FULL;
    if (!admit_limited(h, ci->addr))
        return NET_REASON_NONE;
    if (l->watch_max > 0 && h->watching >= l->watch_max)
        return NET_REASON_BUSY;
    const HostAddrInfo *a = admit_find(h, ci->addr);
    if (l->addr_watch_max > 0 && a && a->watching >= l->addr_watch_max)
        return NET_REASON_ADDRESS_WATCHING;
    return NET_REASON_NONE;
}

void admit_stand(Host *h, HostConnInfo *ci, uint64_t now)
{
    if (!ci->table)
        return;
    if (ci->watching)
        admit_count_watching(h, ci, -1);
    ci->watching = false;
    ci->table = NULL;
    ci->seat = -1;
    ci->since = now;
    if (!ci->addr)
        return;
    admit_count_lobby(h, ci->addr, 1);
    uint64_t due = admit_deadline(h, ci);
    h->conns_due = due < h->conns_due ? due : h->conns_due;
}

void admit_hello(Host *h, HostConnInfo *ci, uint64_t now)
{
    if (ci->hello)
        return;
    ci->hello = true;
    ci->since = now;
    uint64_t due = admit_deadline(h, ci);
    h->conns_due = due < h->conns_due ? due : h->conns_due;
}

/* ---- the clock ---- */

/* The first connection past its deadline (dropped with its reason), until
 * none is; the next deadline of the rest. */
static void admit_deadlines(Host *h, uint64_t now)
{
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < h->nconns;) {
        HostConnInfo *ci = &h->conns[i];
        uint64_t due = admit_deadline(h, ci);
        if (due > now) {
            next = due < next ? due : next;
            i++;
            continue;
        }
        h->turned_away++;
        admit_drop(h, ci->conn, ci->hello ? NET_REASON_LOBBY_IDLE : NET_REASON_HELLO_LATE);
    }
    h->conns_due = next;
}

void admit_tick(Host *h, uint64_t now)
{
    if (h->conns_due <= now)
        admit_deadlines(h, now);
    if (h->naddrs > 0 && now >= h->addrs_sweep_at) {
        admit_rehash(h, h->addrs_cap, now, true);
        h->addrs_sweep_at = now + HOST_ADDR_SWEEP_MS;
    }
}

uint64_t admit_due(const Host *h)
{
    return h->conns_due;
}

/* ---- what an address does ---- */

bool admit_wrong(Host *h, HostAddr addr, uint64_t now)
{
    h->wrong_keys++;
    if (!admit_limited(h, addr))
        return false;
    const HostLimits *l = &h->limits;
    HostAddrInfo *a = admit_addr(h, addr, now);
    if (!a || admit_take(&a->wrong_empty, l->addr_wrong, l->addr_wrong_ms, now))
        return false;
    a->cut_until = now + l->cut_off_ms;
    send_log(h, "address %u.%u.%u.%u cut off for %u ms: too many wrong keys", addr >> 24,
             (addr >> 16) & 0xffu, (addr >> 8) & 0xffu, addr & 0xffu, (unsigned)l->cut_off_ms);
    for (int i = 0; i < h->nconns;) {
        HostConnInfo *ci = &h->conns[i];
        if (ci->addr != addr || ci->table) {
            i++;
            continue;
        }
        h->turned_away++;
        admit_drop(h, ci->conn, NET_REASON_CUT_OFF);
    }
    return true;
}

NetReason admit_table(Host *h, HostAddr addr, uint64_t now)
{
    if (!admit_limited(h, addr))
        return NET_REASON_NONE;
    const HostLimits *l = &h->limits;
    int waiting = 0;
    for (int i = 0; i < h->ntables; i++)
        waiting += h->tables[i]->owner == addr && host_table_waiting(h->tables[i]);
    if (waiting >= l->addr_waiting)
        return NET_REASON_TABLES_WAITING;
    HostAddrInfo *a = admit_addr(h, addr, now);
    if (!a || !admit_take(&a->tables_empty, l->addr_tables, l->addr_table_ms, now))
        return NET_REASON_TABLES_FAST;
    return NET_REASON_NONE;
}

bool admit_chat(HostConnInfo *ci, uint64_t now)
{
    if (ci->last_chat && now < ci->last_chat + HOST_CHAT_GAP_MS)
        return false;
    if (!admit_take(&ci->chat_empty, HOST_CHAT_BURST, HOST_CHAT_EVERY_MS, now))
        return false;
    ci->last_chat = now;
    return true;
}
