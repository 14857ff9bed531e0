import EarshotGLib
import Glibc

/// Runs a command-line client (playerctl, busctl) against the private bus while the test's context
/// keeps iterating, so the service in the same thread can answer it.
public enum Subprocess {
    /// What a finished client printed and returned.
    public struct Output {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var trimmed: String { stdout.trimmingCharacters(in: " \n") }
    }

    /// Runs `arguments` with `DBUS_SESSION_BUS_ADDRESS` set to `busAddress`, iterating `context` until
    /// it exits (or `timeoutSeconds` pass).
    public static func run(
        _ arguments: [String], busAddress: String, context: MainContext, timeoutSeconds: Double = 20
    ) throws -> Output {
        let out = try ChildPipe()
        let err = try ChildPipe()
        defer { close(out.read); close(err.read) }
        let child: ChildProcess
        do {
            defer { close(out.write); close(err.write) }
            child = try ChildProcess(
                arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress, "DISPLAY": nil],
                stdout: out.write, stderr: err.write)
        }
        // Output is small (well under a pipe buffer); read it once the process has ended.
        let tick = context.addTimeout(milliseconds: 5) { true }  // wakes the loop to poll the child
        defer { tick.cancel() }
        guard context.iterate(until: { child.poll() != nil }, timeoutSeconds: timeoutSeconds) else {
            child.signal(SIGKILL)
            _ = child.wait()
            throw TestFailure("\(arguments.joined(separator: " ")) did not finish in \(timeoutSeconds) s")
        }
        return Output(status: child.poll() ?? -1, stdout: out.readAll(), stderr: err.readAll())
    }
}

/// A long-running client (`playerctl --follow`, `earshot transcript --follow`) whose output and errors
/// are read while it runs.
public final class RunningProcess {
    private let child: ChildProcess
    private let out: ChildPipe
    private let err: ChildPipe
    private var outBytes: [UInt8] = []
    private var errBytes: [UInt8] = []

    /// What it printed on standard output so far (as of the last wait).
    public var output: String { String(decoding: outBytes, as: UTF8.self) }
    /// What it printed on standard error so far (as of the last wait).
    public var errors: String { String(decoding: errBytes, as: UTF8.self) }

    public init(_ arguments: [String], busAddress: String) throws {
        let (out, err) = (try ChildPipe(), try ChildPipe())
        for pipe in [out, err] { _ = fcntl(pipe.read, F_SETFL, fcntl(pipe.read, F_GETFL) | O_NONBLOCK) }
        defer {
            close(out.write)
            close(err.write)
        }
        self.out = out
        self.err = err
        child = try ChildProcess(
            arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress, "DISPLAY": nil],
            stdout: out.write, stderr: err.write)
    }

    deinit {
        stop()
        close(out.read)
        close(err.read)
    }

    /// Iterates `context` until the output so far satisfies `condition`.
    public func waitForOutput(on context: MainContext, timeoutSeconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
        let tick = context.addTimeout(milliseconds: 5) { true }
        defer { tick.cancel() }
        return context.iterate(until: { drain(); return condition(output) }, timeoutSeconds: timeoutSeconds)
    }

    /// Iterates `context` until the errors so far satisfy `condition`.
    public func waitForErrors(on context: MainContext, timeoutSeconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
        let tick = context.addTimeout(milliseconds: 5) { true }
        defer { tick.cancel() }
        return context.iterate(until: { drain(); return condition(errors) }, timeoutSeconds: timeoutSeconds)
    }

    /// Iterates `context` until the process ends by itself; its exit status, or nil if it still runs
    /// after `timeoutSeconds`.
    public func waitForExit(on context: MainContext, timeoutSeconds: Double = 10) -> Int32? {
        child.waitForExit(on: context, timeoutSeconds: timeoutSeconds, meanwhile: drain)
    }

    /// Ends the process with SIGTERM; its exit status.
    @discardableResult
    public func stop() -> Int32 {
        child.signal(SIGTERM)
        let status = child.wait()
        drain()
        return status
    }

    private func drain() {
        Self.read(out, into: &outBytes)
        Self.read(err, into: &errBytes)
    }

    private static func read(_ pipe: ChildPipe, into bytes: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(pipe.read, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes += buffer[0..<count]
        }
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    public func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var view = Substring(self)
        while let first = view.first, characters.contains(first) { view = view.dropFirst() }
        while let last = view.last, characters.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
