/* cli_sim.h — `ceki-cli sim`: many rounds between computer players, with
 * each seat's share of the rounds won and its 95 % interval (cmd_sim.c).
 *
 * Contract: cli_cmd_sim takes the command's own argv (argv[0] is "sim"),
 * prints one line per seat and a last line, and returns 0; errors go to
 * stderr with status 2 (bad arguments) or 1 (a game could not be played).
 * The line forms are part of the ceki-cli contract:
 *
 *   seat K (LEVEL): wins W [LO HI] mean M[ ms/move T]
 *   games/s: G
 *
 * W is the seat's share of the rounds won (a shared win split between the
 * winners), LO..HI its 95 % Wilson score interval over the rounds played, M
 * the mean round score; ms/move is printed for the thinking players (and
 * whenever a budget is given). With --ai-iterations the lines but the last
 * are the same on every machine.
 */
#ifndef CEKI_CLI_SIM_H
#define CEKI_CLI_SIM_H

int cli_cmd_sim(int argc, char **argv);

/* The 95 % Wilson score interval of a share p observed over n trials. */
void cli_wilson_interval(double p, long n, double *lo, double *hi);

#endif
