/* scene_host.c — a table for friends: the game set up in app->setup,
 * where the table is (this computer, or one of the person's servers),
 * who takes each seat (you in the first, a friend, or a computer at a
 * level), who may join (private, the default: only with the invite and
 * its key; or open to anyone), who may watch (nobody, everyone seeing
 * what every seat sees, or that and each round's hands once it is over;
 * nobody at a private table and everyone at an open one until the person
 * chooses), the turn clock (none, relaxed, normal or quick; the last one
 * made is offered again), your name, and on this computer its port.
 * Open hosts it here (net_table_host) or makes it on the server
 * (net_table_make_on) into app->net, followed here (with a Cancel) until
 * the person is seated; the waiting room then takes over. A refusal (a
 * port in use, a bad port, the server's) is said and nothing changes. */
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
    HOST_WHERE,
    HOST_WHO,
    HOST_WATCH,
    HOST_CLOCK,
    HOST_SEAT = 10, /* + seat */
    HOST_BACK = 100,
    HOST_OPEN,
    HOST_CANCEL
};

#define HOST_PORT_CHARS 5
#define HOST_ROW_PITCH 58.0f
#define HOST_ROW_TOP 150.0f
#define HOST_ROWS_SPAN 520.0f /* from the first row's top to the last's */
#define HOST_ROW_GAP 6.0f     /* between two rows at their closest */
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
    char error[480];
    int where;      /* 0: this computer; 1 + i: the settings' server i */
    bool open;      /* anyone may join; false: only with the invite (private) */
    int watch;      /* NetWatch chosen, or -1: as private or open has it */
    bool making;    /* app->net is a table being made on a server */
    bool handed_on; /* app->net went on to the waiting room */
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

static bool on_server(const App *app, const HostState *s)
{
    return s->where > 0 && s->where <= app->settings.nservers;
}

/* The rows: name, where, the seats, who may join, who may watch, the clock,
 * and the port
 * on this computer; closer together when there are many, so all fit the
 * panel. */
static int row_count(const App *app, const HostState *s)
{
    return 5 + app->setup.config.players + (on_server(app, s) ? 0 : 1);
}

static float row_pitch(const App *app, const HostState *s)
{
    return SDL_min(HOST_ROW_PITCH, HOST_ROWS_SPAN / (float)(row_count(app, s) - 1));
}

static SDL_Rect row_rect(App *app, const HostState *s, int row, float w)
{
    float pitch = row_pitch(app, s);
    return app_rect(app, HOST_FIELD_X, HOST_ROW_TOP + (float)row * pitch, w,
                    SDL_min(46.0f, pitch - HOST_ROW_GAP));
}

static void layout(App *app, HostState *s)
{
    const GameSetup *g = &app->setup;
    bool busy = app->net != NULL;
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, HOST_BACK);
    ui_add(&s->ui, WIDGET_ITEM, HOST_NAME, row_rect(app, s, 0, HOST_FIELD_W), busy, _("Your name"));
    ui_add(&s->ui, WIDGET_CHOICE, HOST_WHERE, row_rect(app, s, 1, HOST_FIELD_W),
           busy || app->settings.nservers == 0, _("Where"));
    for (int seat = 0; seat < g->config.players; seat++) {
        char label[40];
        snprintf(label, sizeof label, _("Seat %d"), seat + 1);
        ui_add(&s->ui, WIDGET_CHOICE, HOST_SEAT + seat, row_rect(app, s, seat + 2, HOST_FIELD_W),
               seat == 0 || busy, label);
    }
    int row = g->config.players + 2;
    ui_add(&s->ui, WIDGET_CHOICE, HOST_WHO, row_rect(app, s, row++, HOST_FIELD_W), busy,
           _("Who may join"));
    ui_add(&s->ui, WIDGET_CHOICE, HOST_WATCH, row_rect(app, s, row++, HOST_FIELD_W), busy,
           _("Who may watch"));
    ui_add(&s->ui, WIDGET_CHOICE, HOST_CLOCK, row_rect(app, s, row++, HOST_FIELD_W), busy,
           _("Turn clock"));
    if (!on_server(app, s)) {
        ui_add(&s->ui, WIDGET_ITEM, HOST_PORT, row_rect(app, s, row, 160), busy, _("Port"));
    }
    if (busy) {
        ui_add(&s->ui, WIDGET_BUTTON, HOST_CANCEL, app_rect(app, 848, 668, 340, 54), false,
               _("Cancel"));
    } else {
        ui_add(&s->ui, WIDGET_PRIMARY, HOST_OPEN, app_rect(app, 848, 668, 340, 54), false,
               _("Open the table"));
    }
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

/* The seats of the table being opened, kept to be offered next time. */
static void keep_seats(App *app)
{
    const GameSetup *g = &app->setup;
    HostSeatChoice *c = &app->host_seats;
    c->kept = true;
    c->players = g->config.players;
    memcpy(c->remote, g->remote, sizeof c->remote);
    memcpy(c->level, g->level, sizeof c->level);
}

/* The seats the last table hosted had, when it had as many players. */
static void offer_kept_seats(App *app)
{
    GameSetup *g = &app->setup;
    const HostSeatChoice *c = &app->host_seats;
    if (!c->kept || c->players != g->config.players) {
        return;
    }
    for (int seat = 1; seat < CEKI_MAX_SEATS; seat++) {
        g->remote[seat] = c->remote[seat];
        g->level[seat] = c->level[seat];
    }
}

static bool host_enter(App *app, void *state)
{
    HostState *s = state;
    GameSetup *g = &app->setup;
    ui_init(&s->ui);
    s->watch = -1; /* follows private or open until chosen */
    g->network = true;
    g->human[0] = true;
    g->remote[0] = false;
    for (int seat = 1; seat < CEKI_MAX_SEATS; seat++) {
        g->human[seat] = false; /* one person at this screen: the first seat */
    }
    offer_kept_seats(app);
    if (!has_friend(g) && g->config.players > 1) {
        set_kind(g, 1, KIND_FRIEND);
    }
    g->clock = app->settings.table_clock; /* the last table's clock */
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
    HostState *s = state;
    SDL_StopTextInput();
    if (s->making && !s->handed_on) {
        net_table_destroy(app->net); /* left while the table was being made */
        app->net = NULL;
    }
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

/* Who may watch: as chosen, else nobody at a private table and everyone
 * at an open one. */
static NetWatch host_watch(const HostState *s)
{
    return s->watch >= 0 ? (NetWatch)s->watch : net_screens_watch_default(s->open);
}

/* The table's options from the screen: the rules, the name, private or
 * open, a fixed deal when the setup has one. */
static void table_options(App *app, const HostState *s, NetHostOptions *opt)
{
    memset(opt, 0, sizeof *opt);
    net_screens_rules(&app->setup, &opt->rules);
    net_screens_player_name(app, opt->name, sizeof opt->name);
    if (s->name.len > 0 && settings_name_ok(s->name.text)) {
        memcpy(opt->name, s->name.text, strlen(s->name.text) + 1);
    }
    opt->has_seed = app->setup.seed_given;
    opt->seed = app->setup.config.seed;
    opt->open = s->open;
    opt->rules.watch = (uint8_t)host_watch(s);
}

/* On this computer: the port typed, the journal kept beside the store. */
static NetTable *host_here(App *app, HostState *s, NetHostOptions *opt, char *err, size_t err_size)
{
    uint16_t port = port_of(&s->port);
    if (port == 0) {
        snprintf(err, err_size, "%s", _("The port is a number from 1 to 65535."));
        return NULL;
    }
    opt->port = port;
    opt->bind = net_screens_discovery_address(); /* NULL: every interface (tests: 127.0.0.1) */
    static char journal[1024];
    opt->data_dir = store_persistent(app->store) && net_ticket_data_dir(journal, sizeof journal)
                        ? journal
                        : NULL; /* the table's journal, to host it again after a crash */
    NetTable *t = net_table_host(opt, err, err_size);
    if (t == NULL && err[0] == '\0') {
        snprintf(err, err_size, "%s", _("Could not host."));
    }
    return t;
}

static NetTable *make_on_server(App *app, HostState *s, NetHostOptions *opt, char *err,
                                size_t err_size)
{
    NetAddress a;
    const SettingsServer *sv = &app->settings.servers[s->where - 1];
    if (!net_address_parse(sv->address, &a, err, err_size)) {
        return NULL;
    }
    return net_table_make_on(&a, opt, err, err_size);
}

/* The clock chosen is offered again next time (Settings.table_clock). */
static void keep_clock(App *app)
{
    if (app->settings.table_clock != app->setup.clock) {
        Settings st = app->settings;
        st.table_clock = app->setup.clock;
        app_set_settings(app, &st);
    }
}

static SceneAction open_table(App *app, HostState *s)
{
    if (!has_friend(&app->setup)) {
        snprintf(s->error, sizeof s->error, "%s", _("Give at least one seat to a friend."));
        return scene_stay();
    }
    NetHostOptions opt;
    table_options(app, s, &opt);
    char err[400] = "";
    bool server = on_server(app, s);
    NetTable *t = server ? make_on_server(app, s, &opt, err, sizeof err)
                         : host_here(app, s, &opt, err, sizeof err);
    if (t == NULL) {
        snprintf(s->error, sizeof s->error, "%s", err);
        return scene_stay();
    }
    net_screens_keep_name(app, s->name.text);
    keep_seats(app);
    keep_clock(app);
    net_table_destroy(app->net);
    app->net = t;
    s->error[0] = '\0';
    if (server) {
        s->making = true; /* followed until seated (host_update) */
        layout(app, s);
        return scene_stay();
    }
    return scene_replace(SCENE_WAITING);
}

static void cancel(App *app, HostState *s)
{
    net_table_destroy(app->net);
    app->net = NULL;
    s->making = false;
    snprintf(s->error, sizeof s->error, "%s", _("Stopped. No table was made."));
}

/* A table being made on a server: the waiting room once seated, or why not. */
static SceneAction host_update(App *app, void *state, double dt)
{
    HostState *s = state;
    (void)dt;
    if (!s->making || app->net == NULL) {
        return scene_stay();
    }
    app->ticking = true;
    net_table_poll(app->net, SDL_GetTicks());
    NetTableState st = net_table_state(app->net);
    if (st == NET_TABLE_WAITING) {
        s->handed_on = true;
        return scene_replace(SCENE_WAITING);
    }
    if (st == NET_TABLE_FAILED || st == NET_TABLE_OVER) {
        snprintf(s->error, sizeof s->error, "%s", net_table_error(app->net));
        net_table_destroy(app->net);
        app->net = NULL;
        s->making = false;
        layout(app, s);
        app->dirty = true;
    }
    return scene_stay();
}

static void step_seat(App *app, int seat, int dir)
{
    GameSetup *g = &app->setup;
    if (seat <= 0 || seat >= g->config.players) {
        return;
    }
    set_kind(g, seat, (HostKind)(((int)kind_of(g, seat) + dir + KIND_COUNT) % KIND_COUNT));
}

/* A choice row stepped: where, who may join, or a seat. */
static void step(App *app, HostState *s, int id, int dir)
{
    if (id == HOST_WHERE) {
        int n = app->settings.nservers + 1;
        s->where = ((s->where + dir) % n + n) % n;
    } else if (id == HOST_WHO) {
        s->open = !s->open;
    } else if (id == HOST_WATCH) {
        s->watch = ((int)host_watch(s) + dir + NET_WATCH_COUNT) % NET_WATCH_COUNT;
    } else if (id == HOST_CLOCK) {
        int c = ((int)app->setup.clock + dir + TABLE_CLOCK_COUNT) % TABLE_CLOCK_COUNT;
        app->setup.clock = (TableClock)c;
    } else if (id >= HOST_SEAT && id < HOST_SEAT + CEKI_MAX_SEATS) {
        step_seat(app, id - HOST_SEAT, dir);
    }
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
    if (!s->making && field_event(app, s, e, &done)) {
        app->dirty = true;
        return done;
    }
    static const int fields[] = {HOST_NAME, HOST_PORT};
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 2, &s->active);
    switch (ev.kind) {
    case UI_BACK:
        if (!s->making) {
            return scene_pop();
        }
        cancel(app, s); /* Esc while the table is being made stops it first */
        break;
    case UI_ACTIVATE:
        if (ev.id == HOST_BACK) {
            return scene_pop();
        }
        if (ev.id == HOST_OPEN) {
            return open_table(app, s);
        }
        if (ev.id == HOST_CANCEL) {
            cancel(app, s);
        } else {
            step(app, s, ev.id, 1);
        }
        break;
    case UI_DECREASE:
    case UI_INCREASE: step(app, s, ev.id, ev.kind == UI_INCREASE ? 1 : -1); break;
    default: break;
    }
    layout(app, s);
    return scene_stay();
}

/* Where the table is: this computer, or a server by its name. */
static const char *where_text(const App *app, const HostState *s)
{
    return on_server(app, s) ? app->settings.servers[s->where - 1].name : _("This computer");
}

static void draw_form(App *app, HostState *s)
{
    const GameSetup *g = &app->setup;
    net_screens_draw_main_panel(app);
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    ui_draw_label(app, &s->ui, HOST_NAME, _("Your name"), label_x);
    net_screens_draw_field(app, &s->ui, HOST_NAME, &s->name, s->active == HOST_NAME, "");
    ui_draw_label(app, &s->ui, HOST_WHERE, _("Where"), label_x);
    ui_draw_choice(app, &s->ui, HOST_WHERE, where_text(app, s));
    for (int seat = 0; seat < g->config.players; seat++) {
        char label[40];
        snprintf(label, sizeof label, _("Seat %d"), seat + 1);
        ui_draw_label(app, &s->ui, HOST_SEAT + seat, label, label_x);
        ui_draw_choice(app, &s->ui, HOST_SEAT + seat,
                       seat == 0 ? net_screens_kind_text(NET_SEAT_LOCAL)
                                 : kind_text(kind_of(g, seat)));
    }
    ui_draw_label(app, &s->ui, HOST_WHO, _("Who may join"), label_x);
    ui_draw_choice(app, &s->ui, HOST_WHO,
                   s->open ? _("Anyone (open)") : _("Only with the invite (private)"));
    ui_draw_label(app, &s->ui, HOST_WATCH, _("Who may watch"), label_x);
    ui_draw_choice(app, &s->ui, HOST_WATCH, net_screens_watch_text(host_watch(s)));
    ui_draw_label(app, &s->ui, HOST_CLOCK, _("Turn clock"), label_x);
    NetClock clock = net_screens_clock(g->clock);
    char clock_words[120];
    net_screens_clock_words(&clock, clock_words, sizeof clock_words);
    ui_draw_choice(app, &s->ui, HOST_CLOCK, clock_words);
    ui_draw_label(app, &s->ui, HOST_PORT, _("Port"), label_x);
    net_screens_draw_field(app, &s->ui, HOST_PORT, &s->port, s->active == HOST_PORT, "");
}

/* What the choices made mean: who can join, and how. */
static void side_lines(const App *app, const HostState *s, const char *lines[3])
{
    if (on_server(app, s)) {
        lines[0] = s->open ? _("The table is listed on the server: anyone who looks at its open "
                               "tables may take a free seat.")
                           : _("The table is listed nowhere: only friends you send its invite "
                               "link to can join, because the link carries its key.");
        lines[1] = _("Through a server, friends in different homes can play: every window "
                     "connects out to it, and no router stands in the way.");
    } else {
        lines[0] = s->open ? _("Friends on the same network find this table under Play with "
                               "friends; anyone who can reach this computer may take a seat.")
                           : _("Only friends you send the invite link to can join: it carries "
                               "the table's key. The table is not announced on the network.");
        lines[1] = _("Friends in other homes reach this computer only if your router forwards "
                     "the port to it; otherwise make the table on a server.");
    }
    lines[2] = _("A friend whose connection drops keeps the seat: a computer plays for them "
                 "until they are back.");
}

static void draw_side(App *app, HostState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = panel.y + app_px(app, 22);
    SDL_Renderer *r = app->renderer;
    TextStyle body = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    const char *lines[3];
    side_lines(app, s, lines);
    for (size_t i = 0; i < 3; i++) {
        y += text_draw_wrapped(app->text, r, lines[i], &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                               1.05f);
        y += app_px(app, 10);
    }
    if (s->making && app->net != NULL) {
        char line[200];
        snprintf(line, sizeof line, _("Making the table on %s\xe2\x80\xa6"), where_text(app, s));
        TextStyle ink = app_text_style(app, 16, TEXT_BOLD, UI_INK);
        text_draw_wrapped(app->text, r, line, &ink, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    } else if (s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 16, TEXT_BOLD, UI_WARN);
        text_draw_wrapped(app->text, r, s->error, &warn, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    }
    if (ui_find(&s->ui, HOST_CANCEL) != NULL) {
        ui_draw_button(app, &s->ui, HOST_CANCEL, _("Cancel"));
    } else {
        ui_draw_button(app, &s->ui, HOST_OPEN, _("Open the table"));
    }
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
    size_t at = (size_t)snprintf(
        buf, size, "field=%d error=%d where=%d open=%d clock=%s making=%d watch=%d seats=you",
        s->active, s->error[0] != '\0', s->where, s->open, table_clock_key(g->clock), s->making,
        (int)host_watch(s));
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
    .update = host_update,
    .draw = host_draw,
    .widgets = host_widgets,
    .describe = host_describe,
};
