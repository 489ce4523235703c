import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// The site as every command reads it: its settings (`almanac.yaml`), the boundary its data
/// must keep to, its pages, and which page reads a given data file. `build`, `check`, `serve`,
/// `add` and `remove` all ask this one reader, so they cannot disagree about what the site is.
public struct SiteSource: Sendable {
    public let contentPath: String
    public let fileSystem: any FileSystem
    /// The site's settings, read once.
    public let settings: SiteSettings
    /// What `almanac.yaml` says that would be lost without a word: a setting given twice.
    public private(set) var warnings: [Diagnostic] = []

    /// Reads the site's settings; a site without `almanac.yaml` has the defaults.
    public init(contentPath: String, fileSystem: any FileSystem) throws(Diagnostic) {
        self.contentPath = contentPath
        self.fileSystem = fileSystem
        let path = Path.join(contentPath, SiteSettings.fileName)
        guard fileSystem.exists(path) else {
            settings = SiteSettings()
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(path)
        } catch {
            throw .error(at: SourceLocation(path: path), "cannot read: \(error)")
        }
        let document = try YAMLReader().read(bytes, path: path)
        settings = try SiteSettings(document, path: path)
        warnings = document.duplicateKeys
    }

    /// Where the site's data and static files may come from.
    public var boundary: SiteBoundary {
        SiteBoundary(fileSystem: fileSystem, contentPath: contentPath, allowOutside: settings.allowOutside)
    }

    /// The folders whose changes change the site: the content folder and every folder named
    /// by `allow_outside`.
    public var folders: [String] {
        [contentPath] + settings.allowOutside.map { $0.hasPrefix("/") ? $0 : Path.join(contentPath, $0) }
    }

    /// Content pages are the `.md` files at the top of the content folder, in code-point order;
    /// each gets a safe, unique output name (`index.md` is the home page).
    public func pages() throws(Diagnostic) -> [PageSource.Location] {
        try Self.pages(in: contentPath, fileSystem: fileSystem)
    }

    /// The pages of the content folder at `contentPath`, before its settings are read.
    public static func pages(in contentPath: String, fileSystem: any FileSystem) throws(Diagnostic) -> [PageSource.Location] {
        guard fileSystem.isDirectory(contentPath) else {
            throw .error(at: nil, "no content folder at \(contentPath)", hint: "run almanac in a site folder, or pass --content DIR")
        }
        let names: [String]
        do {
            names = try fileSystem.contents(ofDirectory: contentPath)
        } catch {
            throw .error(at: nil, "cannot list \(contentPath)")
        }
        var allocator = SlugAllocator(reserved: Set(Self.reservedNames.keys))
        var sources: [PageSource.Location] = []
        for name in names where Path.fileExtension(of: name) == "md" && !name.hasPrefix(".") {
            let path = Path.join(contentPath, name)
            guard !fileSystem.isDirectory(path) else { continue }
            let stem = Path.removingExtension(name)
            let outputName = stem == "index" ? "index" : allocator.allocate(stem, fallback: "page")
            sources.append(PageSource.Location(path: path, name: outputName))
        }
        return sources
    }

    /// Every page's own settings problems, read without the site's settings: what a build
    /// that `almanac.yaml`'s problems stop reports beside them, so that one run shows every
    /// settings mistake rather than one file's a run.
    public static func pageSettingsProblems(in contentPath: String, fileSystem: any FileSystem) -> [Diagnostic] {
        guard let pages = try? pages(in: contentPath, fileSystem: fileSystem) else { return [] }
        return pages.flatMap { location -> [Diagnostic] in
            do throws(Diagnostic) {
                _ = try PageFile(path: location.path, fileSystem: fileSystem)
                return []
            } catch {
                return [error]
            }
        }
    }

    /// A warning for each page written under another name than its file's, because the name
    /// is reserved or another page's file makes the same one (`assets.md`, `My Page.md` beside
    /// `my-page.md`): its address is not the one its author would guess.
    public static func renamedPages(_ pages: [PageSource.Location]) -> [Diagnostic] {
        var first: [String: String] = [:]
        for page in pages { first[page.name] = first[page.name] ?? page.path }
        return pages.compactMap { page in
            let stem = Path.removingExtension(Path.fileName(of: page.path))
            let wanted = stem == "index" ? "index" : Slug.make(stem, fallback: "page")
            guard page.name != wanted else { return nil }
            let reason = reservedNames[wanted].map { "'\(wanted)' is \($0)" }
                ?? first[wanted].map { "\(Path.fileName(of: $0)) is written as \(wanted).html" }
                ?? "'\(wanted)' is taken"
            return .warning(
                at: SourceLocation(path: page.path), "this page is written as \(page.name).html, not \(wanted).html: \(reason)",
                hint: "rename the file so that every page has an address of its own")
        }
    }

    /// Output names no page may take, with what they are for.
    static let reservedNames = ["index": "the home page", "assets": "the folder of the site's styles and scripts"]

    /// The site's page whose `data:` names the file at `dataPath` (links followed), read as
    /// the build reads it; nil when no page does. A page that cannot be read names nothing.
    public func page(reading dataPath: String) -> PageFile? {
        guard let pages = try? pages() else { return nil }
        let target = fileSystem.resolved(dataPath)
        for location in pages {
            guard let page = try? PageFile(path: location.path, fileSystem: fileSystem),
                  let data = page.data, fileSystem.resolved(data.path) == target else { continue }
            return page
        }
        return nil
    }

    /// Whether the file at `path` is one of the site's pages.
    public func isPage(_ path: String) -> Bool {
        let target = fileSystem.resolved(path)
        return (try? pages())?.contains { fileSystem.resolved($0.path) == target } ?? false
    }

    /// Why the build would refuse the data file a page names, as a warning at the page's
    /// `data:`; nil when the build reads it.
    public func boundaryProblem(of page: PageFile) -> Diagnostic? {
        guard let data = page.data, !boundary.isReadable(data.path) else { return nil }
        return .warning(
            at: page.dataLocation, "the data file '\(data.name)' is outside the site, so \(Path.fileName(of: page.path)) will not build with it",
            hint: SiteBoundary.outsideHint)
    }

    /// Every file below `root`, as paths relative to it, in code-point order; hidden files
    /// are not the site's.
    public static func listFiles(_ fileSystem: any FileSystem, _ root: String, prefix: String = "") throws -> [String] {
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
}
