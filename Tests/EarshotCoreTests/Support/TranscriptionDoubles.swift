@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation

/// A recogniser that hears nothing by itself: the test says what each run hears (`ScriptedRun`).
final class ScriptedTranscriber: Transcriber {
    var description: Result<EngineDescription, TranscriberUnavailable> = .success(ScriptedTranscriber.moonshine)
    private(set) var runs: [ScriptedRun] = []

    static let moonshine = EngineDescription(engine: "moonshine", model: "base-en", version: "1", languages: ["en"], sampleRate: 16_000)

    func describe(completion: @escaping (Result<EngineDescription, TranscriberUnavailable>) -> Void) { completion(description) }

    func start(_ job: TranscriptionJob, hear: @escaping (TranscriberEvent) -> Void) -> TranscriberRun {
        let run = ScriptedRun(job, hear)
        runs.append(run)
        return run
    }

    /// The run going on now (not stopped, not ended).
    var current: ScriptedRun? { runs.last { !$0.stopped && !$0.ended } }
}

/// One run of `ScriptedTranscriber`: what it was asked, whether it is paused or stopped.
final class ScriptedRun: TranscriberRun {
    let job: TranscriptionJob
    private let hear: (TranscriberEvent) -> Void
    private(set) var paused = false
    private(set) var stopped = false
    private(set) var ended = false

    init(_ job: TranscriptionJob, _ hear: @escaping (TranscriberEvent) -> Void) {
        self.job = job
        self.hear = hear
    }

    func pause() { paused = true }
    func resume() { paused = false }
    func stop() { stopped = true }

    func say(_ text: String, from start: Double, to end: Double) { hear(.segment(TranscriptSegment(start: start, end: end, text: text))) }
    func finish(seconds: Double = 600) { ended = true; hear(.done(seconds: seconds)) }
    func crash() { ended = true; hear(.failed("the transcriber was ended by signal 9 before the end")) }
}

/// Power the test switches.
final class SwitchedPower: PowerWatching {
    private(set) var state = PowerState.mains
    private var watchers: [(PowerState) -> Void] = []
    func watch(_ changed: @escaping (PowerState) -> Void) { watchers.append(changed) }
    func set(_ state: PowerState) {
        self.state = state
        watchers.forEach { $0(state) }
    }
}

/// Generated transcripts in memory, with the candidates a test lays out.
final class MemoryTranscriptionStore: TranscriptionStore, @unchecked Sendable {
    var episodes: [TranscriptionCandidate] = []
    private(set) var segments: [EpisodeID: [TranscriptSegment]] = [:]
    private(set) var complete: Set<EpisodeID> = []
    var published: Set<EpisodeID> = []
    var settings: [PodcastID?: [String: String]] = [:]
    /// Writes fail (a full disk).
    var failingWrites = false

    func transcriptionCandidates(settingKey: String, episode: EpisodeID?, limit: Int) throws -> [TranscriptionCandidate] {
        let chosen = episodes.filter { candidate in
            if let episode { return candidate.episode == episode }
            return !complete.contains(candidate.episode) && !published.contains(candidate.episode)
        }
        return chosen.map { candidate in
            var candidate = candidate
            candidate.resumeAt = segments[candidate.episode]?.last?.end ?? 0
            candidate.podcastSetting = settings[candidate.podcast]?[settingKey]
            return candidate
        }
    }

    func appendGeneratedSegments(_ segments: [TranscriptSegment], for episode: EpisodeID, by generator: TranscriptGenerator,
                                 from source: URL, at date: Date) throws -> Bool {
        if failingWrites { throw StoreError.database(path: "memory", reason: "database or disk is full") }
        guard !published.contains(episode) else { return false }
        self.segments[episode, default: []] += segments
        return true
    }

    func finishGeneratedTranscript(of episode: EpisodeID, by generator: TranscriptGenerator, from source: URL, at date: Date) throws -> Bool {
        guard !published.contains(episode) else { return false }
        complete.insert(episode)
        return true
    }

    func settings(for podcast: PodcastID?) throws -> [String: String] { settings[podcast] ?? [:] }

    func hasTranscript(_ episode: EpisodeID) throws -> Bool { published.contains(episode) }
}
