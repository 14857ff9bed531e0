import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench cold-start`: from starting the daemon to its Metadata (with a title) readable on the
/// bus — the bus name owned and the current episode restored from the store. The daemon runs with the
/// environment of this command (its bus, XDG folders and audio sink), so run it where Earshot already
/// has a stored feed.
struct ColdStartBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cold-start",
        abstract: "Time earshot's start to Metadata restored, asking for it every millisecond.")

    @Option(help: "The earshot binary.")
    var daemon: String

    @Option(help: "How many starts (the median is reported).")
    var runs = 7

    func run() throws {
        let context = MainContext.threadDefault()
        let connection = try BusConnection.session(context: context)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try measureOneStart(connection, context))
        }
        let sorted = samples.sorted()
        print(String(format: "cold start to Metadata restored: median %.0f ms (%@; %d runs)", sorted[sorted.count / 2],
                     sorted.map { String(format: "%.0f", $0) }.joined(separator: " "), runs))
    }

    /// Starts the daemon, asks for Metadata until it has a title, stops the daemon; milliseconds.
    private func measureOneStart(_ connection: BusConnection, _ context: MainContext) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: daemon)
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        while clock.now - start < .seconds(10) {
            if try hasTitle(try getMetadata(connection, context)) {
                let elapsed = clock.now - start
                return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            }
            guard process.isRunning else { throw BenchFailure("earshot exited with status \(process.terminationStatus)") }
            usleep(1000)
        }
        throw BenchFailure("no Metadata with a title within 10 s")
    }

    /// Get(Player, Metadata); nil while the name has no owner or the call fails.
    private func getMetadata(_ connection: BusConnection, _ context: MainContext) throws -> BusMessage? {
        let message = try BusMessage.methodCall(
            destination: MPRISAdapter.busName, path: MPRISAdapter.objectPath, interface: "org.freedesktop.DBus.Properties",
            member: "Get", arguments: [.string(MPRISAdapter.playerInterface), .string("Metadata")])
        var outcome: Result<BusMessage, BusError>?
        connection.call(message, timeoutMilliseconds: 5000) { outcome = $0 }
        while outcome == nil { context.iterate(mayBlock: true) }
        guard case .success(let reply) = outcome!, reply.error == nil else { return nil }
        return reply
    }

    private func hasTitle(_ reply: BusMessage?) throws -> Bool {
        guard let reply, case .variant(.dictionary(_, _, let entries))? = try reply.arguments().first else { return false }
        return entries.contains { entry in
            if case .string("xesam:title") = entry.key { return true }
            return false
        }
    }
}
