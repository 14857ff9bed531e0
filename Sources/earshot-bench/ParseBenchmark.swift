import ArgumentParser
import CLibXML2
import EarshotFeed
import Foundation

/// `earshot-bench parse FILE`: parses FILE into models N times and prints the median, next to the libxml2
/// floor measured in the same process and run: a bare `xmlTextReader` pass over the same bytes, which is
/// what `xmllint --stream --noout` does.
struct ParseBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse", abstract: "Time parsing a feed into models against libxml2's streaming floor.")

    @Argument(help: "The feed file.")
    var file: String

    @Option(help: "Timed runs of each (after one warm-up).")
    var runs = 15

    /// Which side to run, for profiling one of them alone (e.g. under `perf stat`).
    enum Side: String, ExpressibleByArgument { case both, earshot, floor }

    @Option(help: "Run only one side (earshot or floor), for profiling.")
    var only: Side = .both

    @Flag(help: "Also derive every episode's plain-text description inside the timed region.")
    var plainText = false

    func run() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let base = URL(string: "https://bench.example/feed.xml")
        var episodes = 0
        var earshot: [Double] = [], earshotCPU: [Double] = []
        var floor: [Double] = [], floorCPU: [Double] = []
        for run in 0...runs {
            // Alternate the two so that drift in the machine's speed affects both alike. The models are
            // released after the clock stops: freeing them is not parsing.
            var feed: ParsedFeed?
            let (e, eCPU) = only == .floor ? (0, 0) : time {
                feed = try? FeedParser.parse(bytes, baseURL: base).get()
                if plainText { _ = feed?.channel.episodes.reduce(0) { $0 + $1.description.utf8.count } }
            }
            episodes = feed?.channel.episodes.count ?? 0
            feed = nil
            let (f, fCPU) = only == .earshot ? (0, 0) : time { readerPass(bytes) }
            if run > 0 {
                earshot.append(e)
                floor.append(f)
                earshotCPU.append(eCPU)
                floorCPU.append(fCPU)
            }
        }
        let ours = median(earshot), theirs = median(floor)
        print("file: \(file) (\(bytes.count) bytes, \(episodes) episodes), \(runs) runs\(plainText ? ", plain text derived for every episode" : "")")
        print(String(format: "earshot parse into models: median %.1f ms (min %.1f)", ours, earshot.min()!))
        print(String(format: "libxml2 xmlTextReader pass:  median %.1f ms (min %.1f)", theirs, floor.min()!))
        if only == .both { print(String(format: "ratio: %.2f", ours / theirs)) }
        // The thread's own CPU time leaves out what other processes took of the machine: on a loaded
        // machine it is the steadier figure of the two.
        print(String(format: "CPU time (this thread): earshot median %.1f ms, floor median %.1f ms", median(earshotCPU), median(floorCPU)))
        if only == .both { print(String(format: "ratio by CPU time: %.2f", median(earshotCPU) / median(floorCPU))) }
    }

    /// The wall-clock and this thread's CPU time `body` took, in milliseconds.
    private func time(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let clock = ContinuousClock()
        let cpuBefore = threadCPUMilliseconds()
        let elapsed = clock.measure(body)
        let cpu = threadCPUMilliseconds() - cpuBefore
        return (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15, cpu)
    }

    private func threadCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// What `xmllint --stream --noout` does: read every node with an xmlTextReader and do nothing with it.
    private func readerPass(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let reader = xmlReaderForMemory(chars.baseAddress, Int32(chars.count), nil, nil, 0) else { return }
                while xmlTextReaderRead(reader) == 1 {}
                xmlFreeTextReader(reader)
            }
        }
    }
}
