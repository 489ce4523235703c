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
    func layout(title: String, path: String, isHome: Bool = false) -> TemplateObject {
        var values = sharedLayout(root: Self.root(of: path))
        values["pageTitle"] = .string(isHome || title == site.title ? site.title : "\(title) · \(site.title)")
        if let canonical = site.absoluteURL(path) { values["canonical"] = .string(canonical) }
        return values
    }

    /// The layout's values that every page in one folder shares.
    func sharedLayout(root: String) -> TemplateObject {
        var values: TemplateObject = [
            "siteTitle": .string(site.title),
            "lang": .string(site.language),
            "root": .string(root),
            "stylesheet": .string(root + site.stylesheet),
            "script": .string(root + site.script),
        ]
        if site.hasHome { values["home"] = .string(root + PagePaths.home(.html)) }
        return values
    }

    /// `../` for each folder between `path` and the output root.
    static func root(of path: String) -> String {
        String(repeating: "../", count: path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) })
    }

    /// An image field's URL as seen from a page `root` away from the output root, or nil when
    /// the value is not a safe URL or names a local file the site does not have.
    func imageURL(_ value: Value?, root: String) -> String? {
        guard let value, value.isScalar else { return nil }
        var url = value.text.trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty, URLSafety.isSafe(url, isImage: true) else { return nil }
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("data:") { return url }
        if let inline = site.inlinePictures[url] { return inline }
        while url.hasPrefix("./") || url.hasPrefix("/") { url.removeFirst(url.hasPrefix("/") ? 1 : 2) }
        if let inline = site.inlinePictures[url] { return inline }
        guard site.staticFiles.contains(url) else { return nil }
        return root + url.split(separator: "/").map { Self.percentEncodePathPart(String($0)) }.joined(separator: "/")
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
    }

    /// `twins`: the other formats written beside the HTML page, which it links to.
    func listing(_ page: Page, view: PageView, paths: PagePaths, part: ListingPart = .whole, twins: [OutputFormat] = []) throws(Diagnostic) -> TemplateValue {
        let settings = page.settings
        let listingPath = paths.listing(.html)
        let path: String
        if case .section(let index, let shownPart) = part { path = paths.section(index, part: shownPart) } else { path = listingPath }
        var values = layout(title: page.title, path: path)
        let root = Self.root(of: path)
        if case .section(let shown, let shownPart) = part {
            if let navigation = sectionNavigation(page, paths: paths, shown: shown, part: shownPart) {
                values["sectionNavigation"] = .object(navigation)
            }
            values["front"] = .string(root + listingPath)
            let guides = paths.sectionParts[shown].guides
            let title = page.sections[shown].title + (guides.isEmpty ? "" : " (" + guides[shownPart] + ")")
            values["pageTitle"] = .string("\(title) · \(page.title) · \(site.title)")
        } else {
            values["hasProse"] = .bool(!view.prose.html.isEmpty)
        }
        let directory: [TemplateValue] = if case .front = part { self.directory(page, paths: paths, root: root) } else { [] }
        values["title"] = .string(page.title)
        values["name"] = .string(page.name)
        if let summary = TestSummary.line(for: page) { values["summary"] = .string(summary) }
        values["action"] = .string(root + listingPath)
        values["prose"] = .string(view.prose.html)
        values["sections"] = .list(sections(page, view: view, paths: paths, part: part, root: root))
        values["directory"] = .list(directory)
        values["hasDirectory"] = .bool(!directory.isEmpty)
        values["isSplit"] = .bool(!paths.sectionFiles.isEmpty)
        values["hasIndex"] = .bool(view.hasIndex)
        values["isCompactIndex"] = .bool(view.isCompactIndex)
        let shortTitles = view.isCompactIndex ? [] : Self.shortTitles(view.index.map(\.title))
        values["index"] = .list(view.index.enumerated().map { place, entry in
            var values: TemplateObject = [
                "title": .string(entry.title), "id": .string(entry.id), "isEmpty": .bool(entry.isEmpty),
                "href": .string(sectionHref(entry.section, page.sections[entry.section], paths: paths, root: root)),
            ]
            if place < shortTitles.count { values["short"] = .string(shortTitles[place]) }
            return .object(values)
        })
        values["isGrouped"] = .bool(settings.style == .grouped)
        values["isCollapsible"] = .bool(settings.isCollapsible)
        values["hasSearch"] = .bool(page.hasSearch)
        values["count"] = .number(Double(page.rowCount))
        values["isEmpty"] = .bool(page.rowCount == 0)
        if let searchData = paths.searchData { values["searchData"] = .string(searchData) }
        values["twins"] = .list(twins.enumerated().map { place, format in
            [
                "name": .string(format.displayName), "href": .string(root + paths.listing(format)),
                "isFirst": .bool(place == 0), "isLast": .bool(place == twins.count - 1),
            ]
        })
        values["hasTwins"] = .bool(!twins.isEmpty)
        if let assets = site.singleFile { inline(assets, page: page, paths: paths, into: &values) }
        return .object(values)
    }

    /// A single-file page's own stylesheet and script (its search data first), and the policy
    /// that allows exactly them.
    private func inline(_ assets: SingleFileAssets, page: Page, paths: PagePaths, into values: inout TemplateObject) {
        let searchData = page.hasSearch ? SingleFileAssets.inlineSearchData(SearchIndex.script(for: page, paths: paths)) : ""
        let script = searchData + assets.script
        values["searchData"] = nil
        values["inlineStyle"] = .string(assets.style)
        values["inlineScript"] = .string(script)
        values["policy"] = .string(SingleFileAssets.policy(style: assets.style, script: script))
    }

    /// The sections a part shows with their rows: all of them, one (a section page), or none
    /// (the front of a split table). Rows are numbered in the order this page shows them.
    private func sections(_ page: Page, view: PageView, paths: PagePaths, part: ListingPart, root: String) -> [TemplateValue] {
        if case .front = part { return [] }
        let searched = Set(page.searchFields)
        let columns = view.fields.map { Column(name: $0, label: page.settings.label(for: $0), isSearched: searched.contains($0)) }
        let isLabelSearched = searched.contains(page.labelField)
        var labels = FieldLabels(page.settings)
        var sections: [TemplateValue] = []
        var rowNumber = 0
        for (position, section) in page.sections.enumerated() where !section.isEmpty {
            var shownRows = section.rows.indices
            var parts: [TemplateValue] = []
            var isLastPart = true
            if case .section(let shown, let shownPart) = part {
                if shown != position { continue }
                let cut = paths.sectionParts[position]
                shownRows = cut.ranges[shownPart]
                isLastPart = shownPart == cut.count - 1
                parts = cut.guides.enumerated().map { index, guide in
                    ["guide": .string(guide), "href": .string(paths.sectionFile(position, part: index)), "isCurrent": .bool(index == shownPart)]
                }
            }
            var rows: [TemplateValue] = []
            rows.reserveCapacity(shownRows.count)
            for row in section.rows[shownRows] {
                rows.append(self.row(
                    row, page: page, columns: columns, isLabelSearched: isLabelSearched, paths: paths, number: rowNumber, root: root,
                    labels: &labels))
                rowNumber += 1
            }
            var values: TemplateObject = [
                "id": .string(section.id),
                "rowsId": .string("rows-" + section.id),
                "title": .string(section.title),
                "hasTitle": .bool(!section.title.isEmpty),
                "header": .string(view.headers[position] ?? ""),
                // A long section's footer closes its last page.
                "footer": .string(isLastPart ? view.footers[position] ?? "" : ""),
                "count": .number(Double(section.rows.count)),
                "rows": .list(rows),
                "parts": .list(parts),
                "hasParts": .bool(!parts.isEmpty),
            ]
            for (key, text) in [("header", view.header), ("footer", isLastPart ? view.footer : nil)] {
                if let counted = Self.countedText(text, title: section.title) { values[key + "Counts"] = .object(counted) }
            }
            sections.append(.object(values))
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
    static func countedText(_ text: SectionText?, title: String) -> TemplateObject? {
        guard let text else { return nil }
        let one = text.text(title: title, count: 1) ?? "", many = text.text(title: title, count: BrowserContract.countToken) ?? ""
        guard many.contains(String(BrowserContract.countToken)) || one != many else { return nil }
        return ["one": .string(one), "many": .string(many)]
    }

    /// The front of a split table: each section with rows, its page and its row count.
    private func directory(_ page: Page, paths: PagePaths, root: String) -> [TemplateValue] {
        page.sections.enumerated().filter { !$0.element.isEmpty }.map { position, section in
            let parts: [TemplateValue] = paths.sectionParts[position].guides.enumerated().map { index, guide in
                ["guide": .string(guide), "href": .string(root + paths.section(position, part: index))]
            }
            return [
                "title": .string(section.title), "href": .string(sectionHref(position, section, paths: paths, root: root)),
                "count": .number(Double(section.rows.count)), "parts": .list(parts), "hasParts": .bool(!parts.isEmpty),
            ]
        }
    }

    /// A section page's links to the pages before and after it in reading order: the other
    /// pages of a long section by their guides, then the sections with rows on either side (the
    /// one before at its last page).
    private func sectionNavigation(_ page: Page, paths: PagePaths, shown: Int, part: Int) -> TemplateObject? {
        let filled = page.sections.indices.filter { !page.sections[$0].isEmpty }
        guard let place = filled.firstIndex(of: shown) else { return nil }
        let cut = paths.sectionParts[shown]
        func link(_ section: Int, _ part: Int, _ title: String) -> TemplateValue {
            ["title": .string(title), "href": .string(paths.sectionFile(section, part: part))]
        }
        var navigation = TemplateObject()
        if part > 0 {
            navigation["previous"] = link(shown, part - 1, cut.guides[part - 1])
        } else if place > 0 {
            let previous = filled[place - 1]
            navigation["previous"] = link(previous, paths.sectionParts[previous].count - 1, page.sections[previous].title)
        }
        if part + 1 < cut.count {
            navigation["next"] = link(shown, part + 1, cut.guides[part + 1])
        } else if place + 1 < filled.count {
            let next = filled[place + 1]
            navigation["next"] = link(next, 0, page.sections[next].title)
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
        let field: String
        let name: TemplateValue
        let label: TemplateValue
        let isSearched: TemplateValue

        init(name: String, label: String, isSearched: Bool) {
            self.field = name
            self.name = .string(name)
            self.label = .string(label)
            self.isSearched = .bool(isSearched)
        }
    }

    /// `labels`: shared by the page's rows, for the fields a row opened in place shows.
    private func row(
        _ row: Row, page: Page, columns: [Column], isLabelSearched: Bool, paths: PagePaths, number: Int, root: String,
        labels: inout FieldLabels
    ) -> TemplateValue {
        let settings = page.settings
        let fields: [TemplateValue] = columns.map { column in
            let text = row.record[column.field]?.text ?? ""
            return [
                "name": column.name, "label": column.label, "value": .string(text), "isSearched": column.isSearched,
                "isBlank": .bool(text.isEmpty),
            ]
        }
        var values: TemplateObject = [
            "id": .string("row-" + row.slug),
            "number": .number(Double(number)),
            "label": .string(row.label),
            "isLabelSearched": .bool(isLabelSearched),
            "fields": .list(fields),
            "hasFields": .bool(!fields.isEmpty),
            // With more than one value in a row, each says what it is.
            "namesFields": .bool(columns.count > 1),
        ]
        if settings.hasDetailPage(row) {
            // One file has no detail pages: the row opens in place to show the same fields.
            if site.singleFile != nil {
                values["inlineDetail"] = .list(detailFields(row, page: page, labels: &labels))
                values["hasInlineDetail"] = .bool(true)
            } else {
                values["href"] = .string(root + paths.detail(row))
            }
        }
        if let field = settings.image, let url = imageURL(row.record[field], root: root) { values["image"] = .string(url) }
        if let accessory = settings.accessory, accessory != "disclosure" {
            values["accessoryName"] = .string(accessory)
            if case .bool(true)? = row.record[accessory] { values["isChecked"] = .bool(true) }
        }
        return .object(values)
    }

    // MARK: Detail

    /// What every detail page of `page` shares, built once for a run of them and rendered
    /// below each row's own values: the layout seen from one folder down, and the listing.
    func detailShared(_ page: Page) -> TemplateValue {
        var values = sharedLayout(root: "../")
        values["listingTitle"] = .string(page.title)
        values["isGrouped"] = .bool(page.settings.style == .grouped)
        return .object(values)
    }

    /// One row's own values on its detail page, above `detailShared`. `backPath`: the page
    /// that shows the row's section (a split listing's section page, or the listing).
    func detail(_ page: Page, paths: PagePaths, section: Section, position: Int, backPath: String, labels: inout FieldLabels) -> TemplateValue {
        let row = section.rows[position]
        var values = TemplateObject(minimumCapacity: 10)
        if let canonical = site.absoluteURL(paths.detail(row)) { values["canonical"] = .string(canonical) }
        let root = "../"
        values["label"] = .string(row.label)
        values["fields"] = .list(detailFields(row, page: page, labels: &labels))
        values["pageTitle"] = .string("\(row.label) · \(page.title) · \(site.title)")
        values["back"] = .string(root + backPath + "#" + section.id)
        values["sectionTitle"] = .string(section.title)
        if let field = page.settings.image, let url = imageURL(row.record[field], root: root) { values["image"] = .string(url) }
        let (previous, next) = page.settings.detailNeighbours(of: position, in: section)
        if let previous {
            values["previous"] = ["label": .string(previous.label), "href": .string(previous.slug + ".html")]
        }
        if let next {
            values["next"] = ["label": .string(next.label), "href": .string(next.slug + ".html")]
        }
        return .object(values)
    }

    /// Every field of a row but its label and picture, as a detail page lists them.
    func detailFields(_ row: Row, page: Page, labels: inout FieldLabels) -> [TemplateValue] {
        let markdown = MarkdownRenderer(allowsUnsafe: false)
        let settings = page.settings
        let shown = row.record.fields.fields
        var fields: [TemplateValue] = []
        fields.reserveCapacity(shown.count)
        for field in shown where field.name != page.labelField && field.name != settings.image {
            let name = TemplateValue.string(labels.label(for: field.name))
            if settings.markdownFields.contains(field.name), case .string(let text) = field.value {
                fields.append(["name": name, "html": .string(markdown.html(text))])
                continue
            }
            let text = Self.displayText(field.value)
            // Text of several lines (a traceback, a log) keeps its lines, as code does.
            // Bytes: `contains("\n")` on a String goes through Foundation, a quarter of the
            // time of a detail page's fields.
            if text.utf8.contains(0x0A) {
                fields.append(["name": name, "value": .string(text), "isPreformatted": true])
            } else {
                fields.append(["name": name, "value": .string(text)])
            }
        }
        return fields
    }

    /// How a value reads on a detail page: lists joined, nested objects as `key: value` pairs.
    static func displayText(_ value: Value) -> String {
        switch value {
        case .bool(let flag): return flag ? "Yes" : "No"
        case .null: return "—"
        default: return value.text
        }
    }

    // MARK: Home

    func home(_ page: Page, pages: [PageSummary]) -> TemplateValue {
        var values = layout(title: site.title, path: PagePaths.home(.html), isHome: true)
        values["title"] = .string(page.title)
        let prose = ProseText(page.prose, allowsUnsafe: page.settings.allowsUnsafeMarkdown)
        values["prose"] = .string(prose.html)
        values["hasProse"] = .bool(!prose.html.isEmpty)
        values["pages"] = .list(pages.map {
            ["title": .string($0.title), "href": .string($0.name + ".html"), "count": .number(Double($0.rowCount)), "isOne": .bool($0.rowCount == 1)]
        })
        return .object(values)
    }
}

import Foundation
