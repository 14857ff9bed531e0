import EarshotLocale
import EarshotStore

/// Why listening or the library refused a request, in plain words. The bus adapters map each case to
/// a named D-Bus error; the command line prints the message.
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No podcast has this id.
    case noSuchPodcast(PodcastID)
    /// No episode has this id.
    case noSuchEpisode(EpisodeID)
    /// The episode has no audio to play.
    case soundURLMissing(String)
    /// There is no episode to act on (an empty library, or nothing older).
    case noEpisode(String)
    /// Nothing older to go back to.
    case indexOutOfRange(String)
    /// A feed could not be fetched or read: the message names the URL and the cause.
    case feedUnavailable(String)
    /// A setting name or value Earshot does not know.
    case invalidSetting(String)
    /// The store could not do it.
    case failed(String)

    public var description: String {
        switch self {
        case .noSuchPodcast(let id): tr("there is no podcast %d", Int(id.rawValue))
        case .noSuchEpisode(let id): tr("there is no episode %d", Int(id.rawValue))
        case .soundURLMissing(let m), .noEpisode(let m), .indexOutOfRange(let m), .feedUnavailable(let m),
             .invalidSetting(let m), .failed(let m):
            m
        }
    }
}
