/* scene_title.c — the title screen: the name, a fan of cards, the main menu. */
#include <stdio.h>
#include <string.h>

#include "journal.h"
#include "net_screens.h"
#include "net_ticket.h"
#include "scene.h"
#include "scenes.h"
#include "session.h"
#include "ui.h"

enum {
    TITLE_PLAY = 1,
    TITLE_LEARN,
    TITLE_GALLERY,
    TITLE_SETTINGS,
    TITLE_QUIT,
    TITLE_RESUME,
    TITLE_REPLAYS,
    TITLE_STATS,
    TITLE_REJOIN,  /* a network match in progress (net_ticket.h) */
    TITLE_FRIENDS, /* join a friend's table with its invite, or host one */
    TITLE_FORGET   /* once going back to the table did not seat the person */
};

typedef struct TitleState {
    Ui ui;
    bool files;      /* the app keeps the player's files (not headless runs) */
    bool can_resume; /* a saved game waits */
    bool elsewhere;  /* none, but one is open in another copy (said, not offered) */
    char resume_caption[96];
    char resume_match[STORE_ID_LEN + 1];
    bool can_rejoin;   /* a ticket back to a network match is kept */
    bool rejoining;    /* Rejoin was chosen; the join screen above has it */
    bool rejoin_ended; /* ... and came back here without a seat: try again or forget */
    NetTicket ticket;
    int order[11];
    int count;
} TitleState;

/* A game in progress another copy of the program plays (store_game_hold). */
static const char *const OPEN_ELSEWHERE = N_("This game is open in another window.");

static const char *const labels[] = {"",
                                     N_("Play"),
                                     N_("Learn the games"),
                                     N_("Card gallery"),
                                     N_("Settings"),
                                     N_("Quit"),
                                     N_("Resume game"),
                                     N_("Replays"),
                                     N_("Statistics"),
                                     N_("Rejoin the table"),
                                     N_("Play with friends"),
                                     N_("Forget the table")};

/* Rejoin reads "Try again" once going back did not seat the person. */
static const char *label_of(const TitleState *s, int id)
{
    return id == TITLE_REJOIN && s->rejoin_ended ? _("Try again") : _(labels[id]);
}

#define FORGET_GAP 12 /* Forget the table, right of Try again (design units) */
#define FORGET_W 250

static void layout(App *app, TitleState *s)
{
    ui_clear(&s->ui);
    s->count = 0;
    if (s->can_rejoin) {
        s->order[s->count++] = TITLE_REJOIN;
    }
    if (s->can_resume || s->elsewhere) {
        s->order[s->count++] = TITLE_RESUME;
    }
    s->order[s->count++] = TITLE_PLAY;
    s->order[s->count++] = TITLE_FRIENDS;
    s->order[s->count++] = TITLE_LEARN;
    s->order[s->count++] = TITLE_GALLERY;
    if (s->files) {
        s->order[s->count++] = TITLE_REPLAYS;
    }
    s->order[s->count++] = TITLE_STATS;
    s->order[s->count++] = TITLE_SETTINGS;
    s->order[s->count++] = TITLE_QUIT;
    /* Five buttons as ever; more close up to stay above the key hints. */
    static const float tops[] = {388, 380, 374, 366, 360, 354},
                       pitches[] = {66, 58, 52, 47, 43, 39}, heights[] = {54, 50, 45, 41, 38, 35};
    int step = SDL_clamp(s->count - 5, 0, 5);
    float top = tops[step], pitch = pitches[step], h = heights[step];
    for (int i = 0; i < s->count; i++) {
        int id = s->order[i];
        SDL_Rect r = app_rect(app, 112, top + (float)i * pitch, 330, h);
        bool primary = s->can_rejoin   ? id == TITLE_REJOIN
                       : s->can_resume ? id == TITLE_RESUME
                                       : id == TITLE_PLAY;
        ui_add(&s->ui, primary ? WIDGET_PRIMARY : WIDGET_BUTTON, id, r,
               id == TITLE_RESUME && !s->can_resume, label_of(s, id));
        if (id == TITLE_REJOIN && s->rejoin_ended) { /* beside it, where its caption was */
            ui_add(&s->ui, WIDGET_BUTTON, TITLE_FORGET,
                   app_rect(app, 112 + 330 + FORGET_GAP, top + (float)i * pitch, FORGET_W, h),
                   false, label_of(s, TITLE_FORGET));
        }
    }
    ui_fix_focus(&s->ui);
}

/* Looks for a game in progress to offer: the newest of any game that no
 * other copy has open; with none, the newest another copy has open, to say
 * so. */
static void check_save(App *app, TitleState *s)
{
    app_check_store(app);
    s->files = app->settings_path[0] != '\0' || store_persistent(app->store);
    StoreGame g;
    s->can_resume = journal_newest(app->store, NULL, &g);
    s->elsewhere = !s->can_resume && journal_newest_elsewhere(app->store, NULL, &g);
    if (s->can_resume || s->elsewhere) {
        memcpy(s->resume_match, g.match, sizeof s->resume_match);
        journal_caption(&g, s->resume_caption, sizeof s->resume_caption);
    }
    s->can_rejoin = app->session == NULL && net_ticket_load(app->store, &s->ticket);
}

static bool title_enter(App *app, void *state)
{
    TitleState *s = state;
    ui_init(&s->ui);
    check_save(app, s);
    layout(app, s);
    ui_focus(&s->ui, s->can_rejoin ? TITLE_REJOIN : s->can_resume ? TITLE_RESUME : TITLE_PLAY);
    return true;
}

static void title_resume(App *app, void *state)
{
    TitleState *s = state;
    bool had = s->can_resume;
    check_save(app, s);
    /* The join screen came back saying why (app->notice): no seat there. */
    s->rejoin_ended = s->rejoining && s->can_rejoin && app->net == NULL && app->notice[0] != '\0';
    s->rejoining = false;
    layout(app, s);
    if (s->rejoin_ended) {
        ui_focus(&s->ui, TITLE_REJOIN);
    } else if (s->can_resume && !had) {
        ui_focus(&s->ui, TITLE_RESUME);
    }
}

/* Loads the game in progress, hands it to the table through App.session
 * and opens the table. One that does not read is set aside among the
 * replays (journal_resume) and said. */
bool scene_resume_match(App *app, const char *match)
{
    char err[300];
    Session *saved = journal_resume(app->store, match, err, sizeof err);
    if (saved == NULL && store_game_open_elsewhere(app->store, match)) {
        app_show_toast(app, _(OPEN_ELSEWHERE));
        return false; /* taken up by another copy since it was offered */
    }
    if (saved == NULL) {
        snprintf(app->notice, sizeof app->notice,
                 _("Your saved game could not be resumed: %.200s. It was kept among the replays."),
                 err);
        app_report(app, app->notice);
        return false;
    }
    const Game *g = session_game(saved);
    const SessionSeats *seats = session_seats(saved);
    app_setup_variant(app, game_variant(g)->id);
    app->setup.config = *game_config(g);
    app->setup.seed_given = true;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        app->setup.human[i] = seats->human[i];
        app->setup.level[i] = seats->level[i];
    }
    session_destroy(app->session);
    app->session = saved;
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        if (app->session == saved) {
            app->session = NULL;
            journal_leave(app->store, saved);
            session_destroy(saved);
        }
        app_show_toast(app, why);
        return false;
    }
    return true;
}

static SceneAction resume_game(App *app, TitleState *s)
{
    if (!scene_resume_match(app, s->resume_match)) {
        check_save(app, s);
        layout(app, s);
    }
    return scene_stay();
}

/* Back to the network match the store keeps a ticket of: the table is
 * joined (or hosted again from its journal) and the join screen follows it
 * to the waiting room or the table; one that is gone is said and forgotten. */
static SceneAction rejoin(App *app, TitleState *s)
{
    char name[NET_NAME_MAX + 1], err[300] = "";
    net_screens_player_name(app, name, sizeof name);
    NetTable *t = net_ticket_rejoin(&s->ticket, name, err, sizeof err);
    if (t == NULL) {
        app_show_toast(app, err);
        net_ticket_forget(app->store);
        check_save(app, s);
        layout(app, s);
        return scene_stay();
    }
    net_table_destroy(app->net);
    app->net = t;
    s->rejoining = true;
    s->rejoin_ended = false;
    return scene_push(SCENE_JOIN);
}

/* The way back to the network match let go: Rejoin leaves the title. */
static SceneAction forget(App *app, TitleState *s)
{
    net_ticket_forget(app->store);
    s->rejoin_ended = false;
    app->notice[0] = '\0';
    check_save(app, s);
    layout(app, s);
    ui_focus(&s->ui, s->can_resume ? TITLE_RESUME : TITLE_PLAY);
    return scene_stay();
}

static SceneAction activate(App *app, TitleState *s, int id)
{
    switch (id) {
    case TITLE_REJOIN: return rejoin(app, s);
    case TITLE_FORGET: return forget(app, s);
    case TITLE_RESUME: return resume_game(app, s);
    case TITLE_REPLAYS: app->replay_path[0] = '\0'; return scene_push(SCENE_REPLAY);
    case TITLE_PLAY: app->setup.network = false; return scene_push(SCENE_VARIANTS);
    case TITLE_FRIENDS: return scene_push(SCENE_JOIN);
    case TITLE_LEARN: return scene_push(SCENE_LEARN);
    case TITLE_GALLERY: app->gallery_style = STYLE_COUNT; return scene_push(SCENE_GALLERY);
    case TITLE_SETTINGS: return scene_push(SCENE_SETTINGS);
    case TITLE_STATS: return scene_push(SCENE_STATS);
    case TITLE_QUIT: return scene_quit();
    default: return scene_stay();
    }
}

static SceneAction title_event(App *app, void *state, const SDL_Event *e)
{
    TitleState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_ACTIVATE) {
        if (app->notice[0] != '\0') {
            app->notice[0] = '\0'; /* read: the player has moved on */
        }
        return activate(app, s, ev.id);
    }
    if (ev.kind == UI_BACK) {
        /* Nothing to go back to: Esc takes the focus to Quit, and Esc on
         * Quit quits (the game in progress is already saved). */
        if (s->ui.focus == TITLE_QUIT) {
            return activate(app, s, TITLE_QUIT);
        }
        ui_focus(&s->ui, TITLE_QUIT);
    }
    return scene_stay();
}

/* A fan of cards on the right: the three honours in the middle. */
static void draw_fan(App *app)
{
    static const Card fan[] = {CARD_C1 + 8, CARD_S1 + 4, CARD_OT,    CARD_WF,
                               CARD_RF,     CARD_M1 + 8, CARD_C1 + 1};
    int n = (int)(sizeof fan / sizeof fan[0]);
    DeckStyle style = settings_style_for(&app->settings, NULL);
    bool ceki = deck_style_get(style)->art == ART_CEKI;
    float h = ceki ? 300.0f : 250.0f;
    float w = (float)(h * card_art_aspect(style, CARD_OT));
    unsigned flags = CARD_RED_STAMP | (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
    for (int i = 0; i < n; i++) {
        float t = (float)i - (float)(n - 1) / 2.0f;
        double angle = (double)t * (ceki ? 9.0 : 11.0);
        float cx = 900 + t * (ceki ? 62.0f : 58.0f);
        float cy = 430 + (t * t) * 7.0f;
        SDL_Rect r = app_rect(app, cx - w / 2, cy - h / 2, w, h);
        card_art_draw_rotated(app->cards, app->renderer, style, fan[i], r, angle, flags);
    }
}

#define CAPTION_MAX 300  /* the widest caption beside Resume, in design units */
#define CAPTION_WIDE 380 /* with the line that says another copy has it open */

/* Which game waits, on a panel of its own beside Resume (the fan lies
 * behind it); a game open in another copy says so on a second line. */
static void draw_caption(App *app, const TitleState *s, SDL_Rect beside)
{
    TextStyle cap = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    const char *second = s->elsewhere ? _(OPEN_ELSEWHERE) : "";
    int tw = 0, th = 0, sw = 0, sh = 0;
    text_measure(app->text, s->resume_caption, cap.px, cap.weight, &tw, &th);
    if (second[0] != '\0') {
        text_measure(app->text, second, cap.px, cap.weight, &sw, &sh);
    }
    int pad = app_px(app, 14);
    int widest = app_px(app, second[0] != '\0' ? CAPTION_WIDE : CAPTION_MAX);
    SDL_Rect pill = {beside.x + beside.w + app_px(app, 12), 0,
                     SDL_min(SDL_max(tw, sw), widest) + 2 * pad, th + sh + pad};
    pill.y = beside.y + (beside.h - pill.h) / 2;
    ui_draw_panel(app, pill);
    SDL_Rect line = {pill.x, pill.y, pill.w, th + pad};
    if (second[0] != '\0') {
        line.h = th + pad / 2;
        text_draw_in(app->text, app->renderer, s->resume_caption, &cap, line, TEXT_CENTER);
        line = (SDL_Rect){pill.x, line.y + th, pill.w, sh + pad / 2};
        text_draw_in(app->text, app->renderer, second, &cap, line, TEXT_CENTER);
        return;
    }
    text_draw_in(app->text, app->renderer, s->resume_caption, &cap, line, TEXT_CENTER);
}

/* Where the network match is, on a pill beside Rejoin. */
static void draw_rejoin_caption(App *app, const TitleState *s, SDL_Rect beside)
{
    char where[160];
    net_ticket_caption(&s->ticket, where, sizeof where);
    TextStyle cap = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    int tw = 0, th = 0;
    text_measure(app->text, where, cap.px, cap.weight, &tw, &th);
    int pad = app_px(app, 14);
    SDL_Rect pill = {beside.x + beside.w + app_px(app, 12), 0,
                     SDL_min(tw, app_px(app, CAPTION_WIDE)) + 2 * pad, th + pad};
    pill.y = beside.y + (beside.h - pill.h) / 2;
    ui_draw_panel(app, pill);
    text_draw_in(app->text, app->renderer, where, &cap, pill, TEXT_CENTER);
}

static void title_draw(App *app, void *state, SDL_Renderer *r)
{
    TitleState *s = state;
    layout(app, s);
    ui_draw_background(app);
    draw_fan(app);

    /* The name in Javanese script above the Latin one. */
    TextStyle jav = app_text_style(app, 46, TEXT_REGULAR, UI_GOLD);
    SDL_Rect at = app_rect(app, 108, 92, 0, 0);
    SDL_Rect box = text_draw(app->text, r, "\xea\xa6\x95\xea\xa6\xbc\xea\xa6\x8f\xea\xa6\xb6", &jav,
                             at.x, at.y, TEXT_LEFT);
    TextStyle name = app_text_style(app, 104, TEXT_BOLD, UI_INK);
    box = text_draw(app->text, r, "Ceki", &name, at.x - app_px(app, 4),
                    box.y + box.h - app_px(app, 22), TEXT_LEFT);
    TextStyle tag = app_text_style(app, 21, TEXT_REGULAR, UI_INK_SOFT);
    box = text_draw(app->text, r, _("The fishing card games of Java"), &tag, at.x,
                    box.y + box.h - app_px(app, 6), TEXT_LEFT);
    paint_fill_rect(r,
                    (SDL_Rect){at.x, box.y + box.h + app_px(app, 14), app_px(app, 84),
                               SDL_max(2, app_px(app, 3))},
                    UI_GOLD);

    for (int i = 0; i < s->count; i++) {
        ui_draw_button(app, &s->ui, s->order[i], label_of(s, s->order[i]));
    }
    const Widget *resume = ui_find(&s->ui, TITLE_RESUME);
    if (resume != NULL) {
        draw_caption(app, s, resume->rect);
    }
    const Widget *back = ui_find(&s->ui, TITLE_REJOIN);
    const Widget *forget = ui_find(&s->ui, TITLE_FORGET);
    if (forget != NULL) {
        ui_draw_panel(app, forget->rect); /* over the fan, as the caption's pill */
        ui_draw_button(app, &s->ui, TITLE_FORGET, label_of(s, TITLE_FORGET));
    } else if (back != NULL) {
        draw_rejoin_caption(app, s, back->rect);
    }

    if (app->notice[0] != '\0') {
        /* As tall as the text needs (settings and statistics may both report). */
        TextStyle warn = app_text_style(app, 15, TEXT_REGULAR, UI_INK);
        SDL_Rect banner = app_rect(app, 320, 20, 640, 62);
        int text_w = banner.w - app_px(app, 36);
        int need = text_draw_wrapped(app->text, NULL, app->notice, &warn,
                                     (SDL_Rect){0, 0, text_w, 0}, TEXT_LEFT, 1.0f);
        banner.h = SDL_max(banner.h, need + app_px(app, 22));
        ui_draw_panel(app, banner);
        paint_fill_rect(r,
                        (SDL_Rect){banner.x, banner.y + app_px(app, 10), SDL_max(2, app_px(app, 4)),
                                   banner.h - app_px(app, 20)},
                        UI_WARN);
        SDL_Rect inner = {banner.x + app_px(app, 20), banner.y + app_px(app, 10), text_w, banner.h};
        text_draw_wrapped(app->text, r, app->notice, &warn, inner, TEXT_LEFT, 1.0f);
    }

    TextStyle faint = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
    SDL_Rect foot = app_rect(app, 112, 800 - 36, 0, 0);
    text_draw(app->text, r, "Version " CEKI_VERSION, &faint, foot.x, foot.y, TEXT_LEFT);
    static const char *const hints[] = {"arrows",     N_("Move"), "Enter",
                                        N_("Select"), "Esc",      N_("Quit")};
    ui_draw_hints(app, hints, 3);
}

static const Ui *title_widgets(const void *state)
{
    return &((const TitleState *)state)->ui;
}

const SceneClass scene_title_class = {
    .name = "title",
    .state_size = sizeof(TitleState),
    .enter = title_enter,
    .resume = title_resume,
    .handle_event = title_event,
    .draw = title_draw,
    .widgets = title_widgets,
};
