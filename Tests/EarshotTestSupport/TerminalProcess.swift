import EarshotGLib
import Foundation
import Glibc

/// A long-running client on a pseudo-terminal (`earshot transcript --follow` as a person sees it):
/// standard output and error both on it, read while it runs (the terminal's "\r\n" as "\n"), and
/// signals sent to it as a keyboard would (Ctrl-C is SIGINT).
public final class TerminalProcess {
    private let child: ChildProcess
    private let master: Int32
    /// Kept open while the process runs: with no slave open, Linux discards what the master has not read.
    private let slave: Int32
    private var bytes: [UInt8] = []

    /// Everything written to the terminal so far (as of the last wait).
    public var output: String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Starts `arguments` on a terminal `columns` wide, against the bus at `busAddress`.
    public init(_ arguments: [String], busAddress: String, columns: UInt16 = 80) throws {
        (master, slave) = try PseudoTerminal.open(columns: columns)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        do {
            child = try ChildProcess(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress, "DISPLAY": nil],
                                     stdout: slave, stderr: slave)
        } catch {
            close(master)
            close(slave)
            throw error
        }
    }

    deinit {
        child.signal(SIGKILL)
        _ = child.wait()
        close(master)
        close(slave)
    }

    /// Iterates `context` until the output so far satisfies `condition`.
    public func waitForOutput(on context: MainContext, timeoutSeconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
        let tick = context.addTimeout(milliseconds: 5) { true }
        defer { tick.cancel() }
        return context.iterate(until: { drain(); return condition(output) }, timeoutSeconds: timeoutSeconds)
    }

    /// Sends `signal` to the process.
    public func signal(_ signal: Int32) { child.signal(signal) }

    /// Iterates `context` until the process ends; its exit status, or nil if it still runs after
    /// `timeoutSeconds`.
    public func waitForExit(on context: MainContext, timeoutSeconds: Double = 10) -> Int32? {
        child.waitForExit(on: context, timeoutSeconds: timeoutSeconds, meanwhile: drain)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes += buffer[0..<count]
        }
    }
}
