/// Keys as state transitions: each changes the state and says what to ask of the daemon.
extension TUIState {
    /// Handles one key; the requests are what the controller sends to the daemon, in order.
    public mutating func handle(_ key: Key) -> [Request] {
        if key == .resize { return [] }
        if typing, let requests = type(key) { return requests }
        let wasG = pendingG
        pendingG = false
        if let requests = move(key, afterG: wasG) { return requests }
        switch key {
        case .character(let c): return command(c)
        case .enter: return enter()
        case .right: return open()
        case .left, .escape, .backspace: return pop()
        case .tab:
            let shown = View.tabs.lastIndex { stack.contains($0) } ?? 0
            return showTab(View.tabs[(shown + 1) % View.tabs.count])
        case .click(let row): return click(row)
        default: return []
        }
    }

    /// Cursor movement; nil when `key` moves nothing.
    private mutating func move(_ key: Key, afterG: Bool) -> [Request]? {
        let page = listHeight
        var cursor = self.cursor
        switch key {
        case .down, .character("j"): cursor.move(by: 1, height: page)
        case .up, .character("k"): cursor.move(by: -1, height: page)
        case .pageDown, .control("d"), .control("f"): cursor.move(by: page, height: page)
        case .pageUp, .control("u"), .control("b"): cursor.move(by: -page, height: page)
        case .wheelDown: cursor.move(by: 3, height: page)
        case .wheelUp: cursor.move(by: -3, height: page)
        case .home: cursor.select(0, height: page)
        case .end, .character("G"): cursor.select(Int.max / 2, height: page)
        case .character("g"):
            if afterG { cursor.select(0, height: page) } else { pendingG = true }
        default: return nil
        }
        if case .episode = view { following = false }
        self.cursor = cursor
        return []
    }

    /// Keys of the letter and sign kind.
    private mutating func command(_ c: Character) -> [Request] {
        if let digit = c.wholeNumberValue, (1...View.tabs.count).contains(digit) { return showTab(View.tabs[digit - 1]) }
        switch c {
        case "q": return [.quit]
        case "?": return view == .help ? pop() : push(.help)
        case "/":
            if view != .find && view != .directory { _ = showTab(.find) }
            typing = true
            return []
        case "l": return open()
        case "h": return pop()
        case " ": return [.togglePlay]
        case "f": return [.seek(by: 30)]
        case "b": return [.seek(by: -10)]
        case ">": return [.next]
        case "<": return [.previous]
        case "+", "=": return [.speed(by: 0.1)]
        case "-": return [.speed(by: -0.1)]
        case "t":
            following = true
            return []
        case "R": return [.refresh(podcast: nil)]
        case "r": return view == .library ? selectedPodcast.map { [.refresh(podcast: $0.id)] } ?? [] : []
        case "p": return view == .library ? selectedPodcast.map { [.playPodcast($0.id)] } ?? [] : []
        default: return episodeCommand(c)
        }
    }

    /// Keys that act on the selected episode.
    private mutating func episodeCommand(_ c: Character) -> [Request] {
        guard let episode = selectedEpisode else { return [] }
        switch c {
        case "m": return [.mark(episode.id, played: !episode.completed)]
        case "s": return [.star(episode.id, !episode.starred)]
        case "d": return [.download(episode.id)]
        case "a": return [.enqueue(episode.id)]
        case "x":
            if view == .inbox { return [.dismiss(episode.id)] }
            return episode.queuePosition != nil || view == .upNext ? [.dequeue(episode.id)] : []
        case "J", "K":
            guard view == .upNext else { return [] }
            let from = cursor.selected, to = from + (c == "J" ? 1 : -1)
            guard upNext.indices.contains(to) else { return [] }
            upNext.swapAt(from, to)
            var cursor = self.cursor
            cursor.select(to, height: listHeight)
            self.cursor = cursor
            return [.move(episode.id, to: to + 1)]
        default: return []
        }
    }

    /// Enter: open a podcast; play an episode or a hit.
    private mutating func enter() -> [Request] {
        switch view {
        case .library: return open()
        case .find:
            typing = false
            return hits.indices.contains(cursor.selected) ? [.playFound(number: hits[cursor.selected].number)] : []
        case .directory:
            if typing {
                typing = false
                guard Self.isFindable(directoryQuery) else { return [] }
                searchedTerms = directoryQuery
                return [.search(directoryQuery)]
            }
            return shows.indices.contains(cursor.selected) ? [.subscribe(url: shows[cursor.selected].url)] : []
        case .episode(let episode):
            if page.indices.contains(cursor.selected), let at = page[cursor.selected].at { return [.playFrom(episode: episode.id, at: at)] }
            return [.play(episode: episode.id)]
        default: return selectedEpisode.map { [.play(episode: $0.id)] } ?? []
        }
    }

    /// →, l: open the selected podcast or episode's page.
    private mutating func open() -> [Request] {
        switch view {
        case .library:
            guard let podcast = selectedPodcast else { return [] }
            episodes = []
            return push(.podcast(id: podcast.id, title: podcast.title))
        case .podcast, .upNext, .inbox:
            guard let episode = selectedEpisode else { return [] }
            page = []
            pageSource = []
            following = true
            return push(.episode(episode))
        default: return []
        }
    }

    /// A click on a row: selects it; a click on the selected row opens it as Enter does.
    private mutating func click(_ row: Int) -> [Request] {
        let index = cursor.visible(height: listHeight).lowerBound + row - 1
        guard row >= 1, row <= listHeight, (0..<cursor.count).contains(index) else { return [] }
        if index == cursor.selected { return enter() }
        var cursor = self.cursor
        cursor.select(index, height: listHeight)
        self.cursor = cursor
        return []
    }

    /// Typing into the find view's query; nil for keys typing leaves to the others (movement, Enter).
    private mutating func type(_ key: Key) -> [Request]? {
        if view == .directory { return typeTerms(key) }
        switch key {
        case .character(let c):
            query.append(c)
        case .backspace:
            guard !query.isEmpty else { return [] }
            query.removeLast()
        case .escape:
            typing = false
            return []
        default:
            return nil
        }
        return Self.isFindable(query) ? [.find(query)] : { hits = []; resizeHits(); return [] }()
    }

    /// Typing the directory search's terms: searched on Enter (each search asks the directories over
    /// the network, so not at every letter).
    private mutating func typeTerms(_ key: Key) -> [Request]? {
        switch key {
        case .character(let c): directoryQuery.append(c)
        case .backspace: if !directoryQuery.isEmpty { directoryQuery.removeLast() }
        case .escape: typing = false
        default: return nil
        }
        return []
    }

    private mutating func resizeHits() {
        var cursor = cursors[Self.cursorKey(.find)] ?? ListCursor()
        cursor.resize(to: hits.count)
        cursors[Self.cursorKey(.find)] = cursor
    }

    /// Whether `words` hold a letter or a digit (Find refuses words that do not).
    static func isFindable(_ words: String) -> Bool { words.contains { $0.isLetter || $0.isNumber } }

    /// The selected podcast of the library.
    public var selectedPodcast: PodcastItem? {
        guard view == .library, podcasts.indices.contains(cursor.selected) else { return nil }
        return podcasts[cursor.selected]
    }
}
