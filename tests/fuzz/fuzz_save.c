/* fuzz_save — the saved-game and replay file reader of the program
 * (src/app/store/save_file.c, which has no SDL in it).
 *
 * The input is the file's text. save_file_parse either refuses it with a
 * reason and no game, or gives a header that agrees with the game (as many
 * seats as players, a known level for each computer) and a game that keeps
 * the invariants. Such a file written out again (a bare record as a replay
 * with computers in every seat) reads back to the same header and the same
 * game for every seat; the saves-only reading accepts exactly the saves. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "save_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    const char *text = (const char *)data;
    SaveHeader h;
    Game *g = (Game *)1;
    char err[200];
    memset(err, 'x', sizeof err);
    bool ok = save_file_parse(text, size, false, &h, &g, err, sizeof err);
    FUZZ_CHECK(memchr(err, '\0', sizeof err) != NULL);

    /* The saves-only reading agrees. */
    SaveHeader hs;
    Game *gs = (Game *)1;
    char err2[200];
    bool ok_save = save_file_parse(text, size, true, &hs, &gs, err2, sizeof err2);
    FUZZ_CHECK(ok_save == (ok && h.kind == SAVE_KIND_SAVE));
    FUZZ_CHECK(ok_save == (gs != NULL));
    if (!ok_save)
        FUZZ_CHECK(err2[0] != '\0');
    game_destroy(gs);

    if (!ok) {
        FUZZ_CHECK(g == NULL && err[0] != '\0');
        /* A tiny reason buffer is cut short, never overrun. */
        char tiny[5];
        memset(tiny, 'x', sizeof tiny);
        size_t cut = 1 + size % 4;
        Game *t = NULL;
        FUZZ_CHECK(!save_file_parse(text, size, false, &h, &t, tiny, cut) && t == NULL);
        FUZZ_CHECK(memchr(tiny, '\0', cut) != NULL);
        for (size_t i = cut; i < sizeof tiny; i++)
            FUZZ_CHECK(tiny[i] == 'x');
        return 0;
    }
    FUZZ_CHECK(g != NULL);
    FUZZ_CHECK(h.version == (h.kind == SAVE_KIND_BARE ? 0 : SAVE_FILE_VERSION));
    FUZZ_CHECK(h.kind == SAVE_KIND_BARE || h.have_seats);
    FUZZ_CHECK(h.budget_ms >= 0 && h.budget_ms <= 600000);
    if (h.have_seats) {
        FUZZ_CHECK(h.nseats == game_players(g));
        for (int i = 0; i < h.nseats; i++)
            FUZZ_CHECK(h.human[i] || ((int)h.level[i] >= 0 && h.level[i] < AI_LEVEL_COUNT));
    } else {
        h.nseats = game_players(g);
        for (int i = 0; i < CEKI_MAX_SEATS; i++) {
            h.human[i] = false;
            h.level[i] = AI_GREEDY;
        }
    }
    fuzz_check_observations(g);

    SaveKind kind = h.kind == SAVE_KIND_BARE ? SAVE_KIND_REPLAY : h.kind;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(save_file_write(f, kind, &h, g) == CEKI_OK);
    FUZZ_CHECK(fclose(f) == 0);
    SaveHeader back;
    Game *r = NULL;
    if (!save_file_parse(out, len, false, &back, &r, err, sizeof err))
        fprintf(stderr, "written file refused: %s\n%s", err, out);
    FUZZ_CHECK(r != NULL);
    FUZZ_CHECK(back.kind == kind && back.have_seats && back.nseats == game_players(g));
    FUZZ_CHECK(back.budget_ms == h.budget_ms);
    for (int i = 0; i < back.nseats; i++) {
        FUZZ_CHECK(back.human[i] == h.human[i]);
        FUZZ_CHECK(back.human[i] || back.level[i] == h.level[i]);
    }
    static FuzzView a, b;
    fuzz_view_take(g, &a);
    fuzz_view_take(r, &b);
    FUZZ_CHECK(fuzz_view_equal(&a, &b));
    game_destroy(r);
    game_destroy(g);
    free(out);
    return 0;
}
