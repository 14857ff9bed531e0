import EarshotCore
import EarshotMPRIS
import EarshotStore

/// What the player holds at the moment a listing is asked for (the current episode with its live
/// progress, Up Next's order), taken on the loop so that marking the listings and building the reply's
/// values run on the background: 100,000 matches of a common word were built on the loop, each looked
/// up in Up Next by a linear search.
struct ListingMarks: Sendable {
    let current: EpisodeID?
    let currentStatus: EpisodeStatus?
    /// Each queued episode's place in Up Next.
    let places: [EpisodeID: Int]

    init(current: EpisodeID?, currentStatus: EpisodeStatus?, upNext: [EpisodeID]) {
        self.current = current
        self.currentStatus = currentStatus
        places = Dictionary(upNext.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A listing as the player saw it: the current episode's live progress, its place in Up Next.
    func marked(_ listing: EpisodeListing) -> BusRecords.MarkedListing {
        var listing = listing
        let isCurrent = listing.id == current
        if isCurrent, let currentStatus { listing.status = currentStatus }
        return BusRecords.MarkedListing(listing: listing, queuePosition: places[listing.id], isCurrent: isCurrent)
    }

    /// The reply's value: episode dictionaries, or EpisodeRows' structs.
    func values(_ listings: [EpisodeListing], asRows: Bool) -> DBusValue {
        asRows ? BusRecords.episodeRows(listings.map(marked)) : BusRecords.list(listings.map(marked).map(BusRecords.episode))
    }
}
