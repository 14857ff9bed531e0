@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: what is fetched, how many at once, retries, and playing from the file")
struct DownloadRulesTests {
    /// Two shows on two hosts, every episode of both in Up Next in the order a1, b1, a2, b2, a3.
    private static func queued(_ fixture: DownloadFixture) throws -> (a: PodcastID, b: PodcastID) {
        let a = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let b = try fixture.core.subscribe("beta", CoreFixture.show("beta", count: 2))
        let ids = try ["alpha-1", "beta-1", "alpha-2", "beta-2", "alpha-3"].map { try fixture.core.episode($0) }
        try fixture.core.player.enqueue(ids)
        return (a, b)
    }

    @Test func theFirstThreeOfUpNextAreDownloadedTwoAtOnceAndOnePerHost() throws {
        let fixture = try DownloadFixture()
        _ = try Self.queued(fixture)
        fixture.downloadRules.followUpNext()
        #expect(fixture.downloads.records.count == 3, "a1, b1, a2: the first three")
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1), DownloadFixture.audio("beta", 1)])
        fixture.transfers.succeed(DownloadFixture.audio("beta", 1))
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1)], "a2 waits for alpha's host")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 2)])
    }

    @Test func downloadAheadZeroDownloadsNothingByItself() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        _ = try Self.queued(fixture)
        fixture.downloadRules.followUpNext()
        #expect(fixture.downloads.records.isEmpty)
        #expect(fixture.transfers.started.isEmpty)
    }

    @Test func aTransientFailureIsTriedAgainAfter30sThen2Then10MinutesThenWaitsForTheNetworkWithItsReason() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let id = try fixture.core.episode("alpha-1")
        fixture.downloads.request([id], byHand: true)
        let audio = DownloadFixture.audio("alpha", 1)
        for wait in [30.0, 120, 600] {
            fixture.transfers.fail(audio, .connectivity("127.0.0.1 refused the connection"))
            let record = try #require(fixture.downloads.records[id])
            #expect(record.state == .failed)
            #expect(record.nextAttemptAt == fixture.clock.date.addingTimeInterval(wait))
            fixture.clock.advance(wait - 1)
            #expect(fixture.transfers.running.isEmpty, "not before its time")
            fixture.clock.advance(1)
            #expect(fixture.transfers.running.count == 1)
        }
        fixture.transfers.fail(audio, .connectivity("127.0.0.1 refused the connection"))
        let record = try #require(fixture.downloads.records[id])
        #expect(record.state == .failed && record.nextAttemptAt == nil && record.attempts == 4)
        #expect(record.error == "could not download the episode: 127.0.0.1 refused the connection "
                + "(4 attempts; tried again after the next refresh that reaches a server)")
        #expect(fixture.store.record(id)?.error == record.error, "stored for the next start")
        fixture.clock.advance(24 * 3600)
        #expect(fixture.transfers.running.isEmpty, "time alone does not bring it back")
    }

    @Test func whenARefreshReachesAServerTheDownloadsThatUsedUpTheirRetriesStartOverAndNoOthers() throws {
        let fixture = try DownloadFixture()
        for show in ["alpha", "beta", "gamma"] { _ = try fixture.core.subscribe(show, CoreFixture.show(show, count: 1)) }
        let offline = try fixture.core.episode("alpha-1"), missing = try fixture.core.episode("beta-1")
        let pending = try fixture.core.episode("gamma-1")
        fixture.downloads.request([offline, missing], byHand: false)
        // alpha: four network failures; beta: three, then a 404; gamma (below): one, so its next try is timed.
        for (index, wait) in [30.0, 120, 600, 0].enumerated() {
            fixture.transfers.fail(DownloadFixture.audio("alpha", 1), .connectivity("no route to host"))
            if index < 3 {
                fixture.transfers.fail(DownloadFixture.audio("beta", 1), .connectivity("no route to host"))
            } else {
                fixture.transfers.fail(DownloadFixture.audio("beta", 1), .http(status: 404, reason: "Not Found"))
            }
            fixture.clock.advance(wait)
        }
        fixture.downloads.request([pending], byHand: false)
        fixture.transfers.fail(DownloadFixture.audio("gamma", 1), .connectivity("no route to host"))
        #expect(fixture.transfers.running.isEmpty)
        #expect(fixture.downloads.records[missing]?.error == "the server answered HTTP 404 Not Found")

        let feed = URL(string: "https://feeds.example/alpha.xml")!
        fixture.downloadRules.refreshed([UpdateReport(url: feed, error: "could not reach the feed: no route to host"),
                                     UpdateReport(url: URL(string: "file:///home/someone/alpha.xml")!)])
        #expect(fixture.transfers.running.isEmpty, "a failed refresh and a local file prove no network")
        fixture.downloadRules.refreshed([UpdateReport(url: feed, notModified: true)])
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1)])
        let record = try #require(fixture.downloads.records[offline])
        #expect(record.state == .downloading && record.attempts == 0 && record.error == nil)
        #expect(fixture.store.record(offline)?.attempts == 0, "stored for the next start")
        #expect(fixture.downloads.records[missing]?.state == .failed, "a 404 does not pass with the network")
        #expect(fixture.downloads.records[pending]?.nextAttemptAt != nil, "its own timed retry still stands")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.downloads.records[offline]?.state == .completed)
    }

    @Test func notFoundAndAWebPageFailAtOnceWithoutRetries() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        _ = try fixture.core.subscribe("beta", CoreFixture.show("beta", count: 1))
        let a = try fixture.core.episode("alpha-1"), b = try fixture.core.episode("beta-1")
        fixture.downloads.request([a, b], byHand: true)
        fixture.transfers.fail(DownloadFixture.audio("alpha", 1), .http(status: 404, reason: "Not Found"))
        fixture.transfers.fail(DownloadFixture.audio("beta", 1), .notAudio("a web page (text/html)"))
        #expect(fixture.downloads.records[a]?.error == "the server answered HTTP 404 Not Found")
        #expect(fixture.downloads.records[b]?.error == "the server sent a web page (text/html) instead of the episode's audio")
        #expect(fixture.downloads.records.values.allSatisfy { $0.state == .failed && $0.nextAttemptAt == nil })
        fixture.clock.advance(3600)
        #expect(fixture.transfers.running.isEmpty)
    }

    @Test func aFullDiskStopsEveryDownloadUntilTheListenerAsksAgain() throws {
        let fixture = try DownloadFixture()
        _ = try Self.queued(fixture)
        fixture.downloadRules.followUpNext()
        fixture.transfers.fail(DownloadFixture.audio("alpha", 1), .diskFull(path: "/data/x.part"))
        #expect(fixture.downloads.halted != nil)
        #expect(fixture.transfers.running.isEmpty, "beta-1 was stopped too")
        #expect(fixture.downloads.records[try fixture.core.episode("beta-1")]?.state == .queued, "its part stays for later")
        #expect(fixture.downloads.records[try fixture.core.episode("alpha-1")]?.state == .failed)
        fixture.clock.advance(3600)
        #expect(fixture.transfers.running.isEmpty)
        fixture.downloads.request([try fixture.core.episode("alpha-1")], byHand: true)
        #expect(fixture.downloads.halted == nil)
        #expect(fixture.transfers.running.count == 2)
    }

    @Test func aDownloadedEpisodePlaysFromItsFileAndOneStreamingKeepsStreaming() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let first = try fixture.core.episode("alpha-1"), second = try fixture.core.episode("alpha-2")
        try fixture.core.player.play(episode: first)
        #expect(fixture.core.engine.loadedURI == DownloadFixture.audio("alpha", 1))
        let loads = fixture.core.engine.loads.count
        fixture.downloads.request([first, second], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.core.engine.loads.count == loads, "the stream goes on")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 2))
        try fixture.core.player.next()
        let file = try #require(fixture.downloads.file(for: second))
        #expect(fixture.core.engine.loadedURI == file)
        #expect(file.path == "/data/earshot/episodes/Alpha/Alpha 2.mp3")
        try fixture.core.player.previous()
        #expect(fixture.core.engine.loadedURI == fixture.downloads.file(for: first))
    }

    @Test func deletingAFileKeepsProgressAndTheAutomaticRulesLeaveItAlone() throws {
        let fixture = try DownloadFixture()
        _ = try Self.queued(fixture)
        fixture.downloadRules.followUpNext()
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        let a1 = try fixture.core.episode("alpha-1")
        let path = try #require(fixture.downloads.records[a1]?.path)
        try fixture.downloads.delete([a1])
        #expect(fixture.files.deleted == [path])
        #expect(fixture.downloads.records[a1] == nil && fixture.store.record(a1) == nil)
        fixture.downloadRules.followUpNext()
        #expect(fixture.downloads.records[a1] == nil, "not fetched again by itself")
        #expect(throws: LibraryError.noEpisode("episode \(a1.rawValue) is not downloaded")) { try fixture.downloads.delete([a1]) }
    }

    @Test func newEpisodesAreDownloadedOnlyForPodcastsWithAutoDownloadOn() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        let a = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        _ = try fixture.core.subscribe("beta", CoreFixture.show("beta", count: 1))
        try fixture.core.library.set("auto-download", to: "on", for: a)
        fixture.core.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 2))
        fixture.core.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 2))
        try fixture.core.library.refresh()
        #expect(fixture.downloads.records.values.map(\.episode) == [try fixture.core.episode("alpha-2")])
    }

    @Test func aRestartResumesWhatWasDownloadingAndForgetsCompletedFilesThatAreGone() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let a1 = try fixture.core.episode("alpha-1"), a2 = try fixture.core.episode("alpha-2")
        let requested = fixture.clock.date
        try fixture.store.saveDownload(DownloadRecord(episode: a1, podcast: PodcastID(rawValue: 1), path: "/d/a1.mp3",
                                                      state: .downloading, bytes: 10, requestedAt: requested))
        try fixture.store.saveDownload(DownloadRecord(episode: a2, podcast: PodcastID(rawValue: 1), path: "/d/a2.mp3",
                                                      state: .completed, bytes: 10, requestedAt: requested, completedAt: requested))
        fixture.files.parts["/d/a1.mp3"] = 500
        try fixture.downloads.restore()
        #expect(fixture.transfers.running.map(\.destination.path) == ["/d/a1.mp3"])
        #expect(fixture.downloads.records[a1]?.bytes == 500)
        #expect(fixture.downloads.records[a2] == nil && fixture.store.record(a2) == nil)
    }

    @Test func aDownloadRenamedAsCompleteJustBeforeAStopIsCompletedAtTheNextStartNotFetchedAgain() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let a1 = try fixture.core.episode("alpha-1")
        try fixture.store.saveDownload(DownloadRecord(episode: a1, podcast: PodcastID(rawValue: 1), path: "/d/a1.mp3",
                                                      state: .downloading, bytes: 10, requestedAt: fixture.clock.date))
        fixture.files.sizes["/d/a1.mp3"] = 4000
        try fixture.downloads.restore()
        #expect(fixture.transfers.started.isEmpty)
        #expect(fixture.store.record(a1)?.state == .completed && fixture.store.record(a1)?.bytes == 4000)
        #expect(fixture.downloads.file(for: a1)?.path == "/d/a1.mp3")
    }

    @Test func unsubscribingWithDeleteFilesDeletesThePodcastsFilesOnly() throws {
        let fixture = try DownloadFixture()
        let (a, _) = try Self.queued(fixture)
        fixture.downloadRules.followUpNext()
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        fixture.transfers.succeed(DownloadFixture.audio("beta", 1))
        let betaPath = try #require(fixture.downloads.records[try fixture.core.episode("beta-1")]?.path)
        try fixture.core.session.unsubscribe(a, deletingFiles: true)
        #expect(fixture.files.deleted.allSatisfy { $0.contains("/Alpha/") } && fixture.files.deleted.count == 2,
                "alpha-1's file and alpha-2's part")
        #expect(fixture.files.exists(betaPath))
        #expect(fixture.downloads.records.values.allSatisfy { $0.podcast != a })
    }

    @Test func byHandAnEpisodeWithoutAudioOrNotStoredRefusesTheWholeRequestWhileTheAutomaticRulesSkipIt() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        let alpha = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 3, silent: [2]))
        let a1 = try fixture.core.episode("alpha-1"), silent = try fixture.core.episode("alpha-2")
        var refusal: LibraryError?
        fixture.downloads.request([a1, silent], byHand: true) { refusal = $0 }
        #expect(refusal == .soundURLMissing("“Alpha 2” has no audio to download"))
        fixture.downloads.request([a1, EpisodeID(rawValue: 999)], byHand: true) { refusal = $0 }
        #expect(refusal == .noSuchEpisode(EpisodeID(rawValue: 999)))
        #expect(fixture.downloads.records.isEmpty && fixture.transfers.started.isEmpty)

        try fixture.core.library.set("auto-download", to: "on", for: alpha)
        fixture.downloadRules.found([a1, silent], of: alpha)
        #expect(fixture.downloads.records.keys.sorted() == [a1], "the silent one is skipped")
    }

    @Test func requestsAreTakenInTheOrderAskedForEvenWhileTheEpisodesOfEarlierOnesAreRead() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let a1 = try fixture.core.episode("alpha-1"), a2 = try fixture.core.episode("alpha-2"), a3 = try fixture.core.episode("alpha-3")
        fixture.downloads.request([a3], byHand: true)
        fixture.transfers.fail(DownloadFixture.audio("alpha", 3), .http(status: 404, reason: "Not Found"))
        fixture.core.background.holdingResults = true
        fixture.downloads.request([a2], byHand: true)
        fixture.downloads.request([a3], byHand: true)  // known, but asked for after a2
        fixture.downloads.request([a1], byHand: true)
        #expect(fixture.downloads.records[a2] == nil, "not taken before its episode is read")
        fixture.core.background.deliver()
        let order = fixture.downloads.records.values.sorted { $0.requestedAt < $1.requestedAt }.map(\.episode)
        #expect(order == [a3, a2, a1], "a3 keeps its first request time")
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 2)], "a2 was taken in, and started, first")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 2))
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 3)], "then the older request")
    }

    @Test func aFileThatIsNotItsOwnAtADownloadsPathMakesItTakeTheNextFreeNameWhenItStarts() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        fixture.files.sizes["/data/earshot/episodes/Alpha/Alpha 1.mp3"] = 5  // left by something else
        fixture.downloads.request([try fixture.core.episode("alpha-1")], byHand: true)
        #expect(fixture.transfers.running.map(\.destination.path) == ["/data/earshot/episodes/Alpha/Alpha 1 (2).mp3"])
        #expect(fixture.store.record(try fixture.core.episode("alpha-1"))?.path == "/data/earshot/episodes/Alpha/Alpha 1 (2).mp3")
    }

    @Test func aDownloadThatTakesTheFilesOverTheBudgetTidiesAtOnce() throws {
        let fixture = try DownloadFixture { $0.ahead = 0; $0.budget = 2_500; $0.grace = nil }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let a1 = try fixture.core.episode("alpha-1")
        fixture.downloads.request([a1, try fixture.core.episode("alpha-2")], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 2))
        try fixture.core.store.saveProgress(of: a1, position: 0, completed: true, at: fixture.clock.date)
        #expect(fixture.files.deleted.isEmpty, "2,000 bytes are within the budget")
        fixture.downloads.request([try fixture.core.episode("alpha-3")], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 3))
        #expect(fixture.files.deleted == ["/data/earshot/episodes/Alpha/Alpha 1.mp3"], "the finished one goes")
    }
}
