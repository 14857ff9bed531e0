/// One hit of `earshot find`, as Find gives it.
struct FindHit: Encodable, Equatable {
    var number: Int
    var podcast: Int64?
    var podcastTitle: String?
    var episode: Int64?
    var episodeTitle: String?
    /// "podcast", "title", "notes", "chapter", "transcript", "bookmark" or "person".
    var place: String
    /// Seconds from the start: where the chapter starts or the words are said.
    var at: Double?
    var speaker: String?
    var chapter: String?
    /// The words around the match, each match between U+0001 and U+0002.
    var snippet: String
    var moments: Int?
    /// The bookmark's number, for a bookmark's hit.
    var bookmark: Int64?
    /// For a person's hit: the name and role (`guest`) the feed gives.
    var person: String?
    var role: String?

    /// For a transcript made on this computer: its engine and model.
    var generated: String?

    enum CodingKeys: String, CodingKey {
        case number, podcast, podcastTitle = "podcast_title", episode, episodeTitle = "episode_title", place, at, speaker,
             chapter, snippet, moments, bookmark, person, role, generated
    }

    init(_ entry: Vardict) {
        number = entry.count("number") ?? 0
        podcast = entry.integer("podcast")
        podcastTitle = entry.string("podcast_title")
        episode = entry.integer("episode")
        episodeTitle = entry.string("episode_title")
        place = entry.string("place") ?? "title"
        at = entry.seconds("at")
        speaker = entry.string("speaker")
        chapter = entry.string("chapter")
        snippet = entry.string("snippet") ?? ""
        moments = entry.count("moments")
        bookmark = entry.integer("bookmark")
        person = entry.string("person")
        role = entry.string("role")
        generated = entry.string("generated")
    }
}

/// An episode's transcript, as Transcript gives it.
struct TranscriptRecord: Encodable, Equatable {
    var episode: Int64
    var url: String?
    /// For a transcript made on this computer: the engine and its model, and whether it is whole yet.
    var generator: String?
    var generatorModel: String?
    var complete: Bool?
    var segments: [TranscriptLine]

    enum CodingKeys: String, CodingKey {
        case episode, url, generator, generatorModel = "generator_model", complete, segments
    }
}

/// One segment of a transcript.
struct TranscriptLine: Encodable, Equatable {
    var start: Double?
    var end: Double?
    var speaker: String?
    var text: String

    init(_ entry: Vardict) {
        start = entry.seconds("start")
        end = entry.seconds("end")
        speaker = entry.string("speaker")
        text = entry.string("text") ?? ""
    }
}
