import Foundation

/// The feeds an OPML file lists, as `earshot import` needs them: their URLs, in document order,
/// and a few words for each entry that could not be used.
///
/// This file is the one boundary between the command line and the OPML reader. Until EarshotFeed's
/// reader (`OPMLDocument.parse(_:) throws(OPMLError) -> [OPMLFeed]`) is merged, a minimal private
/// stand-in reads the `xmlUrl` of every `outline`; merging replaces `StandInOPML` with that call.
struct OPMLInput: Equatable {
    var feeds: [URL]
    var skipped: [String]

    /// Reads an OPML document; throws a `CommandFailure` (without the file's name) when it is not one.
    static func read(_ bytes: [UInt8]) throws -> OPMLInput {
        try StandInOPML.parse(bytes)
    }
}

/// The stand-in reader: `<outline … xmlUrl="…">` attributes, the five XML entities and character
/// references decoded. No DTDs, no nesting rules, no encodings but UTF-8.
private enum StandInOPML {
    static func parse(_ bytes: [UInt8]) throws -> OPMLInput {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.range(of: "<opml", options: .caseInsensitive) != nil else {
            throw CommandFailure("not an OPML document")
        }
        var input = OPMLInput(feeds: [], skipped: [])
        for tag in text.matches(of: /<outline\b[^>]*>/.ignoresCase()) {
            let attributes = Dictionary(
                tag.output.matches(of: /([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/).map {
                    (String($0.output.1).lowercased(), decode(String($0.output.2 ?? $0.output.3 ?? "")))
                }, uniquingKeysWith: { first, _ in first })
            guard let address = attributes["xmlurl"]?.trimmingCharacters(in: .whitespacesAndNewlines) else { continue }
            if let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) {
                input.feeds.append(url)
            } else {
                input.skipped.append("“\(attributes["text"] ?? attributes["title"] ?? address)”: “\(address)” is not a feed URL")
            }
        }
        return input
    }

    private static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") || name.hasPrefix("#X")
                ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
