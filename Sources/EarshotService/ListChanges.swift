import EarshotCore
import EarshotGLib
import EarshotMPRIS

/// Announces org.earshot.Earshot1's `Changed` signal: which of the lists a client shows (the library, Up
/// Next, episodes) the session changed. Events of one main-loop iteration give one signal, sent when the
/// loop is next idle, so a refresh of a thousand feeds or a long import does not flood the bus.
public final class ListChanges {
    private weak var object: ExportedObject?
    private let context: MainContext
    private var pending: Set<String> = []
    private var subscription: EventSubscription?

    /// Follows `session`'s events and signals on `object` (org.earshot.Earshot1's), from `context`.
    public init(session: Session, object: ExportedObject, context: MainContext) {
        self.object = object
        self.context = context
        subscription = session.events.subscribe { [weak self] event in self?.hear(event) }
    }

    /// The lists `event` changes ("library", "up-next", "episodes", "inbox"); none for the player's own
    /// changes, which MPRIS announces, nor for a download's bytes (`DownloadProgress` tells those).
    public static func parts(changedBy event: SessionEvent) -> Set<String> {
        switch event {
        case .upNextChanged: ["up-next"]
        case .podcastsChanged, .podcastRemoved, .feedStored, .refreshFinished: ["library"]
        case .newEpisodes: ["library", "episodes"]
        case .marked, .downloaded, .placesSynced, .episodeChanged, .starred, .downloadsDeleted: ["episodes"]
        case .dismissed: ["inbox"]
        case .nowPlayingChanged, .seeked, .progressSaved, .settingChanged, .listened, .transcription, .downloadsMoved: []
        }
    }

    private func hear(_ event: SessionEvent) {
        let parts = Self.parts(changedBy: event)
        guard !parts.isEmpty else { return }
        let first = pending.isEmpty
        pending.formUnion(parts)
        if first { context.addIdle { [weak self] in self?.announce() } }
    }

    private func announce() {
        let parts = pending.sorted()
        pending = []
        do {
            try object?.emit(interface: EarshotIntrospection.interface, signal: "Changed", arguments: [.stringArray(parts)])
        } catch {
            Log.warning("D-Bus: cannot emit Changed: \(error)")
        }
    }

    /// Stops following the session (at exit).
    public func stop() { subscription?.cancel() }
}
