/* net_words.c — a host's reasons in the person's words
 * (net_table_reason_text, net_table.h). The protocol's own sentences
 * (net_reason_text) say what happened; where a person needs to know what
 * to do about it, the app says that instead. Every sentence is translated. */
#include "i18n.h"
#include "net_table.h"

/* The reasons a person meets on joining or at the table, said for them. */
static const char *reason_for_person(NetReason why, bool had_key)
{
    switch (why) {
    case NET_REASON_NONE: return _("The connection was lost.");
    case NET_REASON_VERSION:
        return _("The host plays another version of Ceki: both of you need the same version.");
    case NET_REASON_NO_TABLE: return _("That table is not there, or its match is over.");
    case NET_REASON_NO_SEAT: return _("There is no seat for you at that table.");
    case NET_REASON_REPLACED: return _("Your seat is now played from another window.");
    case NET_REASON_FULL: return _("The host has no room for another player.");
    case NET_REASON_GARBAGE:
    case NET_REASON_ABUSE: return _("The host closed the connection.");
    case NET_REASON_SHUTDOWN: return _("The host stopped the table.");
    case NET_REASON_HELLO_LATE:
        return _("The server closed the connection: it was asked nothing in time.");
    case NET_REASON_LOBBY_IDLE:
        return _("The server closes a connection that sits at no table for a minute: look "
                 "again to see its tables.");
    case NET_REASON_WRONG_KEY:
        return had_key ? _("The key in that invite is wrong: ask your friend to send the invite "
                           "link again.")
                       : _("That table is private: join it with the invite link your friend "
                           "sends, which carries its key.");
    case NET_REASON_NO_WATCHING:
        return _("That table takes no spectators: whoever made it chose that nobody watches.");
    case NET_REASON_WATCHERS_FULL:
        return _("That table has as many spectators as it takes: try again later.");
    case NET_REASON_ADDRESS_WATCHING:
        return _("Too many people from your network are watching already: one of them may "
                 "stop first.");
    case NET_REASON_WATCHING: return _("You are watching: a spectator makes no moves.");
    case NET_REASON_BAD_CONFIG: return _("The server does not allow a table of these rules.");
    default: return NULL;
    }
}

const char *net_table_reason_text(NetReason why, bool had_key)
{
    const char *said = reason_for_person(why, had_key);
    return said != NULL ? said : _(net_reason_text(why));
}
