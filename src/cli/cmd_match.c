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

/* Computer players that search are given an iteration budget, not a time
 * budget, so that the same arguments always give the same match. */
#define MATCH_DEFAULT_ITERATIONS 1000
#define MATCH_CUT_LINES 16
#define MATCH_LINE_MAX 320

typedef struct MatchArgs {
    GameConfig cfg;
    AiLevel levels[CEKI_MAX_SEATS];
    long iterations;
} MatchArgs;

/* What the transcript remembers between applies. */
typedef struct Transcript {
    Card drawn[CEKI_MAX_SEATS]; /* the first card of a seat's two-card draw */
    int totals[CEKI_MAX_SEATS]; /* match totals after the last hand printed */
    char cut[MATCH_CUT_LINES][MATCH_LINE_MAX];
    int ncut;
    char cut_round[MATCH_LINE_MAX - 64]; /* the cut being read */
    int cut_last_seat;
} Transcript;

static int match_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: match: %s\n", why);
    fprintf(stderr, "usage: ceki-cli match VARIANT --seed S [--players N] [--ai LIST] "
                    "[--ai-iterations N] [--scheme NAME] [--option NAME]...\n");
    return 2;
}

static int parse_option(const VariantDesc *v, const char *name, uint32_t *options)
{
    uint32_t bit = variant_option_bit(name);
    if (bit == 0 || !(v->options & bit)) {
        fprintf(stderr, "ceki-cli: %s has no option '%s'\n", v->key, name);
        return 2;
    }
    *options |= bit;
    return 0;
}

static int parse_scheme(const VariantDesc *v, const char *name, StakeScheme *out)
{
    StakeScheme s = stake_scheme_find(name);
    if (s == STAKES_COUNT) {
        fprintf(stderr,
                "ceki-cli: match: unknown scheme '%s' (none, wudon, rampung, parewanan, nir, "
                "jedhil)\n",
                name);
        return 2;
    }
    if (v->start != START_PEI && s != STAKES_NONE) {
        fprintf(stderr, "ceki-cli: match: stakes are played in Pèi only, not in %s\n", v->key);
        return 2;
    }
    *out = s;
    return 0;
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
            st = parse_scheme(v, val, &a->cfg.stakes);
        } else if (strcmp(arg, "--option") == 0) {
            st = parse_option(v, val, &a->cfg.options);
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

/* ---- the transcript ---- */

static void print_seat_list(const char *label, const int *values, const bool *in, int n)
{
    printf("%s ", label);
    bool first = true;
    for (int s = 0; s < n; s++) {
        if (in[s]) {
            printf("%s%d", first ? "" : ",", values[s]);
            first = false;
        }
    }
}

static void print_roles(const Game *g)
{
    Observation *o = malloc(sizeof *o);
    if (!o || game_observe(g, 0, o) != CEKI_OK) {
        free(o);
        return;
    }
    int seat_of[ROLE_DEALER + 1] = {-1, -1, -1, -1, -1};
    for (int s = 0; s < o->players; s++)
        seat_of[o->role[s]] = s;
    printf("roles: raja seat %d, patih seat %d, unyik seat %d\n", seat_of[ROLE_RAJA],
           seat_of[ROLE_PATIH], seat_of[ROLE_UNYIK]);
    free(o);
}

/* One card of a cut: a new round of cutting starts where the seats stop
 * rising (each round cuts in seat order). */
static void read_cut(Transcript *t, const GameEvent *e)
{
    char card[CARD_TEXT_MAX];
    card_format(e->card, card);
    size_t len = strlen(t->cut_round);
    if (len > 0 && e->seat <= t->cut_last_seat) {
        if (t->ncut < MATCH_CUT_LINES)
            snprintf(t->cut[t->ncut++], MATCH_LINE_MAX, "cut tied: %s", t->cut_round);
        t->cut_round[0] = '\0';
        len = 0;
    }
    snprintf(t->cut_round + len, sizeof t->cut_round - len, "%sseat %d %s", len ? ", " : "",
             e->seat, card);
    t->cut_last_seat = e->seat;
}

static void read_event(Transcript *t, const Game *g, const GameEvent *e)
{
    char a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
    switch ((EventType)e->type) {
    case EV_CEREMONY_CARD:
        if (game_variant(g)->start != START_PEI)
            break;
        if (t->drawn[e->seat] == CARD_NONE) {
            t->drawn[e->seat] = e->card;
        } else {
            printf("draw: seat %d %s %s sum %d\n", e->seat, card_format(t->drawn[e->seat], a),
                   card_format(e->card, b), (int)e->value);
            t->drawn[e->seat] = CARD_NONE;
        }
        break;
    case EV_SEATING: print_roles(g); break;
    case EV_SIT_OUT: printf("sits out: seat %d (total %d)\n", e->seat, (int)e->value); break;
    case EV_CUT: read_cut(t, e); break;
    case EV_CUT_WON:
        if (t->ncut < MATCH_CUT_LINES)
            snprintf(t->cut[t->ncut++], MATCH_LINE_MAX, "cut: %s -> seat %d", t->cut_round,
                     e->seat);
        t->cut_round[0] = '\0';
        break;
    default: break;
    }
}

static void print_hand(Transcript *t, const Game *g, const Observation *o)
{
    int n = o->players, points[CEKI_MAX_SEATS];
    bool in[CEKI_MAX_SEATS], all[CEKI_MAX_SEATS];
    for (int s = 0; s < n; s++) {
        in[s] = !game_sitting_out(g, s);
        all[s] = true;
        points[s] = o->match_score[s] - t->totals[s];
        t->totals[s] = o->match_score[s];
    }
    int seats[CEKI_MAX_SEATS];
    for (int s = 0; s < n; s++)
        seats[s] = s;
    printf("hand %d: ", o->round);
    if (o->dealer >= 0)
        printf("dealer seat %d; ", o->dealer);
    else
        printf("dealer none; ");
    print_seat_list("players", seats, in, n);
    printf("; ");
    print_seat_list("points", points, in, n);
    printf("; ");
    print_seat_list("totals", t->totals, all, n);
    printf("\n");
    for (int i = 0; i < t->ncut; i++)
        printf("%s\n", t->cut[i]);
    t->ncut = 0;
}

static void print_end(const Game *g, const Observation *o)
{
    int n = o->players, winners = 0;
    if (game_config(g)->stakes != STAKES_NONE) {
        bool all[CEKI_MAX_SEATS] = {true, true, true, true, true, true};
        print_seat_list("units:", o->units, all, n);
        printf("\n");
    }
    printf("winner:");
    for (int s = 0; s < n; s++) {
        if (o->match_winner[s])
            printf("%s seat %d", winners++ ? "," : "", s);
    }
    printf("%s\n", winners == 0 ? " none" : winners > 1 ? " (shared)" : "");
}

/* ---- playing ---- */

static int play_match(Game *g, AiPlayer **ai, Transcript *t, Observation *o)
{
    int n = game_players(g), count = 0;
    const GameEvent *e = game_events(g, &count);
    for (;;) {
        for (int i = 0; i < count; i++)
            read_event(t, g, &e[i]);
        for (int s = 0; s < n; s++)
            ai_watch(ai[s], g, NULL, 0);
        if (game_round_over(g)) {
            game_observe(g, 0, o);
            print_hand(t, g, o);
            if (game_match_over(g)) {
                print_end(g, o);
                return 0;
            }
        }
        int seat = game_to_move(g);
        Move m;
        CekiStatus st = game_round_over(g)
                            ? (game_legal_moves(g, &m, 1) == 1 ? CEKI_OK : CEKI_ERR_ILLEGAL)
                            : ai_choose(ai[seat], g, seat, &m);
        if (st != CEKI_OK || game_apply(g, &m) != CEKI_OK) {
            fprintf(stderr, "ceki-cli: match: seat %d could not move\n", seat);
            return 1;
        }
        e = game_events(g, &count);
    }
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
        memset(t->drawn, CARD_NONE, sizeof t->drawn);
        printf("match: %s, %d players, seed %" PRIu64 "\n", game_variant(g)->key, a.cfg.players,
               a.cfg.seed);
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
