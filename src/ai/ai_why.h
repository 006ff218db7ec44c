/* ai_why.h — the coach: a hinted move and the reasons for it, as data.
 *
 * Contract
 * - ai_why_explain reads the game only as `seat` sees it (game_observe: its
 *   hand, the pool, the public history, the discard pile) and the core's
 *   scoring (score_counts at the variant's ScoreRule, the Kowah hand
 *   functions of kowah.h), so a reason never tells the seat what it could
 *   not know. Every number in a reason is computed there, never typed in.
 * - Reasons are data: a kind and the cards and numbers it speaks of. Only
 *   the front ends (the table, ceki-cli) turn them into words, each in its
 *   own phrasing and language.
 * - ai_why_hint picks the move with the given player (the table's hint is
 *   the strong player on a short budget; ceki-cli's the same on an
 *   iteration budget) and explains it. Both leave the game untouched and
 *   refuse, with a status and *out cleared, a seat that is not to move or a
 *   move that is not legal.
 */
#ifndef CEKI_AI_WHY_H
#define CEKI_AI_WHY_H

#include <stdbool.h>

#include "ai.h"
#include "game.h"
#include "score.h"

typedef enum AiWhyKind {
    WHY_FORCED,              /* the only legal move (`count` = 1) */
    WHY_CAPTURE_SCORES,      /* card takes target: `points` added to the pile now, `total` the
                                pile's score after it */
    WHY_COMPLETES_GROUP,     /* the capture makes a scoring group (`group`, a ScoreGroupKind, with
                                the core's `label`) of kind `card` worth `points` */
    WHY_COPIES_OUT,          /* one more `card` in the pile would add `points`; `count` copies of
                                it are still in play, in no captured pile (0: none can come) */
    WHY_NO_CAPTURE,          /* no card in hand can capture: a card must be laid in the pool */
    WHY_FIRST_TURN,          /* a first turn: only identical cards capture */
    WHY_TRAIL_SAFE,          /* card laid in the pool: `count` unseen cards could take it, and
                                taking it is worth `points` to the taker */
    WHY_TRAIL_KEEPS,         /* card laid rather than `target`, which would give away `points` */
    WHY_FORFEIT,             /* the move forfeits the win (thothit-chinese), already lost or not */
    WHY_AVOIDS_FORFEIT,      /* another capture would forfeit the win: this one does not */
    WHY_STOCK_TURN,          /* the stock is turned (the turn's second half) */
    WHY_KINGS_COUNT,         /* Kings: `count` cards captured, `total` the most of any other seat */
    WHY_KOWAH_DISCARD_DEAD,  /* card discarded: `count` = 0 live copies could pair it */
    WHY_KOWAH_DISCARD_LEAST, /* card discarded: the hand stays `points` cards short of checki */
    WHY_KOWAH_WAITS,         /* the hand (after the move) waits on kinds[0..nkinds): `count` live
                                copies; `points` cards short of checki (0: checki) */
    WHY_KOWAH_TAKE,          /* card (the discard top) taken: `points` cards short after, `total`
                                before */
    WHY_KOWAH_STOCK,         /* the discard top `card` would not bring the hand nearer */
    WHY_KOWAH_FEED,          /* card kept: a declared seat (`count`) shows it and would win on it */
    WHY_DECLARE,             /* declare the pair of `card`: `count` live winning copies */
    WHY_DECLARE_DEAD,        /* no declaration: every winning copy is out of play */
    WHY_CLAIM,               /* claim `card`: it completes the hand and wins */
    WHY_ORDER_RULE,          /* card may not take `target` now: the capture order (Totit's
                                tiers, Denexa's odd card) wants another pool card first */
    WHY_KIND_COUNT
} AiWhyKind;

#define AI_WHY_MAX 6
#define AI_WHY_KINDS_MAX CARD_CEKI_KINDS

typedef struct AiWhy {
    uint8_t kind;  /* AiWhyKind */
    uint8_t group; /* WHY_COMPLETES_GROUP: ScoreGroupKind */
    Card card;
    Card target;
    int points;
    int total;
    int count;
    Card kinds[AI_WHY_KINDS_MAX]; /* WHY_KOWAH_WAITS */
    int nkinds;
    char label[SCORE_LABEL_MAX]; /* WHY_COMPLETES_GROUP: the core's label (English, N_()) */
} AiWhy;

typedef struct AiHint {
    Move move;
    AiWhy why[AI_WHY_MAX];
    int nwhy;
} AiHint;

/* The reasons for move m of `seat`, the seat to move, in *out (out->move =
 * m). CEKI_ERR_STATE when seat is not to move, CEKI_ERR_ILLEGAL when m is
 * not legal, CEKI_ERR_ARG on NULL. */
CekiStatus ai_why_explain(const Game *g, int seat, const Move *m, AiHint *out);

/* ai_choose with `ai` for `seat`, then ai_why_explain of its move. */
CekiStatus ai_why_hint(AiPlayer *ai, const Game *g, int seat, AiHint *out);

/* A stable ASCII key of a reason kind ("capture-scores"), for tests and
 * logs; "?" when unknown. */
const char *ai_why_key(AiWhyKind kind);

#endif
