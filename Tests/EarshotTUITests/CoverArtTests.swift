import EarshotTUI
import Foundation
import Testing

@Suite("Cover art as cells")
struct CoverArtTests {
    /// An 8 × 8 PNG: its top half red (230, 30, 30), its bottom half blue (30, 30, 230).
    static let redOverBlue: [UInt8] = Array(hex: """
        89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc000000174944415478da637826278715315051\
        0287f8332a4a0000546c48812dae67890000000049454e44ae426082
        """)

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-art-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let red: Int32 = 0xE61E1E, blue: Int32 = 0x1E1EE6

    @Test func aSquareImageFillsTheBoxInBlocksWithItsColoursInDirectColour() throws {
        let path = try Self.file(Self.redOverBlue)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let picture = try #require(CoverArt.picture(of: path, columns: 16, rows: 8, colours: .direct))
        #expect(picture.columns == 16 && picture.rows == 8, "a square image is twice as many cells wide as tall")
        for column in 0..<16 {
            let top = picture[0, column], bottom = picture[7, column]
            #expect(Self.shows(top) == Self.red, "\(top)")
            #expect(Self.shows(bottom) == Self.blue, "\(bottom)")
        }
        let symbols = Set(picture.cells.map(\.symbol))
        #expect(symbols.allSatisfy { $0 == " " || ("\u{2580}"..."\u{259F}").contains($0) }, "blocks, half-blocks and spaces only: \(symbols)")
    }

    @Test func indexedTerminalsGetPaletteIndexes() throws {
        let path = try Self.file(Self.redOverBlue)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let in256 = try #require(CoverArt.picture(of: path, columns: 16, rows: 8, colours: .indexed256))
        #expect(in256.cells.allSatisfy { (-1...255).contains($0.foreground) && (-1...255).contains($0.background) })
        let in16 = try #require(CoverArt.picture(of: path, columns: 16, rows: 8, colours: .indexed16))
        #expect(in16.cells.allSatisfy { (-1...15).contains($0.foreground) && (-1...15).contains($0.background) })
        #expect(Self.shows(in16[0, 0]) != Self.shows(in16[7, 0]), "red and blue stay apart in 16 colours")
    }

    @Test func aMissingOrBrokenFileGivesNoPicture() throws {
        #expect(CoverArt.picture(of: "/nonexistent/cover.jpg", colours: .direct) == nil)
        let path = try Self.file(Array("not an image".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(CoverArt.picture(of: path, colours: .direct) == nil)
    }

    /// The colour a cell shows: its background where it is a space, its foreground where a full block.
    static func shows(_ cell: ArtCell) -> Int32 {
        cell.symbol == " " ? cell.background : cell.symbol == "█" ? cell.foreground : cell.background
    }
}

@Suite("Cover art on the episode page")
struct EpisodePageArtTests {
    static let picture = ArtPicture(columns: 16, rows: 8, cells: Array(repeating: ArtCell(symbol: "▀", foreground: 1, background: 2), count: 128))!

    @Test func theArtSitsAtTheTopRightAndThePageWrapsBesideIt() {
        var state = EpisodePageTests.pageState()
        state.receiveArt(Self.picture, of: 11)
        let frame = state.frame(now: Fixtures.now)
        #expect(frame.art == ArtPlacement(row: 1, column: 80 - 16 - 1, picture: Self.picture))
        for line in frame.lines[1...8] {
            #expect(Columns.width(of: line.text) <= 80)
            #expect(line.text.dropFirst(62).allSatisfy { $0 == " " }, "nothing drawn under the art: \(line.text)")
        }
    }

    @Test func aScreenUnder80By24OrAnotherPageShowsNoArt() {
        var state = EpisodePageTests.pageState()
        state.receiveArt(Self.picture, of: 11)
        state.resize(width: 79, height: 24)
        #expect(state.frame(now: Fixtures.now).art == nil)
        state.resize(width: 80, height: 23)
        #expect(state.frame(now: Fixtures.now).art == nil)
        state.resize(width: 80, height: 24)
        #expect(state.frame(now: Fixtures.now).art != nil)
        state.receiveArt(Self.picture, of: 99)
        #expect(state.frame(now: Fixtures.now).art != nil, "art for a page no longer open is dropped")
        _ = state.handle(.escape)
        #expect(state.frame(now: Fixtures.now).art == nil)
    }
}

extension Array where Element == UInt8 {
    init(hex: String) {
        let digits = Array(hex.utf8).filter { $0 != 10 && $0 != 32 }
        self = stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)! }
    }
}
