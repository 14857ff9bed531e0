import ArgumentParser
import EarshotTestSupport
import Foundation

/// `earshot-bench serve-file` (internal to `download`): serves one file from a memory mapping at
/// `/episode.bin` on 127.0.0.1, prints the URL, and stops when its standard input closes.
struct ServeFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-file", abstract: "Serve a file over loopback HTTP (used by `download`).", shouldDisplay: false)

    @Argument(help: "The file.")
    var file: String

    func run() throws {
        let server = try FixtureServer()
        let body = try SharedBody(mappingFile: file)
        server.route("/episode.bin") { _ in .shared(body, contentType: "audio/mpeg") }
        FileHandle.standardOutput.write(Data((server.url("/episode.bin").absoluteString + "\n").utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        withExtendedLifetime(server) {}
    }
}

/// A `serve-file` child process of this benchmark.
final class FileServerProcess {
    let url: URL
    private let process = Process()
    private let input = Pipe()

    init(file: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["serve-file", file]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.scheme == "http" else {
            throw BenchFailure("the file server did not start")
        }
        self.url = url
    }

    /// Closes the child's standard input and waits for it to end.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// The served file: a pattern written once in 1 MB pieces (never whole in memory).
enum DownloadBenchmarkFixture {
    static func prepare(_ path: String, bytes: Int) throws -> Int {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size == bytes { return size }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var generator = SystemRandomNumberGenerator()
        let piece = 1_000_000
        for offset in stride(from: 0, to: bytes, by: piece) {
            let count = min(piece, bytes - offset)
            try handle.write(contentsOf: Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        return bytes
    }
}
