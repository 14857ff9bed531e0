import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

/// The art cache keeps within its byte budget: least recently used first, chapter images under a
/// bound of their own and before covers, superseded queries first of all, pinned files never.
@Suite("Cover art cache budget (SoupServer on 127.0.0.1, a temp directory per test)")
final class ArtCacheBudgetTests {
    /// Every image served here is this big, so budgets read as a number of images.
    static let imageBytes = 8 << 10

    let server: FixtureServer
    let root: URL
    let directory: URL

    init() throws {
        server = try FixtureServer()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-art-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        directory = root.appendingPathComponent("art")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @Test func fetchingManyImagesKeepsTheCacheWithinItsBudgetAndKeepsTheNewest() throws {
        let budget = Self.budget(images: 8)
        try withCache(budget) { cache, context throws in
            var announced: [URL] = []
            cache.observeEvictions { announced += $0 }
            var newest: URL?
            for index in 0..<40 { newest = try fetched(image(index), cache, context) }
            #expect(settle(context) { diskBytes() <= budget.bytes }, "\(diskBytes()) bytes on disk for a budget of \(budget.bytes)")
            #expect(diskBytes() >= budget.bytes / 2, "only what did not fit is removed")
            #expect(FileManager.default.fileExists(atPath: try #require(newest).path))
            #expect(settle(context) { announced.count == 40 - files().count }, "every removal is announced")
            #expect(announced.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        }
    }

    @Test func theLeastRecentlyUsedImageGoesFirstAndLookingOneUpCountsAsAUse() throws {
        try withCache(Self.budget(images: 3.5)) { cache, context throws in
            let a = try fetched(image(0), cache, context)
            let b = try fetched(image(1), cache, context)
            let c = try fetched(image(2), cache, context)
            #expect(settle(context) { files().count == 3 })
            #expect(cache.cachedFile(for: image(0)) == a)  // a is now used more recently than b and c
            let d = try fetched(image(3), cache, context)
            #expect(settle(context) { !exists(b) })
            #expect(exists(a) && exists(c) && exists(d))
            let e = try fetched(image(4), cache, context)
            #expect(settle(context) { !exists(c) })
            #expect(exists(a) && exists(d) && exists(e))
        }
    }

    @Test func theOrderOfUseSurvivesARestart() throws {
        let budget = Self.budget(images: 3.5)
        let (a, b) = try withCache(budget) { cache, context throws in
            let a = try fetched(image(0), cache, context)
            let b = try fetched(image(1), cache, context)
            _ = try fetched(image(2), cache, context)
            #expect(cache.cachedFile(for: image(0)) == a)
            #expect(settle(context) { self.modificationTime(a) > self.modificationTime(b) }, "the use is written to the disk")
            return (a, b)
        }
        try withCache(budget) { cache, context throws in
            _ = try fetched(image(3), cache, context)
            #expect(settle(context) { !exists(b) })
            #expect(exists(a))
        }
    }

    @Test func aPinnedImageIsNeverRemovedAndGoesOnceUnpinned() throws {
        let budget = Self.budget(images: 3.5)
        try withCache(budget) { cache, context throws in
            let shown = try fetched(image(0), cache, context)
            cache.pin(shown)
            for index in 1...8 { _ = try fetched(image(index), cache, context) }
            #expect(settle(context) { diskBytes() <= budget.bytes })
            #expect(exists(shown), "the image shown right now stays")
            cache.unpin(shown)
            _ = try fetched(image(9), cache, context)
            #expect(settle(context) { !exists(shown) }, "unpinned, it is the least recently used")
            #expect(diskBytes() <= budget.bytes)
        }
    }

    @Test func chapterImagesStayWithinTheirOwnSmallBound() throws {
        let budget = ArtCacheBudget(bytes: 1 << 20, chapterImageBytes: Int64(3.5 * Double(Self.imageBytes)))
        try withCache(budget) { cache, context throws in
            let cover = try fetched(image(0), cache, context)
            var chapterImages: [URL] = []
            for index in 1...10 { chapterImages.append(try fetched(image(index), cache, context, use: .chapterImage)) }
            #expect(chapterImages.allSatisfy { $0.deletingLastPathComponent().lastPathComponent == "chapters" })
            #expect(settle(context) { diskBytes(in: "chapters") <= budget.chapterImageBytes })
            #expect(exists(cover), "a cover does not make room for chapter images")
            #expect(exists(chapterImages.last!))
            #expect(cache.cachedFile(for: image(10)) == chapterImages.last, "a chapter image is found like a cover")
        }
    }

    @Test func chapterImagesGoBeforeCoversWhenTheCacheIsFull() throws {
        let budget = ArtCacheBudget(bytes: Int64(5.5 * Double(Self.imageBytes)), chapterImageBytes: 1 << 20)
        try withCache(budget) { cache, context throws in
            let oldestCover = try fetched(image(0), cache, context)
            for index in 1...2 { _ = try fetched(image(index), cache, context) }
            let chapterImage = try fetched(image(3), cache, context, use: .chapterImage)
            _ = try fetched(image(4), cache, context, use: .chapterImage)
            #expect(settle(context) { files().count + files(in: "chapters").count == 5 }, "\(files() + files(in: "chapters"))")
            _ = try fetched(image(5), cache, context)
            #expect(settle(context) { !exists(chapterImage) })
            #expect(exists(oldestCover))
        }
    }

    @Test func aCoverWhoseQueryChangesOnEveryRefreshDoesNotPushOutOtherCovers() throws {
        server.serve("/busted.png", body: Self.body(99), contentType: "image/png")
        let budget = Self.budget(images: 4.5)
        try withCache(budget) { cache, context throws in
            let first = try fetched(image(0), cache, context)
            let second = try fetched(image(1), cache, context)
            var latest: URL?
            for version in 1...12 {
                latest = try fetched(URL(string: server.url("/busted.png").absoluteString + "?v=\(100_000 + version)")!, cache, context)
            }
            #expect(settle(context) { diskBytes() <= budget.bytes })
            #expect(exists(first) && exists(second), "the superseded versions went first")
            #expect(exists(try #require(latest)))
        }
    }

    @Test func filesFromBeforeAStartAreCountedAndTheOldestGoFirst() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var old: [URL] = []
        for index in 0..<10 {
            let file = directory.appendingPathComponent("old-\(index).png")
            try Data(Self.body(index)).write(to: file)
            let date = Date(timeIntervalSinceNow: Double(index - 1000))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
            old.append(file)
        }
        try withCache(Self.budget(images: 4.5)) { cache, context throws in
            let fresh = try fetched(image(0), cache, context)
            #expect(settle(context) { files().count == 4 })
            #expect(exists(fresh))
            #expect(old.suffix(3).allSatisfy(exists), "the three most recently used old files stay")
            #expect(old.prefix(7).allSatisfy { !exists($0) })
        }
    }

    // MARK: Harness

    /// A budget of `images` images, with as much room for chapter images.
    private static func budget(images: Double) -> ArtCacheBudget {
        let bytes = Int64(images * Double(imageBytes))
        return ArtCacheBudget(bytes: bytes, chapterImageBytes: bytes)
    }

    private static func body(_ index: Int) -> [UInt8] { [UInt8](repeating: UInt8(index & 0xFF), count: imageBytes) }

    /// The URL of image `index`, served on first use.
    private func image(_ index: Int) -> URL {
        server.serve("/image-\(index).png", body: Self.body(index), contentType: "image/png")
        return server.url("/image-\(index).png")
    }

    private func withCache<T>(_ budget: ArtCacheBudget, _ body: (ArtCache, MainContext) throws -> T) throws -> T {
        let context = MainContext()
        return try context.withThreadDefault {
            try body(ArtCache(directory: directory, budget: budget, timeoutSeconds: 10), context)
        }
    }

    private func fetched(_ remote: URL, _ cache: ArtCache, _ context: MainContext, use: ArtUse = .cover) throws -> URL {
        var result: Result<URL, ArtError>?
        cache.fetch(remote, for: use) { result = $0 }
        _ = context.iterate(until: { result != nil }, timeoutSeconds: 30)
        return try #require(result).get()
    }

    /// Iterates `context` (the cache's chores report back there) until `condition` holds, at most 10 s.
    private func settle(_ context: MainContext, until condition: () -> Bool) -> Bool {
        let ticker = context.addTimeout(milliseconds: 10) { true }
        defer { ticker.cancel() }
        return context.iterate(until: condition, timeoutSeconds: 10)
    }

    private func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }

    /// The regular files in the cache directory, or in its `folder`.
    private func files(in folder: String? = nil) -> [URL] {
        let place = folder.map { directory.appendingPathComponent($0) } ?? directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: place.path)) ?? []
        return names.map { place.appendingPathComponent($0) }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// Bytes of the regular files in the cache (all of it, or `folder`).
    private func diskBytes(in folder: String? = nil) -> Int64 {
        let all = folder == nil ? files() + files(in: "chapters") : files(in: folder)
        return all.reduce(0) { $0 + Int64((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }

    private func modificationTime(_ file: URL) -> Date {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? .distantPast
    }
}
