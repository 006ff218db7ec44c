/* scene_learn_examples.c — the examples of learn mode as data, and
 * everything about them that comes from the rules core: points
 * (score_pile), set positions (game_create_position), legal targets and
 * verdicts (game_legal_moves, game_is_legal, game_explain_illegal), and the
 * moves of a dealt game told as sentences (game events). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_names.h"
#include "learn.h"

#define B(v) LEARN_BIT(VARIANT_##v)
#define PEI_ALL (B(PEI) | B(PEI_MAGELANG) | B(PEI_CHINESE))
#define THOTHIT_LIKE (B(THOTHIT) | B(THOTHIT_CHINESE) | B(THOTHIT_SACKSON) | B(ENTHIT))

/* ---- the examples ------------------------------------------------------------ */

static const LearnScoreExample score_examples[] = {
    {B(THOTHIT) | B(THOTHIT_CHINESE), 0, "OT OT C4 C4 M7 S7 RF",
     N_("Two pairs, a lone red stamp, and two 7s that are not identical")},
    {B(THOTHIT) | B(THOTHIT_CHINESE), 0, "S9 S9 WF WF C1 M1",
     N_("A red-stamped pair, a black pair, and two 1s of different suits")},
    {B(THOTHIT_SACKSON), 0, "C9 C9 OT OT S4 S4 M5", N_("Three identical pairs, plain scoring")},
    {B(THOTHIT_SACKSON), OPTION_ADVANCED, "C9 C9 OT OT S4 S4 M5",
     N_("The same pile with the advanced option")},
    {B(ENTHIT), 0, "M5 M5 M5 M5 C2 C2 C2 OT OT OT S9",
     N_("Four of a kind, three of a kind, and red-stamped cards")},
    {B(ENTHIT), 0, "RF RF RF RF C6 C6", N_("All four Red Flowers")},
    {B(THOTHIT_KUNA), 0, "M6 M6 M6 M6 C3 C3 C3 OT OT OT OT OT RF RF",
     N_("Sets of four and three; five Old Thousands make a four and a spare")},
    {B(THOTHIT_KUNA), 0, "S9 S9 S9 S9 S9 S9 C7 C7",
     N_("Six red-stamped 9s: the engine picks the best split")},
    {B(THOTHIT_YOGYAKARTA) | B(THIT_THIT_DULIT), 0, "C4 C4 OT OT S9 RF M8",
     N_("Pairs, and a bonus for every red-stamped card")},
    {B(KINGS), 0, "AS AH 7D 7C QH QS", N_("Three captured pairs")},
    {B(TOTIT) | B(TOTIT_DENEXA), 0, "C4 C4 S4 M4 OT OT WF", N_("Only identical pairs count")},
    {PEI_ALL, 0, "C1 C2 C3 C4 C5", N_("A black thirteen running to the 5")},
    {PEI_ALL, 0, "C1 C2 C3 C5", N_("The run breaks at the missing 4")},
    {PEI_ALL, 0, "OT RF S9 S9", N_("A red thirteen with a second red 9")},
    {PEI_ALL, 0, "WF S8 M9 C8 S2 M2 C9 S1 M1", N_("Pang kéyang, pang picis and the tiger")},
    {PEI_ALL, 0, "C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 M1",
     N_("Every coin, a 1 of strings and a 1 of myriads: where should the 9 of coins go?")},
    {PEI_ALL, 0, "C1 C2 C3 C8 S2 M2 M7 M7 S3", N_("Two combinations and some loose cards")},
};

static const LearnLegalExample legal_examples[] = {
    {THOTHIT_LIKE | B(THOTHIT_KUNA) | B(TOTIT) | B(TOTIT_DENEXA) | PEI_ALL, LEGAL_MATCH, "C4",
     "S4 M4 C7 OT", false, "S4 M4", N_("A later turn: your {C4} may take either 4, your choice.")},
    {THOTHIT_LIKE | B(THOTHIT_KUNA) | B(TOTIT_DENEXA) | PEI_ALL, LEGAL_MATCH, "OT", "C1 WF M5 S3",
     false, "C1 WF", N_("The {OT} counts as a 1: it may take the {C1} or the {WF}.")},
    {THOTHIT_LIKE | B(THOTHIT_KUNA) | B(TOTIT) | B(TOTIT_DENEXA) | PEI_ALL, LEGAL_TRAIL, "M6",
     "C4 S7 M2 C9", false, "-", N_("Nothing matches the {M6}, so it stays in the pool.")},
    {THOTHIT_LIKE | B(TOTIT) | B(TOTIT_DENEXA), LEGAL_FIRST, "C4", "S4 C4 M4", true, "C4",
     N_("First turn: of the three 4s, only the identical {C4} may be taken.")},
    {THOTHIT_LIKE | B(TOTIT) | B(TOTIT_DENEXA), LEGAL_FIRST, "M7", "C7 S7 M2", true, "-",
     N_("First turn and no twin in the pool: the {M7} stays, though two 7s lie there.")},
    {B(THOTHIT_KUNA) | PEI_ALL, LEGAL_FIRST, "C4", "S4 C4 M4", true, "S4 C4 M4",
     N_("A first turn like any other: any 4 may be taken.")},
    {B(THOTHIT_CHINESE), LEGAL_ORDER, "M5", "S5 S5 C5 M8", false, "S5 C5",
     N_("Both moves are legal, but taking the {S5} breaks up a pair while the {C5} still lies "
        "beside it: that forfeits your win. Taking the {C5} is safe.")},
    {B(TOTIT), LEGAL_ORDER, "C4", "S4 C4 M7", false, "S4",
     N_("The {S4} is of another suit, so it must be taken before the twin {C4}.")},
    {B(TOTIT), LEGAL_ORDER, "OT", "C1 WF OT", false, "C1",
     N_("The {C1} is of another suit: it goes first.")},
    {B(TOTIT), LEGAL_ORDER, "OT", "WF OT M5", false, "WF",
     N_("No other suit here: the {WF}, same suit but not identical, comes before the twin {OT}.")},
    {B(TOTIT_DENEXA), LEGAL_ORDER, "C4", "S4 S4 M4 C9", false, "M4",
     N_("The two copies of the {S4} must wait: the odd {M4} goes first.")},
    {B(TOTIT_DENEXA), LEGAL_ORDER, "C1", "OT OT WF", false, "WF",
     N_("House reading: the {WF} counts as odd beside two of the {OT}, so it goes first.")},
    {B(TOTIT_DENEXA), LEGAL_ORDER, "C4", "S4 S4 M4 M4", false, "S4 M4",
     N_("House reading: two pairs hold each other up, so the hold is lifted.")},
};

static const LearnTryExample try_examples[] = {
    {B(THOTHIT) | B(THOTHIT_SACKSON), "C4 M7 OT S9", "S4 C4 WF M2 C7 S6", true,
     N_("Your first turn"),
     N_("Only identical twins may be taken on a first turn. Find the one capture you have, then "
        "see what the rules say about the others.")},
    {B(THOTHIT) | B(THOTHIT_SACKSON), "C4 M7 OT S9", "S4 C4 WF M2 C7 S6", false, N_("A later turn"),
     N_("The same cards on a later turn. Now any card of the same rank may be taken, and a card "
        "that can capture must. Try laying the {M7} in the pool.")},
    {B(THOTHIT_CHINESE), "S5 M8 OT", "C5 C5 M5 WF S8 C2", false, N_("The odd card"),
     N_("Two copies of the {C5} lie beside the {M5}. Try your {S5} on each of them and read "
        "what happens.")},
    {B(ENTHIT), "C4 C4 RF M3", "C4 S4 RF RF M9 C3", true, N_("Your first turn"),
     N_("With two packs there are four copies of every card. Which twins can you take?")},
    {B(ENTHIT), "C4 C4 RF M3", "C4 S4 RF RF M9 C3", false, N_("A later turn"),
     N_("The same cards later in the round: now the 3s and 4s match by rank.")},
    {B(THOTHIT_KUNA), "C4 OT M8", "S4 C4 WF C2", true, N_("Your first turn"),
     N_("The court game has no first-turn rule. What may your cards take?")},
    {B(TOTIT), "C4 M7 OT", "S4 C4 M4 OT C7", true, N_("Your first turn"),
     N_("On the first turn only twins may be taken; the capture order does not matter yet.")},
    {B(TOTIT), "C4 OT M9", "S4 C4 WF OT C1 M2", false, N_("Which partner?"),
     N_("Your {C4} could take the {S4} or its own twin; your {OT} faces three cards of rank 1. "
        "Which captures are allowed?")},
    {B(TOTIT_DENEXA), "C4 M7 C1", "S4 S4 M4 OT OT WF C9", false, N_("Odd cards first"),
     N_("Two pairs wait for their odd cards, and you must capture if you can. Try the {M7} as "
        "well.")},
    {PEI_ALL, "C4 M8 S9 WF", "S4 M4 C8 OT RF C2", false, N_("Must it capture?"),
     N_("Pèi has no first-turn rule, and a card that can capture must. Which card may you lay "
        "in the pool?")},
};

static const LearnCheckiExample checki_examples[] = {
    {"C5 S5 M5 C7 S7 M7 C1 C1", N_("Two triplets and a pair"),
     N_("Three 5s, three 7s and an identical pair of the {C1}.")},
    {"C5 S5 M5 S7 S7 C7 C7 M7", N_("A triplet and a five"),
     N_("Three 5s, and five 7s: two identical pairs and the odd {M7}.")},
    {"C5 S5 M5 C7 S7 M7 C1 S1", N_("Not checki"),
     N_("Two triplets, but {C1} and {S1} match by rank without being identical.")},
    {"C5 S5 M5 C7 S7 M7 C1 C1 M9", N_("Which card goes?"),
     N_("Nine cards after your draw: which discard leaves a checki hand?")},
    {"S7 S7 C7 C7 M7 C5 S5 M5 OT", N_("Which card goes?"),
     N_("Another nine: find the discard, then see which cards would win.")},
};

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

const LearnScoreExample *learn_score_examples(int *count)
{
    *count = COUNT_OF(score_examples);
    return score_examples;
}

const LearnLegalExample *learn_legal_examples(int *count)
{
    *count = COUNT_OF(legal_examples);
    return legal_examples;
}

const LearnTryExample *learn_try_examples(int *count)
{
    *count = COUNT_OF(try_examples);
    return try_examples;
}

const LearnCheckiExample *learn_checki_examples(int *count)
{
    *count = COUNT_OF(checki_examples);
    return checki_examples;
}

/* ---- from the core -------------------------------------------------------------- */

int learn_parse_cards(const char *text, Card *out, int cap)
{
    size_t n = 0;
    if (text == NULL || card_list_parse(text, out, (size_t)cap, &n, NULL) != CEKI_OK) {
        return 0;
    }
    return (int)n;
}

int learn_pile_score(VariantId v, uint32_t options, const char *cards)
{
    Card pile[CEKI_MAX_DECK];
    int n = learn_parse_cards(cards, pile, CEKI_MAX_DECK);
    return score_pile(v, options, pile, n, NULL);
}

bool learn_score_view_of(const ScoreBreakdown *b, LearnScoreView *out)
{
    memset(out, 0, sizeof *out);
    out->total = b->total;
    /* Groups that scored first, in the core's order; then the rest. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < b->ngroups; i++) {
            const ScoreGroup *g = &b->groups[i];
            bool scored = g->points > 0;
            if (scored != (pass == 0)) {
                continue;
            }
            if (g->ncards > LEARN_VIEW_CARDS || out->ngroups >= LEARN_VIEW_GROUPS) {
                return false;
            }
            LearnScoreGroup *o = &out->groups[out->ngroups++];
            snprintf(o->label, sizeof o->label, "%s", _(g->label));
            o->kind = g->kind;
            o->ncards = g->ncards;
            memcpy(o->cards, g->cards, (size_t)g->ncards);
            o->points = g->points;
        }
    }
    return true;
}

bool learn_score_view(VariantId v, const LearnScoreExample *ex, LearnScoreView *out)
{
    Card pile[64];
    int n = learn_parse_cards(ex->pile, pile, 64);
    memset(out, 0, sizeof *out);
    if (n == 0) {
        return false;
    }
    ScoreBreakdown *b = malloc(sizeof *b);
    if (b == NULL) {
        return false;
    }
    int total = score_pile(v, ex->options, pile, n, b);
    bool fits = learn_score_view_of(b, out);
    out->total = total;
    free(b);
    return fits;
}

Game *learn_example_position(VariantId v, const char *hand, const char *pool, bool first_turn)
{
    Card h[32], p[64];
    int nh = learn_parse_cards(hand, h, 32);
    int np = learn_parse_cards(pool, p, 64);
    if (nh == 0) {
        return NULL;
    }
    GameConfig cfg = game_config_default(v, LEARN_SEED);
    cfg.rounds = 1;
    return game_create_position(&cfg, h, nh, p, np, first_turn, NULL);
}

int learn_legal_targets(const Game *g, Card card, Card *out, bool *forfeit, int cap,
                        bool *may_trail)
{
    Move moves[GAME_MAX_MOVES];
    int total = game_legal_moves(g, moves, GAME_MAX_MOVES);
    int n = 0;
    if (may_trail != NULL) {
        *may_trail = false;
    }
    for (int i = 0; i < total && i < GAME_MAX_MOVES; i++) {
        const Move *m = &moves[i];
        if (m->type != MOVE_PLAY || m->card != card) {
            continue;
        }
        if (m->target == CARD_NONE) {
            if (may_trail != NULL) {
                *may_trail = true;
            }
            continue;
        }
        bool seen = false;
        for (int k = 0; k < n; k++) {
            seen = seen || out[k] == m->target;
        }
        if (!seen && n < cap) {
            if (forfeit != NULL) {
                forfeit[n] = (m->flags & MOVE_FLAG_FORFEIT) != 0;
            }
            out[n++] = m->target;
        }
    }
    return n;
}

void learn_card_name(Card c, DeckStyle style, char *buf, size_t size)
{
    if (card_is_ceki(c) && (style == STYLE_WESTERN_CLUBS || style == STYLE_WESTERN_SPADES)) {
        card_western_name(c, style, buf, size);
    } else {
        snprintf(buf, size, "%s", card_name_english(c));
    }
}

void learn_expand_cards(const char *src, DeckStyle style, char *buf, size_t size)
{
    size_t at = 0;
    if (size == 0) {
        return;
    }
    for (const char *p = src; *p != '\0' && at + 1 < size;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        Card c = CARD_NONE;
        if (close != NULL && close - p - 1 < CARD_TEXT_MAX) {
            char token[CARD_TEXT_MAX] = {0};
            memcpy(token, p + 1, (size_t)(close - p - 1));
            if (card_parse(token, &c) != CEKI_OK) {
                c = CARD_NONE;
            }
        }
        if (c != CARD_NONE) {
            char name[48];
            learn_card_name(c, style, name, sizeof name);
            int w = snprintf(buf + at, size - at, "%s", name);
            at += (size_t)w < size - at ? (size_t)w : size - at - 1;
            p = close + 1;
        } else {
            buf[at++] = *p++;
        }
    }
    buf[at] = '\0';
}

static const char *card_text(Card c, DeckStyle style, char *buf, size_t size)
{
    learn_card_name(c, style, buf, size);
    return buf;
}

void learn_judge(const Game *g, DeckStyle style, Card card, Card target, LearnVerdict *out)
{
    memset(out, 0, sizeof *out);
    out->made = true;
    out->card = card;
    out->target = target;
    int seat = game_to_move(g);
    Move m = {.type = MOVE_PLAY,
              .seat = (uint8_t)(seat < 0 ? 0 : seat),
              .card = card,
              .target = target,
              .flags = 0};
    char a[48], b[48];
    card_text(card, style, a, sizeof a);
    if (!game_is_legal(g, &m)) {
        out->legal = false;
        if (target == CARD_NONE) {
            snprintf(out->text, sizeof out->text,
                     _("Not allowed: your *%s* may not be laid in the pool. %s"), a,
                     _(game_explain_illegal(g, &m)));
        } else {
            card_text(target, style, b, sizeof b);
            snprintf(out->text, sizeof out->text,
                     _("Not allowed: your *%s* may not take the *%s*. %s"), a, b,
                     _(game_explain_illegal(g, &m)));
        }
        return;
    }
    out->legal = true;
    Card targets[32];
    bool forfeit[32] = {false};
    bool may_trail = false;
    int n = learn_legal_targets(g, card, targets, forfeit, 32, &may_trail);
    if (target == CARD_NONE) {
        snprintf(out->text, sizeof out->text,
                 "Allowed. Your *%s* cannot take anything here, so it is laid in the pool.", a);
        return;
    }
    for (int i = 0; i < n; i++) {
        out->forfeit = out->forfeit || (targets[i] == target && forfeit[i]);
    }
    card_text(target, style, b, sizeof b);
    const char *why = target == card                         ? _("its identical twin")
                      : card_suit(target) != card_suit(card) ? _("a card of its rank")
                                                             : _("of its own rank and suit");
    if (out->forfeit) {
        snprintf(out->text, sizeof out->text,
                 "Allowed, but costly: your *%s* takes the *%s* and so breaks up an identical "
                 "pair while another card of that rank is still in the pool. You would "
                 "forfeit the win this round.",
                 a, b);
    } else if (n > 1) {
        snprintf(out->text, sizeof out->text,
                 "Allowed. Your *%s* takes the *%s*, %s. It had %d cards it could take; the "
                 "choice was yours.",
                 a, b, why, n);
    } else {
        snprintf(out->text, sizeof out->text,
                 "Allowed. Your *%s* takes the *%s*, %s: the only capture this card has.", a, b,
                 why);
    }
}

/* ---- telling moves --------------------------------------------------------------- */

void learn_seat_names(const Game *g, int you, LearnSeatNames *out)
{
    memset(out, 0, sizeof *out);
    Observation *o = malloc(sizeof *o);
    bool roles = o != NULL && game_observe(g, you < 0 ? 0 : you, o) == CEKI_OK;
    for (int s = 0; s < game_players(g) && s < CEKI_MAX_SEATS; s++) {
        out->you[s] = s == you;
        GameRole role = roles ? o->role[s] : ROLE_NONE;
        const char *name = NULL, *title = NULL;
        if (s == you) {
            name = _("you");
            title = _("You");
        } else if (role == ROLE_RAJA) {
            name = _("the raja");
            title = _("The raja");
        } else if (role == ROLE_PATIH) {
            name = _("the patih");
            title = _("The patih");
        } else if (role == ROLE_UNYIK) {
            name = _("the unyik");
            title = _("The unyik");
        }
        if (name != NULL) {
            snprintf(out->name[s], sizeof out->name[s], "%s", name);
            snprintf(out->title[s], sizeof out->title[s], "%s", title);
        } else {
            snprintf(out->name[s], sizeof out->name[s], _("seat %d"), s + 1);
            snprintf(out->title[s], sizeof out->title[s], _("Seat %d"), s + 1);
        }
    }
    free(o);
}

/* One sentence about a seat: the person's own form ("You play ..."), or
 * the other's with the seat's name first ("The patih plays ...").
 * Each language words both whole; no verb is bent by the program. */
static void say(char *buf, size_t size, const LearnSeatNames *names, int seat, const char *you,
                const char *other, const char *card, const char *card2)
{
    bool known = seat >= 0 && seat < CEKI_MAX_SEATS && names->title[seat][0] != '\0';
    if (known && names->you[seat]) {
        snprintf(buf, size, you, card, card2);
    } else {
        snprintf(buf, size, other, known ? names->title[seat] : _("Someone"), card, card2);
    }
}

bool learn_describe_event(const GameEvent *e, const LearnSeatNames *names, DeckStyle style,
                          char *buf, size_t size)
{
    char a[48], b[48];
    card_text(e->card, style, a, sizeof a);
    card_text(e->card2, style, b, sizeof b);
    int seat = e->seat;
    switch ((EventType)e->type) {
    case EV_PLAYED:
        say(buf, size, names, seat, _("You play the *%s* from the hand."),
            _("%s plays the *%s* from the hand."), a, b);
        return true;
    case EV_TURNED:
        say(buf, size, names, seat, _("You turn the *%s* from the stock."),
            _("%s turns the *%s* from the stock."), a, b);
        return true;
    case EV_CAPTURED:
        if (seat >= 0 && seat < CEKI_MAX_SEATS && names->you[seat]) {
            snprintf(buf, size, _("The *%s* takes the *%s*; both go to your captured pile."), a, b);
        } else {
            snprintf(buf, size, _("The *%s* takes the *%s*; both go to %s's captured pile."), a, b,
                     seat >= 0 && seat < CEKI_MAX_SEATS && names->name[seat][0] != '\0'
                         ? names->name[seat]
                         : _("someone"));
        }
        return true;
    case EV_TRAILED:
        snprintf(buf, size, _("The *%s* takes nothing and stays in the pool."), a);
        return true;
    case EV_FORFEIT:
        say(buf, size, names, seat,
            _("You broke up a pair beside its odd card: no win this round."),
            _("%s broke up a pair beside its odd card: no win this round."), a, b);
        return true;
    case EV_PAIR_TAKEN:
        say(buf, size, names, seat, _("You take the pair *%s* and *%s*."),
            _("%s takes the pair *%s* and *%s*."), a, b);
        return true;
    case EV_ROUND_SCORED: {
        char score[16];
        snprintf(score, sizeof score, "%d", (int)e->value);
        say(buf, size, names, seat, _("You score %s."), _("%s scores %s."), score, b);
        return true;
    }
    case EV_ROUND_WON:
        say(buf, size, names, seat, _("You win the round."), _("%s wins the round."), a, b);
        return true;
    case EV_KING_WON:
        say(buf, size, names, seat, _("You win the *%s*."), _("%s wins the *%s*."), a, b);
        return true;
    case EV_CUT:
        say(buf, size, names, seat, _("You cut the *%s* to break the tie."),
            _("%s cuts the *%s* to break the tie."), a, b);
        return true;
    case EV_DRAWN:
        if (e->card == CARD_NONE) {
            say(buf, size, names, seat, _("You draw a card."), _("%s draws a card."), a, b);
        } else {
            say(buf, size, names, seat, _("You draw the *%s*."), _("%s draws the *%s*."), a, b);
        }
        return true;
    case EV_DISCARDED:
        say(buf, size, names, seat, _("You discard the *%s*."), _("%s discards the *%s*."), a, b);
        return true;
    case EV_DECLARED:
        say(buf, size, names, seat, _("You declare checki, showing a pair of *%s*."),
            _("%s declares checki, showing a pair of *%s*."), a, b);
        return true;
    case EV_CLAIMED:
        say(buf, size, names, seat, _("You claim the *%s* and win the hand."),
            _("%s claims the *%s* and wins the hand."), a, b);
        return true;
    case EV_HAND_DRAWN:
        snprintf(buf, size, "%s", _("The stock has run out: nobody wins this hand."));
        return true;
    case EV_MATCH_OVER: snprintf(buf, size, "%s", _("The match is over.")); return true;
    default: return false;
    }
}

void learn_tell_events(const GameEvent *ev, int count, const LearnSeatNames *names, DeckStyle style,
                       LearnStep *out, int *n, int cap)
{
    for (int i = 0; i < count && *n < cap; i++) {
        LearnStep *s = &out[*n];
        if (!learn_describe_event(&ev[i], names, style, s->text, sizeof s->text)) {
            continue;
        }
        s->ncards = 0;
        if (ev[i].card != CARD_NONE && card_is_valid(ev[i].card)) {
            s->cards[s->ncards++] = ev[i].card;
        }
        if ((ev[i].type == EV_CAPTURED || ev[i].type == EV_PAIR_TAKEN) &&
            card_is_valid(ev[i].card2)) {
            s->cards[s->ncards++] = ev[i].card2;
        }
        (*n)++;
    }
}

bool learn_pick_move(const Game *g, Move *out)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    if (n <= 0) {
        return false;
    }
    if (n > GAME_MAX_MOVES) {
        n = GAME_MAX_MOVES;
    }
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        bool capture = (m->type == MOVE_PLAY || m->type == MOVE_TAKE) && m->target != CARD_NONE;
        if ((capture && !(m->flags & MOVE_FLAG_FORFEIT)) || m->type == MOVE_DECLARE ||
            m->type == MOVE_CLAIM || m->type == MOVE_DRAW_STOCK) {
            *out = *m;
            return true;
        }
    }
    *out = moves[0];
    return true;
}

int learn_worked_turn(VariantId v, DeckStyle style, LearnStep *out, int cap)
{
    GameConfig cfg = game_config_default(v, LEARN_SEED);
    Game *g = game_create(&cfg, NULL);
    if (g == NULL) {
        return 0;
    }
    LearnSeatNames names;
    learn_seat_names(g, variant_is_watch_only(variant_get(v)) ? -1 : 0, &names);
    int n = 0;
    int seat = game_to_move(g);
    for (int k = 0; k < 16 && !game_round_over(g) && game_to_move(g) == seat; k++) {
        Move m;
        if (!learn_pick_move(g, &m) || game_apply(g, &m) != CEKI_OK) {
            break;
        }
        int count = 0;
        const GameEvent *ev = game_events(g, &count);
        learn_tell_events(ev, count, &names, style, out, &n, cap);
    }
    game_destroy(g);
    return n;
}
