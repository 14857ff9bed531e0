import Glibc

/// Whether standard output and standard error are terminals, and how wide.
enum Terminal {
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's columns (`TIOCGWINSZ`), or 80 when it does not say.
    static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The width tables on standard output are cut to: the terminal's, or none when it is not one.
    static var outputWidth: Int? {
        isTerminal(standardOutput) ? columns(of: standardOutput) : nil
    }
}
