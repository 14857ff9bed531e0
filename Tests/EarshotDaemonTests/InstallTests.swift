import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// `make install-files` and `make uninstall-files` (what `make install` and `make uninstall` do after
/// the release build) with the tests' own `earshot` binary, into temporary prefixes. The installed
/// D-Bus service file must start the installed daemon on a private bus.
@Suite("make install: files, paths and D-Bus activation", .serialized)
struct InstallTests {
    static let busName = "org.mpris.MediaPlayer2.earshot"

    @Test func installsIntoAPrefixTheBusActivatesItAndUninstallRemovesExactlyThat() throws {
        let scratch = try Scratch()
        let prefix = scratch.path + "/prefix"
        // Files of other programs in the same folders: uninstalling must leave them alone.
        let others = ["bin/other-tool", "share/applications/other.desktop", "share/icons/hicolor/scalable/apps/other.svg"]
        for other in others { try scratch.write(prefix + "/" + other, "not Earshot's") }

        let install = try Make.run(["install-files", "PREFIX=\(prefix)", "EARSHOT_BINARY=\(EarshotProcess.executable)"])
        try #require(install.status == 0, "make install-files failed:\n\(install.output)")

        let expected = try InstalledFiles(prefix: prefix, unitDirectory: "lib/systemd/user")
        try expected.check(under: prefix)
        #expect(try Scratch.regularFiles(under: prefix) == Set(expected.files.keys).union(others))
        let service = try String(contentsOfFile: prefix + "/" + InstalledFiles.dbusService, encoding: .utf8)
        #expect(service.contains("\nName=\(Self.busName)\n"))
        #expect(service.contains("\nExec=\(prefix)/bin/earshot\n"), "\(service)")
        #expect(service.contains("\nSystemdService=earshot.service\n"))
        let unit = try String(contentsOfFile: prefix + "/lib/systemd/user/earshot.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(prefix)/bin/earshot\n"), "\(unit)")
        #expect(unit.contains("\nType=dbus\n") && unit.contains("\nBusName=\(Self.busName)\n"))
        #expect(unit.contains("\nTimeoutStartSec=20min\n"), "the first start after an index rebuild outlasts systemd's 90 s")

        try activateOnAPrivateBus(prefix: prefix, scratch: scratch)

        let uninstall = try Make.run(["uninstall-files", "PREFIX=\(prefix)"])
        try #require(uninstall.status == 0, "make uninstall-files failed:\n\(uninstall.output)")
        for path in expected.files.keys { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) is left") }
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/earshot"))
        #expect(try Scratch.regularFiles(under: prefix) == Set(others))
    }

    /// Without PREFIX: ~/.local for a user (the unit in ~/.local/share/systemd/user, the directory
    /// systemd reads there), /usr/local for root (lib/systemd/user). DESTDIR only stages: the
    /// installed files name the real paths.
    @Test(arguments: [false, true])
    func theDefaultPrefixAndDestdir(prefixGiven: Bool) throws {
        let scratch = try Scratch()
        let home = scratch.path + "/home/someone"
        let stage = scratch.path + "/stage"
        let userLocal = home + "/.local"
        let prefix = prefixGiven || getuid() != 0 ? userLocal : "/usr/local"
        let unitDirectory = prefix == userLocal ? "share/systemd/user" : "lib/systemd/user"
        let variables = ["DESTDIR=\(stage)"] + (prefixGiven ? ["PREFIX=\(userLocal)"] : [])

        let install = try Make.run(["install-files", "EARSHOT_BINARY=\(EarshotProcess.executable)"] + variables, home: home)
        try #require(install.status == 0, "make install-files failed:\n\(install.output)")
        let expected = try InstalledFiles(prefix: prefix, unitDirectory: unitDirectory)
        try expected.check(under: stage + prefix)
        #expect(try Scratch.regularFiles(under: stage) == Set(expected.files.keys.map { String((prefix + "/" + $0).dropFirst()) }))

        let uninstall = try Make.run(["uninstall-files"] + variables, home: home)
        try #require(uninstall.status == 0, "make uninstall-files failed:\n\(uninstall.output)")
        #expect(try Scratch.regularFiles(under: stage).isEmpty)
    }

    /// Starts a private bus that reads `prefix`'s service files, calls the player's name so the bus
    /// starts the installed daemon, checks it serves the installed demo feed, then stops it.
    private func activateOnAPrivateBus(prefix: String, scratch: Scratch) throws {
        let work = scratch.path + "/run"
        for folder in ["state", "cache", "config", "runtime"] {
            try FileManager.default.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: true)
        }
        let busLog = work + "/bus.log"
        // dbus-daemon hands its own environment to the services it starts (plus the bus address).
        // With no session bus address and a private runtime folder, the daemon cannot reach the
        // user's real session bus even by mistake.
        let bus = try PrivateBus(
            configuration: ["<servicedir>\(prefix)/share/dbus-1/services</servicedir>"],
            environment: [
                "XDG_STATE_HOME": work + "/state", "XDG_CACHE_HOME": work + "/cache",
                "XDG_CONFIG_HOME": work + "/config", "XDG_RUNTIME_DIR": work + "/runtime", "XDG_DATA_HOME": work + "/data",
                "EARSHOT_AUDIO_SINK": "fakesink sync=true",
                "DBUS_SESSION_BUS_ADDRESS": nil, "DBUS_STARTER_ADDRESS": nil, "DBUS_STARTER_BUS_TYPE": nil,
                "DISPLAY": nil, "G_MESSAGES_DEBUG": nil,
            ],
            log: busLog)
        defer { bus.stop() }
        let client = BusClient(bus: bus)
        var log: String { (try? String(contentsOfFile: busLog, encoding: .utf8)) ?? "" }

        #expect(try client.call(bus: "ListActivatableNames").contains("'\(Self.busName)'"))
        #expect(try client.call(bus: "NameHasOwner", Self.busName) == "(false,)")
        // playerctl only lists running players, so it never activates one; a call to the name does.
        let desktopEntry = try client.gdbus(
            ["--dest", Self.busName, "--object-path", "/org/mpris/MediaPlayer2",
             "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2", "DesktopEntry"],
            timeoutSeconds: 40)
        try #require(desktopEntry.status == 0, "activation failed: \(desktopEntry.stderr)\nbus log:\n\(log)")
        #expect(desktopEntry.trimmed == "(<'earshot'>,)")

        let pidAnswer = try client.call(bus: "GetConnectionUnixProcessID", Self.busName)
        let pid = pid_t(pidAnswer.dropFirst("(uint32 ".count).prefix { $0.isNumber }) ?? 0
        try #require(pid > 0, "no process id: \(pidAnswer)")
        defer { Self.stop(pid) }
        // The daemon sees its own path with symbolic links resolved (as in /proc and the art URL).
        let realPrefix = URL(fileURLWithPath: prefix).resolvingSymlinksInPath().path
        #expect(Self.executablePath(of: pid) == realPrefix + "/bin/earshot", "the bus started something else")

        // Nothing configured: the demo feed installed next to the binary, paused at its newest episode.
        #expect(try client.playerctl("status") == "Paused", "bus log:\n\(log)")
        #expect(try client.playerctl("metadata", "xesam:album") == "Earshot Demo")
        #expect(try client.playerctl("metadata", "mpris:artUrl") == "file://\(realPrefix)/share/earshot/demo/cover.png")
    }

    /// Ends the activated daemon (a child of the bus, not of the test): SIGTERM, then SIGKILL if it is
    /// still there after 10 s.
    private static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return }
            if executablePath(of: pid) == nil { return }  // exited; its parent has not reaped it yet
            usleep(50_000)
        }
        kill(pid, SIGKILL)
    }

    /// The program a running process executes (nil once it has exited).
    private static func executablePath(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }
}

/// Every file `make install-files` installs, relative to the prefix, with its content and mode.
private struct InstalledFiles {
    static let dbusService = "share/dbus-1/services/org.mpris.MediaPlayer2.earshot.service"
    var files: [String: (content: Data, mode: Int)] = [:]

    init(prefix: String, unitDirectory: String) throws {
        let source = Make.repository
        func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: source + "/" + path)) }
        func template(_ path: String) throws -> Data {
            Data(try String(contentsOfFile: source + "/" + path, encoding: .utf8)
                .replacingOccurrences(of: "@BINDIR@", with: prefix + "/bin").utf8)
        }
        files["bin/earshot"] = (try Data(contentsOf: URL(fileURLWithPath: EarshotProcess.executable)), 0o755)
        // The desktop files with their translations, and each language's catalogue (scripts/translations).
        let translated = try Scratch()
        func desktop(_ name: String) throws -> Data {
            let made = try Make.script("translations", ["desktop", source + "/data/" + name, translated.path + "/" + name])
            try #require(made.status == 0, "scripts/translations desktop failed:\n\(made.output)")
            return try Data(contentsOf: URL(fileURLWithPath: translated.path + "/" + name))
        }
        files["share/applications/earshot.desktop"] = (try desktop("earshot.desktop"), 0o644)
        let catalogues = translated.path + "/locale"
        let built = try Make.script("translations", ["build", catalogues])
        try #require(built.status == 0, "scripts/translations build failed:\n\(built.output)")
        let languages = try String(contentsOfFile: source + "/po/LINGUAS", encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: "#", omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(languages.count >= 6)
        for language in languages {
            let path = "share/locale/\(language)/LC_MESSAGES/earshot.mo"
            files[path] = (try Data(contentsOf: URL(fileURLWithPath: catalogues + "/\(language)/LC_MESSAGES/earshot.mo")), 0o644)
            let pages = try Scratch()
            let made = try Make.script("generate-docs", ["--manual-only", EarshotProcess.executable, pages.path],
                                       environment: ["EARSHOT_LOCALEDIR": catalogues, "LANGUAGE": language])
            try #require(made.status == 0, "scripts/generate-docs --manual-only failed:\n\(made.output)")
            files["share/man/\(language)/man1/earshot.1"] = (try Data(contentsOf: URL(fileURLWithPath: pages.path + "/earshot.1")), 0o644)
            files["share/man/\(language)/man5/earshot.conf.5"] = (try Data(contentsOf: URL(fileURLWithPath: pages.path + "/earshot.conf.5")), 0o644)
        }
        files["share/icons/hicolor/scalable/apps/earshot.svg"] = (try read("data/icons/earshot.svg"), 0o644)
        files["share/gnome-shell/search-providers/org.earshot.Earshot.search-provider.ini"] = (try read("data/org.earshot.Earshot.search-provider.ini"), 0o644)
        files["share/krunner/dbusplugins/earshot.desktop"] = (try desktop("earshot-krunner.desktop"), 0o644)
        let demo = try FileManager.default.contentsOfDirectory(atPath: source + "/data/demo")
        #expect(demo.contains("feed.xml"))
        for name in demo { files["share/earshot/demo/" + name] = (try read("data/demo/" + name), 0o644) }
        files[Self.dbusService] = (try template("dbus/org.mpris.MediaPlayer2.earshot.service.in"), 0o644)
        files[unitDirectory + "/earshot.service"] = (try template("data/earshot.service.in"), 0o644)
        // The man pages and completions, as scripts/generate-docs makes them from the same binary.
        let docs = try Scratch()
        let generated = try Make.script("generate-docs", [EarshotProcess.executable, docs.path])
        try #require(generated.status == 0, "scripts/generate-docs failed:\n\(generated.output)")
        func document(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: docs.path + "/" + name)) }
        files["share/man/man1/earshot.1"] = (try document("earshot.1"), 0o644)
        files["share/man/man5/earshot.conf.5"] = (try document("earshot.conf.5"), 0o644)
        files["share/bash-completion/completions/earshot"] = (try document("earshot.bash"), 0o644)
        files["share/zsh/site-functions/_earshot"] = (try document("_earshot"), 0o644)
        files["share/fish/vendor_completions.d/earshot.fish"] = (try document("earshot.fish"), 0o644)
        // The speech recognition helper's sources and the script that sets it up for a listener.
        let helper = try FileManager.default.contentsOfDirectory(atPath: source + "/transcriber").filter { $0.hasSuffix(".py") }
        #expect(helper.contains("earshot_transcriber.py"))
        for name in helper + ["requirements.txt"] { files["share/earshot/transcriber/" + name] = (try read("transcriber/" + name), 0o644) }
        files["share/earshot/transcriber/setup"] = (try read("scripts/setup-transcriber"), 0o755)
    }

    /// Expects each file under `root` with its content and mode.
    func check(under root: String) throws {
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let full = root + "/" + path
            guard FileManager.default.fileExists(atPath: full) else {
                Issue.record("\(full) was not installed")
                continue
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: full)) == file.content, "\(path) differs from its source")
            let mode = (try FileManager.default.attributesOfItem(atPath: full)[.posixPermissions] as? Int) ?? 0
            #expect(mode == file.mode, "\(path) has mode \(String(mode, radix: 8))")
        }
    }
}

/// Runs this repository's Makefile.
private enum Make {
    /// The repository root (this file is Tests/EarshotDaemonTests/InstallTests.swift).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    struct Result {
        var status: Int32
        /// Standard output and error together.
        var output: String
    }

    /// `scripts/NAME ARGUMENTS` of this repository.
    static func script(_ name: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        try execute([repository + "/scripts/" + name] + arguments, environment: environment)
    }

    /// `make -C <repository> ARGUMENTS` with a clean make environment (not the variables of a `make
    /// test` this may run under).
    static func run(_ arguments: [String], home: String? = nil) throws -> Result {
        var environment: [String: String?] = [:]
        for name in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "GNUMAKEFLAGS", "DESTDIR", "PREFIX", "BINDIR",
                     "DATADIR", "DBUS_SERVICE_DIR", "SYSTEMD_USER_UNIT_DIR", "DEMO_DIR", "EARSHOT_BINARY"] {
            environment[name] = .some(nil)
        }
        if let home { environment["HOME"] = home }
        return try execute(["make", "--no-print-directory", "-C", repository] + arguments, environment: environment)
    }

    /// Runs `command` with `environment` changed, its standard output and error read together.
    private static func execute(_ command: [String], environment: [String: String?]) throws -> Result {
        let output = try ChildPipe()
        defer { close(output.read) }
        let child: ChildProcess
        do {
            defer { close(output.write) }
            child = try ChildProcess(command, environment: environment, stdout: output.write, stderr: output.write)
        }
        let text = output.readAll()
        return Result(status: child.wait(), output: text)
    }
}

/// gdbus and playerctl on the private bus.
private struct BusClient {
    let bus: PrivateBus
    let context = MainContext()

    func gdbus(_ arguments: [String], timeoutSeconds: Double = 20) throws -> Subprocess.Output {
        try Subprocess.run(["gdbus", "call", "--session"] + arguments, busAddress: bus.address, context: context,
                           timeoutSeconds: timeoutSeconds)
    }

    /// A method of the bus itself; its answer as gdbus prints it.
    func call(bus method: String, _ arguments: String...) throws -> String {
        try gdbus(["--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                   "--method", "org.freedesktop.DBus." + method] + arguments).trimmed
    }

    func playerctl(_ arguments: String...) throws -> String {
        try Subprocess.run(["playerctl", "-p", "earshot"] + arguments, busAddress: bus.address, context: context).trimmed
    }
}

/// A temporary folder for one test, removed at the end.
private final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-install-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ file: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// The regular files under `root`, relative to it.
    static func regularFiles(under root: String) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: Set<String> = []
        while let path = walker.nextObject() as? String {
            let type = try FileManager.default.attributesOfItem(atPath: root + "/" + path)[.type] as? FileAttributeType
            if type == .typeRegular { files.insert(path) }
        }
        return files
    }
}
