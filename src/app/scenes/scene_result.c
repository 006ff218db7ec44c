/* scene_result.c — the end of a round: each player's captured cards laid
 * out by what they scored, who won, and the match standings (totals, Kings
 * won, Pèi's places, stakes and pot, the next round's roles). "Next round"
 * deals on through the session; at the end of the match "New match" or
 * "Main menu".
 *
 * The table pushes this screen with its session in App.session. Opened
 * without one (`ceki --screenshot --scene result`), it plays a round of the
 * set-up game with random moves and shows that, so the screen can be looked
 * at on its own.
 *
 * Layout: the players' blocks fill the left of the stage, one under the
 * other; the card height is the largest that lets every block fit, and when
 * even the smallest does not fit the column scrolls (wheel, Page Up/Down).
 * Groups flow left to right and wrap; a group too long for a line is split. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "card_names.h"
#include "journal.h"
#include "kowah.h"
#include "pei.h"
#include "record.h"
#include "scene.h"
#include "scenes.h"
#include "session.h"
#include "ui.h"

enum { RESULT_NEXT = 1, RESULT_NEW_MATCH, RESULT_MENU, RESULT_BACK };

/* The stage areas, in design units. */
#define AREA_X 40.0f
#define AREA_Y 124.0f
#define AREA_W 842.0f
#define AREA_H 612.0f
#define SIDE_X 900.0f
#define SIDE_W 340.0f

#define MIN_CARD_H 44.0f
#define MAX_CARD_H 118.0f
#define LABEL_H 17.0f
#define HEADER_H 30.0f
#define BLOCK_PAD 10.0f
#define BLOCK_GAP 8.0f
#define GROUP_PAD 5.0f
#define GROUP_GAP 10.0f
#define LINE_GAP 6.0f
#define COL_GAP 10.0f

/* The size of a group's label and points. */
#define GROUP_LABEL_SIZE 12.5f
/* What scored nothing lies this much closer together: it matters least. */
#define NOTHING_SQUEEZE 0.62f
/* The height a seat without cards takes. */
#define NO_CARDS_H 26.0f

typedef struct SeatView {
    char name[40];
    char tags[4][40]; /* role, place, "forfeited" ... */
    int ntags;
    int score;
    bool winner;
    bool forfeited;
    bool match_winner;
    bool has_groups;
    ScoreBreakdown bd;
    int order[SCORE_MAX_GROUPS]; /* groups in drawing order */
    Card hand[OBS_MAX_HAND];     /* Kowah: the hand at the end */
    int nhand;
    bool hand_hidden; /* Kowah: a hand nobody else was shown */
    float x, y, w, h; /* the block, in design units from the column's top left */
} SeatView;

typedef struct ResultState {
    Ui ui;
    Session *own; /* a session of our own (opened without a table) */
    bool guided;  /* a guided game's: its end offers the lesson again or Learn */
    int players;
    bool round_over, match_over;
    VariantId variant;
    char title[96];
    char verdict[400];
    char match_line[120];
    char next_roles[200];
    bool has_stakes;
    char stakes[12][120]; /* "who\twhat": payer and payee, then units and why */
    int nstakes;
    char pot_line[80];
    SeatView seats[CEKI_MAX_SEATS];
    Observation *obs;
    float card_h;  /* chosen card height */
    int cols;      /* blocks side by side */
    float content; /* height of all blocks */
    float scroll;  /* design units scrolled down */
    Card king;     /* Kings: the King won this round, or CARD_NONE */
} ResultState;

static Session *session_of(App *app, ResultState *s)
{
    return s->own != NULL ? s->own : app->session;
}

/* At a network match's end the next match is played with friends again
 * (the join screen: host or join), never a game on this computer against
 * its computers, which "New match" dealt in every window at the table. */
static bool at_network_table(App *app, ResultState *s)
{
    return s->own == NULL && session_net_table(app->session) != NULL;
}

/* The gold button's words at the match's end (untranslated). */
static const char *again_words(App *app, ResultState *s)
{
    return s->guided                  ? N_("Play it again")
           : at_network_table(app, s) ? N_("Play with friends")
                                      : N_("New match");
}

/* ---- words -------------------------------------------------------------- */

/* True for the seat name of the one person at the table ("You"), whose
 * sentences take another form of the verb. */
static bool is_you(const char *name)
{
    return strcmp(name, _("You")) == 0;
}

/* A sentence about a seat: `you` for the person's own seat, else `other`
 * with the seat's name (one %s). */
static void seat_sentence(Session *ss, int seat, const char *you, const char *other, char *out,
                          size_t size)
{
    char name[40];
    session_seat_name(ss, seat, name, sizeof name);
    if (is_you(name)) {
        snprintf(out, size, "%s", you);
    } else {
        snprintf(out, size, other, name);
    }
}

/* The computer's level as a seat's tag. */
static const char *ai_level_tag(AiLevel level)
{
    switch (level) {
    case AI_RANDOM: return _("random");
    case AI_GREEDY: return _("greedy");
    default: return _("strong");
    }
}

/* The cards a group counts in units of: a pair is two. */
static int unit_size(const ScoreGroup *g)
{
    switch (g->kind) {
    case SCORE_PAIR:
    case SCORE_PAIR_NINES:
    case SCORE_PAIR_ONES:
    case SCORE_RED_PAIR: return 2;
    case SCORE_FOUR: return 4;
    case SCORE_THREE: return 3;
    default: return 1;
    }
}

/* "3 pairs", "1 red single", "2 fours", "bunci ireng", "Face value",
 * "No score": short, since the red dot says "red-stamped"; chosen by the
 * group's kind (a Pèi combination is named by the core's label). */
static void group_label(const ScoreGroup *g, char *buf, size_t size)
{
    bool red = g->ncards > 0 && card_is_red_stamped(g->cards[0]);
    int units = g->ncards / unit_size(g);
    const char *format = NULL;
    switch (g->kind) {
    case SCORE_COMBINATION: snprintf(buf, size, "%s", _(g->label)); return;
    case SCORE_FACE: snprintf(buf, size, "%s", _("Face value")); return;
    case SCORE_NOTHING: snprintf(buf, size, "%s", _("No score")); return;
    case SCORE_COUNT: snprintf(buf, size, P_("%d card", "%d cards", g->ncards), g->ncards); return;
    case SCORE_PAIR: format = P_("%d pair", "%d pairs", units); break;
    case SCORE_PAIR_NINES: format = P_("%d pair of 9s", "%d pairs of 9s", units); break;
    case SCORE_PAIR_ONES: format = P_("%d pair of rank 1", "%d pairs of rank 1", units); break;
    case SCORE_RED_PAIR: format = P_("%d red pair", "%d red pairs", units); break;
    case SCORE_RED_CARD: format = P_("%d red card", "%d red cards", units); break;
    case SCORE_RED_SINGLE: format = P_("%d red single", "%d red singles", units); break;
    case SCORE_FOUR:
        format = red ? P_("%d red four", "%d red fours", units) : P_("%d four", "%d fours", units);
        break;
    case SCORE_THREE:
        format =
            red ? P_("%d red three", "%d red threes", units) : P_("%d three", "%d threes", units);
        break;
    default: snprintf(buf, size, "%s", _(g->label)); return;
    }
    snprintf(buf, size, format, units);
}

static bool group_is_red(const ScoreGroup *g)
{
    if (g->kind != SCORE_RED_PAIR && g->kind != SCORE_RED_SINGLE && g->kind != SCORE_RED_CARD &&
        g->kind != SCORE_FOUR && g->kind != SCORE_THREE) {
        return false;
    }
    return g->ncards > 0 && card_is_red_stamped(g->cards[0]);
}

/* ---- gathering what to show ------------------------------------------- */

static void add_tag(SeatView *v, const char *text)
{
    if (v->ntags < 4 && text[0] != '\0') {
        snprintf(v->tags[v->ntags++], sizeof v->tags[0], "%s", text);
    }
}

/* The next round's roles, from a copy of the game dealt on. */
static void next_roles(Session *ss, ResultState *s)
{
    s->next_roles[0] = '\0';
    const Game *g = session_game(ss);
    if (s->match_over || !s->round_over) {
        return;
    }
    Move m;
    if (game_legal_moves(g, &m, 1) < 1) {
        return;
    }
    Game *copy = game_clone(g, false);
    if (copy == NULL) {
        return;
    }
    Observation *o = malloc(sizeof *o);
    if (o != NULL && game_apply(copy, &m) == CEKI_OK && game_observe(copy, 0, o) == CEKI_OK) {
        char line[200] = "";
        size_t len = 0;
        for (int role = ROLE_RAJA; role <= ROLE_UNYIK; role++) {
            for (int seat = 0; seat < s->players; seat++) {
                if (o->role[seat] == (GameRole)role) {
                    char name[40];
                    session_seat_name(ss, seat, name, sizeof name);
                    const char *rn = card_role_name(role);
                    len += (size_t)snprintf(line + len, sizeof line - len, "%s%c%s: %s",
                                            len > 0 ? "\n" : "", rn[0] - 32, rn + 1, name);
                    if (len >= sizeof line) {
                        len = sizeof line - 1;
                    }
                }
            }
        }
        if (len == 0 && o->dealer >= 0) {
            seat_sentence(ss, o->dealer, _("You deal next"), _("%s deals next"), line, sizeof line);
        } else if (len == 0 && o->starter >= 0) {
            seat_sentence(ss, o->starter, _("You play first"), _("%s plays first"), line,
                          sizeof line);
        }
        if (line[0] != '\0') {
            line[0] = (char)(line[0] >= 'a' && line[0] <= 'z' ? line[0] - 32 : line[0]);
        }
        snprintf(s->next_roles, sizeof s->next_roles, "%s", line);
    }
    free(o);
    game_destroy(copy);
}

static void stake_lines(Session *ss, ResultState *s)
{
    s->nstakes = 0;
    s->pot_line[0] = '\0';
    const Game *g = session_game(ss);
    StakeScheme scheme = game_config(g)->stakes;
    s->has_stakes = variant_has_stakes(game_variant(g)) && scheme != STAKES_NONE;
    if (!s->has_stakes) {
        return;
    }
    static const char *const reasons[PEI_PAY_COUNT] = {
        [PEI_PAY_ANTE] = N_("ante"),
        [PEI_PAY_WUDON_FIRST] = "wudon \xe2\x85\x94",
        [PEI_PAY_WUDON_SECOND] = "wudon \xe2\x85\x93",
        [PEI_PAY_WUDON_ALL] = N_("wudon, all"),
        [PEI_PAY_TE_LUMRAH] = "t\xc3\xa9 lumrah",
        [PEI_PAY_TE_MATI] = "t\xc3\xa9 mati",
        [PEI_PAY_BELAHAN] = "belahan",
        [PEI_PAY_PATANG_ATUSAN] = "patang atusan",
        [PEI_PAY_JUNG] = "jung",
        [PEI_PAY_NIR] = "nir",
        [PEI_PAY_JEDHIL_FIRST] = N_("jedhil, 1st"),
        [PEI_PAY_JEDHIL_SECOND] = N_("jedhil, 2nd"),
    };
    int n = 0;
    const GameEvent *ev = session_round_events(ss, &n);
    int antes = 0, ante_units = 0;
    for (int i = 0; i < n; i++) {
        const GameEvent *e = &ev[i];
        if (e->type != EV_STAKE_PAID) {
            continue;
        }
        if (e->card == PEI_PAY_ANTE) {
            antes++;
            ante_units = e->value;
            continue;
        }
        if (s->nstakes == 12) {
            continue;
        }
        char payer[40], payee[40];
        if (e->seat < 0) {
            snprintf(payer, sizeof payer, "%s", _("The pot"));
        } else {
            session_seat_name(ss, e->seat, payer, sizeof payer);
        }
        if (e->card2 == CARD_NONE) {
            snprintf(payee, sizeof payee, "%s", _("the pot"));
        } else {
            session_seat_name(ss, e->card2, payee, sizeof payee);
        }
        const char *why =
            e->card < PEI_PAY_COUNT && reasons[e->card] != NULL ? _(reasons[e->card]) : "";
        if (is_you(payer)) {
            snprintf(s->stakes[s->nstakes++], sizeof s->stakes[0], _("You pay %s\t%d  %s"), payee,
                     e->value, why);
        } else {
            snprintf(s->stakes[s->nstakes++], sizeof s->stakes[0], _("%s pays %s\t%d  %s"), payer,
                     payee, e->value, why);
        }
    }
    if (antes > 0 && s->nstakes < 12) {
        /* The antes first: everyone puts in the same. */
        memmove(s->stakes[1], s->stakes[0], (size_t)s->nstakes * sizeof s->stakes[0]);
        snprintf(s->stakes[0], sizeof s->stakes[0], _("Everyone antes\t%d  ante"), ante_units);
        s->nstakes++;
    }
    if (scheme == STAKES_NIR || scheme == STAKES_JEDHIL || s->obs->pot > 0) {
        snprintf(s->pot_line, sizeof s->pot_line, _("Pot carried on: %d"), s->obs->pot);
    }
}

static int cmp_groups_points(const ScoreBreakdown *bd, int a, int b)
{
    const ScoreGroup *ga = &bd->groups[a], *gb = &bd->groups[b];
    bool na = ga->kind == SCORE_NOTHING, nb = gb->kind == SCORE_NOTHING;
    if (na != nb) {
        return na ? 1 : -1;
    }
    return a - b;
}

/* "A", "A and B", "A, B and C" of the seats picked (match or round
 * winners); returns how many. */
static int join_names(const ResultState *s, bool match, char *buf, size_t size)
{
    int picked[CEKI_MAX_SEATS], n = 0;
    for (int seat = 0; seat < s->players; seat++) {
        if (match ? s->seats[seat].match_winner : s->seats[seat].winner) {
            picked[n++] = seat;
        }
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? _(" and ") : _(", ");
        len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, s->seats[picked[i]].name);
    }
    return n;
}

/* Sort keys that put cards by rank first: then by suit (Kings, suits below
 * RANK_KEY_SUITS) or by kind (Kowah, kinds below RANK_KEY_KINDS). */
enum { RANK_KEY_SUITS = 8, RANK_KEY_KINDS = 64 };

/* Kings: a group's cards by rank, then suit, so the pairs taken lie together. */
static void sort_by_rank_and_suit(ScoreGroup *grp)
{
    for (int a = 1; a < grp->ncards; a++) {
        for (int b = a;
             b > 0 &&
             (card_rank(grp->cards[b - 1]) * RANK_KEY_SUITS + (int)card_suit(grp->cards[b - 1])) >
                 (card_rank(grp->cards[b]) * RANK_KEY_SUITS + (int)card_suit(grp->cards[b]));
             b--) {
            Card t = grp->cards[b];
            grp->cards[b] = grp->cards[b - 1];
            grp->cards[b - 1] = t;
        }
    }
}

/* The seat's scoring groups (none in Kowah), in the order they are drawn:
 * as the core gives them, what scored nothing last. */
static void seat_groups(const Game *g, int seat, SeatView *sv, bool kowah)
{
    sv->has_groups = !kowah && game_score_seat(g, seat, &sv->bd) == CEKI_OK;
    if (!sv->has_groups) {
        return;
    }
    int n = sv->bd.ngroups;
    for (int i = 0; i < n; i++) {
        if (sv->bd.groups[i].kind == SCORE_COUNT) {
            sort_by_rank_and_suit(&sv->bd.groups[i]);
        }
    }
    for (int i = 0; i < n; i++) {
        sv->order[i] = i;
    }
    for (int i = 1; i < n; i++) {
        for (int j = i; j > 0 && cmp_groups_points(&sv->bd, sv->order[j - 1], sv->order[j]) > 0;
             j--) {
            int t = sv->order[j];
            sv->order[j] = sv->order[j - 1];
            sv->order[j - 1] = t;
        }
    }
}

/* Kowah: the seat's hand as the hand ended, by rank, then kind, so the
 * triplets and pairs show. */
static void seat_hand(const Game *g, int seat, SeatView *sv)
{
    Observation *mine = malloc(sizeof *mine);
    if (mine != NULL && game_observe(g, seat, mine) == CEKI_OK) {
        sv->nhand = mine->hand_count[seat];
        memcpy(sv->hand, mine->hand, (size_t)sv->nhand * sizeof(Card));
        for (int a = 1; a < sv->nhand; a++) {
            for (int b = a; b > 0 && card_rank(sv->hand[b - 1]) * RANK_KEY_KINDS + sv->hand[b - 1] >
                                         card_rank(sv->hand[b]) * RANK_KEY_KINDS + sv->hand[b];
                 b--) {
                Card t = sv->hand[b];
                sv->hand[b] = sv->hand[b - 1];
                sv->hand[b - 1] = t;
            }
        }
    }
    free(mine);
}

/* The seat's name, round score and marks, and its tags: role or dealer,
 * Pèi's place (place[0] 0: none), the computer's level. */
static void seat_view(Session *ss, ResultState *s, const int place[], int seat)
{
    const VariantDesc *v = game_variant(session_game(ss));
    const Observation *o = s->obs;
    SeatView *sv = &s->seats[seat];
    sv->ntags = 0;
    session_seat_name(ss, seat, sv->name, sizeof sv->name);
    sv->score = o->round_score[seat];
    sv->winner = o->round_winner[seat];
    sv->forfeited = o->forfeited[seat];
    sv->match_winner = s->match_over && o->match_winner[seat];
    if (o->role[seat] != ROLE_NONE) {
        add_tag(sv, card_role_name(o->role[seat]));
    } else if (o->dealer == seat) {
        add_tag(sv, _("dealer"));
    }
    if (place[0] != 0 && s->round_over) {
        add_tag(sv, pei_place_name(place[seat]));
    }
    AiLevel level = AI_RANDOM;
    if (session_seat_computer(ss, seat, &level) && !variant_is_watch_only(v)) {
        add_tag(sv, ai_level_tag(level));
    }
}

/* The heading: the match, hand or round over, or the round being played. */
static void set_title(ResultState *s, bool kowah, int round)
{
    snprintf(s->title, sizeof s->title, "%s",
             s->match_over ? _("Match over")
             : kowah       ? _("End of the hand")
                           : _("End of the round"));
    if (!s->round_over) {
        snprintf(s->title, sizeof s->title, _("Round %d"), round);
    }
}

/* What the round's events tell the verdict. */
typedef struct RoundMarks {
    Card king;  /* Kings: the King won, or CARD_NONE */
    bool drawn; /* Kowah: the hand ended with no winner */
    bool cut;   /* Kings: a cut broke the tie */
} RoundMarks;

/* The King won, a hand with no winner and a cut, from the round's events. */
static RoundMarks round_marks(Session *ss)
{
    int nev = 0;
    const GameEvent *ev = session_round_events(ss, &nev);
    RoundMarks m = {.king = CARD_NONE};
    for (int i = 0; i < nev; i++) {
        m.king = ev[i].type == EV_KING_WON ? ev[i].card : m.king;
        m.drawn = m.drawn || ev[i].type == EV_HAND_DRAWN;
        m.cut = m.cut || ev[i].type == EV_CUT;
    }
    return m;
}

/* The first seat that won the round. */
static int first_winner(const ResultState *s)
{
    int seat = 0;
    while (seat < s->players && !s->seats[seat].winner) {
        seat++;
    }
    return seat;
}

/* The verdict of a round won on points, by one seat or shared. */
static void points_verdict(ResultState *s, const char *winners, int nwin, bool you)
{
    int pts = s->seats[first_winner(s)].score;
    if (nwin > 1) {
        snprintf(s->verdict, sizeof s->verdict,
                 P_("%s share the round with %d point.", "%s share the round with %d points.", pts),
                 winners, pts);
    } else if (you) {
        snprintf(s->verdict, sizeof s->verdict,
                 P_("You win the round with %d point.", "You win the round with %d points.", pts),
                 pts);
    } else {
        snprintf(s->verdict, sizeof s->verdict,
                 P_("%s wins the round with %d point.", "%s wins the round with %d points.", pts),
                 winners, pts);
    }
}

/* Kowah, a hand nobody won: why it ended, as the engine says. */
static void dry_hand_verdict(ResultState *s, const Game *g)
{
    if (kowah_hand_end(g) == KOWAH_HAND_IDLE) {
        snprintf(s->verdict, sizeof s->verdict,
                 _("%d turns without a stock draw: nobody won this hand."), KOWAH_MAX_IDLE_TURNS);
    } else {
        snprintf(s->verdict, sizeof s->verdict, "%s",
                 _("The stock ran out: nobody won this hand."));
    }
}

/* The round's verdict: who won it and how, or why nobody did. */
static void round_verdict(Session *ss, ResultState *s, bool kowah)
{
    char winners[160];
    int nwin = join_names(s, false, winners, sizeof winners);
    bool you = is_you(winners);
    RoundMarks m = round_marks(ss);
    s->king = m.king;
    if (!s->round_over) {
        snprintf(s->verdict, sizeof s->verdict, "%s", _("The round is still being played."));
    } else if (m.drawn) {
        dry_hand_verdict(s, session_game(ss));
    } else if (nwin == 0) {
        snprintf(s->verdict, sizeof s->verdict, "%s", _("Nobody won this round."));
    } else if (m.king != CARD_NONE) {
        const char *name = card_name_english(m.king);
        const char *after = m.cut ? _(" after a cut to break the tie") : "";
        if (you) {
            snprintf(s->verdict, sizeof s->verdict, _("You win the %s%s."), name, after);
        } else {
            snprintf(s->verdict, sizeof s->verdict, _("%s wins the %s%s."), winners, name, after);
        }
    } else if (kowah) {
        if (you) {
            snprintf(s->verdict, sizeof s->verdict, "%s", _("You win the hand: checki!"));
        } else {
            snprintf(s->verdict, sizeof s->verdict, _("%s wins the hand: checki!"), winners);
        }
    } else {
        points_verdict(s, winners, nwin, you);
    }
}

/* Adds to the verdict who forfeited the win. */
static void add_forfeits(ResultState *s)
{
    for (int seat = 0; seat < s->players; seat++) {
        if (s->seats[seat].forfeited) {
            size_t l = strlen(s->verdict);
            if (is_you(s->seats[seat].name)) {
                snprintf(s->verdict + l, sizeof s->verdict - l, "%s", _(" You forfeited the win."));
            } else {
                snprintf(s->verdict + l, sizeof s->verdict - l, _(" %s forfeited the win."),
                         s->seats[seat].name);
            }
        }
    }
}

/* At the end of the match the heading is about the match: its winners
 * first, then the round's verdict. */
static void match_verdict(ResultState *s, bool kowah)
{
    char match[120];
    int nm = join_names(s, true, match, sizeof match);
    if (nm == s->players && nm > 1) {
        snprintf(match, sizeof match, "%s", nm == 2 ? _("Both players") : _("Everyone"));
    }
    if (nm == 0) {
        return;
    }
    char round_verdict[sizeof s->verdict];
    snprintf(round_verdict, sizeof round_verdict, "%s", s->verdict);
    const char *format = nm == s->players && nm > 2
                             ? (kowah ? _("%.100s shares the match. Last hand: %.200s")
                                      : _("%.100s shares the match. Last round: %.200s"))
                         : nm > 1        ? (kowah ? _("%.100s share the match. Last hand: %.200s")
                                                  : _("%.100s share the match. Last round: %.200s"))
                         : is_you(match) ? (kowah ? _("%.100s win the match. Last hand: %.200s")
                                                  : _("%.100s win the match. Last round: %.200s"))
                                         : (kowah ? _("%.100s wins the match. Last hand: %.200s")
                                                  : _("%.100s wins the match. Last round: %.200s"));
    snprintf(s->verdict, sizeof s->verdict, format, match, round_verdict);
}

/* Where the match stands: which round of how many, by the match's kind. */
static void set_match_line(Session *ss, ResultState *s, int round)
{
    const Game *g = session_game(ss);
    const GameConfig *cfg = game_config(g);
    char *line = s->match_line;
    size_t size = sizeof s->match_line;
    switch (game_variant(g)->match_kind) {
    case MATCHKIND_ROUNDS: snprintf(line, size, _("Round %d of %d"), round, cfg->rounds); break;
    case MATCHKIND_HANDS_WON: snprintf(line, size, _("Hand %d of %d"), round, cfg->rounds); break;
    case MATCHKIND_EACH_DEALS:
        snprintf(line, size, _("Round %d of %d: each player deals once"), round, s->players);
        break;
    case MATCHKIND_EACH_DEALS_UNTIED:
        if (round <= s->players) {
            snprintf(line, size, _("Round %d of %d: each deals once, more while tied"), round,
                     s->players);
        } else {
            snprintf(line, size, _("Round %d: played to break the tie"), round);
        }
        break;
    case MATCHKIND_KINGS: {
        int won = 0;
        for (int seat = 0; seat < s->players; seat++) {
            won += session_kings_won(ss, seat, NULL);
        }
        snprintf(line, size, _("Round %d: %d of the four Kings won"), round, won);
        break;
    }
    }
}

/* Everything the screen shows, from the session's game. */
static void gather(App *app, ResultState *s)
{
    Session *ss = session_of(app, s);
    const Game *g = session_game(ss);
    const VariantDesc *v = game_variant(g);
    s->players = game_players(g);
    s->variant = v->id;
    s->match_over = game_match_over(g);
    s->round_over = game_round_over(g);
    game_observe(g, 0, s->obs);
    int round = game_round_number(g);
    bool kowah = v->engine == ENGINE_KOWAH;
    set_title(s, kowah, round);

    int place[PEI_PLAYERS] = {0};
    if (v->start == START_PEI && s->players == PEI_PLAYERS) {
        pei_place(s->obs->round_score, place);
    }
    for (int seat = 0; seat < s->players; seat++) {
        SeatView *sv = &s->seats[seat];
        seat_view(ss, s, place, seat);
        seat_groups(g, seat, sv, kowah);
        sv->nhand = 0;
        /* Another seat's hand is shown to nobody when a hand ends: only the
         * viewer's own, and every hand once the match's record is open. */
        sv->hand_hidden = kowah && !s->match_over && seat != session_viewer(ss);
        if (kowah && !sv->hand_hidden) {
            seat_hand(g, seat, sv);
        }
    }
    round_verdict(ss, s, kowah);
    add_forfeits(s);
    if (s->match_over) {
        match_verdict(s, kowah);
    }
    set_match_line(ss, s, round);
    next_roles(ss, s);
    stake_lines(ss, s);
}

/* ---- the card flow ------------------------------------------------------- */

typedef struct Flow {
    App *app;
    ResultState *s;
    DeckStyle style;
    unsigned flags;
    double aspect;
    float ch, cw;
    float step_new, step_same;
    float top;  /* content y of the column's top on screen (design units, scrolled) */
    float left; /* x of the column */
} Flow;

static float text_w(App *app, const char *text, float size, TextWeight weight)
{
    int w = 0, h = 0;
    text_measure(app->text, text, size * app->ui, weight, &w, &h);
    return (float)w / app->ui;
}

/* A match of hands won (Kowah): its rounds are hands. */
static bool counts_hands(const ResultState *s)
{
    return variant_get(s->variant)->match_kind == MATCHKIND_HANDS_WON;
}

/* A match played for the Kings (Kings): a round's prize is a King. */
static bool plays_for_kings(const ResultState *s)
{
    return variant_get(s->variant)->match_kind == MATCHKIND_KINGS;
}

static Card sample_card(const ResultState *s)
{
    return variant_sample_card(variant_get(s->variant));
}

static void flow_init(Flow *f, App *app, ResultState *s, float ch)
{
    f->app = app;
    f->s = s;
    f->style = variant_style(variant_get(s->variant), app->setup.style);
    const VariantDesc *v = variant_get(s->variant);
    f->flags = (v->scores_red_stamps ? CARD_RED_STAMP : 0) |
               (app->settings.colour_cue ? CARD_COLOUR_CUE : 0) | CARD_NO_SHADOW;
    f->aspect = card_art_aspect(f->style, sample_card(s));
    f->ch = ch;
    f->cw = ch * (float)f->aspect;
    bool ceki = deck_style_get(f->style)->art == ART_CEKI;
    f->step_new = f->cw * (ceki ? 0.56f : 0.40f);
    f->step_same = f->cw * (ceki ? 0.30f : 0.22f);
    f->top = 0;
    f->left = 0;
}

/* Copies of a kind (Kings: cards of a rank, taken as pairs) sit closer. */
static bool same_kind(Card a, Card b)
{
    return card_is_french(a) ? card_rank(a) == card_rank(b) : a == b;
}

/* A group's label with its points, in the label's place `at`. */
static void draw_group_label(const Flow *f, const ScoreGroup *g, const char *label, TlRect at)
{
    App *app = f->app;
    SDL_Renderer *r = app->renderer;
    bool nothing = g->kind == SCORE_NOTHING;
    SDL_Color ink = nothing ? UI_INK_FAINT : UI_INK_SOFT;
    float tx = at.x;
    if (group_is_red(g)) {
        SDL_Rect dot = app_rect(app, at.x, at.y + 5.5f, 7, 7);
        paint_round_rect(app->paint, r, dot, dot.w / 2, paint_rgba(226, 72, 60, 255));
        tx += 11;
    }
    TextStyle st = app_text_style(app, GROUP_LABEL_SIZE,
                                  g->kind == SCORE_COMBINATION ? TEXT_BOLD : TEXT_REGULAR,
                                  g->kind == SCORE_COMBINATION ? UI_GOLD_LIGHT : ink);
    SDL_Rect pos = app_rect(app, tx, at.y, 0, 0);
    text_draw(app->text, r, label, &st, pos.x, pos.y, TEXT_LEFT);
    if (!nothing) {
        char pts[16];
        snprintf(pts, sizeof pts, "%d", g->points);
        TextStyle ps = app_text_style(app, GROUP_LABEL_SIZE, TEXT_BOLD, UI_GOLD);
        SDL_Rect right = app_rect(app, at.x + at.w, at.y, 0, 0);
        text_draw(app->text, r, pts, &ps, right.x, right.y, TEXT_RIGHT);
    }
}

/* The width a group's label takes: its words, its points and its red dot. */
static float label_width(const Flow *f, const ScoreGroup *g, const char *label)
{
    char pts[16];
    snprintf(pts, sizeof pts, "%d", g->points);
    return text_w(f->app, label, GROUP_LABEL_SIZE,
                  g->kind == SCORE_COMBINATION ? TEXT_BOLD : TEXT_REGULAR) +
           (g->kind == SCORE_NOTHING ? 0 : text_w(f->app, pts, GROUP_LABEL_SIZE, TEXT_BOLD) + 10) +
           (group_is_red(g) ? 11 : 0);
}

/* A seat's cards as the board's groups: what scored in drawing order (what
 * scored nothing closer together), then Kowah's hand as it ended, its kinds
 * apart when the line has room. */
typedef struct SeatBoard {
    BoardFlow flow;
    BoardGroup groups[SCORE_MAX_GROUPS + 1];
    const Card *cards[SCORE_MAX_GROUPS + 1]; /* each group's cards */
    int scored[SCORE_MAX_GROUPS + 1];        /* its index in the breakdown, -1: the hand */
    int first[SCORE_MAX_GROUPS + 1];         /* its first card among them all */
    bool same[CEKI_MAX_DECK + OBS_MAX_HAND];
    int ngroups, ncards;
} SeatBoard;

static void board_add(SeatBoard *b, const Card *cards, int n, int scored)
{
    BoardGroup *bg = &b->groups[b->ngroups];
    bool *same = &b->same[b->ncards];
    for (int i = 0; i < n; i++) {
        same[i] = i > 0 && same_kind(cards[i], cards[i - 1]);
    }
    *bg = (BoardGroup){.n = n, .same = same};
    b->cards[b->ngroups] = cards;
    b->scored[b->ngroups] = scored;
    b->first[b->ngroups] = b->ncards;
    b->ngroups++;
    b->ncards += n;
}

static void seat_board(const Flow *f, const SeatView *sv, SeatBoard *b)
{
    b->flow = (BoardFlow){.aspect = f->aspect,
                          .card_h = f->ch,
                          .label_h = LABEL_H,
                          .pad = GROUP_PAD,
                          .gap = GROUP_GAP,
                          .line_gap = LINE_GAP};
    b->ngroups = 0;
    b->ncards = 0;
    int count = sv->has_groups ? sv->bd.ngroups : 0;
    for (int k = 0; k < count; k++) {
        const ScoreGroup *g = &sv->bd.groups[sv->order[k]];
        if (g->ncards <= 0 || b->ncards + g->ncards > CEKI_MAX_DECK) {
            continue;
        }
        board_add(b, g->cards, g->ncards, sv->order[k]);
        BoardGroup *bg = &b->groups[b->ngroups - 1];
        float squeeze = g->kind == SCORE_NOTHING ? NOTHING_SQUEEZE : 1.0f;
        bg->step_new = squeeze < 1.0f ? f->step_new * squeeze : f->step_new;
        bg->step_same = squeeze < 1.0f ? f->step_same * squeeze : f->step_same;
        char label[64];
        group_label(g, label, sizeof label);
        bg->label_w = label_width(f, g, label);
    }
    if (sv->nhand > 0) {
        board_add(b, sv->hand, sv->nhand, -1);
        BoardGroup *bg = &b->groups[b->ngroups - 1];
        bg->squeeze = true;
        bg->step_new = f->cw * 1.08f;
        bg->step_same = f->cw * 0.36f;
        bg->step_min_new = f->step_new;
        bg->step_min_same = f->step_same;
        bg->label_w = text_w(f->app, _("Hand"), GROUP_LABEL_SIZE, TEXT_REGULAR);
    }
}

/* The height one seat's cards take in a run `width` wide. */
static float seat_height(const Flow *f, const SeatView *sv, float width)
{
    SeatBoard *b = malloc(sizeof *b);
    if (b == NULL) {
        return NO_CARDS_H;
    }
    seat_board(f, sv, b);
    float h = board_flow(&b->flow, 0, 0, width, b->groups, b->ngroups, NULL, NULL, 0, NULL);
    free(b);
    return h > 0 ? h : NO_CARDS_H;
}

/* Draws one piece of the board: its backing, its label, its cards. */
static void draw_piece(const Flow *f, const SeatView *sv, const SeatBoard *b, const BoardPiece *p,
                       const TlRect *cards)
{
    App *app = f->app;
    int k = p->group, sc = b->scored[k];
    const ScoreGroup *g = sc >= 0 ? &sv->bd.groups[sc] : NULL;
    unsigned extra = 0;
    if (g != NULL) {
        SDL_Rect back = app_rect(app, p->box.x, p->box.y - 2, p->box.w, p->box.h + 6);
        paint_round_rect(app->paint, app->renderer, back, app_px(app, 7),
                         g->kind == SCORE_NOTHING ? paint_rgba(0, 0, 0, 40)
                                                  : paint_rgba(255, 255, 255, 16));
        if (!tl_empty(p->label)) {
            char label[64];
            group_label(g, label, sizeof label);
            draw_group_label(f, g, label, p->label);
        }
        extra = g->kind == SCORE_NOTHING ? CARD_DIM : 0;
    } else if (!tl_empty(p->label)) {
        TextStyle st = app_text_style(app, GROUP_LABEL_SIZE, TEXT_REGULAR, UI_INK_SOFT);
        SDL_Rect at = app_rect(app, p->label.x, p->label.y, 0, 0);
        text_draw(app->text, app->renderer, _("Hand"), &st, at.x, at.y, TEXT_LEFT);
    }
    for (int i = p->from; i < p->to; i++) {
        TlRect c = cards[b->first[k] + i];
        card_art_draw(app->cards, app->renderer, f->style, b->cards[k][i],
                      app_rect(app, c.x, c.y, c.w, c.h), f->flags | extra);
    }
}

/* Draws one seat's cards from (f->left, f->top) in a run `width` wide. */
static void draw_seat_cards(const Flow *f, const SeatView *sv, float width)
{
    enum { MAX_PIECES = 512 };
    SeatBoard *b = malloc(sizeof *b);
    TlRect *cards = malloc(sizeof *cards * (CEKI_MAX_DECK + OBS_MAX_HAND));
    BoardPiece *pieces = malloc(sizeof *pieces * MAX_PIECES);
    if (b != NULL && cards != NULL && pieces != NULL) {
        seat_board(f, sv, b);
        int np = 0;
        float h = board_flow(&b->flow, f->left, f->top, width, b->groups, b->ngroups, cards, pieces,
                             MAX_PIECES, &np);
        for (int i = 0; i < np; i++) {
            draw_piece(f, sv, b, &pieces[i], cards);
        }
        if (h <= 0) {
            App *app = f->app;
            TextStyle st = app_text_style(app, 14, TEXT_REGULAR, UI_INK_FAINT);
            SDL_Rect at = app_rect(app, f->left, f->top + 4, 0, 0);
            const char *none = sv->hand_hidden ? _("Hand not shown") : _("No cards captured");
            text_draw(app->text, app->renderer, none, &st, at.x, at.y, TEXT_LEFT);
        }
    }
    free(pieces);
    free(cards);
    free(b);
}

/* Kings: where the King won lies in a block's card area from (left, top),
 * w wide: at its right under its label, inside its backing (board_row). */
static TlRect king_place(const Flow *f, float left, float top, float w)
{
    TlRect area = {left, top + LABEL_H, w - GROUP_PAD, f->ch};
    return board_row(area, f->aspect, f->ch, 1, 0, 1, BOARD_RIGHT | BOARD_TOP);
}

/* Room kept on the right of each block for the King won (Kings): from the
 * King's backing to the area's right, and a gap. */
static float king_room(const Flow *f)
{
    if (!plays_for_kings(f->s)) {
        return 0;
    }
    TlRect k = king_place(f, 0, 0, 1000);
    return 1000 - k.x + GROUP_PAD + 12;
}

/* Places every block at card height ch in `cols` columns (row by row, a
 * row as tall as its tallest block); returns the height of them all. */
static float measure(App *app, ResultState *s, float ch, int cols)
{
    Flow f;
    flow_init(&f, app, s, ch);
    float w = (AREA_W - (float)(cols - 1) * COL_GAP) / (float)cols;
    float y = 0;
    for (int first = 0; first < s->players; first += cols) {
        float row_h = 0;
        for (int seat = first; seat < s->players && seat < first + cols; seat++) {
            SeatView *sv = &s->seats[seat];
            sv->h =
                HEADER_H + seat_height(&f, sv, w - 2 * BLOCK_PAD - king_room(&f)) + 2 * BLOCK_PAD;
            row_h = SDL_max(row_h, sv->h);
        }
        for (int seat = first; seat < s->players && seat < first + cols; seat++) {
            SeatView *sv = &s->seats[seat];
            sv->x = (float)(seat - first) * (w + COL_GAP);
            sv->y = y;
            sv->w = w;
            sv->h = row_h;
        }
        y += row_h + BLOCK_GAP;
    }
    return y - BLOCK_GAP;
}

/* Whether cards ch high, all blocks total high, beat the best so far
 * (best_h 0: none yet): fitting beats not fitting; then larger cards; and
 * of two that do not fit, the shorter. */
static bool better_fit(float ch, float total, float best_h, float best_total)
{
    if (best_h == 0) {
        return true;
    }
    bool fits = total <= AREA_H, best_fits = best_total <= AREA_H;
    if (fits != best_fits) {
        return fits;
    }
    return ch > best_h || (!fits && total < best_total);
}

/* board_fit's measure: the blocks' height in so many columns. */
typedef struct FitCtx {
    App *app;
    ResultState *s;
    int cols;
} FitCtx;

static float measure_fit(void *ctx, float ch)
{
    FitCtx *c = ctx;
    return measure(c->app, c->s, ch, c->cols);
}

/* The largest cards that let every block fit, in one column or (with four
 * players or more) two; the column scrolls when even the smallest do not. */
static void fit(App *app, ResultState *s)
{
    float best_h = 0, best_total = 0;
    int best_cols = 1;
    const BoardLadder ladder = {.max = MAX_CARD_H, .min = MIN_CARD_H, .step = 2};
    for (int cols = 1; cols <= (s->players >= 4 ? 2 : 1); cols++) {
        FitCtx ctx = {app, s, cols};
        float total = 0;
        float ch = board_fit(&ladder, AREA_H, measure_fit, &ctx, &total);
        if (better_fit(ch, total, best_h, best_total)) {
            best_h = ch;
            best_total = total;
            best_cols = cols;
        }
    }
    s->card_h = best_h;
    s->cols = best_cols;
    s->content = measure(app, s, best_h, best_cols);
    float max_scroll = SDL_max(0, s->content - AREA_H);
    s->scroll = SDL_clamp(s->scroll, 0, max_scroll);
}

/* ---- widgets and input --------------------------------------------------- */

static void layout(App *app, ResultState *s)
{
    ui_clear(&s->ui);
    float bx = SIDE_X + 20, bw = SIDE_W - 40;
    if (!s->round_over) {
        ui_add(&s->ui, WIDGET_PRIMARY, RESULT_BACK, app_rect(app, bx, 672, bw, 52), false,
               _("Back"));
    } else if (s->match_over) {
        float half = (bw - 12) / 2;
        ui_add(&s->ui, WIDGET_PRIMARY, RESULT_NEW_MATCH, app_rect(app, bx, 672, half, 52), false,
               _(again_words(app, s)));
        ui_add(&s->ui, WIDGET_BUTTON, RESULT_MENU, app_rect(app, bx + half + 12, 672, half, 52),
               false, s->guided ? _("Back to Learn") : _("Main menu"));
    } else {
        ui_add(&s->ui, WIDGET_PRIMARY, RESULT_NEXT, app_rect(app, bx, 672, bw, 52), false,
               counts_hands(s) ? _("Next hand") : _("Next round"));
    }
    ui_fix_focus(&s->ui);
}

/* Plays random moves until the round is over (the screen opened on its own). */
static Session *demo_session(App *app)
{
    SessionSeats seats = {.ai_budget_ms = 0};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = i == 0;
        seats.level[i] = AI_RANDOM;
    }
    GameConfig cfg = app->setup.config;
    Session *ss = session_create(&cfg, &seats, NULL);
    if (ss == NULL) {
        return NULL;
    }
    uint64_t x = cfg.seed * 2654435761u + 12345u;
    Move moves[GAME_MAX_MOVES];
    for (int guard = 0; guard < 100000 && !game_round_over(session_game(ss)); guard++) {
        int n = session_legal_moves(ss, moves, GAME_MAX_MOVES);
        if (n <= 0) {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        session_apply(ss, &moves[x % (uint64_t)SDL_min(n, GAME_MAX_MOVES)], NULL);
    }
    GameEvent sink[256];
    while (session_take_events(ss, sink, 256) > 0) {
    }
    return ss;
}

static void refresh(App *app, ResultState *s)
{
    gather(app, s);
    fit(app, s);
    layout(app, s);
}

static bool result_enter(App *app, void *state)
{
    ResultState *s = state;
    ui_init(&s->ui);
    s->guided = app->table_run.result_guided && app->session != NULL;
    app->table_run.result_guided = false;
    s->obs = malloc(sizeof *s->obs);
    if (s->obs == NULL) {
        return false;
    }
    if (app->session == NULL) {
        /* Pushed by a table that did not hand over its game: showing some
         * other game would mislead, so refuse. */
        for (int i = 0; i < app->scenes.count; i++) {
            if (app->scenes.frames[i].id == SCENE_TABLE) {
                free(s->obs);
                return false;
            }
        }
        s->own = demo_session(app);
        if (s->own == NULL) {
            free(s->obs);
            return false;
        }
    }
    refresh(app, s);
    ui_focus(&s->ui, s->match_over ? RESULT_NEW_MATCH : s->round_over ? RESULT_NEXT : RESULT_BACK);
    return true;
}

static void result_leave(App *app, void *state)
{
    (void)app;
    ResultState *s = state;
    session_destroy(s->own);
    free(s->obs);
}

static void result_resume(App *app, void *state)
{
    ResultState *s = state;
    if (session_of(app, s) != NULL) {
        refresh(app, s);
    }
}

/* Pops every screen above the title; this one's state is gone afterwards. */
static void back_to_title(App *app)
{
    while (app->scenes.count > 1) {
        scene_stack_pop(app);
    }
}

static SceneAction next_round(App *app, ResultState *s)
{
    Session *ss = session_of(app, s);
    Move m;
    if (game_legal_moves(session_game(ss), &m, 1) < 1 || m.type != MOVE_NEXT_ROUND) {
        return scene_pop();
    }
    const char *why = NULL;
    if (session_apply(ss, &m, &why) != CEKI_OK) {
        app_show_toast(app, why != NULL ? why : _("The next round could not be dealt."));
        return scene_stay();
    }
    /* Kept at once, as every move at the table is (journal.h). */
    char err[256];
    if (s->own == NULL &&
        !journal_write(app->store, ss, app->settings.replays_kept, err, sizeof err)) {
        char msg[320];
        snprintf(msg, sizeof msg, _("The game was not saved: %s"), err);
        app_report(app, msg);
    }
    return scene_pop();
}

/* The end of a guided game: the same lesson again (the setup Learn lent
 * is the guided deal's), or back to Learn under the table. */
static SceneAction guided_end(App *app, bool again)
{
    scene_stack_pop(app); /* this screen */
    if (!again) {
        return scene_pop(); /* the table: Learn shows again */
    }
    app->session = NULL; /* the old table still owns its game (as new_match) */
    app->table_run.guided = true;
    return scene_replace(SCENE_TABLE);
}

static SceneAction new_match(App *app, ResultState *s)
{
    if (s->guided) {
        return guided_end(app, true);
    }
    int below = app->scenes.count - 2;
    bool table_below = below >= 0 && app->scenes.frames[below].id == SCENE_TABLE;
    if (at_network_table(app, s)) {
        scene_stack_pop(app); /* the results, then the table, leave */
        return table_below ? scene_replace(SCENE_JOIN) : scene_push(SCENE_JOIN);
    }
    Session *ss = session_of(app, s);
    const Game *g = session_game(ss);
    const SessionSeats *seats = session_seats(ss);
    GameSetup *setup = &app->setup;
    setup->config = *game_config(g);
    setup->config.seed = SDL_GetPerformanceCounter();
    setup->seed_given = false;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        setup->human[i] = seats->human[i];
        setup->level[i] = seats->level[i];
    }
    if (s->own != NULL) {
        /* No table below: deal a new game of our own. */
        session_destroy(s->own);
        s->own = demo_session(app);
        if (s->own == NULL) {
            return scene_pop();
        }
        refresh(app, s);
        return scene_stay();
    }
    /* The table below starts afresh from the setup. */
    scene_stack_pop(app);
    /* The new table enters before the old one leaves (scene_stack_replace):
     * it must not take the old game for a resumed one. The old table still
     * owns it and destroys it as it leaves. */
    app->session = NULL;
    return table_below ? scene_replace(SCENE_TABLE) : scene_push(SCENE_TABLE);
}

static SceneAction activate(App *app, ResultState *s, int id)
{
    switch (id) {
    case RESULT_NEXT: return next_round(app, s);
    case RESULT_NEW_MATCH: return new_match(app, s);
    case RESULT_MENU:
        if (s->guided) {
            return guided_end(app, false);
        }
        back_to_title(app);
        return scene_stay();
    case RESULT_BACK: return scene_pop();
    default: return scene_stay();
    }
}

static SceneAction result_event(App *app, void *state, const SDL_Event *e)
{
    ResultState *s = state;
    layout(app, s);
    float max_scroll = SDL_max(0, s->content - AREA_H);
    if (e->type == SDL_MOUSEWHEEL && max_scroll > 0) {
        s->scroll = SDL_clamp(s->scroll - (float)e->wheel.y * 60, 0, max_scroll);
        return scene_stay();
    }
    if (e->type == SDL_KEYDOWN && max_scroll > 0 &&
        (e->key.keysym.sym == SDLK_PAGEDOWN || e->key.keysym.sym == SDLK_PAGEUP)) {
        float dir = e->key.keysym.sym == SDLK_PAGEDOWN ? 1.0f : -1.0f;
        s->scroll = SDL_clamp(s->scroll + dir * AREA_H * 0.8f, 0, max_scroll);
        return scene_stay();
    }
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_ACTIVATE) {
        return activate(app, s, ev.id);
    }
    if (ev.kind == UI_BACK) {
        /* Esc goes back to the table to look at it (its Next round button
         * deals on); at the end of a match, which Esc should not leave by
         * accident, it goes to New match. */
        if (!s->round_over || !s->match_over) {
            return scene_pop();
        }
        ui_focus(&s->ui, RESULT_NEW_MATCH);
    }
    return scene_stay();
}

/* ---- drawing --------------------------------------------------------------- */

static void draw_tag(App *app, const char *text, float x, float y, SDL_Color bg, SDL_Color ink,
                     float *w_out)
{
    float w = text_w(app, text, 12, TEXT_BOLD) + 14;
    SDL_Rect r = app_rect(app, x, y, w, 19);
    paint_round_rect(app->paint, app->renderer, r, r.h / 2, bg);
    TextStyle st = app_text_style(app, 12, TEXT_BOLD, ink);
    text_draw_in(app->text, app->renderer, text, &st, r, TEXT_CENTER);
    *w_out = w;
}

/* The block's box: framed in gold and glowing for the round's winner. */
static void draw_block_box(App *app, const SeatView *sv, SDL_Rect box)
{
    SDL_Renderer *r = app->renderer;
    int radius = app_px(app, 12);
    paint_round_rect(app->paint, r, box, radius, paint_rgba(7, 24, 17, 170));
    if (sv->winner) {
        paint_glow(app->paint, r, box, radius, app_px(app, 8), paint_rgba(255, 214, 110, 60));
        paint_round_frame(app->paint, r, box, radius, SDL_max(2, app_px(app, 2)), UI_GOLD);
    } else {
        paint_round_frame(app->paint, r, box, radius, SDL_max(1, app_px(app, 1)),
                          paint_rgba(255, 255, 255, 26));
    }
}

/* What a block's header shows and how much of it fits its row. */
typedef struct BlockHeader {
    const char *won; /* the winner's tag */
    bool show_won, show_score, show_unit;
    char score[24];
    const char *unit; /* "points" after the score */
    int ntags;        /* the seat's tags that fit */
    float right_edge; /* where the score ends */
} BlockHeader;

/* Plans the header from x to right_edge: where the row is short, the word
 * "points" goes first, then the tags from the last (the winner's and the
 * forfeit tags stay). */
static void plan_header(App *app, const ResultState *s, const SeatView *sv, float x, BlockHeader *h)
{
    h->won = counts_hands(s)      ? _("wins the hand")
             : plays_for_kings(s) ? _("wins a King")
                                  : _("wins the round");
    h->show_won = sv->winner && s->round_over;
    h->show_score = !counts_hands(s) && s->round_over;
    snprintf(h->score, sizeof h->score, "%d", sv->score);
    h->unit = plays_for_kings(s) ? _("cards") : _("points");
    float score_w = h->show_score ? text_w(app, h->score, 22, TEXT_BOLD) : 0;
    float unit_w = h->show_score ? text_w(app, h->unit, 12, TEXT_REGULAR) + 6 : 0;
    float need = text_w(app, sv->name, 17, TEXT_BOLD) + 10;
    for (int i = 0; i < sv->ntags; i++) {
        need += text_w(app, sv->tags[i], 12, TEXT_BOLD) + 20;
    }
    need += h->show_won ? text_w(app, h->won, 12, TEXT_BOLD) + 20 : 0;
    need += sv->forfeited ? text_w(app, _("forfeited the win"), 12, TEXT_BOLD) + 20 : 0;
    h->show_unit = x + need <= h->right_edge - score_w - unit_w - 8;
    h->ntags = sv->ntags;
    while (h->ntags > 0 && x + need > h->right_edge - score_w - 8) {
        h->ntags--;
        need -= text_w(app, sv->tags[h->ntags], 12, TEXT_BOLD) + 20;
    }
}

/* The header's left: the seat's name, then its tags that fit, the
 * winner's tag and the forfeit tag. */
static void draw_header_tags(App *app, const SeatView *sv, const BlockHeader *h, float x, float y)
{
    TextStyle name = app_text_style(app, 17, TEXT_BOLD, UI_INK);
    SDL_Rect at = app_rect(app, x, y, 0, 0);
    SDL_Rect nb = text_draw(app->text, app->renderer, sv->name, &name, at.x, at.y, TEXT_LEFT);
    x += (float)nb.w / app->ui + 10;
    for (int i = 0; i < h->ntags; i++) {
        float w = 0;
        draw_tag(app, sv->tags[i], x, y + 2.5f, paint_rgba(255, 255, 255, 24), UI_INK_SOFT, &w);
        x += w + 6;
    }
    if (h->show_won) {
        float w = 0;
        draw_tag(app, h->won, x, y + 2.5f, UI_GOLD, UI_ON_GOLD, &w);
        x += w + 6;
    }
    if (sv->forfeited) {
        float w = 0;
        draw_tag(app, _("forfeited the win"), x, y + 2.5f, paint_rgba(150, 50, 40, 255), UI_INK,
                 &w);
    }
}

/* The header's right: the round's score, and "points" where it fits. */
static void draw_header_score(App *app, const SeatView *sv, const BlockHeader *h, float y)
{
    SDL_Renderer *r = app->renderer;
    TextStyle big = app_text_style(app, 22, TEXT_BOLD, sv->winner ? UI_GOLD_LIGHT : UI_INK);
    SDL_Rect right = app_rect(app, h->right_edge, y - 3, 0, 0);
    SDL_Rect sb = text_draw(app->text, r, h->score, &big, right.x, right.y, TEXT_RIGHT);
    if (h->show_unit) {
        TextStyle small = app_text_style(app, 12, TEXT_REGULAR, UI_INK_SOFT);
        text_draw(app->text, r, h->unit, &small, sb.x - app_px(app, 6), right.y + app_px(app, 8),
                  TEXT_RIGHT);
    }
}

/* Kings: the King this round brought, at the right of the winner's cards
 * (g: the block's card flow). */
static void draw_king_won(App *app, const ResultState *s, const SeatView *sv, const Flow *g,
                          float left)
{
    SDL_Renderer *r = app->renderer;
    TlRect k = king_place(g, left + BLOCK_PAD, g->top, sv->w - 2 * BLOCK_PAD);
    SDL_Rect back =
        app_rect(app, k.x - GROUP_PAD, k.y - LABEL_H - 2, k.w + 2 * GROUP_PAD, LABEL_H + k.h + 6);
    paint_round_rect(app->paint, r, back, app_px(app, 7), paint_rgba(255, 214, 110, 40));
    TextStyle lab = app_text_style(app, GROUP_LABEL_SIZE, TEXT_BOLD, UI_GOLD);
    SDL_Rect kat = app_rect(app, k.x + k.w / 2, k.y - LABEL_H, 0, 0);
    text_draw(app->text, r, _("King"), &lab, kat.x, kat.y, TEXT_CENTER);
    card_art_draw(app->cards, r, STYLE_FRENCH, s->king, app_rect(app, k.x, k.y, k.w, k.h), 0);
}

/* One seat's block: its box, header and cards. */
static void draw_block(App *app, ResultState *s, const Flow *f, int seat)
{
    SeatView *sv = &s->seats[seat];
    float top = f->top + sv->y, left = AREA_X + sv->x;
    draw_block_box(app, sv, app_rect(app, left, top, sv->w, sv->h));
    float x = left + BLOCK_PAD + 4, y = top + BLOCK_PAD;
    BlockHeader h = {.right_edge = left + sv->w - BLOCK_PAD - 4};
    plan_header(app, s, sv, x, &h);
    draw_header_tags(app, sv, &h, x, y);
    if (h.show_score) {
        draw_header_score(app, sv, &h, y);
    }
    Flow g = *f;
    g.left = left + BLOCK_PAD;
    g.top = f->top + sv->y + BLOCK_PAD + HEADER_H;
    draw_seat_cards(&g, sv, sv->w - 2 * BLOCK_PAD - king_room(&g));
    if (sv->winner && s->king != CARD_NONE) {
        draw_king_won(app, s, sv, &g, left);
    }
}

static void draw_column(App *app, ResultState *s)
{
    Flow f;
    flow_init(&f, app, s, s->card_h);
    f.top = AREA_Y - s->scroll;
    SDL_Rect clip = app_rect(app, AREA_X - 12, AREA_Y - 8, AREA_W + 24, AREA_H + 16);
    bool scrolls = s->content > AREA_H;
    if (scrolls) {
        SDL_RenderSetClipRect(app->renderer, &clip);
    }
    for (int seat = 0; seat < s->players; seat++) {
        draw_block(app, s, &f, seat);
    }
    if (scrolls) {
        SDL_RenderSetClipRect(app->renderer, NULL);
        /* A thin bar on the right says where the view is. */
        float frac = AREA_H / s->content;
        float pos = s->scroll / s->content;
        SDL_Rect track = app_rect(app, AREA_X + AREA_W + 6, AREA_Y, 4, AREA_H);
        paint_round_rect(app->paint, app->renderer, track, track.w / 2,
                         paint_rgba(255, 255, 255, 20));
        SDL_Rect bar = app_rect(app, AREA_X + AREA_W + 6, AREA_Y + pos * AREA_H, 4, frac * AREA_H);
        paint_round_rect(app->paint, app->renderer, bar, bar.w / 2, UI_GOLD);
    }
}

/* The standings' columns, from the right: units (with stakes), the total,
 * then the latest rounds that fit beside the longest name. */
typedef struct StandingsCols {
    bool kings;   /* Kings: the Kings won instead of rounds */
    float x0, x1; /* the table's left and right */
    float col_total, col_round, col_units;
    float x_total; /* the right of the total column */
    int shown;     /* rounds shown */
    int first;     /* the first of them */
    const char *total_head;
} StandingsCols;

/* The most rounds the standings show. */
enum { STANDINGS_ROUNDS = 4 };

/* Each column at least as wide as its heading in the language shown. */
static void standings_columns(App *app, const ResultState *s, int rounds, StandingsCols *c)
{
    bool kings = plays_for_kings(s);
    c->kings = kings;
    c->x0 = SIDE_X + 22;
    c->x1 = SIDE_X + SIDE_W - 22;
    c->total_head = kings ? _("KINGS") : counts_hands(s) ? _("HANDS") : _("TOTAL");
    c->col_total = SDL_max(52, text_w(app, c->total_head, 12, TEXT_BOLD) + 12);
    c->col_round = 36;
    c->col_units = s->has_stakes ? SDL_max(48, text_w(app, _("UNITS"), 12, TEXT_BOLD) + 12) : 0;
    float name_w = 0;
    for (int seat = 0; seat < s->players; seat++) {
        name_w = SDL_max(name_w, text_w(app, s->seats[seat].name, 15, TEXT_BOLD));
    }
    float room = (c->x1 - c->x0) - c->col_units - c->col_total - name_w - 6;
    c->shown =
        kings ? 0
              : SDL_max(0, SDL_min(SDL_min(rounds, STANDINGS_ROUNDS), (int)(room / c->col_round)));
    c->x_total = c->x1 - c->col_units;
    c->first = rounds - c->shown + 1;
}

/* The standings' column heads at y. */
static void draw_standings_head(App *app, const ResultState *s, const StandingsCols *c, float y)
{
    SDL_Renderer *r = app->renderer;
    TextStyle head = app_text_style(app, 12, TEXT_BOLD, UI_GOLD);
    SDL_Rect at;
    if (s->has_stakes) {
        at = app_rect(app, c->x1, y, 0, 0);
        text_draw(app->text, r, _("UNITS"), &head, at.x, at.y, TEXT_RIGHT);
    }
    at = app_rect(app, c->x_total, y, 0, 0);
    text_draw(app->text, r, c->total_head, &head, at.x, at.y, TEXT_RIGHT);
    float xr = c->x_total - c->col_total;
    for (int k = 0; k < c->shown; k++) {
        char lab[16];
        /* TRANSLATORS: column heads of the standings: round 1, 2 ... and, in
         * Kowah, hand 1, 2 ... (one or two letters and the number). */
        snprintf(lab, sizeof lab, counts_hands(s) ? _("H%d") : _("R%d"), c->first + k);
        at = app_rect(app, xr - (float)(c->shown - 1 - k) * c->col_round, y, 0, 0);
        text_draw(app->text, r, lab, &head, at.x, at.y, TEXT_RIGHT);
    }
    at = app_rect(app, c->x0, y, 0, 0);
    text_draw(app->text, r, _("PLAYER"), &head, at.x, at.y, TEXT_LEFT);
}

/* Kings: the Kings the seat has won, small, left of its total. */
static void draw_kings_won(App *app, Session *ss, const StandingsCols *c, int seat, float y,
                           float row_h)
{
    Card won[4];
    int n = session_kings_won(ss, seat, won);
    if (n <= 0) {
        return;
    }
    double aspect = card_art_aspect(STYLE_FRENCH, won[0]);
    float kh = row_h - 8, kw = kh * (float)aspect;
    /* Ending 33 units left of the total's right, 3 apart; room for all four. */
    TlRect area = {c->x_total - 33 - 4 * kw - 9, y + 1, 4 * kw + 9, kh};
    for (int i = 0; i < n; i++) {
        TlRect k = board_row(area, aspect, kh, n, i, (kw + 3) / kw, BOARD_RIGHT | BOARD_TOP);
        SDL_Rect cr = app_rect(app, k.x, k.y, k.w, k.h);
        card_art_draw(app->cards, app->renderer, STYLE_FRENCH, won[i], cr, CARD_NO_SHADOW);
    }
}

/* The seat's stake units at the right: gold when up, red when down. */
static void draw_units(App *app, int units, float x, float ty)
{
    char num[24];
    snprintf(num, sizeof num, "%+d", units);
    if (units == 0) {
        snprintf(num, sizeof num, "0");
    }
    SDL_Color c = units > 0 ? UI_GOLD_LIGHT : units < 0 ? UI_WARN : UI_INK_SOFT;
    TextStyle us = app_text_style(app, 15, TEXT_BOLD, c);
    SDL_Rect at = app_rect(app, x, ty, 0, 0);
    text_draw(app->text, app->renderer, num, &us, at.x, at.y, TEXT_RIGHT);
}

/* One seat's row of the standings at y, row_h tall (even rows shaded). */
static void draw_standings_row(App *app, ResultState *s, const StandingsCols *c, int seat, float y,
                               float row_h)
{
    SDL_Renderer *r = app->renderer;
    Session *ss = session_of(app, s);
    const SeatView *sv = &s->seats[seat];
    TextStyle cell = app_text_style(app, 15, TEXT_REGULAR, UI_INK);
    TextStyle bold = app_text_style(app, 15, TEXT_BOLD, UI_GOLD_LIGHT);
    bool best = s->match_over ? sv->match_winner : false;
    if (seat % 2 == 0) {
        paint_round_rect(app->paint, r, app_rect(app, c->x0 - 8, y - 3, c->x1 - c->x0 + 16, row_h),
                         app_px(app, 6), paint_rgba(255, 255, 255, 10));
    }
    float ty = y + (row_h - 6 - 20) / 2;
    SDL_Rect at = app_rect(app, c->x0, ty, 0, 0);
    text_draw(app->text, r, sv->name, best ? &bold : &cell, at.x, at.y, TEXT_LEFT);
    if (c->kings) {
        draw_kings_won(app, ss, c, seat, y, row_h);
    }
    char num[24];
    snprintf(num, sizeof num, "%d", s->obs->match_score[seat]);
    at = app_rect(app, c->x_total, ty, 0, 0);
    text_draw(app->text, r, num, &bold, at.x, at.y, TEXT_RIGHT);
    for (int k = 0; k < c->shown; k++) {
        snprintf(num, sizeof num, "%d", session_round_score(ss, c->first + k, seat));
        at = app_rect(app, c->x_total - c->col_total - (float)(c->shown - 1 - k) * c->col_round, ty,
                      0, 0);
        TextStyle soft = app_text_style(app, 15, TEXT_REGULAR, UI_INK_SOFT);
        text_draw(app->text, r, num, &soft, at.x, at.y, TEXT_RIGHT);
    }
    if (s->has_stakes) {
        draw_units(app, s->obs->units[seat], c->x1, ty);
    }
}

/* The standings table; returns the y below it. */
static float draw_standings(App *app, ResultState *s, float y)
{
    StandingsCols c;
    standings_columns(app, s, session_rounds_scored(session_of(app, s)), &c);
    draw_standings_head(app, s, &c, y);
    y += 22;
    float row_h = c.kings ? 52 : (s->players > 4 ? 26 : 30);
    for (int seat = 0; seat < s->players; seat++) {
        draw_standings_row(app, s, &c, seat, y, row_h);
        y += row_h;
    }
    return y;
}

/* The side panel's text sizes: section labels and body text. */
#define SECTION_SIZE 12.5f
/* Where the side panel's text must stop: the buttons start below. */
#define SIDE_LIMIT 660.0f
/* A stake's line height. */
#define STAKE_LINE 19.0f
#define STAKE_GAP 8.0f       /* between who pays whom and what they pay */
#define STAKE_MIN_SCALE 0.8f /* the smallest a stake line's left part is made to fit */

/* One stake line, "who" on the left and "what" on the right of a tab. */
static void draw_stake(App *app, const char *stake, float x0, float w, float y,
                       const TextStyle *who, const TextStyle *what)
{
    char text[120];
    snprintf(text, sizeof text, "%s", stake);
    char *tab = strchr(text, '\t');
    if (tab != NULL) {
        *tab++ = '\0';
    }
    /* Who pays whom at the left, the units and the reason at the right;
     * where a language's words meet, the left part is made smaller (to
     * STAKE_MIN_SCALE) rather than written over the right. */
    int rw = 0, rh = 0, lw = 0, lh = 0;
    if (tab != NULL) {
        text_measure(app->text, tab, what->px, what->weight, &rw, &rh);
    }
    text_measure(app->text, text, who->px, who->weight, &lw, &lh);
    int room = app_px(app, w) - rw - app_px(app, STAKE_GAP);
    TextStyle left = *who;
    if (lw > room && lw > 0) {
        left.px = SDL_max(who->px * STAKE_MIN_SCALE, who->px * (float)room / (float)lw);
        text_measure(app->text, text, left.px, left.weight, &lw, &lh);
        if (lw > room) {
            text_note_overflow(app->text, text, lw, room);
        }
    }
    SDL_Rect at = app_rect(app, x0, y, 0, 0);
    text_draw(app->text, app->renderer, text, &left, at.x, at.y + (int)((who->px - left.px) / 2),
              TEXT_LEFT);
    if (tab != NULL) {
        at = app_rect(app, x0 + w, y, 0, 0);
        text_draw(app->text, app->renderer, tab, what, at.x, at.y, TEXT_RIGHT);
    }
}

/* One line of soft text at the left; returns the y below it. */
static float draw_soft_line(App *app, const char *text, float x0, float y, const TextStyle *what)
{
    SDL_Rect at = app_rect(app, x0, y, 0, 0);
    text_draw(app->text, app->renderer, text, what, at.x, at.y, TEXT_LEFT);
    return y + STAKE_LINE;
}

/* The stakes paid this round (as many as leave room for the next round's
 * roles, then "and N more") and the pot; returns the y below them. */
static float draw_stakes(App *app, const ResultState *s, float x0, float w, float y)
{
    TextStyle lab = app_text_style(app, SECTION_SIZE, TEXT_BOLD, UI_GOLD);
    SDL_Rect at = app_rect(app, x0, y, 0, 0);
    text_draw(app->text, app->renderer, _("STAKES THIS ROUND"), &lab, at.x, at.y, TEXT_LEFT);
    y += 19;
    TextStyle who = app_text_style(app, 13.5f, TEXT_REGULAR, UI_INK);
    TextStyle what = app_text_style(app, 13.5f, TEXT_REGULAR, UI_INK_SOFT);
    float room = (SIDE_LIMIT - 96) - y; /* keep room for the next round's roles */
    int fit = SDL_max(1, (int)(room / STAKE_LINE));
    for (int i = 0; i < s->nstakes; i++) {
        if (i == fit - 1 && s->nstakes > fit) {
            char more[48];
            snprintf(more, sizeof more, _("and %d more"), s->nstakes - i);
            y = draw_soft_line(app, more, x0, y, &what);
            break;
        }
        draw_stake(app, s->stakes[i], x0, w, y, &who, &what);
        y += STAKE_LINE;
    }
    if (s->nstakes == 0) {
        y = draw_soft_line(app, _("Nothing paid"), x0, y, &what);
    }
    if (s->pot_line[0] != '\0') {
        y = draw_soft_line(app, s->pot_line, x0, y, &what);
    }
    return y + 10;
}

/* The next round's roles (or who deals or plays first), a line each. */
static void draw_next_roles(App *app, const ResultState *s, float x0, float w, float y)
{
    SDL_Renderer *r = app->renderer;
    TextStyle lab = app_text_style(app, SECTION_SIZE, TEXT_BOLD, UI_GOLD);
    TextStyle body = app_text_style(app, 14, TEXT_REGULAR, UI_INK);
    SDL_Rect at = app_rect(app, x0, y, 0, 0);
    text_draw(app->text, r, counts_hands(s) ? _("NEXT HAND") : _("NEXT ROUND"), &lab, at.x, at.y,
              TEXT_LEFT);
    y += 19;
    char lines[sizeof s->next_roles];
    snprintf(lines, sizeof lines, "%s", s->next_roles);
    for (char *line = lines; line != NULL && *line != '\0';) {
        char *nl = strchr(line, '\n');
        if (nl != NULL) {
            *nl = '\0';
        }
        at = app_rect(app, x0, y, w, 0);
        y += (float)text_draw_wrapped(app->text, r, line, &body, at, TEXT_LEFT, 1.05f) / app->ui;
        line = nl != NULL ? nl + 1 : NULL;
    }
}

/* At the end of the match: who won it, above the buttons. */
static void draw_match_winners(App *app, const ResultState *s, float x0, float w)
{
    char line[200];
    int n = join_names(s, true, line, sizeof line);
    char text[260];
    if (n == 0) {
        snprintf(text, sizeof text, "%s", _("Nobody won the match."));
    } else if (n == s->players && n > 1) {
        snprintf(text, sizeof text, "%s", _("The match is shared by all."));
    } else if (n > 1) {
        snprintf(text, sizeof text, _("%s share the match."), line);
    } else if (is_you(line)) {
        snprintf(text, sizeof text, "%s", _("You win the match."));
    } else {
        snprintf(text, sizeof text, _("%s wins the match."), line);
    }
    TextStyle win = app_text_style(app, 19, TEXT_BOLD, UI_GOLD_LIGHT);
    SDL_Rect at = app_rect(app, x0, 596, w, 0);
    text_draw_wrapped(app->text, app->renderer, text, &win, at, TEXT_LEFT, 1.0f);
}

/* The buttons: Back while the round is played, New match and Main menu
 * after the match, else Next round (hand). */
static void draw_side_buttons(App *app, ResultState *s)
{
    if (!s->round_over) {
        ui_draw_button(app, &s->ui, RESULT_BACK, _("Back"));
    } else if (s->match_over) {
        ui_draw_button(app, &s->ui, RESULT_NEW_MATCH, _(again_words(app, s)));
        ui_draw_button(app, &s->ui, RESULT_MENU, s->guided ? _("Back to Learn") : _("Main menu"));
    } else {
        ui_draw_button(app, &s->ui, RESULT_NEXT,
                       counts_hands(s) ? _("Next hand") : _("Next round"));
    }
}

/* The side panel: where the match stands, the standings, the stakes, the
 * next round's roles, the match's winners and the buttons. */
static void draw_side(App *app, ResultState *s)
{
    SDL_Renderer *r = app->renderer;
    SDL_Rect panel = app_rect(app, SIDE_X, AREA_Y, SIDE_W, AREA_H);
    ui_draw_panel(app, panel);
    float x0 = SIDE_X + 22, w = SIDE_W - 44;
    float y = AREA_Y + 18;
    TextStyle title = app_text_style(app, 20, TEXT_BOLD, UI_INK);
    SDL_Rect at = app_rect(app, x0, y, 0, 0);
    text_draw(app->text, r, _("Standings"), &title, at.x, at.y, TEXT_LEFT);
    y += 28;
    TextStyle sub = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    at = app_rect(app, x0, y, w, 0);
    y += (float)text_draw_wrapped(app->text, r, s->match_line, &sub, at, TEXT_LEFT, 1.0f) / app->ui;
    y += 14;
    y = draw_standings(app, s, y);
    y += 12;
    if (s->has_stakes) {
        y = draw_stakes(app, s, x0, w, y);
    }
    if (s->next_roles[0] != '\0' && y < SIDE_LIMIT - 40) {
        draw_next_roles(app, s, x0, w, y);
    }
    if (s->match_over) {
        draw_match_winners(app, s, x0, w);
    }
    draw_side_buttons(app, s);
}

static void result_draw(App *app, void *state, SDL_Renderer *r)
{
    ResultState *s = state;
    (void)r;
    layout(app, s);
    ui_draw_background(app);
    char heading[160];
    snprintf(heading, sizeof heading, "%s \xc2\xb7 %s", s->title, _(variant_get(s->variant)->name));
    ui_draw_heading(app, heading, s->verdict);
    draw_column(app, s);
    draw_side(app, s);
    /* Enter does what the gold button says: at the end of a match it deals
     * a new one (with friends again at a network table). */
    const char *enter = !s->match_over ? N_("Continue") : again_words(app, s);
    if (s->content > AREA_H) {
        const char *const hints[] = {"Enter", enter, "PgDn", N_("Scroll"), "Tab", N_("Move")};
        ui_draw_hints(app, hints, 3);
    } else {
        const char *const hints[] = {"Enter", enter, "Tab", N_("Move")};
        ui_draw_hints(app, hints, 2);
    }
}

static const Ui *result_widgets(const void *state)
{
    return &((const ResultState *)state)->ui;
}

const SceneClass scene_result_class = {
    .name = "result",
    .state_size = sizeof(ResultState),
    .enter = result_enter,
    .leave = result_leave,
    .resume = result_resume,
    .handle_event = result_event,
    .draw = result_draw,
    .widgets = result_widgets,
};
