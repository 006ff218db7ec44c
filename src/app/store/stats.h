/* stats.h — the player's statistics per game, and their file.
 *
 * What is counted: for each variant, the rounds (Kowah: hands) and matches
 * the player finished and won, the best round score, the current and the
 * longest run of matches won in a row, and for Pèi played with stakes the
 * net stake units over all staked matches. Only games with exactly one
 * person at the table count: hot-seat games (two or more people at one
 * screen) are not recorded, since the counts are one player's; nor are the
 * games that play themselves (Kings, Thothit Yogyakarta, Thit-Thit-Dulit),
 * where the player decides nothing. A round the player shares with others
 * counts as won; a match is won when the player is among its winners. A
 * match left unfinished counts neither way (its finished rounds do).
 *
 * The file (plain text, UTF-8, '\n' or "\r\n" line ends):
 *
 *   # comment lines and blank lines are skipped anywhere
 *   ceki-stats 1
 *   thothit rounds=12 won=5 matches=4 matches_won=2 best=184 streak=1 longest=2 units=0 staked=0
 * scored=12 points=1040 recent thothit W184 L62 L70 W101 pei rounds=3 won=1 matches=1 matches_won=0
 * best=7 streak=0 longest=0 units=-12 staked=1 end
 *
 * The first line that is not a comment names the format and its version;
 * then one line per variant that has been played (its key as in `ceki-cli
 * variants`), each with every field of this version in any order; then
 * `end`, after which nothing but comments and blank lines may follow.
 * `scored` and `points` (the rounds whose scores are summed, and the sum,
 * for the mean) and the `recent` line of a variant (its last rounds, oldest
 * first, W or L and the score, at most STATS_RECENT) may be missing: files
 * written before they existed read as having none. A
 * file cut short anywhere therefore never reads as valid. Refused, with a
 * reason for the player: another format version, a variant line twice, a
 * field missing, repeated or not a whole number, numbers out of range or
 * contradicting each other (more wins than played, a run longer than the
 * matches won ...), a line over 255 bytes, binary data, a file over
 * STATS_MAX_FILE bytes. Lines for variants this version does not know and
 * fields it does not know are skipped (a later version may write them).
 *
 * The same counts for the games against each computer level (the strongest
 * at the table) follow their variant, as `level KEY LEVEL fields...` and
 * `recent-level KEY LEVEL W.. L..` with LEVEL random, greedy or strong. A
 * version that does not know them skips them (their first word names no
 * game); they may be missing (games counted before they existed); each
 * level's counts must fit within its variant's.
 *
 * stats_save writes the whole file through settings_write_atomic (temporary
 * file, flush, rename): the old file stays whole if writing fails. The
 * program itself keeps its counts in the store (store.h) as one row per
 * round and match and folds them with stats_add_round/_match; this text
 * form is what an earlier version's stats.txt holds (migrated once), the
 * store's base, and what $CEKI_STATS_FILE shows in screenshots. No SDL.
 */
#ifndef CEKI_APP_STATS_H
#define CEKI_APP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "variant.h"

#define STATS_VERSION 1
#define STATS_MAX_FILE 65536 /* every game at every level, with its recent rounds: about 17 KB */
/* Counts saturate here; the file refuses anything larger. */
#define STATS_MAX_COUNT 1000000000
/* Round scores and stake units are refused beyond +- this. */
#define STATS_MAX_SCORE 1000000000
/* The last rounds kept per game for the statistics screen's chart, and the
 * largest score one of them may show (a real round is far below it). */
#define STATS_RECENT 24
#define STATS_RECENT_MAX_SCORE 99999

typedef struct VariantStats {
    int rounds, rounds_won;
    int matches, matches_won;
    int best_round; /* the highest round score; 0 while rounds == 0 */
    int streak;     /* matches won in a row up to the last one */
    int longest;    /* the longest such run */
    int64_t units;  /* Pèi with stakes: net units over the staked matches */
    int staked;     /* matches played with stakes */
    int scored;     /* rounds counted in points (all since this count began) */
    int64_t points; /* the sum of their scores: the mean is points / scored */
    int recent_n;   /* the last rounds, oldest first */
    int recent_score[STATS_RECENT];
    bool recent_won[STATS_RECENT];
} VariantStats;

/* The computer levels, as ai.h's AiLevel: random, greedy, strong. A game
 * is counted under the strongest computer at its table. */
#define STATS_LEVELS 3

typedef struct Stats {
    VariantStats v[VARIANT_COUNT];                /* every game of a variant */
    VariantStats lv[VARIANT_COUNT][STATS_LEVELS]; /* those against each level */
} Stats;

typedef enum StatsLoad {
    STATS_LOADED,    /* read and valid */
    STATS_MISSING,   /* no file yet: zeros */
    STATS_DAMAGED,   /* invalid: reason in `why`, *out untouched */
    STATS_UNREADABLE /* cannot be read (permission, I/O): reason in `why`, *out untouched */
} StatsLoad;

void stats_clear(Stats *s);
bool stats_equal(const Stats *a, const Stats *b);
/* Whether anything at all has been recorded. */
bool stats_any(const Stats *s);

/* Parses len bytes of text. On success fills *out; on failure returns false
 * with a player-facing reason in why[] and leaves *out as it was. */
bool stats_parse(const char *text, size_t len, Stats *out, char *why, size_t why_size);
/* Writes the text form into buf; returns the length it needs (snprintf). */
size_t stats_format(const Stats *s, char *buf, size_t size);

/* LOADED fills *out; MISSING clears it; DAMAGED leaves it as it was. */
StatsLoad stats_load(const char *path, Stats *out, char *why, size_t why_size);
/* false with a reason in err when the file could not be written; PATH is
 * then unchanged. */
bool stats_save(const char *path, const Stats *s, char *err, size_t err_size);
/* stats_load for the program: an unreadable file is left as it is (said in
 * notice[]); a damaged file is renamed to PATH.damaged
 * (PATH.damaged-2 ... when that is taken) so nothing is lost, *out is
 * cleared and a sentence for the player goes to notice[] ("" otherwise). */
StatsLoad stats_open(const char *path, Stats *out, char *notice, size_t notice_size);

/* Counting one result: a finished round of variant v (score, won), and a
 * finished match (won; with stakes, the net units of the match), in the
 * variant's counts and, when level is 0..STATS_LEVELS-1, in that level's
 * (-1: the level is not known). */
void stats_add_round(Stats *s, VariantId v, int level, int score, bool won);
void stats_add_match(Stats *s, VariantId v, int level, bool won, bool staked, int units);
/* The counts to show: the variant's, or (level 0..STATS_LEVELS-1) those
 * against that level. */
const VariantStats *stats_of(const Stats *s, VariantId v, int level);
/* The key of a level in the file ("random", "greedy", "strong"). */
const char *stats_level_key(int level);

/* Whether a game with these people at the table is recorded: exactly one
 * human seat (returned in *you) in a variant with decisions to make. */
bool stats_counts_game(const Game *g, const bool human[CEKI_MAX_SEATS], int *you);
/* The strongest computer level at a table (-1 when there is none). */
int stats_level_of(const Game *g, const bool human[CEKI_MAX_SEATS],
                   const int level[CEKI_MAX_SEATS]);
/* Records what g shows for seat `you`, against computers of `level`: its
 * round when `round` (g must be at a round's end or the match's), the
 * match when `match` (g must be over). False, and nothing recorded, when g
 * is not in that state. */
bool stats_record(Stats *s, const Game *g, int you, int level, bool round, bool match);
/* What g shows for seat `you` at a round's end (or the match's): false when
 * g is at neither. The program adds it to the store (store.h) as rows. */
typedef struct StatsOutcome {
    VariantId variant;
    int round; /* the round (Kowah: hand) that ended, from 1 */
    int round_score;
    bool round_won;
    bool match_over, match_won, staked;
    int units; /* with stakes: the match's net units */
} StatsOutcome;
bool stats_outcome(const Game *g, int you, StatsOutcome *out);

#define STATS_LINE_MAX 80
/* Short lines for the player, at most max of them: "4 matches, 2 won",
 * "12 rounds, 5 won · best 184" (Kowah: hands, no best), "2 won in a row ·
 * longest 3" once a match was won, "Stakes -12 units" after staked
 * matches; or the one line "No games finished yet". Returns how many. */
int stats_lines(const Stats *s, VariantId v, char lines[][STATS_LINE_MAX], int max);
/* The same lines joined by " · " into one. */
void stats_summary(const Stats *s, VariantId v, char *buf, size_t size);

#endif
