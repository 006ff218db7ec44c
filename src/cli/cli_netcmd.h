/* cli_netcmd.h — ceki-cli's network commands, clients of a ceki-server
 * (the command lines are a contract other checks rely on).
 *
 *   table --connect HOST:PORT --variant V [--players N] [--seed S]
 *         [--seats LIST] [--scheme NAME] [--option NAME]... [--private]
 *         [--clock SECONDS+BANK|none] [--watch none|public|hands-late]
 *                                                                 (cmd_table.c)
 *       creates a table, prints "table: ID" and leaves; a private one
 *       (--private; else the table is open, listed and joined without a key)
 *       also prints "key: KEY" and "invite: ceki://HOST:PORT/ID?key=KEY".
 *       LIST: one entry per seat in seat order (or one for all), each net (a
 *       seat for someone who joins) or random, greedy, strong (a computer at
 *       the host); default all net. --seed needs a server started with
 *       --allow-seed. --clock: the turn clock, SECONDS a move then a bank of
 *       BANK seconds for the match (e.g. 20+120); default none. --watch:
 *       who may watch (hands-late: spectators also see each round's hands
 *       once it is over); default public for an open table, none for a
 *       private one. --hand-stalled S: the creator stays, watching its
 *       table, and hands the seat of any person who keeps the match waiting
 *       S seconds to the computer (a line "handed: seat K at move M" each
 *       time; at a table without a clock), until the match is over
 *       ("over: N seats handed to the computer"; status 1 if it is refused
 *       or the connection is lost first).
 *   bot --connect HOST:PORT --table ID --level random|greedy|strong
 *       [--key KEY] [--token FILE] [--think MS] [--dump FILE]      (cmd_bot.c)
 *       takes the first free net seat (of a private table with its KEY) and
 *       plays the match to its end,
 *       choosing only from what arrives, then prints the match's transcript
 *       exactly as `ceki-cli match` does (cli_match.h), seat numbers as the
 *       host numbers them; on stderr a line "bot: seat K, resyncs R,
 *       refused F, reconnects C", and at a table with a clock one more,
 *       "clock: running for this seat N times, bank left at least B ms"
 *       (the VIEWs, UPDATEs and SEATS that told it). It comes back by itself (with backoff, for
 *       CLI_BOT_RETRY_MS) when the connection drops, the server restarting
 *       included. --token FILE: the seat token is kept in FILE and used when
 *       FILE exists. --dump FILE: every message received is appended, raw,
 *       after its length as 4 bytes big-endian. A refusal of the seat, or a
 *       reason the bot cannot mend by coming back (a wrong token, the table
 *       closed, the address cut off, ...), ends it with status 1.
 *       SIGTERM or SIGINT: it leaves its seat (the others see it away) and
 *       ends with status 1.
 *   bot --connect HOST:PORT --table ID --watch [--key KEY] [--dump FILE]
 *       watches the table as a spectator (no seat; a private table's KEY)
 *       and prints the public transcript, read live and checked against
 *       the record at the end, then "bot: seat -1, ..." on stderr; refused
 *       (the table takes no spectators, a wrong key, too many): status 1.
 *   list --connect HOST:PORT                                      (cmd_list.c)
 *       prints one line per open table the server lists:
 *       "ID VARIANT SEATS FREE STARTED", VARIANT its key, SEATS its players,
 *       FREE the seats still free, STARTED "yes" or "no".
 *   load --connect HOST:PORT --tables N --variant V [--think MS] [--seconds S]
 *                                                                   (cmd_load.c)
 *       creates N tables and plays all their seats as greedy network bots
 *       from one process for S seconds (a finished table is replaced), then
 *       prints "moves M in S s: X per second", "resyncs R",
 *       "latency p50 X ms p99 Y ms max Z ms" (a move sent until every seat of
 *       its table received it), "bytes received per move per seat B" and
 *       "load: processor time T s" (its own), with "joins N, failed F: p50 X
 *       ms p99 Y ms max Z ms" (a seat's connect until its WELCOME) and
 *       "transcripts T, differing from the record D" (each seat's, at its
 *       match's end). It makes its tables from one address: a server that
 *       limits addresses must trust it (ceki-server --trust ADDR). The
 *       tables open evenly over
 *       the first tenth of the run (at most 10 s) and are shared among up to 8
 *       threads, each with a socket of its own (load_worker.h).
 *
 * Every one of them takes --bind ADDR: the local IPv4 address to send from
 * (tests play from several addresses of 127.0.0.0/8).
 *
 * Each returns 0, or 2 for bad arguments and 1 when the work failed, with a
 * line "ceki-cli: CMD: ..." on stderr; a refusal from the server is a
 * failure, its reason on that line.
 */
#ifndef CEKI_CLI_NETCMD_H
#define CEKI_CLI_NETCMD_H

#define CLI_BOT_RETRY_MS 150000u /* a bot keeps trying to come back this long */

int cli_cmd_table(int argc, char **argv);
int cli_cmd_bot(int argc, char **argv);
int cli_cmd_load(int argc, char **argv);
int cli_cmd_list(int argc, char **argv);

#endif
