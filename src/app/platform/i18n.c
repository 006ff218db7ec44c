/* i18n.c — choosing and applying the language; see i18n.h. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "i18n.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DOMAIN "ceki"

static const char *const keys[LANGUAGE_COUNT] = {"system", "en", "id", "jv"};

static struct {
    bool saved;         /* the environment below was read */
    char language[256]; /* LANGUAGE as the program found it */
    char shown[4];      /* "en", "id" or "jv" */
    unsigned generation;
} state = {.shown = "en"};

const char *language_key(Language lang)
{
    return (unsigned)lang < LANGUAGE_COUNT ? keys[lang] : keys[0];
}

const char *language_name(Language lang)
{
    switch (lang) {
    case LANGUAGE_ENGLISH: return "English";
    case LANGUAGE_INDONESIAN: return "Bahasa Indonesia";
    case LANGUAGE_JAVANESE: return "Basa Jawa";
    default: return _("System language");
    }
}

int language_parse(const char *key)
{
    for (int i = 0; key != NULL && i < LANGUAGE_COUNT; i++) {
        if (strcmp(key, keys[i]) == 0) {
            return i;
        }
    }
    return -1;
}

/* The language code of a locale name: "id_ID.UTF-8" -> "id". */
static void base_code(const char *name, size_t len, char *out, size_t size)
{
    size_t n = 0;
    while (n < len && name[n] != '_' && name[n] != '.' && name[n] != '@' && n + 1 < size) {
        out[n] = name[n];
        n++;
    }
    out[n] = '\0';
}

/* What the system asks for, as gettext reads it: LANGUAGE (a list) unless
 * empty, else the first of LC_ALL, LC_MESSAGES, LANG that is set. */
static void system_list(char *out, size_t size)
{
    if (state.language[0] != '\0') {
        snprintf(out, size, "%s", state.language);
        return;
    }
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v != NULL && v[0] != '\0') {
            const char *dot = strchr(v, '.');
            size_t len = dot != NULL ? (size_t)(dot - v) : strlen(v);
            snprintf(out, size, "%.*s", (int)len, v);
            return;
        }
    }
    out[0] = '\0';
}

/* The first language of a list that the program speaks ("en" when none). */
static void shown_of(const char *list, char out[4])
{
    const char *p = list;
    while (*p != '\0') {
        size_t len = strcspn(p, ":");
        char code[16];
        base_code(p, len, code, sizeof code);
        if (strcmp(code, "id") == 0 || strcmp(code, "jv") == 0 || strcmp(code, "en") == 0 ||
            strcmp(code, "C") == 0 || strcmp(code, "POSIX") == 0) {
            bool c = strcmp(code, "C") == 0 || strcmp(code, "POSIX") == 0;
            memcpy(out, c ? "en" : code, 3); /* every code here has two letters */
            out[2] = '\0';
            return;
        }
        p += len;
        if (*p == ':') {
            p++;
        }
    }
    snprintf(out, 4, "en");
}

void i18n_set_language(Language lang)
{
    if (!state.saved) {
        const char *l = getenv("LANGUAGE");
        snprintf(state.language, sizeof state.language, "%s", l != NULL ? l : "");
        state.saved = true;
    }
    char list[256];
    switch (lang) {
    case LANGUAGE_ENGLISH: snprintf(list, sizeof list, "en"); break;
    case LANGUAGE_INDONESIAN: snprintf(list, sizeof list, "id"); break;
    case LANGUAGE_JAVANESE: snprintf(list, sizeof list, "jv"); break;
    default: system_list(list, sizeof list); break;
    }
    shown_of(list, state.shown);
    /* gettext reads LANGUAGE only when the messages locale is not "C"; the
     * C.UTF-8 locale every glibc has is enough, so a machine without the
     * player's locale installed still shows their language. */
    const char *now = setlocale(LC_MESSAGES, "");
    if (now == NULL || strcmp(now, "C") == 0 || strcmp(now, "POSIX") == 0) {
        setlocale(LC_MESSAGES, "C.UTF-8");
    }
    if (list[0] != '\0') {
        setenv("LANGUAGE", list, 1);
    } else {
        unsetenv("LANGUAGE");
    }
    textdomain(DOMAIN); /* also tells gettext to forget the translations it looked up */
    state.generation++;
}

void i18n_init(const char *locale_dir, Language lang)
{
    if (locale_dir != NULL) {
        bindtextdomain(DOMAIN, locale_dir);
    }
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    i18n_set_language(lang);
}

const char *i18n_shown(void)
{
    return state.shown;
}

unsigned i18n_generation(void)
{
    return state.generation;
}

char *i18n_decimal(char *buf, size_t size, double value, int decimals)
{
    snprintf(buf, size, "%.*f", decimals, value);
    if (strcmp(state.shown, "en") != 0) {
        char *dot = strchr(buf, '.');
        if (dot != NULL) {
            *dot = ',';
        }
    }
    return buf;
}
