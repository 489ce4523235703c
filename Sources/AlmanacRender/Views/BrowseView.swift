/// The filter panel and the Sort by control of a listing (`page.html.mustache`), and what
/// each row says of itself to them. Shown by the page's script alone: without it they could
/// do nothing.
struct BrowseView {
    var filters: [Filter]
    var sortOptions: [SortOption]
    /// `[[field, name], …]` (JSON): the columns "Download shown rows" writes, the label first.
    var columns: String
    /// A split page lists what the filters leave as results, which are not rows of the page
    /// to download.
    var canDownload: Bool

    struct Filter {
        /// The filter's name in the address (`?category=Software`): its field.
        let param: String
        let legend: String
        /// The name of the field that narrows a long list of values (`Find in City`).
        let findLabel: String
        let kind: String
        let values: [Value]
        /// A list too long to scan has a field that narrows it.
        let hasFind: Bool
        /// Range: `number` or `date`, the inputs' type, and the data's bounds as they take them.
        let inputType: String?
        let lowest: String?
        let highest: String?
    }

    struct Value {
        let number: Int
        /// The value as the data has it, which the address names.
        let title: String
        /// The value in the page's words: a test report's `failed` is `fehlgeschlagen`.
        let text: String
        let count: String
    }

    /// An entry of Sort by: `value` as the address writes it (`-founded`, empty for the
    /// page's own order).
    struct SortOption {
        let value: String
        let text: String
    }
}

/// A column of a `layout: table` listing.
struct ColumnHeading {
    let label: String
    /// The order its header chooses (the field, or the label's field), nil when not sortable.
    let sort: String?
    let isNumeric: Bool
}
