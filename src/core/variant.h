/* variant.h — the variant table: one const description per game.
 *
 * Contract: variant_get() returns a pointer into a static const table that
 * lives for the whole program. Every rule the fishing engine needs is a field
 * here (RULES.md §3); Kowah (§4) has its own engine and uses only the common
 * fields. Adding a fishing variant is one table entry plus, at most, one
 * scoring function in score.c.
 */
#ifndef CEKI_VARIANT_H
#define CEKI_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"

typedef enum VariantId {
    VARIANT_THOTHIT = 0,
    VARIANT_THOTHIT_CHINESE,
    VARIANT_THOTHIT_SACKSON,
    VARIANT_ENTHIT,
    VARIANT_THOTHIT_KUNA,
    VARIANT_THOTHIT_YOGYAKARTA,
    VARIANT_THIT_THIT_DULIT,
    VARIANT_KINGS,
    VARIANT_TOTIT,
    VARIANT_TOTIT_DENEXA,
    VARIANT_PEI,
    VARIANT_PEI_MAGELANG,
    VARIANT_PEI_CHINESE,
    VARIANT_KOWAH,
#ifdef CEKI_GUIDE_VARIANT
    VARIANT_GUIDE, /* src/README.md's worked example; built into a test only */
#endif
    VARIANT_COUNT,
    /* The game the program starts on and learn mode's guided game teaches. */
    VARIANT_DEFAULT = VARIANT_THOTHIT
} VariantId;

#define CEKI_MAX_SEATS 6
#define CEKI_MAX_DECK 360 /* Thothit Kuna with six players: six kepala */

typedef enum EngineKind { ENGINE_FISHING, ENGINE_KOWAH } EngineKind;
typedef enum DeckKind {
    DECK_CEKI,            /* `copies` kepala-copies of each of the 30 kinds */
    DECK_CEKI_PER_PLAYER, /* two copies per kepala, one kepala per player */
    DECK_FRENCH_NO_KINGS  /* the 52-card pack less its four Kings */
} DeckKind;
typedef enum TurnShape {
    TURN_HAND_THEN_STOCK, /* play a hand card, then turn the stock (bukakan) */
    TURN_HAND_ONLY,       /* play a hand card; no stock phase */
    TURN_STOCK_ONLY,      /* no hands: turn the stock card (watch mode) */
    TURN_KINGS,           /* turn two, then every pair in the pool is taken */
    TURN_DRAW_DISCARD     /* Kowah */
} TurnShape;
typedef enum MatchRule { MATCH_BY_RANK, MATCH_IDENTICAL } MatchRule;
typedef enum CompulsoryKind {
    COMPULSORY_NONE,
    COMPULSORY_PLAYED, /* a played or turned card with a match must capture */
    COMPULSORY_ANY     /* if any hand card can capture, one must */
} CompulsoryKind;
typedef enum CaptureOrder {
    ORDER_FREE,           /* any matching pool card */
    ORDER_TOTIT_TIERS,    /* other suit, then same suit, then the twin */
    ORDER_DENEXA_ODD,     /* an identical pair waits for its odd card */
    ORDER_CHINESE_FORFEIT /* legal, but taking from such a pair forfeits */
} CaptureOrder;
typedef enum StartRule {
    START_RAJA_COUNT,  /* Surakarta: first raja by two-card sums, then counted */
    START_DEALER_LEFT, /* dealer rotates clockwise; player on the left starts */
    START_DRAW_COUNT,  /* Yogyakarta: seat 0 draws, then last winner starts */
    START_PEI          /* two cards each, highest sum is raja */
} StartRule;
typedef enum MatchKind {
    MATCHKIND_ROUNDS,            /* a fixed number of rounds (GameConfig.rounds) */
    MATCHKIND_EACH_DEALS,        /* every player deals once; ties share */
    MATCHKIND_EACH_DEALS_UNTIED, /* every player deals once, more while tied */
    MATCHKIND_KINGS,             /* until all four Kings are won */
    MATCHKIND_HANDS_WON          /* Kowah: a fixed number of hands, count wins */
} MatchKind;
/* How a captured pile scores: one function per rule in score.c (Pèi's in
 * score_pei.c), used by the core, the computer players and the CLI. */
typedef enum ScoreRule {
    SCORE_RULE_NONE,       /* Kowah: nobody captures */
    SCORE_RULE_RED_PAIRS,  /* identical pairs 10, red-stamped pairs 20, red singles 10 */
    SCORE_RULE_ENTHIT,     /* the same, with fours of a kind 50 (red-stamped 100) */
    SCORE_RULE_PAIRS,      /* one point an identical pair (OPTION_ADVANCED: 9s 3, 1s 2) */
    SCORE_RULE_KUNA,       /* fours and threes (and red-stamped pairs) */
    SCORE_RULE_YOGYAKARTA, /* 10 an identical pair, 10 a red-stamped card */
    SCORE_RULE_KINGS,      /* one point a captured card */
    SCORE_RULE_PEI,        /* the five combinations (score_pei.c) */
#ifdef CEKI_GUIDE_VARIANT
    SCORE_RULE_GUIDE, /* src/README.md's example: identical pairs 2, other same-rank pairs 1 */
#endif
    SCORE_RULE_COUNT
} ScoreRule;
/* Pèi's rates per combination (score_pei.c). */
typedef enum PeiRateSet { PEI_RATES_SURAKARTA, PEI_RATES_MAGELANG, PEI_RATES_CHINESE } PeiRateSet;
typedef enum DeckStyle {
    STYLE_CEKI = 0,
    STYLE_WESTERN_CLUBS,
    STYLE_WESTERN_SPADES,
    STYLE_FRENCH, /* Kings only */
    STYLE_COUNT
} DeckStyle;

/* Rule options: bits of GameConfig.options. */
enum {
    OPTION_ADVANCED = 1u << 0, /* thothit-sackson: 9s pair 3, rank-1 pair 2 */
    OPTION_FACE_UP = 1u << 1,  /* pei*: captured piles face up */
    OPTION_JUNG = 1u << 2      /* pei* with rampung/parewanan stakes */
};

typedef struct VariantOption {
    uint32_t bit;
    const char *name;    /* as on the command line: "advanced" */
    const char *summary; /* one line, player-facing */
} VariantOption;

typedef struct VariantDesc {
    VariantId id;
    const char *key;      /* "thothit-chinese" */
    const char *name;     /* "Thothit, the Chinese game" */
    const char *javanese; /* name in Javanese script, "" where none is known */
    const char *summary;  /* one player-facing line in our own words */
    EngineKind engine;
    int min_players, max_players;
    DeckKind deck;
    int copies;           /* copies of each kind for DECK_CEKI */
    int hand;             /* cards per hand at the deal */
    int hand_two_players; /* hand size with two players (0: same as hand) */
    int pool;             /* cards dealt to the pool ... */
    bool pool_per_player; /* ... per player rather than in all */
    DeckStyle default_style;
    bool clockwise; /* play direction, for the table's layout */
    TurnShape turn;
    MatchRule match;
    bool first_turn_identical;
    CompulsoryKind compulsory;
    CaptureOrder order;
    bool captured_face_up;
    bool scores_red_stamps; /* show the red stamp on western styles */
    StartRule start;
    MatchKind match_kind;
    int default_rounds; /* for MATCHKIND_ROUNDS / HANDS_WON */
    uint32_t options;   /* which OPTION_ bits apply */
    ScoreRule score;    /* how a captured pile scores */
    bool even_players;  /* only an even number of players (Thothit Kuna: 4 or 6) */
    /* Pèi (START_PEI) only: */
    PeiRateSet pei_rates;
    bool pei_once;    /* each combination counts one copy of its cards (the Chinese form) */
    bool packet_deal; /* dealt by packets picked with two dice */
    bool unyik_peeks; /* the unyik sees the stock's top card after the deal */
} VariantDesc;

/* NULL for an id out of range. */
const VariantDesc *variant_get(VariantId id);
/* Looks a variant up by its key; NULL when unknown. */
const VariantDesc *variant_find(const char *key);
/* Whether the variant can be played by this many players. */
bool variant_players_ok(const VariantDesc *v, int players);
/* Pèi's stake schemes apply (GameConfig.stakes). */
bool variant_has_stakes(const VariantDesc *v);
/* Nothing to decide: the round plays itself (Kings, Thothit Yogyakarta,
 * Thit-Thit-Dulit); the table offers play / pause / step. */
bool variant_is_watch_only(const VariantDesc *v);
/* The match length is a number of rounds the players choose
 * (GameConfig.rounds). */
bool variant_has_rounds(const VariantDesc *v);
/* Number of cards in the deck for this many players. */
int variant_deck_size(const VariantDesc *v, int players);
/* Fills deck[] (capacity CEKI_MAX_DECK) in a fixed order; returns the count. */
int variant_build_deck(const VariantDesc *v, int players, Card *deck);
/* Hand size, pool size at the deal, for this many players. */
int variant_hand_size(const VariantDesc *v, int players);
int variant_pool_size(const VariantDesc *v, int players);
/* A card of the variant's deck, for sizing cards before any is dealt. */
Card variant_sample_card(const VariantDesc *v);
/* The deal for this many players: the deck, each hand, the pool, and the
 * rest (the stock, or cards set aside where there is no stock). */
typedef struct VariantDeal {
    int players, deck, hand, pool, rest;
} VariantDeal;
VariantDeal variant_deal(const VariantDesc *v, int players);
/* Copies of one kind in the deck (0 for kinds not in it). */
int variant_copies_of(const VariantDesc *v, int players, Card kind);

/* The option table; *count receives its length. */
const VariantOption *variant_options(int *count);
/* Bit for a name, or 0 when unknown. */
uint32_t variant_option_bit(const char *name);

/* How a deck style draws its cards (assets/cards/<key>/). */
typedef enum DeckArt {
    ART_CEKI,    /* the Javanese cards */
    ART_WESTERN, /* Ceki kinds shown as cards of two ordinary packs */
    ART_FRENCH   /* the French pack itself (Kings) */
} DeckArt;

/* One deck style: adding a style is a row of the table in variant.c (and an
 * enum value) plus its art folder. */
typedef struct DeckStyleDesc {
    DeckStyle id;
    const char *key;   /* settings, command line and the art folder: "western-clubs" */
    const char *name;  /* player-facing, short */
    const char *about; /* one player-facing line: what stands for what */
    DeckArt art;
    CardSuit myriads; /* ART_WESTERN: the suit standing for the myriads */
    CardSuit honours; /* ART_WESTERN: the suit whose J, Q, K are the three honours */
    bool ceki_choice; /* offered for the Ceki games (setup, settings, the table's cycle) */
    const char *tab;  /* player-facing, the card gallery's tab: "French (Kings)" */
} DeckStyleDesc;

/* NULL for a style out of range. */
const DeckStyleDesc *deck_style_get(DeckStyle style);
/* The style a game is drawn in when `chosen` is the player's choice: a
 * variant with a pack of its own (Kings) always has its own. */
DeckStyle variant_style(const VariantDesc *v, DeckStyle chosen);
/* The style `dir` steps from `from` among those with ceki_choice, round
 * and round (from one that is not a choice: the first). */
DeckStyle deck_style_step(DeckStyle from, int dir);
const char *deck_style_key(DeckStyle style);
/* STYLE_COUNT when unknown. */
DeckStyle deck_style_find(const char *key);

#endif
