import EarshotFeed
import EarshotStore
import Foundation

/// What the rules need from persistence. `Store` (SQLite through GRDB) is the real one; unit tests use
/// an in-memory double. Every method is synchronous and thread-safe; the daemon calls the writing ones
/// through `StoreWriter`, off its loop.
public protocol LibraryStore: AnyObject, Sendable {
    // Podcasts
    func podcasts() throws -> [PodcastSummary]
    func podcast(_ id: PodcastID) throws -> PodcastSummary?
    /// The podcast whose feed lives at `url`, else the one whose feed lived there before it moved.
    func podcastID(url: URL) throws -> PodcastID?
    /// The podcast whose feed says it is `guid` (`podcast:guid`), or nil.
    func podcastID(guid: String) throws -> PodcastID?
    func outline(id: FeedID) throws -> FeedOutline?
    func storeFeed(_ channel: Channel, url: URL, validators: FeedValidators, checkedAt: Date) throws -> SavedFeed
    /// Records that `feeds` were found unchanged (304) at `checkedAt`, in one write; removed ones are passed over.
    func markChecked(_ feeds: [FeedID], checkedAt: Date) throws
    /// Moves a feed to `url`; the address it leaves becomes a former address of it.
    func moveFeed(_ feed: FeedID, to url: URL) throws
    /// Records `url` as a former address of `feed` (it leads there permanently).
    func addFormerURL(_ url: URL, of feed: FeedID) throws
    /// Merges podcast `duplicate` into `kept`, in one transaction: the same feed at two addresses.
    func mergeFeed(_ duplicate: FeedID, into kept: FeedID) throws -> PodcastMerge
    func removePodcast(_ podcast: PodcastID) throws

    // Episodes
    func storedEpisode(_ id: EpisodeID) throws -> StoredEpisode?
    func episodeID(matching uri: String) throws -> EpisodeID?
    /// The newest first; at most `limit` of them (nil: all).
    func listEpisodes(podcast: PodcastID?, filter: EpisodeFilter, matching: String?, limit: Int?) throws -> [EpisodeListing]
    func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing]
    /// How many titles contain `text`, the first two that are `text`, and the newest `shown`.
    func nameEpisode(_ text: String, filter: EpisodeFilter, shown: Int) throws -> EpisodeNaming
    /// The podcast's episode in progress (started, not completed, most recently played), else its
    /// oldest playable episode not completed; nil when every episode is completed or none has audio.
    func episodeToResume(in podcast: PodcastID) throws -> EpisodeID?

    // Progress
    func saveProgress(of episode: EpisodeID, position: Double, completed: Bool, at date: Date) throws
    func makeCurrent(_ episode: EpisodeID) throws
    func currentEpisode() throws -> CurrentEpisode?
    func saveLearnedDuration(of episode: EpisodeID, seconds: Double) throws
    func saveChapters(of episode: EpisodeID, _ chapters: [Chapter]) throws

    // Lists and settings
    func episodeList(_ name: EpisodeListName) throws -> [EpisodeID]
    func saveEpisodeList(_ name: EpisodeListName, _ episodes: [EpisodeID]) throws
    func settings(for podcast: PodcastID?) throws -> [String: String]
    func allSettings() throws -> [PodcastID?: [String: String]]
    func saveSetting(_ key: String, value: String?, for podcast: PodcastID?) throws

    // Looking after the library: played state, stars, the inbox
    /// Marks episodes played (place at the end, out of the inbox) or unplayed (place at 0); returns
    /// those marked, newest first.
    func mark(_ selection: EpisodeSelection, played: Bool, at date: Date) throws -> [EpisodeID]
    /// Stars episodes as of `date`, or unstars them when nil; returns those stored.
    func star(_ episodes: [EpisodeID], at date: Date?) throws -> [EpisodeID]
    func addToInbox(_ episodes: [EpisodeID], at date: Date) throws
    /// Returns those that were in the inbox.
    func removeFromInbox(_ episodes: [EpisodeID]) throws -> [EpisodeID]
    /// Returns how many were in the inbox.
    func clearInbox() throws -> Int
    /// The inbox, newest first.
    func inboxEpisodes() throws -> [EpisodeID]

    // The history of listening
    func saveListening(_ record: ListeningRecord) throws
    func lastListeningID() throws -> Int64
    func listening(since: Date?, limit: Int?) throws -> [ListeningRecord]
    func listeningTotals(since: Date?, timeZone: TimeZone) throws -> ListeningBreakdown
    func episodeUse(_ episode: EpisodeID) throws -> EpisodeUse

    /// Frees caches after bulk work (SQLite's page cache); they refill as needed.
    func releaseMemory()
}
