import EarshotFeed
import Foundation

/// The current episode's chapters, where they came from, and the one playing.
struct ChapterState {
    /// Where chapters come from, weakest first: the feed's win over the rest.
    enum Source: Int, Comparable {
        /// The audio itself (ID3 CHAP frames, a container's table of contents).
        case audio
        /// The Podcasting 2.0 chapters file the feed points to.
        case document
        /// The feed's own Podlove Simple Chapters.
        case feed

        static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// By start, earliest first.
    var chapters: [Chapter] = []
    var source: Source?
    /// The chapter playing, as last announced (nil before the first one starts).
    var index: Int?

    /// The index of the chapter playing at `position` (seconds).
    func index(at position: Double) -> Int? {
        chapters.lastIndex { $0.start <= position }
    }

    /// The start of the first chapter after `position` (seconds).
    func nextStart(after position: Double) -> Double? {
        chapters.first { $0.start > position }?.start
    }
}
