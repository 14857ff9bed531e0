import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// A real HTTP server (libsoup's `SoupServer`) on 127.0.0.1 for tests: it runs on its own thread and GLib
/// loop, so a test can block on its own loop (or on a D-Bus call) while the server answers.
///
/// Static files answer Range requests; routes answer whatever a test needs (statuses, redirects, gzip,
/// silence, endless bodies). The server stops when the object is released.
public final class FixtureServer: @unchecked Sendable {
    /// The base URL, e.g. `http://127.0.0.1:41234`.
    public let baseURL: URL

    private let state = RouteTable()
    private let context: MainContext
    private let loop: MainLoop
    private let thread: Thread
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts listening on a free port of 127.0.0.1.
    public init() throws {
        let context = MainContext()
        let loop = MainLoop(context: context)
        let ready = DispatchSemaphore(value: 0)
        let startup = StartupResult()
        let state = self.state
        let stopped = self.stopped
        thread = Thread {
            context.withThreadDefault {
                let server = ServerHandle(state: state)
                startup.port = server.listen(error: &startup.error)
                ready.signal()
                if startup.port != nil { loop.run() }
                server.close()
            }
            stopped.signal()
        }
        thread.name = "fixture-http"
        thread.start()
        ready.wait()
        guard let port = startup.port else {
            stopped.wait()
            throw FixtureServerError(message: startup.error ?? "could not listen")
        }
        self.context = context
        self.loop = loop
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit {
        let loop = self.loop
        context.invoke { loop.quit() }
        stopped.wait()
    }

    /// The absolute URL of `path` on this server.
    public func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path)! }

    /// Serves `body` at `path` with status 200 (Range requests answered with 206), without copying it
    /// per request.
    public func serve(_ path: String, body: [UInt8], contentType: String) {
        let shared = SharedBody(body)
        route(path) { _ in .shared(shared, contentType: contentType) }
    }

    /// Answers requests for `path` with `handler` (called on the server's thread).
    public func route(_ path: String, _ handler: @escaping @Sendable (FixtureRequest) -> FixtureResponse) {
        state.set(path, handler)
    }

    /// Every request received so far, oldest first.
    public var requests: [FixtureRequest] { state.log }

    /// A URL on 127.0.0.1 where nothing listens (connections are refused).
    public static func closedPortURL(_ path: String = "/") -> URL {
        var error: UnsafeMutablePointer<GError>?
        let socket = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error)
        let any = g_inet_socket_address_new_from_string("127.0.0.1", 0)
        g_socket_bind(socket, any, 1, &error)
        let bound = g_socket_get_local_address(socket, &error)
        let port = g_inet_socket_address_get_port(UnsafeMutableRawPointer(bound)?.assumingMemoryBound(to: GInetSocketAddress.self))
        g_object_unref(UnsafeMutableRawPointer(bound))
        g_object_unref(UnsafeMutableRawPointer(any))
        g_socket_close(socket, nil)
        g_object_unref(UnsafeMutableRawPointer(socket))
        return URL(string: "http://127.0.0.1:\(port)\(path)")!
    }
}

/// The fixture server could not start.
public struct FixtureServerError: Error, CustomStringConvertible {
    /// Why.
    public let message: String
    public var description: String { message }
}

private final class StartupResult: @unchecked Sendable {
    var port: UInt32?
    var error: String?
}

/// The routes and the request log, shared by the test thread and the server thread.
final class RouteTable: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [String: @Sendable (FixtureRequest) -> FixtureResponse] = [:]
    private var received: [FixtureRequest] = []

    func set(_ path: String, _ handler: @escaping @Sendable (FixtureRequest) -> FixtureResponse) {
        lock.withLock { routes[path] = handler }
    }

    func respond(to request: FixtureRequest) -> FixtureResponse {
        let handler = lock.withLock { () -> (@Sendable (FixtureRequest) -> FixtureResponse)? in
            received.append(request)
            return routes[request.path]
        }
        return handler?(request) ?? .status(404)
    }

    var log: [FixtureRequest] { lock.withLock { received } }
}
