/* cmd_pei.c — ceki-cli's `stakes` (Pèi) and `checki` (Kowah) commands. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli_pei.h"
#include "cli_util.h"
#include "kowah.h"
#include "pei.h"
#include "record.h"

static bool parse_int(const char *text, long lo, long hi, int *out)
{
    long v = 0;
    if (!cli_parse_long(text, lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

/* "A,B,C": three scores from 0 to 100000. */
static bool parse_scores(const char *text, int scores[PEI_PLAYERS])
{
    char buf[64];
    if (!text || strlen(text) >= sizeof buf)
        return false;
    memcpy(buf, text, strlen(text) + 1);
    char *p = buf;
    for (int i = 0; i < PEI_PLAYERS; i++) {
        char *comma = strchr(p, ',');
        if ((comma != NULL) != (i < PEI_PLAYERS - 1))
            return false;
        if (comma)
            *comma = '\0';
        if (!parse_int(p, 0, 100000, &scores[i]))
            return false;
        p = comma ? comma + 1 : p;
    }
    return true;
}

static const char *who(int player, char buf[16])
{
    if (player == PEI_POT)
        return "pot";
    snprintf(buf, 16, "P%d", player + 1);
    return buf;
}

int cli_cmd_stakes(int argc, char **argv)
{
    StakeScheme scheme = STAKES_COUNT;
    bool jung = false;
    bool have_scores = false;
    int scores[PEI_PLAYERS] = {0};
    int pot = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--scheme") == 0 && i + 1 < argc) {
            scheme = stake_scheme_find(argv[++i]);
            if (scheme == STAKES_COUNT) {
                fprintf(stderr,
                        "ceki-cli: stakes: unknown scheme '%s' (none, wudon, rampung, "
                        "parewanan, nir, jedhil)\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--jung") == 0) {
            jung = true;
        } else if (strcmp(argv[i], "--scores") == 0 && i + 1 < argc) {
            if (!parse_scores(argv[++i], scores)) {
                fprintf(stderr,
                        "ceki-cli: stakes: --scores wants three scores A,B,C (0 to 100000), "
                        "not '%s'\n",
                        argv[i]);
                return 2;
            }
            have_scores = true;
        } else if (strcmp(argv[i], "--pot") == 0 && i + 1 < argc) {
            if (!parse_int(argv[++i], 0, 1000000, &pot)) {
                fprintf(stderr, "ceki-cli: stakes: --pot wants a number of units, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "ceki-cli: stakes: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (scheme == STAKES_COUNT || !have_scores) {
        fprintf(stderr, "ceki-cli: stakes needs --scheme NAME and --scores A,B,C\n");
        return 2;
    }
    if (jung && scheme != STAKES_RAMPUNG && scheme != STAKES_PAREWANAN) {
        fprintf(stderr, "ceki-cli: stakes: --jung goes with rampung or parewanan only\n");
        return 2;
    }
    if (pot != 0 && scheme != STAKES_NIR && scheme != STAKES_JEDHIL) {
        fprintf(stderr, "ceki-cli: stakes: only nir and jedhil carry a pot\n");
        return 2;
    }
    PeiStakes st;
    if (pei_settle_stakes(scheme, jung, scores, pot, &st) != CEKI_OK) {
        fprintf(stderr, "ceki-cli: stakes: cannot settle these scores\n");
        return 2;
    }
    char a[16], b[16];
    for (int i = 0; i < PEI_PLAYERS; i++)
        printf("%s %d %s\n", who(i, a), scores[i], pei_place_key(st.place[i]));
    for (int i = 0; i < st.npay; i++) {
        const PeiPayment *p = &st.pay[i];
        printf("%s pays %s %d (%s)\n", who(p->payer, a), who(p->payee, b), p->units,
               pei_reason_key(p->reason));
    }
    if (scheme == STAKES_NIR || scheme == STAKES_JEDHIL)
        printf("pot: %d\n", st.pot);
    printf("deals next: %s\n", who(pei_next_unyik(scores, 0, 1), a));
    printf("net: %d,%d,%d\n", st.net[0], st.net[1], st.net[2]);
    return 0;
}

int cli_cmd_checki(int argc, char **argv)
{
    char text[512] = "";
    size_t used = 0;
    for (int i = 1; i < argc; i++) {
        int w = snprintf(text + used, sizeof text - used, "%s ", argv[i]);
        if (w < 0 || (size_t)w >= sizeof text - used) {
            fprintf(stderr, "ceki-cli: checki: too many cards\n");
            return 2;
        }
        used += (size_t)w;
    }
    Card hand[KOWAH_HAND + 1];
    size_t n = 0, bad = 0;
    CekiStatus st = card_list_parse(text, hand, KOWAH_HAND + 1, &n, &bad);
    if (st == CEKI_ERR_PARSE) {
        size_t len = strcspn(text + bad, " \t\r\n");
        fprintf(stderr,
                "ceki-cli: checki: '%.*s' is not a Ceki card (C1-C9 S1-S9 M1-M9 OT WF RF)\n",
                (int)len, text + bad);
        return 2;
    }
    if (st != CEKI_OK || n != KOWAH_HAND) {
        fprintf(stderr, "ceki-cli: checki: a Kowah hand is %d cards; %s\n", KOWAH_HAND,
                st == CEKI_OK ? "this one is not" : "this has more");
        return 2;
    }
    int copies[CARD_CEKI_KINDS] = {0};
    for (size_t i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        if (!card_is_ceki(hand[i])) {
            fprintf(stderr, "ceki-cli: checki: %s is not a Ceki card\n", card_format(hand[i], t));
            return 2;
        }
        if (++copies[hand[i]] > 4) {
            fprintf(stderr, "ceki-cli: checki: Kowah's deck holds 4 %s at most\n",
                    card_format(hand[i], t));
            return 2;
        }
    }
    bool waits[CARD_CEKI_KINDS];
    if (!kowah_checki_waits(hand, waits)) {
        printf("checki: no\n");
        return 0;
    }
    printf("checki: yes\nwaits:");
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        char t[CARD_TEXT_MAX];
        if (waits[k])
            printf(" %s", card_format((Card)k, t));
    }
    printf("\n");
    return 0;
}
