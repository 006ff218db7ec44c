/* transcript.h — the transcript of a match (the line forms are cli_match.h's
 * contract), read only from what one seat sees: the events of each move as
 * game_events_for_seat gives them to that seat, and its Observation after
 * the move. Everything printed is public, so every seat (and a spectator)
 * prints the same lines: `ceki-cli match` reads the game it plays,
 * `ceki-cli bot` reads what arrives over the network.
 *
 * Contract
 * - transcript_init before anything else; the Transcript is plain data the
 *   caller owns (no allocation); lines go to `out`.
 * - For every move applied (and for the events of the match's creation),
 *   transcript_events with its events in order, then, when the view's phase
 *   is PHASE_ROUND_OVER or PHASE_MATCH_OVER, transcript_round_over once.
 *   `view` is the seat's Observation after that move. transcript_events
 *   reads the view only for an EV_SEATING event (transcript_needs_view).
 * - transcript_resume: a reader that starts mid-match (a bot that came
 *   back) takes the match totals so far from its view, so the next hand's
 *   points are right; the lines before it are not printed again.
 */
#ifndef CEKI_CLI_TRANSCRIPT_H
#define CEKI_CLI_TRANSCRIPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

#define TRANSCRIPT_CUT_LINES 16
#define TRANSCRIPT_LINE_MAX 320

typedef struct Transcript {
    FILE *out;
    bool pei_draw;              /* the variant seats its players by a drawn pair */
    bool stakes;                /* the match is played for stakes (units line) */
    Card drawn[CEKI_MAX_SEATS]; /* the first card of a seat's two-card draw */
    int totals[CEKI_MAX_SEATS]; /* match totals after the last hand printed */
    char cut[TRANSCRIPT_CUT_LINES][TRANSCRIPT_LINE_MAX];
    int ncut;
    char cut_round[TRANSCRIPT_LINE_MAX - 64]; /* the cut being read */
    int cut_last_seat;
} Transcript;

void transcript_init(Transcript *t, const GameConfig *cfg, FILE *out);
/* "match: VARIANT, N players, seed S" */
void transcript_header(FILE *out, const GameConfig *cfg);
/* Whether transcript_events will read the view for these events. */
bool transcript_needs_view(const GameEvent *e, int n);
void transcript_events(Transcript *t, const GameEvent *e, int n, const Observation *view);
/* The hand line (and the cut lines it settles); the units and winner lines
 * when the match is over. */
void transcript_round_over(Transcript *t, const Observation *view);
void transcript_resume(Transcript *t, const Observation *view);

#endif
