/* scene_waiting.c — the waiting room of a table with friends:
 * who sits where, with their names and whether they are connected, and
 * the table's turn clock (under the title), who may join: a private table
 * only with its invite (which carries its
 * key), an open one anyone. Everyone sees the invite link with a Copy
 * button (the clipboard). The table's creator (its host, or the person
 * who made it on a server) may give an empty seat to a computer and
 * starts the match once every seat is taken. A host of an open table also
 * sees this machine's addresses and announces it on the local network
 * (discovery.h); a private table is announced nowhere. When the match
 * runs the table takes over. Back leaves the table: app->net is closed
 * when the room leaves, unless it went on to the table. A friend's seat
 * (any but the host's own) is kept in the store's ticket as the room
 * opens, so Rejoin brings a program killed here back to it; Back gives
 * the seat up and lets the ticket go. */
#include <stdio.h>
#include <string.h>

#include "discovery.h"
#include "net_screens.h"
#include "scenes.h"
#include "ui.h"

enum {
    WAIT_LEVEL = 1,
    WAIT_COPY,
    WAIT_START,
    WAIT_GIVE = 10, /* + seat */
    WAIT_BACK = 100
};

#define WAIT_ROW_TOP 150.0f
#define WAIT_ROW_PITCH 66.0f
#define WAIT_ANNOUNCE_EVERY 1.0 /* seconds between refreshes of what is announced */
#define WAIT_ADDRESSES_SHOWN 4

typedef struct WaitingState {
    Ui ui;
    AiLevel level; /* the computer an empty seat is given to */
    DiscoveryAnnouncer *announcer;
    char announce_note[200]; /* why the table is not announced, or "" */
    double announce_at;
    NetSeats shown; /* what was last drawn: a change redraws */
    NetTableState shown_state;
    char invite[NET_ADDRESS_INVITE_MAX];
    bool private_table;
    char addresses[NET_TABLE_ADDRESSES_MAX][NET_ADDR_TEXT_MAX];
    int naddresses;
    bool handed_on; /* app->net went on to the table */
} WaitingState;

static const NetSeats *seats_of(const App *app)
{
    static const NetSeats none = {0};
    const NetSeats *seats = app->net != NULL ? net_table_seats(app->net) : NULL;
    return seats != NULL ? seats : &none;
}

static bool hosting(const App *app)
{
    return app->net != NULL && net_table_is_host(app->net);
}

/* The creator: the one who gives seats to computers and starts. */
static bool creator(const App *app)
{
    return app->net != NULL && net_table_is_creator(app->net);
}

/* A host of an open table: announced, and its addresses shown. */
static bool announcing(const App *app)
{
    return hosting(app) && !net_table_is_private(app->net);
}

static bool all_taken(const NetSeats *seats)
{
    for (int i = 0; i < seats->players; i++) {
        if (seats->seat[i].state == NET_SEAT_EMPTY) {
            return false;
        }
    }
    return seats->players > 0;
}

static float row_y(int seat)
{
    return WAIT_ROW_TOP + (float)seat * WAIT_ROW_PITCH;
}

static void layout(App *app, WaitingState *s)
{
    const NetSeats *seats = seats_of(app);
    bool host = creator(app);
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, WAIT_BACK);
    for (int i = 0; host && i < seats->players; i++) {
        if (seats->seat[i].state == NET_SEAT_EMPTY) {
            char name[48];
            snprintf(name, sizeof name, _("Seat %d: a computer"), i + 1);
            ui_add(&s->ui, WIDGET_BUTTON, WAIT_GIVE + i, app_rect(app, 520, row_y(i) + 8, 236, 44),
                   false, name);
        }
    }
    if (s->invite[0] != '\0') {
        ui_add(&s->ui, WIDGET_BUTTON, WAIT_COPY, app_rect(app, 848, 548, 340, 48), false,
               _("Copy the invite link"));
    }
    if (host && !all_taken(seats)) { /* the level of a seat given to the computer */
        ui_add(&s->ui, WIDGET_CHOICE, WAIT_LEVEL,
               app_rect(app, 330, row_y(seats->players) + 12, 300, 46), false,
               _("Computer's level"));
    }
    if (host) {
        ui_add(&s->ui, WIDGET_PRIMARY, WAIT_START, app_rect(app, 848, 668, 340, 54),
               !all_taken(seats), _("Start the match"));
    }
    ui_fix_focus(&s->ui);
}

/* The invite (once seated), and a host's addresses. */
static void read_reach(App *app, WaitingState *s)
{
    s->naddresses =
        announcing(app) ? net_table_addresses(app->net, s->addresses, NET_TABLE_ADDRESSES_MAX) : 0;
    s->naddresses = SDL_clamp(s->naddresses, 0, NET_TABLE_ADDRESSES_MAX);
    if (!net_table_invite(app->net, s->invite, sizeof s->invite)) {
        s->invite[0] = '\0';
    }
    s->private_table = net_table_is_private(app->net);
}

/* What the announcer says: this table, its port and free friend seats. */
static void announce(App *app, WaitingState *s)
{
    const NetTableRules *rules = net_table_rules(app->net);
    NetTicket ticket;
    if (s->announcer == NULL || rules == NULL || !announcing(app) ||
        !net_table_ticket(app->net, &ticket)) {
        return;
    }
    const NetSeats *seats = seats_of(app);
    DiscoveryTable t;
    memset(&t, 0, sizeof t);
    t.port = ticket.address.port;
    snprintf(t.table, sizeof t.table, "%s", ticket.address.table);
    t.variant = rules->variant;
    t.players = rules->players;
    for (int i = 0; i < seats->players; i++) {
        t.free_seats += seats->seat[i].state == NET_SEAT_EMPTY;
    }
    net_screens_player_name(app, t.name, sizeof t.name);
    discovery_announcer_set(s->announcer, &t);
}

static bool waiting_enter(App *app, void *state)
{
    WaitingState *s = state;
    if (app->net == NULL) {
        app->net = net_screens_local_table(app, false); /* a screenshot's */
    }
    if (app->net == NULL) {
        return false; /* nothing to wait at */
    }
    ui_init(&s->ui);
    s->level = AI_GREEDY;
    read_reach(app, s);
    if (announcing(app)) {
        char err[160] = "";
        s->announcer = discovery_announcer_open(net_screens_discovery_address(),
                                                net_screens_discovery_port(), err, sizeof err);
        if (s->announcer == NULL) {
            snprintf(s->announce_note, sizeof s->announce_note, "%s",
                     _("Not announced on the local network (another table is, on this "
                       "computer); friends join with the invite link."));
        }
        announce(app, s);
    }
    /* The way back after a crash: a friend's seat, held while they are
     * away, or the host's own table, whose journal keeps the room. */
    net_screens_keep_ticket(app, app->net);
    layout(app, s);
    ui_focus(&s->ui, creator(app) ? WAIT_START : WAIT_BACK);
    return true;
}

static void waiting_leave(App *app, void *state)
{
    WaitingState *s = state;
    discovery_announcer_close(s->announcer);
    s->announcer = NULL;
    if (!s->handed_on) {
        net_table_destroy(app->net); /* left the room, or the program closes */
        app->net = NULL;
    }
}

/* Leaving on purpose: the table is closed as the room leaves (a friend's
 * seat is given up, a host's table stops). */
static SceneAction leave_table(App *app)
{
    net_screens_forget_ticket(app, app->net); /* the seat is given up: no way back to keep */
    return scene_pop();
}

static void copy_invite(App *app, const WaitingState *s)
{
    if (s->invite[0] != '\0' && SDL_SetClipboardText(s->invite) == 0) {
        app_show_toast(app, _("The invite link is copied."));
    } else {
        app_show_toast(app, _("The invite link could not be copied."));
    }
}

static SceneAction activate(App *app, WaitingState *s, int id)
{
    if (id == WAIT_BACK) {
        return leave_table(app);
    }
    if (id == WAIT_COPY) {
        copy_invite(app, s);
    } else if (id == WAIT_START && !net_table_start(app->net)) {
        app_show_toast(app, _("Every seat must be taken first."));
    } else if (id >= WAIT_GIVE && id < WAIT_GIVE + CEKI_MAX_SEATS) {
        static const NetSeatKind kinds[AI_LEVEL_COUNT] = {NET_SEAT_RANDOM, NET_SEAT_GREEDY,
                                                          NET_SEAT_STRONG};
        if (!net_table_seat_ai(app->net, id - WAIT_GIVE, kinds[s->level])) {
            app_show_toast(app, _("That seat is taken now."));
        }
    }
    return scene_stay();
}

static SceneAction waiting_event(App *app, void *state, const SDL_Event *e)
{
    WaitingState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    SceneAction out = scene_stay();
    switch (ev.kind) {
    case UI_BACK: out = leave_table(app); break;
    case UI_ACTIVATE: out = activate(app, s, ev.id); break;
    case UI_DECREASE:
    case UI_INCREASE:
        if (ev.id == WAIT_LEVEL) {
            int dir = ev.kind == UI_INCREASE ? 1 : -1;
            s->level = (AiLevel)(((int)s->level + dir + AI_LEVEL_COUNT) % AI_LEVEL_COUNT);
        }
        break;
    default: break;
    }
    if (out.kind == SCENE_STAY) {
        layout(app, s);
    }
    return out;
}

static SceneAction waiting_update(App *app, void *state, double dt)
{
    WaitingState *s = state;
    (void)dt;
    if (app->net == NULL) {
        return scene_pop();
    }
    net_table_poll(app->net, SDL_GetTicks());
    app->ticking = true;
    discovery_announcer_poll(s->announcer);
    if (app->now >= s->announce_at) {
        s->announce_at = app->now + WAIT_ANNOUNCE_EVERY;
        announce(app, s);
        if (s->invite[0] == '\0') {
            read_reach(app, s);
            layout(app, s);
            app->dirty = true;
        }
    }
    NetTableState st = net_table_state(app->net);
    const NetSeats *seats = seats_of(app);
    if (st != s->shown_state || memcmp(seats, &s->shown, sizeof s->shown) != 0) {
        s->shown = *seats;
        s->shown_state = st;
        layout(app, s);
        app->dirty = true;
    }
    if (st == NET_TABLE_PLAYING && net_table_watching(app->net)) {
        s->handed_on = true; /* a spectator watches; no seat to play */
        return scene_replace(SCENE_WATCH);
    }
    if (st == NET_TABLE_PLAYING && net_screens_play(app)) {
        s->handed_on = true;
        return scene_replace(SCENE_TABLE);
    }
    return scene_stay();
}

static void draw_seat(App *app, const WaitingState *s, const NetSeat *seat, int i)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect row = app_rect(app, 68, row_y(i), 692, WAIT_ROW_PITCH - 6);
    paint_round_rect(app->paint, r, row, app_px(app, 10), paint_rgba(255, 255, 255, 14));
    char label[40];
    snprintf(label, sizeof label, _("Seat %d"), i + 1);
    TextStyle gold = app_text_style(app, 15, TEXT_BOLD, UI_GOLD);
    text_draw(app->text, r, label, &gold, row.x + app_px(app, 16), row.y + app_px(app, 8),
              TEXT_LEFT);
    bool own = i == net_table_seat(app->net);
    const char *name = seat->name[0] != '\0'        ? seat->name
                       : seat->kind == NET_SEAT_NET ? "\xe2\x80\x93"
                                                    : net_screens_who_text(seat, own);
    TextStyle ink = app_text_style(app, 19, TEXT_BOLD, UI_INK);
    text_draw(app->text, r, name, &ink, row.x + app_px(app, 110), row.y + app_px(app, 6),
              TEXT_LEFT);
    char says[120];
    net_screens_seat_text(seat, says, sizeof says);
    char line[200];
    bool person = seat->kind == NET_SEAT_NET || seat->kind == NET_SEAT_LOCAL;
    snprintf(line, sizeof line, "%s%s%s", person ? net_screens_who_text(seat, own) : "",
             person ? " \xc2\xb7 " : "", says);
    TextStyle soft =
        app_text_style(app, 15, TEXT_REGULAR, seat->state == NET_SEAT_AWAY ? UI_WARN : UI_INK_SOFT);
    text_draw(app->text, r, line, &soft, row.x + app_px(app, 110), row.y + app_px(app, 34),
              TEXT_LEFT);
    if (ui_find(&s->ui, WAIT_GIVE + i) != NULL) {
        ui_draw_button(app, &s->ui, WAIT_GIVE + i, _("Give to a computer"));
    }
}

/* Who watches, under the seats: their names, or that nobody may. */
static void draw_watchers(App *app, const NetSeats *seats)
{
    const NetTableRules *rules = net_table_rules(app->net);
    if (rules == NULL || seats->players <= 0) {
        return;
    }
    char line[NET_MAX_WATCHERS * (NET_NAME_MAX + 2) + 80];
    int at = 0;
    if (rules->watch == NET_WATCH_NONE) {
        at = snprintf(line, sizeof line, "%s", _("Nobody may watch this table."));
    } else {
        at = snprintf(line, sizeof line, P_("%d spectator", "%d spectators", seats->nwatchers),
                      seats->nwatchers);
    }
    for (int i = 0; i < seats->nwatchers && at > 0 && (size_t)at < sizeof line; i++) {
        at += snprintf(line + at, sizeof line - (size_t)at, "%s%s", i > 0 ? ", " : ": ",
                       seats->watcher[i]);
    }
    float y = row_y(seats->players) + (creator(app) ? 66.0f : 10.0f);
    TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect at_rect = app_rect(app, 76, y, 676, 0);
    text_draw_wrapped(app->text, app->renderer, line, &soft, at_rect, TEXT_LEFT, 1.0f);
}

static void draw_seats(App *app, WaitingState *s)
{
    const NetSeats *seats = seats_of(app);
    net_screens_draw_main_panel(app);
    for (int i = 0; i < seats->players && i < CEKI_MAX_SEATS; i++) {
        draw_seat(app, s, &seats->seat[i], i);
    }
    draw_watchers(app, seats);
    if (ui_find(&s->ui, WAIT_LEVEL) != NULL) {
        static const char *const levels[AI_LEVEL_COUNT] = {N_("Random"), N_("Greedy"),
                                                           N_("Strong")};
        ui_draw_label(app, &s->ui, WAIT_LEVEL, _("Computer's level"), app_rect(app, 76, 0, 0, 0).x);
        ui_draw_choice(app, &s->ui, WAIT_LEVEL, _(levels[s->level]));
    }
}

/* Who may join, in a sentence for this table. */
static const char *who_may_join(const App *app, const WaitingState *s)
{
    if (s->private_table) {
        return hosting(app) ? _("Private: only friends with this invite link can join (it carries "
                                "the table's key), and only if they can reach this computer.")
                            : _("Private: only friends with this invite link can join; it "
                                "carries the table's key.");
    }
    return hosting(app) ? _("Open: anyone on this network sees the table, and anyone who can "
                            "reach this computer may take a free seat.")
                        : _("Open: anyone who reaches the table may take a free seat; a "
                            "server lists it for all its players to see.");
}

/* How friends reach the table: who may, the invite, a host's addresses.
 * Returns the y below. */
static int draw_reach(App *app, const WaitingState *s, int x, int y, int w)
{
    SDL_Renderer *r = app->renderer;
    TextStyle head = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    y += text_draw_wrapped(app->text, r, _("How friends join"), &head, (SDL_Rect){x, y, w, 0},
                           TEXT_LEFT, 1.0f);
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    y += app_px(app, 6);
    y += text_draw_wrapped(app->text, r, who_may_join(app, s), &body, (SDL_Rect){x, y, w, 0},
                           TEXT_LEFT, 1.0f);
    y += app_px(app, 8);
    if (s->invite[0] != '\0') {
        y += net_screens_draw_invite(app, s->invite, x, y, w) + app_px(app, 8);
    }
    if (s->naddresses > 0) {
        TextStyle mono = app_text_style(app, 15, TEXT_BOLD, UI_GOLD_LIGHT);
        y += text_draw_wrapped(app->text, r, _("Or Join, then this address:"), &body,
                               (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.0f);
        for (int i = 0; i < s->naddresses && i < WAIT_ADDRESSES_SHOWN; i++) {
            y += text_draw_wrapped(app->text, r, s->addresses[i], &mono, (SDL_Rect){x, y, w, 0},
                                   TEXT_LEFT, 1.0f);
        }
    }
    if (s->announce_note[0] != '\0') {
        y += app_px(app, 6);
        TextStyle note = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
        y += text_draw_wrapped(app->text, r, s->announce_note, &note, (SDL_Rect){x, y, w, 0},
                               TEXT_LEFT, 1.0f);
    }
    return y;
}

static void draw_side(App *app, WaitingState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = panel.y + app_px(app, 22);
    bool host = creator(app);
    draw_reach(app, s, x, y, w);
    if (ui_find(&s->ui, WAIT_COPY) != NULL) {
        ui_draw_button(app, &s->ui, WAIT_COPY, _("Copy the invite link"));
    }
    NetTableState st = net_table_state(app->net);
    /* Why it failed, after the state; while it reconnects the state says
     * it already (the error would say it again in other words). */
    const char *err = st == NET_TABLE_FAILED ? net_table_error(app->net) : "";
    const char *says = host && st == NET_TABLE_WAITING && all_taken(seats_of(app))
                           ? _("Every seat is taken: start when you are ready.")
                       : net_table_watching(app->net) && st == NET_TABLE_WAITING
                           ? _("Watching: you hold no seat. The match shows here once it starts.")
                           : net_screens_state_text(st, host);
    char line[400];
    snprintf(line, sizeof line, "%s%s%s", says, err != NULL && err[0] != '\0' ? " " : "",
             err != NULL ? err : "");
    TextStyle say = app_text_style(
        app, 16, TEXT_BOLD, st == NET_TABLE_FAILED || st == NET_TABLE_HOST_GONE ? UI_WARN : UI_INK);
    int state_y = app_rect(app, 0, 604, 0, 0).y;
    text_draw_wrapped(app->text, app->renderer, line, &say, (SDL_Rect){x, state_y, w, 0}, TEXT_LEFT,
                      1.0f);
    if (host) {
        ui_draw_button(app, &s->ui, WAIT_START, _("Start the match"));
    }
}

static void waiting_draw(App *app, void *state, SDL_Renderer *r)
{
    WaitingState *s = state;
    (void)r;
    layout(app, s);
    const NetTableRules *rules = net_table_rules(app->net);
    char sub[320] = "";
    if (rules != NULL) {
        char game[160], clock[120];
        snprintf(game, sizeof game, P_("%s, %d player", "%s, %d players", rules->players),
                 net_screens_variant_name(rules->variant), rules->players);
        net_screens_clock_words(&rules->clock, clock, sizeof clock);
        snprintf(sub, sizeof sub, "%s \xc2\xb7 %s", game, clock); /* which clock the table has */
    }
    net_screens_draw_frame(app, net_table_watching(app->net) ? _("Watching") : _("Waiting room"),
                           sub);
    draw_seats(app, s);
    draw_side(app, s);
    static const char *const hints[] = {"arrows",     N_("Move"), "Enter",
                                        N_("Select"), "Esc",      N_("Leave the table")};
    net_screens_draw_footer(app, &s->ui, WAIT_BACK, hints, 3);
}

static const Ui *waiting_widgets(const void *state)
{
    return &((const WaitingState *)state)->ui;
}

/* For tests driving the window: the table's state, the seats taken, for
 * the host the port, the invite link (a private table's with its key),
 * whether this window is the creator and the table private. */
static void waiting_describe(App *app, void *state, char *buf, size_t size)
{
    const NetSeats *seats = seats_of(app);
    int taken = 0;
    for (int i = 0; i < seats->players; i++) {
        taken += seats->seat[i].state != NET_SEAT_EMPTY;
    }
    const WaitingState *s = state;
    snprintf(buf, size,
             "net_state=%d host=%d seats=%d taken=%d port=%u invite=%s creator=%d private=%d "
             "watching=%d watchers=%d",
             (int)net_table_state(app->net), hosting(app), seats->players, taken,
             hosting(app) ? (unsigned)net_table_port(app->net) : 0u,
             s->invite[0] != '\0' ? s->invite : "-", creator(app), s->private_table,
             net_table_watching(app->net), seats->nwatchers);
}

const SceneClass scene_waiting_class = {
    .name = "waiting",
    .state_size = sizeof(WaitingState),
    .enter = waiting_enter,
    .leave = waiting_leave,
    .handle_event = waiting_event,
    .update = waiting_update,
    .draw = waiting_draw,
    .widgets = waiting_widgets,
    .describe = waiting_describe,
};
