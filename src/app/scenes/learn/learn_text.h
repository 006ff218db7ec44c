/* learn_text.h — the rules texts of learn mode (learn_text.c).
 *
 * Contract: everything here is declared in learn.h (sections, pages, house
 * readings, glossary, comparison phrases); this header only names the file
 * that holds the words. The texts are the program's own wording of the
 * sources; every number in them follows from the variant table or is a rule
 * of RULES.md, and every example's points are left to the core.
 */
#ifndef CEKI_APP_LEARN_TEXT_H
#define CEKI_APP_LEARN_TEXT_H

#include "learn.h"

#endif
