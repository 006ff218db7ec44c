/* transcript_replay.h — a match's whole transcript from its record, read
 * through one seat's eyes (game_events_for_seat and game_observe of that
 * seat), as transcript.h prints it live. A network bot uses it once the
 * match is over and its record (public then) has arrived, when it did not
 * see every move (it was restarted, or came back after moves it missed).
 *
 * Contract: a malloc'd string, the "match:" line first, or NULL with a
 * sentence in err when the record does not read. seat -1: a spectator.
 */
#ifndef CEKI_CLI_TRANSCRIPT_REPLAY_H
#define CEKI_CLI_TRANSCRIPT_REPLAY_H

#include <stddef.h>

char *transcript_from_record(const char *text, size_t len, int seat, char *err, size_t err_size);

#endif
