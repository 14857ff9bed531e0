import EarshotCore
import EarshotGLib
import EarshotMPRIS
import EarshotStore

/// Announces org.earshot.Earshot1's `DownloadProgress` signal from the session's `downloadsMoved`
/// events, which `Downloads` already paces (a few a second while something downloads, none otherwise),
/// so that a client shows a download's bar moving without polling `Downloads`.
public final class DownloadProgressSignal {
    private weak var object: ExportedObject?
    private var subscription: EventSubscription?

    /// Follows `session`'s events and signals on `object` (org.earshot.Earshot1's).
    public init(session: Session, object: ExportedObject) {
        self.object = object
        subscription = session.events.subscribe { [weak self] event in
            if case .downloadsMoved(let records) = event { self?.announce(records) }
        }
    }

    /// The signal's one argument, `a(xsxx)`: each record's episode, state, bytes and size (-1: unknown).
    public static func argument(_ records: [DownloadRecord]) -> DBusValue {
        .array(elementSignature: "(xsxx)", records.map { record in
            .structure([.int64(record.episode.rawValue), .string(record.state.rawValue), .int64(record.bytes),
                        .int64(record.totalBytes ?? -1)])
        })
    }

    private func announce(_ records: [DownloadRecord]) {
        do {
            try object?.emit(interface: EarshotIntrospection.interface, signal: "DownloadProgress", arguments: [Self.argument(records)])
        } catch {
            Log.warning("D-Bus: cannot emit DownloadProgress: \(error)")
        }
    }

    /// Stops following the session (at exit).
    public func stop() { subscription?.cancel() }
}
