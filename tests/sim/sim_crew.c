/* sim_crew.c — hostile crews (sim.h): one row each. A crew is a few or
 * many clients of one hostile kind (sim_kinds.c) behind one address of its
 * own, at one host, for a while: they come at a random moment, act every
 * gap, come straight back whatever the host told them, and stop when
 * their time is up. What the host must do about them is in sim_check.c
 * (admission): refuse or drop them within its limits, cut off an address
 * that guesses keys, never seat them, and never let them cost an honest
 * address its seat or its way in. A new kind of attack is a row. */
#include <string.h>

#include "sim.h"

#define CREW_START_MAX_MS 600000u /* a crew comes within ten minutes of the start, */
#define CREW_EARLY_MS 8000u       /* or, half the time, while the tables are filling */
#define CREW_LAST_MIN_MS 20000u   /* and stays this long at least */
#define CREW_LAST_MAX_MS 180000u  /* and at most */
#define CREW_SPREAD_MS 2000u      /* its clients come within this of each other */

typedef struct SimCrew {
    const char *key;
    uint32_t off_per_mille; /* the chance in a thousand that a world has none */
    const SimClientKind *kind;
    int min, max;                      /* its clients */
    uint32_t gap_min_ms, gap_max_ms;   /* how often each acts (a kind that acts) */
    uint32_t back_min_ms, back_max_ms; /* how soon each comes back after a drop */
    uint32_t talks_per_mille;          /* idlers that ask for the list once */
} SimCrew;

static const SimCrew sim_crews[] = {
    /* a few idle connections, silent or at no table after one LIST */
    {"idlers", 600, &sim_kind_idler, 1, 4, 0, 0, 200, 3000, 500},
    /* a connection flood from one address, back within milliseconds */
    {"conn-flood", 800, &sim_kind_idler, 8, SIM_CREW_MAX, 0, 0, 5, 60, 300},
    /* tables made as fast as the host lets them, nobody coming to them */
    {"table-flood", 750, &sim_kind_tabler, 1, 3, 20, 1500, 50, 1000, 0},
    /* keys of private tables and seats' tokens guessed */
    {"key-guess", 700, &sim_kind_guesser, 1, 3, 30, 2000, 50, 1000, 0},
};

static void crew_add(World *w, const SimCrew *row, int crew)
{
    int addr = world_addr(w, true);
    int host = (int)sim_rng_below(&w->rng, (uint32_t)w->nhosts);
    uint64_t start =
        sim_rng_below(&w->rng, sim_rng_chance(&w->rng, 500) ? CREW_EARLY_MS : CREW_START_MAX_MS);
    uint64_t end = start + sim_rng_range(&w->rng, CREW_LAST_MIN_MS, CREW_LAST_MAX_MS);
    int n = (int)sim_rng_range(&w->rng, (uint64_t)row->min, (uint64_t)row->max);
    for (int i = 0; i < n && w->nclients < SIM_MAX_CLIENTS; i++) {
        SimClient *c = world_client(w, row->kind, -1, addr);
        c->host = host;
        c->crew = crew;
        c->next_try = start + sim_rng_below(&w->rng, CREW_SPREAD_MS);
        c->quit_at = end;
        c->retry_ms = (uint32_t)sim_rng_range(&w->rng, row->back_min_ms, row->back_max_ms);
        c->act_gap_ms = (uint32_t)sim_rng_range(&w->rng, row->gap_min_ms, row->gap_max_ms);
        c->talks = sim_rng_chance(&w->rng, row->talks_per_mille);
        w->stats.crews++;
    }
}

void crew_plan(World *w)
{
    int crews = 0;
    int rows = (int)(sizeof sim_crews / sizeof sim_crews[0]);
    for (int i = 0; i < rows; i++) {
        bool off = sim_rng_chance(&w->rng, sim_crews[i].off_per_mille);
        if (!off && crews < SIM_MAX_CREWS)
            crew_add(w, &sim_crews[i], crews++);
    }
}
