/* save_file.c — the header comments and record of a saved game or replay
 * (save_file.h). No SDL. */
#include "save_file.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record.h"
#include "settings.h"

static bool parse_seats(char *arg, SaveHeader *h, char *err, size_t err_size)
{
    h->nseats = 0;
    char *next = arg;
    for (;;) {
        while (*next == ' ' || *next == '\t') {
            next++;
        }
        if (*next == '\0') {
            break;
        }
        char *tok = next;
        while (*next != '\0' && *next != ' ' && *next != '\t') {
            next++;
        }
        if (*next != '\0') {
            *next++ = '\0';
        }
        if (h->nseats == CEKI_MAX_SEATS) {
            say_into(err, err_size, _("its seat line names too many seats"));
            return false;
        }
        int i = h->nseats++;
        if (strcmp(tok, "human") == 0) {
            h->human[i] = true;
            h->level[i] = AI_GREEDY;
        } else {
            AiLevel level = ai_level_find(tok);
            if (level == AI_LEVEL_COUNT) {
                say_into(err, err_size, _("its seat line has an unknown player '%.20s'"), tok);
                return false;
            }
            h->human[i] = false;
            h->level[i] = level;
        }
    }
    h->have_seats = true;
    return true;
}

/* The header comments before the record. */
static bool parse_header(const char *text, size_t len, SaveHeader *h, char *err, size_t err_size)
{
    *h = (SaveHeader){.kind = SAVE_KIND_BARE};
    size_t pos = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n') {
            end++;
        }
        char line[256];
        size_t n = end - pos < sizeof line - 1 ? end - pos : sizeof line - 1;
        memcpy(line, text + pos, n);
        line[n] = '\0';
        while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) {
            line[--n] = '\0';
        }
        pos = end + 1;
        if (line[0] == '\0') {
            continue;
        }
        if (line[0] != '#') {
            break; /* the record begins */
        }
        char *body = line + 1;
        while (*body == ' ') {
            body++;
        }
        char *arg = strchr(body, ' ');
        if (arg != NULL) {
            *arg++ = '\0';
        } else {
            arg = body + strlen(body);
        }
        if (strcmp(body, "ceki-save") == 0 || strcmp(body, "ceki-replay") == 0) {
            h->kind = strcmp(body, "ceki-save") == 0 ? SAVE_KIND_SAVE : SAVE_KIND_REPLAY;
            char *e = NULL;
            long v = strtol(arg, &e, 10);
            if (e == arg || *e != '\0' || v < 0 || v > 1000000) {
                say_into(err, err_size, _("its first line is not a version"));
                return false;
            }
            h->version = (int)v;
            if (v != SAVE_FILE_VERSION) {
                say_into(err, err_size,
                         _("it was written by another version of Ceki (format %ld; this one reads "
                           "format %d)"),
                         v, SAVE_FILE_VERSION);
                return false;
            }
        } else if (strcmp(body, "seats") == 0) {
            if (!parse_seats(arg, h, err, err_size)) {
                return false;
            }
        } else if (strcmp(body, "budget") == 0) {
            char *e = NULL;
            long v = strtol(arg, &e, 10);
            if (e == arg || *e != '\0' || v < 0 || v > 600000) {
                say_into(err, err_size, _("its thinking budget is not a number of milliseconds"));
                return false;
            }
            h->budget_ms = (int)v;
        } else if (strcmp(body, "match") == 0) {
            size_t idlen = strlen(arg);
            if (idlen != SAVE_MATCH_ID_LEN || strspn(arg, "0123456789abcdef") != idlen) {
                say_into(err, err_size, _("its match line is not a match id"));
                return false;
            }
            memcpy(h->match, arg, idlen + 1);
        } else if (strcmp(body, "guided") == 0) {
            if (strcmp(arg, "0") != 0 && strcmp(arg, "1") != 0) {
                say_into(err, err_size, _("its guided line is neither 0 nor 1"));
                return false;
            }
            h->guided = arg[0] == '1';
        }
    }
    return true;
}

bool save_file_parse(const char *text, size_t len, bool save_only, SaveHeader *h, Game **game,
                     char *err, size_t err_size)
{
    *game = NULL;
    if (err != NULL && err_size > 0) {
        err[0] = '\0';
    }
    if (text == NULL) {
        say_into(err, err_size, _("there is no text"));
        return false;
    }
    if (memchr(text, '\0', len) != NULL) {
        say_into(err, err_size, _("it holds binary data, not a saved game"));
        return false;
    }
    if (!parse_header(text, len, h, err, err_size)) {
        return false;
    }
    if (save_only && h->kind != SAVE_KIND_SAVE) {
        say_into(err, err_size, _("it is not a saved Ceki game"));
        return false;
    }
    if (h->kind != SAVE_KIND_BARE && !h->have_seats) {
        say_into(err, err_size, _("it does not say who sits where"));
        return false;
    }
    Game *g = NULL;
    char why[RECORD_ERROR_MAX];
    CekiStatus st = record_read_text(text, len, &g, why, sizeof why);
    if (st != CEKI_OK) {
        say_into(err, err_size, _("its game record is damaged (%s)"), why);
        return false;
    }
    if (h->have_seats && h->nseats != game_players(g)) {
        say_into(err, err_size, _("it names %d seats for a game of %d players"), h->nseats,
                 game_players(g));
        game_destroy(g);
        return false;
    }
    *game = g;
    return true;
}

static void write_header(FILE *f, SaveKind kind, const SaveHeader *h, int players)
{
    fprintf(f, "# %s %d\n", kind == SAVE_KIND_SAVE ? "ceki-save" : "ceki-replay",
            SAVE_FILE_VERSION);
    fprintf(f, "# seats");
    for (int i = 0; i < players; i++) {
        fprintf(f, " %s", h->human[i] ? "human" : ai_level_key(h->level[i]));
    }
    fprintf(f, "\n# budget %d\n", h->budget_ms);
    if (h->match[0] != '\0') {
        fprintf(f, "# match %s\n", h->match);
    }
    if (h->guided) {
        fprintf(f, "# guided 1\n");
    }
}

CekiStatus save_file_write(FILE *f, SaveKind kind, const SaveHeader *h, const Game *g)
{
    if (f == NULL || h == NULL || g == NULL || kind == SAVE_KIND_BARE) {
        return CEKI_ERR_ARG;
    }
    write_header(f, kind, h, game_players(g));
    CekiStatus st = record_write(g, f);
    if (st == CEKI_OK && ferror(f)) {
        st = CEKI_ERR_IO;
    }
    return st;
}

CekiStatus save_file_write_text(FILE *f, SaveKind kind, const SaveHeader *h, int players,
                                const char *record, size_t len)
{
    if (f == NULL || h == NULL || record == NULL || kind == SAVE_KIND_BARE || players < 1 ||
        players > CEKI_MAX_SEATS) {
        return CEKI_ERR_ARG;
    }
    write_header(f, kind, h, players);
    if (fwrite(record, 1, len, f) != len || ferror(f)) {
        return CEKI_ERR_IO;
    }
    return CEKI_OK;
}

static void hex_id(uint64_t a, uint64_t b, char out[SAVE_MATCH_ID_LEN + 1])
{
    snprintf(out, SAVE_MATCH_ID_LEN + 1, "%016" PRIx64 "%016" PRIx64, a, b);
}

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void save_file_new_id(char out[SAVE_MATCH_ID_LEN + 1])
{
    uint64_t v[2] = {0, 0};
    FILE *f = fopen("/dev/urandom", "rb");
    bool got = f != NULL && fread(v, sizeof v, 1, f) == 1;
    if (f != NULL) {
        fclose(f);
    }
    if (!got) {
        static uint64_t counter;
        struct timespec ts = {0, 0};
        timespec_get(&ts, TIME_UTC);
        uint64_t t = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
        v[0] = mix(t ^ (uint64_t)(uintptr_t)&counter);
        v[1] = mix(v[0] ^ ++counter ^ (uint64_t)clock());
    }
    hex_id(v[0], v[1], out);
}

void save_file_derive_id(const char *text, size_t len, char out[SAVE_MATCH_ID_LEN + 1])
{
    uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        a = (a ^ c) * 0x100000001b3ull;
        b = (b ^ c) * 0x100000001b3ull + i;
    }
    hex_id(mix(a), mix(b), out);
}
