import AlmanacCommonMark
import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacRender
import AlmanacTemplate
import AlmanacWrite

/// `almanac render DATAFILE`: one page from one data file, no content folder needed — the
/// quick way for a CI job to turn a results file into a report.
public struct SinglePageRenderer: Sendable {
    public struct Options: Sendable {
        public var dataPath: String
        public var title: String?
        public var label: String?
        public var grouping: String?
        public var sort: String?
        public var formats: [OutputFormat] = OutputFormat.all
        public var outputPath = "Output"
        public var locale = "en"
        /// Print failing tests as this CI system's annotations (`github`).
        public var annotations: AnnotationStyle?

        public init(dataPath: String) {
            self.dataPath = dataPath
        }
    }

    public let options: Options
    public let fileSystem: any FileSystem

    public init(options: Options, fileSystem: any FileSystem = DiskFileSystem()) {
        self.options = options
        self.fileSystem = fileSystem
    }

    public enum AnnotationStyle: String, Sendable, CaseIterable {
        case github
    }

    /// What a run wrote, and what a CI job wants to know of a test report.
    public struct Rendered: Sendable {
        /// Paths written, relative to the output folder.
        public let written: [String]
        /// One line per failing test with a file, in the asked style.
        public let annotations: [String]
        /// Rows whose `status` is failed or error.
        public let failingTests: Int
    }

    /// Renders and writes the page.
    @discardableResult
    public func run() throws(DiagnosticList) -> Rendered {
        let artifacts: [Artifact]
        let page: Page
        do {
            (artifacts, page) = try render()
        } catch {
            throw DiagnosticList([error])
        }
        do {
            try OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath).writeInPlace(artifacts)
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)")])
        }
        var annotations: [String] = []
        switch options.annotations {
        case .github: annotations = TestAnnotations.github(page)
        case nil: break
        }
        return Rendered(written: artifacts.map(\.path), annotations: annotations, failingTests: TestAnnotations.failingRows(page).count)
    }

    func render() throws(Diagnostic) -> (artifacts: [Artifact], page: Page) {
        let path = options.dataPath
        let command = SourceLocation(path: "almanac render")
        var settings = PageSettings()
        settings.data = path
        settings.title = options.title
        settings.label = options.label
        if let grouping = options.grouping {
            guard let parsed = Grouping(grouping) else {
                throw .error(at: command, "unknown grouping '\(grouping)'", hint: "use first-letter, a field name, year:FIELD, month:FIELD or none")
            }
            settings.grouping = parsed
        }
        if let sort = options.sort {
            guard let parsed = SortSpec(sort.split(separator: ",").map(String.init)) else {
                throw .error(at: command, "--sort names no field")
            }
            settings.sort = parsed
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(path)
        } catch {
            let reason = (error as? FileSystemError)?.message ?? "\(error)"
            throw .error(at: SourceLocation(path: path), "cannot read the data file: \(reason)")
        }
        let data = try PageSource.shape(DataReader.read(bytes, path: path), settings: settings)
        let name = Slug.make(Path.fileName(of: Path.removingExtension(path)), fallback: "report")
        if settings.title == nil { settings.title = PageSource.titleFromName(name) }
        let input = PageBuilder.Input(
            name: name, settings: settings, prose: .empty, data: data, source: SourceLocation(path: path), defaultLocale: options.locale)
        let page = try PageBuilder().build(input).page
        let templates = SiteTemplates(overrides: [:], overrideRoot: "")
        // The same units a site build expands a page into, keyed by what the page is made of.
        let key = ContentHash.fingerprint([bytes, Array("\(settings)".utf8), Array(templates.fingerprint.utf8)])
        let outputs = PageOutputs(page: page, paths: PagePaths(page: page, inputKey: key), formats: options.formats)
        var artifacts = try PageRenderer(library: templates.library, site: templates.siteInfo(SiteConfiguration())).render(outputs)
        if outputs.writesHTML { artifacts += templates.assets }
        return (artifacts, page)
    }
}

