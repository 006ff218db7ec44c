/* scene_table_log.c — the move log: the round's public history (RULES.md §5,
 * the core's PublicHistory in the viewer's Observation) as a panel along the
 * table's right edge, newest first, each entry a sentence with its cards
 * drawn small (a draw nobody saw as a face-down card). The panel lies over
 * the table, below the top bar and above everything else but dialogs: the
 * table under it waits (clicks there are the panel's) and the keyboard
 * still plays; L or the Log button closes it. It names only what every player saw, so it may stay
 * open when a hot-seat game passes to the next person (the cover hides it with the rest of the
 * table). Opened and closed by the Log button and L; the wheel scrolls it. */
#include <stdio.h>
#include <string.h>

#include "card_art.h"
#include "paint.h"
#include "scene_table.h"

#define LOG_W 360.0f     /* design units: the panel's width at most */
#define LOG_SHARE 0.42f  /* ... and at most this share of the window */
#define LOG_MARGIN 12.0f /* from the window's edges and the top bar */
#define LOG_HEAD 58.0f   /* the heading's height */
#define LOG_ROW 46.0f    /* one entry */
#define LOG_CARD_H 38.0f /* a card in an entry */
#define LOG_TEXT 13.0f   /* type size of an entry */
#define LOG_PAD 12.0f    /* inner padding */
#define LOG_WHEEL_ROWS 2 /* entries one wheel notch scrolls */

/* The seat's short name ("You", "Seat 2"), as the table's sentences use it. */
static void who(const TableState *t, int seat, char *buf, size_t size)
{
    table_seat_name(t, seat, buf, size);
    char *dot = strstr(buf, " \xc2\xb7");
    if (dot != NULL) {
        *dot = '\0';
    }
}

int table_log_count(const TableState *t)
{
    return t->obs.history.count;
}

bool table_log_entry(const TableState *t, int i, char *buf, size_t size, Card cards[2], int *ncards)
{
    const PublicHistory *h = &t->obs.history;
    if (i < 0 || i >= h->count || size == 0) {
        return false;
    }
    const PublicEntry *e = &h->entry[h->count - 1 - i];
    char name[48], a[64], b[64], other[48];
    who(t, e->seat, name, sizeof name);
    table_card_label(t, e->card, a, sizeof a);
    table_card_label(t, e->card2, b, sizeof b);
    bool turned = (e->flags & PUB_FLAG_TURNED) != 0;
    cards[0] = e->card;
    cards[1] = e->card2;
    *ncards = 2;
    switch ((PublicKind)e->kind) {
    case PUB_CAPTURE:
        snprintf(buf, size, turned ? _("%s turned %s and took %s") : _("%s played %s and took %s"),
                 name, a, b);
        break;
    case PUB_TRAIL:
        snprintf(buf, size,
                 turned ? _("%s turned %s; it stays in the pool") : _("%s laid %s in the pool"),
                 name, a);
        *ncards = 1;
        break;
    case PUB_PAIR: snprintf(buf, size, _("%s took the pair %s and %s"), name, a, b); break;
    case PUB_DRAW:
        if (card_is_valid(e->card)) {
            snprintf(buf, size, _("%s drew %s, shown to all"), name, a);
            *ncards = 1;
        } else {
            snprintf(buf, size, _("%s drew from the stock"), name);
            *ncards = 1; /* cards[0] is CARD_NONE: drawn face down */
        }
        break;
    case PUB_TAKE_DISCARD:
        snprintf(buf, size, _("%s took %s from the discard pile"), name, a);
        *ncards = 1;
        break;
    case PUB_DISCARD:
        snprintf(buf, size, _("%s discarded %s"), name, a);
        *ncards = 1;
        break;
    case PUB_DECLARE:
        snprintf(buf, size, _("%s declared checki, showing a pair of %s"), name, a);
        cards[1] = e->card;
        break;
    case PUB_CLAIM:
        who(t, e->card2, other, sizeof other);
        snprintf(buf, size,
                 (e->flags & PUB_FLAG_DISCARD) ? _("%s claimed %s from %s's discard and won")
                                               : _("%s claimed %s, drawn by %s, and won"),
                 name, a, other);
        *ncards = 1;
        break;
    case PUB_NONE:
    default: return false;
    }
    return true;
}

bool table_log_panel(const App *app, const TableState *t, SDL_Rect *out)
{
    if (!t->log_open) {
        return false;
    }
    float u = app->ui;
    SDL_Rect bar = table_rect(t->layout.top_bar);
    int w = (int)SDL_min(LOG_W * u, (float)app->width * LOG_SHARE);
    int m = (int)(LOG_MARGIN * u);
    int y = bar.y + bar.h + m;
    *out = (SDL_Rect){app->width - w, y, w, app->height - y - m};
    return out->h > 0;
}

/* Entries that fit below the heading. */
static int rows_shown(const App *app, SDL_Rect panel)
{
    int rows = (panel.h - app_px(app, LOG_HEAD)) / SDL_max(1, app_px(app, LOG_ROW));
    return SDL_max(rows, 1);
}

void table_log_scroll(App *app, TableState *t, int rows)
{
    SDL_Rect p;
    if (!table_log_panel(app, t, &p)) {
        return;
    }
    int most = SDL_max(0, table_log_count(t) - rows_shown(app, p));
    t->log_scroll = SDL_clamp(t->log_scroll + rows, 0, most);
}

void table_log_wheel(App *app, TableState *t, int notches)
{
    table_log_scroll(app, t, -notches * LOG_WHEEL_ROWS);
}

static void draw_entry(App *app, TableState *t, SDL_Rect row, int i)
{
    char text[240];
    Card cards[2];
    int ncards = 0;
    if (!table_log_entry(t, i, text, sizeof text, cards, &ncards)) {
        return;
    }
    DeckStyle st = variant_style(t->v, t->style);
    int ch = app_px(app, LOG_CARD_H);
    int x = row.x;
    for (int c = 0; c < 2; c++) {
        int cw = (int)(ch * card_art_aspect(st, CARD_NONE));
        if (c < ncards) {
            SDL_Rect r = {x, row.y + (row.h - ch) / 2, cw, ch};
            bool hidden = !card_is_valid(cards[c]);
            Card shown = hidden ? variant_sample_card(t->v) : cards[c];
            card_art_draw(app->cards, app->renderer, st, shown, r,
                          app_card_flags(app) | (hidden ? CARD_FACE_DOWN : 0u));
        }
        x += cw + app_px(app, 4);
    }
    x += app_px(app, 4);
    TextStyle s = app_text_style(app, LOG_TEXT, TEXT_REGULAR, i == 0 ? UI_INK : UI_INK_SOFT);
    int lh = text_draw_wrapped(app->text, NULL, text, &s, (SDL_Rect){x, 0, row.x + row.w - x, 0},
                               TEXT_LEFT, 1.0f);
    text_draw_wrapped(app->text, app->renderer, text, &s,
                      (SDL_Rect){x, row.y + (row.h - lh) / 2, row.x + row.w - x, 0}, TEXT_LEFT,
                      1.0f);
}

void table_log_draw(App *app, TableState *t)
{
    SDL_Rect p;
    if (t->dialog == DLG_COVER || !table_log_panel(app, t, &p)) {
        return;
    }
    int pad = app_px(app, LOG_PAD);
    paint_shadow(app->paint, app->renderer, (SDL_Rect){p.x, p.y, p.w + app_px(app, 16), p.h},
                 app_px(app, 12), app_px(app, 14), paint_rgba(0, 0, 0, 110));
    /* Flush with the window's right edge: the ground runs past it, so only
     * its left corners are rounded. */
    SDL_Color ground = paint_rgba(10, 30, 20, 255);
    SDL_Rect g = {p.x, p.y, p.w + app_px(app, 16), p.h};
    paint_round_rect(app->paint, app->renderer, g, app_px(app, 12), ground);
    int in = app_px(app, 6); /* the rounded fill leaves the inside a little see-through */
    paint_fill_rect(app->renderer, (SDL_Rect){g.x + in, g.y + in, g.w - 2 * in, g.h - 2 * in},
                    ground);
    paint_round_frame(app->paint, app->renderer, g, app_px(app, 12), SDL_max(1, app_px(app, 1)),
                      paint_rgba(255, 255, 255, 40));
    TextStyle hs = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    text_draw(app->text, app->renderer, _("Move log"), &hs, p.x + pad, p.y + pad, TEXT_LEFT);
    char sub[96];
    int n = table_log_count(t);
    bool hands = t->v->engine == ENGINE_KOWAH; /* Kowah is played in hands */
    if (n == 0) {
        snprintf(sub, sizeof sub, "%s",
                 hands ? _("Nothing played yet this hand") : _("Nothing played yet this round"));
    } else {
        snprintf(sub, sizeof sub,
                 hands ? _("Hand %d \xc2\xb7 what everyone saw \xc2\xb7 newest first")
                       : _("Round %d \xc2\xb7 what everyone saw \xc2\xb7 newest first"),
                 t->obs.round);
    }
    TextStyle ss = app_text_style(app, 12, TEXT_REGULAR, UI_INK_FAINT);
    text_draw(app->text, app->renderer, _("L closes"), &ss, p.x + p.w - pad, p.y + pad, TEXT_RIGHT);
    int rows = rows_shown(app, p);
    char more[64] = "";
    if (n > rows) {
        int first = SDL_clamp(t->log_scroll, 0, SDL_max(0, n - rows)) + 1;
        snprintf(more, sizeof more, _("%d\xe2\x80\x93%d of %d"), first,
                 SDL_min(n, first - 1 + rows), n);
    }
    int more_w = 0, th = 0;
    if (more[0] != '\0') {
        text_measure(app->text, more, ss.px, ss.weight, &more_w, &th);
        more_w += app_px(app, 12);
    }
    /* The subtitle gives up its last parts (" · ...") before it would run
     * into the count. */
    SDL_Rect sub_box = {p.x + pad, p.y + pad + app_px(app, 24), p.w - 2 * pad - more_w,
                        app_px(app, 16)};
    int sub_w = 0;
    text_measure(app->text, sub, ss.px, ss.weight, &sub_w, &th);
    char *cut = NULL;
    while (sub_w > sub_box.w && (cut = strrchr(sub, 0xc2)) != NULL && cut > sub) {
        while (cut > sub && cut[-1] == ' ') {
            cut--;
        }
        *cut = '\0';
        text_measure(app->text, sub, ss.px, ss.weight, &sub_w, &th);
    }
    text_draw_in(app->text, app->renderer, sub, &ss, sub_box, TEXT_LEFT);
    t->log_scroll = SDL_clamp(t->log_scroll, 0, SDL_max(0, n - rows));
    int rh = app_px(app, LOG_ROW), y = p.y + app_px(app, LOG_HEAD);
    for (int r = 0; r < rows && t->log_scroll + r < n; r++) {
        SDL_Rect row = {p.x + pad, y + r * rh, p.w - 2 * pad, rh};
        if (r > 0) {
            paint_fill_rect(app->renderer, (SDL_Rect){row.x, row.y, row.w, 1},
                            paint_rgba(255, 255, 255, 16));
        }
        draw_entry(app, t, row, t->log_scroll + r);
    }
    if (more[0] != '\0') {
        text_draw(app->text, app->renderer, more, &ss, p.x + p.w - pad, p.y + pad + app_px(app, 24),
                  TEXT_RIGHT);
    }
}
