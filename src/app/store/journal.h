/* journal.h — the game in progress and the finished games, kept in the
 * store (store.h) as the table plays.
 *
 * Contract
 * - journal_write is called after every applied move. While the match
 *   runs it puts the session's save text in its row (keyed by the match
 *   id), one transaction, so a kill -9 at any instant loses at most the
 *   move in flight. Once the match is over, in one transaction, the row goes
 *   and the finished game is kept among the replays (once per match; the
 *   oldest beyond `replay_cap` pruned). A guided first game (its seats
 *   reseed_each_move, the save's "guided" line) is a lesson: kept while it
 *   runs, apart from the games (store_lesson_put), and its finished match
 *   is not kept.
 * - A game is this copy's while it plays it (store_game_hold): the first
 *   journal_write or journal_resume of a match takes it, and it is let go
 *   when the match is over and kept, at journal_leave (the table closes) or
 *   when the program ends, however it ends. A game another copy has open is
 *   neither written nor resumed here ("it is open in another window").
 * - journal_newest names the newest game in progress (of one variant, or of
 *   any) that no other copy has open, never a lesson; journal_lesson the
 *   lesson in progress of a variant; journal_resume loads either;
 *   journal_newest_elsewhere the newest that another copy has open (to say
 *   so). A row that does not read as a game (a later version's, or damaged)
 *   is moved to the replays as damaged — kept, listed, never offered again —
 *   and NULL comes back with the reason.
 * - journal_replay loads a kept replay for viewing.
 * No SDL.
 */
#ifndef CEKI_APP_JOURNAL_H
#define CEKI_APP_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"
#include "store.h"

bool journal_write(Store *st, const Session *s, int replay_cap, char *err, size_t err_size);
bool journal_archive(Store *st, const Session *s, int replay_cap, char *err, size_t err_size);
bool journal_newest(Store *st, const char *variant, StoreGame *out);
bool journal_newest_elsewhere(Store *st, const char *variant, StoreGame *out);
bool journal_lesson(Store *st, const char *variant, StoreGame *out);
/* The table closes: its game is no longer open in this copy. */
void journal_leave(Store *st, const Session *s);
/* How a game in progress is named: "Pèi, round 2" (Kowah: "hand"). */
void journal_caption(const StoreGame *g, char *buf, size_t size);
Session *journal_resume(Store *st, const char *match, char *err, size_t err_size);
Session *journal_replay(Store *st, int64_t id, char *err, size_t err_size);

/* A record file's text kept among the replays (a replay, a save or a bare
 * game record; the oldest beyond replay_cap pruned): 1 when kept, 0 when
 * that game was already there, -1 when it is not a game (the reason in
 * err). what[] says which game it is ("Pèi, 3 players, 412 moves"). */
int journal_import(Store *st, const char *text, size_t len, int64_t finished, int replay_cap,
                   char *what, size_t what_size, char *err, size_t err_size);
/* Writes kept replay `id` into dir (made if missing) as a record file,
 * named for when it was written and its game; a damaged one as it is. */
bool journal_export(Store *st, int64_t id, const char *dir, char *path_out, size_t path_size,
                    char *err, size_t err_size);

#endif
