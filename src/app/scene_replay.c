/* scene_replay.c — placeholder while it is written. */
#include "scenes.h"
#include "ui.h"

typedef struct ReplayState {
    Ui ui;
} ReplayState;

static bool replay_enter(App *app, void *state)
{
    (void)app;
    ui_init(&((ReplayState *)state)->ui);
    return true;
}

static SceneAction replay_event(App *app, void *state, const SDL_Event *e)
{
    (void)app, (void)state, (void)e;
    return scene_stay();
}

static void replay_draw(App *app, void *state, SDL_Renderer *r)
{
    (void)state, (void)r;
    ui_draw_background(app);
}

const SceneClass scene_replay_class = {
    .name = "replay",
    .state_size = sizeof(ReplayState),
    .enter = replay_enter,
    .handle_event = replay_event,
    .draw = replay_draw,
};
