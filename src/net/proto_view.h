/* proto_view.h — a seat's Observation as canonical bytes (internal to
 * src/net; net_view.h declares the public net_view_* functions).
 *
 * Contract
 * - view_io is the one description of the layout, for every codec pass
 *   (net_codec.h). It writes only what the view holds: the scalars and
 *   every count first (section VIEW_SEC_HEAD), then the cards of each list
 *   in its own section. Decoded, every array past its count is zero, and a
 *   hidden pile of a seated player is CARD_NONE throughout, as
 *   game_observe leaves them; seats past `players` are all zero.
 * - Everything read is checked: counts within the Observation's arrays,
 *   seats within the players, cards valid (or CARD_NONE where a view may
 *   hide one), enums in range, the history's sums listed by kind, in order,
 *   each at least one.
 * - The section offsets (where each section starts, and the end) are
 *   recorded into `sec` when it is not NULL; the delta works section by
 *   section.
 */
#ifndef CEKI_NET_PROTO_VIEW_H
#define CEKI_NET_PROTO_VIEW_H

#include <stddef.h>

#include "game.h"
#include "net_codec.h"

typedef enum ViewSection {
    VIEW_SEC_HEAD = 0, /* scalars and counts */
    VIEW_SEC_HAND,
    VIEW_SEC_POOL,
    VIEW_SEC_CAPTURED, /* one a seat: VIEW_SEC_CAPTURED + s */
    VIEW_SEC_DISCARD = VIEW_SEC_CAPTURED + CEKI_MAX_SEATS,
    VIEW_SEC_HISTORY, /* the history's entries */
    VIEW_SEC_SUMS,    /* the history's piles and hands, kind by kind */
    VIEW_SEC_COUNT
} ViewSection;

/* The most bytes a view can take (every list full). */
#define VIEW_BYTES_MAX 12288

typedef struct ViewSections {
    size_t start[VIEW_SEC_COUNT + 1]; /* start[VIEW_SEC_COUNT]: the end */
} ViewSections;

void view_io(Codec *c, Observation *o, ViewSections *sec);

#endif
