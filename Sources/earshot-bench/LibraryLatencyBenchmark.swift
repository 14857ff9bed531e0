import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench library-latency`: how fast Earshot answers MPRIS while it works on something else (an
/// OPML import in bench/library.sh). Round after round until the stop file appears: `Get(Position)`,
/// then `Pause`, both timed, then an untimed `Play` so that the next `Pause` has something to pause.
/// With `--from-file`, the calls made once that file exists are also reported on their own (in
/// bench/sync.sh: after the login's own process has ended). With `--floor`, the same two calls are timed
/// on that bus name too, in the same rounds (bench/answer-floor.c: a process that does nothing but
/// answer), and reported as `floor Get(Position)` and `floor Pause`.
struct LibraryLatencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library-latency",
        abstract: "Time Get(Position) and Pause on Earshot until a file appears.")

    @Option(help: "Measure until this file exists.")
    var stopFile: String

    @Option(help: "Also report the calls made once this file exists.")
    var fromFile: String?

    @Option(help: "Also time the calls on this bus name (bench/answer-floor.c).")
    var floor: String?

    @Option(help: "Milliseconds between rounds.")
    var interval = 5

    @Option(help: "Give up after this many seconds.")
    var timeout = 900

    func run() throws {
        let context = MainContext.threadDefault()
        let connection = try BusConnection.session(context: context)
        var position: [Double] = [], pause: [Double] = [], floorPosition: [Double] = [], floorPause: [Double] = []
        var firstLater: Int?
        let deadline = ContinuousClock.now + .seconds(timeout)
        while !FileManager.default.fileExists(atPath: stopFile) {
            guard ContinuousClock.now < deadline else { throw BenchFailure("no stop file after \(timeout) s") }
            if firstLater == nil, let fromFile, FileManager.default.fileExists(atPath: fromFile) { firstLater = position.count }
            position.append(try time(connection, context, try Self.getPosition()))
            pause.append(try time(connection, context, try Self.call(MPRISAdapter.playerInterface, "Pause")))
            if let floor {
                floorPosition.append(try time(connection, context, try Self.getPosition(at: floor)))
                floorPause.append(try time(connection, context, try Self.call(MPRISAdapter.playerInterface, "Pause", at: floor)))
            }
            connection.call(try Self.call(MPRISAdapter.playerInterface, "Play")) { _ in }
            usleep(useconds_t(interval * 1000))
        }
        report("Get(Position)", position.sorted())
        report("Pause", pause.sorted())
        if floor != nil {
            report("floor Get(Position)", floorPosition.sorted())
            report("floor Pause", floorPause.sorted())
        }
        if let firstLater, let fromFile {
            let name = URL(fileURLWithPath: fromFile).lastPathComponent
            report("Get(Position) once \(name) exists", position[firstLater...].sorted())
            report("Pause once \(name) exists", pause[firstLater...].sorted())
        }
    }

    private static func getPosition(at destination: String = MPRISAdapter.busName) throws -> BusMessage {
        try call("org.freedesktop.DBus.Properties", "Get", [.string(MPRISAdapter.playerInterface), .string("Position")], at: destination)
    }

    private static func call(_ interface: String, _ member: String, _ arguments: [DBusValue] = [],
                             at destination: String = MPRISAdapter.busName) throws -> BusMessage {
        try BusMessage.methodCall(destination: destination, path: MPRISAdapter.objectPath,
                                  interface: interface, member: member, arguments: arguments)
    }

    /// One round trip in microseconds; a failed call ends the benchmark.
    private func time(_ connection: BusConnection, _ context: MainContext, _ message: BusMessage) throws -> Double {
        var outcome: Result<BusMessage, BusError>?
        let clock = ContinuousClock()
        let start = clock.now
        connection.call(message, timeoutMilliseconds: 5000) { outcome = $0 }
        while outcome == nil { context.iterate(mayBlock: true) }
        let elapsed = clock.now - start
        if let error = try outcome!.get().error { throw BenchFailure("call failed: \(error)") }
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }

    private func report(_ label: String, _ sorted: [Double]) {
        guard !sorted.isEmpty else { return print("\(label): no calls") }
        let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        print(String(format: "%@: p50 %.0f µs, p99 %.0f µs, max %.0f µs (%d calls)", label, p50, p99, sorted.last!, sorted.count))
    }
}
