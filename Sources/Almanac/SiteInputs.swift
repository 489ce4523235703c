import AlmanacCore
import AlmanacModel
import AlmanacRender

/// What a build starts from, read once: the site settings, the templates, the static files,
/// where the pages are, and a fingerprint of everything site-wide.
struct SiteInputs: Sendable {
    let site: SiteConfiguration
    let templates: SiteTemplates
    let siteInfo: SiteInfo
    let staticArtifacts: [Artifact]
    /// `Content/static`, where the static files come from.
    let staticRoot: String
    let pages: [PageSource.Location]
    let boundary: SiteBoundary
    /// Templates, site settings, static file names and this version of Almanac: when any of
    /// these changes, nothing from the last build is reused.
    let global: String

    /// Part of every cache key and of search data names: a version of Almanac that would
    /// render the same inputs differently never trusts an older build's files. Change it
    /// whenever the same inputs would give other output.
    static let cacheVersion = "almanac-0.1.0-cache-2"
}

/// Reading what a build starts from.
extension SiteBuilder {
    func loadInputs() throws(DiagnosticList) -> SiteInputs {
        let site = try loadConfiguration()
        let templates = try loadTemplates()
        let boundary = SiteBoundary(fileSystem: fileSystem, contentPath: options.contentPath, allowOutside: site.allowOutside)
        let staticArtifacts = try loadStaticFiles(within: boundary)
        let siteInfo = templates.siteInfo(site, staticFiles: Set(staticArtifacts.map(\.path)))
        let pages = try discoverPages()
        let global = ContentHash.fingerprint([
            Array(SiteInputs.cacheVersion.utf8), Array(templates.fingerprint.utf8),
            Array(([site.title, site.baseURL ?? "", site.locale, site.theme ?? ""] + site.allowOutside).joined(separator: "\u{0}").utf8),
            Array(staticArtifacts.map(\.path).joined(separator: "\u{0}").utf8),
        ])
        return SiteInputs(
            site: site, templates: templates, siteInfo: siteInfo, staticArtifacts: staticArtifacts,
            staticRoot: Path.join(options.contentPath, "static"), pages: pages,
            boundary: boundary, global: global)
    }

    func loadConfiguration() throws(DiagnosticList) -> SiteConfiguration {
        var site = SiteConfiguration()
        let path = Path.join(options.contentPath, SiteConfiguration.fileName)
        if fileSystem.exists(path) {
            do {
                site = try SiteConfiguration(yaml: try fileSystem.read(path), path: path)
            } catch let error as Diagnostic {
                throw DiagnosticList([error])
            } catch {
                throw DiagnosticList([.error(at: SourceLocation(path: path), "cannot read: \(error)")])
            }
        }
        if let locale = options.locale { site.locale = locale }
        if let baseURL = options.baseURL {
            if let problem = SiteConfiguration.baseURLProblem(baseURL) {
                throw DiagnosticList([.error(at: nil, "--base-url: " + problem.message, hint: problem.hint)])
            }
            site.baseURL = baseURL
        }
        return site
    }

    /// The site's templates and assets over the built-in ones.
    func loadTemplates() throws(DiagnosticList) -> SiteTemplates {
        var overrides: [String: [UInt8]] = [:]
        let root = options.templatesPath ?? "Templates"
        if options.templatesPath != nil && !fileSystem.isDirectory(root) {
            throw DiagnosticList([.error(at: nil, "no templates folder at \(root)")])
        }
        if fileSystem.isDirectory(root) {
            do {
                for relative in try Self.listFiles(fileSystem, root) {
                    overrides[relative] = try fileSystem.read(Path.join(root, relative))
                }
            } catch {
                throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the templates: \(error)")])
            }
        }
        return SiteTemplates(overrides: overrides, overrideRoot: root)
    }

    /// Files under `Content/static/`, copied into the output as they are (images, downloads).
    func loadStaticFiles(within boundary: SiteBoundary) throws(DiagnosticList) -> [Artifact] {
        let root = Path.join(options.contentPath, "static")
        guard fileSystem.isDirectory(root) else { return [] }
        let files: [String]
        do {
            files = try Self.listFiles(fileSystem, root)
        } catch {
            throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the static files: \(error)")])
        }
        // A link that leads out of the site would publish whatever it points at.
        let outside = files.filter { !boundary.isReadable(Path.join(root, $0)) }
        guard outside.isEmpty else {
            throw DiagnosticList(outside.map {
                .error(at: SourceLocation(path: Path.join(root, $0)), "the static file leads outside the site", hint: SiteBoundary.outsideHint)
            })
        }
        do {
            return try files.map { Artifact(path: $0, bytes: try fileSystem.read(Path.join(root, $0))) }
        } catch {
            throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the static files: \(error)")])
        }
    }

    /// Refuses an output folder that is, holds or lies inside one the build reads.
    func checkOutputLocation() throws(DiagnosticList) {
        let boundary = SiteBoundary(fileSystem: fileSystem, contentPath: options.contentPath, allowOutside: [])
        let sources = [("content folder", options.contentPath), ("templates folder", options.templatesPath ?? "Templates")]
        if let problem = boundary.outputProblem(output: options.outputPath, sources: sources) {
            throw DiagnosticList([problem])
        }
    }

    static func listFiles(_ fileSystem: any FileSystem, _ root: String, prefix: String = "") throws -> [String] {
        var files: [String] = []
        for name in try fileSystem.contents(ofDirectory: prefix.isEmpty ? root : Path.join(root, prefix)) where !name.hasPrefix(".") {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if fileSystem.isDirectory(Path.join(root, relative)) {
                files += try listFiles(fileSystem, root, prefix: relative)
            } else {
                files.append(relative)
            }
        }
        return files
    }

    /// Content pages are the `.md` files at the top of the content folder, in code-point order;
    /// each gets a safe, unique output name (`index.md` is the home page).
    func discoverPages() throws(DiagnosticList) -> [PageSource.Location] {
        guard fileSystem.isDirectory(options.contentPath) else {
            throw DiagnosticList([.error(at: nil, "no content folder at \(options.contentPath)", hint: "run almanac in a site folder, or pass --content DIR")])
        }
        let names: [String]
        do {
            names = try fileSystem.contents(ofDirectory: options.contentPath)
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot list \(options.contentPath)")])
        }
        var allocator = SlugAllocator(reserved: ["index", "assets"])
        var sources: [PageSource.Location] = []
        for name in names where Path.fileExtension(of: name) == "md" && !name.hasPrefix(".") {
            let path = Path.join(options.contentPath, name)
            guard !fileSystem.isDirectory(path) else { continue }
            let stem = Path.removingExtension(name)
            let outputName = stem == "index" ? "index" : allocator.allocate(stem, fallback: "page")
            sources.append(PageSource.Location(path: path, name: outputName))
        }
        return sources
    }
}
