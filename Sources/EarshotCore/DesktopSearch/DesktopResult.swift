import EarshotFeed
import EarshotStore
import Foundation

/// One thing the desktop's own search (GNOME Shell's overview, KRunner) shows for what was typed: a
/// podcast, an episode, or a moment of an episode (where a chapter starts or a transcript line is said).
/// Its `identifier` is what the desktop hands back to describe or activate it, so it names the thing
/// itself, not a position in a list: it stays good across searches and restarts.
public enum DesktopResult: Hashable, Sendable {
    case podcast(PodcastID)
    case episode(EpisodeID)
    /// An episode from `at` seconds (whole milliseconds).
    case moment(EpisodeID, at: Double)

    /// `podcast:12`, `episode:812` or `moment:812:2467.5`.
    public var identifier: String {
        switch self {
        case .podcast(let podcast): "podcast:\(podcast.rawValue)"
        case .episode(let episode): "episode:\(episode.rawValue)"
        case .moment(let episode, let at): "moment:\(episode.rawValue):\(Self.seconds(at))"
        }
    }

    /// The result `identifier` names; nil for anything else (a desktop may hand back any string).
    public init?(identifier: String) {
        let parts = identifier.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, let id = Int64(parts[1]), id > 0 else { return nil }
        switch (parts[0], parts.count) {
        case ("podcast", 2): self = .podcast(PodcastID(rawValue: id))
        case ("episode", 2): self = .episode(EpisodeID(rawValue: id))
        case ("moment", 3):
            guard let at = Double(parts[2]).flatMap(EpisodeTime.checked) else { return nil }
            self = .moment(EpisodeID(rawValue: id), at: at)
        default: return nil
        }
    }

    /// The episode it plays (nil for a podcast).
    public var episode: EpisodeID? {
        switch self {
        case .podcast: nil
        case .episode(let episode), .moment(let episode, _): episode
        }
    }

    /// `at` written with at most three decimals and no trailing zeros (`2467.5`, `12`).
    private static func seconds(_ at: Double) -> String {
        let milliseconds = (at * 1000).rounded()
        return milliseconds.truncatingRemainder(dividingBy: 1000) == 0
            ? String(Int64(milliseconds / 1000)) : String(format: "%.3f", milliseconds / 1000).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }
}

/// What the desktop shows of a result: a name, a line under it, and whose cover to show.
public struct DesktopResultInfo: Sendable, Equatable {
    public var result: DesktopResult
    /// The episode's title (the podcast's, for a podcast).
    public var name: String
    /// The podcast and the moment or the words that matched: `Radiolab · 41:07 · Jad: …quantum…`.
    public var description: String
    /// The podcast whose cover stands for it.
    public var podcast: PodcastID
}
