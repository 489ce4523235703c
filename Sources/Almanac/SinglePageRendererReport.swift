import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacReports
import AlmanacSource

/// What makes `render` of results files a test report: the runs read and counted, compared with
/// a baseline and a history, and the settings fitted to the tests at hand.
extension SinglePageRenderer {
    /// A report's rows and what the page says besides them.
    struct ReportRows {
        var data: DatasetShape
        var runNames: [String?]
        var tally: TestTally
        var comparison: BaselineComparison?
        var trend: TestTrend?
        var historyRun: TestHistory.Run?
        /// What the outputs are made of besides the results files: the reruns, and the rule
        /// repeats are read by where the files do not say.
        var moreInputs: [[UInt8]]
    }

    /// The results files as rows: runs numbered, retries folded, tests and runs counted, then
    /// each row's outcome against the baseline and the history.
    func reportRows(
        _ files: [(path: String, bytes: [UInt8])], settings: PageSettings, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> ReportRows {
        for path in options.dataPaths + options.rerunPaths
        where ResultsPattern.isPattern(path) && ResultsPattern.expand(path, fileSystem: fileSystem).isEmpty {
            warnings.append(.warning(
                at: SourceLocation(path: path), "no file matches this pattern",
                hint: "the step that runs the tests may have written no results, or written them elsewhere"))
        }
        // The baseline and the history (tens of megabytes at 50,000 tests) are read while the
        // results are: neither needs the other.
        let (loaded, earlier) = Parallel.both(
            { () -> Result<(read: Loaded, warnings: [Diagnostic]), Diagnostic> in
                var loadWarnings: [Diagnostic] = []
                return Result { () throws(Diagnostic) in (try loadResults(files, warnings: &loadWarnings), loadWarnings) }
            },
            { () -> Result<Earlier, Diagnostic> in Result { () throws(Diagnostic) in try readEarlier() } })
        let (results, loadWarnings) = try loaded.get()
        warnings += loadWarnings
        let rerunFiles = try readFiles(options.rerunPaths)
        let reruns = try loadResults(rerunFiles, warnings: &warnings).files
        let rows = TestRuns.rows(results.files, reruns: reruns, warnings: &warnings)
        let repeated = results.files.first { file in Set(file.records.map(TestRuns.testIdentity)).count < file.records.count }
        var tally = TestRuns.tally(rows, repeats: repeated?.repeats)
        if rows.isEmpty { tally.emptyFiles = options.dataPaths }
        let shape = try PageSource.shape(.records(rows), settings: settings, warnings: &warnings)
        var report = ReportRows(
            data: shape, runNames: results.runNames, tally: tally,
            moreInputs: rerunFiles.map(\.bytes) + [Array(options.repeats.rawValue.utf8)])
        if case .rows(let shaped) = shape { compare(&report, rows: shaped, earlier: try earlier.get(), warnings: &warnings) }
        return report
    }

    typealias Loaded = (files: [TestRuns.File], runNames: [String?])

    /// What a run is compared with: the history (`--history`) and the baseline (`--baseline`),
    /// with what reading them had to say.
    struct Earlier: Sendable {
        var history: TestHistory?
        var baseline: TestBaseline?
        var warnings: [Diagnostic] = []
    }

    func readEarlier() throws(Diagnostic) -> Earlier {
        var earlier = Earlier()
        earlier.history = try options.historyPath.map { path throws(Diagnostic) in
            try TestHistory.read(path, fileSystem: fileSystem, warnings: &earlier.warnings)
        }
        if let baselinePath = options.baselinePath {
            earlier.baseline = try TestBaseline.read(baselinePath, fileSystem: fileSystem)
            if earlier.baseline == nil {
                earlier.warnings.append(.warning(
                    at: SourceLocation(path: baselinePath), "no baseline here: this run is not compared with an earlier one",
                    hint: "a first run has none; keep this run's .json for the next"))
            }
        }
        return earlier
    }

    /// Each row's outcome against the baseline and its flips in the history, and the line this
    /// run adds to the history.
    func compare(_ report: inout ReportRows, rows: [Record], earlier: Earlier, warnings: inout [Diagnostic]) {
        let (history, baseline) = (earlier.history, earlier.baseline)
        warnings += earlier.warnings
        let identities = rows.map(TestBaseline.identity(of:))
        let flips = history.map { $0.flips(identities: identities, failing: rows.map(PageSettings.isFailing)) }
        let compared = TestComparison.compare(rows, identities: identities, flips: flips, with: baseline)
        (report.data, report.comparison) = (.rows(compared.records), compared.comparison)
        if let history {
            let run = history.run(of: compared.records, identities: identities, tests: report.tally.tests)
            (report.historyRun, report.trend) = (run, history.appending(run, limit: options.historyLimit).trend)
        }
    }

    /// A report's default filters, labels and sortable fields fitted to its tests: a filter or
    /// order with nothing to choose between goes, and its fields are named in its language
    /// unless the page names them itself.
    static func fitReportSettings(_ page: inout PageSettings, to records: [Record], reportDefaults: Set<String>, locale: String) {
        if reportDefaults.contains("filters") {
            page.filters = TestReportInput.filters(page.filters, records: records)
        }
        if let locale = LocaleTag(page.locale ?? locale) {
            let strings = StringsCatalog.builtIn.strings(for: locale)
            for (field, key) in TestReportInput.labelKeys where page.labels[field] == nil || reportDefaults.contains("labels") {
                page.labels[field] = strings.text(key)
            }
        }
        if reportDefaults.contains("sortable") {
            page.sortable = page.sortable.filter { field in records.contains { if case .number? = $0[field] { true } else { false } } }
        }
    }
}
