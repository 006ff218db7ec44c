/* scene_title.c — the title screen: the name, a fan of cards, the main menu. */
#include <stdio.h>

#include "scenes.h"
#include "ui.h"

enum { TITLE_PLAY = 1, TITLE_LEARN, TITLE_GALLERY, TITLE_SETTINGS, TITLE_QUIT };

typedef struct TitleState {
    Ui ui;
} TitleState;

static const char *const labels[] = {"",         "Play", "Learn the games", "Card gallery",
                                     "Settings", "Quit"};

static void layout(App *app, TitleState *s)
{
    ui_clear(&s->ui);
    for (int id = TITLE_PLAY; id <= TITLE_QUIT; id++) {
        SDL_Rect r = app_rect(app, 112, 388 + (float)(id - 1) * 66, 330, 54);
        ui_add(&s->ui, id == TITLE_PLAY ? WIDGET_PRIMARY : WIDGET_BUTTON, id, r, false, labels[id]);
    }
    ui_fix_focus(&s->ui);
}

static bool title_enter(App *app, void *state)
{
    TitleState *s = state;
    ui_init(&s->ui);
    layout(app, s);
    ui_focus(&s->ui, TITLE_PLAY);
    return true;
}

static SceneAction activate(App *app, int id)
{
    switch (id) {
    case TITLE_PLAY: return scene_push(SCENE_VARIANTS);
    case TITLE_LEARN: return scene_push(SCENE_LEARN);
    case TITLE_GALLERY: app->gallery_style = STYLE_COUNT; return scene_push(SCENE_GALLERY);
    case TITLE_SETTINGS: return scene_push(SCENE_SETTINGS);
    case TITLE_QUIT: return scene_quit();
    default: return scene_stay();
    }
}

static SceneAction title_event(App *app, void *state, const SDL_Event *e)
{
    TitleState *s = state;
    layout(app, s);
    UiEvent ev = ui_handle_event(&s->ui, e);
    if (ev.kind == UI_ACTIVATE) {
        if (app->notice[0] != '\0') {
            app->notice[0] = '\0'; /* read: the player has moved on */
        }
        return activate(app, ev.id);
    }
    if (ev.kind == UI_BACK) {
        /* Nothing to go back to: Esc takes the focus to Quit. */
        ui_focus(&s->ui, TITLE_QUIT);
    }
    return scene_stay();
}

/* A fan of cards on the right: the three honours in the middle. */
static void draw_fan(App *app)
{
    static const Card fan[] = {CARD_C1 + 8, CARD_S1 + 4, CARD_OT,    CARD_WF,
                               CARD_RF,     CARD_M1 + 8, CARD_C1 + 1};
    int n = (int)(sizeof fan / sizeof fan[0]);
    DeckStyle style = settings_style_for(&app->settings, NULL);
    bool ceki = style == STYLE_CEKI;
    float h = ceki ? 300.0f : 250.0f;
    float w = (float)(h * card_art_aspect(style, CARD_OT));
    unsigned flags = CARD_RED_STAMP | (app->settings.colour_cue ? CARD_COLOUR_CUE : 0);
    for (int i = 0; i < n; i++) {
        float t = (float)i - (float)(n - 1) / 2.0f;
        double angle = (double)t * (ceki ? 9.0 : 11.0);
        float cx = 900 + t * (ceki ? 62.0f : 58.0f);
        float cy = 430 + (t * t) * 7.0f;
        SDL_Rect r = app_rect(app, cx - w / 2, cy - h / 2, w, h);
        card_art_draw_rotated(app->cards, app->renderer, style, fan[i], r, angle, flags);
    }
}

static void title_draw(App *app, void *state, SDL_Renderer *r)
{
    TitleState *s = state;
    layout(app, s);
    ui_draw_background(app);
    draw_fan(app);

    /* The name in Javanese script above the Latin one. */
    TextStyle jav = app_text_style(app, 46, TEXT_REGULAR, UI_GOLD);
    SDL_Rect at = app_rect(app, 108, 92, 0, 0);
    SDL_Rect box = text_draw(app->text, r, "\xea\xa6\x95\xea\xa6\xbc\xea\xa6\x8f\xea\xa6\xb6", &jav,
                             at.x, at.y, TEXT_LEFT);
    TextStyle name = app_text_style(app, 104, TEXT_BOLD, UI_INK);
    box = text_draw(app->text, r, "Ceki", &name, at.x - app_px(app, 4),
                    box.y + box.h - app_px(app, 22), TEXT_LEFT);
    TextStyle tag = app_text_style(app, 21, TEXT_REGULAR, UI_INK_SOFT);
    box = text_draw(app->text, r, "The fishing card games of Java", &tag, at.x,
                    box.y + box.h - app_px(app, 6), TEXT_LEFT);
    paint_fill_rect(r,
                    (SDL_Rect){at.x, box.y + box.h + app_px(app, 14), app_px(app, 84),
                               SDL_max(2, app_px(app, 3))},
                    UI_GOLD);

    for (int id = TITLE_PLAY; id <= TITLE_QUIT; id++) {
        ui_draw_button(app, &s->ui, id, labels[id]);
    }

    if (app->notice[0] != '\0') {
        SDL_Rect banner = app_rect(app, 320, 20, 640, 62);
        ui_draw_panel(app, banner);
        paint_fill_rect(r,
                        (SDL_Rect){banner.x, banner.y + app_px(app, 10), SDL_max(2, app_px(app, 4)),
                                   banner.h - app_px(app, 20)},
                        UI_WARN);
        TextStyle warn = app_text_style(app, 15, TEXT_REGULAR, UI_INK);
        SDL_Rect inner = {banner.x + app_px(app, 20), banner.y + app_px(app, 10),
                          banner.w - app_px(app, 36), banner.h};
        text_draw_wrapped(app->text, r, app->notice, &warn, inner, TEXT_LEFT, 1.0f);
    }

    TextStyle faint = app_text_style(app, 13, TEXT_REGULAR, UI_INK_FAINT);
    SDL_Rect foot = app_rect(app, 112, 800 - 36, 0, 0);
    text_draw(app->text, r, "Version " CEKI_VERSION, &faint, foot.x, foot.y, TEXT_LEFT);
    static const char *const hints[] = {"arrows", "Move", "Enter", "Select", "Esc", "Quit"};
    ui_draw_hints(app, hints, 3);
}

static const Ui *title_widgets(const void *state)
{
    return &((const TitleState *)state)->ui;
}

const SceneClass scene_title_class = {
    .name = "title",
    .state_size = sizeof(TitleState),
    .enter = title_enter,
    .handle_event = title_event,
    .draw = title_draw,
    .widgets = title_widgets,
};
