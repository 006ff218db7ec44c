/* The seat feed over the in-process host (seat_feed.h, feed_local.h): whole
 * matches of every variant played by sending each move through the feed of
 * the seat to move, checked after every move against a game the test plays
 * beside it: every seat's view is what game_observe gives that seat, its
 * events are game_events_for_seat's, its moves are the legal moves, and the
 * host counted every move. Moves for another seat, out of turn or illegal
 * are refused with a reason and change nothing. Loops are bounded by count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "feed_local.h"
#include "record.h"

#define MATCH_MOVES_MAX 200000 /* a bound far above any match */
#define EVENTS_MAX 4096

static uint64_t next_rand(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Every seat's feed agrees with the reference game g, after the events of
 * its last apply. */
static void check_seats(LocalTable *lt, const Game *g, uint32_t move_no)
{
    static Observation want;
    static GameEvent got[EVENTS_MAX], seen[EVENTS_MAX];
    int n = 0;
    const GameEvent *ev = game_events(g, &n);
    assert_true(n <= EVENTS_MAX);
    for (int s = 0; s < game_players(g); s++) {
        SeatFeed *f = local_table_feed(lt, s);
        assert_non_null(f);
        assert_int_equal(seat_feed_move_no(f), move_no);
        assert_int_equal(game_observe(g, s, &want), CEKI_OK);
        assert_true(seat_feed_has_view(f));
        assert_true(net_view_hash(seat_feed_view(f)) == net_view_hash(&want));
        assert_true(seat_feed_hash(f) == net_view_hash(&want));
        int k = seat_feed_take_events(f, got, EVENTS_MAX);
        assert_int_equal(game_events_for_seat(g, ev, n, s, seen), n);
        assert_int_equal(k, n);
        assert_memory_equal(got, seen, (size_t)n * sizeof *got);
        int nm = 0;
        seat_feed_moves(f, &nm);
        Move legal[GAME_MAX_MOVES];
        int nl = game_to_move(g) == s ? game_legal_moves(g, legal, GAME_MAX_MOVES) : 0;
        assert_int_equal(nm, nl < GAME_MAX_MOVES ? nl : GAME_MAX_MOVES);
        assert_int_equal(seat_feed_resyncs(f), 0);
    }
}

/* A move for the seat after the one to move: refused, nothing changes. */
static void check_refused(LocalTable *lt, const Game *g, uint32_t move_no)
{
    int to = game_to_move(g);
    int other = (to + 1) % game_players(g);
    if (to < 0 || other == to) {
        return;
    }
    Move legal[GAME_MAX_MOVES];
    assert_true(game_legal_moves(g, legal, GAME_MAX_MOVES) > 0);
    Move theirs = legal[0];
    SeatFeed *f = local_table_feed(lt, other);
    HostCounts before, after;
    local_table_counts(lt, &before);
    assert_true(seat_feed_send_move(f, &theirs)); /* the other seat's move */
    local_table_pump(lt);
    NetRefused why;
    assert_true(seat_feed_take_refusal(f, &why));
    assert_true(why.reason[0] != '\0');
    assert_int_equal(why.move_no, move_no);
    theirs.seat = (uint8_t)other; /* its own seat, out of turn */
    assert_true(seat_feed_send_move(f, &theirs));
    local_table_pump(lt);
    assert_true(seat_feed_take_refusal(f, &why));
    assert_int_equal(why.refusal, NET_REASON_NOT_YOUR_TURN);
    local_table_counts(lt, &after);
    assert_int_equal(after.moves, before.moves);
    assert_int_equal(after.refused, before.refused + 2);
    assert_int_equal(seat_feed_move_no(f), move_no);
    assert_int_equal(seat_feed_pending_events(f), 0);
}

static void play_match(VariantId v, int players, uint64_t seed)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players > 0) {
        cfg.players = players;
    }
    char err[200] = "";
    LocalTable *lt = local_table_create(&cfg, err, sizeof err);
    if (lt == NULL) {
        fail_msg("%s with %d players: %s", variant_get(v)->key, cfg.players, err);
    }
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    local_table_pump(lt);
    check_seats(lt, g, 0);
    uint64_t x = seed * 2654435761u + 1;
    uint32_t made = 0;
    for (int i = 0; i < MATCH_MOVES_MAX && !game_match_over(g); i++) {
        if (i % 97 == 0) {
            check_refused(lt, g, made);
        }
        int to = game_to_move(g);
        SeatFeed *f = local_table_feed(lt, to);
        int n = 0;
        const Move *moves = seat_feed_moves(f, &n);
        assert_true(n > 0);
        Move m = moves[next_rand(&x) % (uint64_t)n];
        assert_true(seat_feed_send_move(f, &m));
        local_table_pump(lt);
        assert_false(seat_feed_take_refusal(f, NULL));
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        made++;
        check_seats(lt, g, made);
    }
    assert_true(game_match_over(g));
    HostCounts c;
    local_table_counts(lt, &c);
    assert_int_equal(c.moves, (long)made);
    /* The whole record came at the end (in chunks when it is long), the
     * same text as the host's own record of the table and the same moves
     * as the reference game's. */
    size_t len = 0, own_len = 0;
    const char *rec = seat_feed_record(local_table_feed(lt, 0), &len);
    char *own = local_table_record(lt, &own_len);
    assert_non_null(own);
    assert_non_null(rec);
    assert_int_equal(len, own_len);
    assert_memory_equal(rec, own, len);
    Game *back = NULL;
    assert_int_equal(record_read_text(rec, len, &back, NULL, 0), CEKI_OK);
    int nh = 0, nb = 0;
    const Move *hg = game_history(g, &nh);
    const Move *hb = game_history(back, &nb);
    assert_int_equal(nh, nb);
    assert_memory_equal(hg, hb, (size_t)nh * sizeof *hg);
    game_destroy(back);
    free(own);
    game_destroy(g);
    local_table_destroy(lt);
}

static void test_every_variant_through_the_host(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get((VariantId)v);
        for (int p = d->min_players; p <= d->max_players; p++) {
            GameConfig cfg = game_config_default((VariantId)v, 1);
            cfg.players = p;
            if (game_config_check(&cfg) != CEKI_OK) {
                continue; /* a count the variant's rules leave out */
            }
            play_match((VariantId)v, p, 1000u + (uint64_t)(v * 10 + p));
        }
    }
}

/* The record of a table under way reads back to the moves made so far. */
static void test_record_mid_match(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 7);
    LocalTable *lt = local_table_create(&cfg, NULL, 0);
    assert_non_null(lt);
    local_table_pump(lt);
    for (int i = 0; i < 10; i++) {
        int to = seat_feed_view(local_table_feed(lt, 0))->to_move;
        SeatFeed *f = local_table_feed(lt, to);
        int n = 0;
        const Move *moves = seat_feed_moves(f, &n);
        assert_true(n > 0);
        assert_true(seat_feed_send_move(f, &moves[0]));
        local_table_pump(lt);
    }
    size_t len = 0;
    char *text = local_table_record(lt, &len);
    assert_non_null(text);
    Game *g = NULL;
    assert_int_equal(record_read_text(text, len, &g, NULL, 0), CEKI_OK);
    int nh = 0;
    game_history(g, &nh);
    assert_int_equal(nh, 10);
    assert_int_equal(game_config(g)->seed, 7);
    game_destroy(g);
    free(text);
    local_table_destroy(lt);
}

/* A table the rules do not allow is refused with a sentence. */
static void test_bad_table(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 1);
    cfg.players = 9;
    char err[200] = "";
    assert_null(local_table_create(&cfg, err, sizeof err));
    assert_true(err[0] != '\0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_variant_through_the_host),
        cmocka_unit_test(test_record_mid_match),
        cmocka_unit_test(test_bad_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
