import EarshotFeed
import EarshotLocale
import EarshotStore
import Foundation

/// What the speech recogniser says it is (`earshot-transcriber --describe`).
public struct EngineDescription: Sendable, Equatable {
    public var engine: String
    public var model: String
    public var version: String
    /// The languages it hears, as language tags (`en`).
    public var languages: [String]
    /// The PCM rate it takes (16,000).
    public var sampleRate: Int

    /// A description with the given fields.
    public init(engine: String, model: String, version: String, languages: [String], sampleRate: Int) {
        self.engine = engine
        self.model = model
        self.version = version
        self.languages = languages
        self.sampleRate = sampleRate
    }

    /// How a transcript it makes is marked.
    public var generator: TranscriptGenerator { TranscriptGenerator(engine: engine, model: model) }
}

/// Why the recogniser cannot be used.
public enum TranscriberUnavailable: Error, Sendable, Equatable {
    /// It is not installed; `setUp` says what to run.
    case notInstalled(setUp: String)
    /// It is there but says it cannot work, in its words.
    case broken(String)
}

/// One episode to hear: its file, from `offset` seconds.
public struct TranscriptionJob: Sendable, Equatable {
    public var episode: EpisodeID
    public var file: URL
    public var offset: Double

    public init(episode: EpisodeID, file: URL, offset: Double) {
        self.episode = episode
        self.file = file
        self.offset = offset
    }
}

/// What a running recogniser reports, on the loop, in order.
public enum TranscriberEvent: Sendable, Equatable {
    /// A stretch of speech heard (times from the episode's start).
    case segment(TranscriptSegment)
    /// It heard the whole file (`seconds` of audio in all).
    case done(seconds: Double)
    /// It stopped before the end (crashed, could not decode, could not start), in plain words.
    case failed(String)
}

/// The speech recogniser, a helper process (`HelperTranscriber` is the real one). Its completions and
/// events run later on the loop.
public protocol Transcriber: AnyObject {
    /// Asks what the engine is, or why it cannot be used.
    func describe(completion: @escaping (Result<EngineDescription, TranscriberUnavailable>) -> Void)
    /// Starts hearing `job`; `hear` gets its events until `.done` or `.failed` (none after `stop()`).
    func start(_ job: TranscriptionJob, hear: @escaping (TranscriberEvent) -> Void) -> TranscriberRun
}

/// One running recognition.
public protocol TranscriberRun: AnyObject {
    /// Pauses it where it is (SIGSTOP).
    func pause()
    /// Lets it go on (SIGCONT).
    func resume()
    /// Ends it (SIGTERM); no event follows.
    func stop()
}

/// The computer's power, as far as transcribing cares.
public struct PowerState: Sendable, Equatable {
    /// Running on battery (UPower's OnBattery).
    public var onBattery: Bool
    /// The power profile is power-saver.
    public var powerSaver: Bool

    public init(onBattery: Bool = false, powerSaver: Bool = false) {
        self.onBattery = onBattery
        self.powerSaver = powerSaver
    }

    /// On mains power, in a normal profile: absent services count as this.
    public static let mains = PowerState()

    /// Why transcribing waits, or nil when it may run.
    public var pauseReason: String? {
        // TRANSLATORS: why transcribing waits: the computer runs on its battery.
        if onBattery { return tr("on battery") }
        // TRANSLATORS: why transcribing waits; "power-saver" is the name of the system's power profile.
        if powerSaver { return tr("the power profile is power-saver") }
        return nil
    }
}

/// Watches the computer's power (UPower and power-profiles-daemon on the system bus).
public protocol PowerWatching: AnyObject {
    /// The state known now (mains until told otherwise).
    var state: PowerState { get }
    /// Starts watching (the first call), and calls `changed` on the loop whenever the state changes.
    func watch(_ changed: @escaping (PowerState) -> Void)
}

/// Where generated transcripts are kept (the SQLite store). Called off the loop.
public protocol TranscriptionStore: AnyObject, Sendable {
    func transcriptionCandidates(settingKey: String, episode: EpisodeID?, limit: Int) throws -> [TranscriptionCandidate]
    func appendGeneratedSegments(_ segments: [TranscriptSegment], for episode: EpisodeID, by generator: TranscriptGenerator,
                                 from source: URL, at date: Date) throws -> Bool
    func finishGeneratedTranscript(of episode: EpisodeID, by generator: TranscriptGenerator, from source: URL, at date: Date) throws -> Bool
    func settings(for podcast: PodcastID?) throws -> [String: String]
    func hasTranscript(_ episode: EpisodeID) throws -> Bool
}

/// What transcribing did, published as `SessionEvent.transcription`.
public enum TranscriptionEvent: Sendable, Equatable {
    /// The recogniser began (or resumed) an episode.
    case started(EpisodeID)
    /// Segments of the episode were stored.
    case stored(EpisodeID)
    /// The episode's transcript is complete.
    case finished(EpisodeID)
    /// The recogniser failed on the episode; it is tried again later (a bounded number of times).
    case failed(EpisodeID, String)
    /// Transcribing paused (`reason`) or went on (nil).
    case paused(String?)
}
