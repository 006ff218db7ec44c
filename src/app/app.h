/* app.h — the one context of the SDL program (its loop is app_loop.h).
 *
 * Contract: an App owns its platform (platform.h: a window, or headless a
 * software renderer on a surface with scripted input), the renderer, text, paint and card art, the
 * settings, the scene stack and the game being set up. There are no globals: everything a scene
 * needs is reached through the App it is given. Drawing is in drawable
 * pixels; the UI is laid out in design units of a 1280 x 800 stage scaled by
 * `ui` (which folds in the HiDPI factor) and centred in the target. Mouse
 * events are converted from window to drawable pixels before scenes see
 * them. The flags `dirty`, `animating` and `ticking` tell the loop
 * (app_loop.h) what a frame needs.
 */
#ifndef CEKI_APP_APP_H
#define CEKI_APP_APP_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "ai.h"
#include "card_art.h"
#include "game.h"
#include "i18n.h"
#include "paint.h"
#include "platform.h"
#include "scene_types.h"
#include "settings.h"
#include "stats.h"
#include "text.h"
#include "variant.h"

#define APP_DESIGN_W 1280.0f
#define APP_DESIGN_H 800.0f
/* The smallest window (in window units): the smallest size at which the
 * table's layout is tested for every shape of table (tests/app/test_layout.c). */
#define APP_FRAME_SECONDS (1.0 / 60.0) /* the frame cap without vertical sync */
#define APP_MAX_DAMAGE 12              /* rectangles a partial frame redraws */
/* Each damaged rectangle is a pass over the whole scene's drawing, clipped,
 * which costs about as much as copying this many pixels more (measured with
 * build/table_cpu at 2560x1600: Kings 29.5 % of a core with rectangles
 * joined by a thin strip alone, 23.1 % at 65,536 pixels, 18-27 % at 262,144,
 * within the machine's noise). */
#define APP_DAMAGE_PASS_PIXELS 262144
#define APP_MIN_W 1024
#define APP_MIN_H 640

/* The game the setup screen prepares and the table will play. */
typedef struct GameSetup {
    GameConfig config; /* variant, players, seed, options, rounds, stakes */
    bool human[CEKI_MAX_SEATS];
    AiLevel level[CEKI_MAX_SEATS]; /* for computer seats */
    DeckStyle style;
    bool seed_given; /* else Start draws a fresh seed */
    /* With friends over the network (the setup's Play row): the person
     * sits in seat 0 (human[0]), a remote seat waits for a friend, the
     * others are computers at their level. The host screen hosts it. */
    bool network;
    bool remote[CEKI_MAX_SEATS];
    TableClock clock; /* the table's turn clock (the host screen offers Settings' last one) */
} GameSetup;

/* The seats a person gave the last table they hosted (the host screen
 * offers them again for as many players): who waits for a friend, and the
 * computers' levels. kept false: none hosted yet in this run. */
typedef struct HostSeatChoice {
    bool kept;
    int players;
    bool remote[CEKI_MAX_SEATS];
    AiLevel level[CEKI_MAX_SEATS];
} HostSeatChoice;

/* How the table runs when the command line asks for it (launch.c). */
typedef struct TableRun {
    bool autoplay;      /* a computer in every seat, animations instant */
    bool exit_at_end;   /* print the final standings and quit when the match ends */
    int preplay;        /* moves random players make before the table shows (screenshots) */
    AiLevel level;      /* the computers' level in autoplay */
    bool guided;        /* the next table is a guided first game (scene_table_guided.c) */
    int guided_steps;   /* ... with this many of its steps made at once (screenshots) */
    bool result_guided; /* the result screen being opened ends a guided game's round */
} TableRun;

/* Called by app_run once a frame after updating (NULL: nothing): a test
 * driver that acts as a person would (launch.c's --as-person). */
typedef void (*AppDriver)(App *app);

typedef struct AppConfig {
    bool headless;             /* software renderer on a surface, no window */
    int width, height;         /* the surface size, or the first window size */
    const char *data_dir;      /* NULL: search (paths.h) */
    const char *settings_path; /* NULL: keep settings in memory only */
    const char *store_path;    /* the player's data (store.h); NULL: in memory only */
    /* Files of earlier versions moved into the store once (NULL: none). */
    const char *stats_path, *old_save_path, *old_replay_dir;
} AppConfig;

struct App {
    const PlatformOps *platform; /* the window, clock and input (platform.h) */
    void *platform_state;        /* the platform's own */
    SDL_Renderer *renderer;
    bool vsync;       /* the renderer paces frames itself; else app_run caps them */
    bool keeps_frame; /* the renderer's target keeps what it drew (software) */

    int width, height; /* drawable pixels */
    float dpi;         /* drawable pixels per window coordinate */
    float ui;          /* pixels per design unit */
    SDL_Rect stage;    /* the 1280 x 800 design area, centred, in pixels */

    char data_dir[1024];
    char settings_path[1024]; /* "" when settings are not saved */
    bool settings_kept;       /* false: the file could not be read and is left alone */
    Settings settings;
    struct Store *store;  /* the player's games and statistics (store.h); never NULL */
    Stats stats;          /* the player's statistics (stats.h), as the store counts them */
    char notice[480];     /* problems the title screen reports (damaged settings, statistics) */
    char store_said[480]; /* the store's part of notice while it waits for its file, or "" */
    char toast[320];      /* a short message shown at the bottom for a while */
    double toast_until;

    Text *text;
    Paint *paint;
    CardArt *cards;
    SceneStack scenes;
    GameSetup setup;
    HostSeatChoice host_seats; /* the seats of the last table hosted */
    struct Session *session;   /* the game on the table (session.h), or NULL */
    /* The table with friends the screens opened (net_table.h: hosting or
     * joining), or NULL. The screen showing it polls it and closes it when
     * it leaves, unless it handed it on to the next (join, lobby, waiting
     * room, table). */
    struct NetTable *net;
    char replay_path[1024];  /* a record the replay screen opens first, or "" */
    char join_link[256];     /* an invite the join screen joins at once (ceki ceki://...), or "" */
    DeckStyle gallery_style; /* the gallery's first tab; STYLE_COUNT: from settings */
    TableRun table_run;      /* the table's headless runs */
    AppDriver driver;

    double now;     /* seconds, advanced by app_update */
    bool dirty;     /* something changed: draw a frame */
    bool animating; /* a scene wants frames until it stops asking */
    bool ticking;   /* a scene wants updates at frame rate, frames only if dirty */
    /* Where a frame that is not `dirty` changed (app_damage): only these
     * rectangles are drawn again and presented, when the renderer keeps its
     * frame (the software renderer); else the whole frame is drawn. */
    SDL_Rect damage[APP_MAX_DAMAGE];
    int ndamage;
    bool quit;
};

/* The context alone, with no scene (app_loop.h's app_create opens the
 * title on it): NULL on failure with a reason in err. Loads settings and
 * statistics (reporting damage in app->notice). */
App *app_context_create(const AppConfig *cfg, char *err, size_t err_size);
/* Frees the context; the scene stack must be empty. */
void app_context_destroy(App *app);

/* Pixels for a length in design units, and a stage rectangle in them. */
int app_px(const App *app, float units);
SDL_Rect app_rect(const App *app, float x, float y, float w, float h);
/* A text style at a size in design units. */
TextStyle app_text_style(const App *app, float size, TextWeight weight, SDL_Color color);

/* The variant being set up (never NULL). */
const VariantDesc *app_variant(const App *app);
/* Resets app->setup for a variant: its default player count, computer
 * seats after the first, the settings' deck style. */
void app_setup_variant(App *app, VariantId id);
/* The style the setup's cards are drawn with, and the flags for a card of
 * this game (red stamp shown if the variant scores it, colour cue). */
DeckStyle app_deck_style(const App *app);
unsigned app_card_flags(const App *app);

/* Replaces the settings, applies them (fullscreen) and saves them. */
void app_set_settings(App *app, const Settings *s);
void app_show_toast(App *app, const char *message);
/* The store went on in memory at start and has since opened its file
 * (store.h: tried again before each write): its part of the notice goes and
 * the statistics are read from the file. Nothing otherwise. */
void app_check_store(App *app);
/* Something the player's files did not get (a failed save): a longer toast,
 * and the same line on stderr. */
void app_report(App *app, const char *message);
/* Counts a finished round and/or match of g for seat `you`, played against
 * computers of `level` (stats_level_of), as rows of the store keyed by the
 * match id (a round recorded again is counted once), then reads the
 * statistics back; a failure is shown as a toast. */
void app_record_stats(App *app, const Game *g, const char *match, int you, int level, bool round,
                      bool match_end);
/* Forgets the statistics (in the store too). */
void app_reset_stats(App *app);
/* The same for one game only. */
void app_reset_stats_of(App *app, VariantId v);

/* Marks a rectangle (drawable pixels) as changed since the last frame:
 * something moved there. A frame with only such changes redraws just them. */
void app_damage(App *app, SDL_Rect r);
/* Reads the drawable size again and derives the scale and stage from it
 * (after the window changed size or display). */
void app_update_metrics(App *app);
/* Headless: a new target size. */
bool app_resize_target(App *app, int width, int height);
/* Headless: writes the target as PNG. */
bool app_save_png(App *app, const char *path, char *err, size_t err_size);
#endif
