/* scene_registry.c — every screen's class by id (scenes.h). */
#include "scenes.h"

const SceneClass *const scene_registry[SCENE_COUNT] = {
    [SCENE_TITLE] = &scene_title_class,     [SCENE_VARIANTS] = &scene_variants_class,
    [SCENE_SETUP] = &scene_setup_class,     [SCENE_SETTINGS] = &scene_settings_class,
    [SCENE_GALLERY] = &scene_gallery_class, [SCENE_TABLE] = &scene_table_class,
    [SCENE_LEARN] = &scene_learn_class,     [SCENE_RESULT] = &scene_result_class,
    [SCENE_REPLAY] = &scene_replay_class,   [SCENE_STATS] = &scene_stats_class,
    [SCENE_HOST] = &scene_host_class,       [SCENE_JOIN] = &scene_join_class,
    [SCENE_LOBBY] = &scene_lobby_class,     [SCENE_WAITING] = &scene_waiting_class,
    [SCENE_SERVERS] = &scene_servers_class, [SCENE_CLOCK] = &scene_clock_class,
};

const SceneClass *scene_class_get(SceneId id)
{
    return (unsigned)id < SCENE_COUNT ? scene_registry[id] : NULL;
}
