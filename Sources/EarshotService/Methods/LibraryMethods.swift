import EarshotCore
import EarshotFeed
import EarshotLocale
import EarshotMPRIS
import EarshotStore
import Foundation

/// The method table of `org.earshot.Earshot1` (dbus/org.earshot.Earshot1.xml): a row per method with
/// its typed arguments, one call on the `Session` (or the library's reading side) and the encoded
/// answer. Answers that need the store, the network or the player's audio come later (see
/// `LibraryInterface`'s answers); everything else answers at once.
enum LibraryMethods {
    typealias Row = BusMethod<LibraryInterface, LibraryError>

    static let table = MethodTable<LibraryInterface, LibraryError>(
        EarshotIntrospection.interface, busError: { $0.playerError.busError }, library + listening + care + comforts + finding + playlists + tidying + namespace)

    /// Subscriptions, the library's lists, settings and downloads.
    static let library: [Row] = [
        Row("Subscribe", .addresses("urls"), .bool("auto_queue"), out: "aa{sv}") { $0.subscribe($1, autoQueue: $2) },
        Row("SubscribePrivate", .string("url"), .string("user"), .string("password"), .bool("auto_queue"), out: "aa{sv}") {
            library, url, user, password, autoQueue throws(LibraryError) in
            guard !user.isEmpty, !password.isEmpty else { throw .invalidSetting(tr("a user name and a password are needed")) }
            return library.subscribe([url], autoQueue: autoQueue, user: user, password: password)
        },
        Row("Unsubscribe", .podcast(), .bool("delete_files")) { library, podcast, deletingFiles throws(LibraryError) in
            try library.session.unsubscribe(library.known(podcast), deletingFiles: deletingFiles)
            return .empty
        },
        Row("Podcasts", out: "aa{sv}") { library in
            MethodReply([BusRecords.list(library.library.podcasts.map(library.podcastRecord))])
        },
        Row("Podcast", .podcast(), out: "a{sv}") { library, podcast throws(LibraryError) in
            guard let summary = library.library.podcast(podcast) else { throw .noSuchPodcast(podcast) }
            return MethodReply([library.podcastRecord(summary)])
        },
        Row("PodcastRows", out: "a(xsuuxb)") { library in
            MethodReply([BusRecords.podcastRows(library.library.podcasts, autoQueue: library.library.autoQueue)])
        },
        Row("Episodes", .podcastOrAll(), .string("filter"), .string("matching"), out: "aa{sv}") {
            library, podcast, filter, matching throws(LibraryError) in
            try library.episodes(of: podcast, filter: filter, matching: matching, asRows: false)
        },
        Row("NameEpisode", .string("text"), .string("filter"), .uint32("shown"), out: "uaa{sv}aa{sv}") { library, text, filter, shown throws(LibraryError) in
            let count: UInt32 = shown
            return try library.nameEpisode(text, filter: filter, shown: Int(Swift.min(count, 100)))
        },
        Row("EpisodeRows", .podcastOrAll(), .string("filter"), .string("matching"), out: "a(xbxdbdusbsx)") {
            library, podcast, filter, matching throws(LibraryError) in
            try library.episodes(of: podcast, filter: filter, matching: matching, asRows: true)
        },
        Row("Refresh", .podcasts(), out: "aa{sv}") { library, podcasts throws(LibraryError) in try library.refresh(podcasts) },
        Row("Export", out: "s") { library in
            MethodReply([.string(OPMLDocument.render(title: "Earshot subscriptions", feeds: library.feeds, created: Date()))])
        },
        Row("Set", .podcastOrAll(), .string("key"), .variant("value")) { library, podcast, key, value throws(LibraryError) in
            try library.session.set(key, to: LibraryInterface.text(of: value), for: podcast)
            return .empty
        },
        Row("Download", .episodes(), out: "b") { library, episodes in library.download(episodes) },
        Row("Downloads", out: "aa{sv}") { library in library.downloadList() },
        Row("DeleteDownload", .episodes()) { library, episodes throws(LibraryError) in
            try library.session.deleteDownloads(episodes)
            return .empty
        },
    ]

    /// Playing, Up Next and what plays.
    static let listening: [Row] = [
        Row("Play", .episode()) { library, episode throws(LibraryError) in
            try library.session.play(episode: episode)
            return library.whenAudioOpens()
        },
        Row("PlayPodcast", .podcast()) { library, podcast throws(LibraryError) in
            try library.session.play(podcast: library.known(podcast))
            return library.whenAudioOpens()
        },
        Row("Queue", out: "aa{sv}") { library in library.queue() },
        Row("QueueAdd", .episodes(), .placeOrNone("position")) { library, episodes, index throws(LibraryError) in
            try library.session.enqueue(episodes, at: index)
            return .empty
        },
        Row("QueueRemove", .episodes()) { library, episodes throws(LibraryError) in
            try library.session.dequeue(episodes)
            return .empty
        },
        Row("QueueMove", .episode(), .place("position")) { library, episode, index throws(LibraryError) in
            try library.session.moveQueued(episode, to: index)
            return .empty
        },
        Row("QueueClear") { library in
            library.session.clearQueue()
            return .empty
        },
        Row("ShowStatus") { library in
            library.session.showStatus()
            return .empty
        },
        Row("Status", out: "a{sv}") { library in library.status() },
    ]

    /// Looking after the library: marks, stars, the inbox, the history and the statistics.
    static let care: [Row] = [
        Row("Mark", .episodes(), .bool("played"), out: "ax") { library, episodes, played in
            .later { library.session.mark(episodes, played: played, done: LibraryInterface.answer($0, with: LibraryInterface.idList)) }
        },
        Row("MarkPodcast", .podcast(), .bool("played"), .episodeOrNone("before_episode"), .instant("released_before"), out: "ax") {
            library, podcast, played, before, released in
            .later {
                library.session.mark(podcast: podcast, played: played, before: before, releasedBefore: released,
                                     done: LibraryInterface.answer($0, with: LibraryInterface.idList))
            }
        },
        Row("Star", .episodes(), .bool("starred")) { library, episodes, starred in
            .later { library.session.star(episodes, starred: starred, done: LibraryInterface.answer($0) { _ in [] }) }
        },
        Row("Dismiss", .episodes(), out: "u") { library, episodes in library.dismiss(episodes) },
        Row("History", .instant("since"), .limitOrNone("limit"), out: "aa{sv}") { library, since, limit in
            .later {
                library.session.history(since: since, limit: limit,
                                        done: LibraryInterface.answer($0) { [BusRecords.list($0.map(BusRecords.listening))] })
            }
        },
        Row("Stats", .instant("since"), out: "a{sv}") { library, since in
            .later { library.session.stats(since: since, done: LibraryInterface.answer($0) { [BusRecords.stats($0)] }) }
        },
    ]

    /// The listening comforts: the sleep timer and chapters.
    static let comforts: [Row] = [
        Row("SetSleepTimer", .string("mode"), .double("seconds"), .uint32("episodes")) { library, mode, seconds, episodes throws(LibraryError) in
            try library.session.setSleepTimer(LibraryInterface.sleepMode(mode, seconds: seconds, episodes: episodes))
            return .empty
        },
        Row("SleepTimer", out: "a{sv}") { library in
            MethodReply([library.player.sleepTimer.map(ComfortRecords.sleepTimer) ?? .vardict([])])
        },
        Row("Chapters", out: "aa{sv}") { library in
            let player = library.player, chapters = player.chapters, current = player.currentChapterIndex
            return MethodReply([BusRecords.list(chapters.indices.map { ComfortRecords.chapter($0, of: chapters, current: current) })])
        },
        Row("GoToChapter", .uint32("number")) { library, number throws(LibraryError) in
            try library.session.goToChapter(Int(number))
            return .empty
        },
        Row("SkipChapter", .int32("offset")) { library, offset throws(LibraryError) in
            try library.session.skipChapter(Int(offset))
            return .empty
        },
    ]

    /// Finding shows in the directories, words in the library, and sync.
    static let finding: [Row] = [
        Row("Search", .string("terms"), out: "aa{sv}aa{sv}") { library, terms in
            LibraryInterface.shows { [session = library.session] found throws(LibraryError) in try session.finder.search(terms, completion: found) }
        },
        Row("Top", .string("country"), .string("genre"), out: "aa{sv}aa{sv}") { library, country, genre in
            LibraryInterface.shows { [session = library.session] found throws(LibraryError) in
                try session.finder.top(country: country, genre: genre.isEmpty ? nil : genre, completion: found)
            }
        },
        Row("Results", out: "a{sv}aa{sv}") { library in
            guard let list = library.session.finder.recentResults else { return MethodReply([.vardict([]), BusRecords.list([])]) }
            return MethodReply([FindingRecords.about(list), FindingRecords.shows(list)])
        },
        Row("Find", .string("words"), .podcastOrAll(), .count("limit", in: 1...200), out: "aa{sv}") {
            library, words, podcast, limit throws(LibraryError) in
            try library.find(words, in: podcast, limit: limit)
        },
        Row("SearchIndex", out: "s") { library in
            MethodReply([.string(library.searchIndex?.isRebuilding == true ? "rebuilding" : "ready")])
        },
        Row("Transcript", .episode(), out: "a{sv}aa{sv}") { library, episode throws(LibraryError) in try library.transcript(of: episode) },
        Row("Transcribe", .episodes(), out: "aa{sv}") { library, episodes in library.transcribe(episodes) },
        Row("TranscriptionStatus", out: "a{sv}aa{sv}") { library throws(LibraryError) in try library.transcriptionStatus() },
        Row("EpisodeNotes", .episode(), out: "sas") { library, episode in library.notes(of: episode) },
        Row("PlayFrom", .episode(), .finite("position", atLeast: 0)) { library, episode, position throws(LibraryError) in
            try library.session.play(episode: episode, from: position)
            return .empty
        },
        Row("PlayFound", .uint32("number"), out: "a{sv}") { library, number throws(LibraryError) in
            MethodReply([TranscriptRecords.hit(try library.session.playFound(Int(number)), number: Int(number))])
        },
        Row("Bookmark", .string("note"), out: "a{sv}") { library, note throws(LibraryError) in try library.bookmark(note) },
        Row("Bookmarks", .episodeOrAll(), out: "aa{sv}") { library, episode throws(LibraryError) in try library.bookmarks(of: episode) },
        Row("RemoveBookmark", .id("id", of: "a bookmark's")) { library, id throws(LibraryError) in try library.removeBookmark(id) },
        Row("PlayBookmark", .id("id", of: "a bookmark's"), out: "a{sv}") { library, id throws(LibraryError) in try library.playBookmark(id) },
        Row("SyncLogin", .string("server"), .string("user"), .string("password"), .string("dialect"), .bool("allow_http"), out: "a{sv}") {
            library, server, user, password, dialect, allowHTTP throws(LibraryError) in
            try library.syncLogin(server: server, user: user, password: password, dialect: dialect, allowHTTP: allowHTTP)
        },
        Row("SyncLogout") { library throws(LibraryError) in try library.syncLogout() },
        Row("SyncNow", out: "a{sv}") { library throws(LibraryError) in try library.syncNow() },
        Row("SyncStatus", out: "a{sv}") { library throws(LibraryError) in try library.syncStatus() },
    ]

    /// The feeds' Podcasting 2.0 fields: people, support, details, recommendations, live shows.
    static let namespace: [Row] = [
        Row("EpisodesWithPerson", .string("name"), out: "aa{sv}") { library, name throws(LibraryError) in try library.episodes(withPerson: name) },
        Row("Support", .podcastOrAll(), out: "aa{sv}") { library, podcast throws(LibraryError) in try library.support(of: podcast) },
        Row("PodcastDetails", .podcast(), out: "a{sv}") { library, podcast throws(LibraryError) in try library.details(of: podcast) },
        Row("EpisodeDetails", .episode(), out: "a{sv}") { library, episode throws(LibraryError) in try library.details(of: episode) },
        Row("Recommended", out: "aa{sv}") { library throws(LibraryError) in try library.recommended() },
        Row("LiveItems", .podcastOrAll(), out: "aa{sv}") { library, podcast throws(LibraryError) in try library.liveItems(of: podcast) },
    ]
}
