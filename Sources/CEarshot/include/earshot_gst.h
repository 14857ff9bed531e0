/* GStreamer helpers Swift cannot import directly: cast macros, variadic property setters, a typed bus
 * watch, and the accessor macros for messages, events, buffers and probe infos. No logic lives here. */
#ifndef EARSHOT_GST_H
#define EARSHOT_GST_H
#include <gst/gst.h>

/* GST_CLOCK_TIME_NONE (a cast macro). */
GstClockTime earshot_gst_clock_time_none(void);

/* playbin's GstPlayFlags (the enum lives inside the plugin, not in a public header). */
#define EARSHOT_GST_PLAY_FLAG_AUDIO (1u << 1)
#define EARSHOT_GST_PLAY_FLAG_DOWNLOAD (1u << 7)

/* GST_ELEMENT_FACTORY_TYPE_DECODER | GST_ELEMENT_FACTORY_TYPE_MEDIA_AUDIO (cast macros upstream). */
#define EARSHOT_GST_FACTORY_TYPE_AUDIO_DECODER 0x0004000000000001

/* g_object_set / g_object_get for one property of a given type. */
void earshot_object_set_string(gpointer object, const char *name, const char *value);
void earshot_object_set_object(gpointer object, const char *name, gpointer value);
void earshot_object_set_double(gpointer object, const char *name, gdouble value);
void earshot_object_set_uint(gpointer object, const char *name, guint value);
void earshot_object_set_uint64(gpointer object, const char *name, guint64 value);
gdouble earshot_object_get_double(gpointer object, const char *name);
/* A string property's value (g_free it), or NULL when the object has no such string property. */
char *earshot_object_dup_string(gpointer object, const char *name);
/* Whether the object's class has the property. */
gboolean earshot_object_has_property(gpointer object, const char *name);

/* A bus watch GSource (not yet attached) whose callback is a GstBusFunc. */
GSource *earshot_bus_watch_new(GstBus *bus, GstBusFunc func, gpointer data, GDestroyNotify notify);

/* GST_MESSAGE_TYPE, GST_MESSAGE_SRC, GST_EVENT_TYPE, GST_BUFFER_PTS, GST_BUFFER_DURATION. */
GstMessageType earshot_message_type(GstMessage *message);
GstObject *earshot_message_src(GstMessage *message);
GstEventType earshot_event_type(GstEvent *event);
GstClockTime earshot_buffer_pts(GstBuffer *buffer);
GstClockTime earshot_buffer_duration(GstBuffer *buffer);

/* GST_PAD_PROBE_INFO_BUFFER / GST_PAD_PROBE_INFO_EVENT (NULL when the info carries something else). */
GstBuffer *earshot_probe_info_buffer(GstPadProbeInfo *info);
GstEvent *earshot_probe_info_event(GstPadProbeInfo *info);

/* Replaces the buffer or event a probe carries (GST_PAD_PROBE_INFO_DATA (info) = data). */
void earshot_probe_info_set_data(GstPadProbeInfo *info, gpointer data);

/* GST_IS_BIN and GST_OBJECT_NAME of an element's factory ("" when it has none). */
gboolean earshot_is_bin(gpointer object);
const char *earshot_element_factory_name(GstElement *element);

#endif
