import EarshotMPRIS
import Testing
@testable import earshot

@Suite("D-Bus errors in plain words")
struct DaemonFailureTests {
    @Test func earshotsNamedErrorsNameWhatWasAskedFor() {
        let noPodcast = BusError(name: "org.earshot.Error.NoSuchPodcast", message: "podcast 12 does not exist")
        #expect(DaemonFailure.words(for: noPodcast, about: .podcast(12)) == "no podcast 12")
        #expect(DaemonFailure.words(for: noPodcast) == "podcast 12 does not exist")
        let noEpisode = BusError(name: "org.earshot.Error.NoSuchEpisode", message: "")
        #expect(DaemonFailure.words(for: noEpisode, about: .episode(99)) == "no episode 99")
        let noAudio = BusError(name: "org.earshot.Error.SoundURLMissing", message: "")
        #expect(DaemonFailure.words(for: noAudio, about: .episode(5)) == "episode 5 has no audio to play")
    }

    @Test func anUnavailableFeedIsTheDaemonsMessageNamingURLAndCause() {
        let error = BusError(name: "org.earshot.Error.FeedUnavailable", message: "https://x.example/feed: could not reach the feed: refused")
        #expect(DaemonFailure.words(for: error) == "https://x.example/feed: could not reach the feed: refused")
    }

    @Test func noDaemonAndNoActivationSaysEarshotCouldNotBeStarted() {
        let unknown = BusError(name: "org.freedesktop.DBus.Error.ServiceUnknown",
                               message: "The name org.mpris.MediaPlayer2.earshot was not provided by any .service files")
        #expect(DaemonFailure.words(for: unknown)
            == "Earshot is not running and could not be started: The name org.mpris.MediaPlayer2.earshot was not provided by any .service files")
        let spawn = BusError(name: "org.freedesktop.DBus.Error.Spawn.ChildExited", message: "Process exited with status 1")
        #expect(DaemonFailure.words(for: spawn).hasPrefix("Earshot is not running and could not be started: "))
    }

    @Test func anOlderDaemonWithoutTheInterfaceIsToldApart() {
        let error = BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object /org/earshot/Earshot")
        #expect(DaemonFailure.words(for: error).hasPrefix("the running Earshot does not offer org.earshot.Earshot1"))
    }
}
