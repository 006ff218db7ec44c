/* The round result screen: it settles and draws for a finished round of
 * every kind of variant at 1280x800 and 2560x1600 (the images are written
 * to the build tree to be looked at), "Next round" deals on through the
 * session, at the end of a match "Main menu" goes back to the title, and a
 * Kowah hand nobody won says why. The verdicts are read from the text the
 * screen draws (test_screen_text) and checked against what the test works
 * out from the game: round winners and shared wins, Chinese Thothit's
 * forfeit, the King won, Pèi's places and payments, Kowah's hands, the
 * match's winners. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_names.h"
#include "kowah.h"
#include "pei.h"
#include "session.h"
#include "test_support.h"

typedef struct Case {
    VariantId variant;
    int players;
    StakeScheme stakes;
    uint32_t options;
    uint64_t seed;
} Case;

static const Case cases[] = {
    {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 5},
    {VARIANT_THOTHIT_CHINESE, 3, STAKES_NONE, 0, 6},
    {VARIANT_THOTHIT_SACKSON, 6, STAKES_NONE, OPTION_ADVANCED, 7},
    {VARIANT_ENTHIT, 3, STAKES_NONE, 0, 8},
    {VARIANT_THOTHIT_KUNA, 6, STAKES_NONE, 0, 9},
    {VARIANT_THOTHIT_KUNA, 4, STAKES_NONE, 0, 10},
    {VARIANT_THOTHIT_YOGYAKARTA, 3, STAKES_NONE, 0, 11},
    {VARIANT_THIT_THIT_DULIT, 2, STAKES_NONE, 0, 12},
    {VARIANT_KINGS, 6, STAKES_NONE, 0, 13},
    {VARIANT_TOTIT, 4, STAKES_NONE, 0, 14},
    {VARIANT_TOTIT_DENEXA, 2, STAKES_NONE, 0, 15},
    {VARIANT_PEI, 3, STAKES_PAREWANAN, OPTION_JUNG, 16},
    {VARIANT_PEI_MAGELANG, 3, STAKES_JEDHIL, 0, 17},
    {VARIANT_PEI_CHINESE, 3, STAKES_NIR, 0, 18},
    {VARIANT_KOWAH, 4, STAKES_NONE, 0, 19},
};

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random moves until the round is over (or, with `match`, the match). */
static void play(Session *s, bool match, uint64_t seed)
{
    uint64_t x = seed * 7919 + 1;
    Move moves[GAME_MAX_MOVES];
    for (int guard = 0; guard < 200000; guard++) {
        const Game *g = session_game(s);
        if (game_match_over(g) || (!match && game_round_over(g))) {
            break;
        }
        int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
        assert_true(n > 0);
        Move m = moves[next(&x) % (uint64_t)(n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES)];
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    GameEvent sink[256];
    while (session_take_events(s, sink, 256) > 0) {
    }
}

static Session *make(const Case *c)
{
    GameConfig cfg = game_config_default(c->variant, c->seed);
    cfg.players = c->players;
    cfg.stakes = c->stakes;
    cfg.options = c->options;
    return test_session_new(&cfg);
}

static void shoot(App *app, const char *name)
{
    char path[700], err[300];
    snprintf(path, sizeof path, "%s/%s.png", CEKI_TEST_OUT_DIR, name);
    assert_true(app_save_png(app, path, err, sizeof err));
}

static void show(App *app, Session *s, const char *name)
{
    app_setup_variant(app, game_variant(session_game(s))->id);
    app->session = s;
    char why[200];
    if (!scene_stack_push(app, SCENE_RESULT, why, sizeof why)) {
        fail_msg("result screen refused: %s", why);
    }
    assert_string_equal(test_top_scene(app), "result");
    app_settle(app);
    assert_false(app->animating);
    assert_false(card_art_pending(app->cards));
    shoot(app, name);
}

static void test_round_results(void **state)
{
    (void)state;
    const int sizes[][2] = {{1280, 800}, {2560, 1600}};
    for (size_t z = 0; z < 2; z++) {
        /* One App per size: the card art rasterised once serves every case. */
        App *app = test_app_new(sizes[z][0], sizes[z][1], NULL);
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            const Case *c = &cases[k];
            /* The large size for the variants the brief names. */
            bool big = c->variant == VARIANT_THOTHIT || c->variant == VARIANT_THOTHIT_KUNA ||
                       c->variant == VARIANT_PEI || c->variant == VARIANT_KINGS ||
                       c->variant == VARIANT_TOTIT;
            if (z == 1 && !big) {
                continue;
            }
            Session *s = make(c);
            play(s, false, c->seed);
            const Game *g = session_game(s);
            assert_true(game_round_over(g));
            bool over = game_match_over(g);
            char name[120];
            snprintf(name, sizeof name, "result-%s-%d-%d", variant_get(c->variant)->key, c->players,
                     sizes[z][0]);
            show(app, s, name);
            const Ui *ui = ui_of_top_scene(app);
            assert_non_null(ui);
            if (over) {
                assert_non_null(ui_find_named(ui, "New match"));
                assert_non_null(ui_find_named(ui, "Main menu"));
                scene_stack_pop(app);
            } else {
                const char *label = c->variant == VARIANT_KOWAH ? "Next hand" : "Next round";
                assert_non_null(ui_find_named(ui, label));
                /* The primary action has the focus: Enter deals on. */
                int round = game_round_number(g);
                if (z == 0) {
                    test_key(app, SDLK_RETURN, 0);
                } else {
                    test_click_named(app, label);
                }
                assert_string_equal(test_top_scene(app), "title");
                assert_int_equal(game_round_number(session_game(s)), round + 1);
                assert_false(game_round_over(session_game(s)));
                /* The new deal waits in the queue for the table. */
                assert_true(session_pending_events(s) > 0);
            }
            app->session = NULL;
            session_destroy(s);
        }
        app_destroy(app);
    }
}

static void test_match_over(void **state)
{
    (void)state;
    const Case match_cases[] = {
        {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 21},      {VARIANT_KINGS, 4, STAKES_NONE, 0, 22},
        {VARIANT_PEI, 3, STAKES_WUDON, 0, 23},         {VARIANT_TOTIT, 3, STAKES_NONE, 0, 24},
        {VARIANT_THOTHIT_KUNA, 6, STAKES_NONE, 0, 25},
    };
    for (size_t k = 0; k < sizeof match_cases / sizeof match_cases[0]; k++) {
        const Case *c = &match_cases[k];
        Session *s = make(c);
        play(s, true, c->seed);
        assert_true(game_match_over(session_game(s)));
        App *app = test_app_new(1280, 800, NULL);
        char name[120];
        snprintf(name, sizeof name, "match-%s-%d", variant_get(c->variant)->key, c->players);
        show(app, s, name);
        const Ui *ui = ui_of_top_scene(app);
        assert_null(ui_find_named(ui, "Next round"));
        assert_non_null(ui_find_named(ui, "New match"));
        /* Esc does not leave a finished match by accident. */
        test_key(app, SDLK_ESCAPE, 0);
        assert_string_equal(test_top_scene(app), "result");
        /* Main menu: back to the title, every screen above it gone. */
        char why[200];
        app->session = s;
        assert_true(scene_stack_push(app, SCENE_SETTINGS, why, sizeof why));
        scene_stack_pop(app);
        test_click_named(app, "Main menu");
        assert_string_equal(test_top_scene(app), "title");
        assert_int_equal(app->scenes.count, 1);
        app->session = NULL;
        app_destroy(app);
        session_destroy(s);
    }
}

static void test_on_its_own(void **state)
{
    (void)state;
    /* Opened with no game (ceki --screenshot --scene result): it plays a
     * round of the set-up game itself and shows that. */
    App *app = test_app_new(1280, 800, NULL);
    app_setup_variant(app, VARIANT_PEI);
    app->setup.config.seed = 4;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_RESULT, why, sizeof why));
    app_settle(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Next round"));
    test_click_named(app, "Next round");
    assert_string_equal(test_top_scene(app), "title");
    app_destroy(app);
}

/* Kowah seats that never declare and only take the discard top and throw
 * it back: the hand ends with no winner after KOWAH_MAX_IDLE_TURNS turns,
 * the stock not empty, and the screen says so (result-kowah-idle.png). */
static void test_kowah_hand_nobody_won(void **state)
{
    (void)state;
    const Case c = {VARIANT_KOWAH, 2, STAKES_NONE, 0, 31};
    Session *s = make(&c);
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    Card taken = CARD_NONE;
    for (int guard = 0; !game_round_over(session_game(s)); guard++) {
        assert_true(guard < 2000);
        const Game *g = session_game(s);
        Move moves[GAME_MAX_MOVES];
        int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
        assert_true(n > 0);
        Move m = moves[0];
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DRAW_DISCARD || moves[i].type == MOVE_PASS ||
                (moves[i].type == MOVE_DISCARD && moves[i].card == taken)) {
                m = moves[i];
            }
        }
        if (m.type == MOVE_DRAW_DISCARD) {
            assert_int_equal(game_observe(g, m.seat, o), CEKI_OK);
            taken = o->discard[o->discard_count - 1];
        }
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    free(o);
    GameEvent sink[256];
    while (session_take_events(s, sink, 256) > 0) {
    }
    assert_int_equal(kowah_hand_end(session_game(s)), KOWAH_HAND_IDLE);
    App *app = test_app_new(1280, 800, NULL);
    show(app, s, "result-kowah-idle");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Next hand"));
    app->session = NULL;
    app_destroy(app);
    session_destroy(s);
}

/* ---- the verdicts, read from the text the screen draws ------------------ */

/* How many lines of the screen's text are exactly `line`. */
static int lines_equal(App *app, const char *line)
{
    const char *p = test_screen_text(app);
    size_t len = strlen(line);
    int n = 0;
    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        size_t l = nl != NULL ? (size_t)(nl - p) : strlen(p);
        n += l == len && strncmp(p, line, len) == 0;
        p += l + (nl != NULL);
    }
    return n;
}

/* How many times the screen's text, its lines joined by spaces, holds
 * `words`. */
static int times_said(App *app, const char *words)
{
    static char joined[64 * 1024];
    snprintf(joined, sizeof joined, "%s", test_screen_text(app));
    for (char *c = joined; *c != '\0'; c++) {
        *c = *c == '\n' ? ' ' : *c;
    }
    int n = 0;
    for (const char *p = strstr(joined, words); p != NULL; p = strstr(p + 1, words)) {
        n++;
    }
    return n;
}

/* True when `word` is a line among the few after the first line that is
 * exactly `name` (a seat block's header: its name, then its tags). */
static bool tag_after(App *app, const char *name, const char *word)
{
    const char *p = test_screen_text(app);
    int after = -1;
    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        size_t l = nl != NULL ? (size_t)(nl - p) : strlen(p);
        if (after < 0 && l == strlen(name) && strncmp(p, name, l) == 0) {
            after = 0;
        } else if (after >= 0) {
            if (l == strlen(word) && strncmp(p, word, l) == 0) {
                return true;
            }
            if (++after > 5) {
                return false;
            }
        }
        p += l + (nl != NULL);
    }
    return false;
}

static void seat_name(Session *s, int seat, char *buf, size_t size)
{
    session_seat_name(s, seat, buf, size);
}

/* "A", "A and B", "A, B and C" of the seats marked, as the screen joins
 * names. */
static int names_of(Session *s, const bool marked[], int players, char *buf, size_t size)
{
    int picked[CEKI_MAX_SEATS], n = 0;
    for (int seat = 0; seat < players; seat++) {
        if (marked[seat]) {
            picked[n++] = seat;
        }
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[40];
        seat_name(s, picked[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, size - len, "%s%s",
                                i == 0       ? ""
                                : i == n - 1 ? " and "
                                             : ", ",
                                name);
    }
    return n;
}

static Observation *observe(Session *s)
{
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(session_game(s), 0, o), CEKI_OK);
    return o;
}

static App *result_of(Session *s)
{
    App *app = test_app_new(1280, 800, NULL);
    app_setup_variant(app, game_variant(session_game(s))->id);
    app->session = s;
    char why[200];
    if (!scene_stack_push(app, SCENE_RESULT, why, sizeof why)) {
        fail_msg("result screen refused: %s", why);
    }
    return app;
}

static void done(App *app, Session *s)
{
    app->session = NULL;
    app_destroy(app);
    session_destroy(s);
}

/* The round won on points: the seats with the best score not forfeited
 * (worked out here from the scores) are named in the verdict with the
 * points, "share" when more than one, and each block of a winner, only
 * those, carries "wins the round". Returns how many won. */
static int check_points_verdict(App *app, Session *s)
{
    Observation *o = observe(s);
    int players = game_players(session_game(s)), best = -1000000;
    for (int seat = 0; seat < players; seat++) {
        if (!o->forfeited[seat] && o->round_score[seat] > best) {
            best = o->round_score[seat];
        }
    }
    bool won[CEKI_MAX_SEATS] = {false};
    for (int seat = 0; seat < players; seat++) {
        won[seat] = !o->forfeited[seat] && o->round_score[seat] == best;
    }
    char names[200];
    int n = names_of(s, won, players, names, sizeof names);
    assert_true(n >= 1);
    const char *pts = best == 1 ? "point" : "points";
    if (n > 1) {
        test_expect_says(app, "result", "%s share the round with %d %s.", names, best, pts);
    } else if (strcmp(names, "You") == 0) {
        test_expect_says(app, "result", "You win the round with %d %s.", best, pts);
    } else {
        test_expect_says(app, "result", "%s wins the round with %d %s.", names, best, pts);
    }
    test_expect_not_says(app, "result", n > 1 ? "wins the round with" : "share the round");
    assert_int_equal(lines_equal(app, "wins the round"), n);
    for (int seat = 0; seat < players; seat++) {
        char name[40];
        seat_name(s, seat, name, sizeof name);
        assert_int_equal(tag_after(app, name, "wins the round"), won[seat]);
        assert_int_equal(tag_after(app, name, "forfeited the win"), o->forfeited[seat]);
    }
    free(o);
    return n;
}

static Session *round_of(VariantId v, int players, StakeScheme stakes, uint64_t seed)
{
    const Case c = {v, players, stakes, 0, seed};
    Session *s = make(&c);
    play(s, false, seed);
    assert_true(game_round_over(session_game(s)));
    return s;
}

/* Thothit rounds of fixed seeds: a round one seat wins (the person and a
 * computer), and a round two seats share on equal scores. */
static void test_verdict_round_winners(void **state)
{
    (void)state;
    int sole = 0, shared = 0, you = 0;
    for (uint64_t seed = 1; seed <= 400 && (sole < 3 || shared < 1 || you < 1); seed++) {
        Session *s = round_of(VARIANT_THOTHIT, 3, STAKES_NONE, seed);
        Observation *o = observe(s);
        bool tie = false, top = true;
        for (int a = 0; a < 3; a++) {
            top = top && o->round_score[0] >= o->round_score[a];
            for (int b = a + 1; b < 3; b++) {
                tie = tie || (o->round_score[a] == o->round_score[b] &&
                              o->round_score[a] >= o->round_score[3 - a - b]);
            }
        }
        free(o);
        /* Only the rounds this test still lacks are drawn. */
        if ((tie && shared < 1) || (!tie && (sole < 3 || (top && you < 1)))) {
            App *app = result_of(s);
            int n = check_points_verdict(app, s);
            shared += n > 1;
            sole += n == 1;
            you += n == 1 && top;
            done(app, s);
        } else {
            session_destroy(s);
        }
    }
    assert_true(sole >= 3);
    assert_true(shared >= 1);
    assert_true(you >= 1);
}

/* Chinese Thothit: a player who forfeited the win keeps the score but does
 * not win; the round goes to the best of the others, and the screen says
 * who forfeited. A round where the forfeiter scored best is looked for. */
static void test_verdict_forfeit(void **state)
{
    (void)state;
    int found = 0, best_forfeited = 0;
    for (uint64_t seed = 1; seed <= 600 && (found < 2 || best_forfeited < 1); seed++) {
        Session *s = round_of(VARIANT_THOTHIT_CHINESE, 3, STAKES_NONE, seed);
        Observation *o = observe(s);
        int who = -1, top = 0;
        for (int seat = 0; seat < 3; seat++) {
            who = o->forfeited[seat] ? seat : who;
            top = o->round_score[seat] > o->round_score[top] ? seat : top;
        }
        bool over_best = who >= 0 && o->round_score[who] >= o->round_score[top];
        free(o);
        if (who < 0 || (found >= 2 && !over_best)) {
            session_destroy(s);
            continue;
        }
        App *app = result_of(s);
        check_points_verdict(app, s);
        char name[40];
        seat_name(s, who, name, sizeof name);
        if (strcmp(name, "You") == 0) {
            test_expect_says(app, "result", " You forfeited the win.");
        } else {
            test_expect_says(app, "result", " %s forfeited the win.", name);
        }
        assert_int_equal(lines_equal(app, "forfeited the win"), 1);
        found++;
        best_forfeited += over_best;
        done(app, s);
    }
    assert_true(found >= 2);
    assert_int_equal(best_forfeited, 1);
}

/* Kings: the round's winner wins the King the events name ("after a cut"
 * when a cut broke the tie), and only that block shows it. */
static void test_verdict_kings(void **state)
{
    (void)state;
    int kings = 0;
    for (uint64_t seed = 30; seed < 36; seed++) {
        Session *s = round_of(VARIANT_KINGS, 4, STAKES_NONE, seed);
        int n = 0, seat = -1;
        Card king = CARD_NONE;
        bool cut = false;
        const GameEvent *ev = session_round_events(s, &n);
        for (int i = 0; i < n; i++) {
            if (ev[i].type == EV_KING_WON) {
                seat = ev[i].seat;
                king = ev[i].card;
            }
            cut = cut || ev[i].type == EV_CUT;
        }
        App *app = result_of(s);
        if (king == CARD_NONE) {
            test_expect_says(app, "result", "Nobody won this round.");
            done(app, s);
            continue;
        }
        char name[40];
        seat_name(s, seat, name, sizeof name);
        const char *after = cut ? " after a cut to break the tie" : "";
        if (strcmp(name, "You") == 0) {
            test_expect_says(app, "result", "You win the %s%s.", card_name_english(king), after);
        } else {
            test_expect_says(app, "result", "%s wins the %s%s.", name, card_name_english(king),
                             after);
        }
        assert_true(tag_after(app, name, "wins a King"));
        assert_int_equal(lines_equal(app, "wins a King"), 1);
        test_expect_says(app, "result", "Round 1: %d of the four Kings won", 1);
        kings++;
        done(app, s);
    }
    assert_true(kings >= 3);
}

static const char *place_of(const int score[], int seat)
{
    int above = 0;
    for (int i = 0; i < 3; i++) {
        above += score[i] > score[seat];
    }
    return above == 0 ? "ngeté" : above == 1 ? "tengah" : "kete";
}

/* Pèi with stakes: each seat's place (ngeté, tengah, kete; equal scores
 * share one) from the scores, every payment of the round with payer,
 * payee, units and reason, the antes once, the pot carried on; the té is
 * paid by the kete to the ngeté. */
static void test_verdict_pei(void **state)
{
    (void)state;
    const struct {
        StakeScheme stakes;
        uint64_t seed;
    } pei_cases[] = {{STAKES_PAREWANAN, 5},
                     {STAKES_RAMPUNG, 6},
                     {STAKES_NIR, 7},
                     {STAKES_WUDON, 8},
                     {STAKES_NIR, 6} /* the pot empty at the end: said all the same */};
    int te = 0;
    for (size_t k = 0; k < sizeof pei_cases / sizeof pei_cases[0]; k++) {
        Session *s = round_of(VARIANT_PEI, 3, pei_cases[k].stakes, pei_cases[k].seed);
        Observation *o = observe(s);
        App *app = result_of(s);
        check_points_verdict(app, s);
        for (int seat = 0; seat < 3; seat++) {
            char name[40];
            seat_name(s, seat, name, sizeof name);
            const char *place = place_of(o->round_score, seat);
            if (!tag_after(app, name, place)) {
                fail_msg("%s (%d points) is not shown %s:\n%s", name, o->round_score[seat], place,
                         test_screen_text(app));
            }
        }
        test_expect_says(app, "result", "STAKES THIS ROUND");
        int n = 0, antes = 0;
        const GameEvent *ev = session_round_events(s, &n);
        for (int i = 0; i < n; i++) {
            if (ev[i].type != EV_STAKE_PAID) {
                continue;
            }
            if (ev[i].card == PEI_PAY_ANTE) {
                antes++;
                continue;
            }
            char payer[40] = "The pot", payee[40] = "the pot";
            if (ev[i].seat >= 0) {
                seat_name(s, ev[i].seat, payer, sizeof payer);
            }
            if (ev[i].card2 != CARD_NONE) {
                seat_name(s, ev[i].card2, payee, sizeof payee);
            }
            if (strcmp(payer, "You") == 0) {
                test_expect_says(app, "result", "You pay %s %d  ", payee, ev[i].value);
            } else {
                test_expect_says(app, "result", "%s pays %s %d  ", payer, payee, ev[i].value);
            }
            if (ev[i].card == PEI_PAY_TE_LUMRAH || ev[i].card == PEI_PAY_TE_MATI) {
                assert_string_equal(place_of(o->round_score, ev[i].seat), "kete");
                assert_string_equal(place_of(o->round_score, ev[i].card2), "ngeté");
                test_expect_says(app, "result", "%s %d  %s", payee, ev[i].value,
                                 ev[i].card == PEI_PAY_TE_LUMRAH ? "té lumrah" : "té mati");
                te++;
            }
        }
        if (antes > 0) {
            assert_int_equal(lines_equal(app, "Everyone antes"), 1);
        } else {
            assert_int_equal(lines_equal(app, "Everyone antes"), 0);
        }
        if (pei_cases[k].stakes == STAKES_NIR || o->pot > 0) {
            test_expect_says(app, "result", "Pot carried on: %d", o->pot);
        }
        free(o);
        done(app, s);
    }
    assert_true(te >= 1);
}

/* Kowah: a hand won by a checki names its one winner; a hand that ran dry
 * says why nobody won, and names no winner. */
static void test_verdict_kowah(void **state)
{
    (void)state;
    int won = 0, dry = 0;
    for (uint64_t seed = 1; seed <= 200 && (won < 2 || dry < 1); seed++) {
        Session *s = round_of(VARIANT_KOWAH, 4, STAKES_NONE, seed);
        KowahHandEnd end = kowah_hand_end(session_game(s));
        if ((end == KOWAH_HAND_WON && won >= 2) || (end != KOWAH_HAND_WON && dry >= 1)) {
            session_destroy(s);
            continue;
        }
        Observation *o = observe(s);
        App *app = result_of(s);
        if (end == KOWAH_HAND_WON) {
            char names[200];
            assert_int_equal(names_of(s, o->round_winner, 4, names, sizeof names), 1);
            if (strcmp(names, "You") == 0) {
                test_expect_says(app, "result", "You win the hand: checki!");
            } else {
                test_expect_says(app, "result", "%s wins the hand: checki!", names);
            }
            assert_true(tag_after(app, names, "wins the hand"));
            assert_int_equal(lines_equal(app, "wins the hand"), 1);
            won++;
        } else {
            test_expect_says(app, "result",
                             end == KOWAH_HAND_IDLE
                                 ? "turns without a stock draw: nobody won this hand."
                                 : "The stock ran out: nobody won this hand.");
            test_expect_not_says(app, "result", "checki!");
            assert_int_equal(lines_equal(app, "wins the hand"), 0);
            dry++;
        }
        assert_non_null(ui_find_named(ui_of_top_scene(app), "Next hand"));
        free(o);
        done(app, s);
    }
    assert_int_equal(won, 2);
    assert_int_equal(dry, 1);
}

/* The match standings: at the end of a match its winners, the best totals
 * (worked out here), are named in the heading and above the buttons. */
static void test_verdict_match(void **state)
{
    (void)state;
    const Case match_cases[] = {
        /* A computer alone, the person alone, two computers on equal
         * totals; Kowah: the person and a computer on equal hands won,
         * then a match in which no hand was won. */
        {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 21}, {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 22},
        {VARIANT_THOTHIT, 3, STAKES_NONE, 0, 33}, {VARIANT_KOWAH, 3, STAKES_NONE, 0, 28},
        {VARIANT_KOWAH, 3, STAKES_NONE, 0, 21},
    };
    int kinds[4] = {0}; /* alone, you alone, shared, nobody */
    for (size_t k = 0; k < sizeof match_cases / sizeof match_cases[0]; k++) {
        const Case *c = &match_cases[k];
        Session *s = make(c);
        play(s, true, c->seed);
        assert_true(game_match_over(session_game(s)));
        Observation *o = observe(s);
        int best = o->match_score[0];
        for (int seat = 1; seat < c->players; seat++) {
            best = o->match_score[seat] > best ? o->match_score[seat] : best;
        }
        bool top[CEKI_MAX_SEATS] = {false};
        for (int seat = 0; seat < c->players; seat++) {
            top[seat] = o->match_score[seat] == best;
        }
        char names[200];
        int n = names_of(s, top, c->players, names, sizeof names);
        App *app = result_of(s);
        const char *last = c->variant == VARIANT_KOWAH ? "Last hand" : "Last round";
        /* The heading, then the line above the buttons (a line of its own). */
        char alone[240];
        if (c->variant == VARIANT_KOWAH && best == 0) {
            /* No hand won by anyone: nobody won the match. */
            test_expect_not_says(app, "result", "the match. Last hand");
            snprintf(alone, sizeof alone, "Nobody won the match.");
            kinds[3]++;
        } else if (n == c->players) {
            test_expect_says(app, "result", "Everyone shares the match. %s: ", last);
            snprintf(alone, sizeof alone, "The match is shared by all.");
        } else if (n > 1) {
            test_expect_says(app, "result", "%s share the match. %s: ", names, last);
            snprintf(alone, sizeof alone, "%s share the match.", names);
            kinds[2]++;
        } else if (strcmp(names, "You") == 0) {
            test_expect_says(app, "result", "You win the match. %s: ", last);
            snprintf(alone, sizeof alone, "You win the match.");
            kinds[1]++;
        } else {
            test_expect_says(app, "result", "%s wins the match. %s: ", names, last);
            snprintf(alone, sizeof alone, "%s wins the match.", names);
            kinds[0]++;
        }
        if (times_said(app, alone) != (n == c->players || best == 0 ? 1 : 2)) {
            fail_msg("\"%s\" is not said above the buttons:\n%s", alone, test_screen_text(app));
        }
        test_expect_says(app, "result", "Match over");
        free(o);
        done(app, s);
    }
    assert_int_equal(kinds[0], 1);
    assert_int_equal(kinds[1], 1);
    assert_int_equal(kinds[2], 2);
    assert_int_equal(kinds[3], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verdict_round_winners),
        cmocka_unit_test(test_verdict_forfeit),
        cmocka_unit_test(test_verdict_kings),
        cmocka_unit_test(test_verdict_pei),
        cmocka_unit_test(test_verdict_kowah),
        cmocka_unit_test(test_verdict_match),
        cmocka_unit_test(test_round_results),
        cmocka_unit_test(test_match_over),
        cmocka_unit_test(test_on_its_own),
        cmocka_unit_test(test_kowah_hand_nobody_won),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
