import Foundation
import Glibc

/// One run of the built `earshot` on a pseudo-terminal, standard output and error both on it, as a person
/// at a terminal sees it: its status and every byte it wrote (the terminal's "\r\n" as "\n").
public struct TerminalRun {
    public let status: Int32
    public let bytes: [UInt8]

    /// The output as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Runs `earshot arguments` with `environment` changes on a terminal `columns` wide.
    public init(_ arguments: [String], environment: [String: String?], columns: UInt16 = 100, timeoutSeconds: Double = 30) throws {
        let (master, slave) = try PseudoTerminal.open(columns: columns)
        defer { close(master) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        // The slave stays open until the end: with no slave open, Linux discards what the master has not read.
        defer { close(slave) }
        let child = try ChildProcess([EarshotProcess.executable] + arguments, environment: environment, stdout: slave, stderr: slave)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func drain() {
            while true {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return }
                output += buffer[0..<count]
            }
        }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while child.poll() == nil {
            drain()
            guard Date() < deadline else {
                child.signal(SIGKILL)
                _ = child.wait()
                throw TestFailure("earshot \(arguments.joined(separator: " ")) did not finish in \(Int(timeoutSeconds)) s")
            }
            usleep(10_000)
        }
        drain()
        status = child.poll() ?? -1
        var text: [UInt8] = []
        for (index, byte) in output.enumerated() where !(byte == 0x0D && index + 1 < output.count && output[index + 1] == 0x0A) {
            text.append(byte)
        }
        bytes = text
    }
}
