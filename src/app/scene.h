/* scene.h — the scene machine: screens as tables of functions on a stack.
 *
 * Contract: a scene is a SceneClass, a const table of functions over a state
 * block the machine allocates (zeroed, state_size bytes) on push and frees
 * after leave. Only the top scene gets events and updates; drawing starts at
 * the highest scene that is not an overlay and goes up, so an overlay draws
 * over what lies below it. handle_event and update return a SceneAction that
 * the machine applies after the call: stay, push a scene, pop this one,
 * replace this one, or quit. Scenes reach everything else through the App.
 *
 * Scene ids name every screen the program has or will have; a screen not
 * built yet has no class (scene_class_get returns NULL), and pushing it fails
 * with a message instead of showing a stand-in. To add one, write its
 * SceneClass in scene_<name>.c, declare it in scenes.h and put it in the
 * registry in scene.c.
 */
#ifndef CEKI_APP_SCENE_H
#define CEKI_APP_SCENE_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct App App;
struct Ui;

typedef enum SceneId {
    SCENE_TITLE = 0,
    SCENE_VARIANTS,
    SCENE_SETUP,
    SCENE_SETTINGS,
    SCENE_GALLERY,
    SCENE_TABLE,
    SCENE_LEARN,
    SCENE_RESULT, /* a round's result and the match standings */
    SCENE_REPLAY, /* finished games, replayed from their records */
    SCENE_STATS,  /* the player's statistics */
    SCENE_COUNT
} SceneId;

typedef enum SceneActionKind {
    SCENE_STAY = 0,
    SCENE_PUSH,
    SCENE_POP,
    SCENE_REPLACE,
    SCENE_QUIT
} SceneActionKind;

typedef struct SceneAction {
    SceneActionKind kind;
    SceneId target; /* for push and replace */
} SceneAction;

typedef struct SceneClass {
    const char *name; /* as in --scene */
    bool overlay;     /* drawn over the scene below */
    size_t state_size;
    /* Called after push with the zeroed state; false refuses the push. */
    bool (*enter)(App *app, void *state);
    /* Called before the state is freed. May be NULL. */
    void (*leave)(App *app, void *state);
    /* Called when the scene above was popped and this is on top again. May be NULL. */
    void (*resume)(App *app, void *state);
    SceneAction (*handle_event)(App *app, void *state, const SDL_Event *event);
    /* Time passes; dt in seconds. May be NULL. */
    SceneAction (*update)(App *app, void *state, double dt);
    void (*draw)(App *app, void *state, SDL_Renderer *r);
    /* The scene's widgets as last laid out, for tests and tools. May be NULL. */
    const struct Ui *(*widgets)(const void *state);
    /* What a test driving the real window may ask of the scene, as
     * "key=value" words ($CEKI_STATE_LOG, app.c). May be NULL. */
    void (*describe)(App *app, void *state, char *buf, size_t size);
} SceneClass;

#define SCENE_STACK_MAX 8

typedef struct SceneFrame {
    const SceneClass *cls;
    void *state;
} SceneFrame;

typedef struct SceneStack {
    SceneFrame frames[SCENE_STACK_MAX];
    int count;
} SceneStack;

static inline SceneAction scene_stay(void)
{
    return (SceneAction){SCENE_STAY, SCENE_TITLE};
}
static inline SceneAction scene_push(SceneId id)
{
    return (SceneAction){SCENE_PUSH, id};
}
static inline SceneAction scene_pop(void)
{
    return (SceneAction){SCENE_POP, SCENE_TITLE};
}
static inline SceneAction scene_replace(SceneId id)
{
    return (SceneAction){SCENE_REPLACE, id};
}
static inline SceneAction scene_quit(void)
{
    return (SceneAction){SCENE_QUIT, SCENE_TITLE};
}

/* "title", "variants", ...; "" for an id out of range. */
const char *scene_name(SceneId id);
/* SCENE_COUNT when unknown. */
SceneId scene_find(const char *name);
/* The class of a scene, or NULL when that screen is not built yet. */
const SceneClass *scene_class_get(SceneId id);

/* Stack operations; they call enter/leave/resume. push and replace return
 * false (the stack unchanged, a reason in why) when the scene is not
 * available, the stack is full or enter refused. */
bool scene_stack_push(App *app, SceneId id, char *why, size_t why_size);
void scene_stack_pop(App *app);
bool scene_stack_replace(App *app, SceneId id, char *why, size_t why_size);
void scene_stack_clear(App *app);
/* The top frame, or NULL when the stack is empty. */
const SceneFrame *scene_stack_top(const App *app);
/* F1 on a screen other than the table (whose F1 is its rules) and learn:
 * opens the Keys and mouse page over it; true when the key was taken. */
bool scene_help_key(App *app, const SDL_Event *e);
/* "scene=NAME" and what the top scene's describe adds. */
void scene_describe(App *app, char *buf, size_t size);
/* Applies an action returned by a scene; false when it failed (why says). */
bool scene_apply(App *app, SceneAction action, char *why, size_t why_size);
/* Draws the stack from the highest non-overlay scene up. */
void scene_stack_draw(App *app, SDL_Renderer *r);

#endif
