/// Reads ID3v2 chapter frames (`CHAP`, with an optional `CTOC` giving their order), as GStreamer's
/// id3demux hands them over: each frame whole (header and body) in a `private-id3v2-frame` tag, since
/// GStreamer 1.22 does not turn them into a table of contents itself.
enum ID3ChapterParser {
    /// One raw frame: its 10-byte header and body, and the ID3v2 major version of the tag it came from.
    struct Frame {
        let bytes: [UInt8]
        let version: Int
    }

    /// The chapters the frames describe, in `CTOC` order when one lists them, else by start time.
    /// Frames other than CHAP and CTOC, and malformed ones, are ignored.
    static func chapters(in frames: [Frame]) -> [AudioChapter] {
        var byID: [String: AudioChapter] = [:]
        var order: [String] = []
        for frame in frames {
            guard frame.bytes.count >= 10 else { continue }
            let body = Array(frame.bytes[10...])
            switch String(decoding: frame.bytes[0..<4], as: UTF8.self) {
            case "CHAP":
                if let (id, chapter) = chapter(body, version: frame.version) { byID[id] = chapter }
            case "CTOC":
                if order.isEmpty { order = tableOfContents(body) }
            default:
                continue
            }
        }
        let listed = order.compactMap { byID[$0] }
        if !listed.isEmpty, listed.count == byID.count { return listed }
        return byID.values.sorted { $0.start < $1.start }
    }

    /// A CHAP body: element id, start and end (ms), start and end offsets, then sub-frames (TIT2).
    private static func chapter(_ body: [UInt8], version: Int) -> (String, AudioChapter)? {
        guard let idEnd = body.firstIndex(of: 0), body.count >= idEnd + 17 else { return nil }
        let id = String(decoding: body[..<idEnd], as: UTF8.self)
        let startMilliseconds = bigEndian(body[(idEnd + 1)..<(idEnd + 5)], syncsafe: false)
        var title = ""
        var cursor = idEnd + 17
        while cursor + 10 <= body.count {
            let frameID = String(decoding: body[cursor..<(cursor + 4)], as: UTF8.self)
            let size = bigEndian(body[(cursor + 4)..<(cursor + 8)], syncsafe: version >= 4)
            let start = cursor + 10, end = start + size
            guard size > 0, end <= body.count else { break }
            if frameID == "TIT2" { title = text(body[start..<end]) }
            cursor = end
        }
        return (id, AudioChapter(start: Double(startMilliseconds) / 1000, title: title))
    }

    /// A CTOC body: element id, flags, entry count, then the child element ids.
    private static func tableOfContents(_ body: [UInt8]) -> [String] {
        guard let idEnd = body.firstIndex(of: 0), body.count >= idEnd + 3 else { return [] }
        var ids: [String] = []
        var cursor = idEnd + 3
        for _ in 0..<Int(body[idEnd + 2]) {
            guard let end = body[cursor...].firstIndex(of: 0) else { break }
            ids.append(String(decoding: body[cursor..<end], as: UTF8.self))
            cursor = end + 1
        }
        return ids
    }

    /// A text frame's body: an encoding byte (0 Latin-1, 1 UTF-16 with BOM, 2 UTF-16BE, 3 UTF-8), then
    /// the text, possibly NUL-terminated.
    static func text(_ body: ArraySlice<UInt8>) -> String {
        guard let encoding = body.first else { return "" }
        let bytes = Array(body.dropFirst())
        switch encoding {
        case 0:
            return String(bytes.prefix { $0 != 0 }.map { Character(Unicode.Scalar($0)) })
        case 1, 2:
            var units: [UInt16] = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            if encoding == 1, let bom = units.first {
                if bom == 0xFFFE { units = units.dropFirst().map { $0.byteSwapped } } else if bom == 0xFEFF { units.removeFirst() }
            }
            return String(decoding: units.prefix { $0 != 0 }, as: UTF16.self)
        default:
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>, syncsafe: Bool) -> Int {
        bytes.reduce(0) { syncsafe ? $0 << 7 | Int($1 & 0x7F) : $0 << 8 | Int($1) }
    }
}
