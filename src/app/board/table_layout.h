/* table_layout.h — where everything on the card table goes: pure arithmetic.
 *
 * Contract: no SDL, no state, no allocation. Sizes are pixels as floats;
 * `unit` is the app's pixels per design unit (paddings, text rows). From a
 * TlSpec (window size, seats, card aspect, what the variant has) the layout
 * gives the zones of the table: a top bar, the seat at the bottom (the
 * viewer, hand fanned), the others around the table in play order (to the
 * right of the viewer for counter-clockwise play, to the left for
 * clockwise), the pool in the middle with the stock beside it, the prompt
 * bar over the viewer's hand. Every zone lies inside the window and no two
 * zones overlap (tests/app/test_layout.c). Cards inside a zone are placed
 * by board.h (board_row, board_groups), which shrinks and overlaps cards so
 * that any number fits (a pool of 120 cards included), keeping the top-left
 * index corner of every card visible.
 */
#ifndef CEKI_APP_TABLE_LAYOUT_H
#define CEKI_APP_TABLE_LAYOUT_H

#include <stdbool.h>

#include "board.h"
#include "game.h"
#include "variant.h"

/* Where a seat sits, seen from the viewer. */
typedef enum TlSide { TL_BOTTOM = 0, TL_RIGHT, TL_TOP, TL_LEFT, TL_SIDES } TlSide;

typedef struct TlSpec {
    float width, height; /* the window, pixels */
    float unit;          /* pixels per design unit */
    int players;         /* 2..6 */
    int bottom_seat;     /* the seat shown at the bottom */
    bool clockwise;      /* the next seat sits to the viewer's left, else right */
    bool dealer_side;    /* Pèi: a fourth side of the square for the dealer */
    bool reversed;       /* Pèi after a seating draw that turned the order of play:
                            play goes from seat s to s - 1 (game_next_seat) */
    double aspect;       /* card width over height of this deck style */
    bool hands;          /* the variant deals hands */
    bool stock;          /* it has a stock */
    bool discard;        /* Kowah: a discard pile beside the stock, no pool */
    int hand_max;        /* most cards the bottom hand will hold */
    bool narrow_sides;   /* the side seats' columns at their least width (the room of a
                            panel beside the table goes to the pool, not to them) */
    int band_ranks[4];   /* Pèi: the ranks of the pool's band before each side (TlSide;
                            0 while the roles are not known): a band down a side with
                            two ranks is narrower, its room going to the bands across */
} TlSpec;

typedef struct TlSeat {
    int seat;
    TlSide side;
    TlRect zone;  /* everything of this seat lies in here */
    TlRect plate; /* name, role, score */
    TlRect hand;  /* its hand (fanned for the viewer, backs for the others) */
    TlRect pile;  /* its captured pile */
    float card_h; /* height of its hand cards */
} TlSeat;

typedef struct TableLayout {
    TlSpec spec;
    TlRect top_bar;               /* title on the left, buttons on the right */
    TlRect buttons;               /* the right part of the top bar */
    TlRect prompt;                /* the line over the viewer's hand: what to do, action buttons */
    TlRect pool;                  /* the pool's cards (also where a trail is dropped) */
    TlRect stock;                 /* one card: the stock pile */
    TlRect spot;                  /* one card: where a played or turned card waits */
    TlRect discard;               /* Kowah: one card, the discard pile */
    TlSeat seats[CEKI_MAX_SEATS]; /* by seat number */
    float hand_card_h;            /* the viewer's hand cards */
    float small_card_h;           /* other hands, piles */
    float pool_card_h;            /* the largest a pool card may be */
} TableLayout;

/* The spec of a table of variant v for `players` at a window of width x
 * height pixels (unit: pixels per design unit; aspect: the deck style's
 * card width over height), seat 0 at the bottom in the order of play: what
 * the players' table and the spectator's screen share, so that their cards
 * are the same size at the same window size. */
TlSpec table_layout_spec_of(const VariantDesc *v, int players, float width, float height,
                            float unit, double aspect);

/* Pèi: the ranks of the pool's band before each side of a layout of spec,
 * by the seats' roles (ROLE_NONE while not known; 0 each while none is);
 * else (not Pèi's table) 0 each. */
void table_layout_band_ranks(const TlSpec *spec, const GameRole *role, int out[TL_SIDES]);

/* Fills *out for spec (players clamped to 2..6). */
void table_layout_compute(const TlSpec *spec, TableLayout *out);

/* Pèi: the side of the square no seat takes (TL_LEFT or TL_RIGHT), before
 * which the pool's band of the dealer's ranks lies. */
TlSide table_layout_dealer_side(const TableLayout *l);

/* Seat position k steps after the viewer in play order (k = 1..players-1)
 * as a side and an index along it; pure helper for the compute. */
TlSide table_layout_side_of(const TlSpec *spec, int seat);

/* Pèi: the band of the pool before each side (TL_BOTTOM .. TL_LEFT) and the
 * square's centre, where the stock lies. */
void table_layout_pei_bands(const TableLayout *l, TlRect bands[TL_SIDES], TlRect *centre);

#endif
