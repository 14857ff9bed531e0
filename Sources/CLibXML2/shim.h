/* CLibXML2: the C headers this system-library module exposes to Swift. */
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
