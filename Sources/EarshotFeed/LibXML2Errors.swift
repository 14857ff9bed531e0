import CEarshot
import CLibXML2
import EarshotLocale

/// Runs `body` (a call into libxml2) with the errors libxml2 raises without a parser context — a failed
/// encoding conversion, the I/O error that follows it — going to `handler` with `context` instead of
/// stderr, where a hostile feed could otherwise write lines into the listener's journal.
func withLibXML2Errors<Result>(to context: UnsafeMutableRawPointer?, _ handler: earshot_xml_error_handler,
                               _ body: () -> Result) -> Result {
    earshot_xml_route_errors(context, handler)
    defer { earshot_xml_route_errors(nil, nil) }
    return body()
}

/// Plain words for a failed encoding conversion, which libxml2 reports as "input conversion failed due to
/// input error, bytes 0x81 0x00 0xFF 0xFF".
enum EncodingFailure {
    static func reason(libxml2 message: UnsafeMutablePointer<CChar>?, parser: xmlParserCtxtPtr?) -> String {
        // The declared name is on the input until the document ends, then on the parser.
        let declared = parser?.pointee.input?.pointee.encoding ?? parser?.pointee.encoding
        let name = declared.map { String(cString: $0) } ?? tr("the document's encoding")
        let text = message.map { String(cString: $0) } ?? ""
        guard let bytes = text.range(of: "bytes ").map({ text[$0.upperBound...].trimmingWhitespace() }) else {
            // TRANSLATORS: %s names a text encoding (UTF-8).
            return tr("the document has bytes that are not valid %s; nothing after them can be read", name)
        }
        // TRANSLATORS: %1$s names a text encoding (UTF-8), %2$s lists the bytes (0x81 0x00).
        return tr("the document has bytes that are not valid %1$s (%2$s); nothing after them can be read", name, String(bytes))
    }
}
