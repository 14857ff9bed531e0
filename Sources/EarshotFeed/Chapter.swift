import Foundation

/// One chapter of an episode: where it starts and what it is called, from the feed (Podlove Simple
/// Chapters), a Podcasting 2.0 chapters file, or the audio itself (ID3 CHAP, MP4 chapters).
public struct Chapter: Sendable, Equatable, Codable {
    /// Where the chapter starts, in seconds from the start of the episode.
    public var start: Double
    /// The chapter's title (may be empty when the source gives none).
    public var title: String
    /// A web page the chapter refers to, when the source gives one.
    public var link: URL?
    /// The chapter's own image, when the source gives one.
    public var image: URL?

    /// A chapter with the given fields.
    public init(start: Double, title: String, link: URL? = nil, image: URL? = nil) {
        self.start = start
        self.title = title
        self.link = link
        self.image = image
    }

    /// `chapters` by start, earliest first; chapters that start together keep their order.
    static func ordered(_ chapters: [Chapter]) -> [Chapter] {
        chapters.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}
