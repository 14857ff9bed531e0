import EarshotCore
import EarshotMPRIS

/// The listening comforts on org.earshot.Earshot1: the sleep timer and chapters, and what Status says
/// of them (see dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    /// Answers a comfort method; nil for a method that is not one.
    func performComfort(_ method: String, _ arguments: [DBusValue]) throws(LibraryError) -> MethodReply? {
        switch method {
        case "SetSleepTimer":
            try session.setSleepTimer(Self.sleepMode(arguments[0].stringValue ?? "", seconds: arguments[1].doubleValue ?? 0,
                                                     episodes: arguments[2].uint32Value ?? 0))
        case "SleepTimer":
            return MethodReply([player.sleepTimer.map(Self.sleepRecord) ?? .vardict([])])
        case "Chapters":
            return MethodReply([BusRecords.list(player.chapters.indices.map(chapterRecord))])
        case "GoToChapter":
            try session.goToChapter(Int(arguments[0].uint32Value ?? 0))
        case "SkipChapter":
            try session.skipChapter(Int(arguments[0].int32Value ?? 0))
        default:
            return nil
        }
        return .empty
    }

    /// Status's sleep timer, chapter and time saved.
    func comfortStatus() -> [(String, DBusValue)] {
        var entries: [(String, DBusValue)] = []
        if let timer = player.sleepTimer { entries.append(("sleep_timer", Self.sleepRecord(timer))) }
        if let index = player.currentChapterIndex { entries.append(("chapter", chapterRecord(index))) }
        if player.current != nil { entries.append(("chapters", .uint32(UInt32(clamping: player.chapters.count)))) }
        if player.soundProfile.trimSilence { entries.append(("time_saved", .double(player.timeSaved.inSeconds))) }
        return entries
    }

    private func chapterRecord(_ index: Int) -> DBusValue {
        let chapter = player.chapters[index]
        var entries: [(String, DBusValue)] = [
            ("number", .uint32(UInt32(clamping: index + 1))), ("start", .double(chapter.start)),
            ("title", .string(chapter.title)), ("current", .boolean(index == player.currentChapterIndex)),
        ]
        if let link = chapter.link { entries.append(("link", .string(link.absoluteString))) }
        if let image = chapter.image { entries.append(("image", .string(image.absoluteString))) }
        return .vardict(entries)
    }

    static func sleepMode(_ mode: String, seconds: Double, episodes: UInt32) throws(LibraryError) -> SleepMode? {
        switch mode {
        case "after":
            guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw .invalidSetting("the sleep timer's time is from 0 to 24 hours, not \(seconds) seconds")
            }
            return .after(.milliseconds(Int64(seconds * 1000)))
        case "end-of-episode": return .endOfEpisode
        case "end-of-chapter": return .endOfChapter
        case "episodes": return .episodes(Int(episodes))
        case "off": return nil
        default:
            throw .invalidSetting("the sleep timer's mode is after, end-of-episode, end-of-chapter, episodes or off, not “\(mode)”")
        }
    }

    static func sleepRecord(_ timer: SleepTimerReading) -> DBusValue {
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
