#include "paint.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAINT_MAX_CORNERS 64
#define PAINT_MAX_SHADOWS 40
#define PAINT_MAX_PANELS 16
#define PAINT_WHOLE_SHADOW 160000 /* pixels: a shadow this small is one texture */
#define PAINT_MAX_SUITS 32

typedef struct Corner {
    SDL_Texture *texture;
    int radius, thickness; /* thickness 0: filled */
} Corner;

typedef struct Shadow {
    SDL_Texture *texture;
    int w, h; /* the texture: nine tiles in one square, or the whole shadow */
    int radius, blur;
    bool outside;    /* a glow: nothing under the shape itself */
    SDL_Color color; /* drawn in, alpha included */
} Shadow;

typedef struct SuitIcon {
    SDL_Texture *texture;
    CardSuit suit;
    int w, h;
} SuitIcon;

/* A translucent panel over the felt, made once as an opaque picture of
 * that piece of felt with the panel on it. */
typedef struct FeltPanel {
    SDL_Texture *texture;
    SDL_Rect rect;
    int radius, frame_px;
    SDL_Color fill, frame;
} FeltPanel;

struct Paint {
    Corner corners[PAINT_MAX_CORNERS];
    int corner_next;
    Shadow shadows[PAINT_MAX_SHADOWS];
    int shadow_next;
    SuitIcon suits[PAINT_MAX_SUITS];
    int suit_next;
    SDL_Texture *grain;
    SDL_Texture *felt; /* the whole felt at felt_w x felt_h, drawn once */
    int felt_w, felt_h;
    FeltPanel panels[PAINT_MAX_PANELS];
    int panel_next;
};

static void drop_felt(Paint *p);

Paint *paint_create(void)
{
    return calloc(1, sizeof(Paint));
}

void paint_clear_cache(Paint *p)
{
    for (int i = 0; i < PAINT_MAX_CORNERS; i++) {
        if (p->corners[i].texture != NULL) {
            SDL_DestroyTexture(p->corners[i].texture);
        }
    }
    for (int i = 0; i < PAINT_MAX_SHADOWS; i++) {
        if (p->shadows[i].texture != NULL) {
            SDL_DestroyTexture(p->shadows[i].texture);
        }
    }
    for (int i = 0; i < PAINT_MAX_SUITS; i++) {
        if (p->suits[i].texture != NULL) {
            SDL_DestroyTexture(p->suits[i].texture);
        }
    }
    if (p->grain != NULL) {
        SDL_DestroyTexture(p->grain);
    }
    drop_felt(p);
    memset(p, 0, sizeof *p);
}

void paint_destroy(Paint *p)
{
    if (p != NULL) {
        paint_clear_cache(p);
        free(p);
    }
}

static float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A texture of one colour from per-pixel alpha values (times the colour's
 * alpha): white to be tinted when drawn, or the colour it is drawn in,
 * which the software renderer copies on its fast path (a tinted copy takes
 * its slowest one). */
static SDL_Texture *alpha_texture(SDL_Renderer *r, const float *alpha, int w, int h,
                                  SDL_Color color)
{
    Uint32 rgb = ((Uint32)color.r << 16) | ((Uint32)color.g << 8) | color.b;
    float scale = (float)color.a / 255.0f;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) {
        return NULL;
    }
    for (int y = 0; y < h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < w; x++) {
            Uint32 a = (Uint32)(clampf(alpha[y * w + x], 0.0f, 1.0f) * scale * 255.0f + 0.5f);
            row[x] = (a << 24) | rgb;
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (t != NULL) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        /* Drawn at their size or stretched from one column or row: nearest
         * is exact, and gives the same pixels however a frame is clipped
         * (a partial frame redraws only its damaged rectangles). */
        SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest);
    }
    return t;
}

/* The top-left quadrant of a circle of `radius`, or of a ring `thickness` wide. */
static SDL_Texture *corner_texture(Paint *p, SDL_Renderer *r, int radius, int thickness)
{
    for (int i = 0; i < PAINT_MAX_CORNERS; i++) {
        Corner *c = &p->corners[i];
        if (c->texture != NULL && c->radius == radius && c->thickness == thickness) {
            return c->texture;
        }
    }
    float *alpha = malloc(sizeof(float) * (size_t)radius * (size_t)radius);
    if (alpha == NULL) {
        return NULL;
    }
    float outer = (float)radius;
    float inner = (float)(radius - thickness);
    for (int y = 0; y < radius; y++) {
        for (int x = 0; x < radius; x++) {
            float dx = outer - ((float)x + 0.5f);
            float dy = outer - ((float)y + 0.5f);
            float d = sqrtf(dx * dx + dy * dy);
            float a = clampf(outer - d + 0.5f, 0.0f, 1.0f);
            if (thickness > 0) {
                a -= clampf(inner - d + 0.5f, 0.0f, 1.0f);
            }
            alpha[y * radius + x] = a;
        }
    }
    SDL_Texture *t = alpha_texture(r, alpha, radius, radius, paint_rgba(255, 255, 255, 255));
    free(alpha);
    Corner *slot = &p->corners[p->corner_next];
    p->corner_next = (p->corner_next + 1) % PAINT_MAX_CORNERS;
    if (slot->texture != NULL) {
        SDL_DestroyTexture(slot->texture);
    }
    *slot = (Corner){t, radius, thickness};
    return t;
}

void paint_fill_rect(SDL_Renderer *r, SDL_Rect rect, SDL_Color color)
{
    if (rect.w <= 0 || rect.h <= 0) {
        return;
    }
    SDL_SetRenderDrawBlendMode(r, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, color.r, color.g, color.b, color.a);
    SDL_RenderFillRect(r, &rect);
}

static void draw_corners(SDL_Renderer *r, SDL_Texture *t, SDL_Rect rect, int radius,
                         SDL_Color color)
{
    SDL_SetTextureColorMod(t, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(t, color.a);
    SDL_Rect tl = {rect.x, rect.y, radius, radius};
    SDL_Rect tr = {rect.x + rect.w - radius, rect.y, radius, radius};
    SDL_Rect bl = {rect.x, rect.y + rect.h - radius, radius, radius};
    SDL_Rect br = {rect.x + rect.w - radius, rect.y + rect.h - radius, radius, radius};
    SDL_RenderCopyEx(r, t, NULL, &tl, 0.0, NULL, SDL_FLIP_NONE);
    SDL_RenderCopyEx(r, t, NULL, &tr, 0.0, NULL, SDL_FLIP_HORIZONTAL);
    SDL_RenderCopyEx(r, t, NULL, &bl, 0.0, NULL, SDL_FLIP_VERTICAL);
    SDL_RenderCopyEx(r, t, NULL, &br, 0.0, NULL,
                     (SDL_RendererFlip)(SDL_FLIP_HORIZONTAL | SDL_FLIP_VERTICAL));
}

static int fit_radius(SDL_Rect rect, int radius)
{
    int most = SDL_min(rect.w, rect.h) / 2;
    return radius < 0 ? 0 : radius > most ? most : radius;
}

void paint_round_rect(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color color)
{
    if (rect.w <= 0 || rect.h <= 0) {
        return;
    }
    radius = fit_radius(rect, radius);
    SDL_Texture *t = radius > 0 ? corner_texture(p, r, radius, 0) : NULL;
    if (t == NULL) {
        paint_fill_rect(r, rect, color);
        return;
    }
    draw_corners(r, t, rect, radius, color);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, color.r, color.g, color.b, color.a);
    SDL_Rect parts[3] = {
        {rect.x + radius, rect.y, rect.w - 2 * radius, radius},
        {rect.x, rect.y + radius, rect.w, rect.h - 2 * radius},
        {rect.x + radius, rect.y + rect.h - radius, rect.w - 2 * radius, radius},
    };
    for (int i = 0; i < 3; i++) {
        if (parts[i].w > 0 && parts[i].h > 0) {
            SDL_RenderFillRect(r, &parts[i]);
        }
    }
}

static SDL_Color mix(SDL_Color a, SDL_Color b, float t)
{
    SDL_Color c = {(Uint8)((float)a.r + ((float)b.r - (float)a.r) * t),
                   (Uint8)((float)a.g + ((float)b.g - (float)a.g) * t),
                   (Uint8)((float)a.b + ((float)b.b - (float)a.b) * t),
                   (Uint8)((float)a.a + ((float)b.a - (float)a.a) * t)};
    return c;
}

void paint_round_gradient(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color top,
                          SDL_Color bottom)
{
    if (rect.w <= 0 || rect.h <= 0) {
        return;
    }
    radius = fit_radius(rect, radius);
    SDL_Texture *t = radius > 0 ? corner_texture(p, r, radius, 0) : NULL;
    if (t == NULL) {
        paint_vgradient(r, rect, top, bottom);
        return;
    }
    float edge = (float)radius / (float)rect.h;
    SDL_Color upper = mix(top, bottom, edge), lower = mix(top, bottom, 1.0f - edge);
    /* Corners take the colour of their band; the bands and middle are shaded. */
    SDL_SetTextureColorMod(t, upper.r, upper.g, upper.b);
    SDL_SetTextureAlphaMod(t, upper.a);
    SDL_Rect tl = {rect.x, rect.y, radius, radius};
    SDL_Rect tr = {rect.x + rect.w - radius, rect.y, radius, radius};
    SDL_RenderCopyEx(r, t, NULL, &tl, 0.0, NULL, SDL_FLIP_NONE);
    SDL_RenderCopyEx(r, t, NULL, &tr, 0.0, NULL, SDL_FLIP_HORIZONTAL);
    SDL_SetTextureColorMod(t, lower.r, lower.g, lower.b);
    SDL_SetTextureAlphaMod(t, lower.a);
    SDL_Rect bl = {rect.x, rect.y + rect.h - radius, radius, radius};
    SDL_Rect br = {rect.x + rect.w - radius, rect.y + rect.h - radius, radius, radius};
    SDL_RenderCopyEx(r, t, NULL, &bl, 0.0, NULL, SDL_FLIP_VERTICAL);
    SDL_RenderCopyEx(r, t, NULL, &br, 0.0, NULL,
                     (SDL_RendererFlip)(SDL_FLIP_HORIZONTAL | SDL_FLIP_VERTICAL));
    paint_vgradient(r, (SDL_Rect){rect.x + radius, rect.y, rect.w - 2 * radius, radius}, top,
                    upper);
    paint_vgradient(r, (SDL_Rect){rect.x, rect.y + radius, rect.w, rect.h - 2 * radius}, upper,
                    lower);
    paint_vgradient(
        r, (SDL_Rect){rect.x + radius, rect.y + rect.h - radius, rect.w - 2 * radius, radius},
        lower, bottom);
}

void paint_round_frame(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int thickness,
                       SDL_Color color)
{
    if (rect.w <= 0 || rect.h <= 0 || thickness <= 0) {
        return;
    }
    radius = fit_radius(rect, radius);
    thickness = SDL_min(thickness, SDL_min(rect.w, rect.h) / 2);
    int corner = SDL_max(radius, thickness);
    SDL_Texture *t = corner_texture(p, r, corner, radius >= thickness ? thickness : corner);
    if (radius > 0 && t != NULL) {
        draw_corners(r, t, rect, corner, color);
    } else {
        corner = 0;
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, color.r, color.g, color.b, color.a);
    SDL_Rect parts[4] = {
        {rect.x + corner, rect.y, rect.w - 2 * corner, thickness},
        {rect.x + corner, rect.y + rect.h - thickness, rect.w - 2 * corner, thickness},
        {rect.x, rect.y + corner, thickness, rect.h - 2 * corner},
        {rect.x + rect.w - thickness, rect.y + corner, thickness, rect.h - 2 * corner},
    };
    for (int i = 0; i < 4; i++) {
        if (parts[i].w > 0 && parts[i].h > 0) {
            SDL_RenderFillRect(r, &parts[i]);
        }
    }
}

/* Signed distance from (x, y) to a rounded rectangle [x0,x1]x[y0,y1]. */
static float round_rect_distance(float x, float y, float x0, float y0, float x1, float y1,
                                 float radius)
{
    float cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    float hx = (x1 - x0) / 2 - radius, hy = (y1 - y0) / 2 - radius;
    float qx = fabsf(x - cx) - hx, qy = fabsf(y - cy) - hy;
    float ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    float inside = SDL_min(SDL_max(qx, qy), 0.0f);
    return sqrtf(ox * ox + oy * oy) + inside - radius;
}

static bool same_colour(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* A w x h texture of a soft shape whose edge lies `blur` inside it: the
 * nine tiles of any size (w = h = 2 * (radius + 2 * blur) + 1) or a whole
 * shadow. */
static SDL_Texture *shadow_texture(Paint *p, SDL_Renderer *r, int w, int h, int radius, int blur,
                                   bool outside, SDL_Color color)
{
    for (int i = 0; i < PAINT_MAX_SHADOWS; i++) {
        Shadow *s = &p->shadows[i];
        if (s->texture != NULL && s->w == w && s->h == h && s->radius == radius &&
            s->blur == blur && s->outside == outside && same_colour(s->color, color)) {
            return s->texture;
        }
    }
    float *alpha = malloc(sizeof(float) * (size_t)w * (size_t)h);
    if (alpha == NULL) {
        return NULL;
    }
    float lo = (float)blur, hx = (float)(w - blur), hy = (float)(h - blur);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float d = round_rect_distance((float)x + 0.5f, (float)y + 0.5f, lo, lo, hx, hy,
                                          (float)radius);
            float a = 0.0f;
            if (outside) {
                float t = clampf(d / (float)blur, 0.0f, 1.0f);
                a = d < 0.0f ? 0.0f : (1.0f - t) * (1.0f - t);
            } else {
                float t = clampf((d + (float)blur) / (2.0f * (float)blur), 0.0f, 1.0f);
                a = 1.0f - t * t * (3.0f - 2.0f * t);
                a *= a;
            }
            alpha[y * w + x] = a;
        }
    }
    SDL_Texture *t = alpha_texture(r, alpha, w, h, color);
    free(alpha);
    Shadow *slot = &p->shadows[p->shadow_next];
    p->shadow_next = (p->shadow_next + 1) % PAINT_MAX_SHADOWS;
    if (slot->texture != NULL) {
        SDL_DestroyTexture(slot->texture);
    }
    *slot = (Shadow){t, w, h, radius, blur, outside, color};
    return t;
}

#define SOFT_PARTS 16 /* pieces a soft shape is drawn in around what is covered */

/* A shape of its own size (texture t at out) but for the ncovered
 * rectangles of covered; whole when that would take too many pieces. */
static void draw_soft_around(SDL_Renderer *r, SDL_Texture *t, SDL_Rect out, const SDL_Rect *covered,
                             int ncovered)
{
    SDL_Rect parts[SOFT_PARTS] = {out};
    int n = 1;
    for (int i = 0; i < ncovered; i++) {
        n = paint_region_cut(parts, n, SOFT_PARTS, covered[i]);
    }
    for (int i = 0; i < n; i++) {
        SDL_Rect src = {parts[i].x - out.x, parts[i].y - out.y, parts[i].w, parts[i].h};
        SDL_RenderCopy(r, t, &src, &parts[i]);
    }
}

/* A soft shape around rect, in `color`: one texture of its own size when
 * small, else nine tiles of a small one (the middle tile only when the
 * shape is filled); for one of its own size, nothing inside the ncovered
 * rectangles of `covered`. */
static void draw_soft(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur,
                      SDL_Color color, bool outside, const SDL_Rect *covered, int ncovered)
{
    radius = fit_radius(rect, radius);
    /* The corner tiles must fit: shrink the blur for small shapes. */
    while (blur > 1 && 2 * (radius + blur) > SDL_min(rect.w, rect.h)) {
        blur--;
    }
    if (blur < 1) {
        blur = 1;
    }
    SDL_Rect out = {rect.x - blur, rect.y - blur, rect.w + 2 * blur, rect.h + 2 * blur};
    int c = radius + 2 * blur; /* corner tile size */
    /* A small shadow (a card's, a plate's) is one texture of its own size,
     * copied without stretching: a frame clipped to a damaged rectangle
     * draws exactly the pixels a whole frame draws. Larger ones are nine
     * tiles of one small texture. */
    bool whole = (long)out.w * out.h <= PAINT_WHOLE_SHADOW;
    SDL_Texture *t = whole
                         ? shadow_texture(p, r, out.w, out.h, radius, blur, outside, color)
                         : shadow_texture(p, r, 2 * c + 1, 2 * c + 1, radius, blur, outside, color);
    if (t == NULL) {
        return;
    }
    if (whole && ncovered > 0) {
        /* Around what the caller covers with something opaque. */
        draw_soft_around(r, t, out, covered, ncovered);
        return;
    }
    if (whole) {
        SDL_RenderCopy(r, t, NULL, &out);
        return;
    }
    int mid_w = out.w - 2 * c, mid_h = out.h - 2 * c;
    int xs[3] = {out.x, out.x + c, out.x + out.w - c};
    int ws[3] = {c, mid_w, c};
    int ys[3] = {out.y, out.y + c, out.y + out.h - c};
    int hs[3] = {c, mid_h, c};
    int sx[3] = {0, c, c + 1}, sw[3] = {c, 1, c};
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++) {
            if (ws[i] <= 0 || hs[j] <= 0 || (outside && i == 1 && j == 1)) {
                continue;
            }
            SDL_Rect src = {sx[i], sx[j], sw[i], sw[j]};
            SDL_Rect dst = {xs[i], ys[j], ws[i], hs[j]};
            SDL_RenderCopy(r, t, &src, &dst);
        }
    }
}

void paint_shadow(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur, SDL_Color color)
{
    draw_soft(p, r, rect, radius, blur, color, false, NULL, 0);
}

void paint_shadow_around(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur,
                         SDL_Color color, const SDL_Rect *covered, int ncovered)
{
    draw_soft(p, r, rect, radius, blur, color, false, covered, ncovered);
}

void paint_glow(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, int blur, SDL_Color color)
{
    draw_soft(p, r, rect, radius, blur, color, true, NULL, 0);
}

static SDL_Vertex vertex(float x, float y, SDL_Color c)
{
    SDL_Vertex v = {{x, y}, c, {0, 0}};
    return v;
}

void paint_vgradient(SDL_Renderer *r, SDL_Rect rect, SDL_Color top, SDL_Color bottom)
{
    float x0 = (float)rect.x, y0 = (float)rect.y;
    float x1 = x0 + (float)rect.w, y1 = y0 + (float)rect.h;
    SDL_Vertex v[4] = {vertex(x0, y0, top), vertex(x1, y0, top), vertex(x1, y1, bottom),
                       vertex(x0, y1, bottom)};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
}

void paint_polygon(SDL_Renderer *r, const SDL_FPoint *points, int n, SDL_Color color)
{
    if (n < 3 || n > 64) {
        return;
    }
    SDL_Vertex v[64];
    int idx[3 * 62];
    for (int i = 0; i < n; i++) {
        v[i] = vertex(points[i].x, points[i].y, color);
    }
    for (int i = 1; i + 1 < n; i++) {
        idx[3 * (i - 1)] = 0;
        idx[3 * (i - 1) + 1] = i;
        idx[3 * (i - 1) + 2] = i + 1;
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, v, n, idx, 3 * (n - 2));
}

/* A tileable texture of faint diagonal twill, like the weave of baize. */
static SDL_Texture *grain_texture(Paint *p, SDL_Renderer *r)
{
    if (p->grain != NULL) {
        return p->grain;
    }
    enum { N = 128 };
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, N, N, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) {
        return NULL;
    }
    for (int y = 0; y < N; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < N; x++) {
            int phase = (x + y) % 4;
            row[x] = phase == 0 ? 0x0A000000u : phase == 2 ? 0x06FFFFFFu : 0x00FFFFFFu;
        }
    }
    p->grain = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (p->grain != NULL) {
        SDL_SetTextureBlendMode(p->grain, SDL_BLENDMODE_BLEND);
    }
    return p->grain;
}

static void draw_felt(Paint *p, SDL_Renderer *r, int w, int h)
{
    enum { GX = 24, GY = 16 };
    SDL_Vertex v[(GX + 1) * (GY + 1)];
    int idx[GX * GY * 6];
    const float centre[3] = {40, 108, 72}, edge[3] = {10, 40, 28};
    for (int j = 0; j <= GY; j++) {
        for (int i = 0; i <= GX; i++) {
            float fx = (float)i / GX, fy = (float)j / GY;
            float nx = (fx - 0.5f) * 2.0f, ny = (fy - 0.42f) * 2.0f;
            float d = sqrtf(nx * nx * 0.75f + ny * ny);
            float t = clampf(d / 1.35f, 0.0f, 1.0f);
            t = t * t * (3.0f - 2.0f * t);
            SDL_Color c = {(Uint8)(centre[0] + (edge[0] - centre[0]) * t),
                           (Uint8)(centre[1] + (edge[1] - centre[1]) * t),
                           (Uint8)(centre[2] + (edge[2] - centre[2]) * t), 255};
            /* Whole-pixel corners, so the software renderer leaves no seams. */
            v[j * (GX + 1) + i] = vertex(roundf(fx * (float)w), roundf(fy * (float)h), c);
        }
    }
    int k = 0;
    for (int j = 0; j < GY; j++) {
        for (int i = 0; i < GX; i++) {
            int a = j * (GX + 1) + i;
            int b = a + 1, c = a + GX + 1, d = c + 1;
            idx[k++] = a;
            idx[k++] = b;
            idx[k++] = d;
            idx[k++] = a;
            idx[k++] = d;
            idx[k++] = c;
        }
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_RenderGeometry(r, NULL, v, (GX + 1) * (GY + 1), idx, k);
    SDL_Texture *grain = grain_texture(p, r);
    if (grain != NULL) {
        for (int y = 0; y < h; y += 128) {
            for (int x = 0; x < w; x += 128) {
                SDL_Rect dst = {x, y, 128, 128};
                SDL_RenderCopy(r, grain, NULL, &dst);
            }
        }
    }
}

/* The format of an opaque picture copied without blending: the window's
 * own where it has 32 bits and no alpha (a software renderer then copies
 * rows with memcpy; from ARGB8888 it masks out the alpha pixel by pixel,
 * which cost Kings at 2560x1600 about 40 % of its drawing), otherwise
 * ARGB8888 (a headless target, an accelerated renderer's textures). */
static Uint32 opaque_format(SDL_Renderer *r)
{
    SDL_Window *w = SDL_RenderGetWindow(r);
    Uint32 f = w != NULL ? SDL_GetWindowPixelFormat(w) : SDL_PIXELFORMAT_UNKNOWN;
    if (SDL_BITSPERPIXEL(f) == 24 && SDL_BYTESPERPIXEL(f) == 4 && !SDL_ISPIXELFORMAT_ALPHA(f)) {
        return f;
    }
    return SDL_PIXELFORMAT_ARGB8888;
}

/* Drops the felt and the panels made from it (a felt of another size has
 * another gradient under them). */
static void drop_felt(Paint *p)
{
    if (p->felt != NULL) {
        SDL_DestroyTexture(p->felt);
        p->felt = NULL;
    }
    for (int i = 0; i < PAINT_MAX_PANELS; i++) {
        if (p->panels[i].texture != NULL) {
            SDL_DestroyTexture(p->panels[i].texture);
        }
        p->panels[i] = (FeltPanel){0};
    }
}

/* The felt is drawn once per window size into a texture of its own and
 * copied whole (no blending) every frame: its gradient of 768 triangles and
 * its grain cost a software renderer several milliseconds a frame, the copy
 * a fraction of one. Where the renderer has no target textures, it is drawn
 * directly as before. */
static void make_felt(Paint *p, SDL_Renderer *r, int w, int h)
{
    if (p->felt != NULL && (p->felt_w != w || p->felt_h != h)) {
        drop_felt(p);
    }
    if (p->felt == NULL && SDL_RenderTargetSupported(r)) {
        p->felt = SDL_CreateTexture(r, opaque_format(r), SDL_TEXTUREACCESS_TARGET, w, h);
        if (p->felt != NULL) {
            SDL_Texture *was = SDL_GetRenderTarget(r);
            if (SDL_SetRenderTarget(r, p->felt) == 0) {
                draw_felt(p, r, w, h);
                SDL_SetRenderTarget(r, was);
                SDL_SetTextureBlendMode(p->felt, SDL_BLENDMODE_NONE);
                p->felt_w = w;
                p->felt_h = h;
            } else {
                SDL_DestroyTexture(p->felt);
                p->felt = NULL;
            }
        }
    }
}

void paint_felt(Paint *p, SDL_Renderer *r, int w, int h)
{
    make_felt(p, r, w, h);
    if (p->felt == NULL) {
        draw_felt(p, r, w, h);
        return;
    }
    SDL_Rect dst = {0, 0, w, h};
    SDL_RenderCopy(r, p->felt, NULL, &dst);
}

void paint_felt_around(Paint *p, SDL_Renderer *r, int w, int h, SDL_Rect hole)
{
    make_felt(p, r, w, h);
    SDL_Rect all = {0, 0, w, h}, hid;
    if (p->felt == NULL || !SDL_IntersectRect(&hole, &all, &hid)) {
        paint_felt(p, r, w, h);
        return;
    }
    /* Four bands around the hole, each copied at its own place. */
    int right = hid.x + hid.w, bottom = hid.y + hid.h;
    const SDL_Rect bands[4] = {
        {0, 0, w, hid.y},
        {0, bottom, w, h - bottom},
        {0, hid.y, hid.x, hid.h},
        {right, hid.y, w - right, hid.h},
    };
    for (int i = 0; i < 4; i++) {
        if (bands[i].w > 0 && bands[i].h > 0) {
            SDL_RenderCopy(r, p->felt, &bands[i], &bands[i]);
        }
    }
}

bool paint_felt_panel_covers(Paint *p, SDL_Renderer *r, SDL_Rect rect)
{
    int out_w = 0, out_h = 0;
    SDL_GetRendererOutputSize(r, &out_w, &out_h);
    SDL_Rect all = {0, 0, p->felt_w, p->felt_h}, inside;
    return p->felt != NULL && p->felt_w == out_w && p->felt_h == out_h &&
           SDL_GetRenderTarget(r) == NULL && rect.w > 0 && rect.h > 0 &&
           SDL_IntersectRect(&rect, &all, &inside) && SDL_RectEquals(&inside, &rect);
}

/* The bands of part around hid (which lies within it): above, below, and
 * left and right of it in its rows. Returns how many are not empty. */
static int bands_around(SDL_Rect part, SDL_Rect hid, SDL_Rect out[4])
{
    int right = hid.x + hid.w, bottom = hid.y + hid.h;
    const SDL_Rect bands[4] = {
        {part.x, part.y, part.w, hid.y - part.y},
        {part.x, bottom, part.w, part.y + part.h - bottom},
        {part.x, hid.y, hid.x - part.x, hid.h},
        {right, hid.y, part.x + part.w - right, hid.h},
    };
    int n = 0;
    for (int i = 0; i < 4; i++) {
        if (bands[i].w > 0 && bands[i].h > 0) {
            out[n++] = bands[i];
        }
    }
    return n;
}

int paint_region_cut(SDL_Rect *parts, int n, int cap, SDL_Rect hole)
{
    SDL_Rect out[PAINT_REGION_MAX];
    cap = SDL_min(cap, PAINT_REGION_MAX);
    int m = 0;
    for (int i = 0; i < n; i++) {
        SDL_Rect hid, pieces[4];
        int k = 1;
        if (SDL_IntersectRect(&parts[i], &hole, &hid)) {
            k = bands_around(parts[i], hid, pieces);
        } else {
            pieces[0] = parts[i];
        }
        if (m + k > cap) {
            return n; /* would not fit: the region stays as it was */
        }
        for (int j = 0; j < k; j++) {
            out[m++] = pieces[j];
        }
    }
    memcpy(parts, out, sizeof(SDL_Rect) * (size_t)m);
    return m;
}

/* Target textures lose their contents when a graphics card's renderer
 * resets; the felt is drawn again at the next frame. */
void paint_forget_targets(Paint *p)
{
    drop_felt(p);
}

/* The panel drawn as it always is (translucent, blended where it lies). */
static void draw_panel(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color fill,
                       int frame_px, SDL_Color frame)
{
    paint_round_rect(p, r, rect, radius, fill);
    paint_round_frame(p, r, rect, radius, frame_px, frame);
}

void paint_felt_panel(Paint *p, SDL_Renderer *r, SDL_Rect rect, int radius, SDL_Color fill,
                      int frame_px, SDL_Color frame)
{
    int out_w = 0, out_h = 0;
    SDL_GetRendererOutputSize(r, &out_w, &out_h);
    SDL_Rect all = {0, 0, p->felt_w, p->felt_h}, inside;
    if (p->felt == NULL || p->felt_w != out_w || p->felt_h != out_h ||
        SDL_GetRenderTarget(r) != NULL || !SDL_IntersectRect(&rect, &all, &inside) ||
        !SDL_RectEquals(&inside, &rect)) {
        draw_panel(p, r, rect, radius, fill, frame_px, frame);
        return;
    }
    FeltPanel *panel = NULL;
    for (int i = 0; i < PAINT_MAX_PANELS && panel == NULL; i++) {
        FeltPanel *f = &p->panels[i];
        if (f->texture != NULL && SDL_RectEquals(&f->rect, &rect) && f->radius == radius &&
            f->frame_px == frame_px && same_colour(f->fill, fill) && same_colour(f->frame, frame)) {
            panel = f;
        }
    }
    if (panel == NULL) {
        SDL_Texture *t =
            SDL_CreateTexture(r, opaque_format(r), SDL_TEXTUREACCESS_TARGET, rect.w, rect.h);
        if (t == NULL || SDL_SetRenderTarget(r, t) != 0) {
            if (t != NULL) {
                SDL_DestroyTexture(t);
            }
            /* The felt under it first: the caller may have left it out
             * (paint_felt_around). */
            SDL_RenderCopy(r, p->felt, &rect, &rect);
            draw_panel(p, r, rect, radius, fill, frame_px, frame);
            return;
        }
        SDL_Rect local = {0, 0, rect.w, rect.h};
        SDL_RenderCopy(r, p->felt, &rect, &local);
        draw_panel(p, r, local, radius, fill, frame_px, frame);
        SDL_SetRenderTarget(r, NULL);
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
        panel = &p->panels[p->panel_next];
        p->panel_next = (p->panel_next + 1) % PAINT_MAX_PANELS;
        if (panel->texture != NULL) {
            SDL_DestroyTexture(panel->texture);
        }
        *panel = (FeltPanel){t, rect, radius, frame_px, fill, frame};
    }
    SDL_RenderCopy(r, panel->texture, NULL, &rect);
}

/* Suit signs in a 100 x 100 box, drawn in white and tinted. */
static const char *suit_svg(CardSuit suit)
{
    switch (suit) {
    case SUIT_HEARTS:
        return "<path d='M50 90C22 64 5 50 5 31C5 17 16 7 29 7C39 7 46 13 50 21"
               "C54 13 61 7 71 7C84 7 95 17 95 31C95 50 78 64 50 90Z'/>";
    case SUIT_DIAMONDS: return "<path d='M50 3L86 50L50 97L14 50Z'/>";
    case SUIT_SPADES:
        return "<path d='M50 3C40 22 6 38 6 61C6 75 17 83 29 83C37 83 44 80 47 74"
               "C46 84 42 91 34 97L66 97C58 91 54 84 53 74C56 80 63 83 71 83"
               "C83 83 94 75 94 61C94 38 60 22 50 3Z'/>";
    case SUIT_CLUBS:
        return "<circle cx='50' cy='27' r='21'/><circle cx='27' cy='60' r='21'/>"
               "<circle cx='73' cy='60' r='21'/><path d='M43 40L57 40L57 62L43 62Z'/>"
               "<path d='M47 62C46 80 42 89 34 97L66 97C58 89 54 80 53 62Z'/>";
    default: return "<circle cx='50' cy='50' r='40'/>";
    }
}

void paint_suit(Paint *p, SDL_Renderer *r, CardSuit suit, SDL_Rect rect, SDL_Color color)
{
    int size = SDL_min(rect.w, rect.h);
    if (size <= 0) {
        return;
    }
    SuitIcon *icon = NULL;
    for (int i = 0; i < PAINT_MAX_SUITS; i++) {
        SuitIcon *s = &p->suits[i];
        if (s->texture != NULL && s->suit == suit && s->w == size) {
            icon = s;
            break;
        }
    }
    if (icon == NULL) {
        char svg[1024];
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='100' "
                 "height='100'><g fill='#ffffff'>%s</g></svg>",
                 suit_svg(suit));
        SDL_RWops *rw = SDL_RWFromConstMem(svg, (int)strlen(svg));
        SDL_Surface *s = rw != NULL ? IMG_LoadSizedSVG_RW(rw, size, size) : NULL;
        if (rw != NULL) {
            SDL_RWclose(rw);
        }
        if (s == NULL) {
            return;
        }
        icon = &p->suits[p->suit_next];
        p->suit_next = (p->suit_next + 1) % PAINT_MAX_SUITS;
        if (icon->texture != NULL) {
            SDL_DestroyTexture(icon->texture);
        }
        *icon = (SuitIcon){SDL_CreateTextureFromSurface(r, s), suit, size, size};
        SDL_FreeSurface(s);
        if (icon->texture == NULL) {
            return;
        }
        SDL_SetTextureBlendMode(icon->texture, SDL_BLENDMODE_BLEND);
    }
    SDL_SetTextureColorMod(icon->texture, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(icon->texture, color.a);
    SDL_Rect dst = {rect.x + (rect.w - size) / 2, rect.y + (rect.h - size) / 2, size, size};
    SDL_RenderCopy(r, icon->texture, NULL, &dst);
}
