#include "card_names.h"

#include <stdio.h>

static const char *const ceki_names[CARD_CEKI_KINDS] = {
    "1 of Coins",   "2 of Coins",   "3 of Coins",   "4 of Coins",   "5 of Coins",   "6 of Coins",
    "7 of Coins",   "8 of Coins",   "9 of Coins",   "1 of Strings", "2 of Strings", "3 of Strings",
    "4 of Strings", "5 of Strings", "6 of Strings", "7 of Strings", "8 of Strings", "9 of Strings",
    "1 of Myriads", "2 of Myriads", "3 of Myriads", "4 of Myriads", "5 of Myriads", "6 of Myriads",
    "7 of Myriads", "8 of Myriads", "9 of Myriads", "Old Thousand", "White Flower", "Red Flower",
};

static const char *const french_names[CARD_FRENCH_KINDS] = {
    "Ace of Spades",    "2 of Spades",       "3 of Spades",      "4 of Spades",
    "5 of Spades",      "6 of Spades",       "7 of Spades",      "8 of Spades",
    "9 of Spades",      "10 of Spades",      "Jack of Spades",   "Queen of Spades",
    "King of Spades",   "Ace of Hearts",     "2 of Hearts",      "3 of Hearts",
    "4 of Hearts",      "5 of Hearts",       "6 of Hearts",      "7 of Hearts",
    "8 of Hearts",      "9 of Hearts",       "10 of Hearts",     "Jack of Hearts",
    "Queen of Hearts",  "King of Hearts",    "Ace of Diamonds",  "2 of Diamonds",
    "3 of Diamonds",    "4 of Diamonds",     "5 of Diamonds",    "6 of Diamonds",
    "7 of Diamonds",    "8 of Diamonds",     "9 of Diamonds",    "10 of Diamonds",
    "Jack of Diamonds", "Queen of Diamonds", "King of Diamonds", "Ace of Clubs",
    "2 of Clubs",       "3 of Clubs",        "4 of Clubs",       "5 of Clubs",
    "6 of Clubs",       "7 of Clubs",        "8 of Clubs",       "9 of Clubs",
    "10 of Clubs",      "Jack of Clubs",     "Queen of Clubs",   "King of Clubs",
};

static const char *const rank_labels[14] = {"?", "A", "2", "3",  "4", "5", "6",
                                            "7", "8", "9", "10", "J", "Q", "K"};
static const char *const rank_words[14] = {"?", "Ace", "2", "3",  "4",    "5",     "6",
                                           "7", "8",   "9", "10", "Jack", "Queen", "King"};

const char *card_rank_label(int rank)
{
    return rank >= 1 && rank <= 13 ? rank_labels[rank] : rank_labels[0];
}

const char *card_suit_name(CardSuit suit)
{
    switch (suit) {
    case SUIT_COINS: return "Coins";
    case SUIT_STRINGS: return "Strings";
    case SUIT_MYRIADS: return "Myriads";
    case SUIT_HONOURS: return "Honours";
    case SUIT_SPADES: return "Spades";
    case SUIT_HEARTS: return "Hearts";
    case SUIT_DIAMONDS: return "Diamonds";
    case SUIT_CLUBS: return "Clubs";
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
        return ceki_names[c];
    }
    return card_is_french(c) ? french_names[c - CARD_FRENCH_FIRST] : "";
}

const char *card_name_javanese(Card c)
{
    if (c == CARD_OT) {
        return "raja / iyo ratu ('king ace')";
    }
    if (c == CARD_WF) {
        return "kucing ('cat')";
    }
    return "";
}

bool card_western_equivalent(Card c, DeckStyle style, CardSuit *suit, int *rank)
{
    if (!card_is_ceki(c) || (style != STYLE_WESTERN_CLUBS && style != STYLE_WESTERN_SPADES)) {
        return false;
    }
    bool clubs = style == STYLE_WESTERN_CLUBS;
    switch (card_suit(c)) {
    case SUIT_COINS: *suit = SUIT_DIAMONDS; break;
    case SUIT_STRINGS: *suit = SUIT_HEARTS; break;
    case SUIT_MYRIADS: *suit = clubs ? SUIT_SPADES : SUIT_CLUBS; break;
    default: *suit = clubs ? SUIT_CLUBS : SUIT_SPADES; break;
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
    snprintf(buf, size, "%s of %s", rank_words[rank], card_suit_name(suit));
}
