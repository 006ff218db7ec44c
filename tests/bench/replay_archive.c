/* replay_archive.c — what ending a match costs with many kept replays
 * (a benchmark, not a test: build/replay_archive prints times).
 *
 * In a fresh store file: the mean time to keep a finished match (journal
 * archive: the replay row and the pruning, one fsync'd transaction) and to
 * read the Replays screen's list, first with no replays kept, then with
 * 20,000 (the cap set to none, so nothing is pruned away); then the
 * one-time move of an earlier version's replays folder of 20,000 files
 * into a new store. Usage: replay_archive [DIR] (default /tmp). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "journal.h"
#include "store.h"

#define KEEP 20000
#define TRIES 40

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A finished match of Thothit. */
static Session *finished(uint64_t seed)
{
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, seed);
    SessionSeats seats = {.human = {true}};
    Session *s = session_create(&cfg, &seats, NULL);
    Move moves[GAME_MAX_MOVES];
    while (s != NULL && !game_match_over(session_game(s))) {
        int n = game_legal_moves(session_game(s), moves, GAME_MAX_MOVES);
        session_apply(s, &moves[seed++ % (uint64_t)n], NULL);
    }
    return s;
}

/* Mean ms to archive TRIES finished matches, and to read the list. */
static void measure(Store *st, Session **games, const char *label)
{
    char err[200];
    double t0 = now_ms();
    for (int i = 0; i < TRIES; i++) {
        if (!journal_write(st, games[i], 0, err, sizeof err)) {
            fprintf(stderr, "archive: %s\n", err);
            exit(1);
        }
    }
    double archive = (now_ms() - t0) / TRIES;
    StoreReplay *rows = malloc(STORE_REPLAYS_DEFAULT * sizeof *rows);
    t0 = now_ms();
    int n = store_replays(st, rows, STORE_REPLAYS_DEFAULT, 0);
    double list = now_ms() - t0;
    free(rows);
    printf("%-28s keep a finished match %.2f ms, read the list (%d rows) %.2f ms\n", label, archive,
           n, list);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp";
    char base[600], db[700], notice[400], err[200];
    snprintf(base, sizeof base, "%s/ceki-bench-%ld", dir, (long)time(NULL));
    mkdir(base, 0755);
    Session *games[2 * TRIES];
    for (int i = 0; i < 2 * TRIES; i++) {
        games[i] = finished(1000 + (uint64_t)i);
    }
    size_t len = 0;
    char *text = session_text(games[0], SAVE_KIND_REPLAY, &len);
    snprintf(db, sizeof db, "%s/%s", base, STORE_FILE);
    Store *st = store_open(db, notice, sizeof notice);
    measure(st, games, "no replays kept:");
    /* 20,000 more, in one transaction. */
    store_begin(st, err, sizeof err);
    for (int i = 0; i < KEEP; i++) {
        char id[40];
        snprintf(id, sizeof id, "%032x", i + 1);
        store_replay_put(st, id, "thothit", 3, 140, false, 1000 + i, text, len, 0, err, sizeof err);
    }
    store_commit(st, err, sizeof err);
    measure(st, games + TRIES, "20,000 replays kept:");
    store_close(st);

    /* An earlier version's folder of 20,000 records moved in once. */
    char folder[700], path[800], db2[700];
    snprintf(folder, sizeof folder, "%s/replays", base);
    mkdir(folder, 0755);
    /* Written as earlier versions did: no match line, so each file's id
     * comes from its text, each its own (a comment line tells them apart). */
    char *line = strstr(text, "# match ");
    char *after = line != NULL ? strchr(line, '\n') : NULL;
    size_t head = line != NULL ? (size_t)(line - text) : len;
    for (int i = 0; i < KEEP; i++) {
        snprintf(path, sizeof path, "%s/2026-01-01-%06d-thothit.txt", folder, i);
        FILE *f = fopen(path, "wb");
        fwrite(text, 1, head, f);
        fprintf(f, "# copy %d\n", i);
        if (after != NULL) {
            fputs(after + 1, f);
        }
        fclose(f);
    }
    snprintf(db2, sizeof db2, "%s/moved.db", base);
    st = store_open(db2, notice, sizeof notice);
    StoreMigration from = {NULL, NULL, folder};
    double t0 = now_ms();
    store_migrate(st, &from, notice, sizeof notice);
    printf("moving a folder of 20,000 records in (once): %.0f ms, %d kept\n", now_ms() - t0,
           store_replay_count(st));
    store_close(st);
    free(text);
    for (int i = 0; i < 2 * TRIES; i++) {
        session_destroy(games[i]);
    }
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    return system(cmd) == 0 ? 0 : 1;
}
