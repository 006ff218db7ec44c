/* cmd_hint.c — `ceki-cli hint` (contract in cli_hint.h): the strong
 * player's move and the coach's reasons for it, in English. */
#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "ai_why.h"
#include "card.h"
#include "cli_args.h"
#include "cli_hint.h"
#include "cli_util.h"
#include "game.h"
#include "record.h"
#include "score.h"

#define HINT_DEFAULT_ITERATIONS 1000
#define HINT_MAX_ITERATIONS 10000000L
#define HINT_LINE_MAX 512

typedef struct HintArgs {
    const char *variant;
    const char *hand, *pool, *record;
    const char *players;
    long seat;
    bool first;
    uint64_t seed;
    long iterations;
} HintArgs;

static int hint_fail(const char *what)
{
    fprintf(stderr, "ceki-cli: hint: %s\n", what);
    return 2;
}

/* ---- the reasons in words --------------------------------------------------- */

static const char *cn(Card c, char buf[CARD_TEXT_MAX])
{
    return card_format(c, buf);
}

static void kinds_text(const AiWhy *w, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < w->nkinds && used < size; i++) {
        char t[CARD_TEXT_MAX];
        int n = snprintf(buf + used, size - used, "%s%s", i ? " " : "", cn(w->kinds[i], t));
        used += n > 0 ? (size_t)n : 0;
    }
}

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static void say_capture(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX], t[CARD_TEXT_MAX];
    snprintf(b, n, "%s taking %s adds %d %s to your captured pile, which then scores %d",
             cn(w->card, a), cn(w->target, t), w->points, plural(w->points, "point", "points"),
             w->total);
}

/* The kind of a scoring group in words (a Pèi combination by its name). */
static const char *group_words(const AiWhy *w)
{
    switch ((ScoreGroupKind)w->group) {
    case SCORE_PAIR: return "an identical pair";
    case SCORE_RED_PAIR: return "a red-stamped pair";
    case SCORE_RED_SINGLE: return "a red-stamped single";
    case SCORE_FOUR: return "four of a kind";
    case SCORE_THREE: return "three of a kind";
    case SCORE_PAIR_NINES: return "a pair of 9s";
    case SCORE_PAIR_ONES: return "a pair of rank 1";
    case SCORE_RED_CARD: return "a red-stamped card";
    case SCORE_COUNT: return "captured cards";
    default: return w->label;
    }
}

static void say_group(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX];
    snprintf(b, n, "%s is %s, worth %d %s", cn(w->card, a), group_words(w), w->points,
             plural(w->points, "point", "points"));
}

static void say_copies(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX];
    if (w->count == 0)
        snprintf(b, n, "one more %s would add %d, but every copy of it is captured", cn(w->card, a),
                 w->points);
    else
        snprintf(b, n, "one more %s would add %d; %d %s of it %s still in play", cn(w->card, a),
                 w->points, w->count, plural(w->count, "copy", "copies"),
                 plural(w->count, "is", "are"));
}

static void say_trail(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX];
    if (w->count == 0)
        snprintf(b, n, "no unseen card can take %s from the pool", cn(w->card, a));
    else if (w->points == 0)
        snprintf(b, n, "%d unseen %s could take %s, but it would score nothing for the taker",
                 w->count, plural(w->count, "card", "cards"), cn(w->card, a));
    else
        snprintf(b, n, "%d unseen %s could take %s, worth at most %d to the taker", w->count,
                 plural(w->count, "card", "cards"), cn(w->card, a), w->points);
}

static void say_keeps(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX], t[CARD_TEXT_MAX];
    if (w->points <= 0)
        snprintf(b, n, "%s taking %s would add nothing now", cn(w->card, a), cn(w->target, t));
    else
        snprintf(b, n, "%s taking %s would add only %d now", cn(w->card, a), cn(w->target, t),
                 w->points);
}

static void say_kings(const AiWhy *w, char *b, size_t n)
{
    snprintf(b, n, "you have captured %d %s; the most of any other player is %d", w->count,
             plural(w->count, "card", "cards"), w->total);
}

static void say_discard(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX];
    if (w->kind == WHY_KOWAH_DISCARD_DEAD)
        snprintf(b, n, "no live copy of %s is left to pair it; the hand is then %d short of checki",
                 cn(w->card, a), w->points);
    else if (w->points == 0)
        snprintf(b, n, "without %s the hand is checki", cn(w->card, a));
    else
        snprintf(b, n, "without %s the hand is %d %s short of checki", cn(w->card, a), w->points,
                 plural(w->points, "card", "cards"));
}

static void say_waits(const AiWhy *w, char *b, size_t n)
{
    char k[AI_WHY_KINDS_MAX * CARD_TEXT_MAX + 1], a[CARD_TEXT_MAX];
    kinds_text(w, k, sizeof k);
    if (w->points == 0)
        snprintf(b, n,
                 "the hand is checki; with the pair of %s declared it waits on %s: %d live %s",
                 cn(w->card, a), k, w->count, plural(w->count, "copy", "copies"));
    else if (w->nkinds == 0)
        snprintf(b, n, "the hand is %d short of checki and no live copy brings it nearer",
                 w->points);
    else
        snprintf(b, n, "the hand is %d short of checki; %s would bring it nearer: %d live %s",
                 w->points, k, w->count, plural(w->count, "copy", "copies"));
}

static void say_kowah_draw(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX];
    if (w->kind == WHY_KOWAH_TAKE)
        snprintf(b, n, "the discard %s brings the hand from %d to %d short of checki",
                 cn(w->card, a), w->total, w->points);
    else
        snprintf(b, n, "the discard %s would not bring the hand nearer than %d short of checki",
                 cn(w->card, a), w->points);
}

static void say_declare(const AiWhy *w, char *b, size_t n)
{
    char k[AI_WHY_KINDS_MAX * CARD_TEXT_MAX + 1], a[CARD_TEXT_MAX];
    kinds_text(w, k, sizeof k);
    if (w->kind == WHY_DECLARE)
        snprintf(b, n, "declaring the pair of %s waits on %s: %d live %s", cn(w->card, a), k,
                 w->count, plural(w->count, "copy", "copies"));
    else
        snprintf(b, n, "every winning copy is out of play, so declaring would only lock the hand");
}

/* One reason as an English line (no "why: "). */
static void hint_say(const AiWhy *w, char *b, size_t n)
{
    char a[CARD_TEXT_MAX], t[CARD_TEXT_MAX];
    switch ((AiWhyKind)w->kind) {
    case WHY_FORCED: snprintf(b, n, "it is the only legal move"); return;
    case WHY_CAPTURE_SCORES: say_capture(w, b, n); return;
    case WHY_COMPLETES_GROUP: say_group(w, b, n); return;
    case WHY_COPIES_OUT: say_copies(w, b, n); return;
    case WHY_NO_CAPTURE: snprintf(b, n, "no card in your hand can capture"); return;
    case WHY_FIRST_TURN: snprintf(b, n, "on a first turn only identical cards capture"); return;
    case WHY_TRAIL_SAFE: say_trail(w, b, n); return;
    case WHY_TRAIL_KEEPS: say_keeps(w, b, n); return;
    case WHY_FORFEIT: snprintf(b, n, "this capture forfeits the win"); return;
    case WHY_AVOIDS_FORFEIT:
        snprintf(b, n, "%s taking %s instead would forfeit the win", cn(w->card, a),
                 cn(w->target, t));
        return;
    case WHY_STOCK_TURN: snprintf(b, n, "the turn ends by turning the stock"); return;
    case WHY_KINGS_COUNT: say_kings(w, b, n); return;
    case WHY_KOWAH_DISCARD_DEAD:
    case WHY_KOWAH_DISCARD_LEAST: say_discard(w, b, n); return;
    case WHY_KOWAH_WAITS: say_waits(w, b, n); return;
    case WHY_KOWAH_TAKE:
    case WHY_KOWAH_STOCK: say_kowah_draw(w, b, n); return;
    case WHY_KOWAH_FEED:
        snprintf(b, n, "keep %s: seat %d has declared it and would win on it", cn(w->card, a),
                 w->count);
        return;
    case WHY_DECLARE:
    case WHY_DECLARE_DEAD: say_declare(w, b, n); return;
    case WHY_CLAIM: snprintf(b, n, "%s completes your hand and wins it", cn(w->card, a)); return;
    case WHY_ORDER_RULE:
        snprintf(b, n, "%s may not take %s yet: the capture order wants another card first",
                 cn(w->card, a), cn(w->target, t));
        return;
    default: snprintf(b, n, "%s", ai_why_key((AiWhyKind)w->kind)); return;
    }
}

/* ---- the two forms ------------------------------------------------------------ */

static bool hint_parse(int argc, char **argv, HintArgs *a)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool more = i + 1 < argc;
        if (strcmp(arg, "--hand") == 0 && more)
            a->hand = argv[++i];
        else if (strcmp(arg, "--pool") == 0 && more)
            a->pool = argv[++i];
        else if (strcmp(arg, "--record") == 0 && more)
            a->record = argv[++i];
        else if (strcmp(arg, "--players") == 0 && more)
            a->players = argv[++i];
        else if (strcmp(arg, "--first-turn") == 0)
            a->first = true;
        else if (strcmp(arg, "--seat") == 0 && more) {
            if (!cli_parse_long(argv[++i], 0, CEKI_MAX_SEATS - 1, &a->seat))
                return hint_fail("--seat takes a seat number from 0") == 0;
        } else if (strcmp(arg, "--seed") == 0 && more) {
            if (!cli_parse_seed("hint", argv[++i], &a->seed))
                return false;
        } else if (strcmp(arg, "--ai-iterations") == 0 && more) {
            if (!cli_parse_long(argv[++i], 1, HINT_MAX_ITERATIONS, &a->iterations))
                return hint_fail("--ai-iterations takes a number from 1") == 0;
        } else if (arg[0] != '-' && a->variant == NULL && i == 1)
            a->variant = arg;
        else {
            fprintf(stderr, "ceki-cli: hint: unexpected argument '%s'\n", arg);
            return false;
        }
    }
    return true;
}

static bool hint_cards(const char *what, const char *text, Card *out, size_t cap, size_t *n)
{
    size_t bad = 0;
    CekiStatus st = card_list_parse(text, out, cap, n, &bad);
    if (st == CEKI_OK)
        return true;
    size_t len = strcspn(text + bad, " \t\r\n");
    if (st == CEKI_ERR_PARSE)
        fprintf(stderr, "ceki-cli: hint: %s: '%.*s' is not a card\n", what, (int)len, text + bad);
    else
        fprintf(stderr, "ceki-cli: hint: %s: too many cards\n", what);
    return false;
}

/* The set position of the first form, seat 0 to play; NULL after saying why. */
static Game *hint_position(const HintArgs *a)
{
    const VariantDesc *v = cli_find_variant(a->variant);
    if (v == NULL)
        return NULL;
    int players = cli_default_players(v);
    if (a->players != NULL && !cli_parse_players(v, a->players, &players))
        return NULL;
    if (a->hand == NULL || a->pool == NULL) {
        hint_fail("give --hand \"CARDS\" and --pool \"CARDS\", or --record FILE --seat N");
        return NULL;
    }
    Card hand[OBS_MAX_HAND], pool[CEKI_MAX_DECK];
    size_t nh = 0, np = 0;
    if (!hint_cards("--hand", a->hand, hand, OBS_MAX_HAND, &nh) ||
        !hint_cards("--pool", a->pool, pool, CEKI_MAX_DECK, &np))
        return NULL;
    GameConfig cfg = game_config_default(v->id, a->seed);
    cfg.players = players;
    CekiStatus st = CEKI_OK;
    Game *g =
        nh > 0 ? game_create_position(&cfg, hand, (int)nh, pool, (int)np, a->first, &st) : NULL;
    if (nh == 0)
        hint_fail("the hand is empty");
    else if (g == NULL && st == CEKI_ERR_UNSUPPORTED)
        fprintf(stderr,
                "ceki-cli: hint: %s has no hand to play into a pool; use --record FILE --seat N\n",
                v->key);
    else if (g == NULL && st == CEKI_ERR_IMPOSSIBLE)
        fprintf(stderr,
                "ceki-cli: hint: this position cannot occur in %s: a card is not in its deck or "
                "appears more often than the deck holds it\n",
                v->key);
    else if (g == NULL)
        fprintf(stderr, "ceki-cli: hint: %s\n", ceki_status_text(st));
    return g;
}

/* The game a record leaves, for a seat that is to move; NULL after saying why. */
static Game *hint_recorded(const HintArgs *a)
{
    if (a->variant != NULL || a->hand != NULL || a->pool != NULL || a->first ||
        a->players != NULL || a->seat < 0) {
        hint_fail("--record FILE takes --seat N and no variant, hand, pool or players");
        return NULL;
    }
    FILE *f = fopen(a->record, "rb");
    if (f == NULL) {
        fprintf(stderr, "ceki-cli: hint: cannot open '%s'\n", a->record);
        return NULL;
    }
    Game *g = NULL;
    char err[RECORD_ERROR_MAX] = "";
    CekiStatus st = record_read(f, &g, err, sizeof err);
    fclose(f);
    if (st != CEKI_OK) {
        fprintf(stderr, "ceki-cli: hint: %s: %s\n", a->record, err[0] ? err : ceki_status_text(st));
        return NULL;
    }
    int to_move = game_to_move(g);
    if (a->seat >= game_players(g) || to_move != (int)a->seat) {
        if (to_move < 0)
            fprintf(stderr, "ceki-cli: hint: the recorded match is over; nobody is to move\n");
        else
            fprintf(stderr, "ceki-cli: hint: seat %ld is not to move; seat %d is\n", a->seat,
                    to_move);
        game_destroy(g);
        return NULL;
    }
    return g;
}

int cli_cmd_hint(int argc, char **argv)
{
    HintArgs a = {.seat = -1, .seed = 1, .iterations = HINT_DEFAULT_ITERATIONS};
    if (!hint_parse(argc, argv, &a))
        return 2;
    Game *g = a.record != NULL ? hint_recorded(&a) : hint_position(&a);
    if (g == NULL)
        return 2;
    int seat = a.record != NULL ? (int)a.seat : game_to_move(g);
    AiPlayer *ai = ai_create(AI_STRONG, a.seed);
    AiHint hint;
    memset(&hint, 0, sizeof hint);
    CekiStatus st = ai != NULL ? CEKI_OK : CEKI_ERR_NOMEM;
    if (st == CEKI_OK) {
        ai_set_budget_iterations(ai, a.iterations);
        st = ai_why_hint(ai, g, seat, &hint);
    }
    ai_destroy(ai);
    game_destroy(g);
    if (st != CEKI_OK)
        return hint_fail(ceki_status_text(st));
    char mv[MOVE_TEXT_MAX], line[HINT_LINE_MAX];
    printf("move: %s\n", move_format(&hint.move, mv));
    for (int i = 0; i < hint.nwhy; i++) {
        hint_say(&hint.why[i], line, sizeof line);
        printf("why: %s\n", line);
    }
    return 0;
}
