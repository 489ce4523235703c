import AlmanacCore
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

    static let stylesheetName = "assets/almanac.css"
    static let scriptName = "assets/almanac.js"

    /// `overrides` maps paths under the site's templates folder (`assets/almanac.css`,
    /// `partials/row.html.mustache`) to their bytes. `strictNames`: a template reading a name
    /// its view does not have fails the build (under `--strict`).
    init(overrides: [String: [UInt8]], overrideRoot: String, strictNames: Bool = false) {
        var files = DefaultTemplates.files
        for (name, bytes) in overrides { files[name] = bytes }
        let text = { (table: [String: [UInt8]]) in
            table.filter { $0.key.hasSuffix(".mustache") }.mapValues { String(decoding: $0, as: UTF8.self) }
        }
        library = TemplateLibrary(overrides: text(overrides), overrideRoot: overrideRoot, defaults: text(DefaultTemplates.files), strictNames: strictNames)
        var assets: [Artifact] = []
        var stylesheet = Self.stylesheetName
        var script = Self.scriptName
        for name in files.keys.sorted() where name.hasPrefix("assets/") {
            // The page script starts with what it must agree on with the build.
            let bytes = (name == Self.scriptName ? Array(BrowserContract.script().utf8) : []) + (files[name] ?? [])
            var path = name
            if name == Self.stylesheetName || name == Self.scriptName {
                path = "assets/" + ContentHash.name(Path.fileName(of: name), for: bytes)
                if name == Self.stylesheetName { stylesheet = path } else { script = path }
            }
            assets.append(Artifact(path: path, bytes: bytes))
        }
        self.assets = assets
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
            title: site.title, baseURL: site.baseURL, language: Self.language(of: site.locale),
            stylesheet: stylesheet, script: script, staticFiles: staticFiles)
        info.theme = site.theme
        return info
    }

    /// `sv-SE` → `sv`, for `<html lang>`.
    static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" }).first ?? "en")
    }
}
