import AlmanacModel
import AlmanacTemplate

/// What every format shows of a page besides its rows, decided once per page, so the HTML page
/// and its Markdown twin cannot disagree: the prose as HTML and Markdown, each section's
/// header and footer, which sections the index lists, whether there is an index at all, and
/// which fields each row shows. (Section titles and ids are decided in the model.)
public struct PageView: Sendable {
    public struct IndexEntry: Sendable {
        public let section: Int
        public let title: String
        public let id: String
        /// Listed but without rows (with `index: full`): disabled in HTML, left out of Markdown.
        public let isEmpty: Bool
    }

    /// Every titled section, in order.
    public let index: [IndexEntry]
    /// One rule for every format: the page asks for an index, it has more than one titled
    /// section, and at least one of them has rows.
    public let hasIndex: Bool
    /// The fields each row shows besides its label, in order.
    public let fields: [String]
    /// Every section title is a letter or two (`A`, `Ch`), so the index can be a narrow strip.
    public let isCompactIndex: Bool
    /// `layout: table`: the shown fields whose every value is a number, right-aligned. Found
    /// here, once: a split page renders its table on every section page.
    public let numericFields: Set<String>
    /// The prose, rendered by cmark.
    public private(set) var prose: ProseText
    /// The page's header and footer templates, parsed once.
    public let header: SectionText?
    public let footer: SectionText?
    /// Each section's header and footer, filled in; nil where the page sets none or it
    /// comes out empty.
    public let headers: [String?]
    public let footers: [String?]

    public init(_ page: Page) {
        prose = ProseText(page.prose, allowsUnsafe: page.settings.allowsUnsafeMarkdown)
        // `SectionText.check` reported a header that cannot be parsed before the page was built.
        header = page.settings.header.flatMap { try? SectionText($0) }
        footer = page.settings.footer.flatMap { try? SectionText($0) }
        headers = page.sections.map { [header] section in header?.text(title: section.title, count: section.rows.count) }
        footers = page.sections.map { [footer] section in footer?.text(title: section.title, count: section.rows.count) }
        index = page.sections.enumerated().compactMap { position, section in
            section.title.isEmpty ? nil : IndexEntry(section: position, title: section.title, id: section.id, isEmpty: section.isEmpty)
        }
        hasIndex = page.settings.index != .off && index.count > 1 && index.contains { !$0.isEmpty }
        fields = page.settings.fields
        isCompactIndex = page.sections.allSatisfy { $0.title.count <= 2 }
        numericFields = page.settings.layout == .table ? Self.numericFields(page.settings.fields, of: page) : []
    }

    /// Fields with at least one number and nothing else but blanks.
    static func numericFields(_ fields: [String], of page: Page) -> Set<String> {
        var numeric = Set(fields)
        var seenNumber = Set<String>()
        for section in page.sections {
            for row in section.rows {
                for (field, value) in zip(fields, row.record.values(fields)) where numeric.contains(field) {
                    switch value {
                    case .number?: seenNumber.insert(field)
                    case .null?, nil: break
                    case .string(let text)? where text.isEmpty: break
                    default: numeric.remove(field)
                    }
                }
            }
        }
        return numeric.intersection(seenNumber)
    }

    /// The same view with other prose: where the prose lands is found by rendering a marker
    /// in its place (`ProseSplice`).
    func replacingProse(_ prose: ProseText) -> PageView {
        var view = self
        view.prose = prose
        return view
    }
}
