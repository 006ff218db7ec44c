/* cli_netcmd.h — ceki-cli's network commands, clients of a ceki-server
 * (the command lines are a contract other checks rely on).
 *
 *   table --connect HOST:PORT --variant V [--players N] [--seed S]
 *         [--seats LIST] [--scheme NAME] [--option NAME]...      (cmd_table.c)
 *       creates a table, prints "table: ID" and leaves. LIST: one entry per
 *       seat in seat order (or one for all), each net (a seat for someone
 *       who joins) or random, greedy, strong (a computer at the host);
 *       default all net. --seed needs a server started with --allow-seed.
 *   bot --connect HOST:PORT --table ID --level random|greedy|strong
 *       [--token FILE] [--think MS] [--dump FILE]                  (cmd_bot.c)
 *       takes the first free net seat and plays the match to its end,
 *       choosing only from what arrives, then prints the match's transcript
 *       exactly as `ceki-cli match` does (cli_match.h), seat numbers as the
 *       host numbers them; on stderr a last line "bot: seat K, resyncs R,
 *       refused F, reconnects C". It comes back by itself (with backoff, for
 *       CLI_BOT_RETRY_MS) when the connection drops, the server restarting
 *       included. --token FILE: the seat token is kept in FILE and used when
 *       FILE exists. --dump FILE: every message received is appended, raw,
 *       after its length as 4 bytes big-endian.
 *   load --connect HOST:PORT --tables N --variant V [--think MS] [--seconds S]
 *                                                                   (cmd_load.c)
 *       creates N tables and plays all their seats as greedy network bots
 *       from one process for S seconds (a finished table is replaced), then
 *       prints "moves M in S s: X per second", "resyncs R",
 *       "latency p50 X ms p99 Y ms max Z ms" (a move sent until every seat of
 *       its table received it), "bytes received per move per seat B" and
 *       "load: processor time T s" (its own). The tables open evenly over
 *       the first tenth of the run (at most 10 s) and are shared among up to 8
 *       threads, each with a socket of its own (load_worker.h).
 *
 * Each returns 0, or 2 for bad arguments and 1 when the work failed, with a
 * line "ceki-cli: CMD: ..." on stderr.
 */
#ifndef CEKI_CLI_NETCMD_H
#define CEKI_CLI_NETCMD_H

#define CLI_BOT_RETRY_MS 150000u /* a bot keeps trying to come back this long */

int cli_cmd_table(int argc, char **argv);
int cli_cmd_bot(int argc, char **argv);
int cli_cmd_load(int argc, char **argv);

#endif
