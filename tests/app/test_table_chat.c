/* test_table_chat.c — chat lines over the table cover no card: at
 * 1024x640, 1280x800 and 2560x1600, in English, Indonesian and Javanese,
 * for Pèi and Thothit Kuna (the crowded pools) and Thothit, at the deal
 * and with rounds under way, five lines said (long and short, by seats
 * and by a spectator) lie where table_chat_place puts them, and no line's
 * background meets a card drawn: a sprite where it rests, the stock, a
 * pile, the discard pile. Both on the players' table and on the watch
 * screen's (table_board_*, made from the spectator's view of the same
 * game). Each line lies in the window, and the newest is always shown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_loop.h"
#include "scene_table.h"
#include "test_support.h"
#include "watch_view.h"

static const int sizes[][2] = {{1024, 640}, {1280, 800}, {2560, 1600}};
static const VariantId games[] = {VARIANT_PEI, VARIANT_THOTHIT_KUNA, VARIANT_THOTHIT};
static const Language langs[] = {LANGUAGE_ENGLISH, LANGUAGE_INDONESIAN, LANGUAGE_JAVANESE};

static bool meets(SDL_Rect a, SDL_Rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static SDL_Rect px(TlRect r)
{
    return table_rect(r);
}

/* Five lines, the newest last: by seats 1 and 2, by a spectator, long
 * enough to wrap. */
static void say_lines(App *app, TableState *t)
{
    static const struct {
        int seat;
        const char *name, *text;
    } said[] = {
        {1, "Budi", "Good luck, everyone!"},
        {-1, "Tono", "Watch the pool: two of a kind are left, and the stock is nearly out."},
        {2, "Sari", "Hmm."},
        {1, "Budi",
         "That was a long think. I kept the nine for later, it may pay off once the stock is "
         "turned again."},
        {-1, "Tono", "Nice capture!"},
    };
    TableChat *c = &t->chat;
    c->nlines = 0;
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++) {
        TableChatLine *l = &c->lines[c->nlines++];
        memset(l, 0, sizeof *l);
        l->seat = said[i].seat;
        snprintf(l->name, sizeof l->name, "%s", said[i].name);
        snprintf(l->text, sizeof l->text, "%s", said[i].text);
        l->at = app->now;
    }
}

/* No placed line meets a card of t, each lies in the window, the newest
 * is among them. */
static void expect_clear(App *app, TableState *t, const char *ctx)
{
    say_lines(app, t);
    TableChatPlace at[8];
    int n = table_chat_place(app, t, at, 8);
    if (n < 1 || at[n - 1].line != t->chat.nlines - 1) {
        fail_msg("%s: %d lines shown, the newest not among them", ctx, n);
    }
    SDL_Rect cards[TV_MAX_SPRITES + 4 + CEKI_MAX_SEATS];
    int nc = 0;
    for (int i = 0; i < TV_MAX_SPRITES; i++) {
        const Sprite *s = &t->view.sprites[i];
        if (s->used) {
            cards[nc++] = px((TlRect){s->tx, s->ty, s->tw, s->th});
        }
    }
    if (t->view.stock > 0) {
        cards[nc++] = px(t->layout.stock);
    }
    if (t->view.discard_n > 0) {
        cards[nc++] = px(t->layout.discard);
    }
    for (int s = 0; s < t->players; s++) {
        if (t->view.pile_n[s] > 0) {
            cards[nc++] = px(t->layout.seats[s].pile);
        }
    }
    for (int k = 0; k < n; k++) {
        SDL_Rect b = at[k].bg;
        if (b.x < 0 || b.y < 0 || b.x + b.w > app->width || b.y + b.h > app->height) {
            fail_msg("%s: chat line %d (%d,%d %dx%d) out of the window", ctx, k, b.x, b.y, b.w,
                     b.h);
        }
        for (int i = 0; i < nc; i++) {
            if (meets(b, cards[i])) {
                fail_msg("%s: chat line %d (%d,%d %dx%d) covers a card (%d,%d %dx%d)", ctx, k, b.x,
                         b.y, b.w, b.h, cards[i].x, cards[i].y, cards[i].w, cards[i].h);
            }
        }
    }
}

static void check(VariantId id, int width, int height, Language lang, int moves)
{
    App *app = test_app_new(width, height, NULL);
    Settings s = app->settings;
    s.language = lang;
    app_set_settings(app, &s);
    app->table_run.preplay = moves; /* random players' moves first */
    app_setup_variant(app, id);
    app->setup.config.seed = 5;
    app->setup.seed_given = true;
    for (int k = 0; k < CEKI_MAX_SEATS; k++) {
        app->setup.human[k] = k == 0;
        app->setup.level[k] = AI_RANDOM;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fail_msg("table: %s", why);
    }
    TableState *t = table_top(app);
    assert_non_null(t);
    view_reset(t);
    table_refresh_obs(t);
    view_sync(app, t, false);
    char ctx[128];
    snprintf(ctx, sizeof ctx, "%s at %dx%d in %s after %d moves: players' table", t->v->key, width,
             height, i18n_shown(), moves);
    expect_clear(app, t, ctx);
    /* The watch screen's table of the same game. */
    Observation *o = calloc(2, sizeof *o);
    static WatchView w;
    assert_non_null(o);
    assert_int_equal(game_observe(table_game(app), GAME_SPECTATOR, &o[0]), CEKI_OK);
    assert_true(watch_view_read(&o[0], NULL, &w));
    watch_view_observation(&w, t->v->id, &o[1]);
    TableState *b = table_board_create(app, t->v, t->players, NULL);
    assert_non_null(b);
    table_board_show(app, b, &o[1], false);
    snprintf(ctx, sizeof ctx, "%s at %dx%d in %s after %d moves: watch screen", t->v->key, width,
             height, i18n_shown(), moves);
    expect_clear(app, b, ctx);
    table_board_destroy(b);
    free(o);
    app_destroy(app);
}

static void test_chat_covers_no_card(void **state)
{
    (void)state;
    static const int moves[] = {0, 9, 30};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
                for (size_t m = 0; m < sizeof moves / sizeof moves[0]; m++) {
                    check(games[g], sizes[k][0], sizes[k][1], langs[l], moves[m]);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chat_covers_no_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
