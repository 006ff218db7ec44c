/* scene_table.h — the card table: the parts of the table scene and what
 * tests may ask of it.
 *
 * Contract: the table plays the game of app->setup through a Session
 * (session.h). The rules core decides every rule: the table only asks for
 * the legal moves, applies what a person or a computer chose through
 * session_apply, and shows what happened from the session's events. It is
 * split by concern:
 *   scene_table.c        the scene class and the flow: whose turn, the
 *                        computer players' thinking, pauses, round and
 *                        match ends, undo, save, hot-seat cover, autoplay
 *   scene_table_state.c  the flow's phase (TablePhase)
 *   scene_table_view.c   what is shown: card sprites for hands, pool and
 *                        cards in flight, moved by the events and kept in
 *                        step with the seat's Observation; animation
 *   scene_table_input.c  mouse (drag and click) and keyboard
 *   scene_table_draw.c   drawing
 *   scene_table_board.c  the same view and drawing for a spectator (the
 *                        watch screen): no session, nothing that acts
 * and table_layout.c for the geometry.
 *
 * Animation and input: every applied move's events queue up in the view
 * and play one after another at the settings' speed (all at once when
 * instant). A person's move is taken only for the decision the screen
 * shows: input that completes a move while cards are still moving is held
 * (one move at most) and applied once they settle if the game then waits
 * for that very decision; a second one is refused. So nothing is lost or
 * applied twice.
 */
#ifndef CEKI_APP_SCENE_TABLE_H
#define CEKI_APP_SCENE_TABLE_H

#include <SDL.h>
#include <stdbool.h>

#include "ai_why.h"
#include "app.h"
#include "game.h"
#include "proto.h"
#include "session.h"
#include "table_layout.h"
#include "text_field.h"
#include "ui.h"

/* ---- sprites: the cards drawn one by one ------------------------------ */

#define TV_MAX_SPRITES 800

/* Events of the core the table holds to show one by one (the session is
 * asked for more only as they are shown; a full queue waits). */
#define TABLE_EVENT_QUEUE 4096

typedef enum TvZone {
    TZ_NONE = 0,
    TZ_HAND,     /* in a seat's hand */
    TZ_POOL,     /* in the pool */
    TZ_SPOT,     /* played or turned, waiting for where it goes */
    TZ_MEET,     /* lying on the pool card it captures (partner) */
    TZ_FLY,      /* on its way to a pile, the stock or the discard pile */
    TZ_CEREMONY, /* drawn to choose roles or the starting player */
    TZ_COUNT
} TvZone;

typedef enum TvLand {
    LAND_VANISH = 0, /* gone when it arrives */
    LAND_PILE,       /* into seat's captured pile */
    LAND_DISCARD,    /* onto the discard pile */
    LAND_TROPHY      /* a King onto the seat's plate */
} TvLand;

typedef struct Sprite {
    bool used;
    Card card;            /* CARD_NONE: a card nobody here may see */
    uint8_t zone;         /* TvZone */
    uint8_t land;         /* TvLand, for TZ_FLY */
    int8_t seat;          /* owner / destination seat */
    bool shown;           /* face up */
    bool exposed;         /* Kowah: part of a declared pair */
    bool hide;            /* face down once it lands: a public card into a hidden hand */
    int order;            /* arrival, for a stable order */
    int partner;          /* TZ_MEET: the pool sprite it lies on */
    float x, y, w, h;     /* now */
    float fx, fy, fw, fh; /* tween from */
    float tx, ty, tw, th; /* tween to */
    double t, dur;        /* seconds into the tween, its length */
    bool moving;
} Sprite;

/* What the table shows besides the sprites. */
#define TV_MAX_DRAWS 4 /* draws shown per seat in a seating draw or cut */

#define TV_POOL_PLACES 64 /* places a pool that keeps them (Kings) remembers */

typedef struct TableView {
    Sprite sprites[TV_MAX_SPRITES];
    float pool_h[TL_SIDES + 1]; /* the pool's card height (Pèi: per band), kept
                                   until it must shrink or may grow by 16 %
                                   (POOL_GROW) */
    /* Kings' pool keeps its places (view_pool_order): the group key (rank)
     * in each place, from the left of the first line, -1 for a place left
     * empty by a pair taken, which the next card turned fills. */
    signed char pool_place[TV_POOL_PLACES];
    int pool_places;
    int next_order;
    int viewer; /* the seat whose view is shown (at the bottom) */
    int round;
    int stock;
    int aside;
    int deck; /* cards not yet dealt during a deal */
    int pile_n[CEKI_MAX_SEATS];
    Card pile[CEKI_MAX_SEATS][CEKI_MAX_DECK]; /* visible piles only */
    bool pile_visible[CEKI_MAX_SEATS];
    Card discard[CEKI_MAX_DECK];
    int discard_n;
    GameRole role[CEKI_MAX_SEATS];
    int dealer;
    bool forfeited[CEKI_MAX_SEATS];
    Card stock_last_public;
    Card peek;
    int peek_depth;
    bool peeked[CEKI_MAX_SEATS]; /* someone privately saw a stock card */
    Card exposed[CEKI_MAX_SEATS];
    int shown_by; /* Kowah: who drew the card shown to all (-1: none known) */
    int kings[CEKI_MAX_SEATS];
    Card king_cards[CEKI_MAX_SEATS][4];
    int dice[2];
    bool dice_shown;
    int packet_use[9]; /* pei-chinese: packet 1..8 (0: loose cards) -> PeiPacketUse + 1 */
    int packet_seat[9];
    bool packets_shown;
    Card cut[CEKI_MAX_SEATS]; /* Kings tie-break cards on show */
    /* The cards drawn before the seats (TZ_CEREMONY): what each seat's draw
     * counts for (a sum, a cut card's rank) and who won a cut (-1: none). */
    int ceremony_value[CEKI_MAX_SEATS][TV_MAX_DRAWS]; /* sums, draw by draw */
    int ceremony_draws[CEKI_MAX_SEATS];
    int ceremony_cards[CEKI_MAX_SEATS];
    int cut_winner;
    bool cut_for_match;
    bool reversed;                    /* Pèi: the seating draw turned the order of play */
    bool sitting_out[CEKI_MAX_SEATS]; /* Totit tie-break hand: not tied for the lead */
    int round_score[CEKI_MAX_SEATS];
    bool round_scored;
    char log[4][160]; /* the last things that happened, newest first */
    struct {
        int seat;
        char text[24];
        bool gain;
        double t; /* seconds shown so far; the pop is gone past TV_POP_SECONDS */
    } pops[16];   /* points and coins rising from a seat's plate */
    int npops;
    int mends;         /* differences view_sync found after the events (0 when they told all) */
    Card own_draws[8]; /* Kowah: the viewer's stock draws, which events leave unnamed */
    int nown_draws;
} TableView;

#define TV_POP_SECONDS 1.8

/* ---- input -------------------------------------------------------------- */

typedef enum DragState { DRAG_IDLE = 0, DRAG_PRESSED, DRAG_DRAGGING } DragState;

typedef enum FocusZone { FZ_NONE = 0, FZ_HAND, FZ_POOL, FZ_STOCK, FZ_DISCARD } FocusZone;

typedef enum TableDialog {
    DLG_NONE = 0,
    DLG_FORFEIT,  /* the Chinese game: taking this forfeits the win */
    DLG_LEAVE,    /* leave the table? */
    DLG_NEW,      /* a new game in place of the unfinished one? (Ctrl+N) */
    DLG_COVER,    /* hot-seat: hide the hand until the next person is ready */
    DLG_MENU,     /* the table's menu (Menu, Esc): back, rules, settings, a computer
                     for me, leave */
    DLG_HOST_GONE /* a friend's table whose host left: leave or keep waiting */
} TableDialog;

/* A move made and not yet applied: a computer's, thought and waiting for
 * its pause, or a person's, made while cards still move. */
typedef enum { HELD_NONE, HELD_COMPUTER, HELD_PERSON } HeldBy;
typedef struct HeldMove {
    HeldBy by;
    Move move;
} HeldMove;

/* The hint: none, asked for (the strong player is thinking), shown. */
typedef enum { HINT_NONE, HINT_WANTED, HINT_SHOWN } TableHint;

/* Chat at a table with friends (scene_table_net.c): the line being typed,
 * the lines received (newest last; the match's last TABLE_CHAT_LINES, some
 * 170 kB, kept for the move log with this window's notes of who it muted),
 * who is muted, the lines not yet read. */
#define TABLE_CHAT_LINES 200
#define TABLE_CHAT_NOTE (-2) /* a line's seat: this window's own note (a mute) */
typedef struct TableChatLine {
    int seat;                    /* -1: a spectator's (after the match); TABLE_CHAT_NOTE */
    char name[NET_NAME_MAX + 1]; /* the name the host gave it */
    char text[NET_CHAT_MAX * 4 + 1];
    double at;  /* app->now when it arrived */
    int round;  /* the round the table showed then (Observation.round) */
    int moves;  /* ... and its public entries so far (PublicHistory.total): the log puts
                   the line after those */
    int about;  /* a note's: the seat it muted or heard again (said in the language shown) */
    bool muted; /* ... which of the two */
} TableChatLine;

typedef struct TableChat {
    bool open;
    bool skip_t; /* the T that opened the line may come again as typed text */
    TextField line;
    double last_sent;
    TableChatLine lines[TABLE_CHAT_LINES];
    int nlines;
    bool muted[CEKI_MAX_SEATS];
    char note[200];      /* what the last line typed did (a refusal, a mute), or "" */
    bool ticket_dropped; /* the match ended: the way back to it is forgotten */
    long received;       /* lines that came, muted ones too */
    int unread;          /* lines of others that came while the move log was closed */
    bool menu_open;      /* a plate's menu (Mute or Unmute) is open */
    int menu_seat;       /* ... for this seat */
    bool was_away;       /* a seat was away (or this window cut off) at the last update */
    uint32_t grace_told[CEKI_MAX_SEATS]; /* each seat's grace the host told last, */
    double grace_at[CEKI_MAX_SEATS];     /* ... and app->now when it came (counted down here) */
    /* Where table_chat_place put the lines last, and for what (a hash of
     * the lines' sizes, the cards' places and the room). */
    uint32_t placed_key;
    int placed_n, placed_first, placed_dx, placed_dy, placed_w;
    bool placed_found;
} TableChat;

/* Kowah's claim window at a table with friends (scene_table_net.c): the
 * window the host told last (NetClaimWindow), and when it came. */
typedef struct TableClaim {
    NetClaimWindow w;
    long told;   /* the feed's count of windows told when it came */
    double at;   /* app->now when it came */
    int shown_s; /* the seconds left drawn last (-1: none) */
} TableClaim;

/* The turn clock at a table with friends (scene_table_net.c): what the
 * host told last (NetClockState), and when it came. While the window is
 * cut off from the table (reconnecting, the host gone) no clock runs
 * there, and the one drawn stands still where it was. */
typedef struct TableClockSeen {
    NetClockState c;
    long told;          /* the table's count of clocks told when it came */
    double at;          /* app->now when it came */
    int shown_s;        /* the running seat's seconds left drawn last (-1: none) */
    bool frozen;        /* cut off: the clock drawn stands still ... */
    uint32_t frozen_ms; /* ... this long after `at` */
} TableClockSeen;

/* The guided first game (scene_table_guided.c): the guide's
 * state beside the table's. */
#define GUIDE_TEXT_MAX 1400
typedef struct TableGuide {
    bool on;
    int seat;        /* the person's */
    uint64_t seed;   /* the deal's, for the steps' reseeding */
    bool hold;       /* the table waits for Continue */
    int step_at;     /* the move number the step was worked out for (-1: none) */
    AiHint step;     /* the step and its reasons (ai_why) */
    int steps;       /* the person's moves the guide took */
    int continues;   /* Continue pressed */
    int refusals;    /* moves refused: illegal, or not the step */
    int others_told; /* the others' plain captures told (and waited on) */
    bool cutting;    /* Kings: a cut is being told (its opening said) */
    int button;      /* the step's button, to be focused once shown (0: none) */
    int turns_told;  /* the person's turned stock cards explained */
    int paid[CEKI_MAX_SEATS][CEKI_MAX_SEATS]; /* Pèi: stakes paid, summed before told */
    char told[GUIDE_TEXT_MAX];                /* moments told by the events taken, not yet shown */
    bool counted;                             /* ... and the round was counted among them */
    int auto_steps;                           /* steps still to make by themselves (screenshots) */
    char text[GUIDE_TEXT_MAX];                /* what to do, or what happened */
    char why[512];                            /* why the step (coach_text) */
    char refusal[GUIDE_TEXT_MAX];             /* the last refusal, until the next move */
} TableGuide;

/* A watch-only game: paused, playing, or one step asked for. */
typedef enum { WATCH_PAUSED, WATCH_PLAYING, WATCH_STEP } WatchMode;

typedef struct TableState {
    Ui ui;
    Session *session;
    const VariantDesc *v;
    int players;
    DeckStyle style;
    bool watch; /* variant_is_watch_only */
    bool hotseat;
    TableLayout layout;
    TableView view;
    Observation obs; /* the viewer's, refreshed whenever the game moves */

    /* Events waiting to be shown, and the time to the next one. */
    GameEvent evq[TABLE_EVENT_QUEUE];
    int evq_head, evq_n;
    double ev_wait;
    int deal_left;          /* cards of the current deal still to come (for its pace) */
    bool synced;            /* the view matches obs */
    bool frozen;            /* a screenshot of one moment ($CEKI_TABLE_UNTIL): no play, no sync */
    int layout_w, layout_h; /* the window size the layout was made for */

    /* Flow. */
    double wait;           /* seconds left of a pause before the next automatic step */
    HeldMove held;         /* a move waiting to be applied (one at most) */
    int turned_for_person; /* the moves made when the table last turned the stock for its
                              person (-1: never); a turn asked for then was that one */
    TableHint hint_state;
    Move hint;
    AiHint coach;         /* the hint's reasons (ai_why_explain), told beside it (coach_text.h) */
    Card drawn;           /* Kowah: the card the viewer just drew, until they discard */
    bool drawn_focus;     /* move the keyboard focus to it once it is in the hand */
    bool arrowed;         /* the focus was moved by the arrows since the last move */
    WatchMode watch_mode; /* a watch-only game's */
    bool end_done;        /* the match end was handled */
    unsigned generation;  /* session_generation when the view was last rebuilt */
    bool replaced;        /* the game was replaced: the next view_sync rebuilds */
    int result_round;     /* the round whose result screen was shown */
    int stats_round;      /* the last round counted in the statistics (stats.h) */
    bool stats_match;     /* the match was counted */

    /* Input. */
    DragState drag;
    int drag_sprite;
    float grab_dx, grab_dy;
    int press_x, press_y;
    int hover_sprite;
    int selected; /* hand sprite picked up by click or Enter, -1 */
    FocusZone focus_zone;
    int focus_sprite;
    bool focus_in_ui;
    TableDialog dialog;
    Move dialog_move;
    int cover_seat;
    char reason[200];       /* why the last attempt was refused */
    char drawn_status[256]; /* the status line and the game's state last seen by */
    int drawn_seen[8];      /* table_update: a change is drawn (whole unless only words
                               changed) */
    double reason_until;

    bool animated; /* cards move (the speed is not instant) */

    bool pointer_used;    /* the mouse was used since the last key: no focus ring on the cards */
    int peek_sprite;      /* a card shown whole while the right button is held, -1 */
    int mouse_x, mouse_y; /* the pointer, for tooltips */
    char tip[480];        /* the tooltip this frame's drawing found under the pointer */
    SDL_Rect tip_at;      /* ... and what it explains */

    /* The move log (scene_table_log.c). */
    bool log_open;
    int log_scroll; /* entries scrolled past, from the newest */

    /* A table with friends (app->net): chat, the claim window. */
    TableChat chat;
    TableClaim claim;
    TableClockSeen clock;

    TableGuide guide; /* a guided first game's guide (off in other games) */

    /* A spectator's board (scene_table_board.c): no session and nothing that
     * acts; its names, clocks and chat from the network table it watches. */
    bool board;
    struct NetTable *board_net;
    int board_stakes; /* StakeScheme of the watched table */
    /* A friend's table whose host left (scene_table_net.c): since when
     * (app->now; < 0: the host is there), whether Keep waiting closed
     * its panel, and whether the table failed before the match's end (the
     * window stopped trying after 10 minutes: Try again; or it was closed). */
    double host_gone_at;
    bool host_gone_waiting;
    bool host_given_up;
    bool taking_back;         /* this window gave its seat back; the host's seats not yet told */
    DeckStyle settings_style; /* the Settings' card art for this game when last seen: a
                                 change there (the menu's Settings) shows here at once */
    uint8_t seat_state_seen[CEKI_MAX_SEATS]; /* NetSeatState last seen (a server table's
                                                note that a seat left and it plays on) */

    /* Headless runs. */
    bool autoplay;
    bool exit_at_end;
} TableState;

/* ---- between the table's files ----------------------------------------- */

/* Widget ids of the table. */
enum {
    W_HINT = 1,
    W_UNDO,
    W_RULES,
    W_CARDS,
    W_MENU,
    W_LOG,
    W_REDO,
    W_TRAIL = 20,
    W_TURN,
    W_NEXT,
    W_DRAW,
    W_TAKE_DISCARD,
    W_PASS,
    W_CLAIM,
    W_PLAY,
    W_STEP,
    W_AGAIN,
    W_LEAVE,
    W_DECLARE = 40, /* + kind */
    W_DLG_YES = 80,
    W_DLG_NO,
    W_DLG_ALT,             /* the third way: the Leave dialog's "Let a computer play" */
    W_MENU_BACK,           /* the menu's rows: back to the game, */
    W_MENU_RULES,          /* ... the rules of this game, */
    W_MENU_SETTINGS,       /* ... the settings, */
    W_MENU_COMPUTER,       /* ... a computer plays my seat, or I take it back, */
    W_MENU_LEAVE,          /* ... leave the table (the Leave dialog) */
    W_GONE_LEAVE,          /* the host-gone panel's Leave */
    W_GONE_WAIT,           /* ... and Keep waiting */
    W_GUIDE_CONTINUE = 90, /* the guided game's Continue */
    W_PLATE = 100,         /* + seat: a person's plate at a table with friends */
    W_PLATE_MUTE = 110     /* its menu's Mute or Unmute */
};

/* The table's flow as states (scene_table_state.c). The phase is derived,
 * never stored, from the game (whose decision it waits for), the view
 * (cards still moving) and the dialog open, so it cannot go stale; who may
 * act, the status line, the prompt's buttons, the keys and the automatic
 * steps all ask it. Dealing has no phase of its own: its cards move like
 * any event's (TP_ANIMATING), and a person may already decide meanwhile
 * (TP_AWAITING_PERSON, the move then held until the cards rest). */
typedef enum TablePhase {
    TP_AWAITING_PERSON,   /* the viewer decides: cards and buttons take moves */
    TP_STOCK_TURN,        /* the viewer's forced stock turn: made for them after
                             a pause, at once by a click on the stock or Space */
    TP_COMPUTER_THINKING, /* a computer seat decides in the session's thread;
                             its move is applied once the cards rest and a pause */
    TP_OTHER_PERSON,      /* hot-seat: another person decides (the hand-off) */
    TP_WATCH_PLAYING,     /* a watch-only game plays itself */
    TP_WATCH_PAUSED,      /* ... or waits for Play or Step */
    TP_ANIMATING,         /* cards still move before a decision not the viewer's */
    TP_ROUND_OVER,        /* the result screen once the cards rest; Next round */
    TP_MATCH_OVER,        /* the match's results; Play again or Leave */
    TP_ASKING,            /* a question is open (forfeit, leave, new game) */
    TP_HANDOFF,           /* hot-seat cover: hidden until the next person is ready */
    TP_COUNT
} TablePhase;

/* Whose decision the game waits for, cards in motion and dialogs aside. */
TablePhase table_turn_phase(const TableState *t);
/* The play as the screen shows it: TP_ANIMATING while cards move before a
 * decision that is not the viewer's; no dialog phase. */
TablePhase table_play_phase(const TableState *t);
/* The table's phase: an open dialog first (only its buttons work), else the
 * play phase. */
TablePhase table_phase(const TableState *t);
/* The phase's name, for messages ("awaiting-person"). */
const char *table_phase_name(TablePhase p);

/* scene_table.c */
double table_beat(const App *app); /* seconds of one card movement (0: instant) */
/* The seat to move is the viewer's, a person's (also at a round's end: the
 * viewer then starts the next round). */
bool table_viewer_decides(const TableState *t);
bool table_seat_is_person(const TableState *t, int seat); /* a person plays it */
/* A person sits at the table or watches it (not the computers' own run):
 * round ends wait for them. */
bool table_has_person(const TableState *t);
bool table_settled(const TableState *t); /* no event waiting, nothing moving */
/* Tries a person's move; false (reason shown) when refused or held. */
bool table_try_move(App *app, TableState *t, const Move *m);
void table_refresh_obs(TableState *t);
void table_relayout(App *app, TableState *t);
/* Pèi: the ranks of the pool's band before each side of a layout of spec,
 * by the roles the view knows (0 each while it knows none); else 0. */
void table_band_ranks(const TableState *t, const TlSpec *spec, int out[TL_SIDES]);
/* Where the table's dialogs (forfeit, leave, hot-seat cover) are drawn;
 * the menu's and the host-gone panel's, which are taller, by
 * table_dialog_panel_of. */
SDL_Rect table_dialog_panel(const App *app);
SDL_Rect table_dialog_panel_of(const App *app, const TableState *t);
/* The menu's rows, top to bottom: ids and names (at most 6); how many. */
int table_menu_rows(const TableState *t, int ids[6], const char *names[6]);
/* "Let the computer play for me": a computer plays the viewer's seat (at a
 * table on this computer at the strongest computer level at the table,
 * else greedy; at a network table the host's stand-in, NET_STAND_IN_OWN)
 * until they take it back (the menu, or their next move). */
bool table_stood_in(const TableState *t);
/* Where the banner saying a computer plays the viewer's seat goes (an
 * empty rect when it is not shown): the plates' badges keep out of it. */
SDL_Rect table_stood_in_banner(App *app, const TableState *t);
bool table_can_hand_over(const TableState *t); /* the menu offers it */
void table_hand_over(App *app, TableState *t);
void table_take_back(App *app, TableState *t);
/* A widget of the table was activated. */
SceneAction table_button(App *app, TableState *t, int id);
int table_legal(const TableState *t, Move *out, int cap);

/* scene_table_view.c */
void view_reset(TableState *t);
void view_sync(App *app, TableState *t, bool animate);
/* Forgets cards in flight and pending pops (the game was replaced). */
void view_drop_flights(TableState *t);
void view_take_events(TableState *t);
bool view_advance(App *app, TableState *t, double dt); /* true while something moves */
/* Whether anything on screen changes from frame to frame: a card gliding or
 * a score rising (not a pause between events). */
bool view_in_motion(const TableState *t);
/* The box around a seat's ceremony cards (empty: none). */
SDL_Rect view_ceremony_box(const TableState *t, int seat);
void view_place(App *app, TableState *t); /* targets from the layout */
/* The viewer's hand sprites in display order; returns the count. */
int view_hand_order(const TableState *t, int seat, int *out, int cap);
/* The pool sprites in display order; returns the count. */
int view_pool_order(const TableState *t, int *out, int cap);
int view_spot_sprites(const TableState *t, int *out, int cap);
SDL_Rect view_rect(const Sprite *s);
void view_log(TableState *t, const char *fmt, ...);
/* A card as the player sees it in this deck style: "7 of Strings",
 * "Old Thousand" (Ceki), "Jack of Clubs" (western, French). */
void table_card_label(const TableState *t, Card c, char *buf, size_t size);
/* The seat's name as shown ("You", "Seat 2"). */
void table_seat_name(const TableState *t, int seat, char *buf, size_t size);

/* scene_table_input.c */
SceneAction table_input(App *app, TableState *t, const SDL_Event *e);
/* The sprite under a point among the viewer's hand or the pool; -1. */
int table_hit_card(const TableState *t, int x, int y, FocusZone *zone);
bool table_is_target(const TableState *t, int sprite); /* lights up for the selection */
void table_clear_selection(TableState *t);

/* scene_table_draw.c */
void table_draw(App *app, TableState *t, SDL_Renderer *r);
/* What table_draw draws of the felt, the pool, the seats and the cards
 * (not the top bar, the prompt, the buttons, the log or a dialog). */
void table_draw_board(App *app, TableState *t);
/* The status line over the hand: what the table's phase says now. */
void table_status_text(const TableState *t, char *buf, size_t size);

/* scene_table_coach.c: the coach's line beside a shown hint (its reasons in
 * words; false and "" when there is none to tell), and drawing it wrapped
 * in `area` of the prompt bar, smaller where it must. */
bool table_coach_line(const TableState *t, char *buf, size_t size);
void table_coach_draw(App *app, const char *line, SDL_Rect area);
/* How table_words_fit makes words fit. */
typedef struct WordsFit {
    float spacing, shrink, min_px;
} WordsFit;
/* Words wrapped to area's width, made smaller step by step (by `shrink`,
 * down to `min_px` design pixels) until they fit its height: the style
 * they fit in is left in *s; returns their height (over area.h when even
 * the smallest does not fit). Measures only. */
int table_words_fit(App *app, const char *words, TextStyle *s, SDL_Rect area, const WordsFit *fit);

/* scene_table_guided.c: the guided first game. begin (at enter) turns the
 * guide on when app->table_run asks for it; holds (from the flow, with
 * the cards at rest) reads the new events and the person's step and says
 * whether the table waits for Continue; continue answers it; allows says
 * whether the person's legal move is the step (else refused, with why, and
 * nothing changes); refused notes a move the core refused; auto makes the
 * next step itself (screenshots). The panel is a column right of the
 * table, its width taken from the layout's (the table keeps the window's
 * height, the side seats' columns their least width); its Continue is
 * W_GUIDE_CONTINUE. */
void table_guide_begin(App *app, TableState *t);
void table_guide_note(TableState *t, const GameEvent *ev, int n); /* events as taken */
bool table_guide_holds(App *app, TableState *t);
void table_guide_continue(App *app, TableState *t);
bool table_guide_allows(App *app, TableState *t, const Move *m);
void table_guide_refused(App *app, TableState *t, const char *why);
void table_guide_auto(App *app, TableState *t);
/* The guide waits for the person's step (shown), nothing moving. */
bool table_guide_waits(const TableState *t);
/* The guide's column at the right of the window (0 but in a guided game):
 * the table is laid out in the width left of it, at the window's full
 * height, so its cards are as large as at any table. */
float table_guide_width(const App *app, const TableState *t);
SDL_Rect table_guide_panel(const App *app, const TableState *t);
SDL_Rect table_guide_button(const App *app, const TableState *t);
void table_guide_draw(App *app, TableState *t);

/* scene_table_log.c: the move log: the round's moves and, at a table with
 * friends, the match's chat lines (not a muted seat's) among them in the
 * order they came. Entry i counts from the newest (0): its sentence and
 * the cards it shows (*ncards of cards[0..1]; a chat line "Name: words"
 * and none); false past the end. table_log_chat: entry i's chat line, or
 * NULL for a move. The panel's rectangle while open (false when closed).
 * table_log_toggle: the Log button and L (opening it reads every line). */
int table_log_count(const TableState *t);
bool table_log_entry(const TableState *t, int i, char *buf, size_t size, Card cards[2],
                     int *ncards);
const TableChatLine *table_log_chat(const TableState *t, int i);
void table_log_toggle(TableState *t);
bool table_log_panel(const App *app, const TableState *t, SDL_Rect *out);
void table_log_scroll(App *app, TableState *t, int rows);
void table_log_wheel(App *app, TableState *t, int notches);
void table_log_draw(App *app, TableState *t);

/* scene_table_net.c: a table with friends (app->net; nothing without one).
 * Chat: T (when no card is picked up) or Ctrl+Enter opens the line, Enter
 * sends it (at most NET_CHAT_MAX characters; "/mute N", "/unmute N" mute
 * a seat here), Esc closes it; while it is open every key is the line's.
 * Lines show briefly over the table and in the recent-events log. The
 * seats' plates say who is reconnecting (the grace countdown) or away
 * with a computer playing, and a banner says when this window reconnects
 * or the host has left. Kowah's claim window (the host's time limit on a
 * person's claim) is shown to every seat: a bar running down on the
 * claimant's plate, and beside the discard pile who may claim which card
 * and the seconds left (to the claimant: claim or pass, and the time).
 * Another person's plate is a widget (W_PLATE + seat: clicked, or reached
 * with Tab and Enter or the menu key) that opens a small menu under it,
 * Mute or Unmute (W_PLATE_MUTE): that seat's lines are not shown here.
 * table_net_widgets adds them at each relayout; table_net_button takes
 * their activation (false: not theirs). */
bool table_net_event(App *app, TableState *t, const SDL_Event *e); /* true: taken */
void table_net_widgets(App *app, TableState *t);
bool table_net_button(App *app, TableState *t, int id);
void table_net_update(App *app, TableState *t);
/* table_net_draw_plates: what the seats' plates say of their connection
 * and their clocks, drawn with the plates (under the move log and any
 * question); table_net_draw: the claim window, the banner and the chat,
 * over everything. */
void table_net_draw_plates(App *app, TableState *t);
void table_net_draw(App *app, TableState *t);
/* Where the chat lines shown over the table go (scene_table_net.c): the
 * newest, up to `cap`, each with its line's index in t->chat.lines, its
 * background and the rectangle its words are wrapped in. They lie at the
 * nearest place to the pool's top left (Kowah: left of the stock) between
 * the top bar and the prompt bar that covers no card (each sprite where it
 * comes to rest, the stock, the piles, the discard pile) and, where there
 * is such a place, no seat's plate; the oldest are given up while there is
 * none; when not even the newest line fits, it lies alone over the prompt
 * bar. Returns how many; the same players' table and watch screen. */
typedef struct TableChatPlace {
    int line;
    SDL_Rect bg, text;
} TableChatPlace;
int table_chat_place(App *app, TableState *t, TableChatPlace *out, int cap);
/* The table leaves: the network table goes with it. */
void table_net_leave(App *app);
/* While a network match is played: this window hosts it and another person
 * sits there (leaving stops it for them); a computer may play this
 * window's seat for a while (the Leave dialog's third button), and asking
 * for that (told as a toast: a move of theirs takes it back). */
bool table_net_hosts_friends(const TableState *t);
bool table_net_can_stand_in(const TableState *t);
void table_net_stand_in(App *app, TableState *t);
/* This window is cut off from its network table (reconnecting, or the
 * host gone): nobody there is thinking that it can see. */
bool table_net_cut_off(const TableState *t);
/* Where the banner saying this window is cut off from its network table
 * (reconnecting, or the host gone) is drawn; empty while it is not (the
 * host-gone panel open says it instead). No plate's word goes over it. */
SDL_Rect table_cut_off_banner(App *app, const TableState *t);
/* The host says `seat`'s person is away (their connection dropped, its
 * grace running): not thinking, whatever their turn. */
bool table_net_seat_away(const TableState *t, int seat);
/* The network table's stand-in for this window's own seat asked for (on)
 * or given back (off); false when it could not be asked. Each update the
 * session's stand-in of that seat follows what the host's seats say. */
bool table_net_own_stand_in(App *app, TableState *t, bool on);
/* The table is on a ceki-server (no seat is the host's own screen). */
bool table_net_on_server(const App *app, const TableState *t);
/* The host-gone panel's words (heading, body), the seconds waited so far. */
/* The host-gone panel's second button: Keep waiting, or Try again once the
 * window stopped trying; NULL when nothing can be waited for (closed). */
const char *table_net_gone_wait_label(const App *app, const TableState *t);
/* That button pressed: true when the panel closes (the banner counts on). */
bool table_net_gone_wait(App *app, TableState *t);
void table_net_gone_words(const App *app, const TableState *t, char *head, size_t hsize, char *body,
                          size_t bsize);

/* scene_table_board.c: the players' table drawn for a spectator (the
 * watch screen), by the table's own view, animation and drawing: a
 * TableState with no session, the hands at every seat hidden, nothing that
 * acts. create makes it for the variant and players of net's table (seat 0
 * at the bottom, laid out at the window's size as the players' table is);
 * show hands it a spectator's Observation (animate: its cards glide there,
 * else they are put there); events queues the moves' events as the
 * spectator was sent them, so a card played moves as at the table;
 * drop_events gives up those not yet played (the next show puts the table
 * in step); update plays them on (true while anything moves); draw draws what the table
 * draws of the cards, the seats and the move log, without the top bar, the
 * prompt and the buttons (the watch screen's own). */
TableState *table_board_create(App *app, const VariantDesc *v, int players, struct NetTable *net);
void table_board_destroy(TableState *t);
void table_board_show(App *app, TableState *t, const Observation *o, bool animate);
void table_board_events(TableState *t, const GameEvent *ev, int n);
void table_board_drop_events(TableState *t);
bool table_board_update(App *app, TableState *t, double dt);
void table_board_draw(App *app, TableState *t);
/* The cards face up on the board (pool, spot, piles, discard, hands; in
 * flight too), in any order; how many (at most cap). */
int table_board_faces(const TableState *t, Card *out, int cap);
/* Opens the chat line, as T does. */
void table_net_chat_open(TableState *t);
/* scene_table_net.c: who watches the network table, as its top bar says it
 * ("Watching: Sari, Dewi"; "" with nobody or no network table). */
void table_net_watchers(const App *app, const TableState *t, char *buf, size_t size);

/* ---- for tests and tools -------------------------------------------------- */

/* The table on top of the stack (or NULL). */
TableState *table_top(App *app);
/* The game being played (NULL when the table is not on top). */
const Game *table_game(App *app);
/* Whether the table waits for its viewer's decision with nothing moving. */
bool table_waits_for_person(App *app);
/* Screen rectangle of the n-th card of kind c (n from 0, display order) in
 * the viewer's hand (FZ_HAND) or the pool (FZ_POOL); false when absent. */
bool table_card_rect(App *app, FocusZone zone, Card c, int n, SDL_Rect *out);
/* A point where a click lands on that card (not on a card overlapping it). */
bool table_card_point(App *app, FocusZone zone, Card c, int n, int *x, int *y);
/* A point of the pool's free space (a trail's drop), of the stock pile, of
 * the discard pile. */
bool table_free_pool_point(App *app, int *x, int *y);
bool table_stock_point(App *app, int *x, int *y);
bool table_discard_point(App *app, int *x, int *y);
/* The focused card (zone FZ_NONE when none). */
void table_focus(App *app, FocusZone *zone, Card *c);
SDL_Rect table_rect(TlRect r);

#endif
