import EarshotLocale
import EarshotStore
import Foundation

/// What one new-episode notice says and does, made from what one refresh run found: one episode is
/// "Show: Episode title"; several are "3 new episodes from Show" or "… from 2 podcasts", with the
/// titles in the body. Play plays the newest episode of the first podcast; Add to Up Next queues them
/// all, podcast by podcast, each one's oldest first (the order a podcast plays in).
struct NewEpisodeSummary: Equatable {
    /// One podcast's new episodes (with audio).
    struct Group {
        var podcast: PodcastSummary
        var episodes: [EpisodeListing]
    }

    let title: String
    let body: String
    /// The episode Play plays.
    let toPlay: EpisodeID
    /// What Add to Up Next queues, in order.
    let toQueue: [EpisodeID]
    /// Where the notice's image may come from, best first: the episode's own cover, else its show's;
    /// for several podcasts none (the notification shows Earshot's icon).
    let images: [URL]

    /// How many titles the body lists before "and N more".
    static let bodyLines = 5

    /// The summary of `groups` (in the order the podcasts were refreshed); nil when no episode is new.
    /// `episodeCover` is the single new episode's own image, when it has one.
    init?(_ groups: [Group], episodeCover: URL?) {
        let groups = groups.filter { !$0.episodes.isEmpty }.map { Group(podcast: $0.podcast, episodes: Self.newestFirst($0.episodes)) }
        guard let first = groups.first, let newest = first.episodes.first else { return nil }
        let count = groups.reduce(0) { $0 + $1.episodes.count }
        let show = Self.name(of: first.podcast)
        toPlay = newest.id
        toQueue = groups.flatMap { $0.episodes.reversed().map(\.id) }
        if count == 1 {
            // TRANSLATORS: a new-episode notification's title: %1$s is the podcast, %2$s the episode's title.
            title = tr("%1$s: %2$s", show, newest.title ?? tr("a new episode"))
            body = ""
            images = [episodeCover, first.podcast.channel.profileImage].compactMap { $0 }
            return
        }
        let several = groups.count > 1
        title = several
            // TRANSLATORS: a notification's title; both numbers are 2 or more, %2$d counts podcasts.
            ? trn("%1$d new episode from %2$d podcasts", "%1$d new episodes from %2$d podcasts", count, count, groups.count)
            // TRANSLATORS: a notification's title: %2$s is the podcast's title.
            : trn("%1$d new episode from %2$s", "%1$d new episodes from %2$s", count, count, show)
        var lines = groups.flatMap { group in
            group.episodes.map { episode in
                let episodeTitle = episode.title ?? tr("an episode without a title")
                return several ? tr("%1$s: %2$s", Self.name(of: group.podcast), episodeTitle) : episodeTitle
            }
        }
        if lines.count > Self.bodyLines {
            let more = lines.count - (Self.bodyLines - 1)
            lines = Array(lines.prefix(Self.bodyLines - 1)) + [trn("and %d more", "and %d more", more, more)]
        }
        body = lines.joined(separator: "\n")
        images = several ? [] : [first.podcast.channel.profileImage].compactMap { $0 }
    }

    private static func name(of podcast: PodcastSummary) -> String {
        podcast.channel.title ?? podcast.url.host ?? podcast.url.absoluteString
    }

    /// Newest first by release date (undated ones last), otherwise in the order given.
    private static func newestFirst(_ episodes: [EpisodeListing]) -> [EpisodeListing] {
        episodes.enumerated().sorted { a, b in
            let (dateA, dateB) = (a.element.releaseDate ?? .distantPast, b.element.releaseDate ?? .distantPast)
            return dateA != dateB ? dateA > dateB : a.offset < b.offset
        }.map(\.element)
    }
}
