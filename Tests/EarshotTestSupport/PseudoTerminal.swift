import Glibc

/// A pseudo-terminal pair, so a test can give `earshot` a terminal (isatty, a window size).
///
/// Swift's Glibc module does not declare posix_openpt, grantpt, unlockpt or ptsname_r (they sit behind
/// _XOPEN_SOURCE), so they are looked up in the C library at run time.
public enum PseudoTerminal {
    /// Opens a pair `columns` wide: (master, slave), both close-on-exec.
    public static func open(columns: UInt16) throws -> (master: Int32, slave: Int32) {
        typealias Operation = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        guard let openpt = symbol("posix_openpt", Operation.self), let grant = symbol("grantpt", Operation.self),
              let unlock = symbol("unlockpt", Operation.self), let name = symbol("ptsname_r", Name.self)
        else { throw TestFailure("the C library has no pseudo-terminals") }
        let master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var path = [CChar](repeating: 0, count: 128)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, name(master, &path, path.count) == 0 else {
            throw TestFailure("cannot open a pseudo-terminal")
        }
        let device = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = Glibc.open(device, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw TestFailure("cannot open \(device)") }
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        return (master, slave)
    }

    private static func symbol<T>(_ name: String, _ type: T.Type) -> T? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
}
