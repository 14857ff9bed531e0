import Foundation
import Testing
@testable import EarshotPlayback

/// A fixture decoded from start to end without any seek, through the same engine and output: the
/// ground truth a landing after a seek is compared with, sample by sample.
struct ReferenceAudio: Sendable {
    let sampleRate: Int
    /// Channel 0 as floats; index i is stream time i / sampleRate.
    let samples: [Float]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var decoded: [AudioFormat: ReferenceAudio] = [:]

    /// The reference for `format` (decoded once per test run).
    static func of(_ format: AudioFormat) throws -> ReferenceAudio {
        try lock.withLock {
            if let known = decoded[format] { return known }
            let url = try #require(try AudioFixtures.file(format))
            let reference = try decode(url)
            decoded[format] = reference
            return reference
        }
    }

    private static func decode(_ url: URL) throws -> ReferenceAudio {
        try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: false)) { harness in
            let tap = harness.engine.tapOutput(captureLimit: Int(AudioFixtures.length + 1) * 48_000)
            harness.engine.load(uri: url)
            harness.engine.play()
            try #require(harness.wait(timeout: 30) { harness.recorder.endOfStreamCount > 0 })
            let landing = try #require(tap.lastLanding)
            try #require(landing.firstBufferTime == .zero, "decoding from the start begins at \(landing.firstBufferTime)")
            return ReferenceAudio(sampleRate: landing.sampleRate, samples: landing.samples)
        }
    }
}

/// How well a captured stretch of audio lines up with the reference.
struct Alignment: CustomStringConvertible {
    /// Offset in samples between where the landing claims to be and where its audio really is in the
    /// reference (0: the timestamps tell the truth).
    let lag: Int
    /// Normalised correlation at that offset (1: identical shape).
    let correlation: Double
    /// Largest sample difference at that offset.
    let maxDifference: Float

    var description: String { "lag \(lag) samples, correlation \(correlation), max difference \(maxDifference)" }

    /// Compares `captured[skip ..< skip+window]`, claimed to start at reference index `start`, against
    /// the reference shifted by every lag within ±`radius`; returns the best match.
    static func find(_ captured: [Float], claimedStart start: Int, in reference: [Float],
                     skip: Int = 2048, window: Int = 2048, radius: Int = 512) -> Alignment? {
        guard captured.count >= skip + window, start + skip - radius >= 0,
              start + skip + window + radius <= reference.count else { return nil }
        return captured.withUnsafeBufferPointer { a in
            reference.withUnsafeBufferPointer { r in
                var best = Alignment(lag: 0, correlation: -2, maxDifference: .infinity)
                var energyA = 0.0
                for i in 0..<window { energyA += Double(a[skip + i]) * Double(a[skip + i]) }
                for lag in -radius...radius {
                    let base = start + skip + lag
                    var dot = 0.0, energyR = 0.0
                    for i in 0..<window {
                        let x = Double(a[skip + i]), y = Double(r[base + i])
                        dot += x * y
                        energyR += y * y
                    }
                    let correlation = energyA > 0 && energyR > 0 ? dot / (energyA * energyR).squareRoot() : 0
                    if correlation > best.correlation {
                        var difference: Float = 0
                        for i in 0..<window { difference = max(difference, abs(a[skip + i] - r[base + i])) }
                        best = Alignment(lag: lag, correlation: correlation, maxDifference: difference)
                    }
                }
                return best
            }
        }
    }
}
