import EarshotMPRIS

/// The test double of Earshot's daemon: org.earshot.Earshot1 answered from an in-memory library of
/// canned podcasts and episodes, with the contract's keys and errors. It records every call, emits
/// `Progress` for Subscribe and Refresh, and fails a method on request (`failures`).
final class FakeLibrary: BusInterface {
    let name = "org.earshot.Earshot1"

    struct Podcast {
        var id: Int64
        var title: String
        var url: String
        var lastChecked: Int64? = 1_700_000_000
        var autoQueue = true
    }

    struct Episode {
        var id: Int64
        var podcast: Int64
        var title: String
        var released: Int64 = 1_700_000_000
        var duration: Double? = 3500
        var position: Double = 0
        var completed = false
    }

    var podcasts: [Podcast]
    var episodes: [Episode]
    var queue: [Int64] = []
    var playing: Int64?
    var playbackStatus = "Stopped"
    var position: Double = 0
    /// The cause each Subscribe of a URL containing a key fails with (a result with "error").
    var feedFailures: [String: String] = [:]
    /// Methods that answer with this error instead.
    var failures: [String: BusError] = [:]
    var opml = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body/></opml>\n"
    /// What Downloads answers.
    var downloads: [DBusValue] = []
    /// What Find answers.
    var findHits: [DBusValue] = []
    /// Canned answers of the methods the double does not model (the namespace's Support, EpisodeDetails…).
    var replies: [String: [DBusValue]] = [:]
    /// Every call, in order: the member and its arguments.
    private(set) var calls: [(member: String, arguments: [DBusValue])] = []
    /// The connection Progress is emitted on.
    weak var connection: BusConnection?

    init(podcasts: [Podcast] = CannedLibrary.podcasts, episodes: [Episode] = CannedLibrary.episodes) {
        self.podcasts = podcasts
        self.episodes = episodes
    }

    /// The arguments of every call of `member`.
    func calls(of member: String) -> [[DBusValue]] { calls.filter { $0.member == member }.map(\.arguments) }

    func value(of property: String) -> DBusValue? { nil }

    func setValue(_ value: DBusValue, of property: String) throws(BusError) {
        throw .unknownProperty(property)
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        calls.append((method, arguments))
        if let failure = failures[method] { throw failure }
        if let reply = replies[method] { return MethodReply(reply) }
        switch method {
        case "Podcasts": return MethodReply([list(podcasts.map(dictionary))])
        case "PodcastRows": return MethodReply([.array(elementSignature: "(xsuuxb)", podcasts.map(row))])
        case "Episodes": return MethodReply([list(listEpisodes(arguments).map(dictionary))])
        case "EpisodeRows": return MethodReply([.array(elementSignature: "(xbxdbdusbsx)", listEpisodes(arguments).map(row))])
        case "NameEpisode": return nameEpisode(arguments)
        case "Queue": return MethodReply([list(queue.compactMap(episode).map(dictionary))])
        case "Status": return MethodReply([status()])
        case "Export": return MethodReply([.string(opml)])
        case "Subscribe": return MethodReply([list(try subscribe(arguments))])
        case "Refresh": return MethodReply([list(try refresh(arguments))])
        case "Downloads": return MethodReply([list(downloads)])
        case "Find": return MethodReply([list(findHits)])
        case "Download": try change(method, arguments); return MethodReply([.boolean(false)])  // not metered
        default: try change(method, arguments); return .empty
        }
    }

    // MARK: Changes

    private func change(_ method: String, _ arguments: [DBusValue]) throws(BusError) {
        switch method {
        case "Unsubscribe":
            let id = arguments[0].int64Value!
            guard podcasts.contains(where: { $0.id == id }) else { throw Self.noSuchPodcast(id) }
            podcasts.removeAll { $0.id == id }
        case "Play", "PlayFrom":
            let id = arguments[0].int64Value!
            guard episode(id) != nil else { throw Self.noSuchEpisode(id) }
            playing = id
            if method == "PlayFrom" { position = arguments[1].doubleValue! }
            playbackStatus = "Playing"
        case "PlayPodcast":
            let id = arguments[0].int64Value!
            guard podcasts.contains(where: { $0.id == id }) else { throw Self.noSuchPodcast(id) }
            playing = episodes.last { $0.podcast == id && !$0.completed }?.id
            playbackStatus = "Playing"
        case "QueueAdd":
            let ids = arguments[0].arrayElements!.compactMap(\.int64Value)
            for id in ids where episode(id) == nil { throw Self.noSuchEpisode(id) }
            queue.removeAll { ids.contains($0) }
            let place = Int(arguments[1].uint32Value!)
            let index = place == 0 || place > queue.count ? queue.count : place - 1
            queue.insert(contentsOf: ids, at: index)
        case "QueueRemove":
            let ids = arguments[0].arrayElements!.compactMap(\.int64Value)
            queue.removeAll { ids.contains($0) }
        case "QueueMove":
            let id = arguments[0].int64Value!
            guard queue.contains(id) else { throw Self.noSuchEpisode(id) }
            queue.removeAll { $0 == id }
            queue.insert(id, at: min(Int(arguments[1].uint32Value!) - 1, queue.count))
        case "QueueClear":
            queue = []
        case "Download", "DeleteDownload":
            for id in arguments[0].arrayElements!.compactMap(\.int64Value) where episode(id) == nil { throw Self.noSuchEpisode(id) }
        case "Set" where arguments[1].stringValue?.hasPrefix("download") == true || arguments[1].stringValue == "max-downloads":
            break  // the library-wide download settings: accepted as they come
        case "Set":
            let id = arguments[0].int64Value!
            guard arguments[1].stringValue == "auto-queue", let on = arguments[2].variantValue?.boolValue else {
                throw BusError(name: "org.earshot.Error.InvalidSetting", message: "auto-queue takes a boolean")
            }
            guard id != 0 else { break }  // the global default
            guard let index = podcasts.firstIndex(where: { $0.id == id }) else { throw Self.noSuchPodcast(id) }
            podcasts[index].autoQueue = on
        default:
            throw .unknownMethod(method)
        }
    }

    private func subscribe(_ arguments: [DBusValue]) throws(BusError) -> [DBusValue] {
        let urls = arguments[0].stringArrayValue!
        var results: [DBusValue] = []
        for (index, url) in urls.enumerated() {
            if let cause = feedFailures.first(where: { url.contains($0.key) })?.value {
                results.append(.vardict([("url", .string(url)), ("error", .string(cause))]))
                progress("subscribe", index + 1, urls.count, url, cause)
                continue
            }
            let id = (podcasts.map(\.id).max() ?? 0) + 1
            podcasts.append(Podcast(id: id, title: "Show \(id)", url: url, autoQueue: arguments[1].boolValue!))
            results.append(.vardict([
                ("url", .string(url)), ("podcast", .int64(id)), ("title", .string("Show \(id)")),
                ("episodes", .uint32(12)), ("new_episodes", .uint32(12)), ("not_modified", .boolean(false)),
            ]))
            progress("subscribe", index + 1, urls.count, url, "")
        }
        return results
    }

    private func refresh(_ arguments: [DBusValue]) throws(BusError) -> [DBusValue] {
        let asked = arguments[0].arrayElements!.compactMap(\.int64Value)
        for id in asked where !podcasts.contains(where: { $0.id == id }) { throw Self.noSuchPodcast(id) }
        let chosen = asked.isEmpty ? podcasts : podcasts.filter { asked.contains($0.id) }
        return chosen.enumerated().map { index, podcast in
            let cause = feedFailures.first { podcast.url.contains($0.key) }?.value
            progress("refresh", index + 1, chosen.count, podcast.url, cause ?? "")
            if let cause { return .vardict([("url", .string(podcast.url)), ("podcast", .int64(podcast.id)), ("error", .string(cause))]) }
            return .vardict([
                ("url", .string(podcast.url)), ("podcast", .int64(podcast.id)), ("title", .string(podcast.title)),
                ("episodes", .uint32(UInt32(episodes.filter { $0.podcast == podcast.id }.count))),
                ("new_episodes", .uint32(podcast.id == 1 ? 2 : 0)), ("not_modified", .boolean(podcast.id != 1)),
            ])
        }
    }

    private func progress(_ job: String, _ done: Int, _ total: Int, _ item: String, _ error: String) {
        guard let connection, let signal = try? BusMessage.signal(
            path: "/org/earshot/Earshot", interface: name, member: "Progress",
            arguments: [.string(job), .uint32(UInt32(done)), .uint32(UInt32(total)), .string(item), .string(error)])
        else { return }
        try? connection.send(signal)
    }

    // MARK: Reading

    private func listEpisodes(_ arguments: [DBusValue]) -> [Episode] {
        let podcast = arguments[0].int64Value!, unplayed = arguments[1].stringValue == "unplayed", text = arguments[2].stringValue!
        return episodes.filter {
            (podcast == 0 || $0.podcast == podcast) && (!unplayed || !$0.completed)
                && (text.isEmpty || $0.title.lowercased().contains(text.lowercased()))
        }.sorted { $0.released > $1.released }
    }

    /// NameEpisode as the daemon answers it: the count, the (first two) whole-title matches, the newest few.
    private func nameEpisode(_ arguments: [DBusValue]) -> MethodReply {
        let text = arguments[0].stringValue!, shown = Int(arguments[2].uint32Value ?? 0)
        let matches = listEpisodes([.int64(0), arguments[1], .string(text)])
        let exact = matches.filter { $0.title.lowercased() == text.lowercased() }.prefix(2)
        return MethodReply([.uint32(UInt32(matches.count)), list(exact.map(dictionary)), list(matches.prefix(shown).map(dictionary))])
    }

    private func episode(_ id: Int64) -> Episode? { episodes.first { $0.id == id } }

    private func status() -> DBusValue {
        var entries: [(String, DBusValue)] = [("status", .string(playbackStatus)), ("position", .double(position)), ("rate", .double(1))]
        if let playing, let episode = episode(playing) {
            entries.append(("episode", dictionary(episode)))
            if let podcast = podcasts.first(where: { $0.id == episode.podcast }) { entries.append(("podcast", dictionary(podcast))) }
        }
        entries.append(("up_next", list(queue.prefix(3).compactMap(episode).map(dictionary))))
        return .vardict(entries)
    }

    private func dictionary(_ podcast: Podcast) -> DBusValue {
        let own = episodes.filter { $0.podcast == podcast.id }
        var entries: [(String, DBusValue)] = [
            ("id", .int64(podcast.id)), ("url", .string(podcast.url)), ("title", .string(podcast.title)),
            ("episodes", .uint32(UInt32(own.count))), ("unplayed", .uint32(UInt32(own.filter { !$0.completed }.count))),
            ("added", .int64(1_690_000_000)), ("auto_queue", .boolean(podcast.autoQueue)),
        ]
        if let checked = podcast.lastChecked { entries.append(("last_checked", .int64(checked))) }
        return .vardict(entries)
    }

    private func row(_ podcast: Podcast) -> DBusValue {
        let own = episodes.filter { $0.podcast == podcast.id }
        return .structure([
            .int64(podcast.id), .string(podcast.title), .uint32(UInt32(own.count)), .uint32(UInt32(own.filter { !$0.completed }.count)),
            .int64(podcast.lastChecked ?? 0), .boolean(podcast.autoQueue),
        ])
    }

    private func dictionary(_ episode: Episode) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(episode.id)), ("podcast", .int64(episode.podcast)), ("guid", .string("guid-\(episode.id)")),
            ("title", .string(episode.title)), ("released", .int64(episode.released)), ("position", .double(episode.position)),
            ("completed", .boolean(episode.completed)), ("playable", .boolean(true)),
            ("url", .string("https://example.com/\(episode.id).mp3")), ("current", .boolean(episode.id == playing)),
        ]
        if let title = podcasts.first(where: { $0.id == episode.podcast })?.title { entries.append(("podcast_title", .string(title))) }
        if let duration = episode.duration { entries.append(("duration", .double(duration))) }
        if let place = queue.firstIndex(of: episode.id) { entries.append(("queue_position", .uint32(UInt32(place + 1)))) }
        return .vardict(entries)
    }

    private func row(_ episode: Episode) -> DBusValue {
        .structure([
            .int64(episode.id), .boolean(episode.id == playing), .int64(episode.released), .double(episode.duration ?? -1),
            .boolean(episode.completed), .double(episode.position),
            .uint32(queue.firstIndex(of: episode.id).map { UInt32($0 + 1) } ?? 0),
            .string(podcasts.first(where: { $0.id == episode.podcast })?.title ?? ""), .boolean(false), .string(episode.title),
            .int64(episode.podcast),
        ])
    }

    private func list(_ items: [DBusValue]) -> DBusValue { .array(elementSignature: "a{sv}", items) }

    private static func noSuchPodcast(_ id: Int64) -> BusError {
        BusError(name: "org.earshot.Error.NoSuchPodcast", message: "there is no podcast \(id)")
    }

    private static func noSuchEpisode(_ id: Int64) -> BusError {
        BusError(name: "org.earshot.Error.NoSuchEpisode", message: "there is no episode \(id)")
    }
}
