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

/* What an asynchronous call hands back to its caller. */
typedef struct {
    earshot_secret_done done;
    void *data;
} earshot_secret_call;

static earshot_secret_call *earshot_secret_call_new(earshot_secret_done done, void *data) {
    earshot_secret_call *call = g_new(earshot_secret_call, 1);
    call->done = done;
    call->data = data;
    return call;
}

static void earshot_secret_stored(GObject *source, GAsyncResult *result, gpointer user_data) {
    earshot_secret_call *call = user_data;
    GError *error = NULL;
    gboolean ok = secret_password_store_finish(result, &error);
    call->done(ok, NULL, error, call->data);
    g_free(call);
}

static void earshot_secret_looked_up(GObject *source, GAsyncResult *result, gpointer user_data) {
    earshot_secret_call *call = user_data;
    GError *error = NULL;
    char *password = secret_password_lookup_finish(result, &error);
    call->done(error == NULL, password, error, call->data);
    g_free(call);
}

static void earshot_secret_cleared(GObject *source, GAsyncResult *result, gpointer user_data) {
    earshot_secret_call *call = user_data;
    GError *error = NULL;
    gboolean cleared = secret_password_clear_finish(result, &error);
    call->done(cleared || error == NULL, NULL, error, call->data);
    g_free(call);
}

void earshot_secret_store_async(const char *server, const char *user, const char *password, earshot_secret_done done, void *data) {
    char *label = g_strdup_printf("Earshot podcast sync: %s at %s", user, server);
    secret_password_store(earshot_sync_schema(), SECRET_COLLECTION_DEFAULT, label, password, NULL, earshot_secret_stored,
                          earshot_secret_call_new(done, data), "server", server, "user", user, NULL);
    g_free(label);
}

void earshot_secret_lookup_async(const char *server, const char *user, earshot_secret_done done, void *data) {
    secret_password_lookup(earshot_sync_schema(), NULL, earshot_secret_looked_up, earshot_secret_call_new(done, data),
                           "server", server, "user", user, NULL);
}

void earshot_secret_clear_async(const char *server, const char *user, earshot_secret_done done, void *data) {
    secret_password_clear(earshot_sync_schema(), NULL, earshot_secret_cleared, earshot_secret_call_new(done, data),
                          "server", server, "user", user, NULL);
}

void earshot_secret_register_types(void) {
    g_type_ensure(SECRET_TYPE_SERVICE);
    g_type_ensure(SECRET_TYPE_COLLECTION);
    g_type_ensure(SECRET_TYPE_ITEM);
    g_type_ensure(SECRET_TYPE_PROMPT);
    g_type_ensure(SECRET_TYPE_VALUE);
    g_type_ensure(G_TYPE_DBUS_PROXY);
    g_type_ensure(G_TYPE_DBUS_CONNECTION);
    /* The proxy resolver every libsoup transfer asks for (GStreamer's HTTP source on its own thread
       too): made here, its GIO module loaded and, on a desktop, its settings backend with it. */
    (void) g_proxy_resolver_get_default();
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
