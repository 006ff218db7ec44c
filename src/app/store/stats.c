/* stats.c — the player's statistics and their file (stats.h). No SDL. */
#define _POSIX_C_SOURCE 200809L
#include "stats.h"

#include "i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_load.h"
#include "settings.h"

void stats_clear(Stats *s)
{
    memset(s, 0, sizeof *s);
}

static bool same_counts(const VariantStats *x, const VariantStats *y);

bool stats_equal(const Stats *a, const Stats *b)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        if (!same_counts(&a->v[i], &b->v[i])) {
            return false;
        }
        for (int l = 0; l < STATS_LEVELS; l++) {
            if (!same_counts(&a->lv[i][l], &b->lv[i][l])) {
                return false;
            }
        }
    }
    return true;
}

static bool same_counts(const VariantStats *x, const VariantStats *y)
{
    if (x->rounds != y->rounds || x->rounds_won != y->rounds_won || x->matches != y->matches ||
        x->matches_won != y->matches_won || x->best_round != y->best_round ||
        x->streak != y->streak || x->longest != y->longest || x->units != y->units ||
        x->staked != y->staked || x->scored != y->scored || x->points != y->points ||
        x->recent_n != y->recent_n) {
        return false;
    }
    for (int k = 0; k < x->recent_n; k++) {
        if (x->recent_score[k] != y->recent_score[k] || x->recent_won[k] != y->recent_won[k]) {
            return false;
        }
    }
    return true;
}

static const char *const level_keys[STATS_LEVELS] = {"random", "greedy", "strong"};

const char *stats_level_key(int level)
{
    return level >= 0 && level < STATS_LEVELS ? level_keys[level] : "";
}

static int level_find(const char *key)
{
    for (int l = 0; l < STATS_LEVELS; l++) {
        if (strcmp(key, level_keys[l]) == 0) {
            return l;
        }
    }
    return -1;
}

const VariantStats *stats_of(const Stats *s, VariantId v, int level)
{
    if ((unsigned)v >= VARIANT_COUNT) {
        v = 0;
    }
    return level >= 0 && level < STATS_LEVELS ? &s->lv[v][level] : &s->v[v];
}

static bool variant_played(const VariantStats *v)
{
    return v->rounds > 0 || v->matches > 0;
}

bool stats_any(const Stats *s)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        if (variant_played(&s->v[i])) {
            return true;
        }
    }
    return false;
}

static int64_t llabs_i64(int64_t x)
{
    return x < 0 ? -x : x;
}

/* ---- the text form ------------------------------------------------------- */

enum {
    F_ROUNDS,
    F_WON,
    F_MATCHES,
    F_MATCHES_WON,
    F_BEST,
    F_STREAK,
    F_LONGEST,
    F_UNITS,
    F_STAKED,
    F_COUNT
};
static const char *const field_names[F_COUNT] = {
    "rounds", "won", "matches", "matches_won", "best", "streak", "longest", "units", "staked"};

/* A whole decimal number (optional '-') within [lo, hi]. */
static bool parse_number(const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    const char *p = text;
    bool neg = *p == '-';
    if (neg) {
        p++;
    }
    if (*p < '0' || *p > '9') {
        return false;
    }
    int64_t v = 0;
    for (; *p != '\0'; p++) {
        if (*p < '0' || *p > '9' || v > (INT64_MAX - 9) / 10) {
            return false;
        }
        v = v * 10 + (*p - '0');
    }
    v = neg ? -v : v;
    if (v < lo || v > hi) {
        return false;
    }
    *out = v;
    return true;
}

/* The numbers of one variant line must agree with each other. */
static const char *contradiction(const VariantStats *v)
{
    if (v->rounds_won > v->rounds) {
        return _("more rounds won than played");
    }
    if (v->matches_won > v->matches) {
        return _("more matches won than played");
    }
    if (v->longest > v->matches_won || v->streak > v->longest) {
        return _("a winning run longer than the matches won");
    }
    if (v->matches > v->rounds) {
        return _("more matches than rounds");
    }
    if (v->staked > v->matches) {
        return _("more staked matches than matches");
    }
    if (v->rounds == 0 && v->best_round != 0) {
        return _("a best round without rounds");
    }
    if (v->staked == 0 && v->units != 0) {
        return _("stakes without staked matches");
    }
    if (v->scored > v->rounds || v->points > (int64_t)v->scored * STATS_MAX_SCORE ||
        v->points < -(int64_t)v->scored * STATS_MAX_SCORE) {
        return _("points for rounds that were not played");
    }
    int won = 0;
    for (int k = 0; k < v->recent_n; k++) {
        won += v->recent_won[k];
        int best =
            v->best_round > -STATS_RECENT_MAX_SCORE ? v->best_round : -STATS_RECENT_MAX_SCORE;
        if (v->recent_score[k] > best) {
            return _("a recent round better than the best");
        }
    }
    if (v->recent_n > v->rounds || won > v->rounds_won) {
        return _("more recent rounds than rounds");
    }
    return NULL;
}

/* Cuts the next word off *rest ("" when none). */
static char *next_word(char **rest)
{
    char *w = *rest;
    while (*w == ' ' || *w == '\t') {
        w++;
    }
    char *e = w;
    while (*e != '\0' && *e != ' ' && *e != '\t') {
        e++;
    }
    if (*e != '\0') {
        *e++ = '\0';
    }
    *rest = e;
    return w;
}

/* One variant line (its key already cut off into `key`). */
static bool parse_variant_line(char *rest, int number, VariantStats *out, char *why,
                               size_t why_size)
{
    bool seen[F_COUNT] = {false};
    int64_t val[F_COUNT] = {0};
    bool seen_scored = false, seen_points = false;
    int64_t extra_scored = 0, extra_points = 0;
    char *save = NULL;
    for (char *tok = strtok_r(rest, " \t", &save); tok != NULL;
         tok = strtok_r(NULL, " \t", &save)) {
        char *eq = strchr(tok, '=');
        if (eq == NULL || eq == tok) {
            say_into(why, why_size, _("line %d: '%.30s' is not name=number"), number, tok);
            return false;
        }
        *eq = '\0';
        int f = 0;
        while (f < F_COUNT && strcmp(tok, field_names[f]) != 0) {
            f++;
        }
        if (f == F_COUNT) {
            bool is_scored = strcmp(tok, "scored") == 0, is_points = strcmp(tok, "points") == 0;
            if (!is_scored && !is_points) {
                continue; /* a field of a later version */
            }
            int64_t *into = is_scored ? &extra_scored : &extra_points;
            bool *had = is_scored ? &seen_scored : &seen_points;
            int64_t lo = is_scored ? 0 : -(int64_t)STATS_MAX_COUNT * STATS_MAX_SCORE;
            int64_t hi = is_scored ? STATS_MAX_COUNT : (int64_t)STATS_MAX_COUNT * STATS_MAX_SCORE;
            if (*had || !parse_number(eq + 1, lo, hi, into)) {
                say_into(why, why_size, _("line %d: %s is given twice or is not a sensible number"),
                         number, tok);
                return false;
            }
            *had = true;
            continue;
        }
        if (seen[f]) {
            say_into(why, why_size, _("line %d gives %s twice"), number, field_names[f]);
            return false;
        }
        bool signed_field = f == F_BEST || f == F_UNITS;
        int64_t lo = signed_field ? -STATS_MAX_SCORE : 0;
        int64_t hi = signed_field ? STATS_MAX_SCORE : STATS_MAX_COUNT;
        if (!parse_number(eq + 1, lo, hi, &val[f])) {
            say_into(why, why_size, _("line %d: %s is not a sensible number ('%.20s')"), number,
                     field_names[f], eq + 1);
            return false;
        }
        seen[f] = true;
    }
    for (int f = 0; f < F_COUNT; f++) {
        if (!seen[f]) {
            say_into(why, why_size, _("line %d has no %s"), number, field_names[f]);
            return false;
        }
    }
    VariantStats v = {
        .rounds = (int)val[F_ROUNDS],
        .rounds_won = (int)val[F_WON],
        .matches = (int)val[F_MATCHES],
        .matches_won = (int)val[F_MATCHES_WON],
        .best_round = (int)val[F_BEST],
        .streak = (int)val[F_STREAK],
        .longest = (int)val[F_LONGEST],
        .units = val[F_UNITS],
        .staked = (int)val[F_STAKED],
        .scored = (int)extra_scored,
        .points = extra_points,
    };
    const char *bad = contradiction(&v);
    if (bad != NULL) {
        say_into(why, why_size, _("line %d counts %s"), number, bad);
        return false;
    }
    *out = v;
    return true;
}

/* A `recent` line's results (its key already cut off), into v. */
static bool parse_recent_line(char *rest, int number, VariantStats *v, char *why, size_t why_size)
{
    char *save = NULL;
    v->recent_n = 0;
    for (char *tok = strtok_r(rest, " \t", &save); tok != NULL;
         tok = strtok_r(NULL, " \t", &save)) {
        int64_t score = 0;
        if ((tok[0] != 'W' && tok[0] != 'L') || v->recent_n >= STATS_RECENT ||
            !parse_number(tok + 1, -STATS_RECENT_MAX_SCORE, STATS_RECENT_MAX_SCORE, &score)) {
            say_into(why, why_size, _("line %d: '%.20s' is not a recent result"), number, tok);
            return false;
        }
        v->recent_won[v->recent_n] = tok[0] == 'W';
        v->recent_score[v->recent_n++] = (int)score;
    }
    return true;
}

/* The longest line a statistics file may hold, its '\0' included. */
enum { STATS_LINE_SIZE = 256 };
/* The largest format version the first line may name. */
#define STATS_VERSION_LIMIT 1000000
/* The first line's word. */
static const char stats_magic[] = "ceki-stats";

/* What stats_parse has read so far. */
typedef struct StatsReader {
    Stats got;        /* the counts read */
    Stats recent_all; /* the recent rounds read, per game and level */
    bool have[VARIANT_COUNT];
    bool have_recent[VARIANT_COUNT];
    bool have_level[VARIANT_COUNT][STATS_LEVELS];
    bool have_recent_level[VARIANT_COUNT][STATS_LEVELS];
    enum { WANT_VERSION, IN_BODY, AFTER_END } where;
    int number; /* the line's number */
    char *why;
    size_t why_size;
} StatsReader;

/* Cuts s at its first blank and returns what follows it ("" when none). */
static char *cut_word(char *s)
{
    while (*s != '\0' && *s != ' ' && *s != '\t') {
        s++;
    }
    if (*s != '\0') {
        *s++ = '\0';
    }
    return s;
}

/* The first line: the file's kind and the format version it was written in. */
static bool read_version(StatsReader *r, char *t)
{
    const size_t n = sizeof stats_magic - 1;
    int64_t v = 0;
    if (strncmp(t, stats_magic, n) != 0 || (t[n] != ' ' && t[n] != '\t')) {
        say_into(r->why, r->why_size, _("it is not a Ceki statistics file"));
        return false;
    }
    if (!parse_number(trim_line(t + n + 1), 0, STATS_VERSION_LIMIT, &v)) {
        say_into(r->why, r->why_size, _("its first line has no format version"));
        return false;
    }
    if (v != STATS_VERSION) {
        say_into(r->why, r->why_size,
                 _("it was written by another version of Ceki (format %lld; this one "
                   "reads format %d)"),
                 (long long)v, STATS_VERSION);
        return false;
    }
    return true;
}

/* A `level` or `recent-level` line: a game's counts or recent rounds
 * against one computer level. */
static bool read_level_line(StatsReader *r, const char *word, char *rest)
{
    bool is_recent = word[0] == 'r';
    char *key = next_word(&rest), *lkey = next_word(&rest);
    const VariantDesc *lvd = variant_find(key);
    int l = level_find(lkey);
    if (lvd == NULL || l < 0) {
        return true; /* a game or level of a later version */
    }
    bool *had = is_recent ? &r->have_recent_level[lvd->id][l] : &r->have_level[lvd->id][l];
    if (*had) {
        say_into(r->why, r->why_size, _("line %d counts %.40s a second time"), r->number, lvd->key);
        return false;
    }
    *had = true;
    if (is_recent) {
        return parse_recent_line(rest, r->number, &r->recent_all.lv[lvd->id][l], r->why,
                                 r->why_size);
    }
    return parse_variant_line(rest, r->number, &r->got.lv[lvd->id][l], r->why, r->why_size);
}

/* A `recent` line: a game's recent rounds. */
static bool read_recent_line(StatsReader *r, const char *word, char *rest)
{
    (void)word;
    char *key = rest;
    rest = cut_word(rest);
    const VariantDesc *rv = variant_find(key);
    if (rv == NULL) {
        return true; /* a game of a later version */
    }
    if (r->have_recent[rv->id]) {
        say_into(r->why, r->why_size, _("line %d lists %.40s's recent rounds again"), r->number,
                 rv->key);
        return false;
    }
    r->have_recent[rv->id] = true;
    return parse_recent_line(rest, r->number, &r->recent_all.v[rv->id], r->why, r->why_size);
}

/* A line named by a game's key: that game's counts. */
static bool read_counts_line(StatsReader *r, const char *word, char *rest)
{
    const VariantDesc *vd = variant_find(word);
    if (vd == NULL) {
        return true; /* a game of a later version */
    }
    if (r->have[vd->id]) {
        say_into(r->why, r->why_size, _("line %d counts %.40s a second time"), r->number, vd->key);
        return false;
    }
    r->have[vd->id] = true;
    return parse_variant_line(rest, r->number, &r->got.v[vd->id], r->why, r->why_size);
}

/* The body's lines by their first word; any other word names a game. */
static const struct {
    const char *word;
    bool (*read)(StatsReader *r, const char *word, char *rest);
} body_lines[] = {
    {"level", read_level_line},
    {"recent-level", read_level_line},
    {"recent", read_recent_line},
};

/* One line of the body, by its first word. */
static bool read_body_line(StatsReader *r, char *t)
{
    char *rest = cut_word(t);
    for (size_t k = 0; k < sizeof body_lines / sizeof body_lines[0]; k++) {
        if (strcmp(t, body_lines[k].word) == 0) {
            return body_lines[k].read(r, t, rest);
        }
    }
    return read_counts_line(r, t, rest);
}

/* One trimmed line that is not blank or a comment; cut: the text ended
 * without its '\n'. */
static bool read_line(StatsReader *r, char *t, bool cut)
{
    for (const unsigned char *p = (const unsigned char *)t; *p != '\0'; p++) {
        if (*p < ' ' && *p != '\t') {
            say_into(r->why, r->why_size, _("line %d holds control characters"), r->number);
            return false;
        }
    }
    switch (r->where) {
    case AFTER_END:
        say_into(r->why, r->why_size, _("line %d comes after the end"), r->number);
        return false;
    case WANT_VERSION: r->where = IN_BODY; return read_version(r, t);
    case IN_BODY: break;
    }
    if (strcmp(t, "end") == 0) {
        r->where = AFTER_END;
        if (cut) {
            /* Every line ends with '\n': without it the file was cut. */
            say_into(r->why, r->why_size, _("it is cut short (its last line is not whole)"));
            return false;
        }
        return true;
    }
    return read_body_line(r, t);
}

/* Every line of the text, up to and including its end line. */
static bool read_lines(StatsReader *r, const char *text, size_t len)
{
    size_t pos = 0;
    while (pos < len) {
        r->number++;
        size_t end = pos;
        while (end < len && text[end] != '\n') {
            end++;
        }
        char line[STATS_LINE_SIZE];
        if (end - pos >= sizeof line) {
            say_into(r->why, r->why_size, _("line %d is too long"), r->number);
            return false;
        }
        memcpy(line, text + pos, end - pos);
        line[end - pos] = '\0';
        pos = end + 1;
        char *t = trim_line(line);
        if (*t != '\0' && *t != '#' && !read_line(r, t, end >= len)) {
            return false;
        }
    }
    if (r->where != AFTER_END) {
        say_into(r->why, r->why_size,
                 r->where == WANT_VERSION ? _("it is empty") : _("it is cut short (no end line)"));
        return false;
    }
    return true;
}

/* Copies the recent rounds of from into to. */
static void take_recent(VariantStats *to, const VariantStats *from)
{
    to->recent_n = from->recent_n;
    memcpy(to->recent_score, from->recent_score, sizeof to->recent_score);
    memcpy(to->recent_won, from->recent_won, sizeof to->recent_won);
}

/* The recent rounds join their game's counts, which must allow them. */
static bool join_recent(StatsReader *r)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        if (!r->have_recent[i]) {
            continue;
        }
        VariantStats *v = &r->got.v[i];
        take_recent(v, &r->recent_all.v[i]);
        const char *bad = contradiction(v);
        if (!r->have[i] || bad != NULL) {
            say_into(r->why, r->why_size,
                     _("the recent rounds of %.40s do not fit its counts (%s)"),
                     variant_get((VariantId)i)->key, r->have[i] ? bad : "it was never played");
            return false;
        }
    }
    return true;
}

/* Whether a level's counts exceed those of its whole game. */
static bool level_exceeds(const VariantStats *lv, const VariantStats *all)
{
    return lv->rounds > all->rounds || lv->rounds_won > all->rounds_won ||
           lv->matches > all->matches || lv->matches_won > all->matches_won ||
           lv->staked > all->staked || lv->scored > all->scored;
}

/* Each level's counts, with its recent rounds, fit within its game's. */
static bool join_levels(StatsReader *r)
{
    for (int i = 0; i < VARIANT_COUNT; i++) {
        for (int l = 0; l < STATS_LEVELS; l++) {
            VariantStats *lv = &r->got.lv[i][l];
            if (r->have_recent_level[i][l]) {
                take_recent(lv, &r->recent_all.lv[i][l]);
            }
            if (!r->have_level[i][l] && !r->have_recent_level[i][l]) {
                continue;
            }
            const char *bad = contradiction(lv);
            if (bad == NULL && (!r->have[i] || level_exceeds(lv, &r->got.v[i]))) {
                bad = _("more than the game itself");
            }
            if (bad != NULL) {
                say_into(r->why, r->why_size, _("the counts of %.40s against %s do not fit (%s)"),
                         variant_get((VariantId)i)->key, level_keys[l], bad);
                return false;
            }
        }
    }
    return true;
}

bool stats_parse(const char *text, size_t len, Stats *out, char *why, size_t why_size)
{
    if (why != NULL && why_size > 0) {
        why[0] = '\0';
    }
    if (text == NULL) {
        say_into(why, why_size, _("there is no text"));
        return false;
    }
    if (memchr(text, '\0', len) != NULL) {
        say_into(why, why_size, _("it holds binary data"));
        return false;
    }
    StatsReader *r = calloc(1, sizeof *r);
    if (r == NULL) {
        say_into(why, why_size, "out of memory");
        return false;
    }
    r->where = WANT_VERSION;
    r->why = why;
    r->why_size = why_size;
    bool ok = read_lines(r, text, len) && join_recent(r) && join_levels(r);
    if (ok) {
        *out = r->got;
    }
    free(r);
    return ok;
}

size_t stats_format(const Stats *s, char *buf, size_t size)
{
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        int k = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0, __VA_ARGS__);         \
        if (k > 0) {                                                                               \
            n += (size_t)k;                                                                        \
        }                                                                                          \
    } while (0)
    if (size > 0) {
        buf[0] = '\0';
    }
    PUT("# Ceki statistics; rewritten by the program after every round.\n");
    PUT("ceki-stats %d\n", STATS_VERSION);
    for (int i = 0; i < VARIANT_COUNT; i++) {
        const VariantStats *v = &s->v[i];
        if (!variant_played(v)) {
            continue;
        }
        PUT("%s rounds=%d won=%d matches=%d matches_won=%d best=%d streak=%d longest=%d "
            "units=%" PRId64 " staked=%d scored=%d points=%" PRId64 "\n",
            variant_get((VariantId)i)->key, v->rounds, v->rounds_won, v->matches, v->matches_won,
            v->best_round, v->streak, v->longest, v->units, v->staked, v->scored, v->points);
        if (v->recent_n > 0) {
            PUT("recent %s", variant_get((VariantId)i)->key);
            for (int j = 0; j < v->recent_n; j++) {
                PUT(" %c%d", v->recent_won[j] ? 'W' : 'L', v->recent_score[j]);
            }
            PUT("\n");
        }
        for (int l = 0; l < STATS_LEVELS; l++) {
            const VariantStats *lv = &s->lv[i][l];
            if (!variant_played(lv)) {
                continue;
            }
            PUT("level %s %s rounds=%d won=%d matches=%d matches_won=%d best=%d streak=%d "
                "longest=%d units=%" PRId64 " staked=%d scored=%d points=%" PRId64 "\n",
                variant_get((VariantId)i)->key, level_keys[l], lv->rounds, lv->rounds_won,
                lv->matches, lv->matches_won, lv->best_round, lv->streak, lv->longest, lv->units,
                lv->staked, lv->scored, lv->points);
            if (lv->recent_n > 0) {
                PUT("recent-level %s %s", variant_get((VariantId)i)->key, level_keys[l]);
                for (int j = 0; j < lv->recent_n; j++) {
                    PUT(" %c%d", lv->recent_won[j] ? 'W' : 'L', lv->recent_score[j]);
                }
                PUT("\n");
            }
        }
    }
    PUT("end\n");
#undef PUT
    return n;
}

/* ---- the file -------------------------------------------------------------- */

StatsLoad stats_load(const char *path, Stats *out, char *why, size_t why_size)
{
    char *text = NULL;
    size_t n = 0;
    TextRead r = settings_read_text(path, STATS_MAX_FILE, &text, &n, why, why_size);
    if (r == TEXT_READ_MISSING) {
        stats_clear(out);
        return STATS_MISSING;
    }
    if (r == TEXT_READ_UNREADABLE) {
        return STATS_UNREADABLE;
    }
    StatsLoad result = STATS_LOADED;
    if (r == TEXT_READ_FAILED || !stats_parse(text, n, out, why, why_size)) {
        result = STATS_DAMAGED; /* out is left as it was */
    }
    free(text);
    return result;
}

bool stats_save(const char *path, const Stats *s, char *err, size_t err_size)
{
    size_t need = stats_format(s, NULL, 0);
    char *text = malloc(need + 1);
    if (text == NULL) {
        say_into(err, err_size, "out of memory");
        return false;
    }
    stats_format(s, text, need + 1);
    bool ok = settings_write_atomic(path, text, need, err, err_size);
    free(text);
    return ok;
}

StatsLoad stats_open(const char *path, Stats *out, char *notice, size_t notice_size)
{
    if (notice != NULL && notice_size > 0) {
        notice[0] = '\0';
    }
    char why[200];
    StatsLoad result = stats_load(path, out, why, sizeof why);
    if (result == STATS_UNREADABLE) {
        say_into(notice, notice_size,
                 _("Your statistics file could not be read (%s); it was left as it is."), why);
        return result;
    }
    if (result != STATS_DAMAGED) {
        return result;
    }
    stats_clear(out);
    char aside[1200];
    bool kept = file_keep_aside(path, aside, sizeof aside);
    if (kept) {
        const char *base = strrchr(aside, '/');
        say_into(
            notice, notice_size,
            _("Your statistics could not be read (%s). They start again from zero; the old file "
              "was kept as %.60s."),
            why, base != NULL ? base + 1 : aside);
    } else {
        say_into(notice, notice_size,
                 _("Your statistics could not be read (%s). They start again from zero."), why);
    }
    return result;
}

/* ---- counting ---------------------------------------------------------------- */

static int add_count(int a, int b)
{
    int64_t v = (int64_t)a + b;
    return v > STATS_MAX_COUNT ? STATS_MAX_COUNT : (int)v;
}

static void add_round_to(VariantStats *v, int score, bool won)
{
    if (score > STATS_MAX_SCORE) {
        score = STATS_MAX_SCORE;
    } else if (score < -STATS_MAX_SCORE) {
        score = -STATS_MAX_SCORE;
    }
    if (v->rounds == 0 || score > v->best_round) {
        v->best_round = score;
    }
    if (v->rounds < STATS_MAX_COUNT) {
        v->rounds++;
        v->rounds_won = add_count(v->rounds_won, won ? 1 : 0);
        if (v->scored < STATS_MAX_COUNT &&
            llabs_i64(v->points + score) <= (int64_t)(v->scored + 1) * STATS_MAX_SCORE) {
            v->scored++;
            v->points += score;
        }
        if (v->recent_n == STATS_RECENT) {
            memmove(v->recent_score, v->recent_score + 1,
                    sizeof v->recent_score[0] * (STATS_RECENT - 1));
            memmove(v->recent_won, v->recent_won + 1, sizeof v->recent_won[0] * (STATS_RECENT - 1));
            v->recent_n--;
        }
        int shown = score > STATS_RECENT_MAX_SCORE    ? STATS_RECENT_MAX_SCORE
                    : score < -STATS_RECENT_MAX_SCORE ? -STATS_RECENT_MAX_SCORE
                                                      : score;
        v->recent_score[v->recent_n] = shown;
        v->recent_won[v->recent_n++] = won;
    }
}

void stats_add_round(Stats *s, VariantId id, int level, int score, bool won)
{
    if ((unsigned)id >= VARIANT_COUNT) {
        return;
    }
    add_round_to(&s->v[id], score, won);
    if (level >= 0 && level < STATS_LEVELS) {
        add_round_to(&s->lv[id][level], score, won);
    }
}

static void add_match_to(VariantStats *v, bool won, bool staked, int units)
{
    if (v->matches >= STATS_MAX_COUNT || v->matches >= v->rounds) {
        return; /* a match has at least one round; the counts stay consistent */
    }
    v->matches++;
    if (won) {
        v->matches_won++;
        v->streak++;
        if (v->streak > v->longest) {
            v->longest = v->streak;
        }
    } else {
        v->streak = 0;
    }
    if (staked) {
        v->staked++;
        int64_t u = v->units + units;
        v->units = u > STATS_MAX_SCORE    ? STATS_MAX_SCORE
                   : u < -STATS_MAX_SCORE ? -STATS_MAX_SCORE
                                          : u;
    }
}

void stats_add_match(Stats *s, VariantId id, int level, bool won, bool staked, int units)
{
    if ((unsigned)id >= VARIANT_COUNT) {
        return;
    }
    add_match_to(&s->v[id], won, staked, units);
    if (level >= 0 && level < STATS_LEVELS) {
        add_match_to(&s->lv[id][level], won, staked, units);
    }
}

int stats_level_of(const Game *g, const bool human[CEKI_MAX_SEATS], const int level[CEKI_MAX_SEATS])
{
    int best = -1;
    for (int i = 0; g != NULL && human != NULL && level != NULL && i < game_players(g); i++) {
        if (!human[i] && level[i] >= 0 && level[i] < STATS_LEVELS && level[i] > best) {
            best = level[i];
        }
    }
    return best;
}

bool stats_counts_game(const Game *g, const bool human[CEKI_MAX_SEATS], int *you)
{
    if (g == NULL || human == NULL || variant_is_watch_only(game_variant(g))) {
        return false;
    }
    int n = 0, seat = -1;
    for (int i = 0; i < game_players(g); i++) {
        if (human[i]) {
            n++;
            seat = i;
        }
    }
    if (n != 1) {
        return false;
    }
    if (you != NULL) {
        *you = seat;
    }
    return true;
}

bool stats_outcome(const Game *g, int you, StatsOutcome *out)
{
    if (g == NULL || out == NULL || you < 0 || you >= game_players(g)) {
        return false;
    }
    bool over = game_match_over(g);
    if (!over && !game_round_over(g)) {
        return false;
    }
    Observation *o = malloc(sizeof *o);
    if (o == NULL || game_observe(g, you, o) != CEKI_OK) {
        free(o);
        return false;
    }
    *out = (StatsOutcome){
        .variant = game_variant(g)->id,
        .round = game_round_number(g),
        .round_score = o->round_score[you],
        .round_won = o->round_winner[you],
        .match_over = over,
        .match_won = o->match_winner[you],
        .staked = variant_has_stakes(game_variant(g)) && game_config(g)->stakes != STAKES_NONE,
        .units = o->units[you],
    };
    free(o);
    return true;
}

bool stats_record(Stats *s, const Game *g, int you, int level, bool round, bool match)
{
    StatsOutcome r;
    if (s == NULL || !stats_outcome(g, you, &r) || (match && !r.match_over)) {
        return false;
    }
    if (round) {
        stats_add_round(s, r.variant, level, r.round_score, r.round_won);
    }
    if (match) {
        stats_add_match(s, r.variant, level, r.match_won, r.staked, r.units);
    }
    return true;
}

/* ---- words ------------------------------------------------------------------ */

int stats_lines(const Stats *s, VariantId id, char lines[][STATS_LINE_MAX], int max)
{
    if (s == NULL || lines == NULL || max <= 0 || (unsigned)id >= VARIANT_COUNT) {
        return 0;
    }
    const VariantStats *v = &s->v[id];
    if (!variant_played(v)) {
        snprintf(lines[0], STATS_LINE_MAX, _("No games finished yet"));
        return 1;
    }
    const VariantDesc *vd = variant_get(id);
    bool hands = vd->engine == ENGINE_KOWAH;
    bool points = vd->match_kind != MATCHKIND_KINGS && vd->match_kind != MATCHKIND_HANDS_WON;
    int n = 0;
    snprintf(lines[n++], STATS_LINE_MAX, P_("%d match, %d won", "%d matches, %d won", v->matches),
             v->matches, v->matches_won);
    if (n < max) {
        char best[48] = "";
        if (points) {
            snprintf(best, sizeof best, _(" \xc2\xb7 best %d"), v->best_round);
        }
        snprintf(lines[n++], STATS_LINE_MAX,
                 hands ? P_("%d hand, %d won%s", "%d hands, %d won%s", v->rounds)
                       : P_("%d round, %d won%s", "%d rounds, %d won%s", v->rounds),
                 v->rounds, v->rounds_won, best);
    }
    if (n < max && v->matches_won > 0) {
        snprintf(lines[n++], STATS_LINE_MAX, _("%d won in a row \xc2\xb7 longest %d"), v->streak,
                 v->longest);
    }
    if (n < max && v->staked > 0) {
        long long units = (long long)v->units;
        snprintf(lines[n++], STATS_LINE_MAX,
                 P_("Stakes %+lld unit", "Stakes %+lld units", units < 0 ? -units : units), units);
    }
    return n;
}

void stats_summary(const Stats *s, VariantId id, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    char lines[4][STATS_LINE_MAX];
    int n = stats_lines(s, id, lines, 4);
    buf[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < n && used < size; i++) {
        int k = snprintf(buf + used, size - used, "%s%s", i > 0 ? " \xc2\xb7 " : "", lines[i]);
        if (k < 0) {
            break;
        }
        used += (size_t)k;
    }
    if (n == 0) {
        snprintf(buf, size, _("No games finished yet"));
    }
}
