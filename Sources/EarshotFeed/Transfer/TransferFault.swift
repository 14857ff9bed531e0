import EarshotLocale
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
            return tr("%1$s redirected to %2$s, which Earshot refuses: a redirect from http or https may only lead to http or https", "\(from)", "\(to)")
        case .deadlineExceeded(let seconds):
            return tr("the transfer took longer than its limit of %s s", "\(Self.format(seconds))")
        case .tooSlow(let rate, let window):
            return tr("the server sent less than %1$s bytes per second over %2$s s", "\(rate)", "\(Self.format(window))")
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
