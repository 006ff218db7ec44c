/* sim_fault.h — the table of faults (sim_fault.c).
 *
 * Contract: a row is a fault: its key (as the summary and --trace name it),
 * the chance in a thousand that a world has none of it, the range its mean
 * gap between strikes is drawn from, and what a strike does. fault_plan
 * draws every row's gap for a world and queues its first strike;
 * fault_strike strikes and queues the next. Adding a fault is adding a row.
 */
#ifndef CEKI_SIM_FAULT_H
#define CEKI_SIM_FAULT_H

#include "sim.h"

#define SIM_FAULT_ROWS_MAX 16 /* World.fault_gap's size */

typedef struct SimFault {
    const char *key;
    uint32_t off_per_mille;
    uint32_t gap_min_ms, gap_max_ms;
    void (*strike)(World *w);
} SimFault;

extern const SimFault sim_faults[];
extern const int sim_fault_count;

void fault_plan(World *w);
void fault_queue(World *w, int row);
void fault_strike(World *w, int row);

#endif
