import Foundation

/// The bundled demo feed (data/demo/feed.xml), played when no feed was ever configured: found next to
/// a build folder (`.build/<config>/earshot` → `data/demo`) or an installation (`bin/earshot` →
/// `share/earshot/demo`).
enum DemoFeed {
    static func url() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let bin = executable.deletingLastPathComponent()
        let candidates = [
            bin.appendingPathComponent("../share/earshot/demo/feed.xml"),
            bin.appendingPathComponent("../../data/demo/feed.xml"),
            bin.appendingPathComponent("../../../data/demo/feed.xml"),
        ].map(\.standardizedFileURL)
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
