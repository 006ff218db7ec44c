/* text_field.h — one line of typed text: an address, a name, a chat line.
 *
 * Contract
 * - A TextField holds UTF-8 text of at most max_chars characters (at most
 *   TEXT_FIELD_MAX_CHARS) and a cursor between characters. What is typed
 *   (SDL_TEXTINPUT) or pasted (Ctrl+V, Shift+Insert: the clipboard's first
 *   line) goes in at the cursor, whole characters only, control characters
 *   left out, and only as much as fits: the rest is dropped, never a part
 *   of a character. Text that is not well-formed UTF-8 is refused whole.
 * - text_field_handle says what an event meant: nothing for the field
 *   (TEXT_FIELD_IGNORED: the caller may use it), taken (TEXT_FIELD_TAKEN:
 *   a key the field swallows, changed or not), Enter (TEXT_FIELD_SUBMIT)
 *   or Esc (TEXT_FIELD_CANCEL). Every key press without Ctrl or Alt is
 *   taken, so a screen's own keys do nothing while a field is open.
 * - Keys: Backspace, Delete, Left, Right, Home, End; Ctrl+V and
 *   Shift+Insert paste; Ctrl+U clears; Ctrl+A selects the whole text: what
 *   is typed or pasted next replaces it, Backspace or Delete clears it,
 *   Left or Home leaves it with the cursor at the start, Right or End at
 *   the end. An invalid text refused leaves it selected.
 * - Plain data, no allocation; the clipboard through SDL (which must have
 *   its video part up for a paste).
 */
#ifndef CEKI_APP_TEXT_FIELD_H
#define CEKI_APP_TEXT_FIELD_H

#include <SDL.h>
#include <stdbool.h>

#define TEXT_FIELD_MAX_CHARS 200
#define TEXT_FIELD_MAX_BYTES (TEXT_FIELD_MAX_CHARS * 4)

typedef struct TextField {
    char text[TEXT_FIELD_MAX_BYTES + 1];
    int len;    /* bytes */
    int cursor; /* a byte offset on a character boundary */
    int max_chars;
    int max_bytes; /* TEXT_FIELD_MAX_BYTES unless text_field_limit_bytes lowered it */
    bool all;      /* the whole text is selected (Ctrl+A) */
} TextField;

typedef enum TextFieldResult {
    TEXT_FIELD_IGNORED = 0,
    TEXT_FIELD_TAKEN,
    TEXT_FIELD_SUBMIT,
    TEXT_FIELD_CANCEL
} TextFieldResult;

/* Empty, with room for max_chars characters (1..TEXT_FIELD_MAX_CHARS). */
void text_field_init(TextField *f, int max_chars);
/* At most max_bytes bytes too (a name kept in a fixed field), from now on:
 * what is typed or pasted past it is dropped, whole characters only. */
void text_field_limit_bytes(TextField *f, int max_bytes);
/* Replaces the text (the cursor at its end): false and nothing changed
 * when it is not well-formed UTF-8. What does not fit is dropped. */
bool text_field_set(TextField *f, const char *utf8);
/* Inserts at the cursor: false and nothing changed when not UTF-8; else
 * true, having taken as many whole characters as fit (control characters
 * left out; a line end ends what is taken). */
bool text_field_insert(TextField *f, const char *utf8);
/* Inserts the clipboard's text; false when it holds none. */
bool text_field_paste(TextField *f);
int text_field_chars(const TextField *f);
TextFieldResult text_field_handle(TextField *f, const SDL_Event *e);

#endif
