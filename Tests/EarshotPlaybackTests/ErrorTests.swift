import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// Each failure gives exactly one error event naming the URI and the cause (and no `opened`), and leaves the
/// engine usable.
@Suite("Errors")
struct ErrorTests {
    @Test func notFoundOverHTTP() throws {
        let server = try FixtureServer()
        let url = server.url("/missing.mp3")
        try expectOneError(for: url, server: server) { error in
            #expect(error.reason == .notFound)
        }
    }

    @Test func anHTMLPageServedAsAudio() throws {
        let server = try FixtureServer()
        let page = Array("<!DOCTYPE html><html><head><title>Moved</title></head><body><p>This episode has moved.</p></body></html>\n".utf8)
        server.serve("/episode.mp3", body: page, contentType: "audio/mpeg")
        try expectOneError(for: server.url("/episode.mp3"), server: server) { error in
            #expect(error.reason == .unsupportedFormat("text/html"))
        }
    }

    @Test func connectionRefused() throws {
        let url = FixtureServer.closedPortURL("/episode.mp3")
        try expectOneError(for: url, server: nil) { error in
            #expect(error.reason == .connectionRefused)
        }
    }

    @Test func serverError() throws {
        let server = try FixtureServer()
        server.route("/episode.mp3") { _ in .status(503) }
        try expectOneError(for: server.url("/episode.mp3"), server: server) { error in
            #expect(error.reason == .httpStatus(503))
        }
    }

    @Test func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/earshot/episode.mp3")
        try expectOneError(for: url, server: nil) { error in
            #expect(error.reason == .notFound)
        }
    }

    @Test func garbageThatIsNotAudio() throws {
        let server = try FixtureServer()
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        server.serve("/episode.mp3", body: noise, contentType: "audio/mpeg")
        try expectOneError(for: server.url("/episode.mp3"), server: server) { error in
            if case .unsupportedFormat = error.reason {} else { Issue.record("reason \(error.reason)") }
        }
    }

    @Test func redirectsAreFollowed() throws {
        let server = try FixtureServer()
        server.serve("/real.ogg", body: try #require(try AudioFixtures.bytes(.vorbis)), contentType: "audio/ogg")
        server.route("/feed/episode.ogg") { _ in .redirect(status: 302, to: "/real.ogg") }
        try EngineHarness.run { harness in
            harness.engine.load(uri: server.url("/feed/episode.ogg"))
            harness.engine.play()
            #expect(harness.wait { (harness.engine.position?.testSeconds ?? 0) > 0.2 })
            #expect(harness.recorder.errors.isEmpty)
        }
    }

    /// Loads and plays `url`, expects exactly one error (checked by `check`) and the stopped state, then
    /// plays a good episode with the same engine.
    private func expectOneError(for url: URL, server: FixtureServer?, _ check: (PlaybackError) -> Void) throws {
        let good = try #require(try AudioFixtures.file(.mp3CBR))
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url)
            engine.play()
            #expect(harness.wait { !harness.recorder.errors.isEmpty })
            harness.spin(0.3)  // any follow-up errors would arrive now
            let errors = harness.recorder.errors
            #expect(errors.count == 1, "\(errors)")
            let error = try #require(errors.first)
            #expect(error.uri == url)
            #expect(error.description.contains(url.absoluteString), "\(error)")
            check(error)
            #expect(engine.state == .stopped)
            #expect(harness.recorder.states.last == .stopped)
            #expect(!harness.recorder.events.contains(.opened), "a load that fails never reports its audio opened")

            engine.load(uri: good)
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.2 }, "the engine is usable after the error")
            #expect(harness.recorder.errors.count == 1)
            #expect(harness.recorder.events.filter { $0 == .opened }.count == 1, "the good episode's audio opened, once")
            #expect(engine.state == .playing)
        }
        withExtendedLifetime(server) {}
    }
}
