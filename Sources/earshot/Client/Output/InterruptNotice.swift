import Glibc

/// What Ctrl-C says during a job the daemon runs (`add`, `import`, `refresh`): the command stops
/// following it, the daemon finishes it. Without this, Ctrl-C would end the command in silence and leave
/// the listener wondering whether the import was undone.
enum InterruptNotice {
    /// The bytes the handler writes: prepared beforehand, since a signal handler may only call
    /// async-signal-safe functions such as write(2).
    private nonisolated(unsafe) static var notice: UnsafeMutableRawBufferPointer?

    /// From now on, SIGINT erases the progress line (on a terminal), prints `earshot: <text>` on
    /// standard error and ends the command with status 130, as shells expect of an interrupted command.
    static func install(_ text: String) {
        let clear = Terminal.isTerminal(Terminal.standardError) ? "\r\u{1B}[K" : ""
        let bytes = Array((clear + "earshot: " + text + "\n").utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        buffer.copyBytes(from: bytes)
        notice = buffer
        signal(SIGINT) { _ in
            if let notice = InterruptNotice.notice { _ = write(2, notice.baseAddress, notice.count) }
            _exit(130)
        }
    }
}
