import EarshotGLib
import Glibc

/// The art cache's disk work, off the loop and in the order it was asked for, one job at a time on a
/// worker thread: storing images, recording a use as a file's modification time (so the order the cache
/// removes files in survives a restart), removing evicted files. In order, a removal never takes away
/// an image stored again after it was chosen.
final class ArtHousekeeper {
    private struct Job {
        let work: @Sendable () -> any Sendable
        let done: (any Sendable) -> Void
    }

    private let context: MainContext
    private var waiting: [Job] = []
    private var busy = false

    init(context: MainContext) { self.context = context }

    /// Runs `work` after every job asked for before it; `done` gets its result on the cache's context.
    func perform<Result: Sendable>(_ work: @escaping @Sendable () -> Result, then done: @escaping (Result) -> Void) {
        waiting.append(Job(work: { work() }, done: { done($0 as! Result) }))
        startNext()
    }

    /// Sets the modification time of the file at `path` to `time` (ns since the epoch).
    func touch(_ path: String, at time: Int64) {
        perform({ Self.setModificationTime(of: path, to: time) }, then: { _ in })
    }

    /// Removes the files at `paths`; `done` runs once they are gone.
    func remove(_ paths: [String], then done: @escaping () -> Void) {
        perform({ for path in paths { unlink(path) } }, then: { _ in done() })
    }

    private func startNext() {
        guard !busy, !waiting.isEmpty else { return }
        let job = waiting.removeFirst()
        busy = true
        Worker.run("earshot-art-disk", on: context, work: job.work, completion: { [self] result in
            busy = false
            job.done(result)
            startNext()
        })
    }

    /// Sets the access and modification times of the file at `path` to `time` (ns since the epoch).
    static func setModificationTime(of path: String, to time: Int64) {
        let stamp = timespec(tv_sec: Int(time / 1_000_000_000), tv_nsec: Int(time % 1_000_000_000))
        _ = utimensat(AT_FDCWD, path, [stamp, stamp], 0)
    }

    /// A file's modification time in nanoseconds since the epoch.
    static func modificationTime(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// The wall-clock time now, in nanoseconds since the epoch (what modification times count in).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
