/* cli_net.c — ceki-cli's network helpers (contract in cli_net.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_net.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CLI_NET_ERR_MAX 256
#define CLI_NET_POLL_MS 20u

uint64_t cli_now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void cli_sleep_ms(uint32_t ms)
{
    struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
}

NetClient *cli_net_client(const char *cmd, int max_conns, const char *bind)
{
    char err[CLI_NET_ERR_MAX] = "";
    NetClientOptions opt = {max_conns, 0, 0, CLI_NET_PEER_TIMEOUT_MS, bind};
    NetClient *c = net_client_create(&opt, err, sizeof err);
    if (!c)
        fprintf(stderr, "ceki-cli: %s: %s\n", cmd, err);
    return c;
}

NetConn cli_net_connect(const char *cmd, NetClient *c, const char *host_port)
{
    char err[CLI_NET_ERR_MAX] = "";
    NetConn conn = net_client_connect(c, host_port, err, sizeof err);
    if (!conn) {
        fprintf(stderr, "ceki-cli: %s: %s\n", cmd, err);
        return 0;
    }
    NetEvent ev;
    NetMsg *msg = malloc(sizeof *msg); /* nothing is expected before the connection */
    uint64_t end = cli_now_ms() + CLI_NET_CONNECT_MS;
    bool up = false;
    NetReason refused = NET_REASON_NONE;
    while (msg && !up && cli_now_ms() < end) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(c, CLI_NET_POLL_MS, &ev, msg) || ev.conn != conn)
            continue;
        if (ev.kind == NET_EVENT_DISCONNECT) {
            refused = ev.reason;
            break;
        }
        up = ev.kind == NET_EVENT_CONNECT;
    }
    free(msg);
    if (up)
        return conn;
    if (refused != NET_REASON_NONE)
        fprintf(stderr, "ceki-cli: %s: the server at %s refused the connection: %s\n", cmd,
                host_port, net_reason_text(refused));
    else
        fprintf(stderr, "ceki-cli: %s: cannot reach a ceki-server at %s\n", cmd, host_port);
    net_client_disconnect(c, conn, NET_REASON_LEAVING);
    return 0;
}

bool cli_net_wait(const char *cmd, NetClient *c, NetConn conn, uint32_t timeout_ms, NetMsg *msg)
{
    NetEvent ev;
    uint64_t end = cli_now_ms() + timeout_ms;
    while (cli_now_ms() < end) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(c, CLI_NET_POLL_MS, &ev, msg) || ev.conn != conn)
            continue;
        if (ev.kind == NET_EVENT_MESSAGE)
            return true;
        if (ev.kind == NET_EVENT_DISCONNECT) {
            fprintf(stderr, "ceki-cli: %s: the server closed the connection: %s\n", cmd,
                    net_reason_text(ev.reason));
            return false;
        }
    }
    fprintf(stderr, "ceki-cli: %s: no answer from the server\n", cmd);
    return false;
}
