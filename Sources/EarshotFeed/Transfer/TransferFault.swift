import Foundation

/// A transfer Earshot stopped on purpose: a redirect it will not follow, or a server too slow to wait
/// for. Feeds, cover art and episode downloads report these the same way.
public enum TransferFault: Error, Sendable, Equatable, CustomStringConvertible {
    /// An http(s) address redirected somewhere other than http(s) (`file://`, `ftp://`…): followed, it
    /// would let a remote server make Earshot read local files (or wait for ever on a FIFO).
    case redirectRefused(from: String, to: String)
    /// The whole transfer took longer than its deadline.
    case deadlineExceeded(seconds: Double)
    /// The body arrived slower than the minimum rate, averaged over the window.
    case tooSlow(minimumBytesPerSecond: Int64, windowSeconds: Double)

    public var description: String {
        switch self {
        case .redirectRefused(let from, let to):
            return "\(from) redirected to \(to), which Earshot refuses: a redirect from http or https may only lead to http or https"
        case .deadlineExceeded(let seconds):
            return "the transfer took longer than its limit of \(Self.format(seconds)) s"
        case .tooSlow(let rate, let window):
            return "the server sent less than \(rate) bytes per second over \(Self.format(window)) s"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
