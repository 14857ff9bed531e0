import CGLib
import EarshotGLib
import Glibc

/// A child process started with `posix_spawnp`, reaped with `waitpid`.
///
/// Not GSubprocess: GLib learns of a child's exit through SIGCHLD, which every thread of the test
/// runner blocks, so its child watches never fire. The child also gets an empty signal mask and
/// default dispositions (the runner's threads block SIGTERM, and a spawned process inherits that).
public final class ChildProcess {
    public let pid: pid_t
    public private(set) var exitStatus: Int32?
    /// The most memory the process had resident at once, in KiB (its `ru_maxrss`), once reaped.
    public private(set) var peakResidentKilobytes: Int?
    public let name: String

    /// The variables that choose a language or locale conventions; a child sees none of the test
    /// runner's (only `LANG=C.UTF-8`) unless its test sets them.
    public static let localeVariables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC", "LC_CTYPE",
                                         "LC_COLLATE", "LOCPATH", "EARSHOT_LOCALEDIR"]

    /// Starts `arguments` (looked up in PATH) with `environment` changes applied (nil unsets), stdin
    /// from /dev/null, and stdout/stderr on the given descriptors (else inherited).
    public init(_ arguments: [String], environment changes: [String: String?] = [:], stdout: Int32? = nil, stderr: Int32? = nil) throws {
        name = arguments[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { environment[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        // Every child runs in the C locale unless its test names a language, so English output is the
        // same on every machine whatever the developer's own locale is.
        for key in Self.localeVariables { environment[key] = nil }
        environment["LANG"] = "C.UTF-8"
        for (key, value) in changes { environment[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// The exit status if the process has ended (reaping it), else nil.
    @discardableResult
    public func poll() -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        var usage = rusage()
        let result = wait4(pid, &status, WNOHANG, &usage)
        if result == pid {
            exitStatus = Self.decode(status)
            peakResidentKilobytes = usage.ru_maxrss
        } else if result < 0 && errno == ECHILD {
            exitStatus = -1
        }
        return exitStatus
    }

    /// Waits for the process to end; its exit status (-signal when killed).
    public func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, 0, &usage)
            if result == pid {
                exitStatus = Self.decode(status)
                peakResidentKilobytes = usage.ru_maxrss
                break
            }
            if result < 0 && errno != EINTR { exitStatus = -1; break }
        }
        return exitStatus!
    }

    /// Iterates `context` until the process ends, calling `meanwhile` at each wake (to read its output as
    /// it comes) and once more at the end; its exit status, or nil if it still runs after `timeoutSeconds`.
    public func waitForExit(on context: MainContext, timeoutSeconds: Double, meanwhile: () -> Void) -> Int32? {
        let tick = context.addTimeout(milliseconds: 5) { true }  // wakes the loop to poll the child
        defer { tick.cancel() }
        _ = context.iterate(until: { meanwhile(); return poll() != nil }, timeoutSeconds: timeoutSeconds)
        meanwhile()
        return poll()
    }

    /// Sends `signal` to the process if it has not been reaped.
    public func signal(_ signal: Int32) {
        if exitStatus == nil { kill(pid, signal) }
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : -signal
    }
}

/// A pipe whose descriptors are close-on-exec (so children spawned by other tests running in parallel
/// do not inherit them; `adddup2` clears the flag on the child's copy).
public struct ChildPipe {
    public let read: Int32
    public let write: Int32

    public init() throws {
        var fds: [Int32] = [0, 0]
        guard g_unix_open_pipe(&fds, FD_CLOEXEC, nil) != 0 else { throw TestFailure("cannot open a pipe") }
        read = fds[0]
        write = fds[1]
    }

    /// Reads everything until end of file (after the writer closed).
    public func readAll() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(read, &buffer, buffer.count)
            if count > 0 { bytes += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads one line (blocking).
    public func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(read, &byte, 1)
            if count == 1 { if byte == 10 { break }; bytes.append(byte); continue }
            if count < 0 && errno == EINTR { continue }
            if bytes.isEmpty { return nil }
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
