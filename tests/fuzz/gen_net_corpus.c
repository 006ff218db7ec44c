/* gen_net_corpus — writes the seed corpus of fuzz_net: one well-formed
 * message of each type (a private and an open table's CREATE and CREATED,
 * a JOIN with a token and one with a key, the refusals of a wrong key and
 * of the last reason), the VIEW and UPDATE of real games among them (the
 * UPDATE's delta applies to the view fuzz_net applies deltas to), and the
 * clock, stand-ins and spectators: a table with a clock that shows hands
 * late, a JOIN and a WELCOME to watch, a spectator's VIEW, an UPDATE and
 * SEATS with the clock running, a seat stood in for and spectators listed,
 * a STAND_IN, the HANDS of a round, a spectator's chat, a VIEW with each
 * round's scores.
 *
 *   fuzz_gen_net_corpus tests/fuzz/corpus/net
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "proto.h"

static NetMsg msg;
static uint8_t bytes[NET_MAX_PACKET];
static Observation before, after;

static int write_msg(const char *dir, const char *name)
{
    size_t n = net_encode(&msg, bytes, sizeof bytes);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = n ? fopen(path, "wb") : NULL;
    if (!f || fwrite(bytes, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "gen_net_corpus: cannot write %s\n", path);
        return 1;
    }
    return 0;
}

static void fill_rules(NetTableRules *r, VariantId v, int players)
{
    r->variant = (uint8_t)v;
    r->players = (uint8_t)players;
    for (int s = 0; s < players; s++)
        r->seat_kind[s] = s == 0 ? NET_SEAT_NET : NET_SEAT_GREEDY;
}

static void reset(NetMsgType type)
{
    memset(&msg, 0, sizeof msg);
    msg.type = (uint8_t)type;
}

/* Thothit seed 28, the first legal move five times (as fuzz_net's base),
 * then once more: the views of seat 0 before and after, and the game. */
static Game *play_base(void)
{
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 28);
    Game *g = game_create(&cfg, NULL);
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; g && i < 6; i++) {
        if (i == 5)
            game_observe(g, 0, &before);
        game_legal_moves(g, moves, GAME_MAX_MOVES);
        game_apply(g, &moves[0]);
    }
    if (g)
        game_observe(g, 0, &after);
    return g;
}

static int write_game_msgs(const char *dir)
{
    Game *g = play_base();
    if (!g)
        return 1;
    int bad = 0;
    reset(NET_MSG_VIEW);
    msg.u.view.move_no = 6;
    msg.u.view.view = after;
    msg.u.view.hash = net_view_hash(&after);
    if (game_to_move(g) == 0)
        msg.u.view.nmoves = (uint16_t)game_legal_moves(g, msg.u.view.moves, GAME_MAX_MOVES);
    bad |= write_msg(dir, "view-thothit");
    msg.u.view.standings = (NetStandings){.rounds = 2, .shown = 2, .players = 3};
    msg.u.view.standings.score[0][0] = 7;
    msg.u.view.standings.score[0][2] = -3;
    msg.u.view.standings.score[1][1] = 12;
    bad |= write_msg(dir, "view-standings");
    reset(NET_MSG_UPDATE);
    NetUpdate *u = &msg.u.update;
    u->move_no = 6;
    u->hash = net_view_hash(&after);
    int nev = 0;
    const GameEvent *ev = game_events(g, &nev);
    u->nevents = (uint16_t)nev;
    memcpy(u->events, ev, (size_t)nev * sizeof *ev);
    u->delta_len = (uint16_t)net_view_delta(&before, &after, u->delta, sizeof u->delta);
    bad |= write_msg(dir, "update-thothit");
    u->claim = (NetClaimWindow){true, 1, 12, 7500, 10000}; /* a claim window open */
    bad |= write_msg(dir, "update-claim");
    u->claim = (NetClaimWindow){false, 0, 0, 0, 0};
    u->clock = (NetClockState){
        .on = true, .running = 1, .move_left_ms = 2000, .players = 3, .bank_ms = {0, 4000, 4000}};
    bad |= write_msg(dir, "update-clock");
    reset(NET_MSG_VIEW);
    msg.u.view.move_no = 6;
    game_observe(g, GAME_SPECTATOR, &msg.u.view.view);
    msg.u.view.hash = net_view_hash(&msg.u.view.view);
    msg.u.view.clock = (NetClockState){.on = true, .running = -1, .players = 3};
    bad |= write_msg(dir, "view-spectator");
    game_destroy(g);
    return bad;
}

/* The clock, stand-ins and spectators. */
static int write_watch_msgs(const char *dir)
{
    int bad = 0;
    reset(NET_MSG_CREATE);
    fill_rules(&msg.u.create.rules, VARIANT_PEI, 3);
    msg.u.create.rules.clock = (NetClock){NET_CLOCK_QUICK_MOVE_MS, NET_CLOCK_QUICK_BANK_MS};
    msg.u.create.rules.watch = NET_WATCH_HANDS_LATE;
    msg.u.create.open = true;
    bad |= write_msg(dir, "create-clock");
    reset(NET_MSG_JOIN);
    strcpy(msg.u.join.table, "t-42");
    msg.u.join.seat = -1;
    strcpy(msg.u.join.name, "Sekar");
    strcpy(msg.u.join.key, "00ff00ff00ff00ff00ff00ff00ff00ff");
    msg.u.join.watch = true;
    bad |= write_msg(dir, "join-watch");
    reset(NET_MSG_WELCOME);
    strcpy(msg.u.welcome.table, "t-42");
    msg.u.welcome.seat = -1;
    fill_rules(&msg.u.welcome.rules, VARIANT_KOWAH, 4);
    msg.u.welcome.rules.watch = NET_WATCH_PUBLIC;
    bad |= write_msg(dir, "welcome-watch");
    reset(NET_MSG_SEATS);
    msg.u.seats.players = 3;
    msg.u.seats.started = true;
    msg.u.seats.seat[0] = (NetSeat){.state = NET_SEAT_STAND_IN,
                                    .name = "Wati",
                                    .stand_in = NET_STAND_IN_CLOCK,
                                    .clock_moves = 3};
    msg.u.seats.seat[2] = (NetSeat){.state = NET_SEAT_HERE, .name = "Joko", .clock_moves = 1};
    msg.u.seats.clock = (NetClockState){
        .on = true, .running = 2, .move_left_ms = 9000, .players = 3, .bank_ms = {0, 120000, 30}};
    msg.u.seats.nwatchers = 2;
    strcpy(msg.u.seats.watcher[0], "Sekar");
    strcpy(msg.u.seats.watcher[1], "Sekar 2");
    bad |= write_msg(dir, "seats-clock");
    reset(NET_MSG_STAND_IN);
    msg.u.stand_in = (NetStandInAsk){1, true};
    bad |= write_msg(dir, "stand-in");
    reset(NET_MSG_HANDS);
    msg.u.hands.round = 2;
    msg.u.hands.players = 3;
    for (int s = 0; s < 3; s++) {
        msg.u.hands.count[s] = 7;
        for (int i = 0; i < 7; i++)
            msg.u.hands.cards[s][i] = (Card)((s * 7 + i) % CARD_CEKI_KINDS);
    }
    bad |= write_msg(dir, "hands");
    reset(NET_MSG_CHAT);
    msg.u.chat.seat = -1;
    strcpy(msg.u.chat.text, "apik");
    strcpy(msg.u.chat.name, "Sekar");
    bad |= write_msg(dir, "chat-watcher");
    return bad;
}

static int write_plain_msgs(const char *dir)
{
    int bad = 0;
    reset(NET_MSG_CREATE);
    fill_rules(&msg.u.create.rules, VARIANT_THOTHIT_KUNA, 6);
    strcpy(msg.u.create.name, "Sri \xea\xa6\xb1");
    bad |= write_msg(dir, "create");
    msg.u.create.open = true;
    bad |= write_msg(dir, "create-open");
    reset(NET_MSG_JOIN);
    strcpy(msg.u.join.table, "t-42");
    strcpy(msg.u.join.token, "0123456789abcdef0123456789abcdef");
    msg.u.join.seat = -1;
    strcpy(msg.u.join.name, "Ayu");
    bad |= write_msg(dir, "join");
    msg.u.join.token[0] = '\0';
    strcpy(msg.u.join.key, "00ff00ff00ff00ff00ff00ff00ff00ff");
    bad |= write_msg(dir, "join-key");
    reset(NET_MSG_MOVE);
    msg.u.move.move_no = 7;
    msg.u.move.move = (Move){MOVE_PLAY, 1, 3, 12, 0};
    bad |= write_msg(dir, "move");
    reset(NET_MSG_SEAT_AI);
    msg.u.seat_ai.seat = 2;
    msg.u.seat_ai.kind = NET_SEAT_STRONG;
    bad |= write_msg(dir, "seat-ai");
    reset(NET_MSG_CREATED);
    strcpy(msg.u.created.table, "t-42");
    strcpy(msg.u.created.key, "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5");
    bad |= write_msg(dir, "created");
    msg.u.created.open = true;
    msg.u.created.key[0] = '\0';
    bad |= write_msg(dir, "created-open");
    reset(NET_MSG_TABLES);
    msg.u.tables.count = 2;
    strcpy(msg.u.tables.table[0].table, "a1");
    fill_rules(&msg.u.tables.table[0].rules, VARIANT_KOWAH, 4);
    strcpy(msg.u.tables.table[1].table, "b2");
    fill_rules(&msg.u.tables.table[1].rules, VARIANT_PEI, 3);
    bad |= write_msg(dir, "tables");
    reset(NET_MSG_WELCOME);
    strcpy(msg.u.welcome.table, "t-42");
    strcpy(msg.u.welcome.token, "fedcba9876543210fedcba9876543210");
    fill_rules(&msg.u.welcome.rules, VARIANT_KINGS, 4);
    msg.u.welcome.ai_seed = 0x1234567890abcdefull;
    strcpy(msg.u.welcome.key, "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5");
    bad |= write_msg(dir, "welcome");
    reset(NET_MSG_SEATS);
    msg.u.seats.players = 3;
    msg.u.seats.seat[1] =
        (NetSeat){.kind = NET_SEAT_NET, .state = NET_SEAT_AWAY, .grace_ms = 41000, .name = "Budi"};
    bad |= write_msg(dir, "seats");
    return bad | write_watch_msgs(dir);
}

static int write_short_msgs(const char *dir)
{
    int bad = 0;
    static const NetMsgType empty[] = {NET_MSG_LIST, NET_MSG_RESYNC, NET_MSG_START};
    static const char *const names[] = {"list", "resync", "start"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        reset(empty[i]);
        bad |= write_msg(dir, names[i]);
    }
    reset(NET_MSG_REFUSED);
    msg.u.refused.what = NET_MSG_MOVE;
    msg.u.refused.refusal = NET_REASON_NOT_YOUR_TURN;
    strcpy(msg.u.refused.reason, "It is not that player's turn.");
    bad |= write_msg(dir, "refused");
    msg.u.refused.what = NET_MSG_JOIN;
    msg.u.refused.refusal = NET_REASON_WRONG_KEY;
    strcpy(msg.u.refused.reason, net_reason_text(NET_REASON_WRONG_KEY));
    bad |= write_msg(dir, "refused-key");
    msg.u.refused.what = NET_MSG_CREATE;
    msg.u.refused.refusal = NET_REASON_COUNT - 1;
    strcpy(msg.u.refused.reason, net_reason_text(NET_REASON_TABLES_WAITING));
    bad |= write_msg(dir, "refused-last");
    reset(NET_MSG_RECORD);
    strcpy(msg.u.record.text, "# ceki-record 1\nvariant thothit\nseed 28\n");
    msg.u.record.len = (uint16_t)strlen(msg.u.record.text);
    msg.u.record.total = msg.u.record.len;
    bad |= write_msg(dir, "record");
    msg.u.record.total = 30000; /* the second chunk of a longer record */
    msg.u.record.offset = NET_RECORD_CHUNK;
    bad |= write_msg(dir, "record-chunk");
    reset(NET_MSG_CHAT);
    msg.u.chat.seat = 1;
    strcpy(msg.u.chat.text, "Sugeng enjing \xea\xa6\xb1");
    bad |= write_msg(dir, "chat");
    reset(NET_MSG_PING);
    msg.u.ping.stamp_ms = 123456;
    bad |= write_msg(dir, "ping");
    msg.type = NET_MSG_PONG;
    bad |= write_msg(dir, "pong");
    return bad;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_gen_net_corpus DIR\n");
        return 2;
    }
    int bad = write_plain_msgs(argv[1]) | write_short_msgs(argv[1]) | write_game_msgs(argv[1]);
    return bad ? 1 : 0;
}
