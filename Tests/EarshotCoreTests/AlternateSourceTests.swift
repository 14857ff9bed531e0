@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: the listener's audio format, the next source when one fails, the feed's integrity")
struct AlternateSourceTests {
    static let opus = URL(string: "http://cdn.test/1.opus")!, opusMirror = URL(string: "http://mirror.test/1.opus")!
    static let mp3Mirror = URL(string: "http://mirror.test/1.mp3")!
    static let digest = [UInt8](repeating: 7, count: 48)
    static let sri = "sha384-" + Data(digest).base64EncodedString()

    /// alpha-1 with an Opus file at two places, and its MP3 (the enclosure) at a mirror too, both checked.
    static func show() -> Channel {
        var show = CoreFixture.show("alpha", count: 1)
        let enclosure = DownloadFixture.audio("alpha", 1)
        show.episodes[0].podcast.alternateEnclosures = [
            AlternateEnclosure(type: "audio/mpeg", isDefault: true, sources: [enclosure, mp3Mirror], integrity: Integrity(type: "sri", value: sri)),
            AlternateEnclosure(type: "audio/opus", codecs: "opus", sources: [opus, opusMirror], integrity: Integrity(type: "sri", value: sri)),
        ]
        return show
    }

    func downloading(format: String?) throws -> (DownloadFixture, EpisodeID) {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", Self.show())
        if let format { try fixture.core.library.set("audio-format", to: format, for: nil) }
        let id = try fixture.core.episode("alpha-1")
        fixture.downloads.request([id], byHand: true)
        return (fixture, id)
    }

    @Test func withoutAFormatTheEnclosureIsFetched() throws {
        let (fixture, _) = try downloading(format: nil)
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1)])
    }

    @Test func theListenersFormatComesFirstAndAFailedSourceGivesWayToTheNext() throws {
        let (fixture, id) = try downloading(format: "Opus, mp3")
        #expect(fixture.transfers.running.map(\.remote) == [Self.opus])
        fixture.transfers.fail(Self.opus, .http(status: 404, reason: "Not Found"))
        #expect(fixture.transfers.running.map(\.remote) == [Self.opusMirror], "at once, not after a retry's wait")
        let path = try #require(fixture.downloads.records[id]?.path)
        fixture.files.digestValues[path] = Self.digest
        fixture.transfers.succeed(Self.opusMirror)
        #expect(fixture.downloads.records[id]?.state == .completed)
    }

    @Test func aFileThatDoesNotMatchTheFeedsIntegrityIsDeletedAndTheNextSourceTriedThenRefused() throws {
        let (fixture, id) = try downloading(format: nil)
        let path = try #require(fixture.downloads.records[id]?.path)
        fixture.files.digestValues[path] = [UInt8](repeating: 1, count: 48)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.files.deleted.contains(path))
        #expect(fixture.transfers.running.map(\.remote) == [Self.mp3Mirror], "the mirror of the same file")
        fixture.transfers.succeed(Self.mp3Mirror)
        let record = try #require(fixture.downloads.records[id])
        #expect(record.state == .failed && record.nextAttemptAt == nil)
        #expect(record.error == "the file does not match the feed's sha384 (podcast:integrity); refused")
        #expect(!fixture.files.exists(path), "the file is not kept")
    }

    @Test func formatsMatchTypesSubtypesCodecsAndMP3() {
        let alternates = Self.show().episodes[0].podcast.alternateEnclosures
        let enclosure = DownloadFixture.audio("alpha", 1)
        #expect(AudioChoice.candidates(sound: enclosure, type: "audio/mpeg", alternates: alternates, formats: ["audio/opus"]).map(\.url)
                == [Self.opus, Self.opusMirror, enclosure, Self.mp3Mirror])
        #expect(AudioChoice.candidates(sound: enclosure, type: "audio/mpeg", alternates: alternates, formats: ["mp3", "opus"]).map(\.url)
                == [enclosure, Self.mp3Mirror, Self.opus, Self.opusMirror])
        #expect(AudioChoice.candidates(sound: enclosure, type: "audio/mpeg", alternates: [], formats: ["flac"]).map(\.url) == [enclosure])
        #expect(AudioChoice.candidates(sound: nil, type: nil, alternates: alternates, formats: []).isEmpty, "no enclosure, no format: nothing")
        #expect(AudioChoice.formats(" Opus,MP3 aac") == ["opus", "mp3", "aac"])
    }
}
