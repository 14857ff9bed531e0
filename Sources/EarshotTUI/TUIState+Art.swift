/// Cover art on the episode page: a box at the top right, beside the page's lines, on a screen of at
/// least 80 × 24 (a smaller one shows the lines alone).
extension TUIState {
    /// The smallest screen that shows cover art.
    public static let artMinimum = (width: 80, height: 24)

    /// The art of `episode`'s page (nil: it has none, or it could not be read); an answer for a page no
    /// longer open is dropped.
    public mutating func receiveArt(_ picture: ArtPicture?, of episode: Int64) {
        guard case .episode(let shown) = view, shown.id == episode else { return }
        art = picture
        artEpisode = episode
        page = Self.wrap(pageSource, to: pageWidth)
        resizeCursor(of: view, to: page.count)
    }

    /// Where the art goes, when the open view is its episode's page and the screen is big enough.
    var artPlacement: ArtPlacement? {
        guard case .episode(let shown) = view, shown.id == artEpisode, let art,
              width >= Self.artMinimum.width, height >= Self.artMinimum.height, art.rows <= listHeight else { return nil }
        return ArtPlacement(row: 1, column: width - art.columns - 1, picture: art)
    }

    /// The width the page's lines are wrapped to: the screen's, less the art's box and a gap beside it.
    var pageWidth: Int {
        guard let placement = artPlacement else { return width }
        return placement.column - 1
    }
}
