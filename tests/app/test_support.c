/* RTLD_NEXT, for the text capture below. */
#define _GNU_SOURCE
#include "test_support.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "session.h"

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

/* The folders this process made, removed when it ends. */
#define TEMP_DIRS_MAX 64
#define TEMP_PATH_MAX 512
static char temp_dirs[TEMP_DIRS_MAX][TEMP_PATH_MAX];
static int ntemp_dirs;
static pid_t temp_owner; /* a forked child that exits leaves them alone */

static void remove_temp_dirs(void)
{
    if (getpid() != temp_owner) {
        return;
    }
    char cmd[TEMP_PATH_MAX + 32];
    for (int i = 0; i < ntemp_dirs; i++) {
        snprintf(cmd, sizeof cmd, "rm -rf '%.*s'", TEMP_PATH_MAX - 1, temp_dirs[i]);
        if (system(cmd) != 0) {
            fprintf(stderr, "could not remove %s\n", temp_dirs[i]);
        }
    }
    ntemp_dirs = 0;
}

static void note_temp_dir(const char *path)
{
    for (int i = 0; i < ntemp_dirs; i++) {
        if (strcmp(temp_dirs[i], path) == 0) {
            return;
        }
    }
    if (ntemp_dirs == 0 && temp_owner == 0) {
        temp_owner = getpid();
        atexit(remove_temp_dirs);
    }
    if (ntemp_dirs < TEMP_DIRS_MAX) {
        snprintf(temp_dirs[ntemp_dirs++], TEMP_PATH_MAX, "%s", path);
    }
}

const char *test_temp_dir(const char *name)
{
    static char path[TEMP_PATH_MAX];
    /* $CEKI_TEST_TMP: somewhere else (a run as another user). */
    const char *base = getenv("CEKI_TEST_TMP");
    /* The process id in the name: two runs of one suite at once (a second
     * ctest in the same build folder) never empty or fill each other's
     * folder. A folder left by a process that died is emptied when its id
     * comes again, and each process removes its own folders as it ends. */
    snprintf(path, sizeof path, "%s/tmp-%s-%ld",
             base != NULL && base[0] != '\0' ? base : CEKI_TEST_OUT_DIR, name, (long)getpid());
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", path, path);
    if (system(cmd) != 0) {
        fail_msg("cannot make %s", path);
    }
    note_temp_dir(path);
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

/* ---- the text on the screen ---------------------------------------------- */

/* While a capture is on: the runs of the line being rendered (SDL_ttf),
 * the texture each line became, and every copy of such a texture to the
 * screen, in order (a line drawn twice in a frame is rendered once and
 * copied twice). */
#define SHOWN_MAX 1024
static struct {
    bool on;
    char pending[1024];
    struct {
        SDL_Texture *texture;
        char *text;
    } lines[SHOWN_MAX];
    int nlines;
    size_t len;
    char text[64 * 1024];
    char joined[64 * 1024];
    struct { /* each copy to the screen: its line and where it went */
        int line;
        SDL_Rect at;
    } copies[SHOWN_MAX];
    int ncopies;
} screen;

/* The library's own function of this name. */
static void *next_symbol(const char *name)
{
    void *sym = dlsym(RTLD_NEXT, name);
    if (sym == NULL) {
        fail_msg("no %s after the test's own: %s", name, dlerror());
    }
    return sym;
}

SDL_Surface *TTF_RenderUTF8_Blended(TTF_Font *font, const char *text, SDL_Color fg)
{
    typedef SDL_Surface *(*Fn)(TTF_Font *, const char *, SDL_Color);
    static Fn real = NULL;
    if (real == NULL) {
        void *sym = next_symbol("TTF_RenderUTF8_Blended");
        memcpy(&real, &sym, sizeof real);
    }
    if (screen.on && text != NULL) {
        size_t l = strlen(screen.pending);
        snprintf(screen.pending + l, sizeof screen.pending - l, "%s", text);
    }
    return real(font, text, fg);
}

SDL_Texture *SDL_CreateTextureFromSurface(SDL_Renderer *r, SDL_Surface *surface)
{
    typedef SDL_Texture *(*Fn)(SDL_Renderer *, SDL_Surface *);
    static Fn real = NULL;
    if (real == NULL) {
        void *sym = next_symbol("SDL_CreateTextureFromSurface");
        memcpy(&real, &sym, sizeof real);
    }
    SDL_Texture *t = real(r, surface);
    if (screen.on && screen.pending[0] != '\0' && t != NULL && screen.nlines < SHOWN_MAX) {
        screen.lines[screen.nlines].texture = t;
        screen.lines[screen.nlines].text = strdup(screen.pending);
        screen.nlines++;
    }
    screen.pending[0] = '\0';
    return t;
}

void SDL_DestroyTexture(SDL_Texture *t)
{
    typedef void (*Fn)(SDL_Texture *);
    static Fn real = NULL;
    if (real == NULL) {
        void *sym = next_symbol("SDL_DestroyTexture");
        memcpy(&real, &sym, sizeof real);
    }
    for (int i = 0; i < screen.nlines; i++) {
        if (screen.lines[i].texture == t) {
            screen.lines[i].texture = NULL;
        }
    }
    real(t);
}

int SDL_RenderCopy(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst)
{
    typedef int (*Fn)(SDL_Renderer *, SDL_Texture *, const SDL_Rect *, const SDL_Rect *);
    static Fn real = NULL;
    if (real == NULL) {
        void *sym = next_symbol("SDL_RenderCopy");
        memcpy(&real, &sym, sizeof real);
    }
    if (screen.on && t != NULL) {
        for (int i = screen.nlines - 1; i >= 0; i--) {
            if (screen.lines[i].texture == t) {
                int n = snprintf(screen.text + screen.len, sizeof screen.text - screen.len, "%s\n",
                                 screen.lines[i].text);
                if (n > 0) {
                    screen.len = SDL_min(screen.len + (size_t)n, sizeof screen.text - 1);
                }
                if (screen.ncopies < SHOWN_MAX && dst != NULL) {
                    screen.copies[screen.ncopies].line = i;
                    screen.copies[screen.ncopies].at = *dst;
                    screen.ncopies++;
                }
                break;
            }
        }
    }
    return real(r, t, src, dst);
}

const char *test_screen_text(App *app)
{
    for (int i = 0; i < screen.nlines; i++) {
        free(screen.lines[i].text);
    }
    screen.nlines = 0;
    screen.ncopies = 0;
    screen.len = 0;
    screen.text[0] = '\0';
    screen.pending[0] = '\0';
    text_clear_cache(app->text);
    screen.on = true;
    app_draw(app);
    screen.on = false;
    return screen.text;
}

bool test_screen_says(const char *needle)
{
    snprintf(screen.joined, sizeof screen.joined, "%s", screen.text);
    for (char *c = screen.joined; *c != '\0'; c++) {
        *c = *c == '\n' ? ' ' : *c;
    }
    return strstr(screen.joined, needle) != NULL;
}

int test_screen_text_rects(const char *needle, SDL_Rect *out, int max)
{
    int n = 0;
    for (int i = 0; i < screen.ncopies; i++) {
        const char *text = screen.lines[screen.copies[i].line].text;
        if (text != NULL && strstr(text, needle) != NULL) {
            if (n < max) {
                out[n] = screen.copies[i].at;
            }
            n++;
        }
    }
    return n;
}

/* Fails, showing the screen's text, unless whether the screen says the
 * sentence the format makes is `says`. */
static void expect_saying(App *app, const char *scene_name, bool says, const char *format,
                          va_list ap)
{
    char want[400];
    vsnprintf(want, sizeof want, format, ap);
    const char *text = test_screen_text(app);
    if (test_screen_says(want) != says) {
        fail_msg("the %s screen %s \"%s\"; it shows:\n%s", scene_name,
                 says ? "does not say" : "says", want, text);
    }
}

void test_expect_says(App *app, const char *scene_name, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    expect_saying(app, scene_name, true, format, ap);
    va_end(ap);
}

void test_expect_not_says(App *app, const char *scene_name, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    expect_saying(app, scene_name, false, format, ap);
    va_end(ap);
}

Session *test_session_new(const GameConfig *cfg)
{
    SessionSeats seats = {.ai_budget_ms = 0};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = i == 0;
        seats.level[i] = (AiLevel)(i % AI_LEVEL_COUNT);
    }
    CekiStatus st = CEKI_ERR_ARG;
    Session *s = session_create(cfg, &seats, &st);
    assert_int_equal(st, CEKI_OK);
    return s;
}

/* The pixels of r in the frame drawn now (malloc'd, r.w * r.h of them). */
Uint32 *test_frame_pixels(App *app, SDL_Rect r)
{
    SDL_Rect drawn[APP_MAX_DAMAGE];
    app->dirty = true;
    (void)app_draw_frame(app, drawn, APP_MAX_DAMAGE);
    Uint32 *px = calloc((size_t)r.w * (size_t)r.h, sizeof *px);
    assert_non_null(px);
    assert_int_equal(SDL_RenderReadPixels(app->renderer, &r, SDL_PIXELFORMAT_ARGB8888, px,
                                          r.w * (int)sizeof *px),
                     0);
    return px;
}
