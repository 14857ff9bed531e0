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
