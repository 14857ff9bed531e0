@testable import EarshotCore
import EarshotPlayback
import EarshotStore
import Foundation
import Testing

/// The playhead on its own, over the in-memory store, a scripted engine and a hand-moved clock: no
/// queue, no comforts, no session rules.
@Suite("Playhead: loads, stale events, progress saves and the wait for audio")
struct PlayheadTests {
    /// A playhead over a fixture's store and library (with a show of three episodes), its own engine and
    /// events, and what it published.
    final class Bench {
        let f: CoreFixture
        let engine = ScriptedEngine()
        let events = SessionEvents()
        let playhead: Playhead
        var heard: [PlayheadEvent] = []
        var saved: [(EpisodeID, Double)] = []

        init(localFile: URL? = nil) throws {
            f = try CoreFixture()
            try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
            engine.clock = f.timers
            playhead = Playhead(engine: engine, store: f.store, background: f.background, library: f.library, timers: f.timers,
                                events: events, localFile: { _ in localFile })
            playhead.subscribe { [unowned self] in
                heard.append($0)
                return false
            }
            events.subscribe { [unowned self] in
                if case .progressSaved(let episode, let status) = $0 { saved.append((episode, status.lastListenTime)) }
            }
        }

        /// Makes `guid` current, with its place at `at` seconds.
        func current(_ guid: String, at place: Double = 0) throws {
            var stored = try #require(try f.store.storedEpisode(f.episode(guid)))
            stored.status.lastListenTime = place
            playhead.becomeCurrent(stored)
        }

        var ended: Int { heard.filter { if case .ended = $0 { true } else { false } }.count }
        var jumps: Int { heard.filter { if case .jumped = $0 { true } else { false } }.count }
    }

    @Test func anEpisodeLoadsWhereItWasLeftAndFromTheStartAfterTheIntro() throws {
        let b = try Bench()
        try b.current("alpha-1", at: 100)
        b.playhead.load(play: false, introEnd: 12)
        #expect(b.engine.loads.last?.1 == .seconds(100), "a place kept is resumed, the intro is not skipped")
        try b.current("alpha-2")
        b.playhead.load(play: true, introEnd: 12)
        #expect(b.engine.loads.last?.1 == .seconds(12), "from the start: after the intro")
        #expect(b.engine.loads.last?.0 == URL(string: "http://alpha.test/2.mp3"))
        #expect(b.playhead.status == .playing)
        #expect(b.jumps == 2, "each load is a jump the comforts follow")
    }

    @Test func aDownloadedFilePlaysInsteadOfTheStream() throws {
        let file = URL(fileURLWithPath: "/data/earshot/episodes/Alpha/Alpha 1.mp3")
        let b = try Bench(localFile: file)
        try b.current("alpha-1")
        b.playhead.load(play: false, introEnd: 0)
        #expect(b.engine.loads.last?.0 == file)
    }

    @Test func anEndOfStreamOfAnEarlierLoadIsDropped() throws {
        let b = try Bench()
        try b.current("alpha-1")
        b.playhead.load(play: true, introEnd: 0)
        b.engine.post(.endOfStream)
        try b.current("alpha-2")
        b.playhead.load(play: true, introEnd: 0)
        b.engine.deliver()
        #expect(b.ended == 0, "the end of the episode left does not end the new one")
        b.engine.finish()
        #expect(b.ended == 1)
    }

    @Test func progressIsSavedEveryFiveSecondsWhilePlayingAndOnPause() throws {
        let b = try Bench()
        try b.current("alpha-1")
        b.playhead.load(play: true, introEnd: 0)
        b.engine.announceState()
        b.f.timers.advance(12)
        #expect(b.saved.map(\.1) == [5, 10])
        b.playhead.pause()
        b.engine.announceState()
        #expect(b.saved.map(\.1) == [5, 10, 12])
        b.f.timers.advance(20)
        #expect(b.saved.count == 3, "no saves while paused")
        #expect(try b.f.store.storedEpisode(b.f.episode("alpha-1"))?.status.lastListenTime == 12)
    }

    @Test func aSeekIsSavedAtOnceAndIsAJump() throws {
        let b = try Bench()
        try b.current("alpha-1")
        b.playhead.load(play: false, introEnd: 0)
        b.heard = []
        b.playhead.seek(to: .seconds(300))
        #expect(b.saved.map(\.1) == [300])
        #expect(b.jumps == 1)
        #expect(b.playhead.position == .seconds(300))
    }

    @Test func theWaitForAudioEndsWhenItOpensFailsOrAnotherEpisodeBecomesCurrent() throws {
        let b = try Bench()
        try b.current("alpha-1")
        var answers: [String?] = []
        b.playhead.whenAudioOpens { answers.append($0) }
        #expect(answers == [nil], "nothing loading: at once")
        b.playhead.load(play: true, introEnd: 0)
        b.playhead.whenAudioOpens { answers.append($0) }
        b.engine.emit(.opened)
        #expect(answers == [nil, nil])
        b.playhead.load(play: true, introEnd: 0)
        b.playhead.whenAudioOpens { answers.append($0) }
        try b.current("alpha-2")
        #expect(answers == [nil, nil, nil], "another episode ends the wait")
    }
}
