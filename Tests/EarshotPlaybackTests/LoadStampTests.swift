import Foundation
import Testing
@testable import EarshotPlayback

/// Every event names the load it belongs to, so the owner can drop what a previous episode left queued.
@Suite("Load stamps on engine events")
struct LoadStampTests {
    @Test func eachLoadGetsANewStampAndItsEventsCarryIt() throws {
        let url = try #require(try AudioFixtures.file(.wav))
        try EngineHarness.run { harness in
            let first = harness.engine.load(uri: url)
            #expect(harness.engine.currentLoad == first)
            #expect(harness.wait { harness.recorder.events.contains(.opened) })
            let second = harness.engine.load(uri: url, startAt: .at(1))
            #expect(second > first)
            #expect(harness.waitUntilLoaded())
            #expect(harness.wait { harness.recorder.events.filter { $0 == .opened }.count == 2 && !harness.recorder.seekCompletions.isEmpty })
            let opened = zip(harness.recorder.events, harness.recorder.loads).filter { $0.0 == .opened }.map(\.1)
            #expect(opened == [first, second])
            let landed = zip(harness.recorder.events, harness.recorder.loads).compactMap { event, load in
                if case .seekCompleted = event { load } else { nil }
            }
            #expect(landed == [second], "the resume seek belongs to the second load")
        }
    }

    @Test func anErrorQueuedBeforeTheNextLoadCarriesTheStampOfTheLoadThatFailed() throws {
        try EngineHarness.run { harness in
            let missing = harness.engine.load(uri: URL(fileURLWithPath: "/nonexistent/earshot-\(UUID()).mp3"))
            #expect(harness.wait { !harness.recorder.errors.isEmpty })
            let url = try #require(try AudioFixtures.file(.wav))
            let good = harness.engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            let errorLoads = zip(harness.recorder.events, harness.recorder.loads).compactMap { event, load in
                if case .error = event { load } else { nil }
            }
            #expect(errorLoads == [missing])
            #expect(good != missing)
        }
    }
}
