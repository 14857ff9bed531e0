import EarshotCore
import EarshotStore
import Testing

@Suite("Up Next: an ordered list where an episode appears once")
struct UpNextTests {
    static func item(_ n: Int64, podcast: Int64 = 1) -> UpNext.Item {
        UpNext.Item(episode: EpisodeID(rawValue: n), podcast: PodcastID(rawValue: podcast))
    }

    @Test func insertingAnEpisodeAlreadyQueuedMovesIt() {
        var list = UpNext([Self.item(1), Self.item(2), Self.item(3)])
        list.insert([Self.item(3)], at: 0)
        #expect(list.episodes.map(\.rawValue) == [3, 1, 2])
        list.insert([Self.item(1), Self.item(4)])
        #expect(list.episodes.map(\.rawValue) == [3, 2, 1, 4])
    }

    @Test func positionsPastTheEndMeanTheEnd() {
        var list = UpNext([Self.item(1), Self.item(2)])
        list.insert([Self.item(5)], at: 99)
        #expect(list.episodes.map(\.rawValue) == [1, 2, 5])
        let moved = list.move(EpisodeID(rawValue: 1), to: 99)
        #expect(moved)
        #expect(list.episodes.map(\.rawValue) == [2, 5, 1])
        let movedMissing = list.move(EpisodeID(rawValue: 7), to: 0)
        #expect(!movedMissing, "not queued")
    }

    @Test func removingAPodcastTakesOnlyItsItems() {
        var list = UpNext([Self.item(1, podcast: 1), Self.item(2, podcast: 2), Self.item(3, podcast: 1)])
        let removed = list.remove(podcast: PodcastID(rawValue: 1))
        #expect(removed)
        #expect(list.episodes.map(\.rawValue) == [2])
        let removedAgain = list.remove(podcast: PodcastID(rawValue: 1))
        #expect(!removedAgain)
    }

    @Test func duplicatesGivenAtOnceAreKeptOnce() {
        let list = UpNext([Self.item(1), Self.item(1), Self.item(2)])
        #expect(list.episodes.map(\.rawValue) == [1, 2])
    }
}

/// Xfce's panel asks for the five most recently played playlists: Up Next needs a played time.
@Suite("Up Next: when it was last played")
struct UpNextPlayedTests {
    @Test func anEpisodeFromUpNextBecomingCurrentIsWhenUpNextWasPlayedAndARestartKeepsIt() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        #expect(f.player.upNextPlayedAt == nil)
        try f.session.play(episode: f.episode("alpha-1"))
        #expect(f.player.upNextPlayedAt == nil, "not from Up Next")
        try f.session.enqueue([f.episode("alpha-2")])
        f.timers.advance(60)
        try f.session.next()
        #expect(f.player.upNextPlayedAt == f.timers.date)
        let restarted = Listening(engine: ScriptedEngine(), store: f.store, background: f.background, library: f.library,
                                  timers: f.timers, events: SessionEvents())
        restarted.restoreLists()
        #expect(restarted.upNextPlayedAt == f.player.upNextPlayedAt)
    }
}
