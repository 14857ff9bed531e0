import EarshotStore
import Foundation

/// The stretch of listening being recorded: one episode, from the moment it plays until it pauses,
/// stops, ends or gives way to another. It adds up how much of the episode went by (the stretches
/// between seeks; a seek's jump is not listening), how long that took on the wall clock (the monotonic
/// clock, so a change of the system clock does not distort it), and what silence trimming left out.
struct ListeningStretch {
    /// The history row as it stands.
    private(set) var record: ListeningRecord
    /// Where the episode was when the stretch last heard of it.
    private(set) var lastPosition: Double
    private let startedAt: Duration
    private let savedAtStart: Duration
    /// Audio gone by before the last seek, and where listening resumed after it.
    private var counted = 0.0
    private var segmentStart: Double

    /// A stretch starting now at `position` (seconds) of `episode`. `skipped` is audio the intro rule
    /// jumped over to get there; `timeSaved` the engine's trimming count so far (the stretch counts
    /// from it).
    init(id: Int64, episode: StoredEpisode, podcast: PodcastSummary?, device: String, date: Date, now: Duration,
         position: Double, timeSaved: Duration, rate: Double, skipped: Double) {
        record = ListeningRecord(
            id: id, episode: episode.id, podcast: episode.podcast, episodeTitle: episode.episode.title,
            podcastTitle: podcast?.channel.title, episodeGUID: episode.episode.id, soundURL: episode.episode.soundURL,
            podcastURL: podcast?.url, device: device, startedAt: date, endedAt: date, startPosition: position,
            endPosition: position, span: 0, skipped: skipped, rate: rate)
        lastPosition = position
        startedAt = now
        savedAtStart = timeSaved
        segmentStart = position
    }

    /// The listener moved from `position` to `target` (a seek): what went by up to `position` counts.
    mutating func moved(from position: Double, to target: Double) {
        counted += max(0, position - segmentStart)
        segmentStart = target
        lastPosition = target
        record.endPosition = target
    }

    /// Listening reached `position` at `now`, with the engine's trimming count and rate as they are.
    mutating func reached(_ position: Double, now: Duration, timeSaved: Duration, rate: Double) {
        lastPosition = position
        record.endPosition = position
        record.span = counted + max(0, position - segmentStart)
        record.endedAt = record.startedAt.addingTimeInterval(max(0, (now - startedAt).inSeconds))
        record.trimmed = min(record.span, max(0, (timeSaved - savedAtStart).inSeconds))
        record.rate = rate
    }

    /// The stretch ends with the episode finished; `skipped` more audio was left out by the outro rule.
    mutating func finish(skipping skipped: Double) {
        record.finished = true
        record.skipped += max(0, skipped)
    }
}
