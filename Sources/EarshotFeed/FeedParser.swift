import CLibXML2
import Foundation

/// A feed parsed into models, with what was skipped or repaired along the way.
public struct ParsedFeed: Sendable, Equatable {
    /// The channel and its readable episodes.
    public var channel: Channel
    /// One line per repaired fault or skipped item, for the log.
    public var warnings: [String]
}

/// The streaming feed parser: bytes go to libxml2's SAX2 push parser as they arrive; no tree of the
/// document is ever built.
///
/// Hardened: no network, no DTD loading, and a document that declares entities (the billion laughs,
/// external entities pointing at local files) is refused outright. libxml2's recover mode repairs the
/// usual breakage of real feeds (a bare `&`, a missing space between attributes, garbage after the
/// root), and the good items are kept.
///
/// Not thread-safe; use one parser per document, from one thread (a worker thread is fine).
public final class FeedParser {
    /// Deeper nesting than this is refused (libxml2's own limit is 256).
    static let maximumDepth = 256

    private let charsetHint: String?
    private let builder: FeedBuilder
    private var context: xmlParserCtxtPtr?
    private var prefix: [UInt8] = []
    private var depth = 0
    private var names: [NameKey: ElementKind] = [:]
    /// A reason to refuse the whole document, decided by Earshot rather than libxml2.
    private var refusal: FeedError?
    private var firstError: (message: String, line: Int, column: Int)?
    private var repairedErrors = 0
    private var sawRoot = false

    /// A parser for one document fetched from `baseURL` (relative links resolve against it). `charsetHint`
    /// (HTTP's charset) is used only when the document names no encoding itself.
    public init(baseURL: URL?, charsetHint: String? = nil) {
        self.charsetHint = charsetHint
        builder = FeedBuilder(baseURL: baseURL)
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Parses `document` in one go.
    public static func parse(_ document: [UInt8], baseURL: URL?, charsetHint: String? = nil) -> Result<ParsedFeed, FeedError> {
        let parser = FeedParser(baseURL: baseURL, charsetHint: charsetHint)
        document.withUnsafeBytes { parser.feed($0) }
        return parser.finish()
    }

    /// Hands the next bytes of the document to the parser.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard refusal == nil, !bytes.isEmpty else { return }
        if context == nil {
            prefix.append(contentsOf: bytes)
            if prefix.count >= FeedSniffer.prefixLength { start() }
            return
        }
        push(bytes, terminate: false)
    }

    /// Ends the document and returns the channel, or why there is none.
    public func finish() -> Result<ParsedFeed, FeedError> {
        if context == nil && refusal == nil { start() }
        if refusal == nil { push(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true) }
        if let refusal { return .failure(refusal) }
        guard sawRoot else {
            if let firstError {
                return .failure(.invalidData(reason: firstError.message, line: firstError.line, column: firstError.column))
            }
            return .failure(.invalidData(reason: "the document has no root element", line: nil, column: nil))
        }
        var warnings = builder.warnings
        let channel = builder.makeChannel()
        warnings = builder.warnings
        if let firstError {
            warnings.insert("repaired \(repairedErrors) XML fault(s), the first at line \(firstError.line): \(firstError.message)", at: 0)
        }
        return .success(ParsedFeed(channel: channel, warnings: warnings))
    }

    // MARK: libxml2

    private func start() {
        let sniffer = FeedSniffer(prefix: prefix)
        if let reason = sniffer.refusal {
            refusal = .invalidData(reason: reason, line: nil, column: nil)
            return
        }
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { data, localname, _, uri, _, _, attributeCount, _, attributes in
            FeedParser.from(data).startElement(localname!, uri, attributeCount, attributes)
        }
        handler.endElementNs = { data, _, _, _ in FeedParser.from(data).endElement() }
        handler.characters = { data, bytes, count in
            FeedParser.from(data).builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
        handler.entityDecl = { data, name, _, _, _, _ in FeedParser.from(data).refuseEntity(name) }
        handler.serror = { data, error in FeedParser.from(data).record(error) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = prefix.withUnsafeBytes { head in
            xmlCreatePushParserCtxt(&handler, me, head.baseAddress?.assumingMemoryBound(to: CChar.self),
                                    Int32(min(4, head.count)), nil)
        }
        guard let context else {
            refusal = .invalidData(reason: "libxml2 could not start a parser", line: nil, column: nil)
            return
        }
        let options = XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        if !sniffer.declaresEncoding, let hint = charsetHint, let encoding = xmlFindCharEncodingHandler(hint) {
            xmlSwitchToEncoding(context, encoding)
        }
        let rest = prefix.dropFirst(min(4, prefix.count))
        prefix = []
        Array(rest).withUnsafeBytes { push($0, terminate: false) }
    }

    private func push(_ bytes: UnsafeRawBufferPointer, terminate: Bool) {
        guard let context, refusal == nil else { return }
        // libxml2 takes an int length; hand over large buffers in slices.
        var offset = 0
        repeat {
            let count = min(bytes.count - offset, 1 << 20)
            let chunk = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let last = terminate && offset + count == bytes.count
            xmlParseChunk(context, chunk, Int32(count), last ? 1 : 0)
            offset += count
        } while offset < bytes.count && refusal == nil
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> FeedParser {
        Unmanaged<FeedParser>.fromOpaque(data!).takeUnretainedValue()
    }

    private func startElement(_ localname: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ attributeCount: Int32,
                              _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        depth += 1
        let kind = kind(localname, uri)
        if depth == 1 {
            sawRoot = true
            guard kind == .rss || kind == .rdf || kind == .atomFeed else {
                refuse(notAFeed: String(cString: localname), uri: uri.map { String(cString: $0) })
                return
            }
        }
        if depth > Self.maximumDepth {
            refusal = .invalidData(reason: "elements are nested more than \(Self.maximumDepth) levels deep", line: line, column: nil)
            xmlStopParser(context)
            return
        }
        builder.start(kind) { name in
            guard let attributes else { return nil }
            for i in 0..<Int(attributeCount) {
                let base = i * 5
                guard let local = attributes[base], strcmp(local, name) == 0,
                      let value = attributes[base + 3], let end = attributes[base + 4] else { continue }
                return Entities.decodeReferences(UnsafeBufferPointer(start: value, count: end - value))
            }
            return nil
        }
    }

    private func endElement() {
        depth -= 1
        builder.end()
    }

    /// The element kind for a (local name, namespace) pair. libxml2 interns names in its dictionary, so the
    /// pointers identify the pair and the string comparison runs once per distinct element name.
    private func kind(_ localname: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) -> ElementKind {
        let key = NameKey(local: UnsafeRawPointer(localname), uri: uri.map(UnsafeRawPointer.init))
        if let known = names[key] { return known }
        let kind = ElementKind(uri: uri.map { String(cString: $0) }, local: String(cString: localname))
        if names.count < 1024 { names[key] = kind }
        return kind
    }

    private func refuse(notAFeed root: String, uri: String?) {
        let reason: String
        switch root.lowercased() {
        case "html": reason = "the document is a web page (HTML), not an RSS or Atom feed"
        case "feed": reason = "the document's <feed> is not in the Atom namespace (\(uri ?? "no namespace"))"
        default: reason = "the document's root element is <\(root)>, not <rss> or an Atom <feed>"
        }
        refusal = .invalidData(reason: reason, line: line, column: nil)
        xmlStopParser(context)
    }

    private func refuseEntity(_ name: UnsafePointer<UInt8>?) {
        let entity = name.map { String(cString: $0) } ?? "?"
        refusal = .invalidData(
            reason: "the document declares its own entity (\(entity)); feeds never need one, and Earshot refuses them for safety",
            line: line, column: nil)
        xmlStopParser(context)
    }

    private func record(_ error: UnsafeMutablePointer<xmlError>?) {
        guard let error = error?.pointee, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        repairedErrors += 1
        if firstError == nil {
            let message = error.message.map { String(cString: $0).trimmingWhitespace() } ?? "malformed XML"
            firstError = (String(message), Int(error.line), Int(error.int2))
        }
    }

    private var line: Int? { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } }
}

private struct NameKey: Hashable {
    let local: UnsafeRawPointer
    let uri: UnsafeRawPointer?
}
