/* Javanese must be shaped for real: HarfBuzz reorders the vowel sign taling
 * before its consonant and turns pangkon + consonant into a subscript
 * (pasangan), and SDL_ttf does the same when its script is set. A build that
 * lost HarfBuzz, or shapes without the script, fails here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_ttf.h>
#include <hb.h>
#include <string.h>

#include "text.h"

#define JAVANESE_FONT CEKI_TEST_DATA_DIR "/fonts/NotoSansJavanese-Regular.ttf"

/* U+A9B2 HA, U+A9BA TALING, U+A9A4 NA, U+A9C0 PANGKON, U+A99B THA,
 * U+A9B6 WULU, U+A9A0 TA, U+A9C0 PANGKON: "ꦲꦺꦤ꧀ꦛꦶꦠ꧀" (Enthit). */
static const uint32_t ENTHIT[] = {0xA9B2, 0xA9BA, 0xA9A4, 0xA9C0, 0xA99B, 0xA9B6, 0xA9A0, 0xA9C0};
#define ENTHIT_UTF8                                                                                \
    "\xea\xa6\xb2\xea\xa6\xba\xea\xa6\xa4\xea\xa7\x80\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7" \
    "\x80"

typedef struct Shaped {
    hb_codepoint_t glyph[32];
    uint32_t cluster[32];
    hb_position_t y_offset[32];
    unsigned count;
} Shaped;

static hb_font_t *open_font(void)
{
    hb_blob_t *blob = hb_blob_create_from_file(JAVANESE_FONT);
    assert_true(hb_blob_get_length(blob) > 0);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return font;
}

static Shaped shape(hb_font_t *font, const uint32_t *text, int n)
{
    hb_buffer_t *buf = hb_buffer_create();
    hb_buffer_add_utf32(buf, text, n, 0, n);
    hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
    hb_buffer_set_script(buf, HB_SCRIPT_JAVANESE);
    hb_buffer_set_language(buf, hb_language_from_string("jv", -1));
    hb_shape(font, buf, NULL, 0);
    Shaped out = {0};
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
    assert_true(count <= 32);
    for (unsigned i = 0; i < count; i++) {
        out.glyph[i] = info[i].codepoint;
        out.cluster[i] = info[i].cluster;
        out.y_offset[i] = pos[i].y_offset;
    }
    out.count = count;
    hb_buffer_destroy(buf);
    return out;
}

static hb_codepoint_t nominal(hb_font_t *font, uint32_t cp)
{
    hb_codepoint_t g = 0;
    assert_true(hb_font_get_nominal_glyph(font, cp, &g));
    return g;
}

static int find_glyph(const Shaped *s, hb_codepoint_t g)
{
    for (unsigned i = 0; i < s->count; i++) {
        if (s->glyph[i] == g) {
            return (int)i;
        }
    }
    return -1;
}

static void test_taling_comes_first(void **state)
{
    (void)state;
    hb_font_t *font = open_font();
    Shaped s = shape(font, ENTHIT, 2); /* HA TALING */
    assert_int_equal(s.count, 2);
    /* Logical order is HA then TALING; visually the taling stands first. */
    assert_int_equal(s.glyph[0], nominal(font, 0xA9BA));
    assert_int_equal(s.glyph[1], nominal(font, 0xA9B2));
    /* Both belong to the syllable starting at the consonant. */
    assert_int_equal(s.cluster[0], 0);
    assert_int_equal(s.cluster[1], 0);
    hb_font_destroy(font);
}

static void test_pangkon_makes_pasangan(void **state)
{
    (void)state;
    hb_font_t *font = open_font();
    Shaped whole = shape(font, ENTHIT, 8);
    /* Shaping isolated letters one by one gives only nominal glyphs. */
    hb_codepoint_t isolated[8];
    for (int i = 0; i < 8; i++) {
        isolated[i] = nominal(font, ENTHIT[i]);
    }
    bool same = whole.count == 8;
    for (unsigned i = 0; same && i < 8; i++) {
        same = whole.glyph[i] == isolated[i];
    }
    assert_false(same);

    /* NA PANGKON THA: the pangkon is absorbed and THA is a subscript form,
     * not its nominal glyph. */
    Shaped cluster = shape(font, ENTHIT + 2, 3);
    assert_int_equal(find_glyph(&cluster, nominal(font, 0xA9C0)), -1);
    assert_int_equal(find_glyph(&cluster, nominal(font, 0xA99B)), -1);
    assert_true(find_glyph(&cluster, nominal(font, 0xA9A4)) >= 0);
    /* The pasangan glyph hangs below the baseline. */
    bool below = false;
    for (unsigned i = 0; i < cluster.count; i++) {
        hb_glyph_extents_t ext;
        if (cluster.glyph[i] != nominal(font, 0xA9A4) &&
            hb_font_get_glyph_extents(font, cluster.glyph[i], &ext)) {
            below = below || ext.y_bearing + cluster.y_offset[i] <= 0;
        }
    }
    assert_true(below);

    /* At the end of the word the pangkon stays a visible sign. */
    assert_int_equal(find_glyph(&whole, nominal(font, 0xA9C0)), (int)whole.count - 1);
    hb_font_destroy(font);
}

/* Leftmost column holding ink in a rendered line. */
static int first_ink_column(SDL_Surface *s)
{
    for (int x = 0; x < s->w; x++) {
        for (int y = 0; y < s->h; y++) {
            Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
            if ((px >> 24) > 64) {
                return x;
            }
        }
    }
    return -1;
}

/* Sum of alpha differences between a and b placed at column offset dx. */
static long compare_at(SDL_Surface *a, SDL_Surface *b, int dx)
{
    long diff = 0;
    int h = SDL_min(a->h, b->h);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < b->w; x++) {
            int ax = x + dx;
            Uint32 pa =
                ax >= 0 && ax < a->w ? ((Uint32 *)((Uint8 *)a->pixels + y * a->pitch))[ax] : 0;
            Uint32 pb = ((Uint32 *)((Uint8 *)b->pixels + y * b->pitch))[x];
            diff += labs((long)(pa >> 24) - (long)(pb >> 24));
        }
    }
    return diff;
}

static void test_sdl_ttf_shapes_with_script(void **state)
{
    (void)state;
    int major = 0, minor = 0, patch = 0;
    TTF_GetHarfBuzzVersion(&major, &minor, &patch);
    assert_true(major + minor + patch > 0);
    assert_int_equal(TTF_Init(), 0);
    TTF_Font *font = TTF_OpenFont(JAVANESE_FONT, 64);
    assert_non_null(font);
    assert_int_equal(TTF_SetFontScriptName(font, "Java"), 0);
    assert_int_equal(TTF_SetFontDirection(font, TTF_DIRECTION_LTR), 0);

    /* NA PANGKON THA is narrower than its three letters side by side: the
     * subscript sits under NA instead of after it. */
    int w_cluster = 0, w_na = 0, w_pangkon = 0, w_tha = 0, h = 0;
    TTF_SizeUTF8(font, "\xea\xa6\xa4\xea\xa7\x80\xea\xa6\x9b", &w_cluster, &h);
    TTF_SizeUTF8(font, "\xea\xa6\xa4", &w_na, &h);
    TTF_SizeUTF8(font, "\xea\xa7\x80", &w_pangkon, &h);
    TTF_SizeUTF8(font, "\xea\xa6\x9b", &w_tha, &h);
    assert_true(w_cluster < w_na + w_tha);
    assert_true(w_cluster < w_na + w_pangkon + w_tha);

    /* HA TALING: HA is drawn at the right end, after the taling. */
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *both = TTF_RenderUTF8_Blended(font, "\xea\xa6\xb2\xea\xa6\xba", white);
    SDL_Surface *ha = TTF_RenderUTF8_Blended(font, "\xea\xa6\xb2", white);
    assert_non_null(both);
    assert_non_null(ha);
    assert_true(both->w > ha->w);
    int shift = both->w - ha->w;
    long at_right = compare_at(both, ha, shift);
    long at_left = compare_at(both, ha, 0);
    assert_true(at_right * 4 < at_left);
    assert_true(first_ink_column(both) >= 0);
    SDL_FreeSurface(both);
    SDL_FreeSurface(ha);
    TTF_CloseFont(font);
    TTF_Quit();
}

static void test_text_module_sets_scripts(void **state)
{
    (void)state;
    char err[256];
    Text *t = text_create(CEKI_TEST_DATA_DIR "/fonts", err, sizeof err);
    assert_non_null(t);
    TTF_Font *jav = text_font(t, SCRIPT_JAVANESE, TEXT_REGULAR, 40);
    assert_non_null(jav);
    /* Through the module's font, the cluster is shaped too. */
    int w_cluster = 0, w_na = 0, w_tha = 0, h = 0;
    TTF_SizeUTF8(jav, "\xea\xa6\xa4\xea\xa7\x80\xea\xa6\x9b", &w_cluster, &h);
    TTF_SizeUTF8(jav, "\xea\xa6\xa4", &w_na, &h);
    TTF_SizeUTF8(jav, "\xea\xa6\x9b", &w_tha, &h);
    assert_true(w_cluster < w_na + w_tha);
    /* A Javanese line has the taller line box. */
    assert_true(text_line_height(t, 20, TEXT_REGULAR, true) >
                text_line_height(t, 20, TEXT_REGULAR, false));
    int w = 0, lh = 0;
    text_measure(t, "Enthit " ENTHIT_UTF8, 20, TEXT_REGULAR, &w, &lh);
    assert_int_equal(lh, text_line_height(t, 20, TEXT_REGULAR, true));
    text_destroy(t);
}

static void test_split_runs(void **state)
{
    (void)state;
    TextRun runs[8];
    /* Latin, a space, Javanese, a space, Latin. */
    const char *mixed = "Enthit " ENTHIT_UTF8 " (3)";
    int n = text_split_runs(mixed, runs, 8);
    assert_int_equal(n, 3);
    assert_int_equal(runs[0].script, SCRIPT_LATIN);
    assert_int_equal(runs[0].len, 7); /* "Enthit " */
    assert_int_equal(runs[1].script, SCRIPT_JAVANESE);
    assert_int_equal(runs[1].start, 7);
    assert_int_equal(runs[1].len, strlen(ENTHIT_UTF8));
    assert_int_equal(runs[2].script, SCRIPT_LATIN);

    /* A space between two Javanese words stays in the Javanese run. */
    const char *two = ENTHIT_UTF8 " " ENTHIT_UTF8;
    n = text_split_runs(two, runs, 8);
    assert_int_equal(n, 1);
    assert_int_equal(runs[0].script, SCRIPT_JAVANESE);
    assert_int_equal(runs[0].len, strlen(two));

    assert_int_equal(text_split_runs("", runs, 8), 0);
    assert_int_equal(text_split_runs("Ceki", runs, 8), 1);
    assert_true(text_is_javanese(0xA980) && text_is_javanese(0xA9DF));
    assert_false(text_is_javanese(0xA97F) || text_is_javanese(0xA9E0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_taling_comes_first),
        cmocka_unit_test(test_pangkon_makes_pasangan),
        cmocka_unit_test(test_sdl_ttf_shapes_with_script),
        cmocka_unit_test(test_text_module_sets_scripts),
        cmocka_unit_test(test_split_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
