/* net_address.c — addresses and invites (net_address.h). */
#define _DEFAULT_SOURCE
#include "net_address.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#ifndef _WIN32
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#endif

#define NET_INVITE_SCHEME "ceki://"
#define NET_INVITE_KEY "key="
#define NET_PORT_MAX 65535L

static void net_say(char *err, size_t err_size, const char *why)
{
    if (err != NULL && err_size > 0) {
        snprintf(err, err_size, "%s", why);
    }
}

static bool net_host_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-';
}

static bool table_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

/* "HOST": letters, digits, dots and dashes, 1..NET_ADDRESS_HOST_MAX of them. */
static bool net_parse_host(const char *s, size_t len, NetAddress *out)
{
    if (len == 0 || len > NET_ADDRESS_HOST_MAX) {
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        if (!net_host_char(s[i])) {
            return false;
        }
    }
    memcpy(out->host, s, len);
    out->host[len] = '\0';
    return true;
}

/* "PORT": digits only, 1..65535. */
static bool net_parse_port(const char *s, size_t len, uint16_t *out)
{
    long v = 0;
    if (len == 0 || len > 5) {
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        v = v * 10 + (s[i] - '0');
    }
    if (v < 1 || v > NET_PORT_MAX) {
        return false;
    }
    *out = (uint16_t)v;
    return true;
}

/* "TABLE" (possibly empty): [A-Za-z0-9-], at most NET_TABLE_ID_MAX. */
static bool net_parse_table(const char *s, size_t len, NetAddress *out)
{
    if (len > NET_TABLE_ID_MAX) {
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        if (!table_id_char(s[i])) {
            return false;
        }
    }
    memcpy(out->table, s, len);
    out->table[len] = '\0';
    return true;
}

/* "key=KEY" after the "?" of an invite: NET_KEY_LEN hex digits, kept in
 * lower case (the host makes them so). */
static bool net_parse_key(const char *s, size_t len, NetAddress *out)
{
    size_t name = strlen(NET_INVITE_KEY);
    if (len != name + NET_KEY_LEN || strncmp(s, NET_INVITE_KEY, name) != 0) {
        return false;
    }
    for (size_t i = 0; i < NET_KEY_LEN; i++) {
        if (!isxdigit((unsigned char)s[name + i])) {
            return false;
        }
        out->key[i] = (char)tolower((unsigned char)s[name + i]);
    }
    out->key[NET_KEY_LEN] = '\0';
    return true;
}

/* "/TABLE[/][?key=KEY]" from slash to end. */
static bool net_parse_path(const char *slash, const char *end, NetAddress *out)
{
    const char *query = memchr(slash, '?', (size_t)(end - slash));
    const char *table_end = query != NULL ? query : end;
    size_t tlen = (size_t)(table_end - slash - 1);
    if (tlen > 0 && slash[tlen] == '/') {
        tlen--; /* a trailing slash, as some programs add to links */
    }
    if (!net_parse_table(slash + 1, tlen, out)) {
        return false;
    }
    if (query == NULL) {
        return true;
    }
    size_t qlen = (size_t)(end - query - 1);
    if (qlen > 0 && query[qlen] == '/') {
        qlen--;
    }
    return out->table[0] != '\0' && net_parse_key(query + 1, qlen, out);
}

static const char *net_parse_complaint(bool invite, const char *s, size_t len)
{
    if (memchr(s, '?', len) != NULL) {
        return _("That invite's key is not whole: copy the whole link, up to the end of its "
                 "key.");
    }
    return invite ? _("That invite is not complete: it reads ceki://HOST:PORT/TABLE.")
                  : _("That is not an address: write it as HOST:PORT, for example "
                      "192.168.1.20:7157, or paste an invite.");
}

bool net_address_parse(const char *text, NetAddress *out, char *err, size_t err_size)
{
    NetAddress a;
    memset(&a, 0, sizeof a);
    const char *s = text != NULL ? text : "";
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    bool invite = strncmp(s, NET_INVITE_SCHEME, strlen(NET_INVITE_SCHEME)) == 0;
    if (invite) {
        s += strlen(NET_INVITE_SCHEME);
    }
    size_t len = strcspn(s, " \t\r\n");
    const char *colon = memchr(s, ':', len);
    const char *slash = colon != NULL ? memchr(colon, '/', len - (size_t)(colon - s)) : NULL;
    const char *end = s + len;
    const char *port_end = slash != NULL ? slash : end;
    bool ok = colon != NULL && s[len + strspn(s + len, " \t\r\n")] == '\0' &&
              net_parse_host(s, (size_t)(colon - s), &a) &&
              net_parse_port(colon + 1, (size_t)(port_end - colon - 1), &a.port);
    if (ok && slash != NULL) {
        ok = net_parse_path(slash, end, &a);
    }
    if (ok && invite && a.table[0] == '\0') {
        ok = false;
    }
    if (!ok) {
        net_say(err, err_size, net_parse_complaint(invite, s, len));
        return false;
    }
    if (out != NULL) {
        *out = a;
    }
    return true;
}

void net_address_format_invite(const NetAddress *a, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    if (a == NULL) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, size, "%s%s:%u/%s%s%s", NET_INVITE_SCHEME, a->host, (unsigned)a->port, a->table,
             a->key[0] != '\0' ? "?" NET_INVITE_KEY : "", a->key);
}

#ifndef _WIN32
/* Adds the interfaces' addresses, loopback ones or the others. */
static int net_address_add(const struct ifaddrs *list, bool loopback, uint16_t port,
                           char out[][NET_ADDR_TEXT_MAX], int n, int cap)
{
    for (const struct ifaddrs *i = list; i != NULL && n < cap; i = i->ifa_next) {
        if (i->ifa_addr == NULL || i->ifa_addr->sa_family != AF_INET ||
            (i->ifa_flags & IFF_UP) == 0 || ((i->ifa_flags & IFF_LOOPBACK) != 0) != loopback) {
            continue;
        }
        char ip[INET_ADDRSTRLEN] = "";
        const struct sockaddr_in *sin = (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if (inet_ntop(AF_INET, &sin->sin_addr, ip, sizeof ip) != NULL) {
            snprintf(out[n++], NET_ADDR_TEXT_MAX, "%s:%u", ip, (unsigned)port);
        }
    }
    return n;
}
#endif

int net_address_list(uint16_t port, char out[][NET_ADDR_TEXT_MAX], int cap)
{
    int n = 0;
#ifndef _WIN32
    struct ifaddrs *list = NULL;
    if (out == NULL || cap <= 0 || getifaddrs(&list) != 0) {
        return 0;
    }
    n = net_address_add(list, false, port, out, n, cap);
    n = net_address_add(list, true, port, out, n, cap);
    freeifaddrs(list);
#else
    (void)port, (void)out, (void)cap;
#endif
    return n;
}
