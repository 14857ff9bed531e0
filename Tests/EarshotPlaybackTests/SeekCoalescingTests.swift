import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// A slider dragged fast: many seeks, one flushing seek at a time, the newest target wins.
@Suite("Seek coalescing")
struct SeekCoalescingTests {
    /// 100 targets spread over the episode, ending somewhere recognisable.
    private static let targets: [Double] = (0..<100).map { (index: Int) -> Double in
        let step = Double((index * 37) % 100) / 100
        return 0.3 + 5.2 * step
    }

    @Test("100 seeks within one second, as a burst", arguments: [false, true])
    func burst(overHTTP: Bool) throws {
        let (url, server) = try source(overHTTP: overHTTP)
        try EngineHarness.run { harness in
            let engine = harness.engine
            let tap = engine.tapOutput()
            guard harness.loadAndPlay(url, untilPast: 0.05) else {
                if overHTTP { return HTTPStall.record("the stream did not start playing within 10 s") }
                Issue.record("the file did not start playing within 10 s")
                return
            }
            let before = tap.flushCount
            let started = Date()
            for target in Self.targets {
                engine.seek(to: .at(target))
                _ = harness.context.iterate(mayBlock: false)  // bus messages arrive meanwhile
            }
            #expect(Date().timeIntervalSince(started) < 1)
            try expectLanding(harness, at: Self.targets.last!, flushesSince: before, on: tap, atMost: 5)
            #expect(harness.recorder.seekCompletions.count == 1, "one completion for the whole burst")
        }
        withExtendedLifetime(server) {}
    }

    @Test("100 seeks over one second, one every 10 ms", arguments: [false, true])
    func paced(overHTTP: Bool) throws {
        let (url, server) = try source(overHTTP: overHTTP)
        try EngineHarness.run { harness in
            let engine = harness.engine
            let tap = engine.tapOutput()
            guard harness.loadAndPlay(url, untilPast: 0.05) else {
                if overHTTP { return HTTPStall.record("the stream did not start playing within 10 s") }
                Issue.record("the file did not start playing within 10 s")
                return
            }
            let before = tap.flushCount
            var maxOutstanding = 0
            for target in Self.targets {
                engine.seek(to: .at(target))
                #expect(engine.position == .at(target), "position shows the newest target")
                harness.spin(0.01)
                maxOutstanding = max(maxOutstanding, engine.pendingOperation == .seek ? 1 : 0)
            }
            #expect(maxOutstanding <= 1)
            // Each request either went out at once (the previous one had landed) or replaced a waiting
            // one; never more flushing seeks than requests.
            try expectLanding(harness, at: Self.targets.last!, flushesSince: before, on: tap, atMost: Self.targets.count)
            // A seek that lands before the next request is reported; one still in flight when the next
            // request arrives is superseded and is not (on a loaded machine that happens now and then).
            let completions = harness.recorder.seekCompletions.count
            #expect(completions >= 1 && completions <= tap.flushCount - before)
        }
        withExtendedLifetime(server) {}
    }

    private func source(overHTTP: Bool) throws -> (URL, FixtureServer?) {
        guard overHTTP else { return (try #require(try AudioFixtures.file(.mp3VBRXing)), nil) }
        let server = try FixtureServer()
        server.serve("/episode.mp3", body: try #require(try AudioFixtures.bytes(.mp3VBRXing)), contentType: "audio/mpeg")
        return (server.url("/episode.mp3"), server)
    }

    /// The storm ends at `target` with a single `seekCompleted`, playback goes on from there, and no more
    /// than `limit` flushing seeks reached the output (`tap`) since it had seen `before`.
    private func expectLanding(_ harness: EngineHarness, at target: Double, flushesSince before: Int, on tap: SinkTap,
                               atMost limit: Int) throws {
        let engine = harness.engine
        #expect(harness.wait { harness.isSettled }, "the last seek never completed")
        harness.spin(0.05)  // events are delivered on the next iterations
        let landed = try #require(harness.recorder.seekCompletions.last)
        #expect(abs(landed.testSeconds - target) < 1.0 / 44_100)
        harness.spin(0.2)
        let flushes = tap.flushCount - before
        #expect(flushes <= limit, "\(flushes) flushing seeks for \(Self.targets.count) requests")
        #expect(engine.state == .playing)
        #expect(!engine.seeks.isPending && engine.pendingOperation == nil, "nothing stuck")
        let position = try #require(engine.position).testSeconds
        #expect(position > target + 0.1 && position < target + 0.4, "playing on from the last target: \(position)")
    }
}
