/// One piece of a transcript: what was said, by whom, and when.
public struct TranscriptSegment: Sendable, Equatable, Codable {
    /// When it starts, in seconds from the start of the episode; nil for an untimed paragraph (HTML and
    /// plain-text transcripts).
    public var start: Double?
    /// When it ends, in seconds; nil when the transcript does not say.
    public var end: Double?
    /// Who speaks (`<v Name>` in WebVTT, `speaker` in JSON); nil when the transcript does not say.
    public var speaker: String?
    /// The words, as plain text.
    public var text: String

    /// A segment with the given fields.
    public init(start: Double? = nil, end: Double? = nil, speaker: String? = nil, text: String) {
        self.start = start
        self.end = end
        self.speaker = speaker
        self.text = text
    }
}
