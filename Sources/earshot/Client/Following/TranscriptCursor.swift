/// What following prints of one episode's transcript as its playhead moves: each line as it begins;
/// and where the playhead lands elsewhere (where following starts, a seek, a jump back), a few lines
/// before the one spoken for context, after a separator naming the moment unless it is the start.
struct TranscriptCursor {
    /// How many lines before the one spoken are printed for context.
    static let contextLines = 3

    let timeline: TranscriptTimeline
    private var place = Place.unplaced

    /// What has been printed so far.
    private enum Place {
        /// Nothing yet.
        case unplaced
        /// Up to this line, printed as the one spoken (nil: the playhead was before the first line).
        case spoken(Int?)
    }

    init(_ timeline: TranscriptTimeline) { self.timeline = timeline }

    /// What to print now that the playhead is at `position` (seconds); `seeked`: it got there by a seek.
    ///
    /// Playing on, the lines that began since are printed in order, the last as the one spoken; more
    /// than the context would hold, or any after a seek but the very next one, read as a jump.
    mutating func move(to position: Double, seeked: Bool) -> [FollowOutput] {
        let target = timeline.spokenIndex(at: position)
        guard case .spoken(let shown) = place else {
            place = .spoken(target)
            return context(endingAt: target)
        }
        guard target != shown else { return [] }
        place = .spoken(target)
        let first = (shown ?? -1) + 1
        let reach = seeked ? 1 : Self.contextLines + 1
        if let target, target >= first, target - first < reach {
            return (first..<target).map { .line(timeline.lines[$0]) } + [.spoken(timeline.lines[target])]
        }
        return [.separator(at: position)] + context(endingAt: target)
    }

    /// The line spoken at `target` and up to `contextLines` before it.
    private func context(endingAt target: Int?) -> [FollowOutput] {
        guard let target else { return [] }
        let before = max(0, target - Self.contextLines)..<target
        return before.map { .line(timeline.lines[$0]) } + [.spoken(timeline.lines[target])]
    }
}
