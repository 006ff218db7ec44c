/* paint.h — the drawing primitives the screens are made of.
 *
 * Contract: every function draws with the SDL_Renderer it is given. A Paint
 * holds the small textures the shapes are built from (anti-aliased corner
 * quadrants, soft-shadow tiles, the felt grain, suit icons), made on first
 * use for that renderer; it must be used with one renderer only (call
 * paint_clear_cache before switching). Sizes are pixels. Nothing here knows
 * about scenes or games.
 */
#ifndef CEKI_APP_PAINT_H
#define CEKI_APP_PAINT_H

#include <SDL.h>
#include <stdbool.h>

#include "card.h"

typedef struct Paint Paint;

static inline SDL_Color paint_rgba(Uint8 r, Uint8 g, Uint8 b, Uint8 a)
{
    SDL_Color c = {r, g, b, a};
    return c;
}

Paint *paint_create(void);
void paint_destroy(Paint *p);
void paint_clear_cache(Paint *p);

void paint_fill_rect(SDL_Renderer *r, SDL_Rect rect, SDL_Color color);
/* A rounded rectangle, anti-aliased at the corners. */
void paint_round_rect(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color color);
/* The same shaded from top to bottom. */
void paint_round_gradient(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color top,
                          SDL_Color bottom);
/* Its outline, `thickness` pixels wide, inside rect. */
void paint_round_frame(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int thickness,
                       SDL_Color color);
/* A soft shadow (or, in a light colour, a glow) under rect: spreads `blur`
 * pixels beyond it, at most color.a opaque. */
void paint_shadow(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur, SDL_Color color);
/* The same, leaving out the ncovered rectangles of `covered`, which the
 * caller then covers with something opaque: the same pixels for less
 * blending. */
void paint_shadow_around(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur,
                         SDL_Color color, const SDL_Rect *covered, int ncovered);
/* A glow around rect that leaves rect itself untouched. */
void paint_glow(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur, SDL_Color color);
/* A vertical gradient. */
void paint_vgradient(SDL_Renderer *r, SDL_Rect rect, SDL_Color top, SDL_Color bottom);
/* A convex polygon (a fan from the first point). */
void paint_polygon(SDL_Renderer *r, const SDL_FPoint *points, int n, SDL_Color color);
/* The green baize of the card table over the whole w x h target (drawn
 * once per size into a texture kept here, then copied). */
void paint_felt(Paint *p, SDL_Renderer *r, int w, int h);
/* A translucent rounded panel (fill, then a frame line of frame_px) that
 * lies on the bare felt: made once into an opaque picture of that piece of
 * felt with the panel on it and copied without blending; drawn directly
 * when it cannot be (no felt texture, a target texture in use). */
void paint_felt_panel(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color fill,
                      int frame_px, SDL_Color frame);
/* Whether paint_felt_panel at rect, drawn now, paints every pixel of rect
 * opaque (its picture is made or can be: the felt is made at the target's
 * size, no target texture is in use, rect lies within the target). */
bool paint_felt_panel_covers(Paint *p, SDL_Renderer *r, SDL_Rect rect);
/* paint_felt but for `hole`, which the caller covers next with something
 * opaque (a panel paint_felt_panel_covers); the whole felt when the felt
 * cannot be kept as a texture. */
void paint_felt_around(Paint *p, SDL_Renderer *r, int w, int h, SDL_Rect hole);
/* Takes `hole` out of the region that the n rectangles of parts cover
 * (they do not overlap): each one it meets is replaced by the up to four
 * bands around it, which do not overlap either. Returns the new count; the
 * region unchanged (n) when that would be more than cap rectangles (cap
 * is at most PAINT_REGION_MAX). */
#define PAINT_REGION_MAX 64
int paint_region_cut(SDL_Rect *parts, int n, int cap, SDL_Rect hole);
/* Drops what was drawn into target textures (SDL_RENDER_TARGETS_RESET). */
void paint_forget_targets(Paint *p);
/* A French suit sign (SUIT_SPADES..SUIT_CLUBS) fitted into rect. */
void paint_suit(Paint *p, SDL_Renderer *r, CardSuit suit, SDL_Rect rect, SDL_Color color);

#endif
