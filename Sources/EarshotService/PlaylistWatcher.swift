import EarshotMPRIS

/// Sends `PlaylistChanged` when a playlist's name or icon changed (a refresh renamed a podcast, or its
/// cover arrived) — and only then: needless signals make playerctld pick a player as active.
public final class PlaylistWatcher {
    private let bridge: MPRISPlayer
    private weak var adapter: MPRISAdapter?
    private var announced: [String: PlaylistEntry]

    public init(bridge: MPRISPlayer, adapter: MPRISAdapter) {
        self.bridge = bridge
        self.adapter = adapter
        announced = Dictionary(bridge.knownPlaylists.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Compares the playlists with what was last seen; emits for each one whose name or icon changed.
    public func announce() {
        let now = bridge.knownPlaylists
        for playlist in now {
            if let before = announced[playlist.id], before.name != playlist.name || before.icon != playlist.icon {
                adapter?.playlistChanged(playlist)
            }
        }
        announced = Dictionary(now.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
}
