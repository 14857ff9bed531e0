import EarshotSync
import Foundation
import Testing

/// When a failing server is asked again by itself: a minute, doubling to an hour; a Retry-After
/// honoured when longer; a refused password not at all until asked.
@Suite("Sync: backing off a failing server")
struct SyncBackoffTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [(1, 60.0), (2, 120), (3, 240), (6, 1_920), (7, 3_600), (40, 3_600)])
    func theWaitDoublesFromAMinuteToAnHour(failures: Int, wait: TimeInterval) {
        #expect(SyncBackoff.wait(afterFailures: failures) == wait)
    }

    @Test func anUnreachableServerWaitsLongerAfterEachFailureAndASyncThatWentThroughEndsTheWaiting() {
        var backoff = SyncBackoff()
        #expect(backoff.allows(at: now))
        backoff.failed(.unreachable("down"), at: now)
        #expect(!backoff.allows(at: now.addingTimeInterval(59)) && backoff.allows(at: now.addingTimeInterval(60)))
        backoff.failed(.server("answered 500"), at: now)
        #expect(backoff.until == now.addingTimeInterval(120))
        backoff.succeeded()
        #expect(backoff.allows(at: now) && backoff.until == nil && backoff.failures == 0)
    }

    @Test func aRefusedPasswordIsNeverTriedAgainByItself() {
        var backoff = SyncBackoff()
        backoff.failed(.unauthorized("refused"), at: now)
        #expect(backoff.refused && !backoff.allows(at: now.addingTimeInterval(86_400 * 365)))
    }

    @Test(arguments: [(30.0, 60.0), (600, 600), (10_000_000, 86_400), (nil, 60)] as [(TimeInterval?, TimeInterval)])
    func aRetryAfterIsHonouredWhenLongerUpToADay(asked: TimeInterval?, wait: TimeInterval) {
        var backoff = SyncBackoff()
        backoff.failed(.busy("answered 503", retryAfter: asked), at: now)
        #expect(backoff.until == now.addingTimeInterval(wait))
    }

    @Test func aRetryAfterIsReadAsSecondsOrAnHTTPDate() {
        #expect(SyncBackoff.retryAfter("120", now: now) == 120)
        #expect(SyncBackoff.retryAfter(" -5 ", now: now) == 0)
        let later = now.addingTimeInterval(3_600)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(SyncBackoff.retryAfter(format.string(from: later), now: now) == 3_600)
        #expect(SyncBackoff.retryAfter("soon", now: now) == nil)
    }

    @Test(arguments: [(100.0, 100.0), (1_800_000_299, 1_800_000_299), (1_800_000_301, 1_800_000_300), (253_402_300_799, 1_800_000_300)])
    func aReceivedTimeIsAtMostNowAndFiveMinutesOfClockSkew(received: TimeInterval, taken: TimeInterval) {
        #expect(SyncRules.clamped(Date(timeIntervalSince1970: received), now: now) == Date(timeIntervalSince1970: taken))
    }
}
