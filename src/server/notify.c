/* notify.c — the sd_notify protocol for ceki-server (notify.h). */
#define _POSIX_C_SOURCE 200809L
#include "notify.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#define NOTIFY_USEC_PER_MS 1000u

bool notify_send(const char *state)
{
    const char *name = getenv("NOTIFY_SOCKET");
    if (name == NULL || name[0] == '\0')
        return true;
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    size_t len = strlen(name);
    /* An absolute path, or '@' for the abstract namespace; nothing else. */
    if ((name[0] != '/' && name[0] != '@') || len >= sizeof addr.sun_path)
        return false;
    addr.sun_family = AF_UNIX;
    memcpy(addr.sun_path, name, len);
    if (name[0] == '@')
        addr.sun_path[0] = '\0';
    socklen_t addr_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
    if (name[0] == '/')
        addr_len++; /* the path's terminating zero */
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    size_t n = strlen(state);
    ssize_t sent = -1;
    do {
        sent = sendto(fd, state, n, MSG_NOSIGNAL, (const struct sockaddr *)&addr, addr_len);
    } while (sent < 0 && errno == EINTR);
    close(fd);
    return sent == (ssize_t)n;
}

/* A decimal number that is all of `text` and above 0, or 0. */
static unsigned long long notify_parse(const char *text)
{
    if (text == NULL || text[0] < '0' || text[0] > '9')
        return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' ? v : 0;
}

uint64_t notify_watchdog_ms(void)
{
    const char *pid = getenv("WATCHDOG_PID");
    if (pid != NULL && notify_parse(pid) != (unsigned long long)getpid())
        return 0;
    unsigned long long usec = notify_parse(getenv("WATCHDOG_USEC"));
    if (usec == 0)
        return 0;
    uint64_t ms = usec / NOTIFY_USEC_PER_MS;
    return ms > 0 ? ms : 1;
}
