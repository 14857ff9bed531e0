import EarshotFeed
import EarshotLocale
import Foundation

/// What `earshot support`, `earshot details`, `earshot recommended` and `earshot live` print from the
/// feeds' Podcasting 2.0 fields. Feed text is escaped (`SafeText`) before it reaches the terminal.
enum NamespaceText {
    /// Funding links grouped by podcast: its title, then each link with what it says.
    static func support(_ links: [Vardict], podcast: String?) -> String {
        guard !links.isEmpty else {
            // TRANSLATORS: `earshot support PODCAST` of a podcast (%s, its title) whose feed has no podcast:funding
            // (a tag name: keep it as it is).
            if let podcast { return tr("“%s” lists no way to support it (podcast:funding).", SafeText.escaped(podcast)) }
            // TRANSLATORS: `earshot support` when no feed has podcast:funding (a tag name: keep it as it is).
            return tr("No podcast of the library lists a way to support it (podcast:funding).")
        }
        var lines: [String] = []
        var last: Int64?
        for link in links {
            let id = link.integer("podcast")
            if id != last {
                lines.append(SafeText.escaped(link.string("podcast_title") ?? podcastName(id ?? 0)))
                last = id
            }
            let url = SafeText.escaped(link.string("url") ?? "")
            lines.append("  " + (link.string("text").map { "\(SafeText.escaped($0)): \(url)" } ?? url))
        }
        return lines.joined(separator: "\n")
    }

    /// An episode's namespace fields, one line each; soundbites numbered for `earshot play --soundbite N`.
    static func episode(_ details: Vardict) -> String {
        let id = Int(details.integer("id") ?? 0)
        // TRANSLATORS: an episode without a title, named by its number.
        var lines = [SafeText.escaped(details.string("title") ?? tr("episode %d", id))]
        var numbering: [String] = []
        if let season = details.integer("season") {
            // TRANSLATORS: an episode's season: its number, and its name when the feed gives one ("Season 2: The Return").
            numbering.append(details.string("season_name").map { tr("Season %1$d: %2$s", Int(season), $0) } ?? tr("Season %d", Int(season)))
        } else if let name = details.string("season_name") { numbering.append(name) }
        // TRANSLATORS: an episode's name or number in its season (podcast:episode): "Episode 3", "Episode Three".
        if let name = details.string("episode_name") { numbering.append(tr("Episode %s", name)) }
        else if let number = details.integer("episode") { numbering.append(tr("Episode %d", Int(number))) }
        if !numbering.isEmpty { lines.append(SafeText.escaped(numbering.joined(separator: " · "))) }
        // TRANSLATORS: `earshot details EPISODE` of an episode that is a trailer.
        if details.string("episode_type") == "trailer" { lines.append(tr("A trailer")) }
        // TRANSLATORS: the people of an episode (podcast:person): "With Ann, Bob (guest)".
        if let people = PersonText.names(details.dictionaries("people")) { lines.append(SafeText.escaped(tr("With %s", people.joined(separator: ", ")))) }
        let bites = details.dictionaries("soundbites")
        if !bites.isEmpty {
            // TRANSLATORS: the heading of an episode's soundbites; "earshot play %d --soundbite N" is a command: keep it as it is.
            lines.append(tr("Soundbites (earshot play %d --soundbite N):", id))
            for (index, bite) in bites.enumerated() {
                let start = bite.seconds("start") ?? 0, length = bite.seconds("duration") ?? 0
                let title = bite.string("title").map { "  \(SafeText.escaped($0))" } ?? ""
                // TRANSLATORS: a soundbite: where it starts in the episode and how long it is: "12:03 for 0:45".
                let moment = tr("%1$s for %2$s", TimeText.clock(start), TimeText.clock(length))
                lines.append("  \(index + 1). \(moment)\(title)")
            }
        }
        lines += shared(details)
        let social = details.strings("social")
        // TRANSLATORS: where an episode is discussed (podcast:socialInteract): addresses follow.
        if !social.isEmpty { lines.append(tr("Comments: %s", SafeText.escaped(social.joined(separator: ", ")))) }
        for alternate in details.dictionaries("alternates") {
            var parts = [alternate.string("type") ?? "?"]
            // TRANSLATORS: the bitrate of another version of an episode's audio: "128 kb/s".
            if let bitrate = alternate.seconds("bitrate") { parts.append(tr("%d kb/s", Int((bitrate / 1000).rounded()))) }
            if let title = alternate.string("title") { parts.append(title) }
            // TRANSLATORS: another version of an episode's audio whose feed gives a checksum to check it with.
            if alternate.string("integrity") != nil { parts.append(trc("alternate audio", "checked")) }
            // TRANSLATORS: another version of an episode's audio (podcast:alternateEnclosure): its type, bitrate, title.
            lines.append(SafeText.escaped(tr("Also as %s", parts.joined(separator: ", "))))
        }
        return lines.joined(separator: "\n")
    }

    /// A podcast's namespace fields, one line each.
    static func podcast(_ details: Vardict) -> String {
        let id = Int(details.integer("podcast") ?? 0)
        var lines = [SafeText.escaped(details.string("podcast_title") ?? podcastName(Int64(id)))]
        // TRANSLATORS: the people of a podcast (podcast:person): "By Ann, Bob (producer)".
        if let people = PersonText.names(details.dictionaries("people")) { lines.append(SafeText.escaped(tr("By %s", people.joined(separator: ", ")))) }
        // TRANSLATORS: what a feed is (podcast:medium): "music", "audiobook"… (the feed's own word).
        if let medium = details.string("medium"), medium != "podcast" { lines.append(tr("Medium: %s", SafeText.escaped(medium))) }
        if let frequency = details.string("update_frequency") {
            let frequency = SafeText.escaped(frequency)
            // TRANSLATORS: how often a podcast publishes, in the feed's own words (podcast:updateFrequency).
            lines.append(details.bool("complete") == true ? tr("Publishes: %s (complete: no more episodes)", frequency) : tr("Publishes: %s", frequency))
        }
        if let every = details.integer("refresh_every"), every > 0 { lines.append(refreshText(seconds: every)) }
        if details.bool("locked") == true {
            // TRANSLATORS: a feed with podcast:locked; %s is the owner's address the feed gives.
            lines.append(details.string("lock_owner").map { tr("Locked: the publisher asks that the feed not be moved to another host (owner %s)", SafeText.escaped($0)) }
                         ?? tr("Locked: the publisher asks that the feed not be moved to another host"))
        }
        if details.bool("blocked") == true { lines.append(tr("Blocked: the publisher asks directories not to list it")) }
        lines += shared(details)
        for trailer in details.dictionaries("trailers") {
            // TRANSLATORS: a podcast's trailer: its title and address.
            lines.append(tr("Trailer: %1$s %2$s", SafeText.escaped(trailer.string("title") ?? ""), SafeText.escaped(trailer.string("url") ?? "")))
        }
        let funding = details.dictionaries("funding")
        if !funding.isEmpty {
            // TRANSLATORS: "earshot support %1$d" is a command: keep it as it is; %2$d is how many funding links the feed gives.
            lines.append(trn("Support: earshot support %1$d (%2$d link)", "Support: earshot support %1$d (%2$d links)", funding.count, id, funding.count))
        }
        return lines.joined(separator: "\n")
    }

    /// How often Earshot fetches a feed, in the largest whole unit.
    static func refreshText(seconds: Int64) -> String {
        let count = { (unit: Int64) in Int(clamping: seconds / unit) }
        // TRANSLATORS: how often Earshot fetches a podcast's feed (the refresh-interval setting and the feed's own schedule).
        if seconds % 86_400 == 0 { return trn("Earshot refreshes it every %d day.", "Earshot refreshes it every %d days.", count(86_400), count(86_400)) }
        if seconds % 3600 == 0 { return trn("Earshot refreshes it every %d hour.", "Earshot refreshes it every %d hours.", count(3600), count(3600)) }
        return trn("Earshot refreshes it every %d minute.", "Earshot refreshes it every %d minutes.", count(60), count(60))
    }

    /// The fields podcasts and episodes share: location, licence, chat, payments.
    private static func shared(_ details: Vardict) -> [String] {
        var lines: [String] = []
        // TRANSLATORS: where a podcast or episode is about or made (podcast:location).
        if let location = details.string("location") { lines.append(tr("Location: %s", SafeText.escaped(location))) }
        // TRANSLATORS: the licence a feed names (podcast:license).
        if let license = details.string("license") { lines.append(tr("Licence: %s", SafeText.escaped(license))) }
        // TRANSLATORS: a chat room's address a feed names (podcast:chat).
        if let chat = details.string("chat") { lines.append(tr("Chat: %s", SafeText.escaped(chat))) }
        let value = details.strings("value")
        if !value.isEmpty {
            // TRANSLATORS: the payment methods a feed names (podcast:value), which Earshot does not use.
            lines.append(tr("Accepts payments (%s); Earshot does not make them", SafeText.escaped(value.joined(separator: ", "))))
        }
        return lines
    }

    /// The shows recommended, those with a feed address numbered for `earshot add N`.
    static func recommended(_ shows: [Vardict]) -> String {
        // TRANSLATORS: `earshot recommended` when no feed has podcast:podroll (a tag name: keep it as it is).
        guard !shows.isEmpty else { return tr("None of your shows recommends others (podcast:podroll).") }
        var lines = shows.map { show in
            // TRANSLATORS: a recommended show known only by its podcast:guid (%s; keep "podcast:guid" as it is).
            let given = show.string("feed_url") ?? tr("podcast:guid %s (no feed address given)", show.string("feed_guid") ?? "?")
            // TRANSLATORS: a recommended show as Podcast Index names it: its title and its feed address.
            let address = show.string("title").map { tr("“%1$s” at %2$s", $0, given) } ?? given
            let entry: String = switch (show.string("from_title"), show.integer("subscribed")) {
            case (nil, nil): address
            // TRANSLATORS: a recommended show (its address) and the show of the library that recommends it.
            case (let from?, nil): tr("%1$s, recommended by %2$s", address, from)
            // TRANSLATORS: a recommended show (its address) that the library has, as podcast %2$d.
            case (nil, let have?): tr("%1$s (in your library: podcast %2$d)", address, Int(have))
            // TRANSLATORS: a recommended show (its address), the show that recommends it, and its podcast number in the library.
            case (let from?, let have?): tr("%1$s, recommended by %2$s (in your library: podcast %3$d)", address, from, Int(have))
            }
            return SafeText.escaped("\(show.count("number").map { "\($0)." } ?? "-") \(entry)")
        }
        if shows.contains(where: { $0.count("number") != nil }) {
            // TRANSLATORS: "earshot add N" is a command: keep it as it is.
            lines.append(tr("earshot add N subscribes to show N (for the next hour)."))
        }
        return lines.joined(separator: "\n")
    }

    /// Live shows as the daemon lists them, with their status and start (the locale's day and time).
    static func live(_ items: [Vardict]) -> String {
        // TRANSLATORS: `earshot live` when no feed has podcast:liveItem (a tag name: keep it as it is).
        guard !items.isEmpty else { return tr("No live shows are announced (podcast:liveItem).") }
        return items.map { item in
            let status = item.string("status") ?? "pending"
            let shown = liveStatus(status)
            let head: String = switch item.date("start") {
            case nil: "[\(shown)]"
            // TRANSLATORS: a live show that has not begun (%1$s, its status in brackets) and when it starts (%2$s, day and time).
            case let start? where status == "pending": tr("[%1$s] starts %2$s", shown, LocaleFormat.current.dayAndTime(start))
            // TRANSLATORS: a live show's status (%1$s, in brackets) and the time it began (%2$s).
            case let start?: tr("[%1$s] since %2$s", shown, LocaleFormat.current.time(start))
            }
            // TRANSLATORS: a live show without a title.
            let title = item.string("title") ?? tr("(untitled)")
            let podcast = item.string("podcast_title").map { " — \($0)" } ?? ""
            return SafeText.escaped("\(head)  \(title)\(podcast)  \(item.string("url") ?? "")")
        }.joined(separator: "\n")
    }

    /// A live show's status (podcast:liveItem's pending, live or ended) in the listener's language.
    private static func liveStatus(_ status: String) -> String {
        switch status {
        // TRANSLATORS: a live show's status (podcast:liveItem): announced, not begun yet. Keep it short.
        case "pending": trc("live show", "pending")
        // TRANSLATORS: a live show's status (podcast:liveItem): on the air now. Keep it short.
        case "live": trc("live show", "live")
        // TRANSLATORS: a live show's status (podcast:liveItem): over. Keep it short.
        case "ended": trc("live show", "ended")
        default: status
        }
    }

    /// A podcast without a title: "podcast 3".
    private static func podcastName(_ id: Int64) -> String {
        // TRANSLATORS: a podcast without a title, named by its number.
        tr("podcast %d", Int(id))
    }
}
