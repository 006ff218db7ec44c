/* scene_learn_draw.c — laying out and drawing the blocks of a learn page:
 * rich text (bold, terms, Javanese script), rows of cards, capture
 * examples, scored piles, interactive boards, the deal, a worked turn, the
 * comparison table and the glossary. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "card_names.h"
#include "kowah.h"
#include "learn_internal.h"
#include "pei.h"
#include "variant_text.h"

#define U(p, units) app_px((p)->app, (units))

/* Layout, in design units. */
#define BLOCK_PAD 14          /* a boxed block's inner margin */
#define BLOCK_GAP 14          /* the space after a block */
#define LABEL_H 16            /* a small capitals label's box */
#define LABEL_ADVANCE 20      /* from a label's top to what it heads */
#define LEGAL_POOL_X 200      /* a capture example's pool, from its inner left */
#define LEGAL_POOL_GAP 10     /* between its cards */
#define BOARD_CARD_GAP 8      /* between a board's cards */
#define DEAL_OTHERS_PER_ROW 3 /* hidden hands of the other players in a row */
#define DEAL_ROW_STEP 330     /* from the stock to the set-aside cards to the next */
#define DEAL_LINE_H 20        /* a line of the deal block's soft text */
#define DEAL_LINE_ADVANCE 24  /* ... and the space it takes */
#define PEI_SIDE_H 40         /* a side of Pèi's square at least */
#define PEI_SIDE_CARDS_X 210  /* its cards, right of its label */

/* Capacities. */
#define LEGAL_MAX_POOL 16 /* cards of a capture example's pool */
#define BOARD_MAX_LIT 32  /* pool cards a board can light up */

/* ---- small helpers -------------------------------------------------------------- */

static bool has_javanese(const char *s, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        unsigned char a = (unsigned char)s[i], b = (unsigned char)s[i + 1];
        if (a == 0xEA && (b == 0xA6 || b == 0xA7)) {
            return true;
        }
    }
    return false;
}

void learn_overflow(LearnState *s, const char *text, int have, int need)
{
    int k = s->layout_overflows + s->frame_overflows;
    if (s->measuring) {
        s->layout_overflows++;
    } else {
        s->frame_overflows++;
    }
    if (k < 4) {
        snprintf(s->metrics.overflow[k], sizeof s->metrics.overflow[k], "%d > %d: %.120s", need,
                 have, text);
    }
}

bool learn_in_view(const LearnState *s, SDL_Rect r)
{
    SDL_Rect out;
    return SDL_IntersectRect(&r, &s->view, &out) == SDL_TRUE;
}

void learn_add_widget(LearnPass *p, WidgetKind kind, int id, SDL_Rect r, const char *name)
{
    SDL_Rect clipped;
    if (p->s->measuring || SDL_IntersectRect(&r, &p->s->view, &clipped) != SDL_TRUE) {
        return;
    }
    ui_add(&p->s->ui, kind, id, clipped, false, name);
}

void learn_add_hit(LearnState *s, HitKind kind, int board, int index, Card c, SDL_Rect r)
{
    SDL_Rect clipped;
    if (s->measuring || s->nhits >= LEARN_MAX_HITS ||
        SDL_IntersectRect(&r, &s->view, &clipped) != SDL_TRUE) {
        return;
    }
    s->hits[s->nhits++] = (LearnHit){clipped, (uint8_t)kind, board, index, c};
}

SDL_Rect learn_label(LearnPass *p, const char *text, TextStyle style, SDL_Rect box, TextAlign align)
{
    int w = 0, h = 0;
    text_measure(p->app->text, text, style.px, style.weight, &w, &h);
    if (p->s->measuring) {
        p->s->metrics.texts++;
        if (w > box.w + 1) {
            learn_overflow(p->s, text, box.w, w);
        }
    }
    if (!p->draw) {
        return (SDL_Rect){box.x, box.y, w, h};
    }
    return text_draw_in(p->app->text, p->app->renderer, text, &style, box, align);
}

SDL_Rect learn_text_at(LearnPass *p, const char *text, TextStyle style, int x, int y, int w)
{
    int tw = 0, th = 0;
    text_measure(p->app->text, text, style.px, style.weight, &tw, &th);
    if (p->s->measuring) {
        p->s->metrics.texts++;
        if (tw > w + 1) {
            learn_overflow(p->s, text, w, tw);
        }
    }
    if (!p->draw) {
        return (SDL_Rect){x, y, tw, th};
    }
    return text_draw(p->app->text, p->app->renderer, text, &style, x, y, TEXT_LEFT);
}

/* ---- rich text ------------------------------------------------------------------ */

static TextStyle face_style(TextStyle base, RichFace face)
{
    TextStyle st = base;
    if (face == RICH_BOLD) {
        st.weight = TEXT_BOLD;
        if (base.color.r < 230) {
            st.color = UI_INK;
        }
    } else if (face == RICH_TERM) {
        st.color = UI_GOLD_LIGHT;
    }
    return st;
}

static int measure(Text *t, const char *s, size_t len, TextStyle st)
{
    char buf[1024];
    if (len >= sizeof buf) {
        len = sizeof buf - 1;
    }
    memcpy(buf, s, len);
    buf[len] = '\0';
    int w = 0, h = 0;
    text_measure(t, buf, st.px, st.weight, &w, &h);
    return w;
}

#define RICH_MAX 4096

typedef struct RichWord {
    size_t start, end; /* bytes in clean[] */
    int w;
} RichWord;

/* Finishes a line made of clean[from, to): segments by face. */
static void rich_line(LearnPass *p, RichBox *rb, const char *clean, const uint8_t *faces,
                      size_t from, size_t to, int y, int limit, const char *whole)
{
    RichStore *st = &p->s->store;
    Text *t = p->app->text;
    if (st->nlines >= LEARN_MAX_LINES) {
        st->full = true;
        return;
    }
    RichLine *line = &st->lines[st->nlines++];
    *line = (RichLine){.y = y, .first = st->nsegs, .count = 0};
    rb->count++;
    int x = 0, asc_max = 0, desc_max = 0;
    int lifts_at = st->nsegs;
    size_t i = from;
    while (i < to) {
        RichFace face = (RichFace)faces[i];
        size_t j = i;
        while (j < to && (faces[j] == face || clean[j] == ' ')) {
            j++;
        }
        if (st->nsegs >= LEARN_MAX_SEGS || st->used + (j - i) + 1 > LEARN_CHARS) {
            st->full = true;
            break;
        }
        TextStyle fs = face_style(rb->style, face);
        bool jav = has_javanese(clean + i, j - i);
        RichSeg *seg = &st->segs[st->nsegs++];
        memcpy(st->chars + st->used, clean + i, j - i);
        st->chars[st->used + (j - i)] = '\0';
        *seg = (RichSeg){
            .x = x, .face = (uint8_t)face, .off = (uint32_t)st->used, .len = (uint16_t)(j - i)};
        st->used += j - i + 1;
        int asc = text_baseline(t, fs.px, fs.weight, jav);
        int h = text_line_height(t, fs.px, fs.weight, jav);
        if (jav) {
            /* Stacked signs (pasangan, suku) reach below the font's descent. */
            h += (int)(fs.px * 0.3f);
        }
        seg->lift = asc; /* fixed below */
        asc_max = SDL_max(asc_max, asc);
        desc_max = SDL_max(desc_max, h - asc);
        x += measure(t, clean + i, j - i, fs);
        line->count++;
        i = j;
    }
    for (int k = lifts_at; k < st->nsegs; k++) {
        st->segs[k].lift = asc_max - st->segs[k].lift;
    }
    line->w = x;
    line->h = asc_max + desc_max;
    if (x > limit + 1) {
        learn_overflow(p->s, whole, limit, x);
    }
}

/* The width clean[from, to) takes when drawn as its face runs. */
static int real_width(Text *t, const char *clean, const uint8_t *faces, size_t from, size_t to,
                      TextStyle style)
{
    int x = 0;
    size_t i = from;
    while (i < to) {
        size_t j = i;
        while (j < to && (faces[j] == faces[i] || clean[j] == ' ')) {
            j++;
        }
        x += measure(t, clean + i, j - i, face_style(style, (RichFace)faces[i]));
        i = j;
    }
    return x;
}

#define RICH_WORDS 800

static void rich_layout(LearnPass *p, RichBox *rb, const char *text, TextStyle style, int w,
                        float spacing)
{
    char clean[RICH_MAX];
    uint8_t faces[RICH_MAX];
    size_t n = 0;
    bool bold = false, term = false;
    for (const char *c = text; *c != '\0' && n + 1 < RICH_MAX; c++) {
        if (*c == '*') {
            bold = !bold;
            continue;
        }
        if (*c == '_') {
            term = !term;
            continue;
        }
        clean[n] = *c;
        faces[n] = (uint8_t)(bold ? RICH_BOLD : term ? RICH_TERM : RICH_BODY);
        n++;
    }
    clean[n] = '\0';
    RichStore *st = &p->s->store;
    *rb = (RichBox){.valid = true, .first = st->nlines, .count = 0, .w = w, .h = 0, .style = style};
    if (p->s->measuring) {
        p->s->metrics.texts++;
    }
    Text *t = p->app->text;
    /* Words, each with its width and whether a line break follows it. */
    RichWord words[RICH_WORDS];
    bool breaks[RICH_WORDS];
    int nw = 0;
    size_t k = 0;
    while (k < n && nw < RICH_WORDS) {
        while (k < n && clean[k] == ' ') {
            k++;
        }
        if (k >= n) {
            break;
        }
        if (clean[k] == '\n') {
            if (nw > 0) {
                breaks[nw - 1] = true;
            }
            k++;
            continue;
        }
        size_t we = k;
        while (we < n && clean[we] != ' ' && clean[we] != '\n') {
            we++;
        }
        words[nw] = (RichWord){k, we, real_width(t, clean, faces, k, we, style)};
        breaks[nw] = false;
        nw++;
        k = we;
    }
    int space_w = measure(t, "x x", 3, style) - measure(t, "xx", 2, style);
    int y = 0;
    int i = 0;
    while (i < nw) {
        /* As many words as fit by their widths ... */
        int j = i + 1, line_w = words[i].w;
        while (j < nw && !breaks[j - 1] && line_w + space_w + words[j].w <= w) {
            line_w += space_w + words[j].w;
            j++;
        }
        /* ... then checked as drawn, giving words back while too wide. */
        while (j - i > 1 &&
               real_width(t, clean, faces, words[i].start, words[j - 1].end, style) > w) {
            j--;
        }
        rich_line(p, rb, clean, faces, words[i].start, words[j - 1].end, y, w, text);
        if (st->nlines > 0) {
            const RichLine *l = &st->lines[st->nlines - 1];
            rb->h = y + l->h;
            y += (int)lroundf((float)l->h * spacing);
        }
        i = j;
    }
}

int learn_rich(LearnPass *p, int block, int slot, const char *text, TextStyle style, int x, int y,
               int w, float spacing)
{
    if (block < 0 || block >= LEARN_MAX_BLOCKS || slot < 0 || slot >= LEARN_RICH_SLOTS ||
        text == NULL) {
        return 0;
    }
    RichBox *rb = &p->s->rich[block][slot];
    uint32_t hash = 2166136261u;
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        hash = (hash ^ *c) * 16777619u;
    }
    if (!rb->valid || rb->w != w || rb->style.px != style.px || rb->hash != hash) {
        rich_layout(p, rb, text, style, w, spacing);
        rb->hash = hash;
    }
    if (!p->draw) {
        return rb->h;
    }
    const RichStore *st = &p->s->store;
    for (int i = 0; i < rb->count; i++) {
        const RichLine *line = &st->lines[rb->first + i];
        int ly = y + line->y;
        if (ly > p->s->view.y + p->s->view.h || ly + line->h < p->s->view.y) {
            continue;
        }
        for (int k = 0; k < line->count; k++) {
            const RichSeg *seg = &st->segs[line->first + k];
            TextStyle fs = face_style(style, (RichFace)seg->face);
            fs.color = style.color.a < 255
                           ? (SDL_Color){fs.color.r, fs.color.g, fs.color.b, style.color.a}
                           : fs.color;
            text_draw(p->app->text, p->app->renderer, st->chars + seg->off, &fs, x + seg->x,
                      ly + seg->lift, TEXT_LEFT);
        }
    }
    return rb->h;
}

/* ---- cards ------------------------------------------------------------------------ */

unsigned learn_card_flags(const App *app, const LearnState *s)
{
    const VariantDesc *v = variant_get(s->variant);
    unsigned flags = 0;
    if (v != NULL && v->scores_red_stamps) {
        flags |= CARD_RED_STAMP;
    }
    if (app->settings.colour_cue) {
        flags |= CARD_COLOUR_CUE;
    }
    return flags;
}

static DeckStyle style_of(const LearnState *s, Card c)
{
    return card_is_french(c) ? STYLE_FRENCH : s->style;
}

int learn_card_h(const LearnState *s, Card sample, float units)
{
    bool tall = !card_is_french(sample) && s->style == STYLE_CEKI;
    float h = tall ? units : units * 0.74f;
    return (int)lroundf(h * s->laid_ui);
}

int learn_card_w(const LearnState *s, Card sample, int h)
{
    return (int)lround((double)h * card_art_aspect(style_of(s, sample), sample));
}

static SDL_Color suit_ink(CardSuit suit)
{
    bool red = suit == SUIT_HEARTS || suit == SUIT_DIAMONDS;
    return red ? (SDL_Color){240, 120, 110, 255} : UI_INK_SOFT;
}

void learn_card_caption(LearnPass *p, Card c, SDL_Rect card, SDL_Color color)
{
    if (!p->draw) {
        return;
    }
    TextStyle small = app_text_style(p->app, 12.5f, TEXT_REGULAR, color);
    int y = card.y + card.h + U(p, 3);
    int cx = card.x + card.w / 2;
    CardSuit suit = SUIT_NONE;
    int rank = 0;
    if (card_is_french(c)) {
        suit = card_suit(c);
        rank = card_rank(c);
    } else if (!card_western_equivalent(c, p->s->style, &suit, &rank)) {
        char text[CARD_TEXT_MAX];
        text_draw(p->app->text, p->app->renderer, card_format(c, text), &small, cx, y, TEXT_CENTER);
        return;
    }
    int tw = 0, th = 0, icon = U(p, 11), gap = U(p, 2);
    const char *label = card_rank_label(rank);
    text_measure(p->app->text, label, small.px, small.weight, &tw, &th);
    int x = cx - (tw + gap + icon) / 2;
    text_draw(p->app->text, p->app->renderer, label, &small, x, y, TEXT_LEFT);
    SDL_Rect at = {x + tw + gap, y + (th - icon) / 2, icon, icon};
    paint_suit(p->app->paint, p->app->renderer, suit, at,
               color.r == UI_INK_SOFT.r ? suit_ink(suit) : color);
}

/* Counts a part drawn past the right edge of its block (layout pass). */
static void check_right(LearnPass *p, int right, int limit)
{
    if (p->s->measuring && right > limit + 1) {
        p->s->metrics.outside++;
    }
}

static void draw_card(LearnPass *p, Card c, SDL_Rect r, unsigned extra)
{
    if (!p->draw || !learn_in_view(p->s, r)) {
        return;
    }
    card_art_draw(p->app->cards, p->app->renderer, style_of(p->s, c), c, r,
                  learn_card_flags(p->app, p->s) | extra);
}

static int caption_h(LearnPass *p)
{
    return U(p, 19);
}

/* ---- where cards go: board.c's rectangles in the page's pixels ------------------------ */

static double card_aspect(const LearnState *s, Card sample)
{
    return card_art_aspect(style_of(s, sample), sample);
}

static SDL_Rect px_rect(TlRect r)
{
    return (SDL_Rect){(int)lroundf(r.x), (int)lroundf(r.y), (int)lroundf(r.w), (int)lroundf(r.h)};
}

/* A card of a line (learn_internal.h): board_row in pixels. */
SDL_Rect learn_line_card(const LearnState *s, Card sample, SDL_Rect area, int ch, int step, int n,
                         int i, unsigned how)
{
    double aspect = card_aspect(s, sample);
    float cw = (float)ch * (float)aspect;
    TlRect a = {(float)area.x, (float)area.y, (float)area.w, (float)area.h};
    return px_rect(board_row(a, aspect, (float)ch, n, i, (float)step / cw, how));
}

/* The step of cards `gap` pixels apart. */
static int gap_step(const LearnState *s, Card sample, int ch, int gap)
{
    return learn_card_w(s, sample, ch) + gap;
}

/* ---- text blocks -------------------------------------------------------------------- */

static TextStyle body(LearnPass *p)
{
    return app_text_style(p->app, 17, TEXT_REGULAR, UI_INK);
}

static int blk_para(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    return learn_rich(p, bi, 0, b->text, body(p), x, y, w, 1.3f) + U(p, 12);
}

static int blk_note(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    TextStyle st = app_text_style(p->app, 14.5f, TEXT_REGULAR, UI_INK_SOFT);
    return learn_rich(p, bi, 0, b->text, st, x, y, w, 1.25f) + U(p, 12);
}

static int blk_heading(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int top = bi > 0 ? U(p, 16) : 0;
    TextStyle st = app_text_style(p->app, 21, TEXT_BOLD, UI_INK);
    int h = learn_rich(p, bi, 0, b->text, st, x, y + top, w, 1.1f);
    if (p->draw) {
        paint_fill_rect(p->app->renderer,
                        (SDL_Rect){x, y + top + h + U(p, 4), U(p, 34), SDL_max(2, U(p, 2.5f))},
                        UI_GOLD);
    }
    return top + h + U(p, 16);
}

static int blk_bullet(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int indent = U(p, 26);
    int h = learn_rich(p, bi, 0, b->text, body(p), x + indent, y, w - indent, 1.3f);
    if (p->draw) {
        int d = SDL_max(4, U(p, 6));
        int lh = text_line_height(p->app->text, body(p).px, TEXT_REGULAR, false);
        paint_round_rect(p->app->paint, p->app->renderer,
                         (SDL_Rect){x + U(p, 8), y + lh / 2 - d / 2, d, d}, d / 2, UI_GOLD);
    }
    return h + U(p, 7);
}

static int blk_step(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int disc = U(p, 28), indent = U(p, 42);
    int h = learn_rich(p, bi, 0, b->text, body(p), x + indent, y + U(p, 2), w - indent, 1.3f);
    if (p->draw) {
        SDL_Rect c = {x, y, disc, disc};
        paint_round_rect(p->app->paint, p->app->renderer, c, disc / 2, UI_GOLD);
        char num[8];
        snprintf(num, sizeof num, "%d", b->index);
        TextStyle st = app_text_style(p->app, 15, TEXT_BOLD, UI_ON_GOLD);
        text_draw_in(p->app->text, p->app->renderer, num, &st, c, TEXT_CENTER);
    }
    return SDL_max(disc, h + U(p, 2)) + U(p, 12);
}

static void house_badge(LearnPass *p, int x, int y, SDL_Rect *out)
{
    TextStyle st = app_text_style(p->app, 11.5f, TEXT_BOLD, UI_ON_GOLD);
    int tw = 0, th = 0;
    text_measure(p->app->text, _("HOUSE READING"), st.px, st.weight, &tw, &th);
    SDL_Rect pill = {x, y, tw + U(p, 18), th + U(p, 4)};
    if (p->draw) {
        paint_round_rect(p->app->paint, p->app->renderer, pill, pill.h / 2, UI_GOLD);
        text_draw_in(p->app->text, p->app->renderer, _("HOUSE READING"), &st, pill, TEXT_CENTER);
    }
    *out = pill;
}

static int blk_house(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int count = 0;
    const LearnHouseReading *hr = learn_house_readings(&count);
    if (b->index < 0 || b->index >= count) {
        return 0;
    }
    const LearnHouseReading *r = &hr[b->index];
    int pad = U(p, BLOCK_PAD), bar = SDL_max(3, U(p, 4));
    int inner_x = x + bar + pad, inner_w = w - bar - 2 * pad;
    SDL_Rect badge;
    house_badge(p, inner_x, y + pad, &badge);
    TextStyle topic = app_text_style(p->app, 15.5f, TEXT_BOLD, UI_INK);
    int th = learn_rich(p, bi, 1, r->topic, topic, badge.x + badge.w + U(p, 10), y + pad,
                        inner_w - badge.w - U(p, 10), 1.2f);
    int top = SDL_max(badge.h, th) + U(p, 6);
    char text[1024];
    learn_expand_cards(r->text, p->s->style, text, sizeof text);
    TextStyle st = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_INK);
    int h =
        pad + top + learn_rich(p, bi, 0, text, st, inner_x, y + pad + top, inner_w, 1.28f) + pad;
    if (p->draw) {
        SDL_Rect box = {x, y, w, h};
        paint_round_rect(p->app->paint, p->app->renderer, box, U(p, 10),
                         paint_rgba(236, 196, 100, 26));
        paint_round_rect(p->app->paint, p->app->renderer, (SDL_Rect){x, y, bar, h}, bar / 2,
                         UI_GOLD);
        /* Drawn again on top of the tint. */
        house_badge(p, inner_x, y + pad, &badge);
        learn_rich(p, bi, 1, r->topic, topic, badge.x + badge.w + U(p, 10), y + pad,
                   inner_w - badge.w - U(p, 10), 1.2f);
        learn_rich(p, bi, 0, text, st, inner_x, y + pad + top, inner_w, 1.28f);
    }
    return h + U(p, 12);
}

static int blk_source(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int indent = U(p, 28);
    TextStyle title = app_text_style(p->app, 16, TEXT_REGULAR, UI_INK);
    TextStyle soft = app_text_style(p->app, 15, TEXT_REGULAR, UI_INK_SOFT);
    int h1 = learn_rich(p, bi, 0, b->text, title, x + indent, y, w - indent, 1.2f);
    int h2 = learn_rich(p, bi, 1, b->text2, soft, x + indent, y + h1 + U(p, 2), w - indent, 1.25f);
    if (p->draw) {
        /* A small closed book. */
        SDL_Rect book = {x + U(p, 4), y + U(p, 3), U(p, 13), U(p, 17)};
        paint_round_rect(p->app->paint, p->app->renderer, book, U(p, 2), UI_GOLD);
        paint_fill_rect(p->app->renderer,
                        (SDL_Rect){book.x + U(p, 3), book.y + U(p, 3), SDL_max(1, U(p, 1.5f)),
                                   book.h - U(p, 6)},
                        UI_ON_GOLD);
    }
    return h1 + U(p, 2) + h2 + U(p, 12);
}

static int blk_title(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    const VariantDesc *v = variant_get(p->s->variant);
    int h = 0;
    if (v->javanese[0] != '\0') {
        TextStyle jav = app_text_style(p->app, 34, TEXT_REGULAR, UI_GOLD);
        SDL_Rect r = learn_text_at(p, v->javanese, jav, x, y, w);
        h = r.h + U(p, 2);
    }
    TextStyle st = app_text_style(p->app, 19, TEXT_REGULAR, UI_INK_SOFT);
    h += learn_rich(p, bi, 0, b->text, st, x, y + h, w, 1.25f);
    return h + U(p, 8);
}

static int fact(LearnPass *p, int bi, int slot, const char *label, const char *value, int x, int y,
                int w)
{
    TextStyle lab = app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD);
    TextStyle val = app_text_style(p->app, 16, TEXT_REGULAR, UI_INK);
    SDL_Rect l = learn_label(p, label, lab, (SDL_Rect){x, y, w, U(p, 18)}, TEXT_LEFT);
    (void)l;
    int h = learn_rich(p, bi, slot, value, val, x, y + U(p, 18), w, 1.2f);
    return U(p, 18) + h + U(p, 12);
}

static void deal_sizes(const VariantDesc *v, char *buf, size_t size)
{
    VariantDeal dl = variant_deal(v, game_config_default(v->id, 1).players);
    int players = dl.players, deck = dl.deck, hand = dl.hand, pool = dl.pool, rest = dl.rest;
    switch (v->turn) {
    case TURN_HAND_ONLY:
        snprintf(buf, size, _("%d each, pool %d, %d set aside (with %d players)"), hand, pool, rest,
                 players);
        break;
    case TURN_STOCK_ONLY: snprintf(buf, size, _("No hands, no pool; a stock of %d"), deck); break;
    case TURN_KINGS: snprintf(buf, size, _("No hands; pool %d, stock %d"), pool, rest); break;
    case TURN_DRAW_DISCARD:
        snprintf(buf, size, _("%d each, stock %d (with %d players)"), hand, rest, players);
        break;
    default:
        snprintf(buf, size, _("%d each, pool %d, stock %d (with %d players)"), hand, pool, rest,
                 players);
        break;
    }
}

static int blk_facts(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    (void)b;
    const VariantDesc *v = variant_get(p->s->variant);
    char players[48], deck[128], deal[128];
    variant_text_players(v, players, sizeof players);
    variant_text_deck(v, deck, sizeof deck);
    deal_sizes(v, deal, sizeof deal);
    const char *dir = v->engine == ENGINE_KOWAH ? _("Clockwise")
                      : v->clockwise            ? _("Clockwise, from the dealer's left")
                                                : _("Counter-clockwise: raja, patih, unyik");
    const char *labels[8] = {_("PLAYERS"),   _("CARDS"),          _("THE DEAL"),
                             _("A TURN"),    _("CAPTURES"),       _("CAPTURED CARDS"),
                             _("PLAY GOES"), _("DECK STYLE HERE")};
    const char *values[8] = {players,
                             deck,
                             deal,
                             variant_text_turn(v),
                             variant_text_capture(v),
                             variant_text_piles(v),
                             dir,
                             deck_style_name(p->s->style)};
    int gap = U(p, 28);
    int cw = (w - gap) / 2;
    int h = 0;
    for (int row = 0; row < 4; row++) {
        int a = fact(p, bi, row * 2, labels[row * 2], values[row * 2], x, y + h, cw);
        int c = fact(p, bi, row * 2 + 1, labels[row * 2 + 1], values[row * 2 + 1], x + cw + gap,
                     y + h, cw);
        h += SDL_max(a, c);
    }
    return h + U(p, 6);
}

/* ---- rows of cards ------------------------------------------------------------------ */

/* Lays out tokens ("C4 S4 | M4") in rows within w: the runs between gaps
 * flow as board_flow's groups, a run too long for a line split; draws them
 * when p->draw. Returns the height used by the cards and their captions. */
static int card_row(LearnPass *p, const Card *cards, const bool *gap_before, int n, int x, int y,
                    int w, int ch, const unsigned *flags, bool captions)
{
    int line_h = ch + (captions ? caption_h(p) : 0);
    if (n <= 0) {
        return line_h;
    }
    n = SDL_min(n, OBS_MAX_POOL);
    BoardGroup runs[OBS_MAX_POOL];
    TlRect at[OBS_MAX_POOL];
    int nruns = 0;
    float step = (float)gap_step(p->s, cards[0], ch, U(p, 8));
    for (int i = 0; i < n; i++) {
        if (i == 0 || (gap_before != NULL && gap_before[i])) {
            runs[nruns++] = (BoardGroup){.step_new = step, .step_same = step};
        }
        runs[nruns - 1].n++;
    }
    BoardFlow f = {.aspect = card_aspect(p->s, cards[0]),
                   .card_h = (float)ch,
                   .label_h = (float)(line_h - ch),
                   .label_below = true,
                   .gap = (float)U(p, 26),
                   .line_gap = (float)U(p, 8)};
    float h = board_flow(&f, (float)x, (float)y, (float)w, runs, nruns, at, NULL, 0, NULL);
    for (int i = 0; i < n; i++) {
        SDL_Rect r = px_rect(at[i]);
        draw_card(p, cards[i], r, flags != NULL ? flags[i] : 0);
        if (captions) {
            learn_card_caption(p, cards[i], r, UI_INK_SOFT);
        }
    }
    return (int)lroundf(h);
}

static int parse_tokens(const char *text, Card *out, bool *gap_before, int cap)
{
    int n = 0;
    bool gap = false;
    char tok[8];
    const char *c = text;
    while (*c != '\0' && n < cap) {
        while (*c == ' ') {
            c++;
        }
        if (*c == '|') {
            gap = true;
            c++;
            continue;
        }
        size_t len = 0;
        while (c[len] != '\0' && c[len] != ' ' && len + 1 < sizeof tok) {
            len++;
        }
        if (len == 0) {
            break;
        }
        memcpy(tok, c, len);
        tok[len] = '\0';
        Card card;
        if (card_parse(tok, &card) == CEKI_OK) {
            gap_before[n] = gap;
            out[n++] = card;
            gap = false;
        }
        c += len;
    }
    return n;
}

static int blk_cards(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    Card cards[32];
    bool gaps[32] = {false};
    int n = parse_tokens(b->text, cards, gaps, 32);
    int ch = learn_card_h(p->s, n > 0 ? cards[0] : CARD_C1, 92);
    int h = card_row(p, cards, gaps, n, x, y, w, ch, NULL, true);
    if (b->text2 != NULL) {
        TextStyle st = app_text_style(p->app, 14.5f, TEXT_REGULAR, UI_INK_SOFT);
        h += U(p, 4) + learn_rich(p, bi, 0, b->text2, st, x, y + h + U(p, 4), w, 1.2f);
    }
    return h + U(p, 16);
}

/* ---- capture examples ---------------------------------------------------------------- */

static const char *names_list(const Card *cards, int n, DeckStyle style, const char *sep, char *buf,
                              size_t size)
{
    buf[0] = '\0';
    size_t at = 0;
    for (int i = 0; i < n && at + 1 < size; i++) {
        char name[48];
        learn_card_name(cards[i], style, name, sizeof name);
        int wrote =
            snprintf(buf + at, size - at, "%s*%s*", i == 0 ? "" : (i + 1 == n ? sep : ", "), name);
        if (wrote < 0) {
            break;
        }
        at += (size_t)wrote < size - at ? (size_t)wrote : size - at - 1;
    }
    return buf;
}

/* A capture example as the rules engine sees it: the card, the pool, and
 * which pool cards the card may take. */
typedef struct LegalView {
    Card card;
    Card pool[LEGAL_MAX_POOL];
    int npool;
    Card lit[LEGAL_MAX_POOL];
    bool forfeit[LEGAL_MAX_POOL];
    int nlit;
    bool may_trail;
} LegalView;

/* Parses the example and asks the rules engine what its card may take. */
static void legal_view(VariantId variant, const LearnLegalExample *ex, LegalView *lv)
{
    *lv = (LegalView){.card = CARD_NONE};
    learn_parse_cards(ex->card, &lv->card, 1);
    lv->npool = learn_parse_cards(ex->pool, lv->pool, LEGAL_MAX_POOL);
    Game *g = learn_example_position(variant, ex->card, ex->pool, ex->first_turn);
    if (g != NULL) {
        lv->nlit =
            learn_legal_targets(g, lv->card, lv->lit, lv->forfeit, LEGAL_MAX_POOL, &lv->may_trail);
        game_destroy(g);
    }
}

/* An arrow from the played card towards the pool, at (ax, ay). */
static void legal_arrow(LearnPass *p, int ax, int ay)
{
    if (!p->draw) {
        return;
    }
    SDL_FPoint tri[3] = {{(float)(ax + U(p, 26)), (float)ay},
                         {(float)ax + (float)U(p, 12), (float)(ay - U(p, 9))},
                         {(float)ax + (float)U(p, 12), (float)(ay + U(p, 9))}};
    paint_fill_rect(p->app->renderer,
                    (SDL_Rect){ax - U(p, 10), ay - U(p, 2), U(p, 24), SDL_max(2, U(p, 4))},
                    UI_GOLD);
    paint_polygon(p->app->renderer, tri, 3, UI_GOLD);
}

/* The pool in a line in `area`, then the place where the card may stay
 * (when it may): cards the played card may take lit, the rest dimmed,
 * forfeits marked. Returns the place (or the last card's rectangle). */
static SDL_Rect legal_pool(LearnPass *p, const LegalView *lv, SDL_Rect area, int ch,
                           bool *any_forfeit)
{
    int n = lv->npool + (lv->may_trail ? 1 : 0);
    int step = gap_step(p->s, lv->card, ch, U(p, LEGAL_POOL_GAP));
    SDL_Rect r = {area.x, area.y, 0, ch};
    for (int i = 0; i < n; i++) {
        r = learn_line_card(p->s, lv->card, area, ch, step, n, i, BOARD_LEFT | BOARD_TOP);
        if (i == lv->npool) {
            break; /* the place where the card stays */
        }
        bool is_lit = false, is_forfeit = false;
        for (int k = 0; k < lv->nlit; k++) {
            if (lv->lit[k] == lv->pool[i]) {
                is_lit = true;
                is_forfeit = lv->forfeit[k];
            }
        }
        draw_card(p, lv->pool[i], r, is_lit ? CARD_HIGHLIGHT : CARD_DIM);
        learn_card_caption(p, lv->pool[i], r,
                           is_forfeit ? UI_WARN : (is_lit ? UI_GOLD_LIGHT : UI_INK_FAINT));
        if (is_forfeit) {
            *any_forfeit = true;
            if (p->draw) {
                TextStyle warn = app_text_style(p->app, 11.5f, TEXT_BOLD, UI_WARN);
                text_draw(p->app->text, p->app->renderer, _("forfeits"), &warn, r.x + r.w / 2,
                          r.y + r.h + caption_h(p), TEXT_CENTER);
            }
        }
    }
    return r;
}

/* Where a card that may stay will lie: a dashed place at r. */
static void trail_place(LearnPass *p, SDL_Rect r)
{
    if (!p->draw) {
        return;
    }
    paint_round_frame(p->app->paint, p->app->renderer, r, U(p, 6), SDL_max(1, U(p, 2)), UI_GOLD);
    TextStyle st = app_text_style(p->app, 12, TEXT_BOLD, UI_GOLD);
    text_draw_in(p->app->text, p->app->renderer, _("stays"), &st, r, TEXT_CENTER);
}

/* What the rules engine allows, then what the example means. Returns the height. */
static int legal_texts(LearnPass *p, int bi, const LearnLegalExample *ex, const LegalView *lv,
                       int x, int y, int w)
{
    char said[600], names[400];
    if (lv->nlit > 0) {
        snprintf(said, sizeof said, _("The rules allow: taking %s."),
                 names_list(lv->lit, lv->nlit, p->s->style, _(" or "), names, sizeof names));
    } else {
        snprintf(said, sizeof said, _("The rules allow: only laying it in the pool."));
    }
    TextStyle st = app_text_style(p->app, 15, TEXT_REGULAR, UI_GOLD_LIGHT);
    int h = learn_rich(p, bi, 0, said, st, x, y, w, 1.25f) + U(p, 4);
    char caption[600];
    learn_expand_cards(_(ex->caption), p->s->style, caption, sizeof caption);
    TextStyle cap = app_text_style(p->app, 15, TEXT_REGULAR, UI_INK);
    return h + learn_rich(p, bi, 1, caption, cap, x, y + h, w, 1.25f);
}

/* A capture example: the played card, an arrow, the pool with what it may
 * take lit, then what that means, in a framed box. */
static int blk_legal(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int count = 0;
    const LearnLegalExample *ex = &learn_legal_examples(&count)[b->index];
    LegalView lv;
    legal_view(p->s->variant, ex, &lv);
    int pad = U(p, BLOCK_PAD);
    int ch = learn_card_h(p->s, lv.card, 84);
    int cy = y + pad;
    int px = x + pad + U(p, LEGAL_POOL_X);
    TextStyle lab = app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD);
    learn_label(p, ex->first_turn ? _("YOUR FIRST TURN: YOU PLAY") : _("YOU PLAY"), lab,
                (SDL_Rect){x + pad, cy, U(p, 190), U(p, LABEL_H)}, TEXT_LEFT);
    learn_label(p, _("INTO THIS POOL"), lab, (SDL_Rect){px, cy, U(p, 200), U(p, LABEL_H)},
                TEXT_LEFT);
    cy += U(p, LABEL_ADVANCE);
    SDL_Rect played =
        learn_line_card(p->s, lv.card, (SDL_Rect){x + pad + U(p, 20), cy, U(p, 100), ch}, ch, 0, 1,
                        0, BOARD_LEFT | BOARD_TOP);
    draw_card(p, lv.card, played, 0);
    learn_card_caption(p, lv.card, played, UI_INK_SOFT);
    legal_arrow(p, x + pad + U(p, 120), cy + ch / 2);
    bool any_forfeit = false;
    SDL_Rect last = legal_pool(p, &lv, (SDL_Rect){px, cy, x + w - pad - px, ch}, ch, &any_forfeit);
    check_right(p, last.x + last.w, x + w - pad);
    if (lv.may_trail) {
        trail_place(p, last);
    }
    int h = cy + ch + caption_h(p) + U(p, 8) + (any_forfeit ? U(p, 16) : 0) - y;
    h += legal_texts(p, bi, ex, &lv, x + pad, y + h, w - 2 * pad) + pad;
    if (p->draw) {
        SDL_Rect box = {x, y, w, h};
        paint_round_frame(p->app->paint, p->app->renderer, box, U(p, 12), SDL_max(1, U(p, 1)),
                          paint_rgba(255, 255, 255, 40));
    }
    return h + U(p, BLOCK_GAP);
}

/* ---- scored piles --------------------------------------------------------------------- */

/* A scored group's label and points under its cards at `at` (dimmed when
 * it did not score). */
static void score_label(LearnPass *p, const LearnScoreGroup *g, TlRect at, int lh)
{
    if (!p->draw) {
        return;
    }
    bool scored = g->points > 0;
    TextStyle lab =
        app_text_style(p->app, 12.5f, TEXT_REGULAR, scored ? UI_INK_SOFT : UI_INK_FAINT);
    TextStyle pts = app_text_style(p->app, 15, TEXT_BOLD, scored ? UI_GOLD_LIGHT : UI_INK_FAINT);
    char points[24];
    snprintf(points, sizeof points, "%+d", g->points);
    int lx = (int)lroundf(at.x), ly = (int)lroundf(at.y) + U(p, 4);
    text_draw(p->app->text, p->app->renderer, g->label, &lab, lx, ly, TEXT_LEFT);
    text_draw(p->app->text, p->app->renderer, points, &pts, lx, ly + lh, TEXT_LEFT);
}

int learn_score_groups(LearnPass *p, const LearnScoreView *view, int x, int y, int w, float units)
{
    if (view->ngroups == 0) {
        return 0;
    }
    Card sample = view->groups[0].cards[0];
    int ch = learn_card_h(p->s, sample, units);
    int cw = learn_card_w(p->s, sample, ch);
    TextStyle lab = app_text_style(p->app, 12.5f, TEXT_REGULAR, UI_INK_SOFT);
    TextStyle pts = app_text_style(p->app, 15, TEXT_BOLD, UI_GOLD_LIGHT);
    BoardGroup groups[LEARN_VIEW_GROUPS];
    int lh = 0, ph = 0;
    for (int gi = 0; gi < view->ngroups; gi++) {
        const LearnScoreGroup *g = &view->groups[gi];
        char points[24];
        snprintf(points, sizeof points, "%+d", g->points);
        int lw = 0, pw = 0;
        text_measure(p->app->text, g->label, lab.px, lab.weight, &lw, &lh);
        text_measure(p->app->text, points, pts.px, pts.weight, &pw, &ph);
        float step = (float)(g->ncards > 6 ? cw * 6 / 10 : cw + U(p, 4));
        groups[gi] = (BoardGroup){
            .n = g->ncards, .step_new = step, .step_same = step, .label_w = (float)SDL_max(lw, pw)};
        if (p->s->measuring) {
            p->s->metrics.texts++;
            if (SDL_max(lw, pw) > w) {
                learn_overflow(p->s, g->label, w, SDL_max(lw, pw));
            }
        }
    }
    BoardFlow f = {.aspect = card_aspect(p->s, sample),
                   .card_h = (float)ch,
                   .label_h = (float)(U(p, 4) + lh + ph),
                   .label_below = true,
                   .gap = (float)U(p, 22),
                   .line_gap = (float)U(p, 14)};
    TlRect at[LEARN_VIEW_GROUPS * LEARN_VIEW_CARDS];
    BoardPiece pieces[LEARN_VIEW_GROUPS * 4];
    int npieces = 0;
    float h = board_flow(&f, (float)x, (float)y, (float)w, groups, view->ngroups, at, pieces,
                         LEARN_VIEW_GROUPS * 4, &npieces);
    for (int k = 0, gi = 0, first = 0; gi < view->ngroups; first += view->groups[gi++].ncards) {
        const LearnScoreGroup *g = &view->groups[gi];
        for (int c = 0; c < g->ncards; c++) {
            draw_card(p, g->cards[c], px_rect(at[first + c]), g->points > 0 ? 0 : CARD_DIM);
        }
        for (; k < npieces && pieces[k].group == gi; k++) {
            if (!tl_empty(pieces[k].label)) {
                score_label(p, g, pieces[k].label, lh);
            }
        }
    }
    return (int)lroundf(h);
}

/* A block's background, drawn first at the height the layout gave it. */
static void block_backdrop(LearnPass *p, int bi, int x, int y, int w, SDL_Color color)
{
    if (p->draw) {
        int h = p->s->laid[bi].h - U(p, BLOCK_GAP);
        paint_round_rect(p->app->paint, p->app->renderer, (SDL_Rect){x, y, w, h}, U(p, 12), color);
    }
}

static int blk_score(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int count = 0;
    const LearnScoreExample *ex = &learn_score_examples(&count)[b->index];
    LearnScoreView view;
    if (!learn_score_view(p->s->variant, ex, &view)) {
        return 0;
    }
    block_backdrop(p, bi, x, y, w, paint_rgba(255, 255, 255, 12));
    int pad = U(p, BLOCK_PAD);
    TextStyle cap = app_text_style(p->app, 16, TEXT_BOLD, UI_INK);
    TextStyle pill_st = app_text_style(p->app, 15, TEXT_BOLD, UI_ON_GOLD);
    char total[32];
    snprintf(total, sizeof total, P_("%d point", "%d points", view.total), view.total);
    int tw = 0, th = 0;
    text_measure(p->app->text, total, pill_st.px, pill_st.weight, &tw, &th);
    SDL_Rect pill = {x + w - pad - tw - U(p, 24), y + pad, tw + U(p, 24), th + U(p, 6)};
    char caption[400];
    learn_expand_cards(_(ex->caption), p->s->style, caption, sizeof caption);
    int hcap = learn_rich(p, bi, 0, caption, cap, x + pad, y + pad, pill.x - x - 2 * pad, 1.2f);
    int cy = y + pad + SDL_max(hcap, pill.h) + U(p, 10);
    int gh = learn_score_groups(p, &view, x + pad, cy, w - 2 * pad, 64);
    int h = cy + gh + pad - y;
    if (p->draw) {
        SDL_Rect box = {x, y, w, h};
        paint_round_rect(p->app->paint, p->app->renderer, pill, pill.h / 2, UI_GOLD);
        text_draw_in(p->app->text, p->app->renderer, total, &pill_st, pill, TEXT_CENTER);
        /* Drawn: note what was shown, for the tests. */
        LearnMetrics *m = &p->s->metrics;
        if (m->shown < LEARN_MAX_SHOWN && learn_in_view(p->s, box)) {
            LearnShownScore *sh = &m->scores[m->shown++];
            sh->variant = p->s->variant;
            sh->example = b->index;
            sh->total = view.total;
            sh->ngroups = view.ngroups;
            for (int gi = 0; gi < view.ngroups; gi++) {
                sh->points[gi] = view.groups[gi].points;
            }
        }
    }
    return h + U(p, BLOCK_GAP);
}

/* ---- interactive boards ------------------------------------------------------------- */

int learn_board_lit(const LearnState *s, const LearnBoard *b, Card *targets, bool *forfeit,
                    bool *may_trail)
{
    *may_trail = false;
    int index = -1;
    if (s->pressed && s->dragging && &s->boards[s->press_board] == b) {
        index = s->press_index;
    } else {
        index = b->selected;
    }
    if (b->game == NULL || b->locked || index < 0 || index >= b->nhand ||
        game_to_move(b->game) != 0) {
        return 0;
    }
    return learn_legal_targets(b->game, b->hand[index], targets, forfeit, BOARD_MAX_LIT, may_trail);
}

static bool lit_has(const Card *lit, int n, Card c, const bool *forfeit, bool *is_forfeit)
{
    for (int i = 0; i < n; i++) {
        if (lit[i] == c) {
            if (is_forfeit != NULL) {
                *is_forfeit = forfeit[i];
            }
            return true;
        }
    }
    return false;
}

static int board_index(const LearnState *s, const LearnBoard *b)
{
    return (int)(b - s->boards);
}

/* What a board's pool lights up for the card in hand (learn_board_lit). */
typedef struct BoardLit {
    Card lit[BOARD_MAX_LIT];
    bool forfeit[BOARD_MAX_LIT];
    int nlit;
    bool may_trail;
} BoardLit;

/* The pool's felt: gold and framed when the card may stay there. */
static void pool_felt(LearnPass *p, SDL_Rect zone, bool may_trail)
{
    if (!p->draw) {
        return;
    }
    SDL_Color felt = may_trail ? paint_rgba(236, 196, 100, 40) : paint_rgba(0, 0, 0, 60);
    paint_round_rect(p->app->paint, p->app->renderer, zone, U(p, 10), felt);
    if (may_trail) {
        paint_round_frame(p->app->paint, p->app->renderer, zone, U(p, 10), SDL_max(1, U(p, 2)),
                          UI_GOLD);
    }
}

/* One pool card of a board at r: lit, dimmed or plain, rings under a
 * dragged card and for focus, its caption, and its widget and hit. */
static void pool_card(LearnPass *p, int bi, const LearnBoard *b, int i, SDL_Rect r,
                      const BoardLit *bl)
{
    LearnState *s = p->s;
    int bidx = board_index(s, b);
    bool picking = bl->nlit > 0 || bl->may_trail;
    bool is_forfeit = false;
    bool on = lit_has(bl->lit, bl->nlit, b->pool[i], bl->forfeit, &is_forfeit);
    int id = learn_block_id(bi, PART_POOL + i);
    draw_card(p, b->pool[i], r, on ? CARD_HIGHLIGHT : (picking ? CARD_DIM : 0));
    /* Under a dragged card: gold where it may go, red where it may not. */
    SDL_Point pointer = {s->mouse_x, s->mouse_y};
    if (p->draw && s->pressed && s->dragging && s->press_board == bidx &&
        SDL_PointInRect(&pointer, &r)) {
        SDL_Rect ring = {r.x - U(p, 4), r.y - U(p, 4), r.w + U(p, 8), r.h + U(p, 8)};
        paint_round_frame(p->app->paint, p->app->renderer, ring, U(p, 8), SDL_max(2, U(p, 3)),
                          on ? UI_GOLD_LIGHT : UI_WARN);
    }
    if (p->draw && s->ui.focus == id) {
        ui_draw_focus_ring(p->app, r, U(p, 6));
    }
    learn_card_caption(p, b->pool[i], r, is_forfeit ? UI_WARN : (on ? UI_GOLD_LIGHT : UI_INK_SOFT));
    if (is_forfeit && p->draw) {
        TextStyle warn = app_text_style(p->app, 11, TEXT_BOLD, UI_WARN);
        text_draw(p->app->text, p->app->renderer, _("forfeits"), &warn, r.x + r.w / 2,
                  r.y - U(p, 14), TEXT_CENTER);
    }
    char name[48], text[CARD_TEXT_MAX];
    snprintf(name, sizeof name, "b%d pool %s", bidx, card_format(b->pool[i], text));
    learn_add_widget(p, WIDGET_ITEM, id, r, name);
    learn_add_hit(s, HIT_POOL, bidx, i, b->pool[i], r);
}

/* A board's hand in a row from (x, y): the selected card raised, the
 * dragged one left as an empty frame. */
static void hand_cards(LearnPass *p, int bi, const LearnBoard *b, int x, int y, int w, int ch)
{
    LearnState *s = p->s;
    int bidx = board_index(s, b);
    int step = gap_step(s, CARD_C1, ch, U(p, BOARD_CARD_GAP));
    for (int i = 0; i < b->nhand; i++) {
        SDL_Rect r = learn_line_card(s, CARD_C1, (SDL_Rect){x, y, w, ch}, ch, step, b->nhand, i,
                                     BOARD_LEFT | BOARD_TOP);
        bool picked = s->pressed && s->dragging && s->press_board == bidx && s->press_index == i;
        bool selected = b->selected == i;
        if (selected) {
            r.y -= U(p, 10);
        }
        int id = learn_block_id(bi, PART_HAND + i);
        if (!picked) {
            draw_card(p, b->hand[i], r, selected ? CARD_HIGHLIGHT : 0);
        } else if (p->draw) {
            paint_round_frame(p->app->paint, p->app->renderer, r, U(p, 6), SDL_max(1, U(p, 2)),
                              paint_rgba(255, 255, 255, 60));
        }
        if (p->draw && s->ui.focus == id) {
            ui_draw_focus_ring(p->app, r, U(p, 6));
        }
        learn_card_caption(p, b->hand[i], (SDL_Rect){r.x, y, r.w, ch}, UI_INK_SOFT);
        char name[48], text[CARD_TEXT_MAX];
        snprintf(name, sizeof name, "b%d hand %s", bidx, card_format(b->hand[i], text));
        learn_add_widget(p, WIDGET_ITEM, id, r, name);
        learn_add_hit(s, HIT_HAND, bidx, i, b->hand[i], r);
        check_right(p, r.x + r.w, x + w);
    }
}

void learn_board_cards(LearnPass *p, int bi, LearnBoard *b, int x, int y, int w, int ch,
                       BoardGeom *geo)
{
    LearnState *s = p->s;
    int bidx = board_index(s, b);
    BoardLit bl = {.forfeit = {false}};
    bl.nlit = learn_board_lit(s, b, bl.lit, bl.forfeit, &bl.may_trail);
    TextStyle lab = app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD);
    /* The pool, with room for one more card. */
    learn_label(p, _("THE POOL"), lab, (SDL_Rect){x, y, U(p, 200), U(p, LABEL_H)}, TEXT_LEFT);
    int zy = y + U(p, LABEL_ADVANCE);
    int zpad = U(p, 10);
    int gap = U(p, BOARD_CARD_GAP);
    /* The pool's cards wrap in lines as board_flow lays one group of them. */
    float step = (float)gap_step(s, CARD_C1, ch, gap);
    BoardGroup pool = {.n = b->npool + 1, .step_new = step, .step_same = step};
    BoardFlow f = {.aspect = card_aspect(s, CARD_C1),
                   .card_h = (float)ch,
                   .label_h = (float)caption_h(p),
                   .label_below = true,
                   .line_gap = (float)gap};
    TlRect at[OBS_MAX_POOL + 1];
    float fh = board_flow(&f, (float)(x + zpad), (float)(zy + zpad), (float)(w - 2 * zpad), &pool,
                          1, at, NULL, 0, NULL);
    SDL_Rect zone = {x, zy, w, zpad * 2 + (int)lroundf(fh)};
    pool_felt(p, zone, bl.may_trail);
    learn_add_hit(s, HIT_ZONE, bidx, -1, CARD_NONE, zone);
    for (int i = 0; i < b->npool; i++) {
        pool_card(p, bi, b, i, px_rect(at[i]), &bl);
    }
    /* The hand below. */
    int hy = zone.y + zone.h + U(p, 12);
    learn_label(p, _("YOUR HAND"), lab, (SDL_Rect){x, hy, U(p, 200), U(p, LABEL_H)}, TEXT_LEFT);
    hy += U(p, LABEL_ADVANCE);
    hand_cards(p, bi, b, x, hy, w, ch);
    geo->zone = zone;
    geo->hand_y = hy;
    geo->bottom = hy + ch + caption_h(p);
}

void learn_button(LearnPass *p, int id, SDL_Rect r, const char *label, bool primary, bool disabled)
{
    if (p->s->measuring || !learn_in_view(p->s, r)) {
        return;
    }
    SDL_Rect clipped;
    SDL_IntersectRect(&r, &p->s->view, &clipped);
    ui_add(&p->s->ui, primary ? WIDGET_PRIMARY : WIDGET_BUTTON, id, clipped, disabled, label);
    if (p->draw) {
        /* The label must fit the button (ui_draw_button's type). */
        TextStyle st = app_text_style(p->app, 19, TEXT_BOLD, UI_INK);
        int tw = 0, th = 0;
        text_measure(p->app->text, label, st.px, st.weight, &tw, &th);
        if (tw > r.w - U(p, 12)) {
            learn_overflow(p->s, label, r.w - U(p, 12), tw);
        }
    }
    if (p->draw && p->s->ui.count > 0 && p->s->ui.widgets[p->s->ui.count - 1].id == id) {
        /* Draw at the full rectangle (the widget may be clipped). */
        Widget *w = &p->s->ui.widgets[p->s->ui.count - 1];
        SDL_Rect keep = w->rect;
        w->rect = r;
        ui_draw_button(p->app, &p->s->ui, id, label);
        w->rect = keep;
    }
}

void learn_verdict_box(LearnPass *p, int bi, int slot, const LearnVerdict *v,
                       const char *placeholder, int x, int y, int w, int h)
{
    if (!p->draw) {
        return;
    }
    SDL_Rect box = {x, y, w, h};
    SDL_Color tint = !v->made     ? paint_rgba(255, 255, 255, 14)
                     : !v->legal  ? paint_rgba(220, 90, 70, 60)
                     : v->forfeit ? paint_rgba(230, 150, 60, 60)
                                  : paint_rgba(90, 190, 120, 60);
    paint_round_rect(p->app->paint, p->app->renderer, box, U(p, 10), tint);
    char text[400];
    learn_expand_cards(v->made ? v->text : placeholder, p->s->style, text, sizeof text);
    TextStyle st = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_INK);
    /* The verdict changes with every attempt: lay it out afresh. */
    LearnPass measure = *p;
    measure.draw = false;
    int th = learn_rich(&measure, bi, slot, text, st, x + U(p, 14), y, w - U(p, 28), 1.25f);
    learn_rich(p, bi, slot, text, st, x + U(p, 14), y + (h - th) / 2, w - U(p, 28), 1.25f);
}

static int blk_try(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    LearnState *s = p->s;
    LearnBoard *board = NULL;
    for (int i = 0; i < s->nboards; i++) {
        if (s->boards[i].block == bi) {
            board = &s->boards[i];
        }
    }
    int count = 0;
    const LearnTryExample *ex = &learn_try_examples(&count)[b->index];
    int pad = U(p, 16);
    TextStyle title = app_text_style(p->app, 18, TEXT_BOLD, UI_INK);
    TextStyle st = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_INK_SOFT);
    char prompt[600];
    learn_expand_cards(_(ex->prompt), s->style, prompt, sizeof prompt);
    int h = pad;
    h += learn_rich(p, bi, 0, _(ex->title), title, x + pad, y + h, w - 2 * pad, 1.2f) + U(p, 4);
    h += learn_rich(p, bi, 1, prompt, st, x + pad, y + h, w - 2 * pad, 1.25f) + U(p, 12);
    int ch = learn_card_h(s, CARD_C1, 96);
    BoardGeom geo = {0};
    if (board != NULL) {
        /* The pool across; the hand and its buttons on the left below, the
         * verdict beside them, where the eye is. */
        int left = U(p, 400);
        learn_board_cards(p, bi, board, x + pad, y + h, w - 2 * pad, ch, &geo);
        int by = geo.bottom + U(p, 10);
        int bw = U(p, 206), bh = U(p, 40);
        bool can_trail = board->selected >= 0 && !board->locked;
        learn_button(p, learn_block_id(bi, PART_TRAIL), (SDL_Rect){x + pad, by, bw, bh},
                     _("Lay it in the pool"), false, !can_trail);
        learn_button(p, learn_block_id(bi, PART_RESET),
                     (SDL_Rect){x + pad + bw + U(p, 10), by, U(p, 150), bh}, _("Start again"),
                     false, false);
        int vx = x + pad + left, vy = geo.hand_y - U(p, 20);
        learn_verdict_box(p, bi, 2, &board->verdict,
                          _("Pick up a card: the places it may go light up."), vx, vy,
                          w - 2 * pad - left, by + bh - vy);
        h = by + bh - y + U(p, 4);
    }
    h += pad;
    if (p->draw) {
        SDL_Rect box = {x, y, w, h};
        paint_round_frame(p->app->paint, p->app->renderer, box, U(p, 12), SDL_max(1, U(p, 1)),
                          paint_rgba(236, 196, 100, 90));
    }
    return h + U(p, 18);
}

/* ---- the deal -------------------------------------------------------------------------- */

static int compare_cards(const void *a, const void *b)
{
    Card x = *(const Card *)a, y = *(const Card *)b;
    int rx = card_rank(x), ry = card_rank(y);
    if (rx != ry) {
        return rx - ry;
    }
    return (int)x - (int)y;
}

/* Cards grouped by kind, copies stacked, the kinds side by side and
 * wrapping (board_groups at one size). Returns the height. */
static int stacked_cards(LearnPass *p, const Card *cards, int n, int x, int y, int w, int ch)
{
    Card sorted[OBS_MAX_POOL];
    n = SDL_min(n, OBS_MAX_POOL);
    if (n <= 0) {
        return 0;
    }
    memcpy(sorted, cards, (size_t)n);
    qsort(sorted, (size_t)n, 1, compare_cards);
    int sizes[OBS_MAX_POOL];
    int kinds = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || sorted[i] != sorted[i - 1]) {
            sizes[kinds++] = 0;
        }
        sizes[kinds - 1]++;
    }
    /* As tall as the copies need: the lines never shrink the cards. */
    BoardGroups g = {.aspect = card_aspect(p->s, sorted[0]),
                     .max_h = (float)ch,
                     .min_h = (float)ch,
                     .peek = (float)U(p, 12) / (float)ch,
                     .gap = (float)U(p, 6),
                     .line_gap = (float)(U(p, 6) + caption_h(p)),
                     .fixed = true,
                     .max_lines = 8};
    TlRect area = {(float)x, (float)y, (float)w, (float)(n * (ch + U(p, 6) + caption_h(p)))};
    TlRect at[OBS_MAX_POOL];
    board_groups(area, &g, sizes, kinds, at);
    int bottom = y;
    for (int i = 0; i < n; i++) {
        SDL_Rect r = px_rect(at[i]);
        draw_card(p, sorted[i], r, 0);
        if (i + 1 == n || sorted[i + 1] != sorted[i]) {
            learn_card_caption(p, sorted[i], r, UI_INK_SOFT);
        }
        bottom = SDL_max(bottom, r.y + r.h + caption_h(p));
    }
    return bottom - y;
}

/* Face-down cards in a short fan from (x, y) with a count after it,
 * within w. */
static int backs(LearnPass *p, int n, int x, int y, int w, int ch, const char *label)
{
    Card sample = variant_sample_card(variant_get(p->s->variant));
    int shown = SDL_min(n, 8);
    int lx = x;
    for (int i = 0; i < shown; i++) {
        SDL_Rect r = learn_line_card(p->s, sample, (SDL_Rect){x, y, w, ch}, ch, U(p, 7), shown, i,
                                     BOARD_LEFT | BOARD_TOP);
        draw_card(p, sample, r, CARD_FACE_DOWN);
        lx = r.x + r.w;
    }
    TextStyle st = app_text_style(p->app, 13.5f, TEXT_REGULAR, UI_INK_SOFT);
    lx += U(p, 10);
    learn_label(p, label, st, (SDL_Rect){lx, y, U(p, 210), ch}, TEXT_LEFT);
    return ch;
}

/* The deal block's label styles and card sizes. */
typedef struct DealLook {
    TextStyle lab;  /* small capitals over a part */
    TextStyle soft; /* a line about a part */
    int small;      /* card height of backs, Pèi's sides and the stock row */
    int mid;        /* card height of the pool and the hand */
} DealLook;

/* The other players' hidden hands, three to a row. Returns the height. */
static int deal_others(LearnPass *p, const DealLook *look, Game *g, const Observation *o, int x,
                       int y, int w)
{
    LearnSeatNames names;
    learn_seat_names(g, 0, &names);
    learn_label(p, _("THE OTHER PLAYERS"), look->lab, (SDL_Rect){x, y, U(p, 300), U(p, LABEL_H)},
                TEXT_LEFT);
    int h = U(p, LABEL_ADVANCE);
    int col_w = w / SDL_max(1, SDL_min(o->players - 1, DEAL_OTHERS_PER_ROW));
    int row_h = look->small + U(p, 8);
    int k = 0;
    for (int seat = 1; seat < o->players; seat++, k++) {
        int col = k % DEAL_OTHERS_PER_ROW, row = k / DEAL_OTHERS_PER_ROW;
        char who[64], line[160];
        snprintf(who, sizeof who, "%s", names.title[seat]);
        snprintf(line, sizeof line, P_("%s: %d card", "%s: %d cards", o->hand_count[seat]), who,
                 o->hand_count[seat]);
        backs(p, o->hand_count[seat], x + col * col_w, y + h + row * row_h, col_w, look->small,
              line);
    }
    return h + ((o->players - 2) / DEAL_OTHERS_PER_ROW + 1) * row_h + U(p, 8);
}

/* "9, 1" ... the ranks that lie on one side of Pèi's square, into rl. */
static void pei_side_ranks(GameRole side, char *rl, size_t size)
{
    int ranks[3];
    int nr = pei_pool_ranks(side, ranks);
    rl[0] = '\0';
    for (int r = 0; r < nr; r++) {
        char one[8];
        snprintf(one, sizeof one, "%s%d", r == 0 ? "" : (r + 1 == nr ? _(" and ") : _(", ")),
                 ranks[r]);
        strncat(rl, one, size - strlen(rl) - 1);
    }
}

/* Pèi's pool on the four sides of the square, by rank. Returns the height. */
static int pei_sides(LearnPass *p, const DealLook *look, const Observation *o, int x, int y, int w)
{
    static const GameRole sides[4] = {ROLE_RAJA, ROLE_PATIH, ROLE_UNYIK, ROLE_DEALER};
    const char *const side_names[4] = {_("Before the raja"), _("Before the patih"),
                                       _("Before the unyik"), _("The dealer's side")};
    int h = 0;
    for (int sd = 0; sd < 4; sd++) {
        Card part[OBS_MAX_POOL];
        int np = 0;
        for (int i = 0; i < o->pool_count; i++) {
            if ((int)pei_pool_side(card_rank(o->pool[i])) == (int)sides[sd]) {
                part[np++] = o->pool[i];
            }
        }
        char rl[40], line[160];
        pei_side_ranks(sides[sd], rl, sizeof rl);
        snprintf(line, sizeof line, _("%s: %ss"), side_names[sd], rl);
        learn_label(p, line, look->soft, (SDL_Rect){x, y + h, U(p, 200), U(p, PEI_SIDE_H)},
                    TEXT_LEFT);
        int used = stacked_cards(p, part, np, x + U(p, PEI_SIDE_CARDS_X), y + h,
                                 w - U(p, PEI_SIDE_CARDS_X), look->small);
        h += SDL_max(used, U(p, PEI_SIDE_H)) + U(p, 8);
    }
    return h;
}

/* The face-up pool: its count, then Pèi's sides or the cards by kind.
 * Returns the height. */
static int deal_pool(LearnPass *p, const DealLook *look, const VariantDesc *v, const Observation *o,
                     int x, int y, int w)
{
    char line[160];
    snprintf(line, sizeof line, _("THE POOL: %d CARDS FACE UP%s"), o->pool_count,
             v->start == START_RAJA_COUNT ? _(", SORTED BY RANK") : "");
    learn_label(p, line, look->lab, (SDL_Rect){x, y, w, U(p, LABEL_H)}, TEXT_LEFT);
    int h = U(p, LABEL_ADVANCE);
    if (v->start == START_PEI && !v->packet_deal) {
        return h + pei_sides(p, look, o, x, y + h, w);
    }
    return h + stacked_cards(p, o->pool, o->pool_count, x, y + h, w, look->mid) + U(p, 10);
}

/* Kings: the four prize Kings, half overlapping, from x. */
static void kings_prizes(LearnPass *p, const DealLook *look, int x, int y)
{
    Card kings[4] = {card_french(SUIT_SPADES, 13), card_french(SUIT_HEARTS, 13),
                     card_french(SUIT_DIAMONDS, 13), card_french(SUIT_CLUBS, 13)};
    int ch = look->small, half = learn_card_w(p->s, kings[0], ch) / 2;
    SDL_Rect r = {x, y, 0, ch};
    for (int i = 0; i < 4; i++) {
        r = learn_line_card(p->s, kings[0], (SDL_Rect){x, y, U(p, DEAL_ROW_STEP), ch}, ch, half, 4,
                            i, BOARD_LEFT | BOARD_TOP);
        draw_card(p, kings[i], r, 0);
    }
    learn_label(p, _("The prizes"), look->soft,
                (SDL_Rect){r.x + r.w + U(p, 10), y, U(p, 120), look->small}, TEXT_LEFT);
}

/* One row, left to right: the stock, the cards set aside, the stock card
 * turned up for all, Kings' prizes. Its height is look->small. */
static void deal_stock_row(LearnPass *p, const DealLook *look, const VariantDesc *v,
                           const Observation *o, int x, int y)
{
    char line[160];
    int sx = x;
    if (o->stock_count > 0) {
        snprintf(line, sizeof line, _("Stock: %d cards face down"), o->stock_count);
        backs(p, o->stock_count, sx, y, U(p, DEAL_ROW_STEP), look->small, line);
        sx += U(p, DEAL_ROW_STEP);
    }
    if (o->set_aside_count > 0) {
        snprintf(line, sizeof line, _("Set aside unseen: %d"), o->set_aside_count);
        backs(p, o->set_aside_count, sx, y, U(p, DEAL_ROW_STEP), look->small, line);
        sx += U(p, DEAL_ROW_STEP);
    }
    if (o->stock_last_public != CARD_NONE) {
        SDL_Rect r = learn_line_card(p->s, o->stock_last_public,
                                     (SDL_Rect){sx, y, U(p, DEAL_ROW_STEP), look->small},
                                     look->small, 0, 1, 0, BOARD_LEFT | BOARD_TOP);
        draw_card(p, o->stock_last_public, r, 0);
        learn_label(p, _("Turned up: the unyik's last card"), look->soft,
                    (SDL_Rect){r.x + r.w + U(p, 10), y, U(p, 240), look->small}, TEXT_LEFT);
    }
    if (v->match_kind == MATCHKIND_KINGS) {
        kings_prizes(p, look, sx, y);
    }
}

/* A packet deal's dice, from the game's events. Returns the height. */
static int deal_dice(LearnPass *p, const DealLook *look, Game *g, int x, int y, int w)
{
    int evn = 0;
    const GameEvent *ev = game_events(g, &evn);
    int h = 0;
    for (int i = 0; i < evn; i++) {
        if (ev[i].type == EV_DICE) {
            char line[160];
            snprintf(line, sizeof line, _("The dice: %d and %d, %d in all."), (int)ev[i].card,
                     (int)ev[i].card2, (int)ev[i].value);
            learn_label(p, line, look->soft, (SDL_Rect){x, y + h, w, U(p, DEAL_LINE_H)}, TEXT_LEFT);
            h += U(p, DEAL_LINE_ADVANCE);
        }
    }
    return h;
}

/* The learner's hand face up and sorted, with their role. Returns the height. */
static int deal_hand(LearnPass *p, const DealLook *look, const Observation *o, int x, int y, int w)
{
    GameRole role = o->role[0];
    char line[160];
    snprintf(line, sizeof line, _("YOUR HAND%s: %d CARDS"),
             role == ROLE_RAJA    ? _(" (YOU ARE THE RAJA)")
             : role == ROLE_PATIH ? _(" (YOU ARE THE PATIH)")
             : role == ROLE_UNYIK ? _(" (YOU ARE THE UNYIK)")
                                  : "",
             o->hand_count[0]);
    learn_label(p, line, look->lab, (SDL_Rect){x, y, w, U(p, LABEL_H)}, TEXT_LEFT);
    int h = U(p, LABEL_ADVANCE);
    Card hand[OBS_MAX_HAND];
    memcpy(hand, o->hand, (size_t)o->hand_count[0]);
    qsort(hand, (size_t)o->hand_count[0], 1, compare_cards);
    return h + card_row(p, hand, NULL, o->hand_count[0], x, y + h, w, look->mid, NULL, true) +
           U(p, 6);
}

/* Everything a real deal shows the learner (seat 0), top to bottom, from
 * (x, y) within w. Returns the height. */
static int deal_parts(LearnPass *p, Game *g, const Observation *o, int x, int y, int w)
{
    const VariantDesc *v = variant_get(p->s->variant);
    DealLook look = {
        .lab = app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD),
        .soft = app_text_style(p->app, 14, TEXT_REGULAR, UI_INK_SOFT),
        .small = learn_card_h(p->s, CARD_C1, 60),
        .mid = learn_card_h(p->s, CARD_C1, 74),
    };
    int h = 0;
    if (v->turn != TURN_STOCK_ONLY && v->turn != TURN_KINGS) {
        h += deal_others(p, &look, g, o, x, y + h, w);
    }
    if (o->pool_count > 0) {
        h += deal_pool(p, &look, v, o, x, y + h, w);
    }
    deal_stock_row(p, &look, v, o, x, y + h);
    h += look.small + U(p, 12);
    if (v->packet_deal) {
        h += deal_dice(p, &look, g, x, y + h, w);
    }
    if (o->hand_count[0] > 0) {
        h += deal_hand(p, &look, o, x, y + h, w);
    }
    if (o->peek != CARD_NONE) {
        char line[160];
        snprintf(line, sizeof line, _("You were shown a stock card privately: %d from the end."),
                 o->peek_depth);
        learn_label(p, line, look.soft, (SDL_Rect){x, y + h, w, U(p, DEAL_LINE_H)}, TEXT_LEFT);
        h += U(p, DEAL_LINE_ADVANCE);
    }
    return h;
}

/* A real deal of the variant, shuffled by the rules engine, as the first
 * seat sees it. */
static int blk_deal(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    (void)b;
    GameConfig cfg = game_config_default(p->s->variant, LEARN_SEED);
    Game *g = game_create(&cfg, NULL);
    if (g == NULL) {
        return 0;
    }
    Observation *o = malloc(sizeof *o);
    if (o == NULL || game_observe(g, 0, o) != CEKI_OK) {
        free(o);
        game_destroy(g);
        return 0;
    }
    block_backdrop(p, bi, x, y, w, paint_rgba(0, 0, 0, 50));
    int pad = U(p, BLOCK_PAD);
    int h = pad + deal_parts(p, g, o, x + pad, y + pad, w - 2 * pad) + pad;
    free(o);
    game_destroy(g);
    return h + U(p, BLOCK_GAP);
}

/* ---- told moves ---------------------------------------------------------------------------- */

int learn_steps(LearnPass *p, int bi, int slot0, const LearnStep *st, int n, int x, int y, int w,
                float card_units)
{
    int ch = learn_card_h(p->s, st != NULL && n > 0 && st[0].ncards > 0 ? st[0].cards[0] : CARD_C1,
                          card_units);
    int cw = learn_card_w(p->s, CARD_C1, ch);
    int cards_w = 2 * cw + U(p, 6);
    TextStyle ts = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_INK);
    int h = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < st[i].ncards; k++) {
            Card c = st[i].cards[k];
            SDL_Rect r = learn_line_card(p->s, c, (SDL_Rect){x, y + h, cards_w, ch}, ch,
                                         gap_step(p->s, c, ch, U(p, 6)), st[i].ncards, k,
                                         BOARD_LEFT | BOARD_TOP);
            draw_card(p, c, r, 0);
        }
        int th = learn_rich(p, bi, slot0 + i, st[i].text, ts, x + cards_w + U(p, 16),
                            y + h + U(p, 4), w - cards_w - U(p, 16), 1.25f);
        h += SDL_max(st[i].ncards > 0 ? ch : 0, th + U(p, 4)) + U(p, 10);
    }
    return h;
}

static int blk_worked(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    (void)b;
    LearnStep st[12];
    int n = learn_worked_turn(p->s->variant, p->s->style, st, 12);
    int pad = U(p, BLOCK_PAD);
    int h = pad + learn_steps(p, bi, 0, st, n, x + pad, y + pad, w - 2 * pad, 52) + pad;
    if (p->draw) {
        paint_round_frame(p->app->paint, p->app->renderer, (SDL_Rect){x, y, w, h}, U(p, 12),
                          SDL_max(1, U(p, 1)), paint_rgba(255, 255, 255, 40));
    }
    return h + U(p, BLOCK_GAP);
}

/* ---- watching a round ------------------------------------------------------------------- */

/* The guided page's button: the guided game at the table (none over a
 * game already on the table, which must be left first). */
/* A guided-page button's width for label: its text (learn_button's type)
 * and GUIDED_LABEL_ROOM units either side. */
enum { GUIDED_LABEL_ROOM = 24 };
static int guided_label_width(LearnPass *p, const char *label)
{
    TextStyle st = app_text_style(p->app, 19, TEXT_BOLD, UI_INK);
    int tw = 0, th = 0;
    text_measure(p->app->text, label, st.px, st.weight, &tw, &th);
    return tw + 2 * U(p, GUIDED_LABEL_ROOM);
}

static int blk_guided(LearnPass *p, int bi, int x, int y, int w)
{
    int bw = SDL_min(w, U(p, 320)), bh = U(p, 48);
    if (!p->s->lesson_kept) {
        learn_button(p, learn_block_id(bi, PART_RUN), (SDL_Rect){x, y + U(p, 8), bw, bh},
                     _("Start the guided game"), true, p->s->overlay);
        return bh + U(p, 24);
    }
    /* Left in the middle: on from there, or from the start, each button
     * its label's width with room either side (at least 340 and 240). */
    const char *go_on = _("Go on with the guided game"), *restart = _("Start it again");
    int gap = U(p, 12);
    bw = SDL_min(w, SDL_max(U(p, 340), guided_label_width(p, go_on)));
    int again = SDL_min(w - bw - gap, SDL_max(U(p, 240), guided_label_width(p, restart)));
    learn_button(p, learn_block_id(bi, PART_STEP), (SDL_Rect){x, y + U(p, 8), bw, bh}, go_on, true,
                 false);
    if (p->s->focus_go_on && ui_find(&p->s->ui, learn_block_id(bi, PART_STEP)) != NULL) {
        ui_focus(&p->s->ui, learn_block_id(bi, PART_STEP)); /* the likely next step */
        p->s->focus_go_on = false;
    }
    learn_button(p, learn_block_id(bi, PART_RUN), (SDL_Rect){x + bw + gap, y + U(p, 8), again, bh},
                 restart, false, false);
    return bh + U(p, 24);
}

static int blk_demo(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    (void)b;
    LearnState *s = p->s;
    LearnBoard *board = NULL;
    for (int i = 0; i < s->nboards; i++) {
        if (s->boards[i].block == bi) {
            board = &s->boards[i];
        }
    }
    if (board == NULL || board->game == NULL) {
        return 0;
    }
    Observation *o = malloc(sizeof *o);
    if (o == NULL || game_observe(board->game, 0, o) != CEKI_OK) {
        free(o);
        return 0;
    }
    int pad = U(p, 16);
    int h = pad;
    TextStyle lab = app_text_style(p->app, 12.5f, TEXT_BOLD, UI_GOLD);
    TextStyle soft = app_text_style(p->app, 14.5f, TEXT_REGULAR, UI_INK_SOFT);
    char line[160];
    snprintf(line, sizeof line, _("THE POOL: %d CARDS     STOCK: %d"), o->pool_count,
             o->stock_count);
    learn_label(p, line, lab, (SDL_Rect){x + pad, y + h, w - 2 * pad, U(p, 16)}, TEXT_LEFT);
    h += U(p, 22);
    int ch = learn_card_h(s, variant_sample_card(variant_get(s->variant)), 66);
    int rows_h = 2 * (ch + caption_h(p)) + U(p, 8);
    Card pool[OBS_MAX_POOL];
    memcpy(pool, o->pool, (size_t)o->pool_count);
    qsort(pool, (size_t)o->pool_count, 1, compare_cards);
    card_row(p, pool, NULL, o->pool_count, x + pad, y + h, w - 2 * pad, ch, NULL, true);
    h += rows_h + U(p, 8);
    /* Each player's pile. */
    int col = (w - 2 * pad) / o->players;
    for (int seat = 0; seat < o->players; seat++) {
        int cx = x + pad + seat * col;
        snprintf(line, sizeof line, _("Seat %d: %d captured%s"), seat + 1, o->captured_count[seat],
                 o->to_move == seat && o->phase != PHASE_ROUND_OVER ? _("  (to move)") : "");
        learn_label(p, line, soft, (SDL_Rect){cx, y + h, col - U(p, 8), U(p, 20)}, TEXT_LEFT);
    }
    h += U(p, 26);
    int bw = U(p, 170), bh = U(p, 40);
    bool over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    learn_button(p, learn_block_id(bi, PART_STEP), (SDL_Rect){x + pad, y + h, bw, bh},
                 variant_get(s->variant)->turn == TURN_KINGS ? _("Turn two cards")
                                                             : _("Turn a card"),
                 true, over);
    learn_button(p, learn_block_id(bi, PART_RUN),
                 (SDL_Rect){x + pad + bw + U(p, 12), y + h, bw, bh}, _("To the end"), false, over);
    learn_button(p, learn_block_id(bi, PART_RESET),
                 (SDL_Rect){x + pad + 2 * (bw + U(p, 12)), y + h, U(p, 150), bh}, _("Start again"),
                 false, false);
    h += bh + U(p, 14);
    /* The last few things that happened. */
    int shown = SDL_min(board->nlog, 4);
    int row = learn_card_h(s, variant_sample_card(variant_get(s->variant)), 40);
    int log_h = 4 * SDL_max(row, U(p, 26)) + 4 * U(p, 10) + U(p, 16);
    if (p->draw) {
        paint_round_rect(p->app->paint, p->app->renderer,
                         (SDL_Rect){x + pad, y + h, w - 2 * pad, log_h}, U(p, 10),
                         paint_rgba(255, 255, 255, 12));
    }
    if (shown == 0) {
        learn_label(p, _("Nothing has happened yet: turn the first card."), soft,
                    (SDL_Rect){x + pad + U(p, 14), y + h, w - 2 * pad, U(p, 40)}, TEXT_LEFT);
    } else {
        learn_steps(p, bi, 10, &board->log[board->nlog - shown], shown, x + pad + U(p, 12),
                    y + h + U(p, 10), w - 2 * pad - U(p, 24), 40);
    }
    h += log_h + pad;
    if (p->draw) {
        paint_round_frame(p->app->paint, p->app->renderer, (SDL_Rect){x, y, w, h}, U(p, 12),
                          SDL_max(1, U(p, 1)), paint_rgba(236, 196, 100, 90));
    }
    free(o);
    return h + U(p, BLOCK_GAP);
}

/* ---- Kowah ------------------------------------------------------------------------------- */

static void checki_verdict(const Card *hand8, DeckStyle style, char *buf, size_t size)
{
    bool declare[CARD_CEKI_KINDS] = {false};
    int n = kowah_declarations(hand8, declare);
    if (n == 0) {
        snprintf(buf, size, _("The rules engine says: *not checki*."));
        return;
    }
    char shows[200] = "", wins[200] = "";
    bool win_any[CARD_CEKI_KINDS] = {false};
    int k = 0;
    for (int c = 0; c < CARD_CEKI_KINDS; c++) {
        if (!declare[c]) {
            continue;
        }
        char name[48];
        learn_card_name((Card)c, style, name, sizeof name);
        char one[80];
        snprintf(one, sizeof one, "%s*%s*", k == 0 ? "" : (k + 1 == n ? _(" or ") : _(", ")), name);
        strncat(shows, one, sizeof shows - strlen(shows) - 1);
        k++;
        bool w[CARD_CEKI_KINDS];
        if (kowah_winning_kinds(hand8, (Card)c, w)) {
            for (int j = 0; j < CARD_CEKI_KINDS; j++) {
                win_any[j] = win_any[j] || w[j];
            }
        }
    }
    int nw = 0, total = 0;
    for (int j = 0; j < CARD_CEKI_KINDS; j++) {
        total += win_any[j];
    }
    for (int j = 0; j < CARD_CEKI_KINDS; j++) {
        if (!win_any[j]) {
            continue;
        }
        char name[48], one[80];
        learn_card_name((Card)j, style, name, sizeof name);
        snprintf(one, sizeof one, "%s*%s*", nw == 0 ? "" : (nw + 1 == total ? _(" or ") : _(", ")),
                 name);
        strncat(wins, one, sizeof wins - strlen(wins) - 1);
        nw++;
    }
    snprintf(buf, size,
             _("The rules engine says: *checki*. You may show a pair of %s; then a third %s "
               "wins."),
             shows, wins);
}

static int blk_checki(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    LearnState *s = p->s;
    int count = 0;
    const LearnCheckiExample *ex = &learn_checki_examples(&count)[b->index];
    Card hand[16];
    int n = learn_parse_cards(ex->hand, hand, 16);
    LearnBoard *board = NULL;
    for (int i = 0; i < s->nboards; i++) {
        if (s->boards[i].block == bi) {
            board = &s->boards[i];
        }
    }
    int pad = U(p, BLOCK_PAD);
    int h = pad;
    TextStyle title = app_text_style(p->app, 17, TEXT_BOLD, UI_INK);
    h += learn_rich(p, bi, 0, _(ex->title), title, x + pad, y + h, w - 2 * pad, 1.2f) + U(p, 4);
    char caption[400];
    learn_expand_cards(_(ex->caption), s->style, caption, sizeof caption);
    TextStyle st = app_text_style(p->app, 15, TEXT_REGULAR, UI_INK_SOFT);
    h += learn_rich(p, bi, 1, caption, st, x + pad, y + h, w - 2 * pad, 1.25f) + U(p, 12);
    int ch = learn_card_h(s, CARD_C1, 84);
    int step = gap_step(s, CARD_C1, ch, U(p, 8));
    int top = y + h + U(p, 12);
    Card keep[8];
    int nkeep = 0;
    for (int i = 0; i < n; i++) {
        SDL_Rect r = learn_line_card(s, CARD_C1, (SDL_Rect){x + pad, top, w - 2 * pad, ch}, ch,
                                     step, n, i, BOARD_LEFT | BOARD_TOP);
        bool out = board != NULL && board->discard == i;
        if (out) {
            r.y -= U(p, 12);
        } else if (nkeep < 8) {
            keep[nkeep++] = hand[i];
        }
        draw_card(p, hand[i], r, out ? CARD_DIM : 0);
        check_right(p, r.x + r.w, x + w - pad);
        learn_card_caption(p, hand[i], (SDL_Rect){r.x, top, r.w, ch}, out ? UI_WARN : UI_INK_SOFT);
        if (board != NULL) {
            int id = learn_block_id(bi, PART_HAND + i);
            char name[48], text[CARD_TEXT_MAX];
            snprintf(name, sizeof name, "b%d pick %s", board_index(s, board),
                     card_format(hand[i], text));
            learn_add_widget(p, WIDGET_ITEM, id, r, name);
            learn_add_hit(s, HIT_PICK, board_index(s, board), i, hand[i], r);
            if (p->draw && s->ui.focus == id) {
                ui_draw_focus_ring(p->app, r, U(p, 6));
            }
        }
    }
    h = top - y + ch + caption_h(p) + U(p, 10);
    char verdict[600];
    if (n == 8) {
        checki_verdict(hand, s->style, verdict, sizeof verdict);
    } else if (board != NULL && board->discard >= 0 && nkeep == 8) {
        char name[48], said[400];
        learn_card_name(hand[board->discard], s->style, name, sizeof name);
        checki_verdict(keep, s->style, said, sizeof said);
        snprintf(verdict, sizeof verdict, _("You discard the *%s*. %s"), name, said);
    } else {
        snprintf(verdict, sizeof verdict, _("Choose the card to discard."));
    }
    TextStyle vs = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_GOLD_LIGHT);
    if (board != NULL) {
        LearnPass m = *p;
        m.draw = false;
        learn_rich(&m, bi, 2, verdict, vs, x + pad, y + h, w - 2 * pad, 1.25f);
        learn_rich(p, bi, 2, verdict, vs, x + pad, y + h, w - 2 * pad, 1.25f);
        h += U(p, 64);
    } else {
        h += learn_rich(p, bi, 2, verdict, vs, x + pad, y + h, w - 2 * pad, 1.25f);
    }
    h += pad;
    if (p->draw) {
        paint_round_frame(
            p->app->paint, p->app->renderer, (SDL_Rect){x, y, w, h}, U(p, 12), SDL_max(1, U(p, 1)),
            board != NULL ? paint_rgba(236, 196, 100, 90) : paint_rgba(255, 255, 255, 40));
    }
    return h + U(p, BLOCK_GAP);
}

/* ---- comparison and glossary ------------------------------------------------------------ */

static const float compare_cols[7] = {150, 66, 92, 126, 130, 146, 152};

static void compare_cells(VariantId id, char cells[7][160])
{
    const VariantDesc *v = variant_get(id);
    const LearnCompareRow *row = learn_compare_row(id);
    int players = game_config_default(id, 1).players;
    snprintf(cells[0], 160, "*%s*", _(v->name));
    if (v->min_players == v->max_players) {
        snprintf(cells[1], 160, "%d", v->min_players);
    } else if (v->even_players && v->max_players - v->min_players == 2) {
        snprintf(cells[1], 160, _("%d or %d"), v->min_players, v->max_players);
    } else {
        snprintf(cells[1], 160, "%d–%d", v->min_players, v->max_players);
    }
    switch (v->deck) {
    case DECK_CEKI: snprintf(cells[2], 160, _("%d Ceki"), variant_deck_size(v, players)); break;
    case DECK_CEKI_PER_PLAYER:
        snprintf(cells[2], 160, _("%d or %d Ceki"), variant_deck_size(v, 4),
                 variant_deck_size(v, 6));
        break;
    case DECK_FRENCH_NO_KINGS: snprintf(cells[2], 160, _("48 French, 4 Kings aside")); break;
    }
    VariantDeal dl = variant_deal(v, players);
    int deck = dl.deck, hand = dl.hand, pool = dl.pool, rest = dl.rest;
    switch (v->turn) {
    case TURN_HAND_ONLY:
        snprintf(cells[3], 160, _("%d / %d / none (%d aside)"), hand, pool, rest);
        break;
    case TURN_STOCK_ONLY: snprintf(cells[3], 160, _("none / none / %d"), deck); break;
    case TURN_KINGS: snprintf(cells[3], 160, _("none / %d / %d"), pool, rest); break;
    case TURN_DRAW_DISCARD: snprintf(cells[3], 160, _("%d / none / %d"), hand, rest); break;
    default: snprintf(cells[3], 160, "%d / %d / %d", hand, pool, rest); break;
    }
    if (v->deck == DECK_CEKI_PER_PLAYER) { /* the sizes depend on the players */
        snprintf(cells[3], 160, _("%d / %d / %d (%d players)"), hand, pool, rest, players);
    }
    snprintf(cells[4], 160, "%s", row->phases);
    snprintf(cells[5], 160, "%s", row->capture);
    snprintf(cells[6], 160, "%s", row->scoring);
}

static int blk_compare(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    const char *const heads[7] = {_("GAME"),   _("PLAYERS"), _("CARDS"),  _("HAND / POOL / STOCK"),
                                  _("A TURN"), _("CAPTURE"), _("SCORING")};
    float total = 0;
    for (int c = 0; c < 7; c++) {
        total += compare_cols[c];
    }
    int colx[8];
    colx[0] = x;
    for (int c = 0; c < 7; c++) {
        colx[c + 1] = colx[c] + (int)lroundf((float)w * compare_cols[c] / total);
    }
    int cpad = U(p, 6);
    if (b->index < 0) {
        TextStyle head = app_text_style(p->app, 11.5f, TEXT_BOLD, UI_GOLD);
        int head_h = 0;
        for (int c = 0; c < 7; c++) {
            int hh = learn_rich(p, bi, c, heads[c], head, colx[c] + cpad, y,
                                colx[c + 1] - colx[c] - 2 * cpad, 1.15f);
            head_h = SDL_max(head_h, hh);
        }
        return head_h + U(p, 8);
    }
    VariantId vi = (VariantId)b->index;
    char cells[7][160];
    compare_cells(vi, cells);
    TextStyle cell = app_text_style(p->app, 13.5f, TEXT_REGULAR, UI_INK);
    int row_h = 0;
    LearnPass m = *p;
    m.draw = false;
    for (int c = 0; c < 7; c++) {
        int ch = learn_rich(&m, bi, c, cells[c], cell, colx[c] + cpad, y,
                            colx[c + 1] - colx[c] - 2 * cpad, 1.15f);
        row_h = SDL_max(row_h, ch + U(p, 12));
    }
    SDL_Rect row = {x, y, w, row_h};
    int id = learn_block_id(bi, PART_ROW);
    if (p->draw) {
        bool current = vi == p->s->variant;
        bool focus = p->s->ui.focus == id;
        if (current || focus || b->index % 2 == 0) {
            paint_round_rect(p->app->paint, p->app->renderer, row, U(p, 6),
                             current ? paint_rgba(236, 196, 100, 40)
                             : focus ? paint_rgba(255, 255, 255, 34)
                                     : paint_rgba(255, 255, 255, 10));
        }
        if (focus) {
            ui_draw_focus_ring(p->app, row, U(p, 6));
        }
        for (int c = 0; c < 7; c++) {
            learn_rich(p, bi, c, cells[c], cell, colx[c] + cpad, y + U(p, 6),
                       colx[c + 1] - colx[c] - 2 * cpad, 1.15f);
        }
    }
    learn_add_widget(p, WIDGET_ITEM, id, row, variant_get(vi)->key);
    return row_h + U(p, 2);
}

static int blk_glossary(LearnPass *p, int bi, const LearnBlock *b, int x, int y, int w)
{
    int count = 0;
    const LearnTerm *t = &learn_glossary(&count)[b->index];
    int left = U(p, 240);
    TextStyle term = app_text_style(p->app, 17, TEXT_BOLD, UI_INK);
    TextStyle jav = app_text_style(p->app, 20, TEXT_REGULAR, UI_GOLD);
    TextStyle mean = app_text_style(p->app, 15.5f, TEXT_REGULAR, UI_INK);
    TextStyle games = app_text_style(p->app, 13, TEXT_REGULAR, UI_INK_FAINT);
    int lh = learn_rich(p, bi, 0, t->term, term, x, y, left - U(p, 12), 1.15f);
    if (t->javanese[0] != '\0') {
        lh += learn_rich(p, bi, 1, t->javanese, jav, x, y + lh, left - U(p, 12), 1.1f);
    }
    char meaning[600];
    learn_expand_cards(t->meaning, p->s->style, meaning, sizeof meaning);
    int rh = learn_rich(p, bi, 2, meaning, mean, x + left, y + U(p, 1), w - left, 1.25f);
    char used[200];
    snprintf(used, sizeof used, _("Used in: %s"), t->games);
    rh += U(p, 2) + learn_rich(p, bi, 3, used, games, x + left, y + rh + U(p, 3), w - left, 1.2f);
    int h = SDL_max(lh, rh) + U(p, 12);
    if (p->draw) {
        paint_fill_rect(p->app->renderer, (SDL_Rect){x, y + h - U(p, 6), w, SDL_max(1, U(p, 1))},
                        paint_rgba(255, 255, 255, 22));
    }
    return h + U(p, 6);
}

/* ---- the page ------------------------------------------------------------------------------ */

static int run_block(LearnPass *p, int bi, int x, int y, int w)
{
    const LearnBlock *b = &p->s->doc.blocks[bi];
    switch (b->kind) {
    case LB_TITLE: return blk_title(p, bi, b, x, y, w);
    case LB_HEADING: return blk_heading(p, bi, b, x, y, w);
    case LB_PARA: return blk_para(p, bi, b, x, y, w);
    case LB_NOTE: return blk_note(p, bi, b, x, y, w);
    case LB_BULLET: return blk_bullet(p, bi, b, x, y, w);
    case LB_STEP: return blk_step(p, bi, b, x, y, w);
    case LB_HOUSE: return blk_house(p, bi, b, x, y, w);
    case LB_SOURCE: return blk_source(p, bi, b, x, y, w);
    case LB_FACTS: return blk_facts(p, bi, b, x, y, w);
    case LB_CARDS: return blk_cards(p, bi, b, x, y, w);
    case LB_LEGAL: return blk_legal(p, bi, b, x, y, w);
    case LB_SCORE: return blk_score(p, bi, b, x, y, w);
    case LB_TRY: return blk_try(p, bi, b, x, y, w);
    case LB_DEAL: return blk_deal(p, bi, b, x, y, w);
    case LB_WORKED: return blk_worked(p, bi, b, x, y, w);
    case LB_DEMO: return blk_demo(p, bi, b, x, y, w);
    case LB_CHECKI: return blk_checki(p, bi, b, x, y, w);
    case LB_COMPARE: return blk_compare(p, bi, b, x, y, w);
    case LB_GLOSSARY: return blk_glossary(p, bi, b, x, y, w);
    case LB_GUIDED: return blk_guided(p, bi, x, y, w);
    }
    return 0;
}

void learn_layout_invalidate(LearnState *s)
{
    s->laid_out = false;
}

static void reset_layout(LearnState *s)
{
    memset(s->rich, 0, sizeof s->rich);
    s->store.nlines = 0;
    s->store.nsegs = 0;
    s->store.used = 0;
    s->store.full = false;
    s->metrics.overflows = 0;
    s->layout_overflows = 0;
    s->metrics.texts = 0;
    s->metrics.outside = 0;
    memset(s->metrics.overflow, 0, sizeof s->metrics.overflow);
}

void learn_page_pass(App *app, LearnState *s, bool draw)
{
    /* Texts that change (verdicts, prompts, logs) are laid out again each
     * time they change; when that has used most of the store, start over. */
    const RichStore *st = &s->store;
    if (st->nlines > LEARN_MAX_LINES * 3 / 4 || st->nsegs > LEARN_MAX_SEGS * 3 / 4 ||
        st->used > LEARN_CHARS * 3 / 4) {
        s->laid_out = false;
    }
    if (!s->laid_out || s->laid_ui != app->ui) {
        reset_layout(s);
        s->laid_ui = app->ui;
        LearnPass m = {app, s, false};
        int y = 0;
        s->measuring = true;
        for (int bi = 0; bi < s->doc.count; bi++) {
            int h = run_block(&m, bi, s->view.x, s->view.y + y, s->view.w);
            s->laid[bi] = (LaidBlock){y, h};
            y += h;
        }
        s->measuring = false;
        s->metrics.store_full = s->store.full;
        s->page_h = y;
        s->laid_out = true;
    }
    int max = SDL_max(0, s->page_h - s->view.h);
    if (s->pending_scroll >= 0) {
        s->scroll = s->pending_scroll >= 1e8f ? max : app_px(app, s->pending_scroll);
        s->pending_scroll = -1;
    }
    s->scroll = SDL_clamp(s->scroll, 0, max);
    s->nhits = 0;
    if (draw) {
        s->metrics.shown = 0;
    }
    LearnPass p = {app, s, draw};
    if (draw) {
        SDL_RenderSetClipRect(app->renderer, &s->view);
    }
    for (int bi = 0; bi < s->doc.count; bi++) {
        int y = s->view.y + s->laid[bi].y - s->scroll;
        if (y > s->view.y + s->view.h || y + s->laid[bi].h < s->view.y) {
            continue;
        }
        run_block(&p, bi, s->view.x, y, s->view.w);
    }
    if (draw) {
        SDL_RenderSetClipRect(app->renderer, NULL);
        s->metrics.overflows = s->layout_overflows + s->frame_overflows;
    }
}
