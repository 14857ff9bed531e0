/// The segments a transcript reader finds, kept within bounds and put in order.
///
/// Text and speakers are collapsed to one line (`TranscriptText.collapsed`); a segment without words is
/// dropped, and a speaker without words is none. A time that is not finite, is negative, or lies beyond
/// `EpisodeTime.latest` counts as absent, as does an end before its start. More than `limit` segments is a named
/// refusal, found as the reader goes, so a hostile document costs no more than the limit.
struct TranscriptSegmentList {
    private let limit: Int
    private var segments: [TranscriptSegment] = []

    init(limit: Int) { self.limit = limit }

    /// Adds a segment with the UTF-8 `text` and `speaker`, unless it has no words.
    mutating func add(start: Double?, end: Double?, speaker: String?, text: some Collection<UInt8>) throws(TranscriptDocumentError) {
        let words = TranscriptText.collapsed(text)
        guard !words.isEmpty else { return }
        guard segments.count < limit else { throw .tooManySegments(limit: limit) }
        let start = Self.time(start)
        var end = Self.time(end)
        if let begin = start, let finish = end, finish < begin { end = nil }
        let speaker = speaker.map { TranscriptText.collapsed($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
        segments.append(TranscriptSegment(start: start, end: end, speaker: speaker, text: words))
    }

    private static func time(_ seconds: Double?) -> Double? {
        seconds.flatMap(EpisodeTime.checked)
    }

    /// The segments by start, earliest first, the document's order kept among equal starts. An untimed
    /// segment keeps its place after the timed one before it (or at the beginning), so the paragraphs of
    /// an HTML or plain-text transcript keep the document's order.
    func ordered() throws(TranscriptDocumentError) -> [TranscriptSegment] {
        guard !segments.isEmpty else { throw .empty }
        var keys: [Double] = []
        keys.reserveCapacity(segments.count)
        var last = 0.0
        var sorted = true
        for segment in segments {
            let key = segment.start ?? last
            if key < last { sorted = false }
            keys.append(key)
            last = key
        }
        if sorted { return segments }
        let order = segments.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        return order.map { segments[$0] }
    }
}
