#include "variant_text.h"

#include <stdio.h>

#include "i18n.h"

void variant_text_players(const VariantDesc *v, char *buf, size_t size)
{
    if (v->even_players && v->max_players - v->min_players == 2) {
        snprintf(buf, size, _("%d or %d players"), v->min_players, v->max_players);
    } else if (v->min_players == v->max_players) {
        snprintf(buf, size, P_("%d player", "%d players", v->min_players), v->min_players);
    } else {
        snprintf(buf, size, _("%d\xe2\x80\x93%d players"), v->min_players, v->max_players);
    }
}

void variant_text_deck(const VariantDesc *v, char *buf, size_t size)
{
    switch (v->deck) {
    case DECK_CEKI:
        if (v->copies <= 2) {
            snprintf(buf, size, _("One Ceki pack (kepala), %d cards"),
                     variant_deck_size(v, v->min_players));
        } else {
            snprintf(buf, size, _("%d Ceki packs, %d cards"), v->copies / 2,
                     variant_deck_size(v, v->min_players));
        }
        break;
    case DECK_CEKI_PER_PLAYER:
        snprintf(buf, size, _("One Ceki pack per player, %d to %d cards"),
                 variant_deck_size(v, v->min_players), variant_deck_size(v, v->max_players));
        break;
    case DECK_FRENCH_NO_KINGS:
        snprintf(buf, size, _("French pack less the Kings, %d cards; the Kings are the prizes"),
                 variant_deck_size(v, v->min_players));
        break;
    }
}

const char *variant_text_turn(const VariantDesc *v)
{
    switch (v->turn) {
    case TURN_HAND_THEN_STOCK: return _("Play a card from your hand, then turn one from the stock");
    case TURN_HAND_ONLY: return _("Play a card from your hand; there is no stock");
    case TURN_STOCK_ONLY: return _("Turn the top of the stock: no choices, a game to watch");
    case TURN_KINGS: return _("Turn two cards; every pair in the pool is taken");
    case TURN_DRAW_DISCARD: return _("Draw a card, then discard one");
    }
    return "";
}

const char *variant_text_capture(const VariantDesc *v)
{
    if (v->engine == ENGINE_KOWAH) {
        return _("No captures: build a checki hand and claim its third copy");
    }
    if (v->match == MATCH_IDENTICAL) {
        return _("A card takes only its identical twin");
    }
    if (v->first_turn_identical) {
        return _("A card takes one of the same rank; on your first turn only its twin");
    }
    return _("A card takes one of the same rank");
}

const char *variant_text_piles(const VariantDesc *v)
{
    if (v->engine == ENGINE_KOWAH) {
        return _("Discards are open; a declared pair is shown");
    }
    return v->captured_face_up ? _("Captured cards lie face up for all to see")
                               : _("Captured cards lie face down");
}

const char *deck_style_name(DeckStyle style)
{
    const DeckStyleDesc *d = deck_style_get(style);
    return d != NULL ? _(d->name) : _("Each game's own");
}

const char *deck_style_about(DeckStyle style)
{
    const DeckStyleDesc *d = deck_style_get(style);
    return d != NULL ? _(d->about) : "";
}

const char *stake_scheme_name(StakeScheme stakes)
{
    switch (stakes) {
    case STAKES_NONE: return _("None (jentolan)");
    case STAKES_WUDON: return _("Wudon");
    case STAKES_RAMPUNG: return _("Rampung");
    case STAKES_PAREWANAN: return _("Parewanan");
    case STAKES_NIR: return _("Nir (wul-wulan)");
    case STAKES_JEDHIL: return _("Jedhil");
    default: return "";
    }
}
