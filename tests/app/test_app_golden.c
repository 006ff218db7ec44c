/* Golden images: screens rendered headless at 1280x800 (one at 2560x1600)
 * with the software renderer, compared with the PNGs in tests/app/golden
 * within a tolerance. Besides the screens opened as `ceki --scene` does,
 * the result screen of rounds and a match played with seeded random moves
 * (Thothit, Chinese Thothit with a forfeit, Pèi with stakes, Kings, Kowah)
 * and the replay viewer at a few moves of a seeded record. On a
 * mismatch the actual image, the expected one and a difference map are
 * written to <build>/tests/app/golden/ and the test fails. Run with
 * CEKI_UPDATE_GOLDEN=1 to rewrite the goldens after an intended change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "launch.h"
#include "session.h"
#include "stats.h"
#include "test_support.h"

/* A pixel differs when a channel is off by more than this ... */
#define CHANNEL_TOLERANCE 24
/* ... and the image fails when more than this share of pixels differ. */
#define MAX_DIFFERING 0.002

/* A game played with seeded random moves: to the end of its first round,
 * or of the match; for the replay viewer, the move it is shown at (-1:
 * the last). */
typedef struct Played {
    VariantId variant;
    int players;
    StakeScheme stakes;
    uint64_t seed;
    bool match;
    int step;
} Played;

typedef struct Golden {
    const char *name;
    SceneId scene;
    const char *style; /* --deck-style, or NULL */
    bool stats;        /* statistics of a few played matches to show */
    Played game;       /* SCENE_RESULT, SCENE_REPLAY: the game shown */
    int width;         /* 0: 1280x800 */
} Golden;

static const Golden goldens[] = {
    {"title", SCENE_TITLE, NULL, false, {0}, 0},
    {"settings", SCENE_SETTINGS, NULL, false, {0}, 0},
    {"gallery-ceki", SCENE_GALLERY, "ceki", false, {0}, 0},
    {"gallery-western-clubs", SCENE_GALLERY, "western-clubs", false, {0}, 0},
    {"gallery-western-spades", SCENE_GALLERY, "western-spades", false, {0}, 0},
    {"stats", SCENE_STATS, NULL, true, {0}, 0},
    {"result-thothit",
     SCENE_RESULT,
     NULL,
     false,
     {VARIANT_THOTHIT, 3, STAKES_NONE, 5, false, 0},
     0},
    {"result-thothit-chinese-forfeit",
     SCENE_RESULT,
     NULL,
     false,
     {VARIANT_THOTHIT_CHINESE, 3, STAKES_NONE, 4, false, 0},
     0},
    {"result-pei-stakes",
     SCENE_RESULT,
     NULL,
     false,
     {VARIANT_PEI, 3, STAKES_PAREWANAN, 5, false, 0},
     0},
    {"result-pei-stakes-2560",
     SCENE_RESULT,
     NULL,
     false,
     {VARIANT_PEI, 3, STAKES_PAREWANAN, 5, false, 0},
     2560},
    {"result-kings", SCENE_RESULT, NULL, false, {VARIANT_KINGS, 4, STAKES_NONE, 30, false, 0}, 0},
    {"result-kowah", SCENE_RESULT, NULL, false, {VARIANT_KOWAH, 4, STAKES_NONE, 10, false, 0}, 0},
    {"match-thothit", SCENE_RESULT, NULL, false, {VARIANT_THOTHIT, 3, STAKES_NONE, 21, true, 0}, 0},
    {"replay-thothit-0",
     SCENE_REPLAY,
     NULL,
     false,
     {VARIANT_THOTHIT, 3, STAKES_NONE, 61, true, 0},
     0},
    {"replay-thothit-40",
     SCENE_REPLAY,
     NULL,
     false,
     {VARIANT_THOTHIT, 3, STAKES_NONE, 61, true, 40},
     0},
    {"replay-thothit-end",
     SCENE_REPLAY,
     NULL,
     false,
     {VARIANT_THOTHIT, 3, STAKES_NONE, 61, true, -1},
     0},
};

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* The game of p, played with random moves to the end of its round (or
 * match); the person in seat 0, the computers at every level. */
static Session *play(const Played *p)
{
    GameConfig cfg = game_config_default(p->variant, p->seed);
    cfg.players = p->players;
    cfg.stakes = p->stakes;
    Session *s = test_session_new(&cfg);
    uint64_t x = p->seed * 7919 + 1;
    Move moves[GAME_MAX_MOVES];
    for (int guard = 0; guard < 200000; guard++) {
        const Game *g = session_game(s);
        if (game_match_over(g) || (!p->match && game_round_over(g))) {
            break;
        }
        int n = session_legal_moves(s, moves, GAME_MAX_MOVES);
        assert_true(n > 0);
        Move m = moves[next_random(&x) % (uint64_t)(n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES)];
        assert_int_equal(session_apply(s, &m, NULL), CEKI_OK);
    }
    GameEvent sink[256];
    while (session_take_events(s, sink, 256) > 0) {
    }
    return s;
}

/* The result screen of the played game, or the replay viewer on its
 * record at the move asked for. */
static void show_played(App *app, const Golden *g, Session **session)
{
    char why[200];
    Session *s = play(&g->game);
    app_setup_variant(app, g->game.variant);
    if (g->scene == SCENE_RESULT) {
        *session = s;
        app->session = s;
        if (!scene_stack_push(app, SCENE_RESULT, why, sizeof why)) {
            fail_msg("result screen refused: %s", why);
        }
        return;
    }
    char path[1400], err[300];
    const char *dir = test_temp_dir(g->name);
    assert_true(session_archive_to(s, dir, path, sizeof path, err, sizeof err));
    session_destroy(s);
    snprintf(app->replay_path, sizeof app->replay_path, "%.1000s", path);
    if (!scene_stack_push(app, SCENE_REPLAY, why, sizeof why)) {
        fail_msg("replay screen refused: %s", why);
    }
    if (g->game.step < 0) {
        test_key(app, SDLK_END, 0);
    }
    for (int i = 0; i < g->game.step; i++) {
        test_key(app, SDLK_RIGHT, 0);
    }
}

/* Pèi rounds and matches, some won, for the statistics screen. */
static void sample_stats(App *app)
{
    stats_clear(&app->stats);
    for (int i = 0; i < 30; i++) {
        stats_add_round(&app->stats, VARIANT_PEI, -1, 180 + (i * 53) % 230, i % 3 == 1);
        if (i % 3 == 2) {
            stats_add_match(&app->stats, VARIANT_PEI, -1, i % 2 == 0, i > 20, i % 2 == 0 ? 4 : -3);
        }
    }
    stats_add_round(&app->stats, VARIANT_THOTHIT, -1, 120, true);
}

static SDL_Surface *render(const Golden *g)
{
    int w = g->width > 0 ? g->width : 1280, h = w * 10 / 16;
    App *app = test_app_new(w, h, NULL);
    Session *session = NULL;
    if (g->game.players > 0) {
        show_played(app, g, &session);
        app_settle(app);
        SDL_Surface *copy =
            SDL_ConvertSurfaceFormat(platform_headless_surface(app), SDL_PIXELFORMAT_ARGB8888, 0);
        app->session = NULL;
        app_destroy(app);
        session_destroy(session);
        assert_non_null(copy);
        return copy;
    }
    AppArgs args = {.scene = g->scene, .variant = VARIANT_THOTHIT, .width = 1280, .height = 800};
    if (g->style != NULL) {
        args.deck_style = deck_style_find(g->style);
        args.deck_style_given = true;
    }
    if (g->stats) {
        sample_stats(app);
        args.variant = VARIANT_PEI;
    }
    char err[256];
    assert_true(launch_apply(app, &args, err, sizeof err));
    app_settle(app);
    SDL_Surface *copy =
        SDL_ConvertSurfaceFormat(platform_headless_surface(app), SDL_PIXELFORMAT_ARGB8888, 0);
    app_destroy(app);
    assert_non_null(copy);
    return copy;
}

static Uint32 pixel(const SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
}

static int channel_diff(Uint32 a, Uint32 b)
{
    int most = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        int d = abs((int)((a >> shift) & 0xFF) - (int)((b >> shift) & 0xFF));
        most = d > most ? d : most;
    }
    return most;
}

static void save_failure(const Golden *g, SDL_Surface *actual, SDL_Surface *expected)
{
    char dir[1100], path[1200];
    snprintf(dir, sizeof dir, "%s/golden", CEKI_TEST_OUT_DIR);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/%s.actual.png", dir, g->name);
    IMG_SavePNG(actual, path);
    if (expected != NULL) {
        snprintf(path, sizeof path, "%s/%s.expected.png", dir, g->name);
        IMG_SavePNG(expected, path);
        if (expected->w == actual->w && expected->h == actual->h) {
            SDL_Surface *diff = SDL_CreateRGBSurfaceWithFormat(0, actual->w, actual->h, 32,
                                                               SDL_PIXELFORMAT_ARGB8888);
            for (int y = 0; y < actual->h; y++) {
                Uint32 *row = (Uint32 *)((Uint8 *)diff->pixels + y * diff->pitch);
                for (int x = 0; x < actual->w; x++) {
                    int d = channel_diff(pixel(actual, x, y), pixel(expected, x, y));
                    row[x] =
                        d > CHANNEL_TOLERANCE ? 0xFFFF0000u : (d > 0 ? 0xFF404040u : 0xFF000000u);
                }
            }
            snprintf(path, sizeof path, "%s/%s.diff.png", dir, g->name);
            IMG_SavePNG(diff, path);
            SDL_FreeSurface(diff);
        }
    }
    fprintf(stderr, "golden '%s' differs: see %s/%s.{actual,expected,diff}.png\n", g->name, dir,
            g->name);
}

static void check(const Golden *g)
{
    SDL_Surface *actual = render(g);
    char path[1100];
    snprintf(path, sizeof path, "%s/%s.png", CEKI_GOLDEN_DIR, g->name);
    const char *update = getenv("CEKI_UPDATE_GOLDEN");
    if (update != NULL && strcmp(update, "1") == 0) {
        assert_int_equal(IMG_SavePNG(actual, path), 0);
        fprintf(stderr, "wrote %s\n", path);
        SDL_FreeSurface(actual);
        return;
    }
    SDL_Surface *loaded = IMG_Load(path);
    if (loaded == NULL) {
        save_failure(g, actual, NULL);
        SDL_FreeSurface(actual);
        fail_msg("no golden %s (CEKI_UPDATE_GOLDEN=1 writes it)", path);
    }
    SDL_Surface *expected = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(loaded);
    bool same_size = expected->w == actual->w && expected->h == actual->h;
    long differing = 0;
    if (same_size) {
        for (int y = 0; y < actual->h; y++) {
            for (int x = 0; x < actual->w; x++) {
                differing +=
                    channel_diff(pixel(actual, x, y), pixel(expected, x, y)) > CHANNEL_TOLERANCE;
            }
        }
    }
    double share = same_size ? (double)differing / ((double)actual->w * actual->h) : 1.0;
    if (!same_size || share > MAX_DIFFERING) {
        save_failure(g, actual, expected);
    }
    SDL_FreeSurface(expected);
    SDL_FreeSurface(actual);
    if (!same_size) {
        fail_msg("golden %s has another size", g->name);
    }
    if (share > MAX_DIFFERING) {
        fail_msg("golden %s: %ld pixels (%.3f%%) differ", g->name, differing, share * 100.0);
    }
}

static void test_golden(void **state)
{
    check((const Golden *)*state);
}

int main(void)
{
    struct CMUnitTest tests[sizeof goldens / sizeof goldens[0]];
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        tests[i] =
            (struct CMUnitTest){goldens[i].name, test_golden, NULL, NULL, (void *)&goldens[i]};
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
