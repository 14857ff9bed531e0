/// The selected row of a list and the first row shown: moving keeps the selection on screen.
public struct ListCursor: Equatable, Sendable {
    public private(set) var selected = 0
    public private(set) var top = 0
    public private(set) var count = 0

    public init(count: Int = 0) { self.count = max(0, count) }

    /// The list now has `count` rows; the selection stays where it was, or on the last row.
    public mutating func resize(to count: Int) {
        self.count = max(0, count)
        selected = min(selected, max(0, self.count - 1))
        top = min(top, selected)
    }

    /// Moves the selection by `rows` (clamped), scrolling a window of `height` rows to keep it in view.
    public mutating func move(by rows: Int, height: Int) {
        select(selected + rows, height: height)
    }

    /// Selects row `row` (clamped) and scrolls to show it.
    public mutating func select(_ row: Int, height: Int) {
        guard count > 0 else { selected = 0; top = 0; return }
        selected = min(max(0, row), count - 1)
        let height = max(1, height)
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
    }

    /// The rows a window of `height` rows shows.
    public func visible(height: Int) -> Range<Int> {
        let top = min(self.top, max(0, count - max(1, height)))
        return top..<min(count, top + max(0, height))
    }
}
