/* host_test_support.h — what the network tests share: test_host and
 * test_leak (the host in process) and test_abuse (a real ceki-server).
 *
 * Contract: nothing here asserts or exits. Each function says what it found
 * (a bool, a count, a game or NULL) and the test checks it its own way
 * (cmocka's asserts, or test_abuse's check()). A HtsSeat is what one seat's
 * client keeps from the host's messages, as `ceki-cli bot` keeps it: the
 * view from a VIEW, brought up to date by each UPDATE's delta, the moves the
 * host listed, and the record's chunks; it chooses as that bot does (a
 * player seeded with the WELCOME's ai_seed, reseeded by move number, on
 * game_from_view of the view). A HtsSeat starts zeroed; hts_seat_free
 * releases its player and record chunks and may be called again.
 */
#ifndef CEKI_HOST_TEST_SUPPORT_H
#define CEKI_HOST_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai.h"
#include "game.h"
#include "proto.h"

typedef struct HtsSeat {
    int seat;
    AiPlayer *ai;
    uint64_t ai_seed;
    Observation view;
    bool have_view;
    uint32_t move_no;
    Move moves[GAME_MAX_MOVES]; /* the moves the host listed with the view */
    int nmoves;
    NetRecordJoin record_join; /* the record's chunks so far */
} HtsSeat;

/* Seconds on the monotonic clock. */
double hts_seconds(void);

/* Whether the 8 bytes of seed stand anywhere in buf, in either byte order. */
bool hts_holds_seed(uint64_t seed, const uint8_t *buf, size_t len);

/* Whether the observation shows card c anywhere (own hand, pool, discards,
 * turned, peeked, drawn or last public stock card, exposed cards, visible
 * captures, public history). */
bool hts_obs_names(const Observation *o, Card c);

/* The seat's WELCOME: its seat and a new player of `level` seeded with
 * the ai_seed. False when the player cannot be made. */
bool hts_seat_welcome(HtsSeat *s, const NetWelcome *wl, AiLevel level);
/* A VIEW replaces what the seat kept. */
void hts_seat_take_view(HtsSeat *s, const NetView *v);
/* An UPDATE: its delta applied to the kept view (next is scratch space).
 * False, and nothing kept changed, when there is no view yet, the delta
 * does not apply or the result's hash is not the update's. */
bool hts_seat_apply_update(HtsSeat *s, const NetUpdate *u, Observation *next);
/* Whether the seat has a view, moves listed, and is to move. */
bool hts_seat_to_move(const HtsSeat *s);
/* The seat's choice on game_from_view of its view, as `ceki-cli bot`
 * makes it; CEKI_OK, or the status of what failed (the view not a game, the
 * player). */
CekiStatus hts_seat_choose(HtsSeat *s, const GameConfig *cfg, Move *out);
/* Whether a move is among those the host listed. */
bool hts_seat_listed(const HtsSeat *s, const Move *m);
void hts_seat_free(HtsSeat *s);

/* The game of a whole record (every chunk joined): NULL with err filled
 * when it does not read. The caller destroys it. */
Game *hts_record_game(const NetRecordJoin *j, char *err, size_t size);
/* The index of the first move where the two games' histories differ; -1
 * when they are the same moves (a shorter history differs at its end). */
int hts_moves_differ_at(const Game *a, const Game *b);

/* What `ceki-cli match` plays with greedy players on every seat (each
 * seeded with game_seat_ai_seed and reseeded by move): the finished game,
 * or NULL when a seat could not move or max_moves were not enough. */
Game *hts_play_cli_match(const GameConfig *cfg, int max_moves);

#endif
