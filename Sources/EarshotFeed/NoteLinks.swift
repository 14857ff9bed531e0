/// The web addresses an episode's show notes link to, for a listener to read beside the notes (the plain
/// text of `Episode.description` leaves the links of HTML out): every `href` of the HTML, then every
/// address written out in the text, http and https only, each once, in order, at most `limit`.
public enum NoteLinks {
    /// At most this many addresses, each at most `longest` characters (longer ones are left out).
    public static let limit = 100
    public static let longest = 2048

    /// The links of `raw` (the stored description, HTML when `isHTML`) and of its plain text `text`.
    public static func of(raw: String?, isHTML: Bool, text: String) -> [String] {
        var found: [String] = [], seen: Set<String> = []
        func add(_ candidate: Substring) {
            let address = String(candidate).replacingOccurrences(of: "&amp;", with: "&")
            guard found.count < limit, address.count <= longest, isWeb(address), seen.insert(address).inserted else { return }
            found.append(address)
        }
        if isHTML, let raw { hrefs(in: raw).forEach(add) }
        addresses(in: text).forEach(add)
        return found
    }

    /// The values of `href="…"`, `href='…'` and `href=…` in `html`.
    static func hrefs(in html: String) -> [Substring] {
        var values: [Substring] = []
        var rest = html[...]
        while let found = rest.range(of: "href", options: .caseInsensitive) {
            rest = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: quote) ?? rest.endIndex
                values.append(rest[..<end])
                rest = rest[end...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == ">" || $0 == "\t" || $0 == "\n" } ?? rest.endIndex
                values.append(rest[..<end])
                rest = rest[end...]
            }
        }
        return values
    }

    /// Addresses written out in `text`: from "http://" or "https://" to the next space, less the
    /// punctuation that ends a sentence or closes a bracket around them.
    static func addresses(in text: String) -> [Substring] {
        var values: [Substring] = []
        var rest = text[...]
        while let found = rest.range(of: "http", options: .caseInsensitive) {
            let end = rest[found.lowerBound...].firstIndex { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" } ?? rest.endIndex
            var address = rest[found.lowerBound..<end]
            while let last = address.last, ".,;:!?)]}'".contains(last) { address = address.dropLast() }
            values.append(address)
            rest = rest[end...]
        }
        return values
    }

    private static func isWeb(_ address: String) -> Bool {
        let lowered = address.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return false }
        return address.count > (lowered.hasPrefix("https") ? 8 : 7) && !address.unicodeScalars.contains(where: SafeText.isActive)
    }
}
