/* transcript_replay.c — a transcript from a record (contract in
 * transcript_replay.h). */
#define _POSIX_C_SOURCE 200809L
#include "transcript_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "transcript.h"

/* Feeds the transcript what `seat` sees of g's last apply. */
static bool read_apply(Transcript *t, const Game *g, int seat, Observation *o)
{
    int n = 0;
    const GameEvent *e = game_events(g, &n);
    GameEvent *seen = malloc(((size_t)n + 1) * sizeof *seen);
    bool ok = seen && game_observe(g, seat < 0 ? 0 : seat, o) == CEKI_OK;
    if (ok) {
        game_events_for_seat(g, e, n, seat, seen);
        transcript_events(t, seen, n, o);
        if (game_round_over(g))
            transcript_round_over(t, o);
    }
    free(seen);
    return ok;
}

static bool replay(const Game *done, int seat, FILE *out, Observation *o)
{
    int nmoves = 0;
    const Move *moves = game_history(done, &nmoves);
    Game *g = game_create(game_config(done), NULL);
    Transcript *t = malloc(sizeof *t);
    bool ok = g && t;
    if (ok) {
        game_set_history_enabled(g, false);
        transcript_init(t, game_config(done), out);
        transcript_header(out, game_config(done));
        ok = read_apply(t, g, seat, o);
    }
    for (int i = 0; ok && i < nmoves; i++)
        ok = game_apply(g, &moves[i]) == CEKI_OK && read_apply(t, g, seat, o);
    free(t);
    game_destroy(g);
    return ok;
}

char *transcript_from_record(const char *text, size_t len, int seat, char *err, size_t err_size)
{
    Game *done = NULL;
    if (record_read_text(text, len, &done, err, err_size) != CEKI_OK)
        return NULL;
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    Observation *o = malloc(sizeof *o);
    bool ok = out && o && replay(done, seat, out, o);
    if (out)
        fclose(out);
    free(o);
    game_destroy(done);
    if (!ok) {
        snprintf(err, err_size, "the record could not be replayed");
        free(buf);
        return NULL;
    }
    return buf;
}
