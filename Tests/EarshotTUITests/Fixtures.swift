import EarshotTUI
import Foundation

/// A small library as the daemon's replies would give it.
enum Fixtures {
    static let podcasts = [
        PodcastItem(id: 1, title: "咖啡时间 Coffee Time", episodes: 3, unplayed: 2, lastChecked: Date(timeIntervalSince1970: 1_000_000)),
        PodcastItem(id: 2, title: "Hostile \u{202E}wolS\u{202C} \u{1B}]0;pwned\u{7}", episodes: 1, unplayed: 0, lastChecked: nil),
        PodcastItem(id: 3, title: String(repeating: "A very long podcast title ", count: 8), episodes: 0, unplayed: 0, lastChecked: nil),
    ]
    static let episodes = [
        EpisodeItem(id: 11, title: "第一集：你好世界", podcastTitle: "咖啡时间", released: Date(timeIntervalSince1970: 1_704_276_000),
                    duration: 600, position: 300, queuePosition: 2, starred: true, downloaded: true),
        EpisodeItem(id: 12, title: "Played one", duration: 60, position: 60, completed: true),
        EpisodeItem(id: 13, title: "日本語のエピソード", duration: nil, current: true),
    ]
    static let now = Date(timeIntervalSince1970: 1_000_600)

    /// A state at 80 × 24 with the library read.
    static func state(width: Int = 80, height: Int = 24) -> TUIState {
        var state = TUIState(width: width, height: height)
        state.receivePodcasts(podcasts)
        return state
    }
}
