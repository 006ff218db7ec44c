/* cli_hint.h — `ceki-cli hint`: the coach's move and its reasons.
 *
 * Contract: cli_cmd_hint(argc, argv) takes argv[0] = "hint" and either
 *   VARIANT --hand "CARDS" --pool "CARDS" [--first-turn] [--players N]
 * (a set position, seat 0 to play, as `moves` makes it) or
 *   --record FILE --seat N
 * (the game a record leaves, for seat N, which must be the seat to move),
 * with [--seed S] [--ai-iterations N] for the strong player that picks the
 * move (default seed 1, 1000 iterations: the same answer on every
 * machine). It prints "move: M" (move_format) and then one "why: ..." line
 * per reason of ai_why_explain, in English, every number from the core.
 * Returns the exit status: 0, or 2 with one "ceki-cli: hint: ..." line on
 * stderr and nothing on stdout. */
#ifndef CEKI_CLI_HINT_H
#define CEKI_CLI_HINT_H

int cli_cmd_hint(int argc, char **argv);

#endif
