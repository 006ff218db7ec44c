/* cli_net.h — what ceki-cli's network commands (table, bot, load) share:
 * the clock, one connection to a ceki-server, and waiting for its answer,
 * always bounded in time.
 *
 * Contract: every wait ends by its timeout at the latest; failures print
 * one line "ceki-cli: CMD: ..." to stderr and return false / 0.
 */
#ifndef CEKI_CLI_NET_H
#define CEKI_CLI_NET_H

#include <stdbool.h>
#include <stdint.h>

#include "net_transport.h"
#include "proto.h"

#define CLI_NET_CONNECT_MS 5000u      /* to reach the server */
#define CLI_NET_ANSWER_MS 10000u      /* for the server to answer a request */
#define CLI_NET_PEER_TIMEOUT_MS 5000u /* a silent server is gone after this */

/* A monotonic clock in milliseconds. */
uint64_t cli_now_ms(void);
/* Sleeps about ms milliseconds. */
void cli_sleep_ms(uint32_t ms);
/* A client of max_conns connections sent from address bind (NULL: any). */
NetClient *cli_net_client(const char *cmd, int max_conns, const char *bind);
/* A connection the server accepted, or 0. */
NetConn cli_net_connect(const char *cmd, NetClient *c, const char *host_port);
/* Waits for a message from conn; false on the timeout or a disconnect. */
bool cli_net_wait(const char *cmd, NetClient *c, NetConn conn, uint32_t timeout_ms, NetMsg *msg);

#endif
