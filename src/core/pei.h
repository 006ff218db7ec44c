/* pei.h — Pèi helpers for the engine and the front end (RULES.md §3.11–3.13).
 *
 * Contract: pure functions and const data; no state, no allocation, no I/O.
 * Three players, numbered as the caller likes unless a function says "seat"
 * (seats are in play order: the next player is seat + 1 mod 3). Money is in
 * units (one unit = 5 cents in the source's examples). The pot is the money
 * on the table: a payment with PEI_POT as payer or payee moves money from or
 * into it, and a player's net counts only what that player paid and received.
 *
 * House readings (RULES.md is silent; shown in the rules as such):
 * - Places: the players with the top score are ngeté, those with the bottom
 *   score (when it is not also the top) kete, anyone between tengah. So a tie
 *   for first makes two ngeté and a kete; a tie for last a ngeté and two kete;
 *   a three-way tie three ngeté.
 * - Payments between places (té, belahan, patang atusan) are owed by every
 *   player of the paying place to every player of the receiving place; tied
 *   players owe each other nothing. Jung is paid between every two players
 *   whose scores differ.
 * - Prizes from a pot (wudon's thirds, nir's jackpot, jedhil's takings) are
 *   given by position (1st, 2nd, 3rd); tied players pool the prizes of the
 *   positions they span and split them equally; an indivisible remainder stays
 *   in the pot. Wudon's pot is 6 units, so ⅔ is 4 and ⅓ is 2, no rounding.
 * - `none` moves no money. In every scheme the kete becomes unyik (and deals)
 *   in the next round; raja and patih follow in play order. Among tied kete
 *   the first in play order after this round's raja (patih, unyik, raja)
 *   becomes unyik (as the fishing engine does).
 * - nir: everyone antes 2 every round, then a round with a score of 400 or
 *   more pays the whole pot to its top scorer(s).
 * - jedhil: a round with a 400 is as nir (antes, then the whole pot to the top
 *   scorer). Any other round adds no antes: 1st takes 2 units (3 with 350 or
 *   more) and 2nd 1 unit from the pot; when the pot holds less than that,
 *   everyone antes 2 first. The first round finds the pot empty, so it starts
 *   with the antes.
 * - The option jung applies to rampung and parewanan only; it is ignored
 *   with the other schemes.
 */
#ifndef CEKI_PEI_H
#define CEKI_PEI_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

#define PEI_PLAYERS 3

/* ---- the pool laid out by rank ------------------------------------------ */

/* Which side of the square a pool card of this rank (1..9) lies on:
 * ROLE_RAJA (9s, 1s), ROLE_PATIH (8s, 2s), ROLE_UNYIK (7s, 3s, 5s) or
 * ROLE_DEALER (6s, 4s). ROLE_NONE for a rank out of range. */
GameRole pei_pool_side(int rank);
/* The ranks laid before `side`, in the order listed above, into ranks[0..3);
 * returns how many (0 for a side with none). */
int pei_pool_ranks(GameRole side, int ranks[3]);

/* ---- the seat ceremony --------------------------------------------------- */

/* Given each player's two-card sum, ranks the players: order[0] is raja,
 * order[1] patih, order[2] unyik. Players with equal sums stay unresolved:
 * tied[i] is true for each player who shares a sum with another one and must
 * draw again (only against those it ties with). Returns true when no one is
 * tied. */
bool pei_ceremony_order(const int sums[PEI_PLAYERS], int order[PEI_PLAYERS],
                        bool tied[PEI_PLAYERS]);

/* ---- placing --------------------------------------------------------------- */

typedef enum PeiPlace { PEI_NGETE = 1, PEI_TENGAH = 2, PEI_KETE = 3 } PeiPlace;

/* place[i] for scores[i] per the reading above. */
void pei_place(const int scores[PEI_PLAYERS], int place[PEI_PLAYERS]);
/* "ngeté", "tengah", "kete" (UTF-8); "?" for anything else. */
const char *pei_place_name(int place);
/* The same in ASCII ("ngete"), for text files and the command line. */
const char *pei_place_key(int place);

/* The seat that becomes unyik next round, from this round's scores by seat
 * and this round's raja: the lowest scorer; among tied lowest, the first in
 * play order after the raja. Play goes from seat s to s + dir (mod 3): dir is
 * +1, or -1 when the seating draw reversed the order (game_next_seat). */
int pei_next_unyik(const int scores[PEI_PLAYERS], int raja, int dir);

/* ---- stakes ---------------------------------------------------------------- */

#define PEI_POT (-1)
#define PEI_MAX_PAYMENTS 32
#define PEI_ANTE 2 /* units each player puts in the pot */

typedef enum PeiPayReason {
    PEI_PAY_ANTE = 0,
    PEI_PAY_WUDON_FIRST,   /* ⅔ of the wudon pot */
    PEI_PAY_WUDON_SECOND,  /* ⅓ of the wudon pot */
    PEI_PAY_WUDON_ALL,     /* 1st with 350 or more takes all */
    PEI_PAY_TE_LUMRAH,     /* kete with 200 or more pays 1 */
    PEI_PAY_TE_MATI,       /* kete under 200 pays 2 */
    PEI_PAY_BELAHAN,       /* ngeté with 350 or more: 2 from each other */
    PEI_PAY_PATANG_ATUSAN, /* ngeté with 400 or more: 2 more from each other */
    PEI_PAY_JUNG,          /* 1 per 10 points of difference, rounded up */
    PEI_PAY_NIR,           /* the whole pot to a 400 */
    PEI_PAY_JEDHIL_FIRST,  /* 2 (3 with 350 or more) from the pot */
    PEI_PAY_JEDHIL_SECOND, /* 1 from the pot */
    PEI_PAY_COUNT
} PeiPayReason;

typedef struct PeiPayment {
    int8_t payer;   /* player index or PEI_POT */
    int8_t payee;   /* player index or PEI_POT */
    uint8_t reason; /* PeiPayReason */
    int units;
} PeiPayment;

typedef struct PeiStakes {
    int place[PEI_PLAYERS];
    int net[PEI_PLAYERS]; /* units won (+) or lost (-) this round */
    PeiPayment pay[PEI_MAX_PAYMENTS];
    int npay;
    int pot; /* the pot carried into the next round (nir, jedhil; else 0) */
} PeiStakes;

/* The money of one round: `scores` are the three round scores, `pot` the pot
 * carried in (0 for the first round, and for the schemes without a pot).
 * CEKI_ERR_ARG for a scheme out of range, a negative score or pot, or NULL
 * pointers; *out is then untouched. */
CekiStatus pei_settle_stakes(StakeScheme scheme, bool jung, const int scores[PEI_PLAYERS], int pot,
                             PeiStakes *out);

/* "ante", "wudon-first", "te-lumrah", ... : ASCII keys for the command line. */
const char *pei_reason_key(int reason);
/* Player-facing labels with the Javanese words ("té lumrah"), UTF-8. */
const char *pei_reason_label(int reason);
/* Scheme names on the command line and in records: stake_scheme_key() and
 * stake_scheme_find() in record.h. */

/* ---- engine hooks (fishing.c only; g is a Pèi game of three players) ----- */

/* pei-chinese: how a packet of the deal is used (EV_PACKET's value). */
typedef enum PeiPacketUse { PEI_PACKET_STOCK = 0, PEI_PACKET_POOL, PEI_PACKET_HAND } PeiPacketUse;

/* After the shuffle, before the deal. pei-chinese: the packet deal. The 120
 * cards are cut into packets 1..8 of 14 and 8 loose cards; two dice are
 * thrown (EV_DICE: card, card2 = the dice, value = their sum) and the sum
 * counts round the packets from packet 1 (reading): the packet it reaches
 * and the next two (wrapping from 8 to 1) are the stock, the next two the
 * pool with the loose cards, and the last three the hands of the raja, the
 * patih and the unyik in that order. EV_PACKET per packet: card = packet
 * number (0 for the loose cards), value = PeiPacketUse, seat = the hand's
 * owner (-1 otherwise). The deck is reordered so that the ordinary deal
 * gives those hands, that pool and that stock. Other forms: no change. */
void pei_prepare_deck(Game *g, Card *deck, int n);
/* After the deal. pei, pei-magelang: the last stock card (stock[0]) is
 * turned up for all (stock_last_public; EV_PEEK with seat -1, value 1) and
 * the patih privately sees the one before it (peek at depth 2; EV_PEEK,
 * seat = patih, value 2). pei-chinese: the unyik privately sees the last
 * stock card (peek at depth 1). */
void pei_after_deal(Game *g);
/* After a stock card is drawn: a turned-up or peeked card that has left the
 * stock is no longer shown as in it. */
void pei_after_stock_draw(Game *g);
/* After the round is scored: the stakes of the round (GameConfig.stakes,
 * jung from OPTION_JUNG) added to Game.units, the pot carried in Game.pot,
 * one EV_STAKE_PAID per payment (seat = payer, card2 = payee, -1 / CARD_NONE
 * for the pot; card = PeiPayReason; value = units). */
void pei_settle_round(Game *g);

#endif
