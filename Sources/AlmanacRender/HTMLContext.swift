import AlmanacCommonMark
import AlmanacCore
import AlmanacModel
import AlmanacTemplate

/// The values HTML templates receive: the listing page, a detail page, the home page, and the
/// layout they share. Every URL is decided here — relative to the page, checked by
/// `URLSafety` — so templates only place values, and the HTML content type escapes them.
struct HTMLContext {
    let site: SiteInfo

    /// The layout's values for a page at `path` (relative to the output root).
    func layout(title: String, path: String, strings: InterfaceStrings, isHome: Bool = false) -> LayoutView {
        var layout = sharedLayout(root: Self.root(of: path), strings: strings)
        layout.pageTitle = isHome || title == site.title ? site.title : "\(title) · \(site.title)"
        layout.canonical = site.absoluteURL(path)
        return layout
    }

    /// The layout's values that every page in one folder shares.
    func sharedLayout(root: String, strings: InterfaceStrings) -> LayoutView {
        LayoutView(
            siteTitle: site.title, strings: strings, theme: site.theme == .auto ? nil : site.theme.rawValue, root: root, stylesheet: root + site.stylesheet, script: root + site.script,
            home: site.hasHome ? root + PagePaths.home(.html) : nil)
    }

    /// `../` for each folder between `path` and the output root.
    static func root(of path: String) -> String {
        String(repeating: "../", count: path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) })
    }

    /// An image field's URL as seen from a page `root` away from the output root, or nil when
    /// the value is not a safe URL or names a local file the site does not have.
    func imageURL(_ value: Value?, root: String) -> String? {
        guard let value, value.isScalar else { return nil }
        if let inline = site.inlinePictures[value.text.trimmingCharacters(in: .whitespaces)] { return inline }
        switch PictureReference(value.text) {
        case .none, .unsafe: return nil
        case .address(let url): return url
        case .file(let path):
            if let inline = site.inlinePictures[path] { return inline }
            guard site.staticFiles.contains(path) else { return nil }
            return root + path.split(separator: "/").map { Self.percentEncodePathPart(String($0)) }.joined(separator: "/")
        }
    }

    static func percentEncodePathPart(_ part: String) -> String {
        var result = ""
        for byte in part.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    // MARK: Listing

    /// Which part of a listing a page shows: the whole table, or — for a table split into a
    /// page per section — the page's front (prose, search, a directory of sections) or one
    /// section's page (one of the pages of a long section).
    enum ListingPart: Sendable {
        case whole
        case front
        case section(Int, part: Int)

        var isFront: Bool {
            if case .front = self { return true }
            return false
        }
    }

    /// `twins`: the other formats written beside the HTML page, which it links to.
    func listing(_ page: Page, view: PageView, paths: PagePaths, part: ListingPart = .whole, twins: [OutputFormat] = []) -> ListingView {
        let settings = page.settings
        let listingPath = paths.listing(.html)
        let path: String
        if case .section(let index, let shownPart) = part { path = paths.section(index, part: shownPart) } else { path = listingPath }
        var layout = layout(title: page.title, path: path, strings: page.strings)
        let root = Self.root(of: path)
        var front: String?
        var navigation: ListingView.Pager?
        if case .section(let shown, let shownPart) = part {
            navigation = sectionNavigation(page, paths: paths, shown: shown, part: shownPart)
            front = root + listingPath
            let guides = paths.sectionParts[shown].guides
            let title = page.sections[shown].title + (guides.isEmpty ? "" : " (" + guides[shownPart] + ")")
            layout.pageTitle = "\(title) · \(page.title) · \(site.title)"
        }
        let shortTitles = view.isCompactIndex ? [] : Self.shortTitles(view.index.map(\.title))
        let tableColumns = settings.layout == .table && !part.isFront ? FilterPanel.columns(page, view: view) : []
        var listing = ListingView(
            layout: layout, title: page.title, name: page.name, summary: TestSummary.line(for: page), comparison: ComparisonText(page), trend: TrendChart(page), times: TestTimes(page), action: root + listingPath,
            prose: view.prose.html, hasProse: front == nil && !view.prose.html.isEmpty, front: front, sectionNavigation: navigation,
            sections: sections(page, view: view, paths: paths, part: part, root: root, numeric: tableColumns.dropFirst().map(\.isNumeric)),
            directory: part.isFront ? directory(page, paths: paths, root: root) : [],
            isSplit: !paths.sectionFiles.isEmpty, hasIndex: view.hasIndex, isCompactIndex: view.isCompactIndex,
            index: view.index.enumerated().map { place, entry in
                ListingView.IndexLink(
                    title: entry.title, id: entry.id, isEmpty: entry.isEmpty,
                    href: sectionHref(entry.section, page.sections[entry.section], paths: paths, root: root),
                    short: place < shortTitles.count ? shortTitles[place] : nil)
            },
            isGrouped: settings.style == .grouped, isCollapsible: settings.isCollapsible, hasSearch: page.hasSearch,
            count: page.rowCount, searchData: paths.searchEntry ?? paths.searchData, isSearchEntry: paths.searchEntry != nil,
            twins: twins.map { LinkView(title: $0.displayName, href: root + paths.listing($0)) })
        if !part.isFront || page.isSplit { listing.browse = FilterPanel.view(page, fields: view.fields) }
        if !part.isFront, settings.layout == .table { listing.columns = tableColumns }
        listing.browseData = paths.browseEntry
        if let assets = site.singleFile { inline(assets, page: page, paths: paths, into: &listing) }
        return listing
    }

    /// A single-file page's own stylesheet and script (its search data first), and the policy
    /// that allows exactly them.
    private func inline(_ assets: SingleFileAssets, page: Page, paths: PagePaths, into listing: inout ListingView) {
        // A whole page's data goes in a data element, read when search is first used; a split
        // page's (with its sections' files) as script, as its own file would be.
        let isWhole = paths.sectionFiles.isEmpty
        let searchData = page.hasSearch && !isWhole ? SingleFileAssets.inlineSearchData(SearchIndex.script(for: page, paths: paths)) : ""
        let script = searchData + assets.script
        listing.searchData = nil
        listing.isSearchEntry = false
        listing.layout.inline = LayoutView.InlineAssets(
            style: assets.style, script: script, policy: SingleFileAssets.policy(style: assets.style, script: script),
            searchData: page.hasSearch && isWhole ? SingleFileAssets.inlineSearchData(SearchIndex.json(for: page)) : nil)
    }

    /// The sections a part shows with their rows: all of them, one (a section page), or none
    /// (the front of a split table). Rows are numbered in the order this page shows them.
    /// `numeric`: in a table, which of the fields' columns hold numbers.
    private func sections(_ page: Page, view: PageView, paths: PagePaths, part: ListingPart, root: String, numeric: [Bool]) -> [SectionView] {
        if case .front = part { return [] }
        let searched = Set(page.searchFields)
        let columns = view.fields.enumerated().map { place, field in
            Column(
                name: field, label: page.settings.label(for: field), isSearched: searched.contains(field), format: page.settings.formats[field],
                isNumeric: place < numeric.count && numeric[place])
        }
        let isLabelSearched = searched.contains(page.labelField)
        var labels = FieldLabels(page.settings)
        var sections: [SectionView] = []
        var rowNumber = 0
        for (position, section) in page.sections.enumerated() where !section.isEmpty {
            var shownRows = section.rows.indices
            var parts: [ListingView.PartLink] = []
            var isLastPart = true
            if case .section(let shown, let shownPart) = part {
                if shown != position { continue }
                let cut = paths.sectionParts[position]
                shownRows = cut.ranges[shownPart]
                isLastPart = shownPart == cut.count - 1
                parts = cut.guides.enumerated().map { index, guide in
                    ListingView.PartLink(guide: guide, href: paths.sectionFile(position, part: index), isCurrent: index == shownPart)
                }
            }
            var rows: [RowView] = []
            rows.reserveCapacity(shownRows.count)
            for row in section.rows[shownRows] {
                rows.append(self.row(
                    row, page: page, columns: columns, isLabelSearched: isLabelSearched, paths: paths, number: rowNumber, root: root,
                    labels: &labels))
                rowNumber += 1
            }
            var data: String?
            if RowData.ships(rows, page: page) {
                data = RowData.json(rows)
                rows = []
            }
            var shown = SectionView(
                id: section.id, title: section.title, header: view.headers[position] ?? "",
                // A long section's footer closes its last page.
                footer: isLastPart ? view.footers[position] ?? "" : "",
                count: section.rows.count, rows: rows, parts: parts, partsLabel: page.strings.text(.pagesOf, ["title": section.title]), status: StatusMark.section(section, page: page),
                headerCounts: Self.countedText(view.header, title: section.title),
                footerCounts: isLastPart ? Self.countedText(view.footer, title: section.title) : nil)
            shown.rowData = data
            sections.append(shown)
        }
        return sections
    }

    /// Short forms of word titles for the phone's index strip, which has room for a few
    /// letters: the first three, or as many more (up to six) as keep them apart (`Northeast`
    /// and `Northwest` become `Northe` and `Northw`). The whole title stays the link's name.
    static func shortTitles(_ titles: [String]) -> [String] {
        titles.map { title in
            let letters = Array(title)
            var length = min(3, letters.count)
            while length < min(6, letters.count),
                  titles.contains(where: { $0 != title && $0.hasPrefix(String(letters.prefix(length))) }) {
                length += 1
            }
            return String(letters.prefix(length))
        }
    }

    /// A header or footer that shows a count, as search re-renders it for the rows it shows:
    /// its text for one row, and for any other number with `BrowserContract.countToken` in the
    /// number's place. Nil when the text does not depend on the count.
    static func countedText(_ text: SectionText?, title: String) -> SectionView.CountedText? {
        guard let text else { return nil }
        let one = text.text(title: title, count: 1) ?? "", many = text.text(title: title, count: BrowserContract.countToken) ?? ""
        guard many.contains(String(BrowserContract.countToken)) || one != many else { return nil }
        return SectionView.CountedText(one: one, many: many)
    }

    /// The front of a split table: each section with rows, its page and its row count.
    private func directory(_ page: Page, paths: PagePaths, root: String) -> [ListingView.DirectoryEntry] {
        page.sections.enumerated().filter { !$0.element.isEmpty }.map { position, section in
            ListingView.DirectoryEntry(
                title: section.title, href: sectionHref(position, section, paths: paths, root: root), count: section.rows.count,
                parts: paths.sectionParts[position].guides.enumerated().map { index, guide in
                    ListingView.PartLink(guide: guide, href: root + paths.section(position, part: index), isCurrent: false)
                })
        }
    }

    /// A section page's links to the pages before and after it in reading order: the other
    /// pages of a long section by their guides, then the sections with rows on either side (the
    /// one before at its last page).
    private func sectionNavigation(_ page: Page, paths: PagePaths, shown: Int, part: Int) -> ListingView.Pager? {
        let filled = page.sections.indices.filter { !page.sections[$0].isEmpty }
        guard let place = filled.firstIndex(of: shown) else { return nil }
        let cut = paths.sectionParts[shown]
        func link(_ section: Int, _ part: Int, _ title: String) -> LinkView {
            LinkView(title: title, href: paths.sectionFile(section, part: part))
        }
        var navigation = ListingView.Pager()
        if part > 0 {
            navigation.previous = link(shown, part - 1, cut.guides[part - 1])
        } else if place > 0 {
            let previous = filled[place - 1]
            navigation.previous = link(previous, paths.sectionParts[previous].count - 1, page.sections[previous].title)
        }
        if part + 1 < cut.count {
            navigation.next = link(shown, part + 1, cut.guides[part + 1])
        } else if place + 1 < filled.count {
            let next = filled[place + 1]
            navigation.next = link(next, 0, page.sections[next].title)
        }
        return navigation
    }

    /// Where a section is: on this page, or on its own page when the listing is split.
    private func sectionHref(_ position: Int, _ section: Section, paths: PagePaths, root: String) -> String {
        paths.sectionFiles.isEmpty ? "#" + section.id : root + paths.section(position) + "#" + section.id
    }

    /// A field a listing shows in every row, with what each row says of it besides its value
    /// worked out once for the page rather than once a row.
    private struct Column {
        let name: String
        let label: String
        let isSearched: Bool
        let format: FieldFormat?
        let isNumeric: Bool
    }

    /// `labels`: shared by the page's rows, for the fields a row opened in place shows.
    private func row(
        _ row: Row, page: Page, columns: [Column], isLabelSearched: Bool, paths: PagePaths, number: Int, root: String,
        labels: inout FieldLabels
    ) -> RowView {
        let settings = page.settings
        let values = row.record.values(columns.map(\.name))
        let fields = zip(columns, values).map { column, value in
            let shown = FieldText.row(value, format: column.format, strings: page.strings)
            // Text is shown as it is (its first line); only a formatted number or date differs.
            let raw: String? = switch value {
            case .date(let date)?: date.text == shown ? nil : date.text
            case .number(let number)?: number.text == shown ? nil : number.text
            default: nil
            }
            return RowView.FieldCell(
                name: column.name, label: column.label, value: shown, isSearched: column.isSearched, isNumeric: column.isNumeric, raw: raw)
        }
        var view = RowView(
            id: "row-" + row.slug, number: number, label: row.label, isLabelSearched: isLabelSearched, fields: fields,
            namesFields: columns.count > 1, isChecked: false, status: StatusMark.row(row, page: page))
        if settings.hasDetailPage(row) {
            // One file has no detail pages: the row opens in place to show the same fields.
            if site.singleFile != nil {
                view.inlineDetail = detailFields(row, page: page, labels: &labels)
                view.detailsLabel = page.strings.text(.detailsOf, ["label": row.label])
            } else {
                view.href = root + paths.detail(row)
            }
        }
        if let field = settings.image { view.image = imageURL(row.record[field], root: root) }
        if let facets = page.facets, !page.isSplit {
            view.filterValues = facets.filters.isEmpty ? nil : FilterPanel.filterAttribute(facets, row: number)
            view.sortRanks = facets.sorts.isEmpty ? nil : FilterPanel.sortAttribute(facets, row: number)
        }
        if let accessory = settings.accessory, accessory != "disclosure" {
            view.accessoryName = accessory
            if case .bool(true)? = row.record[accessory] { view.isChecked = true }
        }
        return view
    }

    // MARK: Detail

    /// What every detail page of `page` shares, built once for a run of them and rendered
    /// below each row's own values: the layout seen from one folder down, and the listing.
    func detailShared(_ page: Page) -> DetailView.Shared {
        DetailView.Shared(layout: sharedLayout(root: "../", strings: page.strings), listingTitle: page.title, isGrouped: page.settings.style == .grouped)
    }

    /// One row's own values on its detail page, above `detailShared`. `backPath`: the page
    /// that shows the row's section (a split listing's section page, or the listing).
    func detail(
        _ page: Page, paths: PagePaths, section: Section, position: Int, neighbours: (previous: Row?, next: Row?), backPath: String,
        labels: inout FieldLabels
    ) -> DetailView {
        let row = section.rows[position]
        let root = "../"
        var view = DetailView(
            canonical: site.absoluteURL(paths.detail(row)), label: row.label, fields: detailFields(row, page: page, labels: &labels),
            pageTitle: "\(row.label) · \(page.title) · \(site.title)", back: root + backPath + "#" + section.id,
            sectionTitle: section.title)
        if let field = page.settings.image { view.image = imageURL(row.record[field], root: root) }
        view.previous = neighbours.previous.map { DetailView.Neighbour(label: $0.label, href: $0.slug + ".html") }
        view.next = neighbours.next.map { DetailView.Neighbour(label: $0.label, href: $0.slug + ".html") }
        return view
    }

    /// Every field of a row but its label and picture, as a detail page lists them.
    func detailFields(_ row: Row, page: Page, labels: inout FieldLabels) -> [DetailView.Field] {
        let markdown = MarkdownRenderer(allowsUnsafe: false)
        let settings = page.settings
        let shown = row.record.fields.fields
        var fields: [DetailView.Field] = []
        fields.reserveCapacity(shown.count)
        for field in shown where field.name != page.labelField && field.name != settings.image {
            let name = labels.label(for: field.name)
            if settings.markdownFields.contains(field.name), case .string(let text) = field.value {
                fields.append(DetailView.Field(name: name, html: markdown.html(text), isPreformatted: false))
                continue
            }
            let text = FieldText.formatted(field.value, settings.formats[field.name], strings: page.strings) ?? Self.displayText(field.value, strings: page.strings)
            // Text of several lines (a traceback, a log) keeps its lines, as code does.
            // Bytes: `contains("\n")` on a String goes through Foundation, a quarter of the
            // time of a detail page's fields.
            fields.append(DetailView.Field(name: name, value: text, isPreformatted: text.utf8.contains(0x0A)))
        }
        return fields
    }

    /// How a value reads on a detail page: lists joined, nested objects as `key: value` pairs.
    static func displayText(_ value: Value, strings: InterfaceStrings) -> String {
        switch value {
        case .bool(let flag): return strings.text(flag ? .trueValue : .falseValue)
        case .null: return "—"
        default: return value.text
        }
    }

    // MARK: Home

    func home(_ page: Page, pages: [PageSummary]) -> HomeView {
        let prose = ProseText(page.prose, allowsUnsafe: page.settings.allowsUnsafeMarkdown)
        return HomeView(
            layout: layout(title: site.title, path: PagePaths.home(.html), strings: page.strings, isHome: true), title: page.title, prose: prose.html,
            pages: pages.map { HomeView.PageLink(title: $0.title, href: $0.name + ".html", count: $0.rowCount, countText: page.strings.counted(.rows, $0.rowCount)) })
    }
}

import Foundation
