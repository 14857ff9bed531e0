import EarshotLocale
import EarshotStore

/// A smart playlist's rules as a shell user types them (`earshot playlist new NAME RULE…`, D-Bus
/// `SavePlaylist`), and back. Each rule is an option, its value the next word or after `=`:
///
/// `--podcast N` (repeatable: any of them), `--not-podcast N`, `--unplayed`, `--in-progress`, `--played`
/// (several: any of them), `--downloaded` / `--not-downloaded`, `--starred` / `--not-starred`, `--inbox` /
/// `--not-inbox`, `--longer-than 20m`, `--shorter-than 1h30m` (a bare number: minutes), `--within 14d`,
/// `--older-than 2w` (a bare number: days), `--title WORDS`, `--notes WORDS`, `--said WORDS` (all the
/// words, whole, regardless of case and accents), `--order newest|oldest|shortest|longest|podcast`,
/// `--limit N` (1 to 1,000; 100 when not given).
public enum PlaylistRuleWords {
    /// The rules `words` say, or why not in one line.
    public static func parse(_ words: [String]) throws(PlaylistRuleError) -> PlaylistRules {
        var rules = PlaylistRules()
        var index = 0
        func value(_ option: String, inline: String?) throws(PlaylistRuleError) -> String {
            if let inline { return inline }
            index += 1
            guard index < words.count, !words[index].hasPrefix("--") else { throw .init(tr("%s needs a value", "\(option)")) }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let option = parts[0].lowercased(), inline = parts.count > 1 ? parts[1] : nil
            switch option {
            case "--podcast", "--not-podcast":
                let text = try value(option, inline: inline)
                guard let raw = Int64(text), raw > 0 else { throw .init(tr("%1$s takes a podcast's number, not “%2$s”", "\(option)", "\(text)")) }
                if option == "--podcast" { rules.podcasts.append(PodcastID(rawValue: raw)) } else {
                    rules.excludedPodcasts.append(PodcastID(rawValue: raw))
                }
            case "--unplayed": rules.states.insert(.unplayed)
            case "--in-progress": rules.states.insert(.inProgress)
            case "--played": rules.states.insert(.played)
            case "--downloaded", "--not-downloaded": rules.downloaded = try flag(option, option == "--downloaded", rules.downloaded)
            case "--starred", "--not-starred": rules.starred = try flag(option, option == "--starred", rules.starred)
            case "--inbox", "--not-inbox": rules.inInbox = try flag(option, option == "--inbox", rules.inInbox)
            case "--longer-than", "--shorter-than":
                let text = try value(option, inline: inline)
                guard let seconds = span(text, bareUnit: 60) else { throw .init(tr("%1$s takes a length such as 20m, 1h or 1h30m, not “%2$s”", "\(option)", "\(text)")) }
                if option == "--longer-than" { rules.minimumSeconds = seconds } else { rules.maximumSeconds = seconds }
            case "--within", "--older-than":
                let text = try value(option, inline: inline)
                guard let seconds = span(text, bareUnit: 86_400) else { throw .init(tr("%1$s takes an age such as 12h, 14d or 2w, not “%2$s”", "\(option)", "\(text)")) }
                if option == "--within" { rules.publishedWithinSeconds = seconds } else { rules.publishedBeforeSeconds = seconds }
            case "--title", "--notes", "--said":
                let text = try value(option, inline: inline)
                guard text.contains(where: { $0.isLetter || $0.isNumber }) else { throw .init(tr("%s needs at least one word", "\(option)")) }
                switch option {
                case "--title": rules.titleWords = text
                case "--notes": rules.notesWords = text
                default: rules.saidWords = text
                }
            case "--order":
                let text = try value(option, inline: inline)
                guard let order = PlaylistOrder(rawValue: text.lowercased()) else {
                    // TRANSLATORS: %1$s lists the orders (words to keep as they are), %2$s is what was given.
                    throw .init(tr("--order is one of %1$s, not “%2$s”", PlaylistOrder.allCases.map(\.rawValue).joined(separator: ", "), text))
                }
                rules.order = order
            case "--limit":
                let text = try value(option, inline: inline)
                guard let limit = Int(text), (1...PlaylistRules.largestLimit).contains(limit) else {
                    throw .init(tr("--limit is a number from 1 to %1$d, not “%2$s”", PlaylistRules.largestLimit, text))
                }
                rules.limit = limit
            default:
                throw .init(word.hasPrefix("-") ? tr("there is no playlist rule %s (see earshot playlist new --help)", String(parts[0]))
                                                : tr("“%s” is not a rule: rules start with -- (such as --unplayed or --title WORD)", word))
            }
            index += 1
        }
        if let minimum = rules.minimumSeconds, let maximum = rules.maximumSeconds, minimum > maximum {
            throw .init(tr("--longer-than is more than --shorter-than: no episode could be in the playlist"))
        }
        if let shared = Set(rules.podcasts).intersection(rules.excludedPodcasts).first {
            throw .init(tr("podcast %d is both in --podcast and --not-podcast", Int(shared.rawValue)))
        }
        return rules
    }

    /// The words that make `rules` again (what `playlist show` prints), in the order `parse` reads.
    public static func words(_ rules: PlaylistRules) -> [String] {
        var words: [String] = []
        for podcast in rules.podcasts { words += ["--podcast", String(podcast.rawValue)] }
        for podcast in rules.excludedPodcasts { words += ["--not-podcast", String(podcast.rawValue)] }
        for state in ListeningState.allCases where rules.states.contains(state) { words.append("--" + state.rawValue) }
        if let downloaded = rules.downloaded { words.append(downloaded ? "--downloaded" : "--not-downloaded") }
        if let starred = rules.starred { words.append(starred ? "--starred" : "--not-starred") }
        if let inbox = rules.inInbox { words.append(inbox ? "--inbox" : "--not-inbox") }
        if let minimum = rules.minimumSeconds { words += ["--longer-than", spanText(minimum)] }
        if let maximum = rules.maximumSeconds { words += ["--shorter-than", spanText(maximum)] }
        if let within = rules.publishedWithinSeconds { words += ["--within", spanText(within)] }
        if let before = rules.publishedBeforeSeconds { words += ["--older-than", spanText(before)] }
        if let title = rules.titleWords { words += ["--title", title] }
        if let notes = rules.notesWords { words += ["--notes", notes] }
        if let said = rules.saidWords { words += ["--said", said] }
        words += ["--order", rules.order.rawValue, "--limit", String(rules.limit)]
        return words
    }

    private static func flag(_ option: String, _ value: Bool, _ before: Bool?) throws(PlaylistRuleError) -> Bool {
        if let before, before != value { throw .init(tr("%s contradicts a rule given before it", "\(option)")) }
        return value
    }

    private static let units: [(Character, Double)] = [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

    /// `1h30m`, `20m`, `90s`, `2w`; a bare number counts `bareUnit` seconds. Nil when it is no span.
    static func span(_ text: String, bareUnit: Double) -> Double? {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        if let bare = Double(lowered) { return bare.isFinite && bare >= 0 && bare < 1e7 ? bare * bareUnit : nil }
        var total = 0.0, number = ""
        for character in lowered {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units.first(where: { $0.0 == character })?.1, let value = Double(number) {
                total += value * unit
                number = ""
            } else {
                return nil
            }
        }
        return number.isEmpty && !lowered.isEmpty && total < 1e10 ? total : nil
    }

    /// A span in the largest whole units it has (`1h30m`, `14d`, `90s`).
    static func spanText(_ seconds: Double) -> String {
        var rest = Int64(seconds.rounded()), text = ""
        for (unit, size) in units where rest >= Int64(size) {
            text += "\(rest / Int64(size))\(unit)"
            rest %= Int64(size)
        }
        return text.isEmpty ? "0s" : text
    }
}

/// Why rules cannot be read, in one plain line.
public struct PlaylistRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
