import CEarshot
import CLibXML2
import Foundation

/// Finds the feeds a web page announces: every `<link>` whose `rel` has the token `alternate` and whose
/// `type` is `application/rss+xml` or `application/atom+xml`, in page order, each once, its `href`
/// resolved against the page's `<base href>` (itself resolved against the page's address) or the
/// page's address; only http and https feeds count (`feed://` reads as http).
///
/// The page is read by libxml2's HTML parser, which takes real-world HTML as browsers do (unclosed and
/// misnested tags, attributes without quotes, any case), never touches the network, and reports
/// nothing to stderr; the tree is walked without recursion, so no nesting can exhaust the stack. The
/// parser reads the page up to the first tag with too many attributes (`HTMLAttributeGuard`).
public enum FeedLinkReader {
    /// The most feed links one page yields.
    public static let maximumLinks = 50

    /// The feeds `html` (the page at `page`) links to; `charset` is HTTP's, used when the page names none.
    public static func links(in html: [UInt8], page: URL, charset: String? = nil) -> [FeedLink] {
        let readable = HTMLAttributeGuard.readableLength(of: html)
        guard readable > 0, readable < Int(Int32.max) else { return [] }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue)
        let document = withLibXML2Errors(to: nil, Self.ignoreError) { () -> htmlDocPtr? in
            html.withUnsafeBufferPointer { bytes in
                UnsafeBufferPointer(rebasing: bytes[..<readable]).withMemoryRebound(to: CChar.self) { text in
                    htmlReadMemory(text.baseAddress, Int32(text.count), page.absoluteString, charset, options)
                        ?? htmlReadMemory(text.baseAddress, Int32(text.count), page.absoluteString, nil, options)
                }
            }
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var found: [(href: String, title: String?)] = []
        var base: String?
        forEachElement(in: document) { element in
            switch name(of: element) {
            case "base":
                if base == nil { base = attribute("href", of: element) }
            case "link" where isFeedLink(element):
                if let href = attribute("href", of: element), found.count < 4 * maximumLinks {
                    found.append((href, attribute("title", of: element)))
                }
            default:
                break
            }
        }
        let root = base.flatMap { URL(string: $0, relativeTo: page)?.absoluteURL } ?? page
        var seen = Set<URL>()
        var links: [FeedLink] = []
        for (href, title) in found where links.count < maximumLinks {
            guard let absolute = URL(string: WebAddress.unaliased(href), relativeTo: root)?.absoluteString,
                  let url = WebAddress.http(absolute), seen.insert(url).inserted else { continue }
            links.append(FeedLink(url: url, title: title.map(collapsed).flatMap { $0.isEmpty ? nil : $0 }))
        }
        return links
    }

    private static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml"]

    private static func isFeedLink(_ element: xmlNodePtr) -> Bool {
        guard let rel = attribute("rel", of: element), let type = attribute("type", of: element) else { return false }
        let tokens = rel.lowercased().split(whereSeparator: \.isWhitespace)
        let mediaType = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        return tokens.contains("alternate") && feedTypes.contains(mediaType)
    }

    /// Calls `visit` with every element in document order, walking the tree with its parent links.
    private static func forEachElement(in document: htmlDocPtr, _ visit: (xmlNodePtr) -> Void) {
        var node = document.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE { visit(current) }
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            var climbing: xmlNodePtr? = current
            node = nil
            while let step = climbing {
                if let next = step.pointee.next {
                    node = next
                    break
                }
                climbing = step.pointee.parent.flatMap { $0.pointee.type == XML_ELEMENT_NODE ? $0 : nil }
            }
        }
    }

    /// The element's name in lower case (the HTML parser lowers it already).
    private static func name(of element: xmlNodePtr) -> String {
        element.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    /// The value of the attribute `name` of `element` (its text children joined), when it has it.
    private static func attribute(_ name: String, of element: xmlNodePtr) -> String? {
        var property = element.pointee.properties
        while let current = property {
            if let attributeName = current.pointee.name, String(cString: attributeName).lowercased() == name {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            property = current.pointee.next
        }
        return nil
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// libxml2's context-free errors during the parse go nowhere (the page is read for its links only).
    private static let ignoreError: earshot_xml_error_handler = { _, _ in }
}
