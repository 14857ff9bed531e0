import EarshotCore
import EarshotMPRIS
import EarshotStore

/// Status on org.earshot.Earshot1: what plays, the next three of Up Next and the comforts. The
/// listings are read on the background; the answer is put together on the loop when they come, from
/// the player as it is then.
extension LibraryInterface {
    func status() -> MethodReply {
        let store = self.store, current = player.current?.id, next = Array(player.upNext.episodes.prefix(3))
        return .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ () -> StatusListings in
                // The store no longer has the episode when its podcast was unsubscribed while it plays.
                StatusListings(current: current.flatMap { try? store.listEpisodes([$0]).first },
                               next: (try? store.listEpisodes(next)) ?? [])
            }) { [weak self] listings in
                guard let self else { return }
                respond(.success([self.status(with: listings)]))
            }
        }
    }

    private func status(with listings: StatusListings) -> DBusValue {
        let state = bridge.state
        var entries: [(String, DBusValue)] = [
            ("status", .string(state.playbackStatus.rawValue)),
            ("position", .double(Double(bridge.position) / 1_000_000)), ("rate", .double(state.rate)),
        ]
        if let current = player.current {
            var listing = listings.current.flatMap { $0.id == current.id ? $0 : nil } ?? Self.listing(of: current)
            listing.status = current.status
            if let length = player.length { listing.duration = Double(length.inMicroseconds) / 1_000_000 }
            entries.append(("episode", BusRecords.episode(listing, queuePosition: nil, isCurrent: true)))
            if let podcast = library.podcast(current.podcast) { entries.append(("podcast", podcastRecord(podcast))) }
        }
        entries.append(("up_next", BusRecords.list(listings.next.map(listingMarks.marked).map(BusRecords.episode))))
        entries += comfortStatus()
        return .vardict(entries)
    }

    /// Status's sleep timer, chapter and time saved.
    private func comfortStatus() -> [(String, DBusValue)] {
        var entries: [(String, DBusValue)] = []
        if let timer = player.sleepTimer { entries.append(("sleep_timer", ComfortRecords.sleepTimer(timer))) }
        if let index = player.currentChapterIndex { entries.append(("chapter", ComfortRecords.chapter(index, of: player.chapters, current: index))) }
        if player.current != nil { entries.append(("chapters", .uint32(UInt32(clamping: player.chapters.count)))) }
        if player.soundProfile.trimSilence { entries.append(("time_saved", .double(player.timeSaved.inSeconds))) }
        if searchIndex?.isRebuilding == true { entries.append(("search_index", .string("rebuilding"))) }
        return entries
    }

    /// The player's episode as a listing, from what the player holds.
    private static func listing(of current: StoredEpisode) -> EpisodeListing {
        let episode = current.episode
        return EpisodeListing(id: current.id, podcast: current.podcast, podcastTitle: nil, guid: episode.id, title: episode.title,
                              releaseDate: episode.releaseDate?.date, duration: episode.duration ?? current.learnedDuration,
                              status: current.status, isPlayable: episode.soundURL != nil, soundURL: episode.soundURL, link: episode.link)
    }
}

/// What Status reads from the store: the current episode's listing and the next three of Up Next.
struct StatusListings: Sendable {
    var current: EpisodeListing?
    var next: [EpisodeListing]
}
