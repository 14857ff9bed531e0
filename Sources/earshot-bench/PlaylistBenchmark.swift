import ArgumentParser
import EarshotFeed
import EarshotStore
import Foundation
import GRDB

/// `earshot-bench playlists` (bench/playlists.sh): every smart playlist of a test set evaluated on a
/// reader (`Store.playlistEpisodes`, as the daemon does) on a big library, p50 / p99 / max. The library
/// is a copy of one `earshot-bench find --keep` built (a million episodes with notes and transcripts);
/// before timing, the copy is given listening state by SQL (every 7th episode played, every 11th in
/// progress, every 97th starred, the newest 2,000 in the inbox, 10,000 completed downloads, lengths of
/// 1 to 120 minutes and release dates over the last ten years where the feed gave none, leaving every
/// 50th episode undated).
struct PlaylistBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlists", abstract: "Time smart playlists' evaluation on a big library (target p99 ≤ 50 ms each).")

    @Option(help: "The database to use (it is changed: give a copy).")
    var database: String

    @Option(help: "Timed evaluations of each playlist (after 3 not counted).")
    var runs = 50

    func run() throws {
        try Self.prepare(database)
        let store = try Store(path: database)
        if try store.searchIndexIsFilling() {
            print("filling the search index (a library made before schema v10)")
            while try store.fillSearchIndex(rows: 50_000) {}
        }
        try Self.addTranscripts(to: store, path: database)
        let (now, words, said) = try Self.facts(database)
        print("library: \(try Self.count(database)) episodes; title word “\(words.title)”, notes word “\(words.notes)”, said “\(said)”")
        var worst = 0.0
        for (name, rules) in Self.testSet(title: words.title, notes: words.notes, said: said) {
            var times: [Double] = []
            var count = 0
            for round in 0..<(runs + 3) {
                let start = ContinuousClock.now
                count = try store.playlistEpisodes(rules, now: now).count
                if round >= 3 { times.append(FindBenchmark.milliseconds(ContinuousClock.now - start)) }
            }
            times.sort()
            let p99 = FindBenchmark.percentile(times, 0.99)
            worst = max(worst, p99)
            print(String(format: "%@ (%d episodes): p50 %.2f ms, p99 %.2f ms, max %.2f ms", name, count,
                         FindBenchmark.percentile(times, 0.5), p99, times.last ?? 0))
        }
        print(String(format: "worst p99 %.2f ms (target ≤ 50 ms)", worst))
    }

    static func testSet(title: String, notes: String, said: String) -> [(String, PlaylistRules)] {
        func rules(_ configure: (inout PlaylistRules) -> Void) -> PlaylistRules {
            var rules = PlaylistRules()
            configure(&rules)
            return rules
        }
        let first = PodcastID(rawValue: 5)
        return [
            ("everything, newest 100", rules { _ in }),
            ("unplayed, newest", rules { $0.states = [.unplayed] }),
            ("in progress, newest", rules { $0.states = [.inProgress] }),
            ("played, oldest", rules { $0.states = [.played]; $0.order = .oldest }),
            ("starred, newest", rules { $0.starred = true }),
            ("inbox, newest", rules { $0.inInbox = true }),
            ("downloaded and unplayed, oldest", rules { $0.downloaded = true; $0.states = [.unplayed]; $0.order = .oldest }),
            ("unplayed under 20 min, newest", rules { $0.states = [.unplayed]; $0.maximumSeconds = 1200 }),
            ("over an hour, shortest", rules { $0.minimumSeconds = 3600; $0.order = .shortest }),
            ("last 30 days, unplayed", rules { $0.publishedWithinSeconds = 30 * 86_400; $0.states = [.unplayed] }),
            ("older than a year, longest 50", rules { $0.publishedBeforeSeconds = 365 * 86_400; $0.order = .longest; $0.limit = 50 }),
            ("one podcast, unplayed, oldest", rules { $0.podcasts = [first]; $0.states = [.unplayed]; $0.order = .oldest }),
            ("not ten podcasts, under 30 min, shortest", rules {
                $0.excludedPodcasts = (1...10).map { PodcastID(rawValue: $0) }; $0.maximumSeconds = 1800; $0.order = .shortest
            }),
            ("title word, newest", rules { $0.titleWords = title }),
            ("title word, unplayed, over 10 min, longest", rules { $0.titleWords = title; $0.states = [.unplayed]; $0.minimumSeconds = 600; $0.order = .longest }),
            ("notes word, newest", rules { $0.notesWords = notes }),
            ("said, newest", rules { $0.saidWords = said }),
            ("by podcast, unplayed, 1000", rules { $0.order = .podcast; $0.states = [.unplayed]; $0.limit = 1000 }),
        ]
    }

    /// Listening state for the copy, once (a library that has played episodes already keeps its own).
    static func prepare(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM episodeStatus") == 0 else { return }
            try db.execute(sql: """
                INSERT INTO episodeStatus (episodeId, lastListenTime, hasCompleted, starredAt)
                    SELECT id, CASE WHEN id % 7 = 0 THEN 1800 WHEN id % 11 = 0 THEN 300 ELSE 0 END,
                        id % 7 = 0, CASE WHEN id % 97 = 0 THEN 800000000 END
                    FROM episode WHERE id % 7 = 0 OR id % 11 = 0 OR id % 97 = 0;
                INSERT OR IGNORE INTO inbox (episodeId, enteredAt)
                    SELECT id, 800000000 FROM episode ORDER BY releaseDate DESC LIMIT 2000;
                INSERT OR IGNORE INTO download (episodeId, path, state, bytes, requestedAt, completedAt)
                    SELECT id, '/bench/' || id || '.mp3', 'completed', 1000, 800000000, 800000000
                    FROM episode WHERE id % 100 = 3 LIMIT 10000;
                UPDATE episode SET duration = (id % 120 + 1) * 60 WHERE duration IS NULL;
                UPDATE episode SET releaseDate = 500000000 + id * 300 + (id * 7919 % 86400) WHERE releaseDate IS NULL AND id % 50 != 0;
                """)
        }
    }

    /// 2,000 transcripts of 200 lines each when the library has none, through the store (indexed).
    static func addTranscripts(to store: Store, path: String) throws {
        let queue = try DatabaseQueue(path: path)
        guard try queue.read({ try Int.fetchOne($0, sql: "SELECT count(*) FROM transcriptSegment") }) == 0 else { return }
        let ids = try queue.read { try Int64.fetchAll($0, sql: "SELECT id FROM episode WHERE id % 500 = 7 LIMIT 2000") }
        let words = ["planet", "orbit", "rover", "crater", "signal", "voyage", "comet", "nebula", "galaxy", "asteroid", "launch",
                     "module", "station", "telescope", "gravity", "eclipse", "horizon", "spectrum", "quasar", "saturn"]
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        for id in ids {
            let segments = (0..<200).map { line in
                TranscriptSegment(start: Double(line) * 9, text: (0..<9).map { _ in words[next() % words.count] }.joined(separator: " "))
            }
            try store.storeTranscript(segments, for: EpisodeID(rawValue: id), from: URL(string: "https://bench.example/\(id).vtt")!)
        }
        print("stored \(ids.count) transcripts of 200 lines")
    }

    /// Now (the newest release), a common title word and notes word, and words said in a transcript.
    static func facts(_ path: String) throws -> (Date, (title: String, notes: String), String) {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let newest = try Double.fetchOne(db, sql: "SELECT max(releaseDate) FROM episode") ?? 0
            func word(_ text: String?) -> String {
                text?.split { !$0.isLetter }.map(String.init).first { $0.count >= 5 } ?? "episode"
            }
            let title = word(try String.fetchOne(db, sql: "SELECT title FROM episode WHERE id = 123457"))
            let notes = word(try String.fetchOne(db, sql: "SELECT rawDescription FROM episode WHERE id = 234567").map {
                $0.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            })
            let said = try String.fetchOne(db, sql: "SELECT text FROM transcriptSegment ORDER BY id LIMIT 1 OFFSET 5000")
                .map { $0.split { !$0.isLetter }.filter { $0.count >= 4 }.prefix(2).joined(separator: " ") } ?? "said"
            return (Date(timeIntervalSinceReferenceDate: newest), (title, notes), said)
        }
    }

    static func count(_ path: String) throws -> Int {
        try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM episode") ?? 0 }
    }
}
