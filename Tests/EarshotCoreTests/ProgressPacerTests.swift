import EarshotCore
import Testing

/// Progress signals of a long refresh: the first, every failure and the last, and otherwise at most ten a
/// second, so 2,000 quick feeds do not wake every client on the bus 2,000 times.
@Suite("Progress pacing")
struct ProgressPacerTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func quickFeedsAreReportedAtMostOnceAnIntervalButTheFirstAndLastAlways() {
        var pacer = ProgressPacer(interval: .milliseconds(100))
        let reported = (1...1_000).filter { done in
            pacer.shouldReport(done: done, of: 1_000, failed: false, at: at(done / 4))  // 4 feeds a millisecond
        }
        #expect(reported.first == 1 && reported.last == 1_000)
        #expect(reported.count == 4, "at 0, 100, 200 ms and the last: \(reported)")
    }

    @Test func everyFailureIsReportedHoweverQuickly() {
        var pacer = ProgressPacer(interval: .milliseconds(100))
        let reported = [(0, false), (1, true), (1, true), (50, false), (101, false)].map { milliseconds, failed in
            pacer.shouldReport(done: 1, of: 10, failed: failed, at: at(milliseconds))
        }
        #expect(reported == [true, true, true, false, true], "a failure counts as the latest report")
    }

    @Test func slowFeedsAreEachReported() {
        var pacer = ProgressPacer(interval: .milliseconds(100))
        #expect((1...5).allSatisfy { pacer.shouldReport(done: $0, of: 5, failed: false, at: at($0 * 150)) })
    }
}
