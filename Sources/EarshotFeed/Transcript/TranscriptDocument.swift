import Foundation

/// Reads a transcript file of any of the four Podcasting 2.0 formats into timed segments with speakers
/// (JSON, WebVTT, SubRip) or untimed paragraphs (HTML, plain text).
///
/// The format is the one the media type names (`format(type:url:bytes:)`); the segments come out by
/// start, earliest first (an untimed one stays after the segment before it), with their text and
/// speakers on one line, white space collapsed, and those without words left out.
///
/// A transcript is a stranger's document and is read as one: any bytes (UTF-8, UTF-16 with a byte order
/// mark, else Windows-1252; `TranscriptText`), in time and memory proportional to their size, at most
/// `maximumBytes` of them and `maximumSegments` segments; whatever goes wrong is a
/// `TranscriptDocumentError`, never a crash.
public enum TranscriptDocument {
    /// The largest document read (the loader fetches at most `TranscriptLoader.maximumBytes`).
    public static let maximumBytes = 16 << 20
    /// The most segments one transcript may have (a three-hour episode transcribed word by word has
    /// about 30,000).
    public static let maximumSegments = 200_000

    /// The segments of the transcript `bytes`, whose media type (parameters allowed) and address are
    /// `type` and `url` when known.
    public static func parse(_ bytes: [UInt8], type: String?, url: URL?) throws(TranscriptDocumentError) -> [TranscriptSegment] {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        let text = TranscriptText.utf8(bytes)
        guard text.contains(where: { $0 > 0x20 }) else { throw .empty }
        let limit = maximumSegments
        switch format(type: type, url: url, bytes: text) {
        case .json: return try JSONTranscriptReader.segments(of: text, limit: limit)
        case .webVTT: return try CueReader.segments(of: text, as: .webVTT, limit: limit)
        case .subRip: return SubRipSpeakers.applied(to: try CueReader.segments(of: text, as: .subRip, limit: limit))
        case .html: return try HTMLTranscriptReader.segments(of: text, limit: limit)
        case .plainText: return try PlainTextTranscriptReader.segments(of: text, limit: limit)
        }
    }

    /// The format of a transcript: the one its media type names, unless that is `text/plain` (which
    /// servers say of `.vtt` and `.srt` files too) or none; then the one its address's extension names;
    /// then what its first bytes look like (`WEBVTT`; `{`; a SubRip timing line among the first three
    /// lines; a tag); then plain text. (A bare JSON list is read when named as JSON, never guessed: plain
    /// text may well begin with `[Music]`.)
    public static func format(type: String?, url: URL?, bytes: [UInt8]) -> TranscriptFormat {
        let named = type.flatMap(TranscriptFormat.init(mediaType:))
        if let named, named != .plainText { return named }
        if let url, let byExtension = TranscriptFormat(pathExtension: url.pathExtension) { return byExtension }
        return sniffed(bytes) ?? .plainText
    }

    /// The format the start of UTF-8 `bytes` (a byte order mark allowed) shows, if any.
    private static func sniffed(_ bytes: [UInt8]) -> TranscriptFormat? {
        var head = bytes.prefix(1024)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let start = head.drop(while: { $0 <= 0x20 })
        if start.starts(with: "WEBVTT".utf8) { return .webVTT }
        if start.first == UInt8(ascii: "{") { return .json }
        let lines = start.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }).prefix(3)
        if lines.contains(where: { TranscriptTime.cueTiming(TranscriptTime.trimmed($0)) != nil }) { return .subRip }
        if start.first == UInt8(ascii: "<"), let next = start.dropFirst().first, PlainText.isLetter(next) || next == UInt8(ascii: "!") {
            return .html
        }
        return nil
    }
}
