/* kowah_state.h — the part of a Game that only Kowah (RULES.md §4) uses.
 *
 * Contract: plain data, copied by value with the Game; owned by kowah.c.
 */
#ifndef CEKI_KOWAH_STATE_H
#define CEKI_KOWAH_STATE_H

#include "card.h"
#include "variant.h"

typedef struct KowahState {
    Card discard[CEKI_MAX_DECK];
    int discard_n;
    Card exposed[CEKI_MAX_SEATS]; /* declared pair kind, CARD_NONE if not declared */
    Card shown_draw;              /* stock draw shown to all, CARD_NONE if none */
    int claim_from;               /* seat whose draw/discard may be claimed */
    bool drew_this_turn;
    bool first_turn_done[CEKI_MAX_SEATS];
} KowahState;

#endif
