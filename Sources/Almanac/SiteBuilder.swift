import AlmanacCore
import AlmanacDefaults
import AlmanacModel
import AlmanacRender
import AlmanacTemplate
import AlmanacWrite
import Foundation

/// What `almanac build` and `almanac check` are asked to do.
public struct BuildOptions: Sendable {
    public var contentPath = "Content"
    /// The site's own templates; nil uses `Templates/` when it exists.
    public var templatesPath: String?
    public var outputPath = "Output"
    public var baseURL: String?
    public var locale: String?
    /// Warnings fail the build.
    public var isStrict = false
    /// Reuse what the last build made for pages whose inputs did not change.
    public var usesCache = true
    /// Told how far the build is, from any thread, as files are written.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Leaves the previous output tree beside the new one after the swap, for
    /// `removePreviousOutput` to delete once the news is out (`serve`).
    public var keepsPreviousOutput = false
    /// Told the staging folder once every file this build changed is in it, before the
    /// unchanged ones are linked beside them and the folder becomes the output: `serve` answers
    /// from the staging folder over the previous output from then on, so an edit reaches the
    /// browser without waiting for a link per unchanged file.
    public var changedFilesReady: (@Sendable (_ stagingPath: String) -> Void)?
    /// Runs the swap that makes the staging folder the output. `serve` runs it while no
    /// request is opening a file, and stops answering from the staging folder in the same
    /// step: after an exchange that path holds the previous tree.
    public var swapsOutput: (@Sendable (_ swap: () throws -> Void) throws -> Void)?
    /// What the builds of one `serve` share (see `BuildSession`); nil for a one-off build.
    public var session: BuildSession?
    /// Told when another build of the same site holds the lock, before waiting for it.
    public var waitsForAnotherBuild: (@Sendable () -> Void)?

    public init() {}
}

/// How far a build is: the pages and rows it holds, and how many of its units of work (a file,
/// or a part of a page that writes many) are done, of how many.
public struct BuildProgress: Sendable {
    public let pages: Int
    public let rows: Int
    public let filesDone: Int
    public let files: Int
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    public let pageCount: Int
    public let rowCount: Int
    /// Files rendered by this build.
    public let fileCount: Int
    /// Files kept from the last build, unchanged.
    public let reusedFiles: Int
    /// Pages nothing of which changed: reused whole, not even read past their bytes.
    public let reusedPages: Int
    /// Pages whose prose alone changed, updated in place of being rendered.
    public let proseOnlyPages: Int
    /// Pages whose data file was not parsed again: `serve`'s session held what an earlier
    /// build parsed from the same bytes.
    public let pagesWithDataFromMemory: Int
    public let warnings: [Diagnostic]
    /// How long each stage took, in order, and the most memory the build had held by its end
    /// (nil where the system does not say), for `--verbose`.
    public let stages: [(name: String, seconds: Double, peakBytes: Int?)]
}

/// The pipeline in a few readable steps: read the site's inputs and plan every page (on every
/// core, reading each page once), expand the plan into a manifest of output units, make the
/// units that changed and link the rest from the previous output into a staging folder, then
/// let the writer swap the staging folder in. A failure or a kill anywhere leaves the previous
/// output as it was.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    public let fileSystem: any FileSystem

    public init(options: BuildOptions, fileSystem: any FileSystem = DiskFileSystem()) {
        self.options = options
        self.fileSystem = fileSystem
    }

    /// Builds the site into the output folder. Builds of one site take turns: `almanac build`
    /// while `serve` rebuilds (or another `build`) waits for it, after `waitsForAnotherBuild`,
    /// rather than both swapping one output folder.
    public func build() throws(DiagnosticList) -> BuildReport {
        guard fileSystem.isDirectory(options.contentPath) else { return try buildHoldingTheLock() }
        let lock = BuildCache.lockPath(content: options.contentPath)
        var outcome: Result<BuildReport, DiagnosticList>?
        do {
            try fileSystem.createDirectory(Path.directory(of: lock))
            try fileSystem.withLockFile(lock, whenBusy: { options.waitsForAnotherBuild?() }) {
                outcome = Result { () throws(DiagnosticList) in try buildHoldingTheLock() }
            }
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot take the build lock: \(error)", hint: "builds of one site take turns through \(lock)")])
        }
        guard let outcome else { throw DiagnosticList([.error(at: nil, "the build did not run")]) }
        return try outcome.get()
    }

    /// What a build that waits for another says.
    public static let waitingMessage = "Waiting for another build of this site to finish (almanac serve, or another almanac build)…"

    private func buildHoldingTheLock() throws(DiagnosticList) -> BuildReport {
        var clock = StageClock()
        try checkOutputLocation()
        let inputs = try loadInputs()
        if !options.usesCache {
            // A build that will not save a cache must not leave one that describes another tree.
            try? BuildCache.remove(fileSystem, content: options.contentPath)
        }
        let previous = options.usesCache
            ? options.session?.cache(output: options.outputPath, global: inputs.global, fileSystem: fileSystem)
                ?? BuildCache.load(fileSystem, content: options.contentPath, output: options.outputPath, global: inputs.global)
            : nil
        let (manifest, planned) = try makeManifest(inputs, previous: previous)
        clock.mark("load and model")
        if let previous, let files = filesUpToDate(manifest, previous: previous) {
            return report(manifest, SiteEmitter.Emitted(reused: files), planned, stages: clock.stages)
        }
        let writer = OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath)
        let staging: OutputWriter.Staging
        do {
            staging = try writer.begin()
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)")])
        }
        let emitted: SiteEmitter.Emitted
        do throws(DiagnosticList) {
            let emitter = makeEmitter(inputs, manifest: manifest, previous: previous, stagingPath: writer.stagingPath)
            emitted = try emitter.emit(into: staging)
            clock.mark("render and write")
            do {
                let swap: () throws -> Void = { try staging.commit(keepingPrevious: options.keepsPreviousOutput) }
                if let swapsOutput = options.swapsOutput { try swapsOutput(swap) } else { try swap() }
            } catch {
                throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)", hint: "the previous output was left as it was")])
            }
            clock.mark("swap")
        } catch {
            staging.abandon()
            throw error
        }
        if options.usesCache {
            // A cache that cannot be saved only costs the next build its shortcut: the one on
            // the disk names another tree and will be ignored.
            let cache = manifest.cache(splices: emitted.splices, extraFiles: emitted.extraFiles, contentKeys: emitted.contentKeys)
            try? cache.save(fileSystem, content: options.contentPath)
            options.session?.remember(cache)
        }
        return report(manifest, emitted, planned, stages: clock.stages)
    }

    /// The emitter for a build, telling `options` of its progress and of its changed files.
    private func makeEmitter(_ inputs: SiteInputs, manifest: SiteManifest, previous: BuildCache?, stagingPath: String) -> SiteEmitter {
        var emitter = SiteEmitter(
            fileSystem: fileSystem, outputPath: options.outputPath, library: inputs.templates.library, site: inputs.siteInfo,
            manifest: manifest, previous: previous)
        if let changedFilesReady = options.changedFilesReady {
            emitter.changedFilesReady = { changedFilesReady(stagingPath) }
        }
        if let progress = options.progress {
            let pages = manifest.summaries.count, rows = manifest.summaries.reduce(0) { $0 + $1.rowCount }
            let files = manifest.units.count
            let done = Locked(0)
            emitter.progress = { count in
                let total = done.withLock { value in
                    value += count
                    return value
                }
                progress(BuildProgress(pages: pages, rows: rows, filesDone: total, files: files))
            }
        }
        return emitter
    }

    /// Whether the output is already the tree this build would make: the same build id (every
    /// path with the key of its inputs) as the cache that describes it, and every file still
    /// there. Then nothing is written: a build run twice, or `serve` woken by an editor's
    /// temporary file, costs the reading alone, not a link per file and a swap. Returns how
    /// many files the output holds; nil when it is not up to date.
    private func filesUpToDate(_ manifest: SiteManifest, previous: BuildCache) -> Int? {
        guard previous.build == manifest.buildID else { return nil }
        let paths = manifest.units.map(\.path) + manifest.units.flatMap { previous.extraFiles[$0.path] ?? [] }
        return Self.outputHas(paths, fileSystem: fileSystem, output: options.outputPath) ? paths.count : nil
    }

    /// Whether the output folder holds a whole build (its stamp), for `serve` to say whether a
    /// failed build leaves a site served.
    public var outputHasABuild: Bool {
        fileSystem.exists(BuildCache.stampPath(output: options.outputPath))
    }

    /// Deletes the previous output tree a build with `keepsPreviousOutput` left beside the new.
    public func removePreviousOutput() {
        OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath).removeLeftovers()
    }

    /// Does everything a build does except writing.
    public func check() throws(DiagnosticList) -> BuildReport {
        var clock = StageClock()
        let inputs = try loadInputs()
        let (manifest, planned) = try makeManifest(inputs, previous: nil)
        clock.mark("load and model")
        let emitted = try SiteEmitter(fileSystem: fileSystem, outputPath: options.outputPath, library: inputs.templates.library,
            site: inputs.siteInfo, manifest: manifest, previous: nil)
            .emit(into: nil)
        clock.mark("render")
        return report(manifest, emitted, planned, stages: clock.stages)
    }

    func makeManifest(_ inputs: SiteInputs, previous: BuildCache?) throws(DiagnosticList) -> (SiteManifest, PlannedPages) {
        let planned = try planPages(inputs, previous: previous)
        let home = planned.home ?? (Self.defaultHome(site: inputs.site, strings: inputs.strings), ContentHash.fingerprint([Array(inputs.site.title.utf8)]))
        return (try SiteManifest(inputs, plans: planned.plans, home: home.page, homeKey: home.key), planned)
    }

    func report(_ manifest: SiteManifest, _ emitted: SiteEmitter.Emitted, _ planned: PlannedPages, stages: [(name: String, seconds: Double, peakBytes: Int?)]) -> BuildReport {
        BuildReport(
            pageCount: manifest.summaries.count, rowCount: manifest.summaries.reduce(0) { $0 + $1.rowCount },
            fileCount: emitted.rendered, reusedFiles: emitted.reused,
            reusedPages: manifest.keptPageCount, proseOnlyPages: manifest.edits.count,
            pagesWithDataFromMemory: planned.dataFromMemory, warnings: planned.warnings, stages: stages)
    }

    /// The pages as the home page lists them: by title, in the site's collation.
    static func homeListing(_ pages: [PageSummary], locale: String) -> [PageSummary] {
        let collation = Collation(locale: locale) ?? Collation(locale: "en")
        let keyed = pages.map { (page: $0, key: collation?.sortKey($0.title, strength: .secondary) ?? []) }
        return keyed.sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.page.name < $1.page.name }
            .map(\.page)
    }

    /// The home page of a site without `index.md`, in the site's locale.
    static func defaultHome(site: SiteSettings, strings: StringsCatalog) -> Page {
        var settings = PageSettings()
        settings.title = site.title
        return Page(
            name: "index", title: site.title, settings: settings, prose: .empty, sections: [],
            titleAnchor: AnchorSlugger.base(site.title), labelField: "name", source: SourceLocation(path: "index.md"),
            strings: strings.strings(for: LocaleTag(site.locale) ?? .english))
    }
}

/// Wall-clock time per stage of a build, and the peak of memory by each stage's end: which
/// stage holds the memory is the first question when a large build runs short of it.
struct StageClock {
    private var last = Date()
    private(set) var stages: [(name: String, seconds: Double, peakBytes: Int?)] = []

    mutating func mark(_ name: String) {
        let now = Date()
        stages.append((name, now.timeIntervalSince(last), Self.peakResidentBytes()))
        last = now
    }

    /// The process's peak resident set (`VmHWM` in Linux's `/proc/self/status`).
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
