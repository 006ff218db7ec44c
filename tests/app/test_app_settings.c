/* Settings: the text form round-trips, a damaged file gives defaults and a
 * reason (and the program reports it), and saving is atomic. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_load.h"
#include "settings.h"
#include "test_support.h"
#include "variant_text.h"

static void test_round_trip(void **state)
{
    (void)state;
    const DeckStyle styles[] = {SETTINGS_STYLE_VARIANT, STYLE_CEKI, STYLE_WESTERN_CLUBS,
                                STYLE_WESTERN_SPADES};
    for (int st = 0; st < 4; st++) {
        for (int a = 0; a < ANIM_COUNT; a++) {
            for (int flags = 0; flags < 4 * RENDERER_COUNT * LANGUAGE_COUNT; flags++) {
                Settings s = {styles[st],
                              (AnimSpeed)a,
                              (flags & 1) != 0,
                              (flags & 2) != 0,
                              (RendererChoice)(flags / 4 % RENDERER_COUNT),
                              (Language)(flags / 4 / RENDERER_COUNT),
                              (flags & 1) != 0 ? 0 : 25 * flags,
                              (flags & 2) == 0,
                              "Sri W\xc3\xa9",
                              .nservers = 0};
                char text[1024], why[128];
                size_t n = settings_format(&s, text, sizeof text);
                assert_true(n > 0 && n < sizeof text);
                Settings back;
                assert_true(settings_parse(text, &back, why, sizeof why));
                assert_true(settings_equal(&s, &back));
            }
        }
    }
}

/* The player's name (a network seat's): kept, empty by default, and one
 * too long, not UTF-8 or with control characters refused. */
static void test_name_setting(void **state)
{
    (void)state;
    Settings s;
    char why[128];
    assert_true(settings_parse("# none\n", &s, why, sizeof why));
    assert_string_equal(s.player_name, "");
    assert_true(settings_parse("name=Bayu Aji\n", &s, why, sizeof why));
    assert_string_equal(s.player_name, "Bayu Aji");
    assert_true(settings_parse("name=\xea\xa6\xa7\xea\xa6\xa4\n", &s, why, sizeof why));
    assert_false(settings_parse("name=0123456789012345678901234567890123\n", &s, why, sizeof why));
    assert_non_null(strstr(why, "name"));
    assert_false(settings_parse("name=a\xc3(\n", &s, why, sizeof why));
    assert_false(settings_parse("name=\xed\xa0\x80\n", &s, why, sizeof why));
    assert_false(settings_parse("name=\xc2\x85\n", &s, why, sizeof why));
    assert_true(settings_name_ok(""));
    assert_false(settings_name_ok("a\tb"));
}

/* The join screen's servers: none by default; added, renamed, removed;
 * kept in the file in order and read back; a bad address or name, or one
 * more than the list holds, refused with a reason and nothing changed. */
static void test_servers_setting(void **state)
{
    (void)state;
    Settings s;
    char why[160] = "";
    settings_defaults(&s);
    assert_int_equal(s.nservers, 0);
    char text[4096];
    settings_format(&s, text, sizeof text);
    assert_null(strstr(text, "server="));
    assert_true(settings_server_add(&s, "play.example.org:7157", "  Club Ceki  ", why, sizeof why));
    assert_true(settings_server_add(&s, "10.0.0.5:9000", "", why, sizeof why));
    assert_int_equal(s.nservers, 2);
    assert_string_equal(s.servers[0].name, "Club Ceki");
    assert_string_equal(s.servers[1].name, "10.0.0.5"); /* no name: its host */
    assert_true(settings_server_add(&s, "10.0.0.5:9000", "Kampung", why, sizeof why));
    assert_int_equal(s.nservers, 2); /* renamed, not added twice */
    assert_string_equal(s.servers[1].name, "Kampung");
    size_t n = settings_format(&s, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    assert_non_null(strstr(text, "server=play.example.org:7157 Club Ceki\n"));
    Settings back;
    assert_true(settings_parse(text, &back, why, sizeof why));
    assert_true(settings_equal(&s, &back));
    static const char *const bad[] = {"",           "nohost",  ":7157",    "host:",      "host:0",
                                      "host:65536", "ho st:1", "host:12a", "h\xc3\xa9:1"};
    Settings keep = s;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        assert_false(settings_server_add(&s, bad[i], "x", why, sizeof why));
        assert_true(strlen(why) > 10);
        assert_true(settings_equal(&s, &keep));
    }
    assert_false(settings_server_add(&s, "a:1", "a\tb", why, sizeof why));
    assert_false(
        settings_server_add(&s, "a:1", "0123456789012345678901234567890123", why, sizeof why));
    assert_true(settings_equal(&s, &keep));
    for (int i = s.nservers; i < SETTINGS_SERVERS_MAX; i++) {
        char addr[32];
        snprintf(addr, sizeof addr, "10.0.1.%d:7157", i);
        assert_true(settings_server_add(&s, addr, "more", why, sizeof why));
    }
    keep = s;
    assert_false(settings_server_add(&s, "10.0.2.1:7157", "one too many", why, sizeof why));
    assert_non_null(strstr(why, "8"));
    assert_true(settings_equal(&s, &keep));
    settings_server_remove(&s, 0);
    assert_int_equal(s.nservers, SETTINGS_SERVERS_MAX - 1);
    assert_string_equal(s.servers[0].name, "Kampung");
    settings_server_remove(&s, 99);
    assert_int_equal(s.nservers, SETTINGS_SERVERS_MAX - 1);
    /* A line that is not a server is damage, as any bad line. */
    assert_false(settings_parse("server=nonsense here\n", &back, why, sizeof why));
    assert_int_equal(back.nservers, 0);
}

/* The renderer choice: its keys, and a bad value refused with a reason. */
static void test_renderer_setting(void **state)
{
    (void)state;
    Settings s;
    char why[128];
    assert_true(settings_parse("renderer=software\n", &s, why, sizeof why));
    assert_int_equal(s.renderer, RENDERER_SOFTWARE);
    assert_true(settings_parse("renderer=accelerated\n", &s, why, sizeof why));
    assert_int_equal(s.renderer, RENDERER_ACCELERATED);
    assert_true(settings_parse("# none\n", &s, why, sizeof why));
    assert_int_equal(s.renderer, RENDERER_AUTO);
    assert_false(settings_parse("renderer=vulkan\n", &s, why, sizeof why));
    assert_non_null(strstr(why, "renderer"));
    assert_string_equal(renderer_key(RENDERER_SOFTWARE), "software");
}

/* The language: its keys, kept in the file, a bad value refused. */
static void test_language_setting(void **state)
{
    (void)state;
    Settings s;
    char why[128];
    assert_true(settings_parse("# none\n", &s, why, sizeof why));
    assert_int_equal(s.language, LANGUAGE_SYSTEM);
    assert_true(settings_parse("language=jv\n", &s, why, sizeof why));
    assert_int_equal(s.language, LANGUAGE_JAVANESE);
    assert_true(settings_parse("language=id\n", &s, why, sizeof why));
    assert_int_equal(s.language, LANGUAGE_INDONESIAN);
    char text[512];
    settings_format(&s, text, sizeof text);
    assert_non_null(strstr(text, "language=id\n"));
    assert_false(settings_parse("language=klingon\n", &s, why, sizeof why));
    assert_non_null(strstr(why, "language"));
    assert_int_equal(s.language, LANGUAGE_SYSTEM);
}

/* Each Western style says which suit stands for which (RULES.md §1.2). */
static void test_deck_styles_say_what_they_are(void **state)
{
    (void)state;
    assert_non_null(strstr(deck_style_about(STYLE_WESTERN_CLUBS), "spades for myriads"));
    assert_non_null(strstr(deck_style_about(STYLE_WESTERN_CLUBS), "king of clubs"));
    assert_non_null(strstr(deck_style_about(STYLE_WESTERN_SPADES), "clubs for myriads"));
    assert_non_null(strstr(deck_style_about(STYLE_WESTERN_SPADES), "king of spades"));
    assert_true(strlen(deck_style_about(STYLE_CEKI)) > 0);
}

static void test_parse_rules(void **state)
{
    (void)state;
    Settings s, defaults;
    settings_defaults(&defaults);
    char why[128];
    /* Unknown keys, comments, blank lines and spaces are fine. */
    assert_true(
        settings_parse("# hi\n\n future_key = 7\n deck_style = western-spades \r\ncolour_cue=on\n"
                       "coach=on\n",
                       &s, why, sizeof why));
    assert_int_equal(s.deck_style, STYLE_WESTERN_SPADES);
    assert_true(s.colour_cue);
    assert_true(s.coach);
    assert_false(defaults.coach); /* the coach speaks only when asked to */
    assert_int_equal(s.anim_speed, defaults.anim_speed);
    /* Every value is validated: one bad value damages the whole file. */
    const char *bad[] = {"deck_style=purple\n", "anim_speed=warp\n",   "colour_cue=maybe\n",
                         "fullscreen=\n",       "deck_style=french\n", "just some words\n",
                         "colour_cue=on\x01\n", "coach=sometimes\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        assert_false(settings_parse(bad[i], &s, why, sizeof why));
        assert_true(strlen(why) > 0);
        assert_true(settings_equal(&s, &defaults));
    }
    char longline[600];
    memset(longline, 'x', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    assert_false(settings_parse(longline, &s, why, sizeof why));
}

static void test_load_missing_and_damaged(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("settings-load");
    char path[1100], why[200];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    Settings s, defaults;
    settings_defaults(&defaults);
    assert_int_equal(settings_load(path, &s, why, sizeof why), SETTINGS_MISSING);
    assert_true(settings_equal(&s, &defaults));

    test_write_file(path, "anim_speed=slow\ncolour_cue=yes please\n", 38);
    assert_int_equal(settings_load(path, &s, why, sizeof why), SETTINGS_DAMAGED);
    assert_non_null(strstr(why, "line 2"));
    assert_true(settings_equal(&s, &defaults));

    test_write_file(path, "anim_speed=slow\0\0\0", 18);
    assert_int_equal(settings_load(path, &s, why, sizeof why), SETTINGS_DAMAGED);
    assert_true(settings_equal(&s, &defaults));

    test_write_file(path, "anim_speed=slow\n", 16);
    assert_int_equal(settings_load(path, &s, why, sizeof why), SETTINGS_LOADED);
    assert_int_equal(s.anim_speed, ANIM_SLOW);
}

static void test_save_is_atomic(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("settings-save");
    char path[1100], tmp[1200], err[300], why[200], text[512];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid()); /* this process's own */
    Settings s;
    settings_defaults(&s);
    s.anim_speed = ANIM_INSTANT;
    s.colour_cue = true;
    s.coach = true;
    assert_true(settings_save(path, &s, err, sizeof err));
    assert_false(test_file_exists(tmp)); /* the temporary file was renamed away */
    Settings back;
    assert_int_equal(settings_load(path, &back, why, sizeof why), SETTINGS_LOADED);
    assert_true(settings_equal(&s, &back));

    /* When the new file cannot be written, the old one stays whole. */
    char before[512];
    test_read_file(path, before, sizeof before);
    assert_int_equal(mkdir(tmp, 0700), 0); /* the temporary name is taken */
    Settings other = s;
    other.fullscreen = true;
    assert_false(settings_save(path, &other, err, sizeof err));
    assert_true(strlen(err) > 0);
    test_read_file(path, text, sizeof text);
    assert_string_equal(text, before);
    assert_int_equal(settings_load(path, &back, why, sizeof why), SETTINGS_LOADED);
    assert_true(settings_equal(&s, &back));
    remove(tmp);
}

static void test_program_reports_damage(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("settings-app");
    char path[1100], bad[1200], why[200];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    snprintf(bad, sizeof bad, "%s.damaged", path);
    test_write_file(path, "deck_style=tarot\n", 17);
    App *app = test_app_new(640, 400, path);
    /* Defaults in place, the damage reported on the title screen ... */
    Settings defaults;
    settings_defaults(&defaults);
    assert_true(settings_equal(&app->settings, &defaults));
    assert_non_null(strstr(app->notice, "damaged"));
    assert_non_null(strstr(app->notice, "tarot"));
    assert_string_equal(test_top_scene(app), "title");
    /* ... the damaged file kept aside and a good one written. */
    assert_true(test_file_exists(bad));
    Settings s;
    assert_int_equal(settings_load(path, &s, why, sizeof why), SETTINGS_LOADED);
    app_destroy(app);

    /* A good file loads without a notice. */
    app = test_app_new(640, 400, path);
    assert_string_equal(app->notice, "");
    app_destroy(app);

    /* A second damage keeps its own copy: the first one stays as it was. */
    char first[64] = {0}, bad2[1200];
    test_read_file(bad, first, sizeof first);
    test_write_file(path, "anim_speed=warp\n", 16);
    app = test_app_new(640, 400, path);
    snprintf(bad2, sizeof bad2, "%s.damaged-2", path);
    assert_true(test_file_exists(bad2));
    assert_non_null(strstr(app->notice, "settings.txt.damaged-2"));
    char again[64] = {0}, second[64] = {0};
    test_read_file(bad, again, sizeof again);
    test_read_file(bad2, second, sizeof second);
    assert_string_equal(again, first);
    assert_string_equal(second, "anim_speed=warp\n");
    app_destroy(app);
}

/* file_keep_aside never overwrites: not an earlier kept copy, not a
 * directory or a symlink (dangling or not) in the way; a name it cannot
 * use is skipped, and the file itself is never lost. */
static void test_keep_aside_never_overwrites(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("keep-aside");
    char path[1100], name[1200], kept[1200], buf[64];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    snprintf(name, sizeof name, "%s.damaged", path);
    test_write_file(name, "older\n", 6);
    snprintf(name, sizeof name, "%s.damaged-2", path);
    assert_int_equal(mkdir(name, 0700), 0);
    snprintf(name, sizeof name, "%s.damaged-3", path);
    assert_int_equal(symlink("/nonexistent/target", name), 0);
    test_write_file(path, "newer\n", 6);
    assert_true(file_keep_aside(path, kept, sizeof kept));
    snprintf(name, sizeof name, "%s.damaged-4", path);
    assert_string_equal(kept, name);
    memset(buf, 0, sizeof buf);
    test_read_file(kept, buf, sizeof buf);
    assert_string_equal(buf, "newer\n");
    snprintf(name, sizeof name, "%s.damaged", path);
    memset(buf, 0, sizeof buf);
    test_read_file(name, buf, sizeof buf);
    assert_string_equal(buf, "older\n");
    assert_false(test_file_exists(path));
    /* Nothing to keep: false, and nothing claimed. */
    assert_false(file_keep_aside(path, kept, sizeof kept));
    snprintf(name, sizeof name, "%s.damaged-5", path);
    assert_false(test_file_exists(name));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_keep_aside_never_overwrites),
        cmocka_unit_test(test_renderer_setting),
        cmocka_unit_test(test_language_setting),
        cmocka_unit_test(test_name_setting),
        cmocka_unit_test(test_servers_setting),
        cmocka_unit_test(test_deck_styles_say_what_they_are),
        cmocka_unit_test(test_parse_rules),
        cmocka_unit_test(test_load_missing_and_damaged),
        cmocka_unit_test(test_save_is_atomic),
        cmocka_unit_test(test_program_reports_damage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
