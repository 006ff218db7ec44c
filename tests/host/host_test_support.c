/* host_test_support.c — what the network tests share; see host_test_support.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "host_test_support.h"

#include <string.h>
#include <time.h>

#include "record.h"

#define HTS_SEED_BYTES 8

double hts_seconds(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool hts_holds(const uint8_t *buf, size_t len, const uint8_t *pat, size_t n)
{
    for (size_t i = 0; i + n <= len; i++) {
        if (memcmp(buf + i, pat, n) == 0)
            return true;
    }
    return false;
}

bool hts_holds_seed(uint64_t seed, const uint8_t *buf, size_t len)
{
    uint8_t le[HTS_SEED_BYTES] = {0}, be[HTS_SEED_BYTES] = {0};
    for (int i = 0; i < HTS_SEED_BYTES; i++) {
        le[i] = (uint8_t)(seed >> (8 * i));
        be[HTS_SEED_BYTES - 1 - i] = le[i];
    }
    return hts_holds(buf, len, le, HTS_SEED_BYTES) || hts_holds(buf, len, be, HTS_SEED_BYTES);
}

bool hts_obs_names(const Observation *o, Card c)
{
    bool seen = c == o->turned || c == o->peek || c == o->stock_last_public || c == o->shown_draw ||
                c == o->drawn;
    for (int i = 0; !seen && o->seat >= 0 && i < o->hand_count[o->seat]; i++)
        seen = o->hand[i] == c;
    for (int i = 0; !seen && i < o->pool_count; i++)
        seen = o->pool[i] == c;
    for (int i = 0; !seen && i < o->discard_count; i++)
        seen = o->discard[i] == c;
    for (int s = 0; !seen && s < o->players; s++) {
        seen = o->exposed[s] == c;
        for (int i = 0; !seen && o->captured_visible[s] && i < o->captured_count[s]; i++)
            seen = o->captured[s][i] == c;
    }
    for (int i = 0; !seen && i < o->history.count; i++)
        seen = o->history.entry[i].card == c || o->history.entry[i].card2 == c;
    return seen;
}

bool hts_seat_welcome(HtsSeat *s, const NetWelcome *wl, AiLevel level)
{
    s->seat = wl->seat;
    s->ai_seed = wl->ai_seed;
    s->have_view = false;
    s->nmoves = 0;
    ai_destroy(s->ai);
    s->ai = ai_create(level, wl->ai_seed);
    return s->ai != NULL;
}

static void hts_seat_keep_moves(HtsSeat *s, uint32_t move_no, const Move *moves, int n)
{
    s->move_no = move_no;
    s->nmoves = n;
    memcpy(s->moves, moves, sizeof s->moves[0] * (size_t)n);
}

void hts_seat_take_view(HtsSeat *s, const NetView *v)
{
    s->view = v->view;
    s->have_view = true;
    hts_seat_keep_moves(s, v->move_no, v->moves, v->nmoves);
}

bool hts_seat_apply_update(HtsSeat *s, const NetUpdate *u, Observation *next)
{
    if (!s->have_view || !net_view_apply_delta(&s->view, u->delta, u->delta_len, next) ||
        net_view_hash(next) != u->hash)
        return false;
    s->view = *next;
    hts_seat_keep_moves(s, u->move_no, u->moves, u->nmoves);
    return true;
}

bool hts_seat_to_move(const HtsSeat *s)
{
    return s->have_view && s->nmoves > 0 && s->view.to_move == s->seat;
}

CekiStatus hts_seat_choose(HtsSeat *s, const GameConfig *cfg, Move *out)
{
    if (s->ai == NULL)
        return CEKI_ERR_ARG;
    CekiStatus st = CEKI_OK;
    Game *g = game_from_view(cfg, &s->view, &st); /* what arrived, nothing more */
    if (g == NULL)
        return st != CEKI_OK ? st : CEKI_ERR_IMPOSSIBLE;
    ai_reseed(s->ai, s->ai_seed, s->move_no); /* as ceki-cli bot */
    st = ai_choose(s->ai, g, s->seat, out);
    game_destroy(g);
    return st;
}

bool hts_seat_listed(const HtsSeat *s, const Move *m)
{
    for (int i = 0; i < s->nmoves; i++) {
        if (move_equal(m, &s->moves[i]))
            return true;
    }
    return false;
}

void hts_seat_free(HtsSeat *s)
{
    ai_destroy(s->ai);
    s->ai = NULL;
    net_record_join_free(&s->record_join);
}

Game *hts_record_game(const NetRecordJoin *j, char *err, size_t size)
{
    Game *g = NULL;
    if (record_read_text(j->text, j->total, &g, err, size) != CEKI_OK)
        return NULL;
    return g;
}

int hts_moves_differ_at(const Game *a, const Game *b)
{
    int na = 0, nb = 0;
    const Move *ma = game_history(a, &na), *mb = game_history(b, &nb);
    int n = na < nb ? na : nb;
    for (int i = 0; i < n; i++) {
        if (!move_equal(&ma[i], &mb[i]))
            return i;
    }
    return na == nb ? -1 : n;
}

/* One decision of `ceki-cli match`: the only move between rounds, else the
 * seat's greedy player reseeded by the move's number. */
static CekiStatus hts_cli_move(Game *g, AiPlayer *const *ai, uint64_t seed, int move_no, Move *m)
{
    int seat = game_to_move(g);
    if (game_round_over(g))
        return game_legal_moves(g, m, 1) == 1 ? CEKI_OK : CEKI_ERR_ILLEGAL;
    ai_reseed(ai[seat], game_seat_ai_seed(seed, seat), (uint32_t)move_no);
    return ai_choose(ai[seat], g, seat, m);
}

Game *hts_play_cli_match(const GameConfig *cfg, int max_moves)
{
    Game *g = game_create(cfg, NULL);
    if (g == NULL)
        return NULL;
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    bool made = true;
    for (int s = 0; s < cfg->players; s++) {
        ai[s] = ai_create(AI_GREEDY, game_seat_ai_seed(cfg->seed, s));
        made = made && ai[s] != NULL;
    }
    bool moved = made;
    for (int i = 0; moved && i < max_moves && !game_match_over(g); i++) {
        Move m;
        moved = hts_cli_move(g, ai, cfg->seed, i, &m) == CEKI_OK && game_apply(g, &m) == CEKI_OK;
    }
    for (int s = 0; s < cfg->players; s++)
        ai_destroy(ai[s]);
    if (!moved || !game_match_over(g)) {
        game_destroy(g);
        return NULL;
    }
    return g;
}
