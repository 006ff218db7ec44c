/* kowah_state.h — the part of a Game that only Kowah (RULES.md §4) uses.
 *
 * Contract: plain data, copied by value with the Game; owned by kowah.c.
 * The common Game fields hold the hands (kept sorted by kind), the stock
 * (stock[stock_n - 1] is drawn next), the phase and the seat to move; this
 * holds the rest. While a card is offered for claims, to_move is the seat
 * being asked and turn_seat the seat whose turn it is.
 */
#ifndef CEKI_KOWAH_STATE_H
#define CEKI_KOWAH_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"
#include "variant.h"

typedef struct KowahState {
    Card discard[CEKI_MAX_DECK]; /* discard[discard_n - 1] is the top */
    int discard_n;
    Card exposed[CEKI_MAX_SEATS];  /* declared pair kind, CARD_NONE if not declared */
    uint32_t wins[CEKI_MAX_SEATS]; /* declared seats: bit k set when a copy of kind k wins */
    int turn_seat;                 /* whose turn it is */
    Card drawn;                    /* what turn_seat drew this turn, CARD_NONE before the draw */
    Card shown_draw;               /* turn_seat's stock draw shown to all, CARD_NONE if none */
    Card offered;                  /* PHASE_CLAIM: the card open to claims */
    int offer_from;                /* PHASE_CLAIM: the seat that drew or discarded it */
    bool offer_is_discard;         /* PHASE_CLAIM: a discard (else a shown stock draw) */
    int winner;                    /* the seat that won this hand, -1 if none (yet) */
    int idle_turns;                /* turns in a row begun with the discard top */
} KowahState;

#endif
