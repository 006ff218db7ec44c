/* coach_text.h — the coach's line: the reasons of a hint (ai_why.h) in
 * words.
 *
 * Contract: pure text over an AiHint; no SDL, no state. The words are ours
 * and marked for gettext, the card names are the program's own
 * (card_names.h) in the deck style shown, and every number is the one the
 * reason carries, worked out by the core. At most COACH_SENTENCES
 * sentences, the most telling reasons first; "" when the hint has no
 * reason worth a sentence.
 */
#ifndef CEKI_APP_COACH_TEXT_H
#define CEKI_APP_COACH_TEXT_H

#include <stddef.h>

#include "ai_why.h"
#include "variant.h"

#define COACH_SENTENCES 2
#define COACH_TEXT_MAX 512

void coach_text(const AiHint *h, DeckStyle style, char *buf, size_t size);

/* One reason as a sentence (for tests and the two above). */
void coach_sentence(const AiWhy *w, DeckStyle style, char *buf, size_t size);

#endif
