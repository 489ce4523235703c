import AlmanacModel

/// The files one page writes, as units of rendering work: its listing in each format asked
/// for and, with HTML, its search data, section pages and detail pages. `almanac build`,
/// `almanac render` and `almanac check` all expand pages here and render these units, so
/// there is one render path.
public struct PageOutputs: Sendable {
    public enum Unit: Sendable, Hashable {
        case listing(OutputFormat)
        /// The search data file, and its shards when it is sharded.
        case searchData
        /// A split page's filter and order data: its manifest, entry and files.
        case browseData
        /// One page of a section of a split listing (a long section has several).
        case sectionPage(Int, part: Int)
        case detail(section: Int, position: Int)
    }

    public let page: Page
    /// What every format shows of the page, decided once.
    public let view: PageView
    public let paths: PagePaths
    public let formats: [OutputFormat]
    /// Each detail page's previous and next, found once for all of them.
    public let neighbours: DetailNeighbours

    /// One self-contained HTML file: its search data and details go inside it.
    public let isSingleFile: Bool

    public init(page: Page, paths: PagePaths, formats: [OutputFormat] = OutputFormat.all, isSingleFile: Bool = false) {
        self.page = page
        self.view = PageView(page)
        self.neighbours = DetailNeighbours(page)
        self.paths = paths
        self.formats = formats
        self.isSingleFile = isSingleFile
    }

    /// Formats the HTML page links to as alternatives: those written beside it.
    public var twins: [OutputFormat] { formats.filter(\.isTwin) }

    public var writesHTML: Bool { formats.contains(.html) }

    /// The file a shortened Markdown twin points to for everything: the HTML page, else the
    /// JSON, when written beside it.
    var fullReport: String? {
        [OutputFormat.html, .json].first(where: formats.contains).map(paths.listing)
    }

    /// Every unit with the path it writes first (a sharded search index writes more files,
    /// all under `paths.shardFolder`), in a fixed order.
    public var units: [(path: String, unit: Unit)] {
        var units: [(path: String, unit: Unit)] = []
        forEachUnit { units.append(($0, $1)) }
        return units
    }

    /// How many units `forEachUnit` visits.
    public var unitCount: Int {
        var count = formats.count
        guard writesHTML && !isSingleFile else { return count }
        if paths.searchData != nil { count += 1 }
        if paths.browseData != nil { count += 1 }
        if page.isSplit {
            count += page.sections.indices.filter { !page.sections[$0].isEmpty }.reduce(0) { $0 + paths.sectionParts[$1].count }
        }
        if page.settings.hasDetailPages {
            count += page.settings.detailPages == .all ? page.rowCount
                : page.sections.reduce(0) { $0 + $1.rows.filter(page.settings.hasDetailPage).count }
        }
        return count
    }

    /// Visits every unit in order without gathering them: a page of 100,000 detail pages has
    /// 100,000 units, and the build keeps its own list of them.
    public func forEachUnit(_ body: (String, Unit) -> Void) {
        // Search data first: it and the JSON twin each hold a copy of every row's text while
        // they are made, and on two cores they should not be made side by side.
        if writesHTML && !isSingleFile, let searchData = paths.searchData { body(searchData, .searchData) }
        if writesHTML && !isSingleFile, let browseData = paths.browseData { body(browseData, .browseData) }
        for format in formats { body(paths.listing(format), .listing(format)) }
        guard writesHTML && !isSingleFile else { return }
        if page.isSplit {
            for section in page.sections.indices where !page.sections[section].isEmpty {
                for part in 0..<paths.sectionParts[section].count {
                    body(paths.section(section, part: part), .sectionPage(section, part: part))
                }
            }
        }
        if page.settings.hasDetailPages {
            for (index, section) in page.sections.enumerated() {
                for (position, row) in section.rows.enumerated() where page.settings.hasDetailPage(row) {
                    body(paths.detail(row), .detail(section: index, position: position))
                }
            }
        }
    }

    /// The page that shows a row: its section's page (the part of a long section that holds
    /// it) when the listing is split.
    func sectionHome(_ section: Int, position: Int) -> String {
        page.isSplit ? paths.section(section, showing: position) : paths.listing(.html)
    }
}
