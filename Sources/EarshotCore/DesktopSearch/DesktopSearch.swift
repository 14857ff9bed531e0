import EarshotFeed
import EarshotLocale
import EarshotStore
import Foundation

/// The rules of the desktop's own search (GNOME Shell's overview, KRunner), shared by both adapters.
///
/// - What is typed is looked for as `earshot find` does (titles, notes, chapters, transcripts, the
///   people the feeds name; the last word as a prefix), on the reader, never on the loop. A podcast whose title matches comes
///   with its newest episodes; a chapter or a timed transcript line is a moment; a title or the notes
///   is the episode itself. At most `limit` results, best first.
/// - Narrowing (GNOME's subsearch, as more is typed) keeps only the previous results that still match:
///   nothing new appears, nothing is lost from the top.
/// - Activating plays: a podcast as `earshot play PODCAST`, an episode where it was left, a moment from
///   that moment. The desktop's searches never replace the listener's `earshot find` numbers.
/// - What a result shows is kept from the searches that found it (the desktop asks right after), and
///   read from the store for any other identifier it hands back.
public final class DesktopSearch {
    let transcripts: Transcripts
    let library: Library
    let listening: Listening
    /// The episodes' store, read on `reader` (never behind the store's writes, never on the loop).
    let episodes: LibraryStore
    let reader: Background
    private let enqueue: ([EpisodeID]) throws(LibraryError) -> Void
    private let play: (DesktopResult) throws(LibraryError) -> Void
    /// What the recent searches found, for the desktop's questions about them; bounded.
    private var known: [DesktopResult: DesktopResultInfo] = [:]
    private var art: ArtLookup?
    private var notifier: Notifier?
    private var asked: Set<URL> = []

    /// The most results one search gives (GNOME shows 5, KRunner more).
    public static let limit = 20
    /// How many of a matching podcast's newest episodes come with it.
    static let newestEpisodes = 2
    /// The most results remembered for the desktop's questions.
    static let remembered = 400
    /// Fewer letters and digits than this find nothing: a word of one or two letters as a prefix
    /// matches much of a big library, and says too little to be worth the desktop's time.
    public static let minimumLetters = 3

    /// Whether `text` says enough to search for: `minimumLetters` letters and digits, or one Chinese,
    /// Japanese or Korean character (`東京` is a word; one of them alone means as much as a short word).
    public static func isEnough(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: SearchScripts.isCJK)
            || text.unicodeScalars.count(where: { CharacterSet.alphanumerics.contains($0) }) >= minimumLetters
    }
    /// Snippets without marks: the desktops highlight the typed words themselves.
    static let marks = SnippetMarks(open: "", close: "")

    init(transcripts: Transcripts, library: Library, listening: Listening, episodes: LibraryStore, reader: Background, enqueue: @escaping ([EpisodeID]) throws(LibraryError) -> Void,
         play: @escaping (DesktopResult) throws(LibraryError) -> Void) {
        self.transcripts = transcripts
        self.library = library
        self.listening = listening
        self.episodes = episodes
        self.reader = reader
        self.enqueue = enqueue
        self.play = play
    }

    /// Covers come from `art`; `notifier` says what a launched search plays.
    public func connect(art: ArtLookup, notifier: Notifier?) {
        self.art = art
        self.notifier = notifier
    }

    /// The podcast's cover on disk when it is cached; else nil, and it is fetched for the next time.
    public func cover(of podcast: PodcastID) -> URL? {
        guard let art, let remote = library.podcast(podcast)?.channel.profileImage else { return nil }
        if let file = art.cachedFile(for: remote) { return file }
        if asked.insert(remote).inserted {
            art.fetch(remote) { [weak self] result in
                if case .failure(.paused) = result { self?.asked.remove(remote) }  // metered: asked for again next time
            }
        }
        return nil
    }

    /// The listener asked for every result of `terms` (GNOME: the provider's icon beside its results).
    /// With no window to show them in, the best one plays, and a notification says what plays and how to
    /// list them all. `completion` gets why nothing plays, or nil.
    public func launch(_ terms: [String], completion: @escaping (LibraryError?) -> Void) {
        search(terms) { [weak self] found in
            guard let self else { return }
            let words = terms.joined(separator: " ")
            guard let best = found.first else { return completion(.noEpisode(tr("nothing in the library matches “%s”", words))) }
            do throws(LibraryError) { try self.play(best.result) } catch { return completion(error) }
            // TRANSLATORS: a notification's last line: %2$s is what was searched for; "earshot find %3$s" is a command to keep.
            let count = found.count >= Self.limit
                ? trn("%1$d or more results for “%2$s”: earshot find %3$s", "%1$d or more results for “%2$s”: earshot find %3$s", Self.limit, Self.limit, words, words)
                // TRANSLATORS: a notification's last line: %2$s is what was searched for; "earshot find %3$s" is a command to keep.
                : trn("%1$d result for “%2$s”: earshot find %3$s", "%1$d results for “%2$s”: earshot find %3$s", found.count, found.count, words, words)
            // TRANSLATORS: a notification's title: %s is the episode or podcast that now plays.
            let notice = Notice(title: tr("Playing “%s”", best.name), body: best.description + "\n" + count,
                                image: self.cover(of: best.podcast), actions: [])
            self.notifier?.post(notice, replacing: nil) { _ in }
            completion(nil)
        }
    }

    /// The results for `terms` (the words typed), best first; with `previous`, only those of them that
    /// still match. Nothing (not an error) for what is not `isEnough`. What is
    /// typed is cut to `QueryBounds` (the first 1,000 characters, within the first 1,000 previous results).
    public func search(_ terms: [String], within previous: [String]? = nil, completion: @escaping ([DesktopResultInfo]) -> Void) {
        let text = QueryBounds.cut(terms)
        guard Self.isEnough(text) else { return completion([]) }
        let shown = previous.map { Set(QueryBounds.cut(identifiers: $0).compactMap(DesktopResult.init(identifier:)).map(Self.subject)) }
        let scope = shown.map { shown in
            SearchScope(podcasts: shown.compactMap { if case .podcast(let podcast) = $0 { podcast } else { nil } }, episodes: shown.compactMap(\.episode))
        }
        transcripts.find(text, podcast: nil, within: scope, limit: Self.limit, marks: Self.marks) { [weak self] result in
            guard let self, case .success(let moments) = result else { return completion([]) }
            self.results(of: moments) { found in
                var found = found
                // A podcast still matching brings its newest episodes: only those shown before stay.
                if let shown { found = found.filter { shown.contains(Self.subject($0.result)) } }
                self.remember(found)
                completion(found)
            }
        }
    }

    /// What each identifier shows, in order (of the first `QueryBounds.maximumIdentifiers`); identifiers
    /// that name nothing in the library are left out.
    public func info(_ identifiers: [String], completion: @escaping ([DesktopResultInfo]) -> Void) {
        let results = QueryBounds.cut(identifiers: identifiers).compactMap(DesktopResult.init(identifier:))
        let missing = results.filter { known[$0] == nil }
        guard !missing.isEmpty else { return completion(results.compactMap { known[$0] }) }
        let episodes = self.episodes, library = self.library
        reader.run({ () -> [EpisodeListing] in
            (try? episodes.listEpisodes(missing.compactMap(\.episode))) ?? []
        }) { [weak self] listings in
            guard let self else { return completion([]) }
            let byID = Dictionary(listings.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var read: [DesktopResultInfo] = []
            for result in missing {
                switch result {
                case .podcast(let podcast):
                    if let known = library.podcast(podcast) {
                        read.append(Self.podcastInfo(podcast, title: known.name, author: known.channel.author))
                    }
                case .episode(let episode), .moment(let episode, _):
                    guard let listing = byID[episode] else { continue }
                    read.append(Self.listedInfo(result, listing, show: listing.podcastTitle ?? library.podcast(listing.podcast)?.name ?? tr("Podcast")))
                }
            }
            self.remember(read)
            completion(results.compactMap { self.known[$0] })
        }
    }

    /// Plays what `identifier` names.
    public func activate(_ identifier: String) throws(LibraryError) {
        guard let result = DesktopResult(identifier: identifier) else { throw .invalidSetting(tr("“%s” is not an Earshot search result", identifier)) }
        try play(result)
    }

    /// Puts the episode `identifier` names at the end of Up Next (a podcast: its newest episode other than
    /// the current one).
    public func enqueue(_ identifier: String, completion: @escaping (LibraryError?) -> Void) {
        guard let result = DesktopResult(identifier: identifier) else {
            return completion(.invalidSetting(tr("“%s” is not an Earshot search result", identifier)))
        }
        if let episode = result.episode {
            do throws(LibraryError) { try enqueue([episode]) } catch { return completion(error) }
            return completion(nil)
        }
        guard case .podcast(let podcast) = result else { return }
        let episodes = self.episodes, current = listening.current?.id
        reader.run({ () -> EpisodeID? in
            try? episodes.listEpisodes(podcast: podcast, filter: .all, matching: nil, limit: 2).first { $0.id != current }?.id
        }) { [weak self] newest in
            guard let self, let newest else { return completion(.noEpisode(tr("that podcast has no episode yet"))) }
            do throws(LibraryError) { try self.enqueue([newest]) } catch { return completion(error) }
            completion(nil)
        }
    }

    /// Lets go of the results remembered for the desktop's questions (the desktop's search closed).
    public func forget() { known = [:] }

    // MARK: Results

    /// The results of `moments`: a matching podcast followed by its newest episodes (read on the reader).
    private func results(of moments: [FoundMoment], completion: @escaping ([DesktopResultInfo]) -> Void) {
        let podcasts = moments.filter { $0.hit.episode == nil }.map(\.hit.podcast)
        let library = self.library
        guard !podcasts.isEmpty else { return completion(Self.infos(moments, newest: [:], library: library)) }
        let episodes = self.episodes
        reader.run({ () -> [PodcastID: [EpisodeListing]] in
            var newest: [PodcastID: [EpisodeListing]] = [:]
            for podcast in podcasts {
                newest[podcast] = (try? episodes.listEpisodes(podcast: podcast, filter: .all, matching: nil, limit: Self.newestEpisodes)) ?? []
            }
            return newest
        }) { newest in completion(Self.infos(moments, newest: newest, library: library)) }
    }

    private static func infos(_ moments: [FoundMoment], newest: [PodcastID: [EpisodeListing]], library: Library) -> [DesktopResultInfo] {
        var results: [DesktopResultInfo] = [], seen: Set<DesktopResult> = []
        func add(_ info: DesktopResultInfo) {
            guard seen.insert(subject(info.result)).inserted, results.count < limit else { return }
            results.append(info)
        }
        for found in moments {
            let show = found.podcastTitle ?? tr("Podcast")
            guard let episode = found.hit.episode else {
                add(podcastInfo(found.hit.podcast, title: show, author: library.podcast(found.hit.podcast)?.channel.author))
                for listing in newest[found.hit.podcast] ?? [] { add(listedInfo(.episode(listing.id), listing, show: show)) }
                continue
            }
            let result: DesktopResult = found.moment.map { .moment(episode, at: $0) } ?? .episode(episode)
            if case .person(let name, _) = found.hit.place {
                add(DesktopResultInfo(result: result, name: found.episodeTitle ?? "Episode", description: line(show, tr("With %s", name)),
                                      podcast: found.hit.podcast))
                continue
            }
            var speaker: String?
            if case .transcript(_, let who) = found.hit.place { speaker = who }
            let words = found.hit.snippet.isEmpty ? nil : (speaker.map { $0 + ": " } ?? "") + found.hit.snippet
            // TRANSLATORS: a desktop search result's description: the words were found in the episode's show notes.
            let place = found.moment.flatMap(ClockText.clock) ?? (found.hit.place == .notes ? tr("show notes") : nil)
            // TRANSLATORS: a desktop search result's description: %s names the speech recogniser (whisper.cpp).
            let generated = found.hit.generator.map { tr("transcript generated by %s", "\($0)") }
            // TRANSLATORS: a desktop search result's name when the episode has no title.
            add(DesktopResultInfo(result: result, name: found.episodeTitle ?? tr("Episode"),
                                  description: line(show, place, generated, found.hit.place == .episodeTitle ? nil : words),
                                  podcast: found.hit.podcast))
        }
        return results
    }

    /// An episode, or a moment of it, as its listing tells: the podcast and the moment or the release day.
    private static func listedInfo(_ result: DesktopResult, _ listing: EpisodeListing, show: String) -> DesktopResultInfo {
        DesktopResultInfo(result: result, name: listing.title ?? tr("Episode"),
                          description: line(show, moment(of: result).flatMap(ClockText.clock) ?? released(listing.releaseDate)),
                          podcast: listing.podcast)
    }

    /// The parts there are, joined as a description line.
    private static func line(_ parts: String?...) -> String { parts.compactMap { $0 }.joined(separator: " · ") }

    private static func podcastInfo(_ podcast: PodcastID, title: String, author: String?) -> DesktopResultInfo {
        DesktopResultInfo(result: .podcast(podcast), name: title, description: author.map { tr("Podcast by %s", $0) } ?? tr("Podcast"), podcast: podcast)
    }

    /// What a narrowing compares: the podcast, or the episode (its best moment may move as more is typed).
    private static func subject(_ result: DesktopResult) -> DesktopResult {
        switch result {
        case .podcast, .episode: result
        case .moment(let episode, _): .episode(episode)
        }
    }

    private static func moment(of result: DesktopResult) -> Double? {
        if case .moment(_, let at) = result { return at }
        return nil
    }

    private func remember(_ infos: [DesktopResultInfo]) {
        if known.count + infos.count > Self.remembered { known = [:] }
        for info in infos { known[info.result] = info }
    }

    /// The release day, `12 Mar 2024`, in the listener's time zone.
    static func released(_ date: Date?) -> String? {
        date.map { $0.formatted(.dateTime.day().month(.abbreviated).year()) }
    }
}
