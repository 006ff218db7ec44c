/* kowah.h — Kowah's checki hands (RULES.md §4) as pure functions, for the
 * engine, the computer players, the front end and ceki-cli.
 *
 * Contract: every function but kowah_hand_end takes the eight cards of a
 * hand (any order) and writes into caller-owned arrays indexed by Ceki
 * kind; nothing is kept.
 *
 * A checki hand splits into either
 *   A: two triplets (three cards of one rank class each, suits free,
 *      identical cards allowed) and one identical pair, or
 *   B: one triplet and five cards of one rank made of two identical pairs
 *      and a fifth card identical to neither.
 * Readings: the two triplets of A may be of one rank (six cards of a rank),
 * and the triplet of B may share the rank of the five; the two pairs of B
 * may be of one kind (four copies). Every B hand is also an A hand.
 *
 * Declaring exposes one identical pair (A: "the pair"; B: either pair). A
 * kind k may be declared when some split of the hand has k as A's pair or as
 * one of B's pairs. The declared hand then wins on a further copy of the
 * declared kind, or of the other pair of any B split that holds it.
 *
 * One query reads a Game: kowah_hand_end() says why its hand ended, as the
 * engine decided it (RULES.md §4 and the readings in kowah.c), so that no
 * front end need guess it.
 */
#ifndef CEKI_KOWAH_H
#define CEKI_KOWAH_H

#include <stdbool.h>

#include "card.h"

#define KOWAH_HAND 8
/* A hand also ends with no winner after this many turns in a row begun with
 * the discard top: nothing else stops players from passing cards round the
 * discard pile for ever (house reading; RULES.md is silent). */
#define KOWAH_MAX_IDLE_TURNS 100

/* Whether the hand is checki. */
bool kowah_is_checki(const Card hand[KOWAH_HAND]);

/* The kinds that may be declared: declare[k] (may be NULL). Returns how many
 * (0: not checki). */
int kowah_declarations(const Card hand[KOWAH_HAND], bool declare[CARD_CEKI_KINDS]);

/* The kinds whose copy wins once `pair` is declared: wins[k]. Returns false
 * (and clears wins) when `pair` cannot be declared with this hand. */
bool kowah_winning_kinds(const Card hand[KOWAH_HAND], Card pair, bool wins[CARD_CEKI_KINDS]);

/* For ceki-cli: whether the hand is checki, and waits[k] for every kind
 * whose next copy would win for some declaration. Kowah's deck holds four
 * copies of a kind, so a kind the hand already holds four times has no next
 * copy and is not listed. waits may be NULL. */
bool kowah_checki_waits(const Card hand[KOWAH_HAND], bool waits[CARD_CEKI_KINDS]);

typedef struct Game Game;

/* Why a Kowah hand ended (kowah_hand_end). */
typedef enum KowahHandEnd {
    KOWAH_HAND_NOT_OVER,  /* still being played, or the game is not Kowah */
    KOWAH_HAND_WON,       /* a checki hand won it */
    KOWAH_HAND_STOCK_OUT, /* no winner: a turn should have begun with the stock empty */
    KOWAH_HAND_IDLE       /* no winner: KOWAH_MAX_IDLE_TURNS turns in a row began with the
                             discard top */
} KowahHandEnd;

/* Why g's current hand ended, until the next hand is dealt. */
KowahHandEnd kowah_hand_end(const Game *g);

#endif
