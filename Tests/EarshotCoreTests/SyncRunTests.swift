@testable import EarshotCore
import EarshotStore
import EarshotSync
import Foundation
import Testing

/// When a sync runs, and who hears how it ended: a request made while a sync is still logging in is
/// served by that sync; one made after it began reading gets a sync of its own after it.
@Suite("Sync: who a running sync serves")
struct SyncRunTests {
    private let account = SyncAccount(server: URL(string: "https://sync.example")!, user: "me", dialect: .gpodder, device: "desk")

    private func started() throws -> (CoreFixture, ScriptedSyncServer, Sync) {
        let fixture = try CoreFixture()
        let server = ScriptedSyncServer()
        fixture.session.startSync(account, server: server, store: EmptySyncStore())
        return (fixture, server, try #require(fixture.session.sync))
    }

    @Test func aSyncAskedForWhileTheRunningOneLogsInJoinsIt() throws {
        let (fixture, server, sync) = try started()
        defer { withExtendedLifetime(fixture) {} }
        var heard: [SyncFailure?] = []
        sync.run { heard.append($0) }
        #expect(server.requests == ["start"])
        server.answerAll()
        #expect(heard.count == 1 && heard[0] == nil)
        #expect(server.requests == ["start", "subscriptions", "actions"], "one sync, not a second one after it")
        #expect(!sync.status.running)
    }

    @Test func aSyncAskedForOnceTheRunningOneReadsTheServerGetsOneOfItsOwnAfterIt() throws {
        let (fixture, server, sync) = try started()
        defer { withExtendedLifetime(fixture) {} }
        server.answer()  // logged in: the sync now reads the outbox and asks for the subscriptions
        #expect(server.requests == ["start", "subscriptions"])
        var heard: [SyncFailure?] = []
        sync.run { heard.append($0) }
        server.answer()
        server.answer()  // the first sync ends
        #expect(heard.isEmpty, "the first sync may not see what was wanted")
        server.answerAll()
        #expect(heard.count == 1 && heard[0] == nil)
        #expect(server.requests == ["start", "subscriptions", "actions", "start", "subscriptions", "actions"])
    }

    @Test func aRefusedPasswordIsNotTriedAgainByChangesOrRefreshesButSyncNowTriesIt() throws {
        let (fixture, server, sync) = try started()
        defer { withExtendedLifetime(fixture) {} }
        server.startFailure = .unauthorized("sync.example refused the user name or password of me")
        server.answerAll()
        #expect(sync.status.lastFailure != nil)
        sync.run()  // a change here or a refresh, an hour later
        fixture.timers.advance(3_600)
        sync.run()
        #expect(server.requests == ["start"], "the server's brute-force lock is not fed")
        sync.run { _ in }  // earshot sync now
        #expect(server.requests == ["start", "start"])
    }

    @Test func anUnreachableServerIsAskedAgainAfterAMinuteThenLaterEachTime() throws {
        let (fixture, server, sync) = try started()
        defer { withExtendedLifetime(fixture) {} }
        server.startFailure = .unreachable("sync.example: connection refused")
        server.answerAll()
        sync.run()
        #expect(server.requests == ["start"], "not again at once")
        fixture.timers.advance(61)
        #expect(server.requests == ["start", "start"], "tried again after a minute by itself")
        server.answerAll()
        fixture.timers.advance(61)
        sync.run()
        #expect(server.requests == ["start", "start"], "the second wait is longer than the first")
        fixture.timers.advance(60)
        #expect(server.requests == ["start", "start", "start"])
    }

    @Test func actionsWaitingForEpisodesNotHereAreNotMatchedAgainAtEveryPauseButWhenTheLibraryGainsEpisodes() throws {
        let fixture = try CoreFixture()
        defer { withExtendedLifetime(fixture) {} }
        let server = ScriptedSyncServer(), store = WaitingSyncStore()
        fixture.session.startSync(account, server: server, store: store)
        server.answerAll()
        let sync = try #require(fixture.session.sync)
        #expect(sync.status.waiting == 5)
        let matched = store.rematches
        let now = fixture.timers.date
        for id in 1...3 {
            let stretch = ListeningRecord(id: Int64(id), episode: EpisodeID(rawValue: 1), podcast: nil, episodeTitle: nil, podcastTitle: nil,
                                          device: "desk", startedAt: now, endedAt: now, startPosition: 0, endPosition: 10, span: 10)
            fixture.session.events.publish(.listened(stretch))
        }
        #expect(store.rematches == matched, "a pause does not read and match all that waits")
        fixture.session.events.publish(.newEpisodes([EpisodeID(rawValue: 2)], of: PodcastID(rawValue: 1)))
        fixture.session.events.publish(.refreshFinished([]))
        server.answerAll()
        #expect(store.rematches == matched + 1, "the sync after a refresh that stored episodes matches them")
        fixture.session.events.publish(.refreshFinished([]))
        server.answerAll()
        #expect(store.rematches == matched + 1, "one that stored none does not")
    }
}
