import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// New-episode notifications: when a refresh run (the timed refresh, `earshot refresh`) found new
/// episodes with audio in podcasts whose `notify` setting is on, one notice sums them up (see
/// `NewEpisodeSummary`), with the cover when there is one, in place of the previous notice if that one is
/// still shown. A subscription (one by one, or an OPML import) never notifies. Its actions play or queue
/// those episodes; Add to Up Next is offered only while some of them are not queued yet. A live show
/// going on the air (`wentLive`) has a notice of its own, which plays it.
public final class NewEpisodeNotices {
    let library: Library
    let listening: Listening
    let store: LibraryStore
    let background: Background
    let art: ArtLookup
    let notifier: Notifier
    /// The notices posted and not closed yet, oldest first (servers that keep notices let the listener
    /// act on older ones).
    private var shown: [(id: UInt32, play: EpisodeID, queue: [EpisodeID])] = []

    /// How many posted notices are remembered for their actions.
    static let remembered = 16

    /// Notices through `notifier`; feed it with `refreshed(_:)` (`Library.onRefreshed`).
    public init(library: Library, listening: Listening, store: LibraryStore, background: Background, art: ArtLookup, notifier: Notifier) {
        self.library = library
        self.listening = listening
        self.store = store
        self.background = background
        self.art = art
        self.notifier = notifier
        notifier.onAction = { [weak self] id, action in self?.perform(action, of: id) }
        notifier.onClosed = { [weak self] id in self?.shown.removeAll { $0.id == id } }
    }

    /// One refresh run's reports: a notice when any podcast that notifies has new episodes.
    public func refreshed(_ reports: [UpdateReport]) {
        let found = reports.compactMap { report -> (PodcastID, [EpisodeID])? in
            guard report.error == nil, let podcast = report.podcast, !report.newEpisodeIDs.isEmpty,
                  library.notifies(podcast) else { return nil }
            return (podcast, report.newEpisodeIDs)
        }
        guard !found.isEmpty else { return }
        let store = self.store
        background.run({ () -> Found in
            let groups = found.map { podcast, ids in (podcast, (try? store.listEpisodes(ids).filter(\.isPlayable)) ?? []) }
            let all = groups.flatMap(\.1)
            let cover = all.count == 1 ? (try? store.storedEpisode(all[0].id))?.episode.coverImage : nil
            return Found(groups: groups, episodeCover: cover)
        }, completion: { [weak self] found in self?.announce(found) })
    }

    /// What the store said about the new episodes.
    private struct Found: Sendable {
        var groups: [(PodcastID, [EpisodeListing])]
        var episodeCover: URL?
    }

    private func announce(_ found: Found) {
        let groups = found.groups.compactMap { podcast, episodes in
            library.podcast(podcast).map { NewEpisodeSummary.Group(podcast: $0, episodes: episodes) }
        }
        guard let summary = NewEpisodeSummary(groups, episodeCover: found.episodeCover) else { return }
        let queued = Set(listening.upNext.episodes)
        let actions: [NoticeAction] = summary.toQueue.allSatisfy(queued.contains) ? [.play] : [.play, .queue]
        image(from: summary.images) { [weak self] image in
            self?.post(Notice(title: summary.title, body: summary.body, image: image, actions: actions, defaultAction: .play),
                       play: summary.toPlay, queue: summary.toQueue, replacing: self?.shown.last?.id)
        }
    }

    /// `show` of `podcast` went on the air: a notice whose click plays it (`episode`), with the
    /// podcast's cover. It replaces no other notice.
    public func wentLive(_ show: LiveShow, episode: EpisodeID, of podcast: PodcastSummary) {
        // TRANSLATORS: a notification's title when a podcast's live show (podcast:liveItem) goes on the air; %s is the podcast.
        let title = tr("%s is live now", podcast.name)
        // TRANSLATORS: a live show's notification when the feed gives the show no title.
        let body = show.title ?? tr("A live show has started.")
        image(from: podcast.channel.profileImage.map { [$0] } ?? []) { [weak self] image in
            self?.post(Notice(title: title, body: body, image: image, actions: [.play], defaultAction: .play),
                       play: episode, queue: [episode], replacing: nil)
        }
    }

    private func post(_ notice: Notice, play: EpisodeID, queue: [EpisodeID], replacing: UInt32?) {
        notifier.post(notice, replacing: replacing) { [weak self] id in
            guard let self, let id else { return }
            self.shown.removeAll { $0.id == id }
            self.shown.append((id, play, queue))
            if self.shown.count > Self.remembered { self.shown.removeFirst(self.shown.count - Self.remembered) }
        }
    }

    /// The first of `candidates` in the cache, downloading it first when missing; nil when none can be had.
    private func image(from candidates: [URL], then deliver: @escaping (URL?) -> Void) {
        guard let remote = candidates.first else { return deliver(nil) }
        if let file = art.cachedFile(for: remote) { return deliver(file) }
        art.fetch(remote) { [weak self] result in
            switch result {
            case .success(let file): deliver(file)
            case .failure: self?.image(from: Array(candidates.dropFirst()), then: deliver)
            }
        }
    }

    private func perform(_ action: NoticeAction, of id: UInt32) {
        guard let notice = shown.last(where: { $0.id == id }) else { return }
        do throws(LibraryError) {
            switch action {
            case .play: try listening.play(episode: notice.play)
            case .queue: try listening.enqueue(notice.queue)
            }
        } catch {
            Log.warning("the notification's \(action.rawValue): \(error)")
        }
    }
}
