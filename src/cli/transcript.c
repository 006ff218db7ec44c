/* transcript.c — a match's transcript from one seat's events and view
 * (contract in transcript.h). */
#include "transcript.h"

#include <inttypes.h>
#include <string.h>

void transcript_init(Transcript *t, const GameConfig *cfg, FILE *out)
{
    memset(t, 0, sizeof *t);
    t->out = out;
    t->pei_draw = variant_get(cfg->variant)->start == START_PEI;
    t->stakes = cfg->stakes != STAKES_NONE;
    memset(t->drawn, CARD_NONE, sizeof t->drawn);
    t->cut_last_seat = -1;
}

void transcript_header(FILE *out, const GameConfig *cfg)
{
    fprintf(out, "match: %s, %d players, seed %" PRIu64 "\n", variant_get(cfg->variant)->key,
            cfg->players, cfg->seed);
}

bool transcript_needs_view(const GameEvent *e, int n)
{
    for (int i = 0; i < n; i++) {
        if (e[i].type == EV_SEATING)
            return true;
    }
    return false;
}

static void print_seat_list(FILE *out, const char *label, const int *values, const bool *in, int n)
{
    fprintf(out, "%s ", label);
    bool first = true;
    for (int s = 0; s < n; s++) {
        if (in[s]) {
            fprintf(out, "%s%d", first ? "" : ",", values[s]);
            first = false;
        }
    }
}

static void print_roles(FILE *out, const Observation *o)
{
    int seat_of[ROLE_DEALER + 1] = {-1, -1, -1, -1, -1};
    for (int s = 0; s < o->players; s++)
        seat_of[o->role[s]] = s;
    fprintf(out, "roles: raja seat %d, patih seat %d, unyik seat %d\n", seat_of[ROLE_RAJA],
            seat_of[ROLE_PATIH], seat_of[ROLE_UNYIK]);
}

/* One card of a cut: a new round of cutting starts where the seats stop
 * rising (each round cuts in seat order). */
static void read_cut(Transcript *t, const GameEvent *e)
{
    char card[CARD_TEXT_MAX];
    card_format(e->card, card);
    size_t len = strlen(t->cut_round);
    if (len > 0 && e->seat <= t->cut_last_seat) {
        if (t->ncut < TRANSCRIPT_CUT_LINES)
            snprintf(t->cut[t->ncut++], TRANSCRIPT_LINE_MAX, "cut tied: %s", t->cut_round);
        t->cut_round[0] = '\0';
        len = 0;
    }
    snprintf(t->cut_round + len, sizeof t->cut_round - len, "%sseat %d %s", len ? ", " : "",
             e->seat, card);
    t->cut_last_seat = e->seat;
}

static void read_draw(Transcript *t, const GameEvent *e)
{
    char a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
    if (!t->pei_draw || e->seat < 0 || e->seat >= CEKI_MAX_SEATS)
        return;
    if (t->drawn[e->seat] == CARD_NONE) {
        t->drawn[e->seat] = e->card;
        return;
    }
    fprintf(t->out, "draw: seat %d %s %s sum %d\n", e->seat, card_format(t->drawn[e->seat], a),
            card_format(e->card, b), (int)e->value);
    t->drawn[e->seat] = CARD_NONE;
}

static void read_event(Transcript *t, const GameEvent *e, const Observation *view)
{
    switch ((EventType)e->type) {
    case EV_CEREMONY_CARD: read_draw(t, e); break;
    case EV_SEATING: print_roles(t->out, view); break;
    case EV_SIT_OUT:
        fprintf(t->out, "sits out: seat %d (total %d)\n", e->seat, (int)e->value);
        break;
    case EV_CUT: read_cut(t, e); break;
    case EV_CUT_WON:
        if (t->ncut < TRANSCRIPT_CUT_LINES)
            snprintf(t->cut[t->ncut++], TRANSCRIPT_LINE_MAX, "cut: %s -> seat %d", t->cut_round,
                     e->seat);
        t->cut_round[0] = '\0';
        break;
    default: break;
    }
}

void transcript_events(Transcript *t, const GameEvent *e, int n, const Observation *view)
{
    for (int i = 0; i < n; i++)
        read_event(t, &e[i], view);
}

static void print_hand(Transcript *t, const Observation *o)
{
    int n = o->players, points[CEKI_MAX_SEATS], seats[CEKI_MAX_SEATS];
    bool in[CEKI_MAX_SEATS], all[CEKI_MAX_SEATS];
    for (int s = 0; s < n; s++) {
        in[s] = !o->sitting_out[s];
        all[s] = true;
        points[s] = o->match_score[s] - t->totals[s];
        t->totals[s] = o->match_score[s];
        seats[s] = s;
    }
    fprintf(t->out, "hand %d: ", o->round);
    if (o->dealer >= 0)
        fprintf(t->out, "dealer seat %d; ", o->dealer);
    else
        fprintf(t->out, "dealer none; ");
    print_seat_list(t->out, "players", seats, in, n);
    fprintf(t->out, "; ");
    print_seat_list(t->out, "points", points, in, n);
    fprintf(t->out, "; ");
    print_seat_list(t->out, "totals", t->totals, all, n);
    fprintf(t->out, "\n");
    for (int i = 0; i < t->ncut; i++)
        fprintf(t->out, "%s\n", t->cut[i]);
    t->ncut = 0;
}

static void print_end(const Transcript *t, const Observation *o)
{
    int n = o->players, winners = 0;
    if (t->stakes) {
        bool all[CEKI_MAX_SEATS] = {true, true, true, true, true, true};
        print_seat_list(t->out, "units:", o->units, all, n);
        fprintf(t->out, "\n");
    }
    fprintf(t->out, "winner:");
    for (int s = 0; s < n; s++) {
        if (o->match_winner[s])
            fprintf(t->out, "%s seat %d", winners++ ? "," : "", s);
    }
    fprintf(t->out, "%s\n", winners == 0 ? " none" : winners > 1 ? " (shared)" : "");
}

void transcript_round_over(Transcript *t, const Observation *view)
{
    print_hand(t, view);
    if (view->phase == PHASE_MATCH_OVER)
        print_end(t, view);
}

void transcript_resume(Transcript *t, const Observation *view)
{
    for (int s = 0; s < view->players && s < CEKI_MAX_SEATS; s++)
        t->totals[s] = view->match_score[s];
}
