/* The card table driven by real SDL events (mouse press, motion, release;
 * key presses) through the scene machine: whole rounds of Thothit and Pèi
 * by mouse, of Totit by keyboard, Kowah's draw and discard, an illegal
 * drop, input while cards are moving, the Chinese forfeit warning, undo,
 * hot-seat and watch mode. Each person's move is checked against the one
 * the test meant. No test depends on how long anything takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <SDL_image.h>
#include <stdlib.h>

#include "ai.h"
#include "coach_text.h"
#include "journal.h"
#include "scene_table.h"
#include "session.h"
#include "test_support.h"

static App *table_app(VariantId v, uint64_t seed, int players, AnimSpeed speed, int humans)
{
    App *app = test_app_new(1280, 800, NULL);
    app->settings.anim_speed = speed;
    app_setup_variant(app, v);
    app->setup.config.seed = seed;
    app->setup.seed_given = true;
    if (players > 0) {
        app->setup.config.players = players;
    }
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        app->setup.human[s] = s < humans;
        app->setup.level[s] = AI_RANDOM;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fail_msg("table: %s", why);
    }
    assert_string_equal(test_top_scene(app), "table");
    return app;
}

/* The moves made so far, as the session played them through its host. */
static int history_len(App *app)
{
    return session_moves(app->session);
}

static const Move *last_move(App *app)
{
    return session_last_move(app->session);
}

/* One step of the loop; lets the thinking thread run when it thinks. */
static void step(App *app, double dt)
{
    TableState *t = table_top(app);
    app_update(app, dt);
    if (t != NULL && session_thinking(t->session)) {
        SDL_Delay(1);
    }
}

/* What the table shows once settled is what the viewer's observation
 * says: hands, pool, piles, stock. */
static void expect_view_matches_game(App *app)
{
    TableState *t = table_top(app);
    Observation o;
    game_observe(table_game(app), t->view.viewer, &o);
    int ids[TV_MAX_SPRITES];
    int spot = view_spot_sprites(t, ids, TV_MAX_SPRITES);
    for (int s = 0; s < t->players; s++) {
        int n = view_hand_order(t, s, ids, TV_MAX_SPRITES);
        if (s == t->view.shown_by && o.shown_draw != CARD_NONE) {
            n += spot;
        }
        assert_int_equal(n, o.hand_count[s]);
        assert_int_equal(t->view.pile_n[s], o.captured_count[s]);
    }
    assert_int_equal(view_pool_order(t, ids, TV_MAX_SPRITES), o.pool_count);
    assert_int_equal(t->view.stock, o.stock_count);
    /* The viewer's own cards, kind by kind. */
    int n = view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    int count[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < n; i++) {
        count[t->view.sprites[ids[i]].card]++;
    }
    for (int i = 0; i < o.hand_count[o.seat]; i++) {
        count[o.hand[i]]--;
    }
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        assert_int_equal(count[k], 0);
    }
}

/* Runs the table until it waits for its person; false once the round is
 * over (the result screen is then on top). */
static bool until_person(App *app)
{
    for (int i = 0; i < 400000; i++) {
        if (strcmp(test_top_scene(app), "table") != 0) {
            return false;
        }
        if (table_waits_for_person(app)) {
            expect_view_matches_game(app);
            TableState *t = table_top(app);
            if (t->view.mends != 0) {
                fail_msg("the events left %d differences for the observation to mend",
                         t->view.mends);
            }
            return true;
        }
        step(app, 0.05);
    }
    fail_msg("the table never came back to its person");
    return false;
}

static void drag(App *app, int x0, int y0, int x1, int y1)
{
    test_mouse_move(app, x0, y0);
    test_mouse_down(app, x0, y0);
    test_mouse_move(app, (x0 + x1) / 2, (y0 + y1) / 2);
    test_mouse_move(app, x1, y1);
    test_mouse_up(app, x1, y1);
}

static void click(App *app, int x, int y)
{
    test_mouse_move(app, x, y);
    test_mouse_down(app, x, y);
    test_mouse_up(app, x, y);
}

static void point_of(App *app, FocusZone zone, Card c, int *x, int *y)
{
    char kind[CARD_TEXT_MAX];
    if (!table_card_point(app, zone, c, 0, x, y)) {
        fail_msg("no %s card %s on the table", zone == FZ_HAND ? "hand" : "pool",
                 card_format(c, kind));
    }
}

static void expect_move(App *app, int before, const Move *want)
{
    char a[MOVE_TEXT_MAX], b[MOVE_TEXT_MAX];
    const Move *got = last_move(app);
    if (history_len(app) != before + 1 || got == NULL || !move_equal(got, want)) {
        fail_msg("wanted the move %s, history went from %d to %d (last %s); toast: %s",
                 move_format(want, a), before, history_len(app),
                 got != NULL ? move_format(got, b) : "none", app->toast);
    }
}

/* A person's fishing decision made with the mouse: drag (or click and
 * click) the card onto its target or the pool's free space; a stock
 * card's choice by a click on the card it takes. */
static void play_by_mouse(App *app, const Move *m, bool by_drag)
{
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if (m->type == MOVE_TAKE) {
        point_of(app, FZ_POOL, m->target, &x1, &y1);
        click(app, x1, y1);
        return;
    }
    assert_int_equal(m->type, MOVE_PLAY);
    point_of(app, FZ_HAND, m->card, &x0, &y0);
    if (m->target != CARD_NONE) {
        point_of(app, FZ_POOL, m->target, &x1, &y1);
    } else {
        assert_true(table_free_pool_point(app, &x1, &y1));
    }
    if (by_drag) {
        drag(app, x0, y0, x1, y1);
    } else {
        click(app, x0, y0);
        click(app, x1, y1);
    }
}

static int legal(App *app, Move *out)
{
    return session_legal_moves(app->session, out, GAME_MAX_MOVES);
}

/* A whole round by mouse; returns the decisions made. */
static int round_by_mouse(App *app)
{
    int decisions = 0;
    while (until_person(app)) {
        Move moves[GAME_MAX_MOVES];
        int n = legal(app, moves);
        assert_true(n > 0);
        Move m = moves[(decisions * 7) % n];
        int before = history_len(app);
        play_by_mouse(app, &m, decisions % 3 != 2);
        TableState *t = table_top(app);
        if (t->dialog == DLG_FORFEIT) {
            test_click_named(app, "Take it anyway");
        }
        expect_move(app, before, &m);
        decisions++;
        if (decisions % 5 == 0) {
            app_draw(app);
        }
    }
    /* The round is over: its result is on screen. */
    assert_string_equal(test_top_scene(app), "result");
    assert_non_null(app->session);
    assert_true(game_round_over(session_game(app->session)));
    return decisions;
}

static void test_thothit_round_by_mouse(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 11, 0, ANIM_INSTANT, 1);
    int decisions = round_by_mouse(app);
    assert_true(decisions >= 7);
    app_destroy(app);
}

static void test_pei_round_by_mouse(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_PEI, 5, 0, ANIM_INSTANT, 1);
    int decisions = round_by_mouse(app);
    assert_true(decisions >= 14);
    app_destroy(app);
}

static void key(App *app, SDL_Keycode k)
{
    test_key(app, k, 0);
}

/* Whether the legal moves hold a trail (of card c; CARD_NONE: of any card)
 * and a capture. */
static void legal_kinds(App *app, Card c, bool *trail, bool *take)
{
    Move moves[GAME_MAX_MOVES];
    int n = legal(app, moves);
    *trail = *take = false;
    for (int i = 0; i < n; i++) {
        if (moves[i].type == MOVE_PLAY && (c == CARD_NONE || moves[i].card == c)) {
            *trail = *trail || moves[i].target == CARD_NONE;
            *take = *take || moves[i].target != CARD_NONE;
        }
    }
}

/* The status line offers to trail only where the core allows a trail, and
 * to take only where a card can take, before a card is picked up; with
 * each hand card picked up in turn it says how to trail exactly when that
 * card may trail (the Trail button likewise). */
static void expect_prompt_legal(App *app, int *forced, int *trail_only)
{
    TableState *t = table_top(app);
    char status[256], kind[CARD_TEXT_MAX];
    bool trail = false, take = false;
    legal_kinds(app, CARD_NONE, &trail, &take);
    table_status_text(t, status, sizeof status);
    if (strstr(status, "trail") != NULL && !trail) {
        fail_msg("before a pick-up, '%s' without a legal trail", status);
    }
    if (!t->obs.first_turn[t->obs.seat] && strstr(status, "take") != NULL && !take) {
        fail_msg("before a pick-up, '%s' without a legal capture", status);
    }
    Observation o;
    game_observe(table_game(app), t->view.viewer, &o);
    for (int h = 0; h < o.hand_count[o.seat]; h++) {
        Card c = o.hand[h];
        legal_kinds(app, c, &trail, &take);
        int x = 0, y = 0;
        point_of(app, FZ_HAND, c, &x, &y);
        click(app, x, y);
        if (t->selected < 0) {
            /* Not picked up: refused, as a card with no legal move must be. */
            assert_false(trail || take);
            t->reason[0] = '\0';
            continue;
        }
        table_status_text(t, status, sizeof status);
        if ((strstr(status, "trail") != NULL) != trail) {
            fail_msg("%s picked up: '%s' with%s a legal trail", card_format(c, kind), status,
                     trail ? "" : "out");
        }
        if ((ui_find(&t->ui, W_TRAIL) != NULL) != trail) {
            fail_msg("%s picked up: a Trail button with%s a legal trail", card_format(c, kind),
                     trail ? "" : "out");
        }
        *forced += take && !trail;
        *trail_only += trail && !take;
        key(app, SDLK_ESCAPE); /* put back */
        assert_true(t->selected < 0);
    }
}

static void test_prompt_offers_only_what_the_core_allows(void **state)
{
    (void)state;
    /* Thothit: a card that matches must take (compulsory capture, played
     * card); Denexa's Totit: nobody trails while any card can take. */
    const VariantId games[] = {VARIANT_THOTHIT, VARIANT_TOTIT_DENEXA};
    int forced = 0, trail_only = 0;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        App *app = table_app(games[gi], 21, 0, ANIM_INSTANT, 1);
        int decisions = 0;
        while (until_person(app)) {
            TableState *t = table_top(app);
            if (t->obs.phase == PHASE_HAND) {
                expect_prompt_legal(app, &forced, &trail_only);
            }
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            Move m = moves[(decisions * 7) % n];
            int before = history_len(app);
            play_by_mouse(app, &m, true);
            if (t->dialog == DLG_FORFEIT) {
                test_click_named(app, "Take it anyway");
            }
            expect_move(app, before, &m);
            decisions++;
        }
        app_destroy(app);
    }
    printf("%d cards that must take, %d that can only trail\n", forced, trail_only);
    assert_true(forced > 0);
    assert_true(trail_only > 0);
}

/* Moves the keyboard focus to card c of a zone with the arrows. */
static void focus_card(App *app, FocusZone zone, Card c)
{
    FocusZone z = FZ_NONE;
    Card at = CARD_NONE;
    table_focus(app, &z, &at);
    for (int i = 0; i < 4 && z != zone; i++) {
        key(app, zone == FZ_HAND ? SDLK_DOWN : SDLK_UP);
        table_focus(app, &z, &at);
    }
    assert_int_equal(z, zone);
    for (int dir = 0; dir < 2 && at != c; dir++) {
        for (int i = 0; i < 60 && at != c; i++) {
            key(app, dir == 0 ? SDLK_RIGHT : SDLK_LEFT);
            table_focus(app, &z, &at);
        }
    }
    char kind[CARD_TEXT_MAX];
    if (at != c) {
        fail_msg("the arrows never reached %s", card_format(c, kind));
    }
}

static void test_totit_round_by_keyboard(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_TOTIT, 3, 3, ANIM_INSTANT, 1);
    int decisions = 0;
    while (until_person(app)) {
        Move moves[GAME_MAX_MOVES];
        int n = legal(app, moves);
        Move m = moves[(decisions * 5) % n];
        int before = history_len(app);
        focus_card(app, FZ_HAND, m.card);
        key(app, SDLK_RETURN);
        if (m.target != CARD_NONE) {
            /* Enter picked the card up and went to the first card it may take. */
            FocusZone z;
            Card at;
            table_focus(app, &z, &at);
            assert_int_equal(z, FZ_POOL);
            focus_card(app, FZ_POOL, m.target);
            key(app, SDLK_RETURN);
        } else if (history_len(app) == before) {
            key(app, SDLK_t);
        }
        expect_move(app, before, &m);
        decisions++;
    }
    assert_string_equal(test_top_scene(app), "result");
    assert_true(decisions >= 7);
    app_destroy(app);
}

static void test_illegal_drop_snaps_back(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 21, 0, ANIM_INSTANT, 1);
    assert_true(until_person(app));
    const Game *g = table_game(app);
    Observation o;
    game_observe(g, game_to_move(g), &o);
    /* A hand card and a pool card of another rank. */
    Card hand = CARD_NONE, pool = CARD_NONE;
    for (int i = 0; i < o.hand_count[o.seat] && hand == CARD_NONE; i++) {
        for (int j = 0; j < o.pool_count; j++) {
            Move m = {
                .type = MOVE_PLAY, .seat = (uint8_t)o.seat, .card = o.hand[i], .target = o.pool[j]};
            if (!game_is_legal(g, &m) && card_rank(o.hand[i]) != card_rank(o.pool[j])) {
                hand = o.hand[i];
                pool = o.pool[j];
                break;
            }
        }
    }
    assert_true(hand != CARD_NONE);
    SDL_Rect home;
    assert_true(table_card_rect(app, FZ_HAND, hand, 0, &home));
    int before = history_len(app);
    int x0, y0, x1, y1;
    point_of(app, FZ_HAND, hand, &x0, &y0);
    point_of(app, FZ_POOL, pool, &x1, &y1);
    drag(app, x0, y0, x1, y1);
    /* Nothing happened but a reason in words. */
    assert_int_equal(history_len(app), before);
    Move m = {.type = MOVE_PLAY, .seat = (uint8_t)o.seat, .card = hand, .target = pool};
    assert_string_equal(app->toast, game_explain_illegal(table_game(app), &m));
    assert_true(strlen(app->toast) > 10);
    /* The card is back where it was. */
    step(app, 0.05);
    SDL_Rect now;
    assert_true(table_card_rect(app, FZ_HAND, hand, 0, &now));
    assert_int_equal(now.x, home.x);
    assert_int_equal(now.y, home.y);
    /* Dropped on no card and outside the pool, it simply goes back too. */
    point_of(app, FZ_HAND, hand, &x0, &y0);
    drag(app, x0, y0, 4, app->height / 2);
    assert_int_equal(history_len(app), before);
    app_destroy(app);
}

static int plays_by(App *app, int from, int seat)
{
    int n = 0, count = 0;
    const Move *h = session_history(app->session, &n);
    for (int i = from; i < n; i++) {
        count += h[i].seat == seat && h[i].type == MOVE_PLAY;
    }
    return count;
}

static void test_input_while_cards_move(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 8, 0, ANIM_NORMAL, 1);
    assert_true(until_person(app));
    TableState *t = table_top(app);
    int me = t->view.viewer;
    const Game *g = table_game(app);
    int start = history_len(app);

    /* A move, then more input at once while it is shown: Enter twice and
     * another drag. None of it is a second move. */
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    Move m1 = moves[0];
    play_by_mouse(app, &m1, true);
    expect_move(app, start, &m1);
    assert_false(table_settled(t));
    key(app, SDLK_RETURN);
    key(app, SDLK_RETURN);
    int x0, y0, x1, y1;
    int ids[TV_MAX_SPRITES];
    int nh = view_hand_order(t, me, ids, TV_MAX_SPRITES);
    if (nh > 0) {
        SDL_Rect r = view_rect(&t->view.sprites[ids[0]]);
        x0 = r.x + r.w / 4;
        y0 = r.y + r.h / 2;
        assert_true(table_free_pool_point(app, &x1, &y1));
        drag(app, x0, y0, x1, y1);
    }
    assert_int_equal(plays_by(app, start, me), 1);

    /* The computers play; the game waits for the person while their cards
     * still move. A move made then is held and made once, when they land. */
    bool held = false;
    for (int i = 0; i < 400000 && !held; i++) {
        g = table_game(app);
        if (game_round_over(g) || strcmp(test_top_scene(app), "table") != 0) {
            break;
        }
        Observation o;
        game_observe(g, me, &o);
        if (game_to_move(g) == me && o.phase == PHASE_HAND && !table_settled(t)) {
            int n = legal(app, moves);
            Move m2 = moves[n - 1];
            int before = history_len(app);
            int mine = plays_by(app, start, me);
            play_by_mouse(app, &m2, true);
            assert_int_equal(t->held.by, HELD_PERSON);
            assert_int_equal(history_len(app), before);
            /* A second try while the first is held is refused. */
            play_by_mouse(app, &m2, true);
            for (int k = 0; k < 400000 && !table_settled(t); k++) {
                step(app, 0.02);
            }
            step(app, 0.02);
            expect_move(app, before, &m2);
            assert_int_equal(plays_by(app, start, me), mine + 1);
            held = true;
        } else {
            step(app, 0.02);
        }
    }
    assert_true(held);
    app_destroy(app);
}

static void test_kowah_by_mouse(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KOWAH, 4, 3, ANIM_INSTANT, 1);
    int decisions = 0;
    while (decisions < 40 && until_person(app)) {
        Move moves[GAME_MAX_MOVES];
        int n = legal(app, moves);
        Move m = moves[(decisions * 3) % n];
        int before = history_len(app);
        int x, y, x1, y1;
        char name[80], kind[48];
        switch (m.type) {
        case MOVE_DRAW_STOCK:
            assert_true(table_stock_point(app, &x, &y));
            click(app, x, y);
            break;
        case MOVE_DRAW_DISCARD:
            assert_true(table_discard_point(app, &x, &y));
            click(app, x, y);
            break;
        case MOVE_DISCARD:
            point_of(app, FZ_HAND, m.card, &x, &y);
            assert_true(table_discard_point(app, &x1, &y1));
            drag(app, x, y, x1, y1);
            break;
        case MOVE_DECLARE:
            table_card_label(table_top(app), m.card, kind, sizeof kind);
            snprintf(name, sizeof name, "Show %s", kind);
            test_click_named(app, name);
            break;
        case MOVE_CLAIM:
            table_card_label(table_top(app), m.card, kind, sizeof kind);
            snprintf(name, sizeof name, "Claim %s", kind);
            test_click_named(app, name);
            break;
        case MOVE_PASS: test_click_named(app, "Pass"); break;
        default: fail_msg("unexpected move type %d", m.type);
        }
        expect_move(app, before, &m);
        decisions++;
    }
    assert_true(decisions >= 20);
    app_draw(app);
    app_destroy(app);
}

/* The move log (L, or the Log button): the viewer's public history, newest
 * first, in words and cards. It names a card only where everyone saw it
 * (another seat's stock draw in Kowah stays face down), and while it is open
 * a click on it does not reach the cards under it. */
static void test_move_log(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 5, 3, ANIM_INSTANT, 1);
    Move moves[GAME_MAX_MOVES];
    for (int d = 0; d < 2 && until_person(app); d++) { /* the others have played too */
        legal(app, moves);
        assert_true(table_try_move(app, table_top(app), &moves[0]));
    }
    assert_true(until_person(app));
    TableState *t = table_top(app);
    SDL_Rect panel;
    assert_false(table_log_panel(app, t, &panel));
    test_key(app, SDLK_l, 0);
    assert_true(table_log_panel(app, t, &panel));
    assert_true(panel.x + panel.w >= app->width && panel.w < app->width / 2);
    /* Entries from the newest: the last capture or trail, by its seat. */
    const PublicHistory *h = &t->obs.history;
    assert_true(h->count > 0);
    assert_int_equal(table_log_count(t), h->count);
    const PublicEntry *e = &h->entry[h->count - 1];
    char text[240], name[48], card[64];
    Card cards[2];
    int nc = 0;
    assert_true(table_log_entry(t, 0, text, sizeof text, cards, &nc));
    table_seat_name(t, e->seat, name, sizeof name);
    char *dot = strstr(name, " \xc2\xb7");
    if (dot != NULL) {
        *dot = '\0';
    }
    table_card_label(t, e->card, card, sizeof card);
    assert_non_null(strstr(text, name));
    assert_non_null(strstr(text, card));
    assert_int_equal(cards[0], e->card);
    assert_false(table_log_entry(t, h->count, text, sizeof text, cards, &nc));
    app_draw(app);
    test_key(app, SDLK_l, 0);
    assert_false(table_log_panel(app, t, &panel));
    app_destroy(app);

    /* Kowah: the others' stock draws are in the log, face down. */
    app = table_app(VARIANT_KOWAH, 4, 3, ANIM_INSTANT, 1);
    for (int d = 0; d < 6 && until_person(app); d++) {
        int n = legal(app, moves);
        Move m = moves[0];
        for (int i = 0; i < n; i++) {
            if (moves[i].type == MOVE_DRAW_STOCK) {
                m = moves[i];
            }
        }
        assert_true(table_try_move(app, table_top(app), &m));
    }
    assert_true(until_person(app));
    t = table_top(app);
    test_key(app, SDLK_l, 0);
    int hidden = 0, named = 0;
    for (int i = 0; i < table_log_count(t); i++) {
        assert_true(table_log_entry(t, i, text, sizeof text, cards, &nc));
        const PublicEntry *k = &t->obs.history.entry[t->obs.history.count - 1 - i];
        if (k->kind == PUB_DRAW && k->card == CARD_NONE) {
            assert_non_null(strstr(text, "drew from the stock"));
            assert_int_equal(cards[0], CARD_NONE);
            hidden++;
        } else if (k->kind == PUB_DISCARD) {
            table_card_label(t, k->card, card, sizeof card);
            assert_non_null(strstr(text, card));
            named++;
        }
    }
    assert_true(hidden >= 4 && named >= 4);
    /* A click on the panel over a card of the hand is the panel's (in the
     * discard phase a click on a hand card would pick it up). */
    int n = legal(app, moves);
    for (int i = 0; i < n; i++) {
        if (moves[i].type == MOVE_DRAW_STOCK) {
            assert_true(table_try_move(app, t, &moves[i]));
        }
    }
    assert_true(until_person(app));
    assert_true(table_log_panel(app, t, &panel));
    int clicked = 0, before = history_len(app);
    n = legal(app, moves);
    for (int i = 0; i < n; i++) {
        SDL_Rect r;
        if (moves[i].type == MOVE_DISCARD && table_card_rect(app, FZ_HAND, moves[i].card, 0, &r)) {
            SDL_Point at = {r.x + r.w - 4, r.y + r.h / 2};
            if (SDL_PointInRect(&at, &panel)) {
                click(app, at.x, at.y);
                assert_int_equal(t->selected, -1);
                clicked++;
            }
        }
    }
    assert_true(clicked > 0);
    assert_int_equal(history_len(app), before);
    int rows_before = t->log_scroll;
    test_key(app, SDLK_PAGEDOWN, 0);
    app_draw(app);
    assert_true(t->log_scroll > rows_before || table_log_count(t) <= 4);
    test_key(app, SDLK_PAGEUP, 0);
    assert_int_equal(t->log_scroll, rows_before);
    app_destroy(app);
}

/* A card dragged over a highlighted pool card and let go with the pointer
 * beside it (on the pool's free space or another card) takes that card: the
 * drop goes to the target the card covers, not to what lies under the
 * pointer, which would have trailed it or been refused. */
static void test_drop_lands_on_the_covered_target(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed <= 12 && tried < 3; seed++) {
        App *app = table_app(VARIANT_THOTHIT, seed, 3, ANIM_INSTANT, 1);
        for (int d = 0; d < 6 && tried < 3 && until_person(app); d++) {
            TableState *t = table_top(app);
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            bool done = false;
            for (int i = 0; i < n && !done; i++) {
                SDL_Rect rc, rt;
                int x0, y0;
                if (moves[i].type != MOVE_PLAY || moves[i].target == CARD_NONE ||
                    !table_card_rect(app, FZ_HAND, moves[i].card, 0, &rc) ||
                    !table_card_point(app, FZ_HAND, moves[i].card, 0, &x0, &y0) ||
                    !table_card_rect(app, FZ_POOL, moves[i].target, 0, &rt)) {
                    continue;
                }
                int gx = x0 - rc.x, gy = y0 - rc.y;
                /* Lay the card over the target with the pointer (at the same
                 * point of the card) just below it, or just above it. */
                int px = rt.x + gx, py = rt.y + rt.h + 3;
                if (gy < rc.h / 3) {
                    py = rt.y - 3;
                }
                int cy = py - gy;
                int overlap = SDL_min(cy + rc.h, rt.y + rt.h) - SDL_max(cy, rt.y);
                SDL_Point at = {px, py};
                if (overlap < rc.h / 3) {
                    continue;
                }
                FocusZone z = FZ_NONE;
                int under = table_hit_card(t, px, py, &z);
                bool under_target = false;
                for (int j = 0; j < n; j++) {
                    under_target = under_target || (z == FZ_POOL && moves[j].type == MOVE_PLAY &&
                                                    moves[j].card == moves[i].card &&
                                                    moves[j].target == t->view.sprites[under].card);
                }
                if (SDL_PointInRect(&at, &rt) || under_target || px >= app->width ||
                    py >= app->height) {
                    continue;
                }
                /* The legal targets the laid card lies over, before the move. */
                SDL_Rect laid = {px - gx, py - gy, rc.w, rc.h}, rg;
                Card over[GAME_MAX_MOVES];
                int nover = 0;
                for (int j = 0; j < n; j++) {
                    bool lies = false;
                    for (int k = 0; k < 4 && moves[j].type == MOVE_PLAY &&
                                    moves[j].card == moves[i].card && moves[j].target != CARD_NONE;
                         k++) {
                        lies = lies || (table_card_rect(app, FZ_POOL, moves[j].target, k, &rg) &&
                                        SDL_HasIntersection(&laid, &rg));
                    }
                    if (lies) {
                        over[nover++] = moves[j].target;
                    }
                }
                int before = history_len(app);
                drag(app, x0, y0, px, py);
                const Move *got = last_move(app);
                assert_int_equal(history_len(app), before + 1);
                assert_int_equal(got->card, moves[i].card);
                /* a capture (not a trail), of a card the dropped card lay over:
                 * the target, or another it covered more of */
                assert_int_not_equal(got->target, CARD_NONE);
                bool covered = false;
                for (int k = 0; k < nover; k++) {
                    covered = covered || over[k] == got->target;
                }
                assert_true(covered);
                tried++;
                done = true;
            }
            if (!done) {
                legal(app, moves);
                assert_true(table_try_move(app, t, &moves[0]));
            }
        }
        app_destroy(app);
    }
    assert_true(tried >= 3);
}

/* Tabs to the table button called `name` and presses Enter. */
static void press_button_by_keyboard(App *app, const char *name)
{
    for (int i = 0; i < 40 && strcmp(test_focus_name(app), name) != 0; i++) {
        key(app, SDLK_TAB);
    }
    assert_string_equal(test_focus_name(app), name);
    key(app, SDLK_RETURN);
}

/* Kowah by keyboard alone: Enter draws, Enter on a hand card discards it
 * (whether or not it was selected first), the discard pile is reached with
 * the arrows, and the declare and claim prompts with Tab. */
static void test_kowah_by_keyboard(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KOWAH, 9, 3, ANIM_INSTANT, 1);
    /* The person plays as the greedy player would (it reaches checki, so
     * declaring and claiming come up), taking the discard now and then. */
    AiPlayer *ai = ai_create(AI_GREEDY, 9);
    int decisions = 0, seen[MOVE_PASS + 1] = {0};
    for (int hand = 0; hand < 5 && decisions < 400; hand++) {
        if (hand > 0) {
            if (strcmp(test_top_scene(app), "result") != 0 ||
                game_match_over(session_game(app->session))) {
                break;
            }
            test_click_named(app, "Next hand");
        }
        while (decisions < 400 && until_person(app)) {
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            Move m;
            assert_int_equal(ai_choose(ai, table_game(app), 0, &m), CEKI_OK);
            if (m.type == MOVE_DRAW_STOCK && decisions % 3 == 0) {
                for (int i = 0; i < n; i++) {
                    m = moves[i].type == MOVE_DRAW_DISCARD ? moves[i] : m;
                }
            }
            int before = history_len(app);
            char name[80], kind[48];
            FocusZone z = FZ_NONE;
            Card at = CARD_NONE;
            switch (m.type) {
            case MOVE_DRAW_STOCK: key(app, SDLK_RETURN); break;
            case MOVE_DRAW_DISCARD:
                for (int i = 0; i < 4 && z != FZ_STOCK && z != FZ_DISCARD; i++) {
                    key(app, SDLK_UP);
                    table_focus(app, &z, &at);
                }
                if (z == FZ_STOCK) {
                    key(app, SDLK_RIGHT);
                    table_focus(app, &z, &at);
                }
                assert_int_equal(z, FZ_DISCARD);
                key(app, SDLK_RETURN);
                break;
            case MOVE_DISCARD:
                focus_card(app, FZ_HAND, m.card);
                if (decisions % 2 == 0) {
                    int x, y; /* selected by a click first, then Enter */
                    point_of(app, FZ_HAND, m.card, &x, &y);
                    click(app, x, y);
                }
                key(app, SDLK_RETURN);
                break;
            case MOVE_DECLARE:
                table_card_label(table_top(app), m.card, kind, sizeof kind);
                snprintf(name, sizeof name, "Show %s", kind);
                press_button_by_keyboard(app, name);
                break;
            case MOVE_CLAIM:
                table_card_label(table_top(app), m.card, kind, sizeof kind);
                snprintf(name, sizeof name, "Claim %s", kind);
                press_button_by_keyboard(app, name);
                break;
            case MOVE_PASS: press_button_by_keyboard(app, "Pass"); break;
            default: fail_msg("unexpected move type %d", m.type);
            }
            expect_move(app, before, &m);
            if ((m.type == MOVE_DRAW_STOCK || m.type == MOVE_DRAW_DISCARD) &&
                !game_round_over(table_game(app))) {
                /* Once the card is in the hand (and it did not win it), the
                 * focus is on it and the prompt names it. */
                step(app, 0.05);
                step(app, 0.05);
                table_focus(app, &z, &at);
                assert_int_equal(z, FZ_HAND);
                assert_int_equal(at, table_top(app)->drawn);
                assert_true(at != CARD_NONE);
            }
            seen[m.type]++;
            decisions++;
        }
    }
    ai_destroy(ai);
    /* Every kind of Kowah decision was made by keyboard. */
    assert_true(seen[MOVE_DRAW_STOCK] > 0 && seen[MOVE_DRAW_DISCARD] > 0 && seen[MOVE_DISCARD] > 0);
    assert_true(seen[MOVE_DECLARE] > 0);
    assert_true(seen[MOVE_CLAIM] + seen[MOVE_PASS] > 0);
    app_destroy(app);
}

/* The Chinese game: a capture that forfeits the win asks first. */
static void test_forfeit_warning(void **state)
{
    (void)state;
    bool seen = false;
    for (uint64_t seed = 1; seed < 60 && !seen; seed++) {
        App *app = table_app(VARIANT_THOTHIT_CHINESE, seed, 0, ANIM_INSTANT, 1);
        int decisions = 0;
        while (!seen && until_person(app)) {
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            int pick = -1;
            for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
                if (moves[i].flags & MOVE_FLAG_FORFEIT) {
                    pick = i;
                }
            }
            int before = history_len(app);
            if (pick < 0) {
                Move m = moves[decisions % n];
                play_by_mouse(app, &m, true);
                if (table_top(app)->dialog == DLG_FORFEIT) {
                    test_click_named(app, "Take it anyway");
                }
                expect_move(app, before, &m);
                decisions++;
                continue;
            }
            Move m = moves[pick];
            play_by_mouse(app, &m, true);
            /* Asked first; nothing taken yet. */
            assert_int_equal(table_top(app)->dialog, DLG_FORFEIT);
            assert_int_equal(history_len(app), before);
            test_click_named(app, "Cancel");
            assert_int_equal(table_top(app)->dialog, DLG_NONE);
            assert_int_equal(history_len(app), before);
            /* Again, and this time taken. */
            play_by_mouse(app, &m, false);
            test_click_named(app, "Take it anyway");
            expect_move(app, before, &m);
            assert_true(last_move(app)->flags & MOVE_FLAG_FORFEIT);
            seen = true;
        }
        app_destroy(app);
    }
    assert_true(seen);
}

/* The Chinese game by Enter alone: when the keyboard jumps to a card to
 * take, it prefers one that keeps the win, so the forfeit question comes up
 * only when every capture of that card forfeits. */
/* Whether moves hold a capture by the same card as m (same move type) that
 * keeps the win, and one that forfeits it. */
static void capture_kinds(const Move *moves, int n, const Move *m, bool *safe, bool *forfeits)
{
    *safe = *forfeits = false;
    for (int i = 0; i < n; i++) {
        if (moves[i].type == m->type && moves[i].card == m->card && moves[i].target != CARD_NONE) {
            if (moves[i].flags & MOVE_FLAG_FORFEIT) {
                *forfeits = true;
            } else {
                *safe = true;
            }
        }
    }
}

/* What capturing `target` with `card` adds to seat 0's pile in g. */
static int gain_of(const Game *g, Card card, Card target)
{
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    game_observe(g, 0, o);
    Card pile[OBS_MAX_PILE];
    int n = o->captured_count[0];
    memcpy(pile, o->captured[0], (size_t)n);
    const GameConfig *cfg = game_config(g);
    int before = score_pile(cfg->variant, cfg->options, pile, n, NULL);
    pile[n] = card;
    pile[n + 1] = target;
    int after = score_pile(cfg->variant, cfg->options, pile, n + 2, NULL);
    free(o);
    return after - before;
}

/* Enter, Enter takes the capture that adds most by the core's scoring (an
 * identical scoring twin before a card that only matches its rank). */
static void test_enter_takes_the_best_capture(void **state)
{
    (void)state;
    int choices = 0;
    for (uint64_t seed = 1; seed <= 40 && choices < 6; seed++) {
        App *app = table_app(VARIANT_THOTHIT, seed, 0, ANIM_INSTANT, 1);
        while (until_person(app)) {
            const Game *g = table_game(app);
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            int before = history_len(app);
            Game *was = game_clone(g, false);
            for (int press = 0; press < 2 && history_len(app) == before; press++) {
                key(app, SDLK_RETURN);
            }
            if (history_len(app) == before) {
                game_destroy(was);
                break; /* a dialog or a turn Enter does not make: enough here */
            }
            const Move *m = last_move(app);
            if (m->type == MOVE_PLAY && m->target != CARD_NONE) {
                int chosen = gain_of(was, m->card, m->target), best = chosen, worst = chosen;
                for (int k = 0; k < n; k++) {
                    if (moves[k].type == MOVE_PLAY && moves[k].card == m->card &&
                        moves[k].target != CARD_NONE) {
                        int gain = gain_of(was, m->card, moves[k].target);
                        best = gain > best ? gain : best;
                        worst = gain < worst ? gain : worst;
                    }
                }
                assert_int_equal(chosen, best);
                choices += best > worst; /* there was a worse capture to avoid */
            }
            game_destroy(was);
        }
        app_destroy(app);
    }
    assert_true(choices >= 6);
}

static void test_enter_prefers_a_capture_that_keeps_the_win(void **state)
{
    (void)state;
    int mixed = 0, decisions = 0;
    for (uint64_t seed = 1; seed <= 40 && (mixed < 2 || decisions < 40); seed++) {
        App *app = table_app(VARIANT_THOTHIT_CHINESE, seed, 0, ANIM_INSTANT, 1);
        while (until_person(app)) {
            Move moves[GAME_MAX_MOVES];
            int n = legal(app, moves);
            int before = history_len(app);
            Move chosen;
            bool asked = false;
            /* Enter picks up (or turns), Enter takes: two presses make the
             * move or ask about a forfeit. */
            for (int press = 0; press < 2 && history_len(app) == before; press++) {
                key(app, SDLK_RETURN);
                if (table_top(app)->dialog == DLG_FORFEIT) {
                    chosen = table_top(app)->dialog_move;
                    asked = true;
                    test_click_named(app, "Take it anyway");
                }
            }
            if (history_len(app) == before) {
                fail_msg("Enter twice made no move (phase %d)", table_top(app)->obs.phase);
            }
            if (!asked) {
                chosen = *last_move(app);
            }
            bool safe, forfeits;
            capture_kinds(moves, n, &chosen, &safe, &forfeits);
            if (safe && forfeits) {
                mixed++;
            }
            if ((chosen.flags & MOVE_FLAG_FORFEIT) && safe) {
                fail_msg("Enter went to a capture that forfeits; a safe one existed");
            }
            decisions++;
        }
        app_destroy(app);
    }
    assert_true(decisions >= 40);
    assert_true(mixed >= 2); /* the choice did come up, and Enter kept the win */
}

static void test_undo_takes_back_the_last_decision(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 31, 0, ANIM_NORMAL, 1);
    assert_true(until_person(app));
    int before = history_len(app);
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    assert_true(until_person(app));
    key(app, SDLK_u);
    assert_int_equal(history_len(app), before);
    assert_true(until_person(app));
    /* Again, undone while its cards are still moving. */
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    step(app, 0.05);
    assert_false(table_settled(table_top(app)));
    key(app, SDLK_u);
    assert_int_equal(history_len(app), before);
    /* The table shows the position again and waits for the same decision. */
    assert_true(until_person(app));
    assert_int_equal(history_len(app), before);
    /* Ctrl+Z undoes too (Z alone does nothing); F1 opens the rules. */
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    assert_true(until_person(app));
    int after = history_len(app);
    key(app, SDLK_z);
    assert_int_equal(history_len(app), after);
    test_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(history_len(app), before);
    assert_true(until_person(app));
    /* Ctrl+Shift+Z brings back exactly the moves undone, computers' too;
     * Ctrl+Y likewise; a move of one's own forgets what was undone. */
    int n_after = 0;
    test_key(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
    assert_int_equal(history_len(app), after);
    assert_true(move_equal(&session_history(app->session, &n_after)[before], &moves[0]));
    assert_true(until_person(app));
    test_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(history_len(app), before);
    test_key(app, SDLK_y, KMOD_LCTRL);
    assert_int_equal(history_len(app), after);
    assert_true(until_person(app));
    test_key(app, SDLK_z, KMOD_LCTRL);
    assert_true(until_person(app));
    legal(app, moves);
    play_by_mouse(app, &moves[1], true);
    expect_move(app, before, &moves[1]);
    test_key(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT); /* nothing left to redo */
    assert_int_equal(history_len(app), before + 1);
    assert_true(until_person(app));
    key(app, SDLK_F1);
    assert_string_equal(test_top_scene(app), "learn");
    app_destroy(app);

    /* A refusal says nothing about the position an undo brings back. */
    app = table_app(VARIANT_THOTHIT, 31, 0, ANIM_NORMAL, 1);
    assert_true(until_person(app));
    legal(app, moves);
    play_by_mouse(app, &moves[0], true);
    TableState *t = table_top(app);
    for (int i = 0; i < 100000 && table_viewer_decides(t); i++) {
        step(app, 0.01); /* the person's stock turn is made for them */
    }
    assert_false(table_viewer_decides(t)); /* the computers play now */
    assert_false(table_try_move(app, t, &moves[0]));
    assert_string_equal(t->reason, "Wait for your turn.");
    key(app, SDLK_u);
    assert_string_equal(t->reason, "");
    app_destroy(app);
}

static void test_hotseat_cover(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 9, 0, ANIM_INSTANT, 2);
    TableState *t = table_top(app);
    int covers = 0;
    for (int i = 0; i < 400000 && covers < 3; i++) {
        if (t->dialog == DLG_COVER) {
            int next = t->cover_seat;
            assert_true(next == 0 || next == 1);
            /* The hand is hidden behind the cover until the person is ready. */
            char name[32], label[48];
            table_seat_name(t, next, name, sizeof name);
            snprintf(label, sizeof label, "I am ready (%s)", name);
            test_click_named(app, label);
            assert_int_equal(t->dialog, DLG_NONE);
            assert_int_equal(t->view.viewer, next);
            covers++;
        }
        if (table_waits_for_person(app)) {
            /* The hand shown is the seat's own. */
            const Game *g = table_game(app);
            Observation o;
            game_observe(g, game_to_move(g), &o);
            assert_int_equal(o.seat, t->view.viewer);
            SDL_Rect r;
            assert_true(table_card_rect(app, FZ_HAND, o.hand[0], 0, &r));
            Move moves[GAME_MAX_MOVES];
            legal(app, moves);
            int before = history_len(app);
            play_by_mouse(app, &moves[0], true);
            expect_move(app, before, &moves[0]);
        }
        step(app, 0.05);
    }
    assert_true(covers >= 2);
    app_destroy(app);
}

static void test_watch_mode(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KINGS, 2, 3, ANIM_INSTANT, 0);
    TableState *t = table_top(app);
    assert_true(t->watch);
    assert_int_equal(t->watch_mode, WATCH_PLAYING);
    key(app, SDLK_p); /* pause */
    assert_int_equal(t->watch_mode, WATCH_PAUSED);
    for (int i = 0; i < 50; i++) {
        step(app, 0.05);
    }
    int before = history_len(app);
    for (int i = 0; i < 50; i++) {
        step(app, 0.05);
    }
    assert_int_equal(history_len(app), before);
    key(app, SDLK_s); /* one step */
    for (int i = 0; i < 20; i++) {
        step(app, 0.05);
    }
    assert_int_equal(history_len(app), before + 1);
    test_click_named(app, "Step");
    for (int i = 0; i < 20; i++) {
        step(app, 0.05);
    }
    assert_int_equal(history_len(app), before + 2);
    test_click_named(app, "Play");
    for (int i = 0; i < 400000 && strcmp(test_top_scene(app), "table") == 0; i++) {
        step(app, 0.05);
    }
    /* The round played itself to its end. */
    assert_string_equal(test_top_scene(app), "result");
    app_destroy(app);
}

static void test_deck_style_switches_live(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_ENTHIT, 4, 0, ANIM_INSTANT, 1);
    assert_true(until_person(app));
    TableState *t = table_top(app);
    assert_int_equal(t->style, STYLE_CEKI);
    SDL_Rect before;
    Observation o;
    game_observe(table_game(app), t->view.viewer, &o);
    assert_true(table_card_rect(app, FZ_HAND, o.hand[0], 0, &before));
    key(app, SDLK_c);
    assert_int_equal(t->style, STYLE_WESTERN_CLUBS);
    for (int i = 0; i < 10; i++) {
        step(app, 0.05);
    }
    SDL_Rect after;
    assert_true(table_card_rect(app, FZ_HAND, o.hand[0], 0, &after));
    /* Western cards are wider for their height. */
    assert_true((double)after.w / after.h > (double)before.w / before.h + 0.2);
    app_draw(app);
    /* The game goes on as it was. */
    assert_true(table_waits_for_person(app));
    app_destroy(app);
}

static void test_hint(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 12, 0, ANIM_INSTANT, 1);
    assert_true(until_person(app));
    TableState *t = table_top(app);
    key(app, SDLK_h);
    assert_true(t->hint_state != HINT_NONE);
    for (int i = 0; i < 400000 && t->hint_state != HINT_SHOWN; i++) {
        step(app, 0.02);
        SDL_Delay(t->hint_state == HINT_SHOWN ? 0 : 1);
    }
    assert_int_equal(t->hint_state, HINT_SHOWN);
    /* The suggestion is a move the person may make, and nothing was played. */
    assert_true(game_is_legal(table_game(app), &t->hint));
    assert_true(table_waits_for_person(app));
    /* Beside it, the coach's line: the reasons for that very move. */
    char line[COACH_TEXT_MAX];
    assert_true(move_equal(&t->coach.move, &t->hint));
    assert_true(t->coach.nwhy > 0);
    assert_true(table_coach_line(t, line, sizeof line));
    app_draw(app);
    app_destroy(app);
}

/* Leaving the table saves the game; the title's Resume hands the saved
 * game back to a new table, which goes on from the same position. */
static void test_save_on_leave_and_resume(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("table-save");
    char home[600], settings[700];
    snprintf(home, sizeof home, "%s", dir);
    SDL_setenv("XDG_DATA_HOME", home, 1); /* player files in a test directory */
    snprintf(settings, sizeof settings, "%s/settings.txt", home);
    App *app = test_app_new(1280, 800, settings);
    app->settings.anim_speed = ANIM_INSTANT;
    app_setup_variant(app, VARIANT_TOTIT);
    app->setup.config.seed = 77;
    app->setup.seed_given = true;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
    assert_true(until_person(app));
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int before = history_len(app);
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    assert_true(until_person(app));
    int played = history_len(app);
    /* Menu, then Leave: the table goes and the game is saved. */
    test_click_named(app, "Menu");
    test_click_named(app, "Leave the table");
    test_click_named(app, "Leave");
    assert_string_equal(test_top_scene(app), "title");
    assert_null(app->session);
    /* Resume: the title offers it and the table takes it. */
    assert_non_null(ui_find_named(ui_of_top_scene(app), "Resume game"));
    StoreGame g[1];
    assert_int_equal(store_games(app->store, "totit", g, 1), 1);
    char err[300];
    Session *saved = journal_resume(app->store, g[0].match, err, sizeof err);
    assert_non_null(saved);
    app->session = saved;
    assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
    assert_true(table_game(app) == session_game(saved));
    assert_int_equal(history_len(app), played);
    assert_true(until_person(app));
    app_draw(app);
    app_destroy(app);
}

/* Another copy of the program (a second store on the same file) plays a
 * Totit game: this copy's title and Totit setup say it is open in another
 * window and offer no Resume of it; Start there deals a match of its own at
 * the first press (nothing of this copy's to drop), and the other copy's
 * game stays as it was. */
static void test_game_open_in_another_copy(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("table-other-copy");
    char home[600], settings[700], db[700], notice[400], err[300];
    snprintf(home, sizeof home, "%s", dir);
    SDL_setenv("XDG_DATA_HOME", home, 1);
    snprintf(settings, sizeof settings, "%s/settings.txt", home);
    snprintf(db, sizeof db, "%s/ceki.db", home);
    Store *other = store_open(db, notice, sizeof notice);
    assert_true(store_persistent(other));
    GameConfig cfg = game_config_default(VARIANT_TOTIT, 41);
    Session *theirs = test_session_new(&cfg);
    Move m;
    assert_true(game_legal_moves(session_game(theirs), &m, 1) >= 1);
    const char *why = NULL;
    assert_int_equal(session_apply(theirs, &m, &why), CEKI_OK);
    assert_true(journal_write(other, theirs, 0, err, sizeof err));
    size_t len = 0;
    char *kept = store_game_text(other, session_match_id(theirs), &len);
    assert_non_null(kept);

    App *app = test_app_new(1280, 800, settings);
    app->settings.anim_speed = ANIM_INSTANT;
    assert_string_equal(test_top_scene(app), "title");
    test_expect_says(app, "title", "This game is open in another window.");
    const Widget *resume = ui_find_named(ui_of_top_scene(app), "Resume game");
    assert_non_null(resume);
    assert_true(resume->disabled);
    app_setup_variant(app, VARIANT_TOTIT);
    app->setup.config.seed = 78;
    app->setup.seed_given = true;
    char push_why[200];
    assert_true(scene_stack_push(app, SCENE_SETUP, push_why, sizeof push_why));
    test_expect_says(app, "setup", "This game is open in another window.");
    assert_null(ui_find_named(ui_of_top_scene(app), "Resume it"));
    test_click_named(app, "Start game"); /* once: nothing here to drop */
    assert_string_equal(test_top_scene(app), "table");
    assert_true(until_person(app));
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int before = history_len(app);
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    char mine[STORE_ID_LEN + 1]; /* a copy: the session goes with the app below */
    snprintf(mine, sizeof mine, "%s", session_match_id(app->session));
    assert_string_not_equal(mine, session_match_id(theirs));
    /* Both games are kept, the other copy's as it wrote it. */
    StoreGame g[3];
    assert_int_equal(store_games(other, "totit", g, 3), 2);
    size_t now_len = 0;
    char *now = store_game_text(other, session_match_id(theirs), &now_len);
    assert_non_null(now);
    assert_int_equal(now_len, len);
    assert_memory_equal(now, kept, len);
    free(now);
    free(kept);
    assert_true(store_game_open_elsewhere(other, mine)); /* and this one is this copy's */
    app_destroy(app);
    assert_false(store_game_open_elsewhere(other, mine)); /* until it ends */
    session_destroy(theirs);
    store_close(other);
}

/* The store's file cannot be opened at start (a folder in its place): the
 * title says so and the game goes on in memory. Once the file can be made,
 * the next move keeps the game in it, everything before included, and the
 * title's notice is gone. */
static void test_store_file_tried_again(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("table-store-later");
    char home[600], settings[700], db[700];
    snprintf(home, sizeof home, "%s", dir);
    SDL_setenv("XDG_DATA_HOME", home, 1);
    snprintf(settings, sizeof settings, "%s/settings.txt", home);
    snprintf(db, sizeof db, "%s/ceki.db", home);
    assert_int_equal(mkdir(db, 0755), 0);
    App *app = test_app_new(1280, 800, settings);
    app->settings.anim_speed = ANIM_INSTANT;
    assert_false(store_persistent(app->store));
    test_expect_says(app, "title", "could not be opened");
    app_setup_variant(app, VARIANT_TOTIT);
    app->setup.config.seed = 79;
    app->setup.seed_given = true;
    char why[200];
    assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
    assert_true(until_person(app));
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int before = history_len(app);
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    assert_false(store_persistent(app->store)); /* still in the way */
    assert_int_equal(remove(db), 0);            /* the empty folder */
    assert_true(until_person(app));
    legal(app, moves);
    before = history_len(app);
    play_by_mouse(app, &moves[0], true);
    expect_move(app, before, &moves[0]);
    assert_true(store_persistent(app->store));
    int played = history_len(app);
    test_click_named(app, "Menu");
    test_click_named(app, "Leave the table");
    test_click_named(app, "Leave");
    assert_string_equal(test_top_scene(app), "title");
    test_expect_not_says(app, "title", "could not be opened");
    app_destroy(app);
    /* In the file: the game as it was left. */
    char notice[400], err[300];
    Store *st = store_open(db, notice, sizeof notice);
    assert_string_equal(notice, "");
    StoreGame g[2];
    assert_int_equal(store_games(st, "totit", g, 2), 1);
    Session *kept = journal_resume(st, g[0].match, err, sizeof err);
    assert_non_null(kept);
    assert_int_equal(session_moves(kept), played);
    session_destroy(kept);
    store_close(st);
}

/* A whole match watched through: the result screen after every round,
 * its Next round back to the table, and at the end a new match, from the
 * result screen and from the table's own Play again. */
/* Enter pressed again and again as a round ends opens the results before
 * anything else; the next round starts only from there. */
static void test_eager_enter_shows_the_results(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_TOTIT, 5, 2, ANIM_NORMAL, 1);
    bool seen = false;
    for (int i = 0; i < 200000 && !seen; i++) {
        const Game *g = table_game(app);
        if (game_round_over(g)) {
            assert_int_equal(game_round_number(g), 1);
            for (int k = 0; k < 400 && strcmp(test_top_scene(app), "table") == 0; k++) {
                key(app, SDLK_RETURN);
                assert_int_equal(game_round_number(session_game(app->session)), 1);
                step(app, 0.02);
            }
            assert_string_equal(test_top_scene(app), "result");
            assert_int_equal(game_round_number(session_game(app->session)), 1);
            seen = true;
        } else if (table_waits_for_person(app)) {
            key(app, SDLK_RETURN);
        }
        step(app, 0.05);
    }
    assert_true(seen);
    app_destroy(app);
}

static void test_whole_match_and_again(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KINGS, 6, 2, ANIM_INSTANT, 0);
    int results = 0;
    Session *first = app->session;
    assert_non_null(first);
    for (int i = 0; i < 400000; i++) {
        if (strcmp(test_top_scene(app), "result") == 0) {
            results++;
            if (game_match_over(session_game(app->session))) {
                break;
            }
            test_click_named(app, "Next round");
            assert_string_equal(test_top_scene(app), "table");
        }
        step(app, 0.05);
    }
    assert_true(results >= 4); /* four Kings, a round each */
    assert_true(game_match_over(session_game(app->session)));
    /* New match on the result screen: a fresh game on a new table. */
    test_click_named(app, "New match");
    assert_string_equal(test_top_scene(app), "table");
    assert_non_null(app->session);
    assert_false(game_match_over(table_game(app)));
    assert_int_equal(game_round_number(table_game(app)), 1);
    /* Played to its end again, then the table's own Play again. */
    for (int i = 0; i < 400000; i++) {
        if (strcmp(test_top_scene(app), "result") == 0) {
            if (game_match_over(session_game(app->session))) {
                break;
            }
            test_click_named(app, "Next round");
        }
        step(app, 0.05);
    }
    scene_stack_pop(app); /* back from the result to the table */
    assert_string_equal(test_top_scene(app), "table");
    const Game *old = table_game(app);
    assert_true(game_match_over(old));
    test_click_named(app, "Play again");
    assert_string_equal(test_top_scene(app), "table");
    assert_false(game_match_over(table_game(app)));
    assert_true(app->session == table_top(app)->session);
    app_destroy(app);
}

/* Every variant, a round and the next deal played by computers with the
 * cards moving: the view the events build is the game, nothing to mend. */
static void test_events_tell_everything(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get((VariantId)v);
        int players = d->id == VARIANT_THOTHIT_KUNA ? 4 : 0;
        App *app = table_app((VariantId)v, 40 + (uint64_t)v, players, ANIM_FAST, 0);
        TableState *t = table_top(app);
        int checks = 0;
        for (int i = 0; i < 400000; i++) {
            if (strcmp(test_top_scene(app), "table") != 0) {
                break;
            }
            const Game *g = table_game(app);
            if (table_settled(t) && t->synced) {
                if (t->view.mends != 0) {
                    fail_msg("%s: the events left %d differences to mend", d->key, t->view.mends);
                }
                expect_view_matches_game(app);
                checks++;
                /* Into the second round: the table is cleared and dealt again. */
                if (game_match_over(g) || (game_round_number(g) >= 2 && !game_round_over(g) &&
                                           history_len(app) > 0 && checks > 40)) {
                    break;
                }
            }
            step(app, 0.03);
        }
        assert_true(checks > 3);
        if (!variant_is_watch_only(d)) {
            assert_true(game_round_number(table_game(app)) >= 2);
        }
        app_destroy(app);
    }
}

/* A window that changes size is laid out again before the next frame: every
 * zone of the table then lies inside the new window, whatever the size. */
static void test_relayout_on_resize(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_PEI, 5, 0, ANIM_INSTANT, 1);
    static const int sizes[][2] = {{1500, 950}, {1024, 640}, {2560, 1600}, {1280, 800}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        assert_true(app_resize_target(app, sizes[k][0], sizes[k][1]));
        app_update(app, 0.016);
        TableState *t = table_top(app);
        assert_int_equal(t->layout_w, sizes[k][0]);
        assert_int_equal(t->layout_h, sizes[k][1]);
        for (int s = 0; s < t->players; s++) {
            TlRect z = t->layout.seats[s].zone;
            assert_true(z.x >= 0 && z.y >= 0);
            assert_true(z.x + z.w <= (float)sizes[k][0] + 0.5f);
            assert_true(z.y + z.h <= (float)sizes[k][1] + 0.5f);
        }
        TlRect pool = t->layout.pool;
        assert_true(pool.x + pool.w <= (float)sizes[k][0] + 0.5f);
        assert_true(pool.y + pool.h <= (float)sizes[k][1] + 0.5f);
    }
    app_destroy(app);
}

/* Desktop habits at the table: a double-click on a hand card makes the
 * move Enter leads to (its best capture by the core's scoring, a trail when
 * it takes nothing); the right button held shows a card whole; Ctrl+N asks
 * before replacing an unfinished match and Stay keeps it; the focus ring on
 * the cards goes with the mouse and comes back with a key. */
static void test_desktop_habits(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 3, 3, ANIM_INSTANT, 1);
    int doubles = 0;
    for (int d = 0; d < 8 && until_person(app); d++) {
        TableState *t = table_top(app);
        Move moves[GAME_MAX_MOVES];
        int n = legal(app, moves);
        if (t->obs.phase != PHASE_HAND) {
            assert_true(table_try_move(app, t, &moves[0]));
            continue;
        }
        Card c = moves[(d * 5) % n].card;
        int best = -1, gain[CARD_KIND_LIMIT];
        bool takes = false;
        for (int i = 0; i < n; i++) {
            if (moves[i].card == c && moves[i].target != CARD_NONE) {
                gain[moves[i].target] = gain_of(table_game(app), c, moves[i].target);
                best = SDL_max(best, gain[moves[i].target]);
                takes = true;
            }
        }
        int x, y, before = history_len(app);
        point_of(app, FZ_HAND, c, &x, &y);
        test_mouse_move(app, x, y);
        test_mouse_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, 1, x, y);
        test_mouse_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, 1, x, y);
        test_mouse_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, 2, x, y);
        test_mouse_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, 2, x, y);
        if (t->dialog == DLG_FORFEIT) {
            test_key(app, SDLK_ESCAPE, 0);
            assert_true(table_try_move(app, t, &moves[0]));
            continue;
        }
        assert_int_equal(history_len(app), before + 1);
        const Move *got = last_move(app);
        assert_int_equal(got->card, c);
        if (takes) {
            assert_int_not_equal(got->target, CARD_NONE);
            assert_int_equal(gain[got->target], best);
        } else {
            assert_int_equal(got->target, CARD_NONE);
        }
        doubles++;
    }
    assert_true(doubles >= 3);

    /* Right button held on a pool card: shown whole; let go: gone. */
    assert_true(until_person(app));
    TableState *t = table_top(app);
    int ids[TV_MAX_SPRITES];
    int np = view_pool_order(t, ids, TV_MAX_SPRITES);
    assert_true(np > 0);
    SDL_Rect r = view_rect(&t->view.sprites[ids[0]]);
    int px = r.x + r.w / 2, py = r.y + 4;
    FocusZone z;
    int under = table_hit_card(t, px, py, &z);
    test_mouse_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, 1, px, py);
    assert_int_equal(t->peek_sprite, under);
    app_draw(app);
    test_mouse_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, 1, px, py);
    assert_int_equal(t->peek_sprite, -1);

    /* Ctrl+N mid-match: asked, focus on Stay; Stay keeps the match. */
    int before = history_len(app);
    test_key(app, SDLK_n, KMOD_LCTRL);
    assert_int_equal(t->dialog, DLG_NEW);
    assert_string_equal(test_focus_name(app), "Stay");
    test_key(app, SDLK_RETURN, 0);
    assert_int_equal(t->dialog, DLG_NONE);
    assert_int_equal(history_len(app), before);
    /* ... and New game deals a new match. */
    uint64_t seed = app->setup.config.seed;
    test_key(app, SDLK_n, KMOD_LCTRL);
    test_click_named(app, "New game");
    assert_string_equal(test_top_scene(app), "table");
    assert_true(app->setup.config.seed != seed);
    assert_true(history_len(app) < before || before == 0);

    /* The focus ring: gone once the mouse moves, back with a key. */
    t = table_top(app);
    test_mouse_move(app, 5, 5);
    assert_true(t->pointer_used);
    test_key(app, SDLK_RIGHT, 0);
    assert_false(t->pointer_used);
    app_destroy(app);
}

/* Kowah is played in hands: at the end of one the table offers the next
 * hand, in those words. */
static void test_kowah_says_hand(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KOWAH, 2, 3, ANIM_INSTANT, 1);
    Move moves[GAME_MAX_MOVES];
    for (int d = 0; d < 400 && until_person(app); d++) {
        legal(app, moves);
        assert_true(table_try_move(app, table_top(app), &moves[0]));
    }
    for (int i = 0; i < 20 && strcmp(test_top_scene(app), "table") != 0; i++) {
        test_key(app, SDLK_ESCAPE, 0); /* from the result screen back to the table */
    }
    assert_string_equal(test_top_scene(app), "table");
    assert_true(game_round_over(table_game(app)));
    table_relayout(app, table_top(app));
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui_find_named(ui, "Next hand"));
    assert_null(ui_find_named(ui, "Next round"));
    /* The next hand is announced as a hand too. */
    test_click_named(app, "Next hand");
    TableState *t = table_top(app);
    bool said = false, round_said = false;
    for (int i = 0; i < 400 && !said; i++) {
        app_update(app, 0.02);
        for (int k = 0; k < 4; k++) {
            said = said || strcmp(t->view.log[k], "Hand 2.") == 0;
            round_said = round_said || strncmp(t->view.log[k], "Round ", 6) == 0;
        }
    }
    assert_true(said);
    assert_false(round_said);
    app_destroy(app);
}

/* Pèi: the role tag on a seat's plate explains the role when the pointer
 * rests on it; the pointer elsewhere shows no tip. */
static void test_role_tags_explain_themselves(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_PEI, 3, 3, ANIM_INSTANT, 1);
    assert_true(until_person(app));
    TableState *t = table_top(app);
    const char *words[] = {[ROLE_RAJA] = "Raja:", [ROLE_PATIH] = "Patih:", [ROLE_UNYIK] = "Unyik:"};
    int found = 0;
    for (int seat = 0; seat < t->players; seat++) {
        GameRole role = t->view.role[seat];
        assert_true(role == ROLE_RAJA || role == ROLE_PATIH || role == ROLE_UNYIK);
        SDL_Rect plate = table_rect(t->layout.seats[seat].plate);
        bool tipped = false;
        for (int x = plate.x; x < plate.x + plate.w && !tipped; x += 6) {
            test_mouse_move(app, x, plate.y + plate.h / 4);
            app_draw(app);
            if (t->tip[0] != '\0') {
                assert_non_null(strstr(t->tip, words[role]));
                tipped = true;
            }
        }
        found += tipped;
    }
    assert_int_equal(found, t->players);
    test_mouse_move(app, app->width / 2, app->height / 2);
    app_draw(app);
    assert_string_equal(t->tip, "");
    app_destroy(app);
}

/* The table's sentences about the person read in the second person. */
/* Pixels of two same-sized ARGB surfaces that differ at all. */
static long pixels_apart(const SDL_Surface *a, const SDL_Surface *b)
{
    long n = 0;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *pa = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        const Uint32 *pb = (const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch);
        for (int x = 0; x < a->w; x++) {
            for (int sh = 0; sh < 24; sh += 8) {
                int d = (int)((pa[x] >> sh) & 255) - (int)((pb[x] >> sh) & 255);
                if (d != 0) {
                    n++;
                    break;
                }
            }
        }
    }
    return n;
}

#define PARTIAL_FRAMES 600      /* partial frames compared per game */
#define PARTIAL_FRAMES_MIN 100  /* what a game must have at least */
#define PARTIAL_FRAMES_MAX 1800 /* frames one game runs, at most */

/* $CEKI_TABLE_PARTIAL_FRAMES: partial frames compared per game,
 * PARTIAL_FRAMES_MIN to PARTIAL_FRAMES (CI's sanitizer pass compares
 * fewer, .ci/sanitize). */
static int partial_frames_wanted(void)
{
    const char *env = getenv("CEKI_TABLE_PARTIAL_FRAMES");
    if (env == NULL || env[0] == '\0') {
        return PARTIAL_FRAMES;
    }
    char *end = NULL;
    long n = strtol(env, &end, 10);
    if (*end != '\0' || n < PARTIAL_FRAMES_MIN || n > PARTIAL_FRAMES) {
        fail_msg("CEKI_TABLE_PARTIAL_FRAMES: '%s' is not %d..%d", env, PARTIAL_FRAMES_MIN,
                 PARTIAL_FRAMES);
    }
    return (int)n;
}

static void test_partial_frames_match_whole(void **state)
{
    (void)state;
    /* A frame in which only cards glide redraws just their paths; drawn
     * whole in the same state, the picture is the same. Computers play
     * six games at normal speed; every frame is compared. */
    const int wanted = partial_frames_wanted();
    const VariantId vs[] = {VARIANT_PEI,   VARIANT_THOTHIT, VARIANT_THOTHIT_KUNA,
                            VARIANT_KINGS, VARIANT_KOWAH,   VARIANT_TOTIT};
    for (size_t k = 0; k < sizeof vs / sizeof vs[0]; k++) {
        App *app = table_app(vs[k], 3, 0, ANIM_NORMAL, 0);
        SDL_Rect parts[APP_MAX_DAMAGE];
        int partial = 0, whole = 0;
        SDL_Surface *copy = SDL_CreateRGBSurfaceWithFormat(0, app->width, app->height, 32,
                                                           SDL_PIXELFORMAT_ARGB8888);
        assert_non_null(copy);
        assert_int_equal(copy->pitch, platform_headless_surface(app)->pitch);
        app_draw_frame(app, parts, APP_MAX_DAMAGE);
        for (int f = 0; f < PARTIAL_FRAMES_MAX && partial < wanted; f++) {
            step(app, 1.0 / 60.0);
            if (!app->dirty && app->ndamage == 0) {
                continue;
            }
            int n = app_draw_frame(app, parts, APP_MAX_DAMAGE);
            if (n == 0) {
                whole++;
                continue;
            }
            partial++;
            SDL_Rect drew[APP_MAX_DAMAGE];
            memcpy(drew, parts, sizeof drew);
            memcpy(copy->pixels, platform_headless_surface(app)->pixels,
                   (size_t)copy->pitch * (size_t)copy->h);
            app->dirty = true;
            assert_int_equal(app_draw_frame(app, parts, APP_MAX_DAMAGE), 0);
            long apart = pixels_apart(copy, platform_headless_surface(app));
            if (apart > 0) {
                if (getenv("CEKI_TEST_DUMP") != NULL) {
                    for (int q = 0; q < n; q++) {
                        fprintf(stderr, "drew %d,%d %dx%d\n", drew[q].x, drew[q].y, drew[q].w,
                                drew[q].h);
                    }
                    IMG_SavePNG(copy, "partial.png");
                    IMG_SavePNG(platform_headless_surface(app), "whole.png");
                }
                fail_msg("variant %d frame %d: %ld pixels differ from the whole frame", (int)vs[k],
                         f, apart);
            }
        }
        /* Most frames of a moving table are partial. */
        assert_true(partial >= PARTIAL_FRAMES_MIN);
        assert_true(whole > 0);
        SDL_FreeSurface(copy);
        app_destroy(app);
    }
}

/* Kings' pool keeps its places: while its cards' size and its count of
 * places stay, no card lying in the pool is sent anywhere else as cards
 * are turned into it and pairs (and the odd three of a kind) taken from
 * it, and the places a pair left empty are filled by the next cards
 * turned. Four deals, each until six places were filled again. */
static void test_kings_pool_keeps_places(void **state)
{
    (void)state;
    const uint64_t seeds[] = {11, 19, 31, 43};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        App *app = table_app(VARIANT_KINGS, seeds[k], 3, ANIM_NORMAL, 0);
        TlRect aim[TV_MAX_SPRITES];
        Card card[TV_MAX_SPRITES];
        bool resting[TV_MAX_SPRITES] = {false};
        float was_h = 0;
        int was_places = 0, checked = 0, filled = 0;
        signed char was_place[TV_POOL_PLACES];
        for (int f = 0; f < 4000 && filled < 6; f++) {
            step(app, 1.0 / 60.0);
            TableState *t = table_top(app);
            assert_non_null(t);
            const TableView *v = &t->view;
            bool same = v->pool_h[TL_SIDES] == was_h && v->pool_places == was_places;
            for (int i = 0; i < TV_MAX_SPRITES; i++) {
                const Sprite *s = &v->sprites[i];
                TlRect r = {s->tx, s->ty, s->tw, s->th};
                bool pooled = s->used && s->zone == TZ_POOL;
                if (same && resting[i] && pooled && s->card == card[i]) {
                    assert_true(r.x == aim[i].x && r.y == aim[i].y && r.w == aim[i].w);
                    checked++;
                }
                resting[i] = pooled && !s->moving;
                aim[i] = r;
                card[i] = s->card;
            }
            for (int p = 0; same && p < v->pool_places; p++) {
                filled += was_place[p] == -1 && v->pool_place[p] != -1;
            }
            was_h = v->pool_h[TL_SIDES];
            was_places = v->pool_places;
            memcpy(was_place, v->pool_place, sizeof was_place);
        }
        assert_true(checked > 1000);
        assert_true(filled >= 6);
        app_destroy(app);
    }
}

/* A card whose face at its size is not made yet (the window's frame
 * budget spent) is drawn with a face of another size and drawn again, in a
 * partial frame, once its own face is made: whenever no face waits, the
 * window shows what a whole frame draws. One face a frame is made here, and
 * every second every face is dropped (as when the renderer is reset), so that
 * many wait; every frame is checked. */
static void test_standin_faces_drawn_again(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT_KUNA, 3, 4, ANIM_NORMAL, 0);
    card_art_limit_faces(app->cards, 1);
    SDL_Surface *copy =
        SDL_CreateRGBSurfaceWithFormat(0, app->width, app->height, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(copy);
    SDL_Rect parts[APP_MAX_DAMAGE];
    app_draw_frame(app, parts, APP_MAX_DAMAGE);
    int waited = 0, checked = 0, after_wait = 0;
    bool was_waiting = card_art_pending(app->cards);
    for (int f = 0; f < 1800 && checked < 400; f++) {
        if (f % 60 == 59) {
            card_art_reset(app->cards);
        }
        step(app, 1.0 / 60.0);
        if (!app->dirty && app->ndamage == 0 && !card_art_pending(app->cards)) {
            continue;
        }
        int n = app_draw_frame(app, parts, APP_MAX_DAMAGE);
        if (card_art_pending(app->cards)) {
            waited++;
            was_waiting = true;
            continue;
        }
        if (n == 0) {
            was_waiting = false;
            continue;
        }
        memcpy(copy->pixels, platform_headless_surface(app)->pixels,
               (size_t)copy->pitch * (size_t)copy->h);
        app->dirty = true;
        assert_int_equal(app_draw_frame(app, parts, APP_MAX_DAMAGE), 0);
        if (card_art_pending(app->cards)) {
            continue; /* the whole frame met faces of its own to make */
        }
        long apart = pixels_apart(copy, platform_headless_surface(app));
        if (apart > 0) {
            fail_msg("frame %d: %ld pixels differ from the whole frame", f, apart);
        }
        checked++;
        after_wait += was_waiting;
        was_waiting = false;
    }
    /* Faces waited, and partial frames after that wait were checked. */
    assert_true(waited >= 20);
    assert_true(after_wait >= 10);
    assert_true(checked >= 100);
    SDL_FreeSurface(copy);
    app_destroy(app);
}

static void test_sentences_about_you(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 1, 3, ANIM_INSTANT, 1);
    TableState *t = table_top(app);
    view_log(t, "%s is %s.", "You", "unyik");
    assert_string_equal(t->view.log[0], "You are unyik.");
    view_log(t, "%s takes %s with %s.", "You", "4 of Coins", "4 of Myriads");
    assert_string_equal(t->view.log[0], "You take 4 of Coins with 4 of Myriads.");
    view_log(t, "%s is %s.", "Computer 2", "raja");
    assert_string_equal(t->view.log[0], "Computer 2 is raja.");
    app_destroy(app);
}

/* ---- the flow's phase ------------------------------------------------------ */

static void expect_phase(const TableState *t, TablePhase want)
{
    TablePhase got = table_phase(t);
    if (got != want) {
        fail_msg("the table's phase is %s, not %s", table_phase_name(got), table_phase_name(want));
    }
}

/* "Seat 2 is thinking…": the seat's name without its " · level" tail. */
static void thinking_line(const TableState *t, int seat, char *buf, size_t size)
{
    char name[64];
    table_seat_name(t, seat, name, sizeof name);
    char *dot = strstr(name, " \xc2\xb7");
    if (dot != NULL) {
        *dot = '\0';
    }
    snprintf(buf, size, "%s is thinking\xe2\x80\xa6", name);
}

/* Steps the table (the person making their first legal move whenever they
 * decide) until the phase is `want`; every phase met on the way must agree
 * with the status line. False when it never came. */
static bool until_phase(App *app, TableState *t, TablePhase want, bool *animated)
{
    for (int i = 0; i < 200000 && strcmp(test_top_scene(app), "table") == 0; i++) {
        TablePhase p = table_phase(t);
        char status[256], want_status[256];
        table_status_text(t, status, sizeof status);
        if (p == want) {
            return true;
        }
        if (p == TP_ANIMATING && t->reason[0] == '\0') {
            assert_string_equal(status, t->view.log[0]); /* what just happened */
            *animated = true;
        } else if (p == TP_COMPUTER_THINKING && t->reason[0] == '\0') {
            thinking_line(t, game_to_move(table_game(app)), want_status, sizeof want_status);
            assert_string_equal(status, want_status);
        }
        if (table_waits_for_person(app)) {
            Move moves[GAME_MAX_MOVES];
            assert_true(legal(app, moves) > 0);
            assert_true(table_try_move(app, t, &moves[0]));
        }
        step(app, 0.01);
    }
    return false;
}

/* After the deal the person decides and a card moved by the mouse is
 * taken; while a computer thinks the phase and the status line say so and
 * a card laid by the person is refused; cards moving before a computer's
 * turn show what happened. */
static void test_phase_person_then_computer(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 31, 0, ANIM_NORMAL, 1);
    TableState *t = table_top(app);
    assert_true(until_person(app));
    expect_phase(t, TP_AWAITING_PERSON);
    char status[256];
    table_status_text(t, status, sizeof status);
    assert_true(strncmp(status, "Your ", 5) == 0);
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int before = history_len(app);
    play_by_mouse(app, &moves[0], false);
    for (int i = 0; i < 1000 && history_len(app) == before; i++) {
        step(app, 0.01); /* held while the card picked up rose */
    }
    expect_move(app, before, &moves[0]);

    bool animated = false;
    assert_true(until_phase(app, t, TP_COMPUTER_THINKING, &animated));
    assert_true(animated);
    assert_false(table_viewer_decides(t));
    char want[256];
    thinking_line(t, game_to_move(table_game(app)), want, sizeof want);
    table_status_text(t, status, sizeof status);
    assert_string_equal(status, want);
    /* A hand card picked up and laid in the pool: refused, said why. */
    const Game *g = table_game(app);
    Observation o;
    game_observe(g, t->view.viewer, &o);
    before = history_len(app);
    int x0, y0, x1, y1;
    point_of(app, FZ_HAND, o.hand[0], &x0, &y0);
    assert_true(table_free_pool_point(app, &x1, &y1));
    click(app, x0, y0);
    click(app, x1, y1);
    assert_int_equal(history_len(app), before);
    assert_string_equal(t->reason, "Wait for your turn.");
    assert_int_equal(table_turn_phase(t), TP_COMPUTER_THINKING); /* (the card picked up rises) */
    table_status_text(t, status, sizeof status);
    assert_string_equal(status, "Wait for your turn."); /* the refusal, while it lasts */
    app_destroy(app);
}

/* The person's forced stock turn is made for them after a pause: the
 * status line says it turns by itself (not that it waits for a click), and
 * a Space pressed just after it turned is not answered "Wait for your
 * turn.": it was meant for the turn just made. */
static void test_stock_turns_by_itself_and_says_so(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 31, 0, ANIM_NORMAL, 1);
    TableState *t = table_top(app);
    int checked = 0;
    for (int turn = 0; turn < 7 && checked == 0 && until_person(app); turn++) {
        Move moves[GAME_MAX_MOVES];
        assert_true(legal(app, moves) > 0);
        if (t->obs.phase != PHASE_HAND) {
            assert_true(table_try_move(app, t, &moves[0]));
            continue;
        }
        assert_true(table_try_move(app, t, &moves[0]));
        int i = 0;
        for (; i < 100000 && table_phase(t) != TP_STOCK_TURN; i++) {
            step(app, 0.01);
        }
        assert_int_equal(table_phase(t), TP_STOCK_TURN);
        char status[256];
        table_status_text(t, status, sizeof status);
        if (strstr(status, "by itself") == NULL) {
            fail_msg("the stock turns by itself, but the status line says '%s'", status);
        }
        int before = history_len(app);
        for (i = 0; i < 100000 && history_len(app) == before; i++) {
            step(app, 0.01); /* no input: it turns by itself */
        }
        assert_int_equal(history_len(app), before + 1);
        assert_int_equal(last_move(app)->type, MOVE_TURN);
        if (t->obs.phase == PHASE_STOCK_TAKE) {
            continue; /* the turned card waits for the person's choice: Space is no answer */
        }
        app->toast[0] = '\0';
        key(app, SDLK_SPACE); /* a moment late */
        assert_int_equal(history_len(app), before + 1);
        if (t->reason[0] != '\0' || app->toast[0] != '\0') {
            fail_msg("a Space just after the stock turned by itself got '%s' / '%s'", t->reason,
                     app->toast);
        }
        checked++;
    }
    assert_int_equal(checked, 1);
    app_destroy(app);
}

/* At a round's end the phase is round-over until the result screen, which
 * comes over it; no card move is taken then. */
static void test_phase_round_over(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_TOTIT, 5, 2, ANIM_NORMAL, 1);
    TableState *t = table_top(app);
    bool animated = false;
    assert_true(until_phase(app, t, TP_ROUND_OVER, &animated));
    assert_string_equal(test_top_scene(app), "table");
    assert_true(game_round_over(table_game(app)));
    char status[256];
    table_status_text(t, status, sizeof status);
    assert_string_equal(status, "The round is over.");
    int before = history_len(app);
    Move play = {.type = MOVE_PLAY,
                 .seat = (uint8_t)t->view.viewer,
                 .card = t->obs.hand[0],
                 .target = CARD_NONE};
    assert_false(table_try_move(app, t, &play));
    assert_int_equal(history_len(app), before);
    for (int i = 0; i < 100000 && strcmp(test_top_scene(app), "table") == 0; i++) {
        step(app, 0.01);
    }
    assert_string_equal(test_top_scene(app), "result");
    expect_phase(t, TP_ROUND_OVER); /* the table beneath the results */
    app_destroy(app);
}

/* A question open blocks the play: keys go to its buttons, no move is
 * taken, the flow waits; closed, the person plays on. */
static void test_phase_dialog_blocks_play(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 21, 0, ANIM_INSTANT, 1);
    TableState *t = table_top(app);
    assert_true(until_person(app));
    expect_phase(t, TP_AWAITING_PERSON);
    int before = history_len(app);
    key(app, SDLK_ESCAPE); /* nothing picked up: the menu */
    assert_int_equal(t->dialog, DLG_MENU);
    expect_phase(t, TP_ASKING);
    assert_int_equal(table_play_phase(t), TP_AWAITING_PERSON); /* beneath it */
    FocusZone z = FZ_NONE;
    Card c = CARD_NONE;
    table_focus(app, &z, &c);
    FocusZone was = z;
    key(app, SDLK_DOWN); /* would move the focus to the hand */
    key(app, SDLK_t);
    key(app, SDLK_n);
    table_focus(app, &z, &c);
    assert_int_equal(z, was);
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    assert_false(table_try_move(app, t, &moves[0]));
    for (int i = 0; i < 20; i++) {
        step(app, 0.05);
    }
    assert_int_equal(history_len(app), before);
    expect_phase(t, TP_ASKING);
    key(app, SDLK_ESCAPE); /* stay */
    expect_phase(t, TP_AWAITING_PERSON);
    assert_true(table_try_move(app, t, &moves[0]));
    expect_move(app, before, &moves[0]);
    app_destroy(app);
}

/* The menu's panel, inside its rounded frame, as drawn over the table of
 * a deal from seed (malloc'd pixels; *r gets the rectangle read). */
static Uint32 *menu_panel_pixels(uint64_t seed, SDL_Rect *r)
{
    App *app = table_app(VARIANT_THOTHIT, seed, 0, ANIM_INSTANT, 1);
    TableState *t = table_top(app);
    assert_true(until_person(app));
    key(app, SDLK_ESCAPE);
    assert_int_equal(t->dialog, DLG_MENU);
    SDL_Rect p = table_dialog_panel_of(app, t);
    int in = app_px(app, 20); /* past the corners' rounding and the frame */
    *r = (SDL_Rect){p.x + in, p.y + in, p.w - 2 * in, p.h - 2 * in};
    Uint32 *px = test_frame_pixels(app, *r);
    app_destroy(app);
    return px;
}

/* A question over the table hides what lies beneath it: the menu drawn
 * over two different deals is the same to the pixel (its panel was
 * translucent, and the prompt line and the pool's cards showed through
 * its rows). */
static void test_menu_panel_hides_the_table(void **state)
{
    (void)state;
    SDL_Rect a, b;
    Uint32 *one = menu_panel_pixels(21, &a), *other = menu_panel_pixels(22, &b);
    assert_memory_equal(&a, &b, sizeof a);
    int differ = 0;
    for (int i = 0; i < a.w * a.h; i++) {
        differ += one[i] != other[i];
    }
    assert_int_equal(differ, 0);
    free(one);
    free(other);
}

/* The menu's rows by name, in order, as the table laid them out. */
static void expect_menu(App *app, const char *const *names, int n)
{
    const Ui *ui = ui_of_top_scene(app);
    int y = -1;
    for (int i = 0; i < n; i++) {
        const Widget *w = ui_find_named(ui, names[i]);
        if (w == NULL) {
            fail_msg("the menu has no '%s'", names[i]);
        }
        assert_true(w->rect.y > y); /* a column, top to bottom */
        y = w->rect.y;
    }
}

/* Esc and the Menu button open the table's menu (not the Leave question):
 * back to the game, the rules, the settings, a computer for me, leave.
 * The keyboard walks it; Esc or Back closes it; the rules and the
 * settings come back to this very table, a card still picked up. */
static void test_menu_rows_and_ways_back(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 21, 0, ANIM_INSTANT, 1);
    TableState *t = table_top(app);
    assert_true(until_person(app));
    static const char *const rows[] = {"Back to the game", "Rules of this game", "Settings",
                                       "Let the computer play for me", "Leave the table"};
    key(app, SDLK_ESCAPE);
    assert_int_equal(t->dialog, DLG_MENU);
    expect_menu(app, rows, 5);
    assert_string_equal(test_focus_name(app), "Back to the game");
    key(app, SDLK_DOWN);
    assert_string_equal(test_focus_name(app), "Rules of this game");
    key(app, SDLK_UP);
    key(app, SDLK_RETURN); /* Back to the game */
    assert_int_equal(t->dialog, DLG_NONE);
    test_click_named(app, "Menu");
    assert_int_equal(t->dialog, DLG_MENU);
    key(app, SDLK_ESCAPE); /* Esc again closes it */
    assert_int_equal(t->dialog, DLG_NONE);
    expect_phase(t, TP_AWAITING_PERSON);

    /* A card picked up, then the rules from the menu and back. */
    int before = history_len(app);
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int x = 0, y = 0;
    point_of(app, FZ_HAND, moves[0].card, &x, &y);
    click(app, x, y);
    int picked = t->selected;
    assert_true(picked >= 0);
    test_click_named(app, "Menu");
    test_click_named(app, "Rules of this game");
    assert_string_equal(test_top_scene(app), "learn");
    app_settle(app);
    key(app, SDLK_ESCAPE);
    assert_string_equal(test_top_scene(app), "table");
    assert_ptr_equal(table_top(app), t);
    assert_int_equal(t->dialog, DLG_NONE);
    assert_int_equal(t->selected, picked); /* the half-made move is still there */
    assert_int_equal(history_len(app), before);

    /* The settings from the menu: a change shows at the table at once. */
    test_click_named(app, "Menu");
    test_click_named(app, "Settings");
    assert_string_equal(test_top_scene(app), "settings");
    DeckStyle was = t->style;
    DeckStyle other = was == STYLE_WESTERN_CLUBS ? STYLE_WESTERN_SPADES : STYLE_WESTERN_CLUBS;
    Settings chosen = app->settings;
    chosen.deck_style = other; /* as the screen's Deck style row changes it */
    app_set_settings(app, &chosen);
    app_settle(app);
    key(app, SDLK_ESCAPE);
    assert_string_equal(test_top_scene(app), "table");
    assert_ptr_equal(table_top(app), t);
    assert_int_equal(t->style, other);
    assert_int_equal(t->selected, picked);
    assert_int_equal(history_len(app), before);

    /* Leave the table: the Leave question as before. */
    test_click_named(app, "Menu");
    test_click_named(app, "Leave the table");
    assert_int_equal(t->dialog, DLG_LEAVE);
    test_screen_text(app);
    assert_true(test_screen_says("The game is saved"));
    test_click_named(app, "Stay");
    assert_int_equal(t->dialog, DLG_NONE);
    app_destroy(app);
}

/* The person's moves in the match so far. */
static int person_moves(App *app, int seat)
{
    int n = 0, count = 0;
    const Move *h = session_history(app->session, &n);
    for (int i = 0; i < n; i++) {
        count += h[i].seat == seat && h[i].type != MOVE_NEXT_ROUND;
    }
    return count;
}

/* "Let the computer play for me" at a table on this computer: the
 * person's seat plays by itself, each move journalled (the store's game
 * has them all), until "Take my seat back"; then the table waits for its
 * person again. A move of the person's (a key that plays) takes it back
 * too. */
static void test_menu_computer_plays_for_me(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 21, 0, ANIM_INSTANT, 1);
    TableState *t = table_top(app);
    assert_true(until_person(app));
    int me = t->view.viewer;
    int mine = person_moves(app, me);
    test_click_named(app, "Menu");
    test_click_named(app, "Let the computer play for me");
    assert_true(table_stood_in(t));
    for (int i = 0; i < 200000 && person_moves(app, me) < mine + 3; i++) {
        assert_string_equal(test_top_scene(app), "table");
        step(app, 0.05);
    }
    assert_true(person_moves(app, me) >= mine + 3); /* it played the person's seat */
    test_screen_text(app);
    assert_true(test_screen_says("A computer plays your seat"));
    /* Journalled like any move: the game in the store has every one. */
    char err[300] = "";
    Session *kept = journal_resume(app->store, session_match_id(app->session), err, sizeof err);
    if (kept == NULL) {
        fail_msg("journal_resume: %s", err);
    }
    assert_int_equal(session_moves(kept), history_len(app));
    session_destroy(kept);

    test_click_named(app, "Menu");
    test_click_named(app, "Take my seat back");
    assert_false(table_stood_in(t));
    assert_true(until_person(app));
    int now = person_moves(app, me), made = history_len(app);
    for (int i = 0; i < 200; i++) {
        step(app, 0.05);
    }
    assert_int_equal(person_moves(app, me), now); /* it waits for its person */
    assert_int_equal(history_len(app), made);

    /* Handed over again, and at once a key that plays: the seat is theirs. */
    test_click_named(app, "Menu");
    test_click_named(app, "Let the computer play for me");
    assert_true(table_stood_in(t));
    key(app, SDLK_RIGHT);
    assert_false(table_stood_in(t));
    for (int i = 0; i < 200; i++) {
        step(app, 0.05);
    }
    assert_int_equal(person_moves(app, me), now);
    app_destroy(app);
}

/* Hot-seat: when the other person is to decide the screen is handed over;
 * Esc does not lift the cover and no move is taken until they are ready. */
static void test_phase_handoff(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_THOTHIT, 9, 0, ANIM_INSTANT, 2);
    TableState *t = table_top(app);
    bool animated = false;
    assert_true(until_phase(app, t, TP_HANDOFF, &animated));
    assert_int_equal(table_turn_phase(t), TP_OTHER_PERSON);
    assert_int_equal(t->cover_seat, game_to_move(table_game(app)));
    key(app, SDLK_ESCAPE);
    expect_phase(t, TP_HANDOFF);
    Move moves[GAME_MAX_MOVES];
    legal(app, moves);
    int before = history_len(app);
    assert_false(table_try_move(app, t, &moves[0]));
    assert_int_equal(history_len(app), before);
    char name[32], label[48];
    table_seat_name(t, t->cover_seat, name, sizeof name);
    snprintf(label, sizeof label, "I am ready (%s)", name);
    test_click_named(app, label);
    expect_phase(t, TP_AWAITING_PERSON);
    app_destroy(app);
}

/* A watch-only game: playing, paused by P (the status says who turns
 * next), playing again by Space. */
static void test_phase_watch(void **state)
{
    (void)state;
    App *app = table_app(VARIANT_KINGS, 2, 3, ANIM_INSTANT, 0);
    TableState *t = table_top(app);
    assert_int_equal(table_turn_phase(t), TP_WATCH_PLAYING);
    key(app, SDLK_p);
    for (int i = 0; i < 50; i++) {
        step(app, 0.05);
    }
    expect_phase(t, TP_WATCH_PAUSED);
    char status[256];
    table_status_text(t, status, sizeof status);
    assert_true(strncmp(status, "Paused: ", 8) == 0);
    assert_non_null(ui_find_named(&t->ui, "Play"));
    key(app, SDLK_SPACE);
    assert_int_equal(table_turn_phase(t), TP_WATCH_PLAYING);
    assert_non_null(ui_find_named(&t->ui, "Pause"));
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_relayout_on_resize),
        cmocka_unit_test(test_phase_person_then_computer),
        cmocka_unit_test(test_phase_round_over),
        cmocka_unit_test(test_phase_dialog_blocks_play),
        cmocka_unit_test(test_menu_rows_and_ways_back),
        cmocka_unit_test(test_menu_panel_hides_the_table),
        cmocka_unit_test(test_menu_computer_plays_for_me),
        cmocka_unit_test(test_phase_handoff),
        cmocka_unit_test(test_phase_watch),
        cmocka_unit_test(test_partial_frames_match_whole),
        cmocka_unit_test(test_kings_pool_keeps_places),
        cmocka_unit_test(test_standin_faces_drawn_again),
        cmocka_unit_test(test_enter_takes_the_best_capture),
        cmocka_unit_test(test_thothit_round_by_mouse),
        cmocka_unit_test(test_prompt_offers_only_what_the_core_allows),
        cmocka_unit_test(test_stock_turns_by_itself_and_says_so),
        cmocka_unit_test(test_pei_round_by_mouse),
        cmocka_unit_test(test_totit_round_by_keyboard),
        cmocka_unit_test(test_illegal_drop_snaps_back),
        cmocka_unit_test(test_input_while_cards_move),
        cmocka_unit_test(test_kowah_by_mouse),
        cmocka_unit_test(test_move_log),
        cmocka_unit_test(test_drop_lands_on_the_covered_target),
        cmocka_unit_test(test_desktop_habits),
        cmocka_unit_test(test_kowah_says_hand),
        cmocka_unit_test(test_sentences_about_you),
        cmocka_unit_test(test_role_tags_explain_themselves),
        cmocka_unit_test(test_kowah_by_keyboard),
        cmocka_unit_test(test_forfeit_warning),
        cmocka_unit_test(test_enter_prefers_a_capture_that_keeps_the_win),
        cmocka_unit_test(test_undo_takes_back_the_last_decision),
        cmocka_unit_test(test_hotseat_cover),
        cmocka_unit_test(test_watch_mode),
        cmocka_unit_test(test_deck_style_switches_live),
        cmocka_unit_test(test_hint),
        cmocka_unit_test(test_save_on_leave_and_resume),
        cmocka_unit_test(test_game_open_in_another_copy),
        cmocka_unit_test(test_store_file_tried_again),
        cmocka_unit_test(test_eager_enter_shows_the_results),
        cmocka_unit_test(test_whole_match_and_again),
        cmocka_unit_test(test_events_tell_everything),
    };
    /* $CEKI_TEST_FILTER: only the tests it matches (as test_learn). */
    const char *only = getenv("CEKI_TEST_FILTER");
    if (only != NULL && only[0] != '\0') {
        cmocka_set_test_filter(only);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
