/* CGettext: glibc's message catalogues (libintl.h) and locale queries (langinfo.h), which the Glibc module
   does not import. Both are part of the C library: there is nothing more to link. */
#include <libintl.h>
#include <locale.h>
#include <langinfo.h>
