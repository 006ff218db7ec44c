/* png_diff — how much two pictures of the same size differ, for the
 * renderer comparison (renderers.sh) and the window test's pictures
 * (window_e2e.sh):
 *
 *     png_diff A.png B.png MAX_PERCENT [TOLERANCE [X,Y,W,H]]
 *
 * A pixel differs when any channel is more than TOLERANCE (default 40 of
 * 255) apart: the renderers smooth the edges of turned cards differently,
 * but a card drawn blank, missing or upright shows far past it. With a
 * rectangle, only its pixels are compared (it must lie inside both).
 * Prints "differ: P% of N pixels (D)", D the pixels that differ, and exits
 * 0 when P <= MAX_PERCENT, 1 when more, 2 when the files cannot be
 * compared. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define PNG_DIFF_TOLERANCE 40

static SDL_Surface *load(const char *path)
{
    SDL_Surface *raw = IMG_Load(path);
    SDL_Surface *s =
        raw != NULL ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_FreeSurface(raw);
    if (s == NULL) {
        fprintf(stderr, "png_diff: cannot read %s: %s\n", path, IMG_GetError());
    }
    return s;
}

static int channel_gap(Uint32 a, Uint32 b, int shift)
{
    return abs((int)((a >> shift) & 0xFF) - (int)((b >> shift) & 0xFF));
}

/* The part compared: all of A, or the rectangle "X,Y,W,H" inside it. */
static bool part_of(const SDL_Surface *a, const char *text, SDL_Rect *r)
{
    *r = (SDL_Rect){0, 0, a->w, a->h};
    if (text == NULL) {
        return true;
    }
    char end;
    if (sscanf(text, "%d,%d,%d,%d%c", &r->x, &r->y, &r->w, &r->h, &end) != 4 || r->x < 0 ||
        r->y < 0 || r->w <= 0 || r->h <= 0 || r->x + r->w > a->w || r->y + r->h > a->h) {
        fprintf(stderr, "png_diff: the rectangle '%s' is not X,Y,W,H inside %dx%d\n", text, a->w,
                a->h);
        return false;
    }
    return true;
}

static long count_differing(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect r, int tol)
{
    long differ = 0;
    for (int y = r.y; y < r.y + r.h; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + (size_t)y * a->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + (size_t)y * b->pitch);
        for (int x = r.x; x < r.x + r.w; x++) {
            int gap = 0;
            for (int shift = 0; shift < 24; shift += 8) {
                int g = channel_gap(ra[x], rb[x], shift);
                gap = g > gap ? g : gap;
            }
            differ += gap > tol;
        }
    }
    return differ;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 6) {
        fprintf(stderr, "usage: png_diff A.png B.png MAX_PERCENT [TOLERANCE [X,Y,W,H]]\n");
        return 2;
    }
    double max_percent = atof(argv[3]);
    int tol = argc > 4 ? atoi(argv[4]) : PNG_DIFF_TOLERANCE;
    SDL_Surface *a = load(argv[1]), *b = load(argv[2]);
    SDL_Rect part;
    int status = 2;
    if (a != NULL && b != NULL && (a->w != b->w || a->h != b->h)) {
        fprintf(stderr, "png_diff: %dx%d against %dx%d\n", a->w, a->h, b->w, b->h);
    } else if (a != NULL && b != NULL && part_of(a, argc > 5 ? argv[5] : NULL, &part)) {
        long all = (long)part.w * part.h;
        long differ = count_differing(a, b, part, tol);
        double percent = 100.0 * (double)differ / (double)all;
        printf("differ: %.3f%% of %ld pixels (%ld)\n", percent, all, differ);
        status = percent <= max_percent ? 0 : 1;
    }
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    return status;
}
