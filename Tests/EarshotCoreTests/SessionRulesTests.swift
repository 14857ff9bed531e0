@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The rules between the parts, which lived in the daemon's wiring and the bus adapter before the
/// session held them: each is reached here without a bus, a pipeline or a network.
@Suite("Session: the rules between library, player and downloads")
struct SessionRulesTests {
    @Test func queueingThroughTheSessionDownloadsTheFirstOfUpNextWithoutBeingAsked() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.session.enqueue([f.episode("alpha-1"), f.episode("alpha-2")])  // alpha-3, the newest, is current
        #expect(f.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1)], "one per host, the first of Up Next")
        #expect(f.downloads.records.count == 2)
    }

    @Test func unsubscribingStopsAndForgetsThePodcastsDownloadsAndDeletesFilesOnlyWhenAsked() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.session.download([f.episode("alpha-1"), f.episode("alpha-2")]) { _ in }
        f.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(f.transfers.running.count == 1)
        try f.session.unsubscribe(alpha, deletingFiles: false)
        #expect(f.downloads.records.isEmpty)
        #expect(f.transfers.running.isEmpty, "the running transfer was cancelled")
        #expect(f.files.deleted.isEmpty, "the files stay unless asked")
    }

    @Test func retiringTheDemoForTheFirstPodcastAlsoDropsTheDemosDownloads() throws {
        let demo = CoreFixture.url("demo")
        let f = try CoreFixture(demo: demo)
        try f.subscribe("demo", CoreFixture.show("demo", count: 1), autoQueue: false)
        try f.session.download([f.episode("demo-1")]) { _ in }
        f.transfers.succeed(DownloadFixture.audio("demo", 1))
        #expect(f.downloads.records.count == 1)
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        #expect(f.library.podcast(url: demo) == nil, "the demo gave way")
        #expect(f.downloads.records.isEmpty, "its download record went with it")
        #expect(f.files.deleted.count == 1, "and its file: the listener never chose the demo")
    }

    @Test func aRefreshFindingNewEpisodesDownloadsThemForAPodcastThatAutoDownloads() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        try f.session.set("auto-download", to: "on", for: alpha)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 2))
        try f.session.refresh(nil, progress: { _, _, _ in }, completion: { _ in })
        #expect(f.downloads.records.values.map(\.episode) == [try f.episode("alpha-2")])
    }

    @Test func raisingDownloadAheadStartsTheNewlyCoveredDownloadsAtOnce() throws {
        let f = try CoreFixture { $0.ahead = 1 }
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        try f.session.enqueue([f.episode("alpha-1"), f.episode("beta-1")])  // alpha-2 is current
        #expect(f.downloads.records.count == 1)
        try f.session.set("download-ahead", to: "2", for: nil)
        #expect(f.downloads.records.count == 2)
        #expect(f.transfers.running.count == 2)
    }

    @Test func theSessionRefreshesEveryPodcastAtStartAndThenAtEachInterval() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let before = f.feeds.requests.count
        f.session.begin(refreshingEvery: .seconds(1800))
        #expect(f.feeds.requests.count == before + 1, "at start")
        f.timers.advance(1799)
        #expect(f.feeds.requests.count == before + 1)
        f.timers.advance(1)
        #expect(f.feeds.requests.count == before + 2, "thirty minutes later")
        f.timers.advance(1800)
        #expect(f.feeds.requests.count == before + 3)
        f.session.end()
        f.timers.advance(3600)
        #expect(f.feeds.requests.count == before + 3, "nothing after the end")
    }

    @Test func whilePlayingThePlaceIsSavedEveryFiveSecondsSoAKillLosesAtMostFive() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.announceState()
        let id = try f.episode("alpha-1")
        f.timers.advance(4.9)
        #expect(try f.store.storedEpisode(id)?.status.lastListenTime == 0)
        f.timers.advance(0.1)
        #expect(try f.store.storedEpisode(id)?.status.lastListenTime == 5)
        f.timers.advance(12)
        #expect(try f.store.storedEpisode(id)?.status.lastListenTime == 15, "saved at 10 and 15 s; a kill at 17 s resumes at 15")
        f.player.pause()
        f.engine.announceState()
        f.timers.advance(60)
        #expect(try f.store.storedEpisode(id)?.status.lastListenTime == 17, "the pause saved; no timer runs while paused")
        #expect(f.timers.waiting == 0)
    }

    @Test func changingEpisodesPublishesWhichEpisodeWasLeftAndWhichBecameCurrent() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let one = try f.episode("alpha-1"), two = try f.episode("alpha-2")
        try f.session.play(episode: one)
        try f.session.next()
        let changes = f.events.compactMap { event -> [EpisodeID?]? in
            if case .episodeChanged(let from, let to) = event { [from, to] } else { nil }
        }
        #expect(changes == [[nil, two], [two, one], [one, two]], "the first podcast's newest, then one, then Next")
    }

    @Test func upNextChangesArePublishedOnceEach() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let count = { f.events.filter { if case .upNextChanged = $0 { true } else { false } }.count }
        let before = count()
        try f.session.enqueue([f.episode("alpha-2")])
        try f.session.moveQueued(f.episode("alpha-2"), to: 0)
        f.session.clearQueue()
        f.session.clearQueue()  // already empty: nothing changed
        #expect(count() - before == 3)
    }
}
