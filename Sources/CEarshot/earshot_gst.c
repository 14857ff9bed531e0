#include "earshot_gst.h"

GstClockTime earshot_gst_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }

void earshot_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

void earshot_object_set_object(gpointer object, const char *name, gpointer value) {
    g_object_set(object, name, value, NULL);
}

void earshot_object_set_double(gpointer object, const char *name, gdouble value) {
    g_object_set(object, name, value, NULL);
}

void earshot_object_set_uint(gpointer object, const char *name, guint value) {
    g_object_set(object, name, value, NULL);
}

void earshot_object_set_uint64(gpointer object, const char *name, guint64 value) {
    g_object_set(object, name, value, NULL);
}

gdouble earshot_object_get_double(gpointer object, const char *name) {
    gdouble value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

GSource *earshot_bus_watch_new(GstBus *bus, GstBusFunc func, gpointer data, GDestroyNotify notify) {
    GSource *source = gst_bus_create_watch(bus);
    if (source)
        g_source_set_callback(source, (GSourceFunc)(void (*)(void))func, data, notify);
    return source;
}

GstMessageType earshot_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }
GstObject *earshot_message_src(GstMessage *message) { return GST_MESSAGE_SRC(message); }
GstEventType earshot_event_type(GstEvent *event) { return GST_EVENT_TYPE(event); }
GstClockTime earshot_buffer_pts(GstBuffer *buffer) { return GST_BUFFER_PTS(buffer); }
GstClockTime earshot_buffer_duration(GstBuffer *buffer) { return GST_BUFFER_DURATION(buffer); }

GstBuffer *earshot_probe_info_buffer(GstPadProbeInfo *info) {
    return (info->type & GST_PAD_PROBE_TYPE_BUFFER) ? GST_PAD_PROBE_INFO_BUFFER(info) : NULL;
}

GstEvent *earshot_probe_info_event(GstPadProbeInfo *info) {
    return (info->type & (GST_PAD_PROBE_TYPE_EVENT_BOTH | GST_PAD_PROBE_TYPE_EVENT_FLUSH)) ? GST_PAD_PROBE_INFO_EVENT(info) : NULL;
}

void earshot_probe_info_set_data(GstPadProbeInfo *info, gpointer data) { GST_PAD_PROBE_INFO_DATA(info) = data; }

gboolean earshot_is_bin(gpointer object) { return GST_IS_BIN(object); }

const char *earshot_element_factory_name(GstElement *element) {
    GstElementFactory *factory = gst_element_get_factory(element);
    return factory ? GST_OBJECT_NAME(factory) : "";
}

gboolean earshot_object_has_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

char *earshot_object_dup_string(gpointer object, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL || spec->value_type != G_TYPE_STRING) return NULL;
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}
