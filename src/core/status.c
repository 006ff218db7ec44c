#include "status.h"

const char *ceki_status_text(CekiStatus status)
{
    switch (status) {
    case CEKI_OK: return "ok";
    case CEKI_ERR_ARG: return "invalid argument";
    case CEKI_ERR_PARSE: return "not in the expected notation";
    case CEKI_ERR_ILLEGAL: return "that move is not allowed now";
    case CEKI_ERR_STATE: return "not possible in the current state of the game";
    case CEKI_ERR_IMPOSSIBLE: return "that position cannot occur with this deck";
    case CEKI_ERR_NOMEM: return "out of memory";
    case CEKI_ERR_IO: return "reading or writing failed";
    case CEKI_ERR_UNSUPPORTED: return "not supported by this variant";
    }
    return "unknown status";
}
