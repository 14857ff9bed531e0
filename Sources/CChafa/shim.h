/* CChafa: libchafa, which turns cover art into character cells (symbols and colours) for the terminal. */
#include <chafa.h>
