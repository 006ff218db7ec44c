/* watch_view.h — what a spectator's screen shows of a table, read from the
 * spectator's view alone.
 *
 * Contract
 * - watch_view_read takes the view the host sent a spectator (game_observe
 *   of GAME_SPECTATOR: no hand, only the piles the rules show to all) and,
 *   at a table that shows hands a round late, the last NET_MSG_HANDS; it
 *   copies out the cards on show (the pool, the piles face up, the turned
 *   card, Kowah's discard top and declared pairs, a draw shown to all, Pèi's
 *   turned-up last stock card, the round's public history) and, for each
 *   seat, only counts of what is hidden. A round's hands are shown once that round is over: hands
 * of the round being played are never taken, whatever came.
 * - Nothing is rebuilt or guessed: every card in a WatchView is one the view
 *   or the finished round's hands carried (watch_view_cards lists them all,
 *   for the screen and its tests). A view that is not a spectator's (seat
 *   other than GAME_SPECTATOR) is refused. No SDL, no state.
 */
#ifndef CEKI_APP_WATCH_VIEW_H
#define CEKI_APP_WATCH_VIEW_H

#include <stdbool.h>

#include "game.h"
#include "proto.h"
#include "table_layout.h"

#define WATCH_CARDS_MAX                                                                            \
    (OBS_MAX_POOL + CEKI_MAX_DECK + CEKI_MAX_SEATS * (OBS_MAX_PILE + OBS_MAX_HAND + 1) + 4)

typedef struct WatchView {
    int players, round, to_move; /* to_move -1: nobody (the match is over) */
    GamePhase phase;
    Card pool[OBS_MAX_POOL];
    int npool;
    Card turned, shown_draw, stock_last, discard_top; /* CARD_NONE: none on show */
    int stock_count, discard_count, aside_count;
    Card discard[CEKI_MAX_DECK]; /* Kowah's discard pile, face up to all */
    int dealer;                  /* -1: none */
    int next_seat[CEKI_MAX_SEATS];
    bool sitting_out[CEKI_MAX_SEATS], forfeited[CEKI_MAX_SEATS];
    int units[CEKI_MAX_SEATS], pot; /* Pèi's stakes */
    PublicHistory history;          /* what every seat saw happen this round */
    int hand_count[CEKI_MAX_SEATS];
    int pile_count[CEKI_MAX_SEATS];
    bool pile_shown[CEKI_MAX_SEATS]; /* face up to all: its cards in pile[] */
    Card pile[CEKI_MAX_SEATS][OBS_MAX_PILE];
    Card exposed[CEKI_MAX_SEATS];  /* Kowah's declared pair kind, or CARD_NONE */
    GameRole role[CEKI_MAX_SEATS]; /* Pèi's roles, shown to all (ROLE_NONE: not yet) */
    int round_score[CEKI_MAX_SEATS], match_score[CEKI_MAX_SEATS];
    bool round_winner[CEKI_MAX_SEATS], match_winner[CEKI_MAX_SEATS];
    /* A finished round's hands as dealt (late: a table that shows them). */
    bool late;
    int late_round;
    int late_count[CEKI_MAX_SEATS];
    Card late_hand[CEKI_MAX_SEATS][OBS_MAX_HAND];
} WatchView;

/* false (out empty: no players, no card) for NULL or a view that is not a spectator's. */
bool watch_view_read(const Observation *o, const NetHands *late, WatchView *out);
/* Every card face the view shows on the table, each card once, in any
 * order (the history's entries, cards already shown, are not listed); how
 * many (at most cap). */
int watch_view_cards(const WatchView *w, Card *out, int cap);
/* A spectator's Observation holding the WatchView's cards and counts and
 * nothing else (no hand, no peek): what the watch screen's table is drawn
 * from. */
void watch_view_observation(const WatchView *w, VariantId variant, Observation *out);

/* The table's layout for the spectator's screen of variant v at a window of
 * width x height pixels (unit, aspect as table_layout_spec_of): the players'
 * table's, seat 0 at the bottom (the seats in the order of play the view
 * gives: Pèi's seating may turn it), so every zone and card size is the
 * one a player at seat 0 sees at that size. */
void watch_view_layout(const WatchView *w, const VariantDesc *v, float width, float height,
                       float unit, double aspect, TableLayout *out);

#endif
