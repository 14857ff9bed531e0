import EarshotFeed
import EarshotGLib
import EarshotSync
import EarshotTestSupport
import Foundation
import Testing

/// An exchange on the network thread: the transfer happens there, the caller hears back on its own
/// context, and the exchange behaves as `HTTPExchange` does (Basic on every request, the cookie kept).
@Suite("Network thread exchange: big answers read off the loop")
struct NetworkThreadExchangeTests {
    private func send(_ exchange: NetworkThreadExchange, _ url: URL, on context: MainContext)
        -> (result: Result<(status: Int, body: ResponseBody), HTTPExchangeError>?, thread: pthread_t?) {
        var result: Result<(status: Int, body: ResponseBody), HTTPExchangeError>?, thread: pthread_t?
        exchange.send("GET", url, user: "alice", password: "s3cret", reading: { $0 }) {
            result = $0
            thread = pthread_self()
        }
        #expect(result == nil, "completions never run synchronously")
        _ = context.iterate(until: { result != nil }, timeoutSeconds: 20)
        return (result, thread)
    }

    @Test func aBigAnswerArrivesWholeAndTheCompletionRunsOnTheCallersContext() throws {
        let server = try FixtureServer()
        let body = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        server.serve("/actions.json", body: body, contentType: "application/json")
        let context = MainContext()
        try context.withThreadDefault {
            let exchange = NetworkThreadExchange(home: context)
            let (result, thread) = send(exchange, server.url("/actions.json"), on: context)
            let answer = try #require(try result?.get())
            #expect(answer.status == 200 && answer.body.joined() == body)
            #expect(thread.map { pthread_equal($0, pthread_self()) != 0 } == true)
        }
        #expect(server.requests.first?.headers["authorization"] == "Basic " + Data("alice:s3cret".utf8).base64EncodedString())
    }

    @Test func theSessionCookieIsKeptFromOneRequestToTheNext() throws {
        let server = try FixtureServer()
        server.route("/login") { _ in .body(Array("{}".utf8), contentType: "application/json", headers: ["Set-Cookie": "sessionid=abc; Path=/"]) }
        server.route("/next") { _ in .body(Array("{}".utf8), contentType: "application/json") }
        let context = MainContext()
        context.withThreadDefault {
            let exchange = NetworkThreadExchange(home: context)
            _ = send(exchange, server.url("/login"), on: context)
            _ = send(exchange, server.url("/next"), on: context)
        }
        #expect(server.requests.last?.path == "/next" && server.requests.last?.headers["cookie"] == "sessionid=abc")
    }

    @Test func anUnreachableServerIsAnErrorInPlainWords() throws {
        let context = MainContext()
        try context.withThreadDefault {
            let exchange = NetworkThreadExchange(home: context)
            let (result, _) = send(exchange, FixtureServer.closedPortURL("/x"), on: context)
            guard case .failure(.unreachable(let words)) = try #require(result) else { Issue.record("not unreachable: \(String(describing: result))"); return }
            #expect(words.contains("127.0.0.1"))
        }
    }
}
