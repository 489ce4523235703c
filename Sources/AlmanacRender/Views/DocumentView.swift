import AlmanacModel

/// A page as a document (`page.md.mustache`, Markdown): the same page as HTML shows, without
/// the browser's parts.
struct DocumentView {
    let title: String
    let name: String
    let summary: String?
    let prose: String
    let hasProse: Bool
    let hasIndex: Bool
    /// Sections with rows only: an empty one has no heading to link to.
    let index: [IndexLink]
    let sections: [Section]
    /// Rows show fields besides their label, so the rows are a table.
    let isTable: Bool
    let labelHeading: String
    let columns: [String]
    let count: Int
    /// The page's words (`*No rows.*`).
    let strings: InterfaceStrings

    struct IndexLink {
        let title: String
        let anchor: String
    }

    /// One section (`partials/section.md.mustache`). Its rows are made as the template reaches
    /// them: a page of a million rows renders without a million row views at once.
    struct Section {
        let title: String
        let id: String
        let anchor: String
        /// A title with nothing to make a heading's anchor from gets one written out.
        let needsExplicitAnchor: Bool
        let header: String
        let footer: String
        let count: Int
        let rows: @Sendable (Int) -> Row
        let isFirst: Bool
    }

    /// One row (`partials/row.md.mustache`): its label and each shown field's text.
    struct Row: Sendable {
        let label: String
        let fields: [(name: String, value: String)]
    }
}
