/* session.c — the game being played: the Game, the seats, computer players
 * thinking in a background thread, undo, save/resume and the archive of
 * finished games (session.h).
 *
 * Threads: a thought runs on a ThinkJob that owns a clone of the game and,
 * while it runs, the AiPlayer it uses (taken out of the session's slot).
 * The thread touches nothing else and only sets `done` when it is through.
 * Cancelling a running job moves it to a short list of abandoned jobs that
 * are joined once they are done (or when the session is destroyed), so the
 * UI thread never waits for a search to end. */
#define _POSIX_C_SOURCE 200809L
#include "session.h"

#include <SDL.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "file_load.h"
#include "paths.h"
#include "save_file.h"
#include "settings.h"

#ifdef _WIN32
#include <direct.h>
#include <io.h>
#else
#include <dirent.h>
#include <unistd.h>
#endif

#define SESSION_MAX_ABANDONED 8
#define SESSION_MAX_FILE (16u << 20)

typedef struct ThinkJob {
    SDL_Thread *thread;
    Game *game;   /* the clone; the job's own */
    AiPlayer *ai; /* lent by the session while the job runs */
    int owner;    /* the seat whose AiPlayer it is; -1: the hint's */
    int seat;     /* the seat to move */
    int ply;      /* moves in the history when the thought began */
    unsigned generation;
    bool hint;
    Move move;
    CekiStatus status;
    SDL_atomic_t done;
} ThinkJob;

#define SESSION_MAX_REDO 256 /* undos that can be redone, the latest kept */

struct Session {
    Game *game;
    SessionSeats seats;
    AiPlayer *ai[CEKI_MAX_SEATS];
    AiPlayer *hint_ai;
    AiLevel hint_level;
    unsigned ai_made; /* AiPlayers made so far: varies the seeds of replacements */
    char hint_note[160];

    GameEvent *queue; /* events not yet taken: [qhead, qhead + qn) */
    int qhead, qn, qcap;
    GameEvent *log; /* this round's events */
    int nlog, caplog;
    int cur_round;
    int (*scores)[CEKI_MAX_SEATS]; /* scores[r - 1][seat] */
    int nrounds, caprounds;
    Card kings[CEKI_MAX_SEATS][4];
    int nkings[CEKI_MAX_SEATS];
    bool *decision; /* per history move: a human seat chose among several */
    int ndecision, capdecision;
    /* Redo: the longest history the undos came from, and for each undo
     * still to redo the length to go back to (the last one first). */
    Move *future;
    int nfuture;
    int redo_to[SESSION_MAX_REDO];
    int nredo;
    unsigned generation;

    ThinkJob *job;
    ThinkJob *abandoned[SESSION_MAX_ABANDONED];
    int nabandoned;
    char match_id[SAVE_MATCH_ID_LEN + 1];
};

/* ---- small helpers -------------------------------------------------------- */

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The seed of a computer player: from the game's seed and the seat (the
 * hint's player is seat CEKI_MAX_SEATS); a replacement made after a
 * cancelled thought gets another one. */
static uint64_t ai_seed(const Session *s, int seat, unsigned serial)
{
    uint64_t seed = game_config(s->game)->seed;
    return mix64(seed ^ mix64((uint64_t)(seat + 1) * 0x100000001B3ull + serial));
}

static bool grow(void **array, int *cap, int need, size_t elem)
{
    if (need <= *cap) {
        return true;
    }
    int n = *cap > 0 ? *cap : 64;
    while (n < need) {
        n *= 2;
    }
    void *p = realloc(*array, (size_t)n * elem);
    if (p == NULL) {
        return false;
    }
    *array = p;
    *cap = n;
    return true;
}

/* An AiPlayer of that level, or the next weaker one that can be made. */
static AiPlayer *make_ai(AiLevel want, uint64_t seed, int budget_ms, AiLevel *made)
{
    for (int level = (int)want; level >= 0; level--) {
        AiPlayer *ai = ai_create((AiLevel)level, seed);
        if (ai != NULL) {
            ai_set_budget_ms(ai, budget_ms);
            if (made != NULL) {
                *made = (AiLevel)level;
            }
            return ai;
        }
    }
    return NULL;
}

static AiPlayer *seat_ai(Session *s, int seat)
{
    if (s->ai[seat] == NULL) {
        AiLevel want = s->seats.level[seat];
        if ((int)want < 0 || want >= AI_LEVEL_COUNT) {
            want = AI_GREEDY;
        }
        s->ai[seat] = make_ai(want, ai_seed(s, seat, s->ai_made++), s->seats.ai_budget_ms, NULL);
    }
    return s->ai[seat];
}

/* The hint's thinking time: the strong player, kept short so the hint
 * comes at once. */
#define SESSION_HINT_MS 100

static AiPlayer *hint_ai(Session *s)
{
    if (s->hint_ai == NULL) {
        AiLevel made = AI_STRONG;
        s->hint_ai =
            make_ai(AI_STRONG, ai_seed(s, CEKI_MAX_SEATS, s->ai_made++), SESSION_HINT_MS, &made);
        s->hint_level = made;
        if (s->hint_ai != NULL && made != AI_STRONG) {
            snprintf(s->hint_note, sizeof s->hint_note,
                     _("Hint from the %s player: the strong player is not available."),
                     ai_level_key(made));
        } else {
            s->hint_note[0] = '\0';
        }
    }
    return s->hint_ai;
}

/* ---- events, standings and the decisions of the history ------------------ */

static void absorb(Session *s, const GameEvent *ev, int n, bool queue)
{
    for (int i = 0; i < n; i++) {
        const GameEvent *e = &ev[i];
        if (e->type == EV_ROUND_START) {
            s->nlog = 0;
            s->cur_round = e->value;
        }
        if (grow((void **)&s->log, &s->caplog, s->nlog + 1, sizeof *s->log)) {
            s->log[s->nlog++] = *e;
        }
        if (e->type == EV_ROUND_SCORED && s->cur_round > 0 && e->seat >= 0 &&
            e->seat < CEKI_MAX_SEATS) {
            int r = s->cur_round;
            if (grow((void **)&s->scores, &s->caprounds, r, sizeof *s->scores)) {
                while (s->nrounds < r) {
                    memset(s->scores[s->nrounds], 0, sizeof s->scores[0]);
                    s->nrounds++;
                }
                s->scores[r - 1][e->seat] = e->value;
            }
        }
        if (e->type == EV_KING_WON && e->seat >= 0 && e->seat < CEKI_MAX_SEATS &&
            s->nkings[e->seat] < 4) {
            s->kings[e->seat][s->nkings[e->seat]++] = e->card;
        }
        if (queue) {
            if (s->qhead > 0 && s->qhead + s->qn + 1 > s->qcap) {
                memmove(s->queue, s->queue + s->qhead, (size_t)s->qn * sizeof *s->queue);
                s->qhead = 0;
            }
            if (grow((void **)&s->queue, &s->qcap, s->qhead + s->qn + 1, sizeof *s->queue)) {
                s->queue[s->qhead + s->qn++] = *e;
            }
        }
    }
}

static void absorb_game(Session *s, bool queue)
{
    int n = 0;
    const GameEvent *ev = game_events(s->game, &n);
    absorb(s, ev, n, queue);
}

static void reset_tracking(Session *s)
{
    s->qhead = s->qn = 0;
    s->nlog = 0;
    s->cur_round = 0;
    s->nrounds = 0;
    memset(s->nkings, 0, sizeof s->nkings);
    s->ndecision = 0;
}

/* Whether a move of this seat, in this position, was a decision of a person. */
static bool is_decision(const Session *s, const Game *g, int seat)
{
    if (seat < 0 || seat >= CEKI_MAX_SEATS || !s->seats.human[seat]) {
        return false;
    }
    Move moves[GAME_MAX_MOVES];
    return game_legal_moves(g, moves, GAME_MAX_MOVES) > 1;
}

static bool push_decision(Session *s, bool d)
{
    if (!grow((void **)&s->decision, &s->capdecision, s->ndecision + 1, sizeof *s->decision)) {
        return false;
    }
    s->decision[s->ndecision++] = d;
    return true;
}

/* Replaces the game with a new one of config cfg after moves[0..n):
 * standings, the round's events and the decisions rebuilt, the queue
 * emptied. On failure the session is unchanged. */
static CekiStatus rebuild(Session *s, const GameConfig *cfg, const Move *moves, int n)
{
    CekiStatus st = CEKI_OK;
    Game *g = game_create(cfg, &st);
    if (g == NULL) {
        return st;
    }
    Game *old = s->game;
    s->game = g;
    reset_tracking(s);
    absorb_game(s, false);
    for (int i = 0; i < n; i++) {
        bool d = is_decision(s, g, moves[i].seat);
        st = game_apply(g, &moves[i]);
        if (st != CEKI_OK || !push_decision(s, d)) {
            st = st != CEKI_OK ? st : CEKI_ERR_NOMEM;
            break;
        }
        absorb_game(s, false);
    }
    if (st != CEKI_OK) {
        /* Put the old game back and rebuild its tracking (it replayed once). */
        s->game = old;
        game_destroy(g);
        if (old != NULL) {
            int count = 0;
            const Move *h = game_history(old, &count);
            Move *copy = count > 0 ? malloc((size_t)count * sizeof *copy) : NULL;
            if (copy != NULL) {
                memcpy(copy, h, (size_t)count * sizeof *copy);
                (void)rebuild(s, game_config(old), copy, count);
                free(copy);
            }
        }
        return st;
    }
    game_destroy(old);
    s->generation++;
    return CEKI_OK;
}

/* ---- creating and destroying ---------------------------------------------- */

static Session *session_new(const SessionSeats *seats)
{
    Session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    if (seats != NULL) {
        s->seats = *seats;
    }
    s->hint_level = AI_STRONG;
    save_file_new_id(s->match_id);
    return s;
}

Session *session_create(const GameConfig *cfg, const SessionSeats *seats, CekiStatus *status)
{
    CekiStatus st = CEKI_OK;
    Session *s = cfg != NULL && seats != NULL ? session_new(seats) : NULL;
    if (s == NULL) {
        st = cfg == NULL || seats == NULL ? CEKI_ERR_ARG : CEKI_ERR_NOMEM;
    } else {
        s->game = game_create(cfg, &st);
        if (s->game == NULL) {
            free(s);
            s = NULL;
        } else {
            absorb_game(s, true);
        }
    }
    if (status != NULL) {
        *status = st;
    }
    return s;
}

static void job_free(Session *s, ThinkJob *job)
{
    if (job->thread != NULL) {
        SDL_WaitThread(job->thread, NULL);
    }
    /* The AiPlayer goes back to its slot if that is still free. */
    if (s != NULL && job->owner >= 0 && s->ai[job->owner] == NULL) {
        s->ai[job->owner] = job->ai;
    } else if (s != NULL && job->owner < 0 && s->hint_ai == NULL) {
        s->hint_ai = job->ai;
    } else {
        ai_destroy(job->ai);
    }
    game_destroy(job->game);
    free(job);
}

/* Joins abandoned jobs that are done (all of them with `block`). */
static void reap(Session *s, bool block)
{
    int kept = 0;
    for (int i = 0; i < s->nabandoned; i++) {
        ThinkJob *job = s->abandoned[i];
        if (block || SDL_AtomicGet(&job->done)) {
            job_free(s, job);
        } else {
            s->abandoned[kept++] = job;
        }
    }
    s->nabandoned = kept;
}

void session_destroy(Session *s)
{
    if (s == NULL) {
        return;
    }
    if (s->job != NULL) {
        job_free(s, s->job);
        s->job = NULL;
    }
    reap(s, true);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        ai_destroy(s->ai[i]);
    }
    ai_destroy(s->hint_ai);
    game_destroy(s->game);
    free(s->queue);
    free(s->log);
    free(s->scores);
    free(s->decision);
    free(s->future);
    free(s);
}

/* ---- the game --------------------------------------------------------------- */

const Game *session_game(const Session *s)
{
    return s != NULL ? s->game : NULL;
}

const SessionSeats *session_seats(const Session *s)
{
    return s != NULL ? &s->seats : NULL;
}

int session_human_count(const Session *s)
{
    int n = 0;
    for (int i = 0; s != NULL && i < game_players(s->game); i++) {
        n += s->seats.human[i];
    }
    return n;
}

bool session_computer_to_move(const Session *s)
{
    int seat = s != NULL ? game_to_move(s->game) : -1;
    return seat >= 0 && !s->seats.human[seat];
}

CekiStatus session_apply(Session *s, const Move *m, const char **why)
{
    if (s == NULL || m == NULL) {
        if (why != NULL) {
            *why = "no move";
        }
        return CEKI_ERR_ARG;
    }
    if (!game_is_legal(s->game, m)) {
        if (why != NULL) {
            *why = game_explain_illegal(s->game, m);
        }
        return CEKI_ERR_ILLEGAL;
    }
    bool d = is_decision(s, s->game, m->seat);
    if (!push_decision(s, d)) {
        return CEKI_ERR_NOMEM;
    }
    CekiStatus st = game_apply(s->game, m);
    if (st == CEKI_OK) {
        s->nredo = 0; /* a move of its own: what was undone is gone */
    }
    if (st != CEKI_OK) {
        s->ndecision--;
        if (why != NULL) {
            *why = ceki_status_text(st);
        }
        return st;
    }
    /* Whatever was being thought about was for the position before. */
    session_think_cancel(s);
    absorb_game(s, true);
    return CEKI_OK;
}

int session_take_events(Session *s, GameEvent *out, int cap)
{
    if (s == NULL || out == NULL || cap <= 0) {
        return 0;
    }
    int n = s->qn < cap ? s->qn : cap;
    if (n == 0) {
        return 0; /* the queue may not even be allocated yet */
    }
    memcpy(out, s->queue + s->qhead, (size_t)n * sizeof *out);
    s->qhead += n;
    s->qn -= n;
    if (s->qn == 0) {
        s->qhead = 0;
    }
    return n;
}

int session_pending_events(const Session *s)
{
    return s != NULL ? s->qn : 0;
}

unsigned session_generation(const Session *s)
{
    return s != NULL ? s->generation : 0;
}

const GameEvent *session_round_events(const Session *s, int *count)
{
    if (count != NULL) {
        *count = s != NULL ? s->nlog : 0;
    }
    return s != NULL ? s->log : NULL;
}

int session_rounds_scored(const Session *s)
{
    return s != NULL ? s->nrounds : 0;
}

int session_round_score(const Session *s, int round, int seat)
{
    if (s == NULL || round < 1 || round > s->nrounds || seat < 0 || seat >= CEKI_MAX_SEATS) {
        return 0;
    }
    return s->scores[round - 1][seat];
}

int session_kings_won(const Session *s, int seat, Card out[4])
{
    if (s == NULL || seat < 0 || seat >= CEKI_MAX_SEATS) {
        return 0;
    }
    for (int i = 0; out != NULL && i < s->nkings[seat]; i++) {
        out[i] = s->kings[seat][i];
    }
    return s->nkings[seat];
}

void session_seat_name(const Session *s, int seat, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    if (s == NULL || seat < 0 || seat >= game_players(s->game)) {
        snprintf(buf, size, _("Seat %d"), seat + 1);
        return;
    }
    int humans = session_human_count(s);
    if (variant_is_watch_only(game_variant(s->game))) {
        snprintf(buf, size, _("Seat %d"), seat + 1);
    } else if (s->seats.human[seat]) {
        if (humans == 1) {
            snprintf(buf, size, _("You"));
        } else {
            snprintf(buf, size, _("Player %d"), seat + 1);
        }
    } else {
        snprintf(buf, size, _("Computer %d"), seat + 1);
    }
}

/* ---- thinking --------------------------------------------------------------- */

static int think_main(void *data)
{
    ThinkJob *job = data;
    job->status = ai_choose(job->ai, job->game, job->seat, &job->move);
    SDL_AtomicSet(&job->done, 1);
    return 0;
}

CekiStatus session_think_start(Session *s, bool hint)
{
    if (s == NULL) {
        return CEKI_ERR_ARG;
    }
    reap(s, false);
    int seat = game_to_move(s->game);
    if (s->job != NULL || seat < 0 || (!hint && s->seats.human[seat])) {
        return CEKI_ERR_STATE;
    }
    AiPlayer *ai = hint ? hint_ai(s) : seat_ai(s, seat);
    if (ai == NULL) {
        return CEKI_ERR_NOMEM;
    }
    /* What the player remembers of the round is the public history the
     * game itself keeps (game.h): nothing to rebuild here. */
    ThinkJob *job = calloc(1, sizeof *job);
    Game *clone = job != NULL ? game_clone(s->game, false) : NULL;
    if (clone == NULL) {
        free(job);
        return CEKI_ERR_NOMEM;
    }
    int ply = 0;
    game_history(s->game, &ply);
    *job = (ThinkJob){.game = clone,
                      .ai = ai,
                      .owner = hint ? -1 : seat,
                      .seat = seat,
                      .ply = ply,
                      .generation = s->generation,
                      .hint = hint};
    /* The job has the AiPlayer now. */
    if (hint) {
        s->hint_ai = NULL;
    } else {
        s->ai[seat] = NULL;
    }
    job->thread = SDL_CreateThread(think_main, "ceki-think", job);
    if (job->thread == NULL) {
        think_main(job); /* no thread to be had: think here, once */
    }
    s->job = job;
    return CEKI_OK;
}

bool session_think_poll(Session *s, Move *out, bool *was_hint)
{
    if (s == NULL) {
        return false;
    }
    reap(s, false);
    ThinkJob *job = s->job;
    if (job == NULL || !SDL_AtomicGet(&job->done)) {
        return false;
    }
    s->job = NULL;
    int ply = 0;
    game_history(s->game, &ply);
    bool fresh = job->status == CEKI_OK && job->ply == ply && job->generation == s->generation &&
                 game_is_legal(s->game, &job->move);
    Move move = job->move;
    bool hint = job->hint;
    job_free(s, job);
    if (!fresh) {
        return false;
    }
    if (out != NULL) {
        *out = move;
    }
    if (was_hint != NULL) {
        *was_hint = hint;
    }
    return true;
}

bool session_thinking(const Session *s)
{
    return s != NULL && s->job != NULL;
}

void session_think_cancel(Session *s)
{
    if (s == NULL || s->job == NULL) {
        return;
    }
    ThinkJob *job = s->job;
    s->job = NULL;
    if (SDL_AtomicGet(&job->done)) {
        job_free(s, job);
        return;
    }
    if (s->nabandoned == SESSION_MAX_ABANDONED) {
        /* Too many searches still running: wait for the oldest. */
        job_free(s, s->abandoned[0]);
        memmove(s->abandoned, s->abandoned + 1,
                (size_t)(SESSION_MAX_ABANDONED - 1) * sizeof s->abandoned[0]);
        s->nabandoned--;
    }
    s->abandoned[s->nabandoned++] = job;
}

AiLevel session_hint_level(const Session *s)
{
    return s != NULL ? s->hint_level : AI_LEVEL_COUNT;
}

const char *session_hint_note(const Session *s)
{
    return s != NULL ? s->hint_note : "";
}

/* ---- undo ------------------------------------------------------------------- */

/* The index in the history of the move undo would take back, or -1. */
static int undo_point(const Session *s)
{
    int players = game_players(s->game);
    int humans = session_human_count(s);
    if (humans != 1 || humans == players || game_match_over(s->game)) {
        return -1;
    }
    for (int i = s->ndecision - 1; i >= 0; i--) {
        if (s->decision[i]) {
            return i;
        }
    }
    return -1;
}

bool session_can_undo(const Session *s)
{
    return s != NULL && undo_point(s) >= 0;
}

CekiStatus session_undo(Session *s)
{
    if (s == NULL) {
        return CEKI_ERR_ARG;
    }
    int at = undo_point(s);
    if (at < 0) {
        return CEKI_ERR_STATE;
    }
    session_think_cancel(s);
    int count = 0;
    const Move *h = game_history(s->game, &count);
    if (at > count) {
        return CEKI_ERR_STATE;
    }
    Move *moves = at > 0 ? malloc((size_t)at * sizeof *moves) : NULL;
    if (at > 0 && moves == NULL) {
        return CEKI_ERR_NOMEM;
    }
    if (at > 0) {
        memcpy(moves, h, (size_t)at * sizeof *moves);
    }
    /* Keep the history undone, for redo: the whole of it the first time,
     * and after that as long as it still begins with what is played. */
    bool prefix =
        s->nredo > 0 && s->nfuture >= count && memcmp(s->future, h, (size_t)count * sizeof *h) == 0;
    if (!prefix) {
        Move *keep = count > 0 ? malloc((size_t)count * sizeof *keep) : NULL;
        if (count > 0 && keep == NULL) {
            free(moves);
            return CEKI_ERR_NOMEM;
        }
        if (count > 0) {
            memcpy(keep, h, (size_t)count * sizeof *keep);
        }
        free(s->future);
        s->future = keep;
        s->nfuture = count;
        s->nredo = 0;
    }
    int back_to = count;
    GameConfig cfg = *game_config(s->game);
    CekiStatus st = rebuild(s, &cfg, moves, at);
    free(moves);
    if (st == CEKI_OK) {
        if (s->nredo == SESSION_MAX_REDO) {
            memmove(s->redo_to, s->redo_to + 1, sizeof s->redo_to[0] * (SESSION_MAX_REDO - 1));
            s->nredo--;
        }
        s->redo_to[s->nredo++] = back_to;
    }
    return st;
}

bool session_can_redo(const Session *s)
{
    return s != NULL && s->nredo > 0 && s->future != NULL;
}

CekiStatus session_redo(Session *s)
{
    if (!session_can_redo(s)) {
        return CEKI_ERR_STATE;
    }
    session_think_cancel(s);
    int to = s->redo_to[s->nredo - 1];
    if (to > s->nfuture) {
        s->nredo = 0;
        return CEKI_ERR_STATE;
    }
    GameConfig cfg = *game_config(s->game);
    CekiStatus st = rebuild(s, &cfg, s->future, to);
    if (st == CEKI_OK) {
        s->nredo--;
    }
    return st;
}

/* ---- files ------------------------------------------------------------------ */

/* Writes the whole file: header comments, then the record (save_file.h). */
static CekiStatus write_file(const Session *s, FILE *f, SaveKind kind)
{
    SaveHeader h = {
        .have_seats = true, .nseats = game_players(s->game), .budget_ms = s->seats.ai_budget_ms};
    memcpy(h.match, s->match_id, sizeof h.match);
    memcpy(h.human, s->seats.human, sizeof h.human);
    memcpy(h.level, s->seats.level, sizeof h.level);
    return save_file_write(f, kind, &h, s->game);
}

char *session_text(const Session *s, SaveKind kind, size_t *len)
{
    if (s == NULL || len == NULL || kind == SAVE_KIND_BARE) {
        return NULL;
    }
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (f == NULL) {
        return NULL;
    }
    bool ok = write_file(s, f, kind) == CEKI_OK;
    if (fclose(f) != 0 || !ok) {
        free(text);
        return NULL;
    }
    *len = n;
    return text;
}

Session *session_from_text(const char *text, size_t len, bool save_only, char *err, size_t err_size)
{
    SaveHeader h;
    Game *g = NULL;
    Session *s = NULL;
    if (text == NULL || !save_file_parse(text, len, save_only, &h, &g, err, err_size)) {
        return NULL;
    }
    SessionSeats seats = {.ai_budget_ms = h.budget_ms};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = h.have_seats && i < h.nseats && h.human[i];
        seats.level[i] = h.have_seats && i < h.nseats ? h.level[i] : AI_GREEDY;
    }
    s = session_new(&seats);
    int count = 0;
    const Move *moves = game_history(g, &count);
    if (s != NULL && rebuild(s, game_config(g), moves, count) != CEKI_OK) {
        say_into(err, err_size, _("its game could not be rebuilt"));
        session_destroy(s);
        s = NULL;
    }
    if (s != NULL) {
        s->generation = 0;
        /* Files written before matches had ids get one from their text, the
         * same every time they are read. */
        if (h.match[0] != '\0') {
            memcpy(s->match_id, h.match, sizeof s->match_id);
        } else {
            save_file_derive_id(text, len, s->match_id);
        }
    }
    game_destroy(g);
    return s;
}

const char *session_match_id(const Session *s)
{
    return s != NULL ? s->match_id : "";
}

Session *session_load_record(const char *path, char *err, size_t err_size)
{
    if (path == NULL) {
        say_into(err, err_size, _("no file"));
        return NULL;
    }
    size_t len = 0;
    char *text = file_load(path, SESSION_MAX_FILE, &len, err, err_size);
    Session *s = text != NULL ? session_from_text(text, len, false, err, err_size) : NULL;
    free(text);
    return s;
}

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f != NULL) {
        fclose(f);
        return true;
    }
    return false;
}

/* ---- where the files are, and the archive -------------------------------- */

void session_resume_caption(const Game *g, char *buf, size_t size)
{
    snprintf(buf, size,
             game_variant(g)->engine == ENGINE_KOWAH ? _("%s, hand %d") : _("%s, round %d"),
             _(game_variant(g)->name), game_round_number(g));
}

static bool make_dir(const char *dir)
{
#ifdef _WIN32
    int rc = _mkdir(dir);
#else
    int rc = mkdir(dir, 0755);
#endif
    return rc == 0 || errno == EEXIST;
}

/* Whether a file in dir already holds exactly this text (same game). */
static bool already_archived(const char *dir, const char *suffix, const char *text, size_t len,
                             char *found, size_t found_size)
{
    bool same = false;
#ifndef _WIN32
    DIR *d = opendir(dir);
    if (d == NULL) {
        return false;
    }
    size_t slen = strlen(suffix);
    struct dirent *e = NULL;
    while (!same && (e = readdir(d)) != NULL) {
        size_t nlen = strlen(e->d_name);
        if (nlen < slen || strcmp(e->d_name + nlen - slen, suffix) != 0) {
            continue;
        }
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        /* Only a record of the same length can be the same: the others are
         * not read (a folder of thousands of records costs their sizes). */
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size != len) {
            continue;
        }
        size_t n = 0;
        char *other = file_load(path, len, &n, NULL, 0);
        if (other != NULL && n == len && memcmp(other, text, len) == 0) {
            same = true;
            snprintf(found, found_size, "%s", path);
        }
        free(other);
    }
    closedir(d);
#else
    (void)dir, (void)suffix, (void)text, (void)len, (void)found, (void)found_size;
#endif
    return same;
}

bool session_archive_to(const Session *s, const char *dir, char *path_out, size_t path_size,
                        char *err, size_t err_size)
{
    char found[1400] = "";
    if (s == NULL || dir == NULL) {
        say_into(err, err_size, _("nothing to archive"));
        return false;
    }
    if (!make_dir(dir)) {
        say_into(err, err_size, _("cannot make %s: %s"), dir, strerror(errno));
        return false;
    }
    size_t len = 0;
    char *text = session_text(s, SAVE_KIND_REPLAY, &len);
    if (text == NULL) {
        say_into(err, err_size, _("cannot write the game record"));
        return false;
    }
    const VariantDesc *v = game_variant(s->game);
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s.txt", v->key);
    bool ok = true;
    if (already_archived(dir, suffix, text, len, found, sizeof found)) {
        if (path_out != NULL && path_size > 0) {
            snprintf(path_out, path_size, "%s", found);
        }
    } else {
        time_t now = time(NULL);
        struct tm tm;
        char stamp[32] = "game";
#ifdef _WIN32
        if (localtime_s(&tm, &now) == 0) {
#else
        if (localtime_r(&now, &tm) != NULL) {
#endif
            strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
        }
        char path[1400];
        snprintf(path, sizeof path, "%s/%s%s", dir, stamp, suffix);
        for (int n = 2; file_exists(path) && n < 100; n++) {
            snprintf(path, sizeof path, "%s/%s-%d%s", dir, stamp, n, suffix);
        }
        ok = settings_write_atomic(path, text, len, err, err_size);
        if (ok && path_out != NULL && path_size > 0) {
            snprintf(path_out, path_size, "%s", path);
        }
    }
    free(text);
    return ok;
}
