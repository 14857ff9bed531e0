@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// A show whose feed announces a live show `guid` with `status`, starting at `start`, streaming from
/// `http://<name>.test/live`.
private func liveShow(_ name: String, count: Int, status: String, start: Date, guid: String = "live-1") -> Channel {
    var channel = CoreFixture.show(name, count: count)
    channel.podcast.liveItems = [LiveItem(status: status, start: ReleaseDate(text: "start", date: start),
                                          episode: Episode(id: guid, title: "Live Q&A", soundURL: URL(string: "http://\(name).test/live")))]
    return channel
}

/// A fixture whose podcast alpha has a show on the air, played for 12 s (its stream has no
/// length), that show's episode, and when it started.
private func playingLiveShow() throws -> (CoreFixture, EpisodeID, start: Date) {
    let f = try CoreFixture()
    let start = f.timers.date
    try f.subscribe("alpha", liveShow("alpha", count: 1, status: "live", start: start))
    let live = try f.episode("live-1")
    f.engine.duration = nil
    try f.player.play(episode: live)
    f.engine.announceState()
    f.timers.advance(12)
    return (f, live, start)
}

/// alpha's feed once the show that started at `start` ended and its recording came out as an item.
private func endedWithRecording(start: Date) -> Channel {
    var ended = liveShow("alpha", count: 1, status: "ended", start: start)
    ended.episodes.insert(Episode(id: "live-1", title: "Live Q&A", soundURL: URL(string: "http://alpha.test/rec.mp3"), duration: 3600), at: 0)
    return ended
}

@Suite("Live shows: episodes while on the air, notices, no place kept, refreshes by their start")
struct LiveShowRulesTests {
    private static let hour: TimeInterval = 3600

    @Test func aPendingShowIsNoEpisodeALiveOrEndedOneIsAndAnItemWithItsGuidIsThatEpisode() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(LiveEpisodes.folded(liveShow("alpha", count: 1, status: "pending", start: start)).episodes.map(\.id) == ["alpha-1"])
        let live = LiveEpisodes.folded(liveShow("alpha", count: 1, status: "live", start: start))
        #expect(live.episodes.map(\.id) == ["alpha-1", "live-1"])
        #expect(live.episodes[1].podcast.live == LiveMark(status: "live", start: ReleaseDate(text: "start", date: start)))
        #expect(live.episodes[1].releaseDate?.date == start, "dated by its start")
        #expect(LiveEpisodes.folded(liveShow("alpha", count: 1, status: "ended", start: start)).episodes[1].podcast.live?.isLive == false)
        var recorded = liveShow("alpha", count: 1, status: "ended", start: start)
        recorded.episodes.insert(Episode(id: "live-1", title: "Live Q&A (recording)", soundURL: URL(string: "http://alpha.test/rec.mp3")), at: 0)
        let folded = LiveEpisodes.folded(recorded)
        #expect(folded.episodes.map(\.id) == ["live-1", "alpha-1"], "one episode for one show")
        #expect(folded.episodes[0].podcast.live == nil && folded.episodes[0].title == "Live Q&A (recording)")
    }

    @Test func theDeclaredFrequencyStretchesTheIntervalBetweenTheSettingAndADay() {
        let rule = RefreshRule(base: .seconds(1800))
        #expect(rule.interval(for: nil) == .seconds(1800))
        #expect(rule.interval(for: UpdateFrequency(text: "Daily", rule: "FREQ=DAILY")) == .seconds(6 * 3600), "a quarter of a day")
        #expect(rule.interval(for: UpdateFrequency(text: "Weekly", rule: "FREQ=WEEKLY")) == .seconds(24 * 3600), "at most a day")
        #expect(rule.interval(for: UpdateFrequency(text: "Mon, Wed, Fri", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR")) == .seconds(14 * 3600))
        #expect(rule.interval(for: UpdateFrequency(text: "Hourly", rule: "freq=hourly")) == .seconds(1800), "never more often than the setting")
        #expect(rule.interval(for: UpdateFrequency(text: "Every other day", rule: "FREQ=DAILY;INTERVAL=2")) == .seconds(12 * 3600))
        #expect(rule.interval(for: UpdateFrequency(text: "Sometimes", rule: "FREQ=SOMETIMES")) == .seconds(1800))
        #expect(rule.interval(for: UpdateFrequency(text: "Sometimes")) == .seconds(1800), "text alone says nothing")
        #expect(rule.interval(for: UpdateFrequency(text: "Over", rule: "FREQ=DAILY", isComplete: true)) == .seconds(7 * 24 * 3600))
        #expect(RefreshRule(base: .seconds(2 * 24 * 3600)).interval(for: UpdateFrequency(text: "Daily", rule: "FREQ=DAILY")) == .seconds(2 * 24 * 3600),
                "a longer setting wins")
    }

    @Test func aPendingShowIsLookedForAMinuteAfterItsStartThenEveryTwoMinutesForTwoHours() {
        let rule = RefreshRule(base: .seconds(1800))
        let last = Date(timeIntervalSince1970: 1_700_000_000)
        func schedule(_ status: String, start: Date) -> FeedSchedule {
            FeedSchedule(liveShows: [LiveShow(guid: "live-1", status: status, start: start)])
        }
        #expect(rule.nextFetch(after: last, schedule: FeedSchedule()) == last.addingTimeInterval(1800))
        #expect(rule.nextFetch(after: last, schedule: schedule("pending", start: last.addingTimeInterval(600))) == last.addingTimeInterval(660))
        #expect(rule.nextFetch(after: last, schedule: schedule("pending", start: last.addingTimeInterval(9 * Self.hour)))
                    == last.addingTimeInterval(1800), "a show hours away waits for the ordinary refresh")
        #expect(rule.nextFetch(after: last, schedule: schedule("pending", start: last.addingTimeInterval(-600))) == last.addingTimeInterval(120))
        #expect(rule.nextFetch(after: last, schedule: schedule("pending", start: last.addingTimeInterval(-3 * Self.hour)))
                    == last.addingTimeInterval(1800), "a show that never came is no longer waited for")
        #expect(rule.nextFetch(after: last, schedule: schedule("live", start: last)) == last.addingTimeInterval(300))
        #expect(rule.nextFetch(after: last, schedule: schedule("ended", start: last)) == last.addingTimeInterval(1800))
        #expect(rule.nextFetch(after: last, schedule: schedule("pending", start: last.addingTimeInterval(-59))) == last.addingTimeInterval(60),
                "never sooner than a minute")
    }

    @Test func aShowIsAnnouncedWhenItGoesLiveOnceAndNeverForANewSubscription() {
        var watch = LiveWatch()
        let podcast = PodcastID(rawValue: 1)
        let pending = FeedSchedule(liveShows: [LiveShow(guid: "live-1", status: "pending")])
        let live = FeedSchedule(liveShows: [LiveShow(guid: "live-1", status: "live", episode: EpisodeID(rawValue: 9))])
        #expect(watch.wentLive(podcast, before: nil, after: live).isEmpty, "a new subscription")
        #expect(watch.wentLive(podcast, before: pending, after: live).map(\.guid) == ["live-1"])
        #expect(watch.wentLive(podcast, before: pending, after: live).isEmpty, "never twice")
        #expect(watch.wentLive(PodcastID(rawValue: 2), before: live, after: live).isEmpty, "already live before")
        let silent = FeedSchedule(liveShows: [LiveShow(guid: "live-2", status: "live")])
        #expect(watch.wentLive(podcast, before: FeedSchedule(), after: silent).isEmpty, "nothing to play")
    }

    @Test func aFollowedShowGoingLivePostsOneNoticeWhoseClickPlaysTheStream() throws {
        let f = try CoreFixture()
        let notifier = RecordingNotifier()
        f.session.notify(through: notifier, art: ArtShelf())
        try f.library.set("notify", to: "on", for: nil)
        let start = f.timers.date.addingTimeInterval(600)
        try f.subscribe("alpha", liveShow("alpha", count: 2, status: "pending", start: start))
        f.session.begin(refreshingEvery: .seconds(1800))
        #expect(notifier.posts.isEmpty)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(liveShow("alpha", count: 2, status: "live", start: start))
        let before = f.feeds.requests.count
        f.timers.advance(659)
        #expect(f.feeds.requests.count == before)
        f.timers.advance(1)
        #expect(f.feeds.requests.count == before + 1, "a minute after the start, not thirty")
        #expect(notifier.posts.count == 1)
        #expect(notifier.last == Notice(title: "Alpha is live now", body: "Live Q&A", image: nil, actions: [.play], defaultAction: .play))
        #expect(try f.store.inboxEpisodes().isEmpty && !f.player.upNext.episodes.contains(try f.episode("live-1")),
                "a live show is no new episode")
        f.timers.advance(300)
        #expect(f.feeds.requests.count == before + 2, "every five minutes while it is live")
        #expect(notifier.posts.count == 1, "announced once")
        notifier.click(.play, on: 1)
        #expect(f.currentGUID == "live-1")
        #expect(f.engine.loadedURI == URL(string: "http://alpha.test/live"))
    }

    @Test func aLiveStreamCannotBeSoughtHasNoLengthAndKeepsNoPlaceUntilItEnds() throws {
        let (f, live, start) = try playingLiveShow()
        #expect(f.player.isLive && !f.player.canSeek)
        #expect(f.player.length == nil)
        #expect(f.player.position >= .seconds(11), "the position moves on")
        f.player.seek(to: .seconds(1))
        #expect(f.engine.seeks.isEmpty)
        f.pause()
        #expect(try f.store.storedEpisode(live)?.status.lastListenTime ?? 0 == 0, "no place saved")
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(endedWithRecording(start: start))
        try f.library.refresh()
        #expect(try f.episode("live-1") == live, "the same episode")
        #expect(try f.store.listEpisodes(podcast: nil, filter: .all, matching: nil).filter { $0.guid == "live-1" }.count == 1)
        #expect(try f.store.storedEpisode(live)?.episode.soundURL == URL(string: "http://alpha.test/rec.mp3"))
        #expect(try f.store.storedEpisode(live)?.episode.podcast.live == nil, "an ordinary episode now")
    }

    @Test func aStreamStillPlayingWhenItsShowEndsStaysUnseekableAndPlacelessUntilTheRecordingIsLoaded() throws {
        let (f, live, start) = try playingLiveShow()
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(endedWithRecording(start: start))
        try f.library.refresh()
        #expect(try f.store.storedEpisode(live)?.episode.podcast.live == nil, "the show ended: an ordinary episode in the library")
        #expect(f.player.isLive && !f.player.canSeek && f.player.length == nil, "but its endless stream still plays")
        f.timers.advance(12)
        f.pause()
        #expect(try f.store.storedEpisode(live)?.status.lastListenTime ?? 0 == 0, "no place in the stream saved as the recording's")
        f.player.stop()
        try f.player.play(episode: live)
        #expect(f.engine.loadedURI == URL(string: "http://alpha.test/rec.mp3"), "played again, the recording")
        f.engine.duration = .seconds(3600)
        f.engine.announceState()
        #expect(!f.player.isLive && f.player.canSeek && f.player.length == .seconds(3600))
    }

    @Test func aLiveStreamIsNeverDownloadedByHandOrAheadOfUpNext() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", liveShow("alpha", count: 1, status: "live", start: f.timers.date))
        let live = try f.episode("live-1")
        var refusal: LibraryError?
        f.session.download([live]) { refusal = $0 }
        #expect(refusal?.description.contains("is a live stream") == true, "\(String(describing: refusal))")
        try f.session.enqueue([live])
        f.timers.advance(1)
        #expect(f.transfers.started.isEmpty, "nothing downloaded ahead")
    }
}
