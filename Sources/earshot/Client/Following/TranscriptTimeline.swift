/// The timed lines of a transcript in the order they are spoken, and the two things following asks of
/// them: which line is being spoken at a moment, and how long until the next one begins.
///
/// A line is spoken from its start until the next line starts (through any silence after it; its end
/// is not needed). Untimed paragraphs (HTML and plain-text transcripts) are left out, so a transcript
/// of only those gives an empty timeline: it cannot be followed.
struct TranscriptTimeline {
    /// How close to a line's start counts as there: the moment read back when a timer fires may trail
    /// it by a few milliseconds (the same margin as the daemon's own timers at chapters).
    static let tolerance = 0.03

    /// The timed lines, earliest first (lines that start together keep the transcript's order).
    let lines: [TranscriptLine]
    /// Their starts, in seconds.
    private let starts: [Double]

    init(_ segments: [TranscriptLine]) {
        let timed = segments.enumerated().compactMap { offset, line in
            line.start.flatMap { $0.isFinite ? (start: $0, offset: offset, line: line) : nil }
        }.sorted { ($0.start, $0.offset) < ($1.start, $1.offset) }
        lines = timed.map(\.line)
        starts = timed.map(\.start)
    }

    /// Whether no line has a time.
    var isEmpty: Bool { lines.isEmpty }

    /// The index of the line being spoken at `position` (seconds): the last one to have started; nil
    /// before the first.
    func spokenIndex(at position: Double) -> Int? {
        let begun = countOfLinesBegun(at: position)
        return begun == 0 ? nil : begun - 1
    }

    /// How long, by the clock, until the next line begins: the audio still to play before it, at the
    /// playhead's rate. Nil when nothing begins by itself (paused, stopped, or past the last line).
    /// While silences are trimmed the audio runs ahead of the clock, so the wait is halved (to no less
    /// than 250 ms), as the daemon does for chapters: a few early looks rather than a late line.
    func wait(from playhead: Playhead) -> Duration? {
        guard playhead.playing, playhead.rate > 0 else { return nil }
        let next = countOfLinesBegun(at: playhead.position)
        guard next < starts.count else { return nil }
        var seconds = (starts[next] - playhead.position) / playhead.rate
        if playhead.trimming, seconds > 0.5 { seconds = max(seconds / 2, 0.25) }
        return .seconds(seconds)
    }

    /// How many lines have started at `position` (within the tolerance), by binary search.
    private func countOfLinesBegun(at position: Double) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= position + Self.tolerance { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
