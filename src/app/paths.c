#include "paths.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CEKI_SOURCE_DATA_DIR
#define CEKI_SOURCE_DATA_DIR "."
#endif

static bool has_fonts(const char *dir)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/fonts/NotoSans-Regular.ttf", dir);
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (rw == NULL) {
        return false;
    }
    SDL_RWclose(rw);
    return true;
}

bool paths_find_data_dir(char *out, size_t size)
{
    const char *env = getenv("CEKI_DATA_DIR");
    if (env != NULL && env[0] != '\0') {
        snprintf(out, size, "%s", env);
        return has_fonts(out);
    }
    char *base = SDL_GetBasePath();
    if (base != NULL) {
        snprintf(out, size, "%s../share/ceki", base);
        SDL_free(base);
        if (has_fonts(out)) {
            return true;
        }
    }
    snprintf(out, size, "%s", CEKI_SOURCE_DATA_DIR);
    return has_fonts(out);
}

bool paths_pref_file(const char *name, char *out, size_t size)
{
    char *dir = SDL_GetPrefPath("ceki", "ceki");
    if (dir == NULL) {
        return false;
    }
    snprintf(out, size, "%s%s", dir, name);
    SDL_free(dir);
    return true;
}
