/* net_screens.c — what the screens of a network table share (net_screens.h). */
#define _POSIX_C_SOURCE 200809L /* getpwuid_r */
#include "net_screens.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "discovery.h"
#include "net_ticket.h"
#include "session.h"
#include "variant.h"

#define PASSWD_BUF 4096
#define MS_PER_S 1000u

/* Copies at most NET_NAME_MAX bytes of name, cut before a broken
 * character; false when nothing usable is left. */
static bool take_name(const char *name, char *buf, size_t size)
{
    if (name == NULL || size == 0) {
        return false;
    }
    size_t cap = SDL_min(SDL_min(strlen(name), (size_t)NET_NAME_MAX), size - 1);
    while (cap > 0 && ((unsigned char)name[cap] & 0xc0) == 0x80) {
        cap--; /* not in the middle of a character */
    }
    memcpy(buf, name, cap);
    buf[cap] = '\0';
    return cap > 0 && settings_name_ok(buf);
}

void net_screens_player_name(const App *app, char *buf, size_t size)
{
    if (!take_name(app->settings.player_name, buf, size)) {
        net_screens_system_name(buf, size);
    }
}

void net_screens_system_name(char *buf, size_t size)
{
    struct passwd pw, *found = NULL;
    char store[PASSWD_BUF];
    if (getpwuid_r(getuid(), &pw, store, sizeof store, &found) == 0 && found != NULL &&
        take_name(found->pw_name, buf, size)) {
        return;
    }
    if (take_name(getenv("USER"), buf, size)) {
        return;
    }
    snprintf(buf, size, "%s", _("Player"));
}

void net_screens_keep_name(App *app, const char *name)
{
    if (settings_name_ok(name) && strcmp(app->settings.player_name, name) != 0) {
        Settings st = app->settings;
        memcpy(st.player_name, name, strlen(name) + 1);
        app_set_settings(app, &st);
    }
}

const char *net_screens_discovery_address(void)
{
    const char *to = getenv("CEKI_DISCOVERY_TO");
    return to != NULL && to[0] != '\0' ? to : NULL;
}

uint16_t net_screens_discovery_port(void)
{
    const char *port = getenv("CEKI_DISCOVERY_PORT");
    char *end = NULL;
    long p = port != NULL ? strtol(port, &end, 10) : -1;
    return port != NULL && end != port && *end == '\0' && p >= 0 && p <= 65535 ? (uint16_t)p
                                                                               : DISCOVERY_PORT;
}

const char *net_screens_server_name(const App *app, const char *where)
{
    for (int i = 0; where != NULL && i < app->settings.nservers; i++) {
        if (strcmp(app->settings.servers[i].address, where) == 0) {
            return app->settings.servers[i].name;
        }
    }
    return NULL;
}

NetTable *net_screens_host_shot(App *app, const GameSetup *g, bool open, NetWatch watch,
                                uint64_t seed)
{
    NetHostOptions opt;
    memset(&opt, 0, sizeof opt);
    net_screens_rules(g, &opt.rules);
    opt.any_port = true;
    opt.bind = "127.0.0.1";
    opt.has_seed = true;
    opt.seed = seed;
    opt.open = open;
    opt.rules.watch = (uint8_t)watch;
    net_screens_player_name(app, opt.name, sizeof opt.name);
    char err[200] = "";
    NetTable *t = net_table_host(&opt, err, sizeof err);
    if (t == NULL) {
        fprintf(stderr, "ceki: no local table: %s\n", err);
    }
    return t;
}

NetTable *net_screens_local_table(App *app, bool open)
{
    const char *local = getenv("CEKI_NET_LOCAL");
    if (local == NULL || strcmp(local, "1") != 0) {
        return NULL;
    }
    GameSetup g = app->setup;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        g.human[i] = i == 0;
        g.remote[i] = i == 1;
    }
    return net_screens_host_shot(app, &g, open, net_screens_watch_default(open), 1);
}

bool net_screens_play(App *app)
{
    const NetTableRules *r = app->net != NULL ? net_table_rules(app->net) : NULL;
    if (r == NULL || r->variant >= VARIANT_COUNT) {
        return false;
    }
    SessionSeats seats = {0};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = true; /* the session keeps the person's own seat */
    }
    CekiStatus st = CEKI_OK;
    Session *session = session_create_net(app->net, &seats, &st);
    if (session == NULL) {
        return false;
    }
    bool network = app->setup.network;
    app_setup_variant(app, (VariantId)r->variant);
    app->setup.network = network;
    app->setup.config = *game_config(session_game(session));
    app->setup.seed_given = true;
    net_screens_keep_ticket(app, app->net);
    session_destroy(app->session);
    app->session = session;
    app->net = NULL; /* the session's now */
    return true;
}

void net_screens_keep_ticket(App *app, const NetTable *t)
{
    const NetTableRules *r = t != NULL ? net_table_rules(t) : NULL;
    NetTicket ticket;
    char why[200] = "";
    if (r != NULL && r->variant < VARIANT_COUNT && store_persistent(app->store) &&
        net_table_ticket(t, &ticket) &&
        !net_ticket_save(app->store, &ticket, variant_get((VariantId)r->variant)->key, why,
                         sizeof why)) {
        app_report(app, why); /* the way back after a crash is not kept */
    }
}

void net_screens_forget_ticket(App *app, const NetTable *t)
{
    NetTicket kept, mine;
    if (t != NULL && net_ticket_load(app->store, &kept) && net_table_ticket(t, &mine) &&
        net_ticket_at(&kept, &mine.address) &&
        memcmp(kept.token, mine.token, sizeof kept.token) == 0) {
        net_ticket_forget(app->store);
    }
}

void net_screens_rules(const GameSetup *g, NetTableRules *out)
{
    memset(out, 0, sizeof *out);
    out->variant = (uint8_t)g->config.variant;
    out->players = (uint8_t)g->config.players;
    out->options = g->config.options;
    out->rounds = (uint16_t)g->config.rounds;
    out->stakes = (uint8_t)g->config.stakes;
    static const uint8_t computer[AI_LEVEL_COUNT] = {NET_SEAT_RANDOM, NET_SEAT_GREEDY,
                                                     NET_SEAT_STRONG};
    out->clock = net_screens_clock(g->clock);
    for (int i = 0; i < g->config.players && i < CEKI_MAX_SEATS; i++) {
        out->seat_kind[i] = g->human[i]    ? NET_SEAT_LOCAL
                            : g->remote[i] ? NET_SEAT_NET
                                           : computer[g->level[i] % AI_LEVEL_COUNT];
    }
}

NetWatch net_screens_watch_default(bool open)
{
    return open ? NET_WATCH_PUBLIC : NET_WATCH_NONE;
}

const char *net_screens_watch_text(NetWatch watch)
{
    switch (watch) {
    case NET_WATCH_NONE: return _("Nobody");
    case NET_WATCH_PUBLIC: return _("Everyone, as the seats see it");
    case NET_WATCH_HANDS_LATE: return _("Everyone, hands shown a round late");
    default: return "?";
    }
}

#define SECONDS_PER_MIN 60u

static const NetClock clock_presets[TABLE_CLOCK_COUNT] = {
    [TABLE_CLOCK_RELAXED] = {NET_CLOCK_RELAXED_MOVE_MS, NET_CLOCK_RELAXED_BANK_MS},
    [TABLE_CLOCK_NORMAL] = {NET_CLOCK_NORMAL_MOVE_MS, NET_CLOCK_NORMAL_BANK_MS},
    [TABLE_CLOCK_QUICK] = {NET_CLOCK_QUICK_MOVE_MS, NET_CLOCK_QUICK_BANK_MS},
};

NetClock net_screens_clock(TableClock c)
{
    return (unsigned)c < TABLE_CLOCK_COUNT ? clock_presets[c] : clock_presets[TABLE_CLOCK_NONE];
}

/* A span in words: whole minutes as minutes, else seconds (rounded up). */
static void span_words(uint32_t ms, char *buf, size_t size)
{
    unsigned s = (ms + MS_PER_S - 1) / MS_PER_S;
    if (s >= SECONDS_PER_MIN && s % SECONDS_PER_MIN == 0) {
        snprintf(buf, size, _("%u min"), s / SECONDS_PER_MIN);
    } else {
        snprintf(buf, size, _("%u s"), s);
    }
}

void net_screens_clock_words(const NetClock *c, char *buf, size_t size)
{
    static const char *const names[TABLE_CLOCK_COUNT] = {NULL, N_("Relaxed"), N_("Normal"),
                                                         N_("Quick")};
    if (c == NULL || c->move_ms == 0) {
        snprintf(buf, size, "%s", _("No turn clock"));
        return;
    }
    char move[32], bank[32];
    snprintf(move, sizeof move, _("%u s"), (unsigned)((c->move_ms + MS_PER_S - 1) / MS_PER_S));
    span_words(c->bank_ms, bank, sizeof bank);
    for (int i = TABLE_CLOCK_RELAXED; i < TABLE_CLOCK_COUNT; i++) {
        if (clock_presets[i].move_ms == c->move_ms && clock_presets[i].bank_ms == c->bank_ms) {
            snprintf(buf, size, _("%s: %s a move + %s bank"), _(names[i]), move, bank);
            return;
        }
    }
    snprintf(buf, size, _("%s a move + %s bank"), move, bank);
}

void net_screens_clock_short(const NetClock *c, char *buf, size_t size)
{
    if (c == NULL || c->move_ms == 0) {
        snprintf(buf, size, "%s", "");
        return;
    }
    char move[32], bank[32];
    snprintf(move, sizeof move, _("%u s"), (unsigned)((c->move_ms + MS_PER_S - 1) / MS_PER_S));
    span_words(c->bank_ms, bank, sizeof bank);
    snprintf(buf, size, "%s + %s", move, bank);
}

void net_screens_clock_time(uint32_t ms, char *buf, size_t size)
{
    unsigned s = (ms + MS_PER_S - 1) / MS_PER_S;
    snprintf(buf, size, "%u:%02u", s / SECONDS_PER_MIN, s % SECONDS_PER_MIN);
}

void net_screens_clock_left(const NetClockState *told, const NetClock *rules, int seat,
                            uint32_t gone_ms, NetClockShown *out)
{
    memset(out, 0, sizeof *out);
    if (told == NULL || !told->on || seat < 0 || seat >= told->players || seat >= CEKI_MAX_SEATS) {
        return;
    }
    out->on = true;
    out->bank_ms = told->bank_ms[seat];
    if (told->running != seat) {
        out->move_ms = rules != NULL ? rules->move_ms : 0; /* a decision starts whole */
        return;
    }
    out->running = true;
    uint32_t past = gone_ms > told->move_left_ms ? gone_ms - told->move_left_ms : 0;
    out->move_ms = gone_ms < told->move_left_ms ? told->move_left_ms - gone_ms : 0;
    out->bank_ms = past < out->bank_ms ? out->bank_ms - past : 0;
    out->low = (uint64_t)out->move_ms + out->bank_ms < NET_SCREENS_CLOCK_LOW_MS;
}

void net_screens_clock_text(const NetClockShown *c, char *buf, size_t size)
{
    if (!c->on) {
        snprintf(buf, size, "%s", "");
        return;
    }
    char move[16], bank[16], both[40];
    net_screens_clock_time(c->move_ms, move, sizeof move);
    net_screens_clock_time(c->bank_ms, bank, sizeof bank);
    snprintf(both, sizeof both, "%s + %s", move, bank);
    if (c->low) {
        snprintf(buf, size, _("Hurry! %s"), both);
    } else {
        snprintf(buf, size, "%s", both);
    }
}

const char *net_screens_kind_text(NetSeatKind kind)
{
    switch (kind) {
    case NET_SEAT_NET: return _("A friend");
    case NET_SEAT_LOCAL: return _("You");
    case NET_SEAT_RANDOM: return _("Computer (random)");
    case NET_SEAT_GREEDY: return _("Computer (greedy)");
    case NET_SEAT_STRONG: return _("Computer (strong)");
    default: return "?";
    }
}

#define WATCHERS_NAMED 4 /* names said before "and N more" */

void net_screens_watchers_text(const NetSeats *seats, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    buf[0] = '\0';
    int n = seats != NULL ? SDL_min((int)seats->nwatchers, NET_MAX_WATCHERS) : 0;
    if (n == 0) {
        return;
    }
    char names[NET_WATCHERS_TEXT_MAX] = "";
    size_t at = 0;
    for (int i = 0; i < n && i < WATCHERS_NAMED && at < sizeof names; i++) {
        const char *name = seats->watcher[i][0] != '\0' ? seats->watcher[i] : "?";
        at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i > 0 ? ", " : "", name);
    }
    if (n > WATCHERS_NAMED) {
        /* TRANSLATORS: the spectators at a table: "Watching: Sari, Dewi, Ani, Tono and 3 more". */
        snprintf(buf, size,
                 P_("Watching: %s and %d more", "Watching: %s and %d more", n - WATCHERS_NAMED),
                 names, n - WATCHERS_NAMED);
    } else {
        /* TRANSLATORS: the spectators at a table: "Watching: Sari, Dewi". */
        snprintf(buf, size, _("Watching: %s"), names);
    }
}

void net_screens_seat_text(const NetSeat *seat, char *buf, size_t size)
{
    unsigned left = (seat->grace_ms + MS_PER_S - 1) / MS_PER_S;
    switch ((NetSeatState)seat->state) {
    case NET_SEAT_EMPTY: snprintf(buf, size, "%s", _("Waiting for a friend")); break;
    case NET_SEAT_HERE: snprintf(buf, size, "%s", _("Here")); break;
    case NET_SEAT_AWAY:
        snprintf(buf, size,
                 P_("Reconnecting: %u second left", "Reconnecting: %u seconds left", left), left);
        break;
    case NET_SEAT_STAND_IN:
        snprintf(buf, size, "%s",
                 seat->stand_in == NET_STAND_IN_CLOCK     ? _("Out of time; a computer plays")
                 : seat->stand_in == NET_STAND_IN_OWN     ? _("A computer plays, as asked")
                 : seat->stand_in == NET_STAND_IN_CREATOR ? _("Handed to a computer")
                                                          : _("Away; a computer plays"));
        break;
    default: snprintf(buf, size, "?"); break;
    }
}

const char *net_screens_state_text(NetTableState state, bool host)
{
    switch (state) {
    case NET_TABLE_CONNECTING: return _("Connecting\xe2\x80\xa6");
    case NET_TABLE_CHOOSING: return _("Choose a table, or open a new one.");
    case NET_TABLE_WAITING:
        return host ? _("Waiting for friends. Start when every seat is taken.")
                    : _("Waiting for the host to start.");
    case NET_TABLE_PLAYING: return _("Playing");
    case NET_TABLE_RECONNECTING: return _("Connection lost; reconnecting\xe2\x80\xa6");
    case NET_TABLE_HOST_GONE: return _("The host left; waiting for it.");
    case NET_TABLE_OVER: return _("The match is over.");
    case NET_TABLE_FAILED: return _("Could not reach the table.");
    default: return "";
    }
}

const char *net_screens_variant_name(unsigned variant)
{
    return variant < VARIANT_COUNT ? _(variant_get((VariantId)variant)->name) : "?";
}

void net_screens_draw_field(App *app, const Ui *ui, int id, const TextField *f, bool active,
                            const char *placeholder)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    SDL_Renderer *r = app->renderer;
    int radius = app_px(app, 8);
    paint_round_rect(app->paint, r, w->rect, radius, paint_rgba(0, 0, 0, 90));
    paint_round_frame(app->paint, r, w->rect, radius, SDL_max(1, app_px(app, active ? 2 : 1)),
                      active ? UI_GOLD : paint_rgba(255, 255, 255, 60));
    if (ui->focus == id) {
        ui_draw_focus_ring(app, w->rect, radius);
    }
    int pad = app_px(app, 12);
    SDL_Rect box = {w->rect.x + pad, w->rect.y, w->rect.w - 2 * pad, w->rect.h};
    bool empty = f->len == 0;
    const char *shown = empty ? placeholder : f->text;
    TextStyle ink = app_text_style(app, 18, TEXT_REGULAR, empty ? UI_INK_FAINT : UI_INK);
    /* A text wider than the field (a pasted invite link) scrolls inside it:
     * the caret stays in sight while typing, the start shows otherwise, and
     * nothing is drawn past the field's edges. */
    char before[TEXT_FIELD_MAX_BYTES + 1];
    memcpy(before, f->text, (size_t)f->cursor);
    before[f->cursor] = '\0';
    int tw = 0, th = 0, cw = 0, ch = 0;
    text_measure(app->text, shown, ink.px, ink.weight, &tw, &th);
    text_measure(app->text, before, ink.px, ink.weight, &cw, &ch);
    if (empty) {
        cw = 0;
    }
    int scroll = active && cw > box.w ? cw - box.w : 0;
    SDL_Rect old_clip;
    bool clipped = SDL_RenderIsClipEnabled(r) == SDL_TRUE;
    SDL_RenderGetClipRect(r, &old_clip);
    SDL_Rect clip = {box.x - app_px(app, 2), w->rect.y, box.w + app_px(app, 4), w->rect.h};
    SDL_RenderSetClipRect(r, &clip);
    if (active && f->all && !empty) { /* Ctrl+A: the whole text selected */
        int sh = SDL_max(th, app_px(app, 22));
        paint_fill_rect(r,
                        (SDL_Rect){box.x - scroll - app_px(app, 2),
                                   w->rect.y + (w->rect.h - sh) / 2, tw + app_px(app, 4), sh},
                        paint_rgba(240, 200, 100, 110));
    }
    SDL_Rect drawn =
        text_draw(app->text, r, shown, &ink, box.x - scroll, box.y + (box.h - th) / 2, TEXT_LEFT);
    if (active) {
        int x = box.x + cw - scroll;
        int caret_h = SDL_max(drawn.h, app_px(app, 22));
        paint_fill_rect(r,
                        (SDL_Rect){SDL_min(x, box.x + box.w), w->rect.y + (w->rect.h - caret_h) / 2,
                                   SDL_max(1, app_px(app, 2)), caret_h},
                        UI_GOLD);
    }
    SDL_RenderSetClipRect(r, clipped ? &old_clip : NULL);
}

#define INVITE_LINES_MAX 6
#define INVITE_PAD 10 /* design units around the text in its box */
#define INVITE_TEXT 15

/* How many bytes of s, whole characters, fit in w pixels (at least one). */
static size_t invite_fit(App *app, const char *s, const TextStyle *ink, int w)
{
    size_t len = strlen(s), best = 0;
    char part[NET_ADDRESS_INVITE_MAX + 1];
    for (size_t n = 1; n <= len && n < sizeof part; n++) {
        if (((unsigned char)s[n] & 0xc0) == 0x80) {
            continue; /* not the end of a character */
        }
        memcpy(part, s, n);
        part[n] = '\0';
        int tw = 0, th = 0;
        text_measure(app->text, part, ink->px, ink->weight, &tw, &th);
        if (tw > w && best > 0) {
            break;
        }
        best = n;
    }
    return best;
}

int net_screens_draw_invite(App *app, const char *invite, int x, int y, int w)
{
    TextStyle ink = app_text_style(app, INVITE_TEXT, TEXT_BOLD, UI_GOLD_LIGHT);
    int pad = app_px(app, INVITE_PAD), line_h = app_px(app, INVITE_TEXT + 6);
    size_t cut[INVITE_LINES_MAX];
    int lines = 0;
    for (const char *s = invite; *s != '\0' && lines < INVITE_LINES_MAX; lines++) {
        cut[lines] = invite_fit(app, s, &ink, w - 2 * pad);
        s += cut[lines];
    }
    int h = lines * line_h + 2 * pad;
    SDL_Rect box = {x, y, w, h};
    paint_round_rect(app->paint, app->renderer, box, app_px(app, 8), paint_rgba(0, 0, 0, 90));
    const char *s = invite;
    for (int i = 0; i < lines; i++) {
        char part[NET_ADDRESS_INVITE_MAX + 1];
        size_t n = SDL_min(cut[i], sizeof part - 1);
        memcpy(part, s, n);
        part[n] = '\0';
        SDL_Rect row = {x + pad, y + pad + i * line_h, w - 2 * pad, line_h};
        text_draw_in(app->text, app->renderer, part, &ink, row, TEXT_LEFT);
        s += cut[i];
    }
    return h;
}

const char *net_screens_who_text(const NetSeat *seat, bool own)
{
    if (own) {
        return _("You");
    }
    return seat->kind == NET_SEAT_LOCAL ? _("The host") : net_screens_kind_text(seat->kind);
}

void net_screens_draw_frame(App *app, const char *title, const char *subtitle)
{
    ui_draw_background(app);
    ui_draw_heading(app, title, subtitle);
}

SDL_Rect net_screens_draw_main_panel(App *app)
{
    SDL_Rect panel = app_rect(app, 44, 124, 740, 612);
    ui_draw_panel(app, panel);
    return panel;
}

SDL_Rect net_screens_draw_side_panel(App *app)
{
    SDL_Rect panel = app_rect(app, 804, 124, 424, 612);
    ui_draw_panel(app, panel);
    return panel;
}

void net_screens_draw_footer(App *app, const Ui *ui, int back_id, const char *const *hints,
                             int npairs)
{
    ui_draw_button(app, ui, back_id, _("Back"));
    ui_draw_hints(app, hints, npairs);
}

void net_screens_name_field(const App *app, TextField *f)
{
    text_field_init(f, NET_NAME_MAX);
    text_field_limit_bytes(f, NET_NAME_MAX);
    char name[NET_NAME_MAX + 1];
    net_screens_player_name(app, name, sizeof name);
    text_field_set(f, name);
}

TextFieldResult net_screens_type(TextField *f, const SDL_Event *e, char *error)
{
    TextFieldResult r = text_field_handle(f, e);
    if (r == TEXT_FIELD_TAKEN && e->type != SDL_KEYUP) {
        error[0] = '\0';
    }
    return r;
}

static bool is_field(int id, const int *fields, int nfields)
{
    for (int i = 0; i < nfields; i++) {
        if (fields[i] == id) {
            return true;
        }
    }
    return false;
}

UiEvent net_screens_form_event(Ui *ui, const SDL_Event *e, const int *fields, int nfields,
                               int *active)
{
    UiEvent ev = ui_handle_event(ui, e);
    bool field = is_field(ev.id, fields, nfields);
    if (ev.kind == UI_FOCUS && e->type == SDL_KEYDOWN) {
        *active = field ? ev.id : 0;
    } else if (ev.kind == UI_ACTIVATE && field) {
        *active = ev.id;
    }
    return ev;
}
