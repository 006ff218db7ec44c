/* net_ticket.h — the way back to a network match in progress:
 * the ticket of net_table.h kept in the player's store, and the call that
 * takes the player back to its table on the next start.
 *
 * Contract
 * - net_ticket_save keeps the ticket of the table the player sits at (one
 *   at a time, with the variant's key for the title's caption);
 *   net_ticket_load reads it back (false when there is none or it does not
 *   read as a ticket); net_ticket_forget drops it (the match is over, or
 *   the player left it on purpose).
 * - net_ticket_at: whether the ticket is a seat at the table at a (same
 *   host, port and table id).
 * - net_ticket_caption: the words of the title's button, "Rejoin the table
 *   at HOST", translated.
 * - net_ticket_rejoin goes back: a table this program hosted is hosted
 *   again from its journal in net_ticket_data_dir (net_table_resume, same
 *   port); another's is joined with the seat's token. NULL with a sentence.
 * - net_ticket_data_dir: the folder of a hosted table's journal, beside
 *   the player's store (made if missing); false when there is none.
 * No SDL beyond the paths; one thread.
 */
#ifndef CEKI_APP_NET_TICKET_H
#define CEKI_APP_NET_TICKET_H

#include <stdbool.h>
#include <stddef.h>

#include "net_table.h"
#include "store.h"

bool net_ticket_save(Store *st, const NetTicket *t, const char *variant_key, char *err,
                     size_t err_size);
bool net_ticket_load(Store *st, NetTicket *out);
void net_ticket_forget(Store *st);
bool net_ticket_at(const NetTicket *t, const NetAddress *a);
void net_ticket_caption(const NetTicket *t, char *buf, size_t size);
bool net_ticket_data_dir(char *out, size_t size);
NetTable *net_ticket_rejoin(const NetTicket *t, const char *name, char *err, size_t err_size);

#endif
