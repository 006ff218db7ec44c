/* notify.h — ceki-server telling its service manager how it is.
 *
 * Contract: the sd_notify protocol of systemd (sd_notify(3), a documented
 * and stable interface): one datagram of newline-separated "NAME=value"
 * lines to the AF_UNIX socket named by $NOTIFY_SOCKET (a name starting with
 * '@' is in the abstract namespace). When that variable is unset, as
 * outside a Type=notify unit, every call does nothing and succeeds.
 * Written here rather than linked from libsystemd: this is all the server
 * needs of it, and the server stays a program with no systemd library.
 *
 * The server sends "READY=1" once it listens and its journal is open,
 * "WATCHDOG=1" at half the watchdog's interval while its loop turns, and
 * "STOPPING=1" when a signal ends it.
 */
#ifndef CEKI_SERVER_NOTIFY_H
#define CEKI_SERVER_NOTIFY_H

#include <stdbool.h>
#include <stdint.h>

/* Sends `state` (e.g. "READY=1\nSTATUS=listening"); false only when there is
 * a socket to tell and the datagram could not be sent to it. */
bool notify_send(const char *state);

/* The watchdog's interval in milliseconds that the manager asks of this
 * process ($WATCHDOG_USEC, when $WATCHDOG_PID is unset or this process's
 * id), or 0 when none is asked: then no "WATCHDOG=1" need be sent. */
uint64_t notify_watchdog_ms(void);

#endif
