import Testing
@testable import EarshotPlayback

/// The latest-request-wins bookkeeping on its own.
@Suite("Seek scheduler")
struct SeekSchedulerTests {
    typealias Request = SeekScheduler.Request

    @Test func aRequestWaitsUntilTakenThenIsInFlight() {
        var scheduler = SeekScheduler()
        scheduler.request(Request(position: 10, reportsCompletion: true))
        #expect(scheduler.target == 10)
        #expect(scheduler.takeNext() == Request(position: 10, reportsCompletion: true))
        #expect(scheduler.inFlight?.position == 10)
        #expect(scheduler.takeNext() == nil, "only one seek in flight")
        #expect(scheduler.completeInFlight()?.position == 10)
        #expect(!scheduler.isPending)
    }

    @Test func newerRequestsReplaceTheWaitingOneAndWin() {
        var scheduler = SeekScheduler()
        scheduler.request(Request(position: 1, reportsCompletion: true))
        _ = scheduler.takeNext()
        for position in 2...100 {
            scheduler.request(Request(position: Int64(position), reportsCompletion: true))
        }
        #expect(scheduler.target == 100, "position shows the newest target")
        #expect(scheduler.completeInFlight() == nil, "a newer request waits, so this is not the landing")
        #expect(scheduler.takeNext()?.position == 100)
        #expect(scheduler.completeInFlight()?.position == 100)
    }

    @Test func aReportedSeekReplacedByARateChangeIsStillReported() {
        var scheduler = SeekScheduler()
        scheduler.request(Request(position: 5, reportsCompletion: true))
        _ = scheduler.takeNext()
        scheduler.request(Request(position: 5, reportsCompletion: false))  // a rate change meanwhile
        #expect(scheduler.completeInFlight() == nil)
        #expect(scheduler.takeNext()?.reportsCompletion == true)
    }

    @Test func aRateChangeAloneIsNotReported() {
        var scheduler = SeekScheduler()
        scheduler.request(Request(position: 7, reportsCompletion: false))
        _ = scheduler.takeNext()
        #expect(scheduler.completeInFlight()?.reportsCompletion == false)
    }

    @Test func resetForgetsEverything() {
        var scheduler = SeekScheduler()
        scheduler.request(Request(position: 1, reportsCompletion: true))
        _ = scheduler.takeNext()
        scheduler.request(Request(position: 2, reportsCompletion: true))
        scheduler.reset()
        #expect(!scheduler.isPending)
        #expect(scheduler.target == nil)
    }
}
