import Foundation

/// One `podcast:transcript` of an item: where the transcript is and what the feed says about it.
public struct TranscriptLink: Sendable, Equatable, Codable {
    /// The transcript's address, resolved against the feed URL when relative.
    public var url: URL
    /// Its MIME type as the feed gives it (`application/json`, `text/vtt`, `application/srt`, `text/html`,
    /// `text/plain`); nil when absent.
    public var type: String?
    /// Its language (`language`, e.g. `en`, `de-AT`); nil when the feed does not say.
    public var language: String?
    /// `rel`: `captions` marks a closed-captions file; nil otherwise.
    public var rel: String?

    /// A transcript link with the given fields.
    public init(url: URL, type: String? = nil, language: String? = nil, rel: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.rel = rel
    }
}
