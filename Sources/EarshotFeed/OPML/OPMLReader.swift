import CEarshot
import CLibXML2
import EarshotLocale
import Foundation

/// The state of one OPML read by libxml2's SAX2 parser, as hardened as `FeedParser`: no network, no DTD
/// loading, no entity expansion (a document that declares an entity is refused before anything is
/// expanded), nesting deeper than 256 refused. Unlike a feed, a subscription list is not repaired: the
/// first well-formedness fault ends the read with its line, so the person can fix the file.
///
/// `OPMLStreamReader` gives it the file a piece at a time; libxml2 calls it back through `handler()`.
struct OPMLReader {
    var context: xmlParserCtxtPtr?
    var collector = OPMLCollector()
    var depth = 0
    var sawRoot = false
    /// Per open element, whether it lies within a commented-out outline.
    var commented: [Bool] = []
    var failure: OPMLError?

    /// The SAX2 callbacks, which expect an `UnsafeMutablePointer<OPMLReader>` as their user data.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { data, localname, _, _, _, _, attributeCount, _, attributes in
            Self.from(data).pointee.startElement(localname!, Int(attributeCount), attributes)
        }
        handler.endElementNs = { data, _, _, _ in Self.from(data).pointee.endElement() }
        handler.entityDecl = { data, name, _, _, _, _ in Self.from(data).pointee.refuseEntity(name) }
        handler.serror = { data, error in Self.from(data).pointee.record(error) }
        return handler
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OPMLReader> {
        data!.assumingMemoryBound(to: OPMLReader.self)
    }

    private var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

    /// What the read found, once libxml2 has seen the whole file (whose first bytes are `prefix`).
    func result(prefix: [UInt8]) -> Result<OPMLParseResult, OPMLError> {
        if let failure {
            if case .notWellFormed(let line, let reason) = failure, !sawRoot {
                return .failure(.notOPML(line: line, reason: Self.notXML(prefix, libxml2: reason)))
            }
            return .failure(failure)
        }
        guard sawRoot else { return .failure(.notOPML(line: line, reason: tr("the file has no root element"))) }
        return .success(collector.result)
    }

    /// Why a file that failed before its first element is not OPML, in plain words, from its first bytes.
    private static func notXML(_ prefix: [UInt8], libxml2 reason: String) -> String {
        let start = String(decoding: prefix.prefix(1024), as: UTF8.self).lowercased()
        if start.contains("<html") || start.contains("<!doctype html") {
            return tr("the file is a web page (HTML), not an OPML subscription list")
        }
        let first = start.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        if first == "{" || first == "[" { return tr("the file is JSON, not an OPML subscription list") }
        return tr("the file is not XML, so not an OPML subscription list (%s)", "\(reason)")
    }

    private mutating func startElement(_ localname: UnsafePointer<UInt8>, _ attributeCount: Int,
                                       _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        guard failure == nil else { return }
        depth += 1
        let name = String(cString: localname)
        if depth == 1 {
            sawRoot = true
            guard name.lowercased() == "opml" else { return stop(.notOPML(line: line, reason: Self.notOPML(root: name))) }
        }
        if depth > SAXSession.maximumDepth {
            return stop(.refused(line: line, reason: tr("elements are nested more than %s levels deep", "\(SAXSession.maximumDepth)")))
        }
        var within = commented.last ?? false
        if name == "outline" {
            var outline = OPMLOutline(line: line)
            for index in 0..<attributeCount {
                let base = index * 5
                guard let local = attributes?[base], let value = attributes?[base + 3], let end = attributes?[base + 4] else { continue }
                outline.set(String(cString: local), Entities.decodeReferences(UnsafeBufferPointer(start: value, count: end - value)))
            }
            within = within || outline.isComment
            outline.isComment = within
            collector.add(outline)
        }
        commented.append(within)
    }

    private mutating func endElement() {
        depth -= 1
        _ = commented.popLast()
    }

    private static func notOPML(root: String) -> String {
        switch root.lowercased() {
        case "rss", "rdf", "feed": return tr("the file is a podcast feed (<%s>), not an OPML subscription list", "\(root)")
        case "html": return tr("the file is a web page (HTML), not an OPML subscription list")
        default: return tr("the file's root element is <%s>, not <opml>: it is not an OPML subscription list", "\(root)")
        }
    }

    private mutating func refuseEntity(_ name: UnsafePointer<UInt8>?) {
        let entity = name.map { String(cString: $0) } ?? "?"
        stop(.refused(line: line, reason: tr("the file declares its own entity (%s); OPML never needs one, and Earshot refuses them for safety", "\(entity)")))
    }

    /// Where libxml2's context-free errors go during a parse (see `withLibXML2Errors`).
    static let contextFreeError: earshot_xml_error_handler = { data, error in
        from(data).pointee.record(error?.assumingMemoryBound(to: xmlError.self))
    }

    private mutating func record(_ error: UnsafeMutablePointer<xmlError>?) {
        guard failure == nil, let error = error?.pointee, error.level == XML_ERR_FATAL else { return }
        if error.domain == Int32(XML_FROM_I18N.rawValue) {
            // The line is where the parser was: libxml2 converts its input ahead of parsing it.
            failure = .refused(line: line, reason: EncodingFailure.reason(libxml2: error.message, parser: context))
            return
        }
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? tr("malformed XML")
        failure = .notWellFormed(line: Int(error.line), reason: message)
    }

    private mutating func stop(_ error: OPMLError) {
        failure = error
        xmlStopParser(context)
    }
}
