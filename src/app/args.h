/* args.h — the program's command line.
 *
 * Contract: args_parse reads
 *   ceki [--screenshot FILE.png [--scene NAME] [--variant ID] [--seed N]
 *        [--players N] [--deck-style STYLE] [--size WxH]] [--help]
 *   ceki --import FILE...  |  ceki --export FOLDER
 *   ceki --autoplay [--variant ID] [--seed N] [--players N] [--level L]
 *        [--speed instant|fast|normal|slow] [--exit-at-end] [--as-person]
 *        [--size WxH]
 *   ceki --host [--port P | --server HOST:PORT] [--private] [--variant ID]
 *        [--players N] [--seats LIST] [--seed N]
 *   ceki --join HOST:PORT[/TABLE[?key=KEY]]  |  ceki ceki://HOST:PORT/TABLE[?key=KEY]
 *   ceki --rejoin
 *        (each also with --autoplay [--as-person] [--exit-at-end] [--level L])
 * into an AppArgs without side effects. Without --screenshot the options
 * choose the screen and game the window opens with; --autoplay plays a
 * whole match with a computer (of level L, default greedy) in every seat at
 * the table, animations instant (or at --speed, to watch or measure a table
 * that moves), and --exit-at-end then prints the final
 * standings and exits. --as-person makes the first seat the player's, its
 * moves made for it through the table's own input, kept in the player's
 * store and counted in the statistics, a game in progress of the variant
 * resumed first (the crash tests). It fails (false, a one-line reason
 * in err) on an unknown option, a missing or malformed value, an unknown
 * scene, variant or deck style, or a player count the variant does not
 * allow. Whether a known scene is available is not its business.
 * A network table: --host hosts one in this window (LIST holds
 * one of you, friend, random, greedy, strong per seat, you once; default
 * you and friends), or with --server makes it on that ceki-server; it is
 * open unless --private; --join takes a seat at another's (an address or
 * an invite, checked here); --rejoin goes back to the table of the ticket
 * the store keeps. The match starts when the seats are filled.
 * --autoplay-after N (tests driving a real window, not with --autoplay,
 * --screenshot or a network option): the window opens as without it; at
 * a table, after the person's own N moves (not counting the stock turns
 * the table makes for them) the program plays for the person, and at the
 * match's end it prints the standings and exits.
 */
#ifndef CEKI_APP_ARGS_H
#define CEKI_APP_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai.h"
#include "proto.h"
#include "scene.h"
#include "settings.h"
#include "variant.h"

typedef struct AppArgs {
    const char *screenshot; /* NULL: run the interactive program */
    SceneId scene;
    VariantId variant;
    bool variant_given;
    uint64_t seed;
    bool seed_given;
    int players; /* 0: the variant's default */
    DeckStyle deck_style;
    bool deck_style_given;
    int width, height;
    bool autoplay;
    bool exit_at_end;
    bool as_person; /* autoplay: the first seat is the player's, moved for it */
    bool import;    /* --import FILE...: records into the store's replays */
    bool export;    /* --export FOLDER: the store's replays written out */
    const char *const *paths;
    int npaths;
    AiLevel level;   /* autoplay's computers */
    AnimSpeed speed; /* autoplay's animations (default instant) */
    bool help;
    /* a network table */
    bool host;                         /* --host */
    uint16_t port;                     /* --port P (0: NET_DEFAULT_PORT) */
    uint8_t seat_kind[CEKI_MAX_SEATS]; /* --seats LIST, NetSeatKind per seat */
    int nseats;                        /* 0: not given */
    const char *join;                  /* --join ADDRESS, or a ceki:// link */
    const char *server;                /* --server HOST:PORT: --host makes its table there */
    bool private_table;                /* --private: --host's table joined only with its key */
    bool rejoin;                       /* --rejoin */
    /* --autoplay-after N (window tests): in a window opened at the title,
     * the person's own first N moves at a table are theirs, then the
     * program plays for them (as --as-person) and at the match's end
     * prints the standings and exits; -1: not given */
    int autoplay_after;
} AppArgs;

/* Whether the arguments ask for a network table (--host, --join, a link,
 * --rejoin). */
bool args_network(const AppArgs *a);

bool args_parse(int argc, char **argv, AppArgs *out, char *err, size_t err_size);
/* The usage text for --help. */
const char *args_usage(void);

#endif
