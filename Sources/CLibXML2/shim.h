/* CLibXML2: the libxml2 headers exposed to Swift (SAX2 push parsing, the HTML parser, their error reports). */
#include <libxml/xmlversion.h>
/*
 * Debian builds libxml2 with ICU, so encoding.h would include the system's <unicode/ucnv.h>, which
 * clashes with the ICU copy inside Swift's Foundation. ICU only adds fields at the end of
 * xmlCharEncodingHandler, a struct Earshot handles by pointer only, so the ICU part is left out here.
 */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
