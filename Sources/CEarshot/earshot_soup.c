#include "earshot_soup.h"

SoupSession *earshot_soup_session_new(const char *user_agent, guint timeout_seconds) {
    return soup_session_new_with_options("user-agent", user_agent, "timeout", timeout_seconds, NULL);
}

SoupServer *earshot_soup_server_new(const char *server_header) {
    return soup_server_new("server-header", server_header, NULL);
}
