import AlmanacCommonMark
import AlmanacModel

/// A page's prose as its formats show it: safe HTML for the web page, cleaned Markdown for
/// the Markdown twin. Made by cmark here, in the render stage, from the Markdown the model
/// holds; once per page (`PageView`).
public struct ProseText: Sendable, Equatable {
    public let html: String
    public let markdown: String

    public init(html: String, markdown: String) {
        self.html = html
        self.markdown = markdown
    }

    /// `allowsUnsafe`: the page's `unsafe: true`, which lets raw HTML through.
    public init(_ prose: Prose, allowsUnsafe: Bool) {
        if prose.isEmpty {
            self = .empty
            return
        }
        let rendered = MarkdownRenderer(allowsUnsafe: allowsUnsafe).render(prose.markdown)
        self.init(html: rendered.html, markdown: rendered.markdown)
    }

    public static let empty = ProseText(html: "", markdown: "")
}
