import ArgumentParser
import EarshotCore

/// Tab completions for `earshot set PODCAST|all SETTING VALUE`, from `SettingsTable`: the settings a
/// podcast (or, after `all`, the library) can have, and the values of the one named before.
enum SettingCompletions {
    /// `all`, then the podcasts' titles.
    @Sendable static func podcastsOrAll(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        ["all"] + LibraryCompletions.podcasts(words, index, prefix)
    }

    /// The settings that can be given for the podcast (or `all`) named before.
    @Sendable static func keys(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let scope: SettingScope = word(before: index, in: words)?.lowercased() == "all" ? .library : .podcast
        return SettingsTable.keys(in: scope)
    }

    /// Values of the setting named before.
    @Sendable static func values(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let key = word(before: index, in: words), let definition = SettingsTable.definition(key) else { return [] }
        return suggestions(for: definition)
    }

    /// Values worth offering: every value of a choice, else the usual ones, the default and the bounds.
    static func suggestions(for definition: SettingDefinition) -> [String] {
        let offered: [String]
        switch definition.kind {
        case .flag: offered = ["on", "off"]
        case .choice(let words): offered = words
        case .timeSpan: offered = [definition.defaultValue, "12h", "1d", "1w", "never"]
        case .size: offered = [definition.defaultValue, "500MB", "2GiB", "10GiB", "unlimited"]
        case .number(let range, _): offered = [number(range.lowerBound), definition.defaultValue, number(range.upperBound)]
        case .count(let range, _): offered = [String(range.lowerBound), definition.defaultValue, String(range.upperBound)]
        case .list(let words): offered = words
        case .address, .text: offered = []
        }
        var seen = Set<String>()
        return offered.filter { seen.insert($0).inserted }
    }

    /// 0.5 as "0.5", 1800 as "1800".
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func word(before index: Int, in words: [String]) -> String? {
        words.indices.contains(index - 1) ? words[index - 1] : nil
    }
}
