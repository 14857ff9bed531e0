import CEarshot
import CGLib
import CGStreamer
import EarshotGLib
import EarshotLocale
import Foundation
import Synchronization

/// The element playbin renders audio to, built from a gst-launch description, with the headless fallback.
///
/// The description comes from the caller, else `EARSHOT_AUDIO_SINK`, else `autoaudiosink`. Before use, the
/// sink is opened once (NULL → READY): if that fails, or if `autoaudiosink` found no device and settled for
/// its internal fakesink, the output becomes `fakesink sync=true`, so position still advances in real time.
final class AudioOutput {
    /// The description used when no working audio device exists.
    static let fallbackDescription = "fakesink sync=true"
    /// The environment variable that names the default output.
    static let environmentVariable = "EARSHOT_AUDIO_SINK"

    /// The sink bin (owned; its "sink" pad is a ghost pad).
    let element: UnsafeMutablePointer<GstElement>
    /// The description this output was built from.
    let description: String
    /// Whether this is the fallback fakesink that replaced a sink that did not work.
    let isFallback: Bool

    private init(element: UnsafeMutablePointer<GstElement>, description: String, isFallback: Bool) {
        self.element = element
        self.description = description
        self.isFallback = isFallback
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(element)
    }

    /// The output for `requested` (nil: environment, then autoaudiosink), falling back when it cannot play.
    static func resolve(_ requested: String?) -> AudioOutput {
        let environment = ProcessInfo.processInfo.environment[environmentVariable]
        let description = [requested, environment].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? "autoaudiosink"
        switch parse(description) {
        case .failure(let problem):
            return fallback(because: "\(description): \(problem.message)")
        case .success(let element):
            if let problem = problemOpening(element, description: description) {
                gst_object_unref(element)
                return fallback(because: "\(description): \(problem)")
            }
            return AudioOutput(element: element, description: description, isFallback: false)
        }
    }

    /// The synchronised fakesink, with one warning per process saying why.
    static func fallback(because reason: String) -> AudioOutput {
        if !warned.exchange(true, ordering: .relaxed) {
            Log.warning("no working audio output (\(reason)); playing to \"\(fallbackDescription)\"")
        }
        // Parsing this fixed description only fails if the core fakesink element is missing.
        let element = (try? parse(fallbackDescription).get())
            ?? UnsafeMutableRawPointer(gst_object_ref_sink(gst_bin_new("earshot-null-output"))!).assumingMemoryBound(to: GstElement.self)
        return AudioOutput(element: element, description: fallbackDescription, isFallback: true)
    }

    /// Whether `object` is this output or one of the elements inside it.
    func contains(_ object: UnsafeMutablePointer<GstObject>?) -> Bool {
        guard let object else { return false }
        let me = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstObject.self)
        return object == me || gst_object_has_as_ancestor(object, me) != 0
    }

    /// Calls `body` with the sink pad of the element that renders the audio: the first sink inside the
    /// output bin, after any converters the description puts before it. Nothing happens without one.
    func withSinkPad(_ body: (UnsafeMutablePointer<GstPad>) -> Void) {
        guard let sink = renderingElement() else { return }
        defer { gst_object_unref(sink) }
        guard let pad = gst_element_get_static_pad(sink, "sink") else { return }
        defer { gst_object_unref(pad) }
        body(pad)
    }

    /// A new reference to the first sink element inside the output, or to the output itself.
    private func renderingElement() -> UnsafeMutablePointer<GstElement>? {
        guard earshot_is_bin(element) != 0 else {
            return UnsafeMutableRawPointer(gst_object_ref(element)).assumingMemoryBound(to: GstElement.self)
        }
        let bin = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
        guard let iterator = gst_bin_iterate_sinks(bin) else { return nil }
        defer { gst_iterator_free(iterator) }
        var item = GValue()
        guard gst_iterator_next(iterator, &item) == GST_ITERATOR_OK else { return nil }
        defer { g_value_unset(&item) }
        return UnsafeMutableRawPointer(g_value_dup_object(&item)).assumingMemoryBound(to: GstElement.self)
    }

    private static let warned = Atomic<Bool>(false)

    /// A description that gst_parse_bin_from_description refused.
    struct ParseFailure: Error {
        let message: String
    }

    private static func parse(_ description: String) -> Result<UnsafeMutablePointer<GstElement>, ParseFailure> {
        var error: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &error)
        if let problem = GLibError(taking: error) {
            if let bin { gst_object_unref(bin) }
            return .failure(ParseFailure(message: problem.message))
        }
        guard let bin else { return .failure(ParseFailure(message: "empty description")) }
        let element = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstElement.self)
        gst_object_ref_sink(element)
        return .success(element)
    }

    /// Opens the sink once to see whether it works; nil when it does.
    private static func problemOpening(_ element: UnsafeMutablePointer<GstElement>, description: String) -> String? {
        defer { gst_element_set_state(element, GST_STATE_NULL) }
        guard gst_element_set_state(element, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE else {
            return tr("the device could not be opened")
        }
        // autoaudiosink settles for a fakesink of its own when no real sink opens.
        if !description.contains("fakesink"), containsFakeSink(element) {
            return tr("no audio device found")
        }
        return nil
    }

    private static func containsFakeSink(_ element: UnsafeMutablePointer<GstElement>) -> Bool {
        guard earshot_is_bin(element) != 0 else {
            return String(cString: earshot_element_factory_name(element)) == "fakesink"
        }
        let bin = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
        guard let iterator = gst_bin_iterate_recurse(bin) else { return false }
        defer { gst_iterator_free(iterator) }
        var item = GValue()
        defer { g_value_unset(&item) }
        while gst_iterator_next(iterator, &item) == GST_ITERATOR_OK {
            let child = g_value_get_object(&item).assumingMemoryBound(to: GstElement.self)
            if String(cString: earshot_element_factory_name(child)) == "fakesink" { return true }
            g_value_reset(&item)
        }
        return false
    }
}
