/* cmd_load.c — `ceki-cli load` (contract in cli_netcmd.h): many tables of
 * network bots from one process, and what the server's answers cost.
 *
 * The tables are shared out among LoadWorkers (load_worker.h), each a
 * POSIX thread with a socket of its own and at most LOAD_TABLES_PER_WORKER
 * tables; this file reads the arguments, runs the threads until the time
 * is up and merges what they measured into the report. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli_args.h"
#include "cli_net.h"
#include "cli_netcmd.h"
#include "cli_util.h"
#include "load_worker.h"

#define LOAD_TABLES_MAX 1300L /* seats stay under the server's default peer limit */
#define LOAD_SECONDS_MAX 86400L
#define LOAD_THINK_MAX_MS 600000L
#define LOAD_DEFAULT_SECONDS 30L
#define LOAD_TABLES_PER_WORKER 250 /* a worker's share: 750 connections of Thothit */
#define LOAD_WORKERS_MAX 8
#define LOAD_RAMP_PART 10L      /* the tables open over the first tenth of the run */
#define LOAD_RAMP_MAX_MS 10000u /* and at most this long */
#define LOAD_US_PER_S 1e6

typedef struct LoadArgs {
    const char *connect, *bind;
    const VariantDesc *v;
    long tables, think_ms, seconds;
} LoadArgs;

/* What the workers measured, put together. */
typedef struct LoadTotals {
    LoadSamples lat, join;
    long moves, resyncs, finished, lost, join_failed, transcripts, differing;
    uint64_t recv_bytes;
} LoadTotals;

static int load_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: load: %s\n", why);
    fprintf(stderr, "usage: ceki-cli load --connect HOST:PORT --tables N --variant V "
                    "[--think MS] [--seconds S] [--bind ADDR]\n");
    return 2;
}

static int parse_one(LoadArgs *a, const char *arg, const char *val)
{
    if (strcmp(arg, "--connect") == 0)
        a->connect = val;
    else if (strcmp(arg, "--bind") == 0)
        a->bind = val;
    else if (strcmp(arg, "--variant") == 0)
        return (a->v = cli_find_variant(val)) ? 0 : 2;
    else if (strcmp(arg, "--tables") == 0)
        return cli_parse_long(val, 1, LOAD_TABLES_MAX, &a->tables)
                   ? 0
                   : load_usage("--tables takes 1 to 1300");
    else if (strcmp(arg, "--think") == 0)
        return cli_parse_long(val, 0, LOAD_THINK_MAX_MS, &a->think_ms)
                   ? 0
                   : load_usage("--think takes milliseconds (0 to 600000)");
    else if (strcmp(arg, "--seconds") == 0)
        return cli_parse_long(val, 1, LOAD_SECONDS_MAX, &a->seconds)
                   ? 0
                   : load_usage("--seconds takes 1 to 86400");
    else {
        fprintf(stderr, "ceki-cli: load: unexpected argument '%s'\n", arg);
        return 2;
    }
    return 0;
}

static int parse_load_args(int argc, char **argv, LoadArgs *a)
{
    a->seconds = LOAD_DEFAULT_SECONDS;
    int st = 0;
    for (int i = 1; i < argc && st == 0; i += 2)
        st = i + 1 < argc ? parse_one(a, argv[i], argv[i + 1])
                          : load_usage("an option lacks its value");
    if (st == 0 && (!a->connect || !a->v || a->tables == 0))
        st = load_usage("needs --connect HOST:PORT, --tables N and --variant V");
    return st;
}

/* ---- the report ---- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t percentile(const uint32_t *v, size_t n, int pct)
{
    if (n == 0)
        return 0;
    size_t i = (n * (size_t)pct + 99) / 100;
    return v[i == 0 ? 0 : i - 1];
}

static double load_cpu_seconds(void)
{
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0.0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / LOAD_US_PER_S;
}

/* from's samples added to to's; false when out of memory. */
static bool load_append(LoadSamples *to, const LoadSamples *from)
{
    for (size_t k = 0; k < from->n; k++) {
        if (!load_samples_add(to, from->v[k]))
            return false;
    }
    return true;
}

static void load_sort(LoadSamples *s)
{
    if (s->n)
        qsort(s->v, s->n, sizeof *s->v, cmp_u32);
}

/* Every worker's figures in one; false when out of memory. */
static bool load_merge(const LoadWorker *w, int n, LoadTotals *tot)
{
    for (int i = 0; i < n; i++) {
        if (!load_append(&tot->lat, &w[i].lat) || !load_append(&tot->join, &w[i].join))
            return false;
        tot->join_failed += w[i].join_failed;
        tot->transcripts += w[i].transcripts;
        tot->differing += w[i].differing;
        tot->moves += w[i].moves;
        tot->resyncs += w[i].resyncs;
        tot->finished += w[i].finished;
        tot->lost += w[i].lost;
        tot->recv_bytes += w[i].recv_bytes;
    }
    load_sort(&tot->lat);
    load_sort(&tot->join);
    return true;
}

static void load_report(const LoadArgs *a, int players, int workers, const LoadTotals *tot,
                        double seconds)
{
    printf("tables %ld, seats %ld, threads %d, finished matches %ld, seats lost %ld\n", a->tables,
           a->tables * players, workers, tot->finished, tot->lost);
    printf("moves %ld in %.1f s: %.1f per second\n", tot->moves, seconds,
           seconds > 0 ? (double)tot->moves / seconds : 0.0);
    printf("resyncs %ld\n", tot->resyncs);
    const LoadSamples *l = &tot->lat, *j = &tot->join;
    printf("latency p50 %u ms p99 %u ms max %u ms\n", percentile(l->v, l->n, 50),
           percentile(l->v, l->n, 99), l->n ? l->v[l->n - 1] : 0);
    printf("joins %zu, failed %ld: p50 %u ms p99 %u ms max %u ms\n", j->n, tot->join_failed,
           percentile(j->v, j->n, 50), percentile(j->v, j->n, 99), j->n ? j->v[j->n - 1] : 0);
    printf("transcripts %ld, differing from the record %ld\n", tot->transcripts, tot->differing);
    printf("bytes received per move per seat %.0f\n",
           tot->moves ? (double)tot->recv_bytes / ((double)tot->moves * players) : 0.0);
    printf("load: processor time %.1f s\n", load_cpu_seconds());
}

/* ---- the threads ---- */

/* Runs n workers, one thread each; false when one could not start or failed. */
static bool load_run_workers(LoadWorker *w, int n)
{
    pthread_t *th = calloc((size_t)n, sizeof *th);
    bool ok = th != NULL;
    int started = 0;
    for (; ok && started < n; started++) {
        if (pthread_create(&th[started], NULL, load_worker_run, &w[started]) != 0) {
            fprintf(stderr, "ceki-cli: load: cannot start a thread\n");
            atomic_store(&w[0].plan->stop, true);
            ok = false;
            break;
        }
    }
    for (int i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
        ok = ok && !w[i].failed;
    }
    free(th);
    return ok;
}

int cli_cmd_load(int argc, char **argv)
{
    LoadArgs a;
    memset(&a, 0, sizeof a);
    int st = parse_load_args(argc, argv, &a);
    if (st != 0)
        return st;
    LoadPlan plan;
    memset(&plan, 0, sizeof plan);
    plan.connect = a.connect;
    plan.bind = a.bind;
    plan.v = a.v;
    plan.players = cli_default_players(a.v);
    plan.think_ms = (uint32_t)a.think_ms;
    atomic_init(&plan.stop, false);
    int n = (int)((a.tables + LOAD_TABLES_PER_WORKER - 1) / LOAD_TABLES_PER_WORKER);
    n = n > LOAD_WORKERS_MAX ? LOAD_WORKERS_MAX : n;
    LoadWorker *w = calloc((size_t)n, sizeof *w);
    bool ok = w != NULL;
    plan.tables = a.tables;
    plan.workers = n;
    plan.ramp_ms = (uint32_t)(a.seconds * 1000L / LOAD_RAMP_PART);
    plan.ramp_ms = plan.ramp_ms < LOAD_RAMP_MAX_MS ? plan.ramp_ms : LOAD_RAMP_MAX_MS;
    for (int i = 0; ok && i < n; i++) /* the tables dealt out as evenly as they go */
        ok = load_worker_open(&w[i], &plan, i, (int)(a.tables * (i + 1) / n - a.tables * i / n));
    uint64_t start = cli_now_ms();
    plan.start_ms = start;
    plan.end_ms = start + (uint64_t)a.seconds * 1000u;
    ok = ok && load_run_workers(w, n);
    LoadTotals tot;
    memset(&tot, 0, sizeof tot);
    if (ok && load_merge(w, n, &tot))
        load_report(&a, plan.players, n, &tot, (double)(cli_now_ms() - start) / 1000.0);
    for (int i = 0; w && i < n; i++)
        load_worker_close(&w[i]);
    free(w);
    load_samples_free(&tot.lat);
    load_samples_free(&tot.join);
    return ok ? 0 : 1;
}
