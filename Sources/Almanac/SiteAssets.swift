import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacDefaults
import AlmanacRender
import AlmanacTemplate

/// The templates and web assets a build uses: the site's own `Templates/` over the built-in
/// ones, file by file. The stylesheet and script get a content hash in their names so browsers
/// cache them until they change.
struct SiteTemplates: Sendable {
    let library: TemplateLibrary
    let assets: [Artifact]
    let stylesheet: String
    let script: String
    /// A fingerprint of every template and asset, for the rebuild cache.
    let fingerprint: String
    /// The site's own strings tables (`strings/sv.yaml` under its templates folder), by the
    /// path of each.
    let stringTables: [String: [UInt8]]
    /// What in the site's own templates has no effect (PageScript.unusedParts).
    let warnings: [Diagnostic]

    static let stylesheetName = "assets/almanac.css"
    static let scriptName = PageScript.name

    /// `overrides` maps paths under the site's templates folder (`assets/almanac.css`,
    /// `partials/row.html.mustache`) to their bytes. `strictNames`: a template reading a name
    /// its view does not have fails the build (under `--strict`).
    init(overrides: [String: [UInt8]], overrideRoot: String, strictNames: Bool = false) {
        var files = DefaultTemplates.files
        for (name, bytes) in overrides { files[name] = bytes }
        let text = { (table: [String: [UInt8]]) in
            table.filter { $0.key.hasSuffix(".mustache") }.mapValues { String(decoding: $0, as: UTF8.self) }
        }
        stringTables = Dictionary(uniqueKeysWithValues: overrides.filter { $0.key.hasPrefix("strings/") && $0.key.hasSuffix(".yaml") }.map {
            (Path.join(overrideRoot, $0.key), $0.value)
        })
        library = TemplateLibrary(overrides: text(overrides), overrideRoot: overrideRoot, defaults: text(DefaultTemplates.files), strictNames: strictNames)
        // The page script's parts are joined into one file (PageScript), not copied.
        let joined = PageScript.join(files)
        var assets: [Artifact] = []
        var stylesheet = Self.stylesheetName
        var script = Self.scriptName
        let names = Set(files.keys.filter { $0.hasPrefix("assets/") && !PageScript.isPart($0) }).union([Self.scriptName])
        for name in names.sorted() {
            let bytes = name == Self.scriptName ? joined : files[name] ?? []
            var path = name
            if name == Self.stylesheetName || name == Self.scriptName {
                path = "assets/" + ContentHash.name(Path.fileName(of: name), for: bytes)
                if name == Self.stylesheetName { stylesheet = path } else { script = path }
            }
            assets.append(Artifact(path: path, bytes: bytes))
        }
        self.assets = assets
        warnings = PageScript.unusedParts(overrides: overrides, overrideRoot: overrideRoot)
        // What `serve` alone adds to the pages it serves is no input of the site.
        self.fingerprint = ContentHash.fingerprint(
            [Array(BrowserContract.script().utf8)]
                + files.keys.sorted().filter { !$0.hasPrefix("serve/") }.flatMap { [Array($0.utf8), files[$0] ?? []] }
                // A strict build renders every file once more, so each is checked.
                + (strictNames ? [Array("strict names".utf8)] : []))
        self.stylesheet = stylesheet
        self.script = script
    }

    /// The stylesheet and script to put inside a single-file page.
    func singleFileAssets() throws(Diagnostic) -> SingleFileAssets {
        let text = { (path: String) in String(decoding: assets.first { $0.path == path }?.bytes ?? [], as: UTF8.self) }
        return try SingleFileAssets(style: text(stylesheet), script: text(script))
    }

    func siteInfo(_ site: SiteSettings, staticFiles: Set<String> = []) -> SiteInfo {
        var info = SiteInfo(
            title: site.title, baseURL: site.baseURL,
            stylesheet: stylesheet, script: script, staticFiles: staticFiles)
        info.theme = site.theme
        return info
    }

    /// The strings tables the site's pages read: the built-in ones, the site's own tables over
    /// them, and `strings:` in almanac.yaml over all; with what in the site's tables would have
    /// no effect.
    func strings(_ site: SiteSettings) throws(DiagnosticList) -> (catalog: StringsCatalog, warnings: [Diagnostic]) {
        var catalog = StringsCatalog.builtIn
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        for path in stringTables.keys.sorted() {
            let name = Path.removingExtension(Path.fileName(of: path))
            guard let locale = LocaleTag(name) else {
                errors.append(LocaleTag.unknown(name, at: SourceLocation(path: path)))
                continue
            }
            do {
                let table = try StringsTableReader.read(stringTables[path] ?? [], path: path)
                warnings += StringsCatalog.problems(of: table, locale: locale)
                catalog = catalog.adding(table, for: name)
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw DiagnosticList(errors) }
        warnings += StringsCatalog.problems(of: site.strings, locale: nil)
        catalog.overrides = site.strings
        return (catalog, warnings)
    }
}
