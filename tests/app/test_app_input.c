/* Real SDL events (key presses, mouse motion, presses and releases) pushed
 * onto SDL's queue and run through the scene machine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "settings.h"
#include "test_support.h"

static void test_keyboard_through_the_menus(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    assert_string_equal(test_top_scene(app), "title");
    assert_string_equal(test_focus_name(app), "Play");
    test_key(app, SDLK_DOWN, 0);
    assert_string_equal(test_focus_name(app), "Play with friends");
    test_key(app, SDLK_DOWN, 0);
    test_key(app, SDLK_DOWN, 0);
    assert_string_equal(test_focus_name(app), "Card gallery");
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "gallery");
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");
    assert_string_equal(test_focus_name(app), "Card gallery");

    /* Tab goes on in order and wraps; Shift+Tab goes back. */
    test_key(app, SDLK_TAB, 0);
    assert_string_equal(test_focus_name(app), "Statistics");
    test_key(app, SDLK_TAB, 0);
    test_key(app, SDLK_TAB, 0);
    assert_string_equal(test_focus_name(app), "Quit");
    test_key(app, SDLK_TAB, 0);
    assert_string_equal(test_focus_name(app), "Play");
    test_key(app, SDLK_TAB, KMOD_LSHIFT);
    assert_string_equal(test_focus_name(app), "Quit");

    /* Esc on the title does not quit at once, it offers Quit; Enter or a
     * second Esc then quits. */
    test_key(app, SDLK_UP, 0);
    test_key(app, SDLK_ESCAPE, 0);
    assert_false(app->quit);
    assert_string_equal(test_focus_name(app), "Quit");
    test_key(app, SDLK_RETURN, 0);
    assert_true(app->quit);
    app_destroy(app);
    app = test_app_new(1280, 800, NULL);
    test_key(app, SDLK_ESCAPE, 0);
    assert_false(app->quit);
    test_key(app, SDLK_ESCAPE, 0);
    assert_true(app->quit);
    app_destroy(app);
}

static void test_choose_a_variant(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    test_key(app, SDLK_RETURN, 0); /* Play */
    assert_string_equal(test_top_scene(app), "variants");
    assert_string_equal(test_focus_name(app), "thothit");
    for (int i = 0; i < 3; i++) {
        test_key(app, SDLK_DOWN, 0);
    }
    assert_string_equal(test_focus_name(app), "enthit");
    /* End and Home jump to the ends of the list. */
    test_key(app, SDLK_END, 0);
    assert_string_equal(test_focus_name(app), "kowah");
    test_key(app, SDLK_HOME, 0);
    assert_string_equal(test_focus_name(app), "thothit");
    for (int i = 0; i < 3; i++) {
        test_key(app, SDLK_DOWN, 0);
    }
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "setup");
    assert_int_equal(app->setup.config.variant, VARIANT_ENTHIT);
    assert_int_equal(app->setup.config.players, 3);

    /* Back, then pick Sid Sackson's Thothit with the mouse. */
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "variants");
    test_click_named(app, "thothit-sackson");
    assert_string_equal(test_top_scene(app), "setup");
    assert_int_equal(app->setup.config.variant, VARIANT_THOTHIT_SACKSON);
    assert_int_equal(app->setup.style, STYLE_WESTERN_CLUBS); /* the variant's own */
    app_destroy(app);
}

static void test_setup_changes(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    app_setup_variant(app, VARIANT_THOTHIT_SACKSON);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_SETUP, why, sizeof why));
    const Ui *ui = ui_of_top_scene(app);
    assert_null(ui_find_named(ui, "Seat 4"));

    /* The right arrow of the Players choice adds a seat. */
    const Widget *players = ui_find_named(ui, "Players");
    assert_non_null(players);
    int x = players->rect.x + players->rect.w - 5, y = players->rect.y + players->rect.h / 2;
    test_mouse_move(app, x, y);
    test_mouse_down(app, x, y);
    test_mouse_up(app, x, y);
    assert_int_equal(app->setup.config.players, 4);
    ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Seat 4"));

    /* Seat 2 becomes a person: its level is then not asked for. */
    test_click_named(app, "Seat 2");
    assert_true(app->setup.human[1]);
    ui = ui_of_top_scene(app);
    assert_true(ui_find_named(ui, "Seat 2 level")->disabled);

    /* Keyboard: the level of seat 3 steps from greedy to strong. */
    SDL_Rect level = ui_find_named(ui, "Seat 3 level")->rect;
    test_mouse_move(app, level.x + level.w / 2, level.y + level.h / 2);
    assert_string_equal(test_focus_name(app), "Seat 3 level");
    assert_int_equal(app->setup.level[2], AI_GREEDY);
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->setup.level[2], AI_STRONG);

    /* The variant's option is a toggle. */
    test_click_named(app, "Advanced");
    assert_true((app->setup.config.options & OPTION_ADVANCED) != 0);

    /* Start opens the table with the game set up. */
    test_click_named(app, "Start game");
    assert_string_equal(test_top_scene(app), "table");
    app_destroy(app);
}

static void wheel_at(App *app, int x, int y, int dy)
{
    test_mouse_move(app, x, y);
    SDL_Event e = {0};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = dy;
    assert_int_equal(SDL_PushEvent(&e), 1);
    app_pump_events(app);
}

/* Whether r lies inside the setup's form panel (44,124 740x612 design units). */
static bool in_form_panel(App *app, SDL_Rect r)
{
    SDL_Rect panel = app_rect(app, 44, 124, 740, 612);
    return r.y >= panel.y && r.y + r.h <= panel.y + panel.h;
}

static SDL_Rect widget_rect(App *app, const char *name)
{
    const Widget *w = ui_find_named(ui_of_top_scene(app), name);
    assert_non_null(w);
    return w->rect;
}

/* Pèi's setup, its Jung option open (rampung stakes), at 1280x800 and
 * 1024x640: more rows than its panel holds, so they scroll: the keyboard's
 * row is scrolled into the panel going down to Jung and back up to Play,
 * and the wheel over the form scrolls to the last row and back. */
static void test_setup_form_scrolls(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1280, 800}, {1024, 640}};
    for (int z = 0; z < 2; z++) {
        App *app = test_app_new(sizes[z][0], sizes[z][1], NULL);
        app_setup_variant(app, VARIANT_PEI);
        app->setup.config.stakes = STAKES_RAMPUNG;
        char why[200];
        assert_true(scene_stack_push(app, SCENE_SETUP, why, sizeof why));
        app_draw(app);
        assert_false(in_form_panel(app, widget_rect(app, "Jung"))); /* below, out of view */
        SDL_Rect play = widget_rect(app, "Play");
        test_mouse_move(app, play.x + play.w / 2, play.y + play.h / 2); /* the focus on it */
        assert_string_equal(test_focus_name(app), "Play");
        for (int i = 0; i < 20 && strcmp(test_focus_name(app), "Jung") != 0; i++) {
            test_key(app, SDLK_DOWN, 0);
        }
        assert_string_equal(test_focus_name(app), "Jung");
        assert_true(in_form_panel(app, widget_rect(app, "Jung")));
        for (int i = 0; i < 20 && strcmp(test_focus_name(app), "Play") != 0; i++) {
            test_key(app, SDLK_UP, 0);
        }
        assert_string_equal(test_focus_name(app), "Play");
        assert_true(in_form_panel(app, widget_rect(app, "Play")));
        SDL_Rect form = app_rect(app, 44, 124, 740, 612);
        wheel_at(app, form.x + form.w / 2, form.y + form.h / 2, -10);
        assert_true(in_form_panel(app, widget_rect(app, "Jung")));
        assert_false(in_form_panel(app, widget_rect(app, "Play")));
        wheel_at(app, form.x + form.w / 2, form.y + form.h / 2, 10);
        assert_true(in_form_panel(app, widget_rect(app, "Play")));
        app_destroy(app);
    }
}

static void test_press_and_release_elsewhere_does_nothing(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    const Ui *ui = ui_of_top_scene(app);
    SDL_Rect play = ui_find_named(ui, "Play")->rect;
    SDL_Rect quit = ui_find_named(ui, "Quit")->rect;
    test_mouse_move(app, play.x + 10, play.y + 10);
    test_mouse_down(app, play.x + 10, play.y + 10);
    test_mouse_move(app, quit.x + 10, quit.y + 10);
    test_mouse_up(app, quit.x + 10, quit.y + 10);
    assert_string_equal(test_top_scene(app), "title");
    assert_false(app->quit);
    /* Hovering moved the focus along. */
    assert_string_equal(test_focus_name(app), "Quit");
    app_destroy(app);
}

static void test_settings_by_mouse_and_keys(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("input-settings");
    char path[1100], why[200];
    snprintf(path, sizeof path, "%s/settings.txt", dir);
    App *app = test_app_new(1280, 800, path);
    test_click_named(app, "Settings");
    assert_string_equal(test_top_scene(app), "settings");

    test_click_named(app, "Colour-blind cue");
    assert_true(app->settings.colour_cue);
    Settings saved;
    assert_int_equal(settings_load(path, &saved, why, sizeof why), SETTINGS_LOADED);
    assert_true(saved.colour_cue);

    /* Keyboard: up to the speed, right steps it on, left twice back. */
    test_key(app, SDLK_UP, 0);
    assert_string_equal(test_focus_name(app), "Animation speed");
    assert_int_equal(app->settings.anim_speed, ANIM_NORMAL);
    test_key(app, SDLK_RIGHT, 0);
    assert_int_equal(app->settings.anim_speed, ANIM_SLOW);
    test_key(app, SDLK_LEFT, 0);
    test_key(app, SDLK_LEFT, 0);
    assert_int_equal(app->settings.anim_speed, ANIM_FAST);
    test_key(app, SDLK_UP, 0);
    test_key(app, SDLK_RETURN, 0); /* Enter steps a choice on */
    assert_int_equal(app->settings.deck_style, STYLE_CEKI);
    assert_int_equal(settings_load(path, &saved, why, sizeof why), SETTINGS_LOADED);
    assert_true(settings_equal(&saved, &app->settings));

    /* The gallery opens on the chosen pack. */
    test_key(app, SDLK_ESCAPE, 0);
    test_click_named(app, "Card gallery");
    assert_string_equal(test_top_scene(app), "gallery");
    assert_string_equal(test_focus_name(app), "OT");
    app_destroy(app);
}

static void test_gallery_keys(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_GALLERY, why, sizeof why));
    assert_string_equal(test_focus_name(app), "OT");
    test_key(app, SDLK_UP, 0);
    assert_string_equal(test_focus_name(app), "M1");
    test_key(app, SDLK_RIGHT, 0);
    test_key(app, SDLK_RIGHT, 0);
    assert_string_equal(test_focus_name(app), "M3");
    /* Tabs switch the pack. */
    test_click_named(app, "French (Kings)");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "10D"));
    assert_null(ui_find_named(ui_of_top_scene(app), "C1"));
    test_click_named(app, "Western (spades)");
    assert_non_null(ui_find_named(ui_of_top_scene(app), "C1"));
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keyboard_through_the_menus),
        cmocka_unit_test(test_choose_a_variant),
        cmocka_unit_test(test_setup_changes),
        cmocka_unit_test(test_setup_form_scrolls),
        cmocka_unit_test(test_press_and_release_elsewhere_does_nothing),
        cmocka_unit_test(test_settings_by_mouse_and_keys),
        cmocka_unit_test(test_gallery_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
