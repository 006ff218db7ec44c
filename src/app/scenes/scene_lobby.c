/* scene_lobby.c — a ceki-server's open tables: joined without a table id,
 * the app is asked to choose (NET_TABLE_CHOOSING). Each open table is
 * listed with its game and free seats, and Join takes a seat there
 * (net_table_pick), and Watch, where the table takes spectators, watches
 * it (net_table_pick_watch); the list is asked for again every few seconds and by
 * Look again. Only open tables are listed: a private one is joined with
 * its invite, and a table is made on a server from the setup, never here
 * (this screen is where a friend who was sent an address lands). The
 * waiting room takes over once seated. Back leaves the server. */
#include <stdio.h>
#include <string.h>

#include "net_screens.h"
#include "scenes.h"
#include "ui.h"

enum {
    LOBBY_AGAIN = 1,
    LOBBY_JOIN = 10,  /* + index in the list shown */
    LOBBY_WATCH = 30, /* + index in the list shown */
    LOBBY_BACK = 100
};

#define LOBBY_SHOWN 9
#define LOBBY_TOP 150.0f
#define LOBBY_PITCH 62.0f
#define LOBBY_ASK_EVERY 5.0 /* seconds between two asks for the list */
#define LOBBY_WHERE_MAX 120

typedef struct LobbyState {
    Ui ui;
    NetTables shown; /* the list as last drawn */
    NetTableState shown_state;
    bool handed_on;              /* app->net went on to the waiting room */
    bool asked;                  /* a pick is on its way */
    double ask_at;               /* when to ask for the list again */
    NetTable *local;             /* a screenshot's table on 127.0.0.1, whose list app->net asked */
    char where[LOBBY_WHERE_MAX]; /* "HOST:PORT" of the server */
} LobbyState;

static const NetTables *tables_of(const App *app)
{
    static const NetTables none = {0};
    const NetTables *t = app->net != NULL ? net_table_tables(app->net) : NULL;
    return t != NULL ? t : &none;
}

/* A table that has a seat to take. */
static bool joinable(const NetTableEntry *e)
{
    return e->free_seats > 0 && !e->started;
}

static void layout(App *app, LobbyState *s)
{
    const NetTables *t = tables_of(app);
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, LOBBY_BACK);
    for (int i = 0; i < t->count && i < LOBBY_SHOWN; i++) {
        const NetTableEntry *e = &t->table[i];
        char name[48];
        snprintf(name, sizeof name, "Join %s", e->table);
        ui_add(&s->ui, WIDGET_BUTTON, LOBBY_JOIN + i,
               app_rect(app, 608, LOBBY_TOP + (float)i * LOBBY_PITCH + 8, 150, LOBBY_PITCH - 22),
               !joinable(e) || s->asked, name);
        snprintf(name, sizeof name, "Watch %s", e->table);
        ui_add(&s->ui, WIDGET_BUTTON, LOBBY_WATCH + i,
               app_rect(app, 448, LOBBY_TOP + (float)i * LOBBY_PITCH + 8, 150, LOBBY_PITCH - 22),
               e->rules.watch == NET_WATCH_NONE || s->asked, name);
    }
    ui_add(&s->ui, WIDGET_BUTTON, LOBBY_AGAIN, app_rect(app, 848, 668, 340, 54), s->asked,
           _("Look again"));
    ui_fix_focus(&s->ui);
}

/* The server's list again: asked of the connection, or a new connection
 * when the server closed the last one (it keeps a connection at no table
 * for a minute at most). */
static void look_again(App *app, LobbyState *s)
{
    s->ask_at = app->now + LOBBY_ASK_EVERY;
    if (net_table_state(app->net) != NET_TABLE_FAILED) {
        net_table_list(app->net);
        return;
    }
    NetAddress a;
    char name[NET_NAME_MAX + 1], err[300] = "";
    if (!net_address_parse(s->where, &a, err, sizeof err)) {
        return;
    }
    net_screens_player_name(app, name, sizeof name);
    NetTable *again = net_table_join(&a, NULL, name, err, sizeof err);
    if (again == NULL) {
        app_show_toast(app, err);
        return;
    }
    net_table_destroy(app->net);
    app->net = again;
}

static bool lobby_enter(App *app, void *state)
{
    LobbyState *s = state;
    if (app->net == NULL && (s->local = net_screens_local_table(app, true)) != NULL) {
        NetAddress a = {.host = "127.0.0.1", .port = net_table_port(s->local)};
        char name[NET_NAME_MAX + 1], err[200] = "";
        net_screens_player_name(app, name, sizeof name);
        app->net = net_table_join(&a, NULL, name, err, sizeof err);
    }
    if (app->net == NULL) {
        net_table_destroy(s->local);
        return false;
    }
    net_table_where(app->net, s->where, sizeof s->where);
    s->ask_at = app->now + LOBBY_ASK_EVERY;
    ui_init(&s->ui);
    layout(app, s);
    return true;
}

static void lobby_leave(App *app, void *state)
{
    LobbyState *s = state;
    if (!s->handed_on) {
        net_table_destroy(app->net);
        app->net = NULL;
    }
    net_table_destroy(s->local);
    s->local = NULL;
}

static SceneAction lobby_event(App *app, void *state, const SDL_Event *e)
{
    LobbyState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_BACK || (ev.kind == UI_ACTIVATE && ev.id == LOBBY_BACK)) {
        return scene_pop();
    }
    const NetTables *t = tables_of(app);
    if (ev.kind == UI_ACTIVATE && ev.id == LOBBY_AGAIN) {
        look_again(app, s);
    } else if (ev.kind == UI_ACTIVATE && ev.id >= LOBBY_WATCH && ev.id - LOBBY_WATCH < t->count) {
        s->asked = net_table_pick_watch(app->net, t->table[ev.id - LOBBY_WATCH].table);
        if (!s->asked) {
            app_show_toast(app, _("That table cannot be watched now."));
        }
    } else if (ev.kind == UI_ACTIVATE && ev.id >= LOBBY_JOIN && ev.id - LOBBY_JOIN < t->count) {
        s->asked = net_table_pick(app->net, t->table[ev.id - LOBBY_JOIN].table);
        if (!s->asked) {
            app_show_toast(app, _("That table cannot be joined now."));
        }
    }
    layout(app, s);
    return scene_stay();
}

static SceneAction lobby_update(App *app, void *state, double dt)
{
    LobbyState *s = state;
    (void)dt;
    if (app->net == NULL) {
        return scene_pop();
    }
    net_table_poll(app->net, SDL_GetTicks());
    if (s->local != NULL) {
        net_table_poll(s->local, SDL_GetTicks());
    }
    app->ticking = true;
    NetTableState st = net_table_state(app->net);
    if (st == NET_TABLE_CHOOSING && !s->asked && app->now >= s->ask_at) {
        look_again(app, s);
    }
    const NetTables *t = tables_of(app);
    if (st != s->shown_state || memcmp(t, &s->shown, sizeof s->shown) != 0) {
        s->shown = *t;
        s->shown_state = st;
        s->asked = s->asked && st == NET_TABLE_CHOOSING;
        layout(app, s);
        app->dirty = true;
    }
    if (st == NET_TABLE_PLAYING && net_table_watching(app->net)) {
        s->handed_on = true; /* watching a match under way */
        return scene_replace(SCENE_WATCH);
    }
    if (st == NET_TABLE_WAITING || (st == NET_TABLE_PLAYING && net_screens_play(app))) {
        s->handed_on = true;
        return scene_replace(st == NET_TABLE_WAITING ? SCENE_WAITING : SCENE_TABLE);
    }
    return scene_stay();
}

static void draw_row(App *app, const LobbyState *s, const NetTableEntry *e, int i)
{
    SDL_Rect row = app_rect(app, 60, LOBBY_TOP + (float)i * LOBBY_PITCH, 708, LOBBY_PITCH - 6);
    paint_round_rect(app->paint, app->renderer, row, app_px(app, 10),
                     paint_rgba(255, 255, 255, 14));
    int x = row.x + app_px(app, 18);
    TextStyle ink = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    text_draw(app->text, app->renderer, net_screens_variant_name(e->rules.variant), &ink, x,
              row.y + app_px(app, 6), TEXT_LEFT);
    char line[160];
    snprintf(line, sizeof line, P_("%d seat free of %d", "%d seats free of %d", e->free_seats),
             e->free_seats, e->rules.players);
    if (e->started) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, " \xc2\xb7 %s", _("playing"));
    }
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    text_draw(app->text, app->renderer, line, &soft, x, row.y + app_px(app, 32), TEXT_LEFT);
    TextStyle faint = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
    text_draw(app->text, app->renderer, e->table, &faint,
              ui_find(&s->ui, LOBBY_WATCH + i)->rect.x - app_px(app, 14), row.y + app_px(app, 20),
              TEXT_RIGHT);
    ui_draw_button(app, &s->ui, LOBBY_WATCH + i, _("Watch"));
    ui_draw_button(app, &s->ui, LOBBY_JOIN + i, _("Join"));
}

/* The side: which server, what is listed and what is not, and why the
 * list is not there when it is not. */
static void draw_side(App *app, const LobbyState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = panel.y + app_px(app, 22);
    SDL_Renderer *r = app->renderer;
    TextStyle head = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    const char *name = net_screens_server_name(app, s->where);
    y += text_draw_wrapped(app->text, r, name != NULL ? name : s->where, &head,
                           (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    if (name != NULL) {
        TextStyle faint = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
        y += text_draw_wrapped(app->text, r, s->where, &faint, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                               1.05f);
    }
    y += app_px(app, 10);
    TextStyle body = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    const char *lines[] = {
        tables_of(app)->count == 0 ? _("No open table on this server just now.") : "",
        _("Only open tables are listed here: a private table is joined with the invite link "
          "its maker sends."),
        _("To make a table on this server, choose a game under Play, then Play: with friends "
          "over the network, and this server.")};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (lines[i][0] != '\0') {
            y += text_draw_wrapped(app->text, r, lines[i], &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                                   1.05f);
            y += app_px(app, 10);
        }
    }
    const char *err = net_table_error(app->net);
    if (err != NULL && err[0] != '\0') {
        TextStyle warn = app_text_style(app, 16, TEXT_BOLD, UI_WARN);
        text_draw_wrapped(app->text, r, err, &warn, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
    }
    ui_draw_button(app, &s->ui, LOBBY_AGAIN, _("Look again"));
}

static void lobby_draw(App *app, void *state, SDL_Renderer *r)
{
    LobbyState *s = state;
    (void)r;
    layout(app, s);
    net_screens_draw_frame(app, _("Open tables"), _("Take a free seat at a table on this server"));
    net_screens_draw_main_panel(app);
    const NetTables *t = tables_of(app);
    for (int i = 0; i < t->count && i < LOBBY_SHOWN; i++) {
        draw_row(app, s, &t->table[i], i);
    }
    draw_side(app, s);
    static const char *const hints[] = {"arrows",     N_("Move"), "Enter",
                                        N_("Select"), "Esc",      N_("Back")};
    net_screens_draw_footer(app, &s->ui, LOBBY_BACK, hints, 3);
}

static const Ui *lobby_widgets(const void *state)
{
    return &((const LobbyState *)state)->ui;
}

static void lobby_describe(App *app, void *state, char *buf, size_t size)
{
    const LobbyState *s = state;
    snprintf(buf, size, "tables=%d asked=%d failed=%d", tables_of(app)->count, s->asked,
             net_table_state(app->net) == NET_TABLE_FAILED);
}

const SceneClass scene_lobby_class = {
    .name = "lobby",
    .state_size = sizeof(LobbyState),
    .enter = lobby_enter,
    .leave = lobby_leave,
    .handle_event = lobby_event,
    .update = lobby_update,
    .draw = lobby_draw,
    .widgets = lobby_widgets,
    .describe = lobby_describe,
};
