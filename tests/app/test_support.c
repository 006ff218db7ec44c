#include "test_support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cmocka.h>

App *test_app_new(int width, int height, const char *settings_path)
{
    char err[512], store[1100] = "";
    /* With a settings file, the store lives beside it (a player's files). */
    if (settings_path != NULL) {
        snprintf(store, sizeof store, "%.1000s", settings_path);
        char *slash = strrchr(store, '/');
        if (slash != NULL) {
            snprintf(slash + 1, sizeof store - (size_t)(slash + 1 - store), "ceki.db");
        }
    }
    AppConfig cfg = {.headless = true,
                     .width = width,
                     .height = height,
                     .data_dir = CEKI_TEST_DATA_DIR,
                     .settings_path = settings_path,
                     .store_path = store[0] != '\0' ? store : NULL};
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fail_msg("app_create: %s", err);
    }
    return app;
}

const char *test_temp_dir(const char *name)
{
    static char path[512];
    /* $CEKI_TEST_TMP: somewhere else (a run as another user). */
    const char *base = getenv("CEKI_TEST_TMP");
    snprintf(path, sizeof path, "%s/tmp-%s",
             base != NULL && base[0] != '\0' ? base : CEKI_TEST_OUT_DIR, name);
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", path, path);
    if (system(cmd) != 0) {
        fail_msg("cannot make %s", path);
    }
    return path;
}

static void push(App *app, SDL_Event *e)
{
    assert_int_equal(SDL_PushEvent(e), 1);
    app_pump_events(app);
}

void test_key(App *app, SDL_Keycode key, Uint16 mod)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = mod;
    push(app, &e);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    push(app, &e);
}

void test_mouse_move(App *app, int x, int y)
{
    SDL_Event e = {0};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    push(app, &e);
}

void test_mouse_button(App *app, Uint32 type, Uint8 which, Uint8 clicks, int x, int y)
{
    SDL_Event e = {0};
    e.type = type;
    e.button.button = which;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = clicks;
    e.button.x = x;
    e.button.y = y;
    push(app, &e);
}

static void button(App *app, Uint32 type, int x, int y)
{
    test_mouse_button(app, type, SDL_BUTTON_LEFT, 1, x, y);
}

void test_mouse_down(App *app, int x, int y)
{
    button(app, SDL_MOUSEBUTTONDOWN, x, y);
}
void test_mouse_up(App *app, int x, int y)
{
    button(app, SDL_MOUSEBUTTONUP, x, y);
}

void test_click_rect(App *app, SDL_Rect r)
{
    int x = r.x + r.w / 2, y = r.y + r.h / 2;
    test_mouse_move(app, x, y);
    test_mouse_down(app, x, y);
    test_mouse_up(app, x, y);
}

void test_click_named(App *app, const char *name)
{
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui);
    const Widget *w = ui_find_named(ui, name);
    if (w == NULL) {
        fail_msg("no widget named '%s' in scene '%s'", name, test_top_scene(app));
    }
    test_click_rect(app, w->rect);
}

const char *test_top_scene(const App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    return top != NULL ? top->cls->name : "";
}

const char *test_focus_name(const App *app)
{
    const Ui *ui = ui_of_top_scene(app);
    if (ui == NULL) {
        return "";
    }
    const Widget *w = ui_find(ui, ui->focus);
    return w != NULL ? w->name : "";
}

bool test_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

void test_write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

size_t test_read_file(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, size - 1, f);
    fclose(f);
    buf[n] = '\0';
    return n;
}
