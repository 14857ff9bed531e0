/*
 * libxml2 reports some errors without a parser context: failed encoding conversions and I/O (through the
 * thread's structured error handler, else stderr) and a few free-text lines (through its variadic
 * generic handler, which Swift cannot implement). This header leaves libxml2's own types out, so that
 * it never meets the ICU types Swift's Foundation carries (see CLibXML2/shim.h).
 */
#ifndef EARSHOT_XML_H
#define EARSHOT_XML_H

/* Receives one libxml2 error: `error` is an xmlErrorPtr. */
typedef void (*earshot_xml_error_handler)(void *context, void *error);

/*
 * Until the next call on this thread, libxml2's context-free errors raised on this thread go to
 * `handler` with `context`, and its free-text error lines are dropped (each repeats a structured one).
 * earshot_xml_route_errors(NULL, NULL) restores libxml2's defaults (stderr).
 */
void earshot_xml_route_errors(void *context, earshot_xml_error_handler handler);

#endif
