import AlmanacTemplate

/// An output format as data: what a page is written as, under which name, escaped how, from
/// which templates. Every path, twin link and escaping decision for a format comes from its
/// entry here, so a new format is one entry in `all` plus its templates.
///
/// A class: formats are the few entries of one table, and a build refers to one from each of
/// 100,000 output units, so a reference is what a unit should hold.
public final class OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// How a format's listing is made: from templates over the page's view, or by a writer
    /// of its own (JSON is data, not a document).
    public enum Rendering: Sendable, Hashable {
        /// The HTML view: layout, links, rows with their pictures and accessories.
        case htmlTemplates
        /// The document view shared by text formats: title, prose, index line, sections.
        case documentTemplates
        /// The JSON twin, written by `PageJSON`.
        case json
        /// The rows alone, written by `PageRows`.
        case rows(PageRows.Format)
    }

    /// The name `--format` takes, e.g. `md`.
    public let name: String
    /// The file name suffix: `states.md`.
    public let suffix: String
    public let mediaType: String
    public let rendering: Rendering
    /// `page.<template>.mustache` and `index.<template>.mustache` render it.
    public let template: String
    /// An alternative of the HTML page, linked from it ("Also as Markdown").
    public let isTwin: Bool
    /// The name a person reads in "Also as …".
    public let displayName: String
    /// How `{{value}}` is escaped in this format's templates.
    public let contentType: ContentType

    public var description: String { name }

    /// Formats are told apart by name; the table holds each once.
    public static func == (first: OutputFormat, second: OutputFormat) -> Bool { first.name == second.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    init(
        name: String, suffix: String, mediaType: String, rendering: Rendering, template: String, isTwin: Bool,
        displayName: String, contentType: ContentType
    ) {
        self.name = name
        self.suffix = suffix
        self.mediaType = mediaType
        self.rendering = rendering
        self.template = template
        self.isTwin = isTwin
        self.displayName = displayName
        self.contentType = contentType
    }

    public static let html = OutputFormat(
        name: "html", suffix: "html", mediaType: "text/html", rendering: .htmlTemplates, template: "html", isTwin: false,
        displayName: "HTML", contentType: .html)
    public static let markdown = OutputFormat(
        name: "md", suffix: "md", mediaType: "text/markdown", rendering: .documentTemplates, template: "md", isTwin: true,
        displayName: "Markdown", contentType: MarkdownEscape.contentType)
    public static let json = OutputFormat(
        name: "json", suffix: "json", mediaType: "application/json", rendering: .json, template: "", isTwin: true,
        displayName: "JSON", contentType: .text)

    public static let csv = OutputFormat(
        name: "csv", suffix: "csv", mediaType: "text/csv", rendering: .rows(.csv), template: "", isTwin: true,
        displayName: "CSV", contentType: .text)
    public static let ndjson = OutputFormat(
        name: "ndjson", suffix: "ndjson", mediaType: "application/x-ndjson", rendering: .rows(.ndjson), template: "", isTwin: true,
        displayName: "NDJSON", contentType: .text)

    /// Every format a build writes, in the order pages are written and twins are listed.
    public static let all: [OutputFormat] = [.html, .markdown, .json, .csv, .ndjson]

    public static func named(_ name: String) -> OutputFormat? {
        all.first { $0.name == name }
    }

    /// Written by a writer of its own from the page's data, not from templates: no prose, no
    /// home page.
    public var isData: Bool {
        switch rendering {
        case .json, .rows: return true
        case .htmlTemplates, .documentTemplates: return false
        }
    }

    /// The home page is a document of links to the pages; data formats describe data pages only.
    public var rendersHome: Bool { !isData }

    public var listingTemplate: String { "page.\(template).mustache" }
    public var homeTemplate: String { "index.\(template).mustache" }
}
