import CEarshot
import CGLib
import CGStreamer
import Foundation
import Glibc

/// Closes and removes the download ring buffers GStreamer 1.22 forgets.
///
/// With progressive download, playbin streams an episode through a `downloadbuffer`, which keeps what
/// it fetched in a temporary file (`$XDG_CACHE_HOME/earshot-XXXXXX`). The element opens that file when
/// it reaches PAUSED *or* when a demuxer pulls from it, but closes and deletes it only on PAUSED→READY.
/// An episode changed before its pipeline reached PAUSED (a quick Next) has its demuxer pull from an
/// element still in READY: the file is opened, the element is later freed without a PAUSED→READY, and
/// the descriptor and the file stay for the life of the daemon (one change in 4 to 25 during a run of
/// Next and Previous). The reaper watches every `downloadbuffer` playbin makes, remembers the file it
/// opened last, and when the element is freed with that file still on disk, closes the descriptor that
/// names it and deletes it. An element that closed its file properly costs one `lstat`.
enum RingBufferReaper {
    /// Watches every `downloadbuffer` added anywhere inside `playbin` from now on.
    static func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        g_signal_connect_data(UnsafeMutableRawPointer(playbin), "deep-element-added", unsafeBitCast({ (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?, element: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            guard let element, String(cString: earshot_element_factory_name(element.assumingMemoryBound(to: GstElement.self))) == "downloadbuffer" else { return }
            RingBufferReaper.watch(downloadBuffer: element)
        } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
        nil, nil, GConnectFlags(rawValue: 0))
    }

    /// Watches one `downloadbuffer` element until it is freed.
    static func watch(downloadBuffer element: UnsafeMutableRawPointer) {
        let ringBuffer = WatchedRingBuffer()
        // One reference for the notify handler (released when GObject drops its handlers on dispose), one
        // for the weak reference (released when it fires, after that).
        g_signal_connect_data(element, "notify::temp-location", unsafeBitCast({ (object: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
            guard let object, let data, let location = earshot_object_dup_string(object, "temp-location") else { return }
            defer { g_free(location) }
            Unmanaged<WatchedRingBuffer>.fromOpaque(data).takeUnretainedValue().opened(String(cString: location))
        } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
        Unmanaged.passRetained(ringBuffer).toOpaque(), { data, _ in data.map { Unmanaged<WatchedRingBuffer>.fromOpaque($0).release() } },
        GConnectFlags(rawValue: 0))
        g_object_weak_ref(element.assumingMemoryBound(to: GObject.self), { data, _ in
            guard let data else { return }
            Unmanaged<WatchedRingBuffer>.fromOpaque(data).takeRetainedValue().elementFreed()
        }, Unmanaged.passRetained(ringBuffer).toOpaque())
    }

    /// Closes every descriptor of this process open on `path` (found through `/proc/self/fd`).
    static func closeDescriptors(openOn path: String) {
        guard let directory = opendir("/proc/self/fd") else { return }
        let own = dirfd(directory)
        var found: [Int32] = []
        let wanted = Array(path.utf8)
        var target = [CChar](repeating: 0, count: Int(PATH_MAX))
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let descriptor = Int32(name), descriptor != own else { continue }
            let length = readlinkat(own, name, &target, target.count)
            if length == wanted.count, target[..<length].elementsEqual(wanted, by: { UInt8(bitPattern: $0) == $1 }) {
                found.append(descriptor)
            }
        }
        closedir(directory)
        for descriptor in found { close(descriptor) }
    }
}

/// The ring buffer one `downloadbuffer` opened last, and what is done with it when the element is freed.
private final class WatchedRingBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var location: String?

    /// The element announced a newly opened file (on whichever thread opened it).
    func opened(_ path: String) {
        lock.withLock { location = path }
    }

    /// The element is gone: a file of its still on disk was never closed by it.
    func elementFreed() {
        guard let path = lock.withLock({ location }) else { return }
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        RingBufferReaper.closeDescriptors(openOn: path)
        unlink(path)
    }
}
