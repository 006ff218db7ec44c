#include "card_art.h"

#include "i18n.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_load.h"

#define ART_MAX_FILES 192
#define ART_MAX_TEXTURES 512
#define ART_PIXEL_BUDGET (40 * 1024 * 1024) /* texels kept, about 160 MB */
#define ART_FRAME_MS 10                     /* rasterising per interactive frame */
#define ART_MAX_WAITING 128                 /* cards shown with a stand-in, remembered */

typedef struct ArtFile {
    char name[48]; /* relative path; "" = free */
    void *data;
    size_t size;
    bool missing;
} ArtFile;

/* A card drawn with a stand-in face (or left out) while its own face at
 * w x h waits to be made; `where` is what changes once it is. */
typedef struct Waiting {
    SDL_Rect where;
    int file, w, h;
} Waiting;

typedef struct ArtTexture {
    SDL_Texture *texture; /* NULL = free */
    int file;
    int w, h; /* requested size */
    Uint64 used;
    int inset; /* every pixel this far or further from the edges is opaque
                  (0: not so) */
    /* The opaque cross, where the face has one (corner > 0): every pixel
     * at least `edge` from the edges and outside the four corner squares of
     * side `corner` is opaque. A rounded face's corners make its inset
     * several pixels deep, its straight edges only one or none. */
    int edge, corner;
} ArtTexture;

struct CardArt {
    char dir[1024];
    Paint *paint;
    Text *text;
    ArtFile files[ART_MAX_FILES];
    ArtTexture textures[ART_MAX_TEXTURES];
    Uint64 frame;
    Uint64 frame_start_ms;
    bool unlimited;
    bool pending;
    int made;       /* faces rasterised this frame */
    int face_limit; /* faces rasterised a frame at most (0: by time alone) */
    Waiting waiting[ART_MAX_WAITING];
    int nwaiting;
    bool waiting_lost; /* more were shown than the list holds */
    long long texels;
    Uint64 trim_at, trim_before; /* card_art_forget_unused: at frame trim_at,
                                    drop what was not used since trim_before */
};

CardArt *card_art_create(const char *cards_dir, Paint *paint, Text *text)
{
    CardArt *art = calloc(1, sizeof *art);
    if (art == NULL) {
        return NULL;
    }
    snprintf(art->dir, sizeof art->dir, "%s", cards_dir);
    art->paint = paint;
    art->text = text;
    art->unlimited = true;
    return art;
}

static void drop_textures(CardArt *art)
{
    for (int i = 0; i < ART_MAX_TEXTURES; i++) {
        if (art->textures[i].texture != NULL) {
            SDL_DestroyTexture(art->textures[i].texture);
        }
        art->textures[i] = (ArtTexture){0};
    }
    art->texels = 0;
}

void card_art_reset(CardArt *art)
{
    drop_textures(art);
    art->nwaiting = 0;
    art->waiting_lost = false;
    for (int i = 0; i < ART_MAX_FILES; i++) {
        free(art->files[i].data);
        art->files[i] = (ArtFile){0};
    }
}

void card_art_destroy(CardArt *art)
{
    if (art != NULL) {
        card_art_reset(art);
        free(art);
    }
}

int card_art_texture_count(const CardArt *art)
{
    int n = 0;
    for (int i = 0; i < ART_MAX_TEXTURES; i++) {
        n += art->textures[i].texture != NULL;
    }
    return n;
}

/* Frees one face's texture and its slot. */
static void drop_texture(CardArt *art, ArtTexture *t)
{
    art->texels -= (long long)t->w * t->h;
    SDL_DestroyTexture(t->texture);
    *t = (ArtTexture){0};
}

void card_art_forget_unused(CardArt *art)
{
    art->trim_before = art->frame + 1;
    art->trim_at = art->frame + 3;
}

long long card_art_texels(const CardArt *art)
{
    return art->texels;
}

void card_art_begin_frame(CardArt *art, bool unlimited)
{
    if (art->trim_at != 0 && art->frame >= art->trim_at) {
        for (int i = 0; i < ART_MAX_TEXTURES; i++) {
            ArtTexture *t = &art->textures[i];
            if (t->texture != NULL && t->used < art->trim_before) {
                drop_texture(art, t);
            }
        }
        art->trim_at = 0;
    }
    art->frame++;
    art->frame_start_ms = SDL_GetTicks64();
    art->unlimited = unlimited;
    art->pending = false;
    art->made = 0;
}

void card_art_limit_faces(CardArt *art, int faces)
{
    art->face_limit = faces > 0 ? faces : 0;
}

bool card_art_pending(const CardArt *art)
{
    return art->pending;
}

static DeckArt art_of(DeckStyle style)
{
    const DeckStyleDesc *d = deck_style_get(style);
    return d != NULL ? d->art : ART_CEKI;
}

double card_art_aspect(DeckStyle style, Card c)
{
    if (card_is_french(c) || art_of(style) != ART_CEKI) {
        return 250.0 / 350.0;
    }
    return 200.0 / 500.0;
}

SDL_Rect card_art_fit(DeckStyle style, Card c, SDL_Rect box)
{
    double aspect = card_art_aspect(style, c);
    int w = box.w, h = (int)lround((double)box.w / aspect);
    if (h > box.h) {
        h = box.h;
        w = (int)lround((double)box.h * aspect);
    }
    SDL_Rect out = {box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h};
    return out;
}

void card_art_file(DeckStyle style, Card c, unsigned flags, char *buf, size_t size)
{
    char kind[CARD_TEXT_MAX];
    card_format(c, kind);
    if (flags & CARD_FACE_DOWN) {
        bool ceki = !card_is_french(c) && art_of(style) == ART_CEKI;
        snprintf(buf, size, "backs/%s.svg", ceki ? "ceki" : "western");
    } else if (card_is_french(c)) {
        snprintf(buf, size, "french/%s.svg", kind);
    } else if (art_of(style) == ART_WESTERN) {
        bool stamped = (flags & CARD_RED_STAMP) && card_is_red_stamped(c);
        snprintf(buf, size, "%s/%s%s.svg", deck_style_key(style), kind, stamped ? "-stamped" : "");
    } else {
        snprintf(buf, size, "ceki/%s.svg", kind);
    }
}

/* The index of a file in the table, reading it on first use. */
static int file_index(CardArt *art, const char *name)
{
    int free_slot = -1;
    for (int i = 0; i < ART_MAX_FILES; i++) {
        if (art->files[i].name[0] == '\0') {
            if (free_slot < 0) {
                free_slot = i;
            }
        } else if (strcmp(art->files[i].name, name) == 0) {
            return i;
        }
    }
    if (free_slot < 0) {
        return -1;
    }
    ArtFile *f = &art->files[free_slot];
    snprintf(f->name, sizeof f->name, "%s", name);
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", art->dir, name);
    char why[1400];
    f->data = file_load(path, FILE_LOAD_ART_MAX, &f->size, why, sizeof why);
    f->missing = f->data == NULL;
    if (f->missing && access(path, F_OK) == 0) {
        /* There but unusable (not a file, too large, unreadable): said once,
         * and the card is drawn as missing art. */
        SDL_Log("ceki: card art %s", why);
    }
    return free_slot;
}

bool card_art_is_missing(CardArt *art, DeckStyle style, Card c, unsigned flags)
{
    char name[48];
    card_art_file(style, c, flags, name, sizeof name);
    int i = file_index(art, name);
    return i < 0 || art->files[i].missing;
}

static void evict(CardArt *art, long long need)
{
    while (art->texels + need > ART_PIXEL_BUDGET) {
        int oldest = -1;
        for (int i = 0; i < ART_MAX_TEXTURES; i++) {
            ArtTexture *t = &art->textures[i];
            if (t->texture != NULL && t->used != art->frame &&
                (oldest < 0 || t->used < art->textures[oldest].used)) {
                oldest = i;
            }
        }
        if (oldest < 0) {
            return;
        }
        drop_texture(art, &art->textures[oldest]);
    }
}

/* How far in from its edges a face is opaque: a card face is opaque but
 * for its smoothed outline and rounded corners. 0 when it is not so (or
 * the opaque part would be less than a third of the card). */
static int opaque_inset(const SDL_Surface *s)
{
    if (s->format->BytesPerPixel != 4 || s->format->Amask == 0) {
        return 0;
    }
    Uint32 amask = s->format->Amask;
    int inset = 1;
    for (int y = 0; y < s->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        int dy = SDL_min(y, s->h - 1 - y);
        for (int x = 0; x < s->w; x++) {
            if ((row[x] & amask) != amask) {
                int dx = SDL_min(x, s->w - 1 - x);
                inset = SDL_max(inset, SDL_min(dx, dy) + 1);
            }
        }
    }
    return 3 * inset <= SDL_min(s->w, s->h) ? inset : 0;
}

/* The face in ARGB8888, the order the frame's pixels have but for their
 * alpha (the window's XRGB8888, the headless surface's ARGB8888): SVG art
 * comes in ABGR8888, which the software renderer can copy only by
 * swapping each pixel's bytes one by one and blend only on its slow
 * generic path; from ARGB8888 it copies a word at a time and blends on its
 * SIMD path, for the same picture. Consumes s; s itself if it cannot. */
static SDL_Surface *in_argb(SDL_Surface *s)
{
    if (s->format->format == SDL_PIXELFORMAT_ARGB8888) {
        return s;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    if (argb == NULL) {
        return s;
    }
    SDL_FreeSurface(s);
    return argb;
}

/* The face's opaque cross (ArtTexture.edge, .corner) around corner squares
 * four insets wide, where it is worth having: its edge less deep than the
 * inset. *corner is 0 when not. */
static void opaque_cross(const SDL_Surface *s, int inset, int *edge, int *corner)
{
    *edge = inset;
    *corner = 0;
    int c = 4 * inset;
    if (inset <= 1 || 2 * c + 2 > SDL_min(s->w, s->h)) {
        return;
    }
    Uint32 amask = s->format->Amask;
    int e = 0;
    for (int y = 0; y < s->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        int dy = SDL_min(y, s->h - 1 - y);
        for (int x = 0; x < s->w; x++) {
            int dx = SDL_min(x, s->w - 1 - x);
            if ((row[x] & amask) != amask && (dx >= c || dy >= c)) {
                e = SDL_max(e, SDL_min(dx, dy) + 1);
            }
        }
    }
    if (e < inset) {
        *edge = e;
        *corner = c;
    }
}

static ArtTexture *rasterise(CardArt *art, SDL_Renderer *r, int file, int w, int h)
{
    ArtFile *f = &art->files[file];
    SDL_RWops *rw = SDL_RWFromConstMem(f->data, (int)f->size);
    SDL_Surface *s = rw != NULL ? IMG_LoadSizedSVG_RW(rw, w, h) : NULL;
    if (rw != NULL) {
        SDL_RWclose(rw);
    }
    if (s == NULL) {
        f->missing = true; /* unreadable art draws as missing */
        return NULL;
    }
    if (s->w != w || s->h != h) {
        /* The art keeps its proportions and may come out a pixel off the
         * size asked for: stretched here once, so that every draw is a
         * copy of the same size (a stretched copy clipped to a partial
         * frame's rectangle lands a pixel apart). */
        SDL_Surface *fit = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, s->format->format);
        if (fit != NULL && SDL_SoftStretchLinear(s, NULL, fit, NULL) == 0) {
            SDL_FreeSurface(s);
            s = fit;
        } else {
            SDL_FreeSurface(fit);
        }
    }
    s = in_argb(s);
    int inset = opaque_inset(s), edge = 0, corner = 0;
    if (inset > 0) {
        opaque_cross(s, inset, &edge, &corner);
    }
    SDL_Texture *texture = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (texture == NULL) {
        return NULL;
    }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    evict(art, (long long)w * h);
    ArtTexture *slot = NULL;
    for (int i = 0; i < ART_MAX_TEXTURES && slot == NULL; i++) {
        if (art->textures[i].texture == NULL) {
            slot = &art->textures[i];
        }
    }
    if (slot == NULL) { /* table full: reuse the least recently used */
        slot = &art->textures[0];
        for (int i = 1; i < ART_MAX_TEXTURES; i++) {
            if (art->textures[i].used < slot->used) {
                slot = &art->textures[i];
            }
        }
        drop_texture(art, slot);
    }
    *slot = (ArtTexture){texture, file, w, h, art->frame, inset, edge, corner};
    art->texels += (long long)w * h;
    return slot;
}

/* The texture to draw a file at w x h with: exact when possible, else a
 * stand-in of another size while the budget is spent (NULL if none). */
static ArtTexture *texture_for(CardArt *art, SDL_Renderer *r, int file, int w, int h)
{
    ArtTexture *nearest = NULL;
    for (int i = 0; i < ART_MAX_TEXTURES; i++) {
        ArtTexture *t = &art->textures[i];
        if (t->texture == NULL || t->file != file) {
            continue;
        }
        if (t->w == w && t->h == h) {
            t->used = art->frame;
            return t;
        }
        if (nearest == NULL || abs(t->w - w) < abs(nearest->w - w)) {
            nearest = t;
        }
    }
    /* Each frame rasterises at least one face: a frame that is slow to draw
     * by itself (the software renderer) would otherwise spend the budget
     * before any card and ask for frames for ever. */
    bool over = art->made > 0 &&
                ((!art->unlimited && SDL_GetTicks64() - art->frame_start_ms > ART_FRAME_MS) ||
                 (art->face_limit > 0 && art->made >= art->face_limit));
    if (!over) {
        art->made++;
        return rasterise(art, r, file, w, h);
    }
    art->pending = true;
    if (nearest != NULL) {
        nearest->used = art->frame;
    }
    return nearest;
}

/* Notes that the card at `where` shows a stand-in for its face of file at
 * w x h. A card drawn again where it overlaps its last place (drawn in
 * bands, draw_sprite_under, or gliding a step on) is one place, their
 * union: its earlier places may have been drawn again since, or not. */
static void note_waiting(CardArt *art, SDL_Rect where, int file, int w, int h)
{
    for (int i = 0; i < art->nwaiting; i++) {
        Waiting *q = &art->waiting[i];
        if (q->file == file && q->w == w && q->h == h && SDL_HasIntersection(&q->where, &where)) {
            SDL_UnionRect(&q->where, &where, &q->where);
            return;
        }
    }
    if (art->nwaiting == ART_MAX_WAITING) {
        art->waiting_lost = true;
        return;
    }
    art->waiting[art->nwaiting++] = (Waiting){where, file, w, h};
}

/* The face of file at w x h, if it is made. */
static ArtTexture *made_face(CardArt *art, int file, int w, int h)
{
    for (int i = 0; i < ART_MAX_TEXTURES; i++) {
        ArtTexture *t = &art->textures[i];
        if (t->texture != NULL && t->file == file && t->w == w && t->h == h) {
            return t;
        }
    }
    return NULL;
}

int card_art_end_frame(CardArt *art, SDL_Renderer *r, SDL_Rect *out, int cap)
{
    int n = 0;
    bool lost = art->waiting_lost;
    for (int i = 0; i < art->nwaiting;) {
        Waiting *q = &art->waiting[i];
        const ArtTexture *t = made_face(art, q->file, q->w, q->h);
        if (t == NULL && !art->files[q->file].missing) {
            t = texture_for(art, r, q->file, q->w, q->h);
        }
        bool made = t != NULL && t->w == q->w && t->h == q->h;
        if (!made && !art->files[q->file].missing) {
            i++;
            continue;
        }
        /* Made (or found unreadable): drawn again where it was shown. */
        if (n < cap) {
            out[n++] = q->where;
        } else {
            lost = true;
        }
        *q = art->waiting[--art->nwaiting];
    }
    art->waiting_lost = false;
    /* Another frame is wanted to draw those places, or to make the rest. */
    art->pending = art->nwaiting > 0 || n > 0;
    if (lost) {
        art->nwaiting = 0;
        art->pending = false;
        return -1;
    }
    return n;
}

SDL_Rect card_art_opaque(CardArt *art, DeckStyle style, Card c, SDL_Rect rect, unsigned flags)
{
    SDL_Rect none = {rect.x, rect.y, 0, 0};
    if (rect.w <= 0 || rect.h <= 0) {
        return none;
    }
    char name[48];
    card_art_file(style, c, flags, name, sizeof name);
    int file = file_index(art, name);
    if (file < 0 || art->files[file].missing) {
        return none;
    }
    for (int i = 0; i < ART_MAX_TEXTURES; i++) {
        ArtTexture *t = &art->textures[i];
        if (t->texture != NULL && t->file == file && t->w == rect.w && t->h == rect.h) {
            t->used = art->frame; /* kept this frame: the card is about to be drawn */
            int m = t->inset;
            return m > 0 ? (SDL_Rect){rect.x + m, rect.y + m, rect.w - 2 * m, rect.h - 2 * m}
                         : none;
        }
    }
    return none;
}

/* The parts of a face of its own size drawn without blending, in rect's
 * place: its cross (three rectangles) or the inside of its inset (one);
 * none when it has neither. Returns the count. */
static int face_opaque_parts(const ArtTexture *f, SDL_Rect rect, SDL_Rect out[3])
{
    int w = rect.w, h = rect.h;
    if (f == NULL || f->inset <= 0) {
        return 0;
    }
    if (f->corner <= 0) {
        int m = f->inset;
        out[0] = (SDL_Rect){rect.x + m, rect.y + m, w - 2 * m, h - 2 * m};
        return 1;
    }
    int e = f->edge, c = f->corner;
    out[0] = (SDL_Rect){rect.x + c, rect.y + e, w - 2 * c, h - 2 * e};
    out[1] = (SDL_Rect){rect.x + e, rect.y + c, c - e, h - 2 * c};
    out[2] = (SDL_Rect){rect.x + w - c, rect.y + c, c - e, h - 2 * c};
    return 3;
}

/* A face at its own size (own: its texture at rect's size, else NULL): its
 * opaque parts copied (no blending, the software renderer's fastest copy),
 * the rest blended: the corners, and the edges where they are not opaque. */
static void draw_face(SDL_Renderer *r, SDL_Texture *t, SDL_Rect rect, const ArtTexture *own)
{
    SDL_SetTextureColorMod(t, 255, 255, 255);
    SDL_SetTextureAlphaMod(t, 255);
    SDL_Rect opaque[3];
    int n = face_opaque_parts(own, rect, opaque);
    if (n == 0) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_RenderCopy(r, t, NULL, &rect);
        return;
    }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
    for (int i = 0; i < n; i++) {
        SDL_Rect src = {opaque[i].x - rect.x, opaque[i].y - rect.y, opaque[i].w, opaque[i].h};
        SDL_RenderCopy(r, t, &src, &opaque[i]);
    }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    int w = rect.w, h = rect.h;
    SDL_Rect rest[8];
    int k = 0;
    if (n == 1) {
        int m = own->inset;
        rest[k++] = (SDL_Rect){0, 0, w, m};
        rest[k++] = (SDL_Rect){0, h - m, w, m};
        rest[k++] = (SDL_Rect){0, m, m, h - 2 * m};
        rest[k++] = (SDL_Rect){w - m, m, m, h - 2 * m};
    } else {
        int e = own->edge, c = own->corner;
        rest[k++] = (SDL_Rect){0, 0, c, c};
        rest[k++] = (SDL_Rect){w - c, 0, c, c};
        rest[k++] = (SDL_Rect){0, h - c, c, c};
        rest[k++] = (SDL_Rect){w - c, h - c, c, c};
        if (e > 0) {
            rest[k++] = (SDL_Rect){c, 0, w - 2 * c, e};
            rest[k++] = (SDL_Rect){c, h - e, w - 2 * c, e};
            rest[k++] = (SDL_Rect){0, c, e, h - 2 * c};
            rest[k++] = (SDL_Rect){w - e, c, e, h - 2 * c};
        }
    }
    for (int i = 0; i < k; i++) {
        SDL_Rect to = {rect.x + rest[i].x, rect.y + rest[i].y, rest[i].w, rest[i].h};
        SDL_RenderCopy(r, t, &rest[i], &to);
    }
}

static void draw_missing(CardArt *art, SDL_Renderer *r, Card c, SDL_Rect rect, unsigned flags)
{
    int radius = SDL_max(2, rect.w / 12);
    paint_round_rect(art->paint, r, rect, radius, paint_rgba(236, 230, 214, 255));
    /* A dashed red border says "this is not the real card". */
    int t = SDL_max(1, rect.w / 40);
    int dash = SDL_max(3, rect.w / 10);
    SDL_Color red = paint_rgba(190, 40, 40, 255);
    SDL_Rect inner = {rect.x + 2 * t, rect.y + 2 * t, rect.w - 4 * t, rect.h - 4 * t};
    for (int x = inner.x; x < inner.x + inner.w; x += 2 * dash) {
        int len = SDL_min(dash, inner.x + inner.w - x);
        paint_fill_rect(r, (SDL_Rect){x, inner.y, len, t}, red);
        paint_fill_rect(r, (SDL_Rect){x, inner.y + inner.h - t, len, t}, red);
    }
    for (int y = inner.y; y < inner.y + inner.h; y += 2 * dash) {
        int len = SDL_min(dash, inner.y + inner.h - y);
        paint_fill_rect(r, (SDL_Rect){inner.x, y, t, len}, red);
        paint_fill_rect(r, (SDL_Rect){inner.x + inner.w - t, y, t, len}, red);
    }
    char label[CARD_TEXT_MAX];
    const char *kind = (flags & CARD_FACE_DOWN) ? "back" : card_format(c, label);
    TextStyle big = {SDL_max(6.0f, (float)rect.w * 0.28f), TEXT_BOLD, paint_rgba(120, 30, 30, 255)};
    text_draw_in(art->text, r, kind, &big, (SDL_Rect){rect.x, rect.y, rect.w, rect.h / 2},
                 TEXT_CENTER);
    if (rect.w >= 60) {
        TextStyle small = {SDL_max(6.0f, (float)rect.w * 0.11f), TEXT_REGULAR,
                           paint_rgba(120, 30, 30, 255)};
        text_draw_in(art->text, r, _("missing art"), &small,
                     (SDL_Rect){rect.x, rect.y + rect.h / 2, rect.w, rect.h / 4}, TEXT_CENTER);
    }
}

/* Whether the face drawn carries a red stamp: Ceki art always has it on
 * OT, RF and S9; western art only in games that score it. */
static bool shows_red_stamp(DeckStyle style, Card c, unsigned flags)
{
    if ((flags & CARD_FACE_DOWN) || !card_is_red_stamped(c)) {
        return false;
    }
    return art_of(style) == ART_WESTERN ? (flags & CARD_RED_STAMP) != 0 : true;
}

/* The colour-blind cue: a round badge with a four-pointed star and a frame
 * along the card's edge, so a red-stamped card is told by shape as well as
 * by colour. Both lie inside the card and are clipped to it: drawn with
 * the card, they are covered by whatever covers the card, and a covered
 * card's cue shows only where the card itself shows. */
static void draw_cue(CardArt *art, SDL_Renderer *r, SDL_Rect rect)
{
    SDL_Rect was = {0, 0, 0, 0}, clip = rect;
    bool clipped = SDL_RenderIsClipEnabled(r);
    if (clipped) {
        SDL_RenderGetClipRect(r, &was);
        if (!SDL_IntersectRect(&was, &rect, &clip)) {
            return;
        }
    }
    SDL_RenderSetClipRect(r, &clip);
    int t = SDL_max(2, rect.w / 30);
    int d = SDL_max(10, rect.w * 2 / 5);
    d = SDL_min(d, rect.h / 4);
    SDL_Rect badge = {rect.x + rect.w - d - t, rect.y + t, d, d};
    paint_round_rect(art->paint, r, badge, d / 2, paint_rgba(255, 255, 255, 255));
    SDL_Rect core = {badge.x + d / 10, badge.y + d / 10, d - 2 * (d / 10), d - 2 * (d / 10)};
    paint_round_rect(art->paint, r, core, core.w / 2, paint_rgba(150, 16, 32, 255));
    float cx = (float)badge.x + (float)d / 2, cy = (float)badge.y + (float)d / 2;
    float o = (float)d * 0.36f, i = (float)d * 0.11f;
    SDL_FPoint star[9] = {{cx, cy},         {cx, cy - o},     {cx + i, cy - i},
                          {cx + o, cy},     {cx + i, cy + i}, {cx, cy + o},
                          {cx - i, cy + i}, {cx - o, cy},     {cx - i, cy - i}};
    SDL_FPoint fan[10];
    memcpy(fan, star, sizeof star);
    fan[9] = star[1];
    paint_polygon(r, fan, 10, paint_rgba(255, 255, 255, 255));
    paint_round_frame(art->paint, r, rect, rect.w / 12, t, paint_rgba(150, 16, 32, 230));
    SDL_RenderSetClipRect(r, clipped ? &was : NULL);
}

/* Whether nothing of `extent` lies within the renderer's clip (a pass of a
 * partial frame drawing another part of the window). */
static bool clipped_out(SDL_Renderer *r, SDL_Rect extent)
{
    SDL_Rect clip = {0, 0, 0, 0};
    if (!SDL_RenderIsClipEnabled(r)) {
        return false;
    }
    SDL_RenderGetClipRect(r, &clip);
    return !SDL_HasIntersection(&clip, &extent);
}

int card_art_reach(int rect_w)
{
    /* The shadow reaches a blur to the sides and 1.5 blurs below
     * (card_art_draw moves it down half a blur), the highlight's frame 2
     * frame widths around; one pixel more for rounding. Moving cards damage
     * their place with this margin at every frame: 2 blurs all round drew
     * 10 % more pixels around a large card for nothing. */
    int blur = SDL_max(2, rect_w / 14), frame = SDL_max(2, rect_w / 22);
    return SDL_max(blur + blur / 2, 2 * frame) + 1;
}

void card_art_draw(CardArt *art, SDL_Renderer *r, DeckStyle style, Card c, SDL_Rect rect,
                   unsigned flags)
{
    if (rect.w <= 0 || rect.h <= 0) {
        return;
    }
    /* What it paints: the card, its shadow and the highlight's frame. */
    int reach = card_art_reach(rect.w);
    if (clipped_out(r, (SDL_Rect){rect.x - reach, rect.y - reach, rect.w + 2 * reach,
                                  rect.h + 2 * reach})) {
        return; /* its face is neither made nor wanted in this pass */
    }
    int radius = SDL_max(2, rect.w / 14);
    char name[48];
    card_art_file(style, c, flags, name, sizeof name);
    int file = file_index(art, name);
    const ArtTexture *face = NULL;
    if (file >= 0 && !art->files[file].missing) {
        face = texture_for(art, r, file, rect.w, rect.h);
        if (!art->files[file].missing && (face == NULL || face->w != rect.w || face->h != rect.h)) {
            /* Only the face differs from the card drawn with its own face,
             * and only within rect. */
            note_waiting(art, rect, file, rect.w, rect.h);
        }
    }
    /* A face of the size drawn, opaque inside its edge band, hides what
     * lies under that inside: the shadow there is not drawn. */
    const ArtTexture *own = face != NULL && face->w == rect.w && face->h == rect.h ? face : NULL;
    if (!(flags & CARD_NO_SHADOW)) {
        int blur = SDL_max(2, rect.w / 14);
        SDL_Rect under = {rect.x, rect.y + blur / 2, rect.w, rect.h};
        SDL_Rect covered[3];
        int ncovered = face_opaque_parts(own, rect, covered);
        paint_shadow_around(art->paint, r, under, radius, blur, paint_rgba(0, 0, 0, 120), covered,
                            ncovered);
    }
    if (face != NULL && face->texture != NULL) {
        draw_face(r, face->texture, rect, own);
    } else if (file >= 0 && art->files[file].missing) {
        draw_missing(art, r, c, rect, flags);
    } else {
        paint_round_rect(art->paint, r, rect, radius, paint_rgba(236, 230, 214, 255));
    }
    if (flags & CARD_DIM) {
        paint_round_rect(art->paint, r, rect, radius, paint_rgba(0, 0, 0, 110));
    }
    if ((flags & CARD_COLOUR_CUE) && shows_red_stamp(style, c, flags)) {
        draw_cue(art, r, rect);
    }
    if (flags & CARD_HIGHLIGHT) {
        int th = SDL_max(2, rect.w / 22);
        SDL_Rect glow = {rect.x - 2 * th, rect.y - 2 * th, rect.w + 4 * th, rect.h + 4 * th};
        paint_round_frame(art->paint, r, glow, radius + 2 * th, th, paint_rgba(255, 214, 102, 255));
    }
}

void card_art_draw_rotated(CardArt *art, SDL_Renderer *r, DeckStyle style, Card c, SDL_Rect rect,
                           double angle, unsigned flags)
{
    char name[48];
    card_art_file(style, c, flags, name, sizeof name);
    int file = file_index(art, name);
    if (file < 0 || art->files[file].missing || fabs(angle) < 0.01) {
        card_art_draw(art, r, style, c, rect, flags); /* missing art is drawn upright */
        return;
    }
    /* Turned any way about its centre, the card and its shadow lie within
     * the circle through its corners, the shadow moved by off. */
    int off = SDL_max(2, rect.w / 24);
    int d = (int)ceil(sqrt((double)rect.w * rect.w + (double)rect.h * rect.h) / 2.0) + 1;
    int cx = rect.x + rect.w / 2, cy = rect.y + rect.h / 2;
    SDL_Rect extent = {cx - d, cy - d, 2 * d + off + 1, 2 * d + off + 1};
    if (clipped_out(r, extent)) {
        return;
    }
    const ArtTexture *face = texture_for(art, r, file, rect.w, rect.h);
    SDL_Texture *t = face != NULL ? face->texture : NULL;
    if (!art->files[file].missing && (face == NULL || face->w != rect.w || face->h != rect.h)) {
        note_waiting(art, extent, file, rect.w, rect.h);
    }
    if (t == NULL) {
        return; /* not rasterised yet: card_art_pending() asks for another frame */
    }
    if (!(flags & CARD_NO_SHADOW)) {
        SDL_Rect under = {rect.x + off / 2, rect.y + off, rect.w, rect.h};
        SDL_SetTextureColorMod(t, 0, 0, 0);
        SDL_SetTextureAlphaMod(t, 90);
        SDL_RenderCopyEx(r, t, NULL, &under, angle, NULL, SDL_FLIP_NONE);
    }
    SDL_SetTextureColorMod(t, 255, 255, 255);
    SDL_SetTextureAlphaMod(t, 255);
    SDL_RenderCopyEx(r, t, NULL, &rect, angle, NULL, SDL_FLIP_NONE);
}
