import Foundation
import GRDB

/// Filling the search index in steps, and mending it when it is damaged. The index is derived data:
/// whatever happens to it, the library's rows are what count, and it can be made again from them.
///
/// **Filling** (schema v10, and a damaged index made again): `searchIndexState` holds a key
/// `fill.<index>` for each index being filled, whose value is the highest row id the index holds.
/// Each step indexes the next `rows` rows after it, in one short write transaction that also moves
/// the mark, so a daemon killed mid-fill goes on where it stopped. Meanwhile `SearchIndex.flush` keeps
/// only the rows up to the mark (rows above it are indexed by the fill, as they are when it comes to
/// them), so each row is indexed exactly once. When an index has no row left above its mark, its key
/// goes: it is complete.
///
/// **Damage**: FTS5 keeps its structure record and leaf pages in ordinary rows (`<index>_data`), which
/// `PRAGMA integrity_check` does not read. A write that fails as corrupt, a search that fails as corrupt,
/// and the first start after the daemon stopped uncleanly run FTS5's own `integrity-check` on each
/// index; one that fails is emptied (made again when it cannot be) and filled from the start.
enum SearchFill {
    /// The rows an index is filled from, and their row ids: the table behind its content, and the
    /// columns it indexes, read from its content.
    private static let sources: [String: (table: String, columns: String, content: String)] = [
        "podcastSearch": ("feed", "title", "feed"),
        "episodeSearch": ("episode", "title, chapters, notes, podcast", "episodeSearchContent"),
        "transcriptSearch": ("transcriptSegment", "text, podcast", "transcriptSearchContent"),
    ]

    /// Indexes the next `rows` rows of the first index being filled; whether any index still is.
    static func step(_ db: Database, rows: Int) throws -> Bool {
        for index in SearchIndex.tables {
            guard let mark = try Int64.fetchOne(db, sql: "SELECT value FROM searchIndexState WHERE key = ?", arguments: ["fill.\(index)"])
            else { continue }
            let source = sources[index]!
            let last = try Int64.fetchOne(db, sql: """
                SELECT max(id) FROM (SELECT id FROM \(source.table) WHERE id > ? ORDER BY id LIMIT ?)
                """, arguments: [mark, rows])
            if let last {
                try db.execute(sql: """
                    INSERT INTO \(index)(rowid, \(source.columns)) SELECT id, \(source.columns) FROM \(source.content) WHERE id > ? AND id <= ?;
                    UPDATE searchIndexState SET value = ? WHERE key = ?;
                    """, arguments: [mark, last, last, "fill.\(index)"])
            } else {
                try db.execute(sql: "DELETE FROM searchIndexState WHERE key = ?", arguments: ["fill.\(index)"])
            }
            break
        }
        return try isFilling(db)
    }

    /// Whether an index is being filled.
    static func isFilling(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM searchIndexState WHERE key LIKE 'fill.%')") ?? false
    }

    /// Runs FTS5's `integrity-check` on each index not already being filled; empties each that fails and
    /// marks it to be filled from the start. The indexes found damaged.
    static func mend(_ db: Database) throws -> [String] {
        var damaged: [String] = []
        for index in SearchIndex.tables {
            let filling = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM searchIndexState WHERE key = ?)", arguments: ["fill.\(index)"]) ?? false
            guard !filling else { continue }
            do {
                try db.execute(sql: "INSERT INTO \(index)(\(index)) VALUES ('integrity-check')")
                continue
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
                damaged.append(index)
            }
            do {
                try db.execute(sql: "INSERT INTO \(index)(\(index)) VALUES ('delete-all')")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
                try db.execute(sql: "DROP TABLE \(index)")
                try db.execute(sql: SearchIndex.version10Tables[index]!)
            }
            try db.execute(sql: "INSERT OR REPLACE INTO searchIndexState VALUES (?, ?)", arguments: ["fill.\(index)", Int64.min])
        }
        return damaged
    }

    /// Whether `error` is what a damaged FTS5 index answers (`SQLITE_CORRUPT_VTAB`): a damaged table of
    /// the library's own answers `SQLITE_CORRUPT`, which no check of the index would mend.
    static func isCorruptIndex(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CORRUPT_VTAB
    }
}

extension Store {
    /// Fills the search index by `rows` more rows (of the first index being filled), in one short write;
    /// whether there is more to fill. Nothing to do (false) once it is complete.
    public func fillSearchIndex(rows: Int = 2_000) throws -> Bool {
        try write { try SearchFill.step($0, rows: rows) }
    }

    /// Whether the search index is being filled (after the upgrade to v10, or made again after damage):
    /// until it is done, `find` answers from what is filled.
    public func searchIndexIsFilling() throws -> Bool {
        try read { try SearchFill.isFilling($0) }
    }

    /// Checks the search index (FTS5's `integrity-check`, which reads all of it) and empties each part
    /// found damaged, to be filled again (`fillSearchIndex`); the names of those parts. Holds the writer
    /// while it reads: for after an unclean stop, not for every start.
    public func mendSearchIndex() throws -> [String] {
        let damaged = try pool.write { try SearchFill.mend($0) }
        if !damaged.isEmpty { reportDamage(damaged) }
        return damaged
    }

    /// Notes that the daemon runs on this library; whether it was noted already (the last one did not stop cleanly).
    public func noteRunning() throws -> Bool {
        try write { db in
            let running = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM searchIndexState WHERE key = 'running')") ?? false
            try db.execute(sql: "INSERT OR REPLACE INTO searchIndexState VALUES ('running', 1)")
            return running
        }
    }

    /// Notes that the daemon stops cleanly.
    public func noteStopped() throws {
        try write { try $0.execute(sql: "DELETE FROM searchIndexState WHERE key = 'running'") }
    }

    /// After `error` (a write or a search that failed), whether the search index was damaged and has been
    /// emptied to be filled again, so that trying once more succeeds. Only an error from an index leads
    /// to the check, which reads the whole index.
    func mendedSearchIndex(after error: any Error) -> Bool {
        guard SearchFill.isCorruptIndex(error), let damaged = try? pool.write({ try SearchFill.mend($0) }), !damaged.isEmpty else { return false }
        reportDamage(damaged)
        return true
    }

    private func reportDamage(_ damaged: [String]) {
        warning("the search index was damaged (\(damaged.joined(separator: ", "))): it is being rebuilt, and find's results may be incomplete until then")
        indexDamage.tell()
    }

    /// Calls `handler` (on the thread that found it) each time a damaged search index is emptied to be
    /// filled again; the daemon then fills it. One handler; a later one replaces it.
    public func whenSearchIndexIsDamaged(_ handler: @escaping @Sendable () -> Void) {
        indexDamage.set(handler)
    }
}

/// The one handler told of a damaged search index.
final class DamageHandler: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable () -> Void)?

    func set(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { self.handler = handler }
    }

    func tell() {
        lock.withLock { handler }?()
    }
}
