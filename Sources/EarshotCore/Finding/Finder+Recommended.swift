import EarshotFeed
import Foundation

extension Finder {
    /// The most feed guids one `resolve` asks Podcast Index about (a podroll may list hundreds).
    static let guidsResolvedAtOnce = 50

    /// The feeds the library's shows recommend (their `podcast:podroll`), as the recent numbered list:
    /// `earshot add N` subscribes to the Nth for the next hour, as after a search. Each show is marked
    /// with its podcast when the library has it already.
    public func recommend(_ feeds: [FeedLink]) -> ResultList {
        let list = ResultList(origin: .recommended, shows: marked(feeds.map(FoundShow.init)), made: timers.now, madeAt: timers.date)
        latest = list
        return list
    }

    /// The shows Podcast Index knows by these `podcast:guid`s (`/podcasts/byguid`), each asked within the
    /// directory timeout; the first `guidsResolvedAtOnce` guids only. A guid it does not know, an error,
    /// or no key and secret set (the listener's own credentials: nothing is asked then) leaves that guid
    /// out, so a recommendation falls back to the address its podroll gives. Answers on the loop.
    public func resolve(guids: [String], completion: @escaping ([String: DirectoryShow]) -> Void) {
        lookUp(guids: guids) { answers in completion(answers.compactMapValues { try? $0.get() }) }
    }

    /// What Podcast Index says of each of these `podcast:guid`s (`/podcasts/byguid`), each asked within
    /// the directory timeout: the show, or why not (`.notFound` for a guid it does not know, `.missingKey`
    /// when the listener has set no key and secret, and nothing was asked). The first
    /// `guidsResolvedAtOnce` guids only; none at all before directories are connected. Answers on the loop.
    public func lookUp(guids: [String], completion: @escaping ([String: Result<DirectoryShow, DirectoryError>]) -> Void) {
        let asked = Array(Set(guids)).sorted().prefix(Self.guidsResolvedAtOnce)
        guard let asking, !asked.isEmpty else { return completion([:]) }
        var answers: [String: Result<DirectoryShow, DirectoryError>] = [:], waiting = asked.count
        for guid in asked {
            _ = DirectoryRound(.feedGuid(guid), of: [.podcastindex], through: asking, timers: timers, timeout: settings.timeout) { round in
                switch round.first?.1 {
                case .success(let shows): answers[guid] = shows.first.map { .success($0) } ?? .failure(.notFound(guid))
                case .failure(let error): answers[guid] = .failure(error)
                case nil: break
                }
                waiting -= 1
                if waiting == 0 { completion(answers) }
            }
        }
    }
}
