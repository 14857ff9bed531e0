import EarshotCore
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
}
