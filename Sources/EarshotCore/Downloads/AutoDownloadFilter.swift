import EarshotStore
import Foundation

/// Which new episodes a podcast downloads by itself (auto-download): words its title must have (any
/// of them) or must not have (none of them), regardless of case and accents, and a length it must be
/// at least or at most. An episode whose length the feed does not give passes the length rules (it
/// cannot be judged before it is downloaded). Downloads asked for by hand are never filtered.
public struct AutoDownloadFilter: Sendable, Equatable {
    /// Words or phrases, one of which the title must contain (empty: any title).
    public var include: [String] = []
    /// Words or phrases none of which the title may contain.
    public var exclude: [String] = []
    public var minimumSeconds: Double?
    public var maximumSeconds: Double?

    public init(include: [String] = [], exclude: [String] = [], minimumSeconds: Double? = nil, maximumSeconds: Double? = nil) {
        self.include = include
        self.exclude = exclude
        self.minimumSeconds = minimumSeconds
        self.maximumSeconds = maximumSeconds
    }

    /// Whether it lets every episode through.
    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty && minimumSeconds == nil && maximumSeconds == nil }

    /// Whether an episode with this title and length is downloaded by itself.
    public func admits(title: String?, seconds: Double?) -> Bool {
        let title = title ?? ""
        let has = { (word: String) in title.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        if !include.isEmpty, !include.contains(where: has) { return false }
        if exclude.contains(where: has) { return false }
        if let seconds, seconds.isFinite {
            if let minimum = minimumSeconds, seconds < minimum { return false }
            if let maximum = maximumSeconds, seconds > maximum { return false }
        }
        return true
    }

    /// The words of a setting's value: phrases separated by commas (`none`: no words).
    static func words(_ text: String?) -> [String] {
        guard let text, text.lowercased() != "none" else { return [] }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The setting names.
    public static let includeKey = "auto-download-words", excludeKey = "auto-download-skip-words",
                      minimumKey = "auto-download-min-length", maximumKey = "auto-download-max-length"
}

extension Library {
    /// What `podcast` downloads by itself: its own settings, else the library's.
    public func autoDownloadFilter(_ podcast: PodcastID) -> AutoDownloadFilter {
        func value(_ key: String) -> String? { settings[podcast]?[key] ?? settings[nil]?[key] }
        func minutes(_ key: String) -> Double? { value(key).flatMap(Double.init).flatMap { $0 > 0 ? $0 * 60 : nil } }
        return AutoDownloadFilter(include: AutoDownloadFilter.words(value(AutoDownloadFilter.includeKey)),
                                  exclude: AutoDownloadFilter.words(value(AutoDownloadFilter.excludeKey)),
                                  minimumSeconds: minutes(AutoDownloadFilter.minimumKey), maximumSeconds: minutes(AutoDownloadFilter.maximumKey))
    }
}
