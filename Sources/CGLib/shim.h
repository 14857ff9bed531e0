/* CGLib: the C headers this system-library module exposes to Swift. */
#include <gio/gio.h>
#include <glib-unix.h>
