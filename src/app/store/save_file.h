/* save_file.h — the text of a saved game or an archived replay: a few
 * header comments, then the game record (record.h). No SDL: session.c
 * reads and writes its files through here, and tests/fuzz/fuzz_save.c
 * feeds it anything.
 *
 *   # ceki-save 1              (or "# ceki-replay 1"): the kind and version
 *   # seats human greedy strong   one word per seat: human or a level key
 *   # budget 0                 the strong player's milliseconds per move
 *   # match 3f...              the match's id: 32 lower-case hex digits
 *                              (optional; files before it have none)
 *   # guided 1                 a guided first game (optional: 0 when absent)
 *   ceki-record 1 ...          the game record, as record_write writes it
 *
 * Comment lines before the record that are none of these are skipped; a
 * file with no kind line at all is a bare game record. Refused, with a
 * player-facing reason: binary data; another version; a seat line with an
 * unknown player or more than CEKI_MAX_SEATS seats, or naming a number of
 * seats other than the game's; a budget that is not 0..600000 ms; a match line
 * that is not 32 hex digits; a guided line other than 0 or 1; a save
 * or replay without a seat line; a damaged record; and, when only saves
 * are wanted, anything but a save.
 */
#ifndef CEKI_APP_SAVE_FILE_H
#define CEKI_APP_SAVE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ai.h"
#include "game.h"

#define SAVE_FILE_VERSION 1
#define SAVE_MATCH_ID_LEN 32

typedef enum SaveKind { SAVE_KIND_BARE, SAVE_KIND_SAVE, SAVE_KIND_REPLAY } SaveKind;

typedef struct SaveHeader {
    SaveKind kind;
    int version;
    bool have_seats;
    int nseats;
    bool human[CEKI_MAX_SEATS];
    AiLevel level[CEKI_MAX_SEATS]; /* computer seats; AI_GREEDY for people */
    int budget_ms;
    char match[SAVE_MATCH_ID_LEN + 1]; /* "" when the file has none */
    bool guided;                       /* a guided first game's (the "guided 1" line) */
} SaveHeader;

/* Reads a whole file's text (len bytes, no terminator needed). On success
 * returns true with the header and the game (the caller destroys it); on
 * failure false with a reason in err ("" on success), *game NULL. With save_only, files that
 * are not saves are refused. */
bool save_file_parse(const char *text, size_t len, bool save_only, SaveHeader *h, Game **game,
                     char *err, size_t err_size);

/* Writes the header of this kind (SAVE or REPLAY; its seats and budget)
 * and g's record to f. CEKI_ERR_IO when f fails. */
CekiStatus save_file_write(FILE *f, SaveKind kind, const SaveHeader *h, const Game *g);
/* The same with the record already written as text (record_write's, e.g.
 * from the host of a table on this computer) for a game of `players`. */
CekiStatus save_file_write_text(FILE *f, SaveKind kind, const SaveHeader *h, int players,
                                const char *record, size_t len);

/* A new match id: 32 hex digits from the system's random source (or, where
 * there is none, from the clock and the process), NUL-terminated. */
void save_file_new_id(char out[SAVE_MATCH_ID_LEN + 1]);
/* The id of a file written before matches had ids: a hash of its text, so
 * the same file always gets the same id. */
void save_file_derive_id(const char *text, size_t len, char out[SAVE_MATCH_ID_LEN + 1]);

#endif
