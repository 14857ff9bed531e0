import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Foundation

/// Sends fuzz calls to the daemon over several connections of its own, pipelined (never waiting for a
/// reply before the next call) and interleaved between the connections, and sorts every answer.
final class FuzzSession {
    static let destination = "org.mpris.MediaPlayer2.earshot"

    let context = MainContext()
    let connections: [BusConnection]
    /// Answers by kind: "ok" or the error name.
    private(set) var outcomes: [String: Int] = [:]
    /// What went wrong: unnamed errors, hangs, lost connections, answers of the wrong type.
    private(set) var failures: [String] = []
    private(set) var outstanding = 0

    init(address: String, connections count: Int) throws {
        let context = self.context
        connections = try (0..<count).map { _ in try BusConnection(address: address, context: context) }
    }

    deinit { connections.forEach { $0.close() } }

    /// Sends `call` on `connection` (its answer is judged when it arrives).
    func send(_ call: FuzzCall, on connection: BusConnection, timeoutMilliseconds: Int32 = 120_000) {
        let message: BusMessage
        do {
            message = try BusMessage.methodCall(destination: Self.destination, path: call.path, interface: call.interface,
                                                member: call.member, arguments: call.arguments)
        } catch {
            outcomes["(not sendable)", default: 0] += 1
            return
        }
        outstanding += 1
        connection.call(message, timeoutMilliseconds: timeoutMilliseconds) { [weak self] result in
            self?.judge(call, result)
        }
    }

    /// Iterates the context until every call has its answer, or `seconds` pass; whether all arrived.
    func drain(seconds: Double) -> Bool {
        context.iterate(until: { self.outstanding == 0 }, timeoutSeconds: seconds)
    }

    /// Lets queued messages go out and early answers come in, without blocking.
    func pump() {
        while context.iterate(mayBlock: false) {}
    }

    /// One call, awaited: its reply, or the error.
    func ask(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
             seconds: Double = 30) -> Result<[DBusValue], BusError> {
        var outcome: Result<[DBusValue], BusError>?
        do {
            let message = try BusMessage.methodCall(destination: Self.destination, path: path, interface: interface,
                                                    member: member, arguments: arguments)
            connections[0].call(message) { result in
                switch result {
                case .success(let reply):
                    do throws(BusError) { outcome = .success(try reply.arguments()) } catch { outcome = .failure(error) }
                case .failure(let error): outcome = .failure(error)
                }
            }
        } catch {
            return .failure(error)
        }
        guard context.iterate(until: { outcome != nil }, timeoutSeconds: seconds), let outcome else {
            return .failure(.noReply("\(member) did not answer in \(seconds) s"))
        }
        return outcome
    }

    /// The error names that mean the daemon hung or went away rather than refused the call.
    static let fatalErrors: Set<String> = [
        "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Disconnected",
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.NoMemory", "org.freedesktop.DBus.Error.Timeout",
    ]

    /// Prints every call and its answer when `EARSHOT_FUZZ_TRACE` is set, to find the calls behind a failure.
    private let trace = ProcessInfo.processInfo.environment["EARSHOT_FUZZ_TRACE"] != nil

    private func judge(_ call: FuzzCall, _ result: Result<BusMessage, BusError>) {
        outstanding -= 1
        if trace { print("fuzz: \(call) -> \((try? result.get()).map { _ in "ok" } ?? "\(result)")") }
        switch result {
        case .success(let reply):
            outcomes["ok", default: 0] += 1
            if let expected = call.expectedReply, reply.signature != expected {
                failures.append("answered '\(reply.signature)', declared '\(expected)': \(call)")
            }
        case .failure(let error):
            outcomes[error.name, default: 0] += 1
            let named = error.name.hasPrefix("org.freedesktop.DBus.Error.") || error.name.hasPrefix("org.earshot.Error.")
            if !named || Self.fatalErrors.contains(error.name) || error.message.contains("internal error") {
                failures.append("\(error): \(call)")
            }
        }
    }
}
