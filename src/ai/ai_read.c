/* ai_read.c — the strong player reads the others' hands from their play
 * (contract in ai_internal.h).
 *
 * The others are modelled by the greedy rule (ai_greedy.c): in a game of
 * hand plays only (no stock phase) a greedy seat plays a move of the best
 * immediate gain to its pile. So each of its plays this round says which
 * kinds it did not hold then: any kind that had a better capture in that
 * pool. A seat holds now only cards it held then, so it does not hold them
 * now either. The pools and piles of earlier turns are rebuilt from the
 * public history, walking back from the pool on the table. A seat whose own
 * later plays break the model (it held a card the model says it did not)
 * is not read at all: it is not playing greedily.
 */
#include <string.h>

#include "ai_internal.h"

/* The best gain each kind could have made with the pool and pile of one
 * earlier turn (-1e9: the kind could not be played there). */
static void best_gains(const Game *g, const uint8_t pool[CARD_KIND_LIMIT],
                       uint8_t pile[CARD_KIND_LIMIT], bool first_turn, double best[CARD_KIND_LIMIT])
{
    const GameConfig *cfg = game_config(g);
    const VariantDesc *v = game_variant(g);
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        best[k] = -1e9;
    Card hand[CARD_CEKI_KINDS], cards[CEKI_MAX_DECK];
    int nh = 0, np = 0;
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        for (int j = 0; j < pool[k] && np < CEKI_MAX_DECK; j++)
            cards[np++] = (Card)k;
        if (k < CARD_CEKI_KINDS && pool[k] < v->copies)
            hand[nh++] = (Card)k;
    }
    GameConfig pc = *cfg;
    Game *pos = game_create_position(&pc, hand, nh, cards, np, first_turn, NULL);
    if (!pos)
        return;
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(pos, moves, GAME_MAX_MOVES);
    int base = ai_pile_score(cfg->variant, cfg->options, pile);
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (moves[i].type != MOVE_PLAY || moves[i].card >= CARD_KIND_LIMIT)
            continue;
        double gain = moves[i].target == CARD_NONE
                          ? 0.0
                          : ai_capture_gain(cfg->variant, cfg->options, pile, base, moves[i].card,
                                            moves[i].target);
        if (gain > best[moves[i].card])
            best[moves[i].card] = gain;
    }
    game_destroy(pos);
}

/* One entry's step back: the pool and the mover's pile before it. False for
 * an entry this reading does not know. */
static bool step_back(const PublicEntry *e, uint8_t pool[CARD_KIND_LIMIT],
                      uint8_t pile[CEKI_MAX_SEATS][CARD_KIND_LIMIT])
{
    if (e->card >= CARD_KIND_LIMIT || e->seat >= CEKI_MAX_SEATS)
        return false;
    if (e->kind == PUB_TRAIL) {
        if (pool[e->card] == 0)
            return false;
        pool[e->card]--;
        return true;
    }
    if (e->kind != PUB_CAPTURE || e->card2 >= CARD_KIND_LIMIT || pile[e->seat][e->card] == 0 ||
        pile[e->seat][e->card2] == 0)
        return false;
    pile[e->seat][e->card]--;
    pile[e->seat][e->card2]--;
    pool[e->card2]++;
    return true;
}

bool ai_read_hands(AiPlayer *ai, const Game *g, int seat, DealBelief *out)
{
    memset(out, 0, sizeof *out);
    const VariantDesc *v = game_variant(g);
    Observation *o = ai->obs;
    if (v->turn != TURN_HAND_ONLY || game_observe(g, seat, o) != CEKI_OK)
        return false;
    const PublicHistory *h = &o->history;
    if (h->count != h->total)
        return false;
    const GameConfig *cfg = game_config(g);
    /* first_play[s]: the entry of seat s's first play from its hand. */
    int first_play[CEKI_MAX_SEATS];
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        first_play[s] = -1;
    for (int i = 0; i < h->count; i++) {
        const PublicEntry *e = &h->entry[i];
        if (e->seat < CEKI_MAX_SEATS && !(e->flags & PUB_FLAG_TURNED) && first_play[e->seat] < 0)
            first_play[e->seat] = i;
    }
    uint8_t pool[CARD_KIND_LIMIT] = {0}, pile[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
    memcpy(pile, h->pile, sizeof pile);
    for (int i = 0; i < o->pool_count; i++) {
        if (o->pool[i] < CARD_KIND_LIMIT)
            pool[o->pool[i]]++;
    }
    /* played_after[s][k]: copies of k seat s played from its hand at or
     * after the entry being read. */
    uint8_t played_after[CEKI_MAX_SEATS][CARD_KIND_LIMIT] = {{0}};
    bool broken[CEKI_MAX_SEATS] = {false};
    for (int i = h->count - 1; i >= 0; i--) {
        const PublicEntry *e = &h->entry[i];
        if (!step_back(e, pool, pile))
            return false;
        if (e->seat == seat || (e->flags & PUB_FLAG_TURNED) || e->seat >= o->players)
            continue;
        int s = e->seat;
        double made = 0.0;
        if (e->kind == PUB_CAPTURE)
            made = ai_capture_gain(cfg->variant, cfg->options, pile[s],
                                   ai_pile_score(cfg->variant, cfg->options, pile[s]), e->card,
                                   e->card2);
        played_after[s][e->card]++;
        double best[CARD_KIND_LIMIT];
        best_gains(g, pool, pile[s], first_play[s] == i, best);
        for (int k = 0; k < CARD_KIND_LIMIT; k++) {
            if (best[k] <= made + 1e-9)
                continue;
            if (played_after[s][k])
                broken[s] = true; /* it held k and still played worse */
            out->avoid[s][k] = true;
        }
    }
    bool any = false;
    for (int s = 0; s < o->players; s++) {
        if (broken[s])
            memset(out->avoid[s], 0, sizeof out->avoid[s]);
        for (int k = 0; k < CARD_KIND_LIMIT && !any; k++)
            any = out->avoid[s][k];
    }
    return any;
}
