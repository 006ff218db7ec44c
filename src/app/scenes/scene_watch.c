/* scene_watch.c — a table watched as a spectator (app->net welcomed with
 * seat -1, net_table_watching): what every seat sees, drawn from the
 * spectator's own view alone (watch_view.h), so no card the view does not
 * carry is ever drawn: the cards on the table, each seat's name,
 * connection, cards in hand (a count), captures and score, whose turn it
 * is; at a table that shows hands a round late, each seat's hand of the
 * last finished round once the host sent it. Beside it: "Watching", who
 * else watches, and the chat, which reaches the other spectators only
 * until the match is over (then everyone at the table). There is no hand,
 * no move, no hint and no stand-in here: nothing acts on the game. Leave
 * (or Esc) closes the connection at once; a spectator holds no seat, so
 * nothing is asked.
 *
 * $CEKI_NET_LOCAL=1 with no table (screenshots): a table of app->setup's
 * game is hosted on 127.0.0.1 with a friend, computers and two
 * spectators, played to its second round by first legal moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "card_names.h"
#include "net_screens.h"
#include "scenes.h"
#include "ui.h"
#include "watch_view.h"

enum { WATCH_CHAT = 1, WATCH_LEAVE, WATCH_BACK = 100 };

#define WATCH_CHAT_SHOWN 6
#define WATCH_WATCHERS_SHOWN 5
#define WATCH_POOL_TOP 176.0f
#define WATCH_POOL_H 96.0f
#define WATCH_POOL_ROW 16 /* more cards than this: the pool in two rows */
#define WATCH_SEATS_TOP 318.0f
#define WATCH_SEATS_SPAN 404.0f
#define WATCH_SEAT_PITCH_MAX 76.0f
#define WATCH_ROOMY_PITCH 72.0f /* rows this tall say a seat's connection on its own line */
#define WATCH_LOCAL_MS 8000u    /* the screenshot's table: the longest it is played */
#define WATCH_LOCAL_POLLS 40000
#define WATCH_LOCAL_PAUSE_NS 200000L
#define WATCH_LOCAL_TABLES 4 /* the host, a friend, two spectators */

typedef struct WatchState {
    Ui ui;
    TextField chat;
    bool typing;
    char error[300];
    NetChat said[WATCH_CHAT_SHOWN]; /* the last lines, oldest first */
    int nsaid;
    uint32_t shown_move;
    long shown_hands;
    NetSeats shown_seats;
    NetTableState shown_state;
    NetTable *local[WATCH_LOCAL_TABLES - 1]; /* a screenshot's host and friend and spectator */
} WatchState;

static void layout(App *app, WatchState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, WATCH_BACK);
    ui_add(&s->ui, WIDGET_ITEM, WATCH_CHAT, app_rect(app, 832, 600, 368, 46),
           net_table_state(app->net) == NET_TABLE_FAILED, _("Chat"));
    ui_add(&s->ui, WIDGET_PRIMARY, WATCH_LEAVE, app_rect(app, 848, 668, 340, 54), false,
           _("Stop watching"));
    ui_fix_focus(&s->ui);
}

/* ---- a screenshot's table on 127.0.0.1 ------------------------------------ */

static uint32_t local_now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u);
}

static NetTable *local_join(const NetTable *host, const char *name, bool watch)
{
    NetAddress a;
    char invite[NET_ADDRESS_INVITE_MAX], err[200] = "";
    if (!net_table_invite(host, invite, sizeof invite) ||
        !net_address_parse(invite, &a, err, sizeof err)) {
        return NULL;
    }
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    return watch ? net_table_watch(&a, name, err, sizeof err)
                 : net_table_join(&a, NULL, name, err, sizeof err);
}

/* A person's first legal move, when it is theirs. */
static void local_play(NetTable *t)
{
    SeatFeed *f = net_table_feed(t);
    int n = 0;
    const Move *moves = seat_feed_moves(f, &n);
    if (f != NULL && n > 0 && !seat_feed_watching(f)) {
        seat_feed_send_move(f, &moves[0]);
    }
}

/* Polls all (the persons playing) until done says so or the time is up. */
static bool local_run(NetTable **t, int n, bool play, int want_round)
{
    uint32_t start = local_now_ms();
    struct timespec pause = {0, WATCH_LOCAL_PAUSE_NS};
    for (int i = 0; i < WATCH_LOCAL_POLLS && local_now_ms() - start < WATCH_LOCAL_MS; i++) {
        for (int k = 0; k < n; k++) {
            net_table_poll(t[k], local_now_ms());
            if (play && net_table_state(t[k]) == NET_TABLE_PLAYING) {
                local_play(t[k]);
            }
        }
        const SeatFeed *w = net_table_feed(t[n - 1]);
        const Observation *o = seat_feed_view(w);
        bool started = o != NULL && net_table_state(t[n - 1]) == NET_TABLE_PLAYING;
        if (want_round == 0 ? net_table_state(t[1]) == NET_TABLE_WAITING &&
                                  net_table_state(t[n - 1]) == NET_TABLE_WAITING
                            : started && o->round >= want_round && seat_feed_hands(w, NULL)) {
            return true;
        }
        nanosleep(&pause, NULL);
    }
    return false;
}

/* The host (a friend at seat 2, computers after), its friend, a spectator
 * who chats, and app->net watching; played into its second round. */
static void local_table(App *app, WatchState *s)
{
    GameSetup g = app->setup;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        g.human[i] = i == 0;
        g.remote[i] = i == 1;
        g.level[i] = AI_GREEDY;
    }
    NetHostOptions opt;
    memset(&opt, 0, sizeof opt);
    net_screens_rules(&g, &opt.rules);
    opt.rules.watch = NET_WATCH_HANDS_LATE;
    opt.any_port = true;
    opt.bind = "127.0.0.1";
    opt.has_seed = opt.open = true;
    opt.seed = 1;
    snprintf(opt.name, sizeof opt.name, "Ratna");
    char err[200] = "", name[NET_NAME_MAX + 1];
    NetTable *all[WATCH_LOCAL_TABLES] = {net_table_host(&opt, err, sizeof err)};
    if (all[0] == NULL) {
        return;
    }
    net_screens_player_name(app, name, sizeof name);
    all[1] = local_join(all[0], "Budi", false);
    all[2] = local_join(all[0], "Tono", true);
    all[3] = local_join(all[0], name, true);
    for (int k = 0; k < WATCH_LOCAL_TABLES - 1; k++) {
        s->local[k] = all[k];
    }
    app->net = all[3];
    if (all[1] == NULL || all[2] == NULL || all[3] == NULL ||
        !local_run(all, WATCH_LOCAL_TABLES, false, 0) || !net_table_start(all[0]) ||
        !net_table_say(all[2], _("Watch the pool: two of a kind are left."))) {
        return;
    }
    local_run(all, WATCH_LOCAL_TABLES, true, 2);
}

/* ---- the screen ------------------------------------------------------------ */

static bool watch_enter(App *app, void *state)
{
    WatchState *s = state;
    const char *local = getenv("CEKI_NET_LOCAL");
    if (app->net == NULL && local != NULL && strcmp(local, "1") == 0) {
        local_table(app, s);
    }
    if (app->net == NULL) {
        for (int k = 0; k < WATCH_LOCAL_TABLES - 1; k++) {
            net_table_destroy(s->local[k]); /* a screenshot's table that did not come up */
            s->local[k] = NULL;
        }
        return false;
    }
    ui_init(&s->ui);
    text_field_init(&s->chat, NET_CHAT_MAX);
    layout(app, s);
    ui_focus(&s->ui, WATCH_LEAVE);
    SDL_StartTextInput();
    return true;
}

static void watch_leave(App *app, void *state)
{
    WatchState *s = state;
    SDL_StopTextInput();
    net_table_destroy(app->net); /* a spectator holds no seat: nothing to keep */
    app->net = NULL;
    for (int k = 0; k < WATCH_LOCAL_TABLES - 1; k++) {
        net_table_destroy(s->local[k]);
        s->local[k] = NULL;
    }
}

static void say_line(App *app, WatchState *s)
{
    if (s->chat.len == 0) {
        return;
    }
    if (!net_table_say(app->net, s->chat.text)) {
        snprintf(s->error, sizeof s->error, "%s", _("That line could not be sent."));
        return;
    }
    text_field_set(&s->chat, "");
}

static SceneAction watch_event(App *app, void *state, const SDL_Event *e)
{
    WatchState *s = state;
    layout(app, s);
    if (s->typing) {
        TextFieldResult r = net_screens_type(&s->chat, e, s->error);
        if (r == TEXT_FIELD_SUBMIT) {
            say_line(app, s);
        } else if (r == TEXT_FIELD_CANCEL) {
            s->typing = false;
        }
        if (r != TEXT_FIELD_IGNORED) {
            app->dirty = true;
            return scene_stay();
        }
    }
    static const int fields[] = {WATCH_CHAT};
    int active = s->typing ? WATCH_CHAT : 0;
    UiEvent ev = net_screens_form_event(&s->ui, e, fields, 1, &active);
    s->typing = active == WATCH_CHAT;
    if (ev.kind == UI_BACK ||
        (ev.kind == UI_ACTIVATE && (ev.id == WATCH_BACK || ev.id == WATCH_LEAVE))) {
        return scene_pop();
    }
    app->dirty = true;
    return scene_stay();
}

/* The chat lines that came, the last few kept. */
static void take_chat(App *app, WatchState *s)
{
    NetChat in[WATCH_CHAT_SHOWN];
    int n = net_table_take_chat(app->net, in, WATCH_CHAT_SHOWN);
    for (int i = 0; i < n; i++) {
        if (s->nsaid == WATCH_CHAT_SHOWN) {
            memmove(s->said, s->said + 1, sizeof s->said[0] * (WATCH_CHAT_SHOWN - 1));
            s->nsaid--;
        }
        s->said[s->nsaid++] = in[i];
    }
    app->dirty = app->dirty || n > 0;
}

static SceneAction watch_update(App *app, void *state, double dt)
{
    WatchState *s = state;
    (void)dt;
    if (app->net == NULL) {
        return scene_pop();
    }
    net_table_poll(app->net, SDL_GetTicks());
    for (int k = 0; k < WATCH_LOCAL_TABLES - 1 && s->local[0] != NULL; k++) {
        net_table_poll(s->local[k], SDL_GetTicks());
    }
    app->ticking = true;
    take_chat(app, s);
    SeatFeed *f = net_table_feed(app->net);
    long hands = 0;
    seat_feed_hands(f, &hands);
    NetTableState st = net_table_state(app->net);
    const NetSeats *seats = net_table_seats(app->net);
    if (seat_feed_move_no(f) != s->shown_move || hands != s->shown_hands || st != s->shown_state ||
        (seats != NULL && memcmp(seats, &s->shown_seats, sizeof *seats))) {
        s->shown_move = seat_feed_move_no(f);
        s->shown_hands = hands;
        s->shown_state = st;
        if (seats != NULL) {
            s->shown_seats = *seats;
        }
        layout(app, s);
        app->dirty = true;
    }
    return scene_stay();
}

/* ---- drawing ----------------------------------------------------------------- */

static const char *seat_name(const NetSeats *seats, int i)
{
    if (seats == NULL || i < 0 || i >= seats->players) {
        return "?";
    }
    const NetSeat *seat = &seats->seat[i];
    return seat->name[0] != '\0' ? seat->name : net_screens_kind_text((NetSeatKind)seat->kind);
}

/* n cards in a row in the box (design units), overlapped as they need. */
static void draw_cards(App *app, const Card *cards, int n, float x, float y, float w, float h)
{
    DeckStyle style = app_deck_style(app);
    TlRect area = {x, y, w, h};
    for (int i = 0; i < n; i++) {
        TlRect c = board_row(area, card_art_aspect(style, cards[i]), h, n, i, 1.04f,
                             BOARD_LEFT | BOARD_TOP);
        card_art_draw(app->cards, app->renderer, style, cards[i], app_rect(app, c.x, c.y, c.w, c.h),
                      app_card_flags(app) | CARD_NO_SHADOW);
    }
}

/* The round and whose turn, or that the round or match is over. */
static void draw_status(App *app, const WatchView *w, const NetSeats *seats)
{
    char line[200];
    if (w->phase == PHASE_MATCH_OVER) {
        snprintf(line, sizeof line, "%s", _("The match is over."));
    } else if (w->phase == PHASE_ROUND_OVER) {
        snprintf(line, sizeof line, _("Round %d is over."), w->round);
    } else {
        snprintf(line, sizeof line, _("Round %d: %s to play"), w->round,
                 seat_name(seats, w->to_move));
    }
    TextStyle ink = app_text_style(app, 19, TEXT_BOLD, UI_INK);
    SDL_Rect at = app_rect(app, 68, 138, 692, 28);
    text_draw_in(app->text, app->renderer, line, &ink, at, TEXT_LEFT);
}

static int cmp_cards(const void *a, const void *b)
{
    return (int)*(const Card *)a - (int)*(const Card *)b;
}

/* The single cards on show beside the pool, each with what it is. */
static void draw_singles(App *app, const WatchView *w, float x, float width)
{
    const Card one[] = {w->turned, w->shown_draw, w->discard_top, w->stock_last};
    const char *what[] = {N_("Turned"), N_("Drawn"), N_("Discard"), N_("Last card")};
    int n = 0;
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        n += one[i] != CARD_NONE;
    }
    float slot = n > 0 ? width / (float)n : width;
    TextStyle faint = app_text_style(app, 12, TEXT_REGULAR, UI_INK_FAINT);
    for (size_t i = 0, k = 0; i < sizeof one / sizeof one[0]; i++) {
        if (one[i] == CARD_NONE) {
            continue;
        }
        float sx = x + (float)k++ * slot;
        draw_cards(app, &one[i], 1, sx + slot / 2 - 24, WATCH_POOL_TOP, 48, WATCH_POOL_H - 10);
        text_draw_in(app->text, app->renderer, _(what[i]), &faint,
                     app_rect(app, sx, WATCH_POOL_TOP + WATCH_POOL_H - 8, slot, 20), TEXT_CENTER);
    }
}

/* The cards everyone sees in the middle, and the stock's count. */
static void draw_middle(App *app, const WatchView *w)
{
    TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    bool singles = w->turned != CARD_NONE || w->shown_draw != CARD_NONE ||
                   w->discard_top != CARD_NONE || w->stock_last != CARD_NONE;
    float pool_w = singles ? 500.0f : 692.0f;
    Card pool[OBS_MAX_POOL];
    memcpy(pool, w->pool, (size_t)w->npool * sizeof pool[0]);
    qsort(pool, (size_t)w->npool, sizeof pool[0], cmp_cards); /* alike together */
    int rows = w->npool > WATCH_POOL_ROW ? 2 : 1, per = (w->npool + rows - 1) / rows;
    float row_h = (WATCH_POOL_H - (float)(rows - 1) * 4.0f) / (float)rows;
    for (int k = 0; k < rows; k++) {
        int from = k * per, n = SDL_min(per, w->npool - from);
        draw_cards(app, pool + from, n, 68, WATCH_POOL_TOP + (float)k * (row_h + 4.0f), pool_w,
                   row_h);
    }
    if (singles) {
        draw_singles(app, w, 68 + pool_w + 16, 692 - pool_w - 16);
    }
    char line[120];
    snprintf(line, sizeof line, P_("%d card in the stock", "%d cards in the stock", w->stock_count),
             w->stock_count);
    SDL_Rect at = app_rect(app, 68, WATCH_POOL_TOP + WATCH_POOL_H + 8, 230, 24);
    text_draw_in(app->text, app->renderer, line, &soft, at, TEXT_LEFT);
}

/* What a seat's row shows at its right: a finished round's hand, else its
 * pile face up, else its declared pair. */
static void draw_seat_cards(App *app, const WatchView *w, int i, float y, float h)
{
    const float x = 440, width = 320;
    if (w->late) {
        draw_cards(app, w->late_hand[i], w->late_count[i], x, y, width, h);
    } else if (w->pile_shown[i]) {
        draw_cards(app, w->pile[i], w->pile_count[i], x, y, width, h);
    } else if (w->exposed[i] != CARD_NONE) {
        draw_cards(app, &w->exposed[i], 1, x, y, width, h);
    }
}

static void draw_seat(App *app, const WatchView *w, const NetSeats *seats, int i, float pitch)
{
    SDL_Renderer *r = app->renderer;
    float y = WATCH_SEATS_TOP + (float)i * pitch;
    SDL_Rect row = app_rect(app, 60, y, 708, pitch - 6);
    bool turn = i == w->to_move;
    paint_round_rect(app->paint, r, row, app_px(app, 10),
                     turn ? paint_rgba(240, 200, 100, 40) : paint_rgba(255, 255, 255, 14));
    bool roomy = pitch >= WATCH_ROOMY_PITCH; /* the connection on a line of its own */
    TextStyle ink = app_text_style(app, 18, TEXT_BOLD, turn ? UI_GOLD_LIGHT : UI_INK);
    text_draw_in(app->text, r, seat_name(seats, i), &ink,
                 app_rect(app, 76, y + 4, roomy ? 350 : 220, 26), TEXT_LEFT);
    char line[200], state[120] = "";
    if (seats != NULL && i < seats->players) {
        net_screens_seat_text(&seats->seat[i], state, sizeof state);
    }
    snprintf(line, sizeof line, P_("%d in hand", "%d in hand", w->hand_count[i]), w->hand_count[i]);
    size_t n = strlen(line);
    snprintf(line + n, sizeof line - n, " \xc2\xb7 ");
    n = strlen(line);
    snprintf(line + n, sizeof line - n, P_("%d captured", "%d captured", w->pile_count[i]),
             w->pile_count[i]);
    n = strlen(line);
    snprintf(line + n, sizeof line - n, " \xc2\xb7 ");
    n = strlen(line);
    snprintf(line + n, sizeof line - n, _("score %d"), w->match_score[i]);
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    text_draw_in(app->text, r, line, &soft, app_rect(app, 76, y + 30, 356, 20), TEXT_LEFT);
    TextStyle faint = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
    SDL_Rect state_at =
        roomy ? app_rect(app, 76, y + 50, 356, 18) : app_rect(app, 300, y + 8, 130, 18);
    text_draw_in(app->text, r, state, &faint, state_at, roomy ? TEXT_LEFT : TEXT_RIGHT);
    draw_seat_cards(app, w, i, y + 4, pitch - 14);
}

static void draw_table(App *app)
{
    net_screens_draw_main_panel(app);
    SeatFeed *f = net_table_feed(app->net);
    long told = 0;
    WatchView w;
    if (!watch_view_read(seat_feed_view(f), seat_feed_hands(f, &told), &w)) {
        return;
    }
    const NetSeats *seats = net_table_seats(app->net);
    draw_status(app, &w, seats);
    draw_middle(app, &w);
    float pitch = SDL_min(WATCH_SEAT_PITCH_MAX, WATCH_SEATS_SPAN / (float)w.players);
    if (w.late) {
        char line[120];
        snprintf(line, sizeof line, _("Beside each seat: its hand as dealt in round %d"),
                 w.late_round);
        TextStyle faint = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
        text_draw_in(app->text, app->renderer, line, &faint,
                     app_rect(app, 300, WATCH_SEATS_TOP - 22, 460, 20), TEXT_RIGHT);
    }
    for (int i = 0; i < w.players; i++) {
        draw_seat(app, &w, seats, i, pitch);
    }
}

/* "Watching", what a spectator sees, and who else watches; the y below. */
static int draw_watching(App *app, int x, int y, int w)
{
    SDL_Renderer *r = app->renderer;
    TextStyle gold = app_text_style(app, 26, TEXT_BOLD, UI_GOLD);
    y += text_draw_wrapped(app->text, r, _("Watching"), &gold, (SDL_Rect){x, y, w, 0}, TEXT_LEFT,
                           1.0f);
    const NetTableRules *rules = net_table_rules(app->net);
    bool late = rules != NULL && rules->watch == NET_WATCH_HANDS_LATE;
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    const char *says = late ? _("You see what every seat sees, and each round's hands once it "
                                "is over. You hold no seat.")
                            : _("You see what every seat sees, never a hand. You hold no seat.");
    y += app_px(app, 4);
    y += text_draw_wrapped(app->text, r, says, &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.0f);
    const NetSeats *seats = net_table_seats(app->net);
    int nw = seats != NULL ? seats->nwatchers : 0;
    char list[WATCH_WATCHERS_SHOWN * (NET_NAME_MAX + 2) + 64];
    int at = snprintf(list, sizeof list, P_("%d spectator: ", "%d spectators: ", nw), nw);
    for (int i = 0; i < nw && i < WATCH_WATCHERS_SHOWN && at > 0 && (size_t)at < sizeof list; i++) {
        at += snprintf(list + at, sizeof list - (size_t)at, "%s%s", i > 0 ? ", " : "",
                       seats->watcher[i]);
    }
    if (nw > WATCH_WATCHERS_SHOWN && at > 0 && (size_t)at < sizeof list) {
        snprintf(list + at, sizeof list - (size_t)at, ", \xe2\x80\xa6");
    }
    y += app_px(app, 10);
    TextStyle ink = app_text_style(app, 15, TEXT_BOLD, UI_INK);
    y += text_draw_wrapped(app->text, r, list, &ink, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.0f);
    return y + app_px(app, 12);
}

/* The chat: to whom it goes, its last lines, the field. */
static void draw_chat(App *app, const WatchState *s, int x, int y, int w)
{
    SDL_Renderer *r = app->renderer;
    bool over = net_table_state(app->net) == NET_TABLE_OVER;
    TextStyle head = app_text_style(app, 16, TEXT_BOLD, UI_INK);
    y += text_draw_wrapped(app->text, r,
                           over ? _("Chat, to everyone at the table")
                                : _("Chat, to spectators only (the players read it after the "
                                    "match)"),
                           &head, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.0f);
    y += app_px(app, 6);
    int bottom = app_rect(app, 0, 592, 0, 0).y;
    TextStyle body = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
    int first = s->nsaid > 3 ? s->nsaid - 3 : 0;
    for (int i = first; i < s->nsaid && y < bottom; i++) {
        char line[sizeof s->said[i].text + NET_NAME_MAX + 8];
        snprintf(line, sizeof line, "%s: %s", s->said[i].name, s->said[i].text);
        y += text_draw_wrapped(app->text, r, line, &body, (SDL_Rect){x, y, w, 0}, TEXT_LEFT, 1.0f);
    }
    net_screens_draw_field(app, &s->ui, WATCH_CHAT, &s->chat, s->typing,
                           over ? _("Say something to everyone")
                                : _("Say something to spectators"));
}

static void draw_side(App *app, const WatchState *s)
{
    SDL_Rect panel = net_screens_draw_side_panel(app);
    int x = panel.x + app_px(app, 28), w = panel.w - app_px(app, 56);
    int y = draw_watching(app, x, panel.y + app_px(app, 18), w);
    NetTableState st = net_table_state(app->net);
    const char *err = s->error[0] != '\0' ? s->error : net_table_error(app->net);
    if (st == NET_TABLE_RECONNECTING || st == NET_TABLE_HOST_GONE || st == NET_TABLE_FAILED ||
        s->error[0] != '\0') {
        TextStyle warn = app_text_style(app, 15, TEXT_BOLD, UI_WARN);
        y += text_draw_wrapped(app->text, app->renderer, err, &warn, (SDL_Rect){x, y, w, 0},
                               TEXT_LEFT, 1.0f);
        y += app_px(app, 8);
    }
    draw_chat(app, s, x, y, w);
    ui_draw_button(app, &s->ui, WATCH_LEAVE, _("Stop watching"));
}

static void watch_draw(App *app, void *state, SDL_Renderer *r)
{
    WatchState *s = state;
    (void)r;
    layout(app, s);
    const NetTableRules *rules = net_table_rules(app->net);
    char sub[160] = "";
    if (rules != NULL) {
        snprintf(sub, sizeof sub, P_("%s, %d player", "%s, %d players", rules->players),
                 net_screens_variant_name(rules->variant), rules->players);
    }
    net_screens_draw_frame(app, _("Watching"), sub);
    draw_table(app);
    draw_side(app, s);
    static const char *const hints[] = {"Tab",        N_("Chat"), "Enter",
                                        N_("Select"), "Esc",      N_("Stop watching")};
    net_screens_draw_footer(app, &s->ui, WATCH_BACK, hints, 3);
}

static const Ui *watch_widgets(const void *state)
{
    return &((const WatchState *)state)->ui;
}

/* For tests driving the window: the table's state, the move shown, the
 * spectators and whether a finished round's hands are shown. */
static void watch_describe(App *app, void *state, char *buf, size_t size)
{
    (void)state;
    SeatFeed *f = net_table_feed(app->net);
    WatchView w;
    bool read = watch_view_read(seat_feed_view(f), seat_feed_hands(f, NULL), &w);
    const NetSeats *seats = net_table_seats(app->net);
    snprintf(buf, size, "net_state=%d watching=%d move=%u watchers=%d late=%d",
             (int)net_table_state(app->net), net_table_watching(app->net),
             (unsigned)seat_feed_move_no(f), seats != NULL ? seats->nwatchers : 0, read && w.late);
}

const SceneClass scene_watch_class = {
    .name = "watch",
    .state_size = sizeof(WatchState),
    .enter = watch_enter,
    .leave = watch_leave,
    .handle_event = watch_event,
    .update = watch_update,
    .draw = watch_draw,
    .widgets = watch_widgets,
    .describe = watch_describe,
};
