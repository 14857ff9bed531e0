@testable import EarshotCore
import EarshotPlayback
import EarshotStore
import Foundation
import Testing

/// The engine hands its events over an iteration after they happen, so an end of stream or an error of
/// the episode left can arrive after the next one was chosen. It must not act on the new episode.
@Suite("Player: events of an earlier load are dropped")
struct StaleEngineEventTests {
    @Test func anEndOfEpisodeArrivingJustAsNextIsPressedNeitherFinishesNorSkipsTheNextEpisode() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.post(.endOfStream)  // alpha-1 ended; the loop has not delivered it yet
        try f.player.next()  // the listener pressed Next meanwhile
        f.engine.deliver()
        #expect(f.currentGUID == "alpha-2", "the end of alpha-1 must not skip alpha-2")
        #expect(f.player.status == .playing)
        #expect(try f.store.storedEpisode(f.episode("alpha-2"))?.status.hasCompleted == false)
    }

    @Test func anEndOfEpisodeQueuedBeforeNextWhileStoppedDoesNotFinishTheNewEpisode() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.post(.endOfStream)
        f.player.stop()
        try f.player.next()
        f.engine.deliver()
        #expect(f.currentGUID == "alpha-2")
        #expect(try f.store.storedEpisode(f.episode("alpha-2"))?.status.hasCompleted == false)
    }

    @Test func anErrorOfTheEpisodeLeftDoesNotStopTheNextOne() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.post(.error(PlaybackError(uri: URL(string: "http://alpha.test/1.mp3")!, reason: .hostNotFound, detail: "")))
        try f.player.play(episode: f.episode("alpha-3"))
        var heard: String??
        f.player.whenAudioOpens { heard = .some($0) }
        f.engine.deliver()
        #expect(heard == nil, "nobody is told alpha-3 failed")
        #expect(f.player.canSeek)
        f.engine.emit(.opened)
        #expect(heard == .some(nil))
    }

    @Test func chaptersFoundInTheAudioOfTheEpisodeLeftAreNotGivenToTheNextOne() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.post(.chaptersFound([.init(start: 0, title: "alpha-1's chapter")]))
        try f.player.next()
        f.engine.deliver()
        #expect(f.player.chapters.isEmpty)
    }
}
