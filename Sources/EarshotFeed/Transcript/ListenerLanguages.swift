/// The languages the listener reads, most preferred first, as BCP 47 tags (`en-GB`), from the locale
/// environment as gettext reads it.
///
/// The locale is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. When it is
/// not `C` or `POSIX`, `LANGUAGE` (a colon-separated list, `de_AT:de:en`) comes first, then the locale
/// itself. Each entry loses its codeset and modifier (`en_GB.UTF-8`, `sr_RS@latin`), `_` becomes `-`,
/// and a tag with a region is followed by its language alone: `en_GB.UTF-8` gives `en-GB`, `en`.
/// Each tag appears once, at its first place.
public enum ListenerLanguages {
    /// The preferred languages `environment` names (none for the `C` locale or an empty environment).
    public static func preferred(in environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return [] }
        let entries = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init) + [locale]
        var tags: [String] = []
        for entry in entries {
            guard let tag = tag(entry) else { continue }
            for candidate in [tag, primary(tag)] where !tags.contains(candidate) { tags.append(candidate) }
        }
        return tags
    }

    /// The BCP 47 tag of a POSIX locale name (`pt_BR.UTF-8` → `pt-BR`), or nil for `C`, `POSIX` and
    /// names that hold no language.
    static func tag(_ locale: String) -> String? {
        let bare = locale.prefix { $0 != "." && $0 != "@" }
        let parts = bare.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              bare != "C", bare != "POSIX" else { return nil }
        let rest = parts.dropFirst().filter { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return ([language.lowercased()] + rest.map { $0.count == 2 ? $0.uppercased() : String($0) }).joined(separator: "-")
    }

    /// The language subtag of `tag` (`en-GB` → `en`), lower case.
    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}
