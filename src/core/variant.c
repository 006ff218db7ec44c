#include "variant.h"
#include "status.h"

#include <string.h>

/* clang-format off */
static const VariantDesc variants[VARIANT_COUNT] = {
    [VARIANT_THOTHIT] = {
        .id = VARIANT_THOTHIT, .key = "thothit", .name = N_("Thothit"),
        .javanese = "\xea\xa6\x9b\xea\xa6\xba\xea\xa6\xb4\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7\x80",
        .summary = N_("Three players fish for pairs of the same rank; red-stamped pairs are worth the most."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 2, .hand = 7, .pool = 6, .pool_per_player = true,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = true,
        .start = START_RAJA_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_RED_PAIRS},
    [VARIANT_THOTHIT_CHINESE] = {
        .id = VARIANT_THOTHIT_CHINESE, .key = "thothit-chinese", .name = N_("Thothit, the Chinese game"),
        .javanese = "\xea\xa6\x9b\xea\xa6\xba\xea\xa6\xb4\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7\x80",
        .summary = N_("Thothit with open captured piles; breaking up a pair beside its odd card throws the win away."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 2, .hand = 7, .pool = 6, .pool_per_player = true,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_CHINESE_FORFEIT, .captured_face_up = true, .scores_red_stamps = true,
        .start = START_RAJA_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_RED_PAIRS},
    [VARIANT_THOTHIT_SACKSON] = {
        .id = VARIANT_THOTHIT_SACKSON, .key = "thothit-sackson", .name = N_("Thothit (Sid Sackson)"),
        .javanese = "",
        .summary = N_("The version published for Western players: no stock, one point for every identical pair."),
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 6,
        .deck = DECK_CEKI, .copies = 2, .hand = 7, .hand_two_players = 11, .pool = 18,
        .default_style = STYLE_WESTERN_CLUBS, .clockwise = true, .turn = TURN_HAND_ONLY,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_EACH_DEALS, .options = OPTION_ADVANCED,
        .score = SCORE_RULE_PAIRS},
    [VARIANT_ENTHIT] = {
        .id = VARIANT_ENTHIT, .key = "enthit", .name = N_("Enthit"),
        .javanese = "\xea\xa6\xb2\xea\xa6\xba\xea\xa6\xa4\xea\xa7\x80\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7\x80",
        .summary = N_("Thothit with two packs: four of a kind is the prize, captured piles lie open."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 4, .hand = 14, .pool = 12,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = true,
        .start = START_RAJA_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_ENTHIT},
    [VARIANT_THOTHIT_KUNA] = {
        .id = VARIANT_THOTHIT_KUNA, .key = "thothit-kuna", .name = N_("Thothit Kuna"),
        .javanese = "\xea\xa6\x9b\xea\xa6\xba\xea\xa6\xb4\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7\x80 "
                    "\xea\xa6\x8f\xea\xa6\xb8\xea\xa6\xa4",
        .summary = N_("The old court game: one pack per player, huge pools, and sets of three and four."),
        .engine = ENGINE_FISHING, .min_players = 4, .max_players = 6,
        .deck = DECK_CEKI_PER_PLAYER, .copies = 2, .hand = 20, .pool = 20, .pool_per_player = true,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = true,
        .start = START_RAJA_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_KUNA, .even_players = true},
    [VARIANT_THOTHIT_YOGYAKARTA] = {
        .id = VARIANT_THOTHIT_YOGYAKARTA, .key = "thothit-yogyakarta", .name = N_("Thothit (Yogyakarta)"),
        .javanese = "\xea\xa6\x9b\xea\xa6\xba\xea\xa6\xb4\xea\xa6\x9b\xea\xa6\xb6\xea\xa6\xa0\xea\xa7\x80",
        .summary = N_("A game of pure luck to watch: every card comes from the stock and captures by itself."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 2, .hand = 0, .pool = 0,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_STOCK_ONLY,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = true,
        .start = START_DRAW_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_YOGYAKARTA},
    [VARIANT_THIT_THIT_DULIT] = {
        .id = VARIANT_THIT_THIT_DULIT, .key = "thit-thit-dulit", .name = N_("Thit-Thit-Dulit"),
        .javanese = "",
        .summary = N_("A two-player game of luck: a turned card only takes its identical twin."),
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 2,
        .deck = DECK_CEKI, .copies = 2, .hand = 0, .pool = 0,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_STOCK_ONLY,
        .match = MATCH_IDENTICAL, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = true,
        .start = START_DRAW_COUNT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .score = SCORE_RULE_YOGYAKARTA},
    [VARIANT_KINGS] = {
        .id = VARIANT_KINGS, .key = "kings", .name = N_("Kings"),
        .javanese = "",
        .summary = N_("A New Guinea game with a French pack: turn two, take every pair, win the Kings."),
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 6,
        .deck = DECK_FRENCH_NO_KINGS, .copies = 1, .hand = 0, .pool = 4,
        .default_style = STYLE_FRENCH, .clockwise = true, .turn = TURN_KINGS,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_KINGS,
        .score = SCORE_RULE_KINGS},
    [VARIANT_TOTIT] = {
        .id = VARIANT_TOTIT, .key = "totit", .name = N_("Totit (CatsAtCards)"),
        .javanese = "",
        .summary = N_("Pairs for a point each, and a played card must prefer a partner of another suit."),
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 6,
        .deck = DECK_CEKI, .copies = 2, .hand = 7, .hand_two_players = 11, .pool = 18,
        .default_style = STYLE_WESTERN_SPADES, .clockwise = true, .turn = TURN_HAND_ONLY,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_TOTIT_TIERS, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_EACH_DEALS_UNTIED,
        .score = SCORE_RULE_PAIRS},
    [VARIANT_TOTIT_DENEXA] = {
        .id = VARIANT_TOTIT_DENEXA, .key = "totit-denexa", .name = N_("Totit (Denexa)"),
        .javanese = "",
        .summary = N_("Pairs for a point each; you must capture when you can, and a pair waits for its odd card."),
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 6,
        .deck = DECK_CEKI, .copies = 2, .hand = 7, .hand_two_players = 11, .pool = 18,
        .default_style = STYLE_WESTERN_CLUBS, .clockwise = true, .turn = TURN_HAND_ONLY,
        .match = MATCH_BY_RANK, .first_turn_identical = true, .compulsory = COMPULSORY_ANY,
        .order = ORDER_DENEXA_ODD, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_EACH_DEALS,
        .score = SCORE_RULE_PAIRS},
    [VARIANT_PEI] = {
        .id = VARIANT_PEI, .key = "pei", .name = N_("P\xc3\xa8i"),
        .javanese = "\xea\xa6\xa5\xea\xa6\xba\xea\xa6\xb2\xea\xa6\xb6",
        .summary = N_("Two packs, a pool laid out by rank, and points for the classic five combinations."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 4, .hand = 14, .pool = 36,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_PEI, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .options = OPTION_FACE_UP | OPTION_JUNG,
        .score = SCORE_RULE_PEI},
    [VARIANT_PEI_MAGELANG] = {
        .id = VARIANT_PEI_MAGELANG, .key = "pei-magelang", .name = N_("P\xc3\xa8i (Magelang)"),
        .javanese = "\xea\xa6\xa5\xea\xa6\xba\xea\xa6\xb2\xea\xa6\xb6",
        .summary = N_("P\xc3\xa8i with the Magelang rates: the thirteens are worth thirty a card."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 4, .hand = 14, .pool = 36,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_PEI, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .options = OPTION_FACE_UP | OPTION_JUNG,
        .score = SCORE_RULE_PEI, .pei_rates = PEI_RATES_MAGELANG},
    [VARIANT_PEI_CHINESE] = {
        .id = VARIANT_PEI_CHINESE, .key = "pei-chinese", .name = N_("P\xc3\xa8i (la p\xc3\xaa" "che)"),
        .javanese = "\xea\xa6\xa5\xea\xa6\xba\xea\xa6\xb2\xea\xa6\xb6",
        .summary = N_("The Chinese form: a deal by packets and dice, and each combination counted once."),
        .engine = ENGINE_FISHING, .min_players = 3, .max_players = 3,
        .deck = DECK_CEKI, .copies = 4, .hand = 14, .pool = 36,
        .default_style = STYLE_CEKI, .clockwise = false, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_PLAYED,
        .order = ORDER_FREE, .captured_face_up = false, .scores_red_stamps = false,
        .start = START_PEI, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 3,
        .options = OPTION_FACE_UP | OPTION_JUNG,
        .score = SCORE_RULE_PEI,
        .pei_rates = PEI_RATES_CHINESE, .pei_once = true, .packet_deal = true, .unyik_peeks = true},
    [VARIANT_KOWAH] = {
        .id = VARIANT_KOWAH, .key = "kowah", .name = N_("Kowah"),
        .javanese = "",
        .summary = N_("Draw and discard to build a checki hand, show a pair, then wait for its third copy."),
        .engine = ENGINE_KOWAH, .min_players = 2, .max_players = 4,
        .deck = DECK_CEKI, .copies = 4, .hand = 8, .pool = 0,
        .default_style = STYLE_WESTERN_CLUBS, .clockwise = true, .turn = TURN_DRAW_DISCARD,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_NONE,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_HANDS_WON, .default_rounds = 5,
        .score = SCORE_RULE_NONE},
#ifdef CEKI_GUIDE_VARIANT
    /* The guide's variant (src/README.md, "Adding a variant"): two players
     * fish for pairs of the same rank from a pool of eight, and a new
     * scoring rule counts what they hold. Only tests/core/guide builds it. */
    [VARIANT_GUIDE] = {
        .id = VARIANT_GUIDE, .key = "guide-pairs", .name = "Pairs for two (the guide's example)",
        .javanese = "",
        .summary = "Two players fish for pairs; identical pairs score double.",
        .engine = ENGINE_FISHING, .min_players = 2, .max_players = 2,
        .deck = DECK_CEKI, .copies = 2, .hand = 8, .pool = 8,
        .default_style = STYLE_CEKI, .clockwise = true, .turn = TURN_HAND_THEN_STOCK,
        .match = MATCH_BY_RANK, .first_turn_identical = false, .compulsory = COMPULSORY_NONE,
        .order = ORDER_FREE, .captured_face_up = true, .scores_red_stamps = false,
        .start = START_DEALER_LEFT, .match_kind = MATCHKIND_ROUNDS, .default_rounds = 2,
        .score = SCORE_RULE_GUIDE},
#endif
};

static const VariantOption options[] = {
    {OPTION_ADVANCED, N_("advanced"), N_("Sackson's advanced scoring: a pair of 9s scores 3, a pair of 1s or honours 2.")},
    {OPTION_FACE_UP, N_("face-up"), N_("Captured piles lie face up for everyone to see.")},
    {OPTION_JUNG, N_("jung"), N_("Jung: every lower player also pays each higher one a unit per ten points between them.")},
};
/* clang-format on */

/* clang-format off */
static const DeckStyleDesc styles[STYLE_COUNT] = {
    [STYLE_CEKI] = {STYLE_CEKI, "ceki", N_("Ceki"), N_("The Javanese cards themselves."),
                    ART_CEKI, SUIT_NONE, SUIT_NONE, true, N_("Ceki")},
    [STYLE_WESTERN_CLUBS] = {STYLE_WESTERN_CLUBS, "western-clubs", N_("Western (clubs)"),
        N_("Two ordinary packs: diamonds for coins, hearts for strings, spades for myriads, "
           "and the jack, queen and king of clubs as the White Flower, Red Flower and Old "
           "Thousand."),
        ART_WESTERN, SUIT_SPADES, SUIT_CLUBS, true, N_("Western (clubs)")},
    [STYLE_WESTERN_SPADES] = {STYLE_WESTERN_SPADES, "western-spades", N_("Western (spades)"),
        N_("Two ordinary packs: diamonds for coins, hearts for strings, clubs for myriads, "
           "and the jack, queen and king of spades as the White Flower, Red Flower and Old "
           "Thousand."),
        ART_WESTERN, SUIT_CLUBS, SUIT_SPADES, true, N_("Western (spades)")},
    [STYLE_FRENCH] = {STYLE_FRENCH, "french", N_("French"), N_("An ordinary 52-card pack, for Kings."),
                      ART_FRENCH, SUIT_NONE, SUIT_NONE, false, N_("French (Kings)")},
};
/* clang-format on */

const DeckStyleDesc *deck_style_get(DeckStyle style)
{
    return (unsigned)style < STYLE_COUNT ? &styles[style] : NULL;
}

DeckStyle deck_style_step(DeckStyle from, int dir)
{
    DeckStyle choice[STYLE_COUNT];
    int n = 0, at = -1;
    for (int i = 0; i < STYLE_COUNT; i++) {
        if (styles[i].ceki_choice) {
            at = styles[i].id == from ? n : at;
            choice[n++] = styles[i].id;
        }
    }
    if (at < 0)
        return choice[0];
    return choice[((at + dir) % n + n) % n];
}

DeckStyle variant_style(const VariantDesc *v, DeckStyle chosen)
{
    return v && v->deck == DECK_FRENCH_NO_KINGS ? v->default_style : chosen;
}

const VariantDesc *variant_get(VariantId id)
{
    if ((int)id < 0 || id >= VARIANT_COUNT)
        return NULL;
    return &variants[id];
}

const VariantDesc *variant_find(const char *key)
{
    if (!key)
        return NULL;
    for (int i = 0; i < VARIANT_COUNT; i++) {
        if (strcmp(variants[i].key, key) == 0)
            return &variants[i];
    }
    return NULL;
}

bool variant_players_ok(const VariantDesc *v, int players)
{
    if (!v || players < v->min_players || players > v->max_players)
        return false;
    if (v->even_players)
        return players % 2 == 0; /* Thothit Kuna, RULES.md §3.5: 4 or 6 */
    return true;
}

Card variant_sample_card(const VariantDesc *v)
{
    return v && v->deck == DECK_FRENCH_NO_KINGS ? card_french(SUIT_SPADES, 1) : CARD_C1;
}

bool variant_has_stakes(const VariantDesc *v)
{
    return v && v->start == START_PEI;
}

bool variant_is_watch_only(const VariantDesc *v)
{
    return v && (v->turn == TURN_STOCK_ONLY || v->turn == TURN_KINGS);
}

bool variant_has_rounds(const VariantDesc *v)
{
    return v && (v->match_kind == MATCHKIND_ROUNDS || v->match_kind == MATCHKIND_HANDS_WON);
}

int variant_copies_of(const VariantDesc *v, int players, Card kind)
{
    switch (v->deck) {
    case DECK_CEKI: return card_is_ceki(kind) ? v->copies : 0;
    case DECK_CEKI_PER_PLAYER: return card_is_ceki(kind) ? 2 * players : 0;
    case DECK_FRENCH_NO_KINGS: return card_is_french(kind) && card_rank(kind) != 13 ? 1 : 0;
    }
    return 0;
}

int variant_deck_size(const VariantDesc *v, int players)
{
    switch (v->deck) {
    case DECK_CEKI: return CARD_CEKI_KINDS * v->copies;
    case DECK_CEKI_PER_PLAYER: return CARD_CEKI_KINDS * 2 * players;
    case DECK_FRENCH_NO_KINGS: return 48;
    }
    return 0;
}

int variant_build_deck(const VariantDesc *v, int players, Card *deck)
{
    int first = v->deck == DECK_FRENCH_NO_KINGS ? CARD_FRENCH_FIRST : 0;
    int end = v->deck == DECK_FRENCH_NO_KINGS ? CARD_FRENCH_END : CARD_CEKI_KINDS;
    int n = 0;
    /* Every kind of a Ceki deck has the same number of copies. */
    int same = v->deck == DECK_FRENCH_NO_KINGS ? 0 : variant_copies_of(v, players, CARD_C1);
    for (int k = first; k < end; k++) {
        int copies = same ? same : variant_copies_of(v, players, (Card)k);
        for (int i = 0; i < copies && n < CEKI_MAX_DECK; i++)
            deck[n++] = (Card)k;
    }
    return n;
}

int variant_hand_size(const VariantDesc *v, int players)
{
    return players == 2 && v->hand_two_players ? v->hand_two_players : v->hand;
}

VariantDeal variant_deal(const VariantDesc *v, int players)
{
    VariantDeal d = {players, variant_deck_size(v, players), variant_hand_size(v, players),
                     variant_pool_size(v, players), 0};
    d.rest = d.deck - d.hand * players - d.pool;
    return d;
}

int variant_pool_size(const VariantDesc *v, int players)
{
    return v->pool_per_player ? v->pool * players : v->pool;
}

const VariantOption *variant_options(int *count)
{
    if (count)
        *count = (int)(sizeof options / sizeof options[0]);
    return options;
}

uint32_t variant_option_bit(const char *name)
{
    for (size_t i = 0; name && i < sizeof options / sizeof options[0]; i++) {
        if (strcmp(options[i].name, name) == 0)
            return options[i].bit;
    }
    return 0;
}

const char *deck_style_key(DeckStyle style)
{
    return style >= 0 && style < STYLE_COUNT ? styles[style].key : "?";
}

DeckStyle deck_style_find(const char *key)
{
    for (int i = 0; key && i < STYLE_COUNT; i++) {
        if (strcmp(styles[i].key, key) == 0)
            return (DeckStyle)i;
    }
    return STYLE_COUNT;
}
