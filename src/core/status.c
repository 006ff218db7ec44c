#include "status.h"

const char *ceki_status_text(CekiStatus status)
{
    switch (status) {
    case CEKI_OK: return N_("ok");
    case CEKI_ERR_ARG: return N_("invalid argument");
    case CEKI_ERR_PARSE: return N_("not in the expected notation");
    case CEKI_ERR_ILLEGAL: return N_("that move is not allowed now");
    case CEKI_ERR_STATE: return N_("not possible in the current state of the game");
    case CEKI_ERR_IMPOSSIBLE: return N_("that position cannot occur with this deck");
    case CEKI_ERR_NOMEM: return N_("out of memory");
    case CEKI_ERR_IO: return N_("reading or writing failed");
    case CEKI_ERR_UNSUPPORTED: return N_("not supported by this variant");
    }
    return N_("unknown status");
}
