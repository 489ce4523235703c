import AlmanacModel

/// What every format shows of a page besides its rows, decided once per page, so the HTML page
/// and its Markdown twin cannot disagree: which sections the index lists, whether there is an
/// index at all, and which fields each row shows. (Section titles, ids, headers and footers are
/// decided in the model already.)
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

    public init(_ page: Page) {
        index = page.sections.enumerated().compactMap { position, section in
            section.title.isEmpty ? nil : IndexEntry(section: position, title: section.title, id: section.id, isEmpty: section.isEmpty)
        }
        hasIndex = page.settings.index != .off && index.count > 1 && index.contains { !$0.isEmpty }
        fields = page.settings.fields
        isCompactIndex = page.sections.allSatisfy { $0.title.count <= 2 }
    }
}
