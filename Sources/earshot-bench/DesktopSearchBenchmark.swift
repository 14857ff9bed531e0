import ArgumentParser
import EarshotGLib
import EarshotMPRIS
import Foundation

/// `earshot-bench desktop-search` (bench/desktop-search.sh): the desktop's search calls answered by a
/// running Earshot, as GNOME Shell and KRunner make them while a listener types. Each query of the
/// find benchmark's mix (`FindCorpus.queries`) is typed a letter at a time from its third: GNOME asks
/// `GetInitialResultSet` for the first three letters, `GetSubsearchResultSet` for each letter after,
/// and `GetResultMetas` for the five results it shows; KRunner asks `Match` at every letter. Then
/// `Find` (org.earshot.Earshot1, 20 hits) once per whole query, and with `--cli`, `earshot find` itself
/// (the whole process, end to end).
struct DesktopSearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop-search",
        abstract: "Time GNOME Shell's and KRunner's search calls, and Find, on a running Earshot.")

    @Option(help: "Queries typed (from the find benchmark's mix).")
    var queries = 200

    @Option(help: "The earshot command: `earshot find` is timed too, once per query.")
    var cli: String?

    private static let service = "org.mpris.MediaPlayer2.earshot", searchPath = "/org/earshot/Earshot/Search"

    func run() throws {
        let context = MainContext.threadDefault()
        let trip = BusRoundTrip(connection: try BusConnection.session(context: context), context: context)
        var corpus = FindCorpus()
        let typed = corpus.queries(queries).map(\.text)
        var times: [String: [Double]] = [:]
        var matches: [(text: String, milliseconds: Double)] = []
        let gnome = "org.gnome.Shell.SearchProvider2", krunner = "org.kde.krunner1"
        func call(_ interface: String, _ member: String, _ arguments: [DBusValue], path: String = Self.searchPath) throws -> [DBusValue] {
            let message = try BusMessage.methodCall(destination: Self.service, path: path, interface: interface,
                                                    member: member, arguments: arguments)
            let (reply, milliseconds) = try trip.time(message)
            times[member, default: []].append(milliseconds)
            return try reply.arguments()
        }
        func terms(_ text: String) -> DBusValue {
            .array(elementSignature: "s", text.split(separator: " ").map { .string(String($0)) })
        }
        for text in typed {
            let letters = Array(text.trimmingCharacters(in: .whitespaces))
            var shown: [DBusValue] = []
            for end in min(3, letters.count)...letters.count {
                let sofar = String(letters[..<end])
                let found = end == min(3, letters.count)
                    ? try call(gnome, "GetInitialResultSet", [terms(sofar)])
                    : try call(gnome, "GetSubsearchResultSet", [.array(elementSignature: "s", shown), terms(sofar)])
                shown = found.first?.arrayElements ?? []
                if !shown.isEmpty { _ = try call(gnome, "GetResultMetas", [.array(elementSignature: "s", Array(shown.prefix(5)))]) }
                _ = try call(krunner, "Match", [.string(sofar)], path: "/org/earshot/Earshot/Search")
                matches.append((sofar, times["Match"]!.last!))
            }
            _ = try call("org.earshot.Earshot1", "Find", [.string(text), .int64(0), .uint32(20)], path: "/org/earshot/Earshot")
        }
        if let cli {
            for text in typed { times["earshot find", default: []].append(try Self.timeCommand(cli, ["find", text])) }
        }
        print("\(typed.count) queries typed a letter at a time; milliseconds per call (target p99 ≤ 30 ms for the desktop's calls):")
        for member in ["GetInitialResultSet", "GetSubsearchResultSet", "GetResultMetas", "Match", "Find", "earshot find"] {
            let sorted = (times[member] ?? []).sorted()
            guard !sorted.isEmpty else { continue }
            print("  " + member.padding(toLength: 22, withPad: " ", startingAt: 0)
                  + String(format: " p50 %.2f, p99 %.2f, max %.2f (%d calls)", FindBenchmark.percentile(sorted, 0.5),
                           FindBenchmark.percentile(sorted, 0.99), sorted.last!, sorted.count))
        }
        let slowest = matches.sorted { $0.milliseconds > $1.milliseconds }.prefix(20)
        print("  slowest Match: " + slowest.map { String(format: "“%@” %.0f", $0.text, $0.milliseconds) }.joined(separator: ", "))
    }

    /// How long `command arguments` takes to run to its end, in milliseconds; its output is discarded.
    /// Finding nothing (status 1, like grep) is an answer; any other failure ends the benchmark. Started
    /// with posix_spawn, as a shell does: Foundation's `Process` closes every descriptor up to the limit
    /// first, which alone took tens of milliseconds here.
    private static func timeCommand(_ command: String, _ arguments: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([command] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0, status: Int32 = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command, &actions, nil, argv, environ) == 0 else { throw BenchFailure("cannot start \(command)") }
        waitpid(pid, &status, 0)
        let elapsed = ContinuousClock.now - start
        let exit = (status >> 8) & 0xff
        guard status & 0x7f == 0, exit <= 1 else { throw BenchFailure("\(command) \(arguments.joined(separator: " ")) failed (\(status))") }
        return FindBenchmark.milliseconds(elapsed)
    }
}
