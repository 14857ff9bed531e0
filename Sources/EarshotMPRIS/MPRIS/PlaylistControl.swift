/// One MPRIS playlist: `(oss)` — id, name, icon (a URI, or empty).
public struct PlaylistEntry: Sendable, Equatable {
    /// An object path under `/org/earshot/playlist/`.
    public var id: String
    public var name: String
    /// A file:// URI of the playlist's image, or "".
    public var icon: String
    /// For the Created ordering (oldest first); nil sorts first.
    public var created: Double?
    /// For the Played ordering (oldest first; ReverseOrder gives the most recent first); nil sorts first.
    public var lastPlayed: Double?

    public init(id: String, name: String, icon: String = "", created: Double? = nil, lastPlayed: Double? = nil) {
        self.id = id
        self.name = name
        self.icon = icon
        self.created = created
        self.lastPlayed = lastPlayed
    }

    /// The `(oss)` structure.
    public var dbusValue: DBusValue { .structure([.objectPath(id), .string(name), .string(icon)]) }
}

/// What the Playlists adapter needs: the playlists in the player's own order, which one is active, and
/// activating one. Everything runs on the main context's thread.
public protocol PlaylistControl: AnyObject {
    /// Every playlist in the user-defined order (GetPlaylists).
    var playlists: [PlaylistEntry] { get }
    /// How many playlists there are (read at every change check: must be cheap).
    var playlistCount: Int { get }
    /// The active playlist, if any.
    var activePlaylist: PlaylistEntry? { get }
    /// Starts playing the playlist with this id (`org.mpris.MediaPlayer2.Error`-free: unknown ids throw
    /// `PlayerError.indexOutOfRange`).
    func activatePlaylist(_ id: String) throws(PlayerError)
}
