import EarshotMPRIS

/// The downloads half of org.earshot.Earshot1: asking for files, listing and deleting them.
extension DaemonClient {
    /// Asks for downloads; whether the connection is metered (they run anyway, being asked for by hand).
    func download(_ episodes: [Int64]) throws -> Bool {
        try call("Download", [Self.episodeIDs(episodes)], about: episodes.count == 1 ? .episode(episodes[0]) : nil).first?.boolValue ?? false
    }

    /// Every download, oldest request first.
    func downloads() throws -> [DownloadItem] {
        try callForList("Downloads").compactMap(DownloadItem.init)
    }

    func deleteDownloads(_ episodes: [Int64]) throws {
        try call("DeleteDownload", [Self.episodeIDs(episodes)], about: episodes.count == 1 ? .episode(episodes[0]) : nil)
    }

    private static func episodeIDs(_ ids: [Int64]) -> DBusValue { .array(elementSignature: "x", ids.map(DBusValue.int64)) }
}

extension DaemonClient {
    /// Runs the rules of what to keep (with `dryRun`, only lists); the files deleted, or that would be.
    func tidy(dryRun: Bool) throws -> [Vardict] { try callForList("Tidy", [.boolean(dryRun)]) }
}
