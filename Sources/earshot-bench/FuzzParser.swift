import ArgumentParser
import EarshotFeed
import Foundation
import Glibc

/// `earshot-bench fuzz-parser`: a bounded mutation-fuzzing run of the feed parser (`FeedParser`, whole
/// and streamed in random chunks), `OPMLDocument.parse`, the directories' reply readers, the web page
/// feed-link reader and `TranscriptDocument.parse` in each format (`FuzzedReader`), seeded from the test fixtures and, when present,
/// `../shared/corpus` (read in place, never copied into the tree).
///
/// Prints the executions, their rate, and the slowest input (saved with its time); a crash or a hang
/// saves the input under `--out` and ends the run with the signal, for `scripts/fuzz-parser` to count
/// and restart with the next seed.
struct FuzzParser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-parser", abstract: "Mutation-fuzz the feed, OPML, directory reply, web page and transcript readers for a bounded time.")

    @Option(help: "How long to run, in seconds.")
    var seconds: Double = 60

    @Option(help: "The generator's seed (default: random; printed either way).")
    var seed: UInt64?

    @Option(name: .customLong("corpus"), help: "A folder of seed documents (repeatable; default: the fixtures and the shared corpus).")
    var corpora: [String] = []

    @Option(help: "Where crashing, hanging and the slowest inputs are saved.")
    var out = ".build/fuzz-parser"

    @Option(help: "An execution longer than this many seconds counts as a hang.")
    var hangSeconds: UInt32 = 10

    @Option(help: "Fuzz only this reader (feed, opml, \"directory reply\", \"web page\", transcript); default: each seed's own, sometimes another.")
    var reader: FuzzedReader?

    @Option(help: "Instead of fuzzing, read this saved input with every reader and print the times.")
    var replay: String?

    func run() throws {
        if let replay {
            let input = Array(try Data(contentsOf: URL(fileURLWithPath: replay)))
            for (name, reader, chunk) in [("feed", FuzzedReader.feed, nil), ("feed in 512-byte chunks", .feed, 512)] as [(String, FuzzedReader, Int?)]
                + FuzzedReader.allCases.dropFirst().map({ ($0.rawValue, $0, nil) }) {
                let started = Self.now()
                let accepted = reader.read(input, chunk: chunk)
                print("\(name): \(String(format: "%.1f", (Self.now() - started) * 1000)) ms, \(accepted ? "accepted" : "refused")")
            }
            return
        }
        let seed = seed ?? UInt64.random(in: .min ... .max)
        let seeds = try FuzzCorpus.load(corpora.isEmpty ? FuzzCorpus.defaultFolders : corpora).filter { reader == nil || $0.reader == reader }
        guard !seeds.isEmpty else { throw ValidationError("no seed documents found") }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        CrashRecorder.install(crashFile: "\(out)/crash-\(seed).xml", hangFile: "\(out)/hang-\(seed).xml")
        print("fuzz-parser: seed \(seed), \(seeds.count) seed documents, \(Int(seconds)) s")

        var mutator = FuzzMutator(random: SplitMix(state: seed))
        var stats = FuzzStats()
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            let original = seeds[Int.random(in: 0..<seeds.count, using: &mutator.random)]
            let other = seeds[Int.random(in: 0..<seeds.count, using: &mutator.random)]
            let input = mutator.mutate(original.bytes, splicingFrom: other.bytes)
            let reader = self.reader ?? (mutator.random.chance(0.15) ? FuzzedReader.allCases[Int.random(in: 0..<FuzzedReader.allCases.count, using: &mutator.random)]
                : original.reader)
            let chunk = mutator.random.chance(0.5) ? Int.random(in: 1...8_192, using: &mutator.random) : nil
            let started = Self.now()
            let accepted = CrashRecorder.guarding(input, seconds: hangSeconds) { reader.read(input, chunk: chunk) }
            stats.record(input, target: reader.rawValue, accepted: accepted, seconds: Self.now() - started)
        }
        print(try stats.summary(seconds: seconds, savingSlowestIn: out))
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension FuzzedReader: ExpressibleByArgument {}
