#define _POSIX_C_SOURCE 200809L
#include "file_load.h"

#include "i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void *file_load(const char *path, size_t max, size_t *size, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(why, why_size, _("%s cannot be opened: %s"), path, strerror(errno));
        return NULL;
    }
    struct stat st;
    char *data = NULL;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(why, why_size, _("%s cannot be examined: %s"), path, strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_size, _("%s is not a regular file (%s)"), path,
                 S_ISDIR(st.st_mode) ? _("a directory") : _("a device or pipe"));
    } else if ((unsigned long long)st.st_size > max) {
        snprintf(why, why_size, _("%s is too large (%lld bytes; at most %zu)"), path,
                 (long long)st.st_size, max);
    } else if ((data = malloc((size_t)st.st_size + 1)) == NULL) {
        snprintf(why, why_size, _("%s: out of memory"), path);
    } else if (fread(data, 1, (size_t)st.st_size, f) != (size_t)st.st_size || ferror(f)) {
        snprintf(why, why_size, _("%s cannot be read: %s"), path,
                 errno != 0 ? strerror(errno) : _("it ended early"));
        free(data);
        data = NULL;
    } else {
        data[st.st_size] = '\0';
        *size = (size_t)st.st_size;
    }
    fclose(f);
    return data;
}

#define KEEP_ASIDE_TRIES 1000

bool file_keep_aside(const char *path, char *kept_as, size_t size)
{
    if (path == NULL || path[0] == '\0') {
        return false;
    }
    size_t len = strlen(path) + 32;
    char *cand = malloc(len);
    if (cand == NULL) {
        return false;
    }
    bool kept = false;
    for (int n = 1; n < KEEP_ASIDE_TRIES && !kept; n++) {
        if (n == 1) {
            snprintf(cand, len, "%s.damaged", path);
        } else {
            snprintf(cand, len, "%s.damaged-%d", path, n);
        }
        int fd = open(cand, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
        if (fd < 0) {
            if (errno == EEXIST || errno == ELOOP || errno == EISDIR) {
                continue; /* taken: try the next name */
            }
            break; /* the folder cannot take a new name */
        }
        close(fd);
        if (rename(path, cand) != 0) {
            unlink(cand); /* only the empty claim goes */
            break;
        }
        kept = true;
        if (kept_as != NULL && size > 0) {
            snprintf(kept_as, size, "%s", cand);
        }
    }
    free(cand);
    return kept;
}
