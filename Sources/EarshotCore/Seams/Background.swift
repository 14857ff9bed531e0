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
