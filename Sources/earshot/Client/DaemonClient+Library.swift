import EarshotLocale
import EarshotMPRIS

/// The library half of org.earshot.Earshot1: subscriptions, listings, refreshes, OPML, settings.
extension DaemonClient {
    /// Subscribes to `urls` (no timeout: the daemon answers when every feed is done); one result each.
    func subscribe(_ urls: [String], autoQueue: Bool) throws -> [FeedResult] {
        try callForList("Subscribe", [.stringArray(urls), .boolean(autoQueue)], timeout: .unlimited).map(FeedResult.init)
    }

    /// Subscribes to the private feed at `url` with `user` and `password`.
    func subscribePrivate(_ url: String, user: String, password: String, autoQueue: Bool) throws -> FeedResult {
        let results = try callForList("SubscribePrivate", [.string(url), .string(user), .string(password), .boolean(autoQueue)],
                                      timeout: .unlimited).map(FeedResult.init)
        // TRANSLATORS: %s is the private feed's address.
        guard let result = results.first else { throw CommandFailure(tr("%s: Earshot gave no answer", url)) }
        return result
    }

    func unsubscribe(_ podcast: Int64, deleteFiles: Bool) throws {
        try call("Unsubscribe", [.int64(podcast), .boolean(deleteFiles)], about: .podcast(podcast))
    }

    /// Every podcast, in the order they were added.
    func podcasts() throws -> [PodcastRecord] {
        try callForList("Podcasts").compactMap(PodcastRecord.init)
    }

    /// Every podcast with only what the table shows (PodcastRows: structs, not dictionaries, a sixth of
    /// the bytes), in the order they were added.
    func podcastRows() throws -> [PodcastRecord] {
        try callForArray("PodcastRows").compactMap(PodcastRecord.init(row:))
    }

    /// Episodes of `podcast` (0: of every podcast), newest first, that pass `filter` ("all", "unplayed",
    /// "played", "in-progress", "downloaded", "starred", "inbox") and whose title contains `matching`.
    func episodes(of podcast: Int64 = 0, filter: String = "all", matching: String = "") throws -> [EpisodeRecord] {
        try callForList(
            "Episodes", [.int64(podcast), .string(filter), .string(matching)],
            about: podcast == 0 ? nil : .podcast(podcast)
        ).compactMap(EpisodeRecord.init)
    }

    /// What a typed part of a title names among `filter`'s episodes: how many contain it, the first two
    /// whose whole title it is, and the newest `shown` (NameEpisode: never the whole list).
    func nameEpisode(_ text: String, filter: String = "all", shown: Int) throws -> (total: Int, exact: [EpisodeRecord], first: [EpisodeRecord]) {
        let reply = try call("NameEpisode", [.string(text), .string(filter), .uint32(UInt32(clamping: shown))])
        guard reply.count == 3, case .uint32(let total) = reply[0], let exact = reply[1].arrayElements, let first = reply[2].arrayElements else {
            throw CommandFailure(DaemonFailure.unexpectedReply("NameEpisode"))
        }
        return (Int(total), exact.compactMap(Vardict.init).compactMap(EpisodeRecord.init), first.compactMap(Vardict.init).compactMap(EpisodeRecord.init))
    }

    /// The same episodes with only what the table shows (EpisodeRows: structs, not dictionaries).
    func episodeRows(of podcast: Int64 = 0, filter: String = "all") throws -> [EpisodeRecord] {
        try callForArray("EpisodeRows", [.int64(podcast), .string(filter), .string("")], about: podcast == 0 ? nil : .podcast(podcast))
            .compactMap(EpisodeRecord.init(row:))
    }

    /// Refreshes `podcasts` (empty: every podcast) without a timeout; one result each.
    func refresh(_ podcasts: [Int64]) throws -> [FeedResult] {
        try callForList(
            "Refresh", [.array(elementSignature: "x", podcasts.map(DBusValue.int64))], timeout: .unlimited,
            about: podcasts.count == 1 ? .podcast(podcasts[0]) : nil
        ).map(FeedResult.init)
    }

    /// The library as an OPML 2.0 document.
    func exportOPML() throws -> String {
        let reply = try call("Export")
        guard reply.count == 1, let text = reply[0].stringValue else {
            throw CommandFailure(DaemonFailure.unexpectedReply("Export"))
        }
        return text
    }

    /// Sets `key` of `podcast` (0: the default for podcasts added later).
    func set(_ key: String, to value: DBusValue, podcast: Int64) throws {
        try call("Set", [.int64(podcast), .string(key), .variant(value)], about: podcast == 0 ? nil : .podcast(podcast))
    }
}
