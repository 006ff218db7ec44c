/* scene_table_input.c — playing by mouse and keyboard.
 *
 * Mouse: a press on a card of the viewer's hand starts the drag machine
 * (idle -> pressed -> dragging -> dropped, or cancelled by Esc or another
 * button); past a few pixels the card follows the pointer and the pool
 * cards it may take light up. Dropped on a pool card it captures that card,
 * on the pool's free space it trails, on Kowah's discard pile it is
 * discarded; anywhere else it goes back. A refused move sends the card back
 * and says why. A press and release without moving selects the card (or
 * drops the selection); a click on a pool card then captures it, on the
 * pool's free space trails. The stock is clicked to turn it (or, in Kowah,
 * to draw), the discard pile to take its top card.
 *
 * Keyboard: arrows move the focus among the hand's cards (left, right) and
 * between hand, pool and piles (up, down); Enter picks up the focused hand
 * card (the focus goes to the first card it may take, one that keeps the
 * win where there is a choice; a card that may only
 * trail is trailed at once), Enter on a pool card takes it with the card
 * picked up, T trails; Enter turns the stock when that is the move; in
 * Kowah Enter draws from the stock (or, with the
 * focus on the discard pile, takes its top) and then discards the focused
 * card, Space turns the stock or draws, Esc drops the
 * selection (with nothing selected it asks whether to leave). H hint,
 * U undo, R rules, C deck style, N next round, P play or pause and S step in
 * watch mode, Tab to the buttons.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scene_table.h"

void table_clear_selection(TableState *t)
{
    t->selected = -1;
    if (t->drag != DRAG_IDLE) {
        t->drag = DRAG_IDLE;
        t->drag_sprite = -1;
    }
}

static bool in_rect(SDL_Rect r, int x, int y)
{
    SDL_Point p = {x, y};
    return SDL_PointInRect(&p, &r);
}

int table_hit_card(const TableState *t, int x, int y, FocusZone *zone)
{
    int ids[TV_MAX_SPRITES];
    int n = view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    for (int k = n - 1; k >= 0; k--) {
        if (ids[k] == t->drag_sprite && t->drag != DRAG_IDLE) {
            continue; /* the card being dragged is not a target */
        }
        if (in_rect(view_rect(&t->view.sprites[ids[k]]), x, y)) {
            *zone = FZ_HAND;
            return ids[k];
        }
    }
    n = view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int k = n - 1; k >= 0; k--) {
        if (in_rect(view_rect(&t->view.sprites[ids[k]]), x, y)) {
            *zone = FZ_POOL;
            return ids[k];
        }
    }
    *zone = FZ_NONE;
    return -1;
}

/* The legal moves of the card in hand sprite i. */
static int moves_of(const TableState *t, int sprite, Move *out, int cap)
{
    if (sprite < 0 || !t->view.sprites[sprite].used) {
        return 0;
    }
    Card c = t->view.sprites[sprite].card;
    Move all[GAME_MAX_MOVES];
    int n = table_legal(t, all, GAME_MAX_MOVES);
    int k = 0;
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (all[i].type == MOVE_PLAY && all[i].card == c && k < cap) {
            out[k++] = all[i];
        }
    }
    return k;
}

bool table_is_target(const TableState *t, int sprite)
{
    if (sprite < 0 || !table_viewer_decides(t)) {
        return false;
    }
    Card target = t->view.sprites[sprite].card;
    Move all[GAME_MAX_MOVES];
    int n = table_legal(t, all, GAME_MAX_MOVES);
    int from = t->drag == DRAG_DRAGGING ? t->drag_sprite : t->selected;
    if (t->obs.phase == PHASE_STOCK_TAKE) {
        for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
            if (all[i].type == MOVE_TAKE && all[i].target == target) {
                return true;
            }
        }
        return false;
    }
    if (from < 0) {
        return false;
    }
    Card c = t->view.sprites[from].card;
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (all[i].type == MOVE_PLAY && all[i].card == c && all[i].target == target) {
            return true;
        }
    }
    return false;
}

static Move base_move(const TableState *t, MoveType type)
{
    int to = game_to_move(session_game(t->session));
    Move m = {.type = (uint8_t)type,
              .seat = (uint8_t)(to < 0 ? 0 : to),
              .card = CARD_NONE,
              .target = CARD_NONE};
    return m;
}

/* Sends a dragged or picked-up card back to its place in the hand. */
static void snap_back(App *app, TableState *t, int i)
{
    if (i < 0 || !t->view.sprites[i].used) {
        return;
    }
    Sprite *s = &t->view.sprites[i];
    s->fx = s->x;
    s->fy = s->y;
    s->fw = s->w;
    s->fh = s->h;
    s->t = 0;
    s->dur = table_beat(app);
    s->moving = s->dur > 0;
    if (!s->moving) {
        s->x = s->tx;
        s->y = s->ty;
    }
}

/* A move of the given type with the cards of a hand sprite and a pool
 * sprite (-1: none), tried at the table. */
static bool try_sprites(App *app, TableState *t, MoveType type, int hand_sprite, int pool_sprite)
{
    Move m = base_move(t, type);
    if (hand_sprite >= 0) {
        m.card = t->view.sprites[hand_sprite].card;
    }
    if (pool_sprite >= 0) {
        m.target = t->view.sprites[pool_sprite].card;
    }
    return table_try_move(app, t, &m);
}

static bool try_capture(App *app, TableState *t, int hand_sprite, int pool_sprite)
{
    return try_sprites(app, t, MOVE_PLAY, hand_sprite, pool_sprite);
}

static bool try_trail(App *app, TableState *t, int hand_sprite)
{
    return try_sprites(app, t, MOVE_PLAY, hand_sprite, -1);
}

static bool try_take(App *app, TableState *t, int pool_sprite)
{
    return try_sprites(app, t, MOVE_TAKE, -1, pool_sprite);
}

static bool try_discard(App *app, TableState *t, int hand_sprite)
{
    return try_sprites(app, t, MOVE_DISCARD, hand_sprite, -1);
}

/* A click or Enter on the stock pile. */
static void use_stock(App *app, TableState *t)
{
    if (t->v->engine == ENGINE_KOWAH) {
        Move m = base_move(t, MOVE_DRAW_STOCK);
        table_try_move(app, t, &m);
    } else if (t->watch) {
        t->watch_mode = WATCH_STEP;
    } else {
        Move m = base_move(t, MOVE_TURN);
        if (t->turned_for_person == session_moves(t->session) &&
            !game_is_legal(session_game(t->session), &m)) {
            return; /* a moment late for the turn the table just made: that was it */
        }
        table_try_move(app, t, &m);
    }
}

static void use_discard(App *app, TableState *t)
{
    if (t->obs.phase == PHASE_DISCARD && t->selected >= 0) {
        try_discard(app, t, t->selected);
    } else {
        Move m = base_move(t, MOVE_DRAW_DISCARD);
        table_try_move(app, t, &m);
    }
}

/* Whether taking pool sprite `target` (with the selected hand card, or the
 * turned card) would throw the round's win away (the Chinese game). */
static bool target_forfeits(const TableState *t, int target)
{
    Move moves[GAME_MAX_MOVES];
    int n = table_legal(t, moves, GAME_MAX_MOVES);
    Card want = t->view.sprites[target].card;
    Card played = t->obs.phase == PHASE_HAND && t->selected >= 0 ? t->view.sprites[t->selected].card
                                                                 : CARD_NONE;
    bool any = false, all = true;
    for (int k = 0; k < n; k++) {
        if (moves[k].target == want && (played == CARD_NONE || moves[k].card == played)) {
            any = true;
            all = all && (moves[k].flags & MOVE_FLAG_FORFEIT) != 0;
        }
    }
    return any && all;
}

/* What taking pool card `target` with the picked-up card adds to the
 * viewer's captured pile, by the core's scoring. */
static int capture_gain(const TableState *t, Card target)
{
    const Observation *o = &t->obs;
    Card pile[OBS_MAX_PILE];
    int n = o->captured_count[o->seat];
    if (n > OBS_MAX_PILE - 2 || t->selected < 0) {
        return 0;
    }
    memcpy(pile, o->captured[o->seat], (size_t)n);
    const GameConfig *cfg = game_config(session_game(t->session));
    int before = score_pile(cfg->variant, cfg->options, pile, n, NULL);
    pile[n] = t->view.sprites[t->selected].card;
    pile[n + 1] = target;
    return score_pile(cfg->variant, cfg->options, pile, n + 2, NULL) - before;
}

/* The focus on the pool card the shown hint (or the guide's step) takes
 * with the selected card, so Enter does what the hint says. False when no
 * hint is shown for this card. */
static bool focus_hinted_target(TableState *t, const int *ids, int n)
{
    if (t->hint_state != HINT_SHOWN || t->hint.target == CARD_NONE ||
        (t->hint.type != MOVE_PLAY && t->hint.type != MOVE_TAKE) ||
        (t->hint.type == MOVE_PLAY &&
         (t->selected < 0 || t->view.sprites[t->selected].card != t->hint.card))) {
        return false;
    }
    for (int k = 0; k < n; k++) {
        if (table_is_target(t, ids[k]) && t->view.sprites[ids[k]].card == t->hint.target) {
            t->focus_zone = FZ_POOL;
            t->focus_sprite = ids[k];
            return true;
        }
    }
    return false;
}

/* Moves the keyboard focus to the pool card the selection should take: the
 * one that adds most to the score by the core's reckoning (an identical
 * scoring twin before a card that only matches its rank), preferring one
 * that does not forfeit the win; the first in pool order among equals.
 * False when there is none. */
static bool focus_first_target(TableState *t)
{
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES);
    if (focus_hinted_target(t, ids, n)) {
        return true;
    }
    for (int pass = 0; pass < 2; pass++) {
        int best = -1, best_gain = 0;
        for (int k = 0; k < n; k++) {
            if (!table_is_target(t, ids[k]) || (pass == 0 && target_forfeits(t, ids[k]))) {
                continue;
            }
            int gain = capture_gain(t, t->view.sprites[ids[k]].card);
            if (best < 0 || gain > best_gain) {
                best = ids[k];
                best_gain = gain;
            }
        }
        if (best >= 0) {
            t->focus_zone = FZ_POOL;
            t->focus_sprite = best;
            return true;
        }
    }
    return false;
}

/* Picks up hand sprite i (click or Enter). */
static void pick_up(App *app, TableState *t, int i, bool keyboard)
{
    if (t->obs.phase == PHASE_DISCARD) {
        if (keyboard) {
            /* Enter discards the focused card, selected before or not. */
            t->selected = i;
            try_discard(app, t, i);
        } else {
            t->selected = t->selected == i ? -1 : i;
        }
        return;
    }
    if (t->selected == i && !keyboard) {
        t->selected = -1;
        return;
    }
    Move moves[64];
    int n = moves_of(t, i, moves, 64);
    if (!table_viewer_decides(t) || t->obs.phase != PHASE_HAND) {
        t->selected = i; /* a person may get ready while others play */
        return;
    }
    if (n == 0) {
        /* Nothing this card may do: say why in the rules' words. */
        Move trail = base_move(t, MOVE_PLAY);
        trail.card = t->view.sprites[i].card;
        table_try_move(app, t, &trail);
        return;
    }
    t->selected = i;
    if (!keyboard) {
        return;
    }
    bool captures = false;
    for (int k = 0; k < n; k++) {
        captures = captures || moves[k].target != CARD_NONE;
    }
    if (!captures) {
        try_trail(app, t, i);
        return;
    }
    focus_first_target(t);
}

/* A double-click on hand sprite i: the move Enter would lead to, made at
 * once. Its best capture (one that keeps the win first, then most points
 * by the core's scoring), a trail when it captures nothing, its discard in
 * Kowah. A capture that forfeits the win still asks first. */
static void play_best(App *app, TableState *t, int i)
{
    if (t->obs.phase == PHASE_DISCARD) {
        t->selected = i;
        try_discard(app, t, i);
        return;
    }
    if (t->obs.phase != PHASE_HAND) {
        return;
    }
    Move moves[64];
    int n = moves_of(t, i, moves, 64);
    bool captures = false;
    for (int k = 0; k < n; k++) {
        captures = captures || moves[k].target != CARD_NONE;
    }
    if (!captures) {
        try_trail(app, t, i); /* or says why the card cannot be laid */
        return;
    }
    t->selected = i;
    if (focus_first_target(t) && !try_capture(app, t, i, t->focus_sprite)) {
        t->selected = i; /* the forfeit question is open */
    }
}

static SDL_Rect stock_rect(const TableState *t)
{
    return table_rect(t->layout.stock);
}

/* ---- mouse ---------------------------------------------------------------- */

static SceneAction mouse_down(App *app, TableState *t, const SDL_Event *e)
{
    int x = e->button.x, y = e->button.y;
    t->pointer_used = true;
    if (e->button.button != SDL_BUTTON_LEFT) {
        if (t->drag != DRAG_IDLE) {
            int i = t->drag_sprite;
            t->drag = DRAG_IDLE;
            t->drag_sprite = -1;
            snap_back(app, t, i);
        } else if (e->button.button == SDL_BUTTON_RIGHT) {
            /* Held, the right button shows a card whole, however covered. */
            FocusZone zone = FZ_NONE;
            t->peek_sprite = table_hit_card(t, x, y, &zone);
        }
        return scene_stay();
    }
    if (ui_hit(&t->ui, x, y) >= 0) {
        ui_handle_event(&t->ui, e);
        return scene_stay();
    }
    t->focus_in_ui = false;
    FocusZone zone = FZ_NONE;
    int i = table_hit_card(t, x, y, &zone);
    if (zone == FZ_HAND && e->button.clicks >= 2 && table_viewer_decides(t)) {
        play_best(app, t, i);
        return scene_stay();
    }
    if (zone == FZ_HAND) {
        t->drag = DRAG_PRESSED;
        t->drag_sprite = i;
        t->press_x = x;
        t->press_y = y;
        const Sprite *s = &t->view.sprites[i];
        t->grab_dx = (float)x - s->x;
        t->grab_dy = (float)y - s->y;
        t->focus_zone = FZ_HAND;
        t->focus_sprite = i;
        return scene_stay();
    }
    if (zone == FZ_POOL) {
        t->focus_zone = FZ_POOL;
        t->focus_sprite = i;
        if (t->obs.phase == PHASE_STOCK_TAKE) {
            try_take(app, t, i);
        } else if (t->selected >= 0) {
            try_capture(app, t, t->selected, i);
        }
        return scene_stay();
    }
    if (!tl_empty(t->layout.stock) && in_rect(stock_rect(t), x, y)) {
        use_stock(app, t);
        return scene_stay();
    }
    if (!tl_empty(t->layout.discard) && in_rect(table_rect(t->layout.discard), x, y)) {
        use_discard(app, t);
        return scene_stay();
    }
    if (t->selected >= 0 && tl_contains(t->layout.pool, (float)x, (float)y)) {
        try_trail(app, t, t->selected);
        return scene_stay();
    }
    t->selected = -1;
    return scene_stay();
}

static void follow(TableState *t, int x, int y)
{
    Sprite *s = &t->view.sprites[t->drag_sprite];
    s->x = (float)x - t->grab_dx;
    s->y = (float)y - t->grab_dy;
    s->moving = false;
}

/* Where a dragged card lands: the pool card under the pointer when it is a
 * legal target; else the legal target that the dragged card covers most of
 * (counted over a grid of points of the card, each point going to the card
 * shown there), when that is a fair share of the card. So a drop lands on
 * the highlighted card it is laid over, even with the pointer beside it or
 * on a card that covers part of it. */
#define DROP_GRID_X 6
#define DROP_GRID_Y 10
#define DROP_MIN_POINTS 9 /* of DROP_GRID_X * DROP_GRID_Y: about a sixth of the card */

static int drop_target(const TableState *t, int x, int y, FocusZone *zone)
{
    int hit = table_hit_card(t, x, y, zone);
    if (t->drag != DRAG_DRAGGING || t->drag_sprite < 0 ||
        (*zone == FZ_POOL && table_is_target(t, hit))) {
        return hit;
    }
    bool target[TV_MAX_SPRITES] = {false};
    int points[TV_MAX_SPRITES] = {0};
    int ids[TV_MAX_SPRITES];
    int n = view_pool_order(t, ids, TV_MAX_SPRITES);
    for (int k = 0; k < n; k++) {
        target[ids[k]] = table_is_target(t, ids[k]);
    }
    SDL_Rect d = view_rect(&t->view.sprites[t->drag_sprite]);
    int best = -1;
    for (int gy = 0; gy < DROP_GRID_Y; gy++) {
        for (int gx = 0; gx < DROP_GRID_X; gx++) {
            int px = d.x + (2 * gx + 1) * d.w / (2 * DROP_GRID_X);
            int py = d.y + (2 * gy + 1) * d.h / (2 * DROP_GRID_Y);
            FocusZone z = FZ_NONE;
            int s = table_hit_card(t, px, py, &z);
            if (z == FZ_POOL && s >= 0 && target[s] &&
                ++points[s] > (best >= 0 ? points[best] : 0)) {
                best = s;
            }
        }
    }
    if (best >= 0 && points[best] >= DROP_MIN_POINTS) {
        *zone = FZ_POOL;
        return best;
    }
    return hit;
}

static SceneAction mouse_motion(App *app, TableState *t, const SDL_Event *e)
{
    int x = e->motion.x, y = e->motion.y;
    t->pointer_used = true;
    t->mouse_x = x;
    t->mouse_y = y;
    if (t->drag == DRAG_PRESSED && t->drag_sprite >= 0) {
        int dx = x - t->press_x, dy = y - t->press_y;
        int slop = SDL_max(4, app_px(app, 6));
        if (dx * dx + dy * dy > slop * slop) {
            t->drag = DRAG_DRAGGING;
            t->selected = -1;
        }
    }
    if (t->drag == DRAG_DRAGGING && t->drag_sprite >= 0) {
        follow(t, x, y);
        FocusZone zone = FZ_NONE;
        int i = drop_target(t, x, y, &zone);
        t->hover_sprite = zone == FZ_POOL ? i : -1;
        app->dirty = true;
        return scene_stay();
    }
    ui_handle_event(&t->ui, e);
    FocusZone zone = FZ_NONE;
    t->hover_sprite = table_hit_card(t, x, y, &zone);
    return scene_stay();
}

static SceneAction mouse_up(App *app, TableState *t, const SDL_Event *e)
{
    int x = e->button.x, y = e->button.y;
    if (e->button.button == SDL_BUTTON_RIGHT) {
        t->peek_sprite = -1;
    }
    if (e->button.button != SDL_BUTTON_LEFT) {
        return scene_stay();
    }
    if (t->ui.pressed >= 0) {
        UiEvent ev = ui_handle_event(&t->ui, e);
        if (ev.kind == UI_ACTIVATE) {
            return table_button(app, t, ev.id);
        }
        return scene_stay();
    }
    int i = t->drag_sprite;
    DragState was = t->drag;
    /* What the card is laid on, the dragged card aside. */
    FocusZone zone = FZ_NONE;
    int target = drop_target(t, x, y, &zone);
    t->drag = DRAG_IDLE;
    t->drag_sprite = -1;
    t->hover_sprite = -1;
    if (i < 0 || !t->view.sprites[i].used || t->view.sprites[i].zone != TZ_HAND) {
        return scene_stay();
    }
    if (was == DRAG_PRESSED) {
        pick_up(app, t, i, false);
        table_relayout(app, t);
        return scene_stay();
    }
    if (was != DRAG_DRAGGING) {
        return scene_stay();
    }
    bool done = false;
    if (zone == FZ_POOL) {
        done = try_capture(app, t, i, target);
    } else if (!tl_empty(t->layout.discard) && in_rect(table_rect(t->layout.discard), x, y)) {
        done = try_discard(app, t, i);
    } else if (tl_contains(t->layout.pool, (float)x, (float)y)) {
        done = try_trail(app, t, i);
    }
    if (!done || t->held.by == HELD_PERSON) {
        snap_back(app, t, i);
    }
    table_relayout(app, t);
    return scene_stay();
}

/* ---- keyboard ------------------------------------------------------------- */

static int zone_order(const TableState *t, FocusZone zone, int *ids)
{
    if (zone == FZ_HAND) {
        return view_hand_order(t, t->view.viewer, ids, TV_MAX_SPRITES);
    }
    if (zone == FZ_POOL) {
        return view_pool_order(t, ids, TV_MAX_SPRITES);
    }
    return 0;
}

static bool focus_valid(const TableState *t)
{
    if (t->focus_zone == FZ_STOCK) {
        return !tl_empty(t->layout.stock);
    }
    if (t->focus_zone == FZ_DISCARD) {
        return !tl_empty(t->layout.discard);
    }
    if (t->focus_sprite < 0) {
        return false;
    }
    const Sprite *s = &t->view.sprites[t->focus_sprite];
    if (!s->used) {
        return false;
    }
    if (t->focus_zone == FZ_HAND) {
        return s->zone == TZ_HAND && s->seat == t->view.viewer;
    }
    return t->focus_zone == FZ_POOL && s->zone == TZ_POOL;
}

/* Focus the card of `zone` nearest to x (or its first). */
static bool focus_nearest(TableState *t, FocusZone zone, float x)
{
    int ids[TV_MAX_SPRITES];
    int n = zone_order(t, zone, ids);
    if (zone == FZ_STOCK || zone == FZ_DISCARD) {
        TlRect r = zone == FZ_STOCK ? t->layout.stock : t->layout.discard;
        if (tl_empty(r)) {
            return false;
        }
        t->focus_zone = zone;
        t->focus_sprite = -1;
        return true;
    }
    if (n == 0) {
        return false;
    }
    int best = ids[0];
    float bd = 1e9f;
    for (int k = 0; k < n; k++) {
        const Sprite *s = &t->view.sprites[ids[k]];
        float d = fabsf(s->tx + s->tw / 2 - x);
        if (d < bd) {
            bd = d;
            best = ids[k];
        }
    }
    t->focus_zone = zone;
    t->focus_sprite = best;
    return true;
}

static float focus_x(const TableState *t)
{
    if (t->focus_zone == FZ_STOCK) {
        return t->layout.stock.x + t->layout.stock.w / 2;
    }
    if (t->focus_zone == FZ_DISCARD) {
        return t->layout.discard.x + t->layout.discard.w / 2;
    }
    if (t->focus_sprite >= 0) {
        const Sprite *s = &t->view.sprites[t->focus_sprite];
        return s->tx + s->tw / 2;
    }
    return t->layout.spec.width / 2;
}

static void focus_start(TableState *t)
{
    if (focus_nearest(t, FZ_HAND, t->layout.spec.width / 2)) {
        int ids[TV_MAX_SPRITES];
        int n = zone_order(t, FZ_HAND, ids);
        t->focus_sprite = n > 0 ? ids[0] : -1;
        return;
    }
    if (!focus_nearest(t, FZ_POOL, 0)) {
        focus_nearest(t, FZ_STOCK, 0);
    }
}

static void focus_step(TableState *t, int dir)
{
    if (t->focus_zone == FZ_STOCK || t->focus_zone == FZ_DISCARD) {
        FocusZone other = t->focus_zone == FZ_STOCK ? FZ_DISCARD : FZ_STOCK;
        focus_nearest(t, other, 0);
        return;
    }
    int ids[TV_MAX_SPRITES];
    int n = zone_order(t, t->focus_zone, ids);
    for (int k = 0; k < n; k++) {
        if (ids[k] == t->focus_sprite) {
            int j = k + dir;
            if (j >= 0 && j < n) {
                t->focus_sprite = ids[j];
            }
            return;
        }
    }
}

static void focus_vertical(TableState *t, int dir)
{
    float x = focus_x(t);
    /* Rows from top to bottom: stock/discard and pool, then the hand. */
    if (dir < 0) {
        if (t->focus_zone == FZ_HAND) {
            if (!focus_nearest(t, FZ_POOL, x)) {
                focus_nearest(t, FZ_STOCK, x);
            }
        } else if (t->focus_zone == FZ_POOL) {
            focus_nearest(t, FZ_STOCK, x);
        }
    } else {
        if (t->focus_zone == FZ_STOCK || t->focus_zone == FZ_DISCARD) {
            if (!focus_nearest(t, FZ_POOL, x)) {
                focus_nearest(t, FZ_HAND, x);
            }
        } else if (t->focus_zone == FZ_POOL) {
            focus_nearest(t, FZ_HAND, x);
        }
    }
}

/* At a round's or the match's end: true while its results are still to
 * come (an eager key then brings them at once rather than skipping them). */
static bool results_first(TableState *t)
{
    if (t->result_round == game_round_number(session_game(t->session))) {
        return false;
    }
    t->wait = 0;
    return true;
}

/* Enter on a pool card: takes it with the turned card or the card picked
 * up, or says what is missing. */
static void enter_on_pool(App *app, TableState *t)
{
    if (t->obs.phase == PHASE_STOCK_TAKE) {
        try_take(app, t, t->focus_sprite);
    } else if (t->selected >= 0) {
        int keep = t->selected;
        if (!try_capture(app, t, keep, t->focus_sprite)) {
            t->selected = keep;
        }
    } else if (!table_viewer_decides(t)) {
        snprintf(t->reason, sizeof t->reason, _("Wait for your turn."));
        app_show_toast(app, t->reason);
    } else {
        snprintf(t->reason, sizeof t->reason, _("Pick a card from your hand first."));
        app_show_toast(app, t->reason);
    }
}

/* Enter where the phase leaves no choice of card: the next round, the
 * first card a turned one may take, the stock turn, Kowah's draw. True
 * when that was all. */
static bool enter_by_phase(App *app, TableState *t, TablePhase phase)
{
    if (phase == TP_ROUND_OVER || phase == TP_MATCH_OVER) {
        Move m = base_move(t, MOVE_NEXT_ROUND);
        if (!results_first(t) && phase == TP_ROUND_OVER) {
            table_try_move(app, t, &m);
        }
        return true;
    }
    if (phase == TP_AWAITING_PERSON && t->obs.phase == PHASE_STOCK_TAKE &&
        !(t->arrowed && t->focus_zone == FZ_POOL && table_is_target(t, t->focus_sprite))) {
        /* The turned card decides now: go to the first card it may take
         * (a second Enter, with the focus there, takes it). */
        FocusZone was_zone = t->focus_zone;
        int was = t->focus_sprite;
        if (focus_first_target(t) && (t->focus_zone != was_zone || t->focus_sprite != was)) {
            return true;
        }
    }
    if (phase == TP_STOCK_TURN) {
        use_stock(app, t); /* the only thing to do: turn the stock */
        return true;
    }
    if (phase == TP_AWAITING_PERSON && t->obs.phase == PHASE_DRAW && t->focus_zone != FZ_DISCARD) {
        /* Kowah: nothing in the hand can be played before the draw, so
         * Enter draws from the stock (the discard is taken with focus on
         * it). */
        use_stock(app, t);
        return true;
    }
    return false;
}

static void enter_on_focus(App *app, TableState *t)
{
    TablePhase phase = table_play_phase(t);
    if (enter_by_phase(app, t, phase)) {
        return;
    }
    switch (t->focus_zone) {
    case FZ_HAND: pick_up(app, t, t->focus_sprite, true); break;
    case FZ_POOL: enter_on_pool(app, t); break;
    case FZ_STOCK:
        if (phase == TP_AWAITING_PERSON && t->obs.phase == PHASE_HAND) {
            focus_start(t); /* a hand card is to be played: go there */
        } else {
            use_stock(app, t);
        }
        break;
    case FZ_DISCARD: use_discard(app, t); break;
    default: break;
    }
}

static bool is_arrow(SDL_Keycode k)
{
    return k == SDLK_UP || k == SDLK_DOWN || k == SDLK_LEFT || k == SDLK_RIGHT;
}

static bool is_enter(SDL_Keycode k)
{
    return k == SDLK_RETURN || k == SDLK_KP_ENTER;
}

/* Tab goes to the buttons; there the arrows, Enter and Space work them and
 * Esc comes back to the cards. True when the key was theirs. */
static bool button_key(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    SDL_Keycode k = e->key.keysym.sym;
    if (k == SDLK_TAB) {
        t->focus_in_ui = true;
        ui_handle_event(&t->ui, e);
        return true;
    }
    if (!t->focus_in_ui) {
        return false;
    }
    if (k == SDLK_ESCAPE) {
        t->focus_in_ui = false;
        t->ui.focus = -1;
        return true;
    }
    if (is_arrow(k) || is_enter(k) || k == SDLK_SPACE) {
        UiEvent ev = ui_handle_event(&t->ui, e);
        if (ev.kind == UI_ACTIVATE) {
            *act = table_button(app, t, ev.id);
        }
        return true;
    }
    return false;
}

/* A key's handler: true when the table is then laid out again (the
 * buttons follow), false when *act says what follows. */
typedef bool (*KeyHandler)(App *app, TableState *t, const SDL_Event *e, SceneAction *act);

/* The arrows move the keyboard's focus. */
static bool key_arrow(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)app, (void)act;
    SDL_Keycode k = e->key.keysym.sym;
    if (k == SDLK_LEFT || k == SDLK_RIGHT) {
        focus_step(t, k == SDLK_LEFT ? -1 : 1);
    } else {
        focus_vertical(t, k == SDLK_UP ? -1 : 1);
    }
    t->arrowed = true;
    return true;
}

static bool key_enter(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)e, (void)act;
    enter_on_focus(app, t);
    return true;
}

/* T trails the card picked up, or else the focused hand card. */
static bool key_trail(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)e, (void)act;
    int i = t->selected >= 0 ? t->selected : (t->focus_zone == FZ_HAND ? t->focus_sprite : -1);
    if (i >= 0) {
        try_trail(app, t, i);
    }
    return true;
}

/* Space: play or pause a watch-only game; at a round's end its results,
 * then the next round; else the stock (turned, or drawn from in Kowah). */
static bool key_space(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)e;
    TablePhase phase = table_play_phase(t);
    if (t->watch) {
        *act = table_button(app, t, W_PLAY);
        return false;
    }
    if (phase == TP_ROUND_OVER || phase == TP_MATCH_OVER) {
        if (results_first(t)) {
            return true;
        }
        if (phase == TP_ROUND_OVER) {
            *act = table_button(app, t, W_NEXT);
            return false;
        }
    }
    use_stock(app, t);
    return true;
}

/* Esc: a drag cancelled, else the card picked up put down, else the
 * question whether to leave. */
static bool key_escape(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)e;
    if (t->drag != DRAG_IDLE) {
        int i = t->drag_sprite;
        t->drag = DRAG_IDLE;
        t->drag_sprite = -1;
        snap_back(app, t, i);
    } else if (t->selected >= 0) {
        t->selected = -1;
    } else {
        *act = table_button(app, t, W_MENU);
        return false;
    }
    return true;
}

/* Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, as in every desktop program. */
static bool key_undo_redo(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    SDL_Keymod mod = (SDL_Keymod)e->key.keysym.mod;
    if (mod & KMOD_CTRL) {
        bool redo = e->key.keysym.sym == SDLK_y || (mod & KMOD_SHIFT);
        *act = table_button(app, t, redo ? W_REDO : W_UNDO);
    }
    return false;
}

#define LOG_PAGE_ROWS 4 /* rows Page Up and Page Down scroll the move log */

static bool key_page(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    (void)act;
    table_log_scroll(app, t, e->key.keysym.sym == SDLK_PAGEDOWN ? LOG_PAGE_ROWS : -LOG_PAGE_ROWS);
    return false;
}

/* N: the next round. Ctrl+N: a new game, asked first mid-match. */
static bool key_n(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    if (!(e->key.keysym.mod & KMOD_CTRL)) {
        *act = table_button(app, t, W_NEXT);
        return false;
    }
    if (table_play_phase(t) == TP_MATCH_OVER) {
        *act = table_button(app, t, W_AGAIN);
        return false;
    }
    t->dialog = DLG_NEW;
    return true;
}

/* P plays or pauses a watch-only game, S steps it. */
static bool key_watch(App *app, TableState *t, const SDL_Event *e, SceneAction *act)
{
    if (!t->watch) {
        return true;
    }
    *act = table_button(app, t, e->key.keysym.sym == SDLK_p ? W_PLAY : W_STEP);
    return false;
}

/* Keys that press one of the table's buttons: H (or Ctrl+H) the hint, U
 * undo, F1 (the desktop's help key) or R this game's rules, C the deck
 * style, L the move log. */
static const struct {
    SDL_Keycode key;
    int widget;
} key_buttons[] = {
    {SDLK_h, W_HINT},  {SDLK_u, W_UNDO},  {SDLK_F1, W_RULES},
    {SDLK_r, W_RULES}, {SDLK_c, W_CARDS}, {SDLK_l, W_LOG},
};

/* Keys with a handler of their own. */
static const struct {
    SDL_Keycode key;
    KeyHandler run;
} key_handlers[] = {
    {SDLK_LEFT, key_arrow},    {SDLK_RIGHT, key_arrow},  {SDLK_UP, key_arrow},
    {SDLK_DOWN, key_arrow},    {SDLK_RETURN, key_enter}, {SDLK_KP_ENTER, key_enter},
    {SDLK_t, key_trail},       {SDLK_SPACE, key_space},  {SDLK_ESCAPE, key_escape},
    {SDLK_z, key_undo_redo},   {SDLK_y, key_undo_redo},  {SDLK_PAGEUP, key_page},
    {SDLK_PAGEDOWN, key_page}, {SDLK_n, key_n},          {SDLK_p, key_watch},
    {SDLK_s, key_watch},
};

static SceneAction key_down(App *app, TableState *t, const SDL_Event *e)
{
    SDL_Keycode k = e->key.keysym.sym;
    SceneAction act = scene_stay();
    t->pointer_used = false; /* the focus ring shows again */
    if (button_key(app, t, e, &act)) {
        return act;
    }
    if (t->guide.on && t->guide.hold && (is_enter(k) || k == SDLK_SPACE)) {
        table_guide_continue(app, t); /* the guide's words were read */
        return scene_stay();
    }
    if (!focus_valid(t) && (is_arrow(k) || is_enter(k))) {
        focus_start(t);
        if (!is_enter(k)) {
            return scene_stay();
        }
    }
    for (size_t i = 0; i < sizeof key_buttons / sizeof key_buttons[0]; i++) {
        if (key_buttons[i].key == k) {
            return table_button(app, t, key_buttons[i].widget);
        }
    }
    for (size_t i = 0; i < sizeof key_handlers / sizeof key_handlers[0]; i++) {
        if (key_handlers[i].key == k) {
            if (key_handlers[i].run(app, t, e, &act)) {
                t->ui.focus = -1;
                table_relayout(app, t);
            }
            return act;
        }
    }
    return scene_stay();
}

/* While a dialog is open (a question, the hot-seat cover) only its buttons
 * work; Esc or Back closes a question, never the cover. */
static SceneAction dialog_input(App *app, TableState *t, const SDL_Event *e, TablePhase phase)
{
    UiEvent ev = ui_handle_event(&t->ui, e);
    if (ev.kind == UI_ACTIVATE) {
        return table_button(app, t, ev.id);
    }
    if (ev.kind == UI_BACK && phase != TP_HANDOFF) {
        t->dialog = DLG_NONE;
        table_relayout(app, t);
    }
    return scene_stay();
}

/* A computer plays the person's seat and it is their turn: a card
 * pressed, or a key that plays (Enter, Space, the arrows), takes the seat
 * back first, and then does what it does. */
static void move_takes_back(App *app, TableState *t, const SDL_Event *e)
{
    const Game *g = session_game(t->session);
    if (!table_stood_in(t) || game_to_move(g) != t->view.viewer || game_match_over(g)) {
        return;
    }
    bool card = e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT &&
                ui_hit(&t->ui, e->button.x, e->button.y) < 0;
    SDL_Keycode k = e->type == SDL_KEYDOWN ? e->key.keysym.sym : SDLK_UNKNOWN;
    bool key = k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || is_arrow(k);
    if (card || key) {
        table_take_back(app, t);
    }
}

SceneAction table_input(App *app, TableState *t, const SDL_Event *e)
{
    TablePhase phase = table_phase(t);
    if (phase == TP_ASKING || phase == TP_HANDOFF) {
        return dialog_input(app, t, e, phase);
    }
    move_takes_back(app, t, e);
    SDL_Rect log;
    bool over_log = false;
    if (table_log_panel(app, t, &log)) {
        SDL_Point at = {e->type == SDL_MOUSEMOTION ? e->motion.x : e->button.x,
                        e->type == SDL_MOUSEMOTION ? e->motion.y : e->button.y};
        over_log = (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEMOTION) &&
                   SDL_PointInRect(&at, &log) && t->drag == DRAG_IDLE;
        if (e->type == SDL_MOUSEWHEEL) {
            table_log_wheel(app, t, e->wheel.y);
            return scene_stay();
        }
    }
    if (over_log) { /* the panel lies over the table: what is under it waits */
        return scene_stay();
    }
    switch (e->type) {
    case SDL_MOUSEBUTTONDOWN: return mouse_down(app, t, e);
    case SDL_MOUSEMOTION: return mouse_motion(app, t, e);
    case SDL_MOUSEBUTTONUP: return mouse_up(app, t, e);
    case SDL_KEYDOWN: return key_down(app, t, e);
    default: return scene_stay();
    }
}
