import AlmanacModel

/// The frame every HTML page shares (`partials/layout.html.mustache`): the head, the site's
/// header, and for a single-file page the style and script it carries inside.
struct LayoutView {
    var siteTitle: String
    /// The page's words, and its locale: `lang`, `dir`, and the texts the page script needs.
    var strings: InterfaceStrings
    /// `light` or `dark` when the site fixes its colour scheme; nil to follow the reader's.
    var theme: String?
    /// `../` for each folder between the page and the output root.
    var root: String
    var stylesheet: String
    var script: String
    /// The home page, when the site has one.
    var home: String?
    /// Nil in what a run of detail pages shares: each row's view has its own.
    var pageTitle: String?
    var canonical: String?
    var inline: InlineAssets?

    /// A single-file page's own stylesheet and script, and the policy that allows exactly them.
    struct InlineAssets {
        let style: String
        let script: String
        let policy: String
        /// A whole page's search data as JSON (`SearchIndex.json`).
        var searchData: String?
    }
}
