/* scene_join.c — playing with friends (the title's Play with friends, and
 * the network setup's Join a friend's table): paste an invite (Ctrl+V) or
 * type an address, pick one of the person's servers (the Settings' list,
 * added on the servers screen) to see its open tables, or a table
 * announced on the local network (discovery.h); or go on to host a table.
 * Join connects (net_table_join) into app->net; the waiting room takes
 * over once seated, a server's open tables (the lobby) when the address
 * named no table. An address that does not read, a refusal or a table
 * that cannot be reached is said in words and nothing changes; a join
 * that nothing answers gives up within NET_TABLE_NO_ANSWER_MS (counted
 * down here, with a Cancel) and says why that happens and what to do.
 * app->join_link (ceki ceki://... given on the command line, as a browser
 * opens an invite) is joined at once when the person's name is kept;
 * else the name field waits first, so no one is seated under their login
 * name unasked.
 *
 * $CEKI_DISCOVERY_TO and $CEKI_DISCOVERY_PORT (tests) ask one address
 * and port instead of broadcasting on DISCOVERY_PORT (net_screens.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "discovery.h"
#include "net_screens.h"
#include "net_ticket.h"
#include "scenes.h"
#include "ui.h"

enum {
    JOIN_ADDRESS = 1,
    JOIN_NAME,
    JOIN_GO,
    JOIN_CANCEL,
    JOIN_LOOK,
    JOIN_HOST,
    JOIN_SERVERS,
    JOIN_WATCH,
    JOIN_SERVER = 20, /* + index in the settings' servers */
    JOIN_FOUND = 40,  /* + index in the found tables */
    JOIN_BACK = 100
};

#define JOIN_FOUND_SHOWN 5
#define JOIN_FOUND_TOP 196.0f
#define JOIN_FOUND_PITCH 66.0f
#define JOIN_SERVERS_SHOWN 4
#define JOIN_SERVER_TOP 476.0f
#define JOIN_SERVER_PITCH 52.0f
#define JOIN_ASK_EVERY 3.0 /* seconds between queries on the local network */
#define JOIN_ADDRESS_CHARS 160
#define JOIN_MS_PER_S 1000u

typedef struct JoinState {
    Ui ui;
    TextField address, name;
    int active; /* the field typing goes to, or 0 */
    char error[512];
    NetTableFailure failed; /* how the last join ended, for the state log */
    NetReason refusal;
    DiscoveryScanner *scanner;
    const char *ask_to; /* NULL: broadcast */
    uint16_t ask_port;
    double ask_at;
    DiscoveryTable found[JOIN_FOUND_SHOWN];
    int nfound;
    unsigned wait_shown; /* the seconds left last drawn */
    bool handed_on;      /* app->net went on to the next screen */
    bool rejoin; /* app->net was handed here (the title's Rejoin): its end goes back there */
} JoinState;

static void layout(App *app, JoinState *s)
{
    bool busy = app->net != NULL;
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, JOIN_BACK);
    ui_add(&s->ui, WIDGET_ITEM, JOIN_ADDRESS, app_rect(app, 300, 150, 450, 46), false,
           _("Invite or address"));
    ui_add(&s->ui, WIDGET_ITEM, JOIN_NAME, app_rect(app, 300, 206, 450, 46), false, _("Your name"));
    ui_add(&s->ui, WIDGET_PRIMARY, JOIN_GO, app_rect(app, 300, 264, 220, 50), busy, _("Join"));
    if (busy) {
        ui_add(&s->ui, WIDGET_BUTTON, JOIN_CANCEL, app_rect(app, 530, 264, 220, 50), false,
               _("Cancel"));
    } else {
        ui_add(&s->ui, WIDGET_BUTTON, JOIN_WATCH, app_rect(app, 530, 264, 220, 50), false,
               _("Watch"));
    }
    for (int i = 0; i < app->settings.nservers && i < JOIN_SERVERS_SHOWN; i++) {
        ui_add(&s->ui, WIDGET_ITEM, JOIN_SERVER + i,
               app_rect(app, 68, JOIN_SERVER_TOP + (float)i * JOIN_SERVER_PITCH, 692,
                        JOIN_SERVER_PITCH - 6),
               busy, app->settings.servers[i].address);
    }
    ui_add(&s->ui, WIDGET_BUTTON, JOIN_SERVERS, app_rect(app, 420, 686, 340, 40), busy,
           app->settings.nservers > 0 ? _("Add or remove servers") : _("Add a server"));
    for (int i = 0; i < s->nfound; i++) {
        char name[48];
        snprintf(name, sizeof name, "%s:%u/%s", s->found[i].host, s->found[i].port,
                 s->found[i].table);
        ui_add(&s->ui, WIDGET_ITEM, JOIN_FOUND + i,
               app_rect(app, 824, JOIN_FOUND_TOP + (float)i * JOIN_FOUND_PITCH, 384,
                        JOIN_FOUND_PITCH - 6),
               busy, name);
    }
    ui_add(&s->ui, WIDGET_BUTTON, JOIN_LOOK, app_rect(app, 848, 548, 340, 44), s->scanner == NULL,
           _("Look again"));
    ui_add(&s->ui, WIDGET_BUTTON, JOIN_HOST, app_rect(app, 848, 668, 340, 54), busy,
           _("Host a table"));
    ui_fix_focus(&s->ui);
}

static void ask(JoinState *s)
{
    discovery_scanner_forget(s->scanner);
    s->nfound = 0;
    discovery_scanner_ask(s->scanner, s->ask_to, s->ask_port);
    if (s->ask_to == NULL) {
        discovery_scanner_ask(s->scanner, "127.0.0.1", s->ask_port); /* a table on this computer */
    }
}

static SceneAction join(App *app, JoinState *s);
static void say(JoinState *s, const char *text);

static bool join_enter(App *app, void *state)
{
    JoinState *s = state;
    ui_init(&s->ui);
    text_field_init(&s->address, JOIN_ADDRESS_CHARS);
    net_screens_name_field(app, &s->name);
    s->ask_to = net_screens_discovery_address();
    s->ask_port = net_screens_discovery_port();
    char err[160] = "";
    s->scanner = discovery_scanner_open(err, sizeof err);
    if (s->scanner != NULL) {
        ask(s);
        s->ask_at = app->now + JOIN_ASK_EVERY;
    }
    s->active = JOIN_ADDRESS;
    s->rejoin = app->net != NULL;
    layout(app, s);
    ui_focus(&s->ui, JOIN_ADDRESS);
    SDL_StartTextInput();
    if (app->join_link[0] != '\0' && app->net == NULL) { /* an invite opened from elsewhere */
        text_field_set(&s->address, app->join_link);
        app->join_link[0] = '\0';
        if (app->settings.player_name[0] != '\0' && settings_name_ok(app->settings.player_name)) {
            join(app, s);
        } else {
            s->active = JOIN_NAME;
            say(s, _("Your friends will see you by this name. Change it if you like, then Join."));
        }
        layout(app, s);
        ui_focus(&s->ui, s->active);
    }
    return true;
}

static void join_leave(App *app, void *state)
{
    JoinState *s = state;
    net_screens_keep_name(app, s->name.text); /* typed once, offered everywhere */
    discovery_scanner_close(s->scanner);
    s->scanner = NULL;
    SDL_StopTextInput();
    if (!s->handed_on) {
        net_table_destroy(app->net); /* left while it was connecting */
        app->net = NULL;
    }
}

static void say(JoinState *s, const char *text)
{
    snprintf(s->error, sizeof s->error, "%s", text);
}

/* Join (watch false) or watch (true) what the field names. */
static SceneAction join_as(App *app, JoinState *s, bool watch);

static SceneAction join(App *app, JoinState *s)
{
    return join_as(app, s, false);
}

static SceneAction join_as(App *app, JoinState *s, bool watch)
{
    if (app->net != NULL) {
        return scene_stay(); /* already on its way */
    }
    NetAddress a = {.port = 0};
    char err[300] = "";
    s->failed = NET_TABLE_FAIL_NONE;
    s->refusal = NET_REASON_NONE;
    if (s->address.len == 0) {
        say(s, _("Paste the invite link your friend sent (Ctrl+V), or type an address."));
        return scene_stay();
    }
    if (!net_address_parse(s->address.text, &a, err, sizeof err)) {
        say(s, err);
        return scene_stay();
    }
    net_screens_keep_name(app, s->name.text);
    char name[NET_NAME_MAX + 1];
    net_screens_player_name(app, name, sizeof name);
    NetTicket kept; /* the person's seat there already (an invite opened again): back to it */
    bool back = a.table[0] != '\0' && net_ticket_load(app->store, &kept) && !kept.hosting &&
                net_ticket_at(&kept, &a);
    NetTable *t = watch ? net_table_watch(&a, name, err, sizeof err)
                        : net_table_join(&a, back ? kept.token : NULL, name, err, sizeof err);
    if (t == NULL) {
        say(s, err);
        return scene_stay();
    }
    app->net = t;
    s->error[0] = '\0';
    s->wait_shown = 0;
    return scene_stay();
}

/* Stops a join on its way: nothing is kept of it. */
static void cancel(App *app, JoinState *s)
{
    net_table_destroy(app->net);
    app->net = NULL;
    s->rejoin = false; /* what is joined from here on is this screen's own */
    say(s, _("Stopped. Nothing was joined."));
}

static SceneAction pick_text(App *app, JoinState *s, const char *text)
{
    text_field_set(&s->address, text);
    return join(app, s);
}

static SceneAction pick_found(App *app, JoinState *s, int i)
{
    if (i < 0 || i >= s->nfound) {
        return scene_stay();
    }
    char text[JOIN_ADDRESS_CHARS + 1];
    snprintf(text, sizeof text, "%s:%u/%s", s->found[i].host, s->found[i].port, s->found[i].table);
    return pick_text(app, s, text);
}

/* Hosting instead: back to the network setup it came from, or a game to
 * choose first (the setup then hosts it with friends). */
static SceneAction host_instead(App *app)
{
    const SceneStack *st = &app->scenes;
    app->setup.network = true;
    if (st->count >= 2 && st->frames[st->count - 2].id == SCENE_SETUP) {
        return scene_pop();
    }
    return scene_push(SCENE_VARIANTS);
}

/* Typing into the active field: true when the field took the event. */
static bool field_event(App *app, JoinState *s, const SDL_Event *e, SceneAction *out)
{
    TextField *f = s->active == JOIN_ADDRESS ? &s->address
                   : s->active == JOIN_NAME  ? &s->name
                                             : NULL;
    if (f == NULL) {
        return false;
    }
    TextFieldResult r = net_screens_type(f, e, s->error);
    *out = scene_stay();
    if (r == TEXT_FIELD_SUBMIT) {
        *out = join(app, s);
    } else if (r == TEXT_FIELD_CANCEL && app->net != NULL) {
        cancel(app, s);
    } else if (r == TEXT_FIELD_CANCEL) {
        *out = scene_pop();
    }
    return r != TEXT_FIELD_IGNORED;
}

static SceneAction activate(App *app, JoinState *s, int id)
{
    if (id == JOIN_BACK) {
        return scene_pop();
    }
    if (id == JOIN_GO) {
        return join(app, s);
    }
    if (id == JOIN_WATCH) {
        return join_as(app, s, true);
    }
    if (id == JOIN_CANCEL) {
        cancel(app, s);
    } else if (id == JOIN_HOST) {
        net_screens_keep_name(app, s->name.text); /* the host screen offers it */
        return host_instead(app);
    } else if (id == JOIN_SERVERS) {
        return scene_push(SCENE_SERVERS);
    } else if (id == JOIN_LOOK) {
        ask(s);
    } else if (id >= JOIN_SERVER && id < JOIN_SERVER + app->settings.nservers) {
        return pick_text(app, s, app->settings.servers[id - JOIN_SERVER].address);
    } else if (id >= JOIN_FOUND && id < JOIN_FOUND + JOIN_FOUND_SHOWN) {
        return pick_found(app, s, id - JOIN_FOUND);
    }
    return scene_stay();
}

static SceneAction join_event(App *app, void *state, const SDL_Event *e)
{
    JoinState *s = state;
    layout(app, s);
    SceneAction done = scene_stay();
    if (field_event(app, s, e, &done)) {
        app->dirty = true;
        layout(app, s);
        return done;
    }
    static const int fields[] = {JOIN_ADDRESS, JOIN_NAME};
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 2, &s->active);
    if (ev.kind == UI_BACK && app->net != NULL) {
        cancel(app, s); /* Esc while joining stops the join first */
    } else if (ev.kind == UI_BACK) {
        return scene_pop();
    } else if (ev.kind == UI_ACTIVATE) {
        done = activate(app, s, ev.id);
    }
    if (done.kind == SCENE_STAY) {
        layout(app, s);
    }
    return done;
}

static void join_resume(App *app, void *state)
{
    JoinState *s = state;
    s->handed_on = false; /* the screen above closed what it was handed */
    layout(app, s);       /* the servers may have changed */
}

/* The tables the local network answered with, newest answers kept. */
static void read_found(App *app, JoinState *s)
{
    if (app->now >= s->ask_at) {
        s->ask_at = app->now + JOIN_ASK_EVERY;
        discovery_scanner_ask(s->scanner, s->ask_to, s->ask_port);
    }
    if (discovery_scanner_poll(s->scanner) > 0) {
        const DiscoveryTable *found = NULL;
        int n = discovery_scanner_found(s->scanner, &found);
        s->nfound = SDL_min(n, JOIN_FOUND_SHOWN);
        memcpy(s->found, found, sizeof s->found[0] * (size_t)s->nfound);
        layout(app, s);
        app->dirty = true;
    }
}

/* The join ended without a seat: why, kept to say; the table let go. */
static void join_ended(App *app, JoinState *s)
{
    say(s, net_table_error(app->net));
    if (s->error[0] == '\0') {
        say(s, net_screens_state_text(NET_TABLE_FAILED, false));
    }
    s->failed = net_table_failure(app->net);
    s->refusal = net_table_refusal(app->net);
    net_table_destroy(app->net);
    app->net = NULL;
    layout(app, s);
    app->dirty = true;
}

/* Whether a refusal says the table is gone for good (closed, its match
 * over): a ticket back to it leads nowhere. */
static bool table_gone(NetReason r)
{
    return r == NET_REASON_CLOSED_EMPTY || r == NET_REASON_CLOSED_UNSTARTED ||
           r == NET_REASON_CLOSED_ABANDONED || r == NET_REASON_CLOSED_OVER;
}

/* Where a connection being made has got to: the next screen, or why not. */
static SceneAction follow(App *app, JoinState *s)
{
    net_table_poll(app->net, SDL_GetTicks());
    NetTableState st = net_table_state(app->net);
    static const SceneId next[] = {[NET_TABLE_WAITING] = SCENE_WAITING,
                                   [NET_TABLE_CHOOSING] = SCENE_LOBBY,
                                   [NET_TABLE_PLAYING] = SCENE_TABLE};
    unsigned left = (net_table_wait_left_ms(app->net) + JOIN_MS_PER_S - 1) / JOIN_MS_PER_S;
    if (left != s->wait_shown) {
        s->wait_shown = left;
        app->dirty = true; /* the countdown */
    }
    switch (st) {
    case NET_TABLE_PLAYING:
        if (net_table_watching(app->net)) {
            s->handed_on = true; /* a spectator: the match as every seat sees it */
            return scene_replace(SCENE_WATCH);
        }
        if (!net_screens_play(app)) {
            return scene_stay(); /* the view has not come yet */
        }
        s->handed_on = true;
        return scene_replace(next[st]);
    case NET_TABLE_WAITING: s->handed_on = true; return scene_replace(next[st]);
    case NET_TABLE_CHOOSING: /* a server's tables, above this screen: Back comes here */
        s->handed_on = true;
        return scene_push(next[st]);
    case NET_TABLE_FAILED:
    case NET_TABLE_OVER:
        join_ended(app, s);
        if (s->rejoin) { /* the title says why and offers to try again or forget it, */
            if (table_gone(s->refusal)) {
                net_ticket_forget(app->store); /* unless nothing is left to try */
            }
            snprintf(app->notice, sizeof app->notice, "%.400s", s->error);
            return scene_pop();
        }
        return scene_stay();
    default: return scene_stay();
    }
}

static SceneAction join_update(App *app, void *state, double dt)
{
    JoinState *s = state;
    (void)dt;
    app->ticking = true;
    read_found(app, s);
    return app->net != NULL ? follow(app, s) : scene_stay();
}

/* While a join is on its way: to whom, and how long it still waits. */
static void connecting_text(App *app, char *buf, size_t size)
{
    char where[NET_ADDRESS_HOST_MAX + 8];
    net_table_where(app->net, where, sizeof where);
    unsigned left = (net_table_wait_left_ms(app->net) + JOIN_MS_PER_S - 1) / JOIN_MS_PER_S;
    if (net_table_state(app->net) != NET_TABLE_CONNECTING || left == 0) {
        snprintf(buf, size, "%s", net_screens_state_text(net_table_state(app->net), false));
        return;
    }
    snprintf(buf, size,
             P_("Waiting for an answer from %s\xe2\x80\xa6 It gives up in %u second.",
                "Waiting for an answer from %s\xe2\x80\xa6 It gives up in %u seconds.", left),
             where, left);
}

static void draw_status(App *app, JoinState *s)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect box = app_rect(app, 76, 332, 676, 0);
    char line[320];
    if (app->net != NULL) {
        connecting_text(app, line, sizeof line);
        TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
        text_draw_wrapped(app->text, r, line, &ink, box, TEXT_LEFT, 1.05f);
        return;
    }
    if (s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 16, TEXT_BOLD, UI_WARN);
        text_draw_wrapped(app->text, r, s->error, &warn, box, TEXT_LEFT, 1.05f);
        return;
    }
    TextStyle body = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    text_draw_wrapped(app->text, r,
                      _("A friend who made a table sends you its invite link: paste it here "
                        "(Ctrl+V) and Join. A server's address alone lists its open tables."),
                      &body, box, TEXT_LEFT, 1.05f);
}

static void draw_server_row(App *app, JoinState *s, int i)
{
    const SettingsServer *sv = &app->settings.servers[i];
    const Widget *w = ui_find(&s->ui, JOIN_SERVER + i);
    paint_round_rect(app->paint, app->renderer, w->rect, app_px(app, 10),
                     paint_rgba(255, 255, 255, 14));
    ui_draw_item(app, &s->ui, JOIN_SERVER + i, false);
    TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    int x = w->rect.x + app_px(app, 16);
    SDL_Rect name = {x, w->rect.y, w->rect.w / 2, w->rect.h};
    text_draw_in(app->text, app->renderer, sv->name, &ink, name, TEXT_LEFT);
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect addr = {w->rect.x + w->rect.w / 2, w->rect.y, w->rect.w / 2 - app_px(app, 16),
                     w->rect.h};
    text_draw_in(app->text, app->renderer, sv->address, &soft, addr, TEXT_RIGHT);
}

static void draw_servers(App *app, JoinState *s)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect head = app_rect(app, 76, JOIN_SERVER_TOP - 34, 676, 0);
    TextStyle bold = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    text_draw_wrapped(app->text, r, _("Your servers"), &bold, head, TEXT_LEFT, 1.0f);
    for (int i = 0; i < app->settings.nservers && i < JOIN_SERVERS_SHOWN; i++) {
        draw_server_row(app, s, i);
    }
    if (app->settings.nservers == 0) {
        TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
        text_draw_wrapped(app->text, r,
                          _("None yet. A server lets friends in different homes play together: "
                            "add one whose address a friend or a club gave you."),
                          &soft, app_rect(app, 76, JOIN_SERVER_TOP, 676, 0), TEXT_LEFT, 1.05f);
    }
    ui_draw_button(app, &s->ui, JOIN_SERVERS,
                   app->settings.nservers > 0 ? _("Add or remove servers") : _("Add a server"));
}

static void draw_form(App *app, JoinState *s)
{
    net_screens_draw_main_panel(app);
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    ui_draw_label(app, &s->ui, JOIN_ADDRESS, _("Invite"), label_x);
    net_screens_draw_field(app, &s->ui, JOIN_ADDRESS, &s->address, s->active == JOIN_ADDRESS,
                           "ceki://\xe2\x80\xa6");
    ui_draw_label(app, &s->ui, JOIN_NAME, _("Your name"), label_x);
    net_screens_draw_field(app, &s->ui, JOIN_NAME, &s->name, s->active == JOIN_NAME, "");
    ui_draw_button(app, &s->ui, JOIN_GO, _("Join"));
    if (ui_find(&s->ui, JOIN_CANCEL) != NULL) {
        ui_draw_button(app, &s->ui, JOIN_CANCEL, _("Cancel"));
    } else {
        ui_draw_button(app, &s->ui, JOIN_WATCH, _("Watch"));
    }
    draw_status(app, s);
    draw_servers(app, s);
}

static void draw_found_row(App *app, JoinState *s, int i)
{
    const DiscoveryTable *t = &s->found[i];
    const Widget *w = ui_find(&s->ui, JOIN_FOUND + i);
    ui_draw_item(app, &s->ui, JOIN_FOUND + i, false);
    int x = w->rect.x + app_px(app, 16);
    TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    char line[160];
    snprintf(line, sizeof line, _("%s at %s's"), net_screens_variant_name(t->variant), t->name);
    text_draw(app->text, app->renderer, line, &ink, x, w->rect.y + app_px(app, 6), TEXT_LEFT);
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    snprintf(line, sizeof line,
             P_("%d seat free of %d \xc2\xb7 %s:%u", "%d seats free of %d \xc2\xb7 %s:%u",
                t->free_seats),
             t->free_seats, t->players, t->host, t->port);
    text_draw(app->text, app->renderer, line, &soft, x, w->rect.y + app_px(app, 32), TEXT_LEFT);
}

static void draw_found(App *app, JoinState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    TextStyle head = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    int x = panel.x + app_px(app, 24), w = panel.w - app_px(app, 48);
    text_draw_wrapped(app->text, app->renderer, _("Tables on this network"), &head,
                      (SDL_Rect){x, panel.y + app_px(app, 22), w, 0}, TEXT_LEFT, 1.0f);
    for (int i = 0; i < s->nfound; i++) {
        draw_found_row(app, s, i);
    }
    if (s->nfound == 0) {
        TextStyle soft = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
        const char *none = s->scanner != NULL ? _("None has answered yet.")
                                              : _("This computer cannot ask the network.");
        text_draw_wrapped(app->text, app->renderer, none, &soft,
                          (SDL_Rect){x, app_rect(app, 0, JOIN_FOUND_TOP, 0, 0).y, w, 0}, TEXT_LEFT,
                          1.05f);
    }
    ui_draw_button(app, &s->ui, JOIN_LOOK, _("Look again"));
    TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    text_draw_wrapped(app->text, app->renderer, _("Or make a table and invite your friends:"),
                      &soft, (SDL_Rect){x, app_rect(app, 0, 622, 0, 0).y, w, 0}, TEXT_LEFT, 1.0f);
    ui_draw_button(app, &s->ui, JOIN_HOST, _("Host a table"));
}

static void join_draw(App *app, void *state, SDL_Renderer *r)
{
    JoinState *s = state;
    (void)r;
    layout(app, s);
    net_screens_draw_frame(app, _("Play with friends"),
                           _("Join a friend's table with its invite, or host one"));
    draw_form(app, s);
    draw_found(app, s);
    static const char *const hints[] = {"Tab",   N_("Next"), "Ctrl+V", N_("Paste"),
                                        "Enter", N_("Join"), "Esc",    N_("Back")};
    net_screens_draw_footer(app, &s->ui, JOIN_BACK, hints, 4);
}

static const Ui *join_widgets(const void *state)
{
    return &((const JoinState *)state)->ui;
}

/* For tests driving the window: the field, what was found, whether a join
 * is on its way and its seconds left, and how the last one ended:
 * join_failed=none|no-answer|refused|other (refusal: its NetReason). */
static void join_describe(App *app, void *state, char *buf, size_t size)
{
    static const char *const failed[] = {"none", "no-answer", "refused", "other"};
    const JoinState *s = state;
    snprintf(buf, size,
             "field=%d found=%d servers=%d connecting=%d wait_left=%u error=%d join_failed=%s "
             "refusal=%d error_text=%s",
             s->active, s->nfound, app->settings.nservers, app->net != NULL,
             (unsigned)((net_table_wait_left_ms(app->net) + JOIN_MS_PER_S - 1) / JOIN_MS_PER_S),
             s->error[0] != '\0', failed[(unsigned)s->failed % 4u], (int)s->refusal, s->error);
}

const SceneClass scene_join_class = {
    .name = "join",
    .state_size = sizeof(JoinState),
    .enter = join_enter,
    .leave = join_leave,
    .resume = join_resume,
    .handle_event = join_event,
    .update = join_update,
    .draw = join_draw,
    .widgets = join_widgets,
    .describe = join_describe,
};
