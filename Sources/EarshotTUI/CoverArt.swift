import CChafa
import CGdkPixbuf

/// Cover art turned into character cells: the image file decoded by gdk-pixbuf (scaled while it is
/// read), then drawn by libchafa with blocks, half-blocks and spaces in the terminal's colours.
public enum CoverArt {
    /// The box the art is drawn in on the episode page, in cells.
    public static let box = (columns: 16, rows: 8)

    /// `file` (a local image) as at most `columns` × `rows` cells keeping its shape (a cell is about
    /// twice as tall as wide), or nil when the file is missing or not an image gdk-pixbuf reads.
    public static func picture(of file: String, columns: Int = box.columns, rows: Int = box.rows, colours: ArtColours) -> ArtPicture? {
        var error: UnsafeMutablePointer<GError>?
        guard columns > 0, rows > 0,
              let pixbuf = gdk_pixbuf_new_from_file_at_scale(file, Int32(columns * 8), Int32(rows * 16), 1, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, gdk_pixbuf_get_n_channels(pixbuf) == (alpha ? 4 : 3),
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var cellColumns = Int32(columns), cellRows = Int32(rows)
        chafa_calc_canvas_geometry(width, height, &cellColumns, &cellRows, 0.5, 0, 0)
        guard let canvas = canvas(columns: max(1, cellColumns), rows: max(1, cellRows), colours: colours) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        chafa_canvas_draw_all_pixels(canvas, alpha ? CHAFA_PIXEL_RGBA8_UNASSOCIATED : CHAFA_PIXEL_RGB8, pixels, width, height,
                                     gdk_pixbuf_get_rowstride(pixbuf))
        return cells(of: canvas, columns: max(1, cellColumns), rows: max(1, cellRows), colours: colours)
    }

    private static func canvas(columns: Int32, rows: Int32, colours: ArtColours) -> OpaquePointer? {
        guard let config = chafa_canvas_config_new(), let symbols = chafa_symbol_map_new() else { return nil }
        defer { chafa_canvas_config_unref(config); chafa_symbol_map_unref(symbols) }
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        chafa_canvas_config_set_symbol_map(config, symbols)
        chafa_canvas_config_set_geometry(config, columns, rows)
        let mode = switch colours {
        case .direct: CHAFA_CANVAS_MODE_TRUECOLOR
        case .indexed256: CHAFA_CANVAS_MODE_INDEXED_256
        case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
        }
        chafa_canvas_config_set_canvas_mode(config, mode)
        return chafa_canvas_new(config)
    }

    /// The canvas's cells: packed colours with direct colour, palette indexes otherwise; a transparent
    /// colour (negative, or an index past the palette) is the terminal's own.
    private static func cells(of canvas: OpaquePointer, columns: Int32, rows: Int32, colours: ArtColours) -> ArtPicture? {
        var cells: [ArtCell] = []
        for row in 0..<rows {
            for column in 0..<columns {
                var foreground: Int32 = -1, background: Int32 = -1
                if colours == .direct {
                    chafa_canvas_get_colors_at(canvas, column, row, &foreground, &background)
                } else {
                    chafa_canvas_get_raw_colors_at(canvas, column, row, &foreground, &background)
                }
                let limit: Int32 = colours == .direct ? 0xFFFFFF : colours == .indexed256 ? 255 : 15
                let symbol = Unicode.Scalar(chafa_canvas_get_char_at(canvas, column, row)).map(Character.init) ?? " "
                cells.append(ArtCell(symbol: symbol, foreground: (0...limit).contains(foreground) ? foreground : -1,
                                     background: (0...limit).contains(background) ? background : -1))
            }
        }
        return ArtPicture(columns: Int(columns), rows: Int(rows), cells: cells)
    }
}
