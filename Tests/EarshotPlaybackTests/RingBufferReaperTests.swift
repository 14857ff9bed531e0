import CEarshot
import CGLib
import CGStreamer
import Foundation
import Glibc
import Testing
@testable import EarshotPlayback

/// GStreamer 1.22's `downloadbuffer` opens its ring-buffer file when its source pad is activated in pull
/// mode, even in READY, and closes it only on PAUSED→READY; the reaper closes and deletes what it left.
@Suite("The ring-buffer reaper")
struct RingBufferReaperTests {
    @Test func aRingBufferOpenedByAPullInReadyIsClosedAndDeletedWhenItsElementIsFreed() throws {
        let (path, descriptors) = try Self.leakOneRingBuffer(reaped: true)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still on disk")
        #expect(descriptors == 0)
    }

    @Test func withoutTheReaperGStreamerLeavesTheFileOpenAndOnDisk() throws {
        // The bug the reaper exists for; when a GStreamer release fixes it, this test says so.
        let (path, descriptors) = try Self.leakOneRingBuffer(reaped: false)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(descriptors == 1)
        RingBufferReaper.closeDescriptors(openOn: path)
        #expect(Self.descriptors(openOn: path) == 0)
    }

    @Test func aRingBufferClosedByItsElementIsLeftAlone() throws {
        try GStreamer.initialize()
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let element = try Self.downloadBuffer(in: directory)
        RingBufferReaper.watch(downloadBuffer: UnsafeMutableRawPointer(element))
        #expect(gst_element_set_state(element, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE)
        let path = try #require(earshot_object_dup_string(element, "temp-location").map { location in
            defer { g_free(location) }
            return String(cString: location)
        })
        #expect(FileManager.default.fileExists(atPath: path))
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(element)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(Self.descriptors(openOn: path) == 0)
    }

    /// A downloadbuffer in READY whose source pad is activated in pull mode (as a demuxer does when the
    /// pipeline is torn down before it reached PAUSED), then freed; returns its file and how many
    /// descriptors of this process are still open on it.
    private static func leakOneRingBuffer(reaped: Bool) throws -> (path: String, descriptors: Int) {
        try GStreamer.initialize()
        let directory = try temporaryDirectory()
        let element = try downloadBuffer(in: directory)
        if reaped { RingBufferReaper.watch(downloadBuffer: UnsafeMutableRawPointer(element)) }
        #expect(gst_element_set_state(element, GST_STATE_READY) == GST_STATE_CHANGE_SUCCESS)
        let pad = try #require(gst_element_get_static_pad(element, "src"))
        #expect(gst_pad_activate_mode(pad, GST_PAD_MODE_PULL, 1) != 0)
        let path = try #require(earshot_object_dup_string(element, "temp-location").map { location in
            defer { g_free(location) }
            return String(cString: location)
        })
        gst_pad_activate_mode(pad, GST_PAD_MODE_PULL, 0)
        gst_object_unref(pad)
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(element)
        return (path, descriptors(openOn: path))
    }

    private static func downloadBuffer(in directory: String) throws -> UnsafeMutablePointer<GstElement> {
        let element = try #require(gst_element_factory_make("downloadbuffer", nil))
        earshot_object_set_string(element, "temp-template", directory + "/ring-XXXXXX")
        return element
    }

    private static func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-reaper-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func descriptors(openOn path: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }
}
