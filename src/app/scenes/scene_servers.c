/* scene_servers.c — the person's servers (Settings' list, shown on the
 * join screen and offered by the host screen): each with its name and
 * address and a Remove button; a name and an address typed and Add keeps
 * one more (or renames the one of that address). The list starts empty:
 * the program names no server; a person adds the address a friend, a club
 * or a school that runs a ceki-server gave them. A bad address or name is
 * said and nothing changes; every change is saved at once. */
#include <stdio.h>
#include <string.h>

#include "net_screens.h"
#include "scenes.h"
#include "ui.h"

enum {
    SERVERS_NAME = 1,
    SERVERS_ADDRESS,
    SERVERS_ADD,
    SERVERS_REMOVE = 10, /* + index in the list */
    SERVERS_BACK = 100
};

#define SERVERS_TOP 150.0f
#define SERVERS_PITCH 66.0f
#define SERVERS_FIELD_X 832.0f
#define SERVERS_FIELD_W 368.0f

typedef struct ServersState {
    Ui ui;
    TextField name, address;
    int active; /* the field typing goes to, or 0 */
    char error[320];
} ServersState;

static void layout(App *app, ServersState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, SERVERS_BACK);
    for (int i = 0; i < app->settings.nservers; i++) {
        char name[96];
        snprintf(name, sizeof name, "Remove %s", app->settings.servers[i].address);
        ui_add(&s->ui, WIDGET_BUTTON, SERVERS_REMOVE + i,
               app_rect(app, 612, SERVERS_TOP + (float)i * SERVERS_PITCH + 10, 140, 40), false,
               name);
    }
    ui_add(&s->ui, WIDGET_ITEM, SERVERS_NAME,
           app_rect(app, SERVERS_FIELD_X, 226, SERVERS_FIELD_W, 46), false, _("Name"));
    ui_add(&s->ui, WIDGET_ITEM, SERVERS_ADDRESS,
           app_rect(app, SERVERS_FIELD_X, 310, SERVERS_FIELD_W, 46), false, _("Address"));
    ui_add(&s->ui, WIDGET_PRIMARY, SERVERS_ADD, app_rect(app, 848, 376, 340, 50),
           app->settings.nservers >= SETTINGS_SERVERS_MAX, _("Add the server"));
    ui_fix_focus(&s->ui);
}

static bool servers_enter(App *app, void *state)
{
    ServersState *s = state;
    ui_init(&s->ui);
    text_field_init(&s->name, NET_NAME_CHARS);
    text_field_limit_bytes(&s->name, SETTINGS_NAME_MAX);
    text_field_init(&s->address, SETTINGS_ADDRESS_MAX);
    s->active = SERVERS_NAME;
    layout(app, s);
    ui_focus(&s->ui, SERVERS_NAME);
    SDL_StartTextInput();
    return true;
}

static void servers_leave(App *app, void *state)
{
    (void)app;
    (void)state;
    SDL_StopTextInput();
}

/* A typed address may be pasted as an invite or with spaces: its host and
 * port are what is kept. */
static void typed_address(const TextField *f, char *buf, size_t size)
{
    NetAddress a;
    if (net_address_parse(f->text, &a, NULL, 0)) {
        snprintf(buf, size, "%s:%u", a.host, (unsigned)a.port);
    } else {
        snprintf(buf, size, "%s", f->text);
    }
}

static void add(App *app, ServersState *s)
{
    Settings st = app->settings;
    char address[SETTINGS_ADDRESS_MAX + 16];
    typed_address(&s->address, address, sizeof address);
    if (!settings_server_add(&st, address, s->name.text, s->error, sizeof s->error)) {
        return;
    }
    app_set_settings(app, &st);
    app_show_toast(app, _("The server is in your list."));
    text_field_set(&s->name, "");
    text_field_set(&s->address, "");
    s->error[0] = '\0';
    s->active = SERVERS_NAME;
    layout(app, s);
    ui_focus(&s->ui, SERVERS_NAME);
}

static void remove_server(App *app, ServersState *s, int i)
{
    Settings st = app->settings;
    settings_server_remove(&st, i);
    app_set_settings(app, &st);
    s->error[0] = '\0';
    layout(app, s);
}

/* Typing into the active field: true when the field took the event. */
static bool field_event(App *app, ServersState *s, const SDL_Event *e, SceneAction *out)
{
    TextField *f = s->active == SERVERS_NAME      ? &s->name
                   : s->active == SERVERS_ADDRESS ? &s->address
                                                  : NULL;
    if (f == NULL) {
        return false;
    }
    TextFieldResult r = net_screens_type(f, e, s->error);
    *out = scene_stay();
    if (r == TEXT_FIELD_SUBMIT && s->active == SERVERS_NAME) {
        s->active = SERVERS_ADDRESS; /* Enter on the name goes on to the address */
        ui_focus(&s->ui, SERVERS_ADDRESS);
    } else if (r == TEXT_FIELD_SUBMIT) {
        add(app, s);
    } else if (r == TEXT_FIELD_CANCEL) {
        *out = scene_pop();
    }
    return r != TEXT_FIELD_IGNORED;
}

static SceneAction servers_event(App *app, void *state, const SDL_Event *e)
{
    ServersState *s = state;
    layout(app, s);
    SceneAction done = scene_stay();
    if (field_event(app, s, e, &done)) {
        app->dirty = true;
        return done;
    }
    static const int fields[] = {SERVERS_NAME, SERVERS_ADDRESS};
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 2, &s->active);
    if (ev.kind == UI_BACK || (ev.kind == UI_ACTIVATE && ev.id == SERVERS_BACK)) {
        return scene_pop();
    }
    if (ev.kind == UI_ACTIVATE && ev.id == SERVERS_ADD) {
        add(app, s);
    } else if (ev.kind == UI_ACTIVATE && ev.id >= SERVERS_REMOVE &&
               ev.id < SERVERS_REMOVE + app->settings.nservers) {
        remove_server(app, s, ev.id - SERVERS_REMOVE);
    }
    layout(app, s);
    return scene_stay();
}

static void draw_list(App *app, ServersState *s)
{
    SDL_Renderer *r = app->renderer;
    net_screens_draw_main_panel(app);
    for (int i = 0; i < app->settings.nservers; i++) {
        const SettingsServer *sv = &app->settings.servers[i];
        SDL_Rect row =
            app_rect(app, 68, SERVERS_TOP + (float)i * SERVERS_PITCH, 692, SERVERS_PITCH - 6);
        paint_round_rect(app->paint, r, row, app_px(app, 10), paint_rgba(255, 255, 255, 14));
        int x = row.x + app_px(app, 18);
        SDL_Rect line = {x, row.y + app_px(app, 6), app_px(app, 500), app_px(app, 26)};
        TextStyle ink = app_text_style(app, 18, TEXT_BOLD, UI_INK);
        text_draw_in(app->text, r, sv->name, &ink, line, TEXT_LEFT);
        TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
        line.y += app_px(app, 28);
        text_draw_in(app->text, r, sv->address, &soft, line, TEXT_LEFT);
        ui_draw_button(app, &s->ui, SERVERS_REMOVE + i, _("Remove"));
    }
    if (app->settings.nservers == 0) {
        TextStyle soft = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
        text_draw_wrapped(app->text, r, _("Your list is empty."), &soft,
                          app_rect(app, 76, SERVERS_TOP, 676, 0), TEXT_LEFT, 1.05f);
    }
}

static void draw_side(App *app, ServersState *s)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    TextStyle head = app_text_style(app, 18, TEXT_BOLD, UI_INK);
    text_draw_wrapped(app->text, r, _("Add a server"), &head,
                      (SDL_Rect){x, panel.y + app_px(app, 22), w, 0}, TEXT_LEFT, 1.0f);
    TextStyle label = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    text_draw(app->text, r, _("Its name, as you will know it"), &label, x,
              app_rect(app, 0, 200, 0, 0).y, TEXT_LEFT);
    net_screens_draw_field(app, &s->ui, SERVERS_NAME, &s->name, s->active == SERVERS_NAME,
                           _("Club Ceki"));
    text_draw(app->text, r, _("Its address"), &label, x, app_rect(app, 0, 284, 0, 0).y, TEXT_LEFT);
    net_screens_draw_field(app, &s->ui, SERVERS_ADDRESS, &s->address, s->active == SERVERS_ADDRESS,
                           "play.example.org:7157");
    ui_draw_button(app, &s->ui, SERVERS_ADD, _("Add the server"));
    int y = app_rect(app, 0, 446, 0, 0).y;
    if (s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 16, TEXT_BOLD, UI_WARN);
        y += text_draw_wrapped(app->text, r, s->error, &warn, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                               1.05f);
        y += app_px(app, 10);
    }
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    text_draw_wrapped(app->text, r,
                      _("Ceki has no server of its own. Anyone may run one (ceki-server): a "
                        "friend, a club, a school. Add the address they give you."),
                      &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.05f);
}

static void servers_draw(App *app, void *state, SDL_Renderer *r)
{
    ServersState *s = state;
    (void)r;
    layout(app, s);
    net_screens_draw_frame(app, _("Your servers"),
                           _("Where friends in different homes meet to play"));
    draw_list(app, s);
    draw_side(app, s);
    static const char *const hints[] = {"Tab",   N_("Next"), "Ctrl+V", N_("Paste"),
                                        "Enter", N_("Add"),  "Esc",    N_("Back")};
    net_screens_draw_footer(app, &s->ui, SERVERS_BACK, hints, 4);
}

static const Ui *servers_widgets(const void *state)
{
    return &((const ServersState *)state)->ui;
}

static void servers_describe(App *app, void *state, char *buf, size_t size)
{
    const ServersState *s = state;
    snprintf(buf, size, "field=%d servers=%d error=%d", s->active, app->settings.nservers,
             s->error[0] != '\0');
}

const SceneClass scene_servers_class = {
    .name = "servers",
    .state_size = sizeof(ServersState),
    .enter = servers_enter,
    .leave = servers_leave,
    .handle_event = servers_event,
    .draw = servers_draw,
    .widgets = servers_widgets,
    .describe = servers_describe,
};
