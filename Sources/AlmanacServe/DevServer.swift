import Almanac
import AlmanacCore
import AlmanacSource
import CStopSignal
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `almanac serve`: builds the site, serves `Output/` on loopback, watches the content, the
/// site's templates and the folders its data may come from, rebuilds on change and reloads
/// the open pages. A failed build keeps the last good site served and shows its error over
/// the pages and in the terminal. Ctrl-C stops it.
public final class DevServer: Sendable {
    public struct Options: Sendable {
        public var build = BuildOptions()
        public var host = "127.0.0.1"
        public var port: UInt16 = 8000
        public var opensBrowser = false
        /// Watch by polling even where inotify works (for tests of the fallback).
        public var polls = false

        public init() {}
    }

    let options: Options
    let log: @Sendable (String) -> Void
    let describe: @Sendable (Diagnostic) -> String
    let events = EventStream()
    let files: StaticFiles
    let pages = ServedPages()
    /// What one build leaves the next: the cache and the parsed templates.
    let session = BuildSession()
    private let buildQueue = DispatchQueue(label: "almanac.build")

    /// Whether a build is under way, whether another was asked for meanwhile, and the last
    /// build's error, if it failed.
    private struct State {
        var isBuilding = false
        var buildsAgain = false
        var problem: String?
    }

    private let state = Locked(State())
    /// The staging folder of a build whose changed files are all made, answered from over the
    /// output until the build is swapped in. A request finds and opens its file holding this
    /// lock, and the swap happens holding it, so no request opens a file of a tree that has
    /// just moved away (after the exchange the staging path holds the previous tree).
    let servedTree = Locked<String?>(nil)

    public init(options: Options, log: @escaping @Sendable (String) -> Void, describe: @escaping @Sendable (Diagnostic) -> String) {
        self.options = options
        self.log = log
        self.describe = describe
        self.files = StaticFiles(root: options.build.outputPath)
    }

    /// Serves until SIGINT or SIGTERM.
    public func run() throws(Diagnostic) {
        signal(SIGPIPE, SIG_IGN)
        // A folder that is no site is a mistake to say at once, in build's words, not a server
        // waiting for a Content/ folder that is not coming.
        _ = try SiteSource.pages(in: options.build.contentPath, fileSystem: DiskFileSystem())
        do {
            try SiteBuilder(options: options.build, fileSystem: DiskFileSystem()).checkOutputLocation()
        } catch {
            throw error.diagnostics[0]
        }
        build(reason: nil)
        let server: HTTPServer
        do {
            server = try HTTPServer(host: options.host, port: options.port) { [self] request in respond(to: request) }
        } catch {
            throw .error(at: nil, "\(error)", hint: "pass another --port, or --port 0 for any free one")
        }
        let address = options.host.contains(":") ? "[\(options.host)]" : options.host
        let url = "http://\(address):\(server.port)/"
        if !Self.isLoopback(options.host) {
            log("warning: serving on \(options.host), which other machines may reach; the site is served to anyone who can")
        }
        let watcher = SiteWatcher(folders: watchedFolders()) { [self] in build(reason: "changed") }
        watcher.start(forcePolling: options.polls)
        // Ctrl-C is caught from before the line that says it stops the server: one pressed
        // (or sent) the moment the line appears is never lost.
        if almanac_stop_signal_install() != 0 {
            throw .error(at: nil, "cannot catch Ctrl-C: \(String(cString: strerror(errno)))")
        }
        log("Serving \(options.build.outputPath)/ at \(url) — watching \(watchedFolders().joined(separator: ", ")) (\(watcher.method)); Ctrl-C stops")
        if options.opensBrowser { Self.open(url) }
        almanac_stop_signal_wait()
        watcher.stop()
        events.closeAll()
        server.stop()
        log("Stopped.")
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.")
    }

    // MARK: Building

    /// Builds now, or once more after the build under way.
    func build(reason: String?) {
        let isUnderWay = state.withLock { state in
            defer { state.isBuilding = true }
            if state.isBuilding { state.buildsAgain = true }
            return state.isBuilding
        }
        if isUnderWay { return }
        let work: @Sendable () -> Void = { [self] in
            repeat {
                state.withLock { $0.buildsAgain = false }
                buildOnce(reason: reason)
                let again = state.withLock { state in
                    if !state.buildsAgain { state.isBuilding = false }
                    return state.buildsAgain
                }
                if !again { break }
            } while true
        }
        if reason == nil { buildQueue.sync(execute: work) } else { buildQueue.async(execute: work) }
    }

    /// One build. The pages reload as soon as every changed file is made: from then on they
    /// are answered from the staging folder over the previous output, a whole build's worth of
    /// files, while the unchanged files are linked and the folder is swapped in.
    private func buildOnce(reason: String?) {
        let started = Date()
        let reloaded = Locked<Date?>(nil)
        var buildOptions = options.build
        buildOptions.keepsPreviousOutput = true
        buildOptions.session = session
        buildOptions.waitsForAnotherBuild = { [self] in log(SiteBuilder.waitingMessage) }
        buildOptions.changedFilesReady = { [self] staging in
            servedTree.withLock { $0 = staging }
            announceSuccess()
            reloaded.withLock { $0 = Date() }
        }
        buildOptions.swapsOutput = { [self] swap in
            try servedTree.withLock { overlay in
                overlay = nil
                try swap()
            }
        }
        let builder = SiteBuilder(options: buildOptions, fileSystem: DiskFileSystem())
        // The previous tree (100,000 files, a second) is deleted after the news is out.
        defer { builder.removePreviousOutput() }
        do {
            let report = try builder.build()
            // A build that changed nothing (an editor's temporary file woke it) reloads no page,
            // unless the pages show the last build's problem, which is now gone.
            if reloaded.withLock({ $0 }) == nil, report.fileCount > 0 || currentProblem != nil { announceSuccess() }
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let early = reloaded.withLock { $0 }.map { String(format: "; pages reloaded after %.2f s", $0.timeIntervalSince(started)) } ?? ""
            for warning in report.warnings { log(describe(warning)) }
            let parsed = report.pagesWithDataFromMemory == 0 ? ""
                : ", data of \(report.pagesWithDataFromMemory) page\(report.pagesWithDataFromMemory == 1 ? "" : "s") kept in memory"
            log("\(reason == nil ? "Built" : "Rebuilt") \(report.pageCount) page\(report.pageCount == 1 ? "" : "s"): \(report.fileCount) file\(report.fileCount == 1 ? "" : "s") rendered, \(report.reusedFiles) kept\(parsed) (\(seconds) s\(early))")
        } catch {
            let text = error.diagnostics.map(describe).joined(separator: "\n")
            log(text)
            let hasBuilt = SiteBuilder(options: options.build, fileSystem: DiskFileSystem()).outputHasABuild
            log(hasBuilt ? "The last good build is still served." : "Nothing is served until the site builds.")
            servedTree.withLock { $0 = nil }
            state.withLock { $0.problem = text }
            events.broadcast("problem", data: text, isState: true)
        }
    }

    /// Tells the open pages the site built: reload, or (after a failed build) the problem is fixed.
    private func announceSuccess() {
        let wasBroken = state.withLock { state in
            defer { state.problem = nil }
            return state.problem != nil
        }
        events.broadcast(wasBroken ? "fixed" : "reload", data: "")
    }

    private func watchedFolders() -> [String] {
        let fileSystem = DiskFileSystem()
        let site = try? SiteSource(contentPath: options.build.contentPath, fileSystem: fileSystem)
        var folders = site?.folders ?? [options.build.contentPath]
        let templates = options.build.templatesPath ?? "Templates"
        if fileSystem.isDirectory(templates) { folders.insert(templates, at: 1) }
        return folders
    }

    private static func open(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    var currentProblem: String? {
        state.withLock { $0.problem }
    }
}
