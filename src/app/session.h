/* session.h — the game being played in the program: who sits in each
 * seat, the table's seat feeds (every move through the host), the
 * computer players thinking off the UI thread, undo, and saving and resuming
 * through the game record.
 *
 * Contract
 * - A Session owns its table (an in-process host, feed_local.h, with one
 *   seat feed per seat), its AiPlayers and its thinking thread; create /
 *   load return one the caller frees with session_destroy (NULL-safe; it
 *   cancels and joins a thinking thread first).
 * - Every move goes through session_apply, which sends it to the host for
 *   its seat; the host's answer decides: a refusal gives the core's status
 *   and a player-facing reason and changes nothing. The events of each
 *   applied move, as the viewing seat was sent them, are appended to a queue
 *   the table drains (session_take_events) to animate; nothing is lost or
 *   doubled if the table drains late.
 * - session_game is the game as the viewing seat knows it: a Game rebuilt
 *   from the view the host sent that seat (game_from_view), never the
 *   host's own, so no card that seat may not see reaches the table. The
 *   viewer is the first person's seat (seat 0 when only computers play); in
 *   hot-seat play the table sets it to the seat whose hand it shows
 *   (session_set_viewer). Once the match is over it is the game of the
 *   match's record, which the host sends then. A session read from a file
 *   only to be viewed holds that file's game and no table.
 * - Computer seats think in a background SDL thread, each on a game rebuilt
 *   from its own seat's view, seeded as the host seeds it (the welcome's
 *   game_seat_ai_seed) (session_think_start / session_think_poll); the UI
 *   thread never blocks on them. A hint is the strong player's choice for
 *   the seat to move, computed the same way.
 * - Undo goes back to just before the last decision of a human seat (with
 *   computer opponents only; not in hot-seat play), by replaying the record
 *   without the undone moves.
 * - session_text writes the game as a save or replay text (the record with
 *   its seats and match id, save_file.h), session_from_text reads one back;
 *   a damaged or foreign text gives NULL and a reason. Where they are kept
 *   is journal.h's business (the store); session_archive_to writes a record
 *   file to a folder (export), session_load_record reads one (import).
 */
#ifndef CEKI_APP_SESSION_H
#define CEKI_APP_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "ai.h"
#include "game.h"
#include "host.h"
#include "save_file.h"
#include "variant.h"

typedef struct SessionSeats {
    bool human[CEKI_MAX_SEATS];
    AiLevel level[CEKI_MAX_SEATS]; /* for computer seats */
    int ai_budget_ms;              /* strong player's budget per move; 0 = default */
    /* Each computer decision from its seat's seed and the move number alone
     * (ai_reseed, as the host's stand-ins decide): the guided games, whose
     * line must be the one guided_line.h plays in the core. A save says so
     * ("# guided 1"), and a resumed one is guided again. */
    bool reseed_each_move;
} SessionSeats;

typedef struct Session Session;

Session *session_create(const GameConfig *cfg, const SessionSeats *seats, CekiStatus *status);
void session_destroy(Session *s);

/* The game as the viewing seat knows it (game_from_view of its view).
 * Borrowed, and rebuilt by every move, undo, redo and change of viewer:
 * never keep the pointer across session_apply and the rest. */
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
/* Redo: after undos, the moves they took back come back one undo at a time
 * (the person's decision and the computers' moves after it, exactly as
 * they were); any other move made in between forgets them. */
bool session_can_redo(const Session *s);
CekiStatus session_redo(Session *s);

/* How a game to resume is named: "Pèi, round 2" (Kowah: "hand"). */
void session_resume_caption(const Game *g, char *buf, size_t size);

/* ---- additions (session.c) ----------------------------------------------
 *
 * Handing a session between screens: App.session (app.h) is the game on the
 * table. The table sets it to the session it plays while it is on screen
 * and to NULL when it leaves (destroying its session); the round result
 * screen borrows it from there. The title's "Resume game" loads the save,
 * puts the session in App.session (and its config and seats in App.setup)
 * and pushes the table, which takes it over instead of creating a new one.
 * "New match" on the result screen clears App.session before it replaces
 * the table, so the new table (which enters before the old one leaves)
 * deals a fresh game from App.setup and the old table destroys its own.
 */

/* A game (finished or not) written as a replay record with its seats into
 * a directory of the caller's (created if missing), as
 * <date>-<time>-<variant>.txt: how a kept game is exported. Writing the
 * same game twice keeps one file; the file written, or the one already
 * holding this game, in path_out. */
bool session_archive_to(const Session *s, const char *dir, char *path_out, size_t path_size,
                        char *err, size_t err_size);
/* Reads a save, a replay written by session_archive or a bare game record
 * (its seats then all computers) for viewing; NULL and a reason otherwise. */
Session *session_load_record(const char *path, char *err, size_t err_size);

/* The match's id (save_file.h): made when the session is created, kept in
 * its save and replay files; the key of its rows in the store. */
const char *session_match_id(const Session *s);
/* The session's file text of this kind (SAVE_KIND_SAVE or _REPLAY), in a
 * buffer the caller frees; NULL when it cannot be made. */
char *session_text(const Session *s, SaveKind kind, size_t *len);
/* A session from a save or replay text (save_only: saves only); NULL and a
 * reason otherwise. */
Session *session_from_text(const char *text, size_t len, bool save_only, char *err,
                           size_t err_size);

/* Changes whenever undo or loading replaced the game wholesale: the queued
 * events were dropped and a view must redraw from the observation. */
unsigned session_generation(const Session *s);

/* What the last hint was computed with (AI_STRONG normally; greedy or
 * random when the strong player cannot be made) and a line saying so for
 * the player ("" when the strong player gave it). */
AiLevel session_hint_level(const Session *s);
const char *session_hint_note(const Session *s);

/* The events of the current round so far (from its EV_ROUND_START, dealt
 * cards included; borrowed until the next apply), for the result screen:
 * stakes paid, forfeits, the King won, the cut. */
const GameEvent *session_round_events(const Session *s, int *count);
/* Match standings: the rounds scored so far and a seat's score in round r
 * (from 1); Kings: cards captured. */
int session_rounds_scored(const Session *s);
int session_round_score(const Session *s, int round, int seat);
/* Kings: the King cards a seat has won, in order; returns how many. */
int session_kings_won(const Session *s, int seat, Card out[4]);

/* ---- the seat feeds ---------------------------------------------------- */

/* The seat whose view session_game is and whose events are queued. Setting
 * it (hot-seat: the seat whose hand the table shows) rebuilds the game. */
int session_viewer(const Session *s);
void session_set_viewer(Session *s, int seat);
/* Moves made in the match so far (the host's move number). */
int session_moves(const Session *s);
/* The moves made so far, in order (borrowed; count in *count): every one
 * public, as the host applied them. */
const Move *session_history(const Session *s, int *count);
/* The last move made (NULL before the first). */
const Move *session_last_move(const Session *s);
/* The rules and seed this computer dealt the match with. */
const GameConfig *session_config(const Session *s);
/* The legal moves of the seat to move, as the host listed them to that
 * seat (out may be NULL); how many. */
int session_legal_moves(const Session *s, Move *out, int cap);
/* A new game rebuilt from seat's view (the caller destroys it): what a
 * player in that seat may reason on. NULL out of range. */
Game *session_seat_game(const Session *s, int seat);
/* What the session's host has done; false for a session only viewed. */
bool session_host_counts(const Session *s, HostCounts *out);

/* ---- a network table -----------------------------------------------------
 *
 * session_create_net makes a session that plays from a network table's
 * feed (net_table.h) instead of a table on this computer: it takes the
 * NetTable over (session_destroy destroys it, leaving the table) once the
 * person is seated and the match has started. Only the person's seat is
 * seen; seats.human[] is kept for it alone, and every other seat plays as
 * a computer does at the table: session_think_start for it waits for the
 * host, session_think_poll gives its move once it came (then
 * session_apply takes it in, events queued as usual). The person's move
 * (session_apply for their seat) goes to the host and the session waits a
 * bounded time for the answer. No undo, no hints for other seats, no save
 * text until the match is over (then the record the host sent). NULL, the
 * NetTable still the caller's, when it has no view yet. */
struct NetTable;
Session *session_create_net(struct NetTable *net, const SessionSeats *seats, CekiStatus *status);
/* The network table of the session (borrowed), NULL for one on this computer. */
struct NetTable *session_net_table(const Session *s);
/* Who the player plays against: other people (at a network table, or
 * hot-seat) and computers (the host's, or this computer's). */
bool session_opponents(const Session *s, int *people, int *computers);
/* A person's seat played by a computer for a while ("let the computer play
 * for me"): on a table on this computer it thinks as a computer seat of
 * `level` does (session_think_start); at a network table the host's
 * stand-in plays it (NET_STAND_IN_OWN), and session_think_start waits for
 * its move as for another seat's; session_apply of that move is never
 * refused, even once session_poll has taken it in (or more after it); any
 * other move of the seat goes to the host as the person's. Off: the
 * person plays it again (a thought under way is cancelled). The seat stays
 * a person's in the seats, the save and the statistics. */
void session_set_stand_in(Session *s, int seat, bool on, AiLevel level);
bool session_stand_in(const Session *s, int seat);
/* At a network table: the host made a move for the person's own seat
 * (their turn clock ran out; session_poll took it in) and they have not
 * acted since (a move of theirs sent, or their seat taken back). The table
 * then makes no forced move for them by itself: a person who is not there
 * is not made to look as if they were (the host's clock counts its moves
 * in a row, and a move of the person's resets that count). */
bool session_host_moved_own(const Session *s);
/* The longest a person's move at a network table waits for the host's
 * answer (0: SESSION_NET_ANSWER_MS, 5 s; tests shorten it). A move
 * answered later is still the person's own when it comes (session_poll):
 * not one the host made for them. */
void session_set_net_answer_ms(Session *s, uint32_t ms);
/* Whether a computer plays seat, and at which level (*level, may be NULL):
 * at a network table as the host seated it (a person there, the host's own
 * or a friend, is no computer), else by the session's seats. */
bool session_seat_computer(const Session *s, int seat, AiLevel *level);
/* Whether the session holds the match's record (a game only viewed, or a
 * network match once the host sent it). */
bool session_has_record(const Session *s);
/* Once a frame (app_update): the network table polled, and a move the
 * host made for the person's own seat (their clock ran out, a stand-in
 * played it) taken in, but for a round's end: the round's results come
 * first, and the person's Next round (or the table's) takes that in;
 * NULL-safe, and nothing for a table on this computer. */
void session_poll(Session *s);

/* "You", "Player 2" (hot-seat), "Computer 3", or "Seat 3" in the games
 * that play themselves. */
void session_seat_name(const Session *s, int seat, char *buf, size_t size);

#endif
