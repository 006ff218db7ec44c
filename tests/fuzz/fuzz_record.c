/* fuzz_record — the game record reader, and replay of whatever it accepts.
 *
 * The input is a record text. record_read_text either refuses it (no game,
 * a message naming the reason) or returns the replayed game, which must keep
 * the invariants of RULES.md §5, write itself out as a record, and read back
 * as the same game for every seat. */
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    Game *g = (Game *)&g; /* must be replaced */
    char err[RECORD_ERROR_MAX];
    memset(err, 'x', sizeof err);
    CekiStatus st = record_read_text((const char *)data, size, &g, err, sizeof err);
    FUZZ_CHECK(memchr(err, '\0', sizeof err) != NULL);
    if (st != CEKI_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(err[0] != '\0');
        /* Without a message buffer the answer is the same. */
        Game *h = NULL;
        FUZZ_CHECK(record_read_text((const char *)data, size, &h, NULL, 0) == st && h == NULL);
        return 0;
    }
    FUZZ_CHECK(g != NULL);
    FUZZ_CHECK(game_config_check(game_config(g)) == CEKI_OK);
    fuzz_check_observations(g);
    Move legal[GAME_MAX_MOVES];
    int n = fuzz_check_legal(g, legal);
    fuzz_check_replay(g);
    /* The game goes on from where the record left it. */
    if (n > 0) {
        FUZZ_CHECK(game_apply(g, &legal[size % (size_t)n]) == CEKI_OK);
        fuzz_check_observations(g);
        fuzz_check_replay(g);
    }
    game_destroy(g);
    return 0;
}
