/* cli_pei.h — ceki-cli's Pèi and Kowah commands (cmd_pei.c).
 *
 * Contract: each takes the command's own argv (argv[0] is the command name),
 * prints its result on stdout and returns the exit status (0 on success);
 * errors go to stderr with a non-zero status. Output formats are part of the
 * ceki-cli contract:
 *
 *   stakes --scheme none|wudon|rampung|parewanan|nir|jedhil [--jung]
 *          --scores A,B,C [--pot N]
 *     one line per player "P1 354 ngete", one per payment
 *     "P3 pays P1 1 (te-lumrah)" (or "pot" as payer or payee), for nir and
 *     jedhil "pot: N" (the pot carried on), "deals next: Pk" (the scores are
 *     taken as raja, patih, unyik), and last "net: a,b,c" in the order given.
 *     --pot is the pot carried in (nir, jedhil; default 0).
 *   checki CARD x8 (one card per argument, or all in one quoted argument)
 *     "checki: yes" then "waits: K ..." (every kind whose next copy would win
 *     for some declaration, in card order, space-separated), or "checki: no".
 */
#ifndef CEKI_CLI_PEI_H
#define CEKI_CLI_PEI_H

int cli_cmd_stakes(int argc, char **argv);
int cli_cmd_checki(int argc, char **argv);

#endif
