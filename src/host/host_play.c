/* host_play.c — a table's match: the deal, the start, every move checked
 * by the core and told to each seat and spectator as it may see it, the
 * computers' moves, the clock's move for a person whose time ran out, the
 * record at the end and the hands shown a round late (host_internal.h).
 *
 * The decisions are asked as `ceki-cli match` asks them (cmd_match.c): the
 * seat to move decides every step, forced ones too, and a computer at the
 * host takes a round's "next" move without thinking, so a table of network
 * bots asks each bot's player exactly what the match asks its own. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "record.h"

static AiLevel play_kind_level(uint8_t kind)
{
    return kind == NET_SEAT_RANDOM   ? AI_RANDOM
           : kind == NET_SEAT_GREEDY ? AI_GREEDY
           : kind == NET_SEAT_STRONG ? AI_STRONG
                                     : AI_LEVEL_COUNT;
}

AiLevel play_table_level(const HostTable *t)
{
    AiLevel level = AI_LEVEL_COUNT;
    for (int s = 0; s < t->cfg.players; s++) {
        AiLevel l = play_kind_level(t->seat[s].kind);
        if (l != AI_LEVEL_COUNT && (level == AI_LEVEL_COUNT || l > level))
            level = l;
    }
    return level == AI_LEVEL_COUNT ? AI_GREEDY : level;
}

AiPlayer *play_new_ai(const HostTable *t, int seat, AiLevel level)
{
    AiPlayer *ai = ai_create(level, game_seat_ai_seed(t->cfg.seed, seat));
    if (ai)
        ai_set_budget_iterations(ai, HOST_AI_ITERATIONS);
    return ai;
}

bool play_deal(Host *h, HostTable *t)
{
    (void)h;
    t->game = game_create(&t->cfg, NULL);
    if (!t->game)
        return false;
    for (int s = 0; s < t->cfg.players; s++) {
        AiLevel level = play_kind_level(t->seat[s].kind);
        if (level != AI_LEVEL_COUNT && !t->seat[s].ai)
            t->seat[s].ai = play_new_ai(t, s, level);
        if (level != AI_LEVEL_COUNT && !t->seat[s].ai)
            return false;
    }
    return true;
}

/* ---- telling the seats ---- */

/* NET_MSG_UPDATE to seat s: the events as it sees them, its view's delta
 * from `before` to `after`, the hash, and its moves when it is to move. */
static void play_send_update(Host *h, HostTable *t, int s, const Observation *before,
                             const Observation *after, const Move *move)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_UPDATE;
    NetUpdate *u = &m->u.update;
    u->move_no = t->move_no;
    u->hash = net_view_hash(after);
    u->move = *move;
    int n = 0;
    const GameEvent *events = game_events(t->game, &n);
    if (n > NET_MAX_EVENTS) {
        send_log(h, "table %s: %d events, more than a message holds", t->id, n);
        n = NET_MAX_EVENTS;
    }
    u->nevents = (uint16_t)game_events_for_seat(t->game, events, n, s, u->events);
    size_t len = net_view_delta(before, after, u->delta, sizeof u->delta);
    u->delta_len = (uint16_t)len;
    if (t->started && game_to_move(t->game) == s) {
        int k = game_legal_moves(t->game, u->moves, GAME_MAX_MOVES);
        u->nmoves = (uint16_t)(k > GAME_MAX_MOVES ? GAME_MAX_MOVES : k);
    }
    send_claim_window(h, t, &u->claim);
    clock_state(t, h->now_ms, &u->clock);
    send_msg(h, t->seat[s].conn, m);
    if (len == 0) /* no delta fits: the whole view follows */
        send_view(h, t, s);
}

/* The same UPDATE to every spectator: the events as GAME_SPECTATOR sees
 * them, the spectator's view's delta from `before` to `after`, no moves. */
static void play_send_watch_update(Host *h, HostTable *t, const Observation *before,
                                   const Observation *after, const Move *move)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_UPDATE;
    NetUpdate *u = &m->u.update;
    u->move_no = t->move_no;
    u->hash = net_view_hash(after);
    u->move = *move;
    int n = 0;
    const GameEvent *events = game_events(t->game, &n);
    n = n > NET_MAX_EVENTS ? NET_MAX_EVENTS : n;
    u->nevents = (uint16_t)game_events_for_seat(t->game, events, n, GAME_SPECTATOR, u->events);
    size_t len = net_view_delta(before, after, u->delta, sizeof u->delta);
    u->delta_len = (uint16_t)len;
    send_claim_window(h, t, &u->claim);
    clock_state(t, h->now_ms, &u->clock);
    send_watchers(h, t, m);
    for (int i = 0; len == 0 && i < t->nwatchers; i++) /* no delta fits: whole views follow */
        send_watch_view(h, t, t->watchers[i].conn);
}

/* The spectators' UPDATE of the move told (from `told` to the game now). */
static void play_tell_watchers(Host *h, HostTable *t, const Game *told, const Move *move)
{
    if (t->nwatchers == 0 || game_observe(told, GAME_SPECTATOR, h->before) != CEKI_OK ||
        game_observe(t->game, GAME_SPECTATOR, h->after) != CEKI_OK)
        return;
    play_send_watch_update(h, t, h->before, h->after, move);
}

/* NET_MSG_HANDS of `round` (over in `g`) to conn, or to every spectator (0). */
static void play_send_hands(Host *h, HostTable *t, const Game *g, int round, HostConn conn)
{
    RoundHands *rh = malloc(sizeof *rh);
    if (!rh || game_round_hands(g, round, rh) != CEKI_OK) {
        free(rh);
        return;
    }
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_HANDS;
    NetHands *nh = &m->u.hands;
    nh->round = (uint16_t)round;
    nh->players = (uint8_t)rh->players;
    for (int s = 0; s < rh->players; s++) {
        nh->count[s] = (uint8_t)rh->count[s];
        memcpy(nh->cards[s], rh->hand[s], (size_t)rh->count[s]);
    }
    free(rh);
    if (conn)
        send_msg(h, conn, m);
    for (int i = 0; !conn && i < t->nwatchers; i++)
        send_msg(h, t->watchers[i].conn, m);
}

/* The last round that is over in g (0: none yet). */
static int play_round_over(const Game *g)
{
    int round = game_round_number(g);
    bool over = game_round_over(g) || game_match_over(g);
    return over ? round : round - 1;
}

void play_hands_to(Host *h, HostTable *t, HostConn conn)
{
    /* The game as told: a move waiting for the journal that ended a round
     * has not ended it for anyone yet, and may never (the host killed
     * before it is kept plays that turn again, perhaps otherwise). Seen
     * by the simulator, seed 2000428: round 1's hands to a spectator who
     * came while the disk was full and the stand-in's last move waited. */
    const Game *g = t->waiting && t->told ? t->told : t->game;
    int round = play_round_over(g);
    if (t->watch == NET_WATCH_HANDS_LATE && t->started && round >= 1)
        play_send_hands(h, t, g, round, conn);
}

/* A round that has just ended: its hands to the spectators who see them. */
static void play_tell_hands(Host *h, HostTable *t)
{
    int round = play_round_over(t->game);
    if (t->watch != NET_WATCH_HANDS_LATE || round <= t->hands_sent || t->nwatchers == 0)
        return;
    play_send_hands(h, t, t->game, round, 0);
    t->hands_sent = round;
}

/* The record goes to every seat in chunks, in order (proto.h). */
static void play_send_record(Host *h, HostTable *t)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CekiStatus st = f ? record_write(t->game, f) : CEKI_ERR_NOMEM;
    if (f)
        fclose(f);
    if (st != CEKI_OK || !text || len == 0 || len > NET_RECORD_MAX) {
        send_log(h, "table %s: the record is not sent (%zu bytes, at most %u)", t->id, len,
                 (unsigned)NET_RECORD_MAX);
        free(text);
        return;
    }
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_RECORD;
    for (size_t off = 0, n = 0; off < len; off += n) {
        n = net_record_chunk(text, len, off, &m->u.record);
        if (n == 0) {
            send_log(h, "table %s: the record is not sent whole (it cannot be cut at byte %zu)",
                     t->id, off);
            break;
        }
        for (int s = 0; s < t->cfg.players; s++)
            send_msg(h, t->seat[s].conn, m);
        send_watchers(h, t, m);
    }
    free(text);
}

/* ---- moves ---- */

/* Who makes the next move, and what its mover's bank will be after it. */
static bool play_note_move(HostTable *t, HostBy by, uint32_t bank)
{
    if (t->move_no >= t->by_ai_cap) {
        size_t cap = t->by_ai_cap ? t->by_ai_cap * 2 : 256;
        uint8_t *who = realloc(t->by_ai, cap);
        if (who)
            t->by_ai = who;
        uint32_t *banks = who ? realloc(t->bank_left, cap * sizeof *banks) : NULL;
        if (banks)
            t->bank_left = banks;
        if (!banks)
            return false;
        t->by_ai_cap = cap;
    }
    t->by_ai[t->move_no] = (uint8_t)by;
    t->bank_left[t->move_no] = bank;
    return true;
}

/* The bank a mover keeps with its move: a person's at a table with a clock. */
static uint32_t play_bank_of(const HostTable *t, int seat)
{
    bool person = host_seat_is_person(t->seat[seat].kind);
    return clock_on(t) && person ? t->seat[seat].bank_ms : HOST_NO_BANK;
}

/* Keeps the game as the seats know it, for the delta once the move is kept. */
static bool play_keep_told(HostTable *t)
{
    if (!t->told)
        t->told = game_clone(t->game, false);
    else if (game_copy_into(t->told, t->game) != CEKI_OK)
        return false;
    return t->told != NULL;
}

#ifdef CEKI_HOST_FAULT_TELL_EARLY
static void play_tell(Host *h, HostTable *t, uint64_t now_ms);
#endif

/* The start waits for the journal like a move: told (the deal's events to
 * every seat first, as a move of MOVE_NONE) once it is kept. */
void play_start(Host *h, HostTable *t, uint64_t now_ms)
{
    (void)now_ms;
    if (t->waiting || !play_keep_told(t)) {
        send_log(h, "table %s: the match cannot start now", t->id);
        return;
    }
    t->started = true;
    memset(&t->untold, 0, sizeof t->untold);
    t->untold.type = MOVE_NONE;
    t->untold.card = CARD_NONE;
    t->untold.target = CARD_NONE;
    t->waiting = true;
    send_journal(h, t);
    send_log(h, "table %s: the match starts", t->id);
}

/* The scores of a round the move just applied scored, kept for the
 * standings a whole view carries (HostTable.round_scores). */
static void play_note_scores(HostTable *t)
{
    int n = 0;
    const GameEvent *ev = game_events(t->game, &n);
    int round = game_round_number(t->game);
    for (int i = 0; i < n; i++) {
        if (ev[i].type != EV_ROUND_SCORED || ev[i].seat < 0 || ev[i].seat >= CEKI_MAX_SEATS ||
            round < 1)
            continue;
        if (t->rounds_scored < round) {
            t->rounds_scored = round;
            memset(t->round_scores[(round - 1) % NET_VIEW_ROUNDS], 0, sizeof t->round_scores[0]);
        }
        t->round_scores[(round - 1) % NET_VIEW_ROUNDS][ev[i].seat] = ev[i].value;
        t->scored_move_no = t->move_no;
    }
}

CekiStatus play_apply(Host *h, HostTable *t, const Move *m, HostBy by)
{
    if (t->waiting)
        return CEKI_ERR_STATE; /* the last move is not kept yet (play_flush first) */
    if (!game_is_legal(t->game, m))
        return CEKI_ERR_ILLEGAL;
    if (!play_note_move(t, by, HOST_NO_BANK) || !play_keep_told(t))
        return CEKI_ERR_NOMEM;
    CekiStatus st = game_apply(t->game, m);
    if (st != CEKI_OK)
        return st;
    t->move_no++;
    h->moves++;
    play_note_scores(t);
    t->over = game_match_over(t->game);
    t->untold = *m;
    t->waiting = true;
    clock_check(t, h->now_ms); /* the mover's decision ends: what it took is charged */
    t->bank_left[t->move_no - 1] = play_bank_of(t, m->seat);
    if (by == HOST_BY_PERSON)
        t->seat[m->seat].clock_moves = 0;
    send_journal(h, t);
#ifdef CEKI_HOST_FAULT_TELL_EARLY /* planted for tests/sim: told before it is kept */
    play_tell(h, t, h->now_ms);
#endif
    return CEKI_OK;
}

/* Tells every seat of t the move it holds, now kept (with the claim
 * window it opens, if it does). */
static void play_tell(Host *h, HostTable *t, uint64_t now_ms)
{
    t->waiting = false;
    play_claim_check(h, t, now_ms);
    clock_check(t, now_ms);            /* the next decision's time runs from now */
    if (t->untold.type == MOVE_NONE) { /* the start: the seats say so first */
        t->seats_tell = false;         /* (those held back meanwhile with them) */
        send_seats(h, t, now_ms);
    }
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].conn == 0 || game_observe(t->told, s, h->before) != CEKI_OK ||
            game_observe(t->game, s, h->after) != CEKI_OK)
            continue;
        play_send_update(h, t, s, h->before, h->after, &t->untold);
    }
    play_tell_watchers(h, t, t->told, &t->untold);
    play_tell_hands(h, t);
    if (t->seats_tell) {
        t->seats_tell = false;
        send_seats(h, t, now_ms);
    }
    if (t->over) {
        send_log(h, "table %s: the match is over after %u moves", t->id, (unsigned)t->move_no);
        play_send_record(h, t);
    }
}

/* What the journal now holds of t's banks, just written (before its
 * kept_row and moves_kept say so): its seats' rows' (journal_put_table
 * writes them when these flags say), and each move's mover's. */
static void play_banks_kept(HostTable *t, uint64_t now_ms)
{
    bool seats = t->seats_dirty || t->bank_dirty || !t->kept_row;
    for (int s = 0; seats && s < t->cfg.players; s++)
        t->seat[s].bank_kept = clock_bank_now(t, s, now_ms);
    int count = 0;
    const Move *moves = game_history(t->game, &count);
    for (uint32_t i = t->moves_kept; i < t->move_no && (int)i < count; i++) {
        HostSeat *s = &t->seat[moves[i].seat];
        if (t->bank_left[i] != HOST_NO_BANK && t->bank_left[i] < s->bank_kept)
            s->bank_kept = t->bank_left[i];
    }
}

void play_bank_keep(Host *h, HostTable *t, uint64_t now_ms)
{
    if (t->journal_due != UINT64_MAX || clock_keep_due(t) > now_ms)
        return; /* a write is due already (or its retry), or none of this */
    if (!h->journal) {
        for (int s = 0; s < t->cfg.players; s++)
            t->seat[s].bank_kept = 0; /* nothing keeps it: never due again */
        return;
    }
    t->bank_dirty = true;
    send_journal(h, t);
}

/* Writes the tables asked for, and takes the closed ones out, in one
 * transaction; false when it failed. */
static bool play_write(Host *h, uint64_t now_ms)
{
    char err[HOST_LOG_MAX] = "";
    bool ok = journal_begin(h->journal, err, sizeof err);
    for (int i = 0; ok && i < h->ndoomed; i++)
        ok = journal_delete_table(h->journal, h->doomed[i], err, sizeof err);
    for (int i = 0; ok && i < h->ntables; i++) {
        const HostTable *t = h->tables[i];
        if (t->journal_due <= now_ms)
            ok = journal_put_table(h->journal, t, now_ms, err, sizeof err);
    }
    ok = journal_commit(h->journal, ok, err, sizeof err) && ok;
    if (ok)
        h->ndoomed = 0;
    for (int i = 0; i < h->ntables; i++) {
        HostTable *t = h->tables[i];
        if (t->journal_due > now_ms)
            continue;
        if (!ok) { /* never lost silently: said, and written again from the game */
            send_log(h, "table %s: %s; kept %u of %u moves, trying again", t->id, err,
                     (unsigned)t->moves_kept, (unsigned)t->move_no);
            t->journal_due = now_ms + HOST_JOURNAL_RETRY_MS;
            continue;
        }
        play_banks_kept(t, now_ms);
        t->kept_row = true;
        t->kept_started = t->started;
        t->kept_over = t->over;
        t->seats_dirty = false;
        t->bank_dirty = false;
        t->idle_dirty = false;
        t->moves_kept = t->move_no;
        t->journal_due = UINT64_MAX;
    }
    return ok;
}

void play_flush(Host *h, uint64_t now_ms)
{
    bool write = h->ndoomed > 0, tell = false;
    for (int i = 0; i < h->ntables; i++) {
        write = write || h->tables[i]->journal_due <= now_ms;
        tell = tell || h->tables[i]->waiting;
    }
    if (write && h->journal && !play_write(h, now_ms))
        return;
    for (int i = 0; tell && i < h->ntables; i++) {
        HostTable *t = h->tables[i];
        /* Told once all of it is kept: its moves, and the start too (a
         * start whose write failed has no move to count; seed 2006107
         * told it while the disk was full, at a flush before the write's
         * retry was due, and the restarted host had the match not begun). */
        if (t->waiting && (!h->journal || t->journal_due == UINT64_MAX))
            play_tell(h, t, now_ms);
    }
}

bool play_keep_now(Host *h, HostTable *t, uint64_t now_ms)
{
    play_flush(h, now_ms);
    return t->journal_due == UINT64_MAX;
}

/* The card seat `seat` may claim now (its MOVE_CLAIM among the legal
 * moves); false when it may not claim. */
static bool play_claim_offer(const HostTable *t, int seat, Card *card, Move *pass)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(t->game, moves, GAME_MAX_MOVES);
    bool claim = false, passes = false;
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (moves[i].seat != seat)
            continue;
        if (moves[i].type == MOVE_CLAIM) {
            claim = true;
            *card = moves[i].card;
        } else if (moves[i].type == MOVE_PASS) {
            passes = true;
            *pass = moves[i];
        }
    }
    return claim && passes;
}

void play_claim_check(Host *h, HostTable *t, uint64_t now_ms)
{
    if (t->waiting)
        return; /* judged once the move is told */
    int seat = h->claim_ms > 0 && t->started && !t->over ? game_to_move(t->game) : -1;
    Card card = CARD_NONE;
    Move pass;
    memset(&pass, 0, sizeof pass);
    if (seat >= 0 &&
        (host_seat_is_computer(&t->seat[seat]) || !play_claim_offer(t, seat, &card, &pass)))
        seat = -1;
    if (seat < 0) {
        t->claim_seat = -1;
        t->claim_card = CARD_NONE;
        t->claim_end = UINT64_MAX;
        return;
    }
    if (t->claim_seat == seat && t->claim_move_no == t->move_no)
        return; /* open already */
    t->claim_seat = seat;
    t->claim_card = card;
    t->claim_move_no = t->move_no;
    t->claim_end = now_ms + h->claim_ms;
    send_log(h, "table %s: seat %d may claim until %u ms from now", t->id, seat,
             (unsigned)h->claim_ms);
}

bool play_claim_expire(Host *h, HostTable *t, uint64_t now_ms)
{
    if (t->claim_seat < 0 || t->waiting || t->claim_move_no != t->move_no || now_ms < t->claim_end)
        return false;
    int seat = t->claim_seat;
    Card card = CARD_NONE;
    Move pass;
    memset(&pass, 0, sizeof pass);
    t->claim_seat = -1;
    t->claim_end = UINT64_MAX;
    if (game_to_move(t->game) != seat || !play_claim_offer(t, seat, &card, &pass))
        return false;
    send_log(h, "table %s: seat %d's claim window ran out; it passes", t->id, seat);
    CekiStatus st = play_apply(h, t, &pass, HOST_BY_PERSON);
    if (st != CEKI_OK)
        send_log(h, "table %s: the pass for seat %d was refused (%s)", t->id, seat,
                 ceki_status_text(st));
    return st == CEKI_OK;
}

bool play_computer_due(const HostTable *t)
{
    if (!t->started || t->over || t->waiting)
        return false;
    /* The seats first: they sit in the table, while the game is elsewhere
     * in memory, and host_tick and host_next_due ask this of every table
     * on every round (10 % of ceki-server's time at 1,000 tables of
     * people, none of them a computer). */
    bool any = false;
    for (int s = 0; s < t->cfg.players && !any; s++)
        any = host_seat_is_computer(&t->seat[s]);
    if (!any || !host_table_person_here(t))
        return false; /* computers do not play on for nobody */
    int seat = game_to_move(t->game);
    return seat >= 0 && host_seat_is_computer(&t->seat[seat]);
}

/* The player deciding for the seat to move: its own, or its stand-in's. */
static AiPlayer *play_seat_ai(HostTable *t, int seat)
{
    HostSeat *s = &t->seat[seat];
    if (!s->ai)
        s->ai = play_new_ai(t, seat, play_table_level(t));
    return s->ai;
}

/* What the computer at `seat` decides now: a round's end goes on at once,
 * as ceki-cli match does; anything else its player chooses. */
static CekiStatus play_computer_choose(HostTable *t, int seat, Move *out)
{
    if (game_round_over(t->game))
        return game_legal_moves(t->game, out, 1) == 1 ? CEKI_OK : CEKI_ERR_STATE;
    AiPlayer *ai = play_seat_ai(t, seat);
    if (!ai)
        return CEKI_ERR_NOMEM;
    /* Afresh for each decision, as ceki-cli match and the bots do, so a
     * computer at the host decides as that seat's bot would. */
    ai_reseed(ai, game_seat_ai_seed(t->cfg.seed, seat), t->move_no);
    return ai_choose(ai, t->game, seat, out);
}

void play_computer_move(Host *h, HostTable *t)
{
    int seat = game_to_move(t->game);
    Move m;
    memset(&m, 0, sizeof m);
    CekiStatus st = play_computer_choose(t, seat, &m);
    if (st == CEKI_OK)
        st = play_apply(h, t, &m, HOST_BY_COMPUTER);
    if (st != CEKI_OK) {
        send_log(h, "table %s: the computer at seat %d could not move (%s); the table stops", t->id,
                 seat, ceki_status_text(st));
        t->over = true;
        send_journal(h, t);
    }
}

/* The clock's move for the seat to move, whose time ran out (host.h): the
 * computer at the table's level chooses it; NET_CLOCK_STALLED of them in a
 * row make the seat a stand-in. */
static void play_clock_move(Host *h, HostTable *t, int seat)
{
    Move m;
    memset(&m, 0, sizeof m);
    CekiStatus st = play_computer_choose(t, seat, &m);
    if (st == CEKI_OK)
        st = play_apply(h, t, &m, HOST_BY_CLOCK);
    if (st != CEKI_OK) {
        send_log(h, "table %s: the computer could not move for seat %d (%s)", t->id, seat,
                 ceki_status_text(st));
        return;
    }
    HostSeat *s = &t->seat[seat];
    h->clock_moves++;
    s->clock_moves = s->clock_moves < UINT8_MAX ? (uint8_t)(s->clock_moves + 1) : UINT8_MAX;
    t->seats_tell = true; /* every seat sees the count */
    send_log(h, "table %s: seat %d's time ran out; the computer moved for it (%d in a row)", t->id,
             seat, s->clock_moves);
    if (s->clock_moves < NET_CLOCK_STALLED || s->state != NET_SEAT_HERE)
        return;
    s->state = NET_SEAT_STAND_IN;
    s->stand_in = NET_STAND_IN_CLOCK;
    t->seats_dirty = true;
    send_log(h, "table %s: seat %d is stalled; the computer plays it until its person moves", t->id,
             seat);
}

bool play_clock_expire(Host *h, HostTable *t, uint64_t now_ms)
{
    if (t->waiting || clock_due(t) > now_ms)
        return false;
    int seat = t->clock_seat;
    if (seat != game_to_move(t->game) || clock_timed_seat(t) != seat) {
        clock_check(t, now_ms);
        return false;
    }
    play_clock_move(h, t, seat);
    return true;
}

CekiStatus play_replay(Host *h, HostTable *t, const Move *m, HostBy by, uint32_t bank)
{
    int seat = game_to_move(t->game);
    if (by != HOST_BY_PERSON && seat >= 0) {
        Move again;
        memset(&again, 0, sizeof again);
        /* Asked again so that its randomness is where it was. */
        if (play_computer_choose(t, seat, &again) != CEKI_OK || !move_equal(&again, m))
            send_log(h, "table %s: the computer at seat %d chose differently on the way back",
                     t->id, seat);
    }
    if (!play_note_move(t, by, bank))
        return CEKI_ERR_NOMEM;
    CekiStatus st = game_apply(t->game, m);
    if (st != CEKI_OK)
        return st;
    t->move_no++;
    play_note_scores(t);
    HostSeat *s = &t->seat[m->seat];
    if (bank != HOST_NO_BANK && clock_on(t))
        s->bank_ms = bank < t->clock.bank_ms ? bank : t->clock.bank_ms;
    if (by == HOST_BY_PERSON)
        s->clock_moves = 0;
    else if (by == HOST_BY_CLOCK && s->clock_moves < UINT8_MAX)
        s->clock_moves++;
    return st;
}
