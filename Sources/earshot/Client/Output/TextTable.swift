import EarshotFeed

/// An aligned plain-text table: a header line, then one line per row, columns two spaces apart. Control
/// and bidi characters in cells are shown as visible escapes (`SafeText`) and measured as such.
///
/// Given a width (the terminal's), the flexible columns (titles) are cut, widest first, until every
/// line fits: down to `minimumFlexibleWidth` each, and further (to `narrowestFlexibleWidth`) only when
/// a very narrow terminal leaves no choice. Without a width nothing is cut.
struct TextTable {
    /// One column: its header, which side its cells align to, and whether it may be cut.
    struct Column {
        var header: String
        var alignRight = false
        var flexible = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    static let gap = "  "
    static let minimumFlexibleWidth = 12
    static let narrowestFlexibleWidth = 3

    func render(width: Int?) -> String {
        let rows = self.rows.map { $0.map { SafeText.escaped($0) } }
        var widths = columns.indices.map { index in
            rows.reduce(columns[index].header.displayWidth) { max($0, $1[index].displayWidth) }
        }
        if let width { shrink(&widths, toFit: width) }
        let lines = [columns.map(\.header)] + rows
        return lines.map { cells in
            cells.indices.map { index in
                let cell = cells[index].truncated(toWidth: widths[index])
                return columns[index].alignRight ? cell.leftPadded(toWidth: widths[index]) : cell.padded(toWidth: widths[index])
            }
            .joined(separator: Self.gap)
            .droppingTrailingSpaces()
        }
        .joined(separator: "\n")
    }

    private func shrink(_ widths: inout [Int], toFit width: Int) {
        let gaps = Self.gap.count * (widths.count - 1)
        for floor in [Self.minimumFlexibleWidth, Self.narrowestFlexibleWidth] {
            while widths.reduce(0, +) + gaps > width {
                let candidates = columns.indices.filter { columns[$0].flexible && widths[$0] > floor }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
            }
        }
    }
}

private extension String {
    func droppingTrailingSpaces() -> String {
        let spaces = utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        return spaces == 0 ? self : String(decoding: utf8.dropLast(spaces), as: UTF8.self)
    }
}
