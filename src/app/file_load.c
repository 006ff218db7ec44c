#define _POSIX_C_SOURCE 200809L
#include "file_load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void *file_load(const char *path, size_t max, size_t *size, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(why, why_size, "%s cannot be opened: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    char *data = NULL;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(why, why_size, "%s cannot be examined: %s", path, strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_size, "%s is not a regular file (%s)", path,
                 S_ISDIR(st.st_mode) ? "a directory" : "a device or pipe");
    } else if ((unsigned long long)st.st_size > max) {
        snprintf(why, why_size, "%s is too large (%lld bytes; at most %zu)", path,
                 (long long)st.st_size, max);
    } else if ((data = malloc((size_t)st.st_size + 1)) == NULL) {
        snprintf(why, why_size, "%s: out of memory", path);
    } else if (fread(data, 1, (size_t)st.st_size, f) != (size_t)st.st_size || ferror(f)) {
        snprintf(why, why_size, "%s cannot be read: %s", path,
                 errno != 0 ? strerror(errno) : "it ended early");
        free(data);
        data = NULL;
    } else {
        data[st.st_size] = '\0';
        *size = (size_t)st.st_size;
    }
    fclose(f);
    return data;
}
