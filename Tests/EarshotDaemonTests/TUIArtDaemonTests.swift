import EarshotTestSupport
import Foundation
import Testing

/// `earshot tui`'s cover art in a real terminal (tmux) against the real daemon on a private bus.
@Suite("Cover art in the terminal interface", .serialized)
struct TUIArtDaemonTests {
    /// The art box's cells (rows 1 to 8, the 16 columns before the last) as text.
    static func artBox(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(8).map { line in
            let characters = Array(line)
            guard characters.count > 63 else { return "" }
            return Substring(String(characters[63..<min(79, characters.count)]))
        }
    }

    static func hasBlocks(_ screen: String) -> Bool {
        artBox(screen).contains { $0.contains { ("\u{2580}"..."\u{259F}").contains($0) } }
    }

    @Test func anEpisodePageShowsTheCachedCoverInBlocksAndASmallTerminalHidesIt() throws {
        let h = try DaemonHarness()
        #expect(try EarshotProcess.run(["play", "Newest"], environment: h.environment).status == 0)
        let art = try h.wait(for: "metadata", "mpris:artUrl") { $0.hasPrefix("file://") }
        #expect(art.hasPrefix("file://"), "the daemon cached the cover: \(art)")
        let t = try TmuxTerminal(h, command: "\(EarshotProcess.executable) tui", width: 80, height: 24)
        try t.wait { $0.contains("Daemon Show") }
        try t.send("Enter")
        try t.wait { $0.contains("Oldest episode") }
        try t.send("l")
        var screen = try t.wait { Self.hasBlocks($0) }
        #expect(Self.hasBlocks(screen), "block characters in the art box: \(screen)")
        #expect(screen.contains("Newest episode"), "\(screen)")
        try t.tmux(["resize-window", "-t", "0", "-x", "79", "-y", "24"])
        screen = try t.wait { !Self.hasBlocks($0) && ($0.split(separator: "\n").first?.count ?? 0) <= 79 }
        #expect(!Self.hasBlocks(screen), "no art under 80 columns: \(screen)")
    }
}
