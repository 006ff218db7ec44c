/* coach_text.c — the coach's reasons in words (contract in coach_text.h). */
#include "coach_text.h"

#include <stdio.h>
#include <string.h>

#include "card_names.h"
#include "i18n.h"
#include "score.h"

#define COACH_NAME_MAX 64
#define COACH_KINDS_NAMED 2 /* waited kinds named one by one; more are counted */

/* A card as the table names it in this style ("9 of Strings", "Old
 * Thousand", "Jack of Clubs"). */
static void name_of(Card c, DeckStyle style, char *buf, size_t size)
{
    if (!card_is_valid(c)) {
        snprintf(buf, size, "?");
        return;
    }
    buf[0] = '\0';
    if (card_is_ceki(c)) {
        card_western_name(c, style, buf, size);
    }
    if (buf[0] == '\0') {
        snprintf(buf, size, "%s", card_name_english(c));
    }
}

/* The scoring group a capture makes, with its card: "a red-stamped pair of
 * the 9 of Strings"; a Pèi combination by its name. */
static void group_words(const AiWhy *w, DeckStyle style, char *buf, size_t size)
{
    char a[COACH_NAME_MAX];
    name_of(w->card, style, a, sizeof a);
    const char *fmt = NULL;
    switch ((ScoreGroupKind)w->group) {
    case SCORE_PAIR: fmt = _("an identical pair of the %s"); break;
    case SCORE_RED_PAIR: fmt = _("a red-stamped pair of the %s"); break;
    case SCORE_RED_SINGLE: fmt = _("a red-stamped single, the %s"); break;
    case SCORE_FOUR: fmt = _("four of the %s"); break;
    case SCORE_THREE: fmt = _("three of the %s"); break;
    case SCORE_PAIR_NINES: fmt = _("an identical pair of 9s, the %s"); break;
    case SCORE_PAIR_ONES: fmt = _("an identical pair of rank 1, the %s"); break;
    case SCORE_RED_CARD: fmt = _("a red-stamped card, the %s"); break;
    default: snprintf(buf, size, "%s", _(w->label)); return;
    }
    snprintf(buf, size, fmt, a);
}

static void say_capture(const AiWhy *w, const AiWhy *group, DeckStyle style, char *b, size_t n)
{
    char g[2 * COACH_NAME_MAX];
    if (group != NULL) {
        group_words(group, style, g, sizeof g);
        snprintf(b, n,
                 P_("It makes %s, worth %d point; your captured cards then score %d.",
                    "It makes %s, worth %d points; your captured cards then score %d.",
                    group->points),
                 g, group->points, w->total);
    } else if (w->points > 0) {
        snprintf(b, n,
                 P_("Taking it adds %d point now; your captured cards then score %d.",
                    "Taking it adds %d points now; your captured cards then score %d.", w->points),
                 w->points, w->total);
    } else {
        snprintf(b, n, "%s", _("Taking it adds nothing now."));
    }
}

static void say_copies(const AiWhy *w, const char *a, char *b, size_t n)
{
    if (w->count == 0) {
        snprintf(b, n, _("One more %s would add %d, but every copy of it is already captured."), a,
                 w->points);
    } else {
        snprintf(b, n,
                 P_("One more %s would add %d; %d copy of it is in no captured pile.",
                    "One more %s would add %d; %d copies of it are in no captured pile.", w->count),
                 a, w->points, w->count);
    }
}

static void say_trail(const AiWhy *w, const char *a, char *b, size_t n)
{
    if (w->count == 0) {
        snprintf(b, n, _("No card still unseen matches the %s."), a);
    } else if (w->points == 0) {
        snprintf(b, n,
                 P_("%d unseen card matches the %s, but taking it would score nothing.",
                    "%d unseen cards match the %s, but taking it would score nothing.", w->count),
                 w->count, a);
    } else {
        snprintf(b, n,
                 P_("%d unseen card matches the %s; taking it would be worth at most %d.",
                    "%d unseen cards match the %s; taking it would be worth at most %d.", w->count),
                 w->count, a, w->points);
    }
}

/* The kinds a Kowah hand waits on: named when few, else counted. */
static void waits_words(const AiWhy *w, DeckStyle style, char *buf, size_t size)
{
    char a[COACH_NAME_MAX], c[COACH_NAME_MAX];
    if (w->nkinds == 1) {
        name_of(w->kinds[0], style, a, sizeof a);
        snprintf(buf, size, _("the %s"), a);
    } else if (w->nkinds == COACH_KINDS_NAMED) {
        name_of(w->kinds[0], style, a, sizeof a);
        name_of(w->kinds[1], style, c, sizeof c);
        snprintf(buf, size, _("the %s or the %s"), a, c);
    } else {
        snprintf(buf, size, P_("%d kind", "%d kinds", w->nkinds), w->nkinds);
    }
}

static void say_waits(const AiWhy *w, DeckStyle style, char *b, size_t n)
{
    char k[3 * COACH_NAME_MAX];
    waits_words(w, style, k, sizeof k);
    if (w->points == 0) {
        snprintf(b, n,
                 P_("Your hand then waits on %s: %d live copy.",
                    "Your hand then waits on %s: %d live copies.", w->count),
                 k, w->count);
    } else if (w->nkinds == 0) {
        snprintf(b, n,
                 P_("Your hand is %d card short of checki, and no live copy brings it nearer.",
                    "Your hand is %d cards short of checki, and no live copy brings it nearer.",
                    w->points),
                 w->points);
    } else {
        snprintf(b, n,
                 P_("%d live copy would bring your hand nearer to checki.",
                    "%d live copies would bring your hand nearer to checki.", w->count),
                 w->count);
    }
}

static void say_discard(const AiWhy *w, const char *a, char *b, size_t n)
{
    if (w->kind == WHY_KOWAH_DISCARD_DEAD) {
        snprintf(b, n, _("No live copy is left to pair the %s."), a);
    } else if (w->points == 0) {
        snprintf(b, n, _("Without the %s your hand is checki."), a);
    } else {
        snprintf(b, n,
                 P_("Without the %s your hand is %d card short of checki.",
                    "Without the %s your hand is %d cards short of checki.", w->points),
                 a, w->points);
    }
}

static void say_kowah(const AiWhy *w, const char *a, char *b, size_t n)
{
    switch ((AiWhyKind)w->kind) {
    case WHY_KOWAH_TAKE:
        snprintf(b, n, _("The discard %s brings your hand from %d to %d cards short of checki."), a,
                 w->total, w->points);
        return;
    case WHY_KOWAH_STOCK:
        snprintf(b, n, _("The discard %s would not bring your hand nearer to checki."), a);
        return;
    case WHY_KOWAH_FEED:
        snprintf(b, n, _("Keep the %s: a declared player shows a pair of it and would win on it."),
                 a);
        return;
    case WHY_DECLARE:
        snprintf(b, n,
                 P_("Declaring the pair of the %s waits on %d live copy.",
                    "Declaring the pair of the %s waits on %d live copies.", w->count),
                 a, w->count);
        return;
    case WHY_DECLARE_DEAD:
        snprintf(b, n, "%s",
                 _("Every winning copy is out of play: declaring would only lock your hand."));
        return;
    case WHY_CLAIM: snprintf(b, n, _("The %s completes your hand: claiming it wins."), a); return;
    default: say_discard(w, a, b, n); return;
    }
}

/* The sentences of the fishing reasons that are not about a capture. */
static void say_fishing(const AiWhy *w, const char *a, const char *t, char *b, size_t n)
{
    switch ((AiWhyKind)w->kind) {
    case WHY_NO_CAPTURE: snprintf(b, n, "%s", _("Nothing in your hand can capture.")); return;
    case WHY_TRAIL_KEEPS:
        if (w->points <= 0) {
            snprintf(b, n, _("Taking the %s with the %s would add nothing now."), t, a);
            return;
        }
        snprintf(b, n,
                 P_("Taking the %s with the %s would add only %d point now.",
                    "Taking the %s with the %s would add only %d points now.", w->points),
                 t, a, w->points);
        return;
    case WHY_FORFEIT:
        snprintf(b, n, "%s",
                 w->count ? _("You have forfeited the win already, so this costs nothing more.")
                          : _("This capture forfeits the win; your score still counts."));
        return;
    case WHY_AVOIDS_FORFEIT:
        snprintf(b, n, _("Taking the %s with the %s would forfeit the win."), t, a);
        return;
    case WHY_ORDER_RULE:
        snprintf(b, n, _("The %s may not take the %s yet: another pool card must be taken first."),
                 a, t);
        return;
    case WHY_STOCK_TURN: snprintf(b, n, "%s", _("The turn ends with the stock.")); return;
    case WHY_KINGS_COUNT:
        snprintf(b, n,
                 P_("You have captured %d card; the most of any other player is %d.",
                    "You have captured %d cards; the most of any other player is %d.", w->count),
                 w->count, w->total);
        return;
    case WHY_FORCED: snprintf(b, n, "%s", _("It is your only legal move.")); return;
    default: b[0] = '\0'; return;
    }
}

void coach_sentence(const AiWhy *w, DeckStyle style, char *buf, size_t size)
{
    char a[COACH_NAME_MAX], t[COACH_NAME_MAX];
    name_of(w->card, style, a, sizeof a);
    name_of(w->target, style, t, sizeof t);
    switch ((AiWhyKind)w->kind) {
    case WHY_CAPTURE_SCORES: say_capture(w, NULL, style, buf, size); return;
    case WHY_COMPLETES_GROUP: {
        char g[2 * COACH_NAME_MAX];
        group_words(w, style, g, sizeof g);
        snprintf(buf, size,
                 P_("It makes %s, worth %d point.", "It makes %s, worth %d points.", w->points), g,
                 w->points);
        return;
    }
    case WHY_COPIES_OUT: say_copies(w, a, buf, size); return;
    case WHY_TRAIL_SAFE: say_trail(w, a, buf, size); return;
    case WHY_KOWAH_WAITS: say_waits(w, style, buf, size); return;
    case WHY_FIRST_TURN:
        snprintf(buf, size, "%s", _("On a first turn a card takes only its identical twin."));
        return;
    case WHY_KOWAH_DISCARD_DEAD:
    case WHY_KOWAH_DISCARD_LEAST:
    case WHY_KOWAH_TAKE:
    case WHY_KOWAH_STOCK:
    case WHY_KOWAH_FEED:
    case WHY_DECLARE:
    case WHY_DECLARE_DEAD:
    case WHY_CLAIM: say_kowah(w, a, buf, size); return;
    default: say_fishing(w, a, t, buf, size); return;
    }
}

/* Whether a reason earns a sentence of its own: the group a capture makes
 * is told with the capture, the first turn by the status line, a second
 * copy count is one too many, and "the only move" only when nothing else
 * is said. */
static bool coach_tells(const AiHint *h, int i, bool *copies_told)
{
    const AiWhy *w = &h->why[i];
    switch ((AiWhyKind)w->kind) {
    case WHY_COMPLETES_GROUP:
    case WHY_FIRST_TURN: return false;
    case WHY_COPIES_OUT: {
        bool first = !*copies_told;
        *copies_told = true;
        return first;
    }
    case WHY_FORCED: return h->nwhy == 1;
    default: return true;
    }
}

void coach_text(const AiHint *h, DeckStyle style, char *buf, size_t size)
{
    if (size == 0) {
        return;
    }
    buf[0] = '\0';
    const AiWhy *group = NULL;
    for (int i = 0; h != NULL && i < h->nwhy && group == NULL; i++) {
        group = h->why[i].kind == WHY_COMPLETES_GROUP ? &h->why[i] : NULL;
    }
    int told = 0;
    bool copies_told = false;
    for (int i = 0; h != NULL && i < h->nwhy && told < COACH_SENTENCES; i++) {
        if (!coach_tells(h, i, &copies_told)) {
            continue;
        }
        char one[COACH_TEXT_MAX];
        if (h->why[i].kind == WHY_CAPTURE_SCORES) {
            say_capture(&h->why[i], group, style, one, sizeof one);
        } else {
            coach_sentence(&h->why[i], style, one, sizeof one);
        }
        if (one[0] == '\0') {
            continue;
        }
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", told > 0 ? " " : "", one);
        told++;
    }
}
