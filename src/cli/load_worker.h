/* load_worker.h — one thread of `ceki-cli load` (cmd_load.c): a slice of
 * the tables, played by network bots over a socket of its own.
 *
 * Contract
 * - A LoadWorker owns its NetClient (one ENet host, one UDP socket), a
 *   control connection that creates its tables, and every seat of them; no
 *   two workers share anything but the read-only LoadPlan and its stop flag.
 *   ceki-cli load runs each worker in a POSIX thread (pthreads) of its own,
 *   so 3,000 seats are served by a few sockets at once instead of one, and
 *   each ENet service visits only its own slice of the connections.
 * - Seats waiting out their think time sit in a timer wheel (one slot per
 *   millisecond, LOAD_WHEEL_SLOTS slots), so a round of the loop touches
 *   only the seats whose time has come, never all of them, and a worker
 *   sleeps until a packet comes or its next seat is due.
 * - The tables are opened one after another, evenly over plan->ramp_ms
 *   (tables of all workers interleaved), as people arriving would, rather
 *   than all in the same millisecond: tables started together with the same
 *   think time would move together every think period, a burst no real
 *   room makes, and opening a table (a deal, three connections, three
 *   joins) costs the server more than a move.
 * - A move's latency counts from the flush that sent it until the last
 *   seat of its table received the update that carries it; a seat's join
 *   time from its connect until its WELCOME; the samples are kept in
 *   milliseconds for cmd_load.c to merge. At a match's end every seat's
 *   transcript is checked against the record (botseat_finish).
 * - load_worker_run plays until the plan's end or its stop flag; on a
 *   failure (the server refused a table or closed the control connection)
 *   it prints one line "ceki-cli: load: ..." on stderr, sets `failed` and
 *   raises the stop flag, so every worker ends.
 */
#ifndef CEKI_CLI_LOAD_WORKER_H
#define CEKI_CLI_LOAD_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net_transport.h"
#include "variant.h"

#define LOAD_WHEEL_SLOTS 1024u /* a power of two: one slot per millisecond */

/* Samples in milliseconds (latencies, join times), grown as they come. */
typedef struct LoadSamples {
    uint32_t *v;
    size_t n, cap;
} LoadSamples;

/* What every worker reads; stop is the only thing written (by any). */
typedef struct LoadPlan {
    const char *connect;
    const char *bind; /* the address to send from, NULL: any */
    const VariantDesc *v;
    int players;
    uint32_t think_ms;
    long tables;               /* in all workers */
    int workers;               /* how many there are */
    uint32_t ramp_ms;          /* the tables are opened evenly over this long */
    uint64_t start_ms, end_ms; /* cli_now_ms of the start, and at which to stop */
    atomic_bool stop;
} LoadPlan;

typedef struct LoadTable LoadTable;
typedef struct LoadSeat LoadSeat;
typedef struct LoadConnSlot LoadConnSlot;

typedef struct LoadWorker {
    LoadPlan *plan;
    int index; /* among the plan's workers */
    int ntables, nseats;
    int opened; /* tables asked for so far */
    NetClient *c;
    NetConn control;
    LoadTable *table;
    LoadSeat *seat;
    LoadConnSlot *map;
    size_t map_cap;
    int *asked; /* tables waiting for their id, in the order asked (a ring) */
    int asked_head, asked_count;
    int *moved; /* tables whose move went out in this round */
    int nmoved;
    int wheel[LOAD_WHEEL_SLOTS]; /* the first seat waiting in each slot, or -1 */
    uint64_t wheel_at;           /* the slots before this millisecond are done */
    NetMsg *msg, *reply;
    LoadSamples lat;  /* a move's latency, ms */
    LoadSamples join; /* a seat's join: its connect until its WELCOME, ms */
    long moves, resyncs, finished, lost;
    long join_failed;            /* seats that lost their connection before their WELCOME */
    long transcripts, differing; /* seats' transcripts read at a match's end, and those the
                                    record contradicts */
    uint64_t recv_bytes;
    bool failed;
} LoadWorker;

/* Adds a sample (false when out of memory: it is left out). */
bool load_samples_add(LoadSamples *s, uint64_t ms);
void load_samples_free(LoadSamples *s);

/* Sets up w for ntables tables (nothing is sent yet); false when out of
 * memory or the socket cannot be opened (said on stderr). */
bool load_worker_open(LoadWorker *w, LoadPlan *plan, int index, int ntables);
/* The thread's body: w as void *, returns NULL. */
void *load_worker_run(void *w);
void load_worker_close(LoadWorker *w);

#endif
