/// How many colours the terminal shows, which decides how cover art is drawn: packed 0xRRGGBB colours
/// with direct colour, else indexes of the terminal's 256 or 16 colours.
public enum ArtColours: Sendable {
    case direct, indexed256, indexed16
}

/// One character cell of a picture: a symbol (a block or half-block, or a space) in a foreground colour
/// on a background colour, each a packed 0xRRGGBB (`ArtColours.direct`) or a palette index, or -1 for the
/// terminal's own colour.
public struct ArtCell: Equatable, Sendable {
    public var symbol: Character
    public var foreground: Int32
    public var background: Int32

    public init(symbol: Character, foreground: Int32, background: Int32) {
        self.symbol = symbol
        self.foreground = foreground
        self.background = background
    }
}

/// Cover art as character cells, row by row, ready to be drawn in a box of the screen.
public struct ArtPicture: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// `rows` × `columns` cells, the first row first.
    public let cells: [ArtCell]

    /// A picture of `cells` laid out `columns` wide (nil when the count does not fill whole rows).
    public init?(columns: Int, rows: Int, cells: [ArtCell]) {
        guard columns > 0, rows > 0, cells.count == columns * rows else { return nil }
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The cell at `row`, `column` (both from 0).
    public subscript(row: Int, column: Int) -> ArtCell { cells[row * columns + column] }
}

/// Where a picture goes on the screen: its top left cell.
public struct ArtPlacement: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var picture: ArtPicture

    public init(row: Int, column: Int, picture: ArtPicture) {
        self.row = row
        self.column = column
        self.picture = picture
    }
}
