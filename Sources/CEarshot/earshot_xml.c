#include "earshot_xml.h"
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlerror.h>
#include <libxml/globals.h>

static _Thread_local earshot_xml_error_handler routed_handler;

static void earshot_xml_structured(void *context, xmlErrorPtr error) {
    if (routed_handler) routed_handler(context, error);
}

static void earshot_xml_drop(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void earshot_xml_route_errors(void *context, earshot_xml_error_handler handler) {
    routed_handler = handler;
    xmlSetStructuredErrorFunc(handler ? context : NULL, handler ? earshot_xml_structured : NULL);
    xmlSetGenericErrorFunc(NULL, handler ? earshot_xml_drop : NULL);
}
