import EarshotCore
import EarshotFeed
import EarshotMPRIS
import EarshotStore
import Foundation

/// The dictionaries of org.earshot.Earshot1 (see the key lists in dbus/org.earshot.Earshot1.xml).
enum BusRecords {
    /// An episode of a listing with what only the player knows: its place in Up Next (0-based), whether
    /// it is the current one.
    struct MarkedListing {
        var listing: EpisodeListing
        var queuePosition: Int?
        var isCurrent: Bool
    }

    static func episode(_ marked: MarkedListing) -> DBusValue {
        episode(marked.listing, queuePosition: marked.queuePosition, isCurrent: marked.isCurrent)
    }

    /// Episodes as EpisodeRows gives them: `(xbxdbdusbsx)` each, the columns of `earshot episodes`
    /// and the podcast's id (which leads the terminal interface to the podcast's cover).
    static func episodeRows(_ episodes: [MarkedListing]) -> DBusValue {
        .array(elementSignature: "(xbxdbdusbsx)", episodes.map { marked -> DBusValue in
            let listing = marked.listing
            return .structure([
                .int64(listing.id.rawValue), .boolean(marked.isCurrent),
                .int64(listing.releaseDate.map(seconds) ?? 0),
                .double(listing.duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? -1),
                .boolean(listing.status.hasCompleted), .double(listing.status.lastListenTime),
                .uint32(marked.queuePosition.map { UInt32(clamping: $0 + 1) } ?? 0), .string(listing.podcastTitle ?? ""),
                .boolean(listing.status.starredAt != nil), .string(listing.title ?? listing.soundURL?.absoluteString ?? ""),
                .int64(listing.podcast.rawValue),
            ])
        })
    }

    static func episode(_ listing: EpisodeListing, queuePosition: Int?, isCurrent: Bool) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(listing.id.rawValue)), ("podcast", .int64(listing.podcast.rawValue)),
            ("guid", .string(listing.guid)),
            ("position", .double(listing.status.lastListenTime)), ("completed", .boolean(listing.status.hasCompleted)),
            ("playable", .boolean(listing.isPlayable)), ("current", .boolean(isCurrent)),
        ]
        if let title = listing.podcastTitle { entries.append(("podcast_title", .string(title))) }
        if let title = listing.title { entries.append(("title", .string(title))) }
        if let date = listing.releaseDate { entries.append(("released", .int64(Int64(date.timeIntervalSince1970.rounded(.down))))) }
        if let duration = listing.duration, duration.isFinite { entries.append(("duration", .double(duration))) }
        if let queuePosition { entries.append(("queue_position", .uint32(UInt32(queuePosition + 1)))) }
        if let url = listing.soundURL { entries.append(("url", .string(url.absoluteString))) }
        if let link = listing.link { entries.append(("link", .string(link.absoluteString))) }
        if listing.status.starredAt != nil { entries.append(("starred", .boolean(true))) }
        if !listing.people.isEmpty { entries.append(("people", NamespaceRecords.people(listing.people))) }
        return .vardict(entries)
    }

    static func listening(_ record: ListeningRecord) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(record.id)), ("device", .string(record.device)),
            ("started", .int64(seconds(record.startedAt))), ("ended", .int64(seconds(record.endedAt))),
            ("start_position", .double(record.startPosition)), ("end_position", .double(record.endPosition)),
            ("listened", .double(record.wallTime)), ("audio", .double(record.span)), ("trimmed", .double(record.trimmed)),
            ("skipped", .double(record.skipped)), ("rate", .double(record.rate)), ("finished", .boolean(record.finished)),
        ]
        if let episode = record.episode { entries.append(("episode", .int64(episode.rawValue))) }
        if let podcast = record.podcast { entries.append(("podcast", .int64(podcast.rawValue))) }
        if let title = record.episodeTitle { entries.append(("title", .string(title))) }
        if let title = record.podcastTitle { entries.append(("podcast_title", .string(title))) }
        return .vardict(entries)
    }

    static func stats(_ stats: ListeningStats) -> DBusValue {
        .vardict([
            ("all", statsLine(stats.all)),
            ("podcasts", list(stats.podcasts.map(statsLine))),
            ("months", list(stats.months.map(statsLine))),
        ])
    }

    private static func statsLine(_ line: ListeningStats.Line) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("name", .string(line.name)), ("sessions", .uint32(UInt32(clamping: line.sessions))),
            ("finished", .uint32(UInt32(clamping: line.finished))), ("listened", .double(line.listened)),
            ("audio", .double(line.audio)), ("saved_by_speed", .double(line.savedBySpeed)),
            ("saved_by_silence", .double(line.savedBySilence)), ("skipped", .double(line.skipped)),
        ]
        if let podcast = line.podcast { entries.append(("podcast", .int64(podcast.rawValue))) }
        return .vardict(entries)
    }

    static func podcast(_ podcast: PodcastSummary, autoQueue: Bool, notify: Bool, art: URL?) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(podcast.id.rawValue)), ("url", .string(podcast.url.absoluteString)),
            ("episodes", .uint32(UInt32(clamping: podcast.episodeCount))),
            ("unplayed", .uint32(UInt32(clamping: podcast.unplayedCount))),
            ("added", .int64(seconds(podcast.addedAt))), ("auto_queue", .boolean(autoQueue)),
            ("notify", .boolean(notify)),
        ]
        if let title = podcast.channel.title { entries.append(("title", .string(title))) }
        if let author = podcast.channel.author { entries.append(("author", .string(author))) }
        if let link = podcast.channel.link { entries.append(("link", .string(link.absoluteString))) }
        if let checked = podcast.lastCheckedAt { entries.append(("last_checked", .int64(seconds(checked)))) }
        if let played = podcast.lastPlayedAt { entries.append(("last_played", .int64(seconds(played)))) }
        if let art { entries.append(("art", .string(art.absoluteString))) }
        return .vardict(entries)
    }

    /// The podcasts as PodcastRows gives them: `(xsuuxb)` each, the columns of `earshot podcasts`.
    static func podcastRows(_ podcasts: [PodcastSummary], autoQueue: (PodcastID) -> Bool) -> DBusValue {
        .array(elementSignature: "(xsuuxb)", podcasts.map { podcast -> DBusValue in
            .structure([
                .int64(podcast.id.rawValue), .string(podcast.name),
                .uint32(UInt32(clamping: podcast.episodeCount)), .uint32(UInt32(clamping: podcast.unplayedCount)),
                .int64(podcast.lastCheckedAt.map(seconds) ?? 0), .boolean(autoQueue(podcast.id)),
            ])
        })
    }

    static func report(_ report: UpdateReport) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("url", .string(report.url.absoluteString)),
            ("episodes", .uint32(UInt32(clamping: report.episodes))),
            ("new_episodes", .uint32(UInt32(clamping: report.newEpisodes))),
            ("not_modified", .boolean(report.notModified)),
        ]
        if report.alreadySubscribed { entries.append(("already_subscribed", .boolean(true))) }
        if report.needsPassword { entries.append(("needs_password", .boolean(true))) }
        if let podcast = report.podcast, report.error == nil { entries.append(("podcast", .int64(podcast.rawValue))) }
        if let title = report.title { entries.append(("title", .string(title))) }
        if let error = report.error { entries.append(("error", .string(error))) }
        if let feed = report.feed { entries.append(("feed", .string(feed.absoluteString))) }
        if !report.choices.isEmpty { entries.append(("choices", FindingRecords.choices(report.choices))) }
        return .vardict(entries)
    }

    static func download(_ record: DownloadRecord, listing: EpisodeListing?, rate: Double?) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("episode", .int64(record.episode.rawValue)), ("podcast", .int64(record.podcast.rawValue)),
            ("state", .string(record.state.rawValue)), ("path", .string(record.path)), ("bytes", .int64(record.bytes)),
            ("attempts", .uint32(UInt32(clamping: record.attempts))), ("requested_at", .int64(seconds(record.requestedAt))),
            ("by_hand", .boolean(record.byHand)),
        ]
        if let title = listing?.title { entries.append(("title", .string(title))) }
        if let title = listing?.podcastTitle { entries.append(("podcast_title", .string(title))) }
        if let total = record.totalBytes { entries.append(("total_bytes", .int64(total))) }
        if record.state == .downloading, let rate, rate.isFinite {
            entries.append(("rate", .double(rate)))
            if let total = record.totalBytes, rate > 0 { entries.append(("eta", .double(Double(max(0, total - record.bytes)) / rate))) }
        }
        if let error = record.error { entries.append(("error", .string(error))) }
        if let next = record.nextAttemptAt { entries.append(("next_attempt", .int64(seconds(next)))) }
        if let done = record.completedAt { entries.append(("completed_at", .int64(seconds(done)))) }
        return .vardict(entries)
    }

    static func list(_ items: [DBusValue]) -> DBusValue { .array(elementSignature: "a{sv}", items) }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
