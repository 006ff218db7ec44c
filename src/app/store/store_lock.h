/* store_lock.h — locks beside the store that end with the copy of the
 * program holding them: one while a copy opens the database,
 * one per game a copy has open.
 *
 * Why: two copies of the program may share one ceki.db. SQLite keeps each
 * write whole, but it cannot say that a game in progress is being played in
 * another window, and a new database being made by one copy can look
 * half-made to the other. A lock here is an open file description's lock
 * (Linux OFD lock; elsewhere a POSIX record lock) on a small file in the
 * folder `locks/` beside the database: the kernel lets it go when the copy
 * closes it, exits or is killed (kill -9 included), so a crash never leaves
 * a game held.
 *
 * Contract
 * - lock_take: non-blocking. >= 0 (a descriptor) when this caller now holds
 *   the lock; LOCK_HELD when another holder has it (another copy, or another
 *   description in this process, as two Stores in one test); LOCK_NONE when
 *   no lock can be made here (a read-only folder): the caller goes on
 *   unprotected, as before this existed.
 * - lock_take_within waits for a held lock, sleeping between tries, at most
 *   `ms` milliseconds (bounded in count and time).
 * - lock_held_elsewhere asks without taking anything (so asking never makes
 *   a taker fail); a lock this caller holds itself is not "elsewhere" only
 *   when the caller does not ask about it (the Store keeps its own list).
 * - lock_drop lets the lock go and, when `remove` is true, removes the file
 *   first (while still held, so a taker never holds a removed file: it
 *   checks after locking that the name still names the file it locked).
 * - Names: lock_path makes `<folder of db>/locks/<name>`.
 * No SDL.
 */
#ifndef CEKI_APP_STORE_LOCK_H
#define CEKI_APP_STORE_LOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LOCK_HELD (-1) /* another holder has it */
#define LOCK_NONE (-2) /* no lock can be made here */
#define LOCK_DIR "locks"

/* `<folder of db>/locks/<name>` into out; false when it does not fit. */
bool lock_path(const char *db, const char *name, char *out, size_t size);
int lock_take(const char *path);
int lock_take_within(const char *path, int ms);
bool lock_held_elsewhere(const char *path);
void lock_drop(int fd, const char *path, bool remove);
/* The clock and the pause of every bounded wait here and in the store
 * (store.c's tries at a busy file): monotonic milliseconds, and a sleep of
 * ms milliseconds. */
int64_t lock_clock_ms(void);
void lock_sleep_ms(int ms);

#endif
