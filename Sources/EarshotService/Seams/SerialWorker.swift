import EarshotCore
import EarshotGLib
import Foundation

/// The daemon's `Background`: one thread of its own at a low priority (nice 10, like the parsing
/// workers), so a bulk write never competes with the loop; results come back through the main context
/// and completions are released there.
public final class SerialWorker: Background, @unchecked Sendable {
    private let context: MainContext
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var busy = false

    /// A worker named `label` whose results return to `context`.
    public init(label: String, context: MainContext = .threadDefault()) {
        self.context = context
        // The thread holds its worker: it serves for the life of the process, and may first run after
        // whoever made the worker has let it go (`earshot --feed` failing at once).
        let thread = Thread { self.serve() }
        thread.name = label
        thread.start()
    }

    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        let delivery = CompletionBox(completion)
        let context = self.context
        condition.withLock {
            jobs.append {
                let value = work()
                context.invoke { delivery.deliver(value) }
            }
            condition.signal()
        }
    }

    /// Blocks until everything submitted so far has run (at exit, so the last progress is written).
    public func drain() {
        condition.withLock {
            while busy || !jobs.isEmpty { condition.wait() }
        }
    }

    /// The thread's body: runs jobs in order, for the life of the process.
    private func serve() {
        Worker.yieldToLoop()
        while true {
            let job: @Sendable () -> Void = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                busy = true
                return jobs.removeFirst()
            }
            job()
            condition.withLock {
                busy = false
                condition.broadcast()
            }
        }
    }
}
