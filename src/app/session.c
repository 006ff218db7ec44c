/* session.c — the game being played: the seats, the seat feeds of the
 * table on this computer (every move through its in-process host),
 * computer players thinking in a background thread, undo, save/resume and
 * the archive of finished games (session.h).
 *
 * What the table reads is never the host's Game: session_game is a Game
 * rebuilt (game_from_view) from the viewing seat's view as the host sent
 * it, and the events queued for the table are the ones that seat was sent.
 * The session holds one feed per seat, so each seat's events are kept and
 * the table takes those of the seat it shows. Once the match is over the
 * host's record is public: session_game is then the record's game. A
 * session read from a file only to be viewed (not a save to play on) holds
 * that file's game and no table.
 *
 * Threads: a thought runs on a ThinkJob that owns a copy of the seat's view
 * (the game is rebuilt from it in the thread) and, while it runs, the
 * AiPlayer it uses (taken out of the session's slot). The thread touches
 * nothing else and only sets `done` when it is through. Cancelling a
 * running job moves it to a short list of abandoned jobs that are joined
 * once they are done (or when the session is destroyed), so the UI thread
 * never waits for a search to end. */
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

#include "feed_local.h"
#include "file_load.h"
#include "net_table.h"
#include "paths.h"
#include "record.h"
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
#define SESSION_EVENTS_CHUNK 256    /* events taken from a feed at a time */
#define SESSION_NET_ANSWER_MS 5000u /* the longest wait for the host's answer to a move */
#define SESSION_NET_PAUSE_MS 1u     /* between polls while waiting for it */

typedef struct ThinkJob {
    SDL_Thread *thread;
    GameConfig cfg;
    Observation *view; /* the seat's view; the job's own */
    AiPlayer *ai;      /* lent by the session while the job runs */
    int owner;         /* the seat whose AiPlayer it is; -1: the hint's */
    int seat;          /* the seat to move */
    uint32_t move_no;  /* the move number when the thought began */
    uint64_t seed;     /* to reseed a computer seat's player with (0: none, the hint's) */
    unsigned generation;
    bool hint;
    Move move;
    CekiStatus status;
    SDL_atomic_t done;
} ThinkJob;

#define SESSION_MAX_REDO 256 /* undos that can be redone, the latest kept */

/* Events kept once per seat, as each seat was sent them: row i of every
 * seat is the same event. */
typedef struct SeatEvents {
    GameEvent *ev[CEKI_MAX_SEATS];
    int head, n, cap;
} SeatEvents;

struct Session {
    GameConfig cfg; /* the match's rules and seed (this computer deals it) */
    SessionSeats seats;
    int players;
    LocalTable *table; /* the in-process host; NULL for a session only viewed */
    NetTable *net;     /* a network table instead (owned), the person's seat net_seat */
    int net_seat;
    uint32_t net_moves; /* the feed's move number the session has taken in */
    long net_updates;   /* the feed's updates then */
    bool net_waiting;   /* another seat's move is awaited (the table's "thought") */
    int viewer;         /* whose view session_game is */
    Game *view_game;    /* game_from_view of the viewer's view */
    Game *record_game;  /* the match's record once over, or the viewed file's game */
    Observation *scratch;
    char why[NET_REASON_MAX + 1];

    AiPlayer *ai[CEKI_MAX_SEATS];
    AiPlayer *hint_ai;
    AiLevel hint_level;
    unsigned ai_made;            /* AiPlayers made so far: varies the seeds of replacements */
    bool ai_had[CEKI_MAX_SEATS]; /* the seat's first player was made */
    /* A person's seat a computer plays for a while (session_set_stand_in):
     * here at stand_level, or at a network table the host's stand-in. */
    bool stand_in[CEKI_MAX_SEATS];
    AiLevel stand_level[CEKI_MAX_SEATS];
    /* A network table's host moved for the person's seat (session_poll:
     * their clock ran out) and they have not acted since. */
    bool host_moved_own;
    /* The person's move sent that got no answer in time (net_send_move),
     * for the feed's move number unanswered_no: when the host applied it
     * after all, it is theirs (session_poll), not one made for them. */
    bool unanswered;
    Move unanswered_move;
    uint32_t unanswered_no;
    uint32_t answer_ms; /* the longest wait for the host's answer (0: SESSION_NET_ANSWER_MS) */
    char hint_note[160];

    SeatEvents queue; /* events not yet taken */
    SeatEvents log;   /* this round's events */
    int cur_round;
    int (*scores)[CEKI_MAX_SEATS]; /* scores[r - 1][seat] */
    int nrounds, caprounds;
    Card kings[CEKI_MAX_SEATS][4];
    int nkings[CEKI_MAX_SEATS];
    Move *played; /* every move the host applied, in order */
    int nplayed, capplayed;
    bool *decision; /* per move played: a human seat chose among several */
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

static SeatFeed *seat_feed_of(const Session *s, int seat)
{
    if (s->net != NULL) { /* only the person's seat is known here */
        return seat == s->net_seat ? net_table_feed(s->net) : NULL;
    }
    return local_table_feed(s->table, seat);
}

/* The viewer's view (NULL for a session only viewed). */
static const Observation *viewer_view(const Session *s)
{
    return seat_feed_view(seat_feed_of(s, s->viewer));
}

/* The seed of a computer player: the host's seat seed (game_seat_ai_seed,
 * as ceki-cli match gives it); a replacement made after a cancelled
 * thought, and the hint's player, get others made from it. */
static uint64_t ai_seed(const Session *s, int seat, unsigned serial)
{
    uint64_t seed = seat_feed_ai_seed(seat_feed_of(s, seat < s->players ? seat : s->viewer));
    if (seat < s->players && serial == 0) {
        return seed;
    }
    return mix64(seed ^ mix64((uint64_t)(seat + 1) * 0x100000001B3ull + serial));
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
        AiLevel want = s->stand_in[seat] ? s->stand_level[seat] : s->seats.level[seat];
        if ((int)want < 0 || want >= AI_LEVEL_COUNT) {
            want = AI_GREEDY;
        }
        unsigned serial = s->ai_had[seat] ? ++s->ai_made : 0;
        s->ai_had[seat] = true;
        s->ai[seat] = make_ai(want, ai_seed(s, seat, serial), s->seats.ai_budget_ms, NULL);
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
            make_ai(AI_STRONG, ai_seed(s, CEKI_MAX_SEATS, ++s->ai_made), SESSION_HINT_MS, &made);
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

/* ---- events kept per seat ---------------------------------------------------- */

static bool events_room(SeatEvents *q, int more, int players)
{
    if (q->head > 0 && q->head + q->n + more > q->cap) {
        for (int s = 0; s < players; s++) {
            memmove(q->ev[s], q->ev[s] + q->head, (size_t)q->n * sizeof *q->ev[s]);
        }
        q->head = 0;
    }
    int need = q->head + q->n + more;
    if (need <= q->cap) {
        return true;
    }
    int cap = q->cap > 0 ? q->cap : 64;
    while (cap < need) {
        cap *= 2;
    }
    for (int s = 0; s < players; s++) {
        GameEvent *p = realloc(q->ev[s], (size_t)cap * sizeof *p);
        if (p == NULL) {
            return false;
        }
        q->ev[s] = p;
    }
    q->cap = cap;
    return true;
}

/* Appends one event as each seat saw it (rows[s]). */
static void events_push(SeatEvents *q, GameEvent *const rows[CEKI_MAX_SEATS], int i, int players)
{
    if (!events_room(q, 1, players)) {
        return;
    }
    for (int s = 0; s < players; s++) {
        q->ev[s][q->head + q->n] = rows[s][i];
    }
    q->n++;
}

static void events_free(SeatEvents *q)
{
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        free(q->ev[s]);
        q->ev[s] = NULL;
    }
    q->head = q->n = q->cap = 0;
}

/* ---- events, standings and the decisions of the history ------------------ */

/* The standings' share of one event (the same for every seat's copy). */
static void absorb_standing(Session *s, const GameEvent *e)
{
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
}

/* The rounds scored before this session came to the table, as the whole
 * view told them (a rejoin mid-match), and the round being played. */
static void absorb_standings(Session *s, const NetStandings *st, const Observation *view)
{
    if (s->cur_round == 0 && view != NULL && view->round > 0) {
        s->cur_round = view->round;
    }
    if (st == NULL || st->rounds == 0 || st->shown > st->rounds ||
        !grow((void **)&s->scores, &s->caprounds, st->rounds, sizeof *s->scores)) {
        return;
    }
    while (s->nrounds < st->rounds) {
        memset(s->scores[s->nrounds], 0, sizeof s->scores[0]);
        s->nrounds++;
    }
    for (int k = 0; k < st->shown && k < NET_VIEW_ROUNDS; k++) {
        int r = st->rounds - st->shown + 1 + k;
        for (int seat = 0; seat < st->players && seat < CEKI_MAX_SEATS; seat++) {
            s->scores[r - 1][seat] = st->score[k][seat];
        }
    }
}

/* n events, rows[seat][i] as that seat saw event i: into the round's log,
 * the standings and (with `queue`) the table's queue. */
static void absorb(Session *s, GameEvent *const rows[CEKI_MAX_SEATS], int n, bool queue)
{
    for (int i = 0; i < n; i++) {
        const GameEvent *e = &rows[0][i];
        if (e->type == EV_ROUND_START) {
            s->log.n = 0;
            s->cur_round = e->value;
        }
        events_push(&s->log, rows, i, s->players);
        absorb_standing(s, e);
        if (queue) {
            events_push(&s->queue, rows, i, s->players);
        }
    }
}

/* Every event the feeds hold now, taken from all of them together: each
 * seat was sent the same events of each move, as it may see them. */
static void absorb_feeds(Session *s, bool queue)
{
    static const int chunk = SESSION_EVENTS_CHUNK;
    GameEvent buf[CEKI_MAX_SEATS][SESSION_EVENTS_CHUNK];
    GameEvent *rows[CEKI_MAX_SEATS];
    for (int seat = 0; seat < CEKI_MAX_SEATS; seat++) {
        rows[seat] = buf[seat];
    }
    for (int seat = 0; s->net != NULL && seat < CEKI_MAX_SEATS; seat++) {
        rows[seat] = buf[0]; /* one seat's events: every row is what it saw */
    }
    for (int guard = 0; guard < 1 << 20; guard++) {
        int n = chunk;
        for (int seat = 0; seat < (s->net != NULL ? 1 : s->players); seat++) {
            SeatFeed *f = seat_feed_of(s, s->net != NULL ? s->net_seat : seat);
            int k = seat_feed_take_events(f, buf[seat], n);
            n = k < n ? k : n;
        }
        if (n <= 0) {
            break;
        }
        absorb(s, rows, n, queue);
    }
}

/* The events of a whole game g (a game only viewed: every seat sees all). */
static void absorb_game(Session *s, const Game *g)
{
    int n = 0;
    const GameEvent *ev = game_events(g, &n);
    GameEvent *rows[CEKI_MAX_SEATS];
    for (int seat = 0; seat < CEKI_MAX_SEATS; seat++) {
        rows[seat] = (GameEvent *)ev;
    }
    absorb(s, rows, n, false);
}

static void reset_tracking(Session *s)
{
    s->queue.head = s->queue.n = 0;
    s->log.n = 0;
    s->cur_round = 0;
    s->nrounds = 0;
    memset(s->nkings, 0, sizeof s->nkings);
    s->ndecision = 0;
    s->nplayed = 0;
}

/* Whether a move of this seat now would be a decision of a person. */
static bool is_decision(const Session *s, int seat)
{
    if (seat < 0 || seat >= s->players || !s->seats.human[seat]) {
        return false;
    }
    int n = 0;
    seat_feed_moves(seat_feed_of(s, seat), &n);
    return n > 1;
}

static bool push_played(Session *s, const Move *m, bool d)
{
    if (!grow((void **)&s->decision, &s->capdecision, s->ndecision + 1, sizeof *s->decision) ||
        !grow((void **)&s->played, &s->capplayed, s->nplayed + 1, sizeof *s->played)) {
        return false;
    }
    s->decision[s->ndecision++] = d;
    s->played[s->nplayed++] = *m;
    return true;
}

/* ---- what the table reads -------------------------------------------------- */

/* The game the table reads, rebuilt from the viewer's view; once the match
 * is over, the record's game from the host. */
static CekiStatus refresh_game(Session *s)
{
    const Observation *o = viewer_view(s);
    if ((s->table == NULL && s->net == NULL) || o == NULL) {
        return s->record_game != NULL ? CEKI_OK : CEKI_ERR_STATE;
    }
    if (o->phase == PHASE_MATCH_OVER && s->record_game == NULL) {
        size_t len = 0; /* the record, once all its chunks came */
        const char *text = seat_feed_record(seat_feed_of(s, s->viewer), &len);
        if (text != NULL) {
            record_read_text(text, len, &s->record_game, NULL, 0);
        }
    }
    CekiStatus st = CEKI_OK;
    Game *g = game_from_view(&s->cfg, o, &st);
    if (g == NULL) {
        return st;
    }
    game_destroy(s->view_game);
    s->view_game = g;
    return CEKI_OK;
}

/* Sends m for its seat and lets the host answer; CEKI_OK when it was
 * applied, else the refusal's reason in s->why. */
static CekiStatus send_move(Session *s, const Move *m)
{
    SeatFeed *f = seat_feed_of(s, m->seat);
    if (f == NULL) {
        snprintf(s->why, sizeof s->why, "%s", N_("That move is another seat's."));
        return CEKI_ERR_ILLEGAL;
    }
    uint32_t before = seat_feed_move_no(f);
    bool sent = seat_feed_send_move(f, m);
    local_table_pump(s->table);
    NetRefused no;
    if (seat_feed_take_refusal(f, &no)) {
        snprintf(s->why, sizeof s->why, "%s", no.reason);
        return CEKI_ERR_ILLEGAL;
    }
    if (!sent || seat_feed_move_no(f) != before + 1) {
        snprintf(s->why, sizeof s->why, "%s", N_("The table did not answer that move."));
        return CEKI_ERR_STATE;
    }
    return CEKI_OK;
}

static int to_move(const Session *s);
static Session *session_new(const SessionSeats *seats);

/* ---- a network table (net_table.h) --------------------------------------------
 *
 * The session holds the person's feed only. Another seat's move is the
 * table's "thought" for that seat: session_think_start waits for it and
 * session_think_poll gives it once the feed has it, so it glides in as a
 * computer's does; session_apply then takes in what the feed brought. The
 * person's move goes to the host and the session waits (a bounded time)
 * for its answer. */

/* Takes in what the feed brought since the last time: its events queued
 * for the table (a whole view after a rejoin or a resync, whose events
 * never came, is shown afresh), the move kept in the history, the game
 * rebuilt. */
static void net_take_in(Session *s, const Move *m, bool decision)
{
    SeatFeed *f = net_table_feed(s->net);
    uint32_t now_no = seat_feed_move_no(f);
    long updates = seat_feed_updates(f);
    bool jumped = (long)(now_no - s->net_moves) > updates - s->net_updates;
    if (m != NULL && !push_played(s, m, decision)) {
        s->nplayed = s->ndecision = 0; /* no history left */
    }
    s->net_moves = now_no;
    s->net_updates = updates;
    session_think_cancel(s);
    absorb_feeds(s, !jumped);
    if (jumped) {
        s->queue.head = s->queue.n = 0;
        s->generation++;
    }
    refresh_game(s);
    net_table_next_update(s->net); /* the next move may come in now */
}

/* Sends the person's move; CEKI_OK once the host applied it, else the
 * host's reason (or that it did not answer in time) in s->why. */
static CekiStatus net_send_move(Session *s, const Move *m)
{
    SeatFeed *f = net_table_feed(s->net);
    uint32_t before = seat_feed_move_no(f);
    uint32_t start = SDL_GetTicks();
    /* Sent only while the match runs: a move sent as the connection comes
     * back would be told "no answer" while the host applies it. */
    bool sent = net_table_state(s->net) == NET_TABLE_PLAYING && seat_feed_send_move(f, m);
    s->unanswered = false;
    uint32_t wait = s->answer_ms != 0 ? s->answer_ms : SESSION_NET_ANSWER_MS;
    for (uint32_t i = 0; sent && i < wait / SESSION_NET_PAUSE_MS && SDL_GetTicks() - start < wait;
         i++) {
        net_table_poll(s->net, SDL_GetTicks());
        NetRefused no;
        if (seat_feed_take_refusal(f, &no)) {
            snprintf(s->why, sizeof s->why, "%s", no.reason);
            return CEKI_ERR_ILLEGAL;
        }
        if (seat_feed_move_no(f) != before) {
            return CEKI_OK;
        }
        if (net_table_state(s->net) != NET_TABLE_PLAYING) {
            break;
        }
        SDL_Delay(SESSION_NET_PAUSE_MS);
    }
    s->unanswered = sent;
    s->unanswered_move = *m;
    s->unanswered_no = before;
    snprintf(s->why, sizeof s->why, "%s", N_("The table did not answer that move."));
    return CEKI_ERR_STATE;
}

/* A move at a network table: another seat's, as the feed brought it (or
 * anything the feed brought meanwhile), is taken in; the person's is sent. */
static CekiStatus net_apply(Session *s, const Move *m, const char **why)
{
    SeatFeed *f = net_table_feed(s->net);
    bool behind = f != NULL && seat_feed_move_no(f) != s->net_moves;
    CekiStatus st = CEKI_OK;
    snprintf(s->why, sizeof s->why, "%s", N_("Not possible now."));
    if (behind) {
        net_take_in(s, seat_feed_last_move(f), false);
        /* The person's own move is looked at again first, unless a computer
         * plays their seat: then the host made it (and maybe the next seats'
         * moves after it), and what came is all taken in. */
        st = m->seat == s->net_seat && !s->stand_in[m->seat] ? CEKI_ERR_STATE : CEKI_OK;
    } else if (f == NULL || m->seat != s->net_seat) {
        st = CEKI_ERR_STATE;
    } else if (s->stand_in[m->seat] && seat_feed_last_move(f) != NULL &&
               move_equal(seat_feed_last_move(f), m)) {
        st = CEKI_OK; /* the host's move for them, taken in already (session_poll) */
    } else {
        bool d = is_decision(s, m->seat);
        st = net_send_move(s, m);
        if (st == CEKI_OK) {
            s->nredo = 0;
            s->host_moved_own = false; /* the person acted */
            net_take_in(s, m, d);
        }
    }
    if (st != CEKI_OK && why != NULL) {
        *why = s->why;
    }
    return st;
}

/* The awaited move of another seat, once the feed has it. It is named for
 * the seat to move as the session knows it, when more than one came. */
static bool net_think_poll(Session *s, Move *out, bool *was_hint)
{
    SeatFeed *f = net_table_feed(s->net);
    net_table_poll(s->net, SDL_GetTicks());
    if (f == NULL || seat_feed_move_no(f) == s->net_moves) {
        return false;
    }
    s->net_waiting = false;
    Move m = *seat_feed_last_move(f);
    int seat = to_move(s);
    if (seat >= 0) {
        m.seat = (int8_t)seat;
    }
    if (out != NULL) {
        *out = m;
    }
    if (was_hint != NULL) {
        *was_hint = false;
    }
    return true;
}

/* The match's id at a network table: the same for the same table and seat
 * (made from them), so a match rejoined is one match in the store. */
static void net_match_id(Session *s)
{
    NetTicket t;
    char text[NET_TABLE_ID_MAX + NET_TOKEN_LEN + 8];
    if (net_table_ticket(s->net, &t)) {
        int n = snprintf(text, sizeof text, "net %s %s", t.address.table, t.token);
        save_file_derive_id(text, (size_t)n, s->match_id);
    }
}

Session *session_create_net(NetTable *net, const SessionSeats *seats, CekiStatus *status)
{
    SeatFeed *f = net_table_feed(net);
    const NetTableRules *r = net_table_rules(net);
    Session *s = f != NULL && r != NULL && seats != NULL && seat_feed_has_view(f)
                     ? session_new(seats)
                     : NULL;
    CekiStatus st = s != NULL ? CEKI_OK : f == NULL || r == NULL ? CEKI_ERR_STATE : CEKI_ERR_NOMEM;
    if (s != NULL) {
        s->cfg = game_config_default((VariantId)r->variant, 0);
        s->cfg.players = r->players;
        s->cfg.options = r->options;
        s->cfg.rounds = r->rounds;
        s->cfg.stakes = (StakeScheme)r->stakes;
        s->players = r->players;
        s->net_seat = s->viewer = seat_feed_seat(f);
        for (int i = 0; i < CEKI_MAX_SEATS; i++) {
            s->seats.human[i] = s->seats.human[i] && i == s->net_seat;
        }
        s->net = net;
        net_match_id(s);
        s->net_moves = seat_feed_move_no(f);
        s->net_updates = seat_feed_updates(f);
        absorb_feeds(s, false);
        absorb_standings(s, seat_feed_standings(f), seat_feed_view(f));
        st = refresh_game(s);
        net_table_stepwise(net, st == CEKI_OK); /* one move at a time from now on */
        s->net = st == CEKI_OK ? net : NULL;    /* on failure the caller keeps it */
    }
    if (st != CEKI_OK) {
        session_destroy(s);
        s = NULL;
    }
    if (status != NULL) {
        *status = st;
    }
    return s;
}

void session_set_stand_in(Session *s, int seat, bool on, AiLevel level)
{
    if (s == NULL || seat < 0 || seat >= CEKI_MAX_SEATS || s->stand_in[seat] == on) {
        return;
    }
    session_think_cancel(s);
    s->stand_in[seat] = on;
    s->host_moved_own = s->host_moved_own && on; /* taking the seat back is acting */
    s->stand_level[seat] = (int)level >= 0 && level < AI_LEVEL_COUNT ? level : AI_GREEDY;
    if (s->ai[seat] != NULL) {
        ai_destroy(s->ai[seat]); /* made afresh at the level asked */
        s->ai[seat] = NULL;
    }
}

void session_set_net_answer_ms(Session *s, uint32_t ms)
{
    if (s != NULL) {
        s->answer_ms = ms;
    }
}

bool session_host_moved_own(const Session *s)
{
    return s != NULL && s->host_moved_own;
}

bool session_stand_in(const Session *s, int seat)
{
    return s != NULL && seat >= 0 && seat < CEKI_MAX_SEATS && s->stand_in[seat];
}

bool session_seat_computer(const Session *s, int seat, AiLevel *level)
{
    if (s == NULL || seat < 0 || seat >= s->players || seat >= CEKI_MAX_SEATS) {
        return false;
    }
    const NetSeats *seats = s->net != NULL ? net_table_seats(s->net) : NULL;
    if (seats != NULL && seat < seats->players) {
        NetSeatKind kind = seats->seat[seat].kind;
        bool computer =
            kind == NET_SEAT_RANDOM || kind == NET_SEAT_GREEDY || kind == NET_SEAT_STRONG;
        if (computer && level != NULL) {
            *level = kind == NET_SEAT_RANDOM   ? AI_RANDOM
                     : kind == NET_SEAT_GREEDY ? AI_GREEDY
                                               : AI_STRONG;
        }
        return computer;
    }
    if (!s->seats.human[seat] && level != NULL) {
        *level = s->seats.level[seat];
    }
    return !s->seats.human[seat];
}

bool session_opponents(const Session *s, int *people, int *computers)
{
    const NetSeats *seats = s != NULL && s->net != NULL ? net_table_seats(s->net) : NULL;
    int p = 0, c = 0;
    for (int i = 0; seats != NULL && i < seats->players; i++) {
        bool person = seats->seat[i].kind == NET_SEAT_NET || seats->seat[i].kind == NET_SEAT_LOCAL;
        p += i != s->net_seat && person;
        c += i != s->net_seat && !person;
    }
    for (int i = 0; seats == NULL && s != NULL && i < s->players; i++) {
        p += s->seats.human[i];
        c += !s->seats.human[i];
    }
    if (s != NULL && seats == NULL && p > 0) {
        p--; /* the player's own seat */
    }
    if (people != NULL) {
        *people = p;
    }
    if (computers != NULL) {
        *computers = c;
    }
    return s != NULL;
}

bool session_has_record(const Session *s)
{
    return s != NULL && s->record_game != NULL;
}

NetTable *session_net_table(const Session *s)
{
    return s != NULL ? s->net : NULL;
}

void session_poll(Session *s)
{
    if (s == NULL || s->net == NULL) {
        return;
    }
    net_table_poll(s->net, SDL_GetTicks());
    SeatFeed *f = net_table_feed(s->net);
    const Move *came = f != NULL ? seat_feed_last_move(f) : NULL;
    bool own = came != NULL && s->unanswered && s->unanswered_no + 1 == seat_feed_move_no(f) &&
               move_equal(came, &s->unanswered_move);
    /* A round's end the host went on from for the person waits for them:
     * the table shows the round's results first, and their Next round
     * (or the table's) takes it in (net_apply). Taken in here, the next
     * round came before its result screen, which was never shown. */
    bool round_end = !own && came != NULL && came->type == MOVE_NEXT_ROUND;
    if (f != NULL && !s->net_waiting && seat_feed_move_no(f) != s->net_moves &&
        to_move(s) == s->net_seat && !round_end) {
        /* The host moved for the person (their time ran out, or a stand-in
         * played the seat): nothing else takes it in on their own turn, and
         * the feed holds every later move back until it is. */
        bool decision = own && is_decision(s, s->net_seat);
        s->unanswered = false;
        /* (the person's own move, answered late, is their acting) */
        s->host_moved_own =
            !own && (s->host_moved_own || (came != NULL && came->seat == s->net_seat));
        net_take_in(s, came, decision);
    }
    if (s->record_game == NULL && seat_feed_record(f, NULL) != NULL &&
        seat_feed_move_no(f) == s->net_moves) {
        refresh_game(s); /* the record came after the last move: the replay's game */
    }
}

/* Replaces the table with a new one of config cfg after moves[0..n):
 * standings, the round's events and the decisions rebuilt, the queue
 * emptied (holding the deal's events with `queue_deal`). On failure the
 * session is unchanged. */
static CekiStatus rebuild_queued(Session *s, const GameConfig *cfg, const Move *moves, int n,
                                 bool queue_deal)
{
    LocalTable *lt = local_table_create(cfg, NULL, 0);
    if (lt == NULL) {
        return CEKI_ERR_STATE;
    }
    LocalTable *old = s->table;
    GameConfig old_cfg = s->cfg;
    Move *keep = old != NULL && s->nplayed > 0 ? malloc((size_t)s->nplayed * sizeof *keep) : NULL;
    int nkeep = keep != NULL ? s->nplayed : 0;
    if (keep != NULL) {
        memcpy(keep, s->played, (size_t)nkeep * sizeof *keep);
    }
    s->table = lt;
    s->cfg = *cfg;
    s->players = cfg->players;
    reset_tracking(s);
    absorb_feeds(s, queue_deal);
    CekiStatus st = CEKI_OK;
    for (int i = 0; i < n && st == CEKI_OK; i++) {
        bool d = is_decision(s, moves[i].seat);
        st = send_move(s, &moves[i]);
        if (st == CEKI_OK && !push_played(s, &moves[i], d)) {
            st = CEKI_ERR_NOMEM;
        }
        absorb_feeds(s, false);
    }
    game_destroy(s->record_game);
    s->record_game = NULL;
    st = st == CEKI_OK ? refresh_game(s) : st;
    if (st != CEKI_OK) {
        /* Put the old table back and rebuild its tracking (it replays once). */
        local_table_destroy(lt);
        s->table = NULL;
        if (old != NULL) {
            local_table_destroy(old);
            old = NULL;
            (void)rebuild_queued(s, &old_cfg, keep, nkeep, false);
        }
        free(keep);
        return st;
    }
    free(keep);
    local_table_destroy(old);
    s->generation++;
    return CEKI_OK;
}

static CekiStatus rebuild(Session *s, const GameConfig *cfg, const Move *moves, int n)
{
    return rebuild_queued(s, cfg, moves, n, false);
}

/* ---- creating and destroying ---------------------------------------------- */

static Session *session_new(const SessionSeats *seats)
{
    Session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    s->scratch = malloc(sizeof *s->scratch);
    if (s->scratch == NULL) {
        free(s);
        return NULL;
    }
    if (seats != NULL) {
        s->seats = *seats;
    }
    s->hint_level = AI_STRONG;
    save_file_new_id(s->match_id);
    return s;
}

/* The seat the table shows first: the first person's, else seat 0. */
static int first_viewer(const Session *s)
{
    for (int i = 0; i < s->players; i++) {
        if (s->seats.human[i]) {
            return i;
        }
    }
    return 0;
}

Session *session_create(const GameConfig *cfg, const SessionSeats *seats, CekiStatus *status)
{
    CekiStatus st = CEKI_OK;
    Session *s = cfg != NULL && seats != NULL ? session_new(seats) : NULL;
    if (s == NULL) {
        st = cfg == NULL || seats == NULL ? CEKI_ERR_ARG : CEKI_ERR_NOMEM;
    } else if ((st = game_config_check(cfg)) == CEKI_OK) {
        s->players = cfg->players;
        s->viewer = first_viewer(s);
        st = rebuild_queued(s, cfg, NULL, 0, true);
        s->generation = 0;
    }
    if (st != CEKI_OK && s != NULL) {
        session_destroy(s);
        s = NULL;
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
    free(job->view);
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
    local_table_destroy(s->table);
    net_table_destroy(s->net);
    game_destroy(s->view_game);
    game_destroy(s->record_game);
    events_free(&s->queue);
    events_free(&s->log);
    free(s->scratch);
    free(s->scores);
    free(s->played);
    free(s->decision);
    free(s->future);
    free(s);
}

/* ---- the game --------------------------------------------------------------- */

const Game *session_game(const Session *s)
{
    if (s == NULL) {
        return NULL;
    }
    return s->record_game != NULL ? s->record_game : s->view_game;
}

const SessionSeats *session_seats(const Session *s)
{
    return s != NULL ? &s->seats : NULL;
}

int session_human_count(const Session *s)
{
    int n = 0;
    for (int i = 0; s != NULL && i < s->players; i++) {
        n += s->seats.human[i];
    }
    return n;
}

/* The seat to move (-1 when the match is over). */
static int to_move(const Session *s)
{
    const Game *g = session_game(s);
    return g != NULL ? game_to_move(g) : -1;
}

bool session_computer_to_move(const Session *s)
{
    int seat = s != NULL ? to_move(s) : -1;
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
    if (s->net != NULL) {
        return net_apply(s, m, why);
    }
    if (s->table == NULL || m->seat >= s->players) {
        if (why != NULL) {
            *why = N_("Not possible now.");
        }
        return CEKI_ERR_STATE;
    }
    bool d = is_decision(s, m->seat);
    CekiStatus st = send_move(s, m);
    if (st != CEKI_OK) {
        if (why != NULL) {
            *why = s->why;
        }
        return st;
    }
    s->nredo = 0; /* a move of its own: what was undone is gone */
    if (!push_played(s, m, d)) {
        s->nplayed = s->ndecision = 0; /* no history left to undo with */
    }
    /* Whatever was being thought about was for the position before. */
    session_think_cancel(s);
    absorb_feeds(s, true);
    refresh_game(s);
    return CEKI_OK;
}

int session_take_events(Session *s, GameEvent *out, int cap)
{
    if (s == NULL || out == NULL || cap <= 0) {
        return 0;
    }
    SeatEvents *q = &s->queue;
    int n = q->n < cap ? q->n : cap;
    if (n == 0) {
        return 0; /* the queue may not even be allocated yet */
    }
    memcpy(out, q->ev[s->viewer] + q->head, (size_t)n * sizeof *out);
    q->head += n;
    q->n -= n;
    if (q->n == 0) {
        q->head = 0;
    }
    return n;
}

int session_pending_events(const Session *s)
{
    return s != NULL ? s->queue.n : 0;
}

unsigned session_generation(const Session *s)
{
    return s != NULL ? s->generation : 0;
}

const GameEvent *session_round_events(const Session *s, int *count)
{
    if (count != NULL) {
        *count = s != NULL ? s->log.n : 0;
    }
    return s != NULL && s->log.ev[s->viewer] != NULL ? s->log.ev[s->viewer] + s->log.head : NULL;
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
    if (s == NULL || seat < 0 || seat >= s->players) {
        snprintf(buf, size, _("Seat %d"), seat + 1);
        return;
    }
    int humans = session_human_count(s);
    const NetSeats *net = s->net != NULL ? net_table_seats(s->net) : NULL;
    if (net != NULL && seat != s->net_seat && seat < net->players &&
        (net->seat[seat].kind == NET_SEAT_NET || net->seat[seat].kind == NET_SEAT_LOCAL)) {
        if (net->seat[seat].name[0] != '\0') {
            snprintf(buf, size, "%s", net->seat[seat].name);
        } else {
            snprintf(buf, size, _("Player %d"), seat + 1);
        }
    } else if (net != NULL && seat == s->net_seat) {
        snprintf(buf, size, _("You"));
    } else if (variant_is_watch_only(variant_get(s->cfg.variant))) {
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

/* ---- the seat feeds ------------------------------------------------------------ */

int session_viewer(const Session *s)
{
    return s != NULL ? s->viewer : 0;
}

void session_set_viewer(Session *s, int seat)
{
    if (s == NULL || seat < 0 || seat >= s->players || seat == s->viewer || s->net != NULL) {
        return;
    }
    s->viewer = seat;
    refresh_game(s);
}

int session_moves(const Session *s)
{
    if (s == NULL) {
        return 0;
    }
    if (s->table == NULL && s->net == NULL) {
        int n = 0;
        game_history(s->record_game, &n);
        return n;
    }
    return (int)seat_feed_move_no(seat_feed_of(s, s->viewer));
}

const Move *session_history(const Session *s, int *count)
{
    int n = 0;
    const Move *h = NULL;
    if (s != NULL && s->table == NULL && s->net == NULL) {
        h = game_history(s->record_game, &n);
    } else if (s != NULL) {
        h = s->played;
        n = s->nplayed;
    }
    if (count != NULL) {
        *count = n;
    }
    return h;
}

const Move *session_last_move(const Session *s)
{
    if (s == NULL) {
        return NULL;
    }
    if (s->table == NULL && s->net == NULL) {
        int n = 0;
        const Move *h = game_history(s->record_game, &n);
        return n > 0 ? &h[n - 1] : NULL;
    }
    return s->nplayed > 0 ? &s->played[s->nplayed - 1] : NULL;
}

const GameConfig *session_config(const Session *s)
{
    return s != NULL ? &s->cfg : NULL;
}

int session_legal_moves(const Session *s, Move *out, int cap)
{
    int seat = s != NULL ? to_move(s) : -1;
    if (seat < 0) {
        return 0;
    }
    if (s->table == NULL && s->net == NULL) {
        return game_legal_moves(s->record_game, out, cap);
    }
    int n = 0;
    const Move *moves = seat_feed_moves(seat_feed_of(s, seat), &n);
    for (int i = 0; out != NULL && i < n && i < cap; i++) {
        out[i] = moves[i];
    }
    return n;
}

Game *session_seat_game(const Session *s, int seat)
{
    if (s == NULL || seat < 0 || seat >= s->players) {
        return NULL;
    }
    if (s->record_game != NULL) {
        return game_clone(s->record_game, false);
    }
    const Observation *o = seat_feed_view(seat_feed_of(s, seat));
    return o != NULL ? game_from_view(&s->cfg, o, NULL) : NULL;
}

bool session_host_counts(const Session *s, HostCounts *out)
{
    if (s == NULL || s->table == NULL || out == NULL) {
        return false;
    }
    local_table_counts(s->table, out);
    return true;
}

/* ---- thinking --------------------------------------------------------------- */

static int think_main(void *data)
{
    ThinkJob *job = data;
    CekiStatus st = CEKI_OK;
    Game *g = game_from_view(&job->cfg, job->view, &st);
    if (job->seed != 0) {
        /* Each decision from the seat's seed and the move number alone
         * (SessionSeats.reseed_each_move). */
        ai_reseed(job->ai, job->seed, job->move_no);
    }
    job->status = g != NULL ? ai_choose(job->ai, g, job->seat, &job->move) : st;
    game_destroy(g);
    SDL_AtomicSet(&job->done, 1);
    return 0;
}

CekiStatus session_think_start(Session *s, bool hint)
{
    if (s == NULL) {
        return CEKI_ERR_ARG;
    }
    reap(s, false);
    int seat = to_move(s);
    if (s->net != NULL && !hint && seat >= 0 && (seat != s->net_seat || s->stand_in[seat]) &&
        s->job == NULL) {
        s->net_waiting = true; /* its move comes from the host */
        return CEKI_OK;
    }
    if (s->job != NULL || s->net_waiting || seat < 0 || (s->table == NULL && s->net == NULL) ||
        (!hint && s->seats.human[seat] && !s->stand_in[seat])) {
        return CEKI_ERR_STATE;
    }
    const Observation *view = seat_feed_view(seat_feed_of(s, seat));
    AiPlayer *ai = hint ? hint_ai(s) : seat_ai(s, seat);
    if (ai == NULL || view == NULL) {
        return CEKI_ERR_NOMEM;
    }
    /* The player thinks on what the host sent that seat, nothing more:
     * the public history of the round is part of it (game.h). */
    ThinkJob *job = calloc(1, sizeof *job);
    Observation *copy = job != NULL ? malloc(sizeof *copy) : NULL;
    if (copy == NULL) {
        free(job);
        return CEKI_ERR_NOMEM;
    }
    *copy = *view;
    *job = (ThinkJob){.cfg = s->cfg,
                      .view = copy,
                      .ai = ai,
                      .owner = hint ? -1 : seat,
                      .seat = seat,
                      .move_no = seat_feed_move_no(seat_feed_of(s, seat)),
                      .seed = hint || !s->seats.reseed_each_move ? 0 : ai_seed(s, seat, 0),
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

/* Whether m is among the moves the host lists for its seat now. */
static bool move_listed(const Session *s, const Move *m)
{
    int n = 0;
    const Move *moves = seat_feed_moves(seat_feed_of(s, m->seat), &n);
    for (int i = 0; i < n; i++) {
        if (move_equal(&moves[i], m)) {
            return true;
        }
    }
    return false;
}

bool session_think_poll(Session *s, Move *out, bool *was_hint)
{
    if (s == NULL) {
        return false;
    }
    if (s->net_waiting) {
        return net_think_poll(s, out, was_hint);
    }
    reap(s, false);
    ThinkJob *job = s->job;
    if (job == NULL || !SDL_AtomicGet(&job->done)) {
        return false;
    }
    s->job = NULL;
    bool fresh = job->status == CEKI_OK && job->generation == s->generation &&
                 job->move_no == seat_feed_move_no(seat_feed_of(s, job->seat)) &&
                 move_listed(s, &job->move);
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
    return s != NULL && (s->job != NULL || s->net_waiting);
}

void session_think_cancel(Session *s)
{
    if (s != NULL) {
        s->net_waiting = false;
    }
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
    int humans = session_human_count(s);
    if (s->table == NULL || s->net != NULL || humans != 1 || humans == s->players ||
        game_match_over(session_game(s))) {
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

/* Keeps the history undone, for redo: the whole of it the first time, and
 * after that as long as it still begins with what is played. */
static bool keep_future(Session *s)
{
    int count = s->nplayed;
    const Move *h = s->played;
    bool prefix =
        s->nredo > 0 && s->nfuture >= count && memcmp(s->future, h, (size_t)count * sizeof *h) == 0;
    if (prefix) {
        return true;
    }
    Move *keep = count > 0 ? malloc((size_t)count * sizeof *keep) : NULL;
    if (count > 0 && keep == NULL) {
        return false;
    }
    if (count > 0) {
        memcpy(keep, h, (size_t)count * sizeof *keep);
    }
    free(s->future);
    s->future = keep;
    s->nfuture = count;
    s->nredo = 0;
    return true;
}

CekiStatus session_undo(Session *s)
{
    if (s == NULL) {
        return CEKI_ERR_ARG;
    }
    int at = undo_point(s);
    if (at < 0 || at > s->nplayed) {
        return CEKI_ERR_STATE;
    }
    session_think_cancel(s);
    int back_to = s->nplayed;
    Move *moves = at > 0 ? malloc((size_t)at * sizeof *moves) : NULL;
    if ((at > 0 && moves == NULL) || !keep_future(s)) {
        free(moves);
        return CEKI_ERR_NOMEM;
    }
    if (at > 0) {
        memcpy(moves, s->played, (size_t)at * sizeof *moves);
    }
    GameConfig cfg = s->cfg;
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
    GameConfig cfg = s->cfg;
    CekiStatus st = rebuild(s, &cfg, s->future, to);
    if (st == CEKI_OK) {
        s->nredo--;
    }
    return st;
}

/* ---- files ------------------------------------------------------------------ */

/* Writes the whole file: header comments, then the record (save_file.h):
 * the record's game once there is one, else the host's record so far. */
static CekiStatus write_file(const Session *s, FILE *f, SaveKind kind)
{
    SaveHeader h = {.have_seats = true,
                    .nseats = s->players,
                    .budget_ms = s->seats.ai_budget_ms,
                    .guided = s->seats.reseed_each_move};
    memcpy(h.match, s->match_id, sizeof h.match);
    memcpy(h.human, s->seats.human, sizeof h.human);
    memcpy(h.level, s->seats.level, sizeof h.level);
    if (s->record_game != NULL) {
        return save_file_write(f, kind, &h, s->record_game);
    }
    size_t len = 0;
    char *record = local_table_record(s->table, &len);
    if (record == NULL) {
        return CEKI_ERR_NOMEM;
    }
    CekiStatus st = save_file_write_text(f, kind, &h, s->players, record, len);
    free(record);
    return st;
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

/* A session of a saved game to play on: its table dealt again on this
 * computer's host and every move of the record made through it. */
static Session *session_resumed(const SessionSeats *seats, const Game *g)
{
    Session *s = session_new(seats);
    if (s == NULL) {
        return NULL;
    }
    s->players = game_players(g);
    s->viewer = first_viewer(s);
    int count = 0;
    const Move *moves = game_history(g, &count);
    if (rebuild(s, game_config(g), moves, count) != CEKI_OK) {
        session_destroy(s);
        return NULL;
    }
    return s;
}

/* A session of a file only viewed: its game as it is (every hand open),
 * the round's events and standings from a replay of it. */
static Session *session_viewed(const SessionSeats *seats, Game *g)
{
    Session *s = session_new(seats);
    Game *replay = s != NULL ? game_create(game_config(g), NULL) : NULL;
    if (replay == NULL) {
        session_destroy(s);
        return NULL;
    }
    s->cfg = *game_config(g);
    s->players = game_players(g);
    absorb_game(s, replay);
    int count = 0;
    const Move *moves = game_history(g, &count);
    for (int i = 0; i < count && game_apply(replay, &moves[i]) == CEKI_OK; i++) {
        absorb_game(s, replay);
    }
    game_destroy(replay);
    s->record_game = g;
    return s;
}

Session *session_from_text(const char *text, size_t len, bool save_only, char *err, size_t err_size)
{
    SaveHeader h;
    Game *g = NULL;
    if (text == NULL || !save_file_parse(text, len, save_only, &h, &g, err, err_size)) {
        return NULL;
    }
    SessionSeats seats = {.ai_budget_ms = h.budget_ms, .reseed_each_move = h.guided};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = h.have_seats && i < h.nseats && h.human[i];
        seats.level[i] = h.have_seats && i < h.nseats ? h.level[i] : AI_GREEDY;
    }
    Session *s = save_only ? session_resumed(&seats, g) : session_viewed(&seats, g);
    if (save_only || s == NULL) {
        game_destroy(g);
    }
    if (s == NULL) {
        say_into(err, err_size, _("its game could not be rebuilt"));
        return NULL;
    }
    s->generation = 0;
    /* Files written before matches had ids get one from their text, the
     * same every time they are read. */
    if (h.match[0] != '\0') {
        memcpy(s->match_id, h.match, sizeof s->match_id);
    } else {
        save_file_derive_id(text, len, s->match_id);
    }
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
    const VariantDesc *v = variant_get(s->cfg.variant);
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
