/* scene_table_board.c — the players' table drawn for a spectator
 * (scene_table.h, table_board_*): the table's own state, view, animation
 * and drawing, with no session. The observation it shows is the one the
 * watch screen gives it (a spectator's: every hand a count), its events
 * are the ones the spectator was sent, so a card played glides from the
 * player's hidden hand as at the players' table; nothing here makes a
 * move, hints or thinks. */
#include <stdlib.h>
#include <string.h>

#include "net_table.h"
#include "scene_table.h"

TableState *table_board_create(App *app, const VariantDesc *v, int players, NetTable *net)
{
    if (v == NULL || players < 1 || players > CEKI_MAX_SEATS) {
        return NULL;
    }
    TableState *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return NULL;
    }
    ui_init(&t->ui);
    t->v = v;
    t->players = players;
    t->style = app_deck_style(app);
    t->watch = true; /* nobody here decides */
    t->board = true;
    t->board_net = net;
    const NetTableRules *rules = net != NULL ? net_table_rules(net) : NULL;
    t->board_stakes = rules != NULL ? rules->stakes : STAKES_NONE;
    t->drawn = CARD_NONE;
    t->selected = t->drag_sprite = t->hover_sprite = t->peek_sprite = t->focus_sprite = -1;
    t->cover_seat = t->turned_for_person = -1;
    t->host_gone_at = -1; /* the host not gone (0 would be "gone, and now back") */
    t->claim.shown_s = t->clock.shown_s = -1;
    text_field_init(&t->chat.line, NET_CHAT_MAX);
    t->view.viewer = 0; /* seat 0 at the bottom, its hand hidden like the others */
    view_reset(t);
    t->synced = true;
    table_relayout(app, t);
    return t;
}

void table_board_destroy(TableState *t)
{
    free(t);
}

void table_board_show(App *app, TableState *t, const Observation *o, bool animate)
{
    if (t == NULL || o == NULL || o->seat != GAME_SPECTATOR) {
        return; /* only a spectator's view: no hand to show */
    }
    t->obs = *o;
    t->style = app_deck_style(app);
    t->animated = animate && table_beat(app) > 0;
    if (t->layout_w != app->width || t->layout_h != app->height) {
        table_relayout(app, t);
    }
    view_sync(app, t, t->animated);
    t->synced = true;
}

void table_board_events(TableState *t, const GameEvent *ev, int n)
{
    for (int i = 0; t != NULL && i < n; i++) {
        if (t->evq_n >= TABLE_EVENT_QUEUE) {
            t->synced = false; /* too many to show: the view is put in step instead */
            continue;
        }
        t->evq[(t->evq_head + t->evq_n) % TABLE_EVENT_QUEUE] = ev[i];
        t->evq_n++;
        t->synced = false;
    }
}

void table_board_drop_events(TableState *t)
{
    if (t != NULL && t->evq_n > 0) {
        t->evq_n = 0;
        t->evq_head = 0;
        t->ev_wait = 0;
        t->synced = false;
    }
}

bool table_board_update(App *app, TableState *t, double dt)
{
    if (t == NULL) {
        return false;
    }
    if (t->layout_w != app->width || t->layout_h != app->height) {
        table_relayout(app, t);
        app->dirty = true;
    }
    t->animated = table_beat(app) > 0;
    table_net_update(app, t); /* the chat, the clocks, the claim window */
    return view_advance(app, t, dt);
}

void table_board_draw(App *app, TableState *t)
{
    if (t == NULL) {
        return;
    }
    table_draw_board(app, t);
    table_net_draw_plates(app, t);
    table_log_draw(app, t);
    table_net_draw(app, t);
}

static int add_face(Card *out, int n, int cap, const Sprite *s)
{
    if (s->used && s->shown && s->card != CARD_NONE && n < cap) {
        out[n++] = s->card;
    }
    return n;
}

int table_board_faces(const TableState *t, Card *out, int cap)
{
    int n = 0;
    for (int i = 0; t != NULL && out != NULL && i < TV_MAX_SPRITES; i++) {
        n = add_face(out, n, cap, &t->view.sprites[i]);
    }
    for (int s = 0; t != NULL && out != NULL && s < t->players; s++) {
        for (int k = 0; t->view.pile_visible[s] && k < t->view.pile_n[s]; k++) {
            if (t->view.pile[s][k] != CARD_NONE && n < cap) {
                out[n++] = t->view.pile[s][k];
            }
        }
        if (t->view.exposed[s] != CARD_NONE && n < cap) {
            out[n++] = t->view.exposed[s];
        }
    }
    for (int k = 0; t != NULL && out != NULL && k < t->view.discard_n && k < CEKI_MAX_DECK; k++) {
        if (t->view.discard[k] != CARD_NONE && n < cap) {
            out[n++] = t->view.discard[k];
        }
    }
    if (t != NULL && out != NULL && t->view.stock_last_public != CARD_NONE && n < cap) {
        out[n++] = t->view.stock_last_public;
    }
    return n;
}
