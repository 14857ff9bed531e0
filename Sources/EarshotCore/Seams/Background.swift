import EarshotGLib
import Foundation

/// Where store work runs: off the loop, one job at a time in submission order (so a read submitted
/// after a write sees it), with each result handed back on the loop. The loop never waits for it.
public protocol Background: AnyObject {
    /// Runs `work` after everything submitted before it; `completion` runs later on the loop.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void)
}

extension Background {
    /// Runs `work` in order, with nothing to hand back.
    public func run(_ work: @escaping @Sendable () -> Void) {
        run(work, completion: { (_: Void) in })
    }
}

/// The daemon's `Background`: one serial queue at low priority; results come back through the main
/// context, and completions are released there.
public final class SerialWorker: Background {
    private let queue: DispatchQueue
    private let context: MainContext

    /// A worker named `label` whose results return to `context`.
    public init(label: String, context: MainContext = .threadDefault()) {
        queue = DispatchQueue(label: label, qos: .utility)
        self.context = context
    }

    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        let delivery = Delivery(completion)
        let context = self.context
        queue.async {
            let value = work()
            context.invoke { delivery.deliver(value) }
        }
    }

    /// Blocks until everything submitted so far has run (at exit, so the last progress is written).
    public func drain() {
        queue.sync {}
    }
}

/// Holds a completion until it runs on the loop's thread, where it is also released.
private final class Delivery<Value>: @unchecked Sendable {
    private var completion: ((Value) -> Void)?
    init(_ completion: @escaping (Value) -> Void) { self.completion = completion }
    func deliver(_ value: Value) {
        let completion = self.completion
        self.completion = nil
        completion?(value)
    }
}
