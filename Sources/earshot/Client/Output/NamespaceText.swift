import EarshotFeed
import EarshotLocale
import Foundation

/// What `earshot support`, `earshot details`, `earshot recommended` and `earshot live` print from the
/// feeds' Podcasting 2.0 fields. Feed text is escaped (`SafeText`) before it reaches the terminal.
enum NamespaceText {
    /// Funding links grouped by podcast: its title, then each link with what it says.
    static func support(_ links: [Vardict], podcast: String?) -> String {
        guard !links.isEmpty else {
            return podcast.map { "“\(SafeText.escaped($0))” lists no way to support it (podcast:funding)." }
                ?? "No podcast of the library lists a way to support it (podcast:funding)."
        }
        var lines: [String] = []
        var last: Int64?
        for link in links {
            let id = link.integer("podcast")
            if id != last {
                lines.append(SafeText.escaped(link.string("podcast_title") ?? "podcast \(id ?? 0)"))
                last = id
            }
            let url = SafeText.escaped(link.string("url") ?? "")
            lines.append("  " + (link.string("text").map { "\(SafeText.escaped($0)): \(url)" } ?? url))
        }
        return lines.joined(separator: "\n")
    }

    /// An episode's namespace fields, one line each; soundbites numbered for `earshot play --soundbite N`.
    static func episode(_ details: Vardict) -> String {
        var lines = [SafeText.escaped(details.string("title") ?? "episode \(details.integer("id") ?? 0)")]
        var numbering: [String] = []
        if let season = details.integer("season") { numbering.append("Season \(season)" + (details.string("season_name").map { ": \($0)" } ?? "")) }
        else if let name = details.string("season_name") { numbering.append(name) }
        if let name = details.string("episode_name") { numbering.append("Episode \(name)") }
        else if let number = details.integer("episode") { numbering.append("Episode \(number)") }
        if !numbering.isEmpty { lines.append(SafeText.escaped(numbering.joined(separator: " · "))) }
        if details.string("episode_type") == "trailer" { lines.append("A trailer") }
        if let people = PersonText.names(details.dictionaries("people")) { lines.append(SafeText.escaped("With " + people.joined(separator: ", "))) }
        let bites = details.dictionaries("soundbites")
        if !bites.isEmpty {
            lines.append("Soundbites (earshot play \(details.integer("id") ?? 0) --soundbite N):")
            for (index, bite) in bites.enumerated() {
                let start = bite.seconds("start") ?? 0, length = bite.seconds("duration") ?? 0
                let title = bite.string("title").map { "  \(SafeText.escaped($0))" } ?? ""
                lines.append("  \(index + 1). \(TimeText.clock(start)) for \(TimeText.clock(length))\(title)")
            }
        }
        lines += shared(details)
        let social = details.strings("social")
        if !social.isEmpty { lines.append("Comments: " + SafeText.escaped(social.joined(separator: ", "))) }
        for alternate in details.dictionaries("alternates") {
            var parts = [alternate.string("type") ?? "?"]
            if let bitrate = alternate.seconds("bitrate") { parts.append("\(Int((bitrate / 1000).rounded())) kb/s") }
            if let title = alternate.string("title") { parts.append(title) }
            if alternate.string("integrity") != nil { parts.append("checked") }
            lines.append("Also as " + SafeText.escaped(parts.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// A podcast's namespace fields, one line each.
    static func podcast(_ details: Vardict) -> String {
        var lines = [SafeText.escaped(details.string("podcast_title") ?? "podcast \(details.integer("podcast") ?? 0)")]
        if let people = PersonText.names(details.dictionaries("people")) { lines.append(SafeText.escaped("By " + people.joined(separator: ", "))) }
        if let medium = details.string("medium"), medium != "podcast" { lines.append("Medium: " + SafeText.escaped(medium)) }
        if let frequency = details.string("update_frequency") {
            lines.append("Publishes: " + SafeText.escaped(frequency) + (details.bool("complete") == true ? " (complete: no more episodes)" : ""))
        }
        if let every = details.integer("refresh_every"), every > 0 { lines.append(refreshText(seconds: every)) }
        if details.bool("locked") == true {
            lines.append("Locked: the publisher asks that the feed not be moved to another host"
                         + (details.string("lock_owner").map { " (owner \(SafeText.escaped($0)))" } ?? ""))
        }
        if details.bool("blocked") == true { lines.append("Blocked: the publisher asks directories not to list it") }
        lines += shared(details)
        for trailer in details.dictionaries("trailers") {
            lines.append("Trailer: " + SafeText.escaped(trailer.string("title") ?? "") + " " + SafeText.escaped(trailer.string("url") ?? ""))
        }
        let funding = details.dictionaries("funding")
        if !funding.isEmpty { lines.append("Support: earshot support \(details.integer("podcast") ?? 0) (\(funding.count) link\(funding.count == 1 ? "" : "s"))") }
        return lines.joined(separator: "\n")
    }

    /// How often Earshot fetches a feed, in the largest whole unit.
    static func refreshText(seconds: Int64) -> String {
        let count = { (unit: Int64) in Int(clamping: seconds / unit) }
        if seconds % 86_400 == 0 { return trn("Earshot refreshes it every %d day.", "Earshot refreshes it every %d days.", count(86_400), count(86_400)) }
        if seconds % 3600 == 0 { return trn("Earshot refreshes it every %d hour.", "Earshot refreshes it every %d hours.", count(3600), count(3600)) }
        return trn("Earshot refreshes it every %d minute.", "Earshot refreshes it every %d minutes.", count(60), count(60))
    }

    /// The fields podcasts and episodes share: location, licence, chat, payments.
    private static func shared(_ details: Vardict) -> [String] {
        var lines: [String] = []
        if let location = details.string("location") { lines.append("Location: " + SafeText.escaped(location)) }
        if let license = details.string("license") { lines.append("Licence: " + SafeText.escaped(license)) }
        if let chat = details.string("chat") { lines.append("Chat: " + SafeText.escaped(chat)) }
        let value = details.strings("value")
        if !value.isEmpty { lines.append("Accepts payments (\(SafeText.escaped(value.joined(separator: ", ")))); Earshot does not make them") }
        return lines
    }

    /// The shows recommended, those with a feed address numbered for `earshot add N`.
    static func recommended(_ shows: [Vardict]) -> String {
        guard !shows.isEmpty else { return "None of your shows recommends others (podcast:podroll)." }
        var lines = shows.map { show in
            let address = show.string("feed_url") ?? "podcast:guid \(show.string("feed_guid") ?? "?") (no feed address given)"
            let from = show.string("from_title").map { ", recommended by \($0)" } ?? ""
            let have = show.integer("subscribed").map { " (in your library: podcast \($0))" } ?? ""
            return SafeText.escaped("\(show.count("number").map { "\($0)." } ?? "-") \(address)\(from)\(have)")
        }
        if shows.contains(where: { $0.count("number") != nil }) { lines.append("earshot add N subscribes to show N (for the next hour).") }
        return lines.joined(separator: "\n")
    }

    /// Live shows as the daemon lists them, with their status and start.
    static func live(_ items: [Vardict]) -> String {
        guard !items.isEmpty else { return "No live shows are announced (podcast:liveItem)." }
        return items.map { item in
            let status = item.string("status") ?? "pending"
            let when = item.date("start").map { status == "pending" ? " starts \(TimeText.day($0)) \(clock($0))" : " since \(clock($0))" } ?? ""
            let title = item.string("title") ?? "(untitled)"
            let podcast = item.string("podcast_title").map { " — \($0)" } ?? ""
            return SafeText.escaped("[\(status)]\(when)  \(title)\(podcast)  \(item.string("url") ?? "")")
        }.joined(separator: "\n")
    }

    private static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
