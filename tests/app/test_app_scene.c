/* The scene machine: names, the registry, push/pop/replace and actions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "test_support.h"

static void test_names(void **state)
{
    (void)state;
    const char *names[] = {"title", "variants", "setup",   "settings", "gallery", "table",
                           "learn", "result",   "replay",  "stats",    "host",    "join",
                           "lobby", "waiting",  "servers", "clock"};
    for (int i = 0; i < SCENE_COUNT; i++) {
        assert_string_equal(scene_name((SceneId)i), names[i]);
        assert_int_equal(scene_find(names[i]), i);
    }
    assert_int_equal(scene_find("casino"), SCENE_COUNT);
    assert_string_equal(scene_name(SCENE_COUNT), "");
    /* Built screens have a class under their own name. */
    for (int i = SCENE_TITLE; i <= SCENE_GALLERY; i++) {
        assert_non_null(scene_class_get((SceneId)i));
        assert_string_equal(scene_class_get((SceneId)i)->name, names[i]);
    }
}

static void test_stack(void **state)
{
    (void)state;
    App *app = test_app_new(640, 400, NULL);
    char why[200];
    assert_int_equal(app->scenes.count, 1);
    assert_string_equal(test_top_scene(app), "title");

    assert_true(scene_apply(app, scene_push(SCENE_VARIANTS), why, sizeof why));
    assert_true(scene_apply(app, scene_replace(SCENE_GALLERY), why, sizeof why));
    assert_int_equal(app->scenes.count, 2);
    assert_string_equal(test_top_scene(app), "gallery");

    /* A screen not built yet: refused with a reason, the stack unchanged. */
    if (scene_class_get(SCENE_TABLE) == NULL) {
        why[0] = '\0';
        assert_false(scene_apply(app, scene_push(SCENE_TABLE), why, sizeof why));
        assert_non_null(strstr(why, "not available"));
        assert_false(scene_apply(app, scene_replace(SCENE_TABLE), why, sizeof why));
        assert_int_equal(app->scenes.count, 2);
        assert_string_equal(test_top_scene(app), "gallery");
    }

    /* The stack has a bound. */
    while (app->scenes.count < SCENE_STACK_MAX) {
        assert_true(scene_stack_push(app, SCENE_SETTINGS, why, sizeof why));
    }
    assert_false(scene_stack_push(app, SCENE_SETTINGS, why, sizeof why));

    /* Popping the last scene quits. */
    while (app->scenes.count > 1) {
        assert_true(scene_apply(app, scene_pop(), why, sizeof why));
    }
    assert_false(app->quit);
    assert_true(scene_apply(app, scene_pop(), why, sizeof why));
    assert_int_equal(app->scenes.count, 0);
    assert_true(app->quit);
    app_destroy(app);
}

static void test_frames_draw_and_settle(void **state)
{
    (void)state;
    /* Every built screen draws at small and large sizes without leaving
     * work pending once settled. */
    const int sizes[][2] = {{640, 400}, {1280, 800}, {1920, 800}, {2560, 1600}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        App *app = test_app_new(sizes[k][0], sizes[k][1], NULL);
        char why[200];
        for (int i = SCENE_VARIANTS; i <= SCENE_GALLERY; i++) {
            assert_true(scene_stack_push(app, (SceneId)i, why, sizeof why));
            app_settle(app);
            assert_false(app->animating);
            assert_false(card_art_pending(app->cards));
            scene_stack_pop(app);
        }
        app_destroy(app);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_stack),
        cmocka_unit_test(test_frames_draw_and_settle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
