import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Foundation
import Glibc

/// `earshot-bench tui`: `earshot tui` on a pseudo-terminal of 80 × 24 against the daemon of this
/// command's environment (its bus): the first screen with the library drawn after start, every key
/// answered (the redraw written to the terminal) while scrolling the library and a podcast's episodes,
/// another client's change to Up Next shown, the resident memory, and the CPU it uses while nothing
/// changes.
struct TUIBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui", abstract: "Time earshot tui: first screen, key-to-screen latency while scrolling, memory, idle CPU.")

    @Option(help: "The earshot binary.")
    var earshot: String

    @Option(help: "A word of the first podcast's title: its appearance on the terminal is the first screen drawn.")
    var expect: String

    @Option(help: "Starts timed for the first screen (the median is reported).")
    var runs = 5

    @Option(help: "Keys timed in each list (j, one row down; k back up from its end).")
    var keys = 1000

    func run() throws {
        var starts: [Double] = []
        for _ in 1..<runs { starts.append(try Session(earshot).firstScreen(expect)) }
        let session = try Session(earshot)
        starts.append(try session.firstScreen(expect))
        starts.sort()
        print(String(format: "first screen with the library: median %.1f ms (%@)", starts[starts.count / 2],
                     starts.map { String(format: "%.1f", $0) }.joined(separator: " ")))
        report("library (j)", try session.keys(keys))
        session.press("gg")
        session.drain(quiet: 0.2)
        session.press("\r")  // the first podcast's episodes
        session.drain(quiet: 0.5)
        report("a podcast's episodes (j)", try session.keys(keys))
        session.press("2")  // Up Next, changed by another client
        session.drain(quiet: 0.5)
        report("another client's QueueAdd or QueueRemove shown in Up Next", try session.changes(min(keys, 200)), what: "changes")
        session.press("1")
        session.drain(quiet: 0.5)
        let (resident, peak) = session.memory()
        print(String(format: "resident memory: %.1f MB (peak %.1f MB)", resident / 1024, peak / 1024))
        let ticks = session.cpuTicks(over: 5)
        print("CPU while nothing changes, 5 s: \(ticks) clock ticks (\(sysconf(Int32(_SC_CLK_TCK))) a second)")
        session.press("q")
        session.end()
    }

    private func report(_ name: String, _ samples: [Double], what: String = "keys") {
        let sorted = samples.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(String(format: "%@, %d %@: p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                     what == "keys" ? "key to screen, " + name : name, samples.count, what, at(0.5), at(0.99), sorted.last ?? 0))
    }

    /// One `earshot tui` on a pseudo-terminal.
    final class Session {
        let process = Process()
        let master: Int32
        let slave: Int32
        let clock = ContinuousClock()
        let started: ContinuousClock.Instant
        var output: [UInt8] = []

        init(_ earshot: String) throws {
            (master, slave) = try PseudoTerminal.open(columns: 80)
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = URL(fileURLWithPath: earshot)
            process.arguments = ["tui"]
            process.environment = ProcessInfo.processInfo.environment.merging(["TERM": "xterm-256color"]) { $1 }
            (process.standardInput, process.standardOutput, process.standardError) = (handle, handle, handle)
            started = clock.now
            try process.run()
        }

        deinit { end() }

        func end() {
            if process.isRunning { process.terminate(); process.waitUntilExit() }
            close(master)
            close(slave)
        }

        /// Milliseconds from the start until `word` was written to the terminal.
        func firstScreen(_ word: String) throws -> Double {
            let bytes = Array(word.utf8)
            while clock.now - started < .seconds(20) {
                guard wait(milliseconds: 100) else { continue }
                let elapsed = clock.now - started
                read()
                if output.firstRange(of: bytes) != nil { return Self.milliseconds(elapsed) }
            }
            throw BenchFailure("“\(word)” was not drawn within 20 s")
        }

        /// Presses j (k once the end of the list is reached, then j again at its start) until `count` keys
        /// were answered; for each, the milliseconds until the terminal got the redraw.
        func keys(_ count: Int) throws -> [Double] {
            drain(quiet: 0.3)
            var samples: [Double] = [], key = "j", unanswered = 0
            while samples.count < count {
                let start = clock.now
                press(key)
                guard wait(milliseconds: 500) else {
                    // An end of the list: nothing to redraw. Turn round.
                    unanswered += 1
                    guard unanswered < 3 else { throw BenchFailure("no redraw within 500 ms of a key, either way") }
                    key = key == "j" ? "k" : "j"
                    continue
                }
                unanswered = 0
                samples.append(Self.milliseconds(clock.now - start))
                drain(quiet: 0.003)
            }
            return samples
        }

        /// Another client (this command, on the bus) adds episode 1 to Up Next and takes it away again,
        /// `count` times in all; for each, the milliseconds from sending the call until the terminal got
        /// the redraw (the daemon's `Changed`, the interface's `Queue` call and its redraw included).
        func changes(_ count: Int) throws -> [Double] {
            let connection = try BusConnection.session(context: MainContext())
            defer { connection.close() }
            drain(quiet: 0.3)
            var samples: [Double] = []
            for index in 0..<count {
                let ids = DBusValue.array(elementSignature: "x", [.int64(1)])
                let (member, arguments) = index % 2 == 0 ? ("QueueAdd", [ids, .uint32(0)]) : ("QueueRemove", [ids])
                let message = try BusMessage.methodCall(destination: MPRISAdapter.busName, path: "/org/earshot/Earshot",
                                                        interface: "org.earshot.Earshot1", member: member, arguments: arguments)
                let start = clock.now
                try connection.send(message)
                connection.flush()
                guard wait(milliseconds: 2000) else { throw BenchFailure("\(member) was not shown within 2 s") }
                samples.append(Self.milliseconds(clock.now - start))
                drain(quiet: 0.05)
            }
            return samples
        }

        func press(_ keys: String) { _ = keys.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) } }

        /// Reads until nothing more comes for `quiet` seconds.
        func drain(quiet: Double) {
            while wait(milliseconds: Int32(quiet * 1000)) { read() }
        }

        /// Resident and peak resident kilobytes.
        func memory() -> (Double, Double) {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            func field(_ name: String) -> Double {
                let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
                return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
            }
            return (field("VmRSS"), field("VmHWM"))
        }

        /// User and system clock ticks the process used over `seconds` of nothing happening.
        func cpuTicks(over seconds: Double) -> Int {
            func ticks() -> Int {
                let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
            }
            let before = ticks()
            drain(quiet: seconds)
            return ticks() - before
        }

        private func wait(milliseconds: Int32) -> Bool {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, milliseconds) > 0
        }

        private func read() {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count] }
            if output.count > 1 << 20 { output.removeFirst(output.count - 4096) }
        }

        static func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
        }
    }
}
