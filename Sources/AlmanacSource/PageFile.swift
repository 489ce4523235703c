import AlmanacCore
import AlmanacLoad
import AlmanacModel
import AlmanacTemplate
import AlmanacCommonMark

/// A page file as every command reads it: its bytes, its front matter, its settings checked
/// against the settings table, and the data file it names. The build, `render --page`, `add`
/// and `remove` all read pages through this, so they agree on what a page says.
public struct PageFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public let frontMatter: FrontMatter
    public let settings: PageSettings

    public init(path: String, fileSystem: any FileSystem) throws(Diagnostic) {
        do {
            bytes = try fileSystem.read(path)
        } catch {
            let reason = (error as? FileSystemError)?.message ?? "\(error)"
            throw .error(at: SourceLocation(path: path), "cannot read the page: \(reason)")
        }
        self.path = path
        frontMatter = try FrontMatter.parse(bytes, path: path)
        settings = try PageSettings(frontMatter.settings, locations: frontMatter.keyLocations, file: path)
        try Self.checkSectionTexts(settings, file: path)
    }

    /// The header and footer templates parsed and filled in once, so that a mistake in either
    /// is an error at its key before the page is built.
    public static func checkSectionTexts(_ settings: PageSettings, file: String) throws(Diagnostic) {
        try SectionText.check(["header", "footer"].map { key in
            (key == "header" ? settings.header : settings.footer, settings.keyLocations[key] ?? SourceLocation(path: file))
        })
    }

    /// The page's prose as the model holds it: its Markdown, and the headings whose anchors
    /// section ids avoid. cmark reads it here once; the render stage makes its HTML.
    public var prose: Prose { Self.prose(frontMatter.body) }

    public static func prose(_ markdown: String) -> Prose {
        let outline = MarkdownRenderer().outline(markdown)
        return Prose(markdown: markdown, headings: outline.headings, isEmpty: outline.isEmpty)
    }

    /// The data file the page names, as written and as a path: relative to the page, or
    /// absolute.
    public var data: (name: String, path: String)? {
        settings.data.map { name in (name, name.hasPrefix("/") ? name : Path.join(Path.directory(of: path), name)) }
    }

    /// What the page says that cannot be what its author meant: settings written without the
    /// `---` lines around them are prose, and the page would build empty without a word.
    public var warnings: [Diagnostic] { frontMatter.duplicateKeys + unfencedSettings }

    private var unfencedSettings: [Diagnostic] {
        guard frontMatter.bodyLine == 1, frontMatter.settings.isEmpty,
              let line = frontMatter.body.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              let colon = line.firstIndex(of: ":"), Setting.named(String(line[..<colon]), in: Setting.forPages) != nil,
              line[colon...].dropFirst().first.map({ $0 == " " || $0 == "\r" }) ?? true
        else { return [] }
        return [.warning(
            at: SourceLocation(path: path, line: 1, column: 1),
            "'\(line[..<colon])' is read as prose: the page has no front matter",
            hint: "put a line holding only --- above the settings and another below them")]
    }

    /// Where the page names its data file, for errors about that file.
    public var dataLocation: SourceLocation {
        frontMatter.keyLocations["data"] ?? SourceLocation(path: path)
    }
}
