import CEarshot
import CGLib
import EarshotGLib

/// Reads a `GInputStream` to its end on a main context, in 64 KiB chunks, enforcing a byte limit as the
/// bytes arrive (a server cannot make Earshot read past it) and, for HTTP, that the body ends whole.
/// Feeds, cover art and chapters files download this way.
///
/// The reader keeps itself and the stream alive while a read is pending; `chunk` receives each piece of
/// data and `done` the outcome, once, on the context.
public final class StreamReader {
    /// How a read ended.
    public enum Outcome {
        /// The stream reached its end (for a chunked HTTP body: its terminating chunk).
        case finished
        /// More than the limit arrived; reading stopped (the caller cancels the transfer).
        case tooLarge
        /// Reading failed (nil: the stream gave no reason), or an HTTP body ended before it was whole.
        case failed(GLibError?)
    }

    private static let chunkSize = 64 * 1024
    private let stream: UnsafeMutablePointer<GInputStream>
    /// The HTTP message whose body `stream` is (nil for a file), to check that the body is whole.
    private let message: OpaquePointer?
    private let context: MainContext
    private let cancellable: UnsafeMutablePointer<GCancellable>?
    private let limit: Int64
    /// The reads' priority on the loop: low by default, below the bus and playback, so a refresh of
    /// hundreds of feeds never keeps a D-Bus call waiting behind its reads.
    private let priority: Int32
    private let chunk: (UnsafeRawBufferPointer) -> Void
    private let done: (Outcome) -> Void
    private var received: Int64 = 0

    /// Starts reading `stream`, the body of `message` when it comes from HTTP (the reader references
    /// both until it ends). A body that ends before it is whole (`ResponseBodyEnd`) fails.
    @discardableResult
    public init(_ stream: UnsafeMutablePointer<GInputStream>, of message: OpaquePointer?, on context: MainContext,
         cancellable: UnsafeMutablePointer<GCancellable>?, limit: Int64, priority: Int32 = G_PRIORITY_LOW, chunk: @escaping (UnsafeRawBufferPointer) -> Void,
         done: @escaping (Outcome) -> Void) {
        g_object_ref(UnsafeMutableRawPointer(stream))
        if let message { g_object_ref(UnsafeMutableRawPointer(message)) }
        self.stream = stream
        self.message = message
        self.context = context
        self.cancellable = cancellable
        self.limit = limit
        self.priority = priority
        self.chunk = chunk
        self.done = done
        readNext()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(stream))
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
    }

    private func readNext() {
        context.withThreadDefault {
            g_input_stream_read_bytes_async(stream, gsize(Self.chunkSize), priority, cancellable, { _, result, data in
                let reader = Unmanaged<StreamReader>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let bytes = g_input_stream_read_bytes_finish(reader.stream, result, &error)
                reader.received(bytes, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func received(_ bytes: OpaquePointer?, error: GLibError?) {
        guard let bytes else { return done(.failed(error)) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else {
            if let cut = ResponseBodyEnd.cutError(of: stream, message: message) { return done(.failed(cut)) }
            return done(.finished)
        }
        received += Int64(size)
        guard received <= limit else { return done(.tooLarge) }
        chunk(UnsafeRawBufferPointer(start: data, count: Int(size)))
        readNext()
    }
}
