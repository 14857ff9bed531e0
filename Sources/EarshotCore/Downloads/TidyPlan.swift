import EarshotLocale
import EarshotStore
import Foundation

/// What tidying needs to know of one completed file.
public struct FileFacts: Sendable, Equatable {
    public var episode: EpisodeID
    public var bytes: Int64
    /// When the file became complete.
    public var downloadedAt: Date
    /// When the listener finished the episode (nil: not finished).
    public var finishedAt: Date?
    /// In Up Next (anywhere).
    public var queued: Bool
    /// Its podcast (nil: not known, no podcast's rule applies).
    public var podcast: PodcastID?
    /// When the episode was released (nil: not known; the download's time stands in).
    public var released: Date?

    public init(episode: EpisodeID, bytes: Int64, downloadedAt: Date, finishedAt: Date?, queued: Bool,
                podcast: PodcastID? = nil, released: Date? = nil) {
        self.episode = episode
        self.bytes = bytes
        self.downloadedAt = downloadedAt
        self.finishedAt = finishedAt
        self.queued = queued
        self.podcast = podcast
        self.released = released
    }

    /// The instant "newest" is counted by.
    var age: Date { released ?? downloadedAt }
}

extension DownloadPolicy {
    public typealias FileFacts = EarshotCore.FileFacts
}

/// Why tidying deletes a file, in words for `earshot tidy` and the log.
public enum TidyReason: Sendable, Equatable, CustomStringConvertible {
    /// Played more than the grace period ago.
    case played(grace: Duration)
    /// Not among its podcast's newest `keep` downloads.
    case beyondNewest(Int)
    /// The downloads take more than the budget.
    case overBudget(Int64)

    public var description: String {
        switch self {
        // TRANSLATORS: why a downloaded file is deleted: %s is a time ("2 days"); keep the setting's name download-grace.
        case .played(let grace): tr("played more than %s ago (download-grace)", Self.span(grace))
        // TRANSLATORS: why a downloaded file is deleted; keep the setting's name keep-downloads.
        case .beyondNewest(let count): trn("not among its podcast's newest %d downloads (keep-downloads)", "not among its podcast's newest %d downloads (keep-downloads)", count, count)
        // TRANSLATORS: why a downloaded file is deleted: %s is a size (2 GiB); keep the setting's name download-budget.
        case .overBudget(let bytes): tr("the downloads take more than %s (download-budget)", Self.size(bytes))
        }
    }

    private static func span(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for size in [Int64(604_800), 86_400, 3600, 60] where seconds >= size && seconds % size == 0 {
            let count = Int(seconds / size)
            switch size {
            case 604_800: return trn("%d week", "%d weeks", count, count)
            case 86_400: return trn("%d day", "%d days", count, count)
            case 3600: return trn("%d hour", "%d hours", count, count)
            default: return trn("%d minute", "%d minutes", count, count)
            }
        }
        return trn("%d seconds", "%d seconds", Int(seconds), Int(seconds))
    }

    private static func size(_ bytes: Int64) -> String {
        for (size, unit) in [(Int64(1) << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] where bytes >= size {
            let value = Double(bytes) / Double(size)
            return value == value.rounded() ? "\(Int64(value)) \(unit)" : String(format: "%.1f %@", value, unit)
        }
        return trn("%d bytes", "%d bytes", Int(bytes), Int(bytes))
    }
}

/// One file tidying deletes, and why.
public struct TidyChoice: Sendable, Equatable {
    public var episode: EpisodeID
    public var reason: TidyReason
}

/// Which downloaded files tidying deletes, and why, as a pure function. In order: the files of
/// episodes played more than their podcast's grace period ago (oldest played first); then each
/// podcast's files beyond its newest N (`keep-downloads`, counted by release, the files that stay
/// counting too); then, while the files and the parts of unfinished downloads take more than the
/// budget, the oldest played, then the oldest not queued. Never a file in `protected` (the current
/// episode, Up Next, starred and in-progress episodes).
public enum TidyPlan {
    public static func choose(_ files: [FileFacts], partBytes: Int64 = 0, protected: Set<EpisodeID>, budget: Int64?, now: Date,
                              keeping: (PodcastID?) -> DownloadKeeping) -> [TidyChoice] {
        var chosen: [TidyChoice] = []
        var doomed = Set<EpisodeID>()
        func choose(_ file: FileFacts, _ reason: TidyReason) {
            guard !protected.contains(file.episode), doomed.insert(file.episode).inserted else { return }
            chosen.append(TidyChoice(episode: file.episode, reason: reason))
        }
        var rules: [PodcastID?: DownloadKeeping] = [:]
        func rule(_ podcast: PodcastID?) -> DownloadKeeping {
            if let known = rules[podcast] { return known }
            let found = keeping(podcast)
            rules[podcast] = found
            return found
        }
        let played = files.filter { file in
            guard let finished = file.finishedAt, let grace = rule(file.podcast).grace else { return false }
            return now.timeIntervalSince(finished) >= Double(grace.components.seconds)
        }
        for file in played.sorted(by: { $0.finishedAt! < $1.finishedAt! }) { choose(file, .played(grace: rule(file.podcast).grace!)) }
        for (podcast, own) in Dictionary(grouping: files, by: \.podcast) {
            guard let newest = rule(podcast).newest, own.count > newest else { continue }
            let byAge = own.sorted { ($0.age, $0.episode) > ($1.age, $1.episode) }
            for file in byAge.dropFirst(newest).reversed() { choose(file, .beyondNewest(newest)) }
        }
        guard let budget else { return chosen }
        var total = files.filter { !doomed.contains($0.episode) }.reduce(partBytes) { $0 + $1.bytes }
        let remaining = files.filter { !doomed.contains($0.episode) && !protected.contains($0.episode) }
        let finished = remaining.filter { $0.finishedAt != nil }.sorted { $0.finishedAt! < $1.finishedAt! }
        let unqueued = remaining.filter { $0.finishedAt == nil && !$0.queued }.sorted { $0.downloadedAt < $1.downloadedAt }
        for file in finished + unqueued where total > budget {
            choose(file, .overBudget(budget))
            total -= file.bytes
        }
        return chosen
    }
}
