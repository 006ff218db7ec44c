/* The board (board.c), pure arithmetic, checked as properties: at every
 * window size from 1024x640 to 3840x2160 and for 2 to 6 players with
 * realistic card counts (Pèi piles of 40 and more, Kuna hands of 20), the
 * cards of flows, pools and rows lie inside their area, cards of different
 * groups and pieces do not overlap, labels cover no card, every card keeps
 * a strip showing, and the card height found is the largest that fits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static const int sizes[][2] = {{1024, 640}, {1280, 800}, {1920, 1080}, {2560, 1600}, {3840, 2160}};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

#define MAX_GROUPS 16
#define MAX_CARDS 400
#define MAX_PIECES 128

static float unit_for(int w, int h)
{
    float a = (float)w / 1280.0f, b = (float)h / 800.0f;
    return a < b ? a : b;
}

/* The next height of board_quantize's ladder above h; *wanted (may be
 * NULL) a height that quantizes to it. */
static float ladder_above(float h, float *wanted)
{
    for (float x = h + 0.25f;; x += 0.25f) {
        float q = board_quantize(x);
        if (q > h) {
            if (wanted != NULL) {
                *wanted = x;
            }
            return q;
        }
    }
}

/* ---- flows ------------------------------------------------------------ */

/* One player's captures: groups of cards with labels, maybe a hand. */
typedef struct Seat {
    BoardGroup groups[MAX_GROUPS];
    bool same[MAX_CARDS];
    int ngroups, ncards;
} Seat;

/* Pèi: a pile by what scored, the deck's 120 cards shared out (40 and
 * more each with three players, the later seats a few more); Kuna:
 * captures and a hand of 20 at the end. */
static void make_seat(Seat *s, int p, int players, bool kuna, float u)
{
    static const int pei[] = {2, 3, 2, 4, 6, 2, 8, 12, 5, 3};
    static const int kuna_groups[] = {3, 4, 2, 6};
    memset(s, 0, sizeof *s);
    int left = kuna ? 15 : 120 / players + 2 * p;
    for (int k = 0; left > 0 && s->ngroups < MAX_GROUPS - 1; k++) {
        int n = kuna ? kuna_groups[k % 4] : pei[k % 10];
        n = n < left ? n : left;
        left -= n;
        BoardGroup *g = &s->groups[s->ngroups++];
        g->n = n;
        g->same = &s->same[s->ncards];
        for (int i = 1; i < g->n; i++) {
            s->same[s->ncards + i] = i % 2 == 1; /* pairs of a kind */
        }
        g->label_w = (50.0f + 13.0f * (float)((k * 7 + p) % 9)) * u;
        s->ncards += g->n;
    }
    if (kuna) {
        BoardGroup *g = &s->groups[s->ngroups++];
        g->n = 20;
        g->same = &s->same[s->ncards];
        for (int i = 1; i < 20; i++) {
            s->same[s->ncards + i] = i % 3 == 0;
        }
        g->squeeze = true;
        g->label_w = 40 * u;
        s->ncards += 20;
    }
}

/* The steps of a seat's groups for cards h high (widths: aspect). */
static void set_steps(Seat *s, float cw)
{
    for (int k = 0; k < s->ngroups; k++) {
        BoardGroup *g = &s->groups[k];
        if (g->squeeze) {
            g->step_new = cw * 1.08f;
            g->step_same = cw * 0.36f;
            g->step_min_new = cw * 0.40f;
            g->step_min_same = cw * 0.22f;
        } else {
            g->step_new = cw * 0.40f;
            g->step_same = cw * 0.22f;
        }
    }
}

/* A screen of players' blocks one under another in an area. */
typedef struct Screen {
    Seat seats[6];
    int players;
    TlRect area;
    float u;
    double aspect;
    float block_gap, header;
} Screen;

static BoardFlow flow_at(const Screen *sc, float h)
{
    BoardFlow f = {.aspect = sc->aspect,
                   .card_h = h,
                   .label_h = 17 * sc->u,
                   .pad = 5 * sc->u,
                   .gap = 10 * sc->u,
                   .line_gap = 6 * sc->u,
                   .label_below = sc->players % 2 == 1}; /* both ways */
    return f;
}

/* The players' flows at card height h: blocks one under another (with
 * four players or more two side by side, a row as tall as its tallest),
 * each flow under a header. blocks[p] receives where player p's cards go.
 * Returns the height of them all. */
static float place_blocks(Screen *sc, float h, TlRect blocks[6])
{
    BoardFlow f = flow_at(sc, h);
    int cols = sc->players >= 4 ? 2 : 1;
    float w = (sc->area.w - (float)(cols - 1) * sc->block_gap) / (float)cols;
    float y = 0;
    for (int first = 0; first < sc->players; first += cols) {
        float row_h = 0;
        for (int p = first; p < sc->players && p < first + cols; p++) {
            set_steps(&sc->seats[p], h * (float)sc->aspect);
            float fh = board_flow(&f, 0, 0, w, sc->seats[p].groups, sc->seats[p].ngroups, NULL,
                                  NULL, 0, NULL);
            blocks[p] = (TlRect){sc->area.x + (float)(p - first) * (w + sc->block_gap),
                                 sc->area.y + y + sc->header, w, fh};
            row_h = row_h > sc->header + fh ? row_h : sc->header + fh;
        }
        y += row_h + sc->block_gap;
    }
    return y - sc->block_gap;
}

static float screen_height(void *ctx, float h)
{
    TlRect blocks[6];
    return place_blocks(ctx, h, blocks);
}

/* Checks one seat's flow laid at (x, y): inside `block`, pieces and cards
 * apart, labels clear of cards, strips showing. */
static void check_flow(const Seat *s, const BoardFlow *f, TlRect block, const char *ctx)
{
    TlRect cards[MAX_CARDS];
    BoardPiece pieces[MAX_PIECES];
    int np = 0;
    float used = board_flow(f, block.x, block.y, block.w, s->groups, s->ngroups, cards, pieces,
                            MAX_PIECES, &np);
    assert_true(used > 0);
    assert_true(used <= block.h + 0.01f);
    int first[MAX_GROUPS], at = 0;
    for (int k = 0; k < s->ngroups; k++) {
        first[k] = at;
        at += s->groups[k].n;
    }
    float cw = f->card_h * (float)f->aspect;
    int covered = 0;
    for (int a = 0; a < np; a++) {
        const BoardPiece *p = &pieces[a];
        const BoardGroup *g = &s->groups[p->group];
        covered += p->to - p->from;
        if (!tl_inside(p->box, block) || !tl_inside(p->label, p->box)) {
            fail_msg("%s: piece %d (group %d) out of its block", ctx, a, p->group);
        }
        float least = (g->squeeze ? g->step_min_same : g->step_same) - 0.01f;
        for (int i = p->from; i < p->to; i++) {
            TlRect c = cards[first[p->group] + i];
            if (!tl_inside(c, p->box) || c.h != f->card_h || c.w < cw - 0.01f) {
                fail_msg("%s: card %d of group %d out of its piece", ctx, i, p->group);
            }
            if (i > p->from && c.x - cards[first[p->group] + i - 1].x < least) {
                fail_msg("%s: card %d of group %d shows less than its strip", ctx, i, p->group);
            }
        }
        for (int b = 0; b < np; b++) {
            if (b != a && tl_overlaps(p->box, pieces[b].box)) {
                fail_msg("%s: pieces %d and %d overlap", ctx, a, b);
            }
            if (tl_empty(p->label)) {
                continue;
            }
            for (int i = pieces[b].from; i < pieces[b].to; i++) {
                if (tl_overlaps(p->label, cards[first[pieces[b].group] + i])) {
                    fail_msg("%s: the label of piece %d covers a card", ctx, a);
                }
            }
        }
    }
    assert_int_equal(covered, s->ncards);
}

/* At every size and for 2..6 players: the largest cards that let all
 * blocks fit do fit, lie right, and one step larger would not fit. */
static void flows_fit(bool kuna)
{
    for (int z = 0; z < NSIZES; z++) {
        int W = sizes[z][0], H = sizes[z][1];
        for (int players = 2; players <= 6; players++) {
            Screen *sc = calloc(1, sizeof *sc);
            assert_non_null(sc);
            sc->u = unit_for(W, H);
            sc->players = players;
            sc->aspect = kuna ? 0.4 : 0.42;
            sc->area = (TlRect){40 * sc->u, 124 * sc->u, (float)W * 0.66f, (float)H * 0.76f};
            sc->block_gap = 8 * sc->u;
            sc->header = 30 * sc->u;
            for (int p = 0; p < players; p++) {
                make_seat(&sc->seats[p], p, players, kuna, sc->u);
            }
            BoardLadder ladder = {.max = 118 * sc->u, .min = 14, .step = 0};
            float extent = 0;
            float h = board_fit(&ladder, sc->area.h, screen_height, sc, &extent);
            char ctx[96];
            snprintf(ctx, sizeof ctx, "%s %dx%d %d players h %.1f", kuna ? "kuna" : "pei", W, H,
                     players, (double)h);
            if (extent > sc->area.h) {
                fail_msg("%s: does not fit (%.1f > %.1f)", ctx, (double)extent, (double)sc->area.h);
            }
            if (h < 24.0f) {
                fail_msg("%s: cards too small to read", ctx);
            }
            float up = ladder_above(h, NULL);
            if (up <= board_quantize(ladder.max) && screen_height(sc, up) <= sc->area.h) {
                fail_msg("%s: %.1f would fit too", ctx, (double)up);
            }
            BoardFlow f = flow_at(sc, h);
            TlRect blocks[6];
            place_blocks(sc, h, blocks);
            for (int p = 0; p < players; p++) {
                assert_true(tl_inside(blocks[p], sc->area));
                for (int q = 0; q < p; q++) {
                    assert_false(tl_overlaps(blocks[p], blocks[q]));
                }
                check_flow(&sc->seats[p], &f, blocks[p], ctx);
            }
            free(sc);
        }
    }
}

static void test_pei_piles_fit_every_size(void **state)
{
    (void)state;
    flows_fit(false);
}

static void test_kuna_hands_fit_every_size(void **state)
{
    (void)state;
    flows_fit(true);
}

/* A group longer than a line is split into pieces on lines of their own;
 * a short one after it shares the last line; a squeezed hand too long for
 * the rest of its line goes to a fresh one. */
static void test_flow_splits_and_wraps(void **state)
{
    (void)state;
    BoardGroup g[3] = {{.n = 30, .step_new = 10, .step_same = 5, .label_w = 40},
                       {.n = 2, .step_new = 10, .step_same = 5, .label_w = 30},
                       {.n = 10,
                        .step_new = 30,
                        .step_same = 30,
                        .squeeze = true,
                        .step_min_new = 18,
                        .step_min_same = 18,
                        .label_w = 20}};
    BoardFlow f = {.aspect = 0.5, .card_h = 40, .label_h = 10, .pad = 2, .gap = 4, .line_gap = 3};
    TlRect cards[42];
    BoardPiece pieces[8];
    int np = 0;
    float h = board_flow(&f, 100, 50, 200, g, 3, cards, pieces, 8, &np);
    /* 30 cards 20 wide stepping 10 are 310 wide; 196 inside the pads take
     * 18 of them (190), the next line the other 12. */
    assert_int_equal(np, 4);
    assert_int_equal(pieces[0].to, 18);
    assert_int_equal(pieces[1].from, 18);
    assert_false(tl_empty(pieces[0].label));
    assert_true(tl_empty(pieces[1].label));
    assert_int_equal(pieces[2].group, 1);
    assert_true(pieces[2].box.y == pieces[1].box.y); /* the short group shares the line */
    /* The hand at its least is 20 + 9 * 18 = 182 wide, more than the 20
     * left after the short group (at 176): a line of its own, squeezed to
     * the 196 there. */
    assert_int_equal(pieces[3].group, 2);
    assert_true(pieces[3].box.x == 100 && pieces[3].box.y > pieces[2].box.y);
    assert_true(h == 3 * 50 + 2 * 3);
    assert_true(cards[0].x == 102 && cards[0].y == 60);
    assert_true(cards[41].x + cards[41].w <= 298 + 0.01f);
    assert_true(cards[41].x + cards[41].w > 297);
    /* Labels under the cards: the same lines, the cards at their tops. */
    f.label_below = true;
    board_flow(&f, 100, 50, 200, g, 3, cards, pieces, 8, &np);
    assert_true(cards[0].y == 50 && pieces[0].label.y == 90);
    for (int i = 0; i < 42; i++) {
        assert_false(tl_overlaps(cards[i], pieces[0].label));
    }
    /* Without cards, no height. */
    BoardGroup none = {.n = 0};
    assert_true(board_flow(&f, 0, 0, 200, &none, 1, NULL, NULL, 0, NULL) == 0);
}

/* ---- pools by rank and rows ----------------------------------------------- */

/* A pool of ranks (2..6 players' worth of groups) in a band of the window:
 * inside, groups apart, a peek showing, and the size maximal. */
static void test_pools_fit_every_size(void **state)
{
    (void)state;
    for (int z = 0; z < NSIZES; z++) {
        int W = sizes[z][0], H = sizes[z][1];
        float u = unit_for(W, H);
        for (int players = 2; players <= 6; players++) {
            for (int turned = 0; turned < 2; turned++) {
                int groups[24], ng = 4 + 3 * players, total = 0;
                for (int k = 0; k < ng; k++) {
                    groups[k] = 1 + (k * 5 + players) % 4; /* copies of a rank: 1..4 */
                    total += groups[k];
                }
                TlRect area = turned
                                  ? (TlRect){10 * u, 60 * u, 0.2f * (float)W, 0.7f * (float)H}
                                  : (TlRect){200 * u, 200 * u, 0.6f * (float)W, 0.33f * (float)H};
                BoardGroups g = {.aspect = 0.4,
                                 .max_h = 120 * u,
                                 .min_h = 20,
                                 .peek = 0.25f,
                                 .gap = 6 * u,
                                 .rows = turned,
                                 .centre = true};
                TlRect cards[120];
                float h = board_groups(area, &g, groups, ng, cards);
                char ctx[80];
                snprintf(ctx, sizeof ctx, "pool %dx%d %d players%s h %.1f", W, H, players,
                         turned ? " turned" : "", (double)h);
                int at = 0;
                for (int k = 0; k < ng; k++) {
                    for (int i = 0; i < groups[k]; i++) {
                        TlRect c = cards[at + i];
                        if (!tl_inside(c, area)) {
                            fail_msg("%s: card %d of group %d outside", ctx, i, k);
                        }
                        for (int o = 0; o < at; o++) {
                            if (tl_overlaps(c, cards[o])) {
                                fail_msg("%s: group %d overlaps an earlier group", ctx, k);
                            }
                        }
                        if (i > 0) {
                            TlRect p = cards[at + i - 1];
                            float shown = turned ? c.x - p.x : c.y - p.y;
                            float full = turned ? c.w : c.h;
                            if (shown > 0.01f && shown < full * g.peek - 0.01f) {
                                fail_msg("%s: a card of group %d shows too little", ctx, k);
                            }
                        }
                    }
                    at += groups[k];
                }
                /* One step larger does not fit: some card would leave the area. */
                float wanted = 0;
                float up = ladder_above(h, &wanted);
                if (up <= board_quantize(g.max_h)) {
                    BoardGroups big = g;
                    big.max_h = wanted;
                    big.min_h = wanted;
                    board_groups(area, &big, groups, ng, cards);
                    bool out = false;
                    for (int i = 0; i < total; i++) {
                        out = out || !tl_inside(cards[i], area);
                    }
                    if (!out) {
                        fail_msg("%s: %.1f would fit too", ctx, (double)up);
                    }
                }
            }
        }
    }
}

/* Visible piles of 1..60 cards in the pile zones of the table at every
 * size: inside, each card showing its index strip, rows showing their
 * share, and the cards as large as allows it (one step larger would not
 * leave the strip). */
static void test_piles_fit_every_size(void **state)
{
    (void)state;
    for (int z = 0; z < NSIZES; z++) {
        int W = sizes[z][0], H = sizes[z][1];
        float u = unit_for(W, H);
        for (int shape = 0; shape < 2; shape++) {
            /* A side column's pile, then the viewer's pile at the bottom. */
            TlRect area = shape == 0 ? (TlRect){10, 200, 0.16f * (float)W, 0.4f * (float)H}
                                     : (TlRect){100, (float)H - 150 * u, 200 * u, 120 * u};
            for (int n = 1; n <= 60; n++) {
                BoardPile p = {.aspect = 0.4,
                               .max_h = board_quantize(0.095f * (float)H),
                               .min_h = 16,
                               .show = 0.6f,
                               .least = 0.36f,
                               .row = 0.55f,
                               .spread = 1.02f};
                TlRect cards[60], block;
                float h = board_pile(area, &p, n, cards, &block);
                char ctx[80];
                snprintf(ctx, sizeof ctx, "pile %dx%d shape %d n %d h %.1f", W, H, shape, n,
                         (double)h);
                if (h < 20) {
                    fail_msg("%s: cards too small", ctx);
                }
                assert_true(tl_inside(block, area));
                float w = h * 0.4f;
                for (int i = 0; i < n; i++) {
                    if (!tl_inside(cards[i], block)) {
                        fail_msg("%s: card %d outside", ctx, i);
                    }
                    if (i == 0) {
                        continue;
                    }
                    TlRect a = cards[i - 1], b = cards[i];
                    if (b.y == a.y && b.x - a.x < w * p.least - 0.01f) {
                        fail_msg("%s: card %d shows too little", ctx, i);
                    }
                    if (b.y != a.y && b.y - a.y < h * p.row - 0.01f) {
                        fail_msg("%s: the row of card %d shows too little", ctx, i);
                    }
                }
                if (h < p.max_h) {
                    BoardPile big = p;
                    big.max_h = ladder_above(h, NULL);
                    if (board_pile(area, &big, n, cards, &block) >= big.max_h) {
                        fail_msg("%s: %.1f would fit too", ctx, (double)big.max_h);
                    }
                }
            }
        }
    }
}

/* Rows of n cards: inside the area, stepping by at most max_step, the
 * steps as large as the area allows; flags put the row at the left/top. */
static void test_rows(void **state)
{
    (void)state;
    TlRect area = {10, 20, 400, 100};
    for (int n = 1; n <= 40; n++) {
        float last_x = -1;
        for (int i = 0; i < n; i++) {
            TlRect r = board_row(area, 0.5, 80, n, i, 1.04f, 0);
            assert_true(tl_inside(r, area));
            assert_true(r.y == 30);
            if (i > 0) {
                float step = r.x - last_x;
                assert_true(step <= 40 * 1.04f + 0.01f);
                /* Overlapped only when the row is too long at the full step. */
                if (40 + (float)(n - 1) * 40 * 1.04f > 400) {
                    assert_true(step * (float)(n - 1) + 40 > 400 - 0.01f);
                }
            }
            last_x = r.x;
            TlRect l = board_row(area, 0.5, 80, n, i, 1.04f, BOARD_LEFT | BOARD_TOP);
            assert_true(l.y == 20 && tl_inside(l, area));
            if (i == 0) {
                assert_true(l.x == 10);
            }
            /* At the right: the same steps, the last card at the edge. */
            TlRect rt = board_row(area, 0.5, 80, n, i, 1.04f, BOARD_RIGHT | BOARD_TOP);
            assert_true(rt.y == 20 && tl_inside(rt, area));
            assert_float_equal(rt.x - l.x,
                               board_row(area, 0.5, 80, n, n - 1, 1.04f, BOARD_RIGHT).x -
                                   board_row(area, 0.5, 80, n, n - 1, 1.04f, BOARD_LEFT).x,
                               0.01f);
            if (i == n - 1) {
                assert_float_equal(rt.x + rt.w, 410, 0.01f);
            }
        }
    }
    /* The fan bows: the ends lower than the middle, all inside. */
    TlRect fan = {0, 0, 600, 120};
    TlRect end = board_row(fan, 0.4, 100, 9, 0, 0.9f, BOARD_ARC);
    TlRect mid = board_row(fan, 0.4, 100, 9, 4, 0.9f, BOARD_ARC);
    assert_true(end.y > mid.y);
    assert_true(tl_inside(end, fan) && tl_inside(mid, fan));
    /* A column steps down, centred. */
    TlRect col = board_column(area, 0.5, 40, 5, 4, 0.3f);
    assert_true(tl_inside(col, area));
    assert_true(col.x == 10 + (400 - 20) / 2.0f);
}

/* Groups wrapping onto lines keep line_gap between the lines (gap
 * between the groups of a line), lie inside a tall area and never overlap;
 * `fixed` cards keep their height. */
static void test_groups_line_gap(void **state)
{
    (void)state;
    for (int width = 120; width <= 900; width += 39) {
        int counts[14];
        int total = 0;
        for (int k = 0; k < 14; k++) {
            counts[k] = 1 + (k * 7 + width) % 3;
            total += counts[k];
        }
        TlRect area = {5, 7, (float)width, 2000};
        BoardGroups g = {.aspect = 0.5,
                         .max_h = 80,
                         .min_h = 80,
                         .peek = 0.2f,
                         .gap = 6,
                         .line_gap = 30,
                         .max_lines = 8};
        TlRect out[64];
        float h = board_groups(area, &g, counts, 14, out);
        assert_true(h == (g.fixed ? 80 : board_quantize(80)));
        int k = 0, first[14];
        for (int gi = 0; gi < 14; gi++) {
            first[gi] = k;
            k += counts[gi];
        }
        for (int a = 0; a < 14; a++) {
            for (int b = a + 1; b < 14; b++) {
                TlRect ra = out[first[a]], rb = out[first[b]];
                for (int i = 1; i < counts[a]; i++) {
                    ra.h = out[first[a] + i].y + out[first[a] + i].h - ra.y;
                }
                for (int i = 1; i < counts[b]; i++) {
                    rb.h = out[first[b] + i].y + out[first[b] + i].h - rb.y;
                }
                assert_false(tl_overlaps(ra, rb));
                if (rb.y > ra.y + 0.01f) { /* a later line */
                    assert_true(rb.y >= ra.y + ra.h + 30 - 0.01f);
                } else {
                    assert_true(rb.y == ra.y && rb.x >= ra.x + ra.w + 6 - 0.01f);
                }
            }
        }
        for (int i = 0; i < total; i++) {
            assert_true(tl_inside(out[i], area) && out[i].h == h);
        }
    }
}

/* board_fit walks its ladder down to the first height that fits, and
 * stops at its least when none does. */
static float linear(void *ctx, float h)
{
    return h * *(float *)ctx;
}

static void test_fit_ladder(void **state)
{
    (void)state;
    float k = 3;
    BoardLadder steps = {.max = 118, .min = 44, .step = 2};
    float e = 0;
    assert_true(board_fit(&steps, 300, linear, &k, &e) == 100 && e == 300);
    assert_true(board_fit(&steps, 100, linear, &k, &e) == 44 && e == 132);
    BoardLadder q = {.max = 200, .min = 12, .step = 0};
    float h = board_fit(&q, 250, linear, &k, &e);
    assert_true(3 * h <= 250 && 3 * ladder_above(h, NULL) > 250);
    assert_true(board_quantize(100) <= 100 && board_quantize(100) > 95);
}

/* Groups that keep their places (Kings' pool): with room for a column of
 * two, a group growing from one card to two or three (the third lies over
 * the line below) moves no other card, and with
 * flush every line starts where the longest starts, so a place filled at
 * the end of the last line moves no card before it. */
static void test_groups_keep_places(void **state)
{
    (void)state;
    for (int s = 0; s < NSIZES; s++) {
        float u = unit_for(sizes[s][0], sizes[s][1]);
        TlRect area = {40 * u, 60 * u, 560 * u, 620 * u}; /* four cards a line */
        BoardGroups g = {.aspect = 0.714,
                         .max_h = 150 * u,
                         .min_h = 30 * u,
                         .peek = 0.27f,
                         .gap = 8 * u,
                         .centre = true,
                         .room = 2,
                         .flush = true};
        int counts[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        TlRect before[16], after[16];
        float h = board_groups(area, &g, counts, 9, before);
        assert_true(before[5].y > before[0].y); /* two lines at least */
        g.max_h = h;
        g.fixed = true;
        for (int grow = 0; grow < 18; grow++) {
            counts[grow % 9] = 2 + grow / 9; /* two, then three (one column) */
            assert_true(board_groups(area, &g, counts, 9, after) == h);
            for (int gi = 0, k = 0; gi < 9; gi++) {
                /* Every group's first card where it was; the second below. */
                assert_true(after[k].x == before[gi].x && after[k].y == before[gi].y);
                for (int c = 1; c < counts[gi]; c++) {
                    assert_true(after[k + c].x == after[k].x && after[k + c].y > after[k].y);
                }
                assert_true(tl_inside(after[k], area));
                k += counts[gi];
            }
            counts[grow % 9] = 1;
        }
        /* The last line's first card stays where it is as places are
         * added after it, and lies under the first line's first card. */
        int last = 0;
        for (int k = 1; k < 9; k++) {
            if (before[k].y > before[last].y) {
                last = k;
            }
        }
        assert_true(before[last].x == before[0].x);
        int more[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        TlRect longer[16];
        board_groups(area, &g, more, 10, longer);
        if (longer[9].y == before[8].y) { /* the tenth on the same line */
            for (int k = 0; k < 9; k++) {
                assert_true(longer[k].x == before[k].x && longer[k].y == before[k].y);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pei_piles_fit_every_size),
        cmocka_unit_test(test_kuna_hands_fit_every_size),
        cmocka_unit_test(test_flow_splits_and_wraps),
        cmocka_unit_test(test_pools_fit_every_size),
        cmocka_unit_test(test_piles_fit_every_size),
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_groups_line_gap),
        cmocka_unit_test(test_groups_keep_places),
        cmocka_unit_test(test_fit_ladder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
