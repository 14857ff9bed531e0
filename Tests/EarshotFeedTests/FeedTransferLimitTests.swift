import EarshotFeed
import EarshotTestSupport
import Foundation
import Testing

/// Issue 13, items 2 and 3 for feeds: a redirect may not lead from http(s) to a local file, and a server
/// dripping bytes cannot hold a fetch for longer than its deadline or below its minimum rate.
@Suite("Feed transfers: refused redirects, deadline and minimum rate")
final class FeedTransferLimitTests {
    let server: FixtureServer
    let root: URL

    init() throws {
        server = try FixtureServer()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-feed-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @Test(arguments: [301, 302])
    func aRedirectFromHTTPToALocalFileIsRefusedAndNothingIsRead(status: Int) throws {
        let local = root.appendingPathComponent("secret.xml")
        try Data(try Fixture.bytes("full-itunes.xml")).write(to: local)
        server.route("/feed.xml") { _ in .redirect(status: status, to: local.absoluteString) }
        let error = try LoaderHarness.error(server.url("/feed.xml"))
        #expect(error == .transfer(.redirectRefused(from: server.url("/feed.xml").absoluteString, to: local.absoluteString)))
        #expect(error.description.contains("may only lead to http or https"))
    }

    @Test func aRedirectToAFIFOEndsAtOnceInsteadOfHanging() throws {
        let fifo = root.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        server.route("/feed.xml") { _ in .redirect(status: 302, to: fifo.absoluteString) }
        let started = Date()
        let result = LoaderHarness.fetch(server.url("/feed.xml"))
        guard case .failure(.transfer(.redirectRefused))? = result else {
            Issue.record("expected a refused redirect, got \(String(describing: result))")
            return
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aServerDrippingOneByteAtATimeFailsTheMinimumRate() throws {
        server.route("/feed.xml") { _ in
            .paced(try! Fixture.bytes("full-itunes.xml"), contentType: "application/rss+xml", bytesPerTick: 1,
                   intervalMilliseconds: 50)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 60, minimumBytesPerSecond: 1000, rateWindowSeconds: 0.5)
        let started = Date()
        let error = try LoaderHarness.error(server.url("/feed.xml"), limits: limits)
        #expect(error == .transfer(.tooSlow(minimumBytesPerSecond: 1000, windowSeconds: 0.5)))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(error.description == "could not fetch the feed: the server sent less than 1000 bytes per second over 0.5 s")
    }

    @Test func aServerFastEnoughForTheRateButTooSlowOverallMeetsTheDeadline() throws {
        let body = [UInt8](repeating: 0x20, count: 100_000)
        server.route("/feed.xml") { _ in
            .paced(body, contentType: "application/rss+xml", bytesPerTick: 500, intervalMilliseconds: 50)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 1, minimumBytesPerSecond: 100, rateWindowSeconds: 0.5)
        let started = Date()
        let error = try LoaderHarness.error(server.url("/feed.xml"), limits: limits)
        #expect(error == .transfer(.deadlineExceeded(seconds: 1)))
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func aPacedFeedWithinTheLimitsLoads() throws {
        server.route("/feed.xml") { _ in
            .paced(try! Fixture.bytes("full-itunes.xml"), contentType: "application/rss+xml", bytesPerTick: 2048,
                   intervalMilliseconds: 20)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 20, minimumBytesPerSecond: 1000, rateWindowSeconds: 0.5)
        let result = LoaderHarness.fetch(server.url("/feed.xml"), limits: limits)
        guard case .success(.fetched(let fetched))? = result else {
            Issue.record("expected the feed, got \(String(describing: result))")
            return
        }
        #expect(fetched.feed.channel.episodes.count == 2)
    }
}
