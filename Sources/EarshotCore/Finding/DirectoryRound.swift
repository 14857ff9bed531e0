import EarshotFeed
import Foundation

/// One question put to several directories at once. Each gets the same deadline on the session's clock;
/// the round ends when the slowest has answered or, at the deadline, with every one still silent
/// counted as timed out (its transfer is stopped). One directory failing never holds up or hides the
/// others: the round hands back every directory's answer, in the order the directories were given.
/// The round keeps itself alive through its timer and its requests until it ends.
final class DirectoryRound {
    private let directories: [Directory]
    private var answers: [Directory: Result<[DirectoryShow], DirectoryError>] = [:]
    private var requests: [Directory: Cancellable] = [:]
    private var deadline: TimerHandle?
    private var completion: (([(Directory, Result<[DirectoryShow], DirectoryError>)]) -> Void)?

    /// Asks `query` of every one of `directories` through `asking`, each for at most `timeout`.
    init(_ query: DirectoryQuery, of directories: [Directory], through asking: DirectoryAsking, timers: Timers,
         timeout: Duration, completion: @escaping ([(Directory, Result<[DirectoryShow], DirectoryError>)]) -> Void) {
        self.directories = directories
        self.completion = completion
        let seconds = Int(timeout.components.seconds)
        deadline = timers.after(timeout) { [self] in
            for directory in directories where answers[directory] == nil {
                requests[directory]?.cancel()
                answers[directory] = .failure(.timedOut(seconds: seconds))
            }
            finishIfComplete()
        }
        for directory in directories {
            let request = asking.ask(query, of: directory) { [self] result in
                guard answers[directory] == nil else { return }
                answers[directory] = result
                finishIfComplete()
            }
            if answers[directory] == nil, self.completion != nil { requests[directory] = request }
        }
        finishIfComplete()
    }

    private func finishIfComplete() {
        guard let completion, answers.count == directories.count else { return }
        self.completion = nil
        deadline?.cancel()
        deadline = nil
        requests = [:]
        completion(directories.map { ($0, answers[$0]!) })
    }
}
