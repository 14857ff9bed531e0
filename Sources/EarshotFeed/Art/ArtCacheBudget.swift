/// How much disk the art cache may use. Past a bound, the least recently used images are removed
/// (down to nine tenths of it, so a full cache is not tidied on every new image); pinned images are
/// never removed, so they may take the cache past its bound until they are unpinned.
public struct ArtCacheBudget: Sendable, Equatable {
    /// Everything in the cache: covers, chapter images, and whatever else lies in its directory.
    public var bytes: Int64
    /// Chapter images, a part of `bytes`: they are shown for minutes and seldom again, so they have a
    /// small bound of their own, and are removed before covers when the whole cache is over `bytes`.
    public var chapterImageBytes: Int64

    public init(bytes: Int64, chapterImageBytes: Int64) {
        self.bytes = bytes
        self.chapterImageBytes = chapterImageBytes
    }

    /// 200 MiB in all (a few hundred covers of a few hundred KiB, with room to spare), of which at most
    /// 20 MiB of chapter images.
    public static let standard = ArtCacheBudget(bytes: 200 << 20, chapterImageBytes: 20 << 20)
}
