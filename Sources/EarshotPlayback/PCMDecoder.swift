import CEarshot
import CGStreamer
import EarshotGLib
import Foundation

/// Decodes an audio file to raw PCM (signed 16-bit little-endian, mono, at `rate` Hz) from `offset`
/// seconds and writes it to a file descriptor (the transcriber's stdin), then closes it: GStreamer's
/// `filesrc ! decodebin ! audioconvert ! audioresample ! capsfilter ! fdsink`.
///
/// The pipeline lives on a thread of its own, never on the loop: writes to a full pipe wait there
/// (back-pressure from a paused helper), and `finished` runs on that thread with nil, or why the file
/// could not be decoded. `stop()` ends it early from any thread.
public final class PCMDecoder: @unchecked Sendable {
    private let file: URL
    private let offset: Double
    private let rate: Int
    private let descriptor: Int32
    private let lock = NSLock()
    private var bus: UnsafeMutablePointer<GstBus>?
    private var stopped = false
    private var failure: String?

    /// Why decoding failed, once it did (nil: it has not, or not yet).
    public var problem: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// A decoder of `file` from `offset` seconds into `descriptor`, which it owns (and closes).
    public init(file: URL, offset: Double, rate: Int = 16_000, into descriptor: Int32) {
        self.file = file
        self.offset = max(0, offset.isFinite ? offset : 0)
        self.rate = rate
        self.descriptor = descriptor
    }

    /// Starts decoding on a new thread; `finished` runs on it at the end.
    public func start(finished: @escaping @Sendable (String?) -> Void) {
        let thread = Thread { [self] in
            let problem = self.decode()
            close(self.descriptor)
            self.lock.lock()
            self.failure = problem
            self.lock.unlock()
            finished(problem)
        }
        thread.name = "earshot-decoder"
        thread.qualityOfService = .background
        thread.start()
    }

    /// Ends the decoding soon (the descriptor is closed); safe from any thread, more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        guard let bus else { return }
        gst_bus_post(bus, gst_message_new_application(nil, gst_structure_new_empty("earshot-stop")))
    }

    private func decode() -> String? {
        do { try GStreamer.initialize() } catch { return "\(error)" }
        let description = "filesrc name=source ! decodebin ! audioconvert ! audioresample ! "
            + "audio/x-raw,format=S16LE,channels=1,rate=\(rate),layout=interleaved ! fdsink name=sink sync=false"
        var error: UnsafeMutablePointer<GError>?
        guard let pipeline = gst_parse_launch(description, &error) else {
            return GLibError(taking: error).map { "\($0)" } ?? "cannot build the decoder"
        }
        if let error { g_error_free(error) }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let source = gst_bin_get_by_name(bin, "source"), let sink = gst_bin_get_by_name(bin, "sink") else { return "cannot build the decoder" }
        earshot_object_set_string(source, "location", file.path)
        earshot_object_set_uint(sink, "fd", UInt32(bitPattern: descriptor))
        gst_object_unref(source)
        gst_object_unref(sink)
        guard let bus = gst_element_get_bus(pipeline) else { return "cannot build the decoder" }
        defer { gst_object_unref(bus) }
        lock.lock()
        let stoppedEarly = stopped
        self.bus = bus
        lock.unlock()
        defer { lock.lock(); self.bus = nil; lock.unlock() }
        if stoppedEarly { return nil }
        if offset > 0 {
            gst_element_set_state(pipeline, GST_STATE_PAUSED)
            if let problem = wait(bus, for: GST_MESSAGE_ASYNC_DONE) { return problem == "" ? nil : problem }
            let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
            if gst_element_seek_simple(pipeline, GST_FORMAT_TIME, flags, gint64(offset * 1_000_000_000)) != 0 {
                if let problem = wait(bus, for: GST_MESSAGE_ASYNC_DONE) { return problem == "" ? nil : problem }
            }
        }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let problem = wait(bus, for: GST_MESSAGE_EOS)
        return problem == "" ? nil : problem
    }

    /// Waits for `awaited`: nil when it came, "" when stopped, else the error's words.
    private func wait(_ bus: UnsafeMutablePointer<GstBus>, for awaited: GstMessageType) -> String? {
        let types = GstMessageType(rawValue: awaited.rawValue | GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_APPLICATION.rawValue)
        while true {
            guard let message = gst_bus_timed_pop_filtered(bus, GStreamer.timeNone, types) else { continue }
            defer { gst_message_unref(message) }
            let type = message.pointee.type
            if type == GST_MESSAGE_APPLICATION { return "" }
            if type == GST_MESSAGE_ERROR {
                var error: UnsafeMutablePointer<GError>?
                gst_message_parse_error(message, &error, nil)
                return GLibError(taking: error).map { "cannot decode \(file.lastPathComponent): \($0)" } ?? "cannot decode \(file.lastPathComponent)"
            }
            if type == awaited {
                // ASYNC_DONE of the whole pipeline only.
                return nil
            }
        }
    }
}
