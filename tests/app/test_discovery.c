#define _POSIX_C_SOURCE 200809L /* sockets, nanosleep */
/* test_discovery.c — tables announced on the local network (discovery.h):
 * the datagrams strictly decoded, and an announcer and a scanner talking
 * over 127.0.0.1 only, each wait bounded in count and time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cmocka.h>

#include "discovery.h"
#include "variant.h"

#define WAIT_ROUNDS 400 /* polls of at most WAIT_STEP_MS each: 2 s at most */
#define WAIT_STEP_MS 5

static DiscoveryTable sample(void)
{
    DiscoveryTable t = {.port = 7157, .variant = 1, .players = 4, .free_seats = 2};
    strcpy(t.table, "ab-12");
    strcpy(t.name, "Sri W\xc3\xa9");
    return t;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {.tv_sec = 0, .tv_nsec = ms * 1000000L};
    nanosleep(&ts, NULL);
}

static void test_answer_round_trip(void **state)
{
    (void)state;
    DiscoveryTable t = sample();
    uint8_t buf[DISCOVERY_DATAGRAM_MAX];
    size_t n = discovery_encode_answer(&t, buf, sizeof buf);
    assert_true(n > 0);
    DiscoveryTable back;
    memset(&back, 0, sizeof back);
    assert_true(discovery_decode_answer(buf, n, &back));
    assert_int_equal(back.port, 7157);
    assert_int_equal(back.variant, 1);
    assert_int_equal(back.players, 4);
    assert_int_equal(back.free_seats, 2);
    assert_string_equal(back.table, "ab-12");
    assert_string_equal(back.name, "Sri W\xc3\xa9");
    assert_string_equal(back.host, "");
    /* A query is not an answer, and the other way round. */
    assert_false(discovery_is_query(buf, n));
    uint8_t q[DISCOVERY_DATAGRAM_MAX];
    size_t qn = discovery_encode_query(q, sizeof q);
    assert_true(discovery_is_query(q, qn));
    assert_false(discovery_decode_answer(q, qn, &back));
    assert_int_equal(discovery_encode_query(q, 3), 0);
}

/* Every cut of an answer, and one byte more, is refused and leaves the
 * caller's table as it was. */
static void test_answer_cut_or_long(void **state)
{
    (void)state;
    DiscoveryTable t = sample();
    uint8_t buf[DISCOVERY_DATAGRAM_MAX + 1];
    size_t n = discovery_encode_answer(&t, buf, DISCOVERY_DATAGRAM_MAX);
    assert_true(n > 0 && n < DISCOVERY_DATAGRAM_MAX);
    DiscoveryTable out;
    memset(&out, 0x5a, sizeof out);
    DiscoveryTable before = out;
    for (size_t len = 0; len < n; len++) {
        assert_false(discovery_decode_answer(buf, len, &out));
    }
    buf[n] = 'x';
    assert_false(discovery_decode_answer(buf, n + 1, &out));
    assert_memory_equal(&out, &before, sizeof out);
}

/* Decodes the sample after `edit` changed its bytes: whether it was taken. */
static bool decodes_after(void (*edit)(uint8_t *buf, size_t n))
{
    DiscoveryTable t = sample();
    uint8_t buf[DISCOVERY_DATAGRAM_MAX];
    size_t n = discovery_encode_answer(&t, buf, sizeof buf);
    edit(buf, n);
    DiscoveryTable out;
    return discovery_decode_answer(buf, n, &out);
}

static void bad_magic(uint8_t *b, size_t n)
{
    (void)n;
    b[0] = 'X';
}
static void bad_version(uint8_t *b, size_t n)
{
    (void)n;
    b[4] = DISCOVERY_VERSION + 1;
}
static void bad_port(uint8_t *b, size_t n)
{
    (void)n;
    b[6] = 0;
    b[7] = 0;
}
static void bad_variant(uint8_t *b, size_t n)
{
    (void)n;
    b[8] = VARIANT_COUNT;
}
static void one_player(uint8_t *b, size_t n)
{
    (void)n;
    b[9] = 1;
    b[10] = 0;
}
static void seven_players(uint8_t *b, size_t n)
{
    (void)n;
    b[9] = CEKI_MAX_SEATS + 1;
}
static void free_over_players(uint8_t *b, size_t n)
{
    (void)n;
    b[10] = 5;
}
static void id_space(uint8_t *b, size_t n)
{
    (void)n;
    b[12] = ' ';
}
static void id_nul(uint8_t *b, size_t n)
{
    (void)n;
    b[13] = '\0';
}
static void name_control(uint8_t *b, size_t n)
{
    b[n - 4] = '\n';
}
static void name_not_utf8(uint8_t *b, size_t n)
{
    b[n - 1] = 0x41; /* the second byte of "é" no longer continues it */
}

static void test_answer_refusals(void **state)
{
    (void)state;
    void (*const edits[])(uint8_t *, size_t) = {
        bad_magic,         bad_version, bad_port, bad_variant,  one_player,   seven_players,
        free_over_players, id_space,    id_nul,   name_control, name_not_utf8};
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        assert_false(decodes_after(edits[i]));
    }
    /* A table that is not well formed is not encoded either. */
    DiscoveryTable t = sample();
    t.free_seats = 9;
    uint8_t buf[DISCOVERY_DATAGRAM_MAX];
    assert_int_equal(discovery_encode_answer(&t, buf, sizeof buf), 0);
    t = sample();
    assert_int_equal(discovery_encode_answer(&t, buf, 10), 0);
}

/* Polls both until the scanner lists `want` tables, bounded; how many. */
static int wait_found(DiscoveryAnnouncer *a, DiscoveryScanner *s, int want)
{
    const DiscoveryTable *found = NULL;
    for (int i = 0; i < WAIT_ROUNDS && discovery_scanner_found(s, &found) < want; i++) {
        discovery_announcer_poll(a);
        discovery_scanner_poll(s);
        sleep_ms(WAIT_STEP_MS);
    }
    return discovery_scanner_found(s, &found);
}

static void test_announce_over_loopback(void **state)
{
    (void)state;
    char err[200] = "";
    DiscoveryAnnouncer *a = discovery_announcer_open("127.0.0.1", 0, err, sizeof err);
    assert_non_null(a);
    uint16_t port = discovery_announcer_port(a);
    assert_true(port != 0);
    DiscoveryScanner *s = discovery_scanner_open(err, sizeof err);
    assert_non_null(s);

    /* Nothing to say yet: the query is read and not answered. */
    assert_true(discovery_scanner_ask(s, "127.0.0.1", port));
    for (int i = 0; i < WAIT_ROUNDS / 10; i++) {
        assert_int_equal(discovery_announcer_poll(a), 0);
        sleep_ms(WAIT_STEP_MS);
    }
    discovery_scanner_poll(s);
    const DiscoveryTable *found = NULL;
    assert_int_equal(discovery_scanner_found(s, &found), 0);

    DiscoveryTable t = sample();
    assert_true(discovery_announcer_set(a, &t));
    assert_true(discovery_scanner_ask(s, "127.0.0.1", port));
    assert_int_equal(wait_found(a, s, 1), 1);
    discovery_scanner_found(s, &found);
    assert_string_equal(found[0].host, "127.0.0.1");
    assert_int_equal(found[0].port, 7157);
    assert_string_equal(found[0].table, "ab-12");
    assert_int_equal(found[0].free_seats, 2);

    /* Asked again after a seat was taken: the same table, listed once, changed. */
    t.free_seats = 1;
    assert_true(discovery_announcer_set(a, &t));
    assert_true(discovery_scanner_ask(s, "127.0.0.1", port));
    for (int i = 0; i < WAIT_ROUNDS && found[0].free_seats != 1; i++) {
        discovery_announcer_poll(a);
        discovery_scanner_poll(s);
        discovery_scanner_found(s, &found);
        sleep_ms(WAIT_STEP_MS);
    }
    assert_int_equal(discovery_scanner_found(s, &found), 1);
    assert_int_equal(found[0].free_seats, 1);

    /* A table not well formed is refused and the old answer stays. */
    t.players = 0;
    assert_false(discovery_announcer_set(a, &t));
    discovery_scanner_forget(s);
    assert_int_equal(discovery_scanner_found(s, &found), 0);
    assert_true(discovery_scanner_ask(s, "127.0.0.1", port));
    assert_int_equal(wait_found(a, s, 1), 1);
    assert_int_equal(found[0].players, 4);

    discovery_scanner_close(s);
    discovery_announcer_close(a);
    discovery_scanner_close(NULL);
    discovery_announcer_close(NULL);
}

/* A fake announcer in the test: a plain UDP socket on 127.0.0.1. */
static int raw_socket(uint16_t *port)
{
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in at = {.sin_family = AF_INET, .sin_port = 0};
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof at;
    assert_int_equal(bind(fd, (struct sockaddr *)&at, sizeof at), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&at, &len), 0);
    struct timeval tv = {.tv_sec = 2, .tv_usec = 0}; /* a read waits 2 s at most */
    assert_int_equal(setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv), 0);
    *port = ntohs(at.sin_port);
    return fd;
}

/* What a peer sends the scanner that is not an answer is not listed; only
 * the one good answer among the garbage is. Bad destinations are refused. */
static void test_scanner_ignores_garbage(void **state)
{
    (void)state;
    char err[200] = "";
    uint16_t port = 0;
    int fake = raw_socket(&port);
    DiscoveryScanner *s = discovery_scanner_open(err, sizeof err);
    assert_non_null(s);
    assert_false(discovery_scanner_ask(s, "not an address", port));
    assert_false(discovery_scanner_ask(s, "300.1.1.1", port));
    assert_true(discovery_scanner_ask(s, "127.0.0.1", port));

    uint8_t q[DISCOVERY_DATAGRAM_MAX];
    struct sockaddr_in from;
    socklen_t from_len = sizeof from;
    ssize_t n = recvfrom(fake, q, sizeof q, 0, (struct sockaddr *)&from, &from_len);
    assert_true(n > 0 && discovery_is_query(q, (size_t)n));

    DiscoveryTable t = sample();
    uint8_t good[DISCOVERY_DATAGRAM_MAX];
    size_t good_len = discovery_encode_answer(&t, good, sizeof good);
    const struct {
        const void *bytes;
        size_t len;
    } sends[] = {{q, (size_t)n}, {good, good_len - 1}, {"CEKD", 4}, {good, good_len}};
    for (size_t i = 0; i < sizeof sends / sizeof sends[0]; i++) {
        assert_int_equal(
            sendto(fake, sends[i].bytes, sends[i].len, 0, (const struct sockaddr *)&from, from_len),
            (ssize_t)sends[i].len);
    }
    const DiscoveryTable *found = NULL;
    for (int i = 0; i < WAIT_ROUNDS && discovery_scanner_found(s, &found) == 0; i++) {
        discovery_scanner_poll(s);
        sleep_ms(WAIT_STEP_MS);
    }
    discovery_scanner_poll(s);
    assert_int_equal(discovery_scanner_found(s, &found), 1);
    assert_string_equal(found[0].table, "ab-12");
    assert_null(discovery_announcer_open("1.2.3", 0, err, sizeof err));
    assert_true(err[0] != '\0');
    discovery_scanner_close(s);
    close(fake);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer_round_trip),
        cmocka_unit_test(test_answer_cut_or_long),
        cmocka_unit_test(test_answer_refusals),
        cmocka_unit_test(test_announce_over_loopback),
        cmocka_unit_test(test_scanner_ignores_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
