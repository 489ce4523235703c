import AlmanacModel

/// What every page of a site shares: its title and address, and where its assets were written.
public struct SiteInfo: Sendable {
    public var title: String
    public var baseURL: String?
    public var theme = ColorTheme.auto
    /// Asset paths relative to the output root, with their content hashes in the names.
    public var stylesheet: String
    public var script: String
    /// Files copied from `Content/static/`, relative to the output root: image fields naming
    /// one of these (or an absolute URL) get a picture; anything else gets none, never a
    /// broken icon.
    public var staticFiles: Set<String>
    /// Whether the output has a home page (`index.html`) for pages to link to; `almanac
    /// render` writes none.
    public var hasHome = true
    /// Set for a single-file page: its stylesheet and script go inside it, with the search
    /// data, and rows that would have a detail page open in place instead.
    public var singleFile: SingleFileAssets?
    /// A single-file page's pictures, by the image field's value: `data:` URLs.
    public var inlinePictures: [String: String] = [:]

    public init(title: String, baseURL: String? = nil, stylesheet: String, script: String, staticFiles: Set<String> = []) {
        self.title = title
        self.baseURL = baseURL
        self.stylesheet = stylesheet
        self.script = script
        self.staticFiles = staticFiles
    }

    /// An absolute URL for a path under the site, when the site has a base URL.
    public func absoluteURL(_ path: String) -> String? {
        guard var base = baseURL, !base.isEmpty else { return nil }
        if !base.hasSuffix("/") { base += "/" }
        return base + path
    }
}
