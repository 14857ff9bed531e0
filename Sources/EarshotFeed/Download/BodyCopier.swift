import CGLib
import EarshotGLib

/// Copies a response body to a file without holding it in memory and without blocking the loop: reads
/// with `g_input_stream_read_bytes_async`, writes with `g_output_stream_write_all_async` (GIO runs local
/// file writes on its worker threads), one read and one write in flight at once, so at most three
/// 256 KiB chunks exist at any time. Every callback runs on the context; `done` once, when no write is
/// in flight any more.
final class BodyCopier {
    /// How a copy ended.
    enum Outcome {
        /// The body ended (for a chunked body: with its terminating chunk) and every byte is written.
        case finished
        /// `accept` refused the first chunk; nothing was written.
        case refused
        /// Reading failed (nil: the stream gave no reason), or a chunked body ended without its last chunk.
        case readFailed(GLibError?)
        /// Writing failed.
        case writeFailed(GLibError?)
    }

    private static let chunkSize = 256 * 1024
    /// The reads' and writes' priority on the loop: below the default the bus and playback use, so a
    /// D-Bus call that arrives while many downloads run is answered before their next chunks.
    private static let ioPriority = G_PRIORITY_LOW
    private let input: UnsafeMutablePointer<GInputStream>
    private let output: UnsafeMutablePointer<GOutputStream>
    private let context: MainContext
    private let cancellable: UnsafeMutablePointer<GCancellable>?
    private let accept: (UnsafeRawBufferPointer) -> Bool
    private let received: (Int) -> Void
    private let written: (Int) -> Void
    private var done: ((Outcome) -> Void)?
    private var isFirstChunk = true
    private var reading = false
    private var writing: OpaquePointer?
    private var waiting: OpaquePointer?
    private var inputEnded = false
    /// An outcome held back until the write in flight ends (the owner closes the file after `done`).
    private var ending: Outcome?

    /// Starts copying; references both streams until it ends.
    @discardableResult
    init(from input: UnsafeMutablePointer<GInputStream>, to output: UnsafeMutablePointer<GOutputStream>, on context: MainContext,
         cancellable: UnsafeMutablePointer<GCancellable>?, accept: @escaping (UnsafeRawBufferPointer) -> Bool,
         received: @escaping (Int) -> Void, written: @escaping (Int) -> Void, done: @escaping (Outcome) -> Void) {
        g_object_ref(UnsafeMutableRawPointer(input))
        g_object_ref(UnsafeMutableRawPointer(output))
        self.input = input
        self.output = output
        self.context = context
        self.cancellable = cancellable
        self.accept = accept
        self.received = received
        self.written = written
        self.done = done
        read()
    }

    deinit {
        if let writing { g_bytes_unref(writing) }
        if let waiting { g_bytes_unref(waiting) }
        g_object_unref(UnsafeMutableRawPointer(input))
        g_object_unref(UnsafeMutableRawPointer(output))
    }

    private func read() {
        reading = true
        context.withThreadDefault {
            g_input_stream_read_bytes_async(input, gsize(Self.chunkSize), Self.ioPriority, cancellable, { _, result, data in
                let copier = Unmanaged<BodyCopier>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let bytes = g_input_stream_read_bytes_finish(copier.input, result, &error)
                copier.didRead(bytes, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func didRead(_ bytes: OpaquePointer?, error: GLibError?) {
        reading = false
        guard let bytes else { return end(.readFailed(error)) }
        guard g_bytes_get_size(bytes) > 0 else {
            g_bytes_unref(bytes)
            if let cut = ChunkedBodyEnd.cutError(of: input) { return end(.readFailed(cut)) }
            inputEnded = true
            if writing == nil { end(.finished) }
            return
        }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        received(Int(size))
        if isFirstChunk {
            isFirstChunk = false
            guard accept(UnsafeRawBufferPointer(start: data, count: Int(size))) else {
                g_bytes_unref(bytes)
                return end(.refused)
            }
        }
        if writing == nil {
            write(bytes)
            read()
        } else {
            waiting = bytes  // the next read starts when this chunk is handed to the writer
        }
    }

    private func write(_ bytes: OpaquePointer) {
        writing = bytes
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        context.withThreadDefault {
            g_output_stream_write_all_async(output, data, size, Self.ioPriority, cancellable, { _, result, data in
                let copier = Unmanaged<BodyCopier>.fromOpaque(data!).takeRetainedValue()
                var count: gsize = 0
                var error: UnsafeMutablePointer<GError>?
                let ok = g_output_stream_write_all_finish(copier.output, result, &count, &error) != 0
                copier.didWrite(Int(count), ok: ok, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func didWrite(_ count: Int, ok: Bool, error: GLibError?) {
        if let writing { g_bytes_unref(writing) }
        writing = nil
        if count > 0 { written(count) }
        guard ok else { return end(.writeFailed(error)) }
        if let ending {
            self.ending = nil
            return end(ending)
        }
        if let next = waiting {
            waiting = nil
            write(next)
            if !inputEnded && !reading { read() }
        } else if inputEnded {
            end(.finished)
        }
    }

    private func end(_ outcome: Outcome) {
        if writing != nil {
            if ending == nil { ending = outcome }
            return
        }
        guard let done else { return }
        self.done = nil
        done(outcome)
    }
}
