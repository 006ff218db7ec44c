/* Card art: every card of every style has its art file, cards are
 * rasterised once per size, missing art draws as a marked card, and the
 * names follow RULES.md §1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "card_art.h"
#include "card_names.h"
#include "test_support.h"

static void test_file_names(void **state)
{
    (void)state;
    char buf[64];
    card_art_file(STYLE_CEKI, CARD_C1, 0, buf, sizeof buf);
    assert_string_equal(buf, "ceki/C1.svg");
    card_art_file(STYLE_WESTERN_CLUBS, CARD_OT, CARD_RED_STAMP, buf, sizeof buf);
    assert_string_equal(buf, "western-clubs/OT-stamped.svg");
    card_art_file(STYLE_WESTERN_CLUBS, CARD_OT, 0, buf, sizeof buf);
    assert_string_equal(buf, "western-clubs/OT.svg");
    card_art_file(STYLE_WESTERN_SPADES, CARD_C1 + 3, CARD_RED_STAMP, buf, sizeof buf);
    assert_string_equal(buf, "western-spades/C4.svg"); /* black cards have no stamp */
    card_art_file(STYLE_WESTERN_SPADES, CARD_S1 + 8, CARD_RED_STAMP, buf, sizeof buf);
    assert_string_equal(buf, "western-spades/S9-stamped.svg");
    card_art_file(STYLE_CEKI, card_french(SUIT_DIAMONDS, 10), 0, buf, sizeof buf);
    assert_string_equal(buf, "french/10D.svg");
    card_art_file(STYLE_CEKI, CARD_RF, CARD_FACE_DOWN, buf, sizeof buf);
    assert_string_equal(buf, "backs/ceki.svg");
    card_art_file(STYLE_WESTERN_CLUBS, CARD_RF, CARD_FACE_DOWN, buf, sizeof buf);
    assert_string_equal(buf, "backs/western.svg");
    card_art_file(STYLE_FRENCH, card_french(SUIT_SPADES, 1), CARD_FACE_DOWN, buf, sizeof buf);
    assert_string_equal(buf, "backs/western.svg");
}

static void test_every_card_has_art(void **state)
{
    (void)state;
    App *app = test_app_new(320, 200, NULL);
    const DeckStyle styles[] = {STYLE_CEKI, STYLE_WESTERN_CLUBS, STYLE_WESTERN_SPADES};
    for (int s = 0; s < 3; s++) {
        for (Card c = 0; c < CARD_CEKI_KINDS; c++) {
            assert_false(card_art_is_missing(app->cards, styles[s], c, 0));
            assert_false(card_art_is_missing(app->cards, styles[s], c, CARD_RED_STAMP));
        }
        assert_false(card_art_is_missing(app->cards, styles[s], CARD_C1, CARD_FACE_DOWN));
    }
    for (Card c = CARD_FRENCH_FIRST; c < CARD_FRENCH_END; c++) {
        assert_false(card_art_is_missing(app->cards, STYLE_FRENCH, c, 0));
    }
    app_destroy(app);
}

static void test_rasterised_once_per_size(void **state)
{
    (void)state;
    App *app = test_app_new(400, 300, NULL);
    card_art_reset(app->cards);
    card_art_begin_frame(app->cards, true);
    SDL_Rect a = {10, 10, 40, 100}, b = {60, 10, 60, 150};
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_OT, a, 0);
    assert_int_equal(card_art_texture_count(app->cards), 1);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_OT, a, CARD_HIGHLIGHT);
    assert_int_equal(card_art_texture_count(app->cards), 1);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_OT, b, 0);
    assert_int_equal(card_art_texture_count(app->cards), 2);
    card_art_draw(app->cards, app->renderer, STYLE_WESTERN_CLUBS, CARD_OT, a, 0);
    assert_int_equal(card_art_texture_count(app->cards), 3);
    assert_false(card_art_pending(app->cards));
    app_destroy(app);
}

static void test_resize_frees_the_old_sizes(void **state)
{
    (void)state;
    /* Faces drawn before a resize and not drawn since are freed a couple of
     * frames later; what is still drawn stays. */
    App *app = test_app_new(400, 300, NULL);
    card_art_reset(app->cards);
    SDL_Rect small = {10, 10, 40, 100}, big = {60, 10, 60, 150};
    card_art_begin_frame(app->cards, true);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_OT, small, 0);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_C1, small, 0);
    assert_int_equal(card_art_texture_count(app->cards), 2);
    assert_true(app_resize_target(app, 800, 600));
    for (int f = 0; f < 4; f++) {
        card_art_begin_frame(app->cards, true);
        card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_OT, big, 0);
        card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_C1, small, 0);
    }
    /* OT at the old size is gone; C1 at the size still drawn is kept. */
    assert_int_equal(card_art_texture_count(app->cards), 2);
    assert_int_equal(card_art_texels(app->cards), 60 * 150 + 40 * 100);
    /* The same after a change of deck style. */
    Settings s = app->settings;
    s.deck_style = STYLE_WESTERN_CLUBS;
    app_set_settings(app, &s);
    for (int f = 0; f < 4; f++) {
        card_art_begin_frame(app->cards, true);
        card_art_draw(app->cards, app->renderer, STYLE_WESTERN_CLUBS, CARD_OT, big, 0);
    }
    assert_int_equal(card_art_texture_count(app->cards), 1);
    app_destroy(app);
}

static void test_missing_art_is_drawn_marked(void **state)
{
    (void)state;
    App *app = test_app_new(200, 200, NULL);
    CardArt *art = card_art_create("/nonexistent/cards", app->paint, app->text);
    assert_non_null(art);
    card_art_begin_frame(art, true);
    assert_true(card_art_is_missing(art, STYLE_CEKI, CARD_C1, 0));
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    SDL_Rect r = {50, 20, 64, 160};
    card_art_draw(art, app->renderer, STYLE_CEKI, CARD_C1, r, CARD_NO_SHADOW);
    SDL_RenderFlush(app->renderer);
    /* The card face is painted (light), with a red dashed border. */
    SDL_Surface *s = platform_headless_surface(app);
    Uint32 centre =
        ((Uint32 *)((Uint8 *)s->pixels + (r.y + r.h * 3 / 4) * s->pitch))[r.x + r.w / 2];
    Uint8 cr, cg, cb;
    SDL_GetRGB(centre, s->format, &cr, &cg, &cb);
    assert_true(cr > 200 && cg > 200 && cb > 180);
    int red = 0;
    for (int y = r.y; y < r.y + 8; y++) {
        for (int x = r.x; x < r.x + r.w; x++) {
            Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
            SDL_GetRGB(px, s->format, &cr, &cg, &cb);
            red += cr > 150 && cg < 90;
        }
    }
    assert_true(red > 5);
    card_art_destroy(art);
    app_destroy(app);
}

/* Draws card c at r on black and returns a copy of the frame. */
static SDL_Surface *frame_with(App *app, Card c, SDL_Rect r, unsigned flags)
{
    card_art_begin_frame(app->cards, true);
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, c, r, CARD_NO_SHADOW | flags);
    SDL_RenderFlush(app->renderer);
    SDL_Surface *copy =
        SDL_ConvertSurfaceFormat(platform_headless_surface(app), SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(copy);
    return copy;
}

/* The colour-blind cue lies inside its card: what it adds to a red-stamped
 * card is all within the card's rectangle, so a card covering part of it
 * covers its cue too, and no badge or frame sticks out over a neighbour. It
 * is drawn (something changes), and an existing clip is kept. */
static void test_colour_cue_stays_on_its_card(void **state)
{
    (void)state;
    App *app = test_app_new(300, 300, NULL);
    SDL_Rect r = {80, 60, 72, 180};
    SDL_Surface *plain = frame_with(app, CARD_RF, r, 0);
    SDL_Surface *cued = frame_with(app, CARD_RF, r, CARD_COLOUR_CUE);
    int inside = 0;
    for (int y = 0; y < plain->h; y++) {
        for (int x = 0; x < plain->w; x++) {
            Uint32 a = ((Uint32 *)((Uint8 *)plain->pixels + y * plain->pitch))[x];
            Uint32 b = ((Uint32 *)((Uint8 *)cued->pixels + y * cued->pitch))[x];
            if (a == b) {
                continue;
            }
            SDL_Point p = {x, y};
            if (!SDL_PointInRect(&p, &r)) {
                fail_msg("the cue drew at %d,%d, outside its card", x, y);
            }
            inside++;
        }
    }
    assert_true(inside > 100);
    /* A clip set by the caller (a scrolled page) still holds afterwards. */
    SDL_Rect clip = {0, 0, 120, 120}, after;
    SDL_RenderSetClipRect(app->renderer, &clip);
    card_art_draw(app->cards, app->renderer, STYLE_CEKI, CARD_RF, r, CARD_COLOUR_CUE);
    assert_true(SDL_RenderIsClipEnabled(app->renderer));
    SDL_RenderGetClipRect(app->renderer, &after);
    assert_true(SDL_RectEquals(&clip, &after));
    SDL_RenderSetClipRect(app->renderer, NULL);
    SDL_FreeSurface(plain);
    SDL_FreeSurface(cued);
    app_destroy(app);
}

/* A card drawn over opaque frames at its own size: the parts of its face
 * that card_art_draw copies without blending (what it knows to be opaque)
 * must be opaque. A translucent pixel copied so would come out the same
 * over a dark and a light frame with its own alpha left in the frame's; one
 * blended comes out differently, or opaque (SDL's blending leaves the
 * frame's alpha within a few levels of opaque). Checked for faces and
 * backs of both kinds of art at several sizes; card_art_opaque's inside
 * shows the card whatever lay under it. */
#define BLENDED_ALPHA_MIN 248

static Uint32 pixel_at(const SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
}

static SDL_Surface *card_over(App *app, DeckStyle style, Card c, SDL_Rect r, unsigned flags,
                              Uint8 under)
{
    card_art_begin_frame(app->cards, true);
    SDL_SetRenderDrawColor(app->renderer, under, under, under, 255);
    SDL_RenderClear(app->renderer);
    card_art_draw(app->cards, app->renderer, style, c, r, flags);
    SDL_RenderFlush(app->renderer);
    SDL_Surface *copy =
        SDL_ConvertSurfaceFormat(platform_headless_surface(app), SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(copy);
    return copy;
}

static void check_opaque_card(App *app, DeckStyle style, Card c, SDL_Rect r, unsigned flags)
{
    SDL_Surface *dark = card_over(app, style, c, r, flags, 20);
    SDL_Surface *light = card_over(app, style, c, r, flags, 235);
    SDL_Rect inside = card_art_opaque(app->cards, style, c, r, flags);
    assert_true(inside.w > 0 && inside.h > 0);
    for (int y = 0; y < dark->h; y++) {
        for (int x = 0; x < dark->w; x++) {
            Uint32 a = pixel_at(dark, x, y), b = pixel_at(light, x, y);
            if (a == b && (a >> 24) < BLENDED_ALPHA_MIN) {
                fail_msg("card %d at %dx%d: pixel %d,%d copied translucent (%08x)", c, r.w, r.h, x,
                         y, a);
            }
            SDL_Point p = {x, y};
            if (SDL_PointInRect(&p, &inside) && a != b) {
                fail_msg("card %d at %dx%d: its inside at %d,%d shows what lay under it", c, r.w,
                         r.h, x, y);
            }
        }
    }
    SDL_FreeSurface(dark);
    SDL_FreeSurface(light);
}

static void test_opaque_parts_are_opaque(void **state)
{
    (void)state;
    App *app = test_app_new(340, 460, NULL);
    const SDL_Rect sizes[] = {
        {20, 30, 40, 100}, {15, 10, 72, 180}, {30, 20, 135, 190}, {21, 17, 271, 381}};
    const Card cards[] = {CARD_OT, CARD_C1 + 4, card_french(SUIT_HEARTS, 12)};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (size_t k = 0; k < sizeof cards / sizeof cards[0]; k++) {
            check_opaque_card(app, STYLE_CEKI, cards[k], sizes[i], 0);
            check_opaque_card(app, STYLE_WESTERN_CLUBS, cards[k], sizes[i], CARD_HIGHLIGHT);
        }
        check_opaque_card(app, STYLE_CEKI, CARD_C1, sizes[i], CARD_FACE_DOWN);
    }
    app_destroy(app);
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(card_name_english(CARD_OT), "Old Thousand");
    assert_string_equal(card_name_english(CARD_S1 + 6), "7 of Strings");
    assert_string_equal(card_name_english(card_french(SUIT_CLUBS, 12)), "Queen of Clubs");
    assert_non_null(strstr(card_name_javanese(CARD_OT), "raja"));
    assert_non_null(strstr(card_name_javanese(CARD_WF), "kucing"));
    assert_string_equal(card_name_javanese(CARD_RF), "");
    assert_string_equal(card_suit_javanese(SUIT_STRINGS), "lintrik");
    assert_string_equal(card_suit_javanese(SUIT_MYRIADS), "wong");

    /* RULES.md §1.2: coins ♦, strings ♥, myriads ♠ (clubs style) or ♣
     * (spades style); WF/RF/OT are J/Q/K of the other black suit. */
    char buf[48];
    card_western_name(CARD_C1, STYLE_WESTERN_CLUBS, buf, sizeof buf);
    assert_string_equal(buf, "Ace of Diamonds");
    card_western_name(CARD_S1 + 8, STYLE_WESTERN_SPADES, buf, sizeof buf);
    assert_string_equal(buf, "9 of Hearts");
    card_western_name(CARD_M1 + 4, STYLE_WESTERN_CLUBS, buf, sizeof buf);
    assert_string_equal(buf, "5 of Spades");
    card_western_name(CARD_M1 + 4, STYLE_WESTERN_SPADES, buf, sizeof buf);
    assert_string_equal(buf, "5 of Clubs");
    card_western_name(CARD_WF, STYLE_WESTERN_CLUBS, buf, sizeof buf);
    assert_string_equal(buf, "Jack of Clubs");
    card_western_name(CARD_RF, STYLE_WESTERN_SPADES, buf, sizeof buf);
    assert_string_equal(buf, "Queen of Spades");
    card_western_name(CARD_OT, STYLE_WESTERN_SPADES, buf, sizeof buf);
    assert_string_equal(buf, "King of Spades");
    card_western_name(CARD_OT, STYLE_CEKI, buf, sizeof buf);
    assert_string_equal(buf, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file_names),
        cmocka_unit_test(test_every_card_has_art),
        cmocka_unit_test(test_rasterised_once_per_size),
        cmocka_unit_test(test_resize_frees_the_old_sizes),
        cmocka_unit_test(test_missing_art_is_drawn_marked),
        cmocka_unit_test(test_colour_cue_stays_on_its_card),
        cmocka_unit_test(test_opaque_parts_are_opaque),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
