/* card_art.h — drawing cards: SVG art rasterised once per size into textures.
 *
 * Contract: a CardArt reads the SVG files under cards_dir (assets/cards) by
 * the fixed names of the art (ceki/C1.svg, western-clubs/OT-stamped.svg,
 * french/10D.svg, backs/ceki.svg, ...), each file once, and rasterises a
 * card the first time it is drawn at a pixel size, keeping the texture
 * (least recently used ones are dropped past a memory budget). A file that
 * is absent draws as a clearly marked "missing art" card, never a crash.
 * Rasterising is budgeted per frame: past the budget a card is drawn from
 * another size of the same art (or a blank card) and card_art_pending()
 * says another frame is needed; card_art_end_frame makes the faces that
 * wait and says where their cards were shown, to be drawn again there.
 * card_art_begin_frame(…, true) lifts the budget
 * (screenshots, tests). Everything draws with the given renderer;
 * use one renderer per CardArt. Paint and Text are borrowed.
 */
#ifndef CEKI_APP_CARD_ART_H
#define CEKI_APP_CARD_ART_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "card.h"
#include "paint.h"
#include "text.h"
#include "variant.h"

typedef enum CardDrawFlag {
    CARD_FACE_DOWN = 1u << 0,  /* draw the back */
    CARD_HIGHLIGHT = 1u << 1,  /* gold frame: focus, a legal target */
    CARD_RED_STAMP = 1u << 2,  /* the variant scores red stamps: western art shows the stamp */
    CARD_COLOUR_CUE = 1u << 3, /* add a shape badge where a red stamp shows */
    CARD_DIM = 1u << 4,        /* darkened: not playable now */
    CARD_NO_SHADOW = 1u << 5
} CardDrawFlag;

typedef struct CardArt CardArt;

CardArt *card_art_create(const char *cards_dir, Paint *paint, Text *text);
void card_art_destroy(CardArt *art);

/* Width over height of a card of this style (Ceki cards are tall and narrow). */
double card_art_aspect(DeckStyle style, Card c);
/* The largest card of that aspect centred in box. */
SDL_Rect card_art_fit(DeckStyle style, Card c, SDL_Rect box);
/* The art file for a card, relative to cards_dir ("ceki/C1.svg"). */
void card_art_file(DeckStyle style, Card c, unsigned flags, char *buf, size_t size);
/* Whether the art file of this card could not be read. */
bool card_art_is_missing(CardArt *art, DeckStyle style, Card c, unsigned flags);

/* Draws card c (a kind from card.h) of the style at rect; flags from
 * CardDrawFlag. Cards of the French pack always use the French art. */
void card_art_draw(CardArt *art, SDL_Renderer *r, DeckStyle style, Card c, SDL_Rect rect,
                   unsigned flags);
/* How far past its rect card_art_draw of a card rect_w pixels wide paints
 * (its shadow, 1.5 blurs below, and the highlight's frame), in pixels. */
int card_art_reach(int rect_w);
/* The same turned by angle degrees (clockwise) about its centre, with a
 * hard shadow; highlight, dimming and the cue are for upright cards. A card
 * whose texture is not made yet is left out of this frame (pending). */
void card_art_draw_rotated(CardArt *art, SDL_Renderer *r, DeckStyle style, Card c, SDL_Rect rect,
                           double angle, unsigned flags);

/* The part of rect that card_art_draw of this card there (any flags but
 * those choosing its art: CARD_FACE_DOWN, CARD_RED_STAMP) paints with
 * opaque pixels whatever lay under it: its face's inside within the smoothed
 * edge. Empty when that is not known: the face is not made at that size yet,
 * or its art is missing. */
SDL_Rect card_art_opaque(CardArt *art, DeckStyle style, Card c, SDL_Rect rect, unsigned flags);

void card_art_begin_frame(CardArt *art, bool unlimited);
bool card_art_pending(const CardArt *art);
/* After a frame: makes, within what is left of its budget, the faces of
 * cards shown with a stand-in (this frame or earlier) and puts in out
 * where each card whose face is now made was shown: those places are to be
 * drawn again. Returns how many, or -1 when there were more to list than
 * cap (or than are kept): the whole window is to be drawn again.
 * card_art_pending() then says whether another frame is wanted: places
 * to draw again, or faces that still wait. */
int card_art_end_frame(CardArt *art, SDL_Renderer *r, SDL_Rect *out, int cap);
/* For tests: at most `faces` faces rasterised a frame even when the budget
 * is lifted, so that stand-ins are drawn deterministically (0: no limit). */
void card_art_limit_faces(CardArt *art, int faces);
/* Drops every texture (after a renderer change) and forgets which files were
 * missing, so art added since is picked up. */
void card_art_reset(CardArt *art);
/* Textures held now (for tests). */
int card_art_texture_count(const CardArt *art);
/* Texels (pixels of card faces) held now. */
long long card_art_texels(const CardArt *art);
/* The faces drawn so far may not be wanted again (the window changed size,
 * the deck style changed): a couple of frames from now, every texture not
 * drawn since is freed. */
void card_art_forget_unused(CardArt *art);

#endif
