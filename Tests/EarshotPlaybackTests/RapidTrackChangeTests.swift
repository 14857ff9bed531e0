import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// Thousands of track changes and stops over HTTP, back to back, as pipelined MPRIS Next/Previous calls
/// produce them: the engine survives (souphttpsrc with libsoup 3 crashes when a request is cancelled as
/// its response arrives, see `ResponseGuard`), and at the end it is consistent and plays the last episode.
@Suite("Rapid track changes over HTTP", .serialized)
struct RapidTrackChangeTests {
    /// Four MP3 episodes of different lengths (so the duration tells which one plays), served over HTTP.
    private static let lengths = [1.2, 1.6, 2.0, 2.4]

    private static func episodes() throws -> [[UInt8]] {
        try lengths.enumerated().map { index, seconds in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-rapid-\(getpid())-\(index).mp3")
            defer { try? FileManager.default.removeItem(at: file) }
            let buffers = Int(seconds * 100)  // 441 samples each at 44.1 kHz
            try GStreamerTestSupport.run("audiotestsrc freq=\(300 + 100 * index) samplesperbuffer=441 num-buffers=\(buffers) ! audio/x-raw,rate=44100,channels=1 ! lamemp3enc target=bitrate bitrate=64 cbr=true ! xingmux ! filesink location=\"\(file.path)\"")
            return [UInt8](try Data(contentsOf: file))
        }
    }

    private func withServedEpisodes(_ body: (EngineHarness, [URL]) throws -> Void) throws {
        let server = try FixtureServer()
        let urls = try Self.episodes().enumerated().map { index, bytes in
            server.serve("/episode\(index).mp3", body: bytes, contentType: "audio/mpeg")
            return server.url("/episode\(index).mp3")
        }
        try EngineHarness.run { harness in try body(harness, urls) }
        withExtendedLifetime(server) {}
    }

    /// After the storm: the engine holds the last episode paused at 0, then plays exactly that one.
    private func expectPlaysLastLoaded(_ harness: EngineHarness, _ url: URL, length: Double) {
        let engine = harness.engine
        #expect(engine.uri == url)
        #expect(engine.state == .paused)
        #expect(engine.position == .zero)
        #expect(harness.waitUntilLoaded(), "the last episode never loaded")
        engine.play()
        #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.3 }, "the last episode does not play")
        #expect(engine.state == .playing)
        #expect(abs((engine.duration?.testSeconds ?? 0) - length) < 0.1, "duration \(String(describing: engine.duration)) is not the last episode's \(length) s")
        #expect(harness.recorder.errors.isEmpty, "\(harness.recorder.errors)")
    }

    @Test func thousandsOfLoadsOfDifferentEpisodesBackToBackLeaveTheLastOnePlaying() throws {
        try withServedEpisodes { harness, urls in
            let loads = 2_000
            for index in 0..<loads {
                harness.engine.load(uri: urls[index % urls.count])
                if index.isMultiple(of: 3) { harness.engine.play() }
                // The daemon handles each D-Bus call in its own loop iteration: bus messages get through
                // between the calls, so requests really are in flight when the next load arrives.
                _ = harness.context.iterate(mayBlock: false)
            }
            let last = (loads - 1) % urls.count
            harness.engine.pause()
            expectPlaysLastLoaded(harness, urls[last], length: Self.lengths[last])
        }
    }

    @Test func loadingAndStoppingAtOnceThousandsOfTimesLeavesAWorkingEngine() throws {
        try withServedEpisodes { harness, urls in
            let engine = harness.engine
            for index in 0..<2_000 {
                engine.load(uri: urls[index % urls.count])
                if index.isMultiple(of: 2) { engine.play() }
                _ = harness.context.iterate(mayBlock: false)
                engine.stop()
                #expect(engine.state == .stopped)
                if index.isMultiple(of: 5) { _ = harness.context.iterate(mayBlock: false) }
            }
            #expect(engine.position == nil)
            engine.load(uri: urls[1])
            expectPlaysLastLoaded(harness, urls[1], length: Self.lengths[1])
        }
    }

    @Test func playAfterAStopThatWaitsForAResponseStartsTheEpisodeAgain() throws {
        try withServedEpisodes { harness, urls in
            let engine = harness.engine
            engine.load(uri: urls[2])
            engine.play()
            _ = harness.context.iterate(mayBlock: false)
            engine.stop()
            engine.play()
            #expect(engine.state == .playing)
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.3 })
            #expect(abs((engine.duration?.testSeconds ?? 0) - Self.lengths[2]) < 0.1)
            #expect(harness.recorder.errors.isEmpty)
        }
    }
}
