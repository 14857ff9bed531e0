/* stack-floor: the resident-memory floor of Earshot's C libraries, with no application logic.
 *
 * One process, one GLib main loop, each library really used once and kept, as the daemon does:
 * a playbin playing AUDIO_URI into "fakesink sync=true" (mpg123 ranked over libav, looping), a
 * SoupSession fetching 100 KB from a SoupServer on 127.0.0.1, libxml2 parsing a small RSS document,
 * an SQLite database in WAL mode with a few rows, and a libdbus connection owning a name.
 *
 * Usage: stack-floor AUDIO_URI DATABASE_PATH     (bench/daemon-footprint.sh builds and runs it) */
#include <dbus/dbus.h>
#include <gst/gst.h>
#include <libsoup/soup.h>
#include <libxml/parser.h>
#include <sqlite3.h>
#include <string.h>

static GstElement *playbin;
static char body[100 * 1024];

static gboolean on_bus_message(GstBus *bus, GstMessage *message, gpointer data) {
    (void)bus; (void)data;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_EOS)
        gst_element_seek_simple(playbin, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH, 0);
    return G_SOURCE_CONTINUE;
}

static void play(const char *uri) {
    GstElementFactory *mpg123 = gst_element_factory_find("mpg123audiodec");
    if (mpg123) {
        gst_plugin_feature_set_rank(GST_PLUGIN_FEATURE(mpg123), GST_RANK_PRIMARY);
        gst_object_unref(mpg123);
    }
    playbin = gst_element_factory_make("playbin", NULL);
    GstElement *sink = gst_element_factory_make("fakesink", NULL);
    g_object_set(sink, "sync", TRUE, NULL);
    g_object_set(playbin, "audio-sink", sink, "uri", uri, NULL);
    GstBus *bus = gst_element_get_bus(playbin);
    gst_bus_add_watch(bus, on_bus_message, NULL);
    gst_object_unref(bus);
    gst_element_set_state(playbin, GST_STATE_PLAYING);
}

static void serve(SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
                  gpointer data) {
    (void)server; (void)path; (void)query; (void)data;
    soup_server_message_set_status(message, 200, NULL);
    soup_server_message_set_response(message, "application/octet-stream", SOUP_MEMORY_STATIC, body, sizeof body);
}

static void fetched(GObject *session, GAsyncResult *result, gpointer data) {
    (void)data;
    GBytes *bytes = soup_session_send_and_read_finish(SOUP_SESSION(session), result, NULL);
    if (bytes) g_bytes_unref(bytes);
}

static void fetch_over_http(void) {
    memset(body, 'x', sizeof body);
    SoupServer *server = soup_server_new(NULL, NULL);
    soup_server_add_handler(server, "/", serve, NULL, NULL);
    if (!soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, NULL)) return;
    GSList *uris = soup_server_get_uris(server);
    char *url = g_strdup_printf("http://127.0.0.1:%d/body", g_uri_get_port(uris->data));
    g_slist_free_full(uris, (GDestroyNotify)g_uri_unref);
    SoupSession *session = soup_session_new();
    SoupMessage *message = soup_message_new("GET", url);
    soup_session_send_and_read_async(session, message, G_PRIORITY_DEFAULT, NULL, fetched, NULL);
    g_object_unref(message);
    g_free(url);
}

static void parse_feed(void) {
    static const char feed[] =
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Floor</title>"
        "<item><title>One</title><guid>1</guid><enclosure url=\"http://e.example/1.mp3\" type=\"audio/mpeg\"/></item>"
        "</channel></rss>";
    xmlDocPtr document = xmlReadMemory(feed, (int)strlen(feed), "feed.xml", NULL, XML_PARSE_NONET);
    if (document) xmlFreeDoc(document);
}

static void store(const char *path) {
    sqlite3 *db;  /* kept open, as the daemon keeps its store */
    if (sqlite3_open(path, &db) != SQLITE_OK) return;
    sqlite3_exec(db, "PRAGMA journal_mode=WAL; CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, name TEXT);"
                     "INSERT INTO t(name) VALUES('a'),('b'),('c'); SELECT count(*) FROM t;", NULL, NULL, NULL);
}

static void own_a_name(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (connection) dbus_bus_request_name(connection, "org.mpris.MediaPlayer2.stackfloor", DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    dbus_error_free(&error);
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    gst_init(NULL, NULL);
    play(argv[1]);
    fetch_over_http();
    parse_feed();
    store(argv[2]);
    own_a_name();
    g_main_loop_run(g_main_loop_new(NULL, FALSE));
    return 0;
}
