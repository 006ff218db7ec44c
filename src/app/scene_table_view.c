/* scene_table_view.c — what the table shows: card sprites moved by the
 * game's events, and kept in step with the viewer's Observation.
 *
 * Each card in a hand, the pool, the spot or in flight is a sprite with a
 * place it is going to (from the layout, view_place) and a tween from
 * where it was. Events play one after another (view_advance): each moves
 * sprites between zones and waits a beat before the next. Piles, the stock
 * and the discard pile are counted, not sprites: a card flying there is
 * absorbed when it lands. Once every event is shown, view_sync compares the
 * sprites with the Observation and mends any difference (after an undo, a
 * change of viewer, a screenshot's moves), matching cards by kind so that
 * nothing jumps that need not.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_names.h"
#include "kowah.h"
#include "pei.h"
#include "scene_table.h"

#define EV_COLLECT 200 /* internal: the two cards of a capture go to a pile */

/* ---- sprites ---------------------------------------------------------- */

SDL_Rect view_rect(const Sprite *s)
{
    SDL_Rect r = {(int)lroundf(s->x), (int)lroundf(s->y), (int)lroundf(s->w), (int)lroundf(s->h)};
    return r;
}

/* "You takes" -> "You take": the sentences name a seat in the third person. */
static void second_person(char *line, size_t size)
{
    if (strncmp(line, "You ", 4) != 0) {
        return;
    }
    char *verb = line + 4;
    if (strncmp(verb, "is ", 3) == 0 && strlen(line) + 2 < size) {
        memmove(verb + 4, verb + 3, strlen(verb + 3) + 1); /* "is " -> "are " */
        memcpy(verb, "are ", 4);
        return;
    }
    char *end = strchr(verb, ' ');
    if (end != NULL && end > verb && end[-1] == 's') {
        memmove(end - 1, end, strlen(end) + 1);
    }
    char *also = strstr(line, " and wins");
    if (also != NULL) {
        memmove(also + 8, also + 9, strlen(also + 9) + 1);
    }
}

void view_log(TableState *t, const char *fmt, ...)
{
    TableView *v = &t->view;
    memmove(v->log[1], v->log[0], sizeof v->log[0] * 3);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->log[0], sizeof v->log[0], fmt, ap);
    va_end(ap);
    if (strcmp(i18n_shown(), "en") == 0) {
        second_person(v->log[0], sizeof v->log[0]); /* other languages have no such ending */
    }
}

void view_reset(TableState *t)
{
    int viewer = t->view.viewer;
    memset(&t->view, 0, sizeof t->view);
    t->view.viewer = viewer;
    t->view.dealer = -1;
    t->view.shown_by = -1;
    t->view.cut_winner = -1;
    t->view.stock_last_public = CARD_NONE;
    t->view.peek = CARD_NONE;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        t->view.exposed[s] = CARD_NONE;
        t->view.cut[s] = CARD_NONE;
    }
    t->evq_n = 0;
    t->evq_head = 0;
}

static int sprite_new(TableState *t, Card card, TvZone zone, int seat, TlRect at, bool shown)
{
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (!s->used) {
            *s = (Sprite){.used = true,
                          .card = card,
                          .zone = (uint8_t)zone,
                          .seat = (int8_t)seat,
                          .shown = shown && card != CARD_NONE,
                          .order = t->view.next_order++,
                          .partner = -1,
                          .x = at.x,
                          .y = at.y,
                          .w = at.w,
                          .h = at.h};
            s->fx = s->tx = at.x;
            s->fy = s->ty = at.y;
            s->fw = s->tw = at.w;
            s->fh = s->th = at.h;
            return i;
        }
    }
    return -1;
}

static void sprite_free(TableState *t, int i)
{
    if (i < 0) {
        return;
    }
    t->view.sprites[i].used = false;
    if (t->selected == i) {
        t->selected = -1;
    }
    if (t->drag_sprite == i) {
        t->drag_sprite = -1;
        t->drag = DRAG_IDLE;
    }
    if (t->hover_sprite == i) {
        t->hover_sprite = -1;
    }
}

static float card_aspect(const TableState *t)
{
    return (float)t->layout.spec.aspect;
}

/* A card-sized rect centred in r, of height h. */
static TlRect centred(TlRect r, float h, float aspect)
{
    TlRect c = {r.x + (r.w - h * aspect) / 2, r.y + (r.h - h) / 2, h * aspect, h};
    return c;
}

/* Where undealt cards come from. */
static TlRect deck_rect(const TableState *t)
{
    const TableLayout *l = &t->layout;
    if (!tl_empty(l->stock)) {
        return l->stock;
    }
    return l->spot;
}

/* ---- display orders ------------------------------------------------------ */

typedef int (*SpriteCmp)(const TableState *t, int a, int b);

/* A stable merge sort of sprite ids with the table at hand (qsort has no
 * context argument, and the table keeps no globals). */
static void sort_ids(const TableState *t, int *ids, int n, SpriteCmp cmp)
{
    int tmp[TV_MAX_SPRITES];
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                tmp[k++] = cmp(t, ids[j], ids[i]) < 0 ? ids[j++] : ids[i++];
            }
            while (i < mid) {
                tmp[k++] = ids[i++];
            }
            while (j < hi) {
                tmp[k++] = ids[j++];
            }
        }
        memcpy(ids, tmp, sizeof *ids * (size_t)n);
    }
}

static int cmp_card_order(const TableState *t, int a, int b)
{
    const Sprite *x = &t->view.sprites[a];
    const Sprite *y = &t->view.sprites[b];
    if (x->card != y->card) {
        return (int)x->card - (int)y->card;
    }
    return x->order - y->order;
}

static int cmp_order(const TableState *t, int a, int b)
{
    const Sprite *x = &t->view.sprites[a];
    const Sprite *y = &t->view.sprites[b];
    if (x->exposed != y->exposed) {
        return x->exposed ? -1 : 1;
    }
    return x->order - y->order;
}

int view_hand_order(const TableState *t, int seat, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < TV_MAX_SPRITES && n < cap; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_HAND && s->seat == seat) {
            out[n++] = i;
        }
    }
    sort_ids(t, out, n, seat == t->view.viewer ? cmp_card_order : cmp_order);
    return n;
}

/* Pèi: the side of the table (as seen) a pool card of this rank lies on. */
static TlSide pei_side(const TableState *t, int rank)
{
    GameRole role = pei_pool_side(rank);
    if (role == ROLE_DEALER) {
        return t->layout.dealer.x < t->layout.pool.x ? TL_LEFT : TL_RIGHT;
    }
    for (int s = 0; s < t->players; s++) {
        if (t->view.role[s] == role) {
            return t->layout.seats[s].side;
        }
    }
    return TL_BOTTOM;
}

/* The group key of a pool card: rank, and for Pèi the side first. */
static int pool_key(const TableState *t, Card c)
{
    int rank = card_rank(c);
    if (t->v->start == START_PEI) {
        GameRole role = pei_pool_side(rank);
        int ranks[3];
        int n = pei_pool_ranks(role, ranks);
        int at = 0;
        for (int i = 0; i < n; i++) {
            at = ranks[i] == rank ? i : at;
        }
        return (int)pei_side(t, rank) * 16 + at;
    }
    return rank;
}

static int cmp_pool(const TableState *t, int a, int b)
{
    const Sprite *x = &t->view.sprites[a];
    const Sprite *y = &t->view.sprites[b];
    int kx = pool_key(t, x->card), ky = pool_key(t, y->card);
    if (kx != ky) {
        return kx - ky;
    }
    if (x->card != y->card) {
        return (int)x->card - (int)y->card;
    }
    return x->order - y->order;
}

int view_pool_order(const TableState *t, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < TV_MAX_SPRITES && n < cap; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_POOL) {
            out[n++] = i;
        }
    }
    sort_ids(t, out, n, cmp_pool);
    return n;
}

int view_spot_sprites(const TableState *t, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < TV_MAX_SPRITES && n < cap; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_SPOT) {
            out[n++] = i;
        }
    }
    sort_ids(t, out, n, cmp_order);
    return n;
}

/* ---- placing -------------------------------------------------------------- */

/* A card that was seen going into a hidden hand turns face down there. */
static void arrive(Sprite *s)
{
    if (s->hide && s->zone == TZ_HAND) {
        s->card = CARD_NONE;
        s->shown = false;
        s->hide = false;
    }
}

static void set_target(TableState *t, int i, TlRect r, double dur)
{
    Sprite *s = &t->view.sprites[i];
    if (t->drag == DRAG_DRAGGING && t->drag_sprite == i) {
        s->tx = r.x;
        s->ty = r.y;
        s->tw = r.w;
        s->th = r.h;
        s->w = r.w;
        s->h = r.h;
        return;
    }
    if (fabsf(s->tx - r.x) < 0.5f && fabsf(s->ty - r.y) < 0.5f && fabsf(s->tw - r.w) < 0.5f &&
        fabsf(s->th - r.h) < 0.5f) {
        return;
    }
    s->fx = s->x;
    s->fy = s->y;
    s->fw = s->w;
    s->fh = s->h;
    s->tx = r.x;
    s->ty = r.y;
    s->tw = r.w;
    s->th = r.h;
    s->t = 0;
    s->dur = dur;
    if (dur <= 0) {
        s->x = r.x;
        s->y = r.y;
        s->w = r.w;
        s->h = r.h;
        s->moving = false;
        arrive(s);
    } else {
        s->moving = true;
    }
}

static float peek_of(const TableState *t, bool rows)
{
    bool ceki = card_aspect(t) < 0.5f;
    if (rows) {
        return ceki ? 0.34f : 0.26f;
    }
    return ceki ? 0.2f : 0.27f;
}

/* Lays out pool sprites ids[0..n) (already in display order) in area. */
static void place_groups(TableState *t, TlRect area, const int *ids, int n, bool rows, float max_h,
                         double dur, int slot)
{
    if (n <= 0) {
        return;
    }
    int sizes[64];
    int ng = 0;
    int last = -1;
    for (int i = 0; i < n; i++) {
        int key = pool_key(t, t->view.sprites[ids[i]].card);
        if (i == 0 || key != last) {
            if (ng == 64) {
                break;
            }
            sizes[ng++] = 0;
            last = key;
        }
        sizes[ng - 1]++;
    }
    TlRect *rects = malloc(sizeof *rects * (size_t)n);
    if (rects == NULL) {
        return;
    }
    TlGroups g = {.aspect = card_aspect(t),
                  .max_h = max_h,
                  .min_h = fmaxf(18.0f, 30.0f * t->layout.spec.unit),
                  .peek = peek_of(t, rows),
                  .gap = fmaxf(3.0f, max_h * card_aspect(t) * 0.16f),
                  .rows = rows,
                  .centre = true};
    /* The cards keep their size while the pool changes a little: smaller
     * when they must be, larger only by a clear step (each size of a face
     * is a picture to make, and cards that breathe are restless). */
    float *kept = &t->view.pool_h[slot];
    float h = table_layout_groups(area, &g, sizes, ng, rects);
    if (*kept > 0 && h > *kept && h < *kept * 1.1f) {
        g.max_h = *kept;
        h = table_layout_groups(area, &g, sizes, ng, rects);
    }
    *kept = h;
    for (int i = 0; i < n; i++) {
        set_target(t, ids[i], rects[i], dur);
    }
    free(rects);
}

static void place_pool(TableState *t, double dur)
{
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES);
    const TableLayout *l = &t->layout;
    if (t->v->start != START_PEI) {
        place_groups(t, l->pool, ids, n, false, l->pool_card_h, dur, TL_SIDES);
        return;
    }
    TlRect bands[TL_SIDES], centre;
    table_layout_pei_bands(l, bands, &centre);
    int at = 0;
    for (int side = 0; side < TL_SIDES; side++) {
        int start = at;
        while (at < n && pool_key(t, t->view.sprites[ids[at]].card) / 16 == side) {
            at++;
        }
        bool rows = side == TL_LEFT || side == TL_RIGHT;
        TlRect area = bands[side];
        float u = t->layout.spec.unit;
        if (rows) {
            area.y += 18 * u; /* room for the band's label */
            area.h -= 18 * u;
        } else {
            area.x += 70 * u;
            area.w -= 70 * u;
        }
        float max_h = rows ? fminf(l->pool_card_h, area.w * 0.5f / card_aspect(t))
                           : fminf(l->pool_card_h, area.h);
        place_groups(t, area, ids + start, at - start, rows, max_h, dur, side);
    }
}

static void place_hands(TableState *t, double dur)
{
    const TableLayout *l = &t->layout;
    float aspect = card_aspect(t);
    for (int seat = 0; seat < t->players; seat++) {
        int ids[TV_MAX_SPRITES];
        int n = view_hand_order(t, seat, ids, TV_MAX_SPRITES);
        const TlSeat *z = &l->seats[seat];
        if (seat == t->view.viewer) {
            for (int i = 0; i < n; i++) {
                TlRect r = table_layout_row(z->hand, aspect, z->card_h, n, i, 1.04f, true);
                const Sprite *s = &t->view.sprites[ids[i]];
                if (ids[i] == t->selected) {
                    r.y -= z->card_h * 0.14f;
                } else if (s->exposed) {
                    r.y -= z->card_h * 0.05f;
                }
                set_target(t, ids[i], r, dur);
            }
        } else {
            float h = z->card_h > 0 ? z->card_h : l->small_card_h;
            TlRect area = z->hand;
            if (tl_empty(area)) {
                area = z->plate;
            }
            /* Kowah: a declared pair lies face up apart from the hidden
             * cards, where the captured pile would be. */
            int nexp = 0;
            for (int i = 0; i < n; i++) {
                nexp += t->view.sprites[ids[i]].exposed;
            }
            bool apart = nexp > 0 && !tl_empty(z->pile);
            float ph = table_layout_quantize(fminf(l->small_card_h, z->pile.h * 0.9f));
            for (int i = 0, back = 0, shown = 0; i < n; i++) {
                TlRect r;
                if (apart && t->view.sprites[ids[i]].exposed) {
                    r = table_layout_row(z->pile, aspect, ph, nexp, shown++, 1.06f, false);
                } else {
                    r = table_layout_row(area, aspect, h, apart ? n - nexp : n, back++, 0.22f,
                                         false);
                }
                set_target(t, ids[i], r, dur);
            }
        }
    }
}

static TlRect pile_target(const TableState *t, int seat)
{
    const TlSeat *z = &t->layout.seats[seat];
    return centred(z->pile, fminf(t->layout.small_card_h, z->pile.h), card_aspect(t));
}

void view_place(App *app, TableState *t)
{
    double dur = table_beat(app);
    float aspect = card_aspect(t);
    place_pool(t, dur);
    place_hands(t, dur);
    int ids[16];
    int n = view_spot_sprites(t, ids, 16);
    const TlRect spot = t->layout.spot;
    for (int i = 0; i < n; i++) {
        TlRect r = spot;
        r.x += (float)i * spot.w * 0.3f;
        r.y += (float)i * spot.h * 0.12f;
        set_target(t, ids[i], r, dur);
    }
    int cer = 0;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (!s->used) {
            continue;
        }
        if (s->zone == TZ_MEET && s->partner >= 0) {
            const Sprite *p = &t->view.sprites[s->partner];
            TlRect r = {p->tx + p->tw * 0.22f, p->ty + p->th * 0.16f, p->tw, p->th};
            set_target(t, i, r, dur);
        } else if (s->zone == TZ_FLY) {
            TlRect to;
            float h = t->layout.small_card_h;
            switch (s->land) {
            case LAND_PILE: to = pile_target(t, s->seat); break;
            case LAND_DISCARD: to = t->layout.discard; break;
            case LAND_TROPHY: to = centred(t->layout.seats[s->seat].plate, h * 0.6f, aspect); break;
            default: to = centred(deck_rect(t), h, aspect); break;
            }
            set_target(t, i, to, dur);
        } else if (s->zone == TZ_CEREMONY) {
            const TlSeat *z = &t->layout.seats[s->seat];
            TlRect area = tl_empty(z->hand) ? z->pile : z->hand;
            int k = 0;
            for (int j = 0; j < i; j++) {
                const Sprite *o = &t->view.sprites[j];
                k += o->used && o->zone == TZ_CEREMONY && o->seat == s->seat;
            }
            TlRect r = centred(area, fminf(t->layout.small_card_h, area.h), aspect);
            r.x += (float)(k % 4) * r.w * 0.55f - r.w * 0.3f;
            set_target(t, i, r, dur);
            cer++;
        }
    }
    (void)cer;
}

/* ---- events ---------------------------------------------------------------- */

void view_take_events(TableState *t)
{
    GameEvent buf[256];
    for (;;) {
        int room = (int)(sizeof t->evq / sizeof t->evq[0]) - t->evq_n;
        int cap = room < 256 ? room : 256;
        if (cap <= 0) {
            break;
        }
        int n = session_take_events(t->session, buf, cap);
        if (n <= 0) {
            break;
        }
        for (int i = 0; i < n; i++) {
            int at = (t->evq_head + t->evq_n) % (int)(sizeof t->evq / sizeof t->evq[0]);
            t->evq[at] = buf[i];
            t->evq_n++;
        }
        t->synced = false;
    }
}

static void push_front(TableState *t, GameEvent e)
{
    int cap = (int)(sizeof t->evq / sizeof t->evq[0]);
    if (t->evq_n >= cap) {
        return;
    }
    t->evq_head = (t->evq_head + cap - 1) % cap;
    t->evq[t->evq_head] = e;
    t->evq_n++;
}

/* A sprite in seat's hand: of kind c when given (or, for a hidden hand, any
 * card not exposed), preferring the middle of the hand. */
static int find_hand(TableState *t, int seat, Card c, bool allow_exposed)
{
    int ids[TV_MAX_SPRITES];
    int n = view_hand_order(t, seat, ids, TV_MAX_SPRITES);
    int best = -1;
    for (int k = 0; k < n; k++) {
        int i = ids[(k + n / 2) % n];
        const Sprite *s = &t->view.sprites[i];
        if (s->card == c && c != CARD_NONE && (allow_exposed || !s->exposed)) {
            return i;
        }
        if (best < 0 && s->card == CARD_NONE && !s->exposed) {
            best = i;
        }
    }
    return best;
}

static int find_zone(TableState *t, TvZone zone, Card c)
{
    int any = -1;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (!s->used || s->zone != zone) {
            continue;
        }
        if (s->card == c) {
            return i;
        }
        if (any < 0) {
            any = i;
        }
    }
    return c == CARD_NONE ? any : -1;
}

static void fly(TableState *t, int i, TvLand land, int seat)
{
    if (i < 0) {
        return;
    }
    Sprite *s = &t->view.sprites[i];
    s->zone = TZ_FLY;
    s->land = (uint8_t)land;
    s->seat = (int8_t)seat;
    s->partner = -1;
    if (t->selected == i) {
        t->selected = -1;
    }
}

/* Everything on the table goes back to the deck (a new round). */
static void clear_table(TableState *t)
{
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone != TZ_CEREMONY) {
            fly(t, i, LAND_VANISH, 0);
        }
    }
    TableView *v = &t->view;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        v->pile_n[s] = 0;
        v->forfeited[s] = false;
        v->exposed[s] = CARD_NONE;
        v->peeked[s] = false;
        v->cut[s] = CARD_NONE;
        v->round_score[s] = 0;
        v->sitting_out[s] = false;
    }
    v->discard_n = 0;
    v->shown_by = -1;
    v->stock_last_public = CARD_NONE;
    v->peek = CARD_NONE;
    v->dice_shown = false;
    v->packets_shown = false;
    v->round_scored = false;
    v->aside = 0;
}

static void clear_ceremony(TableState *t)
{
    t->view.cut_winner = -1;
    memset(t->view.ceremony_draws, 0, sizeof t->view.ceremony_draws);
    memset(t->view.ceremony_cards, 0, sizeof t->view.ceremony_cards);
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_CEREMONY) {
            fly(t, i, LAND_VANISH, 0);
        }
    }
}

static const char *role_name(int role)
{
    switch (role) {
    case ROLE_RAJA: return "raja";
    case ROLE_PATIH: return "patih";
    case ROLE_UNYIK: return "unyik";
    case ROLE_DEALER: return _("dealer");
    default: return "";
    }
}

static void name_of(const TableState *t, int seat, char *buf, size_t size)
{
    table_seat_name(t, seat, buf, size);
    /* "Seat 2 · greedy" reads long in a sentence: keep the first part. */
    char *dot = strstr(buf, " \xc2\xb7");
    if (dot != NULL) {
        *dot = '\0';
    }
}

/* Kowah: a shown draw waiting in the spot goes into its drawer's hand. */
static void settle_spot(TableState *t)
{
    t->view.shown_by = -1;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_SPOT) {
            s->zone = TZ_HAND;
            if (s->seat != t->view.viewer) {
                s->card = CARD_NONE;
                s->shown = false;
            }
        }
    }
}

/* A number rising from a seat's plate (only when cards move at all). */
static void pop(TableState *t, int seat, bool gain, const char *fmt, int value)
{
    TableView *v = &t->view;
    if (seat < 0 || seat >= t->players || !t->animated) {
        return;
    }
    if (v->npops == 16) {
        memmove(&v->pops[0], &v->pops[1], sizeof v->pops[0] * 15);
        v->npops--;
    }
    v->pops[v->npops].seat = seat;
    v->pops[v->npops].gain = gain;
    v->pops[v->npops].t = 0;
    snprintf(v->pops[v->npops].text, sizeof v->pops[0].text, fmt, value);
    v->npops++;
}

/* What a seat's draw (a two-card sum, a cut card's rank) counted. */
static void note_draw(TableView *v, int seat, int value)
{
    int *n = &v->ceremony_draws[seat];
    if (*n == TV_MAX_DRAWS) {
        memmove(&v->ceremony_value[seat][0], &v->ceremony_value[seat][1],
                sizeof v->ceremony_value[seat][0] * (TV_MAX_DRAWS - 1));
        --*n;
    }
    v->ceremony_value[seat][(*n)++] = value;
}

/* Applies one event to the view; returns its length in beats. */
static double apply_event(TableState *t, const GameEvent *e)
{
    TableView *v = &t->view;
    const TableLayout *l = &t->layout;
    float aspect = card_aspect(t);
    char who[48] = "", kind[48] = "", kind2[48] = "";
    if (e->seat >= 0 && e->seat < t->players) {
        name_of(t, e->seat, who, sizeof who);
    }
    if (e->type == EV_DEAL_STOCK || e->type == EV_PLAYED || e->type == EV_TURNED ||
        e->type == EV_DRAWN) {
        /* Play begins (games without a dealt hand or pool never deal one):
         * the cards drawn to choose the starter have gone back. */
        clear_ceremony(t);
    }
    if (e->type != EV_DICE && e->type != EV_PACKET && e->type != EV_STAKE_PAID &&
        e->type != EV_COLLECT) {
        table_card_label(t, e->card, kind, sizeof kind);
        table_card_label(t, e->card2, kind2, sizeof kind2);
    }
    double deal = t->deal_left > 60 ? 0.03 : 0.12;
    switch (e->type) {
    case EV_ROUND_START: {
        clear_table(t);
        v->round = e->value;
        v->dealer = e->seat;
        v->deck = variant_deck_size(t->v, t->players);
        v->stock = v->deck;
        t->deal_left = 0;
        for (int k = 0; k < t->evq_n; k++) {
            const GameEvent *n = &t->evq[(t->evq_head + k) % 4096];
            t->deal_left += n->type == EV_DEAL_HAND || n->type == EV_DEAL_POOL;
        }
        view_log(t, t->v->engine == ENGINE_KOWAH ? _("Hand %d.") : _("Round %d."), e->value);
        return 1.0;
    }
    case EV_CEREMONY_CARD: {
        TlRect at = centred(deck_rect(t), l->small_card_h, aspect);
        sprite_new(t, e->card, TZ_CEREMONY, e->seat, at, true);
        /* A two-card draw counts once both cards are down. */
        if (e->seat >= 0 && ++v->ceremony_cards[e->seat] % 2 == 0) {
            note_draw(v, e->seat, e->value);
        }
        view_log(t, _("%s draws %s."), who, kind);
        return 0.6;
    }
    case EV_SEATING:
        v->reversed = e->value < 0;
        view_log(t, v->reversed ? _("The players change seats: play runs raja, patih, unyik.")
                                : _("Play runs raja, patih, unyik: nobody moves."));
        return 1.2;
    case EV_SIT_OUT:
        if (e->seat >= 0) {
            v->sitting_out[e->seat] = true;
        }
        view_log(t, _("%s sits this hand out: not tied for the lead."), who);
        return 0.6;
    case EV_ROLE:
        if (e->seat >= 0 && e->seat < CEKI_MAX_SEATS) {
            if (e->value == ROLE_DEALER) {
                v->dealer = e->seat;
            } else {
                v->role[e->seat] = (GameRole)e->value;
                view_log(t, _("%s is %s."), who, role_name(e->value));
            }
        }
        return 0.3;
    case EV_DEAL_HAND:
    case EV_DEAL_POOL: {
        clear_ceremony(t);
        TlRect at = deck_rect(t);
        if (e->type == EV_DEAL_HAND) {
            bool mine = e->seat == v->viewer;
            sprite_new(t, mine ? e->card : CARD_NONE, TZ_HAND, e->seat, at, mine);
        } else {
            sprite_new(t, e->card, TZ_POOL, -1, at, true);
        }
        if (v->deck > 0) {
            v->deck--;
            v->stock = v->deck;
        } else if (v->stock > 0) {
            v->stock--; /* Kings: a card turned to replace a pair taken at the deal */
        }
        if (t->deal_left > 0) {
            t->deal_left--;
        }
        return deal;
    }
    case EV_DEAL_STOCK:
        v->stock = e->value;
        v->deck = 0;
        return 0.2;
    case EV_SET_ASIDE:
        v->aside = e->value;
        v->stock = 0;
        v->deck = 0;
        return 0.2;
    case EV_PLAYED: {
        v->dice_shown = false; /* the deal is over: the packets leave the table */
        v->packets_shown = false;
        int i = find_hand(t, e->seat, e->card, true);
        if (i < 0) {
            i = sprite_new(t, e->card, TZ_SPOT, e->seat, l->seats[e->seat].hand, true);
        }
        if (i >= 0) {
            Sprite *s = &v->sprites[i];
            s->card = e->card;
            s->shown = true;
            s->zone = TZ_SPOT;
            s->seat = e->seat;
            if (t->selected == i) {
                t->selected = -1;
            }
        }
        return e->seat == v->viewer ? 0.4 : 1.0;
    }
    case EV_TURNED: {
        TlRect at = l->stock;
        if (t->v->start == START_PEI) {
            at.y += at.h * 0.45f; /* Pèi draws from the bottom of the stock */
        }
        if (v->stock > 0) {
            v->stock--;
        }
        if (e->card == v->stock_last_public && v->stock == 0) {
            v->stock_last_public = CARD_NONE;
        }
        bool kings = t->v->turn == TURN_KINGS;
        sprite_new(t, e->card, kings ? TZ_POOL : TZ_SPOT, e->seat, at, true);
        view_log(t, _("%s turns %s."), who, kind);
        return kings ? 0.6 : 0.9;
    }
    case EV_CAPTURED:
    case EV_PAIR_TAKEN: {
        int a = e->type == EV_CAPTURED ? find_zone(t, TZ_SPOT, e->card) : -1;
        if (e->type == EV_CAPTURED && a < 0) {
            a = find_zone(t, TZ_SPOT, CARD_NONE);
        }
        if (e->type == EV_PAIR_TAKEN) {
            a = find_zone(t, TZ_POOL, e->card);
        }
        if (a >= 0) {
            v->sprites[a].zone = TZ_NONE; /* out of the pool while its partner is found */
        }
        int b = find_zone(t, TZ_POOL, e->card2);
        if (a < 0) {
            a = sprite_new(t, e->card, TZ_NONE, e->seat, l->spot, true);
        }
        if (b < 0) {
            b = sprite_new(t, e->card2, TZ_POOL, -1, l->spot, true);
        }
        if (a >= 0) {
            v->sprites[a].zone = TZ_MEET;
            v->sprites[a].partner = b;
        }
        GameEvent c = {.type = EV_COLLECT, .seat = e->seat, .value = a * 1000 + b};
        push_front(t, c);
        if (e->type == EV_CAPTURED) {
            view_log(t, _("%s takes %s with %s."), who, kind2, kind);
        } else {
            view_log(t, _("%s takes the pair %s and %s."), who, kind, kind2);
        }
        return 0.8;
    }
    case EV_COLLECT: {
        int a = e->value / 1000, b = e->value % 1000;
        if (a >= 0 && a < TV_MAX_SPRITES && v->sprites[a].used) {
            fly(t, a, LAND_PILE, e->seat);
        }
        if (b >= 0 && b < TV_MAX_SPRITES && v->sprites[b].used) {
            fly(t, b, LAND_PILE, e->seat);
        }
        return 0.5;
    }
    case EV_TRAILED: {
        int i = find_zone(t, TZ_SPOT, e->card);
        if (i < 0) {
            i = sprite_new(t, e->card, TZ_POOL, -1, l->spot, true);
        }
        if (i >= 0) {
            v->sprites[i].zone = TZ_POOL;
        }
        view_log(t, _("%s lays %s in the pool."), who, kind);
        return 0.7;
    }
    case EV_FORFEIT:
        if (e->seat >= 0) {
            v->forfeited[e->seat] = true;
        }
        view_log(t, _("%s forfeits the win of this round."), who);
        return 1.0;
    case EV_ROUND_SCORED:
        if (e->seat >= 0) {
            v->round_score[e->seat] = e->value;
        }
        v->round_scored = true;
        if (t->v->match_kind != MATCHKIND_KINGS && t->v->match_kind != MATCHKIND_HANDS_WON) {
            pop(t, e->seat, true, "+%d", e->value);
        }
        return 0.5;
    case EV_ROUND_WON: view_log(t, _("%s wins the round."), who); return 0.6;
    case EV_KING_WON: {
        TlRect at = centred(l->pool, l->small_card_h, aspect);
        int i = sprite_new(t, e->card, TZ_NONE, e->seat, at, true);
        fly(t, i, LAND_TROPHY, e->seat);
        view_log(t, _("%s wins a King."), who);
        return 1.2;
    }
    case EV_CUT:
        if (e->seat >= 0) {
            if (v->cut_winner >= 0) { /* a new cut after one was decided */
                clear_ceremony(t);
            }
            v->cut[e->seat] = e->card;
            note_draw(v, e->seat, e->value);
            sprite_new(t, e->card, TZ_CEREMONY, e->seat,
                       centred(deck_rect(t), l->small_card_h, aspect), true);
        }
        view_log(t, _("Tie: %s cuts %s."), who, kind);
        return 0.8;
    case EV_CUT_WON:
        v->cut_winner = e->seat;
        v->cut_for_match = e->value != 0;
        view_log(
            t, e->value ? _("%s wins the cut, and the match.") : _("%s wins the cut for the King."),
            who);
        return 1.6;
    case EV_MATCH_OVER: view_log(t, _("The match is over.")); return 1.0;
    case EV_STAKE_PAID: {
        char payer[48], payee[48];
        snprintf(payer, sizeof payer, "%s", _("The pot"));
        snprintf(payee, sizeof payee, "%s", _("the pot"));
        if (e->seat >= 0) {
            name_of(t, e->seat, payer, sizeof payer);
        }
        if (e->card2 != CARD_NONE && e->card2 < CEKI_MAX_SEATS) {
            name_of(t, e->card2, payee, sizeof payee);
        }
        view_log(t, P_("%s pays %d unit to %s (%s).", "%s pays %d units to %s (%s).", e->value),
                 payer, e->value, payee, _(pei_reason_label(e->card)));
        /* en dash: the font has no minus sign */
        pop(t, e->seat, false, P_("\xe2\x80\x93%d coin", "\xe2\x80\x93%d coins", e->value),
            e->value);
        if (e->card2 != CARD_NONE && e->card2 < CEKI_MAX_SEATS) {
            pop(t, e->card2, true, P_("+%d coin", "+%d coins", e->value), e->value);
        }
        return 0.5;
    }
    case EV_DICE:
        v->dice[0] = e->card;
        v->dice[1] = e->card2;
        v->dice_shown = true;
        view_log(t, _("The dice show %d and %d."), e->card, e->card2);
        return 1.6;
    case EV_PACKET:
        if (e->card <= 8) {
            v->packet_use[e->card] = e->value + 1;
            v->packet_seat[e->card] = e->seat;
            v->packets_shown = true;
        }
        return 0.25;
    case EV_PEEK:
        if (e->seat < 0) {
            v->stock_last_public = e->card;
            view_log(t, _("The last card of the stock, %s, lies face up."), kind);
        } else if (e->seat == v->viewer) {
            v->peek = e->card;
            v->peek_depth = e->value;
            v->peeked[e->seat] = true;
            view_log(t, _("You see %s, the stock's card %d from the end."), kind, e->value);
        } else {
            v->peeked[e->seat] = true;
            view_log(t, _("%s looks at a stock card."), who);
        }
        return 0.5;
    case EV_DRAWN: {
        settle_spot(t);
        bool from_discard = e->value == 1;
        TlRect at = from_discard ? l->discard : l->stock;
        if (from_discard) {
            if (v->discard_n > 0) {
                v->discard_n--;
            }
        } else if (v->stock > 0) {
            v->stock--;
        }
        bool mine = e->seat == v->viewer;
        Card card = e->card;
        if (mine && !from_discard && v->nown_draws > 0) {
            card = v->own_draws[0]; /* the event leaves the viewer's own draw unnamed */
            memmove(v->own_draws, v->own_draws + 1, sizeof v->own_draws[0] * 7);
            v->nown_draws--;
        }
        if (!mine && !from_discard && e->card != CARD_NONE) {
            sprite_new(t, e->card, TZ_SPOT, e->seat, at, true); /* a draw shown to all */
            v->shown_by = e->seat;
            view_log(t, _("%s draws %s from the stock, for all to see."), who, kind);
        } else {
            bool known = (mine || from_discard) && card != CARD_NONE;
            int i = sprite_new(t, known ? card : CARD_NONE, TZ_HAND, e->seat, at, known);
            if (i >= 0 && !mine) {
                v->sprites[i].hide = true; /* seen taken, then hidden in the hand */
            }
            if (from_discard) {
                view_log(t, _("%s takes %s from the discard pile."), who, kind);
            } else {
                view_log(t, _("%s draws from the stock."), who);
            }
        }
        return 0.8;
    }
    case EV_DISCARDED: {
        /* A shown draw discarded at once goes straight from the spot. */
        int i = -1;
        for (int k = 0; k < TV_MAX_SPRITES && i < 0; k++) {
            const Sprite *sp = &v->sprites[k];
            if (sp->used && sp->zone == TZ_SPOT && sp->seat == e->seat && sp->card == e->card) {
                i = k;
            }
        }
        if (i >= 0) {
            v->sprites[i].zone = TZ_NONE;
        }
        settle_spot(t);
        v->shown_by = -1;
        if (i < 0) {
            i = find_hand(t, e->seat, e->card, false);
        }
        if (i < 0) {
            i = find_hand(t, e->seat, CARD_NONE, false);
        }
        if (i < 0) {
            i = sprite_new(t, e->card, TZ_NONE, e->seat, l->seats[e->seat].hand, true);
        }
        if (i >= 0) {
            v->sprites[i].card = e->card;
            v->sprites[i].shown = true;
            fly(t, i, LAND_DISCARD, e->seat);
        }
        view_log(t, _("%s discards %s."), who, kind);
        return 0.8;
    }
    case EV_DECLARED: {
        if (e->seat >= 0) {
            v->exposed[e->seat] = e->card;
            for (int k = 0; k < 2; k++) {
                int i = find_hand(t, e->seat, e->card, false);
                if (i < 0 || (e->seat != v->viewer && v->sprites[i].card != e->card)) {
                    i = find_hand(t, e->seat, CARD_NONE, false);
                }
                if (i >= 0) {
                    v->sprites[i].card = e->card;
                    v->sprites[i].shown = true;
                    v->sprites[i].exposed = true;
                }
            }
        }
        view_log(t, _("%s declares checki and shows a pair of %s."), who, kind);
        return 1.2;
    }
    case EV_CLAIMED: {
        int i = -1;
        v->shown_by = -1;
        if (e->value == 1) {
            if (v->discard_n > 0) {
                v->discard_n--;
            }
            i = sprite_new(t, e->card, TZ_HAND, e->seat, l->discard, true);
        } else {
            i = find_zone(t, TZ_SPOT, e->card);
            if (i < 0 && e->card2 < CEKI_MAX_SEATS) {
                i = find_hand(t, e->card2, e->card, false);
                if (i < 0) {
                    i = find_hand(t, e->card2, CARD_NONE, false);
                }
            }
            if (i >= 0) {
                v->sprites[i].zone = TZ_HAND;
            } else {
                i = sprite_new(t, e->card, TZ_HAND, e->seat, l->spot, true);
            }
        }
        if (i >= 0) {
            v->sprites[i].seat = e->seat;
            v->sprites[i].card = e->card;
            v->sprites[i].shown = true;
            v->sprites[i].hide = e->seat != v->viewer;
        }
        view_log(t, _("%s claims %s and wins the hand."), who, kind);
        return 1.2;
    }
    case EV_HAND_DRAWN:
        if (v->stock > 0) {
            view_log(t, _("%d turns without a stock draw: nobody wins this hand."),
                     KOWAH_MAX_IDLE_TURNS);
        } else {
            view_log(t, _("The stock has run out: nobody wins this hand."));
        }
        return 1.0;
    default: return 0.2;
    }
}

/* ---- time ------------------------------------------------------------------- */

static float ease(double x)
{
    float f = (float)(x < 0 ? 0 : (x > 1 ? 1 : x));
    return f * f * (3 - 2 * f);
}

static void land(TableState *t, int i)
{
    Sprite *s = &t->view.sprites[i];
    TableView *v = &t->view;
    switch (s->land) {
    case LAND_PILE:
        if (s->seat >= 0 && s->seat < CEKI_MAX_SEATS) {
            if (v->pile_n[s->seat] < CEKI_MAX_DECK) {
                v->pile[s->seat][v->pile_n[s->seat]] = s->card;
            }
            v->pile_n[s->seat]++;
        }
        break;
    case LAND_DISCARD:
        if (v->discard_n < CEKI_MAX_DECK) {
            v->discard[v->discard_n++] = s->card;
        }
        break;
    case LAND_TROPHY:
        if (s->seat >= 0 && s->seat < CEKI_MAX_SEATS && v->kings[s->seat] < 4) {
            v->king_cards[s->seat][v->kings[s->seat]++] = s->card;
        }
        break;
    default: break;
    }
    sprite_free(t, i);
}

/* A rectangle with `margin` design units around it. */
static void damage_around(App *app, SDL_Rect r, int margin)
{
    int m = app_px(app, margin);
    app_damage(app, (SDL_Rect){r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m});
}

/* A card's rectangle with room for its shadow, glow and focus ring. */
static void damage_card(App *app, SDL_Rect r)
{
    damage_around(app, r, 24);
}

/* A seat's corner with room for the badges drawn at its edges. */
static void damage_seat(App *app, const TableState *t, int seat)
{
    if (seat >= 0 && seat < t->players) {
        damage_around(app, table_rect(t->layout.seats[seat].zone), 24);
    }
}

/* Where a card landing on a pile, the discard or a seat's trophies changes
 * what is drawn: its own place and its seat's corner (pile, counts, plate)
 * or the discard. */
static void damage_landing(App *app, const TableState *t, const Sprite *s)
{
    damage_card(app, view_rect(s));
    if (s->land == LAND_DISCARD) {
        damage_around(app, table_rect(t->layout.discard), 24);
    } else if (s->seat >= 0 && s->seat < t->players) {
        damage_seat(app, t, s->seat);
    } else {
        app->dirty = true;
    }
}

/* Where a rising score is drawn (draw_pops: right-aligned at the plate's
 * right edge, from its middle up to 46 units above). */
static void damage_pop(App *app, const TableState *t, int k)
{
    SDL_Rect p = table_rect(t->layout.seats[t->view.pops[k].seat].plate);
    int up = app_px(app, 46 + 40), left = app_px(app, 260);
    app_damage(app, (SDL_Rect){p.x + p.w - left, p.y + p.h / 2 - up, left + app_px(app, 8),
                               up + app_px(app, 40)});
}

/* A seat's ceremony cards carry a label centred under their box
 * (draw_ceremony_labels): while one of them moves, the boxes with room for
 * the widest label change. */
static void damage_ceremony(App *app, const TableState *t)
{
    bool any = false;
    for (int i = 0; i < TV_MAX_SPRITES && !any; i++) {
        const Sprite *s = &t->view.sprites[i];
        any = s->used && s->moving && s->zone == TZ_CEREMONY;
    }
    for (int seat = 0; any && seat < t->players; seat++) {
        SDL_Rect box = view_ceremony_box(t, seat);
        if (box.w > 0) {
            int mx = app_px(app, 200), my = app_px(app, 30);
            app_damage(app, (SDL_Rect){box.x - mx, box.y - my, box.w + 2 * mx, box.h + 2 * my});
        }
    }
}

SDL_Rect view_ceremony_box(const TableState *t, int seat)
{
    SDL_Rect box = {0, 0, 0, 0};
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_CEREMONY && s->seat == seat) {
            SDL_Rect r = view_rect(s);
            if (box.w == 0) {
                box = r;
            } else {
                SDL_UnionRect(&box, &r, &box);
            }
        }
    }
    return box;
}

bool view_in_motion(const TableState *t)
{
    if (t->view.npops > 0) {
        return true;
    }
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        if (t->view.sprites[i].used && t->view.sprites[i].moving) {
            return true;
        }
    }
    return false;
}

/* Whether a sprite looks different or lies elsewhere in the drawing order
 * (its tween may change: that shows only as it moves). */
static bool sprite_shows_otherwise(const Sprite *a, const Sprite *b)
{
    if (a->used != b->used) {
        return true;
    }
    if (!a->used) {
        return false;
    }
    SDL_Rect ra = view_rect(a), rb = view_rect(b);
    return a->card != b->card || a->zone != b->zone || a->seat != b->seat || a->shown != b->shown ||
           a->exposed != b->exposed || a->order != b->order || a->partner != b->partner ||
           !SDL_RectEquals(&ra, &rb);
}

/* What the events just applied changed on screen, against the view before
 * them: cards that appeared, went, turned or changed place in the drawing
 * order (their places, and their seats' corners for hands, whose first card
 * and count badge follow), the stock's count, the last line said (the
 * prompt line) and new rising scores are damaged; any other change (piles,
 * roles, dice, ceremonies, scores, the seats) draws the frame whole.
 * Returns whether the frame must be drawn whole. */
static bool damage_events(App *app, const TableState *t, const TableView *before)
{
    const TableView *now = &t->view;
    bool whole = false;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *a = &before->sprites[i], *b = &now->sprites[i];
        if (!sprite_shows_otherwise(a, b)) {
            continue;
        }
        if (a->used) {
            damage_card(app, view_rect(a));
            if (a->zone == TZ_HAND) {
                damage_seat(app, t, a->seat);
            }
        }
        if (b->used) {
            damage_card(app, view_rect(b));
            if (b->zone == TZ_HAND) {
                damage_seat(app, t, b->seat);
            }
        }
        whole = whole || (a->used && b->used && a->zone != b->zone &&
                          (a->zone == TZ_CEREMONY || b->zone == TZ_CEREMONY));
    }
    if (strcmp(before->log[0], now->log[0]) != 0) {
        if (t->log_open) {
            whole = true;
        }
        damage_around(app, table_rect(t->layout.prompt), 24);
    }
    if (before->stock != now->stock || before->deck != now->deck || before->aside != now->aside) {
        damage_around(app, table_rect(t->layout.stock), 40);
        damage_around(app, table_rect(t->layout.spot), 40);
    }
    for (int k = before->npops; k < now->npops; k++) {
        damage_pop(app, t, k);
    }
    /* Everything else must be as it was. */
    TableView *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return true;
    }
    *a = *before;
    *b = *now;
    TableView *both[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        TableView *v = both[k];
        memset(v->sprites, 0, sizeof v->sprites);
        memset(v->pool_h, 0, sizeof v->pool_h);
        memset(v->log, 0, sizeof v->log);
        memset(v->pops, 0, sizeof v->pops);
        v->next_order = v->stock = v->deck = v->aside = v->npops = v->mends = 0;
    }
    whole = whole || memcmp(a, b, sizeof *a) != 0;
    free(a);
    free(b);
    return whole;
}

bool view_advance(App *app, TableState *t, double dt)
{
    double beat = table_beat(app);
    bool changed = false;
    if (t->ev_wait > 0) {
        t->ev_wait -= dt;
    }
    int guard = 0;
    TableView *before = NULL;
    bool seating = false;
    while (t->evq_n > 0 && (t->ev_wait <= 0 || beat <= 0) && guard++ < 20000) {
        if (before == NULL && beat > 0) {
            before = malloc(sizeof *before);
            if (before != NULL) {
                *before = t->view;
            }
        }
        GameEvent e = t->evq[t->evq_head];
        t->evq_head = (t->evq_head + 1) % 4096;
        t->evq_n--;
        double beats = apply_event(t, &e);
        t->ev_wait += beats * beat;
        if (e.type == EV_SEATING) {
            table_relayout(app, t); /* the seats move */
            seating = true;
        }
        view_place(app, t);
    }
    if (guard > 0) {
        /* Events were applied: drawn in part when only cards and a few
         * counts changed, else whole. */
        changed = before == NULL || seating || damage_events(app, t, before);
    }
    free(before);
    if (t->evq_n == 0 && t->ev_wait < 0) {
        t->ev_wait = 0;
    }
    TableView *v = &t->view;
    for (int k = 0; k < v->npops; k++) {
        damage_pop(app, t, k);
    }
    for (int k = 0; k < v->npops;) {
        v->pops[k].t += dt;
        if (v->pops[k].t > TV_POP_SECONDS) {
            /* Its place is damaged above: it is drawn gone. */
            memmove(&v->pops[k], &v->pops[k + 1], sizeof v->pops[0] * (size_t)(v->npops - k - 1));
            v->npops--;
        } else {
            k++;
        }
    }
    bool moving = false;
    damage_ceremony(app, t);
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (!s->used) {
            continue;
        }
        if (s->moving) {
            SDL_Rect was = view_rect(s);
            s->t += dt;
            if (s->t >= s->dur || s->dur <= 0) {
                s->moving = false;
                arrive(s);
                s->x = s->tx;
                s->y = s->ty;
                s->w = s->tw;
                s->h = s->th;
                /* Arrived: only its own place changes (a card landing on a
                 * pile or the discard is damaged there below). */
                damage_card(app, was);
                damage_card(app, view_rect(s));
                if (s->zone != TZ_FLY) {
                    continue;
                }
            } else {
                float k = ease(s->t / s->dur);
                s->x = s->fx + (s->tx - s->fx) * k;
                s->y = s->fy + (s->ty - s->fy) * k;
                /* Sizes switch half way rather than every frame: each size of a
                 * card is a texture to make. */
                s->w = k < 0.5f ? s->fw : s->tw;
                s->h = k < 0.5f ? s->fh : s->th;
                moving = true;
                /* In flight only its own path changes: where it was and
                 * where it is, with its shadow. */
                damage_card(app, was);
                damage_card(app, view_rect(s));
                continue;
            }
            changed = true;
        }
        if (!s->moving && s->zone == TZ_FLY) {
            damage_landing(app, t, s);
            land(t, i);
            continue;
        }
    }
    damage_ceremony(app, t);
    if (changed) {
        app->dirty = true;
    }
    return moving || t->evq_n > 0 || t->ev_wait > 0 || v->npops > 0;
}

/* ---- keeping in step with the observation -------------------------------------- */

/* Matches the sprites of one zone (and seat) against wanted cards: keeps
 * those that match, frees the rest, makes the missing ones at `from`. */
static void sync_zone(TableState *t, TvZone zone, int seat, const Card *want, const bool *exposed,
                      int n, TlRect from)
{
    bool taken[TV_MAX_SPRITES];
    memset(taken, 0, sizeof taken);
    int have[TV_MAX_SPRITES];
    int nh = 0;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == zone && (seat < 0 || s->seat == seat)) {
            have[nh++] = i;
        }
    }
    for (int k = 0; k < n; k++) {
        int found = -1;
        for (int j = 0; j < nh && found < 0; j++) {
            const Sprite *s = &t->view.sprites[have[j]];
            if (!taken[j] && s->card == want[k] && s->exposed == (exposed != NULL && exposed[k])) {
                found = j;
            }
        }
        for (int j = 0; j < nh && found < 0; j++) {
            const Sprite *s = &t->view.sprites[have[j]];
            if (!taken[j] && s->card == want[k]) {
                found = j;
            }
        }
        if (found >= 0) {
            taken[found] = true;
            Sprite *s = &t->view.sprites[have[found]];
            s->exposed = exposed != NULL && exposed[k];
            s->shown = want[k] != CARD_NONE;
            continue;
        }
        int i = sprite_new(t, want[k], zone, seat, from, want[k] != CARD_NONE);
        if (i >= 0) {
            t->view.sprites[i].exposed = exposed != NULL && exposed[k];
        }
        t->view.mends++;
        if (SDL_getenv("CEKI_TABLE_DEBUG")) {
            fprintf(stderr, "mend: made zone %d seat %d card %d\n", zone, seat, want[k]);
        }
    }
    for (int j = 0; j < nh; j++) {
        if (!taken[j]) {
            if (SDL_getenv("CEKI_TABLE_DEBUG")) {
                fprintf(stderr, "mend: freed zone %d seat %d card %d\n", zone, seat,
                        t->view.sprites[have[j]].card);
            }
            sprite_free(t, have[j]);
            t->view.mends++;
        }
    }
}

void view_drop_flights(TableState *t)
{
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (s->used && (s->zone == TZ_FLY || s->zone == TZ_MEET || s->zone == TZ_NONE ||
                        s->zone == TZ_CEREMONY)) {
            sprite_free(t, i);
        }
    }
    t->view.npops = 0;
    t->ev_wait = 0;
}

void view_sync(App *app, TableState *t, bool animate)
{
    const Observation *o = &t->obs;
    TableView *v = &t->view;
    TlRect from = deck_rect(t);
    Card want[OBS_MAX_POOL];
    bool exposed[OBS_MAX_POOL];
    if (!animate) {
        for (int i = 0; i < TV_MAX_SPRITES; i++) {
            Sprite *s = &v->sprites[i];
            if (s->used && (s->zone == TZ_CEREMONY || s->zone == TZ_FLY || s->zone == TZ_MEET ||
                            s->zone == TZ_NONE)) {
                sprite_free(t, i);
            }
        }
    }
    /* Kowah: a draw shown to all lies in the spot, out of its drawer's hand. */
    int shown_by =
        o->shown_draw != CARD_NONE && v->shown_by >= 0 && v->shown_by != o->seat ? v->shown_by : -1;
    for (int s = 0; s < t->players; s++) {
        int n = o->hand_count[s] - (s == shown_by ? 1 : 0);
        if (n > OBS_MAX_HAND) {
            n = OBS_MAX_HAND;
        }
        int left_exposed = o->exposed[s] != CARD_NONE ? 2 : 0;
        for (int k = 0; k < n; k++) {
            Card c = s == o->seat ? o->hand[k] : CARD_NONE;
            exposed[k] = false;
            if (left_exposed > 0 && (s != o->seat || c == o->exposed[s])) {
                c = o->exposed[s];
                exposed[k] = true;
                left_exposed--;
            }
            want[k] = c;
        }
        sync_zone(t, TZ_HAND, s, want, exposed, n, from);
    }
    sync_zone(t, TZ_POOL, -1, o->pool, NULL, o->pool_count, from);
    int ns = 0;
    if (o->turned != CARD_NONE) {
        want[ns++] = o->turned;
    }
    if (shown_by >= 0) {
        want[ns++] = o->shown_draw;
    }
    sync_zone(t, TZ_SPOT, -1, want, NULL, ns, t->layout.stock);
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &v->sprites[i];
        if (s->used && s->zone == TZ_SPOT) {
            s->seat = (int8_t)(shown_by >= 0 ? shown_by : (o->to_move >= 0 ? o->to_move : 0));
        }
    }

    v->mends += (v->stock != o->stock_count) + (v->discard_n != o->discard_count);
    for (int s = 0; s < t->players; s++) {
        v->mends += v->pile_n[s] != o->captured_count[s];
    }
    v->round = o->round;
    v->stock = o->stock_count;
    v->aside = o->set_aside_count;
    v->deck = 0;
    v->dealer = o->dealer;
    v->stock_last_public = o->stock_last_public;
    v->peek = o->peek;
    v->peek_depth = o->peek_depth;
    v->discard_n = o->discard_count;
    memcpy(v->discard, o->discard, sizeof v->discard);
    bool reversed = t->players > 2 && o->next_seat[0] != 1;
    if (reversed != v->reversed) {
        v->reversed = reversed;
        table_relayout(app, t);
    }
    for (int s = 0; s < t->players; s++) {
        v->sitting_out[s] = o->sitting_out[s];
        v->role[s] = o->role[s];
        v->forfeited[s] = o->forfeited[s];
        v->exposed[s] = o->exposed[s];
        v->pile_n[s] = o->captured_count[s];
        v->pile_visible[s] = o->captured_visible[s];
        memcpy(v->pile[s], o->captured[s], sizeof v->pile[s]);
        if (o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER) {
            v->round_score[s] = o->round_score[s];
        }
        if (t->v->match_kind == MATCHKIND_KINGS) {
            int k = o->match_score[s] < 4 ? o->match_score[s] : 4;
            while (v->kings[s] < k) {
                static const CardSuit suits[4] = {SUIT_SPADES, SUIT_HEARTS, SUIT_DIAMONDS,
                                                  SUIT_CLUBS};
                v->king_cards[s][v->kings[s]] = card_french(suits[v->kings[s]], 13);
                v->kings[s]++;
            }
            v->kings[s] = k;
        }
    }
    if (o->phase != PHASE_ROUND_OVER && o->phase != PHASE_MATCH_OVER) {
        v->round_scored = false;
    }
    view_place(app, t);
    if (!animate) {
        for (int i = 0; i < TV_MAX_SPRITES; i++) {
            Sprite *s = &v->sprites[i];
            if (s->used) {
                s->x = s->tx;
                s->y = s->ty;
                s->w = s->tw;
                s->h = s->th;
                s->moving = false;
            }
        }
    }
}
