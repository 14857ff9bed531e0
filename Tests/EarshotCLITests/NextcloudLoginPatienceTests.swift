import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing
@testable import earshot

/// `sync login --nextcloud` against a server that stalls: each poll is waited for a bounded time and the
/// whole flow ends when its wall time is up, however the server answers (before, every stalled poll
/// waited for the transfer's 5-minute deadline, 600 times over).
@Suite("Nextcloud's login flow: bounded in wall time")
struct NextcloudLoginPatienceTests {
    private func server(poll: @escaping @Sendable (FixtureRequest) -> FixtureResponse) throws -> FixtureServer {
        let server = try FixtureServer()
        let start = #"{"poll":{"token":"t0k","endpoint":"\#(server.url("/poll").absoluteString)"},"login":"\#(server.url("/login").absoluteString)"}"#
        server.route("/index.php/login/v2") { _ in .body(Array(start.utf8), contentType: "application/json") }
        server.route("/poll", poll)
        return server
    }

    /// Runs the flow on a context of this test's own (the command line runs it on GLib's global default,
    /// which tests running side by side must not share).
    private static func run(_ flow: NextcloudLoginFlow, show: (URL) -> Void) throws -> NextcloudLoginFlow.Grant {
        try MainContext().withThreadDefault { try flow.run(show: show) }
    }

    @Test func aServerThatStallsEveryPollIsGivenUpWithinTheFlowsWallTime() throws {
        let server = try server { _ in .neverAnswer }
        let flow = NextcloudLoginFlow(server: server.baseURL, patience: .init(total: .seconds(3), request: .milliseconds(800), pause: .milliseconds(100)))
        let started = ContinuousClock.now
        var shown: URL?
        #expect(throws: CommandFailure.self) { _ = try Self.run(flow) { shown = $0 } }
        let took = ContinuousClock.now - started
        #expect(took >= .seconds(3) && took < .seconds(6), "\(took)")
        #expect(shown == server.url("/login"))
        #expect(server.requests.filter { $0.path == "/poll" }.count >= 3, "each stalled poll is given up and asked again")
    }

    @Test func theMessageSaysHowLongItWaited() throws {
        let server = try server { _ in .status(404) }
        let flow = NextcloudLoginFlow(server: server.baseURL, patience: .init(total: .seconds(1), request: .seconds(1), pause: .milliseconds(200)))
        do {
            _ = try Self.run(flow) { _ in }
            Issue.record("the flow ended without a grant")
        } catch let failure as CommandFailure {
            #expect("\(failure)".contains("within 1 second"), "\(failure)")
        }
    }

    @Test func aGrantEndsTheFlow() throws {
        let grant = #"{"server":"https://cloud.example","loginName":"alice","appPassword":"app-1"}"#
        let server = try server { _ in .body(Array(grant.utf8), contentType: "application/json") }
        let flow = NextcloudLoginFlow(server: server.baseURL, patience: .init(total: .seconds(5), request: .seconds(2), pause: .milliseconds(100)))
        let answer = try Self.run(flow) { _ in }
        #expect(answer.user == "alice" && answer.appPassword == "app-1")
    }

    @Test func theDefaultsAreTwentyMinutesInAll() {
        let patience = NextcloudLoginFlow.Patience()
        #expect(patience.total == .seconds(20 * 60) && patience.request <= .seconds(60))
    }
}
