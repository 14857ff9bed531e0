import EarshotCore
import EarshotMPRIS
import EarshotStore

/// The hit and transcript dictionaries of org.earshot.Earshot1 (Find, PlayFound, Transcript).
enum TranscriptRecords {
    static func hit(_ found: FoundMoment, number: Int) -> DBusValue {
        let hit = found.hit
        var entries: [(String, DBusValue)] = [("number", .uint32(UInt32(number))), ("podcast", .int64(hit.podcast.rawValue)),
                                              ("snippet", .string(hit.snippet)), ("moments", .uint32(UInt32(clamping: hit.moments)))]
        if let title = found.podcastTitle { entries.append(("podcast_title", .string(title))) }
        if let episode = hit.episode { entries.append(("episode", .int64(episode.rawValue))) }
        if let title = found.episodeTitle { entries.append(("episode_title", .string(title))) }
        switch hit.place {
        case .podcastTitle: entries.append(("place", .string("podcast")))
        case .episodeTitle: entries.append(("place", .string("title")))
        case .notes: entries.append(("place", .string("notes")))
        case .chapter(let start, let title):
            entries += [("place", .string("chapter")), ("at", .double(start)), ("chapter", .string(title))]
        case .transcript(let start, let speaker):
            entries.append(("place", .string("transcript")))
            if let start { entries.append(("at", .double(start))) }
            if let speaker { entries.append(("speaker", .string(speaker))) }
            if let generator = hit.generator { entries.append(("generated", .string(generator.description))) }
        case .bookmark(let id, let start):
            entries += [("place", .string("bookmark")), ("at", .double(start)), ("bookmark", .int64(id))]
        case .person(let name, let role):
            entries += [("place", .string("person")), ("person", .string(name)), ("role", .string(role))]
        }
        return .vardict(entries)
    }

    static func transcript(_ transcript: StoredTranscript, of episode: EpisodeID) -> [DBusValue] {
        var entries: [(String, DBusValue)] = [("episode", .int64(episode.rawValue)), ("url", .string(transcript.url.absoluteString)),
                                              ("fetched", .int64(Int64(transcript.fetchedAt.timeIntervalSince1970.rounded(.down))))]
        if let generator = transcript.generator {
            entries += [("generator", .string(generator.engine)), ("generator_model", .string(generator.model)),
                        ("complete", .boolean(transcript.complete))]
        }
        let about: DBusValue = .vardict(entries)
        let segments = transcript.segments.map { segment -> DBusValue in
            var entries: [(String, DBusValue)] = [("text", .string(segment.text))]
            if let start = segment.start { entries.append(("start", .double(start))) }
            if let end = segment.end { entries.append(("end", .double(end))) }
            if let speaker = segment.speaker { entries.append(("speaker", .string(speaker))) }
            return .vardict(entries)
        }
        return [about, BusRecords.list(segments)]
    }
}
