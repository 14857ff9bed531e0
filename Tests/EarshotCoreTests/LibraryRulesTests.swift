@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Library: auto-queue, unsubscribing, progress kept under its own podcast")
struct LibraryRulesTests {
    @Test func newEpisodesFromARefreshJoinUpNextWhenThePodcastAutoQueues() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2), autoQueue: true)
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 2), autoQueue: false)
        #expect(f.player.upNext.isEmpty, "a first fetch queues nothing")
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 3))
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 3))
        try f.library.refresh([alpha, beta])
        #expect(f.player.upNext.episodes == [try f.episode("alpha-3")])
        try f.library.set("auto-queue", to: "on", for: beta)
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 4))
        try f.library.refresh([beta])
        #expect(f.player.upNext.episodes == [try f.episode("alpha-3"), try f.episode("beta-4")])
    }

    @Test func aRefreshSendsTheStoredValidatorsAndA304ChangesNothing() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        f.feeds.answers[CoreFixture.url("alpha")] = .notModified
        var reports: [UpdateReport] = []
        try f.library.refresh([alpha], completion: { reports = $0 })
        #expect(f.feeds.requests.last?.1.etag == "v1")
        #expect(reports.first?.notModified == true)
        #expect(f.library.podcast(alpha)?.episodeCount == 2)
    }

    @Test func unsubscribingTakesThePodcastsEpisodesOutOfUpNextAndKeepsTheRest() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        try f.player.enqueue([f.episode("beta-1"), f.episode("alpha-2")])
        try f.library.unsubscribe(beta)
        #expect(f.player.upNext.episodes == [try f.episode("alpha-2")])
        #expect(f.library.podcasts.map(\.channel.title) == ["Alpha"])
        #expect(f.currentGUID == "alpha-1")
        #expect(throws: LibraryError.self) { try f.library.unsubscribe(beta) }
    }

    @Test func aPodcastRemovedWhileItsRefreshIsInFlightIsNotStoredAgain() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 2))
        f.feeds.holding = true
        var reports: [UpdateReport] = []
        try f.library.refresh([beta], completion: { reports = $0 })
        try f.library.unsubscribe(beta)
        f.feeds.release()
        #expect(reports.first?.error != nil)
        #expect(f.library.podcasts.map(\.channel.title) == ["Alpha"])
        #expect(try f.store.podcast(beta) == nil)
        #expect(try f.store.podcasts().count == 1)
    }

    /// A 304 is reported without reading the store: the roster says the podcast is gone.
    @Test func aFeedUnchangedForAPodcastUnsubscribedMeanwhileIsReportedAsRemoved() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        f.feeds.answers[CoreFixture.url("beta")] = .notModified
        f.feeds.holding = true
        var reports: [UpdateReport] = []
        try f.library.refresh([beta], completion: { reports = $0 })
        try f.library.unsubscribe(beta)
        f.feeds.release()
        #expect(reports.first?.error == "the podcast was removed meanwhile")
        #expect(f.library.podcast(beta) == nil)
        #expect(try f.store.podcast(beta) == nil)
    }

    /// A refresh that nothing changed is one 304 after another: each frees its slot at once and is
    /// reported, and their check times gather for a tenth of a second and are written together (a
    /// write and two thread hops each made the daemon, not the server, the pace of the refresh).
    @Test func feedsFoundUnchangedAreReportedAtOnceAndTheirCheckTimesWrittenTogether() throws {
        let f = try CoreFixture()
        let names = ["alpha", "beta", "gamma", "delta"]
        let podcasts = try names.map { try f.subscribe($0, CoreFixture.show($0, count: 1)) }
        names.forEach { f.feeds.answers[CoreFixture.url($0)] = .notModified }
        f.store.writes = []
        let checkedAt = Date()
        var reports: [UpdateReport] = []
        try f.library.refresh(Array(podcasts.prefix(3)), completion: { reports = $0 })
        #expect(reports.map(\.notModified) == [true, true, true], "reported before any check time is written")
        #expect(f.store.writes.isEmpty)
        f.background.holdingResults = true
        f.timers.advance(by: .milliseconds(100))
        #expect(f.store.writes == ["markChecked \(podcasts.prefix(3).map(\.rawValue))"])
        try f.library.refresh([podcasts[3]], completion: { reports = $0 })
        f.timers.advance(by: .milliseconds(100))
        #expect(f.store.writes.count == 1, "one write at a time: the next waits for the first to finish")
        f.background.deliver()
        f.timers.advance(by: .milliseconds(100))
        #expect(f.store.writes.last == "markChecked [\(podcasts[3].rawValue)]")
        #expect(try podcasts.allSatisfy { try f.store.podcast($0)!.lastCheckedAt! >= checkedAt })
    }

    /// The refresh stored its feed on the background just before the listener unsubscribed, and its result
    /// reached the loop just after (found by the daemon tests under load: the podcast came back in the
    /// library, with no rows left in the store).
    @Test func aRefreshStoredJustBeforeItsPodcastIsUnsubscribedDoesNotBringThePodcastBack() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 2))
        f.background.holdingResults = true
        var reports: [UpdateReport] = []
        try f.library.refresh([beta], completion: { reports = $0 })
        try f.library.unsubscribe(beta)
        f.background.deliver()
        #expect(reports.first?.error == "the podcast was removed meanwhile")
        #expect(f.library.podcasts.map(\.channel.title) == ["Alpha"])
        #expect(f.library.podcast(beta) == nil)
        #expect(try f.store.podcast(beta) == nil)
    }

    @Test func aRefreshThatFinishesAfterTheListenerMovedOnNeverChangesTheCurrentEpisode() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 3))
        f.feeds.holding = true
        try f.library.refresh([alpha])
        try f.player.play(episode: f.episode("beta-1"))
        f.feeds.release()
        #expect(f.currentGUID == "beta-1")
        #expect(f.library.podcast(alpha)?.episodeCount == 3, "the refresh is stored")
    }

    @Test func anEpisodeWhosePodcastIsUnsubscribedKeepsPlayingAndSavesNothingMore() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let beta = try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("beta-1"))
        try f.library.unsubscribe(beta)
        let writes = f.store.writes.count
        f.engine.currentPosition = .seconds(12)
        f.player.pause()
        #expect(f.currentGUID == "beta-1" && f.player.status == .paused, "it played on until the listener paused")
        #expect(f.store.writes.count == writes, "no progress written for an episode no longer stored: \(f.store.writes.suffix(2))")
        #expect(f.player.nextEpisode == nil, "its podcast's order is gone: nothing follows")
    }

    @Test func aFailedSubscriptionIsReportedWithTheURLAndTheOthersAreKept() throws {
        let f = try CoreFixture()
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 1))
        var reports: [UpdateReport] = []
        f.library.subscribe([CoreFixture.url("alpha"), CoreFixture.url("missing")], autoQueue: false) { reports = $0 }
        #expect(reports.count == 2)
        #expect(reports[0].error == nil && reports[0].title == "Alpha")
        #expect(reports[1].error?.contains("http://missing.test/feed.xml") == true)
        #expect(f.library.podcasts.count == 1)
        #expect(f.library.autoQueue(try #require(reports[0].podcast)) == false, "an import does not auto-queue")
    }

    @Test func switchingPodcastsSavesTheOldEpisodesProgressUnderItsOwnEpisode() throws {
        // Two shows with the same guids: the old show's place must not land on the new show's episode.
        let f = try CoreFixture()
        var twin = CoreFixture.show("beta", count: 2)
        for index in twin.episodes.indices { twin.episodes[index].id = "alpha-\(2 - index)" }
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let beta = try f.subscribe("beta", twin)
        let alpha1 = try f.episode("alpha-1", of: alpha)
        try f.player.play(episode: alpha1)
        f.engine.currentPosition = .seconds(77)
        try f.player.play(podcast: beta)
        #expect(f.store.row(alpha1)?.status.lastListenTime == 77)
        let betaEpisode = try #require(f.player.current)
        #expect(betaEpisode.podcast == beta)
        #expect(betaEpisode.status.lastListenTime == 0, "the new show's episode with the same guid starts at 0")
    }

    @Test func aSeekIsSavedWhenAskedSoACrashRightAfterResumesAtTheTarget() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let episode = try f.episode("alpha-1")
        try f.player.play(episode: episode)
        f.player.seek(to: .seconds(300))
        #expect(f.store.row(episode)?.status.lastListenTime == 300)
    }

    /// A seek made before the audio's length is known (or a found moment past a wrong feed length)
    /// leaves a target beyond the end until the audio ends; MPRIS clients must never read a Position
    /// past mpris:length meanwhile (found by the D-Bus fuzz storm, seed 936286354103823833).
    @Test func thePositionNeverReadsPastTheEpisodesLengthWhileASeekBeyondItIsPending() throws {
        let f = try CoreFixture()
        var show = CoreFixture.show("alpha", count: 1)
        show.episodes[0].duration = nil
        try f.subscribe("alpha", show)
        try f.player.play(episode: try f.episode("alpha-1"))
        f.player.seek(to: .seconds(7_309))
        #expect(f.player.length == nil && f.player.position == .seconds(7_309), "no length yet: nothing to hold it to")
        f.engine.duration = .seconds(50)
        f.engine.emit(.durationChanged(.seconds(50)))
        #expect(f.player.position == .seconds(50))
    }

    @Test func theLengthLearnedFromTheAudioIsStoredForTheNextStart() throws {
        let f = try CoreFixture()
        var show = CoreFixture.show("alpha", count: 1)
        show.episodes[0].duration = nil
        try f.subscribe("alpha", show)
        let episode = try f.episode("alpha-1")
        try f.player.play(episode: episode)
        f.engine.duration = .seconds(1234)
        f.engine.emit(.durationChanged(.seconds(1234)))
        #expect(f.store.row(episode)?.learned == 1234)
    }

    @Test func theFirstPodcastAddedWhileNothingIsCurrentBecomesCurrentPaused() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        #expect(f.currentGUID == "alpha-3", "its newest episode")
        #expect(f.player.status == .paused)
    }

    @Test func settingsRefuseUnknownKeysAndValues() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        #expect(throws: LibraryError.self) { try f.library.set("auto-queue", to: "maybe", for: alpha) }
        #expect(throws: LibraryError.self) { try f.library.set("colour", to: "on", for: alpha) }
        #expect(throws: LibraryError.self) { try f.library.set("auto-queue", to: "on", for: PodcastID(rawValue: 99)) }
    }
}
