import EarshotPlayback
import Foundation

/// One who waits to hear whether the current episode's audio opens.
struct OpenWaiter {
    let settled: (String?) -> Void
    let timeout: TimerHandle
}

/// Whether the audio of an episode asked for opens, so that `earshot play` can say so: a listener on a
/// train who plays an episode that is not downloaded hears why nothing plays, rather than silence.
extension Playhead {
    /// Calls `settled` once the current episode's audio opened (nil) or failed to (why, in plain
    /// words). At once (nil) when it is open already or nothing is loading; nil too when another
    /// episode becomes current or playback stops first, or after `patience`: a slow server is not a
    /// failure.
    public func whenAudioOpens(patience: Duration = .seconds(20), _ settled: @escaping (String?) -> Void) {
        guard loaded, !audioOpen, engine.state != .stopped else { return settled(nil) }
        var handle: TimerHandle?
        handle = timers.after(patience) { [weak self] in
            guard let self, let index = self.openWaiters.firstIndex(where: { $0.timeout === handle }) else { return }
            self.openWaiters.remove(at: index).settled(nil)
        }
        openWaiters.append(OpenWaiter(settled: settled, timeout: handle!))
    }

    func audioOpened() {
        audioOpen = true
        settleOpenWaiters(nil)
    }

    func audioFailed(_ error: PlaybackError) {
        audioOpen = false
        let title = current?.episode.title.map { "“\($0)”" } ?? "the episode"
        let streamed = ["http", "https"].contains(error.uri.scheme?.lowercased() ?? "")
        settleOpenWaiters("cannot play \(title): \(error.reasonText)"
                          + (streamed ? " (it streams from \(error.uri.host ?? "its server") and is not downloaded)" : ""))
    }

    /// Answers everyone waiting, once.
    func settleOpenWaiters(_ problem: String?) {
        let waiting = openWaiters
        openWaiters = []
        for waiter in waiting {
            waiter.timeout.cancel()
            waiter.settled(problem)
        }
    }
}
