import Foundation

/// Keeps the search index whole while the daemon runs, in the background: it fills the index in steps
/// (after the upgrade that makes it again, or when it was found damaged), and checks it at a start
/// that follows an unclean stop. Each step is one short job on the store's worker, queued when the last
/// one is done, so the store's other work goes between them and the loop never waits; `find` answers
/// from what is filled meanwhile, and `isRebuilding` says so.
public final class SearchIndexUpkeep {
    private let store: SearchIndexStore
    private let background: Background
    private let log: (String) -> Void
    /// Whether the index is being filled: find's results may be incomplete.
    public private(set) var isRebuilding = false
    private var running = false
    private var stopped = false

    /// The rows each step indexes (about a quarter of a second of the writer's time).
    static let stepRows = 2_000

    public init(store: SearchIndexStore, background: Background, log: @escaping (String) -> Void) {
        self.store = store
        self.background = background
        self.log = log
        let nudge = Nudge(background: background)
        nudge.upkeep = self
        store.whenSearchIndexIsDamaged { nudge.poke() }
    }

    /// Notes that the daemon runs; after an unclean stop, checks the index first. Then fills what needs it.
    public func start() {
        let store = self.store
        background.run({ () -> (damaged: [String], error: String?) in
            do {
                guard try store.noteRunning() else { return ([], nil) }
                return (try store.mendSearchIndex(), nil)
            } catch {
                return ([], "\(error)")
            }
        }) { [weak self] result in
            guard let self else { return }
            if let error = result.error { self.log("cannot check the search index: \(error)") }
            self.fill()
        }
    }

    /// Notes that the daemon stops cleanly (the next start needs no check); no more steps are queued.
    public func stop() {
        stopped = true
        let store = self.store
        background.run { try? store.noteStopped() }
    }

    /// Fills the index, one step at a time, while it needs it.
    func fill() {
        guard !running, !stopped else { return }
        running = true
        let store = self.store, rows = Self.stepRows
        background.run({ () -> (more: Bool, error: String?) in
            do { return (try store.fillSearchIndex(rows: rows), nil) } catch { return (false, "\(error)") }
        }) { [weak self] result in
            guard let self else { return }
            self.running = false
            if let error = result.error {
                self.log("cannot fill the search index: \(error)")
            } else if result.more {
                if !self.isRebuilding { self.log("rebuilding the search index in the background: find's results may be incomplete until it is done") }
                self.isRebuilding = true
                self.fill()
            } else {
                if self.isRebuilding { self.log("the search index is rebuilt") }
                self.isRebuilding = false
            }
        }
    }

    /// Takes word of a damaged index from the store's thread back to the loop (through `background`,
    /// whose `run` any thread may call), where the fill starts.
    private final class Nudge: @unchecked Sendable {
        let background: Background
        weak var upkeep: SearchIndexUpkeep?

        init(background: Background) {
            self.background = background
        }

        func poke() {
            background.run({}) { [weak self] in self?.upkeep?.fill() }
        }
    }
}
