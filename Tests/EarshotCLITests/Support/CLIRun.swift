import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc

/// One finished run of the `earshot` binary: its status and what it printed.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The most memory `earshot` had resident at once, in KiB.
    var peakResidentKilobytes: Int

    /// Runs `earshot` with `DBUS_SESSION_BUS_ADDRESS` set to `busAddress`, iterating `context` (where
    /// the test double answers) until it exits.
    init(_ arguments: [String], busAddress: String, context: MainContext, terminal: Bool, columns: UInt16) throws {
        let environment: [String: String?] = ["DBUS_SESSION_BUS_ADDRESS": busAddress, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let out: OutputCapture, err: OutputCapture?
        if terminal {
            out = try OutputCapture.terminal(columns: columns)
            err = nil
        } else {
            out = try OutputCapture.pipe()
            err = try OutputCapture.pipe()
        }
        let child: ChildProcess
        do {
            defer { out.closeChildEnd(); err?.closeChildEnd() }
            child = try ChildProcess([EarshotProcess.executable] + arguments, environment: environment,
                                     stdout: out.childEnd, stderr: (err ?? out).childEnd)
        }
        let tick = context.addTimeout(milliseconds: 5) { true }  // wakes the loop to poll the child
        defer { tick.cancel() }
        let finished = context.iterate(until: {
            out.drain()
            err?.drain()
            return child.poll() != nil
        }, timeoutSeconds: 30)
        if !finished {
            child.signal(SIGKILL)
            _ = child.wait()
            throw TestFailure("earshot \(arguments.joined(separator: " ")) did not finish in 30 s")
        }
        out.drain()
        err?.drain()
        status = child.poll() ?? -1
        peakResidentKilobytes = child.peakResidentKilobytes ?? 0
        stdout = out.text
        stderr = err?.text ?? ""
    }
}

/// Where a child's output goes and is read back from: a pipe, or a pseudo-terminal with a window size.
final class OutputCapture {
    let childEnd: Int32
    private let readEnd: Int32
    private let isTerminal: Bool
    private var bytes: [UInt8] = []
    private var childEndOpen = true

    private init(read: Int32, write: Int32, terminal: Bool) {
        readEnd = read
        childEnd = write
        isTerminal = terminal
        _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
    }

    static func pipe() throws -> OutputCapture {
        let pipe = try ChildPipe()
        return OutputCapture(read: pipe.read, write: pipe.write, terminal: false)
    }

    static func terminal(columns: UInt16) throws -> OutputCapture {
        let (master, slave) = try PseudoTerminal.open(columns: columns)
        return OutputCapture(read: master, write: slave, terminal: true)
    }

    deinit {
        if childEndOpen { close(childEnd) }
        close(readEnd)
    }

    /// Closes the parent's copy of a pipe's write end once the child has it. A terminal's slave stays
    /// open until the end: with no slave open, Linux discards what the master has not read yet.
    func closeChildEnd() {
        guard childEndOpen, !isTerminal else { return }
        childEndOpen = false
        close(childEnd)
    }

    /// Reads what is available now.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes += buffer[0..<count]
        }
    }

    /// Everything read, as text (a terminal's "\r\n" as "\n").
    var text: String {
        let text = String(decoding: bytes, as: UTF8.self)
        return isTerminal ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }
}
