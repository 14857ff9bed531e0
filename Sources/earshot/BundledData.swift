import Foundation

/// Files that ship with Earshot, found next to a build folder (`.build/<config>/earshot` → `data/…`)
/// or an installation (`bin/earshot` → `share/…`).
enum BundledData {
    /// The file at `installed` under the installation's `share/`, else at `source` under the source
    /// tree's `data/`; nil when neither is there.
    static func url(installed: String, source: String) -> URL? {
        // The running file itself: argv[0] is only "earshot" when a shell found it through PATH.
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: running).resolvingSymlinksInPath()
        let bin = executable.deletingLastPathComponent()
        let candidates = [
            bin.appendingPathComponent("../share/" + installed),
            bin.appendingPathComponent("../../data/" + source),
            bin.appendingPathComponent("../../../data/" + source),
        ].map(\.standardizedFileURL)
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The bundled demo feed (data/demo/feed.xml), played when no feed was ever configured.
    static var demoFeed: URL? { url(installed: "earshot/demo/feed.xml", source: "demo/feed.xml") }

    /// Earshot's icon as a file: notification servers draw a placeholder for an icon name the icon
    /// theme does not have (an uninstalled build, a notice without a cover).
    static var icon: URL? { url(installed: "icons/hicolor/scalable/apps/earshot.svg", source: "icons/earshot.svg") }
}
