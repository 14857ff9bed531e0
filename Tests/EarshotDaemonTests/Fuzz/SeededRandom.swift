import Foundation

/// SplitMix64: a small, fast generator whose whole run follows from one 64-bit seed, so a failing fuzz
/// run is replayed exactly by giving its seed back (`EARSHOT_FUZZ_SEED`).
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen element of a non-empty collection.
    mutating func pick<C: Collection>(_ items: C) -> C.Element {
        items[items.index(items.startIndex, offsetBy: Int.random(in: 0..<items.count, using: &self))]
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

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
