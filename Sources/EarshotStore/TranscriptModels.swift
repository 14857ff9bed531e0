import EarshotFeed
import Foundation

/// An episode's transcript as stored: its segments in order, where it came from and when.
public struct StoredTranscript: Sendable, Equatable {
    /// The address the transcript was fetched from (a generated one: the audio file it was made from).
    public var url: URL
    /// When it was fetched (a generated one: when it was begun).
    public var fetchedAt: Date
    /// What was said, in the order given to `Store.storeTranscript`.
    public var segments: [TranscriptSegment]
    /// The engine that made it on this computer; nil for the publisher's.
    public var generator: TranscriptGenerator?
    /// Whether a generated transcript covers the whole episode (a publisher's always does).
    public var complete: Bool

    /// A transcript with the given fields.
    public init(url: URL, fetchedAt: Date, segments: [TranscriptSegment], generator: TranscriptGenerator? = nil, complete: Bool = true) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.segments = segments
        self.generator = generator
        self.complete = complete
    }
}

/// The speech recogniser that made a transcript on this computer: its engine and model.
public struct TranscriptGenerator: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The engine, e.g. `moonshine`.
    public var engine: String
    /// Its model, e.g. `base-en`.
    public var model: String

    /// A generator with the given names.
    public init(engine: String, model: String) {
        self.engine = engine
        self.model = model
    }

    /// `moonshine base-en`.
    public var description: String { model.isEmpty ? engine : "\(engine) \(model)" }
}

/// A downloaded episode that may be transcribed on this computer (`Store.transcriptionCandidates`).
public struct TranscriptionCandidate: Sendable, Equatable {
    public var episode: EpisodeID
    public var podcast: PodcastID
    /// The downloaded file.
    public var file: URL
    /// The feed's `<language>`, as written.
    public var language: String?
    /// The episode's length in seconds, when known.
    public var duration: Double?
    /// Where the listener is in it (seconds), and whether they finished it.
    public var listenedTo: Double
    public var finished: Bool
    /// When it was released.
    public var released: Date?
    /// The end of the last segment already stored (0: none): where transcribing resumes.
    public var resumeAt: Double
    /// The podcast's own value of the setting asked for (nil: it has none).
    public var podcastSetting: String?
    /// Whether its feed offers a transcript of its own.
    public var offersTranscript: Bool

    /// A candidate with the given fields.
    public init(episode: EpisodeID, podcast: PodcastID, file: URL, language: String?, duration: Double?, listenedTo: Double = 0,
                finished: Bool = false, released: Date?, resumeAt: Double = 0, podcastSetting: String? = nil, offersTranscript: Bool = false) {
        self.episode = episode
        self.podcast = podcast
        self.file = file
        self.language = language
        self.duration = duration
        self.listenedTo = listenedTo
        self.finished = finished
        self.released = released
        self.resumeAt = resumeAt
        self.podcastSetting = podcastSetting
        self.offersTranscript = offersTranscript
    }
}

/// Failed attempts to fetch an episode's transcript, kept until one succeeds (`Store.storeTranscript`)
/// or the episode goes, so that retries survive restarts.
public struct TranscriptAttempt: Sendable, Equatable {
    /// The episode whose transcript could not be fetched.
    public var episode: EpisodeID
    /// The address last tried.
    public var url: URL
    /// Why the last attempt failed, in one line.
    public var failure: String
    /// How many attempts failed in a row.
    public var attempts: Int
    /// When to try again; nil: not again by itself.
    public var nextAttemptAt: Date?

    /// An attempt with the given fields.
    public init(episode: EpisodeID, url: URL, failure: String, attempts: Int, nextAttemptAt: Date?) {
        self.episode = episode
        self.url = url
        self.failure = failure
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
    }
}
