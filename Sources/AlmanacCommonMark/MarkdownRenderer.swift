import CCmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Renders Markdown prose with libcmark, the only home of cmark pointers in the project.
///
/// Safe by default: raw HTML is dropped and `javascript:`-style links are emptied, both in the
/// HTML and in the Markdown that goes into `PAGE.md`, unless a page opts in with `unsafe: true`.
/// Smart punctuation is off, so the prose keeps the quotes its author typed.
public struct MarkdownRenderer: Sendable {
    /// One parse, three results: HTML for the web page, cleaned Markdown for the Markdown twin,
    /// and the heading texts whose anchors section ids must avoid.
    public struct Rendered: Sendable, Equatable {
        public let html: String
        public let markdown: String
        public let headings: [String]
    }

    public let allowsUnsafe: Bool

    public init(allowsUnsafe: Bool = false) {
        self.allowsUnsafe = allowsUnsafe
    }

    public func render(_ markdown: String) -> Rendered {
        guard let parsed = parse(markdown, collectingHeadings: true) else {
            return Rendered(html: "", markdown: "", headings: [])
        }
        defer { cmark_node_free(parsed.document) }
        let html = Self.take(cmark_render_html(parsed.document, options))
        // The Markdown twin: the same tree without what safe mode keeps out of the HTML.
        for node in parsed.unsafeNodes {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        let cleaned = Self.take(cmark_render_commonmark(parsed.document, options, 0))
        return Rendered(html: html, markdown: cleaned, headings: parsed.headings)
    }

    /// The heading texts whose anchors section ids must avoid, and whether the prose has any
    /// block at all: what the model needs of it, without rendering it.
    public func outline(_ markdown: String) -> (headings: [String], isEmpty: Bool) {
        guard let parsed = parse(markdown, collectingHeadings: true) else { return ([], true) }
        defer { cmark_node_free(parsed.document) }
        return (parsed.headings, cmark_node_first_child(parsed.document) == nil)
    }

    /// The HTML alone, for a Markdown field on a detail page: a row's text needs neither a
    /// Markdown twin nor heading anchors, and a large site renders one per row.
    public func html(_ markdown: String) -> String {
        guard let parsed = parse(markdown, collectingHeadings: false) else { return "" }
        defer { cmark_node_free(parsed.document) }
        return Self.take(cmark_render_html(parsed.document, options))
    }

    private var options: Int32 {
        allowsUnsafe ? CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_UNSAFE : CMARK_OPT_VALIDATE_UTF8
    }

    /// Parses and makes the tree safe: unsafe link and image URLs are emptied here; raw HTML
    /// nodes are returned, since cmark's own safe mode drops them from the HTML.
    private func parse(_ markdown: String, collectingHeadings: Bool) -> (document: OpaquePointer, headings: [String], unsafeNodes: [OpaquePointer])? {
        let utf8 = Array(markdown.utf8)
        let options = self.options
        guard let document = utf8.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
        }) else {
            return nil
        }
        var headings: [String] = []
        var unsafeNodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                if collectingHeadings { headings.append(Self.plainText(node)) }
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if !allowsUnsafe { unsafeNodes.append(node) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if !allowsUnsafe, let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                   !URLSafety.isSafe(url, isImage: cmark_node_get_type(node) == CMARK_NODE_IMAGE) {
                    cmark_node_set_url(node, "")
                }
            default:
                break
            }
        }
        return (document, headings, unsafeNodes)
    }

    /// The text inside a node, as GitHub sees it when it computes a heading's anchor.
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(child) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    /// Copies a string cmark allocated and frees it.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// Which URLs may be links or images: http(s), mailto, relative paths and fragments, and for
/// images `data:image/…` (not SVG, which can carry script). The same rule cmark applies to links
/// in safe mode, stated once for every place a URL lands.
public enum URLSafety {
    public static func isSafe(_ url: String, isImage: Bool = false) -> Bool {
        let trimmed = url.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        // A colon after a slash, `?` or `#` belongs to a path or query, not to a scheme.
        if let boundary = trimmed.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), boundary < colon {
            return true
        }
        let scheme = trimmed[..<colon].lowercased()
        switch scheme {
        case "http", "https", "mailto", "tel": return true
        case "data":
            let rest = trimmed[trimmed.index(after: colon)...].lowercased()
            return isImage && rest.hasPrefix("image/") && !rest.hasPrefix("image/svg")
                && ["png", "gif", "jpeg", "jpg", "webp", "avif"].contains(where: { rest.hasPrefix("image/\($0)") })
        default: return false
        }
    }
}
