/* variant_text.h — player-facing words for the facts of a variant.
 *
 * Contract: pure; describes fields of a VariantDesc (RULES.md §3, §4) in
 * short phrases for the variant list and setup screens. It decides no rule:
 * every phrase follows from a field of the table. Strings are static or
 * written into the caller's buffer.
 */
#ifndef CEKI_APP_VARIANT_TEXT_H
#define CEKI_APP_VARIANT_TEXT_H

#include <stddef.h>

#include "game.h"
#include "variant.h"

/* "3 players", "2–6 players". */
void variant_text_players(const VariantDesc *v, char *buf, size_t size);
/* "One Ceki pack (kepala), 60 cards" and the like. */
void variant_text_deck(const VariantDesc *v, char *buf, size_t size);
/* What a turn is. */
const char *variant_text_turn(const VariantDesc *v);
/* What a card may capture. */
const char *variant_text_capture(const VariantDesc *v);
/* Whether captured piles are open. */
const char *variant_text_piles(const VariantDesc *v);
/* "Ceki", "Western (clubs)", ... */
const char *deck_style_name(DeckStyle style);
/* What a deck style is, in one sentence for the player (RULES.md §1.2):
 * which Western suit stands for which Ceki suit. */
const char *deck_style_about(DeckStyle style);
/* "None (jentolan)", "Wudon", ... */
const char *stake_scheme_name(StakeScheme stakes);

#endif
