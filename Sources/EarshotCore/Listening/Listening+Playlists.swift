import EarshotLocale
import EarshotStore

/// Playing a list of episodes read on the background (a smart playlist): the first plays now, the rest
/// go to the front of Up Next in order, ahead of what was queued (an episode queued already moves
/// there), so they play as Up Next does.
extension Listening {
    /// Plays `listings` in order (those without audio are left out).
    func play(_ listings: [EpisodeListing]) throws(LibraryError) {
        let playable = listings.filter(\.isPlayable)
        guard let first = playable.first else { throw .noEpisode(tr("the playlist has no episode to play")) }
        let known = Dictionary(playable.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        try select(first.id, play: true, remember: true)
        let rest = playable.dropFirst().map(\.id)
        guard !rest.isEmpty else { return }
        try queue.enqueue(Array(rest), at: 0, current: current?.id) { id throws(LibraryError) in known[id] }
        saveUpNext()
        changed()
    }
}
