import EarshotLocale
import Foundation

/// Why the store could not do what was asked, in words a listener can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The database file (or its directory) could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not an SQLite database (or is damaged beyond reading).
    case notADatabase(path: String)
    /// The database was written by a newer Earshot whose schema this version does not know.
    case newerSchema(path: String)
    /// No stored feed has this identity.
    case noSuchFeed(FeedID)
    /// No stored episode has this identity.
    case noSuchEpisodeID(EpisodeID)
    /// Another stored feed already lives at this URL.
    case urlInUse(URL, by: FeedID)
    /// A playback position that is negative, infinite or not a number.
    case invalidPosition(Double)
    /// A length that is not a positive finite number of seconds.
    case invalidDuration(Double)
    /// A transcript with more segments than an episode's may hold (`Store.maximumTranscriptSegments`).
    case transcriptTooLong(segments: Int)
    /// SQLite refused an operation (disk full, read-only file, I/O error, …).
    case database(path: String, reason: String)

    /// One sentence naming the file or the record involved.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return tr("cannot open the Earshot database at %1$s: %2$s", "\(path)", "\(reason)")
        case .notADatabase(let path):
            return tr("%s is not an SQLite database (or is damaged); move it aside and Earshot will start a new one", "\(path)")
        case .newerSchema(let path):
            return tr("the database at %s was written by a newer version of Earshot; update Earshot to use it", "\(path)")
        case .noSuchFeed(let feed):
            return tr("%s is not in the database", "\(feed)")
        case .noSuchEpisodeID(let episode):
            return tr("%s is not in the database", "\(episode)")
        case .urlInUse(let url, let feed):
            return tr("another stored feed (%1$s) already lives at %2$s", "\(feed)", "\(url.absoluteString)")
        case .invalidPosition(let position):
            return tr("%s is not a playback position (seconds must be finite and not negative)", "\(position)")
        case .invalidDuration(let duration):
            return tr("%s is not a length (seconds must be finite and more than 0)", "\(duration)")
        case .transcriptTooLong(let segments):
            return tr("a transcript of %1$s segments is more than Earshot keeps (%2$s)", "\(segments)", "\(Store.maximumTranscriptSegments)")
        case .database(let path, let reason):
            return tr("database error in %1$s: %2$s", "\(path)", "\(reason)")
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
