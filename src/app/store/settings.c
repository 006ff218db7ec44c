#define _POSIX_C_SOURCE 200809L
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include "utf8.h"

static const char *const anim_keys[ANIM_COUNT] = {"instant", "fast", "normal", "slow"};
static const char *const anim_names[ANIM_COUNT] = {N_("Instant"), N_("Fast"), N_("Normal"),
                                                   N_("Slow")};
static const double anim_seconds[ANIM_COUNT] = {0.0, 0.15, 0.3, 0.6};

void settings_defaults(Settings *out)
{
    out->deck_style = SETTINGS_STYLE_VARIANT;
    out->anim_speed = ANIM_NORMAL;
    out->colour_cue = false;
    out->fullscreen = false;
    out->renderer = RENDERER_AUTO;
    out->language = LANGUAGE_SYSTEM;
    out->replays_kept = SETTINGS_REPLAYS_DEFAULT;
    out->coach = false;
    out->player_name[0] = '\0';
    out->nservers = 0;
    memset(out->servers, 0, sizeof out->servers);
    out->table_clock = TABLE_CLOCK_RELAXED;
}

static bool servers_equal(const Settings *a, const Settings *b)
{
    if (a->nservers != b->nservers) {
        return false;
    }
    for (int i = 0; i < a->nservers; i++) {
        if (strcmp(a->servers[i].address, b->servers[i].address) != 0 ||
            strcmp(a->servers[i].name, b->servers[i].name) != 0) {
            return false;
        }
    }
    return true;
}

bool settings_equal(const Settings *a, const Settings *b)
{
    return a->deck_style == b->deck_style && a->anim_speed == b->anim_speed &&
           a->colour_cue == b->colour_cue && a->fullscreen == b->fullscreen &&
           a->renderer == b->renderer && a->language == b->language &&
           a->replays_kept == b->replays_kept && a->coach == b->coach &&
           strcmp(a->player_name, b->player_name) == 0 && servers_equal(a, b) &&
           a->table_clock == b->table_clock;
}

static const char *const table_clock_keys[TABLE_CLOCK_COUNT] = {"none", "relaxed", "normal",
                                                                "quick"};

const char *table_clock_key(TableClock c)
{
    return (unsigned)c < TABLE_CLOCK_COUNT ? table_clock_keys[c] : "relaxed";
}

static bool parse_table_clock(const char *value, TableClock *out)
{
    for (int i = 0; i < TABLE_CLOCK_COUNT; i++) {
        if (strcmp(value, table_clock_keys[i]) == 0) {
            *out = (TableClock)i;
            return true;
        }
    }
    return false;
}

static const char *const renderer_keys[RENDERER_COUNT] = {"auto", "accelerated", "software"};

const char *renderer_key(RendererChoice r)
{
    return r >= 0 && r < RENDERER_COUNT ? renderer_keys[r] : "auto";
}

const char *renderer_name(RendererChoice r)
{
    static const char *const names[RENDERER_COUNT] = {N_("Automatic"), N_("Graphics card"),
                                                      N_("Software")};
    return _(r >= 0 && r < RENDERER_COUNT ? names[r] : names[0]);
}

static bool parse_renderer(const char *value, RendererChoice *out)
{
    for (int i = 0; i < RENDERER_COUNT; i++) {
        if (strcmp(value, renderer_keys[i]) == 0) {
            *out = (RendererChoice)i;
            return true;
        }
    }
    return false;
}

const char *anim_speed_key(AnimSpeed speed)
{
    return (unsigned)speed < ANIM_COUNT ? anim_keys[speed] : "normal";
}

const char *anim_speed_name(AnimSpeed speed)
{
    return _((unsigned)speed < ANIM_COUNT ? anim_names[speed] : anim_names[ANIM_NORMAL]);
}

double anim_speed_seconds(AnimSpeed speed)
{
    return (unsigned)speed < ANIM_COUNT ? anim_seconds[speed] : anim_seconds[ANIM_NORMAL];
}

DeckStyle settings_style_for(const Settings *s, const VariantDesc *v)
{
    if (v != NULL && variant_style(v, STYLE_COUNT) != STYLE_COUNT) {
        return variant_style(v, STYLE_COUNT); /* a pack of its own */
    }
    if (s->deck_style == SETTINGS_STYLE_VARIANT) {
        return v != NULL ? v->default_style : STYLE_CEKI;
    }
    return s->deck_style;
}

static bool parse_bool(const char *v, bool *out)
{
    if (strcmp(v, "on") == 0 || strcmp(v, "true") == 0 || strcmp(v, "1") == 0) {
        *out = true;
        return true;
    }
    if (strcmp(v, "off") == 0 || strcmp(v, "false") == 0 || strcmp(v, "0") == 0) {
        *out = false;
        return true;
    }
    return false;
}

static bool parse_style(const char *v, DeckStyle *out)
{
    if (strcmp(v, "variant") == 0) {
        *out = SETTINGS_STYLE_VARIANT;
        return true;
    }
    DeckStyle style = deck_style_find(v);
    const DeckStyleDesc *d = deck_style_get(style);
    if (d != NULL && d->ceki_choice) {
        *out = style;
        return true;
    }
    return false;
}

static bool parse_anim(const char *v, AnimSpeed *out)
{
    for (int i = 0; i < ANIM_COUNT; i++) {
        if (strcmp(v, anim_keys[i]) == 0) {
            *out = (AnimSpeed)i;
            return true;
        }
    }
    return false;
}

bool settings_name_ok(const char *name)
{
    const uint8_t *p = (const uint8_t *)name;
    size_t len = strlen(name);
    if (len > SETTINGS_NAME_MAX) {
        return false;
    }
    for (size_t i = 0; i < len;) {
        uint32_t cp = 0;
        size_t n = utf8_next(p + i, len - i, &cp);
        if (n == 0 || utf8_is_control(cp)) {
            return false;
        }
        i += n;
    }
    return true;
}

#define SETTINGS_HOST_MAX 64
#define SETTINGS_PORT_MAX 65535L

bool settings_server_address_ok(const char *text)
{
    const char *colon = text != NULL ? strrchr(text, ':') : NULL;
    size_t host = colon != NULL ? (size_t)(colon - text) : 0;
    if (host == 0 || host > SETTINGS_HOST_MAX ||
        strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != host) {
        return false;
    }
    const char *port = colon + 1;
    size_t digits = strspn(port, "0123456789");
    long n = digits > 0 && digits <= 5 && port[digits] == '\0' ? strtol(port, NULL, 10) : 0;
    return n >= 1 && n <= SETTINGS_PORT_MAX;
}

bool settings_server_add(Settings *s, const char *address, const char *name, char *why,
                         size_t why_size)
{
    char given[SETTINGS_NAME_MAX + 1] = "";
    size_t lead = name != NULL ? strspn(name, " \t") : 0;
    if (name != NULL && strlen(name + lead) <= SETTINGS_NAME_MAX) {
        snprintf(given, sizeof given, "%s", name + lead);
        trim_line(given);
    }
    if (!settings_server_address_ok(address)) {
        say_into(why, why_size, "%s",
                 _("A server's address reads HOST:PORT, for example play.example.org:7157."));
        return false;
    }
    if ((name != NULL && strlen(name + lead) > SETTINGS_NAME_MAX) || !settings_name_ok(given)) {
        say_into(why, why_size, "%s", _("That name cannot be a server's."));
        return false;
    }
    if (given[0] == '\0') {
        snprintf(given, sizeof given, "%.*s", (int)(strrchr(address, ':') - address), address);
    }
    int at = 0;
    while (at < s->nservers && strcmp(s->servers[at].address, address) != 0) {
        at++;
    }
    if (at == SETTINGS_SERVERS_MAX) {
        say_into(why, why_size, _("The list holds %d servers at most: remove one first."),
                 SETTINGS_SERVERS_MAX);
        return false;
    }
    snprintf(s->servers[at].address, sizeof s->servers[at].address, "%s", address);
    snprintf(s->servers[at].name, sizeof s->servers[at].name, "%s", given);
    s->nservers = at == s->nservers ? at + 1 : s->nservers;
    return true;
}

void settings_server_remove(Settings *s, int i)
{
    if (i < 0 || i >= s->nservers) {
        return;
    }
    memmove(&s->servers[i], &s->servers[i + 1],
            sizeof s->servers[0] * (size_t)(s->nservers - i - 1));
    s->nservers--;
    memset(&s->servers[s->nservers], 0, sizeof s->servers[0]);
}

/* "server=HOST:PORT NAME": one more server (a full list is damage). */
static bool parse_server(const char *value, Settings *out)
{
    size_t len = strcspn(value, " \t");
    char address[SETTINGS_ADDRESS_MAX + 1];
    if (len == 0 || len > SETTINGS_ADDRESS_MAX || out->nservers == SETTINGS_SERVERS_MAX) {
        return false;
    }
    memcpy(address, value, len);
    address[len] = '\0';
    return settings_server_add(out, address, value + len, NULL, 0);
}

/* One line; false with a reason on anything invalid. */
static bool parse_line(char *line, int number, Settings *out, char *why, size_t why_size)
{
    char *text = trim_line(line);
    if (*text == '\0' || *text == '#') {
        return true;
    }
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++) {
        if (*p < 0x20 && *p != '\t') {
            snprintf(why, why_size, _("line %d holds control characters"), number);
            return false;
        }
    }
    char *eq = strchr(text, '=');
    if (eq == NULL) {
        snprintf(why, why_size, _("line %d is not key=value"), number);
        return false;
    }
    *eq = '\0';
    const char *key = trim_line(text);
    const char *value = trim_line(eq + 1);
    bool ok = true;
    if (strcmp(key, "deck_style") == 0) {
        ok = parse_style(value, &out->deck_style);
    } else if (strcmp(key, "anim_speed") == 0) {
        ok = parse_anim(value, &out->anim_speed);
    } else if (strcmp(key, "colour_cue") == 0) {
        ok = parse_bool(value, &out->colour_cue);
    } else if (strcmp(key, "coach") == 0) {
        ok = parse_bool(value, &out->coach);
    } else if (strcmp(key, "fullscreen") == 0) {
        ok = parse_bool(value, &out->fullscreen);
    } else if (strcmp(key, "renderer") == 0) {
        ok = parse_renderer(value, &out->renderer);
    } else if (strcmp(key, "language") == 0) {
        int lang = language_parse(value);
        ok = lang >= 0;
        if (ok) {
            out->language = (Language)lang;
        }
    } else if (strcmp(key, "replays_kept") == 0) {
        char *end = NULL;
        long n = strtol(value, &end, 10);
        ok = end != value && *end == '\0' && n >= 0 && n <= SETTINGS_REPLAYS_MAX;
        if (ok) {
            out->replays_kept = (int)n;
        }
    } else if (strcmp(key, "name") == 0) {
        ok = settings_name_ok(value);
        if (ok) {
            snprintf(out->player_name, sizeof out->player_name, "%s", value);
        }
    } else if (strcmp(key, "server") == 0) {
        ok = parse_server(value, out);
    } else if (strcmp(key, "table_clock") == 0) {
        ok = parse_table_clock(value, &out->table_clock);
    } /* unknown keys are ignored: a newer version may have written them */
    if (!ok) {
        snprintf(why, why_size, _("line %d: '%.40s' is not a valid %.20s"), number, value, key);
    }
    return ok;
}

bool settings_parse(const char *text, Settings *out, char *why, size_t why_size)
{
    settings_defaults(out);
    if (why_size > 0) {
        why[0] = '\0';
    }
    int number = 1;
    const char *p = text;
    while (*p != '\0') {
        const char *end = strchr(p, '\n');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        char line[256];
        if (len >= sizeof line) {
            snprintf(why, why_size, _("line %d is too long"), number);
            settings_defaults(out);
            return false;
        }
        memcpy(line, p, len);
        line[len] = '\0';
        if (!parse_line(line, number, out, why, why_size)) {
            settings_defaults(out);
            return false;
        }
        if (end == NULL) {
            break;
        }
        p = end + 1;
        number++;
    }
    return true;
}

size_t settings_format(const Settings *s, char *buf, size_t size)
{
    const char *style =
        s->deck_style == SETTINGS_STYLE_VARIANT ? "variant" : deck_style_key(s->deck_style);
    int n = snprintf(buf, size,
                     "# Ceki settings; rewritten by the program.\n"
                     "deck_style=%s\n"
                     "anim_speed=%s\n"
                     "colour_cue=%s\n"
                     "# the hint and why it is good, on each of your turns\n"
                     "coach=%s\n"
                     "fullscreen=%s\n"
                     "renderer=%s\n"
                     "language=%s\n"
                     "# finished games kept to watch again (0: all of them)\n"
                     "replays_kept=%d\n"
                     "# your name at a network table (empty: the system's user name)\n"
                     "name=%s\n"
                     "# the turn clock of a table you make: none, relaxed, normal, quick\n"
                     "table_clock=%s\n",
                     style, anim_speed_key(s->anim_speed), s->colour_cue ? "on" : "off",
                     s->coach ? "on" : "off", s->fullscreen ? "on" : "off",
                     renderer_key(s->renderer), language_key(s->language), s->replays_kept,
                     s->player_name, table_clock_key(s->table_clock));
    if (n < 0) {
        return 0;
    }
    size_t at = (size_t)n;
    if (s->nservers > 0) {
        at += (size_t)snprintf(at < size ? buf + at : NULL, at < size ? size - at : 0, "%s",
                               "# the servers of the join screen: address, then name\n");
    }
    for (int i = 0; i < s->nservers && i < SETTINGS_SERVERS_MAX; i++) {
        at += (size_t)snprintf(at < size ? buf + at : NULL, at < size ? size - at : 0,
                               "server=%s %s\n", s->servers[i].address, s->servers[i].name);
    }
    return at;
}

char *trim_line(char *s)
{
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) {
        s[--n] = '\0';
    }
    return s;
}

void say_into(char *buf, size_t size, const char *fmt, ...)
{
    if (buf == NULL || size == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
}

TextRead settings_read_text(const char *path, size_t max, char **text, size_t *len, char *why,
                            size_t why_size)
{
    *text = NULL;
    *len = 0;
    if (why != NULL && why_size > 0) {
        why[0] = '\0';
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        if (errno == ENOENT) {
            return TEXT_READ_MISSING;
        }
        snprintf(why, why_size, _("it could not be read (%s)"), strerror(errno));
        return TEXT_READ_UNREADABLE;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode)) {
        fclose(f);
        snprintf(why, why_size, _("it is not a regular file"));
        return TEXT_READ_UNREADABLE;
    }
    char *buf = malloc(max + 1);
    if (buf == NULL) {
        fclose(f);
        snprintf(why, why_size, _("out of memory"));
        return TEXT_READ_FAILED;
    }
    size_t n = fread(buf, 1, max + 1, f);
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (read_error) {
        snprintf(why, why_size, _("it could not be read"));
        free(buf);
        return TEXT_READ_UNREADABLE;
    }
    const char *problem = n > max                        ? _("it is far too large")
                          : memchr(buf, '\0', n) != NULL ? _("it holds binary data")
                                                         : NULL;
    if (problem != NULL) {
        snprintf(why, why_size, "%s", problem);
        free(buf);
        return TEXT_READ_FAILED;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return TEXT_READ_OK;
}

SettingsLoad settings_load(const char *path, Settings *out, char *why, size_t why_size)
{
    settings_defaults(out);
    char *text = NULL;
    size_t n = 0;
    TextRead r = settings_read_text(path, SETTINGS_MAX_FILE, &text, &n, why, why_size);
    if (r == TEXT_READ_MISSING) {
        return SETTINGS_MISSING;
    }
    if (r == TEXT_READ_UNREADABLE) {
        return SETTINGS_UNREADABLE;
    }
    SettingsLoad result = SETTINGS_LOADED;
    if (r == TEXT_READ_FAILED || !settings_parse(text, out, why, why_size)) {
        result = SETTINGS_DAMAGED;
        settings_defaults(out);
    }
    free(text);
    return result;
}

/* Makes a finished rename last through a power cut: the directory entry
 * is flushed too (POSIX; nothing to do elsewhere). */
static void sync_parent_dir(const char *path)
{
#ifndef _WIN32
    char dir[1024];
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        snprintf(dir, sizeof dir, ".");
    } else {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path > 0 ? slash - path : 1), path);
    }
    FILE *d = fopen(dir, "r");
    if (d != NULL) {
        (void)fsync(fileno(d));
        fclose(d);
    }
#else
    (void)path;
#endif
}

bool settings_write_atomic(const char *path, const char *data, size_t len, char *err,
                           size_t err_size)
{
    /* Only a regular file is ever replaced: never a device, a directory
     * or a pipe that happens to have the name. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, err_size, _("cannot write %s: it is not a regular file"), path);
        return false;
    }
    /* The temporary file is this process's own, so two copies of the
     * program never write into one another's. */
    size_t tmp_size = strlen(path) + 32;
    char *tmp = malloc(tmp_size);
    if (tmp == NULL) {
        snprintf(err, err_size, _("out of memory"));
        return false;
    }
#ifdef _WIN32
    snprintf(tmp, tmp_size, "%s.tmp", path);
#else
    snprintf(tmp, tmp_size, "%s.tmp-%ld", path, (long)getpid());
#endif
    FILE *f = fopen(tmp, "wb");
    if (f == NULL) {
        snprintf(err, err_size, _("cannot write %s: %s"), tmp, strerror(errno));
        free(tmp);
        return false;
    }
    bool ok = fwrite(data, 1, len, f) == len && fflush(f) == 0;
#ifdef _WIN32
    ok = ok && _commit(_fileno(f)) == 0;
#else
    ok = ok && fsync(fileno(f)) == 0;
#endif
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        snprintf(err, err_size, _("cannot write %s: %s"), tmp, strerror(errno));
        remove(tmp);
        free(tmp);
        return false;
    }
#ifdef _WIN32
    remove(path); /* rename does not replace on Windows */
#endif
    if (rename(tmp, path) != 0) {
        snprintf(err, err_size, _("cannot replace %s: %s"), path, strerror(errno));
        remove(tmp);
        free(tmp);
        return false;
    }
    sync_parent_dir(path);
    free(tmp);
    return true;
}

bool settings_save(const char *path, const Settings *s, char *err, size_t err_size)
{
    char text[512];
    size_t n = settings_format(s, text, sizeof text);
    if (n >= sizeof text) {
        snprintf(err, err_size, _("settings text too long"));
        return false;
    }
    return settings_write_atomic(path, text, n, err, err_size);
}
