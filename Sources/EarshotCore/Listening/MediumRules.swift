import EarshotStore

/// How a podcast's `podcast:medium` changes the listening rules. Every show plays oldest to newest in
/// Earshot (Next, and `earshot play PODCAST` from the oldest unfinished); an audiobook's new episodes
/// are also put in Up Next oldest first when a refresh brings several (other shows queue them as the
/// feed lists them); and a music feed's track is finished only by playing to its end, never by where
/// the listener left it (leaving a song in its last seconds does not mark it played).
public enum MediumRules {
    /// `podcast:medium` of a book read in episodes.
    public static let audiobook = "audiobook"
    /// `podcast:medium` of a feed of songs.
    public static let music = "music"

    /// Whether leaving an episode of a podcast of `medium` at `position` finishes it.
    public static func isFinished(leavingAt position: Double, duration: Double?, medium: String?) -> Bool {
        medium != music && ProgressRules.isFinished(leavingAt: position, duration: duration)
    }

    /// New episodes of a podcast of `medium` (in feed order) in the order they join Up Next.
    public static func queueOrder(_ listings: [EpisodeListing], medium: String?) -> [EpisodeListing] {
        guard medium == audiobook else { return listings }
        let order = PlayOrder(feedOrder: listings.map { EpisodeEntry(id: $0.guid, releaseDate: $0.releaseDate, key: $0.id) })
        let byID = Dictionary(listings.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return order.episodes.compactMap { byID[$0.key] }
    }
}
