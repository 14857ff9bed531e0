import EarshotLocale
import EarshotMPRIS
import EarshotTUI
import Foundation

/// The daemon's signals the interface follows: MPRIS's (what plays, seeks), org.earshot.Earshot1's
/// `Changed` (the lists) and `Progress` (refreshes), and the daemon's name leaving the bus.
extension TUIController {
    func followSignals() {
        client.onPlayerSignal { [weak self] signal in
            guard let self else { return }
            switch signal {
            case .seeked, .changed: self.readStatus()
            case .quit:
                self.state.nowPlaying = NowPlaying()
                self.state.say(tr("Earshot quit; a key that needs it starts it again."))
                self.nowPlayingChanged()
            }
        }
        let earshot = "type='signal',sender='\(EarshotBus.name)',path='\(EarshotBus.path)',interface='\(EarshotBus.interface)'"
        client.connection.addMatch(earshot + ",member='Changed'")
        client.connection.addMatch(earshot + ",member='Progress'")
        client.connection.addMatch(earshot + ",member='DownloadProgress'")
        client.connection.addSignalHandler { [weak self] message in
            guard let self, message.interface == EarshotBus.interface, message.path == EarshotBus.path else { return }
            if message.member == "Changed", let parts = try? message.arguments(expecting: "as") {
                self.listsChanged(Set(parts[0].arrayElements?.compactMap(\.stringValue) ?? []))
            } else if message.member == "Progress", let report = (try? message.arguments(expecting: "suuss")).flatMap(ProgressReport.init) {
                self.progressed(report)
            } else if message.member == "DownloadProgress", let entries = try? message.arguments(expecting: "a(xsxx)") {
                self.downloadsMoved(entries[0].arrayElements?.compactMap(DownloadMove.init) ?? [])
            }
        }
    }

    /// Downloads moved: the downloads view's bars move at once, without a call (a download it does not
    /// list yet makes it read the list again).
    private func downloadsMoved(_ moves: [DownloadMove]) {
        guard state.view == .downloads else { return }
        if state.receiveDownloadMoves(moves) { perform([.load(.downloads)]) }
        changed()
    }

    /// Reads what plays again (after a signal said it changed).
    func readStatus() {
        client.callLater("Status") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard reply.count == 1, let status = Vardict(reply[0]) else { return }
                self.state.nowPlaying = NowPlaying(StatusRecord(status), now: Date())
                self.nowPlayingChanged()
            case .failure(let failure):
                self.fail(failure)
            }
        }
    }

    /// Reads again the shown view when what it lists changed.
    private func listsChanged(_ parts: Set<String>) {
        let affected: Bool = switch state.view {
        case .library: parts.contains("library")
        case .podcast: !parts.isDisjoint(with: ["episodes", "library", "up-next"])
        case .inbox: !parts.isDisjoint(with: ["episodes", "library", "up-next", "inbox"])
        case .upNext: !parts.isDisjoint(with: ["up-next", "episodes"])
        case .downloads: parts.contains("episodes")
        default: false
        }
        if affected { perform([.load(state.view)]) }
    }

    private func progressed(_ report: ProgressReport) {
        if let error = report.error {
            // TRANSLATORS: a feed's address, then why its refresh failed.
            state.say(tr("%1$s: %2$s", report.item, error), error: true)
            noteFailure(error, of: report.item)
        } else if report.done == report.total {
            let total = Int(report.total)
            state.say(report.job == "refresh" ? trn("Refreshed %d feed.", "Refreshed %d feeds.", total, total)
                                              : trn("Subscribed to %d feed.", "Subscribed to %d feeds.", total, total))
        }
        changed()
    }

    /// Shows `error` on the row of the podcast whose feed is `url` (the addresses are read once).
    private func noteFailure(_ error: String, of url: String) {
        if let id = podcastsByURL?[url] {
            state.noteFailure(error, podcast: id)
            return changed()
        }
        guard podcastsByURL == nil else { return }
        client.callLater("Podcasts") { [weak self] result in
            guard let self, case .success(let reply) = result, let items = reply.first?.arrayElements else { return }
            let podcasts = items.compactMap(Vardict.init).compactMap(PodcastRecord.init)
            self.podcastsByURL = Dictionary(podcasts.compactMap { p in p.url.map { ($0, p.id) } }, uniquingKeysWith: { a, _ in a })
            if let id = self.podcastsByURL?[url] { self.state.noteFailure(error, podcast: id) }
            self.changed()
        }
    }
}
