/* udp_shim — a lossy, slow UDP relay on 127.0.0.1 for the network tests
 * (10 % loss and 100 ms delay, where netem is not available).
 *
 *   udp_shim UPSTREAM_PORT LOSS_PERCENT DELAY_MS SEED MAX_SECONDS
 *
 * Listens on 127.0.0.1 on a port the system chooses and prints
 * "shim: listening on 127.0.0.1:PORT" on stdout. Each client address gets
 * its own socket toward 127.0.0.1:UPSTREAM_PORT. Every datagram, either
 * way, is dropped with LOSS_PERCENT % probability (a xorshift generator
 * seeded with SEED) or else sent DELAY_MS later. Ends after MAX_SECONDS or
 * on SIGTERM.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define SHIM_MAX_CLIENTS 64
#define SHIM_QUEUE 8192    /* datagrams in flight */
#define SHIM_DATAGRAM 2048 /* ENet keeps datagrams under its MTU (1400) */
#define SHIM_POLL_MAX_MS 10

typedef struct Client {
    struct sockaddr_in addr;
    int fd; /* toward the upstream */
} Client;

typedef struct Held {
    uint64_t due;
    int fd;
    struct sockaddr_in to;
    size_t len;
    uint8_t data[SHIM_DATAGRAM];
} Held;

typedef struct Shim {
    int listen_fd;
    struct sockaddr_in upstream;
    Client client[SHIM_MAX_CLIENTS];
    int nclients;
    Held *queue;
    int head, count;
    uint64_t rng;
    unsigned loss;
    uint64_t delay;
} Shim;

static volatile sig_atomic_t shim_stop = 0;

static void on_signal(int sig)
{
    shim_stop = sig;
}

static uint64_t now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static bool lose(Shim *s)
{
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 7;
    s->rng ^= s->rng << 17;
    return s->rng % 100u < s->loss;
}

static void hold(Shim *s, int fd, const struct sockaddr_in *to, const uint8_t *data, size_t len)
{
    if (lose(s) || s->count == SHIM_QUEUE || len > SHIM_DATAGRAM)
        return;
    Held *h = &s->queue[(s->head + s->count++) % SHIM_QUEUE];
    h->due = now_ms() + s->delay;
    h->fd = fd;
    h->to = *to;
    h->len = len;
    memcpy(h->data, data, len);
}

static void release(Shim *s)
{
    uint64_t now = now_ms();
    while (s->count > 0 && s->queue[s->head].due <= now) {
        Held *h = &s->queue[s->head];
        sendto(h->fd, h->data, h->len, 0, (const struct sockaddr *)&h->to, sizeof h->to);
        s->head = (s->head + 1) % SHIM_QUEUE;
        s->count--;
    }
}

static Client *client_for(Shim *s, const struct sockaddr_in *from)
{
    for (int i = 0; i < s->nclients; i++) {
        if (s->client[i].addr.sin_port == from->sin_port &&
            s->client[i].addr.sin_addr.s_addr == from->sin_addr.s_addr)
            return &s->client[i];
    }
    if (s->nclients == SHIM_MAX_CLIENTS)
        return NULL;
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0)
        return NULL;
    Client *c = &s->client[s->nclients++];
    c->addr = *from;
    c->fd = fd;
    return c;
}

static void pump(Shim *s, int fd, bool from_clients)
{
    uint8_t buf[SHIM_DATAGRAM];
    struct sockaddr_in from;
    socklen_t flen = sizeof from;
    ssize_t n = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&from, &flen);
    if (n <= 0)
        return;
    if (from_clients) {
        Client *c = client_for(s, &from);
        if (c)
            hold(s, c->fd, &s->upstream, buf, (size_t)n);
        return;
    }
    for (int i = 0; i < s->nclients; i++) {
        if (s->client[i].fd == fd)
            hold(s, s->listen_fd, &s->client[i].addr, buf, (size_t)n);
    }
}

static int wait_ms(const Shim *s)
{
    if (s->count == 0)
        return SHIM_POLL_MAX_MS;
    uint64_t now = now_ms(), due = s->queue[s->head].due;
    return due <= now ? 0 : due - now < SHIM_POLL_MAX_MS ? (int)(due - now) : SHIM_POLL_MAX_MS;
}

static void run(Shim *s, uint64_t end)
{
    struct pollfd pfd[SHIM_MAX_CLIENTS + 1];
    while (!shim_stop && now_ms() < end) {
        pfd[0].fd = s->listen_fd;
        pfd[0].events = POLLIN;
        for (int i = 0; i < s->nclients; i++) {
            pfd[i + 1].fd = s->client[i].fd;
            pfd[i + 1].events = POLLIN;
        }
        int n = poll(pfd, (nfds_t)s->nclients + 1, wait_ms(s));
        for (int i = 0; n > 0 && i <= s->nclients; i++) {
            if (pfd[i].revents & POLLIN)
                pump(s, pfd[i].fd, i == 0);
        }
        release(s);
    }
}

static bool open_listen(Shim *s)
{
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    s->listen_fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (s->listen_fd < 0 || bind(s->listen_fd, (struct sockaddr *)&a, sizeof a) != 0 ||
        getsockname(s->listen_fd, (struct sockaddr *)&a, &len) != 0)
        return false;
    printf("shim: listening on 127.0.0.1:%u\n", (unsigned)ntohs(a.sin_port));
    fflush(stdout);
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: udp_shim UPSTREAM_PORT LOSS_PERCENT DELAY_MS SEED MAX_SECONDS\n");
        return 2;
    }
    Shim s;
    memset(&s, 0, sizeof s);
    s.upstream.sin_family = AF_INET;
    s.upstream.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    s.upstream.sin_port = htons((uint16_t)atoi(argv[1]));
    s.loss = (unsigned)atoi(argv[2]);
    s.delay = (uint64_t)atoi(argv[3]);
    s.rng = strtoull(argv[4], NULL, 10) | 1u;
    uint64_t end = now_ms() + (uint64_t)atoi(argv[5]) * 1000u;
    s.queue = malloc(SHIM_QUEUE * sizeof *s.queue);
    signal(SIGTERM, on_signal);
    if (!s.queue || !open_listen(&s)) {
        fprintf(stderr, "udp_shim: cannot listen on 127.0.0.1\n");
        return 1;
    }
    run(&s, end);
    free(s.queue);
    return 0;
}
