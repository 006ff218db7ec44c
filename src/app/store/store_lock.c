/* store_lock.c — locks beside the store that end with their copy
 * (store_lock.h). No SDL. */
#define _GNU_SOURCE /* F_OFD_SETLK, F_OFD_GETLK */
#include "store_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define LOCK_RENAMED_TRIES 8 /* a file removed under a taker: take the new one */
#define LOCK_PAUSE_MS 2      /* the first pause of lock_take_within */
#define LOCK_PAUSE_MAX_MS 25 /* the longest */
#define LOCK_MS_PER_S 1000
#define LOCK_NS_PER_MS 1000000L

int64_t lock_clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * LOCK_MS_PER_S + ts.tv_nsec / LOCK_NS_PER_MS;
}

void lock_sleep_ms(int ms)
{
    struct timespec ts = {ms / LOCK_MS_PER_S, (long)(ms % LOCK_MS_PER_S) * LOCK_NS_PER_MS};
    nanosleep(&ts, NULL);
}

#ifndef _WIN32

/* An OFD lock belongs to the open file description: two descriptions in one
 * process exclude each other, and closing one never lets another go. */
#ifdef F_OFD_SETLK
#define LOCK_SET F_OFD_SETLK
#define LOCK_GET F_OFD_GETLK
#else
#define LOCK_SET F_SETLK
#define LOCK_GET F_GETLK
#endif

bool lock_path(const char *db, const char *name, char *out, size_t size)
{
    const char *slash = strrchr(db, '/');
    int dir_len = slash != NULL ? (int)(slash - db) : 1;
    const char *dir = slash != NULL ? db : ".";
    int n = snprintf(out, size, "%.*s/%s/%s", dir_len, dir, LOCK_DIR, name);
    return n > 0 && (size_t)n < size;
}

/* Makes the folder `locks/` the path lies in (one level). */
static void make_lock_dir(const char *path)
{
    char dir[1200];
    const char *slash = strrchr(path, '/');
    if (slash == NULL || (size_t)(slash - path) >= sizeof dir) {
        return;
    }
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    mkdir(dir, 0755); /* there already: EEXIST, fine */
}

static struct flock whole_file(short type)
{
    struct flock fl;
    memset(&fl, 0, sizeof fl); /* l_pid 0, as OFD locks ask */
    fl.l_type = type;
    fl.l_whence = SEEK_SET;
    fl.l_start = 0;
    fl.l_len = 0;
    return fl;
}

/* Whether fd still is the file the path names (not removed or replaced). */
static bool still_named(int fd, const char *path)
{
    struct stat held, named;
    return fstat(fd, &held) == 0 && stat(path, &named) == 0 && held.st_dev == named.st_dev &&
           held.st_ino == named.st_ino;
}

int lock_take(const char *path)
{
    make_lock_dir(path);
    for (int i = 0; i < LOCK_RENAMED_TRIES; i++) {
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            return LOCK_NONE;
        }
        struct flock fl = whole_file(F_WRLCK);
        if (fcntl(fd, LOCK_SET, &fl) != 0) {
            int e = errno;
            close(fd);
            return e == EAGAIN || e == EACCES ? LOCK_HELD : LOCK_NONE;
        }
        if (still_named(fd, path)) {
            return fd;
        }
        close(fd); /* its holder removed it as this one took it: again */
    }
    return LOCK_HELD;
}

int lock_take_within(const char *path, int ms)
{
    int64_t until = lock_clock_ms() + ms;
    int pause = LOCK_PAUSE_MS;
    int fd = lock_take(path);
    /* At most ms / LOCK_PAUSE_MS tries, and never past `until`. */
    for (int i = 0; fd == LOCK_HELD && i < ms / LOCK_PAUSE_MS && lock_clock_ms() < until; i++) {
        lock_sleep_ms(pause);
        pause = pause * 2 < LOCK_PAUSE_MAX_MS ? pause * 2 : LOCK_PAUSE_MAX_MS;
        fd = lock_take(path);
    }
    return fd;
}

bool lock_held_elsewhere(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return false; /* no file: nobody holds it */
    }
    struct flock fl = whole_file(F_WRLCK);
    bool held = fcntl(fd, LOCK_GET, &fl) == 0 && fl.l_type != F_UNLCK;
    close(fd);
    return held;
}

void lock_drop(int fd, const char *path, bool remove)
{
    if (fd < 0) {
        return;
    }
    if (remove && path != NULL) {
        unlink(path); /* while still held: see lock_take */
    }
    close(fd);
}

#else /* no locks here: every copy goes on unprotected */

bool lock_path(const char *db, const char *name, char *out, size_t size)
{
    int n = snprintf(out, size, "%s-%s", db, name);
    return n > 0 && (size_t)n < size;
}

int lock_take(const char *path)
{
    (void)path;
    return LOCK_NONE;
}

int lock_take_within(const char *path, int ms)
{
    (void)ms;
    return lock_take(path);
}

bool lock_held_elsewhere(const char *path)
{
    (void)path;
    return false;
}

void lock_drop(int fd, const char *path, bool remove)
{
    (void)fd, (void)path, (void)remove;
}

#endif
