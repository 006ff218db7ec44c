/* proto_view.c — a seat's view as canonical bytes, its hash, and the delta
 * between two views (net_view.h, proto_view.h).
 *
 * The delta works on the canonical bytes, section by section
 * (ViewSection). It starts with the hash of the view it applies to and the
 * hash of the view it makes, then gives each section as one of:
 *   DELTA_SAME   the section as it was;
 *   DELTA_EDIT   drop d bytes at the front, keep the next p, put m new
 *                bytes, keep the last q (a card played from a hand, cards
 *                added to a pile, the history growing, or rolling on once
 *                full, or, with p = q = 0, the whole section anew);
 *   DELTA_PATCH  the same length, with runs of bytes replaced (the head's
 *                counts and scores, the history's sums).
 * The encoder takes whichever of EDIT and PATCH is shorter. Applying checks
 * every offset against the base, that the base's hash is the one named,
 * that the result decodes as a view and that it hashes as named.
 */
#include "proto_view.h"

#include <string.h>

#include "net_view.h"

#define VIEW_FLAG_SITTING_OUT (1u << 0)
#define VIEW_FLAG_VISIBLE (1u << 1)
#define VIEW_FLAG_FIRST_TURN (1u << 2)
#define VIEW_FLAG_FORFEITED (1u << 3)
#define VIEW_FLAG_ROUND_WINNER (1u << 4)
#define VIEW_FLAG_MATCH_WINNER (1u << 5)
#define VIEW_FLAGS_ALL 0x3fu
#define VIEW_PUB_FLAGS_ALL (PUB_FLAG_TURNED | PUB_FLAG_DISCARD)
#define VIEW_ENTRY_BYTES 5 /* a history entry: kind, seat, flags, card, card2 */
#define VIEW_U16_MAX 65535
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

enum { DELTA_SAME = 0, DELTA_EDIT, DELTA_PATCH, DELTA_KINDS };
#define DELTA_PATCH_GAP 4 /* equal bytes shorter than this join two runs */

/* What the layout needs to know of the counts while reading (a CHECK pass
 * stores nothing, so it cannot look them up in the Observation). */
typedef struct ViewCounts {
    int players, seat;
    int hand[CEKI_MAX_SEATS];
    int captured[CEKI_MAX_SEATS];
    bool visible[CEKI_MAX_SEATS];
    int pool, discard, entries;
} ViewCounts;

static void view_mark(const Codec *c, ViewSections *sec, int which)
{
    if (sec)
        sec->start[which] = c->pos;
}

static bool view_writing(const Codec *c)
{
    return c->mode == CODEC_WRITE;
}

/* An enum field (the caller passes its value when writing, else 0). */
static int view_io_enum(Codec *c, int value, int max)
{
    int x = value;
    return codec_io_int(c, &x, 0, max, 1);
}

static uint8_t view_flags_of(const Observation *o, int s)
{
    return (uint8_t)((o->sitting_out[s] ? VIEW_FLAG_SITTING_OUT : 0u) |
                     (o->captured_visible[s] ? VIEW_FLAG_VISIBLE : 0u) |
                     (o->first_turn[s] ? VIEW_FLAG_FIRST_TURN : 0u) |
                     (o->forfeited[s] ? VIEW_FLAG_FORFEITED : 0u) |
                     (o->round_winner[s] ? VIEW_FLAG_ROUND_WINNER : 0u) |
                     (o->match_winner[s] ? VIEW_FLAG_MATCH_WINNER : 0u));
}

static void view_io_seat(Codec *c, Observation *o, int s, ViewCounts *n)
{
    int p = n->players;
    int role = view_io_enum(c, view_writing(c) ? (int)o->role[s] : 0, ROLE_DEALER);
    codec_io_int(c, &o->next_seat[s], 0, p - 1, 1);
    uint8_t flags = view_writing(c) ? view_flags_of(o, s) : 0;
    flags = codec_io_u8(c, &flags, VIEW_FLAGS_ALL);
    n->hand[s] = codec_io_int(c, &o->hand_count[s], 0, OBS_MAX_HAND, 1);
    n->captured[s] = codec_io_int(c, &o->captured_count[s], 0, OBS_MAX_PILE, 2);
    n->visible[s] = (flags & VIEW_FLAG_VISIBLE) != 0;
    int32_t score[3] = {0, 0, 0};
    if (view_writing(c)) {
        score[0] = o->round_score[s];
        score[1] = o->match_score[s];
        score[2] = o->units[s];
    }
    for (int i = 0; i < 3; i++)
        codec_io_i32(c, &score[i]);
    codec_io_card(c, &o->exposed[s], true);
    codec_io_int(c, &o->peek_depth_of[s], 0, CEKI_MAX_DECK, 2);
    if (!codec_storing(c))
        return;
    o->role[s] = (GameRole)role;
    o->sitting_out[s] = (flags & VIEW_FLAG_SITTING_OUT) != 0;
    o->captured_visible[s] = n->visible[s];
    o->first_turn[s] = (flags & VIEW_FLAG_FIRST_TURN) != 0;
    o->forfeited[s] = (flags & VIEW_FLAG_FORFEITED) != 0;
    o->round_winner[s] = (flags & VIEW_FLAG_ROUND_WINNER) != 0;
    o->match_winner[s] = (flags & VIEW_FLAG_MATCH_WINNER) != 0;
    o->round_score[s] = score[0];
    o->match_score[s] = score[1];
    o->units[s] = score[2];
}

static void view_io_head(Codec *c, Observation *o, ViewCounts *n)
{
    int variant = view_io_enum(c, view_writing(c) ? (int)o->variant : 0, VARIANT_COUNT - 1);
    n->players = codec_io_int(c, &o->players, 1, CEKI_MAX_SEATS, 1);
    if (!codec_ok(c))
        return;
    int p = n->players;
    n->seat = codec_io_int(c, &o->seat, GAME_SPECTATOR, p - 1, 1);
    codec_io_int(c, &o->round, 0, VIEW_U16_MAX, 2);
    int phase = view_io_enum(c, view_writing(c) ? (int)o->phase : 0, PHASE_MATCH_OVER);
    codec_io_int(c, &o->to_move, -1, p - 1, 1);
    codec_io_int(c, &o->dealer, -1, p - 1, 1);
    codec_io_int(c, &o->starter, -1, p - 1, 1);
    for (int s = 0; s < p; s++)
        view_io_seat(c, o, s, n);
    n->pool = codec_io_int(c, &o->pool_count, 0, OBS_MAX_POOL, 2);
    codec_io_int(c, &o->stock_count, 0, CEKI_MAX_DECK, 2);
    codec_io_int(c, &o->set_aside_count, 0, CEKI_MAX_DECK, 2);
    codec_io_card(c, &o->turned, true);
    codec_io_card(c, &o->stock_last_public, true);
    uint8_t peek = codec_io_card(c, &o->peek, true);
    codec_io_int(c, &o->peek_depth, -1, CEKI_MAX_DECK, 2);
    n->discard = codec_io_int(c, &o->discard_count, 0, CEKI_MAX_DECK, 2);
    codec_io_card(c, &o->shown_draw, true);
    uint8_t drawn = codec_io_card(c, &o->drawn, true);
    /* a spectator has no hand, no peek and no draw of its own */
    codec_require(c, n->seat >= 0 || (peek == CARD_NONE && drawn == CARD_NONE));
    codec_io_int(c, &o->idle_turns, 0, VIEW_U16_MAX, 2);
    codec_io_i32(c, &o->pot);
    n->entries = codec_io_int(c, &o->history.count, 0, PUBLIC_HISTORY_MAX, 2);
    int total = codec_io_int(c, &o->history.total, 0, INT32_MAX, 4);
    codec_require(c, total >= n->entries);
    if (codec_storing(c)) {
        o->variant = (VariantId)variant;
        o->phase = (GamePhase)phase;
    }
}

static void view_io_cards(Codec *c, Card *cards, int count)
{
    for (int i = 0; i < count; i++)
        codec_io_card(c, &cards[i], false);
}

static void view_io_entry(Codec *c, PublicEntry *e, int players)
{
    codec_io_u8(c, &e->kind, PUB_CLAIM);
    codec_io_u8(c, &e->seat, (uint8_t)(players - 1));
    codec_io_u8(c, &e->flags, VIEW_PUB_FLAGS_ALL);
    codec_io_card(c, &e->card, true);
    codec_io_card(c, &e->card2, true);
}

/* One seat's counts by kind: how many kinds are listed, then each kind
 * (a Card value, increasing) with its count (at least 1). */
static void view_io_kinds(Codec *c, uint8_t *counts)
{
    uint8_t listed = 0;
    for (int k = 0; c->mode == CODEC_WRITE && k < CARD_KIND_LIMIT; k++)
        listed = (uint8_t)(listed + (counts[k] != 0));
    listed = codec_io_u8(c, &listed, CARD_KIND_LIMIT);
    int next = 0; /* the writer's scan, and the smallest kind the reader may see */
    for (int i = 0; i < listed && codec_ok(c); i++) {
        while (c->mode == CODEC_WRITE && counts[next] == 0)
            next++;
        uint8_t kind = (uint8_t)next;
        kind = codec_io_card(c, &kind, false);
        codec_require(c, kind >= next);
        uint8_t n = view_writing(c) ? counts[kind] : 0;
        n = codec_io_u8(c, &n, UINT8_MAX);
        codec_require(c, n >= 1);
        if (codec_storing(c))
            counts[kind] = n;
        next = kind + 1;
    }
}

static void view_io_lists(Codec *c, Observation *o, const ViewCounts *n, ViewSections *sec)
{
    view_mark(c, sec, VIEW_SEC_HAND);
    view_io_cards(c, o->hand, n->seat >= 0 ? n->hand[n->seat] : 0);
    view_mark(c, sec, VIEW_SEC_POOL);
    view_io_cards(c, o->pool, n->pool);
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        view_mark(c, sec, VIEW_SEC_CAPTURED + s);
        if (s >= n->players)
            continue;
        if (n->visible[s])
            view_io_cards(c, o->captured[s], n->captured[s]);
        else if (codec_storing(c))
            memset(o->captured[s], CARD_NONE, sizeof o->captured[s]);
    }
    view_mark(c, sec, VIEW_SEC_DISCARD);
    view_io_cards(c, o->discard, n->discard);
    view_mark(c, sec, VIEW_SEC_HISTORY);
    for (int i = 0; i < n->entries; i++)
        view_io_entry(c, &o->history.entry[i], n->players);
    view_mark(c, sec, VIEW_SEC_SUMS);
    for (int s = 0; s < n->players; s++) {
        view_io_kinds(c, o->history.pile[s]);
        view_io_kinds(c, o->history.hand[s]);
    }
    view_mark(c, sec, VIEW_SEC_COUNT);
}

void view_io(Codec *c, Observation *o, ViewSections *sec)
{
    ViewCounts n;
    memset(&n, 0, sizeof n);
    view_mark(c, sec, VIEW_SEC_HEAD);
    view_io_head(c, o, &n);
    if (codec_ok(c))
        view_io_lists(c, o, &n, sec);
}

size_t net_view_bytes(const Observation *view, uint8_t *buf, size_t cap)
{
    if (!view || !buf)
        return 0;
    Codec c = codec_writer(buf, cap);
    view_io(&c, (Observation *)view, NULL); /* a WRITE pass only reads the view */
    return codec_ok(&c) ? c.pos : 0;
}

static uint64_t view_fnv1a(const uint8_t *bytes, size_t len)
{
    uint64_t h = FNV_OFFSET;
    for (size_t i = 0; i < len; i++) {
        h ^= bytes[i];
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t net_view_hash(const Observation *view)
{
    uint8_t buf[VIEW_BYTES_MAX];
    size_t n = net_view_bytes(view, buf, sizeof buf);
    return view_fnv1a(buf, n);
}

/* ---- the delta ---- */

/* Bytes of a view with its sections; 0 when it does not encode. */
static size_t view_sectioned(const Observation *v, uint8_t *buf, ViewSections *sec)
{
    Codec c = codec_writer(buf, VIEW_BYTES_MAX);
    view_io(&c, (Observation *)v, sec);
    return codec_ok(&c) ? c.pos : 0;
}

static size_t delta_common_prefix(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    size_t n = 0;
    while (n < na && n < nb && a[n] == b[n])
        n++;
    return n;
}

static size_t delta_common_suffix(const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
                                  size_t limit)
{
    size_t n = 0;
    while (n < na && n < nb && n < limit && a[na - 1 - n] == b[nb - 1 - n])
        n++;
    return n;
}

/* The EDIT of old into new dropping `drop` bytes first, written at w; its
 * size (written only when it fits). */
static size_t delta_edit(Codec *w, const uint8_t *old, size_t nold, const uint8_t *nw, size_t nnew,
                         size_t drop, bool write)
{
    size_t kept = nold - drop;
    size_t p = delta_common_prefix(old + drop, kept, nw, nnew);
    size_t q = delta_common_suffix(old + drop + p, kept - p, nw + p, nnew - p, SIZE_MAX);
    size_t mid = nnew - p - q;
    size_t size = 1 + 4 * 2 + mid;
    if (!write)
        return size;
    uint8_t op = DELTA_EDIT;
    uint16_t f[4] = {(uint16_t)drop, (uint16_t)p, (uint16_t)q, (uint16_t)mid};
    codec_io_u8(w, &op, DELTA_KINDS - 1);
    for (int i = 0; i < 4; i++)
        codec_io_u16(w, &f[i], UINT16_MAX);
    codec_io_bytes(w, (uint8_t *)(nw + p), mid);
    return size;
}

/* The next run of differing bytes of two equal-length sections from *at:
 * [*start, *end); false when there is none. Runs closer than
 * DELTA_PATCH_GAP equal bytes are one. */
static bool delta_next_run(const uint8_t *old, const uint8_t *nw, size_t n, size_t *at,
                           size_t *start, size_t *end)
{
    size_t i = *at;
    while (i < n && old[i] == nw[i])
        i++;
    if (i >= n)
        return false;
    size_t e = i + 1, same = 0;
    while (e < n && same < DELTA_PATCH_GAP) {
        same = old[e] == nw[e] ? same + 1 : 0;
        e++;
    }
    e -= same;
    *start = i;
    *end = e;
    *at = e;
    return true;
}

/* The PATCH of old into new (same length): its size, and when write, the
 * patch itself at w. */
static size_t delta_patch(Codec *w, const uint8_t *old, const uint8_t *nw, size_t n, bool write)
{
    size_t size = 1 + 2, at = 0, start = 0, end = 0;
    uint16_t runs = 0;
    while (delta_next_run(old, nw, n, &at, &start, &end)) {
        runs++;
        size += 4 + (end - start);
    }
    if (!write)
        return size;
    uint8_t op = DELTA_PATCH;
    codec_io_u8(w, &op, DELTA_KINDS - 1);
    codec_io_u16(w, &runs, UINT16_MAX);
    at = 0;
    while (delta_next_run(old, nw, n, &at, &start, &end)) {
        uint16_t f[2] = {(uint16_t)start, (uint16_t)(end - start)};
        codec_io_u16(w, &f[0], UINT16_MAX);
        codec_io_u16(w, &f[1], UINT16_MAX);
        codec_io_bytes(w, (uint8_t *)(nw + start), end - start);
    }
    return size;
}

/* How many bytes the history's entries rolled on by (the oldest dropped as
 * new ones came, once the history is full). */
static size_t delta_history_drop(const Observation *from, const Observation *to, size_t nold)
{
    long rolled = (long)to->history.total - (long)from->history.total;
    if (rolled <= 0 || from->history.count != PUBLIC_HISTORY_MAX)
        return 0;
    size_t drop = (size_t)rolled * VIEW_ENTRY_BYTES;
    return drop <= nold ? drop : 0;
}

static void delta_section(Codec *w, const uint8_t *old, size_t nold, const uint8_t *nw, size_t nnew,
                          size_t drop)
{
    if (nold == nnew && memcmp(old, nw, nnew) == 0) {
        uint8_t op = DELTA_SAME;
        codec_io_u8(w, &op, DELTA_KINDS - 1);
        return;
    }
    size_t edit = delta_edit(w, old, nold, nw, nnew, 0, false);
    size_t edit_drop = drop > 0 ? delta_edit(w, old, nold, nw, nnew, drop, false) : SIZE_MAX;
    size_t patch = nold == nnew ? delta_patch(w, old, nw, nnew, false) : SIZE_MAX;
    if (patch < edit && patch < edit_drop)
        delta_patch(w, old, nw, nnew, true);
    else if (edit_drop < edit)
        delta_edit(w, old, nold, nw, nnew, drop, true);
    else
        delta_edit(w, old, nold, nw, nnew, 0, true);
}

size_t net_view_delta(const Observation *from, const Observation *to, uint8_t *buf, size_t cap)
{
    if (!from || !to || !buf)
        return 0;
    uint8_t a[VIEW_BYTES_MAX], b[VIEW_BYTES_MAX];
    ViewSections sa, sb;
    size_t na = view_sectioned(from, a, &sa);
    size_t nb = view_sectioned(to, b, &sb);
    if (na == 0 || nb == 0)
        return 0;
    Codec w = codec_writer(buf, cap);
    uint64_t h[2] = {view_fnv1a(a, na), view_fnv1a(b, nb)};
    codec_io_u64(&w, &h[0]);
    codec_io_u64(&w, &h[1]);
    uint8_t sections = VIEW_SEC_COUNT;
    codec_io_u8(&w, &sections, VIEW_SEC_COUNT);
    for (int s = 0; s < VIEW_SEC_COUNT; s++) {
        size_t nold = sa.start[s + 1] - sa.start[s], nnew = sb.start[s + 1] - sb.start[s];
        size_t drop = s == VIEW_SEC_HISTORY ? delta_history_drop(from, to, nold) : 0;
        delta_section(&w, a + sa.start[s], nold, b + sb.start[s], nnew, drop);
    }
    return codec_ok(&w) ? w.pos : 0;
}

/* Appends n bytes to out (of VIEW_BYTES_MAX at *len); false when full. */
static bool delta_put(uint8_t *out, size_t *len, const uint8_t *bytes, size_t n)
{
    if (n > VIEW_BYTES_MAX - *len)
        return false;
    memcpy(out + *len, bytes, n);
    *len += n;
    return true;
}

static bool apply_edit(Codec *r, const uint8_t *old, size_t nold, uint8_t *out, size_t *len)
{
    uint16_t f[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        f[i] = codec_io_u16(r, &f[i], UINT16_MAX);
    size_t drop = f[0], p = f[1], q = f[2], mid = f[3];
    if (!codec_ok(r) || drop > nold || p > nold - drop || q > nold - drop - p ||
        mid > r->size - r->pos)
        return false;
    bool ok = delta_put(out, len, old + drop, p) && delta_put(out, len, r->in + r->pos, mid) &&
              delta_put(out, len, old + nold - q, q);
    r->pos += mid;
    return ok;
}

static bool apply_patch(Codec *r, const uint8_t *old, size_t nold, uint8_t *out, size_t *len)
{
    size_t base = *len;
    if (!delta_put(out, len, old, nold))
        return false;
    uint16_t runs = 0;
    runs = codec_io_u16(r, &runs, UINT16_MAX);
    for (uint16_t i = 0; i < runs && codec_ok(r); i++) {
        uint16_t at = 0, n = 0;
        at = codec_io_u16(r, &at, UINT16_MAX);
        n = codec_io_u16(r, &n, UINT16_MAX);
        if (!codec_ok(r) || at > nold || n > nold - at || n > r->size - r->pos)
            return false;
        memcpy(out + base + at, r->in + r->pos, n);
        r->pos += n;
    }
    return codec_ok(r);
}

/* The new view's bytes from the old ones and the delta's sections. */
static bool apply_sections(Codec *r, const uint8_t *a, const ViewSections *sa, uint8_t *out,
                           size_t *len)
{
    for (int s = 0; s < VIEW_SEC_COUNT; s++) {
        const uint8_t *old = a + sa->start[s];
        size_t nold = sa->start[s + 1] - sa->start[s];
        uint8_t op = 0;
        op = codec_io_u8(r, &op, DELTA_KINDS - 1);
        if (!codec_ok(r))
            return false;
        bool ok = op == DELTA_SAME   ? delta_put(out, len, old, nold)
                  : op == DELTA_EDIT ? apply_edit(r, old, nold, out, len)
                                     : apply_patch(r, old, nold, out, len);
        if (!ok)
            return false;
    }
    return r->pos == r->size;
}

bool net_view_apply_delta(const Observation *from, const uint8_t *delta, size_t len,
                          Observation *to)
{
    if (!from || !delta || !to)
        return false;
    uint8_t a[VIEW_BYTES_MAX], b[VIEW_BYTES_MAX];
    ViewSections sa;
    size_t na = view_sectioned(from, a, &sa);
    Codec r = codec_reader(delta, len, CODEC_CHECK);
    uint64_t h[2] = {0, 0};
    h[0] = codec_io_u64(&r, &h[0]);
    h[1] = codec_io_u64(&r, &h[1]);
    uint8_t sections = 0;
    sections = codec_io_u8(&r, &sections, VIEW_SEC_COUNT);
    if (na == 0 || !codec_ok(&r) || sections != VIEW_SEC_COUNT || h[0] != view_fnv1a(a, na))
        return false;
    size_t nb = 0;
    if (!apply_sections(&r, a, &sa, b, &nb) || view_fnv1a(b, nb) != h[1])
        return false;
    Codec check = codec_reader(b, nb, CODEC_CHECK);
    view_io(&check, to, NULL);
    if (!codec_ok(&check) || check.pos != nb)
        return false;
    memset(to, 0, sizeof *to);
    Codec read = codec_reader(b, nb, CODEC_READ);
    view_io(&read, to, NULL);
    return true;
}
