/* cli_match.h — `ceki-cli match`: one whole match between computer players,
 * printed as a transcript (cmd_match.c).
 *
 * Contract: cli_cmd_match takes the command's own argv (argv[0] is "match"),
 * prints the transcript on stdout and returns 0; errors go to stderr with
 * status 2 (bad arguments) or 1 (the match could not be played). The same
 * arguments always print the same transcript. Seat numbers name one player
 * for the whole match (seat 0 is the first player as the match is set up),
 * whatever the seating draw or the dealer's turn does to the order of play.
 * The line forms are part of the ceki-cli contract:
 *
 *   draw: seat K CARD CARD sum N      Pèi family: the seating draw, in order;
 *                                     a redraw among tied players repeats it
 *   roles: raja seat A, patih seat B, unyik seat C
 *   sits out: seat K (total T)        a Totit tie-break hand: not tied for the lead
 *   hand N: dealer seat D; players A,B,C; points P,Q,R; totals T0,T1,...
 *                                     (dealer none where the game has no dealer)
 *   cut tied: seat A CARD, seat B CARD          a cut that left a tie (cut again)
 *   cut: seat A CARD, seat B CARD -> seat W     the cut that decided it
 *   units: U0,U1,U2                   Pèi with stakes: net units per seat
 *   winner: seat K | winner: seat A, seat B (shared) | winner: none
 *
 * `players` lists the seats that took part in the hand, `points` what each
 * of them scored toward the match in it (Kings: 1 for the King's winner,
 * Kowah: 1 for the hand's winner), `totals` every seat's match total after
 * it. A cut line follows the hand it settles, or the last hand for a match
 * tie (Kings). `winner: none` only where nobody won anything (Kowah).
 */
#ifndef CEKI_CLI_MATCH_H
#define CEKI_CLI_MATCH_H

int cli_cmd_match(int argc, char **argv);

#endif
