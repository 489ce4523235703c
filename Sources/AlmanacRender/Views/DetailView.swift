/// One row's own page (`detail.html.mustache`): what the row shows, over `Shared`, which a run
/// of the page's detail pages shares.
struct DetailView {
    var canonical: String?
    let label: String
    let fields: [Field]
    let pageTitle: String
    /// The page that shows the row's section, at the section.
    let back: String
    let sectionTitle: String
    var image: String?
    var previous: Neighbour?
    var next: Neighbour?

    struct Shared {
        let layout: LayoutView
        let listingTitle: String
        let isGrouped: Bool
    }

    /// A field of the row: Markdown rendered to `html`, or text in `value`.
    struct Field: Sendable {
        let name: String
        var html: String?
        var value: String?
        /// Text of several lines (a traceback, a log) keeps its lines.
        var isPreformatted: Bool
    }

    struct Neighbour {
        let label: String
        let href: String
    }
}
