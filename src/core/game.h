/* game.h — one match of any variant: moves, events, observations.
 *
 * Contract
 * - A Game is opaque and owns all its memory. game_create / game_clone return
 *   a new Game the caller frees with game_destroy (NULL-safe). No globals: two
 *   games never share state.
 * - A Game is a whole match (RULES.md: the variant's match structure). Within
 *   a round the player to move picks one of game_legal_moves(); forced steps
 *   (turning the stock, going on to the next round) are moves too, so a front
 *   end can pace them; when exactly one move is legal it may apply it at once.
 * - game_apply refuses a move that is not legal with CEKI_ERR_ILLEGAL and
 *   leaves the game exactly as it was. Moves are compared on type, seat, card
 *   and target (flags are informative).
 * - Every apply (and game_create) replaces the event list with what happened,
 *   in order; the front end animates and logs from it and never decides a rule.
 *   Events name every card, hidden ones too (a dealt hand, a private peek),
 *   except a Kowah stock draw that is not shown to all (EV_DRAWN):
 *   show a seat only what its observation allows.
 * - What happened in the open this round (RULES.md §5, Decision) is kept by
 *   the game itself as its public history (PublicHistory below), fixed in
 *   size, and is part of every seat's observation: computer players read it
 *   there, as a person with a good memory would.
 * - Randomness comes only from the seed in GameConfig; the same config and the
 *   same moves give the same game on every machine (see record.h).
 * - game_observe gives a seat's view: what that seat may see and nothing else
 *   (RULES.md §5). A spectator (GAME_SPECTATOR) is a seat-less view of the
 *   same game: what every seat sees, and no more.
 */
#ifndef CEKI_GAME_H
#define CEKI_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "score.h"
#include "status.h"
#include "variant.h"

/* ---- configuration ---------------------------------------------------- */

typedef enum StakeScheme {
    STAKES_NONE = 0, /* jentolan */
    STAKES_WUDON,
    STAKES_RAMPUNG,
    STAKES_PAREWANAN,
    STAKES_NIR,
    STAKES_JEDHIL,
    STAKES_COUNT
} StakeScheme;

typedef struct GameConfig {
    VariantId variant;
    int players;        /* within the variant's range */
    uint64_t seed;      /* everything random follows from it */
    uint32_t options;   /* OPTION_ bits the variant allows */
    int rounds;         /* MATCHKIND_ROUNDS / HANDS_WON: 0 = the variant's default */
    StakeScheme stakes; /* Pèi only */
} GameConfig;

/* A config with the variant's defaults (its minimum... players where the
 * variant has a fixed count, else 3 where allowed). */
GameConfig game_config_default(VariantId variant, uint64_t seed);
/* CEKI_OK when the config describes a game the rules allow. */
CekiStatus game_config_check(const GameConfig *cfg);

/* ---- moves ------------------------------------------------------------ */

typedef enum MoveType {
    MOVE_NONE = 0,
    MOVE_PLAY,         /* fishing: play `card` from hand; capture `target` or trail (CARD_NONE) */
    MOVE_TURN,         /* fishing: turn the stock (captures or trails by itself when forced) */
    MOVE_TAKE,         /* fishing: the turned card (Observation.turned) takes `target` */
    MOVE_NEXT_ROUND,   /* the round is over: deal the next one */
    MOVE_DRAW_STOCK,   /* Kowah: draw the top of the stock */
    MOVE_DRAW_DISCARD, /* Kowah: take the top of the discard pile */
    MOVE_DISCARD,      /* Kowah: discard `card` */
    MOVE_DECLARE,      /* Kowah: declare checki, exposing a pair of `card` */
    MOVE_CLAIM,        /* Kowah: claim `card` (a shown draw or a discard) to win */
    MOVE_PASS          /* Kowah: do not declare / do not claim */
} MoveType;

enum { MOVE_FLAG_FORFEIT = 1u << 0 /* taking this forfeits the win (thothit-chinese) */ };

typedef struct Move {
    uint8_t type; /* MoveType */
    uint8_t seat; /* who makes it */
    Card card;
    Card target;
    uint8_t flags;
} Move;

/* Longest move text, e.g. "declare:OT" or "10Sx10D". */
#define MOVE_TEXT_MAX 16
#define GAME_MAX_MOVES 512  /* an upper bound on game_legal_moves() */
#define GAME_SPECTATOR (-1) /* the viewer who holds no seat (observe, events) */

/* Text form used in records and by ceki-cli: "C4xS4" capture, "C4-" trail,
 * "turn", "take:S4", "next", "draw", "draw-discard", "discard:C4",
 * "declare:C4", "claim:C4", "pass". The seat is not written; parsing fills
 * it with `seat`. */
char *move_format(const Move *m, char buf[MOVE_TEXT_MAX]);
CekiStatus move_parse(const char *text, int seat, Move *out);
bool move_equal(const Move *a, const Move *b);

/* ---- events ----------------------------------------------------------- */

typedef enum EventType {
    EV_ROUND_START,   /* value = round number (from 1); seat = dealer (or -1) */
    EV_CEREMONY_CARD, /* seat drew card for choosing seats/roles/start; value = sum so far */
    EV_ROLE,          /* seat takes role `value` (GameRole) */
    EV_DEAL_HAND,     /* card dealt to seat's hand (card is CARD_NONE for others' eyes) */
    EV_DEAL_POOL,     /* card dealt face up to the pool */
    EV_DEAL_STOCK,    /* value = number of cards in the stock after the deal */
    EV_SET_ASIDE,     /* value = number of cards set aside unseen */
    EV_PLAYED,        /* seat played card from hand */
    EV_TURNED,        /* seat turned card from the stock */
    EV_CAPTURED,      /* seat's card captured card2 from the pool */
    EV_TRAILED,       /* seat's card stays in the pool */
    EV_PAIR_TAKEN,    /* Kings: seat took the pool pair card, card2 */
    EV_FORFEIT,       /* seat forfeited the win this round */
    EV_ROUND_SCORED,  /* seat scored value points this round */
    EV_ROUND_WON,     /* seat won (or shared) the round */
    EV_KING_WON,      /* Kings: seat won King card */
    EV_CUT,           /* Kings tie-break: seat cut card; value = its rank in the cut (A = 14) */
    EV_CUT_WON,       /* Kings: seat won the cut; value 0 for a round's King, 1 for the match */
    EV_SEATING,       /* Pèi: the seats after the draw; value = +1 or -1, the order of play
                         (game_next_seat); seat = the raja */
    EV_SIT_OUT,       /* Totit tie-break hand: seat sits out, not tied for the lead */
    EV_MATCH_OVER,    /* seat = the (first) winner; value = number of winners */
    EV_STAKE_PAID,    /* seat paid `value` units to seat card2 (CARD_NONE: the pot; seat -1:
                         the pot pays); card = the reason (PeiPayReason, pei.h) */
    EV_DICE,          /* pei-chinese: card = first die, card2 = second die */
    EV_PACKET,        /* pei-chinese: packet number card went to value (PeiPacketUse, pei.h) */
    EV_PEEK,          /* seat privately saw card; seat -1: card turned up for all (Pèi) */
    EV_DRAWN,         /* Kowah: seat drew card; value 0: from the stock (card is CARD_NONE
                         unless the draw is shown to all), 1: the discard top */
    EV_DISCARDED,     /* Kowah */
    EV_DECLARED,      /* Kowah: seat exposed a pair of card */
    EV_CLAIMED,       /* Kowah: seat claimed card and won */
    EV_HAND_DRAWN     /* Kowah: the stock ran out, nobody won */
} EventType;

typedef struct GameEvent {
    uint8_t type; /* EventType */
    int8_t seat;
    Card card;
    Card card2;
    int32_t value;
} GameEvent;

typedef enum GameRole { ROLE_NONE = 0, ROLE_RAJA, ROLE_PATIH, ROLE_UNYIK, ROLE_DEALER } GameRole;

/* ---- the game --------------------------------------------------------- */

typedef struct Game Game;

/* NULL on a bad config (status in *status when not NULL). */
Game *game_create(const GameConfig *cfg, CekiStatus *status);
void game_destroy(Game *g);
/* A deep copy. With `history` false the copy does not keep the move list
 * (cheaper, for search); it cannot then be written as a record. */
Game *game_clone(const Game *g, bool history);
/* Copies src into dst (both of the same variant and player count), keeping no
 * history; for search loops that reuse one allocation. */
CekiStatus game_copy_into(Game *dst, const Game *src);

const GameConfig *game_config(const Game *g);
const VariantDesc *game_variant(const Game *g);
int game_players(const Game *g);

/* The seat that must decide next, or -1 when the match is over. */
int game_to_move(const Game *g);
bool game_round_over(const Game *g);
bool game_match_over(const Game *g);
int game_round_number(const Game *g); /* from 1 */
/* Who plays after `seat`: seat + 1, except in Pèi after a seating draw that
 * reversed the order of play (RULES.md §3.11: raja -> patih -> unyik). */
int game_next_seat(const Game *g, int seat);
/* Totit tie-break hands: whether `seat` sits this round out (not tied for
 * the lead). Always false elsewhere. */
bool game_sitting_out(const Game *g, int seat);

/* Writes up to `cap` legal moves into out; returns how many there are in all
 * (0 only when the match is over). Each distinct move appears once. */
int game_legal_moves(const Game *g, Move *out, int cap);
/* Whether m is legal now (flags ignored). */
bool game_is_legal(const Game *g, const Move *m);
/* Why m is not legal, in a short player-facing sentence; "" when it is. */
const char *game_explain_illegal(const Game *g, const Move *m);
CekiStatus game_apply(Game *g, const Move *m);
/* game_apply for the simulators' inner loop: m must be one of the moves
 * game_legal_moves listed for this very position, unchanged (flags
 * included). Only the seat is checked in a release build (NDEBUG); a debug
 * build checks the whole move as game_apply does and refuses it the same
 * way. Everything else (front ends, records, people) uses game_apply. */
CekiStatus game_apply_listed(Game *g, const Move *m);

/* Events of the last apply (or of game_create). Borrowed; valid until the
 * next apply. Events can be switched off for fast playouts. */
const GameEvent *game_events(const Game *g, int *count);
void game_set_events_enabled(Game *g, bool enabled);

/* The events `in[0..n)` of the last apply of g as `seat` sees them: the same
 * events in the same order, each card the rules do not show that seat
 * replaced by CARD_NONE (a back). Returns n. out may equal in. seat -1
 * (GAME_SPECTATOR): what every seat sees. A dealt hand card and a private peek are
 * seen by their seat only; a Kowah stock draw by the drawer (its card filled
 * in from g where the engine's event leaves it out) and by all only when
 * shown; everything else is public (visibility.c lists the readings).
 * Returns -1 and writes nothing for a seat out of range, n < 0 or NULL. */
int game_events_for_seat(const Game *g, const GameEvent *in, int n, int seat, GameEvent *out);

/* Moves applied since game_create (borrowed). Keeping them can be switched
 * off (for simulations); a game without its history cannot be recorded. */
const Move *game_history(const Game *g, int *count);
void game_set_history_enabled(Game *g, bool enabled);

/* A set position for examples, tests, `ceki-cli moves` and the strong
 * player's reading of earlier turns (ai_read.c): seat 0 is to play
 * from `hand` with `pool` face up, on its first turn or a later one; every
 * other card of the deck is in the stock (or set aside). Fishing variants
 * with a hand phase only. CEKI_ERR_IMPOSSIBLE when the cards are not in the
 * deck or there are more copies of a kind than the deck holds. */
Game *game_create_position(const GameConfig *cfg, const Card *hand, int nhand, const Card *pool,
                           int npool, bool first_turn, CekiStatus *status);

/* ---- the public history of a round -------------------------------------- */

typedef enum PublicKind {
    PUB_NONE = 0,
    PUB_CAPTURE, /* seat's card (played, or turned: PUB_FLAG_TURNED) took card2 from the pool */
    PUB_TRAIL,   /* seat's card (played or turned) was laid in the pool */
    PUB_PAIR,    /* Kings: seat took the pool pair card, card2 */
    PUB_DRAW,    /* Kowah: seat drew from the stock; card is the card when the draw was
                    shown to all, else CARD_NONE */
    PUB_TAKE_DISCARD, /* Kowah: seat took card, the top of the discard pile */
    PUB_DISCARD,      /* Kowah: seat discarded card */
    PUB_DECLARE,      /* Kowah: seat declared checki, showing a pair of card */
    PUB_CLAIM         /* Kowah: seat claimed card (from seat card2) and won */
} PublicKind;

enum {
    PUB_FLAG_TURNED = 1u << 0, /* PUB_CAPTURE / PUB_TRAIL: the card came from the stock */
    PUB_FLAG_DISCARD = 1u << 1 /* PUB_CLAIM: the card was the discard top (else a shown draw) */
};

typedef struct PublicEntry {
    uint8_t kind; /* PublicKind */
    uint8_t seat;
    uint8_t flags;
    Card card;
    Card card2;
} PublicEntry;

/* Entries kept. A fishing round never has more (one entry a card played or
 * turned, Thothit Kuna's 360 cards included); a long Kowah hand can: then
 * the latest PUBLIC_HISTORY_MAX are kept, and the sums below stay whole. */
#define PUBLIC_HISTORY_MAX 400

/* What every seat saw happen this round, oldest first, and what it adds up
 * to. It names no card that was not shown to everyone: a hidden stock draw
 * is an entry with CARD_NONE, a dealt hand or a private peek is no entry. */
typedef struct PublicHistory {
    PublicEntry entry[PUBLIC_HISTORY_MAX]; /* entry[0..count): the latest `count` of `total` */
    int count;
    int total; /* entries this round; total - count of the oldest were dropped */
    /* Copies of each kind seen going into seat s's captured pile (every
     * capture is made face up: this is the whole pile). */
    uint8_t pile[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
    /* Kowah: copies of each kind known to be in seat s's hand now: taken from
     * the discard pile, a shown draw, the declared pair (less what the seat
     * discarded of that kind since). */
    uint8_t hand[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
} PublicHistory;

/* ---- what a seat sees -------------------------------------------------- */

#define OBS_MAX_HAND 120
#define OBS_MAX_POOL CEKI_MAX_DECK
#define OBS_MAX_PILE CEKI_MAX_DECK

typedef enum GamePhase {
    PHASE_HAND,       /* play a card from hand */
    PHASE_STOCK,      /* turn the stock */
    PHASE_STOCK_TAKE, /* choose what the turned card captures */
    PHASE_DRAW,       /* Kowah: draw */
    PHASE_DISCARD,    /* Kowah: discard (then maybe declare) */
    PHASE_DECLARE,    /* Kowah: declare checki or pass */
    PHASE_CLAIM,      /* Kowah: claim the shown card or pass */
    PHASE_ROUND_OVER,
    PHASE_MATCH_OVER
} GamePhase;

typedef struct Observation {
    VariantId variant;
    int players;
    int seat; /* whose view this is */
    int round;
    GamePhase phase;
    int to_move;
    int dealer;  /* -1 where the variant has none */
    int starter; /* who played first this round */
    GameRole role[CEKI_MAX_SEATS];
    int next_seat[CEKI_MAX_SEATS];    /* who plays after each seat (game_next_seat) */
    bool sitting_out[CEKI_MAX_SEATS]; /* Totit tie-break hands: not in this hand */

    Card hand[OBS_MAX_HAND]; /* the observer's own hand */
    int hand_count[CEKI_MAX_SEATS];
    Card pool[OBS_MAX_POOL];
    int pool_count;
    int stock_count;
    int set_aside_count;

    /* captured[s] holds seat s's pile where this seat may see it; a hidden
     * pile reads as CARD_NONE throughout, with only its count given. */
    Card captured[CEKI_MAX_SEATS][OBS_MAX_PILE];
    int captured_count[CEKI_MAX_SEATS];
    bool captured_visible[CEKI_MAX_SEATS];

    Card turned; /* the stock card being decided (PHASE_STOCK_TAKE), else CARD_NONE */
    bool first_turn[CEKI_MAX_SEATS]; /* seat has not yet had its first turn */
    bool forfeited[CEKI_MAX_SEATS];

    /* Pèi: the public turned-up last stock card; the private peek of this seat. */
    Card stock_last_public;
    Card peek;
    int peek_depth; /* the peeked card is this many draws from the end (1 = last) */
    /* Every seat's private peek as the rules make it known (who looked, and
     * how deep: 0 for none); the card itself only in `peek`, to its seat. */
    int peek_depth_of[CEKI_MAX_SEATS];

    /* Kowah */
    Card discard[CEKI_MAX_DECK];
    int discard_count;
    Card exposed[CEKI_MAX_SEATS]; /* declared pair kind, or CARD_NONE */
    Card shown_draw;              /* a stock draw shown to everyone, or CARD_NONE */
    /* The card this seat drew this turn (its own, whether or not the others
     * saw it), CARD_NONE before its draw and after its discard. */
    Card drawn;
    int idle_turns; /* turns in a row begun with the discard top (the hand ends with no
                       winner at KOWAH_MAX_IDLE_TURNS, kowah.h) */

    /* Scores */
    int round_score[CEKI_MAX_SEATS]; /* valid in PHASE_ROUND_OVER / MATCH_OVER */
    bool round_winner[CEKI_MAX_SEATS];
    int match_score[CEKI_MAX_SEATS]; /* totals, Kings won, hands won */
    int units[CEKI_MAX_SEATS];       /* Pèi stakes: net units this match */
    int pot;                         /* Pèi nir/jedhil carry-over pot */
    bool match_winner[CEKI_MAX_SEATS];

    /* What happened in the open this round (RULES.md §5, Decision); the same
     * for every seat. */
    PublicHistory history;
} Observation;

/* Fills *out with what `seat` may see. seat GAME_SPECTATOR: what every seat
 * sees (out->seat is -1): no hand (the counts only), only the piles shown
 * face up to all, no peek, no draw of its own; the same public history. */
CekiStatus game_observe(const Game *g, int seat, Observation *out);
/* game_observe for a quick look in the computer players' playouts: the
 * same, but the cards of the captured piles and the history's entries are
 * not written (the counts, visibility and the history's sums are), and
 * nothing is cleared first: arrays hold their counts' worth of cards and
 * whatever was there before past them. */
CekiStatus game_observe_brief(const Game *g, int seat, Observation *out);

/* Every seat's hand as round `round` was dealt (its first position), for a
 * spectator who sees the hands a round late. */
typedef struct RoundHands {
    int round;
    int players;
    int count[CEKI_MAX_SEATS];
    Card hand[CEKI_MAX_SEATS][OBS_MAX_HAND];
} RoundHands;
/* The hands of `round` once that round is over (an earlier round, or this
 * one in PHASE_ROUND_OVER or PHASE_MATCH_OVER), replayed from g's config and
 * history; CEKI_ERR_STATE for a round being played or not yet dealt, and for
 * a game that keeps no history; CEKI_ERR_ARG for NULL; *out is written only
 * on CEKI_OK. The rule of the delay lives in visibility.c beside
 * game_events_for_seat: before its round is over no hand but one's own is
 * shown. */
CekiStatus game_round_hands(const Game *g, int round, RoundHands *out);

/* Breakdown of a seat's captured pile as it would score now. */
CekiStatus game_score_seat(const Game *g, int seat, ScoreBreakdown *out);

/* A copy of g in which everything `seat` cannot see (other hands, the stock
 * order, face-down piles of others, set-aside cards) is dealt again at random
 * from the cards the seat cannot account for, keeping every count and every
 * public fact. The public history is one: a card seen going into a pile or
 * known to be in a hand stays there (a face-down pile is dealt again only
 * where the history does not name it, as captures of one rank). The result
 * depends on the hidden cards only through the seat's observation: permuting
 * hidden cards in g gives the same result for the same seed. For the
 * computer players. NULL on error. */
Game *game_determinize(const Game *g, int seat, uint64_t seed);

/* A Game consistent with `view` (game_observe of its seat): every card the
 * view does not show is dealt into the hidden places (others' hands, the
 * stock, set-aside cards, face-down piles not named by the public history) in
 * a fixed order, every count and public fact kept. cfg gives the rules (its
 * seed is ignored). NULL on a view that no game of cfg can have, with the
 * status in *status. The rebuilt game depends on the view and cfg alone: a
 * computer player choosing on it with a given seed makes the choice it would
 * make on the real game (view_game.c says what is derived and how). */
Game *game_from_view(const GameConfig *cfg, const Observation *view, CekiStatus *status);

/* What a computer player believes of the others' hands from their play: a
 * seat s is taken not to hold kind k where avoid[s][k] (ai_read.c). */
typedef struct DealBelief {
    bool avoid[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
} DealBelief;

/* game_determinize, dealing the others' hands around a belief (fishing
 * variants; Kowah ignores it): a card the belief rules out of a hand is
 * swapped with an unseen card it allows, from the stock, the set-aside cards
 * or another hand that allows it in turn. Where no such card is found the
 * belief gives way, card by card: the deal stays one the seat's observation
 * allows. NULL belief: game_determinize. */
Game *game_determinize_believing(const Game *g, int seat, uint64_t seed, const DealBelief *belief);

/* The seed of seat s's computer player in a match dealt from `seed`: a one-way
 * function of both (a SHA-256 of the two, written for this project), so
 * knowing it tells nothing of the deal. */
uint64_t game_seat_ai_seed(uint64_t seed, int seat);

/* Seat s's share of the last round's result (PHASE_ROUND_OVER /
 * MATCH_OVER; 0 / false before), without a whole observation. */
int game_round_score(const Game *g, int seat);
bool game_round_won(const Game *g, int seat);

#endif
