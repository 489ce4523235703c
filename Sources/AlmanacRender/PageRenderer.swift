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

/// Renders the units a page's outputs expand into, through the template library (which parses
/// each template once for the build). One per task: it keeps a renderer per format and is not
/// shared between threads.
public final class PageRenderer {
    private let library: TemplateLibrary
    private let site: SiteInfo
    private var renderers: [String: TemplateRenderer] = [:]
    private let context = PageContext()

    /// Detail pages render in runs of this many, over values built once per run.
    public static let detailChunk = 256

    public init(library: TemplateLibrary, site: SiteInfo) {
        self.library = library
        self.site = site
    }

    /// Every file of a page's outputs, unit by unit, in memory: what the tests of a page's
    /// files read (builds and `render` make them unit by unit through `SiteEmitter`).
    public func render(_ outputs: PageOutputs) throws(Diagnostic) -> [Artifact] {
        var artifacts: [Artifact] = []
        var pendingDetails: (section: Int, positions: Range<Int>)?
        func flush() throws(Diagnostic) {
            guard let run = pendingDetails else { return }
            artifacts += try renderDetails(of: outputs, section: run.section, positions: run.positions)
            pendingDetails = nil
        }
        for (_, unit) in outputs.units {
            if case .detail(let section, let position) = unit {
                if let run = pendingDetails, run.section == section, run.positions.upperBound == position,
                   run.positions.count < Self.detailChunk {
                    pendingDetails = (section, run.positions.lowerBound..<(position + 1))
                    continue
                }
                try flush()
                pendingDetails = (section, position..<(position + 1))
                continue
            }
            try flush()
            artifacts += try render(unit, of: outputs)
        }
        try flush()
        return artifacts
    }

    /// One unit's files (a detail page, or a search index with its shards).
    public func render(_ unit: PageOutputs.Unit, of outputs: PageOutputs) throws(Diagnostic) -> [Artifact] {
        switch unit {
        case .listing(let format):
            return [Artifact(path: outputs.paths.listing(format), bytes: try renderListing(outputs, format: format).bytes)]
        case .searchData:
            return SearchIndex.artifacts(for: outputs.page, paths: outputs.paths)
        case .browseData:
            return BrowseData.artifacts(for: outputs.page, paths: outputs.paths)
        case .sectionPage(let section, let part):
            return [try renderSectionPage(outputs, section: section, part: part)]
        case .detail(let section, let position):
            return try renderDetails(of: outputs, section: section, positions: position..<(position + 1))
        }
    }

    /// The units too large to hold whole, written to `sink` as they are made: the JSON twin a
    /// few megabytes at a time, the search data a shard at a time. Returns the paths written,
    /// the unit's own first; nil for any other unit, which `render` makes.
    public func write(_ unit: PageOutputs.Unit, of outputs: PageOutputs, to sink: some ArtifactSink) throws -> [String]? {
        switch unit {
        case .listing(let format) where format.rendering == .json:
            let path = outputs.paths.listing(format)
            try sink.write(path) { append in try PageJSON.write(outputs.page, view: outputs.view, to: append) }
            return [path]
        case .listing(let format):
            guard case .rows(let rows) = format.rendering else { return nil }
            let path = outputs.paths.listing(format)
            try sink.write(path) { append in try PageRows.write(outputs.page, as: rows, to: append) }
            return [path]
        case .searchData:
            return try writeFiles(own: outputs.paths.searchData, to: sink) { emit in
                try SearchIndex.write(for: outputs.page, paths: outputs.paths, emit: emit)
            }
        case .browseData:
            return try writeFiles(own: outputs.paths.browseData, to: sink) { emit in
                try BrowseData.write(for: outputs.page, paths: outputs.paths, emit: emit)
            }
        default:
            return nil
        }
    }

    /// The paths a unit of many files wrote, its own file (written near the end) first.
    private func writeFiles(
        own: String?, to sink: some ArtifactSink, _ write: ((Artifact) throws -> Void) throws -> Void
    ) throws -> [String] {
        var paths: [String] = []
        try write { artifact in
            try sink.write(artifact)
            paths.append(artifact.path)
        }
        guard let own, paths.contains(own) else { return paths }
        return [own] + paths.filter { $0 != own }
    }

    /// A page's listing in one format, with where its prose landed (see `ProseSplice`).
    public func renderListing(_ outputs: PageOutputs, format: OutputFormat) throws(Diagnostic) -> (bytes: [UInt8], splice: ProseSplice?) {
        // Within a size limit, new prose changes what fits: no splicing, render it whole.
        if format == .markdown && outputs.page.settings.maxBytes != nil {
            return (try renderDocument(outputs.page, view: outputs.view, format: format, outputs: outputs), nil)
        }
        let page = outputs.page
        return try ProseSplice.render(outputs.view, format: format) { view throws(Diagnostic) in
            switch format.rendering {
            case .json:
                return PageJSON.bytes(for: page, view: view)
            case .rows(let rows):
                return PageRows.bytes(for: page, as: rows)
            case .documentTemplates:
                return try renderDocument(page, view: view, format: format, outputs: outputs)
            case .htmlTemplates:
                let values = HTMLContext(site: site).listing(
                    page, view: view, paths: outputs.paths, part: page.isSplit ? .front : .whole, twins: outputs.twins).templateValue
                let rows = page.isSplit ? page.sections.count : page.rowCount
                var bytes = try renderer(format).renderBytes(
                    try template(format.listingTemplate), contexts: [values], capacity: Self.capacity(rows: rows, bytesPerRow: 1024))
                Self.endLine(&bytes)
                return bytes
            }
        }
    }

    /// One section's page of a split listing.
    func renderSectionPage(_ outputs: PageOutputs, section: Int, part: Int) throws(Diagnostic) -> Artifact {
        let values = HTMLContext(site: site).listing(
            outputs.page, view: outputs.view, paths: outputs.paths, part: .section(section, part: part), twins: outputs.twins).templateValue
        var output = try renderer(.html).renderBytes(
            try template(OutputFormat.html.listingTemplate), contexts: [values],
            capacity: Self.capacity(rows: outputs.paths.sectionParts[section].ranges[part].count, bytesPerRow: 1024))
        Self.endLine(&output)
        return Artifact(path: outputs.paths.section(section, part: part), bytes: output)
    }

    /// The detail pages of some rows of one section.
    public func renderDetails(of outputs: PageOutputs, section: Int, positions: Range<Int>) throws(Diagnostic) -> [Artifact] {
        let page = outputs.page
        let htmlContext = HTMLContext(site: site)
        let detail = try template("detail.html.mustache")
        let rows = page.sections[section]
        let shared = htmlContext.detailShared(page).templateValue
        let html = renderer(.html)
        var artifacts: [Artifact] = []
        artifacts.reserveCapacity(positions.count)
        var labels = FieldLabels(page.settings)
        for position in positions {
            let own = htmlContext.detail(
                page, paths: outputs.paths, section: rows, position: position,
                neighbours: outputs.neighbours.of(position, inSection: section, of: page), backPath: outputs.sectionHome(section, position: position),
                labels: &labels).templateValue
            var output = try html.renderBytes(detail, contexts: [shared, own])
            Self.endLine(&output)
            artifacts.append(Artifact(path: outputs.paths.detail(rows.rows[position]), bytes: output))
        }
        return artifacts
    }

    /// The home page in one format: its prose and every page with its row count; nil for a
    /// format that does not render a home page (see `OutputFormat.rendersHome`).
    public func renderHome(_ page: Page, pages: [PageSummary], format: OutputFormat) throws(Diagnostic) -> Artifact? {
        let path = PagePaths.home(format)
        switch format.rendering {
        case .json, .rows:
            return nil
        case .htmlTemplates:
            var bytes = try renderer(format).renderBytes(try template(format.homeTemplate), contexts: [HTMLContext(site: site).home(page, pages: pages).templateValue])
            Self.endLine(&bytes)
            return Artifact(path: path, bytes: bytes)
        case .documentTemplates:
            let home = DocumentHomeView(
                document: context.document(for: page, view: PageView(page)),
                pages: pages.map {
                    HomeView.PageLink(
                        title: $0.title, href: MarkdownEscape.destination($0.name + "." + format.suffix), count: $0.rowCount,
                        countText: page.strings.counted(.rows, $0.rowCount))
                })
            let bytes = try renderer(format).renderBytes(try template(format.homeTemplate), contexts: [home.templateValue])
            return Artifact(path: path, bytes: Self.tidy(bytes))
        }
    }

    /// A page's document (Markdown) listing.
    public func renderMarkdown(_ page: Page) throws(Diagnostic) -> String {
        String(decoding: try renderDocument(page, view: PageView(page), format: .markdown), as: UTF8.self)
    }

    /// A document listing: a test report laid out for a job summary (`ReportMarkdown`), any
    /// other page through its template, re-laid out like a report only when it is over its
    /// `max_bytes`.
    func renderDocument(_ page: Page, view: PageView, format: OutputFormat, outputs: PageOutputs? = nil) throws(Diagnostic) -> [UInt8] {
        let report = format == .markdown
            ? ReportMarkdown(page: page, view: view, fullReport: page.settings.fullReport ?? outputs?.fullReport) : nil
        if let report, page.settings.summary == .tests { return report.render() }
        let bytes = Self.tidy(try renderer(format).renderBytes(
            try template(format.listingTemplate), contexts: [context.document(for: page, view: view).templateValue],
            capacity: Self.capacity(rows: page.rowCount, bytesPerRow: 512)))
        if let report, let limit = page.settings.maxBytes, bytes.count > limit { return report.render() }
        return bytes
    }

    private func renderer(_ format: OutputFormat) -> TemplateRenderer {
        if let made = renderers[format.name] { return made }
        let made = TemplateRenderer(
            contentType: format.contentType, partials: library.partials(format: format.template), cache: library.cache(format: format.template),
            isStrict: library.strictNames)
        renderers[format.name] = made
        return made
    }

    private func template(_ name: String) throws(Diagnostic) -> Template {
        guard let template = try library.template(named: name) else {
            throw .error(at: nil, "no template named \(name)", hint: "the built-in templates are missing; rebuild almanac")
        }
        return template
    }

    /// Room for a listing of `rows` rows, generous: the unused end of a large buffer is never
    /// made resident, while a buffer that has to grow is copied each time it doubles.
    static func capacity(rows: Int, bytesPerRow: Int) -> Int {
        16_384 + rows * bytesPerRow
    }

    /// Exactly one line break at the end. HTML is otherwise left as the templates wrote it (a
    /// `<pre>` in the prose must keep its blank lines).
    static func endLine(_ bytes: inout [UInt8]) {
        while bytes.last == 0x0A { bytes.removeLast() }
        bytes.append(0x0A)
    }

    /// Collapses runs of blank lines and ends the file with exactly one newline, so templates
    /// can be written for readability without their layout leaking into the output.
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
