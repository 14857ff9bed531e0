import CEarshotTerminal
import CNcurses
import Glibc

/// A cell's two colours, which share a colour pair.
struct ArtPairKey: Hashable {
    var foreground: Int32
    var background: Int32
}

extension CursesScreen {
    /// The first colour pair the art uses (below it: the styles'; low enough for a console's 64 pairs).
    private static let firstArtPair: Int32 = 16

    /// Draws `art` cell by cell, each symbol in a colour pair of its two colours (made once, and made
    /// again from the first when the terminal's pairs run out).
    func draw(_ art: ArtPlacement) {
        guard artColours != nil else { return }
        for row in 0..<art.picture.rows {
            for column in 0..<art.picture.columns {
                let cell = art.picture[row, column]
                guard let pair = pair(ArtPairKey(foreground: cell.foreground, background: cell.background)) else { continue }
                attr_set(0, Int16(truncatingIfNeeded: pair), nil)
                var wide = cell.symbol.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                mvaddnwstr(Int32(art.row + row), Int32(art.column + column), &wide, Int32(wide.count))
            }
        }
    }

    private func pair(_ key: ArtPairKey) -> Int32? {
        if let pair = artPairs[key] { return pair }
        var pair = Self.firstArtPair + Int32(artPairs.count)
        if pair >= earshot_colour_pairs() {
            artPairs = [:]
            pair = Self.firstArtPair
        }
        guard pair < earshot_colour_pairs(), init_extended_pair(pair, key.foreground, key.background) == OK else { return nil }
        artPairs[key] = pair
        return pair
    }
}
