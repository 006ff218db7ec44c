#include "table_layout.h"

#include <math.h>
#include <string.h>

#include "pei.h"

static float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static TlRect rect(float x, float y, float w, float h)
{
    TlRect r = {x, y, w > 0 ? w : 0, h > 0 ? h : 0};
    return r;
}

/* ---- seats around the table ------------------------------------------ */

/* The screen slots of the other seats, in play order from the viewer, for
 * counter-clockwise play (the next player to the viewer's right):
 * right, then along the top from right to left, then left. */
static void slots_for(int others, bool dealer_side, TlSide side[5], int index[5], int *ntop)
{
    *ntop = 0;
    switch (others) {
    case 1:
        side[0] = TL_TOP;
        *ntop = 1;
        break;
    case 2:
        side[0] = TL_RIGHT;
        side[1] = dealer_side ? TL_TOP : TL_LEFT;
        *ntop = dealer_side ? 1 : 0;
        break;
    case 3:
        side[0] = TL_RIGHT;
        side[1] = TL_TOP;
        side[2] = TL_LEFT;
        *ntop = 1;
        break;
    default:
        side[0] = TL_RIGHT;
        for (int i = 1; i < others - 1; i++) {
            side[i] = TL_TOP;
        }
        side[others - 1] = TL_LEFT;
        *ntop = others - 2;
        break;
    }
    int t = 0;
    for (int i = 0; i < others; i++) {
        index[i] = side[i] == TL_TOP ? t++ : 0;
    }
}

/* Side and index along it (top seats count from the right for
 * counter-clockwise play) for seat `seat`. */
static TlSide place_seat(const TlSpec *spec, int seat, int *index, int *ntop)
{
    int n = spec->players;
    int steps = spec->reversed ? spec->bottom_seat - seat : seat - spec->bottom_seat;
    int k = (steps % n + n) % n; /* places after the bottom seat in the order of play */
    TlSide side[5] = {TL_TOP, TL_TOP, TL_TOP, TL_TOP, TL_TOP};
    int idx[5] = {0};
    slots_for(n - 1, spec->dealer_side, side, idx, ntop);
    if (k == 0) {
        *index = 0;
        return TL_BOTTOM;
    }
    TlSide s = side[k - 1];
    int i = idx[k - 1];
    if (spec->clockwise) {
        /* Mirror: the next player sits to the left, the top runs left to right. */
        if (s == TL_RIGHT) {
            s = TL_LEFT;
        } else if (s == TL_LEFT) {
            s = TL_RIGHT;
        }
    } else if (s == TL_TOP) {
        i = *ntop - 1 - i; /* screen order, left to right */
    }
    *index = i;
    return s;
}

TlSide table_layout_side_of(const TlSpec *spec, int seat)
{
    int index = 0, ntop = 0;
    return place_seat(spec, seat, &index, &ntop);
}

/* ---- the compute ------------------------------------------------------ */

/* The smallest step (in card widths) that keeps a card's index showing. */
static float min_step(double aspect)
{
    return aspect < 0.5 ? 0.36f : 0.24f;
}

/* The measures the steps of the compute share. */
typedef struct Frame {
    float W, H;         /* the window */
    float u;            /* pixels per design unit */
    float m, gap;       /* the window's margin, the gap between zones */
    float aspect;       /* a card's width over its height */
    float plate_w;      /* a seat's plate (and the bottom pile) */
    float plate_h;      /* a plate's height */
    float side_w;       /* the side columns */
    float top_h;        /* the top row */
    float y_top;        /* below the top bar */
    float mid_bottom;   /* above the prompt bar */
    float col_l, col_r; /* the top row's and the middle's left and right */
    int ntop;           /* seats along the top */
    TlRect bottom;      /* the viewer's zone */
} Frame;

/* spec with its players, bottom seat and card aspect made sane. */
static TlSpec clean_spec(const TlSpec *in)
{
    TlSpec spec = *in;
    spec.players =
        spec.players < 2 ? 2 : (spec.players > CEKI_MAX_SEATS ? CEKI_MAX_SEATS : spec.players);
    spec.bottom_seat = ((spec.bottom_seat % spec.players) + spec.players) % spec.players;
    if (spec.aspect <= 0.05) {
        spec.aspect = 0.4;
    }
    return spec;
}

/* The card sizes: the others' and the piles' small cards, the viewer's
 * hand cards as large as its longest hand allows. A window wider than 16:10
 * lends some of its width to taller cards (up to 15 % at 2:1 and beyond);
 * the table's other bands keep their heights. Not Pèi's: its pool lies in
 * bands a third of the middle's height each, and the height lent to the
 * hand and the seats would be taken from them (at 2560x1000 the hand grew
 * 41 % over 1280x800 and the pool 9 %). */
static void card_sizes(TableLayout *l, const Frame *f)
{
    const TlSpec *spec = &l->spec;
    float widen = spec->dealer_side ? 1.0f : clampf((f->W / f->H) / 1.6f, 1.0f, 1.15f);
    l->small_card_h = board_quantize(
        clampf(fminf(0.095f * f->H * widen, 0.12f * f->W), 24.0f, 84 * f->u * widen));
    if (!spec->hands) {
        return;
    }
    float hand_w = f->W - 2 * f->m - f->plate_w - f->plate_w - 2 * f->gap;
    int n = spec->hand_max > 1 ? spec->hand_max : 1;
    float fit = hand_w / (f->aspect * (1.0f + (float)(n - 1) * min_step(spec->aspect)));
    float want = fminf(0.22f * f->H * widen, 210 * f->u * widen);
    if (f->aspect > 0.5f) {
        want *= 0.86f; /* wide cards: a little lower */
    }
    l->hand_card_h = board_quantize(fmaxf(20.0f, fminf(want, fit)));
}

#define SIDE_MIN_W 150.0f /* design units: the least a side seat's column is */

/* The bands: the viewer's zone along the bottom and the prompt bar over
 * it, the side columns and the top row as far as seats sit there. */
static void outer_bands(TableLayout *l, Frame *f)
{
    const TlSpec *spec = &l->spec;
    int index = 0;
    bool left = false, right = false;
    for (int s = 0; s < spec->players; s++) {
        TlSide side = place_seat(spec, s, &index, &f->ntop);
        left = left || side == TL_LEFT;
        right = right || side == TL_RIGHT;
    }
    float bottom_h = spec->hands ? l->hand_card_h * 1.14f + 2 * f->gap
                                 : fmaxf(f->plate_h, l->small_card_h * 1.25f) + f->gap;
    f->bottom = rect(f->m, f->H - f->m - bottom_h, f->W - 2 * f->m, bottom_h);
    l->prompt = rect(f->m, f->bottom.y - f->gap - 42 * f->u, f->W - 2 * f->m, 42 * f->u);
    f->mid_bottom = l->prompt.y - f->gap;
    f->side_w = clampf(0.16f * f->W, SIDE_MIN_W * f->u, 270 * f->u);
    if (spec->narrow_sides) {
        f->side_w = SIDE_MIN_W * f->u;
    }
    f->side_w = fminf(f->side_w, 0.24f * f->W);
    f->top_h = f->plate_h * 0.8f + l->small_card_h * 1.1f + f->gap;
    f->col_l = left ? f->m + f->side_w + f->gap : f->m;
    f->col_r = right ? f->W - f->m - f->side_w - f->gap : f->W - f->m;
}

/* The viewer's seat: plate, fanned hand, pile at the right. */
static void seat_at_bottom(const TableLayout *l, const Frame *f, TlSeat *seat)
{
    TlRect b = f->bottom;
    seat->zone = b;
    seat->plate = rect(b.x, b.y + (b.h - f->plate_h) / 2, f->plate_w, f->plate_h);
    if (l->spec.hands) {
        seat->hand =
            rect(b.x + f->plate_w + f->gap, b.y, b.w - f->plate_w - f->plate_w - 2 * f->gap, b.h);
        seat->pile = rect(b.x + b.w - f->plate_w, b.y, f->plate_w, b.h);
    } else {
        seat->pile = rect(b.x + f->plate_w + f->gap, b.y, b.w - f->plate_w - f->gap, b.h);
    }
    seat->card_h = l->hand_card_h;
}

/* A seat in a side column: plate, hand and pile one under another. */
static void seat_at_side(const TableLayout *l, const Frame *f, TlSeat *seat)
{
    float x = seat->side == TL_LEFT ? f->m : f->W - f->m - f->side_w;
    seat->zone = rect(x, f->y_top, f->side_w, f->mid_bottom - f->y_top);
    seat->plate = rect(x, f->y_top, f->side_w, f->plate_h);
    float y = f->y_top + f->plate_h + f->gap;
    float rest = f->mid_bottom - y;
    float hand_h = l->spec.hands ? fminf(l->small_card_h * 1.15f, rest * 0.45f) : 0;
    if (l->spec.hands) {
        seat->hand = rect(x, y, f->side_w, hand_h);
        y += hand_h + f->gap;
    }
    seat->pile = rect(x, y, f->side_w, f->mid_bottom - y);
    seat->card_h = hand_h > 0 ? board_quantize(fminf(l->small_card_h, hand_h)) : 0;
}

/* The index-th seat along the top: plate over hand and pile side by side. */
static void seat_at_top(const TableLayout *l, const Frame *f, TlSeat *seat, int index)
{
    float gap = f->gap;
    float cw =
        (f->col_r - f->col_l - (float)(f->ntop - 1) * gap) / (float)(f->ntop > 0 ? f->ntop : 1);
    float x = f->col_l + (float)index * (cw + gap);
    seat->zone = rect(x, f->y_top, cw, f->top_h);
    float ph = f->plate_h * 0.8f;
    seat->plate = rect(x, f->y_top, fminf(cw, 300 * f->u), ph);
    float y = f->y_top + ph + gap * 0.5f;
    float h = f->top_h - ph - gap * 0.5f;
    if (l->spec.hands) {
        seat->hand = rect(x, y, cw * 0.5f - gap / 2, h);
        seat->pile = rect(x + cw * 0.5f + gap / 2, y, cw * 0.5f - gap / 2, h);
    } else {
        seat->pile = rect(x, y, cw, h);
    }
    seat->card_h = l->spec.hands ? board_quantize(fminf(l->small_card_h, h)) : 0;
}

/* Every seat's zones on its side. */
static void seat_zones(TableLayout *l, Frame *f)
{
    for (int s = 0; s < l->spec.players; s++) {
        TlSeat *seat = &l->seats[s];
        int index = 0;
        seat->seat = s;
        seat->side = place_seat(&l->spec, s, &index, &f->ntop);
        switch (seat->side) {
        case TL_BOTTOM: seat_at_bottom(l, f, seat); break;
        case TL_LEFT:
        case TL_RIGHT: seat_at_side(l, f, seat); break;
        case TL_TOP: seat_at_top(l, f, seat, index); break;
        default: break;
        }
    }
}

/* Kowah: stock, discard pile and a spot for a shown draw, centred in mid. */
static void middle_kowah(TableLayout *l, const Frame *f, TlRect mid, float big)
{
    float gap = f->gap, aspect = f->aspect;
    float ch = fminf(fminf(mid.h * 0.7f, big), (mid.w - 4 * gap) / (3.4f * aspect));
    float cw = ch * aspect;
    float total = 3 * cw + 2 * 1.2f * cw * 0.25f + 2 * gap;
    float x = mid.x + (mid.w - total) / 2, y = mid.y + (mid.h - ch) / 2;
    l->stock = rect(x, y, cw, ch);
    l->discard = rect(x + cw + gap + 0.3f * cw, y, cw, ch);
    l->spot = rect(l->discard.x + cw + gap + 0.3f * cw, y, cw, ch);
    l->pool = rect(0, 0, 0, 0);
    l->pool_card_h = ch;
}

/* Pèi: the pool is the square's bands; stock and spot lie in its centre. */
static void middle_pei(TableLayout *l, const Frame *f, TlRect mid, float big)
{
    float gap = f->gap, aspect = f->aspect;
    l->pool = mid;
    TlRect bands[TL_SIDES], centre;
    table_layout_pei_bands(l, bands, &centre);
    float ch = fminf(centre.h - 2 * gap, (centre.w - 3 * gap) / (3.4f * aspect));
    ch = fminf(ch, l->small_card_h * 1.4f);
    float cw = ch * aspect;
    float cx = centre.x + centre.w / 2, cy = centre.y + centre.h / 2;
    l->stock = rect(cx - cw / 2, cy - ch / 2, cw, ch);
    l->spot = rect(cx + cw / 2 + cw * 0.6f + gap, cy - ch / 2, cw, ch);
    l->pool_card_h = fminf(big * 0.8f, fmaxf(bands[TL_BOTTOM].h, bands[TL_LEFT].w / aspect));
}

/* The stock (or the set-aside cards) and the spot in a column at the left
 * of the pool. */
static void middle_pool(TableLayout *l, const Frame *f, TlRect mid, float big)
{
    float gap = f->gap, aspect = f->aspect;
    float ch = fminf(fminf(l->small_card_h * 1.25f, (mid.h - 3 * gap) / 2.2f),
                     big > 0 ? big * 0.8f : 1e9f);
    float cw = ch * aspect;
    float colw = cw * 1.25f + gap;
    float cy = mid.y + mid.h / 2;
    if (l->spec.stock) {
        l->stock = rect(mid.x + gap / 2, cy - ch - gap * 1.5f, cw, ch);
        l->spot = rect(mid.x + gap / 2, cy + gap * 1.5f, cw, ch);
    } else {
        l->stock = rect(0, 0, 0, 0);
        l->spot = rect(mid.x + gap / 2, cy - ch / 2, cw, ch);
    }
    l->pool = rect(mid.x + colw + gap, mid.y, mid.w - colw - gap, mid.h);
    l->pool_card_h = l->spec.hands ? fminf(big, l->pool.h) : fminf(0.36f * l->pool.h, 200 * f->u);
}

/* The top bar and the card sizes first, then the bands round the table,
 * the seats in them and the middle between. */
void table_layout_compute(const TlSpec *in, TableLayout *out)
{
    TableLayout l = {0};
    l.spec = clean_spec(in);
    const TlSpec *spec = &l.spec;
    Frame f = {.W = spec->width, .H = spec->height, .aspect = (float)spec->aspect};
    f.u = spec->unit > 0.05f ? spec->unit : 1.0f;
    f.m = fmaxf(3.0f, 10.0f * f.u);
    f.gap = fmaxf(2.0f, 8.0f * f.u);
    l.top_bar = rect(f.m, f.m, f.W - 2 * f.m, 40 * f.u);
    float bw = fminf(600 * f.u, (f.W - 2 * f.m) * 0.6f);
    l.buttons = rect(l.top_bar.x + l.top_bar.w - bw, l.top_bar.y, bw, l.top_bar.h);
    f.y_top = l.top_bar.y + l.top_bar.h + f.gap;
    f.plate_w = clampf(0.15f * f.W, 150 * f.u, 230 * f.u);
    f.plate_h = 58 * f.u;
    card_sizes(&l, &f);
    outer_bands(&l, &f);
    seat_zones(&l, &f);
    /* The middle: pool, stock, spot. */
    float top_y1 = f.ntop > 0 ? f.y_top + f.top_h + f.gap : f.y_top;
    TlRect mid = rect(f.col_l, top_y1, f.col_r - f.col_l, f.mid_bottom - top_y1);
    float big = spec->hands ? l.hand_card_h : 0.3f * mid.h;
    if (spec->discard) {
        middle_kowah(&l, &f, mid, big);
    } else if (spec->dealer_side) {
        middle_pei(&l, &f, mid, big);
    } else {
        middle_pool(&l, &f, mid, big);
    }
    *out = l;
}

TlSide table_layout_dealer_side(const TableLayout *l)
{
    for (int s = 0; s < l->spec.players && s < CEKI_MAX_SEATS; s++) {
        if (l->seats[s].side == TL_LEFT) {
            return TL_RIGHT;
        }
    }
    return TL_LEFT;
}

/* The side bands' share of the pool's width: a band down a side holds its
 * ranks in rows, one above another, so one of two ranks needs less width
 * than one of three; the bands across (their ranks in one row) get the rest. */
#define PEI_SIDE_BAND_SHARE 0.2f
#define PEI_SIDE_BAND_SHARE_TWO 0.14f

static float side_band_share(const TableLayout *l, TlSide side)
{
    return l->spec.band_ranks[side] == 2 ? PEI_SIDE_BAND_SHARE_TWO : PEI_SIDE_BAND_SHARE;
}

void table_layout_pei_bands(const TableLayout *l, TlRect bands[TL_SIDES], TlRect *centre)
{
    TlRect p = l->pool;
    float gap = fmaxf(2.0f, 6.0f * l->spec.unit);
    float bh = p.h * 0.33f;
    float lw = p.w * side_band_share(l, TL_LEFT), rw = p.w * side_band_share(l, TL_RIGHT);
    float across = p.w - lw - rw - 2 * gap, x = p.x + lw + gap;
    bands[TL_BOTTOM] = rect(x, p.y + p.h - bh, across, bh);
    bands[TL_TOP] = rect(x, p.y, across, bh);
    bands[TL_LEFT] = rect(p.x, p.y, lw, p.h);
    bands[TL_RIGHT] = rect(p.x + p.w - rw, p.y, rw, p.h);
    *centre = rect(x, p.y + bh + gap, across, p.h - 2 * (bh + gap));
}

/* ---- what the players' table and the spectator's screen share ------------- */

/* Most cards a hand holds: the deal, and Kowah's drawn card. */
static int spec_hand_max(const VariantDesc *v, int players)
{
    int n = variant_hand_size(v, players);
    if (v->engine == ENGINE_KOWAH) {
        n += 1;
    }
    return n > 0 ? n : 1;
}

TlSpec table_layout_spec_of(const VariantDesc *v, int players, float width, float height,
                            float unit, double aspect)
{
    TlSpec spec = {
        .width = width,
        .height = height,
        .unit = unit,
        .players = players,
        .clockwise = v->clockwise,
        .dealer_side = v->start == START_PEI,
        .aspect = aspect,
        .hands = v->hand > 0,
        .stock = v->turn != TURN_HAND_ONLY,
        .discard = v->engine == ENGINE_KOWAH,
        .hand_max = spec_hand_max(v, players),
    };
    return spec;
}

void table_layout_band_ranks(const TlSpec *spec, const GameRole *role, int out[TL_SIDES])
{
    memset(out, 0, sizeof(int) * TL_SIDES);
    if (!spec->dealer_side) {
        return;
    }
    bool known = false, taken[TL_SIDES] = {false};
    for (int s = 0; s < spec->players && s < CEKI_MAX_SEATS; s++) {
        TlSide side = table_layout_side_of(spec, s);
        taken[side] = true;
        int ranks[3];
        if (role[s] != ROLE_NONE && side < TL_SIDES) {
            out[side] = pei_pool_ranks(role[s], ranks);
            known = true;
        }
    }
    for (int side = TL_RIGHT; known && side < TL_SIDES; side += 2) {
        int ranks[3];
        out[side] = taken[side] ? out[side] : pei_pool_ranks(ROLE_DEALER, ranks); /* the dealer's */
    }
}
