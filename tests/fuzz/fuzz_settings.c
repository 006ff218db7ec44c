/* fuzz_settings — the settings file parser of the program (src/app/store/settings.c,
 * which has no SDL in it).
 *
 * The input is the file's text. settings_parse either refuses it with a
 * reason, or fills valid settings that format back to text which parses to
 * the same settings. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "settings.h"

static void check_valid(const Settings *s)
{
    FUZZ_CHECK(s->deck_style == SETTINGS_STYLE_VARIANT ||
               ((int)s->deck_style >= 0 && s->deck_style < STYLE_COUNT));
    FUZZ_CHECK((int)s->anim_speed >= 0 && s->anim_speed < ANIM_COUNT);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        DeckStyle st = settings_style_for(s, variant_get((VariantId)v));
        FUZZ_CHECK((int)st >= 0 && st < STYLE_COUNT);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SETTINGS_MAX_FILE)
        return 0;
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    if (size > 0)
        memcpy(text, data, size);
    text[size] = '\0';

    Settings s;
    settings_defaults(&s);
    char why[200];
    memset(why, 'x', sizeof why);
    bool ok = settings_parse(text, &s, why, sizeof why);
    FUZZ_CHECK(memchr(why, '\0', sizeof why) != NULL);
    if (!ok) {
        FUZZ_CHECK(why[0] != '\0');
        /* A tiny reason buffer is cut short, never overrun. */
        char tiny[5];
        memset(tiny, 'x', sizeof tiny);
        Settings t;
        settings_defaults(&t);
        size_t cut = 1 + size % 4;
        FUZZ_CHECK(!settings_parse(text, &t, tiny, cut));
        FUZZ_CHECK(memchr(tiny, '\0', cut) != NULL);
        for (size_t i = cut; i < sizeof tiny; i++)
            FUZZ_CHECK(tiny[i] == 'x');
        free(text);
        return 0;
    }
    check_valid(&s);
    char buf[1024];
    size_t need = settings_format(&s, buf, sizeof buf);
    FUZZ_CHECK(need < sizeof buf && strlen(buf) == need);
    Settings again;
    settings_defaults(&again);
    FUZZ_CHECK(settings_parse(buf, &again, why, sizeof why));
    FUZZ_CHECK(settings_equal(&s, &again));
    free(text);
    return 0;
}
