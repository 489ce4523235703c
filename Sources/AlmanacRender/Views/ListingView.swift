/// A listing page (`page.html.mustache`): the whole table, the front of a table split into a
/// page per section, or one of those sections' pages.
struct ListingView {
    var layout: LayoutView
    var title: String
    var name: String
    /// A test report's one-line summary.
    var summary: String?
    /// A compared report's removed and slower tests.
    var comparison: ComparisonText? = nil
    /// A test report's runs over time, drawn.
    var trend: TrendChart? = nil
    /// A test report's slowest tests and each suite's time.
    var times: TestTimes? = nil
    /// Where the search form goes without script: the listing itself.
    var action: String
    var prose: String
    var hasProse: Bool
    /// On a section's page: the front of the table, and the section pages before and after.
    var front: String?
    var sectionNavigation: Pager?
    var sections: [SectionView]
    /// On the front of a split table: each section with rows and its page.
    var directory: [DirectoryEntry]
    var isSplit: Bool
    var hasIndex: Bool
    var isCompactIndex: Bool
    var index: [IndexLink]
    var isGrouped: Bool
    var isCollapsible: Bool
    var hasSearch: Bool
    var count: Int
    /// The script the page loads for its search data: the data itself, or on a split page
    /// its entry (`PagePaths.searchEntry`), which the page asks for past any cache.
    var searchData: String?
    var isSearchEntry: Bool
    /// The other formats written beside the page.
    var twins: [LinkView]
    /// The filter panel and Sort by control, when the page offers them.
    var browse: BrowseView? = nil
    /// A split page's filter and order data: its entry (`PagePaths.browseEntry`).
    var browseData: String? = nil
    /// `layout: table`: the table's columns; empty for a list.
    var columns: [ColumnHeading] = []

    struct Pager {
        var previous: LinkView?
        var next: LinkView?
    }

    struct DirectoryEntry {
        let title: String
        let href: String
        let count: Int
        let parts: [PartLink]
    }

    /// One page of a section too long for one.
    struct PartLink {
        let guide: String
        let href: String
        /// Whether it is the page showing it (only in a section's own list of its pages).
        let isCurrent: Bool
    }

    /// An entry of the section index; `short` is its phone-strip form, when that differs.
    struct IndexLink {
        let title: String
        let id: String
        let isEmpty: Bool
        let href: String
        let short: String?
    }
}

/// One section of a listing (`partials/section.html.mustache`).
struct SectionView {
    let id: String
    let title: String
    let header: String
    /// Empty except on a long section's last page.
    let footer: String
    let count: Int
    let rows: [RowView]
    let parts: [ListingView.PartLink]
    /// What the links to a long section's pages are called (`Pages of A`).
    let partsLabel: String
    /// A test report's outcome the section holds, marked by the stylesheet (`StatusMark`).
    let status: String?
    /// The header and footer as search re-renders them for the rows it shows.
    let headerCounts: CountedText?
    let footerCounts: CountedText?
    /// A large report's plain rows as data for the page's script, in place of `rows`
    /// (`RowData`).
    var rowData: String?

    /// A text for one row and for any other number, `BrowserContract.countToken` in its place.
    struct CountedText {
        let one: String
        let many: String
    }
}

/// One row of a listing (`partials/row.html.mustache`).
struct RowView: Sendable {
    let id: String
    let number: Int
    let label: String
    let isLabelSearched: Bool
    let fields: [FieldCell]
    /// With more than one value in a row, each says what it is.
    let namesFields: Bool
    /// The row's detail page.
    var href: String?
    var image: String?
    /// A single file has no detail pages: the row opens in place to show the same fields.
    var inlineDetail: [DetailView.Field]?
    /// What the button that opens `inlineDetail` is called: `Details: Alabama`, so that a list
    /// of them does not read as "Details, Details, Details".
    var detailsLabel: String?
    var accessoryName: String?
    var isChecked: Bool
    /// A test's outcome, marked by the stylesheet (`StatusMark`).
    var status: String?
    /// What the filter panel and Sort by read of the row (`FilterPanel`).
    var filterValues: String? = nil
    var sortRanks: String? = nil

    struct FieldCell: Sendable {
        let name: String
        let label: String
        let value: String
        let isSearched: Bool
        /// In a table, the cell is right-aligned: its column holds numbers.
        var isNumeric = false
        /// The data's own text where the page shows it formatted (`1787-12-07` beside `Dec 7,
        /// 1787`): what "Download shown rows" writes, so a spreadsheet reads the value.
        var raw: String?
    }
}
