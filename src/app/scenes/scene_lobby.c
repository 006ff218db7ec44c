/* scene_lobby.c — a ceki-server's open tables: joined without
 * a table id, the app is asked to choose (NET_TABLE_CHOOSING). Each open
 * table is listed with its game and free seats; choosing one takes a seat
 * there (net_table_pick), and "Open a new table" creates one of the game
 * set up in app->setup on that server (net_table_create_remote). The
 * waiting room takes over once seated. Back leaves the server. */
#include <stdio.h>
#include <string.h>

#include "net_screens.h"
#include "scenes.h"
#include "ui.h"

enum {
    LOBBY_CREATE = 1,
    LOBBY_TABLE = 10, /* + index in the list shown */
    LOBBY_BACK = 100
};

#define LOBBY_SHOWN 9
#define LOBBY_TOP 150.0f
#define LOBBY_PITCH 62.0f

typedef struct LobbyState {
    Ui ui;
    NetTables shown; /* the list as last drawn */
    NetTableState shown_state;
    bool handed_on;  /* app->net went on to the waiting room */
    bool asked;      /* a pick or a create is on its way */
    NetTable *local; /* a screenshot's table on 127.0.0.1, whose list app->net asked */
} LobbyState;

static const NetTables *tables_of(const App *app)
{
    static const NetTables none = {0};
    const NetTables *t = app->net != NULL ? net_table_tables(app->net) : NULL;
    return t != NULL ? t : &none;
}

static void layout(App *app, LobbyState *s)
{
    const NetTables *t = tables_of(app);
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, LOBBY_BACK);
    for (int i = 0; i < t->count && i < LOBBY_SHOWN; i++) {
        const NetTableEntry *e = &t->table[i];
        ui_add(&s->ui, WIDGET_ITEM, LOBBY_TABLE + i,
               app_rect(app, 60, LOBBY_TOP + (float)i * LOBBY_PITCH, 708, LOBBY_PITCH - 6),
               e->free_seats == 0 || s->asked, e->table);
    }
    ui_add(&s->ui, WIDGET_PRIMARY, LOBBY_CREATE, app_rect(app, 848, 668, 340, 54), s->asked,
           _("Open a new table"));
    ui_fix_focus(&s->ui);
}

static bool lobby_enter(App *app, void *state)
{
    LobbyState *s = state;
    if (app->net == NULL && (s->local = net_screens_local_table(app)) != NULL) {
        NetAddress a = {.host = "127.0.0.1", .port = net_table_port(s->local)};
        char name[NET_NAME_MAX + 1], err[200] = "";
        net_screens_player_name(app, name, sizeof name);
        app->net = net_table_join(&a, NULL, name, err, sizeof err);
    }
    if (app->net == NULL) {
        net_table_destroy(s->local);
        return false;
    }
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

/* The rules of a new table on the server: the game set up here, the
 * person in the first seat and friends in the others (a server has no
 * screen of its own: every person joins over the network). */
static void remote_rules(const App *app, NetTableRules *out)
{
    GameSetup g = app->setup;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        g.human[i] = false;
        g.remote[i] = true;
    }
    net_screens_rules(&g, out);
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
    if (ev.kind == UI_ACTIVATE && ev.id == LOBBY_CREATE) {
        NetTableRules rules = {.players = 0};
        remote_rules(app, &rules);
        s->asked = net_table_create_remote(app->net, &rules);
    } else if (ev.kind == UI_ACTIVATE && ev.id >= LOBBY_TABLE && ev.id - LOBBY_TABLE < t->count) {
        s->asked = net_table_pick(app->net, t->table[ev.id - LOBBY_TABLE].table);
    }
    if (ev.kind == UI_ACTIVATE && !s->asked && ev.id != LOBBY_BACK) {
        app_show_toast(app, _("That table cannot be joined now."));
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
    const NetTables *t = tables_of(app);
    if (st != s->shown_state || memcmp(t, &s->shown, sizeof s->shown) != 0) {
        s->shown = *t;
        s->shown_state = st;
        s->asked = s->asked && st == NET_TABLE_CHOOSING;
        layout(app, s);
        app->dirty = true;
    }
    if (st == NET_TABLE_WAITING || (st == NET_TABLE_PLAYING && net_screens_play(app))) {
        s->handed_on = true;
        return scene_replace(st == NET_TABLE_WAITING ? SCENE_WAITING : SCENE_TABLE);
    }
    return scene_stay();
}

static void draw_row(App *app, const LobbyState *s, const NetTableEntry *e, int i)
{
    const Widget *w = ui_find(&s->ui, LOBBY_TABLE + i);
    ui_draw_item(app, &s->ui, LOBBY_TABLE + i, false);
    int x = w->rect.x + app_px(app, 18);
    TextStyle ink = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    text_draw(app->text, app->renderer, net_screens_variant_name(e->rules.variant), &ink, x,
              w->rect.y + app_px(app, 6), TEXT_LEFT);
    char line[160];
    snprintf(line, sizeof line, P_("%d seat free of %d", "%d seats free of %d", e->free_seats),
             e->free_seats, e->rules.players);
    if (e->started) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, " \xc2\xb7 %s", _("playing"));
    }
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    text_draw(app->text, app->renderer, line, &soft, x, w->rect.y + app_px(app, 32), TEXT_LEFT);
    TextStyle faint = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
    text_draw(app->text, app->renderer, e->table, &faint, w->rect.x + w->rect.w - app_px(app, 18),
              w->rect.y + app_px(app, 20), TEXT_RIGHT);
}

static void lobby_draw(App *app, void *state, SDL_Renderer *r)
{
    LobbyState *s = state;
    (void)r;
    layout(app, s);
    net_screens_draw_frame(app, _("Open tables"),
                           _("Take a free seat, or open a table of your own"));
    net_screens_draw_main_panel(app);
    const NetTables *t = tables_of(app);
    for (int i = 0; i < t->count && i < LOBBY_SHOWN; i++) {
        draw_row(app, s, &t->table[i], i);
    }
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    TextStyle body = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
    char says[400];
    snprintf(says, sizeof says,
             t->count == 0 ? _("No table is open on this server yet. A new one is a table of %s "
                               "for %d players.")
                           : _("A new table is a table of %s for %d players."),
             _(app_variant(app)->name), app->setup.config.players);
    int y = panel.y + app_px(app, 22);
    y += text_draw_wrapped(app->text, app->renderer, says, &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                           1.05f);
    const char *err = net_table_error(app->net);
    if (err != NULL && err[0] != '\0') {
        TextStyle warn = app_text_style(app, 16, TEXT_BOLD, UI_WARN);
        text_draw_wrapped(app->text, app->renderer, err, &warn,
                          (SDL_Rect){x, y + app_px(app, 12), w, 0}, TEXT_LEFT, 1.05f);
    }
    ui_draw_button(app, &s->ui, LOBBY_CREATE, _("Open a new table"));
    static const char *const hints[] = {"arrows",   N_("Move"), "Enter",
                                        N_("Join"), "Esc",      N_("Back")};
    net_screens_draw_footer(app, &s->ui, LOBBY_BACK, hints, 3);
}

static const Ui *lobby_widgets(const void *state)
{
    return &((const LobbyState *)state)->ui;
}

static void lobby_describe(App *app, void *state, char *buf, size_t size)
{
    const LobbyState *s = state;
    snprintf(buf, size, "tables=%d asked=%d", tables_of(app)->count, s->asked);
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
