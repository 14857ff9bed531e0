/* CGStreamer: the GStreamer core, base and audio headers exposed to Swift. */
#include <gst/gst.h>
#include <gst/audio/audio.h>
#include <gst/pbutils/pbutils.h>
