import AlmanacCommonMark
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

    public init() {}
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    public let pageCount: Int
    public let rowCount: Int
    /// Files rendered by this build.
    public let fileCount: Int
    /// Pages whose every file was kept from the last build, and pages whose detail pages were.
    public let reusedPages: Int
    public let reusedDetailFolders: Int
    /// Pages whose prose alone changed, updated in place of being rendered.
    public let proseOnlyPages: Int
    public let warnings: [Diagnostic]
    /// How long each stage took, in order, for `--verbose`.
    public let stages: [(name: String, seconds: Double)]
}

/// The pipeline in a few readable steps: plan every page (load and model, in parallel, skipping
/// pages the cache says are unchanged), render and write them (in parallel chunks, straight into
/// a staging folder), then let the writer swap the staging folder in. A failure anywhere leaves
/// the previous output as it was.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    public let fileSystem: any FileSystem

    public init(options: BuildOptions, fileSystem: any FileSystem = DiskFileSystem()) {
        self.options = options
        self.fileSystem = fileSystem
    }

    /// Builds the site into the output folder.
    public func build() throws(DiagnosticList) -> BuildReport {
        var clock = StageClock()
        try checkOutputLocation()
        let plan = try makePlan(reusing: true)
        clock.mark("load and model")
        let writer = OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath)
        let staging: OutputWriter.Staging
        do {
            staging = try writer.begin()
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)")])
        }
        do throws(DiagnosticList) {
            let emitted = try emit(plan, into: staging)
            clock.mark("render and write")
            do {
                try staging.commit()
            } catch {
                throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)", hint: "the previous output was left as it was")])
            }
            clock.mark("swap")
            if options.usesCache {
                var cache = plan.cache
                for (path, span) in emitted.proseSpans {
                    let name = Path.removingExtension(path)
                    cache.pages[name]?.proseSpans[path] = span
                }
                // A cache that cannot be saved only costs the next build its shortcut.
                try? cache.save(fileSystem, output: options.outputPath)
            }
            return plan.report(emitted.files, stages: clock.stages)
        } catch {
            staging.abandon()
            throw error
        }
    }

    /// Does everything a build does except writing.
    public func check() throws(DiagnosticList) -> BuildReport {
        var clock = StageClock()
        let plan = try makePlan(reusing: false)
        clock.mark("load and model")
        let emitted = try emit(plan, into: nil)
        clock.mark("render")
        return plan.report(emitted.files, stages: clock.stages)
    }

    /// The pages as the home page lists them: by title, in the site's collation.
    static func homeListing(_ pages: [PageSummary], locale: String) -> [PageSummary] {
        let collation = Collation(locale: locale) ?? Collation(locale: "en")
        let keyed = pages.map { (page: $0, key: collation?.sortKey($0.title, strength: .secondary) ?? []) }
        return keyed.sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.page.name < $1.page.name }
            .map(\.page)
    }

    static func defaultHome(site: SiteConfiguration) -> Page {
        var settings = PageSettings()
        settings.title = site.title
        return Page(
            name: "index", title: site.title, settings: settings, prose: .empty, sections: [],
            titleAnchor: AnchorSlugger.base(site.title), labelField: "name", source: SourceLocation(path: "index.md"))
    }
}

/// Wall-clock time per stage of a build.
struct StageClock {
    private var last = Date()
    private(set) var stages: [(name: String, seconds: Double)] = []

    mutating func mark(_ name: String) {
        let now = Date()
        stages.append((name, now.timeIntervalSince(last)))
        last = now
    }
}
