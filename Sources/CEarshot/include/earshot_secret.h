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

#endif
