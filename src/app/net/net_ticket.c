/* net_ticket.c — the ticket kept in the store, and the way back (net_ticket.h). */
#include "net_ticket.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"
#include "paths.h"

#define NET_TICKET_DIR "net" /* beside the store: a hosted table's journal */

bool net_ticket_save(Store *st, const NetTicket *t, const char *variant_key, char *err,
                     size_t err_size)
{
    if (t == NULL) {
        return false;
    }
    StoreTicket s;
    memset(&s, 0, sizeof s);
    snprintf(s.host, sizeof s.host, "%s", t->address.host);
    s.port = t->address.port;
    snprintf(s.table, sizeof s.table, "%s", t->address.table);
    snprintf(s.token, sizeof s.token, "%s", t->token);
    s.hosting = t->hosting;
    snprintf(s.variant, sizeof s.variant, "%s", variant_key != NULL ? variant_key : "");
    return store_ticket_put(st, &s, err, err_size);
}

bool net_ticket_load(Store *st, NetTicket *out)
{
    StoreTicket s;
    char text[NET_ADDRESS_HOST_MAX + NET_TABLE_ID_MAX + 16];
    if (out == NULL || !store_ticket_get(st, &s) || s.port < 1 || s.port > UINT16_MAX) {
        return false;
    }
    snprintf(text, sizeof text, "%s:%d/%s", s.host, s.port, s.table);
    memset(out, 0, sizeof *out);
    if (!net_address_parse(text, &out->address, NULL, 0) || out->address.table[0] == '\0' ||
        strlen(s.token) != NET_TOKEN_LEN) {
        return false;
    }
    memcpy(out->token, s.token, sizeof out->token);
    out->hosting = s.hosting;
    return true;
}

bool net_ticket_at(const NetTicket *t, const NetAddress *a)
{
    return strcmp(t->address.host, a->host) == 0 && t->address.port == a->port &&
           strcmp(t->address.table, a->table) == 0;
}

void net_ticket_forget(Store *st)
{
    char err[200];
    store_ticket_drop(st, err, sizeof err);
}

void net_ticket_caption(const NetTicket *t, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    if (t != NULL && t->hosting) { /* its address is this computer's own */
        snprintf(buf, size, _("Your own table, hosted here on port %u"),
                 (unsigned)(t->address.port != 0 ? t->address.port : NET_DEFAULT_PORT));
        return;
    }
    snprintf(buf, size, _("Rejoin the table at %s"), t != NULL ? t->address.host : "");
}

bool net_ticket_data_dir(char *out, size_t size)
{
    if (!paths_pref_file(NET_TICKET_DIR, out, size)) {
        return false;
    }
    return mkdir(out, 0700) == 0 || errno == EEXIST;
}

NetTable *net_ticket_rejoin(const NetTicket *t, const char *name, char *err, size_t err_size)
{
    if (t == NULL) {
        snprintf(err, err_size, "%s", _("There is no table of yours to host again."));
        return NULL;
    }
    if (!t->hosting) {
        return net_table_join(&t->address, t->token, name, err, err_size);
    }
    char dir[1024];
    if (!net_ticket_data_dir(dir, sizeof dir)) {
        snprintf(err, err_size, "%s", _("There is no table of yours to host again."));
        return NULL;
    }
    NetHostOptions o;
    memset(&o, 0, sizeof o);
    o.port = t->address.port;
    o.data_dir = dir;
    snprintf(o.name, sizeof o.name, "%s", name != NULL ? name : "");
    return net_table_resume(&o, t, err, err_size);
}
