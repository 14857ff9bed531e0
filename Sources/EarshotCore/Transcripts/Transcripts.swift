import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Transcripts and finding what was said: the rule for fetching an episode's transcript, and the queries
/// over the full-text index.
///
/// - When an episode becomes current or is downloaded, its transcript is fetched (the one
///   `TranscriptChoice` prefers for the listener's languages) unless it is stored already, is being
///   fetched, or failed and waits for its next attempt (1 hour, then 6, then every 24). It is stored
///   in the library, so it reads offline. Playback never waits for it.
/// - On a metered connection nothing is fetched by itself: the episodes whose transcript was wanted
///   meanwhile are considered again when it no longer is (`networkChanged`).
/// - Asked for by the listener (`transcript(of:)`), a missing transcript is fetched at once, whatever
///   the wait (metered or not).
/// - Queries run on `reader` (off the loop, never behind the store's writes); answers come on the loop.
public final class Transcripts {
    let fetcher: TranscriptFetching
    let store: TranscriptStore
    let episodes: LibraryStore
    let background: Background
    let reader: Background
    let timers: Timers
    let languages: [String]
    private var fetching: [EpisodeID: [(Result<StoredTranscript, LibraryError>) -> Void]] = [:]
    private var latestFinds: FoundList?
    /// Whether the connection is metered, and the episodes wanted meanwhile, in the order they were.
    private var metered = false
    private var heldBack: [EpisodeID] = []
    /// Where the listener's bookmarks are found too (`find` lists them first), once kept.
    var bookmarks: BookmarkStore?
    /// The engine that makes transcripts on this computer, once it described itself: `transcript(of:)`
    /// says why it makes none for an episode.
    public var transcriber: EngineDescription?

    /// The hits of the listener's last find while they lend their numbers (see `FoundList`).
    public var recentFinds: FoundList? { latestFinds.flatMap { $0.isFresh(at: timers.now) ? $0 : nil } }

    /// Waits before the next attempt after 1, 2, 3 or more failures in a row.
    static let retryDelays: [TimeInterval] = [3_600, 6 * 3_600, 24 * 3_600]

    init(fetcher: TranscriptFetching, store: TranscriptStore, episodes: LibraryStore, background: Background, reader: Background,
         timers: Timers, languages: [String]) {
        self.fetcher = fetcher
        self.store = store
        self.episodes = episodes
        self.background = background
        self.reader = reader
        self.timers = timers
        self.languages = languages
    }

    /// `episode` became current or was downloaded: its transcript is fetched if it should be.
    func wanted(_ episode: EpisodeID) {
        if metered {
            if !heldBack.contains(episode) { heldBack.append(episode) }
            return
        }
        guard fetching[episode] == nil else { return }
        fetching[episode] = []
        let store = self.store, episodes = self.episodes, languages = self.languages, now = timers.date
        reader.run({ () -> TranscriptLink? in
            guard let stored = try? episodes.storedEpisode(episode), !stored.episode.transcripts.isEmpty,
                  (try? store.hasTranscript(episode)) == false else { return nil }
            if let attempt = try? store.transcriptAttempt(of: episode), (attempt.nextAttemptAt ?? .distantFuture) > now { return nil }
            return TranscriptChoice.best(of: Self.readable(stored, episodes).links, languages: languages)
        }) { [weak self] link in
            guard let self else { return }
            guard let link else {
                // Nothing to fetch (kept already, none listed, or waiting to try again): whoever asked
                // meanwhile is answered as if they asked now, not told there was nothing to fetch.
                let asked = self.fetching.removeValue(forKey: episode) ?? []
                return asked.forEach { self.transcript(of: episode, completion: $0) }
            }
            self.fetch(link, for: episode)
        }
    }

    /// The connection became metered or stopped being metered: when it no longer is, the transcripts
    /// wanted meanwhile are considered again.
    func networkChanged(metered: Bool) {
        self.metered = metered
        guard !metered else { return }
        let wanted = heldBack
        heldBack = []
        wanted.forEach(self.wanted)
    }

    /// The transcript of `episode`: the stored one, else fetched now; a named error when it has none or
    /// it cannot be had.
    public func transcript(of episode: EpisodeID, completion: @escaping (Result<StoredTranscript, LibraryError>) -> Void) {
        if fetching[episode] != nil { return fetching[episode, default: []].append(completion) }
        let store = self.store, episodes = self.episodes, languages = self.languages, transcriber = self.transcriber
        reader.run({ () -> Result<Either, LibraryError> in
            do {
                guard let stored = try episodes.storedEpisode(episode) else { return .failure(.noSuchEpisode(episode)) }
                if let transcript = try store.transcript(of: episode) { return .success(.stored(transcript)) }
                let readable = Self.readable(stored, episodes)
                guard let link = TranscriptChoice.best(of: readable.links, languages: languages) else {
                    var why = readable.refusal ?? tr("its feed lists none")
                    if let transcriber {
                        let language = (try? episodes.podcast(stored.podcast))??.channel.language
                        // TRANSLATORS: %1$s says why the feed gives no transcript, %2$s why Earshot cannot make one.
                        why = TranscriptionChoice.languageReason(language, engine: transcriber).map { tr("%1$s; Earshot does not make one: %2$s", why, $0) }
                            // TRANSLATORS: %s says why the feed gives no transcript; keep "earshot transcribe EPISODE".
                            ?? tr("%s; Earshot makes one once it is downloaded (earshot transcribe EPISODE)", why)
                    }
                    // TRANSLATORS: %1$s is the episode's title, %2$s why it has no transcript.
                    return .failure(.noEpisode(tr("“%1$s” has no transcript: %2$s", stored.episode.title ?? tr("this episode"), why)))
                }
                return .success(.fetch(link))
            } catch {
                return .failure(.failed("\(error)"))
            }
        }) { [weak self] answer in
            switch answer {
            case .success(.stored(let transcript)): completion(.success(transcript))
            case .success(.fetch(let link)):
                guard let self else { return completion(.failure(.failed(tr("Earshot is shutting down")))) }
                let starting = self.fetching[episode] == nil
                self.fetching[episode, default: []].append(completion)
                if starting { self.fetch(link, for: episode) }
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// The transcript of `episode` as `shape` makes it, made on the reader (a reply of 200,000 cues is
    /// built there, never on the loop); `completion` gets it on the loop.
    public func transcript<Shaped: Sendable>(of episode: EpisodeID, shaped shape: @escaping @Sendable (StoredTranscript) -> Shaped,
                                             completion: @escaping (Result<Shaped, LibraryError>) -> Void) {
        transcript(of: episode) { [reader] result in
            switch result {
            case .success(let transcript): reader.run({ shape(transcript) }) { completion(.success($0)) }
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// The transcripts `stored`'s feed lists that Earshot may read (`EnclosureAccess`: only http(s) from
    /// a feed from the network, which a library stored before that rule may still hold), and why the
    /// first one left out is, when one is.
    private static func readable(_ stored: StoredEpisode, _ episodes: LibraryStore) -> (links: [TranscriptLink], refusal: String?) {
        let feed = (try? episodes.podcast(stored.podcast))??.url
        var refusal: String?
        let links = stored.episode.transcripts.filter { link in
            guard let problem = EnclosureAccess.problem(fetching: link.url, feed: feed) else { return true }
            refusal = refusal ?? problem
            return false
        }
        return (links, refusal)
    }

    /// Finds `text` in the library (of `podcast`, when given; among the podcasts and episodes of
    /// `scope`, when given): the best `limit` hits, snippets marked with `marks`. The hits of a find
    /// `numbered` for the listener become `recentFinds`. Words longer than `QueryBounds` are refused.
    public func find(_ text: String, podcast: PodcastID?, within scope: SearchScope? = nil, limit: Int, marks: SnippetMarks,
                     numbered: Bool = false, completion: @escaping (Result<[FoundMoment], LibraryError>) -> Void) {
        guard !QueryBounds.isTooLong(text) else {
            return completion(.failure(.invalidSetting(trn("the words to find are longer than %d character: give fewer", "the words to find are longer than %d characters: give fewer", QueryBounds.maximumLength, QueryBounds.maximumLength))))
        }
        let query: SearchQuery
        do throws(SearchQueryError) { query = try SearchQuery(text) } catch { return completion(.failure(.invalidSetting("\(error)"))) }
        let store = self.store, episodes = self.episodes, bookmarks = scope == nil ? self.bookmarks : nil
        reader.run({ () -> Result<[FoundMoment], LibraryError> in
            do {
                let words = BookmarkHits.words(text)
                let marked = BookmarkHits.moments(try bookmarks?.findBookmarks(words, podcast: podcast, limit: limit) ?? [],
                                                  words: words, marks: marks)
                let hits = try scope.map { scope in try store.find(query, within: scope, limit: limit, marks: marks) }
                    ?? store.find(query, podcast: podcast, limit: limit - marked.count, marks: marks)
                // One read for the episodes' titles (and their podcasts'); a podcast-title hit reads its podcast.
                let listed = Dictionary(try episodes.listEpisodes(hits.compactMap(\.episode)).map { ($0.id, $0) },
                                        uniquingKeysWith: { first, _ in first })
                return .success(try marked + hits.map { hit in
                    guard let episode = hit.episode else {
                        return FoundMoment(hit: hit, podcastTitle: try episodes.podcast(hit.podcast)?.channel.title, episodeTitle: nil)
                    }
                    return FoundMoment(hit: hit, podcastTitle: listed[episode]?.podcastTitle, episodeTitle: listed[episode]?.title)
                })
            } catch {
                return .failure(.failed(tr("cannot search the library: %s", "\(error)")))
            }
        }) { [weak self] result in
            if numbered, case .success(let moments) = result, let self {
                self.latestFinds = FoundList(words: text, moments: moments, made: self.timers.now)
            }
            completion(result)
        }
    }

    private enum Either: Sendable {
        case stored(StoredTranscript)
        case fetch(TranscriptLink)
    }

    private func fetch(_ link: TranscriptLink, for episode: EpisodeID) {
        let store = self.store, now = timers.date
        fetcher.fetch(link) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let segments):
                let transcript = StoredTranscript(url: link.url, fetchedAt: now, segments: segments)
                self.background.run({ () -> Result<StoredTranscript, LibraryError> in
                    do {
                        try store.storeTranscript(segments, for: episode, from: link.url, fetchedAt: now)
                        return .success(transcript)
                    } catch {
                        return .failure(.failed(tr("cannot store the transcript: %s", "\(error)")))
                    }
                }) { [weak self] stored in self?.settle(episode, stored) }
            case .failure(let error):
                Log.message("could not fetch the transcript of episode \(episode.rawValue): \(error)")
                self.background.run({ () -> Void in
                    let failures = ((try? store.transcriptAttempt(of: episode))?.attempts ?? 0) + 1
                    let delay = Self.retryDelays[min(failures, Self.retryDelays.count) - 1]
                    _ = try? store.recordTranscriptFailure(of: episode, url: link.url, failure: error.description,
                                                           nextAttemptAt: now.addingTimeInterval(delay))
                }) { [weak self] in self?.settle(episode, .failure(.feedUnavailable("\(link.url.absoluteString): \(error)"))) }
            }
        }
    }

    private func settle(_ episode: EpisodeID, _ result: Result<StoredTranscript, LibraryError>) {
        let waiting = fetching.removeValue(forKey: episode) ?? []
        waiting.forEach { $0(result) }
    }
}

/// One hit of a search of the library, with the titles a listener reads it by.
public struct FoundMoment: Sendable {
    public var hit: SearchHit
    public var podcastTitle: String?
    public var episodeTitle: String?
}
