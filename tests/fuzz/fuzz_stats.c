/* fuzz_stats — the statistics file parser of the program (src/app/store/stats.c,
 * which has no SDL in it).
 *
 * The input is the file's text. stats_parse either refuses it with a reason
 * and leaves the statistics it was given untouched, or gives counts that
 * agree with each other, format back to text that parses to the same, and
 * still do after one more round and match are counted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "stats.h"

static void check_sane(const Stats *s)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        const VariantStats *v = &s->v[i];
        FUZZ_CHECK(v->rounds >= 0 && v->rounds <= STATS_MAX_COUNT);
        FUZZ_CHECK(v->rounds_won >= 0 && v->rounds_won <= v->rounds);
        FUZZ_CHECK(v->matches >= 0 && v->matches <= v->rounds);
        FUZZ_CHECK(v->matches_won >= 0 && v->matches_won <= v->matches);
        FUZZ_CHECK(v->streak >= 0 && v->streak <= v->longest && v->longest <= v->matches_won);
        FUZZ_CHECK(v->staked >= 0 && v->staked <= v->matches);
        FUZZ_CHECK(v->units >= -STATS_MAX_SCORE && v->units <= STATS_MAX_SCORE);
        FUZZ_CHECK(v->best_round >= -STATS_MAX_SCORE && v->best_round <= STATS_MAX_SCORE);
        FUZZ_CHECK(v->scored >= 0 && v->scored <= v->rounds);
        FUZZ_CHECK(v->recent_n >= 0 && v->recent_n <= STATS_RECENT && v->recent_n <= v->rounds);
        for (int k = 0; k < v->recent_n; k++) {
            FUZZ_CHECK(v->recent_score[k] >= -STATS_RECENT_MAX_SCORE &&
                       v->recent_score[k] <= STATS_RECENT_MAX_SCORE);
        }
    }
}

static void check_round_trip(const Stats *s)
{
    size_t need = stats_format(s, NULL, 0);
    char *buf = malloc(need + 1);
    FUZZ_CHECK(buf != NULL);
    FUZZ_CHECK(stats_format(s, buf, need + 1) == need && strlen(buf) == need);
    Stats again;
    stats_clear(&again);
    char why[200];
    FUZZ_CHECK(stats_parse(buf, need, &again, why, sizeof why));
    FUZZ_CHECK(stats_equal(s, &again));
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > STATS_MAX_FILE)
        return 0;
    Stats s, before;
    memset(&before, 0, sizeof before);
    before.v[0].rounds = 3; /* something to see untouched */
    before.v[0].best_round = -7;
    s = before;
    char why[200];
    memset(why, 'x', sizeof why);
    bool ok = stats_parse((const char *)data, size, &s, why, sizeof why);
    FUZZ_CHECK(memchr(why, '\0', sizeof why) != NULL);
    if (!ok) {
        FUZZ_CHECK(why[0] != '\0');
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        char tiny[5];
        memset(tiny, 'x', sizeof tiny);
        size_t cut = 1 + size % 4;
        FUZZ_CHECK(!stats_parse((const char *)data, size, &s, tiny, cut));
        FUZZ_CHECK(memchr(tiny, '\0', cut) != NULL);
        for (size_t i = cut; i < sizeof tiny; i++)
            FUZZ_CHECK(tiny[i] == 'x');
        return 0;
    }
    check_sane(&s);
    check_round_trip(&s);
    /* Counting more keeps the file readable, at any size. */
    VariantId v = (VariantId)(size % VARIANT_COUNT);
    int score = size > 0 ? (int)data[0] - 128 : 0;
    stats_add_round(&s, v, -1, score * 1000003, size % 2 == 0);
    stats_add_match(&s, v, -1, size % 3 == 0, size % 5 == 0, score * 999983);
    check_sane(&s);
    check_round_trip(&s);
    char line[256];
    stats_summary(&s, v, line, sizeof line);
    FUZZ_CHECK(strlen(line) > 0 && strlen(line) < sizeof line);
    return 0;
}
