import Foundation

/// What a publisher of cached images (the MPRIS metadata) needs from the art cache beyond looking
/// images up: chapter images stored as such, the images it shows pinned (never removed meanwhile),
/// and word of the files the cache removed to keep within its budget. `ArtCache` is the real one.
public protocol ArtPinning: AnyObject {
    /// Delivers the local file of `remote`'s image, downloading it for `use` unless it is cached.
    func fetch(_ remote: URL, for use: ArtUse, completion: @escaping (Result<URL, ArtError>) -> Void)
    /// Keeps `file` until `unpin(_:)`; pins count.
    func pin(_ file: URL)
    /// Undoes one `pin(_:)`.
    func unpin(_ file: URL)
    /// Calls `observer` with the files removed, after the call that removed them.
    func observeEvictions(_ observer: @escaping ([URL]) -> Void)
}

extension ArtCache: ArtPinning {}
