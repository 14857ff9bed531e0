import EarshotCore
import EarshotMPRIS

/// The rules of what to keep on `org.earshot.Earshot1` (see `LibraryMethods`).
extension LibraryMethods {
    static let tidying: [Row] = [
        Row("Tidy", .bool("dry_run"), out: "aa{sv}") { library, dryRun in
            .later { respond in
                library.session.downloadRules.tidy(dryRun: dryRun) { files in
                    respond(.success([BusRecords.list(files.map(LibraryMethods.tidied))]))
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
