import EarshotMPRIS

/// The listening comforts of org.earshot.Earshot1: the sleep timer and chapters.
extension DaemonClient {
    /// Arms the sleep timer (mode "off" turns it off).
    func setSleepTimer(_ mode: String, seconds: Double = 0, episodes: UInt32 = 0) throws {
        try call("SetSleepTimer", [.string(mode), .double(seconds), .uint32(episodes)])
    }

    /// The armed sleep timer, or nil.
    func sleepTimer() throws -> SleepTimerRecord? {
        let reply = try call("SleepTimer")
        guard reply.count == 1, let entry = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply("SleepTimer")) }
        return SleepTimerRecord(entry)
    }

    /// The current episode's chapters.
    func chapters() throws -> [ChapterRecord] {
        try callForList("Chapters").compactMap(ChapterRecord.init)
    }

    /// Seeks to chapter `number` (1-based).
    func goToChapter(_ number: UInt32) throws {
        try call("GoToChapter", [.uint32(number)])
    }

    /// The next (1) or previous (-1) chapter.
    func skipChapter(_ offset: Int32) throws {
        try call("SkipChapter", [.int32(offset)])
    }
}
