/* host_internal.h — what the host's files share (host.h is the contract).
 *
 * Contract
 * - One Host holds its tables (HostTable, each one match and its seats) and
 *   the connections it knows (HostConnInfo: which table and seat, if any).
 * - The files, each calling only the ones listed after it:
 *   host.c (create, dispatch, tick) -> host_seat.c (joins, tokens, keys,
 *   names, grace, stand-ins) -> host_watch.c (spectators joining, leaving,
 *   talking) -> host_restore.c (tables back from the journal) ->
 *   host_table.c (a table's creation, listing, idleness, closing, freeing,
 *   the names its people show) -> host_play.c (start, moves, the journal's
 *   flush and the updates it releases to seats and spectators, computers,
 *   the clock's moves, the record, the hands shown late) -> host_admit.c
 *   (the connections, their addresses and the admission rules) ->
 *   host_send.c (the messages) -> host_clock.c (the turn clock's arithmetic:
 *   which decision is timed, what it has taken, when it runs out) ->
 *   host_journal.c (SQLite), host_rand.c (the system's randomness, secrets
 *   compared) and host_text.c (names and lines as they may show). No file
 *   calls back up this list.
 * - Every pointer here is owned by the Host; nothing is global.
 */
#ifndef CEKI_HOST_INTERNAL_H
#define CEKI_HOST_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai.h"
#include "game.h"
#include "host.h"
#include "proto.h"

#define HOST_TABLE_ID_LEN 8         /* characters of a table id made here */
#define HOST_SEATS_REFRESH_MS 5000u /* NET_MSG_SEATS again while a grace period runs */
#define HOST_JOURNAL_RETRY_MS 1000u /* a failed journal write is tried again after this */
/* A bank running down is kept in the journal each time it has lost this
 * much since it was last kept: what a restart may give back of it. */
#define HOST_BANK_KEEP_MS 1000u
#define HOST_AI_ITERATIONS 1000   /* the strong player's budget: ceki-cli match's default */
#define HOST_REFUSALS_MAX 64      /* refusals in a row before a peer is dropped (abuse) */
#define HOST_ADDR_SWEEP_MS 10000u /* addresses with nothing left are forgotten this often */
#define HOST_IDLE_SAVE_MS 30000u  /* an idle table's time left is journalled this often */
#define HOST_LOG_MAX 256          /* bytes of one log line */
#define HOST_SEED_BYTES 8
#define HOST_NO_BANK UINT32_MAX /* a move's bank left when its mover has none (a computer) */

/* Who made a move (HostTable.by_ai, the journal's by_ai column). */
typedef enum HostBy {
    HOST_BY_PERSON = 0,
    HOST_BY_COMPUTER, /* a computer seat, or a stand-in */
    HOST_BY_CLOCK     /* the computer, for a person whose time ran out */
} HostBy;

typedef struct HostSeat {
    uint8_t kind;                  /* NetSeatKind */
    uint8_t state;                 /* NetSeatState */
    uint8_t stand_in;              /* NetStandIn: why, while state is NET_SEAT_STAND_IN */
    char token[NET_TOKEN_LEN + 1]; /* a person's, "" for a computer or nobody */
    char name[NET_NAME_MAX + 1];
    HostConn conn;       /* the connection holding it, 0 for none */
    uint64_t grace_end;  /* NET_SEAT_AWAY: when the computer takes over */
    AiPlayer *ai;        /* a computer seat's player, or a person's stand-in once needed */
    uint32_t bank_ms;    /* the turn clock: the bank left, not counting a decision timed now */
    uint32_t bank_kept;  /* the bank the journal holds for them (0: nothing to keep, no journal) */
    uint8_t clock_moves; /* moves in a row the clock made for them */
    int clock_round;     /* the last round whose end gave them NET_CLOCK_ROUND_BREAK_MS */
} HostSeat;

/* A spectator (host.h, "Spectators"). */
typedef struct HostWatcher {
    HostConn conn;
    char name[NET_NAME_MAX + 1];
} HostWatcher;

typedef struct HostTable {
    char id[NET_TABLE_ID_MAX + 1];
    HostAddr owner;            /* the address that made it (0: this machine's own) */
    bool open;                 /* listed and joined without a key */
    char key[NET_KEY_LEN + 1]; /* a private table's key, "" when open */
    /* Idleness (host.h): closed at idle_end for idle_why (NET_REASON_NONE:
     * not idle, idle_end UINT64_MAX); idle_dirty: its time left is to be
     * journalled. */
    uint64_t idle_end;
    uint8_t idle_why;
    bool idle_dirty;
    GameConfig cfg; /* the seed is here and goes nowhere but the record */
    NetTableRules rules;
    Game *game; /* dealt at creation; moves are taken once started */
    bool autostart, started, over;
    HostConn creator; /* 0 once the creator has gone */
    /* The seat the creator took at its own table (-1: none): whoever comes
     * back with its token is the creator again (after a dropped connection,
     * or a host made again from its journal, which keeps it). */
    int8_t creator_seat;
    HostSeat seat[CEKI_MAX_SEATS];
    uint32_t move_no;    /* moves applied (game_history's count) */
    uint8_t *by_ai;      /* by_ai[i]: who made move i (HostBy) */
    uint32_t *bank_left; /* bank_left[i]: move i's mover's bank after it (HOST_NO_BANK: none) */
    size_t by_ai_cap;
    uint64_t seats_due; /* the next NET_MSG_SEATS while a grace runs (UINT64_MAX: none) */
    /* The journal: what it holds of this table. */
    bool kept_row, kept_started, kept_over, seats_dirty;
    bool bank_dirty; /* the seats' rows are written for their banks (clock_keep_due) */
    uint32_t moves_kept;
    uint64_t journal_due; /* a write asked for (0) or a failed one's retry (UINT64_MAX: none) */
    bool waiting;         /* a move is applied, not yet kept and told (play_flush) */
    Game *told;           /* while waiting: the game as the seats were last told it */
    Move untold;          /* while waiting: that move */
    /* Kowah's claim window (host.h): open for seat claim_seat at move
     * claim_move_no until claim_end; claim_seat -1: none. */
    int claim_seat;
    Card claim_card;
    uint32_t claim_move_no;
    uint64_t claim_end;
    /* The turn clock (host.h; host_clock.c): the decision timed is seat
     * clock_seat's at clock_move_no (-1: none); clock_left is its move time
     * left when it last stopped or began; it runs since clock_since while
     * clock_running. */
    NetClock clock;
    int clock_seat;
    uint32_t clock_move_no;
    uint32_t clock_left;
    bool clock_running;
    uint64_t clock_since;
    bool seats_tell; /* NET_MSG_SEATS once the move waiting is told */
    /* Spectators, in the order they came. */
    uint8_t watch; /* NetWatch */
    HostWatcher *watchers;
    int nwatchers, watchers_cap;
    int hands_sent; /* the last round whose hands the spectators were sent */
    /* Each round's scores (a whole view carries them, NetStandings): the
     * latest NET_VIEW_ROUNDS, round r at (r - 1) % NET_VIEW_ROUNDS;
     * rounds_scored rounds so far, the last of them by move scored_move_no
     * (move numbers from 1). */
    int32_t round_scores[NET_VIEW_ROUNDS][CEKI_MAX_SEATS];
    int rounds_scored;
    uint32_t scored_move_no;
} HostTable;

typedef struct HostConnInfo {
    HostConn conn;
    HostAddr addr;    /* 0: this machine's own, or trusted (no admission rule) */
    HostTable *table; /* the table it sits at or watches, or NULL */
    int seat;         /* -1 when it watches */
    bool watching;
    int refusals;   /* refused messages since its last accepted one */
    bool hello;     /* it has sent CREATE, LIST or JOIN */
    uint64_t since; /* when it came, or last left a table */
    uint64_t last_chat;
    int64_t chat_empty; /* its chat bucket (admit_take) */
} HostConnInfo;

/* What the host keeps of an address with connections or a limit running. */
typedef struct HostAddrInfo {
    HostAddr addr;                                     /* 0: an empty slot */
    int conns, lobby;                                  /* its connections, and those at no table */
    int watching;                                      /* its spectators */
    int64_t connects_empty, tables_empty, wrong_empty; /* its buckets (admit_take) */
    uint64_t cut_until;
} HostAddrInfo;

/* A table closed, and why (HOST_CLOSED_KEPT of them, the oldest forgotten). */
typedef struct HostClosed {
    char id[NET_TABLE_ID_MAX + 1];
    uint8_t why; /* NetReason */
} HostClosed;

typedef struct HostJournal HostJournal;

struct Host {
    HostOutbox out;
    bool (*rand_bytes)(void *rand_ctx, uint8_t *buf, size_t n); /* NULL: the system's */
    void *rand_ctx;
    char *data_dir;
    char *journal_vfs; /* NULL: SQLite's default VFS */
    uint32_t grace_ms;
    uint32_t claim_ms; /* 0: no claim window */
    bool allow_seed;
    int max_tables;
    HostJournal *journal;
    HostTable **tables;
    int ntables, tables_cap;
    HostConnInfo *conns;
    int nconns, conns_cap;
    long moves, refused, resyncs;
    /* Admission (host_admit.c). */
    HostLimits limits;
    bool limited; /* limits were given */
    HostAddr *trusted;
    int ntrusted;
    HostAddrInfo *addrs; /* open addressing by address, addrs_cap a power of two */
    int addrs_cap, naddrs;
    int lobby;               /* limited connections at no table */
    int watching;            /* spectators, all of them */
    long clock_moves;        /* moves the clock made */
    uint64_t conns_due;      /* the earliest hello or lobby deadline (UINT64_MAX: none) */
    uint64_t addrs_sweep_at; /* when the addresses are next swept */
    long turned_away, wrong_keys;
    /* Tables' life (host_table.c). */
    uint32_t table_idle_ms;
    uint64_t idle_save_at; /* when the idle tables' time left is next journalled */
    HostClosed *closed;    /* a ring of HOST_CLOSED_KEPT */
    int closed_next, nclosed;
    char (*doomed)[NET_TABLE_ID_MAX + 1]; /* tables to take out of the journal */
    int ndoomed, doomed_cap;
    long closed_idle, closed_over;
    uint64_t now_ms;     /* the latest time the host was given */
    NetMsg *msg;         /* the message being sent */
    Observation *before; /* a seat's view before a move */
    Observation *after;  /* and after it */
};

/* ---- host_rand.c: randomness ---- */

/* n random bytes from h's source (HostOptions.rand_bytes), else from
 * getrandom (or /dev/urandom); false when none came. */
bool host_rand_bytes(const Host *h, uint8_t *buf, size_t n);
/* A table id of HOST_TABLE_ID_LEN characters [A-Za-z0-9]. */
bool host_rand_table_id(const Host *h, char out[NET_TABLE_ID_MAX + 1]);
/* A seat token of NET_TOKEN_LEN hex digits; a private table's key of
 * NET_KEY_LEN (128 bits). */
bool host_rand_token(const Host *h, char out[NET_TOKEN_LEN + 1]);
bool host_rand_key(const Host *h, char out[NET_KEY_LEN + 1]);
/* Whether two secrets (tokens, keys) are the same, in a time that depends
 * only on `len` (never on where they differ); both hold len bytes, "" an
 * empty one. */
bool host_secret_equal(const char *a, const char *b, size_t len);

/* ---- host_text.c: names and lines as they may show ---- */

/* in, cleaned into out (host.h, "Names and chat"): at most max_chars
 * characters and out_size - 1 bytes, cut on a character. Its length. */
size_t host_text_clean(const char *in, char *out, size_t out_size, size_t max_chars);
/* name with " N" after it, shortened on a character to fit out_size. */
void host_text_numbered(const char *name, int n, char *out, size_t out_size);
/* Whether two names are the same to the eye of a reader of ASCII (case aside). */
bool host_text_same_name(const char *a, const char *b);

/* ---- host_journal.c: the SQLite journal ---- */

/* A table as the journal kept it, for host_restore.c. */
typedef struct HostSavedSeat {
    uint8_t kind;
    bool taken;       /* a person had taken it */
    uint8_t stand_in; /* NetStandIn: CLOCK, CREATOR or OWN come back; else NONE */
    uint32_t bank;    /* the turn clock's bank as last kept (HOST_NO_BANK: none kept) */
    bool creator;     /* the table's creator took this seat */
    char token[NET_TOKEN_LEN + 1];
    char name[NET_NAME_MAX + 1];
} HostSavedSeat;

typedef struct HostSavedTable {
    char id[NET_TABLE_ID_MAX + 1];
    GameConfig cfg;
    bool autostart, started;
    HostAddr owner;
    bool open;
    char key[NET_KEY_LEN + 1];
    int64_t idle_left; /* ms of idleness left when it was journalled; -1: not idle */
    NetClock clock;
    uint8_t watch;
    HostSavedSeat seat[CEKI_MAX_SEATS];
    Move *moves;
    uint8_t *by_ai;      /* HostBy */
    uint32_t *bank_left; /* HOST_NO_BANK: none */
    int nmoves;
} HostSavedTable;

typedef void (*HostSavedFn)(void *ctx, const HostSavedTable *saved);

/* NULL with a sentence in err when data_dir/ceki-server.db cannot be
 * opened; vfs: the SQLite VFS to open it with (NULL: the default). */
HostJournal *journal_open(const char *data_dir, const char *vfs, char *err, size_t err_size);
void journal_close(HostJournal *j);
/* One transaction: begin, put every table that changed, commit (keep
 * false: roll back). put writes what the journal lacks of t (its row, its
 * seats when dirty, its moves from moves_kept on); the caller marks t kept
 * once the commit is done. Each false comes with a sentence in err. */
bool journal_begin(HostJournal *j, char *err, size_t err_size);
bool journal_put_table(HostJournal *j, const HostTable *t, uint64_t now_ms, char *err,
                       size_t err_size);
bool journal_commit(HostJournal *j, bool keep, char *err, size_t err_size);
/* Takes a table out of the journal (inside a transaction). */
bool journal_delete_table(HostJournal *j, const char *id, char *err, size_t err_size);
/* Takes out every table over that the journal holds (its match ended,
 * the host went before it left), calling fn with each one's id first: a
 * host killed as it closed a finished match still answers its seats that
 * the match is over, not that there is no such table. False with err
 * when the journal does not read or write. */
typedef void (*HostFinishedFn)(void *ctx, const char *id);
bool journal_clear_finished(HostJournal *j, HostFinishedFn fn, void *ctx, char *err,
                            size_t err_size);
/* Calls fn for every table not over, in the order they were made; a table
 * whose rows do not read is counted in *skipped and left out. False with
 * err when the journal itself does not read. */
bool journal_load(HostJournal *j, HostSavedFn fn, void *ctx, int *skipped, char *err,
                  size_t err_size);

/* ---- host_send.c: the messages ---- */

void send_log(Host *h, const char *fmt, ...);
void send_msg(Host *h, HostConn conn, const NetMsg *msg);
void send_refused(Host *h, HostConn conn, NetMsgType what, NetReason why, uint32_t move_no,
                  const char *reason);
/* The seat's whole view (and its moves when it is to move in a started match). */
void send_view(Host *h, HostTable *t, int seat);
/* A spectator's whole view (game_observe of GAME_SPECTATOR, no moves). */
void send_watch_view(Host *h, HostTable *t, HostConn conn);
/* m to every spectator of t. */
void send_watchers(Host *h, const HostTable *t, const NetMsg *m);
/* The standings of t round by round as the seats were told them (a move
 * waiting for the journal is not told). */
void send_standings(const HostTable *t, NetStandings *out);
/* The claim window of t as a seat is told it now (closed when none). */
void send_claim_window(const Host *h, const HostTable *t, NetClaimWindow *out);
/* NET_MSG_SEATS (the seats, the clock, the spectators) to every connection
 * seated at t or watching it; while a move of t waits for the journal, once
 * that move is told (what it did to the seats, the clock's stand-in and
 * count, is told only once kept). */
void send_seats(Host *h, HostTable *t, uint64_t now_ms);
/* Asks for t to be written at the next flush (play_flush). */
void send_journal(Host *h, HostTable *t);
bool host_seat_is_person(uint8_t kind);
bool host_seat_is_computer(const HostSeat *s);
/* Whether a person's connection sits at t now. */
bool host_table_person_here(const HostTable *t);
/* The number of moves t's seats were told: a move waiting for the journal
 * is not yet one of them (the start waiting is no move at all). */
uint32_t host_told_move_no(const HostTable *t);
/* Whether t is not being played (not started, or nobody here): what an
 * address's addr_waiting counts. */
bool host_table_waiting(const HostTable *t);

/* ---- host_clock.c: the turn clock's arithmetic ---- */

/* Whether t has a clock. */
bool clock_on(const HostTable *t);
/* Every person's bank full, none of the clock's moves, nothing timed. */
void clock_reset(HostTable *t);
/* The seat whose decision the clock times now (-1: none): at a started
 * match with a clock and no move waiting to be told, the person to move,
 * here and playing their own seat, with no claim window open. */
int clock_timed_seat(const HostTable *t);
/* The clock brought up to now: a decision that ended (a move applied) or
 * stops (its person away, a stand-in) has what it took charged; the
 * decision due now begins with its whole move time, or runs on from what it
 * had left. Call it wherever what clock_timed_seat reads may change. */
void clock_check(HostTable *t, uint64_t now_ms);
/* When the decision timed now runs out (UINT64_MAX: none runs). */
uint64_t clock_due(const HostTable *t);
/* The clock as the seats are told it at now_ms (zeroed: t has none). */
void clock_state(const HostTable *t, uint64_t now_ms, NetClockState *out);
/* Seat s's bank as it stands at now_ms (less what a decision timed now has
 * taken of it). */
uint32_t clock_bank_now(const HostTable *t, int s, uint64_t now_ms);
/* When a seat's bank is next to be kept in the journal (UINT64_MAX: not
 * before something changes): at once when a decision that stopped took
 * some of it, else each HOST_BANK_KEEP_MS one timed now takes from it
 * (not its last moment: the clock's move keeps that). */
uint64_t clock_keep_due(const HostTable *t);

/* ---- host_admit.c: connections, addresses, the admission rules ---- */

HostConnInfo *admit_conn(Host *h, HostConn conn);
/* Whether the rules apply to addr (limits given, not 0, not trusted). */
bool admit_limited(const Host *h, HostAddr addr);
/* NET_REASON_NONE when addr may have one more connection now; take: an
 * admitted one counts against its connections a second. */
NetReason admit_check(Host *h, HostAddr addr, uint64_t now_ms, bool take);
/* A new connection known; NULL when out of memory. */
HostConnInfo *admit_add(Host *h, HostConn conn, HostAddr addr, uint64_t now_ms);
/* Forgets a connection (ci is not valid after; others may have moved). */
void admit_remove(Host *h, HostConnInfo *ci);
/* Forgets conn and closes it through the outbox with why, logged. */
void admit_drop(Host *h, HostConn conn, NetReason why);
/* ci sits at seat of t (seat -1: it watches t, counted as a spectator), or
 * stands up (at no table from now). */
void admit_sit(Host *h, HostConnInfo *ci, HostTable *t, int seat);
void admit_stand(Host *h, HostConnInfo *ci, uint64_t now_ms);
/* NET_REASON_NONE when ci may watch t now (the spectators' caps), or why not. */
NetReason admit_watch(const Host *h, const HostConnInfo *ci, const HostTable *t);
/* ci said CREATE, LIST or JOIN. */
void admit_hello(Host *h, HostConnInfo *ci, uint64_t now_ms);
/* Drops what is past its deadline; forgets addresses with nothing left. */
void admit_tick(Host *h, uint64_t now_ms);
uint64_t admit_due(const Host *h);
/* A wrong key or token from addr; true when it has just been cut off
 * (its connections at no table are dropped). */
bool admit_wrong(Host *h, HostAddr addr, uint64_t now_ms);
/* NET_REASON_NONE when addr may make a table now (and it counts), or why not. */
NetReason admit_table(Host *h, HostAddr addr, uint64_t now_ms);
/* Whether ci may say a line now (and it counts). */
bool admit_chat(HostConnInfo *ci, uint64_t now_ms);
bool admit_init(Host *h, const HostOptions *opt);
void admit_free(Host *h);

/* ---- host_play.c: the match ---- */

/* Deals t's game from t->cfg (with the computer seats' players). */
bool play_deal(Host *h, HostTable *t);
/* Starts the match: once the start is kept (play_flush), every seated
 * connection is told it with the deal's events. */
void play_start(Host *h, HostTable *t, uint64_t now_ms);
/* Applies m for t's seat to move (checked by the core); by says who made
 * it. The move is told at the next play_flush, once it is in the journal;
 * until then t is waiting. The mover's decision ends: the clock charges
 * what it took. */
CekiStatus play_apply(Host *h, HostTable *t, const Move *m, HostBy by);
/* Writes every table that changed in one transaction, then tells each
 * seat the moves now kept (its UPDATE, and the record when the match is
 * over). A failed write is logged and tried again HOST_JOURNAL_RETRY_MS
 * later; nothing it holds is told before it is kept. */
void play_flush(Host *h, uint64_t now_ms);
/* play_flush now, for what is told only once it is kept (a seat's token, a
 * table's id): true when the journal holds t (always without a journal). */
bool play_keep_now(Host *h, HostTable *t, uint64_t now_ms);
/* Replays a journalled move without telling anyone; a computer's move asks
 * its player again so that its randomness is where it was. The mover's
 * bank becomes `bank` (HOST_NO_BANK: as it was) and the clock's moves in a
 * row are counted again. */
CekiStatus play_replay(Host *h, HostTable *t, const Move *m, HostBy by, uint32_t bank);
/* Has t's banks kept in the journal when clock_keep_due has come (no
 * write is due already): their seats' rows written at the next flush. */
void play_bank_keep(Host *h, HostTable *t, uint64_t now_ms);
/* The clock's move for the person whose time ran out (host.h); false when
 * nobody's did. */
bool play_clock_expire(Host *h, HostTable *t, uint64_t now_ms);
/* The hands of the last round that is over to a spectator who joins a
 * table that shows them (none before the first round is over). */
void play_hands_to(Host *h, HostTable *t, HostConn conn);
/* Opens t's claim window when a person is asked to claim now and none is
 * open for this move, closes it when nobody is (host.h). */
void play_claim_check(Host *h, HostTable *t, uint64_t now_ms);
/* Passes for the seat whose claim window has run out; false when none did. */
bool play_claim_expire(Host *h, HostTable *t, uint64_t now_ms);
/* Whether the seat to move is played by the host's computer now. */
bool play_computer_due(const HostTable *t);
/* One move of the computer playing the seat to move. */
void play_computer_move(Host *h, HostTable *t);
/* The level a stand-in plays at: the strongest computer seat's, else greedy. */
AiLevel play_table_level(const HostTable *t);
AiPlayer *play_new_ai(const HostTable *t, int seat, AiLevel level);

/* ---- host_table.c: tables ---- */

/* conn (from addr) asks for a table: made and told (CREATED), or refused. */
void table_create(Host *h, HostConn conn, HostAddr addr, const NetCreate *c, uint64_t now_ms);
void table_list(Host *h, HostConn conn);
HostTable *table_find(Host *h, const char *id);
/* Starts t when it starts by itself and every seat is filled. */
void table_autostart(Host *h, HostTable *t, uint64_t now_ms);
/* t's clock and spectators as its rules say, every bank full (a new table,
 * or one restored before its moves are replayed). */
void table_set_watch(HostTable *t, const NetClock *clock, uint8_t watch);
/* Adds t to the host (false when out of memory; t is then freed). */
bool table_add(Host *h, HostTable *t);
HostTable *table_new(const GameConfig *cfg, const char *id);
void table_free(HostTable *t);
/* Closes the tables whose idle time is over and the finished ones whose
 * record is out (host.h, "Tables' life"). */
void table_sweep(Host *h, uint64_t now_ms);
/* When t is due for host_tick (0: now; UINT64_MAX: nothing). */
uint64_t table_due(const HostTable *t);
/* t's idleness as it stands now: not idle, or idle since now (reset: even
 * when it was idle for that reason already: a seat taken, a computer seated). */
void table_idle_touch(Host *h, HostTable *t, uint64_t now_ms, bool reset);
/* A restored table idle for `left_ms` more (-1: as a new one's). */
void table_idle_resume(Host *h, HostTable *t, uint64_t now_ms, int64_t left_ms);
/* Every idle table's time left journalled: every HOST_IDLE_SAVE_MS, or now (all). */
void table_idle_save(Host *h, uint64_t now_ms, bool all);
/* Why the table of that id was closed (NET_REASON_NONE: none of those remembered). */
NetReason table_closed_why(const Host *h, const char *id);
/* Remembers table id as closed for why (the last HOST_CLOSED_KEPT). */
void table_remember(Host *h, const char *id, NetReason why);
/* The name `sent` as seat `seat` or spectator `watcher` of t shows it (the
 * other -1): cleaned, and numbered when another seat or spectator of t
 * shows it already. */
void table_fit_name(const HostTable *t, int seat, int watcher, const char *sent,
                    char out[NET_NAME_MAX + 1]);

/* ---- host_restore.c ---- */

/* Brings back every table of the journal, its seats away with their grace
 * running from now_ms. False with err on a journal that does not read. */
bool restore_tables(Host *h, uint64_t now_ms, char *err, size_t err_size);

/* ---- host_watch.c ---- */

/* ci asks to watch t (NetJoin.watch; host.h, "Spectators"). */
void watch_join(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms);
/* A spectator goes (its connection closed, or it asks for a seat). */
void watch_leave(Host *h, HostConnInfo *ci, uint64_t now_ms);
/* A spectator's chat line: to the spectators only until the match is over. */
void watch_chat(Host *h, HostConnInfo *ci, NetMsg *line);

/* ---- host_seat.c ---- */

void seat_join(Host *h, HostConn conn, const NetJoin *j, uint64_t now_ms);
/* A seated connection went: its seat is away, its grace running. */
void seat_leave(Host *h, HostConnInfo *ci, uint64_t now_ms);
/* Grace periods running out and the countdown's messages of t. */
void seat_tick(Host *h, HostTable *t, uint64_t now_ms);
/* The creator's NET_MSG_START of its table: the one it sits at, else the
 * last it made. */
void seat_start(Host *h, HostConn conn, uint64_t now_ms);
/* The creator's NET_MSG_SEAT_AI: seat s of its table to a computer of kind. */
void seat_give_ai(Host *h, HostConn conn, int s, uint8_t kind, uint64_t now_ms);
/* NET_MSG_STAND_IN (host.h, "Stand-ins asked for"). */
void seat_stand_in(Host *h, HostConn conn, const NetStandInAsk *ask, uint64_t now_ms);
/* A person's move at a seat stood in for (by the clock, the creator or
 * their wish), or their asking off: the seat is theirs again, kept in the
 * journal before SEATS tells it; false (and the seat as it was) when the
 * journal cannot keep it now. */
bool seat_take_back(Host *h, HostTable *t, int s, uint64_t now_ms);

#endif
