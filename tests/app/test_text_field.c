/* test_text_field.c — one line of typed text (text_field.h): whole
 * characters only, the limit, the keys, paste, and what it swallows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "text_field.h"

static SDL_Event key(SDL_Keycode sym, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    return e;
}

static SDL_Event typed(const char *s)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", s);
    return e;
}

static int setup_video(void **state)
{
    (void)state;
    return SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 ? 0 : -1;
}

static int teardown_video(void **state)
{
    (void)state;
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return 0;
}

static void test_typing_and_keys(void **state)
{
    (void)state;
    TextField f;
    text_field_init(&f, 20);
    SDL_Event e = typed("ab\xc3\xa9");
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    assert_string_equal(f.text, "ab\xc3\xa9");
    assert_int_equal(text_field_chars(&f), 3);
    e = key(SDLK_LEFT, 0);
    text_field_handle(&f, &e); /* before é: one character, two bytes */
    assert_int_equal(f.cursor, 2);
    e = typed("X");
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "abX\xc3\xa9");
    e = key(SDLK_DELETE, 0);
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "abX");
    e = key(SDLK_HOME, 0);
    text_field_handle(&f, &e);
    e = key(SDLK_BACKSPACE, 0); /* nothing before the cursor */
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    assert_string_equal(f.text, "abX");
    e = key(SDLK_END, 0);
    text_field_handle(&f, &e);
    e = key(SDLK_BACKSPACE, 0);
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "ab");
    e = key(SDLK_u, KMOD_CTRL);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    assert_string_equal(f.text, "");
    assert_int_equal(f.cursor, 0);
}

/* Letters a screen would take as its keys are the field's while it is
 * open; Enter, Esc, Tab and Alt are told apart. */
static void test_what_is_swallowed(void **state)
{
    (void)state;
    TextField f;
    text_field_init(&f, 20);
    const SDL_Keycode letters[] = {SDLK_h, SDLK_u, SDLK_t, SDLK_l, SDLK_SPACE, SDLK_r, SDLK_c};
    for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++) {
        SDL_Event e = key(letters[i], 0);
        assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    }
    SDL_Event e = key(SDLK_RETURN, 0);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_SUBMIT);
    e = key(SDLK_RETURN, KMOD_CTRL);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_SUBMIT);
    e = key(SDLK_ESCAPE, 0);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_CANCEL);
    e = key(SDLK_TAB, 0);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_IGNORED);
    e = key(SDLK_RETURN, KMOD_ALT); /* full screen, not the field's */
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_IGNORED);
    e = key(SDLK_f, KMOD_ALT);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_IGNORED);
    SDL_Event motion;
    memset(&motion, 0, sizeof motion);
    motion.type = SDL_MOUSEMOTION;
    assert_int_equal(text_field_handle(&f, &motion), TEXT_FIELD_IGNORED);
    assert_string_equal(f.text, ""); /* key presses alone type nothing */
}

/* At most max_chars characters, counted as characters; what does not fit
 * is dropped whole; bad UTF-8 is refused and changes nothing. */
static void test_limit_and_bad_text(void **state)
{
    (void)state;
    TextField f;
    text_field_init(&f, TEXT_FIELD_MAX_CHARS);
    char line[4 * TEXT_FIELD_MAX_CHARS + 8] = "";
    for (int i = 0; i < TEXT_FIELD_MAX_CHARS + 5; i++) {
        strcat(line, "\xea\xa6\xa7"); /* a Javanese letter, three bytes */
    }
    assert_true(text_field_set(&f, line));
    assert_int_equal(text_field_chars(&f), TEXT_FIELD_MAX_CHARS);
    assert_int_equal(f.len, 3 * TEXT_FIELD_MAX_CHARS);
    SDL_Event e = typed("z");
    text_field_handle(&f, &e);
    assert_int_equal(text_field_chars(&f), TEXT_FIELD_MAX_CHARS);

    text_field_init(&f, 5);
    assert_true(text_field_set(&f, "hello"));
    assert_false(text_field_insert(&f, "\xc3("));        /* a broken sequence */
    assert_false(text_field_insert(&f, "\xed\xa0\x80")); /* a surrogate */
    assert_false(text_field_set(&f, "\xc0\xaf"));        /* an overlong '/' */
    assert_string_equal(f.text, "hello");
    assert_true(text_field_set(&f, "a\tb\x7f"
                                   "c\xc2\x85"));
    assert_string_equal(f.text, "abc"); /* control characters left out */
    text_field_init(&f, 0);
    assert_int_equal(f.max_chars, 1);

    /* A byte limit (a name's field): three-byte letters stop whole. */
    text_field_init(&f, 32);
    text_field_limit_bytes(&f, 8);
    assert_true(text_field_set(&f, "\xea\xa6\xa7\xea\xa6\xa7\xea\xa6\xa7"));
    assert_int_equal(f.len, 6);
    assert_true(text_field_insert(&f, "ab"));
    assert_string_equal(f.text, "\xea\xa6\xa7\xea\xa6\xa7"
                                "ab");
}

/* Ctrl+V and Shift+Insert paste the clipboard's first line at the cursor. */
static void test_paste(void **state)
{
    (void)state;
    TextField f;
    text_field_init(&f, 40);
    assert_int_equal(SDL_SetClipboardText("ceki://10.0.0.2:7157/ab12\nsecond line"), 0);
    text_field_set(&f, "<>");
    f.cursor = 1;
    SDL_Event e = key(SDLK_v, KMOD_LCTRL);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    assert_string_equal(f.text, "<ceki://10.0.0.2:7157/ab12>");
    text_field_set(&f, "");
    e = key(SDLK_INSERT, KMOD_LSHIFT);
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "ceki://10.0.0.2:7157/ab12");
    assert_int_equal(SDL_SetClipboardText(""), 0);
    assert_false(text_field_paste(&f));
    assert_string_equal(f.text, "ceki://10.0.0.2:7157/ab12");
}

/* Ctrl+A selects the whole text: typing or a paste replaces it, Backspace
 * clears it, a move leaves it; a refused text leaves it as it was. */
static void test_select_all(void **state)
{
    (void)state;
    TextField f;
    text_field_init(&f, 40);
    text_field_set(&f, "127.0.0.1:7157");
    f.cursor = 3;
    SDL_Event e = key(SDLK_a, KMOD_LCTRL);
    assert_int_equal(text_field_handle(&f, &e), TEXT_FIELD_TAKEN);
    assert_true(f.all);
    assert_false(text_field_insert(&f, "\xff")); /* not UTF-8: nothing changes */
    assert_true(f.all);
    assert_string_equal(f.text, "127.0.0.1:7157");
    e = typed("b");
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "b");
    assert_false(f.all);
    e = typed("udi");
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "budi");
    e = key(SDLK_a, KMOD_LCTRL);
    text_field_handle(&f, &e);
    e = key(SDLK_BACKSPACE, 0);
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "");
    assert_false(f.all);
    e = key(SDLK_a, KMOD_LCTRL); /* nothing to select */
    text_field_handle(&f, &e);
    assert_false(f.all);
    text_field_set(&f, "ana");
    e = key(SDLK_a, KMOD_LCTRL);
    text_field_handle(&f, &e);
    e = key(SDLK_LEFT, 0);
    text_field_handle(&f, &e);
    assert_false(f.all);
    assert_int_equal(f.cursor, 0);
    e = typed("x");
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "xana");
    e = key(SDLK_a, KMOD_LCTRL);
    text_field_handle(&f, &e);
    assert_int_equal(SDL_SetClipboardText("ceki://127.0.0.1:7157/ab12"), 0);
    e = key(SDLK_v, KMOD_LCTRL);
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "ceki://127.0.0.1:7157/ab12");
    e = key(SDLK_a, KMOD_LCTRL);
    text_field_handle(&f, &e);
    e = key(SDLK_END, 0);
    text_field_handle(&f, &e);
    e = key(SDLK_DELETE, 0); /* at the end: nothing after the cursor */
    text_field_handle(&f, &e);
    assert_string_equal(f.text, "ceki://127.0.0.1:7157/ab12");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_typing_and_keys),    cmocka_unit_test(test_what_is_swallowed),
        cmocka_unit_test(test_limit_and_bad_text), cmocka_unit_test(test_paste),
        cmocka_unit_test(test_select_all),
    };
    return cmocka_run_group_tests(tests, setup_video, teardown_video);
}
