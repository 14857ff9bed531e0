import EarshotLocale
import Foundation

/// Reads a Podcasting 2.0 chapters file, the JSON document `podcast:chapters` points to:
/// `{"version": "1.2.0", "chapters": [{"startTime": 0, "title": "…", "url": "…", "img": "…", "toc": false}]}`.
///
/// Chapters come out by start, earliest first. Those marked `"toc": false` (meant to change the artwork or
/// link while playing, not to be listed) are left out. `version`, `chapters` and each chapter's
/// `startTime` are required, as the format says; an optional field of the wrong kind (a numeric title)
/// is ignored, and fields the format does not define too.
public enum ChaptersDocument {
    /// The chapters listed in `bytes`, or why the document is not a chapters file.
    public static func parse(_ bytes: [UInt8]) throws(ChaptersDocumentError) -> [Chapter] {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ChaptersDocumentError(error)
        } catch {
            throw .notJSON
        }
        let listed = document.chapters.filter { $0.toc != false }.map { entry in
            Chapter(start: entry.startTime, title: entry.title ?? "", link: entry.url, image: entry.img)
        }
        return Chapter.ordered(listed)
    }

    private struct Document: Decodable {
        let version: String
        let chapters: [Entry]
    }

    private struct Entry: Decodable {
        let startTime: Double
        let title: String?
        let url: URL?
        let img: URL?
        let toc: Bool?

        private enum Key: String, CodingKey { case startTime, title, url, img, toc }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            startTime = try fields.decode(Double.self, forKey: .startTime)
            guard EpisodeTime.checked(startTime) != nil else {
                throw DecodingError.dataCorruptedError(forKey: .startTime, in: fields, debugDescription: "negative or beyond any episode")
            }
            title = try? fields.decodeIfPresent(String.self, forKey: .title)
            url = Self.link(try? fields.decodeIfPresent(String.self, forKey: .url))
            img = Self.link(try? fields.decodeIfPresent(String.self, forKey: .img))
            toc = try? fields.decodeIfPresent(Bool.self, forKey: .toc)
        }

        private static func link(_ text: String?) -> URL? {
            guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
            return URL(string: String(text))
        }
    }
}

/// Why a document is not a Podcasting 2.0 chapters file, in words a person can act on.
public enum ChaptersDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON at all.
    case notJSON
    /// A field the format requires is absent: `version`, `chapters`, or `startTime` of a chapter.
    case missing(field: String, chapter: Int?)
    /// A required field holds the wrong kind of value (a text `startTime`, a negative one or one beyond
    /// any episode, a `chapters` that is not a list…).
    case unreadable(field: String, chapter: Int?)

    init(_ error: DecodingError) {
        func place(_ path: [CodingKey], _ key: CodingKey?) -> (String, Int?) {
            let chapter = path.compactMap(\.intValue).first.map { $0 + 1 }
            let field = key?.stringValue ?? path.last(where: { $0.intValue == nil })?.stringValue ?? "document"
            return (field, chapter)
        }
        switch error {
        case .keyNotFound(let key, let context):
            let (field, chapter) = place(context.codingPath, key)
            self = .missing(field: field, chapter: chapter)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let (field, chapter) = place(context.codingPath, nil)
            self = context.codingPath.isEmpty ? .unreadable(field: "document", chapter: nil) : .unreadable(field: field, chapter: chapter)
        case .dataCorrupted(let context):
            self = context.codingPath.isEmpty ? .notJSON : .unreadable(field: place(context.codingPath, nil).0,
                                                                       chapter: place(context.codingPath, nil).1)
        @unknown default:
            self = .notJSON
        }
    }

    public var description: String {
        switch self {
        case .notJSON:
            return tr("the chapters file is not JSON")
        case .missing(let field, nil):
            return tr("the chapters file has no \"%s\"", "\(field)")
        case .missing(let field, let chapter?):
            return tr("chapter %1$s of the chapters file has no \"%2$s\"", "\(chapter)", "\(field)")
        case .unreadable("document", nil):
            return tr("the chapters file is JSON, but not an object with a list of chapters")
        case .unreadable(let field, nil):
            return tr("the chapters file's \"%s\" is not what the format expects", "\(field)")
        case .unreadable(let field, let chapter?):
            return tr("chapter %1$s of the chapters file has a \"%2$s\" that is not what the format expects", "\(chapter)", "\(field)")
        }
    }
}
