/* i18n.h — the interface in the player's language (gettext).
 *
 * Contract: every player-facing string of the program is written in English
 * in the source and passed through _() where it is shown (N_() marks a
 * string kept in a table, translated where it is used; P_() is ngettext for
 * plurals). Strings from the core (reasons, names, summaries) are English
 * constants marked with N_ there and translated by the app when shown.
 * po/ceki.pot is extracted from the sources (`cmake --build build --target
 * ceki-pot`); po/LANG.po are the translations, built to
 * <locale dir>/LANG/LC_MESSAGES/ceki.mo.
 *
 * The language is a setting: System follows LANGUAGE, LC_ALL, LC_MESSAGES
 * and LANG, in that order, as gettext does; English, Indonesian and
 * Javanese choose one. i18n_set_language applies at once; text already on
 * screen is re-made by the scenes when i18n_generation changes. Only the
 * messages category follows the language: numbers in files are always
 * written and read in the C locale, and numbers shown to the player are
 * formatted by i18n_decimal for the language shown.
 */
#ifndef CEKI_APP_I18N_H
#define CEKI_APP_I18N_H

#include <libintl.h>
#include <stddef.h>

#define _(s) gettext(s)
#define N_(s) (s)
#define P_(one, many, n) ngettext((one), (many), (unsigned long)(n))

typedef enum Language {
    LANGUAGE_SYSTEM = 0,
    LANGUAGE_ENGLISH,
    LANGUAGE_INDONESIAN,
    LANGUAGE_JAVANESE,
    LANGUAGE_COUNT
} Language;

/* Binds the text domain to locale_dir (see paths_find_locale_dir; NULL
 * keeps gettext's default) and applies `lang`. No SDL here: the file
 * readers that use it are fuzzed without it. */
void i18n_init(const char *locale_dir, Language lang);
/* Applies a language at once (and bumps the generation). */
void i18n_set_language(Language lang);
/* The language whose words are shown: "en", "id" or "jv". */
const char *i18n_shown(void);
/* Changes every time the language changes (starts at 1). */
unsigned i18n_generation(void);

/* Keys in the settings file and names shown in Settings. Each language is
 * named in itself ("Bahasa Indonesia", "Basa Jawa"); System is translated. */
const char *language_key(Language lang);
const char *language_name(Language lang);
/* Parses a key; -1 when unknown. */
int language_parse(const char *key);

/* `value` with `decimals` digits after the separator of the shown
 * language (a comma in Indonesian and Javanese, a point in English). */
char *i18n_decimal(char *buf, size_t size, double value, int decimals);

#endif
