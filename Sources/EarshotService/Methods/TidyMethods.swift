import EarshotCore
import EarshotMPRIS

/// The rules of what to keep on `org.earshot.Earshot1` (see `LibraryMethods`).
extension LibraryMethods {
    static let tidying: [Row] = [
        // Thousands of files make a long reply: its values are built and marshalled on the background.
        Row("Tidy", .bool("dry_run"), out: "aa{sv}") { library, dryRun in
            .laterPrepared { preparer, respond in
                let background = library.background
                library.session.downloadRules.tidy(dryRun: dryRun) { files in
                    background.run({ () -> Result<PreparedReply, BusError> in
                        Result { () throws(BusError) in try preparer.prepare([BusRecords.list(files.map(LibraryMethods.tidied))]) }
                    }, completion: respond)
                }
            }
        },
    ]

    /// A file tidying deletes: episode, podcast_title, title, path, bytes, reason.
    static func tidied(_ file: TidiedFile) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("episode", .int64(file.episode.rawValue)), ("path", .string(file.path)), ("bytes", .int64(file.bytes)),
            ("reason", .string(file.reason.description)),
        ]
        if let title = file.podcastTitle { entries.append(("podcast_title", .string(title))) }
        if let title = file.title { entries.append(("title", .string(title))) }
        return .vardict(entries)
    }
}
