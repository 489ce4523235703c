import AlmanacCore
import AlmanacSource
import AlmanacModel
import AlmanacRender

/// What a build starts from, read once: the site settings, the templates, the static files,
/// where the pages are, and a fingerprint of everything site-wide.
struct SiteInputs: Sendable {
    let site: SiteSettings
    let templates: SiteTemplates
    let siteInfo: SiteInfo
    let staticArtifacts: [Artifact]
    /// `Content/static`, where the static files come from.
    let staticRoot: String
    let pages: [PageSource.Location]
    /// The strings tables pages read their words from.
    let strings: StringsCatalog
    let boundary: SiteBoundary
    /// Templates, site settings, static file names and this version of Almanac: when any of
    /// these changes, nothing from the last build is reused.
    let global: String
    /// What is wrong with the site's own settings, reported with the pages' warnings.
    var warnings: [Diagnostic] = []

    /// Part of every cache key and of search data names: a version of Almanac that would
    /// render the same inputs differently never trusts an older build's files. The program's
    /// build ID changes with any change to its code; the number is for a program without one.
    static let cacheVersion = "almanac-0.1.0-cache-3-" + BuildIdentity.buildID
}

/// Reading what a build starts from.
extension SiteBuilder {
    func loadInputs() throws(DiagnosticList) -> SiteInputs {
        let source: SiteSource
        let pages: [PageSource.Location]
        do {
            source = try SiteSource(contentPath: options.contentPath, fileSystem: fileSystem)
        } catch {
            throw DiagnosticList([error] + SiteSource.pageSettingsProblems(in: options.contentPath, fileSystem: fileSystem))
        }
        do {
            pages = try source.pages()
        } catch {
            throw DiagnosticList([error])
        }
        let site = try loadConfiguration(source)
        let templates = try loadTemplates()
        let boundary = source.boundary
        let staticArtifacts = try loadStaticFiles(within: boundary)
        let (strings, stringsWarnings) = try templates.strings(site)
        let siteInfo = templates.siteInfo(site, staticFiles: Set(staticArtifacts.map(\.path)))
        let global = ContentHash.fingerprint([
            Array(SiteInputs.cacheVersion.utf8), Array(templates.fingerprint.utf8),
            Array(([site.title, site.baseURL ?? "", site.locale, site.theme.rawValue] + site.allowOutside).joined(separator: "\u{0}").utf8),
            Array(staticArtifacts.map(\.path).joined(separator: "\u{0}").utf8),
            Array(site.strings.fingerprintText.utf8),
        ])
        return SiteInputs(
            site: site, templates: templates, siteInfo: siteInfo, staticArtifacts: staticArtifacts,
            staticRoot: Path.join(options.contentPath, "static"), pages: pages, strings: strings,
            boundary: boundary, global: global, warnings: source.warnings + (try siteWarnings(site, strings: strings)) + stringsWarnings + templates.warnings + SiteSource.renamedPages(pages))
    }

    /// The site's settings, with the command line's `--locale` and `--base-url` over them.
    func loadConfiguration(_ source: SiteSource) throws(DiagnosticList) -> SiteSettings {
        var site = source.settings
        if let locale = options.locale { site.locale = locale }
        if let baseURL = options.baseURL {
            if let problem = SiteSettings.baseURLProblem(baseURL) {
                throw DiagnosticList([.error(at: nil, "--base-url: " + problem.message, hint: problem.hint)])
            }
            site.baseURL = baseURL
        }
        return site
    }

    /// Site settings that are read but cannot do what they say; a locale ICU does not know is
    /// an error, since every page would sort and speak by a guess.
    func siteWarnings(_ site: SiteSettings, strings: StringsCatalog) throws(DiagnosticList) -> [Diagnostic] {
        let location = options.locale != nil ? nil : site.keyLocations["locale"]
        guard let locale = LocaleTag(site.locale) else {
            throw DiagnosticList([LocaleTag.unknown(options.locale.map { "--locale " + $0 } ?? site.locale, at: location)]
                + SiteSource.pageSettingsProblems(in: options.contentPath, fileSystem: fileSystem))
        }
        return strings.hasTable(for: locale) ? [] : [StringsCatalog.untranslated(locale, at: location)]
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
                for relative in try SiteSource.listFiles(fileSystem, root) {
                    overrides[relative] = try fileSystem.read(Path.join(root, relative))
                }
            } catch {
                throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the templates: \(error)")])
            }
        }
        return options.session?.templates(overrides: overrides, root: root, strict: options.isStrict)
            ?? SiteTemplates(overrides: overrides, overrideRoot: root, strictNames: options.isStrict)
    }

    /// Files under `Content/static/`, copied into the output as they are (images, downloads).
    func loadStaticFiles(within boundary: SiteBoundary) throws(DiagnosticList) -> [Artifact] {
        let root = Path.join(options.contentPath, "static")
        guard fileSystem.isDirectory(root) else { return [] }
        let files: [String]
        do {
            files = try SiteSource.listFiles(fileSystem, root)
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

    /// Refuses an output folder that is, holds or lies inside one the build reads. `serve`
    /// asks before it starts, so it never runs without a site it could build.
    public func checkOutputLocation() throws(DiagnosticList) {
        let boundary = SiteBoundary(fileSystem: fileSystem, contentPath: options.contentPath, allowOutside: [])
        let sources = [("content folder", options.contentPath), ("templates folder", options.templatesPath ?? "Templates")]
        if let problem = boundary.outputProblem(output: options.outputPath, sources: sources) {
            throw DiagnosticList([problem])
        }
    }
}
