/// A chapter read from the audio itself: ID3v2 `CHAP` frames in an MP3, or a container's table of
/// contents when GStreamer's demuxer exposes one (a `GstToc`).
public struct AudioChapter: Sendable, Equatable {
    /// Where the chapter starts, in seconds from the start of the episode.
    public let start: Double
    /// The chapter's title (empty when the audio gives none).
    public let title: String

    /// A chapter starting at `start` seconds.
    public init(start: Double, title: String) {
        self.start = start
        self.title = title
    }
}
