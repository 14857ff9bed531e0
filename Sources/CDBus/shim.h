/* CDBus: the C headers this system-library module exposes to Swift. */
#include <dbus/dbus.h>
