import EarshotLocale
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
        let streamed = ["http", "https"].contains(error.uri.scheme?.lowercased() ?? "")
        let reason = error.reasonText, server = error.uri.host ?? tr("its server")
        switch (title, streamed) {
        // TRANSLATORS: %1$s is the episode's title, %2$s why it cannot play (“not found”).
        case (let title?, false): settle(tr("cannot play “%1$s”: %2$s", title, reason))
        // TRANSLATORS: %1$s is the episode's title, %2$s why it cannot play, %3$s the server's name.
        case (let title?, true): settle(tr("cannot play “%1$s”: %2$s (it streams from %3$s and is not downloaded)", title, reason, server))
        case (nil, false): settle(tr("cannot play the episode: %s", reason))
        // TRANSLATORS: %1$s says why the episode cannot play, %2$s is the server's name.
        case (nil, true): settle(tr("cannot play the episode: %1$s (it streams from %2$s and is not downloaded)", reason, server))
        }
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
