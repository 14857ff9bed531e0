import CEarshot
import CGLib
import CGStreamer
import EarshotGLib

/// Dispatches the messages of a pipeline's bus on one chosen main context (not GLib's global default),
/// so each engine runs on the context of the thread that created it.
final class BusWatch {
    private let source: UnsafeMutablePointer<GSource>

    /// Starts watching `bus` on `context`; `handler` runs there for each message until the watch is
    /// destroyed (with this object).
    init(bus: UnsafeMutablePointer<GstBus>, context: MainContext, handler: @escaping (UnsafeMutablePointer<GstMessage>) -> Void) {
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        source = earshot_bus_watch_new(bus, { _, message, data in
            if let message, let data {
                Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue().handler(message)
            }
            return 1  // G_SOURCE_CONTINUE
        }, box, { data in
            if let data { Unmanaged<HandlerBox>.fromOpaque(data).release() }
        })
        g_source_attach(source, context.raw)
    }

    deinit {
        g_source_destroy(source)
        g_source_unref(source)
    }
}

private final class HandlerBox {
    let handler: (UnsafeMutablePointer<GstMessage>) -> Void
    init(_ handler: @escaping (UnsafeMutablePointer<GstMessage>) -> Void) { self.handler = handler }
}
