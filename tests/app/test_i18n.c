/* test_i18n.c — the interface in the player's language: the
 * system's LANGUAGE is followed, the Settings choice applies at once and is
 * kept, plurals and numbers take the language's forms, and every screen's
 * words change without a restart. The catalogues are those built from
 * po/LANG.po into the build tree. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app.h"
#include "scenes.h"
#include "test_support.h"
#include "ui.h"

/* The system asks for Javanese, then Indonesian (set in main, before any
 * App exists): "System" shows Javanese although no jv locale is installed. */
static void test_system_language_is_followed(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    assert_int_equal(app->settings.language, LANGUAGE_SYSTEM);
    assert_string_equal(i18n_shown(), "jv");
    assert_string_equal(_("Settings"), "Setélan");
    assert_string_equal(_("Quit"), "Metu");
    app_destroy(app);
}

/* The Settings choice applies at once to the screen shown, and is saved. */
static void test_choice_applies_at_once_and_is_kept(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("i18n-settings");
    char path[1100];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    remove(path);
    App *app = test_app_new(1280, 800, path);
    char err[200];
    assert_true(scene_stack_push(app, SCENE_TITLE, err, sizeof err));
    app_settle(app);
    unsigned before = i18n_generation();

    Settings s = app->settings;
    s.language = LANGUAGE_ENGLISH;
    app_set_settings(app, &s);
    assert_true(i18n_generation() != before);
    app_settle(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Learn the games"));

    s.language = LANGUAGE_INDONESIAN;
    app_set_settings(app, &s);
    assert_string_equal(i18n_shown(), "id");
    test_key(app, SDLK_DOWN, 0); /* any event lays the screen out anew */
    app_settle(app);
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Pelajari permainan"));
    assert_null(ui_find_named(ui_of_top_scene(app), "Learn the games"));

    char text[512];
    size_t n = test_read_file(path, text, sizeof text - 1);
    text[n] = '\0';
    assert_non_null(strstr(text, "language=id\n"));
    app_destroy(app);

    /* The next start keeps it. */
    app = test_app_new(1280, 800, path);
    assert_int_equal(app->settings.language, LANGUAGE_INDONESIAN);
    assert_string_equal(i18n_shown(), "id");
    assert_string_equal(_("Play"), "Main");
    s = app->settings;
    s.language = LANGUAGE_ENGLISH;
    app_set_settings(app, &s);
    assert_string_equal(_("Play"), "Play");
    app_destroy(app);
}

/* The Settings screen cycles through the four choices with the arrows. */
static void test_settings_screen_cycles_the_languages(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    char err[200];
    Settings s = app->settings;
    s.language = LANGUAGE_ENGLISH;
    app_set_settings(app, &s);
    assert_true(scene_stack_push(app, SCENE_SETTINGS, err, sizeof err));
    assert_string_equal(test_focus_name(app), "Language");
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->settings.language, LANGUAGE_INDONESIAN);
    assert_string_equal(test_focus_name(app), "Bahasa");
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->settings.language, LANGUAGE_JAVANESE);
    assert_string_equal(test_focus_name(app), "Basa");
    test_key(app, SDLK_RIGHT, 0);
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->settings.language, LANGUAGE_ENGLISH);
    assert_string_equal(test_focus_name(app), "Language");
    app_destroy(app);
}

/* One form for every count in Indonesian and Javanese, two in English;
 * decimals with a comma where the language writes one. */
static void test_plurals_and_numbers(void **state)
{
    (void)state;
    i18n_set_language(LANGUAGE_ENGLISH);
    assert_string_equal(P_("%d round", "%d rounds", 1), "%d round");
    assert_string_equal(P_("%d round", "%d rounds", 2), "%d rounds");
    char buf[32];
    assert_string_equal(i18n_decimal(buf, sizeof buf, 12.25, 1), "12.2");
    i18n_set_language(LANGUAGE_INDONESIAN);
    assert_string_equal(P_("%d round", "%d rounds", 1), "%d ronde");
    assert_string_equal(P_("%d round", "%d rounds", 7), "%d ronde");
    assert_string_equal(i18n_decimal(buf, sizeof buf, 12.75, 1), "12,8");
    i18n_set_language(LANGUAGE_JAVANESE);
    assert_string_equal(P_("%d round", "%d rounds", 3), "%d babak");
    assert_string_equal(i18n_decimal(buf, sizeof buf, 3.5, 1), "3,5");
    i18n_set_language(LANGUAGE_ENGLISH);
}

/* Strings of the core are translated where the app shows them, and game
 * words stay as they are. */
static void test_core_words(void **state)
{
    (void)state;
    i18n_set_language(LANGUAGE_INDONESIAN);
    const VariantDesc *v = variant_get(VARIANT_THOTHIT_CHINESE);
    assert_string_equal(_(v->name), "Thothit, permainan Tionghoa");
    assert_string_equal(_(ceki_status_text(CEKI_ERR_ILLEGAL)),
                        "langkah itu tidak diizinkan sekarang");
    assert_string_equal(_("Raja: plays first this round."),
                        "Raja: main lebih dulu dalam ronde ini.");
    i18n_set_language(LANGUAGE_ENGLISH);
    assert_string_equal(_(v->name), "Thothit, the Chinese game");
}

int main(void)
{
    setenv("LANGUAGE", "jv:id", 1);
    setenv("LANG", "jv_ID.UTF-8", 1); /* a locale this machine does not have */
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_system_language_is_followed),
        cmocka_unit_test(test_choice_applies_at_once_and_is_kept),
        cmocka_unit_test(test_settings_screen_cycles_the_languages),
        cmocka_unit_test(test_plurals_and_numbers),
        cmocka_unit_test(test_core_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
