import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacRender
import AlmanacCommonMark

/// A page file as every command reads it: its bytes, its front matter, its settings checked
/// against the settings table, and the data file it names. The build, `render --page`, `add`
/// and `remove` all read pages through this, so they agree on what a page says.
struct PageFile: Sendable {
    let path: String
    let bytes: [UInt8]
    let frontMatter: FrontMatter
    let settings: PageSettings

    init(path: String, fileSystem: any FileSystem) throws(Diagnostic) {
        do {
            bytes = try fileSystem.read(path)
        } catch {
            let reason = (error as? FileSystemError)?.message ?? "\(error)"
            throw .error(at: SourceLocation(path: path), "cannot read the page: \(reason)")
        }
        self.path = path
        frontMatter = try FrontMatter.parse(bytes, path: path)
        settings = try PageSettings(frontMatter.settings, locations: frontMatter.keyLocations, file: path)
        try SectionText.check(settings, file: path)
    }

    /// The page's prose as the model holds it: its Markdown, and the headings whose anchors
    /// section ids avoid. cmark reads it here once; the render stage makes its HTML.
    var prose: Prose { Self.prose(frontMatter.body) }

    static func prose(_ markdown: String) -> Prose {
        let outline = MarkdownRenderer().outline(markdown)
        return Prose(markdown: markdown, headings: outline.headings, isEmpty: outline.isEmpty)
    }

    /// The data file the page names, as written and as a path: relative to the page, or
    /// absolute.
    var data: (name: String, path: String)? {
        settings.data.map { name in (name, name.hasPrefix("/") ? name : Path.join(Path.directory(of: path), name)) }
    }

    /// Where the page names its data file, for errors about that file.
    var dataLocation: SourceLocation {
        frontMatter.keyLocations["data"] ?? SourceLocation(path: path)
    }
}
