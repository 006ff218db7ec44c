#include "args.h"
#include "net_table.h"
#include "number.h"
#include "scene.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The picture or window size without --size, in pixels. */
enum { DEFAULT_WIDTH = 1280, DEFAULT_HEIGHT = 800 };
/* The smallest and largest --size side, in pixels. */
enum { SIZE_MIN_PX = 64, SIZE_MAX_PX = 8192 };
/* The most moves --autoplay-after leaves to the person. */
enum { AUTOPLAY_AFTER_MAX = 10000 };

const char *args_usage(void)
{
    return "usage: ceki [--screenshot FILE.png [--scene "
           "title|variants|setup|settings|gallery|table|learn|result|replay|stats]\n"
           "            [--variant ID] [--seed N] [--players N]\n"
           "            [--deck-style ceki|western-clubs|western-spades] [--size WxH]]\n"
           "       ceki --import FILE...   keeps game records among the replays\n"
           "       ceki --export FOLDER    writes every kept replay there as a record\n"
           "       ceki --autoplay [--variant ID] [--seed N] [--players N]\n"
           "            [--level random|greedy|strong] [--speed instant|fast|normal|slow]\n"
           "            [--exit-at-end] [--as-person] [--size WxH]\n"
           "       ceki --autoplay-after N   (window tests)\n"
           "       ceki --host [--port P | --server HOST:PORT] [--private] [--variant ID]\n"
           "            [--players N] [--seats LIST]\n"
           "       ceki --join HOST:PORT[/TABLE[?key=KEY]]  |  ceki "
           "ceki://HOST:PORT/TABLE[?key=KEY]"
           "\n       ceki --rejoin\n"
           "With --screenshot, renders that scene settled at that size (default 1280x800)\n"
           "without a window, writes the PNG and exits. With --autoplay, computers play a\n"
           "whole match at the table (default level greedy, animations instant);\n"
           "--exit-at-end prints the final standings and exits. With --as-person the first\n"
           "seat is the player's, its moves made for it through the table as clicks would\n"
           "be, and the game is kept and counted as the player's own (a game of that\n"
           "variant in progress is resumed first): for testing that nothing is lost.\n"
           "--host hosts a table for friends on other machines (LIST: you, friend, random,\n"
           "greedy or strong for each seat, you once), or with --server makes it on that\n"
           "ceki-server; it is open to anyone unless --private (then only its invite, which\n"
           "carries its key, joins it); --join takes a seat at one (a link without --autoplay\n"
           "opens the window's Play with friends and joins from there); --rejoin\n"
           "goes back to the table left in the middle of a match. The match starts when\n"
           "every seat is taken; --autoplay, --as-person and --exit-at-end work there too.\n"
           "--autoplay-after N opens the window as usual; at a table, after the person's own\n"
           "N moves it plays for them, and at the match's end prints the standings and exits.\n";
}

static bool parse_size(const char *text, int *w, int *h)
{
    char *end = NULL;
    long a = strtol(text, &end, 10);
    if (end == text || (*end != 'x' && *end != 'X')) {
        return false;
    }
    const char *second = end + 1;
    long b = strtol(second, &end, 10);
    if (end == second || *end != '\0' || a < SIZE_MIN_PX || b < SIZE_MIN_PX || a > SIZE_MAX_PX ||
        b > SIZE_MAX_PX) {
        return false;
    }
    *w = (int)a;
    *h = (int)b;
    return true;
}

/* The options that take a value, each with the handler that stores it (or
 * says, in err, why it cannot). */
typedef bool (*ValueOption)(const char *value, AppArgs *out, char *err, size_t err_size);

/* --screenshot FILE: the PNG to write. */
static bool opt_screenshot(const char *value, AppArgs *out, char *err, size_t err_size)
{
    (void)err;
    (void)err_size;
    out->screenshot = value;
    return true;
}

/* --scene NAME: the scene to render. */
static bool opt_scene(const char *value, AppArgs *out, char *err, size_t err_size)
{
    out->scene = scene_find(value);
    if (out->scene == SCENE_COUNT) {
        snprintf(err, err_size,
                 "unknown scene '%s' (title, variants, setup, settings, gallery, table, learn)",
                 value);
        return false;
    }
    return true;
}

/* --variant ID: the game played. */
static bool opt_variant(const char *value, AppArgs *out, char *err, size_t err_size)
{
    const VariantDesc *v = variant_find(value);
    if (v == NULL) {
        snprintf(err, err_size, "unknown variant '%s'", value);
        return false;
    }
    out->variant = v->id;
    out->variant_given = true;
    return true;
}

/* --seed N: the deal's seed. */
static bool opt_seed(const char *value, AppArgs *out, char *err, size_t err_size)
{
    if (!number_parse_u64(value, &out->seed)) {
        snprintf(err, err_size,
                 "--seed wants a whole number from 0 to " NUMBER_U64_MAX_TEXT ", not '%s'", value);
        return false;
    }
    out->seed_given = true;
    return true;
}

/* --players N: the number of seats (checked against the variant later). */
static bool opt_players(const char *value, AppArgs *out, char *err, size_t err_size)
{
    uint64_t n = 0;
    if (!number_parse_u64(value, &n) || n < 1 || n > CEKI_MAX_SEATS) {
        snprintf(err, err_size, "--players wants a number from 1 to %d, not '%s'", CEKI_MAX_SEATS,
                 value);
        return false;
    }
    out->players = (int)n;
    return true;
}

/* --deck-style STYLE: the cards' faces. */
static bool opt_deck_style(const char *value, AppArgs *out, char *err, size_t err_size)
{
    DeckStyle style = deck_style_find(value);
    if (style == STYLE_COUNT) {
        snprintf(err, err_size,
                 "unknown deck style '%s' (ceki, western-clubs, western-spades, french)", value);
        return false;
    }
    out->deck_style = style;
    out->deck_style_given = true;
    return true;
}

/* --size WxH: the window or picture size. */
static bool opt_size(const char *value, AppArgs *out, char *err, size_t err_size)
{
    if (!parse_size(value, &out->width, &out->height)) {
        snprintf(err, err_size, "--size wants WIDTHxHEIGHT between %d and %d, not '%s'",
                 SIZE_MIN_PX, SIZE_MAX_PX, value);
        return false;
    }
    return true;
}

/* --level L: autoplay's computers. */
static bool opt_level(const char *value, AppArgs *out, char *err, size_t err_size)
{
    out->level = ai_level_find(value);
    if (out->level == AI_LEVEL_COUNT) {
        snprintf(err, err_size, "unknown level '%s' (random, greedy, strong)", value);
        return false;
    }
    return true;
}

/* --speed S: autoplay's animations. */
static bool opt_speed(const char *value, AppArgs *out, char *err, size_t err_size)
{
    int k = 0;
    while (k < ANIM_COUNT && strcmp(value, anim_speed_key((AnimSpeed)k)) != 0) {
        k++;
    }
    if (k == ANIM_COUNT) {
        snprintf(err, err_size, "unknown speed '%s' (instant, fast, normal, slow)", value);
        return false;
    }
    out->speed = (AnimSpeed)k;
    return true;
}

/* --port P: the UDP port a hosted table listens on. */
static bool opt_port(const char *value, AppArgs *out, char *err, size_t err_size)
{
    uint64_t n = 0;
    if (!number_parse_u64(value, &n) || n < 1 || n > UINT16_MAX) {
        snprintf(err, err_size, "--port wants a number from 1 to 65535, not '%s'", value);
        return false;
    }
    out->port = (uint16_t)n;
    return true;
}

/* --seats LIST: who sits in each seat of a hosted table. */
static bool opt_seats(const char *value, AppArgs *out, char *err, size_t err_size)
{
    static const struct {
        const char *name;
        NetSeatKind kind;
    } kinds[] = {{"you", NET_SEAT_LOCAL},
                 {"friend", NET_SEAT_NET},
                 {"random", NET_SEAT_RANDOM},
                 {"greedy", NET_SEAT_GREEDY},
                 {"strong", NET_SEAT_STRONG}};
    int n = 0, you = 0;
    for (const char *p = value; n <= CEKI_MAX_SEATS; n++) {
        size_t len = strcspn(p, ",");
        size_t k = 0;
        while (k < sizeof kinds / sizeof kinds[0] &&
               (strlen(kinds[k].name) != len || strncmp(p, kinds[k].name, len) != 0)) {
            k++;
        }
        if (k == sizeof kinds / sizeof kinds[0] || n == CEKI_MAX_SEATS) {
            snprintf(err, err_size,
                     "--seats wants one of you, friend, random, greedy, strong for each seat "
                     "(at most %d), not '%s'",
                     CEKI_MAX_SEATS, value);
            return false;
        }
        out->seat_kind[n] = (uint8_t)kinds[k].kind;
        you += kinds[k].kind == NET_SEAT_LOCAL;
        if (p[len] == '\0') {
            n++;
            break;
        }
        p += len + 1;
    }
    if (you != 1) {
        snprintf(err, err_size, "--seats holds 'you' once, not %d times", you);
        return false;
    }
    out->nseats = n;
    return true;
}

/* --autoplay-after N: the person's own moves before the program plays
 * for them (window tests). */
static bool opt_autoplay_after(const char *value, AppArgs *out, char *err, size_t err_size)
{
    uint64_t n = 0;
    if (!number_parse_u64(value, &n) || n > AUTOPLAY_AFTER_MAX) {
        snprintf(err, err_size, "--autoplay-after wants a number from 0 to %d, not '%s'",
                 AUTOPLAY_AFTER_MAX, value);
        return false;
    }
    out->autoplay_after = (int)n;
    return true;
}

/* --server HOST:PORT: the ceki-server a --host table is made on. */
static bool opt_server(const char *value, AppArgs *out, char *err, size_t err_size)
{
    NetAddress a;
    if (!net_address_parse(value, &a, err, err_size)) {
        return false;
    }
    if (a.table[0] != '\0') {
        snprintf(err, err_size, "--server wants HOST:PORT, not a table's address");
        return false;
    }
    out->server = value;
    return true;
}

/* --join ADDRESS: a table of another's. */
static bool opt_join(const char *value, AppArgs *out, char *err, size_t err_size)
{
    NetAddress a;
    if (!net_address_parse(value, &a, err, err_size)) {
        return false;
    }
    out->join = value;
    return true;
}

static const struct {
    const char *name;
    ValueOption set;
} value_options[] = {
    {"--port", opt_port},
    {"--seats", opt_seats},
    {"--join", opt_join},
    {"--server", opt_server},
    {"--screenshot", opt_screenshot},
    {"--scene", opt_scene},
    {"--variant", opt_variant},
    {"--seed", opt_seed},
    {"--players", opt_players},
    {"--deck-style", opt_deck_style},
    {"--size", opt_size},
    {"--level", opt_level},
    {"--speed", opt_speed},
    {"--autoplay-after", opt_autoplay_after},
};

/* The options without a value, each the flag it sets. */
static const struct {
    const char *name;
    size_t flag; /* offset of a bool in AppArgs */
} flag_options[] = {
    {"--help", offsetof(AppArgs, help)},
    {"-h", offsetof(AppArgs, help)},
    {"--autoplay", offsetof(AppArgs, autoplay)},
    {"--exit-at-end", offsetof(AppArgs, exit_at_end)},
    {"--as-person", offsetof(AppArgs, as_person)},
    {"--host", offsetof(AppArgs, host)},
    {"--rejoin", offsetof(AppArgs, rejoin)},
    {"--private", offsetof(AppArgs, private_table)},
};

/* Sets the flag opt names; false if it names none. */
static bool set_flag(const char *opt, AppArgs *out)
{
    for (size_t k = 0; k < sizeof flag_options / sizeof flag_options[0]; k++) {
        if (strcmp(opt, flag_options[k].name) == 0) {
            *(bool *)((char *)out + flag_options[k].flag) = true;
            return true;
        }
    }
    return false;
}

/* The handler of the value option opt, or NULL if it is none. */
static ValueOption value_option(const char *opt)
{
    for (size_t k = 0; k < sizeof value_options / sizeof value_options[0]; k++) {
        if (strcmp(opt, value_options[k].name) == 0) {
            return value_options[k].set;
        }
    }
    return NULL;
}

/* --import FILE... or --export FOLDER at argv[i]: everything after it names
 * files (import) or one folder (export). */
static bool take_paths(int argc, char **argv, int i, AppArgs *out, char *err, size_t err_size)
{
    out->import = strcmp(argv[i], "--import") == 0;
    out->export = !out->import;
    out->paths = (const char *const *)argv + i + 1;
    out->npaths = argc - i - 1;
    if (out->npaths == 0 || (out->export && out->npaths != 1)) {
        snprintf(err, err_size,
                 out->import ? "--import needs one or more record files"
                             : "--export needs one folder");
        return false;
    }
    return true;
}

/* The options that only go with --autoplay, or not with it. */
static bool modes_agree(const AppArgs *a, char *err, size_t err_size)
{
    if (a->autoplay && a->screenshot != NULL) {
        snprintf(err, err_size, "--autoplay and --screenshot do not go together");
        return false;
    }
    if (a->as_person && !a->autoplay) {
        snprintf(err, err_size, "--as-person goes with --autoplay");
        return false;
    }
    if (a->exit_at_end && !a->autoplay) {
        snprintf(err, err_size, "--exit-at-end goes with --autoplay");
        return false;
    }
    if (a->autoplay_after >= 0 &&
        (a->autoplay || a->screenshot != NULL || a->import || a->export || args_network(a))) {
        snprintf(err, err_size,
                 "--autoplay-after is for a window opened as a person would open it: not with "
                 "--autoplay, --screenshot, --import, --export, --host, --join or --rejoin");
        return false;
    }
    return true;
}

bool args_network(const AppArgs *a)
{
    return a->host || a->join != NULL || a->rejoin;
}

/* A network table: one way to it, and the options that go with it. */
static bool network_agrees(AppArgs *a, char *err, size_t err_size)
{
    if ((int)a->host + (a->join != NULL) + (int)a->rejoin > 1) {
        snprintf(err, err_size, "--host, --join and --rejoin do not go together");
        return false;
    }
    if ((a->port != 0 || a->nseats > 0 || a->server != NULL || a->private_table) && !a->host) {
        snprintf(err, err_size, "--port, --server, --private and --seats go with --host");
        return false;
    }
    if (a->port != 0 && a->server != NULL) {
        snprintf(err, err_size, "--port is for a table on this computer, not with --server");
        return false;
    }
    if (args_network(a) && (a->screenshot != NULL || a->import || a->export)) {
        snprintf(err, err_size,
                 "a network table does not go with --screenshot, --import or --export");
        return false;
    }
    if (a->nseats > 0 && a->players != 0 && a->players != a->nseats) {
        snprintf(err, err_size, "--seats names %d seats but --players says %d", a->nseats,
                 a->players);
        return false;
    }
    if (a->nseats > 0) {
        a->players = a->nseats;
    }
    return true;
}

/* A player count given is one the variant allows. */
static bool players_fit(const AppArgs *a, char *err, size_t err_size)
{
    if (a->players == 0) {
        return true;
    }
    const VariantDesc *v = variant_get(a->variant);
    if (variant_players_ok(v, a->players)) {
        return true;
    }
    if (v->even_players && v->max_players - v->min_players == 2) {
        snprintf(err, err_size, "%s is for %d or %d players, not %d", v->key, v->min_players,
                 v->max_players, a->players);
    } else if (v->min_players == v->max_players) {
        snprintf(err, err_size, "%s is for %d players, not %d", v->key, v->min_players, a->players);
    } else {
        snprintf(err, err_size, "%s is for %d to %d players, not %d", v->key, v->min_players,
                 v->max_players, a->players);
    }
    return false;
}

bool args_parse(int argc, char **argv, AppArgs *out, char *err, size_t err_size)
{
    *out = (AppArgs){.scene = SCENE_TITLE,
                     .variant = VARIANT_DEFAULT,
                     .deck_style = STYLE_CEKI,
                     .width = DEFAULT_WIDTH,
                     .height = DEFAULT_HEIGHT,
                     .level = AI_GREEDY,
                     .speed = ANIM_INSTANT,
                     .autoplay_after = -1};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (set_flag(opt, out)) {
            continue;
        }
        if (strcmp(opt, "--import") == 0 || strcmp(opt, "--export") == 0) {
            if (!take_paths(argc, argv, i, out, err, err_size)) {
                return false;
            }
            break;
        }
        if (strncmp(opt, "ceki://", strlen("ceki://")) == 0) { /* a link, as a browser opens it */
            if (!opt_join(opt, out, err, err_size)) {
                return false;
            }
            continue;
        }
        ValueOption set = value_option(opt);
        if (set == NULL) {
            snprintf(err, err_size, "unknown option '%s' (try --help)", opt);
            return false;
        }
        if (i + 1 >= argc) {
            snprintf(err, err_size, "%s needs a value", opt);
            return false;
        }
        if (!set(argv[++i], out, err, err_size)) {
            return false;
        }
    }
    return modes_agree(out, err, err_size) && network_agrees(out, err, err_size) &&
           players_fit(out, err, err_size);
}
