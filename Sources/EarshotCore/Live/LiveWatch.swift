import EarshotFeed
import EarshotStore

/// Which live shows to announce: a show of a podcast already known that is on the air now and was not
/// when its feed was read before (pending, or not listed), with an episode to play, once per show and
/// podcast for as long as the daemon runs (a show still live at the next start was live in the stored
/// feed, so it is not announced again).
struct LiveWatch {
    private var announced: Set<String> = []

    /// The shows of `podcast` to announce now that its feed says `after`, having said `before` (nil: not
    /// read before, a new subscription: nothing is announced).
    mutating func wentLive(_ podcast: PodcastID, before: FeedSchedule?, after: FeedSchedule) -> [LiveShow] {
        guard let before else { return [] }
        let wasLive = Set(before.liveShows.filter { $0.status == LiveItem.live }.map(\.guid))
        return after.liveShows.filter { show in
            show.status == LiveItem.live && show.episode != nil && !wasLive.contains(show.guid)
                && announced.insert("\(podcast.rawValue) \(show.guid)").inserted
        }
    }
}
