import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench tidy-latency` (bench/tidy-latency.sh): Earshot's `Get(Position)` round trips with
/// nothing else to do, then while a `Tidy` deletes thousands of downloads by the storage cap (sent
/// without waiting; every `Get(Position)` from its sending to its reply counts), in the same run.
struct TidyLatencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidy-latency", abstract: "Time Get(Position) on Earshot idle, then during a Tidy (target p99 ≤ 2 ms).")

    @Option(help: "Get(Position) calls with nothing else to do (after 100 warm-up calls).")
    var calls = 2000

    func run() throws {
        let context = MainContext.threadDefault()
        let connection = try BusConnection.session(context: context)
        let trip = BusRoundTrip(connection: connection, context: context)
        func position() throws -> Double {
            try trip.time(try BusMessage.methodCall(
                destination: MPRISAdapter.busName, path: MPRISAdapter.objectPath, interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(MPRISAdapter.playerInterface), .string("Position")])).milliseconds
        }
        for _ in 0..<100 { _ = try position() }
        report("Get(Position), nothing else running", try (0..<calls).map { _ in try position() })

        var tidied: Result<BusMessage, BusError>?
        let clock = ContinuousClock(), start = clock.now
        connection.call(try BusMessage.methodCall(destination: MPRISAdapter.busName, path: "/org/earshot/Earshot",
                                                  interface: "org.earshot.Earshot1", member: "Tidy", arguments: [.boolean(false)]),
                        timeoutMilliseconds: 120_000) { tidied = $0 }
        var during: [Double] = []
        while tidied == nil { during.append(try position()) }
        let took = clock.now - start
        let reply = try tidied!.get()
        if let error = reply.error { throw BenchFailure("Tidy failed: \(error)") }
        let deleted: Int
        if case .array(_, let files)? = try reply.arguments().first { deleted = files.count } else { deleted = 0 }
        print(String(format: "Tidy deleted %d downloads in %.0f ms", deleted,
                     Double(took.components.seconds) * 1e3 + Double(took.components.attoseconds) / 1e15))
        report("Get(Position), during the Tidy", during)
    }

    private func report(_ label: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return print("\(label): no calls") }
        print(String(format: "%@: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d calls)", label, FindBenchmark.percentile(sorted, 0.5),
                     FindBenchmark.percentile(sorted, 0.99), sorted.last ?? 0, sorted.count))
    }
}
