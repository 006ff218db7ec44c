/* settings.h — the player's preferences and their file.
 *
 * Contract: Settings is a plain value. settings_parse/settings_format convert
 * it to and from a key=value text (one pair a line, '#' comments, unknown keys
 * ignored, every known value validated). settings_load never fails: it fills
 * *out with defaults when the file is missing or damaged and says which, with
 * a reason for the player. settings_save writes the whole file atomically: it
 * writes PATH.tmp, flushes it to disk and renames it over PATH, so PATH holds
 * either the old or the new settings, never a part. No SDL here.
 */
#ifndef CEKI_APP_SETTINGS_H
#define CEKI_APP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "i18n.h"
#include "variant.h"

typedef enum AnimSpeed {
    ANIM_INSTANT = 0,
    ANIM_FAST,
    ANIM_NORMAL,
    ANIM_SLOW,
    ANIM_COUNT
} AnimSpeed;

/* Deck style preference: a DeckStyle (ceki, western-clubs, western-spades)
 * or SETTINGS_STYLE_VARIANT to use each variant's own default. */
#define SETTINGS_STYLE_VARIANT STYLE_COUNT

/* How the window is drawn. Auto: with the graphics card when the machine
 * has one (a DRI render node), else by SDL's software renderer, which draws
 * the same frames without loading a software OpenGL rasteriser (Mesa's
 * llvmpipe costs some 50 MB). SDL_RENDER_DRIVER in the environment wins. */
typedef enum RendererChoice {
    RENDERER_AUTO = 0,
    RENDERER_ACCELERATED,
    RENDERER_SOFTWARE,
    RENDERER_COUNT
} RendererChoice;

/* The turn clock a table made in the app gets (the presets of proto.h:
 * none; relaxed, normal and quick: a move's time plus a bank); the last
 * one chosen is offered again. */
typedef enum TableClock {
    TABLE_CLOCK_NONE = 0,
    TABLE_CLOCK_RELAXED,
    TABLE_CLOCK_NORMAL,
    TABLE_CLOCK_QUICK,
    TABLE_CLOCK_COUNT
} TableClock;

#define SETTINGS_NAME_MAX 32 /* bytes of the player's name (a network seat's, NET_NAME_MAX) */
#define SETTINGS_SERVERS_MAX 8
#define SETTINGS_ADDRESS_MAX 70 /* bytes of a server's "HOST:PORT" (a host of at most 64) */

/* A ceki-server the person added to the join screen's list: its address
 * ("HOST:PORT": letters, digits, dots and dashes, a port 1..65535) and the
 * name the person gave it (as a player's name may be; never empty). The
 * file keeps each as one line, "server=HOST:PORT NAME". */
typedef struct SettingsServer {
    char address[SETTINGS_ADDRESS_MAX + 1];
    char name[SETTINGS_NAME_MAX + 1];
} SettingsServer;

typedef struct Settings {
    DeckStyle deck_style; /* STYLE_CEKI..STYLE_WESTERN_SPADES or SETTINGS_STYLE_VARIANT */
    AnimSpeed anim_speed;
    bool colour_cue; /* extra shape mark on red-stamped cards */
    bool fullscreen;
    RendererChoice renderer; /* used when the program starts */
    Language language;       /* applied at once */
    int replays_kept;        /* finished games kept, the oldest pruned; 0: no limit */
    bool coach; /* the table shows the hint and its why on every turn of the person's */
    /* The name others see at a network table (UTF-8, no control
     * characters); "": the system's user name. */
    char player_name[SETTINGS_NAME_MAX + 1];
    /* The servers of the join screen, in the order added; none by default
     * (the program names no server of its own). */
    SettingsServer servers[SETTINGS_SERVERS_MAX];
    int nservers;
    TableClock table_clock; /* the clock of the last table made (file: table_clock=KEY) */
} Settings;

#define SETTINGS_REPLAYS_DEFAULT 1000
#define SETTINGS_REPLAYS_MAX 1000000

typedef enum SettingsLoad {
    SETTINGS_LOADED,    /* the file was read and valid */
    SETTINGS_MISSING,   /* no file yet: defaults */
    SETTINGS_DAMAGED,   /* invalid: defaults, reason in `why` */
    SETTINGS_UNREADABLE /* cannot be read (permission, I/O): defaults, reason in `why` */
} SettingsLoad;

#define SETTINGS_MAX_FILE 16384

void settings_defaults(Settings *out);
/* Whether a name may be the player's: at most SETTINGS_NAME_MAX bytes of
 * well-formed UTF-8 without control characters. */
bool settings_name_ok(const char *name);
/* Whether text is a server's address as the list keeps it: "HOST:PORT". */
bool settings_server_address_ok(const char *text);
/* Adds a server (name "" or only spaces: the address's host), or renames
 * the one of that address; false with a reason (translated) and nothing
 * changed when the address or name is not one or the list is full. */
bool settings_server_add(Settings *s, const char *address, const char *name, char *why,
                         size_t why_size);
/* Removes the i-th server (nothing when there is none). */
void settings_server_remove(Settings *s, int i);
bool settings_equal(const Settings *a, const Settings *b);
/* A TableClock's word in the file ("none", "relaxed", "normal", "quick"). */
const char *table_clock_key(TableClock c);

/* Parses text into *out (which starts from defaults). Returns false and a
 * player-facing reason in why[] on the first invalid line. */
bool settings_parse(const char *text, Settings *out, char *why, size_t why_size);
/* Writes the text form into buf; returns the length it needs (like snprintf). */
size_t settings_format(const Settings *s, char *buf, size_t size);

SettingsLoad settings_load(const char *path, Settings *out, char *why, size_t why_size);
/* false (and a reason in err) when the file could not be written; PATH is
 * then unchanged. */
bool settings_save(const char *path, const Settings *s, char *err, size_t err_size);
/* Reading a small text file whole, for settings_load and the other small
 * files of the program: TEXT_READ_OK with *text (NUL-terminated, freed by
 * the caller) and *len; TEXT_READ_MISSING when there is no such file;
 * TEXT_READ_UNREADABLE with a reason in why when it cannot be read at all
 * (no permission, not a regular file, an I/O error: the file may be whole,
 * and must be left as it is); TEXT_READ_FAILED (damaged) when it is larger
 * than max bytes or holds a NUL byte. */
typedef enum TextRead {
    TEXT_READ_OK = 0,
    TEXT_READ_MISSING,
    TEXT_READ_FAILED,
    TEXT_READ_UNREADABLE
} TextRead;
TextRead settings_read_text(const char *path, size_t max, char **text, size_t *len, char *why,
                            size_t why_size);
/* Strips spaces and tabs at both ends and a '\r' at the end, in place. */
char *trim_line(char *s);
/* vsnprintf into buf, doing nothing when buf is NULL or size 0: how the
 * file readers and writers give their reasons. */
#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
void say_into(char *buf, size_t size, const char *fmt, ...);
/* The atomic write settings_save uses, for any small text file. */
bool settings_write_atomic(const char *path, const char *data, size_t len, char *err,
                           size_t err_size);

/* Keys used in the file and names shown to the player. */
const char *renderer_key(RendererChoice r);  /* "auto", "accelerated", "software" */
const char *renderer_name(RendererChoice r); /* player-facing */
const char *anim_speed_key(AnimSpeed speed);
const char *anim_speed_name(AnimSpeed speed);
/* Seconds a typical card movement takes at this speed (0 for instant). */
double anim_speed_seconds(AnimSpeed speed);
/* The style to draw a variant's cards with under these settings. */
DeckStyle settings_style_for(const Settings *s, const VariantDesc *v);

#endif
