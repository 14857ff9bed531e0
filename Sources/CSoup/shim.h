/* CSoup: the C headers this system-library module exposes to Swift. */
#include <libsoup/soup.h>
