#include "ui.h"
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ui_init(Ui *ui)
{
    memset(ui, 0, sizeof *ui);
    ui->focus = -1;
    ui->pressed = -1;
}

void ui_clear(Ui *ui)
{
    ui->count = 0;
}

void ui_add(Ui *ui, WidgetKind kind, int id, SDL_Rect rect, bool disabled, const char *name)
{
    if (ui->count < UI_MAX_WIDGETS) {
        Widget *w = &ui->widgets[ui->count++];
        *w = (Widget){kind, id, rect, disabled, ""};
        snprintf(w->name, sizeof w->name, "%s", name != NULL ? name : "");
    }
}

void ui_add_back(App *app, Ui *ui, int id)
{
    ui_add(ui, WIDGET_BUTTON, id, app_rect(app, 1096, 40, 132, 44), false, _("Back"));
}

const Widget *ui_find_named(const Ui *ui, const char *name)
{
    for (int i = 0; i < ui->count; i++) {
        if (strcmp(ui->widgets[i].name, name) == 0) {
            return &ui->widgets[i];
        }
    }
    return NULL;
}

const Ui *ui_of_top_scene(const App *app)
{
    const SceneFrame *top = scene_stack_top(app);
    if (top == NULL || top->cls->widgets == NULL) {
        return NULL;
    }
    return top->cls->widgets(top->state);
}

static int index_of(const Ui *ui, int id)
{
    for (int i = 0; i < ui->count; i++) {
        if (ui->widgets[i].id == id) {
            return i;
        }
    }
    return -1;
}

const Widget *ui_find(const Ui *ui, int id)
{
    int i = index_of(ui, id);
    return i >= 0 ? &ui->widgets[i] : NULL;
}

void ui_focus(Ui *ui, int id)
{
    const Widget *w = ui_find(ui, id);
    ui->focus = (w != NULL && !w->disabled) ? id : -1;
}

void ui_fix_focus(Ui *ui)
{
    const Widget *w = ui_find(ui, ui->focus);
    if (w != NULL && !w->disabled) {
        return;
    }
    ui->focus = -1;
    for (int i = 0; i < ui->count; i++) {
        if (!ui->widgets[i].disabled) {
            ui->focus = ui->widgets[i].id;
            return;
        }
    }
}

int ui_hit(const Ui *ui, int x, int y)
{
    SDL_Point p = {x, y};
    for (int i = ui->count - 1; i >= 0; i--) {
        const Widget *w = &ui->widgets[i];
        if (!w->disabled && SDL_PointInRect(&p, &w->rect)) {
            return w->id;
        }
    }
    return -1;
}

/* Tab order: the next enabled widget after the focused one. */
static int step_linear(const Ui *ui, int dir)
{
    int n = ui->count;
    if (n == 0) {
        return -1;
    }
    int at = index_of(ui, ui->focus);
    if (at < 0) {
        at = dir > 0 ? -1 : n;
    }
    for (int k = 1; k <= n; k++) {
        int i = ((at + dir * k) % n + n) % n;
        if (!ui->widgets[i].disabled) {
            return ui->widgets[i].id;
        }
    }
    return ui->focus;
}

/* The nearest enabled widget in a direction from widget `from_id`. */
static int step_spatial_from(const Ui *ui, int from_id, int dx, int dy)
{
    const Widget *from = ui_find(ui, from_id);
    if (from == NULL) {
        return step_linear(ui, 1);
    }
    float fx = (float)from->rect.x + (float)from->rect.w / 2;
    float fy = (float)from->rect.y + (float)from->rect.h / 2;
    int best = -1;
    float best_score = 0;
    for (int i = 0; i < ui->count; i++) {
        const Widget *w = &ui->widgets[i];
        if (w->disabled || w->id == from->id) {
            continue;
        }
        float cx = (float)w->rect.x + (float)w->rect.w / 2;
        float cy = (float)w->rect.y + (float)w->rect.h / 2;
        float along = dx != 0 ? (cx - fx) * (float)dx : (cy - fy) * (float)dy;
        if (along <= 1.0f) {
            continue;
        }
        /* Across the direction: zero when the two overlap in that axis. */
        float across = 0;
        if (dx != 0) {
            int top = SDL_max(w->rect.y, from->rect.y);
            int bottom = SDL_min(w->rect.y + w->rect.h, from->rect.y + from->rect.h);
            across = bottom > top ? 0.0f : fabsf(cy - fy);
        } else {
            int left = SDL_max(w->rect.x, from->rect.x);
            int right = SDL_min(w->rect.x + w->rect.w, from->rect.x + from->rect.w);
            across = right > left ? fabsf(cx - fx) * 0.1f : fabsf(cx - fx);
        }
        float score = along + 3.0f * across;
        if (best < 0 || score < best_score) {
            best = w->id;
            best_score = score;
        }
    }
    return best >= 0 ? best : from->id;
}

static int step_spatial(const Ui *ui, int dx, int dy)
{
    return step_spatial_from(ui, ui->focus, dx, dy);
}

static UiEvent result(UiEventKind kind, int id)
{
    return (UiEvent){kind, id};
}

static UiEvent move_focus(Ui *ui, int id)
{
    if (id == ui->focus || id < 0) {
        return result(UI_NONE, ui->focus);
    }
    ui->focus = id;
    return result(UI_FOCUS, id);
}

/* Home / End: as far as the arrows go up or down within the focused
 * widget's column (the top or the bottom of a list). */
static int step_far(const Ui *ui, int dy)
{
    const Widget *start = ui_find(ui, ui->focus);
    if (start == NULL) {
        return ui->focus;
    }
    int at = ui->focus;
    for (int i = 0; i < ui->count; i++) {
        int next = step_spatial_from(ui, at, 0, dy);
        const Widget *w = ui_find(ui, next);
        if (next == at || w == NULL || w->rect.x + w->rect.w <= start->rect.x ||
            w->rect.x >= start->rect.x + start->rect.w) {
            break;
        }
        at = next;
    }
    return at;
}

static UiEvent handle_key(Ui *ui, const SDL_KeyboardEvent *key)
{
    SDL_Keycode k = key->keysym.sym;
    const Widget *w = ui_find(ui, ui->focus);
    bool stepper = w != NULL && (w->kind == WIDGET_CHOICE || w->kind == WIDGET_TOGGLE);
    switch (k) {
    case SDLK_ESCAPE:
    case SDLK_AC_BACK: return result(UI_BACK, -1);
    case SDLK_TAB: return move_focus(ui, step_linear(ui, (key->keysym.mod & KMOD_SHIFT) ? -1 : 1));
    case SDLK_UP: return move_focus(ui, step_spatial(ui, 0, -1));
    case SDLK_DOWN: return move_focus(ui, step_spatial(ui, 0, 1));
    case SDLK_HOME: return move_focus(ui, step_far(ui, -1));
    case SDLK_END: return move_focus(ui, step_far(ui, 1));
    case SDLK_LEFT:
        if (stepper) {
            return result(UI_DECREASE, w->id);
        }
        return move_focus(ui, step_spatial(ui, -1, 0));
    case SDLK_RIGHT:
        if (stepper) {
            return result(UI_INCREASE, w->id);
        }
        return move_focus(ui, step_spatial(ui, 1, 0));
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
        if (w == NULL) {
            return move_focus(ui, step_linear(ui, 1));
        }
        return result(w->kind == WIDGET_CHOICE ? UI_INCREASE : UI_ACTIVATE, w->id);
    default: return result(UI_NONE, -1);
    }
}

static int press_zone(const Widget *w, int x)
{
    if (w->kind != WIDGET_CHOICE) {
        return 0;
    }
    int arrow = SDL_min(w->rect.h, w->rect.w / 3);
    if (x < w->rect.x + arrow) {
        return -1;
    }
    if (x >= w->rect.x + w->rect.w - arrow) {
        return 1;
    }
    return 0;
}

UiEvent ui_handle_event(Ui *ui, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_KEYDOWN: return handle_key(ui, &e->key);
    case SDL_MOUSEMOTION: {
        int id = ui_hit(ui, e->motion.x, e->motion.y);
        return id >= 0 ? move_focus(ui, id) : result(UI_NONE, -1);
    }
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button == SDL_BUTTON_X1) {
            return result(UI_BACK, -1);
        }
        if (e->button.button != SDL_BUTTON_LEFT) {
            return result(UI_NONE, -1);
        }
        int id = ui_hit(ui, e->button.x, e->button.y);
        ui->pressed = id;
        if (id < 0) {
            return result(UI_NONE, -1);
        }
        ui->press_zone = press_zone(ui_find(ui, id), e->button.x);
        ui->focus = id;
        return result(UI_FOCUS, id);
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT) {
            return result(UI_NONE, -1);
        }
        int id = ui_hit(ui, e->button.x, e->button.y);
        int pressed = ui->pressed;
        ui->pressed = -1;
        if (id < 0 || id != pressed) {
            return result(UI_NONE, -1);
        }
        const Widget *w = ui_find(ui, id);
        if (w->kind == WIDGET_CHOICE) {
            return result(ui->press_zone < 0 ? UI_DECREASE : UI_INCREASE, id);
        }
        return result(UI_ACTIVATE, id);
    }
    default: return result(UI_NONE, -1);
    }
}

/* ---- the look ---------------------------------------------------------- */

static SDL_Color faded(SDL_Color c, bool disabled)
{
    if (disabled) {
        c.a = (Uint8)(c.a * 2 / 5);
    }
    return c;
}

void ui_draw_background(App *app)
{
    paint_felt(app->paint, app->renderer, app->width, app->height);
}

void ui_draw_panel(App *app, SDL_Rect rect)
{
    int radius = app_px(app, 16);
    paint_shadow(app->paint, app->renderer,
                 (SDL_Rect){rect.x, rect.y + app_px(app, 4), rect.w, rect.h}, radius,
                 app_px(app, 14), paint_rgba(0, 0, 0, 90));
    paint_round_rect(app->paint, app->renderer, rect, radius, paint_rgba(7, 24, 17, 196));
    paint_round_frame(app->paint, app->renderer, rect, radius, SDL_max(1, app_px(app, 1)),
                      paint_rgba(255, 255, 255, 26));
}

void ui_draw_solid_panel(App *app, SDL_Rect rect)
{
    paint_round_rect(app->paint, app->renderer, rect, app_px(app, 16), paint_rgba(9, 28, 20, 255));
    ui_draw_panel(app, rect);
}

int ui_draw_heading(App *app, const char *title, const char *subtitle)
{
    TextStyle big = app_text_style(app, 34, TEXT_BOLD, UI_INK);
    SDL_Rect at = app_rect(app, 56, 34, 0, 0);
    SDL_Rect box = text_draw(app->text, app->renderer, title, &big, at.x, at.y, TEXT_LEFT);
    int bottom = box.y + box.h;
    if (subtitle != NULL && subtitle[0] != '\0') {
        TextStyle small = app_text_style(app, 17, TEXT_REGULAR, UI_INK_SOFT);
        SDL_Rect sub =
            text_draw(app->text, app->renderer, subtitle, &small, at.x, bottom, TEXT_LEFT);
        bottom = sub.y + sub.h;
    }
    /* A thin gold rule under the heading. */
    paint_fill_rect(
        app->renderer,
        (SDL_Rect){at.x, bottom + app_px(app, 10), app_px(app, 72), SDL_max(2, app_px(app, 3))},
        UI_GOLD);
    return bottom + app_px(app, 13);
}

void ui_draw_focus_ring(App *app, SDL_Rect rect, int radius)
{
    int gap = app_px(app, 3);
    int thick = SDL_max(2, app_px(app, 2.5f));
    SDL_Rect ring = {rect.x - gap, rect.y - gap, rect.w + 2 * gap, rect.h + 2 * gap};
    paint_glow(app->paint, app->renderer, ring, radius + gap, app_px(app, 8),
               paint_rgba(255, 214, 110, 90));
    paint_round_frame(app->paint, app->renderer, ring, radius + gap, thick, UI_GOLD);
}

static void draw_box(App *app, const Widget *w, bool focused, bool pressed, bool primary)
{
    int radius = app_px(app, 10);
    SDL_Renderer *r = app->renderer;
    if (primary) {
        SDL_Color top = focused ? paint_rgba(255, 226, 146, 255) : paint_rgba(246, 210, 120, 255);
        SDL_Color bottom = focused ? paint_rgba(230, 176, 70, 255) : paint_rgba(208, 156, 58, 255);
        paint_shadow(app->paint, r,
                     (SDL_Rect){w->rect.x, w->rect.y + app_px(app, 3), w->rect.w, w->rect.h},
                     radius, app_px(app, 8), paint_rgba(0, 0, 0, 110));
        paint_round_gradient(app->paint, r, w->rect, radius, faded(top, w->disabled),
                             faded(bottom, w->disabled));
    } else {
        paint_round_rect(app->paint, r, w->rect, radius,
                         focused ? paint_rgba(255, 255, 255, 38) : paint_rgba(255, 255, 255, 16));
        paint_round_frame(app->paint, r, w->rect, radius, SDL_max(1, app_px(app, 1)),
                          faded(paint_rgba(255, 255, 255, 46), w->disabled));
    }
    if (pressed) {
        paint_round_rect(app->paint, r, w->rect, radius, paint_rgba(0, 0, 0, 50));
    }
    if (focused) {
        ui_draw_focus_ring(app, w->rect, radius);
    }
}

void ui_draw_button(App *app, const Ui *ui, int id, const char *label)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    bool primary = w->kind == WIDGET_PRIMARY;
    draw_box(app, w, ui->focus == id, ui->pressed == id, primary);
    SDL_Color ink = primary ? UI_ON_GOLD : UI_INK;
    TextStyle style = app_text_style(app, 19, TEXT_BOLD, faded(ink, w->disabled));
    text_draw_in(app->text, app->renderer, label, &style, w->rect, TEXT_CENTER);
}

void ui_draw_choice(App *app, const Ui *ui, int id, const char *value)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    bool focused = ui->focus == id;
    draw_box(app, w, focused, false, false);
    int arrow = SDL_min(w->rect.h, w->rect.w / 3);
    TextStyle arrows =
        app_text_style(app, 28, TEXT_BOLD, faded(focused ? UI_GOLD_LIGHT : UI_GOLD, w->disabled));
    SDL_Rect left = {w->rect.x, w->rect.y - app_px(app, 2), arrow, w->rect.h};
    SDL_Rect right = {w->rect.x + w->rect.w - arrow, w->rect.y - app_px(app, 2), arrow, w->rect.h};
    if (!w->disabled) {
        text_draw_in(app->text, app->renderer, "\xe2\x80\xb9", &arrows, left, TEXT_CENTER);
        text_draw_in(app->text, app->renderer, "\xe2\x80\xba", &arrows, right, TEXT_CENTER);
    }
    TextStyle style = app_text_style(app, 18, TEXT_REGULAR, faded(UI_INK, w->disabled));
    SDL_Rect mid = {w->rect.x + arrow, w->rect.y, w->rect.w - 2 * arrow, w->rect.h};
    text_draw_in(app->text, app->renderer, value, &style, mid, TEXT_CENTER);
}

void ui_draw_toggle(App *app, const Ui *ui, int id, bool on)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    bool focused = ui->focus == id;
    draw_box(app, w, focused, ui->pressed == id, false);
    int ph = w->rect.h * 11 / 20;
    int pw = ph * 2;
    SDL_Rect pill = {w->rect.x + app_px(app, 14), w->rect.y + (w->rect.h - ph) / 2, pw, ph};
    paint_round_rect(app->paint, app->renderer, pill, ph / 2,
                     faded(on ? UI_GOLD : paint_rgba(255, 255, 255, 50), w->disabled));
    int inset = SDL_max(2, ph / 8);
    int knob = ph - 2 * inset;
    SDL_Rect k = {on ? pill.x + pill.w - inset - knob : pill.x + inset, pill.y + inset, knob, knob};
    paint_round_rect(
        app->paint, app->renderer, k, knob / 2,
        faded(on ? paint_rgba(255, 255, 255, 255) : paint_rgba(210, 220, 212, 255), w->disabled));
    TextStyle style = app_text_style(app, 18, TEXT_REGULAR, faded(UI_INK, w->disabled));
    SDL_Rect text = {pill.x + pill.w + app_px(app, 12), w->rect.y, w->rect.w, w->rect.h};
    text_draw_in(app->text, app->renderer, on ? _("On") : _("Off"), &style, text, TEXT_LEFT);
}

void ui_draw_item(App *app, const Ui *ui, int id, bool selected)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    int radius = app_px(app, 10);
    bool focused = ui->focus == id;
    if (focused || selected) {
        paint_round_rect(app->paint, app->renderer, w->rect, radius,
                         focused ? paint_rgba(255, 255, 255, 34) : paint_rgba(255, 255, 255, 18));
    }
    if (selected) {
        SDL_Rect bar = {w->rect.x + app_px(app, 4), w->rect.y + w->rect.h / 4,
                        SDL_max(2, app_px(app, 4)), w->rect.h / 2};
        paint_round_rect(app->paint, app->renderer, bar, bar.w / 2, UI_GOLD);
    }
    if (focused) {
        ui_draw_focus_ring(app, w->rect, radius);
    }
}

void ui_draw_label(App *app, const Ui *ui, int id, const char *label, int left_x)
{
    const Widget *w = ui_find(ui, id);
    if (w == NULL) {
        return;
    }
    TextStyle style = app_text_style(app, 18, TEXT_REGULAR, faded(UI_INK_SOFT, w->disabled));
    SDL_Rect box = {left_x, w->rect.y, w->rect.x - left_x, w->rect.h};
    text_draw_in(app->text, app->renderer, label, &style, box, TEXT_LEFT);
}

int ui_draw_fact(App *app, int x, int y, int w, const char *label, const char *value,
                 SDL_Color color)
{
    TextStyle lab = app_text_style(app, 12.5f, TEXT_BOLD, UI_GOLD);
    TextStyle val = app_text_style(app, 17, TEXT_REGULAR, color);
    SDL_Rect l = text_draw(app->text, app->renderer, label, &lab, x, y, TEXT_LEFT);
    int h = text_draw_wrapped(app->text, app->renderer, value, &val, (SDL_Rect){x, l.y + l.h, w, 0},
                              TEXT_LEFT, 1.0f);
    return l.y + l.h + h + app_px(app, 9);
}

/* Key caps: a small rounded box with the key's name or arrows in it. */
static int draw_keycap(App *app, const char *key, int x, int y, int h, bool draw)
{
    TextStyle style = app_text_style(app, 13, TEXT_BOLD, UI_INK);
    bool updown = strcmp(key, "arrows") == 0, leftright = strcmp(key, "leftright") == 0;
    int w = 0, th = 0;
    if (updown || leftright) {
        w = h * 2;
    } else {
        text_measure(app->text, key, style.px, style.weight, &w, &th);
        w += app_px(app, 14);
        w = SDL_max(w, h);
    }
    if (!draw) {
        return w;
    }
    SDL_Rect cap = {x, y, w, h};
    paint_round_rect(app->paint, app->renderer, cap, app_px(app, 5), paint_rgba(255, 255, 255, 34));
    paint_round_frame(app->paint, app->renderer, cap, app_px(app, 5), SDL_max(1, app_px(app, 1)),
                      paint_rgba(255, 255, 255, 60));
    if (updown || leftright) {
        float s = (float)h * 0.22f;
        float cx1 = (float)x + (float)w * 0.3f, cx2 = (float)x + (float)w * 0.7f;
        float cy = (float)y + (float)h / 2;
        SDL_FPoint a[3], b[3];
        if (updown) {
            a[0] = (SDL_FPoint){cx1, cy - s};
            a[1] = (SDL_FPoint){cx1 + s, cy + s * 0.7f};
            a[2] = (SDL_FPoint){cx1 - s, cy + s * 0.7f};
            b[0] = (SDL_FPoint){cx2, cy + s};
            b[1] = (SDL_FPoint){cx2 - s, cy - s * 0.7f};
            b[2] = (SDL_FPoint){cx2 + s, cy - s * 0.7f};
        } else {
            a[0] = (SDL_FPoint){cx1 - s, cy};
            a[1] = (SDL_FPoint){cx1 + s * 0.7f, cy - s};
            a[2] = (SDL_FPoint){cx1 + s * 0.7f, cy + s};
            b[0] = (SDL_FPoint){cx2 + s, cy};
            b[1] = (SDL_FPoint){cx2 - s * 0.7f, cy + s};
            b[2] = (SDL_FPoint){cx2 - s * 0.7f, cy - s};
        }
        paint_polygon(app->renderer, a, 3, UI_INK);
        paint_polygon(app->renderer, b, 3, UI_INK);
    } else {
        text_draw_in(app->text, app->renderer, key, &style, cap, TEXT_CENTER);
    }
    return w;
}

void ui_draw_hints(App *app, const char *const *pairs, int n)
{
    TextStyle style = app_text_style(app, 14, TEXT_REGULAR, UI_INK_SOFT);
    int h = app_px(app, 22);
    int gap = app_px(app, 8), space = app_px(app, 26);
    int total = 0;
    for (int i = 0; i + 1 < 2 * n; i += 2) {
        int tw = 0, th = 0;
        text_measure(app->text, _(pairs[i + 1]), style.px, style.weight, &tw, &th);
        total +=
            draw_keycap(app, pairs[i], 0, 0, h, false) + gap + tw + (i + 2 < 2 * n ? space : 0);
    }
    int x = app->stage.x + (app->stage.w - total) / 2;
    int y = app->stage.y + app_px(app, 800 - 40);
    for (int i = 0; i + 1 < 2 * n; i += 2) {
        x += draw_keycap(app, pairs[i], x, y, h, true) + gap;
        SDL_Rect box = text_draw_in(app->text, app->renderer, _(pairs[i + 1]), &style,
                                    (SDL_Rect){x, y, 0, h}, TEXT_LEFT);
        x += box.w + space;
    }
}

void ui_draw_toast(App *app)
{
    if (app->toast[0] == '\0' || app->now >= app->toast_until) {
        return;
    }
    TextStyle style = app_text_style(app, 17, TEXT_REGULAR, UI_INK);
    int w = 0, h = 0;
    text_measure(app->text, app->toast, style.px, style.weight, &w, &h);
    int pad = app_px(app, 18);
    SDL_Rect box = {app->stage.x + (app->stage.w - w) / 2 - pad,
                    app->stage.y + app_px(app, 800 - 100), w + 2 * pad, h + pad};
    paint_shadow(app->paint, app->renderer, box, box.h / 2, app_px(app, 10),
                 paint_rgba(0, 0, 0, 120));
    paint_round_rect(app->paint, app->renderer, box, box.h / 2, paint_rgba(12, 14, 12, 230));
    paint_round_frame(app->paint, app->renderer, box, box.h / 2, SDL_max(1, app_px(app, 1.5f)),
                      UI_GOLD);
    text_draw_in(app->text, app->renderer, app->toast, &style, box, TEXT_CENTER);
}
