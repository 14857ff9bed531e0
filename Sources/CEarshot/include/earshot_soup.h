/* libsoup constructors whose C API is variadic (property lists). */
#ifndef EARSHOT_SOUP_H
#define EARSHOT_SOUP_H
#include <libsoup/soup.h>

/* A client session with our User-Agent and an I/O timeout in seconds (0 = none). */
SoupSession *earshot_soup_session_new(const char *user_agent, guint timeout_seconds);

/* A server that names itself with the given header value (tests and the fixture server). */
SoupServer *earshot_soup_server_new(const char *server_header);

#endif
