/// What MPRIS clients show about the current episode (the `Metadata` property), as plain Swift values.
/// The adapter turns it into the `a{sv}` map with the exact types clients expect; nil and empty fields
/// are left out of the map.
public struct EpisodeMetadata: Sendable, Equatable {
    /// `mpris:trackid` (o): stable, derived from the episode GUID (`TrackID(episodeGUID:)`).
    public var trackID: TrackID
    /// `mpris:length` (x): duration in microseconds; nil or ≤ 0 when unknown.
    public var length: Int64?
    /// `xesam:title` (s): the episode title.
    public var title: String?
    /// `xesam:album` (s): the show (channel) title.
    public var album: String?
    /// `xesam:artist` (as): the author(s).
    public var artist: [String]
    /// `xesam:comment` (as): the plain-text description.
    public var comment: [String]
    /// `xesam:url` (s): the audio URL.
    public var url: String?
    /// `mpris:artUrl` (s): a file:// URI of the cached cover image (GNOME Shell cannot fetch http art).
    public var artURL: String?
    /// `xesam:contentCreated` (s): the release date, ISO 8601 (`2024-05-01T06:00:00Z`).
    public var contentCreated: String?
    /// `xesam:useCount` (i): how many times the episode was played to the end; nil: left out.
    public var useCount: Int32?
    /// `xesam:lastUsed` (s): when it was last played to the end, ISO 8601; nil: left out.
    public var lastUsed: String?

    /// Metadata for the episode with `trackID`.
    public init(
        trackID: TrackID, length: Int64? = nil, title: String? = nil, album: String? = nil,
        artist: [String] = [], comment: [String] = [], url: String? = nil, artURL: String? = nil,
        contentCreated: String? = nil, useCount: Int32? = nil, lastUsed: String? = nil
    ) {
        self.trackID = trackID
        self.length = length
        self.title = title
        self.album = album
        self.artist = artist
        self.comment = comment
        self.url = url
        self.artURL = artURL
        self.contentCreated = contentCreated
        self.useCount = useCount
        self.lastUsed = lastUsed
    }

    /// The duration when it is known (positive).
    public var knownLength: Int64? { length.flatMap { $0 > 0 ? $0 : nil } }

    /// The MPRIS metadata map (`a{sv}`), keys in a fixed order.
    public var dbusValue: DBusValue {
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackID.path))]
        if let length = knownLength { entries.append(("mpris:length", .int64(length))) }
        if let title { entries.append(("xesam:title", .string(title))) }
        if let album { entries.append(("xesam:album", .string(album))) }
        if !artist.isEmpty { entries.append(("xesam:artist", .stringArray(artist))) }
        if !comment.isEmpty { entries.append(("xesam:comment", .stringArray(comment))) }
        if let url { entries.append(("xesam:url", .string(url))) }
        if let artURL { entries.append(("mpris:artUrl", .string(artURL))) }
        if let contentCreated { entries.append(("xesam:contentCreated", .string(contentCreated))) }
        if let useCount { entries.append(("xesam:useCount", .int32(useCount))) }
        if let lastUsed { entries.append(("xesam:lastUsed", .string(lastUsed))) }
        return .vardict(entries)
    }
}
