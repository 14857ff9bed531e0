import EarshotService
import Foundation
import Testing

@Suite("SerialWorker: the daemon's background thread")
struct SerialWorkerTests {
    /// `earshot --feed` with an unreachable feed exits at once: its workers may be let go before their
    /// threads first run, which then must not touch a freed worker (it crashed the process under load).
    @Test func aWorkerLetGoBeforeItsThreadStartsDoesNotCrashTheProcess() {
        for index in 0..<300 { _ = SerialWorker(label: "let-go-\(index)") }
        let kept = SerialWorker(label: "kept")
        let ran = Atomic(false)
        kept.run({ ran.set(true) }, completion: { _ in })
        kept.drain()
        #expect(ran.value)
    }
}

/// A flag set on the worker's thread and read on the test's.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    func set(_ value: Bool) { lock.withLock { stored = value } }
    var value: Bool { lock.withLock { stored } }
}
