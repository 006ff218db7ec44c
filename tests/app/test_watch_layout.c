/* test_watch_layout.c — the spectator's screen lays the table out as the
 * players' table does: at 1280x800, 1024x640 and 2560x1600, for Pèi,
 * Thothit, Kings, Totit and Kowah, every card size and the zones of the
 * pool, stock, spot, discard pile and each seat's plate, hand and pile of
 * watch_view_layout are the table scene's own (seat 0 at the bottom). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app_loop.h"
#include "card_art.h"
#include "scene_table.h"
#include "test_support.h"
#include "watch_view.h"

static const int sizes[][2] = {{1280, 800}, {1024, 640}, {2560, 1600}};
static const VariantId games[] = {VARIANT_PEI, VARIANT_THOTHIT, VARIANT_KINGS, VARIANT_TOTIT,
                                  VARIANT_KOWAH};

static void expect_rect(TlRect a, TlRect b, const char *what, const char *ctx)
{
    if (a.x != b.x || a.y != b.y || a.w != b.w || a.h != b.h) {
        fail_msg("%s: %s watch (%.1f,%.1f %.1fx%.1f) table (%.1f,%.1f %.1fx%.1f)", ctx, what,
                 (double)a.x, (double)a.y, (double)a.w, (double)a.h, (double)b.x, (double)b.y,
                 (double)b.w, (double)b.h);
    }
}

static void expect_size(float a, float b, const char *what, const char *ctx)
{
    if (a != b) {
        fail_msg("%s: %s watch %.2f table %.2f", ctx, what, (double)a, (double)b);
    }
}

static void compare(const TableLayout *w, const TableLayout *t, const char *ctx)
{
    expect_size(w->pool_card_h, t->pool_card_h, "pool card height", ctx);
    expect_size(w->small_card_h, t->small_card_h, "small card height", ctx);
    expect_rect(w->pool, t->pool, "pool", ctx);
    expect_rect(w->stock, t->stock, "stock", ctx);
    expect_rect(w->spot, t->spot, "spot", ctx);
    expect_rect(w->discard, t->discard, "discard", ctx);
    for (int s = 0; s < t->spec.players; s++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d pile", s);
        expect_rect(w->seats[s].pile, t->seats[s].pile, what, ctx);
        snprintf(what, sizeof what, "seat %d plate", s);
        expect_rect(w->seats[s].plate, t->seats[s].plate, what, ctx);
        snprintf(what, sizeof what, "seat %d hand", s);
        expect_rect(w->seats[s].hand, t->seats[s].hand, what, ctx);
    }
}

static void check(VariantId id, int width, int height)
{
    App *app = test_app_new(width, height, NULL);
    app_setup_variant(app, id);
    app->setup.config.seed = 7;
    app->setup.seed_given = true;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        app->setup.human[s] = s == 0;
        app->setup.level[s] = AI_RANDOM;
    }
    char why[200];
    if (!scene_stack_push(app, SCENE_TABLE, why, sizeof why)) {
        fail_msg("table: %s", why);
    }
    TableState *t = table_top(app);
    assert_non_null(t);
    assert_int_equal(t->view.viewer, 0);
    WatchView w;
    memset(&w, 0, sizeof w);
    w.players = t->players;
    for (int s = 0; s < t->players; s++) {
        w.role[s] = t->view.role[s]; /* the roles every seat sees (Pèi) */
    }
    const VariantDesc *v = t->v;
    double aspect =
        card_art_aspect(app_deck_style(app),
                        v->deck == DECK_FRENCH_NO_KINGS ? card_french(SUIT_SPADES, 1) : CARD_C1);
    TableLayout mine;
    watch_view_layout(&w, v, (float)app->width, (float)app->height, app->ui, aspect, &mine);
    char ctx[96];
    snprintf(ctx, sizeof ctx, "%s at %dx%d", v->key, width, height);
    compare(&mine, &t->layout, ctx);
    app_destroy(app);
}

static void test_watch_cards_as_the_table(void **state)
{
    (void)state;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            check(games[g], sizes[k][0], sizes[k][1]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_watch_cards_as_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
