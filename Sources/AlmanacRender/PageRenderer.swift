import AlmanacCore
import AlmanacModel
import AlmanacTemplate

/// A page listed on the home page.
public struct PageSummary: Sendable {
    public let name: String
    public let title: String
    public let rowCount: Int

    public init(name: String, title: String, rowCount: Int) {
        self.name = name
        self.title = title
        self.rowCount = rowCount
    }
}

/// Renders pages into their Markdown and JSON twins through the template library. One per
/// task: it caches parsed templates and is not shared between threads.
public final class PageRenderer {
    public enum Format: String, Sendable, CaseIterable {
        case html
        case markdown = "md"
        case json
    }

    private let library: TemplateLibrary
    private let site: SiteInfo
    private let markdown: TemplateRenderer
    private let html: TemplateRenderer
    private let context = PageContext()
    private var parsed: [String: Template] = [:]

    public init(library: TemplateLibrary, site: SiteInfo) {
        self.library = library
        self.site = site
        self.markdown = TemplateRenderer(contentType: MarkdownEscape.contentType, partials: library.partials(format: "md"))
        self.html = TemplateRenderer(contentType: .html, partials: library.partials(format: "html"))
    }

    /// Every artifact of a data page in the given formats.
    public func render(_ page: Page, formats: [Format]) throws(Diagnostic) -> [Artifact] {
        // Search data is made once: the listing and every section page name the same file.
        let searchData = formats.contains(.html) && page.hasSearch ? Self.searchData(for: page) : []
        let searchDataPath = searchData.first?.path
        var artifacts = try renderListing(page, formats: formats, searchDataPath: searchDataPath) + searchData
        if formats.contains(.html) && page.isSplit {
            for section in page.sections.indices where !page.sections[section].isEmpty {
                artifacts.append(try renderSectionPage(page, section: section, searchDataPath: searchDataPath))
            }
        }
        if formats.contains(.html) && page.settings.hasDetailPages {
            for section in page.sections.indices {
                artifacts += try renderDetails(page, section: section, positions: page.sections[section].rows.indices)
            }
        }
        return artifacts
    }

    /// The page itself in each format (with its search data), without the detail pages, which
    /// a large site renders in parallel chunks with `renderDetails`.
    public func renderListing(_ page: Page, formats: [Format], searchDataPath: String? = nil) throws(Diagnostic) -> [Artifact] {
        var artifacts: [Artifact] = []
        for format in formats {
            switch format {
            case .html:
                artifacts += try renderListingHTML(page, searchDataPath: searchDataPath)
            case .markdown:
                artifacts.append(Artifact(path: page.name + ".md", bytes: try renderMarkdownBytes(page)))
            case .json:
                artifacts.append(Artifact(path: page.name + ".json", bytes: JSONWriter().bytes(try PageJSON.value(for: page))))
            }
        }
        return artifacts
    }

    /// Where a page's prose sits in one of its rendered files, in bytes: a rebuild after a
    /// prose-only edit replaces just that stretch of the previous file.
    public struct ProseSpan: Sendable, Codable, Equatable {
        public let start: Int
        public let length: Int

        public init(start: Int, length: Int) {
            self.start = start
            self.length = length
        }
    }

    /// A marker that stands in for the prose while rendering, to find where the prose lands.
    static let proseMarker = "\u{2063}almanac-prose-marker\u{2063}"

    /// Renders one listing format and notes where the prose landed, when it lands exactly once.
    public func renderListing(_ page: Page, format: Format, searchDataPath: String?) throws(Diagnostic) -> (artifacts: [Artifact], proseSpans: [String: ProseSpan]) {
        let prose = format == .markdown ? PageContext.trimmedProse(page.prose.markdown) : page.prose.html
        guard format != .json, !prose.isEmpty, !page.prose.html.isEmpty else {
            return (try renderListing(page, formats: [format], searchDataPath: searchDataPath), [:])
        }
        let marker = Self.proseMarker
        let marked = page.replacingProse(Prose(markdown: marker, html: marker, headings: page.prose.headings))
        var artifacts = try renderListing(marked, formats: [format], searchDataPath: searchDataPath)
        let target = page.name + (format == .markdown ? ".md" : ".html")
        guard let index = artifacts.firstIndex(where: { $0.path == target }) else { return (artifacts, [:]) }
        let bytes = artifacts[index].bytes
        let markerBytes = Array(marker.utf8)
        let places = Self.occurrences(of: markerBytes, in: bytes)
        guard places.count == 1, let start = places.first else {
            return (try renderListing(page, formats: [format], searchDataPath: searchDataPath), [:])
        }
        let proseBytes = Array(prose.utf8)
        artifacts[index] = Artifact(path: target, bytes: Array(bytes[..<start]) + proseBytes + Array(bytes[(start + markerBytes.count)...]))
        return (artifacts, [target: ProseSpan(start: start, length: proseBytes.count)])
    }

    /// The prose a listing format shows, as `renderListing` places it.
    public static func proseText(_ prose: Prose, format: Format) -> String {
        format == .markdown ? PageContext.trimmedProse(prose.markdown) : prose.html
    }

    static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = pattern.first, pattern.count <= bytes.count else { return [] }
        var found: [Int] = []
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The listing page and its search data. A split page's front comes out here; its
    /// section pages come from `renderSectionPage`.
    ///
    /// `searchDataPath` names the page's search data when it was made beforehand (a split
    /// page's section pages all name the same file); otherwise it is made here.
    public func renderListingHTML(_ page: Page, searchDataPath: String? = nil) throws(Diagnostic) -> [Artifact] {
        let htmlContext = HTMLContext(site: site)
        let sectionFiles = page.isSplit ? HTMLContext.sectionFileNames(page) : []
        guard case .object(var values) = try htmlContext.listing(page, part: page.isSplit ? .front : .whole, sectionFiles: sectionFiles)
        else { return [] }
        var artifacts: [Artifact] = []
        if page.hasSearch {
            if let searchDataPath {
                values["searchData"] = .string(searchDataPath)
            } else {
                let data = Self.searchData(for: page)
                values["searchData"] = .string(data.first?.path ?? "")
                artifacts += data
            }
        }
        var listing = try html.renderBytes(try template("page.html.mustache"), contexts: [.object(values)])
        Self.endLine(&listing)
        artifacts.insert(Artifact(path: HTMLContext.listingPath(page), bytes: listing), at: 0)
        return artifacts
    }

    /// A page's search data file, named with a hash of its content.
    /// The first is the file pages name; a sharded index adds its shard files.
    public static func searchData(for page: Page, mainPath: String? = nil) -> [Artifact] {
        SearchIndex.artifacts(for: page, sectionFiles: page.isSplit ? HTMLContext.sectionFileNames(page) : [], mainPath: mainPath)
    }

    /// A search data file name fixed before the data exists, from a fingerprint of everything
    /// the data depends on, so it changes whenever the content may.
    public static func searchDataPath(for page: Page, fingerprint: String) -> String {
        "assets/" + ContentHash.name(HTMLContext.searchDataName(page), for: Array(fingerprint.utf8))
    }

    /// One section's page of a split listing.
    public func renderSectionPage(_ page: Page, section: Int, searchDataPath: String?) throws(Diagnostic) -> Artifact {
        let sectionFiles = HTMLContext.sectionFileNames(page)
        guard case .object(var values) = try HTMLContext(site: site).listing(page, part: .section(section), sectionFiles: sectionFiles)
        else { throw .error(at: page.source, "cannot lay out section \(section)") }
        if let searchDataPath { values["searchData"] = .string(searchDataPath) }
        var output = try html.renderBytes(try template("page.html.mustache"), contexts: [.object(values)])
        Self.endLine(&output)
        return Artifact(path: HTMLContext.sectionPath(page, sectionFiles[section]), bytes: output)
    }

    /// The detail pages of some rows of one section.
    public func renderDetails(_ page: Page, section: Int, positions: Range<Int>) throws(Diagnostic) -> [Artifact] {
        let htmlContext = HTMLContext(site: site)
        let detail = try template("detail.html.mustache")
        let rows = page.sections[section]
        let backPath = page.isSplit ? HTMLContext.sectionPath(page, HTMLContext.sectionFileNames(page)[section]) : nil
        let shared = htmlContext.detailShared(page)
        var artifacts: [Artifact] = []
        artifacts.reserveCapacity(positions.count)
        for position in positions {
            let own = htmlContext.detail(page, section: rows, position: position, backPath: backPath)
            var output = try html.renderBytes(detail, contexts: [shared, own])
            Self.endLine(&output)
            artifacts.append(Artifact(path: HTMLContext.detailPath(page, rows.rows[position]), bytes: output))
        }
        return artifacts
    }

    /// The folder that holds a page's detail pages, relative to the output root.
    public static func detailFolder(_ page: Page) -> String { page.name }

    /// The home page in HTML: its prose and every page with its row count.
    public func renderHomeHTML(_ page: Page, pages: [PageSummary]) throws(Diagnostic) -> String {
        Self.endLine(try html.render(try template("index.html.mustache"), HTMLContext(site: site).home(page, pages: pages)))
    }

    public func renderMarkdown(_ page: Page) throws(Diagnostic) -> String {
        String(decoding: try renderMarkdownBytes(page), as: UTF8.self)
    }

    func renderMarkdownBytes(_ page: Page) throws(Diagnostic) -> [UInt8] {
        let template = try self.template("page.md.mustache")
        return Self.tidy(try markdown.renderBytes(template, contexts: [try context.value(for: page)]))
    }

    /// The home page's Markdown: its prose and a list of every page with its row count.
    public func renderHome(_ page: Page, pages: [PageSummary]) throws(Diagnostic) -> String {
        let template = try self.template("index.md.mustache")
        guard case .object(var values) = try context.value(for: page) else { return "" }
        values["pages"] = .list(pages.map {
            [
                "title": .string($0.title),
                "href": .string(MarkdownEscape.destination($0.name + ".md")),
                "count": .number(Double($0.rowCount)),
                "isOne": .bool($0.rowCount == 1),
            ]
        })
        return Self.tidy(try markdown.render(template, .object(values)))
    }

    private func template(_ name: String) throws(Diagnostic) -> Template {
        if let cached = parsed[name] { return cached }
        guard let source = library.source(named: name) else {
            throw .error(at: nil, "no template named \(name)", hint: "the built-in templates are missing; rebuild almanac")
        }
        let template = try Template(source.text, path: source.path)
        parsed[name] = template
        return template
    }

    /// HTML is left as the templates wrote it (a `<pre>` in the prose must keep its blank
    /// lines); it only ends with one newline.
    static func endLine(_ text: String) -> String {
        var bytes = Array(text.utf8)
        endLine(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Exactly one line break at the end.
    static func endLine(_ bytes: inout [UInt8]) {
        while bytes.last == 0x0A { bytes.removeLast() }
        bytes.append(0x0A)
    }

    /// Collapses runs of blank lines and ends the file with exactly one newline, so templates
    /// can be written for readability without their layout leaking into the output.
    static func tidy(_ text: String) -> String {
        String(decoding: tidy(Array(text.utf8)), as: UTF8.self)
    }

    static func tidy(_ text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count + 1)
        var pendingBlank = false
        for line in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == 0x20 }) {
                pendingBlank = !output.isEmpty
                continue
            }
            if pendingBlank { output.append(0x0A) }
            pendingBlank = false
            output.append(contentsOf: line)
            output.append(0x0A)
        }
        if output.isEmpty { output.append(0x0A) }
        return output
    }
}

/// The JSON twin of a page: the same sections and rows, for machines.
public enum PageJSON {
    public static func value(for page: Page) throws(Diagnostic) -> Value {
        let context = PageContext()
        var sections: [Value] = []
        for section in page.sections {
            let values = PageContext.footerContext(section)
            func expand(_ text: String?) throws(Diagnostic) -> Value {
                let expanded = try context.expand(text, page: page, context: values)
                return expanded.isEmpty ? .null : .string(expanded)
            }
            sections.append(.object(Object([
                .init(name: "id", value: .string(section.id)),
                .init(name: "title", value: .string(section.title)),
                .init(name: "header", value: try expand(section.header)),
                .init(name: "footer", value: try expand(section.footer)),
                .init(name: "count", value: .number(Number(section.rows.count))),
                .init(name: "rows", value: .list(section.rows.map { row in
                    .object(Object([
                        .init(name: "label", value: .string(row.label)),
                        .init(name: "slug", value: .string(row.slug)),
                        .init(name: "fields", value: .object(row.record.fields)),
                    ]))
                })),
            ])))
        }
        return .object(Object([
            .init(name: "title", value: .string(page.title)),
            .init(name: "count", value: .number(Number(page.rowCount))),
            .init(name: "sections", value: .list(sections)),
        ]))
    }
}
