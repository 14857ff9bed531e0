import EarshotFeed
import Foundation
import GRDB

/// Reading feed and episode rows into models, defensively (see `RowValues.swift`).
extension Store {
    /// The feed columns `podcastIdentity`, `validators` and `channelFields` read, in this order.
    static let feedColumns =
        "id, url, etag, lastModified, title, author, link, description, imageURL, newFeedURL, lastCheckedAt, addedAt, language"

    /// The episode columns `episode(_:from:)` reads, in this order: the guid, then `Schema.episodeFields`.
    static let episodeColumns = "guid, " + Schema.episodeFields.joined(separator: ", ")

    /// A feed row's identity and URL (`feedColumns`); nil, with a warning, when the URL cannot be read.
    func podcastIdentity(_ row: Row) -> (PodcastID, URL)? {
        let id = PodcastID(rawValue: row[0])
        guard let url = row.url(1) else {
            warning("skipped \(id): its URL cannot be read")
            return nil
        }
        return (id, url)
    }

    /// The validators of a feed row (`feedColumns`).
    static func validators(_ row: Row) -> FeedValidators {
        FeedValidators(etag: row.text(2), lastModified: row.text(3))
    }

    /// The channel's own fields from a feed row (`feedColumns`), without episodes.
    static func channelFields(_ row: Row) -> Channel {
        Channel(title: row.text(4), link: row.url(6), author: row.text(5), description: row.text(7) ?? "",
                profileImage: row.url(8), newFeedURL: row.url(9), language: row.text(12))
    }

    /// An episode from a row of `episodeColumns` starting at `index`; nil, with a warning, when its guid
    /// is not text.
    func episode(_ row: Row, from index: Int) -> Episode? {
        guard let guid = row.text(index) else {
            warning("skipped an episode whose guid is not text")
            return nil
        }
        let i = index
        var episode = Episode(
            id: guid, title: row.text(i + 1), rawDescription: row.text(i + 2),
            rawDescriptionFormat: row.text(i + 3).flatMap(DescriptionFormat.init(rawValue:)) ?? .html,
            releaseDate: row.text(i + 4).map { ReleaseDate(text: $0, date: row.date(i + 5)) },
            soundURL: row.url(i + 6), soundMIMEType: row.text(i + 7), soundByteLength: row.integer(i + 8),
            duration: row.duration(i + 10), season: row.integer(i + 11).flatMap { Int(exactly: $0) },
            episodeNumber: row.integer(i + 12).flatMap { Int(exactly: $0) }, episodeType: row.text(i + 13),
            transcripts: transcripts(row, i + 16), chapters: chapters(row, i + 17), podcast: NamespaceJSON.episode(row.text(i + 18)))
        // Kept as the text stored: each becomes a URL only where it is used.
        episode.coverImageAddress = row.text(i + 9)
        episode.linkAddress = row.text(i + 14)
        episode.chaptersAddress = row.text(i + 15)
        return episode
    }

    /// The transcript links stored as JSON in a column; empty, with a warning, when the text cannot be read.
    func transcripts(_ row: Row, _ index: Int) -> [TranscriptLink] {
        guard let text = row.text(index) else { return [] }
        guard let links = TranscriptsJSON.links(text) else {
            warning("ignored stored transcript links that cannot be read")
            return []
        }
        return links
    }

    /// The chapters stored as JSON in a column; empty, with a warning, when the text cannot be read.
    func chapters(_ row: Row, _ index: Int) -> [Chapter] {
        guard let text = row.text(index) else { return [] }
        guard let chapters = ChaptersJSON.chapters(text) else {
            warning("ignored stored chapters that cannot be read")
            return []
        }
        return chapters
    }

    /// A status from the columns `lastListenTime, lastPlayedAt, hasCompleted, isCurrentlyPlaying,
    /// starredAt` at `index`, its position clamped to `duration` (`StoredValues.position`).
    static func status(_ row: Row, from index: Int, duration: Double?) -> EpisodeStatus {
        EpisodeStatus(
            lastListenTime: StoredValues.position(row.real(index), duration: duration), lastPlayedAt: row.date(index + 1),
            hasCompleted: row.flag(index + 2), isCurrentlyPlaying: row.flag(index + 3), starredAt: row.date(index + 4))
    }

    /// The columns `status(_:from:duration:)` reads, for a query joining `episodeStatus s`.
    static let statusColumns = "s.lastListenTime, s.lastPlayedAt, s.hasCompleted, s.isCurrentlyPlaying, s.starredAt"
    /// How many columns `statusColumns` names.
    static let statusColumnCount = 5

    /// The length positions are clamped to, from the columns `learnedDuration, duration` at `index`:
    /// the one learned from the audio, else the feed's.
    static func knownDuration(_ row: Row, from index: Int) -> Double? {
        row.duration(index) ?? row.duration(index + 1)
    }
}
