import EarshotGLib
import EarshotStore
import Foundation

/// Telling clients how downloads move, paced: the downloads that moved (asked for, started, bytes
/// arrived, ended) are gathered and published as one `downloadsMoved` event at most every
/// `progressInterval`, from a one-shot timer armed by the first move after a quiet spell. A transfer
/// reports every chunk, hundreds a second on a fast line; the bus hears a few; nothing downloading arms
/// no timer.
extension Downloads {
    /// The shortest time between two `downloadsMoved` events.
    public static let progressInterval: Duration = .milliseconds(250)

    /// `id`'s download moved: it is in the next event.
    func moved(_ id: EpisodeID) {
        movedSinceReport.insert(id)
        guard paceTimer == nil else { return }
        paceTimer = timers.after(Self.progressInterval) { [weak self] in self?.reportMoves() }
    }

    private func reportMoves() {
        paceTimer = nil
        let moved = movedSinceReport.sorted { $0.rawValue < $1.rawValue }.compactMap { records[$0] }
        movedSinceReport = []
        if !moved.isEmpty { library.events.publish(.downloadsMoved(moved)) }
    }
}
