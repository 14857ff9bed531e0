/* CGdkPixbuf: gdk-pixbuf, which decodes cached cover art (JPEG, PNG, ...) into pixels for libchafa. */
#include <gdk-pixbuf/gdk-pixbuf.h>
