/* scene_table_log.c — the move log: the round's public history (RULES.md §5,
 * the core's PublicHistory in the viewer's Observation) as a panel along the
 * table's right edge, newest first, each entry a sentence with its cards
 * drawn small (a draw nobody saw as a face-down card). The panel lies over
 * the table, below the top bar and above everything else but dialogs: the
 * table under it waits (clicks there are the panel's) and the keyboard
 * still plays; L or the Log button closes it. It names only what every player saw, so it may stay
 * open when a hot-seat game passes to the next person (the cover hides it with the rest of the
 * table). Opened and closed by the Log button and L; the wheel scrolls it.
 * At a table with friends the match's chat lines (TableChat: the last
 * TABLE_CHAT_LINES, this window's mute notes with them, a muted seat's
 * left out) stand among the moves where they came, each under its
 * speaker's name, as tall as its words; a line that comes while the log is
 * closed is counted on the Log button (scene_table_net.c) until it opens. */
#include <stdio.h>
#include <string.h>

#include "card_art.h"
#include "paint.h"
#include "scene_table.h"

#define LOG_W 360.0f      /* design units: the panel's width at most */
#define LOG_SHARE 0.42f   /* ... and at most this share of the window */
#define LOG_MARGIN 12.0f  /* from the window's edges and the top bar */
#define LOG_HEAD 58.0f    /* the heading's height */
#define LOG_ROW 46.0f     /* one entry */
#define LOG_CARD_H 38.0f  /* a card in an entry */
#define LOG_TEXT 13.0f    /* type size of an entry */
#define LOG_PAD 12.0f     /* inner padding */
#define LOG_WHEEL_ROWS 2  /* entries one wheel notch scrolls */
#define LOG_CHAT_PAD 6.0f /* above and below a chat line's words */
#define LOG_CHAT_BAR 3.0f /* the mark along a chat line's left */
#define LOG_ITEMS_MAX (PUBLIC_HISTORY_MAX + TABLE_CHAT_LINES)

/* One entry of the log: a chat line (chat >= 0, its index in TableChat's
 * lines) or a move (entry, its index in the PublicHistory). */
typedef struct LogItem {
    int chat;
    int entry;
} LogItem;

/* Whether a kept chat line shows in the log (not a seat muted here). */
static bool chat_shown(const TableState *t, const TableChatLine *l)
{
    return !(l->seat >= 0 && l->seat < CEKI_MAX_SEATS && t->chat.muted[l->seat]);
}

static void add_chat(const TableState *t, int c, LogItem *out, int *n)
{
    if (chat_shown(t, &t->chat.lines[c]) && *n < LOG_ITEMS_MAX) {
        out[(*n)++] = (LogItem){c, -1};
    }
}

/* The log's entries, oldest first: the chat lines of earlier rounds, then
 * this round's moves with each line after the moves it came after, then
 * the lines newer than every move shown. Their count. */
static int log_items(const TableState *t, LogItem *out)
{
    const PublicHistory *h = &t->obs.history;
    const TableChat *ch = &t->chat;
    int round = t->obs.round, first = h->total - h->count, c = 0, n = 0;
    for (; c < ch->nlines && ch->lines[c].round < round; c++) {
        add_chat(t, c, out, &n);
    }
    for (int j = 0; j < h->count && n < LOG_ITEMS_MAX; j++) {
        for (; c < ch->nlines && ch->lines[c].round == round && ch->lines[c].moves <= first + j;
             c++) {
            add_chat(t, c, out, &n);
        }
        out[n++] = (LogItem){-1, j};
    }
    for (; c < ch->nlines; c++) {
        add_chat(t, c, out, &n);
    }
    return n;
}

/* Entry i from the newest, or false past the end. */
static bool log_item(const TableState *t, int i, LogItem *it)
{
    LogItem items[LOG_ITEMS_MAX];
    int n = log_items(t, items);
    if (i < 0 || i >= n) {
        return false;
    }
    *it = items[n - 1 - i];
    return true;
}

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
    LogItem items[LOG_ITEMS_MAX];
    return log_items(t, items);
}

const TableChatLine *table_log_chat(const TableState *t, int i)
{
    LogItem it;
    return log_item(t, i, &it) && it.chat >= 0 ? &t->chat.lines[it.chat] : NULL;
}

void table_log_toggle(TableState *t)
{
    t->log_open = !t->log_open;
    t->log_scroll = 0;
    if (t->log_open) {
        t->chat.unread = 0; /* every line is in it, the newest at the top */
    }
}

/* Who said a chat line, as the log names them. */
static void chat_who(const TableState *t, const TableChatLine *l, char *buf, size_t size)
{
    if (l->seat == TABLE_CHAT_NOTE) {
        buf[0] = '\0';
    } else if (l->seat < 0) {
        snprintf(buf, size, _("%s (watching)"), l->name[0] != '\0' ? l->name : "?");
    } else {
        table_seat_name(t, l->seat, buf, size);
    }
}

/* A note's words, in the language shown now. */
static void chat_note_text(const TableState *t, const TableChatLine *l, char *buf, size_t size)
{
    char who[64];
    table_seat_name(t, l->about, who, sizeof who);
    snprintf(buf, size, l->muted ? _("%s is muted here.") : _("%s is heard again."), who);
}

bool table_log_entry(const TableState *t, int i, char *buf, size_t size, Card cards[2], int *ncards)
{
    const PublicHistory *h = &t->obs.history;
    LogItem it;
    if (size == 0 || !log_item(t, i, &it)) {
        return false;
    }
    if (it.chat >= 0) {
        const TableChatLine *l = &t->chat.lines[it.chat];
        char name[96];
        chat_who(t, l, name, sizeof name);
        if (l->seat == TABLE_CHAT_NOTE) {
            chat_note_text(t, l, buf, size);
        } else {
            snprintf(buf, size, "%s: %s", name, l->text);
        }
        *ncards = 0;
        return true;
    }
    const PublicEntry *e = &h->entry[it.entry];
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

/* A chat line's speaker (none for a note) and words, and their heights in
 * a row w pixels wide. */
typedef struct ChatRow {
    char who[96];
    char note[160]; /* a note's words */
    const char *words;
    TextStyle name_s, words_s;
    int text_w; /* the words' width: the row's less the mark */
    int name_h, words_h;
} ChatRow;

static void chat_row(App *app, const TableState *t, const TableChatLine *l, int w, ChatRow *r)
{
    chat_who(t, l, r->who, sizeof r->who);
    bool note = l->seat == TABLE_CHAT_NOTE;
    r->words = note ? r->note : l->text;
    if (note) {
        chat_note_text(t, l, r->note, sizeof r->note);
    }
    r->name_s = app_text_style(app, LOG_TEXT, TEXT_BOLD, UI_GOLD_LIGHT);
    r->words_s = app_text_style(app, LOG_TEXT, TEXT_REGULAR, note ? UI_INK_FAINT : UI_INK);
    r->text_w = SDL_max(1, w - app_px(app, LOG_CHAT_BAR + 8));
    r->name_h = r->who[0] != '\0'
                    ? text_draw_wrapped(app->text, NULL, r->who, &r->name_s,
                                        (SDL_Rect){0, 0, r->text_w, 0}, TEXT_LEFT, 1.0f)
                    : 0;
    r->words_h = text_draw_wrapped(app->text, NULL, r->words, &r->words_s,
                                   (SDL_Rect){0, 0, r->text_w, 0}, TEXT_LEFT, 1.0f);
}

/* The height of an entry in a row w pixels wide: a move's is fixed, a
 * chat line's as tall as its name and words (a move's at least). */
static int item_h(App *app, const TableState *t, const LogItem *it, int w)
{
    int row = app_px(app, LOG_ROW);
    if (it->chat < 0) {
        return row;
    }
    ChatRow r;
    chat_row(app, t, &t->chat.lines[it->chat], w, &r);
    return SDL_max(row, r.name_h + r.words_h + 2 * app_px(app, LOG_CHAT_PAD));
}

/* The entries' room below the heading, and the rows' width. */
static int log_room(const App *app, SDL_Rect panel)
{
    return panel.h - app_px(app, LOG_HEAD);
}

static int row_w(const App *app, SDL_Rect panel)
{
    return panel.w - 2 * app_px(app, LOG_PAD);
}

/* Entries shown from entry `from` (newest first) down: as many as fit,
 * at least one. */
static int shown_from(App *app, const TableState *t, const LogItem *items, int n, int from,
                      SDL_Rect panel)
{
    int used = 0, k = 0, room = log_room(app, panel), w = row_w(app, panel);
    for (; from + k < n; k++) {
        int h = item_h(app, t, &items[n - 1 - (from + k)], w);
        if (k > 0 && used + h > room) {
            break;
        }
        used += h;
    }
    return k;
}

/* The most the log scrolls: the first entry from which the oldest ones
 * all fit. */
static int most_scroll(App *app, const TableState *t, const LogItem *items, int n, SDL_Rect panel)
{
    int used = 0, room = log_room(app, panel), w = row_w(app, panel);
    for (int i = n - 1; i >= 0; i--) {
        used += item_h(app, t, &items[n - 1 - i], w);
        if (used > room) {
            return SDL_min(i + 1, n - 1);
        }
    }
    return 0;
}

void table_log_scroll(App *app, TableState *t, int rows)
{
    SDL_Rect p;
    if (!table_log_panel(app, t, &p)) {
        return;
    }
    LogItem items[LOG_ITEMS_MAX];
    int n = log_items(t, items);
    int most = most_scroll(app, t, items, n, p);
    t->log_scroll = SDL_clamp(t->log_scroll + rows, 0, most);
}

void table_log_wheel(App *app, TableState *t, int notches)
{
    table_log_scroll(app, t, -notches * LOG_WHEEL_ROWS);
}

/* A chat line's row: a mark down its left, the speaker's name, the words. */
static void draw_chat(App *app, const TableState *t, SDL_Rect row, const TableChatLine *l)
{
    ChatRow r;
    chat_row(app, t, l, row.w, &r);
    int pad = app_px(app, LOG_CHAT_PAD), bar = SDL_max(1, app_px(app, LOG_CHAT_BAR));
    int h = r.name_h + r.words_h, y = row.y + (row.h - h) / 2;
    SDL_Color mark = l->seat == TABLE_CHAT_NOTE ? paint_rgba(255, 255, 255, 60) : UI_GOLD;
    paint_fill_rect(app->renderer, (SDL_Rect){row.x, row.y + pad, bar, row.h - 2 * pad}, mark);
    int x = row.x + row.w - r.text_w;
    if (r.name_h > 0) {
        text_draw_wrapped(app->text, app->renderer, r.who, &r.name_s, (SDL_Rect){x, y, r.text_w, 0},
                          TEXT_LEFT, 1.0f);
    }
    text_draw_wrapped(app->text, app->renderer, r.words, &r.words_s,
                      (SDL_Rect){x, y + r.name_h, r.text_w, 0}, TEXT_LEFT, 1.0f);
}

static void draw_entry(App *app, TableState *t, SDL_Rect row, int i)
{
    const TableChatLine *line = table_log_chat(t, i);
    if (line != NULL) {
        draw_chat(app, t, row, line);
        return;
    }
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

/* The entries shown, from the one scrolled to, each as tall as it is. */
static void draw_rows(App *app, TableState *t, SDL_Rect p, const LogItem *items, int n, int rows)
{
    int y = p.y + app_px(app, LOG_HEAD), w = row_w(app, p);
    for (int r = 0; r < rows; r++) {
        int i = t->log_scroll + r;
        SDL_Rect row = {p.x + app_px(app, LOG_PAD), y, w, item_h(app, t, &items[n - 1 - i], w)};
        if (r > 0) {
            paint_fill_rect(app->renderer, (SDL_Rect){row.x, row.y, row.w, 1},
                            paint_rgba(255, 255, 255, 16));
        }
        draw_entry(app, t, row, i);
        y += row.h;
    }
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
    bool hands = t->v->engine == ENGINE_KOWAH; /* Kowah is played in hands */
    if (t->obs.history.count == 0) {
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
    LogItem items[LOG_ITEMS_MAX];
    int n = log_items(t, items);
    t->log_scroll = SDL_clamp(t->log_scroll, 0, most_scroll(app, t, items, n, p));
    int rows = shown_from(app, t, items, n, t->log_scroll, p);
    char more[64] = "";
    if (n > rows) {
        int first = t->log_scroll + 1;
        snprintf(more, sizeof more, _("%d\xe2\x80\x93%d of %d"), first, first - 1 + rows, n);
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
    draw_rows(app, t, p, items, n, rows);
    if (more[0] != '\0') {
        text_draw(app->text, app->renderer, more, &ss, p.x + p.w - pad, p.y + pad + app_px(app, 24),
                  TEXT_RIGHT);
    }
}
