/* cmd_match.c — `ceki-cli match` (contract in cli_match.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "cli_args.h"
#include "cli_match.h"
#include "game.h"
#include "record.h"
#include "transcript.h"

/* Computer players that search are given an iteration budget, not a time
 * budget, so that the same arguments always give the same match. */
#define MATCH_DEFAULT_ITERATIONS 1000

typedef struct MatchArgs {
    GameConfig cfg;
    AiLevel levels[CEKI_MAX_SEATS];
    long iterations;
} MatchArgs;

static int match_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: match: %s\n", why);
    fprintf(stderr, "usage: ceki-cli match VARIANT --seed S [--players N] [--ai LIST] "
                    "[--ai-iterations N] [--scheme NAME] [--option NAME]...\n");
    return 2;
}

static int parse_match_args(int argc, char **argv, MatchArgs *a)
{
    if (argc < 2)
        return match_usage("which game?");
    const VariantDesc *v = cli_find_variant(argv[1]);
    if (!v)
        return 2;
    a->cfg = game_config_default(v->id, 0);
    a->cfg.players = cli_default_players(v);
    a->iterations = MATCH_DEFAULT_ITERATIONS;
    const char *ai_list = "greedy";
    bool have_seed = false;
    int st = 0;
    for (int i = 2; i < argc && st == 0; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return match_usage("an option lacks its value");
        i++;
        if (strcmp(arg, "--seed") == 0) {
            st = cli_parse_seed("match", val, &a->cfg.seed) ? 0 : 2;
            have_seed = true;
        } else if (strcmp(arg, "--players") == 0) {
            st = cli_parse_players(v, val, &a->cfg.players) ? 0 : 2;
        } else if (strcmp(arg, "--ai") == 0) {
            ai_list = val;
        } else if (strcmp(arg, "--ai-iterations") == 0) {
            char *end = NULL;
            a->iterations = strtol(val, &end, 10);
            st = *end || a->iterations < 1 ? match_usage("--ai-iterations takes a positive number")
                                           : 0;
        } else if (strcmp(arg, "--scheme") == 0) {
            st = cli_parse_scheme("match", v, val, &a->cfg.stakes) ? 0 : 2;
        } else if (strcmp(arg, "--option") == 0) {
            st = cli_parse_option(v, val, &a->cfg.options) ? 0 : 2;
        } else {
            fprintf(stderr, "ceki-cli: match: unexpected argument '%s'\n", arg);
            st = 2;
        }
    }
    if (st == 0 && !have_seed)
        st = match_usage("needs --seed S");
    if (st == 0 && !cli_parse_ai_list("match", ai_list, a->cfg.players, a->levels))
        st = 2;
    if (st == 0 && game_config_check(&a->cfg) != CEKI_OK) {
        fprintf(stderr, "ceki-cli: match: the rules do not allow that set-up\n");
        st = 2;
    }
    return st;
}

/* ---- playing ---- */

/* The events of one apply as seat 0 sees them (grown as needed). */
typedef struct SeenEvents {
    GameEvent *e;
    int cap;
} SeenEvents;

/* Feeds the transcript what seat 0 sees of the last apply (everything it
 * prints is public, so any seat would print the same); the view is
 * observed only when the transcript reads it. */
static bool read_apply(Transcript *t, const Game *g, Observation *o, SeenEvents *seen)
{
    int count = 0;
    const GameEvent *e = game_events(g, &count);
    if (count > seen->cap) {
        GameEvent *grown = realloc(seen->e, (size_t)count * sizeof *grown);
        if (!grown)
            return false;
        seen->e = grown;
        seen->cap = count;
    }
    count = game_events_for_seat(g, e, count, 0, seen->e);
    bool round_over = game_round_over(g);
    if (round_over || transcript_needs_view(seen->e, count))
        game_observe(g, 0, o);
    transcript_events(t, seen->e, count, o);
    if (round_over)
        transcript_round_over(t, o);
    return true;
}

static int play_match(Game *g, AiPlayer **ai, Transcript *t, Observation *o)
{
    int n = game_players(g), st = -1;
    uint64_t seed = game_config(g)->seed;
    SeenEvents seen = {NULL, 0};
    for (uint32_t applied = 0; st < 0; applied++) {
        if (!read_apply(t, g, o, &seen)) {
            st = 1;
            break;
        }
        for (int s = 0; s < n; s++)
            ai_watch(ai[s], g, NULL, 0);
        if (game_match_over(g)) {
            st = 0;
            break;
        }
        int seat = game_to_move(g);
        Move m;
        if (!game_round_over(g))
            ai_reseed(ai[seat], game_seat_ai_seed(seed, seat), applied);
        CekiStatus cs = game_round_over(g)
                            ? (game_legal_moves(g, &m, 1) == 1 ? CEKI_OK : CEKI_ERR_ILLEGAL)
                            : ai_choose(ai[seat], g, seat, &m);
        if (cs != CEKI_OK || game_apply(g, &m) != CEKI_OK) {
            fprintf(stderr, "ceki-cli: match: seat %d could not move\n", seat);
            st = 1;
        }
    }
    free(seen.e);
    return st;
}

int cli_cmd_match(int argc, char **argv)
{
    MatchArgs a;
    memset(&a, 0, sizeof a);
    int st = parse_match_args(argc, argv, &a);
    if (st != 0)
        return st;
    Game *g = game_create(&a.cfg, NULL);
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    Transcript *t = calloc(1, sizeof *t);
    Observation *o = malloc(sizeof *o);
    st = g && t && o ? 0 : 1;
    for (int s = 0; st == 0 && s < a.cfg.players; s++) {
        ai[s] = ai_create(a.levels[s], game_seat_ai_seed(a.cfg.seed, s));
        st = ai[s] ? 0 : 1;
        if (ai[s])
            ai_set_budget_iterations(ai[s], a.iterations);
    }
    if (st == 0) {
        game_set_history_enabled(g, false);
        transcript_init(t, &a.cfg, stdout);
        transcript_header(stdout, &a.cfg);
        st = play_match(g, ai, t, o);
    } else {
        fprintf(stderr, "ceki-cli: match: could not set up the match\n");
    }
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        ai_destroy(ai[s]);
    free(o);
    free(t);
    game_destroy(g);
    return st;
}
