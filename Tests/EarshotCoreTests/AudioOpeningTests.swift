@testable import EarshotCore
import EarshotPlayback
import Foundation
import Testing

/// Whether an episode asked for plays: what `earshot play` waits for before it answers.
@Suite("Playing an episode: waiting for its audio to open")
struct AudioOpeningTests {
    /// A fixture playing `guid` of a two-episode show.
    private static func playing(_ guid: String) throws -> CoreFixture {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.player.play(episode: f.episode(guid))
        return f
    }

    @Test func theAnswerComesWhenTheAudioOpens() throws {
        let f = try Self.playing("alpha-1")
        var answers: [String?] = []
        f.player.whenAudioOpens { answers.append($0) }
        #expect(answers.isEmpty, "not before the audio opened")
        f.engine.emit(.opened)
        #expect(answers == [nil])
        f.player.whenAudioOpens { answers.append($0) }
        #expect(answers == [nil, nil], "at once when it is open already")
    }

    @Test func aStreamThatCannotBeReachedIsNamedWithItsCause() throws {
        let f = try Self.playing("alpha-1")
        var answers: [String?] = []
        f.player.whenAudioOpens { answers.append($0) }
        f.engine.stop()
        f.engine.emit(.error(PlaybackError(uri: URL(string: "http://alpha.test/1.mp3")!, reason: .hostNotFound, detail: "")))
        #expect(answers == ["cannot play “Alpha 1”: host not found (it streams from alpha.test and is not downloaded)"])
        #expect(f.timers.waiting == 0, "its timeout is cancelled")
    }

    @Test func aSlowServerIsNotAFailureAndAnotherEpisodeOrAStopEndsTheWait() throws {
        let f = try Self.playing("alpha-1")
        var answers: [String?] = []
        f.player.whenAudioOpens(patience: .seconds(20)) { answers.append($0) }
        f.timers.advance(by: .seconds(19))
        #expect(answers.isEmpty)
        f.timers.advance(by: .seconds(1))
        #expect(answers == [nil])
        f.player.whenAudioOpens { answers.append($0) }
        try f.player.play(episode: f.episode("alpha-2"))
        #expect(answers == [nil, nil])
        f.player.whenAudioOpens { answers.append($0) }
        f.engine.stop()
        f.engine.announceState()
        #expect(answers == [nil, nil, nil], "stopped before it opened")
    }
}
