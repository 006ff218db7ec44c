/* learn.h — learn mode: each variant's rules as illustrated pages, with
 * examples computed by the rules core, interactive set positions, a guided
 * first game of Thothit, a comparison of every variant and a glossary.
 *
 * Contract
 * - The learn scene (scene_learn*.c) opens on app->setup's variant (the
 *   --variant of a screenshot, the game being set up, or the game being
 *   played); CEKI_LEARN_PAGE (a section key such as "scoring", or its
 *   number in the variant's list from 0), CEKI_LEARN_SCROLL (design units,
 *   or "end") and CEKI_LEARN_STEPS (moves made on the page's interactive
 *   examples) choose what a headless screenshot shows.
 * - learn_push_overlay is for the table: it opens the rules of a variant on
 *   top of the table without touching app->setup or the game; Back or Esc
 *   returns to the table as it was.
 * - Every number an example shows comes from the core: points from
 *   score_pile (learn_score_view), verdicts and lit targets from
 *   game_is_legal / game_explain_illegal / game_legal_moves on a set
 *   position (learn_example_position), checki from kowah.h. The example
 *   tables are data so that tests can enumerate them.
 * - The pages are built from the text tables in learn_text.c
 *   (learn_doc_build) in the program's own words; house readings (choices
 *   the sources leave open) are blocks of their own kind, drawn with a
 *   "House reading" badge.
 */
#ifndef CEKI_APP_LEARN_H
#define CEKI_APP_LEARN_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app.h"
#include "game.h"
#include "score.h"
#include "variant.h"

/* Opens the rules of variant v over the current scene (the table), leaving
 * the game and app->setup alone. Shows a toast when it cannot. */
void learn_push_overlay(App *app, VariantId v);
/* F1 away from the table: the Keys and mouse page over the current scene. */
void learn_push_keys(App *app);

/* ---- sections ----------------------------------------------------------- */

typedef enum LearnSection {
    LEARN_ORIGIN = 0, /* where, by whom, sources; players and deck */
    LEARN_DEAL,       /* the cards and the deal, drawn */
    LEARN_TURN,       /* a turn step by step, with a worked turn */
    LEARN_CAPTURE,    /* what may capture what (Kowah: checki hands) */
    LEARN_TRY,        /* interactive set positions (watch-only games: watch a round) */
    LEARN_SCORING,    /* example piles scored by the core */
    LEARN_STAKES,     /* Pèi's stake schemes */
    LEARN_MATCH,      /* match structure and every house reading */
    LEARN_COMPARE,    /* all variants side by side */
    LEARN_GLOSSARY,   /* the Javanese terms */
    LEARN_KEYS,       /* the mouse and the keys, at the table and everywhere (F1) */
    LEARN_GUIDED,     /* the game's guided first game, started at the table */
    LEARN_SECTION_COUNT
} LearnSection;

/* The sections of a variant in order; returns how many. */
int learn_sections(VariantId v, LearnSection out[LEARN_SECTION_COUNT]);
const char *learn_section_title(VariantId v, LearnSection s);
/* "origin", "deal", ... (for CEKI_LEARN_PAGE); LEARN_SECTION_COUNT when unknown. */
const char *learn_section_key(LearnSection s);
LearnSection learn_section_find(const char *key);

#define LEARN_BIT(v) (1u << (unsigned)(v))
#define LEARN_ALL ((1u << VARIANT_COUNT) - 1u)

/* ---- examples ----------------------------------------------------------- */

/* A captured pile and what it is meant to show; scored for every variant
 * in `variants` (the page of each shows it). */
typedef struct LearnScoreExample {
    uint32_t variants;
    uint32_t options; /* OPTION_ bits for score_pile */
    const char *pile; /* card notation */
    const char *caption;
} LearnScoreExample;

/* Where a capture example belongs on its page. */
typedef enum LearnLegalTopic {
    LEGAL_MATCH, /* what may take what */
    LEGAL_TRAIL, /* a card with no match */
    LEGAL_FIRST, /* the first turn */
    LEGAL_ORDER  /* the capture order, the odd card, the forfeit */
} LearnLegalTopic;

/* A static capture example: `card` played into `pool`; the targets the core
 * allows light up. `expect` lists them as the caption promises ("-" alone:
 * the card must stay in the pool); tests hold the caption to it. */
typedef struct LearnLegalExample {
    uint32_t variants;
    LearnLegalTopic topic;
    const char *card;
    const char *pool;
    bool first_turn;
    const char *expect;
    const char *caption;
} LearnLegalExample;

/* An interactive set position: drag a hand card onto a pool card or into
 * the pool, and the core says whether that was legal and why. */
typedef struct LearnTryExample {
    uint32_t variants;
    const char *hand;
    const char *pool;
    bool first_turn;
    const char *title;
    const char *prompt;
} LearnTryExample;

/* Kowah: a hand of eight (shown and analysed) or nine (pick the discard
 * that leaves a checki hand). */
typedef struct LearnCheckiExample {
    const char *hand;
    const char *title;
    const char *caption;
} LearnCheckiExample;

const LearnScoreExample *learn_score_examples(int *count);
const LearnLegalExample *learn_legal_examples(int *count);
const LearnTryExample *learn_try_examples(int *count);
const LearnCheckiExample *learn_checki_examples(int *count);

/* Parses notation into out (at most cap); returns the count (0 on error). */
int learn_parse_cards(const char *text, Card *out, int cap);
/* What a captured pile written in notation scores in variant v, by the
 * core (score_pile): every score a text quotes comes from here. */
int learn_pile_score(VariantId v, uint32_t options, const char *cards);

#define LEARN_VIEW_GROUPS 16
#define LEARN_VIEW_CARDS 24

typedef struct LearnScoreGroup {
    char label[SCORE_LABEL_MAX];
    uint8_t kind; /* ScoreGroupKind */
    Card cards[LEARN_VIEW_CARDS];
    int ncards;
    int points;
} LearnScoreGroup;

/* What a score example shows: the groups of score_pile's breakdown, scoring
 * groups first, and its total. */
typedef struct LearnScoreView {
    int total;
    int ngroups;
    LearnScoreGroup groups[LEARN_VIEW_GROUPS];
} LearnScoreView;

/* The view of a breakdown the core made; false when it does not fit. */
bool learn_score_view_of(const ScoreBreakdown *b, LearnScoreView *out);
/* Scores ex's pile for v with the core; false when the pile does not parse
 * or does not fit the view. */
bool learn_score_view(VariantId v, const LearnScoreExample *ex, LearnScoreView *out);

/* The set position of an example for v (default players, seat 0 to play);
 * the caller destroys it. NULL for variants without a hand phase. */
Game *learn_example_position(VariantId v, const char *hand, const char *pool, bool first_turn);

/* The pool kinds a hand card may take now (each once) into out; *may_trail
 * whether it may be laid in the pool; forfeit[i] whether taking out[i]
 * forfeits the win (the Chinese game). Returns how many. */
int learn_legal_targets(const Game *g, Card card, Card *out, bool *forfeit, int cap,
                        bool *may_trail);

typedef struct LearnVerdict {
    bool made; /* an attempt was judged */
    bool legal;
    bool forfeit; /* legal, but it throws the round's win away */
    Card card, target;
    char text[320]; /* player-facing: why */
} LearnVerdict;

/* Judges playing `card` onto `target` (CARD_NONE: into the pool) for the
 * seat to move of g, with the core's reasons. */
void learn_judge(const Game *g, DeckStyle style, Card card, Card target, LearnVerdict *out);

/* "4 of Coins", or the western card standing for it in a western style. */
void learn_card_name(Card c, DeckStyle style, char *buf, size_t size);
/* Replaces {C4} tokens in src by card names of the style. */
void learn_expand_cards(const char *src, DeckStyle style, char *buf, size_t size);

/* One line of a told sequence of moves, with the cards it is about. */
typedef struct LearnStep {
    char text[240]; /* rich text */
    Card cards[2];
    int ncards;
} LearnStep;

/* The seed of every dealt example (the deal, the worked turn, the demo). */
#define LEARN_SEED 20u

/* A move for a demonstration: a capture when there is one, declaring and
 * claiming in Kowah, else the first legal move. False when none. */
bool learn_pick_move(const Game *g, Move *out);
/* The starting player's first turn of a game dealt with LEARN_SEED, told
 * event by event; returns the number of steps. */
int learn_worked_turn(VariantId v, DeckStyle style, LearnStep *out, int cap);

/* The seat names a description uses: "you", "the patih", "seat 3". */
typedef struct LearnSeatNames {
    char name[CEKI_MAX_SEATS][32];  /* in a sentence: "the patih", "you" */
    char title[CEKI_MAX_SEATS][32]; /* at its start or alone: "The patih", "You" */
    bool you[CEKI_MAX_SEATS];       /* "you play" rather than "the patih plays" */
} LearnSeatNames;
void learn_seat_names(const Game *g, int you, LearnSeatNames *out);
/* One sentence for an event (capitalised, rich text); false for events not
 * worth telling. */
bool learn_describe_event(const GameEvent *e, const LearnSeatNames *names, DeckStyle style,
                          char *buf, size_t size);
/* The told events of one apply appended to out[*n..cap). */
void learn_tell_events(const GameEvent *ev, int count, const LearnSeatNames *names, DeckStyle style,
                       LearnStep *out, int *n, int cap);

/* ---- pages --------------------------------------------------------------- */

typedef enum LearnBlockKind {
    LB_TITLE,    /* the variant's name, script, one line (text) */
    LB_HEADING,  /* text */
    LB_PARA,     /* rich text: *bold*, _term_, {C4} card names */
    LB_NOTE,     /* smaller rich text */
    LB_BULLET,   /* rich text with a bullet */
    LB_STEP,     /* rich text, numbered `index` */
    LB_HOUSE,    /* house reading `index` (learn_house_readings) */
    LB_SOURCE,   /* a source: text (title), text2 (what it gives) */
    LB_FACTS,    /* the variant's facts from its table row */
    LB_CARDS,    /* cards (text: notation, "|" a gap), caption text2 */
    LB_LEGAL,    /* legal example `index` */
    LB_SCORE,    /* score example `index` */
    LB_TRY,      /* interactive example `index` */
    LB_DEAL,     /* the deal of a seeded game, drawn */
    LB_WORKED,   /* the first turn of a seeded game, event by event */
    LB_DEMO,     /* watch-only games: step through a seeded round */
    LB_CHECKI,   /* Kowah example `index` */
    LB_COMPARE,  /* the comparison table */
    LB_GLOSSARY, /* glossary entry `index` */
    LB_GUIDED    /* the button that starts the guided game at the table */
} LearnBlockKind;

typedef struct LearnBlock {
    LearnBlockKind kind;
    const char *text;
    const char *text2;
    int index;
} LearnBlock;

#define LEARN_MAX_BLOCKS 120
#define LEARN_ARENA 32768

typedef struct LearnDoc {
    VariantId variant;
    LearnSection section;
    DeckStyle style;
    LearnBlock blocks[LEARN_MAX_BLOCKS];
    int count;
    char arena[LEARN_ARENA]; /* text made for this page */
    size_t used;
    bool truncated; /* ran out of blocks or arena (a bug; tests check) */
} LearnDoc;

/* Builds a page; card tokens are expanded for the style. */
void learn_doc_build(LearnDoc *doc, VariantId v, LearnSection s, DeckStyle style);

/* ---- house readings and glossary (learn_text.c) -------------------------- */

typedef enum LearnReadingFrom {
    READING_RULES,  /* a **Decision** of the project's rules reference */
    READING_README, /* a reading the engineers made (README) */
    READING_CORE    /* a reading documented in a core header (pei.h, kowah.h) */
} LearnReadingFrom;

typedef struct LearnHouseReading {
    uint32_t variants;
    LearnReadingFrom from;
    const char *topic; /* a few words */
    const char *text;  /* rich text, our words */
} LearnHouseReading;

const LearnHouseReading *learn_house_readings(int *count);

typedef struct LearnTerm {
    const char *term;
    const char *javanese; /* script as the sources give it, or "" */
    const char *meaning;  /* rich text */
    const char *games;    /* where it is used */
} LearnTerm;

const LearnTerm *learn_glossary(int *count);

/* Short phrases of the comparison table, by variant. */
typedef struct LearnCompareRow {
    const char *phases;
    const char *capture;
    const char *scoring;
} LearnCompareRow;
const LearnCompareRow *learn_compare_row(VariantId v);

/* ---- what the scene shows, for tests --------------------------------------- */

#define LEARN_MAX_SHOWN 24

typedef struct LearnShownScore {
    VariantId variant;
    int example;
    int total;
    int ngroups;
    int points[LEARN_VIEW_GROUPS];
} LearnShownScore;

typedef struct LearnMetrics {
    int texts;     /* text boxes laid out */
    int overflows; /* lines or labels wider than their box */
    char overflow[4][160];
    int outside;     /* parts of blocks past the page's right edge */
    bool store_full; /* the text layout ran out of room */
    int shown;       /* score examples drawn on screen */
    LearnShownScore scores[LEARN_MAX_SHOWN];
} LearnMetrics;

typedef struct LearnInfo {
    VariantId variant;
    LearnSection section;
    bool overlay;
    int scroll, scroll_max; /* pixels */
    SDL_Rect viewport;      /* where the page scrolls */
    const LearnDoc *doc;
    const LearnMetrics *metrics; /* of the last drawn frame */
    LearnVerdict verdict;        /* the last judged attempt */
} LearnInfo;

/* Fills *out when the top scene is learn. */
bool learn_info(const App *app, LearnInfo *out);

#endif
