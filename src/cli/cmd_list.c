/* cmd_list.c — `ceki-cli list` (contract in cli_netcmd.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_net.h"
#include "cli_netcmd.h"
#include "variant.h"

static int list_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: list: %s\n", why);
    fprintf(stderr, "usage: ceki-cli list --connect HOST:PORT [--bind ADDR]\n");
    return 2;
}

static void list_print(const NetTables *t)
{
    for (int i = 0; i < t->count; i++) {
        const NetTableEntry *e = &t->table[i];
        const VariantDesc *v =
            e->rules.variant < VARIANT_COUNT ? variant_get((VariantId)e->rules.variant) : NULL;
        printf("%s %s %u %u %s\n", e->table, v ? v->key : "?", (unsigned)e->rules.players,
               (unsigned)e->free_seats, e->started ? "yes" : "no");
    }
}

static int list_tables(const char *connect, const char *bind, NetMsg *msg)
{
    NetClient *c = cli_net_client("list", 1, bind);
    NetConn conn = c ? cli_net_connect("list", c, connect) : 0;
    memset(msg, 0, sizeof *msg);
    msg->type = NET_MSG_LIST;
    bool ok = conn && net_client_send(c, conn, msg);
    ok = ok && cli_net_wait("list", c, conn, CLI_NET_ANSWER_MS, msg);
    int st = 1;
    if (ok && msg->type == NET_MSG_TABLES) {
        list_print(&msg->u.tables);
        st = 0;
    } else if (ok && msg->type == NET_MSG_REFUSED) {
        fprintf(stderr, "ceki-cli: list: the server refused: %s\n", msg->u.refused.reason);
    } else if (ok) {
        fprintf(stderr, "ceki-cli: list: an unexpected answer from the server\n");
    }
    if (conn)
        net_client_disconnect(c, conn, NET_REASON_LEAVING);
    if (c)
        net_client_destroy(c);
    return st;
}

int cli_cmd_list(int argc, char **argv)
{
    const char *connect = NULL, *bind = NULL;
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 >= argc)
            return list_usage("an option lacks its value");
        if (strcmp(argv[i], "--connect") == 0)
            connect = argv[i + 1];
        else if (strcmp(argv[i], "--bind") == 0)
            bind = argv[i + 1];
        else
            return list_usage("unexpected argument");
    }
    if (!connect)
        return list_usage("needs --connect HOST:PORT");
    NetMsg *msg = malloc(sizeof *msg);
    if (!msg)
        return 1;
    int st = list_tables(connect, bind, msg);
    free(msg);
    return st;
}
