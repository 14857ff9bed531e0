import EarshotCore
import EarshotFeed
import EarshotMPRIS
import EarshotStore
import Foundation

/// Transcripts and finding what was said, on org.earshot.Earshot1: Find, Transcript, PlayFrom and PlayFound (see
/// dbus/org.earshot.Earshot1.xml). The queries run off the loop; the answers come later.
extension LibraryInterface {
    /// Answers a transcript method; nil for a method that is not one.
    func performTranscripts(_ method: String, _ arguments: [DBusValue]) throws(LibraryError) -> MethodReply? {
        switch method {
        case "Find":
            guard let transcripts = session.transcripts else { throw .failed("finding is not available") }
            let words = arguments[0].stringValue ?? "", podcast = arguments[1].int64Value ?? 0
            let limit = Int(arguments[2].uint32Value ?? 20)
            guard (1...200).contains(limit) else { throw .invalidSetting("a search gives 1 to 200 hits, not \(limit)") }
            if podcast != 0, library.podcast(PodcastID(rawValue: podcast)) == nil { throw .noSuchPodcast(PodcastID(rawValue: podcast)) }
            return .later { respond in
                transcripts.find(words, podcast: podcast == 0 ? nil : PodcastID(rawValue: podcast), limit: limit, marks: .control,
                                 numbered: true) { result in
                    switch result {
                    case .success(let found): respond(.success([BusRecords.list(found.enumerated().map { Self.hit($1, number: $0 + 1) })]))
                    case .failure(let error): respond(.failure(error.playerError.busError))
                    }
                }
            }
        case "Transcript":
            guard let transcripts = session.transcripts else { throw .failed("transcripts are not available") }
            let episode = EpisodeID(rawValue: arguments[0].int64Value ?? 0)
            return .later { respond in
                transcripts.transcript(of: episode) { result in
                    switch result {
                    case .success(let transcript): respond(.success(Self.transcript(transcript, of: episode)))
                    case .failure(let error): respond(.failure(error.playerError.busError))
                    }
                }
            }
        case "PlayFrom":
            try session.play(episode: EpisodeID(rawValue: arguments[0].int64Value ?? 0), from: arguments[1].doubleValue ?? 0)
            return .empty
        case "PlayFound":
            let number = Int(arguments[0].uint32Value ?? 0)
            return MethodReply([Self.hit(try session.playFound(number), number: number)])
        default:
            return nil
        }
    }

    private static func hit(_ found: FoundMoment, number: Int) -> DBusValue {
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
        }
        return .vardict(entries)
    }

    private static func transcript(_ transcript: StoredTranscript, of episode: EpisodeID) -> [DBusValue] {
        let about: DBusValue = .vardict([("episode", .int64(episode.rawValue)), ("url", .string(transcript.url.absoluteString)),
                                         ("fetched", .int64(Int64(transcript.fetchedAt.timeIntervalSince1970.rounded(.down))))])
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
