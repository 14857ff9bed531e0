/// Why the player refused a command, as the MPRIS adapter reports it: each case is a named D-Bus
/// error, so clients (and logs) can tell them apart. `Session`'s errors map onto these
/// (`SessionError.soundURLMissing` → `.soundURLMissing`, `.indexOutOfRange` → `.indexOutOfRange`, …).
public enum PlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The episode has no audio enclosure (`org.earshot.Error.SoundURLMissing`).
    case soundURLMissing(String)
    /// An episode index outside the feed (`org.earshot.Error.IndexOutOfRange`).
    case indexOutOfRange(String)
    /// OpenUri with a scheme other than file, http, https (`org.earshot.Error.UnsupportedURIScheme`).
    case unsupportedURIScheme(String)
    /// There is no current episode to act on (`org.earshot.Error.NoEpisode`).
    case noEpisode(String)
    /// The feed could not be loaded or refreshed (`org.earshot.Error.FeedUnavailable`).
    case feedUnavailable(String)
    /// The playback engine failed (`org.earshot.Error.PlaybackFailed`).
    case playbackFailed(String)
    /// No podcast has the id asked for (`org.earshot.Error.NoSuchPodcast`).
    case noSuchPodcast(String)
    /// No episode has the id asked for (`org.earshot.Error.NoSuchEpisode`).
    case noSuchEpisode(String)
    /// A setting name or value Earshot does not know (`org.earshot.Error.InvalidSetting`).
    case invalidSetting(String)
    /// Anything else (`org.earshot.Error.Failed`).
    case failed(String)

    /// The D-Bus error name.
    public var dbusName: String {
        switch self {
        case .soundURLMissing: "org.earshot.Error.SoundURLMissing"
        case .indexOutOfRange: "org.earshot.Error.IndexOutOfRange"
        case .unsupportedURIScheme: "org.earshot.Error.UnsupportedURIScheme"
        case .noEpisode: "org.earshot.Error.NoEpisode"
        case .feedUnavailable: "org.earshot.Error.FeedUnavailable"
        case .playbackFailed: "org.earshot.Error.PlaybackFailed"
        case .noSuchPodcast: "org.earshot.Error.NoSuchPodcast"
        case .noSuchEpisode: "org.earshot.Error.NoSuchEpisode"
        case .invalidSetting: "org.earshot.Error.InvalidSetting"
        case .failed: "org.earshot.Error.Failed"
        }
    }

    /// The human-readable message.
    public var message: String {
        switch self {
        case .soundURLMissing(let m), .indexOutOfRange(let m), .unsupportedURIScheme(let m), .noEpisode(let m),
             .feedUnavailable(let m), .playbackFailed(let m), .noSuchPodcast(let m), .noSuchEpisode(let m),
             .invalidSetting(let m), .failed(let m):
            m
        }
    }

    /// The error as sent on the bus.
    public var busError: BusError { BusError(name: dbusName, message: message) }

    public var description: String { "\(dbusName): \(message)" }
}
