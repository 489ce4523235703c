import AlmanacCommonMark
import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacRender

/// Loads one content page — front matter, its data file, its prose — and builds its model.
/// Everything a page needs from the disk is read here, through the file system seam.
struct PageLoader: Sendable {
    let fileSystem: any FileSystem
    let site: SiteConfiguration
    let boundary: SiteBoundary

    /// A page to build: the Markdown file and the output name chosen for it.
    struct Source: Sendable {
        let path: String
        let name: String
    }

    func load(_ source: Source) throws(Diagnostic) -> PageBuilder.Result {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(source.path)
        } catch {
            throw .error(at: SourceLocation(path: source.path), "cannot read the page: \(error)")
        }
        let frontMatter = try FrontMatter.parse(bytes, path: source.path)
        let settings = try PageSettings(frontMatter.settings, locations: frontMatter.keyLocations, file: source.path)
        var data: DatasetShape?
        if let dataName = settings.data {
            let dataLocation = frontMatter.keyLocations["data"] ?? SourceLocation(path: source.path)
            data = try loadData(dataName, relativeTo: source.path, settings: settings, referencedAt: dataLocation)
        }
        let rendered = MarkdownRenderer(allowsUnsafe: settings.allowsUnsafeMarkdown).render(frontMatter.body)
        let prose = Prose(markdown: rendered.markdown, html: rendered.html, headings: rendered.headings)
        var settingsWithTitle = settings
        if settingsWithTitle.title == nil {
            settingsWithTitle.title = source.name == "index" ? site.title : Self.titleFromName(source.name)
        }
        let input = PageBuilder.Input(
            name: source.name, settings: settingsWithTitle, prose: prose, data: data,
            source: SourceLocation(path: source.path), defaultLocale: site.locale)
        return try PageBuilder().build(input)
    }

    /// Fingerprints of a page's inputs for the rebuild cache, and its prose, rendered.
    struct Fingerprint: Sendable {
        /// Settings, data and prose headings: what detail pages, section pages and the JSON
        /// twin depend on.
        let details: String
        /// Those plus whether there is prose: what fixes the listing around the prose.
        let layout: String
        /// Everything, prose included.
        let listing: String
        let prose: Prose
    }

    /// The page's fingerprints; nil when the page cannot be read, in which case loading it
    /// reports why.
    func fingerprint(_ source: Source) -> Fingerprint? {
        guard let bytes = try? fileSystem.read(source.path),
              let frontMatter = try? FrontMatter.parse(bytes, path: source.path)
        else { return nil }
        let settings = Array(JSONWriter(pretty: false).write(.object(frontMatter.settings)).utf8)
        var data: [UInt8] = []
        if case .string(let name)? = frontMatter.settings["data"] {
            let path = Self.dataPath(name, relativeTo: source.path)
            guard boundary.isReadable(path), let dataBytes = try? fileSystem.read(path) else { return nil }
            data = dataBytes
        }
        let unsafe = frontMatter.settings["unsafe"] == .bool(true)
        let rendered = MarkdownRenderer(allowsUnsafe: unsafe).render(frontMatter.body)
        let prose = Prose(markdown: rendered.markdown, html: rendered.html, headings: rendered.headings)
        // Prose headings take anchors that section ids then avoid, and section ids appear in
        // detail pages (the way back), section pages and the JSON twin.
        let details = ContentHash.fingerprint([Array(source.name.utf8), settings, data] + rendered.headings.map { Array($0.utf8) })
        let layout = ContentHash.fingerprint([Array(details.utf8), Array((rendered.html.isEmpty ? "" : "prose").utf8)])
        let listing = ContentHash.fingerprint([Array(layout.utf8), Array(frontMatter.body.utf8)])
        return Fingerprint(details: details, layout: layout, listing: listing, prose: prose)
    }

    /// Reads a data file named in front matter, relative to the page.
    func loadData(_ name: String, relativeTo pagePath: String, settings: PageSettings, referencedAt location: SourceLocation) throws(Diagnostic) -> DatasetShape {
        let path = Self.dataPath(name, relativeTo: pagePath)
        guard boundary.isReadable(path) else {
            throw .error(at: location, "the data file '\(name)' is outside the site", hint: SiteBoundary.outsideHint)
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(path)
        } catch {
            let reason = (error as? FileSystemError)?.message ?? "\(error)"
            throw .error(at: location, "cannot read the data file '\(name)': \(reason)", hint: "the path is relative to \(Path.fileName(of: pagePath))")
        }
        return try Self.shape(DataReader.read(bytes, path: path), settings: settings)
    }

    static func dataPath(_ name: String, relativeTo pagePath: String) -> String {
        name.hasPrefix("/") ? name : Path.join(Path.directory(of: pagePath), name)
    }

    static func shape(_ loaded: LoadedData, settings: PageSettings) throws(Diagnostic) -> DatasetShape {
        switch loaded {
        case .records(let records): return .rows(records)
        case .document(let value, let location):
            return try DatasetShape.of(value, at: location, columns: settings.columns, keyField: settings.key)
        }
    }

    /// `us-states` → `Us states`: a readable default title for a page without one.
    static func titleFromName(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
