import EarshotFeed
import Foundation
import GRDB

/// Earshot's database: the library's podcasts and episodes, the listener's progress, Up Next, the
/// history and settings, in one SQLite file.
///
/// A `Store` wraps one GRDB `DatabasePool`: one writer connection and a few reader connections on a
/// file in WAL mode, so it can be shared by any threads or tasks and **a read never waits for a
/// write**: it sees the last committed state even while another thread stores a 5,000-episode feed.
/// Writes are serialized; every method is one short transaction and returns when it is committed.
/// `synchronous = NORMAL`: a committed write survives the process being killed at any moment (only a
/// power loss may lose the last transactions), and the file is always valid. Another process may
/// open the same file; writers wait up to 5 s for each other.
///
/// Reading never stops the process, whatever the file holds: a row that cannot be read (a NULL or
/// BLOB guid, an unreadable URL) is skipped and reported through `warning`; an unreadable field is
/// absent; positions are clamped (`StoredValues.position`).
public final class Store: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool
    /// Told, in one line, about each stored row that could not be read and was skipped.
    let warning: @Sendable (String) -> Void
    /// Told when a damaged search index is emptied to be filled again (`whenSearchIndexIsDamaged`).
    let indexDamage = DamageHandler()

    /// Opens (creating if needed) the database at `path`, creating its parent directory and bringing
    /// the schema up to date (a version 1 database becomes a library of its one feed).
    ///
    /// - Parameter warning: receives one line per stored row that cannot be read and is skipped
    ///   (the daemon logs them); by default they are dropped.
    /// - Throws: `StoreError.cannotOpen` (directory or file cannot be created or opened),
    ///   `.notADatabase` (the file is something else), `.newerSchema`, or `.database`; each names `path`.
    public init(path: String, warning: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.path = path
        self.warning = warning
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "cannot create the directory \(directory) (\(Self.reason(error)))")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "EarshotStore"
        // Bulk writes (a refresh of hundreds of feeds) yield the CPU to the daemon's loop.
        configuration.qos = .utility
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            db.add(function: TitleMatch.function)
            db.add(function: TitleMatch.wholeFunction)
            db.add(function: SearchIndex.plainText)
            db.add(function: SearchIndex.chapterTitles)
            db.add(tokenizer: SearchTokenizer.self)
            SearchRank.register(db)
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            let (superseded, notice) = try pool.read { (try Schema.migrator.hasBeenSuperseded($0), try Schema.upgradeNotice($0)) }
            if superseded { throw StoreError.newerSchema(path: path) }
            if let notice { warning(notice) }
            try Schema.migrator.migrate(pool)
            try pool.writeWithoutTransaction { try SearchIndex.installTriggers($0) }
            self.pool = pool
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// Where the database lives by default: `$XDG_STATE_HOME/earshot/earshot.sqlite`, where an unset,
    /// empty or relative `XDG_STATE_HOME` means `$HOME/.local/state` (the XDG Base Directory rules).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state: String
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            state = value
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            state = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state"
        }
        return (state.hasSuffix("/") ? String(state.dropLast()) : state) + "/earshot/earshot.sqlite"
    }

    // MARK: - Transactions

    /// Runs `body` in a write transaction, translating failures to `StoreError`; the full-text index
    /// takes what it changed before the transaction commits (`SearchIndex.flush`). A write that fails
    /// because the index is damaged is tried once more, the index emptied to be filled again (`SearchFill`).
    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try indexedWrite(body)
        } catch {
            guard mendedSearchIndex(after: error) else { throw Self.translate(error, path: path) }
            do { return try indexedWrite(body) } catch { throw Self.translate(error, path: path) }
        }
    }

    private func indexedWrite<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try pool.write { db in
            let result = try body(db)
            try SearchIndex.flush(db)
            return result
        }
    }

    /// Runs `body` in a read transaction (a consistent snapshot), translating failures to `StoreError`.
    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// Frees the connections' page caches (up to 2 MB each after a feed of thousands of episodes was
    /// written and read back) and closes idle readers; SQLite refills them as it needs. For after bulk
    /// work, not per query. Returns at once, also during a write: each connection lets go of its
    /// memory when its current work is done.
    public func releaseMemory() {
        pool.releaseMemoryEventually()
    }

    static func translate(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .notADatabase(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                return .cannotOpen(path: path, reason: message)
            default:
                return .database(path: path, reason: message)
            }
        }
        return .database(path: path, reason: reason(error))
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }

    // MARK: - Test hooks (internal)

    /// The value of a PRAGMA on the store's connection, e.g. `journal_mode`.
    func pragma(_ name: String) throws -> String? {
        try read { try String.fetchOne($0, sql: "PRAGMA \(name)") }
    }

    /// Runs raw SQL in a write transaction.
    func executeRaw(_ sql: String) throws {
        try write { try $0.execute(sql: sql) }
    }
}
