import EarshotCore
import EarshotFeed

/// The libsoup loaders of EarshotFeed are the Core's fetching seams as they are.
extension FeedLoader: FeedFetching {}
extension ArtCache: ArtLookup {}
extension ChaptersLoader: ChaptersFetching {}
extension TranscriptLoader: TranscriptFetching {}
