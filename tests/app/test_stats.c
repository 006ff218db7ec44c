/* Statistics: the text form round-trips; rounds and matches count into the
 * right fields and runs; a missing file is zeros; a damaged one (garbage,
 * cut short anywhere, another version, absurd or contradicting numbers,
 * something counted twice) is refused with a reason, leaves the counts in
 * memory alone, and in the program is kept aside and reported; saving is
 * atomic; the table counts a finished round once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai.h"
#include "i18n.h"
#include "scene_table.h"
#include "session.h"
#include "stats.h"
#include "store.h"
#include "test_support.h"
#include "text.h"

/* Some counts in three games, one with stakes. */
static void sample(Stats *s)
{
    stats_clear(s);
    for (int i = 0; i < 7; i++) {
        stats_add_round(s, VARIANT_THOTHIT, -1, 100 + i * 13, i % 2 == 0);
    }
    stats_add_match(s, VARIANT_THOTHIT, -1, true, false, 0);
    stats_add_match(s, VARIANT_THOTHIT, -1, false, false, 0);
    stats_add_round(s, VARIANT_KOWAH, -1, 1, true);
    stats_add_match(s, VARIANT_KOWAH, -1, true, false, 0);
    stats_add_round(s, VARIANT_PEI, -1, -4, false);
    stats_add_round(s, VARIANT_PEI, -1, 9, true);
    stats_add_match(s, VARIANT_PEI, -1, false, true, -12);
}

static void test_round_trip(void **state)
{
    (void)state;
    Stats s, back;
    char text[4096], why[200];
    stats_clear(&s);
    size_t n = stats_format(&s, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    memset(&back, 0x5a, sizeof back);
    assert_true(stats_parse(text, n, &back, why, sizeof why));
    assert_true(stats_equal(&s, &back));
    assert_false(stats_any(&back));

    sample(&s);
    n = stats_format(&s, text, sizeof text);
    assert_int_equal(n, strlen(text));
    assert_true(stats_parse(text, n, &back, why, sizeof why));
    assert_true(stats_equal(&s, &back));
    assert_non_null(strstr(text, "ceki-stats 1\n"));
    assert_non_null(strstr(text, "\nend\n"));
    /* Only the games played have a line. */
    assert_null(strstr(text, "totit "));
    /* The length it needs, when the buffer is short. */
    char small[16];
    assert_int_equal(stats_format(&s, small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);

    /* Comments, blank lines, CRLF, fields in another order, fields and games
     * of a later version are all fine. */
    const char *hand = "# hi\r\n\r\nceki-stats 1\r\n"
                       "  thothit staked=0 units=0 longest=1 streak=0 best=50 matches_won=1 "
                       "matches=2 won=2 rounds=4 colour=blue\r\n"
                       "some-future-game rounds=1 won=1\r\n"
                       "end\r\n# bye\r\n";
    assert_true(stats_parse(hand, strlen(hand), &back, why, sizeof why));
    assert_int_equal(back.v[VARIANT_THOTHIT].rounds, 4);
    assert_int_equal(back.v[VARIANT_THOTHIT].best_round, 50);
    assert_int_equal(back.v[VARIANT_THOTHIT].longest, 1);
}

/* The mean and the recent rounds: counted with each round, kept to the
 * last STATS_RECENT, written on their own line and read back; a file from
 * before they existed reads as having none; lines that do not fit their
 * game's counts are refused. */
static void test_recent_rounds_and_mean(void **state)
{
    (void)state;
    Stats s, back;
    char text[8192], why[200];
    stats_clear(&s);
    for (int i = 0; i < STATS_RECENT + 5; i++) {
        stats_add_round(&s, VARIANT_PEI, -1, 200 + i, i % 3 == 0);
    }
    const VariantStats *v = &s.v[VARIANT_PEI];
    assert_int_equal(v->scored, STATS_RECENT + 5);
    int64_t sum = 0;
    for (int i = 0; i < STATS_RECENT + 5; i++) {
        sum += 200 + i;
    }
    assert_int_equal(v->points, sum);
    assert_int_equal(v->recent_n, STATS_RECENT);
    assert_int_equal(v->recent_score[0], 205); /* the five oldest are gone */
    assert_int_equal(v->recent_score[STATS_RECENT - 1], 200 + STATS_RECENT + 4);
    assert_true(v->recent_won[1] == ((6 % 3) == 0));
    size_t n = stats_format(&s, text, sizeof text);
    assert_non_null(strstr(text, "\nrecent pei L205 W206 "));
    assert_true(stats_parse(text, n, &back, why, sizeof why));
    assert_true(stats_equal(&s, &back));

    /* Written before the mean and the recent rounds existed: none of them. */
    const char *old = "ceki-stats 1\n"
                      "thothit rounds=4 won=2 matches=2 matches_won=1 best=50 streak=0 "
                      "longest=1 units=0 staked=0\nend\n";
    assert_true(stats_parse(old, strlen(old), &back, why, sizeof why));
    assert_int_equal(back.v[VARIANT_THOTHIT].scored, 0);
    assert_int_equal(back.v[VARIANT_THOTHIT].recent_n, 0);

    const char *bad[] = {
        /* more recent rounds won than rounds won */
        "ceki-stats 1\nthothit rounds=2 won=0 matches=1 matches_won=0 best=50 streak=0 "
        "longest=0 units=0 staked=0\nrecent thothit W10\nend\n",
        /* a recent round better than the best */
        "ceki-stats 1\nthothit rounds=2 won=1 matches=1 matches_won=0 best=50 streak=0 "
        "longest=0 units=0 staked=0\nrecent thothit L60\nend\n",
        /* recent rounds of a game never played */
        "ceki-stats 1\nrecent kowah W1\nend\n",
        /* not a result */
        "ceki-stats 1\nthothit rounds=2 won=1 matches=1 matches_won=0 best=50 streak=0 "
        "longest=0 units=0 staked=0\nrecent thothit X10\nend\n",
        /* more scored rounds than rounds */
        "ceki-stats 1\nthothit rounds=2 won=1 matches=1 matches_won=0 best=50 streak=0 "
        "longest=0 units=0 staked=0 scored=3 points=90\nend\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        back = s;
        if (stats_parse(bad[i], strlen(bad[i]), &back, why, sizeof why)) {
            fail_msg("accepted bad file %zu", i);
        }
        assert_true(why[0] != '\0');
        assert_true(stats_equal(&back, &s));
    }
}

static void test_counting(void **state)
{
    (void)state;
    Stats s;
    stats_clear(&s);
    VariantStats *v = &s.v[VARIANT_TOTIT];
    /* Negative best when every round was below zero. */
    stats_add_round(&s, VARIANT_TOTIT, -1, -5, false);
    assert_int_equal(v->best_round, -5);
    stats_add_round(&s, VARIANT_TOTIT, -1, -9, false);
    assert_int_equal(v->best_round, -5);
    stats_add_round(&s, VARIANT_TOTIT, -1, 30, true);
    assert_int_equal(v->best_round, 30);
    assert_int_equal(v->rounds, 3);
    assert_int_equal(v->rounds_won, 1);
    /* Runs of matches won: W W L W W W L. */
    const bool won[] = {true, true, false, true, true, true, false};
    const int streak[] = {1, 2, 0, 1, 2, 3, 0};
    const int longest[] = {1, 2, 2, 2, 2, 3, 3};
    for (int i = 0; i < 7; i++) {
        stats_add_round(&s, VARIANT_TOTIT, -1, 10, won[i]);
        stats_add_match(&s, VARIANT_TOTIT, -1, won[i], false, 0);
        assert_int_equal(v->streak, streak[i]);
        assert_int_equal(v->longest, longest[i]);
    }
    assert_int_equal(v->matches, 7);
    assert_int_equal(v->matches_won, 5);
    assert_int_equal(v->staked, 0);
    /* Other games untouched. */
    assert_int_equal(s.v[VARIANT_THOTHIT].rounds, 0);
    /* Stakes add up, signed. */
    stats_add_round(&s, VARIANT_PEI, -1, 3, true);
    stats_add_match(&s, VARIANT_PEI, -1, true, true, 7);
    stats_add_round(&s, VARIANT_PEI, -1, 3, false);
    stats_add_match(&s, VARIANT_PEI, -1, false, true, -10);
    assert_int_equal(s.v[VARIANT_PEI].units, -3);
    assert_int_equal(s.v[VARIANT_PEI].staked, 2);
    /* What is counted always reads back. */
    char text[4096], why[200];
    size_t n = stats_format(&s, text, sizeof text);
    Stats back;
    assert_true(stats_parse(text, n, &back, why, sizeof why));
    assert_true(stats_equal(&s, &back));

    char line[200];
    stats_summary(&s, VARIANT_TOTIT, line, sizeof line);
    assert_non_null(strstr(line, "7 matches, 5 won"));
    assert_non_null(strstr(line, "best 30"));
    assert_non_null(strstr(line, "0 won in a row \xc2\xb7 longest 3"));
    stats_summary(&s, VARIANT_PEI, line, sizeof line);
    assert_non_null(strstr(line, "Stakes -3 units"));
    stats_summary(&s, VARIANT_KINGS, line, sizeof line);
    assert_string_equal(line, "No games finished yet");
}

/* Plays random moves in g until the round (or match) is over. */
static void play_to_round_end(Game *g, AiPlayer *ai)
{
    for (int i = 0; i < 20000 && !game_round_over(g) && !game_match_over(g); i++) {
        Move m;
        assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    assert_true(game_round_over(g) || game_match_over(g));
}

static void test_record_from_game(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 77);
    cfg.rounds = 2;
    CekiStatus st = CEKI_OK;
    Game *g = game_create(&cfg, &st);
    assert_non_null(g);
    AiPlayer *ai = ai_create(AI_RANDOM, 5);
    assert_non_null(ai);

    bool human[CEKI_MAX_SEATS] = {false, true};
    int you = -1;
    assert_true(stats_counts_game(g, human, &you));
    assert_int_equal(you, 1);
    bool two[CEKI_MAX_SEATS] = {true, true};
    assert_false(stats_counts_game(g, two, &you)); /* hot-seat */
    bool none[CEKI_MAX_SEATS] = {false};
    assert_false(stats_counts_game(g, none, &you));

    Stats s;
    stats_clear(&s);
    /* Nothing to record in the middle of a round. */
    assert_false(stats_record(&s, g, you, -1, true, false));
    assert_false(stats_any(&s));

    play_to_round_end(g, ai);
    Observation o;
    assert_int_equal(game_observe(g, you, &o), CEKI_OK);
    assert_false(stats_record(&s, g, you, -1, true, true)); /* the match is not over */
    assert_true(stats_record(&s, g, you, -1, true, false));
    const VariantStats *v = &s.v[VARIANT_THOTHIT];
    assert_int_equal(v->rounds, 1);
    assert_int_equal(v->rounds_won, o.round_winner[you] ? 1 : 0);
    assert_int_equal(v->best_round, o.round_score[you]);
    assert_int_equal(v->matches, 0);

    Move next[4];
    assert_true(game_legal_moves(g, next, 4) > 0);
    assert_int_equal(game_apply(g, &next[0]), CEKI_OK);
    play_to_round_end(g, ai);
    assert_true(game_match_over(g));
    assert_int_equal(game_observe(g, you, &o), CEKI_OK);
    assert_true(stats_record(&s, g, you, -1, true, true));
    assert_int_equal(v->rounds, 2);
    assert_int_equal(v->matches, 1);
    assert_int_equal(v->matches_won, o.match_winner[you] ? 1 : 0);
    assert_int_equal(v->streak, o.match_winner[you] ? 1 : 0);

    ai_destroy(ai);
    game_destroy(g);

    /* Games that play themselves are not counted. */
    GameConfig kings = game_config_default(VARIANT_KINGS, 3);
    g = game_create(&kings, &st);
    assert_non_null(g);
    bool one[CEKI_MAX_SEATS] = {true};
    assert_false(stats_counts_game(g, one, &you));
    game_destroy(g);
}

static const char *valid_text(void)
{
    return "# Ceki statistics\n"
           "ceki-stats 1\n"
           "thothit rounds=12 won=5 matches=4 matches_won=2 best=184 streak=1 longest=2 units=0 "
           "staked=0\n"
           "pei rounds=3 won=1 matches=1 matches_won=0 best=7 streak=0 longest=0 units=-12 "
           "staked=1\n"
           "end\n";
}

/* Parses text expecting a refusal; *out must stay as it was. */
static void expect_refused(const char *text, size_t len)
{
    Stats before, s;
    sample(&before);
    s = before;
    char why[200] = "";
    if (stats_parse(text, len, &s, why, sizeof why)) {
        fail_msg("accepted: [%.*s]", (int)len, text);
    }
    assert_true(strlen(why) > 0);
    assert_true(stats_equal(&s, &before));
}

static void test_damaged_text(void **state)
{
    (void)state;
    const char *good = valid_text();
    size_t len = strlen(good);
    Stats s;
    char why[200];
    assert_true(stats_parse(good, len, &s, why, sizeof why));
    assert_int_equal(s.v[VARIANT_PEI].units, -12);
    /* Cut short at every length. */
    for (size_t cut = 0; cut < len; cut++) {
        expect_refused(good, cut);
    }
    const char *bad[] = {
        "garbage\n",
        "\x89PNG\r\n",
        "ceki-stats\nend\n",
        "ceki-stats two\nend\n",
        "ceki-stats 2\nend\n", /* a later format */
        "ceki-stats 0\nend\n",
        "ceki-stats 1\n",
        "ceki-stats 1\nend\nthothit rounds=1\n", /* after the end */
        /* absurd numbers */
        "ceki-stats 1\nthothit rounds=99999999999999999999 won=0 matches=0 matches_won=0 best=0 "
        "streak=0 longest=0 units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=-3 won=0 matches=0 matches_won=0 best=0 streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 won=0 matches=0 matches_won=0 best=1e9 streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 won=0 matches=0 matches_won=0 best=0 streak=0 longest=0 "
        "units=0x10 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 won=0 matches=0 matches_won=0 best= streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        /* contradictions */
        "ceki-stats 1\nthothit rounds=3 won=4 matches=0 matches_won=0 best=0 streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 won=1 matches=2 matches_won=3 best=0 streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 won=1 matches=2 matches_won=1 best=0 streak=2 longest=2 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=0 won=0 matches=0 matches_won=0 best=5 streak=0 longest=0 "
        "units=0 staked=0\nend\n",
        "ceki-stats 1\npei rounds=3 won=1 matches=1 matches_won=0 best=0 streak=0 longest=0 "
        "units=5 staked=0\nend\n",
        /* twice */
        "ceki-stats 1\nthothit rounds=3 won=1 matches=1 matches_won=1 best=0 streak=1 longest=1 "
        "units=0 staked=0\nthothit rounds=3 won=1 matches=1 matches_won=1 best=0 streak=1 "
        "longest=1 units=0 staked=0\nend\n",
        "ceki-stats 1\nthothit rounds=3 rounds=3 won=1 matches=1 matches_won=1 best=0 streak=1 "
        "longest=1 units=0 staked=0\nend\n",
        /* missing field, not name=number, control characters */
        "ceki-stats 1\nthothit rounds=3 won=1 matches=1 matches_won=1 best=0 streak=1 longest=1 "
        "units=0\nend\n",
        "ceki-stats 1\nthothit rounds 3\nend\n",
        "ceki-stats 1\nthothit rounds=3\x01\nend\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_refused(bad[i], strlen(bad[i]));
    }
    /* Binary data and over-long lines. */
    expect_refused("ceki-stats 1\0\nend\n", 18);
    char longline[600];
    memset(longline, 'x', sizeof longline);
    expect_refused(longline, sizeof longline);
    /* Another version says so. */
    assert_false(stats_parse(bad[4], strlen(bad[4]), &s, why, sizeof why));
    assert_non_null(strstr(why, "another version"));
}

static void test_load_missing_damaged_and_kept(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("stats-load");
    char path[1100], aside[1200], aside2[1200], why[200], notice[320], text[4096];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    snprintf(aside2, sizeof aside2, "%s.damaged-2", path);
    Stats s, before;
    sample(&s);
    assert_int_equal(stats_load(path, &s, why, sizeof why), STATS_MISSING);
    assert_false(stats_any(&s));

    /* Damaged: refused, the counts in memory untouched. */
    test_write_file(path, "ceki-stats 1\nthothit rounds=", 28);
    sample(&before);
    s = before;
    assert_int_equal(stats_load(path, &s, why, sizeof why), STATS_DAMAGED);
    assert_true(stats_equal(&s, &before));
    assert_true(strlen(why) > 0);

    /* The program's way: kept aside, zeros, a sentence for the player. */
    assert_int_equal(stats_open(path, &s, notice, sizeof notice), STATS_DAMAGED);
    assert_false(stats_any(&s));
    assert_false(test_file_exists(path));
    assert_true(test_file_exists(aside));
    assert_non_null(strstr(notice, "statistics"));
    assert_non_null(strstr(notice, "stats.txt.damaged"));
    test_read_file(aside, text, sizeof text);
    assert_string_equal(text, "ceki-stats 1\nthothit rounds=");
    /* A second damaged file does not replace the first one kept. */
    test_write_file(path, "nonsense\n", 9);
    assert_int_equal(stats_open(path, &s, notice, sizeof notice), STATS_DAMAGED);
    assert_true(test_file_exists(aside2));
    test_read_file(aside, text, sizeof text);
    assert_string_equal(text, "ceki-stats 1\nthothit rounds=");

    /* Too large. */
    char *big = malloc(STATS_MAX_FILE + 10);
    assert_non_null(big);
    memset(big, '#', STATS_MAX_FILE + 10);
    test_write_file(path, big, STATS_MAX_FILE + 10);
    free(big);
    assert_int_equal(stats_load(path, &s, why, sizeof why), STATS_DAMAGED);
    assert_non_null(strstr(why, "large"));

    /* A good one loads; missing gives zeros and no notice. */
    sample(&before);
    assert_true(stats_save(path, &before, why, sizeof why));
    assert_int_equal(stats_open(path, &s, notice, sizeof notice), STATS_LOADED);
    assert_true(stats_equal(&s, &before));
    assert_string_equal(notice, "");
    remove(path);
    assert_int_equal(stats_open(path, &s, notice, sizeof notice), STATS_MISSING);
    assert_string_equal(notice, "");
}

static void test_save_is_atomic(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("stats-save");
    char path[1100], tmp[1200], err[300], why[200], before[4096], after[4096];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid()); /* this process's own */
    Stats s, back;
    sample(&s);
    assert_true(stats_save(path, &s, err, sizeof err));
    assert_false(test_file_exists(tmp));
    assert_int_equal(stats_load(path, &back, why, sizeof why), STATS_LOADED);
    assert_true(stats_equal(&s, &back));

    /* The temporary name taken: the write fails and the old file is whole. */
    test_read_file(path, before, sizeof before);
    assert_int_equal(mkdir(tmp, 0700), 0);
    Stats more = s;
    stats_add_round(&more, VARIANT_ENTHIT, -1, 3, true);
    assert_false(stats_save(path, &more, err, sizeof err));
    assert_true(strlen(err) > 0);
    test_read_file(path, after, sizeof after);
    assert_string_equal(after, before);
    remove(tmp);

    /* A directory that does not exist: a reason, nothing written. */
    char nowhere[1200];
    snprintf(nowhere, sizeof nowhere, "%s/no-such-dir/stats.txt", dir);
    assert_false(stats_save(nowhere, &s, err, sizeof err));
    assert_true(strlen(err) > 0);
    assert_false(test_file_exists(nowhere));
}

/* An app whose store is ceki.db beside stats_path, an earlier version's
 * statistics file it moves in once. */
static App *app_with_stats(const char *stats_path)
{
    char err[512], db[1200];
    snprintf(db, sizeof db, "%.1100s", stats_path);
    char *slash = strrchr(db, '/');
    snprintf(slash + 1, sizeof db - (size_t)(slash + 1 - db), "ceki.db");
    AppConfig cfg = {.headless = true,
                     .width = 640,
                     .height = 400,
                     .data_dir = CEKI_TEST_DATA_DIR,
                     .store_path = db,
                     .stats_path = stats_path};
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fail_msg("app_create: %s", err);
    }
    return app;
}

static void test_program_reports_damage(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("stats-app");
    char path[1100], aside[1200];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    test_write_file(path, "ceki-stats 9\nend\n", 17);
    App *app = app_with_stats(path);
    assert_false(stats_any(&app->stats));
    assert_non_null(strstr(app->notice, "statistics"));
    assert_non_null(strstr(app->notice, "another version"));
    assert_string_equal(test_top_scene(app), "title");
    assert_true(test_file_exists(aside));
    /* A round counted in the store is there on the next start; the old
     * file is not read again; reset clears the store. */
    char err[200];
    assert_true(store_add_round(app->store, "00000000000000000000000000000001", 1, "thothit", -1,
                                40, true, err, sizeof err));
    app_destroy(app);
    test_write_file(path, "ceki-stats 9\nend\n", 17);
    app = app_with_stats(path);
    assert_string_equal(app->notice, "");
    assert_int_equal(app->stats.v[VARIANT_THOTHIT].rounds, 1);
    app_reset_stats(app);
    assert_false(stats_any(&app->stats));
    app_destroy(app);
    app = app_with_stats(path);
    assert_false(stats_any(&app->stats));
    app_destroy(app);
}

static void test_table_counts_a_round_once(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = ANIM_INSTANT;
    app_setup_variant(app, VARIANT_THOTHIT);
    app->setup.config.seed = 11;
    app->setup.seed_given = true;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        app->setup.human[s] = s == 0;
        app->setup.level[s] = AI_RANDOM;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fail_msg("table: %s", why);
    }
    /* The person's seat plays random legal moves through the table. */
    AiPlayer *ai = ai_create(AI_RANDOM, 9);
    for (int i = 0; i < 400000 && strcmp(test_top_scene(app), "table") == 0; i++) {
        if (table_waits_for_person(app)) {
            Move m;
            assert_int_equal(ai_choose(ai, table_game(app), 0, &m), CEKI_OK);
            table_try_move(app, table_top(app), &m);
        }
        app_update(app, 0.05);
        if (app->session != NULL && session_thinking(app->session)) {
            SDL_Delay(1);
        }
    }
    ai_destroy(ai);
    assert_string_equal(test_top_scene(app), "result");
    const VariantStats *v = &app->stats.v[VARIANT_THOTHIT];
    assert_int_equal(v->rounds, 1);
    assert_int_equal(v->matches, 0);
    /* More frames at the round's end count nothing more. */
    for (int i = 0; i < 20; i++) {
        app_update(app, 0.5);
    }
    assert_int_equal(v->rounds, 1);
    app_destroy(app);
}

static void test_settings_reset_asks_first(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("stats-reset");
    char path[1100], why[200];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    Stats s;
    sample(&s);
    assert_true(stats_save(path, &s, why, sizeof why));
    App *app = app_with_stats(path);
    assert_true(stats_any(&app->stats));
    char err[200];
    assert_true(scene_stack_push(app, SCENE_SETTINGS, err, sizeof err));
    /* One press asks; Esc then keeps everything and stays on the screen. */
    test_click_named(app, "Reset statistics");
    assert_true(stats_any(&app->stats));
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "settings");
    assert_true(stats_any(&app->stats));
    /* Two presses reset, in memory and in the file. */
    test_click_named(app, "Reset statistics");
    test_click_named(app, "Reset statistics");
    assert_false(stats_any(&app->stats));
    /* Nothing left to reset: the button is off. */
    const Widget *w = ui_find_named(ui_of_top_scene(app), "Reset statistics");
    assert_non_null(w);
    assert_true(w->disabled);
    app_destroy(app);
    app = app_with_stats(path); /* the store forgot them too */
    assert_false(stats_any(&app->stats));
    app_destroy(app);
}

/* The statistics screen (title > Statistics): the games with decisions to
 * make, each with its count; Up and Down choose; Reset asks once more, Esc
 * keeps the figures, a second press clears that game only. */
/* Each computer level's games are counted apart (the strongest computer at
 * the table), kept in the file beside the variant's, read back, refused
 * when they claim more than the variant; files without them still read. */
static void test_levels_counted_apart(void **state)
{
    (void)state;
    Stats s;
    stats_clear(&s);
    stats_add_round(&s, VARIANT_PEI, 2, 310, true);   /* against a strong computer */
    stats_add_round(&s, VARIANT_PEI, 1, 180, false);  /* the strongest was greedy */
    stats_add_round(&s, VARIANT_PEI, -1, 200, false); /* level not known */
    stats_add_match(&s, VARIANT_PEI, 2, true, true, 5);
    assert_int_equal(stats_of(&s, VARIANT_PEI, -1)->rounds, 3);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 2)->rounds, 1);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 2)->rounds_won, 1);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 2)->matches_won, 1);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 2)->units, 5);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 1)->best_round, 180);
    assert_int_equal(stats_of(&s, VARIANT_PEI, 0)->rounds, 0);

    char text[4096], why[200];
    size_t n = stats_format(&s, text, sizeof text);
    assert_true(n < sizeof text);
    assert_non_null(strstr(text, "\nlevel pei strong rounds=1 won=1 "));
    assert_non_null(strstr(text, "\nrecent-level pei greedy L180\n"));
    Stats back;
    assert_true(stats_parse(text, n, &back, why, sizeof why));
    assert_true(stats_equal(&s, &back));

    /* A file of the version before levels: the same counts, no levels. */
    const char *old = "ceki-stats 1\npei rounds=3 won=1 matches=1 matches_won=1 best=310 "
                      "streak=1 longest=1 units=5 staked=1\nend\n";
    assert_true(stats_parse(old, strlen(old), &back, why, sizeof why));
    assert_int_equal(back.v[VARIANT_PEI].rounds, 3);
    assert_int_equal(stats_of(&back, VARIANT_PEI, 2)->rounds, 0);

    /* A level claiming more than its game is refused, with a reason. */
    const char *more = "ceki-stats 1\npei rounds=1 won=0 matches=0 matches_won=0 best=10 "
                       "streak=0 longest=0 units=0 staked=0\nlevel pei strong rounds=2 won=0 "
                       "matches=0 matches_won=0 best=10 streak=0 longest=0 units=0 staked=0\nend\n";
    assert_false(stats_parse(more, strlen(more), &back, why, sizeof why));
    assert_non_null(strstr(why, "strong"));
    /* Unknown levels (a later version's) are skipped. */
    const char *later = "ceki-stats 1\npei rounds=1 won=0 matches=0 matches_won=0 best=10 "
                        "streak=0 longest=0 units=0 staked=0\nlevel pei expert rounds=1 "
                        "won=0\nend\n";
    assert_true(stats_parse(later, strlen(later), &back, why, sizeof why));

    /* The level of a table: its strongest computer. */
    GameConfig cfg = game_config_default(VARIANT_PEI, 7);
    Game *g = game_create(&cfg, NULL);
    bool human[CEKI_MAX_SEATS] = {true, false, false};
    int levels[CEKI_MAX_SEATS] = {0, 1, 2};
    assert_int_equal(stats_level_of(g, human, levels), 2);
    levels[2] = 0;
    assert_int_equal(stats_level_of(g, human, levels), 1);
    bool all[CEKI_MAX_SEATS] = {true, true, true};
    assert_int_equal(stats_level_of(g, all, levels), -1);
    game_destroy(g);
}

/* The statistics screen shows the games against one level when chosen. */
static void test_statistics_screen_by_level(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    stats_clear(&app->stats);
    stats_add_round(&app->stats, VARIANT_THOTHIT, 2, 50, true);
    stats_add_round(&app->stats, VARIANT_THOTHIT, 0, 20, false);
    char why[200], line[256];
    assert_true(scene_stack_push(app, SCENE_STATS, why, sizeof why));
    app_draw(app);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "shown=thothit level=all"));
    test_click_named(app, "Opponents");
    app_draw(app);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "level=random"));
    test_key(app, SDLK_RIGHT, 0);
    test_key(app, SDLK_RIGHT, 0);
    app_draw(app);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "level=strong"));
    test_key(app, SDLK_RIGHT, 0);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "level=all"));
    app_destroy(app);
}

/* A store with games of both kinds: Thothit on this computer (two rounds,
 * a match won), at a network table with a friend and a computer (three
 * rounds, a match lost), and at a network table of computers alone (one
 * round). */
static void fill_both_kinds(Store *st)
{
    char err[200] = "";
    assert_true(store_add_round(st, "m-here", 1, "thothit", 1, 50, true, err, sizeof err));
    assert_true(store_add_round(st, "m-here", 2, "thothit", 1, 20, false, err, sizeof err));
    assert_true(store_add_match(st, "m-here", "thothit", 1, true, false, 0, err, sizeof err));
    assert_true(store_opponents_put(st, "m-friend", 1, 1, err, sizeof err));
    assert_true(store_add_round(st, "m-friend", 1, "thothit", 1, 30, true, err, sizeof err));
    assert_true(store_add_round(st, "m-friend", 2, "thothit", 1, 10, false, err, sizeof err));
    assert_true(store_add_round(st, "m-friend", 3, "thothit", 2, 70, true, err, sizeof err));
    assert_true(store_add_match(st, "m-friend", "thothit", 2, false, false, 0, err, sizeof err));
    assert_true(store_opponents_put(st, "m-bots", 0, 2, err, sizeof err));
    assert_true(store_add_round(st, "m-bots", 1, "thothit", 0, 40, true, err, sizeof err));
}

/* The store's counts of all games, those against computers only and those
 * against people. */
static void test_stats_against_people(void **state)
{
    (void)state;
    char notice[200] = "", err[200] = "";
    Store *st = store_open(NULL, notice, sizeof notice);
    assert_non_null(st);
    fill_both_kinds(st);
    Stats all, bots, people;
    assert_true(store_stats_against(st, STORE_AGAINST_ALL, &all, err, sizeof err));
    assert_true(store_stats_against(st, STORE_AGAINST_COMPUTERS, &bots, err, sizeof err));
    assert_true(store_stats_against(st, STORE_AGAINST_PEOPLE, &people, err, sizeof err));
    const VariantStats *a = &all.v[VARIANT_THOTHIT], *b = &bots.v[VARIANT_THOTHIT],
                       *p = &people.v[VARIANT_THOTHIT];
    assert_int_equal(a->rounds, 6);
    assert_int_equal(a->rounds_won, 4);
    assert_int_equal(a->matches, 2);
    assert_int_equal(b->rounds, 3);
    assert_int_equal(b->rounds_won, 2);
    assert_int_equal(b->matches, 1);
    assert_int_equal(b->matches_won, 1);
    assert_int_equal(b->best_round, 50);
    assert_int_equal(p->rounds, 3);
    assert_int_equal(p->rounds_won, 2);
    assert_int_equal(p->matches, 1);
    assert_int_equal(p->matches_won, 0);
    assert_int_equal(p->best_round, 70);
    assert_int_equal(stats_of(&people, VARIANT_THOTHIT, 2)->rounds, 1); /* and by level */
    Stats whole;
    assert_true(store_stats(st, &whole, err, sizeof err));
    assert_true(stats_equal(&whole, &all));
    assert_false(store_stats_against(st, STORE_AGAINST_COUNT, &all, err, sizeof err));
    store_close(st);
}

/* The screen's choice of games, by mouse and by keyboard. */
static void test_statistics_screen_against_people(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    fill_both_kinds(app->store);
    char err[200] = "", line[256];
    assert_true(store_stats(app->store, &app->stats, err, sizeof err));
    assert_true(scene_stack_push(app, SCENE_STATS, err, sizeof err));
    test_screen_text(app);
    assert_true(test_screen_says("6 rounds"));
    assert_true(test_screen_says("4 won of 6"));
    test_click_named(app, "Games"); /* by mouse: computers only */
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "against=computers"));
    test_screen_text(app);
    assert_true(test_screen_says("3 rounds"));
    assert_true(test_screen_says("2 won of 3"));
    assert_true(test_screen_says("1 won of 1")); /* the match on this computer */
    test_key(app, SDLK_TAB, 0);                  /* by keyboard: to the choice, then Right */
    for (int i = 0; i < UI_MAX_WIDGETS && strcmp(test_focus_name(app), "Games") != 0; i++) {
        test_key(app, SDLK_TAB, 0);
    }
    test_key(app, SDLK_RIGHT, 0);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "against=people"));
    test_click_named(app, "thothit"); /* Tab went by the games: Thothit's figures again */
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "shown=thothit level=all against=people"));
    test_screen_text(app);
    assert_true(test_screen_says("3 rounds"));
    assert_true(test_screen_says("0 won of 1")); /* the match with a friend, lost */
    assert_true(test_screen_says("70"));         /* its best round */
    char png[600];
    snprintf(png, sizeof png, "%s/stats-against-people.png", CEKI_TEST_OUT_DIR);
    assert_true(app_save_png(app, png, err, sizeof err));
    test_key(app, SDLK_TAB, 0);
    for (int i = 0; i < UI_MAX_WIDGETS && strcmp(test_focus_name(app), "Games") != 0; i++) {
        test_key(app, SDLK_TAB, 0);
    }
    test_key(app, SDLK_RIGHT, 0);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "against=all"));
    test_key(app, SDLK_LEFT, 0);
    scene_describe(app, line, sizeof line);
    assert_non_null(strstr(line, "against=people"));
    /* Every choice's words fit, in Indonesian, Javanese and English. */
    static const Language langs[] = {LANGUAGE_INDONESIAN, LANGUAGE_JAVANESE, LANGUAGE_ENGLISH};
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        i18n_set_language(langs[i]);
        for (int k = 0; k < 3; k++) {
            text_watch_overflow(app->text, true);
            test_screen_text(app);
            const char *first = NULL;
            int n = text_overflows(app->text, &first);
            text_watch_overflow(app->text, false);
            if (n > 0) {
                fail_msg("%s: '%s' does not fit", language_key(langs[i]), first);
            }
            test_key(app, SDLK_RIGHT, 0);
        }
    }
    app_destroy(app);
}

static void test_statistics_screen(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    sample(&app->stats);
    Stats before = app->stats;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_TITLE, why, sizeof why));
    app_draw(app);
    test_click_named(app, "Statistics");
    if (strcmp(test_top_scene(app), "stats") != 0) {
        fail_msg("not on stats: %s (toast %s)", test_top_scene(app), app->toast);
    }
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "thothit"));
    assert_non_null(ui_find_named(ui, "kowah"));
    assert_null(ui_find_named(ui, "kings")); /* it plays itself: nothing is kept */
    assert_null(ui_find_named(ui, "thothit-yogyakarta"));
    app_draw(app);
    /* Choose Pèi, then reset it in two presses; Esc in between keeps it. */
    test_click_named(app, "pei");
    test_click_named(app, "Reset this game");
    app_draw(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Press again to reset"));
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "stats");
    assert_true(stats_equal(&app->stats, &before));
    app_draw(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Reset this game"));
    test_click_named(app, "Reset this game");
    app_draw(app);
    test_click_named(app, "Press again to reset");
    assert_int_equal(app->stats.v[VARIANT_PEI].rounds, 0);
    assert_int_equal(app->stats.v[VARIANT_PEI].recent_n, 0);
    assert_int_equal(app->stats.v[VARIANT_THOTHIT].rounds, before.v[VARIANT_THOTHIT].rounds);
    assert_int_equal(app->stats.v[VARIANT_KOWAH].rounds, before.v[VARIANT_KOWAH].rounds);
    app_draw(app);
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_recent_rounds_and_mean),
        cmocka_unit_test(test_counting),
        cmocka_unit_test(test_record_from_game),
        cmocka_unit_test(test_damaged_text),
        cmocka_unit_test(test_load_missing_damaged_and_kept),
        cmocka_unit_test(test_save_is_atomic),
        cmocka_unit_test(test_program_reports_damage),
        cmocka_unit_test(test_table_counts_a_round_once),
        cmocka_unit_test(test_settings_reset_asks_first),
        cmocka_unit_test(test_statistics_screen),
        cmocka_unit_test(test_levels_counted_apart),
        cmocka_unit_test(test_statistics_screen_by_level),
        cmocka_unit_test(test_stats_against_people),
        cmocka_unit_test(test_statistics_screen_against_people),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
