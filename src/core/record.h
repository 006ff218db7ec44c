/* record.h — a game as text: variant, options, seed and moves.
 *
 * Contract: record_write() writes the record of g (which must keep its
 * history); record_read_text() rebuilds the game by replaying every move and
 * returns it in *out (caller frees with game_destroy). A record that does not
 * parse or holds a move that is not legal is refused with a status and a
 * one-line message naming the line; *out is then NULL. Same record, same
 * game, on every machine.
 *
 * Format (UTF-8 text, one item per line, '#' starts a comment line):
 *
 *     ceki-record 2
 *     variant thothit
 *     players 3
 *     seed 42
 *     options advanced face-up      (or "options" with nothing after it)
 *     rounds 3
 *     stakes none
 *     moves
 *     0 C4xS4                       (seat, then the move as in move_format)
 *     0 turn
 *     ...
 *     end
 */
#ifndef CEKI_RECORD_H
#define CEKI_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "game.h"

/* Version 2: Pèi's seating draw decides all three roles and may turn the
 * order of play (RULES.md §3.11). Version 1 records are read, except those
 * of the Pèi family, whose seats a version 2 game would deal differently. */
#define RECORD_VERSION 2
#define RECORD_VERSION_OLDEST 1
#define RECORD_ERROR_MAX 160

const char *stake_scheme_key(StakeScheme s);
/* STAKES_COUNT when unknown. */
StakeScheme stake_scheme_find(const char *key);

CekiStatus record_write(const Game *g, FILE *f);
/* text need not be NUL-terminated beyond len. err may be NULL. */
CekiStatus record_read_text(const char *text, size_t len, Game **out, char *err, size_t errlen);
/* Reads the whole stream (at most 16 MiB) and calls record_read_text. */
CekiStatus record_read(FILE *f, Game **out, char *err, size_t errlen);

#endif
