/* scenes.h — the scene classes of the program (see scene.h).
 *
 * Contract: each is a const table defined in its scene_<name>.c and listed
 * in the registry in scene.c. Scenes keep their own state in the block the
 * machine gives them and everything shared in the App.
 */
#ifndef CEKI_APP_SCENES_H
#define CEKI_APP_SCENES_H

#include "scene_types.h"

extern const SceneClass scene_title_class;
extern const SceneClass scene_variants_class;
extern const SceneClass scene_setup_class;
extern const SceneClass scene_settings_class;
extern const SceneClass scene_gallery_class;
extern const SceneClass scene_learn_class;
extern const SceneClass scene_table_class;
extern const SceneClass scene_result_class;
extern const SceneClass scene_replay_class;
extern const SceneClass scene_stats_class;
extern const SceneClass scene_host_class;
extern const SceneClass scene_join_class;
extern const SceneClass scene_lobby_class;
extern const SceneClass scene_waiting_class;
extern const SceneClass scene_servers_class;
extern const SceneClass scene_watch_class;
/* The watch screen's table (scene_table.h's board) when that screen is on
 * top and has a view, else NULL: for tests. */
struct TableState *watch_board_top(App *app);
extern const SceneClass scene_clock_class;

/* The registry: every screen's class by id (NULL: not built), which
 * app_create gives the App's scene stack. */
extern const SceneClass *const scene_registry[SCENE_COUNT];
/* The class of a scene, or NULL when that screen is not built yet. */
const SceneClass *scene_class_get(SceneId id);

/* Loads a game in progress from the store (journal.h) and opens the table
 * on it, over the current screen; one that does not read is kept among the
 * replays and said. The title's and the setup's Resume. */
bool scene_resume_match(App *app, const char *match);

#endif
