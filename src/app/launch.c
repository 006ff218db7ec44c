#include "launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app_loop.h"
#include "file_load.h"
#include "journal.h"
#include "paths.h"
#include "scene.h"
#include "scene_table.h"
#include "scenes.h"
#include "store.h"

bool launch_apply(App *app, const AppArgs *args, char *err, size_t err_size)
{
    if (args->deck_style_given && deck_style_get(args->deck_style)->ceki_choice) {
        app->settings.deck_style = args->deck_style;
    }
    app_setup_variant(app, args->variant);
    if (args->seed_given) {
        app->setup.config.seed = args->seed;
        app->setup.seed_given = true;
    }
    if (args->players != 0) {
        app->setup.config.players = args->players;
    }
    if (args->deck_style_given) {
        app->gallery_style = args->deck_style;
    }
    if (args->scene == SCENE_TITLE) {
        return true;
    }
    char why[200];
    if (!scene_stack_push(app, args->scene, why, sizeof why)) {
        if (scene_class_get(args->scene) == NULL) {
            snprintf(err, err_size, "scene '%s' is not available yet", scene_name(args->scene));
        } else {
            snprintf(err, err_size, "%s", why);
        }
        return false;
    }
    return true;
}

/* CEKI_TEXT_OVERFLOW, for the layout test of every scene in every language
 * (tests/app/overflow.sh): any value but "0" fails the screenshot (status
 * 3) when some text drawn does not fit its box; "check" writes the picture
 * only then, to look at (encoding a PNG nobody reads is most of a
 * screenshot's time). */
typedef enum OverflowWatch { WATCH_OFF, WATCH_ON, WATCH_CHECK } OverflowWatch;

static OverflowWatch overflow_watch(void)
{
    const char *watch = getenv("CEKI_TEXT_OVERFLOW");
    if (watch == NULL || watch[0] == '\0' || strcmp(watch, "0") == 0) {
        return WATCH_OFF;
    }
    return strcmp(watch, "check") == 0 ? WATCH_CHECK : WATCH_ON;
}

/* What a screenshot shows of files it never writes: the name and servers
 * of a settings file ($CEKI_SETTINGS_FILE: the servers list of the join
 * and host screens) and statistics ($CEKI_STATS_FILE). */
static void screenshot_files(App *app)
{
    /* The name and servers of a settings file, read but never written
     * (the servers list of the join and host screens): $CEKI_SETTINGS_FILE. */
    const char *settings_file = getenv("CEKI_SETTINGS_FILE");
    if (settings_file != NULL && settings_file[0] != '\0') {
        Settings read;
        char why[200];
        SettingsLoad r = settings_load(settings_file, &read, why, sizeof why);
        if (r == SETTINGS_DAMAGED || r == SETTINGS_UNREADABLE) {
            fprintf(stderr, "ceki: %s: %s\n", settings_file, why);
        }
        memcpy(app->settings.player_name, read.player_name, sizeof read.player_name);
        memcpy(app->settings.servers, read.servers, sizeof read.servers);
        app->settings.nservers = read.nservers;
    }
    /* Statistics to show, read but never written: $CEKI_STATS_FILE. */
    const char *stats_file = getenv("CEKI_STATS_FILE");
    if (stats_file != NULL && stats_file[0] != '\0') {
        char why[200];
        StatsLoad r = stats_load(stats_file, &app->stats, why, sizeof why);
        if (r == STATS_DAMAGED || r == STATS_UNREADABLE) {
            fprintf(stderr, "ceki: %s: %s\n", stats_file, why);
        }
    }
}

int launch_screenshot(const AppArgs *args)
{
    char err[512];
    if (scene_class_get(args->scene) == NULL) {
        fprintf(stderr, "ceki: scene '%s' is not available yet\n", scene_name(args->scene));
        return 1;
    }
    /* CEKI_SCREENSHOT_WINDOW: draw in a real window with the renderer the
     * program would choose (or SDL_RENDER_DRIVER's), to compare renderers. */
    const char *in_window = getenv("CEKI_SCREENSHOT_WINDOW");
    AppConfig cfg = {.headless = in_window == NULL || in_window[0] == '\0',
                     .width = args->width,
                     .height = args->height};
    /* $CEKI_STORE_FILE: a store (store.h) whose games in progress and
     * replays the screens show, e.g. setup with a game of its kind to resume. */
    const char *store_file = getenv("CEKI_STORE_FILE");
    if (store_file != NULL && store_file[0] != '\0') {
        cfg.store_path = store_file;
    }
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "ceki: %s\n", err);
        return 1;
    }
    screenshot_files(app);
    if (args->scene == SCENE_TABLE) {
        /* Mid-round: each seat has had a couple of turns. */
        const VariantDesc *v = variant_get(args->variant);
        int players = args->players != 0 ? args->players : game_config_default(v->id, 0).players;
        app->table_run.preplay = 2 * players + 1;
        /* $CEKI_TABLE_LOG=N: N moves instead, and the move log open. */
        const char *log = getenv("CEKI_TABLE_LOG");
        if (log != NULL && atoi(log) > 0) {
            app->table_run.preplay = SDL_min(atoi(log), 400);
        }
    }
    OverflowWatch watch = overflow_watch();
    text_watch_overflow(app->text, watch != WATCH_OFF);
    int status = 0;
    if (!launch_apply(app, args, err, sizeof err)) {
        fprintf(stderr, "ceki: %s\n", err);
        status = 1;
    } else {
        app_settle(app);
        const char *first = NULL;
        int n = text_overflows(app->text, &first);
        bool overflows = watch != WATCH_OFF && n > 0;
        if ((watch != WATCH_CHECK || overflows) &&
            !app_save_png(app, args->screenshot, err, sizeof err)) {
            fprintf(stderr, "ceki: %s\n", err);
            status = 1;
        }
        if (overflows && status == 0) {
            fprintf(stderr, "ceki: text does not fit its box (%d times), first: %s\n", n, first);
            status = 3;
        }
    }
    app_destroy(app);
    return status;
}

/* The player's files in the data folder: the store, the files of earlier
 * versions it moves in once, and (with settings) settings.txt. The paths
 * live in static buffers, one program run's worth. */
static void player_files(AppConfig *cfg, bool settings)
{
    static char settings_path[1024], stats[1024], store[1024], save[1024], replays[1024];
    paths_move_old_data(); /* once: earlier versions kept files in .../ceki/ceki/ */
    if (settings && paths_pref_file("settings.txt", settings_path, sizeof settings_path)) {
        cfg->settings_path = settings_path;
    }
    if (paths_pref_file(STORE_FILE, store, sizeof store)) {
        cfg->store_path = store;
        if (paths_pref_file("stats.txt", stats, sizeof stats)) {
            cfg->stats_path = stats;
        }
        if (paths_pref_file("current-game.txt", save, sizeof save)) {
            cfg->old_save_path = save;
        }
        if (paths_pref_file("replays", replays, sizeof replays)) {
            cfg->old_replay_dir = replays;
        }
    }
}

/* Applies the options to the window's App and runs it until quit; then
 * closes it. The exit status. */
int launch_run(App *app, const AppArgs *args)
{
    char err[512];
    int status = 0;
    if (!launch_apply(app, args, err, sizeof err)) {
        fprintf(stderr, "ceki: %s\n", err);
        status = 1;
    } else {
        status = app_run(app);
    }
    app_destroy(app);
    return status;
}

int launch_window(const AppArgs *args)
{
    char err[512];
    AppConfig cfg = {.width = args->width, .height = args->height};
    player_files(&cfg, true);
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "ceki: %s\n", err);
        return 1;
    }
    /* CEKI_TABLE_PREPLAY=N (tests): random players make N moves first, as
     * for a screenshot; with CEKI_TABLE_UNTIL=claim, until the person may
     * claim a card. */
    const char *pre = getenv("CEKI_TABLE_PREPLAY");
    if (args->scene == SCENE_TABLE && pre != NULL && atoi(pre) > 0) {
        app->table_run.preplay = atoi(pre) < 400 ? atoi(pre) : 400;
    }
    if (args->join != NULL) { /* an invite opened as a link: Play with friends joins it */
        AppArgs at_join = *args;
        at_join.scene = SCENE_JOIN;
        snprintf(app->join_link, sizeof app->join_link, "%s", args->join);
        return launch_run(app, &at_join);
    }
    return launch_run(app, args);
}

/* --as-person: what a person at the first seat would do, one action at a
 * time through the table's own input (table_try_move, the keyboard). */
static uint64_t person_rng = 0x2545F4914F6CDD1Dull;
static int person_pause;

static void push_key(App *app, SDL_Keycode key)
{
    SDL_Event e = {.type = SDL_KEYDOWN};
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    app->platform->post(app, &e);
    e.type = SDL_KEYUP;
    app->platform->post(app, &e);
}

void launch_play_for_person(App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || person_pause-- > 0) {
        return;
    }
    TableState *t = table_top(app);
    if (strcmp(top->cls->name, "result") == 0 || (t != NULL && t->dialog != DLG_NONE)) {
        push_key(app, SDLK_RETURN); /* next round; yes to a question */
        person_pause = 10;
        return;
    }
    if (t == NULL || !table_waits_for_person(app)) {
        return;
    }
    Move moves[GAME_MAX_MOVES];
    int n = table_legal(t, moves, GAME_MAX_MOVES);
    if (n > 0) {
        person_rng ^= person_rng << 13;
        person_rng ^= person_rng >> 7;
        person_rng ^= person_rng << 17;
        table_try_move(app, t, &moves[person_rng % (uint64_t)n]);
    }
}

/* The player's store, and the game in progress of the variant resumed
 * into App.session (--as-person). */
static App *person_app(const AppArgs *args, AppConfig *cfg, char *err, size_t err_size)
{
    player_files(cfg, false);
    App *app = app_create(cfg, err, err_size);
    if (app == NULL) {
        return NULL;
    }
    if (app->notice[0] != '\0') {
        fprintf(stderr, "ceki: %s\n", app->notice);
    }
    StoreGame g;
    char why[300];
    if (journal_newest(app->store, variant_get(args->variant)->key, &g)) {
        app->session = journal_resume(app->store, g.match, why, sizeof why);
        if (app->session == NULL) {
            fprintf(stderr, "ceki: the game in progress could not be resumed: %s\n", why);
        } else {
            int n = session_moves(app->session);
            printf("resumed %s at move %d\n", g.match, n);
            fflush(stdout);
        }
    }
    person_rng ^= args->seed_given ? args->seed : (uint64_t)SDL_GetPerformanceCounter();
    app->driver = launch_play_for_person;
    return app;
}

/* The App of a run from the command line: headless under SDL's dummy or
 * offscreen video driver; with the player's store when `person` (the
 * player's own games), else everything in memory. */
App *launch_make_app(const AppArgs *args, bool person, char *err, size_t err_size)
{
    const char *driver = SDL_getenv("SDL_VIDEODRIVER");
    bool headless = driver != NULL &&
                    (SDL_strcmp(driver, "dummy") == 0 || SDL_strcmp(driver, "offscreen") == 0);
    AppConfig cfg = {.headless = headless, .width = args->width, .height = args->height};
    if (person) {
        player_files(&cfg, !args->autoplay);
    }
    App *app = app_create(&cfg, err, err_size);
    if (app == NULL && !person) {
        cfg.headless = true;
        app = app_create(&cfg, err, err_size);
    }
    return app;
}

int launch_autoplay(const AppArgs *args)
{
    char err[512];
    /* No settings file: a run of the computers changes nothing of the player's.
     * With SDL's dummy video driver there is nothing to show: headless. */
    const char *driver = SDL_getenv("SDL_VIDEODRIVER");
    bool headless = driver != NULL &&
                    (SDL_strcmp(driver, "dummy") == 0 || SDL_strcmp(driver, "offscreen") == 0);
    AppConfig cfg = {.headless = headless, .width = args->width, .height = args->height};
    App *app = args->as_person ? person_app(args, &cfg, err, sizeof err)
                               : app_create(&cfg, err, sizeof err);
    if (app == NULL && !args->as_person) {
        cfg.headless = true;
        app = app_create(&cfg, err, sizeof err);
    }
    if (app == NULL) {
        fprintf(stderr, "ceki: %s\n", err);
        return 1;
    }
    app->settings.anim_speed = args->speed;
    app->table_run.autoplay = !args->as_person;
    app->table_run.exit_at_end = args->exit_at_end;
    app->table_run.level = args->level;
    AppArgs table = *args;
    if (app->session != NULL) { /* resumed: the table takes it as it is */
        const Game *g = session_game(app->session);
        table.variant = game_variant(g)->id;
        table.seed_given = false;
        table.players = 0;
    }
    table.scene = SCENE_TABLE;
    return launch_run(app, &table);
}

int launch_records(const AppArgs *args)
{
    char notice[600], err[300];
    AppConfig files = {0};
    player_files(&files, true);
    if (files.store_path == NULL) {
        fprintf(stderr, "ceki: there is no place for the player's files here\n");
        return 1;
    }
    Store *st = store_open(files.store_path, notice, sizeof notice);
    if (st == NULL || !store_persistent(st)) {
        fprintf(stderr, "ceki: %s\n", st == NULL ? "out of memory" : notice);
        store_close(st);
        return 1;
    }
    Settings settings;
    char why[200];
    settings_defaults(&settings);
    if (files.settings_path != NULL) {
        settings_load(files.settings_path, &settings, why, sizeof why);
    }
    int failed = 0;
    if (args->export) {
        StoreReplay r[64];
        int n = 0, at = 0, written = 0;
        while ((n = store_replays(st, r, 64, at)) > 0) {
            for (int i = 0; i < n; i++) {
                char path[1400];
                if (journal_export(st, r[i].id, args->paths[0], path, sizeof path, err,
                                   sizeof err)) {
                    printf("%s\n", path);
                    written++;
                } else {
                    fprintf(stderr, "ceki: replay %lld: %s\n", (long long)r[i].id, err);
                    failed++;
                }
            }
            at += n;
        }
        printf("%d replays written to %s\n", written, args->paths[0]);
    }
    for (int i = 0; args->import && i < args->npaths; i++) {
        const char *file = args->paths[i];
        size_t len = 0;
        char *text = file_load(file, STORE_MAX_RECORD, &len, err, sizeof err);
        char what[160] = "";
        int kept = -1;
        if (text != NULL) {
            struct stat sb;
            int64_t when = stat(file, &sb) == 0 ? (int64_t)sb.st_mtime : 0;
            kept = journal_import(st, text, len, when, settings.replays_kept, what, sizeof what,
                                  err, sizeof err);
        }
        free(text);
        if (kept < 0) {
            fprintf(stderr, "ceki: %s: not imported: %s\n", file, err);
            failed++;
        } else {
            printf("%s: %s (%s)\n", file, kept ? "kept among the replays" : "already kept", what);
        }
    }
    store_close(st);
    return failed > 0 ? 1 : 0;
}
