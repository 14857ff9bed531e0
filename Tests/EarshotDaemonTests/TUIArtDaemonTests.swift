import EarshotMPRIS
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

    static func hasBlocks(_ screen: String) -> Bool { hasBlocks(artBox(screen)) }

    static func hasBlocks(_ box: [Substring]) -> Bool {
        box.contains { $0.contains { ("\u{2580}"..."\u{259F}").contains($0) } }
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

    /// Two shows of one title: an episode's page opened from the inbox or Up Next (lists of every
    /// podcast) draws its own show's cover, the same cells as from that show's own list, not the other's.
    @Test func aPageFromTheInboxOrUpNextShowsItsOwnShowsCoverWhenTwoShowsShareATitle() throws {
        let h = try DaemonHarness()
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        _ = try SameTitleShows(h, session: session)
        // Listing the playlists has the daemon cache every show's cover.
        _ = try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "User", "false")
        let deadline = Date().addingTimeInterval(10)
        func cached() throws -> Bool {
            let all = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Podcasts").get().first?.arrayElements ?? []
            return all.count == 2 && all.allSatisfy { $0.stringKeyedEntries?["art"] != nil }
        }
        while try !cached(), Date() < deadline { usleep(100_000) }
        #expect(try cached(), "both covers cached")

        let t = try TmuxTerminal(h, command: "\(EarshotProcess.executable) tui", width: 80, height: 24)
        try t.wait { $0.contains("Daemon Show") }
        // Each show's cover from its own list (where the page knows the podcast from the list itself).
        var own: [String: [Substring]] = [:]
        for row in 0..<2 {
            try t.send("1")
            try t.wait { $0.contains("Daemon Show") && !$0.contains("Oldest episode") && !$0.contains("Other oldest") }
            try t.send("g", "g")
            for _ in 0..<row { try t.send("j") }
            try t.send("Enter")
            let list = try t.wait { $0.contains("Oldest episode") || $0.contains("Other oldest") }
            let show = list.contains("Other oldest") ? "other" : "first"
            try t.send("l")
            // The art box once drawn whole: two captures a moment apart agree (under load, a capture
            // can fall in the middle of the redraw).
            var last: [Substring] = []
            let page = try t.wait { screen in
                defer { last = Self.artBox(screen) }
                return Self.hasBlocks(screen) && Self.artBox(screen) == last
            }
            own[show] = Self.artBox(page)
        }
        let other = try #require(own["other"]), first = try #require(own["first"])
        #expect(Self.hasBlocks(other) && other != first, "the two covers differ: \(other) \(first)")

        for (tab, title) in [("3", SameTitleShows.fresh), ("2", "Other middle")] {
            try t.send(tab)
            try t.wait { $0.contains(title) }
            try t.send("l")
            let page = try t.wait { $0.contains(title) && Self.artBox($0) == other }
            #expect(Self.artBox(page) == other, "\(title)'s page from tab \(tab) shows its own show's cover: \(page)")
        }
    }
}
