#include "record.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"

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

/* The longest line a record may hold, its '\0' included. */
enum { RECORD_LINE_SIZE = 256 };
/* The largest version number the first line may give. */
#define RECORD_VERSION_LIMIT 1000000
/* The most rounds a record's match may have. */
enum { RECORD_MAX_ROUNDS = 1000 };
/* The first version whose seating draw gave all three roles (Pèi games). */
enum { RECORD_VERSION_FULL_DRAW = 2 };

/* What record_read_text has read so far. */
typedef struct RecordReader {
    GameConfig cfg;
    bool have_version, have_seed, in_moves, ended;
    int version;
    Game *g; /* made at the "moves" line */
    int line;
    char *err;
    size_t errlen;
} RecordReader;

/* The first line: "ceki-record VERSION", a version this program reads. */
static CekiStatus read_version(RecordReader *r, const char *key, const char *arg)
{
    long long ver = 0;
    if (strcmp(key, "ceki-record") != 0 || !parse_int(arg, 0, RECORD_VERSION_LIMIT, &ver))
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "not a Ceki game record");
    if (ver < RECORD_VERSION_OLDEST || ver > RECORD_VERSION)
        return fail(r->err, r->errlen, CEKI_ERR_UNSUPPORTED, r->line,
                    "record version %lld; this program reads versions %d to %d", ver,
                    RECORD_VERSION_OLDEST, RECORD_VERSION);
    r->version = (int)ver;
    r->have_version = true;
    return CEKI_OK;
}

/* A line after "moves": "SEAT MOVE", played on the game, or "end". */
static CekiStatus read_move(RecordReader *r, const char *key, const char *arg)
{
    if (strcmp(key, "end") == 0 && !*arg) {
        r->ended = true;
        return CEKI_OK;
    }
    long long seat = 0;
    Move m;
    if (!parse_int(key, 0, CEKI_MAX_SEATS - 1, &seat) || move_parse(arg, (int)seat, &m) != CEKI_OK)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "'%s %s' is not a move", key, arg);
    if (game_apply(r->g, &m) != CEKI_OK)
        return fail(r->err, r->errlen, CEKI_ERR_ILLEGAL, r->line,
                    "move '%s' by seat %lld is not legal here: %s", arg, seat,
                    game_explain_illegal(r->g, &m));
    return CEKI_OK;
}

/* "variant KEY": a known game, replayable in this record's version. */
static CekiStatus read_variant(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    const VariantDesc *v = variant_find(arg);
    if (!v)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "unknown variant '%s'", arg);
    if (r->version < RECORD_VERSION_FULL_DRAW && v->start == START_PEI)
        return fail(r->err, r->errlen, CEKI_ERR_UNSUPPORTED, r->line,
                    "a version %d record of %s was made before the seating draw gave all "
                    "three roles; it cannot be replayed",
                    r->version, v->key);
    r->cfg.variant = v->id;
    return CEKI_OK;
}

/* "players N". */
static CekiStatus read_players(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    long long p = 0;
    if (!parse_int(arg, 1, CEKI_MAX_SEATS, &p))
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "bad player count '%s'", arg);
    r->cfg.players = (int)p;
    return CEKI_OK;
}

/* "seed N". */
static CekiStatus read_seed(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    if (!number_parse_u64(arg, &r->cfg.seed))
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line,
                    "bad seed '%s': a seed is a whole number from 0 to " NUMBER_U64_MAX_TEXT, arg);
    r->have_seed = true;
    return CEKI_OK;
}

/* "options NAME...": the variant options in play, each known. */
static CekiStatus read_options(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    r->cfg.options = 0;
    char *tok = arg;
    while (*tok) {
        char *e = strchr(tok, ' ');
        if (e)
            *e = '\0';
        uint32_t bit = variant_option_bit(tok);
        if (!bit)
            return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "unknown option '%s'", tok);
        r->cfg.options |= bit;
        tok = e ? e + 1 : tok + strlen(tok);
        while (*tok == ' ')
            tok++;
    }
    return CEKI_OK;
}

/* "rounds N". */
static CekiStatus read_rounds(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    long long n = 0;
    if (!parse_int(arg, 0, RECORD_MAX_ROUNDS, &n))
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "bad round count '%s'", arg);
    r->cfg.rounds = (int)n;
    return CEKI_OK;
}

/* "stakes SCHEME". */
static CekiStatus read_stakes(RecordReader *r, const char *key, char *arg)
{
    (void)key;
    r->cfg.stakes = stake_scheme_find(arg);
    if (r->cfg.stakes == STAKES_COUNT)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "unknown stake scheme '%s'", arg);
    return CEKI_OK;
}

/* A line the record format does not have. */
static CekiStatus unknown_line(RecordReader *r, const char *key)
{
    return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "unknown line '%s'", key);
}

/* "moves": the settings so far make the game the moves are played on. */
static CekiStatus read_moves_start(RecordReader *r, const char *key, char *arg)
{
    if (*arg)
        return unknown_line(r, key);
    if (r->cfg.variant == VARIANT_COUNT || !r->have_seed || r->cfg.players == 0)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line,
                    "the record must give variant, players and seed before its moves");
    CekiStatus cst = CEKI_OK;
    r->g = game_create(&r->cfg, &cst);
    if (!r->g)
        return fail(r->err, r->errlen, cst, r->line, "these settings do not make a game: %s",
                    ceki_status_text(cst));
    r->in_moves = true;
    return CEKI_OK;
}

/* The lines before "moves", by their first word. */
static const struct {
    const char *key;
    CekiStatus (*read)(RecordReader *r, const char *key, char *arg);
} header_lines[] = {
    {"variant", read_variant},   {"players", read_players}, {"seed", read_seed},
    {"options", read_options},   {"rounds", read_rounds},   {"stakes", read_stakes},
    {"moves", read_moves_start},
};

/* One line that is not blank or a comment, split into its first word and
 * the rest. */
static CekiStatus read_line(RecordReader *r, char *buf)
{
    if (r->ended)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "text after 'end'");
    char *sp = strchr(buf, ' ');
    char *arg = sp ? sp + 1 : buf + strlen(buf);
    if (sp)
        *sp = '\0';
    while (*arg == ' ')
        arg++;
    if (!r->have_version)
        return read_version(r, buf, arg);
    if (r->in_moves)
        return read_move(r, buf, arg);
    for (size_t k = 0; k < sizeof header_lines / sizeof header_lines[0]; k++) {
        if (strcmp(buf, header_lines[k].key) == 0)
            return header_lines[k].read(r, buf, arg);
    }
    return unknown_line(r, buf);
}

/* Every line of the text, which must be a whole record. */
static CekiStatus read_lines(RecordReader *r, const char *text, size_t len)
{
    size_t pos = 0;
    char buf[RECORD_LINE_SIZE];
    bool too_long = false;
    while (next_line(text, len, &pos, buf, sizeof buf, &too_long)) {
        r->line++;
        if (too_long)
            return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line, "line too long");
        if (buf[0] == '\0' || buf[0] == '#')
            continue;
        CekiStatus st = read_line(r, buf);
        if (st != CEKI_OK)
            return st;
    }
    if (!r->have_version)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, 0, "empty record");
    if (!r->ended)
        return fail(r->err, r->errlen, CEKI_ERR_PARSE, r->line,
                    "the record is cut short (no 'end' line)");
    return CEKI_OK;
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
    RecordReader r = {
        .cfg = {.variant = VARIANT_COUNT, .players = 0}, .err = err, .errlen = errlen};
    CekiStatus st = read_lines(&r, text, len);
    if (st != CEKI_OK) {
        game_destroy(r.g);
        return st;
    }
    *out = r.g;
    return CEKI_OK;
}

/* The first buffer record_read reads into, and the size of record it refuses. */
enum { RECORD_READ_CHUNK = 4096 };
#define RECORD_MAX_BYTES (16u << 20)

CekiStatus record_read(FILE *f, Game **out, char *err, size_t errlen)
{
    if (!f || !out)
        return CEKI_ERR_ARG;
    size_t cap = RECORD_READ_CHUNK, len = 0;
    char *text = malloc(cap);
    if (!text)
        return CEKI_ERR_NOMEM;
    for (;;) {
        if (len == cap) {
            if (cap >= RECORD_MAX_BYTES) {
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
