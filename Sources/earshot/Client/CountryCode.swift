import Foundation

/// The country `earshot top` asks for when none is given: the territory of the listener's locale
/// (`LC_ALL`, else `LC_MESSAGES`, else `LANG`: `de_DE.UTF-8` is de), else us.
enum CountryCode {
    static func fromLocale(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(separator: ".").first.map(String.init) ?? ""
        guard let underscore = name.firstIndex(of: "_") else { return "us" }
        let territory = name[name.index(after: underscore)...].prefix { $0 != "@" }.lowercased()
        return isCountry(territory) ? territory : "us"
    }

    /// Two ASCII letters.
    static func isCountry(_ text: String) -> Bool {
        text.count == 2 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
