import AlmanacCore
import AlmanacSource
import AlmanacTestSupport
import Testing

/// A page file as every command reads it.
@Suite struct PageFileTests {
    /// A header that cannot be parsed is reported at its key when the page is read, before
    /// anything is built.
    @Test func aBrokenHeaderIsAnErrorAtItsKey() {
        let fileSystem = MemoryFileSystem(["p.md": "---\ndata: p.csv\ntitle: P\nheader: \"{{#count}}open\"\n---\n"])
        let error = diagnostic { _ = try PageFile(path: "p.md", fileSystem: fileSystem) }
        #expect(error?.location == SourceLocation(path: "p.md", line: 4, column: 1))
        #expect(error?.message.hasPrefix("the template in this setting is not valid") == true)
    }

    /// The data file a page names is found beside the page, or where an absolute path says.
    @Test func theDataFileIsRelativeToThePage() throws {
        let fileSystem = MemoryFileSystem(["site/p.md": "---\ndata: data/p.csv\n---\nProse.\n", "q.md": "---\ndata: /srv/q.csv\n---\n"])
        let page = try PageFile(path: "site/p.md", fileSystem: fileSystem)
        #expect(page.data?.path == "site/data/p.csv")
        #expect(page.dataLocation == SourceLocation(path: "site/p.md", line: 2, column: 1))
        #expect(try PageFile(path: "q.md", fileSystem: fileSystem).data?.path == "/srv/q.csv")
    }

    /// Settings without their `---` lines are prose: the page would build empty, silently.
    @Test(arguments: ["data: p.csv\ntitle: P\n", "title: P\n\nProse.\n", "\u{FEFF}group: none\r\n", "detail:\n"])
    func settingsWithoutFencesAreAWarningAtTheFirstLine(text: String) throws {
        let page = try PageFile(path: "p.md", fileSystem: MemoryFileSystem(["p.md": text]))
        #expect(page.warnings.map(\.location) == [SourceLocation(path: "p.md", line: 1, column: 1)])
        #expect(page.warnings.first?.message.hasSuffix("is read as prose: the page has no front matter") == true)
    }

    @Test(arguments: ["---\ndata: p.csv\n---\n", "Note: a word.\n", "# Birds\ntitle: not first\n", "data:p.csv\n", ""])
    func proseAndFencedSettingsSayNothing(text: String) throws {
        #expect(try PageFile(path: "p.md", fileSystem: MemoryFileSystem(["p.md": text])).warnings.isEmpty)
    }
}
