import CGLib
import CGStreamer
import Glibc

/// Counts how many GStreamer objects of a type are created and not yet destroyed, through the activity
/// checkpoints of GStreamer's `leaks` tracer (GStreamer ≥ 1.18), which name the types of the objects
/// created and destroyed without handing out the objects themselves.
///
/// The tracer exists only when it was asked for before `gst_init`: call `trackBeforeInitialising(_:)`
/// first thing in a process (or start it with `GST_TRACERS=leaks…`). A test process has usually
/// initialised GStreamer already, so tests count in a child process (`earshot-bench loads`).
public final class GStreamerObjectCensus {
    private let tracer: UnsafeMutablePointer<GstTracer>
    private var growth: [String: Int] = [:]

    /// Asks for a leaks tracer that follows the objects of `typeNames` (e.g. `["GstVolume"]`), unless
    /// `GST_TRACERS` already says what to trace. Without effect once GStreamer is initialised.
    public static func trackBeforeInitialising(_ typeNames: [String]) {
        setenv("GST_TRACERS", "leaks(filters=\"\(typeNames.joined(separator: ","))\",stack-traces-flags=none)", 0)
    }

    /// Starts counting from now (initialising GStreamer if nothing did yet); nil when GStreamer runs
    /// without a leaks tracer.
    public init?() {
        guard gst_is_initialized() != 0 || gst_init_check(nil, nil, nil) != 0, let found = Self.activeLeaksTracer() else { return nil }
        tracer = found
        emit("activity-start-tracking", into: nil)
    }

    deinit {
        emit("activity-stop-tracking", into: nil)
        gst_object_unref(tracer)
    }

    /// How many more objects named `typeName` (e.g. `"GstVolume"`) are alive than when counting began:
    /// those created since, less those destroyed since. Only types the tracer follows are counted.
    public func netCreated(_ typeName: String) -> Int {
        takeCheckpoint()
        return growth[typeName, default: 0]
    }

    /// Adds the objects created and destroyed since the last checkpoint to `growth`.
    private func takeCheckpoint() {
        var result = GValue()
        g_value_init(&result, gst_structure_get_type())
        defer { g_value_unset(&result) }
        emit("activity-get-checkpoint", into: &result)
        guard let checkpoint = g_value_get_boxed(&result)?.assumingMemoryBound(to: GstStructure.self) else { return }
        for (field, sign) in [("objects-created-list", 1), ("objects-removed-list", -1)] {
            guard let list = gst_structure_get_value(checkpoint, field) else { continue }
            for index in 0..<gst_value_list_get_size(list) {
                guard let entry = gst_value_list_get_value(list, index), let object = gst_value_get_structure(entry),
                      let name = gst_structure_get_string(object, "type-name") else { continue }
                growth[String(cString: name), default: 0] += sign
            }
        }
    }

    /// Emits the tracer's action signal `name`, its result going to `result` (initialised to the
    /// signal's return type; nil for none). Through `g_signal_emitv`: `g_signal_emit_by_name` is variadic.
    private func emit(_ name: String, into result: UnsafeMutablePointer<GValue>?) {
        let signal = g_signal_lookup(name, Self.type(of: tracer))
        guard signal != 0 else { return }
        var instance = GValue()
        g_value_init(&instance, Self.type(of: tracer))
        g_value_set_object(&instance, tracer)
        defer { g_value_unset(&instance) }
        g_signal_emitv(&instance, signal, 0, result)
    }

    /// A new reference to the first active leaks tracer.
    private static func activeLeaksTracer() -> UnsafeMutablePointer<GstTracer>? {
        guard let tracers = gst_tracing_get_active_tracers() else { return nil }
        defer { g_list_free_full(tracers) { gst_object_unref($0) } }
        var node: UnsafeMutablePointer<GList>? = tracers
        while let current = node {
            node = current.pointee.next
            guard let tracer = current.pointee.data?.assumingMemoryBound(to: GstTracer.self),
                  String(cString: g_type_name(type(of: tracer))) == "GstLeaksTracer" else { continue }
            return UnsafeMutableRawPointer(gst_object_ref(tracer)).assumingMemoryBound(to: GstTracer.self)
        }
        return nil
    }

    private static func type(of tracer: UnsafeMutablePointer<GstTracer>) -> GType {
        UnsafeMutableRawPointer(tracer).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }
}
