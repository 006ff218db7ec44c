/* discovery.c — tables announced on the local network (discovery.h). */
#define _POSIX_C_SOURCE 200809L /* sockets, strnlen */
#include "discovery.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "utf8.h"
#include "variant.h"

#define MAGIC_LEN 4
#define KIND_QUERY 'Q'
#define KIND_ANSWER 'A'
#define HEADER_LEN (MAGIC_LEN + 2)
#define MIN_PLAYERS 2
static const uint8_t MAGIC[MAGIC_LEN] = {'C', 'E', 'K', 'D'};

/* ---- the datagrams ------------------------------------------------------ */

static size_t put_header(uint8_t *buf, uint8_t kind)
{
    memcpy(buf, MAGIC, MAGIC_LEN);
    buf[MAGIC_LEN] = (uint8_t)DISCOVERY_VERSION;
    buf[MAGIC_LEN + 1] = kind;
    return HEADER_LEN;
}

static bool has_header(const uint8_t *buf, size_t len, uint8_t kind)
{
    return len >= HEADER_LEN && memcmp(buf, MAGIC, MAGIC_LEN) == 0 &&
           buf[MAGIC_LEN] == DISCOVERY_VERSION && buf[MAGIC_LEN + 1] == kind;
}

size_t discovery_encode_query(uint8_t *buf, size_t cap)
{
    return cap >= HEADER_LEN ? put_header(buf, KIND_QUERY) : 0;
}

bool discovery_is_query(const uint8_t *buf, size_t len)
{
    return len == HEADER_LEN && has_header(buf, len, KIND_QUERY);
}

static bool id_ok(const char *s, size_t len)
{
    if (len == 0 || len > NET_TABLE_ID_MAX) {
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        bool ok =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

/* Well-formed UTF-8 without control characters (utf8.h). */
static bool name_ok(const uint8_t *s, size_t len)
{
    if (len > NET_NAME_MAX) {
        return false;
    }
    for (size_t i = 0; i < len;) {
        uint32_t cp = 0;
        size_t n = utf8_next(s + i, len - i, &cp);
        if (n == 0 || utf8_is_control(cp)) {
            return false;
        }
        i += n;
    }
    return true;
}

static bool table_ok(const DiscoveryTable *t)
{
    return t->port != 0 && t->variant < VARIANT_COUNT && t->players >= MIN_PLAYERS &&
           t->players <= CEKI_MAX_SEATS && t->free_seats <= t->players &&
           id_ok(t->table, strnlen(t->table, sizeof t->table)) &&
           strnlen(t->name, sizeof t->name) <= NET_NAME_MAX &&
           name_ok((const uint8_t *)t->name, strnlen(t->name, sizeof t->name));
}

size_t discovery_encode_answer(const DiscoveryTable *t, uint8_t *buf, size_t cap)
{
    if (!table_ok(t)) {
        return 0;
    }
    size_t id_len = strlen(t->table), name_len = strlen(t->name);
    size_t need = HEADER_LEN + 2 + 3 + 1 + id_len + 1 + name_len;
    if (need > cap) {
        return 0;
    }
    size_t pos = put_header(buf, KIND_ANSWER);
    buf[pos++] = (uint8_t)(t->port & 0xff);
    buf[pos++] = (uint8_t)(t->port >> 8);
    buf[pos++] = t->variant;
    buf[pos++] = t->players;
    buf[pos++] = t->free_seats;
    buf[pos++] = (uint8_t)id_len;
    memcpy(buf + pos, t->table, id_len);
    pos += id_len;
    buf[pos++] = (uint8_t)name_len;
    memcpy(buf + pos, t->name, name_len);
    return pos + name_len;
}

bool discovery_decode_answer(const uint8_t *buf, size_t len, DiscoveryTable *out)
{
    const size_t fixed = HEADER_LEN + 2 + 3 + 1;
    if (len < fixed || !has_header(buf, len, KIND_ANSWER)) {
        return false;
    }
    DiscoveryTable t = {.host = ""};
    size_t pos = HEADER_LEN;
    t.port = (uint16_t)(buf[pos] | (buf[pos + 1] << 8));
    t.variant = buf[pos + 2];
    t.players = buf[pos + 3];
    t.free_seats = buf[pos + 4];
    size_t id_len = buf[pos + 5];
    pos = fixed;
    if (pos + id_len + 1 > len || !id_ok((const char *)buf + pos, id_len)) {
        return false;
    }
    memcpy(t.table, buf + pos, id_len);
    pos += id_len;
    size_t name_len = buf[pos++];
    if (pos + name_len != len || !name_ok(buf + pos, name_len)) {
        return false;
    }
    memcpy(t.name, buf + pos, name_len);
    if (!table_ok(&t)) {
        return false;
    }
    *out = t;
    return true;
}

/* ---- sockets ------------------------------------------------------------ */

static void say(char *err, size_t size, const char *what)
{
    if (err != NULL && size > 0) {
        snprintf(err, size, "%s: %s", what, strerror(errno));
    }
}

/* A non-blocking UDP socket, or -1 with a sentence. */
static int open_socket(char *err, size_t err_size)
{
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) {
        say(err, err_size, "No socket for discovery");
        return -1;
    }
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
        say(err, err_size, "No socket for discovery");
        close(fd);
        return -1;
    }
    return fd;
}

static bool address_of(const char *host, uint16_t port, struct sockaddr_in *out)
{
    *out = (struct sockaddr_in){.sin_family = AF_INET, .sin_port = htons(port)};
    if (host == NULL) {
        out->sin_addr.s_addr = htonl(INADDR_ANY);
        return true;
    }
    return inet_pton(AF_INET, host, &out->sin_addr) == 1;
}

/* What a socket's reader does with one datagram from `from`: 1 when it
 * counts (answered, or taken into the list), else 0. */
typedef int (*DatagramTake)(void *ctx, const uint8_t *buf, size_t len,
                            const struct sockaddr_in *from, socklen_t from_len);

/* Reads the datagrams waiting on fd, at most DISCOVERY_READS_PER_POLL,
 * and hands each to take; how many counted. Never blocks. */
static int read_datagrams(int fd, DatagramTake take, void *ctx)
{
    int counted = 0;
    for (int i = 0; i < DISCOVERY_READS_PER_POLL; i++) {
        uint8_t buf[DISCOVERY_DATAGRAM_MAX];
        struct sockaddr_in from;
        socklen_t from_len = sizeof from;
        ssize_t n = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&from, &from_len);
        if (n < 0) {
            break; /* nothing more waiting (or an error: tried again next poll) */
        }
        counted += take(ctx, buf, (size_t)n, &from, from_len);
    }
    return counted;
}

struct DiscoveryAnnouncer {
    int fd;
    uint16_t port;
    bool has_table;
    uint8_t answer[DISCOVERY_DATAGRAM_MAX];
    size_t answer_len;
};

DiscoveryAnnouncer *discovery_announcer_open(const char *bind_to, uint16_t port, char *err,
                                             size_t err_size)
{
    struct sockaddr_in at;
    if (!address_of(bind_to, port, &at)) {
        if (err != NULL && err_size > 0) {
            snprintf(err, err_size, "Not an IPv4 address: %s", bind_to);
        }
        return NULL;
    }
    int fd = open_socket(err, err_size);
    if (fd < 0) {
        return NULL;
    }
    socklen_t at_len = sizeof at;
    if (bind(fd, (const struct sockaddr *)&at, sizeof at) != 0 ||
        getsockname(fd, (struct sockaddr *)&at, &at_len) != 0) {
        say(err, err_size, "Cannot listen for discovery");
        close(fd);
        return NULL;
    }
    DiscoveryAnnouncer *a = calloc(1, sizeof *a);
    if (a == NULL) {
        close(fd);
        return NULL;
    }
    *a = (DiscoveryAnnouncer){.fd = fd, .port = ntohs(at.sin_port)};
    return a;
}

uint16_t discovery_announcer_port(const DiscoveryAnnouncer *a)
{
    return a != NULL ? a->port : 0;
}

bool discovery_announcer_set(DiscoveryAnnouncer *a, const DiscoveryTable *t)
{
    uint8_t buf[DISCOVERY_DATAGRAM_MAX];
    size_t n = discovery_encode_answer(t, buf, sizeof buf);
    if (a == NULL || n == 0) {
        return false;
    }
    memcpy(a->answer, buf, n);
    a->answer_len = n;
    a->has_table = true;
    return true;
}

/* A query while a table is announced: the answer goes back to who asked. */
static int answer_query(void *ctx, const uint8_t *buf, size_t len, const struct sockaddr_in *from,
                        socklen_t from_len)
{
    const DiscoveryAnnouncer *a = ctx;
    if (!a->has_table || !discovery_is_query(buf, len)) {
        return 0;
    }
    return sendto(a->fd, a->answer, a->answer_len, 0, (const struct sockaddr *)from, from_len) ==
           (ssize_t)a->answer_len;
}

int discovery_announcer_poll(DiscoveryAnnouncer *a)
{
    return a != NULL ? read_datagrams(a->fd, answer_query, a) : 0;
}

void discovery_announcer_close(DiscoveryAnnouncer *a)
{
    if (a != NULL) {
        close(a->fd);
        free(a);
    }
}

struct DiscoveryScanner {
    int fd;
    DiscoveryTable found[DISCOVERY_MAX_FOUND];
    int count;
};

DiscoveryScanner *discovery_scanner_open(char *err, size_t err_size)
{
    int fd = open_socket(err, err_size);
    if (fd < 0) {
        return NULL;
    }
    int on = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &on, sizeof on) != 0) {
        say(err, err_size, "Cannot ask the local network");
        close(fd);
        return NULL;
    }
    DiscoveryScanner *s = calloc(1, sizeof *s);
    if (s == NULL) {
        close(fd);
        return NULL;
    }
    s->fd = fd;
    return s;
}

bool discovery_scanner_ask(DiscoveryScanner *s, const char *dest, uint16_t port)
{
    struct sockaddr_in to;
    if (s == NULL || !address_of(dest != NULL ? dest : "255.255.255.255",
                                 port != 0 ? port : DISCOVERY_PORT, &to)) {
        return false;
    }
    uint8_t buf[HEADER_LEN];
    size_t n = discovery_encode_query(buf, sizeof buf);
    return sendto(s->fd, buf, n, 0, (const struct sockaddr *)&to, sizeof to) == (ssize_t)n;
}

/* Where an answer from this table goes in the list (a new slot or its
 * old one), or -1 when the list is full. */
static int slot_of(const DiscoveryScanner *s, const DiscoveryTable *t)
{
    for (int i = 0; i < s->count; i++) {
        const DiscoveryTable *f = &s->found[i];
        if (strcmp(f->host, t->host) == 0 && f->port == t->port &&
            strcmp(f->table, t->table) == 0) {
            return i;
        }
    }
    return s->count < DISCOVERY_MAX_FOUND ? s->count : -1;
}

/* Takes one answer into the list: true when it is new or changed. */
static bool take_answer(DiscoveryScanner *s, const DiscoveryTable *t)
{
    int i = slot_of(s, t);
    if (i < 0 || (i < s->count && memcmp(&s->found[i], t, sizeof *t) == 0)) {
        return false;
    }
    s->found[i] = *t;
    if (i == s->count) {
        s->count++;
    }
    return true;
}

/* An answer, from the host that sent it: into the list (1 when new or
 * changed). */
static int read_answer(void *ctx, const uint8_t *buf, size_t len, const struct sockaddr_in *from,
                       socklen_t from_len)
{
    (void)from_len;
    DiscoveryTable t;
    memset(&t, 0, sizeof t);
    if (!discovery_decode_answer(buf, len, &t) ||
        inet_ntop(AF_INET, &from->sin_addr, t.host, sizeof t.host) == NULL) {
        return 0;
    }
    return take_answer(ctx, &t);
}

int discovery_scanner_poll(DiscoveryScanner *s)
{
    return s != NULL ? read_datagrams(s->fd, read_answer, s) : 0;
}

int discovery_scanner_found(const DiscoveryScanner *s, const DiscoveryTable **out)
{
    *out = s != NULL ? s->found : NULL;
    return s != NULL ? s->count : 0;
}

void discovery_scanner_forget(DiscoveryScanner *s)
{
    if (s != NULL) {
        memset(s->found, 0, sizeof s->found);
        s->count = 0;
    }
}

void discovery_scanner_close(DiscoveryScanner *s)
{
    if (s != NULL) {
        close(s->fd);
        free(s);
    }
}
