/* host_clock.c — the turn clock's arithmetic (host.h, "The turn clock";
 * host_internal.h): which decision it times, what that decision has taken,
 * when it runs out, and how it stands for a message.
 *
 * A decision is one seat's at one move number. Its time is move_ms, then
 * the seat's bank; a decision that stops for a while (its person away)
 * keeps what it had left and runs again from there. The time a decision
 * takes is charged when it stops or ends: from its move time first, the
 * rest from the bank, never below nothing. A seat's first decision after a
 * round has ended has NET_CLOCK_ROUND_BREAK_MS more move time, once a round
 * (its person is reading that round's results; a restarted host may give
 * it once more). Nothing here sends or applies
 * anything: host_play.c makes the clock's move when clock_due has come,
 * and has a bank running down kept when clock_keep_due has.
 */
#include <string.h>

#include "host_internal.h"

bool clock_on(const HostTable *t)
{
    return t->clock.move_ms > 0;
}

void clock_reset(HostTable *t)
{
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        t->seat[s].bank_ms = t->clock.bank_ms;
        t->seat[s].bank_kept = t->clock.bank_ms;
        t->seat[s].clock_moves = 0;
        t->seat[s].clock_round = 0;
    }
    t->clock_seat = -1;
    t->clock_move_no = 0;
    t->clock_left = 0;
    t->clock_running = false;
    t->clock_since = 0;
}

static bool clock_person(uint8_t kind)
{
    return kind == NET_SEAT_NET || kind == NET_SEAT_LOCAL;
}

int clock_timed_seat(const HostTable *t)
{
    if (!clock_on(t) || !t->started || t->over || t->waiting)
        return -1;
    int seat = game_to_move(t->game);
    if (seat < 0 || seat >= t->cfg.players)
        return -1;
    const HostSeat *s = &t->seat[seat];
#ifdef CEKI_HOST_FAULT_CLOCK_AWAY /* planted for tests/sim: the clock runs for a person away */
    if (!clock_person(s->kind) || s->state == NET_SEAT_STAND_IN)
        return -1;
#else
    if (!clock_person(s->kind) || s->state != NET_SEAT_HERE || s->conn == 0)
        return -1;
#endif
    if (t->claim_seat == seat && t->claim_move_no == t->move_no)
        return -1; /* the claim window times it */
    return seat;
}

/* What the decision timed now has taken since it last ran: from its move
 * time first, then from its seat's bank. */
static void clock_charge(HostTable *t, uint64_t now_ms)
{
    if (!t->clock_running)
        return;
    t->clock_running = false;
    uint64_t used = now_ms > t->clock_since ? now_ms - t->clock_since : 0;
    if (used <= t->clock_left) {
        t->clock_left -= (uint32_t)used;
        return;
    }
    uint64_t past = used - t->clock_left;
    HostSeat *s = &t->seat[t->clock_seat];
    t->clock_left = 0;
    s->bank_ms = past >= s->bank_ms ? 0 : s->bank_ms - (uint32_t)past;
}

/* The extra move time of seat's new decision: the break after a round's
 * end, if that end has not given them one yet (never past the protocol's
 * longest move time). */
static uint32_t clock_round_break(HostTable *t, int seat)
{
    int round = game_round_number(t->game);
    bool over = game_round_over(t->game) || game_match_over(t->game);
    int ended = over ? round : round - 1; /* the last round that is over */
    HostSeat *s = &t->seat[seat];
    if (ended < 1 || s->clock_round >= ended)
        return 0;
    s->clock_round = ended;
    uint32_t room = NET_CLOCK_MOVE_MAX_MS - t->clock.move_ms;
    return room < NET_CLOCK_ROUND_BREAK_MS ? room : NET_CLOCK_ROUND_BREAK_MS;
}

void clock_check(HostTable *t, uint64_t now_ms)
{
    int seat = clock_timed_seat(t);
    bool same = t->clock_seat >= 0 && t->clock_move_no == t->move_no &&
                t->clock_seat == game_to_move(t->game) && !t->waiting;
    if (t->clock_seat >= 0 && (!same || seat < 0))
        clock_charge(t, now_ms); /* it ends, or stops for a while */
    if (!same)
        t->clock_seat = -1;
    if (seat < 0)
        return;
    if (t->clock_seat < 0) { /* a new decision: its whole move time */
        t->clock_seat = seat;
        t->clock_move_no = t->move_no;
        t->clock_left = t->clock.move_ms + clock_round_break(t, seat);
    }
    if (!t->clock_running) {
        t->clock_running = true;
        t->clock_since = now_ms;
    }
}

uint64_t clock_due(const HostTable *t)
{
    if (!t->clock_running || t->clock_seat < 0)
        return UINT64_MAX;
    return t->clock_since + t->clock_left + t->seat[t->clock_seat].bank_ms;
}

void clock_state(const HostTable *t, uint64_t now_ms, NetClockState *out)
{
    memset(out, 0, sizeof *out);
    if (!clock_on(t))
        return;
    out->on = true;
    out->running = -1;
    out->players = (uint8_t)t->cfg.players;
    for (int s = 0; s < t->cfg.players; s++)
        out->bank_ms[s] = t->seat[s].bank_ms;
    if (!t->clock_running || t->clock_seat < 0)
        return;
    uint64_t used = now_ms > t->clock_since ? now_ms - t->clock_since : 0;
    out->running = (int8_t)t->clock_seat;
    out->move_left_ms = used < t->clock_left ? t->clock_left - (uint32_t)used : 0;
    uint64_t past = used > t->clock_left ? used - t->clock_left : 0;
    uint32_t *bank = &out->bank_ms[t->clock_seat];
    *bank = past >= *bank ? 0 : *bank - (uint32_t)past;
}

uint32_t clock_bank_now(const HostTable *t, int s, uint64_t now_ms)
{
    uint32_t bank = t->seat[s].bank_ms;
    if (!t->clock_running || t->clock_seat != s)
        return bank;
    uint64_t used = now_ms > t->clock_since ? now_ms - t->clock_since : 0;
    uint64_t past = used > t->clock_left ? used - t->clock_left : 0;
    return past >= bank ? 0 : bank - (uint32_t)past;
}

uint64_t clock_keep_due(const HostTable *t)
{
    if (!clock_on(t))
        return UINT64_MAX;
    uint64_t due = UINT64_MAX;
    for (int s = 0; s < t->cfg.players; s++) {
        const HostSeat *seat = &t->seat[s];
        if (!t->clock_running || t->clock_seat != s) {
            if (seat->bank_ms < seat->bank_kept)
                return 0;
            continue;
        }
        /* The moment the running bank is HOST_BANK_KEEP_MS below the kept one. */
        uint64_t at = t->clock_since + t->clock_left + seat->bank_ms + HOST_BANK_KEEP_MS;
        at = at > seat->bank_kept ? at - seat->bank_kept : 0;
        if (at < clock_due(t) && at < due)
            due = at;
    }
    return due;
}
