import EarshotTestSupport
import Foundation

/// How a fuzz run is chosen from the environment: its seed and its length.
extension SeededRandom {
    /// The seed in `EARSHOT_FUZZ_SEED` (decimal or 0x-hex), else a fresh random one.
    static func seedFromEnvironment() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["EARSHOT_FUZZ_SEED"] {
            if text.lowercased().hasPrefix("0x"), let seed = UInt64(text.dropFirst(2), radix: 16) { return seed }
            if let seed = UInt64(text) { return seed }
        }
        return UInt64.random(in: .min ... .max)
    }

    /// A positive integer from the environment variable `name`, else `fallback`.
    static func count(_ name: String, default fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max(1, $0) } ?? fallback
    }
}
