import AlmanacCore
import AlmanacModel
import AlmanacRender
import AlmanacWrite

extension SiteBuilder {
    /// One unit of rendering work; detail pages come in chunks so both cores share a big page.
    enum Task: Sendable {
        case fixed(Range<Int>)
        case home
        case listing(page: Int, format: PageRenderer.Format)
        case details(page: Int, section: Int, positions: Range<Int>)
        case sectionPage(page: Int, section: Int)
        case searchData(page: Int, path: String)
    }

    static let detailChunk = 256

    /// Renders the plan and, given a staging folder, first moves in what is kept from the last
    /// build, then writes each new file as soon as it exists, so a large site is never held in
    /// memory whole. Returns the number of files rendered and where prose landed in them.
    func emit(_ plan: Plan, into staging: OutputWriter.Staging?) throws(DiagnosticList) -> (files: Int, proseSpans: [String: PageRenderer.ProseSpan]) {
        if let staging {
            for splice in plan.splices {
                do {
                    let previous = try fileSystem.read(Path.join(options.outputPath, splice.path))
                    let end = splice.span.start + splice.span.length
                    guard end <= previous.count else {
                        throw FileSystemError(path: splice.path, message: "changed since the last build")
                    }
                    let bytes = Array(previous[..<splice.span.start]) + splice.prose + Array(previous[end...])
                    try staging.write(Artifact(path: splice.path, bytes: bytes))
                } catch {
                    throw DiagnosticList([.error(at: nil, "cannot update \(splice.path): \(error)", hint: "build again with --no-cache")])
                }
            }
            for path in plan.adoptions {
                do {
                    guard try staging.adopt(path) else {
                        throw DiagnosticList([.error(at: nil, "the previous output lost \(path) during the build", hint: "build again")])
                    }
                } catch let error as DiagnosticList {
                    throw error
                } catch {
                    throw DiagnosticList([.error(at: nil, "cannot keep \(path) from the previous output: \(error)")])
                }
            }
        }
        var tasks: [Task] = [.home] + plan.searchDataTasks.map { Task.searchData(page: $0.page, path: $0.path) }
        for start in stride(from: 0, to: plan.fixedArtifacts.count, by: Self.detailChunk) {
            tasks.append(.fixed(start..<min(start + Self.detailChunk, plan.fixedArtifacts.count)))
        }
        for (pageIndex, page) in plan.pages.enumerated() {
            let keeps = plan.keepsDetails[pageIndex]
            for format in PageRenderer.Format.allCases where !(keeps && format == .json) {
                tasks.append(.listing(page: pageIndex, format: format))
            }
            guard !keeps else { continue }
            if page.isSplit {
                for section in page.sections.indices where !page.sections[section].isEmpty {
                    tasks.append(.sectionPage(page: pageIndex, section: section))
                }
            }
            guard page.settings.hasDetailPages else { continue }
            for (sectionIndex, section) in page.sections.enumerated() {
                for start in stride(from: 0, to: section.rows.count, by: Self.detailChunk) {
                    tasks.append(.details(page: pageIndex, section: sectionIndex, positions: start..<min(start + Self.detailChunk, section.rows.count)))
                }
            }
        }
        let results = Parallel.map(tasks) { task in
            Result { () throws(Diagnostic) -> (Int, [String: PageRenderer.ProseSpan]) in
                let (artifacts, spans) = try render(task, plan)
                if let staging {
                    for artifact in artifacts {
                        do {
                            try staging.write(artifact)
                        } catch {
                            throw Diagnostic.error(at: nil, "cannot write \(artifact.path): \(error)", hint: "the previous output was left as it was")
                        }
                    }
                }
                return (artifacts.count, spans)
            }
        }
        var diagnostics: [Diagnostic] = []
        var fileCount = plan.splices.count
        var proseSpans: [String: PageRenderer.ProseSpan] = [:]
        for result in results {
            switch result {
            case .success(let (count, spans)):
                fileCount += count
                proseSpans.merge(spans) { first, _ in first }
            case .failure(let error): diagnostics.append(error)
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
        return (fileCount, proseSpans)
    }

    private func render(_ task: Task, _ plan: Plan) throws(Diagnostic) -> ([Artifact], [String: PageRenderer.ProseSpan]) {
        let renderer = PageRenderer(library: plan.templates.library, site: plan.siteInfo)
        switch task {
        case .fixed(let range):
            return (Array(plan.fixedArtifacts[range]), [:])
        case .home:
            return ([
                Artifact(path: "index.html", text: try renderer.renderHomeHTML(plan.home, pages: plan.summaries)),
                Artifact(path: "index.md", text: try renderer.renderHome(plan.home, pages: plan.summaries)),
            ], [:])
        case .listing(let page, let format):
            let rendered = try renderer.renderListing(plan.pages[page], format: format, searchDataPath: plan.searchDataPaths[page])
            return (rendered.artifacts, rendered.proseSpans)
        case .details(let page, let section, let positions):
            return (try renderer.renderDetails(plan.pages[page], section: section, positions: positions), [:])
        case .searchData(let page, let path):
            return (PageRenderer.searchData(for: plan.pages[page], mainPath: path), [:])
        case .sectionPage(let page, let section):
            return ([try renderer.renderSectionPage(plan.pages[page], section: section, searchDataPath: plan.searchDataPaths[page])], [:])
        }
    }
}
