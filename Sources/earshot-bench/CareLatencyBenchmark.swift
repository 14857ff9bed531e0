import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench care-latency`: how long Earshot takes to answer the library-care calls on a big
/// library (bench/library-care.sh builds one): marking a whole podcast played and unplayed again, the
/// statistics over the whole history, and the inbox; next to `Ping` on the same daemon (the floor: a
/// round trip that does no work).
struct CareLatencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "care-latency",
        abstract: "Time MarkPodcast, Stats and Episodes(inbox) on Earshot against Ping.")

    @Option(help: "The podcast MarkPodcast marks (alternately played and unplayed).")
    var podcast: Int64

    @Option(help: "Calls per measurement (after 3 warm-up calls).")
    var calls = 30

    @Option(help: "The daemon's process id: its CPU time per call is reported too (daemon time, whatever else runs).")
    var daemonPid: Int32?

    private static let service = "org.mpris.MediaPlayer2.earshot", path = "/org/earshot/Earshot", interface = "org.earshot.Earshot1"

    func run() throws {
        let context = MainContext.threadDefault()
        let connection = try BusConnection.session(context: context)
        let call = { (interface: String, member: String, arguments: [DBusValue]) in
            try BusMessage.methodCall(destination: Self.service, path: Self.path, interface: interface, member: member,
                                      arguments: arguments)
        }
        try report("Ping (floor)", measure(connection, context) { _ in try call("org.freedesktop.DBus.Peer", "Ping", []) })
        try report("MarkPodcast (500 episodes)", measure(connection, context) { round in
            try call(Self.interface, "MarkPodcast", [.int64(podcast), .boolean(round % 2 == 0), .int64(0), .int64(0)])
        })
        try report("Stats (whole history)", measure(connection, context) { _ in try call(Self.interface, "Stats", [.int64(0)]) })
        try report("Episodes(inbox)", measure(connection, context) { _ in
            try call(Self.interface, "Episodes", [.int64(0), .string("inbox"), .string("")])
        })
    }

    /// Round trips in milliseconds, sorted, and the daemon's CPU milliseconds per call; a failed call ends
    /// the benchmark.
    private func measure(_ connection: BusConnection, _ context: MainContext, _ message: (Int) throws -> BusMessage) throws
        -> (times: [Double], cpu: Double?) {
        var times: [Double] = []
        var cpuAtStart: Double?
        let trip = BusRoundTrip(connection: connection, context: context)
        for round in 0..<(calls + 3) {
            if round == 3 { cpuAtStart = daemonCPU() }
            let milliseconds = try trip.time(try message(round)).milliseconds
            if round >= 3 { times.append(milliseconds) }
        }
        var cpu: Double?
        if let cpuAtStart, let cpuAtEnd = daemonCPU() { cpu = (cpuAtEnd - cpuAtStart) / Double(calls) }
        return (times.sorted(), cpu)
    }

    /// The daemon's user and system CPU time so far, in milliseconds (from /proc).
    private func daemonCPU() -> Double? {
        guard let daemonPid, let stat = try? String(contentsOfFile: "/proc/\(daemonPid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private func report(_ label: String, _ measured: (times: [Double], cpu: Double?)) {
        let sorted = measured.times, p50 = sorted[sorted.count / 2]
        let cpu = measured.cpu.map { String(format: ", daemon CPU %.1f ms a call", $0) } ?? ""
        print(String(format: "%@: p50 %.2f ms, max %.2f ms (%d calls)%@", label, p50, sorted.last!, sorted.count, cpu))
    }
}
