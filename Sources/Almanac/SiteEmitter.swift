import AlmanacCore
import AlmanacRender
import AlmanacTemplate
import AlmanacWrite

/// Makes a manifest's files, on every core: a unit whose key the last build's cache holds for
/// its path is linked from the previous output (which is never changed), a listing whose prose
/// alone changed gets the new prose in place, and everything else is rendered — each file
/// written into the target (a build's staging folder, `render`'s output folder) as soon as it
/// exists, so a large site is never held in memory whole. Without a target (`almanac check`)
/// everything renders and nothing is written.
struct SiteEmitter: Sendable {
    let fileSystem: any FileSystem
    let outputPath: String
    /// The templates and the site every unit renders with.
    let library: TemplateLibrary
    let site: SiteInfo
    let manifest: SiteManifest
    let previous: BuildCache?

    /// What the emitter did, and what the next cache must know.
    struct Emitted: Sendable {
        var rendered = 0
        var reused = 0
        var splices: [String: ProseSplice] = [:]
        var extraFiles: [String: [String]] = [:]
        var contentKeys: [String: String] = [:]

        mutating func add(_ other: Emitted) {
            rendered += other.rendered
            reused += other.reused
            splices.merge(other.splices) { first, _ in first }
            extraFiles.merge(other.extraFiles) { first, _ in first }
            contentKeys.merge(other.contentKeys) { first, _ in first }
        }
    }

    /// A piece of work for one core: files to link, or units to render (a run of detail pages
    /// of one section renders over values built once).
    enum Task: Sendable {
        case reuse([Int])
        case render([Int])

        var isReuse: Bool {
            if case .reuse = self { return true }
            return false
        }
    }

    static let chunk = PageRenderer.detailChunk

    /// Told the number of units each finished task wrote.
    var progress: (@Sendable (Int) -> Void)?

    /// Told once every file that changed is in the staging folder, before the unchanged ones
    /// are linked beside them: `serve` can answer from the two folders at once from then on.
    var changedFilesReady: (@Sendable () -> Void)?

    func emit(into staging: (any OutputTarget)?) throws(DiagnosticList) -> Emitted {
        let tasks = tasks(reusing: staging != nil)
        guard let changedFilesReady else { return try run(tasks, into: staging) }
        var emitted = try run(tasks.filter { !$0.isReuse }, into: staging)
        changedFilesReady()
        emitted.add(try run(tasks.filter(\.isReuse), into: staging))
        return emitted
    }

    private func run(_ tasks: [Task], into staging: (any OutputTarget)?) throws(DiagnosticList) -> Emitted {
        let results = Parallel.map(tasks) { task in
            Result { () throws(Diagnostic) -> Emitted in
                switch task {
                case .reuse(let indices):
                    defer { progress?(indices.count) }
                    return try reuse(indices, into: staging)
                case .render(let indices):
                    defer { progress?(indices.count) }
                    return try render(indices, into: staging)
                }
            }
        }
        var emitted = Emitted()
        var errors: [Diagnostic] = []
        for result in results {
            switch result {
            case .success(let part): emitted.add(part)
            case .failure(let error): errors.append(error)
            }
        }
        guard errors.isEmpty else { throw DiagnosticList(errors) }
        return emitted
    }

    /// Whether a unit's file can come from the previous output unchanged.
    func isReusable(_ unit: SiteManifest.Unit) -> Bool {
        if case .kept = unit.work { return true }
        return previous?.key(of: unit.path) == unit.key
    }

    func tasks(reusing: Bool) -> [Task] {
        var tasks: [Task] = []
        var reused: [Int] = []
        var run: [Int] = []
        func flushRun() {
            if !run.isEmpty { tasks.append(.render(run)) }
            run = []
        }
        for (index, unit) in manifest.units.enumerated() {
            if reusing && isReusable(unit) {
                reused.append(index)
                if reused.count == Self.chunk {
                    tasks.append(.reuse(reused))
                    reused = []
                }
                continue
            }
            guard case .page(let page, .detail(let section, let position)) = unit.work else {
                flushRun()
                tasks.append(.render([index]))
                continue
            }
            if let last = run.last, case .page(page, .detail(section, position - 1)) = manifest.units[last].work, run.count < Self.chunk {
                run.append(index)
            } else {
                flushRun()
                run = [index]
            }
        }
        flushRun()
        if !reused.isEmpty { tasks.append(.reuse(reused)) }
        return tasks
    }

    private func reuse(_ indices: [Int], into staging: (any OutputTarget)?) throws(Diagnostic) -> Emitted {
        guard let staging else { return Emitted() }
        var emitted = Emitted()
        for index in indices {
            let unit = manifest.units[index]
            let extra = previous?.extraFiles[unit.path] ?? []
            do {
                var isThere = true
                for path in [unit.path] + extra where isThere {
                    isThere = try staging.reuse(path)
                }
                if isThere {
                    emitted.reused += 1 + extra.count
                    if let splice = previous?.splices[unit.path] { emitted.splices[unit.path] = splice }
                    if !extra.isEmpty { emitted.extraFiles[unit.path] = extra }
                    for path in [unit.path] + extra { emitted.contentKeys[path] = previous?.contentKeys[path] }
                    continue
                }
            } catch {
                throw .error(at: nil, "cannot keep \(unit.path) from the previous output: \(error)", hint: "the previous output was left as it was")
            }
            // Gone from the previous output since the build began: make it again if it can be.
            emitted.add(try render([index], into: staging))
        }
        return emitted
    }

    private func render(_ indices: [Int], into staging: (any OutputTarget)?) throws(Diagnostic) -> Emitted {
        let renderer = PageRenderer(library: library, site: site)
        var emitted = Emitted()
        let first = manifest.units[indices[0]]
        // The largest files of a large page go to the staging folder as they are made.
        if case .page(let page, let unit) = first.work {
            let written: [String]?
            let sink = staging.map { ReusingSink(staging: $0, previous: previous?.contentKeys ?? [:]) }
            do {
                if let sink {
                    written = try renderer.write(unit, of: manifest.pages[page], to: sink)
                } else {
                    written = try renderer.write(unit, of: manifest.pages[page], to: DiscardingSink())
                }
            } catch {
                throw .error(at: nil, "cannot write \(first.path): \(error)", hint: "the previous output was left as it was")
            }
            if let written {
                let extra = Array(written.dropFirst())
                if !extra.isEmpty { emitted.extraFiles[first.path] = extra }
                for path in extra { emitted.contentKeys[path] = sink?.keys[path] }
                emitted.reused += sink?.reused ?? 0
                emitted.rendered += written.count - (sink?.reused ?? 0)
                return emitted
            }
        }
        var artifacts: [Artifact]
        switch first.work {
        case .fixed(let artifact), .staticFile(let artifact):
            artifacts = [artifact]
        case .home(let format):
            artifacts = try manifest.home.flatMap { home throws(Diagnostic) in
                try renderer.renderHome(home, pages: manifest.summaries, format: format)
            }.map { [$0] } ?? []
        case .page(let page, .listing(let format)):
            let listing = try renderer.renderListing(manifest.pages[page], format: format)
            artifacts = [Artifact(path: first.path, bytes: listing.bytes)]
            if let splice = listing.splice { emitted.splices[first.path] = splice }
        case .page(let page, .detail(let section, let position)):
            artifacts = try renderer.renderDetails(of: manifest.pages[page], section: section, positions: position..<(position + indices.count))
        case .page(let page, let unit):
            artifacts = try renderer.render(unit, of: manifest.pages[page])
            if artifacts.count > 1 { emitted.extraFiles[first.path] = artifacts.dropFirst().map(\.path) }
        case .splice(let edit, let format):
            let (artifact, splice) = try spliceProse(first.path, edit: manifest.edits[edit], format: format)
            artifacts = [artifact]
            emitted.splices[first.path] = splice
        case .kept:
            throw .error(at: nil, "the previous output lost \(first.path) during the build", hint: "build again")
        }
        try store(artifacts, comparing: Self.comparesContent(first.work), into: staging, noting: &emitted)
        return emitted
    }

    /// Writes a unit's files, or with `comparing` links each whose bytes are as before.
    private func store(
        _ artifacts: [Artifact], comparing: Bool, into staging: (any OutputTarget)?, noting emitted: inout Emitted
    ) throws(Diagnostic) {
        guard let staging else {
            emitted.rendered += artifacts.count
            return
        }
        for artifact in artifacts {
            do {
                if comparing {
                    let key = ContentHash.fingerprint([artifact.bytes])
                    emitted.contentKeys[artifact.path] = key
                    if previous?.contentKeys[artifact.path] == key, try staging.reuse(artifact.path) {
                        emitted.reused += 1
                        continue
                    }
                }
                try staging.write(artifact)
                emitted.rendered += 1
            } catch {
                throw .error(at: nil, "cannot write \(artifact.path): \(error)", hint: "the previous output was left as it was")
            }
        }
    }

    /// Whether a unit's files are linked from the previous output when they come out byte for
    /// byte as they were. A page's listings and section pages are keyed on its whole data, so
    /// they are made again for any change, but most show none of it: one changed row leaves all
    /// but one section page of a hundred as it was. A detail page's key is exactly what it
    /// shows, so it is not compared (a hundred thousand of them would be hashed for nothing).
    static func comparesContent(_ work: SiteManifest.Work) -> Bool {
        switch work {
        case .page(_, .listing), .page(_, .sectionPage): return true
        default: return false
        }
    }

    /// The previous listing file with the page's new prose in place of the old.
    private func spliceProse(_ path: String, edit: PagePlan.ProseEdit, format: OutputFormat) throws(Diagnostic) -> (Artifact, ProseSplice) {
        let hint = "build again with --no-cache"
        guard let splice = previous?.splices[path] else {
            throw .error(at: nil, "cannot update \(path): the last build did not note where its prose is", hint: hint)
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(Path.join(outputPath, path))
        } catch {
            throw .error(at: nil, "cannot update \(path): \(error)", hint: hint)
        }
        guard let updated = splice.apply(edit.prose, format: format, to: bytes) else {
            throw .error(at: nil, "cannot update \(path): it changed since the last build", hint: hint)
        }
        return (Artifact(path: path, bytes: updated.bytes), updated.splice)
    }
}
