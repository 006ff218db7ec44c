/* score.h — scoring one captured pile at the end of a round.
 *
 * Contract: pure functions over card counts. A breakdown lists the groups
 * that scored (and what did not), so the front end can lay the pile out by
 * what it earned; its total equals the function's return value. `out` may be
 * NULL when only the number is wanted (the fast path for simulations).
 */
#ifndef CEKI_SCORE_H
#define CEKI_SCORE_H

#include <stdint.h>

#include "card.h"
#include "variant.h"

typedef enum ScoreGroupKind {
    SCORE_PAIR,        /* an identical pair */
    SCORE_RED_PAIR,    /* an identical pair of a red-stamped kind */
    SCORE_RED_SINGLE,  /* a red-stamped card without its twin */
    SCORE_FOUR,        /* four identical (Enthit, Kuna) */
    SCORE_THREE,       /* three identical (Kuna) */
    SCORE_COMBINATION, /* a Pèi combination */
    SCORE_FACE,        /* cards counted at face value (Pèi) */
    SCORE_COUNT,       /* Kings: every captured card counts one */
    SCORE_NOTHING,     /* captured cards that earned nothing */
    SCORE_PAIR_NINES,  /* Sackson's advanced scoring: an identical pair of 9s */
    SCORE_PAIR_ONES,   /* Sackson's advanced scoring: an identical pair of rank 1 */
    SCORE_RED_CARD     /* Yogyakarta: a red-stamped card's own points, paired or not */
} ScoreGroupKind;

#define SCORE_MAX_GROUPS 96
#define SCORE_LABEL_MAX 48

typedef struct ScoreGroup {
    uint8_t kind;                /* ScoreGroupKind */
    char label[SCORE_LABEL_MAX]; /* player-facing, e.g. "red-stamped pair" */
    Card cards[CEKI_MAX_DECK];
    int ncards;
    int points;
} ScoreGroup;

typedef struct ScoreBreakdown {
    ScoreGroup groups[SCORE_MAX_GROUPS];
    int ngroups;
    int total;
} ScoreBreakdown;

/* counts[k] = copies of kind k in the pile (indices 0..CARD_KIND_LIMIT-1).
 * Returns the points. */
int score_counts(VariantId variant, uint32_t options, const uint8_t counts[CARD_KIND_LIMIT],
                 ScoreBreakdown *out);
/* The same from a list of cards. */
int score_pile(VariantId variant, uint32_t options, const Card *pile, int n, ScoreBreakdown *out);

/* Pèi's combination scoring (score_pei.c) at the variant's rates; 0 for a
 * variant whose rule is not SCORE_RULE_PEI. */
int score_pei(VariantId variant, const uint8_t counts[CARD_KIND_LIMIT], ScoreBreakdown *out);

#endif
