/* Game records: writing, replaying, and refusing damaged ones clearly. */
#include "test_util.h"

#include "number.h"
#include "record.h"

static char *record_of(const Game *g, size_t *len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(record_write(g, f), CEKI_OK);
    long n = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return text;
}

static Game *played_game(int moves)
{
    GameConfig cfg = game_config_default(VARIANT_THOTHIT_SACKSON, 77);
    cfg.players = 4;
    cfg.options = OPTION_ADVANCED;
    Game *g = game_create(&cfg, NULL);
    for (int i = 0; i < moves && !game_match_over(g); i++) {
        Move m[GAME_MAX_MOVES];
        int n = game_legal_moves(g, m, GAME_MAX_MOVES);
        game_apply(g, &m[i % n]);
    }
    return g;
}

static void test_round_trip(void **state)
{
    (void)state;
    Game *g = played_game(40);
    size_t len = 0;
    char *text = record_of(g, &len);
    assert_non_null(strstr(text, "ceki-record 2\nvariant thothit-sackson\nplayers 4\nseed 77\n"
                                 "options advanced\n"));
    Game *r = NULL;
    char err[RECORD_ERROR_MAX] = "";
    assert_int_equal(record_read_text(text, len, &r, err, sizeof err), CEKI_OK);
    assert_string_equal(err, "");
    assert_non_null(r);
    int na = 0, nb = 0;
    const Move *ha = game_history(g, &na);
    const Move *hb = game_history(r, &nb);
    assert_int_equal(na, 40);
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++)
        assert_true(move_equal(&ha[i], &hb[i]));
    Observation *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    for (int s = 0; s < 4; s++) {
        game_observe(g, s, a);
        game_observe(r, s, b);
        assert_int_equal(memcmp(a, b, sizeof *a), 0);
    }
    /* Written again, the record is the same text. */
    size_t len2 = 0;
    char *text2 = record_of(r, &len2);
    assert_int_equal(len, len2);
    assert_int_equal(memcmp(text, text2, len), 0);
    free(a);
    free(b);
    free(text);
    free(text2);
    game_destroy(g);
    game_destroy(r);
}

static void expect_refused(const char *text, CekiStatus status, const char *message_part)
{
    Game *g = (Game *)(uintptr_t)1; /* must be reset to NULL */
    char err[RECORD_ERROR_MAX] = "";
    CekiStatus st = record_read_text(text, strlen(text), &g, err, sizeof err);
    if (st != status || !strstr(err, message_part)) {
        print_error("record:\n%s\nstatus %d, message '%s'; wanted %d and '%s'\n", text, st, err,
                    status, message_part);
        fail();
    }
    assert_null(g);
}

static void test_damaged_records(void **state)
{
    (void)state;
    const char *head = "ceki-record 1\nvariant thothit\nplayers 3\nseed 5\noptions\nrounds 3\n"
                       "stakes none\nmoves\n";
    char buf[512];
    expect_refused("", CEKI_ERR_PARSE, "empty record");
    expect_refused("hello\n", CEKI_ERR_PARSE, "line 1: not a Ceki game record");
    expect_refused("ceki-record 3\n", CEKI_ERR_UNSUPPORTED, "version 3");
    expect_refused("ceki-record 0\n", CEKI_ERR_UNSUPPORTED, "version 0");
    /* Version 1 Pèi records were dealt before the seating draw gave every role. */
    expect_refused("ceki-record 1\nvariant pei\n", CEKI_ERR_UNSUPPORTED,
                   "line 2: a version 1 record of pei");
    expect_refused("ceki-record 1\nvariant pei-chinese\n", CEKI_ERR_UNSUPPORTED,
                   "before the seating draw");
    expect_refused("ceki-record 1\nvariant poker\n", CEKI_ERR_PARSE,
                   "line 2: unknown variant 'poker'");
    expect_refused("ceki-record 1\nvariant thothit\nplayers 3\nmoves\nend\n", CEKI_ERR_PARSE,
                   "before its moves");
    expect_refused("ceki-record 1\nvariant thothit\nplayers 4\nseed 1\nmoves\nend\n", CEKI_ERR_ARG,
                   "do not make a game");
    expect_refused("ceki-record 1\nvariant thothit\nplayers 3\nseed -1\n", CEKI_ERR_PARSE,
                   "bad seed");
    expect_refused("ceki-record 1\nvariant thothit\noptions jung\nplayers 3\nseed 1\nmoves\nend\n",
                   CEKI_ERR_UNSUPPORTED, "do not make a game");
    expect_refused("ceki-record 1\noptions fast\n", CEKI_ERR_PARSE, "unknown option 'fast'");
    expect_refused("ceki-record 1\ncolour blue\n", CEKI_ERR_PARSE, "unknown line 'colour'");
    snprintf(buf, sizeof buf, "%s", head);
    expect_refused(buf, CEKI_ERR_PARSE, "cut short");
    snprintf(buf, sizeof buf, "%s0 C4xZZ\nend\n", head);
    expect_refused(buf, CEKI_ERR_PARSE, "line 9: '0 C4xZZ' is not a move");
    snprintf(buf, sizeof buf, "%s9 turn\nend\n", head);
    expect_refused(buf, CEKI_ERR_PARSE, "is not a move");
    snprintf(buf, sizeof buf, "%s0 next\nend\n", head);
    expect_refused(buf, CEKI_ERR_ILLEGAL, "line 9: move 'next' by seat 0 is not legal here");
    snprintf(buf, sizeof buf, "%send\nextra\n", head);
    expect_refused(buf, CEKI_ERR_PARSE, "after 'end'");
    char with_nul[] = "ceki-record 1\n\0variant thothit\n";
    Game *g = NULL;
    char err[RECORD_ERROR_MAX];
    assert_int_equal(record_read_text(with_nul, sizeof with_nul - 1, &g, err, sizeof err),
                     CEKI_ERR_PARSE);
    assert_null(g);
    /* Comments and blank lines are fine; an empty game is a game. */
    snprintf(buf, sizeof buf, "# saved by hand\n\n%s\nend\n", head);
    assert_int_equal(record_read_text(buf, strlen(buf), &g, err, sizeof err), CEKI_OK);
    assert_non_null(g);
    game_destroy(g);
}

static void test_truncated_record_every_length(void **state)
{
    (void)state;
    Game *g = played_game(60);
    size_t len = 0;
    char *text = record_of(g, &len);
    /* Every prefix that drops the final "end" line is refused cleanly. */
    for (size_t cut = 0; cut + 4 < len; cut++) {
        Game *r = NULL;
        char err[RECORD_ERROR_MAX];
        CekiStatus st = record_read_text(text, cut, &r, err, sizeof err);
        assert_int_not_equal(st, CEKI_OK);
        assert_null(r);
        assert_true(strlen(err) > 0);
    }
    free(text);
    game_destroy(g);
}

static void test_record_file_io(void **state)
{
    (void)state;
    Game *g = played_game(25);
    FILE *f = tmpfile();
    record_write(g, f);
    rewind(f);
    Game *r = NULL;
    char err[RECORD_ERROR_MAX];
    assert_int_equal(record_read(f, &r, err, sizeof err), CEKI_OK);
    fclose(f);
    int n = 0;
    game_history(r, &n);
    assert_int_equal(n, 25);
    game_destroy(r);
    game_destroy(g);
    assert_int_equal(record_write(NULL, stdout), CEKI_ERR_ARG);
    assert_int_equal(stake_scheme_find("jedhil"), STAKES_JEDHIL);
    assert_int_equal(stake_scheme_find("poker"), STAKES_COUNT);
}

/* Whole numbers read the one strict way: digits only, never clamped. */
static void test_number_parse_u64(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint64_t want;
    } good[] = {{"0", 0},
                {"11", 11},
                {"007", 7},
                {"18446744073709551615", UINT64_MAX},
                {"00000000000000000000018446744073709551615", UINT64_MAX}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint64_t v = 1;
        assert_true(number_parse_u64(good[i].text, &v));
        assert_true(v == good[i].want);
    }
    static const char *const bad[] = {"",
                                      "+11",
                                      "-1",
                                      " 11",
                                      "11 ",
                                      "0x10",
                                      "1e3",
                                      "18446744073709551616",
                                      "18446744073709551620",
                                      "99999999999999999999",
                                      "184467440737095516150"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v = 42;
        if (number_parse_u64(bad[i], &v))
            fail_msg("'%s' was read as %llu", bad[i], (unsigned long long)v);
        assert_true(v == 42); /* a refusal leaves the value alone */
    }
    assert_false(number_parse_u64(NULL, &(uint64_t){0}));
}

/* A record's seed above 2^64 - 1 or with a sign is refused, not clamped;
 * 2^64 - 1 itself is a seed like any other. */
static void test_record_seed_range(void **state)
{
    (void)state;
    const char *tail = "\noptions\nrounds 1\nstakes none\nmoves\nend\n";
    static const char *const refused[] = {"18446744073709551616", "+11", "99999999999999999999"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "ceki-record 1\nvariant thothit\nplayers 3\nseed %s%s",
                 refused[i], tail);
        expect_refused(text, CEKI_ERR_PARSE, "from 0 to 18446744073709551615");
    }
    char text[256];
    snprintf(text, sizeof text,
             "ceki-record 1\nvariant thothit\nplayers 3\nseed 18446744073709551615%s", tail);
    Game *g = NULL;
    char err[RECORD_ERROR_MAX] = "";
    assert_int_equal(record_read_text(text, strlen(text), &g, err, sizeof err), CEKI_OK);
    assert_true(game_config(g)->seed == UINT64_MAX);
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_damaged_records),
        cmocka_unit_test(test_truncated_record_every_length),
        cmocka_unit_test(test_record_file_io),
        cmocka_unit_test(test_number_parse_u64),
        cmocka_unit_test(test_record_seed_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
