import EarshotCore
import EarshotFeed
import Foundation

/// Directories answering from memory, each after its own delay on the test clock (nil: never), recording
/// what was asked and what was cancelled.
final class ScriptedDirectories: DirectoryAsking {
    private let timers: ManualTimers
    /// Each directory's answer to any query (a missing directory answers no shows).
    var answers: [Directory: Result<[DirectoryShow], DirectoryError>] = [:]
    /// How long each directory takes; a missing one answers at once, `.some(nil)` never.
    var delays: [Directory: Duration?] = [:]
    private(set) var asked: [(query: DirectoryQuery, directory: Directory)] = []
    private(set) var cancelled: [Directory] = []

    init(timers: ManualTimers) { self.timers = timers }

    func ask(_ query: DirectoryQuery, of directory: Directory,
             completion: @escaping (Result<[DirectoryShow], DirectoryError>) -> Void) -> Cancellable {
        asked.append((query, directory))
        let answer = answers[directory] ?? .success([])
        let timer: TimerHandle? = switch delays[directory] {
        case .some(nil): nil
        case .some(.some(let delay)): timers.after(delay) { completion(answer) }
        case nil: timers.after(.zero) { completion(answer) }
        }
        return Request { [weak self] in
            timer?.cancel()
            self?.cancelled.append(directory)
        }
    }

    private final class Request: Cancellable {
        let stop: () -> Void
        init(_ stop: @escaping () -> Void) { self.stop = stop }
        func cancel() { stop() }
    }
}

/// Web pages served from memory; pages not listed are not HTML. Answers may be held back.
final class ScriptedPages: PageReading {
    var pages: [URL: Result<[FeedLink], WebPageError>] = [:]
    private(set) var asked: [URL] = []
    var holding = false
    private var held: [() -> Void] = []

    func feedLinks(of page: URL, completion: @escaping (Result<[FeedLink], WebPageError>) -> Void) {
        asked.append(page)
        let answer = { [pages] in completion(pages[page] ?? .failure(.notAWebPage("application/octet-stream"))) }
        if holding { held.append(answer) } else { answer() }
    }

    /// How many answers wait.
    var waiting: Int { held.count }

    /// Sends the first answer held back.
    func releaseOne() {
        guard !held.isEmpty else { return }
        held.removeFirst()()
    }
}

extension DirectoryShow {
    /// A show of `directory` whose feed is `feed`.
    static func named(_ title: String, _ feed: String, in directory: Directory, episodes: Int? = nil, latest: Date? = nil) -> DirectoryShow {
        DirectoryShow(title: title, feed: URL(string: feed)!, episodes: episodes, latest: latest, directory: directory)
    }
}
