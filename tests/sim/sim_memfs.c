/* sim_memfs.c — the journal's disk in memory (sim.h): a SQLite VFS whose
 * files, locks and WAL index live in the world, not in the kernel. It
 * behaves as a file system does for SQLite under process kills:
 * - what is written is kept (a kill keeps every byte a write put in the
 *   page cache); a sync is kept too and costs nothing;
 * - file locks (SHARED, RESERVED, PENDING, EXCLUSIVE) and the WAL index's
 *   locks are held per connection, so the host's connection and the
 *   simulator's reader contend as two processes would;
 * - the WAL index goes when its last connection lets go of it, as the
 *   first connection to a WAL database truncates the -shm file of a dead
 *   process: the next one rebuilds it from the WAL;
 * - a deleted file open elsewhere lives until its last close (unlink);
 * and the same faults as the real-file shim (sim_vfs.c): a full disk
 * refuses writes with SQLITE_FULL, a frozen one (the process died) takes
 * nothing more. No system call, no real file: about a third of a run's
 * time went to the kernel over real files. sim_vfs.c keeps the real-file
 * shim to run worlds over the real file system (CEKI_SIM_DISK=files).
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define MEM_PATH_MAX 512
#define MEM_SECTOR 4096

typedef struct MemHandle MemHandle;

typedef struct MemFile {
    char *name; /* NULL once deleted */
    uint8_t *data;
    size_t size, cap;
    int refs;
    int shared; /* handles at SHARED or above */
    MemHandle *reserved, *pending, *exclusive;
    uint8_t **region; /* the WAL index */
    int nregion, shm_users;
    int shm_shared[SQLITE_SHM_NLOCK];
    MemHandle *shm_excl[SQLITE_SHM_NLOCK];
    struct MemFile *next;
} MemFile;

typedef struct MemFs {
    sqlite3_vfs vfs;
    SimHost *sh;
    MemFile *files;
    unsigned long temps; /* temporary files named so far */
} MemFs;

struct MemHandle {
    sqlite3_file base;
    MemFs *fs;
    MemFile *f;
    int lock;
    bool delete_on_close, shm;
    uint8_t shm_shared, shm_excl; /* the WAL index's locks it holds, a bit a slot */
};

static MemFile *mem_find(MemFs *fs, const char *name)
{
    for (MemFile *f = fs->files; f; f = f->next) {
        if (f->name && strcmp(f->name, name) == 0)
            return f;
    }
    return NULL;
}

static void mem_free_file(MemFile *f)
{
    for (int i = 0; i < f->nregion; i++)
        free(f->region[i]);
    free(f->region);
    free(f->data);
    free(f->name);
    free(f);
}

/* The file leaves the names; it is freed once nothing has it open. */
static void mem_unlink(MemFs *fs, MemFile *f)
{
    for (MemFile **p = &fs->files; *p; p = &(*p)->next) {
        if (*p == f) {
            *p = f->next;
            break;
        }
    }
    free(f->name);
    f->name = NULL;
    if (f->refs == 0)
        mem_free_file(f);
}

static SimDisk *mem_disk(sqlite3_file *file)
{
    return &((MemHandle *)file)->fs->sh->disk;
}

/* ---- reading and writing ---- */

static int mem_read(sqlite3_file *file, void *buf, int n, sqlite3_int64 off)
{
    MemFile *f = ((MemHandle *)file)->f;
    size_t have = (size_t)off < f->size ? f->size - (size_t)off : 0;
    size_t take = have < (size_t)n ? have : (size_t)n;
    if (take)
        memcpy(buf, f->data + off, take);
    if (take == (size_t)n)
        return SQLITE_OK;
    memset((uint8_t *)buf + take, 0, (size_t)n - take);
    return SQLITE_IOERR_SHORT_READ;
}

static bool mem_grow(MemFile *f, size_t size)
{
    if (size <= f->cap)
        return true;
    size_t cap = f->cap ? f->cap : MEM_SECTOR;
    while (cap < size)
        cap *= 2;
    uint8_t *data = realloc(f->data, cap);
    if (!data)
        return false;
    memset(data + f->cap, 0, cap - f->cap);
    f->data = data;
    f->cap = cap;
    return true;
}

static int mem_write(sqlite3_file *file, const void *buf, int n, sqlite3_int64 off)
{
    SimDisk *d = mem_disk(file);
    MemFile *f = ((MemHandle *)file)->f;
    if (!d->frozen && d->crash_in > 0 && --d->crash_in == 0)
        d->frozen = true; /* the process dies at this write */
    if (d->frozen)
        return SQLITE_IOERR_WRITE;
    if (d->full) {
        d->full_refusals++;
        return SQLITE_FULL;
    }
    size_t end = (size_t)off + (size_t)n;
    if (!mem_grow(f, end))
        return SQLITE_IOERR_NOMEM;
    memcpy(f->data + off, buf, (size_t)n);
    if (end > f->size)
        f->size = end;
    d->writes++;
    return SQLITE_OK;
}

static int mem_truncate(sqlite3_file *file, sqlite3_int64 size)
{
    MemFile *f = ((MemHandle *)file)->f;
    if (mem_disk(file)->frozen)
        return SQLITE_IOERR_TRUNCATE;
    if (!mem_grow(f, (size_t)size))
        return SQLITE_IOERR_NOMEM;
    if ((size_t)size < f->size)
        memset(f->data + size, 0, f->size - (size_t)size);
    f->size = (size_t)size;
    return SQLITE_OK;
}

static int mem_sync(sqlite3_file *file, int flags)
{
    (void)flags;
    SimDisk *d = mem_disk(file);
    if (d->frozen)
        return SQLITE_IOERR_FSYNC;
    d->syncs++;
    return SQLITE_OK;
}

static int mem_file_size(sqlite3_file *file, sqlite3_int64 *size)
{
    *size = (sqlite3_int64)((MemHandle *)file)->f->size;
    return SQLITE_OK;
}

/* ---- file locks, between the connections of one file ---- */

static int mem_lock_exclusive(MemHandle *h, MemFile *f)
{
    if (f->pending && f->pending != h)
        return SQLITE_BUSY;
    f->pending = h;
    if (f->shared > 1) { /* readers left: wait for them, keeping new ones out */
        h->lock = SQLITE_LOCK_PENDING;
        return SQLITE_BUSY;
    }
    f->pending = NULL;
    f->exclusive = h;
    h->lock = SQLITE_LOCK_EXCLUSIVE;
    return SQLITE_OK;
}

static int mem_lock(sqlite3_file *file, int level)
{
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    if (h->lock >= level)
        return SQLITE_OK;
    if (level == SQLITE_LOCK_SHARED) {
        if ((f->pending && f->pending != h) || (f->exclusive && f->exclusive != h))
            return SQLITE_BUSY;
        f->shared++;
        h->lock = SQLITE_LOCK_SHARED;
        return SQLITE_OK;
    }
    if (level == SQLITE_LOCK_RESERVED) {
        if (f->reserved && f->reserved != h)
            return SQLITE_BUSY;
        f->reserved = h;
        h->lock = SQLITE_LOCK_RESERVED;
        return SQLITE_OK;
    }
    return mem_lock_exclusive(h, f);
}

static int mem_unlock(sqlite3_file *file, int level)
{
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    if (h->lock <= level)
        return SQLITE_OK;
    if (f->reserved == h)
        f->reserved = NULL;
    if (f->pending == h)
        f->pending = NULL;
    if (f->exclusive == h)
        f->exclusive = NULL;
    if (level == SQLITE_LOCK_NONE)
        f->shared--;
    h->lock = level;
    return SQLITE_OK;
}

static int mem_check_reserved(sqlite3_file *file, int *out)
{
    const MemFile *f = ((MemHandle *)file)->f;
    *out = f->reserved || f->pending || f->exclusive;
    return SQLITE_OK;
}

static int mem_control(sqlite3_file *file, int op, void *arg)
{
    (void)file;
    (void)op;
    (void)arg;
    return SQLITE_NOTFOUND;
}

static int mem_sector(sqlite3_file *file)
{
    (void)file;
    return MEM_SECTOR;
}

static int mem_device(sqlite3_file *file)
{
    (void)file;
    return 0;
}

/* ---- the WAL index ---- */

static int mem_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **out)
{
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    if (!h->shm) {
        h->shm = true;
        f->shm_users++;
    }
    *out = NULL;
    if (region >= f->nregion) {
        if (!extend)
            return SQLITE_OK;
        uint8_t **regions = realloc(f->region, (size_t)(region + 1) * sizeof *regions);
        if (!regions)
            return SQLITE_IOERR_NOMEM;
        f->region = regions;
        for (; f->nregion <= region; f->nregion++) {
            f->region[f->nregion] = calloc(1, (size_t)size);
            if (!f->region[f->nregion])
                return SQLITE_IOERR_NOMEM;
        }
    }
    *out = f->region[region];
    return SQLITE_OK;
}

static bool mem_shm_lock_excl(MemHandle *h, MemFile *f, int offset, int n)
{
    for (int i = offset; i < offset + n; i++) {
        int others = f->shm_shared[i] - ((h->shm_shared >> i) & 1);
        if ((f->shm_excl[i] && f->shm_excl[i] != h) || others > 0)
            return false;
    }
    for (int i = offset; i < offset + n; i++) {
        f->shm_excl[i] = h;
        h->shm_excl |= (uint8_t)(1u << i);
    }
    return true;
}

static int mem_shm_lock(sqlite3_file *file, int offset, int n, int flags)
{
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    if (flags & SQLITE_SHM_UNLOCK) {
        for (int i = offset; i < offset + n; i++) {
            uint8_t bit = (uint8_t)(1u << i);
            if ((flags & SQLITE_SHM_SHARED) && (h->shm_shared & bit)) {
                f->shm_shared[i]--;
                h->shm_shared &= (uint8_t)~bit;
            }
            if ((flags & SQLITE_SHM_EXCLUSIVE) && f->shm_excl[i] == h) {
                f->shm_excl[i] = NULL;
                h->shm_excl &= (uint8_t)~bit;
            }
        }
        return SQLITE_OK;
    }
    if (flags & SQLITE_SHM_EXCLUSIVE)
        return mem_shm_lock_excl(h, f, offset, n) ? SQLITE_OK : SQLITE_BUSY;
    for (int i = offset; i < offset + n; i++) {
        uint8_t bit = (uint8_t)(1u << i);
        if (f->shm_excl[i] && f->shm_excl[i] != h)
            return SQLITE_BUSY;
        if (!(h->shm_shared & bit)) {
            f->shm_shared[i]++;
            h->shm_shared |= bit;
        }
    }
    return SQLITE_OK;
}

static void mem_shm_barrier(sqlite3_file *file)
{
    (void)file; /* one thread */
}

static int mem_shm_unmap(sqlite3_file *file, int delete_flag)
{
    (void)delete_flag;
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    if (!h->shm)
        return SQLITE_OK;
    mem_shm_lock(file, 0, SQLITE_SHM_NLOCK, SQLITE_SHM_UNLOCK | SQLITE_SHM_SHARED);
    mem_shm_lock(file, 0, SQLITE_SHM_NLOCK, SQLITE_SHM_UNLOCK | SQLITE_SHM_EXCLUSIVE);
    h->shm = false;
    if (--f->shm_users == 0) { /* the last one: the next begins the index afresh */
        for (int i = 0; i < f->nregion; i++)
            free(f->region[i]);
        free(f->region);
        f->region = NULL;
        f->nregion = 0;
    }
    return SQLITE_OK;
}

static int mem_close(sqlite3_file *file)
{
    MemHandle *h = (MemHandle *)file;
    MemFile *f = h->f;
    mem_shm_unmap(file, 0);
    mem_unlock(file, SQLITE_LOCK_NONE);
    f->refs--;
    if (h->delete_on_close && f->name)
        mem_unlink(h->fs, f);
    else if (f->refs == 0 && !f->name)
        mem_free_file(f);
    return SQLITE_OK;
}

static const sqlite3_io_methods mem_io = {2,
                                          mem_close,
                                          mem_read,
                                          mem_write,
                                          mem_truncate,
                                          mem_sync,
                                          mem_file_size,
                                          mem_lock,
                                          mem_unlock,
                                          mem_check_reserved,
                                          mem_control,
                                          mem_sector,
                                          mem_device,
                                          mem_shm_map,
                                          mem_shm_lock,
                                          mem_shm_barrier,
                                          mem_shm_unmap,
                                          NULL,
                                          NULL};

/* ---- the VFS ---- */

static MemFile *mem_new_file(MemFs *fs, const char *name)
{
    MemFile *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    size_t len = strlen(name);
    f->name = malloc(len + 1);
    if (!f->name) {
        free(f);
        return NULL;
    }
    memcpy(f->name, name, len + 1);
    f->next = fs->files;
    fs->files = f;
    return f;
}

static int mem_open(sqlite3_vfs *v, const char *name, sqlite3_file *file, int flags, int *out_flags)
{
    MemFs *fs = (MemFs *)v;
    MemHandle *h = (MemHandle *)file;
    memset(h, 0, sizeof *h);
    char temp[48];
    if (!name) { /* a temporary file of SQLite's: a name of its own */
        snprintf(temp, sizeof temp, "temp-%lu", ++fs->temps);
        name = temp;
        flags |= SQLITE_OPEN_DELETEONCLOSE;
    }
    MemFile *f = mem_find(fs, name);
    if (!f && !(flags & SQLITE_OPEN_CREATE))
        return SQLITE_CANTOPEN;
    if (!f && (fs->sh->disk.frozen || !(f = mem_new_file(fs, name))))
        return SQLITE_CANTOPEN;
    f->refs++;
    h->fs = fs;
    h->f = f;
    h->delete_on_close = (flags & SQLITE_OPEN_DELETEONCLOSE) != 0;
    h->base.pMethods = &mem_io;
    if (out_flags)
        *out_flags = flags;
    return SQLITE_OK;
}

static int mem_delete(sqlite3_vfs *v, const char *name, int sync_dir)
{
    (void)sync_dir;
    MemFs *fs = (MemFs *)v;
    if (fs->sh->disk.frozen)
        return SQLITE_IOERR_DELETE;
    MemFile *f = mem_find(fs, name);
    if (!f)
        return SQLITE_IOERR_DELETE_NOENT;
    mem_unlink(fs, f);
    return SQLITE_OK;
}

static int mem_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    const MemFile *f = mem_find((MemFs *)v, name);
    /* As the unix VFS: an empty file does not exist for SQLITE_ACCESS_EXISTS. */
    *out = f && (flags != SQLITE_ACCESS_EXISTS || f->size > 0);
    return SQLITE_OK;
}

static int mem_full_path(sqlite3_vfs *v, const char *name, int n, char *out)
{
    (void)v;
    snprintf(out, (size_t)n, "%s", name);
    return SQLITE_OK;
}

static int mem_randomness(sqlite3_vfs *v, int n, char *out)
{
    SimRng *r = &((MemFs *)v)->sh->disk_rng;
    for (int i = 0; i < n; i++)
        out[i] = (char)(sim_rng_next(r) & 0xFF);
    return n;
}

static int mem_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return us;
}

static int mem_current_time(sqlite3_vfs *v, double *out)
{
    (void)v;
    *out = 2440587.5; /* the Unix epoch as a Julian day: nothing reads the date */
    return SQLITE_OK;
}

static int mem_last_error(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    if (n > 0)
        out[0] = '\0';
    return 0;
}

bool memfs_register(SimHost *sh)
{
    MemFs *fs = calloc(1, sizeof *fs);
    if (!fs)
        return false;
    fs->sh = sh;
    sqlite3_vfs *v = &fs->vfs;
    v->iVersion = 1;
    v->szOsFile = (int)sizeof(MemHandle);
    v->mxPathname = MEM_PATH_MAX;
    v->zName = sh->vfs_name;
    v->xOpen = mem_open;
    v->xDelete = mem_delete;
    v->xAccess = mem_access;
    v->xFullPathname = mem_full_path;
    v->xRandomness = mem_randomness;
    v->xSleep = mem_sleep;
    v->xCurrentTime = mem_current_time;
    v->xGetLastError = mem_last_error;
    if (sqlite3_vfs_register(v, 0) != SQLITE_OK) {
        free(fs);
        return false;
    }
    sh->memfs = fs;
    return true;
}

void memfs_unregister(SimHost *sh)
{
    MemFs *fs = sh->memfs;
    if (!fs)
        return;
    sqlite3_vfs_unregister(&fs->vfs);
    while (fs->files) {
        MemFile *f = fs->files;
        fs->files = f->next;
        mem_free_file(f); /* nothing is open now: the host and the reader are closed */
    }
    free(fs);
    sh->memfs = NULL;
}
