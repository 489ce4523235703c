import AlmanacCore

/// A page ready to render: sections of rows, in order, with everything decided. Renderers only
/// lay it out; they never sort, group or choose.
public struct Page: Sendable {
    /// The output name, e.g. `states` for `states.html`, `states.md`, `states.json`.
    public let name: String
    public let title: String
    public let settings: PageSettings
    public let prose: Prose
    public let sections: [Section]
    /// The anchor of the page's own title heading, for the Markdown index line.
    public let titleAnchor: String
    /// The field whose value names each row.
    public let labelField: String
    /// The fields search looks in, in order; empty when search is off.
    public let searchFields: [String]
    /// Where the page came from, for errors found while rendering.
    public let source: SourceLocation
    /// Rows in all sections. Counted once: renderers ask for it (and for `isSplit`) on every
    /// detail page, and counting walks every section.
    public let rowCount: Int
    /// Whether the HTML listing is split into a page per section.
    public let isSplit: Bool
    /// A test report compared with an earlier run (`--baseline`).
    public var comparison: BaselineComparison?
    /// A test report's runs over time (`--history`).
    public var trend: TestTrend?
    /// A test report's tests and runs, as the summary and the gate count them.
    public var tally: TestTally?
    /// The filters and orders a reader may choose (`filters:`, `sortable:`).
    public var facets: Facets?
    /// The words around the data, in the page's locale, with its plural rules and numbers.
    public let strings: InterfaceStrings
    public var locale: LocaleTag { strings.locale }

    public init(
        name: String, title: String, settings: PageSettings, prose: Prose, sections: [Section], titleAnchor: String, labelField: String, searchFields: [String] = [],
        source: SourceLocation, strings: InterfaceStrings = StringsCatalog.english
    ) {
        self.name = name
        self.strings = strings
        self.title = title
        self.settings = settings
        self.prose = prose
        self.sections = sections
        self.titleAnchor = titleAnchor
        self.labelField = labelField
        self.searchFields = searchFields
        self.source = source
        let rowCount = sections.reduce(0) { $0 + $1.rows.count }
        self.rowCount = rowCount
        isSplit = settings.splitThreshold.map { rowCount > $0 && sections.filter { !$0.isEmpty }.count > 1 } ?? false
    }


    public var hasSearch: Bool { !searchFields.isEmpty && rowCount > 0 }

    /// Every row with its section, in page order.
    public var rows: [(section: Section, row: Row)] {
        sections.flatMap { section in section.rows.map { (section, $0) } }
    }
}

extension Page {
    /// A value of `field` as the page says it (`InterfaceStrings.words`).
    public func words(for value: String, in field: String) -> String {
        strings.words(for: value, in: field, settings: settings)
    }
}

/// A group of rows under one heading, like a table view's section.
public struct Section: Sendable {
    /// The heading: an index letter, a field value, a year, or the title from pre-grouped data.
    public let title: String
    /// Unique within the page and equal to GitHub's anchor for the heading where it has one.
    public let id: String
    public let rows: [Row]
    /// Whether `id` is the anchor GitHub gives the heading: not when the heading has no letters
    /// to make one of, or when GitHub's would be an id the page itself uses (a section called
    /// "Main"); the Markdown then names the anchor itself.
    public let hasGitHubAnchor: Bool
    /// What the section's rows share, as the data says it (`failed`): the title, unless the
    /// page names the value in its own words (a test report's outcomes, `fehlgeschlagen`).
    public let value: String

    public init(title: String, id: String, rows: [Row], hasGitHubAnchor: Bool = true, value: String? = nil) {
        self.title = title
        self.id = id
        self.rows = rows
        self.hasGitHubAnchor = hasGitHubAnchor
        self.value = value ?? title
    }

    public var isEmpty: Bool { rows.isEmpty }
}

/// The ids an HTML page uses for its own parts, which no section may take: its main content,
/// the list, the search field, the section index, the page's words and a report's trend
/// caption, and the rows and their sections' bodies (`row-…`, `rows-…`).
public enum PageChrome {
    public static let ids: Set<String> = ["main", "list", "search-field", "section-index", "almanac-words", "almanac-search-data", "trend-caption"]
    public static let idPrefixes = ["row-", "rows-"]
}

/// One record as the page shows it.
///
/// A class, not a struct: rows are read everywhere and never changed, and copying a reference
/// costs one retain where a struct of strings and a record costs several.
public final class Row: Sendable {
    public let label: String
    public let record: Record
    /// Unique within the page: the row's detail page name and anchor.
    public let slug: String

    public init(label: String, record: Record, slug: String) {
        self.label = label
        self.record = record
        self.slug = slug
    }
}

/// A page's Markdown prose as the model needs it: the source, which the render stage turns
/// into HTML and a Markdown twin, and its headings, whose anchors the section ids must not
/// repeat. The model holds no HTML.
public struct Prose: Sendable {
    public let markdown: String
    public let headings: [String]
    /// The prose has no block at all (nothing, blank lines, link definitions): the page
    /// shows none.
    public let isEmpty: Bool

    public init(markdown: String, headings: [String], isEmpty: Bool) {
        self.markdown = markdown
        self.headings = headings
        self.isEmpty = isEmpty
    }

    public static let empty = Prose(markdown: "", headings: [], isEmpty: true)
}
