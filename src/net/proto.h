/* proto.h — the messages of network play, and their strict encoding.
 *
 * Contract
 * - Pure C11 over the rules core: no ENet, no SDL, no I/O. The transport
 *   (net_transport.h) carries the bytes; the host (src/host) and the
 *   clients (ceki-cli bot, the app) speak NetMsg.
 * - net_encode writes a message into a caller's buffer and returns its
 *   length, or 0 when it does not fit (or the message is not well formed).
 * - net_decode reads bytes from anywhere (a peer that may lie): every length
 *   is checked against what is left and against the fixed maxima
 *   (net_limits.h), it never reads past `len`, never allocates, and fills
 *   *out only when the whole message reads (anything left over is an error
 *   too). It returns NET_OK or the reason the bytes were refused.
 * - A NetMsg is plain data, copied by value; its largest member is the
 *   seat's view (an Observation, game.h). Keep NetMsg off small stacks:
 *   callers allocate it (it is some 20 kB).
 * - The connect data of a connection is NET_PROTOCOL_VERSION; every
 *   disconnect carries a NetReason.
 * - Channels: NET_CHANNEL_GAME (reliable, ordered) for everything but chat,
 *   NET_CHANNEL_CHAT (reliable, ordered) for chat; pings go unreliable on
 *   NET_CHANNEL_GAME.
 *
 * The host alone knows the seed and the deck. What a seat receives is what
 * the rules show it (game_observe, game_events_for_seat): its own cards,
 * public events, counts of hidden cards, and its legal moves when it is to
 * move. A spectator is a seat-less view of the same table (seat
 * GAME_SPECTATOR): what every seat sees and nothing more, and at a table
 * that allows it (NET_WATCH_HANDS_LATE) each round's hands once that round
 * is over (NET_MSG_HANDS). The seed travels only in NET_RECORD, after the
 * match is over.
 *
 * The turn clock (NetTableRules.clock, host.h says how it runs): every
 * VIEW, UPDATE and SEATS carries it as it stands when the host sends it
 * (NetClockState), so a client counts the running seat's time down on its
 * own clock between the host's words: first the move time, then the bank.
 *
 * The record: a match's record text (record.h) may be longer than one
 * message, so NET_MSG_RECORD carries one chunk of it: the whole text's
 * length `total` (1..NET_RECORD_MAX), the chunk's `offset` in it and its
 * `len` bytes (1..NET_RECORD_CHUNK, ending on a UTF-8 character boundary).
 * The host sends the chunks in order, offset 0 first, on NET_CHANNEL_GAME.
 * net_record_chunk cuts them; a receiver puts them together with
 * NetRecordJoin, which takes only the next contiguous chunk of the same
 * total (offset 0 starts a record afresh) and refuses anything else
 * without changing what it holds.
 */
#ifndef CEKI_NET_PROTO_H
#define CEKI_NET_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "net_limits.h"
#include "net_view.h"

#define NET_PROTOCOL_VERSION 5u /* 5: each round's scores in the whole view; 4: the turn clock */
#define NET_DEFAULT_PORT 7157
#define NET_CHANNEL_GAME 0
#define NET_CHANNEL_CHAT 1
#define NET_CHANNELS 2

/* The clocks the app offers (NetClock; ceki-cli table --clock takes any). */
#define NET_CLOCK_RELAXED_MOVE_MS 60000u
#define NET_CLOCK_RELAXED_BANK_MS 300000u
#define NET_CLOCK_NORMAL_MOVE_MS 20000u
#define NET_CLOCK_NORMAL_BANK_MS 120000u
#define NET_CLOCK_QUICK_MOVE_MS 10000u
#define NET_CLOCK_QUICK_BANK_MS 30000u
/* A seat's first decision after a round has ended (at its results, or in
 * the next round) has this much more move time, to read the results: the
 * host deals on at once, so a person still on the results screen when the
 * next round begins would otherwise be spending their bank. */
#define NET_CLOCK_ROUND_BREAK_MS 20000u

/* Why a connection was closed (ENet's disconnect data) or a message
 * refused (NET_MSG_REFUSED's refusal): one list for both, so a client
 * says every refusal in words from one table (net_reason_text gives the
 * English sentence; clients translate it). Closing reasons come first,
 * then those of a refused message; a code once given keeps its number. */
typedef enum NetReason {
    NET_REASON_NONE = 0,
    /* the connection is closed */
    NET_REASON_LEAVING,          /* the peer closes on purpose */
    NET_REASON_VERSION,          /* a different protocol version */
    NET_REASON_GARBAGE,          /* a message that does not decode */
    NET_REASON_ABUSE,            /* too many refused messages, or too fast */
    NET_REASON_FULL,             /* the server holds as many peers as it can */
    NET_REASON_SHUTDOWN,         /* the server is stopping */
    NET_REASON_NO_TABLE,         /* no such table */
    NET_REASON_NO_SEAT,          /* no free seat, or an unknown token */
    NET_REASON_REPLACED,         /* the same seat's token came back on another connection */
    NET_REASON_HELLO_LATE,       /* no CREATE, LIST or JOIN soon after connecting */
    NET_REASON_LOBBY_IDLE,       /* at no table for too long */
    NET_REASON_BUSY,             /* the room kept for connections at no table is full */
    NET_REASON_ADDRESS_BUSY,     /* the address holds as many connections at no table as it may */
    NET_REASON_TOO_FAST,         /* the address opens new connections too fast */
    NET_REASON_CUT_OFF,          /* the address is cut off for a while (wrong keys) */
    NET_REASON_CLOSED_EMPTY,     /* the table was closed: nobody sat at it */
    NET_REASON_CLOSED_UNSTARTED, /* the table was closed: its match never started */
    NET_REASON_CLOSED_ABANDONED, /* the table was closed: every person had left its match */
    NET_REASON_CLOSED_OVER,      /* the table's match is over and the table is gone */
    /* a message is refused; the connection stays */
    NET_REASON_NOT_SEATED, /* a move, resync or chat before a seat was taken */
    NET_REASON_NOT_YOUR_TURN,
    NET_REASON_ILLEGAL,    /* the core refused the move (reason: game_explain_illegal) */
    NET_REASON_STALE,      /* the move answers an earlier position (move number) */
    NET_REASON_BAD_CONFIG, /* a table the rules do not allow */
    NET_REASON_NOT_CREATOR,
    NET_REASON_NOT_READY,        /* start before every seat is filled */
    NET_REASON_CHAT_FAST,        /* chat too fast */
    NET_REASON_WRONG_KEY,        /* a private table's key missing or wrong */
    NET_REASON_TABLES_FAST,      /* the address makes tables too fast */
    NET_REASON_TABLES_WAITING,   /* the address has as many tables not being played as it may */
    NET_REASON_TABLES_FULL,      /* the server holds as many tables as it may */
    NET_REASON_SEATED,           /* a join from a connection that holds a seat already */
    NET_REASON_BAD_TEXT,         /* a chat line with nothing that shows */
    NET_REASON_NO_WATCHING,      /* a spectator at a table that takes none */
    NET_REASON_WATCHERS_FULL,    /* the table has as many spectators as it takes */
    NET_REASON_ADDRESS_WATCHING, /* the address has as many spectators as it may */
    NET_REASON_WATCHING,         /* a spectator's move or stand-in */
    NET_REASON_NO_PERSON,        /* a stand-in asked for a seat no person holds */
    NET_REASON_HAS_CLOCK,        /* another's seat handed over at a table with a clock */
    NET_REASON_NOT_YOUR_SEAT,    /* a seat taken back by someone else than its person */
    NET_REASON_COUNT
} NetReason;

typedef enum NetMsgType {
    NET_MSG_NONE = 0,
    /* client -> host */
    NET_MSG_CREATE,  /* create a table */
    NET_MSG_LIST,    /* ask for the open tables */
    NET_MSG_JOIN,    /* take a seat (a token: that seat back) */
    NET_MSG_MOVE,    /* the move this seat wants */
    NET_MSG_RESYNC,  /* send my whole view again */
    NET_MSG_START,   /* the table's creator starts a match whose seats are filled */
    NET_MSG_SEAT_AI, /* the creator gives an empty seat to a computer */
    /* host -> client */
    NET_MSG_CREATED, /* the table's id */
    NET_MSG_TABLES,  /* the open tables */
    NET_MSG_WELCOME, /* your seat, your token, the table's rules */
    NET_MSG_SEATS,   /* who sits where and whether they are here */
    NET_MSG_VIEW,    /* your whole view */
    NET_MSG_UPDATE,  /* a move happened: its events as you see them, your view's changes */
    NET_MSG_REFUSED, /* your message was refused, and why; nothing changed */
    NET_MSG_RECORD,  /* the match is over: its record (seed and moves), for the replay */
    /* both ways */
    NET_MSG_CHAT,
    NET_MSG_PING, /* unreliable */
    NET_MSG_PONG, /* unreliable */
    /* client -> host */
    NET_MSG_STAND_IN, /* the computer plays a person's seat, or stops (NetStandInAsk) */
    /* host -> client */
    NET_MSG_HANDS, /* to a spectator who sees hands late: a finished round's hands */
    NET_MSG_TYPE_COUNT
} NetMsgType;

typedef enum NetSeatKind {
    NET_SEAT_NET = 0, /* a person who joins over the network */
    NET_SEAT_LOCAL,   /* a person at the host's own screen */
    NET_SEAT_RANDOM,  /* a computer at the host, by level */
    NET_SEAT_GREEDY,
    NET_SEAT_STRONG,
    NET_SEAT_KIND_COUNT
} NetSeatKind;

typedef enum NetSeatState {
    NET_SEAT_EMPTY = 0, /* nobody has taken it yet */
    NET_SEAT_HERE,      /* connected (a computer is always here) */
    NET_SEAT_AWAY,      /* gone; waiting for the grace period (grace_ms left) */
    NET_SEAT_STAND_IN   /* a computer plays for them (NetSeat.stand_in says why) */
} NetSeatState;

/* Why a person's seat is played by the computer (NET_SEAT_STAND_IN). */
typedef enum NetStandIn {
    NET_STAND_IN_NONE = 0, /* it is not (any other state) */
    NET_STAND_IN_AWAY,     /* gone past the grace period; back, they play again */
    NET_STAND_IN_CLOCK,    /* NET_CLOCK_STALLED moves in a row made when their time ran out */
    NET_STAND_IN_CREATOR,  /* handed to the computer by the table's creator */
    NET_STAND_IN_OWN,      /* the person asked the computer to play for them */
    NET_STAND_IN_COUNT
} NetStandIn;

/* Who may watch a table (NetTableRules.watch). */
typedef enum NetWatch {
    NET_WATCH_NONE = 0,   /* nobody */
    NET_WATCH_PUBLIC,     /* spectators, who see what every seat sees */
    NET_WATCH_HANDS_LATE, /* spectators, who also see every round's hands once it is over */
    NET_WATCH_COUNT
} NetWatch;

/* A table's turn clock (host.h, "The turn clock"): each decision of a person
 * has move_ms, and what it takes past that comes out of their bank,
 * bank_ms for the whole match. move_ms 0: no clock (bank_ms 0 too); else
 * NET_CLOCK_MOVE_MIN_MS <= move_ms <= NET_CLOCK_MOVE_MAX_MS and bank_ms <=
 * NET_CLOCK_BANK_MAX_MS. */
typedef struct NetClock {
    uint32_t move_ms;
    uint32_t bank_ms;
} NetClock;

/* The clock as it stands when the host sends it. Zeroed (on false): the
 * table has none. running: the seat whose time runs now (-1: nobody's:
 * the match is not being played, a computer or a stand-in is to move, the
 * person to move is away, or a claim window times the decision);
 * move_left_ms is what is left of its move time (0 when nobody's runs),
 * and bank_ms[s] each seat's bank left (players of them). A client counts
 * the running seat down: move_left_ms first, then its bank. */
typedef struct NetClockState {
    bool on;
    int8_t running;
    uint32_t move_left_ms; /* <= NET_CLOCK_MOVE_MAX_MS */
    uint8_t players;
    uint32_t bank_ms[CEKI_MAX_SEATS]; /* each <= NET_CLOCK_BANK_MAX_MS */
} NetClockState;

/* A table's rules as the seats may know them: everything but the seed. */
typedef struct NetTableRules {
    uint8_t variant; /* VariantId */
    uint8_t players;
    uint32_t options;
    uint16_t rounds;
    uint8_t stakes;                    /* StakeScheme */
    uint8_t seat_kind[CEKI_MAX_SEATS]; /* NetSeatKind */
    NetClock clock;                    /* the turn clock (zero: none) */
    uint8_t watch;                     /* NetWatch: who may watch */
} NetTableRules;

typedef struct NetCreate {
    NetTableRules rules;
    bool has_seed; /* a fixed deal (the server must allow it: --allow-seed) */
    uint64_t seed;
    bool autostart; /* start as soon as every seat is filled */
    char name[NET_NAME_MAX + 1];
    bool open; /* listed, and joined without a key; false: private (the host makes its key) */
} NetCreate;

typedef struct NetJoin {
    char table[NET_TABLE_ID_MAX + 1];
    char token[NET_TOKEN_LEN + 1]; /* "" for a new seat: the first free net seat */
    int8_t seat;                   /* a wanted seat, or -1 for any */
    char name[NET_NAME_MAX + 1];
    char key[NET_KEY_LEN + 1]; /* a private table's key for a new seat; "" otherwise */
    bool watch;                /* watch as a spectator (token "", seat -1); the key as for a seat */
} NetJoin;

/* NET_MSG_SEAT_AI: the creator gives empty seat `seat` to a computer of
 * kind NET_SEAT_RANDOM, NET_SEAT_GREEDY or NET_SEAT_STRONG. */
/* NET_MSG_CREATED: the table made, and for a private one its key (the
 * invite: ceki://HOST:PORT/TABLE?key=KEY). */
typedef struct NetCreated {
    char table[NET_TABLE_ID_MAX + 1];
    bool open;
    char key[NET_KEY_LEN + 1]; /* "" for an open table */
} NetCreated;

typedef struct NetSeatAi {
    int8_t seat;
    uint8_t kind; /* NetSeatKind */
} NetSeatAi;

/* NET_MSG_STAND_IN: on, the computer plays person's seat `seat` from now
 * (at a table without a clock the creator may ask it for any seat, anyone
 * for their own); off, its person plays it again (only they may ask it).
 * host.h says what is refused and why. */
typedef struct NetStandInAsk {
    int8_t seat;
    bool on;
} NetStandInAsk;

typedef struct NetMove {
    uint32_t move_no; /* the move number the seat answers (the view it saw) */
    Move move;
} NetMove;

typedef struct NetTableEntry {
    char table[NET_TABLE_ID_MAX + 1];
    NetTableRules rules;
    uint8_t free_seats;
    bool started;
    uint8_t watchers; /* spectators now (rules.watch: whether it takes them) */
} NetTableEntry;

typedef struct NetTables {
    uint8_t count;
    NetTableEntry table[NET_MAX_TABLES_LISTED];
} NetTables;

typedef struct NetWelcome {
    char table[NET_TABLE_ID_MAX + 1];
    int8_t seat; /* -1: you watch (no token, ai_seed 0) */
    char token[NET_TOKEN_LEN + 1];
    uint64_t ai_seed; /* game_seat_ai_seed of this seat: one-way, tells nothing of the deal */
    NetTableRules rules;
    bool creator;
    char key[NET_KEY_LEN + 1]; /* a private table's key (to invite others); "" when open */
} NetWelcome;

typedef struct NetSeat {
    uint8_t kind;      /* NetSeatKind */
    uint8_t state;     /* NetSeatState */
    uint32_t grace_ms; /* NET_SEAT_AWAY: what is left of the grace period */
    char name[NET_NAME_MAX + 1];
    uint8_t stand_in;    /* NetStandIn: why, when state is NET_SEAT_STAND_IN (else NONE) */
    uint8_t clock_moves; /* moves in a row the clock made for them (<= NET_CLOCK_STALLED) */
} NetSeat;

/* Who sits where, who watches, and the clock. */
typedef struct NetSeats {
    uint8_t players;
    bool started;
    NetSeat seat[CEKI_MAX_SEATS];
    NetClockState clock;
    uint8_t nwatchers; /* spectators, their names in the order they came */
    char watcher[NET_MAX_WATCHERS][NET_NAME_MAX + 1];
} NetSeats;

/* Kowah's claim window: a person may claim the card on offer until the
 * window closes, when the host passes for them (a move like any other).
 * Every seat at the table is told it with each VIEW and UPDATE, so each
 * can show who may claim which card and the time left. A zeroed window is
 * none (open false). Open, the card is public (a draw shown to all or the
 * discard top) and 0 < window_ms <= NET_CLAIM_MS_MAX, left_ms <= window_ms. */
typedef struct NetClaimWindow {
    bool open;
    int8_t seat;        /* who may claim */
    uint8_t card;       /* the card on offer */
    uint32_t left_ms;   /* what was left of the window when the host sent it */
    uint32_t window_ms; /* the whole window */
} NetClaimWindow;

/* The match's standings round by round, as a whole view carries them (the
 * totals are in the Observation): `rounds` rounds scored so far, and the
 * scores of the latest `shown` of them, oldest first (shown is
 * min(rounds, NET_VIEW_ROUNDS); score[k] is round rounds - shown + 1 + k),
 * one per player (`players`, the table's; 0 with no round scored). A client that comes back
 * mid-match shows them as the seats saw them round by round. */
typedef struct NetStandings {
    uint16_t rounds;
    uint8_t shown;
    uint8_t players;
    int32_t score[NET_VIEW_ROUNDS][CEKI_MAX_SEATS];
} NetStandings;

/* The seat's whole view, and its moves when it is to move. A spectator's
 * view has seat GAME_SPECTATOR and no moves. */
typedef struct NetView {
    uint32_t move_no;
    uint64_t hash; /* net_view_hash of view */
    Observation view;
    uint16_t nmoves;
    Move moves[GAME_MAX_MOVES];
    NetClaimWindow claim;
    NetClockState clock;
    NetStandings standings; /* each round's scores so far */
} NetView;

/* One move applied: what the seat saw of it, and how its view changed.
 * The client applies the delta to the view it holds (net_view_apply_delta)
 * and checks the hash; a mismatch asks for the whole view (NET_MSG_RESYNC). */
typedef struct NetUpdate {
    uint32_t move_no; /* after this move */
    uint64_t hash;    /* net_view_hash of the view after it */
    Move move;        /* the move applied, as the seat may see it */
    uint16_t nevents;
    GameEvent events[NET_MAX_EVENTS];
    uint16_t delta_len;
    uint8_t delta[NET_MAX_PACKET / 2];
    uint16_t nmoves;
    Move moves[GAME_MAX_MOVES];
    NetClaimWindow claim; /* as it stands after this move */
    NetClockState clock;  /* as it stands after this move */
} NetUpdate;

typedef struct NetRefused {
    uint8_t what;     /* the NetMsgType refused */
    uint8_t refusal;  /* NetReason */
    uint32_t move_no; /* the host's move number now */
    char reason[NET_REASON_MAX + 1];
} NetRefused;

typedef struct NetRecord {
    uint32_t total;                  /* bytes of the whole record text, 1..NET_RECORD_MAX */
    uint32_t offset;                 /* where this chunk starts in it */
    uint16_t len;                    /* bytes of this chunk, 1..NET_RECORD_CHUNK */
    char text[NET_RECORD_CHUNK + 1]; /* the chunk, NUL-terminated */
} NetRecord;

/* A record being put together from its chunks. Zero it to start; free it
 * with net_record_join_free. `text` (NUL-terminated) is the whole record
 * once `have` == `total`. */
typedef struct NetRecordJoin {
    char *text;
    uint32_t total;
    uint32_t have;
} NetRecordJoin;

typedef struct NetChat {
    int8_t seat; /* host -> client: who said it (-1: a spectator); client -> host: ignored */
    char text[NET_CHAT_MAX * 4 + 1];
    char name[NET_NAME_MAX + 1]; /* host -> client: the name they show; client -> host: "" */
} NetChat;

/* NET_MSG_HANDS: the hands as dealt in round `round`, which is over
 * (game_round_hands decides when a spectator may see them). */
typedef struct NetHands {
    uint16_t round; /* from 1 */
    uint8_t players;
    uint8_t count[CEKI_MAX_SEATS]; /* each <= OBS_MAX_HAND */
    Card cards[CEKI_MAX_SEATS][OBS_MAX_HAND];
} NetHands;

typedef struct NetPing {
    uint32_t stamp_ms;
} NetPing;

typedef struct NetMsg {
    uint8_t type; /* NetMsgType */
    union {
        NetCreate create;
        NetJoin join;
        NetMove move;
        NetSeatAi seat_ai;
        NetStandInAsk stand_in;
        NetCreated created;
        NetTables tables;
        NetWelcome welcome;
        NetSeats seats;
        NetView view;
        NetUpdate update;
        NetRefused refused;
        NetRecord record;
        NetChat chat;
        NetPing ping;
        NetHands hands;
    } u;
} NetMsg;

/* Bytes written (<= cap), or 0 when it does not fit or is not well formed. */
size_t net_encode(const NetMsg *msg, uint8_t *buf, size_t cap);
NetStatus net_decode(const uint8_t *buf, size_t len, NetMsg *out);
const char *net_status_text(NetStatus st);
/* The English sentence of a reason (marked for translation; clients say
 * it in the person's language). */
const char *net_reason_text(NetReason r);

/* The chunk of `text` (`total` bytes) that starts at `offset`, in *chunk
 * (type aside): its length, at most NET_RECORD_CHUNK and cut on a UTF-8
 * character boundary; 0 when offset >= total or total is 0 or over
 * NET_RECORD_MAX (*chunk untouched). */
size_t net_record_chunk(const char *text, size_t total, size_t offset, NetRecord *chunk);
/* Adds the next chunk: NET_OK when taken, NET_ERR_RANGE when it does not
 * follow (another total, a gap or an overlap, offset 0 aside), NET_ERR_SPACE
 * when memory fails; a refused chunk changes nothing. */
NetStatus net_record_join(NetRecordJoin *j, const NetRecord *chunk);
bool net_record_join_done(const NetRecordJoin *j);
void net_record_join_free(NetRecordJoin *j);

#endif
