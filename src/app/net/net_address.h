/* net_address.h — the addresses of network play as the app writes and
 * reads them: "HOST:PORT[/TABLE]", invites "ceki://HOST:PORT/TABLE[?key=KEY]", and
 * this machine's own IPv4 addresses. net_table.h joins and hosts at them.
 *
 * Contract
 * - net_address_parse reads an address or an invite (white space around
 *   it and a trailing "/" allowed; an invite names its table, and a
 *   private table's invite carries its key: "?key=KEY", NET_KEY_LEN hex
 *   digits, kept in lower case); it returns false with a sentence in err
 *   and leaves *out untouched when the text is neither. Pure.
 * - net_address_format_invite writes "ceki://HOST:PORT/TABLE", with
 *   "?key=KEY" when the address holds a key. Pure.
 * - net_address_list fills out with "a.b.c.d:port" for every IPv4
 *   address of an interface that is up, the loopback ones last, and
 *   returns how many (at most cap; 0 when the system lists none).
 * - No SDL; no globals.
 */
#ifndef CEKI_APP_NET_ADDRESS_H
#define CEKI_APP_NET_ADDRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net_limits.h"
#include "net_transport.h"

#define NET_ADDRESS_HOST_MAX 64 /* a host name or dotted address */
/* The longest invite and a NUL: "ceki://", HOST, ":PORT", "/TABLE", "?key=KEY". */
#define NET_ADDRESS_INVITE_MAX                                                                     \
    (7 + NET_ADDRESS_HOST_MAX + 6 + 1 + NET_TABLE_ID_MAX + 5 + NET_KEY_LEN + 1)

/* "HOST:PORT[/TABLE[?key=KEY]]" or "ceki://HOST:PORT/TABLE[?key=KEY]", parsed. */
typedef struct NetAddress {
    char host[NET_ADDRESS_HOST_MAX + 1];
    uint16_t port;
    char table[NET_TABLE_ID_MAX + 1]; /* "" when not given */
    char key[NET_KEY_LEN + 1];        /* a private table's key; "" when not given */
} NetAddress;

bool net_address_parse(const char *text, NetAddress *out, char *err, size_t err_size);
void net_address_format_invite(const NetAddress *a, char *buf, size_t size);
int net_address_list(uint16_t port, char out[][NET_ADDR_TEXT_MAX], int cap);

#endif
