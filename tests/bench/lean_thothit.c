/* lean_thothit — a hand-written playout loop for Thothit with random
 * players: the yardstick for `ceki-cli sim thothit` (which must reach at
 * least half its games/s). Same rules (compulsory capture, identical-only
 * first turn, stock phase, red-stamp scoring) and the same player as
 * ceki-cli's `random` (uniform over the distinct legal moves), but no variant
 * table, no events, no legality checks, no observations, no ceremonies.
 * Usage: lean_thothit [GAMES] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t state = 88172645463325252ULL;
static uint32_t next_below(uint32_t n)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)((state >> 32) * n >> 32);
}

static int rank_of(int k)
{
    return k >= 27 ? 1 : k % 9 + 1;
}
static int is_red(int k)
{
    return k == 27 || k == 29 || k == 17;
}

typedef struct {
    int8_t hand[3][7], hn[3];
    int8_t pool[60], pn;
    int8_t stock[60], sn;
    int8_t cap[3][30];
} Lean;

static int matches(int a, int b, int first)
{
    return first ? a == b : rank_of(a) == rank_of(b);
}

/* Card c (held by p) takes pool card i, or is trailed when i < 0. */
static void resolve(Lean *g, int p, int c, int i)
{
    if (i < 0) {
        g->pool[g->pn++] = (int8_t)c;
        return;
    }
    g->cap[p][c]++;
    g->cap[p][g->pool[i]]++;
    g->pool[i] = g->pool[--g->pn];
}

/* The turned card: a random match of a distinct kind, or a trail. */
static void turn_card(Lean *g, int p, int c, int first)
{
    int idx[12], n = 0;
    unsigned seen = 0;
    for (int i = 0; i < g->pn; i++) {
        int k = g->pool[i];
        if (matches(c, k, first) && !(seen >> k & 1u)) {
            seen |= 1u << k;
            idx[n++] = i;
        }
    }
    resolve(g, p, c, n ? idx[next_below((uint32_t)n)] : -1);
}

/* A uniform choice among the distinct legal hand moves (card kind, pool kind). */
static void play_hand(Lean *g, int p, int first)
{
    int mv_h[64], mv_i[64], n = 0;
    unsigned seen_card = 0;
    for (int h = 0; h < g->hn[p]; h++) {
        int c = g->hand[p][h];
        if (seen_card >> c & 1u)
            continue;
        seen_card |= 1u << c;
        unsigned seen = 0;
        int before = n;
        for (int i = 0; i < g->pn; i++) {
            int k = g->pool[i];
            if (matches(c, k, first) && !(seen >> k & 1u)) {
                seen |= 1u << k;
                mv_h[n] = h;
                mv_i[n++] = i;
            }
        }
        if (n == before) {
            mv_h[n] = h;
            mv_i[n++] = -1;
        }
    }
    int m = (int)next_below((uint32_t)n);
    int c = g->hand[p][mv_h[m]];
    g->hand[p][mv_h[m]] = g->hand[p][--g->hn[p]];
    resolve(g, p, c, mv_i[m]);
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
    long wins[3] = {0};
    struct timespec t0, t1;
    timespec_get(&t0, TIME_UTC);
    for (long game = 0; game < games; game++) {
        Lean g = {0};
        int8_t deck[60];
        for (int i = 0; i < 60; i++)
            deck[i] = (int8_t)(i / 2);
        for (int i = 59; i > 0; i--) {
            int j = (int)next_below((uint32_t)i + 1);
            int8_t t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        int top = 0;
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < 7; i++)
                g.hand[p][i] = deck[top++];
            g.hn[p] = 7;
        }
        for (int i = 0; i < 18; i++)
            g.pool[g.pn++] = deck[top++];
        for (; top < 60; top++)
            g.stock[g.sn++] = deck[top];
        for (int turn = 0; turn < 7; turn++) {
            for (int p = 0; p < 3; p++) {
                play_hand(&g, p, turn == 0);
                turn_card(&g, p, g.stock[--g.sn], turn == 0);
            }
        }
        int best = -1, score[3];
        for (int p = 0; p < 3; p++) {
            score[p] = 0;
            for (int k = 0; k < 30; k++) {
                int n = g.cap[p][k];
                score[p] += is_red(k) ? (n / 2) * 20 + (n % 2) * 10 : (n / 2) * 10;
            }
            best = score[p] > best ? score[p] : best;
        }
        for (int p = 0; p < 3; p++)
            wins[p] += score[p] == best;
    }
    timespec_get(&t1, TIME_UTC);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("wins %ld %ld %ld\n", wins[0], wins[1], wins[2]);
    printf("games/s: %.1f\n", (double)games / s);
    return 0;
}
