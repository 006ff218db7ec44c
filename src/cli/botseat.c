/* botseat.c — one network seat played by a computer player (contract in
 * botseat.h). */
#define _POSIX_C_SOURCE 200809L
#include "botseat.h"

#include <stdlib.h>
#include <string.h>

#include "transcript_replay.h"

#define BOTSEAT_NO_MOVE UINT32_MAX

GameConfig botseat_config(const NetTableRules *rules)
{
    GameConfig cfg = game_config_default((VariantId)rules->variant, 0);
    cfg.players = rules->players;
    cfg.options = rules->options;
    cfg.rounds = rules->rounds;
    cfg.stakes = (StakeScheme)rules->stakes;
    return cfg;
}

bool botseat_init(BotSeat *b, AiLevel level, uint32_t think_ms)
{
    memset(b, 0, sizeof *b);
    b->level = level;
    b->iterations = BOTSEAT_DEFAULT_ITERATIONS;
    b->think_ms = think_ms;
    b->seat = -1;
    b->move_sent = BOTSEAT_NO_MOVE;
    b->hand_printed = -1;
    b->view = malloc(sizeof *b->view);
    b->live = open_memstream(&b->live_text, &b->live_len);
    return b->view && b->live;
}

void botseat_free(BotSeat *b)
{
    ai_destroy(b->ai);
    free(b->view);
    if (b->live)
        fclose(b->live);
    free(b->live_text);
    free(b->record);
    net_record_join_free(&b->record_join);
    memset(b, 0, sizeof *b);
}

void botseat_join_msg(const BotSeat *b, const char *table, const char *key, NetMsg *out)
{
    memset(out, 0, sizeof *out);
    out->type = NET_MSG_JOIN;
    snprintf(out->u.join.table, sizeof out->u.join.table, "%s", table);
    snprintf(out->u.join.token, sizeof out->u.join.token, "%s", b->token);
    out->u.join.seat = -1;
    snprintf(out->u.join.key, sizeof out->u.join.key, "%s", key && !b->token[0] ? key : "");
    snprintf(out->u.join.name, sizeof out->u.join.name, "bot-%s", ai_level_key(b->level));
}

void botseat_lost(BotSeat *b)
{
    b->synced = false;
    b->move_timed = false;
    b->move_sent = BOTSEAT_NO_MOVE;
}

static void on_welcome(BotSeat *b, const NetWelcome *w)
{
    snprintf(b->table, sizeof b->table, "%s", w->table);
    snprintf(b->token, sizeof b->token, "%s", w->token);
    b->seat = w->seat;
    b->ai_seed = w->ai_seed;
    b->cfg = botseat_config(&w->rules);
    if (!b->welcomed)
        transcript_init(&b->tr, &b->cfg, b->live);
    b->welcomed = true;
    if (!b->ai) {
        b->ai = ai_create(b->level, b->ai_seed);
        if (b->ai)
            ai_set_budget_iterations(b->ai, b->iterations);
    }
}

static void take_moves(BotSeat *b, const Move *moves, int n)
{
    b->nmoves = n < GAME_MAX_MOVES ? n : GAME_MAX_MOVES;
    memcpy(b->moves, moves, (size_t)b->nmoves * sizeof *moves);
    b->move_timed = false;
}

/* A whole view: the first after joining, after coming back, or a resync.
 * The live transcript stays whole only when nothing was missed. */
static void on_view(BotSeat *b, const NetView *v)
{
    bool first = !b->live_whole && !b->live_broken && b->updates == 0;
    if (first)
        b->live_whole = v->move_no == 0;
    else if (!b->have_view || v->move_no != b->move_no || !b->saw_start)
        b->live_broken = true; /* moves went by unseen, or the start's events may have */
    *b->view = v->view;
    b->have_view = true;
    b->synced = true;
    b->move_no = v->move_no;
    take_moves(b, v->moves, v->nmoves);
}

static void read_update(BotSeat *b, const NetUpdate *u)
{
    transcript_events(&b->tr, u->events, u->nevents, b->view);
    GamePhase ph = b->view->phase;
    if ((ph == PHASE_ROUND_OVER || ph == PHASE_MATCH_OVER) && b->view->round != b->hand_printed) {
        transcript_round_over(&b->tr, b->view);
        b->hand_printed = b->view->round;
    }
    fflush(b->live);
}

static bool ask_resync(BotSeat *b, NetMsg *reply)
{
    b->have_view = false;
    b->live_broken = true;
    b->resyncs++;
    memset(reply, 0, sizeof *reply);
    reply->type = NET_MSG_RESYNC;
    return true;
}

static bool on_update(BotSeat *b, const NetUpdate *u, NetMsg *reply)
{
    b->updates++;
    if (!b->have_view) {
        b->live_broken = true;
        return false; /* a resync is on its way */
    }
    bool creation = u->move.type == MOVE_NONE && u->move_no == b->move_no;
    b->saw_start = b->saw_start || creation;
    if (u->move_no != b->move_no + 1 && !creation)
        return ask_resync(b, reply);
    if (u->delta_len == 0) { /* no delta fitted: the host sends the whole view next */
        b->have_view = false;
        b->live_broken = true;
        return false;
    }
    Observation *next = malloc(sizeof *next);
    bool ok = next && net_view_apply_delta(b->view, u->delta, u->delta_len, next) &&
              net_view_hash(next) == u->hash;
    if (ok)
        *b->view = *next;
    free(next);
    if (!ok)
        return ask_resync(b, reply);
    b->move_no = u->move_no;
    take_moves(b, u->moves, u->nmoves);
    read_update(b, u);
    return false;
}

/* A chunk of the record; the match is over once the last one is in. */
static void on_record(BotSeat *b, const NetRecord *r)
{
    if (net_record_join(&b->record_join, r) != NET_OK) {
        b->record_broken = true;
        return;
    }
    if (!net_record_join_done(&b->record_join))
        return;
    free(b->record);
    b->record = b->record_join.text;
    b->record_join.text = NULL;
    net_record_join_free(&b->record_join);
    b->over = true;
}

/* What the clock says of this seat. */
static void on_clock(BotSeat *b, const NetClockState *c)
{
    if (!c->on || b->seat < 0 || b->seat >= c->players)
        return;
    if (!b->clock_seen || c->bank_ms[b->seat] < b->clock_bank_low)
        b->clock_bank_low = c->bank_ms[b->seat];
    b->clock_seen = true;
    b->clock_running += c->running == b->seat;
}

bool botseat_receive(BotSeat *b, const NetMsg *msg, uint64_t now_ms, NetMsg *reply)
{
    (void)now_ms;
    if (msg->type == NET_MSG_VIEW || msg->type == NET_MSG_UPDATE || msg->type == NET_MSG_SEATS)
        on_clock(b, msg->type == NET_MSG_VIEW     ? &msg->u.view.clock
                    : msg->type == NET_MSG_UPDATE ? &msg->u.update.clock
                                                  : &msg->u.seats.clock);
    switch ((NetMsgType)msg->type) {
    case NET_MSG_WELCOME: on_welcome(b, &msg->u.welcome); return false;
    case NET_MSG_VIEW: on_view(b, &msg->u.view); return false;
    case NET_MSG_UPDATE: return on_update(b, &msg->u.update, reply);
    case NET_MSG_REFUSED:
        b->refused++;
        b->move_sent = BOTSEAT_NO_MOVE;
        return b->have_view ? ask_resync(b, reply) : false;
    case NET_MSG_RECORD: on_record(b, &msg->u.record); return false;
    default: return false;
    }
}

static CekiStatus choose(BotSeat *b, Move *m)
{
    if (b->view->phase == PHASE_ROUND_OVER || b->nmoves == 1) {
        /* The forced step of a finished round, as ceki-cli match takes it;
         * or the one legal move, which ai_choose returns without thinking. */
        *m = b->moves[0];
        return CEKI_OK;
    }
    CekiStatus st = CEKI_OK;
    Game *g = b->ai ? game_from_view(&b->cfg, b->view, &st) : NULL;
    if (!g)
        return st == CEKI_OK ? CEKI_ERR_IMPOSSIBLE : st;
    ai_reseed(b->ai, b->ai_seed, b->move_no);
    st = ai_choose(b->ai, g, b->seat, m);
    game_destroy(g);
    return st;
}

bool botseat_due(BotSeat *b, uint64_t now_ms, NetMsg *out)
{
    if (b->failed != CEKI_OK || !b->have_view || !b->synced || b->over || b->nmoves == 0 ||
        b->view->to_move != b->seat || b->move_sent == b->move_no)
        return false;
    if (!b->move_timed) {
        b->move_due_ms = now_ms + b->think_ms;
        b->move_timed = true;
    }
    if (now_ms < b->move_due_ms)
        return false;
    memset(out, 0, sizeof *out);
    out->type = NET_MSG_MOVE;
    out->u.move.move_no = b->move_no;
    CekiStatus st = choose(b, &out->u.move.move);
    if (st != CEKI_OK) {
        b->failed = st;
        return false;
    }
    b->move_sent = b->move_no;
    return true;
}

/* Whole only when it saw the start's update too: a seat whose first view
 * came at move 0 of a match already begun (a bot restarted between the
 * start and the first move: the simulator's seed 2004553) never read the
 * start's events (the draws for the deal, the roles). */
bool botseat_read_live(const BotSeat *b)
{
    return b->live_whole && !b->live_broken && b->saw_start;
}

char *botseat_finish(BotSeat *b, char *err, size_t err_size)
{
    if (!b->record) {
        snprintf(err, err_size, "%s",
                 b->record_broken ? "the match's record came in pieces that do not follow"
                                  : "the match's record never came");
        return NULL;
    }
    char *whole = transcript_from_record(b->record, strlen(b->record), b->seat, err, err_size);
    if (!whole || !botseat_read_live(b))
        return whole;
    fflush(b->live);
    const char *body = strchr(whole, '\n');
    if (!body || strcmp(body + 1, b->live_text ? b->live_text : "") != 0) {
        snprintf(err, err_size, "the transcript read live differs from the record's");
        free(whole);
        return NULL;
    }
    return whole;
}
