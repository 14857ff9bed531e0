import CEarshot
import CLibXML2
import Foundation

/// A feed parsed into models, with what was skipped or repaired along the way.
public struct ParsedFeed: Sendable, Equatable {
    /// The channel and its readable episodes.
    public var channel: Channel
    /// One line per repaired fault or skipped item, for the log.
    public var warnings: [String]
}

/// The streaming feed parser: bytes go to libxml2's SAX2 push parser as they arrive (small pieces gathered
/// into 64 KiB ones); no tree of the document is ever built.
///
/// Hardened: no network, no DTD loading, and a document that declares entities (the billion laughs,
/// external entities pointing at local files) is refused outright. libxml2's recover mode repairs the
/// usual breakage of real feeds (a bare `&`, a missing space between attributes, garbage after the
/// root), and the good items are kept.
///
/// Not thread-safe; use one parser per document, from one thread (a worker thread is fine).
public final class FeedParser {
    private let charsetHint: String?
    /// The state the SAX callbacks work on. libxml2 gets this pointer as its user data, so a callback
    /// reaches the state directly, without Swift's dynamic exclusivity checks on class properties.
    private let session: UnsafeMutablePointer<SAXSession>
    private var prefix: [UInt8] = []
    private var started = false
    /// Small pieces wait here until they add up to `minimumPush`: libxml2 2.9's push parser, once it has
    /// recovered from an error, rescans its pending text for every piece, so tiny pieces (a server writing
    /// small packets) made a parse quadratic: 32 s for a 5 MB feed in 512-byte pieces, 0.3 s whole.
    private var pending: [UInt8] = []
    private static let minimumPush = 64 << 10

    /// A parser for one document fetched from `baseURL` (relative links resolve against it). `charsetHint`
    /// (HTTP's charset) is used only when the document names no encoding itself.
    public init(baseURL: URL?, charsetHint: String? = nil) {
        self.charsetHint = charsetHint
        session = .allocate(capacity: 1)
        session.initialize(to: SAXSession(builder: FeedBuilder(baseURL: baseURL)))
    }

    deinit {
        if let context = session.pointee.context { xmlFreeParserCtxt(context) }
        session.deinitialize(count: 1)
        session.deallocate()
    }

    /// Parses `document` in one go.
    public static func parse(_ document: [UInt8], baseURL: URL?, charsetHint: String? = nil) -> Result<ParsedFeed, FeedError> {
        let parser = FeedParser(baseURL: baseURL, charsetHint: charsetHint)
        document.withUnsafeBytes { parser.feed($0) }
        return parser.finish()
    }

    /// Hands the next bytes of the document to the parser.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard session.pointee.refusal == nil, !bytes.isEmpty else { return }
        var rest = bytes
        if !started {
            // Gather just enough of the start to sniff it; the remainder goes straight to libxml2.
            let take = min(FeedSniffer.prefixLength - prefix.count, bytes.count)
            prefix.append(contentsOf: bytes.prefix(take))
            guard prefix.count >= FeedSniffer.prefixLength else { return }
            start()
            rest = UnsafeRawBufferPointer(rebasing: bytes[take...])
        }
        if rest.isEmpty { return }
        if pending.isEmpty && rest.count >= Self.minimumPush { return session.pointee.push(rest, terminate: false) }
        pending.append(contentsOf: rest)
        if pending.count >= Self.minimumPush { pushPending() }
    }

    private func pushPending() {
        pending.withUnsafeBytes { session.pointee.push($0, terminate: false) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Ends the document and returns the channel, or why there is none.
    public func finish() -> Result<ParsedFeed, FeedError> {
        if !started { start() }
        if !pending.isEmpty { pushPending() }
        session.pointee.push(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        return session.pointee.result()
    }

    private func start() {
        started = true
        let sniffer = FeedSniffer(prefix: prefix)
        if let reason = sniffer.refusal {
            session.pointee.refusal = .invalidData(reason: reason, line: nil, column: nil)
            return
        }
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { data, localname, prefix, uri, _, _, attributeCount, _, attributes in
            SAXSession.from(data).pointee.startElement(localname!, prefix, uri, attributeCount, attributes)
        }
        handler.endElementNs = { data, _, _, _ in SAXSession.from(data).pointee.endElement() }
        handler.characters = { data, bytes, count in
            SAXSession.from(data).pointee.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
        handler.entityDecl = { data, name, _, _, _, _ in SAXSession.from(data).pointee.refuseEntity(name) }
        handler.serror = { data, error in SAXSession.from(data).pointee.record(error) }
        let context = prefix.withUnsafeBytes { head in
            // The attribute count follows every byte libxml2 gets; four cannot hold too many attributes.
            _ = session.pointee.attributes.admit(UnsafeRawBufferPointer(rebasing: head.prefix(4)))
            return xmlCreatePushParserCtxt(&handler, session, head.baseAddress?.assumingMemoryBound(to: CChar.self),
                                           Int32(min(4, head.count)), nil)
        }
        guard let context else {
            session.pointee.refusal = .invalidData(reason: "libxml2 could not start a parser", line: nil, column: nil)
            return
        }
        session.pointee.context = context
        let options = XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        if !sniffer.declaresEncoding, let hint = charsetHint, let encoding = xmlFindCharEncodingHandler(hint) {
            xmlSwitchToEncoding(context, encoding)
        }
        let rest = Array(prefix.dropFirst(min(4, prefix.count)))
        prefix = []
        rest.withUnsafeBytes { session.pointee.push($0, terminate: false) }
    }
}

/// One document's parse as libxml2's callbacks see it: the builder, the nesting depth, the element-name
/// cache, the attribute count of the bytes ahead, and the faults met so far.
struct SAXSession {
    /// Deeper nesting than this is refused (libxml2's own limit is also 256).
    static let maximumDepth = 256

    var attributes = AttributeCounter()
    var builder: FeedBuilder
    var context: xmlParserCtxtPtr?
    var depth = 0
    var names = ElementNameCache()
    /// A reason to refuse the whole document, decided by Earshot rather than libxml2.
    var refusal: FeedError?
    var firstError: (message: String, line: Int, column: Int)?
    /// Bytes the document's encoding cannot decode, where libxml2 gave up.
    var undecodable: String?
    var repairedErrors = 0
    var sawRoot = false

    init(builder: FeedBuilder) { self.builder = builder }

    static func from(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SAXSession> {
        data!.assumingMemoryBound(to: SAXSession.self)
    }

    mutating func push(_ bytes: UnsafeRawBufferPointer, terminate: Bool) {
        guard let context, refusal == nil else { return }
        // Hand libxml2 cache-sized slices: it copies each into its own input buffer and compacts that
        // buffer as it goes, which stays cheap while the buffer is small.
        var offset = 0
        repeat {
            let count = min(bytes.count - offset, 64 << 10)
            let chunk = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let last = terminate && offset + count == bytes.count
            if let slice = bytes.baseAddress.map({ UnsafeRawBufferPointer(start: $0 + offset, count: count) }),
               !attributes.admit(slice) {
                refusal = .invalidData(
                    reason: "an element has more than \(AttributeCounter.limit) attributes; feeds never need that many, "
                        + "and reading them would take libxml2 minutes", line: line, column: nil)
                return
            }
            _ = withLibXML2Errors(to: context.pointee.userData, Self.contextFreeError) {
                xmlParseChunk(context, chunk, Int32(count), last ? 1 : 0)
            }
            offset += count
        } while offset < bytes.count && refusal == nil
    }

    mutating func result() -> Result<ParsedFeed, FeedError> {
        if let refusal { return .failure(refusal) }
        if let undecodable {
            // libxml2 stops at bytes it cannot convert: what follows them was never read.
            return .failure(.invalidData(reason: undecodable, line: nil, column: nil))
        }
        guard sawRoot else {
            if let firstError {
                return .failure(.invalidData(reason: firstError.message, line: firstError.line, column: firstError.column))
            }
            return .failure(.invalidData(reason: "the document has no root element", line: nil, column: nil))
        }
        let channel = builder.makeChannel()
        var warnings = builder.warnings
        if let firstError {
            warnings.insert("repaired \(repairedErrors) XML fault(s), the first at line \(firstError.line): \(firstError.message)", at: 0)
        }
        return .success(ParsedFeed(channel: channel, warnings: warnings))
    }

    mutating func startElement(_ localname: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?,
                               _ attributeCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        depth += 1
        let kind = kind(localname, prefix, uri)
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
                guard let local = attributes[base], Self.isNamed(local, name),
                      let value = attributes[base + 3], let end = attributes[base + 4] else { continue }
                return Entities.decodeReferences(UnsafeBufferPointer(start: value, count: end - value))
            }
            return nil
        }
    }

    /// Whether the NUL-terminated name libxml2 gives is `name`, byte for byte. Compared in place:
    /// handing `name` to `strcmp` made a C copy of it for every attribute compared, a tenth of the parse
    /// of a feed with the namespace's tags.
    private static func isNamed(_ local: UnsafePointer<UInt8>, _ name: String) -> Bool {
        var byte = local
        for expected in name.utf8 {
            guard byte.pointee == expected else { return false }
            byte += 1
        }
        return byte.pointee == 0
    }

    mutating func endElement() {
        depth -= 1
        builder.end()
    }

    /// The element kind for a (local name, namespace) pair; the string comparison runs once per distinct name.
    ///
    /// A prefix the document never declared (libxml2 reports it with no namespace) stands for its usual
    /// namespace when it is a well-known one (`itunes`, `media`…), and for none of Earshot's otherwise. Such
    /// names are cached under the prefix's pointer in place of a namespace's: libxml2 interns both in one
    /// dictionary, so the two only meet when a namespace URI is spelt like a prefix.
    private mutating func kind(_ localname: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?,
                               _ uri: UnsafePointer<UInt8>?) -> ElementKind {
        let undeclared = uri == nil ? prefix : nil
        let key = uri ?? undeclared
        if let known = names.lookup(localname, key) { return known }
        let kind: ElementKind
        if let undeclared {
            let assumed = FeedNamespace.assumed(forUndeclaredPrefix: String(cString: undeclared))
            kind = assumed.map { ElementKind(uri: $0, local: String(cString: localname)) } ?? .other
        } else {
            kind = ElementKind(uri: uri.map { String(cString: $0) }, local: String(cString: localname))
        }
        names.insert(localname, key, kind)
        return kind
    }

    private mutating func refuse(notAFeed root: String, uri: String?) {
        let reason: String
        switch root.lowercased() {
        case "html": reason = "the document is a web page (HTML), not an RSS or Atom feed"
        case "feed": reason = "the document's <feed> is not in the Atom namespace (\(uri ?? "no namespace"))"
        default: reason = "the document's root element is <\(root)>, not <rss> or an Atom <feed>"
        }
        refusal = .invalidData(reason: reason, line: line, column: nil)
        xmlStopParser(context)
    }

    mutating func refuseEntity(_ name: UnsafePointer<UInt8>?) {
        let entity = name.map { String(cString: $0) } ?? "?"
        refusal = .invalidData(
            reason: "the document declares its own entity (\(entity)); feeds never need one, and Earshot refuses them for safety",
            line: line, column: nil)
        xmlStopParser(context)
    }

    /// Where libxml2's context-free errors go during a parse (see `withLibXML2Errors`).
    static let contextFreeError: earshot_xml_error_handler = { data, error in
        from(data).pointee.record(error?.assumingMemoryBound(to: xmlError.self))
    }

    mutating func record(_ error: UnsafeMutablePointer<xmlError>?) {
        guard let error = error?.pointee, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        if error.domain == Int32(XML_FROM_I18N.rawValue), undecodable == nil {
            // No line: libxml2 converts its input ahead of parsing it, so the parser's line is not the bytes'.
            undecodable = EncodingFailure.reason(libxml2: error.message, parser: context)
        }
        repairedErrors += 1
        if firstError == nil {
            let message = error.message.map { String(cString: $0).trimmingWhitespace() } ?? "malformed XML"
            firstError = (String(message), Int(error.line), Int(error.int2))
        }
    }

    private var line: Int? { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } }
}
