/* sim.h — a deterministic world for the host (tests/sim/README.md): what
 * the simulator's files share.
 *
 * Contract
 * - One World is one run: one or more Hosts (src/host, as ceki-server runs
 *   them, each with its journal in a temporary directory opened through a
 *   VFS of the simulator's, sim_vfs.c), up to CEKI_MAX_SEATS seated clients
 *   a table and a few others (creators, strangers), a network of links
 *   (sim_net.c) and one clock, all drawn from one 64-bit seed. Nothing in
 *   it reads the real clock or the system's randomness, so a seed replays
 *   the same run byte for byte.
 * - The world moves by steps: each step is one event taken from a queue
 *   ordered by simulated time (then by the order events were made): a
 *   message delivered, a connection seen up or gone, a host's tick, a
 *   client's timer, a fault. After every step the invariants are checked
 *   (sim_check.c); the first one broken ends the run, its name and step
 *   in the summary.
 * - Client kinds (sim_kinds.c), hostile acts (sim_mischief.c) and faults
 *   (sim_fault.c) are tables: a new one is a row.
 * - The sim may look inside the host (host_internal.h) for its oracle: the
 *   host's game, history and seats are the truth the messages are checked
 *   against, never something a client is given.
 * - No globals but SQLite's own list of VFSes (a world registers its VFS
 *   under a name of its own and removes it at the end); one thread.
 */
#ifndef CEKI_SIM_H
#define CEKI_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ai.h"
#include "game.h"
#include "host.h"
#include "proto.h"

#define SIM_MAX_HOSTS 2
#define SIM_MAX_TABLES 8
#define SIM_EXTRA_CLIENTS 5 /* a table's creator, up to two strangers and two spectators */
#define SIM_MAX_CREWS 3     /* hostile crews a world may hold (sim_crew.c) */
#define SIM_CREW_MAX 24     /* clients of one crew */
#define SIM_MAX_CLIENTS                                                                            \
    (SIM_MAX_TABLES * (CEKI_MAX_SEATS + SIM_EXTRA_CLIENTS) + SIM_MAX_CREWS * SIM_CREW_MAX)
#define SIM_MAX_ADDRS (SIM_MAX_CLIENTS + 1)
#define SIM_BROKE_MAX 400 /* bytes of the broken invariant's sentence */
#define SIM_NEVER UINT64_MAX
#define SIM_LOG_LINES 64 /* the host's last log lines kept for --trace */
#define SIM_LOG_LINE 256

/* ---- sim_rng.c: the one source of randomness (splitmix64) ---- */

typedef struct SimRng {
    uint64_t s;
} SimRng;

uint64_t sim_rng_next(SimRng *r);
/* 0..n-1 (0 when n is 0). */
uint32_t sim_rng_below(SimRng *r, uint32_t n);
/* lo..hi inclusive. */
uint64_t sim_rng_range(SimRng *r, uint64_t lo, uint64_t hi);
/* true with probability per_mille / 1000. */
bool sim_rng_chance(SimRng *r, uint32_t per_mille);
/* A stream of its own, drawn from r and a tag (so one part's draws do not
 * shift another's when it changes). */
SimRng sim_rng_fork(SimRng *r, uint64_t tag);

/* ---- sim_queue.c: the events, by time ---- */

typedef enum SimEventKind {
    SIM_EV_DELIVER = 0, /* a message reaches the other end of a link */
    SIM_EV_UP,          /* one end of a link learns it is up */
    SIM_EV_BYE,         /* one end of a link learns it is gone */
    SIM_EV_HOST_TICK,   /* a host's loop runs its timers */
    SIM_EV_HOST_START,  /* a host (re)starts from its journal */
    SIM_EV_CLIENT,      /* a client's timer */
    SIM_EV_FAULT,       /* a fault of the table's row `a` strikes */
    SIM_EV_DISK,        /* a host's disk has room again */
    SIM_EV_KIND_COUNT
} SimEventKind;

typedef struct SimEvent {
    uint64_t at, seq;
    uint8_t kind; /* SimEventKind */
    uint8_t side; /* SimSide, for link events */
    uint8_t channel;
    uint8_t reason; /* NetReason of a BYE */
    uint32_t a;     /* link, host, client or fault row */
    uint32_t gen;   /* the generation it was made for (stale ones are skipped) */
    uint8_t *bytes; /* a delivered message, owned by the event */
    uint32_t len;
} SimEvent;

typedef struct SimQueue {
    SimEvent *ev;
    size_t n, cap;
    uint64_t seq;
} SimQueue;

bool sim_queue_push(SimQueue *q, const SimEvent *e);
bool sim_queue_pop(SimQueue *q, SimEvent *out);
void sim_queue_free(SimQueue *q);

/* ---- the world's parts ---- */

typedef enum SimSide { SIM_TO_HOST = 0, SIM_TO_CLIENT = 1 } SimSide;

/* One connection: ENet's reliable, ordered channels between a client and
 * a host (sim_net.c says what is modelled). */
typedef struct SimLink {
    uint32_t id; /* the HostConn, never reused */
    int client, host;
    uint32_t host_epoch; /* the host's life it was made in */
    bool host_open;      /* the host was told it connected, and not yet that it went */
    bool host_gone;      /* the host's end takes nothing more (it dropped it, or died) */
    bool client_open;    /* the client saw it up, and not yet gone */
    bool client_gone;    /* the client's end takes nothing more */
    bool broken;         /* the path broke or an end died: each end learns in time */
    uint64_t cutoff[2];  /* per way: what would arrive after this is lost */
    uint32_t latency_ms; /* one way */
    uint64_t last_at[2][NET_CHANNELS]; /* the latest delivery queued, per way and channel */
    int in_flight[2];
    bool host_told_gone; /* host_disconnected was called for it */
    bool record_whole;   /* the last chunk of a record reached the client */
    int table, seat;     /* what the host's WELCOME on it said (-1: none) */
    bool watching;       /* that WELCOME let it watch its table (seat SIM_WATCHING) */
    /* Admission, in the host's time: when the host took it, when it said
     * CREATE, LIST or JOIN first (0: not yet), whether a seat was ever
     * welcomed on it (its deadlines then are the table's business). */
    uint64_t host_since, hello_at;
    bool ever_seated;
    bool host_dropped;   /* the host dropped it (on the wire when the step ends) */
    uint64_t chat_first; /* the host's time of the first chat line it relayed from it */
    long chats;          /* lines relayed from it */
    uint64_t chat_last;
} SimLink;

/* What a host sent in a step, held until the step ends (sim_host.c). */
typedef enum SimOutKind { SIM_OUT_SEND = 0, SIM_OUT_DROP } SimOutKind;
typedef struct SimOut {
    uint32_t conn;
    uint8_t kind;   /* SimOutKind */
    uint8_t reason; /* a drop's NetReason */
    uint8_t *bytes; /* a message's encoding */
    uint32_t len;
    /* What it tells, once on the wire (check_sent fills it in): */
    uint8_t type; /* NetMsgType */
    int table;    /* the sim's table it is about, -1 none */
    int seat;     /* a WELCOME's seat */
    uint32_t
        tells; /* a VIEW's or UPDATE's move number; a SEATS's handovers (SIM_HANDED_BITS a seat) */
    uint32_t stood; /* a SEATS's kept stand-ins (the clock's too; SIM_HANDED_BITS a seat) */
    bool start;     /* the UPDATE that starts the match */
} SimOut;

/* What a call into a host was, for the moves it may make (check_moves_made). */
typedef enum SimCall {
    SIM_CALL_MOVE = 0, /* a NET_MSG_MOVE from a link: at most that seat's move */
    SIM_CALL_OTHER,    /* any other message or event: no move */
    SIM_CALL_TICK      /* host_tick: the host's own moves (computers, stand-ins, passes) */
} SimCall;

/* What the simulator's VFS does to one host's files (sim_vfs.c). */
typedef struct SimDisk {
    bool full;     /* writes fail with SQLITE_FULL */
    bool frozen;   /* the process died: nothing more reaches the files */
    long crash_in; /* > 0: the host dies at its crash_in-th write from now */
    long writes, syncs, full_refusals;
} SimDisk;

/* An address of the world (IPv4, in 127.0.0.0/8 as the e2e tests use),
 * one or more clients behind it; what the simulator knows of its
 * standing at each host. */
typedef struct SimAddr {
    HostAddr addr;
    bool hostile;                          /* a hostile crew's (it may be cut off) */
    uint64_t cut_until[SIM_MAX_HOSTS];     /* host time it is cut off until (0: not) */
    uint64_t refuse_second[SIM_MAX_HOSTS]; /* the transport's refusals told this second */
    int refusals[SIM_MAX_HOSTS];           /* ... and how many */
    uint64_t wrong_first[SIM_MAX_HOSTS];   /* host time of its first wrong key or token */
    long wrongs[SIM_MAX_HOSTS];            /* wrong keys and tokens told as such */
    uint32_t epoch[SIM_MAX_HOSTS];         /* the host's life the figures are of */
} SimAddr;

#define SIM_ABSENT UINT32_MAX

typedef struct SimHost {
    int index;
    Host *h; /* NULL while down */
    uint32_t epoch;
    char dir[256];
    char vfs_name[48];
    SimDisk disk;
    int64_t clock_offset; /* the host's now_ms = world time + this */
    uint64_t tick_at;     /* the tick queued (SIM_NEVER: none) */
    uint32_t tick_gen;
    bool called;         /* something happened to it this step: a round follows */
    uint32_t links_from; /* links before this one are closed at every host (check_ticked) */
    /* The call into it under way (check_moves_made): what it is, the link it
     * is for (NULL: none), its message's type and move, each table's moves
     * before it (SIM_ABSENT: the host had not the table). */
    bool in_call;
    uint8_t call_kind; /* SimCall */
    SimLink *call;
    uint8_t call_type;
    int call_table, call_seat;    /* a STAND_IN's or MOVE's table and seat (-1: none), */
    uint8_t call_state, call_why; /* ... and that seat's state and stand-in before it */
    const NetMove *call_move;
    uint32_t call_before[SIM_MAX_TABLES];
    SimOut *out; /* what it sent this step, delivered when the step ends */
    size_t nout, out_cap;
    void *reader;         /* an sqlite3* of the simulator's own on the journal */
    void *count_moves;    /* its prepared statement */
    void *vfs;            /* the real-file VFS registered for this host (sim_vfs.c), */
    void *memfs;          /* or the one in memory (sim_memfs.c) */
    SimRng rng, disk_rng; /* the host's randomness (tokens, ids), SQLite's */
    struct World *w;
    HostOptions opt;
    HostLimits limits;  /* opt.limits points here */
    uint32_t max_conns; /* the transport's peers, which the limits are drawn from */
    char log[SIM_LOG_LINES][SIM_LOG_LINE];
    int nlog;
    long kills, restarts, failed_starts;
} SimHost;

/* Who made a move (SimTable.made_by: one of these, with SIM_MOVER_CHANGED
 * when it was not the choice the seat's own player would have made). */
#define SIM_MOVER_CHANGED 0x80u
typedef enum SimMover {
    SIM_BY_SEAT = 0, /* its seat's client, with its own player */
    SIM_BY_COMPUTER, /* a computer seat at the host */
    SIM_BY_STAND_IN, /* the host's stand-in for a person away */
    SIM_BY_EXPIRY,   /* the host's pass when a claim window ran out */
    SIM_BY_FOUL,     /* its seat's client, but not its player's choice (a rogue's act) */
    SIM_BY_CLOCK     /* the host's computer, for a person here whose time ran out */
} SimMover;

/* A table as the simulator knows it: its rules (seed included), the game as
 * told (the mirror) and what each seat's view was at every move told. */
typedef struct SimTable {
    int index, host, creator;
    char id[NET_TABLE_ID_MAX + 1]; /* "" until the host made it */
    bool open;                     /* listed, and joined without a key */
    char key[NET_KEY_LEN + 1];     /* a private table's, from its CREATED */
    uint8_t closed;                /* the NetReason the host closed it for (NONE: it stands) */
    GameConfig cfg;
    NetTableRules rules;
    bool autostart;
    AiLevel level[CEKI_MAX_SEATS];        /* who plays each seat (its client's or computer's) */
    bool ai_seat[CEKI_MAX_SEATS];         /* a computer the creator asks for (NET_MSG_SEAT_AI) */
    int holder[CEKI_MAX_SEATS];           /* the client welcomed to each seat, -1 none */
    uint32_t holder_link[CEKI_MAX_SEATS]; /* the link holding it now (0: away) */
    char token[CEKI_MAX_SEATS][NET_TOKEN_LEN + 1];
    uint64_t away_since[CEKI_MAX_SEATS]; /* host time the host last saw the seat go */
    Game *mirror;                        /* the host's game as far as its messages showed it */
    uint32_t mirrored;                   /* its moves (sent, maybe not yet on the wire) */
    uint32_t told;                       /* moves told: on the wire */
    bool id_told;                        /* CREATED went out */
    bool token_told[CEKI_MAX_SEATS];     /* the seat's WELCOME went out */
    uint32_t kept;                       /* moves the journal was last read to hold */
    uint64_t *truth;                     /* truth[k * players + s]: seat s's view hash at move k */
    size_t truth_cap;
    uint8_t *made_by; /* SimMover of each move applied */
    size_t made_cap;
    uint32_t applied; /* moves the host applied (made_by's count) */
    bool started, over_told, stuck;
    bool over_host;      /* the host's game is over, told or not */
    int claim_seat;      /* the claim window told last: whose, at which move, */
    uint32_t claim_move; /* and when it closes on the host's clock */
    uint64_t claim_end;
    char *record; /* the host's record once told */
    size_t record_len;
    bool as_match; /* over, every move its seat's own choice, and ceki-cli match's */
    /* The turn clock: the host time the decision now could start at the
     * earliest (the last move applied, the match's start, the host's start). */
    uint64_t decide_from;
    uint64_t moved_at; /* the world's time the host last applied a move of it (0: none) */
    /* Handovers (NET_MSG_STAND_IN): the link that made the table, while
     * the host takes it for its creator (0: none); each seat handed to the
     * computer as the simulator reckons it (NET_STAND_IN_CREATOR or _OWN,
     * else NONE), and as the last SEATS on the wire showed it. */
    uint32_t creator_link;
    uint8_t handed[CEKI_MAX_SEATS];
    uint8_t handed_told[CEKI_MAX_SEATS];
    /* Each seat's kept stand-in (the clock's, the creator's or its own;
     * else NONE) as the last SEATS on the wire showed it, and the ones the
     * host may have kept since: that one, and each the host held after a
     * call since then (one bit a NetStandIn). A restarted host holds one of
     * them (restart-lost-stand-in, -take-back, -handover). */
    uint8_t stood_told[CEKI_MAX_SEATS];
    uint8_t stood_since[CEKI_MAX_SEATS];
    bool stood_ever[CEKI_MAX_SEATS]; /* a SEATS ever showed it stood in for */
    bool creator_stays;   /* the creator watches the match and hands stalled seats over */
    uint32_t handover_ms; /* ... after a decision has waited this long (its own clock) */
} SimTable;

struct SimClientKind;
struct World;
typedef struct SimClient {
    int index, table, host;
    int addr; /* w->addrs[addr] */
    int crew; /* the hostile crew it belongs to (-1: none) */
    const struct SimClientKind *kind;
    AiLevel level;
    uint32_t think_ms;
    /* A person who stalls (at a table with a clock): each decision takes
     * stall_ms instead of think_ms while its own clock is before
     * stall_until (stall_ms 0: never stalls). */
    uint32_t stall_ms;
    uint64_t stall_until;
    /* A person who steps away once: at its own time away_at it asks the
     * computer to play its seat (NET_STAND_IN_OWN) and makes no move for
     * away_ms; its next move takes the seat back (SIM_NEVER: never). */
    uint64_t away_at, away_until;
    uint32_t away_ms;
    /* A rogue's attempts to hand another's seat over, drawn from a stream
     * of their own (hand_at its own time, SIM_NEVER: none). */
    SimRng hand_rng;
    uint64_t hand_at;
    int seat;      /* the seat its last WELCOME gave it (-1: none) */
    bool alive;    /* its process runs */
    bool done;     /* it has ended for good (or finished) */
    bool net_down; /* its network is down until net_back */
    uint64_t net_back;
    uint32_t link; /* its connection (0: none) */
    int64_t clock_offset;
    uint64_t lost_at, next_try; /* reconnecting (cmd_bot.c's backoff) */
    uint32_t backoff;
    uint32_t retry_ms;   /* > 0: it comes back this soon after any drop, whatever the reason
                            (a hostile program), instead of the bot's backoff */
    uint64_t quit_at;    /* its own time it stops for good (SIM_NEVER: when its kind is done) */
    uint32_t act_gap_ms; /* a crew's client: how often it acts */
    bool talks;          /* an idler that asks for the list once */
    uint64_t wake_at;
    uint32_t wake_gen;
    char token[NET_TOKEN_LEN + 1]; /* its token file: survives a restart */
    bool joined_with_token;        /* the JOIN on this link carried one */
    void *st;                      /* the kind's own state */
    SimRng rng;
    long restarts, reconnects, sent;
    bool got_record; /* a record's last chunk reached it on some link */
    bool has_own;    /* the last move its own player chose, and for which move number */
    uint32_t own_no;
    Move own_move;
    bool touched; /* something happened to it this step (its timer is asked again) */
    bool viewed;  /* a VIEW or an UPDATE reached it this step (its view is checked) */
    char end[96]; /* why it ended, "" while it plays */
} SimClient;

typedef struct SimStats {
    long steps, delivered, lost, links, cuts, host_kills, write_kills, restarts, disk_full,
        clock_jumps, client_restarts, gone, mischief, refused, stand_in_moves, expiries,
        clock_moves;
    long admitted_away; /* connections refused by admission (host_admit or after) */
    long closed_idle;   /* tables the host closed for being unused */
    long crews;         /* hostile clients (sim_crew.c) */
    uint64_t sim_ms;
} SimStats;

typedef struct World {
    uint64_t seed;
    SimRng rng;
    uint64_t now;
    long step, max_steps;
    uint64_t end_ms; /* simulated time after which a started table not over is stalled */
    SimQueue q;
    SimHost host[SIM_MAX_HOSTS];
    int nhosts;
    SimTable table[SIM_MAX_TABLES];
    int ntables;
    SimClient client[SIM_MAX_CLIENTS];
    int nclients;
    SimAddr addrs[SIM_MAX_ADDRS];
    int naddrs;
    SimLink **links; /* by id - 1 */
    uint32_t nlinks, links_cap;
    uint32_t fault_gap[16]; /* per fault row: mean ms between strikes (0: never) */
    uint32_t peer_timeout_ms, client_timeout_ms, jitter_ms, latency_ms;
    uint32_t fault_down_ms; /* the longest a killed host stays down */
    uint64_t faults_until;  /* no fault strikes after this */
    SimStats stats;
    bool broken;
    char broke[SIM_BROKE_MAX];
    long broke_step;
    NetMsg *msg, *reply; /* scratch: a decoded message, a client's reply */
    uint8_t *buf;        /* scratch: an encoded message */
    Observation *obs;    /* scratch */
    FILE *trace;         /* NULL unless asked */
    bool real_files;     /* the journals on real files (else in memory) */
    char tmp_root[200];
} World;

/* A kind of client (sim_kinds.c): a row of the table of kinds. Times are
 * the client's own clock (client_now). */
typedef struct SimClientKind {
    const char *key;
    bool seated;  /* it takes a seat at its table and plays it */
    bool honest;  /* it never guesses a key or a token, nor floods (so it is never cut off) */
    bool watches; /* it watches its table as a spectator (sim_watch.c) */
    /* Its process starts (its state from nothing but c->token) or ends. */
    bool (*start)(struct World *w, SimClient *c);
    void (*stop)(SimClient *c);
    /* Its link is up: it says what it came for. */
    void (*up)(struct World *w, SimClient *c);
    void (*msg)(struct World *w, SimClient *c, const NetMsg *m);
    /* Its link went (it will come back on a new one). */
    void (*lost)(struct World *w, SimClient *c);
    /* When it wants to act next (SIM_NEVER: only when a message comes). */
    uint64_t (*due)(const struct World *w, const SimClient *c);
    void (*act)(struct World *w, SimClient *c);
    /* The view it holds and the move number it holds it for (exact: the view
     * is that move's; else an earlier one's); NULL when it holds none. */
    const Observation *(*view)(const SimClient *c, uint32_t *move_no, bool *exact);
    /* The match's record once it has it whole. */
    const char *(*record)(const SimClient *c, size_t *len);
    /* It has nothing more to do. */
    bool (*finished)(const SimClient *c);
    /* At the run's end: what it kept agrees with itself (false: sim_fail said why). */
    bool (*end_check)(struct World *w, SimClient *c);
} SimClientKind;

extern const SimClientKind sim_kind_bot, sim_kind_feed, sim_kind_rogue, sim_kind_stranger,
    sim_kind_creator, sim_kind_idler, sim_kind_tabler, sim_kind_guesser, sim_kind_watcher,
    sim_kind_peeker;

/* What a peeker's chat lines begin with (no seat may get one before the
 * match is over). */
#define SIM_WATCH_CHAT "from the gallery"
/* A link's seat when it watches its table. */
#define SIM_WATCHING (-1)
/* A SEATS message's handovers packed in SimOut.tells: each seat's
 * NET_STAND_IN_CREATOR or _OWN (else 0) in SIM_HANDED_BITS bits. */
#define SIM_HANDED_BITS 4u

/* ---- sim_world.c ---- */

/* How long client c thinks over a decision at its own time now (its stall
 * while it stalls, else its think time). */
uint32_t world_think_ms(const SimClient *c, uint64_t now);
/* The gap before a rogue's next attempt to hand another's seat over. */
uint64_t world_hand_gap(SimClient *c);

/* What a run came to, for a driver of many. */
typedef struct SimResult {
    uint64_t sim_ms; /* simulated time */
    long steps;
    long matches;              /* matches whose record was told */
    long as_match;             /* of them, compared with ceki-cli match's and the same */
    char broke[SIM_BROKE_MAX]; /* the first broken invariant ("" none): its name first */
} SimResult;

/* How a world is run: its tables (1..SIM_MAX_TABLES, 0: drawn from the
 * seed), at most `steps` steps, every step on `trace` when not NULL, and
 * its journals on real files in a temporary directory (sim_vfs.c) or in
 * memory (sim_memfs.c). */
typedef struct SimRunOptions {
    int tables;
    long steps;
    FILE *trace;
    bool real_files;
    FILE *matches; /* not NULL: each match ceki-cli match can play (its game's default
                      length) that was its seats' own choices, as sim_print_matches says */
} SimRunOptions;

/* A new address of the world (its index in w->addrs). */
int world_addr(World *w, bool hostile);
/* A new client of `kind` for table `table` (-1: none; its host then 0)
 * behind address `addr`; it starts at its next_try. */
SimClient *world_client(World *w, const SimClientKind *kind, int table, int addr);

/* ---- sim_crew.c: hostile crews ---- */

/* Draws the world's hostile crews (none, or up to SIM_MAX_CREWS) and their
 * clients, each crew behind one address of its own. */
void crew_plan(World *w);

/* Runs the world of `seed`: the summary line in line (no newline) and, when
 * res is not NULL, what it came to. true: ok. */
bool sim_run(const SimRunOptions *o, uint64_t seed, char *line, size_t size, SimResult *res);
/* Queues an event at w->now + after_ms. */
void sim_at(World *w, uint64_t after_ms, const SimEvent *e);

/* ---- sim_check.c: the invariants ---- */

/* Ends the run: the first broken invariant, its name then a sentence. */
void sim_fail(World *w, const char *name, const char *fmt, ...);
/* A message the host sends on link l (bytes: its encoding), as the host
 * sends it: what the seat may see. What it tells goes in *o, counted once
 * it is on the wire (check_flushed). */
void check_sent(World *w, SimHost *sh, SimLink *l, const NetMsg *m, const uint8_t *bytes,
                size_t len, SimOut *o);
/* A message of the host's goes on the wire: what it tells is told. */
void check_flushed(World *w, const SimHost *sh, const SimOut *o);
/* After a call into the host (sh->call_*): each move it made was its
 * maker's to make, and each table it let go was closed as the rules say. */
void check_moves_made(World *w, SimHost *sh);
/* Admission, as the simulator reckons it (sim_check.c): host_admit said
 * `why` to l's CONNECT (cut-off-ignored, honest-cut-off). */
void check_admitted(World *w, SimHost *sh, const SimLink *l, NetReason why);
/* The host drops conn with `why`, in a call (seated-dropped, honest-cut-off). */
void check_dropped(World *w, SimHost *sh, HostConn conn, NetReason why);
/* After the host took m from l (its messages from out_before on are the
 * call's): chat relayed too fast, hostile clients seated, tables of one
 * address past their limit. */
void check_received(World *w, SimHost *sh, SimLink *l, const NetMsg *m, size_t out_before);
/* Before and after the host takes a STAND_IN or a MOVE from l (its
 * messages from out_before on are the call's): a handover is refused as
 * the protocol says (only the creator hands another's seat over), kept,
 * told to every seat, and taken back by the person's move. */
void check_handover_before(World *w, SimHost *sh, SimLink *l, const NetMsg *m);
void check_handover_after(World *w, SimHost *sh, SimLink *l, const NetMsg *m, size_t out_before);
/* After a tick: no connection kept past its admission deadline. */
void check_ticked(World *w, SimHost *sh);
/* What the journal holds of every table told beyond it (after a step). */
void check_journal(World *w, SimHost *sh);
/* A host restarted: it has every move it told, and every token. */
void check_restarted(World *w, SimHost *sh);
/* A client after it took a message: it holds only what its seat was shown;
 * once its link is quiet, its view is the host's. */
void check_client(World *w, SimClient *c);
/* The end: records, replays, ceki-cli match; how many matches were
 * ceki-cli match's. */
long check_end(World *w);

/* ---- sim_oracle.c: the tables' truth ---- */

/* t's mirror dealt from its seed, and its views at move 0 (false: no memory). */
bool oracle_init(World *w, SimTable *t);
/* Brings t's mirror to `moves` moves from the host's own history (false:
 * the sim failed). */
bool oracle_advance(World *w, SimTable *t, uint32_t moves);
/* The mirror back to the moves told, after a host died with moves sent
 * but not on the wire (its next life may make others). */
bool oracle_rewind(World *w, SimTable *t);
/* Seat s's view hash at move k (0 when not known). */
uint64_t oracle_truth(const SimTable *t, uint32_t k, int s);
/* The host's table of that id (NULL: it has none). */
struct HostTable *oracle_host_table(const SimHost *sh, const char *id);
/* The sim's table of a host's table id (NULL: none). */
SimTable *oracle_table(World *w, int host, const char *id);
/* Moves the journal of sh holds for table id (-1: it could not be read). */
long oracle_journal_moves(SimHost *sh, const char *id);
void oracle_free(SimTable *t);
/* Notes that t's move i was made by `who`. */
void oracle_note_move(World *w, SimTable *t, uint32_t i, SimMover who, int seat);
/* The host lost l (told, or dropped it): its seat, if it held one, is away. */
void oracle_seat_gone(World *w, SimHost *sh, const SimLink *l);

/* ---- sim_expect.c ---- */

/* The game `ceki-cli match` plays with these levels (NULL when a seat
 * could not move). */
Game *expect_cli_match(const GameConfig *cfg, const AiLevel *levels);

/* ---- sim_net.c: links ---- */

SimLink *net_link(const World *w, uint32_t id);
/* A new link from client c to its host (the connect attempt). */
void net_connect(World *w, SimClient *c);
/* Sends m on l one way (encoded; the sender must not be gone). */
void net_send(World *w, SimLink *l, SimSide to, const NetMsg *m);
void net_send_bytes(World *w, SimLink *l, SimSide to, const uint8_t *bytes, size_t len);
/* The path breaks: in flight is lost, each end learns after its timeout. */
void net_cut(World *w, SimLink *l);
/* The host closes l with a reason (after what it queued). */
void net_host_drop(World *w, SimLink *l, NetReason why);
/* The client closes l (leaving) or its process died (gone without a word). */
void net_client_close(World *w, SimLink *l, bool leaving);
/* A host died: every link of it is cut. */
void net_host_died(World *w, SimHost *sh);
/* An event of a link. */
void net_event(World *w, const SimEvent *e);
/* Nothing in flight on l either way. */
bool net_quiet(const SimLink *l);

/* ---- sim_vfs.c: the journal's disk ---- */

/* Registers a VFS of name sh->vfs_name over SQLite's default, acting on
 * sh->disk. False when SQLite refuses it. */
bool vfs_register(SimHost *sh);
void vfs_unregister(SimHost *sh);

/* ---- sim_memfs.c: the journal's disk in memory ---- */

/* Registers a VFS of name sh->vfs_name whose files live in memory, acting
 * on sh->disk as sim_vfs.c's does. */
bool memfs_register(SimHost *sh);
void memfs_unregister(SimHost *sh);

/* ---- sim_host.c: hosts as processes ---- */

bool host_sim_start(World *w, SimHost *sh);
/* The CONNECT of l reaches the host: host_admit's answer for its address. */
NetReason host_sim_admit(World *w, SimHost *sh, SimLink *l);
/* Killed between two steps (or inside a write: disk.frozen). */
void host_sim_kill(World *w, SimHost *sh, uint64_t down_ms);
void host_sim_receive(World *w, SimHost *sh, SimLink *l, const NetMsg *m);
void host_sim_connected(World *w, SimHost *sh, SimLink *l);
void host_sim_disconnected(World *w, SimHost *sh, SimLink *l);
void host_sim_tick(World *w, SimHost *sh);
/* The step ends: what the host sent goes out (unless it died in the step),
 * its next tick is queued. */
void host_sim_end_step(World *w, SimHost *sh);
uint64_t host_sim_now(const World *w, const SimHost *sh);
/* A host's event: its tick, its start, its disk having room again. */
void host_sim_event(World *w, const SimEvent *e);
void host_sim_free(SimHost *sh);

/* ---- sim_client.c: clients as processes ---- */

void client_start(World *w, SimClient *c);
/* It ends for good, for that reason. */
void client_end(World *w, SimClient *c, const char *why);
void client_wake(World *w, SimClient *c);
void client_on_up(World *w, SimClient *c, SimLink *l);
void client_on_msg(World *w, SimClient *c, SimLink *l, const NetMsg *m);
void client_on_bye(World *w, SimClient *c, SimLink *l, NetReason why);
/* The process is killed; back after down_ms with its token (SIM_NEVER: never). */
void client_kill(World *w, SimClient *c, uint64_t down_ms);
/* Its network goes down for down_ms (its link cut). */
void client_net_down(World *w, SimClient *c, uint64_t down_ms);
/* Sends m on its link (nothing when it has none up). */
void client_send(World *w, SimClient *c, const NetMsg *m);
uint64_t client_now(const World *w, const SimClient *c);
/* Queues its timer for its kind's next due time. */
void client_reschedule(World *w, SimClient *c);
void client_free(SimClient *c);

#endif
