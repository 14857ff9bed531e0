import EarshotTUI
import Foundation
import Testing

@Suite("The downloads view moving with DownloadProgress")
struct DownloadRowTests {
    private static func downloadsShown() -> TUIState {
        var state = Fixtures.state()
        _ = state.handle(.character("5"))
        state.receiveDownloads([
            DownloadRow(episode: 11, title: "第一集：你好世界", podcastTitle: "咖啡时间", state: "downloading", bytes: 0, totalBytes: 1000),
            DownloadRow(episode: 12, title: "Played one", podcastTitle: "Other", state: "queued", bytes: nil, totalBytes: nil),
        ])
        return state
    }

    @Test func aMoveMovesItsRowsBarAtOnceWithoutReadingTheListAgain() {
        var state = Self.downloadsShown()
        #expect(state.view == .downloads)
        let before = state.frame(now: Fixtures.now).lines[1].text
        #expect(before.contains("────") && !before.contains("━"))
        let unknown = state.receiveDownloadMoves([DownloadMove(episode: 11, state: "downloading", bytes: 500, totalBytes: 1000)])
        #expect(!unknown)
        #expect(state.downloads[0].fraction == 0.5)
        let after = state.frame(now: Fixtures.now).lines[1].text
        #expect(after.contains("━") && after.contains("─"), "half the bar: \(after)")
        #expect(after.hasSuffix("downloading "))
    }

    @Test func aDownloadThatEndsShowsItsStateAndAFullBar() {
        var state = Self.downloadsShown()
        _ = state.receiveDownloadMoves([DownloadMove(episode: 11, state: "completed", bytes: 1000, totalBytes: 1000),
                                        DownloadMove(episode: 12, state: "downloading", bytes: 10, totalBytes: nil)])
        let lines = state.frame(now: Fixtures.now).lines
        #expect(lines[1].text.hasSuffix("completed ") && !lines[1].text.contains("─"))
        #expect(lines[2].text.hasSuffix("downloading ") && !lines[2].text.contains("━"), "a size not announced: an empty bar")
        #expect(state.downloads[1].fraction == 0)
    }

    @Test func aMoveOfADownloadNotListedAsksForTheListAgain() {
        var state = Self.downloadsShown()
        let unknown = state.receiveDownloadMoves([DownloadMove(episode: 99, state: "queued", bytes: 0, totalBytes: nil)])
        #expect(unknown)
        #expect(state.downloads.count == 2)
    }

    @Test func aFailureShowsWhyAndATryAgainClearsIt() {
        var state = Self.downloadsShown()
        state.receiveDownloads([DownloadRow(episode: 11, title: "A", podcastTitle: "B", state: "failed", bytes: 0, totalBytes: nil,
                                            error: "the server answered 404")])
        #expect(state.frame(now: Fixtures.now).lines[1].text.contains("failed: the server answered 404"))
        _ = state.receiveDownloadMoves([DownloadMove(episode: 11, state: "downloading", bytes: 1, totalBytes: 10)])
        #expect(!state.frame(now: Fixtures.now).lines[1].text.contains("failed"))
    }
}
