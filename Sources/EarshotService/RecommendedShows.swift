import EarshotFeed
import EarshotStore
import Foundation

/// The shows the library's podrolls recommend, with what Podcast Index said of their guids: each one's
/// feed address (Podcast Index's, where it knows the guid: the feed's current one; else the podroll's)
/// and title.
struct RecommendedShows {
    /// Each recommended show once, with the first podcast recommending it.
    let found: [(item: RemoteItem, from: StoredShowNamespace)]
    /// Podcast Index's shows by feed guid.
    let resolved: [String: DirectoryShow]

    /// Where `item`'s feed is, when known.
    func address(of item: RemoteItem) -> URL? {
        item.feedGuid.flatMap { resolved[$0]?.feed } ?? item.feedURL
    }

    /// `item`'s title, when Podcast Index gave one.
    func title(of item: RemoteItem) -> String? {
        item.feedGuid.flatMap { resolved[$0]?.title }
    }

    /// Those with an address, in order: the numbered list `earshot add N` takes from.
    var links: [FeedLink] {
        found.compactMap { entry in address(of: entry.item).map { FeedLink(url: $0, title: title(of: entry.item)) } }
    }
}
