/* scene_watch.c — a table watched as a spectator (app->net welcomed with
 * seat -1, net_table_watching): the players' table as every seat sees it,
 * drawn by the table's own drawing (table_board_*, scene_table.h) at the
 * table's sizes, seat 0 at the bottom, from an Observation made of the
 * spectator's own view alone (watch_view.h), so no card the view does not
 * carry is ever drawn: the pool in its places, the stock and piles as the
 * rules show them, each seat's hidden cards as backs, the plates with
 * names, roles, connection, clocks and scores, the move log; the moves'
 * events the spectator was sent move the cards as at the table. At a
 * table that shows hands a round late, each seat's hand of the last
 * finished round face up at its seat (Hands, or at a round's end). The top
 * bar says "Watching"; the prompt bar whose turn it is and who watches.
 * The chat (T, or Chat) reaches the other spectators only until the match
 * is over (then everyone at the table). There is no hand, no move, no hint
 * and no stand-in here: nothing acts on the game. Stop watching (or Esc)
 * closes the connection at once; a spectator holds no seat, so nothing is
 * asked.
 *
 * $CEKI_NET_LOCAL=1 with no table (screenshots): a table of app->setup's
 * game is hosted on 127.0.0.1 with a friend, computers and two
 * spectators, played to its second round by first legal moves;
 * $CEKI_WATCH_HANDS=1 shows its first round's hands, $CEKI_WATCH_CHAT=1
 * has the friend and this spectator say a line too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "card_names.h"
#include "net_screens.h"
#include "scene.h"
#include "scene_table.h"
#include "scenes.h"
#include "ui.h"
#include "watch_view.h"

enum { WATCH_CHAT = 1, WATCH_LEAVE, WATCH_LOG, WATCH_HANDS };

#define WATCH_EVENTS_TAKEN 256
#define WATCH_BEHIND_MOVES 8   /* shown one by one while the screen is at most this behind */
#define WATCH_BUTTON_MIN 96.0f /* a top bar button's least width, design units */
#define WATCH_BUTTON_PAD 30.0f /* ... and its room around its name */
#define WATCH_LATE_STEP 1.04f  /* a late hand's cards at most this many widths apart */
#define WATCH_LOCAL_MS 8000u   /* the screenshot's table: the longest it is played */
#define WATCH_LOCAL_POLLS 40000
#define WATCH_LOCAL_PAUSE_NS 200000L
#define WATCH_LOCAL_TABLES 4 /* the host, a friend, two spectators */

typedef struct WatchState {
    Ui ui;
    TableState *board;  /* the table as it is drawn (NULL until the first view) */
    bool viewed;        /* ... and its first view was shown */
    bool hands_open;    /* the last finished round's hands shown at the seats */
    int laid_w, laid_h; /* the window size the buttons were laid out for */
    uint32_t shown_move;
    long shown_hands;
    NetSeats shown_seats;
    NetTableState shown_state;
    NetTable *local[WATCH_LOCAL_TABLES - 1]; /* a screenshot's host and friend and spectator */
} WatchState;

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
    if (getenv("CEKI_WATCH_CHAT") != NULL) { /* a screenshot of a busier chat */
        net_table_say(all[1], _("Nice one! I did not see that capture coming."));
        net_table_say(all[3], _("Only a few turns are left in this round, I think."));
    }
    local_run(all, WATCH_LOCAL_TABLES, true, 2);
}

/* ---- the screen ------------------------------------------------------------ */

/* The top bar's buttons, right-aligned in the table's own place for them. */
static void layout(App *app, WatchState *s)
{
    int focus = s->ui.focus;
    ui_clear(&s->ui);
    if (s->board == NULL) {
        ui_add(&s->ui, WIDGET_PRIMARY, WATCH_LEAVE, app_rect(app, 1010, 700, 220, 54), false,
               _("Stop watching"));
        s->ui.focus = WATCH_LEAVE;
        return;
    }
    long told = 0;
    bool late = seat_feed_hands(net_table_feed(app->net), &told) != NULL;
    struct {
        int id;
        const char *name;
        bool show;
    } top[] = {
        {WATCH_HANDS, s->hands_open ? _("Hide hands") : _("Show hands"), late},
        {WATCH_CHAT, _("Chat"), true},
        {WATCH_LOG, _("Log"), true},
        {WATCH_LEAVE, _("Stop watching"), true},
    };
    enum { NTOP = sizeof top / sizeof top[0] };
    /* Each as wide as its name needs (the button's words, 19 bold), from
     * the bar's right end leftwards, into the top bar as far as 60 % of it. */
    float u = app->ui, w[NTOP], want = 0;
    TlRect bar = s->board->layout.top_bar, b = s->board->layout.buttons;
    float h = b.h - 6 * u, y = b.y + 3 * u, gap = 8 * u;
    TextStyle ts = app_text_style(app, 19, TEXT_BOLD, UI_INK);
    for (int i = 0; i < NTOP; i++) {
        int tw = 0, th = 0;
        text_measure(app->text, top[i].name, ts.px, ts.weight, &tw, &th);
        w[i] = top[i].show ? fmaxf(WATCH_BUTTON_MIN * u, (float)tw + WATCH_BUTTON_PAD * u) : 0;
        want += top[i].show ? w[i] + gap : 0;
    }
    float room = b.x + b.w - (bar.x + bar.w * 0.4f);
    float k = want > room ? room / want : 1.0f, x = b.x + b.w;
    s->laid_w = app->width;
    s->laid_h = app->height;
    for (int i = NTOP - 1; i >= 0; i--) {
        if (top[i].show) {
            x -= w[i] * k;
            ui_add(&s->ui, top[i].id == WATCH_LEAVE ? WIDGET_PRIMARY : WIDGET_BUTTON, top[i].id,
                   (SDL_Rect){(int)x, (int)y, (int)(w[i] * k), (int)h}, false, top[i].name);
            x -= gap * k;
        }
    }
    s->ui.focus = ui_find(&s->ui, focus) != NULL ? focus : -1;
}

/* The spectator's view as the table is drawn from it: only what the
 * WatchView holds. */
static bool read_view(App *app, WatchView *w)
{
    SeatFeed *f = net_table_feed(app->net);
    return watch_view_read(seat_feed_view(f), seat_feed_hands(f, NULL), w);
}

/* The table, once the host said which game it is: laid out for it, with
 * no cards until the first view comes. */
static void board_begin(App *app, WatchState *s)
{
    const NetTableRules *rules = net_table_rules(app->net);
    if (s->board != NULL || rules == NULL || rules->players < 1) {
        return;
    }
    const VariantDesc *v = variant_get((VariantId)rules->variant);
    s->board = table_board_create(app, v, rules->players, app->net);
    layout(app, s);
}

/* The first view: the cards put in place (the events of what it already
 * shows dropped). */
static void board_first_view(App *app, WatchState *s)
{
    WatchView w;
    if (s->board == NULL || s->viewed || !read_view(app, &w) || w.players != s->board->players) {
        return;
    }
    GameEvent drop[WATCH_EVENTS_TAKEN];
    SeatFeed *f = net_table_feed(app->net);
    for (int guard = 0; guard < 1 << 16 && seat_feed_take_events(f, drop, WATCH_EVENTS_TAKEN) > 0;
         guard++) {
    }
    Observation o;
    watch_view_observation(&w, s->board->v->id, &o);
    table_board_show(app, s->board, &o, false);
    s->board->view.mends = 0;
    s->viewed = true;
    s->shown_move = seat_feed_move_no(f);
    seat_feed_hands(f, &s->shown_hands);
    layout(app, s);
    app->dirty = true;
}

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
    s->hands_open = getenv("CEKI_WATCH_HANDS") != NULL; /* a screenshot of the late hands */
    board_begin(app, s);
    board_first_view(app, s);
    layout(app, s);
    return true;
}

static void watch_leave(App *app, void *state)
{
    WatchState *s = state;
    SDL_StopTextInput();
    table_board_destroy(s->board);
    s->board = NULL;
    net_table_destroy(app->net); /* a spectator holds no seat: nothing to keep */
    app->net = NULL;
    for (int k = 0; k < WATCH_LOCAL_TABLES - 1; k++) {
        net_table_destroy(s->local[k]);
        s->local[k] = NULL;
    }
}

/* A widget chosen: leave, the log, the chat line, the late hands. */
static SceneAction watch_button(App *app, WatchState *s, int id)
{
    switch (id) {
    case WATCH_LEAVE: return scene_pop();
    case WATCH_LOG: table_log_toggle(s->board); break;
    case WATCH_CHAT: table_net_chat_open(s->board); break;
    case WATCH_HANDS: s->hands_open = !s->hands_open; break;
    default: break;
    }
    layout(app, s);
    app->dirty = true;
    return scene_stay();
}

/* Keys of the table a spectator has: L the log, H the hands; the wheel
 * scrolls an open log. */
static bool watch_key(App *app, WatchState *s, const SDL_Event *e)
{
    if (e->type == SDL_MOUSEWHEEL && s->board->log_open) {
        table_log_wheel(app, s->board, e->wheel.y);
        app->dirty = true;
        return true;
    }
    if (e->type != SDL_KEYDOWN || (e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT))) {
        return false;
    }
    if (e->key.keysym.sym == SDLK_l) {
        watch_button(app, s, WATCH_LOG);
        return true;
    }
    if (e->key.keysym.sym == SDLK_h && ui_find(&s->ui, WATCH_HANDS) != NULL) {
        watch_button(app, s, WATCH_HANDS);
        return true;
    }
    return false;
}

static SceneAction watch_event(App *app, void *state, const SDL_Event *e)
{
    WatchState *s = state;
    if (s->board != NULL && table_net_event(app, s->board, e)) {
        return scene_stay(); /* the chat line's */
    }
    if (e->type == SDL_WINDOWEVENT) {
        layout(app, s);
        app->dirty = true;
        return scene_stay();
    }
    if (s->board != NULL && watch_key(app, s, e)) {
        return scene_stay();
    }
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_BACK) {
        return scene_pop();
    }
    if (ev.kind == UI_ACTIVATE) {
        return watch_button(app, s, ev.id);
    }
    if (ev.kind != UI_NONE) {
        app->dirty = true;
    }
    return scene_stay();
}

/* The moves' events as the spectator was sent them, to be shown; once they
 * are and nothing moves, the table is put in step with the view. */
static bool board_follow(App *app, WatchState *s, double dt)
{
    SeatFeed *f = net_table_feed(app->net);
    GameEvent ev[WATCH_EVENTS_TAKEN];
    for (int guard = 0; guard < 64; guard++) {
        int n = seat_feed_take_events(f, ev, WATCH_EVENTS_TAKEN);
        if (n <= 0) {
            break;
        }
        table_board_events(s->board, ev, n);
    }
    if (seat_feed_move_no(f) - s->shown_move > WATCH_BEHIND_MOVES) {
        /* Far behind the table (a brisk match, a slow machine): the moves
         * not yet shown are given up and the table shown as it is now. */
        table_board_drop_events(s->board);
    }
    bool moving = table_board_update(app, s->board, dt);
    long hands = 0;
    seat_feed_hands(f, &hands);
    bool changed =
        seat_feed_move_no(f) != s->shown_move || hands != s->shown_hands || !s->board->synced;
    WatchView w;
    if (!moving && s->board->evq_n == 0 && changed && read_view(app, &w)) {
        Observation o;
        watch_view_observation(&w, s->board->v->id, &o);
        table_board_show(app, s->board, &o, true);
        s->shown_move = seat_feed_move_no(f);
        s->shown_hands = hands;
        layout(app, s);
        app->dirty = true;
        moving = table_board_update(app, s->board, 0);
    }
    return moving;
}

static SceneAction watch_update(App *app, void *state, double dt)
{
    WatchState *s = state;
    if (app->net == NULL) {
        return scene_pop();
    }
    for (int k = 0; k < WATCH_LOCAL_TABLES - 1 && s->local[0] != NULL; k++) {
        net_table_poll(s->local[k], SDL_GetTicks());
    }
    app->ticking = true;
    bool moving = false;
    if (s->board == NULL || !s->viewed) {
        net_table_poll(app->net, SDL_GetTicks());
        board_begin(app, s);
        board_first_view(app, s);
        if (s->board != NULL) {
            table_board_update(app, s->board, dt); /* the chat and the seats meanwhile */
        }
    } else {
        moving = board_follow(app, s, dt);
    }
    if (s->board != NULL && (s->laid_w != app->width || s->laid_h != app->height)) {
        layout(app, s); /* the window changed size: the buttons follow the table's bar */
        app->dirty = true;
    }
    app->animating = app->animating || moving;
    NetTableState st = net_table_state(app->net);
    const NetSeats *seats = net_table_seats(app->net);
    if (st != s->shown_state || (seats != NULL && memcmp(seats, &s->shown_seats, sizeof *seats))) {
        s->shown_state = st;
        if (seats != NULL) {
            s->shown_seats = *seats;
        }
        layout(app, s);
        app->dirty = true;
    }
    if (moving) {
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

/* The round and whose turn, or that the round or match is over. */
static void status_text(const WatchView *w, const NetSeats *seats, char *line, size_t size)
{
    if (w->phase == PHASE_MATCH_OVER) {
        snprintf(line, size, "%s", _("The match is over."));
    } else if (w->phase == PHASE_ROUND_OVER) {
        snprintf(line, size, _("Round %d is over."), w->round);
    } else {
        snprintf(line, size, _("Round %d: %s to play"), w->round, seat_name(seats, w->to_move));
    }
}

/* "Watching" and the game in the table's top bar. */
static void draw_top_bar(App *app, const WatchState *s)
{
    SDL_Rect bar = table_rect(s->board->layout.top_bar);
    TextStyle gold = app_text_style(app, 22, TEXT_BOLD, UI_GOLD);
    SDL_Rect tr = text_draw_in(app->text, app->renderer, _("Watching"), &gold,
                               (SDL_Rect){bar.x + app_px(app, 6), bar.y, bar.w, bar.h}, TEXT_LEFT);
    const NetTableRules *rules = net_table_rules(app->net);
    char sub[160] = "";
    if (rules != NULL) {
        snprintf(sub, sizeof sub, P_("%s, %d player", "%s, %d players", rules->players),
                 net_screens_variant_name(rules->variant), rules->players);
    }
    int right = bar.x + bar.w;
    for (int i = 0; i < s->ui.count; i++) {
        right = SDL_min(right, s->ui.widgets[i].rect.x);
    }
    TextStyle small = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect box = {tr.x + tr.w + app_px(app, 16), bar.y, 0, bar.h};
    box.w = SDL_max(0, right - app_px(app, 12) - box.x);
    text_draw_in(app->text, app->renderer, sub, &small, box, TEXT_LEFT);
}

/* The prompt bar: whose turn it is and what a spectator sees (left); who
 * watches and whom the chat reaches (right). */
static void draw_prompt(App *app, const WatchState *s, const WatchView *w, bool hands)
{
    SDL_Rect p = table_rect(s->board->layout.prompt);
    if (p.w <= 0 || p.h <= 0) {
        return;
    }
    const NetSeats *seats = net_table_seats(app->net);
    char line[400], status[200], who[NET_WATCHERS_TEXT_MAX];
    const NetTableRules *rules = net_table_rules(app->net);
    bool late = rules != NULL && rules->watch == NET_WATCH_HANDS_LATE;
    if (w != NULL) {
        status_text(w, seats, status, sizeof status);
    } else {
        snprintf(status, sizeof status, "%s", _("Waiting for the table\xe2\x80\xa6"));
    }
    char note[120];
    if (hands) {
        snprintf(note, sizeof note, _("Each seat's hand as dealt in round %d"), w->late_round);
    }
    snprintf(line, sizeof line, "%s \xc2\xb7 %s", status,
             hands  ? note
             : late ? _("you see what every seat sees, and each round's hands once it is over")
                    : _("you see what every seat sees, never a hand"));
    net_screens_watchers_text(seats, who, sizeof who);
    bool over = net_table_state(app->net) == NET_TABLE_OVER;
    const char *reach = over ? _("Chat, to everyone at the table")
                             : _("Chat, to spectators only (the players read it after the match)");
    TextStyle ink = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    TextStyle faint = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
    int pad = app_px(app, 8), right = p.w * 2 / 5;
    SDL_Rect left = {p.x + pad, p.y, p.w - 3 * pad - right, p.h};
    const WordsFit fit = {1.0f, 0.92f, 11.0f};
    int h = table_words_fit(app, line, &ink, left, &fit);
    text_draw_wrapped(app->text, app->renderer, line, &ink,
                      (SDL_Rect){left.x, left.y + SDL_max(0, (left.h - h) / 2), left.w, left.h},
                      TEXT_LEFT, 1.0f);
    SDL_Rect r = {p.x + p.w - pad - right, p.y, right, p.h / 2};
    if (who[0] == '\0') {
        r.h = p.h; /* the chat's reach alone */
    } else {
        text_draw_in(app->text, app->renderer, who, &soft, r, TEXT_RIGHT);
        r.y += r.h;
    }
    text_draw_in(app->text, app->renderer, reach, &faint, r, TEXT_RIGHT);
}

/* A finished round's hands face up at each seat's place, as they were
 * dealt (the prompt bar says so). */
static void draw_late_hands(App *app, const WatchState *s, const WatchView *w)
{
    const TableState *b = s->board;
    DeckStyle style = variant_style(b->v, app_deck_style(app));
    for (int seat = 0; seat < w->players; seat++) {
        const TlSeat *z = &b->layout.seats[seat];
        TlRect area = tl_empty(z->hand) ? z->pile : z->hand;
        int n = w->late_count[seat];
        if (tl_empty(area) || n == 0) {
            continue;
        }
        SDL_Rect bg = table_rect(area);
        paint_round_rect(app->paint, app->renderer, bg, app_px(app, 10),
                         paint_rgba(4, 22, 14, 225));
        float h = fminf(seat == 0 ? z->card_h : b->layout.small_card_h, area.h * 0.8f);
        float aspect = (float)b->layout.spec.aspect;
        for (int i = 0; i < n; i++) {
            TlRect r = board_row(area, aspect, h, n, i, WATCH_LATE_STEP, 0);
            card_art_draw(app->cards, app->renderer, style, w->late_hand[seat][i], table_rect(r),
                          app_card_flags(app) | CARD_NO_SHADOW);
        }
    }
}

/* Whether the last finished round's hands are shown: asked for, or the
 * round they belong to just ended. */
static bool late_shown(const WatchState *s, const WatchView *w)
{
    bool over = w->phase == PHASE_ROUND_OVER || w->phase == PHASE_MATCH_OVER;
    return w->late && (s->hands_open || (over && w->late_round == w->round));
}

static void draw_problem(App *app)
{
    NetTableState st = net_table_state(app->net);
    if (st != NET_TABLE_FAILED) {
        return; /* reconnecting and the host gone: the table's banner says it */
    }
    SDL_Rect box = app_rect(app, 340, 66, 600, 44);
    ui_draw_solid_panel(app, box);
    TextStyle warn = app_text_style(app, 15, TEXT_BOLD, UI_WARN);
    text_draw_in(app->text, app->renderer, net_table_error(app->net), &warn, box, TEXT_CENTER);
}

static void watch_draw(App *app, void *state, SDL_Renderer *r)
{
    WatchState *s = state;
    (void)r;
    if (s->board == NULL) {
        ui_draw_background(app);
        TextStyle gold = app_text_style(app, 26, TEXT_BOLD, UI_GOLD);
        text_draw_in(app->text, app->renderer, _("Watching"), &gold,
                     app_rect(app, 0, 300, 1280, 40), TEXT_CENTER);
        TextStyle soft = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
        text_draw_in(app->text, app->renderer, _("Waiting for the table\xe2\x80\xa6"), &soft,
                     app_rect(app, 0, 350, 1280, 30), TEXT_CENTER);
        ui_draw_button(app, &s->ui, WATCH_LEAVE, _("Stop watching"));
        draw_problem(app);
        return;
    }
    WatchView w;
    bool viewed = s->viewed && read_view(app, &w);
    table_board_draw(app, s->board);
    bool hands = viewed && late_shown(s, &w);
    if (hands) {
        draw_late_hands(app, s, &w);
    }
    draw_top_bar(app, s);
    draw_prompt(app, s, viewed ? &w : NULL, hands);
    for (int i = 0; i < s->ui.count; i++) {
        ui_draw_button(app, &s->ui, s->ui.widgets[i].id, s->ui.widgets[i].name);
    }
    draw_problem(app);
}

static const Ui *watch_widgets(const void *state)
{
    return &((const WatchState *)state)->ui;
}

/* For tests driving the window: the table's state, the move shown, the
 * spectators, whether a finished round's hands are shown, the cards
 * drawn (the hidden ones, backs, and the faces), the move the table was
 * last put in step with, and what its plates show. */
static void watch_describe(App *app, void *state, char *buf, size_t size)
{
    WatchState *s = state;
    SeatFeed *f = net_table_feed(app->net);
    WatchView w;
    bool read = watch_view_read(seat_feed_view(f), seat_feed_hands(f, NULL), &w);
    const NetSeats *seats = net_table_seats(app->net);
    int backs = 0, faces = 0;
    for (int i = 0; s->board != NULL && i < TV_MAX_SPRITES; i++) {
        const Sprite *sp = &s->board->view.sprites[i];
        backs += sp->used && !sp->shown;
        faces += sp->used && sp->shown;
    }
    /* What the table shows (its plates are drawn from the board's
     * observation): the round, whether the match is over, each seat's
     * match total and the match's winners. */
    const Observation *o = s->board != NULL && s->viewed ? &s->board->obs : NULL;
    int n = snprintf(buf, size,
                     "net_state=%d watching=%d move=%u watchers=%d late=%d backs=%d faces=%d "
                     "shown_move=%u round=%d over=%d totals=",
                     (int)net_table_state(app->net), net_table_watching(app->net),
                     (unsigned)seat_feed_move_no(f), seats != NULL ? seats->nwatchers : 0,
                     read && w.late, backs, faces, (unsigned)s->shown_move,
                     o != NULL ? o->round : 0, o != NULL && o->phase == PHASE_MATCH_OVER);
    for (int i = 0; o != NULL && i < o->players && n >= 0 && (size_t)n < size; i++) {
        n += snprintf(buf + n, size - (size_t)n, "%s%d", i > 0 ? "," : "", o->match_score[i]);
    }
    for (int i = 0, k = 0; o != NULL && i < o->players && n >= 0 && (size_t)n < size; i++) {
        if (o->match_winner[i]) {
            n += snprintf(buf + n, size - (size_t)n, "%s%d", k++ > 0 ? "," : " winners=", i);
        }
    }
}

/* For tests: the watch screen's table on top of the stack (or NULL). */
TableState *watch_board_top(App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || top->cls != &scene_watch_class) {
        return NULL;
    }
    return ((WatchState *)top->state)->board;
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
