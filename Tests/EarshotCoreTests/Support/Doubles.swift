import EarshotCore
@testable import EarshotFeed
import EarshotPlayback
import Foundation

/// Runs store work at once, on the caller's thread: the rules' tests see every write immediately.
final class InlineBackground: Background {
    /// While true, work still runs at once but its results wait for `deliver()`, as they wait for the
    /// loop in the daemon.
    var holdingResults = false
    private var held: [() -> Void] = []
    /// Whether store work runs now (the store double counts the reads made outside it: on the loop).
    private(set) var isWorking = false

    /// While true, work does not run at all: each job waits, in order, for `runHeld` (a worker busy
    /// with a long job ahead).
    var holdingWork = false
    private var jobs: [() -> Void] = []
    /// How many jobs wait for `runHeld`.
    var jobsHeld: Int { jobs.count }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        if holdingWork {
            jobs.append { [unowned self] in runNow(work, completion: completion) }
            return
        }
        runNow(work, completion: completion)
    }

    /// Runs the first `count` jobs held back (all of them when nil), in order, each result handed over as
    /// it comes; jobs these post wait behind the rest while `holdingWork` stays true.
    func runHeld(_ count: Int? = nil) {
        let taken = Array(jobs.prefix(count ?? jobs.count))
        jobs.removeFirst(taken.count)
        taken.forEach { $0() }
    }

    private func runNow<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        let outer = isWorking
        isWorking = true
        let value = work()
        isWorking = outer
        if holdingResults { held.append { completion(value) } } else { completion(value) }
    }

    /// Hands over the results held back so far, in order.
    func deliver() {
        holdingResults = false
        let waiting = held
        held = []
        waiting.forEach { $0() }
    }
}

/// An engine that does what it is told at once and lets a test play the audio's part (durations, the end,
/// chapters). With a clock, the position runs at the rate while playing, as audio would. Like the real
/// engine, it queues its events, each stamped with the load current when it happened, and hands them
/// over later (`deliver()`: the loop's next iteration).
final class ScriptedEngine: AudioEngine {
    var onEvent: (PlaybackEvent, LoadStamp) -> Void = { _, _ in }
    var onListeningEvent: (ListeningEvent, LoadStamp) -> Void = { _, _ in }
    /// The stamp of the newest load.
    private(set) var currentLoad = LoadStamp(rawValue: 0)
    private var queued: [(event: Either, load: LoadStamp)] = []
    private enum Either { case playback(PlaybackEvent), listening(ListeningEvent) }
    private(set) var state: PlaybackState = .stopped
    private(set) var loadedURI: URL?
    private(set) var loads: [(URL, Duration)] = []
    var duration: Duration?
    private(set) var rate = 1.0
    private(set) var volume = 1.0
    var trimSilence = false
    var voiceBoost = false
    var timeSaved: Duration = .zero
    /// Every fade asked for (target, over), and whether one runs now.
    private(set) var fades: [(Double, Duration)] = []
    private(set) var fading = false
    /// Every seek asked for.
    private(set) var seeks: [Duration] = []
    /// The clock the position runs by (nil: it stays where it is put).
    var clock: ManualTimers?
    private var anchor: (position: Duration, at: Duration) = (.zero, .zero)

    /// Where the audio is (settable, as if the audio moved there).
    var currentPosition: Duration {
        get {
            guard state == .playing, let clock else { return anchor.position }
            return anchor.position + (clock.now - anchor.at) * rate
        }
        set { anchor = (newValue, clock?.now ?? .zero) }
    }

    var position: Duration? { state == .stopped ? nil : currentPosition }

    func load(uri: URL, startAt: Duration) -> LoadStamp {
        currentLoad = currentLoad.next
        defer { loadedURI = uri }
        loads.append((uri, startAt))
        state = .paused
        currentPosition = startAt
        duration = nil
        return currentLoad
    }
    func play() {
        guard loadedURI != nil else { return }
        let here = currentPosition
        state = .playing
        currentPosition = here
    }
    func pause() {
        guard state == .playing else { return }
        let here = currentPosition
        state = .paused
        currentPosition = here
    }
    func stop() { state = .stopped }
    func seek(to target: Duration) {
        seeks.append(target)
        currentPosition = target
    }
    func setRate(_ rate: Double) {
        let here = currentPosition
        self.rate = min(max(rate, 0.5), 3)
        currentPosition = here
    }
    func setVolume(_ volume: Double) {
        fading = false
        self.volume = volume
    }
    func fade(to target: Double, over duration: Duration) {
        fades.append((target, duration))
        fading = true
    }

    /// Queues `event` as happening now, in the current load.
    func post(_ event: PlaybackEvent) { queued.append((.playback(event), currentLoad)) }

    /// Queues `event` as happening now, in the current load.
    func post(_ event: ListeningEvent) { queued.append((.listening(event), currentLoad)) }

    /// Hands over the queued events, in order (the loop's next iteration).
    func deliver() {
        while !queued.isEmpty {
            let (event, load) = queued.removeFirst()
            switch event {
            case .playback(let event): onEvent(event, load)
            case .listening(let event): onListeningEvent(event, load)
            }
        }
    }

    /// Posts `event` and lets the loop deliver it.
    func emit(_ event: PlaybackEvent) {
        post(event)
        deliver()
    }

    /// Posts `event` and lets the loop deliver it.
    func emit(_ event: ListeningEvent) {
        post(event)
        deliver()
    }

    /// The audio reached its end.
    func finish() { emit(.endOfStream) }

    /// Tells the playhead what the engine would: the state it is in now.
    func announceState() { emit(.stateChanged(state)) }
}

/// A clock moved by hand, with one-shot timers that fire as it passes them, in order. Its wall-clock
/// date moves with it.
final class ManualTimers: Timers {
    private(set) var now: Duration = .seconds(1000)
    /// The date when `now` was at its start.
    private let origin = (date: Date(timeIntervalSince1970: 1_700_000_000), now: Duration.seconds(1000))

    var date: Date { origin.date.addingTimeInterval((now - origin.now).inSeconds) }

    private var pending: [(id: Int, at: Duration, fire: () -> Void)] = []
    private var nextID = 0

    final class Handle: TimerHandle {
        let cancelled: () -> Void
        init(_ cancelled: @escaping () -> Void) { self.cancelled = cancelled }
        func cancel() { cancelled() }
    }

    /// How many timers wait.
    var waiting: Int { pending.count }

    func after(_ delay: Duration, _ fire: @escaping () -> Void) -> TimerHandle {
        let id = nextID
        nextID += 1
        pending.append((id, now + max(delay, .zero), fire))
        return Handle { [weak self] in self?.pending.removeAll { $0.id == id } }
    }

    /// One iteration of the loop at the same time: fires the timers due now, not those they arm.
    func turn() {
        let due = pending.filter { $0.at <= now }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        for timer in due where pending.contains(where: { $0.id == timer.id }) {
            pending.removeAll { $0.id == timer.id }
            timer.fire()
        }
    }

    /// Moves the clock forward by `seconds`, firing the timers due on the way.
    func advance(_ seconds: Double) { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }

    /// Moves the clock forward by `time`, firing each timer due on the way at its own time.
    func advance(by time: Duration) {
        let end = now + time
        while let next = pending.filter({ $0.at <= end }).min(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            pending.removeAll { $0.id == next.id }
            now = max(now, next.at)
            next.fire()
        }
        now = end
    }
}

/// Feeds served from memory: a URL maps to a channel, an error, or "not modified".
final class FeedTable: FeedFetching {
    enum Answer { case channel(Channel), failure(FeedError), notModified }
    var answers: [URL: Answer] = [:]
    /// Addresses that lead permanently to another (a 301): the answer is the other's.
    var moves: [URL: URL] = [:]
    private(set) var requests: [(URL, FeedValidators)] = []
    /// While true, answers wait until `release()` (a slow network).
    var holding = false
    private var held: [() -> Void] = []
    /// A private feed's door: a URL for which it answers false gets 401 instead of its answer.
    var door: ((URL) -> Bool)?

    func fetch(_ url: URL, validators: FeedValidators, completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void) {
        requests.append((url, validators))
        if holding {
            held.append { [weak self] in self?.answer(url, completion) }
        } else {
            answer(url, completion)
        }
    }

    /// Sends the answers held back so far.
    func release() {
        let waiting = held
        held = []
        waiting.forEach { $0() }
    }

    private func answer(_ asked: URL, _ completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void) {
        let url = moves[asked] ?? asked
        if let door, !door(url) { return completion(.failure(.http(status: 401, reason: "Unauthorized"))) }
        switch answers[url] {
        case .channel(let channel):
            completion(.success(.fetched(FetchedFeed(feed: ParsedFeed(channel: channel, warnings: []), validators: FeedValidators(etag: "v1"),
                                                     permanentURL: moves[asked], finalURL: url))))
        case .failure(let error): completion(.failure(error))
        case .notModified: completion(.success(.notModified))
        case nil: completion(.failure(.http(status: 404, reason: "Not Found")))
        }
    }
}

/// Chapters files served from memory; asked-for URLs are recorded, and answers may be held back.
final class ChapterFiles: ChaptersFetching {
    var files: [URL: [Chapter]] = [:]
    private(set) var requests: [URL] = []
    /// While true, answers wait until `release()`.
    var holding = false
    private var held: [() -> Void] = []

    func fetch(_ url: URL, completion: @escaping (Result<[Chapter], ChaptersFetchError>) -> Void) {
        requests.append(url)
        let answer: () -> Void = { [files] in
            completion(files[url].map { .success($0) } ?? .failure(.transfer("the server answered 404 Not Found")))
        }
        if holding { held.append(answer) } else { answer() }
    }

    func release() {
        let waiting = held
        held = []
        waiting.forEach { $0() }
    }
}
