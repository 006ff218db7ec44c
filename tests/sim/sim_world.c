/* sim_world.c — one world from one seed (sim.h): what it holds, drawn from
 * the seed; its steps; its end and its one-line summary. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host_internal.h"
#include "record.h"
#include "sim.h"
#include "sim_fault.h"
#include "transcript_replay.h"

#define WORLD_CALM_MS                                                                              \
    (2u * 3600u * 1000u)              /* after the faults: a match unfinished by then is stalled */
#define WORLD_PEER_TIMEOUT_MS 10000u  /* ceki-server's SERVER_PEER_TIMEOUT_MS */
#define WORLD_CLIENT_TIMEOUT_MS 5000u /* ceki-cli's CLI_NET_PEER_TIMEOUT_MS */
#define WORLD_JOIN_WITHIN_MS 6000u    /* seated clients come within this of the invitation */
#define WORLD_THINK_MAX_MS 2500u
#define WORLD_STRANGERS_MAX 2
#define WORLD_ADDR_BASE 0x7f000100u /* 127.0.1.0: the world's addresses from there */
#define WORLD_MAX_CONNS 4000        /* ceki-server's SERVER_MAX_PEERS */
#define WORLD_FEW_CONNS 128         /* a small server: a quarter of it is the lobby */
#define WORLD_IDLE_MIN_MS 60000u    /* a host's table_idle_ms, when it closes idle tables */
#define WORLD_IDLE_MAX_MS 900000u   /* ceki-server's default */
#define WORLD_FEW_TABLES_MIN 4      /* a host that holds few tables (max_tables) */
#define WORLD_FEW_TABLES_MAX 12

void sim_at(World *w, uint64_t after_ms, const SimEvent *e)
{
    SimEvent copy = *e;
    copy.at = w->now + after_ms;
    if (!sim_queue_push(&w->q, &copy)) {
        free(copy.bytes);
        sim_fail(w, "sim", "out of memory for events");
    }
}

/* ---- what a world holds ---- */

static int world_players(World *w, const VariantDesc *v)
{
    for (int tries = 0; tries < 16; tries++) {
        int p = (int)sim_rng_range(&w->rng, (uint64_t)v->min_players, (uint64_t)v->max_players);
        if (variant_players_ok(v, p))
            return p;
    }
    return game_config_default(v->id, 0).players;
}

/* The rules of table t: a variant, its players, its length and options. */
static void world_rules(World *w, SimTable *t)
{
    VariantId id = (VariantId)sim_rng_below(&w->rng, VARIANT_COUNT);
    const VariantDesc *v = variant_get(id);
    t->cfg = game_config_default(id, sim_rng_next(&w->rng));
    t->cfg.players = world_players(w, v);
    if (variant_has_rounds(v) && sim_rng_chance(&w->rng, 850))
        t->cfg.rounds = 1; /* most matches short, so a CI run holds many worlds */
    GameConfig tried = t->cfg;
    tried.options = v->options & (uint32_t)sim_rng_next(&w->rng);
    if (variant_has_stakes(v))
        tried.stakes = (StakeScheme)sim_rng_below(&w->rng, STAKES_COUNT);
    if (game_config_check(&tried) == CEKI_OK)
        t->cfg = tried;
    t->rules.variant = (uint8_t)t->cfg.variant;
    t->rules.players = (uint8_t)t->cfg.players;
    t->rules.options = t->cfg.options;
    t->rules.rounds = (uint16_t)t->cfg.rounds;
    t->rules.stakes = (uint8_t)t->cfg.stakes;
}

int world_addr(World *w, bool hostile)
{
    SimAddr *a = &w->addrs[w->naddrs];
    memset(a, 0, sizeof *a);
    a->addr = WORLD_ADDR_BASE + (HostAddr)w->naddrs + 1u;
    a->hostile = hostile;
    return w->naddrs++;
}

SimClient *world_client(World *w, const SimClientKind *kind, int table, int addr)
{
    SimClient *c = &w->client[w->nclients];
    memset(c, 0, sizeof *c);
    c->index = w->nclients++;
    c->kind = kind;
    c->table = table;
    c->addr = addr;
    c->crew = -1;
    c->quit_at = SIM_NEVER;
    c->host = table >= 0 ? w->table[table].host : 0;
    c->rng = sim_rng_fork(&w->rng, (uint64_t)c->index);
    c->level = sim_rng_chance(&w->rng, 300) ? AI_GREEDY : AI_RANDOM;
    c->think_ms = sim_rng_chance(&w->rng, 300) ? 0 : sim_rng_below(&w->rng, WORLD_THINK_MAX_MS);
    c->next_try = SIM_NEVER;
    c->wake_at = SIM_NEVER;
    c->away_at = SIM_NEVER;
    c->hand_at = SIM_NEVER;
    c->seat = -1;
    return c;
}

/* The seats of t: computers (named in the rules, or given by the creator
 * later) and people, each played by a seated client of some kind. */
static void world_seats(World *w, SimTable *t, int home)
{
    int people = 0;
    for (int s = 0; s < t->cfg.players; s++) {
        uint32_t r = sim_rng_below(&w->rng, 1000);
        bool last = s == t->cfg.players - 1 && people == 0;
        AiLevel level = sim_rng_chance(&w->rng, 400) ? AI_GREEDY : AI_RANDOM;
        t->rules.seat_kind[s] = NET_SEAT_NET;
        if (r < 150 && !last) {
            t->rules.seat_kind[s] = level == AI_GREEDY ? NET_SEAT_GREEDY : NET_SEAT_RANDOM;
            t->level[s] = level;
        } else if (r < 230 && !last) {
            t->ai_seat[s] = true;
            t->level[s] = level;
        } else {
            people++;
            uint32_t k = sim_rng_below(&w->rng, 100);
            const SimClientKind *kind = k < 45   ? &sim_kind_bot
                                        : k < 85 ? &sim_kind_feed
                                                 : &sim_kind_rogue;
            /* People behind one address (a home's router) or each their own. */
            int addr = sim_rng_chance(&w->rng, 300) ? home : world_addr(w, false);
            SimClient *c = world_client(w, kind, t->index, addr);
            c->next_try = sim_rng_below(&w->rng, WORLD_JOIN_WITHIN_MS);
        }
    }
}

/* The clocks a table is drawn with: a short one (the shortest decision a
 * clock gives, twice over, and a small bank) so that clocks run out within
 * a short match, and the app's presets. */
#define WORLD_SHORT_MOVE_MS (2u * NET_CLOCK_MOVE_MIN_MS)
#define WORLD_SHORT_BANK_MS (4u * NET_CLOCK_MOVE_MIN_MS)
#define WORLD_CLOCK_NONE 550  /* per mille of tables without a clock */
#define WORLD_CLOCK_SHORT 800 /* ... below this: the short clock; else a preset */
#define WORLD_STALL_NEVER 150 /* per mille of a clock table's people who never move in time */
#define WORLD_STALL_LATE 300  /* ... below this: late for a while, then in time */
#define WORLD_STALL_WHILE_MS (5u * 60u * 1000u)         /* the longest a late person is late */
#define WORLD_STALL_FOREVER_MS (3u * 60u * 60u * 1000u) /* a decision of one who never moves */
#define WORLD_CLOCK_TAG 0xC10Cull
#define WORLD_WATCH_NONE 400   /* per mille of tables that take no spectators */
#define WORLD_WATCH_PUBLIC 700 /* ... below this: spectators; else hands shown late */
#define WORLD_WATCHED 500      /* per mille of tables someone comes to watch */
#define WORLD_WATCHERS_MAX 2   /* spectators who come to one table */
#define WORLD_PEEKER 350       /* per mille of them who send what a spectator may not */

static const NetClock world_presets[] = {
    {NET_CLOCK_QUICK_MOVE_MS, NET_CLOCK_QUICK_BANK_MS},
    {NET_CLOCK_NORMAL_MOVE_MS, NET_CLOCK_NORMAL_BANK_MS},
    {NET_CLOCK_RELAXED_MOVE_MS, NET_CLOCK_RELAXED_BANK_MS},
};

uint32_t world_think_ms(const SimClient *c, uint64_t now)
{
    uint32_t think = c->stall_ms && now < c->stall_until ? c->stall_ms : c->think_ms;
    if (now < c->away_until) /* stepped away: no move before it is back */
        think += (uint32_t)(c->away_until - now);
    return think;
}

/* Who may watch t, and who comes to (drawn from r: the world's own stream
 * stands aside meanwhile). */
static void world_watch(World *w, SimTable *t, SimRng *r)
{
    uint32_t k = sim_rng_below(r, 1000);
    t->rules.watch = k < WORLD_WATCH_NONE     ? NET_WATCH_NONE
                     : k < WORLD_WATCH_PUBLIC ? NET_WATCH_PUBLIC
                                              : NET_WATCH_HANDS_LATE;
    if (!sim_rng_chance(r, WORLD_WATCHED))
        return;
    uint32_t n = (uint32_t)sim_rng_range(r, 1, WORLD_WATCHERS_MAX);
    SimRng kept = w->rng;
    w->rng = *r;
    for (uint32_t i = 0; i < n && w->nclients < SIM_MAX_CLIENTS; i++) {
        const SimClientKind *kind =
            sim_rng_chance(&w->rng, WORLD_PEEKER) ? &sim_kind_peeker : &sim_kind_watcher;
        SimClient *c = world_client(w, kind, t->index, world_addr(w, false));
        c->next_try = sim_rng_below(&w->rng, WORLD_JOIN_WITHIN_MS);
    }
    *r = w->rng;
    w->rng = kept;
}

/* t's turn clock and how its people (clients from `first` on) stall, and
 * who may watch it, drawn from a stream of the seed's own (so the rest of
 * a seed's world is what it was before tables had clocks and spectators). */
static void world_clock(World *w, SimTable *t, int first)
{
    SimRng r = {w->seed ^ (WORLD_CLOCK_TAG << 32) ^ (uint64_t)t->index};
    sim_rng_next(&r);
    int people_end = w->nclients;
    world_watch(w, t, &r);
    uint32_t k = sim_rng_below(&r, 1000);
    if (k < WORLD_CLOCK_NONE)
        return;
    if (k < WORLD_CLOCK_SHORT) {
        t->rules.clock.move_ms = WORLD_SHORT_MOVE_MS;
        t->rules.clock.bank_ms = WORLD_SHORT_BANK_MS;
    } else {
        t->rules.clock =
            world_presets[sim_rng_below(&r, sizeof world_presets / sizeof *world_presets)];
    }
    uint32_t move = t->rules.clock.move_ms;
    for (int i = first; i < people_end; i++) {
        SimClient *c = &w->client[i];
        uint32_t s = sim_rng_below(&r, 1000);
        if (!c->kind->seated || s >= WORLD_STALL_LATE)
            continue;
        if (s < WORLD_STALL_NEVER) {
            c->stall_ms = WORLD_STALL_FOREVER_MS;
            c->stall_until = SIM_NEVER;
        } else {
            c->stall_ms = move + (uint32_t)sim_rng_range(&r, 1, move);
            c->stall_until = sim_rng_range(&r, 1, WORLD_STALL_WHILE_MS);
        }
    }
}

/* Handovers (NET_MSG_STAND_IN), drawn from a stream of the seed's own
 * (so a seed's world is what it was before them): at a table without a
 * clock, its creator may watch the match and hand a seat whose decision
 * waits too long to the computer, and some of its people are slow for a
 * while; at any table a person may step away once, asking the computer to
 * play their seat, and take it back by moving; a rogue now and then asks
 * for another's seat to be handed over, which only the creator may. */
#define WORLD_HAND_TAG 0x4A4Dull
#define WORLD_CREATOR_STAYS 600 /* per mille of tables without a clock */
#define WORLD_HANDOVER_MIN_MS 8000u
#define WORLD_HANDOVER_MAX_MS 30000u
#define WORLD_SLOW 250 /* per mille of their people slow for a while */
#define WORLD_SLOW_MAX_MS 90000u
#define WORLD_AWAY 150 /* per mille of people who step away once */
#define WORLD_AWAY_AT_MAX_MS (10u * 60u * 1000u)
#define WORLD_AWAY_MIN_MS 3000u
#define WORLD_AWAY_MAX_MS 60000u
#define WORLD_HAND_TRY_MIN_MS 2000u
#define WORLD_HAND_TRY_MAX_MS 30000u

static void world_handover(World *w, SimTable *t, int first, int people_end)
{
    SimRng r = {w->seed ^ (WORLD_HAND_TAG << 32) ^ (uint64_t)t->index};
    sim_rng_next(&r);
    bool clock = t->rules.clock.move_ms > 0;
    t->creator_stays = !clock && sim_rng_chance(&r, WORLD_CREATOR_STAYS);
    t->handover_ms = (uint32_t)sim_rng_range(&r, WORLD_HANDOVER_MIN_MS, WORLD_HANDOVER_MAX_MS);
    for (int i = first; i < people_end; i++) {
        SimClient *c = &w->client[i];
        if (!c->kind->seated)
            continue;
        if (!clock && sim_rng_chance(&r, WORLD_SLOW)) {
            c->stall_ms = (uint32_t)sim_rng_range(&r, t->handover_ms + 1000u, WORLD_SLOW_MAX_MS);
            c->stall_until = sim_rng_range(&r, 1, WORLD_STALL_WHILE_MS);
        }
        if (sim_rng_chance(&r, WORLD_AWAY)) {
            c->away_at = sim_rng_range(&r, 1, WORLD_AWAY_AT_MAX_MS);
            c->away_ms = (uint32_t)sim_rng_range(&r, WORLD_AWAY_MIN_MS, WORLD_AWAY_MAX_MS);
        }
        if (c->kind == &sim_kind_rogue) {
            c->hand_rng = sim_rng_fork(&r, (uint64_t)i);
            c->hand_at = sim_rng_range(&c->hand_rng, WORLD_HAND_TRY_MIN_MS, WORLD_HAND_TRY_MAX_MS);
        }
    }
}

uint64_t world_hand_gap(SimClient *c)
{
    return sim_rng_range(&c->hand_rng, WORLD_HAND_TRY_MIN_MS, WORLD_HAND_TRY_MAX_MS);
}

static bool world_table(World *w, int i)
{
    SimTable *t = &w->table[i];
    memset(t, 0, sizeof *t);
    t->index = i;
    t->host = (int)sim_rng_below(&w->rng, (uint32_t)w->nhosts);
    world_rules(w, t);
    t->autostart = sim_rng_chance(&w->rng, 800);
    /* Private tables start by themselves, as ceki-cli table makes them
     * (their creator cannot see them filled: they are never listed). */
    t->open = !t->autostart || sim_rng_chance(&w->rng, 500);
    int home = world_addr(w, false);
    SimClient *creator = world_client(w, &sim_kind_creator, i, home);
    creator->next_try = sim_rng_below(&w->rng, 500);
    t->creator = creator->index;
    int first = w->nclients;
    world_seats(w, t, home);
    int people_end = w->nclients;
    world_clock(w, t, first);
    world_handover(w, t, first, people_end);
    return oracle_init(w, t);
}

static bool world_host(World *w, int i)
{
    SimHost *sh = &w->host[i];
    memset(sh, 0, sizeof *sh);
    sh->index = i;
    sh->w = w;
    sh->tick_at = SIM_NEVER;
    sh->rng = sim_rng_fork(&w->rng, 0x4057ull + (uint64_t)i);
    sh->disk_rng = sim_rng_fork(&w->rng, 0xD15Cull + (uint64_t)i);
    snprintf(sh->dir, sizeof sh->dir, "%s/h%d", w->real_files ? w->tmp_root : "/ceki-sim", i);
    snprintf(sh->vfs_name, sizeof sh->vfs_name, "ceki-sim-%llx-%d", (unsigned long long)w->seed, i);
    sh->opt.grace_ms = sim_rng_chance(&w->rng, 200) ? HOST_GRACE_MS_DEFAULT
                                                    : (uint32_t)sim_rng_range(&w->rng, 1000, 30000);
    sh->opt.claim_ms =
        sim_rng_chance(&w->rng, 300) ? (uint32_t)sim_rng_range(&w->rng, 500, 12000) : 0;
    sh->opt.allow_seed = true;
    /* As ceki-server runs it: admission, idle tables closed (or kept, when
     * the server is told never), and now and then a small server. */
    sh->max_conns = sim_rng_chance(&w->rng, 200) ? WORLD_FEW_CONNS : WORLD_MAX_CONNS;
    sh->limits = host_limits_default((int)sh->max_conns);
    sh->opt.limits = &sh->limits;
    sh->opt.table_idle_ms =
        sim_rng_chance(&w->rng, 150)
            ? 0
            : (uint32_t)sim_rng_range(&w->rng, WORLD_IDLE_MIN_MS, WORLD_IDLE_MAX_MS);
    sh->opt.max_tables =
        sim_rng_chance(&w->rng, 100)
            ? (int)sim_rng_range(&w->rng, WORLD_FEW_TABLES_MIN, WORLD_FEW_TABLES_MAX)
            : 0;
    bool disk = w->real_files ? mkdir(sh->dir, 0700) == 0 && vfs_register(sh) : memfs_register(sh);
    if (!disk)
        return false;
    return host_sim_start(w, sh);
}

static bool world_make(World *w, uint64_t seed, int tables)
{
    w->seed = seed;
    w->rng.s = seed;
    uint32_t r =
        sim_rng_below(&w->rng, 20); /* drawn even when given, so T does not shift the rest */
    if (tables <= 0)
        tables = r < 14 ? 1 : r < 19 ? 2 : 3;
    w->peer_timeout_ms = WORLD_PEER_TIMEOUT_MS;
    w->client_timeout_ms = WORLD_CLIENT_TIMEOUT_MS;
    w->latency_ms = (uint32_t)sim_rng_range(&w->rng, 1, 120);
    w->jitter_ms = (uint32_t)sim_rng_range(&w->rng, 0, 150);
    w->fault_down_ms = (uint32_t)sim_rng_range(&w->rng, 100, 30000);
    w->ntables = tables;
    w->nhosts = tables > 1 && sim_rng_chance(&w->rng, 400) ? 2 : 1;
    w->msg = malloc(sizeof *w->msg);
    w->reply = malloc(sizeof *w->reply);
    w->buf = malloc(NET_MAX_PACKET);
    w->obs = malloc(sizeof *w->obs);
    const char *tmp = getenv("TMPDIR");
    snprintf(w->tmp_root, sizeof w->tmp_root, "%s/ceki-sim-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!w->msg || !w->reply || !w->buf || !w->obs || (w->real_files && !mkdtemp(w->tmp_root)))
        return false;
    for (int i = 0; i < w->nhosts; i++) {
        if (!world_host(w, i))
            return false;
    }
    for (int i = 0; i < tables; i++) {
        if (!world_table(w, i))
            return false;
    }
    int strangers = (int)sim_rng_below(&w->rng, WORLD_STRANGERS_MAX + 1);
    for (int i = 0; i < strangers; i++) {
        SimClient *c = world_client(w, &sim_kind_stranger, (int)sim_rng_below(&w->rng, tables),
                                    world_addr(w, true));
        c->next_try = sim_rng_below(&w->rng, 60000);
    }
    crew_plan(w);
    for (int i = 0; i < w->nclients; i++)
        client_reschedule(w, &w->client[i]);
    fault_plan(w);
    w->end_ms = w->faults_until + WORLD_CALM_MS;
    return true;
}

/* ---- the steps ---- */

static void world_touch(World *w, const SimEvent *e)
{
    if (e->kind == SIM_EV_DELIVER || e->kind == SIM_EV_UP || e->kind == SIM_EV_BYE) {
        const SimLink *l = net_link(w, e->a);
        if (l)
            w->client[l->client].touched = true;
    } else if (e->kind == SIM_EV_CLIENT) {
        w->client[e->a].touched = true;
    }
}

static void world_dispatch(World *w, const SimEvent *e)
{
    switch ((SimEventKind)e->kind) {
    case SIM_EV_DELIVER:
    case SIM_EV_UP:
    case SIM_EV_BYE: net_event(w, e); break;
    case SIM_EV_HOST_TICK:
    case SIM_EV_HOST_START:
    case SIM_EV_DISK: host_sim_event(w, e); break;
    case SIM_EV_CLIENT:
        if (e->gen == w->client[e->a].wake_gen)
            client_wake(w, &w->client[e->a]);
        break;
    case SIM_EV_FAULT: fault_strike(w, (int)e->a); break;
    default: break;
    }
}

/* After a step: the hosts send what they sent, the clients touched are
 * checked and their timers asked again. */
static void world_after_step(World *w)
{
    for (int i = 0; i < w->nhosts && !w->broken; i++)
        host_sim_end_step(w, &w->host[i]);
    for (int i = 0; i < w->nclients && !w->broken; i++) {
        SimClient *c = &w->client[i];
        if (!c->touched)
            continue;
        c->touched = false;
        if (c->viewed)
            check_client(w, c);
        c->viewed = false;
        client_reschedule(w, c);
    }
}

static bool world_holds_seat(const SimTable *t, int client)
{
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->holder[s] == client)
            return true;
    }
    return false;
}

/* Nobody can start t any more: its creator is gone before making it or
 * before starting it, or its empty seats outnumber the clients still
 * coming to take them. */
static bool world_unstartable(const World *w, const SimTable *t)
{
    if (t->started || !w->client[t->creator].done || !w->host[t->host].h)
        return false; /* a host down comes back */
    const HostTable *ht = oracle_host_table(&w->host[t->host], t->id);
    if (!t->id[0] || !t->autostart || !ht)
        return true;
    int empty = 0, coming = 0;
    for (int s = 0; s < t->cfg.players; s++) /* a computer the creator asked for is coming */
        empty += ht->seat[s].state == NET_SEAT_EMPTY && !t->ai_seat[s];
    for (int i = 0; i < w->nclients; i++) {
        const SimClient *c = &w->client[i];
        coming +=
            c->table == t->index && c->kind->seated && !c->done && !world_holds_seat(t, c->index);
    }
    return empty > coming;
}

/* Every client has ended (or waits at a table nobody can start) and every
 * started match is over at its host. */
static bool world_settled(const World *w)
{
    for (int i = 0; i < w->nclients; i++) {
        const SimClient *c = &w->client[i];
        const SimTable *t = c->table >= 0 ? &w->table[c->table] : NULL;
        bool waits = t && c->kind->seated && world_unstartable(w, t);
        if (!c->done && !waits)
            return false;
    }
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        const SimHost *sh = &w->host[t->host];
        const HostTable *ht = oracle_host_table(sh, t->id);
        if (t->started && !t->over_told && !t->over_host && (!sh->h || (ht && !ht->over)))
            return false;
    }
    return true;
}

static void world_trace(const World *w, const SimEvent *e)
{
    static const char *const kinds[SIM_EV_KIND_COUNT] = {"deliver", "up",     "bye",   "tick",
                                                         "start",   "client", "fault", "disk"};
    const SimLink *l = e->kind <= SIM_EV_BYE ? net_link(w, e->a) : NULL;
    fprintf(w->trace, "%8llu step %ld: %s %u", (unsigned long long)w->now, w->step, kinds[e->kind],
            (unsigned)e->a);
    if (l)
        fprintf(w->trace, " (client %d, to the %s)", l->client,
                e->side == SIM_TO_HOST ? "host" : "client");
    if (e->kind == SIM_EV_DELIVER && e->len > 1)
        fprintf(w->trace, " type %u, %u bytes", e->bytes[1], (unsigned)e->len);
    if (e->kind == SIM_EV_BYE)
        fprintf(w->trace, " %s", net_reason_text((NetReason)e->reason));
    fputc('\n', w->trace);
}

static void world_loop(World *w)
{
    SimEvent e;
    while (!w->broken && w->step < w->max_steps && !world_settled(w) && sim_queue_pop(&w->q, &e)) {
        if (e.at > w->end_ms) {
            free(e.bytes);
            w->now = w->end_ms;
            break;
        }
        w->now = e.at;
        w->step++;
        if (w->trace)
            world_trace(w, &e);
        world_touch(w, &e);
        world_dispatch(w, &e);
        free(e.bytes);
        world_after_step(w);
    }
}

/* ---- the summary ---- */

typedef struct Line {
    char *buf;
    size_t size, len;
} Line;

static void line_add(Line *l, const char *fmt, ...)
{
    if (l->len >= l->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->buf + l->len, l->size - l->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        l->len += (size_t)n < l->size - l->len ? (size_t)n : l->size - l->len - 1;
}

static void world_describe(const World *w, Line *l)
{
    line_add(l, "seed %llu: %d host%s", (unsigned long long)w->seed, w->nhosts,
             w->nhosts > 1 ? "s" : "");
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        line_add(l, "%s %s %dp", i ? "," : ";", variant_get(t->cfg.variant)->key, t->cfg.players);
        if (t->cfg.rounds)
            line_add(l, " r%d", t->cfg.rounds);
        if (t->rules.clock.move_ms)
            line_add(l, " clock %u+%u", (unsigned)(t->rules.clock.move_ms / 1000u),
                     (unsigned)(t->rules.clock.bank_ms / 1000u));
    }
    const SimStats *s = &w->stats;
    line_add(l,
             "; %ld steps, %llu s; cuts %ld, restarts %ld, gone %ld, host kills %ld+%ld, "
             "disk full %ld, clock jumps %ld, mischief %ld, hostile %ld (%ld turned away)",
             w->step, (unsigned long long)(w->now / 1000u), s->cuts, s->client_restarts, s->gone,
             s->host_kills, s->write_kills, s->disk_full, s->clock_jumps, s->mischief, s->crews,
             s->admitted_away);
}

static void world_outcome(const World *w, Line *l, long as_match)
{
    int over = 0, unstarted = 0;
    long moves = 0;
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        const HostTable *ht = oracle_host_table(&w->host[t->host], t->id);
        over += t->over_told;
        unstarted += !t->started && !t->over_host && !(ht && ht->started) && !t->closed;
        moves += t->told;
    }
    line_add(l, "; %ld moves (%ld stand-in, %ld passed", moves, w->stats.stand_in_moves,
             w->stats.expiries);
    if (w->stats.clock_moves)
        line_add(l, ", %ld by the clock", w->stats.clock_moves);
    line_add(l, "); %d/%d over, %ld as ceki-cli match", over, w->ntables, as_match);
    if (w->stats.closed_idle)
        line_add(l, ", %ld closed idle", w->stats.closed_idle);
    if (unstarted)
        line_add(l, ", %d never started", unstarted);
    if (w->step >= w->max_steps)
        line_add(l, "; stopped at step %ld", w->step);
    if (w->broken)
        line_add(l, "; BROKEN %s", w->broke);
    else
        line_add(l, "; ok");
}

/* ---- the matches, for ceki-cli match ---- */

/* For each match that was its seats' own choices at its game's default
 * length: "ceki-cli match VARIANT --seed S --players N --ai L,L,.. [--scheme K]
 * [--option O]..." (ceki-cli match's arguments), the transcript of its
 * record as seat 0 reads it (which ceki-cli match prints), and "end". */
static void world_print_matches(const World *w, FILE *out)
{
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        if (!t->as_match || t->cfg.rounds != 0)
            continue;
        fprintf(out, "ceki-cli match %s --seed %llu --players %d --ai ",
                variant_get(t->cfg.variant)->key, (unsigned long long)t->cfg.seed, t->cfg.players);
        for (int s = 0; s < t->cfg.players; s++)
            fprintf(out, "%s%s", s ? "," : "", ai_level_key(t->level[s]));
        if (variant_has_stakes(variant_get(t->cfg.variant)))
            fprintf(out, " --scheme %s", stake_scheme_key(t->cfg.stakes));
        int n = 0;
        const VariantOption *opts = variant_options(&n);
        for (int k = 0; k < n; k++) {
            if (t->cfg.options & opts[k].bit)
                fprintf(out, " --option %s", opts[k].name);
        }
        char err[160] = "";
        char *text = transcript_from_record(t->record, t->record_len, 0, err, sizeof err);
        fprintf(out, "\n%s", text ? text : err);
        fprintf(out, "end\n");
        free(text);
    }
}

/* ---- the world's end ---- */

static void world_remove_dir(const char *dir)
{
    static const char *const files[] = {"ceki-server.db", "ceki-server.db-wal",
                                        "ceki-server.db-shm"};
    char path[400];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

static void world_free(World *w)
{
    for (int i = 0; i < w->nclients; i++)
        client_free(&w->client[i]);
    for (int i = 0; i < w->nhosts; i++) {
        host_sim_free(&w->host[i]);
        if (w->real_files)
            world_remove_dir(w->host[i].dir);
    }
    for (int i = 0; i < w->ntables; i++)
        oracle_free(&w->table[i]);
    for (uint32_t i = 0; i < w->nlinks; i++)
        free(w->links[i]);
    free(w->links);
    sim_queue_free(&w->q);
    if (w->real_files && strstr(w->tmp_root, "XXXXXX") == NULL)
        rmdir(w->tmp_root);
    free(w->msg);
    free(w->reply);
    free(w->buf);
    free(w->obs);
}

bool sim_run(const SimRunOptions *o, uint64_t seed, char *out, size_t size, SimResult *res)
{
    World *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(out, size, "seed %llu: out of memory", (unsigned long long)seed);
        return false;
    }
    w->max_steps = o->steps;
    w->trace = o->trace;
    w->real_files = o->real_files;
    Line l = {out, size, 0};
    out[0] = '\0';
    if (!world_make(w, seed, o->tables))
        sim_fail(w, "sim", "the world could not be set up (memory, a temporary directory, a VFS)");
    if (!w->broken)
        world_loop(w);
    long as_match = w->broken ? 0 : check_end(w);
    if (o->matches && !w->broken)
        world_print_matches(w, o->matches);
    world_describe(w, &l);
    world_outcome(w, &l, as_match);
    if (res) {
        res->sim_ms = w->now;
        res->steps = w->step;
        for (int i = 0; i < w->ntables; i++)
            res->matches += w->table[i].over_told;
        res->as_match = as_match;
        snprintf(res->broke, sizeof res->broke, "%s", w->broken ? w->broke : "");
    }
    bool ok = !w->broken;
    world_free(w);
    free(w);
    return ok;
}
