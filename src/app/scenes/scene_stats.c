/* scene_stats.c — the player's statistics: every game with decisions to
 * make in a list, and for the one in focus its figures (rounds and matches
 * played and won with their rates, best and mean round, winning runs,
 * stakes) and a chart of its last rounds (stats.h keeps STATS_RECENT of
 * them), drawn with the app's own painter. The figures are of every game,
 * or of those against computers alone or against people (a table with
 * friends: the store's opponents of each match), and of those against one
 * computer level. A game's figures can be reset, after a second press (Esc
 * or moving away keeps them). */
#include <stdio.h>

#include "paint.h"
#include "scenes.h"
#include "stats.h"
#include "store.h"
#include "ui.h"

enum { STATS_BACK = 100, STATS_RESET = 101, STATS_LEVEL = 102, STATS_AGAINST = 103 };

#define ROW_H 40.0f      /* design units: one game in the list */
#define LIST_X 44.0f     /* the list panel ... */
#define LIST_W 420.0f    /* ... and its width */
#define PANEL_X 484.0f   /* the figures' panel */
#define PANEL_W 752.0f   /* ... and its width */
#define PANEL_Y 124.0f   /* both panels' top ... */
#define PANEL_H 612.0f   /* ... and height */
#define CHART_H 240.0f   /* the chart's bars at most */
#define AGAINST_Y 612.0f /* the choice of games: all, against computers, against people */
#define LEVEL_Y 680.0f   /* the choice of computer level */
#define CHOICE_H 44.0f

typedef struct StatsState {
    Ui ui;
    VariantId shown;
    VariantId games[VARIANT_COUNT]; /* the games listed: those with decisions */
    int ngames;
    bool confirm;         /* Reset was pressed once */
    int level;            /* the games against this computer level, -1 for all */
    StoreAgainst against; /* every game, or those against computers or people */
    Stats some;           /* the figures of those (against != STORE_AGAINST_ALL) */
} StatsState;

/* The figures shown: every game's (the App's), or the chosen ones'. */
static const Stats *shown_stats(const App *app, const StatsState *s)
{
    return s->against == STORE_AGAINST_ALL ? &app->stats : &s->some;
}

/* Which games the figures are of, by the other players at the table. */
static const char *against_name(StoreAgainst who)
{
    switch (who) {
    case STORE_AGAINST_COMPUTERS: return _("Against computers only");
    case STORE_AGAINST_PEOPLE: return _("Against people");
    default: return _("All games");
    }
}

/* The figures of the games chosen, read from the store; on failure every
 * game's stay shown, and the player is told why. */
static void choose_against(App *app, StatsState *s, StoreAgainst who)
{
    char err[256] = "";
    if (who != STORE_AGAINST_ALL &&
        !store_stats_against(app->store, who, &s->some, err, sizeof err)) {
        char msg[320];
        snprintf(msg, sizeof msg, _("Your statistics could not be read: %s."), err);
        app_show_toast(app, msg);
        who = STORE_AGAINST_ALL;
    }
    s->against = who;
    app->dirty = true;
}

/* Which games the figures are of: all, or those whose strongest computer
 * was of one level. */
static const char *level_name(int level)
{
    switch (level) {
    case 0: return _("Against Random");
    case 1: return _("Against Greedy");
    case 2: return _("Against Strong");
    default: return _("All levels");
    }
}

static void layout(App *app, StatsState *s)
{
    ui_clear(&s->ui);
    ui_add_back(app, &s->ui, STATS_BACK);
    for (int i = 0; i < s->ngames; i++) {
        ui_add(&s->ui, WIDGET_ITEM, (int)s->games[i],
               app_rect(app, LIST_X + 16, PANEL_Y + 14 + (float)i * ROW_H, LIST_W - 32, ROW_H - 4),
               false, variant_get(s->games[i])->key);
    }
    const VariantStats *v = &app->stats.v[s->shown];
    bool any = v->rounds > 0 || v->matches > 0;
    ui_add(&s->ui, WIDGET_CHOICE, STATS_AGAINST,
           app_rect(app, LIST_X + 16, AGAINST_Y, LIST_W - 32, CHOICE_H), false, _("Games"));
    ui_add(&s->ui, WIDGET_CHOICE, STATS_LEVEL,
           app_rect(app, LIST_X + 16, LEVEL_Y, LIST_W - 32, CHOICE_H), false, _("Opponents"));
    ui_add(&s->ui, WIDGET_BUTTON, STATS_RESET, app_rect(app, 930, 670, 280, 48), !any,
           s->confirm ? _("Press again to reset") : _("Reset this game"));
    ui_fix_focus(&s->ui);
}

static bool stats_enter(App *app, void *state)
{
    StatsState *s = state;
    ui_init(&s->ui);
    s->ngames = 0;
    for (int i = 0; i < VARIANT_COUNT; i++) {
        if (!variant_is_watch_only(variant_get((VariantId)i))) {
            s->games[s->ngames++] = (VariantId)i;
        }
    }
    s->shown = s->games[0];
    s->level = -1;
    s->against = STORE_AGAINST_ALL;
    for (int i = 0; i < s->ngames; i++) {
        s->shown = s->games[i] == app->setup.config.variant ? s->games[i] : s->shown;
    }
    layout(app, s);
    ui_focus(&s->ui, (int)s->shown);
    return true;
}

static SceneAction stats_event(App *app, void *state, const SDL_Event *e)
{
    StatsState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_BACK && s->confirm) {
        s->confirm = false; /* Esc keeps the figures, and the screen */
        return scene_stay();
    }
    if (ev.kind != UI_NONE && ev.id != STATS_RESET) {
        s->confirm = false; /* anything else keeps the figures */
    }
    if (ev.id >= 0 && ev.id < VARIANT_COUNT) {
        s->shown = (VariantId)ev.id;
    }
    bool stepped = ev.kind == UI_ACTIVATE || ev.kind == UI_INCREASE || ev.kind == UI_DECREASE;
    if (ev.id == STATS_AGAINST && stepped) {
        int by = ev.kind == UI_DECREASE ? -1 : 1;
        choose_against(
            app, s, (StoreAgainst)((s->against + by + STORE_AGAINST_COUNT) % STORE_AGAINST_COUNT));
        return scene_stay();
    }
    if (ev.id == STATS_LEVEL && stepped) {
        int step = ev.kind == UI_DECREASE ? -1 : 1;
        s->level = (s->level + 1 + step + STATS_LEVELS + 1) % (STATS_LEVELS + 1) - 1;
        app->dirty = true;
        return scene_stay();
    }
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_ACTIVATE:
        if (ev.id == STATS_BACK) {
            return scene_pop();
        }
        if (ev.id == STATS_RESET) {
            if (s->confirm) {
                app_reset_stats_of(app, s->shown);
                choose_against(app, s, s->against); /* read again without it */
                char msg[120];
                snprintf(msg, sizeof msg, _("%s: statistics reset."),
                         _(variant_get(s->shown)->name));
                app_show_toast(app, msg);
            }
            s->confirm = !s->confirm;
        }
        return scene_stay();
    default: return scene_stay();
    }
}

static void draw_row(App *app, StatsState *s, VariantId id)
{
    const Widget *w = ui_find(&s->ui, (int)id);
    if (w == NULL) {
        return;
    }
    ui_draw_item(app, &s->ui, (int)id, id == s->shown);
    const VariantStats *v = stats_of(shown_stats(app, s), id, s->level);
    TextStyle name = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    SDL_Rect box = {w->rect.x + app_px(app, 16), w->rect.y, w->rect.w, w->rect.h};
    text_draw_in(app->text, app->renderer, _(variant_get(id)->name), &name, box, TEXT_LEFT);
    char count[48];
    bool hands = variant_get(id)->engine == ENGINE_KOWAH;
    snprintf(count, sizeof count,
             hands ? P_("%d hand", "%d hands", v->rounds) : P_("%d round", "%d rounds", v->rounds),
             v->rounds);
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, v->rounds ? UI_INK_SOFT : UI_INK_FAINT);
    SDL_Rect cbox = {w->rect.x, w->rect.y, w->rect.w - app_px(app, 16), w->rect.h};
    text_draw_in(app->text, app->renderer, count, &soft, cbox, TEXT_RIGHT);
}

/* "12 of 40 · 30 %" or "none yet". */
static void share(char *buf, size_t size, int won, int played)
{
    if (played <= 0) {
        snprintf(buf, size, "%s", _("none yet"));
    } else {
        snprintf(buf, size, _("%d won of %d \xc2\xb7 %d %%"), won, played,
                 (int)((won * 100L + played / 2) / played));
    }
}

/* The figures of the game shown, in two columns; returns the y below. */
static int draw_figures(App *app, const StatsState *s, int x, int y, int w)
{
    const VariantDesc *d = variant_get(s->shown);
    const VariantStats *v = stats_of(shown_stats(app, s), s->shown, s->level);
    bool kowah = d->engine == ENGINE_KOWAH;
    char a[96], b[96], c[96], e[96];
    share(a, sizeof a, v->rounds_won, v->rounds);
    share(b, sizeof b, v->matches_won, v->matches);
    int col = w / 2, y1 = y, y2 = y;
    y1 = ui_draw_fact(app, x, y1, col - app_px(app, 16), kowah ? _("HANDS") : _("ROUNDS"), a,
                      UI_INK);
    y2 = ui_draw_fact(app, x + col, y2, col, _("MATCHES"), b, UI_INK);
    if (!kowah) {
        if (v->rounds > 0) {
            snprintf(c, sizeof c, "%d", v->best_round);
        } else {
            snprintf(c, sizeof c, "%s", _("none yet"));
        }
        if (v->scored > 0) {
            char mean[32];
            i18n_decimal(mean, sizeof mean, (double)v->points / v->scored, 1);
            snprintf(e, sizeof e, P_("%s over %d round", "%s over %d rounds", v->scored), mean,
                     v->scored);
        } else {
            /* rounds counted before the mean was kept have no scores */
            snprintf(e, sizeof e, "%s",
                     v->rounds > 0 ? _("counted from the next round on") : _("none yet"));
        }
        y1 = ui_draw_fact(app, x, y1, col - app_px(app, 16), _("BEST ROUND"), c, UI_INK);
        y1 = ui_draw_fact(app, x, y1, col - app_px(app, 16), _("MEAN ROUND"), e, UI_INK);
    }
    snprintf(c, sizeof c, _("%d now \xc2\xb7 longest %d"), v->streak, v->longest);
    y2 = ui_draw_fact(app, x + col, y2, col, _("MATCHES WON IN A ROW"), c, UI_INK);
    if (v->staked > 0) {
        snprintf(e, sizeof e,
                 P_("%+lld units over %d match", "%+lld units over %d matches", v->staked),
                 (long long)v->units, v->staked);
        y2 = ui_draw_fact(app, x + col, y2, col, _("STAKES"), e, UI_INK);
    }
    return SDL_max(y1, y2);
}

/* The last rounds as bars, oldest on the left: the height is the score
 * (Kowah: every hand alike), gold for a round won, grey for one lost. */
static void draw_chart(App *app, const StatsState *s, SDL_Rect area)
{
    const VariantStats *v = stats_of(shown_stats(app, s), s->shown, s->level);
    bool kowah = variant_get(s->shown)->engine == ENGINE_KOWAH;
    TextStyle lab = app_text_style(app, 12.5f, TEXT_BOLD, UI_GOLD);
    char head[80];
    snprintf(head, sizeof head,
             kowah ? P_("YOUR LAST %d HAND", "YOUR LAST %d HANDS", v->recent_n)
                   : P_("YOUR LAST %d ROUND", "YOUR LAST %d ROUNDS", v->recent_n),
             v->recent_n);
    if (v->recent_n == 0) {
        snprintf(head, sizeof head, "%s", _("YOUR LAST ROUNDS"));
    }
    text_draw(app->text, app->renderer, head, &lab, area.x, area.y, TEXT_LEFT);
    int top = area.y + app_px(app, 24), h = area.h - app_px(app, 48);
    SDL_Rect ground = {area.x, top, area.w, h};
    paint_round_rect(app->paint, app->renderer, ground, app_px(app, 8),
                     paint_rgba(255, 255, 255, 10));
    TextStyle soft = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    if (v->recent_n == 0) {
        text_draw_in(app->text, app->renderer, _("Finish a round of this game to start the chart."),
                     &soft, ground, TEXT_CENTER);
        return;
    }
    int lo = 0, hi = 1;
    for (int k = 0; k < v->recent_n; k++) {
        hi = SDL_max(hi, v->recent_score[k]);
        lo = SDL_min(lo, v->recent_score[k]);
    }
    int pad = app_px(app, 12);
    int slot = (ground.w - 2 * pad) / STATS_RECENT;
    int bar = SDL_max(2, slot * 2 / 3);
    int base = ground.y + pad + (int)((int64_t)(ground.h - 2 * pad) * hi / (hi - lo));
    int span = ground.h - 2 * pad;
    for (int k = 0; k < v->recent_n; k++) {
        /* Kowah: a hand won stands full, one lost half (told by height too). */
        int score = kowah ? 1 : v->recent_score[k];
        int bh = kowah ? (v->recent_won[k] ? span : span / 2)
                       : (int)((int64_t)span * (score < 0 ? -score : score) / (hi - lo));
        int x = ground.x + pad + k * slot + (slot - bar) / 2;
        SDL_Rect r = {x, score >= 0 ? (kowah ? ground.y + pad + span - bh : base - bh) : base, bar,
                      SDL_max(1, bh)};
        paint_round_rect(app->paint, app->renderer, r, SDL_min(bar / 3, app_px(app, 4)),
                         v->recent_won[k] ? UI_GOLD : paint_rgba(140, 166, 150, 150));
    }
    if (!kowah) {
        paint_fill_rect(app->renderer, (SDL_Rect){ground.x + pad, base, ground.w - 2 * pad, 1},
                        paint_rgba(255, 255, 255, 60));
        char top_label[32];
        snprintf(top_label, sizeof top_label, "%d", hi);
        TextStyle tiny = app_text_style(app, 12, TEXT_REGULAR, UI_INK_FAINT);
        text_draw(app->text, app->renderer, top_label, &tiny, ground.x + ground.w - pad,
                  ground.y + app_px(app, 2), TEXT_RIGHT);
    }
    text_draw(app->text, app->renderer,
              _("gold: won \xc2\xb7 grey: lost \xc2\xb7 oldest on the left"), &soft, area.x,
              ground.y + ground.h + app_px(app, 6), TEXT_LEFT);
}

static void draw_panel(App *app, StatsState *s)
{
    const VariantDesc *d = variant_get(s->shown);
    SDL_Rect panel = app_rect(app, PANEL_X, PANEL_Y, PANEL_W, PANEL_H);
    ui_draw_panel(app, panel);
    int x = panel.x + app_px(app, 32), w = panel.w - app_px(app, 64);
    int y = panel.y + app_px(app, 22);
    TextStyle title = app_text_style(app, 28, TEXT_BOLD, UI_INK);
    SDL_Rect t = text_draw(app->text, app->renderer, _(d->name), &title, x, y, TEXT_LEFT);
    y = t.y + t.h + app_px(app, 14);
    y = draw_figures(app, s, x, y, w);
    SDL_Rect chart = {x, y + app_px(app, 10), w, app_px(app, CHART_H + 48)};
    SDL_Rect button = ui_find(&s->ui, STATS_RESET)->rect;
    chart.h = SDL_min(chart.h, button.y - app_px(app, 14) - chart.y);
    draw_chart(app, s, chart);
    ui_draw_button(app, &s->ui, STATS_RESET,
                   s->confirm ? _("Press again to reset") : _("Reset this game"));
    if (s->confirm) {
        TextStyle warn = app_text_style(app, 14, TEXT_REGULAR, UI_WARN);
        text_draw(app->text, app->renderer,
                  _("This game's figures go back to zero. Esc keeps them."), &warn, x,
                  button.y + button.h / 2 - app_px(app, 9), TEXT_LEFT);
    }
}

static void stats_draw(App *app, void *state, SDL_Renderer *r)
{
    StatsState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    ui_draw_heading(app, _("Statistics"),
                    _("Rounds and matches you finished, on this computer and with friends"));
    ui_draw_panel(app, app_rect(app, LIST_X, PANEL_Y, LIST_W, PANEL_H));
    for (int i = 0; i < s->ngames; i++) {
        draw_row(app, s, s->games[i]);
    }
    /* Which games the figures count: all, or those against one level (the
     * strongest computer at the table). */
    const Widget *aw = ui_find(&s->ui, STATS_AGAINST), *lw = ui_find(&s->ui, STATS_LEVEL);
    TextStyle lab = app_text_style(app, 12.5f, TEXT_BOLD, UI_GOLD);
    text_draw(app->text, app->renderer, _("GAMES (WHO ELSE WAS AT THE TABLE)"), &lab, aw->rect.x,
              aw->rect.y - app_px(app, 20), TEXT_LEFT);
    ui_draw_choice(app, &s->ui, STATS_AGAINST, against_name(s->against));
    text_draw(app->text, app->renderer, _("OPPONENTS (THE STRONGEST AT THE TABLE)"), &lab,
              lw->rect.x, lw->rect.y - app_px(app, 20), TEXT_LEFT);
    ui_draw_choice(app, &s->ui, STATS_LEVEL, level_name(s->level));
    draw_panel(app, s);
    ui_draw_button(app, &s->ui, STATS_BACK, _("Back"));
    static const char *const hints[] = {"arrows",    N_("Choose"), "Enter",
                                        N_("Press"), "Esc",        N_("Back")};
    ui_draw_hints(app, hints, 3);
}

/* For tests and $CEKI_STATE_LOG: the game shown and the level chosen. */
static void stats_describe(App *app, void *state, char *buf, size_t size)
{
    (void)app;
    const StatsState *s = state;
    static const char *const against[STORE_AGAINST_COUNT] = {"all", "computers", "people"};
    snprintf(buf, size, "shown=%s level=%s against=%s", variant_get(s->shown)->key,
             s->level < 0 ? "all" : stats_level_key(s->level), against[s->against]);
}

static const Ui *stats_widgets(const void *state)
{
    return &((const StatsState *)state)->ui;
}

const SceneClass scene_stats_class = {
    .name = "stats",
    .describe = stats_describe,
    .state_size = sizeof(StatsState),
    .enter = stats_enter,
    .handle_event = stats_event,
    .draw = stats_draw,
    .widgets = stats_widgets,
};
