import EarshotCore
@testable import EarshotFeed
import EarshotPlayback
import Foundation

/// Runs store work at once, on the caller's thread: the rules' tests see every write immediately.
final class InlineBackground: Background {
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) { completion(work()) }
}

/// An engine that does what it is told at once and lets a test play the audio's part (durations, the end).
final class ScriptedEngine: AudioEngine {
    var onEvent: (PlaybackEvent) -> Void = { _ in }
    private(set) var state: PlaybackState = .stopped
    private(set) var loadedURI: URL?
    private(set) var loads: [(URL, Duration)] = []
    var currentPosition: Duration = .zero
    var duration: Duration?
    private(set) var rate = 1.0
    private(set) var volume = 1.0

    var position: Duration? { state == .stopped ? nil : currentPosition }

    func load(uri: URL, startAt: Duration) {
        loadedURI = uri
        loads.append((uri, startAt))
        currentPosition = startAt
        duration = nil
        state = .paused
    }
    func play() { if loadedURI != nil { state = .playing } }
    func pause() { if state == .playing { state = .paused } }
    func stop() { state = .stopped }
    func seek(to target: Duration) { currentPosition = target }
    func setRate(_ rate: Double) { self.rate = rate }
    func setVolume(_ volume: Double) { self.volume = volume }

    /// The audio reached its end.
    func finish() { onEvent(.endOfStream) }
}

/// Feeds served from memory: a URL maps to a channel, an error, or "not modified".
final class FeedTable: FeedFetching {
    enum Answer { case channel(Channel), failure(FeedError), notModified }
    var answers: [URL: Answer] = [:]
    private(set) var requests: [(URL, FeedValidators)] = []
    /// While true, answers wait until `release()` (a slow network).
    var holding = false
    private var held: [() -> Void] = []

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

    private func answer(_ url: URL, _ completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void) {
        switch answers[url] {
        case .channel(let channel):
            completion(.success(.fetched(FetchedFeed(feed: ParsedFeed(channel: channel, warnings: []), validators: FeedValidators(etag: "v1"),
                                                     permanentURL: nil, finalURL: url))))
        case .failure(let error): completion(.failure(error))
        case .notModified: completion(.success(.notModified))
        case nil: completion(.failure(.http(status: 404, reason: "Not Found")))
        }
    }
}
