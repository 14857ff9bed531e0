/// What plays, as org.earshot.Earshot1's Status answers it and `earshot status --json` prints it.
struct StatusRecord: Encodable, Equatable {
    /// Playing, Paused or Stopped.
    var status: String
    var position: Double?
    var rate: Double?
    var episode: EpisodeRecord?
    var podcast: PodcastRecord?
    var upNext: [EpisodeRecord]
    var sleepTimer: SleepTimerRecord?
    var chapter: ChapterRecord?
    var chapters: Int?
    var timeSaved: Double?
    /// "rebuilding" while the search index is being filled (find's results may be incomplete).
    var searchIndex: String?

    enum CodingKeys: String, CodingKey {
        case status, position, rate, episode, podcast, upNext = "up_next"
        case sleepTimer = "sleep_timer", chapter, chapters, timeSaved = "time_saved", searchIndex = "search_index"
    }
}

extension StatusRecord {
    /// Reads Status's dictionary (a missing status reads as Stopped).
    init(_ entry: Vardict) {
        self.init(
            status: entry.string("status") ?? "Stopped", position: entry.seconds("position"),
            rate: entry.seconds("rate"), episode: entry.dictionary("episode").flatMap(EpisodeRecord.init),
            podcast: entry.dictionary("podcast").flatMap(PodcastRecord.init),
            upNext: entry.dictionaries("up_next").compactMap(EpisodeRecord.init),
            sleepTimer: entry.dictionary("sleep_timer").flatMap(SleepTimerRecord.init),
            chapter: entry.dictionary("chapter").flatMap(ChapterRecord.init), chapters: entry.count("chapters"),
            timeSaved: entry.seconds("time_saved"), searchIndex: entry.string("search_index"))
    }
}
