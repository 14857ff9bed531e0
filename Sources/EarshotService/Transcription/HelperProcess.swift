import CGLib
import EarshotGLib
import Foundation

/// A helper process started with GLib (`g_spawn_async_with_pipes`): its stdout read line by line on
/// the loop without waiting (a unix fd source), its end seen by a child watch; stderr goes to Earshot's
/// own (the journal) unless `quiet`. `stdin` is the write end of its standard input, for the caller to
/// own and close.
final class HelperProcess {
    /// Its process id.
    let pid: pid_t
    /// The write end of its standard input (-1 when not asked for).
    let stdin: Int32
    private let stdout: Int32
    private var buffer: [UInt8] = []
    private var outputSource: UnsafeMutablePointer<GSource>?
    private var childSource: UnsafeMutablePointer<GSource>?
    private var outputEnded = false
    private var exitStatus: Int32?
    private var line: ((Substring) -> Void)?
    private var ended: ((HelperExit) -> Void)?

    /// Starts `arguments` (the program first), with a pipe to its stdin when `withInput` and its stderr
    /// thrown away when `quiet`; `line` gets each line of its stdout and `ended` its exit once stdout is
    /// closed too, both on `context`.
    init(_ arguments: [String], withInput: Bool, quiet: Bool = false, context: MainContext, line: @escaping (Substring) -> Void,
         ended: @escaping (HelperExit) -> Void) throws {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: GPid = 0, input: Int32 = -1, output: Int32 = -1
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_CLOEXEC_PIPES.rawValue
                                | (quiet ? G_SPAWN_STDERR_TO_DEV_NULL.rawValue : 0))
        let started = argv.withUnsafeMutableBufferPointer { argv in
            withInput
                ? g_spawn_async_with_pipes(nil, argv.baseAddress, nil, flags, nil, nil, &pid, &input, &output, nil, &error)
                : g_spawn_async_with_pipes(nil, argv.baseAddress, nil, flags, nil, nil, &pid, nil, &output, nil, &error)
        }
        guard started != 0 else { throw HelperFailure(GLibError(taking: error).map { "\($0)" } ?? "cannot start \(arguments[0])") }
        self.pid = pid
        stdin = input
        stdout = output
        self.line = line
        self.ended = ended
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        let box = Unmanaged.passRetained(self)
        let reading = g_unix_fd_source_new(output, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue))
        g_source_set_callback(reading, unsafeBitCast({ (fd: Int32, _: GIOCondition, data: UnsafeMutableRawPointer?) -> gboolean in
            Unmanaged<HelperProcess>.fromOpaque(data!).takeUnretainedValue().readOutput() ? 1 : 0
        } as @convention(c) (Int32, GIOCondition, UnsafeMutableRawPointer?) -> gboolean, to: GSourceFunc.self), box.toOpaque(), nil)
        g_source_attach(reading, context.raw)
        outputSource = reading
        let watching = g_child_watch_source_new(pid)
        g_source_set_callback(watching, unsafeBitCast({ (_: GPid, status: Int32, data: UnsafeMutableRawPointer?) in
            Unmanaged<HelperProcess>.fromOpaque(data!).takeUnretainedValue().exited(status)
        } as @convention(c) (GPid, Int32, UnsafeMutableRawPointer?) -> Void, to: GSourceFunc.self), box.toOpaque(), nil)
        g_source_attach(watching, context.raw)
        childSource = watching
    }

    /// Sends `signal` to the helper while it runs.
    func signal(_ signal: Int32) {
        guard exitStatus == nil else { return }
        kill(pid, signal)
    }

    /// Forgets the callbacks: nothing more is reported (the process is still reaped).
    func silence() {
        line = nil
        ended = nil
    }

    private func readOutput() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(stdout, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                deliverLines()
                if buffer.count > 1 << 20 { buffer.removeAll() }  // a line longer than 1 MiB is no line of the protocol
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return true }
            // End of output (or an error reading it).
            if !buffer.isEmpty { buffer.append(10); deliverLines() }
            close(stdout)
            outputEnded = true
            outputSource.map { g_source_unref($0) }
            outputSource = nil
            finishIfDone()
            return false
        }
    }

    private func deliverLines() {
        guard let end = buffer.lastIndex(of: 10) else { return }
        let text = String(decoding: buffer[...end], as: UTF8.self)
        buffer.removeSubrange(...end)
        for part in text.split(separator: "\n", omittingEmptySubsequences: true) { line?(part) }
    }

    private func exited(_ status: Int32) {
        g_spawn_close_pid(pid)
        exitStatus = status
        childSource.map { g_source_unref($0) }
        childSource = nil
        finishIfDone()
    }

    private func finishIfDone() {
        guard outputEnded, let status = exitStatus else { return }
        let ended = self.ended
        silence()
        ended?(HelperExit(status: status))
        Unmanaged.passUnretained(self).release()  // the sources' reference
    }
}

/// How a helper process ended.
struct HelperExit: Equatable, CustomStringConvertible {
    /// The exit code, when it exited.
    let code: Int32?
    /// The signal that ended it, when one did.
    let signal: Int32?

    init(status: Int32) {
        let signal = status & 0x7f
        self.signal = signal == 0 ? nil : signal
        code = signal == 0 ? (status >> 8) & 0xff : nil
    }

    var description: String {
        if let code { return "exited with status \(code)" }
        return "was ended by signal \(signal ?? 0)"
    }
}

/// A helper that could not be started, in plain words.
struct HelperFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
