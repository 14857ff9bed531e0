import Foundation
import Testing
@testable import earshot

@Suite("Durations, instants and the progress bar")
struct TimeAndProgressTests {
    @Test func positionsAndLengthsReadAsAClock() {
        #expect(TimeText.clock(723) == "12:03")
        #expect(TimeText.clock(3500) == "58:20")
        #expect(TimeText.clock(3723.9) == "1:02:03")
        #expect(TimeText.clock(0) == "0:00")
        #expect(TimeText.clock(nil) == "?")
        #expect(TimeText.clock(.nan) == "?")
    }

    @Test func estimatesAreRough() {
        #expect(TimeText.approximate(40) == "40 s")
        #expect(TimeText.approximate(150) == "3 min")
        #expect(TimeText.approximate(3900) == "1 h 5 min")
        #expect(TimeText.approximate(7200) == "2 h")
    }

    @Test func lastCheckedReadsAsHowLongAgo() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let utc = TimeZone(identifier: "UTC")!
        #expect(TimeText.ago(now.addingTimeInterval(-20), now: now) == "just now")
        #expect(TimeText.ago(now.addingTimeInterval(-600), now: now) == "10 min ago")
        #expect(TimeText.ago(now.addingTimeInterval(-7200), now: now) == "2 h ago")
        #expect(TimeText.ago(now.addingTimeInterval(-100_000), now: now) == "yesterday")
        #expect(TimeText.ago(now.addingTimeInterval(-5 * 86_400), now: now) == "5 days ago")
        #expect(TimeText.ago(now.addingTimeInterval(-90 * 86_400), now: now, timeZone: utc) == "2023-08-16")
    }

    @Test func theBarShowsDoneOfTotalTheEstimateAndTheItem() {
        let line = ProgressBar.render(label: "Importing", done: 10, total: 40, remaining: 130, item: "https://example.com/feed.xml", width: 100)
        #expect(line == "Importing [=====>              ] 10/40  ~2 min left  https://example.com/feed.xml")
        let done = ProgressBar.render(label: "Importing", done: 40, total: 40, remaining: nil, item: "", width: 100)
        #expect(done == "Importing [====================] 40/40")
    }

    @Test func theBarNeverWrapsANarrowTerminal() {
        for width in [10, 30, 45, 60] {
            let line = ProgressBar.render(label: "Refreshing", done: 3, total: 7, remaining: 20, item: "https://example.com/a/very/long/feed/address.xml", width: width)
            #expect(line.displayWidth <= width - 1, "\(width): \(line)")
        }
    }

    @Test func redrawsAreRateLimitedButTheFirstAndLastAlwaysShow() {
        var throttle = ProgressThrottle(interval: 0.1)
        let drawn = [(0, false), (0.05, false), (0.06, true), (0.1, false), (0.2, false)].map {
            throttle.shouldDraw(at: $0.0, final: $0.1)
        }
        #expect(drawn == [true, false, true, false, true])
    }

    @Test func theEstimateComesFromThePaceSoFar() {
        #expect(ProgressEstimate.remaining(elapsed: 10, done: 5, total: 20) == 30)
        #expect(ProgressEstimate.remaining(elapsed: 10, done: 0, total: 20) == nil)
        #expect(ProgressEstimate.remaining(elapsed: 0.5, done: 2, total: 20) == nil)
        #expect(ProgressEstimate.remaining(elapsed: 10, done: 20, total: 20) == nil)
    }
}
