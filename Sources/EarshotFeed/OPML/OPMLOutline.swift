/// One `<outline>` element as the OPML reader met it: the attributes that decide what it is (names
/// compared without case, so `xmlUrl`, `xmlurl` and `XMLURL` are one), its line, and whether it lies
/// within a commented-out outline.
struct OPMLOutline {
    var type: String?
    var text: String?
    var title: String?
    var xmlURL: String?
    var htmlURL: String?
    var url: String?
    var isComment = false
    /// The line where the start tag ends.
    var line: Int

    /// Stores `value` when `name` is one of the attributes above.
    mutating func set(_ name: String, _ value: String) {
        switch name.lowercased() {
        case "type": type = value
        case "text": text = value
        case "title": title = value
        case "xmlurl": xmlURL = value
        case "htmlurl": htmlURL = value
        case "url": url = value
        case "iscomment": isComment = value.trimmingCharacters(in: .whitespaces).lowercased() == "true"
        default: break
        }
    }

    /// What names the outline for a person: the address as written, else the title.
    var label: String {
        let candidates = [xmlURL, url, title, text]
        return candidates.lazy.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
    }

    /// Whether the outline is a link (a web page or another OPML file) rather than a feed.
    var isLink: Bool {
        guard let type = type?.lowercased(), type == "link" || type == "include" else { return false }
        return !(url ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Whether the outline says it is a feed.
    var isMarkedAsFeed: Bool { ["rss", "atom", "pie"].contains(type?.lowercased() ?? "") }
}
