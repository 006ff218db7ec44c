/* host_text.c — names and chat lines as the host lets them show
 * (host.h, "Names and chat"; host_internal.h).
 *
 * What a client sent is never trusted to be what it looks like: the
 * characters that change a text's direction (bidi embeddings, overrides,
 * isolates and marks), those that take no room (zero-width spaces and
 * joiners, the word joiner, the byte order mark, invisible operators,
 * fillers that draw nothing, variation selectors, tags) and controls are
 * taken out, so "Ayu" and "Ayu" with a zero-width space inside cannot sit
 * side by side looking alike, nor a name turn the rest of a line around.
 * Every kind of space becomes one ASCII space, runs of them one, none at
 * either end.
 */
#include <stdio.h>
#include <string.h>

#include "host_internal.h"
#include "utf8.h"

#define TEXT_SPACE 0x20u
#define TEXT_ASCII_CASE 0x20u

/* Ranges of code points that never show (first, last). */
static const uint32_t text_invisible[][2] = {
    {0x00ADu, 0x00ADu},   /* soft hyphen */
    {0x034Fu, 0x034Fu},   /* combining grapheme joiner */
    {0x061Cu, 0x061Cu},   /* Arabic letter mark */
    {0x115Fu, 0x1160u},   /* Hangul fillers */
    {0x17B4u, 0x17B5u},   /* Khmer inherent vowels */
    {0x180Bu, 0x180Fu},   /* Mongolian variation selectors and vowel separator */
    {0x200Bu, 0x200Fu},   /* zero-width space, non-joiner, joiner; LRM, RLM */
    {0x2028u, 0x202Eu},   /* line and paragraph separators; LRE, RLE, PDF, LRO, RLO */
    {0x2060u, 0x206Fu},   /* word joiner, invisible operators, LRI, RLI, FSI, PDI */
    {0x3164u, 0x3164u},   /* Hangul filler */
    {0xFE00u, 0xFE0Fu},   /* variation selectors */
    {0xFEFFu, 0xFEFFu},   /* byte order mark */
    {0xFFA0u, 0xFFA0u},   /* halfwidth Hangul filler */
    {0xFFF0u, 0xFFFBu},   /* specials, interlinear annotation */
    {0x1BCA0u, 0x1BCA3u}, /* shorthand format controls */
    {0x1D173u, 0x1D17Au}, /* musical format characters */
    {0xE0000u, 0xE007Fu}, /* tags */
    {0xE0100u, 0xE01EFu}, /* variation selectors supplement */
};

/* Code points that are spaces of some width. */
static const uint32_t text_spaces[][2] = {
    {0x0020u, 0x0020u}, {0x00A0u, 0x00A0u}, {0x1680u, 0x1680u}, {0x2000u, 0x200Au},
    {0x202Fu, 0x202Fu}, {0x205Fu, 0x205Fu}, {0x3000u, 0x3000u},
};

static bool text_in(const uint32_t (*ranges)[2], size_t n, uint32_t cp)
{
    for (size_t i = 0; i < n; i++) {
        if (cp >= ranges[i][0] && cp <= ranges[i][1])
            return true;
    }
    return false;
}

/* Whether cp is a noncharacter (U+FDD0..U+FDEF, and the last two of each plane). */
static bool text_nonchar(uint32_t cp)
{
    return (cp >= 0xFDD0u && cp <= 0xFDEFu) || (cp & 0xFFFEu) == 0xFFFEu;
}

static bool text_hidden(uint32_t cp)
{
    return utf8_is_control(cp) || text_nonchar(cp) ||
           text_in(text_invisible, sizeof text_invisible / sizeof text_invisible[0], cp);
}

size_t host_text_clean(const char *in, char *out, size_t out_size, size_t max_chars)
{
    const uint8_t *s = (const uint8_t *)in;
    size_t n = strlen(in), len = 0, chars = 0;
    bool space = false; /* a space is owed before the next character that shows */
    for (size_t i = 0; i < n && chars < max_chars;) {
        uint32_t cp = 0;
        size_t k = utf8_next(s + i, n - i, &cp);
        if (k == 0) { /* not UTF-8: the rest is dropped (the codec lets none through) */
            break;
        }
        const uint8_t *ch = s + i;
        i += k;
        if (text_hidden(cp))
            continue;
        if (text_in(text_spaces, sizeof text_spaces / sizeof text_spaces[0], cp)) {
            space = len > 0;
            continue;
        }
        size_t need = k + (space ? 1 : 0);
        if (len + need + 1 > out_size || chars + (space ? 2 : 1) > max_chars)
            break;
        if (space) {
            out[len++] = (char)TEXT_SPACE;
            chars++;
        }
        memcpy(out + len, ch, k);
        len += k;
        chars++;
        space = false;
    }
    if (out_size > 0)
        out[len] = '\0';
    return len;
}

/* How many bytes of the first `chars` characters of s (a clean text). */
static size_t text_bytes_of(const char *s, size_t chars)
{
    const uint8_t *u = (const uint8_t *)s;
    size_t n = strlen(s), i = 0;
    for (size_t c = 0; c < chars && i < n; c++) {
        uint32_t cp = 0;
        size_t k = utf8_next(u + i, n - i, &cp);
        if (k == 0)
            break;
        i += k;
    }
    return i;
}

void host_text_numbered(const char *name, int n, char *out, size_t out_size)
{
    char tail[16];
    int tl = snprintf(tail, sizeof tail, " %d", n);
    size_t chars = 0;
    for (const char *p = name; *p; p++)
        chars += ((unsigned char)*p & 0xC0u) != 0x80u;
    size_t keep = chars;
    while (keep > 0 && (keep + (size_t)tl > NET_NAME_CHARS ||
                        text_bytes_of(name, keep) + (size_t)tl >= out_size))
        keep--;
    size_t bytes = text_bytes_of(name, keep);
    while (bytes > 0 && name[bytes - 1] == ' ')
        bytes--; /* no space doubled before the number */
    snprintf(out, out_size, "%.*s%s", (int)bytes, name, tail);
}

static char text_fold(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c | TEXT_ASCII_CASE) : c;
}

bool host_text_same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        if (text_fold(*a) != text_fold(*b))
            return false;
    }
    return *a == *b;
}
