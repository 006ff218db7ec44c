/* table_cpu — what a table playing itself costs in processor time, on a
 * clock of its own. For every variant (or those named), computers play at
 * normal animation speed in a headless App of the given size (SDL's
 * software renderer on a surface, as in a window without a graphics card,
 * less the copy to the screen); the loop is stepped 60 times a simulated
 * second and draws every frame the real loop would (whole, or only where
 * cards move). After WARMUP simulated seconds, the processor time of the
 * process over SECONDS simulated seconds is reported as a share of one
 * core, with the frames drawn whole and in part.
 *
 * Unlike tests/bench/animation_cpu.sh, which reads a real window's CPU time,
 * no real clock paces it: on a busy machine a window draws fewer frames
 * than it would (each covering more of the animation), which hides part of
 * its cost, while here every frame is drawn. A computer's thought is waited
 * for without advancing the clock (a computer that thinks at once).
 * A benchmark run by hand, never timed in CI:
 *
 *     build/table_cpu WxH [SECONDS [WARMUP]] [VARIANT...]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app_loop.h"
#include "scene.h"
#include "scene_table.h"
#include "session.h"

#define STEPS_PER_SECOND 60
#define THINK_WAIT_MS 5000 /* a computer's thought is waited for this long at most */

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct Counts {
    long whole, partial;
} Counts;

/* One step of the loop as app_run takes it, the thought of a computer
 * waited for first. */
static void step(App *app, Counts *c)
{
    const SceneFrame *top = scene_stack_top(app);
    TableState *t = top != NULL && strcmp(top->cls->name, "table") == 0 ? top->state : NULL;
    for (int ms = 0; t != NULL && session_thinking(t->session) && ms < THINK_WAIT_MS; ms++) {
        SDL_Delay(1);
    }
    app_update(app, 1.0 / STEPS_PER_SECOND);
    if (app->dirty || app->animating || card_art_pending(app->cards)) {
        SDL_Rect parts[APP_MAX_DAMAGE];
        int n = app_draw_frame(app, parts, APP_MAX_DAMAGE);
        SDL_RenderFlush(app->renderer);
        *(n > 0 ? &c->partial : &c->whole) += 1;
    }
}

/* Plays variant v for warmup + secs simulated seconds; prints its line. */
static int measure(const char *key, int w, int h, int secs, int warmup)
{
    const VariantDesc *v = variant_find(key);
    if (v == NULL) {
        fprintf(stderr, "table_cpu: no variant '%s' (ceki-cli variants lists them)\n", key);
        return 1;
    }
    char err[512];
    AppConfig cfg = {.headless = true, .width = w, .height = h, .data_dir = CEKI_DATA_DIR};
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "table_cpu: %s\n", err);
        return 1;
    }
    app->settings.anim_speed = ANIM_NORMAL;
    app_setup_variant(app, v->id);
    app->setup.config.seed = 1;
    app->setup.seed_given = true;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        app->setup.human[s] = false;
        app->setup.level[s] = AI_GREEDY;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fprintf(stderr, "table_cpu: %s: %s\n", key, why);
        app_destroy(app);
        return 1;
    }
    Counts c = {0, 0};
    for (int i = 0; i < warmup * STEPS_PER_SECOND; i++) {
        step(app, &c);
    }
    c = (Counts){0, 0};
    double t0 = cpu_seconds();
    for (int i = 0; i < secs * STEPS_PER_SECOND; i++) {
        step(app, &c);
    }
    double used = cpu_seconds() - t0;
    printf("%-24s %5.1f %% of a core   frames %ld (%ld partial)\n", key, 100.0 * used / secs,
           c.whole + c.partial, c.partial);
    app_destroy(app);
    return 0;
}

int main(int argc, char **argv)
{
    int w = 0, h = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &w, &h) != 2 || w < 320 || h < 200) {
        fprintf(stderr, "usage: table_cpu WxH [SECONDS [WARMUP]] [VARIANT...]\n");
        return 2;
    }
    int at = 2, secs = 20, warmup = 5;
    if (at < argc && sscanf(argv[at], "%d", &secs) == 1) {
        at++;
        if (at < argc && sscanf(argv[at], "%d", &warmup) == 1) {
            at++;
        }
    }
    if (secs < 1 || warmup < 0) {
        fprintf(stderr, "table_cpu: SECONDS must be 1 or more, WARMUP 0 or more\n");
        return 2;
    }
    printf("# %d simulated s each after %d, %dx%d, software renderer, headless\n", secs, warmup, w,
           h);
    int status = 0;
    if (at < argc) {
        for (int i = at; i < argc; i++) {
            status |= measure(argv[i], w, h, secs, warmup);
        }
        return status;
    }
    for (int i = 0; i < VARIANT_COUNT; i++) {
        status |= measure(variant_get((VariantId)i)->key, w, h, secs, warmup);
    }
    return status;
}
