/* sim_vfs.c — the journal's disk as the simulator makes it (sim.h): a VFS
 * over SQLite's default that passes every call through, except that
 * - while the disk is full (SimDisk.full) a write fails with SQLITE_FULL,
 *   as a full file system's does;
 * - once the host's process has died (SimDisk.frozen, set by a kill, or by
 *   the crash_in-th write from the moment a kill inside a write was armed)
 *   nothing more reaches the files: writes, truncations, syncs and deletes
 *   fail, so the files stay as the kill left them (what SQLite's close
 *   would checkpoint does not happen);
 * - a sync succeeds without syncing: the faults are process kills, after
 *   which the system keeps every byte written (a power cut, which keeps only
 *   what was synced, is not modelled);
 * - randomness (the WAL's salts) comes from the world's seed and sleeps
 *   (the busy handler) take no time, so a run replays byte for byte.
 */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

typedef struct VfsFile {
    sqlite3_file base;
    SimDisk *disk;
    sqlite3_file *real; /* SQLite's own file, right after this struct */
} VfsFile;

typedef struct VfsBox {
    sqlite3_vfs vfs;
    sqlite3_vfs *real;
    sqlite3_io_methods io;
} VfsBox;

static sqlite3_file *vfs_real(sqlite3_file *f)
{
    return ((VfsFile *)f)->real;
}

static SimDisk *vfs_disk(sqlite3_file *f)
{
    return ((VfsFile *)f)->disk;
}

static int vfs_close(sqlite3_file *f)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods ? r->pMethods->xClose(r) : SQLITE_OK;
}

static int vfs_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xRead(r, buf, n, off);
}

static int vfs_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    SimDisk *d = vfs_disk(f);
    if (!d->frozen && d->crash_in > 0 && --d->crash_in == 0)
        d->frozen = true; /* the process dies at this write: it never reaches the file */
    if (d->frozen)
        return SQLITE_IOERR_WRITE;
    if (d->full) {
        d->full_refusals++;
        return SQLITE_FULL;
    }
    d->writes++;
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xWrite(r, buf, n, off);
}

static int vfs_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    if (vfs_disk(f)->frozen)
        return SQLITE_IOERR_TRUNCATE;
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xTruncate(r, size);
}

static int vfs_sync(sqlite3_file *f, int flags)
{
    (void)flags;
    SimDisk *d = vfs_disk(f);
    if (d->frozen)
        return SQLITE_IOERR_FSYNC;
    d->syncs++;
    return SQLITE_OK; /* a kill keeps what was written; nothing waits for the platter */
}

static int vfs_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xFileSize(r, size);
}

static int vfs_lock(sqlite3_file *f, int level)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xLock(r, level);
}

static int vfs_unlock(sqlite3_file *f, int level)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xUnlock(r, level);
}

static int vfs_check_lock(sqlite3_file *f, int *out)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xCheckReservedLock(r, out);
}

static int vfs_control(sqlite3_file *f, int op, void *arg)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xFileControl(r, op, arg);
}

static int vfs_sector(sqlite3_file *f)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xSectorSize(r);
}

static int vfs_device(sqlite3_file *f)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xDeviceCharacteristics(r);
}

static int vfs_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xShmMap(r, region, size, extend, out);
}

static int vfs_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xShmLock(r, offset, n, flags);
}

static void vfs_shm_barrier(sqlite3_file *f)
{
    sqlite3_file *r = vfs_real(f);
    r->pMethods->xShmBarrier(r);
}

static int vfs_shm_unmap(sqlite3_file *f, int delete_flag)
{
    sqlite3_file *r = vfs_real(f);
    return r->pMethods->xShmUnmap(r, delete_flag);
}

static const sqlite3_io_methods vfs_io = {
    2, /* shared memory for the WAL, no memory-mapped reads */
    vfs_close,   vfs_read,     vfs_write,       vfs_truncate,  vfs_sync,   vfs_file_size,
    vfs_lock,    vfs_unlock,   vfs_check_lock,  vfs_control,   vfs_sector, vfs_device,
    vfs_shm_map, vfs_shm_lock, vfs_shm_barrier, vfs_shm_unmap, NULL,       NULL};

static int vfs_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out_flags)
{
    VfsBox *box = (VfsBox *)v;
    VfsFile *p = (VfsFile *)f;
    memset(p, 0, sizeof *p);
    p->disk = &((SimHost *)v->pAppData)->disk;
    p->real = (sqlite3_file *)&p[1];
    int rc = box->real->xOpen(box->real, name, p->real, flags, out_flags);
    p->base.pMethods = p->real->pMethods ? &vfs_io : NULL;
    return rc;
}

static int vfs_delete(sqlite3_vfs *v, const char *name, int sync_dir)
{
    if (((SimHost *)v->pAppData)->disk.frozen)
        return SQLITE_IOERR_DELETE;
    sqlite3_vfs *real = ((VfsBox *)v)->real;
    return real->xDelete(real, name, sync_dir);
}

static int vfs_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    sqlite3_vfs *real = ((VfsBox *)v)->real;
    return real->xAccess(real, name, flags, out);
}

static int vfs_full_path(sqlite3_vfs *v, const char *name, int n, char *out)
{
    sqlite3_vfs *real = ((VfsBox *)v)->real;
    return real->xFullPathname(real, name, n, out);
}

static int vfs_randomness(sqlite3_vfs *v, int n, char *out)
{
    SimRng *r = &((SimHost *)v->pAppData)->disk_rng; /* the same salts every run */
    for (int i = 0; i < n; i++)
        out[i] = (char)(sim_rng_next(r) & 0xFF);
    return n;
}

static int vfs_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return us; /* no real time passes in the world */
}

static int vfs_current_time(sqlite3_vfs *v, double *out)
{
    (void)v;
    *out = 2440587.5; /* the Unix epoch as a Julian day: nothing reads the date */
    return SQLITE_OK;
}

static int vfs_last_error(sqlite3_vfs *v, int n, char *out)
{
    sqlite3_vfs *real = ((VfsBox *)v)->real;
    return real->xGetLastError ? real->xGetLastError(real, n, out) : 0;
}

bool vfs_register(SimHost *sh)
{
    sqlite3_vfs *real = sqlite3_vfs_find(NULL);
    VfsBox *box = calloc(1, sizeof *box);
    if (!real || !box) {
        free(box);
        return false;
    }
    box->real = real;
    sqlite3_vfs *v = &box->vfs;
    v->iVersion = 1;
    v->szOsFile = (int)sizeof(VfsFile) + real->szOsFile;
    v->mxPathname = real->mxPathname;
    v->zName = sh->vfs_name;
    v->pAppData = sh;
    v->xOpen = vfs_open;
    v->xDelete = vfs_delete;
    v->xAccess = vfs_access;
    v->xFullPathname = vfs_full_path;
    v->xRandomness = vfs_randomness;
    v->xSleep = vfs_sleep;
    v->xCurrentTime = vfs_current_time;
    v->xGetLastError = vfs_last_error;
    if (sqlite3_vfs_register(v, 0) != SQLITE_OK) {
        free(box);
        return false;
    }
    sh->vfs = box;
    return true;
}

void vfs_unregister(SimHost *sh)
{
    if (!sh->vfs)
        return;
    sqlite3_vfs_unregister(&((VfsBox *)sh->vfs)->vfs);
    free(sh->vfs);
    sh->vfs = NULL;
}
