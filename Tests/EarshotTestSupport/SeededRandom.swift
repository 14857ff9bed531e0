import Foundation

/// SplitMix64: a small, fast generator whose whole run follows from one 64-bit seed, so a failing fuzz
/// run is replayed exactly by giving its seed back (`EARSHOT_FUZZ_SEED`), and a benchmark's episode and
/// seek targets are the same in every run.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen element of a non-empty collection.
    public mutating func pick<C: Collection>(_ items: C) -> C.Element {
        items[items.index(items.startIndex, offsetBy: Int.random(in: 0..<items.count, using: &self))]
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
