/// The help screen (`?`): every key, one per line.
public enum KeyHelp {
    public static let entries: [(keys: String, does: String)] = [
        ("↑ ↓  k j", "move; PgUp PgDn, Ctrl-U Ctrl-D a page"),
        ("gg  G", "the first row, the last row"),
        ("Enter", "open a podcast; play an episode, a find hit, a transcript line"),
        ("→  l", "open (a podcast, an episode's page)"),
        ("←  h  Esc", "back"),
        ("1 … 8", "Library, Up Next, Inbox, Find, Downloads, History, Stats, Directory"),
        ("Tab", "the next of those"),
        ("/", "find as you type (Enter plays the hit, Esc stops typing)"),
        ("8", "search the directories (Enter searches; on a show, subscribes)"),
        ("space", "play or pause"),
        ("f  b", "seek forward 30 s, back 10 s"),
        ("> <", "next episode, previous episode"),
        ("+ -", "speed up, slow down"),
        ("p", "play the selected podcast"),
        ("m", "mark played (again: unplayed)"),
        ("s", "star (again: unstar)"),
        ("d", "download"),
        ("a", "add to Up Next"),
        ("x", "remove from Up Next; dismiss from the inbox"),
        ("J  K", "move down, up in Up Next"),
        ("r  R", "refresh the selected podcast, every podcast"),
        ("t", "an episode's page follows the line being spoken"),
        ("?", "this help"),
        ("q", "quit (playback goes on)"),
        ("mouse", "click selects (again: opens), the wheel scrolls"),
    ]

    static let lines: [String] = entries.map { $0.keys.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.does }
}
