import EarshotFeed
import Foundation

extension Finder {
    /// The feeds the library's shows recommend (their `podcast:podroll`), as the recent numbered list:
    /// `earshot add N` subscribes to the Nth for the next hour, as after a search. Each show is marked
    /// with its podcast when the library has it already.
    public func recommend(_ feeds: [FeedLink]) -> ResultList {
        let list = ResultList(origin: .recommended, shows: marked(feeds.map(FoundShow.init)), made: timers.now, madeAt: timers.date)
        latest = list
        return list
    }
}
