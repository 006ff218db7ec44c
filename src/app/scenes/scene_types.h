/* scene_types.h — what a screen is (SceneClass), what it asks of the machine
 * (SceneAction) and the stack the App keeps (SceneStack); the machine that
 * runs them is scene.h. Only types and their constructors, so the App can
 * hold its stack without depending on the machine (no include circle).
 */
#ifndef CEKI_APP_SCENE_TYPES_H
#define CEKI_APP_SCENE_TYPES_H

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
    SCENE_RESULT,  /* a round's result and the match standings */
    SCENE_REPLAY,  /* finished games, replayed from their records */
    SCENE_STATS,   /* the player's statistics */
    SCENE_HOST,    /* hosting a table for friends over the network */
    SCENE_JOIN,    /* joining a friend's table */
    SCENE_LOBBY,   /* a ceki-server's open tables */
    SCENE_WAITING, /* the waiting room of a network table */
    SCENE_SERVERS, /* the person's list of ceki-servers */
    SCENE_CLOCK,   /* a table with friends where the person's turn clock runs low */
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
    SceneId id;
    const SceneClass *cls;
    void *state;
} SceneFrame;

typedef struct SceneStack {
    SceneFrame frames[SCENE_STACK_MAX];
    int count;
    /* Every screen's class by id (scenes.h's scene_registry, given by
     * app_create): the machine reaches the screens only through it. */
    const SceneClass *const *classes;
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

#endif
