/// A key or mouse event as the interface understands it, decoded from the terminal by ncursesw.
public enum Key: Equatable, Sendable {
    case character(Character)
    /// A character typed with Control (Ctrl-D is `.control("d")`).
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    /// The terminal changed size.
    case resize
    /// A click on a screen row (0 is the top).
    case click(row: Int)
    case wheelUp, wheelDown
}
