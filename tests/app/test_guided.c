/* The guided first games.
 *
 * - Through the program's own main loop (app_run) on the headless
 *   platform, a scripted person opens each family's guided page in Learn,
 *   starts the guided game and plays it to the end of the match, once by
 *   keyboard alone and once by mouse alone: the guide's steps are counted
 *   and the final scores checked against the line the core plays
 *   (guided_play). In the mouse run, each step first gets a deliberately
 *   wrong move: it is refused with the core's reason (an illegal move) or
 *   with why the step is the lesson (a legal one), nothing changes, and the
 *   game goes on.
 * - Every step of each guided game drawn in English, Indonesian and
 *   Javanese at 1280x800 and 2560x1600: no text wider or taller than its
 *   box (the overflow watch).
 * - The deals: each family's guided line, played in the core alone
 *   (guided_play), shows the moments its deal was chosen for; a change of
 *   the rules, the players or the deal that loses one fails here.
 *   CEKI_GUIDED_SEARCH=KEY:FROM:COUNT prints the seeds from FROM on whose
 *   line all of KEY's moments happen (how the deals were chosen).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_loop.h"
#include "card_names.h"
#include "coach_text.h"
#include "guided_line.h"
#include "i18n.h"
#include "platform.h"
#include "scene_table.h"
#include "scenes.h"
#include "session.h"
#include "test_support.h"
#include "variant.h"

/* Each family's game and the moments its guided deal must show. */
typedef struct FamilyMoments {
    const char *key;
    unsigned want;
} FamilyMoments;

static const FamilyMoments families[] = {
    {"thothit", GM_CAPTURE | GM_RED_PAIR | GM_COUNT},
    {"totit", GM_COUNT | GM_TIE_BREAK},
    {"kings", GM_CUT | GM_COUNT},
    {"pei", GM_SEATING | GM_RAJA_LEADS | GM_PEEK | GM_STAKE},
    {"kowah", GM_DECLARE | GM_CLAIM | GM_WIN},
};
#define FAMILIES (int)(sizeof families / sizeof families[0])

#define SEARCH_MAX 5000 /* seeds one search may try */

static const FamilyMoments *family_of(const char *key)
{
    for (int i = 0; i < FAMILIES; i++) {
        if (strcmp(families[i].key, key) == 0) {
            return &families[i];
        }
    }
    return NULL;
}

/* CEKI_GUIDED_SEARCH=KEY:FROM:COUNT: the seeds whose line shows KEY's
 * moments, with the person's steps (shorter is kinder to a beginner). */
static void search(const char *spec)
{
    char key[32] = "";
    unsigned long from = 0, count = 0;
    if (sscanf(spec, "%31[^:]:%lu:%lu", key, &from, &count) != 3 || family_of(key) == NULL ||
        count > SEARCH_MAX) {
        fprintf(stderr, "CEKI_GUIDED_SEARCH=KEY:FROM:COUNT (COUNT at most %d)\n", SEARCH_MAX);
        return;
    }
    const VariantDesc *v = variant_find(key);
    for (unsigned long seed = from; seed < from + count; seed++) {
        GuidedDeal d = guided_deal_of(v);
        d.seed = seed;
        GuidedTrace tr;
        if (guided_play(&d, v->id, &tr) &&
            (tr.moments & family_of(key)->want) == family_of(key)->want) {
            printf("%s seed %lu: %d steps, %d moves\n", key, seed, tr.steps, tr.moves);
        }
    }
}

static void test_each_guided_deal_shows_its_moments(void **state)
{
    (void)state;
    for (int i = 0; i < FAMILIES; i++) {
        const VariantDesc *v = variant_find(families[i].key);
        assert_non_null(v);
        assert_true(guided_has_own_deal(v));
        GuidedDeal d = guided_deal_of(v);
        GuidedTrace tr;
        assert_true(guided_play(&d, v->id, &tr));
        unsigned missing = families[i].want & ~tr.moments;
        if (missing != 0) {
            fail_msg("%s (seed %llu): moments 0x%x did not happen", families[i].key,
                     (unsigned long long)d.seed, missing);
        }
        printf("%s: seed %llu, %d steps of the person, %d moves\n", families[i].key,
               (unsigned long long)d.seed, tr.steps, tr.moves);
    }
}

/* ---- the guided sentences' numbers ----------------------------------------------------- */

/* RULES.md §3.1, Thothit: an identical pair 10, a red-stamped pair 20, a
 * red-stamped single 10. The
 * sentences must say what the core computes: changing the rule in score.c
 * (a red-stamped pair 25) fails here. */
#define THOTHIT_PAIR 10
#define THOTHIT_RED_PAIR 20
#define THOTHIT_RED_SINGLE 10
#define LINE_BOUND 2000 /* moves of one guided line, far above any */

/* The sentence a group of a Thothit step must be told in, with the rule's
 * points; false for a group without one here. */
static bool group_sentence(const AiWhy *y, char *want, size_t size)
{
    const char *name = card_name_english(y->card);
    switch ((ScoreGroupKind)y->group) {
    case SCORE_PAIR:
        snprintf(want, size, "an identical pair of the %s, worth %d points", name, THOTHIT_PAIR);
        return true;
    case SCORE_RED_PAIR:
        snprintf(want, size, "a red-stamped pair of the %s, worth %d points", name,
                 THOTHIT_RED_PAIR);
        return true;
    case SCORE_RED_SINGLE:
        snprintf(want, size, "a red-stamped single, the %s, worth %d points", name,
                 THOTHIT_RED_SINGLE);
        return true;
    default: return false;
    }
}

/* A step that makes scoring groups says one of them, with its points. */
static void told_groups(const AiHint *h, int *pairs, int *red)
{
    char said[COACH_TEXT_MAX], want[200];
    coach_text(h, STYLE_CEKI, said, sizeof said);
    int groups = 0, found = 0;
    for (int w = 0; w < h->nwhy; w++) {
        if (h->why[w].kind == WHY_COMPLETES_GROUP &&
            group_sentence(&h->why[w], want, sizeof want)) {
            groups++;
            found += strstr(said, want) != NULL;
            *red += h->why[w].group != SCORE_PAIR;
            *pairs += h->why[w].group == SCORE_PAIR;
        }
    }
    if (groups > 0 && found == 0) {
        fail_msg("'%s' tells none of its groups with the rule's points", said);
    }
}

/* Walks Thothit's guided line and checks every step that makes a scoring
 * group: its coach sentence names the group with the rule's points. */
static void test_guided_sentences_say_the_rules_points(void **state)
{
    (void)state;
    const VariantDesc *v = variant_find("thothit");
    GuidedDeal d = guided_deal_of(v);
    GameConfig cfg = guided_config(&d, v->id);
    Game *g = game_create(&cfg, NULL);
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    for (int s = 0; s < cfg.players; s++) {
        ai[s] = ai_create(GUIDED_LEVEL, game_seat_ai_seed(cfg.seed, s));
    }
    int pairs = 0, red = 0;
    for (int k = 0; k < LINE_BOUND && !game_match_over(g) && !game_round_over(g); k++) {
        Move m;
        AiHint h = {.nwhy = 0};
        assert_int_equal(guided_line_move(g, &d, ai, &m, &h), CEKI_OK);
        if (m.seat == d.seat) {
            told_groups(&h, &pairs, &red);
        }
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    printf("thothit's guided line: %d identical pairs and %d red-stamped groups told\n", pairs,
           red);
    assert_true(pairs + red > 0);
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        ai_destroy(ai[s]);
    }
    game_destroy(g);
}

/* ---- through app_run ------------------------------------------------------------------ */

typedef enum { BY_KEYS, BY_MOUSE } Hands;

/* Bounds: the loop's questions and the virtual time a guided game may take. */
#define MAX_ASKS 400000L
#define MAX_VIRTUAL_SECONDS 3600.0

typedef struct Person {
    Hands hands;
    bool started, done;
    long asks;
    int results;                       /* result screens seen */
    int wrong_at;                      /* the move number a wrong move was tried at (-1: none) */
    int refusals_before;               /* the guide's refusals before it */
    char wrong_reason[GUIDE_TEXT_MAX]; /* what the refusal must say */
    int wrong_answered;                /* wrong moves refused with their reason, nothing changed */
    int no_wrong;                      /* steps where no wrong move could be made by mouse */
    int no_wrong_at;                   /* ... the last of them, counted once */
    int steps, continues, refusals;    /* the guide's counts at the match's end */
    int score[CEKI_MAX_SEATS];
    char failure[400];
} Person;

static int moves_made(const App *app)
{
    int n = 0;
    session_history(app->session, &n);
    return n;
}

static void key_event(SDL_Event *out, SDL_Keycode key, Uint32 type)
{
    *out = (SDL_Event){.type = type};
    out->key.keysym.sym = key;
    out->key.keysym.scancode = SDL_GetScancodeFromKey(key);
    out->key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
}

static bool press(App *app, SDL_Keycode key, SDL_Event *out)
{
    SDL_Event up;
    key_event(&up, key, SDL_KEYUP);
    app->platform->post(app, &up);
    key_event(out, key, SDL_KEYDOWN);
    return true;
}

static void post_click(App *app, int x, int y)
{
    SDL_Event e = {.type = SDL_MOUSEMOTION};
    e.motion.x = x;
    e.motion.y = y;
    app->platform->post(app, &e);
    e = (SDL_Event){.type = SDL_MOUSEBUTTONDOWN};
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    e.button.state = SDL_PRESSED;
    app->platform->post(app, &e);
    e.type = SDL_MOUSEBUTTONUP;
    e.button.state = SDL_RELEASED;
    app->platform->post(app, &e);
}

static bool fail_and_quit(App *app, Person *p, SDL_Event *out, const char *why)
{
    char step[MOVE_TEXT_MAX] = "-", focus[40] = "-";
    TableState *t = table_top(app);
    if (t != NULL) {
        move_format(&t->guide.step.move, step);
        FocusZone z = FZ_NONE;
        Card c = CARD_NONE;
        table_focus(app, &z, &c);
        snprintf(focus, sizeof focus, "zone %d card %d, %s", (int)z, (int)c,
                 table_phase_name(table_phase(t)));
    }
    snprintf(p->failure, sizeof p->failure, "%s (the %s screen, move %d, step %s, focus %s)", why,
             test_top_scene(app), app->session != NULL ? moves_made(app) : -1, step, focus);
    *out = (SDL_Event){.type = SDL_QUIT};
    app->quit = true;
    return true;
}

/* A click on a widget of the top scene, found by its id or name. */
static bool click_rect(App *app, SDL_Rect r, SDL_Event *out)
{
    post_click(app, r.x + r.w / 2, r.y + r.h / 2);
    return app->platform->next_event(app, out, 0);
}

static bool click_named(App *app, Person *p, const char *name, SDL_Event *out)
{
    const Widget *w = ui_find_named(ui_of_top_scene(app), name);
    if (w == NULL) {
        char why[120];
        snprintf(why, sizeof why, "no '%s' to click", name);
        return fail_and_quit(app, p, out, why);
    }
    return click_rect(app, w->rect, out);
}

/* Tab through the widgets to the one named, then Enter on it. */
static bool key_to_named(App *app, const char *name, SDL_Event *out)
{
    return press(app, strcmp(test_focus_name(app), name) == 0 ? SDLK_RETURN : SDLK_TAB, out);
}

/* The arrow towards card c of `zone` from the focused one: up or down to
 * the zone, then along the zone's own order (the keyboard's). */
static SDL_Keycode arrow_towards(App *app, FocusZone zone, Card c)
{
    TableState *t = table_top(app);
    FocusZone fz = FZ_NONE;
    Card fc = CARD_NONE;
    table_focus(app, &fz, &fc);
    if (fz != zone) {
        bool up = zone == FZ_POOL || zone == FZ_STOCK || zone == FZ_DISCARD;
        if (fz == FZ_STOCK && zone == FZ_DISCARD) {
            return SDLK_RIGHT;
        }
        return up && fz != FZ_STOCK ? SDLK_UP : SDLK_DOWN;
    }
    int ids[TV_MAX_SPRITES];
    int n = zone == FZ_POOL ? view_pool_order(t, ids, TV_MAX_SPRITES)
                            : view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    int at = -1, want = -1;
    for (int k = 0; k < n; k++) {
        at = ids[k] == t->focus_sprite ? k : at;
        want = want < 0 && t->view.sprites[ids[k]].card == c ? k : want;
    }
    return want > at ? SDLK_RIGHT : SDLK_LEFT;
}

static bool focused_on(App *app, FocusZone zone, Card c)
{
    FocusZone fz = FZ_NONE;
    Card fc = CARD_NONE;
    table_focus(app, &fz, &fc);
    return fz == zone && (c == CARD_NONE || fc == c);
}

/* The name of the prompt's button for a Kowah move. */
static const char *button_of(const TableState *t, const Move *m)
{
    int id = m->type == MOVE_DECLARE ? W_DECLARE + m->card
             : m->type == MOVE_CLAIM ? W_CLAIM
                                     : W_PASS;
    const Widget *w = ui_find(&t->ui, id);
    return w != NULL ? w->name : "?";
}

/* One key of the step m, as a keyboard player makes it. */
static SDL_Keycode key_for(App *app, TableState *t, const Move *m)
{
    Card picked = t->selected >= 0 ? t->view.sprites[t->selected].card : CARD_NONE;
    switch (m->type) {
    case MOVE_TURN:
    case MOVE_DRAW_STOCK: return SDLK_SPACE;
    case MOVE_TAKE:
        return focused_on(app, FZ_POOL, m->target) ? SDLK_RETURN
                                                   : arrow_towards(app, FZ_POOL, m->target);
    case MOVE_DRAW_DISCARD:
        return focused_on(app, FZ_DISCARD, CARD_NONE) ? SDLK_RETURN
                                                      : arrow_towards(app, FZ_DISCARD, CARD_NONE);
    case MOVE_DISCARD:
        return focused_on(app, FZ_HAND, m->card) ? SDLK_RETURN
                                                 : arrow_towards(app, FZ_HAND, m->card);
    case MOVE_PLAY:
        if (picked != CARD_NONE && picked != m->card) {
            return SDLK_ESCAPE; /* put back what is not the step's card */
        }
        if (picked == CARD_NONE) {
            return focused_on(app, FZ_HAND, m->card) ? SDLK_RETURN
                                                     : arrow_towards(app, FZ_HAND, m->card);
        }
        if (m->target == CARD_NONE) {
            return SDLK_t;
        }
        return focused_on(app, FZ_POOL, m->target) ? SDLK_RETURN
                                                   : arrow_towards(app, FZ_POOL, m->target);
    default: return SDLK_UNKNOWN;
    }
}

/* The move m made by mouse: clicks on the cards, the piles or the button. */
static bool mouse_for(App *app, TableState *t, const Move *m, SDL_Event *out)
{
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool ok = true;
    switch (m->type) {
    case MOVE_TURN:
    case MOVE_DRAW_STOCK: ok = table_stock_point(app, &x1, &y1); break;
    case MOVE_DRAW_DISCARD: ok = table_discard_point(app, &x1, &y1); break;
    case MOVE_TAKE: ok = table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1); break;
    case MOVE_DISCARD:
        ok = table_card_point(app, FZ_HAND, m->card, 0, &x0, &y0) &&
             table_discard_point(app, &x1, &y1);
        break;
    case MOVE_PLAY:
        ok = table_card_point(app, FZ_HAND, m->card, 0, &x0, &y0) &&
             (m->target != CARD_NONE ? table_card_point(app, FZ_POOL, m->target, 0, &x1, &y1)
                                     : table_free_pool_point(app, &x1, &y1));
        break;
    default: {
        const Widget *w = ui_find_named(&t->ui, button_of(t, m));
        if (w == NULL) {
            return false;
        }
        return click_rect(app, w->rect, out);
    }
    }
    if (!ok) {
        return false;
    }
    if (x0 != 0 || y0 != 0) {
        post_click(app, x0, y0);
    }
    post_click(app, x1, y1);
    return app->platform->next_event(app, out, 0);
}

/* A wrong move for the step: another legal move where there is one (refused
 * with why the step is the lesson), else an illegal one (refused by the
 * core); false when none can be made by mouse. */
static bool wrong_move(App *app, TableState *t, Move *out)
{
    const Move *step = &t->guide.step.move;
    Move moves[GAME_MAX_MOVES];
    int n = session_legal_moves(app->session, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (!move_equal(&moves[i], step)) {
            *out = moves[i];
            return true;
        }
    }
    /* No other legal move: a hand card played onto a pool card it may not
     * take (the turned card, when it waits for its target). */
    const Observation *o = &t->obs;
    bool turned = o->phase == PHASE_STOCK_TAKE;
    for (int h = 0; h < (turned ? 1 : o->hand_count[o->seat]); h++) {
        for (int k = 0; k < o->pool_count; k++) {
            Move m = {.type = (uint8_t)(turned ? MOVE_TAKE : MOVE_PLAY),
                      .seat = (uint8_t)o->seat,
                      .card = turned ? CARD_NONE : o->hand[h],
                      .target = o->pool[k]};
            if (!game_is_legal(session_game(app->session), &m)) {
                *out = m;
                return true;
            }
        }
    }
    return false;
}

/* What the guide must say to the wrong move m. */
static void wrong_reason(App *app, TableState *t, const Move *m, char *buf, size_t size)
{
    const Game *g = session_game(app->session);
    if (game_is_legal(g, m)) {
        coach_text(&t->guide.step, t->style, buf, size); /* why the step is the lesson */
    } else {
        snprintf(buf, size, "%s", _(game_explain_illegal(g, m)));
    }
}

/* Checks the answer to the wrong move tried at this move number. */
static void check_wrong(App *app, TableState *t, Person *p)
{
    if (p->wrong_at != moves_made(app)) {
        snprintf(p->failure, sizeof p->failure, "a wrong move was applied at move %d", p->wrong_at);
        return;
    }
    if (t->guide.refusals != p->refusals_before + 1 ||
        strstr(t->guide.refusal, p->wrong_reason) == NULL) {
        snprintf(p->failure, sizeof p->failure,
                 "move %d: the wrong move got '%.150s', not '%.150s'", p->wrong_at,
                 t->guide.refusal, p->wrong_reason);
        return;
    }
    p->wrong_answered++;
    p->wrong_at = -1;
}

/* The person's step at the table, a wrong move first by mouse. */
static bool step_at_table(App *app, TableState *t, Person *p, SDL_Event *out)
{
    const Move *m = &t->guide.step.move;
    if (p->wrong_at >= 0) {
        check_wrong(app, t, p);
        if (p->failure[0] != '\0') {
            char why[sizeof p->failure];
            snprintf(why, sizeof why, "%s", p->failure);
            return fail_and_quit(app, p, out, why);
        }
    } else if (p->hands == BY_MOUSE && t->guide.refusal[0] == '\0') {
        Move wrong;
        if (wrong_move(app, t, &wrong)) {
            p->wrong_at = moves_made(app);
            p->refusals_before = t->guide.refusals;
            wrong_reason(app, t, &wrong, p->wrong_reason, sizeof p->wrong_reason);
            if (mouse_for(app, t, &wrong, out)) {
                return true;
            }
            p->wrong_at = -1;
        } else if (p->no_wrong_at != moves_made(app)) {
            p->no_wrong++; /* e.g. the stock turned with an empty hand: nothing else to try */
            p->no_wrong_at = moves_made(app);
        }
    }
    if (p->hands == BY_MOUSE) {
        return mouse_for(app, t, m, out);
    }
    if (m->type == MOVE_DECLARE || m->type == MOVE_CLAIM || m->type == MOVE_PASS) {
        return key_to_named(app, button_of(t, m), out);
    }
    SDL_Keycode k = key_for(app, t, m);
    return k != SDLK_UNKNOWN && press(app, k, out);
}

/* The table below the result screen (the guide's counts at the end). */
static TableState *table_below(const App *app)
{
    int n = app->scenes.count;
    if (n >= 2 && app->scenes.frames[n - 2].cls == &scene_table_class) {
        return app->scenes.frames[n - 2].state;
    }
    return NULL;
}

static bool at_result(App *app, Person *p, SDL_Event *out)
{
    const Game *g = session_game(app->session);
    p->results++;
    if (!game_match_over(g)) {
        const Widget *w = ui_find(ui_of_top_scene(app), 1); /* the result's Next round */
        if (p->hands == BY_KEYS || w == NULL) {
            return press(app, SDLK_RETURN, out);
        }
        return click_rect(app, w->rect, out);
    }
    TableState *t = table_below(app);
    Observation *o = malloc(sizeof *o);
    if (t == NULL || o == NULL || game_observe(g, 0, o) != CEKI_OK) {
        free(o);
        return fail_and_quit(app, p, out, "no table below the match's result");
    }
    p->steps = t->guide.steps;
    p->continues = t->guide.continues;
    p->refusals = t->guide.refusals;
    memcpy(p->score, o->match_score, sizeof p->score);
    free(o);
    p->done = true;
    *out = (SDL_Event){.type = SDL_QUIT};
    return true;
}

static bool at_table(App *app, Person *p, SDL_Event *out)
{
    TableState *t = table_top(app);
    if (t == NULL || !t->guide.on) {
        return fail_and_quit(app, p, out, "the table is not a guided game");
    }
    if (t->guide.hold) {
        if (p->hands == BY_KEYS) {
            return press(app, SDLK_RETURN, out);
        }
        const Widget *w = ui_find(&t->ui, W_GUIDE_CONTINUE);
        return w != NULL ? click_rect(app, w->rect, out)
                         : fail_and_quit(app, p, out, "the guide holds without Continue");
    }
    if (table_guide_waits(t) && t->hint_state == HINT_SHOWN &&
        t->guide.step_at == moves_made(app)) {
        return step_at_table(app, t, p, out);
    }
    return false; /* the computers think, the cards move: wait */
}

static bool guided_script(App *app, void *ctx, SDL_Event *out)
{
    Person *p = ctx;
    if (p->failure[0] != '\0' || p->done) {
        app->quit = app->quit || p->asks++ > MAX_ASKS;
        return false;
    }
    if (++p->asks > MAX_ASKS || app->now > MAX_VIRTUAL_SECONDS) {
        return fail_and_quit(app, p, out, "the guided game did not end");
    }
    const char *top = test_top_scene(app);
    if (strcmp(top, "learn") == 0 && !p->started) {
        p->started = true;
        if (p->hands == BY_KEYS) {
            return key_to_named(app, _("Start the guided game"), out) || true;
        }
        return click_named(app, p, _("Start the guided game"), out);
    }
    if (strcmp(top, "learn") == 0 && p->hands == BY_KEYS &&
        strcmp(test_focus_name(app), _("Start the guided game")) != 0) {
        return press(app, SDLK_TAB, out);
    }
    if (strcmp(top, "learn") == 0 && p->hands == BY_KEYS) {
        return press(app, SDLK_RETURN, out);
    }
    if (strcmp(top, "result") == 0) {
        return at_result(app, p, out);
    }
    if (strcmp(top, "table") == 0) {
        return at_table(app, p, out);
    }
    return fail_and_quit(app, p, out, "an unexpected screen");
}

/* One guided game through app_run, from its Learn page to the match's end. */
static void play_guided(const char *key, Hands hands, Person *p)
{
    const VariantDesc *v = variant_find(key);
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = ANIM_FAST;
    app_setup_variant(app, v->id);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_LEARN, why, sizeof why));
    test_click_named(app, "guided"); /* the page's tab, by its key */
    app_settle(app);
    *p = (Person){.hands = hands, .wrong_at = -1, .no_wrong_at = -1};
    platform_headless_script(app, guided_script, p);
    assert_int_equal(app_run(app), 0);
    app_destroy(app);
    if (p->failure[0] != '\0') {
        fail_msg("%s by %s: %s", key, hands == BY_KEYS ? "keys" : "mouse", p->failure);
    }
    assert_true(p->done);
}

static void test_each_guided_game_by_keys_and_by_mouse(void **state)
{
    (void)state;
    /* The sanitizer pass (.ci/sanitize) sets CEKI_GUIDED_PASSES=mouse: the
     * mouse pass alone, which also tries every wrong move; the normal build
     * plays both. */
    const char *passes = getenv("CEKI_GUIDED_PASSES");
    const int first = passes != NULL && strcmp(passes, "mouse") == 0 ? 1 : 0;
    for (int i = 0; i < FAMILIES; i++) {
        const VariantDesc *v = variant_find(families[i].key);
        GuidedDeal d = guided_deal_of(v);
        GuidedTrace tr;
        assert_true(guided_play(&d, v->id, &tr));
        for (int h = first; h < 2; h++) {
            Person p;
            play_guided(families[i].key, h == 0 ? BY_KEYS : BY_MOUSE, &p);
            printf("%s by %s: %d steps, %d continues, %d refused, %d wrong moves answered, %d "
                   "steps without a wrong move to make\n",
                   families[i].key, h == 0 ? "keys" : "mouse", p.steps, p.continues, p.refusals,
                   p.wrong_answered, p.no_wrong);
            assert_int_equal(p.steps, tr.steps);
            for (int s = 0; s < d.players; s++) {
                assert_int_equal(p.score[s], tr.score[s]);
            }
            if (h == 1) {
                /* One at every step where any other move can be made. */
                assert_int_equal(p.wrong_answered + p.no_wrong, tr.steps);
                assert_true(p.no_wrong * 4 <= tr.steps);
            } else {
                assert_int_equal(p.refusals, 0);
            }
            assert_true(p.continues > 0);
        }
    }
}

/* ---- the cards as large as at the table ------------------------------------------------ */

typedef struct CardSizes {
    int pool;  /* the smallest pool card's height */
    int stock; /* the stock's */
    int hand;  /* the person's hand cards' */
} CardSizes;

#define SIZES_MAX_UPDATES 20000 /* steps of 20 ms: minutes of virtual time */

/* The cards of the guided deal of `key` as the table lays them out at w x h,
 * in the guided game or (guided false) at an ordinary table dealt the same,
 * measured once the deal has landed, before the first move. */
static CardSizes deal_sizes(const char *key, int w, int h, bool guided)
{
    const VariantDesc *v = variant_find(key);
    GuidedDeal d = guided_deal_of(v);
    App *app = test_app_new(w, h, NULL);
    app->settings.anim_speed = ANIM_NORMAL;
    app_setup_variant(app, v->id);
    app->setup.config = guided_config(&d, v->id);
    for (int seat = 0; seat < CEKI_MAX_SEATS; seat++) {
        app->setup.human[seat] = seat == d.seat;
        app->setup.level[seat] = GUIDED_LEVEL;
    }
    app->setup.seed_given = true;
    app->table_run.guided = guided;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
    TableState *t = table_top(app);
    CardSizes z = {0};
    for (int k = 0; k < SIZES_MAX_UPDATES && z.hand == 0; k++) {
        app_update(app, 0.02);
        if (session_moves(app->session) > 0) {
            fail_msg("%s %dx%d: the first move came before the deal was measured", key, w, h);
        }
        int ids[TV_MAX_SPRITES];
        int n = view_pool_order(t, ids, TV_MAX_SPRITES);
        if (!table_settled(t) || n != t->obs.pool_count ||
            (t->v->hand > 0 && t->obs.hand_count[t->view.viewer] == 0)) {
            continue;
        }
        z.pool = n > 0 ? 100000 : 0;
        for (int i = 0; i < n; i++) {
            z.pool = SDL_min(z.pool, view_rect(&t->view.sprites[ids[i]]).h);
        }
        z.stock = (int)t->layout.stock.h;
        z.hand = SDL_max(1, (int)t->layout.hand_card_h);
    }
    assert_true(z.hand > 0);
    app_destroy(app);
    return z;
}

/* A lesson about cards shows them at least as large as the table does: in
 * each family's guided game, at 1280x800, 1024x640, 2560x1600 and 2560x1000,
 * the pool, the stock and the hand are as tall as at an ordinary table
 * dealt the same (the guide's panel takes its room elsewhere). */
static void test_guided_cards_as_large_as_the_table(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1280, 800}, {1024, 640}, {2560, 1600}, {2560, 1000}};
    int smaller = 0;
    for (int i = 0; i < FAMILIES; i++) {
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            int w = sizes[z][0], h = sizes[z][1];
            CardSizes table = deal_sizes(families[i].key, w, h, false);
            CardSizes guide = deal_sizes(families[i].key, w, h, true);
            printf("%s %dx%d: pool %d / %d, stock %d / %d, hand %d / %d (table / guided)\n",
                   families[i].key, w, h, table.pool, guide.pool, table.stock, guide.stock,
                   table.hand, guide.hand);
            if (guide.pool < table.pool || guide.stock < table.stock || guide.hand < table.hand) {
                printf("  the guided game's cards are smaller than the table's\n");
                smaller++;
            }
        }
    }
    assert_int_equal(smaller, 0);
}

/* ---- the words fit ------------------------------------------------------------------ */

#define FIT_MAX_UPDATES 200000 /* a bound on one game's frames */

/* Draws the frame, then the guide's panel again with the overflow watch
 * just cleared: fails on any of its words wider or taller than their box.
 * (What the rest of the table draws is the table's own; the count of its
 * overflows is kept in *others for the log.) */
static void check_fits(App *app, const char *what, const char *key, const char *lang, int step,
                       int *others)
{
    app_draw(app);
    const char *first = NULL;
    *others += text_overflows(app->text, &first);
    text_watch_overflow(app->text, true); /* cleared */
    TableState *t = table_top(app);
    if (t != NULL) {
        table_guide_draw(app, t);
    }
    int n = text_overflows(app->text, &first);
    if (n > 0) {
        fail_msg("%s %s %s at step %d: %d overflow(s), first: %s", key, lang, what, step, n,
                 first != NULL ? first : "?");
    }
}

/* At the round's count (in English): the person's red-stamped pairs told
 * with the rule's points (RULES.md §3.1), whatever the core says; 1 when
 * they were there and told. */
static int count_says_red_pairs(const TableState *t, Language language)
{
    if (language != LANGUAGE_ENGLISH || strncmp(t->guide.text, "The count:", 10) != 0 ||
        t->v->score != SCORE_RULE_RED_PAIRS || t->guide.seat < 0) {
        return 0;
    }
    ScoreBreakdown *sb = malloc(sizeof *sb);
    assert_non_null(sb);
    assert_int_equal(game_score_seat(session_game(t->session), t->guide.seat, sb), CEKI_OK);
    int kinds = 0, pairs = 0;
    for (int i = 0; i < sb->ngroups; i++) {
        if (sb->groups[i].kind == SCORE_RED_PAIR) {
            kinds++;
            pairs += sb->groups[i].ncards / 2;
        }
    }
    free(sb);
    if (kinds == 0) {
        return 0;
    }
    char want[120];
    snprintf(want, sizeof want, "red-stamped pair (%d): ", THOTHIT_RED_PAIR);
    const char *at = strstr(t->guide.text, want);
    char group[200] = ""; /* that group's part of the line: up to the next ';' or line's end */
    if (at != NULL) {
        snprintf(group, sizeof group, "%.*s", (int)strcspn(at, ";\n"), at);
    }
    snprintf(want, sizeof want, ", %d points", pairs * THOTHIT_RED_PAIR);
    size_t gl = strlen(group), wl = strlen(want);
    if (gl < wl || strcmp(group + gl - wl, want) != 0) {
        snprintf(want, sizeof want, "red-stamped pair (%d): CARDS, %d points", THOTHIT_RED_PAIR,
                 pairs * THOTHIT_RED_PAIR);
        fail_msg("the count '%s' does not say '%s'", t->guide.text, want);
    }
    return 1;
}

/* In English: no capture told as a card taken "with the" same card (two
 * copies of one card read "with another"); 1 for each such capture told. */
static int twins_told(const TableState *t, Language language)
{
    if (language != LANGUAGE_ENGLISH) {
        return 0;
    }
    int twins = 0;
    for (const char *at = strstr(t->guide.text, " took the "); at != NULL;
         at = strstr(at + 1, " took the ")) {
        const char *a = at + strlen(" took the ");
        const char *with = strstr(a, " with ");
        const char *end = with != NULL ? strchr(with, '.') : NULL;
        if (end == NULL) {
            continue;
        }
        size_t an = (size_t)(with - a);
        const char *b = with + strlen(" with ");
        if (strncmp(b, "the ", 4) == 0 && (size_t)(end - b - 4) == an &&
            strncmp(b + 4, a, an) == 0) {
            fail_msg("a capture told with the same card twice: '%s'", t->guide.text);
        }
        twins += strncmp(b, "another ", 8) == 0;
    }
    return twins;
}

/* One guided game at one size and language, every step of the guide drawn:
 * its words, the step made or Continue pressed; the results' screens
 * passed. Returns the steps drawn. */
static int fit_game(const char *key, int w, int h, Language language, const char *lang, int *others,
                    int *red_counted, int *twins)
{
    App *app = test_app_new(w, h, NULL);
    app->settings.anim_speed = ANIM_INSTANT;
    i18n_set_language(language);
    app_setup_variant(app, variant_find(key)->id);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_LEARN, why, sizeof why));
    test_click_named(app, "guided");
    app_settle(app);
    text_watch_overflow(app->text, true);
    int page = 0;
    check_fits(app, "the guided page", key, lang, 0, &page);
    assert_int_equal(page, 0); /* Learn's guided page itself fits */
    test_click_named(app, _("Start the guided game"));
    int drawn = 0;
    for (int k = 0; k < FIT_MAX_UPDATES; k++) {
        app_update(app, 0.05);
        const char *top = test_top_scene(app);
        TableState *t = table_top(app);
        if (strcmp(top, "result") == 0) {
            if (game_match_over(session_game(app->session))) {
                break;
            }
            test_key(app, SDLK_RETURN, 0);
        } else if (t != NULL && t->guide.hold) {
            check_fits(app, "the guide's words", key, lang, ++drawn, others);
            *red_counted += count_says_red_pairs(t, language);
            *twins += twins_told(t, language);
            table_guide_continue(app, t);
        } else if (t != NULL && table_guide_waits(t) && t->hint_state == HINT_SHOWN) {
            check_fits(app, "the step", key, lang, ++drawn, others);
            Move m = t->guide.step.move;
            assert_true(table_try_move(app, t, &m));
        } else if (session_thinking(app->session)) {
            SDL_Delay(1);
        }
    }
    assert_string_equal(test_top_scene(app), "result");
    i18n_set_language(LANGUAGE_ENGLISH);
    app_destroy(app);
    return drawn;
}

/* The guide's panel at every step of each guided game, in English,
 * Indonesian and Javanese, at 1280x800 and 2560x1600. */
static void test_the_guide_fits_in_three_languages(void **state)
{
    (void)state;
    /* The text fit is a layout check: the normal build runs it; the
     * sanitizer pass (.ci/sanitize) sets CEKI_GUIDED_FIT=0, as it leaves out
     * the other text-fit renders (label layout), to keep CI in its time. */
    const char *fit = getenv("CEKI_GUIDED_FIT");
    if (fit != NULL && strcmp(fit, "0") == 0) {
        skip();
    }
    static const char *const langs[] = {"en", "id", "jv"};
    static const Language languages[] = {LANGUAGE_ENGLISH, LANGUAGE_INDONESIAN, LANGUAGE_JAVANESE};
    static const int sizes[2][2] = {{1280, 800}, {2560, 1600}};
    int red_counted = 0; /* Thothit's deal has the person take a red-stamped pair */
    int twins = 0;       /* others' captures of two copies of one card, told */
    for (int i = 0; i < FAMILIES; i++) {
        for (int l = 0; l < 3; l++) {
            for (int z = 0; z < 2; z++) {
                int others = 0;
                int n = fit_game(families[i].key, sizes[z][0], sizes[z][1], languages[l], langs[l],
                                 &others, &red_counted, &twins);
                assert_true(n > 2);
                if (others > 0) {
                    printf("%s %s %dx%d: %d steps fit; the table itself noted %d overflows\n",
                           families[i].key, langs[l], sizes[z][0], sizes[z][1], n, others);
                }
            }
        }
    }
    assert_true(red_counted > 0);
    assert_true(twins > 0); /* the Pèi deal has others take two copies of one card */
}

int main(void)
{
    const char *spec = getenv("CEKI_GUIDED_SEARCH");
    if (spec != NULL && spec[0] != '\0') {
        search(spec);
        return 0;
    }
    const char *only = getenv("CEKI_TEST_FILTER");
    if (only != NULL && only[0] != '\0') {
        cmocka_set_test_filter(only);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_guided_deal_shows_its_moments),
        cmocka_unit_test(test_guided_sentences_say_the_rules_points),
        cmocka_unit_test(test_each_guided_game_by_keys_and_by_mouse),
        cmocka_unit_test(test_guided_cards_as_large_as_the_table),
        cmocka_unit_test(test_the_guide_fits_in_three_languages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
