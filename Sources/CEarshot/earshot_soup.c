#include "earshot_soup.h"

SoupSession *earshot_soup_session_new(const char *user_agent, guint timeout_seconds) {
    return soup_session_new_with_options("user-agent", user_agent, "timeout", timeout_seconds, NULL);
}

SoupSession *earshot_soup_session_new_with_cookies(const char *user_agent, guint timeout_seconds) {
    SoupSession *session = earshot_soup_session_new(user_agent, timeout_seconds);
    SoupCookieJar *jar = soup_cookie_jar_new();
    soup_session_add_feature(session, SOUP_SESSION_FEATURE(jar));
    g_object_unref(jar);
    return session;
}

SoupServer *earshot_soup_server_new(const char *server_header) {
    return soup_server_new("server-header", server_header, NULL);
}

void earshot_soup_message_forbid_redirects(SoupMessage *message) {
    soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT);
}

/* libsoup 3.2 keeps a connection only when the answer's length is framed, and judges that from the
   headers alone: a 304 without Content-Length (nginx, Apache and Python's http.server send none; it has
   no body by definition) reads as "body until the connection closes", so the connection is dropped. */
static void earshot_frame_not_modified(SoupMessage *message, gpointer unused) {
    (void)unused;
    SoupMessageHeaders *headers = soup_message_get_response_headers(message);
    if (soup_message_get_status(message) == SOUP_STATUS_NOT_MODIFIED
        && soup_message_headers_get_encoding(headers) == SOUP_ENCODING_EOF) {
        soup_message_headers_set_content_length(headers, 0);
    }
}

void earshot_soup_message_keep_connection_after_304(SoupMessage *message) {
    g_signal_connect(message, "got-headers", G_CALLBACK(earshot_frame_not_modified), NULL);
}
