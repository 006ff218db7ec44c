/* net_address.h — the addresses of network play as the app writes and
 * reads them (net_table.h): "HOST:PORT[/TABLE]", invites
 * "ceki://HOST:PORT/TABLE", and this machine's own IPv4 addresses.
 *
 * Contract
 * - net_address_list fills out with "a.b.c.d:port" for every IPv4
 *   address of an interface that is up, the loopback ones last, and
 *   returns how many (at most cap; 0 when the system lists none).
 * - Parsing and formatting are pure (net_table.h declares them); this
 *   header holds what only the net folder uses. No SDL; no globals.
 */
#ifndef CEKI_APP_NET_ADDRESS_H
#define CEKI_APP_NET_ADDRESS_H

#include <stdint.h>

#include "net_transport.h"

int net_address_list(uint16_t port, char out[][NET_ADDR_TEXT_MAX], int cap);

#endif
