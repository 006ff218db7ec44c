/* scene_table_view.c — what the table shows: card sprites moved by the
 * game's events, and kept in step with the viewer's Observation.
 *
 * Each card in a hand, the pool, the spot or in flight is a sprite with a
 * place it is going to (from the layout, view_place) and a tween from
 * where it was. Events play one after another (view_advance): each moves
 * sprites between zones and waits a beat before the next; each type of
 * event has its handler and its length in EVENT_SHOW. Piles, the stock
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

#include "card_art.h"
#include "card_names.h"
#include "kowah.h"
#include "pei.h"
#include "scene_table.h"

/* Internal event: the two cards of a capture go to a pile; its value is the
 * taking sprite * COLLECT_PAIR + the taken one. */
#define EV_COLLECT (EV_HAND_DRAWN + 1)
#define COLLECT_PAIR 1000

/* The event queue's capacity (TableState.evq), and how many events are
 * taken from the session at a time. */
#define EVQ_CAP TABLE_EVENT_QUEUE
#define EVENTS_TAKEN_AT_ONCE 256
#define EVENTS_PER_FRAME_MAX 20000 /* a guard: events applied in one frame at most */

/* Lengths of the events that depend on the moment, in beats (table_beat);
 * the others are in EVENT_SHOW. */
#define DEAL_FAST_ABOVE 60 /* cards of a deal still to come above which it goes fast */
#define BEATS_DEAL_FAST 0.03
#define BEATS_DEAL 0.12
#define BEATS_OWN_PLAY 0.4 /* the viewer's own play: they know it already */
#define BEATS_PLAY 1.0
#define BEATS_TURN_TO_POOL 0.6 /* Kings: a turned card goes straight to the pool */
#define BEATS_TURN 0.9
#define BEATS_UNKNOWN 0.2

/* Pèi: a card turned from the stock's bottom starts this far down it. */
#define PEI_STOCK_BOTTOM 0.45f
#define DECLARED_PAIR 2 /* Kowah: the cards a declaration shows */
#define MAX_KINGS 4     /* Kings: one of each suit on a plate */
#define KING_RANK 13
/* The rising scores shown at once (TableView.pops). */
#define MAX_POPS ((int)(sizeof((TableView *)NULL)->pops / sizeof((TableView *)NULL)->pops[0]))

/* Where cards lie in their zones, in parts of a card (or of the zone). */
#define MAX_SPOT 16         /* cards placed in the spot */
#define SPOT_FAN_X 0.3f     /* further cards in the spot step right (of the spot) */
#define SPOT_FAN_Y 0.12f    /* and down */
#define MEET_OFFSET_X 0.22f /* a taking card lies on the one it takes, offset */
#define MEET_OFFSET_Y 0.16f
#define TROPHY_SCALE 0.6f     /* a King flying to a plate, of a small card */
#define CEREMONY_PER_ROW 4    /* ceremony cards side by side before they start over */
#define CEREMONY_STEP 0.55f   /* of a card's width */
#define CEREMONY_SHIFT 0.3f   /* the row's start left of the centre */
#define LIFT_SELECTED 0.14f   /* the viewer's picked card rises */
#define LIFT_EXPOSED 0.05f    /* a declared pair's cards rise a little */
#define FAN_STEP 1.04f        /* the viewer's hand: at most this many widths apart */
#define BACKS_STEP 0.22f      /* the other hands' backs */
#define SHOWN_PAIR_STEP 1.06f /* a declared pair apart from the hidden cards */
#define SHOWN_PAIR_FILL 0.9f  /* of the pile zone's height */
#define SAME_PLACE 0.5f       /* pixels: a target this close is the same */

/* The pool's groups. */
#define MAX_POOL_GROUPS 64
#define PEI_SIDE_KEY 16 /* pool_key: side * PEI_SIDE_KEY + place of its rank */
/* Pool cards grow only by a clear step: three of board_quantize's (5 %
 * each). At two (10 %), Kings' pool of 8 to 10 cards changed size with
 * nearly every card turned or taken (383 and 347 pixels high at
 * 2560x1600): every pool card moved, and its face was made again. */
#define POOL_GROW 1.16f
#define PEI_BAND_LABEL_H 36 /* design units left for a side band's label (two lines) */
#define PEI_BAND_LABEL_W 46 /* and for a top or bottom band's */
#define POOL_MIN_H 30.0f    /* design units: the smallest pool card */
#define POOL_MIN_H_PX 18.0f /* pixels, at any scale */
#define POOL_GAP 0.16f      /* between groups, of a card's width */
#define POOL_GAP_PX 3.0f    /* pixels, at least */

/* Damage around what changed, in design units: a card's shadow, glow and
 * focus ring, a count's badge and label. A card alone (damage_card) needs
 * only what card_art_draw paints past it, and at least the hover glow's
 * blur (10) and the focus ring's gap and blur (3 + 8) around it. */
#define DAMAGE_CARD 24
#define DAMAGE_CARD_RING 12
#define DAMAGE_COUNT 40

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
        return table_layout_dealer_side(&t->layout);
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
        return (int)pei_side(t, rank) * PEI_SIDE_KEY + at;
    }
    return rank;
}

/* Whether the pool keeps its places: in Kings, where nobody picks from
 * the pool, cards lie where they were turned and a pair taken leaves its
 * places empty for the next cards turned, as on a real table. Elsewhere
 * the pool is sorted by kind, which helps the person find a match; each
 * card turned or taken there moves the others along. */
static bool pool_keeps_places(const TableState *t)
{
    return t->v->turn == TURN_KINGS;
}

/* The place of a group key in a pool that keeps its places; TV_POOL_PLACES
 * when it has none yet (it goes after those placed). */
static int place_of(const TableView *v, int key)
{
    for (int i = 0; i < v->pool_places; i++) {
        if (v->pool_place[i] == key) {
            return i;
        }
    }
    return TV_POOL_PLACES;
}

static int cmp_pool(const TableState *t, int a, int b)
{
    const Sprite *x = &t->view.sprites[a];
    const Sprite *y = &t->view.sprites[b];
    int kx = pool_key(t, x->card), ky = pool_key(t, y->card);
    if (kx != ky && pool_keeps_places(t)) {
        int px = place_of(&t->view, kx), py = place_of(&t->view, ky);
        if (px != py) {
            return px - py;
        }
    }
    if (kx != ky) {
        return kx - ky;
    }
    if (x->order != y->order && pool_keeps_places(t)) {
        return x->order - y->order; /* a card turned lies on the one there */
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
    if (fabsf(s->tx - r.x) < SAME_PLACE && fabsf(s->ty - r.y) < SAME_PLACE &&
        fabsf(s->tw - r.w) < SAME_PLACE && fabsf(s->th - r.h) < SAME_PLACE) {
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

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The group keys of the pool cards still to be dealt (queued) that lie on
 * `side` (Pèi; TL_SIDES: any), appended to keys[n..cap); returns the new n. */
static int keys_dealt_later(const TableState *t, int side, int *keys, int n, int cap)
{
    for (int k = 0; k < t->evq_n && n < cap; k++) {
        const GameEvent *q = &t->evq[(t->evq_head + k) % EVQ_CAP];
        int key = q->type == EV_DEAL_POOL ? pool_key(t, q->card) : -1;
        if (key >= 0 && (side == TL_SIDES || key / PEI_SIDE_KEY == side)) {
            keys[n++] = key;
        }
    }
    return n;
}

/* The card height of the pool as it will be once the deal queued now is
 * over (0: no pool card is still to be dealt). The pool takes it from its
 * first card dealt instead of shrinking a step at a time as cards come:
 * each size of a face is a picture to make, and Kuna's pool passes through
 * five of them in its deal. */
static float dealt_height(const TableState *t, TlRect area, const BoardGroups *g, const int *ids,
                          int n, int side)
{
    int cap = n + EVQ_CAP;
    int *keys = malloc(sizeof *keys * (size_t)cap);
    TlRect *rects = malloc(sizeof *rects * (size_t)cap);
    float h = 0;
    int all = keys != NULL && rects != NULL ? keys_dealt_later(t, side, keys, 0, cap) : 0;
    if (all > 0) {
        for (int i = 0; i < n; i++) {
            keys[all++] = pool_key(t, t->view.sprites[ids[i]].card);
        }
        qsort(keys, (size_t)all, sizeof *keys, cmp_int);
        int sizes[MAX_POOL_GROUPS];
        int ng = 0;
        for (int i = 0; i < all; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                if (ng == MAX_POOL_GROUPS) {
                    break;
                }
                sizes[ng++] = 0;
            }
            sizes[ng - 1]++;
        }
        h = board_groups(area, g, sizes, ng, rects);
    }
    free(keys);
    free(rects);
    return h;
}

/* A pool that keeps its places: the places of keys no longer in the pool
 * are left empty, even at the end (a line that lost its last cards would
 * otherwise move to the middle again), and a key new to it takes the first
 * empty place, else one after the last. An empty pool forgets them. */
static void update_places(TableState *t)
{
    TableView *v = &t->view;
    bool present[TV_POOL_PLACES] = {false};
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES); /* placed keys first, new ones by key */
    for (int p = 0; p < v->pool_places; p++) {
        for (int k = 0; k < n && !present[p]; k++) {
            present[p] = pool_key(t, v->sprites[ids[k]].card) == v->pool_place[p];
        }
        if (!present[p]) {
            v->pool_place[p] = -1;
        }
    }
    for (int k = 0; k < n; k++) {
        int key = pool_key(t, v->sprites[ids[k]].card);
        if (place_of(v, key) < TV_POOL_PLACES) {
            continue;
        }
        int p = 0;
        while (p < v->pool_places && v->pool_place[p] != -1) {
            p++;
        }
        if (p == TV_POOL_PLACES) {
            break;
        }
        v->pool_place[p] = (signed char)key;
        v->pool_places = SDL_max(v->pool_places, p + 1);
    }
    if (n == 0) {
        v->pool_places = 0; /* empty places are kept while a card is there */
    }
}

/* The empty places of a pool that keeps them go; the rest keep their
 * order. */
static void close_up_places(TableView *v)
{
    int k = 0;
    for (int p = 0; p < v->pool_places; p++) {
        if (v->pool_place[p] != -1) {
            v->pool_place[k++] = v->pool_place[p];
        }
    }
    v->pool_places = k;
}

/* The sizes of the groups of pool sprites ids[0..n) (in display order), a
 * group a run of one key; with `gaps`, in the places of a pool that keeps
 * them, an empty place a group of one card that is not there (its
 * rectangle goes to no sprite). Returns the count of groups. */
static int group_sizes(const TableState *t, const int *ids, int n, bool gaps,
                       int sizes[MAX_POOL_GROUPS], bool empty[MAX_POOL_GROUPS])
{
    int ng = 0;
    int last = -1;
    int at = 0; /* the next place (gaps) */
    for (int i = 0; i < n; i++) {
        int key = pool_key(t, t->view.sprites[ids[i]].card);
        if (i == 0 || key != last) {
            while (gaps && at < t->view.pool_places && t->view.pool_place[at] != key &&
                   ng < MAX_POOL_GROUPS) {
                empty[ng] = true;
                sizes[ng++] = 1;
                at++;
            }
            at++;
            if (ng == MAX_POOL_GROUPS) {
                break;
            }
            empty[ng] = false;
            sizes[ng++] = 0;
            last = key;
        }
        sizes[ng - 1]++;
    }
    while (gaps && at < t->view.pool_places && ng < MAX_POOL_GROUPS) {
        empty[ng] = true; /* the empty places after the last card */
        sizes[ng++] = 1;
        at++;
    }
    return ng;
}

/* board_groups for a pool whose cards were last `kept` high (0: none
 * yet), or are to be `dealt` high (0: no deal under way): the cards keep
 * their size while the pool changes a little, smaller when they must be,
 * larger only by a clear step (POOL_GROW; each size of a face is a
 * picture to make, and cards that breathe are restless). */
static float sized_groups(TlRect area, BoardGroups g, const int *sizes, int ng, TlRect *rects,
                          float kept, float dealt)
{
    if (dealt > 0) {
        g.max_h = dealt; /* fewer cards than that fit at its size */
        g.fixed = true;
    }
    float h = board_groups(area, &g, sizes, ng, rects);
    if (!g.fixed && kept > 0 && h > kept && h < kept * POOL_GROW) {
        /* Exactly the kept size: board_groups takes max_h down to the
         * ladder, which would be a step below it. */
        g.max_h = kept;
        g.fixed = true;
        h = board_groups(area, &g, sizes, ng, rects);
    }
    return h;
}

/* Lays out pool sprites ids[0..n) (already in display order) in area;
 * `side` is the Pèi band they lie in (TL_SIDES: the whole pool). */
static void place_groups(TableState *t, TlRect area, const int *ids, int n, bool rows, float max_h,
                         double dur, int side)
{
    if (n <= 0) {
        return;
    }
    int sizes[MAX_POOL_GROUPS];
    bool empty[MAX_POOL_GROUPS];
    bool gaps = side == TL_SIDES && pool_keeps_places(t);
    int ng = group_sizes(t, ids, n, gaps, sizes, empty);
    /* Room for the layout and, in a pool that keeps its places, one
     * without its empty places to weigh it against. */
    size_t cap = (size_t)(n + MAX_POOL_GROUPS);
    TlRect *rects = malloc(sizeof *rects * 2 * cap);
    if (rects == NULL) {
        return;
    }
    BoardGroups g = {.aspect = card_aspect(t),
                     .max_h = max_h,
                     .min_h = fmaxf(POOL_MIN_H_PX, POOL_MIN_H * t->layout.spec.unit),
                     .peek = peek_of(t, rows),
                     .gap = fmaxf(POOL_GAP_PX, max_h * card_aspect(t) * POOL_GAP),
                     .rows = rows,
                     .centre = true};
    if (gaps) {
        g.room = 2; /* a card turned lies on its pair before both are taken */
        g.flush = true;
    }
    float *kept = &t->view.pool_h[side];
    float dealt = dealt_height(t, area, &g, ids, n, side);
    float h = sized_groups(area, g, sizes, ng, rects, *kept, dealt);
    if (gaps && ng > 0) {
        /* Empty places that cost the cards size (more cards than before
         * at once, a window made smaller) are given up: the cards close
         * up, each keeping its turn in the order. */
        int full[MAX_POOL_GROUPS];
        bool none[MAX_POOL_GROUPS];
        int nf = group_sizes(t, ids, n, false, full, none);
        if (nf < ng && sized_groups(area, g, full, nf, rects + cap, *kept, dealt) > h) {
            close_up_places(&t->view);
            ng = group_sizes(t, ids, n, true, sizes, empty);
            h = sized_groups(area, g, sizes, ng, rects, *kept, dealt);
        }
    }
    *kept = h;
    for (int gi = 0, i = 0, r = 0; gi < ng; gi++) {
        for (int c = 0; c < sizes[gi]; c++, r++) {
            if (!empty[gi] && i < n) {
                set_target(t, ids[i++], rects[r], dur);
            }
        }
    }
    free(rects);
}

static void place_pool(TableState *t, double dur)
{
    int ids[TV_MAX_SPRITES];
    if (pool_keeps_places(t)) {
        update_places(t);
    }
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
        while (at < n && pool_key(t, t->view.sprites[ids[at]].card) / PEI_SIDE_KEY == side) {
            at++;
        }
        bool rows = side == TL_LEFT || side == TL_RIGHT;
        TlRect area = bands[side];
        float u = t->layout.spec.unit;
        if (rows) {
            area.y += PEI_BAND_LABEL_H * u; /* room for the band's label */
            area.h -= PEI_BAND_LABEL_H * u;
        } else {
            area.x += PEI_BAND_LABEL_W * u;
            area.w -= PEI_BAND_LABEL_W * u;
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
                TlRect r = board_row(z->hand, aspect, z->card_h, n, i, FAN_STEP, BOARD_ARC);
                const Sprite *s = &t->view.sprites[ids[i]];
                if (ids[i] == t->selected) {
                    r.y -= z->card_h * LIFT_SELECTED;
                } else if (s->exposed) {
                    r.y -= z->card_h * LIFT_EXPOSED;
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
            float ph = board_quantize(fminf(l->small_card_h, z->pile.h * SHOWN_PAIR_FILL));
            for (int i = 0, back = 0, shown = 0; i < n; i++) {
                TlRect r;
                if (apart && t->view.sprites[ids[i]].exposed) {
                    r = board_row(z->pile, aspect, ph, nexp, shown++, SHOWN_PAIR_STEP, 0);
                } else {
                    r = board_row(area, aspect, h, apart ? n - nexp : n, back++, BACKS_STEP, 0);
                }
                set_target(t, ids[i], r, dur);
            }
        }
    }
}

/* Where a card lands on a seat's pile: at the size the pile is drawn
 * (draw_pile), so that no face is made for a size 5 % apart. */
static TlRect pile_target(const TableState *t, int seat)
{
    const TlSeat *z = &t->layout.seats[seat];
    return centred(z->pile, board_quantize(fminf(t->layout.small_card_h, z->pile.h)),
                   card_aspect(t));
}

/* Where a card in flight lands: a pile, the discard, a plate, or the deck. */
static TlRect flight_target(const TableState *t, const Sprite *s)
{
    float h = t->layout.small_card_h, aspect = card_aspect(t);
    switch (s->land) {
    case LAND_PILE: return pile_target(t, s->seat);
    case LAND_DISCARD: return t->layout.discard;
    case LAND_TROPHY: return centred(t->layout.seats[s->seat].plate, h * TROPHY_SCALE, aspect);
    default: return centred(deck_rect(t), h, aspect);
    }
}

/* Where ceremony sprite i lies: in a row by its seat's hand (or pile), after
 * the seat's earlier ceremony cards. */
static TlRect ceremony_target(const TableState *t, int i)
{
    const Sprite *s = &t->view.sprites[i];
    const TlSeat *z = &t->layout.seats[s->seat];
    TlRect area = tl_empty(z->hand) ? z->pile : z->hand;
    int k = 0;
    for (int j = 0; j < i; j++) {
        const Sprite *o = &t->view.sprites[j];
        k += o->used && o->zone == TZ_CEREMONY && o->seat == s->seat;
    }
    TlRect r = centred(area, fminf(t->layout.small_card_h, area.h), card_aspect(t));
    r.x += (float)(k % CEREMONY_PER_ROW) * r.w * CEREMONY_STEP - r.w * CEREMONY_SHIFT;
    return r;
}

void view_place(App *app, TableState *t)
{
    int ranks[TL_SIDES];
    table_band_ranks(t, &t->layout.spec, ranks);
    if (memcmp(ranks, t->layout.spec.band_ranks, sizeof ranks) != 0) {
        table_relayout(app, t); /* Pèi's roles known or changed: its bands follow (and place) */
        return;
    }
    double dur = table_beat(app);
    place_pool(t, dur);
    place_hands(t, dur);
    int ids[MAX_SPOT];
    int n = view_spot_sprites(t, ids, MAX_SPOT);
    const TlRect spot = t->layout.spot;
    for (int i = 0; i < n; i++) {
        TlRect r = spot;
        r.x += (float)i * spot.w * SPOT_FAN_X;
        r.y += (float)i * spot.h * SPOT_FAN_Y;
        set_target(t, ids[i], r, dur);
    }
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (!s->used) {
            continue;
        }
        if (s->zone == TZ_MEET && s->partner >= 0) {
            const Sprite *p = &t->view.sprites[s->partner];
            TlRect r = {p->tx + p->tw * MEET_OFFSET_X, p->ty + p->th * MEET_OFFSET_Y, p->tw, p->th};
            set_target(t, i, r, dur);
        } else if (s->zone == TZ_FLY) {
            set_target(t, i, flight_target(t, s), dur);
        } else if (s->zone == TZ_CEREMONY) {
            set_target(t, i, ceremony_target(t, i), dur);
        }
    }
}

/* ---- events ---------------------------------------------------------------- */

void view_take_events(TableState *t)
{
    GameEvent buf[EVENTS_TAKEN_AT_ONCE];
    for (;;) {
        int room = EVQ_CAP - t->evq_n;
        int cap = room < EVENTS_TAKEN_AT_ONCE ? room : EVENTS_TAKEN_AT_ONCE;
        if (cap <= 0) {
            break;
        }
        int n = session_take_events(t->session, buf, cap);
        if (n <= 0) {
            break;
        }
        for (int i = 0; i < n; i++) {
            int at = (t->evq_head + t->evq_n) % EVQ_CAP;
            t->evq[at] = buf[i];
            t->evq_n++;
        }
        table_guide_note(t, buf, n); /* a guided game's guide tells the moments */
        t->synced = false;
    }
}

static void push_front(TableState *t, GameEvent e)
{
    int cap = EVQ_CAP;
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
    if (v->npops == MAX_POPS) {
        memmove(&v->pops[0], &v->pops[1], sizeof v->pops[0] * (MAX_POPS - 1));
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

/* The words an event's log line uses: who did it and the cards it names. */
typedef struct EventWords {
    char who[48], kind[48], kind2[48];
} EventWords;

/* How one kind of event changes the view. */
typedef void (*EventApply)(TableState *t, const GameEvent *e, const EventWords *w);

/* How many cards of the deal are still queued (they set its pace). */
static int deals_queued(const TableState *t)
{
    int n = 0;
    for (int k = 0; k < t->evq_n; k++) {
        const GameEvent *q = &t->evq[(t->evq_head + k) % EVQ_CAP];
        n += q->type == EV_DEAL_HAND || q->type == EV_DEAL_POOL;
    }
    return n;
}

/* A new round: the table is cleared and the deck counted out again. */
static void on_round_start(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
    clear_table(t);
    v->round = e->value;
    v->dealer = e->seat;
    v->deck = variant_deck_size(t->v, t->players);
    v->stock = v->deck;
    t->deal_left = deals_queued(t);
    view_log(t, t->v->engine == ENGINE_KOWAH ? _("Hand %d.") : _("Round %d."), e->value);
}

/* A card drawn to choose seats, roles or the starter lies by its seat. */
static void on_ceremony_card(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    TlRect at = centred(deck_rect(t), t->layout.small_card_h, card_aspect(t));
    sprite_new(t, e->card, TZ_CEREMONY, e->seat, at, true);
    /* A two-card draw counts once both cards are down. */
    if (e->seat >= 0 && ++v->ceremony_cards[e->seat] % 2 == 0) {
        note_draw(v, e->seat, e->value);
    }
    view_log(t, _("%s draws %s."), w->who, w->kind);
}

/* Pèi: the seating draw decided the order of play. */
static void on_seating(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
    v->reversed = e->value < 0;
    view_log(t, v->reversed ? _("The players change seats: play runs raja, patih, unyik.")
                            : _("Play runs raja, patih, unyik: nobody moves."));
}

/* Totit: a seat not tied for the lead sits the tie-break hand out. */
static void on_sit_out(TableState *t, const GameEvent *e, const EventWords *w)
{
    if (e->seat >= 0) {
        t->view.sitting_out[e->seat] = true;
    }
    view_log(t, _("%s sits this hand out: not tied for the lead."), w->who);
}

/* A seat takes a role (the dealer's is a mark, not a line). */
static void on_role(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    if (e->seat < 0 || e->seat >= CEKI_MAX_SEATS) {
        return;
    }
    if (e->value == ROLE_DEALER) {
        v->dealer = e->seat;
    } else {
        v->role[e->seat] = (GameRole)e->value;
        view_log(t, _("%s is %s."), w->who, card_role_name(e->value));
    }
}

/* A card dealt from the deck to a hand or the pool. */
static void on_deal(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
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
}

/* The rest of the deck becomes the stock. */
static void on_deal_stock(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    t->view.stock = e->value;
    t->view.deck = 0;
}

/* The rest of the deck is set aside unseen. */
static void on_set_aside(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    t->view.aside = e->value;
    t->view.stock = 0;
    t->view.deck = 0;
}

/* A card played from a hand goes face up to the spot. */
static void on_played(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
    v->dice_shown = false; /* the deal is over: the packets leave the table */
    v->packets_shown = false;
    int i = find_hand(t, e->seat, e->card, true);
    if (i < 0) {
        i = sprite_new(t, e->card, TZ_SPOT, e->seat, t->layout.seats[e->seat].hand, true);
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
}

/* A card turned from the stock: to the spot, or (Kings) to the pool. */
static void on_turned(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    TlRect at = t->layout.stock;
    if (t->v->start == START_PEI) {
        at.y += at.h * PEI_STOCK_BOTTOM; /* Pèi draws from the bottom of the stock */
    }
    if (v->stock > 0) {
        v->stock--;
    }
    if (e->card == v->stock_last_public && v->stock == 0) {
        v->stock_last_public = CARD_NONE;
    }
    bool kings = t->v->turn == TURN_KINGS;
    sprite_new(t, e->card, kings ? TZ_POOL : TZ_SPOT, e->seat, at, true);
    view_log(t, _("%s turns %s."), w->who, w->kind);
}

/* The taking card (sprite a, or a new one) lies on the pool card it takes;
 * both go to the seat's pile next (EV_COLLECT, queued first). */
static void meet_and_collect(TableState *t, const GameEvent *e, int a)
{
    TableView *v = &t->view;
    if (a >= 0) {
        v->sprites[a].zone = TZ_NONE; /* out of the pool while its partner is found */
    }
    int b = find_zone(t, TZ_POOL, e->card2);
    if (a < 0) {
        a = sprite_new(t, e->card, TZ_NONE, e->seat, t->layout.spot, true);
    }
    if (b < 0) {
        b = sprite_new(t, e->card2, TZ_POOL, -1, t->layout.spot, true);
    }
    if (a >= 0) {
        v->sprites[a].zone = TZ_MEET;
        v->sprites[a].partner = b;
    }
    GameEvent c = {.type = EV_COLLECT, .seat = e->seat, .value = a * COLLECT_PAIR + b};
    push_front(t, c);
}

/* The played or turned card takes a pool card. */
static void on_captured(TableState *t, const GameEvent *e, const EventWords *w)
{
    int a = find_zone(t, TZ_SPOT, e->card);
    if (a < 0) {
        a = find_zone(t, TZ_SPOT, CARD_NONE);
    }
    meet_and_collect(t, e, a);
    view_log(t, _("%s takes %s with %s."), w->who, w->kind2, w->kind);
}

/* Kings: a pair is taken from the pool. */
static void on_pair_taken(TableState *t, const GameEvent *e, const EventWords *w)
{
    /* The card turned later moves onto the one that was there: that one
     * keeps its place in the pool until both go. */
    GameEvent f = *e;
    int a = find_zone(t, TZ_POOL, e->card), b = find_zone(t, TZ_POOL, e->card2);
    if (a >= 0 && b >= 0 && t->view.sprites[a].order < t->view.sprites[b].order) {
        f.card = e->card2;
        f.card2 = e->card;
        a = b;
    }
    meet_and_collect(t, &f, a);
    view_log(t, _("%s takes the pair %s and %s."), w->who, w->kind, w->kind2);
}

/* Internal: the two cards of a capture fly to the taker's pile. */
static void on_collect(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
    int a = e->value / COLLECT_PAIR, b = e->value % COLLECT_PAIR;
    if (a >= 0 && a < TV_MAX_SPRITES && v->sprites[a].used) {
        fly(t, a, LAND_PILE, e->seat);
    }
    if (b >= 0 && b < TV_MAX_SPRITES && v->sprites[b].used) {
        fly(t, b, LAND_PILE, e->seat);
    }
}

/* The played or turned card stays in the pool. */
static void on_trailed(TableState *t, const GameEvent *e, const EventWords *w)
{
    int i = find_zone(t, TZ_SPOT, e->card);
    if (i < 0) {
        i = sprite_new(t, e->card, TZ_POOL, -1, t->layout.spot, true);
    }
    if (i >= 0) {
        t->view.sprites[i].zone = TZ_POOL;
    }
    view_log(t, _("%s lays %s in the pool."), w->who, w->kind);
}

/* The Chinese game: a seat forfeits the win of the round. */
static void on_forfeit(TableState *t, const GameEvent *e, const EventWords *w)
{
    if (e->seat >= 0) {
        t->view.forfeited[e->seat] = true;
    }
    view_log(t, _("%s forfeits the win of this round."), w->who);
}

/* A seat's points for the round, rising from its plate. */
static void on_round_scored(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    if (e->seat >= 0) {
        t->view.round_score[e->seat] = e->value;
    }
    t->view.round_scored = true;
    if (t->v->match_kind != MATCHKIND_KINGS && t->v->match_kind != MATCHKIND_HANDS_WON) {
        pop(t, e->seat, true, "+%d", e->value);
    }
}

/* A seat wins (or shares) the round. */
static void on_round_won(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)e;
    view_log(t, _("%s wins the round."), w->who);
}

/* Kings: a King flies from the pool to its winner's plate. */
static void on_king_won(TableState *t, const GameEvent *e, const EventWords *w)
{
    TlRect at = centred(t->layout.pool, t->layout.small_card_h, card_aspect(t));
    int i = sprite_new(t, e->card, TZ_NONE, e->seat, at, true);
    fly(t, i, LAND_TROPHY, e->seat);
    view_log(t, _("%s wins a King."), w->who);
}

/* Kings tie-break: a tied seat cuts a card. */
static void on_cut(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    if (e->seat >= 0) {
        if (v->cut_winner >= 0) { /* a new cut after one was decided */
            clear_ceremony(t);
        }
        v->cut[e->seat] = e->card;
        note_draw(v, e->seat, e->value);
        sprite_new(t, e->card, TZ_CEREMONY, e->seat,
                   centred(deck_rect(t), t->layout.small_card_h, card_aspect(t)), true);
    }
    view_log(t, _("Tie: %s cuts %s."), w->who, w->kind);
}

/* Kings: the cut is decided, for the round's King or the match. */
static void on_cut_won(TableState *t, const GameEvent *e, const EventWords *w)
{
    t->view.cut_winner = e->seat;
    t->view.cut_for_match = e->value != 0;
    view_log(t,
             e->value ? _("%s wins the cut, and the match.") : _("%s wins the cut for the King."),
             w->who);
}

/* The match ends. */
static void on_match_over(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)e;
    (void)w;
    view_log(t, _("The match is over."));
}

/* Pèi: a payment between seats or with the pot, told and shown as coins. */
static void on_stake_paid(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    char payer[48], payee[48];
    bool to_seat = e->card2 != CARD_NONE && e->card2 < CEKI_MAX_SEATS;
    snprintf(payer, sizeof payer, "%s", _("The pot"));
    snprintf(payee, sizeof payee, "%s", _("the pot"));
    if (e->seat >= 0) {
        name_of(t, e->seat, payer, sizeof payer);
    }
    if (to_seat) {
        name_of(t, e->card2, payee, sizeof payee);
    }
    view_log(t, P_("%s pays %d unit to %s (%s).", "%s pays %d units to %s (%s).", e->value), payer,
             e->value, payee, _(pei_reason_label(e->card)));
    /* en dash: the font has no minus sign */
    pop(t, e->seat, false, P_("\xe2\x80\x93%d coin", "\xe2\x80\x93%d coins", e->value), e->value);
    if (to_seat) {
        pop(t, e->card2, true, P_("+%d coin", "+%d coins", e->value), e->value);
    }
}

/* pei-chinese: the dice thrown for the deal. */
static void on_dice(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    t->view.dice[0] = e->card;
    t->view.dice[1] = e->card2;
    t->view.dice_shown = true;
    view_log(t, _("The dice show %d and %d."), e->card, e->card2);
}

/* pei-chinese: where a packet of the deal went. */
static void on_packet(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)w;
    TableView *v = &t->view;
    if ((size_t)e->card < sizeof v->packet_use / sizeof v->packet_use[0]) {
        v->packet_use[e->card] = e->value + 1;
        v->packet_seat[e->card] = e->seat;
        v->packets_shown = true;
    }
}

/* Pèi: a stock card turned up for all, or seen by one seat. */
static void on_peek(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    if (e->seat < 0) {
        v->stock_last_public = e->card;
        view_log(t, _("The last card of the stock, %s, lies face up."), w->kind);
    } else if (e->seat == v->viewer) {
        v->peek = e->card;
        v->peek_depth = e->value;
        v->peeked[e->seat] = true;
        view_log(t, _("You see %s, the stock's card %d from the end."), w->kind, e->value);
    } else {
        v->peeked[e->seat] = true;
        view_log(t, _("%s looks at a stock card."), w->who);
    }
}

/* Kowah: the viewer's next own stock draw, which its event leaves unnamed. */
static Card own_draw(TableView *v)
{
    Card card = v->own_draws[0];
    memmove(v->own_draws, v->own_draws + 1,
            sizeof v->own_draws[0] * (sizeof v->own_draws / sizeof v->own_draws[0] - 1));
    v->nown_draws--;
    return card;
}

/* Kowah: a draw from the stock or the discard pile, into the hand or, shown
 * to all, into the spot. */
static void on_drawn(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    settle_spot(t);
    bool from_discard = e->value == 1;
    TlRect at = from_discard ? t->layout.discard : t->layout.stock;
    if (from_discard) {
        if (v->discard_n > 0) {
            v->discard_n--;
        }
    } else if (v->stock > 0) {
        v->stock--;
    }
    bool mine = e->seat == v->viewer;
    Card card = mine && !from_discard && v->nown_draws > 0 ? own_draw(v) : e->card;
    if (!mine && !from_discard && e->card != CARD_NONE) {
        sprite_new(t, e->card, TZ_SPOT, e->seat, at, true); /* a draw shown to all */
        v->shown_by = e->seat;
        view_log(t, _("%s draws %s from the stock, for all to see."), w->who, w->kind);
        return;
    }
    bool known = (mine || from_discard) && card != CARD_NONE;
    int i = sprite_new(t, known ? card : CARD_NONE, TZ_HAND, e->seat, at, known);
    if (i >= 0 && !mine) {
        v->sprites[i].hide = true; /* seen taken, then hidden in the hand */
    }
    if (from_discard) {
        view_log(t, _("%s takes %s from the discard pile."), w->who, w->kind);
    } else {
        view_log(t, _("%s draws from the stock."), w->who);
    }
}

/* Kowah: seat's draw of card shown to all, waiting in the spot (-1: none). */
static int shown_draw_of(const TableState *t, int seat, Card card)
{
    for (int k = 0; k < TV_MAX_SPRITES; k++) {
        const Sprite *sp = &t->view.sprites[k];
        if (sp->used && sp->zone == TZ_SPOT && sp->seat == seat && sp->card == card) {
            return k;
        }
    }
    return -1;
}

/* Kowah: a card discarded from the hand (or a shown draw straight from the
 * spot) flies face up to the discard pile. */
static void on_discarded(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    int i = shown_draw_of(t, e->seat, e->card);
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
        i = sprite_new(t, e->card, TZ_NONE, e->seat, t->layout.seats[e->seat].hand, true);
    }
    if (i >= 0) {
        v->sprites[i].card = e->card;
        v->sprites[i].shown = true;
        fly(t, i, LAND_DISCARD, e->seat);
    }
    view_log(t, _("%s discards %s."), w->who, w->kind);
}

/* Kowah: a seat shows a pair: two of its hand's cards turn face up. */
static void on_declared(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    if (e->seat >= 0) {
        v->exposed[e->seat] = e->card;
        for (int k = 0; k < DECLARED_PAIR; k++) {
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
    view_log(t, _("%s declares checki and shows a pair of %s."), w->who, w->kind);
}

/* Kowah: the sprite of a claimed card, taken from the discard pile, the
 * spot or its drawer's hand (made when none is there). */
static int claimed_sprite(TableState *t, const GameEvent *e)
{
    TableView *v = &t->view;
    if (e->value == 1) {
        if (v->discard_n > 0) {
            v->discard_n--;
        }
        return sprite_new(t, e->card, TZ_HAND, e->seat, t->layout.discard, true);
    }
    int i = find_zone(t, TZ_SPOT, e->card);
    if (i < 0 && e->card2 < CEKI_MAX_SEATS) {
        i = find_hand(t, e->card2, e->card, false);
        if (i < 0) {
            i = find_hand(t, e->card2, CARD_NONE, false);
        }
    }
    if (i >= 0) {
        v->sprites[i].zone = TZ_HAND;
        return i;
    }
    return sprite_new(t, e->card, TZ_HAND, e->seat, t->layout.spot, true);
}

/* Kowah: a declared seat claims the card that completes its pair. */
static void on_claimed(TableState *t, const GameEvent *e, const EventWords *w)
{
    TableView *v = &t->view;
    v->shown_by = -1;
    int i = claimed_sprite(t, e);
    if (i >= 0) {
        v->sprites[i].seat = e->seat;
        v->sprites[i].card = e->card;
        v->sprites[i].shown = true;
        v->sprites[i].hide = e->seat != v->viewer;
    }
    view_log(t, _("%s claims %s and wins the hand."), w->who, w->kind);
}

/* Kowah: nobody wins the hand. */
static void on_hand_drawn(TableState *t, const GameEvent *e, const EventWords *w)
{
    (void)e;
    (void)w;
    /* The result screen waits for the view, so the game still holds this
     * hand's end when its event is shown. */
    if (kowah_hand_end(session_game(t->session)) == KOWAH_HAND_IDLE) {
        view_log(t, _("%d turns without a stock draw: nobody wins this hand."),
                 KOWAH_MAX_IDLE_TURNS);
    } else {
        view_log(t, _("The stock has run out: nobody wins this hand."));
    }
}

/* What each event does to the view, and how long it is shown. */
typedef struct EventShow {
    EventApply apply;
    double beats;     /* its length in beats (event_beats: some depend on the moment) */
    bool starts_play; /* play begins: the cards drawn to choose the starter go back */
    bool has_cards;   /* card and card2 are cards (not dice, packets, reasons, sprites) */
} EventShow;

static const EventShow EVENT_SHOW[EV_COLLECT + 1] = {
    [EV_ROUND_START] = {on_round_start, 1.0, false, true},
    [EV_CEREMONY_CARD] = {on_ceremony_card, 0.6, false, true},
    [EV_ROLE] = {on_role, 0.3, false, true},
    [EV_DEAL_HAND] = {on_deal, 0, false, true},
    [EV_DEAL_POOL] = {on_deal, 0, false, true},
    [EV_DEAL_STOCK] = {on_deal_stock, 0.2, true, true},
    [EV_SET_ASIDE] = {on_set_aside, 0.2, false, true},
    [EV_PLAYED] = {on_played, 0, true, true},
    [EV_TURNED] = {on_turned, 0, true, true},
    [EV_CAPTURED] = {on_captured, 0.8, false, true},
    [EV_TRAILED] = {on_trailed, 0.7, false, true},
    [EV_PAIR_TAKEN] = {on_pair_taken, 0.8, false, true},
    [EV_FORFEIT] = {on_forfeit, 1.0, false, true},
    [EV_ROUND_SCORED] = {on_round_scored, 0.5, false, true},
    [EV_ROUND_WON] = {on_round_won, 0.6, false, true},
    [EV_KING_WON] = {on_king_won, 1.2, false, true},
    [EV_CUT] = {on_cut, 0.8, false, true},
    [EV_CUT_WON] = {on_cut_won, 1.6, false, true},
    [EV_SEATING] = {on_seating, 1.2, false, true},
    [EV_SIT_OUT] = {on_sit_out, 0.6, false, true},
    [EV_MATCH_OVER] = {on_match_over, 1.0, false, true},
    [EV_STAKE_PAID] = {on_stake_paid, 0.5, false, false},
    [EV_DICE] = {on_dice, 1.6, false, false},
    [EV_PACKET] = {on_packet, 0.25, false, false},
    [EV_PEEK] = {on_peek, 0.5, false, true},
    [EV_DRAWN] = {on_drawn, 0.8, true, true},
    [EV_DISCARDED] = {on_discarded, 0.8, false, true},
    [EV_DECLARED] = {on_declared, 1.2, false, true},
    [EV_CLAIMED] = {on_claimed, 1.2, false, true},
    [EV_HAND_DRAWN] = {on_hand_drawn, 1.0, false, true},
    [EV_COLLECT] = {on_collect, 0.5, false, false},
};

/* How long an event is shown, in beats, as the view is before it. */
static double event_beats(const TableState *t, const GameEvent *e)
{
    switch (e->type) {
    case EV_DEAL_HAND:
    case EV_DEAL_POOL: return t->deal_left > DEAL_FAST_ABOVE ? BEATS_DEAL_FAST : BEATS_DEAL;
    case EV_PLAYED: return e->seat == t->view.viewer ? BEATS_OWN_PLAY : BEATS_PLAY;
    case EV_TURNED: return t->v->turn == TURN_KINGS ? BEATS_TURN_TO_POOL : BEATS_TURN;
    default: return EVENT_SHOW[e->type].beats;
    }
}

/* Applies one event to the view; returns its length in beats. */
static double apply_event(TableState *t, const GameEvent *e)
{
    if (e->type > EV_COLLECT || EVENT_SHOW[e->type].apply == NULL) {
        return BEATS_UNKNOWN;
    }
    const EventShow *show = &EVENT_SHOW[e->type];
    EventWords w = {"", "", ""};
    if (e->seat >= 0 && e->seat < t->players) {
        name_of(t, e->seat, w.who, sizeof w.who);
    }
    if (show->starts_play) {
        clear_ceremony(t);
    }
    if (show->has_cards) {
        table_card_label(t, e->card, w.kind, sizeof w.kind);
        table_card_label(t, e->card2, w.kind2, sizeof w.kind2);
    }
    double beats = event_beats(t, e);
    show->apply(t, e, &w);
    return beats;
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
        if (s->seat >= 0 && s->seat < CEKI_MAX_SEATS && v->kings[s->seat] < MAX_KINGS) {
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

/* A card's rectangle with room for its shadow, glow and focus ring: a
 * margin of what card_art_draw paints past a card of that size (a large
 * card's shadow), the rings' reach at the least. Moving cards damage their
 * place each frame: the fixed 24 units (48 pixels at 2560x1600) were about
 * twice what a trick card paints past its edge. */
static void damage_card(App *app, SDL_Rect r)
{
    int m = SDL_max(card_art_reach(r.w), app_px(app, DAMAGE_CARD_RING));
    app_damage(app, (SDL_Rect){r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m});
}

/* A seat's corner with room for the badges drawn at its edges. */
static void damage_seat(App *app, const TableState *t, int seat)
{
    if (seat >= 0 && seat < t->players) {
        damage_around(app, table_rect(t->layout.seats[seat].zone), DAMAGE_CARD);
    }
}

/* Where a card landing on a pile, the discard or a seat's trophies changes
 * what is drawn: its own place and its seat's corner (pile, counts, plate)
 * or the discard. */
static void damage_landing(App *app, const TableState *t, const Sprite *s)
{
    damage_card(app, view_rect(s));
    if (s->land == LAND_DISCARD) {
        damage_around(app, table_rect(t->layout.discard), DAMAGE_CARD);
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
        damage_around(app, table_rect(t->layout.prompt), DAMAGE_CARD);
    }
    if (before->stock != now->stock || before->deck != now->deck || before->aside != now->aside) {
        damage_around(app, table_rect(t->layout.stock), DAMAGE_COUNT);
        damage_around(app, table_rect(t->layout.spot), DAMAGE_COUNT);
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
        memset(v->pool_place, 0, sizeof v->pool_place);
        v->pool_places = 0;
        memset(v->log, 0, sizeof v->log);
        memset(v->pops, 0, sizeof v->pops);
        v->next_order = v->stock = v->deck = v->aside = v->npops = v->mends = 0;
    }
    whole = whole || memcmp(a, b, sizeof *a) != 0;
    free(a);
    free(b);
    return whole;
}

/* Plays the queued events whose time has come, placing the cards after
 * each; returns whether the frame must then be drawn whole (drawn in part
 * when only cards and a few counts changed). */
static bool play_due_events(App *app, TableState *t)
{
    double beat = table_beat(app);
    int guard = 0;
    TableView *before = NULL;
    bool seating = false;
    while (t->evq_n > 0 && (t->ev_wait <= 0 || beat <= 0) && guard++ < EVENTS_PER_FRAME_MAX) {
        if (before == NULL && beat > 0) {
            before = malloc(sizeof *before);
            if (before != NULL) {
                *before = t->view;
            }
        }
        GameEvent e = t->evq[t->evq_head];
        t->evq_head = (t->evq_head + 1) % EVQ_CAP;
        t->evq_n--;
        double beats = apply_event(t, &e);
        t->ev_wait += beats * beat;
        if (e.type == EV_SEATING) {
            table_relayout(app, t); /* the seats move */
            seating = true;
        }
        view_place(app, t);
    }
    bool whole = guard > 0 && (before == NULL || seating || damage_events(app, t, before));
    free(before);
    return whole;
}

/* The rising scores grow older by dt; those past their time go (their
 * places are damaged first: they are drawn gone). */
static void age_pops(App *app, TableState *t, double dt)
{
    TableView *v = &t->view;
    for (int k = 0; k < v->npops; k++) {
        damage_pop(app, t, k);
    }
    for (int k = 0; k < v->npops;) {
        v->pops[k].t += dt;
        if (v->pops[k].t > TV_POP_SECONDS) {
            memmove(&v->pops[k], &v->pops[k + 1], sizeof v->pops[0] * (size_t)(v->npops - k - 1));
            v->npops--;
        } else {
            k++;
        }
    }
}

/* A sprite at the end of its tween. */
static void snap(Sprite *s)
{
    s->x = s->tx;
    s->y = s->ty;
    s->w = s->tw;
    s->h = s->th;
}

/* Moves a gliding sprite on by dt and damages its path; returns whether it
 * is still on its way. */
static bool glide(App *app, Sprite *s, double dt)
{
    SDL_Rect was = view_rect(s);
    s->t += dt;
    if (s->t >= s->dur || s->dur <= 0) {
        s->moving = false;
        arrive(s);
        snap(s);
        /* Arrived: only its own place changes (a card landing on a pile or
         * the discard is damaged there, move_sprites). */
        damage_card(app, was);
        damage_card(app, view_rect(s));
        return false;
    }
    float k = ease(s->t / s->dur);
    s->x = s->fx + (s->tx - s->fx) * k;
    s->y = s->fy + (s->ty - s->fy) * k;
    /* Sizes switch half way rather than every frame: each size of a card is
     * a texture to make. */
    s->w = k < 0.5f ? s->fw : s->tw;
    s->h = k < 0.5f ? s->fh : s->th;
    /* In flight only its own path changes: where it was and where it is,
     * with its shadow. */
    damage_card(app, was);
    damage_card(app, view_rect(s));
    return true;
}

/* Moves every gliding sprite on by dt and lands the flights that are over
 * (each damaging only where it changes what is drawn: a landing drew the
 * whole frame, 4 million pixels at 2560x1600, once a turn in Kings).
 * Returns whether any card is still moving. */
static bool move_sprites(App *app, TableState *t, double dt)
{
    bool moving = false;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (!s->used) {
            continue;
        }
        if (s->moving && glide(app, s, dt)) {
            moving = true;
            continue;
        }
        if (s->zone == TZ_FLY) {
            damage_landing(app, t, s);
            land(t, i);
        }
    }
    return moving;
}

bool view_advance(App *app, TableState *t, double dt)
{
    if (t->ev_wait > 0) {
        t->ev_wait -= dt;
    }
    bool changed = play_due_events(app, t);
    if (t->evq_n == 0 && t->ev_wait < 0) {
        t->ev_wait = 0;
    }
    age_pops(app, t, dt);
    damage_ceremony(app, t);
    bool moving = move_sprites(app, t, dt);
    damage_ceremony(app, t);
    if (changed) {
        app->dirty = true;
    }
    return moving || t->evq_n > 0 || t->ev_wait > 0 || t->view.npops > 0;
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

/* Whether a sprite is only passing: drawn for a ceremony, in flight, lying
 * on the card it takes, or between zones. */
static bool passing(const Sprite *s)
{
    return s->zone == TZ_FLY || s->zone == TZ_MEET || s->zone == TZ_NONE || s->zone == TZ_CEREMONY;
}

/* Frees the sprites that are only passing. */
static void free_passing(TableState *t)
{
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        if (t->view.sprites[i].used && passing(&t->view.sprites[i])) {
            sprite_free(t, i);
        }
    }
}

void view_drop_flights(TableState *t)
{
    free_passing(t);
    t->view.npops = 0;
    t->ev_wait = 0;
}

/* The hands as the observation has them: the viewer's cards, the others'
 * backs, a declared pair face up; shown_by's draw lies in the spot. */
static void sync_hands(TableState *t, int shown_by, TlRect from)
{
    const Observation *o = &t->obs;
    Card want[OBS_MAX_POOL];
    bool exposed[OBS_MAX_POOL];
    for (int s = 0; s < t->players; s++) {
        int n = o->hand_count[s] - (s == shown_by ? 1 : 0);
        if (n > OBS_MAX_HAND) {
            n = OBS_MAX_HAND;
        }
        int left_exposed = o->exposed[s] != CARD_NONE ? DECLARED_PAIR : 0;
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
}

/* The spot as the observation has it: the turned card, a draw shown to all
 * (by shown_by), each by the seat it belongs to. */
static void sync_spot(TableState *t, int shown_by)
{
    const Observation *o = &t->obs;
    Card want[2];
    int ns = 0;
    if (o->turned != CARD_NONE) {
        want[ns++] = o->turned;
    }
    if (shown_by >= 0) {
        want[ns++] = o->shown_draw;
    }
    sync_zone(t, TZ_SPOT, -1, want, NULL, ns, t->layout.stock);
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        Sprite *s = &t->view.sprites[i];
        if (s->used && s->zone == TZ_SPOT) {
            s->seat = (int8_t)(shown_by >= 0 ? shown_by : (o->to_move >= 0 ? o->to_move : 0));
        }
    }
}

/* The counted things (stock, discard, piles) as the observation has them,
 * each difference counted as a mend. */
static void sync_counts(TableState *t)
{
    const Observation *o = &t->obs;
    TableView *v = &t->view;
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
}

/* Kings: seat's Kings on its plate as its match score counts them. */
static void sync_kings(TableState *t, int s)
{
    static const CardSuit suits[MAX_KINGS] = {SUIT_SPADES, SUIT_HEARTS, SUIT_DIAMONDS, SUIT_CLUBS};
    TableView *v = &t->view;
    int k = t->obs.match_score[s] < MAX_KINGS ? t->obs.match_score[s] : MAX_KINGS;
    while (v->kings[s] < k) {
        v->king_cards[s][v->kings[s]] = card_french(suits[v->kings[s]], KING_RANK);
        v->kings[s]++;
    }
    v->kings[s] = k;
}

/* Each seat's state (roles, piles, scores, Kings) as the observation has it. */
static void sync_seats(TableState *t)
{
    const Observation *o = &t->obs;
    TableView *v = &t->view;
    bool round_over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    for (int s = 0; s < t->players; s++) {
        v->sitting_out[s] = o->sitting_out[s];
        v->role[s] = o->role[s];
        v->forfeited[s] = o->forfeited[s];
        v->exposed[s] = o->exposed[s];
        v->pile_n[s] = o->captured_count[s];
        v->pile_visible[s] = o->captured_visible[s];
        memcpy(v->pile[s], o->captured[s], sizeof v->pile[s]);
        if (round_over) {
            v->round_score[s] = o->round_score[s];
        }
        if (t->v->match_kind == MATCHKIND_KINGS) {
            sync_kings(t, s);
        }
    }
    if (!round_over) {
        v->round_scored = false;
    }
}

void view_sync(App *app, TableState *t, bool animate)
{
    const Observation *o = &t->obs;
    TableView *v = &t->view;
    TlRect from = deck_rect(t);
    if (!animate) {
        free_passing(t);
    }
    /* Kowah: a draw shown to all lies in the spot, out of its drawer's hand. */
    int shown_by =
        o->shown_draw != CARD_NONE && v->shown_by >= 0 && v->shown_by != o->seat ? v->shown_by : -1;
    sync_hands(t, shown_by, from);
    sync_zone(t, TZ_POOL, -1, o->pool, NULL, o->pool_count, from);
    sync_spot(t, shown_by);
    sync_counts(t);
    /* The seats' roles first: Pèi's bands are laid out from them, and a
     * pool placed in bands of roles it no longer has would keep (pool_h)
     * a card height that layout chose. */
    sync_seats(t);
    bool reversed = t->players > 2 && o->next_seat[0] != 1;
    if (reversed != v->reversed) {
        v->reversed = reversed;
        table_relayout(app, t);
    }
    view_place(app, t);
    for (int i = 0; i < TV_MAX_SPRITES && !animate; i++) {
        Sprite *s = &v->sprites[i];
        if (s->used) {
            snap(s);
            s->moving = false;
        }
    }
}
