import EarshotFeed
import EarshotMPRIS
import EarshotStore
import Foundation

/// The Podcasting 2.0 fields as org.earshot.Earshot1 answers them (see dbus/org.earshot.Earshot1.xml):
/// dictionaries with the feed's own values, unknown ones left out.
enum NamespaceRecords {
    /// People dictionaries: name s, role s, group s, img s, href s.
    static func people(_ people: [Person]) -> DBusValue {
        BusRecords.list(people.map { person in
            var entries: [(String, DBusValue)] = [("name", .string(person.name)), ("role", .string(person.role)), ("group", .string(person.group))]
            if let image = person.image { entries.append(("img", .string(image))) }
            if let link = person.link { entries.append(("href", .string(link))) }
            return .vardict(entries)
        })
    }

    /// Funding dictionaries of every podcast given: podcast x, podcast_title s, url s, text s.
    static func support(_ shows: [StoredShowNamespace]) -> DBusValue {
        BusRecords.list(shows.flatMap { show in
            show.fields.funding.map { link in
                var entries: [(String, DBusValue)] = [("podcast", .int64(show.podcast.rawValue)), ("url", .string(link.url.absoluteString))]
                if let title = show.title { entries.append(("podcast_title", .string(title))) }
                if let text = link.text { entries.append(("text", .string(text))) }
                return .vardict(entries)
            }
        })
    }

    /// An episode's fields: see EpisodeDetails in the XML.
    static func episode(_ stored: StoredEpisode) -> DBusValue {
        let space = stored.episode.podcast
        var entries: [(String, DBusValue)] = [
            ("id", .int64(stored.id.rawValue)), ("podcast", .int64(stored.podcast.rawValue)),
            ("people", people(space.people)),
            ("soundbites", BusRecords.list(space.soundbites.map { bite in
                var entries: [(String, DBusValue)] = [("start", .double(bite.start)), ("duration", .double(bite.duration))]
                if let title = bite.title { entries.append(("title", .string(title))) }
                return .vardict(entries)
            })),
            ("alternates", BusRecords.list(space.alternateEnclosures.map(alternate))),
        ]
        if let title = stored.episode.title { entries.append(("title", .string(title))) }
        if let type = stored.episode.episodeType { entries.append(("episode_type", .string(type))) }
        if let name = space.seasonName { entries.append(("season_name", .string(name))) }
        if let name = space.episodeName { entries.append(("episode_name", .string(name))) }
        if let season = stored.episode.season { entries.append(("season", .int64(Int64(season)))) }
        if let number = stored.episode.episodeNumber { entries.append(("episode", .int64(Int64(number)))) }
        if let location = space.location { entries.append(("location", .string(location.name))) }
        if let license = space.license { entries.append(("license", .string(license.name))) }
        if let chat = space.chat { entries.append(("chat", .string(chatText(chat)))) }
        let social = space.social.compactMap(\.uri)
        if !social.isEmpty { entries.append(("social", strings(social))) }
        if !space.valueTypes.isEmpty { entries.append(("value", strings(space.valueTypes))) }
        if let remote = space.remoteItem?.feedGuid { entries.append(("remote_feed_guid", .string(remote))) }
        return .vardict(entries)
    }

    /// An alternate enclosure: type s, bitrate d, length x, codecs s, title s, default b, sources as,
    /// integrity s (`type:value`).
    static func alternate(_ alternate: AlternateEnclosure) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("type", .string(alternate.type)), ("default", .boolean(alternate.isDefault)),
            ("sources", strings(alternate.sources.map(\.absoluteString))),
        ]
        if let bitrate = alternate.bitrate { entries.append(("bitrate", .double(bitrate))) }
        if let length = alternate.length { entries.append(("length", .int64(length))) }
        if let codecs = alternate.codecs { entries.append(("codecs", .string(codecs))) }
        if let title = alternate.title { entries.append(("title", .string(title))) }
        if let integrity = alternate.integrity { entries.append(("integrity", .string("\(integrity.type):\(integrity.value)"))) }
        return .vardict(entries)
    }

    /// A podcast's fields: see PodcastDetails in the XML.
    static func show(_ show: StoredShowNamespace, refreshEvery: Duration) -> DBusValue {
        let space = show.fields
        var entries: [(String, DBusValue)] = [
            ("podcast", .int64(show.podcast.rawValue)), ("people", people(space.people)),
            ("locked", .boolean(space.isLocked)), ("blocked", .boolean(space.isBlocked)),
            ("funding", support([show])),
            ("trailers", BusRecords.list(space.trailers.map { trailer in
                var entries: [(String, DBusValue)] = [("title", .string(trailer.title)), ("url", .string(trailer.url.absoluteString))]
                if let season = trailer.season { entries.append(("season", .int64(Int64(season)))) }
                return .vardict(entries)
            })),
        ]
        if let title = show.title { entries.append(("podcast_title", .string(title))) }
        if let guid = space.guid { entries.append(("guid", .string(guid))) }
        if let owner = space.lockOwner { entries.append(("lock_owner", .string(owner))) }
        if let medium = space.medium { entries.append(("medium", .string(medium))) }
        if let frequency = space.updateFrequency {
            entries.append(("update_frequency", .string(frequency.text)))
            entries.append(("complete", .boolean(frequency.isComplete)))
        }
        entries.append(("refresh_every", .int64(refreshEvery.components.seconds)))
        if let location = space.location { entries.append(("location", .string(location.name))) }
        if let license = space.license { entries.append(("license", .string(license.name))) }
        if let chat = space.chat { entries.append(("chat", .string(chatText(chat)))) }
        if !space.valueTypes.isEmpty { entries.append(("value", strings(space.valueTypes))) }
        if let image = space.images.max(by: { ($0.width ?? 0) < ($1.width ?? 0) }) { entries.append(("image", .string(image.address))) }
        return .vardict(entries)
    }

    /// The podroll of every show, each recommended show once (by guid, else address), with the first
    /// show recommending it.
    static func recommendations(_ shows: [StoredShowNamespace]) -> [(item: RemoteItem, from: StoredShowNamespace)] {
        var seen = Set<String>()
        var found: [(item: RemoteItem, from: StoredShowNamespace)] = []
        for show in shows {
            for item in show.fields.podroll {
                guard let key = item.feedGuid ?? item.feedURL?.absoluteString, seen.insert(key).inserted else { continue }
                found.append((item, show))
            }
        }
        return found
    }

    /// Recommendation dictionaries: number u (for `earshot add N`: those with a feed address, from 1),
    /// feed_guid s, feed_url s, title s (when Podcast Index resolved the guid), from x (the first podcast
    /// recommending it), from_title s, subscribed x (when the library has it).
    static func recommended(_ shows: RecommendedShows, subscribed: (RemoteItem) -> PodcastID?) -> DBusValue {
        var records: [DBusValue] = []
        var number: UInt32 = 0
        for (item, show) in shows.found {
            var entries: [(String, DBusValue)] = [("from", .int64(show.podcast.rawValue))]
            let address = shows.address(of: item)
            if address != nil {
                number += 1
                entries.append(("number", .uint32(number)))
            }
            if let guid = item.feedGuid { entries.append(("feed_guid", .string(guid))) }
            if let url = address { entries.append(("feed_url", .string(url.absoluteString))) }
            if let title = shows.title(of: item) { entries.append(("title", .string(title))) }
            if let title = show.title { entries.append(("from_title", .string(title))) }
            if let podcast = subscribed(item) { entries.append(("subscribed", .int64(podcast.rawValue))) }
            records.append(.vardict(entries))
        }
        return BusRecords.list(records)
    }

    /// Live item dictionaries: podcast x, podcast_title s, guid s, title s, status s, start x, end x,
    /// url s (the stream), links as.
    static func live(_ shows: [StoredShowNamespace]) -> DBusValue {
        BusRecords.list(shows.flatMap { show in
            show.fields.liveItems.map { live in
                var entries: [(String, DBusValue)] = [
                    ("podcast", .int64(show.podcast.rawValue)), ("guid", .string(live.episode.id)), ("status", .string(live.status)),
                    ("links", strings(live.contentLinks.map(\.url.absoluteString))),
                ]
                if let title = show.title { entries.append(("podcast_title", .string(title))) }
                if let title = live.episode.title { entries.append(("title", .string(title))) }
                if let start = live.start?.date { entries.append(("start", .int64(Int64(start.timeIntervalSince1970.rounded(.down))))) }
                if let end = live.end?.date { entries.append(("end", .int64(Int64(end.timeIntervalSince1970.rounded(.down))))) }
                if let url = live.episode.soundURL { entries.append(("url", .string(url.absoluteString))) }
                return .vardict(entries)
            }
        })
    }

    private static func strings(_ values: [String]) -> DBusValue {
        .array(elementSignature: "s", values.map { .string($0) })
    }

    private static func chatText(_ chat: Chat) -> String {
        [chat.protocol, chat.server, chat.space].compactMap { $0 }.joined(separator: " ")
    }
}
