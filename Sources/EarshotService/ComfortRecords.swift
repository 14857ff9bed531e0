import EarshotCore
import EarshotFeed
import EarshotMPRIS

/// The sleep timer and chapter dictionaries of org.earshot.Earshot1 (SleepTimer, Chapters, Status).
enum ComfortRecords {
    /// Chapter `index` of `chapters`, the one playing being number `current`.
    static func chapter(_ index: Int, of chapters: [Chapter], current: Int?) -> DBusValue {
        let chapter = chapters[index]
        var entries: [(String, DBusValue)] = [
            ("number", .uint32(UInt32(clamping: index + 1))), ("start", .double(chapter.start)),
            ("title", .string(chapter.title)), ("current", .boolean(index == current)),
        ]
        if let link = chapter.link { entries.append(("link", .string(link.absoluteString))) }
        if let image = chapter.image { entries.append(("image", .string(image.absoluteString))) }
        return .vardict(entries)
    }

    static func sleepTimer(_ timer: SleepTimerReading) -> DBusValue {
        let mode = switch timer.mode {
        case .after: "after"
        case .endOfEpisode: "end-of-episode"
        case .endOfChapter: "end-of-chapter"
        case .episodes: "episodes"
        }
        var entries: [(String, DBusValue)] = [("mode", .string(mode))]
        if let remaining = timer.remaining { entries.append(("remaining", .double(remaining.inSeconds))) }
        if let left = timer.episodesLeft { entries.append(("episodes_left", .uint32(UInt32(clamping: left)))) }
        return .vardict(entries)
    }
}
