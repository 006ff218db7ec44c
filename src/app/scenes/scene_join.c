/* scene_join.c — joining a table of friends: type an address or paste an
 * invite (Ctrl+V), or pick a table announced on the local network
 * (discovery.h). Join connects (net_table_join) into app->net; the
 * waiting room takes over once seated, the list of a ceki-server's tables
 * (the lobby) when the address named no table. An address that does not
 * read, or a table that cannot be reached, is said and nothing changes.
 *
 * $CEKI_DISCOVERY_TO and $CEKI_DISCOVERY_PORT (tests) ask one address
 * and port instead of broadcasting on DISCOVERY_PORT (net_screens.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "discovery.h"
#include "net_screens.h"
#include "scenes.h"
#include "ui.h"

enum {
    JOIN_ADDRESS = 1,
    JOIN_NAME,
    JOIN_GO,
    JOIN_LOOK,
    JOIN_FOUND = 10, /* + index in the found tables */
    JOIN_BACK = 100
};

#define JOIN_FOUND_SHOWN 6
#define JOIN_FOUND_TOP 196.0f
#define JOIN_FOUND_PITCH 66.0f
#define JOIN_ASK_EVERY 3.0 /* seconds between queries on the local network */
#define JOIN_ADDRESS_CHARS 96

typedef struct JoinState {
    Ui ui;
    TextField address, name;
    int active; /* the field typing goes to, or 0 */
    char error[512];
    DiscoveryScanner *scanner;
    const char *ask_to; /* NULL: broadcast */
    uint16_t ask_port;
    double ask_at;
    DiscoveryTable found[JOIN_FOUND_SHOWN];
    int nfound;
    bool handed_on; /* app->net went on to the next screen */
} JoinState;

static void layout(App *app, JoinState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, JOIN_BACK);
    ui_add(&s->ui, WIDGET_ITEM, JOIN_ADDRESS, app_rect(app, 300, 160, 450, 46), false,
           _("Address or invite"));
    ui_add(&s->ui, WIDGET_ITEM, JOIN_NAME, app_rect(app, 300, 220, 450, 46), false, _("Your name"));
    ui_add(&s->ui, WIDGET_PRIMARY, JOIN_GO, app_rect(app, 300, 286, 450, 52), app->net != NULL,
           _("Join"));
    for (int i = 0; i < s->nfound; i++) {
        char name[48];
        snprintf(name, sizeof name, "%s:%u/%s", s->found[i].host, s->found[i].port,
                 s->found[i].table);
        ui_add(&s->ui, WIDGET_ITEM, JOIN_FOUND + i,
               app_rect(app, 824, JOIN_FOUND_TOP + (float)i * JOIN_FOUND_PITCH, 384,
                        JOIN_FOUND_PITCH - 6),
               app->net != NULL, name);
    }
    ui_add(&s->ui, WIDGET_BUTTON, JOIN_LOOK, app_rect(app, 848, 668, 340, 48), s->scanner == NULL,
           _("Look again"));
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
    layout(app, s);
    ui_focus(&s->ui, JOIN_ADDRESS);
    SDL_StartTextInput();
    return true;
}

static void join_leave(App *app, void *state)
{
    JoinState *s = state;
    discovery_scanner_close(s->scanner);
    s->scanner = NULL;
    SDL_StopTextInput();
    if (!s->handed_on) {
        net_table_destroy(app->net); /* left while it was connecting */
        app->net = NULL;
    }
}

static SceneAction join(App *app, JoinState *s)
{
    if (app->net != NULL) {
        return scene_stay(); /* already on its way */
    }
    NetAddress a = {.port = 0};
    char err[300] = "";
    if (s->address.len == 0) {
        snprintf(s->error, sizeof s->error, "%s",
                 _("Type the host's address, or paste an invite link."));
        return scene_stay();
    }
    if (!net_address_parse(s->address.text, &a, err, sizeof err)) {
        snprintf(s->error, sizeof s->error, "%s", err);
        return scene_stay();
    }
    net_screens_keep_name(app, s->name.text);
    char name[NET_NAME_MAX + 1];
    net_screens_player_name(app, name, sizeof name);
    NetTable *t = net_table_join(&a, NULL, name, err, sizeof err);
    if (t == NULL) {
        snprintf(s->error, sizeof s->error, "%s", err);
        return scene_stay();
    }
    app->net = t;
    s->error[0] = '\0';
    return scene_stay();
}

static SceneAction pick_found(App *app, JoinState *s, int i)
{
    if (i < 0 || i >= s->nfound) {
        return scene_stay();
    }
    char text[JOIN_ADDRESS_CHARS + 1];
    snprintf(text, sizeof text, "%s:%u/%s", s->found[i].host, s->found[i].port, s->found[i].table);
    text_field_set(&s->address, text);
    return join(app, s);
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
    } else if (r == TEXT_FIELD_CANCEL) {
        *out = scene_pop();
    }
    return r != TEXT_FIELD_IGNORED;
}

static SceneAction join_event(App *app, void *state, const SDL_Event *e)
{
    JoinState *s = state;
    layout(app, s);
    SceneAction done = scene_stay();
    if (field_event(app, s, e, &done)) {
        app->dirty = true;
        return done;
    }
    static const int fields[] = {JOIN_ADDRESS, JOIN_NAME};
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 2, &s->active);
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == JOIN_BACK) {
            return scene_pop();
        }
        if (ev.id == JOIN_GO) {
            return join(app, s);
        }
        if (ev.id == JOIN_LOOK) {
            ask(s);
        } else if (ev.id >= JOIN_FOUND && ev.id < JOIN_FOUND + JOIN_FOUND_SHOWN) {
            return pick_found(app, s, ev.id - JOIN_FOUND);
        }
        break;
    default: break;
    }
    layout(app, s);
    return scene_stay();
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

/* Where a connection being made has got to: the next screen, or why not. */
static SceneAction follow(App *app, JoinState *s)
{
    net_table_poll(app->net, SDL_GetTicks());
    NetTableState st = net_table_state(app->net);
    static const SceneId next[] = {[NET_TABLE_WAITING] = SCENE_WAITING,
                                   [NET_TABLE_CHOOSING] = SCENE_LOBBY,
                                   [NET_TABLE_PLAYING] = SCENE_TABLE};
    switch (st) {
    case NET_TABLE_PLAYING:
        if (!net_screens_play(app)) {
            return scene_stay(); /* the view has not come yet */
        }
        s->handed_on = true;
        return scene_replace(next[st]);
    case NET_TABLE_WAITING:
    case NET_TABLE_CHOOSING: s->handed_on = true; return scene_replace(next[st]);
    case NET_TABLE_FAILED:
    case NET_TABLE_OVER:
        snprintf(s->error, sizeof s->error, "%s", net_table_error(app->net));
        if (s->error[0] == '\0') {
            snprintf(s->error, sizeof s->error, "%s",
                     net_screens_state_text(NET_TABLE_FAILED, false));
        }
        net_table_destroy(app->net);
        app->net = NULL;
        layout(app, s);
        app->dirty = true;
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

static void draw_form(App *app, JoinState *s)
{
    SDL_Renderer *r = app->renderer;
    net_screens_draw_main_panel(app);
    int label_x = app_rect(app, 76, 0, 0, 0).x;
    ui_draw_label(app, &s->ui, JOIN_ADDRESS, _("Address"), label_x);
    net_screens_draw_field(app, &s->ui, JOIN_ADDRESS, &s->address, s->active == JOIN_ADDRESS,
                           "192.168.1.20:7157");
    ui_draw_label(app, &s->ui, JOIN_NAME, _("Your name"), label_x);
    net_screens_draw_field(app, &s->ui, JOIN_NAME, &s->name, s->active == JOIN_NAME, "");
    ui_draw_button(app, &s->ui, JOIN_GO, _("Join"));
    SDL_Rect box = app_rect(app, 76, 362, 676, 0);
    if (app->net != NULL) {
        TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
        box.y += text_draw_wrapped(app->text, r,
                                   net_screens_state_text(net_table_state(app->net), false), &ink,
                                   box, TEXT_LEFT, 1.05f);
    } else if (s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 17, TEXT_BOLD, UI_WARN);
        box.y += text_draw_wrapped(app->text, r, s->error, &warn, box, TEXT_LEFT, 1.05f);
    }
    box.y += app_px(app, 14);
    TextStyle body = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    const char *help[] = {
        _("Ask the host for the address their waiting room shows, or for its invite link, and "
          "type or paste it here (Ctrl+V)."),
        _("A ceki-server's address alone lists its open tables: join one, or open your own "
          "there.")};
    for (size_t i = 0; i < sizeof help / sizeof help[0]; i++) {
        box.y += text_draw_wrapped(app->text, r, help[i], &body, box, TEXT_LEFT, 1.05f);
        box.y += app_px(app, 10);
    }
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
}

static void join_draw(App *app, void *state, SDL_Renderer *r)
{
    JoinState *s = state;
    (void)r;
    layout(app, s);
    net_screens_draw_frame(app, _("Join a table"),
                           _("Play at a friend's table, on this network or further"));
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

static void join_describe(App *app, void *state, char *buf, size_t size)
{
    const JoinState *s = state;
    snprintf(buf, size, "field=%d found=%d connecting=%d error=%d error_text=%s", s->active,
             s->nfound, app->net != NULL, s->error[0] != '\0', s->error);
}

const SceneClass scene_join_class = {
    .name = "join",
    .state_size = sizeof(JoinState),
    .enter = join_enter,
    .leave = join_leave,
    .handle_event = join_event,
    .update = join_update,
    .draw = join_draw,
    .widgets = join_widgets,
    .describe = join_describe,
};
