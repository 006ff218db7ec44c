/* sim_check.c — the invariants (sim.h), each failing under its own name:
 *
 * after every message the host sends
 *   leak            a VIEW or UPDATE shows a seat other than what the rules
 *                   show it at that move (the view's hash, the events, the
 *                   moves listed), or a message before the record carries
 *                   the table's seed
 *   told-unjournalled  a move is told (in an UPDATE or a VIEW) that the
 *                   journal, read by the simulator's own connection, does
 *                   not hold once the step is over
 *   token-changed, record-early, record-chunk, update-move, view-hash
 * after every call into the host
 *   moved-for-other-seat  a move was taken from a connection that does not
 *                   hold that move's seat
 *   move-from-nowhere, stand-in-early, stand-in-while-here, pass-early
 * when a host starts again from its journal
 *   restart-lost-table, restart-lost-move, restart-rewrote,
 *   restart-lost-start, restart-lost-token: it has every table, move, start
 *   and token it told
 *   restart-lost-handover, restart-lost-stand-in, restart-lost-take-back:
 *                   each seat's stand-in (its person's, the creator's, the
 *                   clock's), or its being taken back, as last told, or one
 *                   the host held after a call since (kept, then the host
 *                   died before the SEATS went out)
 * after every step, for the client it touched
 *   held-unshown    a client holds a view its seat was not shown
 *   hash-quiet      once nothing is in flight on its link and the host has
 *                   told every move it made, the client's view hash is not
 *                   the host's for that seat
 * at the end (check_end)
 *   record-replay, record-differs, record-missing, match-differs
 *   (the record is not what `ceki-cli match` plays with the same seed and
 *   players, when every move was its seat's own choice), transcript,
 *   stalled (a started match unfinished when the time ran out)
 * admission and the tables' life (host.h's "Admission", "Private tables",
 * "Tables' life"), as the simulator reckons them on its own
 *   private-listed  a private table in a TABLES list
 *   key-changed     a private table's key in a WELCOME, or after a
 *                   restart, is not the one its CREATED gave
 *   seat-guessed    a hostile client (one that never had a seat's token or
 *                   the table's key) was given a seat
 *   guesses-unbounded  an address was told more wrong keys than its limit
 *                   lets it guess before it is cut off
 *   cut-off-ignored a connection admitted from an address while it is cut off
 *   honest-cut-off, honest-refused  an address of honest clients (no
 *                   guesses, no floods) cut off, or refused for connecting
 *                   too fast or holding too many connections
 *   seated-dropped  a connection that holds a seat dropped for an
 *                   admission reason (a seated connection is never counted)
 *   idle-kept       a connection with no seat kept past its first message's
 *                   deadline (hello_ms) or its time at no table (lobby_ms)
 *   chat-too-fast   chat relayed from a connection faster than its limits
 *   tables-overrun  an address holds more waiting tables than it may, or
 *                   the host more tables than max_tables
 *   closed-while-here, closed-started, closed-over-early: a table closed
 *                   while a person was at it, as unstarted once its start was
 *                   told, or as over before the match was
 * and from elsewhere: token-refused, table-lost (sim_client.c),
 * replay-differs (sim_host.c), codec, encode, unknown-conn, sent-to-gone.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "record.h"
#include "sim.h"

#define CHECK_SEED_BYTES 8

static void check_note_moves(World *w, SimHost *sh, SimTable *t, const HostTable *ht);

void sim_fail(World *w, const char *name, const char *fmt, ...)
{
    if (w->broken)
        return;
    w->broken = true;
    w->broke_step = w->step;
    char why[SIM_BROKE_MAX - 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(w->broke, sizeof w->broke, "%s at step %ld: %s", name, w->step, why);
    if (w->trace)
        fprintf(w->trace, "%8llu BROKEN %s\n", (unsigned long long)w->now, w->broke);
}

/* ---- the seed ---- */

static bool check_holds(const uint8_t *buf, size_t len, const uint8_t *pat)
{
    for (const uint8_t *p = buf; len >= CHECK_SEED_BYTES;) {
        const uint8_t *hit = memchr(p, pat[0], len - CHECK_SEED_BYTES + 1);
        if (!hit)
            return false;
        if (memcmp(hit, pat, CHECK_SEED_BYTES) == 0)
            return true;
        len -= (size_t)(hit + 1 - p);
        p = hit + 1;
    }
    return false;
}

static bool check_holds_seed(uint64_t seed, const uint8_t *buf, size_t len)
{
    uint8_t le[CHECK_SEED_BYTES], be[CHECK_SEED_BYTES];
    for (int i = 0; i < CHECK_SEED_BYTES; i++) {
        le[i] = (uint8_t)(seed >> (8 * i));
        be[CHECK_SEED_BYTES - 1 - i] = le[i];
    }
    return check_holds(buf, len, le) || check_holds(buf, len, be);
}

/* No message but the record names a table's seed: the link's table's, or
 * every table of the host's for a link at none. */
static void check_seed(World *w, const SimHost *sh, const SimLink *l, const NetMsg *m,
                       const uint8_t *bytes, size_t len)
{
    if (m->type == NET_MSG_RECORD)
        return;
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        if (t->host != sh->index || (l->table >= 0 && l->table != i))
            continue;
        if (check_holds_seed(t->cfg.seed, bytes, len))
            sim_fail(w, "leak", "a message of type %d to connection %u carries table %d's seed",
                     m->type, (unsigned)l->id, i);
    }
}

/* ---- what a seat is sent ---- */

/* Whether the host has told the match started (not a start that waits for
 * the journal): a seat is listed its moves only then. */
static bool check_started(const HostTable *ht)
{
    return ht->started && !(ht->waiting && ht->untold.type == MOVE_NONE);
}

static void check_moves(World *w, const SimTable *t, const HostTable *ht, int seat,
                        const Move *moves, int n, const char *what)
{
    Move legal[GAME_MAX_MOVES];
    int k = seat >= 0 && check_started(ht) && game_to_move(t->mirror) == seat
                ? game_legal_moves(t->mirror, legal, GAME_MAX_MOVES)
                : 0;
    if (k > GAME_MAX_MOVES)
        k = GAME_MAX_MOVES;
    bool same = n == k;
    for (int i = 0; same && i < n; i++)
        same = move_equal(&moves[i], &legal[i]);
    if (!same)
        sim_fail(w, "leak", "table %d seat %d: the %s at move %u lists %d moves, the rules %d",
                 t->index, seat, what, (unsigned)t->mirrored, n, k);
}

static void check_events(World *w, const SimTable *t, int seat, const NetUpdate *u)
{
    int n = 0;
    const GameEvent *ev = game_events(t->mirror, &n);
    GameEvent *mine = malloc(((size_t)n + 1) * sizeof *mine);
    if (!mine) {
        sim_fail(w, "sim", "out of memory for events");
        return;
    }
    int k = game_events_for_seat(t->mirror, ev, n, seat, mine);
    if (k > NET_MAX_EVENTS)
        k = NET_MAX_EVENTS;
    if (u->nevents != k || memcmp(u->events, mine, (size_t)k * sizeof *mine) != 0)
        sim_fail(w, "leak",
                 "table %d seat %d: the events of move %u are not what the rules show it", t->index,
                 seat, (unsigned)u->move_no);
    free(mine);
}

static void check_claim(World *w, const SimHost *sh, SimTable *t, uint32_t k,
                        const NetClaimWindow *c)
{
    if (!c->open)
        return;
    uint64_t end = host_sim_now(w, sh) + c->left_ms;
    if (k == t->mirrored && game_to_move(t->mirror) != c->seat)
        sim_fail(w, "claim", "table %d: a claim window for seat %d, not the seat to move", t->index,
                 c->seat);
    if (t->claim_seat != c->seat || t->claim_move != k) {
        t->claim_seat = c->seat;
        t->claim_move = k;
        t->claim_end = end;
    } else if (end < t->claim_end) {
        t->claim_end = end;
    }
}

static void check_view(World *w, const SimHost *sh, SimTable *t, const SimLink *l, const NetView *v)
{
    const HostTable *ht = oracle_host_table(sh, t->id);
    if (!ht || !oracle_advance(w, t, v->move_no))
        return;
    uint64_t got = net_view_hash(&v->view);
    if (got != oracle_truth(t, v->move_no, l->seat) || v->view.seat != l->seat)
        sim_fail(w, "leak", "table %d seat %d: the VIEW of move %u is not what the rules show it",
                 t->index, l->seat, (unsigned)v->move_no);
    else if (v->hash != got)
        sim_fail(w, "view-hash", "table %d seat %d: a VIEW's hash is not its view's", t->index,
                 l->seat);
    else if (v->move_no == t->mirrored)
        check_moves(w, t, ht, l->seat, v->moves, v->nmoves, "VIEW");
    check_claim(w, sh, t, v->move_no, &v->claim);
}

static void check_update(World *w, const SimHost *sh, SimTable *t, const SimLink *l,
                         const NetUpdate *u, SimOut *o)
{
    uint32_t k = u->move_no;
    const HostTable *ht = oracle_host_table(sh, t->id);
    if (!ht || !oracle_advance(w, t, k))
        return;
    const Move *hist = game_history(t->mirror, NULL);
    o->start = k == 0 && u->move.type == MOVE_NONE;
    if (!o->start && (k == 0 || !move_equal(&u->move, &hist[k - 1])))
        sim_fail(w, "update-move", "table %d: the UPDATE of move %u names another move", t->index,
                 (unsigned)k);
    else if (u->hash != oracle_truth(t, k, l->seat))
        sim_fail(w, "leak",
                 "table %d seat %d: the UPDATE of move %u makes a view the rules do "
                 "not show it",
                 t->index, l->seat, (unsigned)k);
    else if (k == t->mirrored) {
        check_events(w, t, l->seat, u);
        check_moves(w, t, ht, l->seat, u->moves, u->nmoves, "UPDATE");
    }
    check_claim(w, sh, t, k, &u->claim);
}

static void check_record(World *w, SimHost *sh, SimTable *t, const NetRecord *r)
{
    if (!game_match_over(t->mirror)) {
        sim_fail(w, "record-early", "table %d: a RECORD before the match was told over", t->index);
        return;
    }
    if (!t->record)
        t->record = host_table_record(sh->h, t->id, &t->record_len);
    if (!t->record || (size_t)r->offset + r->len > t->record_len ||
        memcmp(t->record + r->offset, r->text, r->len) != 0)
        sim_fail(w, "record-chunk", "table %d: a RECORD chunk at %u is not the host's record",
                 t->index, (unsigned)r->offset);
}

/* A WELCOME to watch t: only where t takes spectators, with no token nor
 * seed. */
static void check_watch_welcome(World *w, SimLink *l, SimTable *t, const NetWelcome *wl)
{
    if (t->rules.watch == NET_WATCH_NONE && l->client != t->creator) /* its creator may */
        sim_fail(w, "watch-let-in", "table %d takes no spectators; client %d was let watch",
                 t->index, l->client);
    else if (wl->token[0] || wl->ai_seed != 0)
        sim_fail(w, "leak", "table %d: a spectator's WELCOME carries a token or a seed", t->index);
    l->table = t->index;
    l->seat = SIM_WATCHING;
    l->watching = true;
    l->ever_seated = true; /* at a table: its deadlines are the table's business */
}

static void check_welcome(World *w, SimHost *sh, SimLink *l, const NetWelcome *wl, SimOut *o)
{
    SimTable *t = oracle_table(w, sh->index, wl->table);
    if (!t)
        return; /* a table a stranger made */
    int s = wl->seat;
    const SimClient *c = &w->client[l->client];
    if (s < 0) {
        check_watch_welcome(w, l, t, wl);
        return;
    }
    if (s >= t->cfg.players || wl->ai_seed != game_seat_ai_seed(t->cfg.seed, s)) {
        sim_fail(w, "welcome", "table %d: a WELCOME to seat %d with a wrong seat or seed", t->index,
                 s);
        return;
    }
    if (t->token[s][0] && strcmp(t->token[s], wl->token) != 0) {
        sim_fail(w, "token-changed",
                 "table %d seat %d: a WELCOME with another token than the "
                 "seat's",
                 t->index, s);
        return;
    }
    if (!c->kind->honest) {
        sim_fail(w, "seat-guessed", "table %d: client %d (%s) was given seat %d", t->index,
                 c->index, c->kind->key, s);
        return;
    }
    if (strcmp(wl->key, t->open ? "" : t->key) != 0) {
        sim_fail(w, "key-changed", "table %d: a WELCOME with another key than its CREATED's",
                 t->index);
        return;
    }
    l->ever_seated = true;
    snprintf(t->token[s], sizeof t->token[s], "%s", wl->token);
    o->table = t->index;
    o->seat = s;
    l->table = t->index;
    l->seat = s;
    t->holder[s] = c->index;
    if (c->kind->seated)
        t->level[s] = c->level;
    t->holder_link[s] = l->id;
    t->away_since[s] = SIM_NEVER;
}

/* A key: NET_KEY_LEN hex digits. */
static bool check_is_key(const char *key)
{
    size_t n = strlen(key);
    return n == NET_KEY_LEN && strspn(key, "0123456789abcdef") == n;
}

static void check_created(World *w, const SimLink *l, const NetMsg *m, SimOut *o)
{
    const SimClient *c = &w->client[l->client];
    const NetCreated *cr = &m->u.created;
    if (cr->open ? cr->key[0] != '\0' : !check_is_key(cr->key)) {
        sim_fail(w, "key-changed", "table %s was made %s with the key '%s'", cr->table,
                 cr->open ? "open" : "private", cr->key);
        return;
    }
    if (c->kind != &sim_kind_creator || c->table < 0)
        return;
    SimTable *t = &w->table[c->table];
    if (!t->id[0]) {
        snprintf(t->id, sizeof t->id, "%s", cr->table);
        snprintf(t->key, sizeof t->key, "%s", cr->key);
        if (cr->open != t->open)
            sim_fail(w, "key-changed", "table %d was asked %s and made %s", t->index,
                     t->open ? "open" : "private", cr->open ? "open" : "private");
    }
    if (strcmp(t->id, cr->table) == 0) {
        o->table = t->index;
        t->creator_link = l->id; /* the host takes this connection for its creator */
    }
}

static void check_tables(World *w, const SimHost *sh, const NetTables *nt)
{
    for (int i = 0; i < nt->count; i++) {
        const SimTable *t = oracle_table(w, sh->index, nt->table[i].table);
        if (t && !t->open)
            sim_fail(w, "private-listed", "table %d is private and was listed", t->index);
    }
}

/* The figures of address a at host sh, begun again with each of its lives. */
static SimAddr *check_addr(World *w, const SimHost *sh, const SimLink *l)
{
    SimAddr *a = &w->addrs[w->client[l->client].addr];
    int i = sh->index;
    if (a->epoch[i] != sh->epoch) {
        a->epoch[i] = sh->epoch;
        a->cut_until[i] = 0;
        a->wrongs[i] = 0;
        a->wrong_first[i] = 0;
    }
    return a;
}

/* A wrong key told to l's address: no more than the limit lets it guess. */
static void check_wrong_told(World *w, const SimHost *sh, const SimLink *l)
{
    SimAddr *a = check_addr(w, sh, l);
    int i = sh->index;
    uint64_t now = host_sim_now(w, sh);
    if (a->wrongs[i]++ == 0)
        a->wrong_first[i] = now;
    const HostLimits *lim = &sh->limits;
    uint64_t allowed = (uint64_t)lim->addr_wrong + (now - a->wrong_first[i]) / lim->addr_wrong_ms;
    if ((uint64_t)a->wrongs[i] > allowed)
        sim_fail(w, "guesses-unbounded",
                 "address %u was told its %ld-th wrong key in %llu ms; its limit is %d at once "
                 "and one every %u ms",
                 (unsigned)(a->addr & 0xffffu), a->wrongs[i],
                 (unsigned long long)(now - a->wrong_first[i]), lim->addr_wrong,
                 (unsigned)lim->addr_wrong_ms);
}

/* The hands of a round: only to a spectator of a table that shows them,
 * once that round is over as told, and as they were dealt. */
static void check_hands(World *w, const SimLink *l, const NetHands *nh)
{
    const SimTable *t = l->table >= 0 ? &w->table[l->table] : NULL;
    RoundHands rh;
    if (!t || !l->watching || t->rules.watch != NET_WATCH_HANDS_LATE) {
        sim_fail(w, "leak", "connection %u, no spectator of a table of hands late, got HANDS",
                 (unsigned)l->id);
        return;
    }
    if (game_round_hands(t->mirror, nh->round, &rh) != CEKI_OK) {
        sim_fail(w, "hands-early",
                 "table %d: round %d's hands to a spectator at move %u, before "
                 "that round was over",
                 t->index, nh->round, (unsigned)t->mirrored);
        return;
    }
    bool same = nh->players == rh.players;
    for (int s = 0; same && s < rh.players; s++)
        same = nh->count[s] == rh.count[s] &&
               memcmp(nh->cards[s], rh.hand[s], (size_t)rh.count[s] * sizeof(Card)) == 0;
    if (!same)
        sim_fail(w, "hands-wrong", "table %d: round %d's hands are not as dealt", t->index,
                 nh->round);
}

/* What only spectators may get (HANDS), and a spectator's chat, which no
 * seat gets before the match is over. */
static void check_watch_sent(World *w, SimHost *sh, const SimLink *l, const NetMsg *m)
{
    if (m->type == NET_MSG_HANDS) {
        check_hands(w, l, &m->u.hands);
        return;
    }
    const SimTable *t = l->table >= 0 ? &w->table[l->table] : NULL;
    const HostTable *ht = t ? oracle_host_table(sh, t->id) : NULL;
    bool gallery = strncmp(m->u.chat.text, SIM_WATCH_CHAT, strlen(SIM_WATCH_CHAT)) == 0;
    if (t && !l->watching && gallery && ht && !ht->over && !game_match_over(t->mirror))
        sim_fail(w, "watch-chat-to-seat",
                 "table %d: a spectator's chat reached seat %d before the match was over", t->index,
                 l->seat);
}

/* The table a link is about for a handover: its seat's or spectator's, or
 * the one it made while the host takes it for that table's creator. */
static SimTable *check_link_table(World *w, const SimLink *l)
{
    if (l->table >= 0)
        return &w->table[l->table];
    for (int k = 0; k < w->ntables; k++) {
        if (w->table[k].creator_link == l->id)
            return &w->table[k];
    }
    return NULL;
}

/* A seat handed to the computer by its creator or its person: the reason
 * SEATS gives it, else NONE. */
static uint8_t check_handed_why(uint8_t state, uint8_t why)
{
    bool handed = why == NET_STAND_IN_CREATOR || why == NET_STAND_IN_OWN;
    return state == NET_SEAT_STAND_IN && handed ? why : (uint8_t)NET_STAND_IN_NONE;
}

/* A seat played by the computer for a reason it keeps while its person
 * comes and goes (the clock's, the creator's, its own: host_seat.c), else
 * NONE. */
static uint8_t check_stood_why(uint8_t state, uint8_t why)
{
    bool kept = why == NET_STAND_IN_CLOCK || why == NET_STAND_IN_CREATOR || why == NET_STAND_IN_OWN;
    return state == NET_SEAT_STAND_IN && kept ? why : (uint8_t)NET_STAND_IN_NONE;
}

static uint32_t check_seats_stood(const NetSeats *ns)
{
    uint32_t bits = 0;
    for (int s = 0; s < ns->players && s < CEKI_MAX_SEATS; s++)
        bits |= (uint32_t)check_stood_why(ns->seat[s].state, ns->seat[s].stand_in)
                << (SIM_HANDED_BITS * (unsigned)s);
    return bits;
}

static uint32_t check_seats_handed(const NetSeats *ns)
{
    uint32_t bits = 0;
    for (int s = 0; s < ns->players && s < CEKI_MAX_SEATS; s++)
        bits |= (uint32_t)check_handed_why(ns->seat[s].state, ns->seat[s].stand_in)
                << (SIM_HANDED_BITS * (unsigned)s);
    return bits;
}

static void check_seats_sent(World *w, const SimLink *l, const NetSeats *ns, SimOut *o)
{
    const SimTable *t = check_link_table(w, l);
    if (!t || ns->players != t->cfg.players)
        return;
    o->table = t->index;
    o->tells = check_seats_handed(ns);
    o->stood = check_seats_stood(ns);
}

void check_sent(World *w, SimHost *sh, SimLink *l, const NetMsg *m, const uint8_t *bytes,
                size_t len, SimOut *o)
{
    o->type = m->type;
    o->table = -1;
    check_seed(w, sh, l, m, bytes, len);
    if (m->type == NET_MSG_REFUSED) { /* what was refused and why, for the call's checks */
        o->seat = m->u.refused.what;
        o->reason = m->u.refused.refusal;
    }
    if (m->type == NET_MSG_SEATS) {
        check_seats_sent(w, l, &m->u.seats, o);
        return;
    }
    if (m->type == NET_MSG_CREATED) {
        check_created(w, l, m, o);
        return;
    }
    if (m->type == NET_MSG_WELCOME) {
        check_welcome(w, sh, l, &m->u.welcome, o);
        return;
    }
    if (m->type == NET_MSG_TABLES) {
        check_tables(w, sh, &m->u.tables);
        return;
    }
    if (m->type == NET_MSG_REFUSED && m->u.refused.refusal == NET_REASON_WRONG_KEY) {
        check_wrong_told(w, sh, l);
        return;
    }
    if (m->type == NET_MSG_HANDS || m->type == NET_MSG_CHAT) {
        check_watch_sent(w, sh, l, m);
        return;
    }
    bool game = m->type == NET_MSG_VIEW || m->type == NET_MSG_UPDATE || m->type == NET_MSG_RECORD;
    if (!game)
        return;
    if (l->table < 0) {
        sim_fail(w, "leak", "a message of type %d to connection %u, which holds no seat", m->type,
                 (unsigned)l->id);
        return;
    }
    SimTable *t = &w->table[l->table];
    o->table = t->index;
    const HostTable *ht = oracle_host_table(sh, t->id);
    if (ht)
        check_note_moves(w, sh, t, ht);
    if (m->type == NET_MSG_VIEW) {
        o->tells = m->u.view.move_no;
        check_view(w, sh, t, l, &m->u.view);
    } else if (m->type == NET_MSG_UPDATE) {
        o->tells = m->u.update.move_no;
        check_update(w, sh, t, l, &m->u.update, o);
    } else {
        check_record(w, sh, t, &m->u.record);
    }
}

void check_flushed(World *w, const SimHost *sh, const SimOut *o)
{
    if (o->table < 0)
        return;
    SimTable *t = &w->table[o->table];
    const HostTable *ht = sh->h ? oracle_host_table(sh, t->id) : NULL;
    switch ((NetMsgType)o->type) {
    case NET_MSG_CREATED: t->id_told = true; break;
    case NET_MSG_WELCOME: t->token_told[o->seat] = true; break;
    case NET_MSG_VIEW:
    case NET_MSG_UPDATE:
        if (o->tells > t->told)
            t->told = o->tells;
        t->started = t->started || o->start;
        break;
    case NET_MSG_RECORD: t->over_told = true; break;
    case NET_MSG_SEATS:
        for (int s = 0; s < t->cfg.players; s++) {
            t->handed_told[s] = (uint8_t)((o->tells >> (SIM_HANDED_BITS * (unsigned)s)) & 0xfu);
            uint8_t stood = (uint8_t)((o->stood >> (SIM_HANDED_BITS * (unsigned)s)) & 0xfu);
            t->stood_told[s] = stood;
            t->stood_ever[s] = t->stood_ever[s] || stood != NET_STAND_IN_NONE;
            t->stood_since[s] = (uint8_t)(1u << stood);
            if (ht) /* the host as the step left it: what it holds may be kept already */
                t->stood_since[s] |=
                    (uint8_t)(1u << check_stood_why(ht->seat[s].state, ht->seat[s].stand_in));
        }
        break;
    default: break;
    }
}

/* ---- the moves a call made ---- */

/* The moves the clock made for seat s in a row before move i, as the
 * simulator saw them made (a move of the person's own, or a pass when the
 * claim window closed, ends the run; the stand-in's moves do not). */
static int check_clock_run(const SimTable *t, const HostTable *ht, uint32_t i, int s)
{
    int run = 0;
    const Move *hist = game_history(ht->game, NULL);
    for (uint32_t k = i; k-- > 0;) {
        if (k >= t->applied || hist[k].seat != s)
            continue;
        SimMover who = (SimMover)(t->made_by[k] & ~SIM_MOVER_CHANGED);
        if (who == SIM_BY_CLOCK)
            run++;
        else if (who != SIM_BY_STAND_IN)
            break;
    }
    return run;
}

/* Move i, which the clock made for seat s: only at a table with a clock,
 * for a person here who is not stood in for, outside a claim window, and
 * not before a whole move time has passed since the decision could begin. */
static void check_clock_move(World *w, SimHost *sh, SimTable *t, const HostTable *ht, uint32_t i,
                             int s)
{
    uint64_t now = host_sim_now(w, sh);
    const char *broke = NULL;
    if (t->rules.clock.move_ms == 0)
        broke = "clock-without-clock";
    else if (!host_seat_is_person(ht->seat[s].kind))
        broke = "clock-for-computer";
    else if (t->holder_link[s] == 0)
        broke = "clock-while-away";
    else if (t->claim_seat == s && t->claim_move == i)
        broke = "clock-in-claim";
    else if (now < t->decide_from + t->rules.clock.move_ms)
        broke = "clock-early";
    if (broke) {
        sim_fail(w, broke,
                 "table %d move %u: the clock moved for seat %d (clock %u+%u ms, the decision "
                 "could begin at %llu, now %llu, person %s)",
                 t->index, (unsigned)i, s, (unsigned)t->rules.clock.move_ms,
                 (unsigned)t->rules.clock.bank_ms, (unsigned long long)t->decide_from,
                 (unsigned long long)now, t->holder_link[s] ? "here" : "away");
        return;
    }
    oracle_note_move(w, t, i, SIM_BY_CLOCK, s);
}

/* Move i, which the host's computer made for seat s, a person's: after the
 * clock made NET_CLOCK_STALLED moves in a row for them (the clock's
 * stand-in, here or not), else for a person away past the grace. */
static void check_stand_in_move(World *w, SimHost *sh, SimTable *t, const HostTable *ht, uint32_t i,
                                int s)
{
    uint64_t now = host_sim_now(w, sh);
    if (t->handed[s] != NET_STAND_IN_NONE) { /* handed over by its creator or its person */
        oracle_note_move(w, t, i, SIM_BY_STAND_IN, s);
        return;
    }
    if (t->rules.clock.move_ms > 0 && check_clock_run(t, ht, i, s) >= NET_CLOCK_STALLED) {
        oracle_note_move(w, t, i, SIM_BY_STAND_IN, s);
        return;
    }
    if (t->holder_link[s] != 0)
        sim_fail(w, "stand-in-while-here",
                 "table %d move %u: the host played seat %d, whose "
                 "person is connected",
                 t->index, (unsigned)i, s);
    else if (t->away_since[s] == SIM_NEVER || now < t->away_since[s] + sh->opt.grace_ms)
        sim_fail(w, "stand-in-early",
                 "table %d move %u: the host played seat %d before its "
                 "grace ran out",
                 t->index, (unsigned)i, s);
    oracle_note_move(w, t, i, SIM_BY_STAND_IN, s);
}

static void check_host_move(World *w, SimHost *sh, SimTable *t, const HostTable *ht, uint32_t i)
{
    const Move *m = &game_history(ht->game, NULL)[i];
    int s = m->seat;
    uint64_t now = host_sim_now(w, sh);
    if (ht->by_ai[i] == HOST_BY_CLOCK) {
        check_clock_move(w, sh, t, ht, i, s);
    } else if (ht->by_ai[i] && !host_seat_is_person(ht->seat[s].kind)) {
        oracle_note_move(w, t, i, SIM_BY_COMPUTER, s);
    } else if (ht->by_ai[i]) {
        check_stand_in_move(w, sh, t, ht, i, s);
    } else if (m->type != MOVE_PASS || t->claim_seat != s || t->claim_move != i) {
        sim_fail(w, "move-from-nowhere",
                 "table %d move %u for seat %d came from no seat's "
                 "message",
                 t->index, (unsigned)i, s);
    } else if (now < t->claim_end) {
        sim_fail(w, "pass-early",
                 "table %d move %u: seat %d's claim window was passed before "
                 "it closed",
                 t->index, (unsigned)i, s);
    } else {
        oracle_note_move(w, t, i, SIM_BY_EXPIRY, s);
    }
}

static void check_seat_move(World *w, SimTable *t, const HostTable *ht, uint32_t i,
                            const SimLink *l, const NetMove *nm)
{
    const Move *m = &game_history(ht->game, NULL)[i];
    if (l->table != t->index || l->seat != m->seat || t->holder_link[m->seat] != l->id) {
        sim_fail(w, "moved-for-other-seat",
                 "table %d move %u for seat %d was taken from "
                 "connection %u, which holds %s seat %d",
                 t->index, (unsigned)i, m->seat, (unsigned)l->id,
                 l->table == t->index ? "its" : "another table's", l->seat);
        return;
    }
    /* A rogue's own move sent out of place (another number, a move its
     * player did not choose) the host may take: legal, but no longer the
     * seat's own choice. */
    const SimClient *c = &w->client[l->client];
    bool own = c->has_own && nm && nm->move_no == c->own_no && move_equal(&nm->move, &c->own_move);
    oracle_note_move(w, t, i, own ? SIM_BY_SEAT : SIM_BY_FOUL, m->seat);
}

/* The moves of t the host made in the call under way and not yet looked
 * at: each its maker's. Asked after the call, and before a message tells
 * them (a table may leave the host in the same call: a match over is
 * closed at the tick that tells its last move). */
static void check_note_moves(World *w, SimHost *sh, SimTable *t, const HostTable *ht)
{
    if (!sh->in_call)
        return;
    uint32_t before = sh->call_before[t->index];
    uint32_t first = before == SIM_ABSENT ? 0 : before;
    uint32_t from = t->applied > first ? t->applied : first;
    for (uint32_t i = from; i < ht->move_no && !w->broken; i++) {
        if (sh->call_kind == SIM_CALL_TICK)
            check_host_move(w, sh, t, ht, i);
        else if (sh->call_kind == SIM_CALL_MOVE && i == first)
            check_seat_move(w, t, ht, i, sh->call, sh->call_move);
        else
            sim_fail(w, "move-from-nowhere",
                     "table %d move %u was made by a message that "
                     "makes no move",
                     t->index, (unsigned)i);
        t->decide_from = host_sim_now(w, sh);
    }
}

/* The host closed t (it left its tables) for `why`: only as the rules of
 * the tables' life allow. Its people are at no table from now. */
static void check_closed(World *w, SimTable *t, NetReason why)
{
    if (t->closed != NET_REASON_NONE)
        return; /* a closed table the journal gave back, closed again */
    bool person_here = false;
    for (int s = 0; s < t->cfg.players; s++)
        person_here = person_here || t->holder_link[s] != 0;
    if (why == NET_REASON_CLOSED_OVER) {
        t->over_host = true;
        if (!game_match_over(t->mirror))
            sim_fail(w, "closed-over-early", "table %d closed as over at move %u, not over",
                     t->index, (unsigned)t->mirrored);
        return;
    }
    t->closed = (uint8_t)why;
    w->stats.closed_idle++;
    if (why == NET_REASON_CLOSED_ABANDONED && person_here)
        sim_fail(w, "closed-while-here", "table %d closed as abandoned with a person at it",
                 t->index);
    else if (why != NET_REASON_CLOSED_ABANDONED && t->started)
        sim_fail(w, "closed-started", "table %d closed as not started (%s) once it had started",
                 t->index, net_reason_text(why));
    else if (why < NET_REASON_CLOSED_EMPTY || why > NET_REASON_CLOSED_OVER)
        sim_fail(w, "closed-started", "table %d left the host for no closing reason (%d)", t->index,
                 (int)why);
    for (int s = 0; s < t->cfg.players; s++)
        t->holder_link[s] = 0;
}

/* The host hands no seat to the computer unasked: each seat it holds
 * handed over is one the simulator saw asked for, for that reason. A seat
 * the host no longer holds handed over (taken back, left, emptied) is not. */
static void check_handed_kept(World *w, const SimHost *sh, SimTable *t, const HostTable *ht)
{
    if (sh->disk.frozen)
        return; /* it died in this call: what it holds now dies with it */
    for (int s = 0; s < t->cfg.players && !w->broken; s++) {
        uint8_t why = check_handed_why(ht->seat[s].state, ht->seat[s].stand_in);
        if (why != NET_STAND_IN_NONE && why != t->handed[s])
            sim_fail(w, "handover-unasked",
                     "table %d: the host holds seat %d handed to the computer (%s) unasked",
                     t->index, s, why == NET_STAND_IN_OWN ? "its own" : "by the creator");
        t->handed[s] = why;
    }
}

void check_moves_made(World *w, SimHost *sh)
{
    for (int k = 0; k < w->ntables && !w->broken; k++) {
        SimTable *t = &w->table[k];
        const HostTable *ht = t->host == sh->index ? oracle_host_table(sh, t->id) : NULL;
        if (ht && ht->over)
            t->over_host = true;
        /* Swept away (host_table.c), unless the process died at a write in
         * this call: what it did after that is nobody's (seeds 2076, 2995:
         * the last move's commit killed it, and the dead host told that move
         * to nobody and closed the match as over). The table's deletion is
         * written only at a later call's flush, so the restarted host has it. */
        if (!ht && sh->call_before[k] != SIM_ABSENT && t->host == sh->index && !sh->disk.frozen)
            check_closed(w, t, table_closed_why(sh->h, t->id));
        if (ht)
            check_note_moves(w, sh, t, ht);
        if (ht)
            check_handed_kept(w, sh, t, ht);
        for (int s = 0; ht && s < t->cfg.players; s++) /* what it holds now it may keep */
            t->stood_since[s] |=
                (uint8_t)(1u << check_stood_why(ht->seat[s].state, ht->seat[s].stand_in));
        /* The host may close a match over in the call that keeps its last
         * move, with nobody left to tell it to: the mirror follows the
         * host's moves as soon as it holds the match over. */
        if (ht && ht->over && !w->broken)
            oracle_advance(w, t, ht->move_no);
    }
}

/* ---- the journal ---- */

void check_journal(World *w, SimHost *sh)
{
    for (int k = 0; k < w->ntables && !w->broken; k++) {
        SimTable *t = &w->table[k];
        if (t->host != sh->index || t->told <= t->kept)
            continue;
        long n = oracle_journal_moves(sh, t->id);
        if (n < 0) {
            sim_fail(w, "sim", "host %d's journal does not read", sh->index);
            return;
        }
        t->kept = (uint32_t)n;
        if (n < (long)t->told)
            sim_fail(w, "told-unjournalled", "table %d: move %u was told, the journal holds %ld",
                     t->index, (unsigned)t->told, n);
    }
}

/* The host has what it told of t after a restart. */
static void check_restarted_table(World *w, SimHost *sh, SimTable *t)
{
    const HostTable *ht = oracle_host_table(sh, t->id);
    if (!ht) {
        if (t->id_told)
            sim_fail(w, "restart-lost-table",
                     "host %d: table %d was told (to move %u) and is "
                     "gone after a restart",
                     sh->index, t->index, (unsigned)t->told);
        return;
    }
    if (!oracle_rewind(w, t))
        return;
    int n = 0;
    const Move *hist = game_history(ht->game, &n);
    const Move *told = game_history(t->mirror, NULL);
    if ((uint32_t)n < t->told) {
        sim_fail(w, "restart-lost-move", "table %d: %u moves were told, the restarted host has %d",
                 t->index, (unsigned)t->told, n);
        return;
    }
    for (uint32_t i = 0; i < t->told; i++) {
        if (!move_equal(&hist[i], &told[i])) {
            sim_fail(w, "restart-rewrote", "table %d: move %u differs after a restart", t->index,
                     (unsigned)i);
            return;
        }
    }
    if (!t->open && strcmp(ht->key, t->key) != 0)
        sim_fail(w, "key-changed", "table %d: its key is not the restarted host's", t->index);
    if (t->started && !ht->started)
        sim_fail(w, "restart-lost-start",
                 "table %d: the start was told, the restarted host "
                 "has it not started",
                 t->index);
    for (int s = 0; s < t->cfg.players && !w->broken; s++) {
        if (t->token_told[s] && strcmp(ht->seat[s].token, t->token[s]) != 0)
            sim_fail(w, "restart-lost-token",
                     "table %d: seat %d's token is not the restarted "
                     "host's",
                     t->index, s);
    }
    /* Each seat's stand-in as last told, or one the host held since (kept
     * before it was told, the host dying before the SEATS went out). */
    for (int s = 0; s < t->cfg.players && !w->broken; s++) {
        uint8_t kept = check_stood_why(ht->seat[s].state, ht->seat[s].stand_in);
        uint8_t shown = t->stood_told[s];
        if (t->stood_since[s] & (1u << kept))
            continue;
        if (shown == NET_STAND_IN_CLOCK)
            sim_fail(w, "restart-lost-stand-in",
                     "table %d: seat %d was told played by the computer for the clock; the "
                     "restarted host has it not (%d)",
                     t->index, s, (int)kept);
        else if (shown == NET_STAND_IN_NONE && t->stood_ever[s])
            sim_fail(w, "restart-lost-take-back",
                     "table %d: seat %d was told taken back by its person; the restarted host "
                     "has the computer playing it (%d)",
                     t->index, s, (int)kept);
        else if (shown != NET_STAND_IN_NONE)
            sim_fail(w, "restart-lost-handover",
                     "table %d: seat %d was told handed to the computer (%s); the restarted "
                     "host has it not",
                     t->index, s, shown == NET_STAND_IN_OWN ? "its own" : "creator");
    }
    t->applied = (uint32_t)n;
    t->decide_from = host_sim_now(w, sh);
}

void check_restarted(World *w, SimHost *sh)
{
    uint64_t now = host_sim_now(w, sh);
    for (int k = 0; k < w->ntables && !w->broken; k++) {
        SimTable *t = &w->table[k];
        if (t->host != sh->index || !t->id[0])
            continue;
        const HostTable *ht = oracle_host_table(sh, t->id);
        for (int s = 0; s < t->cfg.players; s++) {
            /* Every seat a person had is away from now (a seat kept whose
             * WELCOME never went out too: its token is nobody's). */
            t->holder_link[s] = 0;
            t->away_since[s] = ht && ht->seat[s].state == NET_SEAT_AWAY ? now : SIM_NEVER;
            if (!t->token_told[s])
                t->token[s][0] = '\0'; /* a WELCOME never on the wire gave no token */
        }
        t->claim_seat = -1;
        t->creator_link = 0; /* no connection of the last life is its creator */
        /* Over at the host, or held over by its journal: the last host
         * kept the match's end and went as it closed it, telling nobody
         * (seeds 7006501, 7013873, 7024330, 7057150, 7058340, 7077939); the
         * new one answers its seats that it is over, as for one that was
         * away at its end. */
        bool over = t->over_host || table_closed_why(sh->h, t->id) == NET_REASON_CLOSED_OVER;
        bool gone_over = over && !oracle_host_table(sh, t->id);
        if (!t->over_told && !gone_over && t->closed == NET_REASON_NONE)
            check_restarted_table(w, sh, t);
        for (int s = 0; s < t->cfg.players && ht; s++) { /* an untold handover: lost or kept */
            t->handed[s] = t->handed_told[s] =
                check_handed_why(ht->seat[s].state, ht->seat[s].stand_in);
            t->stood_told[s] = check_stood_why(ht->seat[s].state, ht->seat[s].stand_in);
            t->stood_since[s] = (uint8_t)(1u << t->stood_told[s]);
        }
    }
}

/* ---- a client ---- */

static bool check_held(World *w, const SimClient *c, const SimTable *t, const Observation *v,
                       uint32_t k, bool exact, uint64_t h)
{
    int seat = v->seat;
    bool ok = seat >= 0 && seat < t->cfg.players && t->holder[seat] == c->index;
    if (ok && exact)
        ok = k <= t->told && oracle_truth(t, k, seat) == h;
    if (ok && !exact) {
        ok = false;
        for (uint32_t i = (k <= t->told ? k : t->told) + 1; i-- > 0 && !ok;)
            ok = oracle_truth(t, i, seat) == h;
    }
    if (!ok)
        sim_fail(w, "held-unshown",
                 "client %d (%s) holds a view of move %u that table %d did "
                 "not show seat %d",
                 c->index, c->kind->key, (unsigned)k, t->index, seat);
    return ok;
}

/* A spectator holds only what every seat was shown at a move told, and
 * once its link is quiet, the host's spectator view. */
static void check_watcher(World *w, SimClient *c)
{
    uint32_t k = 0;
    bool exact = true;
    const Observation *v = c->kind->view(c, &k, &exact);
    if (!v)
        return;
    const SimTable *t = &w->table[c->table];
    uint64_t h = net_view_hash(v);
    if (v->seat != GAME_SPECTATOR || k > t->told || oracle_truth(t, k, GAME_SPECTATOR) != h) {
        sim_fail(w, "held-unshown",
                 "client %d (%s) holds a view of move %u that table %d did not show its "
                 "spectators",
                 c->index, c->kind->key, (unsigned)k, t->index);
        return;
    }
    const SimLink *l = c->link ? net_link(w, c->link) : NULL;
    const HostTable *ht = oracle_host_table(&w->host[t->host], t->id);
    if (!l || !l->watching || l->broken || !l->client_open || !l->host_open || !net_quiet(l) ||
        !ht || ht->waiting)
        return;
    if (ht->move_no != t->told || oracle_truth(t, t->told, GAME_SPECTATOR) != h)
        sim_fail(w, "hash-quiet",
                 "client %d (%s): its view of table %d is not the host's spectator view once "
                 "its link is quiet (it holds move %u, the host is at %u)",
                 c->index, c->kind->key, t->index, (unsigned)k, (unsigned)ht->move_no);
}

void check_client(World *w, SimClient *c)
{
    if (!c->alive || !c->st || w->broken)
        return;
    if (c->kind->watches) {
        check_watcher(w, c);
        return;
    }
    if (!c->kind->seated)
        return;
    uint32_t k = 0;
    bool exact = true;
    const Observation *v = c->kind->view(c, &k, &exact);
    if (!v)
        return;
    const SimTable *t = &w->table[c->table];
    uint64_t h = net_view_hash(v);
    if (!check_held(w, c, t, v, k, exact, h))
        return;
    const SimLink *l = c->link ? net_link(w, c->link) : NULL;
    SimHost *sh = &w->host[t->host];
    const HostTable *ht = oracle_host_table(sh, t->id);
    if (!l || l->broken || !l->client_open || !l->host_open || !net_quiet(l) || !ht ||
        ht->waiting || t->holder_link[v->seat] != l->id)
        return;
    if (ht->move_no != t->told || oracle_truth(t, t->told, v->seat) != h)
        sim_fail(w, "hash-quiet",
                 "client %d (%s): its view of table %d is not the host's once "
                 "its link is quiet (it holds move %u, the host is at %u)",
                 c->index, c->kind->key, t->index, (unsigned)k, (unsigned)ht->move_no);
}

/* ---- the end ---- */

static bool check_stood(const SimTable *t)
{
    for (uint32_t i = 0; i < t->told; i++) {
        if (i >= t->applied || (t->made_by[i] & SIM_MOVER_CHANGED)) {
            if (getenv("SIMDBG"))
                fprintf(stderr, "DBG table %d move %u applied %u made %u\n", t->index, i,
                        t->applied, i < t->applied ? t->made_by[i] : 999u);
            return false;
        }
    }
    return true;
}

static void check_end_record(World *w, SimTable *t, long *as_match)
{
    Game *g = NULL;
    char err[160] = "";
    if (record_read_text(t->record, t->record_len, &g, err, sizeof err) != CEKI_OK) {
        sim_fail(w, "record-replay", "table %d's record does not replay: %s", t->index, err);
        return;
    }
    int n = 0, m = 0;
    const Move *a = game_history(g, &n), *b = game_history(t->mirror, &m);
    m = (int)t->told < m ? (int)t->told : m;
    bool same = n == m && game_match_over(g);
    for (int i = 0; same && i < n; i++)
        same = move_equal(&a[i], &b[i]);
    if (!same)
        sim_fail(w, "record-differs", "table %d's record is not the match as told", t->index);
    if (same && check_stood(t)) {
        Game *e = expect_cli_match(&t->cfg, t->level);
        int ne = 0;
        const Move *c = e ? game_history(e, &ne) : NULL;
        int at = -1;
        for (int i = 0; c && at < 0 && i < (ne < n ? ne : n); i++)
            at = move_equal(&a[i], &c[i]) ? -1 : i;
        if (!e || at >= 0 || ne != n) {
            char got[MOVE_TEXT_MAX] = "-", want[MOVE_TEXT_MAX] = "-";
            int i = at >= 0 ? at : (ne < n ? ne : n);
            if (i < n)
                move_format(&a[i], got);
            if (c && i < ne)
                move_format(&c[i], want);
            sim_fail(w, "match-differs",
                     "table %d's record is not ceki-cli match's: move %d is "
                     "%s by seat %d (made by %u), ceki-cli match's %s, though every move was its "
                     "seat's own choice",
                     t->index, i, got, i < n ? a[i].seat : -1,
                     i < (int)t->applied ? t->made_by[i] : 255u, want);
        } else {
            (*as_match)++;
            t->as_match = true;
        }
        game_destroy(e);
    }
    game_destroy(g);
}

static void check_end_clients(World *w, SimTable *t)
{
    for (int i = 0; i < w->nclients && !w->broken; i++) {
        SimClient *c = &w->client[i];
        if (c->table != t->index || !c->kind->seated || !c->alive || !c->st)
            continue;
        size_t len = 0;
        const char *rec = c->kind->record(c, &len);
        if (c->got_record &&
            (!rec || !t->record || len != t->record_len || memcmp(rec, t->record, len) != 0))
            sim_fail(w, rec ? "record-differs" : "record-missing",
                     "client %d (%s) holds %s the host's record of table %d", c->index,
                     c->kind->key, rec ? "another record than" : "no record, though it was sent",
                     t->index);
        else
            c->kind->end_check(w, c);
    }
}

/* Whether t, started, has a person who may still play: one connected,
 * or a seated client not gone for good (a table all of whose people went
 * for good stands unplayed, as its computers do not play on for nobody,
 * until the host closes it as idle, if it closes idle tables at all). */
static bool check_people_left(const World *w, const SimTable *t, const HostTable *ht)
{
    if (host_table_person_here(ht))
        return true;
    for (int i = 0; i < w->nclients; i++) {
        const SimClient *c = &w->client[i];
        if (c->table == t->index && c->kind->seated && !c->done)
            return true;
    }
    return false;
}

/* A match with no move in this long before the world's end is stalled. */
#define CHECK_STALLED_MS (10u * 60u * 1000u)

long check_end(World *w)
{
    long as_match = 0;
    for (int k = 0; k < w->ntables && !w->broken; k++) {
        SimTable *t = &w->table[k];
        if (t->over_told && t->record)
            check_end_record(w, t, &as_match);
        check_end_clients(w, t);
        const SimHost *sh = &w->host[t->host];
        const HostTable *ht = oracle_host_table(sh, t->id);
        /* A match still moving at the end is long, not stalled (Kowah's
         * hands between random players are often drawn: seed 2009825 had
         * made 1448 moves, one every 5.5 s, when the time was up). */
        bool moving = t->moved_at > 0 && w->now - t->moved_at < CHECK_STALLED_MS;
        if (!w->broken && t->started && !t->over_told && sh->h && ht && !ht->over &&
            t->closed == NET_REASON_NONE && w->now >= w->end_ms && !moving &&
            check_people_left(w, t, ht))
            sim_fail(w, "stalled", "table %d: the match stands at move %u when the time is up",
                     t->index, (unsigned)ht->move_no);
    }
    return as_match;
}

/* ---- admission ---- */

static bool check_is_admission(NetReason why)
{
    return why == NET_REASON_HELLO_LATE || why == NET_REASON_LOBBY_IDLE || why == NET_REASON_BUSY ||
           why == NET_REASON_ADDRESS_BUSY || why == NET_REASON_TOO_FAST ||
           why == NET_REASON_CUT_OFF;
}

/* An honest address is never cut off, and never refused for what only a
 * flood does (connecting too fast, holding too many connections). */
static void check_honest(World *w, const SimLink *l, const SimAddr *a, NetReason why)
{
    if (a->hostile)
        return;
    if (why == NET_REASON_CUT_OFF)
        sim_fail(w, "honest-cut-off", "client %d's address (no guesses there) is cut off",
                 l->client);
    else if (why == NET_REASON_TOO_FAST || why == NET_REASON_ADDRESS_BUSY)
        sim_fail(w, "honest-refused", "client %d's address (no flood there) is refused: %s",
                 l->client, net_reason_text(why));
}

void check_admitted(World *w, SimHost *sh, const SimLink *l, NetReason why)
{
    SimAddr *a = check_addr(w, sh, l);
    uint64_t now = host_sim_now(w, sh);
    if (why == NET_REASON_NONE && a->cut_until[sh->index] > now)
        sim_fail(w, "cut-off-ignored",
                 "client %d's address was let in %llu ms before its cut-off ends", l->client,
                 (unsigned long long)(a->cut_until[sh->index] - now));
    check_honest(w, l, a, why);
}

void check_dropped(World *w, SimHost *sh, HostConn conn, NetReason why)
{
    SimLink *l = net_link(w, conn);
    if (!l || l->host != sh->index || l->host_epoch != sh->epoch)
        return; /* host_out_drop's own check says so */
    SimAddr *a = check_addr(w, sh, l);
    l->host_dropped = true;
    const SimTable *t = l->table >= 0 ? &w->table[l->table] : NULL;
    /* A table closed as over leaves its people at no table (host.h): the
     * lobby's deadlines are theirs from then. */
    if (check_is_admission(why) && t && !l->watching && !t->over_host &&
        t->holder_link[l->seat] == l->id)
        sim_fail(w, "seated-dropped", "client %d, at table %d's seat %d, dropped: %s", l->client,
                 t->index, l->seat, net_reason_text(why));
    check_honest(w, l, a, why);
    uint64_t now = host_sim_now(w, sh);
    const SimLink *call = sh->call;
    bool cut_now = why == NET_REASON_CUT_OFF && call && call->host == sh->index &&
                   sh->call_type == NET_MSG_JOIN &&
                   w->client[call->client].addr == w->client[l->client].addr;
    if (cut_now && a->cut_until[sh->index] <= now)
        a->cut_until[sh->index] = now + sh->limits.cut_off_ms; /* a wrong guess cut it off */
}

/* Chat relayed from l: at most HOST_CHAT_BURST lines at once, one more
 * every HOST_CHAT_EVERY_MS, never two within HOST_CHAT_GAP_MS. */
static void check_chat(World *w, const SimHost *sh, SimLink *l)
{
    uint64_t now = host_sim_now(w, sh);
    if (l->chats > 0 && now - l->chat_last < HOST_CHAT_GAP_MS)
        sim_fail(w, "chat-too-fast", "client %d's chat lines were relayed %llu ms apart", l->client,
                 (unsigned long long)(now - l->chat_last));
    if (l->chats++ == 0)
        l->chat_first = now;
    l->chat_last = now;
    uint64_t allowed = HOST_CHAT_BURST + (now - l->chat_first) / HOST_CHAT_EVERY_MS;
    if ((uint64_t)l->chats > allowed)
        sim_fail(w, "chat-too-fast", "client %d: %ld chat lines relayed in %llu ms", l->client,
                 l->chats, (unsigned long long)(now - l->chat_first));
}

/* The tables of l's address the host holds not being played, and all it holds. */
static void check_tables_held(World *w, const SimHost *sh, const SimLink *l)
{
    const Host *h = sh->h;
    HostAddr addr = w->addrs[w->client[l->client].addr].addr;
    int waiting = 0;
    for (int i = 0; i < h->ntables; i++)
        waiting += h->tables[i]->owner == addr && host_table_waiting(h->tables[i]);
    if (waiting > sh->limits.addr_waiting)
        sim_fail(w, "tables-overrun", "client %d's address holds %d tables waiting (at most %d)",
                 l->client, waiting, sh->limits.addr_waiting);
    else if (sh->opt.max_tables > 0 && h->ntables > sh->opt.max_tables)
        sim_fail(w, "tables-overrun", "the host holds %d tables (at most %d)", h->ntables,
                 sh->opt.max_tables);
}

void check_received(World *w, SimHost *sh, SimLink *l, const NetMsg *m, size_t out_before)
{
    if (w->broken || !sh->h)
        return;
    bool relayed = false;
    for (size_t i = out_before; i < sh->nout && !relayed; i++)
        relayed = sh->out[i].kind == SIM_OUT_SEND && sh->out[i].type == NET_MSG_CHAT;
    if (m->type == NET_MSG_CHAT && relayed)
        check_chat(w, sh, l);
    if (m->type == NET_MSG_CREATE)
        check_tables_held(w, sh, l);
}

void check_ticked(World *w, SimHost *sh)
{
    uint64_t now = host_sim_now(w, sh);
    const HostLimits *lim = &sh->limits;
    while (sh->links_from < w->nlinks) {
        const SimLink *l = w->links[sh->links_from];
        if (!l->host_gone && (l->host_open || !l->broken))
            break;
        sh->links_from++;
    }
    for (uint32_t i = sh->links_from; i < w->nlinks && !w->broken; i++) {
        const SimLink *l = w->links[i];
        if (l->host != sh->index || l->host_epoch != sh->epoch || !l->host_open || l->host_gone ||
            l->host_dropped || l->ever_seated)
            continue;
        uint64_t due = l->hello_at ? l->hello_at + lim->lobby_ms : l->host_since + lim->hello_ms;
        if (now > due)
            sim_fail(w, "idle-kept",
                     "client %d's connection (%s) was kept %llu ms past its deadline", l->client,
                     l->hello_at ? "at no table" : "silent", (unsigned long long)(now - due));
    }
}

/* ---- handovers (NET_MSG_STAND_IN) ---- */

void check_handover_before(World *w, SimHost *sh, SimLink *l, const NetMsg *m)
{
    sh->call_table = -1;
    sh->call_seat = -1;
    if (m->type != NET_MSG_STAND_IN && m->type != NET_MSG_MOVE)
        return;
    SimTable *t = check_link_table(w, l);
    const HostTable *ht = t ? oracle_host_table(sh, t->id) : NULL;
    int s = m->type == NET_MSG_STAND_IN ? m->u.stand_in.seat : l->seat;
    if (!ht || s < 0 || s >= t->cfg.players)
        return;
    sh->call_table = t->index;
    sh->call_seat = s;
    sh->call_state = ht->seat[s].state;
    sh->call_why = ht->seat[s].stand_in;
}

/* The refusal the call sent l for a STAND_IN (NET_REASON_NONE: none). */
static NetReason check_call_refusal(const SimHost *sh, const SimLink *l, size_t out_before,
                                    NetMsgType what)
{
    for (size_t i = out_before; i < sh->nout; i++) {
        const SimOut *o = &sh->out[i];
        if (o->kind == SIM_OUT_SEND && o->conn == l->id && o->type == NET_MSG_REFUSED &&
            o->seat == (int)what)
            return (NetReason)o->reason;
    }
    return NET_REASON_NONE;
}

/* What the host must answer a STAND_IN from l for seat s of t (host.h,
 * "Stand-ins asked for"), as the simulator reckons it. */
static NetReason check_stand_in_due(const SimTable *t, const HostTable *ht, const SimLink *l,
                                    const NetStandInAsk *ask)
{
    bool creator = l->id == t->creator_link && ht->creator != 0;
    bool own = !l->watching && l->table == t->index && l->seat == ask->seat;
    const HostSeat *seat = &ht->seat[ask->seat];
    if (l->watching && !creator)
        return NET_REASON_WATCHING;
    if (!ht->started || ht->over)
        return NET_REASON_NOT_READY;
    if (!host_seat_is_person(seat->kind) || seat->state == NET_SEAT_EMPTY)
        return NET_REASON_NO_PERSON;
    if (!ask->on && !own)
        return NET_REASON_NOT_YOUR_SEAT;
    if (ask->on && !own && !creator)
        return NET_REASON_NOT_CREATOR;
    if (ask->on && !own && t->rules.clock.move_ms > 0)
        return NET_REASON_HAS_CLOCK;
    return NET_REASON_NONE;
}

/* Every seat held at t was sent, in this call, a SEATS showing seat s's
 * handover as the simulator reckons it. */
static void check_handover_told(World *w, const SimHost *sh, SimTable *t, int s, size_t out_before)
{
    for (int k = 0; k < t->cfg.players && !w->broken; k++) {
        uint32_t link = t->holder_link[k];
        bool told = link == 0;
        for (size_t i = out_before; i < sh->nout && !told; i++) {
            const SimOut *o = &sh->out[i];
            told = o->kind == SIM_OUT_SEND && o->conn == link && o->type == NET_MSG_SEATS &&
                   o->table == t->index &&
                   ((o->tells >> (SIM_HANDED_BITS * (unsigned)s)) & 0xfu) == t->handed[s];
        }
        if (!told)
            sim_fail(w, "handover-untold",
                     "table %d: seat %d's handover (%d) was not told to seat %d in a SEATS",
                     t->index, s, t->handed[s], k);
    }
}

static void check_stand_in_answered(World *w, SimHost *sh, SimTable *t, const HostTable *ht,
                                    SimLink *l, const NetStandInAsk *ask, size_t out_before)
{
    int s = ask->seat;
    NetReason due = check_stand_in_due(t, ht, l, ask);
    NetReason got = check_call_refusal(sh, l, out_before, NET_MSG_STAND_IN);
    if (due == NET_REASON_NOT_CREATOR && got != due) {
        sim_fail(w, "handover-not-creator",
                 "table %d: connection %u (not the creator) asked seat %d to the computer and "
                 "was %s (reason %d)",
                 t->index, (unsigned)l->id, s, got == NET_REASON_NONE ? "not refused" : "refused",
                 (int)got);
        return;
    }
    bool unkept = got == NET_REASON_NOT_READY && ht->journal_due != UINT64_MAX;
    if (due == NET_REASON_NONE && got != NET_REASON_NONE && !unkept) {
        sim_fail(w, "stand-in-refused", "table %d: a stand-in for seat %d %s was refused (%d)",
                 t->index, s, ask->on ? "on" : "off", (int)got);
        return;
    }
    if (due != NET_REASON_NONE || unkept)
        return; /* refused (for its own reason, or for another the host saw first) */
    bool own = !l->watching && l->table == t->index && l->seat == s;
    uint8_t before = check_handed_why(sh->call_state, sh->call_why);
    uint8_t want = NET_STAND_IN_NONE;
    if (ask->on && sh->call_state == NET_SEAT_STAND_IN)
        want = before; /* already stood in for: unchanged */
    else if (ask->on)
        want = own ? NET_STAND_IN_OWN : NET_STAND_IN_CREATOR;
    uint8_t now = check_handed_why(ht->seat[s].state, ht->seat[s].stand_in);
    if (now != want) {
        sim_fail(w, "handover-ignored",
                 "table %d: seat %d asked %s the computer, the host holds it %s (%d)", t->index, s,
                 ask->on ? "to" : "from", now ? "handed over" : "not handed over", (int)now);
        return;
    }
    t->handed[s] = want;
    if (want != before)
        check_handover_told(w, sh, t, s, out_before);
}

void check_handover_after(World *w, SimHost *sh, SimLink *l, const NetMsg *m, size_t out_before)
{
    if (!w->broken && sh->h && sh->disk.frozen && sh->call_table >= 0) {
        /* It died at a write of this call: a write whose commit reached the
         * files before it failed holds what the host then undid in memory
         * (seed 122: a take-back kept, its commit said to fail). */
        w->table[sh->call_table].stood_since[sh->call_seat] |=
            (uint8_t)(1u << NET_STAND_IN_NONE | 1u << NET_STAND_IN_OWN |
                      1u << NET_STAND_IN_CREATOR);
    }
    if (w->broken || !sh->h || sh->disk.frozen || sh->call_table < 0)
        return; /* a host that died in the call answers nothing */
    SimTable *t = &w->table[sh->call_table];
    const HostTable *ht = oracle_host_table(sh, t->id);
    int s = sh->call_seat;
    if (!ht)
        return;
    if (m->type == NET_MSG_STAND_IN) {
        check_stand_in_answered(w, sh, t, ht, l, &m->u.stand_in, out_before);
        return;
    }
    /* A move from the seat's own connection takes a handed seat back,
     * whether or not the move stands (the computer may have moved first). */
    bool holder = !l->watching && l->table == t->index && t->holder_link[s] == l->id;
    uint8_t before = check_handed_why(sh->call_state, sh->call_why);
    if (!holder || before == NET_STAND_IN_NONE)
        return;
    bool unkept = check_call_refusal(sh, l, out_before, NET_MSG_MOVE) == NET_REASON_NOT_READY &&
                  ht->journal_due != UINT64_MAX; /* told only once kept: to be sent again */
    if (unkept)
        return;
    if (check_handed_why(ht->seat[s].state, ht->seat[s].stand_in) != NET_STAND_IN_NONE) {
        sim_fail(w, "take-back-missed",
                 "table %d: seat %d's person moved and the computer still plays it", t->index, s);
        return;
    }
    t->handed[s] = NET_STAND_IN_NONE;
    check_handover_told(w, sh, t, s, out_before);
}
