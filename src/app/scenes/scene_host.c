/* scene_host.c — hosting a table for friends: the game set up
 * in app->setup, who takes each seat (you in the first, a friend, or a
 * computer at a level), your name and the port. Open hosts it
 * (net_table_host) into app->net and the waiting room takes over; a
 * refusal (a port in use, a bad port) is said and nothing changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_screens.h"
#include "net_ticket.h"
#include "scenes.h"
#include "ui.h"

enum {
    HOST_NAME = 1,
    HOST_PORT,
    HOST_SEAT = 10, /* + seat */
    HOST_BACK = 100,
    HOST_OPEN
};

#define HOST_PORT_CHARS 5
#define HOST_ROW_PITCH 58.0f
#define HOST_FIELD_X 330.0f
#define HOST_FIELD_W 410.0f

/* What a seat after the first may be, in the order the choice steps. */
typedef enum HostKind {
    KIND_FRIEND = 0,
    KIND_RANDOM,
    KIND_GREEDY,
    KIND_STRONG,
    KIND_COUNT
} HostKind;

typedef struct HostState {
    Ui ui;
    TextField name, port;
    int active; /* the field typing goes to (HOST_NAME, HOST_PORT), or 0 */
    char error[320];
} HostState;

static HostKind kind_of(const GameSetup *g, int seat)
{
    return g->remote[seat] ? KIND_FRIEND : (HostKind)(KIND_RANDOM + (int)g->level[seat]);
}

static void set_kind(GameSetup *g, int seat, HostKind k)
{
    g->human[seat] = false;
    g->remote[seat] = k == KIND_FRIEND;
    if (k != KIND_FRIEND) {
        g->level[seat] = (AiLevel)(k - KIND_RANDOM);
    }
}

static const char *kind_text(HostKind k)
{
    static const NetSeatKind as_net[KIND_COUNT] = {NET_SEAT_NET, NET_SEAT_RANDOM, NET_SEAT_GREEDY,
                                                   NET_SEAT_STRONG};
    return net_screens_kind_text(as_net[k]);
}

static float row_y(int row)
{
    return 150.0f + (float)row * HOST_ROW_PITCH;
}

static void layout(App *app, HostState *s)
{
    const GameSetup *g = &app->setup;
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, HOST_BACK);
    ui_add(&s->ui, WIDGET_ITEM, HOST_NAME, app_rect(app, HOST_FIELD_X, row_y(0), HOST_FIELD_W, 46),
           false, _("Your name"));
    for (int seat = 0; seat < g->config.players; seat++) {
        char label[40];
        snprintf(label, sizeof label, _("Seat %d"), seat + 1);
        ui_add(&s->ui, WIDGET_CHOICE, HOST_SEAT + seat,
               app_rect(app, HOST_FIELD_X, row_y(seat + 1), HOST_FIELD_W, 46), seat == 0, label);
    }
    ui_add(&s->ui, WIDGET_ITEM, HOST_PORT,
           app_rect(app, HOST_FIELD_X, row_y(g->config.players + 1), 160, 46), false, _("Port"));
    ui_add(&s->ui, WIDGET_PRIMARY, HOST_OPEN, app_rect(app, 848, 668, 340, 54), false,
           _("Open the table"));
    ui_fix_focus(&s->ui);
}

static bool has_friend(const GameSetup *g)
{
    for (int seat = 1; seat < g->config.players; seat++) {
        if (g->remote[seat]) {
            return true;
        }
    }
    return false;
}

static bool host_enter(App *app, void *state)
{
    HostState *s = state;
    GameSetup *g = &app->setup;
    ui_init(&s->ui);
    g->network = true;
    g->human[0] = true;
    g->remote[0] = false;
    for (int seat = 1; seat < CEKI_MAX_SEATS; seat++) {
        g->human[seat] = false; /* one person at this screen: the first seat */
    }
    if (!has_friend(g) && g->config.players > 1) {
        set_kind(g, 1, KIND_FRIEND);
    }
    net_screens_name_field(app, &s->name);
    text_field_init(&s->port, HOST_PORT_CHARS);
    char port[8];
    snprintf(port, sizeof port, "%d", NET_DEFAULT_PORT);
    text_field_set(&s->port, port);
    layout(app, s);
    ui_focus(&s->ui, HOST_OPEN);
    SDL_StartTextInput();
    return true;
}

static void host_leave(App *app, void *state)
{
    (void)app;
    (void)state;
    SDL_StopTextInput();
}

/* The port typed: 1..65535, or 0 when it is not one. */
static uint16_t port_of(const TextField *f)
{
    char *end = NULL;
    long n = strtol(f->text, &end, 10);
    bool digits = f->len > 0 && end != NULL && *end == '\0' && f->text[0] != '-' &&
                  f->text[0] != '+' && f->text[0] != ' ';
    return digits && n >= 1 && n <= 65535 ? (uint16_t)n : 0;
}

static SceneAction open_table(App *app, HostState *s)
{
    uint16_t port = port_of(&s->port);
    if (port == 0) {
        snprintf(s->error, sizeof s->error, "%s", _("The port is a number from 1 to 65535."));
        return scene_stay();
    }
    if (!has_friend(&app->setup)) {
        snprintf(s->error, sizeof s->error, "%s", _("Give at least one seat to a friend."));
        return scene_stay();
    }
    NetHostOptions opt;
    memset(&opt, 0, sizeof opt);
    net_screens_rules(&app->setup, &opt.rules);
    opt.port = port;
    opt.bind = net_screens_discovery_address(); /* NULL: every interface (tests: 127.0.0.1) */
    char journal[1024];
    opt.data_dir = store_persistent(app->store) && net_ticket_data_dir(journal, sizeof journal)
                       ? journal
                       : NULL; /* the table's journal, to host it again after a crash */
    net_screens_player_name(app, opt.name, sizeof opt.name);
    if (s->name.len > 0 && settings_name_ok(s->name.text)) {
        memcpy(opt.name, s->name.text, strlen(s->name.text) + 1);
    }
    opt.has_seed = app->setup.seed_given;
    opt.seed = app->setup.config.seed;
    char err[300] = "";
    NetTable *t = net_table_host(&opt, err, sizeof err);
    if (t == NULL) {
        snprintf(s->error, sizeof s->error, "%s", err[0] != '\0' ? err : _("Could not host."));
        return scene_stay();
    }
    net_screens_keep_name(app, s->name.text);
    net_table_destroy(app->net);
    app->net = t;
    return scene_replace(SCENE_WAITING);
}

static void step_seat(App *app, int seat, int dir)
{
    GameSetup *g = &app->setup;
    if (seat <= 0 || seat >= g->config.players) {
        return;
    }
    set_kind(g, seat, (HostKind)(((int)kind_of(g, seat) + dir + KIND_COUNT) % KIND_COUNT));
}

/* Typing into the active field: true when the field took the event. */
static bool field_event(App *app, HostState *s, const SDL_Event *e, SceneAction *out)
{
    TextField *f = s->active == HOST_NAME ? &s->name : s->active == HOST_PORT ? &s->port : NULL;
    if (f == NULL) {
        return false;
    }
    TextFieldResult r = net_screens_type(f, e, s->error);
    *out = scene_stay();
    if (r == TEXT_FIELD_SUBMIT) {
        *out = open_table(app, s);
    } else if (r == TEXT_FIELD_CANCEL) {
        s->active = 0; /* Esc leaves the field first */
    }
    return r != TEXT_FIELD_IGNORED;
}

static SceneAction host_event(App *app, void *state, const SDL_Event *e)
{
    HostState *s = state;
    layout(app, s);
    SceneAction done = scene_stay();
    if (field_event(app, s, e, &done)) {
        app->dirty = true;
        return done;
    }
    static const int fields[] = {HOST_NAME, HOST_PORT};
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 2, &s->active);
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == HOST_BACK) {
            return scene_pop();
        }
        if (ev.id == HOST_OPEN) {
            return open_table(app, s);
        }
        if (ev.id >= HOST_SEAT && ev.id < HOST_SEAT + CEKI_MAX_SEATS) {
            step_seat(app, ev.id - HOST_SEAT, 1);
        }
        break;
    case UI_DECREASE:
    case UI_INCREASE: step_seat(app, ev.id - HOST_SEAT, ev.kind == UI_INCREASE ? 1 : -1); break;
    default: break;
    }
    layout(app, s);
    return scene_stay();
}

static void draw_form(App *app, HostState *s)
{
    const GameSetup *g = &app->setup;
    net_screens_draw_main_panel(app);
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    ui_draw_label(app, &s->ui, HOST_NAME, _("Your name"), label_x);
    net_screens_draw_field(app, &s->ui, HOST_NAME, &s->name, s->active == HOST_NAME, "");
    for (int seat = 0; seat < g->config.players; seat++) {
        char label[40];
        snprintf(label, sizeof label, _("Seat %d"), seat + 1);
        ui_draw_label(app, &s->ui, HOST_SEAT + seat, label, label_x);
        ui_draw_choice(app, &s->ui, HOST_SEAT + seat,
                       seat == 0 ? net_screens_kind_text(NET_SEAT_LOCAL)
                                 : kind_text(kind_of(g, seat)));
    }
    ui_draw_label(app, &s->ui, HOST_PORT, _("Port"), label_x);
    net_screens_draw_field(app, &s->ui, HOST_PORT, &s->port, s->active == HOST_PORT, "");
}

static void draw_side(App *app, HostState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = panel.y + app_px(app, 22);
    SDL_Renderer *r = app->renderer;
    TextStyle body = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
    const char *lines[] = {
        _("Friends on the same network find this table under Join a friend's table."),
        _("Anyone else joins with the invite link the waiting room shows, or with this "
          "computer's address and the port."),
        _("A friend whose connection drops keeps the seat: a computer plays for them until they "
          "are back.")};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        y += text_draw_wrapped(app->text, r, lines[i], &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                               1.05f);
        y += app_px(app, 12);
    }
    if (s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 17, TEXT_BOLD, UI_WARN);
        text_draw_wrapped(app->text, r, s->error, &warn, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    }
    ui_draw_button(app, &s->ui, HOST_OPEN, _("Open the table"));
}

static void host_draw(App *app, void *state, SDL_Renderer *r)
{
    HostState *s = state;
    (void)r;
    layout(app, s);
    char title[160];
    snprintf(title, sizeof title, _("%s with friends"), _(app_variant(app)->name));
    net_screens_draw_frame(app, _("Host a table"), title);
    draw_form(app, s);
    draw_side(app, s);
    static const char *const hints[] = {"arrows", N_("Move"),   "leftright", N_("Change"),
                                        "Enter",  N_("Select"), "Esc",       N_("Back")};
    net_screens_draw_footer(app, &s->ui, HOST_BACK, hints, 4);
}

static const Ui *host_widgets(const void *state)
{
    return &((const HostState *)state)->ui;
}

/* For tests driving the window: the field typed into, a complaint shown,
 * and who takes each seat ("seats=you,friend,greedy"). */
static void host_describe(App *app, void *state, char *buf, size_t size)
{
    static const char *const keys[KIND_COUNT] = {"friend", "random", "greedy", "strong"};
    const HostState *s = state;
    const GameSetup *g = &app->setup;
    size_t at =
        (size_t)snprintf(buf, size, "field=%d error=%d seats=you", s->active, s->error[0] != '\0');
    for (int seat = 1; seat < g->config.players && at < size; seat++) {
        at += (size_t)snprintf(buf + at, size - at, ",%s", keys[kind_of(g, seat)]);
    }
}

const SceneClass scene_host_class = {
    .name = "host",
    .state_size = sizeof(HostState),
    .enter = host_enter,
    .leave = host_leave,
    .handle_event = host_event,
    .draw = host_draw,
    .widgets = host_widgets,
    .describe = host_describe,
};
