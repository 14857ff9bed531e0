import CEarshot
import CLibXML2
import EarshotLocale
#if canImport(Glibc)
import Glibc
#endif

/// Reads an OPML subscription list a piece at a time, in memory that does not grow with the file: the
/// pieces go to libxml2's push parser (gathered into 64 KiB, as `FeedParser` does) and only the feeds and
/// the outlines left out are kept. `OPMLDocument.parse` reads a whole file in memory through it; `earshot
/// import` gives it the file as it reads it.
///
/// Before libxml2 sees a piece, its start tags' attributes are counted (`AttributeCounter`), so a tag with
/// more than libxml2 can check in reasonable time is refused, naming its line, before it is parsed. The
/// first fault ends the reading: `hasFailed` says when the rest of the file need not be read.
public final class OPMLStreamReader {
    private static let pieceSize = 64 << 10
    private static let prefixSize = 1024
    private let reader: UnsafeMutablePointer<OPMLReader>
    /// Bytes gathered for libxml2, fewer than `pieceSize`.
    private var pending: [UInt8] = []
    /// The file's first bytes, which name what a file that is not XML is (a web page, JSON).
    private var prefix: [UInt8] = []
    /// Whether everything so far was a byte-order mark and white space.
    private var blank = true
    private var counter = AttributeCounter()
    /// The line the attribute counter is on.
    private var countedLine = 1

    /// A reader at the start of a file.
    public init() {
        reader = UnsafeMutablePointer<OPMLReader>.allocate(capacity: 1)
        reader.initialize(to: OPMLReader())
        pending.reserveCapacity(Self.pieceSize)
    }

    deinit {
        if let context = reader.pointee.context { xmlFreeParserCtxt(context) }
        reader.deinitialize(count: 1)
        reader.deallocate()
    }

    /// Whether a fault already ended the reading (further pieces are ignored; `finish` names it).
    public var hasFailed: Bool { reader.pointee.failure != nil }

    /// Reads the file's next `bytes`.
    public func read(_ bytes: UnsafeRawBufferPointer) {
        guard !hasFailed, !bytes.isEmpty else { return }
        note(bytes)
        var rest = bytes
        while !rest.isEmpty, !hasFailed {
            if pending.isEmpty, rest.count >= Self.pieceSize {
                parse(UnsafeRawBufferPointer(rebasing: rest.prefix(Self.pieceSize)), last: false)
                rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(Self.pieceSize))
                continue
            }
            let taken = min(Self.pieceSize - pending.count, rest.count)
            pending.append(contentsOf: rest.prefix(taken))
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(taken))
            if pending.count == Self.pieceSize { parsePending(last: false) }
        }
    }

    /// The feeds and skipped outlines, after the last piece; throws when the file is empty, not
    /// well-formed XML or not OPML, naming the line at fault.
    public func finish() throws(OPMLError) -> OPMLParseResult {
        guard !blank else { throw .notOPML(line: nil, reason: tr("the file is empty, not an OPML subscription list")) }
        if !hasFailed { parsePending(last: true) }
        return try reader.pointee.result(prefix: prefix).get()
    }

    /// Keeps the file's first bytes and whether it is blank so far (NUL counts as blank: UTF-16).
    private func note(_ bytes: UnsafeRawBufferPointer) {
        let before = prefix.count
        if before < Self.prefixSize { prefix.append(contentsOf: bytes.prefix(Self.prefixSize - before)) }
        guard blank else { return }
        let bom: Int
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { bom = 3 }
        else if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) { bom = 2 }
        else { bom = 0 }
        let skipped = max(0, bom - before)
        blank = bytes.dropFirst(skipped).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }

    private func parsePending(last: Bool) {
        pending.withUnsafeBytes { parse($0, last: last) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Counts the attributes of `bytes`' start tags, then hands them to libxml2 (starting the parser on
    /// the first four bytes, from which it tells the encoding).
    private func parse(_ bytes: UnsafeRawBufferPointer, last: Bool) {
        if let line = lineWithTooManyAttributes(bytes) {
            reader.pointee.failure = .refused(line: line, reason: tr("a tag has more than %s attributes; an OPML file never needs that many, and libxml2 would take minutes to check them",
                                                                          "\(AttributeCounter.limit)"))
            return
        }
        let chars = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        var offset = 0
        if reader.pointee.context == nil {
            offset = min(4, bytes.count)
            var handler = OPMLReader.handler()  // libxml2 keeps a copy
            guard let context = xmlCreatePushParserCtxt(&handler, reader, chars, Int32(offset), nil) else {
                reader.pointee.failure = .notOPML(line: nil, reason: tr("libxml2 could not start a parser"))
                return
            }
            reader.pointee.context = context
            xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        }
        let context = reader.pointee.context
        _ = withLibXML2Errors(to: reader, OPMLReader.contextFreeError) {
            xmlParseChunk(context, chars.map { $0 + offset }, Int32(bytes.count - offset), last ? 1 : 0)
        }
    }

    /// The line of the first start tag in `bytes` with more attributes than libxml2 can take in reasonable
    /// time (the counter is fed a line at a time, so it can name it), or nil.
    private func lineWithTooManyAttributes(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var start = 0
        while start < bytes.count {
            let newline = memchr(base + start, 0x0A, bytes.count - start)
            let end = newline.map { base.distance(to: $0) + 1 } ?? bytes.count
            if !counter.admit(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { return countedLine }
            if newline != nil { countedLine += 1 }
            start = end
        }
        return nil
    }
}
