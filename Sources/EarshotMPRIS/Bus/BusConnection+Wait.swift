/// How long a method call may wait for its reply.
public enum CallTimeout: Sendable, Equatable {
    /// libdbus's default (25 seconds).
    case standard
    /// No limit: for methods that answer only when long work is done (a refresh of every feed).
    case unlimited
    /// At most this many milliseconds.
    case milliseconds(Int32)

    /// The value libdbus takes: -1 for its default, `DBUS_TIMEOUT_INFINITE` for none.
    var libdbusMilliseconds: Int32 {
        switch self {
        case .standard: -1
        case .unlimited: Int32.max  // DBUS_TIMEOUT_INFINITE
        case .milliseconds(let value): max(0, value)
        }
    }
}

extension BusConnection {
    /// Sends a method call and iterates the connection's context until its reply (or error) arrives.
    ///
    /// Other sources on the context keep running meanwhile, so signal handlers (progress reports) and
    /// timers fire while the call is outstanding. For clients such as the command line, whose thread has
    /// nothing else to do; a service must never wait like this on its own loop.
    public func callAndWait(_ message: BusMessage, timeout: CallTimeout = .standard) throws(BusError) -> BusMessage {
        var result: Result<BusMessage, BusError>?
        call(message, timeoutMilliseconds: timeout.libdbusMilliseconds) { result = $0 }
        while result == nil { context.iterate(mayBlock: true) }
        return try result!.get()
    }
}
