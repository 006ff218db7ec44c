/* scene_table_net.c — the table with friends (scene_table.h): chat, the
 * seats' connection on their plates, each person's turn clock under their
 * plate (counted down here between the host's words), Kowah's claim
 * window, and the banner
 * when this window reconnects or the host is gone. Nothing here runs at a
 * table on this computer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_screens.h"
#include "net_ticket.h"
#include "scene_table.h"

#define CHAT_SHOW_SECONDS 8.0 /* a line stays over the table this long */
#define CHAT_SHOWN 5          /* lines over the table at once */
#define CHAT_MIN_GAP 0.5      /* seconds between two lines sent from here */
#define CHAT_TAKE 8           /* lines taken from the table per frame */
#define CLAIM_BAR_UNITS 5     /* the height of the claim window's bar */
#define CLAIM_PANEL_W 300     /* the claim window's panel beside the discard pile */
#define CLAIM_PANEL_H 64
#define CLAIM_GAP 16     /* between the discard pile and that panel */
#define BUBBLE_UNITS 20  /* the card-count bubble's height (its width: at most twice that) */
#define PLATE_MENU_W 120 /* a plate's menu button, at least */
#define PLATE_MENU_H 36
#define UNREAD_UNITS 20 /* the unread count's badge on the Log button: its height */

/* The network table the table plays at (its session's, or one the
 * screens still hold), or NULL. */
static NetTable *net_of(const App *app, const TableState *t)
{
    if (t->board_net != NULL) {
        return t->board_net; /* a spectator's board */
    }
    NetTable *net = session_net_table(t->session);
    return net != NULL ? net : app->net;
}

static bool is_key(const SDL_Event *e, SDL_Keycode key)
{
    return e->type == SDL_KEYDOWN && e->key.keysym.sym == key;
}

static void chat_open(TableChat *c, bool by_t)
{
    c->open = true;
    c->skip_t = by_t;
    c->note[0] = '\0';
    text_field_init(&c->line, NET_CHAT_MAX);
    SDL_StartTextInput();
}

static void chat_close(TableChat *c)
{
    c->open = false;
    c->skip_t = false;
    text_field_init(&c->line, NET_CHAT_MAX);
}

static void chat_note(App *app, TableState *t, int i, bool muted);

/* "/mute 2", "/unmute 2": true when the line was one (said in the note). */
static bool chat_command(App *app, TableState *t, const char *line)
{
    bool mute = strncmp(line, "/mute ", 6) == 0, unmute = strncmp(line, "/unmute ", 8) == 0;
    if (!mute && !unmute) {
        return false;
    }
    char *end = NULL;
    long seat = strtol(line + (mute ? 6 : 8), &end, 10);
    if (end == NULL || *end != '\0' || seat < 1 || seat > t->players) {
        snprintf(t->chat.note, sizeof t->chat.note, _("There is no seat %s."),
                 line + (mute ? 6 : 8));
        return true;
    }
    t->chat.muted[seat - 1] = mute;
    snprintf(t->chat.note, sizeof t->chat.note,
             mute ? _("Seat %ld is muted here.") : _("Seat %ld is heard again."), seat);
    chat_note(app, t, (int)seat - 1, mute);
    return true;
}

/* Enter: the line goes to the table (or is a command); the line closes
 * unless it could not go yet. */
static void chat_send(App *app, TableState *t)
{
    TableChat *c = &t->chat;
    if (c->line.len == 0) {
        chat_close(c);
        return;
    }
    if (chat_command(app, t, c->line.text)) {
        c->open = false;
        return;
    }
    if (app->now - c->last_sent < CHAT_MIN_GAP && c->last_sent > 0) {
        snprintf(c->note, sizeof c->note, "%s", _("Wait a moment before the next line."));
        return;
    }
    if (!net_table_say(net_of(app, t), c->line.text)) {
        snprintf(c->note, sizeof c->note, "%s", _("The line could not be sent."));
        return;
    }
    c->last_sent = app->now;
    chat_close(c);
}

/* The line is open: every key and typed text is its own. */
static void chat_event(App *app, TableState *t, const SDL_Event *e)
{
    TableChat *c = &t->chat;
    if (e->type == SDL_TEXTINPUT && c->skip_t &&
        (strcmp(e->text.text, "t") == 0 || strcmp(e->text.text, "T") == 0)) {
        c->skip_t = false; /* the T that opened the line */
        return;
    }
    if (e->type == SDL_TEXTINPUT || e->type == SDL_KEYDOWN) {
        c->skip_t = false;
    }
    switch (text_field_handle(&c->line, e)) {
    case TEXT_FIELD_SUBMIT: chat_send(app, t); break;
    case TEXT_FIELD_CANCEL: chat_close(c); break;
    default: break;
    }
}

void table_net_watchers(const App *app, const TableState *t, char *buf, size_t size)
{
    NetTable *net = net_of(app, t);
    net_screens_watchers_text(net != NULL ? net_table_seats(net) : NULL, buf, size);
}

void table_net_chat_open(TableState *t)
{
    chat_open(&t->chat, false);
}

/* Whether seat i is another person at the table (a plate with a menu). */
static bool plate_has_menu(const TableState *t, const NetSeats *seats, int i)
{
    if (seats == NULL || i < 0 || i >= seats->players || i >= t->players || i == t->view.viewer) {
        return false;
    }
    uint8_t kind = seats->seat[i].kind;
    return kind == NET_SEAT_NET || kind == NET_SEAT_LOCAL;
}

/* The menu's one button, under seat i's plate. */
static SDL_Rect plate_menu_rect(App *app, const TableState *t, int i, const char *label)
{
    SDL_Rect plate = table_rect(t->layout.seats[i].plate);
    TextStyle s = app_text_style(app, 15, TEXT_BOLD, UI_INK);
    int w = 0, h = 0;
    text_measure(app->text, label, s.px, s.weight, &w, &h);
    int bw = SDL_max(app_px(app, PLATE_MENU_W), w + app_px(app, 32));
    return (SDL_Rect){plate.x, plate.y + plate.h + app_px(app, 4), bw, app_px(app, PLATE_MENU_H)};
}

void table_net_widgets(App *app, TableState *t)
{
    NetTable *net = net_of(app, t);
    const NetSeats *seats = net != NULL ? net_table_seats(net) : NULL;
    for (int i = 0; seats != NULL && i < seats->players; i++) {
        if (plate_has_menu(t, seats, i)) {
            char who[64];
            table_seat_name(t, i, who, sizeof who);
            ui_add(&t->ui, WIDGET_ITEM, W_PLATE + i, table_rect(t->layout.seats[i].plate), false,
                   who);
        }
    }
    TableChat *c = &t->chat;
    if (c->menu_open && !plate_has_menu(t, seats, c->menu_seat)) {
        c->menu_open = false;
    }
    if (c->menu_open) {
        const char *label = c->muted[c->menu_seat] ? _("Unmute") : _("Mute");
        ui_add(&t->ui, WIDGET_BUTTON, W_PLATE_MUTE, plate_menu_rect(app, t, c->menu_seat, label),
               false, label);
    }
}

/* Opens seat i's menu (its button focused when the keys brought it), or
 * closes the menu (the focus back on the plate it came from). */
static void plate_menu(App *app, TableState *t, bool open, int i)
{
    TableChat *c = &t->chat;
    int from = c->menu_seat;
    c->menu_open = open;
    c->menu_seat = open ? i : from;
    table_relayout(app, t);
    if (t->focus_in_ui) {
        ui_focus(&t->ui, open ? W_PLATE_MUTE : W_PLATE + from);
    }
    app->dirty = true;
}

bool table_net_button(App *app, TableState *t, int id)
{
    TableChat *c = &t->chat;
    if (id >= W_PLATE && id < W_PLATE + CEKI_MAX_SEATS) {
        int i = id - W_PLATE;
        plate_menu(app, t, !(c->menu_open && c->menu_seat == i), i);
        return true;
    }
    if (id != W_PLATE_MUTE || !c->menu_open) {
        return false;
    }
    int i = c->menu_seat;
    c->muted[i] = !c->muted[i];
    char who[64];
    table_seat_name(t, i, who, sizeof who);
    view_log(t, c->muted[i] ? _("%s is muted here.") : _("%s is heard again."), who);
    chat_note(app, t, i, c->muted[i]);
    plate_menu(app, t, false, i);
    return true;
}

/* The plate's menu: Esc closes it; the menu key opens the focused plate's;
 * a click elsewhere closes it (and goes on to what it clicked). True when
 * the event was the menu's. */
static bool plate_menu_event(App *app, TableState *t, const SDL_Event *e)
{
    TableChat *c = &t->chat;
    int focus = t->ui.focus;
    if (is_key(e, SDLK_APPLICATION) && focus >= W_PLATE && focus < W_PLATE + CEKI_MAX_SEATS) {
        table_net_button(app, t, focus);
        return true;
    }
    if (!c->menu_open) {
        return false;
    }
    if (is_key(e, SDLK_ESCAPE)) {
        plate_menu(app, t, false, c->menu_seat);
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int id = ui_hit(&t->ui, e->button.x, e->button.y);
        if (id != W_PLATE_MUTE && id != W_PLATE + c->menu_seat) {
            plate_menu(app, t, false, c->menu_seat);
        }
    }
    return false;
}

bool table_net_event(App *app, TableState *t, const SDL_Event *e)
{
    if (net_of(app, t) == NULL) {
        return false;
    }
    TableChat *c = &t->chat;
    if (c->open) {
        bool keyboard = e->type == SDL_KEYDOWN || e->type == SDL_KEYUP || e->type == SDL_TEXTINPUT;
        if (keyboard) {
            chat_event(app, t, e);
            app->dirty = true;
        }
        return keyboard;
    }
    Uint16 mod = e->type == SDL_KEYDOWN ? e->key.keysym.mod : 0;
    bool ctrl_enter = is_key(e, SDLK_RETURN) && (mod & KMOD_CTRL);
    bool plain_t = is_key(e, SDLK_t) && !(mod & (KMOD_CTRL | KMOD_ALT | KMOD_SHIFT)) &&
                   t->selected < 0 && t->dialog == DLG_NONE;
    if (ctrl_enter || plain_t) {
        chat_open(c, plain_t);
        app->dirty = true;
        return true;
    }
    return plate_menu_event(app, t, e);
}

/* Who said a line: a seat's name, or a spectator's own with that it watches. */
static void line_who(const TableState *t, const TableChatLine *l, char *buf, size_t size)
{
    if (l->seat < 0) {
        snprintf(buf, size, _("%s (watching)"), l->name[0] != '\0' ? l->name : "?");
        return;
    }
    table_seat_name(t, l->seat, buf, size);
}

/* A new line at the end of the kept ones (the oldest gives way), placed
 * in the move log after the moves the table shows now. */
static TableChatLine *chat_push(App *app, TableState *t, int seat)
{
    TableChat *c = &t->chat;
    if (c->nlines == TABLE_CHAT_LINES) {
        memmove(c->lines, c->lines + 1, sizeof c->lines[0] * (TABLE_CHAT_LINES - 1));
        c->nlines--;
    }
    TableChatLine *l = &c->lines[c->nlines++];
    memset(l, 0, sizeof *l);
    l->seat = seat;
    l->at = app->now;
    l->round = t->obs.round;
    l->moves = t->obs.history.total;
    return l;
}

/* This window's note that it muted seat i or hears it again, kept in the
 * move log with the lines. */
static void chat_note(App *app, TableState *t, int i, bool muted)
{
    TableChatLine *l = chat_push(app, t, TABLE_CHAT_NOTE);
    l->about = i;
    l->muted = muted;
}

static void chat_keep(App *app, TableState *t, const NetChat *line)
{
    TableChat *c = &t->chat;
    c->received++;
    if (line->seat >= 0 && line->seat < CEKI_MAX_SEATS && c->muted[line->seat]) {
        return;
    }
    TableChatLine *l = chat_push(app, t, line->seat);
    memcpy(l->text, line->text, sizeof l->text);
    l->text[sizeof l->text - 1] = '\0';
    memcpy(l->name, line->name, sizeof l->name);
    l->name[sizeof l->name - 1] = '\0';
    if (!t->log_open && line->seat != t->view.viewer) {
        c->unread++; /* one's own line needs no reading */
    }
    char who[64];
    line_who(t, l, who, sizeof who);
    view_log(t, "%s: %.120s", who, l->text);
}

static bool any_away(const NetSeats *seats)
{
    for (int i = 0; seats != NULL && i < seats->players; i++) {
        if (seats->seat[i].state == NET_SEAT_AWAY) {
            return true;
        }
    }
    return false;
}

/* Seconds left of the claim window as the host told it, counted down
 * from when it came (never below 0). */
static int claim_seconds_left(const App *app, const TableState *t)
{
    double left = t->claim.w.left_ms / 1000.0 - (app->now - t->claim.at);
    int s = (int)SDL_ceil(left);
    return s > 0 ? s : 0;
}

/* Whether the claim window is open and the table shows the decision it
 * waits for (not a move still to be shown, nor one already made). */
static bool claim_showing(const TableState *t)
{
    const NetClaimWindow *w = &t->claim.w;
    return w->open && w->seat < t->players && t->obs.phase == PHASE_CLAIM &&
           t->obs.to_move == w->seat;
}

/* The window the feed holds: a new one is timed from now; while one shows,
 * the table ticks and redraws as its seconds change. */
static void claim_follow(App *app, TableState *t, NetTable *net)
{
    long told = 0;
    const NetClaimWindow *w = seat_feed_claim(net_table_feed(net), &told);
    if (w == NULL) {
        return;
    }
    if (told != t->claim.told) {
        t->claim.told = told;
        t->claim.w = *w;
        t->claim.at = app->now;
        t->claim.shown_s = -1;
        app->dirty = true;
    }
    if (!claim_showing(t)) {
        return;
    }
    app->ticking = true;
    int s = claim_seconds_left(app, t);
    if (s != t->claim.shown_s) {
        t->claim.shown_s = s;
        app->dirty = true;
    }
}

/* What is gone of the running seat's time since the host told it. */
static uint32_t clock_gone_ms(const App *app, const TableState *t)
{
    if (t->clock.frozen) {
        return t->clock.frozen_ms;
    }
    double gone = (app->now - t->clock.at) * 1000.0;
    return gone <= 0.0 ? 0u : gone >= (double)UINT32_MAX ? UINT32_MAX : (uint32_t)gone;
}

/* The clock the table holds: a new one is timed from now; while a seat's
 * time runs, the table redraws as its seconds change. It needs no ticking:
 * the loop updates a quiet window twice a second (take_input's wait), and
 * a screenshot settles without running the clock down. */
static void clock_follow(App *app, TableState *t, NetTable *net)
{
    long told = 0;
    const NetClockState *c = net_table_clock(net, &told);
    if (c == NULL) {
        return;
    }
    if (told != t->clock.told) {
        t->clock.told = told;
        t->clock.c = *c;
        t->clock.at = app->now;
        t->clock.shown_s = -1;
        t->clock.frozen = false;
        app->dirty = true;
    }
    NetTableState st = net_table_state(net);
    bool cut_off = st == NET_TABLE_RECONNECTING || st == NET_TABLE_HOST_GONE;
    if (cut_off != t->clock.frozen) { /* it stops where it was; runs on from there */
        uint32_t gone = clock_gone_ms(app, t);
        t->clock.frozen = cut_off;
        t->clock.frozen_ms = gone;
        t->clock.at = app->now - gone / 1000.0;
        app->dirty = true;
    }
    if (!t->clock.c.on || t->clock.c.running < 0) {
        return;
    }
    NetClockShown shown;
    net_screens_clock_left(&t->clock.c, NULL, t->clock.c.running, clock_gone_ms(app, t), &shown);
    int left_s = (int)((shown.move_ms + shown.bank_ms + 999u) / 1000u);
    if (left_s != t->clock.shown_s) {
        t->clock.shown_s = left_s;
        app->dirty = true;
    }
}

/* The session's stand-in of this window's seat follows the host's seats:
 * on while they say a computer plays it (the person's own wish, the
 * creator's or the clock's), off once the person plays it again. */
static void follow_own_stand_in(TableState *t, NetTable *net)
{
    int me = net_table_seat(net);
    const NetSeats *seats = net_table_seats(net);
    if (net != session_net_table(t->session) || me < 0 || seats == NULL || me >= seats->players ||
        net_table_state(net) != NET_TABLE_PLAYING) {
        return;
    }
    const NetSeat *own = &seats->seat[me];
    bool on = own->state == NET_SEAT_STAND_IN && own->stand_in != NET_STAND_IN_AWAY;
    if (on != session_stand_in(t->session, me) && !t->taking_back) {
        session_set_stand_in(t->session, me, on, AI_GREEDY);
    }
    if (!on) {
        t->taking_back = false; /* the host has it: the person plays */
    }
}

bool table_net_on_server(const App *app, const TableState *t)
{
    const NetTable *net = net_of(app, t);
    const NetSeats *seats = net != NULL ? net_table_seats(net) : NULL;
    if (seats == NULL || seats->players == 0 || net_table_is_host(net)) {
        return false;
    }
    for (int i = 0; i < seats->players && i < CEKI_MAX_SEATS; i++) {
        if (seats->seat[i].kind == NET_SEAT_LOCAL) {
            return false; /* the host's own seat: an app hosts it */
        }
    }
    return true; /* a ceki-server has no screen: every person joined over the network */
}

/* The host gone: the panel once (Leave, Keep waiting), closed again when
 * it is back; the time it has been gone counted from the first frame it
 * was seen so. At a ceki-server's table, a person who leaves (the creator
 * too) is only a seat away: the server plays on, which a toast says. */
static void follow_host(App *app, TableState *t, NetTable *net)
{
    NetTableState state = net_table_state(net);
    bool failed = state == NET_TABLE_FAILED && t->session != NULL &&
                  !game_match_over(session_game(t->session));
    bool gone = state == NET_TABLE_HOST_GONE || failed; /* a failed table is not back */
    if (failed != t->host_given_up) {
        t->host_given_up = failed;
        if (failed && t->host_gone_at < 0) {
            t->host_gone_at = app->now;
        }
        if (failed && (t->dialog == DLG_NONE || t->dialog == DLG_MENU)) {
            t->dialog = DLG_HOST_GONE; /* said again, even after Keep waiting */
        }
        table_relayout(app, t); /* the panel's buttons change */
    }
    if (gone && t->host_gone_at < 0) {
        t->host_gone_at = app->now;
        t->host_gone_waiting = false;
        if (t->dialog == DLG_NONE || t->dialog == DLG_MENU) {
            t->dialog = DLG_HOST_GONE;
            table_relayout(app, t);
        }
    } else if (!gone && t->host_gone_at >= 0) {
        t->host_gone_at = -1;
        if (t->dialog == DLG_HOST_GONE) {
            t->dialog = DLG_NONE;
        }
        table_relayout(app, t);
        app_show_toast(app, _("The host is back; play goes on."));
    }
    const NetSeats *seats = net_table_seats(net);
    bool server = table_net_on_server(app, t);
    for (int i = 0; seats != NULL && i < seats->players && i < CEKI_MAX_SEATS; i++) {
        uint8_t st = seats->seat[i].state;
        if (server && !gone && i != net_table_seat(net) && st == NET_SEAT_AWAY &&
            t->seat_state_seen[i] == NET_SEAT_HERE) {
            char name[64], msg[200];
            if (seats->seat[i].name[0] != '\0') {
                snprintf(name, sizeof name, "%s",
                         seats->seat[i].name); /* the name it joined with */
            } else {
                table_seat_name(t, i, name, sizeof name);
            }
            snprintf(msg, sizeof msg,
                     _("%s left. The server plays on: a computer takes their seat until they are "
                       "back."),
                     name);
            app_show_toast(app, msg);
        }
        t->seat_state_seen[i] = st;
    }
}

const char *table_net_gone_wait_label(const App *app, const TableState *t)
{
    if (!t->host_given_up) {
        return _("Keep waiting");
    }
    NetTable *net = net_of(app, t);
    return net != NULL && net_table_failure(net) == NET_TABLE_FAIL_GAVE_UP ? _("Try again") : NULL;
}

bool table_net_gone_wait(App *app, TableState *t)
{
    if (t->host_given_up) {
        NetTable *net = net_of(app, t);
        if (net == NULL || !net_table_try_again(net)) {
            return false;
        }
        t->host_given_up = false;
        table_relayout(app, t);
    }
    t->host_gone_waiting = true; /* the banner counts the wait on */
    return true;
}

void table_net_gone_words(const App *app, const TableState *t, char *head, size_t hsize, char *body,
                          size_t bsize)
{
    double waited = t->host_gone_at >= 0 ? app->now - t->host_gone_at : 0;
    char clock[32];
    net_screens_clock_time((uint32_t)(waited * 1000.0), clock, sizeof clock);
    bool server = table_net_on_server(app, t);
    if (t->host_given_up) {
        NetTable *net = net_of(app, t);
        if (table_net_gone_wait_label(app, t) != NULL) {
            snprintf(head, hsize, "%s",
                     server ? _("The server did not come back") : _("The host did not come back"));
            snprintf(body, bsize,
                     _("Gone %s. This window stopped trying after 10 minutes: Try again to wait "
                       "on, or leave: Rejoin the table on the title screen takes you back."),
                     clock);
        } else {
            snprintf(head, hsize, "%s", _("The table is closed"));
            snprintf(body, bsize, _("%s Leave takes you to the title screen."),
                     net != NULL ? net_table_error(net) : "");
        }
        return;
    }
    snprintf(head, hsize, "%s", server ? _("The server stopped answering") : _("The host left"));
    snprintf(body, bsize,
             server ? _("It keeps the table and your seat. Waiting for it: %s so far. Keep "
                        "waiting, or leave: Rejoin the table on the title screen takes you back.")
                    : _("The table waits for its host to come back: %s so far. Keep waiting, or "
                        "leave: Rejoin the table on the title screen takes you back."),
             clock);
}

void table_net_update(App *app, TableState *t)
{
    NetTable *net = net_of(app, t);
    if (net == NULL) {
        return;
    }
    follow_own_stand_in(t, net);
    follow_host(app, t, net);
    if (net == app->net) {
        net_table_poll(net, SDL_GetTicks()); /* else session_poll does */
    }
    claim_follow(app, t, net);
    clock_follow(app, t, net);
    NetChat got[CHAT_TAKE];
    int n = net_table_take_chat(net, got, CHAT_TAKE);
    for (int i = 0; i < n && i < CHAT_TAKE; i++) {
        chat_keep(app, t, &got[i]);
    }
    if (!t->chat.ticket_dropped && net == session_net_table(t->session) &&
        game_match_over(session_game(t->session))) {
        t->chat.ticket_dropped = true;
        net_ticket_forget(app->store); /* nothing to go back to */
    }
    bool showing = t->chat.nlines > 0 &&
                   app->now - t->chat.lines[t->chat.nlines - 1].at < CHAT_SHOW_SECONDS + 0.1;
    NetTableState st = net_table_state(net);
    bool away =
        any_away(net_table_seats(net)) || st == NET_TABLE_RECONNECTING || st == NET_TABLE_HOST_GONE;
    if (n > 0 || showing || away || t->chat.was_away) {
        app->ticking = true;
        app->dirty = true; /* the countdown and the lines' time; once more when all are back */
    }
    t->chat.was_away = away;
}

bool table_net_cut_off(const TableState *t)
{
    const NetTable *net = t->session != NULL ? session_net_table(t->session) : NULL;
    NetTableState st = net != NULL ? net_table_state(net) : NET_TABLE_PLAYING;
    return st == NET_TABLE_RECONNECTING || st == NET_TABLE_HOST_GONE;
}

bool table_net_seat_away(const TableState *t, int seat)
{
    const NetTable *net = t->session != NULL ? session_net_table(t->session) : NULL;
    const NetSeats *seats = net != NULL ? net_table_seats(net) : NULL;
    return seats != NULL && seat >= 0 && seat < seats->players && seat < CEKI_MAX_SEATS &&
           seats->seat[seat].state == NET_SEAT_AWAY;
}

void table_net_leave(App *app)
{
    net_table_destroy(app->net);
    app->net = NULL;
}

/* The session's network table while its match is played, else NULL. */
static NetTable *playing_net(const TableState *t)
{
    NetTable *net = t->session != NULL ? session_net_table(t->session) : NULL;
    return net != NULL && net_table_state(net) == NET_TABLE_PLAYING &&
                   !game_match_over(session_game(t->session))
               ? net
               : NULL;
}

bool table_net_hosts_friends(const TableState *t)
{
    NetTable *net = playing_net(t);
    const NetSeats *seats = net != NULL && net_table_is_host(net) ? net_table_seats(net) : NULL;
    for (int i = 0; seats != NULL && i < seats->players && i < CEKI_MAX_SEATS; i++) {
        if (i != net_table_seat(net) && seats->seat[i].kind == NET_SEAT_NET &&
            seats->seat[i].state != NET_SEAT_EMPTY) {
            return true;
        }
    }
    return false;
}

bool table_net_can_stand_in(const TableState *t)
{
    NetTable *net = playing_net(t);
    int me = net != NULL ? net_table_seat(net) : -1;
    const NetSeats *seats = me >= 0 ? net_table_seats(net) : NULL;
    return seats != NULL && me < seats->players && seats->seat[me].state != NET_SEAT_STAND_IN;
}

bool table_net_own_stand_in(App *app, TableState *t, bool on)
{
    NetTable *net = playing_net(t);
    (void)app;
    if (net == NULL || !net_table_stand_in(net, on)) {
        return false;
    }
    t->taking_back = !on; /* the seats say so only once the host has it */
    return true;
}

void table_net_stand_in(App *app, TableState *t)
{
    NetTable *net = playing_net(t);
    if (net != NULL && net_table_stand_in(net, true)) {
        app_show_toast(app, _("A computer plays your seat now; make a move to take it back."));
    }
}

/* Where the card-count bubble of seat i's hand lies (as the table draws
 * it at its last card's top right corner); empty when there is none. */
static SDL_Rect count_bubble(App *app, const TableState *t, int i)
{
    int ids[TV_MAX_SPRITES];
    int n = i == t->view.viewer ? 0 : view_hand_order(t, i, ids, TV_MAX_SPRITES);
    if (n == 0) {
        return (SDL_Rect){0, 0, 0, 0};
    }
    const Sprite *last = &t->view.sprites[ids[n - 1]];
    int h = app_px(app, BUBBLE_UNITS), w = app_px(app, BUBBLE_UNITS * 2);
    int cx = (int)(last->x + last->w) - app_px(app, 10), cy = (int)last->y + app_px(app, 4);
    return (SDL_Rect){cx - w / 2, cy - h / 2, w, h};
}

/* Where seat i's hand lies: its cards' rectangles joined (empty for the
 * viewer's own hand, which has no badge). */
static SDL_Rect hand_area(const TableState *t, int i)
{
    int ids[TV_MAX_SPRITES];
    int n = i == t->view.viewer ? 0 : view_hand_order(t, i, ids, TV_MAX_SPRITES);
    SDL_Rect area = {0, 0, 0, 0};
    for (int k = 0; k < n; k++) {
        const Sprite *c = &t->view.sprites[ids[k]];
        SDL_Rect r = {(int)c->x, (int)c->y, (int)c->w, (int)c->h};
        if (area.w == 0) {
            area = r;
        } else {
            SDL_UnionRect(&area, &r, &area);
        }
    }
    return area;
}

SDL_Rect table_cut_off_banner(App *app, const TableState *t)
{
    const NetTable *net = net_of(app, t);
    NetTableState st = net != NULL ? net_table_state(net) : NET_TABLE_PLAYING;
    if ((st != NET_TABLE_RECONNECTING && st != NET_TABLE_HOST_GONE) || t->dialog == DLG_HOST_GONE) {
        return (SDL_Rect){0, 0, 0, 0};
    }
    return app_rect(app, 340, 66, 600, 44);
}

/* The badge's place near plate i: under the plate (below the claim bar
 * when it shows there), beside the plate, or beside the hand's count
 * bubble: the first that is on screen and covers neither the seat's hand
 * nor its count; failing all, under the hand. */
static SDL_Rect badge_place(App *app, const TableState *t, int i, int w, int h)
{
    SDL_Rect plate = table_rect(t->layout.seats[i].plate);
    SDL_Rect bubble = count_bubble(app, t, i), hand = hand_area(t, i);
    int gap = app_px(app, 2), sw = 0, sh = 0;
    SDL_GetRendererOutputSize(app->renderer, &sw, &sh);
    int y = plate.y + plate.h + gap;
    if (claim_showing(t) && t->claim.w.seat == i) {
        y += app_px(app, CLAIM_BAR_UNITS) + 2 * gap;
    }
    int mid = plate.y + (plate.h - h) / 2;
    SDL_Rect places[] = {
        {plate.x, y, w, h},
        {plate.x + plate.w - w, y, w, h},
        {plate.x + plate.w + 3 * gap, mid, w, h},
        {plate.x - 3 * gap - w, mid, w, h},
        {bubble.x - gap - w, y, w, h},
        {bubble.x + bubble.w + gap, y, w, h},
        {plate.x, SDL_max(y, SDL_max(bubble.y + bubble.h, hand.y + hand.h) + gap), w, h},
    };
    /* Never over the banners saying a computer plays the viewer's seat or
     * that this window is cut off (their words are the ones to read); over
     * the seat's hidden cards rather,
     * and over their count only when nothing else is left. */
    SDL_Rect banner = table_stood_in_banner(app, t);
    SDL_Rect cut = table_cut_off_banner(app, t);
    int n = (int)(sizeof places / sizeof places[0]);
    for (int pass = 0; pass < 3; pass++) {
        for (int k = 0; k < n; k++) {
            SDL_Rect p = places[k];
            bool on_screen = p.x >= 0 && p.x + p.w <= sw && p.y >= 0 && p.y + p.h <= sh;
            bool clear = (pass == 2 || !SDL_HasIntersection(&p, &bubble)) &&
                         (pass >= 1 || !SDL_HasIntersection(&p, &hand));
            if (on_screen && clear && !SDL_HasIntersection(&p, &banner) &&
                !SDL_HasIntersection(&p, &cut)) {
                return p;
            }
        }
    }
    return places[n - 1];
}

/* A person's time under their plate, while the table has a clock: the
 * running one brighter, and when it runs low in warning colours with the
 * word for it (net_screens_clock_text). */
static void draw_plate_clock(App *app, TableState *t, const NetSeat *seat, int i)
{
    if (seat->kind != NET_SEAT_NET && seat->kind != NET_SEAT_LOCAL) {
        return; /* the clock never runs for a computer */
    }
    NetTable *net = net_of(app, t);
    const NetTableRules *rules = net != NULL ? net_table_rules(net) : NULL;
    NetClockShown shown;
    net_screens_clock_left(&t->clock.c, rules != NULL ? &rules->clock : NULL, i,
                           clock_gone_ms(app, t), &shown);
    if (!shown.on) {
        return;
    }
    char says[80];
    net_screens_clock_text(&shown, says, sizeof says);
    TextStyle ink =
        app_text_style(app, shown.running ? 14 : 13, shown.running ? TEXT_BOLD : TEXT_REGULAR,
                       shown.running ? UI_INK : UI_INK_SOFT);
    int w = 0, h = 0;
    text_measure(app->text, says, ink.px, ink.weight, &w, &h);
    int pad = app_px(app, 6);
    SDL_Rect badge = badge_place(app, t, i, w + 2 * pad, h + pad);
    SDL_Color bg = shown.low       ? paint_rgba(170, 50, 30, 240)
                   : shown.running ? paint_rgba(40, 60, 50, 235)
                                   : paint_rgba(0, 0, 0, 130);
    int radius = app_px(app, 6);
    paint_round_rect(app->paint, app->renderer, badge, radius, bg);
    if (shown.running) {
        paint_round_frame(app->paint, app->renderer, badge, radius,
                          SDL_max(1, app_px(app, shown.low ? 2 : 1)),
                          shown.low ? UI_GOLD_LIGHT : UI_GOLD);
    }
    text_draw_in(app->text, app->renderer, says, &ink, badge, TEXT_CENTER);
}

/* A seat's connection under its plate, when it is not simply here; else,
 * at a table with a clock, a person's time. */
static void draw_plate_state(App *app, TableState *t, const NetSeat *seat, int i)
{
    if (seat->state != NET_SEAT_AWAY && seat->state != NET_SEAT_STAND_IN) {
        draw_plate_clock(app, t, seat, i);
        return;
    }
    /* The host tells what is left of the grace every few seconds: between
     * its words the badge counts down on this window's clock. */
    NetSeat shown = *seat;
    if (seat->grace_ms != t->chat.grace_told[i]) {
        t->chat.grace_told[i] = seat->grace_ms;
        t->chat.grace_at[i] = app->now;
    }
    double gone_ms = (app->now - t->chat.grace_at[i]) * 1000.0;
    shown.grace_ms = gone_ms >= seat->grace_ms ? 0u : seat->grace_ms - (uint32_t)gone_ms;
    char says[120];
    net_screens_seat_text(&shown, says, sizeof says);
    TextStyle ink = app_text_style(app, 13, TEXT_BOLD, UI_INK);
    int w = 0, h = 0;
    text_measure(app->text, says, ink.px, ink.weight, &w, &h);
    int pad = app_px(app, 6);
    SDL_Rect badge = badge_place(app, t, i, w + 2 * pad, h + pad);
    SDL_Color bg =
        seat->state == NET_SEAT_AWAY ? paint_rgba(150, 60, 40, 230) : paint_rgba(60, 70, 90, 230);
    paint_round_rect(app->paint, app->renderer, badge, app_px(app, 6), bg);
    text_draw_in(app->text, app->renderer, says, &ink, badge, TEXT_CENTER);
}

/* The part of the claim window still left, 0..1, as the bar shows it. */
static float claim_fraction(const App *app, const TableState *t)
{
    const NetClaimWindow *w = &t->claim.w;
    double left = w->left_ms / 1000.0 - (app->now - t->claim.at);
    double f = w->window_ms > 0 ? left * 1000.0 / w->window_ms : 0.0;
    return f < 0.0 ? 0.0f : f > 1.0 ? 1.0f : (float)f;
}

/* A bar of `f` of rect r's width, over a darker groove. */
static void claim_bar(App *app, SDL_Rect r, float f)
{
    paint_round_rect(app->paint, app->renderer, r, r.h / 2, paint_rgba(0, 0, 0, 140));
    SDL_Rect full = {r.x, r.y, (int)(r.w * f + 0.5f), r.h};
    if (full.w > 0) {
        paint_round_rect(app->paint, app->renderer, full, r.h / 2, UI_GOLD);
    }
}

/* The claimant's plate: its bar runs down just under the plate. */
static void draw_claim_plate(App *app, TableState *t, float f)
{
    SDL_Rect plate = table_rect(t->layout.seats[t->claim.w.seat].plate);
    int h = app_px(app, CLAIM_BAR_UNITS), inset = app_px(app, 8);
    SDL_Rect bar = {plate.x + inset, plate.y + plate.h + app_px(app, 3), plate.w - 2 * inset, h};
    claim_bar(app, bar, f);
}

/* Beside the discard pile and the shown draw: who may claim which card,
 * the seconds left. */
static void draw_claim_panel(App *app, TableState *t, float f)
{
    const NetClaimWindow *w = &t->claim.w;
    SDL_Rect discard = table_rect(t->layout.discard);
    int pw = app_px(app, CLAIM_PANEL_W), ph = app_px(app, CLAIM_PANEL_H);
    int right = discard.x + discard.w;
    if (!tl_empty(t->layout.spot)) {
        SDL_Rect spot = table_rect(t->layout.spot);
        right = SDL_max(right, spot.x + spot.w);
    }
    SDL_Rect box = {right + app_px(app, CLAIM_GAP), discard.y + (discard.h - ph) / 2, pw, ph};
    if (tl_empty(t->layout.discard)) { /* no discard pile laid out: over the prompt */
        SDL_Rect prompt = table_rect(t->layout.prompt);
        box = (SDL_Rect){prompt.x + prompt.w - pw, prompt.y - ph - app_px(app, 8), pw, ph};
    }
    ui_draw_solid_panel(app, box);
    char card[80], who[64], line[200], left[80];
    table_card_label(t, w->card, card, sizeof card);
    if (w->seat == t->view.viewer) {
        snprintf(line, sizeof line, _("You may claim the %s"), card);
        snprintf(left, sizeof left, _("Claim or pass: %d s left"), claim_seconds_left(app, t));
    } else {
        table_seat_name(t, w->seat, who, sizeof who);
        snprintf(line, sizeof line, _("%s may claim the %s"), who, card);
        snprintf(left, sizeof left, _("%d s left"), claim_seconds_left(app, t));
    }
    int pad = app_px(app, 12);
    SDL_Rect text = {box.x + pad, box.y + app_px(app, 6), box.w - 2 * pad, app_px(app, 24)};
    TextStyle ink = app_text_style(app, 15, TEXT_BOLD, UI_INK);
    text_draw_in(app->text, app->renderer, line, &ink, text, TEXT_LEFT);
    TextStyle soft = app_text_style(app, 13, TEXT_REGULAR, UI_INK_SOFT);
    text.y += app_px(app, 22);
    text_draw_in(app->text, app->renderer, left, &soft, text, TEXT_LEFT);
    SDL_Rect bar = {box.x + pad, box.y + box.h - app_px(app, 12), box.w - 2 * pad,
                    app_px(app, CLAIM_BAR_UNITS)};
    claim_bar(app, bar, f);
}

static void draw_claim(App *app, TableState *t)
{
    if (!claim_showing(t)) {
        return;
    }
    float f = claim_fraction(app, t);
    draw_claim_plate(app, t, f);
    draw_claim_panel(app, t, f);
}

/* This window reconnecting, or the host gone (with how long it has waited,
 * once Keep waiting closed the panel): a banner at the top. */
static void draw_banner(App *app, const TableState *t, NetTableState st)
{
    SDL_Rect box = table_cut_off_banner(app, t); /* (drawn while st is one of them) */
    if (SDL_RectEmpty(&box)) {
        return;
    }
    char says[200];
    snprintf(says, sizeof says, "%s", net_screens_state_text(st, false));
    if (st == NET_TABLE_HOST_GONE && t->host_gone_at >= 0) {
        char clock[32];
        net_screens_clock_time((uint32_t)((app->now - t->host_gone_at) * 1000.0), clock,
                               sizeof clock);
        snprintf(says, sizeof says, _("The host left; waiting for it (%s)."), clock);
    }
    ui_draw_solid_panel(app, box);
    TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_WARN);
    text_draw_in(app->text, app->renderer, says, &ink, box, TEXT_CENTER);
}

/* Whether the chat line i is shown over the table now: a seat's or a
 * spectator's line (not this window's notes, not a muted seat's) for a
 * while after it came, or all of them while a line is being typed. */
static bool line_shown(const App *app, const TableChat *c, int i)
{
    int seat = c->lines[i].seat;
    bool muted = seat >= 0 && seat < CEKI_MAX_SEATS && c->muted[seat];
    return (app->now - c->lines[i].at <= CHAT_SHOW_SECONDS || c->open) && !muted &&
           seat != TABLE_CHAT_NOTE;
}

static void line_text(const TableState *t, const TableChatLine *l, char *buf, size_t size)
{
    char who[64];
    line_who(t, l, who, sizeof who);
    snprintf(buf, size, "%s: %s", who, l->text);
}

static uint32_t chat_hash(uint32_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        h = (h ^ p[i]) * 16777619u;
    }
    return h;
}

static bool rect_meets(SDL_Rect a, SDL_Rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* The rectangles chat lines must not cover: every card drawn (each
 * sprite where it comes to rest: a card in flight may pass under a line
 * rather than the lines run from it; the stock, the piles and the
 * discard pile as their zones) and, with `plates`, the seats' plates and
 * their empty piles' places too. */
static int chat_obstacles(const TableState *t, bool plates, SDL_Rect *out, int cap)
{
    int n = 0;
    for (int i = 0; i < TV_MAX_SPRITES && n < cap; i++) {
        const Sprite *sp = &t->view.sprites[i];
        if (sp->used) {
            out[n++] = table_rect((TlRect){sp->tx, sp->ty, sp->tw, sp->th});
        }
    }
    const TableLayout *l = &t->layout;
    if (t->view.stock > 0 && !tl_empty(l->stock) && n < cap) {
        out[n++] = table_rect(l->stock);
    }
    if (t->view.discard_n > 0 && !tl_empty(l->discard) && n < cap) {
        out[n++] = table_rect(l->discard);
    }
    for (int s = 0; s < t->players && n + 2 <= cap; s++) {
        if ((t->view.pile_n[s] > 0 || t->view.exposed[s] != CARD_NONE || plates) &&
            !tl_empty(l->seats[s].pile)) { /* (an empty one says so in words) */
            out[n++] = table_rect(l->seats[s].pile);
        }
        if (plates && !tl_empty(l->seats[s].plate)) {
            out[n++] = table_rect(l->seats[s].plate);
        }
    }
    return n;
}

/* Whether the lines' rectangles, moved by (dx, dy), stay in `room` and
 * clear of every obstacle. */
static bool lines_fit(const SDL_Rect *bg, int n, int dx, int dy, SDL_Rect room, const SDL_Rect *ob,
                      int nob)
{
    SDL_Rect all = {bg[0].x + dx, bg[0].y + dy, bg[0].w, bg[n - 1].y + bg[n - 1].h - bg[0].y};
    if (all.x < room.x || all.y < room.y || all.x + all.w > room.x + room.w ||
        all.y + all.h > room.y + room.h) {
        return false; /* every line lies within the block's bounds */
    }
    bool clear = true;
    for (int k = 0; k < nob && clear; k++) {
        clear = !rect_meets(all, ob[k]);
    }
    if (clear) {
        return true;
    }
    for (int i = 0; i < n; i++) {
        SDL_Rect r = {bg[i].x + dx, bg[i].y + dy, bg[i].w, bg[i].h};
        if (r.x < room.x || r.y < room.y || r.x + r.w > room.x + room.w ||
            r.y + r.h > room.y + room.h) {
            return false;
        }
        for (int k = 0; k < nob; k++) {
            if (rect_meets(r, ob[k])) {
                return false;
            }
        }
    }
    return true;
}

/* The offset nearest (dx, dy) = (0, 0) on a grid of `step` at which the
 * lines fit, ring by ring outwards (the nearest of a ring); false when
 * none does. */
static bool nearest_fit(const SDL_Rect *bg, int n, SDL_Rect room, const SDL_Rect *ob, int nob,
                        int step, int *dx, int *dy)
{
    int reach = SDL_max(room.w, room.h) / step + 1;
    for (int ring = 0; ring <= reach; ring++) {
        int best = -1, bx = 0, by = 0;
        int side = ring == 0 ? 1 : 8 * ring; /* the cells on the ring's edge */
        for (int c = 0; c < side; c++) {
            int i, j, e = ring == 0 ? 0 : c % (2 * ring);
            switch (ring == 0 ? 4 : c / (2 * ring)) {
            case 0: i = -ring + e, j = -ring; break;
            case 1: i = ring, j = -ring + e; break;
            case 2: i = ring - e, j = ring; break;
            case 3: i = -ring, j = ring - e; break;
            default: i = j = 0; break;
            }
            int d = i * i + j * j;
            if ((best < 0 || d < best) && lines_fit(bg, n, i * step, j * step, room, ob, nob)) {
                best = d;
                bx = i * step;
                by = j * step;
            }
        }
        if (best >= 0) {
            *dx = bx;
            *dy = by;
            return true;
        }
    }
    return false;
}

/* The lines idx[0..n) stacked from at's top left, at's width: each one's
 * background and the rectangle its words wrap in. */
static void measure_lines(App *app, const TableState *t, const int *idx, int n, SDL_Rect at,
                          SDL_Rect *bg, SDL_Rect *text)
{
    int pad_x = app_px(app, 6), pad_y = app_px(app, 2), gap = app_px(app, 6), y = at.y;
    TextStyle ink = app_text_style(app, 15, TEXT_REGULAR, UI_INK);
    for (int k = 0; k < n; k++) {
        char line[NET_CHAT_MAX * 4 + 80];
        line_text(t, &t->chat.lines[idx[k]], line, sizeof line);
        int h = text_draw_wrapped(app->text, NULL, line, &ink, (SDL_Rect){at.x, y, at.w, 0},
                                  TEXT_LEFT, 1.0f);
        text[k] = (SDL_Rect){at.x, y, at.w, h};
        bg[k] = (SDL_Rect){at.x - pad_x, y - pad_y, at.w + 2 * pad_x, h + 2 * pad_y};
        y += h + gap;
    }
}

/* Where the chat lines idx[0..n) go in room: the first of them kept
 * (the older ones given up while none fits), the shift from where they
 * would lie at origin, the width of widths[] they are measured at, and
 * whether they fit clear of the cards at all. The same lines among the same
 * cards get the place found last (the search is the costly part, and lines
 * that stay put are read best). bg and text are scratch. */
typedef struct {
    int first, dx, dy, wi;
    bool found;
} ChatFit;

static ChatFit chat_fit(App *app, TableState *t, const int *idx, int n, SDL_Point origin,
                        const int widths[3], SDL_Rect room, SDL_Rect *bg, SDL_Rect *text)
{
    int x = origin.x, y = origin.y;
    SDL_Rect ob[TV_MAX_SPRITES + 4 + 2 * CEKI_MAX_SEATS];
    int step = SDL_max(4, app_px(app, 12));
    int first = 0, dx = 0, dy = 0;
    int nall = chat_obstacles(t, true, ob, (int)(sizeof ob / sizeof ob[0]));
    uint32_t key = 2166136261u;
    key = chat_hash(key, bg, sizeof bg[0] * (size_t)n);
    key = chat_hash(key, &room, sizeof room);
    key = chat_hash(key, ob, sizeof ob[0] * (size_t)nall);
    key = chat_hash(key, idx, sizeof idx[0] * (size_t)n);
    TableChat *cm = &t->chat;
    bool known = cm->placed_key == key && cm->placed_n == n;
    if (known) {
        return (ChatFit){cm->placed_first, cm->placed_dx, cm->placed_dy, cm->placed_w,
                         cm->placed_found};
    }
    bool found = false;
    int wi = 0;
    for (; first < n && !found; first++) {
        for (wi = 0; wi < 3 && !found; wi++) {
            measure_lines(app, t, idx, n, (SDL_Rect){x, y, widths[wi], 0}, bg, text);
            for (int plates = 1; plates >= 0 && !found; plates--) {
                int nob = chat_obstacles(t, plates == 1, ob, (int)(sizeof ob / sizeof ob[0]));
                found = nearest_fit(bg + first, n - first, room, ob, nob, step, &dx, &dy);
            }
        }
        if (found) {
            wi--;
            break;
        }
    }
    cm->placed_key = key;
    cm->placed_n = n;
    cm->placed_first = found ? first : n - 1;
    cm->placed_found = found;
    cm->placed_dx = dx;
    cm->placed_dy = dy;
    cm->placed_w = found ? wi : 0;
    return (ChatFit){cm->placed_first, dx, dy, cm->placed_w, found};
}

int table_chat_place(App *app, TableState *t, TableChatPlace *out, int cap)
{
    const TableChat *c = &t->chat;
    int idx[CHAT_SHOWN], n = 0;
    for (int i = SDL_max(0, c->nlines - CHAT_SHOWN); i < c->nlines; i++) {
        if (line_shown(app, c, i)) {
            idx[n++] = i;
        }
    }
    n = SDL_min(n, cap);
    if (n == 0) {
        return 0;
    }
    /* Where they would lie with nothing in the way: the pool's top left
     * (Kowah has no pool: left of the stock), half the pool wide. */
    SDL_Rect pool = table_rect(t->layout.pool);
    if (tl_empty(t->layout.pool) && !tl_empty(t->layout.stock)) {
        SDL_Rect stock = table_rect(t->layout.stock);
        int left = app_px(app, 24);
        pool = (SDL_Rect){left, stock.y, 2 * SDL_max(stock.x - 2 * left, app_px(app, 160)), 0};
    }
    int w = SDL_max(pool.w / 2, app_px(app, 240)), x = pool.x + app_px(app, 8);
    int y = pool.y + app_px(app, 8);
    SDL_Rect bg[CHAT_SHOWN], text[CHAT_SHOWN];
    measure_lines(app, t, idx, n, (SDL_Rect){x, y, w, 0}, bg, text);
    /* The table between its top bar and its prompt bar; the lines go to
     * the nearest place there that covers no card (nor a plate, where
     * there is such a place), the oldest given up while none is. */
    SDL_Rect top = table_rect(t->layout.top_bar), prompt = table_rect(t->layout.prompt);
    SDL_Rect room = {0, top.y + top.h, app->width,
                     (prompt.h > 0 ? prompt.y : app->height) - (top.y + top.h)};
    /* As many lines as can be, at half the pool's width, else wider (fewer
     * lines wrapped) or narrower. */
    int widths[3] = {w, SDL_min(w * 3 / 2, room.w - 2 * (x - pool.x)),
                     SDL_max(w * 2 / 3, app_px(app, 200))};
    ChatFit fit = chat_fit(app, t, idx, n, (SDL_Point){x, y}, widths, room, bg, text);
    int first = fit.first, dx = fit.dx, dy = fit.dy, wi = fit.wi;
    bool found = fit.found;
    measure_lines(app, t, idx, n, (SDL_Rect){x, y, widths[found ? wi : 0], 0}, bg, text);
    if (!found) {
        /* Nowhere clear of the cards: the newest line alone, over the
         * prompt bar (its own band for the moment: it covers no card). */
        first = n - 1;
        SDL_Rect band = prompt.h > 0
                            ? prompt
                            : (SDL_Rect){0, app->height - bg[first].h, app->width, bg[first].h};
        int margin = app_px(app, 16);
        measure_lines(app, t, idx, n, (SDL_Rect){x, y, SDL_max(band.w - 2 * margin, w), 0}, bg,
                      text);
        dx = band.x + margin - text[first].x;
        dy = band.y + (band.h - bg[first].h) / 2 - bg[first].y;
    }
    int shown = 0;
    for (int k = first; k < n; k++) {
        out[shown].line = idx[k];
        out[shown].bg = (SDL_Rect){bg[k].x + dx, bg[k].y + dy, bg[k].w, bg[k].h};
        out[shown].text = (SDL_Rect){text[k].x + dx, text[k].y + dy, text[k].w, text[k].h};
        shown++;
    }
    return shown;
}

/* The newest lines, for a while after they came, where table_chat_place
 * puts them (clear of the cards); all of them are in the move log. */
static void draw_lines(App *app, TableState *t)
{
    const TableChat *c = &t->chat;
    TableChatPlace at[CHAT_SHOWN];
    int n = table_chat_place(app, t, at, CHAT_SHOWN);
    TextStyle ink = app_text_style(app, 15, TEXT_REGULAR, UI_INK);
    for (int k = 0; k < n; k++) {
        char line[NET_CHAT_MAX * 4 + 80];
        line_text(t, &c->lines[at[k].line], line, sizeof line);
        paint_round_rect(app->paint, app->renderer, at[k].bg, app_px(app, 6),
                         paint_rgba(0, 0, 0, 150));
        text_draw_wrapped(app->text, app->renderer, line, &ink, at[k].text, TEXT_LEFT, 1.0f);
    }
}

/* The line being typed, over the prompt, with its count of characters. */
static void draw_line(App *app, TableState *t)
{
    const TableChat *c = &t->chat;
    SDL_Rect prompt = table_rect(t->layout.prompt);
    Ui field;
    ui_init(&field);
    SDL_Rect box = {prompt.x, prompt.y - app_px(app, 52), prompt.w, app_px(app, 44)};
    ui_add(&field, WIDGET_ITEM, 1, box, false, _("Chat"));
    ui_draw_solid_panel(app, (SDL_Rect){box.x - app_px(app, 6), box.y - app_px(app, 6),
                                        box.w + app_px(app, 12), box.h + app_px(app, 12)});
    net_screens_draw_field(app, &field, 1, &c->line, true,
                           _("Say something to the table; Enter sends, Esc closes"));
    char count[64];
    snprintf(count, sizeof count, "%d/%d", text_field_chars(&c->line), NET_CHAT_MAX);
    TextStyle faint = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
    text_draw(app->text, app->renderer, c->note[0] != '\0' ? c->note : count, &faint,
              box.x + box.w - app_px(app, 10), box.y - app_px(app, 24), TEXT_RIGHT);
}

/* The keyboard's focus on a plate (its menu's button draws its own). */
static void draw_plate_focus(App *app, const TableState *t)
{
    int focus = t->ui.focus;
    if (!t->focus_in_ui || focus < W_PLATE || focus >= W_PLATE + CEKI_MAX_SEATS) {
        return;
    }
    const Widget *w = ui_find(&t->ui, focus);
    if (w != NULL) {
        ui_draw_focus_ring(app, w->rect, app_px(app, 10));
    }
}

/* The lines not yet read, counted on the Log button's corner (a number,
 * not a colour alone) until the log opens. */
static void draw_unread(App *app, const TableState *t)
{
    const Widget *log = t->chat.unread > 0 && t->dialog == DLG_NONE ? ui_find(&t->ui, W_LOG) : NULL;
    if (log == NULL) {
        return;
    }
    char count[16];
    snprintf(count, sizeof count, t->chat.unread > 99 ? "99+" : "%d", t->chat.unread);
    TextStyle ink = app_text_style(app, 12, TEXT_BOLD, paint_rgba(20, 20, 20, 255));
    int w = 0, h = 0;
    text_measure(app->text, count, ink.px, ink.weight, &w, &h);
    int bh = app_px(app, UNREAD_UNITS), bw = SDL_max(bh, w + app_px(app, 10));
    SDL_Rect badge = {log->rect.x + log->rect.w - bw + app_px(app, 6), log->rect.y - app_px(app, 6),
                      bw, bh};
    paint_round_rect(app->paint, app->renderer, badge, bh / 2, UI_GOLD_LIGHT);
    paint_round_frame(app->paint, app->renderer, badge, bh / 2, SDL_max(1, app_px(app, 1)),
                      paint_rgba(20, 20, 20, 200));
    text_draw_in(app->text, app->renderer, count, &ink, badge, TEXT_CENTER);
}

void table_net_draw_plates(App *app, TableState *t)
{
    NetTable *net = net_of(app, t);
    if (net == NULL) {
        return;
    }
    draw_plate_focus(app, t);
    const NetSeats *seats = net_table_seats(net);
    SDL_Rect log;
    bool log_open = table_log_panel(app, t, &log);
    for (int i = 0; seats != NULL && i < seats->players && i < t->players; i++) {
        SDL_Rect plate = table_rect(t->layout.seats[i].plate);
        if (log_open && SDL_HasIntersection(&plate, &log)) {
            continue; /* the log covers the plate: its words would stick out beside it */
        }
        draw_plate_state(app, t, &seats->seat[i], i);
    }
}

void table_net_draw(App *app, TableState *t)
{
    NetTable *net = net_of(app, t);
    if (net == NULL) {
        return;
    }
    draw_claim(app, t);
    draw_banner(app, t, net_table_state(net));
    draw_lines(app, t);
    draw_unread(app, t);
    if (t->chat.open) {
        draw_line(app, t);
    }
}
