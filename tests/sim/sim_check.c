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
    int k = check_started(ht) && game_to_move(t->mirror) == seat
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

static void check_welcome(World *w, SimHost *sh, SimLink *l, const NetWelcome *wl, SimOut *o)
{
    SimTable *t = oracle_table(w, sh->index, wl->table);
    if (!t)
        return; /* a table a stranger made */
    int s = wl->seat;
    const SimClient *c = &w->client[l->client];
    if (s < 0 || s >= t->cfg.players || wl->ai_seed != game_seat_ai_seed(t->cfg.seed, s)) {
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

static void check_created(World *w, const SimLink *l, const NetMsg *m, SimOut *o)
{
    const SimClient *c = &w->client[l->client];
    if (c->kind != &sim_kind_creator || c->table < 0)
        return;
    SimTable *t = &w->table[c->table];
    if (!t->id[0])
        snprintf(t->id, sizeof t->id, "%s", m->u.created);
    if (strcmp(t->id, m->u.created) == 0)
        o->table = t->index;
}

void check_sent(World *w, SimHost *sh, SimLink *l, const NetMsg *m, const uint8_t *bytes,
                size_t len, SimOut *o)
{
    o->type = m->type;
    o->table = -1;
    check_seed(w, sh, l, m, bytes, len);
    if (m->type == NET_MSG_CREATED) {
        check_created(w, l, m, o);
        return;
    }
    if (m->type == NET_MSG_WELCOME) {
        check_welcome(w, sh, l, &m->u.welcome, o);
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

void check_flushed(World *w, const SimOut *o)
{
    if (o->table < 0)
        return;
    SimTable *t = &w->table[o->table];
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
    default: break;
    }
}

/* ---- the moves a call made ---- */

static void check_host_move(World *w, SimHost *sh, SimTable *t, const HostTable *ht, uint32_t i)
{
    const Move *m = &game_history(ht->game, NULL)[i];
    int s = m->seat;
    uint64_t now = host_sim_now(w, sh);
    if (ht->by_ai[i] && !host_seat_is_person(ht->seat[s].kind)) {
        oracle_note_move(w, t, i, SIM_BY_COMPUTER, s);
    } else if (ht->by_ai[i]) {
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

void check_moves_made(World *w, SimHost *sh, const uint32_t *before, SimCall call, const SimLink *l,
                      const NetMove *nm)
{
    for (int k = 0; k < w->ntables && !w->broken; k++) {
        SimTable *t = &w->table[k];
        const HostTable *ht = t->host == sh->index ? oracle_host_table(sh, t->id) : NULL;
        if ((ht && ht->over) || (!ht && before[k] != SIM_ABSENT && t->host == sh->index))
            t->over_host = true; /* over, or over and swept away (host_table.c) */
        for (uint32_t i = before[k] == SIM_ABSENT ? 0 : before[k];
             ht && i < ht->move_no && !w->broken; i++) {
            if (call == SIM_CALL_TICK)
                check_host_move(w, sh, t, ht, i);
            else if (call == SIM_CALL_MOVE && i == (before[k] == SIM_ABSENT ? 0 : before[k]))
                check_seat_move(w, t, ht, i, l, nm);
            else
                sim_fail(w, "move-from-nowhere",
                         "table %d move %u was made by a message that "
                         "makes no move",
                         t->index, (unsigned)i);
        }
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
    t->applied = (uint32_t)n;
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
        bool gone_over = t->over_host && !oracle_host_table(sh, t->id);
        if (!t->over_told && !gone_over)
            check_restarted_table(w, sh, t);
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

void check_client(World *w, SimClient *c)
{
    if (!c->alive || !c->st || !c->kind->seated || w->broken)
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
        if (i >= t->applied || (t->made_by[i] & SIM_MOVER_CHANGED))
            return false;
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
        if (!w->broken && t->started && !t->over_told && sh->h && ht && !ht->over &&
            w->now >= w->end_ms)
            sim_fail(w, "stalled", "table %d: the match stands at move %u when the time is up",
                     t->index, (unsigned)ht->move_no);
    }
    return as_match;
}
