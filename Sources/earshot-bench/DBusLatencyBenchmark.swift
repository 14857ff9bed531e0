import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench dbus-latency`: round-trip latency of MPRIS property reads on the session bus, next to
/// the bus daemon answering itself (the floor: one hop, where a call to a service takes two).
struct DBusLatencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dbus-latency",
        abstract: "Time Get(Position) and GetAll(Player) on MPRIS players against the bus daemon's GetId.")

    @Option(help: "Calls per measurement (after 100 warm-up calls).")
    var calls = 2000

    @Option(help: "A player's bus name after org.mpris.MediaPlayer2. (repeat for several).")
    var player: [String] = ["earshot"]

    @Option(help: "While measuring, keep Earshot loading this feed (OpenUri every 250 ms; with the feed it serves, that is a refresh).")
    var loadFeed: String?

    func run() throws {
        let context = MainContext.threadDefault()
        let connection = try BusConnection.session(context: context)
        let loadTimer = loadFeed.map { url in startFeedLoad(url, on: connection, context: context) }
        defer { loadTimer?.cancel() }
        if let loadFeed { print("while Earshot keeps refreshing \(loadFeed):") }
        try report("bus daemon GetId (floor)", try measure(connection, context) {
            try BusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                      interface: "org.freedesktop.DBus", member: "GetId")
        })
        for name in player {
            let destination = "org.mpris.MediaPlayer2.\(name)"
            try report("\(name) Get(Position)", try measure(connection, context) {
                try BusMessage.methodCall(
                    destination: destination, path: MPRISAdapter.objectPath, interface: "org.freedesktop.DBus.Properties",
                    member: "Get", arguments: [.string(MPRISAdapter.playerInterface), .string("Position")])
            })
            try report("\(name) GetAll(Player)", try measure(connection, context) {
                try BusMessage.methodCall(
                    destination: destination, path: MPRISAdapter.objectPath, interface: "org.freedesktop.DBus.Properties",
                    member: "GetAll", arguments: [.string(MPRISAdapter.playerInterface)])
            })
        }
    }

    /// Sequential round trips: each call is sent when the previous reply has arrived.
    private func measure(_ connection: BusConnection, _ context: MainContext,
                         _ makeCall: () throws -> BusMessage) throws -> [Double] {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<(calls + 100) {
            let message = try makeCall()
            var outcome: Result<BusMessage, BusError>?
            let start = clock.now
            connection.call(message, timeoutMilliseconds: 5000) { outcome = $0 }
            while outcome == nil { context.iterate(mayBlock: true) }
            let elapsed = clock.now - start
            if case .failure(let error) = outcome! { throw BenchFailure("call failed: \(error)") }
            if let error = try outcome!.get().error { throw BenchFailure("call failed: \(error)") }
            if index >= 100 {
                samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
            }
        }
        return samples.sorted()
    }

    private func report(_ label: String, _ sorted: [Double]) throws {
        let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        print(String(format: "%@: p50 %.0f µs, p99 %.0f µs, max %.0f µs (%d calls)", label, p50, p99, sorted.last ?? 0, sorted.count))
    }

    /// Asks Earshot to open `url` now and every 250 ms, without waiting for replies.
    private func startFeedLoad(_ url: String, on connection: BusConnection, context: MainContext) -> SourceHandle {
        let open = {
            if let message = try? BusMessage.methodCall(
                destination: MPRISAdapter.busName, path: MPRISAdapter.objectPath, interface: MPRISAdapter.playerInterface,
                member: "OpenUri", arguments: [.string(url)]) {
                connection.call(message) { _ in }
            }
        }
        open()
        return context.addTimeout(milliseconds: 250) { open(); return true }
    }
}

/// A benchmark that could not complete, with the reason.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
