import ArgumentParser
import EarshotFeed
@_spi(Benchmarks) import EarshotStore
import Foundation
import GRDB

/// `earshot-bench find` (bench/find.sh): the full-text index on a generated library, through the Store
/// API. Two stores in one run take the same writes, one keeping the index and one not
/// (`Store.stopIndexing`): the import (podcast after podcast, as subscribing does), `--transcripts`
/// hour-long transcripts, and a refresh of every podcast (one new episode, one edited description each).
/// Then the index's size against the text it indexes (the bytes of the titles, the notes as plain text,
/// the chapter titles and the transcripts), and `--queries` mixed searches timed as the daemon makes
/// them (`Store.find`, 20 hits).
struct FindBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Time importing with and without the full-text index, its size, and find's latency.")

    @Option(help: "Podcasts in the library.")
    var podcasts = 2_000

    @Option(help: "Episodes per podcast.")
    var episodes = 500

    @Option(help: "Hour-long transcripts stored.")
    var transcripts = 2_000

    @Option(help: "Segments per transcript (about 9 words each).")
    var segments = 1_000

    @Option(help: "Average words of show notes per episode.")
    var noteWords = 200

    @Option(help: "Searches timed.")
    var queries = 200

    @Option(help: "Where to build the two databases (a new temporary directory by default; removed unless --keep).")
    var directory: String?

    @Flag(help: "Keep the databases.")
    var keep = false

    @Flag(help: "Only time the searches, on the indexed database a run with --keep left in --directory.")
    var searchOnly = false

    @Option(help: "With --search-only: time only this query (repeatable), five times each.")
    var query: [String] = []

    func run() throws {
        if searchOnly {
            guard let directory else { throw ValidationError("--search-only needs --directory") }
            let store = try Store(path: directory + "/indexed.sqlite")
            if !query.isEmpty { return try timeEach(query, store) }
            var corpus = FindCorpus()
            return try timeQueries(store, corpus: &corpus)
        }
        let folder = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("earshot-find-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }
        let indexed = try Store(path: folder + "/indexed.sqlite")
        let plain = try Store(path: folder + "/plain.sqlite")
        try plain.stopIndexing()
        print("library: \(podcasts) podcasts × \(episodes) episodes, ~\(noteWords) words of notes each, "
              + "\(transcripts) transcripts × \(segments) segments, in \(folder)")

        var corpus = FindCorpus()
        var textBytes = 0
        var imports = Timings()
        for podcast in 0..<podcasts {
            let channel = corpus.podcast(podcast, episodes: episodes, noteWords: noteWords)
            textBytes += Self.indexedBytes(channel)
            try imports.time(podcast, on: (indexed, plain)) { store in
                _ = try store.storeFeed(channel, url: Self.url(podcast), validators: FeedValidators())
            }
            if podcast % 200 == 199 { print("  imported \(podcast + 1) podcasts") }
        }
        imports.report("import")

        var stored = Timings()
        for number in 0..<min(transcripts, podcasts * episodes) {
            let transcript = corpus.transcript(segments: segments)
            textBytes += transcript.reduce(0) { $0 + $1.text.utf8.count }
            let episode = EpisodeID(rawValue: Int64((number % podcasts) * episodes + (number / podcasts) % episodes + 1))
            try stored.time(number, on: (indexed, plain)) { store in
                try store.storeTranscript(transcript, for: episode, from: URL(string: "https://cdn.example/\(number).vtt")!)
            }
        }
        stored.report("transcripts")

        try reportSize(folder, textBytes: textBytes)

        var again = FindCorpus(), fresh = FindCorpus(seed: 99)
        var refreshes = Timings()
        for podcast in 0..<podcasts {
            var channel = again.podcast(podcast, episodes: episodes, noteWords: noteWords)
            channel.episodes.insert(fresh.episode(guid: "p\(podcast)-new", noteWords: noteWords), at: 0)
            channel.episodes[channel.episodes.count / 2].rawDescription? += "<p>Edited: \(fresh.text(20)).</p>"
            try refreshes.time(podcast, on: (indexed, plain)) { store in
                _ = try store.storeFeed(channel, url: Self.url(podcast), validators: FeedValidators())
            }
        }
        refreshes.report("refresh (1 new episode, 1 edited, per podcast)")

        try timeQueries(indexed, corpus: &corpus)
    }

    private static func url(_ podcast: Int) -> URL { URL(string: "https://feeds.example/\(podcast).xml")! }

    /// The bytes of text the index takes from a channel: titles, notes as plain text, chapter titles.
    private static func indexedBytes(_ channel: Channel) -> Int {
        channel.episodes.reduce(channel.title?.utf8.count ?? 0) { total, episode in
            total + (episode.title?.utf8.count ?? 0) + episode.description.utf8.count
                + episode.chapters.reduce(0) { $0 + $1.title.utf8.count + 1 }
        }
    }

    /// The pages of the index's own tables (dbstat), against the text, and the two files (checkpointed).
    private func reportSize(_ folder: String, textBytes: Int) throws {
        for name in ["indexed", "plain"] {
            let queue = try DatabaseQueue(path: "\(folder)/\(name).sqlite")
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try queue.close()
        }
        let queue = try DatabaseQueue(path: folder + "/indexed.sqlite")
        let shadow = ["podcastSearch", "episodeSearch", "transcriptSearch"]
            .flatMap { table in ["data", "idx", "docsize", "config"].map { "'\(table)_\($0)'" } }.joined(separator: ", ")
        let indexBytes = try queue.read { try Int.fetchOne($0, sql: "SELECT sum(pgsize) FROM dbstat WHERE name IN (\(shadow))") ?? 0 }
        try queue.close()
        let file = { (name: String) in (try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)")[.size] as? Int) ?? 0 }
        print(String(format: "index: %.1f MB for %.1f MB of indexed text: %.2f× (target ≤ 1.2×); databases: %.1f MB with the index, %.1f MB without",
                     Self.megabytes(indexBytes), Self.megabytes(textBytes), Double(indexBytes) / Double(max(textBytes, 1)),
                     Self.megabytes(file("indexed.sqlite")), Self.megabytes(file("plain.sqlite"))))
    }

    private static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_000_000 }

    /// Each query once (after five not counted), in milliseconds: p50, p99 and max overall, and the
    /// median of each kind.
    private func timeQueries(_ store: Store, corpus: inout FindCorpus) throws {
        let mix = corpus.queries(queries)
        for (_, text) in mix.prefix(5) { _ = try store.find(SearchQuery(text)) }
        var all: [Double] = [], byKind: [String: [Double]] = [:], slowest: [(Double, String)] = [], hits = 0
        for (kind, text) in mix {
            let query = try SearchQuery(text)
            let start = ContinuousClock.now
            hits += try store.find(query, limit: 20).count
            let milliseconds = Self.milliseconds(ContinuousClock.now - start)
            all.append(milliseconds)
            byKind[kind, default: []].append(milliseconds)
            slowest.append((milliseconds, text))
        }
        all.sort()
        print(String(format: "find (%d queries, 20 hits, %.1f hits on average): p50 %.2f ms, p99 %.2f ms, max %.2f ms (targets 10 and 50 ms)",
                     all.count, Double(hits) / Double(max(all.count, 1)), Self.percentile(all, 0.5), Self.percentile(all, 0.99),
                     all.last ?? 0))
        for (kind, times) in byKind.sorted(by: { $0.key < $1.key }) {
            let sorted = times.sorted()
            print("  " + kind.padding(toLength: 18, withPad: " ", startingAt: 0)
                  + String(format: " median %.2f ms, max %.2f ms", Self.percentile(sorted, 0.5), sorted.last ?? 0))
        }
        print("  slowest: " + slowest.sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.1) " + String(format: "%.1f ms", $0.0) }
            .joined(separator: ", "))
    }

    /// Each of `texts` five times: the median and the slowest, in milliseconds.
    private func timeEach(_ texts: [String], _ store: Store) throws {
        for text in texts {
            let query = try SearchQuery(text)
            var times: [Double] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                _ = try store.find(query, limit: 20)
                times.append(Self.milliseconds(ContinuousClock.now - start))
            }
            times.sort()
            print("“\(text)”: " + String(format: "median %.2f ms, max %.2f ms", times[2], times[4]))
        }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The time the same writes take on the indexed store and on the one without the index: wall time,
/// and the process's CPU time (which holds whatever else the machine runs less than wall time does).
private struct Timings {
    var indexed = (wall: 0.0, cpu: 0.0), plain = (wall: 0.0, cpu: 0.0)

    /// Runs `write` on both stores, the first one first on even rounds (so neither always finds the
    /// other's pages warm), adding up each one's time.
    mutating func time(_ round: Int, on stores: (indexed: Store, plain: Store), _ write: (Store) throws -> Void) throws {
        for store in round % 2 == 0 ? [stores.indexed, stores.plain] : [stores.plain, stores.indexed] {
            let start = ContinuousClock.now, cpu = Self.cpuSeconds()
            try write(store)
            let elapsed = (wall: FindBenchmark.milliseconds(ContinuousClock.now - start) / 1_000, cpu: Self.cpuSeconds() - cpu)
            if store === stores.indexed {
                indexed = (indexed.wall + elapsed.wall, indexed.cpu + elapsed.cpu)
            } else {
                plain = (plain.wall + elapsed.wall, plain.cpu + elapsed.cpu)
            }
        }
    }

    func report(_ label: String) {
        print(label + String(format: ": %.2f s with the index, %.2f s without: +%.0f %%; CPU %.2f s and %.2f s: +%.0f %% (target ≤ 20 %%)",
                             indexed.wall, plain.wall, (indexed.wall / max(plain.wall, 1e-9) - 1) * 100,
                             indexed.cpu, plain.cpu, (indexed.cpu / max(plain.cpu, 1e-9) - 1) * 100))
    }

    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
