/* The Secret Service through libsecret (whose schema and attribute calls are variadic): the password of a
   sync account, stored under Earshot's schema with the server and the user as attributes. Synchronous: call
   them off the main loop. */
#ifndef EARSHOT_SECRET_H
#define EARSHOT_SECRET_H
#include <glib.h>

gboolean earshot_secret_store(const char *server, const char *user, const char *password, GError **error);

/* The password, or NULL when none is stored (error unset) or the service failed (error set); free with
   earshot_secret_free. */
char *earshot_secret_lookup(const char *server, const char *user, GError **error);

gboolean earshot_secret_clear(const char *server, const char *user, GError **error);

void earshot_secret_free(char *password);

/* Private feeds' passwords, under a schema of their own with the origin (https://host:port) and the user
   as attributes. */
gboolean earshot_secret_feed_store(const char *origin, const char *user, const char *password, GError **error);

gboolean earshot_secret_feed_clear(const char *origin, GError **error);

/* Calls found once per stored feed password that can be read without a prompt (a locked collection's are
   skipped); FALSE with error set when the service failed. */
typedef void (*earshot_secret_feed_found)(const char *origin, const char *user, const char *password, void *data);
gboolean earshot_secret_feed_each(earshot_secret_feed_found found, void *data, GError **error);

#endif
