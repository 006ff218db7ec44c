#include "board.h"

#include <math.h>
#include <stddef.h>

static TlRect rect(float x, float y, float w, float h)
{
    TlRect r = {x, y, w > 0 ? w : 0, h > 0 ? h : 0};
    return r;
}

bool tl_empty(TlRect r)
{
    return r.w <= 0 || r.h <= 0;
}

bool tl_overlaps(TlRect a, TlRect b)
{
    if (tl_empty(a) || tl_empty(b)) {
        return false;
    }
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool tl_inside(TlRect inner, TlRect outer)
{
    const float eps = 0.01f;
    return inner.x >= outer.x - eps && inner.y >= outer.y - eps &&
           inner.x + inner.w <= outer.x + outer.w + eps &&
           inner.y + inner.h <= outer.y + outer.h + eps;
}

bool tl_contains(TlRect r, float x, float y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

float board_quantize(float h)
{
    if (h <= 12.0f) {
        return h;
    }
    float q = 12.0f;
    while (q * 1.05f <= h) {
        q *= 1.05f;
    }
    return floorf(q);
}

/* The next size of board_quantize's ladder below h (h itself at the
 * bottom of the ladder). */
static float quantize_below(float h)
{
    if (h <= 13.0f) {
        return board_quantize(h - 1.0f);
    }
    for (float x = h - 0.25f;; x -= 0.25f) {
        float q = board_quantize(x);
        if (q < h) {
            return q;
        }
    }
}

/* ---- lines of cards ------------------------------------------------------ */

TlRect board_row(TlRect area, double aspect, float card_h, int n, int i, float max_step,
                 unsigned how)
{
    float w = card_h * (float)aspect;
    if (n <= 0) {
        return rect(area.x, area.y, w, card_h);
    }
    float step = w * max_step;
    if (n > 1 && w + (float)(n - 1) * step > area.w) {
        step = (area.w - w) / (float)(n - 1);
    }
    float total = w + (float)(n - 1) * step;
    float x0 = (how & BOARD_LEFT)    ? area.x
               : (how & BOARD_RIGHT) ? area.x + area.w - total
                                     : area.x + (area.w - total) / 2;
    float x = x0 + (float)i * step;
    float y = (how & BOARD_TOP) ? area.y : area.y + (area.h - card_h) / 2;
    if ((how & BOARD_ARC) && n > 1) {
        float t = ((float)i - (float)(n - 1) / 2) / ((float)(n - 1) / 2 + 0.5f);
        float lift = fminf(card_h * 0.06f, fmaxf(0.0f, (area.h - card_h) / 2));
        y += lift * t * t - lift * 0.5f;
    }
    return rect(x, y, w, card_h);
}

TlRect board_column(TlRect area, double aspect, float card_h, int n, int i, float max_step)
{
    float w = card_h * (float)aspect;
    float step = card_h * max_step;
    if (n > 1 && card_h + (float)(n - 1) * step > area.h) {
        step = (area.h - card_h) / (float)(n - 1);
    }
    float total = card_h + (float)(n > 0 ? n - 1 : 0) * step;
    float x = area.x + (area.w - w) / 2;
    float y = area.y + (area.h - total) / 2 + (float)i * step;
    return rect(x, y, w, card_h);
}

/* The step between n cards of width w in `rows` rows across width. */
static float pile_step(float width, int n, int rows, float w)
{
    int per = (n + rows - 1) / rows;
    return per > 1 ? (width - w) / (float)(per - 1) : w;
}

/* The rows of a pile (and its card height *h, shrunk until they fit). */
static int pile_rows(TlRect area, const BoardPile *p, int n, float *h)
{
    float aspect = (float)p->aspect;
    for (;;) {
        float w = *h * aspect;
        float least = w * p->least;
        int max_rows = 1 + (int)((area.h - *h) / (*h * p->row));
        max_rows = max_rows < 1 ? 1 : max_rows;
        for (int r = 1; r <= max_rows; r++) {
            if (pile_step(area.w, n, r, w) >= w * p->show) {
                return r;
            }
        }
        if (pile_step(area.w, n, max_rows, w) >= least || *h < p->min_h) {
            return max_rows;
        }
        *h = quantize_below(*h);
    }
}

float board_pile(TlRect area, const BoardPile *p, int n, TlRect *out, TlRect *block)
{
    float h = p->max_h;
    int rows = n > 0 ? pile_rows(area, p, n, &h) : 1;
    float w = h * (float)p->aspect;
    int per = n > 0 ? (n + rows - 1) / rows : 1;
    float step = per > 1 ? fminf(w * p->spread, (area.w - w) / (float)(per - 1)) : w;
    float row_step = rows > 1 ? fminf(h * p->spread, (area.h - h) / (float)(rows - 1)) : 0;
    float total_h = h + row_step * (float)(rows - 1);
    float total_w = w + step * (float)(per - 1);
    float x0 = area.x + (area.w - total_w) / 2;
    float y0 = area.y + (area.h - total_h) / 2;
    for (int i = 0; i < n; i++) {
        int row = i / per, col = i % per;
        out[i] = (TlRect){x0 + (float)col * step, y0 + (float)row * row_step, w, h};
    }
    if (block != NULL) {
        *block = (TlRect){x0, y0, total_w, total_h};
    }
    return h;
}

/* The gap between lines of groups. */
static float line_gap_of(const BoardGroups *g)
{
    return g->line_gap > 0 ? g->line_gap : g->gap;
}

/* Packing of groups at one card size: a_w is a card's extent along the
 * run of groups, a_h across it (where the cards of a column stack with
 * `peek` of a_h showing). Returns the lines needed, 0 when it does not fit. */
typedef struct Pack {
    int lines;
    int line_of[512]; /* group -> line */
    float line_len[8];
    int cols[512];
} Pack;

static int pack(const BoardGroups *g, float along, float across, float a_w, float a_h,
                const int *sizes, int ngroups, int max_lines, Pack *p)
{
    float peek = g->peek > 0.05f ? g->peek : 0.25f;
    float sub_gap = a_w * 0.06f;
    for (int lines = 1; lines <= max_lines; lines++) {
        float band = (across - (float)(lines - 1) * line_gap_of(g)) / (float)lines;
        if (band < a_h - 0.01f) {
            return 0;
        }
        int per = 1 + (int)floorf((band - a_h) / (a_h * peek) + 1e-4f);
        if (per < g->room) {
            return 0; /* more lines leave each less room */
        }
        int line = 0;
        float len = 0;
        bool ok = true;
        for (int i = 0; i < ngroups && ok; i++) {
            /* Groups with room keep to one column, however many cards:
             * the few past the room lie over the line below for a moment
             * rather than move every card after them. */
            int cols = sizes[i] <= 0 ? 0 : g->room > 1 ? 1 : (sizes[i] + per - 1) / per;
            p->cols[i] = cols;
            p->line_of[i] = line;
            if (cols == 0) {
                continue;
            }
            float gw = (float)cols * a_w + (float)(cols - 1) * sub_gap;
            float add = (len > 0 ? g->gap : 0) + gw;
            if (len + add <= along + 0.01f) {
                len += add;
                continue;
            }
            if (len == 0 || gw > along + 0.01f) {
                ok = false; /* one group longer than the whole run */
                break;
            }
            p->line_len[line] = len;
            line++;
            if (line >= lines) {
                ok = false;
                break;
            }
            len = gw;
            p->line_of[i] = line;
        }
        if (ok) {
            p->line_len[line] = len;
            p->lines = line + 1;
            return p->lines;
        }
    }
    return 0;
}

/* The height of each line of a packing (line_h) and of them all with the
 * gaps between (returned): its tallest group, or the room (BoardGroups.room). */
static float line_heights(const BoardGroups *g, const Pack *p, const int *sizes, int ngroups,
                          float a_h, float line_h[8])
{
    float peek = g->peek > 0.05f ? g->peek : 0.25f;
    for (int i = 0; i < ngroups; i++) {
        if (p->cols[i] == 0) {
            continue;
        }
        int per = (sizes[i] + p->cols[i] - 1) / p->cols[i];
        float hh = a_h + (float)(per - 1) * a_h * peek;
        line_h[p->line_of[i]] = fmaxf(line_h[p->line_of[i]], hh);
    }
    float used = 0, room_h = a_h + (float)(g->room - 1) * a_h * peek;
    for (int ln = 0; ln < p->lines; ln++) {
        if (g->room > 1) {
            line_h[ln] = room_h; /* a taller group lies over the line below */
        }
        used += line_h[ln] + (ln > 0 ? line_gap_of(g) : 0);
    }
    return used;
}

float board_groups(TlRect area, const BoardGroups *g, const int *sizes, int ngroups, TlRect *out)
{
    if (ngroups <= 0) {
        return g->max_h;
    }
    if (ngroups > 512) {
        ngroups = 512;
    }
    int max_lines = g->max_lines > 0 ? (g->max_lines > 8 ? 8 : g->max_lines) : 4;
    float along = g->rows ? area.h : area.w;
    float across = g->rows ? area.w : area.h;
    float aspect = (float)g->aspect;
    Pack p = {0};
    float min_h = g->min_h > 4 ? g->min_h : 4;
    float h = g->fixed ? g->max_h : board_quantize(fmaxf(g->max_h, min_h));
    int lines = 0;
    for (;;) {
        float a_w = g->rows ? h : h * aspect, a_h = g->rows ? h * aspect : h;
        lines = pack(g, along, across, a_w, a_h, sizes, ngroups, max_lines, &p);
        if (lines > 0 || h <= min_h || g->fixed) {
            break;
        }
        h = fmaxf(min_h, quantize_below(h));
    }
    float a_w = g->rows ? h : h * aspect, a_h = g->rows ? h * aspect : h;
    float peek = g->peek > 0.05f ? g->peek : 0.25f;
    if (lines == 0) {
        /* Even the smallest cards do not fit: one line that spills. */
        BoardGroups wide = *g;
        float big_across = fmaxf(across, a_h);
        int need = 0;
        for (int i = 0; i < ngroups; i++) {
            need += sizes[i] > 0 ? sizes[i] : 0;
        }
        wide.gap = 0;
        lines = pack(&wide, 1e9f, big_across + (float)need * a_h, a_w, a_h, sizes, ngroups, 1, &p);
    }
    float sub_gap = a_w * 0.06f;
    float line_h[8] = {0};
    float used = line_heights(g, &p, sizes, ngroups, a_h, line_h);
    float longest = 0;
    for (int ln = 0; ln < p.lines; ln++) {
        longest = fmaxf(longest, p.line_len[ln]);
    }
    float pos_across = g->centre && across > used ? (across - used) / 2 : 0;
    float cw = h * aspect, ch = h;
    for (int ln = 0; ln < p.lines; ln++) {
        float len = g->flush ? longest : p.line_len[ln];
        float pos_along = g->centre && along > len ? (along - len) / 2 : 0;
        int k = 0;
        for (int i = 0; i < ngroups; i++) {
            int n = sizes[i] > 0 ? sizes[i] : 0;
            if (p.line_of[i] == ln && p.cols[i] > 0) {
                int cols = p.cols[i];
                int per = (n + cols - 1) / cols;
                for (int j = 0; j < n; j++) {
                    int col = j / per, row = j % per;
                    float a = pos_along + (float)col * (a_w + sub_gap);
                    float c = pos_across + (float)row * a_h * peek;
                    out[k + j] = g->rows ? rect(area.x + c, area.y + a, cw, ch)
                                         : rect(area.x + a, area.y + c, cw, ch);
                }
                pos_along += (float)cols * a_w + (float)(cols - 1) * sub_gap + g->gap;
            }
            k += n;
        }
        pos_across += line_h[ln] + line_gap_of(g);
    }
    return h;
}

/* ---- flows of labelled groups -------------------------------------------- */

static float step_of(const BoardGroup *g, int i, float step_new, float step_same)
{
    return i > 0 && g->same != NULL && g->same[i] ? step_same : step_new;
}

/* Width of cards [from, to) of g laid as one run with these steps. */
static float run_width(const BoardGroup *g, float cw, float step_new, float step_same, int from,
                       int to)
{
    if (to <= from) {
        return 0;
    }
    float w = cw;
    for (int i = from + 1; i < to; i++) {
        w += step_of(g, i, step_new, step_same);
    }
    return w;
}

/* Where a flow is: its origin, the line's offsets, what it has written. */
typedef struct FlowAt {
    const BoardFlow *f;
    float x0, y0, width;
    float x, y; /* on the current line, from the origin */
    float cw, line_h;
    TlRect *cards;
    int card0; /* the index of the group's first card in cards[] */
    BoardPiece *pieces;
    int max_pieces, npieces;
} FlowAt;

static void next_line(FlowAt *a)
{
    a->x = 0;
    a->y += a->line_h + a->f->line_gap;
}

/* Writes cards [from, to) of g from (sx, sy) with these steps, and a piece
 * `gw` wide with its label `lw` wide (0: none). */
static void put_piece(FlowAt *a, const BoardGroup *g, int group, int from, int to, float sx,
                      float sy, float gw, float lw, float step_new, float step_same)
{
    const BoardFlow *f = a->f;
    if (a->cards != NULL) {
        float x = sx + f->pad;
        for (int i = from; i < to; i++) {
            if (i > from) {
                x += step_of(g, i, step_new, step_same);
            }
            float cy = f->label_below ? sy : sy + f->label_h;
            a->cards[a->card0 + i] = rect(x, cy, a->cw, f->card_h);
        }
    }
    if (a->pieces != NULL && a->npieces < a->max_pieces) {
        BoardPiece *p = &a->pieces[a->npieces];
        p->group = group;
        p->from = from;
        p->to = to;
        p->box = rect(sx, sy, gw, a->line_h);
        float ly = f->label_below ? sy + f->card_h : sy;
        p->label = lw > 0 ? rect(sx + f->pad, ly, lw, f->label_h) : rect(sx, sy, 0, 0);
    }
    a->npieces++;
}

/* A group that may be split: on the rest of the line when it fits (or
 * enough of it does), else from a fresh line, one piece a line. */
static void flow_split(FlowAt *a, const BoardGroup *g, int group)
{
    const BoardFlow *f = a->f;
    float lw = g->label_w;
    int i = 0;
    bool first = true;
    while (i < g->n) {
        float avail = a->width - a->x - 2 * f->pad;
        float rest = run_width(g, a->cw, g->step_new, g->step_same, i, g->n);
        float need = fmaxf(rest, first ? lw : 0);
        float full = a->width - 2 * f->pad;
        bool cramped = avail < fmaxf(first ? lw : 0, a->cw + 3 * g->step_new);
        if (a->x > 0 && need > avail && (need <= full || cramped)) {
            next_line(a);
            continue;
        }
        int k2 = i + 1;
        while (k2 < g->n && run_width(g, a->cw, g->step_new, g->step_same, i, k2 + 1) <= avail) {
            k2++;
        }
        float cards_w = run_width(g, a->cw, g->step_new, g->step_same, i, k2);
        float gw = fmaxf(cards_w, first ? lw : 0) + 2 * f->pad;
        float label_w = first ? gw - 2 * f->pad : 0;
        put_piece(a, g, group, i, k2, a->x0 + a->x, a->y0 + a->y, gw, label_w, g->step_new,
                  g->step_same);
        first = false;
        a->x += gw + f->gap;
        i = k2;
        if (i < g->n) {
            next_line(a);
        }
    }
}

/* A squeezed group: whole on the rest of the line, its steps shrunk by one
 * factor down to their least; on a fresh line when even those do not fit. */
static void flow_squeeze(FlowAt *a, const BoardGroup *g, int group)
{
    const BoardFlow *f = a->f;
    float least = run_width(g, a->cw, g->step_min_new, g->step_min_same, 0, g->n);
    if (a->x > 0 && least > a->width - a->x - 2 * f->pad) {
        next_line(a);
    }
    float room = a->width - a->x - 2 * f->pad;
    float step_new = g->step_new, step_same = g->step_same;
    float natural = run_width(g, a->cw, step_new, step_same, 0, g->n);
    if (natural > room && natural > a->cw) {
        float k = fmaxf((room - a->cw) / (natural - a->cw), 0.0f);
        float sn = fmaxf(step_new * k, g->step_min_new),
              ss = fmaxf(step_same * k, g->step_min_same);
        if (least <= room && run_width(g, a->cw, sn, ss, 0, g->n) > room) {
            /* A least step held some steps up: the factor that fills the room. */
            float lo = 0, hi = 1;
            for (int it = 0; it < 24; it++) {
                float mid = (lo + hi) / 2;
                float w = run_width(g, a->cw, fmaxf(step_new * mid, g->step_min_new),
                                    fmaxf(step_same * mid, g->step_min_same), 0, g->n);
                *(w > room ? &hi : &lo) = mid;
            }
            k = lo;
            sn = fmaxf(step_new * k, g->step_min_new);
            ss = fmaxf(step_same * k, g->step_min_same);
        }
        step_new = sn;
        step_same = ss;
    }
    float cards_w = run_width(g, a->cw, step_new, step_same, 0, g->n);
    float gw = fmaxf(cards_w, g->label_w) + 2 * f->pad;
    put_piece(a, g, group, 0, g->n, a->x0 + a->x, a->y0 + a->y, gw, g->label_w, step_new,
              step_same);
    a->x += gw + f->gap;
}

float board_flow(const BoardFlow *f, float x, float y, float width, const BoardGroup *groups,
                 int ngroups, TlRect *cards, BoardPiece *pieces, int max_pieces, int *npieces)
{
    FlowAt a = {.f = f,
                .x0 = x,
                .y0 = y,
                .width = width,
                .cw = f->card_h * (float)f->aspect,
                .line_h = f->label_h + f->card_h,
                .cards = cards,
                .pieces = pieces,
                .max_pieces = pieces != NULL ? max_pieces : 0};
    bool used = false;
    for (int k = 0; k < ngroups; k++) {
        const BoardGroup *g = &groups[k];
        if (g->n > 0) {
            if (g->squeeze) {
                flow_squeeze(&a, g, k);
            } else {
                flow_split(&a, g, k);
            }
            used = true;
        }
        a.card0 += g->n > 0 ? g->n : 0;
    }
    if (npieces != NULL) {
        *npieces = a.npieces < a.max_pieces ? a.npieces : a.max_pieces;
    }
    return used ? a.y + a.line_h : 0;
}

/* ---- fitting ------------------------------------------------------------- */

float board_fit(const BoardLadder *ladder, float limit, BoardMeasure measure, void *ctx,
                float *extent)
{
    float h = ladder->step > 0 ? ladder->max : board_quantize(ladder->max);
    h = fmaxf(h, ladder->min);
    float e = measure(ctx, h);
    while (e > limit && h > ladder->min) {
        h = fmaxf(ladder->min, ladder->step > 0 ? h - ladder->step : quantize_below(h));
        e = measure(ctx, h);
    }
    if (extent != NULL) {
        *extent = e;
    }
    return h;
}
