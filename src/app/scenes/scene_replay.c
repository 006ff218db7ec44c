/* scene_replay.c — finished games, replayed from their records.
 *
 * Two views in one screen. The list shows the games the store keeps
 * (store.h; newest first, a damaged record listed as such). The replay view rebuilds the
 * game move by move from its record and shows the table plainly: the pool
 * (Kowah: the discard pile), every seat's hand face up, the captured piles,
 * the scores, and the move list with the current move marked. Step with
 * the arrows, Home / End, or play it at a steady pace with Space.
 *
 * App.replay_path, when set, names a record to open at once (the list is
 * skipped; Esc leaves the screen). Positions are rebuilt from checkpoints
 * kept every CHECK_EVERY moves, so stepping back is cheap. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "card_names.h"
#include "journal.h"
#include "paths.h"
#include "scenes.h"
#include "session.h"
#include "ui.h"

#include <time.h>

enum {
    REPLAY_BACK = 1,
    REPLAY_FIRST,
    REPLAY_PREV,
    REPLAY_PLAY,
    REPLAY_NEXT,
    REPLAY_LAST,
    REPLAY_EXPORT,
    REPLAY_KEEP,
    REPLAY_ITEM = 100 /* + index in the list */
};

#define LIST_MAX STORE_REPLAYS_DEFAULT
#define LIST_ROWS 9
#define CHECK_EVERY 32
#define STEP_SECONDS 0.55

typedef struct ReplayEntry {
    int64_t id; /* in the store */
    bool damaged;
    char title[96];
    char detail[120];
} ReplayEntry;

typedef struct ReplayState {
    Ui ui;
    bool viewing;
    bool from_list;
    ReplayEntry *entries; /* LIST_MAX of them */
    int nentries;
    int first_row;
    char message[300]; /* the list is empty, or a record could not be read */
    int detail_of;     /* the entry the side panel describes, or -1 */
    char detail_names[CEKI_MAX_SEATS][40];
    int detail_scores[CEKI_MAX_SEATS];
    bool detail_won[CEKI_MAX_SEATS];
    int detail_players;
    char detail_line[120];

    Session *rec; /* the whole game, for its record and seat names */
    Move *moves;
    int nmoves;
    int at; /* moves applied in the position shown */
    Game *cur;
    Game **checks; /* checks[i]: the game after i * CHECK_EVERY moves */
    int nchecks;
    bool playing;
    double clock;
    Observation *obs[CEKI_MAX_SEATS];
    char title[120];
} ReplayState;

/* ---- the list ------------------------------------------------------------ */

static void describe(ReplayEntry *e, const StoreReplay *r)
{
    e->id = r->id;
    e->damaged = r->damaged;
    char date[32] = "";
    time_t when = (time_t)r->finished;
    struct tm tm;
    if (localtime_r(&when, &tm) != NULL) {
        strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
    }
    const VariantDesc *v = variant_find(r->variant);
    if (r->damaged || v == NULL) {
        snprintf(e->title, sizeof e->title, "%s", _("A damaged record"));
        snprintf(e->detail, sizeof e->detail, "%s", date);
        return;
    }
    snprintf(e->title, sizeof e->title, "%s", _(v->name));
    snprintf(e->detail, sizeof e->detail, _("%s  \xc2\xb7  %d players  \xc2\xb7  %d moves"), date,
             r->players, r->moves);
}

/* The newest kept games, from the store's index (nothing else is read). */
static void read_list(App *app, ReplayState *s)
{
    s->nentries = 0;
    StoreReplay *rows = malloc(LIST_MAX * sizeof *rows);
    int n = rows != NULL ? store_replays(app->store, rows, LIST_MAX, 0) : 0;
    for (int i = 0; i < n; i++) {
        describe(&s->entries[s->nentries++], &rows[i]);
    }
    free(rows);
    if (s->nentries == 0) {
        snprintf(s->message, sizeof s->message,
                 _("No finished games yet. Every match you finish is kept here to watch again."));
    }
}

/* The final standings of entry k, for the side panel. */
static void describe_result(App *app, ReplayState *s, int k)
{
    s->detail_of = k;
    s->detail_players = 0;
    s->detail_line[0] = '\0';
    char err[200];
    Session *rec = journal_replay(app->store, s->entries[k].id, err, sizeof err);
    if (rec == NULL) {
        snprintf(s->detail_line, sizeof s->detail_line, _("This record could not be read."));
        return;
    }
    const Game *g = session_game(rec);
    Observation *o = malloc(sizeof *o);
    if (o != NULL && game_observe(g, 0, o) == CEKI_OK) {
        s->detail_players = game_players(g);
        for (int seat = 0; seat < s->detail_players; seat++) {
            session_seat_name(rec, seat, s->detail_names[seat], sizeof s->detail_names[0]);
            s->detail_scores[seat] = o->match_score[seat];
            s->detail_won[seat] = o->match_winner[seat];
        }
        const VariantDesc *v = game_variant(g);
        int n = game_round_number(g);
        const char *format =
            v->engine == ENGINE_KOWAH
                ? (game_match_over(g)
                       ? P_("Final standings after %d hand", "Final standings after %d hands", n)
                       : P_("Standings after %d hand", "Standings after %d hands", n))
                : (game_match_over(g)
                       ? P_("Final standings after %d round", "Final standings after %d rounds", n)
                       : P_("Standings after %d round", "Standings after %d rounds", n));
        snprintf(s->detail_line, sizeof s->detail_line, format, n);
    }
    free(o);
    session_destroy(rec);
}

/* ---- the replay ------------------------------------------------------------ */

static void close_replay(ReplayState *s)
{
    for (int i = 0; i < s->nchecks; i++) {
        game_destroy(s->checks[i]);
    }
    free(s->checks);
    s->checks = NULL;
    s->nchecks = 0;
    game_destroy(s->cur);
    s->cur = NULL;
    free(s->moves);
    s->moves = NULL;
    s->nmoves = 0;
    session_destroy(s->rec);
    s->rec = NULL;
    s->viewing = false;
    s->playing = false;
}

static void observe_all(ReplayState *s)
{
    for (int seat = 0; seat < game_players(s->cur); seat++) {
        game_observe(s->cur, seat, s->obs[seat]);
    }
}

/* Shows the position after `at` moves. */
static void seek(ReplayState *s, int at)
{
    at = SDL_clamp(at, 0, s->nmoves);
    if (at != s->at + 1 || s->cur == NULL) {
        /* From the nearest checkpoint, making checkpoints on the way. */
        int c = SDL_min(at / CHECK_EVERY, s->nchecks - 1);
        Game *g = game_clone(s->checks[c], false);
        if (g == NULL) {
            return;
        }
        game_set_events_enabled(g, false);
        for (int i = c * CHECK_EVERY; i < at; i++) {
            if (game_apply(g, &s->moves[i]) != CEKI_OK) {
                break;
            }
            if ((i + 1) % CHECK_EVERY == 0 && (i + 1) / CHECK_EVERY == s->nchecks) {
                Game **grown = realloc(s->checks, (size_t)(s->nchecks + 1) * sizeof *grown);
                Game *copy = grown != NULL ? game_clone(g, false) : NULL;
                if (grown != NULL) {
                    s->checks = grown;
                }
                if (copy != NULL) {
                    s->checks[s->nchecks++] = copy;
                }
            }
        }
        game_destroy(s->cur);
        s->cur = g;
    } else if (game_apply(s->cur, &s->moves[at - 1]) != CEKI_OK) {
        return;
    }
    s->at = at;
    observe_all(s);
}

/* Opens a record file (path) or a kept game (path NULL: the store's id). */
static bool open_replay(App *app, ReplayState *s, const char *path, int64_t id)
{
    char err[300];
    close_replay(s);
    s->rec = path != NULL ? session_load_record(path, err, sizeof err)
                          : journal_replay(app->store, id, err, sizeof err);
    if (s->rec == NULL) {
        snprintf(s->message, sizeof s->message, _("That game could not be read: %.240s."), err);
        return false;
    }
    const Game *g = session_game(s->rec);
    int n = 0;
    const Move *h = game_history(g, &n);
    s->moves = malloc((size_t)(n > 0 ? n : 1) * sizeof *s->moves);
    s->checks = malloc(sizeof *s->checks);
    Game *start = s->checks != NULL ? game_create(game_config(g), NULL) : NULL;
    if (s->moves == NULL || start == NULL) {
        game_destroy(start);
        close_replay(s);
        snprintf(s->message, sizeof s->message, _("Out of memory."));
        return false;
    }
    memcpy(s->moves, h, (size_t)n * sizeof *s->moves);
    s->nmoves = n;
    s->checks[0] = start;
    s->nchecks = 1;
    s->viewing = true;
    s->at = 0;
    snprintf(s->title, sizeof s->title, _("Replay \xc2\xb7 %s"), _(game_variant(g)->name));
    seek(s, 0);
    return true;
}

/* ---- widgets --------------------------------------------------------------- */

#define VIEW_X 40.0f
#define VIEW_Y 124.0f
#define VIEW_W 842.0f
#define VIEW_H 612.0f
#define SIDE_X 900.0f
#define SIDE_W 340.0f

/* How many finished games are kept (Settings.replays_kept; 0: all). */
static const int keep_counts[] = {100, 1000, 10000, 0};
static const char *const keep_names[] = {N_("The last 100"), N_("The last 1,000"),
                                         N_("The last 10,000"), N_("All of them")};
#define KEEP_CHOICES ((int)(sizeof keep_counts / sizeof keep_counts[0]))

static int keep_index(const App *app)
{
    for (int i = 0; i < KEEP_CHOICES; i++) {
        if (keep_counts[i] == app->settings.replays_kept) {
            return i;
        }
    }
    return 1; /* a number set by hand in the file: shown as the nearest default */
}

static void change_keep(App *app, int dir)
{
    Settings next = app->settings;
    next.replays_kept = keep_counts[(keep_index(app) + dir + KEEP_CHOICES) % KEEP_CHOICES];
    app_set_settings(app, &next);
}

static void layout(App *app, ReplayState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, REPLAY_BACK);
    if (!s->viewing) {
        int rows = SDL_min(LIST_ROWS, s->nentries - s->first_row);
        for (int i = 0; i < rows; i++) {
            int k = s->first_row + i;
            ui_add(&s->ui, WIDGET_ITEM, REPLAY_ITEM + k,
                   app_rect(app, 72, 150 + (float)i * 62, 720, 56), false, s->entries[k].title);
        }
        ui_add(&s->ui, WIDGET_CHOICE, REPLAY_KEEP, app_rect(app, 872, 620, 336, 48), false,
               _("Keep"));
    } else {
        static const char *const names[] = {N_("First move"), N_("Step back"), N_("Play"),
                                            N_("Step forward"), N_("Last move")};
        /* The record as a file, to share or attach to a bug report. */
        ui_add(&s->ui, WIDGET_BUTTON, REPLAY_EXPORT, app_rect(app, 944, 40, 140, 44), false,
               _("Export"));
        float w = 56, gap = 8, x = SIDE_X + (SIDE_W - (5 * w + 4 * gap)) / 2;
        for (int i = 0; i < 5; i++) {
            ui_add(&s->ui, i == 2 ? WIDGET_PRIMARY : WIDGET_BUTTON, REPLAY_FIRST + i,
                   app_rect(app, x + (float)i * (w + gap), 668, w, 50), false,
                   i == 2 && s->playing ? _("Pause") : _(names[i]));
        }
    }
    ui_fix_focus(&s->ui);
}

static bool replay_enter(App *app, void *state)
{
    ReplayState *s = state;
    ui_init(&s->ui);
    s->detail_of = -1;
    s->entries = malloc(LIST_MAX * sizeof *s->entries);
    if (s->entries == NULL) {
        return false;
    }
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        s->obs[i] = malloc(sizeof *s->obs[i]);
        if (s->obs[i] == NULL) {
            for (int k = 0; k < i; k++) {
                free(s->obs[k]);
            }
            free(s->entries);
            return false;
        }
    }
    if (app->replay_path[0] != '\0') {
        char path[sizeof app->replay_path];
        snprintf(path, sizeof path, "%s", app->replay_path);
        app->replay_path[0] = '\0';
        open_replay(app, s, path, 0);
    } else {
        s->from_list = true;
        read_list(app, s);
    }
    layout(app, s);
    ui_focus(&s->ui, s->viewing ? REPLAY_PLAY : s->nentries > 0 ? REPLAY_ITEM : REPLAY_BACK);
    return true;
}

static void replay_leave(App *app, void *state)
{
    (void)app;
    ReplayState *s = state;
    close_replay(s);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        free(s->obs[i]);
    }
    free(s->entries);
}

static void step(ReplayState *s, int to)
{
    s->playing = s->playing && to < s->nmoves;
    seek(s, to);
}

static SceneAction go_back(App *app, ReplayState *s)
{
    if (s->viewing && s->from_list) {
        close_replay(s);
        s->message[0] = '\0';
        read_list(app, s);
        layout(app, s);
        ui_focus(&s->ui, REPLAY_ITEM + s->first_row);
        return scene_stay();
    }
    return scene_pop();
}

/* Writes the game shown into the exports folder and says where. */
static void export_record(App *app, ReplayState *s)
{
    char dir[1100], path[1400], err[300], msg[600];
    if (!paths_pref_file("exports", dir, sizeof dir)) {
        app_report(app, _("There is no place for the player's files here."));
        return;
    }
    if (!session_archive_to(s->rec, dir, path, sizeof path, err, sizeof err)) {
        snprintf(msg, sizeof msg, _("The record was not written: %.300s"), err);
        app_report(app, msg);
        return;
    }
    /* The home folder as ~, so the path fits. */
    const char *home = getenv("HOME");
    size_t h = home != NULL ? strlen(home) : 0;
    bool under = h > 1 && strncmp(path, home, h) == 0 && path[h] == '/';
    snprintf(msg, sizeof msg, _("Saved as %s%.400s"), under ? "~" : "", under ? path + h : path);
    app_show_toast(app, msg);
    app->toast_until = app->now + 6.0;
}

static SceneAction activate(App *app, ReplayState *s, int id)
{
    if (id == REPLAY_BACK) {
        return go_back(app, s);
    }
    if (id >= REPLAY_ITEM && id < REPLAY_ITEM + s->nentries) {
        if (open_replay(app, s, NULL, s->entries[id - REPLAY_ITEM].id)) {
            layout(app, s);
            ui_focus(&s->ui, REPLAY_PLAY);
        }
        return scene_stay();
    }
    if (!s->viewing) {
        return scene_stay();
    }
    if (id == REPLAY_EXPORT) {
        export_record(app, s);
        return scene_stay();
    }
    switch (id) {
    case REPLAY_FIRST:
        s->playing = false;
        step(s, 0);
        break;
    case REPLAY_PREV:
        s->playing = false;
        step(s, s->at - 1);
        break;
    case REPLAY_NEXT:
        s->playing = false;
        step(s, s->at + 1);
        break;
    case REPLAY_LAST:
        s->playing = false;
        step(s, s->nmoves);
        break;
    case REPLAY_PLAY:
        s->playing = !s->playing;
        if (s->playing && s->at >= s->nmoves) {
            step(s, 0);
        }
        s->clock = 0;
        break;
    default: break;
    }
    return scene_stay();
}

static SceneAction replay_handle(App *app, ReplayState *s, const SDL_Event *e);

static SceneAction replay_event(App *app, void *state, const SDL_Event *e)
{
    ReplayState *s = state;
    SceneAction a = replay_handle(app, s, e);
    layout(app, s); /* "Play" may read "Pause" now */
    return a;
}

static SceneAction replay_handle(App *app, ReplayState *s, const SDL_Event *e)
{
    layout(app, s);
    if (s->viewing && e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_LEFT: return activate(app, s, REPLAY_PREV);
        case SDLK_RIGHT: return activate(app, s, REPLAY_NEXT);
        case SDLK_HOME: return activate(app, s, REPLAY_FIRST);
        case SDLK_END: return activate(app, s, REPLAY_LAST);
        case SDLK_SPACE: return activate(app, s, REPLAY_PLAY);
        default: break;
        }
    }
    if (!s->viewing && e->type == SDL_MOUSEWHEEL && s->nentries > LIST_ROWS) {
        s->first_row = SDL_clamp(s->first_row - e->wheel.y, 0, s->nentries - LIST_ROWS);
        layout(app, s);
        return scene_stay();
    }
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (!s->viewing && ev.kind == UI_NONE && e->type == SDL_KEYDOWN &&
        (e->key.keysym.sym == SDLK_DOWN || e->key.keysym.sym == SDLK_UP)) {
        /* At the edge of the rows shown: scroll the list by one. */
        int dir = e->key.keysym.sym == SDLK_DOWN ? 1 : -1;
        int k = s->ui.focus - REPLAY_ITEM + dir;
        if (k >= 0 && k < s->nentries && s->ui.focus >= REPLAY_ITEM) {
            s->first_row = SDL_clamp(k - (dir > 0 ? LIST_ROWS - 1 : 0), 0,
                                     SDL_max(0, s->nentries - LIST_ROWS));
            layout(app, s);
            ui_focus(&s->ui, REPLAY_ITEM + k);
        }
    }
    if (ev.kind == UI_ACTIVATE) {
        return activate(app, s, ev.id);
    }
    if ((ev.kind == UI_INCREASE || ev.kind == UI_DECREASE) && ev.id == REPLAY_KEEP) {
        change_keep(app, ev.kind == UI_INCREASE ? 1 : -1);
    }
    if (ev.kind == UI_BACK) {
        return go_back(app, s);
    }
    return scene_stay();
}

static SceneAction replay_update(App *app, void *state, double dt)
{
    ReplayState *s = state;
    if (s->viewing && s->playing) {
        s->clock += dt;
        while (s->clock >= STEP_SECONDS && s->playing) {
            s->clock -= STEP_SECONDS;
            step(s, s->at + 1);
            app->dirty = true;
        }
        if (s->at >= s->nmoves) {
            s->playing = false;
        }
        /* Moves come one a step and nothing moves between them: woken at
         * frame rate, drawn when a step is taken. */
        app->ticking = s->playing;
    }
    return scene_stay();
}

/* ---- drawing ------------------------------------------------------------- */

/* A row of cards squeezed into width w from (x, y): overlapped more as
 * they get many (board_row places them). */
static void draw_row(App *app, DeckStyle style, unsigned flags, const Card *cards, int n, float x,
                     float y, float w, float ch)
{
    if (n <= 0) {
        return;
    }
    TlRect area = {x, y, w, ch};
    double aspect = card_art_aspect(style, cards[0]);
    for (int i = 0; i < n; i++) {
        TlRect c = board_row(area, aspect, ch, n, i, 1.04f, BOARD_LEFT | BOARD_TOP);
        SDL_Rect r = app_rect(app, c.x, c.y, c.w, c.h);
        card_art_draw(app->cards, app->renderer, style, cards[i], r, flags | CARD_NO_SHADOW);
    }
}

static int cmp_cards(const void *a, const void *b)
{
    return (int)*(const Card *)a - (int)*(const Card *)b;
}

static float label(App *app, const char *text, float x, float y, float size, TextWeight weight,
                   SDL_Color color)
{
    TextStyle st = app_text_style(app, size, weight, color);
    SDL_Rect at = app_rect(app, x, y, 0, 0);
    SDL_Rect box = text_draw(app->text, app->renderer, text, &st, at.x, at.y, TEXT_LEFT);
    return (float)box.w / app->ui;
}

/* The replay table's spacing, in design units: between blocks, a block's
 * heading and padding, between the pool's lines. */
#define TABLE_GAP 8.0f
#define TABLE_HEAD 22.0f
#define TABLE_PAD 8.0f
#define TABLE_LINE_GAP 4.0f
/* The tallest card, and the most lines the pool takes. */
#define TABLE_MAX_CARD_H 112
#define POOL_MAX_LINES 4
/* The share of a seat's row its hand takes (the captured pile the rest). */
#define HAND_SHARE 0.46f

/* How the replay table is laid out and drawn. */
typedef struct TableLook {
    DeckStyle style;
    unsigned flags;
    bool kowah;
    const Card *middle; /* the pool, or Kowah's discards */
    int nmiddle;
    int lines;    /* the pool's lines */
    float ch;     /* card height */
    float bh;     /* a seat's block height */
    float pool_h; /* the pool's block height */
} TableLook;

/* The card height and the pool's lines: the pool takes more lines while
 * its cards would overlap past half. board_row says how a line's cards lie
 * in the pool's width (less room for two turned cards). */
static void fit_pool(TableLook *t, int n)
{
    int blocks = n + 1;
    double aspect = card_art_aspect(t->style, t->nmiddle > 0 ? t->middle[0] : CARD_C1);
    t->lines = 1;
    for (;;) {
        float fixed = TABLE_GAP * (float)(blocks - 1) +
                      (float)blocks * (TABLE_HEAD + 2 * TABLE_PAD) +
                      (float)(t->lines - 1) * TABLE_LINE_GAP;
        t->ch = SDL_min((VIEW_H - fixed) / (float)(n + t->lines), TABLE_MAX_CARD_H);
        float cw = t->ch * (float)aspect;
        int per_line = (t->nmiddle + t->lines - 1) / t->lines;
        TlRect line = {0, 0, VIEW_W - 2 * TABLE_PAD - 2 * cw - 24, t->ch};
        TlRect a = board_row(line, aspect, t->ch, per_line, 0, 1.04f, BOARD_LEFT);
        TlRect b = board_row(line, aspect, t->ch, per_line, 1, 1.04f, BOARD_LEFT);
        if (per_line < 2 || b.x - a.x >= cw * 0.5f - 0.01f || t->lines == POOL_MAX_LINES) {
            break;
        }
        t->lines++;
    }
}

/* The look of the position shown. */
static void table_look(App *app, const ReplayState *s, TableLook *t)
{
    const VariantDesc *v = game_variant(s->cur);
    const Observation *o0 = s->obs[0];
    t->style = v->deck == DECK_FRENCH_NO_KINGS ? STYLE_FRENCH : app->setup.style;
    t->flags = (v->scores_red_stamps ? CARD_RED_STAMP : 0) |
               (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
    t->kowah = v->engine == ENGINE_KOWAH;
    t->middle = t->kowah ? o0->discard : o0->pool;
    t->nmiddle = t->kowah ? o0->discard_count : o0->pool_count;
    fit_pool(t, game_players(s->cur));
    t->bh = TABLE_HEAD + 2 * TABLE_PAD + t->ch;
    t->pool_h = TABLE_HEAD + 2 * TABLE_PAD + (float)t->lines * t->ch +
                (float)(t->lines - 1) * TABLE_LINE_GAP;
}

/* The stock's turned cards at the pool's right; returns the width they take. */
static float draw_turned(App *app, const TableLook *t, const Observation *o0, float y)
{
    Card turned[2];
    int nturned = 0;
    if (o0->turned != CARD_NONE) {
        turned[nturned++] = o0->turned;
    }
    if (o0->stock_last_public != CARD_NONE) {
        turned[nturned++] = o0->stock_last_public;
    }
    if (nturned == 0) {
        return 0;
    }
    double aspect = card_art_aspect(t->style, turned[0]);
    float cw = t->ch * (float)aspect;
    /* At the pool's right, 8 units apart. */
    TlRect area = {VIEW_X + TABLE_PAD, y + TABLE_HEAD + TABLE_PAD - 4, VIEW_W - 2 * TABLE_PAD,
                   t->ch};
    float left = area.x + area.w;
    for (int i = 0; i < nturned; i++) {
        TlRect c =
            board_row(area, aspect, t->ch, nturned, i, (cw + 8) / cw, BOARD_RIGHT | BOARD_TOP);
        SDL_Rect cr = app_rect(app, c.x, c.y, c.w, c.h);
        card_art_draw(app->cards, app->renderer, t->style, turned[i], cr,
                      t->flags | CARD_HIGHLIGHT);
        left = SDL_min(left, c.x);
    }
    return area.x + area.w - left + 24;
}

/* The middle block at y: the pool (or Kowah's discards) on its lines, the
 * stock's count and its turned cards. */
static void draw_middle(App *app, const ReplayState *s, const TableLook *t, float y)
{
    const Observation *o0 = s->obs[0];
    SDL_Rect box = app_rect(app, VIEW_X, y, VIEW_W, t->pool_h);
    paint_round_rect(app->paint, app->renderer, box, app_px(app, 12), paint_rgba(0, 0, 0, 60));
    char text[160];
    snprintf(text, sizeof text, _("%s  \xc2\xb7  stock %d"), t->kowah ? _("Discards") : _("Pool"),
             o0->stock_count);
    label(app, text, VIEW_X + TABLE_PAD + 4, y + TABLE_PAD - 2, 14, TEXT_BOLD, UI_INK_SOFT);
    float px = VIEW_X + TABLE_PAD, pw = VIEW_W - 2 * TABLE_PAD;
    pw -= draw_turned(app, t, o0, y);
    for (int l = 0; l < t->lines; l++) {
        int from = t->nmiddle * l / t->lines, to = t->nmiddle * (l + 1) / t->lines;
        draw_row(app, t->style, t->flags, t->middle + from, to - from, px,
                 y + TABLE_HEAD + TABLE_PAD - 4 + (float)l * (t->ch + TABLE_LINE_GAP), pw, t->ch);
    }
}

/* A seat's heading at y: its name and role on the left, what it captured
 * and scored on the right. */
static void draw_seat_head(App *app, const ReplayState *s, const TableLook *t, int seat, float y)
{
    const Observation *o = s->obs[seat];
    char name[40];
    session_seat_name(s->rec, seat, name, sizeof name);
    float x = VIEW_X + TABLE_PAD + 4;
    x += label(app, name, x, y + TABLE_PAD - 3, 15, TEXT_BOLD, UI_INK) + 10;
    if (o->role[seat] != ROLE_NONE) {
        label(app, card_role_name(o->role[seat]), x, y + TABLE_PAD - 1, 13, TEXT_REGULAR, UI_GOLD);
    } else if (o->dealer == seat) {
        label(app, _("dealer"), x, y + TABLE_PAD - 1, 13, TEXT_REGULAR, UI_GOLD);
    }
    char taken[40] = "";
    if (!t->kowah) {
        snprintf(taken, sizeof taken, _("captured %d  \xc2\xb7  "), o->captured_count[seat]);
    }
    char text[160];
    if (game_round_over(s->cur)) {
        snprintf(text, sizeof text, _("%sround %d%s  \xc2\xb7  match %d"), taken,
                 o->round_score[seat], o->round_winner[seat] ? _(" (won)") : "",
                 o->match_score[seat]);
    } else {
        snprintf(text, sizeof text, _("%smatch %d"), taken, o->match_score[seat]);
    }
    TextStyle st = app_text_style(app, 13, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect at = app_rect(app, VIEW_X + VIEW_W - TABLE_PAD - 4, y + TABLE_PAD - 1, 0, 0);
    text_draw(app->text, app->renderer, text, &st, at.x, at.y, TEXT_RIGHT);
}

/* A seat's cards at y: the hand on the left (the owner's view: all hands
 * open in a replay), the captured pile (Kowah: the declared pair) on the
 * right. */
static void draw_seat_cards(App *app, const ReplayState *s, const TableLook *t, int seat, float y)
{
    const Observation *o = s->obs[seat];
    float cy = y + TABLE_HEAD + TABLE_PAD - 4;
    float hand_w = (VIEW_W - 2 * TABLE_PAD) * HAND_SHARE;
    int nh = o->hand_count[seat];
    Card hand[OBS_MAX_HAND];
    memcpy(hand, o->hand, (size_t)nh);
    qsort(hand, (size_t)nh, 1, cmp_cards);
    draw_row(app, t->style, t->flags, hand, nh, VIEW_X + TABLE_PAD, cy, hand_w, t->ch);
    float cx = VIEW_X + TABLE_PAD + hand_w + 20, cwid = VIEW_W - 2 * TABLE_PAD - hand_w - 20;
    int nc = o->captured_count[seat];
    if (t->kowah) {
        if (o->exposed[seat] != CARD_NONE) {
            Card pair[2] = {o->exposed[seat], o->exposed[seat]};
            label(app, _("declared"), cx, cy - 18, 12, TEXT_REGULAR, UI_INK_FAINT);
            draw_row(app, t->style, t->flags, pair, 2, cx, cy, cwid, t->ch);
        }
    } else if (nc > 0) {
        Card pile[OBS_MAX_PILE];
        memcpy(pile, o->captured[seat], (size_t)nc);
        qsort(pile, (size_t)nc, 1, cmp_cards);
        draw_row(app, t->style, t->flags, pile, nc, cx, cy, cwid, t->ch);
    }
}

/* The position shown: the middle block, then a block for each seat (the
 * seat to move framed in gold). */
static void draw_table(App *app, ReplayState *s)
{
    TableLook t;
    table_look(app, s, &t);
    float y = VIEW_Y;
    draw_middle(app, s, &t, y);
    y += t.pool_h + TABLE_GAP;
    for (int seat = 0; seat < game_players(s->cur); seat++) {
        bool moving = s->obs[seat]->to_move == seat && !game_round_over(s->cur);
        SDL_Rect box = app_rect(app, VIEW_X, y, VIEW_W, t.bh);
        paint_round_rect(app->paint, app->renderer, box, app_px(app, 12),
                         paint_rgba(7, 24, 17, 170));
        if (moving) {
            paint_round_frame(app->paint, app->renderer, box, app_px(app, 12),
                              SDL_max(2, app_px(app, 2)), UI_GOLD);
        }
        draw_seat_head(app, s, &t, seat, y);
        draw_seat_cards(app, s, &t, seat, y);
        y += t.bh + TABLE_GAP;
    }
}

/* A move in words: "C4 takes S4", "turns the stock". */
static void move_words(const Move *m, char *buf, size_t size)
{
    char a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
    card_format(m->card, a);
    card_format(m->target, b);
    switch (m->type) {
    case MOVE_PLAY:
        if (m->target != CARD_NONE) {
            snprintf(buf, size, _("%s takes %s"), a, b);
        } else {
            snprintf(buf, size, _("%s to the pool"), a);
        }
        break;
    case MOVE_TURN: snprintf(buf, size, _("stock turned")); break;
    case MOVE_TAKE: snprintf(buf, size, _("turned card takes %s"), b); break;
    case MOVE_NEXT_ROUND: snprintf(buf, size, _("next round dealt")); break;
    case MOVE_DRAW_STOCK: snprintf(buf, size, _("draw from the stock")); break;
    case MOVE_DRAW_DISCARD: snprintf(buf, size, _("draw the discard")); break;
    case MOVE_DISCARD: snprintf(buf, size, _("discard %s"), a); break;
    case MOVE_DECLARE: snprintf(buf, size, _("checki, showing %s"), a); break;
    case MOVE_CLAIM: snprintf(buf, size, _("claim %s: checki"), a); break;
    case MOVE_PASS: snprintf(buf, size, _("pass")); break;
    default: snprintf(buf, size, "?"); break;
    }
}

static void draw_moves(App *app, ReplayState *s)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect panel = app_rect(app, SIDE_X, VIEW_Y, SIDE_W, VIEW_H);
    ui_draw_panel(app, panel);
    float x0 = SIDE_X + 20, y = VIEW_Y + 16;
    label(app, _("Moves"), x0, y, 19, TEXT_BOLD, UI_INK);
    char count[64];
    snprintf(count, sizeof count, _("%d of %d"), s->at, s->nmoves);
    TextStyle st = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect at = app_rect(app, SIDE_X + SIDE_W - 20, y + 4, 0, 0);
    text_draw(app->text, r, count, &st, at.x, at.y, TEXT_RIGHT);
    y += 36;
    float row = 23, bottom = 652;
    int rows = (int)((bottom - y) / row);
    /* The current move (the last applied) in the middle of the window. */
    int cur = s->at - 1;
    int first = SDL_clamp(cur - rows / 2, 0, SDL_max(0, s->nmoves - rows));
    for (int i = 0; i < rows && first + i < s->nmoves; i++) {
        int k = first + i;
        const Move *m = &s->moves[k];
        float ry = y + (float)i * row;
        if (k == cur) {
            SDL_Rect hl = app_rect(app, SIDE_X + 10, ry - 2, SIDE_W - 20, row);
            paint_round_rect(app->paint, r, hl, app_px(app, 6), paint_rgba(236, 196, 100, 56));
            paint_round_frame(app->paint, r, hl, app_px(app, 6), SDL_max(1, app_px(app, 1.5f)),
                              UI_GOLD);
        }
        SDL_Color ink = k < s->at ? UI_INK : UI_INK_FAINT;
        char num[16], name[40], words[64];
        snprintf(num, sizeof num, "%d", k + 1);
        session_seat_name(s->rec, m->seat, name, sizeof name);
        move_words(m, words, sizeof words);
        TextStyle ns = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
        at = app_rect(app, x0 + 30, ry, 0, 0);
        text_draw(app->text, r, num, &ns, at.x, at.y + app_px(app, 1), TEXT_RIGHT);
        TextStyle nm = app_text_style(app, 14, TEXT_BOLD, ink);
        at = app_rect(app, x0 + 40, ry, 0, 0);
        text_draw(app->text, r, name, &nm, at.x, at.y, TEXT_LEFT);
        TextStyle ws = app_text_style(app, 14, TEXT_REGULAR, ink);
        at = app_rect(app, x0 + 148, ry, 0, 0);
        text_draw(app->text, r, words, &ws, at.x, at.y, TEXT_LEFT);
    }
    /* The controls, with drawn signs. */
    for (int id = REPLAY_FIRST; id <= REPLAY_LAST; id++) {
        ui_draw_button(app, &s->ui, id, "");
        const Widget *w = ui_find(&s->ui, id);
        if (w == NULL) {
            continue;
        }
        SDL_Color ink = id == REPLAY_PLAY ? UI_ON_GOLD : UI_INK;
        float cx = (float)w->rect.x + (float)w->rect.w / 2,
              cy = (float)w->rect.y + (float)w->rect.h / 2;
        float u = (float)w->rect.h * 0.16f;
        SDL_FPoint tri[3];
        if (id == REPLAY_PLAY && s->playing) {
            paint_fill_rect(r,
                            (SDL_Rect){(int)(cx - 1.6f * u), (int)(cy - 1.5f * u), (int)(u * 1.1f),
                                       (int)(3 * u)},
                            ink);
            paint_fill_rect(r,
                            (SDL_Rect){(int)(cx + 0.5f * u), (int)(cy - 1.5f * u), (int)(u * 1.1f),
                                       (int)(3 * u)},
                            ink);
            continue;
        }
        float dir = id == REPLAY_FIRST || id == REPLAY_PREV ? -1.0f : 1.0f;
        float ox = id == REPLAY_FIRST || id == REPLAY_LAST ? -0.5f * u * dir : 0;
        tri[0] = (SDL_FPoint){cx + ox + dir * 1.4f * u, cy};
        tri[1] = (SDL_FPoint){cx + ox - dir * 1.1f * u, cy - 1.5f * u};
        tri[2] = (SDL_FPoint){cx + ox - dir * 1.1f * u, cy + 1.5f * u};
        paint_polygon(r, tri, 3, ink);
        if (id == REPLAY_FIRST || id == REPLAY_LAST) {
            float bx = cx + ox + dir * 1.4f * u;
            paint_fill_rect(r,
                            (SDL_Rect){(int)(dir > 0 ? bx : bx - 0.5f * u), (int)(cy - 1.5f * u),
                                       (int)SDL_max(2, u * 0.5f), (int)(3 * u)},
                            ink);
        }
    }
}

static void draw_list(App *app, ReplayState *s)
{
    SDL_Renderer *r = app->renderer;
    ui_draw_panel(app, app_rect(app, 44, 124, 780, 612));
    if (s->nentries == 0 || s->message[0] != '\0') {
        TextStyle st = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
        SDL_Rect box = app_rect(app, 76, s->nentries == 0 ? 160 : 690, 700, 0);
        text_draw_wrapped(app->text, r, s->message, &st, box, TEXT_LEFT, 1.1f);
    }
    int rows = SDL_min(LIST_ROWS, s->nentries - s->first_row);
    for (int i = 0; i < rows; i++) {
        int k = s->first_row + i;
        int id = REPLAY_ITEM + k;
        ui_draw_item(app, &s->ui, id, false);
        const Widget *w = ui_find(&s->ui, id);
        TextStyle t = app_text_style(app, 18, TEXT_BOLD, UI_INK);
        TextStyle d = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
        text_draw(app->text, r, s->entries[k].title, &t, w->rect.x + app_px(app, 18),
                  w->rect.y + app_px(app, 5), TEXT_LEFT);
        text_draw(app->text, r, s->entries[k].detail, &d, w->rect.x + app_px(app, 18),
                  w->rect.y + app_px(app, 30), TEXT_LEFT);
    }
    /* What the screen is for, on the right. */
    SDL_Rect side = app_rect(app, 844, 124, 392, 612);
    ui_draw_panel(app, side);
    TextStyle body = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    SDL_Rect box = app_rect(app, 872, 150, 336, 0);
    /* How many are kept, at the foot of the panel. */
    TextStyle small = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    label(app, _("Finished games kept"), 872, 596, 15, TEXT_BOLD, UI_INK);
    ui_draw_choice(app, &s->ui, REPLAY_KEEP, _(keep_names[keep_index(app)]));
    text_draw_wrapped(app->text, r,
                      app->settings.replays_kept > 0
                          ? _("Beyond that, the oldest go when a match ends.")
                          : _("Every finished game is kept."),
                      &small, app_rect(app, 872, 676, 336, 40), TEXT_LEFT, 1.05f);
    int k = s->ui.focus - REPLAY_ITEM;
    if (k < 0 || k >= s->nentries) {
        text_draw_wrapped(app->text, r,
                          _("Every match you finish is kept as its record. Open one to watch it "
                            "again move by move, with every hand face up."),
                          &body, box, TEXT_LEFT, 1.15f);
        return;
    }
    if (s->detail_of != k) {
        describe_result(app, s, k);
    }
    float y = 150;
    label(app, s->entries[k].title, 872, y, 20, TEXT_BOLD, UI_INK);
    y += 30;
    label(app, s->detail_line, 872, y, 14, TEXT_REGULAR, UI_INK_SOFT);
    y += 32;
    for (int seat = 0; seat < s->detail_players; seat++) {
        SDL_Color ink = s->detail_won[seat] ? UI_GOLD_LIGHT : UI_INK;
        TextWeight wt = s->detail_won[seat] ? TEXT_BOLD : TEXT_REGULAR;
        label(app, s->detail_names[seat], 872, y, 16, wt, ink);
        char num[16];
        snprintf(num, sizeof num, "%d", s->detail_scores[seat]);
        TextStyle st = app_text_style(app, 16, TEXT_BOLD, ink);
        SDL_Rect at = app_rect(app, 1208, y, 0, 0);
        text_draw(app->text, r, num, &st, at.x, at.y, TEXT_RIGHT);
        y += 28;
    }
    y += 12;
    box = app_rect(app, 872, y, 336, 0);
    text_draw_wrapped(app->text, r,
                      _("Enter opens it: step through it move by move, every hand face up."), &body,
                      box, TEXT_LEFT, 1.15f);
}

static void replay_draw(App *app, void *state, SDL_Renderer *r)
{
    ReplayState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    if (!s->viewing) {
        ui_draw_heading(app, _("Replays"), _("Finished games, to watch again"));
        draw_list(app, s);
        ui_draw_button(app, &s->ui, REPLAY_BACK, _("Back"));
        static const char *const hints[] = {"arrows",   N_("Move"), "Enter",
                                            N_("Open"), "Esc",      N_("Back")};
        ui_draw_hints(app, hints, 3);
        return;
    }
    char sub[160];
    const Game *g = s->cur;
    snprintf(sub, sizeof sub,
             game_variant(g)->engine == ENGINE_KOWAH ? _("Hand %d  \xc2\xb7  move %d of %d%s")
                                                     : _("Round %d  \xc2\xb7  move %d of %d%s"),
             game_round_number(g), s->at, s->nmoves,
             game_match_over(g) ? _("  \xc2\xb7  match over") : "");
    ui_draw_heading(app, s->title, sub);
    draw_table(app, s);
    draw_moves(app, s);
    ui_draw_button(app, &s->ui, REPLAY_EXPORT, _("Export"));
    ui_draw_button(app, &s->ui, REPLAY_BACK, _("Back"));
    static const char *const hints[] = {"leftright", N_("Step"),  "Space", N_("Play / pause"),
                                        "Home",      N_("Start"), "End",   N_("End")};
    ui_draw_hints(app, hints, 4);
}

static const Ui *replay_widgets(const void *state)
{
    return &((const ReplayState *)state)->ui;
}

const SceneClass scene_replay_class = {
    .name = "replay",
    .state_size = sizeof(ReplayState),
    .enter = replay_enter,
    .leave = replay_leave,
    .handle_event = replay_event,
    .update = replay_update,
    .draw = replay_draw,
    .widgets = replay_widgets,
};
