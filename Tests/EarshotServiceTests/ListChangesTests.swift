import EarshotCore
import EarshotMPRIS
import EarshotService
import EarshotStore
import Testing

@Suite("org.earshot.Earshot1's Changed signal")
struct ListChangesTests {
    @Test func upNextLibraryAndEpisodeChangesNameTheirListsAndThePlayersOwnChangesNone() {
        #expect(ListChanges.parts(changedBy: .upNextChanged) == ["up-next"])
        #expect(ListChanges.parts(changedBy: .podcastsChanged) == ["library"])
        #expect(ListChanges.parts(changedBy: .newEpisodes([], of: PodcastID(rawValue: 1))) == ["library", "episodes"])
        #expect(ListChanges.parts(changedBy: .marked([], played: true)) == ["episodes"])
        #expect(ListChanges.parts(changedBy: .nowPlayingChanged).isEmpty, "MPRIS announces the player")
        #expect(ListChanges.parts(changedBy: .seeked(.seconds(3))).isEmpty)
    }

    @Test func starsDismissalsAndDeletedDownloadsNameTheirListsAndADownloadsBytesNone() {
        let one = EpisodeID(rawValue: 1)
        #expect(ListChanges.parts(changedBy: .starred([one], starred: true)) == ["episodes"])
        #expect(ListChanges.parts(changedBy: .downloadsDeleted([one])) == ["episodes"])
        #expect(ListChanges.parts(changedBy: .dismissed(count: 2)) == ["inbox"])
        let moving = DownloadRecord(episode: one, podcast: PodcastID(rawValue: 1), path: "/tmp/a.mp3", state: .downloading,
                                    bytes: 10, requestedAt: .distantPast)
        #expect(ListChanges.parts(changedBy: .downloadsMoved([moving])).isEmpty, "DownloadProgress tells those")
    }

    @Test func downloadProgressGivesEachDownloadsEpisodeStateBytesAndSizeWithMinusOneForUnknown() {
        let records = [
            DownloadRecord(episode: EpisodeID(rawValue: 7), podcast: PodcastID(rawValue: 1), path: "/tmp/a.mp3", state: .downloading,
                           bytes: 512, totalBytes: 2048, requestedAt: .distantPast),
            DownloadRecord(episode: EpisodeID(rawValue: 8), podcast: PodcastID(rawValue: 1), path: "/tmp/b.mp3", requestedAt: .distantPast),
        ]
        let argument = DownloadProgressSignal.argument(records)
        #expect(argument.signature == "a(xsxx)")
        #expect(argument == .array(elementSignature: "(xsxx)", [
            .structure([.int64(7), .string("downloading"), .int64(512), .int64(2048)]),
            .structure([.int64(8), .string("queued"), .int64(0), .int64(-1)]),
        ]))
    }
}
