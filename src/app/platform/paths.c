#define _POSIX_C_SOURCE 200809L
#include "paths.h"

#include <SDL.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    char installed[1100] = "";
    char *base = SDL_GetBasePath();
    if (base != NULL) {
        snprintf(installed, sizeof installed, "%s../share/ceki", base);
        SDL_free(base);
        if (has_fonts(installed)) {
            snprintf(out, size, "%s", installed);
            return true;
        }
    }
    snprintf(out, size, "%s", CEKI_SOURCE_DATA_DIR);
    if (has_fonts(out)) {
        return true;
    }
    if (installed[0] != '\0') { /* the installed place first: where a package puts them */
        snprintf(out, size, "%s, %s", installed, CEKI_SOURCE_DATA_DIR);
    }
    return false;
}

#ifndef CEKI_BUILD_LOCALE_DIR
#define CEKI_BUILD_LOCALE_DIR "locale"
#endif

void paths_find_locale_dir(char *out, size_t size)
{
    const char *env = getenv("CEKI_LOCALE_DIR");
    if (env != NULL && env[0] != '\0') {
        snprintf(out, size, "%s", env);
        return;
    }
    char *base = SDL_GetBasePath();
    if (base != NULL) {
        char probe[1200];
        snprintf(probe, sizeof probe, "%s../share/locale/id/LC_MESSAGES/ceki.mo", base);
        FILE *f = fopen(probe, "rb");
        if (f != NULL) {
            fclose(f);
            snprintf(out, size, "%s../share/locale", base);
            SDL_free(base);
            return;
        }
        SDL_free(base);
    }
    snprintf(out, size, "%s", CEKI_BUILD_LOCALE_DIR);
}

bool paths_pref_file(const char *name, char *out, size_t size)
{
    char *dir = SDL_GetPrefPath("", "ceki");
    if (dir == NULL) {
        return false;
    }
    snprintf(out, size, "%s%s", dir, name);
    SDL_free(dir);
    return true;
}

int paths_move_old_data(void)
{
    char old[1100], now[1100];
    if (!paths_pref_file("ceki", old, sizeof old) || !paths_pref_file("", now, sizeof now)) {
        return 0;
    }
    DIR *d = opendir(old);
    if (d == NULL) {
        return 0; /* nothing from an earlier version */
    }
    int moved = 0;
    struct dirent *e = NULL;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
            continue;
        }
        char from[2400], to[2400];
        snprintf(from, sizeof from, "%s/%s", old, e->d_name);
        snprintf(to, sizeof to, "%s%s", now, e->d_name);
        struct stat st;
        if (stat(to, &st) != 0 && rename(from, to) == 0) {
            moved++;
        }
    }
    closedir(d);
    rmdir(old); /* only when everything moved */
    return moved;
}
