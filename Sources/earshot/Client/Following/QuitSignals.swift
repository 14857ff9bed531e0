import CGLib
import EarshotGLib
import Glibc

/// Runs a closure on a main context when SIGINT or SIGTERM arrives, as long as this object lives:
/// GLib's Unix signal sources, so the closure runs as ordinary code on the context's thread (it may
/// write, tidy up and exit), whenever the context iterates, a call's wait included.
final class QuitSignals {
    private let sources: [UnsafeMutablePointer<GSource>]

    init(on context: MainContext, _ body: @escaping () -> Void) {
        sources = [SIGINT, SIGTERM].map { signal in
            let source = g_unix_signal_source_new(signal)!
            let box = Unmanaged.passRetained(Handler(body)).toOpaque()
            g_source_set_callback(source, { data in
                Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().body()
                return 1  // G_SOURCE_CONTINUE: removed by deinit
            }, box, { data in Unmanaged<Handler>.fromOpaque(data!).release() })
            g_source_attach(source, context.raw)
            return source
        }
    }

    deinit {
        for source in sources {
            g_source_destroy(source)
            g_source_unref(source)
        }
    }

    private final class Handler {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
