/* scene_clock.c — a table with friends where the person's turn clock runs
 * low (--scene clock: the screenshot of it, and a way to look at it in a
 * window). It hosts app->setup's game on 127.0.0.1 with the quick clock,
 * the person in the first seat and computers in the others, starts it and
 * waits (bounded) until the person is to move. Then the host's own clock
 * is moved on (net_table_skip_time) until CLOCK_SHOT_LEFT_MS of the
 * person's move time and bank are left, the seat's view comes again with
 * the clock as the host then has it, and the table takes over: what the
 * plates show is the real host's arithmetic, counted down in the window. */
#include <stdio.h>
#include <string.h>

#include "net_screens.h"
#include "scenes.h"

#define CLOCK_SHOT_LEFT_MS 6000u  /* left of the person's time when the table shows */
#define CLOCK_SHOT_WAIT_MS 10000u /* the longest wait for the person's turn */
#define CLOCK_SHOT_PAUSE_MS 2u

typedef struct ClockShotState {
    bool ready; /* app->net holds the table, the person to move */
} ClockShotState;

static NetTable *clock_shot_host(App *app)
{
    GameSetup g = app->setup;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        g.human[i] = i == 0;
        g.remote[i] = false;
        g.level[i] = AI_GREEDY;
    }
    g.clock = TABLE_CLOCK_QUICK;
    uint64_t seed = app->setup.seed_given ? app->setup.config.seed : 1;
    return net_screens_host_shot(app, &g, false, NET_WATCH_NONE, seed);
}

/* Polls until the person may move (the match started, the computers
 * before them moved); false when that did not come in time. */
static bool clock_shot_wait_turn(NetTable *t)
{
    uint32_t start = SDL_GetTicks();
    while (SDL_GetTicks() - start < CLOCK_SHOT_WAIT_MS) {
        net_table_poll(t, SDL_GetTicks());
        int n = 0;
        SeatFeed *f = net_table_feed(t);
        if (net_table_state(t) == NET_TABLE_PLAYING && f != NULL && seat_feed_has_view(f) &&
            seat_feed_moves(f, &n) != NULL && n > 0) {
            return true;
        }
        if (net_table_state(t) == NET_TABLE_FAILED) {
            return false;
        }
        SDL_Delay(CLOCK_SHOT_PAUSE_MS);
    }
    return false;
}

/* The host's clock moved on to CLOCK_SHOT_LEFT_MS left, and the clock as
 * it then stands arrived. */
static bool clock_shot_run_low(NetTable *t)
{
    long before = 0;
    net_table_clock(t, &before);
    NetClock quick = net_screens_clock(TABLE_CLOCK_QUICK);
    if (!net_table_skip_time(t, quick.move_ms + quick.bank_ms - CLOCK_SHOT_LEFT_MS)) {
        return false;
    }
    long told = 0;
    const NetClockState *c = net_table_clock(t, &told);
    return told != before && c != NULL && c->on && c->running == net_table_seat(t);
}

static bool clock_shot_enter(App *app, void *state)
{
    ClockShotState *s = state;
    NetTable *t = clock_shot_host(app);
    if (t == NULL) {
        return false;
    }
    bool ok = net_table_start(t) && clock_shot_wait_turn(t) && clock_shot_run_low(t);
    if (!ok) {
        fprintf(stderr, "ceki: the clock's table did not come to the person's turn\n");
        net_table_destroy(t);
        return false;
    }
    net_table_destroy(app->net);
    app->net = t;
    s->ready = net_screens_play(app);
    return s->ready;
}

static SceneAction clock_shot_event(App *app, void *state, const SDL_Event *e)
{
    (void)app;
    (void)state;
    (void)e;
    return scene_stay();
}

/* The table takes over at once. */
static SceneAction clock_shot_update(App *app, void *state, double dt)
{
    (void)dt;
    const ClockShotState *s = state;
    app->ticking = true; /* the table's first update follows (a screenshot waits for it) */
    return s->ready ? scene_replace(SCENE_TABLE) : scene_pop();
}

static void clock_shot_draw(App *app, void *state, SDL_Renderer *r)
{
    (void)state;
    (void)r;
    ui_draw_background(app);
}

const SceneClass scene_clock_class = {
    .name = "clock",
    .state_size = sizeof(ClockShotState),
    .enter = clock_shot_enter,
    .handle_event = clock_shot_event,
    .update = clock_shot_update,
    .draw = clock_shot_draw,
};
