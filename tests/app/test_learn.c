/* Learn mode: every example's numbers and verdicts come from the rules
 * core, every page of every variant fits its boxes at 1280x800 and draws at
 * 3840x2160, scrolling by wheel, keys and drag, an interactive example
 * driven by pushed mouse events, the ways in (title, setup, the table's
 * overlay), the house readings, and the guided page starting its game at
 * the table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#include "guided_line.h"
#include "kowah.h"
#include "learn.h"
#include "pei.h"
#include "scene_table.h"
#include "test_support.h"

/* ---- the examples against the core -------------------------------------------------- */

static int parse(const char *text, Card *out, int cap)
{
    size_t n = 0;
    assert_int_equal(card_list_parse(text, out, (size_t)cap, &n, NULL), CEKI_OK);
    return (int)n;
}

static void test_score_examples_come_from_the_core(void **state)
{
    (void)state;
    int count = 0;
    const LearnScoreExample *ex = learn_score_examples(&count);
    assert_true(count > 0);
    int checked = 0;
    for (int i = 0; i < count; i++) {
        for (int v = 0; v < VARIANT_COUNT; v++) {
            if (!(ex[i].variants & LEARN_BIT(v))) {
                continue;
            }
            Card pile[64];
            int n = parse(ex[i].pile, pile, 64);
            ScoreBreakdown *b = malloc(sizeof *b);
            assert_non_null(b);
            int total = score_pile((VariantId)v, ex[i].options, pile, n, b);
            LearnScoreView view;
            assert_true(learn_score_view((VariantId)v, &ex[i], &view));
            assert_int_equal(view.total, total);
            /* Every group the view shows is the core's, with its points. */
            int sum = 0, cards = 0;
            for (int g = 0; g < view.ngroups; g++) {
                bool found = false;
                for (int k = 0; k < b->ngroups; k++) {
                    if (strcmp(b->groups[k].label, view.groups[g].label) == 0 &&
                        b->groups[k].points == view.groups[g].points &&
                        b->groups[k].ncards == view.groups[g].ncards) {
                        found = true;
                    }
                }
                assert_true(found);
                sum += view.groups[g].points;
                cards += view.groups[g].ncards;
            }
            assert_int_equal(view.ngroups, b->ngroups);
            assert_int_equal(sum, total);
            assert_int_equal(cards, n);
            free(b);
            checked++;
        }
    }
    assert_true(checked >= count);
}

static void test_legal_examples_light_what_the_core_allows(void **state)
{
    (void)state;
    int count = 0;
    const LearnLegalExample *ex = learn_legal_examples(&count);
    for (int i = 0; i < count; i++) {
        for (int v = 0; v < VARIANT_COUNT; v++) {
            if (!(ex[i].variants & LEARN_BIT(v))) {
                continue;
            }
            Game *g =
                learn_example_position((VariantId)v, ex[i].card, ex[i].pool, ex[i].first_turn);
            assert_non_null(g);
            Card card, pool[16], lit[16], want[16];
            parse(ex[i].card, &card, 1);
            int np = parse(ex[i].pool, pool, 16);
            bool forfeit[16], may_trail = false;
            int nlit = learn_legal_targets(g, card, lit, forfeit, 16, &may_trail);
            /* Lit exactly where game_is_legal says yes. */
            for (int k = 0; k < np; k++) {
                Move m = {.type = MOVE_PLAY, .seat = 0, .card = card, .target = pool[k]};
                bool on = false;
                for (int j = 0; j < nlit; j++) {
                    on = on || lit[j] == pool[k];
                }
                assert_int_equal(on, game_is_legal(g, &m));
            }
            Move trail = {.type = MOVE_PLAY, .seat = 0, .card = card, .target = CARD_NONE};
            assert_int_equal(may_trail, game_is_legal(g, &trail));
            /* And what the caption promises. */
            if (strcmp(ex[i].expect, "-") == 0) {
                assert_int_equal(nlit, 0);
                assert_true(may_trail);
            } else {
                int nw = parse(ex[i].expect, want, 16);
                if (nlit != nw) {
                    fail_msg("example %d (%s): %d lit, caption promises %d", i,
                             variant_get((VariantId)v)->key, nlit, nw);
                }
                for (int k = 0; k < nw; k++) {
                    bool on = false;
                    for (int j = 0; j < nlit; j++) {
                        on = on || lit[j] == want[k];
                    }
                    assert_true(on);
                }
            }
            game_destroy(g);
        }
    }
}

static void test_try_examples_judge_as_the_core(void **state)
{
    (void)state;
    int count = 0;
    const LearnTryExample *ex = learn_try_examples(&count);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get((VariantId)v);
        bool hands = d->engine == ENGINE_FISHING && d->hand > 0;
        int mine = 0;
        for (int i = 0; i < count; i++) {
            if (!(ex[i].variants & LEARN_BIT(v))) {
                continue;
            }
            mine++;
            Game *g =
                learn_example_position((VariantId)v, ex[i].hand, ex[i].pool, ex[i].first_turn);
            assert_non_null(g);
            Card hand[16], pool[32];
            int nh = parse(ex[i].hand, hand, 16), np = parse(ex[i].pool, pool, 32);
            int legal = 0;
            for (int a = 0; a < nh; a++) {
                for (int t = 0; t <= np; t++) {
                    Card target = t < np ? pool[t] : CARD_NONE;
                    Move m = {.type = MOVE_PLAY, .seat = 0, .card = hand[a], .target = target};
                    LearnVerdict verdict;
                    learn_judge(g, STYLE_CEKI, hand[a], target, &verdict);
                    assert_true(verdict.made);
                    assert_int_equal(verdict.legal, game_is_legal(g, &m));
                    if (!verdict.legal) {
                        assert_non_null(strstr(verdict.text, game_explain_illegal(g, &m)));
                    }
                    legal += verdict.legal;
                }
            }
            assert_true(legal > 0);
            game_destroy(g);
        }
        /* Every game with a hand has something to try. */
        assert_int_equal(mine > 0, hands);
    }
}

static void test_checki_examples(void **state)
{
    (void)state;
    int count = 0;
    const LearnCheckiExample *ex = learn_checki_examples(&count);
    int eights = 0, nines = 0;
    for (int i = 0; i < count; i++) {
        Card hand[16];
        int n = parse(ex[i].hand, hand, 16);
        if (n == 8) {
            eights++;
            bool said_not = strstr(ex[i].title, "Not") != NULL;
            assert_int_equal(kowah_is_checki(hand), !said_not);
        } else {
            assert_int_equal(n, 9);
            nines++;
            int good = 0;
            for (int d = 0; d < 9; d++) {
                Card keep[8];
                int k = 0;
                for (int j = 0; j < 9; j++) {
                    if (j != d) {
                        keep[k++] = hand[j];
                    }
                }
                good += kowah_is_checki(keep);
            }
            assert_true(good >= 1 && good < 9);
        }
    }
    assert_true(eights >= 2 && nines >= 1);
}

/* ---- house readings ------------------------------------------------------------------ */

static void test_every_house_reading_is_shown(void **state)
{
    (void)state;
    int count = 0;
    const LearnHouseReading *hr = learn_house_readings(&count);
    int rules = 0;
    bool shown[64] = {false};
    assert_true(count <= 64);
    LearnDoc *doc = malloc(sizeof *doc);
    assert_non_null(doc);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        LearnSection sec[LEARN_SECTION_COUNT];
        int n = learn_sections((VariantId)v, sec);
        bool on_match[64] = {false};
        for (int s = 0; s < n; s++) {
            learn_doc_build(doc, (VariantId)v, sec[s], STYLE_CEKI);
            assert_false(doc->truncated);
            for (int b = 0; b < doc->count; b++) {
                if (doc->blocks[b].kind == LB_HOUSE) {
                    int i = doc->blocks[b].index;
                    assert_true(i >= 0 && i < count);
                    assert_true(hr[i].variants & LEARN_BIT(v)); /* only where it applies */
                    shown[i] = true;
                    on_match[i] = on_match[i] || sec[s] == LEARN_MATCH;
                }
            }
        }
        /* The match page lists every reading of the game. */
        for (int i = 0; i < count; i++) {
            if (hr[i].variants & LEARN_BIT(v)) {
                assert_true(on_match[i]);
            }
        }
    }
    for (int i = 0; i < count; i++) {
        assert_true(shown[i]);
        rules += hr[i].from == READING_RULES;
    }
    /* RULES.md has sixteen **Decision** paragraphs. */
    assert_int_equal(rules, 16);
    free(doc);
}

/* ---- worked numbers in the fixed texts against the core ---------------------------- */

/* A number a fixed text states (a house reading, a glossary entry, the
 * comparison table): `needle` with %d filled from the core must appear in
 * the text. A text that states another number, or a core that computes
 * another, fails. */
typedef struct Claim {
    char kind; /* 'r' house reading (by topic), 'g' glossary (by term), 'c' comparison row */
    const char *key;
    VariantId variant;
    uint32_t options;
    const char *cards; /* a captured pile... */
    int per;           /* ...whose score is divided by this (a rate per card) */
    const char *needle;
} Claim;

static const Claim claims[] = {
    {'c', "thothit", VARIANT_THOTHIT, 0, "C5 C5", 1, "Pair %d"},
    {'c', "thothit", VARIANT_THOTHIT, 0, "OT OT", 1, "red pair %d"},
    {'c', "thothit", VARIANT_THOTHIT, 0, "OT", 1, "red single %d"},
    {'c', "thothit-sackson", VARIANT_THOTHIT_SACKSON, 0, "C5 C5", 1, "%d a pair"},
    {'c', "thothit-sackson", VARIANT_THOTHIT_SACKSON, OPTION_ADVANCED, "C9 C9", 1, "9s %d"},
    {'c', "thothit-sackson", VARIANT_THOTHIT_SACKSON, OPTION_ADVANCED, "C1 C1", 1, "1s %d"},
    {'c', "enthit", VARIANT_ENTHIT, 0, "C5 C5 C5 C5", 1, "Four %d"},
    {'c', "enthit", VARIANT_ENTHIT, 0, "OT OT OT OT", 1, "(red %d)"},
    {'c', "enthit", VARIANT_ENTHIT, 0, "C5 C5", 1, "pair %d"},
    {'c', "enthit", VARIANT_ENTHIT, 0, "OT OT", 1, "(red %d),"},
    {'c', "enthit", VARIANT_ENTHIT, 0, "OT", 1, "red single %d"},
    {'c', "thothit-kuna", VARIANT_THOTHIT_KUNA, 0, "C5 C5 C5 C5", 1, "Four %d"},
    {'c', "thothit-kuna", VARIANT_THOTHIT_KUNA, 0, "C5 C5 C5", 1, "three %d"},
    {'c', "thothit-kuna", VARIANT_THOTHIT_KUNA, 0, "OT OT OT OT", 1, "red %d"},
    {'c', "thothit-kuna", VARIANT_THOTHIT_KUNA, 0, "OT OT OT", 1, ", %d, pair"},
    {'c', "thothit-kuna", VARIANT_THOTHIT_KUNA, 0, "OT OT", 1, "pair %d"},
    {'c', "thothit-yogyakarta", VARIANT_THOTHIT_YOGYAKARTA, 0, "C5 C5", 1, "Pair %d"},
    {'c', "thothit-yogyakarta", VARIANT_THOTHIT_YOGYAKARTA, 0, "OT", 1, "each red card %d"},
    {'c', "thit-thit-dulit", VARIANT_THIT_THIT_DULIT, 0, "C5 C5", 1, "Pair %d"},
    {'c', "thit-thit-dulit", VARIANT_THIT_THIT_DULIT, 0, "OT", 1, "each red card %d"},
    {'c', "totit", VARIANT_TOTIT, 0, "C5 C5", 1, "%d a pair"},
    {'c', "totit-denexa", VARIANT_TOTIT_DENEXA, 0, "C5 C5", 1, "%d a pair"},
    {'c', "pei", VARIANT_PEI, 0, "C9 S1 M1", 3, "%d to"},
    {'c', "pei", VARIANT_PEI, 0, "C1 C2 C3", 3, "to %d a card"},
    {'c', "pei-magelang", VARIANT_PEI_MAGELANG, 0, "C9 S1 M1", 3, "%d to"},
    {'c', "pei-magelang", VARIANT_PEI_MAGELANG, 0, "C1 C2 C3", 3, "to %d a card"},
    {'r', "Thirteen a card", VARIANT_PEI, 0, "C1 C2 C3", 3, "keep %d a card"},
    {'r', "Thirteen a card", VARIANT_PEI, 0, "C1 C2 C3", 1, "%d, 52"},
    {'r', "Thirteen a card", VARIANT_PEI, 0, "C1 C2 C3 C4", 1, "39, %d"},
    {'r', "Thirteen a card", VARIANT_PEI, 0, "C1 C2 C3 C4 C5 C6 C7 C8 C9", 1, "up to %d"},
    {'r', "Scoring and first player", VARIANT_THIT_THIT_DULIT, 0, "C5 C5", 1,
     "%d for an identical pair"},
    {'r', "Scoring and first player", VARIANT_THIT_THIT_DULIT, 0, "OT", 1,
     "%d more for every red-stamped card"},
    {'g', "pang kéyang", VARIANT_PEI, 0, "WF S8 M9", 3, "worth %d a card"},
    {'g', "pang picis", VARIANT_PEI, 0, "C8 S2 M2", 3, "worth %d a card"},
    {'g', "macan", VARIANT_PEI, 0, "C9 S1 M1", 3, "worth %d a card"},
};

static const char *claim_text(const Claim *c)
{
    int n = 0;
    if (c->kind == 'c') {
        return learn_compare_row(variant_find(c->key)->id)->scoring;
    }
    if (c->kind == 'r') {
        const LearnHouseReading *hr = learn_house_readings(&n);
        for (int i = 0; i < n; i++) {
            if (strcmp(hr[i].topic, c->key) == 0 && (hr[i].variants & LEARN_BIT(c->variant))) {
                return hr[i].text;
            }
        }
    }
    const LearnTerm *t = learn_glossary(&n);
    for (int i = 0; c->kind == 'g' && i < n; i++) {
        if (strcmp(t[i].term, c->key) == 0) {
            return t[i].meaning;
        }
    }
    fail_msg("no text for %c %s", c->kind, c->key);
    return "";
}

static void check_stake_claim(const char *text, const char *needle, int value)
{
    char want[128];
    snprintf(want, sizeof want, needle, value);
    if (strstr(text, want) == NULL) {
        fail_msg("'%s' does not say '%s' (the core pays %d)", text, want, value);
    }
}

static int paid(const PeiStakes *st, int reason, int payee)
{
    int units = 0;
    for (int i = 0; i < st->npay; i++) {
        units += st->pay[i].reason == reason && st->pay[i].payee == payee ? st->pay[i].units : 0;
    }
    return units;
}

static const char *reading_text(const char *topic)
{
    int n = 0;
    const LearnHouseReading *hr = learn_house_readings(&n);
    for (int i = 0; i < n; i++) {
        if (strcmp(hr[i].topic, topic) == 0) {
            return hr[i].text;
        }
    }
    fail_msg("no reading '%s'", topic);
    return "";
}

static void test_worked_numbers_in_fixed_texts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
        const Claim *c = &claims[i];
        int value = learn_pile_score(c->variant, c->options, c->cards) / c->per;
        char want[128];
        snprintf(want, sizeof want, c->needle, value);
        const char *text = claim_text(c);
        if (strstr(text, want) == NULL) {
            fail_msg("%s '%s': '%s' does not say '%s' (the core scores %s as %d)",
                     c->kind == 'c'   ? "comparison"
                     : c->kind == 'r' ? "reading"
                                      : "glossary",
                     c->key, text, want, c->cards, value);
        }
    }
    /* The té: the kete pays 1 unit with 200 points or more, 2 with fewer. */
    PeiStakes st;
    assert_int_equal(
        pei_settle_stakes(STAKES_RAMPUNG, false, (const int[3]){300, 250, 200}, 0, &st), CEKI_OK);
    const char *te = reading_text("Who pays the _té_");
    check_stake_claim(te, "ngeté %d unit with 200", paid(&st, PEI_PAY_TE_LUMRAH, 0));
    assert_int_equal(
        pei_settle_stakes(STAKES_RAMPUNG, false, (const int[3]){300, 250, 199}, 0, &st), CEKI_OK);
    check_stake_claim(te, "and %d units with fewer", paid(&st, PEI_PAY_TE_MATI, 0));
    /* Wudon's pot and its thirds. */
    assert_int_equal(pei_settle_stakes(STAKES_WUDON, false, (const int[3]){300, 250, 200}, 0, &st),
                     CEKI_OK);
    const char *prizes = reading_text("Prizes from the pot");
    check_stake_claim(prizes, "pot is %d units", paid(&st, PEI_PAY_ANTE, PEI_POT));
    check_stake_claim(prizes, "thirds are %d", paid(&st, PEI_PAY_WUDON_FIRST, 0));
    check_stake_claim(prizes, "and %d.", paid(&st, PEI_PAY_WUDON_SECOND, 1));
}

static int jung_paid(int payer, int payee)
{
    PeiStakes st;
    assert_int_equal(pei_settle_stakes(STAKES_RAMPUNG, true, (const int[3]){354, 322, 275}, 0, &st),
                     CEKI_OK);
    int units = 0;
    for (int i = 0; i < st.npay; i++) {
        const PeiPayment *p = &st.pay[i];
        units += p->reason == PEI_PAY_JUNG && p->payer == payer && p->payee == payee ? p->units : 0;
    }
    return units;
}

/* Cards of rank 1, 4 or 7 in Thothit's deck: the count keeps the raja. */
static int raja_keeps(void)
{
    Card deck[CEKI_MAX_DECK];
    int n = variant_build_deck(variant_get(VARIANT_THOTHIT), 3, deck), keep = 0;
    for (int i = 0; i < n; i++) {
        keep += card_rank(deck[i]) % 3 == 1;
    }
    return keep;
}

/* The rules pages compute their numbers when drawn: the Thothit scoring page
 * states the core's pair and single scores, and the stakes page the jung
 * payments pei_settle_stakes makes for 354, 322 and 275. */
static void test_rules_pages_state_the_cores_numbers(void **state)
{
    (void)state;
    LearnDoc *doc = malloc(sizeof *doc);
    assert_non_null(doc);
    char all[16384];
    struct {
        VariantId v;
        LearnSection s;
        const char *needle;
        int value;
    } want[] = {
        {VARIANT_THOTHIT, LEARN_SCORING, "pair of a black card scores *%d*",
         learn_pile_score(VARIANT_THOTHIT, 0, "S7 S7")},
        {VARIANT_THOTHIT, LEARN_SCORING, "single red-stamped card still scores *%d*",
         learn_pile_score(VARIANT_THOTHIT, 0, "RF")},
        {VARIANT_ENTHIT, LEARN_SCORING, "leftover red-stamped card *%d*",
         learn_pile_score(VARIANT_ENTHIT, 0, "S9 S9 S9") -
             learn_pile_score(VARIANT_ENTHIT, 0, "S9 S9")},
        {VARIANT_PEI, LEARN_STAKES, "the second pays the first %d units", jung_paid(1, 0)},
        {VARIANT_PEI, LEARN_STAKES, "the third pays the first %d", jung_paid(2, 0)},
        {VARIANT_PEI, LEARN_STAKES, "and the second %d.", jung_paid(2, 1)},
        {VARIANT_THOTHIT, LEARN_MATCH, "of the 60 cards %d keep the raja", raja_keeps()},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        learn_doc_build(doc, want[i].v, want[i].s, STYLE_CEKI);
        all[0] = '\0';
        for (int b = 0; b < doc->count; b++) {
            if (doc->blocks[b].text != NULL) {
                strncat(all, doc->blocks[b].text, sizeof all - strlen(all) - 1);
            }
        }
        char needle[128];
        snprintf(needle, sizeof needle, want[i].needle, want[i].value);
        if (strstr(all, needle) == NULL) {
            fail_msg("%s: the page does not say '%s'", variant_get(want[i].v)->key, needle);
        }
    }
    free(doc);
}

static void test_sections_and_glossary(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        LearnSection sec[LEARN_SECTION_COUNT];
        int n = learn_sections((VariantId)v, sec);
        assert_true(n >= 9 && n <= 12);
        assert_int_equal(sec[0], LEARN_ORIGIN);
        assert_int_equal(sec[n - 2], LEARN_KEYS); /* every game has the keys page */
        assert_int_equal(sec[n - 1], LEARN_GUIDED);
        for (int i = 0; i < n; i++) {
            assert_string_not_equal(learn_section_title((VariantId)v, sec[i]), "");
            assert_int_equal(learn_section_find(learn_section_key(sec[i])), sec[i]);
        }
    }
    int count = 0;
    const LearnTerm *t = learn_glossary(&count);
    const char *needed[] = {"raja",     "patih",       "unyik",       "kepala",      "gebagan",
                            "bukakan",  "bunci ireng", "bunci abang", "pang kéyang", "pang picis",
                            "macan",    "ngeté",       "tengah",      "kete",        "checki",
                            "jentolan", "wudon",       "rampung"};
    for (size_t k = 0; k < sizeof needed / sizeof needed[0]; k++) {
        bool found = false;
        for (int i = 0; i < count; i++) {
            found = found || strcmp(t[i].term, needed[k]) == 0;
        }
        if (!found) {
            fail_msg("glossary lacks %s", needed[k]);
        }
    }
    /* Javanese script where the sources give it. */
    for (int i = 0; i < count; i++) {
        if (strcmp(t[i].term, "raja") == 0 || strcmp(t[i].term, "macan") == 0 ||
            strcmp(t[i].term, "bunci ireng") == 0) {
            assert_string_not_equal(t[i].javanese, "");
        }
    }
}

/* ---- every character has a glyph --------------------------------------------------------- */

static Uint32 next_cp(const char *s, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    if (p[0] < 0x80) {
        *i += 1;
        return p[0];
    }
    if ((p[0] & 0xE0) == 0xC0) {
        *i += 2;
        return ((Uint32)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
    }
    if ((p[0] & 0xF0) == 0xE0) {
        *i += 3;
        return ((Uint32)(p[0] & 0x0F) << 12) | ((Uint32)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    }
    *i += 4;
    return ((Uint32)(p[0] & 0x07) << 18) | ((Uint32)(p[1] & 0x3F) << 12) |
           ((Uint32)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
}

static void check_glyphs(App *app, const char *text, const char *where)
{
    if (text == NULL) {
        return;
    }
    TTF_Font *latin = text_font(app->text, SCRIPT_LATIN, TEXT_REGULAR, 16);
    TTF_Font *bold = text_font(app->text, SCRIPT_LATIN, TEXT_BOLD, 16);
    TTF_Font *jav = text_font(app->text, SCRIPT_JAVANESE, TEXT_REGULAR, 16);
    assert_non_null(latin);
    assert_non_null(jav);
    for (size_t i = 0; text[i] != '\0';) {
        Uint32 cp = next_cp(text, &i);
        if (cp < 0x20) {
            continue;
        }
        TTF_Font *f = text_is_javanese(cp) ? jav : latin;
        bool ok = TTF_GlyphIsProvided32(f, cp) != 0;
        if (!text_is_javanese(cp)) {
            ok = ok && TTF_GlyphIsProvided32(bold, cp) != 0;
        }
        if (!ok) {
            fail_msg("%s: no glyph for U+%04X in \"%.80s\"", where, (unsigned)cp, text);
        }
    }
}

static void test_every_character_has_a_glyph(void **state)
{
    (void)state;
    App *app = test_app_new(640, 400, NULL);
    LearnDoc *doc = malloc(sizeof *doc);
    assert_non_null(doc);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        LearnSection sec[LEARN_SECTION_COUNT];
        int n = learn_sections((VariantId)v, sec);
        for (int s = 0; s < n; s++) {
            learn_doc_build(doc, (VariantId)v, sec[s], STYLE_WESTERN_CLUBS);
            for (int b = 0; b < doc->count; b++) {
                check_glyphs(app, doc->blocks[b].text, "page");
                check_glyphs(app, doc->blocks[b].text2, "page");
            }
        }
        check_glyphs(app, variant_get((VariantId)v)->name, "name");
        const LearnCompareRow *row = learn_compare_row((VariantId)v);
        check_glyphs(app, row->phases, "compare");
        check_glyphs(app, row->capture, "compare");
        check_glyphs(app, row->scoring, "compare");
    }
    int count = 0;
    const LearnHouseReading *hr = learn_house_readings(&count);
    for (int i = 0; i < count; i++) {
        check_glyphs(app, hr[i].topic, "reading");
        check_glyphs(app, hr[i].text, "reading");
    }
    const LearnTerm *t = learn_glossary(&count);
    for (int i = 0; i < count; i++) {
        check_glyphs(app, t[i].term, "glossary");
        check_glyphs(app, t[i].javanese, "glossary");
        check_glyphs(app, t[i].meaning, "glossary");
        check_glyphs(app, t[i].games, "glossary");
    }
    const LearnScoreExample *se = learn_score_examples(&count);
    for (int i = 0; i < count; i++) {
        check_glyphs(app, se[i].caption, "score example");
    }
    const LearnLegalExample *le = learn_legal_examples(&count);
    for (int i = 0; i < count; i++) {
        check_glyphs(app, le[i].caption, "capture example");
    }
    const LearnTryExample *te = learn_try_examples(&count);
    for (int i = 0; i < count; i++) {
        check_glyphs(app, te[i].title, "try example");
        check_glyphs(app, te[i].prompt, "try example");
    }
    free(doc);
    app_destroy(app);
}

/* ---- the scene ------------------------------------------------------------------------- */

static App *open_learn(int w, int h, VariantId v)
{
    App *app = test_app_new(w, h, NULL);
    app_setup_variant(app, v);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_LEARN, why, sizeof why));
    assert_string_equal(test_top_scene(app), "learn");
    return app;
}

static LearnInfo info_of(const App *app)
{
    LearnInfo info;
    assert_true(learn_info(app, &info));
    return info;
}

static void open_section(App *app, LearnSection s)
{
    test_click_named(app, learn_section_key(s));
    app_settle(app);
    assert_int_equal(info_of(app).section, s);
}

static void check_fits(const App *app, const char *what)
{
    LearnInfo info = info_of(app);
    const LearnMetrics *m = info.metrics;
    if (m->overflows != 0 || m->outside != 0 || m->store_full || info.doc->truncated) {
        fail_msg("%s %s/%s: %d overflow(s) [%s | %s], %d outside, store %s, doc %s", what,
                 variant_get(info.variant)->key, learn_section_key(info.section), m->overflows,
                 m->overflow[0], m->overflow[1], m->outside, m->store_full ? "full" : "ok",
                 info.doc->truncated ? "truncated" : "ok");
    }
    assert_true(m->texts > 0);
}

/* Every page of every variant, scrolled down, in one language. */
static void every_page_fits(int w, int h, Language lang, const char *what)
{
    for (int v = 0; v < VARIANT_COUNT; v++) {
        App *app = open_learn(w, h, (VariantId)v);
        i18n_set_language(lang);
        LearnSection sec[LEARN_SECTION_COUNT];
        int n = learn_sections((VariantId)v, sec);
        for (int s = 0; s < n; s++) {
            open_section(app, sec[s]);
            check_fits(app, what);
            /* Down the page: buttons met on the way must fit too. */
            for (int k = 0; k < 12 && info_of(app).scroll < info_of(app).scroll_max; k++) {
                test_key(app, SDLK_PAGEDOWN, 0);
                app_settle(app);
                check_fits(app, what);
            }
            assert_false(app->animating);
            assert_false(card_art_pending(app->cards));
        }
        app_destroy(app);
    }
    i18n_set_language(LANGUAGE_ENGLISH);
}

static void test_every_page_fits_at_1280x800(void **state)
{
    (void)state;
    /* CEKI_LEARN_TEST_SIZE=WxH runs the same check at another size. */
    int w = 1280, h = 800;
    const char *size = getenv("CEKI_LEARN_TEST_SIZE");
    if (size != NULL && sscanf(size, "%dx%d", &w, &h) != 2) {
        w = 1280;
        h = 800;
    }
    every_page_fits(w, h, LANGUAGE_ENGLISH, "English");
}

/* Indonesian and Javanese run longer than English: every page still fits. */
static void test_every_page_fits_in_indonesian_and_javanese(void **state)
{
    (void)state;
    every_page_fits(1280, 800, LANGUAGE_INDONESIAN, "Indonesian");
    every_page_fits(1280, 800, LANGUAGE_JAVANESE, "Javanese");
}

static void test_every_variant_draws_at_4k(void **state)
{
    (void)state;
    /* Every variant's first page and its examples at 4K; every page of one. */
    for (int v = 0; v < VARIANT_COUNT; v++) {
        App *app = open_learn(3840, 2160, (VariantId)v);
        LearnSection sec[LEARN_SECTION_COUNT];
        int n = learn_sections((VariantId)v, sec);
        for (int s = 0; s < n; s++) {
            bool wanted = v == VARIANT_THOTHIT || sec[s] == LEARN_ORIGIN || sec[s] == LEARN_TRY;
            if (!wanted) {
                continue;
            }
            open_section(app, sec[s]);
            check_fits(app, "3840x2160");
            assert_false(app->animating);
            assert_false(card_art_pending(app->cards));
        }
        app_destroy(app);
    }
}

static void test_shown_numbers_are_the_cores(void **state)
{
    (void)state;
    int count = 0;
    const LearnScoreExample *ex = learn_score_examples(&count);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        if (v == VARIANT_KOWAH) {
            continue;
        }
        App *app = open_learn(1280, 800, (VariantId)v);
        open_section(app, LEARN_SCORING);
        bool seen[64] = {false};
        for (int k = 0; k < 30; k++) {
            const LearnMetrics *m = info_of(app).metrics;
            for (int i = 0; i < m->shown; i++) {
                const LearnShownScore *sh = &m->scores[i];
                assert_int_equal(sh->variant, v);
                Card pile[64];
                int n = parse(ex[sh->example].pile, pile, 64);
                ScoreBreakdown *b = malloc(sizeof *b);
                int total = score_pile((VariantId)v, ex[sh->example].options, pile, n, b);
                assert_int_equal(sh->total, total);
                int sum = 0;
                for (int g = 0; g < sh->ngroups; g++) {
                    sum += sh->points[g];
                }
                assert_int_equal(sum, total);
                free(b);
                seen[sh->example] = true;
            }
            if (info_of(app).scroll >= info_of(app).scroll_max) {
                break;
            }
            test_key(app, SDLK_DOWN, 0);
            test_key(app, SDLK_DOWN, 0);
            test_key(app, SDLK_DOWN, 0);
            app_settle(app);
        }
        for (int i = 0; i < count; i++) {
            if (ex[i].variants & LEARN_BIT(v)) {
                if (!seen[i]) {
                    fail_msg("%s: score example %d never shown", variant_get((VariantId)v)->key, i);
                }
            }
        }
        app_destroy(app);
    }
}

static void wheel(App *app, int x, int y, int dy)
{
    test_mouse_move(app, x, y);
    SDL_Event e = {0};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = dy;
    assert_int_equal(SDL_PushEvent(&e), 1);
    app_pump_events(app);
}

static void test_scrolling(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_THOTHIT);
    open_section(app, LEARN_GLOSSARY);
    LearnInfo info = info_of(app);
    assert_true(info.scroll_max > info.viewport.h);
    int cx = info.viewport.x + info.viewport.w / 2, cy = info.viewport.y + info.viewport.h / 2;
    /* Wheel. */
    wheel(app, cx, cy, -2);
    int after_wheel = info_of(app).scroll;
    assert_true(after_wheel > 0);
    wheel(app, cx, cy, 1);
    assert_true(info_of(app).scroll < after_wheel);
    /* Keys. */
    test_key(app, SDLK_END, 0);
    assert_int_equal(info_of(app).scroll, info_of(app).scroll_max);
    test_key(app, SDLK_HOME, 0);
    assert_int_equal(info_of(app).scroll, 0);
    test_key(app, SDLK_PAGEDOWN, 0);
    int page = info_of(app).scroll;
    assert_true(page > info.viewport.h / 2);
    test_key(app, SDLK_DOWN, 0);
    assert_true(info_of(app).scroll > page);
    test_key(app, SDLK_UP, 0);
    assert_int_equal(info_of(app).scroll, page);
    test_key(app, SDLK_PAGEUP, 0);
    assert_int_equal(info_of(app).scroll, 0);
    /* Dragging the page up scrolls down by as much. */
    app_settle(app);
    int x = info.viewport.x + info.viewport.w - 20, y = info.viewport.y + info.viewport.h - 30;
    test_mouse_move(app, x, y);
    test_mouse_down(app, x, y);
    test_mouse_move(app, x, y - 100);
    test_mouse_move(app, x, y - 200);
    test_mouse_up(app, x, y - 200);
    assert_int_equal(info_of(app).scroll, 200);
    app_destroy(app);
}

static SDL_Rect widget(const App *app, const char *name)
{
    const Ui *ui = ui_of_top_scene(app);
    assert_non_null(ui);
    const Widget *w = ui_find_named(ui, name);
    if (w == NULL) {
        fail_msg("no widget %s", name);
    }
    return w->rect;
}

/* CEKI_LEARN_SHOTS=DIR keeps a picture of each drag just before the drop. */
static void keep_picture(App *app, const char *name)
{
    const char *dir = getenv("CEKI_LEARN_SHOTS");
    if (dir == NULL || dir[0] == '\0') {
        return;
    }
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    app_settle(app);
    assert_true(app_save_png(app, path, err, sizeof err));
}

static void drag(App *app, SDL_Rect from, SDL_Rect to)
{
    static int count = 0;
    int x0 = from.x + from.w / 2, y0 = from.y + from.h / 2;
    int x1 = to.x + to.w / 2, y1 = to.y + to.h / 2;
    test_mouse_move(app, x0, y0);
    test_mouse_down(app, x0, y0);
    for (int k = 1; k <= 4; k++) {
        test_mouse_move(app, x0 + (x1 - x0) * k / 4, y0 + (y1 - y0) * k / 4);
    }
    char name[32];
    snprintf(name, sizeof name, "drag-%d", ++count);
    keep_picture(app, name);
    test_mouse_up(app, x1, y1);
}

static void test_drag_gets_a_verdict(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_THOTHIT);
    open_section(app, LEARN_TRY);
    /* The first example: a first turn. C4 onto S4 is refused ... */
    drag(app, widget(app, "b0 hand C4"), widget(app, "b0 pool S4"));
    LearnInfo info = info_of(app);
    assert_true(info.verdict.made);
    assert_false(info.verdict.legal);
    assert_non_null(strstr(info.verdict.text, "first turn"));
    /* ... onto its twin it is allowed. */
    app_settle(app);
    drag(app, widget(app, "b0 hand C4"), widget(app, "b0 pool C4"));
    info = info_of(app);
    assert_true(info.verdict.legal);
    assert_int_equal(info.verdict.card, card_ceki(SUIT_COINS, 4));
    /* Start again; then click M7 and lay it in the pool (no twin there). */
    app_settle(app);
    test_click_rect(app, widget(app, "Start again"));
    app_settle(app);
    test_click_rect(app, widget(app, "b0 hand M7"));
    app_settle(app);
    test_click_rect(app, widget(app, "Lay it in the pool"));
    info = info_of(app);
    assert_true(info.verdict.legal);
    assert_int_equal(info.verdict.target, CARD_NONE);
    /* Dropped outside any pool: nothing is judged. */
    app_settle(app);
    test_click_rect(app, widget(app, "Start again"));
    app_settle(app);
    SDL_Rect side = widget(app, "origin");
    drag(app, widget(app, "b0 hand OT"), side);
    assert_false(info_of(app).verdict.made);
    assert_string_equal(test_top_scene(app), "learn");
    app_destroy(app);
}

static void test_keyboard_example(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_TOTIT);
    open_section(app, LEARN_TRY);
    /* Focus the hand card, Enter picks it up; focus a pool card, Enter plays. */
    const Ui *ui = ui_of_top_scene(app);
    const Widget *card = ui_find_named(ui, "b0 hand C4");
    assert_non_null(card);
    int guard = 0;
    while (strcmp(test_focus_name(app), "b0 hand C4") != 0 && guard++ < UI_MAX_WIDGETS) {
        test_key(app, SDLK_TAB, 0);
    }
    test_key(app, SDLK_RETURN, 0);
    guard = 0;
    while (strcmp(test_focus_name(app), "b0 pool S4") != 0 && guard++ < UI_MAX_WIDGETS) {
        test_key(app, SDLK_TAB, 0);
    }
    test_key(app, SDLK_RETURN, 0);
    LearnInfo info = info_of(app);
    assert_true(info.verdict.made);
    assert_false(info.verdict.legal); /* a first turn takes only twins */
    assert_non_null(strstr(info.verdict.text, "first turn"));
    /* Still holding the card: its twin is allowed. */
    guard = 0;
    while (strcmp(test_focus_name(app), "b0 pool C4") != 0 && guard++ < UI_MAX_WIDGETS) {
        test_key(app, SDLK_TAB, 0);
    }
    test_key(app, SDLK_RETURN, 0);
    assert_true(info_of(app).verdict.legal);
    app_destroy(app);
}

static void test_ways_in(void **state)
{
    (void)state;
    /* From the title. */
    App *app = test_app_new(1280, 800, NULL);
    test_click_named(app, "Learn the games");
    assert_string_equal(test_top_scene(app), "learn");
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "title");
    /* From setup: the variant being set up. */
    app_setup_variant(app, VARIANT_TOTIT_DENEXA);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_SETUP, why, sizeof why));
    test_click_named(app, "How do I play this?");
    assert_string_equal(test_top_scene(app), "learn");
    assert_int_equal(info_of(app).variant, VARIANT_TOTIT_DENEXA);
    assert_null(ui_find_named(ui_of_top_scene(app), "Play this game"));
    test_click_named(app, "Back");
    assert_string_equal(test_top_scene(app), "setup");
    /* The table's overlay: over whatever is below, without touching setup. */
    learn_push_overlay(app, VARIANT_PEI);
    assert_string_equal(test_top_scene(app), "learn");
    LearnInfo info = info_of(app);
    assert_true(info.overlay);
    assert_int_equal(info.variant, VARIANT_PEI);
    assert_int_equal(info.section, LEARN_CAPTURE); /* what matters mid-game */
    assert_int_equal(app->setup.config.variant, VARIANT_TOTIT_DENEXA);
    app_settle(app);
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "setup");
    /* The table's Rules button: the rules of the game in play, and back. */
    if (scene_class_get(SCENE_TABLE) != NULL) {
        app_setup_variant(app, VARIANT_ENTHIT);
        app->setup.seed_given = true;
        assert_true(scene_stack_push(app, SCENE_TABLE, why, sizeof why));
        app_settle(app);
        test_click_named(app, "Rules");
        assert_string_equal(test_top_scene(app), "learn");
        assert_true(info_of(app).overlay);
        assert_int_equal(info_of(app).variant, VARIANT_ENTHIT);
        app_settle(app);
        /* Its heading and its button say the same way back. */
        test_expect_says(app, "learn", "The rules, while your game waits on the table");
        test_click_named(app, "Back to the table");
        assert_string_equal(test_top_scene(app), "table");
    }
    app_destroy(app);
}

static void test_page_from_the_environment(void **state)
{
    (void)state;
    SDL_setenv("CEKI_LEARN_PAGE", "scoring", 1);
    SDL_setenv("CEKI_LEARN_SCROLL", "end", 1);
    App *app = open_learn(1280, 800, VARIANT_PEI);
    app_settle(app);
    LearnInfo info = info_of(app);
    assert_int_equal(info.section, LEARN_SCORING);
    assert_true(info.scroll > 0);
    assert_int_equal(info.scroll, info.scroll_max);
    app_destroy(app);
    SDL_setenv("CEKI_LEARN_PAGE", "2", 1);
    SDL_setenv("CEKI_LEARN_SCROLL", "", 1);
    app = open_learn(1280, 800, VARIANT_KOWAH);
    assert_int_equal(info_of(app).section, LEARN_TURN);
    app_destroy(app);
    SDL_setenv("CEKI_LEARN_PAGE", "", 1);
}

static void test_focus_survives_scrolling(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_THOTHIT);
    open_section(app, LEARN_TRY);
    test_mouse_move(app, widget(app, "b0 hand C4").x + 4, widget(app, "b0 hand C4").y + 4);
    assert_string_equal(test_focus_name(app), "b0 hand C4");
    test_key(app, SDLK_END, 0);
    app_settle(app);
    /* The card left the view: the focus is on the page's tab, not on Back. */
    assert_string_equal(test_focus_name(app), "try");
    test_key(app, SDLK_RETURN, 0);
    assert_string_equal(test_top_scene(app), "learn");
    app_destroy(app);
}

static void test_switching_games(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_THOTHIT);
    open_section(app, LEARN_COMPARE);
    test_key(app, SDLK_END, 0); /* the last row */
    app_settle(app);
    test_click_rect(app, widget(app, "kowah"));
    LearnInfo info = info_of(app);
    assert_int_equal(info.variant, VARIANT_KOWAH);
    assert_int_equal(info.section, LEARN_ORIGIN);
    /* The game choice steps through the variants. */
    SDL_Rect game = widget(app, "Game");
    test_mouse_move(app, game.x + game.w - 5, game.y + game.h / 2);
    test_mouse_down(app, game.x + game.w - 5, game.y + game.h / 2);
    test_mouse_up(app, game.x + game.w - 5, game.y + game.h / 2);
    assert_int_equal(info_of(app).variant, VARIANT_THOTHIT); /* wraps */
    app_destroy(app);
}

/* The cards of one part of the boards in view ("pool", "hand", "pick"):
 * inside the page across, and apart (no card covering another). Returns
 * how many there were. */
static int board_cards_apart(const App *app, const char *part)
{
    const Ui *ui = ui_of_top_scene(app);
    SDL_Rect view = info_of(app).viewport;
    char needle[16];
    snprintf(needle, sizeof needle, " %s ", part);
    SDL_Rect seen[UI_MAX_WIDGETS];
    int n = 0;
    for (int i = 0; i < ui->count; i++) {
        const Widget *w = &ui->widgets[i];
        if (w->name[0] == 'b' && strstr(w->name, needle) != NULL) {
            seen[n++] = w->rect;
        }
    }
    for (int i = 0; i < n; i++) {
        assert_true(seen[i].w > 0 && seen[i].h > 0);
        assert_true(seen[i].x >= view.x && seen[i].x + seen[i].w <= view.x + view.w);
        for (int k = 0; k < i; k++) {
            if (SDL_HasIntersection(&seen[i], &seen[k])) {
                fail_msg("%s cards overlap: %d,%d %dx%d and %d,%d %dx%d", part, seen[i].x,
                         seen[i].y, seen[i].w, seen[i].h, seen[k].x, seen[k].y, seen[k].w,
                         seen[k].h);
            }
        }
    }
    return n;
}

/* The try pages of every game, small and large, down
 * the page: the boards' cards (placed by board.c) lie apart in the page. */
static void test_board_cards_lie_apart(void **state)
{
    (void)state;
    static const int sizes[2][2] = {{1024, 640}, {2560, 1600}};
    int pool = 0, hand = 0, pick = 0;
    for (int z = 0; z < 2; z++) {
        for (int v = 0; v < VARIANT_COUNT; v++) {
            App *app = open_learn(sizes[z][0], sizes[z][1], (VariantId)v);
            LearnSection sec[LEARN_SECTION_COUNT];
            int n = learn_sections((VariantId)v, sec);
            for (int s = 0; s < n; s++) {
                if (sec[s] != LEARN_TRY) {
                    continue;
                }
                open_section(app, sec[s]);
                for (int k = 0; k < 12; k++) {
                    pool += board_cards_apart(app, "pool");
                    hand += board_cards_apart(app, "hand");
                    pick += board_cards_apart(app, "pick");
                    if (info_of(app).scroll >= info_of(app).scroll_max) {
                        break;
                    }
                    test_key(app, SDLK_PAGEDOWN, 0);
                    app_settle(app);
                }
            }
            app_destroy(app);
        }
    }
    assert_true(pool > 0 && hand > 0 && pick > 0);
}

static void test_watch_and_checki(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_KINGS);
    open_section(app, LEARN_TRY);
    test_click_named(app, "To the end");
    app_settle(app);
    test_click_named(app, "Start again");
    app_settle(app);
    test_click_named(app, "Turn two cards");
    app_settle(app);
    app_destroy(app);

    app = open_learn(1280, 800, VARIANT_KOWAH);
    open_section(app, LEARN_TRY);
    test_click_rect(app, widget(app, "b0 pick M9"));
    app_settle(app);
    check_fits(app, "kowah");
    app_destroy(app);
}

/* The guided page starts the game's own guided first game at the real
 * table (scene_table_guided.c; tests/app/test_guided.c plays them through),
 * dealt from its fixed deal; leaving it gives the player's own setup back. */
static void test_guided_page_starts_the_table(void **state)
{
    (void)state;
    App *app = open_learn(1280, 800, VARIANT_TOTIT);
    GameSetup before = app->setup;
    open_section(app, LEARN_GUIDED);
    app_settle(app);
    check_fits(app, "guided page");
    test_click_named(app, "Start the guided game");
    app_settle(app);
    assert_string_equal(test_top_scene(app), "table");
    TableState *t = table_top(app);
    assert_non_null(t);
    assert_true(t->guide.on);
    GuidedDeal d = guided_deal_of(variant_get(VARIANT_TOTIT));
    assert_int_equal(session_config(t->session)->variant, VARIANT_TOTIT);
    assert_int_equal(session_config(t->session)->seed, d.seed);
    assert_int_equal(session_config(t->session)->players, d.players);
    test_key(app, SDLK_ESCAPE, 0); /* the menu, then: leave? */
    test_click_named(app, "Leave the guided game");
    test_click_named(app, "Leave");
    app_settle(app);
    assert_string_equal(test_top_scene(app), "learn");
    assert_int_equal(app->setup.config.variant, before.config.variant);
    assert_int_equal(app->setup.config.seed, before.config.seed);
    assert_false(app->table_run.guided);
    app_destroy(app);
}

/* F1 on a screen other than the table opens the Keys and mouse page over
 * it (its bullets name the table's keys), and Esc goes back to that screen. */
static void test_f1_opens_the_keys_page(void **state)
{
    (void)state;
    App *app = test_app_new(1280, 800, NULL);
    char why[200];
    assert_true(scene_stack_push(app, SCENE_SETTINGS, why, sizeof why));
    test_key(app, SDLK_F1, 0);
    assert_string_equal(test_top_scene(app), "learn");
    assert_int_equal(info_of(app).section, LEARN_KEYS);
    LearnDoc *doc = malloc(sizeof *doc);
    assert_non_null(doc);
    learn_doc_build(doc, VARIANT_THOTHIT, LEARN_KEYS, STYLE_CEKI);
    assert_false(doc->truncated);
    const char *keys[] = {"*Ctrl+N*", "*L*", "*F1*", "*Double-click*", "*Ctrl+Z*", "*F11*"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        bool found = false;
        for (int b = 0; b < doc->count; b++) {
            found = found || (doc->blocks[b].text && strstr(doc->blocks[b].text, keys[k]));
        }
        if (!found) {
            fail_msg("the keys page does not name %s", keys[k]);
        }
    }
    free(doc);
    app_draw(app);
    test_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(test_top_scene(app), "settings");
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_examples_come_from_the_core),
        cmocka_unit_test(test_legal_examples_light_what_the_core_allows),
        cmocka_unit_test(test_try_examples_judge_as_the_core),
        cmocka_unit_test(test_checki_examples),
        cmocka_unit_test(test_every_house_reading_is_shown),
        cmocka_unit_test(test_worked_numbers_in_fixed_texts),
        cmocka_unit_test(test_rules_pages_state_the_cores_numbers),
        cmocka_unit_test(test_sections_and_glossary),
        cmocka_unit_test(test_f1_opens_the_keys_page),
        cmocka_unit_test(test_every_character_has_a_glyph),
        cmocka_unit_test(test_every_page_fits_in_indonesian_and_javanese),
        cmocka_unit_test(test_scrolling),
        cmocka_unit_test(test_drag_gets_a_verdict),
        cmocka_unit_test(test_keyboard_example),
        cmocka_unit_test(test_ways_in),
        cmocka_unit_test(test_page_from_the_environment),
        cmocka_unit_test(test_focus_survives_scrolling),
        cmocka_unit_test(test_switching_games),
        cmocka_unit_test(test_watch_and_checki),
        cmocka_unit_test(test_board_cards_lie_apart),
        cmocka_unit_test(test_guided_page_starts_the_table),
        cmocka_unit_test(test_shown_numbers_are_the_cores),
        cmocka_unit_test(test_every_page_fits_at_1280x800),
        cmocka_unit_test(test_every_variant_draws_at_4k),
    };
    /* $CEKI_TEST_FILTER: only the tests it matches; $CEKI_TEST_SKIP: not the
     * ones it matches (ctest runs the page-fit tests as their own entry). */
    const char *only = getenv("CEKI_TEST_FILTER");
    if (only != NULL && only[0] != '\0') {
        cmocka_set_test_filter(only);
    }
    const char *skip = getenv("CEKI_TEST_SKIP");
    if (skip != NULL && skip[0] != '\0') {
        cmocka_set_skip_filter(skip);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
