/* app_loop.c — the main loop: events to the top scene, updates, frames
 * (see app_loop.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction */
#include "app_loop.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "learn.h"
#include "scene.h"
#include "scenes.h"
#include "session.h"
#include "ui.h"

App *app_create(const AppConfig *cfg, char *err, size_t err_size)
{
    App *app = app_context_create(cfg, err, err_size);
    if (app == NULL) {
        return NULL;
    }
    app->scenes.classes = scene_registry;
    char why[200];
    if (!scene_stack_push(app, SCENE_TITLE, why, sizeof why)) {
        snprintf(err, err_size, "%s", why);
        app_context_destroy(app);
        return NULL;
    }
    return app;
}

/* F1 on a screen other than the table (whose F1 is its rules) and learn:
 * opens the Keys and mouse page over it; true when the key was taken. */
static bool help_key(App *app, const SDL_Event *e)
{
    if (e->type != SDL_KEYDOWN || e->key.keysym.sym != SDLK_F1 || e->key.repeat) {
        return false;
    }
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || top->id == SCENE_TABLE || top->id == SCENE_LEARN) {
        return false;
    }
    learn_push_keys(app);
    return true;
}

void app_destroy(App *app)
{
    if (app == NULL) {
        return;
    }
    scene_stack_clear(app);
    app_context_destroy(app);
}

static void toggle_fullscreen(App *app)
{
    Settings s = app->settings;
    s.fullscreen = !s.fullscreen;
    app_set_settings(app, &s);
}

void app_handle_event(App *app, const SDL_Event *event)
{
    SDL_Event e = *event;
    switch (e.type) {
    case SDL_QUIT: app->quit = true; return;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET:
        paint_forget_targets(app->paint);
        app->dirty = true;
        return;
    case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            e.window.event == SDL_WINDOWEVENT_RESIZED ||
            e.window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED) {
            app->platform->keep_minimum_size(app);
            app_update_metrics(app);
        }
        app->dirty = true;
        return;
    case SDL_KEYDOWN:
        if (e.key.keysym.sym == SDLK_F11 ||
            (e.key.keysym.sym == SDLK_RETURN && (e.key.keysym.mod & KMOD_ALT))) {
            toggle_fullscreen(app);
            return;
        }
        break;
    case SDL_MOUSEMOTION:
        e.motion.x = (Sint32)lroundf((float)e.motion.x * app->dpi);
        e.motion.y = (Sint32)lroundf((float)e.motion.y * app->dpi);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        e.button.x = (Sint32)lroundf((float)e.button.x * app->dpi);
        e.button.y = (Sint32)lroundf((float)e.button.y * app->dpi);
        break;
    default: break;
    }
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL) {
        app->quit = true;
        return;
    }
    if (help_key(app, &e)) {
        app->dirty = true;
        return;
    }
    SceneAction action = top->cls->handle_event(app, top->state, &e);
    char why[200];
    if (!scene_apply(app, action, why, sizeof why)) {
        app_show_toast(app, why);
    }
    app->dirty = true;
}

int app_pump_events(App *app)
{
    int n = 0;
    SDL_Event e;
    while (app->platform->next_event(app, &e, 0)) {
        app_handle_event(app, &e);
        n++;
    }
    return n;
}

void app_update(App *app, double dt)
{
    app->now += dt;
    app->animating = false;
    app->ticking = false;
    if (app->toast[0] != '\0' && app->now >= app->toast_until) {
        app->toast[0] = '\0';
        app->dirty = true;
    }
    session_poll(app->session); /* a network table is served whatever is on screen */
    const SceneFrame *top = scene_stack_top(app);
    if (top != NULL && top->cls->update != NULL) {
        SceneAction action = top->cls->update(app, top->state, dt);
        char why[200];
        if (!scene_apply(app, action, why, sizeof why)) {
            app_show_toast(app, why);
        }
    }
}

/* The screens, drawn once whole or once for each damaged rectangle of a
 * frame. */
static void draw_scenes(App *app)
{
    /* Every screen begins with the felt (ui_draw_background), which covers
     * the frame with opaque pixels: filling it first too would cost a
     * large window as much again. Only a frame with no screen is filled. */
    SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(app->renderer, 10, 40, 28, 255); /* the felt's edge */
    if (app->scenes.count == 0) {
        /* A fill, not SDL_RenderClear, which ignores the clip of a partial frame. */
        SDL_RenderFillRect(app->renderer, NULL);
    }
    scene_stack_draw(app, app->renderer);
    ui_draw_toast(app);
}

#define FRAME_MAX_STANDINS 128 /* cards with a stand-in face redrawn by place */

/* A card shown with a face of another size while its own is made is drawn
 * again once that face is made: its place is damaged, or the next frame is
 * whole when there were too many to list. */
static void end_frame(App *app)
{
    SDL_Rect again[FRAME_MAX_STANDINS];
    int n = card_art_end_frame(app->cards, app->renderer, again, FRAME_MAX_STANDINS);
    if (n < 0) {
        app->dirty = true;
    }
    for (int i = 0; i < n; i++) {
        app_damage(app, again[i]);
    }
}

void app_draw(App *app)
{
    card_art_begin_frame(app->cards, app->platform->headless);
    draw_scenes(app);
    end_frame(app);
}

int app_draw_frame(App *app, SDL_Rect *out, int cap)
{
    /* Drawn in part when its passes cost less than one whole pass: each
     * costs its pixels and its setup (APP_DAMAGE_PASS_PIXELS). Rectangles
     * may overlap (app_damage): each is drawn whole, the overlap twice with
     * the same pixels, and counted twice here. (Drawn whole at half the
     * window or more, a dealing Thothit Kuna drew 54 frames of 4.1 million
     * pixels in 20 s at 2560x1600 where 2.1-2.8 million changed.) */
    long cost = 0;
    for (int i = 0; i < app->ndamage; i++) {
        cost += (long)app->damage[i].w * app->damage[i].h + APP_DAMAGE_PASS_PIXELS;
    }
    bool partial = app->keeps_frame && !app->dirty && app->ndamage > 0 && app->ndamage <= cap &&
                   cost < (long)app->width * app->height + APP_DAMAGE_PASS_PIXELS;
    int n = 0;
    /* One frame, however many passes: one budget for making card faces. */
    card_art_begin_frame(app->cards, app->platform->headless);
    if (partial) {
        for (int i = 0; i < app->ndamage; i++) {
            SDL_RenderSetClipRect(app->renderer, &app->damage[i]);
            draw_scenes(app);
            out[n++] = app->damage[i];
        }
        SDL_RenderSetClipRect(app->renderer, NULL);
    } else {
        draw_scenes(app);
    }
    app->dirty = false;
    app->ndamage = 0;
    end_frame(app);
    return n;
}

#define SETTLE_STEPS 200 /* updates at most */
#define SETTLE_STEP 0.25 /* seconds of virtual time each */
#define SETTLE_WAIT_MS 5 /* real time a ticking screen is given per quiet step */

/* As the interactive loop does (app_run), a frame is drawn only when an
 * update changed something, something moves, or a card face is still to
 * be made; a screen that only ticks (a network screen polling, a computer
 * thinking) is given a moment of real time instead. Drawing each of the
 * 200 steps cost such a screenshot 3 s of processor time. The frame left
 * on the surface is the last one drawn: nothing changed after it. */
void app_settle(App *app)
{
    bool was_dirty = false;
    for (int i = 0; i < SETTLE_STEPS; i++) {
        int damaged = app->ndamage;
        app_update(app, SETTLE_STEP);
        if (i == 0 || app->dirty || app->ndamage != damaged || app->animating ||
            card_art_pending(app->cards)) {
            /* A draw that wants another frame says so by dirty again. */
            was_dirty = was_dirty || app->dirty;
            app->dirty = false;
            app_draw(app);
        } else {
            SDL_Delay(SETTLE_WAIT_MS);
        }
        if (!app->animating && !app->ticking && !card_art_pending(app->cards)) {
            break;
        }
    }
    app->dirty = app->dirty || was_dirty;
    SDL_RenderFlush(app->renderer);
}

#define STATE_LINE_MAX 512

/* $CEKI_STATE_LOG: after each frame, a line saying what the window shows
 * (its size and the top scene's own words, scene_describe) is appended
 * whenever it changed, for tests that drive the real window from outside
 * (tests/app/window_e2e.sh). */
static void log_state(App *app, FILE *log, char *last, size_t size)
{
    char line[STATE_LINE_MAX];
    int n = snprintf(line, sizeof line, "w=%d h=%d ", app->width, app->height);
    scene_describe(app, line + n, sizeof line - (size_t)n);
    if (strcmp(line, last) != 0) {
        fprintf(log, "%s\n", line);
        fflush(log);
        snprintf(last, size, "%s", line);
    }
}

#define WIDGET_LINE_MAX (UI_MAX_WIDGETS * 64 + 64)

/* $CEKI_WIDGET_LOG: after each frame, the top scene's enabled widgets
 * with the centre of each, "scene=NAME|Name@x,y|...", appended whenever
 * they changed, so that a test driving the real window clicks a widget by
 * its name wherever the layout puts it (tests/app/net_windows_xdo.sh). */
static void log_widgets(App *app, FILE *log, char *last, size_t size)
{
    char line[WIDGET_LINE_MAX];
    const SceneFrame *top = scene_stack_top(app);
    const Ui *ui = ui_of_top_scene(app);
    size_t n =
        (size_t)snprintf(line, sizeof line, "scene=%s", top != NULL ? top->cls->name : "none");
    for (int i = 0; ui != NULL && i < ui->count && n < sizeof line; i++) {
        const Widget *w = &ui->widgets[i];
        if (!w->disabled) {
            n += (size_t)snprintf(line + n, sizeof line - n, "|%s@%d,%d", w->name,
                                  w->rect.x + w->rect.w / 2, w->rect.y + w->rect.h / 2);
        }
    }
    if (strcmp(line, last) != 0) {
        fprintf(log, "%s\n", line);
        fflush(log);
        snprintf(last, size, "%s", line);
    }
}

/* $CEKI_FRAME_STATS: frames drawn whole and in part, the mean time each
 * took to draw and present, the time spent updating, said at exit
 * (tests/bench/animation_cpu.sh). */
typedef struct FrameStats {
    long frames, partial_frames;
    double whole_time, partial_time, update_time, started; /* seconds of real time */
} FrameStats;

/* Real time, for the measurements (a headless platform's clock is virtual). */
static double real_seconds(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

static void report_frame_stats(App *app, const FrameStats *f)
{
    long whole = f->frames - f->partial_frames;
    double secs = real_seconds() - f->started;
    fprintf(stderr,
            "frames %ld (%ld partial): to draw and present %.2f ms whole, %.2f ms in part; "
            "updating %.1f ms a second; card faces held %.1f MB\n",
            f->frames, f->partial_frames, whole > 0 ? f->whole_time * 1000.0 / (double)whole : 0.0,
            f->partial_frames > 0 ? f->partial_time * 1000.0 / (double)f->partial_frames : 0.0,
            secs > 0 ? f->update_time * 1000.0 / secs : 0.0,
            (double)card_art_texels(app->cards) * 4.0 / 1048576.0);
}

/* The longest a window at a network table waits for input before its
 * connection is serviced again. */
#define APP_NET_SERVICE_MS 20

int app_input_wait_ms(const App *app)
{
    int timeout = 500;
    if (app->ticking || app->driver != NULL) {
        timeout = (int)(APP_FRAME_SECONDS * 1000.0); /* a clock or a thread to poll */
    } else if (app->toast[0] != '\0') {
        timeout = 100; /* wake to take the toast away */
    }
    bool at_net =
        app->net != NULL || (app->session != NULL && session_net_table(app->session) != NULL);
    if (at_net && timeout > APP_NET_SERVICE_MS) {
        /* At a network table the connection is answered promptly even
         * while nothing moves: ENet reckons its resend times from how soon
         * acknowledgements come back, and a window that slept 500 ms
         * between polls made them come late, so the host took 25 to 30 s,
         * not 2, to see a friend whose program was killed. */
        timeout = APP_NET_SERVICE_MS;
    }
    return timeout;
}

/* Waits for input as long as nothing is to be drawn, then takes every
 * event there is. */
static void take_input(App *app, bool bench)
{
    bool busy = bench || app->dirty || app->animating || card_art_pending(app->cards);
    int timeout = app_input_wait_ms(app);
    SDL_Event e;
    if (app->platform->next_event(app, &e, busy ? 0 : timeout)) {
        app_handle_event(app, &e);
        app_pump_events(app);
    }
}

/* A software renderer's window this large or smaller is drawn up to 60
 * frames a second (1920x1080) ... */
#define SOFTWARE_SMOOTH_PIXELS 2073600.0
/* ... a larger one less often, down to this (2560x1600 and over). */
#define SOFTWARE_FRAME_SECONDS_MAX (1.0 / 30.0)

/* The time a frame is given when no vertical sync paces the frames: a
 * 60th of a second, and more for a large window drawn by SDL's software
 * renderer (no graphics card), where a frame costs as many pixels as cards
 * move across and each is copied and blended by the processor: at
 * 2560x1600 Kings playing itself cost 17.5 % of a core at 60 frames a
 * second, 10.9 % at 30 with the copies made cheaper too
 * (tests/bench/animation_cpu.sh). Cards move as far in the same time, in
 * fewer steps. */
static double frame_interval(const App *app)
{
    double pixels = (double)app->width * (double)app->height;
    if (!app->keeps_frame || pixels <= SOFTWARE_SMOOTH_PIXELS) {
        return APP_FRAME_SECONDS;
    }
    double k = pixels / SOFTWARE_SMOOTH_PIXELS;
    return k * APP_FRAME_SECONDS < SOFTWARE_FRAME_SECONDS_MAX ? k * APP_FRAME_SECONDS
                                                              : SOFTWARE_FRAME_SECONDS_MAX;
}

/* $CEKI_SHOT_FILE: for tests driving the real window from outside, which
 * then need no screenshot tool of their own (tests/app/window.bash): on
 * SIGUSR1 the next frame is drawn whole and, before it is shown, saved
 * there as a PNG (written aside, then renamed: once the file is there, it
 * is whole), as often as it is sent (sigaction: C's signal() would take
 * only the first and leave the next to end the program). Without it
 * SIGUSR1 keeps its default. */
static volatile sig_atomic_t shot_asked;

static void on_shot_signal(int sig)
{
    (void)sig;
    shot_asked = 1;
}

static const char *shots_start(void)
{
    const char *path = getenv("CEKI_SHOT_FILE");
    if (path == NULL || path[0] == '\0') {
        return NULL;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_shot_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    return path;
}

/* Whether a shot was asked for since the last frame (the frame then drawn
 * whole). */
static bool shot_due(App *app, const char *path)
{
    if (path == NULL || !shot_asked) {
        return false;
    }
    shot_asked = 0;
    app->dirty = true;
    return true;
}

static void shot_save(App *app, const char *path)
{
    char err[256];
    if (!app_save_png(app, path, err, sizeof err)) {
        fprintf(stderr, "ceki: the screenshot %s: %s\n", path, err);
    }
}

/* Draws and shows a frame, saved to SHOT first unless NULL; without
 * vertical sync to pace the frames, at most one a frame_interval (the
 * benchmark does not wait: its clock is its own). */
static void show_frame(App *app, FrameStats *f, double began, bool bench, const char *shot)
{
    double start = real_seconds();
    SDL_Rect drawn[APP_MAX_DAMAGE];
    int parts = app_draw_frame(app, drawn, APP_MAX_DAMAGE);
    if (shot != NULL) {
        shot_save(app, shot);
    }
    app->platform->present(app, drawn, parts);
    f->frames++;
    f->partial_frames += parts > 0;
    double took = real_seconds() - start;
    *(parts > 0 ? &f->partial_time : &f->whole_time) += took;
    if (!app->vsync && !bench) {
        double spent = app->platform->clock(app) - began;
        double interval = frame_interval(app);
        if (spent < interval) {
            app->platform->sleep(app, interval - spent);
        }
    }
}

/* $CEKI_BENCH_STEPS=N (tests/bench/frame_cost.sh): the loop takes N steps
 * of exactly a 60th of a second each, as fast as they go, and says how much
 * processor time the last three quarters took: the same frames every run,
 * whatever the machine's load, where a real clock draws fewer frames on a
 * busy machine. */
typedef struct Bench {
    long steps, step; /* steps: 0 when not a benchmark */
    long frames_from; /* frames drawn when the measured part began */
    clock_t cpu_from;
    double drawn; /* the step's time the last frame was drawn at */
} Bench;

static Bench bench_start(void)
{
    const char *n = getenv("CEKI_BENCH_STEPS");
    long steps = n != NULL ? strtol(n, NULL, 10) : 0;
    return (Bench){.steps = steps > 0 ? steps : 0, .cpu_from = clock(), .drawn = -1.0};
}

/* Counts a step; false once the benchmark's steps are taken (said). */
static bool bench_step(Bench *b, const FrameStats *f)
{
    if (b->steps == 0) {
        return true;
    }
    b->step++;
    if (b->step == b->steps / 4) { /* the first quarter warms up: faces made, the felt drawn */
        b->cpu_from = clock();
        b->frames_from = f->frames;
    }
    if (b->step <= b->steps) {
        return true;
    }
    double cpu = (double)(clock() - b->cpu_from) / CLOCKS_PER_SEC;
    double secs = (double)(b->steps - b->steps / 4) * APP_FRAME_SECONDS;
    fprintf(stderr,
            "bench: %ld steps, %ld frames in the last %.1f s, %.3f s of processor time: "
            "%.1f %% of a core\n",
            b->steps, f->frames - b->frames_from, secs, cpu, 100.0 * cpu / secs);
    return false;
}

int app_run(App *app)
{
    const PlatformOps *p = app->platform;
    double last = p->clock(app);
    app->dirty = true;
    const char *state_path = getenv("CEKI_STATE_LOG");
    FILE *state_log = state_path != NULL && state_path[0] != '\0' ? fopen(state_path, "a") : NULL;
    char state_last[STATE_LINE_MAX] = "";
    const char *widget_path = getenv("CEKI_WIDGET_LOG");
    FILE *widget_log =
        widget_path != NULL && widget_path[0] != '\0' ? fopen(widget_path, "a") : NULL;
    static char widget_last[WIDGET_LINE_MAX];
    widget_last[0] = '\0';
    FrameStats stats = {.started = real_seconds()};
    Bench bench = bench_start();
    const char *shot_path = shots_start();
    if (bench.steps > 0) {
        last = 0;
    }
    while (!app->quit) {
        take_input(app, bench.steps > 0);
        double now = bench.steps > 0 ? bench.step * APP_FRAME_SECONDS : p->clock(app);
        double real = real_seconds();
        double dt = now - last;
        last = now;
        if (!bench_step(&bench, &stats)) {
            break;
        }
        app_update(app, dt > 0.25 ? 0.25 : dt);
        if (app->driver != NULL) {
            app->driver(app);
        }
        stats.update_time += real_seconds() - real;
        /* Stepped by a 60th of a second, the benchmark draws a frame only
         * once the frame's time has passed, as the real loop sleeps. */
        bool due = bench.steps == 0 || now - bench.drawn >= frame_interval(app) - 1e-6;
        bool shot = due && shot_due(app, shot_path);
        if (due && (app->dirty || app->animating || card_art_pending(app->cards))) {
            bench.drawn = now;
            show_frame(app, &stats, now, bench.steps > 0, shot ? shot_path : NULL);
            if (state_log != NULL) {
                log_state(app, state_log, state_last, sizeof state_last);
            }
            if (widget_log != NULL) {
                log_widgets(app, widget_log, widget_last, sizeof widget_last);
            }
        }
    }
    if (state_log != NULL) {
        fclose(state_log);
    }
    if (widget_log != NULL) {
        fclose(widget_log);
    }
    if (getenv("CEKI_FRAME_STATS") != NULL) {
        report_frame_stats(app, &stats);
    }
    return 0;
}
