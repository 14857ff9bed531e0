/// How a piece of the screen looks; the terminal adapter turns each into colours and attributes (or
/// only attributes with `NO_COLOR`).
public enum Style: Int, CaseIterable, Sendable {
    case normal, header, selected, dim, accent, error, barDone, barLeft, match, playing
}

/// A run of text in one style.
public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .normal) {
        self.text = text
        self.style = style
    }
}

/// One line of the screen: spans laid out left to right, already cut to the screen's width.
public struct Line: Equatable, Sendable {
    public var spans: [Span]

    public init(_ spans: [Span] = []) { self.spans = spans }
    public init(_ text: String, _ style: Style = .normal) { spans = [Span(text, style)] }

    /// The text without styles (what tests and the terminal see).
    public var text: String { spans.map(\.text).joined() }
}

/// A whole screen: exactly `height` lines, each at most `width` columns wide.
public struct Frame: Equatable, Sendable {
    public var width: Int
    public var lines: [Line]
    /// Cover art drawn over the lines (the episode page's), when it shows.
    public var art: ArtPlacement?

    public init(width: Int, lines: [Line], art: ArtPlacement? = nil) {
        self.width = width
        self.lines = lines
        self.art = art
    }

    /// Every line's text, one per line (for tests and logs).
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
