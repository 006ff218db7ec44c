/* scene_table_state.c — the table's flow as states.
 *
 * The phase (TablePhase, scene_table.h) is computed, not kept: from the
 * game (match or round over, whose decision it waits for), the view (cards
 * still moving) and the dialog open. Three layers, each adding one thing:
 *   table_turn_phase  whose decision the game waits for;
 *   table_play_phase  ... shown as TP_ANIMATING while cards still move
 *                     before a decision that is not the viewer's;
 *   table_phase       ... under an open dialog (TP_ASKING, TP_HANDOFF).
 * The flow's automatic steps (scene_table.c) go by the first two, input
 * (scene_table_input.c, table_try_move) by the last, the status line and
 * the prompt's buttons by the play phase.
 */
#include "scene_table.h"

TablePhase table_turn_phase(const TableState *t)
{
    const Game *g = session_game(t->session);
    if (game_match_over(g)) {
        return TP_MATCH_OVER;
    }
    if (game_round_over(g)) {
        return TP_ROUND_OVER;
    }
    if (table_viewer_decides(t)) {
        return t->obs.phase == PHASE_STOCK ? TP_STOCK_TURN : TP_AWAITING_PERSON;
    }
    if (t->watch) {
        return t->watch_mode == WATCH_PLAYING ? TP_WATCH_PLAYING : TP_WATCH_PAUSED;
    }
    return table_seat_is_person(t, game_to_move(g)) ? TP_OTHER_PERSON : TP_COMPUTER_THINKING;
}

/* Phases that moving cards do not hide: the viewer's own decision (a move
 * made meanwhile is held) and the ends of rounds and matches. */
static bool shown_while_moving(TablePhase p)
{
    return p == TP_AWAITING_PERSON || p == TP_STOCK_TURN || p == TP_ROUND_OVER ||
           p == TP_MATCH_OVER;
}

TablePhase table_play_phase(const TableState *t)
{
    TablePhase p = table_turn_phase(t);
    return !shown_while_moving(p) && !table_settled(t) ? TP_ANIMATING : p;
}

TablePhase table_phase(const TableState *t)
{
    switch (t->dialog) {
    case DLG_NONE: return table_play_phase(t);
    case DLG_COVER: return TP_HANDOFF;
    default: return TP_ASKING;
    }
}

const char *table_phase_name(TablePhase p)
{
    static const char *const names[TP_COUNT] = {
        [TP_AWAITING_PERSON] = "awaiting-person",
        [TP_STOCK_TURN] = "stock-turn",
        [TP_COMPUTER_THINKING] = "computer-thinking",
        [TP_OTHER_PERSON] = "other-person",
        [TP_WATCH_PLAYING] = "watch-playing",
        [TP_WATCH_PAUSED] = "watch-paused",
        [TP_ANIMATING] = "animating",
        [TP_ROUND_OVER] = "round-over",
        [TP_MATCH_OVER] = "match-over",
        [TP_ASKING] = "asking",
        [TP_HANDOFF] = "handoff",
    };
    return (unsigned)p < TP_COUNT ? names[p] : "?";
}
