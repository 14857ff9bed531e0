import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore
import Foundation

/// The answers of org.earshot.Earshot1 that come later: once the audio opens, once the feeds are
/// fetched, or once the background has read the store (the loop never waits for SQLite).
extension LibraryInterface {
    /// Answers once the episode asked for plays (or is still loading after 20 s), or with
    /// `.PlaybackFailed` and why when its audio cannot be opened.
    func whenAudioOpens() -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return respond(.success([])) }
            self.session.whenAudioOpens { problem in
                respond(problem.map { .failure(PlayerError.playbackFailed($0).busError) } ?? .success([]))
            }
        }
    }

    func subscribe(_ texts: [String], autoQueue: Bool, user: String? = nil, password: String? = nil) -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return respond(.failure(.failed(tr("Earshot is shutting down")))) }
            self.session.subscribe(texts, autoQueue: autoQueue, user: user, password: password,
                                   progress: self.progress("subscribe")) { [weak self] reports in
                // An import's answer has a record per feed: they are built off the loop.
                self?.background.run({ BusRecords.list(reports.map(BusRecords.report)) }) { respond(.success([$0])) }
            }
        }
    }

    func refresh(_ ids: [PodcastID]) throws(LibraryError) -> MethodReply {
        for id in ids where library.podcast(id) == nil { throw .noSuchPodcast(id) }
        return .later { [weak self] respond in
            guard let self else { return respond(.failure(.failed(tr("Earshot is shutting down")))) }
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

    /// Episodes and EpisodeRows: one podcast's episodes (nil: every podcast's) through a filter.
    func episodes(of podcast: PodcastID?, filter name: String, matching: String, asRows: Bool) throws(LibraryError) -> MethodReply {
        if let podcast { _ = try known(podcast) }
        let filter = try Self.filter(name)
        let store = self.store, matching = matching.isEmpty ? nil : matching
        return episodes(asRows: asRows) { try store.listEpisodes(podcast: podcast, filter: filter, matching: matching, limit: nil) }
    }

    /// NameEpisode: how many episodes a typed part of a title names, and a few of them, read, marked
    /// and marshalled on the background (a common word matches 100,000 episodes: listing them all
    /// for the CLI to choose among took the daemon from 127 to 470 MB).
    func nameEpisode(_ text: String, filter name: String, shown: Int) throws(LibraryError) -> MethodReply {
        let filter = try Self.filter(name)
        let store = self.store
        return listingsReply { marks in
            let naming = try store.nameEpisode(text, filter: filter, shown: shown)
            return [.uint32(UInt32(clamping: naming.total)), marks.values(naming.exact, asRows: false), marks.values(naming.first, asRows: false)]
        }
    }

    /// Up Next, in order.
    func queue() -> MethodReply {
        let store = self.store, ids = player.upNext.episodes
        return episodes { try store.listEpisodes(ids) }
    }

    /// The filter named in an Episodes call ("" is every episode).
    static func filter(_ name: String) throws(LibraryError) -> EpisodeFilter {
        guard let filter = name.isEmpty ? .all : EpisodeFilter(rawValue: name) else {
            let known = EpisodeFilter.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidSetting(tr("there is no episode filter “%1$s”: use one of %2$s", "\(name)", "\(known)"))
        }
        return filter
    }

    /// Reads listings on the background and answers with them (episode dictionaries, or EpisodeRows'
    /// structs), marking the current and queued ones as the player held them when asked: the reply's
    /// values are built and marshalled on the background too, so the loop only sends the message.
    func episodes(asRows: Bool = false, _ read: @escaping @Sendable () throws -> [EpisodeListing]) -> MethodReply {
        listingsReply { marks in [marks.values(try read(), asRows: asRows)] }
    }

    /// A reply of listings: `make` reads them and builds the values on the background with the player
    /// as it is now (`ListingMarks`), and the message is marshalled there too.
    private func listingsReply(_ make: @escaping @Sendable (ListingMarks) throws -> [DBusValue]) -> MethodReply {
        .laterPrepared { [weak self] preparer, respond in
            guard let self else { return }
            let marks = self.listingMarks
            self.background.run({ () -> Result<PreparedReply, BusError> in
                do {
                    return .success(try preparer.prepare(try make(marks)))
                } catch let error as BusError {
                    return .failure(error)
                } catch {
                    return .failure(.failed(tr("cannot read the library: %s", "\(error)")))
                }
            }, completion: respond)
        }
    }

    /// Starts downloading `ids`; answers once they are asked for, with whether the connection is metered
    /// (they download anyway: they were asked for by hand).
    func download(_ ids: [EpisodeID]) -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return respond(.failure(.failed(tr("Earshot is shutting down")))) }
            self.session.download(ids) { [weak self] refusal in
                respond(refusal.map { .failure($0.playerError.busError) } ?? .success([.boolean(self?.session.downloads.metered ?? false)]))
            }
        }
    }

    /// Every download with its episode's and podcast's titles (read on the background) and live rates.
    func downloadList() -> MethodReply {
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
                    respond(.failure(.failed(tr("cannot read the library: %s", "\(error)"))))
                }
            }
        }
    }

    /// Takes `ids` out of the inbox (none: every episode); answers with how many left it.
    func dismiss(_ ids: [EpisodeID]) -> MethodReply {
        let session = self.session
        let count = { (n: Int) in [DBusValue.uint32(UInt32(clamping: n))] }
        if ids.isEmpty { return .later { session.inbox.dismissAll(done: Self.answer($0, with: count)) } }
        return .later { session.inbox.dismiss(ids, done: Self.answer($0) { count($0.count) }) }
    }
}
