/* replay_main — runs a fuzz target on the files of its corpus without
 * libFuzzer, so any compiler (and the sanitizer build) checks the corpus as
 * a regression test:  fuzz_replay_<target> DIR_OR_FILE...
 * Exits non-zero when a path cannot be read; a broken invariant aborts. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got = 0;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *more = realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
            cap *= 2;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

static int run_path(const char *path, int *files)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
        (*files)++;
        return run_file(path);
    }
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 1;
    }
    int bad = 0;
    struct dirent *e = NULL;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t need = strlen(path) + strlen(e->d_name) + 2;
        char *sub = malloc(need);
        if (!sub) {
            bad = 1;
            break;
        }
        snprintf(sub, need, "%s/%s", path, e->d_name);
        bad |= run_path(sub, files);
        free(sub);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0, files = 0;
    for (int i = 1; i < argc; i++)
        bad |= run_path(argv[i], &files);
    printf("%d inputs run%s\n", files, bad ? ", some unreadable" : "");
    return bad || files == 0;
}
