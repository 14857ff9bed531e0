import Foundation

/// The transcript formats Earshot reads, best first: `TranscriptChoice` prefers them in this order, and
/// `TranscriptDocument` tells them apart by media type, file extension and content.
public enum TranscriptFormat: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Podcasting 2.0's JSON transcript (`application/json`): timed segments with speakers.
    case json
    /// WebVTT (`text/vtt`): timed cues, speakers in `<v Name>` spans.
    case webVTT
    /// SubRip (`application/x-subrip`, `application/srt`, `text/srt`): timed cues.
    case subRip
    /// HTML (`text/html`): untimed paragraphs, with `<cite>` speakers and `<time>` starts when present.
    case html
    /// Plain text (`text/plain`): untimed paragraphs separated by blank lines.
    case plainText

    /// The format a media type names (`text/vtt; charset=utf-8` counts as `text/vtt`), or nil.
    public init?(mediaType: String) {
        let bare = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingWhitespace().lowercased() } ?? ""
        switch bare {
        case "application/json": self = .json
        case "text/vtt": self = .webVTT
        case "application/x-subrip", "application/srt", "text/srt", "application/x-srt", "text/x-srt": self = .subRip
        case "text/html", "application/xhtml+xml": self = .html
        case "text/plain": self = .plainText
        default: return nil
        }
    }

    /// The format a file name's extension names (`.json`, `.vtt`, `.srt`, `.html`/`.htm`, `.txt`), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "vtt": self = .webVTT
        case "srt": self = .subRip
        case "html", "htm", "xhtml": self = .html
        case "txt", "text": self = .plainText
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .json: "JSON"
        case .webVTT: "WebVTT"
        case .subRip: "SubRip"
        case .html: "HTML"
        case .plainText: "plain text"
        }
    }
}
