import EarshotPlayback
import Foundation

/// Whether the audio of the loaded episode opens, so that `earshot play` can say so: a listener on a
/// train who plays an episode that is not downloaded hears why nothing plays, rather than silence. The
/// playhead tells it of loads, the audio opening or failing; those waiting hear once.
final class AudioOpening {
    /// One who waits to hear whether the audio opens.
    private struct Waiter {
        let settled: (String?) -> Void
        let timeout: TimerHandle
    }

    private let timers: Timers
    /// The loaded episode's audio opened.
    private(set) var isOpen = false
    private var waiters: [Waiter] = []

    /// Waits with patience counted on `timers`.
    init(timers: Timers) { self.timers = timers }

    /// Calls `settled` once the audio opened (nil) or failed to (why); nil too when the wait ends first
    /// (`settle`), or after `patience`: a slow server is not a failure.
    func wait(patience: Duration, _ settled: @escaping (String?) -> Void) {
        var handle: TimerHandle?
        handle = timers.after(patience) { [weak self] in
            guard let self, let index = self.waiters.firstIndex(where: { $0.timeout === handle }) else { return }
            self.waiters.remove(at: index).settled(nil)
        }
        waiters.append(Waiter(settled: settled, timeout: handle!))
    }

    /// Another load starts: its audio is not open yet.
    func loading() { isOpen = false }

    /// The audio opened.
    func opened() {
        isOpen = true
        settle(nil)
    }

    /// The audio of `title` (the episode's, when known) could not be opened.
    func failed(_ error: PlaybackError, title: String?) {
        isOpen = false
        let name = title.map { "“\($0)”" } ?? "the episode"
        let streamed = ["http", "https"].contains(error.uri.scheme?.lowercased() ?? "")
        settle("cannot play \(name): \(error.reasonText)"
               + (streamed ? " (it streams from \(error.uri.host ?? "its server") and is not downloaded)" : ""))
    }

    /// Answers everyone waiting, once.
    func settle(_ problem: String?) {
        let waiting = waiters
        waiters = []
        for waiter in waiting {
            waiter.timeout.cancel()
            waiter.settled(problem)
        }
    }
}
