import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Transcripts made on this computer: which downloaded episode the recogniser (`Transcriber`, a helper
/// process) hears next, one at a time, its segments stored as they come, and when it waits.
///
/// - Next: the episodes the listener asked for (`request`), in order; else every downloaded episode
///   whose feed offers no transcript, whose `transcribe` setting is on, in a language the engine knows:
///   in-progress ones first, then the newest (`TranscriptionChoice`).
/// - Each segment is stored as it is heard, so a stop, a crash or a restart resumes after the last one
///   stored. A publisher's transcript stored meanwhile wins: the episode is left.
/// - Only on mains power: on battery or in the power-saver profile the recogniser is paused
///   (`TranscriberRun.pause`), and goes on when that ends.
/// - A failure is logged and the episode tried again later (1 minute, 10, an hour; after 4 failures
///   only when asked for again); the others go on meanwhile.
public final class Transcription {
    /// The settings key, for all podcasts and per podcast.
    public static let settingKey = "transcribe"

    let transcriber: Transcriber
    let store: TranscriptionStore
    let background: Background
    let timers: Timers
    let events: SessionEvents
    private(set) var power: PowerState
    private(set) var engine: Result<EngineDescription, TranscriberUnavailable>?
    /// Asked for by the listener, in order.
    private(set) var requested: [EpisodeID] = []
    /// The automatic queue, as last read.
    private var waitingTurn: [EpisodeID] = []
    private var running: Running?
    private var choosing = false
    private var chooseAgain = false
    private var ended = false
    private var libraryOn = true
    private let powerWatch: PowerWatching
    private var failures: [EpisodeID: Int] = [:]
    private var retryAt: [EpisodeID: Duration] = [:]
    private var retryTimer: TimerHandle?

    private final class Running {
        let candidate: TranscriptionCandidate
        let generator: TranscriptGenerator
        let began: Duration
        var heard: Double
        var run: TranscriberRun?
        var pausedAt: Duration?
        var pausedFor: Duration = .zero
        init(_ candidate: TranscriptionCandidate, _ generator: TranscriptGenerator, began: Duration) {
            self.candidate = candidate
            self.generator = generator
            self.began = began
            heard = candidate.resumeAt
        }
    }

    init(transcriber: Transcriber, store: TranscriptionStore, power: PowerWatching, background: Background, timers: Timers,
         events: SessionEvents) {
        self.transcriber = transcriber
        self.store = store
        self.background = background
        self.timers = timers
        self.events = events
        self.power = power.state
        powerWatch = power
    }

    /// Asks the engine what it is, then starts on the first episode.
    func begin() {
        transcriber.describe { [weak self] result in
            guard let self else { return }
            self.engine = result
            switch result {
            case .success:
                // Power is watched only once there is an engine to pause.
                self.powerWatch.watch { [weak self] state in self?.powerChanged(state) }
                self.power = self.powerWatch.state
            case .failure(let why):
                Log.message("transcription: \(Self.describe(why))")
            }
            self.events.publish(.transcription(.paused(self.power.pauseReason)))
            self.choose()
        }
    }

    /// Stops the recogniser (at quit); what was heard is stored.
    func end() {
        ended = true
        retryTimer?.cancel()
        running?.run?.stop()
        running = nil
    }

    /// Puts `episodes` at the front, in this order, forgetting their failures; the one running goes
    /// on only if it is the first of them.
    func request(_ episodes: [EpisodeID]) {
        requested.removeAll { episodes.contains($0) }
        requested.insert(contentsOf: episodes, at: 0)
        episodes.forEach { failures[$0] = nil; retryAt[$0] = nil }
        if let running, running.candidate.episode != requested.first { stop(running) }
        choose()
    }

    /// An episode was downloaded: one asked for goes ahead of an automatic one running.
    func downloaded(_ episode: EpisodeID) {
        if requested.contains(episode), let running, !requested.contains(running.candidate.episode) { stop(running) }
        choose()
    }

    /// A podcast's feed was stored: it may now offer a transcript for the episode being heard.
    func feedStored(_ podcast: PodcastID) {
        if running?.candidate.podcast == podcast { reconsider() }
    }

    /// Something that decides what is next changed (a setting): look again.
    func reconsider() {
        guard let running else { return choose() }
        // The setting turned off, or a feed now offers a transcript: the one running stops.
        let episode = running.candidate.episode, podcast = running.candidate.podcast, asked = requested.contains(episode)
        read({ store in
            let library = try store.settings(for: nil)[Self.settingKey]
            let now = try store.transcriptionCandidates(settingKey: Self.settingKey, episode: episode, limit: 1).first
            return asked || (TranscriptionChoice.isOn(podcast: now?.podcastSetting, library: library) && now?.offersTranscript == false)
        }) { [weak self] (stillWanted: Bool?) in
            guard let self, let current = self.running, current.candidate.episode == episode, current.candidate.podcast == podcast else { return }
            if stillWanted == false { self.stop(current) }
            self.choose()
        }
    }

    /// Where transcribing stands.
    public var status: TranscriptionStatus {
        let running = self.running.map { running -> TranscriptionStatus.Running in
            let worked = (timers.now - running.began - running.pausedFor - (running.pausedAt.map { timers.now - $0 } ?? .zero)).inSeconds
            let heardNow = running.heard - running.candidate.resumeAt
            let speed = worked >= 1 && heardNow > 0 ? heardNow / worked : nil
            let length = running.candidate.duration.flatMap { $0 > 0 ? $0 : nil }
            return .init(episode: running.candidate.episode, progress: length.map { min(1, max(0, running.heard / $0)) },
                         speed: speed, secondsLeft: speed.flatMap { speed in length.map { max(0, $0 - running.heard) / speed } },
                         heard: running.heard)
        }
        var queue = requested
        queue += waitingTurn.filter { !queue.contains($0) && $0 != running?.episode }
        return TranscriptionStatus(engine: try? engine?.get(), unavailable: engine.flatMap { if case .failure(let why) = $0 { why } else { nil } },
                                   enabled: libraryOn, pausedBecause: power.pauseReason, running: running,
                                   queue: Array(queue.filter { $0 != running?.episode }.prefix(50)))
    }

    /// The reason an episode of a feed in `language` is not transcribed here, when the engine says so.
    func languageReason(_ language: String?) -> String? {
        guard case .success(let engine)? = engine else { return nil }
        return TranscriptionChoice.languageReason(language, engine: engine)
    }

    // MARK: Choosing

    private func choose() {
        guard !ended, running == nil, power.pauseReason == nil, case .success(let engine)? = engine else { return }
        guard !choosing else { chooseAgain = true; return }
        choosing = true
        let requested = self.requested, now = timers.now
        let waiting = Set(retryAt.filter { $0.value > now }.keys).union(failures.filter { $0.value >= TranscriptionChoice.maximumFailures }.keys)
        read({ store in
            let library = try store.settings(for: nil)[Self.settingKey]
            let asked = try requested.flatMap { try store.transcriptionCandidates(settingKey: Self.settingKey, episode: $0, limit: 1) }
            let automatic = try store.transcriptionCandidates(settingKey: Self.settingKey, episode: nil, limit: 200)
            let downloaded = Set((asked + automatic).filter { FileManager.default.fileExists(atPath: $0.file.path) }.map(\.episode))
            return (library, asked, automatic, downloaded)
        }) { [weak self] (read: (String?, [TranscriptionCandidate], [TranscriptionCandidate], Set<EpisodeID>)?) in
            guard let self else { return }
            self.choosing = false
            guard let (library, asked, automatic, downloaded) = read else { return }
            self.libraryOn = TranscriptionChoice.isOn(podcast: nil, library: library)
            let next = TranscriptionChoice.next(requested: asked, automatic: automatic, libraryOn: library,
                                                engine: engine, waiting: waiting, downloaded: downloaded)
            self.waitingTurn = automatic.filter { !$0.offersTranscript && TranscriptionChoice.isOn(podcast: $0.podcastSetting, library: library)
                && TranscriptionChoice.knows(engine.languages, $0.language) && downloaded.contains($0.episode) }.map(\.episode)
            if self.chooseAgain {
                self.chooseAgain = false
                return self.choose()
            }
            if let next { self.start(next, engine.generator) }
            self.armRetry()
        }
    }

    private func start(_ candidate: TranscriptionCandidate, _ generator: TranscriptGenerator) {
        guard running == nil, !ended else { return }
        let running = Running(candidate, generator, began: timers.now)
        self.running = running
        let job = TranscriptionJob(episode: candidate.episode, file: candidate.file, offset: candidate.resumeAt)
        running.run = transcriber.start(job) { [weak self, weak running] event in
            guard let self, let running, self.running === running else { return }
            self.heard(event, in: running)
        }
        events.publish(.transcription(.started(candidate.episode)))
    }

    private func heard(_ event: TranscriberEvent, in running: Running) {
        let episode = running.candidate.episode, generator = running.generator, source = running.candidate.file, date = timers.date
        switch event {
        case .segment(let segment):
            running.heard = max(running.heard, segment.end ?? segment.start ?? running.heard)
            read({ store in try store.appendGeneratedSegments([segment], for: episode, by: generator, from: source, at: date) }) { [weak self] kept in
                guard let self else { return }
                switch kept {
                case true?: self.events.publish(.transcription(.stored(episode)))
                case false?: // The publisher's transcript arrived: it wins.
                    if let current = self.running, current === running { self.stop(current); self.choose() }
                case nil: // Could not store (a full disk): what is stored stays; try again later.
                    self.failed(running, tr("cannot store what was heard"))
                }
            }
        case .done:
            self.running = nil
            requested.removeAll { $0 == episode }
            read({ store in try store.finishGeneratedTranscript(of: episode, by: generator, from: source, at: date) }) { [weak self] _ in
                guard let self else { return }
                self.failures[episode] = nil
                self.events.publish(.transcription(.finished(episode)))
                self.choose()
            }
        case .failed(let why):
            failed(running, why)
        }
    }

    private func failed(_ running: Running, _ why: String) {
        guard self.running === running else { return }
        let episode = running.candidate.episode
        stop(running)
        let count = (failures[episode] ?? 0) + 1
        failures[episode] = count
        if let delay = TranscriptionChoice.retryDelay(afterFailures: count) {
            retryAt[episode] = timers.now + delay
            let minutes = Int(delay.inSeconds / 60)
            Log.warning("transcription of episode \(episode.rawValue) failed (\(why)); trying again in \(minutes == 1 ? "a minute" : "\(minutes) minutes")")
        } else {
            requested.removeAll { $0 == episode }
            Log.warning("transcription of episode \(episode.rawValue) failed \(count) times (\(why)); left until asked for again")
        }
        events.publish(.transcription(.failed(episode, why)))
        choose()
    }

    private func stop(_ running: Running) {
        running.run?.stop()
        if self.running === running { self.running = nil }
    }

    private func armRetry() {
        retryTimer?.cancel()
        retryTimer = nil
        let now = timers.now
        guard let due = retryAt.values.filter({ $0 > now }).min() else { return }
        retryTimer = timers.after(due - now) { [weak self] in self?.choose() }
    }

    private func powerChanged(_ state: PowerState) {
        guard state != power else { return }
        let wasPaused = power.pauseReason != nil
        power = state
        let paused = state.pauseReason != nil
        guard paused != wasPaused else { return }
        if let running {
            if paused {
                running.run?.pause()
                running.pausedAt = timers.now
            } else {
                running.run?.resume()
                if let since = running.pausedAt { running.pausedFor += timers.now - since }
                running.pausedAt = nil
            }
        }
        Log.message(paused ? "transcription paused: \(state.pauseReason!)" : "transcription goes on: on mains power")
        events.publish(.transcription(.paused(state.pauseReason)))
        if !paused { choose() }
    }

    /// Runs `work` on the store off the loop; nil (logged) when it throws.
    private func read<T: Sendable>(_ work: @escaping @Sendable (TranscriptionStore) throws -> T, then: @escaping (T?) -> Void) {
        let store = self.store
        background.run({ () -> Result<T, StoreFailure> in
            do { return .success(try work(store)) } catch { return .failure(StoreFailure(description: "\(error)")) }
        }) { result in
            switch result {
            case .success(let value): then(value)
            case .failure(let error):
                Log.warning("transcription: \(error.description)")
                then(nil)
            }
        }
    }

    private struct StoreFailure: Error { let description: String }

    static func describe(_ why: TranscriberUnavailable) -> String {
        switch why {
        // TRANSLATORS: %s is the command that sets the transcriber up.
        case .notInstalled(let setUp): tr("the transcriber is not installed (to set it up: %s)", setUp)
        // TRANSLATORS: %s is what the transcriber said (in English).
        case .broken(let said): tr("the transcriber cannot work: %s", said)
        }
    }
}
