/*
 * CEarshot: the few lines of C that Swift cannot import directly — variadic constructors
 * (g_object_new-style property lists), variadic callbacks (libxml2's error lines), function-like macros
 * and glibc's malloc_trim. Each area has its own header.
 */
#ifndef CEARSHOT_H
#define CEARSHOT_H
#include "earshot_soup.h"
#include "earshot_secret.h"
#include "earshot_gst.h"
#include "earshot_heap.h"
#include "earshot_xml.h"
#endif
