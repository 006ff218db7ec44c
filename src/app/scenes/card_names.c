#include "card_names.h"

#include <stdio.h>

#include "i18n.h"

static const char *const ceki_names[CARD_CEKI_KINDS] = {
    N_("1 of Coins"),   N_("2 of Coins"),   N_("3 of Coins"),   N_("4 of Coins"),
    N_("5 of Coins"),   N_("6 of Coins"),   N_("7 of Coins"),   N_("8 of Coins"),
    N_("9 of Coins"),   N_("1 of Strings"), N_("2 of Strings"), N_("3 of Strings"),
    N_("4 of Strings"), N_("5 of Strings"), N_("6 of Strings"), N_("7 of Strings"),
    N_("8 of Strings"), N_("9 of Strings"), N_("1 of Myriads"), N_("2 of Myriads"),
    N_("3 of Myriads"), N_("4 of Myriads"), N_("5 of Myriads"), N_("6 of Myriads"),
    N_("7 of Myriads"), N_("8 of Myriads"), N_("9 of Myriads"), N_("Old Thousand"),
    N_("White Flower"), N_("Red Flower"),
};

static const char *const french_names[CARD_FRENCH_KINDS] = {
    N_("Ace of Spades"),    N_("2 of Spades"),       N_("3 of Spades"),      N_("4 of Spades"),
    N_("5 of Spades"),      N_("6 of Spades"),       N_("7 of Spades"),      N_("8 of Spades"),
    N_("9 of Spades"),      N_("10 of Spades"),      N_("Jack of Spades"),   N_("Queen of Spades"),
    N_("King of Spades"),   N_("Ace of Hearts"),     N_("2 of Hearts"),      N_("3 of Hearts"),
    N_("4 of Hearts"),      N_("5 of Hearts"),       N_("6 of Hearts"),      N_("7 of Hearts"),
    N_("8 of Hearts"),      N_("9 of Hearts"),       N_("10 of Hearts"),     N_("Jack of Hearts"),
    N_("Queen of Hearts"),  N_("King of Hearts"),    N_("Ace of Diamonds"),  N_("2 of Diamonds"),
    N_("3 of Diamonds"),    N_("4 of Diamonds"),     N_("5 of Diamonds"),    N_("6 of Diamonds"),
    N_("7 of Diamonds"),    N_("8 of Diamonds"),     N_("9 of Diamonds"),    N_("10 of Diamonds"),
    N_("Jack of Diamonds"), N_("Queen of Diamonds"), N_("King of Diamonds"), N_("Ace of Clubs"),
    N_("2 of Clubs"),       N_("3 of Clubs"),        N_("4 of Clubs"),       N_("5 of Clubs"),
    N_("6 of Clubs"),       N_("7 of Clubs"),        N_("8 of Clubs"),       N_("9 of Clubs"),
    N_("10 of Clubs"),      N_("Jack of Clubs"),     N_("Queen of Clubs"),   N_("King of Clubs"),
};

static const char *const rank_labels[14] = {"?", "A", "2", "3",  "4", "5", "6",
                                            "7", "8", "9", "10", "J", "Q", "K"};
static const char *const rank_words[14] = {"?",  N_("Ace"),  "2",         "3",       "4",
                                           "5",  "6",        "7",         "8",       "9",
                                           "10", N_("Jack"), N_("Queen"), N_("King")};

const char *card_rank_label(int rank)
{
    return rank >= 1 && rank <= 13 ? rank_labels[rank] : rank_labels[0];
}

const char *card_suit_name(CardSuit suit)
{
    switch (suit) {
    case SUIT_COINS: return _("Coins");
    case SUIT_STRINGS: return _("Strings");
    case SUIT_MYRIADS: return _("Myriads");
    case SUIT_HONOURS: return _("Honours");
    case SUIT_SPADES: return _("Spades");
    case SUIT_HEARTS: return _("Hearts");
    case SUIT_DIAMONDS: return _("Diamonds");
    case SUIT_CLUBS: return _("Clubs");
    default: return "";
    }
}

const char *card_suit_javanese(CardSuit suit)
{
    switch (suit) {
    case SUIT_STRINGS: return "lintrik";
    case SUIT_MYRIADS: return "wong";
    default: return "";
    }
}

const char *card_name_english(Card c)
{
    if (card_is_ceki(c)) {
        return _(ceki_names[c]);
    }
    return card_is_french(c) ? _(french_names[c - CARD_FRENCH_FIRST]) : "";
}

const char *card_name_javanese(Card c)
{
    if (c == CARD_OT) {
        return _("raja / iyo ratu ('king ace')");
    }
    if (c == CARD_WF) {
        return _("kucing ('cat')");
    }
    return "";
}

bool card_western_equivalent(Card c, DeckStyle style, CardSuit *suit, int *rank)
{
    const DeckStyleDesc *d = deck_style_get(style);
    if (!card_is_ceki(c) || d == NULL || d->art != ART_WESTERN) {
        return false;
    }
    switch (card_suit(c)) {
    case SUIT_COINS: *suit = SUIT_DIAMONDS; break;
    case SUIT_STRINGS: *suit = SUIT_HEARTS; break;
    case SUIT_MYRIADS: *suit = d->myriads; break;
    default: *suit = d->honours; break;
    }
    if (c == CARD_WF) {
        *rank = 11;
    } else if (c == CARD_RF) {
        *rank = 12;
    } else if (c == CARD_OT) {
        *rank = 13;
    } else {
        *rank = card_rank(c);
    }
    return true;
}

void card_western_name(Card c, DeckStyle style, char *buf, size_t size)
{
    CardSuit suit = SUIT_NONE;
    int rank = 0;
    if (size == 0) {
        return;
    }
    if (!card_western_equivalent(c, style, &suit, &rank)) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, size, _("%s of %s"), _(rank_words[rank]), card_suit_name(suit));
}

const char *card_role_name(int role)
{
    switch (role) {
    case ROLE_RAJA: return "raja";
    case ROLE_PATIH: return "patih";
    case ROLE_UNYIK: return "unyik";
    case ROLE_DEALER: return _("dealer");
    default: return "";
    }
}
