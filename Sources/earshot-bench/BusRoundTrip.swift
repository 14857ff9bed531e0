import EarshotGLib
import EarshotMPRIS
import Foundation

/// One method call and its reply, timed from sending to the reply's arrival, on a connection whose
/// context the caller's thread iterates. A call that fails, or is answered with an error, ends the
/// benchmark.
struct BusRoundTrip {
    let connection: BusConnection
    let context: MainContext

    /// The reply and the round trip in milliseconds.
    func time(_ message: BusMessage, timeoutMilliseconds: Int32 = 30_000) throws -> (reply: BusMessage, milliseconds: Double) {
        var outcome: Result<BusMessage, BusError>?
        let clock = ContinuousClock()
        let start = clock.now
        connection.call(message, timeoutMilliseconds: timeoutMilliseconds) { outcome = $0 }
        while outcome == nil { context.iterate(mayBlock: true) }
        let elapsed = clock.now - start
        let reply = try outcome!.get()
        if let error = reply.error { throw BenchFailure("\(message.member ?? "call") failed: \(error)") }
        return (reply, Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
}
