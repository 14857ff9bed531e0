import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotStore
import Foundation

/// `org.earshot.Earshot1` on `/org/earshot/Earshot`: the library, Up Next, refreshes and OPML for the
/// command line and any other client. Each method decodes its arguments, makes one call on the
/// `Session` (the command surface MPRIS uses too) and encodes the answer. Lists that read the store are
/// answered from the background (the loop never waits for SQLite); subscribing and refreshing answer
/// when their feeds are done, and report each one with `Progress`.
public final class LibraryInterface: MethodsOnlyInterface {
    public let name = EarshotIntrospection.interface
    let session: Session
    let store: LibraryStore
    let background: Background
    let bridge: MPRISPlayer
    var player: Listening { session.listening }
    var library: Library { session.library }
    var downloads: Downloads { session.downloads }
    /// Emits `Progress`; set once the object is exported.
    weak var object: ExportedObject?
    /// The sync account's side (nil: sync is not offered).
    public var syncSetup: SyncSetup?

    public init(session: Session, store: LibraryStore, background: Background, bridge: MPRISPlayer) {
        self.session = session
        self.store = store
        self.background = background
        self.bridge = bridge
    }

    /// Exports the interface at `/org/earshot/Earshot` on `connection`.
    public func export(on connection: BusConnection) throws(BusError) -> ExportedObject {
        let object = try ExportedObject(connection: connection, path: EarshotIntrospection.objectPath,
                                        introspectionXML: EarshotIntrospection.xml, interfaces: [self])
        self.object = object
        return object
    }

    public func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        do throws(LibraryError) {
            return try perform(method, arguments)
        } catch {
            throw error.playerError.busError
        }
    }

    private func perform(_ method: String, _ arguments: [DBusValue]) throws(LibraryError) -> MethodReply {
        switch method {
        case "Subscribe":
            return subscribe(arguments[0].stringArrayValue ?? [], autoQueue: arguments[1].boolValue ?? true)
        case "SubscribePrivate":
            let user = arguments[1].stringValue ?? "", password = arguments[2].stringValue ?? ""
            guard !user.isEmpty, !password.isEmpty else { throw .invalidSetting("a user name and a password are needed") }
            return subscribe([arguments[0].stringValue ?? ""], autoQueue: arguments[3].boolValue ?? true, user: user, password: password)
        case "Unsubscribe":
            try session.unsubscribe(podcast(arguments[0]), deletingFiles: arguments[1].boolValue ?? false)
            return .empty
        case "Podcasts":
            return MethodReply([BusRecords.list(library.podcasts.map(podcastRecord))])
        case "PodcastRows":
            return MethodReply([BusRecords.podcastRows(library.podcasts, autoQueue: library.autoQueue)])
        case "Episodes", "EpisodeRows":
            let podcast = arguments[0].int64Value ?? 0
            if podcast != 0, library.podcast(PodcastID(rawValue: podcast)) == nil { throw .noSuchPodcast(PodcastID(rawValue: podcast)) }
            let filter = try Self.filter(arguments[1])
            let matching = arguments[2].stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let store = self.store
            return episodes(asRows: method == "EpisodeRows") {
                try store.listEpisodes(podcast: podcast == 0 ? nil : PodcastID(rawValue: podcast), filter: filter, matching: matching, limit: nil)
            }
        case "Play":
            try session.play(episode: episode(arguments[0]))
            return whenAudioOpens()
        case "PlayPodcast":
            try session.play(podcast: podcast(arguments[0]))
            return whenAudioOpens()
        case "Queue":
            let store = self.store, ids = player.upNext.episodes
            return episodes { try store.listEpisodes(ids) }
        case "QueueAdd":
            let position = Int(arguments[1].uint32Value ?? 0)
            try session.enqueue(episodes(arguments[0]), at: position == 0 ? nil : position - 1)
            return .empty
        case "QueueRemove":
            try session.dequeue(episodes(arguments[0]))
            return .empty
        case "QueueMove":
            try session.moveQueued(episode(arguments[0]), to: max(0, Int(arguments[1].uint32Value ?? 1) - 1))
            return .empty
        case "QueueClear":
            session.clearQueue()
            return .empty
        case "ShowStatus":
            session.showStatus()
            return MethodReply()
        case "Status":
            return MethodReply([status()])
        case "Refresh":
            return try refresh(episodesOrPodcasts(arguments[0]))
        case "Export":
            let feeds = library.podcasts.filter { !library.isDemo($0.id) }.map {
                OPMLFeed(url: $0.url, title: $0.channel.title, htmlURL: $0.channel.link)
            }
            return MethodReply([.string(OPMLDocument.render(title: "Earshot subscriptions", feeds: feeds, created: Date()))])
        case "Set":
            let podcast = arguments[0].int64Value ?? 0
            try session.set(arguments[1].stringValue ?? "", to: Self.text(of: arguments[2]),
                            for: podcast == 0 ? nil : PodcastID(rawValue: podcast))
            return .empty
        case "Download":
            let ids = try episodes(arguments[0])
            return .later { [weak self] respond in
                guard let self else { return respond(.failure(.failed("Earshot is shutting down"))) }
                self.session.download(ids) { refusal in respond(refusal.map { .failure($0.playerError.busError) } ?? .success([])) }
            }
        case "Downloads":
            return downloadList()
        case "DeleteDownload":
            try session.deleteDownloads(episodes(arguments[0]))
            return .empty
        default:
            if let reply = try performComfort(method, arguments) { return reply }
            if let reply = try performCare(method, arguments) { return reply }
            if let reply = try performSync(method, arguments) { return reply }
            if let reply = performFinding(method, arguments) { return reply }
            if let reply = try performTranscripts(method, arguments) { return reply }
            throw .failed("\(name) has no method \(method)")
        }
    }

    // MARK: Answers

    /// Answers once the episode asked for plays (or is still loading after 20 s), or with
    /// `.PlaybackFailed` and why when its audio cannot be opened.
    private func whenAudioOpens() -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return respond(.success([])) }
            self.session.whenAudioOpens { problem in
                respond(problem.map { .failure(PlayerError.playbackFailed($0).busError) } ?? .success([]))
            }
        }
    }

    private func subscribe(_ texts: [String], autoQueue: Bool, user: String? = nil, password: String? = nil) -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return respond(.failure(.failed("Earshot is shutting down"))) }
            self.session.subscribe(texts, autoQueue: autoQueue, user: user, password: password,
                                   progress: self.progress("subscribe")) { [weak self] reports in
                // An import's answer has a record per feed: they are built off the loop.
                self?.background.run({ BusRecords.list(reports.map(BusRecords.report)) }) { respond(.success([$0])) }
            }
        }
    }

    private func refresh(_ ids: [PodcastID]) throws(LibraryError) -> MethodReply {
        for id in ids where library.podcast(id) == nil { throw .noSuchPodcast(id) }
        return .later { [weak self] respond in
            guard let self else { return respond(.failure(.failed("Earshot is shutting down"))) }
            do throws(LibraryError) {
                try self.session.refresh(ids, progress: self.progress("refresh")) { reports in
                    respond(.success([BusRecords.list(reports.map(BusRecords.report))]))
                }
            } catch {
                respond(.failure(error.playerError.busError))
            }
        }
    }

    /// Emits Progress for the finished feeds of one Subscribe or Refresh that `ProgressPacer` picks.
    private func progress(_ job: String) -> (UpdateReport, Int, Int) -> Void {
        var pacer = ProgressPacer()
        return { [weak self] report, done, total in
            guard pacer.shouldReport(done: done, of: total, failed: report.error != nil, at: .now) else { return }
            try? self?.object?.emit(interface: EarshotIntrospection.interface, signal: "Progress", arguments: [
                .string(job), .uint32(UInt32(clamping: done)), .uint32(UInt32(clamping: total)),
                .string(report.url.absoluteString), .string(report.error ?? ""),
            ])
        }
    }

    /// Reads listings on the background and answers with them (episode dictionaries, or EpisodeRows'
    /// structs), marking the current and queued ones.
    private func episodes(asRows: Bool = false, _ read: @escaping @Sendable () throws -> [EpisodeListing]) -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ Result { try read() } }) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let listings):
                    respond(.success([asRows ? BusRecords.episodeRows(listings.map(self.marked))
                                             : BusRecords.list(listings.map(self.marked).map(BusRecords.episode))]))
                case .failure(let error): respond(.failure(.failed("cannot read the library: \(error)")))
                }
            }
        }
    }

    /// Every download with its episode's and podcast's titles (read on the background) and live rates.
    private func downloadList() -> MethodReply {
        let records = downloads.records.values.sorted { ($0.requestedAt, $0.episode) < ($1.requestedAt, $1.episode) }
        let rates = Dictionary(uniqueKeysWithValues: records.compactMap { record in downloads.rate(of: record.episode).map { (record.episode, $0) } })
        let store = self.store, ids = records.map(\.episode)
        return .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ Result { try store.listEpisodes(ids) } }) { result in
                switch result {
                case .success(let listings):
                    let byID = Dictionary(listings.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                    respond(.success([BusRecords.list(records.map { BusRecords.download($0, listing: byID[$0.episode], rate: rates[$0.episode]) })]))
                case .failure(let error):
                    respond(.failure(.failed("cannot read the library: \(error)")))
                }
            }
        }
    }

    /// A listing as the player sees it now: the current episode's live progress, its place in Up Next.
    private func marked(_ listing: EpisodeListing) -> BusRecords.MarkedListing {
        var listing = listing
        if let current = player.current, current.id == listing.id { listing.status = current.status }
        return BusRecords.MarkedListing(listing: listing, queuePosition: player.upNext.index(of: listing.id),
                                        isCurrent: player.current?.id == listing.id)
    }

    private func podcastRecord(_ podcast: PodcastSummary) -> DBusValue {
        BusRecords.podcast(podcast, autoQueue: library.autoQueue(podcast.id), notify: library.notifies(podcast.id),
                           art: bridge.knownArt(of: podcast))
    }

    private func status() -> DBusValue {
        let state = bridge.state
        var entries: [(String, DBusValue)] = [
            ("status", .string(state.playbackStatus.rawValue)),
            ("position", .double(Double(bridge.position) / 1_000_000)), ("rate", .double(state.rate)),
        ]
        if let current = player.current {
            // The store no longer has the episode when its podcast was unsubscribed while it plays.
            var listing = (try? store.listEpisodes([current.id]).first) ?? Self.listing(of: current)
            listing.status = current.status
            if let length = player.length { listing.duration = Double(length.inMicroseconds) / 1_000_000 }
            entries.append(("episode", BusRecords.episode(listing, queuePosition: nil, isCurrent: true)))
            if let podcast = library.podcast(current.podcast) { entries.append(("podcast", podcastRecord(podcast))) }
        }
        let next = (try? store.listEpisodes(Array(player.upNext.episodes.prefix(3)))) ?? []
        entries.append(("up_next", BusRecords.list(next.map(marked).map(BusRecords.episode))))
        entries += comfortStatus()
        return .vardict(entries)
    }

    /// The player's episode as a listing, from what the player holds.
    private static func listing(of current: StoredEpisode) -> EpisodeListing {
        let episode = current.episode
        return EpisodeListing(id: current.id, podcast: current.podcast, podcastTitle: nil, guid: episode.id, title: episode.title,
                              releaseDate: episode.releaseDate?.date, duration: episode.duration ?? current.learnedDuration,
                              status: current.status, isPlayable: episode.soundURL != nil, soundURL: episode.soundURL, link: episode.link)
    }

    // MARK: Arguments

    private func podcast(_ value: DBusValue) throws(LibraryError) -> PodcastID {
        let id = PodcastID(rawValue: value.int64Value ?? 0)
        guard library.podcast(id) != nil else { throw .noSuchPodcast(id) }
        return id
    }

    private func episode(_ value: DBusValue) throws(LibraryError) -> EpisodeID {
        EpisodeID(rawValue: value.int64Value ?? 0)
    }

    private func episodes(_ value: DBusValue) throws(LibraryError) -> [EpisodeID] {
        (value.arrayElements ?? []).compactMap(\.int64Value).map(EpisodeID.init(rawValue:))
    }

    private func episodesOrPodcasts(_ value: DBusValue) throws(LibraryError) -> [PodcastID] {
        (value.arrayElements ?? []).compactMap(\.int64Value).map(PodcastID.init(rawValue:))
    }

    /// A setting's value as text: booleans as on/off, numbers and strings as written.
    static func text(of value: DBusValue) -> String {
        switch value.variantValue ?? value {
        case .boolean(let flag): flag ? "on" : "off"
        case .string(let text): text
        case .double(let number): String(number)
        case .int32(let number): String(number)
        case .int64(let number): String(number)
        case .uint32(let number): String(number)
        default: "\(value)"
        }
    }
}
