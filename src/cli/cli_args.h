/* cli_args.h — argument parsing shared by ceki-cli's commands.
 *
 * Contract: each parser fills *out only on success; on failure it prints one
 * line "ceki-cli: ..." to stderr saying what is wrong and returns false (or
 * NULL). `cmd` names the command in the message ("sim", "match"). */
#ifndef CEKI_CLI_ARGS_H
#define CEKI_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "ai.h"
#include "game.h"
#include "variant.h"

/* The variant named `key` (e.g. "thothit-chinese"), or NULL. */
const VariantDesc *cli_find_variant(const char *key);
/* A player count the variant allows. */
bool cli_parse_players(const VariantDesc *v, const char *text, int *players);
/* 3 where the variant allows it, else its minimum. */
int cli_default_players(const VariantDesc *v);
/* A non-negative decimal seed. */
bool cli_parse_seed(const char *cmd, const char *text, uint64_t *out);
/* A comma-separated list of computer players ("greedy" or "strong,greedy,
 * greedy"): one for every seat, or one per seat. out[0..players) is filled. */
bool cli_parse_ai_list(const char *cmd, const char *text, int players, AiLevel out[]);
/* Sets the bit of the variant's option `name` in *options. */
bool cli_parse_option(const VariantDesc *v, const char *name, uint32_t *options);
/* A stake scheme by key; stakes other than none only in the Pèi family. */
bool cli_parse_scheme(const char *cmd, const VariantDesc *v, const char *name, StakeScheme *out);

#endif
