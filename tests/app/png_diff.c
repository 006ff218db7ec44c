/* png_diff — how much two pictures of the same size differ, for the
 * renderer comparison (renderers.sh):
 *
 *     png_diff A.png B.png MAX_PERCENT [TOLERANCE]
 *
 * A pixel differs when any channel is more than TOLERANCE (default 40 of
 * 255) apart: the renderers smooth the edges of turned cards differently,
 * but a card drawn blank, missing or upright shows far past it. Prints
 * "differ: P% of N pixels" and exits 0 when P <= MAX_PERCENT, 1 when
 * more, 2 when the files cannot be compared. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

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

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: png_diff A.png B.png MAX_PERCENT [TOLERANCE]\n");
        return 2;
    }
    double max_percent = atof(argv[3]);
    int tol = argc > 4 ? atoi(argv[4]) : 40;
    SDL_Surface *a = load(argv[1]), *b = load(argv[2]);
    int status = 2;
    if (a != NULL && b != NULL && (a->w != b->w || a->h != b->h)) {
        fprintf(stderr, "png_diff: %dx%d against %dx%d\n", a->w, a->h, b->w, b->h);
    } else if (a != NULL && b != NULL) {
        long differ = 0, all = (long)a->w * a->h;
        for (int y = 0; y < a->h; y++) {
            const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + (size_t)y * a->pitch);
            const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + (size_t)y * b->pitch);
            for (int x = 0; x < a->w; x++) {
                int gap = 0;
                for (int shift = 0; shift < 24; shift += 8) {
                    int g = channel_gap(ra[x], rb[x], shift);
                    gap = g > gap ? g : gap;
                }
                differ += gap > tol;
            }
        }
        double percent = 100.0 * (double)differ / (double)all;
        printf("differ: %.3f%% of %ld pixels\n", percent, all);
        status = percent <= max_percent ? 0 : 1;
    }
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    return status;
}
