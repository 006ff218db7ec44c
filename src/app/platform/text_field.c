/* text_field.c — one line of typed text (text_field.h). */
#include "text_field.h"

#include <string.h>

#include "utf8.h"

/* Whether text is well-formed UTF-8 (utf8.h). */
static bool utf8_ok(const char *text)
{
    const uint8_t *s = (const uint8_t *)text;
    size_t total = strlen(text);
    for (size_t i = 0; i < total;) {
        uint32_t cp = 0;
        size_t n = utf8_next(s + i, total - i, &cp);
        if (n == 0) {
            return false;
        }
        i += n;
    }
    return true;
}

void text_field_init(TextField *f, int max_chars)
{
    memset(f, 0, sizeof *f);
    f->max_chars = max_chars < 1                      ? 1
                   : max_chars > TEXT_FIELD_MAX_CHARS ? TEXT_FIELD_MAX_CHARS
                                                      : max_chars;
    f->max_bytes = TEXT_FIELD_MAX_BYTES;
}

void text_field_limit_bytes(TextField *f, int max_bytes)
{
    f->max_bytes = max_bytes < 1                      ? 1
                   : max_bytes > TEXT_FIELD_MAX_BYTES ? TEXT_FIELD_MAX_BYTES
                                                      : max_bytes;
}

int text_field_chars(const TextField *f)
{
    int chars = 0;
    for (int i = 0; i < f->len; i++) {
        chars += ((unsigned char)f->text[i] & 0xc0) != 0x80;
    }
    return chars;
}

bool text_field_insert(TextField *f, const char *utf8)
{
    if (utf8 == NULL || !utf8_ok(utf8)) {
        return false;
    }
    if (f->all) { /* what is typed over a selected text replaces it */
        f->len = 0;
        f->cursor = 0;
        f->all = false;
    }
    const uint8_t *s = (const uint8_t *)utf8;
    size_t total = strlen(utf8);
    int room = f->max_chars - text_field_chars(f);
    for (size_t i = 0; i < total && room > 0;) {
        uint32_t cp = 0;
        int n = (int)utf8_next(s + i, total - i, &cp); /* > 0: utf8_ok above */
        if (cp == '\n' || cp == '\r') {
            break; /* a pasted text: its first line */
        }
        if (!utf8_is_control(cp) && f->len + n <= f->max_bytes) {
            memmove(f->text + f->cursor + n, f->text + f->cursor, (size_t)(f->len - f->cursor));
            memcpy(f->text + f->cursor, s + i, (size_t)n);
            f->len += n;
            f->cursor += n;
            room--;
        }
        i += (size_t)n;
    }
    f->text[f->len] = '\0';
    return true;
}

bool text_field_set(TextField *f, const char *utf8)
{
    if (utf8 == NULL || !utf8_ok(utf8)) {
        return false;
    }
    f->len = 0;
    f->cursor = 0;
    f->text[0] = '\0';
    f->all = false;
    return text_field_insert(f, utf8);
}

bool text_field_paste(TextField *f)
{
    if (!SDL_HasClipboardText()) {
        return false;
    }
    char *clip = SDL_GetClipboardText();
    bool ok = clip != NULL && clip[0] != '\0' && text_field_insert(f, clip);
    SDL_free(clip);
    return ok;
}

static int prev_boundary(const TextField *f, int at)
{
    do {
        at--;
    } while (at > 0 && ((unsigned char)f->text[at] & 0xc0) == 0x80);
    return at < 0 ? 0 : at;
}

static int next_boundary(const TextField *f, int at)
{
    do {
        at++;
    } while (at < f->len && ((unsigned char)f->text[at] & 0xc0) == 0x80);
    return at > f->len ? f->len : at;
}

/* Removes the bytes [from, to). */
static void cut(TextField *f, int from, int to)
{
    memmove(f->text + from, f->text + to, (size_t)(f->len - to) + 1);
    f->len -= to - from;
    f->cursor = from;
}

/* A key press with Ctrl held: paste, clear, select all, or not the
 * field's. */
static TextFieldResult control_key(TextField *f, SDL_Keycode key)
{
    if (key == SDLK_a) {
        f->all = f->len > 0;
        f->cursor = f->len;
        return TEXT_FIELD_TAKEN;
    }
    if (key == SDLK_v) {
        text_field_paste(f);
        return TEXT_FIELD_TAKEN;
    }
    if (key == SDLK_u) {
        text_field_set(f, "");
        return TEXT_FIELD_TAKEN;
    }
    return TEXT_FIELD_IGNORED;
}

static TextFieldResult key_down(TextField *f, const SDL_KeyboardEvent *k)
{
    SDL_Keycode key = k->keysym.sym;
    Uint16 mod = k->keysym.mod;
    if (mod & KMOD_ALT) {
        return TEXT_FIELD_IGNORED; /* the window's own keys (Alt+Enter) */
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        return TEXT_FIELD_SUBMIT;
    }
    if (key == SDLK_ESCAPE) {
        return TEXT_FIELD_CANCEL;
    }
    if ((mod & KMOD_SHIFT) && key == SDLK_INSERT) {
        text_field_paste(f);
        return TEXT_FIELD_TAKEN;
    }
    if (mod & KMOD_CTRL) {
        return control_key(f, key);
    }
    if (f->all && (key == SDLK_BACKSPACE || key == SDLK_DELETE)) {
        text_field_set(f, "");
        return TEXT_FIELD_TAKEN;
    }
    if (f->all && (key == SDLK_LEFT || key == SDLK_HOME || key == SDLK_RIGHT || key == SDLK_END)) {
        f->all = false;
        f->cursor = key == SDLK_LEFT || key == SDLK_HOME ? 0 : f->len;
        return TEXT_FIELD_TAKEN;
    }
    if (key == SDLK_BACKSPACE && f->cursor > 0) {
        cut(f, prev_boundary(f, f->cursor), f->cursor);
    } else if (key == SDLK_DELETE && f->cursor < f->len) {
        int end = next_boundary(f, f->cursor);
        cut(f, f->cursor, end);
    } else if (key == SDLK_LEFT && f->cursor > 0) {
        f->cursor = prev_boundary(f, f->cursor);
    } else if (key == SDLK_RIGHT && f->cursor < f->len) {
        f->cursor = next_boundary(f, f->cursor);
    } else if (key == SDLK_HOME) {
        f->cursor = 0;
    } else if (key == SDLK_END) {
        f->cursor = f->len;
    } else if (key == SDLK_TAB || key == SDLK_UP || key == SDLK_DOWN || key == SDLK_F11) {
        return TEXT_FIELD_IGNORED; /* moving between widgets, full screen */
    }
    return TEXT_FIELD_TAKEN;
}

TextFieldResult text_field_handle(TextField *f, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_TEXTINPUT: text_field_insert(f, e->text.text); return TEXT_FIELD_TAKEN;
    case SDL_KEYDOWN: return key_down(f, &e->key);
    case SDL_KEYUP: return TEXT_FIELD_TAKEN;
    default: return TEXT_FIELD_IGNORED;
    }
}
