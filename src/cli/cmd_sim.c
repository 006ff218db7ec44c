/* cmd_sim.c — `ceki-cli sim` (contract in cli_sim.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "cli_args.h"
#include "cli_sim.h"
#include "cli_util.h"
#include "game.h"

#define SIM_Z95 1.959963984540054 /* the normal quantile of a 95 % two-sided interval */
#define SIM_MAX_GAMES 1000000000L
#define SIM_MAX_MS 600000L
#define SIM_MAX_ITERATIONS 100000000L
#define SIM_SEED_STEP 0x9E3779B97F4A7C15ULL /* one match's seed from the next */
#define SIM_AI_SEED_MUL 7919u

typedef struct SimArgs {
    const VariantDesc *v;
    int players;
    long games, ai_ms, ai_iterations;
    uint64_t seed;
    AiLevel levels[CEKI_MAX_SEATS];
} SimArgs;

typedef struct SimTally {
    double wins[CEKI_MAX_SEATS], points[CEKI_MAX_SEATS], think[CEKI_MAX_SEATS];
    long decisions[CEKI_MAX_SEATS];
    long rounds;
} SimTally;

void cli_wilson_interval(double p, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double z2 = SIM_Z95 * SIM_Z95, dn = (double)n;
    double centre = (p + z2 / (2.0 * dn)) / (1.0 + z2 / dn);
    double half = SIM_Z95 / (1.0 + z2 / dn) * sqrt(p * (1.0 - p) / dn + z2 / (4.0 * dn * dn));
    *lo = centre - half < 0.0 ? 0.0 : centre - half;
    *hi = centre + half > 1.0 ? 1.0 : centre + half;
}

static double now_seconds(void)
{
    struct timespec ts = {0, 0};
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool sim_parse(int argc, char **argv, SimArgs *a)
{
    bool have_seed = false;
    const char *ai_list = "random";
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = val != NULL;
        if (ok && strcmp(arg, "--games") == 0) {
            ok = cli_parse_long(val, 1, SIM_MAX_GAMES, &a->games);
            if (!ok)
                fprintf(stderr, "ceki-cli: sim: --games takes a positive number\n");
        } else if (ok && strcmp(arg, "--seed") == 0) {
            ok = have_seed = cli_parse_seed("sim", val, &a->seed);
        } else if (ok && strcmp(arg, "--players") == 0) {
            ok = cli_parse_players(a->v, val, &a->players);
        } else if (ok && strcmp(arg, "--ai") == 0) {
            ai_list = val;
        } else if (ok && strcmp(arg, "--ai-ms") == 0) {
            ok = cli_parse_long(val, 0, SIM_MAX_MS, &a->ai_ms);
            if (!ok)
                fprintf(stderr, "ceki-cli: sim: --ai-ms takes a number of milliseconds\n");
        } else if (ok && strcmp(arg, "--ai-iterations") == 0) {
            ok = cli_parse_long(val, 1, SIM_MAX_ITERATIONS, &a->ai_iterations);
            if (!ok)
                fprintf(stderr, "ceki-cli: sim: --ai-iterations takes a positive number\n");
        } else {
            fprintf(stderr, "ceki-cli: sim: unexpected argument '%s'\n", arg);
            return false;
        }
        if (!ok)
            return false;
        i++;
    }
    if (a->games < 0 || !have_seed) {
        fprintf(stderr, "ceki-cli: sim needs --games N and --seed S\n");
        return false;
    }
    return cli_parse_ai_list("sim", ai_list, a->players, a->levels);
}

/* Counts a finished round; moves on to the next round (or drops the match). */
static void sim_round_over(Game **g, const SimArgs *a, SimTally *t)
{
    int nw = 0;
    for (int s = 0; s < a->players; s++)
        nw += game_round_won(*g, s);
    for (int s = 0; s < a->players; s++) {
        t->points[s] += game_round_score(*g, s);
        if (game_round_won(*g, s))
            t->wins[s] += 1.0 / nw;
    }
    t->rounds++;
    if (game_match_over(*g)) {
        game_destroy(*g);
        *g = NULL;
        return;
    }
    Move next = {.type = MOVE_NEXT_ROUND,
                 .seat = (uint8_t)game_to_move(*g),
                 .card = CARD_NONE,
                 .target = CARD_NONE};
    game_apply(*g, &next);
}

/* Plays a->games rounds; 0, or 1 when a game could not go on. */
static int sim_play(const SimArgs *a, AiPlayer **ai, SimTally *t)
{
    GameConfig cfg = game_config_default(a->v->id, a->seed);
    cfg.players = a->players;
    Game *g = NULL;
    uint64_t match = 0;
    while (t->rounds < a->games) {
        if (!g) {
            cfg.seed = a->seed + match++ * SIM_SEED_STEP;
            g = game_create(&cfg, NULL);
            if (!g) {
                fprintf(stderr, "ceki-cli: sim: could not create the game\n");
                return 1;
            }
            game_set_events_enabled(g, false); /* nobody reads them here */
            game_set_history_enabled(g, false);
        }
        if (game_round_over(g)) {
            sim_round_over(&g, a, t);
            continue;
        }
        int seat = game_to_move(g);
        bool thinks = a->levels[seat] != AI_RANDOM;
        double t0 = thinks ? now_seconds() : 0.0;
        Move m;
        /* ai_choose picks one of the listed moves (ai.h). */
        if (ai_choose(ai[seat], g, seat, &m) != CEKI_OK || game_apply_listed(g, &m) != CEKI_OK) {
            fprintf(stderr, "ceki-cli: sim: seat %d could not move\n", seat);
            game_destroy(g);
            return 1;
        }
        if (thinks)
            t->think[seat] += now_seconds() - t0;
        t->decisions[seat]++;
    }
    game_destroy(g);
    return 0;
}

static void sim_print(const SimArgs *a, const SimTally *t, double elapsed)
{
    for (int s = 0; s < a->players; s++) {
        double share = t->wins[s] / (double)a->games, lo = 0.0, hi = 1.0;
        cli_wilson_interval(share, a->games, &lo, &hi);
        printf("seat %d (%s): wins %.4f [%.4f %.4f] mean %.3f", s, ai_level_key(a->levels[s]),
               share, lo, hi, t->points[s] / (double)a->games);
        if (a->levels[s] != AI_RANDOM || a->ai_ms > 0 || a->ai_iterations > 0)
            printf(" ms/move %.3f",
                   t->decisions[s] ? t->think[s] * 1000.0 / (double)t->decisions[s] : 0.0);
        printf("\n");
    }
    printf("games/s: %.1f\n", elapsed > 0 ? (double)a->games / elapsed : 0.0);
}

int cli_cmd_sim(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "ceki-cli: sim needs a variant\n");
        return 2;
    }
    SimArgs a = {.v = cli_find_variant(argv[1]), .games = -1};
    if (!a.v)
        return 2;
    a.players = cli_default_players(a.v);
    if (!sim_parse(argc, argv, &a))
        return 2;
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    int status = 0;
    for (int s = 0; s < a.players && status == 0; s++) {
        ai[s] = ai_create(a.levels[s], a.seed * SIM_AI_SEED_MUL + (uint64_t)s + 1);
        if (!ai[s]) {
            fprintf(stderr, "ceki-cli: sim: the '%s' player is not available in this build\n",
                    ai_level_key(a.levels[s]));
            status = 2;
            break;
        }
        ai_set_budget_ms(ai[s], (int)a.ai_ms);
        ai_set_budget_iterations(ai[s], a.ai_iterations); /* 0: the time budget */
    }
    if (status == 0) {
        SimTally t;
        memset(&t, 0, sizeof t);
        double t0 = now_seconds();
        status = sim_play(&a, ai, &t);
        if (status == 0)
            sim_print(&a, &t, now_seconds() - t0);
    }
    for (int s = 0; s < a.players; s++)
        ai_destroy(ai[s]);
    return status;
}
