/* session.h — the game being played in the program: the rules core's Game,
 * who sits in each seat, the computer players thinking off the UI thread,
 * undo, and saving and resuming through the game record.
 *
 * Contract
 * - A Session owns its Game, its AiPlayers and its thinking thread; create /
 *   load return one the caller frees with session_destroy (NULL-safe; it
 *   cancels and joins a thinking thread first).
 * - Every move goes through session_apply, which refuses an illegal move with
 *   the core's status and a player-facing reason and changes nothing. The
 *   events of each applied move are appended to a queue the table drains
 *   (session_take_events) to animate; nothing is lost or doubled if the table
 *   drains late.
 * - Computer seats think in a background SDL thread on a clone of the game
 *   (session_think_start / session_think_poll); the UI thread never blocks on
 *   them. A hint is the strong player's choice for the seat to move, computed
 *   the same way.
 * - Undo goes back to just before the last decision of a human seat (with
 *   computer opponents only; not in hot-seat play), by replaying the record
 *   without the undone moves.
 * - session_save writes the game record plus the seat line atomically
 *   (temporary file, then rename). session_load reads one back; a damaged or
 *   foreign file gives NULL and a reason, and the caller keeps the file aside
 *   (session_keep_aside) rather than deleting it.
 */
#ifndef CEKI_APP_SESSION_H
#define CEKI_APP_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "ai.h"
#include "game.h"
#include "variant.h"

typedef struct SessionSeats {
    bool human[CEKI_MAX_SEATS];
    AiLevel level[CEKI_MAX_SEATS]; /* for computer seats */
    int ai_budget_ms;              /* strong player's budget per move; 0 = default */
} SessionSeats;

typedef struct Session Session;

Session *session_create(const GameConfig *cfg, const SessionSeats *seats, CekiStatus *status);
Session *session_load(const char *path, char *err, size_t err_size);
void session_destroy(Session *s);

const Game *session_game(const Session *s);
const SessionSeats *session_seats(const Session *s);
/* How many seats are human; hot-seat play is two or more. */
int session_human_count(const Session *s);
/* Whether the seat to move is a computer (false when the match is over). */
bool session_computer_to_move(const Session *s);

/* Applies a move (human or computer). On refusal *why (if not NULL) gets a
 * borrowed player-facing sentence (game_explain_illegal). */
CekiStatus session_apply(Session *s, const Move *m, const char **why);

/* Moves the queued events into out (up to cap) and returns how many; the
 * rest stay queued. */
int session_take_events(Session *s, GameEvent *out, int cap);
int session_pending_events(const Session *s);

/* Background thinking for the seat to move (a computer seat, or any seat
 * for a hint with the strong player). start returns CEKI_ERR_STATE if a
 * thought is already running. poll returns true once and gives the move. */
CekiStatus session_think_start(Session *s, bool hint);
bool session_think_poll(Session *s, Move *out, bool *was_hint);
bool session_thinking(const Session *s);
void session_think_cancel(Session *s);

bool session_can_undo(const Session *s);
CekiStatus session_undo(Session *s);

CekiStatus session_save(const Session *s, const char *path, char *err, size_t err_size);
/* Renames a bad save to "<path>.damaged-<n>" so nothing is lost. */
bool session_keep_aside(const char *path, char *kept_as, size_t size);

#endif
