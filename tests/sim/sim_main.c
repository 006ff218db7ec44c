/* ceki-sim — runs seeded worlds of the host and its network (tests/sim/README.md).
 *
 *   ceki-sim --seed N [--tables T] [--steps S] [--trace] [--matches]
 *       one world: its one-line summary, ending in "ok" or in the first
 *       invariant broken and its step; --trace prints every step's events
 *       and the host's log on stderr; --matches prints before it, for each
 *       match ceki-cli match can play that was its seats' own choices, that
 *       command's arguments and the transcript of the match's record
 *       (tests/sim/cli_match.sh compares them). Exit 0 when ok, 1 when
 *       broken.
 *   ceki-sim --seeds A-B [--tables T] [--steps S] [--expect NAME] [--bench]
 *       every seed from A to B (CEKI_SIM_SEEDS=N in the environment: N
 *       seeds from A instead, for a soak): the summary of each one broken
 *       and a last line of totals. --expect NAME: stops at the first seed
 *       broken and exits 0 only when NAME is what broke (how the planted
 *       faults are shown to be found; NAME,NAME,... for any of them). --bench adds, on stderr, real
 * time, matches a second and the ratio of simulated to real time. CEKI_SIM_DISK=files keeps the
 * hosts' journals on real files in a temporary directory ($TMPDIR or /tmp) instead of in memory.
 * Without --tables a world draws how many tables it has from its seed, so
 * one seed is the same world in both forms. The same seed prints the same
 * summary on every run, byte for byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"

#define MAIN_LINE_MAX 2048
#define MAIN_STEPS_DEFAULT 2000000L
#define MAIN_SEEDS_MAX 100000000ull

typedef struct MainArgs {
    uint64_t first, last;
    bool range, trace, bench;
    SimRunOptions run;
    const char *expect;
} MainArgs;

static int main_usage(const char *why)
{
    fprintf(stderr, "ceki-sim: %s\n", why);
    fprintf(stderr, "usage: ceki-sim --seed N [--tables T] [--steps S] [--trace] [--matches]\n"
                    "       ceki-sim --seeds A-B [--tables T] [--steps S] [--expect NAME] "
                    "[--bench]\n");
    return 2;
}

static bool main_number(const char *text, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = text ? strtoull(text, &end, 10) : 0;
    if (!text || !*text || *end || errno || text[0] == '-')
        return false;
    *out = v;
    return true;
}

static bool main_range(const char *text, MainArgs *a)
{
    const char *dash = text ? strchr(text, '-') : NULL;
    char first[32];
    if (!dash || (size_t)(dash - text) >= sizeof first)
        return false;
    memcpy(first, text, (size_t)(dash - text));
    first[dash - text] = '\0';
    return main_number(first, &a->first) && main_number(dash + 1, &a->last) &&
           a->first <= a->last && a->last - a->first < MAIN_SEEDS_MAX;
}

static int main_option(MainArgs *a, const char *opt, const char *val)
{
    uint64_t n = 0;
    if (strcmp(opt, "--seed") == 0 && main_number(val, &a->first)) {
        a->last = a->first;
    } else if (strcmp(opt, "--seeds") == 0 && main_range(val, a)) {
        a->range = true;
    } else if (strcmp(opt, "--tables") == 0 && main_number(val, &n) && n >= 1 &&
               n <= SIM_MAX_TABLES) {
        a->run.tables = (int)n;
    } else if (strcmp(opt, "--steps") == 0 && main_number(val, &n) && n >= 1 &&
               n <= (uint64_t)LONG_MAX) {
        a->run.steps = (long)n;
    } else if (strcmp(opt, "--expect") == 0 && val && *val) {
        a->expect = val;
    } else {
        fprintf(stderr, "ceki-sim: %s: '%s' is not a valid value\n", opt, val ? val : "");
        return 2;
    }
    return 0;
}

static int main_parse(int argc, char **argv, MainArgs *a)
{
    bool seeded = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--trace") == 0 || strcmp(argv[i], "--bench") == 0) {
            *(strcmp(argv[i], "--trace") == 0 ? &a->trace : &a->bench) = true;
            continue;
        }
        if (strcmp(argv[i], "--matches") == 0) {
            a->run.matches = stdout;
            continue;
        }
        if (i + 1 >= argc)
            return main_usage("an option lacks its value");
        seeded = seeded || strcmp(argv[i], "--seed") == 0 || strcmp(argv[i], "--seeds") == 0;
        int st = main_option(a, argv[i], argv[i + 1]);
        if (st != 0)
            return st;
        i++;
    }
    if (!seeded)
        return main_usage("needs --seed N or --seeds A-B");
    const char *soak = getenv("CEKI_SIM_SEEDS");
    uint64_t n = 0;
    if (a->range && soak && *soak && main_number(soak, &n) && n >= 1 && n <= MAIN_SEEDS_MAX)
        a->last = a->first + n - 1;
    return 0;
}

static double main_seconds(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Whether the broken invariant `broke` ("NAME at step ...") is one of
 * `names` (NAME or NAME,NAME,...). */
static bool main_is(const char *broke, const char *names)
{
    for (const char *p = names; *p;) {
        size_t n = strcspn(p, ",");
        if (strncmp(broke, p, n) == 0 && broke[n] == ' ')
            return true;
        p += n + (p[n] == ',');
    }
    return false;
}

static int main_seeds(const MainArgs *a)
{
    char line[MAIN_LINE_MAX];
    SimResult total, r;
    memset(&total, 0, sizeof total);
    long broken = 0;
    double start = main_seconds();
    uint64_t seed = a->first;
    for (; seed <= a->last; seed++) {
        memset(&r, 0, sizeof r);
        bool ok = sim_run(&a->run, seed, line, sizeof line, &r);
        total.sim_ms += r.sim_ms;
        total.steps += r.steps;
        total.matches += r.matches;
        total.as_match += r.as_match;
        if (ok)
            continue;
        broken++;
        printf("%s\n", line);
        if (a->expect) {
            bool found = main_is(r.broke, a->expect);
            printf("%s %s at seed %" PRIu64 " (%" PRIu64 " seeds tried)\n", a->expect,
                   found ? "found" : "not found: another invariant broke first", seed,
                   seed - a->first + 1);
            return found ? 0 : 1;
        }
    }
    double real = main_seconds() - start;
    uint64_t seeds = a->last - a->first + 1;
    printf("seeds %" PRIu64 "-%" PRIu64 ": %" PRIu64 " ok, %ld broken; %ld matches over (%ld of "
           "them every move its seat's own choice, each ceki-cli match's), %ld steps, %" PRIu64
           " s simulated\n",
           a->first, a->last, seeds - (uint64_t)broken, broken, total.matches, total.as_match,
           total.steps, total.sim_ms / 1000u);
    if (a->bench)
        fprintf(stderr,
                "ceki-sim: %.1f s real, %.1f worlds/s, %.1f matches/s, %.0f simulated s "
                "per real s\n",
                real, (double)seeds / real, (double)total.matches / real,
                (double)total.sim_ms / 1000.0 / real);
    if (a->expect) {
        printf("%s not found in %" PRIu64 " seeds\n", a->expect, seeds);
        return 1;
    }
    return broken ? 1 : 0;
}

int main(int argc, char **argv)
{
    MainArgs a;
    memset(&a, 0, sizeof a);
    a.run.steps = MAIN_STEPS_DEFAULT;
    const char *disk = getenv("CEKI_SIM_DISK");
    a.run.real_files = disk && strcmp(disk, "files") == 0;
    int st = main_parse(argc, argv, &a);
    if (st != 0)
        return st;
    if (a.range)
        return main_seeds(&a);
    char line[MAIN_LINE_MAX];
    a.run.trace = a.trace ? stderr : NULL;
    bool ok = sim_run(&a.run, a.first, line, sizeof line, NULL);
    printf("%s\n", line);
    return ok ? 0 : 1;
}
