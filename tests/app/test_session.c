/* The session (session.h): moves and the event queue, thinking off the UI
 * thread and cancelling it, undo, save and resume, damaged saves kept
 * aside, the archive of finished games. No timing is asserted: waits are
 * loops of SDL_Delay bounded by a count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_load.h"
#include "record.h"
#include "session.h"
#include "test_support.h"

static SessionSeats one_human(AiLevel level)
{
    SessionSeats seats = {.ai_budget_ms = 20};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = i == 0;
        seats.level[i] = level;
    }
    return seats;
}

static Session *new_session(VariantId v, int players, uint64_t seed, const SessionSeats *seats)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players > 0) {
        cfg.players = players;
    }
    CekiStatus st = CEKI_ERR_ARG;
    Session *s = session_create(&cfg, seats, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(s);
    return s;
}

static void drain(Session *s)
{
    GameEvent ev[64];
    while (session_take_events(s, ev, 64) > 0) {
    }
}

/* A simple deterministic choice among the legal moves the host lists to
 * the seat to move. */
static Move pick(const Session *s, uint64_t *x)
{
    Move moves[GAME_MAX_MOVES];
    int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
    assert_true(n > 0);
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return moves[*x % (uint64_t)(n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES)];
}

static void play_moves(Session *s, int count, uint64_t *x)
{
    for (int i = 0; i < count && !game_match_over(session_game(s)); i++) {
        Move m = pick(s, x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
}

/* Whether m is among the moves the host lists for the seat to move. */
static bool listed(const Session *s, const Move *m)
{
    Move moves[GAME_MAX_MOVES];
    int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (move_equal(&moves[i], m)) {
            return true;
        }
    }
    return false;
}

/* The record part of a session's save text (its moves so far). */
static char *session_record(const Session *s)
{
    size_t len = 0;
    char *text = session_text(s, SAVE_KIND_SAVE, &len);
    assert_non_null(text);
    const char *rec = strstr(text, "ceki-record");
    assert_non_null(rec);
    char *copy = malloc(strlen(rec) + 1);
    assert_non_null(copy);
    memcpy(copy, rec, strlen(rec) + 1);
    free(text);
    return copy;
}

/* The record of a game as text (for exact comparisons). */
static char *record_text(const Game *g)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(record_write(g, f), CEKI_OK);
    long n = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)n + 1);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return text;
}

static void assert_same_view(const Game *a, const Game *b, int seat)
{
    Observation *oa = calloc(1, sizeof *oa), *ob = calloc(1, sizeof *ob);
    assert_int_equal(game_observe(a, seat, oa), CEKI_OK);
    assert_int_equal(game_observe(b, seat, ob), CEKI_OK);
    assert_int_equal(oa->phase, ob->phase);
    assert_int_equal(oa->to_move, ob->to_move);
    assert_int_equal(oa->round, ob->round);
    assert_int_equal(oa->pool_count, ob->pool_count);
    assert_memory_equal(oa->pool, ob->pool, (size_t)oa->pool_count);
    assert_int_equal(oa->hand_count[seat], ob->hand_count[seat]);
    assert_memory_equal(oa->hand, ob->hand, (size_t)oa->hand_count[seat]);
    assert_int_equal(oa->stock_count, ob->stock_count);
    for (int p = 0; p < oa->players; p++) {
        assert_int_equal(oa->captured_count[p], ob->captured_count[p]);
        assert_memory_equal(oa->captured[p], ob->captured[p], (size_t)oa->captured_count[p]);
        assert_int_equal(oa->match_score[p], ob->match_score[p]);
    }
    free(oa);
    free(ob);
}

static void test_apply_refuse_and_queue(void **state)
{
    (void)state;
    SessionSeats seats = one_human(AI_RANDOM);
    Session *s = new_session(VARIANT_THOTHIT, 3, 11, &seats);
    const Game *g = session_game(s);
    /* The deal is queued. */
    int pending = session_pending_events(s);
    assert_true(pending > 0);
    GameEvent ev[8];
    int got = 0, n = 0;
    while ((n = session_take_events(s, ev, 3)) > 0) {
        assert_true(n <= 3);
        got += n;
    }
    assert_int_equal(got, pending);
    assert_int_equal(session_pending_events(s), 0);

    /* An illegal move: refused with a reason, nothing changes. */
    int to = game_to_move(g);
    Move wrong = {
        .type = MOVE_PLAY, .seat = (uint8_t)((to + 1) % 3), .card = CARD_C1, .target = CARD_NONE};
    const char *why = NULL;
    int before = session_moves(s);
    assert_int_equal(session_apply(s, &wrong, &why), CEKI_ERR_ILLEGAL);
    assert_non_null(why);
    assert_true(strlen(why) > 0);
    assert_int_equal(session_moves(s), before);
    assert_int_equal(session_pending_events(s), 0);
    assert_int_equal(session_apply(s, NULL, &why), CEKI_ERR_ARG);

    /* A legal one: applied through the host, its events queued in order as
     * the viewing seat saw them (a game played beside says which). */
    uint64_t x = 99;
    Move m = pick(s, &x);
    HostCounts hc;
    assert_true(session_host_counts(s, &hc));
    long moves_before = hc.moves;
    assert_int_equal(session_apply(s, &m, &why), CEKI_OK);
    assert_true(session_host_counts(s, &hc));
    assert_int_equal(hc.moves, moves_before + 1);
    assert_int_equal(session_moves(s), before + 1);
    Game *ref = game_create(session_config(s), NULL);
    assert_non_null(ref);
    assert_int_equal(game_apply(ref, &m), CEKI_OK);
    int count = 0;
    const GameEvent *last = game_events(ref, &count);
    GameEvent *seen = calloc((size_t)count + 1, sizeof *seen);
    assert_int_equal(game_events_for_seat(ref, last, count, session_viewer(s), seen), count);
    assert_int_equal(session_pending_events(s), count);
    GameEvent *copy = calloc((size_t)count + 1, sizeof *copy);
    assert_int_equal(session_take_events(s, copy, count + 1), count);
    assert_memory_equal(copy, seen, (size_t)count * sizeof *copy);
    free(copy);
    free(seen);
    game_destroy(ref);

    /* Events pile up in order when the table drains late. */
    play_moves(s, 6, &x);
    assert_true(session_pending_events(s) > 0);
    drain(s);

    /* Who moves. */
    assert_int_equal(session_human_count(s), 1);
    int seat = game_to_move(session_game(s)); /* the game is rebuilt after each move */
    assert_int_equal(session_computer_to_move(s), seat >= 0 && seat != 0);
    char name[40];
    session_seat_name(s, 0, name, sizeof name);
    assert_string_equal(name, "You");
    session_seat_name(s, 2, name, sizeof name);
    assert_string_equal(name, "Computer 3");
    session_destroy(s);
    session_destroy(NULL);
}

/* Applies moves until a computer seat is to move. */
static void until_computer(Session *s, uint64_t *x)
{
    for (int i = 0; i < 200 && !session_computer_to_move(s); i++) {
        Move m = pick(s, x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    assert_true(session_computer_to_move(s));
}

static bool wait_move(Session *s, Move *m, bool *hint)
{
    for (int i = 0; i < 4000; i++) {
        if (session_think_poll(s, m, hint)) {
            return true;
        }
        SDL_Delay(2);
    }
    return false;
}

static void test_thinking(void **state)
{
    (void)state;
    assert_int_equal(SDL_Init(0), 0);
    for (int level = AI_RANDOM; level < AI_LEVEL_COUNT; level++) {
        SessionSeats seats = one_human((AiLevel)level);
        Session *s = new_session(VARIANT_PEI, 3, 5, &seats);
        uint64_t x = 3;
        for (int turn = 0; turn < 4; turn++) {
            until_computer(s, &x);
            assert_int_equal(session_think_start(s, false), CEKI_OK);
            assert_true(session_thinking(s));
            /* One thought at a time. */
            assert_int_equal(session_think_start(s, false), CEKI_ERR_STATE);
            Move m;
            bool hint = true;
            assert_true(wait_move(s, &m, &hint));
            assert_false(hint);
            assert_false(session_thinking(s));
            assert_true(listed(s, &m));
            assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
        }
        session_destroy(s);
    }

    /* A person's seat thinks only for a hint. */
    SessionSeats seats = one_human(AI_GREEDY);
    Session *s = new_session(VARIANT_THOTHIT, 3, 8, &seats);
    uint64_t x = 1;
    for (int i = 0; i < 100 && game_to_move(session_game(s)) != 0; i++) {
        Move m = pick(s, &x);
        session_apply(s, &m, NULL);
    }
    assert_int_equal(game_to_move(session_game(s)), 0);
    assert_int_equal(session_think_start(s, false), CEKI_ERR_STATE);
    assert_int_equal(session_think_start(s, true), CEKI_OK);
    Move m;
    bool hint = false;
    assert_true(wait_move(s, &m, &hint));
    assert_true(hint);
    assert_int_equal(m.seat, 0);
    assert_true(listed(s, &m));
    /* The note says when the strong player was not there to give it. */
    if (session_hint_level(s) == AI_STRONG) {
        assert_string_equal(session_hint_note(s), "");
    } else {
        assert_true(strlen(session_hint_note(s)) > 0);
    }
    session_destroy(s);
    SDL_Quit();
}

static void test_cancel(void **state)
{
    (void)state;
    assert_int_equal(SDL_Init(0), 0);
    SessionSeats seats = one_human(AI_STRONG);
    seats.ai_budget_ms = 150;
    Session *s = new_session(VARIANT_THOTHIT, 3, 21, &seats);
    uint64_t x = 5;

    /* Cancelled at once, many times over: nothing is left running wild. */
    for (int round = 0; round < 12; round++) {
        until_computer(s, &x);
        assert_int_equal(session_think_start(s, false), CEKI_OK);
        session_think_cancel(s);
        assert_false(session_thinking(s));
        Move m;
        assert_false(session_think_poll(s, &m, NULL));
        /* The game goes on by hand meanwhile. */
        m = pick(s, &x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }

    /* A move applied while a hint is being thought makes the hint stale. */
    if (!game_match_over(session_game(s))) {
        assert_int_equal(session_think_start(s, true), CEKI_OK);
        Move m = pick(s, &x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
        assert_false(session_thinking(s));
        Move got;
        for (int i = 0; i < 50; i++) {
            assert_false(session_think_poll(s, &got, NULL));
            SDL_Delay(2);
        }
    }

    /* Destroyed in the middle of a thought: the thread is joined. */
    until_computer(s, &x);
    assert_int_equal(session_think_start(s, false), CEKI_OK);
    session_destroy(s);
    SDL_Quit();
}

static void test_undo(void **state)
{
    (void)state;
    SessionSeats seats = one_human(AI_RANDOM);
    Session *s = new_session(VARIANT_THOTHIT, 3, 31, &seats);
    uint64_t x = 7;
    assert_false(session_can_undo(s));
    assert_int_equal(session_undo(s), CEKI_ERR_STATE);

    /* Play until the person decides, remember that position, play on
     * through the computers' turns, undo. */
    char *before = NULL;
    Game *before_view[3] = {NULL, NULL, NULL};
    int target = 0;
    for (int i = 0; i < 400 && before == NULL; i++) {
        const Game *g = session_game(s);
        int n = session_legal_moves(s, NULL, 0);
        if (game_to_move(g) == 0 && n > 1) {
            before = session_record(s);
            target = session_moves(s);
            for (int seat = 0; seat < 3; seat++) {
                before_view[seat] = session_seat_game(s, seat);
                assert_non_null(before_view[seat]);
            }
        }
        Move m = pick(s, &x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    assert_non_null(before);
    for (int i = 0; i < 400 && game_to_move(session_game(s)) != 0; i++) {
        Move m = pick(s, &x);
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    /* If the person is to move again with one choice only, that is no decision. */
    assert_true(session_can_undo(s));
    unsigned gen = session_generation(s);
    drain(s);
    /* Undo goes back to before the last decision: the one remembered, unless
     * the person decided again since. Repeat until it is the one. */
    for (int guard = 0; guard < 50; guard++) {
        assert_int_equal(session_undo(s), CEKI_OK);
        if (session_moves(s) <= target) {
            break;
        }
    }
    assert_true(session_generation(s) != gen);
    assert_int_equal(session_pending_events(s), 0);
    char *b = session_record(s);
    assert_string_equal(before, b);
    free(b);
    for (int seat = 0; seat < 3; seat++) {
        Game *now = session_seat_game(s, seat);
        assert_same_view(before_view[seat], now, seat);
        game_destroy(now);
        game_destroy(before_view[seat]);
    }
    /* The table's game is the viewer's (seat 0's) view of it. */
    Game *seat0 = session_seat_game(s, 0);
    assert_same_view(seat0, session_game(s), 0);
    game_destroy(seat0);
    assert_int_equal(game_to_move(session_game(s)), 0);
    free(before);
    session_destroy(s);

    /* Not in hot-seat play. */
    SessionSeats two = one_human(AI_RANDOM);
    two.human[1] = true;
    s = new_session(VARIANT_THOTHIT, 3, 31, &two);
    play_moves(s, 30, &x);
    assert_false(session_can_undo(s));
    assert_int_equal(session_undo(s), CEKI_ERR_STATE);
    session_destroy(s);
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    if (len != NULL) {
        *len = n;
    }
    return buf;
}

static void write_text(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void test_save_load(void **state)
{
    (void)state;
    const VariantId variants[] = {VARIANT_THOTHIT, VARIANT_PEI, VARIANT_KOWAH,
                                  VARIANT_THOTHIT_KUNA};
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        SessionSeats seats = one_human(AI_GREEDY);
        seats.level[2] = AI_STRONG;
        seats.ai_budget_ms = 75;
        Session *s =
            new_session(variants[k], variants[k] == VARIANT_THOTHIT_KUNA ? 6 : 0, 1000 + k, &seats);
        uint64_t x = 17 + k;
        play_moves(s, 140, &x);
        char err[300] = "";
        size_t len = 0;
        char *text = session_text(s, SAVE_KIND_SAVE, &len);
        assert_non_null(text);
        Session *t = session_from_text(text, len, true, err, sizeof err);
        free(text);
        assert_non_null(t);
        assert_string_equal(session_match_id(t), session_match_id(s));
        char *a = session_record(s), *b = session_record(t);
        assert_string_equal(a, b);
        free(a);
        free(b);
        const SessionSeats *ls = session_seats(t);
        for (int i = 0; i < game_players(session_game(s)); i++) {
            assert_int_equal(ls->human[i], seats.human[i]);
            if (!seats.human[i]) {
                assert_int_equal(ls->level[i], seats.level[i]);
            }
        }
        assert_int_equal(ls->ai_budget_ms, 75);
        assert_int_equal(session_rounds_scored(t), session_rounds_scored(s));
        for (int seat = 0; seat < game_players(session_game(s)); seat++) {
            Game *ga = session_seat_game(s, seat), *gb = session_seat_game(t, seat);
            assert_same_view(ga, gb, seat);
            game_destroy(ga);
            game_destroy(gb);
        }
        assert_int_equal(session_can_undo(t), session_can_undo(s));
        /* A resumed game has no stale events to animate. */
        assert_int_equal(session_pending_events(t), 0);
        session_destroy(t);
        session_destroy(s);
    }
}

static char *dup_text(const char *text)
{
    char *copy = malloc(strlen(text) + 1);
    assert_non_null(copy);
    memcpy(copy, text, strlen(text) + 1);
    return copy;
}

static void expect_refused(const char *text, size_t len, const char *says)
{
    char err[300] = "";
    Session *s = session_from_text(text, len, true, err, sizeof err);
    assert_null(s);
    if (strstr(err, says) == NULL) {
        fail_msg("expected '%s' in '%s'", says, err);
    }
}

static void test_damaged(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("session-damaged");
    char path[600];
    snprintf(path, sizeof path, "%s/current-game.txt", dir);
    SessionSeats seats = one_human(AI_RANDOM);
    Session *s = new_session(VARIANT_THOTHIT, 3, 77, &seats);
    uint64_t x = 9;
    play_moves(s, 40, &x);
    size_t len = 0;
    char *good = session_text(s, SAVE_KIND_SAVE, &len);
    assert_non_null(good);
    session_destroy(s);

    /* Truncated. */
    expect_refused(good, len / 2, "damaged");
    /* Garbage. */
    static const char garbage[] = "\x89PNG\r\n\x1a\n\0\0\x01\x02 not a game at all";
    expect_refused(garbage, sizeof garbage - 1, "binary");
    expect_refused("hello\nworld\n", 12, "not a saved Ceki game");
    /* A plain record is not a save. */
    const char *record = strstr(good, "ceki-record");
    expect_refused(record, strlen(record), "not a saved Ceki game");
    /* Another version of the save format, and of the record. */
    char *v2 = dup_text(good);
    memcpy(strstr(v2, "ceki-save 1"), "ceki-save 7", 11);
    expect_refused(v2, len, "another version");
    free(v2);
    char *r9 = dup_text(good);
    memcpy(strstr(r9, "ceki-record 2"), "ceki-record 9", 13);
    expect_refused(r9, len, "version");
    free(r9);
    /* Seats that do not fit the game. */
    char *seats2 = dup_text(good);
    char *line = strstr(seats2, "# seats human random random");
    assert_non_null(line);
    memcpy(line, "# seats human random robot ", 27);
    expect_refused(seats2, len, "unknown player");
    free(seats2);
    /* A move that is not legal: the seat of the first move changed. */
    char *bad = dup_text(good);
    char *moves = strstr(bad, "\nmoves\n");
    assert_non_null(moves);
    char *first = moves + 7;
    first[0] = first[0] == '0' ? '1' : '0';
    expect_refused(bad, len, "not legal");
    free(bad);
    /* A match id that is not one. */
    char *id = dup_text(good);
    memcpy(strstr(id, "# match ") + 8, "XYZ", 3);
    expect_refused(id, len, "match id");
    free(id);
    /* Empty. */
    expect_refused("", 0, "not a saved Ceki game");

    /* Keeping a file aside twice gives two names. */
    write_text(path, "x", 1);
    char k1[700], k2[700];
    assert_true(file_keep_aside(path, k1, sizeof k1));
    write_text(path, "y", 1);
    assert_true(file_keep_aside(path, k2, sizeof k2));
    assert_string_not_equal(k1, k2);
    assert_true(test_file_exists(k1) && test_file_exists(k2));
    assert_false(file_keep_aside(path, k1, sizeof k1)); /* nothing there */
    free(good);
}

static void test_archive_and_standings(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("session-archive");
    char replays[600];
    snprintf(replays, sizeof replays, "%s/replays", dir);
    SessionSeats seats = one_human(AI_RANDOM);
    Session *s = new_session(VARIANT_KINGS, 4, 3, &seats);
    uint64_t x = 2;
    play_moves(s, 100000, &x);
    const Game *g = session_game(s);
    assert_true(game_match_over(g));
    /* Four Kings, each won once, and every round scored. */
    int kings = 0;
    for (int seat = 0; seat < 4; seat++) {
        Card won[4];
        int n = session_kings_won(s, seat, won);
        for (int i = 0; i < n; i++) {
            assert_int_equal(card_rank(won[i]), 13);
        }
        kings += n;
    }
    assert_int_equal(kings, 4);
    assert_int_equal(session_rounds_scored(s), game_round_number(g));
    int count = 0;
    const GameEvent *ev = session_round_events(s, &count);
    assert_true(count > 0);
    assert_int_equal(ev[0].type, EV_ROUND_START);
    assert_int_equal(ev[0].value, game_round_number(g));

    char p1[1400] = "", p2[1400] = "", err[300] = "";
    assert_true(session_archive_to(s, replays, p1, sizeof p1, err, sizeof err));
    assert_true(test_file_exists(p1));
    assert_non_null(strstr(p1, "-kings.txt"));
    /* The same game again: the same file. */
    assert_true(session_archive_to(s, replays, p2, sizeof p2, err, sizeof err));
    assert_string_equal(p1, p2);
    /* A record of the same length but other moves is another game: with the
     * archived one gone, archiving again makes a new file, not that one. */
    {
        char text[8192];
        size_t len = test_read_file(p1, text, sizeof text);
        assert_true(len > 10 && len < sizeof text);
        text[len - 2] = text[len - 2] == 'x' ? 'y' : 'x';
        char other[1400];
        snprintf(other, sizeof other, "%s/2000-01-01-000000-kings.txt", replays);
        test_write_file(other, text, len);
        assert_int_equal(remove(p1), 0);
        char p3[1400] = "";
        assert_true(session_archive_to(s, replays, p3, sizeof p3, err, sizeof err));
        assert_string_not_equal(p3, other);
        assert_true(test_file_exists(p3));
        snprintf(p1, sizeof p1, "%s", p3);
        remove(other);
    }
    /* It reads back for viewing (but is no save to resume). */
    Session *t = session_load_record(p1, err, sizeof err);
    assert_non_null(t);
    char *a = record_text(g), *b = record_text(session_game(t));
    assert_string_equal(a, b);
    free(a);
    free(b);
    assert_true(session_seats(t)->human[0]);
    session_destroy(t);
    /* A replay is not a save to resume. */
    size_t rlen = 0;
    char *rtext = read_text(p1, &rlen);
    assert_null(session_from_text(rtext, rlen, true, err, sizeof err));
    free(rtext);
    session_destroy(s);
}

/* The table's game never holds a card its viewer may not see: over whole
 * matches of every variant, played through the host, session_game observed
 * for the viewing seat is exactly what a game played beside shows that
 * seat, the events queued are that seat's, and every move went through the
 * host. The viewer moves round the seats as in hot-seat play. */
static void check_viewer(Session *s, Game *ref)
{
    static Observation want, got;
    static GameEvent ev[4096], seen[4096];
    int viewer = session_viewer(s);
    assert_int_equal(game_observe(ref, viewer, &want), CEKI_OK);
    assert_int_equal(game_observe(session_game(s), viewer, &got), CEKI_OK);
    assert_true(net_view_hash(&got) == net_view_hash(&want));
    int n = 0;
    const GameEvent *all = game_events(ref, &n);
    assert_true(n < 4096);
    assert_int_equal(game_events_for_seat(ref, all, n, viewer, seen), n);
    assert_int_equal(session_take_events(s, ev, 4096), n);
    assert_memory_equal(ev, seen, (size_t)n * sizeof *ev);
}

static void test_table_sees_only_its_seat(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        SessionSeats seats = one_human(AI_RANDOM);
        Session *s = new_session((VariantId)v, 0, 500u + (uint64_t)v, &seats);
        Game *ref = game_create(session_config(s), NULL);
        assert_non_null(ref);
        check_viewer(s, ref);
        uint64_t x = 31u + (uint64_t)v;
        int made = 0;
        for (int i = 0; i < 200000 && !game_match_over(ref); i++) {
            if (i % 37 == 36 && !game_match_over(session_game(s))) {
                /* Another seat's hand shown: its events from now on. */
                session_set_viewer(s, (session_viewer(s) + 1) % game_players(ref));
                drain(s);
                static Observation want, got;
                game_observe(ref, session_viewer(s), &want);
                game_observe(session_game(s), session_viewer(s), &got);
                assert_true(net_view_hash(&got) == net_view_hash(&want));
            }
            Move m = pick(s, &x);
            assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
            assert_int_equal(game_apply(ref, &m), CEKI_OK);
            made++;
            if (!game_match_over(ref)) {
                check_viewer(s, ref);
            }
        }
        assert_true(game_match_over(ref));
        assert_true(game_match_over(session_game(s)));
        HostCounts hc;
        assert_true(session_host_counts(s, &hc));
        assert_int_equal(hc.moves, made);
        assert_int_equal(session_moves(s), made);
        /* Over: the record is the match's, every move as played. */
        char *a = record_text(ref), *b = record_text(session_game(s));
        assert_string_equal(a, b);
        free(a);
        free(b);
        game_destroy(ref);
        session_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_apply_refuse_and_queue),
        cmocka_unit_test(test_thinking),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_undo),
        cmocka_unit_test(test_save_load),
        cmocka_unit_test(test_damaged),
        cmocka_unit_test(test_archive_and_standings),
        cmocka_unit_test(test_table_sees_only_its_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
