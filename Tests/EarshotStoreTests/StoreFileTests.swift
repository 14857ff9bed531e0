import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: opening, migrations and files")
struct StoreFileTests {
    @Test func migrationsRunOnAnEmptyFileInADirectoryThatDoesNotExistYet() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("state/earshot/earshot.sqlite")
        let store = try Store(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.feed(url: Sample.feedURL) == nil)
        #expect(try store.feed(id: FeedID(rawValue: 1)) == nil)
        #expect(try store.currentEpisode() == nil)
        #expect(try store.episodeStatuses(of: PodcastID(rawValue: 1)).isEmpty)
        try store.executeRaw("SELECT count(*) FROM feed, episode, episodeStatus")
        #expect(try store.pragma("foreign_keys") == "1")
    }

    @Test func anEmptyExistingFileBecomesADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try Store(path: path)
        #expect(try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast.rawValue > 0)
    }

    @Test func openingTwiceRunsTheMigrationsOnceAndSaysNothingOfAnUpgrade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let warnings = Warnings()
        _ = try Store(path: path, warning: warnings.sink)
        _ = try Store(path: path, warning: warnings.sink)
        let store = try Store(path: path, warning: warnings.sink)
        #expect(warnings.all.isEmpty)
        #expect(try store.pragma("journal_mode") == "wal")
    }

    @Test func walModeWithNormalSynchronousIsOn() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        #expect(try store.pragma("journal_mode") == "wal")
        #expect(try store.pragma("synchronous") == "1", "1 is NORMAL")
    }

    @Test func aFileThatIsNotADatabaseGivesAClearError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let text = String(repeating: "this is a text file, not SQLite\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error == .notADatabase(path: path))
        #expect(error?.description.contains(path) == true)
        #expect(error?.localizedDescription.contains("not an SQLite database") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "the file is left as it was")
    }

    @Test func aDirectoryThatCannotBeCreatedGivesAClearError() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let path = blocker + "/earshot/earshot.sqlite"
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        guard case .cannotOpen(let reported, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(reason.contains(blocker))
        #expect(error?.description.hasPrefix("cannot open the Earshot database at \(path)") == true)
    }

    @Test func aDatabaseFromANewerEarshotIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        try Store(path: path).executeRaw("INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        #expect(throws: StoreError.newerSchema(path: path)) { try Store(path: path) }
    }

    @Test func defaultPathFollowsXDGStateHome() {
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"]) == "/x/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"]) == "/home/u/.local/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u/"]) == "/home/u/.local/state/earshot/earshot.sqlite",
                "the XDG rules ignore a relative path")
    }
}
