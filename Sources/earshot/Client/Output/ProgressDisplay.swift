import Foundation

/// Draws a job's progress on standard error while it runs, when standard error is a terminal: one
/// line redrawn in place with `\r` (rate-limited by `ProgressThrottle`), erased by `finish()`. Draws
/// nothing when standard error is not a terminal.
final class ProgressDisplay {
    private let label: String
    private let enabled: Bool
    private let start = Date()
    private var throttle = ProgressThrottle()
    private var drawn = false

    init(label: String, enabled: Bool = Terminal.isTerminal(Terminal.standardError)) {
        self.label = label
        self.enabled = enabled
    }

    /// Shows that `done` of `total` are finished, the last being `item`.
    func update(done: Int, total: Int, item: String) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(start)
        guard throttle.shouldDraw(at: elapsed, final: done >= total) else { return }
        let line = ProgressBar.render(
            label: label, done: done, total: total,
            remaining: ProgressEstimate.remaining(elapsed: elapsed, done: done, total: total), item: item,
            width: Terminal.columns(of: Terminal.standardError))
        write("\r" + line + "\u{1B}[K")
        drawn = true
    }

    /// Erases the line, so that what follows starts on a clean one.
    func finish() {
        guard enabled, drawn else { return }
        write("\r\u{1B}[K")
        drawn = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
