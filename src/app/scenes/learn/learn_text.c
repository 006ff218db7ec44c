/* learn_text.c — the words of learn mode: the pages of every variant, the
 * house readings, the glossary and the comparison phrases.
 *
 * Markup in the texts: *bold*, _term_ (a Javanese or special word), and
 * {C4} for a card, which becomes its name in the deck style being shown
 * ("4 of Coins", or "4 of Diamonds" with western cards). Every sentence is
 * written for this program; the sources are named, not quoted.
 */
#include "learn_text.h"

#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pei.h"
#include "variant_text.h"

/* ---- sections -------------------------------------------------------------- */

static const char *const section_keys[LEARN_SECTION_COUNT] = {
    [LEARN_ORIGIN] = "origin",     [LEARN_DEAL] = "deal",   [LEARN_TURN] = "turn",
    [LEARN_CAPTURE] = "capture",   [LEARN_TRY] = "try",     [LEARN_SCORING] = "scoring",
    [LEARN_STAKES] = "stakes",     [LEARN_MATCH] = "match", [LEARN_COMPARE] = "compare",
    [LEARN_GLOSSARY] = "glossary", [LEARN_KEYS] = "keys",   [LEARN_GUIDED] = "guided",
};

const char *learn_section_key(LearnSection s)
{
    return (unsigned)s < LEARN_SECTION_COUNT ? section_keys[s] : "";
}

LearnSection learn_section_find(const char *key)
{
    for (int i = 0; key != NULL && i < LEARN_SECTION_COUNT; i++) {
        if (strcmp(section_keys[i], key) == 0) {
            return (LearnSection)i;
        }
    }
    return LEARN_SECTION_COUNT;
}

static bool is_pei(const VariantDesc *v)
{
    return v->start == START_PEI;
}

static bool is_kowah(const VariantDesc *v)
{
    return v->engine == ENGINE_KOWAH;
}

static bool is_watch(const VariantDesc *v)
{
    return v->turn == TURN_STOCK_ONLY || v->turn == TURN_KINGS;
}

int learn_sections(VariantId id, LearnSection out[LEARN_SECTION_COUNT])
{
    const VariantDesc *v = variant_get(id);
    int n = 0;
    if (v == NULL) {
        return 0;
    }
    out[n++] = LEARN_ORIGIN;
    out[n++] = LEARN_DEAL;
    out[n++] = LEARN_TURN;
    if (!is_watch(v)) {
        out[n++] = LEARN_CAPTURE;
    }
    out[n++] = LEARN_TRY;
    if (!is_kowah(v)) {
        out[n++] = LEARN_SCORING;
    }
    if (is_pei(v)) {
        out[n++] = LEARN_STAKES;
    }
    out[n++] = LEARN_MATCH;
    out[n++] = LEARN_COMPARE;
    out[n++] = LEARN_GLOSSARY;
    out[n++] = LEARN_KEYS;
    out[n++] = LEARN_GUIDED;
    return n;
}

const char *learn_section_title(VariantId id, LearnSection s)
{
    const VariantDesc *v = variant_get(id);
    bool kowah = v != NULL && is_kowah(v);
    bool watch = v != NULL && is_watch(v);
    switch (s) {
    case LEARN_ORIGIN: return _("Origins");
    case LEARN_DEAL: return _("Cards and deal");
    case LEARN_TURN: return _("A turn");
    case LEARN_CAPTURE: return kowah ? _("Checki hands") : _("Capturing");
    case LEARN_TRY: return watch ? _("Watch a round") : _("Try it");
    case LEARN_SCORING: return _("Scoring");
    case LEARN_STAKES: return _("Stakes");
    case LEARN_MATCH: return kowah ? _("Winning") : _("Match");
    case LEARN_COMPARE: return _("Compare games");
    case LEARN_GLOSSARY: return _("Glossary");
    case LEARN_KEYS: return _("Keys and mouse");
    case LEARN_GUIDED: return _("Guided game");
    default: return "";
    }
}

/* ---- house readings --------------------------------------------------------- */

enum {
    HR_SACKSON_PLAY,
    HR_SACKSON_MATCH,
    HR_ENTHIT_EMPTY,
    HR_YOGYA_START,
    HR_DULIT_AS_YOGYA,
    HR_KINGS_TABLE,
    HR_KINGS_TIES,
    HR_DENEXA_MUST,
    HR_DENEXA_RANK1,
    HR_PEI_THIRTEEN,
    HR_PEI_MACAN,
    HR_PEI_TE,
    HR_KOWAH_LOCKED,
    HR_KOWAH_CLAIMS,
    HR_ROUNDS,
    HR_DENEXA_TWO_PAIRS,
    HR_CHINESE_ALL_FORFEIT,
    HR_TOTIT_HUNDRED,
    HR_DEALER_FIRST,
    HR_KUNA_ROLES,
    HR_PEI_PLACES,
    HR_PEI_PAYMENTS,
    HR_PEI_PRIZES,
    HR_PEI_NEXT_DEALER,
    HR_PEI_NIR,
    HR_PEI_JEDHIL,
    HR_PEI_JUNG,
    HR_PEI_PACKETS,
    HR_KOWAH_SPLITS,
    HR_AI_MEMORY,
    HR_KOWAH_IDLE,
    HR_KOWAH_PAIR_WAITS,
    HR_KOWAH_CLAIM_TIME,
    HR_COUNT
};

#define B(v) LEARN_BIT(VARIANT_##v)
#define PEI_ALL (B(PEI) | B(PEI_MAGELANG) | B(PEI_CHINESE))

static const LearnHouseReading readings[HR_COUNT] = {
    [HR_SACKSON_PLAY] = {B(THOTHIT_SACKSON), READING_RULES, N_("First turn and direction"),
                         N_("Sackson does not say how captures are limited, so the Surakarta rules "
                            "apply: on your first turn a card takes only its identical twin, and a "
                            "played card that can capture must. Play goes clockwise, starting left "
                            "of the dealer.")},
    [HR_SACKSON_MATCH] =
        {B(THOTHIT_SACKSON), READING_RULES, N_("Length of a match"),
         N_("A match lasts until every player has dealt once, the deal passing "
            "clockwise. Whoever has the most points overall wins; players level at "
            "the top share the victory.")},
    [HR_ENTHIT_EMPTY] =
        {B(ENTHIT), READING_RULES, N_("An empty hand"),
         N_("Hands and stock do not run out together in Enthit. A player whose hand "
            "is empty only turns the stock on their turn, and the round ends once "
            "every hand and the stock are empty.")},
    [HR_YOGYA_START] = {B(THOTHIT_YOGYAKARTA), READING_RULES, N_("Who starts"),
                        N_("In the first round the player in seat 1 draws the counting card. From "
                           "then on the winner of the last round starts; when several shared the "
                           "win, the first of them after the last starter, in playing order.")},
    [HR_DULIT_AS_YOGYA] = {B(THIT_THIT_DULIT), READING_RULES, N_("Scoring and first player"),
                           N_("Nothing is recorded about scoring or who starts, so both follow "
                              "Thothit (Yogyakarta): 10 for an identical pair, 10 more for every "
                              "red-stamped card, and the last winner starts.")},
    [HR_KINGS_TABLE] = {B(KINGS), READING_RULES, N_("Players and direction"),
                        N_("The source gives no player count or direction: two to six may play, "
                           "turns go clockwise and the deal passes clockwise.")},
    [HR_KINGS_TIES] =
        {B(KINGS), READING_RULES, N_("Ties"),
         N_("The source settles a tie by having the tied players play a round of Laki, a game it "
            "does "
            "not explain. Here they cut for it instead: each turns a card of a freshly shuffled "
            "pack, the highest rank wins, and they cut again while still tied. In the cut the Ace "
            "is the highest card, although in play it is simply a 1. Cutting settles a tie for a "
            "round's King and a tie for the most Kings at the end, so a match always has one "
            "winner; the table turns each cut card in front of its player.")},
    [HR_DENEXA_MUST] = {B(TOTIT_DENEXA), READING_RULES, N_("You must capture"),
                        N_("If any card of your hand can capture, you must play one of those and "
                           "capture; you may lay a card in the pool only when none can.")},
    [HR_DENEXA_RANK1] =
        {B(TOTIT_DENEXA), READING_RULES, N_("Odd cards of rank 1"),
         N_("For the aces and court cards, an odd card is one that is not identical "
            "to the pair: the {WF} beside two copies of the {OT} counts as odd, so "
            "it must go before either of them.")},
    [HR_PEI_THIRTEEN] = {PEI_ALL, READING_RULES, N_("Thirteen a card"),
                         N_("The source gives the black thirteen as 13 points a card but then "
                            "quotes totals (42 for four cards, 113 for nine) that do not fit. We "
                            "keep 13 a card: 39, 52, and so on up to 117.")},
    [HR_PEI_MACAN] =
        {PEI_ALL, READING_RULES, N_("Which cards make the tiger"),
         N_("One description lists the tiger (_macan_) as {C1}, {S9} and {M1}, but its "
            "picture and the old order of the suits show {C9}, {S1} and {M1}; the {S9} is "
            "already one of the red thirteen. We use {C9}, {S1} and {M1}.")},
    [HR_PEI_TE] = {PEI_ALL, READING_RULES, N_("Who pays the _té_"),
                   N_("The source is unclear about whose score decides the _té_. We read it as "
                      "the kete's: the kete pays the ngeté 1 unit with 200 points or more, and 2 "
                      "units with fewer. The tengah pays no _té_.")},
    [HR_KOWAH_LOCKED] = {B(KOWAH), READING_RULES, N_("After declaring"),
                         N_("Once you have declared checki your hand is fixed: each turn you draw, "
                            "and unless the card wins you discard it straight away.")},
    [HR_KOWAH_CLAIMS] = {B(KOWAH), READING_RULES, N_("Two claims at once"),
                         N_("If more than one declared player could claim the same card, the first "
                            "of them in playing order after the player who drew or discarded it "
                            "wins.")},
    [HR_ROUNDS] = {B(THOTHIT) | B(THOTHIT_CHINESE) | B(ENTHIT) | B(THOTHIT_KUNA) |
                       B(THOTHIT_YOGYAKARTA) | B(THIT_THIT_DULIT) | PEI_ALL,
                   READING_README, N_("Length of a match"),
                   N_("The sources describe single rounds and say nothing about a match. Unless "
                      "you choose otherwise at setup, a match here is three rounds.")},
    [HR_DENEXA_TWO_PAIRS] =
        {B(TOTIT_DENEXA), READING_README, N_("Two pairs of one rank"),
         N_("When every card your card could take belongs to an identical pair "
            "held back by an odd card (say two of the {S4} and two of the {M4}), "
            "nothing can go first, so the hold is lifted and you may take from "
            "either pair.")},
    [HR_CHINESE_ALL_FORFEIT] = {B(THOTHIT_CHINESE), READING_README, N_("Everyone forfeits"),
                                N_("If every player has forfeited, nobody wins the round.")},
    [HR_TOTIT_HUNDRED] = {B(TOTIT), READING_README, N_("Endless ties"),
                          N_("Tie-break hands, which only the players level at the top play, stop "
                             "after a hundred; those leaders then share the win.")},
    [HR_DEALER_FIRST] = {B(THOTHIT_SACKSON) | B(KINGS) | B(TOTIT) | B(TOTIT_DENEXA) | B(KOWAH),
                         READING_README, N_("The first dealer"),
                         N_("The last seat deals the first round, so the player at the bottom of "
                            "the table, seat 1, plays first.")},
    [HR_KUNA_ROLES] = {B(THOTHIT_KUNA), READING_README, N_("Roles at a larger table"),
                       N_("With four or six players the raja starts, the next seat is the patih "
                          "and the last seat is the unyik, who deals. The next raja is counted as "
                          "in Thothit.")},
    [HR_PEI_PLACES] = {PEI_ALL, READING_CORE, N_("Tied places"),
                       N_("Everyone with the top score is ngeté, everyone with the bottom score "
                          "(when it is not also the top) is kete, and anyone between is tengah. A "
                          "tie for first gives two ngeté and a kete; three equal scores give three "
                          "ngeté.")},
    [HR_PEI_PAYMENTS] = {PEI_ALL, READING_CORE, N_("Payments between places"),
                         N_("A payment owed by one place to another is paid by every player of "
                            "that place to every player of the other; tied players owe each other "
                            "nothing. Jung is paid between every two players whose scores "
                            "differ.")},
    [HR_PEI_PRIZES] = {PEI_ALL, READING_CORE, N_("Prizes from the pot"),
                       N_("Shares of a pot go by position. Tied players pool the shares of the "
                          "positions they span and split them evenly; a unit that cannot be split "
                          "stays in the pot. Wudon's pot is 6 units, so the thirds are 4 and 2.")},
    [HR_PEI_NEXT_DEALER] = {PEI_ALL, READING_CORE, N_("The next dealer"),
                            N_("Whatever the stakes, the kete becomes unyik and deals the next "
                               "round, and the raja and patih follow in playing order. Among tied "
                               "kete, the first in playing order after this round's raja takes the "
                               "deal.")},
    [HR_PEI_NIR] =
        {PEI_ALL, READING_CORE, N_("Nir"),
         N_("Each round everybody puts 2 units in; as soon as a round produces a score of "
            "400 or more, its top scorer collects the entire pot.")},
    [HR_PEI_JEDHIL] = {PEI_ALL, READING_CORE, N_("Jedhil"),
                       N_("A round with 400 or more works as in nir. In any other round nobody "
                          "antes: first place takes 2 units from the pot (3 with 350 or more) and "
                          "second place 1. When the pot cannot pay that, everyone antes 2 first; "
                          "the first round starts with the antes.")},
    [HR_PEI_JUNG] = {PEI_ALL, READING_CORE, N_("Jung with other stakes"),
                     N_("Jung is an extra for rampung and parewanan; with the other schemes it is "
                        "ignored.")},
    [HR_PEI_PACKETS] = {B(PEI_CHINESE), READING_CORE, N_("Counting the packets"),
                        N_("The dice are counted round the eight packets starting from packet 1: "
                           "the packet where the count stops and the next two become the stock, "
                           "the following two the pool (with the eight loose cards), and the last "
                           "three the hands of the raja, patih and unyik.")},
    [HR_KOWAH_SPLITS] = {B(KOWAH), READING_CORE, N_("Unusual checki hands"),
                         N_("The two triplets of the first shape may share a rank (six cards of "
                            "one rank), the triplet of the second shape may share the rank of its "
                            "five, and its two pairs may be of one card (four copies). Every hand "
                            "of the second shape also counts as the first.")},
    [HR_AI_MEMORY] = {B(THOTHIT) | B(THOTHIT_SACKSON) | B(THOTHIT_KUNA) | B(TOTIT) |
                          B(TOTIT_DENEXA) | PEI_ALL,
                      READING_RULES, N_("What the computer remembers"),
                      N_("Every capture happens in the open before its cards go face down, and "
                         "the computer players keep track of all of them, the way a careful "
                         "player at a real table would. On screen the piles stay face down.")},
    [HR_KOWAH_IDLE] = {B(KOWAH), READING_README, N_("Passing the discard round"),
                       N_("Nothing in the rules stops players from taking the top discard and "
                          "throwing a card back turn after turn, so the stock need never run "
                          "out. After a hundred turns in a row that began with the discard, the "
                          "hand ends and nobody wins it.")},
    [HR_KOWAH_PAIR_WAITS] =
        {
            B(KOWAH), READING_RULES, N_("Which pair waits"),
            N_("With two triplets and a pair, only the pair you show waits for its "
               "third copy, even when a triplet holds two identical cards too: "
               "{C5} {C5} {S5} {C7} {S7} {M7} {OT} {OT} waits for an {OT} and "
               "nothing else.")},
    [HR_KOWAH_CLAIM_TIME] = {B(KOWAH), READING_README, N_("Time to claim"),
                             N_("At a table with friends over the network, the host gives a "
                                "player who may claim a limited time to claim or pass, counted "
                                "down for everyone at the table; when it runs out, the host "
                                "passes for them. On this computer there is no time limit.")},
};

/* The tables below are kept in English (N_) and handed out translated into
 * the language shown, a fresh copy each call (the language may change). */
const LearnHouseReading *learn_house_readings(int *count)
{
    static LearnHouseReading shown[HR_COUNT];
    for (int i = 0; i < HR_COUNT; i++) {
        shown[i] = readings[i];
        shown[i].topic = _(readings[i].topic);
        shown[i].text = _(readings[i].text);
    }
    if (count != NULL) {
        *count = HR_COUNT;
    }
    return shown;
}

/* ---- glossary ----------------------------------------------------------------- */

static const LearnTerm glossary[] = {
    {"abang / abrit", "", N_("Red. _Abang_ is the everyday word, _abrit_ the polite one."),
     N_("Enthit, Pèi")},
    {"belahan", "", N_("'Split': a payment to the ngeté who reaches 350, from both other players."),
     N_("Pèi stakes")},
    {"bukakan", "",
     N_("'The opened one': the card turned from the stock in the second half of a "
        "turn. It captures exactly as a played card would."),
     N_("Thothit family, Pèi")},
    {"bunci abang", "ꦧꦸꦚ꧀ꦕꦶꦲꦧꦁ",
     N_("'Red thirteen': {OT}, {RF} and {S9}, the three red-stamped cards. Also called "
        "_bunci abrit_ ꦧꦸꦚ꧀ꦕꦶꦲꦧꦿꦶꦠ꧀."),
     N_("Pèi")},
    {"bunci ireng", "ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ",
     N_("'Black thirteen': {C1}, {C2} and {C3}, which may run on through the coins while the "
        "sequence is unbroken."),
     N_("Pèi")},
    {"Ceki", "",
     N_("The Chinese-derived cards of Java: 30 kinds in three suits and three honours."),
     N_("every game here but Kings")},
    {"Ceweng", "",
     N_("'Pulling towards yourself': the Yogyakarta name for the game Surakarta "
        "called Thothit."),
     N_("Thothit")},
    {"checki", "",
     N_("In Kowah, a hand of eight that is complete (two triplets and an identical pair, or a "
        "triplet and five cards of one rank made of two identical pairs and a card identical to "
        "neither), and the call made when you show its pair."),
     N_("Kowah")},
    {"enthit", "ꦲꦺꦤ꧀ꦛꦶꦠ꧀",
     N_("Four identical cards, the prize of the game named after it; _enthit abang_ "
        "ꦲꦺꦤ꧀ꦛꦶꦠ꧀ ꦲꦧꦁ is four red-stamped ones. The source marks the spelling in script as "
        "uncertain."),
     N_("Enthit")},
    {"gebagan", "", N_("A captured pair: the card you played (or turned) and the one it took."),
     N_("Thothit family")},
    {"iyo ratu", "", N_("'King ace': another name for the Old Thousand."), N_("Ceki cards")},
    {"jangga", "", N_("'Neck': another word for the tengah, the middle place."), N_("Pèi")},
    {"jedhil", "",
     N_("'Extract': a Yogyakarta stake like nir, except that a round without a 400 adds nothing "
        "to the pot; the best two take small amounts out of it instead, and everyone antes again "
        "when it cannot pay."),
     N_("Pèi stakes")},
    {"jentolan", "",
     N_("Playing Pèi for nothing: no money changes hands, and the loser deals the "
        "next round."),
     N_("Pèi stakes")},
    {"jung", "",
     N_("A payment by the difference in scores: one unit for every ten points, "
        "rounded up, between every two players."),
     N_("Pèi stakes")},
    {"kepala", "", N_("One complete pack of Ceki cards: 60 cards, two of each kind."),
     N_("Ceki games")},
    {"kete", "", N_("The player with the lowest score in Pèi, who pays."), N_("Pèi")},
    {"kéyang", "ꦏꦺꦪꦁ", N_("The name of the {M9}; also a short name for pang kéyang."), N_("Pèi")},
    {"kucing", "", N_("'Cat': the White Flower."), N_("Ceki cards")},
    {"kuna", "", N_("'Ancient', as in Thothit Kuna, the old court game."), N_("Thothit Kuna")},
    {"lintrik", "", N_("The suit of strings."), N_("Ceki cards")},
    {"macan", "ꦩꦕꦤ꧀",
     N_("'Tiger': {C9}, {S1} and {M1}, worth 10 a card. The polite word is _sima_ ꦱꦶꦩ."), N_("Pèi")},
    {"makao / matang atusi", "",
     N_("The fourth person at a Pèi game, who deals and counts but does not play (Surakarta and "
        "Yogyakarta words)."),
     N_("Pèi")},
    {"ngeté", "", N_("The player with the highest score in Pèi, who is paid."), N_("Pèi")},
    {"nir / wul-wulan", "",
     N_("A jackpot stake: everyone pays in each round until someone reaches 400 points. _Nir_ is "
        "the Yogyakarta word, _wul-wulan_ the Surakarta one."),
     N_("Pèi stakes")},
    {"pang", "ꦥꦁ", N_("Probably from a Chinese word for a set of three; short for pang picis."),
     N_("Pèi")},
    {"pang kéyang", "ꦥꦁꦏꦺꦪꦁ", N_("{WF}, {S8} and {M9}, worth 12 a card."), N_("Pèi")},
    {"pang picis", "ꦥꦁꦥꦶꦕꦶꦱ꧀", N_("The coin set: {C8}, {S2} and {M2}, worth 11 a card."), N_("Pèi")},
    {"parewanan", "", N_("'Reckless': wudon and rampung stakes together."), N_("Pèi stakes")},
    {"patang atusan", "", N_("'Four hundred': a further payment to a ngeté who reaches 400."),
     N_("Pèi stakes")},
    {"patih", "ꦥꦠꦶꦃ", N_("The king's minister: the second player, after the raja."),
     N_("Thothit family, Pèi")},
    {"Pèi", "ꦥꦺꦲꦶ", N_("The combination game; also spelt _pèhi_ ꦥꦺꦲꦶ or _pèhsi_ ꦥꦺꦃꦱꦶ."), N_("Pèi")},
    {"raja", "ꦫꦗ", N_("'King': the player who leads; also a name of the Old Thousand."),
     N_("Thothit family, Pèi")},
    {"rampung", "", N_("'Settled': stakes paid between the players by their places and scores."),
     N_("Pèi stakes")},
    {"tengah", "", N_("'Middle': the player in second place in Pèi."), N_("Pèi")},
    {"té", "",
     N_("The basic payment from the kete to the ngeté: _té lumrah_ ('ordinary') when "
        "the kete made 200, _té mati_ ('dead') when not."),
     N_("Pèi stakes")},
    {"Thothit", "ꦛꦺꦴꦛꦶꦠ꧀", N_("The pairing game of Surakarta; older spelling _Ṭoṭit_."),
     N_("Thothit")},
    {"totohan", "", N_("Stakes, a bet."), N_("Pèi stakes")},
    {"unyik", "ꦲꦸꦚꦶꦏ꧀", N_("'Last': the third player, who deals."), N_("Thothit family, Pèi")},
    {"wong", "", N_("The suit of myriads."), N_("Ceki cards")},
    {"wudon", "", N_("'Middle stakes': everyone pays into a pot that the first two share."),
     N_("Pèi stakes")},
};

const LearnTerm *learn_glossary(int *count)
{
    enum { TERMS = (int)(sizeof glossary / sizeof glossary[0]) };
    static LearnTerm shown[TERMS];
    for (int i = 0; i < TERMS; i++) {
        shown[i] = glossary[i];
        shown[i].meaning = _(glossary[i].meaning);
        shown[i].games = _(glossary[i].games);
    }
    if (count != NULL) {
        *count = TERMS;
    }
    return shown;
}

/* ---- comparison ------------------------------------------------------------------- */

static const LearnCompareRow compare_rows[VARIANT_COUNT] = {
    [VARIANT_THOTHIT] = {N_("Play, then turn the stock"),
                         N_("Same rank; first turn identical only; must capture"),
                         N_("Pair 10, red pair 20, red single 10")},
    [VARIANT_THOTHIT_CHINESE] = {N_("Play, then turn the stock"),
                                 N_("As Thothit; breaking a pair beside its odd card forfeits"),
                                 N_("As Thothit; piles open")},
    [VARIANT_THOTHIT_SACKSON] = {N_("Play only; no stock"), N_("As Thothit"),
                                 N_("1 a pair (advanced: 9s 3, 1s 2)")},
    [VARIANT_ENTHIT] = {N_("Play, then turn the stock"), N_("As Thothit"),
                        N_("Four 50 (red 100), pair 10 (red 20), red single 10")},
    [VARIANT_THOTHIT_KUNA] = {N_("Play, then turn the stock"), N_("Same rank; no first-turn rule"),
                              N_("Four 10, three 5; red 20, 10, pair 1")},
    [VARIANT_THOTHIT_YOGYAKARTA] = {N_("Turn the stock only"), N_("Same rank; captures by itself"),
                                    N_("Pair 10, each red card 10")},
    [VARIANT_THIT_THIT_DULIT] = {N_("Turn the stock only"), N_("Identical twin only"),
                                 N_("Pair 10, each red card 10")},
    [VARIANT_KINGS] = {N_("Turn two; pairs are taken"), N_("Same rank; every pair in the pool"),
                       N_("Most cards wins a King")},
    [VARIANT_TOTIT] = {N_("Play only; no stock"),
                       N_("Same rank; first turn identical; other suit first, twin last"),
                       N_("1 a pair")},
    [VARIANT_TOTIT_DENEXA] = {N_("Play only; no stock"),
                              N_("Same rank; first turn identical; must capture; odd card first"),
                              N_("1 a pair")},
    [VARIANT_PEI] = {N_("Play, then turn the stock"), N_("Same rank; must capture"),
                     N_("Five combinations, 10 to 13 a card; the rest face value")},
    [VARIANT_PEI_MAGELANG] = {N_("Play, then turn the stock"), N_("As Pèi"),
                              N_("Combinations 10 to 30 a card")},
    [VARIANT_PEI_CHINESE] = {N_("Play, then turn the stock"), N_("As Pèi"),
                             N_("Combinations count one copy each")},
    [VARIANT_KOWAH] = {N_("Draw, then discard"), N_("No captures; claim a third copy"),
                       N_("Hands won")},
};

const LearnCompareRow *learn_compare_row(VariantId v)
{
    static LearnCompareRow shown;
    if ((unsigned)v >= VARIANT_COUNT) {
        return NULL;
    }
    const LearnCompareRow *row = &compare_rows[v];
    if (row->phases == NULL) {
        /* A game with no row of its own (a new one): the turn and the
         * capture rule as its descriptor says them, the scoring left to
         * its own pages. */
        const VariantDesc *d = variant_get(v);
        shown.phases = variant_text_turn(d);
        shown.capture = variant_text_capture(d);
        shown.scoring = "—";
        return &shown;
    }
    shown.phases = _(row->phases);
    shown.capture = _(row->capture);
    shown.scoring = _(row->scoring);
    return &shown;
}

/* ---- building pages ------------------------------------------------------------- */

static void add(LearnDoc *d, LearnBlockKind kind, const char *text, const char *text2, int index)
{
    if (d->count >= LEARN_MAX_BLOCKS) {
        d->truncated = true;
        return;
    }
    d->blocks[d->count++] = (LearnBlock){kind, text, text2, index};
}

/* Keeps a formatted, card-expanded string in the page's arena. */
static const char *fmt(LearnDoc *d, const char *format, ...)
{
    char raw[2048];
    va_list ap;
    va_start(ap, format);
    vsnprintf(raw, sizeof raw, format, ap);
    va_end(ap);
    char *at = d->arena + d->used;
    size_t room = LEARN_ARENA - d->used;
    if (room < 2) {
        d->truncated = true;
        return "";
    }
    learn_expand_cards(raw, d->style, at, room);
    size_t len = strlen(at);
    if (len + 1 >= room) {
        d->truncated = true;
    }
    d->used += len + 1;
    return at;
}

#define PARA(d, ...) add(d, LB_PARA, fmt(d, __VA_ARGS__), NULL, 0)
#define NOTE(d, ...) add(d, LB_NOTE, fmt(d, __VA_ARGS__), NULL, 0)
#define BULLET(d, ...) add(d, LB_BULLET, fmt(d, __VA_ARGS__), NULL, 0)
#define HEADING(d, s) add(d, LB_HEADING, fmt(d, "%s", s), NULL, 0)

static void step(LearnDoc *d, int *n, const char *text)
{
    add(d, LB_STEP, fmt(d, "%s", text), NULL, ++*n);
}

static void cards(LearnDoc *d, const char *list, const char *caption)
{
    add(d, LB_CARDS, list, caption != NULL ? fmt(d, "%s", caption) : NULL, 0);
}

static void source(LearnDoc *d, const char *title, const char *what)
{
    add(d, LB_SOURCE, fmt(d, "%s", title), fmt(d, "%s", what), 0);
}

static void house(LearnDoc *d, int id)
{
    add(d, LB_HOUSE, NULL, NULL, id);
}

/* The house reading `id` where it is one of this game's (readings[]). */
static void house_for(LearnDoc *d, const VariantDesc *v, int id)
{
    if (readings[id].variants & LEARN_BIT(v->id)) {
        house(d, id);
    }
}

static const char *const JK = "*Javaanse Kaartspelen*";

/* ---- origins ---------------------------------------------------------------------- */

static void origin_thothit(LearnDoc *d)
{
    PARA(d, _("Thothit is a fishing game for three from Surakarta (Solo), in Central Java, as "
              "it was played there in the early twentieth century. You gather cards from a "
              "face-up pool by matching them, and what counts at the end is how many "
              "*identical* pairs you hold, above all pairs of the red-stamped cards."));
    PARA(d, _("Older books spell the name _Ṭoṭit_. In Yogyakarta the same game was called "
              "_Ceweng_, 'pulling towards yourself', and the Yogyakarta name Thothit meant a "
              "different, much simpler game of pure luck (see Thothit (Yogyakarta))."));
    PARA(d, _("Players could take their seats by drawing cards or by social rank; in a "
              "Javanese house the most senior player sat facing the front door."));
    HEADING(d, _("Sources"));
    source(d, JK,
           _("A Dutch survey of the card games of Java; its pages 71–72 describe this "
             "game as played in Surakarta, and this program follows them."));
}

static void origin_thothit_chinese(LearnDoc *d)
{
    PARA(d, _("The Chinese community of Surakarta played Thothit with two differences. "
              "Captured cards stay face up, so everyone can follow who holds what. And an "
              "identical pair lying in the pool beside another card of its rank is meant to "
              "be left alone: whoever breaks it up first cannot win the round."));
    PARA(d, _("Everything else — three players, one kepala, the deal, the stock, the "
              "scoring — is Thothit."));
    HEADING(d, _("Sources"));
    source(d, JK, _("Page 72 records these rules among the Chinese players of Surakarta."));
}

static void origin_thothit_sackson(LearnDoc *d)
{
    PARA(d, _("Sid Sackson, the American game inventor and collector, brought Thothit to "
              "English-speaking players in his book of games from around the world. He built "
              "the 60 cards from two ordinary packs and opened the game to two to six "
              "players."));
    PARA(d, _("His account leaves out the second half of each turn, turning a card from the "
              "stock, so this version plays without a stock: the cards not dealt are put "
              "aside unseen. He also simplified the scoring to one point for each identical "
              "pair, with an advanced option that rewards 9s and 1s."));
    HEADING(d, _("Sources"));
    source(d, _("Sid Sackson, *Card Games Around the World*"),
           _("Pages 11–12; the stock is missing from his description."));
}

static void origin_enthit(LearnDoc *d)
{
    PARA(d, _("Enthit (older spelling _Enṭit_) is Yogyakarta's bigger Thothit. It is played "
              "with two kepala shuffled together, 120 cards with four copies of each kind, "
              "and the prize is a set of four identical cards, an _enthit_."));
    PARA(d, _("Hands are twice as long as in Thothit and captured cards are kept face up."));
    HEADING(d, _("Sources"));
    source(d, JK, _("Page 74 describes Enthit as a Yogyakarta game."));
}

static void origin_thothit_kuna(LearnDoc *d)
{
    PARA(d, _("_Kuna_ means ancient. Thothit Kuna is the old form of the game that was "
              "played at the royal court of Surakarta, for four or six players. Each player "
              "brings a whole kepala, so four players use 240 cards and six use 360."));
    PARA(d, _("Everyone holds twenty cards and the pool starts with twenty per player, so "
              "rounds are long. Sets of three and four identical cards are what score. The "
              "source mentions no restriction on a player's first turn, so there is none "
              "here."));
    HEADING(d, _("Sources"));
    source(d, JK, _("Pages 74–75 describe the court game."));
}

static void origin_thothit_yogyakarta(LearnDoc *d)
{
    PARA(d, _("In Yogyakarta the name Thothit belonged to a game of pure chance for three "
              "players, which the source says was mostly played by women. Nobody holds a "
              "hand: every card is turned from the stock and captures by itself, so there "
              "is nothing to decide. It is a game to watch and to bet on."));
    PARA(d, _("Kings, from New Guinea, works the same way with a French pack."));
    HEADING(d, _("Sources"));
    source(d, JK, _("Page 75 describes this game of Yogyakarta."));
}

static void origin_thit_thit_dulit(LearnDoc *d)
{
    PARA(d, _("Thit-Thit-Dulit is the two-player cousin of Thothit (Yogyakarta), also from "
              "Yogyakarta and also played with one kepala and no decisions. The difference "
              "is that a turned card captures only its identical twin, so captures are rarer "
              "and the pool grows larger."));
    HEADING(d, _("Sources"));
    source(d, JK,
           _("Recorded beside Thothit (Yogyakarta); nothing is said about its "
             "scoring, so this program reads it the same way."));
}

static void origin_kings(LearnDoc *d)
{
    PARA(d, _("Kings is a game of luck from New Guinea, played with an ordinary 52-card "
              "pack. The four Kings are taken out first and become the prizes; the other 48 "
              "cards are paired off from a pool, two turned cards at a time."));
    PARA(d, _("It belongs here as a relative of Thothit (Yogyakarta). It has been suggested "
              "that the 48-card pack points to a Japanese source such as hanafuda, whose "
              "packs also hold 48 cards, but that remains a guess."));
    HEADING(d, _("Sources"));
    source(d, _("*Three Native Card Games*"), _("Pages 52–53 describe Kings."));
}

static void origin_totit(LearnDoc *d)
{
    PARA(d, _("Totit is the Javanese pairing game as the CatsAtCards website published it "
              "in English in 2015. The 60 cards come from two ordinary packs: Ace to 9 of "
              "diamonds, hearts and clubs, with the Jack, Queen and King of spades as the "
              "three honours."));
    PARA(d, _("It plays like Sackson's Thothit, without a stock, but a played card must "
              "prefer a partner of another suit and takes its identical twin only as a last "
              "resort."));
    HEADING(d, _("Sources"));
    source(d, _("CatsAtCards.com, *How to Play Totit*"),
           _("The rules this variant follows, including the two-player deal."));
}

static void origin_totit_denexa(LearnDoc *d)
{
    PARA(d, _("Denexa Games, a maker of plastic playing cards, published its own rules for "
              "Totit. Its 60 cards use the Jack, Queen and King of clubs as the honours."));
    PARA(d, _("What sets it apart from the CatsAtCards version is the odd card: an "
              "identical pair in the pool must wait while another card of its rank lies "
              "beside it. As this program reads the rules, a player who can capture must."));
    HEADING(d, _("Sources"));
    source(d, _("Denexa Games, *Totit*"), _("The rules this variant follows."));
}

static void origin_pei(LearnDoc *d)
{
    PARA(d, _("Pèi ꦥꦺꦲꦶ, also called _pèhi_ ꦥꦺꦲꦶ or _pèhsi_ ꦥꦺꦃꦱꦶ, was played by three in "
              "Surakarta and Yogyakarta with two kepala, 120 cards. The two cities played "
              "the same game with different words and some different bets. The aim is to "
              "capture five classic combinations of cards."));
    PARA(d, _("People usually played sitting on the floor or on a mat, though women used a "
              "table. Older players thought of it as a refined game, and luck at Pèi was "
              "taken as a sign of luck in life. When four were present, three played and "
              "the fourth dealt and counted (_makao_ in Surakarta, _matang atusi_ in "
              "Yogyakarta); in this program the computer does that job."));
    PARA(d, _("The name may come from the Hokkien _pe̍h-hî_, 'white fish', or from _pâi_, "
              "the Chinese word for playing cards. Its combinations match the 'eyes' of the "
              "Chinese game Kànhǔ."));
    HEADING(d, _("Sources"));
    source(d, JK,
           _("Pages 58–70: the game in Surakarta and Yogyakarta, its combinations "
             "and its stakes."));
    source(d, _("De Clercq, on the Pèhi game"), _("The other names of the game."));
}

static void origin_pei_magelang(LearnDoc *d)
{
    PARA(d, _("In the town of Magelang, in Central Java, Pèi was counted with richer rates: "
              "the two thirteens are worth 30 a card and the two pang sets 20 a card, while "
              "the tiger keeps its 10."));
    PARA(d, _("Everything else is Pèi as played in Surakarta and Yogyakarta."));
    HEADING(d, _("Sources"));
    source(d, JK, _("Pages 67–68 give the Magelang rates."));
}

static void origin_pei_chinese(LearnDoc *d)
{
    PARA(d, _("Tcheng Ki-tong (Chen Jitong), a Chinese writer who published in French, "
              "described this game as _la pêche_, 'fishing'. Its Chinese name was probably "
              "_tiò-hû_, 'fishing', which is also the name of a domino game."));
    PARA(d, _("It is Pèi for three with 120 cards, but the deal goes by packets picked with "
              "two dice, and each combination counts only one copy of its cards."));
    HEADING(d, _("Sources"));
    source(d, _("Tcheng Ki-tong, *Les Plaisirs en Chine*"),
           _("Page 270; in the English edition, *Bits of China*, page 205."));
}

static void origin_kowah(LearnDoc *d)
{
    PARA(d, _("Kowah comes from Java but is closer to rummy than to the fishing games. "
              "Nobody captures: you draw and discard to build an eight-card hand called "
              "_checki_, show one identical pair from it, and then wait for the third copy "
              "of that card."));
    PARA(d, _("It uses four sets of the 30 kinds, 120 cards."));
    HEADING(d, _("Sources"));
    source(d, _("Denexa Games, *Kowah*"), _("The rules this variant follows."));
}

/* Each game's history and sources, in its own words. */
static void (*const origins[VARIANT_COUNT])(LearnDoc *d) = {
    [VARIANT_THOTHIT] = origin_thothit,
    [VARIANT_THOTHIT_CHINESE] = origin_thothit_chinese,
    [VARIANT_THOTHIT_SACKSON] = origin_thothit_sackson,
    [VARIANT_ENTHIT] = origin_enthit,
    [VARIANT_THOTHIT_KUNA] = origin_thothit_kuna,
    [VARIANT_THOTHIT_YOGYAKARTA] = origin_thothit_yogyakarta,
    [VARIANT_THIT_THIT_DULIT] = origin_thit_thit_dulit,
    [VARIANT_KINGS] = origin_kings,
    [VARIANT_TOTIT] = origin_totit,
    [VARIANT_TOTIT_DENEXA] = origin_totit_denexa,
    [VARIANT_PEI] = origin_pei,
    [VARIANT_PEI_MAGELANG] = origin_pei_magelang,
    [VARIANT_PEI_CHINESE] = origin_pei_chinese,
    [VARIANT_KOWAH] = origin_kowah,
};

static void origin_text(LearnDoc *d, const VariantDesc *v)
{
    if (origins[v->id]) {
        origins[v->id](d);
    }
}

static void build_origin(LearnDoc *d, const VariantDesc *v)
{
    add(d, LB_TITLE, fmt(d, "%s", _(v->summary)), NULL, 0);
    HEADING(d, _("Where it was played"));
    origin_text(d, v);
    HEADING(d, _("At a glance"));
    add(d, LB_FACTS, NULL, NULL, 0);
}

/* ---- cards and deal ----------------------------------------------------------------- */

static bool western(DeckStyle s)
{
    return s == STYLE_WESTERN_CLUBS || s == STYLE_WESTERN_SPADES;
}

static void ceki_cards(LearnDoc *d, const VariantDesc *v)
{
    HEADING(d, _("The cards"));
    if (v->deck == DECK_CEKI && v->copies == 2) {
        PARA(d, _("One Ceki pack, a _kepala_, has 60 cards: two copies of each of 30 kinds."));
    } else if (v->deck == DECK_CEKI) {
        PARA(d, _("This game uses two Ceki packs (_kepala_) shuffled together: 120 cards, four "
                  "copies of each of the 30 kinds."));
    } else {
        PARA(d, _("Every player adds one Ceki pack (_kepala_) of 60 cards, so each kind comes "
                  "in two copies per player."));
    }
    PARA(d, _("Three suits run from 1 to 9: coins, strings (_lintrik_) and myriads (_wong_). "
              "Three honours complete the pack: the Old Thousand, called _raja_ or _iyo ratu_; "
              "the White Flower, nicknamed _kucing_, the cat; and the Red Flower."));
    if (western(d->style)) {
        bool clubs = d->style == STYLE_WESTERN_CLUBS;
        cards(d, "C1 C2 C3 C4 C5 C6 C7 C8 C9", _("Coins, played with the diamonds, Ace to 9"));
        cards(d, "S1 S2 S3 S4 S5 S6 S7 S8 S9", _("Strings (lintrik), played with the hearts"));
        cards(d, "M1 M2 M3 M4 M5 M6 M7 M8 M9",
              clubs ? _("Myriads (wong), played with the spades")
                    : _("Myriads (wong), played with the clubs"));
        cards(d, "OT WF RF",
              clubs ? _("The honours: Old Thousand, White Flower, Red Flower, played with the "
                        "King, Jack and Queen of clubs")
                    : _("The honours: Old Thousand, White Flower, Red Flower, played with the "
                        "King, Jack and Queen of spades"));
    } else {
        cards(d, "C1 C2 C3 C4 C5 C6 C7 C8 C9", _("Coins, 1 to 9"));
        cards(d, "S1 S2 S3 S4 S5 S6 S7 S8 S9", _("Strings (lintrik), 1 to 9"));
        cards(d, "M1 M2 M3 M4 M5 M6 M7 M8 M9", _("Myriads (wong), 1 to 9"));
        cards(d, "OT WF RF", _("The honours: Old Thousand, White Flower, Red Flower"));
    }
    if (western(d->style)) {
        PARA(d, _("These are western cards standing in for Ceki ones: two ordinary packs give "
                  "the Ace to 9 of three suits and the court cards of the fourth, twice over. The "
                  "rules are the same whatever cards you use; change the deck style in Settings "
                  "or at setup."));
    }
    HEADING(d, _("Rank and identical cards"));
    PARA(d, _("Cards *match* when they have the same rank. The three honours count as 1s, so "
              "each kepala has twelve cards of rank 1 and six of every other rank."));
    cards(d, "C1 S1 M1 OT WF RF", _("All six kinds of rank 1"));
    PARA(d, _("Two cards are *identical* only when they are copies of the same kind."));
    cards(d, "S4 S4 | S4 M4", _("An identical pair, and two 4s that match but are not identical"));
    if (v->scores_red_stamps || v->start == START_PEI) {
        PARA(d,
             _("Three kinds carry a red stamp: the Old Thousand, the Red Flower and the 9 of "
               "strings. %s"),
             v->start == START_PEI ? _("In Pèi they form the red thirteen.")
                                   : _("They are worth more when scoring."));
        cards(d, "OT RF S9", _("The red-stamped cards"));
    }
}

static void kings_cards(LearnDoc *d)
{
    HEADING(d, _("The cards"));
    PARA(d, _("An ordinary 52-card pack. Before the first round the four Kings are set aside: "
              "they are the prizes of the match, one per round. The other 48 cards are played; "
              "only rank matters, and Aces count low as 1."));
    cards(d, "KS KH KD KC", _("The four Kings: the prizes"));
}

/* Two two-card draws for the first raja, counted with the core's face
 * values: "9 + 6 = 15 counts only 5, so 2 + 4 = 6 beats it". */
static void raja_example(LearnDoc *d, const char *first, const char *second)
{
    Card a[2], b[2];
    if (learn_parse_cards(first, a, 2) != 2 || learn_parse_cards(second, b, 2) != 2) {
        return;
    }
    int fa = card_face_value(a[0]), fb = card_face_value(a[1]);
    int sa = card_face_value(b[0]), sb = card_face_value(b[1]);
    int x = fa + fb, y = sa + sb;
    const char *verdict = y % 10 > x % 10    ? _("beats it")
                          : y % 10 == x % 10 ? _("ties")
                                             : _("loses");
    char list[64];
    snprintf(list, sizeof list, "%s | %s", first, second);
    cards(d, fmt(d, "%s", list),
          fmt(d, _("%d + %d = %d counts only %d, so %d + %d = %d %s"), fa, fb, x, x % 10, sa, sb, y,
              verdict));
}

/* How often the count keeps the raja, from the variant's deck (the core's
 * ranks): rank 1 has twice the cards of any other rank. */
static void raja_odds(LearnDoc *d, const VariantDesc *v)
{
    Card deck[CEKI_MAX_DECK];
    int n = variant_build_deck(v, 3, deck), to[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        to[(card_rank(deck[i]) - 1) % 3]++; /* 1, 4, 7: stays; 2, 5, 8: patih; 3, 6, 9: unyik */
    }
    PARA(d,
         _("The other roles follow in playing order. Rank 1 has twice as many cards as any other "
           "rank, so of the %d cards %d keep the raja, against %d for the patih and %d for the "
           "unyik. The raja stays in about %d%% of rounds: more often than either of the others "
           "takes over, yet the lead changes hands more often than not."),
         n, to[0], to[1], to[2], to[0] * 100 / n);
}

/* Whether the stock holds as many cards as the hands, so both run out
 * together (not so in Enthit). */
static bool stock_matches_hands(const VariantDesc *v)
{
    VariantDeal dl = variant_deal(v, game_config_default(v->id, 1).players);
    return dl.rest == dl.hand * dl.players;
}

static void roles_text(LearnDoc *d, const VariantDesc *v)
{
    HEADING(d, _("Seats and roles"));
    switch (v->start) {
    case START_RAJA_COUNT:
        PARA(d, _("The players are the _raja_ (king), who plays first; the _patih_ (minister), "
                  "on the raja's right; and the _unyik_ (last), on the raja's left, who deals. "
                  "Play goes counter-clockwise: raja, patih, unyik."));
        house_for(d, v, HR_KUNA_ROLES);
        PARA(d, _("To find the first raja, everyone is dealt two cards and adds up their values, "
                  "keeping only the last digit (tens are dropped). The highest wins; tied leaders "
                  "draw again."));
        raja_example(d, "C9 S6", "M2 C4");
        break;
    case START_PEI:
        PARA(d, _("At the start of a match everyone is dealt two cards and adds up their values "
                  "(honours count 1). The highest total is the _raja_, the next the _patih_, the "
                  "lowest the _unyik_. Players whose totals are equal are dealt two more cards "
                  "each, only they, to settle their order among themselves, again while still "
                  "equal. Then everyone takes a seat so that play goes counter-clockwise: raja, "
                  "patih, unyik. The table shows the cards, the totals and the change of "
                  "seats."));
        break;
    case START_DEALER_LEFT:
        PARA(d, _("One player deals; the player on the dealer's left plays first and turns go "
                  "clockwise. The deal passes to the left after each round."));
        house(d, HR_DEALER_FIRST);
        break;
    case START_DRAW_COUNT:
        PARA(d, _("To pick who starts, one player draws a card and counts round the table "
                  "anti-clockwise from themselves, one seat for each point of its rank: a 1, 4 or "
                  "7 means the drawer starts."));
        house_for(d, v, HR_YOGYA_START);
        house_for(d, v, HR_DULIT_AS_YOGYA);
        break;
    }
}

static void deal_text(LearnDoc *d, const VariantDesc *v)
{
    VariantDeal dl = variant_deal(v, game_config_default(v->id, 1).players);
    int hand = dl.hand, pool = dl.pool, rest = dl.rest;
    HEADING(d, _("The deal"));
    switch (v->turn) {
    case TURN_HAND_THEN_STOCK:
        if (v->packet_deal) {
            PARA(d, _("The 120 cards are cut into eight packets of 14, with 8 loose cards left "
                      "over. Two dice pick the packets: three become the stock (42 cards), two "
                      "more with the 8 loose cards become the pool (36), and the last three are "
                      "the hands of 14."));
            house(d, HR_PEI_PACKETS);
            PARA(d, _("No stock card is shown to everyone here. The unyik may look at the last "
                      "card of the stock, which they will draw at the very end."));
        } else if (v->start == START_PEI) {
            PARA(d, _("The dealer gives each player 7 cards face down and 6 face up, twice: "
                      "hands of 14 and a pool of 36. The other 42 cards are the stock."));
            PARA(d, _("The pool is arranged by rank around the stock: 9s and 1s in front of the "
                      "raja, 8s and 2s in front of the patih, 7s, 3s and 5s in front of the "
                      "unyik, while the dealer's own side gets the 6s and 4s."));
            PARA(d, _("The top card of the stock is turned face up: it will be the very last "
                      "card drawn, by the unyik. The patih may secretly look at the card below "
                      "it, which will be the patih's own last draw."));
        } else {
            PARA(d,
                 _("The %s deals %d cards face down to each player and %d face up to the "
                   "pool. The remaining %d cards form the face-down stock."),
                 v->start == START_RAJA_COUNT ? _("unyik") : _("dealer"), hand, pool, rest);
        }
        if (v->start == START_RAJA_COUNT) {
            PARA(d, _("The patih then sorts the pool by rank so that matches are easy to see."));
        }
        if (v->start == START_PEI) {
            PARA(d,
                 _("Something unusual: players draw from the *bottom* of the stock, which travels "
                   "round the table."));
        }
        break;
    case TURN_HAND_ONLY:
        PARA(d,
             _("The dealer lays %d cards face up as the pool, then deals %d cards to each "
               "player (%d each when two play). The rest are put aside unseen and take no "
               "part in the round."),
             v->pool, v->hand, v->hand_two_players);
        break;
    case TURN_STOCK_ONLY:
        PARA(d, _("Nobody is dealt anything: all 60 cards are shuffled into one face-down "
                  "stock, and the pool starts empty."));
        break;
    case TURN_KINGS:
        PARA(d, _("The dealer turns four cards face up as the pool. Whenever two of them share "
                  "a rank, the dealer takes that pair and turns two more, until no pair is left. "
                  "The rest of the pack is the stock."));
        break;
    case TURN_DRAW_DISCARD:
        PARA(d,
             _("Each player is dealt %d cards; the rest is the stock, and the discard pile "
               "starts empty."),
             hand);
        break;
    }
    add(d, LB_DEAL, NULL, NULL, 0);
    NOTE(d, _("A real deal, shuffled by the rules engine.%s"),
         v->turn == TURN_STOCK_ONLY || v->turn == TURN_KINGS
             ? ""
             : _(" Your hand is face up; the others' cards are hidden, as at the table."));
}

static void build_deal(LearnDoc *d, const VariantDesc *v)
{
    if (v->deck == DECK_FRENCH_NO_KINGS) {
        kings_cards(d);
    } else {
        ceki_cards(d, v);
    }
    if (v->engine == ENGINE_FISHING) {
        roles_text(d, v);
    } else {
        HEADING(d, _("Seats"));
        PARA(d, _("One player deals; the player on the dealer's left starts and turns go "
                  "clockwise."));
        house(d, HR_DEALER_FIRST);
    }
    deal_text(d, v);
}

/* ---- a turn ---------------------------------------------------------------------- */

/* The numbered steps of a turn, one writer per turn shape. */
typedef void (*TurnSteps)(LearnDoc *d, const VariantDesc *v, int *n);
/* How a round ends, one writer per turn shape. */
typedef void (*TurnEnd)(LearnDoc *d, const VariantDesc *v);

/* Play a card, then turn (or, in Pèi, draw) the stock card. */
static void steps_hand_then_stock(LearnDoc *d, const VariantDesc *v, int *n)
{
    step(d, n,
         _("*Play a card* from your hand into the pool. If a pool card has the same "
           "rank, your card captures it: the two form a _gebagan_ and go to your "
           "captured pile."));
    step(d, n, _("If nothing in the pool matches, your card simply stays there, face up."));
    step(d, n,
         v->start == START_PEI
             ? _("*Draw a card from the bottom of the stock* and turn it up — the _bukakan_, "
                 "'opened' card. It captures or stays in the pool exactly as a played card "
                 "would.")
             : _("*Turn the top card of the stock* — the _bukakan_, 'opened' card. It "
                 "captures or stays in the pool exactly as a played card would."));
    step(d, n, _("Play passes on. One turn can capture up to four cards."));
}

/* Play a card; there is no stock. */
static void steps_hand_only(LearnDoc *d, const VariantDesc *v, int *n)
{
    (void)v;
    step(d, n,
         _("*Play a card* from your hand. If it matches a pool card you capture "
           "both; if nothing matches, it stays in the pool."));
    step(d, n, _("That is the whole turn: there is no stock. Play passes to the left."));
}

/* Turn the stock card; nobody holds a hand. */
static void steps_stock_only(LearnDoc *d, const VariantDesc *v, int *n)
{
    step(d, n,
         v->match == MATCH_IDENTICAL
             ? _("*Turn the top card of the stock.* If its identical twin lies in the "
                 "pool, you take both.")
             : _("*Turn the top card of the stock.* If a pool card has the same rank, "
                 "you take both."));
    step(d, n, _("Otherwise the card is laid in the pool."));
    step(d, n, _("Play passes on. The round ends when the stock is used up."));
    if (v->match == MATCH_BY_RANK) {
        NOTE(d, _("Every match is taken the moment it appears, so no two cards of a rank can "
                  "ever lie in the pool together, and no choice ever arises."));
    }
}

/* Kings: turn two cards, take every pair. */
static void steps_kings(LearnDoc *d, const VariantDesc *v, int *n)
{
    (void)v;
    step(d, n, _("*Turn two cards* from the stock into the pool (only one if one is left)."));
    step(d, n, _("Take *all the pairs* of matching rank that the pool now holds."));
    step(d, n,
         _("Play passes to the left. Once the stock runs out, whoever has captured the most "
           "cards takes one of the Kings."));
}

/* Kowah: draw, discard, maybe declare. */
static void steps_draw_discard(LearnDoc *d, const VariantDesc *v, int *n)
{
    (void)v;
    step(d, n,
         _("*Draw* one card: on the first turn from the stock, later either the top "
           "of the stock or the top of the discard pile."));
    step(d, n, _("*Discard* one card face up on the discard pile."));
    step(d, n,
         _("If your eight cards now form a checki hand, you may *declare* it and lay "
           "one identical pair face up."));
    step(d, n, _("Play passes to the left."));
}

static const TurnSteps turn_steps[] = {
    [TURN_HAND_THEN_STOCK] = steps_hand_then_stock, [TURN_HAND_ONLY] = steps_hand_only,
    [TURN_STOCK_ONLY] = steps_stock_only,           [TURN_KINGS] = steps_kings,
    [TURN_DRAW_DISCARD] = steps_draw_discard,
};

/* Hands and stock: when the round ends depends on the deal. */
static void end_hand_then_stock(LearnDoc *d, const VariantDesc *v)
{
    if (v->start == START_PEI) {
        PARA(d, _("The round ends when the hands are empty. Cards left unmatched in the pool "
                  "score for nobody."));
    } else if (!stock_matches_hands(v)) {
        PARA(d, _("The round ends when every hand and the stock are empty; unmatched pool "
                  "cards score for nobody."));
    } else {
        PARA(d,
             _("Hands and stock run out together after %d turns each. Whatever is left "
               "in the pool scores for nobody."),
             v->hand);
    }
}

/* Hands only: the round ends with the hands. */
static void end_hand_only(LearnDoc *d, const VariantDesc *v)
{
    (void)v;
    PARA(d, _("The round ends when every hand is empty; cards left in the pool are put "
              "aside."));
}

/* Watched rounds and Kings: the round ends with the stock. */
static void end_stock(LearnDoc *d, const VariantDesc *v)
{
    (void)v;
    PARA(d, _("The round ends when the stock is used up."));
}

/* Kowah: a hand ends with a won wait or an empty stock. */
static void end_draw_discard(LearnDoc *d, const VariantDesc *v)
{
    (void)v;
    PARA(d, _("A hand is over as soon as a declared player gets the third copy they wait for; if "
              "the stock is used up first, nobody wins it."));
}

static const TurnEnd turn_ends[] = {
    [TURN_HAND_THEN_STOCK] = end_hand_then_stock,
    [TURN_HAND_ONLY] = end_hand_only,
    [TURN_STOCK_ONLY] = end_stock,
    [TURN_KINGS] = end_stock,
    [TURN_DRAW_DISCARD] = end_draw_discard,
};

/* The turn page: its steps, a worked turn and how a round ends. */
static void build_turn(LearnDoc *d, const VariantDesc *v)
{
    int n = 0;
    HEADING(d, _("Step by step"));
    if ((size_t)v->turn < sizeof turn_steps / sizeof turn_steps[0]) {
        turn_steps[v->turn](d, v, &n);
    }
    house_for(d, v, HR_ENTHIT_EMPTY);
    HEADING(d, _("A real turn"));
    PARA(d, _("The first turn of a dealt game, told move by move by the rules engine:"));
    add(d, LB_WORKED, NULL, NULL, 0);
    HEADING(d, _("The end of a round"));
    if ((size_t)v->turn < sizeof turn_ends / sizeof turn_ends[0]) {
        turn_ends[v->turn](d, v);
    }
    if (v->engine == ENGINE_FISHING) {
        PARA(d, "%s.", variant_text_piles(v));
    }
}

/* ---- capturing ------------------------------------------------------------------- */

static void legal_examples(LearnDoc *d, VariantId v, bool (*pick)(const LearnLegalExample *))
{
    int n = 0;
    const LearnLegalExample *ex = learn_legal_examples(&n);
    for (int i = 0; i < n; i++) {
        if ((ex[i].variants & LEARN_BIT(v)) && pick(&ex[i])) {
            add(d, LB_LEGAL, NULL, NULL, i);
        }
    }
}

static bool ex_match(const LearnLegalExample *e)
{
    return e->topic == LEGAL_MATCH;
}
static bool ex_first(const LearnLegalExample *e)
{
    return e->topic == LEGAL_FIRST;
}
static bool ex_trail(const LearnLegalExample *e)
{
    return e->topic == LEGAL_TRAIL;
}
static bool ex_order(const LearnLegalExample *e)
{
    return e->topic == LEGAL_ORDER;
}

static void build_checki(LearnDoc *d)
{
    HEADING(d, _("A checki hand"));
    PARA(d, _("Kowah has no captures. You are building an eight-card hand of one of two shapes:"));
    BULLET(d, _("*Two triplets and a pair*: two sets of three cards of one rank (any suits, "
                "copies allowed) and one *identical* pair."));
    BULLET(d, _("*A triplet and a five*: three cards of one rank, plus five cards of one rank: "
                "two identical pairs plus one more card identical to neither."));
    int n = 0;
    const LearnCheckiExample *ex = learn_checki_examples(&n);
    for (int i = 0; i < n; i++) {
        int len = learn_parse_cards(ex[i].hand, (Card[16]){0}, 16);
        if (len == 8) {
            add(d, LB_CHECKI, NULL, NULL, i);
        }
    }
    house(d, HR_KOWAH_SPLITS);
    HEADING(d, _("Declaring"));
    PARA(d, _("When your hand is checki after you discard, you may declare it: lay one "
              "identical pair face up (with a five, either of its pairs). The pair is still part "
              "of your hand."));
    house(d, HR_KOWAH_LOCKED);
    HEADING(d, _("Claiming the third copy"));
    PARA(d, _("A declared player wins with a third copy of a shown pair — or, with a five, of "
              "either of its pairs. It can come from your own draw, from a stock card drawn by "
              "someone else (once anyone has declared, every stock draw is shown), "
              "or from a discard, claimed out of turn."));
    house(d, HR_KOWAH_PAIR_WAITS);
    house(d, HR_KOWAH_CLAIMS);
    house(d, HR_KOWAH_CLAIM_TIME);
}

static void build_capture(LearnDoc *d, const VariantDesc *v)
{
    if (v->engine == ENGINE_KOWAH) {
        build_checki(d);
        return;
    }
    HEADING(d, _("What may capture what"));
    PARA(d,
         _("A card captures *one* pool card of the same rank; both go to your captured pile. "
           "The honours count as 1s, so {OT}, {WF}, {RF} and the three %s all match each "
           "other."),
         western(d->style) ? _("Aces") : _("1s"));
    legal_examples(d, v->id, ex_match);
    HEADING(d, _("Must you capture?"));
    if (v->compulsory == COMPULSORY_ANY) {
        PARA(d, _("Yes, whenever you can: if any card in your hand can capture, you must play "
                  "one of them and capture. Only when no card can may you lay one in the pool."));
        house(d, HR_DENEXA_MUST);
    } else {
        PARA(d,
             _("You may play any card you like, but a card that can capture must capture; "
               "it cannot be laid in the pool. When it matches several pool cards you choose "
               "which one to take%s."),
             v->order == ORDER_TOTIT_TIERS ? _(", within the order below") : "");
    }
    legal_examples(d, v->id, ex_trail);
    if (v->turn == TURN_HAND_THEN_STOCK) {
        PARA(d, _("The card turned from the stock follows the same rule: it captures if it can, "
                  "and you choose what it takes when there is a choice."));
    }
    HEADING(d, _("Your first turn"));
    if (v->first_turn_identical) {
        PARA(d,
             _("On your own first turn of a round a card may take only its *identical* "
               "twin%s. A card with no twin in the pool stays there, even if cards of its "
               "rank are lying in the pool."),
             v->turn == TURN_HAND_THEN_STOCK ? _(", and so may the card you turn from the stock")
                                             : "");
        legal_examples(d, v->id, ex_first);
        house_for(d, v, HR_SACKSON_PLAY);
    } else {
        PARA(d, _("There is no special rule: your first turn is like any other."));
        legal_examples(d, v->id, ex_first);
    }
    switch (v->order) {
    case ORDER_TOTIT_TIERS:
        HEADING(d, _("Which card to take"));
        PARA(d, _("When your card matches several pool cards you must take one of *another suit* "
                  "if there is one; if not, a card of its own suit that is not its twin "
                  "(only possible among the 1s, whose honours share a suit); and the identical "
                  "twin only when nothing else is left."));
        legal_examples(d, v->id, ex_order);
        break;
    case ORDER_DENEXA_ODD:
        HEADING(d, _("The odd card goes first"));
        PARA(d, _("While an identical pair lies in the pool beside another card of the same "
                  "rank — the odd card — neither card of the pair may be taken: the odd card "
                  "must go first. Once the pair is alone, either copy may be taken."));
        legal_examples(d, v->id, ex_order);
        house(d, HR_DENEXA_RANK1);
        house(d, HR_DENEXA_TWO_PAIRS);
        break;
    case ORDER_CHINESE_FORFEIT:
        HEADING(d, _("Leave the pair alone"));
        PARA(d, _("If an identical pair lies in the pool together with another card of its rank, "
                  "taking "
                  "a card of the pair first is allowed, but it *forfeits your win*: your points "
                  "still count, but the round goes to the highest scorer among those who have not "
                  "forfeited. "
                  "The same applies to the card turned from the stock. The program warns you "
                  "before such a move."));
        legal_examples(d, v->id, ex_order);
        house(d, HR_CHINESE_ALL_FORFEIT);
        break;
    default: break;
    }
}

/* ---- try it ---------------------------------------------------------------------- */

static void build_try(LearnDoc *d, const VariantDesc *v)
{
    if (v->engine == ENGINE_KOWAH) {
        PARA(d, _("You have just drawn a ninth card. Click the card to discard (or reach it with "
                  "Tab and press Enter): the rules engine says whether the eight you keep "
                  "are checki, which pairs you could show, and which cards would then win."));
        int n = 0;
        const LearnCheckiExample *ex = learn_checki_examples(&n);
        for (int i = 0; i < n; i++) {
            if (learn_parse_cards(ex[i].hand, (Card[16]){0}, 16) == 9) {
                add(d, LB_CHECKI, NULL, NULL, i);
            }
        }
        return;
    }
    if (is_watch(v)) {
        PARA(d, _("Nobody decides anything in this game, so here you can watch a round unfold: "
                  "turn one card at a time and the rules engine tells you what happened."));
        add(d, LB_DEMO, NULL, NULL, 0);
        return;
    }
    PARA(d, _("Drag a card from your hand onto a pool card to capture it, or drop it on the "
              "empty felt of the pool to lay it there. You can also click a hand card and then "
              "its target, or use Tab and Enter. While a card is picked up, the moves the rules "
              "allow light up."));
    int n = 0;
    const LearnTryExample *ex = learn_try_examples(&n);
    for (int i = 0; i < n; i++) {
        if (ex[i].variants & LEARN_BIT(v->id)) {
            add(d, LB_TRY, NULL, NULL, i);
        }
    }
}

/* ---- scoring --------------------------------------------------------------------- */

static void score_examples(LearnDoc *d, VariantId v)
{
    int n = 0;
    const LearnScoreExample *ex = learn_score_examples(&n);
    for (int i = 0; i < n; i++) {
        if (ex[i].variants & LEARN_BIT(v)) {
            add(d, LB_SCORE, NULL, NULL, i);
        }
    }
}

/* What `cards` scores in this game, by the core; every score the rules page
 * states is computed so, never typed. */
#define SCORE(v, cards) learn_pile_score((v)->id, 0, cards)
#define SCORE_ADV(v, cards) learn_pile_score((v)->id, OPTION_ADVANCED, cards)

static void scoring_red_pairs(LearnDoc *d, const VariantDesc *v)
{
    PARA(d, _("Only *identical* cards count, however you came by them: two copies captured "
              "at different times still make a pair. For each kind in your captured pile:"));
    BULLET(d, _("a pair of a black card scores *%d*; a single black card scores %d;"),
           SCORE(v, "C5 C5"), SCORE(v, "C5"));
    BULLET(d,
           _("a pair of a red-stamped card ({OT}, {RF}, {S9}) scores *%d*, and a single "
             "red-stamped card still scores *%d*."),
           SCORE(v, "OT OT"), SCORE(v, "OT"));
    PARA(d, _("The highest score wins the round; equal scores share the win.%s"),
         v->order == ORDER_CHINESE_FORFEIT ? _(" A player who forfeited still scores, but "
                                               "cannot win.")
                                           : "");
}

static void scoring_sackson(LearnDoc *d, const VariantDesc *v)
{
    PARA(d,
         _("Each *identical* pair in your captured pile scores *%d*. With the advanced "
           "option, a pair of 9s scores *%d* and a pair of rank 1 (the 1s and honours) "
           "*%d*."),
         SCORE(v, "C5 C5"), SCORE_ADV(v, "C9 C9"), SCORE_ADV(v, "C1 C1"));
}

static void scoring_enthit(LearnDoc *d, const VariantDesc *v)
{
    PARA(d, _("For each kind in your captured pile:"));
    BULLET(d, _("four identical black cards score *%d*, a black pair *%d*;"),
           SCORE(v, "C5 C5 C5 C5"), SCORE(v, "C5 C5"));
    BULLET(d,
           _("four identical red-stamped cards score *%d*, a red pair *%d*, and a "
             "leftover red-stamped card *%d*."),
           SCORE(v, "OT OT OT OT"), SCORE(v, "OT OT"), SCORE(v, "OT OT OT") - SCORE(v, "OT OT"));
}

static void scoring_kuna(LearnDoc *d, const VariantDesc *v)
{
    PARA(d, _("Your copies of each kind are split into groups to score as much as possible; "
              "each copy is used once:"));
    BULLET(d, _("black cards: four identical *%d*, three identical *%d*;"), SCORE(v, "C5 C5 C5 C5"),
           SCORE(v, "C5 C5 C5"));
    BULLET(d, _("red-stamped cards: four *%d*, three *%d*, and a pair *%d*."),
           SCORE(v, "OT OT OT OT"), SCORE(v, "OT OT OT"), SCORE(v, "OT OT"));
}

static void scoring_yogyakarta(LearnDoc *d, const VariantDesc *v)
{
    PARA(d,
         _("Every identical pair in your captured pile scores *%d*, and every red-stamped "
           "card scores *%d* more, paired or not. The highest score wins the round."),
         SCORE(v, "C5 C5"), SCORE(v, "OT"));
    house_for(d, v, HR_DULIT_AS_YOGYA);
}

static void scoring_kings(LearnDoc *d, const VariantDesc *v)
{
    PARA(d, _("Nothing but the number of cards counts. When the stock is used up, whoever holds "
              "the biggest captured pile is given one of the Kings."));
    house_for(d, v, HR_KINGS_TIES);
}

static void scoring_totit(LearnDoc *d, const VariantDesc *v)
{
    PARA(d,
         _("Each *identical* pair in your captured pile scores *%d*, even if its two cards "
           "were captured at different times. Cards of the same rank that are not "
           "identical score %s."),
         SCORE(v, "C5 C5"), SCORE(v, "C5 S5") == 0 ? _("nothing") : _("as singles"));
}

static void scoring_pei(LearnDoc *d, const VariantDesc *v)
{
    PARA(d, _("Five combinations score for every card in them; every other card scores its "
              "face value (honours 1). Your pile has a combination as soon as it holds every "
              "card of it at least once."));
    BULLET(d,
           _("_bunci ireng_ ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ, black thirteen: {C1}, {C2} and {C3}, going on "
             "through {C4}, {C5}… while unbroken — *%d* a card;"),
           SCORE(v, "C1 C2 C3") / 3);
    BULLET(d, _("_bunci abang_ ꦧꦸꦚ꧀ꦕꦶꦲꦧꦁ, red thirteen: {OT}, {RF} and {S9} — *%d* a card;"),
           SCORE(v, "OT RF S9") / 3);
    BULLET(d, _("_pang kéyang_ ꦥꦁꦏꦺꦪꦁ: {WF}, {S8} and {M9} — *%d* a card;"),
           SCORE(v, "WF S8 M9") / 3);
    BULLET(d, _("_pang picis_ ꦥꦁꦥꦶꦕꦶꦱ꧀, the coin set: {C8}, {S2} and {M2} — *%d* a card;"),
           SCORE(v, "C8 S2 M2") / 3);
    BULLET(d, _("_macan_ ꦩꦕꦤ꧀, the tiger: {C9}, {S1} and {M1} — *%d* a card."),
           SCORE(v, "C9 S1 M1") / 3);
    if (v->pei_once) {
        PARA(d, _("In this form only *one* card of each kind in a combination earns its rate; "
                  "extra "
                  "copies score their face value. A black thirteen still runs on over "
                  "different coins."));
    } else {
        PARA(d, _("Extra copies of a combination's cards score its rate too."));
    }
    PARA(d, _("The {C8} and the {C9} can serve a black thirteen or a pang picis or tiger. Each "
              "copy "
              "is counted once, and the rules engine picks whatever gives the most points."));
    house(d, HR_PEI_THIRTEEN);
    house(d, HR_PEI_MACAN);
    PARA(d, _("The places are _ngeté_ (first), _tengah_ (second) and _kete_ (third); equal "
              "scores share a place."));
}

/* What scores, told per scoring rule. */
static void scoring_rule_text(LearnDoc *d, const VariantDesc *v)
{
    switch (v->score) {
    case SCORE_RULE_RED_PAIRS: scoring_red_pairs(d, v); break;
    case SCORE_RULE_ENTHIT: scoring_enthit(d, v); break;
    case SCORE_RULE_PAIRS:
        if (v->options & OPTION_ADVANCED) {
            scoring_sackson(d, v);
        } else {
            scoring_totit(d, v);
        }
        break;
    case SCORE_RULE_KUNA: scoring_kuna(d, v); break;
    case SCORE_RULE_YOGYAKARTA: scoring_yogyakarta(d, v); break;
    case SCORE_RULE_KINGS: scoring_kings(d, v); break;
    case SCORE_RULE_PEI: scoring_pei(d, v); break;
    case SCORE_RULE_NONE:
    case SCORE_RULE_COUNT: break;
    }
}

static void build_scoring(LearnDoc *d, const VariantDesc *v)
{
    HEADING(d, _("What scores"));
    scoring_rule_text(d, v);
    HEADING(d, _("Examples"));
    NOTE(d, _("Each pile below is scored by the rules engine itself; the groups show where the "
              "points come from."));
    score_examples(d, v->id);
}

/* ---- stakes ------------------------------------------------------------------------ */

/* Jung's worked example, paid by the core (pei_settle_stakes). */
static void jung_example(LearnDoc *d, const int scores[PEI_PLAYERS])
{
    PeiStakes st;
    int paid[PEI_PLAYERS][PEI_PLAYERS] = {{0}};
    if (pei_settle_stakes(STAKES_RAMPUNG, true, scores, 0, &st) != CEKI_OK) {
        return;
    }
    for (int i = 0; i < st.npay; i++) {
        const PeiPayment *p = &st.pay[i];
        if (p->reason == PEI_PAY_JUNG && p->payer >= 0 && p->payee >= 0) {
            paid[p->payer][p->payee] += p->units;
        }
    }
    BULLET(d,
           _("*Jung*, an option with rampung: each player also pays everyone who scored more one "
             "unit for every ten points between them, a part of ten counting as ten. With %d, %d "
             "and %d, the second pays the first %d units, and the third pays the first %d and "
             "the second %d."),
           scores[0], scores[1], scores[2], paid[1][0], paid[2][0], paid[2][1]);
}

static void build_stakes(LearnDoc *d)
{
    HEADING(d, _("Playing for stakes"));
    PARA(d, _("Pèi could be played for money in several ways. The program keeps virtual coins: "
              "one unit stands for the 5 cents of the source's examples. You choose the scheme "
              "at setup."));
    BULLET(d, _("*None* (_jentolan_): no money; the loser deals the next round."));
    BULLET(d, _("*Wudon*, 'middle stakes': everyone puts 2 units in; the ngeté takes two "
                "thirds, the tengah one third, and a ngeté with 350 or more takes it all."));
    BULLET(d, _("*Rampung*, 'settled': the kete pays the ngeté the _té_ — 1 unit with 200 points "
                "or more, 2 with fewer. A ngeté with 350 gets 2 units from each other player "
                "(_belahan_), and 2 more each with 400 (_patang atusan_)."));
    jung_example(d, (const int[PEI_PLAYERS]){354, 322, 275});
    BULLET(d, _("*Parewanan*, 'reckless': wudon and rampung together."));
    BULLET(d, _("*Nir* (_wul-wulan_): a jackpot; everybody puts 2 units in each round, and the pot "
                "keeps growing until somebody makes 400 or more, who then takes all of it."));
    BULLET(d,
           _("*Jedhil*: like nir, except that a round with no 400 adds nothing; the first two take "
             "small amounts from the pot instead, and everyone antes again when it runs dry."));
    house(d, HR_PEI_TE);
    house(d, HR_PEI_PLACES);
    house(d, HR_PEI_PAYMENTS);
    house(d, HR_PEI_PRIZES);
    house(d, HR_PEI_NIR);
    house(d, HR_PEI_JEDHIL);
    house(d, HR_PEI_JUNG);
}

/* ---- match ------------------------------------------------------------------------- */

static void build_match(LearnDoc *d, const VariantDesc *v)
{
    HEADING(d, v->engine == ENGINE_KOWAH ? _("Winning a hand") : _("A match"));
    switch (v->match_kind) {
    case MATCHKIND_ROUNDS:
        PARA(d,
             _("Scores are added up over the rounds of a match (%d unless you choose "
               "otherwise); the highest total wins."),
             v->default_rounds);
        break;
    case MATCHKIND_EACH_DEALS:
        PARA(d, _("A match lasts until everyone has dealt once. The best total wins; players level "
                  "at the top share the victory."));
        break;
    case MATCHKIND_EACH_DEALS_UNTIED:
        PARA(d, _("A match lasts until everyone has dealt once. The highest total wins. While "
                  "the top is tied, only the tied players play further hands, dealt as for that "
                  "many players with the deal passing among them, until one of them leads; the "
                  "others sit those hands out."));
        break;
    case MATCHKIND_KINGS:
        PARA(d, _("Each round wins one King. The match ends when all four Kings are won, and "
                  "whoever holds the most wins; players level on Kings cut for the match."));
        break;
    case MATCHKIND_HANDS_WON:
        PARA(d,
             _("The first declared player to get a third copy of a shown pair wins the hand. "
               "A match is a number of hands (%d unless you choose otherwise) and whoever "
               "wins most hands wins the match."),
             v->default_rounds);
        break;
    }
    if (v->start == START_RAJA_COUNT) {
        HEADING(d, _("The next raja"));
        if (v->min_players == 3 && v->max_players == 3) {
            PARA(d, _("After a round the unyik draws a card and counts that many seats to the "
                      "right, starting from the raja:"));
            BULLET(d, _("a 1, 4 or 7 (or an honour): the raja stays;"));
            BULLET(d, _("a 2, 5 or 8: the patih becomes raja;"));
            BULLET(d, _("a 3, 6 or 9: the unyik becomes raja."));
            raja_odds(d, v);
        } else {
            PARA(d, _("After a round the unyik draws a card and counts round the table to the "
                      "right, one seat for each point of its rank, starting with the raja as 1. "
                      "Where the count stops sits the next raja; the patih and unyik follow in "
                      "playing order."));
        }
    }
    if (v->start == START_PEI) {
        HEADING(d, _("The next round"));
        PARA(d, _("The kete becomes the unyik and deals the next round."));
    }
    if (v->start == START_DRAW_COUNT) {
        HEADING(d, _("The next round"));
        PARA(d, _("The winner of a round starts the next one."));
    }
    HEADING(d, _("House readings"));
    NOTE(d, _("Where the sources are silent or contradict each other the program has to choose. "
              "These choices are marked *House reading* wherever they appear; here are all of "
              "them for this game."));
    for (int i = 0; i < HR_COUNT; i++) {
        if (readings[i].variants & LEARN_BIT(v->id)) {
            house(d, i);
        }
    }
}

/* ---- the shared pages ------------------------------------------------------------- */

static void build_compare(LearnDoc *d)
{
    HEADING(d, _("Every game side by side"));
    NOTE(d, _("Figures are for the usual number of players; choose a row to read about that "
              "game."));
    add(d, LB_COMPARE, NULL, NULL, -1);
    for (int i = 0; i < VARIANT_COUNT; i++) {
        add(d, LB_COMPARE, NULL, NULL, i);
    }
}

static void build_glossary(LearnDoc *d)
{
    HEADING(d, _("Words of the games"));
    NOTE(d, _("Javanese script is shown where the sources give it."));
    int n = 0;
    learn_glossary(&n);
    for (int i = 0; i < n; i++) {
        add(d, LB_GLOSSARY, NULL, NULL, i);
    }
}

/* The mouse and the keys (the README's table says the same). */
static void build_keys(LearnDoc *d)
{
    HEADING(d, _("At the table, with the mouse"));
    BULLET(d, _("*Drag* a card from your hand onto a lit pool card to take it, or onto the "
                "pool's free space to lay it there. A card laid over a lit card takes that card "
                "even when the pointer is beside it."));
    BULLET(d, _("*Click* a card, then its target, if you prefer clicking to dragging."));
    BULLET(d, _("*Double-click* a hand card to make the move Enter would lead to: its best "
                "capture, or its trail when it takes nothing (in Kowah, its discard)."));
    BULLET(d, _("*Hold the right button* on a card to see it whole, however covered it is."));
    BULLET(d, _("*The wheel* scrolls the move log while it is open."));
    HEADING(d, _("At the table, with the keys"));
    BULLET(d, _("*Left* and *Right* move between the cards of a row; *Up* and *Down* between "
                "your hand, the pool and the piles."));
    BULLET(d, _("*Enter* takes the next step: it picks up the focused card and jumps to the "
                "card it may best take, takes that card, turns the stock, draws or discards "
                "in Kowah, and opens the round's results."));
    BULLET(d, _("*T* lays the picked-up card in the pool; *Space* turns the stock or draws "
                "(play and pause in the games that play themselves)."));
    BULLET(d, _("*H* or *Ctrl+H* asks for a hint; *U* or *Ctrl+Z* undoes your last decision, "
                "and *Ctrl+Shift+Z* or *Ctrl+Y* brings it back."));
    BULLET(d, _("*R* or *F1* opens this game's rules; *C* switches the card style."));
    BULLET(d, _("*L* opens or closes the move log, what everyone saw this round, newest "
                "first; *Page Up* and *Page Down* scroll it."));
    BULLET(d, _("*Tab* goes to the buttons (declare, claim, pass, next round, menu)."));
    BULLET(d, _("*Esc* puts a picked-up card back; with nothing picked up it opens the menu."));
    BULLET(d, _("*Ctrl+N* starts a new game of the same setup, asking first while a match is "
                "unfinished."));
    HEADING(d, _("Everywhere"));
    BULLET(d, _("The arrows and *Tab* move between the choices, *Enter* chooses, *Esc* goes "
                "back (on the title screen it offers Quit)."));
    BULLET(d, _("*F1* opens this page from any screen but the table."));
    BULLET(d, _("*F11* or *Alt+Enter* switches full screen on and off."));
}

/* The guided first game: what it is, what this game's deal shows, and the
 * button that starts it at the table. */
static void build_guided(LearnDoc *d, const VariantDesc *v)
{
    HEADING(d, fmt(d, _("A first game of %s, with a guide"), _(v->name)));
    PARA(d,
         _("A short game, dealt the same way every time, played at the real table with the "
           "cards, buttons and keys of any game. A guide beside the table says what to do next and "
           "why, lights the cards, and waits until you do it, with the mouse or the keyboard."));
    PARA(d, _("A move that is not the lesson is refused, with the reason, and nothing changes: "
              "try again. The others' moves are told as they happen, and the guide stops at "
              "each moment worth a look until you press *Continue* (or *Enter*)."));
    if (is_watch(v)) {
        PARA(d, _("In this game nobody decides: the cards play themselves, and the guide tells "
                  "the round as it goes, the ties and how they are settled included."));
    } else if (is_kowah(v)) {
        PARA(d, _("This deal shows a hand that becomes _checki_: you declare it, claim a "
                  "discard out of turn, and win the hand."));
    } else if (is_pei(v)) {
        PARA(d, _("This deal shows the seating draw that gives the roles, the _raja_'s lead, "
                  "the private look at a stock card, and a stake paid at the end."));
    } else if (v->match_kind == MATCHKIND_EACH_DEALS_UNTIED) {
        PARA(d, _("This game is a whole short match: each player deals once, and every round is "
                  "counted line by line. Two players end level for the lead, so only they play "
                  "a tie-break hand while you watch."));
    } else {
        PARA(d, _("At the end the round is counted line by line: what each group in your "
                  "captured pile scores, as the results show it."));
    }
    add(d, LB_GUIDED, NULL, NULL, 0);
}

void learn_doc_build(LearnDoc *doc, VariantId id, LearnSection s, DeckStyle style)
{
    doc->variant = id;
    doc->section = s;
    doc->style = style;
    doc->count = 0;
    doc->used = 0;
    doc->truncated = false;
    const VariantDesc *v = variant_get(id);
    if (v == NULL) {
        return;
    }
    switch (s) {
    case LEARN_ORIGIN: build_origin(doc, v); break;
    case LEARN_DEAL: build_deal(doc, v); break;
    case LEARN_TURN: build_turn(doc, v); break;
    case LEARN_CAPTURE: build_capture(doc, v); break;
    case LEARN_TRY: build_try(doc, v); break;
    case LEARN_SCORING: build_scoring(doc, v); break;
    case LEARN_STAKES: build_stakes(doc); break;
    case LEARN_MATCH: build_match(doc, v); break;
    case LEARN_COMPARE: build_compare(doc); break;
    case LEARN_GLOSSARY: build_glossary(doc); break;
    case LEARN_KEYS: build_keys(doc); break;
    case LEARN_GUIDED: build_guided(doc, v); break;
    case LEARN_SECTION_COUNT: break;
    }
}
