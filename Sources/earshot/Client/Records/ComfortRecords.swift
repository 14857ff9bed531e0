/// The sleep timer as org.earshot.Earshot1 describes it (SleepTimer, Status's "sleep_timer").
struct SleepTimerRecord: Encodable, Equatable {
    /// after, end-of-episode, end-of-chapter or episodes.
    var mode: String
    var remaining: Double?
    var episodesLeft: Int?

    enum CodingKeys: String, CodingKey {
        case mode, remaining, episodesLeft = "episodes_left"
    }
}

extension SleepTimerRecord {
    /// Reads a sleep timer dictionary; nil when it is empty (the timer is off).
    init?(_ entry: Vardict) {
        guard let mode = entry.string("mode") else { return nil }
        self.init(mode: mode, remaining: entry.seconds("remaining"), episodesLeft: entry.count("episodes_left"))
    }
}

/// A chapter as org.earshot.Earshot1 describes it (Chapters, Status's "chapter").
struct ChapterRecord: Encodable, Equatable {
    var number: Int
    var start: Double
    var title: String
    var link: String?
    var image: String?
    var current: Bool
}

extension ChapterRecord {
    /// Reads a chapter dictionary; nil without a number or start.
    init?(_ entry: Vardict) {
        guard let number = entry.count("number"), let start = entry.seconds("start") else { return nil }
        self.init(number: number, start: start, title: entry.string("title") ?? "", link: entry.string("link"),
                  image: entry.string("image"), current: entry.bool("current") ?? false)
    }
}
