/* board.h — the one place that decides where the cards of a board go:
 * pure arithmetic.
 *
 * Used by the table (its hands, pool, piles), the result screen (piles by
 * what scored, the King won, the standings' Kings), the replay viewer (its
 * rows, pool lines, turned cards) and learn's pages (rows and hands,
 * combinations, pools, scored piles, the interactive boards, the guided
 * game's pool, hand, scored pile, the others' backs and the turned card):
 * their drawing code computes no card rectangle of its own. (A card being
 * dragged follows the pointer; that is not a board.)
 *
 * Contract: no SDL, no state, no allocation. Sizes are floats in whatever
 * unit the caller draws in (the table and learn: pixels; the result screen
 * and the replay viewer: design units); text is measured by the caller and
 * handed in as widths. Every function gives rectangles and the drawing code
 * only draws the rectangles it is given.
 *
 * The pieces:
 *   board_row / board_column  n cards in a line, overlapping when the line
 *                             is too short (a hand, a pile, a combination);
 *   board_pile                a pile of cards in overlapping rows;
 *   board_groups              groups of cards (a pool by rank, a pile by
 *                             kind) as stacked columns side by side, or
 *                             turned as rows one under another, wrapping,
 *                             at the largest card size that fits an area;
 *   board_flow                labelled groups flowing left to right in a
 *                             width, wrapping, a group too long for a line
 *                             split into pieces (captures by what scored,
 *                             tricks of captured pairs, a hand at the end);
 *   board_fit                 the largest card height of a ladder at which
 *                             what the caller measures fits a height.
 *
 * How a screen of boards (e.g. learn's worked examples: a hand over a pool,
 * rows of combinations) uses it: describe each group as a BoardGroup (its
 * card count, its steps as shares of the card width, the same[] marks of
 * copies of a kind, its label's measured width), lay them with board_flow
 * in the board's width, find the card height with board_fit over a
 * function that sums the flows' heights, then draw card i at cards[i] and
 * each piece's label at pieces[k].label. A single hand or a combination is
 * one board_row; a pool by rank board_groups; a captured pile board_pile.
 * tests/app/test_board.c checks at 1024x640 .. 3840x2160 for 2-6 groups
 * that cards lie inside their area, groups do not overlap, labels do not
 * cover cards, each card keeps a visible strip, and fits are maximal.
 */
#ifndef CEKI_APP_BOARD_H
#define CEKI_APP_BOARD_H

#include <stdbool.h>

typedef struct TlRect {
    float x, y, w, h;
} TlRect;

/* Rectangle helpers. */
bool tl_overlaps(TlRect a, TlRect b);
bool tl_inside(TlRect inner, TlRect outer);
bool tl_contains(TlRect r, float x, float y);
bool tl_empty(TlRect r);

/* The card height to draw at for a wanted height: the largest of a ladder
 * of sizes (about 5% apart) not above h, so that a card is rasterised at a
 * few sizes only however the layout shifts. */
float board_quantize(float h);

/* ---- lines of cards ------------------------------------------------------ */

/* How board_row places its line (flags, or-ed). */
enum {
    BOARD_ARC = 1,  /* the line bows down at its ends (the viewer's fan) */
    BOARD_LEFT = 2, /* from the area's left edge, else centred */
    BOARD_TOP = 4,  /* at the area's top, else centred across */
    BOARD_RIGHT = 8 /* ending at the area's right edge (unless BOARD_LEFT) */
};

/* The i-th of n cards of height card_h in a row in area, stepping right
 * by at most max_step card widths and overlapping when the row is too
 * long for area.w. */
TlRect board_row(TlRect area, double aspect, float card_h, int n, int i, float max_step,
                 unsigned how);
/* The same for a column stepping down (overlapping), centred. */
TlRect board_column(TlRect area, double aspect, float card_h, int n, int i, float max_step);

/* A pile of n cards in rows, in an area: the fewest rows in which every
 * card shows `show` of its width, else as many rows as the height allows
 * (rows overlapping, each showing `row` of a card's height) as long as
 * each card shows `least` of its width, else smaller cards (by the
 * quantize ladder, from max_h down to min_h, past which they may spill).
 * Cards and rows lie at most `spread` widths / heights apart; the block is
 * centred. out[] receives the n cards row by row, *block (may be NULL) the
 * rectangle they cover. Returns the card height used. */
typedef struct BoardPile {
    double aspect;
    float max_h, min_h;
    float show, least, row, spread;
} BoardPile;
float board_pile(TlRect area, const BoardPile *p, int n, TlRect *out, TlRect *block);

/* ---- groups -------------------------------------------------------------- */

/* Groups of cards (a pool by rank, a pile by kind). Each group is one or
 * more columns of cards overlapping downwards (peek = the part of a card's
 * height left showing), groups side by side, wrapping onto further lines
 * when needed. With `rows` the same turned: each group is rows of cards
 * overlapping rightwards (peek = part of the width), groups one under
 * another, for tall narrow areas. The cards are as large as fits, at most
 * max_h and at least min_h high (past min_h they may spill out of area),
 * or with `fixed` exactly max_h (a screen whose cards keep one size).
 * out[] receives one rect per card, group after group. Returns the card
 * height used. */
typedef struct BoardGroups {
    double aspect;
    float max_h, min_h;
    float peek;     /* 0..1 */
    float gap;      /* between groups */
    float line_gap; /* between lines of groups (0: gap) */
    bool rows;      /* see above */
    bool centre;    /* centre the block in the area, else top-left */
    bool fixed;     /* the cards exactly max_h high, never shrunk (may spill) */
    int max_lines;  /* 0: up to 4 */
    /* For groups that keep their places as cards come and go (Kings' pool):
     * with `room` above 1, every line as tall as a column of that many cards
     * (the cards made smaller until each line has it) and every group kept
     * to one column; 0 or 1, each line as tall as its tallest group. With
     * `flush`, every line starts where the longest starts rather than
     * centred by itself. A group growing or a place filled at the end of a
     * line then moves no other card. */
    int room;
    bool flush;
} BoardGroups;
float board_groups(TlRect area, const BoardGroups *g, const int *sizes, int ngroups, TlRect *out);

/* ---- flows of labelled groups -------------------------------------------- */

/* One group of a flow: n cards in a run under a label. A card steps
 * step_new (in the flow's units: a share of the card width) after the one
 * before it, step_same when same[i] says it is a copy of card i - 1. A
 * group longer than what is left of its line starts a fresh line when it fits there whole (or too
 * little of it would fit), else it is split into pieces, one a line; the label goes over the first
 * piece. A `squeeze` group (a hand at the end) is never split: it lies on the rest of its line, its
 * steps shrunk by one factor as far as step_min_new / step_min_same, on a fresh line when even
 * those do not fit. */
typedef struct BoardGroup {
    int n;
    const bool *same; /* NULL: every card a new kind */
    float step_new, step_same;
    bool squeeze;
    float step_min_new, step_min_same;
    float label_w; /* the label's width (0: none) */
} BoardGroup;

/* The measures of a flow. A line is label_h + card_h high. */
typedef struct BoardFlow {
    double aspect;
    float card_h;
    float label_h;    /* over the cards of a line, for the labels */
    bool label_below; /* the labels under the cards instead (learn's scores) */
    float pad;        /* a piece's inner margin left and right */
    float gap;        /* between pieces on a line */
    float line_gap;   /* between lines */
} BoardFlow;

/* A piece of a group on one line: cards [from, to) of group `group`, the
 * box they and the label take (label_h + card_h high), and where the label
 * goes (empty on the pieces after the first). */
typedef struct BoardPiece {
    int group;
    int from, to;
    TlRect box;
    TlRect label;
} BoardPiece;

/* Lays groups[0..ngroups) from (x, y) in a run `width` wide. cards (may
 * be NULL) receives one rect per card, group after group; pieces (may be
 * NULL) up to max_pieces pieces, their count in *npieces (may be NULL).
 * Returns the height used (0 without cards). */
float board_flow(const BoardFlow *f, float x, float y, float width, const BoardGroup *groups,
                 int ngroups, TlRect *cards, BoardPiece *pieces, int max_pieces, int *npieces);

/* ---- fitting ------------------------------------------------------------- */

/* A ladder of card heights from max down to min: by `step` when it is
 * above 0, else board_quantize's sizes. */
typedef struct BoardLadder {
    float max, min, step;
} BoardLadder;

/* What fills `limit` at card height h: measure(ctx, h) returns its extent
 * (a height). board_fit returns the largest height on the ladder whose
 * extent is within limit (its extent in *extent, may be NULL); the ladder's
 * least when none is. */
typedef float (*BoardMeasure)(void *ctx, float h);
float board_fit(const BoardLadder *ladder, float limit, BoardMeasure measure, void *ctx,
                float *extent);

#endif
