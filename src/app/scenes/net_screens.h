/* net_screens.h — what the screens of a network table share:
 * the host, join, lobby and waiting room screens and the table's plates.
 *
 * Contract: words for seat kinds, seat states and the network table's
 * states (translated, our own); the person's name (the setting, else the
 * system's user name); the rules a hosted table gets from app->setup; a
 * text field drawn in the screens' look. Nothing here talks to the network
 * or keeps state; the seats and states come from net_table.h.
 */
#ifndef CEKI_APP_NET_SCREENS_H
#define CEKI_APP_NET_SCREENS_H

#include <stdbool.h>
#include <stddef.h>

#include "app.h"
#include "net_table.h"
#include "text_field.h"
#include "ui.h"

/* The name others see: Settings' "Your name", else the system's user
 * name (getpwuid, $USER), else a word for a player; never empty, at most
 * NET_NAME_MAX bytes cut on a character boundary. */
void net_screens_player_name(const App *app, char *buf, size_t size);
/* The same without the setting: the system's user name, or the word. */
void net_screens_system_name(char *buf, size_t size);
/* Keeps a name typed on a screen as Settings' "Your name" (saved), when
 * it may be one (settings_name_ok) and differs. */
void net_screens_keep_name(App *app, const char *name);
/* Where discovery listens and asks, and a hosted table listens:
 * $CEKI_DISCOVERY_TO (tests: an address, 127.0.0.1) or NULL for every
 * interface and the broadcast, and
 * $CEKI_DISCOVERY_PORT (0: the system chooses where it listens) or
 * DISCOVERY_PORT. */
const char *net_screens_discovery_address(void);
uint16_t net_screens_discovery_port(void);
/* The match on app->net has started: a session plays it from the table's
 * feed (session_create_net), app->session holds it (and the network table
 * with it: app->net is NULL after) and app->setup says its game, so the
 * table scene can take over; the ticket back to the table is kept in the
 * store (net_ticket.h) for a start after a crash. false (nothing changed)
 * while the person's view has not come yet. */
bool net_screens_play(App *app);
/* The way back to network table t kept in the store (net_ticket.h), so a
 * program killed at its table, or in its waiting room, comes back to the
 * same seat with Rejoin; said when it cannot be kept. Nothing without a
 * player's own store. */
void net_screens_keep_ticket(App *app, const NetTable *t);
/* The kept way back let go, when it is to t (its seat given up on
 * purpose); another table's stays. */
void net_screens_forget_ticket(App *app, const NetTable *t);
/* $CEKI_NET_LOCAL=1 (screenshots, the text-fit test): a screen that needs
 * a network table and has none hosts app->setup's game with friends on
 * 127.0.0.1, at a port the system chooses, private or open. NULL when not
 * asked or it cannot. */
NetTable *net_screens_local_table(App *app, bool open);
/* The table a screenshot hosts: g's game and seats on 127.0.0.1 at a port
 * the system chooses, private or open, with that watch and seed; NULL (said
 * on stderr) when it cannot. */
NetTable *net_screens_host_shot(App *app, const GameSetup *g, bool open, NetWatch watch,
                                uint64_t seed);
/* The name the person gave the server at "HOST:PORT" (Settings' list), or
 * NULL when it is not in the list. */
const char *net_screens_server_name(const App *app, const char *where);
/* The rules and seat kinds a table hosted from app->setup gets. */
void net_screens_rules(const GameSetup *g, NetTableRules *out);
/* Who may watch a table made in the app unless the person chooses:
 * nobody at a private table, everyone (NET_WATCH_PUBLIC) at an open one. */
NetWatch net_screens_watch_default(bool open);
/* A NetWatch choice in words ("Nobody", ...). */
const char *net_screens_watch_text(NetWatch watch);
/* The turn clock of a choice: the presets of proto.h (NET_CLOCK_*), zero
 * for TABLE_CLOCK_NONE (or out of range). */
NetClock net_screens_clock(TableClock c);
/* A clock in words: "No turn clock", or the preset's name and its numbers
 * ("Normal: 20 s a move + 2 min bank"), or for a clock of other numbers
 * (ceki-cli's) the numbers alone. */
void net_screens_clock_words(const NetClock *c, char *buf, size_t size);
/* A clock's numbers alone, "20 s + 2 min" ("" for none). */
void net_screens_clock_short(const NetClock *c, char *buf, size_t size);
/* A time as a plate shows it: "M:SS", its seconds rounded up. */
void net_screens_clock_time(uint32_t ms, char *buf, size_t size);

/* A seat's time as its plate shows it, counted down from what the host
 * told (told) gone_ms ago: the running seat's move time first, then its
 * bank; any other seat has a whole move's time (rules) and its bank. low:
 * the running seat has less than NET_SCREENS_CLOCK_LOW_MS in all. */
#define NET_SCREENS_CLOCK_LOW_MS 10000u
typedef struct NetClockShown {
    bool on;      /* the table has a clock and the seat is one of it */
    bool running; /* the seat's time runs now */
    bool low;     /* running, and little is left */
    uint32_t move_ms, bank_ms;
} NetClockShown;
void net_screens_clock_left(const NetClockState *told, const NetClock *rules, int seat,
                            uint32_t gone_ms, NetClockShown *out);
/* "0:12 + 1:45" (move time + bank); when low, said in words too
 * ("Hurry! 0:07 + 0:00"), so it does not rest on colour alone. "" when
 * !on. */
void net_screens_clock_text(const NetClockShown *c, char *buf, size_t size);
/* "You", "A friend", "Computer (strong)", ... */
const char *net_screens_kind_text(NetSeatKind kind);
/* Who watches a table, as both the players' table and the watch screen say
 * it ("Watching: Sari, Dewi", the first few names and how many more); ""
 * when nobody does (or seats is NULL). */
#define NET_WATCHERS_TEXT_MAX (NET_MAX_WATCHERS * (NET_NAME_MAX + 2) + 96)
void net_screens_watchers_text(const NetSeats *seats, char *buf, size_t size);
/* A seat as the waiting room and the plates say it: here, waiting for a
 * friend, reconnecting (with the seconds left of the grace period),
 * away with a computer playing. */
void net_screens_seat_text(const NetSeat *seat, char *buf, size_t size);
/* The table's state in a few words ("Connecting", "Waiting for the host to
 * start", ...). */
const char *net_screens_state_text(NetTableState state, bool host);
/* A game's name by its VariantId, "?" when out of range. */
const char *net_screens_variant_name(unsigned variant);
/* Every network screen's look: drawn first, the background and the
 * heading (title, subtitle); then its main panel on the left and the
 * narrower one beside it (each drawn, its rectangle returned); drawn last,
 * the Back button (widget back_id) and npairs key hints (a key and an N_()
 * word each). */
void net_screens_draw_frame(App *app, const char *title, const char *subtitle);
SDL_Rect net_screens_draw_main_panel(App *app);
SDL_Rect net_screens_draw_side_panel(App *app);
void net_screens_draw_footer(App *app, const Ui *ui, int back_id, const char *const *hints,
                             int npairs);
/* "Your name": a field of at most NET_NAME_MAX bytes, holding the
 * player's name (net_screens_player_name). */
void net_screens_name_field(const App *app, TextField *f);
/* An event for the field being typed into: the field's answer, and once
 * the person types again (a key or text taken) the complaint shown is read
 * and `error` emptied. */
TextFieldResult net_screens_type(TextField *f, const SDL_Event *e, char *error);
/* Hands e to a form's widgets, of which the nfields `fields` are text
 * fields: focus a key moves onto a field makes it the one typed into
 * (*active; moved elsewhere, none), and so does activating a field. The
 * widgets' answer. */
UiEvent net_screens_form_event(Ui *ui, const SDL_Event *e, const int *fields, int nfields,
                               int *active);
/* An invite link (or any text without spaces) in a framed box from
 * (x, y), w wide: broken into as many lines as it needs, each as wide as
 * fits, so a long key never runs out of its box. Returns the height used. */
int net_screens_draw_invite(App *app, const char *invite, int x, int y, int w);
/* Who sits in a seat, as a window says it: "You" for its own seat, "The
 * host" for the host's person seen from another window, else the kind. */
const char *net_screens_who_text(const NetSeat *seat, bool own);
/* A text field widget (kind WIDGET_ITEM) with its text, or the
 * placeholder in faint ink when empty, and the cursor when active. */
void net_screens_draw_field(App *app, const Ui *ui, int id, const TextField *f, bool active,
                            const char *placeholder);

#endif
