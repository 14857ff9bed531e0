import EarshotMPRIS
import EarshotStore

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

    /// Compares the playlists of `podcasts` (every podcast when nil) with what was last seen; emits for
    /// each one whose name or icon changed. A refresh names the podcast it stored: comparing all of a
    /// big library's playlists for each feed kept the loop busy through an import.
    public func announce(_ podcasts: [PodcastSummary]? = nil) {
        let now = podcasts.map { $0.map { bridge.playlist(for: $0) } } ?? bridge.knownPlaylists
        for playlist in now {
            if let before = announced[playlist.id], before.name != playlist.name || before.icon != playlist.icon {
                adapter?.playlistChanged(playlist)
            }
        }
        if podcasts == nil {
            announced = Dictionary(now.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        } else {
            for playlist in now { announced[playlist.id] = playlist }
        }
    }
}
