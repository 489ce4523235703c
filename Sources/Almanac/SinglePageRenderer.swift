import AlmanacCore
import AlmanacSource
import AlmanacLoad
import AlmanacModel
import AlmanacReports
import AlmanacRender
import AlmanacTemplate
import AlmanacWrite

/// `almanac render DATAFILE...`: one page from one or more data files, no content folder
/// needed — the quick way for a CI job to turn its results files into a report. It is a build
/// of a one-page site: the page's units in a `SiteManifest`, made by the `SiteEmitter` on every
/// core, as `build` makes them — but written in place, beside whatever else the folder holds,
/// with no home page, sitemap or stamp.
public struct SinglePageRenderer: Sendable {
    public struct Options: Sendable {
        /// The data files, read into one page; several must each be a list of records.
        public var dataPaths: [String]
        public var dataPath: String { dataPaths.first ?? "" }
        /// A page whose front matter (and prose) gives the settings; options override it.
        public var pagePath: String?
        /// Page settings by their front matter key (`group`, `fields`, `detail`, …), as
        /// written on the command line; each becomes a value of its kind (`Setting.all`).
        public var settings: [String: String] = [:]
        public var formats: [OutputFormat] = OutputFormat.all
        public var outputPath = "Output"
        /// What the outputs are called (`report` → `report.html`, `report.md`, …), so a CI
        /// step can name them whatever files it was given; by default the one data file's name,
        /// or `report` for several. A slug, as every page name is (`--name` refuses others).
        public var name: String?
        /// The locale of a page that names none.
        public var locale = "en"
        /// One self-contained HTML file: stylesheet, script, search data and details inside,
        /// no section or detail pages beside it.
        public var isSingleFile = false
        /// An earlier report's JSON twin to compare a test report with (`--baseline`).
        public var baselinePath: String?
        /// A test report's history, one NDJSON line per run (`--history`), and how many runs it
        /// keeps (`--history-limit`).
        public var historyPath: String?
        public var historyLimit = 30
        /// Each test of a report labelled with the results file or folder it came from
        /// (`--label-by`), so shards of a matrix stay apart rather than fold into one row.
        public var labelBy: TestLabel?
        /// What a test name repeated in one results file means where the file does not say
        /// (`--repeats`): another run, or a retry.
        public var repeats: TestRepeats = .runs
        /// Results of a job that retried the failed tests of the files given (`--rerun`).
        public var rerunPaths: [String] = []
        /// Print failing tests as this CI system's annotations (`github`).
        public var annotations: AnnotationStyle?
        /// A template reading a name its view does not have is an error (`--strict`).
        public var strictTemplateNames = false

        public init(dataPath: String) {
            self.dataPaths = [dataPath]
        }

        public init(dataPaths: [String]) {
            self.dataPaths = dataPaths
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
        /// The tests the report holds, as `TestGate` counts them.
        public let counts: TestGate.Counts
        /// What the readers and the model noticed that is not an error.
        public let warnings: [Diagnostic]
    }

    /// Renders and writes the page.
    @discardableResult
    public func run() throws(DiagnosticList) -> Rendered {
        let rendered: RenderedPage
        do {
            rendered = try render()
        } catch {
            throw DiagnosticList([error])
        }
        let (manifest, page, warnings) = (rendered.manifest, rendered.page, rendered.warnings)
        let target: OutputWriter.InPlace
        do {
            target = try OutputWriter.InPlace(OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath))
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)")])
        }
        let emitted = try SiteEmitter(
            fileSystem: fileSystem, outputPath: options.outputPath, library: rendered.library, site: rendered.site, manifest: manifest,
            previous: nil
        ).emit(into: target)
        let written = manifest.units.flatMap { [$0.path] + (emitted.extraFiles[$0.path] ?? []) }
        if let historyPath = options.historyPath, let run = rendered.historyRun {
            do {
                try TestHistory.append(run, to: historyPath, limit: options.historyLimit, fileSystem: fileSystem)
            } catch {
                throw DiagnosticList([error])
            }
        }
        var annotations: [String] = []
        switch options.annotations {
        case .github: annotations = TestAnnotations.github(page, report: reportLocation(page, written: written))
        case nil: break
        }
        return Rendered(
            written: written, annotations: annotations, counts: Self.counts(page),
            warnings: warnings)
    }

    /// Tests, not runs: a test with a failed run is failing, one whose every run was skipped
    /// did not run. A page that is no test report counts its rows.
    static func counts(_ page: Page) -> TestGate.Counts {
        guard let tally = page.tally else {
            let rows = page.sections.flatMap(\.rows)
            return TestGate.Counts(
                total: rows.count, failing: TestAnnotations.failingRows(page).count,
                skipped: rows.count { $0.record["status"]?.text == "skipped" }, newFailures: page.comparison?.newFailures)
        }
        return TestGate.Counts(
            total: tally.tests, failing: tally.failingTests, skipped: tally.skippedTests, newFailures: page.comparison?.newFailures)
    }

    /// Where a reader finds the whole report: `full_report`, else the HTML (or Markdown) file
    /// written, as the job's folder names it.
    func reportLocation(_ page: Page, written: [String]) -> String? {
        if let fullReport = page.settings.fullReport { return fullReport }
        let pageFile = written.first { $0.hasSuffix(".html") && !$0.contains("/") } ?? written.first { $0.hasSuffix(".md") }
        return pageFile.map { Path.join(options.outputPath, $0) }
    }

    /// What `render` will make, and the line the history gains when the outputs are written.
    struct RenderedPage {
        var manifest: SiteManifest
        var library: TemplateLibrary
        var site: SiteInfo
        var page: Page
        var warnings: [Diagnostic]
        var historyRun: TestHistory.Run?
    }

    /// Each data file's bytes, in the order given; a pattern the shell left unexpanded
    /// (`reports/*.xml` that matched nothing there) is expanded here, and may match nothing.
    func readFiles(_ paths: [String]) throws(Diagnostic) -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        for path in paths.flatMap({ ResultsPattern.expand($0, fileSystem: fileSystem) }) {
            do {
                files.append((path, try fileSystem.read(path)))
            } catch {
                let reason = (error as? FileSystemError)?.message ?? "\(error)"
                throw .error(at: SourceLocation(path: path), "cannot read the data file: \(reason)", hint: "name a data file that exists")
            }
        }
        return files
    }

    /// Each file read into its shape, and the name each run gives itself.
    func load(
        _ files: [(path: String, bytes: [UInt8])], settings: PageSettings, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> [(path: String, bytes: [UInt8], shape: DatasetShape)] {
        var read: [(path: String, bytes: [UInt8], shape: DatasetShape)] = []
        for (path, bytes) in files {
            read.append((path, bytes, try PageSource.load(bytes, path: path, settings: settings, warnings: &warnings)))
        }
        return read
    }

    /// Test results, whatever runner wrote them, with their sources found and their shards
    /// labelled: each file's records and the rule its repeated names were read by.
    func loadResults(_ files: [(path: String, bytes: [UInt8])], warnings: inout [Diagnostic]) throws(Diagnostic) -> (files: [TestRuns.File], runNames: [String?]) {
        var sources = TestSources(fileSystem: fileSystem)
        var read: [TestRuns.File] = []
        var runNames: [String?] = []
        for (path, bytes) in files {
            let results = try TestResultsReader.read(bytes, path: path, repeats: options.repeats, warnings: &warnings)
            runNames.append(results.name)
            var records = sources.locate(results.records, reportPath: path)
            if let labelBy = options.labelBy { records = labelBy.label(records, path: path) }
            read.append(TestRuns.File(path: path, records: records, repeats: results.repeats ?? options.repeats))
        }
        return (read, runNames)
    }

    func render() throws(Diagnostic) -> RenderedPage {
        let files = try readFiles(options.dataPaths)
        let isTestReport = files.allSatisfy { TestResultsReader.recognizes($0.bytes, path: $0.path) }
        let given = try readSettings(isTestReport: isTestReport)
        let (settings, settingsObject, prose) = (given.settings, given.object, given.prose)
        var warnings = given.warnings
        var read: [(path: String, bytes: [UInt8], shape: DatasetShape)] = []
        var data: DatasetShape
        var report: ReportRows?
        if isTestReport {
            let rows = try reportRows(files, settings: settings, warnings: &warnings)
            (data, report) = (rows.data, rows)
            read = files.map { ($0.path, $0.bytes, rows.data) }
        } else {
            read = try load(files, settings: settings, warnings: &warnings)
            data = try Self.combine(read.map { ($0.path, $0.shape) })
        }
        var page = settings
        page.data = options.dataPath
        if options.isSingleFile { page.splitThreshold = nil }
        if case .rows(let records) = data {
            if page.fields.isEmpty && options.settings["fields"] == nil {
                page.fields = Self.defaultFields(records, label: page.label)
            } else if isTestReport && given.reportDefaults.contains("fields") {
                page.fields = TestReportInput.fields(page.fields, records: records, grouping: page.grouping)
            }
            if isTestReport { Self.fitReportSettings(&page, to: records, reportDefaults: given.reportDefaults, locale: options.locale) }
        }
        let fileName = read.count == 1 ? Slug.make(Path.fileName(of: Path.removingExtension(options.dataPath)), fallback: "report") : "report"
        let name = options.name ?? fileName
        if page.title == nil { page.title = report.map { TestReportInput.title($0.runNames) } ?? PageSource.titleFromName(fileName) }
        let input = PageBuilder.Input(
            name: name, settings: page, prose: prose, data: data, source: SourceLocation(path: options.dataPath),
            defaultLocale: options.locale)
        let result = try PageBuilder().build(input)
        var built = result.page
        (built.comparison, built.trend, built.tally) = (report?.comparison, report?.trend, report?.tally)
        warnings += result.warnings
        let inputBytes = read.map(\.bytes) + (report?.moreInputs ?? [])
        var rendered = try onePageSite(built, inputs: inputBytes, settings: settingsObject, warnings: &warnings)
        (rendered.warnings, rendered.historyRun) = (warnings, report?.historyRun)
        return rendered
    }

    /// The one-page site `page` makes: its units, keyed by what the page is made of (`inputs`,
    /// its settings and the templates), and the assets its HTML links to.
    func onePageSite(_ page: Page, inputs: [[UInt8]], settings: Object, warnings: inout [Diagnostic]) throws(Diagnostic) -> RenderedPage {
        let templates = SiteTemplates(overrides: [:], overrideRoot: "", strictNames: options.strictTemplateNames)
        let settingsBytes = Array(JSONWriter(pretty: false).write(.object(settings)).utf8)
        let key = ContentHash.fingerprint(inputs + [settingsBytes, Array(templates.fingerprint.utf8)])
        let outputs = PageOutputs(
            page: page, paths: PagePaths(page: page, inputKey: key), formats: options.formats, isSingleFile: options.isSingleFile)
        // No home page is written, so the pages link to none.
        var site = templates.siteInfo(SiteSettings())
        site.hasHome = false
        if options.isSingleFile {
            site.singleFile = try templates.singleFileAssets()
            site.inlinePictures = InlinePictures.collect(
                page, folder: Path.directory(of: options.dataPath), fileSystem: fileSystem, warnings: &warnings)
        }
        let assets = outputs.writesHTML && !options.isSingleFile ? templates.assets : []
        let manifest: SiteManifest
        do throws(DiagnosticList) {
            manifest = try SiteManifest(onePage: outputs, key: key, files: assets)
        } catch {
            throw error.diagnostics.first ?? .error(at: nil, "the page's files clash")
        }
        return RenderedPage(manifest: manifest, library: templates.library, site: site, page: page, warnings: [], historyRun: nil)
    }

    /// The page's settings, as front matter gives them: from `--page`, then each option; with
    /// the front matter they were read from, and what the page file warns of.
    struct GivenSettings {
        var settings: PageSettings
        var object: Object
        var prose: Prose
        var warnings: [Diagnostic]
        /// The keys a test report's defaults set, which the page and the options left alone.
        var reportDefaults: Set<String>
    }

    /// `isTestReport`: every data file is test results, and gets a report's defaults.
    func readSettings(isTestReport: Bool = false) throws(Diagnostic) -> GivenSettings {
        var object = Object()
        var locations: [String: SourceLocation] = [:]
        var body = ""
        var warnings: [Diagnostic] = []
        let file = options.pagePath ?? "almanac render"
        if let pagePath = options.pagePath {
            let page = try PageFile(path: pagePath, fileSystem: fileSystem)
            object = page.frontMatter.settings
            locations = page.frontMatter.keyLocations
            body = page.frontMatter.body
            warnings = page.warnings
        }
        var given = options.settings
        var reportDefaults: Set<String> = []
        // A test report reads as one: failures first, then errors, skips and passes, by suite.
        if isTestReport {
            for (key, value) in TestReportInput.defaults where object[key] == nil && given[key] == nil {
                given[key] = value
                reportDefaults.insert(key)
            }
        }
        for (key, text) in given.sorted(by: { $0.key < $1.key }) {
            let setting = Setting.named(key, in: Setting.forPages)
            object.set(key, setting?.value(ofOption: text) ?? .string(text))
            locations[key] = SourceLocation(path: Self.optionPrefix + (setting?.option ?? "--" + key))
        }
        let settings: PageSettings
        do {
            settings = try PageSettings(object, locations: locations, file: file)
            try PageFile.checkSectionTexts(settings, file: file)
        } catch let error where error.location?.path.hasPrefix(Self.optionPrefix) == true {
            // A mistake in an option is the option's, not a line of a file.
            let option = String(error.location?.path.dropFirst(Self.optionPrefix.count) ?? "")
            throw .error(at: nil, option + ": " + error.message, hint: error.hint)
        }
        return GivenSettings(settings: settings, object: object, prose: PageFile.prose(body), warnings: warnings, reportDefaults: reportDefaults)
    }

    static let optionPrefix = "almanac render "

    /// Several files make one page when each is a list of records.
    static func combine(_ shapes: [(path: String, shape: DatasetShape)]) throws(Diagnostic) -> DatasetShape {
        guard shapes.count > 1 else { return shapes.first?.shape ?? .rows([]) }
        var records: [Record] = []
        for (path, shape) in shapes {
            guard case .rows(let rows) = shape else {
                throw .error(at: SourceLocation(path: path), "several data files make one page only when each is a list of records")
            }
            records += rows
        }
        return .rows(records)
    }

    /// What a row shows when no fields are given: every column but the label, as a person
    /// rendering a CSV expects.
    static func defaultFields(_ records: [Record], label: String?) -> [String] {
        let labelField = PageBuilder.labelField(label, records: records)
        var names: [String] = []
        var seen = Set<String>()
        for record in records.prefix(1000) {
            for name in record.fieldNames where name != labelField && seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
