import CEarshotTerminal
import CNcurses
import Glibc

/// The terminal, through ncursesw: keys and mouse decoded by it, frames drawn with it (it sends only
/// the cells that changed), colours as the terminal has them (truecolor, 256, 16) or none with
/// `NO_COLOR`. The one place the interface touches the terminal.
public final class CursesScreen {
    private var attributes: [Style: (attr_t, Int32)] = [:]
    private var ended = false
    /// The colours cover art is drawn in (nil: none, so no art: `NO_COLOR`, or a terminal without colour).
    public private(set) var artColours: ArtColours?
    /// The colour pairs made for the art's cells, by foreground and background.
    var artPairs: [ArtPairKey: Int32] = [:]

    /// Takes over the terminal on standard input and output; `colour: false` draws with attributes only.
    public init(colour: Bool) {
        setlocale(LC_ALL, "")
        initscr()
        cbreak()
        noecho()
        nonl()
        keypad(earshot_screen(), true)
        nodelay(earshot_screen(), true)
        curs_set(0)
        set_escdelay(25)
        mousemask(earshot_mouse_events(), nil)
        mouseinterval(0)
        setUpStyles(colour: colour && has_colors())
    }

    deinit { end() }

    /// Gives the terminal back as it was (the shell's screen, the cursor).
    public func end() {
        guard !ended else { return }
        ended = true
        endwin()
    }

    /// Columns and rows.
    public var size: (width: Int, height: Int) {
        var rows: Int32 = 0, columns: Int32 = 0
        earshot_terminal_size(&rows, &columns)
        return (Int(columns), Int(rows))
    }

    /// Takes the terminal's new size (after SIGWINCH).
    public func noteResize() {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return }
        resizeterm(Int32(size.ws_row), Int32(size.ws_col))
    }

    /// Every key waiting on the terminal, decoded (none when nothing is waiting).
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        while true {
            var character: wint_t = 0
            let kind = get_wch(&character)
            if kind == ERR { return keys }
            if let key = kind == KEY_CODE_YES ? special(Int32(character)) : typed(character) { keys.append(key) }
        }
    }

    /// Draws `frame` (one line a row, each span in its style).
    public func draw(_ frame: Frame) {
        erase()
        for (row, line) in frame.lines.enumerated() {
            var column = 0
            for span in line.spans where !span.text.isEmpty {
                let (attribute, pair) = attributes[span.style] ?? (0, 0)
                attr_set(attribute, Int16(truncatingIfNeeded: pair), nil)
                var wide = span.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                mvaddnwstr(Int32(row), Int32(column), &wide, Int32(wide.count))
                column += Columns.width(of: span.text)
            }
        }
        if let art = frame.art { draw(art) }
        attr_set(0, 0, nil)
        refresh()
    }

    private func special(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_NPAGE: .pageDown
        case KEY_PPAGE: .pageUp
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_RESIZE: .resize
        case KEY_MOUSE: mouse()
        default: nil
        }
    }

    private func typed(_ character: wint_t) -> Key? {
        switch character {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(character) + 96)))
        default: return Unicode.Scalar(UInt32(character)).map { .character(Character($0)) }
        }
    }

    private func mouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        if event.bstate & earshot_mouse_wheel_up() != 0 { return .wheelUp }
        if event.bstate & earshot_mouse_wheel_down() != 0 { return .wheelDown }
        if event.bstate & earshot_mouse_click() != 0 { return .click(row: Int(event.y)) }
        return nil
    }

    // MARK: Colours

    /// Each style's attribute and colour pair: from the terminal's palette, or attributes alone.
    private func setUpStyles(colour: Bool) {
        let bold = earshot_attr_bold(), dim = earshot_attr_dim(), reverse = earshot_attr_reverse(), underline = earshot_attr_underline()
        attributes = [.header: (reverse, 0), .selected: (reverse, 0), .dim: (dim, 0), .accent: (bold, 0),
                      .error: (bold, 0), .barDone: (bold, 0), .barLeft: (dim, 0), .match: (bold | underline, 0), .playing: (bold, 0)]
        guard colour, start_color() == OK else { return }
        use_default_colors()
        let palette: [Style: (fg: Int32, bg: Int32, attribute: attr_t)]
        if earshot_terminal_has_direct_colour() != 0, earshot_colours() >= 0x1000000 {
            artColours = .direct
            palette = [.header: (0xFFFFFF, 0x1F4E79, bold), .selected: (0xFFFFFF, 0x2E7D9A, bold), .dim: (0x8A8A8A, -1, 0),
                       .accent: (0x5FD7D7, -1, 0), .error: (0xFF5F5F, -1, bold), .barDone: (0x5FAFD7, -1, 0),
                       .barLeft: (0x585858, -1, 0), .match: (0xFFD75F, -1, bold), .playing: (0x87D787, -1, bold)]
        } else if earshot_colours() >= 256 {
            artColours = .indexed256
            palette = [.header: (231, 24, bold), .selected: (231, 31, bold), .dim: (245, -1, 0), .accent: (80, -1, 0),
                       .error: (203, -1, bold), .barDone: (74, -1, 0), .barLeft: (240, -1, 0), .match: (221, -1, bold),
                       .playing: (114, -1, bold)]
        } else {
            artColours = earshot_colours() >= 16 ? .indexed16 : nil
            palette = [.header: (COLOR_WHITE, COLOR_BLUE, bold), .selected: (COLOR_BLACK, COLOR_CYAN, 0), .dim: (-1, -1, dim),
                       .accent: (COLOR_CYAN, -1, 0), .error: (COLOR_RED, -1, bold), .barDone: (COLOR_CYAN, -1, bold),
                       .barLeft: (-1, -1, dim), .match: (COLOR_YELLOW, -1, bold), .playing: (COLOR_GREEN, -1, bold)]
        }
        for (index, entry) in palette.sorted(by: { $0.key.rawValue < $1.key.rawValue }).enumerated() {
            let pair = Int32(index + 1)
            guard init_extended_pair(pair, entry.value.fg, entry.value.bg) == OK else { continue }
            attributes[entry.key] = (entry.value.attribute, pair)
        }
    }
}
