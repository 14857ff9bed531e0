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

static const SecretSchema *earshot_feed_schema(void) {
    static const SecretSchema schema = {
        "org.earshot.Earshot.Feed", SECRET_SCHEMA_NONE,
        {
            { "origin", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

gboolean earshot_secret_feed_store(const char *origin, const char *user, const char *password, GError **error) {
    /* One password per origin: the one of another user goes first. */
    if (!secret_password_clear_sync(earshot_feed_schema(), NULL, error, "origin", origin, NULL) && error && *error)
        return FALSE;
    char *label = g_strdup_printf("Earshot private podcast feed: %s at %s", user, origin);
    gboolean stored = secret_password_store_sync(earshot_feed_schema(), SECRET_COLLECTION_DEFAULT, label, password, NULL, error,
                                                 "origin", origin, "user", user, NULL);
    g_free(label);
    return stored;
}

gboolean earshot_secret_feed_clear(const char *origin, GError **error) {
    secret_password_clear_sync(earshot_feed_schema(), NULL, error, "origin", origin, NULL);
    return error == NULL || *error == NULL;
}

gboolean earshot_secret_feed_each(earshot_secret_feed_found found, void *data, GError **error) {
    GList *items = secret_password_search_sync(earshot_feed_schema(),
                                               SECRET_SEARCH_ALL | SECRET_SEARCH_LOAD_SECRETS,
                                               NULL, error, NULL);
    if (error && *error) return FALSE;
    for (GList *each = items; each; each = each->next) {
        SecretRetrievable *item = each->data;
        GHashTable *attributes = secret_retrievable_get_attributes(item);
        SecretValue *value = secret_retrievable_retrieve_secret_sync(item, NULL, NULL);
        const char *origin = attributes ? g_hash_table_lookup(attributes, "origin") : NULL;
        const char *user = attributes ? g_hash_table_lookup(attributes, "user") : NULL;
        const char *password = value ? secret_value_get_text(value) : NULL;
        if (origin && user && password) found(origin, user, password, data);
        if (value) secret_value_unref(value);
        if (attributes) g_hash_table_unref(attributes);
    }
    g_list_free_full(items, g_object_unref);
    return TRUE;
}
