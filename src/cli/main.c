/* ceki-cli — the headless front end: variants, scoring, legal moves,
 * simulation and replays. The output formats are a contract (README). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "card.h"
#include "cli_args.h"
#include "cli_hint.h"
#include "cli_match.h"
#include "cli_netcmd.h"
#include "cli_pei.h"
#include "cli_sim.h"
#include "cli_util.h"
#include "game.h"
#include "record.h"
#include "score.h"
#include "variant.h"

/* The commands and their arguments, to `to`; 0 for standard output (asked
 * for with --help), 2 otherwise (a wrong command line). The manual page is
 * made from this text (packaging/man). */
static int usage_to(FILE *to)
{
    fprintf(
        to,
        "usage: ceki-cli COMMAND ...\n"
        "  variants\n"
        "  score VARIANT [--players N] [--option NAME]... [CARD...]\n"
        "  moves VARIANT --hand \"CARDS\" --pool \"CARDS\" [--first-turn] [--players N]\n"
        "  hint VARIANT --hand \"CARDS\" --pool \"CARDS\" [--first-turn] [--players N]\n"
        "  hint --record FILE --seat N   the coach: 'move: M', then 'why: ...' lines\n"
        "      (both forms take [--seed S] [--ai-iterations N], default 1 and 1000)\n"
        "  sim VARIANT --games N --seed S [--players N] [--ai LIST] [--ai-ms MS]\n"
        "      [--ai-iterations N]   prints per seat: wins W [LO HI] mean M, where\n"
        "      LO..HI is the 95%% Wilson score interval of the share of rounds won\n"
        "  match VARIANT --seed S [--players N] [--ai LIST] [--scheme NAME] [--option NAME]...\n"
        "  replay FILE\n"
        "  stakes --scheme none|wudon|rampung|parewanan|nir|jedhil [--jung] --scores A,B,C\n"
        "  checki CARD CARD CARD CARD CARD CARD CARD CARD\n"
        "  table --connect HOST:PORT --variant V [--players N] [--seed S] [--seats LIST]\n"
        "      [--scheme NAME] [--option NAME]... [--private] [--clock SECONDS+BANK|none]\n"
        "      [--watch none|public|hands-late] [--hand-stalled S] [--bind ADDR]\n"
        "  bot --connect HOST:PORT --table ID --level random|greedy|strong [--key KEY]\n"
        "      [--token FILE] [--think MS] [--dump FILE] [--bind ADDR]\n"
        "  bot --connect HOST:PORT --table ID --watch [--key KEY] [--dump FILE] [--bind ADDR]\n"
        "  list --connect HOST:PORT [--bind ADDR]\n"
        "  load --connect HOST:PORT --tables N --variant V [--think MS] [--seconds S]\n"
        "      [--bind ADDR]\n");
    return to == stdout ? 0 : 2;
}

static int usage(void)
{
    return usage_to(stderr);
}

/* Parses a card list argument; prints which token is wrong. */
static bool parse_cards(const char *what, const char *text, Card *out, size_t cap, size_t *n)
{
    size_t bad = 0;
    CekiStatus st = card_list_parse(text, out, cap, n, &bad);
    if (st == CEKI_OK)
        return true;
    if (st == CEKI_ERR_PARSE) {
        size_t len = strcspn(text + bad, " \t\r\n");
        fprintf(stderr,
                "ceki-cli: %s: '%.*s' is not a card (Ceki: C1-C9 S1-S9 M1-M9 OT WF RF; "
                "French: AS 10D QC ...)\n",
                what, (int)len, text + bad);
    } else {
        fprintf(stderr, "ceki-cli: %s: too many cards\n", what);
    }
    return false;
}

static int cmd_variants(void)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        const VariantDesc *v = variant_get((VariantId)i);
        printf("%-20s %d-%d %s\n", v->key, v->min_players, v->max_players, v->name);
    }
    return 0;
}

static int cmd_score(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const VariantDesc *v = cli_find_variant(argv[1]);
    if (!v)
        return 2;
    if (v->engine != ENGINE_FISHING) {
        fprintf(stderr, "ceki-cli: %s has no captured pile to score\n", v->key);
        return 2;
    }
    int players = cli_default_players(v);
    uint32_t options = 0;
    char text[4096] = "";
    size_t used = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
            if (!cli_parse_players(v, argv[++i], &players))
                return 2;
        } else if (strcmp(argv[i], "--option") == 0 && i + 1 < argc) {
            uint32_t bit = variant_option_bit(argv[++i]);
            if (!bit || !(v->options & bit)) {
                fprintf(stderr, "ceki-cli: %s has no option '%s'\n", v->key, argv[i]);
                return 2;
            }
            options |= bit;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "ceki-cli: score: unknown flag '%s'\n", argv[i]);
            return 2;
        } else {
            int w = snprintf(text + used, sizeof text - used, "%s ", argv[i]);
            if (w < 0 || (size_t)w >= sizeof text - used) {
                fprintf(stderr, "ceki-cli: score: too many cards\n");
                return 2;
            }
            used += (size_t)w;
        }
    }
    Card pile[CEKI_MAX_DECK];
    size_t n = 0;
    if (!parse_cards("score", text, pile, CEKI_MAX_DECK, &n))
        return 2;
    int copies[CARD_KIND_LIMIT] = {0};
    for (size_t i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        if (++copies[pile[i]] > variant_copies_of(v, players, pile[i])) {
            fprintf(stderr, "ceki-cli: score: %s holds %d %s at most; this pile has more\n", v->key,
                    variant_copies_of(v, players, pile[i]), card_format(pile[i], t));
            return 2;
        }
    }
    static ScoreBreakdown b;
    int total = score_pile(v->id, options, pile, (int)n, &b);
    for (int i = 0; i < b.ngroups; i++) {
        char list[2048];
        card_list_format(b.groups[i].cards, (size_t)b.groups[i].ncards, list, sizeof list);
        printf("%-34s %4d  %s\n", b.groups[i].label, b.groups[i].points, list);
    }
    printf("score: %d\n", total);
    return 0;
}

static int cmd_moves(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const VariantDesc *v = cli_find_variant(argv[1]);
    if (!v)
        return 2;
    int players = cli_default_players(v);
    const char *hand_text = NULL, *pool_text = NULL;
    bool first = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--hand") == 0 && i + 1 < argc)
            hand_text = argv[++i];
        else if (strcmp(argv[i], "--pool") == 0 && i + 1 < argc)
            pool_text = argv[++i];
        else if (strcmp(argv[i], "--first-turn") == 0)
            first = true;
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
            if (!cli_parse_players(v, argv[++i], &players))
                return 2;
        } else {
            fprintf(stderr, "ceki-cli: moves: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!hand_text || !pool_text) {
        fprintf(stderr, "ceki-cli: moves needs --hand \"CARDS\" and --pool \"CARDS\"\n");
        return 2;
    }
    Card hand[OBS_MAX_HAND], pool[CEKI_MAX_DECK];
    size_t nh = 0, np = 0;
    if (!parse_cards("--hand", hand_text, hand, OBS_MAX_HAND, &nh) ||
        !parse_cards("--pool", pool_text, pool, CEKI_MAX_DECK, &np))
        return 2;
    if (nh == 0) {
        fprintf(stderr, "ceki-cli: moves: the hand is empty\n");
        return 2;
    }
    GameConfig cfg = game_config_default(v->id, 1);
    cfg.players = players;
    CekiStatus st = CEKI_OK;
    Game *g = game_create_position(&cfg, hand, (int)nh, pool, (int)np, first, &st);
    if (!g) {
        if (st == CEKI_ERR_IMPOSSIBLE)
            fprintf(stderr,
                    "ceki-cli: moves: this position cannot occur in %s: a card is not in "
                    "its deck or appears more often than the deck holds it\n",
                    v->key);
        else if (st == CEKI_ERR_UNSUPPORTED)
            fprintf(stderr, "ceki-cli: moves: %s has no hand to play from\n", v->key);
        else
            fprintf(stderr, "ceki-cli: moves: %s\n", ceki_status_text(st));
        return 2;
    }
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
        printf("%s %s%s\n", card_format(moves[i].card, a),
               moves[i].target == CARD_NONE ? "-" : card_format(moves[i].target, b),
               (moves[i].flags & MOVE_FLAG_FORFEIT) ? " forfeit" : "");
    }
    printf("moves: %d\n", n);
    game_destroy(g);
    return 0;
}

static int cmd_replay(int argc, char **argv)
{
    if (argc != 2)
        return usage();
    FILE *f = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "ceki-cli: replay: cannot open '%s'\n", argv[1]);
        return 2;
    }
    Game *g = NULL;
    char err[RECORD_ERROR_MAX];
    CekiStatus st = record_read(f, &g, err, sizeof err);
    if (f != stdin)
        fclose(f);
    if (st != CEKI_OK) {
        fprintf(stderr, "ceki-cli: replay: %s: %s\n", argv[1], err[0] ? err : ceki_status_text(st));
        return 1;
    }
    const VariantDesc *v = game_variant(g);
    static Observation o;
    game_observe(g, 0, &o);
    int nmoves = 0;
    game_history(g, &nmoves);
    printf("variant: %s\nplayers: %d\nmoves: %d\nround: %d\n", v->key, o.players, nmoves, o.round);
    printf("state: %s\n", game_match_over(g)   ? "match over"
                          : game_round_over(g) ? "round over"
                                               : "in play");
    for (int s = 0; s < o.players; s++) {
        printf("seat %d: round %d match %d%s%s\n", s, o.round_score[s], o.match_score[s],
               o.round_winner[s] && game_round_over(g) ? " round-winner" : "",
               o.match_winner[s] && game_match_over(g) ? " match-winner" : "");
    }
    game_destroy(g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const char *cmd = argv[1];
    if (strcmp(cmd, "variants") == 0 && argc == 2)
        return cmd_variants();
    if (strcmp(cmd, "score") == 0)
        return cmd_score(argc - 1, argv + 1);
    if (strcmp(cmd, "moves") == 0)
        return cmd_moves(argc - 1, argv + 1);
    if (strcmp(cmd, "hint") == 0)
        return cli_cmd_hint(argc - 1, argv + 1);
    if (strcmp(cmd, "sim") == 0)
        return cli_cmd_sim(argc - 1, argv + 1);
    if (strcmp(argv[1], "match") == 0)
        return cli_cmd_match(argc - 1, argv + 1);
    if (strcmp(cmd, "replay") == 0)
        return cmd_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "stakes") == 0)
        return cli_cmd_stakes(argc - 1, argv + 1);
    if (strcmp(cmd, "checki") == 0)
        return cli_cmd_checki(argc - 1, argv + 1);
    if (strcmp(cmd, "table") == 0)
        return cli_cmd_table(argc - 1, argv + 1);
    if (strcmp(cmd, "bot") == 0)
        return cli_cmd_bot(argc - 1, argv + 1);
    if (strcmp(cmd, "list") == 0)
        return cli_cmd_list(argc - 1, argv + 1);
    if (strcmp(cmd, "load") == 0)
        return cli_cmd_load(argc - 1, argv + 1);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0)
        return usage_to(stdout);
    fprintf(stderr, "ceki-cli: unknown command '%s'\n", cmd);
    return usage();
}
