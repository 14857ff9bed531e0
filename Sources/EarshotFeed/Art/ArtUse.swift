/// What an image is for, which decides how long the art cache keeps it.
public enum ArtUse: Sendable, Equatable {
    /// An episode's or a show's cover: kept, least recently used first out, within the cache's budget.
    case cover
    /// A chapter's image: shown while its chapter plays, stored apart (`chapters/` in the cache
    /// directory) under a small bound of its own, and the first to go when the cache is full.
    case chapterImage
}
