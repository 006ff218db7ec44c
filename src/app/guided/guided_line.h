/* guided_line.h — the guided first games: one fixed deal per
 * game and the line the guide teaches on it, without SDL.
 *
 * Contract
 * - A guided game is an ordinary table session dealt from guided_config:
 *   the variant's own row of the deals (seed, players, the person's seat,
 *   stakes), or the variant with GUIDED_SEED_OTHER where it has none. Its
 *   computers play at GUIDED_LEVEL, each decision reseeded from the seat's
 *   seed and the move number (ai_reseed), as the session and the host make
 *   them, so the whole line follows from the seed.
 * - guided_step is the move the guide asks of the person: the greedy
 *   player's choice for that seat on the game as the seat knows it,
 *   reseeded the same way, with the reasons ai_why_explain gives for it.
 *   It never looks at a card the seat cannot see.
 * - guided_play plays a deal's whole line in the core alone (the person's
 *   steps by guided_step, the computers as above) and says what happened:
 *   the person's steps, the moments (GuidedMoment bits), the final
 *   scores. The tests choose and keep the seeds by it.
 */
#ifndef CEKI_APP_GUIDED_LINE_H
#define CEKI_APP_GUIDED_LINE_H

#include <stdbool.h>
#include <stdint.h>

#include "ai.h"
#include "ai_why.h"
#include "game.h"

#define GUIDED_LEVEL AI_GREEDY
#define GUIDED_SEED_OTHER 12u /* a game without a row of its own */

typedef struct GuidedDeal {
    const char *key; /* the variant's key */
    uint64_t seed;
    int players;
    int seat; /* the person's */
    StakeScheme stakes;
} GuidedDeal;

/* The moments a guided game is chosen to show. */
typedef enum GuidedMoment {
    GM_CAPTURE = 1u << 0,    /* the person captured */
    GM_COUNT = 1u << 1,      /* a round was counted (scored) */
    GM_TIE_BREAK = 1u << 2,  /* a tie for the lead: a tie-break hand, someone sits out */
    GM_CUT = 1u << 3,        /* Kings: a cut */
    GM_SEATING = 1u << 4,    /* Pèi: the seating draw */
    GM_RAJA_LEADS = 1u << 5, /* the raja made the round's first move */
    GM_PEEK = 1u << 6,       /* a card seen privately (the unyik's or patih's peek) */
    GM_STAKE = 1u << 7,      /* a stake paid */
    GM_DECLARE = 1u << 8,    /* Kowah: the person declared checki */
    GM_CLAIM = 1u << 9,      /* Kowah: the person claimed a discard out of turn */
    GM_WIN = 1u << 10,       /* the person won a round (or the hand) */
    GM_RED_PAIR = 1u << 11   /* the person captured a red-stamped pair */
} GuidedMoment;

/* The deal of a variant (its own row, else the default one). */
GuidedDeal guided_deal_of(const VariantDesc *v);
/* Whether the variant has a row of its own. */
bool guided_has_own_deal(const VariantDesc *v);
/* The game's config: the deal's seed, players and stakes, one round where
 * the match counts rounds or hands. */
GameConfig guided_config(const GuidedDeal *d, VariantId variant);

/* The step asked of `seat` (to move) in g, g as that seat knows it, after
 * move_no moves of the match; its reasons in *out (out->move the step). */
CekiStatus guided_step(const Game *g, int seat, uint64_t seed, uint32_t move_no, AiHint *out);

typedef struct GuidedTrace {
    int steps;                      /* the person's decisions */
    int moves;                      /* all moves applied */
    unsigned moments;               /* GuidedMoment bits */
    int score[CEKI_MAX_SEATS];      /* the match's totals (Kings: cards; Kowah: hands won) */
    int last_round[CEKI_MAX_SEATS]; /* the last round's scores */
} GuidedTrace;

/* The line's next move in g (the real game, as the host holds it): the
 * person's step (its reasons in *step when not NULL) or a computer's move
 * made as the session makes it, on the game rebuilt from the seat's view;
 * ai[] are the computers' players (GUIDED_LEVEL, each seat's seed). */
CekiStatus guided_line_move(const Game *g, const GuidedDeal *d, AiPlayer *ai[CEKI_MAX_SEATS],
                            Move *m, AiHint *step);

/* Plays the deal's line to the match's end in the core; false when it
 * could not (a refused move, no end within the bound). */
bool guided_play(const GuidedDeal *d, VariantId variant, GuidedTrace *out);

#endif
