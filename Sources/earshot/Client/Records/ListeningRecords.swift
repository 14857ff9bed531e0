import Foundation

/// A stretch of listening as org.earshot.Earshot1's History describes it, and as `earshot history
/// --json` prints it: the D-Bus keys, instants in ISO 8601, durations and positions in seconds.
struct HistoryEntry: Encodable, Equatable {
    var id: Int64
    var episode: Int64?
    var podcast: Int64?
    var title: String?
    var podcastTitle: String?
    var device: String?
    var started: Date?
    var ended: Date?
    var startPosition: Double?
    var endPosition: Double?
    var listened: Double?
    var audio: Double?
    var trimmed: Double?
    var skipped: Double?
    var rate: Double?
    var finished: Bool?

    enum CodingKeys: String, CodingKey {
        case id, episode, podcast, title, podcastTitle = "podcast_title", device, started, ended
        case startPosition = "start_position", endPosition = "end_position", listened, audio, trimmed, skipped, rate, finished
    }
}

extension HistoryEntry {
    /// Reads a history dictionary; nil without an id.
    init?(_ entry: Vardict) {
        guard let id = entry.integer("id") else { return nil }
        self.init(
            id: id, episode: entry.integer("episode"), podcast: entry.integer("podcast"), title: entry.string("title"),
            podcastTitle: entry.string("podcast_title"), device: entry.string("device"), started: entry.date("started"),
            ended: entry.date("ended"), startPosition: entry.seconds("start_position"), endPosition: entry.seconds("end_position"),
            listened: entry.seconds("listened"), audio: entry.seconds("audio"), trimmed: entry.seconds("trimmed"),
            skipped: entry.seconds("skipped"), rate: entry.seconds("rate"), finished: entry.bool("finished"))
    }
}

/// The statistics as org.earshot.Earshot1's Stats describes them, and as `earshot stats --json` prints
/// them.
struct StatsRecord: Encodable, Equatable {
    /// One line: everything, one podcast or one month. Seconds throughout.
    struct Line: Encodable, Equatable {
        var name: String
        var podcast: Int64?
        var sessions: Int
        var finished: Int
        var listened: Double
        var audio: Double
        var savedBySpeed: Double
        var savedBySilence: Double
        var skipped: Double

        enum CodingKeys: String, CodingKey {
            case name, podcast, sessions, finished, listened, audio, savedBySpeed = "saved_by_speed"
            case savedBySilence = "saved_by_silence", skipped
        }

        init(_ entry: Vardict) {
            name = entry.string("name") ?? ""
            podcast = entry.integer("podcast")
            sessions = entry.count("sessions") ?? 0
            finished = entry.count("finished") ?? 0
            listened = entry.seconds("listened") ?? 0
            audio = entry.seconds("audio") ?? 0
            savedBySpeed = entry.seconds("saved_by_speed") ?? 0
            savedBySilence = entry.seconds("saved_by_silence") ?? 0
            skipped = entry.seconds("skipped") ?? 0
        }
    }

    var all: Line
    var podcasts: [Line]
    var months: [Line]

    /// Reads a stats dictionary; nil without its "all" line.
    init?(_ entry: Vardict) {
        guard let all = entry.dictionary("all") else { return nil }
        self.all = Line(all)
        podcasts = entry.dictionaries("podcasts").map(Line.init)
        months = entry.dictionaries("months").map(Line.init)
    }
}
