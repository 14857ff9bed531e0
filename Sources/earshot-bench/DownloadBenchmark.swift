import ArgumentParser
import EarshotFeed
import EarshotGLib
import Foundation

/// `earshot-bench download`: Earshot's `EpisodeDownload` against `curl -s -o FILE URL`, the same file
/// from the same loopback server in the same run, alternating, median of `--runs`. The server is another
/// process (`earshot-bench serve-file`: a SoupServer answering from a memory-mapped file), so this
/// process's resident memory is the download's alone; it is sampled every 10 ms on the loop, and the
/// longest gap between those samples shows whether the loop ever waited for the disk.
struct DownloadBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download", abstract: "Time a 200 MB episode download over loopback against curl.")

    @Option(help: "The served file (made from a pattern when missing).")
    var fixture = "bench/out/download-200mb.bin"

    @Option(help: "Size of the generated file in MB (10^6 bytes).")
    var megabytes = 200

    @Option(help: "Where the downloads are written (deleted after each run).")
    var output = "bench/out/download"

    @Option(help: "Runs of each client (the median is reported).")
    var runs = 5

    func run() throws {
        let size = try DownloadBenchmarkFixture.prepare(fixture, bytes: megabytes * 1_000_000)
        let server = try FileServerProcess(file: fixture)
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = URL(fileURLWithPath: output).appendingPathComponent("episode.bin")
        print("file: \(fixture) (\(size / 1_000_000) MB) served by a separate SoupServer process at \(server.url); "
              + "\(runs) runs each, alternating")
        var curl: [Double] = [], earshot: [Double] = [], growth: [Double] = [], stalls: [Double] = [], idle: [Double] = []
        for run in 0..<runs {
            let measureCurlFirst = run % 2 == 0
            if measureCurlFirst { curl.append(try timeCurl(server.url, to: target, size: size)) }
            idle.append(idleLoopStall())
            let sample = try timeEarshot(server.url, to: target, size: size)
            earshot.append(sample.seconds)
            growth.append(sample.residentGrowth)
            stalls.append(sample.longestStall)
            if !measureCurlFirst { curl.append(try timeCurl(server.url, to: target, size: size)) }
        }
        let curlRate = Double(size) / median(curl) / 1e6, earshotRate = Double(size) / median(earshot) / 1e6
        print(String(format: "curl -s -o:          median %.3f s, %.0f MB/s  (%@)", median(curl), curlRate, list(curl)))
        print(String(format: "EpisodeDownload:     median %.3f s, %.0f MB/s  (%@), fsync and rename included",
                     median(earshot), earshotRate, list(earshot)))
        print(String(format: "throughput vs curl:  %.2f× (target ≥ 0.9)", earshotRate / curlRate))
        print(String(format: "resident memory growth during the download: median %.1f MB, max %.1f MB (target ≤ 5 MB)",
                     median(growth), growth.max() ?? 0))
        print(String(format: "longest gap between 10 ms loop ticks while downloading: median %.1f ms, max %.1f ms",
                     median(stalls), stalls.max() ?? 0))
        print(String(format: "the same with nothing to do for 1 s (this machine's floor): median %.1f ms, max %.1f ms",
                     median(idle), idle.max() ?? 0))
    }

    private func timeCurl(_ url: URL, to target: URL, size: Int) throws -> Double {
        try? FileManager.default.removeItem(at: target)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", target.path, url.absoluteString]
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0, fileSize(target.path) == size else { throw BenchFailure("curl failed") }
        try? FileManager.default.removeItem(at: target)
        return seconds(elapsed)
    }

    private func timeEarshot(_ url: URL, to target: URL, size: Int) throws
        -> (seconds: Double, residentGrowth: Double, longestStall: Double) {
        try? FileManager.default.removeItem(at: target)
        let context = MainContext()
        return try context.withThreadDefault {
            let before = residentBytes()
            var peak = before
            var lastTick = ContinuousClock.now, longestStall = Duration.zero
            let sampler = context.addTimeout(milliseconds: 10) {
                let now = ContinuousClock.now
                longestStall = max(longestStall, now - lastTick)
                lastTick = now
                peak = max(peak, residentBytes())
                return true
            }
            var result: Result<URL, DownloadError>?
            let start = ContinuousClock.now
            let download = EpisodeDownload(from: url, to: target)
            download.start { result = $0 }
            _ = context.iterate(until: { result != nil }, timeoutSeconds: 600)
            let elapsed = ContinuousClock.now - start
            sampler.cancel()
            guard case .success = result, fileSize(target.path) == size else {
                throw BenchFailure("EpisodeDownload failed: \(String(describing: result))")
            }
            try? FileManager.default.removeItem(at: target)
            return (seconds(elapsed), Double(peak - before) / 1e6, seconds(longestStall) * 1000)
        }
    }

    /// The longest gap between 10 ms ticks of an idle loop over one second, in milliseconds.
    private func idleLoopStall() -> Double {
        let context = MainContext()
        return context.withThreadDefault {
            var lastTick = ContinuousClock.now, longest = Duration.zero
            let sampler = context.addTimeout(milliseconds: 10) {
                let now = ContinuousClock.now
                longest = max(longest, now - lastTick)
                lastTick = now
                return true
            }
            _ = context.iterate(until: { false }, timeoutSeconds: 1)
            sampler.cancel()
            return seconds(longest) * 1000
        }
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    private func list(_ values: [Double]) -> String { values.map { String(format: "%.3f", $0) }.joined(separator: " ") }
    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }

    /// VmRSS of this process, in bytes.
    private func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
