/* host.h — the authoritative host of network tables.
 *
 * Contract
 * - SDL-free and transport-free: the host speaks NetMsg (net/proto.h) with
 *   connections named by number. ceki-server feeds it what ENet receives
 *   and sends what it hands to the outbox; the app runs the same host in
 *   process, its local seats being connections without sockets. So every
 *   game goes through the same rules path.
 * - Many tables at once, each an independent match. The host alone holds
 *   each table's Game (seed, deck order); a seat receives only
 *   NET_MSG_WELCOME, NET_MSG_SEATS, NET_MSG_VIEW (its game_observe and its
 *   legal moves when it is to move), NET_MSG_UPDATE (the move's events
 *   through game_events_for_seat, its view's delta, its moves), NET_MSG_REFUSED,
 *   NET_MSG_CHAT, and after the match NET_MSG_RECORD: the record text in
 *   chunks, in order, each at most NET_RECORD_CHUNK bytes (proto.h), so a
 *   record of any variant up to NET_RECORD_MAX arrives whole. Nothing sent
 *   before the match is over carries the seed. A spectator (below) receives
 *   the same messages as a seat-less view, and NET_MSG_HANDS.
 * - A seat's move is checked by the core (game_apply); a move for another
 *   seat, out of turn, stale or illegal is refused with NET_MSG_REFUSED and
 *   changes nothing.
 * - The order of messages: joining, a seat gets NET_MSG_WELCOME, then its
 *   whole NET_MSG_VIEW, then everyone at the table NET_MSG_SEATS. When the
 *   match starts, and once the journal holds that it started (at the
 *   host_tick after, as for a move), every seated connection gets
 *   NET_MSG_SEATS, then one NET_MSG_UPDATE with move_no 0 and move MOVE_NONE
 *   (card and target CARD_NONE): the deal's events (game_create's: a
 *   seating draw, a cut) as it sees them, an unchanged view's delta, and its
 *   moves when it is to move. After that, one NET_MSG_UPDATE per move
 *   applied. A table restored filled and not started starts.
 * - Seats: NetSeatKind. A person who joins gets a token once the journal
 *   holds the seat (the host writes it at once; when it cannot, the seat
 *   stays free and the joiner is dropped with NET_REASON_FULL, to come back),
 *   so a host killed at any moment has every token it gave. Joining again
 *   with it gives back the same seat mid-round, with the whole view; the
 *   seat a table's creator took at its own table (the app's host does)
 *   makes whoever comes back with its token the creator again, after a
 *   dropped connection or a restart (the journal keeps which seat). While
 *   a person is away the seat waits `grace_ms` (NET_MSG_SEATS shows what is
 *   left), then the computer plays for them at the table's level
 *   (NET_STAND_IN_AWAY) until they are back, from their next turn. "The
 *   table's level" is play_table_level's: the strongest computer seat's,
 *   else greedy; a computer playing for a person decides as a network bot
 *   of that level at that seat would (the seat's seed, reseeded each move).
 * - The turn clock (NetTableRules.clock, fixed when the table is made;
 *   NetClock's bounds, else NET_REASON_BAD_CONFIG). Each decision of a
 *   person has clock.move_ms; time past it comes out of their bank, which
 *   starts at clock.bank_ms and lasts the whole match (it is never filled
 *   again). A decision's time runs from the moment the seats are told it
 *   is theirs (the UPDATE of the move before it, or the match's start)
 *   until their move reaches the host; a move in time keeps the bank less
 *   what it took past move_ms. When both are spent, host_tick makes that
 *   one move for them: the computer at the table's level chooses it, and
 *   it is applied, journalled (marked as the clock's) and told like any
 *   move, so a restarted host replays it. NET_CLOCK_STALLED such moves in
 *   a row make the seat a stand-in (NET_STAND_IN_CLOCK) until the person
 *   acts again, kept with that move and told with it (no SEATS goes out
 *   while a move waits for the journal: it goes out once that move is
 *   told); a move of theirs resets the count. The clock runs only for
 *   a person who is here and plays their own seat: not while they are away
 *   (the grace countdown runs instead; the decision keeps what was left of
 *   its time, to run again when they are back), not for a stand-in, not for
 *   a Kowah claim that has its claim window (that window times it, as
 *   before), not for a computer. Every VIEW, UPDATE and SEATS carries the
 *   clock as it stands (NetClockState), and NET_MSG_SEATS each seat's
 *   clock_moves. Restarts: the journal keeps, with each move, the bank the
 *   seat that made it had left, with each seat its bank as it runs down
 *   (each HOST_BANK_KEEP_MS a decision takes of it, and at once when a
 *   decision stops in it, its person away), and each seat's stand-in and
 *   its reason; a restarted host gives each seat the bank the journal last
 *   kept (never refilled: a bank the decision in progress had spent from
 *   stays spent), and that decision its whole move time again, from when
 *   its person is back: a crash costs nobody time, and nobody gains more
 *   by it than one move's time and HOST_BANK_KEEP_MS of bank.
 * - Stand-ins asked for (NET_MSG_STAND_IN, once the match is started and
 *   until it is over): on, for a person's seat of a connection's table.
 *   Anyone seated may ask it for their own seat (NET_STAND_IN_OWN: "let the
 *   computer play my seat"); the table's creator for another person's seat
 *   at a table without a clock (NET_STAND_IN_CREATOR; at a table with a
 *   clock: NET_REASON_HAS_CLOCK, the clock does it). Off: only the seat's
 *   own person (else NET_REASON_NOT_YOUR_SEAT). Refused too: a spectator
 *   (NET_REASON_WATCHING), a connection at no table (_NOT_SEATED), another's
 *   seat by someone else than the creator (_NOT_CREATOR), a seat that holds
 *   no person (_NO_PERSON), a match not being played (_NOT_READY), and a
 *   handover the journal cannot keep now (_NOT_READY: it is told only
 *   once kept, so a restarted host has every handover it told). Asking
 *   for what already is changes nothing and is not refused. A person whose
 *   seat is stood in for by the clock, the creator or their own wish takes
 *   it back by sending a move (it is then judged as any move: the computer
 *   may have moved first) or asking off, told only once the journal keeps
 *   it (when it cannot now, the move or the ask is refused with
 *   NET_REASON_NOT_READY and the seat stays as it was); coming back after
 *   leaving does not take it back (a seat away past its grace does, as
 *   before). Every seat
 *   and spectator is told by NET_MSG_SEATS (state NET_SEAT_STAND_IN and
 *   NetSeat.stand_in).
 * - Spectators (NetJoin.watch). A table takes them when its
 *   NetTableRules.watch says so (else NET_REASON_NO_WATCHING); its creator's
 *   own connection may always watch it. A spectator joins with the table's
 *   id, and a private table's key (a wrong key counts as for a seat); it
 *   takes no seat, gets WELCOME with seat -1 (no token, ai_seed 0), its
 *   whole view (game_observe of GAME_SPECTATOR), then everyone's SEATS,
 *   which lists the spectators' names (numbered as seats' names are). From
 *   then on it gets every UPDATE with the events as game_events_for_seat
 *   gives them to GAME_SPECTATOR, SEATS, chat and the record once the match
 *   is over. At a table of NET_WATCH_HANDS_LATE it also gets NET_MSG_HANDS:
 *   the hands as dealt in each round once that round is over
 *   (game_round_hands), right after that round's last UPDATE, and on
 *   joining those of the last round that is over. A spectator's move or
 *   STAND_IN is refused (NET_REASON_WATCHING), the creator's own STAND_IN
 *   for another's seat aside; START and SEAT_AI are the creator's, as
 *   ever; RESYNC sends its view again; a JOIN for a seat makes it a
 *   spectator no more. Its chat reaches the other spectators only until
 *   the match is over, then everyone at the table; a seat's chat reaches
 *   the spectators too. Spectators are capped (HostLimits: in all, per
 *   address and per table; at most NET_MAX_WATCHERS a table even without
 *   limits): NET_REASON_BUSY, _ADDRESS_WATCHING, _WATCHERS_FULL. A
 *   spectator is at a table (no lobby deadline) but is counted: watching
 *   is no way around the admission rules. A spectator does not keep a table
 *   alive (a started table with spectators and no person is abandoned) and
 *   is not journalled: after a restart it joins again. When its table
 *   closes it is dropped with the reason, or stays at no table as a seat
 *   does when the match is over.
 * - Every table is journalled in the host's SQLite store (data_dir) when it
 *   is made (before NET_MSG_CREATED tells its id; a table that cannot be
 *   kept is refused) and after every move; a host created again on the same
 *   data_dir has its tables back, tokens included. data_dir NULL: nothing is
 *   kept (tests).
 * - A move is told (NET_MSG_UPDATE) only once the journal holds it:
 *   host_tick writes every table changed since the last tick in one
 *   transaction (one fsync for all of them), then sends the updates of the
 *   moves it kept, so a host killed at any moment has told nobody a move
 *   it lost; a whole view sent meanwhile (a resync, a seat taken back)
 *   shows the game as last told. A move's updates therefore go out at the
 *   host_tick after the host_received that made it (host_next_due is then
 *   0, or when a write that failed is tried again).
 * - Kowah's claims: with HostOptions.claim_ms set, a person (not a computer,
 *   nor a stand-in) asked to claim or pass has claim_ms from the moment the
 *   seats are told: every seat's VIEW and UPDATE carry the window
 *   (NetClaimWindow: who, which card, what is left), and when it runs out
 *   host_tick passes for that seat: a MOVE_PASS applied, journalled and told
 *   like any move, so a host restarted replays it. A window opens afresh on
 *   a restored table. claim_ms 0 (play on one computer): no limit.
 * - Connections and their addresses. host_connected is a connection of
 *   this machine (the app's own seats, a table hosted in the app): no
 *   admission rule touches it. A connection from the network comes with
 *   its IPv4 address: a transport asks host_admit(addr) before it gives the
 *   peer a slot (ceki-server asks from ENet's intercept, before a CONNECT
 *   costs anything) and then calls host_connected_from(conn, addr). A
 *   simulator does the same two calls. Addresses listed in
 *   HostOptions.trusted are treated as this machine's own.
 * - Admission (HostOptions.limits; NULL: none, as in the app). A
 *   connection from an address must send CREATE, LIST or JOIN within
 *   hello_ms, and may sit at no table for at most lobby_ms (from its first
 *   message, or from when it left its table); past either it is dropped
 *   with NET_REASON_HELLO_LATE or _LOBBY_IDLE. What is not at a table is
 *   limited: lobby_max connections in all (the rest of the server is kept
 *   for players: NET_REASON_BUSY) and addr_lobby_max from one address
 *   (_ADDRESS_BUSY); an address opens addr_connects connections at once
 *   and one more every addr_connect_ms (_TOO_FAST). A connection seated at
 *   a table is never counted: any number of people behind one address play.
 *   A refusal before a connection exists is host_admit's answer; after, the
 *   connection is dropped with it.
 * - Tables' limits: an address makes addr_tables tables at once and one
 *   more every addr_table_ms (NET_REASON_TABLES_FAST); it holds at most
 *   addr_waiting tables that are not being played (not started, or started
 *   with no person connected: _TABLES_WAITING); the host at most
 *   HostOptions.max_tables (_TABLES_FULL). A table needs a seat for a person.
 * - Tables' life: with HostOptions.table_idle_ms, a table not started
 *   (since its last seat was taken: NET_REASON_CLOSED_EMPTY when nobody sat
 *   at it, else _CLOSED_UNSTARTED) and a started one with no person
 *   connected (since the last one left: _CLOSED_ABANDONED; its computers do
 *   not play on for nobody) is closed after table_idle_ms: its seated
 *   connections are dropped with the reason, and it leaves memory and the
 *   journal. A finished match leaves once its record is sent (_CLOSED_OVER),
 *   unless a connection of this machine sits at it (the app reads its
 *   record): its people stay connected, at no table. The host remembers the
 *   last HOST_CLOSED_KEPT tables it closed, so a JOIN for one (a token
 *   coming back) is dropped with the reason it was closed; finished
 *   matches a host died closing are kept in the journal as rows without
 *   seats or moves, so a later host remembers them as over too. The journal
 *   keeps each table's idle time left: a restarted host closes it that much
 *   later (its people are away: a started table is then abandoned).
 * - Private tables (NetCreate.open false): never listed; a new seat needs
 *   the table's key (NET_KEY_LEN hex digits, 128 bits of the system's
 *   randomness), which CREATED and every WELCOME carry. A JOIN with a wrong
 *   or missing key is refused (NET_REASON_WRONG_KEY) and changes nothing. A
 *   wrong key, or a token nobody holds, counts against the address: it may
 *   be wrong addr_wrong times at once and once more every addr_wrong_ms;
 *   past that it is cut off for cut_off_ms (its connections at no table are
 *   dropped and host_admit refuses it: NET_REASON_CUT_OFF). Keys and tokens
 *   are compared in constant time. A token brings its seat back as before,
 *   without the key.
 * - Names and chat: the host keeps of a name or a line only what shows:
 *   no bidi controls, zero-width or other invisible characters, runs of
 *   spaces made one, none at either end, at most NET_NAME_CHARS characters
 *   (a line NET_CHAT_MAX); a line with nothing left is refused
 *   (NET_REASON_BAD_TEXT). Two seats never show the same name: the second
 *   gets " 2" (then " 3" ...), shortened to fit. Chat: a line every
 *   HOST_CHAT_GAP_MS at most, and HOST_CHAT_BURST lines at once, one more
 *   every HOST_CHAT_EVERY_MS (NET_REASON_CHAT_FAST).
 * - Time comes only from the `now_ms` arguments (a monotonic clock in
 *   milliseconds), and randomness (table ids, seat tokens, deals not fixed)
 *   from HostOptions.rand_bytes when given, so a simulator drives both and
 *   a run replays from its seed (tests/sim).
 * - No globals; one Host is used by one thread.
 */
#ifndef CEKI_HOST_H
#define CEKI_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define HOST_GRACE_MS_DEFAULT 60000u
#define HOST_CLAIM_MS_DEFAULT 10000u /* a person's time to claim at a network table */

typedef uint32_t HostConn; /* a connection, numbered by the transport (0 is never used) */
typedef uint32_t HostAddr; /* an IPv4 address in host byte order (127.0.0.1: 0x7f000001) */

#define HOST_CLOSED_KEPT 4096    /* closed tables whose reason the host remembers */
#define HOST_CHAT_GAP_MS 250u    /* the least time between two chat lines of a connection */
#define HOST_CHAT_BURST 5        /* chat lines a connection says at once, */
#define HOST_CHAT_EVERY_MS 2000u /* then one more every this long */

/* The admission rules (host.h's contract, "Admission"). */
typedef struct HostLimits {
    uint32_t hello_ms;        /* a first CREATE, LIST or JOIN within this */
    uint32_t lobby_ms;        /* at no table at most this long */
    int lobby_max;            /* connections at no table, in all (0: no cap) */
    int addr_lobby_max;       /* ... from one address */
    int addr_connects;        /* new connections of an address: this many at once, */
    uint32_t addr_connect_ms; /* then one more every this long */
    int addr_tables;          /* tables an address makes: this many at once, */
    uint32_t addr_table_ms;   /* then one more every this long */
    int addr_waiting;         /* tables of an address not being played, at most */
    int addr_wrong;           /* wrong keys or tokens of an address: this many at once, */
    uint32_t addr_wrong_ms;   /* then one more every this long; past them it is */
    uint32_t cut_off_ms;      /* cut off this long */
    int watch_max;            /* spectators in all (0: no cap but NET_MAX_WATCHERS a table), */
    int addr_watch_max;       /* ... from one address (0: no cap), */
    int table_watch_max;      /* ... at one table (0 or over NET_MAX_WATCHERS: that) */
} HostLimits;

/* The rules of a server that holds max_conns connections: a first message
 * within 5 s, a minute at no table, a quarter of max_conns at no table in
 * all and 16 from one address, 50 new connections of an address at once
 * then 20 a second, 20 tables at once then one every 3 s, 8 tables
 * waiting, 10 wrong keys at once then one a minute, else 10 minutes cut
 * off; a quarter of max_conns watching in all, 16 from one address, 32 at
 * one table. */
HostLimits host_limits_default(int max_conns);

/* Where the host's messages go. send: reliable and ordered on the message's
 * channel (chat on NET_CHANNEL_CHAT, the rest on NET_CHANNEL_GAME). drop:
 * close the connection with a reason (the host forgets it at once). log: one
 * line per event, no newline (may be NULL). */
typedef struct HostOutbox {
    void *ctx;
    void (*send)(void *ctx, HostConn conn, const NetMsg *msg);
    void (*drop)(void *ctx, HostConn conn, NetReason why);
    void (*log)(void *ctx, const char *line);
} HostOutbox;

typedef struct HostOptions {
    const char *data_dir;     /* NULL: keep nothing */
    uint32_t grace_ms;        /* 0: HOST_GRACE_MS_DEFAULT */
    bool allow_seed;          /* NET_MSG_CREATE may fix the seed (tests) */
    int max_tables;           /* 0: no limit */
    uint32_t claim_ms;        /* a person's time to claim in Kowah (at most NET_CLAIM_MS_MAX);
                                 0: no limit */
    const HostLimits *limits; /* admission rules; NULL: none (a host in the app) */
    uint32_t table_idle_ms;   /* an unused table is closed after this long; 0: never */
    const HostAddr *trusted;  /* addresses treated as this machine's own */
    int ntrusted;
    /* Where table ids, seat tokens, private tables' keys and the deals of
     * tables that do not fix their seed come from: n random bytes into buf,
     * false when none came (the host then refuses what needed them, as when
     * the system has no randomness). NULL: the system's (getrandom). */
    bool (*rand_bytes)(void *rand_ctx, uint8_t *buf, size_t n);
    void *rand_ctx;
    /* The name of the SQLite VFS the journal's file is opened with (one the
     * caller registered with sqlite3_vfs_register, e.g. a simulator's that
     * makes the disk full); NULL: SQLite's default. */
    const char *journal_vfs;
} HostOptions;

typedef struct Host Host;

/* NULL with a sentence in err when the store cannot be opened. */
Host *host_create(const HostOptions *opt, const HostOutbox *out, uint64_t now_ms, char *err,
                  size_t err_size);
void host_destroy(Host *h);
/* Frees h as killing its process would leave it: nothing more is kept or
 * told. The journal holds what its last commit held and nothing applied
 * since; no message is sent and no log line written. Closing the journal's
 * connection may still write through its VFS (SQLite checkpoints the WAL
 * on close), which changes no committed content; a simulator's VFS that
 * refuses those writes leaves the files exactly as a kill does. For
 * simulators and tests; a program ends its host with host_destroy. */
void host_kill(Host *h);

/* A connection of this machine (no admission rule). */
void host_connected(Host *h, HostConn conn, uint64_t now_ms);
/* Whether addr may open a connection now: NET_REASON_NONE (and it counts
 * against the address's connections a second), or why not. */
NetReason host_admit(Host *h, HostAddr addr, uint64_t now_ms);
/* A connection from the network: what its address holds is checked again
 * (several may have been admitted at once); refused, it is dropped through
 * the outbox with the reason. */
void host_connected_from(Host *h, HostConn conn, HostAddr addr, uint64_t now_ms);
/* A decoded message from conn. */
void host_received(Host *h, HostConn conn, const NetMsg *msg, uint64_t now_ms);
void host_disconnected(Host *h, HostConn conn, uint64_t now_ms);
/* Grace periods running out, computer seats' moves, the journal's writes
 * and the updates they release. Call often (every few ms of the loop, and
 * after each batch of received messages); cheap when nothing is due. */
void host_tick(Host *h, uint64_t now_ms);
/* The earliest now_ms at which host_tick has something to do (UINT64_MAX:
 * nothing until a message arrives). */
uint64_t host_next_due(const Host *h);

/* The record text (record.h) of table `table` as it stands, seed included:
 * for the host's own use (the app's saved game of a table on this
 * computer), never sent before the match is over. A buffer the caller
 * frees, its length in *len; NULL for an unknown table or when it cannot
 * be written. */
char *host_table_record(const Host *h, const char *table, size_t *len);

typedef struct HostCounts {
    int tables, tables_live, seats_connected;
    long moves, refused, resyncs;
    int conns, lobby;              /* connections known, and those at no table from an address */
    int addresses, cut_off;        /* addresses the host keeps figures of, and those cut off */
    long closed_idle, closed_over; /* tables closed for being unused, and finished ones gone */
    long turned_away;              /* connections refused by admission (host_admit or after) */
    long wrong_keys;               /* wrong keys and tokens */
    int watchers;                  /* spectators at tables */
    long clock_moves;              /* moves the clock made for people whose time ran out */
} HostCounts;
void host_counts(const Host *h, HostCounts *out);

#endif
