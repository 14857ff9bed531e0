/* glibc's malloc_trim, which Swift's Glibc module does not export (it lives in <malloc.h>). */
#ifndef EARSHOT_HEAP_H
#define EARSHOT_HEAP_H
#include <malloc.h>
#endif
