import Foundation

/// Writes an OPML 2.0 subscription list: UTF-8, every attribute value and text escaped so any title or
/// address reads back exactly (characters XML 1.0 cannot hold are dropped).
enum OPMLWriter {
    static func render(title: String, feeds: [OPMLFeed], created: Date) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escape(title, attribute: false))</title>
                <dateCreated>\(RFC822Text.string(from: created))</dateCreated>
              </head>
              <body>

            """
        for feed in feeds {
            out += "    <outline type=\"rss\" text=\"\(escape(feed.title ?? feed.url.absoluteString, attribute: true))\""
            if let title = feed.title { out += " title=\"\(escape(title, attribute: true))\"" }
            out += " xmlUrl=\"\(escape(feed.url.absoluteString, attribute: true))\""
            if let page = feed.htmlURL { out += " htmlUrl=\"\(escape(page.absoluteString, attribute: true))\"" }
            out += "/>\n"
        }
        out += "  </body>\n</opml>\n"
        return out
    }

    /// `text` with `&`, `<`, `>` escaped, and in an attribute also `"` and the white space that
    /// attribute normalisation would turn into spaces (tab, line feed, carriage return); DEL, C1 controls
    /// and bidi formatting characters (`SafeText`) as character references, so the file reads back exactly
    /// and shows inert on a terminal; characters XML cannot hold are dropped.
    static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            default:
                guard isXMLCharacter(scalar) else { continue }
                if SafeText.isActive(scalar) {
                    out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"  // exact, and inert on a terminal
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether XML 1.0 can hold `scalar` (its `Char` production).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
