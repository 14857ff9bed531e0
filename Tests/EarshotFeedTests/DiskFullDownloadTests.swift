import EarshotFeed
import EarshotTestSupport
import Foundation
import Testing

/// A download onto a full disk: a 512 KiB tmpfs (mounting needs root, as in the development container).
@Suite("Episode downloads onto a full disk", .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
final class DiskFullDownloadTests {
    let server: FixtureServer
    let mountPoint: URL

    init() throws {
        server = try FixtureServer()
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint.path])
    }

    deinit {
        try? Self.run("/usr/bin/umount", [mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint)
    }

    @Test func aFullDiskIsNamedAndNothingIsRenamedAsComplete() throws {
        let audio = [UInt8](repeating: 0x55, count: 2 << 20)
        server.route("/episode.mp3") { _ in
            .ranged(SharedBody(audio), contentType: "audio/mpeg", headers: ["ETag": "\"v1\""])
        }
        let destination = mountPoint.appendingPathComponent("episode.mp3")
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        #expect(error == .diskFull(path: destination.path + ".part"))
        #expect(error?.description.hasPrefix("the disk is full") == true)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MountFailed(command: "\(tool) \(arguments.joined(separator: " "))")
        }
    }
}

/// `mount` or `umount` failed.
struct MountFailed: Error {
    let command: String
}
