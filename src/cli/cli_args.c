#include "cli_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "number.h"
#include "record.h"

const VariantDesc *cli_find_variant(const char *key)
{
    const VariantDesc *v = key ? variant_find(key) : NULL;
    if (!v)
        fprintf(stderr, "ceki-cli: unknown variant '%s' (see 'ceki-cli variants')\n",
                key ? key : "");
    return v;
}

bool cli_parse_players(const VariantDesc *v, const char *text, int *players)
{
    long p = 0;
    if (!cli_parse_long(text, 1, 99, &p) || !variant_players_ok(v, (int)p)) {
        fprintf(stderr, "ceki-cli: %s is played by %d-%d players%s; '%s' will not do\n", v->key,
                v->min_players, v->max_players, v->even_players ? " (an even number)" : "",
                text ? text : "");
        return false;
    }
    *players = (int)p;
    return true;
}

int cli_default_players(const VariantDesc *v)
{
    return variant_players_ok(v, 3) ? 3 : v->min_players;
}

bool cli_parse_seed(const char *cmd, const char *text, uint64_t *out)
{
    if (!number_parse_u64(text, out)) {
        fprintf(stderr,
                "ceki-cli: %s: --seed takes a whole number from 0 to " NUMBER_U64_MAX_TEXT
                ", not '%s'\n",
                cmd, text);
        return false;
    }
    return true;
}

bool cli_parse_ai_list(const char *cmd, const char *text, int players, AiLevel out[])
{
    AiLevel levels[CEKI_MAX_SEATS];
    int n = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", text);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        AiLevel l = ai_level_find(tok);
        if (l == AI_LEVEL_COUNT || n == CEKI_MAX_SEATS) {
            fprintf(stderr,
                    "ceki-cli: %s: '%s' is not a computer player (random, greedy, strong)\n", cmd,
                    tok);
            return false;
        }
        levels[n++] = l;
    }
    if (n != 1 && n != players) {
        fprintf(stderr, "ceki-cli: %s: --ai lists %d players for %d seats\n", cmd, n, players);
        return false;
    }
    for (int s = 0; s < players; s++)
        out[s] = levels[n == 1 ? 0 : s];
    return true;
}

bool cli_parse_option(const VariantDesc *v, const char *name, uint32_t *options)
{
    uint32_t bit = variant_option_bit(name);
    if (bit == 0 || !(v->options & bit)) {
        fprintf(stderr, "ceki-cli: %s has no option '%s'\n", v->key, name);
        return false;
    }
    *options |= bit;
    return true;
}

bool cli_parse_scheme(const char *cmd, const VariantDesc *v, const char *name, StakeScheme *out)
{
    StakeScheme s = stake_scheme_find(name);
    if (s == STAKES_COUNT) {
        fprintf(stderr,
                "ceki-cli: %s: unknown scheme '%s' (none, wudon, rampung, parewanan, nir, "
                "jedhil)\n",
                cmd, name);
        return false;
    }
    if (v->start != START_PEI && s != STAKES_NONE) {
        fprintf(stderr, "ceki-cli: %s: stakes are played in Pèi only, not in %s\n", cmd, v->key);
        return false;
    }
    *out = s;
    return true;
}
