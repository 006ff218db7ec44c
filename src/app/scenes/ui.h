/* ui.h — focusable widgets, their input, and the look every screen shares.
 *
 * Contract: a Ui is a scene's list of widgets for one layout (rebuilt with
 * ui_clear/ui_add whenever the scene lays itself out) plus the focus and a
 * pressed widget, kept by id so they survive a re-layout. ui_handle_event
 * turns mouse and keyboard input into what the scene must do: activate a
 * widget, step a choice down or up, go back, or nothing. Keyboard: Tab and
 * Shift+Tab go through widgets in order, arrows move to the nearest widget
 * in that direction (left/right step a choice or toggle instead), Enter or
 * Space activates, Esc goes back. Mouse: moving over a widget focuses it, a
 * press and release on the same widget activates it (on the arrows of a
 * choice, steps it). The ui_draw_* functions give every screen one look:
 * green baize, dark panels, cream type and a gold focus ring.
 */
#ifndef CEKI_APP_UI_H
#define CEKI_APP_UI_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"

#define UI_INK ((SDL_Color){243, 236, 216, 255})
#define UI_INK_SOFT ((SDL_Color){184, 204, 190, 255})
#define UI_INK_FAINT ((SDL_Color){140, 166, 150, 255})
#define UI_GOLD ((SDL_Color){236, 196, 100, 255})
#define UI_GOLD_LIGHT ((SDL_Color){255, 226, 150, 255})
#define UI_ON_GOLD ((SDL_Color){38, 30, 12, 255})
#define UI_WARN ((SDL_Color){255, 150, 120, 255})

typedef enum WidgetKind {
    WIDGET_BUTTON = 0,
    WIDGET_PRIMARY, /* the main action of a screen */
    WIDGET_CHOICE,  /* a value stepped with left/right */
    WIDGET_TOGGLE,  /* on/off */
    WIDGET_ITEM     /* a list row or a card: drawn by the scene */
} WidgetKind;

typedef struct Widget {
    WidgetKind kind;
    int id;
    SDL_Rect rect;
    bool disabled;
    char name[48]; /* what it is called on screen, for tests and tools */
} Widget;

#define UI_MAX_WIDGETS 96

typedef struct Ui {
    Widget widgets[UI_MAX_WIDGETS];
    int count;
    int focus;      /* widget id, -1 for none */
    int pressed;    /* widget id under a mouse press, -1 for none */
    int press_zone; /* -1 left arrow, 0 body, +1 right arrow of a choice */
} Ui;

typedef enum UiEventKind {
    UI_NONE = 0,
    UI_ACTIVATE, /* a button or item was chosen; a toggle flips */
    UI_DECREASE, /* a choice steps back */
    UI_INCREASE, /* a choice steps on */
    UI_FOCUS,    /* focus moved (redraw, maybe show details) */
    UI_BACK      /* Esc */
} UiEventKind;

typedef struct UiEvent {
    UiEventKind kind;
    int id; /* the widget, or -1 */
} UiEvent;

void ui_init(Ui *ui);
void ui_clear(Ui *ui);
void ui_add(Ui *ui, WidgetKind kind, int id, SDL_Rect rect, bool disabled, const char *name);
const Widget *ui_find(const Ui *ui, int id);
/* The Back button every screen but the title has, top right. */
void ui_add_back(App *app, Ui *ui, int id);
/* The first widget with that name, or NULL. */
const Widget *ui_find_named(const Ui *ui, const char *name);
/* The widgets of the top scene, or NULL when it has none. */
const Ui *ui_of_top_scene(const App *app);
/* Focuses a widget (an id not in the list clears the focus). */
void ui_focus(Ui *ui, int id);
/* Keeps the focus on an enabled widget: the first one if it is lost. */
void ui_fix_focus(Ui *ui);
/* The enabled widget at a point, or -1. */
int ui_hit(const Ui *ui, int x, int y);
UiEvent ui_handle_event(Ui *ui, const SDL_Event *event);

/* ---- the look ---------------------------------------------------------- */
void ui_draw_background(App *app);
void ui_draw_panel(App *app, SDL_Rect rect);
/* The same panel on an opaque ground: nothing drawn beneath it shows
 * through (a question over the table, a round's figures). */
void ui_draw_solid_panel(App *app, SDL_Rect rect);
/* The screen's heading at the top left of the stage; returns its bottom. */
int ui_draw_heading(App *app, const char *title, const char *subtitle);
void ui_draw_focus_ring(App *app, SDL_Rect rect, int radius);
void ui_draw_button(App *app, const Ui *ui, int id, const char *label);
void ui_draw_choice(App *app, const Ui *ui, int id, const char *value);
void ui_draw_toggle(App *app, const Ui *ui, int id, bool on);
/* The background of a WIDGET_ITEM row, with hover/focus/selected states. */
void ui_draw_item(App *app, const Ui *ui, int id, bool selected);
/* A label to the left of a form widget, vertically centred on it. */
void ui_draw_label(App *app, const Ui *ui, int id, const char *label, int left_x);
/* A small gold LABEL over a wrapped value, from (x, y) within width w;
 * returns the y below it. */
int ui_draw_fact(App *app, int x, int y, int w, const char *label, const char *value,
                 SDL_Color color);
/* Key hints along the bottom: pairs of key, meaning; keys "arrows" and
 * "leftright" draw arrow caps. */
void ui_draw_hints(App *app, const char *const *pairs, int n);
/* The toast and the app-wide notice line, if any. */
void ui_draw_toast(App *app);

#endif
