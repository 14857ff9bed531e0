/* The Secret Service through libsecret (whose schema and attribute calls are variadic): the password of a
   sync account, stored under Earshot's schema with the server and the user as attributes. The synchronous
   calls block: make them off the main loop, on a thread of their own. */
#ifndef EARSHOT_SECRET_H
#define EARSHOT_SECRET_H
#include <glib.h>

gboolean earshot_secret_store(const char *server, const char *user, const char *password, GError **error);

/* The password, or NULL when none is stored (error unset) or the service failed (error set); free with
   earshot_secret_free. */
char *earshot_secret_lookup(const char *server, const char *user, GError **error);

gboolean earshot_secret_clear(const char *server, const char *user, GError **error);

void earshot_secret_free(char *password);

/* The same three, asynchronous: started from the thread whose thread-default main context (the loop) then
   runs `done` once, so that nobody waits for a Secret Service that answers slowly or not at all (a locked
   keyring's prompt, a hung service: 25 s per call). `done` gets whether the call worked, the password
   looked up (NULL when none; free it with earshot_secret_free), and the error when the service failed
   (freed by the caller with g_error_free). */
typedef void (*earshot_secret_done)(gboolean ok, char *password, GError *error, void *data);
void earshot_secret_store_async(const char *server, const char *user, const char *password, earshot_secret_done done, void *data);
void earshot_secret_lookup_async(const char *server, const char *user, earshot_secret_done done, void *data);
void earshot_secret_clear_async(const char *server, const char *user, earshot_secret_done done, void *data);

/* Registers the GTypes libsecret's calls use (the service, its collections, items and prompts, and
   GDBus's proxies) and makes GIO's default proxy resolver (which every HTTP transfer asks for, GStreamer's
   streaming threads too), from the thread that calls it: the daemon does so before any other thread
   starts, so that no two threads register types while one of them waits for the other. */
void earshot_secret_register_types(void);

/* Private feeds' passwords, under a schema of their own with the origin (https://host:port) and the user
   as attributes. */
gboolean earshot_secret_feed_store(const char *origin, const char *user, const char *password, GError **error);

gboolean earshot_secret_feed_clear(const char *origin, GError **error);

/* Calls found once per stored feed password that can be read without a prompt (a locked collection's are
   skipped); FALSE with error set when the service failed. */
typedef void (*earshot_secret_feed_found)(const char *origin, const char *user, const char *password, void *data);
gboolean earshot_secret_feed_each(earshot_secret_feed_found found, void *data, GError **error);

#endif
