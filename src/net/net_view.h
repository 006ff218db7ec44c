/* net_view.h — a seat's view as bytes: its canonical encoding, its hash
 * and the delta between two views (implemented in proto_view.c; proto.h
 * includes it for every speaker of the protocol).
 *
 * Contract
 * - The same view gives the same bytes; the hash is 64-bit, over those
 *   bytes.
 * - net_view_delta writes the delta that turns one view's bytes into
 *   another's (0 when it does not fit in cap); net_view_apply_delta
 *   refuses (false, *to untouched) a delta that does not fit `from`.
 * - Pure C11 over the rules core: no I/O, no allocation.
 */
#ifndef CEKI_NET_VIEW_H
#define CEKI_NET_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

size_t net_view_bytes(const Observation *view, uint8_t *buf, size_t cap);
uint64_t net_view_hash(const Observation *view);
size_t net_view_delta(const Observation *from, const Observation *to, uint8_t *buf, size_t cap);
bool net_view_apply_delta(const Observation *from, const uint8_t *delta, size_t len,
                          Observation *to);

#endif
