/* status.h — status codes shared by every module of the rules core.
 *
 * Contract: every fallible core function returns a CekiStatus (or reports one
 * through an out-parameter). CEKI_OK is zero; every other value is an error
 * and the function that returned it changed nothing the caller can see.
 */
#ifndef CEKI_STATUS_H
#define CEKI_STATUS_H

/* Marks a player-facing English string of the core for translation: the
 * core keeps it as it is, the program translates it where it shows it
 * (gettext's N_ convention; po/ceki.pot is extracted with this keyword). */
#ifndef N_
#define N_(s) (s)
#endif

typedef enum CekiStatus {
    CEKI_OK = 0,
    CEKI_ERR_ARG,        /* a NULL pointer, a count out of range, ... */
    CEKI_ERR_PARSE,      /* text that is not in the expected notation */
    CEKI_ERR_ILLEGAL,    /* a move the rules do not allow now */
    CEKI_ERR_STATE,      /* the request does not fit the game's state */
    CEKI_ERR_IMPOSSIBLE, /* a position that cannot occur with this deck */
    CEKI_ERR_NOMEM,      /* allocation failed */
    CEKI_ERR_IO,         /* reading or writing a FILE* failed */
    CEKI_ERR_UNSUPPORTED /* the variant or option does not have this */
} CekiStatus;

/* A short English sentence for a status; never NULL, borrowed. */
const char *ceki_status_text(CekiStatus status);

#endif
