/* libsoup constructors whose C API is variadic (property lists). */
#ifndef EARSHOT_SOUP_H
#define EARSHOT_SOUP_H
#include <libsoup/soup.h>

/* A client session with our User-Agent and an I/O timeout in seconds (0 = none). */
SoupSession *earshot_soup_session_new(const char *user_agent, guint timeout_seconds);

/* The same, keeping cookies between requests (a web service's session). */
SoupSession *earshot_soup_session_new_with_cookies(const char *user_agent, guint timeout_seconds);

/* Makes the message come back with a redirect's own status instead of following it. */
void earshot_soup_message_forbid_redirects(SoupMessage *message);

/* Lets the session keep the connection after a 304 that has no Content-Length (see the .c file). */
void earshot_soup_message_keep_connection_after_304(SoupMessage *message);

/* A server that names itself with the given header value (tests and the fixture server). */
SoupServer *earshot_soup_server_new(const char *server_header);

#endif
