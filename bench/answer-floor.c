/* answer-floor: the quickest a process on this machine can answer MPRIS on the session bus.
 *
 * Owns NAME (org.mpris.MediaPlayer2.answerfloor by default) and answers, on any object path,
 * Properties.Get with the variant int64 0 (Position's type) and every other method call with an empty
 * reply, doing nothing else: no audio, no library, no network. `earshot-bench library-latency --floor
 * NAME` times the same calls on it and on Earshot, round by round, while Earshot imports or refreshes,
 * so the load on the machine (the two cores, dbus-daemon, the feed server, the measuring client) is
 * the same for both. What is left between the two is Earshot's own.
 *
 * Usage: answer-floor [NAME]     (bench/library.sh builds and runs it) */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>

static DBusHandlerResult answer(DBusConnection *connection, DBusMessage *message, void *unused) {
    (void)unused;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *reply = dbus_message_new_method_return(message);
    if (!reply) return DBUS_HANDLER_RESULT_NEED_MEMORY;
    if (strcmp(dbus_message_get_member(message), "Get") == 0) {
        DBusMessageIter iter, variant;
        dbus_int64_t position = 0;
        dbus_message_iter_init_append(reply, &iter);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_VARIANT, DBUS_TYPE_INT64_AS_STRING, &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_INT64, &position);
        dbus_message_iter_close_container(&iter, &variant);
    }
    if (!dbus_message_get_no_reply(message)) dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "org.mpris.MediaPlayer2.answerfloor";
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!connection) {
        fprintf(stderr, "answer-floor: no session bus: %s\n", error.message);
        return 1;
    }
    if (dbus_bus_request_name(connection, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "answer-floor: could not own %s\n", name);
        return 1;
    }
    dbus_connection_add_filter(connection, answer, NULL, NULL);
    while (dbus_connection_read_write_dispatch(connection, -1)) {}
    return 0;
}
