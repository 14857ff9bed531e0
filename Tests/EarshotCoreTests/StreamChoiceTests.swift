@testable import EarshotCore
import EarshotFeed
import EarshotPlayback
import EarshotStore
import Foundation
import Testing

/// An episode that is not downloaded streams from the listener's preferred format first, a lower bitrate
/// on a metered connection, and falls over to its next source when one fails to start.
@Suite("Streaming: the preferred source, a lower bitrate when metered, the next source on failure")
struct StreamChoiceTests {
    static let sound = URL(string: "https://cdn.example/ep.mp3")!
    static let alternates = [
        AlternateEnclosure(type: "audio/opus", bitrate: 128_000, sources: [URL(string: "https://cdn.example/ep-128.opus")!]),
        AlternateEnclosure(type: "audio/opus", bitrate: 32_000, sources: [URL(string: "https://cdn.example/ep-32.opus")!,
                                                                          URL(string: "https://mirror.example/ep-32.opus")!]),
        AlternateEnclosure(type: "audio/aac", sources: [URL(string: "https://cdn.example/ep.m4a")!]),
    ]

    private static func names(_ urls: [URL]) -> [String] { urls.map { $0.host! + $0.path } }

    @Test func withoutAPreferenceTheEnclosureStreamsAndWithOneItsSourcesComeFirstInTheFeedsOrder() {
        #expect(StreamChoice.sources(sound: Self.sound, type: "audio/mpeg", alternates: Self.alternates, formats: [], metered: false) == [Self.sound])
        let opus = StreamChoice.sources(sound: Self.sound, type: "audio/mpeg", alternates: Self.alternates, formats: ["opus"], metered: false)
        #expect(Self.names(opus) == ["cdn.example/ep-128.opus", "cdn.example/ep-32.opus", "mirror.example/ep-32.opus", "cdn.example/ep.mp3"])
    }

    @Test func onAMeteredConnectionTheLowerBitrateComesFirst() {
        let opus = StreamChoice.sources(sound: Self.sound, type: "audio/mpeg", alternates: Self.alternates, formats: ["opus"], metered: true)
        #expect(Self.names(opus) == ["cdn.example/ep-32.opus", "mirror.example/ep-32.opus", "cdn.example/ep-128.opus", "cdn.example/ep.mp3"])
        let any = StreamChoice.sources(sound: Self.sound, type: "audio/mpeg", alternates: Self.alternates, formats: [], metered: true)
        #expect(Self.names(any) == ["cdn.example/ep-32.opus", "mirror.example/ep-32.opus", "cdn.example/ep-128.opus", "cdn.example/ep.mp3"],
                "sources of a known bitrate, lowest first, before the enclosure whose bitrate is not said")
    }

    @Test func aSourceThatFailsToStartGivesWayToTheNextFromTheSamePlaceAndTheLastFailureIsReported() throws {
        let b = try PlayheadTests.Bench()
        try b.f.library.set(AudioChoice.key, to: "opus", for: nil)
        var stored = try #require(try b.f.store.storedEpisode(b.f.episode("alpha-2")))
        stored.episode.podcast.alternateEnclosures = [
            AlternateEnclosure(type: "audio/opus", sources: [URL(string: "http://alpha.test/2.opus")!, URL(string: "http://mirror.test/2.opus")!])]
        stored.status.lastListenTime = 40
        b.playhead.becomeCurrent(stored)
        var problem: String??
        b.playhead.opening.wait(patience: .seconds(30)) { problem = $0 }
        b.playhead.load(play: true, introEnd: 0)
        #expect(b.engine.loads.map(\.0.absoluteString) == ["http://alpha.test/2.opus"])
        b.engine.emit(.error(PlaybackError(uri: URL(string: "http://alpha.test/2.opus")!, reason: .hostNotFound, detail: "")))
        #expect(b.engine.loads.map(\.0.absoluteString) == ["http://alpha.test/2.opus", "http://mirror.test/2.opus"])
        #expect(b.engine.loads.last?.1 == .seconds(40), "from the same place")
        #expect(problem == nil, "nobody hears of a failure while another source is tried")
        b.engine.emit(.error(PlaybackError(uri: URL(string: "http://mirror.test/2.opus")!, reason: .hostNotFound, detail: "")))
        #expect(b.engine.loads.map(\.0.absoluteString).last == "http://alpha.test/2.mp3", "then the enclosure")
        b.engine.emit(.error(PlaybackError(uri: URL(string: "http://alpha.test/2.mp3")!, reason: .hostNotFound, detail: "")))
        #expect(b.engine.loads.count == 3 && (problem ?? nil)?.contains("cannot play") == true, "the last one's failure is told")
    }
}
