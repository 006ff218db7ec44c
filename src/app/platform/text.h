/* text.h — shaped text in Latin and Javanese script, cached as textures.
 *
 * Contract: a Text owns its fonts (Noto Sans for Latin, Noto Sans Javanese for
 * U+A980..U+A9DF) and a cache of rendered lines. A line is split into runs by
 * script; each run is shaped by SDL_ttf's HarfBuzz with its script set
 * ("Latn" or "Java"), and the runs are put on one baseline. A line holding
 * Javanese gets the taller Javanese line box. A line is shaped once per
 * (text, weight, pixel size) and kept as a white texture that is tinted when
 * drawn, so colour is free. Sizes are in pixels (callers scale them).
 * Textures belong to the renderer given on first use; call text_clear_cache
 * if the renderer changes. text_create fails (NULL, reason in err) when the
 * fonts are missing or SDL_ttf was built without HarfBuzz.
 */
#ifndef CEKI_APP_TEXT_H
#define CEKI_APP_TEXT_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum TextWeight { TEXT_REGULAR = 0, TEXT_BOLD, TEXT_WEIGHT_COUNT } TextWeight;
typedef enum TextAlign { TEXT_LEFT = 0, TEXT_CENTER, TEXT_RIGHT } TextAlign;
typedef enum TextScript { SCRIPT_LATIN = 0, SCRIPT_JAVANESE, SCRIPT_COUNT } TextScript;

typedef struct TextStyle {
    float px; /* font size in pixels */
    TextWeight weight;
    SDL_Color color;
} TextStyle;

typedef struct Text Text;

/* A run of one script inside a line: bytes [start, start + len). */
typedef struct TextRun {
    size_t start, len;
    TextScript script;
} TextRun;

Text *text_create(const char *fonts_dir, char *err, size_t err_size);
void text_destroy(Text *t);

/* Splits utf8 into script runs; spaces and punctuation join the run they sit
 * in (between two Javanese letters they stay Javanese). Returns the number of
 * runs (at most cap are written). Pure. */
int text_split_runs(const char *utf8, TextRun *runs, int cap);
/* True for code points of the Javanese block. */
bool text_is_javanese(Uint32 codepoint);

/* Width and line-box height of one line, in pixels. */
void text_measure(Text *t, const char *utf8, float px, TextWeight weight, int *w, int *h);
/* Line-box height for a line without / with Javanese at this size. */
int text_line_height(Text *t, float px, TextWeight weight, bool javanese);
/* Distance from the top of the line box to the baseline. */
int text_baseline(Text *t, float px, TextWeight weight, bool javanese);

/* Draws one line; (x, y) is the top of its line box at its left edge, centre
 * or right edge according to align. Returns the rectangle it covered. */
SDL_Rect text_draw(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style, int x, int y,
                   TextAlign align);
/* Like text_draw, vertically centred in box and aligned within it. */
SDL_Rect text_draw_in(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style,
                      SDL_Rect box, TextAlign align);
/* Word-wraps at spaces to box.w and draws from box.y down (lines spaced by
 * `spacing` times their height); returns the height used. With r NULL it only
 * measures. */
int text_draw_wrapped(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style,
                      SDL_Rect box, TextAlign align, float spacing);

/* The SDL_ttf font of a script, weight and pixel size (borrowed), shaped
 * with that script set. NULL when it cannot be opened. For tests. */
TTF_Font *text_font(Text *t, TextScript script, TextWeight weight, int px);

/* The overflow watch, for the layout tests: while it is on, text_draw_in
 * notes a line wider than its box (when the box has a width) and
 * text_draw_wrapped a word wider than its box or, when the box has a
 * height, more lines than fit in it. Callers that lay text out themselves
 * report with text_note_overflow. Turning the watch on clears the count. */
void text_watch_overflow(Text *t, bool on);
void text_note_overflow(Text *t, const char *utf8, int need, int have);
/* How many overflows were noted, and a description of the first. */
int text_overflows(const Text *t, const char **first);

void text_clear_cache(Text *t);
/* Number of shaped lines in the cache (for tests). */
int text_cache_count(const Text *t);

#endif
