import Glibc

/// Saves the input being parsed when the process crashes (a fatal signal: a trap, a bad access, an
/// abort) or hangs past a deadline (SIGALRM), then lets the signal end the process as it would have.
///
/// Only async-signal-safe calls run in the handler (open, write, close, signal, raise); the paths are
/// prepared as C strings beforehand, and the handler runs on its own stack so that a stack overflow is
/// caught too.
enum CrashRecorder {
    nonisolated(unsafe) private static var input: UnsafeRawBufferPointer?
    nonisolated(unsafe) private static var crashPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var hangPath: UnsafeMutablePointer<CChar>?

    /// Installs the handlers; crashing inputs go to `crashFile`, inputs that run past the alarm to `hangFile`.
    static func install(crashFile: String, hangFile: String) {
        crashPath = strdup(crashFile)
        hangPath = strdup(hangFile)
        let size = 1 << 16
        var stack = stack_t(ss_sp: malloc(size), ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGALRM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in CrashRecorder.record(signal) }
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
        }
    }

    /// Runs `body` with `bytes` as the input to save, and an alarm after `seconds`.
    static func guarding<T>(_ bytes: [UInt8], seconds: UInt32, _ body: () -> T) -> T {
        bytes.withUnsafeBytes { buffer in
            input = buffer
            alarm(seconds)
            defer { alarm(0); input = nil }
            return body()
        }
    }

    private static func record(_ signal: Int32) {
        let path = signal == SIGALRM ? hangPath : crashPath
        if let path, let input, case let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644), fd >= 0 {
            _ = write(fd, input.baseAddress, input.count)
            close(fd)
            let note: StaticString = "\nfuzz-parser: the input is saved in "
            _ = write(2, note.utf8Start, note.utf8CodeUnitCount)
            _ = write(2, path, strlen(path))
            _ = write(2, "\n", 1)
        }
        Glibc.signal(signal == SIGALRM ? SIGABRT : signal, SIG_DFL)
        raise(signal == SIGALRM ? SIGABRT : signal)
    }
}
