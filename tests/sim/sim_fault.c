/* sim_fault.c — the faults (sim.h), one row each. A world draws for each
 * row whether it strikes at all and how often (a mean gap between strikes);
 * each strike picks its target and its measure (how long, how far) from
 * the world's randomness and queues the next one. */
#include <stdio.h>
#include <string.h>

#include "sim.h"
#include "sim_fault.h"

#define FAULT_NO_TARGET (-1)
#define FAULT_STORM_MIN_MS 60000u   /* faults strike for a while from the start, */
#define FAULT_STORM_MAX_MS 1800000u /* then stop, and the world must come right */

/* A client that is running and not finished, chosen at random (seated
 * ones only when `seated`); FAULT_NO_TARGET when none is. */
static int fault_client(World *w, bool seated)
{
    int pick[SIM_MAX_CLIENTS], n = 0;
    for (int i = 0; i < w->nclients; i++) {
        const SimClient *c = &w->client[i];
        if (c->alive && !c->done && (!seated || c->kind->seated))
            pick[n++] = i;
    }
    return n ? pick[sim_rng_below(&w->rng, (uint32_t)n)] : FAULT_NO_TARGET;
}

static SimHost *fault_host(World *w, bool up)
{
    int i = (int)sim_rng_below(&w->rng, (uint32_t)w->nhosts);
    SimHost *sh = &w->host[i];
    return !up || sh->h ? sh : NULL;
}

static void fault_say(const World *w, const char *what, int client)
{
    if (w->trace && client != FAULT_NO_TARGET)
        fprintf(w->trace, "         %s client %d\n", what, client);
}

static void strike_link_cut(World *w)
{
    int i = fault_client(w, false);
    fault_say(w, "cut", i);
    if (i != FAULT_NO_TARGET)
        client_net_down(w, &w->client[i], sim_rng_range(&w->rng, 0, 40000));
}

static void strike_client_restart(World *w)
{
    int i = fault_client(w, false);
    fault_say(w, "restart", i);
    if (i != FAULT_NO_TARGET)
        client_kill(w, &w->client[i], sim_rng_range(&w->rng, 10, 20000));
}

static void strike_client_gone(World *w)
{
    int i = fault_client(w, true);
    fault_say(w, "gone", i);
    if (i != FAULT_NO_TARGET)
        client_kill(w, &w->client[i], SIM_NEVER);
}

static void strike_host_kill(World *w)
{
    SimHost *sh = fault_host(w, true);
    if (!sh)
        return;
    w->stats.host_kills++;
    if (w->trace)
        fprintf(w->trace, "         host %d killed\n", sh->index);
    if (sim_rng_chance(&w->rng, 250)) { /* the machine restarted: its clock begins again */
        int64_t fresh = (int64_t)sim_rng_range(&w->rng, 0, 10000);
        sh->clock_offset = fresh - (int64_t)w->now;
    }
    host_sim_kill(w, sh, sim_rng_range(&w->rng, 1, w->fault_down_ms));
}

static void strike_kill_in_write(World *w)
{
    SimHost *sh = fault_host(w, true);
    if (sh && sh->disk.crash_in == 0)
        sh->disk.crash_in = (long)sim_rng_range(&w->rng, 1, 16);
}

static void strike_disk_full(World *w)
{
    SimHost *sh = fault_host(w, false);
    if (!sh || sh->disk.full)
        return;
    w->stats.disk_full++;
    sh->disk.full = true;
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_DISK;
    e.a = (uint32_t)sh->index;
    sim_at(w, sim_rng_range(&w->rng, 200, 30000), &e);
}

static void strike_host_clock(World *w)
{
    SimHost *sh = fault_host(w, false);
    w->stats.clock_jumps++;
    uint64_t jump = sim_rng_chance(&w->rng, 200) ? sim_rng_range(&w->rng, 60000, 7200000)
                                                 : sim_rng_range(&w->rng, 100, 30000);
    sh->clock_offset += (int64_t)jump;
}

static void strike_client_clock(World *w)
{
    int i = fault_client(w, false);
    if (i == FAULT_NO_TARGET)
        return;
    w->stats.clock_jumps++;
    w->client[i].clock_offset += (int64_t)sim_rng_range(&w->rng, 100, 600000);
    client_reschedule(w, &w->client[i]);
}

static void strike_delay(World *w)
{
    int i = fault_client(w, false);
    SimLink *l = i != FAULT_NO_TARGET && w->client[i].link ? net_link(w, w->client[i].link) : NULL;
    uint32_t most = w->peer_timeout_ms / 3; /* under the peer timeout: ENet keeps the link, late */
    if (l && l->latency_ms < most)
        l->latency_ms = (uint32_t)sim_rng_range(&w->rng, l->latency_ms, most);
}

const SimFault sim_faults[] = {
    {"link-cut", 300, 4000, 120000, strike_link_cut},
    {"client-restart", 400, 5000, 150000, strike_client_restart},
    {"client-gone", 750, 30000, 600000, strike_client_gone},
    {"host-kill", 300, 3000, 90000, strike_host_kill},
    {"kill-in-write", 400, 2000, 60000, strike_kill_in_write},
    {"disk-full", 400, 5000, 120000, strike_disk_full},
    {"host-clock", 500, 10000, 300000, strike_host_clock},
    {"client-clock", 500, 10000, 300000, strike_client_clock},
    {"delay", 400, 2000, 60000, strike_delay},
};
const int sim_fault_count = (int)(sizeof sim_faults / sizeof sim_faults[0]);

void fault_plan(World *w)
{
    w->faults_until = sim_rng_range(&w->rng, FAULT_STORM_MIN_MS, FAULT_STORM_MAX_MS);
    for (int i = 0; i < sim_fault_count; i++) {
        const SimFault *f = &sim_faults[i];
        w->fault_gap[i] = sim_rng_chance(&w->rng, f->off_per_mille)
                              ? 0
                              : (uint32_t)sim_rng_range(&w->rng, f->gap_min_ms, f->gap_max_ms);
        if (w->fault_gap[i])
            fault_queue(w, i);
    }
}

void fault_queue(World *w, int row)
{
    uint32_t gap = w->fault_gap[row];
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_FAULT;
    e.a = (uint32_t)row;
    sim_at(w, sim_rng_range(&w->rng, gap / 2, gap + gap / 2), &e);
}

void fault_strike(World *w, int row)
{
    if (w->now >= w->faults_until)
        return; /* the storm is over: what must hold now is that everything recovers */
    if (w->trace)
        fprintf(w->trace, "%8llu fault %s\n", (unsigned long long)w->now, sim_faults[row].key);
    sim_faults[row].strike(w);
    fault_queue(w, row);
}
