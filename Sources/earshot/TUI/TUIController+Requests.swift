import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotTUI
import Foundation

/// Requests made D-Bus calls: reads answer into the state; changes are made by the daemon, which says
/// so by its signals (`Changed`, `DownloadProgress`, MPRIS), as it does for every other client's.
extension TUIController {
    func perform(_ requests: [Request]) {
        for request in requests { perform(request) }
    }

    private func perform(_ request: Request) {
        switch request {
        case .load(let view): load(view)
        case .quit: loop.quit()
        case .play(let episode): change("Play", [.int64(episode)])
        case .playFrom(let episode, let at): change("PlayFrom", [.int64(episode), .double(at)])
        case .playPodcast(let podcast): change("PlayPodcast", [.int64(podcast)])
        case .playFound(let number): change("PlayFound", [.uint32(UInt32(clamping: number))])
        case .togglePlay: client.callPlayerLater("PlayPause", reply: report)
        case .seek(let seconds): client.callPlayerLater("Seek", [.int64(Int64(seconds * 1_000_000))], reply: report)
        case .next: client.callPlayerLater("Next", reply: report)
        case .previous: client.callPlayerLater("Previous", reply: report)
        case .speed(let step):
            let rate = min(3, max(0.5, ((state.nowPlaying.rate + step) * 10).rounded() / 10))
            client.setPlayerPropertyLater("Rate", .double(rate), reply: report)
        case .mark(let episode, let played): change("Mark", [ids(episode), .boolean(played)])
        case .star(let episode, let starred): change("Star", [ids(episode), .boolean(starred)])
        case .download(let episode):
            change("Download", [ids(episode)])
            state.say(tr("Downloading; 5 shows the downloads."))
        case .enqueue(let episode): change("QueueAdd", [ids(episode), .uint32(0)])
        case .dequeue(let episode): change("QueueRemove", [ids(episode)])
        case .move(let episode, let place): change("QueueMove", [.int64(episode), .uint32(UInt32(clamping: place))])
        case .dismiss(let episode): change("Dismiss", [ids(episode)])
        case .find(let words): find(words)
        case .search(let terms):
            state.say(tr("Searching the directories…"))
            shows("Search", [.string(terms)], for: terms)
        case .subscribe(let url): subscribe(url)
        case .refresh(let podcast):
            state.say(tr("Refreshing…"))
            change("Refresh", [.array(elementSignature: "x", podcast.map { [.int64($0)] } ?? [])], unlimited: true)
        }
    }

    /// Calls a method that changes something; a failure shows on the message line (what changed comes
    /// back as the daemon's signals).
    private func change(_ member: String, _ arguments: [DBusValue], unlimited: Bool = false) {
        client.callLater(member, arguments, unlimited: unlimited) { [weak self] result in
            if case .failure(let failure) = result { self?.fail(failure) }
        }
    }

    private func report(_ result: Result<[DBusValue], CommandFailure>) {
        if case .failure(let failure) = result { fail(failure) }
    }

    private func ids(_ id: Int64) -> DBusValue { .array(elementSignature: "x", [.int64(id)]) }

    private func find(_ words: String) {
        client.callLater("Find", [.string(words), .int64(0), .uint32(50)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                let hits = reply.first?.arrayElements?.compactMap(Vardict.init).map(FindHit.init).map(EarshotTUI.FindHit.init) ?? []
                self.state.receiveHits(hits, for: words)
            case .failure(let failure):
                self.state.receiveHits([], for: words)
                self.state.say(failure.description, error: true)
            }
            self.changed()
        }
    }

    /// Search or Top: the shows found, and each directory that failed on the message line.
    private func shows(_ member: String, _ arguments: [DBusValue], for terms: String) {
        client.callLater(member, arguments, unlimited: true) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard reply.count == 2, let found = reply[0].arrayElements, let failures = reply[1].arrayElements else { return }
                let shows = found.compactMap(Vardict.init).compactMap(FoundShowRecord.init).map {
                    ShowItem(title: $0.title, author: $0.author ?? "", url: $0.url, episodes: $0.episodes, subscribed: $0.podcast != nil)
                }
                self.state.receiveShows(shows, for: terms)
                let failed = failures.compactMap(Vardict.init).map {
                    // TRANSLATORS: a directory that failed (Apple Podcasts, fyyd…), then why.
                    tr("%1$s: %2$s", $0.string("directory") ?? tr("a directory"), $0.string("error") ?? tr("it failed"))
                }
                if failed.isEmpty { self.state.message = nil } else { self.state.say(failed.joined(separator: "; "), error: true) }
                self.changed()
            case .failure(let failure):
                self.fail(failure)
            }
        }
    }

    /// Subscribes (new episodes go to Up Next, as `earshot add` does) and says how it went.
    private func subscribe(_ url: String) {
        state.say(tr("Subscribing…"))
        client.callLater("Subscribe", [.stringArray([url]), .boolean(true)], unlimited: true) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                let feed = reply.first?.arrayElements?.compactMap(Vardict.init).map(FeedResult.init).first
                if let error = feed?.error { self.state.say(error, error: true) } else {
                    self.state.say(tr("Subscribed to %s.", feed?.title ?? url))
                }
                self.changed()
            case .failure(let failure):
                self.fail(failure)
            }
        }
    }

    // MARK: Reading what a view shows

    private func load(_ view: View) {
        switch view {
        case .library:
            read("PodcastRows") { $0.compactMap(PodcastRecord.init(row:)) } then: { $0.state.receivePodcasts($1.map(PodcastItem.init)) }
        case .podcast(let id, _):
            loadEpisodes(of: id)
        case .upNext:
            read("Queue") { $0.compactMap(Vardict.init).compactMap(EpisodeRecord.init) } then: { $0.state.receiveUpNext($1.map { EpisodeItem($0) }) }
        case .inbox:
            read("EpisodeRows", [.int64(0), .string("inbox"), .string("")]) { $0.compactMap(EpisodeRecord.init(row:)) } then: {
                $0.state.receiveInbox($1.map { EpisodeItem($0) })
            }
        case .episode(let episode):
            loadPage(of: episode)
        case .downloads:
            read("Downloads") { $0.compactMap(Vardict.init).compactMap(DownloadItem.init) } then: {
                $0.state.receiveDownloads($1.map(DownloadRow.init))
            }
        case .history:
            read("History", [.int64(0), .uint32(500)]) { $0.compactMap(Vardict.init).compactMap(HistoryEntry.init) } then: {
                $0.state.receiveLines(TUILines.history($1), for: .history)
            }
        case .stats:
            loadStats()
        case .directory:
            // Apple's top list for the listener's country, until something is searched.
            if state.shows.isEmpty, state.directoryQuery.isEmpty {
                shows("Top", [.string(CountryCode.fromLocale()), .string("")], for: "")
            }
        case .find, .help:
            break
        }
    }

    /// The stats: per month and per podcast from Stats, per week from the last twelve weeks of history.
    private func loadStats() {
        let now = Date(), since = Int64(now.timeIntervalSince1970) - 13 * 7 * 86_400
        client.callLater("Stats", [.int64(0)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard let stats = reply.first.flatMap(Vardict.init).flatMap(StatsRecord.init) else { return }
                self.state.receiveLines(TUILines.stats(stats), for: .stats)
                self.changed()
                self.read("History", [.int64(since), .uint32(0)]) { $0.compactMap(Vardict.init).compactMap(HistoryEntry.init) } then: {
                    $0.state.receiveLines(TUILines.stats(stats, weeks: TUILines.weeks($1, now: now)), for: .stats)
                }
            case .failure(let failure): self.fail(failure)
            }
        }
    }

    /// Reads a list (`member`'s single array), turns its elements into records off nothing (the
    /// lists are bounded by a podcast's size), and hands them to `use`.
    private func read<Record>(
        _ member: String, _ arguments: [DBusValue] = [], _ decode: @escaping ([DBusValue]) -> [Record],
        then use: @escaping (TUIController, [Record]) -> Void
    ) {
        client.callLater(member, arguments) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard reply.count == 1, let items = reply[0].arrayElements else { return }
                use(self, decode(items))
                self.changed()
                // A long list's reply and its records are freed by now: their pages go back to the
                // system once the screen is drawn, so a 2,000-podcast library does not keep them.
                if items.count >= 500 { self.loop.context.addIdle { Heap.returnFreeMemory() } }
            case .failure(let failure):
                self.fail(failure)
            }
        }
    }

    /// A podcast's episodes, then which of them are downloaded.
    private func loadEpisodes(of podcast: Int64) {
        read("EpisodeRows", [.int64(podcast), .string("all"), .string("")]) { $0.compactMap(EpisodeRecord.init(row:)) } then: { controller, records in
            controller.read("EpisodeRows", [.int64(podcast), .string("downloaded"), .string("")]) { $0.compactMap(EpisodeRecord.init(row:)) } then: {
                let downloaded = Set($1.map(\.id))
                $0.state.receiveEpisodes(records.map { EpisodeItem($0, downloaded: downloaded.contains($0.id)) }, of: podcast)
            }
        }
    }

    /// An episode's page: its facts at once, then its show notes and links, the chapters (of the episode
    /// playing) and the transcript, as each answer comes.
    private func loadPage(of episode: EpisodeItem) {
        let facts = TUILines.page(of: episode)
        loadArt(of: episode)
        state.receivePage(facts, of: episode.id)
        var notes: [InfoLine] = [], chapters: [InfoLine] = [], transcript: [InfoLine] = []
        let show = { [weak self] in
            self?.state.receivePage(facts + notes + chapters + transcript, of: episode.id)
            self?.changed()
        }
        client.callLater("EpisodeNotes", [.int64(episode.id)]) { result in
            guard case .success(let reply) = result, reply.count == 2, let text = reply[0].stringValue else { return }
            notes = TUILines.notes(text, links: reply[1].arrayElements?.compactMap(\.stringValue) ?? [])
            show()
        }
        if state.nowPlaying.episode == episode.id {
            read("Chapters") { $0.compactMap(Vardict.init).compactMap(ChapterRecord.init) } then: { _, records in
                chapters = TUILines.chapters(records)
                show()
            }
        }
        client.callLater("Transcript", [.int64(episode.id)], unlimited: true) { result in
            guard case .success(let reply) = result, reply.count == 2, let items = reply[1].arrayElements else { return }
            let record = TranscriptRecord(episode: episode.id, url: nil, segments: items.compactMap(Vardict.init).map(TranscriptLine.init))
            transcript = TUILines.transcript(record)
            show()
        }
    }
}
