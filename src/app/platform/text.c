#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_load.h"

#define TEXT_MAX_FONTS 48
#define TEXT_MAX_LINES 512
#define TEXT_MAX_RUNS 32
#define TEXT_MAX_MEASURES 1024 /* a power of two: measured widths kept */

typedef struct FontFile {
    void *data;
    size_t size;
} FontFile;

typedef struct OpenFont {
    TTF_Font *font;
    TextScript script;
    TextWeight weight;
    int px;
    Uint64 used;
} OpenFont;

typedef struct Line {
    char *text; /* NULL: free slot */
    Uint32 hash;
    TextWeight weight;
    int px;
    Uint32 rgb; /* drawn in this colour (a tinted copy is the software
                   renderer's slowest path); the alpha is applied when drawn */
    SDL_Texture *texture;
    int w, h;
    Uint64 used;
} Line;

/* A measured width, kept so that wrapping a paragraph every frame does not
 * shape its words again (one slot per hash; a newcomer replaces it). */
typedef struct Measure {
    char *text; /* NULL: free slot */
    Uint32 hash;
    TextWeight weight;
    int px;
    int w;
} Measure;

struct Text {
    FontFile files[SCRIPT_COUNT][TEXT_WEIGHT_COUNT];
    OpenFont fonts[TEXT_MAX_FONTS];
    Line lines[TEXT_MAX_LINES];
    Measure measures[TEXT_MAX_MEASURES];
    Uint64 clock;
    bool watch;         /* note text that does not fit its box */
    int overflows;      /* noted since the watch began */
    char overflow[256]; /* the first of them */
};

static const char *const font_names[SCRIPT_COUNT][TEXT_WEIGHT_COUNT] = {
    {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf"},
    {"NotoSansJavanese-Regular.ttf", "NotoSansJavanese-Bold.ttf"},
};
static const char *const script_tags[SCRIPT_COUNT] = {"Latn", "Java"};

bool text_is_javanese(Uint32 cp)
{
    return cp >= 0xA980 && cp <= 0xA9DF;
}

/* Decodes one UTF-8 code point at s[*i] and advances *i; bad bytes give
 * U+FFFD and advance by one. */
static Uint32 utf8_next(const char *s, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    Uint32 cp = 0xFFFD;
    size_t n = 1;
    if (p[0] < 0x80) {
        cp = p[0];
    } else if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80) {
        cp = ((Uint32)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
        n = 2;
    } else if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
        cp = ((Uint32)(p[0] & 0x0F) << 12) | ((Uint32)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        n = 3;
    } else if ((p[0] & 0xF8) == 0xF0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 &&
               (p[3] & 0xC0) == 0x80) {
        cp = ((Uint32)(p[0] & 0x07) << 18) | ((Uint32)(p[1] & 0x3F) << 12) |
             ((Uint32)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        n = 4;
    }
    *i += n;
    return cp;
}

/* Characters the Javanese font also has; they take the script around them. */
static bool is_neutral(Uint32 cp)
{
    return cp == 0x20 || cp == 0xA0 || (cp >= 0x200B && cp <= 0x200D);
}

int text_split_runs(const char *utf8, TextRun *runs, int cap)
{
    /* Classify code points: 0 Latin, 1 Javanese, 2 neutral. */
    size_t len = strlen(utf8);
    int count = 0;
    size_t i = 0;
    TextScript current = SCRIPT_LATIN;
    size_t run_start = 0;
    bool started = false;
    while (i < len) {
        size_t at = i;
        Uint32 cp = utf8_next(utf8, &i);
        TextScript script = SCRIPT_LATIN;
        if (text_is_javanese(cp)) {
            script = SCRIPT_JAVANESE;
        } else if (is_neutral(cp) && started && current == SCRIPT_JAVANESE) {
            /* Stays Javanese only when the next strong character is too. */
            size_t j = i;
            Uint32 next = 0x20;
            while (j < len && is_neutral(next)) {
                next = utf8_next(utf8, &j);
            }
            script = text_is_javanese(next) ? SCRIPT_JAVANESE : SCRIPT_LATIN;
        }
        if (!started) {
            current = script;
            run_start = at;
            started = true;
        } else if (script != current) {
            if (count < cap) {
                runs[count] = (TextRun){run_start, at - run_start, current};
            }
            count++;
            current = script;
            run_start = at;
        }
    }
    if (started) {
        if (count < cap) {
            runs[count] = (TextRun){run_start, len - run_start, current};
        }
        count++;
    }
    return count;
}

static bool load_file(const char *path, FontFile *out, char *why, size_t why_size)
{
    size_t size = 0;
    void *data = file_load(path, FILE_LOAD_FONT_MAX, &size, why, why_size);
    if (data == NULL) {
        return false;
    }
    out->data = data;
    out->size = size;
    return true;
}

/* Whether a font opens and draws a line of its script: a truncated or
 * damaged font file must stop the program with a reason, not leave every
 * text blank. */
static bool font_draws(Text *t, TextScript script, TextWeight weight)
{
    TTF_Font *font = text_font(t, script, weight, 16);
    const char *probe =
        script == SCRIPT_JAVANESE ? "\xea\xa6\x95\xea\xa6\xba\xea\xa6\x8f\xea\xa6\xb6" : "Ceki";
    SDL_Surface *s =
        font != NULL ? TTF_RenderUTF8_Blended(font, probe, (SDL_Color){0, 0, 0, 255}) : NULL;
    bool ok = s != NULL && s->w > 0 && s->h > 0;
    SDL_FreeSurface(s);
    return ok;
}

Text *text_create(const char *fonts_dir, char *err, size_t err_size)
{
    int hb_major = 0, hb_minor = 0, hb_patch = 0;
    TTF_GetHarfBuzzVersion(&hb_major, &hb_minor, &hb_patch);
    if (hb_major == 0 && hb_minor == 0 && hb_patch == 0) {
        snprintf(err, err_size, "SDL_ttf was built without HarfBuzz; Javanese cannot be shaped");
        return NULL;
    }
    if (TTF_Init() != 0) { /* counted: text_destroy calls TTF_Quit */
        snprintf(err, err_size, "SDL_ttf: %s", TTF_GetError());
        return NULL;
    }
    Text *t = calloc(1, sizeof *t);
    if (t == NULL) {
        snprintf(err, err_size, "out of memory");
        TTF_Quit();
        return NULL;
    }
    for (int s = 0; s < SCRIPT_COUNT; s++) {
        for (int w = 0; w < TEXT_WEIGHT_COUNT; w++) {
            char path[1200];
            snprintf(path, sizeof path, "%s/%s", fonts_dir, font_names[s][w]);
            char why[1400];
            if (!load_file(path, &t->files[s][w], why, sizeof why)) {
                snprintf(err, err_size, "cannot use the font: %s", why);
                text_destroy(t);
                return NULL;
            }
            if (!font_draws(t, (TextScript)s, (TextWeight)w)) {
                snprintf(err, err_size, "the font %s is damaged: it does not draw text (%s)", path,
                         TTF_GetError());
                text_destroy(t);
                return NULL;
            }
        }
    }
    /* Shaping must be available: setting a script fails without HarfBuzz. */
    TTF_Font *probe = text_font(t, SCRIPT_JAVANESE, TEXT_REGULAR, 16);
    if (probe == NULL) {
        snprintf(err, err_size, "cannot open the Javanese font: %s", TTF_GetError());
        text_destroy(t);
        return NULL;
    }
    return t;
}

void text_clear_cache(Text *t)
{
    for (int i = 0; i < TEXT_MAX_LINES; i++) {
        Line *line = &t->lines[i];
        if (line->text != NULL) {
            free(line->text);
            if (line->texture != NULL) {
                SDL_DestroyTexture(line->texture);
            }
            *line = (Line){0};
        }
    }
    for (int i = 0; i < TEXT_MAX_MEASURES; i++) {
        free(t->measures[i].text);
        t->measures[i] = (Measure){0};
    }
}

void text_destroy(Text *t)
{
    if (t == NULL) {
        return;
    }
    text_clear_cache(t);
    for (int i = 0; i < TEXT_MAX_FONTS; i++) {
        if (t->fonts[i].font != NULL) {
            TTF_CloseFont(t->fonts[i].font);
        }
    }
    for (int s = 0; s < SCRIPT_COUNT; s++) {
        for (int w = 0; w < TEXT_WEIGHT_COUNT; w++) {
            free(t->files[s][w].data);
        }
    }
    free(t);
    TTF_Quit();
}

int text_cache_count(const Text *t)
{
    int n = 0;
    for (int i = 0; i < TEXT_MAX_LINES; i++) {
        n += t->lines[i].text != NULL;
    }
    return n;
}

TTF_Font *text_font(Text *t, TextScript script, TextWeight weight, int px)
{
    if (px < 1) {
        px = 1;
    }
    t->clock++;
    int oldest = 0;
    for (int i = 0; i < TEXT_MAX_FONTS; i++) {
        OpenFont *f = &t->fonts[i];
        if (f->font != NULL && f->script == script && f->weight == weight && f->px == px) {
            f->used = t->clock;
            return f->font;
        }
        if (f->font == NULL || (t->fonts[oldest].font != NULL && f->used < t->fonts[oldest].used)) {
            oldest = i;
        }
    }
    const FontFile *file = &t->files[script][weight];
    SDL_RWops *rw = SDL_RWFromConstMem(file->data, (int)file->size);
    TTF_Font *font = rw != NULL ? TTF_OpenFontRW(rw, 1, px) : NULL;
    if (font == NULL) {
        return NULL;
    }
    if (TTF_SetFontScriptName(font, script_tags[script]) != 0 ||
        TTF_SetFontDirection(font, TTF_DIRECTION_LTR) != 0) {
        TTF_CloseFont(font);
        return NULL;
    }
    TTF_SetFontHinting(font, TTF_HINTING_LIGHT);
    OpenFont *slot = &t->fonts[oldest];
    if (slot->font != NULL) {
        TTF_CloseFont(slot->font);
    }
    *slot = (OpenFont){font, script, weight, px, t->clock};
    return font;
}

static int font_px(float px)
{
    return px < 1.0f ? 1 : (int)(px + 0.5f);
}

/* Javanese glyphs sit a little small beside Noto Sans; match their body. */
static int javanese_px(int px)
{
    return (px * 11 + 5) / 10;
}

typedef struct LineMetrics {
    int ascent, descent; /* descent positive, below the baseline */
} LineMetrics;

static LineMetrics line_metrics(Text *t, int px, TextWeight weight, bool javanese)
{
    TTF_Font *latin = text_font(t, SCRIPT_LATIN, weight, px);
    LineMetrics m = {px, px / 4};
    if (latin != NULL) {
        m.ascent = TTF_FontAscent(latin);
        m.descent = -TTF_FontDescent(latin);
    }
    if (javanese) {
        TTF_Font *jav = text_font(t, SCRIPT_JAVANESE, weight, javanese_px(px));
        if (jav != NULL) {
            m.ascent = SDL_max(m.ascent, TTF_FontAscent(jav));
            m.descent = SDL_max(m.descent, -TTF_FontDescent(jav));
        }
    }
    return m;
}

static bool has_javanese(const char *utf8)
{
    size_t i = 0, len = strlen(utf8);
    while (i < len) {
        if (text_is_javanese(utf8_next(utf8, &i))) {
            return true;
        }
    }
    return false;
}

int text_line_height(Text *t, float px, TextWeight weight, bool javanese)
{
    LineMetrics m = line_metrics(t, font_px(px), weight, javanese);
    return m.ascent + m.descent;
}

int text_baseline(Text *t, float px, TextWeight weight, bool javanese)
{
    return line_metrics(t, font_px(px), weight, javanese).ascent;
}

static TTF_Font *run_font(Text *t, TextScript script, TextWeight weight, int px)
{
    return text_font(t, script, weight, script == SCRIPT_JAVANESE ? javanese_px(px) : px);
}

/* Copies run text into buf (NUL-terminated); false when it does not fit. */
static bool run_text(const char *utf8, const TextRun *run, char *buf, size_t size)
{
    if (run->len + 1 > size) {
        return false;
    }
    memcpy(buf, utf8 + run->start, run->len);
    buf[run->len] = '\0';
    return true;
}

static int measure_width(Text *t, const char *utf8, int px, TextWeight weight)
{
    TextRun runs[TEXT_MAX_RUNS];
    int n = SDL_min(text_split_runs(utf8, runs, TEXT_MAX_RUNS), TEXT_MAX_RUNS);
    int total = 0;
    char buf[1024];
    for (int i = 0; i < n; i++) {
        TTF_Font *font = run_font(t, runs[i].script, weight, px);
        int w = 0, h = 0;
        if (font != NULL && run_text(utf8, &runs[i], buf, sizeof buf) &&
            TTF_SizeUTF8(font, buf, &w, &h) == 0) {
            total += w;
        }
    }
    return total;
}

static Uint32 hash_text(const char *s)
{
    Uint32 h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        h = (h ^ *p) * 16777619u;
    }
    return h;
}

/* A kept line of this text, size and weight, in colour rgb. */
static Line *find_line(Text *t, const char *utf8, int px, TextWeight weight, Uint32 hash,
                       Uint32 rgb)
{
    for (int i = 0; i < TEXT_MAX_LINES; i++) {
        Line *line = &t->lines[i];
        if (line->text != NULL && line->hash == hash && line->px == px && line->weight == weight &&
            line->rgb == rgb && strcmp(line->text, utf8) == 0) {
            line->used = ++t->clock;
            return line;
        }
    }
    return NULL;
}

/* Shapes and renders the runs of one line onto one surface, in colour rgb. */
static SDL_Surface *render_line(Text *t, const char *utf8, int px, TextWeight weight, Uint32 rgb)
{
    TextRun runs[TEXT_MAX_RUNS];
    int n = SDL_min(text_split_runs(utf8, runs, TEXT_MAX_RUNS), TEXT_MAX_RUNS);
    SDL_Surface *parts[TEXT_MAX_RUNS] = {0};
    int tops[TEXT_MAX_RUNS] = {0};
    bool javanese = false;
    for (int i = 0; i < n; i++) {
        javanese = javanese || runs[i].script == SCRIPT_JAVANESE;
    }
    LineMetrics m = line_metrics(t, px, weight, javanese);
    int width = 0, height = m.ascent + m.descent;
    const SDL_Color ink = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
    char buf[1024];
    for (int i = 0; i < n; i++) {
        TTF_Font *font = run_font(t, runs[i].script, weight, px);
        if (font == NULL || !run_text(utf8, &runs[i], buf, sizeof buf)) {
            continue;
        }
        parts[i] = TTF_RenderUTF8_Blended(font, buf, ink);
        if (parts[i] != NULL) {
            tops[i] = m.ascent - TTF_FontAscent(font);
            width += parts[i]->w;
            height = SDL_max(height, tops[i] + parts[i]->h);
        }
    }
    SDL_Surface *out = NULL;
    if (width > 0) {
        out = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
    }
    if (out != NULL) {
        SDL_FillRect(out, NULL, rgb & 0x00FFFFFFu);
        int x = 0;
        for (int i = 0; i < n; i++) {
            if (parts[i] != NULL) {
                SDL_Rect dst = {x, tops[i], parts[i]->w, parts[i]->h};
                SDL_SetSurfaceBlendMode(parts[i], SDL_BLENDMODE_NONE);
                SDL_BlitSurface(parts[i], NULL, out, &dst);
                x += parts[i]->w;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        SDL_FreeSurface(parts[i]);
    }
    return out;
}

/* The cached line for drawing, rendering it when needed. */
static Line *get_line(Text *t, SDL_Renderer *r, const char *utf8, int px, TextWeight weight,
                      Uint32 rgb)
{
    Uint32 hash = hash_text(utf8);
    Line *line = find_line(t, utf8, px, weight, hash, rgb);
    if (line != NULL) {
        return line;
    }
    Line *slot = &t->lines[0];
    for (int i = 0; i < TEXT_MAX_LINES; i++) {
        if (t->lines[i].text == NULL) {
            slot = &t->lines[i];
            break;
        }
        if (t->lines[i].used < slot->used) {
            slot = &t->lines[i];
        }
    }
    if (slot->text != NULL) {
        free(slot->text);
        if (slot->texture != NULL) {
            SDL_DestroyTexture(slot->texture);
        }
        *slot = (Line){0};
    }
    size_t len = strlen(utf8);
    char *copy = malloc(len + 1);
    if (copy == NULL) {
        return NULL;
    }
    memcpy(copy, utf8, len + 1);
    LineMetrics m = line_metrics(t, px, weight, has_javanese(utf8));
    *slot = (Line){copy, hash, weight, px, rgb, NULL, 0, m.ascent + m.descent, ++t->clock};
    SDL_Surface *surface = render_line(t, utf8, px, weight, rgb);
    if (surface != NULL) {
        slot->w = surface->w;
        slot->h = surface->h;
        if (r != NULL) {
            slot->texture = SDL_CreateTextureFromSurface(r, surface);
            if (slot->texture != NULL) {
                SDL_SetTextureBlendMode(slot->texture, SDL_BLENDMODE_BLEND);
            }
        }
        SDL_FreeSurface(surface);
    }
    return slot;
}

void text_measure(Text *t, const char *utf8, float px, TextWeight weight, int *w, int *h)
{
    int ipx = font_px(px);
    /* Measured the same whether or not the line is drawn yet (a drawn
     * line's picture may be a pixel taller or wider than its metrics, and
     * text placed by its measure would move a pixel on its second frame). */
    LineMetrics m = line_metrics(t, ipx, weight, has_javanese(utf8));
    *h = m.ascent + m.descent;
    Uint32 hash = hash_text(utf8);
    Measure *slot =
        &t->measures[(hash ^ (Uint32)ipx * 2654435761u ^ (Uint32)weight) & (TEXT_MAX_MEASURES - 1)];
    if (slot->text != NULL && slot->hash == hash && slot->px == ipx && slot->weight == weight &&
        strcmp(slot->text, utf8) == 0) {
        *w = slot->w;
        return;
    }
    *w = measure_width(t, utf8, ipx, weight);
    size_t len = strlen(utf8);
    char *copy = len < 512 ? malloc(len + 1) : NULL;
    if (copy != NULL) {
        memcpy(copy, utf8, len + 1);
        free(slot->text);
        *slot = (Measure){copy, hash, weight, ipx, *w};
    }
}

SDL_Rect text_draw(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style, int x, int y,
                   TextAlign align)
{
    int px = font_px(style->px);
    Uint32 rgb = ((Uint32)style->color.r << 16) | ((Uint32)style->color.g << 8) | style->color.b;
    Line *line = get_line(t, r, utf8, px, style->weight, rgb);
    SDL_Rect box = {x, y, 0, 0};
    if (line == NULL) {
        return box;
    }
    box.w = line->w;
    box.h = line->h;
    if (align == TEXT_CENTER) {
        box.x = x - line->w / 2;
    } else if (align == TEXT_RIGHT) {
        box.x = x - line->w;
    }
    if (line->texture != NULL) {
        SDL_SetTextureAlphaMod(line->texture, style->color.a);
        SDL_RenderCopy(r, line->texture, NULL, &box);
    }
    return box;
}

void text_watch_overflow(Text *t, bool on)
{
    t->watch = on;
    t->overflows = 0;
    t->overflow[0] = '\0';
}

int text_overflows(const Text *t, const char **first)
{
    if (first != NULL) {
        *first = t->overflow;
    }
    return t->overflows;
}

void text_note_overflow(Text *t, const char *utf8, int need, int have)
{
    if (!t->watch) {
        return;
    }
    if (t->overflows++ == 0) {
        snprintf(t->overflow, sizeof t->overflow, "%d px in %d: %.200s", need, have, utf8);
    }
}

SDL_Rect text_draw_in(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style,
                      SDL_Rect box, TextAlign align)
{
    int w = 0, h = 0;
    text_measure(t, utf8, style->px, style->weight, &w, &h);
    if (box.w > 0 && w > box.w) {
        text_note_overflow(t, utf8, w, box.w);
    }
    int x = box.x;
    if (align == TEXT_CENTER) {
        x = box.x + box.w / 2;
    } else if (align == TEXT_RIGHT) {
        x = box.x + box.w;
    }
    return text_draw(t, r, utf8, style, x, box.y + (box.h - h) / 2, align);
}

int text_draw_wrapped(Text *t, SDL_Renderer *r, const char *utf8, const TextStyle *style,
                      SDL_Rect box, TextAlign align, float spacing)
{
    size_t len = strlen(utf8);
    char *line = malloc(len + 1);
    if (line == NULL) {
        return 0;
    }
    int y = box.y;
    size_t pos = 0;
    while (pos <= len) {
        /* Take words while they fit; always at least one. */
        size_t end = pos, best = pos;
        while (end <= len) {
            size_t next = end;
            while (next < len && utf8[next] != ' ' && utf8[next] != '\n') {
                next++;
            }
            memcpy(line, utf8 + pos, next - pos);
            line[next - pos] = '\0';
            int w = 0, h = 0;
            text_measure(t, line, style->px, style->weight, &w, &h);
            if (w > box.w && best > pos) {
                break;
            }
            best = next;
            if (next >= len || utf8[next] == '\n') {
                break;
            }
            end = next + 1;
        }
        memcpy(line, utf8 + pos, best - pos);
        line[best - pos] = '\0';
        int w = 0, h = 0;
        text_measure(t, line, style->px, style->weight, &w, &h);
        if (w > box.w && r != NULL) {
            text_note_overflow(t, line, w, box.w); /* one word wider than the box */
        }
        if (r != NULL && best > pos) {
            int x = align == TEXT_CENTER  ? box.x + box.w / 2
                    : align == TEXT_RIGHT ? box.x + box.w
                                          : box.x;
            text_draw(t, r, line, style, x, y, align);
        }
        y += (int)((float)h * spacing + 0.5f);
        if (best >= len) {
            break;
        }
        pos = best + 1;
        if (pos >= len) {
            break; /* a trailing space or newline adds no line */
        }
    }
    free(line);
    if (r != NULL && box.h > 0 && y - box.y > box.h) {
        text_note_overflow(t, utf8, y - box.y, box.h); /* more lines than the box holds */
    }
    return y - box.y;
}
