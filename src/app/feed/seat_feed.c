/* seat_feed.c — one seat's side of a table (seat_feed.h): the host's
 * messages kept as that seat's view, events, moves and seats. */
#include "seat_feed.h"

#include <stdlib.h>
#include <string.h>

#define FEED_EVENTS_FIRST 256 /* the event queue's first allocation */

struct SeatFeed {
    SeatFeedLink link;
    NetWelcome welcome;
    bool welcomed, has_view;
    Observation *view;
    Observation *next; /* an update's view being made */
    uint32_t move_no;
    uint64_t hash;
    Move moves[GAME_MAX_MOVES];
    int nmoves;
    Move last;
    NetClaimWindow claim;   /* as the last VIEW or UPDATE told it */
    long claim_told;        /* VIEWs and UPDATEs that told it */
    NetStandings standings; /* each round's scores, as the last whole view told them */
    NetSeats seats;
    NetHands hands;    /* a spectator's: the last finished round's hands */
    long hands_told;   /* NET_MSG_HANDS received */
    GameEvent *events; /* [head, head + n) not yet taken */
    int head, n, cap;
    long updates, resyncs;
    bool refused;
    NetRefused refusal;
    char *record; /* the whole record, once its last chunk came */
    size_t record_len;
    NetRecordJoin record_join; /* the record's chunks so far */
    NetMsg *out;               /* a message being sent */
};

SeatFeed *seat_feed_create(const SeatFeedLink *link)
{
    SeatFeed *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return NULL;
    }
    f->view = calloc(1, sizeof *f->view);
    f->next = calloc(1, sizeof *f->next);
    f->out = calloc(1, sizeof *f->out);
    if (f->view == NULL || f->next == NULL || f->out == NULL || link == NULL) {
        seat_feed_destroy(f);
        return NULL;
    }
    f->link = *link;
    f->welcome.seat = -1;
    f->last.type = MOVE_NONE;
    f->last.card = CARD_NONE;
    f->last.target = CARD_NONE;
    return f;
}

void seat_feed_destroy(SeatFeed *f)
{
    if (f == NULL) {
        return;
    }
    free(f->view);
    free(f->next);
    free(f->out);
    free(f->events);
    free(f->record);
    net_record_join_free(&f->record_join);
    free(f);
}

bool seat_feed_send(SeatFeed *f, const NetMsg *msg)
{
    return f != NULL && msg != NULL && f->link.send != NULL &&
           f->link.send(f->link.ctx, f->link.conn, msg);
}

/* ---- receiving ---------------------------------------------------------- */

static bool feed_queue_events(SeatFeed *f, const GameEvent *ev, int n)
{
    if (f->head > 0 && f->head + f->n + n > f->cap) {
        memmove(f->events, f->events + f->head, (size_t)f->n * sizeof *f->events);
        f->head = 0;
    }
    if (f->head + f->n + n > f->cap) {
        int cap = f->cap > 0 ? f->cap : FEED_EVENTS_FIRST;
        while (cap < f->head + f->n + n) {
            cap *= 2;
        }
        GameEvent *grown = realloc(f->events, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        f->events = grown;
        f->cap = cap;
    }
    memcpy(f->events + f->head + f->n, ev, (size_t)n * sizeof *ev);
    f->n += n;
    return true;
}

static void feed_set_moves(SeatFeed *f, const Move *moves, int n)
{
    f->nmoves = n < 0 ? 0 : n > GAME_MAX_MOVES ? GAME_MAX_MOVES : n;
    memcpy(f->moves, moves, (size_t)f->nmoves * sizeof *moves);
}

/* Asks the host for the whole view again. */
static void feed_resync(SeatFeed *f)
{
    f->resyncs++;
    memset(f->out, 0, sizeof *f->out);
    f->out->type = NET_MSG_RESYNC;
    seat_feed_send(f, f->out);
}

bool seat_feed_ask_view(SeatFeed *f)
{
    memset(f->out, 0, sizeof *f->out);
    f->out->type = NET_MSG_RESYNC;
    return seat_feed_send(f, f->out);
}

static void feed_view(SeatFeed *f, const NetView *v)
{
    *f->view = v->view;
    f->move_no = v->move_no;
    f->hash = v->hash;
    f->has_view = true;
    feed_set_moves(f, v->moves, v->nmoves);
    f->claim = v->claim;
    f->claim_told++;
    f->standings = v->standings;
}

/* An update: its events queued, the delta applied and checked; a delta that
 * does not fit or a hash that disagrees asks for the whole view. A delta of
 * no bytes says the whole view follows. */
static void feed_update(SeatFeed *f, const NetUpdate *u)
{
    f->updates++;
    f->last = u->move;
    feed_queue_events(f, u->events, u->nevents);
    feed_set_moves(f, u->moves, u->nmoves);
    f->claim = u->claim;
    f->claim_told++;
    if (u->delta_len == 0 || !f->has_view) {
        f->move_no = u->move_no;
        return;
    }
    bool fits = net_view_apply_delta(f->view, u->delta, u->delta_len, f->next) &&
                net_view_hash(f->next) == u->hash;
    if (!fits) {
        feed_resync(f);
        return;
    }
    Observation *swap = f->view;
    f->view = f->next;
    f->next = swap;
    f->move_no = u->move_no;
    f->hash = u->hash;
}

/* A chunk of the record (proto.h); one that does not follow is ignored. */
static void feed_record(SeatFeed *f, const NetRecord *r)
{
    if (net_record_join(&f->record_join, r) != NET_OK || !net_record_join_done(&f->record_join)) {
        return;
    }
    free(f->record);
    f->record = f->record_join.text;
    f->record_len = f->record_join.total;
    f->record_join.text = NULL;
    net_record_join_free(&f->record_join);
}

void seat_feed_receive(SeatFeed *f, const NetMsg *msg)
{
    if (f == NULL || msg == NULL) {
        return;
    }
    switch ((NetMsgType)msg->type) {
    case NET_MSG_WELCOME:
        f->welcome = msg->u.welcome;
        f->welcomed = true;
        break;
    case NET_MSG_VIEW: feed_view(f, &msg->u.view); break;
    case NET_MSG_UPDATE: feed_update(f, &msg->u.update); break;
    case NET_MSG_SEATS: f->seats = msg->u.seats; break;
    case NET_MSG_REFUSED:
        f->refusal = msg->u.refused;
        f->refused = true;
        break;
    case NET_MSG_RECORD: feed_record(f, &msg->u.record); break;
    case NET_MSG_HANDS:
        f->hands = msg->u.hands;
        f->hands_told++;
        break;
    default: break; /* chat, tables, pongs: not the table's business yet */
    }
}

/* ---- reading ---------------------------------------------------------------- */

bool seat_feed_watching(const SeatFeed *f)
{
    return f != NULL && f->welcomed && f->welcome.seat < 0;
}

const NetHands *seat_feed_hands(const SeatFeed *f, long *told)
{
    if (told != NULL) {
        *told = f != NULL ? f->hands_told : 0;
    }
    return f != NULL && f->hands_told > 0 ? &f->hands : NULL;
}

int seat_feed_seat(const SeatFeed *f)
{
    return f != NULL && f->welcomed ? f->welcome.seat : -1;
}

const char *seat_feed_table(const SeatFeed *f)
{
    return f != NULL && f->welcomed ? f->welcome.table : "";
}

const NetTableRules *seat_feed_rules(const SeatFeed *f)
{
    return f != NULL && f->welcomed ? &f->welcome.rules : NULL;
}

uint64_t seat_feed_ai_seed(const SeatFeed *f)
{
    return f != NULL ? f->welcome.ai_seed : 0;
}

bool seat_feed_has_view(const SeatFeed *f)
{
    return f != NULL && f->has_view;
}

const Observation *seat_feed_view(const SeatFeed *f)
{
    return f != NULL && f->has_view ? f->view : NULL;
}

uint32_t seat_feed_move_no(const SeatFeed *f)
{
    return f != NULL ? f->move_no : 0;
}

uint64_t seat_feed_hash(const SeatFeed *f)
{
    return f != NULL ? f->hash : 0;
}

const Move *seat_feed_moves(const SeatFeed *f, int *n)
{
    if (n != NULL) {
        *n = f != NULL ? f->nmoves : 0;
    }
    return f != NULL ? f->moves : NULL;
}

const Move *seat_feed_last_move(const SeatFeed *f)
{
    return f != NULL ? &f->last : NULL;
}

const NetSeats *seat_feed_seats(const SeatFeed *f)
{
    return f != NULL ? &f->seats : NULL;
}

const NetClaimWindow *seat_feed_claim(const SeatFeed *f, long *told)
{
    if (told != NULL) {
        *told = f != NULL ? f->claim_told : 0;
    }
    return f != NULL ? &f->claim : NULL;
}

const NetStandings *seat_feed_standings(const SeatFeed *f)
{
    return f != NULL ? &f->standings : NULL;
}

bool seat_feed_send_move(SeatFeed *f, const Move *m)
{
    if (f == NULL || m == NULL) {
        return false;
    }
    memset(f->out, 0, sizeof *f->out);
    f->out->type = NET_MSG_MOVE;
    f->out->u.move.move_no = f->move_no;
    f->out->u.move.move = *m;
    return seat_feed_send(f, f->out);
}

bool seat_feed_take_refusal(SeatFeed *f, NetRefused *out)
{
    if (f == NULL || !f->refused) {
        return false;
    }
    if (out != NULL) {
        *out = f->refusal;
    }
    f->refused = false;
    return true;
}

int seat_feed_take_events(SeatFeed *f, GameEvent *out, int cap)
{
    if (f == NULL || out == NULL || cap <= 0 || f->n == 0) {
        return 0;
    }
    int n = f->n < cap ? f->n : cap;
    memcpy(out, f->events + f->head, (size_t)n * sizeof *out);
    f->head += n;
    f->n -= n;
    if (f->n == 0) {
        f->head = 0;
    }
    return n;
}

int seat_feed_pending_events(const SeatFeed *f)
{
    return f != NULL ? f->n : 0;
}

long seat_feed_updates(const SeatFeed *f)
{
    return f != NULL ? f->updates : 0;
}

const char *seat_feed_record(const SeatFeed *f, size_t *len)
{
    if (len != NULL) {
        *len = f != NULL ? f->record_len : 0;
    }
    return f != NULL ? f->record : NULL;
}

long seat_feed_resyncs(const SeatFeed *f)
{
    return f != NULL ? f->resyncs : 0;
}
