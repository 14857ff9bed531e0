import EarshotGLib

/// Delivers events to the owner on the engine's context, in order, never from inside a command call:
/// events posted during one iteration are handed over together at the start of the next one, each with
/// the stamp of the load that was current when it was posted.
final class EventQueue {
    private let context: MainContext
    /// One event of either kind, so both kinds keep their order.
    enum Event {
        case playback(PlaybackEvent)
        case listening(ListeningEvent)
    }

    /// The load events posted now belong to (`PlaybackEngine.load` moves it on).
    var load = LoadStamp(rawValue: 0)
    private var pending: [(Event, LoadStamp)] = []
    private var flush: SourceHandle?
    private let deliver: (Event, LoadStamp) -> Void

    /// A queue whose events go to `deliver` on `context`.
    init(context: MainContext, deliver: @escaping (Event, LoadStamp) -> Void) {
        self.context = context
        self.deliver = deliver
    }

    deinit { flush?.cancel() }

    /// Queues `event` for delivery.
    func post(_ event: PlaybackEvent) { enqueue(.playback(event)) }

    /// Queues `event` for delivery.
    func post(_ event: ListeningEvent) { enqueue(.listening(event)) }

    private func enqueue(_ event: Event) {
        pending.append((event, load))
        guard flush == nil else { return }
        // A zero timeout runs at default priority, like the bus watch, so events are not starved by it.
        flush = context.addTimeout(milliseconds: 0) { [weak self] in
            self?.drain()
            return false
        }
    }

    /// Drops undelivered events (the engine is going away).
    func cancel() {
        flush?.cancel()
        flush = nil
        pending.removeAll()
    }

    private func drain() {
        flush = nil
        while !pending.isEmpty {
            let (event, load) = pending.removeFirst()
            deliver(event, load)
        }
    }
}
