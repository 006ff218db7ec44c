/* learn_internal.h — what the files of the learn scene share: its state,
 * the rich-text layout cache, the interactive boards and the block drawing.
 *
 * Contract: only scene_learn*.c include this. Layout is in drawable pixels
 * for the current UI scale; a page is laid out once (block heights, wrapped
 * text) and drawn many times; learn_layout_invalidate forces a new layout
 * (page, variant, size or deck style changed). Every pass over the blocks
 * (drawing or not) registers the widgets and hit areas of the blocks in
 * view, so events always see what the last layout put on screen.
 */
#ifndef CEKI_APP_LEARN_INTERNAL_H
#define CEKI_APP_LEARN_INTERNAL_H

#include <SDL.h>
#include <stdbool.h>

#include "learn.h"
#include "store.h"
#include "ui.h"

/* ---- rich text ------------------------------------------------------------- */

typedef enum RichFace { RICH_BODY = 0, RICH_BOLD, RICH_TERM } RichFace;

typedef struct RichSeg {
    int x;        /* from the line's left */
    int lift;     /* from the line's top to this segment's box top */
    uint8_t face; /* RichFace */
    uint32_t off; /* text in the layout's chars */
    uint16_t len;
} RichSeg;

typedef struct RichLine {
    int y; /* from the box's top */
    int w, h;
    int first, count; /* segments */
} RichLine;

/* A laid-out text: lines [first, first + count). */
typedef struct RichBox {
    bool valid;
    uint32_t hash; /* of the text it was laid out from */
    int first, count;
    int w, h; /* the box width it was laid out for, the height used */
    TextStyle style;
} RichBox;

#define LEARN_MAX_LINES 3072
#define LEARN_MAX_SEGS 8192
#define LEARN_CHARS 196608
#define LEARN_RICH_SLOTS 40 /* texts per block */

typedef struct RichStore {
    RichLine lines[LEARN_MAX_LINES];
    int nlines;
    RichSeg segs[LEARN_MAX_SEGS];
    int nsegs;
    char chars[LEARN_CHARS];
    size_t used;
    bool full;
} RichStore;

/* ---- interactive parts -------------------------------------------------------- */

typedef enum HitKind { HIT_HAND, HIT_POOL, HIT_ZONE, HIT_PICK } HitKind;

typedef struct LearnHit {
    SDL_Rect rect; /* clipped to the view */
    uint8_t kind;  /* HitKind */
    int board;     /* which board (index in boards[]) */
    int index;     /* hand or pool position */
    Card card;
} LearnHit;

#define LEARN_MAX_HITS 160
#define LEARN_MAX_BOARDS 8

typedef enum BoardKind { BOARD_TRY, BOARD_DEMO, BOARD_CHECKI } BoardKind;

#define LEARN_LOG 10

typedef struct LearnBoard {
    BoardKind kind;
    int block;   /* the block it belongs to */
    int example; /* try / checki example, -1 otherwise */
    Game *game;
    Card hand[OBS_MAX_HAND];
    int nhand;
    Card pool[OBS_MAX_POOL];
    int npool;
    int selected;  /* hand position, -1 for none */
    bool locked;   /* a legal move was made: "Start again" */
    Card taken[2]; /* what the last legal capture took */
    int discard;   /* Kowah: the chosen discard, -1 */
    LearnVerdict verdict;
    LearnStep log[LEARN_LOG]; /* told events, newest last */
    int nlog;
} LearnBoard;

/* ---- the scene's state ------------------------------------------------------ */

typedef struct LaidBlock {
    int y, h; /* from the page's top, in pixels */
} LaidBlock;

typedef struct LearnState {
    Ui ui;
    VariantId variant;
    LearnSection sections[LEARN_SECTION_COUNT];
    int nsections;
    int section; /* index into sections */
    DeckStyle style;
    bool overlay;
    bool from_title;

    LearnDoc doc;
    LaidBlock laid[LEARN_MAX_BLOCKS];
    RichBox rich[LEARN_MAX_BLOCKS][LEARN_RICH_SLOTS];
    RichStore store;
    bool laid_out;
    int page_h;
    float laid_ui; /* the scale it was laid out for */
    SDL_Rect view; /* the scrolling area, pixels */
    int scroll;
    float pending_scroll; /* design units from CEKI_LEARN_SCROLL; < 0 none; 1e9 = end */

    LearnBoard boards[LEARN_MAX_BOARDS];
    int nboards;
    LearnHit hits[LEARN_MAX_HITS];
    int nhits;

    /* Pointer state: a card picked up, or the page being dragged. */
    bool pressed;
    int press_board, press_index;
    int press_x, press_y, mouse_x, mouse_y;
    bool dragging;
    bool scroll_drag;
    int scroll_drag_from;

    bool measuring; /* the layout pass: no widgets, no hits; overflows counted */
    int layout_overflows, frame_overflows;
    LearnMetrics metrics;
    LearnVerdict last_verdict;
    int focus_block; /* the block of the focused widget, for scrolling to it */

    /* The guided game (scene_table_guided.c) is dealt from app->setup: the
     * player's own setup is kept here meanwhile and given back on return. */
    GameSetup setup_before;
    bool setup_lent;
    bool guided_pending; /* CEKI_LEARN_PAGE=guided: start it at the first update */
    /* This game's guided game, left in the middle (journal_lesson): the
     * guided page offers to go on with it, or to start it again. */
    bool lesson_kept;
    char lesson_match[STORE_ID_LEN + 1];
    bool focus_go_on; /* back from a lesson left: the keyboard on "Go on" */
} LearnState;

/* Widget ids. */
enum {
    LID_BACK = 1,
    LID_VARIANT,
    LID_PLAY,
    LID_TAB = 10,    /* + section index */
    LID_BLOCK = 1000 /* + block * 100 + part */
};
enum {
    PART_HAND = 0,  /* + position, up to 39 */
    PART_POOL = 40, /* + position, up to 49 */
    PART_TRAIL = 90,
    PART_RESET,
    PART_STEP,
    PART_RUN,
    PART_ROW = 0 /* comparison rows: + variant */
};

static inline int learn_block_id(int block, int part)
{
    return LID_BLOCK + block * 100 + part;
}

/* ---- scene_learn_draw.c ------------------------------------------------------ */

typedef struct LearnPass {
    App *app;
    LearnState *s;
    bool draw;
} LearnPass;

/* Lays out (measure) or draws the page; registers widgets and hits of the
 * blocks in view. */
void learn_layout_invalidate(LearnState *s);
void learn_page_pass(App *app, LearnState *s, bool draw);
/* Creates the boards of the page's interactive blocks (after a doc build). */
void learn_boards_create(LearnState *s);
void learn_boards_destroy(LearnState *s);
/* Refreshes a board's hand and pool from its game. */
void learn_board_refresh(LearnBoard *b);

/* Notes a text wider than its box (for the tests' metrics). */
void learn_overflow(LearnState *s, const char *text, int have, int need);
/* Rich text in a box: lays out once per slot, then draws. Returns the height. */
int learn_rich(LearnPass *p, int block, int slot, const char *text, TextStyle style, int x, int y,
               int w, float spacing);
/* One line of text at (x, y) top left that must fit in w (checked). */
SDL_Rect learn_text_at(LearnPass *p, const char *text, TextStyle style, int x, int y, int w);
/* One line of text that must fit its box (checked). Returns the drawn box. */
SDL_Rect learn_label(LearnPass *p, const char *text, TextStyle style, SDL_Rect box,
                     TextAlign align);
/* Cards with the learn look (style, flags of the variant). */
unsigned learn_card_flags(const App *app, const LearnState *s);
int learn_card_h(const LearnState *s, Card sample, float units);
int learn_card_w(const LearnState *s, Card sample, int h);
/* The card's notation (Ceki) or rank and suit sign (western, French) under it. */
void learn_card_caption(LearnPass *p, Card c, SDL_Rect card, SDL_Color color);
void learn_add_hit(LearnState *s, HitKind kind, int board, int index, Card c, SDL_Rect r);
/* Adds a widget clipped to the view (nothing when out of view). */
void learn_add_widget(LearnPass *p, WidgetKind kind, int id, SDL_Rect r, const char *name);
bool learn_in_view(const LearnState *s, SDL_Rect r);

/* Card i of n like `sample`, ch high, in a line in `area` (board_row: from
 * its left and top unless `how`, board.h's BOARD_* flags, says otherwise),
 * `step` pixels after the one before it, overlapping when the line is
 * longer than the area. Every card rectangle of a learn page comes from
 * board.c, through this or board_flow / board_groups. */
SDL_Rect learn_line_card(const LearnState *s, Card sample, SDL_Rect area, int ch, int step, int n,
                         int i, unsigned how);
/* A board's pool in its zone and its hand below: cards, widgets, hits. */
typedef struct BoardGeom {
    SDL_Rect zone; /* the pool's felt */
    int hand_y;
    int bottom;
} BoardGeom;
void learn_board_cards(LearnPass *p, int bi, LearnBoard *b, int x, int y, int w, int ch,
                       BoardGeom *geo);
/* A button inside the page (clipped to the view for input, drawn whole). */
void learn_button(LearnPass *p, int id, SDL_Rect r, const char *label, bool primary, bool disabled);
/* A fixed box showing a verdict (or the placeholder before any). */
void learn_verdict_box(LearnPass *p, int bi, int slot, const LearnVerdict *v,
                       const char *placeholder, int x, int y, int w, int h);
/* A scored pile's groups, left to right, wrapping within w: cards of the
 * given height, the core's label and points under each. Returns the height. */
int learn_score_groups(LearnPass *p, const LearnScoreView *view, int x, int y, int w, float units);
/* Told steps with their cards; rich slots slot0.. of the block. */
int learn_steps(LearnPass *p, int bi, int slot0, const LearnStep *st, int n, int x, int y, int w,
                float card_units);

/* The lit targets of the card picked up on board b (for drawing). */
int learn_board_lit(const LearnState *s, const LearnBoard *b, Card *targets, bool *forfeit,
                    bool *may_trail);
/* Tries card (hand position) onto target (CARD_NONE: the pool). */
void learn_board_attempt(App *app, LearnState *s, int board, int hand_index, Card target);
void learn_board_reset(App *app, LearnState *s, int board);

/* ---- the guided page (scene_learn.c) ----------------------------------------- */

/* The variant's guided first game at the table (scene_table_guided.c): the
 * setup it is dealt from (guided_line.h), the player's own setup given back
 * when Learn is shown again. */
SceneAction learn_start_guided(App *app, LearnState *s);
/* The guided game left in the middle (s->lesson_kept) taken up where it was. */
SceneAction learn_go_on_guided(App *app, LearnState *s);

#endif
