/* scene_learn.c — the learn scene: a variant's pages in a side list, one
 * page scrolling in the content panel, interactive examples, and the
 * shared pages (comparison, glossary, guided game). Reached from the title,
 * from setup ("How do I play this?") and from the table (learn_push_overlay). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guided_line.h"
#include "journal.h"
#include "learn_internal.h"
#include "scene.h"
#include "scenes.h"

#define BACK_W 132.0f         /* design units: Back, top right */
#define OVERLAY_BACK_W 212.0f /* ... over a table: "Back to the table" */
#define CHOICE_W 340.0f       /* the choice of game, left of Back */

/* ---- geometry (design units) ------------------------------------------------------- */

static const float SIDE_X = 44, SIDE_W = 232, PANEL_X = 292, PANEL_W = 936;
static const float PANEL_Y = 124, PANEL_H = 612;
static const float TAB_Y = 138, TAB_H = 38, TAB_STEP = 41;

static LearnState *top_learn(const App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || top->cls != &scene_learn_class) {
        return NULL;
    }
    return top->state;
}

static SDL_Rect view_rect(const App *app)
{
    return app_rect(app, PANEL_X + 26, PANEL_Y + 16, PANEL_W - 26 - 44, PANEL_H - 32);
}

static DeckStyle style_for(const App *app, VariantId v)
{
    if (variant_get(v)->deck == DECK_FRENCH_NO_KINGS) {
        return STYLE_FRENCH;
    }
    if (v == app->setup.config.variant) {
        return app->setup.style;
    }
    return settings_style_for(&app->settings, variant_get(v));
}

/* ---- boards --------------------------------------------------------------------------- */

void learn_board_refresh(LearnBoard *b)
{
    if (b->game == NULL) {
        return;
    }
    Observation *o = malloc(sizeof *o);
    if (o == NULL) {
        return;
    }
    int seat = 0;
    if (game_observe(b->game, seat, o) == CEKI_OK) {
        b->nhand = o->hand_count[seat];
        memcpy(b->hand, o->hand, (size_t)b->nhand);
        b->npool = o->pool_count;
        memcpy(b->pool, o->pool, (size_t)b->npool);
    }
    free(o);
}

static void board_free(LearnBoard *b)
{
    game_destroy(b->game);
    b->game = NULL;
}

void learn_boards_destroy(LearnState *s)
{
    for (int i = 0; i < s->nboards; i++) {
        board_free(&s->boards[i]);
    }
    s->nboards = 0;
}

static void board_init(LearnState *s, LearnBoard *b)
{
    board_free(b);
    BoardKind kind = b->kind;
    int block = b->block, example = b->example;
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->block = block;
    b->example = example;
    b->selected = -1;
    b->discard = -1;
    b->taken[0] = b->taken[1] = CARD_NONE;
    int count = 0;
    switch (kind) {
    case BOARD_TRY: {
        const LearnTryExample *ex = &learn_try_examples(&count)[example];
        b->game = learn_example_position(s->variant, ex->hand, ex->pool, ex->first_turn);
        learn_board_refresh(b);
        break;
    }
    case BOARD_DEMO: {
        GameConfig cfg = game_config_default(s->variant, LEARN_SEED);
        cfg.rounds = 1;
        b->game = game_create(&cfg, NULL);
        break;
    }
    case BOARD_CHECKI: break;
    }
}

void learn_boards_create(LearnState *s)
{
    learn_boards_destroy(s);
    for (int bi = 0; bi < s->doc.count && s->nboards < LEARN_MAX_BOARDS; bi++) {
        const LearnBlock *blk = &s->doc.blocks[bi];
        BoardKind kind;
        if (blk->kind == LB_TRY) {
            kind = BOARD_TRY;
        } else if (blk->kind == LB_DEMO) {
            kind = BOARD_DEMO;
        } else if (blk->kind == LB_CHECKI) {
            int count = 0;
            const LearnCheckiExample *ex = &learn_checki_examples(&count)[blk->index];
            Card tmp[16];
            if (learn_parse_cards(ex->hand, tmp, 16) != 9) {
                continue;
            }
            kind = BOARD_CHECKI;
        } else {
            continue;
        }
        LearnBoard *b = &s->boards[s->nboards++];
        memset(b, 0, sizeof *b);
        b->kind = kind;
        b->block = bi;
        b->example = blk->index;
        board_init(s, b);
    }
}

void learn_board_reset(App *app, LearnState *s, int board)
{
    if (board >= 0 && board < s->nboards) {
        board_init(s, &s->boards[board]);
        s->last_verdict = s->boards[board].verdict;
    }
    app->dirty = true;
}

static void board_log(LearnState *s, LearnBoard *b)
{
    int count = 0;
    const GameEvent *ev = game_events(b->game, &count);
    LearnSeatNames names;
    learn_seat_names(b->game, -1, &names);
    LearnStep told[24];
    int n = 0;
    learn_tell_events(ev, count, &names, s->style, told, &n, 24);
    for (int i = 0; i < n; i++) {
        if (b->nlog == LEARN_LOG) {
            memmove(b->log, b->log + 1, sizeof b->log[0] * (LEARN_LOG - 1));
            b->nlog--;
        }
        b->log[b->nlog++] = told[i];
    }
}

void learn_board_attempt(App *app, LearnState *s, int board, int hand_index, Card target)
{
    if (board < 0 || board >= s->nboards) {
        return;
    }
    LearnBoard *b = &s->boards[board];
    app->dirty = true;
    if (b->game == NULL || hand_index < 0 || hand_index >= b->nhand) {
        return;
    }
    if (b->locked) {
        snprintf(b->verdict.text, sizeof b->verdict.text,
                 _("That example is done: press Start again to try another move."));
        return;
    }
    int seat = 0;
    if (game_to_move(b->game) != seat) {
        b->verdict = (LearnVerdict){.made = true, .legal = false};
        snprintf(b->verdict.text, sizeof b->verdict.text,
                 _("Not yet: it is not your turn. Press Continue to see the other players move."));
        s->last_verdict = b->verdict;
        return;
    }
    Card card = b->hand[hand_index];
    learn_judge(b->game, s->style, card, target, &b->verdict);
    s->last_verdict = b->verdict;
    if (!b->verdict.legal) {
        return;
    }
    Move m = {.type = MOVE_PLAY, .seat = (uint8_t)seat, .card = card, .target = target};
    if (game_apply(b->game, &m) != CEKI_OK) {
        return;
    }
    b->selected = -1;
    b->taken[0] = card;
    b->taken[1] = target;
    board_log(s, b);
    learn_board_refresh(b);
    if (b->kind == BOARD_TRY) {
        b->locked = true;
    }
}

static void demo_step(LearnState *s, LearnBoard *b)
{
    Move m;
    if (b->game == NULL || game_round_over(b->game) || game_match_over(b->game) ||
        !learn_pick_move(b->game, &m) || game_apply(b->game, &m) != CEKI_OK) {
        return;
    }
    board_log(s, b);
}

/* ---- pages ------------------------------------------------------------------------------ */

static void open_page(App *app, LearnState *s, int index)
{
    if (index < 0 || index >= s->nsections) {
        return;
    }
    s->section = index;
    s->style = style_for(app, s->variant);
    learn_doc_build(&s->doc, s->variant, s->sections[index], s->style);
    learn_boards_create(s);
    learn_layout_invalidate(s);
    s->scroll = 0;
    s->pressed = s->dragging = s->scroll_drag = false;
    s->last_verdict = (LearnVerdict){0};
    app->dirty = true;
}

/* Whether this game's guided game was left in the middle (none offered over
 * a table: that game must be left first). */
static void check_lesson(App *app, LearnState *s)
{
    StoreGame g;
    s->lesson_kept = !s->overlay && journal_lesson(app->store, variant_get(s->variant)->key, &g);
    if (s->lesson_kept) {
        memcpy(s->lesson_match, g.match, sizeof s->lesson_match);
    }
}

static void open_variant(App *app, LearnState *s, VariantId v, LearnSection want)
{
    s->variant = v;
    check_lesson(app, s);
    s->style = style_for(app, v);
    s->nsections = learn_sections(v, s->sections);
    int index = 0;
    for (int i = 0; i < s->nsections; i++) {
        if (s->sections[i] == want) {
            index = i;
        }
    }
    open_page(app, s, index);
}

/* For screenshots: CEKI_LEARN_STEPS moves played on the page's boards (a
 * watched round's turns, the first card of an example tried on the first
 * pool card; on the guided page, the guided game's steps). */
static void apply_steps(App *app, LearnState *s, int steps)
{
    for (int i = 0; i < s->nboards; i++) {
        LearnBoard *b = &s->boards[i];
        for (int k = 0; k < steps && b->game != NULL; k++) {
            if (b->kind == BOARD_DEMO) {
                demo_step(s, b);
            } else if (b->kind == BOARD_TRY && k == 0 && b->nhand > 0 && b->npool > 0) {
                learn_board_attempt(app, s, i, 0, b->pool[0]);
            }
        }
    }
}

/* ---- the guided game ------------------------------------------------------------------ */

/* Screenshots of the guided game show it past its opening words. */
#define GUIDED_SCREENSHOT_STEPS 1

/* app->setup lent to the guided deal of the page's game (the player's own
 * kept to be given back when Learn shows again). */
static void lend_setup(App *app, LearnState *s)
{
    const VariantDesc *v = variant_get(s->variant);
    GuidedDeal d = guided_deal_of(v);
    if (!s->setup_lent) {
        s->setup_before = app->setup;
        s->setup_lent = true;
    }
    GameSetup *g = &app->setup;
    g->config = guided_config(&d, v->id);
    for (int seat = 0; seat < CEKI_MAX_SEATS; seat++) {
        g->human[seat] = seat == d.seat;
        g->level[seat] = GUIDED_LEVEL;
    }
    g->style = s->style;
    g->seed_given = true;
    app->table_run.guided = true;
}

SceneAction learn_start_guided(App *app, LearnState *s)
{
    if (s->lesson_kept) {
        /* A new start: the one left in the middle goes (never a game). */
        char err[200];
        store_game_drop(app->store, s->lesson_match, err, sizeof err);
        s->lesson_kept = false;
    }
    lend_setup(app, s);
    return scene_push(SCENE_TABLE);
}

SceneAction learn_go_on_guided(App *app, LearnState *s)
{
    char err[300];
    Session *saved =
        s->lesson_kept ? journal_resume(app->store, s->lesson_match, err, sizeof err) : NULL;
    if (saved == NULL) {
        char msg[400];
        snprintf(msg, sizeof msg, _("The guided game could not go on: %.200s."),
                 s->lesson_kept ? err : _("it is no longer there"));
        app_show_toast(app, msg);
        check_lesson(app, s);
        learn_layout_invalidate(s);
        return scene_stay();
    }
    lend_setup(app, s);
    session_destroy(app->session);
    app->session = saved; /* the table takes it up (open_session) */
    return scene_push(SCENE_TABLE);
}

/* Back from the guided game: the player's own setup again. */
static void learn_resume(App *app, void *state)
{
    LearnState *s = state;
    if (s->setup_lent) {
        app->setup = s->setup_before;
        s->setup_lent = false;
    }
    app->table_run.guided = false;
    check_lesson(app, s);
    s->focus_go_on = s->lesson_kept;
    learn_layout_invalidate(s);
}

static SceneAction learn_update(App *app, void *state, double dt)
{
    (void)dt;
    LearnState *s = state;
    if (!s->guided_pending) {
        return scene_stay();
    }
    s->guided_pending = false;
    const char *steps = SDL_getenv("CEKI_LEARN_STEPS");
    app->table_run.guided_steps =
        steps != NULL && steps[0] != '\0' ? atoi(steps) : GUIDED_SCREENSHOT_STEPS;
    app->animating = true; /* the table's first frames follow */
    if (app->table_run.guided_steps > GUIDED_SCREENSHOT_STEPS) {
        /* Steps further on, within the screenshot's settling: no motion. */
        app->settings.anim_speed = ANIM_INSTANT;
    }
    return learn_start_guided(app, s);
}

/* CEKI_LEARN_PAGE: a section key or its number; CEKI_LEARN_SCROLL: units or "end". */
static void apply_environment(App *app, LearnState *s)
{
    const char *page = SDL_getenv("CEKI_LEARN_PAGE");
    if (page != NULL && page[0] != '\0') {
        char *end = NULL;
        long n = strtol(page, &end, 10);
        if (end != page && *end == '\0') {
            open_page(app, s, (int)n);
        } else {
            LearnSection want = learn_section_find(page);
            for (int i = 0; i < s->nsections; i++) {
                if (s->sections[i] == want) {
                    open_page(app, s, i);
                }
            }
        }
    }
    const char *steps = SDL_getenv("CEKI_LEARN_STEPS");
    if (steps != NULL && steps[0] != '\0') {
        apply_steps(app, s, atoi(steps));
    }
    const char *scroll = SDL_getenv("CEKI_LEARN_SCROLL");
    if (scroll != NULL && scroll[0] != '\0') {
        s->pending_scroll = strcmp(scroll, "end") == 0 ? 1e9f : (float)atof(scroll);
    }
}

/* ---- layout ---------------------------------------------------------------------------- */

/* The side list's titles and the heading must fit where they are drawn. */
static void check_labels(App *app, LearnState *s)
{
    TextStyle t = app_text_style(app, 16.5f, TEXT_BOLD, UI_INK);
    int room = app_px(app, SIDE_W - 20 - 44);
    for (int i = 0; i < s->nsections; i++) {
        const char *title = learn_section_title(s->variant, s->sections[i]);
        int w = 0, h = 0;
        text_measure(app->text, title, t.px, t.weight, &w, &h);
        if (w > room) {
            learn_overflow(s, title, room, w);
        }
    }
    const VariantDesc *v = variant_get(s->variant);
    TextStyle big = app_text_style(app, 32, TEXT_BOLD, UI_INK);
    TextStyle jav = app_text_style(app, 26, TEXT_REGULAR, UI_GOLD);
    int nw = 0, jw = 0, h = 0;
    text_measure(app->text, _(v->name), big.px, big.weight, &nw, &h);
    text_measure(app->text, v->javanese, jav.px, jav.weight, &jw, &h);
    int head = nw + (v->javanese[0] != '\0' ? app_px(app, 14) + jw : 0);
    const Widget *game = ui_find(&s->ui, LID_VARIANT);
    int head_room = (game != NULL ? game->rect.x : app_rect(app, 740, 0, 0, 0).x) -
                    app_rect(app, 56 + 16, 0, 0, 0).x;
    if (head > head_room) {
        learn_overflow(s, _(v->name), head_room, head);
    }
    TextStyle choice = app_text_style(app, 18, TEXT_REGULAR, UI_INK);
    int cw = 0;
    text_measure(app->text, _(v->name), choice.px, choice.weight, &cw, &h);
    if (cw > app_px(app, CHOICE_W - 2 * 44)) {
        learn_overflow(s, _(v->name), app_px(app, CHOICE_W - 2 * 44), cw);
    }
}

static void layout(App *app, LearnState *s, bool draw)
{
    s->view = view_rect(app);
    ui_clear(&s->ui);
    /* Over a table, Back says where it goes (the choice of game moves left). */
    float back_w = s->overlay ? OVERLAY_BACK_W : BACK_W;
    ui_add(&s->ui, WIDGET_BUTTON, LID_BACK, app_rect(app, 1228 - back_w, 40, back_w, 44), false,
           s->overlay ? _("Back to the table") : _("Back"));
    ui_add(&s->ui, WIDGET_CHOICE, LID_VARIANT,
           app_rect(app, 1228 - back_w - 16 - CHOICE_W, 40, CHOICE_W, 44), false, _("Game"));
    for (int i = 0; i < s->nsections; i++) {
        ui_add(&s->ui, WIDGET_ITEM, LID_TAB + i,
               app_rect(app, SIDE_X + 10, TAB_Y + (float)i * TAB_STEP, SIDE_W - 20, TAB_H), false,
               learn_section_key(s->sections[i]));
    }
    if (s->from_title && !s->overlay) {
        ui_add(&s->ui, WIDGET_PRIMARY, LID_PLAY, app_rect(app, SIDE_X + 10, 680, SIDE_W - 20, 44),
               false, _("Play this game"));
    }
    if (draw) {
        s->frame_overflows = 0;
    }
    learn_page_pass(app, s, draw);
    if (draw) {
        check_labels(app, s);
        s->metrics.overflows = s->layout_overflows + s->frame_overflows;
    }
    /* A focused card scrolled out of view hands the focus to the page's
     * own tab, never to Back. */
    if (ui_find(&s->ui, s->ui.focus) == NULL) {
        ui_focus(&s->ui, LID_TAB + s->section);
    }
    ui_fix_focus(&s->ui);
}

/* ---- entering -------------------------------------------------------------------------- */

static bool learn_enter(App *app, void *state)
{
    LearnState *s = state;
    ui_init(&s->ui);
    s->pending_scroll = -1;
    int below = app->scenes.count - 1; /* this scene is not on the stack yet */
    s->from_title = below < 0 || app->scenes.frames[below].cls == &scene_title_class;
    open_variant(app, s, app->setup.config.variant, LEARN_ORIGIN);
    apply_environment(app, s);
    /* CEKI_LEARN_PAGE=guided: the guided game itself, at its first step. */
    s->guided_pending =
        s->sections[s->section] == LEARN_GUIDED && SDL_getenv("CEKI_LEARN_PAGE") != NULL;
    layout(app, s, false);
    ui_focus(&s->ui, LID_TAB + s->section);
    return true;
}

static void learn_leave(App *app, void *state)
{
    (void)app;
    learn_boards_destroy(state);
}

/* Opens learn over the current scene at page `want` of variant v. */
static void push_over(App *app, VariantId v, LearnSection want)
{
    char why[200];
    if (!scene_stack_push(app, SCENE_LEARN, why, sizeof why)) {
        app_show_toast(app, why);
        return;
    }
    LearnState *s = top_learn(app);
    if (s == NULL) {
        return;
    }
    s->overlay = true;
    s->from_title = false;
    open_variant(app, s, v, want);
    ui_focus(&s->ui, LID_TAB + s->section);
    layout(app, s, false);
}

void learn_push_keys(App *app)
{
    VariantId v =
        variant_get(app->setup.config.variant) ? app->setup.config.variant : VARIANT_DEFAULT;
    push_over(app, v, LEARN_KEYS);
}

void learn_push_overlay(App *app, VariantId v)
{
    if (variant_get(v) == NULL) {
        return;
    }
    /* In the middle of a game the capture rules matter most (the turn, in a
     * game with nothing to decide). */
    LearnSection sec[LEARN_SECTION_COUNT];
    int n = learn_sections(v, sec);
    LearnSection want = LEARN_TURN;
    for (int i = 0; i < n; i++) {
        want = sec[i] == LEARN_CAPTURE ? LEARN_CAPTURE : want;
    }
    push_over(app, v, want);
}

bool learn_info(const App *app, LearnInfo *out)
{
    const LearnState *s = top_learn(app);
    if (s == NULL) {
        return false;
    }
    *out = (LearnInfo){.variant = s->variant,
                       .section = s->sections[s->section],
                       .overlay = s->overlay,
                       .scroll = s->scroll,
                       .scroll_max = SDL_max(0, s->page_h - s->view.h),
                       .viewport = s->view,
                       .doc = &s->doc,
                       .metrics = &s->metrics,
                       .verdict = s->last_verdict};
    return true;
}

/* ---- input -------------------------------------------------------------------------------- */

static void scroll_by(App *app, LearnState *s, int pixels)
{
    s->scroll = SDL_clamp(s->scroll + pixels, 0, SDL_max(0, s->page_h - s->view.h));
    app->dirty = true;
}

static const LearnHit *hit_at(const LearnState *s, int x, int y, int kind_mask)
{
    SDL_Point pt = {x, y};
    for (int i = s->nhits - 1; i >= 0; i--) {
        if ((kind_mask & (1 << s->hits[i].kind)) && SDL_PointInRect(&pt, &s->hits[i].rect)) {
            return &s->hits[i];
        }
    }
    return NULL;
}

static int board_of_block(const LearnState *s, int block)
{
    for (int i = 0; i < s->nboards; i++) {
        if (s->boards[i].block == block) {
            return i;
        }
    }
    return -1;
}

static void pick_discard(App *app, LearnState *s, int board, int index)
{
    LearnBoard *b = &s->boards[board];
    b->discard = b->discard == index ? -1 : index;
    learn_layout_invalidate(s);
    app->dirty = true;
}

static void select_card(App *app, LearnState *s, int board, int index)
{
    LearnBoard *b = &s->boards[board];
    if (b->locked) {
        snprintf(b->verdict.text, sizeof b->verdict.text,
                 _("That example is done: press Start again to try another move."));
        b->verdict.made = true;
    } else {
        b->selected = b->selected == index ? -1 : index;
    }
    app->dirty = true;
}

/* A widget of a block was activated. */
static SceneAction activate_part(App *app, LearnState *s, int id)
{
    int rel = id - LID_BLOCK;
    int block = rel / 100, part = rel % 100;
    if (block < 0 || block >= s->doc.count) {
        return scene_stay();
    }
    const LearnBlock *blk = &s->doc.blocks[block];
    if (blk->kind == LB_GUIDED && part == PART_RUN && !s->overlay) {
        return learn_start_guided(app, s);
    }
    if (blk->kind == LB_GUIDED && part == PART_STEP && !s->overlay) {
        return learn_go_on_guided(app, s);
    }
    if (blk->kind == LB_COMPARE && blk->index >= 0) {
        open_variant(app, s, (VariantId)blk->index, LEARN_ORIGIN);
        ui_focus(&s->ui, LID_TAB);
        return scene_stay();
    }
    int board = board_of_block(s, block);
    if (board < 0) {
        return scene_stay();
    }
    LearnBoard *b = &s->boards[board];
    if (b->kind == BOARD_CHECKI && part < PART_POOL) {
        pick_discard(app, s, board, part - PART_HAND);
    } else if (part < PART_POOL) {
        select_card(app, s, board, part - PART_HAND);
    } else if (part < PART_TRAIL) {
        int i = part - PART_POOL;
        if (b->selected < 0) {
            b->verdict = (LearnVerdict){.made = true};
            snprintf(b->verdict.text, sizeof b->verdict.text,
                     _("First pick a card from your hand, then the pool card it should take."));
            app->dirty = true;
        } else if (i < b->npool) {
            learn_board_attempt(app, s, board, b->selected, b->pool[i]);
        }
    } else if (part == PART_TRAIL) {
        if (b->selected >= 0) {
            learn_board_attempt(app, s, board, b->selected, CARD_NONE);
        }
    } else if (part == PART_RESET) {
        learn_board_reset(app, s, board);
    } else if (part == PART_STEP) {
        if (b->kind == BOARD_DEMO) {
            demo_step(s, b);
        }
    } else if (part == PART_RUN) {
        if (b->kind == BOARD_DEMO) {
            for (int k = 0; k < 400 && b->game != NULL && !game_round_over(b->game); k++) {
                demo_step(s, b);
            }
        }
    }
    app->dirty = true;
    return scene_stay();
}

static SceneAction play_this(App *app, LearnState *s)
{
    app_setup_variant(app, s->variant);
    return scene_replace(SCENE_SETUP);
}

static SceneAction on_ui(App *app, LearnState *s, UiEvent ev)
{
    switch (ev.kind) {
    case UI_BACK: return scene_pop();
    case UI_DECREASE:
    case UI_INCREASE:
        if (ev.id == LID_VARIANT) {
            int dir = ev.kind == UI_INCREASE ? 1 : -1;
            VariantId next = (VariantId)(((int)s->variant + dir + VARIANT_COUNT) % VARIANT_COUNT);
            open_variant(app, s, next, s->sections[s->section]);
        }
        return scene_stay();
    case UI_ACTIVATE:
        if (ev.id == LID_BACK) {
            return scene_pop();
        }
        if (ev.id == LID_PLAY) {
            return play_this(app, s);
        }
        if (ev.id >= LID_TAB && ev.id < LID_TAB + s->nsections) {
            open_page(app, s, ev.id - LID_TAB);
            return scene_stay();
        }
        if (ev.id >= LID_BLOCK) {
            return activate_part(app, s, ev.id);
        }
        return scene_stay();
    default: return scene_stay();
    }
}

static SceneAction mouse_down(App *app, LearnState *s, const SDL_Event *e)
{
    int x = e->button.x, y = e->button.y;
    const LearnHit *h = hit_at(s, x, y, 1 << HIT_HAND | 1 << HIT_PICK);
    if (h != NULL && h->kind == HIT_PICK) {
        pick_discard(app, s, h->board, h->index);
        return scene_stay();
    }
    if (h != NULL) {
        s->pressed = true;
        s->dragging = false;
        s->press_board = h->board;
        s->press_index = h->index;
        s->press_x = s->mouse_x = x;
        s->press_y = s->mouse_y = y;
        int id = ui_hit(&s->ui, x, y);
        if (id >= 0) {
            ui_focus(&s->ui, id);
        }
        return scene_stay();
    }
    h = hit_at(s, x, y, 1 << HIT_POOL | 1 << HIT_ZONE);
    if (h != NULL && s->boards[h->board].selected >= 0) {
        LearnBoard *b = &s->boards[h->board];
        learn_board_attempt(app, s, h->board, b->selected,
                            h->kind == HIT_POOL ? h->card : CARD_NONE);
        return scene_stay();
    }
    if (ui_hit(&s->ui, x, y) >= 0) {
        return on_ui(app, s, ui_handle_event(&s->ui, e));
    }
    SDL_Point pt = {x, y};
    if (SDL_PointInRect(&pt, &s->view)) {
        s->scroll_drag = true;
        s->press_y = y;
        s->scroll_drag_from = s->scroll;
    }
    return scene_stay();
}

static SceneAction mouse_up(App *app, LearnState *s, const SDL_Event *e)
{
    int x = e->button.x, y = e->button.y;
    if (s->pressed) {
        int board = s->press_board, index = s->press_index;
        bool dragged = s->dragging;
        s->pressed = s->dragging = false;
        app->dirty = true;
        if (!dragged) {
            select_card(app, s, board, index);
            return scene_stay();
        }
        const LearnHit *h = hit_at(s, x, y, 1 << HIT_POOL | 1 << HIT_ZONE);
        if (h != NULL && h->board == board) {
            learn_board_attempt(app, s, board, index, h->kind == HIT_POOL ? h->card : CARD_NONE);
        }
        return scene_stay();
    }
    if (s->scroll_drag) {
        s->scroll_drag = false;
        return scene_stay();
    }
    return on_ui(app, s, ui_handle_event(&s->ui, e));
}

static SceneAction learn_event(App *app, void *state, const SDL_Event *e)
{
    LearnState *s = state;
    layout(app, s, false);
    switch (e->type) {
    case SDL_MOUSEWHEEL: scroll_by(app, s, -e->wheel.y * app_px(app, 60)); return scene_stay();
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT) {
            return mouse_down(app, s, e);
        }
        return on_ui(app, s, ui_handle_event(&s->ui, e));
    case SDL_MOUSEMOTION:
        if (s->pressed) {
            s->mouse_x = e->motion.x;
            s->mouse_y = e->motion.y;
            int dx = s->mouse_x - s->press_x, dy = s->mouse_y - s->press_y;
            if (dx * dx + dy * dy > app_px(app, 6) * app_px(app, 6)) {
                s->dragging = true;
            }
            app->dirty = true;
            return scene_stay();
        }
        if (s->scroll_drag) {
            s->scroll = SDL_clamp(s->scroll_drag_from - (e->motion.y - s->press_y), 0,
                                  SDL_max(0, s->page_h - s->view.h));
            app->dirty = true;
            return scene_stay();
        }
        return on_ui(app, s, ui_handle_event(&s->ui, e));
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT) {
            return mouse_up(app, s, e);
        }
        return scene_stay();
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        int line = app_px(app, 48), page = s->view.h - app_px(app, 48);
        switch (k) {
        case SDLK_UP: scroll_by(app, s, -line); return scene_stay();
        case SDLK_DOWN: scroll_by(app, s, line); return scene_stay();
        case SDLK_PAGEUP: scroll_by(app, s, -page); return scene_stay();
        case SDLK_PAGEDOWN: scroll_by(app, s, page); return scene_stay();
        case SDLK_HOME: scroll_by(app, s, -s->page_h); return scene_stay();
        case SDLK_END: scroll_by(app, s, s->page_h); return scene_stay();
        case SDLK_ESCAPE:
            for (int i = 0; i < s->nboards; i++) {
                if (s->boards[i].selected >= 0) {
                    s->boards[i].selected = -1;
                    app->dirty = true;
                    return scene_stay();
                }
            }
            return scene_pop();
        default: break;
        }
        if (k >= SDLK_1 && k <= SDLK_9 && (int)(k - SDLK_1) < s->nsections) {
            open_page(app, s, (int)(k - SDLK_1));
            ui_focus(&s->ui, LID_TAB + s->section);
            return scene_stay();
        }
        return on_ui(app, s, ui_handle_event(&s->ui, e));
    }
    default: return scene_stay();
    }
}

/* ---- drawing -------------------------------------------------------------------------------- */

static void draw_header(App *app, LearnState *s)
{
    const VariantDesc *v = variant_get(s->variant);
    SDL_Renderer *r = app->renderer;
    TextStyle big = app_text_style(app, 32, TEXT_BOLD, UI_INK);
    SDL_Rect at = app_rect(app, 56, 30, 0, 0);
    SDL_Rect box = text_draw(app->text, r, _(v->name), &big, at.x, at.y, TEXT_LEFT);
    if (v->javanese[0] != '\0') {
        TextStyle jav = app_text_style(app, 26, TEXT_REGULAR, UI_GOLD);
        int jw = 0, jh = 0;
        text_measure(app->text, v->javanese, jav.px, jav.weight, &jw, &jh);
        text_draw(app->text, r, v->javanese, &jav, box.x + box.w + app_px(app, 14),
                  box.y + (box.h - jh) / 2, TEXT_LEFT);
    }
    TextStyle small = app_text_style(app, 16, TEXT_REGULAR, UI_INK_SOFT);
    const char *sub = s->overlay ? _("The rules, while your game waits on the table")
                                 : _("Learn the game: its story, its rules, and examples to try");
    SDL_Rect sb = text_draw(app->text, r, sub, &small, at.x, box.y + box.h, TEXT_LEFT);
    paint_fill_rect(
        r,
        (SDL_Rect){at.x, sb.y + sb.h + app_px(app, 8), app_px(app, 72), SDL_max(2, app_px(app, 3))},
        UI_GOLD);
    ui_draw_choice(app, &s->ui, LID_VARIANT, _(variant_get(s->variant)->name));
    ui_draw_button(app, &s->ui, LID_BACK, s->overlay ? _("Back to the table") : _("Back"));
}

static void draw_side(App *app, LearnState *s)
{
    ui_draw_panel(app, app_rect(app, SIDE_X, PANEL_Y, SIDE_W, PANEL_H));
    for (int i = 0; i < s->nsections; i++) {
        int id = LID_TAB + i;
        bool selected = i == s->section;
        ui_draw_item(app, &s->ui, id, selected);
        const Widget *w = ui_find(&s->ui, id);
        if (w == NULL) {
            continue;
        }
        bool shared = s->sections[i] >= LEARN_COMPARE;
        if (shared && (i == 0 || s->sections[i - 1] < LEARN_COMPARE)) {
            paint_fill_rect(app->renderer,
                            (SDL_Rect){w->rect.x + app_px(app, 8), w->rect.y - app_px(app, 3),
                                       w->rect.w - app_px(app, 16), SDL_max(1, app_px(app, 1))},
                            paint_rgba(255, 255, 255, 40));
        }
        char num[12];
        snprintf(num, sizeof num, "%d", i + 1);
        TextStyle n = app_text_style(app, 13, TEXT_BOLD, selected ? UI_GOLD : UI_INK_FAINT);
        SDL_Rect nb = {w->rect.x + app_px(app, 16), w->rect.y, app_px(app, 20), w->rect.h};
        if (i < 9) {
            text_draw_in(app->text, app->renderer, num, &n, nb, TEXT_LEFT);
        }
        TextStyle t = app_text_style(app, 16.5f, selected ? TEXT_BOLD : TEXT_REGULAR,
                                     selected ? UI_INK : (shared ? UI_INK_SOFT : UI_INK));
        SDL_Rect tb = {w->rect.x + app_px(app, 40), w->rect.y, w->rect.w - app_px(app, 44),
                       w->rect.h};
        text_draw_in(app->text, app->renderer, learn_section_title(s->variant, s->sections[i]), &t,
                     tb, TEXT_LEFT);
    }
    if (ui_find(&s->ui, LID_PLAY) != NULL) {
        ui_draw_button(app, &s->ui, LID_PLAY, _("Play this game"));
    }
}

static void draw_scrollbar(App *app, LearnState *s)
{
    if (s->page_h <= s->view.h) {
        return;
    }
    SDL_Rect track = app_rect(app, PANEL_X + PANEL_W - 26, PANEL_Y + 20, 6, PANEL_H - 40);
    paint_round_rect(app->paint, app->renderer, track, track.w / 2, paint_rgba(255, 255, 255, 20));
    int thumb_h = SDL_max(app_px(app, 30), track.h * s->view.h / s->page_h);
    int max = s->page_h - s->view.h;
    int y = track.y + (track.h - thumb_h) * s->scroll / SDL_max(1, max);
    paint_round_rect(app->paint, app->renderer, (SDL_Rect){track.x, y, track.w, thumb_h},
                     track.w / 2, paint_rgba(236, 196, 100, 170));
}

static void draw_dragged(App *app, LearnState *s)
{
    if (!s->pressed || !s->dragging || s->press_board >= s->nboards) {
        return;
    }
    const LearnBoard *b = &s->boards[s->press_board];
    if (s->press_index >= b->nhand) {
        return;
    }
    Card c = b->hand[s->press_index];
    int h = learn_card_h(s, c, 100);
    int w = learn_card_w(s, c, h);
    /* Held a little above the pointer, so the card below stays in sight. */
    SDL_Rect r = {s->mouse_x - w / 2, s->mouse_y - h * 3 / 4, w, h};
    paint_shadow(app->paint, app->renderer, (SDL_Rect){r.x + w / 10, r.y + h / 12, w, h},
                 app_px(app, 6), app_px(app, 12), paint_rgba(0, 0, 0, 130));
    card_art_draw_rotated(app->cards, app->renderer, s->style, c, r, -4.0,
                          learn_card_flags(app, s));
}

static void learn_draw(App *app, void *state, SDL_Renderer *r)
{
    LearnState *s = state;
    (void)r;
    ui_draw_background(app);
    ui_draw_panel(app, app_rect(app, PANEL_X, PANEL_Y, PANEL_W, PANEL_H));
    layout(app, s, true);
    draw_header(app, s);
    draw_side(app, s);
    draw_scrollbar(app, s);
    draw_dragged(app, s);
    static const char *const hints[] = {"arrows", N_("Scroll"), "Tab", N_("Next item"),
                                        "Enter",  N_("Choose"), "1-9", N_("Page"),
                                        "Esc",    N_("Back")};
    ui_draw_hints(app, hints, 5);
}

static const Ui *learn_widgets(const void *state)
{
    return &((const LearnState *)state)->ui;
}

const SceneClass scene_learn_class = {
    .name = "learn",
    .state_size = sizeof(LearnState),
    .enter = learn_enter,
    .leave = learn_leave,
    .resume = learn_resume,
    .update = learn_update,
    .handle_event = learn_event,
    .draw = learn_draw,
    .widgets = learn_widgets,
};
