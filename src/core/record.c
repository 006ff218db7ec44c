#include "record.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const stake_keys[STAKES_COUNT] = {"none",      "wudon", "rampung",
                                                     "parewanan", "nir",   "jedhil"};

const char *stake_scheme_key(StakeScheme s)
{
    return (int)s >= 0 && s < STAKES_COUNT ? stake_keys[s] : "?";
}

StakeScheme stake_scheme_find(const char *key)
{
    for (int i = 0; key && i < STAKES_COUNT; i++) {
        if (strcmp(stake_keys[i], key) == 0)
            return (StakeScheme)i;
    }
    return STAKES_COUNT;
}

CekiStatus record_write(const Game *g, FILE *f)
{
    if (!g || !f)
        return CEKI_ERR_ARG;
    const GameConfig *cfg = game_config(g);
    int nmoves = 0;
    const Move *moves = game_history(g, &nmoves);
    fprintf(f, "ceki-record %d\n", RECORD_VERSION);
    fprintf(f, "variant %s\n", game_variant(g)->key);
    fprintf(f, "players %d\n", cfg->players);
    fprintf(f, "seed %" PRIu64 "\n", cfg->seed);
    fprintf(f, "options");
    int nopt = 0;
    const VariantOption *opts = variant_options(&nopt);
    for (int i = 0; i < nopt; i++) {
        if (cfg->options & opts[i].bit)
            fprintf(f, " %s", opts[i].name);
    }
    fprintf(f, "\nrounds %d\n", cfg->rounds);
    fprintf(f, "stakes %s\n", stake_scheme_key(cfg->stakes));
    fprintf(f, "moves\n");
    for (int i = 0; i < nmoves; i++) {
        char buf[MOVE_TEXT_MAX];
        fprintf(f, "%d %s\n", moves[i].seat, move_format(&moves[i], buf));
    }
    fprintf(f, "end\n");
    return ferror(f) ? CEKI_ERR_IO : CEKI_OK;
}

static CekiStatus fail(char *err, size_t errlen, CekiStatus st, int line, const char *fmt, ...)
{
    if (err && errlen > 0) {
        int w = line > 0 ? snprintf(err, errlen, "line %d: ", line) : 0;
        if (w < 0)
            w = 0;
        if ((size_t)w < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + w, errlen - (size_t)w, fmt, ap);
            va_end(ap);
        }
    }
    return st;
}

/* Splits the next line off [*pos, len) into buf without its newline and
 * surrounding blanks. Returns false at the end. */
static bool next_line(const char *text, size_t len, size_t *pos, char *buf, size_t cap,
                      bool *too_long)
{
    if (*pos >= len)
        return false;
    size_t start = *pos, end = start;
    while (end < len && text[end] != '\n')
        end++;
    *pos = end < len ? end + 1 : end;
    while (start < end && (text[start] == ' ' || text[start] == '\t'))
        start++;
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r'))
        end--;
    *too_long = end - start >= cap;
    size_t n = *too_long ? cap - 1 : end - start;
    memcpy(buf, text + start, n);
    buf[n] = '\0';
    return true;
}

static bool parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end = NULL;
    if (!*s)
        return false;
    long long v = strtoll(s, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!*s || *s == '-')
        return false;
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end)
        return false;
    *out = (uint64_t)v;
    return true;
}

CekiStatus record_read_text(const char *text, size_t len, Game **out, char *err, size_t errlen)
{
    if (!out)
        return CEKI_ERR_ARG;
    *out = NULL;
    if (!text)
        return fail(err, errlen, CEKI_ERR_ARG, 0, "no record");
    if (err && errlen)
        err[0] = '\0';
    if (memchr(text, '\0', len) != NULL)
        return fail(err, errlen, CEKI_ERR_PARSE, 0, "the record holds a NUL byte; it is not text");
    GameConfig cfg = {.variant = VARIANT_COUNT, .players = 0};
    bool have_version = false, have_seed = false, in_moves = false, ended = false;
    int version = 0;
    Game *g = NULL;
    size_t pos = 0;
    int line = 0;
    char buf[256];
    bool too_long = false;
    CekiStatus st = CEKI_OK;
    while (next_line(text, len, &pos, buf, sizeof buf, &too_long)) {
        line++;
        if (too_long) {
            st = fail(err, errlen, CEKI_ERR_PARSE, line, "line too long");
            goto out;
        }
        if (buf[0] == '\0' || buf[0] == '#')
            continue;
        if (ended) {
            st = fail(err, errlen, CEKI_ERR_PARSE, line, "text after 'end'");
            goto out;
        }
        char *sp = strchr(buf, ' ');
        char *arg = sp ? sp + 1 : buf + strlen(buf);
        if (sp)
            *sp = '\0';
        while (*arg == ' ')
            arg++;
        if (!have_version) {
            long long ver = 0;
            if (strcmp(buf, "ceki-record") != 0 || !parse_int(arg, 0, 1000000, &ver)) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "not a Ceki game record");
                goto out;
            }
            if (ver < RECORD_VERSION_OLDEST || ver > RECORD_VERSION) {
                st = fail(err, errlen, CEKI_ERR_UNSUPPORTED, line,
                          "record version %lld; this program reads versions %d to %d", ver,
                          RECORD_VERSION_OLDEST, RECORD_VERSION);
                goto out;
            }
            version = (int)ver;
            have_version = true;
            continue;
        }
        if (in_moves) {
            if (strcmp(buf, "end") == 0 && !*arg) {
                ended = true;
                continue;
            }
            long long seat = 0;
            Move m;
            if (!parse_int(buf, 0, CEKI_MAX_SEATS - 1, &seat) ||
                move_parse(arg, (int)seat, &m) != CEKI_OK) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "'%s %s' is not a move", buf, arg);
                goto out;
            }
            if (game_apply(g, &m) != CEKI_OK) {
                st = fail(err, errlen, CEKI_ERR_ILLEGAL, line,
                          "move '%s' by seat %lld is not legal here: %s", arg, seat,
                          game_explain_illegal(g, &m));
                goto out;
            }
            continue;
        }
        if (strcmp(buf, "variant") == 0) {
            const VariantDesc *v = variant_find(arg);
            if (!v) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "unknown variant '%s'", arg);
                goto out;
            }
            if (version < 2 && v->start == START_PEI) {
                st = fail(err, errlen, CEKI_ERR_UNSUPPORTED, line,
                          "a version %d record of %s was made before the seating draw gave all "
                          "three roles; it cannot be replayed",
                          version, v->key);
                goto out;
            }
            cfg.variant = v->id;
        } else if (strcmp(buf, "players") == 0) {
            long long p = 0;
            if (!parse_int(arg, 1, CEKI_MAX_SEATS, &p)) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "bad player count '%s'", arg);
                goto out;
            }
            cfg.players = (int)p;
        } else if (strcmp(buf, "seed") == 0) {
            if (!parse_u64(arg, &cfg.seed)) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "bad seed '%s'", arg);
                goto out;
            }
            have_seed = true;
        } else if (strcmp(buf, "options") == 0) {
            cfg.options = 0;
            char *tok = arg;
            while (*tok) {
                char *e = strchr(tok, ' ');
                if (e)
                    *e = '\0';
                uint32_t bit = variant_option_bit(tok);
                if (!bit) {
                    st = fail(err, errlen, CEKI_ERR_PARSE, line, "unknown option '%s'", tok);
                    goto out;
                }
                cfg.options |= bit;
                tok = e ? e + 1 : tok + strlen(tok);
                while (*tok == ' ')
                    tok++;
            }
        } else if (strcmp(buf, "rounds") == 0) {
            long long r = 0;
            if (!parse_int(arg, 0, 1000, &r)) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "bad round count '%s'", arg);
                goto out;
            }
            cfg.rounds = (int)r;
        } else if (strcmp(buf, "stakes") == 0) {
            cfg.stakes = stake_scheme_find(arg);
            if (cfg.stakes == STAKES_COUNT) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line, "unknown stake scheme '%s'", arg);
                goto out;
            }
        } else if (strcmp(buf, "moves") == 0 && !*arg) {
            if (cfg.variant == VARIANT_COUNT || !have_seed || cfg.players == 0) {
                st = fail(err, errlen, CEKI_ERR_PARSE, line,
                          "the record must give variant, players and seed before its moves");
                goto out;
            }
            CekiStatus cst = CEKI_OK;
            g = game_create(&cfg, &cst);
            if (!g) {
                st = fail(err, errlen, cst, line, "these settings do not make a game: %s",
                          ceki_status_text(cst));
                goto out;
            }
            in_moves = true;
        } else {
            st = fail(err, errlen, CEKI_ERR_PARSE, line, "unknown line '%s'", buf);
            goto out;
        }
    }
    if (!have_version)
        st = fail(err, errlen, CEKI_ERR_PARSE, 0, "empty record");
    else if (!ended)
        st = fail(err, errlen, CEKI_ERR_PARSE, line, "the record is cut short (no 'end' line)");
out:
    if (st != CEKI_OK) {
        game_destroy(g);
        return st;
    }
    *out = g;
    return CEKI_OK;
}

CekiStatus record_read(FILE *f, Game **out, char *err, size_t errlen)
{
    if (!f || !out)
        return CEKI_ERR_ARG;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    if (!text)
        return CEKI_ERR_NOMEM;
    for (;;) {
        if (len == cap) {
            if (cap >= (16u << 20)) {
                free(text);
                return fail(err, errlen, CEKI_ERR_PARSE, 0, "record too large");
            }
            char *t = realloc(text, cap * 2);
            if (!t) {
                free(text);
                return CEKI_ERR_NOMEM;
            }
            text = t;
            cap *= 2;
        }
        size_t r = fread(text + len, 1, cap - len, f);
        len += r;
        if (r == 0)
            break;
    }
    CekiStatus st = ferror(f) ? fail(err, errlen, CEKI_ERR_IO, 0, "could not read the record")
                              : record_read_text(text, len, out, err, errlen);
    free(text);
    return st;
}
