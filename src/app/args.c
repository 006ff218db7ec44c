#include "args.h"
#include "scene.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
           "With --screenshot, renders that scene settled at that size (default 1280x800)\n"
           "without a window, writes the PNG and exits. With --autoplay, computers play a\n"
           "whole match at the table (default level greedy, animations instant);\n"
           "--exit-at-end prints the final standings and exits. With --as-person the first\n"
           "seat is the player's, its moves made for it through the table as clicks would\n"
           "be, and the game is kept and counted as the player's own (a game of that\n"
           "variant in progress is resumed first): for testing that nothing is lost.\n";
}

static bool parse_u64(const char *text, uint64_t *out)
{
    if (text[0] == '\0' || text[0] == '-') {
        return false;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0') {
        return false;
    }
    *out = (uint64_t)v;
    return true;
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
    if (end == second || *end != '\0' || a < 64 || b < 64 || a > 8192 || b > 8192) {
        return false;
    }
    *w = (int)a;
    *h = (int)b;
    return true;
}

bool args_parse(int argc, char **argv, AppArgs *out, char *err, size_t err_size)
{
    *out = (AppArgs){.scene = SCENE_TITLE,
                     .variant = VARIANT_DEFAULT,
                     .deck_style = STYLE_CEKI,
                     .width = 1280,
                     .height = 800,
                     .level = AI_GREEDY,
                     .speed = ANIM_INSTANT};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
            out->help = true;
            continue;
        }
        if (strcmp(opt, "--autoplay") == 0) {
            out->autoplay = true;
            continue;
        }
        if (strcmp(opt, "--exit-at-end") == 0) {
            out->exit_at_end = true;
            continue;
        }
        if (strcmp(opt, "--as-person") == 0) {
            out->as_person = true;
            continue;
        }
        if (strcmp(opt, "--import") == 0 || strcmp(opt, "--export") == 0) {
            /* Everything after it names files (import) or one folder (export). */
            out->import = strcmp(opt, "--import") == 0;
            out->export = !out->import;
            out->paths = (const char *const *)argv + i + 1;
            out->npaths = argc - i - 1;
            if (out->npaths == 0 || (out->export && out->npaths != 1)) {
                snprintf(err, err_size,
                         out->import ? "--import needs one or more record files"
                                     : "--export needs one folder");
                return false;
            }
            break;
        }
        static const char *const with_value[] = {"--screenshot", "--scene",   "--variant",
                                                 "--seed",       "--players", "--deck-style",
                                                 "--size",       "--level",   "--speed"};
        bool known = false;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++) {
            known = known || strcmp(opt, with_value[k]) == 0;
        }
        if (!known) {
            snprintf(err, err_size, "unknown option '%s' (try --help)", opt);
            return false;
        }
        if (i + 1 >= argc) {
            snprintf(err, err_size, "%s needs a value", opt);
            return false;
        }
        const char *value = argv[++i];
        if (strcmp(opt, "--screenshot") == 0) {
            out->screenshot = value;
        } else if (strcmp(opt, "--scene") == 0) {
            out->scene = scene_find(value);
            if (out->scene == SCENE_COUNT) {
                snprintf(
                    err, err_size,
                    "unknown scene '%s' (title, variants, setup, settings, gallery, table, learn)",
                    value);
                return false;
            }
        } else if (strcmp(opt, "--variant") == 0) {
            const VariantDesc *v = variant_find(value);
            if (v == NULL) {
                snprintf(err, err_size, "unknown variant '%s'", value);
                return false;
            }
            out->variant = v->id;
            out->variant_given = true;
        } else if (strcmp(opt, "--seed") == 0) {
            if (!parse_u64(value, &out->seed)) {
                snprintf(err, err_size, "--seed wants a non-negative integer, not '%s'", value);
                return false;
            }
            out->seed_given = true;
        } else if (strcmp(opt, "--players") == 0) {
            uint64_t n = 0;
            if (!parse_u64(value, &n) || n < 1 || n > CEKI_MAX_SEATS) {
                snprintf(err, err_size, "--players wants a number from 1 to %d, not '%s'",
                         CEKI_MAX_SEATS, value);
                return false;
            }
            out->players = (int)n;
        } else if (strcmp(opt, "--deck-style") == 0) {
            DeckStyle style = deck_style_find(value);
            if (style == STYLE_COUNT) {
                snprintf(err, err_size,
                         "unknown deck style '%s' (ceki, western-clubs, western-spades, french)",
                         value);
                return false;
            }
            out->deck_style = style;
            out->deck_style_given = true;
        } else if (strcmp(opt, "--level") == 0) {
            out->level = ai_level_find(value);
            if (out->level == AI_LEVEL_COUNT) {
                snprintf(err, err_size, "unknown level '%s' (random, greedy, strong)", value);
                return false;
            }
        } else if (strcmp(opt, "--speed") == 0) {
            int k = 0;
            while (k < ANIM_COUNT && strcmp(value, anim_speed_key((AnimSpeed)k)) != 0) {
                k++;
            }
            if (k == ANIM_COUNT) {
                snprintf(err, err_size, "unknown speed '%s' (instant, fast, normal, slow)", value);
                return false;
            }
            out->speed = (AnimSpeed)k;
        } else if (strcmp(opt, "--size") == 0) {
            if (!parse_size(value, &out->width, &out->height)) {
                snprintf(err, err_size, "--size wants WIDTHxHEIGHT between 64 and 8192, not '%s'",
                         value);
                return false;
            }
        }
    }
    if (out->autoplay && out->screenshot != NULL) {
        snprintf(err, err_size, "--autoplay and --screenshot do not go together");
        return false;
    }
    if (out->as_person && !out->autoplay) {
        snprintf(err, err_size, "--as-person goes with --autoplay");
        return false;
    }
    if (out->exit_at_end && !out->autoplay) {
        snprintf(err, err_size, "--exit-at-end goes with --autoplay");
        return false;
    }
    if (out->players != 0) {
        const VariantDesc *v = variant_get(out->variant);
        if (!variant_players_ok(v, out->players)) {
            if (v->id == VARIANT_THOTHIT_KUNA) {
                snprintf(err, err_size, "%s is for 4 or 6 players, not %d", v->key, out->players);
            } else if (v->min_players == v->max_players) {
                snprintf(err, err_size, "%s is for %d players, not %d", v->key, v->min_players,
                         out->players);
            } else {
                snprintf(err, err_size, "%s is for %d to %d players, not %d", v->key,
                         v->min_players, v->max_players, out->players);
            }
            return false;
        }
    }
    return true;
}
