/* card_names.h — what the program calls each card, for the gallery and logs.
 *
 * Contract: pure functions over card.h kinds; every string returned is
 * static and borrowed. English names follow RULES.md §1.1 / §1.3; Javanese or
 * Indonesian names exist only where RULES.md §1.1 gives them (otherwise "");
 * Western equivalents follow the substitution table of RULES.md §1.2.
 */
#ifndef CEKI_APP_CARD_NAMES_H
#define CEKI_APP_CARD_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"
#include "game.h"
#include "variant.h"

/* "7 of Strings", "Old Thousand", "Queen of Hearts". */
const char *card_name_english(Card c);
/* "raja / iyo ratu ('king ace')", "kucing ('cat')", or "". */
const char *card_name_javanese(Card c);
/* The suit's English name and, where RULES.md gives one, its Javanese name. */
const char *card_suit_name(CardSuit suit);
const char *card_suit_javanese(CardSuit suit);

/* The French card standing in for Ceki kind c in a western style
 * (STYLE_WESTERN_CLUBS or STYLE_WESTERN_SPADES): *suit and *rank (1 = ace,
 * 11..13 = J Q K). False for other styles or non-Ceki cards. */
bool card_western_equivalent(Card c, DeckStyle style, CardSuit *suit, int *rank);
/* "9 of Spades" for that equivalent; writes "" when there is none. */
void card_western_name(Card c, DeckStyle style, char *buf, size_t size);
/* "A", "2".."10", "J", "Q", "K". */
const char *card_rank_label(int rank);

/* A seat's role as the table, the results and the replays name it: the
 * Javanese words raja, patih, unyik stay as they are in every language; ""
 * for none. */
const char *card_role_name(int role);

#endif
