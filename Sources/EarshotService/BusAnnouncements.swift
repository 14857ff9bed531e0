import EarshotCore
import EarshotMPRIS

/// What the bus hears when the session changes: the MPRIS adapter compares and sends PropertiesChanged
/// (only for real changes), `Seeked` after a landed seek, and `PlaylistChanged` for a renamed podcast or
/// a cover that arrived. It follows the session's events; nothing in Core knows of the bus.
public final class BusAnnouncements {
    private let bridge: MPRISPlayer
    private weak var adapter: MPRISAdapter?
    private let playlists: PlaylistWatcher
    private var subscription: EventSubscription?

    /// Announces `session`'s changes through `adapter`, whose player is `bridge`.
    public init(session: Session, bridge: MPRISPlayer, adapter: MPRISAdapter) {
        self.bridge = bridge
        self.adapter = adapter
        playlists = PlaylistWatcher(bridge: bridge, adapter: adapter)
        bridge.onArtArrived = { [weak self] in
            self?.playlists.announce()
            self?.adapter?.stateChanged()
        }
        subscription = session.events.subscribe { [weak self] event in self?.hear(event) }
        // A smart playlist whose episodes changed is announced (only then: playerctld makes the player
        // that signalled last the active one); one made or removed changes PlaylistCount.
        session.playlists?.onContentsChanged = { [weak self, weak bridge] playlist in
            guard let entry = bridge?.smartEntry(playlist) else { return }
            self?.adapter?.playlistChanged(entry)
        }
        session.playlists?.onListChanged = { [weak self] in self?.adapter?.stateChanged() }
    }

    private func hear(_ event: SessionEvent) {
        switch event {
        case .nowPlayingChanged, .upNextChanged:
            bridge.recheckArt()
            adapter?.stateChanged()
        case .seeked(let position):
            adapter?.seeked(to: position.inMicroseconds)
        case .feedStored(let podcast, _, _):
            playlists.announce([podcast])
        case .podcastsChanged:
            adapter?.stateChanged()
        case .episodeChanged, .progressSaved, .newEpisodes, .refreshFinished, .podcastRemoved, .settingChanged,
             .listened, .marked, .downloaded, .placesSynced, .transcription, .downloadsMoved, .downloadsDeleted, .starred, .dismissed:
            break
        }
    }

    /// Stops following the session (at exit).
    public func stop() { subscription?.cancel() }
}
