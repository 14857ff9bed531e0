import CGLib

extension MainContext {
    /// Runs `body` on this context whenever `descriptor` has something to read or hung up (`body`'s
    /// argument: whether it hung up or failed), until it returns false or the handle is cancelled: the
    /// terminal interface's keyboard.
    @discardableResult
    public func addReadWatch(descriptor: Int32, _ body: @escaping (Bool) -> Bool) -> SourceHandle {
        let source = g_unix_fd_source_new(descriptor, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue))
        let box = Unmanaged.passRetained(ReadWatchBox(body)).toOpaque()
        let callback: GUnixFDSourceFunc = { _, condition, data in
            let hungUp = condition.rawValue & (G_IO_HUP.rawValue | G_IO_ERR.rawValue) != 0
            return Unmanaged<ReadWatchBox>.fromOpaque(data!).takeUnretainedValue().body(hungUp) ? 1 : 0
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), box, { data in
            Unmanaged<ReadWatchBox>.fromOpaque(data!).release()
        })
        g_source_attach(source, raw)
        return SourceHandle(source: source!)
    }

    /// Runs `body` on this context after each delivery of the Unix signal `number` (SIGWINCH, SIGTERM),
    /// until it returns false or the handle is cancelled.
    @discardableResult
    public func addSignalWatch(_ number: Int32, _ body: @escaping () -> Bool) -> SourceHandle {
        let source = g_unix_signal_source_new(number)
        let box = Unmanaged.passRetained(WatchBox(body)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<WatchBox>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
        }, box, { data in
            Unmanaged<WatchBox>.fromOpaque(data!).release()
        })
        g_source_attach(source, raw)
        return SourceHandle(source: source!)
    }
}

private final class WatchBox {
    let body: () -> Bool
    init(_ body: @escaping () -> Bool) { self.body = body }
}

private final class ReadWatchBox {
    let body: (Bool) -> Bool
    init(_ body: @escaping (Bool) -> Bool) { self.body = body }
}
