import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// The one command surface: MPRIS (Player, Playlists) and `org.earshot.Earshot1` decode a call, make one
/// of these, and encode its answer. What follows from a command (download ahead, announcing the change)
/// follows from the events the parts publish, whichever adapter asked.
extension Session {
    // MARK: Transport

    public func play() throws(LibraryError) { try listening.play() }
    public func pause() { listening.pause() }
    public func playPause() throws(LibraryError) { try listening.playPause() }
    public func stop() { listening.stop() }
    /// Next as the media buttons are set (`next-button`: the next episode by default).
    public func next() throws(LibraryError) { try listening.pressNext() }
    /// Previous as the media buttons are set (`previous-button`).
    public func previous() throws(LibraryError) { try listening.pressPrevious() }
    public func seek(to position: Duration) { listening.seek(to: position) }
    public func setRate(_ rate: Double) { listening.setRate(rate) }
    public func setVolume(_ volume: Double) { listening.setVolume(volume) }

    /// An episode's audio or page address plays it; any other address is subscribed to as `subscribe`
    /// does (a feed, a web page, a directory's page of a show) and its newest episode selected.
    public func open(_ uri: String) throws(LibraryError) {
        let written = URL(string: uri).map(FeedCredential.split)
        if let written, written.user != nil, written.password != nil {
            // A private feed with its user name and password: subscribed (or its password renewed), then opened.
            return subscribe([uri], autoQueue: true, progress: { _, _, _ in }) { [weak self] reports in
                guard let report = reports.first, report.error == nil else {
                    return Log.warning("OpenUri \(written.url.absoluteString): \(reports.first?.error ?? "nothing was subscribed")")
                }
                try? self?.open(written.url.absoluteString)
            }
        }
        try listening.open(uri) { [weak self] text, done in
            self?.subscribe([text], autoQueue: true, progress: { _, _, _ in }) { reports in reports.first.map(done) }
        }
    }

    /// Plays `episode` now, where it was left.
    public func play(episode: EpisodeID) throws(LibraryError) { try listening.play(episode: episode) }

    /// Plays `episode` now from `position` seconds.
    public func play(episode: EpisodeID, from position: Double) throws(LibraryError) {
        try listening.play(episode: episode, from: position)
    }

    /// Plays `podcast`: its episode in progress, else its oldest unplayed one.
    public func play(podcast: PodcastID) throws(LibraryError) { try listening.play(podcast: podcast) }

    /// Plays hit `number` of the listener's last find: an episode from the moment that matched (where it
    /// was left, for its title or notes), a podcast as `play(podcast:)` does. Returns the hit.
    @discardableResult
    public func playFound(_ number: Int) throws(LibraryError) -> FoundMoment {
        guard let list = transcripts?.recentFinds else {
            throw .noEpisode(tr("there is no find from the last hour to take hit %s from (earshot find WORDS first)", "\(number)"))
        }
        let found = try list.moment(number)
        switch (found.hit.episode, found.moment) {
        case (let episode?, let moment?): try listening.play(episode: episode, from: moment)
        case (let episode?, nil): try listening.play(episode: episode)
        case (nil, _): try listening.play(podcast: found.hit.podcast)
        }
        return found
    }

    /// Plays the first episode of Up Next.
    public func playUpNext() throws(LibraryError) {
        guard let first = listening.upNext.first else { throw .noEpisode(tr("Up Next is empty")) }
        try listening.play(episode: first.episode)
    }

    /// Calls `settled` once the current episode's audio opened (nil) or why it could not.
    public func whenAudioOpens(_ settled: @escaping (String?) -> Void) { listening.whenAudioOpens(settled) }

    // MARK: Up Next

    /// Puts episodes into Up Next (at `position`, else at the end); queued, they leave the inbox.
    public func enqueue(_ episodes: [EpisodeID], at position: Int? = nil) throws(LibraryError) {
        try listening.enqueue(episodes, at: position)
        inbox.leave(episodes)
    }
    public func dequeue(_ episodes: [EpisodeID]) throws(LibraryError) { try listening.dequeue(episodes) }
    public func moveQueued(_ episode: EpisodeID, to position: Int) throws(LibraryError) {
        try listening.moveQueued(episode, to: position)
    }
    public func clearQueue() { listening.clearQueue() }

    // MARK: The library

    /// Subscribes to each address given as text: a feed's, a web page's, an Apple Podcasts or Podcast
    /// Index page of a show (see `Finder+Subscribing`); one report per address, in order, a text that
    /// is no such address refused in its own report without stopping the rest. `user` and `password`
    /// (or those written into an address) are tried for a private feed (`PrivateFeeds`).
    public func subscribe(_ texts: [String], autoQueue: Bool, user: String? = nil, password: String? = nil,
                          progress: @escaping (UpdateReport, Int, Int) -> Void, completion: @escaping ([UpdateReport]) -> Void) {
        let privateFeeds = self.privateFeeds
        let lifted = privateFeeds.lift(texts, user: user, password: password)
        let previous = privateFeeds.tryOut(lifted.credentials)
        let asked = lifted.texts.indices.filter { lifted.refusals[$0] == nil }
        finder.subscribe(asked.map { lifted.texts[$0] }, autoQueue: autoQueue, progress: progress) { reports in
            var all = lifted.texts.map { UpdateReport(url: URL(string: $0) ?? URL(string: "invalid:")!) }
            for (index, report) in zip(asked, reports) { all[index] = report }
            completion(privateFeeds.settle(all, lifted, previous: previous))
        }
    }

    /// Unsubscribes; with `deletingFiles` its downloaded files go too.
    public func unsubscribe(_ podcast: PodcastID, deletingFiles: Bool) throws(LibraryError) {
        try library.unsubscribe(podcast, deletingFiles: deletingFiles)
    }

    /// Refreshes these podcasts (nil or empty: all).
    public func refresh(_ podcasts: [PodcastID]?, progress: @escaping (UpdateReport, Int, Int) -> Void,
                        completion: @escaping ([UpdateReport]) -> Void) throws(LibraryError) {
        try library.refresh(podcasts.flatMap { $0.isEmpty ? nil : $0 }, progress: progress, completion: completion)
    }

    /// Changes a setting of `podcast` (nil: the whole library).
    public func set(_ key: String, to value: String, for podcast: PodcastID?) throws(LibraryError) {
        try library.set(key, to: value, for: podcast)
    }

    // MARK: Downloads

    /// Downloads these episodes; `completion` hears why not (nil: asked for), once they were read.
    public func download(_ episodes: [EpisodeID], completion: @escaping (LibraryError?) -> Void) {
        downloads.request(episodes, byHand: true, completion: completion)
    }
    public func deleteDownloads(_ episodes: [EpisodeID]) throws(LibraryError) { try downloads.delete(episodes) }

    // MARK: Comforts

    public func setSleepTimer(_ mode: SleepMode?) throws(LibraryError) { try listening.setSleepTimer(mode) }
    /// Goes to chapter `number` (from 1).
    public func goToChapter(_ number: Int) throws(LibraryError) {
        guard number >= 1 else { throw .indexOutOfRange(tr("chapters are numbered from 1")) }
        try listening.goToChapter(number - 1)
    }
    /// The next chapter (`offset` > 0) or the previous one (< 0).
    public func skipChapter(_ offset: Int) throws(LibraryError) {
        if offset > 0 { try listening.nextChapter() } else if offset < 0 { try listening.previousChapter() }
    }
}
