/* botseat.h — one network seat played by a computer player: what
 * `ceki-cli bot` and `ceki-cli load` hold for each seat they play.
 *
 * Contract
 * - The seat knows only what arrives: NET_MSG_WELCOME (its seat, token,
 *   AI seed and the table's rules, never the deal's seed), NET_MSG_VIEW and
 *   NET_MSG_UPDATE (its view, kept up to date by the deltas and checked by
 *   their hash), and at the end NET_MSG_RECORD.
 * - botseat_receive reacts to one message. When an update's delta does not
 *   fit the view held or the result's hash differs, the view is dropped,
 *   the resync is counted and *reply holds NET_MSG_RESYNC to send.
 * - botseat_due: when the seat is to move and its think time has passed,
 *   *out holds the NET_MSG_MOVE to send. The computer player chooses on
 *   game_from_view(rules, view) after ai_reseed(seed, move number), exactly
 *   as `ceki-cli match` chooses on the real game; the round's forced step is
 *   the one legal move.
 * - The transcript (transcript.h) is read live from every update's events
 *   and the view after it. When the seat saw the match whole from its
 *   creation, the live transcript is checked against the record's at the
 *   end; when it joined late or may have lost updates (restarted,
 *   reconnected after moves it missed or before the start's update came, a
 *   resync), the transcript is read from the record, which is public once
 *   the match is over, through the same seat's eyes.
 * - When the player cannot choose (the view rebuilds no game), `failed`
 *   holds why and the seat sends nothing more.
 * - botseat_finish: once the record is in, the whole transcript (the
 *   "match:" line and every line after it) in a malloc'd string.
 */
#ifndef CEKI_CLI_BOTSEAT_H
#define CEKI_CLI_BOTSEAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ai.h"
#include "proto.h"
#include "transcript.h"

#define BOTSEAT_DEFAULT_ITERATIONS 1000 /* ceki-cli match's budget for the strong player */

typedef struct BotSeat {
    AiLevel level;
    long iterations;
    uint32_t think_ms;
    bool welcomed;
    char table[NET_TABLE_ID_MAX + 1];
    char token[NET_TOKEN_LEN + 1];
    int seat;
    uint64_t ai_seed;
    GameConfig cfg; /* the table's rules; the seed stays 0 until the record */
    AiPlayer *ai;
    Observation *view;
    bool have_view;
    bool synced; /* a view came on this connection (false after a loss) */
    uint32_t move_no;
    Move moves[GAME_MAX_MOVES];
    int nmoves;
    uint64_t move_due_ms; /* when to send the move (think time) */
    bool move_timed;
    uint32_t move_sent; /* the move number a move was sent for, or UINT32_MAX */
    Transcript tr;
    FILE *live; /* the live transcript's lines (open_memstream) */
    char *live_text;
    size_t live_len;
    bool live_whole; /* every event since the match's creation was read */
    bool live_broken;
    bool saw_start;   /* the update of the match's start (its deal's events) came */
    int hand_printed; /* the last round whose hand line was printed */
    long resyncs, refused, updates;
    bool over;
    CekiStatus failed;         /* the computer player could not choose (no move is sent again) */
    char *record;              /* the whole record, once its last chunk came */
    NetRecordJoin record_join; /* its chunks so far (proto.h) */
    bool record_broken;        /* a chunk did not follow the ones before */
    /* The turn clock as VIEW, UPDATE and SEATS told it: how often this
     * seat's time was running, and the least bank it was told it had. */
    long clock_running;
    uint32_t clock_bank_low;
    bool clock_seen;
} BotSeat;

bool botseat_init(BotSeat *b, AiLevel level, uint32_t think_ms);
void botseat_free(BotSeat *b);
/* The message a bot sends to take (or take back, with a token) a seat; key:
 * a private table's (NULL: none). */
void botseat_join_msg(const BotSeat *b, const char *table, const char *key, NetMsg *out);
/* true when *reply is to be sent. Reads the clock each VIEW, UPDATE and
 * SEATS carries (clock_running, clock_bank_low). */
bool botseat_receive(BotSeat *b, const NetMsg *msg, uint64_t now_ms, NetMsg *reply);
bool botseat_due(BotSeat *b, uint64_t now_ms, NetMsg *out);
/* The connection was lost: what arrives next is a new welcome and view. */
void botseat_lost(BotSeat *b);
/* The whole transcript, or NULL with a sentence in err. */
char *botseat_finish(BotSeat *b, char *err, size_t err_size);
/* Whether the transcript finish gives was read live (else from the record). */
bool botseat_read_live(const BotSeat *b);
/* The rules of a table as a GameConfig (seed 0). */
GameConfig botseat_config(const NetTableRules *rules);

#endif
