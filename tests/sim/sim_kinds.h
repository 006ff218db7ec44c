/* sim_kinds.h — what the kinds of client keep (sim_kinds.c) and the
 * hostile acts some of them make (sim_mischief.c).
 *
 * Contract
 * - A client's state is one KindState whatever its kind: a seat played by
 *   ceki-cli bot's BotSeat (bot, rogue), by the app's SeatFeed with a
 *   computer player choosing as the bot does (feed), or no seat at all
 *   (creator, stranger).
 * - mischief_act makes one hostile act of the table of acts that fits the
 *   client (seated or not): something the protocol allows to be sent, at a
 *   wrong time, for a wrong seat, or too often. The host must refuse it or
 *   shrug it off; the invariants say whether it did.
 */
#ifndef CEKI_SIM_KINDS_H
#define CEKI_SIM_KINDS_H

#include "botseat.h"
#include "seat_feed.h"
#include "sim.h"

#define KIND_NO_MOVE UINT32_MAX

typedef struct KindState {
    World *w; /* for the feed's link */
    SimClient *c;
    BotSeat bot; /* bot, rogue */
    bool bot_made;
    SeatFeed *feed; /* feed */
    AiPlayer *ai;   /* the feed's player */
    uint32_t feed_sent;
    uint64_t feed_due; /* client time its move goes (SIM_NEVER: none) */
    uint64_t mischief_at;
    long acts_left; /* stranger: acts before it leaves */
    bool job_done;  /* creator: the table made (and started, when it must start it) */
    /* A creator that stays (SimTable.creator_stays): it watches the match,
     * the move it last saw and since when, the move it last handed a seat
     * over at, each seat as SEATS showed it; stay_over once it is done. */
    bool watch_sent, watching, stay_over;
    uint32_t seen_no, asked_no;
    uint64_t seen_at;
    uint8_t seat_state[CEKI_MAX_SEATS];
    uint64_t poll_at;
    uint64_t act_at; /* a crew's client: when it acts next (its own time) */
    uint32_t gap_ms; /* ... and how often */
    bool talks;      /* idler: it asks for the list once */
    Move last_move;  /* rogue: the last move its seat sent, and for which move number */
    uint32_t last_move_no;
    bool has_last;
    NetMsg *out;
} KindState;

/* One hostile act of c (st its state); the next one's client time in
 * st->mischief_at. */
void mischief_act(World *w, SimClient *c, KindState *st);
/* The table's id c was invited to ("" before it was made). */
const char *kind_table_id(const World *w, const SimClient *c);

#endif
