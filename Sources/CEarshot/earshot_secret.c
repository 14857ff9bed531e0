#include "earshot_secret.h"
#include <libsecret/secret.h>

static const SecretSchema *earshot_sync_schema(void) {
    static const SecretSchema schema = {
        "org.earshot.Earshot.Sync", SECRET_SCHEMA_NONE,
        {
            { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

gboolean earshot_secret_store(const char *server, const char *user, const char *password, GError **error) {
    char *label = g_strdup_printf("Earshot podcast sync: %s at %s", user, server);
    gboolean stored = secret_password_store_sync(earshot_sync_schema(), SECRET_COLLECTION_DEFAULT, label, password, NULL, error,
                                                 "server", server, "user", user, NULL);
    g_free(label);
    return stored;
}

char *earshot_secret_lookup(const char *server, const char *user, GError **error) {
    return secret_password_lookup_sync(earshot_sync_schema(), NULL, error, "server", server, "user", user, NULL);
}

gboolean earshot_secret_clear(const char *server, const char *user, GError **error) {
    return secret_password_clear_sync(earshot_sync_schema(), NULL, error, "server", server, "user", user, NULL);
}

void earshot_secret_free(char *password) {
    secret_password_free(password);
}
