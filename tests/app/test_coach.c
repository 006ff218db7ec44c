/* test_coach.c — the coach's line: the sentences the table shows
 * beside a hint, read for set positions of every family, their numbers
 * checked against RULES.md's values written here (so a changed score rule
 * in the core fails this test), and the reasons behind them (ai_why.h);
 * then the Coach setting at a real table: the line comes on the person's
 * turns without H and fits its prompt bar in English, Indonesian and
 * Javanese. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ai_why.h"
#include "app.h"
#include "coach_text.h"
#include "game.h"
#include "kowah.h"
#include "scene_table.h"
#include "scenes.h"
#include "session.h"
#include "test_support.h"

/* RULES.md's values. */
#define THOTHIT_RED_PAIR 20   /* §3.1: red-stamped pair 20 */
#define THOTHIT_RED_SINGLE 10 /* §3.1: red-stamped single 10 */
#define THOTHIT_BLACK_PAIR 10 /* §3.1: black pair 10 */
#define TOTIT_PAIR 1          /* §3.9: 1 per identical pair */
#define ENTHIT_RED_SINGLE 10  /* §3.4: 20 a pair plus 10 a leftover red single */
#define KOWAH_COPIES 4        /* §4: two kepala, four copies of a kind */
#define STEP_LIMIT 600        /* moves played to reach a position, at most */

static Game *position(VariantId v, const char *hand, const char *pool)
{
    Card h[16], p[40];
    size_t nh = 0, np = 0;
    assert_int_equal(card_list_parse(hand, h, 16, &nh, NULL), CEKI_OK);
    assert_int_equal(card_list_parse(pool, p, 40, &np, NULL), CEKI_OK);
    GameConfig cfg = game_config_default(v, 5);
    CekiStatus st = CEKI_OK;
    Game *g = game_create_position(&cfg, h, (int)nh, p, (int)np, false, &st);
    assert_non_null(g);
    return g;
}

/* The move written as in records, explained, and the coach's line. */
static void coach_for(const Game *g, const char *move, AiHint *hint, char *line, size_t size)
{
    Move m = {0};
    assert_int_equal(move_parse(move, game_to_move(g), &m), CEKI_OK);
    assert_int_equal(ai_why_explain(g, game_to_move(g), &m, hint), CEKI_OK);
    coach_text(hint, STYLE_CEKI, line, size);
}

/* Checks a case makes of the reasons beyond its line. */
static void why_first_is_forced(const AiHint *h)
{
    assert_int_equal(h->why[0].kind, WHY_FORCED); /* one card, one capture */
}

static void why_names_the_order_rule(const AiHint *h)
{
    bool order = false;
    for (int i = 0; i < h->nwhy; i++) {
        order = order || (h->why[i].kind == WHY_ORDER_RULE && h->why[i].target == CARD_C1 + 3);
    }
    assert_true(order); /* C4 may not take its twin before the other suit */
}

/* A set position, the move explained, and the coach's line: exactly `want`
 * (or holding it, when !whole) with RULES.md's values in place of its %d. */
typedef struct CoachCase {
    const char *name;
    VariantId variant;
    const char *hand, *pool, *move;
    const char *want;
    int values[3];
    bool whole;
    void (*also)(const AiHint *h); /* NULL: nothing more */
} CoachCase;

static const CoachCase cases[] = {
    {"thothit_red_pair",
     VARIANT_THOTHIT,
     "S9",
     "S9 C4",
     "S9xS9",
     "It makes a red-stamped pair of the 9 of Strings, worth %d points; your captured cards then "
     "score %d.",
     {THOTHIT_RED_PAIR, THOTHIT_RED_PAIR, 0},
     true,
     why_first_is_forced},
    {"thothit_single_and_its_twin",
     VARIANT_THOTHIT,
     "C9 M4",
     "S9 C4",
     "C9xS9",
     "It makes a red-stamped single, the 9 of Strings, worth %d points; your captured cards then "
     "score %d. One more 9 of Coins would add %d; 1 copy of it is in no captured pile.",
     {THOTHIT_RED_SINGLE, THOTHIT_RED_SINGLE, THOTHIT_BLACK_PAIR},
     true,
     NULL},
    /* Five 5s are unseen (one kepala: six of rank 5, this one in hand); C5
     * with its twin is a black pair. */
    {"thothit_trail",
     VARIANT_THOTHIT,
     "C5",
     "S9 C4",
     "C5-",
     "Nothing in your hand can capture. 5 unseen cards match the 5 of Coins; taking it would be "
     "worth at most %d.",
     {THOTHIT_BLACK_PAIR, 0, 0},
     true,
     NULL},
    /* Two kepala: four S9, two of them still in play. */
    {"enthit_copies_in_play",
     VARIANT_ENTHIT,
     "S9",
     "S9",
     "S9xS9",
     "One more 9 of Strings would add %d; 2 copies of it are in no captured pile.",
     {ENTHIT_RED_SINGLE, 0, 0},
     false,
     NULL},
    {"totit_pair_and_order",
     VARIANT_TOTIT,
     "C4",
     "S4 C4",
     "C4xS4",
     "Taking it adds nothing now. One more 4 of Coins would add %d; 1 copy of it is in no captured "
     "pile.",
     {TOTIT_PAIR, 0, 0},
     true,
     why_names_the_order_rule},
};

static void test_coach_case(void **state)
{
    const CoachCase *c = *state;
    Game *g = position(c->variant, c->hand, c->pool);
    AiHint h;
    char line[COACH_TEXT_MAX], want[COACH_TEXT_MAX];
    coach_for(g, c->move, &h, line, sizeof line);
    /* A format with fewer than three %d leaves the rest unread. */
    snprintf(want, sizeof want, c->want, c->values[0], c->values[1], c->values[2]);
    if (c->whole) {
        assert_string_equal(line, want);
    } else if (strstr(line, want) == NULL) {
        fail_msg("'%s' does not hold '%s'", line, want);
    }
    if (c->also != NULL) {
        c->also(&h);
    }
    game_destroy(g);
}

/* RULES.md §3.11's rate a card of the Pèi combination named by the core's
 * label (0: none). */
static int pei_rate(const char *label)
{
    static const struct {
        const char *name;
        int rate;
    } rates[] = {{"bunci", 13}, {"pang k", 12}, {"pang picis", 11}, {"macan", 10}};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        if (strncmp(label, rates[i].name, strlen(rates[i].name)) == 0) {
            return rates[i].rate;
        }
    }
    return 0;
}

/* A capture of g's seat to move that makes a Pèi combination, explained in
 * *h; false when none of its moves does. */
static bool combination_move(const Game *g, Move *m, AiHint *h)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (moves[i].target == CARD_NONE ||
            ai_why_explain(g, game_to_move(g), &moves[i], h) != CEKI_OK) {
            continue;
        }
        for (int j = 0; j < h->nwhy; j++) {
            if (h->why[j].kind == WHY_COMPLETES_GROUP && h->why[j].group == SCORE_COMBINATION) {
                *m = moves[i];
                return true;
            }
        }
    }
    return false;
}

/* Pèi: greedy games until a seat can make a combination; the coach's worth
 * of it is RULES.md's rate times its cards in the pile after the capture. */
static void test_pei_combination(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_PEI, 2);
    Game *g = game_create(&cfg, NULL);
    AiPlayer *ai = ai_create(AI_GREEDY, 2);
    AiHint h;
    Move m = {0};
    bool found = false;
    for (int step = 0; step < STEP_LIMIT && !found && !game_round_over(g); step++) {
        found = combination_move(g, &m, &h);
        if (!found) {
            assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
    }
    assert_true(found);
    char line[COACH_TEXT_MAX], want[COACH_TEXT_MAX];
    coach_text(&h, STYLE_CEKI, line, sizeof line);
    int seat = game_to_move(g);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    ScoreBreakdown b;
    assert_int_equal(game_score_seat(g, seat, &b), CEKI_OK);
    const ScoreGroup *made = NULL;
    for (int i = 0; i < b.ngroups && made == NULL; i++) {
        for (int j = 0; j < b.groups[i].ncards && b.groups[i].kind == SCORE_COMBINATION; j++) {
            made = b.groups[i].cards[j] == m.target ? &b.groups[i] : made;
        }
    }
    assert_non_null(made);
    int rate = pei_rate(made->label);
    assert_true(rate > 0);
    snprintf(want, sizeof want, "It makes %s, worth %d points;", made->label, rate * made->ncards);
    assert_non_null(strstr(line, want));
    ai_destroy(ai);
    game_destroy(g);
}

static void test_kings_counts(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_KINGS, 4);
    Game *g = game_create(&cfg, NULL);
    Move m = {0};
    for (int step = 0; step < 12; step++) {
        assert_int_equal(game_legal_moves(g, &m, 1), 1);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    int to = game_to_move(g);
    assert_int_equal(game_legal_moves(g, &m, 1), 1);
    AiHint h;
    assert_int_equal(ai_why_explain(g, to, &m, &h), CEKI_OK);
    char line[COACH_TEXT_MAX], want[COACH_TEXT_MAX];
    coach_text(&h, STYLE_FRENCH, line, sizeof line);
    /* Kings: a captured card is one point (RULES.md §3.8's count). */
    int mine = 0, most = 0;
    for (int s = 0; s < game_players(g); s++) {
        ScoreBreakdown b;
        game_score_seat(g, s, &b);
        if (s == to) {
            mine = b.total;
        } else if (b.total > most) {
            most = b.total;
        }
    }
    snprintf(want, sizeof want, "You have captured %d cards; the most of any other player is %d.",
             mine, most);
    if (mine == 1) {
        snprintf(want, sizeof want, "You have captured 1 card; the most of any other player is %d.",
                 most);
    }
    assert_string_equal(line, want);
    game_destroy(g);
}

/* Kowah: greedy players until someone may declare; the coach's count of
 * live winning copies is RULES.md's four a kind less what that seat can
 * account for. */
static void test_kowah_declare(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_KOWAH, 1);
    cfg.players = 2;
    Game *g = game_create(&cfg, NULL);
    AiPlayer *ai = ai_create(AI_GREEDY, 1);
    static Observation o;
    int step = 0;
    for (; step < STEP_LIMIT; step++) {
        int to = game_to_move(g);
        game_observe(g, to, &o);
        if (o.phase == PHASE_DECLARE) {
            break;
        }
        Move m = {0};
        assert_int_equal(ai_choose(ai, g, to, &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    assert_true(step < STEP_LIMIT);
    Card pair = CARD_NONE;
    bool decl[CARD_CEKI_KINDS];
    assert_true(kowah_declarations(o.hand, decl) > 0);
    for (int k = 0; k < CARD_CEKI_KINDS && pair == CARD_NONE; k++) {
        pair = decl[k] ? (Card)k : CARD_NONE;
    }
    bool wins[CARD_CEKI_KINDS];
    assert_true(kowah_winning_kinds(o.hand, pair, wins));
    int live = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int gone = 0;
        for (int i = 0; i < KOWAH_HAND; i++) {
            gone += o.hand[i] == k;
        }
        for (int i = 0; i < o.discard_count; i++) {
            gone += o.discard[i] == k;
        }
        gone += o.history.hand[1 - o.seat][k];
        live += wins[k] && KOWAH_COPIES > gone ? KOWAH_COPIES - gone : 0;
    }
    Move m = {.type = MOVE_DECLARE, .seat = (uint8_t)o.seat, .card = pair, .target = CARD_NONE};
    AiHint h;
    assert_int_equal(ai_why_explain(g, o.seat, &m, &h), CEKI_OK);
    char line[COACH_TEXT_MAX], want[COACH_TEXT_MAX], name[64];
    coach_sentence(&h.why[0], STYLE_CEKI, line, sizeof line);
    card_format(pair, name);
    assert_int_equal(h.why[0].kind, WHY_DECLARE);
    assert_int_equal(h.why[0].count, live);
    snprintf(want, sizeof want, live == 1 ? "waits on %d live copy." : "waits on %d live copies.",
             live);
    assert_non_null(strstr(line, want));
    ai_destroy(ai);
    game_destroy(g);
}

/* What cannot be explained is refused and leaves *out empty. */
static void test_refusals(void **state)
{
    (void)state;
    Game *g = position(VARIANT_THOTHIT, "S9", "S9 C4");
    AiHint h;
    Move bad = {.type = MOVE_PLAY, .seat = 0, .card = CARD_C1, .target = CARD_NONE};
    assert_int_equal(ai_why_explain(g, 0, &bad, &h), CEKI_ERR_ILLEGAL);
    assert_int_equal(h.nwhy, 0);
    Move good = {.type = MOVE_PLAY, .seat = 0, .card = CARD_S1 + 8, .target = CARD_S1 + 8};
    assert_int_equal(ai_why_explain(g, 1, &good, &h), CEKI_ERR_STATE);
    assert_int_equal(ai_why_explain(NULL, 0, &good, &h), CEKI_ERR_ARG);
    char line[8] = "x";
    coach_text(NULL, STYLE_CEKI, line, sizeof line);
    assert_string_equal(line, "");
    game_destroy(g);
}

/* ---- the Coach setting at the table ------------------------------------------ */

#define LOOP_LIMIT 400000 /* loop steps a wait may take, at most */

static App *coached_table(VariantId v, uint64_t seed)
{
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = ANIM_INSTANT;
    app->settings.coach = true;
    app_setup_variant(app, v);
    app->setup.config.seed = seed;
    app->setup.seed_given = true;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        app->setup.human[s] = s == 0;
        app->setup.level[s] = AI_RANDOM;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fail_msg("table: %s", why);
    }
    return app;
}

/* Runs the table (bounded) until the coach's hint is shown to its person:
 * nobody pressed H. */
static void until_coached(App *app, TableState *t)
{
    for (int i = 0; i < LOOP_LIMIT && t->hint_state != HINT_SHOWN; i++) {
        assert_string_equal(test_top_scene(app), "table");
        app_update(app, 0.02);
        if (session_thinking(t->session)) {
            SDL_Delay(1);
        }
    }
    assert_int_equal(t->hint_state, HINT_SHOWN);
    assert_true(table_waits_for_person(app));
}

/* The Coach setting: on each of the person's turns the hint and its why
 * come without H, and the line fits the prompt bar in every language. */
static void test_coach_setting(void **state)
{
    (void)state;
    const VariantId games[] = {VARIANT_THOTHIT, VARIANT_PEI, VARIANT_TOTIT, VARIANT_KOWAH};
    const Language langs[] = {LANGUAGE_ENGLISH, LANGUAGE_INDONESIAN, LANGUAGE_JAVANESE};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        App *app = coached_table(games[g], 21 + g);
        TableState *t = table_top(app);
        for (int turn = 0; turn < 2; turn++) {
            until_coached(app, t);
            assert_true(move_equal(&t->coach.move, &t->hint));
            char lines[3][COACH_TEXT_MAX];
            for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
                i18n_set_language(langs[l]);
                text_watch_overflow(app->text, true);
                assert_true(table_coach_line(t, lines[l], sizeof lines[l]));
                app_draw(app);
                const char *first = NULL;
                if (text_overflows(app->text, &first) != 0) {
                    fail_msg("%s, language %d: '%s' does not fit", variant_get(games[g])->key,
                             (int)langs[l], first);
                }
                text_watch_overflow(app->text, false);
            }
            assert_string_not_equal(lines[0], lines[1]); /* the line is translated */
            assert_string_not_equal(lines[0], lines[2]);
            i18n_set_language(LANGUAGE_ENGLISH);
            Move m = t->hint;
            assert_true(table_try_move(app, t, &m));
        }
        app_destroy(app);
    }
}

#define NCASES (sizeof cases / sizeof cases[0])

int main(void)
{
    const struct CMUnitTest others[] = {
        cmocka_unit_test(test_pei_combination), cmocka_unit_test(test_kings_counts),
        cmocka_unit_test(test_kowah_declare),   cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_coach_setting),
    };
    struct CMUnitTest tests[NCASES + sizeof others / sizeof others[0]];
    for (size_t i = 0; i < NCASES; i++) {
        tests[i] =
            (struct CMUnitTest){cases[i].name, test_coach_case, NULL, NULL, (void *)&cases[i]};
    }
    memcpy(tests + NCASES, others, sizeof others);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
