/* scene_table_coach.c — the coach's line at the table: beside the hint in
 * the prompt bar, why it is a good move, in one or two sentences
 * (coach_text.h), wrapped in the bar's height. */
#include <stdio.h>

#include "coach_text.h"
#include "scene_table.h"

#define COACH_PX 14.0f
#define COACH_MIN_PX 9.0f
#define COACH_SHRINK 0.94f
#define COACH_SPACING 1.0f

bool table_coach_line(const TableState *t, char *buf, size_t size)
{
    buf[0] = '\0';
    if (t->guide.on) {
        return false; /* the guide's panel says why */
    }
    if (t->hint_state != HINT_SHOWN || t->reason[0] != '\0' || t->coach.nwhy == 0 ||
        !move_equal(&t->coach.move, &t->hint)) {
        return false;
    }
    coach_text(&t->coach, t->style, buf, size);
    return buf[0] != '\0';
}

int table_words_fit(App *app, const char *words, TextStyle *s, SDL_Rect area, const WordsFit *fit)
{
    SDL_Rect measure = {area.x, 0, area.w, 0};
    int h = text_draw_wrapped(app->text, NULL, words, s, measure, TEXT_LEFT, fit->spacing);
    while (h > area.h && s->px * fit->shrink >= fit->min_px * app->ui) {
        s->px *= fit->shrink;
        h = text_draw_wrapped(app->text, NULL, words, s, measure, TEXT_LEFT, fit->spacing);
    }
    return h;
}

void table_coach_draw(App *app, const char *line, SDL_Rect area)
{
    if (area.w <= 0 || line[0] == '\0') {
        return;
    }
    TextStyle s = app_text_style(app, COACH_PX, TEXT_REGULAR, UI_GOLD);
    const WordsFit fit = {COACH_SPACING, COACH_SHRINK, COACH_MIN_PX};
    int h = table_words_fit(app, line, &s, area, &fit);
    SDL_Rect box = {area.x, area.y + SDL_max(0, (area.h - h) / 2), area.w, SDL_min(h, area.h)};
    if (h > area.h) {
        box = area; /* the overflow watch notes what does not fit */
    }
    text_draw_wrapped(app->text, app->renderer, line, &s, box, TEXT_LEFT, COACH_SPACING);
}
