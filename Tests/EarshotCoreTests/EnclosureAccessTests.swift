@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// A feed from the network must not make Earshot open a local device: GStreamer would block in read()
/// on /dev/ptmx, and the next change of episode would wait for that thread for ever.
@Suite("Enclosures: remote feeds play only http(s), local feeds only regular files")
struct EnclosureAccessTests {
    private static func show(_ name: String, sound: URL) -> Channel {
        Channel(title: name, author: nil, episodes: [
            Episode(id: "\(name)-1", title: "Device", releaseDate: ReleaseDate(text: "d", date: Date(timeIntervalSince1970: 86_400)),
                    soundURL: sound, duration: 600),
        ])
    }

    @Test func aRemoteFeedsFileEnclosureIsRefusedAndNothingIsOpened() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", Self.show("alpha", sound: URL(string: "file:///dev/ptmx")!))
        #expect(throws: LibraryError.soundURLMissing("“Device” is not played: a feed from the network may only point to http or https audio, not file:///dev/ptmx")) {
            try f.player.play(episode: f.episode("alpha-1"))
        }
        #expect(f.engine.loads.isEmpty)
    }

    @Test func aLocalFeedsEnclosureOpensOnlyWhenItIsARegularFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-enclosure-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("one.mp3")
        try Data([0xFF, 0xFB]).write(to: audio)
        let f = try CoreFixture()
        let feed = folder.appendingPathComponent("feed.xml")
        f.feeds.answers[feed] = .channel(Self.show("local", sound: URL(string: "file:///dev/ptmx")!))
        var reports: [UpdateReport] = []
        f.library.subscribe([feed], autoQueue: false) { reports = $0 }
        #expect(reports.first?.error == nil)
        #expect(throws: LibraryError.soundURLMissing("“Device” is not played: file:///dev/ptmx is not a regular file")) {
            try f.player.play(episode: f.episode("local-1"))
        }
        f.feeds.answers[feed] = .channel(Self.show("local", sound: audio))
        try f.library.refresh()
        try f.player.play(episode: f.episode("local-1"))
        #expect(f.engine.loads.map(\.0) == [audio])
    }

    @Test func aDeviceEnclosureThatWasCurrentIsNotOpenedAtTheNextStart() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", Self.show("alpha", sound: URL(string: "file:///dev/ptmx")!))
        try f.store.makeCurrent(f.episode("alpha-1"))
        #expect(throws: LibraryError.self) { try f.player.restore(f.episode("alpha-1")) }
        #expect(f.engine.loads.isEmpty)
    }
}
