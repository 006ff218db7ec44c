#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

static const char *const names[SCENE_COUNT] = {
    [SCENE_TITLE] = "title",       [SCENE_VARIANTS] = "variants", [SCENE_SETUP] = "setup",
    [SCENE_SETTINGS] = "settings", [SCENE_GALLERY] = "gallery",   [SCENE_TABLE] = "table",
    [SCENE_LEARN] = "learn",       [SCENE_RESULT] = "result",     [SCENE_REPLAY] = "replay",
    [SCENE_STATS] = "stats",       [SCENE_HOST] = "host",         [SCENE_JOIN] = "join",
    [SCENE_LOBBY] = "lobby",       [SCENE_WAITING] = "waiting",   [SCENE_SERVERS] = "servers",
    [SCENE_CLOCK] = "clock",
};

const char *scene_name(SceneId id)
{
    return (unsigned)id < SCENE_COUNT ? names[id] : "";
}

SceneId scene_find(const char *name)
{
    for (int i = 0; i < SCENE_COUNT; i++) {
        if (strcmp(names[i], name) == 0) {
            return (SceneId)i;
        }
    }
    return SCENE_COUNT;
}

static void set_why(char *why, size_t size, const char *fmt, const char *name)
{
    if (why != NULL && size > 0) {
        snprintf(why, size, fmt, name);
    }
}

/* Makes a frame for a scene and enters it; false with a reason. */
static bool make_frame(App *app, SceneId id, SceneFrame *out, char *why, size_t why_size)
{
    const SceneClass *cls =
        (unsigned)id < SCENE_COUNT && app->scenes.classes != NULL ? app->scenes.classes[id] : NULL;
    if (cls == NULL) {
        set_why(why, why_size, "The %s screen is not available yet.", scene_name(id));
        return false;
    }
    void *state = calloc(1, cls->state_size > 0 ? cls->state_size : 1);
    if (state == NULL) {
        set_why(why, why_size, "Out of memory opening the %s screen.", cls->name);
        return false;
    }
    if (cls->enter != NULL && !cls->enter(app, state)) {
        free(state);
        set_why(why, why_size, "The %s screen could not open.", cls->name);
        return false;
    }
    *out = (SceneFrame){id, cls, state};
    return true;
}

static void drop_frame(App *app, SceneFrame *frame)
{
    if (frame->cls->leave != NULL) {
        frame->cls->leave(app, frame->state);
    }
    free(frame->state);
    *frame = (SceneFrame){0};
}

bool scene_stack_push(App *app, SceneId id, char *why, size_t why_size)
{
    SceneStack *s = &app->scenes;
    if (s->count >= SCENE_STACK_MAX) {
        set_why(why, why_size, "Too many screens open to show %s.", scene_name(id));
        return false;
    }
    SceneFrame frame;
    if (!make_frame(app, id, &frame, why, why_size)) {
        return false;
    }
    s->frames[s->count++] = frame;
    app->dirty = true;
    return true;
}

void scene_stack_pop(App *app)
{
    SceneStack *s = &app->scenes;
    if (s->count == 0) {
        return;
    }
    drop_frame(app, &s->frames[--s->count]);
    if (s->count > 0) {
        SceneFrame *top = &s->frames[s->count - 1];
        if (top->cls->resume != NULL) {
            top->cls->resume(app, top->state);
        }
    }
    app->dirty = true;
}

bool scene_stack_replace(App *app, SceneId id, char *why, size_t why_size)
{
    SceneStack *s = &app->scenes;
    if (s->count == 0) {
        return scene_stack_push(app, id, why, why_size);
    }
    /* The new scene enters before the old one leaves, so a refusal leaves
     * the stack as it was. */
    SceneFrame frame;
    if (!make_frame(app, id, &frame, why, why_size)) {
        return false;
    }
    drop_frame(app, &s->frames[s->count - 1]);
    s->frames[s->count - 1] = frame;
    app->dirty = true;
    return true;
}

void scene_stack_clear(App *app)
{
    while (app->scenes.count > 0) {
        SceneStack *s = &app->scenes;
        drop_frame(app, &s->frames[--s->count]);
    }
}

const SceneFrame *scene_stack_top(const App *app)
{
    const SceneStack *s = &app->scenes;
    return s->count > 0 ? &s->frames[s->count - 1] : NULL;
}

bool scene_apply(App *app, SceneAction action, char *why, size_t why_size)
{
    switch (action.kind) {
    case SCENE_STAY: return true;
    case SCENE_PUSH: return scene_stack_push(app, action.target, why, why_size);
    case SCENE_POP:
        scene_stack_pop(app);
        if (app->scenes.count == 0) {
            app->quit = true;
        }
        return true;
    case SCENE_REPLACE: return scene_stack_replace(app, action.target, why, why_size);
    case SCENE_QUIT: app->quit = true; return true;
    }
    return true;
}

void scene_stack_draw(App *app, SDL_Renderer *r)
{
    const SceneStack *s = &app->scenes;
    int first = s->count - 1;
    while (first > 0 && s->frames[first].cls->overlay) {
        first--;
    }
    for (int i = first < 0 ? 0 : first; i < s->count; i++) {
        s->frames[i].cls->draw(app, s->frames[i].state, r);
    }
}

void scene_describe(App *app, char *buf, size_t size)
{
    const SceneFrame *top = scene_stack_top(app);
    int n = snprintf(buf, size, "scene=%s", top != NULL ? top->cls->name : "none");
    if (top != NULL && top->cls->describe != NULL && n > 0 && (size_t)n + 1 < size) {
        buf[n] = ' ';
        top->cls->describe(app, top->state, buf + n + 1, size - (size_t)n - 1);
    }
}
