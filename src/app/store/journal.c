/* journal.c — the game in progress and finished games in the store
 * (journal.h). No SDL. */
#include "journal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "settings.h"

#define JOURNAL_LOOK 32 /* games in progress looked at for one to offer */

bool journal_archive(Store *st, const Session *s, int replay_cap, char *err, size_t err_size)
{
    size_t len = 0;
    char *text = session_text(s, SAVE_KIND_REPLAY, &len);
    if (text == NULL) {
        say_into(err, err_size, _("cannot write the game record"));
        return false;
    }
    const Game *g = session_game(s);
    int moves = 0;
    game_history(g, &moves);
    bool ok = store_replay_put(st, session_match_id(s), game_variant(g)->key, game_players(g),
                               moves, false, 0, text, len, replay_cap, err, err_size);
    free(text);
    return ok;
}

bool journal_write(Store *st, const Session *s, int replay_cap, char *err, size_t err_size)
{
    if (st == NULL || s == NULL) {
        say_into(err, err_size, _("nothing to save"));
        return false;
    }
    if (!store_game_hold(st, session_match_id(s))) {
        say_into(err, err_size, _("it is open in another window"));
        return false; /* that copy's game stays as that copy keeps it */
    }
    const Game *g = session_game(s);
    int people = 0, computers = 0;
    if (session_net_table(s) != NULL && session_opponents(s, &people, &computers) &&
        !store_opponents_put(st, session_match_id(s), people, computers, err, err_size)) {
        return false;
    }
    if (session_net_table(s) != NULL && (!game_match_over(g) || !session_has_record(s))) {
        /* A network table: its ticket brings it back (store_ticket), and
         * its replay is the record the host sends once the match is over. */
        return true;
    }
    if (game_match_over(g) && session_seats(s)->reseed_each_move) {
        /* A guided game is a lesson: kept while it runs (a crash resumes it),
         * never among the replays. */
        bool dropped = store_game_drop(st, session_match_id(s), err, err_size);
        if (dropped) {
            store_game_let_go(st, session_match_id(s));
        }
        return dropped;
    }
    if (game_match_over(g)) {
        /* Kept first, then the row dropped: a kill between the two leaves
         * both, and the next write (or the title) finds the match over. */
        bool kept = journal_archive(st, s, replay_cap, err, err_size) &&
                    store_game_drop(st, session_match_id(s), err, err_size);
        if (kept) {
            store_game_let_go(st, session_match_id(s));
        }
        return kept;
    }
    int n = session_moves(s);
    if (n == 0) {
        /* Nothing to resume (yet, or again after undoing every move). */
        return store_game_drop(st, session_match_id(s), err, err_size);
    }
    size_t len = 0;
    char *text = session_text(s, SAVE_KIND_SAVE, &len);
    if (text == NULL) {
        say_into(err, err_size, _("could not prepare the saved game"));
        return false;
    }
    bool lesson = session_seats(s)->reseed_each_move;
    bool ok = (lesson ? store_lesson_put
                      : store_game_put)(st, session_match_id(s), game_variant(g)->key,
                                        game_round_number(g), text, len, err, err_size);
    free(text);
    return ok;
}

/* The newest game (or lesson) in progress, of a variant or of any, that
 * is, or is not, open in another copy. */
static bool newest_where(Store *st, const char *variant, bool lesson, bool elsewhere,
                         StoreGame *out)
{
    StoreGame games[JOURNAL_LOOK];
    int n = (lesson ? store_lessons : store_games)(st, variant, games, JOURNAL_LOOK);
    for (int i = 0; i < n; i++) {
        if (games[i].open_elsewhere == elsewhere) {
            *out = games[i];
            return true;
        }
    }
    return false;
}

bool journal_newest(Store *st, const char *variant, StoreGame *out)
{
    return newest_where(st, variant, false, false, out);
}

bool journal_newest_elsewhere(Store *st, const char *variant, StoreGame *out)
{
    return newest_where(st, variant, false, true, out);
}

bool journal_lesson(Store *st, const char *variant, StoreGame *out)
{
    return newest_where(st, variant, true, false, out);
}

void journal_leave(Store *st, const Session *s)
{
    if (s != NULL) {
        store_game_let_go(st, session_match_id(s));
    }
}

Session *journal_resume(Store *st, const char *match, char *err, size_t err_size)
{
    if (!store_game_hold(st, match)) {
        say_into(err, err_size, _("it is open in another window"));
        return NULL; /* left as it is: that copy plays it */
    }
    size_t len = 0;
    char *text = store_game_text(st, match, &len);
    if (text == NULL) {
        store_game_let_go(st, match);
        say_into(err, err_size, _("it is no longer there"));
        return NULL;
    }
    Session *s = session_from_text(text, len, true, err, err_size);
    if (s != NULL && game_match_over(session_game(s))) {
        /* Finished, but killed before its row went: keep it and drop it. */
        char why[200];
        journal_write(st, s, 0, why, sizeof why);
        session_destroy(s);
        say_into(err, err_size, _("that match is already over"));
        s = NULL;
    } else if (s == NULL) {
        char why[200];
        store_game_set_aside(st, match, why, sizeof why);
    }
    if (s == NULL) {
        store_game_let_go(st, match);
    }
    free(text);
    return s;
}

Session *journal_replay(Store *st, int64_t id, char *err, size_t err_size)
{
    size_t len = 0;
    char *text = store_replay_text(st, id, &len);
    if (text == NULL) {
        say_into(err, err_size, _("it is no longer there"));
        return NULL;
    }
    Session *s = session_from_text(text, len, false, err, err_size);
    free(text);
    return s;
}

void journal_caption(const StoreGame *g, char *buf, size_t size)
{
    const VariantDesc *v = variant_find(g->variant);
    if (v == NULL) {
        snprintf(buf, size, "%s", g->variant);
        return;
    }
    snprintf(buf, size, v->engine == ENGINE_KOWAH ? _("%s, hand %d") : _("%s, round %d"),
             _(v->name), g->round);
}

int journal_import(Store *st, const char *text, size_t len, int64_t finished, int replay_cap,
                   char *what, size_t what_size, char *err, size_t err_size)
{
    Session *s = session_from_text(text, len, false, err, err_size);
    if (s == NULL) {
        return -1;
    }
    const Game *g = session_game(s);
    int moves = 0;
    game_history(g, &moves);
    say_into(what, what_size, _("%s, %d players, %d moves"), _(game_variant(g)->name),
             game_players(g), moves);
    /* Kept as this version writes it, with its seats and match id. */
    size_t n = 0;
    char *kept = session_text(s, SAVE_KIND_REPLAY, &n);
    bool had = store_replay_exists(st, session_match_id(s));
    bool ok = kept != NULL &&
              store_replay_put(st, session_match_id(s), game_variant(g)->key, game_players(g),
                               moves, false, finished, kept, n, replay_cap, err, err_size);
    free(kept);
    session_destroy(s);
    if (!ok) {
        return -1;
    }
    return had ? 0 : 1;
}

bool journal_export(Store *st, int64_t id, const char *dir, char *path_out, size_t path_size,
                    char *err, size_t err_size)
{
    size_t len = 0;
    char *text = store_replay_text(st, id, &len);
    if (text == NULL) {
        say_into(err, err_size, _("it is no longer there"));
        return false;
    }
    char why[200];
    Session *s = session_from_text(text, len, false, why, sizeof why);
    bool ok;
    if (s != NULL) {
        ok = session_archive_to(s, dir, path_out, path_size, err, err_size);
    } else {
        /* A damaged record goes out as it is, for whoever wants to look. */
        char path[1400];
        snprintf(path, sizeof path, "%s/damaged-%lld.txt", dir, (long long)id);
        ok = settings_write_atomic(path, text, len, err, err_size);
        if (ok && path_out != NULL && path_size > 0) {
            snprintf(path_out, path_size, "%s", path);
        }
    }
    session_destroy(s);
    free(text);
    return ok;
}
