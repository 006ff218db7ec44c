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
 * built yet has no class in the registry the App's stack was given
 * (scenes.h, scene_registry.c), and pushing it fails
 * with a message instead of showing a stand-in. To add one, write its
 * SceneClass in scene_<name>.c, declare it in scenes.h and put it in the
 * registry in scene.c.
 */
#ifndef CEKI_APP_SCENE_H
#define CEKI_APP_SCENE_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "scene_types.h"

/* "title", "variants", ...; "" for an id out of range. */
const char *scene_name(SceneId id);
/* SCENE_COUNT when unknown. */
SceneId scene_find(const char *name);

/* Stack operations; they call enter/leave/resume. push and replace return
 * false (the stack unchanged, a reason in why) when the scene is not
 * available, the stack is full or enter refused. */
bool scene_stack_push(App *app, SceneId id, char *why, size_t why_size);
void scene_stack_pop(App *app);
bool scene_stack_replace(App *app, SceneId id, char *why, size_t why_size);
void scene_stack_clear(App *app);
/* The top frame, or NULL when the stack is empty. */
const SceneFrame *scene_stack_top(const App *app);
/* "scene=NAME" and what the top scene's describe adds. */
void scene_describe(App *app, char *buf, size_t size);
/* Applies an action returned by a scene; false when it failed (why says). */
bool scene_apply(App *app, SceneAction action, char *why, size_t why_size);
/* Draws the stack from the highest non-overlay scene up. */
void scene_stack_draw(App *app, SDL_Renderer *r);

#endif
