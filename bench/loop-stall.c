/* loop-stall: how long Earshot's loop stops answering while it works on something else.
 *
 * Calls Get(Position) on org.mpris.MediaPlayer2.earshot, waiting up to 10 minutes for each answer, one
 * call every INTERVAL_MS milliseconds, until STOP_FILE exists; then prints the round trips' median,
 * 99th percentile and maximum. The maximum is the loop's longest stall (plus one round trip): a call
 * that arrives while the loop is busy is answered when it is free again. Unlike
 * `earshot-bench library-latency`, a stall of many seconds is measured instead of ending the run.
 *
 * Usage: loop-stall STOP_FILE [INTERVAL_MS]     (bench/download-request.sh builds and runs it) */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: loop-stall STOP_FILE [INTERVAL_MS]\n");
        return 64;
    }
    const char *stop = argv[1];
    int interval = argc > 2 ? atoi(argv[2]) : 2;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "loop-stall: no session bus: %s\n", error.message);
        return 1;
    }
    size_t count = 0, capacity = 1024;
    double *samples = malloc(capacity * sizeof *samples);
    const char *interface = "org.mpris.MediaPlayer2.Player", *property = "Position";
    while (access(stop, F_OK) != 0) {
        DBusMessage *call = dbus_message_new_method_call("org.mpris.MediaPlayer2.earshot", "/org/mpris/MediaPlayer2",
                                                         "org.freedesktop.DBus.Properties", "Get");
        dbus_message_append_args(call, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &property, DBUS_TYPE_INVALID);
        double start = now_ms();
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, 600000, &error);
        double elapsed = now_ms() - start;
        dbus_message_unref(call);
        if (!reply) {
            fprintf(stderr, "loop-stall: Get(Position) failed: %s\n", error.message);
            return 1;
        }
        dbus_message_unref(reply);
        if (count == capacity) samples = realloc(samples, (capacity *= 2) * sizeof *samples);
        samples[count++] = elapsed;
        usleep(interval * 1000);
    }
    if (count == 0) {
        printf("no calls\n");
        return 0;
    }
    qsort(samples, count, sizeof *samples, compare);
    printf("Get(Position): p50 %.1f ms, p99 %.1f ms, longest %.1f ms (%zu calls)\n", samples[count / 2],
           samples[count * 99 / 100 < count ? count * 99 / 100 : count - 1], samples[count - 1], count);
    free(samples);
    return 0;
}
