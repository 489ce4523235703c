/// The home page (`index.html.mustache`): its prose and every page with its row count.
struct HomeView {
    let layout: LayoutView
    let title: String
    let prose: String
    let pages: [PageLink]

    /// A page listed on the home page, linked in the home page's format.
    struct PageLink {
        let title: String
        let href: String
        let count: Int
        /// `249 rows`, as the home page's locale counts.
        let countText: String
    }
}

/// The home page as a document (`index.md.mustache`): the listing's document values with the
/// page list.
struct DocumentHomeView {
    let document: DocumentView
    let pages: [HomeView.PageLink]
}
