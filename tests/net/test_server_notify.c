/* test_server_notify.c — ceki-server and its service manager (notify.h).
 *
 *   test_server_notify CEKI_SERVER CEKI_CLI
 *
 * Plays systemd's part of the sd_notify protocol: an AF_UNIX datagram
 * socket in the abstract namespace, named to the server by $NOTIFY_SOCKET,
 * and the watchdog's $WATCHDOG_USEC and $WATCHDOG_PID. The server runs on
 * 127.0.0.1 with a port the system chooses (--port 0).
 * - READY=1 comes with the port it listens on, and a table can be made
 *   there at once (ceki-cli table): ready means serving.
 * - Asked for a 200 ms watchdog, it says WATCHDOG=1 every 100 ms or so
 *   while it runs; a watchdog meant for another process ($WATCHDOG_PID) it
 *   leaves alone.
 * - SIGTERM: STOPPING=1, then a clean exit.
 * Every wait is bounded (NOTIFY_WAIT_MS).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOTIFY_WAIT_MS 10000        /* the longest wait for one message */
#define NOTIFY_WATCHDOG_USEC 200000 /* the watchdog asked for */
#define NOTIFY_PING_WINDOW_MS 1500  /* how long the pings are counted */
#define NOTIFY_PINGS_MIN 5          /* at least this many in the window (about 14 expected) */
#define NOTIFY_QUIET_MS 600         /* no ping for another process's watchdog */
#define NOTIFY_MSG_MAX 512
#define NOTIFY_CMD_MAX 1024

static const char *server_exe;
static const char *cli_exe;

typedef struct Manager {
    int fd;
    char name[108]; /* "@ceki-notify-test-PID-N", as $NOTIFY_SOCKET says it */
    pid_t server;
} Manager;

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void manager_open(Manager *m)
{
    static int count = 0;
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "@ceki-notify-test-%ld-%d", (long)getpid(), count++);
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    size_t len = strlen(m->name);
    memcpy(addr.sun_path, m->name, len);
    addr.sun_path[0] = '\0';
    m->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    assert_true(m->fd >= 0);
    socklen_t addr_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
    assert_int_equal(bind(m->fd, (struct sockaddr *)&addr, addr_len), 0);
}

/* Starts the server with the manager's socket and, when `watchdog_pid` is
 * not 0, a watchdog for that process (-1: the server itself). */
static void manager_start(Manager *m, long watchdog_pid)
{
    m->server = fork();
    assert_true(m->server >= 0);
    if (m->server == 0) {
        char usec[32], pid[32];
        snprintf(usec, sizeof usec, "%d", NOTIFY_WATCHDOG_USEC);
        snprintf(pid, sizeof pid, "%ld", watchdog_pid < 0 ? (long)getpid() : watchdog_pid);
        setenv("NOTIFY_SOCKET", m->name, 1);
        if (watchdog_pid != 0) {
            setenv("WATCHDOG_USEC", usec, 1);
            setenv("WATCHDOG_PID", pid, 1);
        }
        if (!freopen("/dev/null", "w", stderr))
            _exit(127);
        execl(server_exe, server_exe, "--bind", "127.0.0.1", "--port", "0", (char *)NULL);
        _exit(127);
    }
}

/* The next message within `wait_ms`, into `buf`; false when none came. */
static bool manager_recv(Manager *m, char *buf, size_t size, int wait_ms)
{
    struct pollfd p = {m->fd, POLLIN, 0};
    if (poll(&p, 1, wait_ms) <= 0)
        return false;
    ssize_t n = recv(m->fd, buf, size - 1, 0);
    if (n < 0)
        return false;
    buf[n] = '\0';
    return true;
}

/* Waits for a message holding `want` (others are skipped), within
 * NOTIFY_WAIT_MS; false when none came. */
static bool manager_expect(Manager *m, const char *want, char *buf, size_t size)
{
    uint64_t end = now_ms() + NOTIFY_WAIT_MS;
    for (uint64_t t = now_ms(); t < end; t = now_ms()) {
        if (manager_recv(m, buf, size, (int)(end - t)) && strstr(buf, want))
            return true;
    }
    return false;
}

/* How many WATCHDOG=1 arrive within `window_ms`. */
static int manager_count_pings(Manager *m, int window_ms)
{
    char buf[NOTIFY_MSG_MAX];
    int pings = 0;
    uint64_t end = now_ms() + (uint64_t)window_ms;
    for (uint64_t t = now_ms(); t < end; t = now_ms()) {
        if (manager_recv(m, buf, sizeof buf, (int)(end - t)) && strstr(buf, "WATCHDOG=1"))
            pings++;
    }
    return pings;
}

/* SIGTERM: STOPPING=1, then exit status 0. */
static void manager_stop(Manager *m)
{
    char buf[NOTIFY_MSG_MAX];
    assert_int_equal(kill(m->server, SIGTERM), 0);
    assert_true(manager_expect(m, "STOPPING=1", buf, sizeof buf));
    int status = -1;
    assert_int_equal(waitpid(m->server, &status, 0), m->server);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    m->server = 0;
}

/* After each test, even one that failed half-way: no server left. */
static int manager_teardown(void **state)
{
    Manager *m = *state;
    if (m->server > 0) {
        kill(m->server, SIGKILL);
        waitpid(m->server, NULL, 0);
    }
    if (m->fd > 0)
        close(m->fd);
    memset(m, 0, sizeof *m);
    return 0;
}

/* READY=1 names the port, and the server makes a table there at once. */
static void test_ready_means_serving(void **state)
{
    Manager *m = *state;
    manager_open(m);
    manager_start(m, 0);
    char buf[NOTIFY_MSG_MAX];
    assert_true(manager_expect(m, "READY=1", buf, sizeof buf));
    const char *at = strstr(buf, "STATUS=listening on 127.0.0.1:");
    assert_non_null(at);
    unsigned port = (unsigned)strtoul(at + strlen("STATUS=listening on 127.0.0.1:"), NULL, 10);
    assert_true(port > 0);
    char cmd[NOTIFY_CMD_MAX];
    snprintf(cmd, sizeof cmd,
             "timeout 20 '%s' table --connect 127.0.0.1:%u --variant thothit "
             "--seats net,greedy,greedy | grep -q '^table: '",
             cli_exe, port);
    assert_int_equal(system(cmd), 0);
    manager_stop(m);
}

/* The watchdog it was asked for is fed while the loop turns. */
static void test_watchdog_fed(void **state)
{
    Manager *m = *state;
    manager_open(m);
    manager_start(m, -1);
    char buf[NOTIFY_MSG_MAX];
    assert_true(manager_expect(m, "READY=1", buf, sizeof buf));
    int pings = manager_count_pings(m, NOTIFY_PING_WINDOW_MS);
    printf("watchdog of %d ms: %d pings in %d ms\n", NOTIFY_WATCHDOG_USEC / 1000, pings,
           NOTIFY_PING_WINDOW_MS);
    assert_true(pings >= NOTIFY_PINGS_MIN);
    manager_stop(m);
}

/* A watchdog meant for another process is not fed. */
static void test_watchdog_of_another(void **state)
{
    Manager *m = *state;
    manager_open(m);
    manager_start(m, 1);
    char buf[NOTIFY_MSG_MAX];
    assert_true(manager_expect(m, "READY=1", buf, sizeof buf));
    assert_int_equal(manager_count_pings(m, NOTIFY_QUIET_MS), 0);
    manager_stop(m);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_server_notify CEKI_SERVER CEKI_CLI\n");
        return 2;
    }
    server_exe = argv[1];
    cli_exe = argv[2];
    static Manager m;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate_setup_teardown(test_ready_means_serving, NULL, manager_teardown,
                                                 &m),
        cmocka_unit_test_prestate_setup_teardown(test_watchdog_fed, NULL, manager_teardown, &m),
        cmocka_unit_test_prestate_setup_teardown(test_watchdog_of_another, NULL, manager_teardown,
                                                 &m),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
